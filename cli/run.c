/* SPDX-License-Identifier: MIT */
/*
 * run.c - a program run once on an input, with a time limit (run.h).
 *
 * The program is started by cli_proc_spawn() (proc.h) with three pipes:
 * its input, written as it drains; its output and its error, read as
 * they come. One poll() over the three waits against the deadline, so a
 * program that neither reads nor writes, or one that keeps writing,
 * costs at most its time limit. When both of its outputs are closed, its
 * end is awaited until the deadline; then its process group is killed
 * and it is reaped, whether it ended or not.
 *
 * Only the tail of the error output is kept (the last CLI_RUN_ERR_TAIL
 * bytes: what a learner needs to see of a crash), and at most
 * CLI_RUN_OUT_MAX bytes of the output: nothing a program writes makes
 * coinline hold more.
 */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "proc.h"
#include "run.h"

#define CHUNK 65536

/* The process group of the run going on (0: none), for the handler. */
static volatile sig_atomic_t running;

/* A quitting signal during a run: kills the run's group and reaps the
 * program (no zombie left), then dies of the signal as coinline would
 * have. */
static void on_quit(int sig)
{
    const pid_t pid = (pid_t)running;
    if (pid > 0) {
        kill(-pid, SIGKILL);
        kill(pid, SIGKILL);
        while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
            continue;
    }
    signal(sig, SIG_DFL);
    raise(sig);
}

/* Once: SIGPIPE ignored, the quitting signals caught (unless ignored). */
static void guard_signals(void)
{
    static int done;
    static const int quit[] = {SIGINT, SIGTERM, SIGHUP};
    struct sigaction sa, old;
    if (done)
        return;
    done = 1;
    memset(&sa, 0, sizeof sa);
    sigemptyset(&sa.sa_mask);
    sa.sa_handler = SIG_IGN;
    sigaction(SIGPIPE, &sa, NULL);
    sa.sa_handler = on_quit;
    for (size_t k = 0; k < sizeof quit / sizeof quit[0]; k++)
        if (sigaction(quit[k], NULL, &old) == 0 && old.sa_handler != SIG_IGN)
            sigaction(quit[k], &sa, NULL);
}

/* Seconds on the monotonic clock. */
static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* The pipes of a run, coinline's ends (-1: closed), and the input. */
typedef struct {
    int fd[3]; /* the program's input, output, error */
    const char *input;
    size_t len, sent;
    size_t out_cap;
} io_t;

/* Keeps the last CLI_RUN_ERR_TAIL bytes of the error output. */
static void keep_tail(cli_run_t *r, const char *b, size_t n)
{
    const size_t tail = CLI_RUN_ERR_TAIL;
    if (n >= tail) {
        r->err_cut |= n > tail || r->err_len > 0;
        memcpy(r->err, b + (n - tail), tail);
        r->err_len = tail;
    } else {
        if (r->err_len + n > tail) {
            const size_t drop = r->err_len + n - tail;
            memmove(r->err, r->err + drop, r->err_len - drop);
            r->err_len -= drop;
            r->err_cut = 1;
        }
        memcpy(r->err + r->err_len, b, n);
        r->err_len += n;
    }
    r->err[r->err_len] = '\0';
}

/* Keeps the output, up to CLI_RUN_OUT_MAX bytes. Returns 0 or ENOMEM. */
static int keep_out(io_t *io, cli_run_t *r, const char *b, size_t n)
{
    if (r->out_len + n > CLI_RUN_OUT_MAX) {
        r->out_cut = 1;
        n = CLI_RUN_OUT_MAX - r->out_len;
    }
    if (r->out_len + n + 1 > io->out_cap) {
        size_t cap = io->out_cap;
        while (r->out_len + n + 1 > cap)
            cap *= 2;
        char *p = realloc(r->out, cap);
        if (p == NULL)
            return ENOMEM;
        r->out = p;
        io->out_cap = cap;
    }
    memcpy(r->out + r->out_len, b, n);
    r->out_len += n;
    r->out[r->out_len] = '\0';
    return 0;
}

/* Reads what is ready on output k (1 or 2). Returns 0 or ENOMEM. */
static int drain(io_t *io, int k, cli_run_t *r)
{
    char b[CHUNK];
    const ssize_t got = read(io->fd[k], b, sizeof b);
    if (got == 0 || (got < 0 && errno != EAGAIN && errno != EINTR))
        cli_proc_close(&io->fd[k]);
    if (got <= 0)
        return 0;
    if (k == 2) {
        keep_tail(r, b, (size_t)got);
        return 0;
    }
    return keep_out(io, r, b, (size_t)got);
}

/* Writes what the program's input takes now; closes it when all is
 * sent, or when the program closed its end. */
static void feed(io_t *io)
{
    const ssize_t w =
        write(io->fd[0], io->input + io->sent, io->len - io->sent);
    if (w > 0)
        io->sent += (size_t)w;
    else if (w < 0 && errno != EAGAIN && errno != EINTR)
        io->sent = io->len; /* EPIPE: it reads no more */
    if (io->sent == io->len)
        cli_proc_close(&io->fd[0]);
}

/* Feeds and reads until both outputs are closed. Returns 0, ETIMEDOUT
 * or ENOMEM. */
static int pump(io_t *io, cli_run_t *r, int64_t deadline)
{
    if (io->len == 0)
        cli_proc_close(&io->fd[0]);
    while (io->fd[1] >= 0 || io->fd[2] >= 0) {
        struct pollfd p[3];
        int k[3], m = 0;
        for (int i = 0; i < 3; i++)
            if (io->fd[i] >= 0) {
                p[m] = (struct pollfd){io->fd[i], i ? POLLIN : POLLOUT, 0};
                k[m++] = i;
            }
        const int rc = poll(p, (nfds_t)m, cli_proc_ms_left(deadline));
        if (rc == 0 || (rc < 0 && errno != EINTR))
            return ETIMEDOUT; /* poll() failing: the run cannot go on */
        for (int i = 0; rc > 0 && i < m; i++) {
            if (p[i].revents == 0)
                continue;
            if (k[i] == 0)
                feed(io);
            else if (drain(io, k[i], r) != 0)
                return ENOMEM;
        }
    }
    return 0;
}

/* Starts the program with three pipes into io. Returns 0 with *pid, or
 * an errno value with nothing open. */
static int start(char *const argv[], io_t *io, pid_t *pid)
{
    int p[3][2], err = 0, made = 0;
    for (; made < 3 && err == 0; made++)
        err = cli_proc_pipe(p[made], made == 0 ? 1 : 0);
    if (err == 0) {
        const int child[3] = {p[0][0], p[1][1], p[2][1]};
        err = cli_proc_spawn(argv[0], argv, 1, child, pid);
    } else {
        made--; /* the pipe that failed left nothing open */
    }
    for (int i = 0; i < made; i++) {
        cli_proc_close(&p[i][i == 0 ? 0 : 1]);
        io->fd[i] = p[i][i == 0 ? 1 : 0];
        if (err != 0)
            cli_proc_close(&io->fd[i]);
    }
    return err;
}

/* How the program ended, into r, from info (it ended) or ended 0. */
static void tell_end(cli_run_t *r, int ended, const siginfo_t *info)
{
    if (!ended) {
        r->end = CLI_RUN_TIMEOUT;
        r->status = 0;
    } else if (info->si_code == CLD_EXITED) {
        r->end = CLI_RUN_EXITED;
        r->status = info->si_status;
    } else {
        r->end = CLI_RUN_SIGNALED;
        r->status = info->si_status;
    }
}

int cli_run(char *const argv[], const char *input, size_t len, int64_t limit_ms,
            cli_run_t *r)
{
    io_t io = {{-1, -1, -1}, input, len, 0, 256};
    siginfo_t info;
    pid_t pid;
    memset(r, 0, sizeof *r);
    guard_signals();
    if ((r->out = malloc(io.out_cap)) == NULL)
        return ENOMEM;
    r->out[0] = '\0';
    const double t0 = now_s();
    const int64_t deadline = cli_proc_now_ms() + limit_ms;
    int err = start(argv, &io, &pid);
    if (err != 0) {
        cli_run_clear(r);
        return err;
    }
    running = (sig_atomic_t)pid;
    err = pump(&io, r, deadline);
    const int ended = err == 0 && cli_proc_await(pid, deadline, &info);
    r->seconds = now_s() - t0;
    cli_proc_kill(pid);
    running = 0;
    for (int i = 0; i < 3; i++)
        cli_proc_close(&io.fd[i]);
    tell_end(r, ended, &info);
    return err == ENOMEM ? ENOMEM : 0;
}

void cli_run_clear(cli_run_t *r)
{
    free(r->out);
    r->out = NULL;
    r->out_len = 0;
}
