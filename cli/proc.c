/* SPDX-License-Identifier: MIT */
/*
 * proc.c - a child process's plumbing (proc.h): the one place coinline
 * starts, waits for and kills the programs it talks to.
 *
 * A child runs in a process group of its own, so that killing the group
 * ends whatever it started too, and so that a terminal's Ctrl-C reaches
 * coinline only: the caller kills the group. Its SIGPIPE is back at its
 * default (coinline ignores it while it talks to children) and no signal
 * is blocked. Its end is observed with waitid(WNOWAIT), which leaves it
 * a zombie until cli_proc_kill(), so its group id is not reused before
 * the group is killed.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <spawn.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "proc.h"

extern char **environ;

int64_t cli_proc_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

int cli_proc_ms_left(int64_t deadline)
{
    const int64_t left = deadline - cli_proc_now_ms();
    return left <= 0 ? 0 : left > INT_MAX ? INT_MAX : (int)left;
}

void cli_proc_close(int *fd)
{
    if (*fd >= 0)
        close(*fd);
    *fd = -1;
}

/* Moves fd to a close-on-exec descriptor above 2. Returns it, or -1. */
static int above_stderr(int fd)
{
    const int moved = fcntl(fd, F_DUPFD_CLOEXEC, 3);
    close(fd);
    return moved;
}

int cli_proc_pipe(int fds[2], int keep)
{
    int p[2] = {-1, -1}, err = 0;
    if (pipe(p) != 0)
        err = errno;
    for (int k = 0; k < 2 && err == 0; k++)
        if ((p[k] = above_stderr(p[k])) < 0)
            err = errno;
    /* the child's end is another open file description: it stays
     * blocking */
    if (err == 0 && fcntl(p[keep], F_SETFL, O_NONBLOCK) != 0)
        err = errno;
    for (int k = 0; k < 2 && err != 0; k++)
        cli_proc_close(&p[k]);
    fds[0] = p[0], fds[1] = p[1];
    return err;
}

/* The attributes of a child: a new process group, SIGPIPE at its
 * default, no signal blocked. Returns 0 or an errno value. */
static int child_attributes(posix_spawnattr_t *at)
{
    sigset_t def, none;
    int err;
    sigemptyset(&def);
    sigaddset(&def, SIGPIPE);
    sigemptyset(&none);
    if ((err = posix_spawnattr_setflags(at, POSIX_SPAWN_SETPGROUP |
                                                POSIX_SPAWN_SETSIGDEF |
                                                POSIX_SPAWN_SETSIGMASK)) == 0 &&
        (err = posix_spawnattr_setpgroup(at, 0)) == 0 &&
        (err = posix_spawnattr_setsigdefault(at, &def)) == 0)
        err = posix_spawnattr_setsigmask(at, &none);
    return err;
}

int cli_proc_spawn(const char *file, char *const argv[], int search,
                   const int fds[3], pid_t *pid)
{
    posix_spawn_file_actions_t fa;
    posix_spawnattr_t at;
    int err = posix_spawn_file_actions_init(&fa);
    if (err != 0)
        return err;
    if ((err = posix_spawnattr_init(&at)) != 0) {
        posix_spawn_file_actions_destroy(&fa);
        return err;
    }
    for (int k = 0; k < 3 && err == 0; k++)
        if (fds[k] >= 0)
            err = posix_spawn_file_actions_adddup2(&fa, fds[k], k);
    if (err == 0)
        err = child_attributes(&at);
    if (err == 0)
        err = search ? posix_spawnp(pid, file, &fa, &at, argv, environ)
                     : posix_spawn(pid, file, &fa, &at, argv, environ);
    posix_spawnattr_destroy(&at);
    posix_spawn_file_actions_destroy(&fa);
    return err;
}

/* Sleeps for about half a millisecond. */
static void nap(void)
{
    const struct timespec ts = {0, 500000};
    nanosleep(&ts, NULL);
}

int cli_proc_await(pid_t pid, int64_t deadline, siginfo_t *info)
{
    for (;;) {
        memset(info, 0, sizeof *info);
        const int rc =
            waitid(P_PID, (id_t)pid, info, WEXITED | WNOHANG | WNOWAIT);
        if (rc == 0 && info->si_pid == pid)
            return 1;
        if ((rc < 0 && errno != EINTR) || cli_proc_now_ms() >= deadline)
            return 0;
        nap();
    }
}

void cli_proc_kill(pid_t pid)
{
    kill(-pid, SIGKILL);
    kill(pid, SIGKILL); /* if it left its group */
    while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
        continue;
}

const char *cli_proc_signal_name(int sig)
{
    static const struct {
        int sig;
        const char *name;
    } names[] = {
        {SIGABRT, "SIGABRT"}, {SIGALRM, "SIGALRM"}, {SIGBUS, "SIGBUS"},
        {SIGFPE, "SIGFPE"},   {SIGHUP, "SIGHUP"},   {SIGILL, "SIGILL"},
        {SIGINT, "SIGINT"},   {SIGKILL, "SIGKILL"}, {SIGPIPE, "SIGPIPE"},
        {SIGQUIT, "SIGQUIT"}, {SIGSEGV, "SIGSEGV"}, {SIGSYS, "SIGSYS"},
        {SIGTERM, "SIGTERM"}, {SIGTRAP, "SIGTRAP"}, {SIGUSR1, "SIGUSR1"},
        {SIGUSR2, "SIGUSR2"}, {SIGXCPU, "SIGXCPU"}, {SIGXFSZ, "SIGXFSZ"},
    };
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++)
        if (names[k].sig == sig)
            return names[k].name;
    return NULL;
}
