/* SPDX-License-Identifier: MIT */
/*
 * The circular game (coinline_circle_*, coinline_strategy_first): every
 * circle of up to 9 coins over -2..2 against exhaustive play; thousands of
 * random circles of up to 300 coins against a programme over arcs written
 * here; the optimal line; the move at every position of random circular
 * games with undo; the first moves of the strategies; and the errors.
 */
#include <stdlib.h>
#include <string.h>

#include "coinline.h"
#include "common/check.h"
#include "common/oracle.h"
#include "common/rng.h"
#include "common/tap.h"

enum { VALGRIND_SCALE = 10 };
static int scale = 1;
static int exhaustive_max = 9; /* 7 under valgrind */

enum { LINE_MAX = 8, BASE = 5 }; /* lines of up to 8 coins over -2..2 */

/* V of every line of len coins over -2..2, by exhaustive minimax,
 * indexed by the digits (coin + 2) in base 5, first coin lowest. */
static i128 *line_value[LINE_MAX + 1];

static size_t power5(size_t k)
{
    size_t p = 1;
    while (k-- > 0)
        p *= BASE;
    return p;
}

static void decode(size_t code, size_t len, int64_t *a)
{
    for (size_t k = 0; k < len; k++, code /= BASE)
        a[k] = (int64_t)(code % BASE) - 2;
}

static void fill_line_values(size_t max)
{
    int64_t a[LINE_MAX];
    for (size_t len = 0; len <= max; len++) {
        const size_t count = power5(len);
        line_value[len] = malloc(count * sizeof(i128));
        if (line_value[len] == NULL)
            exit(99);
        for (size_t code = 0; code < count; code++) {
            decode(code, len, a);
            line_value[len][code] = oracle_minimax(a, len);
        }
    }
}

/* The expected margins m[p] of a small circle over -2..2, from the line
 * values: m[p] = a[p] - V(a[p+1..p+n-1]). */
static void exhaustive_margins(const int64_t *a, size_t n, i128 *m)
{
    for (size_t p = 0; p < n; p++) {
        size_t code = 0;
        for (size_t k = n - 1; k-- > 0;)
            code = code * BASE + (size_t)(a[(p + 1 + k) % n] + 2);
        m[p] = (i128)a[p] - line_value[n - 1][code];
    }
}

/* The result a circle's margins imply. */
static void expect_result(const int64_t *a, size_t n, const i128 *m,
                          coinline_circle_result_t *r)
{
    i128 sum = 0, best = 0;
    size_t first = 0;
    for (size_t i = 0; i < n; i++)
        sum += a[i];
    for (size_t p = 0; p < n; p++)
        if (p == 0 || m[p] > best) {
            best = m[p];
            first = p;
        }
    memset(r, 0, sizeof *r);
    r->n = n;
    r->sum = i128_to_ci(sum);
    r->p1 = i128_to_ci((sum + best) / 2);
    r->p2 = i128_to_ci(sum - (sum + best) / 2);
    r->margin = i128_to_ci(best);
    r->winner = best > 0   ? COINLINE_WINNER_FIRST
                : best < 0 ? COINLINE_WINNER_SECOND
                           : COINLINE_WINNER_DRAW;
    r->first = n > 0 ? first + 1 : 0;
}

static int same_circle(const coinline_circle_result_t *x,
                       const coinline_circle_result_t *y)
{
    return x->n == y->n && i128_from_ci(x->sum) == i128_from_ci(y->sum) &&
           i128_from_ci(x->p1) == i128_from_ci(y->p1) &&
           i128_from_ci(x->p2) == i128_from_ci(y->p2) &&
           i128_from_ci(x->margin) == i128_from_ci(y->margin) &&
           x->winner == y->winner && x->first == y->first;
}

/* Checks margins and result of one circle with one solver against the
 * expected margins; one check of t. */
static void check_circle(tally_t *t, const int64_t *a, size_t n,
                         coinline_algo_t algo, const i128 *want, int whole)
{
    coinline_i128_t got[300];
    coinline_circle_result_t r, w;
    char row[96];
    int rc = coinline_circle_margins(a, n, algo, got);
    int good = rc == COINLINE_OK;
    for (size_t p = 0; good && p < n; p++)
        good = i128_from_ci(got[p]) == want[p];
    if (good && whole) {
        rc = coinline_circle_solve(a, n, algo, &r);
        expect_result(a, n, want, &w);
        good = rc == COINLINE_OK && same_circle(&r, &w);
    }
    if (!tally_check(t, good))
        tally_note(t, "%s on [%s] (n = %zu): rc %d, wrong margins or result",
                   coinline_algo_name(algo), row_str(a, n, row, sizeof row), n,
                   rc);
}

/* Every circle of n coins over -2..2, n <= exhaustive_max: margins at
 * every first position and the whole result, by LINEAR and DP, against
 * exhaustive play; BRUTE on every circle up to 7 coins. */
static void test_every_small_circle(void)
{
    int64_t a[LINE_MAX + 1];
    i128 want[LINE_MAX + 1];
    for (size_t n = 0; n <= (size_t)exhaustive_max; n++) {
        tally_t t = {0, 0};
        const size_t count = power5(n);
        for (size_t code = 0; code < count; code++) {
            decode(code, n, a);
            exhaustive_margins(a, n, want);
            /* at 9 coins, the whole result and DP on every 9th circle */
            const int whole = n < 9 || code % 9 == 0;
            check_circle(&t, a, n, COINLINE_ALGO_LINEAR, want, whole);
            if (whole)
                check_circle(&t, a, n, COINLINE_ALGO_DP, want, 1);
            if (n <= 7)
                check_circle(&t, a, n, COINLINE_ALGO_BRUTE, want, 1);
        }
        ok(tally_passed(&t),
           "every circle of %zu coins over -2..2 (%zu): the margin of every "
           "first position by LINEAR equals exhaustive play; so do %s",
           n, count,
           n < 9 ? "DP's, and both solvers' totals, winner and smallest "
                   "optimal first position"
                 : "DP's and the whole result on every 9th circle");
    }
}

/* The programme over arcs, written here: V(i, len) with indices mod n;
 * m[p] = a[p] - V(p + 1, n - 1). */
static void arc_margins(const int64_t *a, size_t n, i128 *m)
{
    i128 *v = malloc((n + 1) * n * sizeof *v); /* v[len * n + i] */
    if (v == NULL)
        exit(99);
    for (size_t i = 0; i < n; i++)
        v[i] = 0;
    for (size_t len = 1; len < n; len++)
        for (size_t i = 0; i < n; i++) {
            const i128 l = (i128)a[i] - v[(len - 1) * n + (i + 1) % n];
            const i128 r = (i128)a[(i + len - 1) % n] - v[(len - 1) * n + i];
            v[len * n + i] = l >= r ? l : r;
        }
    for (size_t p = 0; p < n; p++)
        m[p] = n == 1 ? (i128)a[0] : (i128)a[p] - v[(n - 1) * n + (p + 1) % n];
    free(v);
}

static void random_circle(rng_t *r, int64_t *a, size_t n, int kind)
{
    if (kind < (int)VALS_COUNT)
        gen_values(r, a, n, (vals_t)kind);
    else
        gen_shape(r, a, n, (shape_t)(kind - VALS_COUNT));
}

/* Random circles of up to 300 coins, every value alphabet and row shape
 * of the other tests, against the programme over arcs. */
static void test_random_circles(void)
{
    rng_t r;
    int64_t a[300];
    i128 want[300];
    const int kinds = (int)VALS_COUNT + (int)SHAPE_COUNT;
    rng_seed(&r, 15);
    for (int kind = 0; kind < kinds; kind++) {
        tally_t t = {0, 0};
        const int circles = 300 / scale;
        for (int c = 0; c < circles; c++) {
            const size_t n = c < circles / 2 ? 1 + rng_below(&r, 40)
                                             : 1 + rng_below(&r, 300);
            random_circle(&r, a, n, kind);
            arc_margins(a, n, want);
            check_circle(&t, a, n, COINLINE_ALGO_LINEAR, want, 1);
            if (c % 4 == 0)
                check_circle(&t, a, n, COINLINE_ALGO_DP, want, 1);
        }
        ok(tally_passed(&t),
           "%d random circles of %s up to 300 coins: LINEAR (and DP on a "
           "quarter) equal the programme over arcs at every first position",
           circles,
           kind < (int)VALS_COUNT ? vals_name((vals_t)kind)
                                  : shape_name((shape_t)(kind - VALS_COUNT)));
    }
}

/* coinline_circle_line(): the first position is the solver's, and every
 * later move is the oracle's optimal move on the line left. */
static void test_line(void)
{
    rng_t r;
    int64_t a[120], line[120];
    char moves[121];
    tally_t t = {0, 0};
    rng_seed(&r, 151);
    for (int c = 0; c < 600 / scale; c++) {
        const size_t n = 1 + rng_below(&r, c % 3 == 0 ? 12 : 120);
        uint64_t first = 0;
        coinline_circle_result_t want;
        gen_values(&r, a, n, (vals_t)(c % (int)VALS_COUNT));
        const coinline_algo_t algo = n <= 12 && c % 2 ? COINLINE_ALGO_BRUTE
                                     : c % 5 == 0     ? COINLINE_ALGO_DP
                                                      : COINLINE_ALGO_LINEAR;
        memset(moves, 'x', sizeof moves);
        int good = coinline_circle_line(a, n, algo, &first, moves) == 0 &&
                   coinline_circle_solve(a, n, COINLINE_ALGO_DP, &want) == 0 &&
                   first == want.first && moves[n - 1] == '\0' &&
                   coinline_circle_rotate(a, n, first, line) == 0;
        if (good) {
            oracle_table_t tab;
            size_t lo = 0, hi = n - 1;
            oracle_table_init(&tab, line, n - 1);
            for (size_t k = 0; good && k + 1 < n; k++) {
                const coinline_side_t s = oracle_move(&tab, lo, hi);
                good = moves[k] == (s == COINLINE_SIDE_LEFT ? 'L' : 'R');
                if (s == COINLINE_SIDE_LEFT)
                    lo++;
                else
                    hi--;
            }
            oracle_table_free(&tab);
        }
        if (!tally_check(&t, good))
            tally_note(&t, "%s, n = %zu: first %llu", coinline_algo_name(algo),
                       n, (unsigned long long)first);
    }
    ok(tally_passed(&t),
       "circle_line: the optimal first position, then the oracle's optimal "
       "move at every position of the line left, NUL after n - 1 moves");
}

/* The move at every position of random circular games: a first move
 * anywhere, then an engine on the rotated line against a random opponent
 * with undos; every state against the oracle's table of that line. The
 * circle's own position is the start: undoing the first move returns to
 * it, where the optimal first move is the solver's. */
static void test_every_position(void)
{
    rng_t r;
    int64_t a[80], line[80];
    tally_t t = {0, 0};
    rng_seed(&r, 1515);
    for (int g = 0; g < 400 / scale; g++) {
        const size_t n = 2 + rng_below(&r, 79);
        coinline_circle_result_t res;
        coinline_i128_t m[80];
        gen_values(&r, a, n, (vals_t)(g % (int)VALS_COUNT));
        int good = coinline_circle_solve(a, n, 0, &res) == 0 &&
                   coinline_circle_margins(a, n, 0, m) == 0;
        for (int round = 0; good && round < 3; round++) {
            const uint64_t p = round == 0 ? res.first : 1 + rng_below(&r, n);
            coinline_engine_t *e = NULL;
            oracle_table_t tab;
            good = coinline_circle_rotate(a, n, p, line) == 0 &&
                   coinline_engine_new(line, n - 1, &e) == 0;
            if (!good)
                break;
            oracle_table_init(&tab, line, n - 1);
            /* the first mover's margin after p, optimal play on: m[p-1] */
            good = (i128)a[p - 1] - oracle_value(&tab, 0, n - 1) ==
                   i128_from_ci(m[p - 1]);
            for (int step = 0; good && step < 3 * (int)n; step++) {
                coinline_engine_state_t st;
                coinline_engine_state(e, &st);
                good =
                    st.best == oracle_move(&tab, st.lo, st.hi) &&
                    i128_from_ci(st.value) == oracle_value(&tab, st.lo, st.hi);
                if (st.moves > 0 && rng_below(&r, 4) == 0)
                    coinline_engine_undo(e);
                else if (st.to_move != 0)
                    coinline_engine_play(e, rng_below(&r, 2)
                                                ? COINLINE_SIDE_LEFT
                                                : COINLINE_SIDE_RIGHT);
            }
            oracle_table_free(&tab);
            coinline_engine_free(e);
        }
        if (!tally_check(&t, good))
            tally_note(&t, "game %d, n = %zu", g, n);
    }
    ok(tally_passed(&t),
       "random circular games, first moves optimal and not, then random "
       "moves and undos: the move and value at every position are the "
       "oracle's, and the first mover's margin is circle_margins'");
}

static void test_rotate(void)
{
    const int64_t a[5] = {10, 20, 30, 40, 50};
    int64_t line[5] = {0};
    ok(coinline_circle_rotate(a, 5, 2, line) == 0 && line[0] == 30 &&
           line[1] == 40 && line[2] == 50 && line[3] == 10,
       "rotate: taking position 2 of 10 20 30 40 50 leaves 30 40 50 10");
    ok(coinline_circle_rotate(a, 5, 5, line) == 0 && line[0] == 10 &&
           line[3] == 40,
       "rotate: taking the last position leaves the row without it");
    ok(coinline_circle_rotate(a, 5, 0, line) == COINLINE_EINVAL &&
           coinline_circle_rotate(a, 5, 6, line) == COINLINE_EINVAL &&
           coinline_circle_rotate(NULL, 5, 1, line) == COINLINE_EINVAL &&
           coinline_circle_rotate(a, 5, 1, NULL) == COINLINE_EINVAL &&
           coinline_circle_rotate(a, 0, 1, line) == COINLINE_EINVAL,
       "rotate: a position outside 1..n or a NULL array is EINVAL");
}

/* Totals past 64 bits, and the edges of n. */
static void test_edges(void)
{
    int64_t a[40];
    i128 want[40];
    coinline_circle_result_t r;
    for (size_t i = 0; i < 40; i++)
        a[i] = i % 3 == 0 ? INT64_MIN : INT64_MAX - (int64_t)i;
    arc_margins(a, 40, want);
    tally_t t = {0, 0};
    for (int j = 0; j < 2; j++)
        check_circle(&t, a, 40, all_algos[j], want, 1);
    ok(tally_passed(&t), "int64 extremes: exact margins and totals past 64 "
                         "bits, LINEAR and DP");
    ok(coinline_circle_solve(NULL, 0, COINLINE_ALGO_LINEAR, &r) == 0 &&
           r.n == 0 && r.first == 0 && r.winner == COINLINE_WINNER_DRAW &&
           i128_from_ci(r.p1) == 0,
       "n = 0: a draw, no first position");
    a[0] = -7;
    ok(coinline_circle_solve(a, 1, COINLINE_ALGO_LINEAR, &r) == 0 &&
           r.first == 1 && i128_from_ci(r.p1) == -7 &&
           i128_from_ci(r.p2) == 0 && r.winner == COINLINE_WINNER_SECOND,
       "n = 1: the first player must take the only coin, even a negative");
    a[0] = 3;
    a[1] = 5;
    ok(coinline_circle_solve(a, 2, COINLINE_ALGO_LINEAR, &r) == 0 &&
           r.first == 2 && i128_from_ci(r.margin) == 2,
       "n = 2: the first player takes the larger coin");
    a[1] = 3;
    ok(coinline_circle_solve(a, 2, COINLINE_ALGO_LINEAR, &r) == 0 &&
           r.first == 1 && i128_from_ci(r.margin) == 0,
       "n = 2, a tie: the smaller position");
}

static void test_errors(void)
{
    int64_t a[30] = {0};
    coinline_circle_result_t r;
    coinline_i128_t m[30];
    uint64_t first;
    char moves[31];
    ok(coinline_circle_solve(a, 3, 0, NULL) == COINLINE_EINVAL &&
           coinline_circle_solve(NULL, 3, 0, &r) == COINLINE_EINVAL &&
           coinline_circle_solve(a, 3, (coinline_algo_t)7, &r) ==
               COINLINE_EINVAL &&
           coinline_circle_margins(a, 3, 0, NULL) == COINLINE_EINVAL &&
           coinline_circle_margins(a, 3, (coinline_algo_t)7, m) ==
               COINLINE_EINVAL &&
           coinline_circle_line(a, 3, 0, NULL, moves) == COINLINE_EINVAL &&
           coinline_circle_line(a, 3, 0, &first, NULL) == COINLINE_EINVAL,
       "NULL arguments and an unknown solver are EINVAL");
    ok(coinline_circle_solve(a, COINLINE_BRUTE_MAX + 2, COINLINE_ALGO_BRUTE,
                             &r) == COINLINE_ETOOBIG,
       "BRUTE refuses a circle of COINLINE_BRUTE_MAX + 2 coins");
    /* the limits are checked before a coin is read or a byte allocated:
     * a's 30 coins stand for rows that are never read */
    const size_t huge = ((size_t)1 << 31) - 2;
    ok(coinline_circle_solve(a, huge, COINLINE_ALGO_LINEAR, &r) ==
               COINLINE_ETOOBIG &&
           coinline_circle_margins(a, huge, COINLINE_ALGO_LINEAR, m) ==
               COINLINE_ETOOBIG &&
           coinline_circle_line(a, huge, COINLINE_ALGO_LINEAR, &first, moves) ==
               COINLINE_ETOOBIG &&
           coinline_circle_line(a, (size_t)COINLINE_DP_LINE_MAX + 2,
                                COINLINE_ALGO_DP, &first,
                                moves) == COINLINE_ETOOBIG,
       "LINEAR refuses 2^31 - 2 coins and DP's line more than "
       "COINLINE_DP_LINE_MAX + 1, before reading or allocating");
    ok(coinline_circle_line(a, 0, 0, &first, moves) == 0 && first == 0 &&
           moves[0] == '\0',
       "circle_line on no coins: first 0 and an empty line");
}

static int leftmost(void *ctx, const int64_t *coins,
                    const coinline_engine_state_t *st, coinline_side_t *side)
{
    (void)ctx;
    (void)coins;
    (void)st;
    *side = COINLINE_SIDE_LEFT;
    return COINLINE_OK;
}

/* coinline_strategy_first() for every built-in kind. */
static void test_strategy_first(void)
{
    rng_t r;
    int64_t a[60];
    coinline_strategy_t *opt, *gr, *par, *rnd, *f0, *f1, *cus;
    tally_t t = {0, 0};
    rng_seed(&r, 7);
    coinline_strategy_new("optimal", 1, &opt);
    coinline_strategy_new("greedy", 1, &gr);
    coinline_strategy_new("parity", 1, &par);
    coinline_strategy_new("random", 1, &rnd);
    coinline_strategy_new("fallible:0", 1, &f0);
    coinline_strategy_new("fallible:1", 1, &f1);
    coinline_strategy_custom("mine", leftmost, NULL, &cus);
    for (int c = 0; c < 500 / scale; c++) {
        const size_t n = 1 + rng_below(&r, 59);
        coinline_circle_result_t res;
        uint64_t po, pg, pp, pr, p0, p1;
        gen_values(&r, a, n, (vals_t)(c % (int)VALS_COUNT));
        coinline_circle_solve(a, n, COINLINE_ALGO_DP, &res);
        int good = coinline_strategy_first(opt, a, n, &po) == 0 &&
                   coinline_strategy_first(gr, a, n, &pg) == 0 &&
                   coinline_strategy_first(par, a, n, &pp) == 0 &&
                   coinline_strategy_first(rnd, a, n, &pr) == 0 &&
                   coinline_strategy_first(f0, a, n, &p0) == 0 &&
                   coinline_strategy_first(f1, a, n, &p1) == 0;
        good = good && po == res.first && p0 == res.first && pr >= 1 &&
               pr <= n && p1 >= 1 && p1 <= n;
        /* greedy: the largest coin, the smallest position of ties */
        for (size_t p = 0; good && p < n; p++)
            good = a[p] < a[pg - 1] || (a[p] == a[pg - 1] && p + 1 >= pg);
        /* parity: the largest a[p] - |E - O| of the line left (n odd) */
        for (size_t p = 0; good && n % 2 == 1 && p < n; p++) {
            i128 alt[2] = {0, 0};
            for (size_t q = 0; q < 2; q++) {
                const size_t at = q == 0 ? p : pp - 1;
                for (size_t k = 0; k + 1 < n; k++)
                    alt[q] += (k % 2 ? -1 : 1) * (i128)a[(at + 1 + k) % n];
                alt[q] = (i128)a[at] - (alt[q] < 0 ? -alt[q] : alt[q]);
            }
            good = alt[0] < alt[1] || (alt[0] == alt[1] && p + 1 >= pp);
        }
        good = good && (n % 2 == 1 || pp == pg);
        if (!tally_check(&t, good))
            tally_note(&t, "n = %zu: opt %llu want %llu", n,
                       (unsigned long long)po, (unsigned long long)res.first);
    }
    ok(tally_passed(&t),
       "strategy_first: optimal and fallible:0 the solver's position, greedy "
       "the first largest coin, parity the best coin minus the parity edge "
       "left (greedy on even circles), random and fallible:1 in 1..n");
    uint64_t pos;
    ok(coinline_strategy_first(cus, a, 3, &pos) == COINLINE_EINVAL &&
           coinline_strategy_first(opt, a, 0, &pos) == COINLINE_EINVAL &&
           coinline_strategy_first(opt, NULL, 3, &pos) == COINLINE_EINVAL &&
           coinline_strategy_first(opt, a, 3, NULL) == COINLINE_EINVAL,
       "strategy_first: a custom strategy, no coins or NULL are EINVAL");
    size_t seen[5] = {0};
    for (int k = 0; k < 5000; k++) {
        coinline_strategy_first(rnd, a, 5, &pos);
        seen[pos - 1]++;
    }
    ok(seen[0] > 800 && seen[1] > 800 && seen[2] > 800 && seen[3] > 800 &&
           seen[4] > 800,
       "strategy_first: random draws every position (5000 draws of 5: "
       "%zu %zu %zu %zu %zu)",
       seen[0], seen[1], seen[2], seen[3], seen[4]);
    coinline_strategy_free(opt);
    coinline_strategy_free(gr);
    coinline_strategy_free(par);
    coinline_strategy_free(rnd);
    coinline_strategy_free(f0);
    coinline_strategy_free(f1);
    coinline_strategy_free(cus);
}

int main(void)
{
    if (under_valgrind()) {
        scale = VALGRIND_SCALE;
        exhaustive_max = 7;
        diag("running under valgrind: circles up to 7 coins, counts / %d",
             scale);
    }
    fill_line_values((size_t)exhaustive_max - 1);
    test_every_small_circle();
    test_random_circles();
    test_line();
    test_every_position();
    test_rotate();
    test_edges();
    test_errors();
    test_strategy_first();
    for (size_t len = 0; len + 1 <= (size_t)exhaustive_max; len++)
        free(line_value[len]);
    return done_testing();
}
