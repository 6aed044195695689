/* cli.h - what the subcommands of the coinline tool share. */
#ifndef COINLINE_CLI_H
#define COINLINE_CLI_H

#include <stdint.h>
#include <stdio.h>

#include "coinline.h"
#include "wide.h"

#if defined(__GNUC__)
#define CLI_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define CLI_PRINTF(f, a)
#endif

/* Exit statuses. */
#define CLI_OK    0
#define CLI_FAIL  1
#define CLI_USAGE 2

/* A subcommand: its name, entry point, one-line summary and full help. */
typedef struct {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
    const char *help;
} cli_command_t;

/* The command table (main.c) and a lookup by name (NULL if unknown). */
extern const cli_command_t cli_commands[];
const cli_command_t *cli_find_command(const char *name);

/* "coinline: <message>" on stderr. */
void cli_error(const char *fmt, ...) CLI_PRINTF(1, 2);

/* "coinline CMD: <message>", the command's usage line and a hint, on
 * stderr; returns CLI_USAGE. */
int cli_usage_error(const char *cmd, const char *fmt, ...) CLI_PRINTF(2, 3);

/* Reports what getopt_long() refused: c is its return (':' for a missing
 * value, '?' otherwise); names the option as the user wrote it. Returns
 * CLI_USAGE. */
int cli_bad_option(const char *cmd, int c, char **argv);

/* Prints a command's help to stdout; returns CLI_OK. */
int cli_print_help(const char *cmd);

/* Prints "coinline VERSION" to stdout; returns CLI_OK. */
int cli_print_version(void);

/* Parses a whole decimal int64 (sign allowed). Returns 0 or -1. */
int cli_parse_i64(const char *s, int64_t *out);

/* Flushes stdout; on a write error says so and returns CLI_FAIL. */
int cli_finish_output(int status);

/* Writes a 128-bit integer to fp in decimal. */
void cli_put_i128(FILE *fp, coinline_i128_t v);

/* v in decimal into buf, which holds COINLINE_I128_STRLEN bytes;
 * returns buf. */
const char *cli_wide_str(cl_wide v, char *buf);

/* Writes text as a JSON string: quotes, backslashes and control
 * characters escaped (other bytes as they are: UTF-8 passes through). */
void cli_put_json_string(FILE *fp, const char *text);

/* The largest magnitude a JSON number keeps exactly in a double: 2^53. */
#define CLI_JSON_SAFE_MAX INT64_C(9007199254740992)

/* Writes v as a JSON integer. With safe = 0, always as a number (exact,
 * as coinline's own JSON outputs are); with safe != 0, as a number when
 * |v| <= 2^53 and otherwise as a string of its decimal value, so that a
 * browser's JSON.parse() loses nothing (coinline serve). */
void cli_put_json_int(FILE *fp, coinline_i128_t v, int safe);

/* One row: parsed from row_text (--row) when it is not NULL, else the
 * first game of the file path ('-' or NULL: standard input). *a is the
 * caller's to free(). Returns CLI_OK, or CLI_FAIL after saying where and
 * why on stderr. */
int cli_one_row(const char *row_text, const char *path, int64_t **a, size_t *n);

/* Says on stderr why a row given as text does not parse (rc from
 * coinline_parse_row(), off its offset): "WHERE:1:COLUMN: expected an
 * integer, found 'x' (...)". */
void cli_report_row_error(const char *where, const char *text, size_t off,
                          int rc);

/* cli_stream_pipelined() could not start its thread: do the work inline. */
#define CLI_NO_THREAD 2

/* Pushes the rest of r's current game into s, reading on this thread and
 * reducing on a second one. Returns 0 at the end of the game, a negative
 * COINLINE_E* code (from the reader, or COINLINE_ENOMEM), or
 * CLI_NO_THREAD with nothing read. */
int cli_stream_pipelined(coinline_reader_t *r, coinline_stream_t *s);

/* Says on stderr where (file:line:column) and why a read failed. */
void cli_report_reader_error(const coinline_reader_t *r, int rc);

/* The value of option opt of command cmd: an integer in [lo, hi] into *v.
 * Returns -1, or reports a usage error and returns CLI_USAGE. */
int cli_parse_number(const char *cmd, const char *opt, const char *arg,
                     int64_t lo, int64_t hi, int64_t *v);

/* A seed: any 64-bit pattern, written from -2^63 to 2^64 - 1. Returns -1
 * with *seed set, or reports a usage error for cmd and returns CLI_USAGE. */
int cli_parse_seed(const char *cmd, const char *arg, uint64_t *seed);

/* splitmix64 (Steele, Lea and Flood's constants): the next value of the
 * sequence seeded by *state. */
uint64_t cli_random(uint64_t *state);

/* A uniform value in [0, span] (span + 1 may be 2^64), by Lemire's
 * multiply-and-reject method. */
uint64_t cli_uniform(uint64_t *state, uint64_t span);

/* The subcommands (cmd_*.c) and their help texts. */
int cmd_solve(int argc, char **argv);
int cmd_gen(int argc, char **argv);
int cmd_duel(int argc, char **argv);
int cmd_play(int argc, char **argv);
int cmd_analyze(int argc, char **argv);
int cmd_table(int argc, char **argv);
int cmd_explain(int argc, char **argv);
int cmd_serve(int argc, char **argv);
extern const char cmd_solve_help[], cmd_gen_help[], cmd_duel_help[],
    cmd_play_help[], cmd_analyze_help[], cmd_table_help[], cmd_explain_help[],
    cmd_serve_help[];

#endif
