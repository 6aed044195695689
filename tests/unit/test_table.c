/* SPDX-License-Identifier: MIT */
/*
 * coinline_table_*: the table of the interval programme against the
 * independent oracle's table: every run's value and move, the cells of
 * the optimal line walked from the oracle's moves, the ties of both
 * moves, and the errors.
 */
#include <stdlib.h>
#include <string.h>

#include "coinline.h"
#include "common/check.h"
#include "common/oracle.h"
#include "common/rng.h"
#include "common/tap.h"

/* 1 when both moves on a[lo..hi-1] (two coins or more) are as good, by
 * the oracle's values. */
static int oracle_tied(const oracle_table_t *o, const int64_t *a, size_t lo,
                       size_t hi)
{
    return hi - lo >= 2 && a[lo] - oracle_value(o, lo + 1, hi) ==
                               a[hi - 1] - oracle_value(o, lo, hi - 1);
}

/* Every cell of the table of a[0..n-1] against the oracle: the value, the
 * move and the tie of every run lo..hi-1 (the empty ones included), and
 * the line:
 * on_line exactly on the runs the oracle's optimal moves pass through. */
static void check_row(tally_t *t, const int64_t *a, size_t n)
{
    coinline_table_t *tab = NULL;
    oracle_table_t o;
    char buf[160];
    if (!tally_check(t, coinline_table_new(a, n, &tab) == COINLINE_OK &&
                            coinline_table_size(tab) == n)) {
        tally_note(t, "table_new failed on %s", row_str(a, n, buf, sizeof buf));
        return;
    }
    oracle_table_init(&o, a, n);
    unsigned char *line = calloc(n * n + 1, 1);
    for (size_t lo = 0, hi = n; hi > lo;) {
        line[lo * n + hi - 1] = 1;
        if (oracle_move(&o, lo, hi) == COINLINE_SIDE_LEFT)
            lo++;
        else
            hi--;
    }
    for (size_t lo = 0; lo <= n; lo++)
        for (size_t hi = lo; hi <= n; hi++) {
            coinline_i128_t v;
            const int on = hi > lo ? line[lo * n + hi - 1] : 0;
            const int good =
                coinline_table_value(tab, lo, hi, &v) == COINLINE_OK &&
                i128_from_ci(v) == oracle_value(&o, lo, hi) &&
                coinline_table_move(tab, lo, hi) == oracle_move(&o, lo, hi) &&
                coinline_table_tied(tab, lo, hi) ==
                    oracle_tied(&o, a, lo, hi) &&
                coinline_table_on_line(tab, lo, hi) == on;
            if (!tally_check(t, good))
                tally_note(t, "run [%zu, %zu) of %s", lo, hi,
                           row_str(a, n, buf, sizeof buf));
        }
    tally_check(t, memcmp(coinline_table_row(tab), a, n * sizeof *a) == 0);
    free(line);
    oracle_table_free(&o);
    coinline_table_free(tab);
}

static void test_random_rows(void)
{
    rng_t r;
    tally_t t = {0, 0};
    int64_t a[24];
    rng_seed(&r, 20261124);
    for (int k = 0; k < 3000; k++) {
        const size_t n = (size_t)rng_below(&r, 24);
        gen_values(&r, a, n, (vals_t)rng_below(&r, VALS_COUNT));
        check_row(&t, a, n);
    }
    ok(tally_passed(&t),
       "every run's value, move, tie and line cell agree with the oracle on "
       "3000 random rows of 0 to 23 coins, every value alphabet "
       "(%ld checks)",
       t.checks);
}

static void test_extremes(void)
{
    tally_t t = {0, 0};
    /* player 1 must take INT64_MIN twice, player 2 takes INT64_MAX */
    const int64_t big[] = {INT64_MIN, INT64_MAX, INT64_MIN};
    const size_t n = sizeof big / sizeof big[0];
    coinline_table_t *tab = NULL;
    coinline_i128_t v = {0, 0};
    check_row(&t, big, n);
    coinline_table_new(big, n, &tab);
    coinline_table_value(tab, 0, n, &v);
    ok(tally_passed(&t) &&
           i128_from_ci(v) == 2 * (i128)INT64_MIN - (i128)INT64_MAX,
       "values past 64 bits are exact: V of (MIN, MAX, MIN) is "
       "2 INT64_MIN - INT64_MAX, and every run agrees with the oracle");
    coinline_table_free(tab);
}

/* 8 15 3 7: on 8 15 3 both ends leave player 1 behind by 4 (8 - 12,
 * 3 - 7); no other run of two coins or more ties; one coin never does. */
static void test_tied(void)
{
    const int64_t a[] = {8, 15, 3, 7};
    coinline_table_t *tab = NULL;
    int others = 0;
    coinline_table_new(a, 4, &tab);
    for (size_t lo = 0; lo < 4; lo++)
        for (size_t hi = lo; hi <= 4; hi++)
            others += (lo != 0 || hi != 3) && coinline_table_tied(tab, lo, hi);
    ok(coinline_table_tied(tab, 0, 3) == 1 &&
           coinline_table_move(tab, 0, 3) == COINLINE_SIDE_LEFT && others == 0,
       "table_tied on 8 15 3 7: coins 1..3 tie (move LEFT), no other run");
    ok(coinline_table_tied(tab, 2, 1) == 0 &&
           coinline_table_tied(tab, 0, 5) == 0 &&
           coinline_table_tied(NULL, 0, 2) == 0,
       "table_tied answers 0 for lo > hi, hi > n and NULL");
    coinline_table_free(tab);
}

static void test_errors(void)
{
    coinline_table_t *tab = (coinline_table_t *)&tab;
    coinline_i128_t v;
    const int64_t a[] = {1, 3, 5};
    is_int(coinline_table_new(a, 3, NULL), COINLINE_EINVAL,
           "table_new with out NULL gives EINVAL");
    is_int(coinline_table_new(NULL, 3, &tab), COINLINE_EINVAL,
           "table_new of NULL coins with n > 0 gives EINVAL");
    ok(tab == NULL, "a failed table_new sets *out to NULL");
    is_int(coinline_table_new(a, COINLINE_TABLE_MAX + 1, &tab),
           COINLINE_ETOOBIG, "a row past COINLINE_TABLE_MAX gives ETOOBIG");
    is_int(coinline_table_new(NULL, 0, &tab), COINLINE_OK,
           "the table of the empty row is made from NULL coins");
    ok(coinline_table_size(tab) == 0 &&
           coinline_table_value(tab, 0, 0, &v) == COINLINE_OK &&
           i128_from_ci(v) == 0 &&
           coinline_table_move(tab, 0, 0) == COINLINE_SIDE_NONE &&
           coinline_table_on_line(tab, 0, 0) == 0,
       "the empty row's table: size 0, V 0, no move, no line");
    coinline_table_free(tab);
    coinline_table_new(a, 3, &tab);
    ok(coinline_table_value(tab, 2, 1, &v) == COINLINE_EINVAL &&
           coinline_table_value(tab, 0, 4, &v) == COINLINE_EINVAL &&
           coinline_table_value(tab, 0, 3, NULL) == COINLINE_EINVAL &&
           coinline_table_value(NULL, 0, 0, &v) == COINLINE_EINVAL,
       "table_value refuses lo > hi, hi > n and NULL with EINVAL");
    ok(coinline_table_move(tab, 2, 1) == COINLINE_SIDE_NONE &&
           coinline_table_move(tab, 0, 4) == COINLINE_SIDE_NONE &&
           coinline_table_move(NULL, 0, 1) == COINLINE_SIDE_NONE &&
           coinline_table_on_line(tab, 0, 4) == 0 &&
           coinline_table_on_line(NULL, 0, 1) == 0,
       "table_move and table_on_line answer NONE and 0 for invalid runs");
    ok(coinline_table_size(NULL) == 0 && coinline_table_row(NULL) == NULL,
       "table_size and table_row of NULL are 0 and NULL");
    coinline_table_free(tab);
    coinline_table_free(NULL);
    ok(1, "table_free(NULL) returns");
}

int main(void)
{
    plan(14);
    test_random_rows();
    test_extremes();
    test_tied();
    test_errors();
    return tap_done();
}
