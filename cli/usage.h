/* SPDX-License-Identifier: MIT */
/*
 * usage.h - the commands' help, usage lines and usage errors (exit
 * status 2). main.c owns the command table and hands it over at start.
 */
#ifndef COINLINE_CLI_USAGE_H
#define COINLINE_CLI_USAGE_H

#include "msg.h"

/* A command: its name, entry point, one-line summary and full help (the
 * first line of which is its usage line). */
typedef struct {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
    const char *help;
} cli_command_t;

/* The table of commands, ending with a NULL name (main.c's). */
void cli_usage_set_table(const cli_command_t *table);

/* The command called name in that table, or NULL. */
const cli_command_t *cli_find_command(const char *name);

/* For a name that is not a command: "did you mean 'solve'?" (or "'A' or
 * 'B'": the nearest, all named) into buf, or "" when no command is near.
 * Near: the name begins a command, or is at most 1 edit from it (2 for
 * names of 5 bytes and more), an edit being a byte added, dropped or
 * changed, or two neighbours swapped. Returns buf. */
const char *cli_near_command(const char *name, char *buf, size_t size);

/* "coinline CMD: <message>", the command's usage line and a hint, on
 * stderr; returns CLI_USAGE. */
int cli_usage_error(const char *cmd, const char *fmt, ...)
    COINLINE_PRINTF(2, 3);

/* Reports what getopt_long() refused: c is its return (':' for a missing
 * value, '?' otherwise); names the option as the user wrote it, and for
 * an unknown long option the options of the command's help near it, as
 * cli_near_command() finds commands ("unknown option '--rwo' (did you
 * mean '--row'?)"; an ambiguous abbreviation lists those it begins).
 * Returns CLI_USAGE. */
int cli_bad_option(const char *cmd, int c, char **argv);

/* Prints a command's help to stdout; returns CLI_OK. */
int cli_print_help(const char *cmd);

/* Prints "coinline VERSION" to stdout; returns CLI_OK. */
int cli_print_version(void);

#endif
