/* SPDX-License-Identifier: MIT */
/*
 * wide.h - internal 128-bit arithmetic for totals and margins.
 *
 * Every intermediate of every solver is a signed sum of distinct input
 * coins, so its magnitude is at most sum|a[i]| < 2^63 * n: for any n that
 * fits in size_t on a 64-bit target this is far inside 128 bits. The
 * library computes in int64_t where sum|a[i]| <= INT64_MAX (checked once)
 * and in cl_wide otherwise.
 */
#ifndef COINLINE_WIDE_H
#define COINLINE_WIDE_H

#include "coinline.h"

#ifndef __SIZEOF_INT128__
#error                                                                         \
    "coinline needs a compiler with a 128-bit integer type (gcc or clang on a 64-bit target)"
#endif

__extension__ typedef __int128 cl_wide;
__extension__ typedef unsigned __int128 cl_uwide;

static inline coinline_i128_t cl_from_wide(cl_wide v)
{
    coinline_i128_t r;
    const cl_uwide u = (cl_uwide)v;
    r.lo = (uint64_t)u;
    r.hi = (int64_t)(uint64_t)(u >> 64);
    return r;
}

static inline cl_wide cl_to_wide(coinline_i128_t v)
{
    const cl_uwide u = ((cl_uwide)(uint64_t)v.hi << 64) | v.lo;
    return (cl_wide)u;
}

/* |v| as an unsigned 64-bit value (exact for INT64_MIN). */
static inline uint64_t cl_mag64(int64_t v)
{
    return v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
}

/* 1 when sum|a[i]| over a[0..n-1] fits in int64_t (64-bit fast path). */
int cl_fits64(const int64_t *a, size_t n);

#endif
