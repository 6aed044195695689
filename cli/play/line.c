/* SPDX-License-Identifier: MIT */
/*
 * line.c - the line mode of coinline play (standard input not a terminal,
 * or --line): one or more commands a line, plain lines out.
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
 * and on a circle (--circle), where a number is a position:
 *
 *   game 1: 5 coins on a circle; you move first, optimal second
 *   your move: the circle 1 3 5 2 9  (a position, 1 to 5)
 *   move 1: you take 9 (position 5); you 9, optimal 0
 *   move 2: optimal takes 1 (left, position 1); you 9, optimal 1
 *   your move: 3 5 2  (l: 3 at position 2, r: 2 at position 4)
 *   hint: take the coin at position 1 (3), or at 3 or 5, as good: ...
 *   hint: take the left coin (3 at position 2): ...
 *   commands: a number P (take the coin at position P: any for the
 *             first move, an end after it), l (take the left end), r
 *             (the right), hint, undo, new, quit, help  (one line)
 *
 * and on several rows (--row '1 3 5 / 2 9', "rows K" in FILE), where a
 * move is its row from 1 and its end, as solve writes it (2R):
 *
 *   game 1: 5 coins in 2 rows; you move first, optimal second
 *   your move (a row and an end, 2R):
 *     1: 1 3 5  (1L: 1, 1R: 5)                     a line per row
 *     2: empty
 *     ... (980 more rows) ...                      past 30 rows
 *   move 1: you take 9 (2R); you 9, optimal 0
 *   hint: take 9 from the right end of row 2 (2R), or 1L as good: with
 *         best play from here you end with 14 against 6   (one line)
 *     move 1: took 1 (1L), best was 9 (2R): lost 8 points  (summary)
 *   commands: 2R (take the right end of row 2: a row from 1, then l or
 *             r), hint, undo, new, quit, help      (one line)
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
 *     move 1: took 1 (position 1), best was 9 (position 5): lost 8
 *             points                         a circle's first (one line)
 *     move 3: took 1 (left, position 1), best was 9 (right, position
 *             4): lost 8 points              a circle's later (one line)
 *     and 3 more                                   after 20 listed
 *   optimal: every move optimal                    / no move played
 *
 * Errors go to standard error: "coinline play: <stdin>:LINE:COLUMN:
 * unknown command 'x' (...)", on a circle "...: position 6 is not on the
 * circle (1 to 5)", "...: position 3 is not an end (the ends are 4 and
 * 1)" and "...: 'l': the first move on a circle takes a position, a
 * number from 1 to 5"; on several rows "...: row 4 does not exist (3
 * rows)", "...: row 2 has no coins left" and "...: 'l': a game of
 * several rows takes a row and an end (2R)" (the game goes on, exit 1),
 * "coinline play:
 * <stdin>: the input ended during game 1, after move 2 of 5" (exit 1).
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "decimal.h"
#include "game.h"
#include "line.h"
#include "msg.h"
#include "player.h"
#include "session.h"
#include "tty.h"
#include "wide.h"

/* The coins a[lo..hi-1], the middle elided when there are many. */
static void put_row(const int64_t *a, uint64_t lo, uint64_t hi, FILE *fp)
{
    const uint64_t left = hi - lo, shown = 10;
    for (uint64_t i = lo; i < hi; i++) {
        if (left > 3 * shown && i == lo + shown) {
            fprintf(fp, " ... (%llu more) ...",
                    (unsigned long long)(left - 2 * shown));
            i = hi - shown - 1;
            continue;
        }
        fprintf(fp, "%s%lld", i == lo ? "" : " ", (long long)a[i]);
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

/* "move 3: you take 5 (left); you 6, optimal 9" for the last move; on a
 * circle "move 1: you take 9 (position 5); ..." and "move 2: optimal
 * takes 1 (left, position 1); ...". */
static void put_move(const play_game_t *g, FILE *fp)
{
    const coinline_engine_state_t st = play_game_state((play_game_t *)g);
    const size_t k = g->nmoves - 1;
    const char *who = g->name[play_game_mover(k)];
    fprintf(fp, "move %zu: %s take%s ", k + 1, who,
            strcmp(who, "you") == 0 ? "" : "s");
    if (g->several) {
        play_rows_put_move(fp, &g->rows, k,
                           g->moves[k] == 'L' ? COINLINE_SIDE_LEFT
                                              : COINLINE_SIDE_RIGHT,
                           g->taken[k]);
        fputs("; ", fp);
        put_totals(g, &st, fp);
        fputc('\n', fp);
        return;
    }
    fprintf(fp, "%lld (", (long long)g->taken[k]);
    if (g->moves[k] == '*')
        fprintf(fp, "position %llu", (unsigned long long)g->first);
    else
        fputs(g->moves[k] == 'L' ? "left" : "right", fp);
    if (g->shape->positions && g->moves[k] != '*')
        fprintf(fp, ", position %llu",
                (unsigned long long)play_game_position(
                    g, g->moves[k] == 'L' ? st.lo - 1 : st.hi));
    fputs("); ", fp);
    put_totals(g, &st, fp);
    fputc('\n', fp);
}

/* "game 2: 5 coins (rows.txt, game 2); you move first, optimal second;
 * seed 42": the seed when it matters, so that the game can be replayed. */
static void announce(const play_session_t *S)
{
    const play_game_t *g = &S->game;
    fprintf(S->out, "game %llu: %zu coin%s%s%s", (unsigned long long)g->number,
            g->n, g->n == 1 ? "" : "s", g->shape->on, g->score->phrase);
    if (g->several)
        fprintf(S->out, " in %zu rows", g->rows.k);
    if (S->source == PLAY_FILE)
        fprintf(S->out, " (%s, game %llu)", S->path,
                (unsigned long long)S->file_game);
    fprintf(S->out, "; %s move%s first, %s second", g->name[0],
            strcmp(g->name[0], "you") == 0 ? "" : "s", g->name[1]);
    if (play_seed_matters(S))
        fprintf(S->out, "; seed %llu", (unsigned long long)S->seed);
    fputs("\n", S->out);
}

/* "your move: 1 3 5 2 9  (l: 1, r: 9)"; on a circle, "your move: the
 * circle 1 3 5 2 9  (a position, 1 to 5)" for the first move, then
 * "your move: 5 2 9 1  (l: 5 at position 3, r: 1 at position 1)". */
static void prompt(play_game_t *g, FILE *fp)
{
    const coinline_engine_state_t st = play_game_state(g);
    const char *who = g->name[st.to_move - 1];
    fprintf(fp, "%s%s", strcmp(who, "you") == 0 ? "your" : who,
            strcmp(who, "you") == 0 ? " move" : " to move");
    if (g->several) {
        fputs(" (a row and an end, 2R):\n", fp);
        play_rows_put_board(fp, &g->rows);
        return;
    }
    fputs(": ", fp);
    if (play_game_opening(g)) {
        fprintf(fp, "the %s ", g->shape->noun);
        put_row(g->ring, 0, g->n, fp);
        fprintf(fp, "  (a position, 1 to %zu)\n", g->n);
        return;
    }
    put_row(g->coins, st.lo, st.hi, fp);
    if (!g->shape->positions) {
        fprintf(fp, "  (l: %lld, r: %lld)\n", (long long)g->coins[st.lo],
                (long long)g->coins[st.hi - 1]);
        return;
    }
    fprintf(fp, "  (l: %lld at position %llu, r: %lld at position %llu)\n",
            (long long)g->coins[st.lo],
            (unsigned long long)play_game_position(g, st.lo),
            (long long)g->coins[st.hi - 1],
            (unsigned long long)play_game_position(g, st.hi - 1));
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
    prompt(g, S->out);
    return 0;
}

enum command {
    C_NONE,
    C_LEFT,
    C_RIGHT,
    C_POSITION,
    C_ROW, /* a row and an end, "2r": several rows */
    C_HINT,
    C_UNDO,
    C_NEW,
    C_QUIT,
    C_HELP
};

/* Where a command word is in the input, and the word. */
typedef struct {
    uint64_t line;
    size_t col;
    const char *word;
} where_t;

/* The command a word names (lower case), or C_NONE. Digits are a
 * position, on a circle only; digits then l or r a row and an end, on
 * several rows only. */
static enum command parse_command(const char *word, int positions, int rows)
{
    const size_t digits = strspn(word, "0123456789");
    if (positions && *word != '\0' && digits == strlen(word))
        return C_POSITION;
    if (rows && digits > 0 && (word[digits] == 'l' || word[digits] == 'r') &&
        word[digits + 1] == '\0')
        return C_ROW;
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

/* A bad move: said on standard error with its place (the game goes on,
 * exit 1 at the end). Returns 0. */
static int bad_move(play_session_t *S, const where_t *w, const char *fmt, ...)
    COINLINE_PRINTF(3, 4);
static int bad_move(play_session_t *S, const where_t *w, const char *fmt, ...)
{
    char what[200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    cli_error("<stdin>:%llu:%zu: %s", (unsigned long long)w->line, w->col,
              what);
    S->status = CLI_FAIL;
    return 0;
}

/* The position P of the word (digits; UINT64_MAX past 64 bits). */
static uint64_t word_position(const char *word)
{
    uint64_t v = 0;
    for (; *word != '\0'; word++)
        v = v > (UINT64_MAX - 9) / 10 ? UINT64_MAX
                                      : v * 10 + (uint64_t)(*word - '0');
    return v;
}

/* A position on a circle: any coin for the first move, an end after it.
 * Returns as run_command(). */
static int take_position(play_session_t *S, const where_t *w)
{
    play_game_t *g = &S->game;
    const uint64_t pos = word_position(w->word);
    coinline_side_t side;
    int rc;
    if (play_game_opening(g)) {
        if (pos < 1 || pos > g->n)
            return bad_move(S, w,
                            "position %.40s is not on the %s (1 to "
                            "%zu)",
                            w->word, g->shape->noun, g->n);
        rc = play_game_take_first(g, pos);
    } else if (play_game_end_at(g, pos, &side) == COINLINE_OK) {
        rc = play_game_take(g, side);
    } else {
        const coinline_engine_state_t st = play_game_state(g);
        return bad_move(S, w,
                        "position %.40s is not an end (the ends are %llu and "
                        "%llu)",
                        w->word,
                        (unsigned long long)play_game_position(g, st.lo),
                        (unsigned long long)play_game_position(g, st.hi - 1));
    }
    if (rc != COINLINE_OK) {
        cli_error("%s", coinline_strerror(rc));
        return -1;
    }
    put_move(g, S->out);
    return advance(S);
}

/* A row and an end on several rows, "2r": said when the row is not
 * there or has no coin left. Returns as run_command(). */
static int take_row(play_session_t *S, const where_t *w)
{
    play_game_t *g = &S->game;
    const size_t digits = strspn(w->word, "0123456789");
    char number[24];
    snprintf(number, sizeof number, "%.*s", (int)(digits < 20 ? digits : 20),
             w->word);
    const uint64_t row = word_position(number);
    const coinline_side_t side =
        w->word[digits] == 'l' ? COINLINE_SIDE_LEFT : COINLINE_SIDE_RIGHT;
    if (row < 1 || row > g->rows.k)
        return bad_move(S, w, "row %.*s does not exist (%zu rows)",
                        (int)(digits < 40 ? digits : 40), w->word, g->rows.k);
    const int rc = play_game_take_row(g, (size_t)row - 1, side);
    if (rc == COINLINE_EMOVE)
        return bad_move(S, w, "row %llu has no coins left",
                        (unsigned long long)row);
    if (rc != COINLINE_OK) {
        cli_error("%s", coinline_strerror(rc));
        return -1;
    }
    put_move(g, S->out);
    return advance(S);
}

/* The list of commands, for help. */
static void put_help(const play_session_t *S)
{
    fputs(S->game.several ? play_rows_commands : S->game.shape->play_commands,
          S->out);
}

/* Runs one command; returns 1 to stop the session, -1 on a failure. */
static int run_command(play_session_t *S, enum command c, const where_t *w)
{
    play_game_t *g = &S->game;
    char buf[320];
    if ((c == C_LEFT || c == C_RIGHT || c == C_POSITION || c == C_ROW ||
         c == C_HINT) &&
        play_game_over(g)) {
        fprintf(S->out, "the game is over: %s\n",
                play_game_undo_refused(g) == NULL ? "new, undo or quit"
                                                  : "new or quit");
        return 0;
    }
    switch (c) {
    case C_LEFT:
    case C_RIGHT:
        if (g->several)
            return bad_move(S, w,
                            "'%s': a game of several rows takes a row and "
                            "an end (2R)",
                            w->word);
        if (play_game_opening(g))
            return bad_move(S, w,
                            "'%s': %s on a %s takes a position, a number "
                            "from 1 to %zu",
                            w->word, g->shape->any_move, g->shape->noun, g->n);
        play_game_take(g,
                       c == C_LEFT ? COINLINE_SIDE_LEFT : COINLINE_SIDE_RIGHT);
        put_move(g, S->out);
        return advance(S);
    case C_POSITION: return take_position(S, w);
    case C_ROW: return take_row(S, w);
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
    default: put_help(S); return 0;
    }
}

/* A NUL byte in line[0..len-1] is reported with its place and read as a
 * blank, so that the commands after it still run (a bad byte is bad
 * input, as in solve, but it does not hide the rest of the line). */
static void blank_nuls(play_session_t *S, char *line, size_t len,
                       uint64_t lineno)
{
    for (char *z = memchr(line, '\0', len); z != NULL;
         z = memchr(z, '\0', len - (size_t)(z - line))) {
        cli_error("<stdin>:%llu:%zu: a NUL byte, read as a blank (commands "
                  "are text)",
                  (unsigned long long)lineno, (size_t)(z - line) + 1);
        S->status = CLI_FAIL;
        *z = ' ';
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
        const enum command c =
            parse_command(w, S->game.shape->positions, S->game.several);
        const where_t at = {lineno, col, w};
        if (c == C_NONE) {
            cli_error("<stdin>:%llu:%zu: unknown command '%.40s' (%s, "
                      "hint, undo, new, quit, help)",
                      (unsigned long long)lineno, col, w,
                      S->game.several            ? "a row and an end: 2R"
                      : S->game.shape->positions ? "a position, l, r"
                                                 : "l, r");
            S->status = CLI_FAIL;
        } else {
            const int rc = run_command(S, c, &at);
            if (rc != 0)
                return rc;
        }
        if (next == '\0' || next == '#')
            return 0;
        w = end + 1;
    }
}

int play_line(play_session_t *S)
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
        ssize_t got = -1;
        if (stop != 0 || play_quit_signal() != 0 ||
            (got = getline(&line, &cap, stdin)) == -1)
            break;
        blank_nuls(S, line, (size_t)got, ++lineno);
        /* A UTF-8 byte-order mark before the first command is skipped;
         * columns count from after it, as the library's readers do. */
        const int bom = lineno == 1 && strncmp(line, "\xEF\xBB\xBF", 3) == 0;
        stop = read_commands(S, line + (bom ? 3 : 0), lineno);
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
