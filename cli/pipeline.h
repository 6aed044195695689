/* SPDX-License-Identifier: MIT */
/* pipeline.h - solve a long game while it is being read, on two threads. */
#ifndef COINLINE_CLI_PIPELINE_H
#define COINLINE_CLI_PIPELINE_H

#include "coinline.h"

/* cli_stream_pipelined() could not start its thread: do the work inline. */
#define CLI_NO_THREAD 1

/* Pushes the rest of r's current game into s, reading on this thread and
 * reducing on a second one. Returns 0 at the end of the game, a negative
 * COINLINE_E* code (from the reader, or COINLINE_ENOMEM), or
 * CLI_NO_THREAD with nothing read. */
int cli_stream_pipelined(coinline_reader_t *r, coinline_stream_t *s);

#endif
