/* SPDX-License-Identifier: MIT */
/*
 * solve.c - coinline solve: read games, print optimal results.
 *
 * With the linear solver and no line of play, coins go straight from the
 * reader into the streaming solver: the row is never stored, and memory is
 * the reduced stack only. Otherwise each game is read into an array.
 */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "circle.h"
#include "cli.h"
#include "decimal.h"
#include "games.h"
#include "msg.h"
#include "pipeline.h"
#include "usage.h"
#include "wide.h"

const char cmd_solve_help[] =
    "usage: coinline solve [options] [FILE...]\n"
    "\n"
    "Reads games in the classic format from each FILE in turn ('-' or none:\n"
    "standard input): a count N, then N integers, any whitespace between;\n"
    "'#' starts a comment. Prints one answer per game, in order.\n"
    "\n"
    "Options:\n"
    "  -a, --algo=NAME     solver: linear (default, O(n)), dp (O(n^2)) or\n"
    "                      brute (exhaustive, at most 25 coins)\n"
    "  -b, --both          print both totals: 'P1 P2' (not with --json or\n"
    "                      --line words, which give both already)\n"
    "  -c, --circle        the coins lie on a circle (the pizza game): the\n"
    "                      first player takes any coin, then the ends of the\n"
    "                      line left; --json says \"circle\":true and gives\n"
    "                      first_move as the position taken first (1..N), the\n"
    "                      compact line starts with it (14 2 RLL; '-' when\n"
    "                      there is none), --moves takes P or P:LRL, and\n"
    "                      brute takes 26 coins\n"
    "  -j, --json          one JSON object per game: game, n, sum, p1, p2,\n"
    "                      margin, winner, first_move (and line)\n"
    "  -l, --line[=FORM]   the optimal line of play: 'words' (default) tells\n"
    "                      it move by move; 'compact' adds one L/R letter\n"
    "                      per move to the answer line, '-' for none (about\n"
    "                      0.1 s for 10^6 coins); the short form takes it\n"
    "                      attached: -lcompact\n"
    "  -m, --moves=MOVES   the position after these moves (one L or R each,\n"
    "                      e.g. RRL; with --circle, P or P:LRL: the first\n"
    "                      position, then the moves on the line left) instead\n"
    "                      of the start: who is to move, the best move, and\n"
    "                      each player's final total with best play from "
    "there\n"
    "                      (coins taken included); not with --algo, --both or\n"
    "                      --line\n"
    "  -r, --row=VALUES    solve this row, e.g. -r '1 3 5 2 9' or -r 1,3,5;\n"
    "                      may be repeated; then standard input is read only\n"
    "                      if '-' is named\n"
    "  -h, --help          show this help\n"
    "      --version       show the version\n"
    "\n"
    "By default the first player's optimal total is printed. Totals are\n"
    "exact, even past 64 bits. Exit status: 0 ok, 1 bad input or failure,\n"
    "2 usage error.\n";

typedef enum { LINE_NONE, LINE_WORDS, LINE_COMPACT } line_form_t;

/* In the words form, rows of up to SHOW_ROW_MAX coins are shown whole;
 * longer ones show their first and last 8 coins with a count of the rest
 * (at least 5) in between. */
#define SHOW_ROW_MAX 20

typedef struct {
    coinline_algo_t algo;
    int algo_given, both, json;
    const char *query; /* --moves: the position asked about, or NULL */
    size_t nquery;
    cli_circle_moves_t circle_query; /* --moves with --circle, parsed */
    line_form_t line;
    int circle;    /* --circle: each game is a circle */
    uint64_t game; /* games answered so far, over all inputs */
    coinline_stream_t *stream;
    int64_t *coins; /* reused between games */
    size_t cap;
    char *moves; /* reused between games */
    size_t moves_cap;
    int64_t *left; /* a circle's line left after its first move, reused */
    size_t left_cap;
} solve_t;

/* ------------------------------------------------------------------------
 * Output
 * ---------------------------------------------------------------------- */

/* ,"key":v with v exact. */
static void put_key(const char *key, coinline_i128_t v)
{
    printf(",\"%s\":", key);
    cli_put_i128(stdout, v);
}

/* first: a circle's first position (0: none), else unused. */
static void print_json(const solve_t *S, const coinline_result_t *res,
                       uint64_t first, const char *moves)
{
    printf("{\"game\":%llu,\"n\":%llu%s", (unsigned long long)S->game,
           (unsigned long long)res->n, S->circle ? ",\"circle\":true" : "");
    put_key("sum", res->sum);
    put_key("p1", res->p1);
    put_key("p2", res->p2);
    put_key("margin", res->margin);
    printf(",\"winner\":\"%s\",\"first_move\":",
           coinline_winner_name(res->winner));
    if (S->circle)
        printf(first > 0 ? "%llu" : "null", (unsigned long long)first);
    else
        fputs(res->first_move == COINLINE_SIDE_LEFT    ? "\"left\""
              : res->first_move == COINLINE_SIDE_RIGHT ? "\"right\""
                                                       : "null",
              stdout);
    if (moves != NULL)
        printf(",\"line\":\"%s\"", moves);
    fputs("}\n", stdout);
}

/* Prints coins[lo..hi-1], eliding the middle of long rows. */
static void print_row(const int64_t *a, size_t lo, size_t hi)
{
    const size_t half = (SHOW_ROW_MAX - 4) / 2;
    for (size_t i = lo; i < hi; i++) {
        if (hi - lo > SHOW_ROW_MAX && i == lo + half) {
            printf(" ... (%zu more) ...", hi - lo - 2 * half);
            i = hi - half;
        }
        printf("%s%lld", i == lo ? "" : " ", (long long)a[i]);
    }
}

static void print_result_words(const coinline_result_t *res)
{
    fputs("  Result: player 1 gets ", stdout);
    cli_put_i128(stdout, res->p1);
    fputs(", player 2 gets ", stdout);
    cli_put_i128(stdout, res->p2);
    if (res->winner == COINLINE_WINNER_DRAW) {
        fputs(": a draw.\n", stdout);
        return;
    }
    printf(": player %d wins by ",
           res->winner == COINLINE_WINNER_FIRST ? 1 : 2);
    const cl_wide m = cl_to_wide(res->margin);
    cli_put_i128(stdout, cl_from_wide(m < 0 ? -m : m));
    fputs(".\n", stdout);
}

/* The end of a move's line in words: the score, then the coins a[lo..hi-1]
 * left (none: nothing more). */
static void print_score(const cl_wide score[2], const int64_t *a, size_t lo,
                        size_t hi)
{
    fputs("  Score ", stdout);
    cli_put_i128(stdout, cl_from_wide(score[0]));
    fputs(" to ", stdout);
    cli_put_i128(stdout, cl_from_wide(score[1]));
    fputs(".", stdout);
    if (lo < hi) {
        fputs("  Left: ", stdout);
        print_row(a, lo, hi);
    }
}

/* The optimal line told move by move, with the score after each move. */
static void print_words(const solve_t *S, const char *name, const int64_t *a,
                        size_t n, const coinline_result_t *res,
                        const char *moves)
{
    cl_wide score[2] = {0, 0};
    size_t lo = 0, hi = n;

    printf("Game %llu (%s): %zu coin%s: ", (unsigned long long)S->game, name, n,
           n == 1 ? "" : "s");
    print_row(a, 0, n);
    fputs(n == 0 ? "(empty row)\n" : "\n", stdout);
    for (size_t k = 0; k < n; k++) {
        const int left = moves[k] == 'L';
        const int64_t coin = left ? a[lo++] : a[--hi];
        score[k % 2] += coin;
        printf("  %zu. Player %d takes %lld %s.", k + 1, (int)(k % 2) + 1,
               (long long)coin,
               lo == hi ? "(the last coin)"
               : left   ? "from the left"
                        : "from the right");
        print_score(score, a, lo, hi);
        fputs("\n", stdout);
    }
    print_result_words(res);
}

/* A circle's optimal play in words: the first move, at a position, then
 * the moves on the line left (line[0..n-2], clockwise from the first
 * position), each with its position on the circle. */
static void print_circle_words(const solve_t *S, const char *name,
                               const int64_t *a, size_t n, uint64_t first,
                               const int64_t *line,
                               const coinline_result_t *res, const char *moves)
{
    cl_wide score[2] = {0, 0};
    size_t lo = 0, hi = n > 0 ? n - 1 : 0;

    printf("Game %llu (%s): %zu coin%s on a circle",
           (unsigned long long)S->game, name, n, n == 1 ? "" : "s");
    if (n > 0)
        printf(", positions 1..%zu clockwise", n);
    fputs(": ", stdout);
    print_row(a, 0, n);
    fputs(n == 0 ? "(empty circle)\n" : "\n", stdout);
    if (n > 0) {
        score[0] = a[first - 1];
        printf("  1. Player 1 takes %lld at position %llu%s.",
               (long long)a[first - 1], (unsigned long long)first,
               n == 1 ? ", the last coin" : "");
        print_score(score, line, lo, hi);
        if (n == 2)
            printf(" (position %llu)",
                   (unsigned long long)cli_circle_at(n, first, 0));
        else if (n > 2)
            printf(" (positions %llu to %llu clockwise)",
                   (unsigned long long)cli_circle_at(n, first, 0),
                   (unsigned long long)cli_circle_at(n, first, n - 2));
        fputs("\n", stdout);
    }
    for (size_t k = 0; k + 1 < n; k++) {
        const int left = moves[k] == 'L';
        const size_t i = left ? lo++ : --hi;
        score[(k + 1) % 2] += line[i];
        printf("  %zu. Player %d takes %lld at position %llu, %s.", k + 2,
               (int)((k + 1) % 2) + 1, (long long)line[i],
               (unsigned long long)cli_circle_at(n, first, i),
               lo == hi ? "the last coin"
               : left   ? "from the left"
                        : "from the right");
        print_score(score, line, lo, hi);
        fputs("\n", stdout);
    }
    print_result_words(res);
}

/* The end of a position's answer (--moves): each player's final total
 * with best play, from the final margin fm on a game of the given sum; as
 * JSON (from "value" on: value, the totals taken t1 and t2, then those),
 * or in words. */
static void print_outcome(const solve_t *S, cl_wide sum, coinline_i128_t value,
                          coinline_i128_t t1, coinline_i128_t t2,
                          coinline_i128_t final_margin)
{
    const cl_wide fm = cl_to_wide(final_margin);
    const coinline_i128_t p1 = cl_from_wide((sum + fm) / 2);
    const coinline_i128_t p2 = cl_from_wide((sum - fm) / 2);
    if (S->json) {
        put_key("value", value);
        put_key("taken_p1", t1);
        put_key("taken_p2", t2);
        put_key("p1", p1);
        put_key("p2", p2);
        put_key("margin", final_margin);
        printf(",\"winner\":\"%s\"}\n", fm > 0   ? "first"
                                        : fm < 0 ? "second"
                                                 : "draw");
        return;
    }
    fputs("player 1 gets ", stdout);
    cli_put_i128(stdout, p1);
    fputs(", player 2 gets ", stdout);
    cli_put_i128(stdout, p2);
    if (fm == 0)
        fputs(": a draw\n", stdout);
    else {
        printf(": player %d wins by ", fm > 0 ? 1 : 2);
        cli_put_i128(stdout, cl_from_wide(fm > 0 ? fm : -fm));
        fputc('\n', stdout);
    }
}

/* The position query (--moves): each player's final total with best play
 * from the position st reached on a row of the given sum. */
static void print_position(const solve_t *S, const int64_t *a,
                           const coinline_engine_state_t *st, cl_wide sum)
{
    const char *best = st->best == COINLINE_SIDE_LEFT    ? "left"
                       : st->best == COINLINE_SIDE_RIGHT ? "right"
                                                         : NULL;
    if (S->json) {
        printf("{\"game\":%llu,\"n\":%llu,\"moves_played\":%llu,"
               "\"coins_left\":%llu,\"to_move\":",
               (unsigned long long)S->game, (unsigned long long)st->n,
               (unsigned long long)st->moves,
               (unsigned long long)(st->hi - st->lo));
        printf(st->to_move ? "%d" : "null", st->to_move);
        printf(best ? ",\"best_move\":\"%s\"" : ",\"best_move\":null", best);
    } else {
        printf("after %llu move%s: ", (unsigned long long)st->moves,
               st->moves == 1 ? "" : "s");
        if (best != NULL)
            printf("player %d to move, best move %s (%lld); with best play, ",
                   st->to_move, best,
                   (long long)(st->best == COINLINE_SIDE_LEFT ? a[st->lo]
                                                              : a[st->hi - 1]));
        else
            fputs("the game is over; ", stdout);
    }
    print_outcome(S, sum, st->value, st->p1, st->p2, st->final_margin);
}

/* The same for a circle: the first position, and the best move as a
 * position on the circle too (at the start, only a position). */
static void print_circle_position(const solve_t *S,
                                  const cli_circle_position_t *q, cl_wide sum)
{
    const char *side = q->side == COINLINE_SIDE_LEFT    ? "left"
                       : q->side == COINLINE_SIDE_RIGHT ? "right"
                                                        : NULL;
    if (S->json) {
        printf("{\"game\":%llu,\"n\":%llu,\"circle\":true,\"first_move\":",
               (unsigned long long)S->game, (unsigned long long)q->n);
        printf(q->first > 0 ? "%llu" : "null", (unsigned long long)q->first);
        printf(",\"moves_played\":%llu,\"coins_left\":%llu,\"to_move\":",
               (unsigned long long)q->played, (unsigned long long)q->left);
        printf(q->to_move ? "%d" : "null", q->to_move);
        if (side != NULL)
            printf(",\"best_move\":\"%s\"", side);
        else
            printf(q->best ? ",\"best_move\":%llu" : ",\"best_move\":null",
                   (unsigned long long)q->best);
        printf(q->best ? ",\"best_position\":%llu" : ",\"best_position\":null",
               (unsigned long long)q->best);
    } else {
        printf("after %llu move%s: ", (unsigned long long)q->played,
               q->played == 1 ? "" : "s");
        if (q->best == 0)
            fputs("the game is over; ", stdout);
        else if (side != NULL)
            printf("player %d to move, best move %s (%lld, position %llu); "
                   "with best play, ",
                   q->to_move, side, (long long)q->best_coin,
                   (unsigned long long)q->best);
        else
            printf("player 1 to move, best move position %llu (%lld); with "
                   "best play, ",
                   (unsigned long long)q->best, (long long)q->best_coin);
    }
    print_outcome(S, sum, q->value, q->p1, q->p2, q->final_margin);
}

/* The answer for a game: JSON, the line in words (a line game's; a
 * circle's is print_circle_words()), or the totals and the compact line;
 * first is a circle's first position. */
static void print_answer(const solve_t *S, const char *name, const int64_t *a,
                         size_t n, const coinline_result_t *res, uint64_t first,
                         const char *moves)
{
    if (S->json) {
        print_json(S, res, first, moves);
    } else if (S->line == LINE_WORDS) {
        print_words(S, name, a, n, res, moves);
    } else {
        cli_put_i128(stdout, res->p1);
        if (S->both) {
            fputc(' ', stdout);
            cli_put_i128(stdout, res->p2);
        }
        /* The compact line: a field each, "-" for none (no first
         * position on an empty circle, no move on the line left). */
        if (S->circle && moves != NULL && first > 0)
            printf(" %llu", (unsigned long long)first);
        else if (S->circle && moves != NULL)
            fputs(" -", stdout);
        if (moves != NULL)
            printf(" %s", moves[0] != '\0' ? moves : "-");
        fputc('\n', stdout);
    }
}

/* ------------------------------------------------------------------------
 * Solving
 * ---------------------------------------------------------------------- */

/* Solves a[0..n-1] (and its line, if asked) and prints the answer.
 * Returns 0 or a COINLINE_E* code. */
/* solve_row()'s return when it has reported the error itself. */
#define SOLVE_REPORTED 1

/* "column C: " for the place of an error in the value of --moves. */
static const char *column_of(const coinline_error_t *err)
{
    static char buf[48];
    snprintf(buf, sizeof buf, "column %llu: ", (unsigned long long)err->column);
    return buf;
}

/* The position after --moves on a[0..n-1], printed; a game with fewer
 * coins than moves is refused with its name and number. */
static int solve_position(solve_t *S, const char *name, const int64_t *a,
                          size_t n)
{
    coinline_engine_state_t st;
    cli_circle_position_t q;
    coinline_error_t err;
    const int rc =
        S->circle ? cli_circle_position(a, n, &S->circle_query, &q, &err)
                  : coinline_position(a, n, S->query, S->nquery, &st, &err);
    if (rc == COINLINE_EMOVE) {
        cli_error("%s: game %llu: --moves: %s%s", name,
                  (unsigned long long)S->game + 1,
                  S->circle ? column_of(&err) : "", err.message);
        return SOLVE_REPORTED;
    }
    if (rc != COINLINE_OK)
        return rc;
    cl_wide sum = 0;
    for (size_t i = 0; i < n; i++)
        sum += a[i];
    S->game++;
    if (S->circle)
        print_circle_position(S, &q, sum);
    else
        print_position(S, a, &st, sum);
    return COINLINE_OK;
}

/* Makes *buf hold at least count values of size bytes (count > 0),
 * keeping its contents. Returns 0 or COINLINE_ENOMEM. */
static int reserve(void **buf, size_t *cap, size_t count, size_t size)
{
    if (count <= *cap)
        return COINLINE_OK;
    void *p = count <= SIZE_MAX / size ? realloc(*buf, count * size) : NULL;
    if (p == NULL)
        return COINLINE_ENOMEM;
    *buf = p;
    *cap = count;
    return COINLINE_OK;
}

/* The circle's result in the fields of a line game's (no first side),
 * for the output forms the two share. */
static coinline_result_t circle_totals(const coinline_circle_result_t *c)
{
    coinline_result_t r;
    memset(&r, 0, sizeof r);
    r.n = c->n;
    r.sum = c->sum;
    r.p1 = c->p1;
    r.p2 = c->p2;
    r.margin = c->margin;
    r.winner = c->winner;
    r.first_move = COINLINE_SIDE_NONE;
    return r;
}

/* Solves the circle a[0..n-1] (and its line, if asked) and prints the
 * answer. Returns 0 or a COINLINE_E* code. */
static int solve_circle(solve_t *S, const char *name, const int64_t *a,
                        size_t n)
{
    coinline_circle_result_t c;
    const char *moves = NULL;
    int rc;
    if (S->line == LINE_NONE) {
        rc = coinline_circle_solve(a, n, S->algo, &c);
    } else {
        rc = reserve((void **)&S->moves, &S->moves_cap, n + 1, 1);
        if (rc == COINLINE_OK)
            rc = reserve((void **)&S->left, &S->left_cap, n + 1,
                         sizeof *S->left);
        if (rc == COINLINE_OK)
            rc = cli_circle_play(a, n, S->algo, &c, S->left, S->moves);
        moves = S->moves;
    }
    if (rc != COINLINE_OK)
        return rc;
    S->game++;
    const coinline_result_t res = circle_totals(&c);
    if (S->line == LINE_WORDS && !S->json)
        print_circle_words(S, name, a, n, c.first, S->left, &res, moves);
    else
        print_answer(S, name, a, n, &res, c.first, moves);
    return COINLINE_OK;
}

static int solve_row(solve_t *S, const char *name, const int64_t *a, size_t n)
{
    if (S->query != NULL)
        return solve_position(S, name, a, n);
    if (S->circle)
        return solve_circle(S, name, a, n);
    coinline_result_t res;
    const char *moves = NULL;
    int rc = coinline_solve(a, n, S->algo, &res);

    if (rc == COINLINE_OK && S->line != LINE_NONE) {
        rc = reserve((void **)&S->moves, &S->moves_cap, n + 1, 1);
        if (rc == COINLINE_OK)
            rc = coinline_line(a, n, S->algo, S->moves);
        moves = S->moves;
    }
    if (rc != COINLINE_OK)
        return rc;
    S->game++;
    print_answer(S, name, a, n, &res, 0, moves);
    return COINLINE_OK;
}

static int grow_coins(solve_t *S)
{
    const size_t cap = S->cap < 1024 ? 1024 : S->cap * 2;
    int64_t *c =
        cap <= SIZE_MAX / sizeof *c ? realloc(S->coins, cap * sizeof *c) : NULL;
    if (c == NULL)
        return COINLINE_ENOMEM;
    S->coins = c;
    S->cap = cap;
    return COINLINE_OK;
}

/* Reads the coins of the current game into S->coins; *n gets the count. */
static int read_coins(solve_t *S, coinline_reader_t *r, size_t *n)
{
    size_t got;
    int rc;
    *n = 0;
    do {
        if (*n == S->cap && (rc = grow_coins(S)) != COINLINE_OK)
            return rc;
        rc = coinline_reader_next_coins(r, S->coins + *n, S->cap - *n, &got);
        *n += got;
    } while (rc == 1);
    return rc;
}

/* Games at least this long are read and reduced on two threads. */
#define PIPELINE_MIN (1u << 18)

/* Streams the coins of the current game (count announced) into the linear
 * solver, a chunk at a time. */
static int stream_coins(solve_t *S, coinline_reader_t *r, uint64_t count)
{
    coinline_stream_reset(S->stream);
    return count >= PIPELINE_MIN ? cli_stream_long(r, S->stream)
                                 : cli_stream_read(r, S->stream);
}

/* The longest circle coinline_circle_solve() takes with the linear
 * solver (include/coinline.h: n < 2^31 - 2). */
#define CIRCLE_LINEAR_MAX ((UINT64_C(1) << 31) - 3)

/* The most coins the chosen solver takes for what was asked (0: any),
 * with what it does and the advice, for the message. */
static uint64_t longest_row(const solve_t *S, const char **what,
                            const char **advice)
{
    /* A circle's line left after the first move has a coin less. */
    const uint64_t more = S->circle ? 1 : 0;
    if (S->algo == COINLINE_ALGO_BRUTE) {
        *what = S->circle ? "--algo brute solves a circle of"
                          : "--algo brute solves";
        *advice = "use linear or dp";
        return COINLINE_BRUTE_MAX + more;
    }
    if (S->algo == COINLINE_ALGO_DP && S->line != LINE_NONE) {
        *what = S->circle ? "--algo dp finds the line of a circle of"
                          : "--algo dp finds the line of";
        *advice = "its table would pass 2 GiB; use linear";
        return COINLINE_DP_LINE_MAX + more;
    }
    if (S->circle && S->algo == COINLINE_ALGO_LINEAR) {
        *what = "the linear solver solves a circle of";
        *advice = "its engine holds the circle twice";
        return CIRCLE_LINEAR_MAX;
    }
    return 0;
}

/* Refuses, before reading its coins, a game too long for the solver:
 * name and *w (line and column) name its count. Returns CLI_FAIL, or
 * CLI_OK if it fits. */
static int refuse_long(const solve_t *S, const char *name,
                       const coinline_error_t *w, uint64_t game, uint64_t count)
{
    const char *what, *advice;
    const uint64_t max = longest_row(S, &what, &advice);
    if (max == 0 || count <= max)
        return CLI_OK;
    cli_error("%s:%llu:%llu: game %llu has %llu coins; %s at most %llu (%s)",
              name, (unsigned long long)w->line, (unsigned long long)w->column,
              (unsigned long long)game, (unsigned long long)count, what,
              (unsigned long long)max, advice);
    return CLI_FAIL;
}

/* Whether the games are solved by the streaming solver, the coins not
 * kept: the linear value alone, no line, no position asked, no circle
 * (a circle's solver needs all its coins at once). */
static int streams(const solve_t *S)
{
    return S->algo == COINLINE_ALGO_LINEAR && S->line == LINE_NONE &&
           S->query == NULL && !S->circle;
}

/* Streams the coins of the current game (count announced) into the
 * linear solver and prints its answer. Returns 0 or the reading's error. */
static int solve_streamed(solve_t *S, coinline_reader_t *r, const char *name,
                          uint64_t count)
{
    coinline_result_t res;
    const int rc = stream_coins(S, r, count);
    if (rc != 0)
        return rc;
    coinline_stream_result(S->stream, &res);
    S->game++;
    print_answer(S, name, NULL, 0, &res, 0, NULL);
    return 0;
}

/* Reports a failed read of r: rc is its error, or COINLINE_ENOMEM.
 * Returns -CLI_FAIL. */
static int read_failed(const char *name, const coinline_reader_t *r, int rc)
{
    if (rc == COINLINE_ENOMEM)
        cli_error("%s: game %llu: out of memory", name,
                  (unsigned long long)coinline_reader_game_index(r));
    else
        cli_report_reader_error(r, rc);
    return -CLI_FAIL;
}

/* Solves the next game of r. Returns 1 after a game, 0 at the end of the
 * input, or CLI_FAIL negated after reporting an error. */
static int solve_next(solve_t *S, coinline_reader_t *r, const char *name)
{
    uint64_t count;
    size_t n;
    coinline_error_t w;
    const char *what, *advice;
    int rc = coinline_reader_next_game(r, &count);

    /* The count's place is located only for a solver with a limit. */
    if (rc == 1 && longest_row(S, &what, &advice) != 0 &&
        coinline_reader_last_token(r, &w) == COINLINE_OK &&
        refuse_long(S, coinline_reader_name(r), &w,
                    coinline_reader_game_index(r), count) != CLI_OK)
        return -CLI_FAIL;
    if (rc == 1 && streams(S)) {
        if ((rc = solve_streamed(S, r, name, count)) == 0)
            return 1;
    } else if (rc == 1 && (rc = read_coins(S, r, &n)) == 0) {
        if ((rc = solve_row(S, name, S->coins, n)) == COINLINE_OK)
            return 1;
        if (rc != SOLVE_REPORTED)
            cli_error("%s: game %llu: %s", name,
                      (unsigned long long)coinline_reader_game_index(r),
                      coinline_strerror(rc));
        return -CLI_FAIL;
    }
    return rc == 0 ? 0 : read_failed(name, r, rc);
}

/* Solves and prints the short games of a batch from cli_games_next().
 * Returns 0, or -CLI_FAIL after reporting. */
static int solve_batch(solve_t *S, const char *name, const int64_t *v,
                       size_t len)
{
    coinline_result_t res;
    for (size_t i = 0; i < len && !ferror(stdout);) {
        const size_t count = (size_t)v[i++];
        coinline_stream_reset(S->stream);
        if (coinline_stream_push_many(S->stream, v + i, count) != 0) {
            cli_error("%s: game %llu: out of memory", name,
                      (unsigned long long)S->game + 1);
            return -CLI_FAIL;
        }
        coinline_stream_result(S->stream, &res);
        S->game++;
        print_answer(S, name, NULL, 0, &res, 0, NULL);
        i += count;
    }
    return 0;
}

/* Solves the games of a regular file with the streaming solver, reading
 * short games on a second thread in batches (cli/games.c) while this one
 * solves and prints them; a long game is read here, on two threads of its
 * own. Returns 0 at the end of the input, -CLI_FAIL after reporting an
 * error (or on a failed write), or 1 when no thread could start (nothing
 * read: go on one game at a time). */
static int solve_batches(solve_t *S, coinline_reader_t *r, const char *name)
{
    for (;;) {
        cli_games_t *G;
        const int64_t *v;
        size_t len;
        uint64_t count;
        int rc = cli_games_start(r, &G), brc = 0;
        if (rc == CLI_GAMES_NO_THREAD)
            return 1;
        if (rc != COINLINE_OK) {
            cli_error("%s: out of memory", name);
            return -CLI_FAIL;
        }
        while (brc == 0 && !ferror(stdout) && cli_games_next(G, &v, &len))
            brc = solve_batch(S, name, v, len);
        rc = cli_games_stop(G, &count);
        if (brc != 0 || ferror(stdout))
            return -CLI_FAIL;
        if (rc == CLI_GAMES_LONG &&
            (rc = solve_streamed(S, r, name, count)) == 0)
            continue;
        return rc == 0 ? 0 : read_failed(name, r, rc);
    }
}

/* Solves every game of one input; '-' is standard input. */
static int solve_file(solve_t *S, const char *path)
{
    const int is_stdin = strcmp(path, "-") == 0;
    FILE *fp = is_stdin ? stdin : fopen(path, "r");
    coinline_reader_t *r = NULL;
    struct stat st;
    int rc;

    if (fp == NULL) {
        const int form =
            strcmp(path, "words") == 0 || strcmp(path, "compact") == 0;
        if (form && S->line != LINE_NONE)
            cli_error("%s: cannot open: %s (to choose the form of the line, "
                      "attach it: --line=%s)",
                      path, strerror(errno), path);
        else
            cli_error("%s: cannot open: %s", path, strerror(errno));
        return CLI_FAIL;
    }
    /* Answer each game at once when the input is a pipe or a terminal,
     * so that a program feeding games can read the answers as it goes. */
    const int live = fstat(fileno(fp), &st) == 0 && !S_ISREG(st.st_mode);
    if (is_stdin)
        cli_note_stdin("coins");
    if (coinline_reader_from_fd(fileno(fp), is_stdin ? "<stdin>" : path, &r) !=
        0) {
        cli_error("%s: out of memory", path);
        rc = -CLI_FAIL;
    } else {
        const char *name = is_stdin ? "<stdin>" : path;
        rc = 1;
        if (!live && streams(S))
            rc = solve_batches(S, r, name);
        /* Stop at the first failed write: the input may never end. */
        while (rc == 1 && (rc = solve_next(S, r, name)) == 1 &&
               !(live && fflush(stdout) != 0) && !ferror(stdout))
            continue;
        if (rc == 1)
            rc = -CLI_FAIL; /* cli_finish_output() reports the write */
    }
    coinline_reader_free(r);
    if (!is_stdin)
        fclose(fp);
    return rc < 0 ? -rc : CLI_OK;
}

/* Solves --row number k, given as text: an input of one game. */
static int solve_arg_row(solve_t *S, int k, const char *text)
{
    int64_t *a = NULL;
    size_t n = 0;
    coinline_error_t err;
    char name[32];
    int rc = coinline_row_parse(text, &a, &n, &err);

    snprintf(name, sizeof name, "--row %d", k);
    const coinline_error_t w = {1, 1, "", {0}};
    if (rc == COINLINE_ESYNTAX || rc == COINLINE_ERANGE) {
        cli_report_error(name, &err, rc);
        return CLI_FAIL;
    }
    if (rc == COINLINE_OK && refuse_long(S, name, &w, 1, n) != CLI_OK) {
        free(a);
        return CLI_FAIL;
    }
    if (rc == COINLINE_OK)
        rc = solve_row(S, name, a, n);
    free(a);
    if (rc != COINLINE_OK) {
        if (rc != SOLVE_REPORTED)
            cli_error("%s: %s", name, coinline_strerror(rc));
        return CLI_FAIL;
    }
    return CLI_OK;
}

/* ------------------------------------------------------------------------
 * Options
 * ---------------------------------------------------------------------- */

enum { OPT_VERSION = 256 };

static const struct option solve_options[] = {
    {"algo", required_argument, NULL, 'a'},
    {"both", no_argument, NULL, 'b'},
    {"circle", no_argument, NULL, 'c'},
    {"json", no_argument, NULL, 'j'},
    {"line", optional_argument, NULL, 'l'},
    {"moves", required_argument, NULL, 'm'},
    {"row", required_argument, NULL, 'r'},
    {"help", no_argument, NULL, 'h'},
    {"version", no_argument, NULL, OPT_VERSION},
    {NULL, 0, NULL, 0},
};

/* --moves with --circle: P or P:LRL (checked against each game). Returns
 * -1 or the exit status of a usage error. */
static int check_circle_query(solve_t *S)
{
    coinline_error_t err;
    if (cli_circle_moves_parse(S->query, &S->circle_query, &err) == 0)
        return -1;
    return cli_usage_error("solve", "--moves: column %llu: %s",
                           (unsigned long long)err.column, err.message);
}

/* --moves: every letter a move (the count is checked against each game),
 * and no option that answers another question. Returns -1 or the exit
 * status of a usage error. */
static int check_query(solve_t *S)
{
    if (S->query == NULL)
        return -1;
    if (S->algo_given || S->both || S->line != LINE_NONE)
        return cli_usage_error("solve", "--moves answers one position; it "
                                        "goes without --algo, --both and "
                                        "--line");
    if (S->circle)
        return check_circle_query(S);
    for (size_t k = 0; k < S->nquery; k++) {
        const char m = S->query[k];
        if (m != 'L' && m != 'R' && m != 'l' && m != 'r')
            return cli_usage_error(
                "solve", "--moves: move %zu is '%c', not L or R%s", k + 1,
                m >= 0x20 && m < 0x7f ? m : '?',
                (m >= '0' && m <= '9') || m == ':'
                    ? " (a first position, P or P:LRL, is for --circle)"
                    : "");
    }
    return -1;
}

/* --both shapes the answer line, which --json and --line (words) do not
 * print: both give both totals already. Refused with them rather than
 * ignored. Returns -1 or the exit status of a usage error. */
static int check_both(const solve_t *S)
{
    if (!S->both || S->query != NULL)
        return -1;
    if (S->json)
        return cli_usage_error("solve", "--both is for the answer line; "
                                        "--json gives both totals (p1, "
                                        "p2) already");
    if (S->line == LINE_WORDS)
        return cli_usage_error("solve", "--both is for the answer line; "
                                        "--line (words) ends with both "
                                        "totals already: use --line "
                                        "alone, or --both --line=compact");
    return -1;
}

/* Parses the options into S; rows go to rows[]. Returns -1 to go on, or
 * the exit status. */
static int parse_options(solve_t *S, int argc, char **argv, const char **rows,
                         int *nrows)
{
    int c;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":a:bcjl::m:r:h", solve_options,
                            NULL)) != -1) {
        switch (c) {
        case 'a':
            S->algo_given = 1;
            if (coinline_algo_parse(optarg, &S->algo) != COINLINE_OK)
                return cli_usage_error("solve",
                                       "unknown solver '%s' "
                                       "(linear, dp or brute)",
                                       optarg);
            break;
        case 'b': S->both = 1; break;
        case 'c': S->circle = 1; break;
        case 'j': S->json = 1; break;
        case 'l':
            if (optarg == NULL || strcmp(optarg, "words") == 0)
                S->line = LINE_WORDS;
            else if (strcmp(optarg, "compact") == 0)
                S->line = LINE_COMPACT;
            else
                return cli_usage_error("solve",
                                       "unknown line form '%s' "
                                       "(words or compact)",
                                       optarg);
            break;
        case 'r': rows[(*nrows)++] = optarg; break;
        case 'm':
            S->query = optarg;
            S->nquery = strlen(optarg);
            break;
        case 'h': return cli_finish_output(cli_print_help("solve"));
        case OPT_VERSION: return cli_finish_output(cli_print_version());
        default: return cli_bad_option("solve", c, argv);
        }
    }
    const int st = check_query(S);
    return st >= 0 ? st : check_both(S);
}

static int run_solve(solve_t *S, int argc, char **argv, const char **rows,
                     int nrows)
{
    int status = CLI_OK;
    for (int i = 0; i < nrows && status == CLI_OK; i++)
        status = solve_arg_row(S, i + 1, rows[i]);
    if (optind == argc && nrows == 0 && status == CLI_OK)
        status = solve_file(S, "-");
    for (int i = optind; i < argc && status == CLI_OK; i++)
        status = solve_file(S, argv[i]);
    return status;
}

int cmd_solve(int argc, char **argv)
{
    solve_t S;
    const char **rows = calloc((size_t)argc + 1, sizeof *rows);
    int nrows = 0, status;

    memset(&S, 0, sizeof S);
    S.algo = COINLINE_ALGO_LINEAR;
    if (rows == NULL || coinline_stream_new(&S.stream) != COINLINE_OK) {
        cli_error("out of memory");
        free(rows);
        return CLI_FAIL;
    }
    status = parse_options(&S, argc, argv, rows, &nrows);
    if (status < 0)
        status = cli_finish_output(run_solve(&S, argc, argv, rows, nrows));
    coinline_stream_free(S.stream);
    free(S.coins);
    free(S.moves);
    free(S.left);
    free(rows);
    return status;
}
