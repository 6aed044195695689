/* SPDX-License-Identifier: MIT */
/*
 * cli.h - the commands of the coinline tool (the files of cmd/), for the
 * command table in main.c. Nothing else includes it: the commands are leaves,
 * and what they share lives in the tool's modules (docs/architecture.md).
 */
#ifndef COINLINE_CLI_H
#define COINLINE_CLI_H

#include "usage.h"

/* The commands: each gets argv from its own name on, as git's builtins
 * do, and returns the exit status (CLI_OK, CLI_FAIL, CLI_USAGE). */
int cmd_solve(int argc, char **argv);
int cmd_gen(int argc, char **argv);
int cmd_duel(int argc, char **argv);
int cmd_play(int argc, char **argv);
int cmd_analyze(int argc, char **argv);
int cmd_table(int argc, char **argv);
int cmd_explain(int argc, char **argv);
int cmd_serve(int argc, char **argv);
int cmd_counter(int argc, char **argv);
int cmd_check(int argc, char **argv);

/* Their help texts; the first line of each is the usage line. */
extern const char cmd_solve_help[], cmd_gen_help[], cmd_duel_help[],
    cmd_play_help[], cmd_analyze_help[], cmd_table_help[], cmd_explain_help[],
    cmd_serve_help[], cmd_counter_help[], cmd_check_help[];

#endif
