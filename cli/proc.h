/* SPDX-License-Identifier: MIT */
/*
 * proc.h - a child process's plumbing, shared by the bots of duel and
 * play (bot.c) and the programs coinline check runs (run.c): the
 * monotonic clock in milliseconds, pipes whose ends stay out of the
 * child, a process started in a group of its own with its signals at
 * their defaults, waiting for its end without reaping it, killing its
 * group and reaping it, and the names of the signals it may die of.
 */
#ifndef COINLINE_CLI_PROC_H
#define COINLINE_CLI_PROC_H

#include <signal.h>
#include <stdint.h>
#include <sys/types.h>

/* Milliseconds on the monotonic clock, and the milliseconds left until
 * deadline as poll() takes them (0 when it has passed). */
int64_t cli_proc_now_ms(void);
int cli_proc_ms_left(int64_t deadline);

/* Closes *fd if it is open and marks it closed (-1). */
void cli_proc_close(int *fd);

/* A pipe, both ends close-on-exec and above fd 2 (so that a dup2() onto
 * 0, 1 or 2 always makes a fresh descriptor); the end coinline keeps,
 * fds[keep] (0: it reads, 1: it writes), non-blocking. Returns 0 or an
 * errno value, with nothing left open. */
int cli_proc_pipe(int fds[2], int keep);

/* Starts file with argv (argv[0] its name; file looked up in PATH when
 * search) with fds[0], fds[1], fds[2] as its standard input, output and
 * error (-1: coinline's own), in a new process group, SIGPIPE at its
 * default and no signal blocked. A file that cannot be run is an error
 * here (glibc's and musl's posix_spawn report the exec's failure), never
 * a child's exit status. Returns 0 with *pid, or an errno value. */
int cli_proc_spawn(const char *file, char *const argv[], int search,
                   const int fds[3], pid_t *pid);

/* Waits until process pid has ended or deadline passes, without reaping
 * it (its process group id cannot be reused meanwhile). Returns 1 with
 * *info telling how it ended, else 0. */
int cli_proc_await(pid_t pid, int64_t deadline, siginfo_t *info);

/* Kills the process group pid and pid itself (if it left its group),
 * and reaps pid. */
void cli_proc_kill(pid_t pid);

/* The name of a signal a program may die of ("SIGSEGV"), or NULL. */
const char *cli_proc_signal_name(int sig);

#endif
