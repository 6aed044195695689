/* SPDX-License-Identifier: MIT */
/* rows.h - where a command's row comes from: --row or a file; and for a
 * command that takes several rows, a game of either form of a file. */
#ifndef COINLINE_CLI_ROWS_H
#define COINLINE_CLI_ROWS_H

#include <stddef.h>
#include <stdint.h>

#include "coinline.h"

/* One row: parsed from row_text (--row) when it is not NULL, else game
 * number game (1-based; 0 is 1) of the file path ('-' or NULL: standard
 * input). *a is the caller's to free(). Returns CLI_OK, or CLI_FAIL after
 * saying where and why on stderr (a file with fewer games says how many
 * it has). */
int cli_one_row(const char *row_text, const char *path, uint64_t game,
                int64_t **a, size_t *n);

/* cli_one_row() for a command that takes games of several rows too: game
 * number game of the file path, as cli_one_row() reads it, into *a (*n
 * coins in all) and *lens (*k rows; 1 for a game of one row). A game of
 * several rows is refused with refusal (not NULL: why the command's
 * options do not fit it) at the place of its "rows K": "FILE:L:C: game G
 * has K rows; REFUSAL". *a and *lens are the caller's to free(). Returns
 * CLI_OK, or CLI_FAIL after saying where and why. */
int cli_one_layout(const char *path, uint64_t game, const char *refusal,
                   int64_t **a, size_t *n, uint64_t **lens, size_t *k);

/* For a command that reads one game of a file: after a game that lay on
 * the first line of r's input, reads on over the rest of that line. If
 * it is a game cut short by the end of the input, the file was most
 * likely a row written without its count ("1 3 5 2 9" reads as the row
 * 3, then a game of 5 coins that ends after 2): that error is reported,
 * with its hint (msg.h). Reads no further than the first line (and the
 * game that starts on it). Returns CLI_OK, after which r must not be
 * read again, or CLI_FAIL after reporting. */
int cli_rows_check_first_line(coinline_reader_t *r);

#endif
