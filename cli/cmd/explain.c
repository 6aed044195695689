/* SPDX-License-Identifier: MIT */
/*
 * explain.c - coinline explain: a row's optimal play in plain words.
 * The result, the optimal line, why the first move is right (what the
 * other first move would allow), and what the greedy and the parity
 * strategies would do as player 1 against best play, where they first
 * go wrong and what it costs: the explanations of the classic write-ups,
 * made for any row.
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "decimal.h"
#include "jsonw.h"
#include "msg.h"
#include "opt.h"
#include "rows.h"
#include "rules.h"
#include "usage.h"
#include "wide.h"

const char cmd_explain_help[] =
    "usage: coinline explain [options] [FILE]\n"
    "\n"
    "Explains the optimal play of a row in words: the result, the optimal\n"
    "line, why the first move is right and what the other one would allow,\n"
    "and how the greedy and parity strategies fare as player 1 against best\n"
    "play. The row: --row, or a game of FILE (the first unless --game says;\n"
    "'-' or none: standard input).\n"
    "\n"
    "Options:\n"
    "  -c, --circle        the coins lie on a circle (the pizza game): the\n"
    "                      first player takes any coin, then the ends of the\n"
    "                      line left; explains the rules, the result, the\n"
    "                      best first position and why (the margin of every\n"
    "                      first position up to 12 coins; past 12, of the\n"
    "                      best 5 only), the line, and the share of the\n"
    "                      total player 1 secures (against the 4/9\n"
    "                      guarantee when no coin is negative)\n"
    "  -r, --row=VALUES    the row, e.g. -r '1 3 5 2 9'\n"
    "      --score=NAME    what a move scores: taken (the default) or\n"
    "                      remaining (the sum of the coins left after it:\n"
    "                      LeetCode 1690), with or without --circle; then it\n"
    "                      explains the rules, the result, the recursion of\n"
    "                      the values, each first move's margin (of a\n"
    "                      circle's first positions, as above), the line with\n"
    "                      the scores, and up to 10 coins the table of every\n"
    "                      run; --json: n, the rules' keys, sum, p1, p2,\n"
    "                      margin, winner, first_move, line, first_moves,\n"
    "                      table (start, length, value, best, on_line; null\n"
    "                      past 10 coins)\n"
    "  -k, --game=K        the K-th game of FILE (default 1)\n"
    "  -j, --json          the same facts as one JSON object: n, sum, p1, p2,\n"
    "                      margin, winner, line, why_first, greedy, parity,\n"
    "                      odd_sum, even_sum, parity_class (with --circle:\n"
    "                      n, circle, sum, p1, p2, margin, winner,\n"
    "                      first_move, line, first_moves (the positions\n"
    "                      the text tells), share_percent, negative_at,\n"
    "                      four_ninths)\n"
    "  -h, --help          show this help\n"
    "      --version       show the version\n"
    "\n"
    "Exit status: 0 ok, 1 bad input or failure, 2 usage error.\n";

/* Lines longer than this are shown in part. */
#define SHOWN_MOVES 40
#define SHOWN_COINS 30

/* Where the explanation is written before it is folded. */
static FILE *out;

static const char *plural(cl_wide v)
{
    return v == 1 || v == -1 ? "" : "s";
}

/* The coins a[lo..hi-1], the middle elided when there are many. */
static void put_coins(const int64_t *a, size_t lo, size_t hi)
{
    for (size_t i = lo; i < hi; i++) {
        if (hi - lo > SHOWN_COINS && i == lo + SHOWN_COINS / 2) {
            fprintf(out, " ... (%zu more)", hi - lo - SHOWN_COINS);
            i = hi - SHOWN_COINS / 2 - 1;
            continue;
        }
        fprintf(out, "%s%lld", i > lo ? " " : "", (long long)a[i]);
    }
    if (hi == lo)
        fputs("(none)", out);
}

/* V of a[lo..hi-1] for the player to move. */
static int value_of(const int64_t *a, size_t lo, size_t hi, cl_wide *v)
{
    coinline_result_t r;
    const int rc = coinline_solve(hi > lo ? a + lo : NULL, hi - lo,
                                  COINLINE_ALGO_LINEAR, &r);
    *v = rc == COINLINE_OK ? cl_to_wide(r.margin) : 0;
    return rc;
}

/* Plays spec1 (player 1) against spec2 from the start; moves get 'L'/'R'. */
static int simulate(const int64_t *a, size_t n, const char *spec1,
                    const char *spec2, char *moves)
{
    coinline_engine_t *e;
    coinline_strategy_t *s[2] = {NULL, NULL};
    int rc = coinline_engine_new(a, n, &e);
    for (int k = 0; k < 2 && rc == COINLINE_OK; k++)
        rc = coinline_strategy_new(k == 0 ? spec1 : spec2, 1, &s[k]);
    for (size_t m = 0; m < n && rc == COINLINE_OK; m++) {
        coinline_side_t side;
        rc = coinline_strategy_move(s[m % 2], e, &side);
        if (rc == COINLINE_OK)
            rc = coinline_engine_play(e, side);
        moves[m] = side == COINLINE_SIDE_LEFT ? 'L' : 'R';
    }
    moves[n] = '\0';
    coinline_strategy_free(s[0]);
    coinline_strategy_free(s[1]);
    coinline_engine_free(e);
    return rc;
}

static void put_line(const int64_t *a, size_t n, const char *moves)
{
    char b[2][COINLINE_I128_STRLEN];
    cl_wide t[2] = {0, 0};
    size_t lo = 0, hi = n;
    fputs("\nThe optimal line (ties to the left):\n", out);
    for (size_t k = 0; k < n; k++) {
        const int64_t c = moves[k] == 'L' ? a[lo++] : a[--hi];
        t[k % 2] += c;
        if (k < SHOWN_MOVES || k + 1 == n)
            fprintf(out, "  %zu. player %d takes %lld (%s): %s to %s\n", k + 1,
                    (int)(k % 2) + 1, (long long)c,
                    moves[k] == 'L' ? "left" : "right",
                    cli_wide_str(t[0], b[0]), cli_wide_str(t[1], b[1]));
        else if (k == SHOWN_MOVES)
            fprintf(out, "  ... (%zu move%s)\n", n - SHOWN_MOVES - 1,
                    n - SHOWN_MOVES - 1 == 1 ? "" : "s");
    }
}

/* The facts of an explanation: computed once, then told in words or
 * written as JSON. */
typedef struct {
    int have;              /* 0 when the row has fewer than 2 coins */
    int tie;               /* both first moves are as good */
    int left;              /* the better first move is the left one */
    cl_wide worse, vw;     /* player 1's margin after the worse move, and
                            * player 2's value there */
    size_t lo, hi;         /* the coins left after the worse move */
    coinline_side_t reply; /* player 2's best reply there */
} first_move_t;

typedef struct {
    const char *spec;
    cl_wide p1;                 /* player 1's total as it plays */
    size_t k;                   /* its first move that lost points, or n */
    coinline_move_review_t bad; /* that move's review */
} strategy_t;

typedef struct {
    const int64_t *a;
    size_t n;
    cl_wide sum, v;
    char *line;
    first_move_t first;
    strategy_t strat[2]; /* greedy, parity */
    cl_wide odd, even;   /* sums of the coins at odd and even positions */
} facts_t;

/* Why the first move: what each first move leaves and gives. */
static int find_first_move(const facts_t *F, first_move_t *f)
{
    const int64_t *a = F->a;
    const size_t n = F->n;
    cl_wide vl, vr;
    memset(f, 0, sizeof *f);
    if (n < 2)
        return COINLINE_OK;
    int rc = value_of(a, 1, n, &vl);
    if (rc == COINLINE_OK)
        rc = value_of(a, 0, n - 1, &vr);
    if (rc != COINLINE_OK)
        return rc;
    const cl_wide ml = a[0] - vl, mr = a[n - 1] - vr; /* player 1's margin */
    f->have = 1;
    f->tie = ml == mr;
    f->left = ml >= mr;
    f->worse = f->left ? mr : ml;
    f->vw = f->left ? vr : vl;
    f->lo = f->left ? 0 : 1; /* after the worse move */
    f->hi = f->left ? n - 1 : n;
    f->reply = COINLINE_SIDE_LEFT;
    if (!f->tie && f->hi > f->lo)
        rc = coinline_best_move(a, n, f->lo, f->hi, COINLINE_ALGO_LINEAR,
                                &f->reply, NULL);
    return rc;
}

/* Player 1's first move that lost points in reviews r of n moves, or n. */
static size_t first_loss(const coinline_move_review_t *r, size_t n)
{
    for (size_t k = 0; k < n; k += 2)
        if (!r[k].optimal)
            return k;
    return n;
}

/* How strategy spec fares as player 1 against best play. */
static int judge_strategy(const facts_t *F, const char *spec, strategy_t *s)
{
    const size_t n = F->n;
    char *moves = malloc(n + 1);
    coinline_move_review_t *r = malloc((n + 1) * sizeof *r);
    int rc = moves && r ? simulate(F->a, n, spec, "optimal", moves)
                        : COINLINE_ENOMEM;
    if (rc == COINLINE_OK)
        rc = coinline_analyze(F->a, n, moves, n, r, NULL);
    memset(s, 0, sizeof *s);
    s->spec = spec;
    s->k = n;
    if (rc == COINLINE_OK && n > 0) {
        s->p1 = cl_to_wide(r[n - 1].p1);
        s->k = first_loss(r, n);
        if (s->k < n)
            s->bad = r[s->k];
    }
    free(moves);
    free(r);
    return rc;
}

static int gather(const int64_t *a, size_t n, facts_t *F)
{
    memset(F, 0, sizeof *F);
    F->a = a;
    F->n = n;
    F->line = malloc(n + 1);
    int rc = F->line != NULL ? value_of(a, 0, n, &F->v) : COINLINE_ENOMEM;
    if (rc == COINLINE_OK)
        rc = coinline_line(a, n, COINLINE_ALGO_LINEAR, F->line);
    for (size_t i = 0; i < n; i++) {
        F->sum += a[i];
        if (i % 2 == 0)
            F->odd += a[i];
        else
            F->even += a[i];
    }
    if (rc == COINLINE_OK)
        rc = find_first_move(F, &F->first);
    if (rc == COINLINE_OK)
        rc = judge_strategy(F, "greedy", &F->strat[0]);
    if (rc == COINLINE_OK)
        rc = judge_strategy(F, "parity", &F->strat[1]);
    return rc;
}

/* ------------------------------------------------------------------------
 * In words
 * ---------------------------------------------------------------------- */

static void put_first_move(const facts_t *F)
{
    char b[4][COINLINE_I128_STRLEN];
    const first_move_t *f = &F->first;
    const int64_t *a = F->a;
    const size_t n = F->n;
    const cl_wide sum = F->sum, v = F->v;
    if (!f->have)
        return;
    if (f->tie) {
        fprintf(out,
                "\nBoth first moves are as good: taking %lld (left) or %lld "
                "(right), player 1 ends with %s.\n",
                (long long)a[0], (long long)a[n - 1],
                cli_wide_str((sum + v) / 2, b[0]));
        return;
    }
    fprintf(out, "\nWhy player 1 starts with %lld (%s): it leaves ",
            (long long)(f->left ? a[0] : a[n - 1]), f->left ? "left" : "right");
    put_coins(a, f->left ? 1 : 0, f->left ? n : n - 1);
    fprintf(out,
            ", and player 1 ends with %s.\nTaking %lld (%s) instead would "
            "leave ",
            cli_wide_str((sum + v) / 2, b[0]),
            (long long)(f->left ? a[n - 1] : a[0]), f->left ? "right" : "left");
    put_coins(a, f->lo, f->hi);
    fprintf(out, ", where player 2 is to move and can secure a margin of %s: ",
            cli_wide_str(f->vw, b[1]));
    if (f->hi > f->lo)
        fprintf(out, "taking %lld (%s) first, ",
                (long long)(f->reply == COINLINE_SIDE_LEFT ? a[f->lo]
                                                           : a[f->hi - 1]),
                f->reply == COINLINE_SIDE_LEFT ? "left" : "right");
    fprintf(out, "player 1 would end with %s, %s point%s fewer.\n",
            cli_wide_str((sum + f->worse) / 2, b[2]),
            cli_wide_str((v - f->worse) / 2, b[3]), plural((v - f->worse) / 2));
}

static void put_strategy(const facts_t *F, const strategy_t *s,
                         const char *what)
{
    char b[3][COINLINE_I128_STRLEN];
    const cl_wide best = (F->sum + F->v) / 2;
    const coinline_move_review_t *r = &s->bad;
    fprintf(out, "\n%s as player 1 against best play: ", what);
    if (s->k == F->n) {
        fprintf(out, "it plays optimally on this row and ends with %s.\n",
                cli_wide_str(s->p1, b[0]));
        return;
    }
    fprintf(out,
            "it ends with %s, %s point%s fewer than best play. Its "
            "first mistake is move %zu: it takes %lld (%s) where "
            "%lld (%s) is best, losing %s point%s there.\n",
            cli_wide_str(s->p1, b[0]), cli_wide_str(best - s->p1, b[1]),
            plural(best - s->p1), s->k + 1, (long long)r->coin,
            r->side == COINLINE_SIDE_LEFT ? "left" : "right",
            (long long)r->best_coin,
            r->best == COINLINE_SIDE_LEFT ? "left" : "right",
            cli_wide_str(cl_to_wide(r->loss), b[2]),
            plural(cl_to_wide(r->loss)));
}

static void put_parity_rule(const facts_t *F)
{
    char b[3][COINLINE_I128_STRLEN];
    const cl_wide odd = F->odd, even = F->even;
    if (F->n % 2 == 1) {
        fprintf(out,
                "\nParity: the classic strategy for an even number of coins "
                "does not apply (%zu coin%s); coinline's parity plays greedy "
                "on odd rows.",
                F->n, F->n == 1 ? "" : "s");
        return;
    }
    fprintf(out,
            "\nParity: the coins at odd positions (1, 3, ...) sum to %s, those "
            "at even positions to %s. Player 1 can take all the coins of one "
            "class, so it never loses: taking the %s class guarantees a "
            "margin of at least %s.",
            cli_wide_str(odd, b[0]), cli_wide_str(even, b[1]),
            odd >= even ? "odd" : "even",
            cli_wide_str(odd >= even ? odd - even : even - odd, b[2]));
}

static void put_words(const facts_t *F)
{
    char b[3][COINLINE_I128_STRLEN];
    const cl_wide sum = F->sum, v = F->v;
    fprintf(out, "The row: ");
    put_coins(F->a, 0, F->n);
    fprintf(out, " (%zu coin%s, sum %s).\n", F->n, F->n == 1 ? "" : "s",
            cli_wide_str(sum, b[0]));
    fprintf(
        out, "With best play, player 1 ends with %s and player 2 with %s.\n",
        cli_wide_str((sum + v) / 2, b[0]), cli_wide_str((sum - v) / 2, b[1]));
    if (v == 0)
        fputs("It is a draw.\n", out);
    else
        fprintf(out, "Player %d wins by %s.\n", v > 0 ? 1 : 2,
                cli_wide_str(v > 0 ? v : -v, b[2]));
    if (F->n == 0)
        return;
    put_line(F->a, F->n, F->line);
    put_first_move(F);
    put_strategy(F, &F->strat[0], "Greedy (the larger end, ties to the left)");
    put_parity_rule(F);
    put_strategy(F, &F->strat[1], "\nParity");
}

/* ------------------------------------------------------------------------
 * As JSON: the same facts, one object
 * ---------------------------------------------------------------------- */

static void json_int(const char *key, cl_wide v)
{
    printf(",\"%s\":", key);
    cli_put_json_int(stdout, cl_from_wide(v), 0);
}

static const char *side_word(coinline_side_t s)
{
    return s == COINLINE_SIDE_LEFT ? "left" : "right";
}

static void json_first_move(const facts_t *F)
{
    const first_move_t *f = &F->first;
    const int64_t *a = F->a;
    const size_t n = F->n;
    if (!f->have) {
        fputs(",\"why_first\":null", stdout);
        return;
    }
    printf(",\"why_first\":{\"tie\":%s,\"best\":\"%s\",\"best_coin\":%lld",
           f->tie ? "true" : "false", f->left ? "left" : "right",
           (long long)(f->left ? a[0] : a[n - 1]));
    printf(",\"other\":\"%s\",\"other_coin\":%lld", f->left ? "right" : "left",
           (long long)(f->left ? a[n - 1] : a[0]));
    json_int("other_p2_value", f->vw);
    json_int("other_p1", (F->sum + f->worse) / 2);
    json_int("other_loss", (F->v - f->worse) / 2);
    if (!f->tie && f->hi > f->lo)
        printf(",\"reply\":\"%s\",\"reply_coin\":%lld}", side_word(f->reply),
               (long long)(f->reply == COINLINE_SIDE_LEFT ? a[f->lo]
                                                          : a[f->hi - 1]));
    else
        fputs(",\"reply\":null,\"reply_coin\":null}", stdout);
}

static void json_strategy(const facts_t *F, const strategy_t *s)
{
    const coinline_move_review_t *r = &s->bad;
    printf(",\"%s\":{\"p1\":", s->spec);
    cli_put_json_int(stdout, cl_from_wide(s->p1), 0);
    json_int("loss", (F->sum + F->v) / 2 - s->p1);
    if (s->k == F->n) {
        fputs(",\"first_mistake\":null}", stdout);
        return;
    }
    printf(",\"first_mistake\":{\"move\":%zu,\"took\":\"%s\",\"coin\":%lld,"
           "\"best\":\"%s\",\"best_coin\":%lld",
           s->k + 1, side_word(r->side), (long long)r->coin, side_word(r->best),
           (long long)r->best_coin);
    json_int("loss", cl_to_wide(r->loss));
    fputs("}}", stdout);
}

static void put_json(const facts_t *F)
{
    printf("{\"n\":%zu", F->n);
    json_int("sum", F->sum);
    json_int("p1", (F->sum + F->v) / 2);
    json_int("p2", (F->sum - F->v) / 2);
    json_int("margin", F->v);
    printf(",\"winner\":\"%s\",\"line\":\"%s\"",
           F->v > 0   ? "first"
           : F->v < 0 ? "second"
                      : "draw",
           F->line);
    json_first_move(F);
    json_strategy(F, &F->strat[0]);
    json_strategy(F, &F->strat[1]);
    json_int("odd_sum", F->odd);
    json_int("even_sum", F->even);
    if (F->n % 2 == 0)
        printf(",\"parity_class\":\"%s\"", F->odd >= F->even ? "odd" : "even");
    else
        fputs(",\"parity_class\":null", stdout);
    fputs("}\n", stdout);
}

/* ------------------------------------------------------------------------
 * The circle (--circle): the first position and why, the line, the share
 * ---------------------------------------------------------------------- */

/* Circles of up to this many coins show the margin of every first
 * position; longer ones the best CIRCLE_BEST. */
#define CIRCLE_ALL  12
#define CIRCLE_BEST 5

typedef struct {
    const int64_t *a;
    size_t n;
    coinline_circle_result_t res;
    cl_wide sum, p1, v;
    int64_t *left;   /* the line left after the first move */
    char *line;      /* its optimal moves */
    cl_wide *margin; /* player 1's final margin for each first position */
    size_t shown[CIRCLE_ALL]; /* the first positions told (0-based) */
    size_t nshown;
    size_t negative; /* the first negative coin's position, or 0 */
} circle_t;

/* The CIRCLE_BEST best first positions by margin (ties: the smaller
 * position first) into C->shown. */
static void pick_best(circle_t *C)
{
    C->nshown = 0;
    for (size_t k = 0; k < CIRCLE_BEST && k < C->n; k++) {
        size_t best = C->n;
        for (size_t p = 0; p < C->n; p++) {
            int taken = 0;
            for (size_t q = 0; q < k; q++)
                taken |= C->shown[q] == p;
            if (!taken && (best == C->n || C->margin[p] > C->margin[best]))
                best = p;
        }
        C->shown[C->nshown++] = best;
    }
}

/* The positions told: every one for a short circle, else the best. */
static void pick_shown(circle_t *C)
{
    if (C->n > CIRCLE_ALL) {
        pick_best(C);
        return;
    }
    for (size_t p = 0; p < C->n; p++)
        C->shown[p] = p;
    C->nshown = C->n;
}

static int circle_margins(circle_t *C)
{
    coinline_i128_t *m = malloc((C->n + 1) * sizeof *m);
    int rc = m != NULL
                 ? coinline_circle_margins(C->a, C->n, COINLINE_ALGO_LINEAR, m)
                 : COINLINE_ENOMEM;
    for (size_t p = 0; rc == COINLINE_OK && p < C->n; p++)
        C->margin[p] = cl_to_wide(m[p]);
    free(m);
    return rc;
}

static int gather_circle(const int64_t *a, size_t n, circle_t *C)
{
    memset(C, 0, sizeof *C);
    C->a = a;
    C->n = n;
    C->left = malloc((n + 1) * sizeof *C->left);
    C->line = malloc(n + 1);
    C->margin = malloc((n + 1) * sizeof *C->margin);
    if (C->left == NULL || C->line == NULL || C->margin == NULL)
        return COINLINE_ENOMEM;
    int rc = coinline_circle_solve(a, n, COINLINE_ALGO_LINEAR, &C->res);
    C->line[0] = '\0';
    if (rc == COINLINE_OK && n > 1)
        rc = coinline_circle_rotate(a, n, C->res.first, C->left);
    if (rc == COINLINE_OK && n > 1)
        rc = coinline_line(C->left, n - 1, COINLINE_ALGO_LINEAR, C->line);
    if (rc == COINLINE_OK)
        rc = circle_margins(C);
    C->sum = cl_to_wide(C->res.sum);
    C->p1 = cl_to_wide(C->res.p1);
    C->v = cl_to_wide(C->res.margin);
    for (size_t p = n; p > 0; p--)
        if (a[p - 1] < 0)
            C->negative = p;
    pick_shown(C);
    return rc;
}

static void free_circle(circle_t *C)
{
    free(C->left);
    free(C->line);
    free(C->margin);
}

/* The share p1 / sum in tenths of a per cent, rounded half away from
 * zero; sum > 0. */
static cl_wide per_mille(cl_wide p1, cl_wide sum)
{
    const cl_wide mag = (2 * 1000 * (p1 < 0 ? -p1 : p1) + sum) / (2 * sum);
    return p1 < 0 ? -mag : mag;
}

/* "70.0" for 700 tenths: the share as a per cent with one decimal. */
static const char *percent_str(cl_wide tenths, char *buf)
{
    char b[COINLINE_I128_STRLEN];
    const cl_wide mag = tenths < 0 ? -tenths : tenths;
    snprintf(buf, COINLINE_I128_STRLEN + 4, "%s%s.%d", tenths < 0 ? "-" : "",
             cli_wide_str(mag / 10, b), (int)(mag % 10));
    return buf;
}

/* Whether the 4/9 guarantee applies: no negative coin, a total above 0. */
static int guarantee_applies(const circle_t *C)
{
    return C->negative == 0 && C->sum > 0;
}

static void put_circle_rules(const circle_t *C)
{
    char b[COINLINE_I128_STRLEN];
    fputs("The circle: ", out);
    if (C->n == 0)
        fputs("no coins.\n", out);
    else if (C->n == 1)
        fprintf(out, "%lld (1 coin, at position 1).\n", (long long)C->a[0]);
    else {
        put_coins(C->a, 0, C->n);
        fprintf(out, " (%zu coins at positions 1..%zu clockwise, sum %s).\n",
                C->n, C->n, cli_wide_str(C->sum, b));
    }
    fputs("The rules: player 1 takes the coin at any position p; the coins "
          "left form a line running clockwise from p+1 round to p-1, and "
          "from then on the players take an end of that line in turn, "
          "player 2 first.\n",
          out);
}

static void put_circle_result(const circle_t *C)
{
    char b[3][COINLINE_I128_STRLEN];
    fprintf(out,
            "With best play, player 1 ends with %s and player 2 with "
            "%s.\n",
            cli_wide_str(C->p1, b[0]), cli_wide_str(C->sum - C->p1, b[1]));
    if (C->v == 0)
        fputs("It is a draw.\n", out);
    else
        fprintf(out, "Player %d wins by %s.\n", C->v > 0 ? 1 : 2,
                cli_wide_str(C->v > 0 ? C->v : -C->v, b[2]));
}

/* One first position told: its coin, margin and loss. */
static void put_first_position(const circle_t *C, size_t p)
{
    char b[2][COINLINE_I128_STRLEN];
    const cl_wide loss = (C->v - C->margin[p]) / 2;
    fprintf(out, "  position %zu (%lld): margin %s, ", p + 1,
            (long long)C->a[p], cli_wide_str(C->margin[p], b[0]));
    if (p + 1 == C->res.first)
        fputs("the best\n", out);
    else if (loss == 0)
        fputs("as good (the smallest best position is taken)\n", out);
    else
        fprintf(out, "%s point%s fewer for player 1\n",
                cli_wide_str(loss, b[1]), plural(loss));
}

static void put_circle_why(const circle_t *C)
{
    const size_t first = (size_t)C->res.first;
    fprintf(out,
            "\nWhy player 1 starts at position %zu (%lld): taking the coin at "
            "p leaves the line from p+1 round to p-1, where player 2 moves "
            "first; player 1's final margin (own total minus the other's) "
            "after each first position, with best play after it",
            first, (long long)C->a[first - 1]);
    if (C->n > CIRCLE_ALL)
        fprintf(out, ", for the best %zu of the %zu positions", C->nshown,
                C->n);
    fputs(":\n", out);
    for (size_t k = 0; k < C->nshown; k++)
        put_first_position(C, C->shown[k]);
}

static void put_circle_line(const circle_t *C)
{
    char b[2][COINLINE_I128_STRLEN];
    const size_t n = C->n, first = (size_t)C->res.first;
    cl_wide t[2] = {C->a[first - 1], 0};
    size_t lo = 0, hi = n - 1;
    fputs("\nThe optimal line (ties to the left):\n", out);
    fprintf(out, "  1. player 1 takes %lld (position %zu): %s to 0\n",
            (long long)C->a[first - 1], first, cli_wide_str(t[0], b[0]));
    for (size_t k = 1; k < n; k++) {
        const char m = C->line[k - 1];
        const size_t i = m == 'L' ? lo++ : --hi;
        t[k % 2] += C->left[i];
        if (k < SHOWN_MOVES || k + 1 == n)
            fprintf(out,
                    "  %zu. player %d takes %lld (%s, position %llu): "
                    "%s to %s\n",
                    k + 1, (int)(k % 2) + 1, (long long)C->left[i],
                    m == 'L' ? "left" : "right",
                    (unsigned long long)((first + i) % n + 1),
                    cli_wide_str(t[0], b[0]), cli_wide_str(t[1], b[1]));
        else if (k == SHOWN_MOVES)
            fprintf(out, "  ... (%zu move%s)\n", n - SHOWN_MOVES - 1,
                    n - SHOWN_MOVES - 1 == 1 ? "" : "s");
    }
}

static void put_circle_share(const circle_t *C)
{
    char b[3][COINLINE_I128_STRLEN + 4];
    if (C->sum == 0) {
        fputs("\nThe share: the total is 0, so there is no share of it to "
              "speak of, and the 4/9 guarantee does not apply.\n",
              out);
        return;
    }
    fprintf(out, "\nThe share: player 1 secures %s of the total %s",
            cli_wide_str(C->p1, b[0]), cli_wide_str(C->sum, b[1]));
    if (C->sum > 0)
        fprintf(out, ", %s%%", percent_str(per_mille(C->p1, C->sum), b[2]));
    fputs(". ", out);
    if (!guarantee_applies(C)) {
        fprintf(out,
                "The 4/9 guarantee does not apply: it is for circles of "
                "coins that are all at least 0, and the coin at position %zu "
                "is %lld.\n",
                C->negative, (long long)C->a[C->negative - 1]);
        return;
    }
    fprintf(out,
            "On a circle of coins that are all at least 0 the first player "
            "can always secure at least 4/9 of the total, 44.4%% (Cibulka, "
            "Kyncl, Meszaros, Stolar and Valtr, 2009); here player 1 "
            "secures %s.\n",
            9 * C->p1 == 4 * C->sum ? "exactly that" : "more");
}

static void put_circle_words(const circle_t *C)
{
    put_circle_rules(C);
    put_circle_result(C);
    if (C->n == 0)
        return;
    put_circle_why(C);
    put_circle_line(C);
    put_circle_share(C);
}

/* The same facts as one JSON object. */
static void put_circle_json(const circle_t *C)
{
    char b[COINLINE_I128_STRLEN + 4];
    printf("{\"n\":%zu,\"circle\":true", C->n);
    json_int("sum", C->sum);
    json_int("p1", C->p1);
    json_int("p2", C->sum - C->p1);
    json_int("margin", C->v);
    printf(",\"winner\":\"%s\",\"first_move\":", C->v > 0   ? "first"
                                                 : C->v < 0 ? "second"
                                                            : "draw");
    printf(C->n > 0 ? "%llu" : "null", (unsigned long long)C->res.first);
    printf(",\"line\":\"%s\",\"first_moves\":[", C->line);
    for (size_t k = 0; k < C->nshown; k++) {
        const size_t p = C->shown[k];
        printf("%s{\"position\":%zu,\"coin\":%lld", k > 0 ? "," : "", p + 1,
               (long long)C->a[p]);
        json_int("margin", C->margin[p]);
        json_int("loss", (C->v - C->margin[p]) / 2);
        fputs("}", stdout);
    }
    fputs("],\"share_percent\":", stdout);
    if (C->sum > 0)
        printf("\"%s\"", percent_str(per_mille(C->p1, C->sum), b));
    else
        fputs("null", stdout);
    printf(C->negative > 0 ? ",\"negative_at\":%zu" : ",\"negative_at\":null",
           C->negative);
    if (guarantee_applies(C))
        printf(",\"four_ninths\":%s}\n",
               9 * C->p1 >= 4 * C->sum ? "true" : "false");
    else
        fputs(",\"four_ninths\":null}\n", stdout);
}

/* ------------------------------------------------------------------------
 * Under any rules (a scoring without classic explanations: --score
 * remaining): the rules, the result, the recursion, every first move's
 * margin, the line with the scores, and the table of a short row, all
 * asked of the rules seam
 * ---------------------------------------------------------------------- */

/* Rows of up to this many coins show their table. */
#define TABLE_SHOWN 10

/* Up to FIRSTS_ALL legal first moves, every one is told; past that the
 * FIRSTS_BEST best. */
#define FIRSTS_ALL  12
#define FIRSTS_BEST 5

typedef struct {
    const coinline_rules_t *rules;
    const cli_shape_words_t *shape;
    const cli_score_words_t *score;
    const int64_t *a;
    size_t n;
    coinline_game_result_t res;
    uint64_t *line;   /* the optimal line, positions */
    char *text;       /* ... in the notation of the ends */
    const char *ends; /* its moves at the ends (after "P:" where any coin
                       * may be taken) */
    cl_wide *outcome; /* the final margin of each legal first move */
    size_t shown[FIRSTS_ALL]; /* the first positions told (0-based) */
    size_t nshown;
    int best_only; /* shown: the FIRSTS_BEST best, not every legal one */
    coinline_table_t *table; /* up to TABLE_SHOWN coins, else NULL */
} any_t;

/* The final margin of every legal first move into A->outcome (a position
 * that is not legal keeps none), and the positions told into A->shown:
 * every legal one, or past FIRSTS_ALL the FIRSTS_BEST best. */
static int first_outcomes(any_t *A)
{
    coinline_game_t *g;
    size_t legal = 0;
    int rc = coinline_game_new(A->rules, A->a, A->n, &g);
    for (size_t p = 0; rc == COINLINE_OK && p < A->n; p++) {
        coinline_i128_t m;
        if (!coinline_game_is_legal(g, p + 1))
            continue;
        rc = coinline_game_outcome(g, p + 1, &m);
        A->outcome[p] = cl_to_wide(m);
        if (legal < FIRSTS_ALL)
            A->shown[legal] = p;
        legal++;
    }
    coinline_game_free(g);
    A->best_only = legal > FIRSTS_ALL;
    A->nshown = A->best_only ? 0 : legal;
    for (size_t k = 0; A->best_only && k < FIRSTS_BEST; k++) {
        size_t best = A->n;
        for (size_t p = 0; p < A->n; p++) {
            int taken = 0;
            for (size_t q = 0; q < k; q++)
                taken |= A->shown[q] == p;
            if (!taken && (best == A->n || A->outcome[p] > A->outcome[best]))
                best = p;
        }
        A->shown[A->nshown++] = best;
    }
    return rc;
}

static int gather_any(const coinline_rules_t *rules, const int64_t *a, size_t n,
                      any_t *A)
{
    memset(A, 0, sizeof *A);
    A->rules = rules;
    A->shape = cli_shape_words(rules);
    A->score = cli_score_words(rules);
    A->a = a;
    A->n = n;
    A->line = malloc((n + 1) * sizeof *A->line);
    A->text = malloc(n + 32);
    A->outcome = calloc(n + 1, sizeof *A->outcome);
    if (A->line == NULL || A->text == NULL || A->outcome == NULL)
        return COINLINE_ENOMEM;
    int rc = coinline_game_solve(rules, a, n, COINLINE_ALGO_LINEAR, &A->res);
    if (rc == COINLINE_OK)
        rc = coinline_game_line(rules, a, n, COINLINE_ALGO_LINEAR, A->line);
    if (rc == COINLINE_OK) {
        const int len =
            coinline_positions_text(rules, n, A->line, n, A->text, n + 32);
        rc = len < 0 ? len : COINLINE_OK;
        const char *colon = strchr(A->text, ':');
        A->ends = colon != NULL ? colon + 1 : A->text;
    }
    if (rc == COINLINE_OK)
        rc = first_outcomes(A);
    if (rc == COINLINE_OK && n <= TABLE_SHOWN)
        rc = coinline_table_new_rules(rules, a, n, &A->table);
    return rc;
}

static void free_any(any_t *A)
{
    free(A->line);
    free(A->text);
    free(A->outcome);
    coinline_table_free(A->table);
}

static void put_any_result(const any_t *A)
{
    char b[3][COINLINE_I128_STRLEN];
    const cl_wide v = cl_to_wide(A->res.margin);
    fprintf(out, "The %s: ", A->shape->noun);
    put_coins(A->a, 0, A->n);
    fprintf(out, " (%zu coin%s, sum %s).\n%s\n%s\n", A->n, A->n == 1 ? "" : "s",
            cli_wide_str(cl_to_wide(A->res.sum), b[0]), A->shape->rules_text,
            A->score->rules_text);
    fprintf(out,
            "With best play (ties to the left), player 1 scores %s and "
            "player 2 %s.\n",
            cli_wide_str(cl_to_wide(A->res.p1), b[0]),
            cli_wide_str(cl_to_wide(A->res.p2), b[1]));
    if (v == 0)
        fputs("It is a draw.\n", out);
    else
        fprintf(out, "Player %d wins by %s.\n", v > 0 ? 1 : 2,
                cli_wide_str(v > 0 ? v : -v, b[2]));
    fprintf(out, "\n%s\n", A->score->recursion);
}

static void put_any_first(const any_t *A)
{
    char b[2][COINLINE_I128_STRLEN];
    const uint64_t first = A->res.first;
    const cl_wide v = cl_to_wide(A->res.margin);
    fprintf(out,
            "\nWhy player 1 starts with %lld (position %llu): player 1's "
            "final margin (own score minus the other's) after each first "
            "move, with best play after it",
            (long long)A->a[first - 1], (unsigned long long)first);
    if (A->best_only)
        fprintf(out, ", for the best %d of the %zu", FIRSTS_BEST, A->n);
    fputs(":\n", out);
    for (size_t k = 0; k < A->nshown; k++) {
        const size_t p = A->shown[k];
        const cl_wide loss = v - A->outcome[p];
        fprintf(out, "  position %zu (%lld): margin %s, ", p + 1,
                (long long)A->a[p], cli_wide_str(A->outcome[p], b[0]));
        if (p + 1 == first)
            fputs("the best\n", out);
        else if (loss == 0)
            fputs("as good (ties go to the first)\n", out);
        else
            fprintf(out, "%s point%s of margin fewer for player 1\n",
                    cli_wide_str(loss, b[1]), plural(loss));
    }
}

/* The line, replayed on a game that keeps the scores. */
static int put_any_line(const any_t *A)
{
    char b[2][COINLINE_I128_STRLEN];
    coinline_game_t *g;
    coinline_game_state_t st;
    int rc = coinline_game_new(A->rules, A->a, A->n, &g);
    fputs("\nThe optimal line (ties to the left), with the scores after each "
          "move:\n",
          out);
    for (size_t k = 0; rc == COINLINE_OK && k < A->n; k++) {
        const uint64_t p = A->line[k];
        rc = coinline_game_play(g, p);
        if (rc == COINLINE_OK)
            rc = coinline_game_state(g, &st);
        if (rc != COINLINE_OK)
            break;
        if (k < SHOWN_MOVES || k + 1 == A->n)
            fprintf(
                out, "  %zu. player %d takes %lld (position %llu): %s to %s\n",
                k + 1, (int)(k % 2) + 1, (long long)A->a[p - 1],
                (unsigned long long)p, cli_wide_str(cl_to_wide(st.p1), b[0]),
                cli_wide_str(cl_to_wide(st.p2), b[1]));
        else if (k == SHOWN_MOVES)
            fprintf(out, "  ... (%zu move%s)\n", A->n - SHOWN_MOVES - 1,
                    A->n - SHOWN_MOVES - 1 == 1 ? "" : "s");
    }
    coinline_game_free(g);
    return rc;
}

/* The table: the runs of each length the game can leave (those the
 * table refuses are none of this shape's). */
static void put_any_table(const any_t *A)
{
    char b[COINLINE_I128_STRLEN];
    if (A->table == NULL) {
        fprintf(out, "\nThe table of every run is shown up to %d coins.\n",
                TABLE_SHOWN);
        return;
    }
    fputs("\nThe table: V of every run the game can leave, by length, "
          "from each first position; * marks the "
          "runs the optimal line leaves:\n",
          out);
    for (size_t len = 1; len <= A->n; len++) {
        int any = 0;
        for (size_t s = 1; s <= A->n; s++) {
            coinline_table_cell_t c;
            if (coinline_table_cell(A->table, s, len, &c) != COINLINE_OK)
                continue;
            if (!any)
                fprintf(out, "  length %zu:", len);
            fprintf(out, "%s %s at %zu%s", any ? "," : "",
                    cli_wide_str(cl_to_wide(c.value), b), s,
                    c.on_line ? "*" : "");
            any = 1;
        }
        if (any)
            fputs("\n", out);
    }
}

static int put_any_words(const any_t *A)
{
    put_any_result(A);
    if (A->n == 0)
        return COINLINE_OK;
    put_any_first(A);
    const int rc = put_any_line(A);
    put_any_table(A);
    return rc;
}

static void put_any_json(const any_t *A)
{
    const cl_wide v = cl_to_wide(A->res.margin);
    printf("{\"n\":%zu", A->n);
    cli_rules_put_json(stdout, A->rules);
    json_int("sum", cl_to_wide(A->res.sum));
    json_int("p1", cl_to_wide(A->res.p1));
    json_int("p2", cl_to_wide(A->res.p2));
    json_int("margin", v);
    printf(",\"winner\":\"%s\",\"first_move\":",
           coinline_winner_name(A->res.winner));
    A->shape->put_first_json(stdout, A->res.first, A->n);
    printf(",\"line\":\"%s\",\"first_moves\":[", A->ends);
    for (size_t k = 0; k < A->nshown; k++) {
        const size_t p = A->shown[k];
        printf("%s{\"position\":%zu,\"coin\":%lld", k > 0 ? "," : "", p + 1,
               (long long)A->a[p]);
        json_int("margin", A->outcome[p]);
        json_int("loss", v - A->outcome[p]);
        fputs("}", stdout);
    }
    fputs("],\"table\":", stdout);
    if (A->table == NULL) {
        fputs("null}\n", stdout);
        return;
    }
    int any = 0;
    fputs("[", stdout);
    for (size_t len = 1; len <= A->n; len++)
        for (size_t s = 1; s <= A->n; s++) {
            coinline_table_cell_t c;
            if (coinline_table_cell(A->table, s, len, &c) != COINLINE_OK)
                continue;
            printf("%s{\"start\":%zu,\"length\":%zu", any ? "," : "", s, len);
            json_int("value", cl_to_wide(c.value));
            printf(",\"best\":%llu,\"on_line\":%s}", (unsigned long long)c.best,
                   c.on_line ? "true" : "false");
            any = 1;
        }
    fputs("]}\n", stdout);
}

/* Prints text with its lines folded at spaces to width columns; a
 * folded line goes on indented as it started, plus two spaces when it
 * starts a numbered item. */
static void put_wrapped(const char *text, size_t width)
{
    for (const char *line = text; *line != '\0';) {
        const char *nl = strchr(line, '\n');
        const size_t len = nl != NULL ? (size_t)(nl - line) : strlen(line);
        const size_t indent = strspn(line, " ");
        size_t col = 0, start = 0;
        while (len - start > width - col) {
            size_t cut = start + (width - col);
            while (cut > start && line[cut] != ' ')
                cut--;
            if (cut == start)
                break; /* one long word: leave it whole */
            printf("%*s%.*s\n", (int)col, "", (int)(cut - start), line + start);
            start = cut + 1;
            col = indent + 2;
        }
        printf("%*s%.*s\n", (int)col, "", (int)(len - start), line + start);
        line += len + (nl != NULL);
    }
}

enum { OPT_VERSION = 256 };

static const struct option explain_options[] = {
    {"circle", no_argument, NULL, 'c'},
    {"score", required_argument, NULL, CLI_OPT_SCORE},
    {"row", required_argument, NULL, 'r'},
    {"game", required_argument, NULL, 'k'},
    {"json", no_argument, NULL, 'j'},
    {"help", no_argument, NULL, 'h'},
    {"version", no_argument, NULL, OPT_VERSION},
    {NULL, 0, NULL, 0},
};

/* Tells the facts of a row (F), of a circle (C) or under any rules (A),
 * the one not NULL, in words, folded to 76 columns. */
static int put_folded(const facts_t *F, const circle_t *C, const any_t *A)
{
    char *text = NULL;
    size_t len = 0;
    int rc = COINLINE_OK;
    out = open_memstream(&text, &len);
    if (out == NULL)
        return COINLINE_ENOMEM;
    if (F != NULL)
        put_words(F);
    else if (C != NULL)
        put_circle_words(C);
    else
        rc = put_any_words(A);
    fclose(out);
    if (rc == COINLINE_OK)
        put_wrapped(text, 76);
    free(text);
    return rc;
}

/* Parses the options. Returns -1 to go on, or the exit status. */
static int parse_options(int argc, char **argv, const char **row,
                         uint64_t *game, int *json, int *circle,
                         coinline_rules_t *rules)
{
    int64_t v;
    int c, st = -1;
    opterr = 0;
    while (st < 0 && (c = getopt_long(argc, argv, ":cr:k:jh", explain_options,
                                      NULL)) != -1) {
        if (cli_rules_option("explain", c, optarg, rules, &st)) {
            *circle |= c == 'c';
            continue;
        }
        switch (c) {
        case 'r': *row = optarg; break;
        case 'k':
            st =
                cli_parse_number("explain", "--game", optarg, 1, INT64_MAX, &v);
            *game = (uint64_t)v;
            break;
        case 'j': *json = 1; break;
        case 'h': return cli_finish_output(cli_print_help("explain"));
        case OPT_VERSION: return cli_finish_output(cli_print_version());
        default: return cli_bad_option("explain", c, argv);
        }
    }
    if (st >= 0)
        return st;
    if (argc - optind > 1 || (*row != NULL && optind < argc))
        return cli_usage_error("explain", "one row: --row or one FILE");
    if (*row != NULL && *game != 0)
        return cli_usage_error("explain", "--game picks a game of a FILE; it "
                                          "goes without --row");
    return -1;
}

/* Explains the circle a[0..n-1]. Returns 0 or a COINLINE_E* code. */
static int explain_circle(const int64_t *a, size_t n, int json)
{
    circle_t C;
    int rc = gather_circle(a, n, &C);
    if (rc == COINLINE_OK && json)
        put_circle_json(&C);
    else if (rc == COINLINE_OK)
        rc = put_folded(NULL, &C, NULL);
    free_circle(&C);
    return rc;
}

/* Explains a[0..n-1] under rules, by what any rules have. Returns 0 or a
 * COINLINE_E* code. */
static int explain_any(const coinline_rules_t *rules, const int64_t *a,
                       size_t n, int json)
{
    any_t A;
    int rc = gather_any(rules, a, n, &A);
    if (rc == COINLINE_OK && json)
        put_any_json(&A);
    else if (rc == COINLINE_OK)
        rc = put_folded(NULL, NULL, &A);
    free_any(&A);
    return rc;
}

/* Explains the row a[0..n-1]. Returns 0 or a COINLINE_E* code. */
static int explain_row(const int64_t *a, size_t n, int json)
{
    facts_t F;
    int rc = gather(a, n, &F);
    if (rc == COINLINE_OK && json)
        put_json(&F);
    else if (rc == COINLINE_OK)
        rc = put_folded(&F, NULL, NULL);
    free(F.line);
    return rc;
}

int cmd_explain(int argc, char **argv)
{
    const char *row = NULL;
    uint64_t game = 0;
    int json = 0, circle = 0;
    coinline_rules_t rules = COINLINE_RULES_INIT(0, 0);
    int64_t *a;
    size_t n;
    const int st =
        parse_options(argc, argv, &row, &game, &json, &circle, &rules);
    if (st >= 0)
        return st;
    if (cli_one_row(row, optind < argc ? argv[optind] : NULL, game, &a, &n) !=
        0)
        return CLI_FAIL;
    /* The classic scoring has explanations of its own (greedy, parity,
     * the circle's share); any other, what every rule set has. */
    const int rc = !cli_score_words(&rules)->classic
                       ? explain_any(&rules, a, n, json)
                   : circle ? explain_circle(a, n, json)
                            : explain_row(a, n, json);
    free(a);
    if (rc != COINLINE_OK)
        cli_error("%s", coinline_strerror(rc));
    return cli_finish_output(rc == COINLINE_OK ? CLI_OK : CLI_FAIL);
}
