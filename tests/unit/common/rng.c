/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>

#include "rng.h"
#include "tap.h"

void rng_seed(rng_t *r, uint64_t seed)
{
    r->state = seed;
}

/* splitmix64: a Weyl sequence passed through a bijective mixer. */
uint64_t rng_next(rng_t *r)
{
    uint64_t z;
    r->state += UINT64_C(0x9E3779B97F4A7C15);
    z = r->state;
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

uint64_t rng_below(rng_t *r, uint64_t bound)
{
    /* Reject the top partial block so every residue is equally likely. */
    const uint64_t limit = UINT64_MAX - UINT64_MAX % bound;
    uint64_t x;
    do {
        x = rng_next(r);
    } while (x >= limit && limit != 0);
    return x % bound;
}

/* The int64 with the same two's complement bits as u. */
static int64_t from_bits(uint64_t u)
{
    if (u <= (uint64_t)INT64_MAX) {
        return (int64_t)u;
    }
    return -(int64_t)(UINT64_MAX - u) - 1;
}

int64_t rng_range(rng_t *r, int64_t lo, int64_t hi)
{
    const uint64_t span = (uint64_t)hi - (uint64_t)lo;
    uint64_t off;
    if (span == UINT64_MAX) {
        off = rng_next(r);
    } else {
        off = rng_below(r, span + 1);
    }
    /* lo + off <= hi, so the sum taken modulo 2^64 is exact. */
    return from_bits((uint64_t)lo + off);
}

static int64_t extreme_value(rng_t *r)
{
    static const int64_t fixed[] = {
        INT64_MIN,
        INT64_MIN + 1,
        INT64_MIN + 2,
        INT64_MAX,
        INT64_MAX - 1,
        INT64_MAX - 2,
        INT64_C(1) << 62,
        -(INT64_C(1) << 62),
        (INT64_C(1) << 62) + 1,
        0,
        1,
        -1,
    };
    const uint64_t nfixed = sizeof fixed / sizeof fixed[0];
    const uint64_t pick = rng_below(r, nfixed + 2);
    if (pick < nfixed) {
        return fixed[pick];
    }
    if (pick == nfixed) {
        return INT64_MAX - (int64_t)rng_below(r, 1000);
    }
    return INT64_MIN + (int64_t)rng_below(r, 1000);
}

void gen_values(rng_t *r, int64_t *a, size_t n, vals_t kind)
{
    for (size_t i = 0; i < n; i++) {
        switch (kind) {
        case VALS_PM1: a[i] = rng_range(r, -1, 1); break;
        case VALS_PM2: a[i] = rng_range(r, -2, 2); break;
        case VALS_0_3: a[i] = rng_range(r, 0, 3); break;
        case VALS_WIDE: a[i] = rng_range(r, -1000, 1000); break;
        case VALS_BIG: a[i] = rng_range(r, -1000000000, 1000000000); break;
        case VALS_EXTREME: a[i] = extreme_value(r); break;
        default: a[i] = rng_range(r, INT64_MIN, INT64_MAX); break;
        }
    }
}

static int cmp_up(const void *pa, const void *pb)
{
    const int64_t x = *(const int64_t *)pa;
    const int64_t y = *(const int64_t *)pb;
    return (x > y) - (x < y);
}

static void reverse(int64_t *a, size_t n)
{
    for (size_t i = 0; i < n / 2; i++) {
        const int64_t t = a[i];
        a[i] = a[n - 1 - i];
        a[n - 1 - i] = t;
    }
}

static void random_small_or_wide(rng_t *r, int64_t *a, size_t n)
{
    static const vals_t kinds[] = {VALS_PM1, VALS_PM2, VALS_0_3, VALS_WIDE,
                                   VALS_BIG};
    gen_values(r, a, n, kinds[rng_below(r, 5)]);
}

static void fill_mountain(int64_t *a, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        const size_t left = i + 1;
        const size_t right = n - i;
        a[i] = (int64_t)(left < right ? left : right);
    }
}

void gen_shape(rng_t *r, int64_t *a, size_t n, shape_t shape)
{
    const size_t half = n / 2;
    switch (shape) {
    case SHAPE_ASCENDING:
    case SHAPE_DESCENDING:
    case SHAPE_VALLEY:
        random_small_or_wide(r, a, n);
        qsort(a, n, sizeof a[0], cmp_up);
        if (shape == SHAPE_DESCENDING) {
            reverse(a, n);
        } else if (shape == SHAPE_VALLEY) {
            reverse(a, half); /* a[0..half) falls, the rest rises */
        }
        break;
    case SHAPE_MOUNTAIN: fill_mountain(a, n); break;
    case SHAPE_ZEROS:
        for (size_t i = 0; i < n; i++) {
            a[i] = 0;
        }
        break;
    case SHAPE_NESTED:
        for (size_t i = 0; i < n; i++) {
            a[i] = i % 2 == 0 ? 0 : (int64_t)(i / 2 + 1);
        }
        break;
    case SHAPE_ALTERNATING:
        for (size_t i = 0; i < n; i++) {
            a[i] = i % 2 == 0 ? rng_range(r, 500, 1000) : rng_range(r, 0, 10);
        }
        break;
    default: random_small_or_wide(r, a, n); break;
    }
}

const char *vals_name(vals_t kind)
{
    static const char *const names[] = {"[-1,1]",       "[-2,2]",     "[0,3]",
                                        "[-1000,1000]", "[-1e9,1e9]", "extreme",
                                        "full int64"};
    return (unsigned)kind < VALS_COUNT ? names[kind] : "?";
}

const char *shape_name(shape_t shape)
{
    static const char *const names[] = {"random", "ascending",  "descending",
                                        "valley", "mountain",   "zeros",
                                        "nested", "alternating"};
    return (unsigned)shape < SHAPE_COUNT ? names[shape] : "?";
}

const char *row_str(const int64_t *a, size_t n, char *buf, size_t size)
{
    size_t used = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < n && used + 30 < size; i++) {
        const int w = snprintf(buf + used, size - used, "%s%lld", i ? " " : "",
                               (long long)a[i]);
        if (w < 0) {
            break;
        }
        used += (size_t)w;
        if (i + 1 < n && used + 30 >= size) {
            snprintf(buf + used, size - used, " ...(n=%zu)", n);
        }
    }
    return buf;
}

int64_t *row_alloc(size_t n)
{
    int64_t *p = malloc((n ? n : 1) * sizeof *p);
    if (p == NULL) {
        diag("out of memory");
        exit(1);
    }
    return p;
}
