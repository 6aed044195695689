/* SPDX-License-Identifier: MIT */
/* coinline_stream_*: the streaming solver against the oracle and solve. */
#include <stdlib.h>
#include <string.h>

#include "coinline.h"
#include "common/check.h"
#include "common/oracle.h"
#include "common/rng.h"
#include "common/tap.h"

enum { BIG_N = 100000 };

static void test_null_handling(void)
{
    coinline_stream_t *s = new_stream();
    coinline_result_t r;
    const int64_t one = 1;
    is_int(coinline_stream_new(NULL), COINLINE_EINVAL,
           "stream_new(NULL) gives EINVAL");
    is_int(coinline_stream_push(NULL, 5), COINLINE_EINVAL,
           "stream_push(NULL, 5) gives EINVAL");
    is_int(coinline_stream_push_many(NULL, &one, 1), COINLINE_EINVAL,
           "stream_push_many(NULL, ...) gives EINVAL");
    is_int(coinline_stream_result(NULL, &r), COINLINE_EINVAL,
           "stream_result(NULL, &r) gives EINVAL");
    is_int(coinline_stream_result(s, NULL), COINLINE_EINVAL,
           "stream_result(s, NULL) gives EINVAL");
    is_int(coinline_stream_push_many(s, &one, 0), COINLINE_OK,
           "stream_push_many of 0 coins is OK");
    coinline_stream_reset(NULL);
    coinline_stream_free(NULL);
    ok(1, "stream_reset(NULL) and stream_free(NULL) return without "
          "crashing");
    memset(&r, 0x5a, sizeof r);
    ok(coinline_stream_result(s, &r) == 0 && r.n == 0 &&
           i128_from_ci(r.sum) == 0 && i128_from_ci(r.p1) == 0 &&
           i128_from_ci(r.p2) == 0 && i128_from_ci(r.margin) == 0 &&
           r.winner == COINLINE_WINNER_DRAW &&
           r.first_move == COINLINE_SIDE_NONE,
       "a new stream's result is the empty row: zeros, DRAW, NONE");
    coinline_stream_free(s);
}

/* Pushes a[0..n-1] one by one; after each coin checks result() against
 * the oracle for that prefix. Returns 0 at the first mismatch. */
static int check_prefixes(tally_t *t, coinline_stream_t *s, const int64_t *a,
                          size_t n)
{
    oracle_table_t tab;
    int good = 1;
    oracle_table_init(&tab, a, n);
    for (size_t k = 1; k <= n && good; k++) {
        coinline_result_t got;
        oracle_result_t want;
        oracle_result(a, k, oracle_value(&tab, 0, k), oracle_move(&tab, 0, k),
                      &want);
        if (coinline_stream_push(s, a[k - 1]) != 0 ||
            coinline_stream_result(s, &got) != 0) {
            tally_check(t, 0);
            tally_note(t, "push or result failed at coin %zu", k);
            good = 0;
        } else {
            good = check_result(t, &got, &want, a, k, "stream prefix");
        }
    }
    oracle_table_free(&tab);
    return good;
}

static void test_prefixes(void)
{
    int64_t a[400];
    tally_t small = {0, 0};
    tally_t mid = {0, 0};
    coinline_stream_t *s = new_stream();
    rng_t r;
    rng_seed(&r, 5150);
    for (int k = 0; k < 6000; k++) {
        const int is_small = k < 5000;
        const size_t n = is_small ? (size_t)rng_below(&r, 17)
                                  : 17 + (size_t)rng_below(&r, 384);
        if (is_small || k % 2) {
            gen_values(&r, a, n, (vals_t)rng_below(&r, VALS_COUNT));
        } else {
            gen_shape(&r, a, n, (shape_t)rng_below(&r, SHAPE_COUNT));
        }
        coinline_stream_reset(s);
        check_prefixes(is_small ? &small : &mid, s, a, n);
    }
    coinline_stream_free(s);
    ok(tally_passed(&small), "result() after every push equals the oracle "
                             "for that prefix: 5000 rows n <= 16, all "
                             "alphabets, one stream reset between rows");
    ok(tally_passed(&mid), "result() after every push equals the oracle "
                           "for that prefix: 1000 rows 17 <= n <= 400, "
                           "alphabets and shapes");
}

/* Small values, then a few huge ones (sum|a| passes INT64_MAX there),
 * then small values again. */
static void gen_promoting(rng_t *r, int64_t *a, size_t n)
{
    const size_t at = (size_t)rng_below(r, n);
    for (size_t i = 0; i < n; i++) {
        if (i >= at && i < at + 3) {
            a[i] = rng_range(r, INT64_C(1) << 61, INT64_MAX);
            a[i] = rng_below(r, 2) ? a[i] : -a[i];
        } else {
            a[i] = rng_range(r, -1000, 1000);
        }
    }
}

static void test_promotion(void)
{
    int64_t a[300];
    tally_t sudden = {0, 0};
    tally_t gradual = {0, 0};
    coinline_stream_t *s = new_stream();
    rng_t r;
    rng_seed(&r, 6363);
    for (int k = 0; k < 200; k++) {
        const size_t n = 4 + (size_t)rng_below(&r, 297);
        gen_promoting(&r, a, n);
        coinline_stream_reset(s);
        check_prefixes(&sudden, s, a, n);
    }
    for (int k = 0; k < 100; k++) {
        /* 300 coins of magnitude up to 2^57: sum|a| passes 2^63 late. */
        for (size_t i = 0; i < 300; i++) {
            a[i] = rng_range(&r, -(INT64_C(1) << 57), INT64_C(1) << 57);
        }
        coinline_stream_reset(s);
        check_prefixes(&gradual, s, a, 300);
        if (oracle_sum_abs(a, 300) <= INT64_MAX) {
            diag("row %d does not pass INT64_MAX", k);
            tally_check(&gradual, 0);
        }
    }
    coinline_stream_free(s);
    ok(tally_passed(&sudden), "prefix results exact across the promotion to "
                              "128 bits: 200 rows of small coins with 3 "
                              "coins >= 2^61 somewhere");
    ok(tally_passed(&gradual), "prefix results exact when sum|a[i]| passes "
                               "INT64_MAX gradually: 100 rows of 300 coins "
                               "up to 2^57");
}

/* coinline_solve(LINEAR) of a[0..n-1], exiting if it fails. */
static coinline_result_t solved(const int64_t *a, size_t n)
{
    coinline_result_t r;
    if (coinline_solve(a, n, COINLINE_ALGO_LINEAR, &r) != 0) {
        diag("coinline_solve failed on n=%zu", n);
        memset(&r, 0, sizeof r);
        r.n = (uint64_t)-1; /* never equal to a stream result */
    }
    return r;
}

/* One long row pushed three ways; all equal coinline_solve. */
static int three_ways(rng_t *r, const int64_t *a, size_t n)
{
    coinline_stream_t *s = new_stream();
    const coinline_result_t want = solved(a, n);
    coinline_result_t got[3];
    size_t i = 0;
    int rc = 0;
    for (i = 0; i < n && rc == 0; i++) {
        rc = coinline_stream_push(s, a[i]);
    }
    rc |= coinline_stream_result(s, &got[0]);
    coinline_stream_reset(s);
    rc |= coinline_stream_push_many(s, a, n);
    rc |= coinline_stream_result(s, &got[1]);
    coinline_stream_reset(s);
    for (i = 0; i < n && rc == 0;) {
        const size_t chunk = 1 + (size_t)rng_below(r, 5000);
        const size_t take = chunk < n - i ? chunk : n - i;
        rc = coinline_stream_push_many(s, a + i, take);
        i += take;
    }
    rc |= coinline_stream_result(s, &got[2]);
    coinline_stream_free(s);
    return rc == 0 && same_result(&got[0], &want) &&
           same_result(&got[1], &want) && same_result(&got[2], &want);
}

static void test_long_rows(void)
{
    int64_t *a = row_alloc(BIG_N);
    rng_t r;
    rng_seed(&r, 100000);
    for (int shape = 0; shape < SHAPE_COUNT; shape++) {
        gen_shape(&r, a, BIG_N, (shape_t)shape);
        ok(three_ways(&r, a, BIG_N),
           "%d %s coins: push one by one, "
           "push_many whole and push_many in "
           "random chunks all equal solve",
           BIG_N, shape_name((shape_t)shape));
    }
    for (int kind = 0; kind < VALS_COUNT; kind++) {
        gen_values(&r, a, BIG_N, (vals_t)kind);
        ok(three_ways(&r, a, BIG_N),
           "%d random coins in %s: push, push_many "
           "and chunked push_many equal solve",
           BIG_N, vals_name((vals_t)kind));
    }
    free(a);
}

/* 10^5 coins up to 2^50: sum|a[i]| passes INT64_MAX near coin 16000.
 * result() every 2500 coins (twice) equals solve of that prefix. */
static void test_long_checkpoints(void)
{
    int64_t *a = row_alloc(BIG_N);
    coinline_stream_t *s = new_stream();
    int good = 1;
    int stable = 1;
    int crossed = 0;
    rng_t r;
    rng_seed(&r, 2500);
    for (size_t i = 0; i < BIG_N; i++) {
        a[i] = rng_range(&r, -(INT64_C(1) << 50), INT64_C(1) << 50);
    }
    for (size_t i = 0; i < BIG_N; i++) {
        good &= coinline_stream_push(s, a[i]) == 0;
        if ((i + 1) % 2500 == 0) {
            coinline_result_t x;
            coinline_result_t y;
            const coinline_result_t want = solved(a, i + 1);
            good &=
                coinline_stream_result(s, &x) == 0 && same_result(&x, &want);
            stable &= coinline_stream_result(s, &y) == 0 && same_result(&x, &y);
        }
    }
    crossed = oracle_sum_abs(a, 12000) <= INT64_MAX &&
              oracle_sum_abs(a, 30000) > INT64_MAX;
    ok(good && crossed, "10^5 coins up to 2^50 (sum|a| passes INT64_MAX "
                        "partway): result() every 2500 pushes equals solve "
                        "of the prefix");
    ok(stable, "result() called twice in a row gives the same answer and "
               "pushing continues correctly after it");
    coinline_stream_free(s);
    free(a);
}

static void test_reset(void)
{
    static const int64_t huge[] = {INT64_MAX, INT64_MIN, INT64_MAX, 7};
    static const int64_t small[] = {0, 1, -1, 0, 1};
    static const int64_t other[] = {3, 9, 1, 2};
    coinline_stream_t *s = new_stream();
    coinline_result_t got;
    oracle_result_t want;
    tally_t t = {0, 0};

    coinline_stream_push_many(s, huge, 4);
    coinline_stream_reset(s);
    oracle_solve_minimax(small, 0, &want);
    tally_check(&t, coinline_stream_result(s, &got) == 0);
    check_result(&t, &got, &want, small, 0, "after reset");
    coinline_stream_push_many(s, small, 5);
    oracle_solve_minimax(small, 5, &want);
    tally_check(&t, coinline_stream_result(s, &got) == 0);
    check_result(&t, &got, &want, small, 5, "after reset and new row");
    ok(tally_passed(&t), "reset after a 128-bit row empties the stream; a "
                         "new row [0 1 -1 0 1] then solves exactly (tie-left "
                         "first move)");

    t.checks = t.failures = 0;
    coinline_stream_reset(s);
    coinline_stream_push_many(s, other, 4);
    oracle_solve_minimax(other, 4, &want);
    tally_check(&t, coinline_stream_result(s, &got) == 0);
    check_result(&t, &got, &want, other, 4, "second reset");
    ok(tally_passed(&t), "a second reset then [3 9 1 2] solves exactly "
                         "(the old first coin is forgotten)");
    coinline_stream_free(s);
}

int main(void)
{
    test_null_handling();
    test_prefixes();
    test_promotion();
    test_long_rows();
    test_long_checkpoints();
    test_reset();
    return done_testing();
}
