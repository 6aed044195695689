/* SPDX-License-Identifier: MIT */
/*
 * play.c - coinline play: a person against the engine, or two people
 * at one keyboard. The rows come from --row, a file or --random. On a
 * terminal the game is full-screen (play/tty.c); otherwise a line mode
 * reads commands (blanks or lines between them) and prints plain lines,
 * so games can be scripted (play/line.c). The session is play/session.c,
 * the game itself (moves, losses, summary) play/game.c.
 */
#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "msg.h"
#include "opt.h"
#include "play/line.h"
#include "play/rows_game.h"
#include "play/session.h"
#include "play/tty.h"
#include "player.h"
#include "rules.h"
#include "usage.h"

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
    "With --circle the coins lie on a circle, at positions 1 to N clockwise.\n"
    "The first move takes any coin: in the line mode name its position (a\n"
    "number); on the screen the arrows or l and r go round the circle and\n"
    "Enter or space takes the coin marked (or type its number). Each move\n"
    "after it takes an end of the line left, l or r as on a row (in the\n"
    "line mode the position of an end coin works too); undo can take back\n"
    "the first move, back to the whole circle.\n"
    "\n"
    "Several rows (--row '1 3 5 / 2 9', or 'rows K' games of FILE): a\n"
    "line a row, numbered from 1; a move is a row then an end, 2R (on the\n"
    "screen the up and down arrows or a row's number choose the row, the\n"
    "left and right keys take its ends). They take neither --circle,\n"
    "--score remaining, --save nor an engine other than optimal, random\n"
    "or fallible:P.\n"
    "\n"
    "With --score remaining a move scores the sum of the coins left after\n"
    "it (LeetCode 1690); the totals are those scores, a hint says how the\n"
    "player to move ends with best play as a margin ('you end 6 ahead'),\n"
    "and a move's loss is in points of the final margin.\n"
    "\n"
    "Options:\n"
    "  -r, --row=VALUES      play this row, e.g. -r '1 3 5 2 9'\n"
    "  -n, --coins=N         a random row of N coins (the default: 10; the\n"
    "                        old name, --random=N, works too)\n"
    "      --min=A           smallest random coin (default 1)\n"
    "      --max=B           largest random coin (default 20)\n"
    "  -c, --circle          the coins lie on a circle (the pizza game): the\n"
    "                        first player takes any coin, then the ends of\n"
    "                        the line left\n"
    "      --score=NAME      what a move scores: taken (the coin it takes,\n"
    "                        the default) or remaining (the sum of the coins\n"
    "                        left after it: LeetCode 1690, Stone Game VII)\n"
    "  -s, --seed=S          seed of the random rows and of the engine's\n"
    "                        random moves (default: from the clock; shown)\n"
    "  -e, --engine=STRATEGY the engine's strategy (default optimal): see\n"
    "                        coinline duel --help, exec:COMMAND included\n"
    "  -d, --level=LEVEL     the engine's difficulty: easy (fallible:0.5),\n"
    "                        medium (fallible:0.25), hard (fallible:0.1) or\n"
    "                        perfect (optimal); the game calls the engine\n"
    "                        so: 'easy (fallible:0.5)'; the hint then adds\n"
    "                        the best reply to it (up to 2000 coins left)\n"
    "  -f, --first=WHO       who moves first: me (default) or engine\n"
    "  -2, --two-players     two people take turns; no engine\n"
    "      --line            the line mode, even on a terminal\n"
    "      --no-color        no colours (also when NO_COLOR is set)\n"
    "  -j, --json            at the end of each game, its summary as one\n"
    "                        JSON object on standard output (the moves are\n"
    "                        then shown on standard error)\n"
    "  -w, --save=FILE       save every game as a game record\n"
    "                        (docs/record.md), for coinline analyze\n"
    "      --move-time=MS    a bot engine's time for a move (default 2000)\n"
    "  -h, --help            show this help\n"
    "      --version         show the version\n"
    "\n"
    "At the end: both totals, the winner, and each move that lost points,\n"
    "with the best move and the points it cost (the fall of the mover's\n"
    "best final total). Exit status: 0 ok, 1 bad input or failure, 2 usage\n"
    "error.\n";

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
    {"coins", required_argument, NULL, 'n'},
    {"random", required_argument, NULL, 'n'},
    {"min", required_argument, NULL, OPT_MIN},
    {"max", required_argument, NULL, OPT_MAX},
    CLI_RULES_LONG_OPTIONS,
    {"seed", required_argument, NULL, 's'},
    {"engine", required_argument, NULL, 'e'},
    {"level", required_argument, NULL, 'd'},
    {"first", required_argument, NULL, 'f'},
    {"two-players", no_argument, NULL, '2'},
    {"line", no_argument, NULL, OPT_LINE},
    {"no-color", no_argument, NULL, OPT_NO_COLOR},
    {"json", no_argument, NULL, 'j'},
    {"save", required_argument, NULL, 'w'},
    {"move-time", required_argument, NULL, OPT_MOVE_TIME},
    {"help", no_argument, NULL, 'h'},
    {"version", no_argument, NULL, OPT_VERSION},
    {NULL, 0, NULL, 0},
};

/* --row: the row (or the rows, '/' between them) is parsed at once, so
 * that a bad one is refused before anything is played (bad input: exit
 * 1, as in solve). */
static int set_row(play_session_t *S, const char *text)
{
    coinline_error_t err;
    free(S->row);
    free(S->row_lens);
    S->row = NULL;
    S->row_lens = NULL;
    S->row_text = text;
    S->source = PLAY_ROW;
    const int rc = coinline_rows_parse(text, &S->row, &S->row_n, &S->row_lens,
                                       &S->row_k, &err);
    if (rc != COINLINE_OK) {
        cli_report_error("--row", &err, rc);
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
    S->engine_name = spec;
    S->level_rule = NULL;
    return -1;
}

/* --level: a name for a fallible engine; the engine is called by the
 * level's name and its strategy, "easy (fallible:0.5)". */
static int set_level(play_session_t *S, const char *level)
{
    const char *spec = cli_player_level(level, &S->engine_name);
    if (spec != NULL) {
        S->engine = spec;
        S->level_rule = strcmp(spec, "optimal") != 0 ? spec : NULL;
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
        return cli_parse_number("play", "--coins", optarg, 0, 10000000,
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
    case 'w': S->save_path = optarg; break;
    case OPT_MOVE_TIME:
        return cli_parse_number("play", "--move-time", optarg, 1, 3600000,
                                &S->move_ms);
    case 'h': return cli_finish_output(cli_print_help("play"));
    case OPT_VERSION: return cli_finish_output(cli_print_version());
    default: {
        int st = -1;
        if (!cli_rules_option("play", c, optarg, &S->rules, &st))
            return cli_bad_option("play", c, argv);
        return st;
    }
    }
    return -1;
}

/* An option that the mode chosen would ignore is a usage error: the
 * engine's options with --two-players, the range of random coins with a
 * row given. engine_opt and range_opt name the first of each given, or
 * NULL. Returns -1 or the exit status. */
static int check_ignored(const play_session_t *S, const char *engine_opt,
                         const char *range_opt)
{
    if (S->two_players && engine_opt != NULL)
        return cli_usage_error("play",
                               "%s is for the engine, and --two-players has "
                               "none",
                               engine_opt);
    if (S->source != PLAY_RANDOM && range_opt != NULL)
        return cli_usage_error("play",
                               "%s is for random rows; the row here comes "
                               "from %s",
                               range_opt,
                               S->source == PLAY_ROW ? "--row" : "the FILE");
    return -1;
}

/* A --row of several rows with options they do not take: a usage
 * error. Returns -1 or the exit status. */
static int check_rows(const play_session_t *S)
{
    const char *why = play_rows_refusal(
        &S->rules, S->two_players ? NULL : S->engine, S->save_path != NULL);
    if (S->source == PLAY_ROW && S->row_k > 1 && why != NULL)
        return cli_usage_error("play", "--row has several rows; %s", why);
    return -1;
}

/* The long name of option c when the engine (e) or the random range (r)
 * is its concern, else NULL. */
static const char *concern(int c, char which)
{
    if (which == 'e')
        return c == 'e'             ? "--engine"
               : c == 'd'           ? "--level"
               : c == 'f'           ? "--first"
               : c == OPT_MOVE_TIME ? "--move-time"
                                    : NULL;
    return c == OPT_MIN ? "--min" : c == OPT_MAX ? "--max" : NULL;
}

/* All the options and FILE, and the checks between them. Returns -1 to
 * go on, or an exit status. */
static int parse_options(play_session_t *S, int argc, char **argv)
{
    int c, st = -1, sources = 0;
    const char *engine_opt = NULL, *range_opt = NULL;
    opterr = 0;
    while (st < 0 && (c = getopt_long(argc, argv, ":r:n:s:e:d:f:2cjw:h",
                                      play_options, NULL)) != -1) {
        st = play_option(S, c, &sources, argv);
        if (engine_opt == NULL)
            engine_opt = concern(c, 'e');
        if (range_opt == NULL)
            range_opt = concern(c, 'r');
    }
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
        return cli_usage_error("play", "give one row: --row, --coins or a "
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
    st = check_ignored(S, engine_opt, range_opt);
    return st < 0 ? check_rows(S) : st;
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
    S.engine_name = "optimal";
    S.move_ms = CLI_BOT_MOVE_MS;
    S.color = getenv("NO_COLOR") == NULL || *getenv("NO_COLOR") == '\0';
    int st = parse_options(&S, argc, argv);
    if (st >= 0) {
        free(S.row);
        free(S.row_lens);
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
    st = play_session_open(&S);
    if (st == CLI_OK)
        st = S.line_mode ? play_line(&S) : play_tty(&S);
    st = play_session_close(&S, st);
    play_tty_reraise();
    return st;
}
