/* SPDX-License-Identifier: MIT */
/* rng.h - the tool's random numbers. */
#ifndef COINLINE_CLI_RNG_H
#define COINLINE_CLI_RNG_H

#include <stdint.h>

/* splitmix64 (Steele, Lea and Flood's constants): the next value of the
 * sequence seeded by *state. */
uint64_t cli_random(uint64_t *state);

/* A uniform value in [0, span] (span + 1 may be 2^64), by Lemire's
 * multiply-and-reject method. */
uint64_t cli_uniform(uint64_t *state, uint64_t span);

#endif
