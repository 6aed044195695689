/* SPDX-License-Identifier: MIT */
/*
 * rng.c - the tool's random numbers: splitmix64 (Steele, Lea and Flood's
 * constants) and Lemire's multiply-and-reject bounded draw.
 */
#include "rng.h"
#include "wide.h"

uint64_t cli_random(uint64_t *state)
{
    uint64_t z = (*state += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

uint64_t cli_uniform(uint64_t *state, uint64_t span)
{
    if (span == UINT64_MAX)
        return cli_random(state);
    const uint64_t range = span + 1;
    cl_uwide m = (cl_uwide)cli_random(state) * range;
    if ((uint64_t)m < range) {
        const uint64_t floor = (0 - range) % range;
        while ((uint64_t)m < floor)
            m = (cl_uwide)cli_random(state) * range;
    }
    return (uint64_t)(m >> 64);
}
