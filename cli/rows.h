/* SPDX-License-Identifier: MIT */
/* rows.h - where a command's row comes from: --row, a file, or random. */
#ifndef COINLINE_CLI_ROWS_H
#define COINLINE_CLI_ROWS_H

#include <stddef.h>
#include <stdint.h>

/* One row: parsed from row_text (--row) when it is not NULL, else game
 * number game (1-based; 0 is 1) of the file path ('-' or NULL: standard
 * input). *a is the caller's to free(). Returns CLI_OK, or CLI_FAIL after
 * saying where and why on stderr (a file with fewer games says how many
 * it has). */
int cli_one_row(const char *row_text, const char *path, uint64_t game,
                int64_t **a, size_t *n);

/* The random coins of coinline gen: each uniform in [min, max], drawn
 * from *state one after the other. gen, duel and play all draw their
 * rows with these, so one seed gives the same games in each. */
int64_t cli_random_coin(uint64_t *state, int64_t min, int64_t max);

/* n coins of cli_random_coin() into a[0..n-1]. */
void cli_random_row(uint64_t *state, int64_t min, int64_t max, int64_t *a,
                    size_t n);

#endif
