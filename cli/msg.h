/* SPDX-License-Identifier: MIT */
/*
 * msg.h - what the tool says on stderr: errors with their place, and the
 * exit statuses every command returns.
 */
#ifndef COINLINE_CLI_MSG_H
#define COINLINE_CLI_MSG_H

#include <stddef.h>

#include "coinline.h"
#include "compiler.h"

/* Exit statuses: success, bad input or failure, usage error. */
#define CLI_OK    0
#define CLI_FAIL  1
#define CLI_USAGE 2

/* Names the command running, for the prefix of every message: main.c
 * sets it once, before dispatch (NULL: no command). name must outlive
 * the messages (argv's or a literal). */
void cli_msg_set_command(const char *name);

/* The prefix of every message: "coinline CMD: ", or "coinline: " before
 * a command is known. */
const char *cli_msg_prefix(void);

/* "coinline CMD: <message>" on stderr (stdout is flushed first, so
 * answers already computed come out before the error). */
void cli_error(const char *fmt, ...) COINLINE_PRINTF(1, 2);

/* Says once per run, on stderr and only when standard input is a
 * terminal, that the command now waits on it for what (e.g. "coins"):
 * "coinline solve: reading coins from standard input (Ctrl-D to end)",
 * with the terminal's own end-of-file key. Call it just before reading
 * data from standard input. */
void cli_note_stdin(const char *what);

/* Flushes stdout; on a write error says so and returns CLI_FAIL, else
 * status. */
int cli_finish_output(int status);

/* Says on stderr where and why an input was refused, from the
 * library's *err: "WHERE:LINE:COLUMN: message", or "WHERE: message"
 * (coinline_strerror(rc) when there is none) for an error with no place
 * (err->line 0). */
void cli_report_error(const char *where, const coinline_error_t *err, int rc);

/* Whether the last number reader r read lies on the input's first line. */
int cli_reader_on_first_line(const coinline_reader_t *r);

/* cli_report_error() for the error of reader r (named as it was made).
 * When the input ended inside a game (COINLINE_ETRUNC) with every number
 * on its first line (blank lines may follow), most likely a row given
 * without its count, two "hint:" lines follow: a game starts with its
 * count, and a row alone goes in --row. Every command that reads the
 * classic format reports its errors here, so all of them give the hint. */
void cli_report_reader_error(const coinline_reader_t *r, int rc);

#endif
