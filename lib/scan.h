/* SPDX-License-Identifier: MIT */
/*
 * scan.h - the block tokenizer for plain coins (lib/scan.c) and the level
 * it runs at, chosen once per reader; internal to the library.
 */
#ifndef COINLINE_SCAN_H
#define COINLINE_SCAN_H

#include <stddef.h>
#include <stdint.h>

/* The levels, slowest first: a byte at a time, eight digits at a time
 * (SWAR, in reader.c), then the block tokenizer with its masks made by
 * SSE2, AVX2 or AVX-512BW compares. */
enum {
    CL_SCAN_SCALAR,
    CL_SCAN_SWAR,
    CL_SCAN_SSE,
    CL_SCAN_AVX2,
    CL_SCAN_AVX512,
    CL_SCAN_LEVELS
};

/* The bytes a block needs readable from its start: two blocks of 64. */
#define CL_SCAN_REACH 128

/* The level to use: COINLINE_SIMD=scalar|swar|sse|avx2|avx512 forces one
 * the processor has (a level it lacks falls back to the best below it),
 * else the best it has. */
int cl_scan_pick(void);

/* Whether the processor (and the build) can run level. */
int cl_scan_supported(int level);

/* The level's name as COINLINE_SIMD spells it ("?" for none). */
const char *cl_scan_name(int level);

/* Reads plain coins from *p on (*p at a token's start or at white space
 * after one): white space, then an optional '-' and 1 to 19 digits that
 * fit in int64 followed by white space, up to max coins, for tokens that
 * start before stop; CL_SCAN_REACH bytes must be readable from every byte
 * before stop. Stops at the first other token (left at *p for the general
 * path). Returns how many coins, with *p after the last one read and *last
 * at its start (left as it was if none). Level SSE and above only: 0 for
 * the others. */
size_t cl_scan_block(int level, const char **p, const char *stop, int64_t *out,
                     size_t max, const char **last);

/* How many newlines the n bytes at p hold, with *after the index just
 * after the last one (0 if none): by SSE2 compares at level SSE and above,
 * else memchr(). */
size_t cl_scan_lines(int level, const char *p, size_t n, size_t *after);

/* The value of the k (1 to 8) digits at the low end of x, the 8 bytes read
 * at them on a little-endian machine, '0' already taken from each: the
 * bytes after them are shifted out, then three multiplications add pairs,
 * then fours, then the eight. */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline uint64_t
cl_swar_value(uint64_t x, unsigned k)
{
    x <<= 8 * (8 - k);
    x = x * 10 + (x >> 8);
    return ((x & UINT64_C(0x000000FF000000FF)) *
                (100 + (UINT64_C(1000000) << 32)) +
            ((x >> 16) & UINT64_C(0x000000FF000000FF)) *
                (1 + (UINT64_C(10000) << 32))) >>
           32;
}

#endif
