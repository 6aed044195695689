/* SPDX-License-Identifier: MIT */
/* coinline_i128_*: conversions, comparison and decimal text. */
#include <stdint.h>
#include <string.h>

#include "coinline.h"
#include "common/i128.h"
#include "common/rng.h"
#include "common/tap.h"

static const int64_t int64_edges[] = {
    0,
    1,
    -1,
    2,
    -2,
    INT64_MAX,
    INT64_MIN,
    INT64_MAX - 1,
    INT64_MIN + 1,
    INT64_C(1) << 62,
    -(INT64_C(1) << 62),
    1000000007,
};
#define N_INT64_EDGES (sizeof int64_edges / sizeof int64_edges[0])

/* Values around and past the 64-bit range. */
static i128 wide_edge(size_t k)
{
    const i128 two64 = (i128)1 << 64;
    const i128 vals[] = {
        0,
        -1,
        1,
        INT64_MAX,
        INT64_MIN,
        (i128)INT64_MAX + 1,
        (i128)INT64_MIN - 1,
        3 * (i128)INT64_MAX,
        -3 * (i128)INT64_MAX,
        two64,
        -two64,
        two64 - 1,
        -two64 + 1,
        I128_MAX,
        I128_MIN,
        I128_MIN + 1,
        I128_MAX - 1,
        (i128)UINT64_MAX,
    };
    return k < sizeof vals / sizeof vals[0] ? vals[k] : 0;
}
#define N_WIDE_EDGES 18

static void test_from_int64(void)
{
    int all = 1;
    for (size_t i = 0; i < N_INT64_EDGES; i++) {
        const int64_t v = int64_edges[i];
        const coinline_i128_t c = coinline_i128_from_int64(v);
        const int64_t want_hi = v < 0 ? -1 : 0;
        if (c.hi != want_hi || c.lo != (uint64_t)v) {
            diag("from_int64(%lld): hi=%lld lo=%llu", (long long)v,
                 (long long)c.hi, (unsigned long long)c.lo);
            all = 0;
        }
    }
    ok(all, "from_int64 sign-extends 0, +-1, +-2, INT64_MIN, INT64_MAX and "
            "neighbours into hi:lo");
}

static void test_to_int64_fits(void)
{
    int all = 1;
    for (size_t i = 0; i < N_INT64_EDGES; i++) {
        const int64_t v = int64_edges[i];
        int64_t out = 12345;
        const int rc = coinline_i128_to_int64(i128_to_ci(v), &out);
        if (rc != COINLINE_OK || out != v) {
            diag("to_int64(%lld): rc=%d out=%lld", (long long)v, rc,
                 (long long)out);
            all = 0;
        }
    }
    ok(all, "to_int64 returns OK and the exact value for every int64 edge");
}

static void test_to_int64_range(void)
{
    int all = 1;
    char buf[I128_BUFLEN];
    for (size_t k = 0; k < N_WIDE_EDGES; k++) {
        const i128 v = wide_edge(k);
        int64_t out = 777;
        if (v >= INT64_MIN && v <= INT64_MAX) {
            continue;
        }
        if (coinline_i128_to_int64(i128_to_ci(v), &out) != COINLINE_ERANGE ||
            out != 777) {
            diag("to_int64(%s) did not give ERANGE with *out unchanged",
                 i128_str(v, buf));
            all = 0;
        }
    }
    ok(all, "to_int64 gives ERANGE and leaves *out unchanged for 2^63, "
            "-2^63-1, 3*(2^63-1), 2^64, +-2^127 and others past 64 bits");
    is_int(coinline_i128_to_int64(i128_to_ci(5), NULL), COINLINE_EINVAL,
           "to_int64 with out == NULL gives EINVAL");
}

static int sign_of(i128 a, i128 b)
{
    return (a > b) - (a < b);
}

static i128 make_i128(uint64_t hi_bits, uint64_t lo)
{
    /* hi as the int64 with these bits, without implementation-defined
     * conversions. */
    const int64_t hi = hi_bits <= (uint64_t)INT64_MAX
                           ? (int64_t)hi_bits
                           : -(int64_t)(UINT64_MAX - hi_bits) - 1;
    return (i128)hi * ((i128)1 << 64) + (i128)lo;
}

static void test_cmp(void)
{
    tally_t t = {0, 0};
    char ab[I128_BUFLEN];
    char bb[I128_BUFLEN];
    rng_t r;
    for (size_t i = 0; i < N_WIDE_EDGES; i++) {
        for (size_t j = 0; j < N_WIDE_EDGES; j++) {
            const i128 a = wide_edge(i);
            const i128 b = wide_edge(j);
            const int got = coinline_i128_cmp(i128_to_ci(a), i128_to_ci(b));
            if (!tally_check(&t, got == sign_of(a, b))) {
                tally_note(&t, "cmp(%s, %s) = %d", i128_str(a, ab),
                           i128_str(b, bb), got);
            }
        }
    }
    ok(tally_passed(&t), "cmp gives -1/0/1 for every pair of 18 edge values "
                         "(+-2^127, +-2^64, int64 limits, 0, +-1)");
    rng_seed(&r, 0xC0FFEE);
    t.checks = t.failures = 0;
    for (int k = 0; k < 20000; k++) {
        /* Half the pairs share hi, so lo decides (unsigned compare). */
        const uint64_t hi = rng_next(&r);
        const uint64_t lo = rng_next(&r);
        const i128 a = make_i128(hi, lo);
        const i128 b = k % 2 ? make_i128(hi, lo + rng_below(&r, 7) - 3)
                             : make_i128(rng_next(&r), rng_next(&r));
        const int got = coinline_i128_cmp(i128_to_ci(a), i128_to_ci(b));
        if (!tally_check(&t, got == sign_of(a, b))) {
            tally_note(&t, "cmp(%s, %s) = %d", i128_str(a, ab), i128_str(b, bb),
                       got);
        }
    }
    ok(tally_passed(&t), "cmp agrees with native comparison on 20000 random "
                         "128-bit pairs, half of them close together");
}

/* add, sub and neg against native arithmetic modulo 2^128 (done in
 * unsigned, where wrapping is defined). */
static void test_arithmetic(void)
{
    tally_t t = {0, 0};
    char ab[I128_BUFLEN], bb[I128_BUFLEN];
    rng_t r;
    rng_seed(&r, 0xADD5);
    for (int k = 0; k < 20000 + (int)(N_WIDE_EDGES * N_WIDE_EDGES); k++) {
        const int edge = k >= 20000;
        const size_t e = edge ? (size_t)(k - 20000) : 0;
        const i128 a = edge ? wide_edge(e / N_WIDE_EDGES)
                            : make_i128(rng_next(&r), rng_next(&r));
        const i128 b = edge ? wide_edge(e % N_WIDE_EDGES)
                            : make_i128(rng_next(&r), rng_next(&r));
        const u128 ua = (u128)a;
        const u128 ub = (u128)b;
        const i128 sum = (i128)(ua + ub), diff = (i128)(ua - ub);
        const i128 neg = (i128)((u128)0 - ua);
        const int good =
            i128_from_ci(coinline_i128_add(i128_to_ci(a), i128_to_ci(b))) ==
                sum &&
            i128_from_ci(coinline_i128_sub(i128_to_ci(a), i128_to_ci(b))) ==
                diff &&
            i128_from_ci(coinline_i128_neg(i128_to_ci(a))) == neg;
        if (!tally_check(&t, good))
            tally_note(&t, "add/sub/neg of %s and %s", i128_str(a, ab),
                       i128_str(b, bb));
    }
    ok(tally_passed(&t),
       "add, sub and neg agree with native 128-bit arithmetic (wrapping "
       "modulo 2^128) on 20000 random pairs and every pair of edge values");
}

/* to_string of v checked against the test's own formatter. */
static int string_matches(i128 v)
{
    char want[I128_BUFLEN];
    char got[COINLINE_I128_STRLEN];
    const int rc = coinline_i128_to_string(i128_to_ci(v), got, sizeof got);
    i128_str(v, want);
    if (rc != (int)strlen(want) || strcmp(got, want) != 0) {
        diag("to_string(%s): rc=%d text=\"%s\"", want, rc, rc >= 0 ? got : "");
        return 0;
    }
    return 1;
}

static void test_to_string_known(void)
{
    static const struct {
        i128 v;
        const char *text;
    } known[] = {
        {0, "0"},
        {-1, "-1"},
        {INT64_MAX, "9223372036854775807"},
        {INT64_MIN, "-9223372036854775808"},
        {3 * (i128)INT64_MAX, "27670116110564327421"},
        {(i128)1 << 64, "18446744073709551616"},
        {I128_MIN, "-170141183460469231731687303715884105728"},
        {I128_MAX, "170141183460469231731687303715884105727"},
    };
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++) {
        char buf[COINLINE_I128_STRLEN];
        const int rc =
            coinline_i128_to_string(i128_to_ci(known[i].v), buf, sizeof buf);
        ok(rc == (int)strlen(known[i].text) && strcmp(buf, known[i].text) == 0,
           "to_string gives \"%s\" and returns its length %zu", known[i].text,
           strlen(known[i].text));
    }
}

static void test_to_string_many(void)
{
    int all = 1;
    rng_t r;
    for (size_t k = 0; k < N_WIDE_EDGES; k++) {
        all &= string_matches(wide_edge(k));
    }
    /* Where the formatter changes its way: 2^64 and the powers of 10^19,
     * with zeros to pad inside a 19-digit part. */
    const i128 p19 = (i128)10000000000000000000ULL;
    const i128 two64 = (i128)UINT64_MAX + 1;
    const i128 near[] = {two64 - 1, two64,         two64 + 1,
                         p19,       p19 + 1,       p19 * 10 + 7,
                         p19 * p19, p19 * p19 + 1, two64 * 10 + 5};
    for (size_t k = 0; k < sizeof near / sizeof near[0]; k++)
        all &= string_matches(near[k]) & string_matches(-near[k]);
    rng_seed(&r, 42);
    for (int k = 0; k < 20000 && all; k++) {
        /* Mix magnitudes: full 128-bit, 64-bit, small. */
        const i128 big = make_i128(rng_next(&r), rng_next(&r));
        all &= string_matches(k % 3 == 0 ? big
                              : k % 3 == 1
                                  ? (i128)rng_range(&r, INT64_MIN, INT64_MAX)
                                  : (i128)rng_range(&r, -99, 99));
    }
    ok(all, "to_string matches an independent formatter on 18 edge values, "
            "18 around 2^64 and 10^19, and 20000 random values");
}

static void test_to_string_small_buffer(void)
{
    char buf[COINLINE_I128_STRLEN];
    const coinline_i128_t most_neg = i128_to_ci(I128_MIN);
    const coinline_i128_t v = i128_to_ci(-12345);

    memset(buf, 'x', sizeof buf);
    is_int(coinline_i128_to_string(v, buf, 6), COINLINE_EINVAL,
           "to_string of -12345 into 6 bytes (needs 7) gives EINVAL");
    ok(buf[0] == '\0', "to_string into a too small buffer sets buf[0] to NUL");
    memset(buf, 'x', sizeof buf);
    is_int(coinline_i128_to_string(v, buf, 7), 6,
           "to_string of -12345 into exactly 7 bytes returns 6");
    ok(strcmp(buf, "-12345") == 0, "to_string into exactly 7 bytes writes "
                                   "\"-12345\"");
    buf[0] = 'x';
    is_int(coinline_i128_to_string(v, buf, 0), COINLINE_EINVAL,
           "to_string with size 0 gives EINVAL");
    ok(buf[0] == 'x', "to_string with size 0 writes nothing");
    is_int(coinline_i128_to_string(v, NULL, 10), COINLINE_EINVAL,
           "to_string with buf == NULL gives EINVAL");
    is_int(coinline_i128_to_string(most_neg, buf, COINLINE_I128_STRLEN), 40,
           "COINLINE_I128_STRLEN bytes hold the most negative value (40 "
           "chars)");
    is_int(coinline_i128_to_string(most_neg, buf, COINLINE_I128_STRLEN - 1),
           COINLINE_EINVAL,
           "the most negative value does not fit in 40 "
           "bytes: EINVAL");
    is_int(coinline_i128_to_string(i128_to_ci(0), buf, 1), COINLINE_EINVAL,
           "to_string of 0 into 1 byte gives EINVAL");
    is_int(coinline_i128_to_string(i128_to_ci(0), buf, 2), 1,
           "to_string of 0 into 2 bytes returns 1");
}

int main(void)
{
    test_from_int64();
    test_to_int64_fits();
    test_to_int64_range();
    test_cmp();
    test_arithmetic();
    test_to_string_known();
    test_to_string_many();
    test_to_string_small_buffer();
    return done_testing();
}
