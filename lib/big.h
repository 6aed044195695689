/* SPDX-License-Identifier: MIT */
/*
 * big.h - fixed-width integers of k 64-bit words in two's complement,
 * least significant word first (internal): the exact expected values of
 * lib/against.c, whose denominators pass any machine word. Every caller
 * sizes k so that no result overflows; the arithmetic is then exact.
 */
#ifndef COINLINE_BIG_H
#define COINLINE_BIG_H

#include <stddef.h>
#include <stdint.h>

/* d = v, sign-extended to k words. */
void cl_big_set(uint64_t *d, size_t k, int64_t v);

/* d = a + b and d = a - b (d may be a or b). */
void cl_big_add(uint64_t *d, const uint64_t *a, const uint64_t *b, size_t k);
void cl_big_sub(uint64_t *d, const uint64_t *a, const uint64_t *b, size_t k);

/* d = a * m for a signed m (d may be a). */
void cl_big_mul(uint64_t *d, const uint64_t *a, size_t k, int64_t m);

/* The sign of a - b: -1, 0 or 1. */
int cl_big_cmp(const uint64_t *a, const uint64_t *b, size_t k);

/* a < 0. */
int cl_big_negative(const uint64_t *a, size_t k);

/* The exact fraction num / den (den > 0), reduced by the primes 2, 3 and 5
 * (the only ones the callers' denominators have), as text into a new
 * string: "-7", "13/4". num and den are spoiled. Returns NULL when memory
 * runs out. */
char *cl_big_fraction(uint64_t *num, uint64_t *den, size_t k);

/* num / den (den > 0) as the nearest double, roughly (52 bits). */
double cl_big_ratio(const uint64_t *num, const uint64_t *den, size_t k);

#endif
