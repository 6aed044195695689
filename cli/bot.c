/* SPDX-License-Identifier: MIT */
/*
 * bot.c - bot programs as players (bot.h, docs/protocol.md).
 *
 * A game's process is /bin/sh -c COMMAND, started by cli_proc_spawn()
 * (proc.h) in a process group of its own, SIGPIPE back to its default
 * and no signal blocked. Its standard input and output are two pipes; the ends
 * coinline keeps are non-blocking and close-on-exec (and above fd 2, so
 * that a dup2() onto 0 or 1 always makes a fresh descriptor), its
 * standard error is coinline's.
 *
 * Every wait is poll() against a deadline on the monotonic clock, for
 * writing as for reading, so a bot that neither reads nor writes costs
 * at most its time limit. Output waiting for the bot is one fixed buffer
 * that the game line's coins are formatted into as it drains: a row of
 * millions of coins is never held as text. Input is one buffer of
 * IN_CAP bytes: a reply line longer than CLI_BOT_LINE_MAX is refused
 * before more is read, so nothing a bot writes makes coinline allocate.
 *
 * The bot follows the game g it is asked on (coinline_game_t, any
 * rules) by the positions of its history: it keeps the two ends of the
 * coins left as it was told them (0 and 0 where any coin may be taken),
 * names each move of the other player since its last "go" in the form it
 * speaks (L or R for an end, a position where any coin may be taken, in
 * the classic forms of the line and the circle; a position in the
 * general form of every other rule set) and takes a reply as the
 * position of a legal move (coinline_game_is_legal()). Nothing here
 * depends on which rules are played, except the words the rules give
 * (cli/rules.h).
 *
 * A bot that forfeits is killed at once (SIGKILL to its process group
 * and to itself) and reaped; after "end" it has CLI_BOT_GRACE_MS to exit
 * first. Its exit is observed with waitid(WNOWAIT), which leaves it a
 * zombie, so its process group id cannot be reused before the group is
 * killed.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "bot.h"
#include "decimal.h"
#include "msg.h"
#include "player.h"
#include "proc.h"
#include "rules.h"

#define OUT_CAP  65536 /* bytes of output waiting for the bot */
#define IN_CAP   128   /* bytes of input read and not yet used */
#define COIN_MAX 21    /* " " and an int64 in decimal */

/* What writing to or reading from the bot came to. */
enum { IO_OK = 0, IO_TIMEOUT, IO_CLOSED, IO_TOOLONG };

struct cli_bot {
    char *command;
    int64_t move_ms;
    pid_t pid;                      /* this game's process; 0: none */
    int to_fd;                      /* its standard input; -1: closed */
    int from_fd;                    /* its standard output; -1: closed */
    int seat;                       /* 1 or 2 */
    int classic;                    /* speaks the classic form of its shape */
    const cli_shape_words_t *shape; /* the words of the game's shape */
    size_t n;                       /* coins in the game */
    uint64_t told;                  /* moves of the game the bot knows */
    uint64_t left;                  /* coins left after them */
    uint64_t le, re; /* the ends of those coins (positions); 0 and
                      * 0 where any coin may be taken */
    int replied;     /* it has sent a move this game */
    int forfeited;   /* it forfeited this game */
    /* to send: out[out_off..out_len), then " coin" for row[next..end)
     * and the newline of the game line while row_open */
    char out[OUT_CAP];
    size_t out_off, out_len;
    const int64_t *row;
    int64_t *owned; /* row, when it is coinline's copy */
    size_t next, end;
    int row_open;
    /* read and not yet used: in[0..in_len) */
    char in[IN_CAP];
    size_t in_len;
    char verdict[200];
};

/* ------------------------------------------------------------------------
 * Waiting
 * ---------------------------------------------------------------------- */

/* Waits until fd is ready for events (or has an error or hang-up, which
 * the next read or write reports). Returns IO_OK or IO_TIMEOUT. */
static int wait_fd(int fd, short events, int64_t deadline)
{
    struct pollfd p = {fd, events, 0};
    for (;;) {
        const int rc = poll(&p, 1, cli_proc_ms_left(deadline));
        if (rc > 0)
            return IO_OK;
        if (rc == 0 || errno != EINTR)
            return IO_TIMEOUT;
    }
}

/* ------------------------------------------------------------------------
 * Starting and stopping the process
 * ---------------------------------------------------------------------- */

/* Starts this game's process: /bin/sh -c COMMAND, its standard input
 * and output two pipes. Returns 0 or an errno value. */
static int start(cli_bot_t *b)
{
    static char sh[] = "sh", dash_c[] = "-c";
    char *argv[] = {sh, dash_c, b->command, NULL};
    int in[2], out[2] = {-1, -1};
    pid_t pid;
    int err = cli_proc_pipe(in, 1);
    if (err != 0)
        return err;
    if ((err = cli_proc_pipe(out, 0)) != 0) {
        cli_proc_close(&in[0]);
        cli_proc_close(&in[1]);
        return err;
    }
    const int fds[3] = {in[0], out[1], -1};
    err = cli_proc_spawn("/bin/sh", argv, 0, fds, &pid);
    cli_proc_close(&in[0]);
    cli_proc_close(&out[1]);
    if (err != 0) {
        cli_proc_close(&in[1]);
        cli_proc_close(&out[0]);
        return err;
    }
    b->pid = pid;
    b->to_fd = in[1];
    b->from_fd = out[0];
    return 0;
}

/* Forgets what was to be sent and read in this game. */
static void clear_io(cli_bot_t *b)
{
    free(b->owned);
    b->owned = NULL;
    b->row = NULL;
    b->next = b->end = 0;
    b->row_open = 0;
    b->out_off = b->out_len = 0;
    b->in_len = 0;
}

/* Ends this game's process: closes its input, waits until deadline for
 * it to exit (not at all when deadline has passed), kills its process
 * group and itself, and reaps it. */
static void stop(cli_bot_t *b, int64_t deadline)
{
    siginfo_t info;
    cli_proc_close(&b->to_fd);
    if (b->pid > 0) {
        cli_proc_await(b->pid, deadline, &info);
        cli_proc_kill(b->pid);
    }
    b->pid = 0;
    cli_proc_close(&b->from_fd);
    clear_io(b);
}

/* ------------------------------------------------------------------------
 * Verdicts
 * ---------------------------------------------------------------------- */

/* The bot forfeits: records why (printf-style) and stops it at once.
 * Returns CLI_EFORFEIT. */
static int vforfeit(cli_bot_t *b, const char *fmt, va_list ap)
    COINLINE_PRINTF(2, 0);
static int vforfeit(cli_bot_t *b, const char *fmt, va_list ap)
{
    vsnprintf(b->verdict, sizeof b->verdict, fmt, ap);
    b->forfeited = 1;
    stop(b, 0);
    return CLI_EFORFEIT;
}

static int forfeit(cli_bot_t *b, const char *fmt, ...) COINLINE_PRINTF(2, 3);
static int forfeit(cli_bot_t *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    const int rc = vforfeit(b, fmt, ap);
    va_end(ap);
    return rc;
}

/* The verdict on a bot whose process ended before the game did. The
 * shell's 127 and 126 before any reply mean the command was not found or
 * could not be run; its 128 + N, that the command it ran (the shell does
 * not always exec it) was killed by signal N. */
static int ended(cli_bot_t *b, const siginfo_t *info)
{
    const int s = info->si_status;
    const char *name = cli_proc_signal_name(s > 128 ? s - 128 : s);
    if (info->si_code != CLD_EXITED && name != NULL)
        return forfeit(b, "crashed: killed by %s (signal %d)", name, s);
    if (info->si_code != CLD_EXITED)
        return forfeit(b, "crashed: killed by signal %d", s);
    if (!b->replied && (s == 127 || s == 126))
        return forfeit(b, "could not be started: exit status %d (%s)", s,
                       s == 127 ? "command not found"
                                : "command not executable");
    if (s > 128 && name != NULL)
        return forfeit(b,
                       "crashed: killed by %s (exit status %d from the "
                       "shell)",
                       name, s);
    return forfeit(b, "exited (status %d) before the game ended", s);
}

/* The bot closed its input or output (what), or its process ended:
 * waits for the end until deadline and says which. */
static int gone(cli_bot_t *b, const char *what, int64_t deadline)
{
    siginfo_t info;
    if (cli_proc_await(b->pid, deadline, &info))
        return ended(b, &info);
    return forfeit(b, "closed its %s before the game ended", what);
}

/* Writes text[0..len-1] into dst (size > 8) as a quoted string,
 * non-printable bytes as \xNN, cut short with "..." past 40 bytes. */
static void quote(char *dst, size_t size, const char *text, size_t len)
{
    size_t k = 0;
    dst[k++] = '\'';
    for (size_t i = 0; i < len && k + 8 < size; i++) {
        const unsigned char c = (unsigned char)text[i];
        if (i == 40) {
            memcpy(dst + k, "...", 3);
            k += 3;
            break;
        }
        if (c >= 0x20 && c < 0x7f && c != '\\' && c != '\'')
            dst[k++] = (char)c;
        else
            k += (size_t)snprintf(dst + k, size - k, "\\x%02x", c);
    }
    dst[k++] = '\'';
    dst[k] = '\0';
}

/* ------------------------------------------------------------------------
 * Sending
 * ---------------------------------------------------------------------- */

/* Formats more of the game line into the output buffer, if it is open. */
static void fill(cli_bot_t *b)
{
    if (b->out_off == b->out_len)
        b->out_off = b->out_len = 0;
    while (b->row_open && OUT_CAP - b->out_len > COIN_MAX) {
        if (b->next == b->end) {
            b->out[b->out_len++] = '\n';
            b->row_open = 0;
        } else {
            b->out[b->out_len++] = ' ';
            b->out_len += cli_put_i64(b->out + b->out_len, b->row[b->next++]);
        }
    }
}

/* Sends everything waiting, until deadline. Returns IO_OK, IO_TIMEOUT
 * (the bot does not read its input) or IO_CLOSED (it closed it, or
 * ended). */
static int flush(cli_bot_t *b, int64_t deadline)
{
    for (;;) {
        fill(b);
        if (b->out_off == b->out_len)
            return IO_OK;
        if (b->to_fd < 0)
            return IO_CLOSED;
        const ssize_t w =
            write(b->to_fd, b->out + b->out_off, b->out_len - b->out_off);
        if (w > 0) {
            b->out_off += (size_t)w;
            continue;
        }
        if (w < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)
            return IO_CLOSED; /* EPIPE, or any other failure */
        if (wait_fd(b->to_fd, POLLOUT, deadline) != IO_OK)
            return IO_TIMEOUT;
    }
}

/* Queues one line (with its newline), sending what is ahead of it first
 * when the buffer lacks room. Returns IO_OK or flush()'s failure. */
static int send_line(cli_bot_t *b, const char *line, int64_t deadline)
{
    const size_t len = strlen(line);
    if (b->row_open || OUT_CAP - b->out_len < len) {
        const int rc = flush(b, deadline);
        if (rc != IO_OK)
            return rc;
        b->out_off = b->out_len = 0;
    }
    memcpy(b->out + b->out_len, line, len);
    b->out_len += len;
    return IO_OK;
}

/* Keeps a copy of the coins of the game line not yet formatted, when the
 * line did not all go at once: the caller's row is not kept. Returns 0
 * or COINLINE_ENOMEM. */
static int keep_row(cli_bot_t *b)
{
    const size_t left = b->end - b->next;
    if (!b->row_open || left == 0) {
        b->row = NULL;
        b->next = b->end = 0;
        return COINLINE_OK;
    }
    b->owned = malloc(left * sizeof *b->owned);
    if (b->owned == NULL)
        return COINLINE_ENOMEM;
    memcpy(b->owned, b->row + b->next, left * sizeof *b->owned);
    b->row = b->owned;
    b->next = 0;
    b->end = left;
    return COINLINE_OK;
}

/* The move at position x is played on the coins the bot knows: the ends
 * follow it (positions go round, which a line's ends never do). */
static void step(cli_bot_t *b, uint64_t x)
{
    const uint64_t n = b->n;
    if (b->le == 0) {
        b->le = x % n + 1;
        b->re = x == 1 ? n : x - 1;
    } else if (x == b->le) {
        b->le = b->le % n + 1;
    } else {
        b->re = b->re == 1 ? n : b->re - 1;
    }
    if (--b->left == 0)
        b->le = b->re = 0;
    b->told++;
}

/* The other player's move at position x as an "opp" line into line: L
 * or R for an end in the classic forms, else its position. */
static void opp_line(const cli_bot_t *b, uint64_t x, char *line, size_t size)
{
    if (b->classic && b->le != 0)
        snprintf(line, size, "opp %s\n", x == b->le ? "L" : "R");
    else
        snprintf(line, size, "opp %llu\n", (unsigned long long)x);
}

/* The "go" line into line: "go K" where any coin may be taken; else in
 * the classic forms "go K LEFT RIGHT" with the ends' coins, in the
 * general form "go K A B" with their positions. */
static void go_line(const cli_bot_t *b, const int64_t *coins, char *line,
                    size_t size)
{
    size_t k =
        (size_t)snprintf(line, size, "go %llu", (unsigned long long)b->left);
    if (b->le != 0 && b->classic) {
        line[k++] = ' ';
        k += cli_put_i64(line + k, coins[b->le - 1]);
        line[k++] = ' ';
        k += cli_put_i64(line + k, coins[b->re - 1]);
    } else if (b->le != 0) {
        k += (size_t)snprintf(line + k, size - k, " %llu %llu",
                              (unsigned long long)b->le,
                              (unsigned long long)b->re);
    }
    memcpy(line + k, "\n", 2);
}

/* Sends what the bot needs for its move at st of g: the rest of the
 * first line, an "opp" line per move of the other player since its
 * last, and "go". Returns an IO_* code, or -1 when g is not the game the
 * bot followed (it went back). */
static int send_turn(cli_bot_t *b, const coinline_game_t *g,
                     const coinline_game_state_t *st, int64_t deadline)
{
    char line[96];
    int rc = IO_OK;
    for (; rc == IO_OK && b->told < st->moves && b->left > 0;) {
        const uint64_t x = coinline_game_history(g, b->told + 1);
        const int mover = b->told % 2 == 0 ? 1 : 2;
        if (mover != b->seat) {
            opp_line(b, x, line, sizeof line);
            rc = send_line(b, line, deadline);
        }
        step(b, x);
    }
    if (rc != IO_OK)
        return rc;
    if (b->told != st->moves || b->le != st->left_end || b->re != st->right_end)
        return -1;
    go_line(b, coinline_game_coins(g), line, sizeof line);
    rc = send_line(b, line, deadline);
    return rc == IO_OK ? flush(b, deadline) : rc;
}

/* ------------------------------------------------------------------------
 * Reading and judging a reply
 * ---------------------------------------------------------------------- */

/* Reads one line into line[0..*len-1] (without its newline; line has
 * IN_CAP bytes), until deadline. Returns IO_OK, IO_TIMEOUT, IO_CLOSED
 * (end of file first), or IO_TOOLONG (the line passes CLI_BOT_LINE_MAX;
 * its start is in line). */
static int read_line(cli_bot_t *b, int64_t deadline, char *line, size_t *len)
{
    for (;;) {
        const char *nl = memchr(b->in, '\n', b->in_len);
        const size_t n = nl != NULL ? (size_t)(nl - b->in) : b->in_len;
        if (n > CLI_BOT_LINE_MAX) {
            *len = CLI_BOT_LINE_MAX;
            memcpy(line, b->in, *len);
            return IO_TOOLONG;
        }
        if (nl != NULL) {
            *len = n;
            memcpy(line, b->in, n);
            memmove(b->in, nl + 1, b->in_len - n - 1);
            b->in_len -= n + 1;
            return IO_OK;
        }
        const ssize_t r =
            read(b->from_fd, b->in + b->in_len, IN_CAP - b->in_len);
        if (r > 0)
            b->in_len += (size_t)r;
        else if (r == 0 ||
                 (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR))
            return IO_CLOSED;
        else if (wait_fd(b->from_fd, POLLIN, deadline) != IO_OK)
            return IO_TIMEOUT;
    }
}

/* Is c a blank that may surround a reply? */
static int blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r';
}

/* The number written as the digits s[0..len-1], UINT64_MAX past it. */
static uint64_t digits_value(const char *s, size_t len)
{
    uint64_t v = 0;
    for (size_t i = 0; i < len; i++)
        v = v > (UINT64_MAX - 9) / 10 ? UINT64_MAX
                                      : v * 10 + (uint64_t)(s[i] - '0');
    return v;
}

/* A position given as digits s[0..len-1] where the ends are le and re:
 * it must be that of a legal move of g. */
static int position(cli_bot_t *b, const coinline_game_t *g, const char *s,
                    size_t len, uint64_t *pos)
{
    *pos = digits_value(s, len);
    if (coinline_game_is_legal(g, *pos))
        return COINLINE_OK;
    if (b->le == 0)
        return forfeit(b,
                       "illegal move: position %.40s is not on the %s (1 to "
                       "%zu)",
                       s, b->shape->noun, b->n);
    if (b->left == 1)
        return forfeit(b,
                       "illegal move: position %.40s is not an end (the "
                       "only coin left is %llu)",
                       s, (unsigned long long)b->le);
    return forfeit(b,
                   "illegal move: position %.40s is not an end (the ends "
                   "are %llu and %llu)",
                   s, (unsigned long long)b->le, (unsigned long long)b->re);
}

/* The reply line[0..len-1] without the blanks around it: [*from, *to);
 * the number of digits it starts with into *digits. */
static void trim(const char *line, size_t len, size_t *from, size_t *to,
                 size_t *digits)
{
    *from = 0, *to = len, *digits = 0;
    while (*from < *to && blank(line[*from]))
        ++*from;
    while (*to > *from && blank(line[*to - 1]))
        --*to;
    while (*from + *digits < *to && line[*from + *digits] >= '0' &&
           line[*from + *digits] <= '9')
        ++*digits;
}

/* Judges a reply line: L or R in either case (where the coins left have
 * ends), or the position of a legal move, with blanks around it.
 * Returns 0 with *pos, or CLI_EFORFEIT. */
static int judge(cli_bot_t *b, const coinline_game_t *g, char *line, size_t len,
                 uint64_t *pos)
{
    char q[IN_CAP * 4 + 8];
    size_t from, to, digits;
    trim(line, len, &from, &to, &digits);
    const char c = to - from == 1 ? line[from] : '\0';
    if (b->le != 0 && (c == 'L' || c == 'l' || c == 'R' || c == 'r')) {
        *pos = c == 'L' || c == 'l' ? b->le : b->re;
        return COINLINE_OK;
    }
    if (digits > 0 && digits == to - from) {
        line[to] = '\0';
        return position(b, g, line + from, digits, pos);
    }
    quote(q, sizeof q, line, len);
    if (b->le == 0)
        return forfeit(b,
                       "garbage: %s is not a position (%s of a %s takes "
                       "one, 1 to %zu)",
                       q, b->shape->any_move, b->shape->noun, b->n);
    return forfeit(b, "garbage: %s is not L, R or a position", q);
}

/* ------------------------------------------------------------------------
 * The interface
 * ---------------------------------------------------------------------- */

int cli_bot_new(const char *command, int64_t move_ms, cli_bot_t **out)
{
    struct sigaction sa;
    *out = NULL;
    if (command == NULL || command[strspn(command, " \t\n")] == '\0' ||
        move_ms < 1)
        return COINLINE_EINVAL;
    cli_bot_t *b = calloc(1, sizeof *b);
    if (b == NULL || (b->command = strdup(command)) == NULL) {
        free(b);
        return COINLINE_ENOMEM;
    }
    b->move_ms = move_ms;
    b->to_fd = b->from_fd = -1;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = SIG_IGN;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGPIPE, &sa, NULL);
    *out = b;
    return COINLINE_OK;
}

void cli_bot_free(cli_bot_t *b)
{
    if (b == NULL)
        return;
    stop(b, 0);
    free(b->command);
    free(b);
}

/* Stops the last game's process and forgets its verdict: a new game. */
static void fresh(cli_bot_t *b)
{
    stop(b, 0);
    b->verdict[0] = '\0';
    b->forfeited = b->replied = 0;
}

int cli_bot_begin(cli_bot_t *b, coinline_game_t *g, int seat)
{
    coinline_game_state_t st;
    char name[COINLINE_RULES_STRLEN];
    const coinline_rules_t *rules = coinline_game_rules(g);
    const cli_score_words_t *score = cli_score_words(rules);
    if ((seat != 1 && seat != 2) || score == NULL ||
        coinline_rules_name(rules, name, sizeof name) < 0 ||
        coinline_game_state(g, &st) != COINLINE_OK)
        return COINLINE_EINVAL;
    fresh(b);
    b->seat = seat;
    b->shape = cli_shape_words(rules);
    b->classic = score->classic_bots;
    b->n = coinline_game_size(g);
    b->told = st.moves;
    b->left = st.left;
    b->le = st.left_end;
    b->re = st.right_end;
    const int err = start(b);
    if (err != 0)
        return forfeit(b, "could not be started: %s", strerror(err));
    if (b->classic)
        b->out_len = (size_t)snprintf(b->out, sizeof b->out, "%s %d %zu",
                                      b->shape->bot_word, seat, b->n);
    else
        b->out_len = (size_t)snprintf(b->out, sizeof b->out, "rules %d %s %zu",
                                      seat, name, b->n);
    b->row = coinline_game_coins(g);
    b->next = 0;
    b->end = b->n;
    b->row_open = 1;
    /* As much as the pipe takes now; a dead bot is judged at its move. */
    flush(b, 0);
    if (keep_row(b) != COINLINE_OK) {
        stop(b, 0);
        return COINLINE_ENOMEM;
    }
    return COINLINE_OK;
}

/* Reads the reply to a go whose sending, with deadline sent_by, came to
 * sent (IO_OK or the failure): the line into line[0..*len-1]. Returns 0,
 * or CLI_EFORFEIT when there is no reply line. */
static int reply(cli_bot_t *b, int sent, int64_t sent_by, char *line,
                 size_t *len)
{
    char q[IN_CAP * 4 + 8];
    if (sent == IO_TIMEOUT)
        return forfeit(b, "timed out: did not read its input within %lld ms",
                       (long long)b->move_ms);
    /* A bot may write its reply ahead and end (docs/protocol.md): when
     * its input is closed, what it wrote is read before it is judged, so
     * the verdict does not depend on which process ran first. */
    const int input_closed = sent == IO_CLOSED;
    const int64_t deadline =
        input_closed ? sent_by : cli_proc_now_ms() + b->move_ms;
    const int rc = read_line(b, deadline, line, len);
    if (rc != IO_OK && rc != IO_TOOLONG && input_closed)
        return gone(b, "input", deadline);
    if (rc == IO_TIMEOUT)
        return forfeit(b, "timed out: no move within %lld ms",
                       (long long)b->move_ms);
    if (rc == IO_CLOSED)
        return gone(b, "output", deadline);
    if (rc == IO_TOOLONG) {
        quote(q, sizeof q, line, *len);
        return forfeit(b, "garbage: a line longer than %d bytes: %s",
                       CLI_BOT_LINE_MAX, q);
    }
    return COINLINE_OK;
}

int cli_bot_choose(void *ctx, const coinline_game_t *g,
                   const coinline_game_state_t *st, uint64_t *position)
{
    cli_bot_t *b = ctx;
    char line[IN_CAP];
    size_t len;
    if (b->forfeited)
        return CLI_EFORFEIT;
    if (b->pid == 0 || st->to_move != b->seat || st->n != b->n ||
        st->moves < b->told)
        return COINLINE_EINVAL;
    const int64_t deadline = cli_proc_now_ms() + b->move_ms;
    const int sent = send_turn(b, g, st, deadline);
    if (sent < 0)
        return COINLINE_EINVAL;
    int rc = reply(b, sent, deadline, line, &len);
    if (rc == COINLINE_OK)
        rc = judge(b, g, line, len, position);
    if (rc == COINLINE_OK)
        b->replied = 1;
    return rc;
}

void cli_bot_end(cli_bot_t *b, const coinline_i128_t *totals)
{
    char line[2 * COINLINE_I128_STRLEN + 8];
    if (b == NULL || b->pid == 0)
        return;
    const int64_t deadline = cli_proc_now_ms() + CLI_BOT_GRACE_MS;
    if (totals != NULL && !b->forfeited) {
        size_t k = (size_t)snprintf(line, sizeof line, "end ");
        k += (size_t)coinline_i128_to_string(totals[0], line + k,
                                             sizeof line - k);
        line[k++] = ' ';
        k += (size_t)coinline_i128_to_string(totals[1], line + k,
                                             sizeof line - k);
        memcpy(line + k, "\n", 2);
        if (send_line(b, line, deadline) == IO_OK)
            flush(b, deadline);
    }
    stop(b, deadline);
}

const char *cli_bot_verdict(const cli_bot_t *b)
{
    return b->verdict[0] != '\0' ? b->verdict : NULL;
}

/* ------------------------------------------------------------------------
 * The lines themselves, for a game side of its own (bot.h)
 * ---------------------------------------------------------------------- */

/* Queues the line "HEAD V1 ... VN" (head shorter than OUT_CAP; values
 * owned by the bot from now on), sending what is ahead of it first. Returns
 * IO_OK or flush()'s failure (values freed). */
static int send_list(cli_bot_t *b, const char *head, int64_t *values,
                     size_t count, int64_t deadline)
{
    const size_t len = strlen(head);
    int rc = IO_OK;
    if (b->row_open || OUT_CAP - b->out_len < len)
        rc = flush(b, deadline);
    if (rc != IO_OK) {
        free(values);
        return rc;
    }
    if (b->out_off == b->out_len)
        b->out_off = b->out_len = 0;
    free(b->owned);
    memcpy(b->out + b->out_len, head, len);
    b->out_len += len;
    b->owned = values;
    b->row = values;
    b->next = 0;
    b->end = count;
    b->row_open = 1;
    return IO_OK;
}

int cli_bot_start(cli_bot_t *b, const char *head, int64_t *values, size_t count)
{
    fresh(b);
    const int err = start(b);
    if (err != 0) {
        free(values);
        return forfeit(b, "could not be started: %s", strerror(err));
    }
    if (send_list(b, head, values, count, 0) != IO_OK) {
        stop(b, 0);
        return COINLINE_ENOMEM;
    }
    /* As much as the pipe takes now; a dead bot is judged at its move. */
    flush(b, 0);
    return COINLINE_OK;
}

int cli_bot_ask(cli_bot_t *b, const char *before, const char *head,
                int64_t *values, size_t count, char *reply_line, size_t *len)
{
    if (b->forfeited || b->pid == 0) {
        free(values);
        return b->forfeited ? CLI_EFORFEIT : COINLINE_EINVAL;
    }
    const int64_t deadline = cli_proc_now_ms() + b->move_ms;
    int sent = before[0] != '\0' ? send_line(b, before, deadline) : IO_OK;
    if (sent == IO_OK)
        sent = send_list(b, head, values, count, deadline);
    else
        free(values);
    if (sent == IO_OK)
        sent = flush(b, deadline);
    const int rc = reply(b, sent, deadline, reply_line, len);
    if (rc == COINLINE_OK)
        b->replied = 1;
    return rc;
}

int cli_bot_refuse(cli_bot_t *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    const int rc = vforfeit(b, fmt, ap);
    va_end(ap);
    return rc;
}

void cli_bot_quote(char *dst, size_t size, const char *text, size_t len)
{
    quote(dst, size, text, len);
}
