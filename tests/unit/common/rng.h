/* SPDX-License-Identifier: MIT */
/*
 * Seeded pseudo-random numbers (splitmix64) and row generators for the
 * unit tests. Everything is deterministic for a given seed.
 */
#ifndef COINLINE_TEST_RNG_H
#define COINLINE_TEST_RNG_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
    uint64_t state;
} rng_t;

void rng_seed(rng_t *r, uint64_t seed);
uint64_t rng_next(rng_t *r);
/* Uniform in [0, bound); bound must be > 0. */
uint64_t rng_below(rng_t *r, uint64_t bound);
/* Uniform in [lo, hi], any int64 bounds with lo <= hi. */
int64_t rng_range(rng_t *r, int64_t lo, int64_t hi);

/* Value alphabets. */
typedef enum {
    VALS_PM1,     /* [-1, 1]: ties and zeros everywhere */
    VALS_PM2,     /* [-2, 2] */
    VALS_0_3,     /* [0, 3] */
    VALS_WIDE,    /* [-1000, 1000] */
    VALS_BIG,     /* [-10^9, 10^9] */
    VALS_EXTREME, /* INT64_MIN/MAX and their neighbours, +-2^62, 0, +-1 */
    VALS_FULL,    /* any int64 */
    VALS_COUNT
} vals_t;

/* Shapes of long rows. */
typedef enum {
    SHAPE_RANDOM,      /* values from a random small or wide alphabet */
    SHAPE_ASCENDING,   /* sorted up */
    SHAPE_DESCENDING,  /* sorted down */
    SHAPE_VALLEY,      /* down then up */
    SHAPE_MOUNTAIN,    /* 1, 2, ..., k, ..., 2, 1 */
    SHAPE_ZEROS,       /* all zero */
    SHAPE_NESTED,      /* 0, 1, 0, 2, 0, 3, ... */
    SHAPE_ALTERNATING, /* high, low, high, low, ... */
    SHAPE_COUNT
} shape_t;

void gen_values(rng_t *r, int64_t *a, size_t n, vals_t kind);
void gen_shape(rng_t *r, int64_t *a, size_t n, shape_t shape);
const char *vals_name(vals_t kind);
const char *shape_name(shape_t shape);

/* A short text of the row for diagnostics (first values only). */
const char *row_str(const int64_t *a, size_t n, char *buf, size_t size);

/* A new array of n coins (at least one allocated); exits the test program
 * with a diagnostic when memory runs out. Free with free(). */
int64_t *row_alloc(size_t n);

#endif
