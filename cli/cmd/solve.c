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
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "against.h"
#include "cli.h"
#include "decimal.h"
#include "fraction.h"
#include "games.h"
#include "msg.h"
#include "multirow.h"
#include "pipeline.h"
#include "reply.h"
#include "rules.h"
#include "usage.h"
#include "wide.h"

const char cmd_solve_help[] =
    "usage: coinline solve [options] [FILE...]\n"
    "\n"
    "Reads games in the classic format from each FILE in turn ('-' or none:\n"
    "standard input): a count N, then N integers, any whitespace between;\n"
    "'#' starts a comment. Prints one answer per game, in order. A game of\n"
    "several rows (a move takes an end of any row) is 'rows K', then K rows\n"
    "each in that form: 'rows 2  3 1 3 5  2 2 9'; its moves are written\n"
    "row, then end: '2R' (the right end of row 2).\n"
    "\n"
    "Options:\n"
    "  -a, --algo=NAME     solver: linear (default, O(n)), dp (O(n^2)) or\n"
    "                      brute (exhaustive, at most 25 coins)\n"
    "      --against=RULE  player 2 follows RULE (greedy, parity, optimal,\n"
    "                      random or fallible:P) and player 1 replies as\n"
    "                      well as it can (SPOJ TWENDS): the totals then, in\n"
    "                      O(n^2); a random rule gives expected totals as\n"
    "                      exact fractions with their decimals ('47/4\n"
    "                      (11.75)'; --json: \"p1\":\"47/4\",\"p1_decimal\");\n"
    "                      up to about 17000 coins (4000 against random);\n"
    "                      --line only against a rule without chance;\n"
    "                      --moves: who is to move there, the move (the\n"
    "                      reply's, or the rule's own), the totals from there\n"
    "      --opponent-first\n"
    "                      with --against: RULE is player 1's, and player 2\n"
    "                      replies\n"
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
    "                      --line; on several rows a row, then L or R each:\n"
    "                      2R1L\n"
    "  -r, --row=VALUES    solve this row, e.g. -r '1 3 5 2 9' or -r 1,3,5;\n"
    "                      '/' between rows for a game of several rows:\n"
    "                      -r '1 3 5 / 2 9 / 4' (a blank row is empty);\n"
    "                      may be repeated; then standard input is read only\n"
    "                      if '-' is named\n"
    "      --score=NAME    what a move scores: taken (the coin it takes, the\n"
    "                      default) or remaining (the sum of the coins left\n"
    "                      after it: LeetCode 1690, Stone Game VII), with or\n"
    "                      without --circle; --json then says\n"
    "                      \"score\":\"remaining\", and the totals are the\n"
    "                      scores along the line solve plays (ties to the\n"
    "                      left): the margin is the game's value\n"
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
    int query_rows;    /* ... written as moves of several rows (2R1L) */
    line_form_t line;
    coinline_rules_t rules; /* --circle, --score */
    cli_against_t against;  /* --against, --opponent-first */
    const cli_shape_words_t *shape;
    const cli_score_words_t *score;
    uint64_t game; /* games answered so far, over all inputs */
    coinline_stream_t *stream;
    int64_t *coins; /* reused between games */
    size_t cap;
    uint64_t *positions; /* the line's moves, reused between games */
    size_t positions_cap;
    char *text; /* the line in the notation of the ends, reused */
    size_t text_cap;
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

/* ends: the line's moves as ends (L, R), or NULL when not asked. */
static void print_json(const solve_t *S, const coinline_game_result_t *res,
                       const char *ends)
{
    printf("{\"game\":%llu,\"n\":%llu", (unsigned long long)S->game,
           (unsigned long long)res->n);
    cli_rules_put_json(stdout, &S->rules);
    if (S->against.spec != NULL)
        cli_against_put_json(stdout, &S->against, 0);
    put_key("sum", res->sum);
    put_key("p1", res->p1);
    put_key("p2", res->p2);
    put_key("margin", res->margin);
    printf(",\"winner\":\"%s\",\"first_move\":",
           coinline_winner_name(res->winner));
    S->shape->put_first_json(stdout, res->first, res->n);
    if (ends != NULL)
        printf(",\"line\":\"%s\"", ends);
    fputs("}\n", stdout);
}

/* Prints count coins of the game a[0..n-1] from position start on
 * (round past n to 1), eliding the middle of long runs. */
static void print_run(const int64_t *a, size_t n, uint64_t start, size_t count)
{
    const size_t half = (SHOW_ROW_MAX - 4) / 2;
    for (size_t i = 0; i < count; i++) {
        if (count > SHOW_ROW_MAX && i == half) {
            printf(" ... (%zu more) ...", count - 2 * half);
            i = count - half;
        }
        printf("%s%lld", i == 0 ? "" : " ",
               (long long)a[(size_t)((start - 1 + i) % n)]);
    }
}

static void print_result_words(const coinline_game_result_t *res)
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

/* The end of a move's line in words: the scores st gives, then the coins
 * left (none: nothing more). */
static void print_score(const coinline_game_state_t *st, const int64_t *a,
                        size_t n)
{
    fputs("  Score ", stdout);
    cli_put_i128(stdout, st->p1);
    fputs(" to ", stdout);
    cli_put_i128(stdout, st->p2);
    fputs(".", stdout);
    if (st->left > 0) {
        fputs("  Left: ", stdout);
        print_run(a, n, st->left_end, (size_t)st->left);
    }
}

/* One move of the line in words: move k (0-based) takes the coin at
 * position p of the game g, and the game tells the scores after it. */
static int print_move(const solve_t *S, coinline_game_t *g, size_t k,
                      uint64_t p)
{
    const int64_t *a = coinline_game_coins(g);
    const size_t n = coinline_game_size(g);
    coinline_game_state_t st;
    int rc = coinline_game_state(g, &st);
    const int any = st.left_end == 0, left = p == st.left_end;
    if (rc == COINLINE_OK)
        rc = coinline_game_play(g, p);
    if (rc == COINLINE_OK)
        rc = coinline_game_state(g, &st);
    if (rc != COINLINE_OK)
        return rc;
    printf("  %zu. Player %d takes", k + 1, (int)(k % 2) + 1);
    S->shape->put_take(stdout, a[p - 1], p, any, st.left == 0, left);
    fputs(".", stdout);
    print_score(&st, a, n);
    if (any)
        S->shape->put_left_where(stdout, st.left_end, st.right_end, st.left);
    fputs("\n", stdout);
    return COINLINE_OK;
}

/* The optimal line positions[0..n-1] told move by move, with the scores
 * after each move as a game under the rules keeps them. Returns 0 or a
 * COINLINE_E* code. */
static int print_words(const solve_t *S, const char *name, const int64_t *a,
                       size_t n, const coinline_game_result_t *res,
                       const uint64_t *positions)
{
    coinline_game_t *g;
    int rc = coinline_game_new(&S->rules, a, n, &g);
    if (rc != COINLINE_OK)
        return rc;
    printf("Game %llu (%s): ", (unsigned long long)S->game, name);
    S->shape->put_head(stdout, n);
    print_run(a, n, 1, n);
    if (n == 0)
        printf("(empty %s)", S->shape->noun);
    fputs("\n", stdout);
    if (S->against.spec != NULL)
        cli_against_put_words(stdout, &S->against);
    for (size_t k = 0; k < n && rc == COINLINE_OK; k++)
        rc = print_move(S, g, k, positions[k]);
    coinline_game_free(g);
    if (rc == COINLINE_OK)
        print_result_words(res);
    return rc;
}

/* The end of a position's answer (--moves): the scores so far (st), and
 * each player's final score with best play from there (end: the game
 * played on optimally to its end); as JSON (from "value" on) or in
 * words. */
static void print_outcome(const solve_t *S, const coinline_game_state_t *st,
                          const coinline_game_state_t *end)
{
    const cl_wide fm = cl_to_wide(st->final_margin);
    if (S->json) {
        put_key("value", st->value);
        put_key("taken_p1", st->p1);
        put_key("taken_p2", st->p2);
        put_key("p1", end->p1);
        put_key("p2", end->p2);
        put_key("margin", st->final_margin);
        printf(",\"winner\":\"%s\"}\n", fm > 0   ? "first"
                                        : fm < 0 ? "second"
                                                 : "draw");
        return;
    }
    fputs("player 1 gets ", stdout);
    cli_put_i128(stdout, end->p1);
    fputs(", player 2 gets ", stdout);
    cli_put_i128(stdout, end->p2);
    if (fm == 0)
        fputs(": a draw\n", stdout);
    else {
        printf(": player %d wins by ", fm > 0 ? 1 : 2);
        cli_put_i128(stdout, cl_from_wide(fm > 0 ? fm : -fm));
        fputc('\n', stdout);
    }
}

/* The position query (--moves) on a: the position st reached, its first
 * move first (0: none yet), and end, the game played on optimally from
 * there. */
static void print_position(const solve_t *S, const int64_t *a, uint64_t first,
                           const coinline_game_state_t *st,
                           const coinline_game_state_t *end)
{
    if (S->json) {
        printf("{\"game\":%llu,\"n\":%llu", (unsigned long long)S->game,
               (unsigned long long)st->n);
        cli_rules_put_json(stdout, &S->rules);
        S->shape->put_position_json(stdout, first);
        printf(",\"moves_played\":%llu,\"coins_left\":%llu,\"to_move\":",
               (unsigned long long)st->moves, (unsigned long long)st->left);
        printf(st->to_move ? "%d" : "null", st->to_move);
        S->shape->put_best_json(stdout, st);
    } else {
        printf("after %llu move%s: ", (unsigned long long)st->moves,
               st->moves == 1 ? "" : "s");
        if (st->best != 0) {
            S->shape->put_best_words(stdout, st, a[st->best - 1]);
            fputs("; with best play, ", stdout);
        } else {
            fputs("the game is over; ", stdout);
        }
    }
    print_outcome(S, st, end);
}

/* The answer for a game: JSON, or the totals and the compact line (ends:
 * the line's moves as ends, or NULL when not asked). */
static void print_answer(const solve_t *S, const coinline_game_result_t *res,
                         const char *ends)
{
    if (S->json) {
        print_json(S, res, ends);
        return;
    }
    cli_put_i128(stdout, res->p1);
    if (S->both) {
        fputc(' ', stdout);
        cli_put_i128(stdout, res->p2);
    }
    if (ends != NULL)
        S->shape->put_compact(stdout, res->first, ends);
    fputc('\n', stdout);
}

/* ------------------------------------------------------------------------
 * Solving
 * ---------------------------------------------------------------------- */

/* solve_row()'s return when it has reported the error itself. */
#define SOLVE_REPORTED 1

/* Plays the game g on optimally to its end from the position reached,
 * into *end: its scores are each player's final score with best play. */
static int play_out(coinline_game_t *g, coinline_game_state_t *end)
{
    int rc = coinline_game_state(g, end);
    while (rc == COINLINE_OK && end->left > 0 &&
           (rc = coinline_game_play(g, end->best)) == COINLINE_OK)
        rc = coinline_game_state(g, end);
    return rc;
}

/* The position after --moves on a[0..n-1], printed; moves that do not
 * fit the game are refused with its name and number. */
/* The game of a[0..n-1] after --moves into *g (the caller frees it) and
 * its state into *st; moves that do not fit the game are refused with its
 * name and number (SOLVE_REPORTED, nothing kept). */
static int reach(solve_t *S, const char *name, const int64_t *a, size_t n,
                 coinline_game_t **g, coinline_game_state_t *st)
{
    coinline_error_t err;
    if (S->query_rows) {
        cli_error("%s: game %llu: --moves: '%s' are moves of several rows "
                  "(a row, then an end: 2R); this game has one row (L or "
                  "R a move)",
                  name, (unsigned long long)S->game + 1, S->query);
        return SOLVE_REPORTED;
    }
    int rc = coinline_game_new(&S->rules, a, n, g);
    if (rc == COINLINE_OK)
        rc = S->shape->play_moves(*g, S->query, &err);
    if (rc == COINLINE_EMOVE)
        cli_error("%s: game %llu: --moves: %s", name,
                  (unsigned long long)S->game + 1, err.message);
    if (rc == COINLINE_OK)
        rc = coinline_game_state(*g, st);
    if (rc != COINLINE_OK) {
        coinline_game_free(*g);
        *g = NULL;
    }
    return rc == COINLINE_EMOVE ? SOLVE_REPORTED : rc;
}

static int solve_position(solve_t *S, const char *name, const int64_t *a,
                          size_t n)
{
    coinline_game_t *g;
    coinline_game_state_t st, end;
    int rc = reach(S, name, a, n, &g, &st);
    if (rc != COINLINE_OK)
        return rc;
    const uint64_t first = coinline_game_history(g, 1);
    rc = play_out(g, &end);
    if (rc == COINLINE_OK) {
        S->game++;
        print_position(S, a, first, &st, &end);
    }
    coinline_game_free(g);
    return rc;
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

/* The optimal line of a[0..n-1] into S->positions, and *ends: its moves
 * as ends (L, R), after the first move's position and colon where any
 * coin may be taken (coinline_positions_text()). */
static int find_line(solve_t *S, const int64_t *a, size_t n, const char **ends)
{
    int rc = reserve((void **)&S->positions, &S->positions_cap, n + 1,
                     sizeof *S->positions);
    if (rc == COINLINE_OK && n > SIZE_MAX - 32)
        rc = COINLINE_ENOMEM;
    if (rc == COINLINE_OK)
        rc = reserve((void **)&S->text, &S->text_cap, n + 32, 1);
    if (rc == COINLINE_OK)
        rc = coinline_game_line(&S->rules, a, n, S->algo, S->positions);
    if (rc == COINLINE_OK) {
        const int len = coinline_positions_text(&S->rules, n, S->positions, n,
                                                S->text, S->text_cap);
        rc = len < 0 ? len : COINLINE_OK;
    }
    if (rc == COINLINE_OK) {
        const char *colon = strchr(S->text, ':');
        *ends = colon != NULL ? colon + 1 : S->text;
    }
    return rc;
}

/* The line of the best reply against S->against on a[0..n-1] into
 * S->positions and S->text (its ends). */
static int against_line(solve_t *S, const char *name, const int64_t *a,
                        size_t n)
{
    int rc = reserve((void **)&S->positions, &S->positions_cap, n + 1,
                     sizeof *S->positions);
    if (rc == COINLINE_OK)
        rc = reserve((void **)&S->text, &S->text_cap, n + 1, 1);
    if (rc == COINLINE_OK)
        rc = coinline_against_line(a, n, S->against.spec, S->against.seat,
                                   S->text);
    if (rc == COINLINE_EINVAL) {
        cli_error("%s: game %llu: against %s there is no one line of play "
                  "(its moves are random): leave out --line",
                  name, (unsigned long long)S->game + 1, S->against.spec);
        return SOLVE_REPORTED;
    }
    for (size_t k = 0, lo = 1, hi = n; rc == COINLINE_OK && k < n; k++)
        S->positions[k] = S->text[k] == 'L' ? lo++ : hi--;
    return rc;
}

/* A value of the position against a rule: exact (a number) or not. */
static void put_reply_value(const solve_t *S, const char *key, const char *text,
                            double value, int exact)
{
    if (!S->json) {
        cli_against_put_value(stdout, text, value, NULL);
        return;
    }
    if (!exact) {
        cli_against_put_value(stdout, text, value, key);
        return;
    }
    printf(",\"%s\":%s", key, text);
}

/* The end of the position's answer against a rule: each player's final
 * total with the best reply from there (r: the replier's view). */
static void print_reply_outcome(const solve_t *S, const cli_reply_t *r,
                                const coinline_game_state_t *st)
{
    const int one = S->against.seat == 2; /* the replier is player 1 */
    char *m = one ? NULL : cli_fraction_negate(r->margin_text);
    const char *margin = one ? r->margin_text : m != NULL ? m : "?";
    const char *win = margin[0] == '-'           ? "second"
                      : strcmp(margin, "0") == 0 ? "draw"
                                                 : "first";
    const double md = one ? r->mine_d - r->theirs_d : r->theirs_d - r->mine_d;
    if (S->json) {
        put_key("taken_p1", st->p1);
        put_key("taken_p2", st->p2);
    } else {
        fputs(r->exact ? "player 1 gets " : "player 1 expects ", stdout);
    }
    put_reply_value(S, "p1", one ? r->mine_text : r->theirs_text,
                    one ? r->mine_d : r->theirs_d, r->exact);
    fputs(S->json ? "" : r->exact ? ", player 2 gets " : ", player 2 ", stdout);
    put_reply_value(S, "p2", one ? r->theirs_text : r->mine_text,
                    one ? r->theirs_d : r->mine_d, r->exact);
    if (S->json) {
        put_reply_value(S, "margin", margin, md, r->exact);
        printf(",\"winner\":\"%s\"}\n", win);
    } else if (win[0] == 'd') {
        puts(r->exact ? ": a draw" : ": even on average");
    } else {
        printf(": player %d %s ", win[0] == 'f' ? 1 : 2,
               r->exact ? "wins by" : "is ahead by");
        put_reply_value(S, "margin", margin + (margin[0] == '-'),
                        md < 0 ? -md : md, r->exact);
        puts(r->exact ? "" : " on average");
    }
    free(m);
}

/* The move at the position against a rule: the best reply's when the
 * replier is to move, else the rule's own (none for a rule with chance). */
static void print_reply_position(const solve_t *S, const int64_t *a,
                                 const coinline_game_state_t *st,
                                 coinline_side_t side, const cli_reply_t *r,
                                 uint64_t off)
{
    const int rule = st->to_move == S->against.seat;
    const uint64_t at =
        side == COINLINE_SIDE_LEFT ? st->left_end : st->right_end;
    if (S->json) {
        printf("{\"game\":%llu,\"n\":%llu", (unsigned long long)S->game,
               (unsigned long long)st->n);
        cli_against_put_json(stdout, &S->against, !r->exact);
        printf(",\"moves_played\":%llu,\"coins_left\":%llu,\"to_move\":",
               (unsigned long long)st->moves, (unsigned long long)st->left);
        printf(st->to_move ? "%d" : "null", st->to_move);
        printf(",\"best\":%s", side == COINLINE_SIDE_NONE   ? "null"
                               : side == COINLINE_SIDE_LEFT ? "\"left\""
                                                            : "\"right\"");
        if (off != 0)
            printf(",\"off_rule\":%llu", (unsigned long long)off);
        else
            fputs(",\"off_rule\":null", stdout);
    } else {
        printf("after %llu move%s: ", (unsigned long long)st->moves,
               st->moves == 1 ? "" : "s");
        if (st->to_move == 0)
            fputs("the game is over; ", stdout);
        else if (rule && side == COINLINE_SIDE_NONE)
            printf("player %d (%s) is to move, by chance; with the best "
                   "reply from there, ",
                   st->to_move, S->against.spec);
        else
            printf("player %d%s%s%s is to move: %s the %s coin (%lld); "
                   "with the best reply from there, ",
                   st->to_move, rule ? " (" : "", rule ? S->against.spec : "",
                   rule ? ")" : "", rule ? "it takes" : "the best reply takes",
                   side == COINLINE_SIDE_LEFT ? "left" : "right",
                   (long long)a[at - 1]);
    }
    print_reply_outcome(S, r, st);
}

/* The first of the moves played (g's history) that the rule's player
 * made other than the rule makes it, 1-based, or 0; a rule with chance
 * (exact 0) has no such move. *want gets the rule's move there. */
static uint64_t off_rule(const solve_t *S, const coinline_game_t *g,
                         const int64_t *a, size_t n, int exact,
                         coinline_side_t *want)
{
    size_t lo = 0, hi = n;
    const uint64_t moves = coinline_game_moves(g);
    for (uint64_t k = 1; exact && k <= moves; k++) {
        const uint64_t p = coinline_game_history(g, k);
        const coinline_side_t played =
            p == lo + 1 ? COINLINE_SIDE_LEFT : COINLINE_SIDE_RIGHT;
        const cli_reply_pos_t pos = {a, lo, hi, S->against.spec, 0, 0};
        if ((int)((k - 1) % 2) + 1 == S->against.seat &&
            cli_reply_rule_move(&pos, 1, want) == COINLINE_OK &&
            *want != played)
            return k;
        if (played == COINLINE_SIDE_LEFT)
            lo++;
        else
            hi--;
    }
    return 0;
}

/* The position after --moves against a rule (--against): who is to move,
 * the move there, and the totals with the best reply from there. */
static int against_position(solve_t *S, const char *name, const int64_t *a,
                            size_t n)
{
    coinline_game_t *g;
    coinline_game_state_t st;
    int rc = reach(S, name, a, n, &g, &st);
    if (rc != COINLINE_OK)
        return rc;
    const int one = S->against.seat == 2;
    const cl_wide t1 = cl_to_wide(st.p1), t2 = cl_to_wide(st.p2);
    const cli_reply_pos_t pos = {a,
                                 st.left > 0 ? st.left_end - 1 : 0,
                                 st.left > 0 ? st.right_end : 0,
                                 S->against.spec,
                                 one ? t1 : t2,
                                 one ? t2 : t1};
    cli_reply_t r;
    coinline_side_t side = COINLINE_SIDE_NONE, want = COINLINE_SIDE_NONE;
    rc = cli_reply_at(&pos, st.to_move != S->against.seat, &r);
    if (rc == COINLINE_OK)
        side = r.move;
    if (rc == COINLINE_OK && st.to_move == S->against.seat)
        rc = cli_reply_rule_move(&pos, r.exact, &side);
    const uint64_t off =
        rc == COINLINE_OK ? off_rule(S, g, a, n, r.exact, &want) : 0;
    coinline_game_free(g);
    if (rc == COINLINE_OK) {
        S->game++;
        print_reply_position(S, a, &st, side, &r, off);
        if (off != 0 && !S->json)
            printf("(move %llu did not follow %s, which takes the %s end "
                   "there: the totals are from the position reached)\n",
                   (unsigned long long)off, S->against.spec,
                   want == COINLINE_SIDE_LEFT ? "left" : "right");
    }
    cli_reply_free(&r);
    return rc;
}

/* Solves a[0..n-1] against a known rule (--against) and prints it. */
static int solve_against(solve_t *S, const char *name, const int64_t *a,
                         size_t n)
{
    coinline_against_t r;
    int rc = coinline_against_solve(a, n, S->against.spec, S->against.seat, &r);
    if (rc == COINLINE_ETOOBIG) {
        cli_error("%s: game %llu: %zu coins are too many for --against %s: "
                  "its O(n^2) programme stops near 1.5 s of work (about "
                  "17000 coins against greedy, parity or optimal, 4000 "
                  "against random, fewer for fallible:P)",
                  name, (unsigned long long)S->game + 1, n, S->against.spec);
        return SOLVE_REPORTED;
    }
    if (rc == COINLINE_OK && S->line != LINE_NONE)
        rc = against_line(S, name, a, n);
    if (rc == COINLINE_OK) {
        S->game++;
        const coinline_game_result_t res =
            cli_against_result(&r, a, n, &S->against);
        if (!r.exact)
            cli_against_put_expected(stdout, S->game, a, n, &S->against, &r,
                                     S->json, S->both);
        else if (S->line == LINE_WORDS && !S->json)
            rc = print_words(S, name, a, n, &res, S->positions);
        else
            print_answer(S, &res, S->line != LINE_NONE ? S->text : NULL);
    }
    coinline_against_free(&r);
    return rc;
}

/* Solves a[0..n-1] under the rules (and its line, if asked) and prints
 * the answer. Returns 0, SOLVE_REPORTED or a COINLINE_E* code. */
static int solve_row(solve_t *S, const char *name, const int64_t *a, size_t n)
{
    if (S->query != NULL && S->against.spec != NULL)
        return against_position(S, name, a, n);
    if (S->query != NULL)
        return solve_position(S, name, a, n);
    if (S->against.spec != NULL)
        return solve_against(S, name, a, n);
    coinline_game_result_t res;
    const char *ends = NULL;
    int rc = coinline_game_solve(&S->rules, a, n, S->algo, &res);
    if (rc == COINLINE_OK && S->line != LINE_NONE)
        rc = find_line(S, a, n, &ends);
    if (rc != COINLINE_OK)
        return rc;
    S->game++;
    if (S->line == LINE_WORDS && !S->json)
        return print_words(S, name, a, n, &res, S->positions);
    print_answer(S, &res, ends);
    return COINLINE_OK;
}

/* The streaming solver's result as the rules' calls give it. */
static coinline_game_result_t from_stream(const coinline_result_t *r)
{
    coinline_game_result_t g;
    memset(&g, 0, sizeof g);
    g.n = r->n;
    g.sum = r->sum;
    g.p1 = r->p1;
    g.p2 = r->p2;
    g.margin = r->margin;
    g.winner = r->winner;
    g.first = r->first_move == COINLINE_SIDE_LEFT    ? 1
              : r->first_move == COINLINE_SIDE_RIGHT ? r->n
                                                     : 0;
    return g;
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

/* The most coins the chosen solver takes for what was asked under the
 * rules (0: any), with what it does and the advice, for the message. */
static uint64_t longest_row(const solve_t *S, const char **what,
                            const char **advice)
{
    const uint64_t more = S->shape->more;
    if (S->algo == COINLINE_ALGO_BRUTE) {
        *what = "--algo brute solves";
        *advice = "use linear or dp";
        return COINLINE_BRUTE_MAX + more;
    }
    if (S->algo == COINLINE_ALGO_DP &&
        (S->line != LINE_NONE || S->score->plays_line)) {
        *what = "--algo dp finds the line of";
        *advice = "its table would pass 2 GiB; use linear";
        return COINLINE_DP_LINE_MAX + more;
    }
    if (S->algo == COINLINE_ALGO_LINEAR && S->shape->linear_max != 0) {
        *what = "the linear solver solves";
        *advice = S->shape->linear_why;
        return S->shape->linear_max;
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
    cli_error("%s:%llu:%llu: game %llu has %llu coins; %s%s at most %llu "
              "(%s)",
              name, (unsigned long long)w->line, (unsigned long long)w->column,
              (unsigned long long)game, (unsigned long long)count, what,
              S->shape->of, (unsigned long long)max, advice);
    return CLI_FAIL;
}

/* Whether the games are solved by the streaming solver, the coins not
 * kept: the linear value alone, no line, no position asked, and rules it
 * answers (not a circle, whose solver needs all its coins at once, nor a
 * scoring whose scores need the line played). */
static int streams(const solve_t *S)
{
    return S->algo == COINLINE_ALGO_LINEAR && S->line == LINE_NONE &&
           S->query == NULL && S->shape->streams && !S->score->plays_line &&
           S->against.spec == NULL;
}

/* Streams the coins of the current game (count announced) into the
 * linear solver and prints its answer. Returns 0 or the reading's error. */
static int solve_streamed(solve_t *S, coinline_reader_t *r, uint64_t count)
{
    coinline_result_t res;
    const int rc = stream_coins(S, r, count);
    if (rc != 0)
        return rc;
    coinline_stream_result(S->stream, &res);
    S->game++;
    const coinline_game_result_t g = from_stream(&res);
    print_answer(S, &g, NULL);
    return 0;
}

/* ------------------------------------------------------------------------
 * Several rows: a game whose layout has two rows or more (one row is the
 * classic game, answered above)
 * ---------------------------------------------------------------------- */

/* The optimal line of G from its start, each move told as it is played.
 * Leaves G at its end. Returns 0 or a COINLINE_E* code. */
static int rows_line_words(cli_rows_game_t *G, size_t n)
{
    coinline_multirow_state_t st;
    int rc = COINLINE_OK;
    for (size_t k = 0; rc == COINLINE_OK && k < n; k++) {
        if ((rc = coinline_multirow_game_state(G->g, &st)) != COINLINE_OK)
            break;
        const size_t row = (size_t)st.best_row;
        const int64_t coin = cli_rows_game_coin(G, row, st.best_side);
        const int last = cli_rows_game_last_of_row(G, row);
        const coinline_side_t side = st.best_side;
        if ((rc = coinline_multirow_game_play(G->g, row, side)) !=
                COINLINE_OK ||
            (rc = coinline_multirow_game_state(G->g, &st)) != COINLINE_OK)
            break;
        printf("  %zu. Player %d takes %lld ", k + 1, (int)(k % 2) + 1,
               (long long)coin);
        if (last)
            printf("from row %zu (its last coin).", row + 1);
        else
            printf("from the %s end of row %zu.",
                   side == COINLINE_SIDE_LEFT ? "left" : "right", row + 1);
        fputs("  Score ", stdout);
        cli_put_i128(stdout, st.p1);
        fputs(" to ", stdout);
        cli_put_i128(stdout, st.p2);
        fputs(".", stdout);
        if (st.left > 0) {
            fputs("  Left: ", stdout);
            cli_rows_put_left(stdout, G, SHOW_ROW_MAX);
        }
        fputc('\n', stdout);
    }
    return rc;
}

/* The optimal line of G's n coins in notation (2R1L...) into S->text, from
 * the library's line (coinline_multirow_line()). Returns 0 or a
 * COINLINE_E* code. */
static int rows_line_text(solve_t *S, const cli_rows_game_t *G, size_t n)
{
    uint64_t *rows = malloc((n + 1) * sizeof *rows);
    char *sides = malloc(n + 1);
    size_t len = 0;
    int rc = rows != NULL && sides != NULL ? COINLINE_OK : COINLINE_ENOMEM;
    if (rc == COINLINE_OK)
        rc = coinline_multirow_line(G->coins, G->lens, G->k, rows, sides);
    if (rc == COINLINE_OK) /* a move: at most 21 bytes; cli_rows_notation()
                            * may write into 24 */
        rc = reserve((void **)&S->text, &S->text_cap, 21 * n + 24, 1);
    for (size_t k = 0; rc == COINLINE_OK && k < n; k++)
        len += (size_t)cli_rows_notation(S->text + len, (size_t)rows[k],
                                         sides[k] == 'L' ? COINLINE_SIDE_LEFT
                                                         : COINLINE_SIDE_RIGHT);
    if (rc == COINLINE_OK)
        S->text[len] = '\0';
    free(rows);
    free(sides);
    return rc;
}

/* The result of a game of several rows as the classic words and JSON
 * print it. */
static coinline_game_result_t rows_result(const coinline_multirow_result_t *m)
{
    coinline_game_result_t g;
    memset(&g, 0, sizeof g);
    g.n = m->n;
    g.sum = m->sum;
    g.p1 = m->p1;
    g.p2 = m->p2;
    g.margin = m->margin;
    g.winner = m->winner;
    return g;
}

/* The answer for a game of several rows: as print_answer() and
 * print_json() say a game of one row, with "rows" and the first move as a
 * row and an end (G at its start: the first move's coin). */
static void print_rows_answer(const solve_t *S, const cli_rows_game_t *G,
                              const coinline_multirow_result_t *m,
                              const char *line)
{
    const coinline_game_result_t res = rows_result(m);
    if (!S->json) {
        cli_put_i128(stdout, res.p1);
        if (S->both) {
            fputc(' ', stdout);
            cli_put_i128(stdout, res.p2);
        }
        if (line != NULL)
            printf(" %s", line[0] != '\0' ? line : "-");
        fputc('\n', stdout);
        return;
    }
    printf("{\"game\":%llu,\"n\":%llu,\"rows\":%zu",
           (unsigned long long)S->game, (unsigned long long)res.n, G->k);
    put_key("sum", res.sum);
    put_key("p1", res.p1);
    put_key("p2", res.p2);
    put_key("margin", res.margin);
    printf(",\"winner\":\"%s\",\"first_move\":",
           coinline_winner_name(res.winner));
    const size_t row = (size_t)m->first_row;
    cli_rows_put_move_json(stdout, row, m->first_side,
                           cli_rows_game_coin(G, row, m->first_side));
    if (line != NULL)
        printf(",\"line\":\"%s\"", line);
    fputs("}\n", stdout);
}

/* The game of several rows G solved and answered from its start. */
static int rows_answer(solve_t *S, const char *name, cli_rows_game_t *G,
                       size_t n)
{
    coinline_multirow_result_t m;
    int rc = coinline_multirow_solve(G->coins, G->lens, G->k, &m);
    if (rc != COINLINE_OK)
        return rc;
    if (S->line != LINE_WORDS || S->json) {
        S->game++;
        if (S->line != LINE_NONE && (rc = rows_line_text(S, G, n)) != 0)
            return rc;
        print_rows_answer(S, G, &m, S->line != LINE_NONE ? S->text : NULL);
        return COINLINE_OK;
    }
    S->game++;
    printf("Game %llu (%s): %zu rows, %zu coin%s: ",
           (unsigned long long)S->game, name, G->k, n, n == 1 ? "" : "s");
    cli_rows_put_left(stdout, G, SHOW_ROW_MAX);
    fputc('\n', stdout);
    if ((rc = rows_line_words(G, n)) == COINLINE_OK) {
        const coinline_game_result_t res = rows_result(&m);
        print_result_words(&res);
    }
    return rc;
}

/* The game of several rows G after --moves: the position reached into
 * *st with its best move's coin (*coin), and as print_outcome() takes
 * them its value and final margin (*at) and each player's final total
 * with best play (*fin); G is left at its end. Moves that do not fit are
 * refused (SOLVE_REPORTED). */
static int rows_reach(solve_t *S, const char *name, cli_rows_game_t *G,
                      coinline_multirow_state_t *st, int64_t *coin,
                      coinline_game_state_t *at, coinline_game_state_t *fin)
{
    coinline_error_t err;
    coinline_multirow_state_t end;
    int rc = cli_rows_play_moves(G, S->query, &err);
    memset(at, 0, sizeof *at);
    memset(fin, 0, sizeof *fin);
    if (rc == COINLINE_EMOVE) {
        cli_error("%s: game %llu: --moves: %s", name,
                  (unsigned long long)S->game + 1, err.message);
        return SOLVE_REPORTED;
    }
    if (rc == COINLINE_OK &&
        (rc = coinline_multirow_game_state(G->g, st)) == COINLINE_OK)
        rc = coinline_multirow_game_value(G->g, &at->value);
    if (rc != COINLINE_OK)
        return rc;
    *coin = cli_rows_game_coin(G, (size_t)st->best_row, st->best_side);
    const cl_wide v = cl_to_wide(at->value);
    at->p1 = st->p1;
    at->p2 = st->p2;
    at->final_margin = cl_from_wide(cl_to_wide(st->p1) - cl_to_wide(st->p2) +
                                    (st->to_move == 2 ? -v : v));
    end = *st;
    while (rc == COINLINE_OK && end.left > 0 &&
           (rc = coinline_multirow_game_play(G->g, (size_t)end.best_row,
                                             end.best_side)) == COINLINE_OK)
        rc = coinline_multirow_game_state(G->g, &end);
    fin->p1 = end.p1;
    fin->p2 = end.p2;
    return rc;
}

/* The position after --moves on the game of several rows G, printed as
 * print_position() prints one of a single row. */
static int rows_position(solve_t *S, const char *name, cli_rows_game_t *G)
{
    coinline_multirow_state_t st;
    coinline_game_state_t at, fin;
    int64_t coin = 0;
    const int rc = rows_reach(S, name, G, &st, &coin, &at, &fin);
    if (rc != COINLINE_OK)
        return rc;
    const size_t row = (size_t)st.best_row;
    S->game++;
    if (S->json) {
        printf("{\"game\":%llu,\"n\":%llu,\"rows\":%zu,\"moves_played\":%llu,"
               "\"coins_left\":%llu,\"to_move\":",
               (unsigned long long)S->game, (unsigned long long)st.n, G->k,
               (unsigned long long)st.moves, (unsigned long long)st.left);
        printf(st.to_move ? "%d" : "null", st.to_move);
        fputs(",\"best_move\":", stdout);
        cli_rows_put_move_json(stdout, row, st.best_side, coin);
    } else {
        printf("after %llu move%s: ", (unsigned long long)st.moves,
               st.moves == 1 ? "" : "s");
        if (st.left > 0) {
            printf("player %d to move, best move ", st.to_move);
            cli_rows_put_move(stdout, row, st.best_side, coin);
            fputs("; with best play, ", stdout);
        } else {
            fputs("the game is over; ", stdout);
        }
    }
    print_outcome(S, &at, &fin);
    return COINLINE_OK;
}

/* Solves and prints the game of several rows a[0..n-1], lens[0..k-1]. */
static int solve_rows(solve_t *S, const char *name, const int64_t *a, size_t n,
                      const uint64_t *lens, size_t k)
{
    cli_rows_game_t G;
    int rc = cli_rows_game_new(&G, a, lens, k);
    if (rc != COINLINE_OK)
        return rc;
    rc = S->query != NULL ? rows_position(S, name, &G)
                          : rows_answer(S, name, &G, n);
    cli_rows_game_free(&G);
    return rc;
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

/* Solves the game of several rows whose "rows K" r has just read (k:
 * K): refused at once, at its place, when the options do not fit several
 * rows; else read whole and solved (one row is the classic game). Returns
 * as solve_next(). */
static int rows_next(solve_t *S, coinline_reader_t *r, const char *name,
                     uint64_t k)
{
    coinline_error_t w = {0, 0, "", {0}};
    int64_t *a;
    uint64_t *lens;
    size_t n, rows;
    const char *why =
        k > 1 ? cli_rows_refusal(&S->rules, S->against.spec, S->algo) : NULL;
    const uint64_t game = coinline_reader_game_index(r);
    (void)coinline_reader_last_token(r, &w);
    if (why != NULL) {
        cli_error("%s:%llu:%llu: game %llu has %llu rows; %s", name,
                  (unsigned long long)w.line, (unsigned long long)w.column,
                  (unsigned long long)game, (unsigned long long)k, why);
        return -CLI_FAIL;
    }
    int rc = coinline_reader_read_rows(r, &a, &n, &lens, &rows);
    if (rc < 0)
        return read_failed(name, r, rc);
    if (rows == 1 && refuse_long(S, name, &w, game, n) != CLI_OK)
        rc = SOLVE_REPORTED;
    else
        rc = rows == 1 ? solve_row(S, name, a, n)
                       : solve_rows(S, name, a, n, lens, rows);
    free(a);
    free(lens);
    if (rc == COINLINE_OK)
        return 1;
    if (rc != SOLVE_REPORTED)
        cli_error("%s: game %llu: %s", name, (unsigned long long)game,
                  coinline_strerror(rc));
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

    if (rc == COINLINE_READER_ROWS)
        return rows_next(S, r, name, count);
    /* The count's place is located only for a solver with a limit. */
    if (rc == 1 && longest_row(S, &what, &advice) != 0 &&
        coinline_reader_last_token(r, &w) == COINLINE_OK &&
        refuse_long(S, coinline_reader_name(r), &w,
                    coinline_reader_game_index(r), count) != CLI_OK)
        return -CLI_FAIL;
    if (rc == 1 && streams(S)) {
        if ((rc = solve_streamed(S, r, count)) == 0)
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
        const coinline_game_result_t g = from_stream(&res);
        print_answer(S, &g, NULL);
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
        if (rc == CLI_GAMES_LONG && (rc = solve_streamed(S, r, count)) == 0)
            continue;
        if (rc == CLI_GAMES_ROWS) {
            if ((rc = rows_next(S, r, name, count)) == 1)
                continue;
            return rc;
        }
        return rc == 0 ? 0 : read_failed(name, r, rc);
    }
}

/* Before the reader of live input reads more: the answers so far go out
 * when nothing more is ready to read, so that a program feeding games
 * one at a time reads each answer before it sends the next, while a fast
 * feeder's answers go out a buffer at a time. */
static void flush_if_idle(void *ctx)
{
    struct pollfd p = {*(const int *)ctx, POLLIN, 0};
    if (poll(&p, 1, 0) == 0)
        fflush(stdout);
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
    /* Answer each game before waiting for more when the input is a pipe
     * or a terminal, so that a program feeding games can read the answers
     * as it goes (flush_if_idle()). */
    const int live = fstat(fileno(fp), &st) == 0 && !S_ISREG(st.st_mode);
    if (is_stdin)
        cli_note_stdin("coins");
    if (coinline_reader_from_fd(fileno(fp), is_stdin ? "<stdin>" : path, &r) !=
        0) {
        cli_error("%s: out of memory", path);
        rc = -CLI_FAIL;
    } else {
        const char *name = is_stdin ? "<stdin>" : path;
        const int fd = fileno(fp);
        rc = 1;
        coinline_reader_allow_rows(r, 1);
        if (!live && streams(S))
            rc = solve_batches(S, r, name);
        if (live)
            coinline_reader_on_read(r, flush_if_idle, (void *)&fd);
        /* Stop at the first failed write: the input may never end. */
        while (rc == 1 && (rc = solve_next(S, r, name)) == 1 && !ferror(stdout))
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
    uint64_t *lens = NULL;
    size_t n = 0, rows = 1;
    coinline_error_t err;
    char name[32];
    int rc = coinline_rows_parse(text, &a, &n, &lens, &rows, &err);

    snprintf(name, sizeof name, "--row %d", k);
    const coinline_error_t w = {1, 1, "", {0}};
    if (rc == COINLINE_ESYNTAX || rc == COINLINE_ERANGE) {
        cli_report_error(name, &err, rc);
        return CLI_FAIL;
    }
    if (rc == COINLINE_OK && refuse_long(S, name, &w, 1, n) != CLI_OK) {
        free(a);
        free(lens);
        return CLI_FAIL;
    }
    if (rc == COINLINE_OK)
        rc = rows == 1 ? solve_row(S, name, a, n)
                       : solve_rows(S, name, a, n, lens, rows);
    free(a);
    free(lens);
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

enum { OPT_VERSION = 256, OPT_AGAINST, OPT_OPPONENT_FIRST };

static const struct option solve_options[] = {
    {"algo", required_argument, NULL, 'a'},
    {"against", required_argument, NULL, OPT_AGAINST},
    {"opponent-first", no_argument, NULL, OPT_OPPONENT_FIRST},
    {"both", no_argument, NULL, 'b'},
    {"json", no_argument, NULL, 'j'},
    {"line", optional_argument, NULL, 'l'},
    {"moves", required_argument, NULL, 'm'},
    {"row", required_argument, NULL, 'r'},
    {"help", no_argument, NULL, 'h'},
    {"version", no_argument, NULL, OPT_VERSION},
    CLI_RULES_LONG_OPTIONS,
    {NULL, 0, NULL, 0},
};

/* --moves: moves the rules' shape reads (checked against each game
 * later), and no option that answers another question. Returns -1 or the
 * exit status of a usage error. */
static int check_query(solve_t *S)
{
    coinline_error_t err;
    if (S->query == NULL)
        return -1;
    if (S->algo_given || S->both || S->line != LINE_NONE)
        return cli_usage_error("solve", "--moves answers one position; it "
                                        "goes without --algo, --both and "
                                        "--line");
    if (S->shape->check_moves(S->query, &err) == COINLINE_OK)
        return -1;
    coinline_error_t rows_err;
    S->query_rows = S->rules.shape == COINLINE_SHAPE_LINE &&
                    cli_rows_check_moves(S->query, &rows_err) == COINLINE_OK;
    if (!S->query_rows)
        return cli_usage_error("solve", "--moves: %s", err.message);
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

/* --against: a rule the library knows, on the classic game, answered by
 * its own programme (no --algo, no position yet). Returns -1 or the exit
 * status of a usage error. */
static int check_against(const solve_t *S, int first)
{
    const int st = cli_against_check("solve", &S->against, first, &S->rules);
    if (st >= 0 || S->against.spec == NULL)
        return st;
    if (S->algo_given)
        return cli_usage_error("solve", "--against has a programme of its "
                                        "own: leave out --algo");
    return -1;
}

/* Parses the options into S; rows go to rows[]. Returns -1 to go on, or
 * the exit status. */
static int parse_options(solve_t *S, int argc, char **argv, const char **rows,
                         int *nrows)
{
    int c, st, first = 0;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":a:b" CLI_RULES_SHORT "jl::m:r:h",
                            solve_options, NULL)) != -1) {
        if (cli_rules_option("solve", c, optarg, &S->rules, &st)) {
            if (st >= 0)
                return st;
            continue;
        }
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
        case 'm': S->query = optarg; break;
        case OPT_AGAINST: S->against.spec = optarg; break;
        case OPT_OPPONENT_FIRST: first = 1; break;
        case 'h': return cli_finish_output(cli_print_help("solve"));
        case OPT_VERSION: return cli_finish_output(cli_print_version());
        default: return cli_bad_option("solve", c, argv);
        }
    }
    S->shape = cli_shape_words(&S->rules);
    S->score = cli_score_words(&S->rules);
    S->against.seat = first ? 1 : 2;
    st = check_against(S, first);
    if (st < 0)
        st = check_query(S);
    return st >= 0 ? st : check_both(S);
}

/* A --row of several rows with options they do not take: refused before
 * any game is answered. Returns -1 or the exit status of a usage
 * error. */
static int check_rows(const solve_t *S, const char **rows, int nrows)
{
    const char *why = cli_rows_refusal(&S->rules, S->against.spec, S->algo);
    for (int i = 0; i < nrows && why != NULL; i++)
        if (strchr(rows[i], '/') != NULL)
            return cli_usage_error("solve", "--row %d has several rows; %s",
                                   i + 1, why);
    return -1;
}

static int run_solve(solve_t *S, int argc, char **argv, const char **rows,
                     int nrows)
{
    int status = check_rows(S, rows, nrows);
    if (status >= 0)
        return status;
    status = CLI_OK;
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
    free(S.positions);
    free(S.text);
    free(rows);
    return status;
}
