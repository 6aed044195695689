/* SPDX-License-Identifier: MIT */
/* fuzz_common.h - what both fuzz targets use: the entry point, exact
 * 128-bit comparisons of results, and CHECK (abort, so libFuzzer and the
 * corpus replay report the input). */
#ifndef COINLINE_FUZZ_COMMON_H
#define COINLINE_FUZZ_COMMON_H

#include <stdint.h>
#include <stdlib.h>

#include "coinline.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

__extension__ typedef __int128 i128;
__extension__ typedef unsigned __int128 u128;

/* -DFUZZ_ANY_OPTIMAL_MOVE accepts any optimal move on a tie: only for
 * hunting other bugs while a tie bug is open. */
#ifdef FUZZ_ANY_OPTIMAL_MOVE
#define EXACT_TIES 0
#else
#define EXACT_TIES 1
#endif

#define CHECK(cond)                                                            \
    do {                                                                       \
        if (!(cond))                                                           \
            abort();                                                           \
    } while (0)

static inline i128 to_i128(coinline_i128_t v)
{
    return (i128)(((u128)(uint64_t)v.hi << 64) | v.lo);
}

static inline int same_result(const coinline_result_t *a,
                              const coinline_result_t *b)
{
    return a->n == b->n && to_i128(a->sum) == to_i128(b->sum) &&
           to_i128(a->p1) == to_i128(b->p1) &&
           to_i128(a->p2) == to_i128(b->p2) &&
           to_i128(a->margin) == to_i128(b->margin) && a->winner == b->winner &&
           (a->first_move == b->first_move || !EXACT_TIES);
}

#endif
