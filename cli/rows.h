/* SPDX-License-Identifier: MIT */
/* rows.h - where a command's row comes from: --row or a file. */
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

#endif
