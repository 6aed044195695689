/* SPDX-License-Identifier: MIT */
/* decimal.h - 128-bit integers in decimal, and exact means of them. */
#ifndef COINLINE_CLI_DECIMAL_H
#define COINLINE_CLI_DECIMAL_H

#include <stdio.h>

#include "coinline.h"
#include "wide.h"

/* Writes a 128-bit integer to fp in decimal. */
void cli_put_i128(FILE *fp, coinline_i128_t v);

/* v in decimal into buf, which holds COINLINE_I128_STRLEN bytes;
 * returns buf. */
const char *cli_wide_str(cl_wide v, char *buf);

/* The most characters cli_put_i64() writes: a sign and 19 digits. */
#define CLI_I64_CHARS 20

/* Writes v in decimal at p (no NUL; at most CLI_I64_CHARS bytes) and
 * returns the number of characters. The fast writer of gen and of the
 * game lines sent to bots. */
size_t cli_put_i64(char *p, int64_t v);

/* A sum of 128-bit values that cannot overflow: 192 bits in two's
 * complement, value = hi * 2^128 + lo (hi read as signed). Fewer than
 * 2^64 values of any 128-bit size add up exactly, since their sum is
 * below 2^191 in magnitude. Start it zeroed. */
typedef struct {
    cl_uwide lo;
    uint64_t hi;
} cli_sum_t;

/* *s += v. Cost: O(1). */
void cli_sum_add(cli_sum_t *s, cl_wide v);

/* Enough bytes for any mean of cli_mean_str(): a sign, 39 digits, the
 * point, two decimals and the NUL. */
#define CLI_MEAN_STRLEN 44

/* The mean of count values whose sum is *s (so that it lies between the
 * smallest and the largest, inside 128 bits), in decimal with exactly
 * two decimals, into buf (CLI_MEAN_STRLEN bytes); returns buf. Exact:
 * the quotient is computed in whole, and the third decimal on rounds
 * half away from zero (2.345 gives "2.35", -2.345 gives "-2.35"); a
 * mean that rounds to zero is "0.00", never "-0.00"; count 0 gives
 * "0.00". Cost: O(1) (at most 39 digits). */
const char *cli_mean_str(const cli_sum_t *s, uint64_t count, char *buf);

#endif
