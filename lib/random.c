/* SPDX-License-Identifier: MIT */
/*
 * random.c - the random numbers of coinline: splitmix64 (Steele, Lea and
 * Flood's constants) and Lemire's multiply-and-reject bounded draw, and
 * the random rows that coinline gen, duel and play draw with them.
 *
 * One generator serves the library's strategies, the tool and the
 * bindings, so that one seed gives the same rows and the same games in
 * every one of them.
 */
#include "wide.h"

uint64_t coinline_random_next(uint64_t *state)
{
    if (state == NULL)
        return 0;
    uint64_t z = (*state += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

/* Lemire's method: the high word of draw * (span + 1) is uniform once the
 * draws whose low word falls below 2^64 mod (span + 1) are rejected. */
uint64_t coinline_random_uniform(uint64_t *state, uint64_t span)
{
    if (state == NULL)
        return 0;
    if (span == UINT64_MAX)
        return coinline_random_next(state);
    const uint64_t range = span + 1;
    cl_uwide m = (cl_uwide)coinline_random_next(state) * range;
    if ((uint64_t)m < range) {
        const uint64_t floor = (0 - range) % range;
        while ((uint64_t)m < floor)
            m = (cl_uwide)coinline_random_next(state) * range;
    }
    return (uint64_t)(m >> 64);
}

int coinline_random_row(uint64_t *state, int64_t min, int64_t max,
                        int64_t *coins, size_t n)
{
    if (state == NULL || min > max || (coins == NULL && n > 0))
        return COINLINE_EINVAL;
    const uint64_t span = (uint64_t)max - (uint64_t)min;
    for (size_t i = 0; i < n; i++)
        coins[i] =
            (int64_t)((uint64_t)min + coinline_random_uniform(state, span));
    return COINLINE_OK;
}
