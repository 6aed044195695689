/* SPDX-License-Identifier: MIT */
/* games.h - the short games of an input read on a second thread, in
 * batches, while this thread solves them. */
#ifndef COINLINE_CLI_GAMES_H
#define COINLINE_CLI_GAMES_H

#include "coinline.h"

/* Games with more coins than this end a batch: the caller reads them. */
#define CLI_GAMES_SHORT 4096

/* cli_games_stop(): a long game's count was read; its coins are next. */
#define CLI_GAMES_LONG 3

/* cli_games_stop(): a game of several rows started ("rows K" was read,
 * K in *count; its rows are next in r). Only a reader with
 * coinline_reader_allow_rows() on meets one. */
#define CLI_GAMES_ROWS 4

/* cli_games_start(): no second thread (read on this one). */
#define CLI_GAMES_NO_THREAD 2

typedef struct cli_games cli_games_t;

/* Starts reading the games of r on a second thread; r is the thread's
 * until cli_games_stop(). Returns 0, CLI_GAMES_NO_THREAD or
 * COINLINE_ENOMEM (then nothing was read). */
int cli_games_start(coinline_reader_t *r, cli_games_t **out);

/* The next batch: vals[0..len-1] holds whole games, each its count then
 * its coins, valid until the next call. Returns 1 with a batch, 0 when the
 * reading has stopped (cli_games_stop() tells why). */
int cli_games_next(cli_games_t *G, const int64_t **vals, size_t *len);

/* Stops the thread (at once if it is still reading: the games after the
 * last batch taken are then lost) and frees G. Returns 0 at the end of the
 * input, CLI_GAMES_LONG with *count when a game longer than
 * CLI_GAMES_SHORT started (its coins are next in r), CLI_GAMES_ROWS with
 * *count when a game of several rows started, or the reader's error
 * code (r tells where; the games before it were all in batches). */
int cli_games_stop(cli_games_t *G, uint64_t *count);

#endif
