/* SPDX-License-Identifier: MIT */
/* pipeline.h - solve a long game while it is being read, on two threads. */
#ifndef COINLINE_CLI_PIPELINE_H
#define COINLINE_CLI_PIPELINE_H

#include "coinline.h"

/* Internal: a way to read the game could not be taken. */
#define CLI_NO_THREAD 1

/* Pushes the rest of r's current game into s, on this thread. Returns 0 at
 * the end of the game or a negative COINLINE_E* code (from the reader, or
 * COINLINE_ENOMEM). */
int cli_stream_read(coinline_reader_t *r, coinline_stream_t *s);

/* cli_stream_read() for a long game, on two threads: split in two parts
 * read at once when the input is a regular file, else read on this thread
 * and reduced on a second one; on one thread if no second can start. Same
 * returns, same results and errors. */
int cli_stream_long(coinline_reader_t *r, coinline_stream_t *s);

#endif
