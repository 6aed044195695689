/* SPDX-License-Identifier: MIT */
/*
 * run.h - a program run once on an input, with a time limit: coinline
 * check's judge of a learner's solution. The program (no shell) gets the
 * input on its standard input; its standard output is kept (up to
 * CLI_RUN_OUT_MAX bytes), and the tail of its standard error; how it
 * ended (an exit status, a signal, or killed at the time limit) and how
 * long it took are told.
 *
 * The program runs in a process group of its own (proc.h), killed
 * whole at the end of each run, so nothing it started outlives the run.
 * While a run goes on, SIGINT, SIGTERM and SIGHUP kill that group before
 * coinline dies of them; SIGPIPE is ignored from the first run on (a
 * program that stops reading shows as EPIPE).
 */
#ifndef COINLINE_CLI_RUN_H
#define COINLINE_CLI_RUN_H

#include <stddef.h>
#include <stdint.h>

/* The most bytes of standard output kept, and of standard error's tail. */
#define CLI_RUN_OUT_MAX  (1u << 20)
#define CLI_RUN_ERR_TAIL 1024

/* How a run ended. */
typedef enum {
    CLI_RUN_EXITED = 0, /* it exited: status */
    CLI_RUN_SIGNALED,   /* killed by the signal status */
    CLI_RUN_TIMEOUT     /* still running at the time limit: killed */
} cli_run_end_t;

/* What a run gave. */
typedef struct {
    cli_run_end_t end;
    int status; /* the exit status, or the signal */
    char *out;  /* standard output, NUL-terminated (out_len bytes
                 * before the NUL); owned, cli_run_clear() */
    size_t out_len;
    int out_cut; /* it wrote more than CLI_RUN_OUT_MAX bytes */
    char err[CLI_RUN_ERR_TAIL + 1]; /* the last bytes of standard error */
    size_t err_len;
    int err_cut;    /* it wrote more than those */
    double seconds; /* from its start to its end */
} cli_run_t;

/* Runs argv[0] (looked up in PATH as execvp() does) with argv on
 * input[0..len-1], killing it after limit_ms milliseconds, and fills *r
 * (cli_run_clear() it whatever is returned). Returns 0 (it ran: r says
 * how it ended), an errno value when it could not be started (ENOENT,
 * EACCES, ...: r->out NULL), or ENOMEM. */
int cli_run(char *const argv[], const char *input, size_t len, int64_t limit_ms,
            cli_run_t *r);

/* Releases what *r holds. */
void cli_run_clear(cli_run_t *r);

#endif
