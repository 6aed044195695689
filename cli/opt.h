/* SPDX-License-Identifier: MIT */
/* opt.h - option values: integers in a range, seeds. */
#ifndef COINLINE_CLI_OPT_H
#define COINLINE_CLI_OPT_H

#include <stdint.h>

/* Parses a whole decimal int64 (sign allowed). Returns 0 or -1. */
int cli_parse_i64(const char *s, int64_t *out);

/* The value of option opt of command cmd: an integer in [lo, hi] into *v.
 * Returns -1, or reports a usage error and returns CLI_USAGE. */
int cli_parse_number(const char *cmd, const char *opt, const char *arg,
                     int64_t lo, int64_t hi, int64_t *v);

/* A seed: any 64-bit pattern, written from -2^63 to 2^64 - 1. Returns -1
 * with *seed set, or reports a usage error for cmd and returns CLI_USAGE. */
int cli_parse_seed(const char *cmd, const char *arg, uint64_t *seed);

#endif
