/* SPDX-License-Identifier: MIT */
/*
 * Totals and intermediates near and past the int64 limits, for every
 * solver and the stream, checked against the 128-bit oracle.
 */
#include <stdlib.h>
#include <string.h>

#include "coinline.h"
#include "common/check.h"
#include "common/oracle.h"
#include "common/rng.h"
#include "common/tap.h"

#define X62 (INT64_C(1) << 62)

/* The stream's result on a[0..n-1] (pushed one by one). */
static int stream_solve(const int64_t *a, size_t n, coinline_result_t *r)
{
    coinline_stream_t *s = NULL;
    int rc = coinline_stream_new(&s);
    for (size_t i = 0; rc == 0 && i < n; i++) {
        rc = coinline_stream_push(s, a[i]);
    }
    if (rc == 0) {
        rc = coinline_stream_result(s, r);
    }
    coinline_stream_free(s);
    return rc;
}

/* Checks linear, dp, brute (n <= max_brute) and the stream against want
 * as four tallies. */
static void check_solvers(tally_t t[4], const int64_t *a, size_t n,
                          const oracle_result_t *want, size_t max_brute)
{
    coinline_result_t got;
    for (size_t j = 0; j < 3; j++) {
        int rc;
        if (all_algos[j] == COINLINE_ALGO_BRUTE && n > max_brute) {
            continue;
        }
        rc = coinline_solve(a, n, all_algos[j], &got);
        if (rc != 0) {
            tally_check(&t[j], 0);
            tally_note(&t[j], "%s: rc %d on n=%zu",
                       coinline_algo_name(all_algos[j]), rc, n);
            continue;
        }
        check_result(&t[j], &got, want, a, n, coinline_algo_name(all_algos[j]));
    }
    if (stream_solve(a, n, &got) != 0) {
        tally_check(&t[3], 0);
        tally_note(&t[3], "stream failed on n=%zu", n);
        return;
    }
    /* The stream reports a first move too; it must match as well. */
    check_result(&t[3], &got, want, a, n, "stream");
}

static void report(tally_t t[4], const char *what)
{
    static const char *const names[4] = {"linear", "dp", "brute", "stream"};
    for (size_t j = 0; j < 4; j++) {
        if (t[j].checks > 0) {
            ok(tally_passed(&t[j]), "%s: %s", names[j], what);
        }
        t[j].checks = t[j].failures = 0;
    }
}

/* One fixed row checked with every solver against the minimax. */
static void fixed_row(const int64_t *a, size_t n, const char *what)
{
    tally_t t[4] = {{0, 0}, {0, 0}, {0, 0}, {0, 0}};
    oracle_result_t want;
    oracle_solve_minimax(a, n, &want);
    check_solvers(t, a, n, &want, COINLINE_BRUTE_MAX);
    report(t, what);
}

static void test_fixed_rows(void)
{
    static const int64_t max3[] = {INT64_MAX, INT64_MAX, INT64_MAX};
    static const int64_t min3[] = {INT64_MIN, INT64_MIN, INT64_MIN};
    static const int64_t cancel[] = {-X62, X62, -X62, -X62, X62, -X62};
    static const int64_t mix[] = {INT64_MAX, INT64_MIN, INT64_MAX, INT64_MIN};
    static const int64_t mix2[] = {INT64_MIN, INT64_MAX, INT64_MAX, INT64_MIN,
                                   INT64_MIN};
    static const int64_t one_min[] = {INT64_MIN};
    static const int64_t edge_pair[] = {INT64_MAX, 1};
    fixed_row(max3, 3, "three coins of 2^63-1 (p1 = 2^64-2, past int64) exact");
    fixed_row(min3, 3, "three coins of INT64_MIN exact");
    fixed_row(cancel, 6,
              "[-X X -X -X X -X], X = 2^62 (intermediates "
              "overflow int64, V = 0) exact");
    fixed_row(mix, 4, "[MAX MIN MAX MIN] exact");
    fixed_row(mix2, 5, "[MIN MAX MAX MIN MIN] exact");
    fixed_row(one_min, 1, "one coin INT64_MIN (sum|a| = 2^63) exact");
    fixed_row(edge_pair, 2, "[INT64_MAX 1] (sum|a| = 2^63) exact");
}

/* Known answers worked out by hand, for every algorithm. */
static void test_known_values(void)
{
    static const int64_t max3[] = {INT64_MAX, INT64_MAX, INT64_MAX};
    static const int64_t cancel[] = {-X62, X62, -X62, -X62, X62, -X62};
    for (size_t j = 0; j < 3; j++) {
        const char *name = coinline_algo_name(all_algos[j]);
        coinline_result_t r;
        memset(&r, 0, sizeof r);
        is_int(coinline_solve(max3, 3, all_algos[j], &r), 0,
               "%s: three coins of 2^63-1 solve", name);
        is_i128(i128_from_ci(r.p1), 2 * (i128)INT64_MAX,
                "%s: three coins of 2^63-1: p1 = 2(2^63-1)", name);
        is_i128(i128_from_ci(r.p2), INT64_MAX,
                "%s: three coins of 2^63-1: p2 = 2^63-1", name);
        is_i128(i128_from_ci(r.sum), 3 * (i128)INT64_MAX,
                "%s: three coins of 2^63-1: sum = 3(2^63-1)", name);
        memset(&r, 0, sizeof r);
        is_int(coinline_solve(cancel, 6, all_algos[j], &r), 0,
               "%s: [-X X -X -X X -X], X = 2^62 solves", name);
        is_i128(i128_from_ci(r.margin), 0,
                "%s: [-X X -X -X X -X]: margin 0 (a draw)", name);
        is_i128(i128_from_ci(r.p1), -X62,
                "%s: [-X X -X -X X -X]: each player gets -2^62", name);
    }
}

static void test_equal_rows(void)
{
    enum { MAXN = 30 };
    int64_t a[MAXN];
    tally_t t[4] = {{0, 0}, {0, 0}, {0, 0}, {0, 0}};
    static const int64_t vals[] = {INT64_MAX, INT64_MIN, INT64_MIN + 1};
    for (size_t v = 0; v < 3; v++) {
        for (size_t n = 1; n <= MAXN; n++) {
            oracle_result_t want;
            for (size_t i = 0; i < n; i++) {
                a[i] = vals[v];
            }
            oracle_solve_dp(a, n, &want);
            check_solvers(t, a, n, &want, 20);
        }
    }
    report(t, "rows of n = 1..30 equal coins INT64_MAX, INT64_MIN or "
              "INT64_MIN+1 exact (brute to n = 20)");
}

/* A row of n equal coins v: the first player gets ceil(n/2) of them. */
static void long_equal_row(int64_t v, size_t n)
{
    int64_t *a = malloc(n * sizeof *a);
    oracle_result_t want;
    coinline_result_t got;
    tally_t t = {0, 0};
    if (a == NULL) {
        diag("out of memory");
        exit(1);
    }
    for (size_t i = 0; i < n; i++) {
        a[i] = v;
    }
    oracle_result(a, n, n % 2 ? (i128)v : 0, COINLINE_SIDE_LEFT, &want);
    if (coinline_solve(a, n, COINLINE_ALGO_LINEAR, &got) == 0) {
        check_result(&t, &got, &want, a, n, "linear");
    } else {
        tally_check(&t, 0);
        tally_note(&t, "linear solve failed");
    }
    if (stream_solve(a, n, &got) == 0) {
        check_result(&t, &got, &want, a, n, "stream");
    } else {
        tally_check(&t, 0);
        tally_note(&t, "stream failed");
    }
    ok(tally_passed(&t),
       "linear and stream: %zu coins of %lld give p1 = "
       "%zu coins' worth exactly (totals past 2^79)",
       n, (long long)v, (n + 1) / 2);
    free(a);
}

static void test_random_extremes(void)
{
    enum { SMALL = 20000, LONG = 150 };
    int64_t a[600];
    tally_t t[4] = {{0, 0}, {0, 0}, {0, 0}, {0, 0}};
    rng_t r;
    rng_seed(&r, 0x11117);
    for (int k = 0; k < SMALL; k++) {
        const size_t n = (size_t)rng_below(&r, 13);
        oracle_result_t want;
        gen_values(&r, a, n, k % 2 ? VALS_EXTREME : VALS_FULL);
        oracle_solve_minimax(a, n, &want);
        check_solvers(t, a, n, &want, COINLINE_BRUTE_MAX);
    }
    report(t, "20000 random rows n <= 12 of values near the int64 limits "
              "equal the minimax");
    for (int k = 0; k < LONG; k++) {
        const size_t n = 13 + (size_t)rng_below(&r, 600 - 12);
        oracle_result_t want;
        gen_values(&r, a, n, k % 2 ? VALS_EXTREME : VALS_FULL);
        oracle_solve_dp(a, n, &want);
        check_solvers(t, a, n, &want, 0);
    }
    report(t, "150 random rows 13 <= n <= 600 of values near the int64 "
              "limits equal the oracle DP");
}

static int cmp_u64(const void *pa, const void *pb)
{
    const uint64_t x = *(const uint64_t *)pa;
    const uint64_t y = *(const uint64_t *)pb;
    return (x > y) - (x < y);
}

/* n >= 1 coins with random signs whose magnitudes sum to exactly total
 * (total <= 2^63; a magnitude of 2^63 is only possible as INT64_MIN). */
static void gen_partition(rng_t *r, int64_t *a, size_t n, uint64_t total)
{
    uint64_t cuts[64];
    for (size_t i = 0; i + 1 < n; i++) {
        cuts[i] = rng_below(r, total) + (rng_below(r, 2) ? 1 : 0);
    }
    qsort(cuts, n - 1, sizeof cuts[0], cmp_u64);
    for (size_t i = 0; i < n; i++) {
        const uint64_t from = i == 0 ? 0 : cuts[i - 1];
        const uint64_t to = i + 1 == n ? total : cuts[i];
        const uint64_t mag = to - from;
        if (mag > (uint64_t)INT64_MAX) {
            a[i] = INT64_MIN;
        } else {
            a[i] = rng_below(r, 2) ? -(int64_t)mag : (int64_t)mag;
        }
    }
}

static void test_threshold_rows(void)
{
    static const uint64_t totals[] = {
        (uint64_t)INT64_MAX - 1,
        (uint64_t)INT64_MAX,
        (uint64_t)INT64_MAX + 1,
    };
    static const char *const names[] = {"2^63-2", "2^63-1", "2^63"};
    int64_t a[40];
    rng_t r;
    rng_seed(&r, 263);
    for (size_t k = 0; k < 3; k++) {
        tally_t t[4] = {{0, 0}, {0, 0}, {0, 0}, {0, 0}};
        char what[160];
        for (int row = 0; row < 1500; row++) {
            const size_t n = 1 + (size_t)rng_below(&r, 40);
            oracle_result_t want;
            gen_partition(&r, a, n, totals[k]);
            if (oracle_sum_abs(a, n) != (i128)totals[k]) {
                diag("generator bug: sum|a| is not %s", names[k]);
                tally_check(&t[0], 0);
            }
            oracle_solve_dp(a, n, &want);
            check_solvers(t, a, n, &want, 12);
        }
        snprintf(what, sizeof what,
                 "1500 rows n <= 40 with sum|a[i]| "
                 "exactly %s (the 64/128-bit threshold) "
                 "equal the oracle DP",
                 names[k]);
        report(t, what);
    }
}

/* Even n coins +m0, -m1, +m2, -m3, ... with sum of magnitudes exactly
 * 2^63: the first player can take every positive coin, so V = 2^63, one
 * more than INT64_MAX. */
static void gen_full_margin(rng_t *r, int64_t *a, size_t n)
{
    int again;
    do {
        gen_partition(r, a, n, (uint64_t)INT64_MAX + 1);
        again = 0;
        for (size_t i = 0; i < n; i++) {
            if (a[i] == INT64_MIN && i % 2 == 0) {
                again = 1; /* +2^63 is not an int64 */
            }
            a[i] = a[i] < 0 && a[i] != INT64_MIN ? -a[i] : a[i];
            if (i % 2 == 1 && a[i] != INT64_MIN) {
                a[i] = -a[i];
            }
        }
    } while (again);
}

static void check_moves(tally_t t[2], const oracle_table_t *tab);

static void test_margin_two_pow_63(void)
{
    static const int64_t pair[] = {INT64_MAX, -1};
    static const int64_t pair_r[] = {-1, INT64_MAX};
    int64_t a[40];
    tally_t t[4] = {{0, 0}, {0, 0}, {0, 0}, {0, 0}};
    tally_t moves[2] = {{0, 0}, {0, 0}};
    rng_t r;
    fixed_row(pair, 2, "[INT64_MAX -1]: V = 2^63 = INT64_MAX + 1 exact");
    fixed_row(pair_r, 2, "[-1 INT64_MAX]: V = 2^63 exact");
    rng_seed(&r, 0x8000);
    for (int k = 0; k < 1000; k++) {
        const size_t n = 2 + 2 * (size_t)rng_below(&r, 20);
        oracle_result_t want;
        gen_full_margin(&r, a, n);
        oracle_solve_dp(a, n, &want);
        if (want.margin != (i128)INT64_MAX + 1) {
            diag("generator bug: V is not 2^63");
            tally_check(&t[0], 0);
        }
        check_solvers(t, a, n, &want, 12);
        if (k % 4 == 0) {
            oracle_table_t tab;
            oracle_table_init(&tab, a, n);
            check_moves(moves, &tab);
            oracle_table_free(&tab);
        }
    }
    report(t, "1000 rows +m0 -m1 +m2 ... with sum|a[i]| = 2^63, so V = 2^63 "
              "(just past int64), exact");
    for (size_t j = 0; j < 2; j++) {
        ok(tally_passed(&moves[j]),
           "%s: line and best_move (tie-left, exact "
           "margin) at every sub-row of 250 of "
           "those rows",
           coinline_algo_name(all_algos[j]));
    }
}

/* best_move at every sub-row and the line, for linear and dp, on a row. */
static void check_moves(tally_t t[2], const oracle_table_t *tab)
{
    char moves[64];
    char row[200];
    for (size_t j = 0; j < 2; j++) {
        size_t lo = 0;
        size_t end = tab->n;
        int good = coinline_line(tab->a, tab->n, all_algos[j], moves) == 0 &&
                   moves[tab->n] == '\0';
        for (size_t k = 0; good && k < tab->n; k++) {
            const coinline_side_t want = oracle_move(tab, lo, end);
            good = moves[k] == (want == COINLINE_SIDE_LEFT ? 'L' : 'R');
            lo += want == COINLINE_SIDE_LEFT;
            end -= want == COINLINE_SIDE_RIGHT;
        }
        for (lo = 0; good && lo < tab->n; lo++) {
            for (size_t hi = lo; good && hi < tab->n; hi++) {
                coinline_side_t side;
                coinline_i128_t m;
                good = coinline_best_move(tab->a, tab->n, lo, hi + 1,
                                          all_algos[j], &side, &m) == 0 &&
                       side == oracle_move(tab, lo, hi + 1) &&
                       i128_from_ci(m) == oracle_value(tab, lo, hi + 1);
            }
        }
        if (!tally_check(&t[j], good)) {
            tally_note(&t[j], "%s: wrong line or best_move on [%s]",
                       coinline_algo_name(all_algos[j]),
                       row_str(tab->a, tab->n, row, sizeof row));
        }
    }
}

static void test_moves_near_limits(void)
{
    int64_t a[32];
    tally_t t[2] = {{0, 0}, {0, 0}};
    oracle_table_t tab;
    rng_t r;
    rng_seed(&r, 64);
    for (int k = 0; k < 200; k++) {
        const size_t n = 1 + (size_t)rng_below(&r, 32);
        gen_values(&r, a, n, k % 2 ? VALS_EXTREME : VALS_FULL);
        oracle_table_init(&tab, a, n);
        check_moves(t, &tab);
        oracle_table_free(&tab);
    }
    for (size_t j = 0; j < 2; j++) {
        ok(tally_passed(&t[j]),
           "%s: line and best_move (tie-left side, "
           "exact margin) at every sub-row of 200 rows "
           "n <= 32 near the int64 limits",
           coinline_algo_name(all_algos[j]));
    }
}

int main(void)
{
    test_fixed_rows();
    test_known_values();
    test_equal_rows();
    long_equal_row(INT64_MAX, 100000);
    long_equal_row(INT64_MIN, 100001);
    test_random_extremes();
    test_threshold_rows();
    test_margin_two_pow_63();
    test_moves_near_limits();
    return done_testing();
}
