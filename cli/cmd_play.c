/*
 * cmd_play.c - coinline play: a person against the engine, or two people
 * at one keyboard. The rows come from --row, a file or --random. On a
 * terminal the game is full-screen (play_tty.c); otherwise a line mode
 * reads commands (blanks or lines between them) and prints plain lines,
 * so games can be scripted. The game itself (moves, losses, summary) is
 * play_game.c.
 *
 * The lines of the line mode, a stable format (tests/cli/t0009-play.sh
 * checks every one; NAME is "you", the engine's strategy, or "player 1"
 * and "player 2"; "NAME takes", but "you take"):
 *
 *   game 1: 5 coins; you move first, optimal second
 *   game 2: 3 coins (rows.txt, game 2); ...        a row from FILE
 *   ...; optimal second; seed 42                   when the seed matters
 *   your move: 1 3 5 2 9  (l: 1, r: 9)             player 1 to move: ...
 *   your move: 3 1 ... (20 more) ... 5  (l: 3, r: 5)   over 30 coins
 *   move 1: you take 9 (right); you 9, optimal 0
 *   hint: take the right coin (9): with best play from here you end
 *         with 14 against 6                        (one line)
 *   hint: take either coin (left 3, right 2): ...  / the last coin (2)
 *   undo: 2 moves taken back                       / nothing to undo
 *   the game is over: new, undo or quit            / new or quit
 *   exec:bot forfeits: VERDICT
 *   commands: l (take the left coin), r (the right), hint, undo, new,
 *             quit, help                           (one line)
 *
 * and the summary when a game ends, is left by new or quit, or the input
 * ends (play_game_summary()):
 *
 *   game 1: you 6, optimal 14: optimal wins by 8.  / a draw.
 *   game 1, stopped after move 2 of 5: you 9, optimal 1 so far.
 *   game 1: you 1, bot 0: you win, bot forfeits at move 2 (VERDICT).
 *   with best play from the start: you 14, optimal 6
 *   you: 1 move lost points, 8 points in all       / every move optimal
 *     move 1: took 1 (left), best was 9 (right): lost 8 points
 *     and 3 more                                   after 20 listed
 *   optimal: every move optimal                    / no move played
 *
 * Errors go to standard error: "coinline: <stdin>:LINE:COLUMN: unknown
 * command 'x' (...)" (the game goes on, exit 1), "coinline: <stdin>: the
 * input ended during game 1, after move 2 of 5" (exit 1).
 */
#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "play.h"
#include "record.h"

const char cmd_play_help[] =
    "usage: coinline play [options] [FILE]\n"
    "\n"
    "Play the game: you against the engine, or two people at one keyboard.\n"
    "The row is the first game of FILE (the classic format; 'new' moves to\n"
    "the next, after the last to the first again), the --row, or a random\n"
    "row. On a terminal the game is full-screen: the arrows or l and r take\n"
    "a coin, h hints, u undoes, n starts a new game, q quits. Otherwise (or\n"
    "with --line) it reads commands from standard input, separated by\n"
    "blanks or lines ('#' starts a comment): l (take the left coin), r (the\n"
    "right), hint, undo (take back your last move and the reply), new, quit,\n"
    "help.\n"
    "\n"
    "Options:\n"
    "  -r, --row=VALUES      play this row, e.g. -r '1 3 5 2 9'\n"
    "  -n, --random=N        a random row of N coins (the default: 10)\n"
    "      --min=A           smallest random coin (default 1)\n"
    "      --max=B           largest random coin (default 20)\n"
    "  -s, --seed=S          seed of the random rows and of the engine's\n"
    "                        random moves (default: from the clock; shown)\n"
    "  -e, --engine=STRATEGY the engine's strategy (default optimal): see\n"
    "                        coinline duel --help, exec:COMMAND included\n"
    "  -d, --level=LEVEL     the engine's difficulty: easy (fallible:0.5),\n"
    "                        medium (fallible:0.25), hard (fallible:0.1) or\n"
    "                        perfect (optimal)\n"
    "  -f, --first=WHO       who moves first: me (default) or engine\n"
    "  -2, --two-players     two people take turns; no engine\n"
    "      --line            the line mode, even on a terminal\n"
    "      --no-color        no colours (also when NO_COLOR is set)\n"
    "  -j, --json            at the end of each game, its summary as one\n"
    "                        JSON object on standard output (the moves are\n"
    "                        then shown on standard error)\n"
    "  -o, --save=FILE       save every game as a game record\n"
    "                        (docs/record.md), for coinline analyze\n"
    "      --move-time=MS    a bot engine's time for a move (default 2000)\n"
    "  -h, --help            show this help\n"
    "      --version         show the version\n"
    "\n"
    "At the end: both totals, the winner, and each move that lost points,\n"
    "with the best move and the points it cost (the fall of the mover's\n"
    "best final total). Exit status: 0 ok, 1 bad input or failure, 2 usage\n"
    "error.\n";

/* The name of seat s: "you" against the engine, "player N" for two. */
static const char *seat_name(const play_session_t *S, int s)
{
    static const char *const players[2] = {"player 1", "player 2"};
    if (S->two_players)
        return players[s];
    return s == (S->engine_first ? 1 : 0) ? "you" : S->engine;
}

/* The next row of the file; after its last game, the first again. */
static int file_row(play_session_t *S, int64_t **a, size_t *n)
{
    for (int pass = 0; pass < 2; pass++) {
        const int rc = coinline_reader_read_game(S->reader, a, n);
        if (rc == 1) {
            S->file_games++;
            S->file_game = coinline_reader_game_index(S->reader);
            return CLI_OK;
        }
        if (rc < 0) {
            cli_report_reader_error(S->reader, rc);
            return CLI_FAIL;
        }
        if (S->file_games == 0 || S->fp == stdin) {
            cli_error("%s: no game in the file", S->path);
            return CLI_FAIL;
        }
        coinline_reader_free(S->reader);
        S->reader = NULL;
        rewind(S->fp);
        if (coinline_reader_from_file(S->fp, S->path, &S->reader) != 0) {
            cli_error("%s", coinline_strerror(COINLINE_ENOMEM));
            return CLI_FAIL;
        }
    }
    return CLI_FAIL;
}

/* A new random row: the next game that coinline gen would write with
 * the same options and seed. */
static int random_row(play_session_t *S, int64_t **a, size_t *n)
{
    const uint64_t span = (uint64_t)S->max - (uint64_t)S->min;
    *n = (size_t)S->coins;
    *a = malloc((*n + 1) * sizeof **a);
    if (*a == NULL) {
        cli_error("%s", coinline_strerror(COINLINE_ENOMEM));
        return CLI_FAIL;
    }
    for (size_t i = 0; i < *n; i++)
        (*a)[i] = (int64_t)((uint64_t)S->min + cli_uniform(&S->rng, span));
    return CLI_OK;
}

/* The row of the next game, into *a (malloc'ed) and *n. */
static int next_row(play_session_t *S, int64_t **a, size_t *n)
{
    *a = NULL;
    if (S->source == PLAY_FILE)
        return file_row(S, a, n);
    if (S->source == PLAY_RANDOM)
        return random_row(S, a, n);
    *n = S->row_n;
    *a = malloc((*n + 1) * sizeof **a);
    if (*a == NULL) {
        cli_error("%s", coinline_strerror(COINLINE_ENOMEM));
        return CLI_FAIL;
    }
    if (*n > 0)
        memcpy(*a, S->row, *n * sizeof **a);
    return CLI_OK;
}

/* Writes the game out: JSON and record. */
static void write_game(play_session_t *S)
{
    if (S->json) {
        play_game_json(&S->game, S->json_out);
        fflush(S->json_out);
    }
    if (S->save != NULL) {
        play_game_record(&S->game, S->save);
        fflush(S->save); /* kept if the process is killed later */
    }
    free(S->reported);
    S->reported = strdup(S->game.moves);
}

void play_report_game(play_session_t *S)
{
    if (S->in_game && play_game_over(&S->game) &&
        (S->reported == NULL || strcmp(S->reported, S->game.moves) != 0))
        write_game(S);
}

void play_leave_game(play_session_t *S)
{
    if (!S->in_game)
        return;
    if (S->reported == NULL || strcmp(S->reported, S->game.moves) != 0)
        write_game(S);
    free(S->reported);
    S->reported = NULL;
    fflush(stdout);
    play_game_free(&S->game);
    S->in_game = 0;
}

int play_next_game(play_session_t *S)
{
    int64_t *a;
    size_t n;
    const uint64_t number = S->game.number + 1;
    play_leave_game(S);
    if (next_row(S, &a, &n) != CLI_OK)
        return CLI_FAIL;
    memset(&S->game, 0, sizeof S->game);
    S->game.number = number;
    for (int s = 0; s < 2; s++) {
        S->game.person[s] = S->two_players || s == (S->engine_first ? 1 : 0);
        S->game.name[s] = seat_name(S, s);
    }
    S->game.bot = S->two_players ? NULL : S->bot;
    S->game.seed = S->seed ^ number;
    const int rc = play_game_start(&S->game, a, n);
    if (rc != COINLINE_OK) {
        cli_error("%s", coinline_strerror(rc));
        return CLI_FAIL;
    }
    S->in_game = 1;
    return CLI_OK;
}

/* ---- the line mode ---------------------------------------------------- */

/* The coins left, the middle elided when there are many. */
static void put_row(const play_game_t *g, const coinline_engine_state_t *st,
                    FILE *fp)
{
    const uint64_t left = st->hi - st->lo, shown = 10;
    for (uint64_t i = st->lo; i < st->hi; i++) {
        if (left > 3 * shown && i == st->lo + shown) {
            fprintf(fp, " ... (%llu more) ...",
                    (unsigned long long)(left - 2 * shown));
            i = st->hi - shown - 1;
            continue;
        }
        fprintf(fp, "%s%lld", i == st->lo ? "" : " ", (long long)g->coins[i]);
    }
}

/* "you 6, optimal 9": both totals so far. */
static void put_totals(const play_game_t *g, const coinline_engine_state_t *st,
                       FILE *fp)
{
    char b1[COINLINE_I128_STRLEN], b2[COINLINE_I128_STRLEN];
    fprintf(fp, "%s %s, %s %s", g->name[0],
            cli_wide_str(cl_to_wide(st->p1), b1), g->name[1],
            cli_wide_str(cl_to_wide(st->p2), b2));
}

/* "move 3: you take 5 (left); you 6, optimal 9" for the last move. */
static void put_move(const play_game_t *g, FILE *fp)
{
    const coinline_engine_state_t st = play_game_state((play_game_t *)g);
    const size_t k = g->nmoves - 1;
    const char *who = g->name[play_game_mover(k)];
    fprintf(fp, "move %zu: %s take%s %lld (%s); ", k + 1, who,
            strcmp(who, "you") == 0 ? "" : "s", (long long)g->taken[k],
            g->moves[k] == 'L' ? "left" : "right");
    put_totals(g, &st, fp);
    fputc('\n', fp);
}

int play_seed_matters(const play_session_t *S)
{
    static const char *const fixed[] = {"optimal", "greedy", "parity"};
    if (S->source == PLAY_RANDOM)
        return 1;
    if (S->two_players || strncmp(S->engine, "exec:", 5) == 0)
        return 0; /* a bot program is not given the seed */
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
        if (strcmp(S->engine, fixed[i]) == 0)
            return 0;
    return 1;
}

/* "game 2: 5 coins (rows.txt, game 2); you move first, optimal second;
 * seed 42": the seed when it matters, so that the game can be replayed. */
static void announce(const play_session_t *S)
{
    const play_game_t *g = &S->game;
    fprintf(S->out, "game %llu: %zu coin%s", (unsigned long long)g->number,
            g->n, g->n == 1 ? "" : "s");
    if (S->source == PLAY_FILE)
        fprintf(S->out, " (%s, game %llu)", S->path,
                (unsigned long long)S->file_game);
    fprintf(S->out, "; %s move%s first, %s second", g->name[0],
            strcmp(g->name[0], "you") == 0 ? "" : "s", g->name[1]);
    if (play_seed_matters(S))
        fprintf(S->out, "; seed %llu", (unsigned long long)S->seed);
    fputs("\n", S->out);
}

/* Lets the engine move while it is its turn, then prompts the person or
 * prints the end summary. Returns 0, or -1 if the engine failed (said on
 * standard error: the session stops). */
static int advance(play_session_t *S)
{
    play_game_t *g = &S->game;
    int rc;
    while ((rc = play_game_engine_turn(g)) == 1)
        put_move(g, S->out);
    if (rc == CLI_EFORFEIT) {
        fprintf(S->out, "%s forfeits: %s\n",
                g->name[play_game_mover(g->nmoves)], g->forfeit);
    } else if (rc < 0) {
        cli_error("the engine failed: %s", coinline_strerror(rc));
        return -1;
    }
    if (play_game_over(g)) {
        play_game_summary(g, S->out);
        play_report_game(S);
        return 0;
    }
    const coinline_engine_state_t st = play_game_state(g);
    const char *who = g->name[st.to_move - 1];
    fprintf(S->out, "%s%s: ", strcmp(who, "you") == 0 ? "your" : who,
            strcmp(who, "you") == 0 ? " move" : " to move");
    put_row(g, &st, S->out);
    fprintf(S->out, "  (l: %lld, r: %lld)\n", (long long)g->coins[st.lo],
            (long long)g->coins[st.hi - 1]);
    return 0;
}

enum command { C_NONE, C_LEFT, C_RIGHT, C_HINT, C_UNDO, C_NEW, C_QUIT, C_HELP };

/* The command a word names (lower case), or C_NONE. */
static enum command parse_command(const char *word)
{
    static const struct {
        const char *name;
        enum command c;
    } words[] = {{"l", C_LEFT},      {"left", C_LEFT}, {"r", C_RIGHT},
                 {"right", C_RIGHT}, {"h", C_HINT},    {"hint", C_HINT},
                 {"u", C_UNDO},      {"undo", C_UNDO}, {"n", C_NEW},
                 {"new", C_NEW},     {"q", C_QUIT},    {"quit", C_QUIT},
                 {"?", C_HELP},      {"help", C_HELP}};
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (strcmp(word, words[i].name) == 0)
            return words[i].c;
    return C_NONE;
}

/* Runs one command; returns 1 to stop the session, -1 on a failure. */
static int run_command(play_session_t *S, enum command c)
{
    play_game_t *g = &S->game;
    char buf[256];
    if ((c == C_LEFT || c == C_RIGHT || c == C_HINT) && play_game_over(g)) {
        fprintf(S->out, "the game is over: %s\n",
                play_game_undo_refused(g) == NULL ? "new, undo or quit"
                                                  : "new or quit");
        return 0;
    }
    switch (c) {
    case C_LEFT:
    case C_RIGHT:
        play_game_take(g, c == C_LEFT ? COINLINE_LEFT : COINLINE_RIGHT);
        put_move(g, S->out);
        return advance(S);
    case C_HINT:
        play_game_hint(g, buf, sizeof buf);
        fprintf(S->out, "hint: %s\n", buf);
        return 0;
    case C_UNDO: {
        const char *why = play_game_undo_refused(g);
        if (why != NULL) {
            fprintf(S->out, "undo: %s\n", why);
            return 0;
        }
        const size_t k = play_game_undo(g);
        fprintf(S->out, "undo: %zu move%s taken back\n", k, k == 1 ? "" : "s");
        return advance(S);
    }
    case C_NEW:
        if (!play_game_over(g))
            play_game_summary(g, S->out); /* what is left behind */
        if (play_next_game(S) != CLI_OK)
            return -1;
        announce(S);
        return advance(S);
    case C_QUIT: return 1;
    default:
        fputs("commands: l (take the left coin), r (the right), hint, undo, "
              "new, quit, help\n",
              S->out);
        return 0;
    }
}

/* One line of input: command words separated by blanks, in any case;
 * '#' starts a comment. Returns 1 to stop the session, -1 on a failure,
 * else 0. An unknown word is reported and skipped. */
static int read_commands(play_session_t *S, char *line, uint64_t lineno)
{
    char *w = line;
    for (;;) {
        while (isspace((unsigned char)*w))
            w++;
        if (*w == '\0' || *w == '#')
            return 0;
        const size_t col = (size_t)(w - line) + 1;
        char *end = w;
        for (; *end != '\0' && *end != '#' && !isspace((unsigned char)*end);
             end++)
            *end = (char)tolower((unsigned char)*end);
        const char next = *end;
        *end = '\0';
        const enum command c = parse_command(w);
        if (c == C_NONE) {
            cli_error("<stdin>:%llu:%zu: unknown command '%.40s' (l, r, "
                      "hint, undo, new, quit, help)",
                      (unsigned long long)lineno, col, w);
            S->status = CLI_FAIL;
        } else {
            const int rc = run_command(S, c);
            if (rc != 0)
                return rc;
        }
        if (next == '\0' || next == '#')
            return 0;
        w = end + 1;
    }
}

/* The line mode: the first game, then the commands of standard input
 * until quit or its end (mid-game: said, exit 1), or a quitting signal
 * (the game is left as quit leaves it; the caller then dies of it).
 * Returns the status. */
static int line_session(play_session_t *S)
{
    char *line = NULL;
    size_t cap = 0;
    uint64_t lineno = 0;
    int stop = 0;
    if (play_next_game(S) != CLI_OK)
        return CLI_FAIL;
    announce(S);
    if (advance(S) != 0)
        stop = -1;
    play_catch_quit(1);
    for (;;) {
        fflush(S->out); /* a program playing through pipes sees the prompt */
        if (ferror(S->out) || ferror(stdout))
            stop = -1; /* the output is gone: said when the session ends */
        if (stop != 0 || play_quit_signal() != 0 ||
            getline(&line, &cap, stdin) == -1)
            break;
        stop = read_commands(S, line, ++lineno);
    }
    play_catch_quit(0);
    free(line);
    if (stop == 0 && play_quit_signal() == 0 && S->in_game &&
        !play_game_over(&S->game)) {
        cli_error("<stdin>: the input ended during game %llu, after move %zu "
                  "of %zu",
                  (unsigned long long)S->game.number, S->game.nmoves,
                  S->game.n);
        S->status = CLI_FAIL;
    }
    if (S->in_game && !play_game_over(&S->game))
        play_game_summary(&S->game, S->out);
    play_leave_game(S);
    return stop < 0 ? CLI_FAIL : S->status;
}

/* ---- options ---------------------------------------------------------- */

enum {
    OPT_MIN = 256,
    OPT_MAX,
    OPT_LINE,
    OPT_NO_COLOR,
    OPT_MOVE_TIME,
    OPT_VERSION
};

static const struct option play_options[] = {
    {"row", required_argument, NULL, 'r'},
    {"random", required_argument, NULL, 'n'},
    {"min", required_argument, NULL, OPT_MIN},
    {"max", required_argument, NULL, OPT_MAX},
    {"seed", required_argument, NULL, 's'},
    {"engine", required_argument, NULL, 'e'},
    {"level", required_argument, NULL, 'd'},
    {"first", required_argument, NULL, 'f'},
    {"two-players", no_argument, NULL, '2'},
    {"line", no_argument, NULL, OPT_LINE},
    {"no-color", no_argument, NULL, OPT_NO_COLOR},
    {"json", no_argument, NULL, 'j'},
    {"save", required_argument, NULL, 'o'},
    {"move-time", required_argument, NULL, OPT_MOVE_TIME},
    {"help", no_argument, NULL, 'h'},
    {"version", no_argument, NULL, OPT_VERSION},
    {NULL, 0, NULL, 0},
};

/* --row: the row is parsed at once, so that a bad one is refused before
 * anything is played (bad input: exit 1, as in solve). */
static int set_row(play_session_t *S, const char *text)
{
    size_t off = 0;
    free(S->row);
    S->row = NULL;
    S->row_text = text;
    S->source = PLAY_ROW;
    const int rc = coinline_parse_row(text, &S->row, &S->row_n, &off);
    if (rc != COINLINE_OK) {
        cli_report_row_error("--row", text, off, rc);
        return CLI_FAIL;
    }
    return -1;
}

/* --engine: a strategy (or a bot) by name. */
static int set_engine(play_session_t *S, const char *opt, const char *spec)
{
    if (!cli_player_valid(spec))
        return cli_usage_error("play",
                               "%s: unknown strategy '%s' (optimal, greedy, "
                               "parity, random, fallible:P or exec:COMMAND)",
                               opt, spec);
    S->engine = spec;
    return -1;
}

/* --level: a name for a fallible engine. */
static int set_level(play_session_t *S, const char *level)
{
    static const char *const levels[][2] = {{"easy", "fallible:0.5"},
                                            {"medium", "fallible:0.25"},
                                            {"hard", "fallible:0.1"},
                                            {"perfect", "optimal"}};
    for (size_t i = 0; i < sizeof levels / sizeof levels[0]; i++)
        if (strcmp(level, levels[i][0]) == 0) {
            S->engine = levels[i][1];
            return -1;
        }
    return cli_usage_error("play",
                           "--level: unknown level '%s' (easy, medium, hard "
                           "or perfect)",
                           level);
}

/* --first: me (or you) or engine. */
static int set_first(play_session_t *S, const char *who)
{
    if (strcmp(who, "me") == 0 || strcmp(who, "you") == 0)
        S->engine_first = 0;
    else if (strcmp(who, "engine") == 0)
        S->engine_first = 1;
    else
        return cli_usage_error("play", "--first: 'me' or 'engine', not '%s'",
                               who);
    return -1;
}

/* One option; returns -1 to go on, or an exit status. */
static int play_option(play_session_t *S, int c, int *sources, char **argv)
{
    switch (c) {
    case 'r': ++*sources; return set_row(S, optarg);
    case 'n':
        S->source = PLAY_RANDOM, ++*sources;
        return cli_parse_number("play", "--random", optarg, 0, 10000000,
                                &S->coins);
    case OPT_MIN:
        return cli_parse_number("play", "--min", optarg, INT64_MIN, INT64_MAX,
                                &S->min);
    case OPT_MAX:
        return cli_parse_number("play", "--max", optarg, INT64_MIN, INT64_MAX,
                                &S->max);
    case 's':
        S->seed_given = 1;
        return cli_parse_seed("play", optarg, &S->seed);
    case 'e': return set_engine(S, "--engine", optarg);
    case 'd': return set_level(S, optarg);
    case 'f': return set_first(S, optarg);
    case '2': S->two_players = 1; break;
    case OPT_LINE: S->line_mode = 1; break;
    case OPT_NO_COLOR: S->color = 0; break;
    case 'j': S->json = 1; break;
    case 'o': S->save_path = optarg; break;
    case OPT_MOVE_TIME:
        return cli_parse_number("play", "--move-time", optarg, 1, 3600000,
                                &S->move_ms);
    case 'h': return cli_finish_output(cli_print_help("play"));
    case OPT_VERSION: return cli_finish_output(cli_print_version());
    default: return cli_bad_option("play", c, argv);
    }
    return -1;
}

/* All the options and FILE, and the checks between them. Returns -1 to
 * go on, or an exit status. */
static int parse_options(play_session_t *S, int argc, char **argv)
{
    int c, st = -1, sources = 0;
    opterr = 0;
    while (st < 0 && (c = getopt_long(argc, argv, ":r:n:s:e:d:f:2jo:h",
                                      play_options, NULL)) != -1)
        st = play_option(S, c, &sources, argv);
    if (st >= 0)
        return st;
    if (optind < argc) {
        S->path = argv[optind];
        S->source = PLAY_FILE;
        sources++;
    }
    if (optind + 1 < argc)
        return cli_usage_error("play", "one FILE at most, not '%s' too",
                               argv[optind + 1]);
    if (sources > 1)
        return cli_usage_error("play", "give one row: --row, --random or a "
                                       "FILE");
    if (S->source == PLAY_RANDOM && S->min > S->max)
        return cli_usage_error("play",
                               "--min (%lld) is larger than --max "
                               "(%lld)",
                               (long long)S->min, (long long)S->max);
    if (S->path != NULL && strcmp(S->path, "-") == 0)
        return cli_usage_error("play", "the row cannot come from standard "
                                       "input, which carries the moves: "
                                       "name a file");
    return -1;
}

/* Opens the FILE, the --save file and the engine's player. */
static int open_session(play_session_t *S)
{
    if (S->path != NULL) {
        S->fp = fopen(S->path, "r");
        if (S->fp == NULL) {
            cli_error("%s: cannot open: %s", S->path, strerror(errno));
            return CLI_FAIL;
        }
        if (coinline_reader_from_file(S->fp, S->path, &S->reader) != 0)
            return CLI_FAIL;
    }
    if (S->save_path != NULL) {
        S->save = fopen(S->save_path, "w");
        if (S->save == NULL) {
            cli_error("%s: cannot write: %s", S->save_path, strerror(errno));
            return CLI_FAIL;
        }
        cli_record_header(S->save, "play");
    }
    if (!S->two_players &&
        cli_player_new(S->engine, S->seed, S->move_ms, &S->bot) != 0) {
        cli_error("%s", coinline_strerror(COINLINE_ENOMEM));
        return CLI_FAIL;
    }
    return CLI_OK;
}

/* Leaves the last game, releases the session; the status, CLI_FAIL if
 * the game records could not be written. */
static int close_session(play_session_t *S, int st)
{
    play_leave_game(S);
    free(S->row);
    cli_player_free(S->bot);
    coinline_reader_free(S->reader);
    if (S->fp != NULL)
        fclose(S->fp);
    if (S->save != NULL && (ferror(S->save) | fclose(S->save)) != 0) {
        cli_error("%s: cannot write: %s", S->save_path, strerror(errno));
        st = CLI_FAIL;
    }
    return cli_finish_output(st);
}

/* coinline play: the options, then the line mode or the screen. */
int cmd_play(int argc, char **argv)
{
    play_session_t S;
    memset(&S, 0, sizeof S);
    S.source = PLAY_RANDOM;
    S.coins = 10;
    S.min = 1;
    S.max = 20;
    S.engine = "optimal";
    S.move_ms = CLI_BOT_MOVE_MS;
    S.color = getenv("NO_COLOR") == NULL || *getenv("NO_COLOR") == '\0';
    int st = parse_options(&S, argc, argv);
    if (st >= 0) {
        free(S.row);
        return st;
    }
    if (!S.seed_given)
        S.seed = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32);
    S.rng = S.seed;
    /* With --json, standard output may be a file: the screen is then
     * standard error. */
    S.screen_fd =
        S.json && !isatty(STDOUT_FILENO) ? STDERR_FILENO : STDOUT_FILENO;
    S.line_mode =
        S.line_mode || !isatty(STDIN_FILENO) || !isatty(S.screen_fd) ||
        (getenv("TERM") != NULL && strcmp(getenv("TERM"), "dumb") == 0);
    S.out = S.json && S.line_mode ? stderr : stdout;
    S.json_out = stdout;
    st = open_session(&S);
    if (st == CLI_OK)
        st = S.line_mode ? line_session(&S) : play_tty(&S);
    st = close_session(&S, st);
    play_tty_reraise();
    return st;
}
