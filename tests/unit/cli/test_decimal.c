/* SPDX-License-Identifier: MIT */
/*
 * test_decimal.c - the exact means of cli/decimal.c (duel's mean_margin
 * and mean_loss): the 192-bit sum and the mean with two decimals, rounded
 * half away from zero. Hand cases (ties both ways, a mean that rounds to
 * zero from below, the ends of the 128-bit range, sums far past it),
 * then random sums built to have a known mean: count values M + d[i]
 * whose d[i] are large but add up to a small D, so the mean is M + D /
 * count, written by the test's own decimal writer.
 */
#include <stdio.h>
#include <string.h>

#include "common/i128.h"
#include "common/rng.h"
#include "common/tap.h"
#include "decimal.h"

/* The mean of the n values v[], as cli_mean_str() writes it. */
static const char *mean_of(const i128 *v, size_t n, uint64_t count, char *buf)
{
    cli_sum_t s;
    memset(&s, 0, sizeof s);
    for (size_t i = 0; i < n; i++)
        cli_sum_add(&s, v[i]);
    return cli_mean_str(&s, count, buf);
}

static void test_hand_cases(void)
{
    static const struct {
        long long sum;
        unsigned long long count;
        const char *mean, *what;
    } cases[] = {
        {0, 0, "0.00", "no value"},
        {0, 7, "0.00", "zero"},
        {14, 1, "14.00", "one value"},
        {-14, 1, "-14.00", "one negative value"},
        {1, 3, "0.33", "a third"},
        {2, 3, "0.67", "two thirds"},
        {-2, 3, "-0.67", "minus two thirds"},
        {469, 200, "2.35", "2.345: a tie rounds away from zero"},
        {-469, 200, "-2.35", "-2.345: away from zero too"},
        {1, 8, "0.13", "0.125 (exact in binary): away from zero"},
        {-1, 8, "-0.13", "-0.125"},
        {4689, 2000, "2.34", "2.3445: below the tie"},
        {-1, 300, "0.00", "-0.0033 rounds to 0.00, not -0.00"},
        {-1, 200, "-0.01", "-0.005 rounds to -0.01"},
        {1, 200, "0.01", "0.005 rounds to 0.01"},
        {199, 200, "1.00", "0.995 carries into the units"},
        {-1999, 200, "-10.00", "-9.995 carries into the tens"},
        {5832, 200, "29.16", "the README's mean"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char buf[CLI_MEAN_STRLEN];
        const i128 v = cases[i].sum;
        is_str(mean_of(&v, 1, cases[i].count, buf), cases[i].mean, "%s",
               cases[i].what);
    }
}

/* The duel: int64 coins, margins whose double mean was wrong in
 * its units. */
static void test_past_2_53(void)
{
    char buf[CLI_MEAN_STRLEN];
    const i128 v = (i128)3085899387955887330LL;
    is_str(mean_of(&v, 1, 6, buf), "514316564659314555.00",
           "3085899387955887330 / 6: every digit");
    const i128 w = (i128)16672294755422586970ULL;
    is_str(mean_of(&w, 1, 6, buf), "2778715792570431161.67",
           "16672294755422586970 / 6 (past 64 bits)");
}

static void test_ends(void)
{
    static i128 v[1000];
    char want[CLI_MEAN_STRLEN + 8], got[CLI_MEAN_STRLEN], digits[I128_BUFLEN];
    for (size_t i = 0; i < 1000; i++)
        v[i] = I128_MAX;
    snprintf(want, sizeof want, "%s.00", i128_str(I128_MAX, digits));
    is_str(mean_of(v, 1, 1, got), want, "2^127 - 1");
    is_str(mean_of(v, 1000, 1000, got), want,
           "1000 times 2^127 - 1: the sum passes 128 bits");
    for (size_t i = 0; i < 1000; i++)
        v[i] = I128_MIN;
    snprintf(want, sizeof want, "%s.00", i128_str(I128_MIN, digits));
    is_str(mean_of(v, 1, 1, got), want, "-2^127");
    is_str(mean_of(v, 1000, 1000, got), want, "1000 times -2^127");
    is_str(strlen(got) < CLI_MEAN_STRLEN ? "fits" : "too long", "fits",
           "the longest mean fits in CLI_MEAN_STRLEN");
    for (size_t i = 0; i < 6; i++)
        v[i] = i % 2 ? I128_MIN : I128_MAX;
    is_str(mean_of(v, 6, 6, got), "-0.50",
           "3 times 2^127 - 1 and 3 times -2^127: -3 / 6");
    is_str(mean_of(v, 6, 7, got), "-0.43", "-3 / 7");

    /* 2^20 values of 2^127 - 1 less one of them: (2^20 - 1)(2^127 - 1)
     * / 2^20 = 2^127 - 1 - (2^127 - 1) / 2^20. */
    cli_sum_t s;
    memset(&s, 0, sizeof s);
    const uint64_t count = UINT64_C(1) << 20;
    for (uint64_t i = 0; i + 1 < count; i++)
        cli_sum_add(&s, I128_MAX);
    const i128 whole = I128_MAX - (I128_MAX >> 20) - 1;
    /* The rest: (2^20 - (2^127 - 1) mod 2^20) / 2^20 = 1 / 2^20. */
    snprintf(want, sizeof want, "%s.00", i128_str(whole, digits));
    is_str(cli_mean_str(&s, count, got), want,
           "2^20 - 1 values of 2^127 - 1 over 2^20");
}

/* x / count in hundredths, rounded half up (x >= 0, small). */
static i128 hundredths(i128 x, uint64_t count)
{
    return (x * 200 + (i128)count) / (2 * (i128)count);
}

/* "-I.CC" for the magnitude whole + h / 100 (h in hundredths) and a
 * sign: no sign on zero. */
static void put_mean(int negative, i128 whole, i128 h, char *out, size_t size)
{
    char digits[I128_BUFLEN];
    whole += h / 100;
    h %= 100;
    snprintf(out, size, "%s%s.%02d",
             negative && (whole != 0 || h != 0) ? "-" : "",
             i128_str(whole, digits), (int)h);
}

/* The mean M + D / count (|D| < 99 count) written out. */
static void known_mean(i128 M, i128 D, uint64_t count, char *out, size_t size)
{
    if (M > -100 && M < 100) { /* small: the sum itself */
        const i128 S = M * (i128)count + D;
        put_mean(S < 0, 0, hundredths(S < 0 ? -S : S, count), out, size);
        return;
    }
    /* |M| >= 100 > |D / count|: the mean has M's sign; on magnitudes it
     * is m + d / count, d of either sign: borrow k units to make it
     * m - k + (d + k count) / count with 0 <= d + k count < count. */
    const i128 m = M < 0 ? -M : M, d = M < 0 ? -D : D;
    const i128 k = d >= 0 ? 0 : (-d + (i128)count - 1) / (i128)count;
    put_mean(M < 0, m - k, hundredths(d + k * (i128)count, count), out, size);
}

/* A random 128-bit value of at most bits bits, either sign. */
static i128 random_wide(rng_t *r, int bits)
{
    const u128 u = ((u128)rng_next(r) << 64) | rng_next(r);
    const i128 v = (i128)(u >> (128 - bits));
    return rng_below(r, 2) ? v : -v;
}

static void test_known_means(void)
{
    rng_t r;
    tally_t t = {0, 0};
    rng_seed(&r, 28);
    for (int trial = 0; trial < 20000; trial++) {
        static i128 v[32];
        const uint64_t count = 1 + rng_below(&r, 32);
        const i128 M = random_wide(&r, 1 + (int)rng_below(&r, 125));
        const i128 D = (i128)rng_range(&r, -99 * (int64_t)count + 1,
                                       99 * (int64_t)count - 1);
        i128 rest = D;
        for (uint64_t i = 0; i + 1 < count; i++) {
            const i128 d = random_wide(&r, 1 + (int)rng_below(&r, 119));
            v[i] = M + d;
            rest -= d;
        }
        v[count - 1] = M + rest;
        char want[64], got[CLI_MEAN_STRLEN];
        known_mean(M, D, count, want, sizeof want);
        mean_of(v, count, count, got);
        if (!tally_check(&t, strcmp(got, want) == 0)) {
            char m[I128_BUFLEN];
            tally_note(&t, "trial %d: M %s, D %lld, count %llu: %s, want %s",
                       trial, i128_str(M, m), (long long)D,
                       (unsigned long long)count, got, want);
        }
    }
    ok(tally_passed(&t), "%ld random sums with a known mean", t.checks);
}

int main(void)
{
    test_hand_cases();
    test_past_2_53();
    test_ends();
    test_known_means();
    return done_testing();
}
