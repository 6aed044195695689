/* SPDX-License-Identifier: MIT */
/* decimal.h - 128-bit integers in decimal. */
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

#endif
