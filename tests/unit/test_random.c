/* SPDX-License-Identifier: MIT */
/* coinline_random_*(): the one generator of gen, duel, play and the
 * bindings: its arguments, its bounds, its spread and its sequence. */
#include <stdint.h>
#include <string.h>

#include "coinline.h"
#include "common/tap.h"

/* Every value of a row lies in [min, max], on many ranges, the extreme
 * ones included. */
static void rows_stay_in_their_bounds(void)
{
    static const int64_t ranges[][2] = {{1, 100},
                                        {-5, 5},
                                        {7, 7},
                                        {INT64_MIN, INT64_MAX},
                                        {INT64_MIN, INT64_MIN + 2},
                                        {INT64_MAX - 1, INT64_MAX},
                                        {-1, 0}};
    tally_t t = {0, 0};
    int64_t row[4096];
    for (size_t r = 0; r < sizeof ranges / sizeof ranges[0]; r++) {
        uint64_t state = r + 1;
        const int64_t lo = ranges[r][0], hi = ranges[r][1];
        const int rc = coinline_random_row(&state, lo, hi, row, 4096);
        for (size_t i = 0; i < 4096; i++)
            if (!tally_check(&t,
                             rc == COINLINE_OK && row[i] >= lo && row[i] <= hi))
                tally_note(&t, "range %zu coin %zu: %lld", r, i,
                           (long long)row[i]);
    }
    ok(tally_passed(&t), "random rows stay within [min, max] (%ld coins)",
       t.checks);
}

/* Each of 6 values comes about 1/6 of the time (chi-square, 5 degrees of
 * freedom: 20.5 is passed with probability 0.001), and both ends of the
 * whole int64 range are reached in sign. */
static void draws_are_spread_evenly(void)
{
    uint64_t state = 42;
    long count[6] = {0};
    const long draws = 60000;
    for (long i = 0; i < draws; i++)
        count[coinline_random_uniform(&state, 5)]++;
    double chi = 0;
    for (int k = 0; k < 6; k++) {
        const double d = (double)count[k] - draws / 6.0;
        chi += d * d / (draws / 6.0);
    }
    ok(chi < 20.5, "uniform draws over 6 values: chi-square %.2f < 20.5", chi);
    int64_t row[64];
    int neg = 0, pos = 0;
    coinline_random_row(&state, INT64_MIN, INT64_MAX, row, 64);
    for (int i = 0; i < 64; i++) {
        neg += row[i] < 0;
        pos += row[i] > 0;
    }
    ok(neg > 8 && pos > 8, "the whole int64 range gives both signs (%d, %d)",
       neg, pos);
}

/* The same seed gives the same row; drawing a row coin by coin gives the
 * same coins as drawing it at once (gen draws one at a time, duel a row). */
static void one_seed_one_sequence(void)
{
    int64_t a[100], b[100];
    uint64_t s1 = 9, s2 = 9, s3 = 10;
    coinline_random_row(&s1, -50, 50, a, 100);
    for (int i = 0; i < 100; i++)
        coinline_random_row(&s2, -50, 50, &b[i], 1);
    ok(memcmp(a, b, sizeof a) == 0 && s1 == s2,
       "a row drawn at once equals the same row drawn coin by coin");
    coinline_random_row(&s3, -50, 50, b, 100);
    ok(memcmp(a, b, sizeof a) != 0, "another seed gives another row");
    uint64_t x = 0, y = 0;
    ok(coinline_random_next(&x) == coinline_random_next(&y) && x == y && x != 0,
       "the state moves on by each draw, the same way from the same seed");
}

static void bad_arguments_are_refused(void)
{
    int64_t row[2] = {5, 5};
    uint64_t state = 1;
    is_int(coinline_random_row(NULL, 1, 2, row, 2), COINLINE_EINVAL,
           "state NULL");
    is_int(coinline_random_row(&state, 3, 2, row, 2), COINLINE_EINVAL,
           "min > max");
    is_int(coinline_random_row(&state, 1, 2, NULL, 2), COINLINE_EINVAL,
           "coins NULL with n > 0");
    ok(state == 1 && row[0] == 5,
       "a refused call draws nothing and writes nothing");
    is_int(coinline_random_row(&state, 1, 2, NULL, 0), COINLINE_OK,
           "no coin: fine");
    ok(coinline_random_next(NULL) == 0 && coinline_random_uniform(NULL, 9) == 0,
       "a NULL state gives 0");
}

int main(void)
{
    rows_stay_in_their_bounds();
    draws_are_spread_evenly();
    one_seed_one_sequence();
    bad_arguments_are_refused();
    return done_testing();
}
