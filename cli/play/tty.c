/* SPDX-License-Identifier: MIT */
/*
 * tty.c - the full-screen game of coinline play, drawn with plain
 * ANSI escapes on the alternate screen, keys read in raw mode (termios).
 *
 * The terminal is put back (modes, cursor, main screen) on every way out:
 * quitting (q, Ctrl-C and Ctrl-D are keys: raw mode turns signals off),
 * the end of the input, and the signals that end the process (SIGTERM,
 * SIGHUP, SIGINT and SIGQUIT sent by kill). Their handlers only note the
 * signal and wake the loop through a pipe (the self-pipe trick, so that
 * no signal is missed between a check and a wait); the loop then leaves
 * the game as q would (summary, JSON, game record), and the process dies
 * of the signal after that (play_tty_reraise()). A second such signal
 * ends it at once, the terminal restored by the handler. Ctrl-Z and
 * SIGTSTP put the terminal back and stop; SIGCONT takes the screen again
 * and redraws, as SIGWINCH does.
 *
 * On several rows the board is a line a row: up and down (or a row's
 * number typed) choose the row, marked '>', and the left and right keys
 * take its ends.
 *
 * What the game prints for the record (the summaries, the JSON when
 * standard output is the screen) is kept and written to the normal screen
 * after the terminal is put back; standard error is held in a temporary
 * file while the screen is in use (an error, or a bot program's
 * messages, would be drawn over the game and lost) and written out
 * after.
 */
#define _DEFAULT_SOURCE /* SIGWINCH, TIOCGWINSZ */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

#include "board.h"
#include "decimal.h"
#include "game.h"
#include "msg.h"
#include "player.h"
#include "session.h"
#include "tty.h"
#include "wide.h"

#define ENTER_SCREEN    "\033[?1049h\033[?25l"
#define LEAVE_SCREEN    "\033[0m\033[?25h\033[?1049l"
#define ENGINE_DELAY_MS 300

static struct termios saved_modes;
static int screen_fd = STDOUT_FILENO;    /* where the game is drawn */
static int wake_fd[2] = {-1, -1};        /* the self-pipe */
static volatile sig_atomic_t screen_on;  /* raw mode and alternate screen */
static volatile sig_atomic_t session_on; /* between the start and the end */
static volatile sig_atomic_t resized, quit_signal;

/* Writes all of s to the screen (async-signal-safe). */
static void write_all(const char *s, size_t len)
{
    while (len > 0) {
        const ssize_t w = write(screen_fd, s, len);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return;
        s += w;
        len -= (size_t)w;
    }
}

/* Puts the terminal back. Async-signal-safe: write(), tcsetattr(). */
static void restore_terminal(void)
{
    if (!screen_on)
        return;
    screen_on = 0;
    write_all(LEAVE_SCREEN, sizeof LEAVE_SCREEN - 1);
    tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved_modes);
}

/* Raw mode (no echo, no line editing, no signals from keys) and the
 * alternate screen. Async-signal-safe. */
static int raw_terminal(void)
{
    struct termios raw = saved_modes;
    raw.c_lflag &= ~(tcflag_t)(ICANON | ECHO | ISIG | IEXTEN);
    raw.c_iflag &= ~(tcflag_t)(IXON | ICRNL | INLCR);
    raw.c_cc[VMIN] = 1;
    raw.c_cc[VTIME] = 0;
    if (tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) != 0)
        return -1;
    write_all(ENTER_SCREEN, sizeof ENTER_SCREEN - 1);
    screen_on = 1;
    return 0;
}

/* Wakes the loop from its wait (async-signal-safe). */
static void wake(void)
{
    const int saved = errno;
    if (wake_fd[1] >= 0) {
        const ssize_t w = write(wake_fd[1], "x", 1); /* full: awake */
        (void)w;
    }
    errno = saved;
}

/* The handler fn for sig, no flags: a wait ends with EINTR. */
static void install(int sig, void (*fn)(int))
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = fn;
    sigemptyset(&sa.sa_mask);
    sigaction(sig, &sa, NULL);
}

/* SIGTERM, SIGHUP, SIGINT, SIGQUIT: the loop ends the session; a second
 * one ends the process now. */
static void on_quit(int sig)
{
    if (quit_signal != 0) {
        restore_terminal();
        install(sig, SIG_DFL);
        raise(sig); /* delivered when the handler returns */
        return;
    }
    quit_signal = sig;
    wake();
}

/* SIGTSTP: the terminal is put back, then the process stops. */
static void on_stop(int sig)
{
    restore_terminal();
    install(sig, SIG_DFL);
    raise(sig); /* delivered when the handler returns */
}

/* SIGCONT: the screen again, redrawn. */
static void on_continue(int sig)
{
    (void)sig;
    if (!session_on)
        return;
    if (!screen_on)
        raw_terminal();
    install(SIGTSTP, on_stop);
    resized = 1;
    wake();
}

/* SIGWINCH: a redraw at the new size. */
static void on_resize(int sig)
{
    (void)sig;
    resized = 1;
    wake();
}

/* The signals handled while the game is on the screen, and what was
 * done with them before. */
static const struct {
    int sig;
    void (*fn)(int);
} handled[] = {{SIGINT, on_quit},    {SIGTERM, on_quit}, {SIGHUP, on_quit},
               {SIGQUIT, on_quit},   {SIGTSTP, on_stop}, {SIGCONT, on_continue},
               {SIGWINCH, on_resize}};
#define NHANDLED (sizeof handled / sizeof handled[0])
#define NQUIT    4 /* the quitting signals, first in handled[] */
static struct sigaction saved_actions[NHANDLED];

/* With on, the handlers of the first count signals of handled[] (not for
 * a signal that was ignored, as nohup does with SIGHUP); else what was
 * there before. */
static void set_handlers(int on, size_t count)
{
    for (size_t i = 0; i < count; i++) {
        if (!on) {
            sigaction(handled[i].sig, &saved_actions[i], NULL);
            continue;
        }
        sigaction(handled[i].sig, NULL, &saved_actions[i]);
        if (saved_actions[i].sa_handler != SIG_IGN)
            install(handled[i].sig, handled[i].fn);
    }
}

/* With on, the self-pipe and every handler; else the handlers of before
 * and the self-pipe closed. Returns 0 or -1 (no pipe). */
static int handle_signals(int on)
{
    if (on && pipe(wake_fd) != 0)
        return -1;
    for (int i = 0; on && i < 2; i++) {
        fcntl(wake_fd[i], F_SETFD, FD_CLOEXEC); /* not for bots */
        fcntl(wake_fd[i], F_SETFL, O_NONBLOCK);
    }
    session_on = on;
    set_handlers(on, NHANDLED);
    for (int i = 0; !on && i < 2; i++) {
        close(wake_fd[i]);
        wake_fd[i] = -1;
    }
    return 0;
}

/* See tty.h. */
void play_catch_quit(int on)
{
    set_handlers(on, NQUIT);
}

/* See tty.h. */
int play_quit_signal(void)
{
    return quit_signal;
}

/* Empties the self-pipe. */
static void drain_wake(void)
{
    char buf[64];
    while (read(wake_fd[0], buf, sizeof buf) > 0)
        continue;
}

/* See tty.h. */
void play_tty_reraise(void)
{
    if (quit_signal == 0)
        return;
    install(quit_signal, SIG_DFL);
    raise(quit_signal);
}

/* ---- the frame -------------------------------------------------------- */

typedef struct {
    play_session_t *S;
    int rows, cols;
    int line;    /* the next line of the frame */
    char *frame; /* the frame being built */
    size_t frame_len;
    FILE *fp;
    char message[320]; /* a hint, an undo, a notice */
    char *kept;        /* summaries kept for the normal screen */
    size_t kept_len;
    FILE *kept_fp;
    FILE *held_err; /* standard error while the screen is in use */
    int saved_err;  /* the real standard error, or -1 */
    int color;
    unsigned char in[64]; /* keys read and not yet handled */
    size_t in_len;
    uint64_t cursor; /* the coin marked for a circle's first move; on
                      * several rows the row chosen (1-based) */
    uint64_t typed;  /* a position being typed, or 0 */
    int digit;       /* the digit of the last K_DIGIT */
} tty_t;

/* Escapes for the players' colours (green and magenta read well on dark
 * and light backgrounds), or none. */
static const char *seat_color(const tty_t *t, int seat)
{
    return play_seat_color(t->color, seat);
}

/* Writes text cut to the width of the screen (escapes take no room). */
static void put_cut(tty_t *t, const char *text)
{
    int width = 0;
    for (const char *c = text; *c != '\0'; c++) {
        if (*c == '\033') {
            const char *end = c + 1;
            while (*end != '\0' && !(*end >= '@' && *end <= '~' && *end != '['))
                end++;
            fwrite(c, 1, (size_t)(end - c) + (*end != '\0'), t->fp);
            c = *end != '\0' ? end : end - 1;
            continue;
        }
        if (width < t->cols - 1 && ((unsigned char)*c & 0xC0) != 0x80)
            width++;
        else if (((unsigned char)*c & 0xC0) != 0x80)
            continue;
        fputc(*c, t->fp);
    }
}

/* One line of the frame, printf-style. */
static void emit(tty_t *t, const char *fmt, ...) COINLINE_PRINTF(2, 3);
static void emit(tty_t *t, const char *fmt, ...)
{
    char buf[8192];
    va_list ap;
    if (t->line >= t->rows)
        return;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    fprintf(t->fp, "\033[%d;1H", ++t->line);
    put_cut(t, buf);
    fputs("\033[0m\033[K", t->fp);
}

/* The board (play/board.c): the row or the circle, in avail lines at
 * most. */
static void draw_board(tty_t *t, play_game_t *g, int avail)
{
    char *text = NULL;
    size_t len = 0;
    FILE *fp = open_memstream(&text, &len);
    if (fp == NULL)
        return;
    play_board(g, avail, t->cols, t->color, t->cursor, fp);
    fclose(fp);
    for (char *line = text, *nl; line != NULL && *line != '\0'; line = nl) {
        nl = strchr(line, '\n');
        if (nl != NULL)
            *nl++ = '\0';
        emit(t, "%s", line);
    }
    free(text);
}

/* Both seats, their totals, and ">" before the one to move. */
static void draw_totals(tty_t *t, const play_game_t *g,
                        const coinline_engine_state_t *st)
{
    char b[2][COINLINE_I128_STRLEN];
    cli_wide_str(cl_to_wide(st->p1), b[0]);
    cli_wide_str(cl_to_wide(st->p2), b[1]);
    for (int s = 0; s < 2; s++)
        emit(t, " %s%s %s\033[0m (player %d): \033[1m%s\033[0m",
             seat_color(t, s), st->to_move == s + 1 ? ">" : " ", g->name[s],
             s + 1, b[s]);
}

/* The last move played, or a blank line. */
static void draw_last_move(tty_t *t, play_game_t *g)
{
    if (g->nmoves == 0) {
        emit(t, " ");
        return;
    }
    const size_t k = g->nmoves - 1;
    const char *who = g->name[play_game_mover(k)];
    char where[64];
    if (g->several) {
        cli_rows_notation(where, g->rows.row[k],
                          g->moves[k] == 'L' ? COINLINE_SIDE_LEFT
                                             : COINLINE_SIDE_RIGHT);
    } else if (g->moves[k] == '*') {
        snprintf(where, sizeof where, "position %llu",
                 (unsigned long long)g->first);
    } else if (g->shape->positions) {
        const coinline_engine_state_t st = play_game_state(g);
        snprintf(where, sizeof where, "%s, position %llu",
                 g->moves[k] == 'L' ? "left" : "right",
                 (unsigned long long)play_game_position(
                     g, g->moves[k] == 'L' ? st.lo - 1 : st.hi));
    } else {
        snprintf(where, sizeof where, "%s",
                 g->moves[k] == 'L' ? "left" : "right");
    }
    emit(t, " last move: %s%s\033[0m took %lld (%s)",
         seat_color(t, play_game_mover(k)), who, (long long)g->taken[k], where);
}

/* Who is to move and what each key takes. */
static void draw_turn(tty_t *t, const play_game_t *g,
                      const coinline_engine_state_t *st)
{
    const int s = st->to_move - 1;
    if (!g->person[s]) {
        emit(t, " %s is thinking...", g->name[s]);
        return;
    }
    const char *who = strcmp(g->name[s], "you") == 0 ? "you" : g->name[s];
    if (g->several) {
        const size_t r = (size_t)t->cursor - 1;
        if (play_rows_live(&g->rows, r))
            emit(t,
                 " %s%s\033[0m to move, row %zu: \033[1m<-\033[0m take %lld"
                 "   or   take %lld \033[1m->\033[0m",
                 seat_color(t, s), who, r + 1,
                 (long long)cli_rows_game_coin(&g->rows.G, r,
                                               COINLINE_SIDE_LEFT),
                 (long long)cli_rows_game_coin(&g->rows.G, r,
                                               COINLINE_SIDE_RIGHT));
        else
            emit(t, " %s%s\033[0m to move: row %zu is empty, choose another",
                 seat_color(t, s), who, r + 1);
        return;
    }
    if (play_game_opening(g)) {
        emit(t,
             " %s%s\033[0m to move: \033[1m<- ->\033[0m choose, "
             "\033[1mEnter\033[0m takes %lld (position %llu)",
             seat_color(t, s), who, (long long)g->ring[t->cursor - 1],
             (unsigned long long)t->cursor);
        return;
    }
    char l[48] = "", r[48] = "";
    if (g->shape->positions) {
        snprintf(l, sizeof l, " (position %llu)",
                 (unsigned long long)play_game_position(g, st->lo));
        snprintf(r, sizeof r, " (position %llu)",
                 (unsigned long long)play_game_position(g, st->hi - 1));
    }
    emit(t,
         " %s%s\033[0m to move: \033[1m<-\033[0m take %lld%s   or   take "
         "%lld%s \033[1m->\033[0m",
         seat_color(t, s), who, (long long)g->coins[st->lo], l,
         (long long)g->coins[st->hi - 1], r);
}

/* The end summary, line by line, in the room left. */
static void draw_summary(tty_t *t, play_game_t *g)
{
    char *text = NULL;
    size_t len = 0;
    FILE *fp = open_memstream(&text, &len);
    if (fp == NULL)
        return;
    play_game_summary(g, fp);
    fclose(fp);
    for (char *line = text, *nl; line != NULL && *line != '\0'; line = nl) {
        nl = strchr(line, '\n');
        if (nl != NULL)
            *nl++ = '\0';
        if (t->line >= t->rows - 3) {
            emit(t, "  ...");
            break;
        }
        emit(t, " %s", line);
    }
    free(text);
}

/* The message (a hint, a refusal) wrapped at blanks to the width of the
 * screen, on three lines at most. */
static void draw_message(tty_t *t)
{
    const char *m = t->message;
    const size_t width = (size_t)t->cols - 3;
    for (int n = 0; n < 3 && *m != '\0'; n++) {
        size_t len = strlen(m);
        if (len > width) {
            len = width;
            while (len > 0 && m[len] != ' ')
                len--;
            len = len == 0 ? width : len;
        }
        emit(t, " %.*s", (int)len, m);
        m += len;
        while (*m == ' ')
            m++;
    }
}

/* The whole screen, in one write. */
static void draw(tty_t *t)
{
    play_game_t *g = &t->S->game;
    const coinline_engine_state_t st = play_game_state(g);
    if (t->cursor < 1 || t->cursor > (g->several ? g->rows.k : g->n))
        t->cursor = 1;
    if (g->several && !play_rows_live(&g->rows, (size_t)t->cursor - 1))
        t->cursor = play_rows_step(&g->rows, (size_t)t->cursor, 1);
    t->frame_len = 0;
    t->fp = open_memstream(&t->frame, &t->frame_len);
    if (t->fp == NULL)
        return;
    t->line = 0;
    fputs("\033[H\033[2J", t->fp);
    if (t->rows < 12 || t->cols < 40) {
        emit(t, "too small (%dx%d): 40x12 at least", t->cols, t->rows);
    } else {
        char seed[40] = "";
        if (play_seed_matters(t->S))
            snprintf(seed, sizeof seed, "   seed %llu",
                     (unsigned long long)t->S->seed);
        char rows[40] = "";
        if (g->several)
            snprintf(rows, sizeof rows, " in %zu rows", g->rows.k);
        emit(t, " \033[1mcoinline play\033[0m   game %llu   %zu coins%s%s%s%s",
             (unsigned long long)g->number, g->n, rows, g->shape->on,
             g->score->phrase, seed);
        emit(t, " ");
        draw_totals(t, g, &st);
        emit(t, " ");
        draw_board(t, g, t->rows - 16);
        emit(t, " ");
        draw_last_move(t, g);
        if (play_game_over(g))
            draw_summary(t, g);
        else
            draw_turn(t, g, &st);
        emit(t, " ");
        draw_message(t);
        t->line = t->rows - 1;
        if (g->several)
            emit(t,
                 " \033[1m^ v\033[0m or 1-%zu row  \033[1m<-\033[0m/l "
                 "left  \033[1m->\033[0m/r right  h hint  u undo  n new "
                 "game  q quit",
                 g->rows.k);
        else if (play_game_opening(g)) {
            /* A position is typed in digits, as many as it takes. */
            char range[48] = "1";
            if (g->n > 1)
                snprintf(range, sizeof range, "1-%zu", g->n);
            emit(t,
                 " \033[1m<- ->\033[0m choose  \033[1mEnter\033[0m take  "
                 "%s a position  h hint  u undo  n new game  q quit",
                 range);
        } else
            emit(t, " \033[1m<-\033[0m/l left  \033[1m->\033[0m/r right  h "
                    "hint  u undo  n new game  q quit");
    }
    fclose(t->fp);
    write_all(t->frame, t->frame_len);
    free(t->frame);
    t->frame = NULL;
}

/* ---- keys ------------------------------------------------------------- */

enum key {
    K_NONE,
    K_LEFT,
    K_RIGHT,
    K_UP,   /* several rows: the row above */
    K_DOWN, /* and below */
    K_HINT,
    K_UNDO,
    K_NEW,
    K_QUIT,
    K_REDRAW,
    K_SUSPEND,
    K_TAKE, /* Enter or space: a circle's first move */
    K_DIGIT /* a digit (t->digit): a position typed */
};

/* Waits up to timeout_ms (-1: no limit) for the terminal or a signal,
 * then reads what the terminal has. Returns 1 after reading, 0 at the end
 * of the input or on an error, -1 after a signal or the timeout. */
static int fill(tty_t *t, int timeout_ms)
{
    struct pollfd p[2] = {{STDIN_FILENO, POLLIN, 0}, {wake_fd[0], POLLIN, 0}};
    const int ready = poll(p, 2, timeout_ms);
    if (ready < 0)
        return errno == EINTR ? -1 : 0;
    if (p[1].revents != 0) {
        drain_wake();
        return -1;
    }
    if (ready == 0)
        return -1;
    const ssize_t r =
        read(STDIN_FILENO, t->in + t->in_len, sizeof t->in - t->in_len);
    if (r < 0)
        return errno == EINTR || errno == EAGAIN ? -1 : 0;
    t->in_len += (size_t)r;
    return r > 0;
}

/* Drops the first count bytes read. */
static void consume(tty_t *t, size_t count)
{
    memmove(t->in, t->in + count, t->in_len - count);
    t->in_len -= count;
}

/* An escape sequence: the arrows (ESC [ C/D, ESC O C/D) or nothing. */
static enum key escape_key(tty_t *t)
{
    if (t->in_len < 3)
        fill(t, 30); /* the rest of a sequence comes at once */
    if (t->in_len >= 3 && (t->in[1] == '[' || t->in[1] == 'O') &&
        t->in[2] >= 'A' && t->in[2] <= 'D') {
        static const enum key arrows[] = {K_UP, K_DOWN, K_RIGHT, K_LEFT};
        const enum key k = arrows[t->in[2] - 'A'];
        consume(t, 3);
        return k;
    }
    size_t skip = 1; /* another sequence: skip it whole */
    if (t->in_len >= 2 && t->in[1] == '[') {
        skip = 2;
        while (skip < t->in_len && !(t->in[skip] >= '@' && t->in[skip] <= '~'))
            skip++;
        skip += skip < t->in_len;
    }
    consume(t, skip);
    return K_NONE;
}

/* The key of byte c (not an escape). */
static enum key plain_key(unsigned char c)
{
    static const char keys[] = "lLaArRdDhH?uUnNqQ";
    static const enum key what[] = {K_LEFT,  K_LEFT,  K_LEFT,  K_LEFT, K_RIGHT,
                                    K_RIGHT, K_RIGHT, K_RIGHT, K_HINT, K_HINT,
                                    K_HINT,  K_UNDO,  K_UNDO,  K_NEW,  K_NEW,
                                    K_QUIT,  K_QUIT};
    const char *at = c != 0 ? strchr(keys, c) : NULL;
    if (at != NULL)
        return what[at - keys];
    switch (c) {
    case 3: /* Ctrl-C */
    case 4: /* Ctrl-D */
    case 0x1c: /* Ctrl-\ */ return K_QUIT;
    case 0x7f:
    case 8: return K_UNDO;     /* Backspace */
    case 12: return K_REDRAW;  /* Ctrl-L */
    case 26: return K_SUSPEND; /* Ctrl-Z */
    case '\r':
    case '\n':
    case ' ': return K_TAKE;
    default: return K_NONE;
    }
}

/* The next key; K_NONE after a signal (a resize), K_QUIT at the end of
 * the input. */
static enum key next_key(tty_t *t)
{
    if (t->in_len == 0) {
        const int got = fill(t, -1);
        if (got <= 0)
            return got == 0 ? K_QUIT : K_NONE;
    }
    const unsigned char c = t->in[0];
    if (c == 0x1b)
        return escape_key(t);
    consume(t, 1);
    if (c >= '0' && c <= '9') {
        t->digit = c - '0';
        return K_DIGIT;
    }
    return plain_key(c);
}

/* ---- the session ------------------------------------------------------ */

static void screen_size(tty_t *t)
{
    struct winsize ws;
    if (ioctl(screen_fd, TIOCGWINSZ, &ws) == 0 && ws.ws_row > 0 &&
        ws.ws_col > 0) {
        t->rows = ws.ws_row;
        t->cols = ws.ws_col > 400 ? 400 : ws.ws_col;
    } else {
        t->rows = 24;
        t->cols = 80;
    }
}

/* The engine's move, shown after a short pause (cut short by a signal:
 * after a quitting one, no move). Returns 0, or -1 if the engine failed
 * (said on standard error). */
static int engine_move(tty_t *t)
{
    play_game_t *g = &t->S->game;
    draw(t);
    struct pollfd p = {wake_fd[0], POLLIN, 0};
    poll(&p, 1, ENGINE_DELAY_MS);
    if (quit_signal != 0)
        return 0;
    const int rc = play_game_engine_turn(g);
    if (rc == CLI_EFORFEIT)
        snprintf(t->message, sizeof t->message, "%s forfeits: %s",
                 g->name[play_game_mover(g->nmoves)], g->forfeit);
    else if (rc < 0)
        cli_error("the engine failed: %s", coinline_strerror(rc));
    return rc < 0 && rc != CLI_EFORFEIT ? -1 : 0;
}

/* Keeps the game's summary for the normal screen, then leaves it. */
static void keep_summary(tty_t *t)
{
    if (!t->S->in_game)
        return;
    if (!t->S->json)
        play_game_summary(&t->S->game, t->kept_fp);
    play_leave_game(t->S);
}

/* Ctrl-Z: the terminal put back, the whole job stopped (a shell script
 * that runs coinline play stops with it); after SIGCONT, or if the stop is
 * refused (no job control), the screen is taken again. */
static void suspend(void)
{
    struct sigaction was;
    if (sigaction(SIGTSTP, NULL, &was) == 0 && was.sa_handler == SIG_IGN)
        return; /* ignored when the game began: no stop */
    restore_terminal();
    install(SIGTSTP, SIG_DFL);
    kill(0, SIGTSTP);
    if (!screen_on)
        raw_terminal();
    install(SIGTSTP, on_stop);
    resized = 1;
}

/* A move or a hint once the game is over: what can be done. */
static void game_over_message(tty_t *t)
{
    snprintf(t->message, sizeof t->message,
             "the game is over: n new game, %sq quit",
             play_game_undo_refused(&t->S->game) == NULL ? "u undo, " : "");
}

/* The next position typed: the digits so far and d, or d alone when
 * that passes n, or none (0). */
static uint64_t typed(uint64_t so_far, int d, uint64_t n)
{
    const uint64_t next = so_far * 10 + (uint64_t)d;
    if (next >= 1 && next <= n)
        return next;
    return d >= 1 && (uint64_t)d <= n ? (uint64_t)d : 0;
}

/* A key before a circle's first move: the arrows go round the circle
 * (left: back, right: on, clockwise), digits type a position, Enter or
 * space takes the coin marked. Returns 1 if k was handled so. */
static int opening_key(tty_t *t, enum key k)
{
    play_game_t *g = &t->S->game;
    const uint64_t n = g->n;
    if (!play_game_opening(g) ||
        (k != K_LEFT && k != K_RIGHT && k != K_TAKE && k != K_DIGIT))
        return 0;
    t->typed = k == K_DIGIT ? typed(t->typed, t->digit, n) : 0;
    if (k == K_LEFT)
        t->cursor = t->cursor > 1 ? t->cursor - 1 : n;
    else if (k == K_RIGHT)
        t->cursor = t->cursor < n ? t->cursor + 1 : 1;
    else if (k == K_DIGIT && t->typed > 0)
        t->cursor = t->typed;
    if (k == K_TAKE) {
        const int rc = play_game_take_first(g, t->cursor);
        if (rc != COINLINE_OK)
            snprintf(t->message, sizeof t->message, "%s",
                     coinline_strerror(rc));
    }
    return 1;
}

/* A key of a game of several rows that chooses a row or takes an end:
 * up and down go round the rows that have coins, digits type a row, the
 * left and right keys take an end of the row chosen. Returns 1 if k was
 * handled so. */
static int rows_key(tty_t *t, enum key k)
{
    play_game_t *g = &t->S->game;
    const size_t r = (size_t)t->cursor - 1;
    if (!g->several || (k != K_UP && k != K_DOWN && k != K_DIGIT &&
                        k != K_LEFT && k != K_RIGHT && k != K_TAKE))
        return 0;
    t->typed = k == K_DIGIT ? typed(t->typed, t->digit, g->rows.k) : 0;
    if (k == K_UP || k == K_DOWN)
        t->cursor =
            play_rows_step(&g->rows, (size_t)t->cursor, k == K_UP ? -1 : 1);
    else if (k == K_DIGIT && t->typed > 0)
        t->cursor = t->typed;
    else if (k == K_TAKE)
        snprintf(t->message, sizeof t->message,
                 "take an end of row %zu: <- or l, -> or r", r + 1);
    else if ((k == K_LEFT || k == K_RIGHT) &&
             play_game_take_row(g, r,
                                k == K_LEFT ? COINLINE_SIDE_LEFT
                                            : COINLINE_SIDE_RIGHT) != 0)
        snprintf(t->message, sizeof t->message, "row %zu has no coins left",
                 r + 1);
    return 1;
}

/* Handles one key; returns 1 to quit, -1 on a failure. */
static int on_key(tty_t *t, enum key k)
{
    play_game_t *g = &t->S->game;
    if (k == K_NONE || k == K_REDRAW ||
        ((k == K_TAKE || k == K_DIGIT) && !g->shape->positions &&
         !g->several) ||
        ((k == K_UP || k == K_DOWN) && !g->several))
        return 0; /* the message stays */
    t->message[0] = '\0';
    if ((k == K_LEFT || k == K_RIGHT || k == K_HINT || k == K_TAKE ||
         k == K_DIGIT) &&
        play_game_over(g)) {
        game_over_message(t);
        return 0;
    }
    if (t->cursor < 1 || t->cursor > (g->several ? g->rows.k : g->n))
        t->cursor = 1;
    if (opening_key(t, k) || rows_key(t, k))
        return 0;
    switch (k) {
    case K_TAKE:
    case K_DIGIT:
        snprintf(t->message, sizeof t->message,
                 "take an end of the line left: <- or l, -> or r");
        return 0;
    case K_LEFT:
    case K_RIGHT:
        play_game_take(g,
                       k == K_LEFT ? COINLINE_SIDE_LEFT : COINLINE_SIDE_RIGHT);
        return 0;
    case K_HINT: {
        char buf[300];
        play_game_hint(g, buf, sizeof buf);
        snprintf(t->message, sizeof t->message, "hint: %s", buf);
        return 0;
    }
    case K_UNDO: {
        const char *why = play_game_undo_refused(g);
        if (why != NULL)
            snprintf(t->message, sizeof t->message, "undo: %s", why);
        else
            play_game_undo(g);
        return 0;
    }
    case K_NEW:
        keep_summary(t);
        t->cursor = 1;
        t->typed = 0;
        return play_next_game(t->S) == 0 ? 0 : -1;
    case K_SUSPEND: suspend(); return 0;
    default: return 1; /* K_QUIT */
    }
}

/* Draws, lets the engine move, reads keys, until q, the end of the input,
 * a quitting signal or a failure. */
static int tty_loop(tty_t *t)
{
    while (quit_signal == 0) {
        play_game_t *g = &t->S->game;
        if (resized) {
            resized = 0;
            screen_size(t);
        }
        if (!play_game_over(g) && !g->person[play_game_mover(g->nmoves)]) {
            if (engine_move(t) != 0)
                return CLI_FAIL;
            continue;
        }
        play_report_game(t->S); /* written out as soon as it is over */
        draw(t);
        const enum key k = next_key(t);
        if (quit_signal != 0)
            break;
        const int rc = on_key(t, k);
        if (rc != 0)
            return rc < 0 ? CLI_FAIL : CLI_OK;
    }
    return CLI_OK;
}

/* Standard error goes to a temporary file while the screen is in use.
 * The screen is the real standard error when it was to be drawn there. */
static void hold_stderr(tty_t *t, int want_fd)
{
    t->saved_err = -1;
    screen_fd = want_fd;
    fflush(stderr);
    t->held_err = tmpfile();
    if (t->held_err == NULL)
        return;
    t->saved_err = fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, 3);
    if (t->saved_err < 0 || dup2(fileno(t->held_err), STDERR_FILENO) < 0) {
        if (t->saved_err >= 0)
            close(t->saved_err);
        t->saved_err = -1;
        fclose(t->held_err);
        t->held_err = NULL;
        return;
    }
    if (want_fd == STDERR_FILENO)
        screen_fd = t->saved_err;
}

/* Standard error back, and what was held written to it. */
static void release_stderr(tty_t *t)
{
    char buf[4096];
    size_t got;
    if (t->held_err == NULL)
        return;
    fflush(stderr);
    dup2(t->saved_err, STDERR_FILENO);
    close(t->saved_err);
    screen_fd = STDERR_FILENO;
    rewind(t->held_err);
    while ((got = fread(buf, 1, sizeof buf, t->held_err)) > 0)
        fwrite(buf, 1, got, stderr);
    fclose(t->held_err);
}

/* The game on the screen, from the first game to the end of the session;
 * then the kept summaries on standard output. */
static int screen_session(tty_t *t)
{
    int st = play_next_game(t->S);
    if (st != CLI_OK)
        return st;
    if (handle_signals(1) != 0) {
        cli_error("cannot use the terminal: %s", strerror(errno));
        return CLI_FAIL;
    }
    screen_size(t);
    st = raw_terminal() == 0 ? tty_loop(t) : CLI_FAIL;
    handle_signals(0);
    restore_terminal();
    return st;
}

int play_tty(play_session_t *S)
{
    tty_t t;
    memset(&t, 0, sizeof t);
    t.S = S;
    t.color = S->color;
    t.kept_fp = open_memstream(&t.kept, &t.kept_len);
    if (t.kept_fp == NULL || tcgetattr(STDIN_FILENO, &saved_modes) != 0) {
        cli_error("cannot use the terminal: %s", strerror(errno));
        if (t.kept_fp != NULL)
            fclose(t.kept_fp);
        free(t.kept);
        return CLI_FAIL;
    }
    if (S->screen_fd == STDOUT_FILENO)
        S->json_out = t.kept_fp; /* the JSON after the game, not on it */
    hold_stderr(&t, S->screen_fd);
    const int st = screen_session(&t);
    keep_summary(&t);
    fclose(t.kept_fp);
    S->json_out = stdout;
    fwrite(t.kept, 1, t.kept_len, stdout);
    free(t.kept);
    fflush(stdout);
    release_stderr(&t);
    return st;
}
