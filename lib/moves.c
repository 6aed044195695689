/* SPDX-License-Identifier: MIT */
/*
 * moves.c - moves written as text, played on a game under any rules
 * (coinline_game_play_text()): L and R for the two ends, decimal
 * positions, "5:LRL" for a circle's game; each refusal names the move by
 * its number in the game and its place in the text, and takes back what
 * the text played.
 */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "compiler.h"
#include "rules.h"

/* A move of the text: its bytes and place. */
typedef struct {
    const char *s;
    size_t len;
    uint64_t line, column;
} mv_token_t;

typedef struct {
    const char *p, *end, *line_at;
    uint64_t line;
} mv_text_t;

static int moves_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == ',' ||
           c == ':';
}

static int moves_digit(char c)
{
    return c >= '0' && c <= '9';
}

/* The next move of T into *t; 0 at the end of the text. A move is a
 * letter, or a run of digits, or (to be refused) any other byte. */
static int moves_next(mv_text_t *T, mv_token_t *t)
{
    while (T->p < T->end && moves_blank(*T->p)) {
        if (*T->p == '\n') {
            T->line++;
            T->line_at = T->p + 1;
        }
        T->p++;
    }
    if (T->p == T->end)
        return 0;
    t->s = T->p;
    t->len = 1;
    while (moves_digit(*t->s) && t->s + t->len < T->end &&
           moves_digit(t->s[t->len]))
        t->len++;
    t->line = T->line;
    t->column = (uint64_t)(T->p - T->line_at) + 1;
    T->p += t->len;
    return 1;
}

/* Fills *err at t with the message of move number. */
static int moves_fail(const mv_token_t *t, coinline_error_t *err,
                      const char *fmt, ...) COINLINE_PRINTF(3, 4);

static int moves_fail(const mv_token_t *t, coinline_error_t *err,
                      const char *fmt, ...)
{
    va_list ap;
    if (err == NULL)
        return COINLINE_EMOVE;
    memset(err, 0, sizeof *err);
    err->line = t->line;
    err->column = t->column;
    va_start(ap, fmt);
    vsnprintf(err->message, sizeof err->message, fmt, ap);
    va_end(ap);
    return COINLINE_EMOVE;
}

/* The position written in t (digits), or 0 past UINT64_MAX. */
static uint64_t moves_number(const mv_token_t *t)
{
    uint64_t v = 0;
    for (size_t i = 0; i < t->len; i++) {
        const unsigned d = (unsigned)(t->s[i] - '0');
        if (v > (UINT64_MAX - d) / 10)
            return 0;
        v = v * 10 + d;
    }
    return v;
}

void cl_move_refusal(char *msg, size_t size, const cl_cursor_t *c,
                     const char *noun, uint64_t k, uint64_t p, const char *text,
                     size_t len)
{
    const unsigned long long n = c->n, number = k;
    uint64_t left, right;
    cl_cursor_ends(c, &left, &right);
    if (c->len == 0)
        snprintf(msg, size, "move %llu is one too many: the %s has %llu coin%s",
                 number, noun, n, n == 1 ? "" : "s");
    else if (p == 0 || p > n)
        snprintf(msg, size,
                 "move %llu is position %.*s%s, not on the %s of %llu coin%s",
                 number, len > 24 ? 24 : (int)len, text, len > 24 ? "..." : "",
                 noun, n, n == 1 ? "" : "s");
    else if (left == right)
        snprintf(msg, size,
                 "move %llu is position %llu, which is not the coin left "
                 "(position %llu)",
                 number, (unsigned long long)p, (unsigned long long)left);
    else
        snprintf(msg, size,
                 "move %llu is position %llu, which is not an end of the "
                 "coins left (%llu and %llu)",
                 number, (unsigned long long)p, (unsigned long long)left,
                 (unsigned long long)right);
}

int cl_move_refused(const coinline_game_t *g, const char *text, size_t len,
                    uint64_t p, uint64_t line, uint64_t column,
                    coinline_error_t *err)
{
    if (err == NULL)
        return COINLINE_EMOVE;
    memset(err, 0, sizeof *err);
    err->line = line;
    err->column = column;
    cl_move_refusal(err->message, sizeof err->message, cl_game_cursor(g),
                    cl_game_shape(g)->noun, coinline_game_moves(g) + 1, p, text,
                    len);
    return COINLINE_EMOVE;
}

/* Why the move t at position p cannot be played. */
static int moves_illegal(const coinline_game_t *g, const mv_token_t *t,
                         uint64_t p, coinline_error_t *err)
{
    return cl_move_refused(g, t->s, t->len, p, t->line, t->column, err);
}

/* The position the letter t names at c, or 0 after filling *err. */
static uint64_t moves_end(const coinline_game_t *g, const mv_token_t *t,
                          uint64_t k, coinline_error_t *err, int *rc)
{
    const cl_cursor_t *const c = cl_game_cursor(g);
    uint64_t left, right;
    if (c->len == 0 || c->any) {
        *rc = c->len == 0 ? moves_illegal(g, t, 0, err)
                          : moves_fail(t, err,
                                       "move %llu is '%c', but any "
                                       "coin may be taken here: give its "
                                       "position (1 to %llu)",
                                       (unsigned long long)k, *t->s,
                                       (unsigned long long)c->n);
        return 0;
    }
    cl_cursor_ends(c, &left, &right);
    return *t->s == 'L' || *t->s == 'l' ? left : right;
}

/* Plays the move t. */
static int moves_play(coinline_game_t *g, const mv_token_t *t,
                      coinline_error_t *err)
{
    const uint64_t k = coinline_game_moves(g) + 1;
    const unsigned char c = (unsigned char)*t->s;
    int rc = COINLINE_OK;
    uint64_t p;
    if (c == 'L' || c == 'l' || c == 'R' || c == 'r') {
        if ((p = moves_end(g, t, k, err, &rc)) == 0)
            return rc;
    } else if (moves_digit((char)c)) {
        p = moves_number(t);
    } else if (c >= 0x20 && c < 0x7f) {
        return moves_fail(t, err, "move %llu is '%c', not L, R or a position",
                          (unsigned long long)k, c);
    } else {
        return moves_fail(t, err,
                          "move %llu is byte 0x%02x, not L, R or a "
                          "position",
                          (unsigned long long)k, c);
    }
    if (!coinline_game_is_legal(g, p))
        return moves_illegal(g, t, p, err);
    return coinline_game_play(g, p);
}

int coinline_game_play_text(coinline_game_t *g, const char *text, size_t len,
                            coinline_error_t *err)
{
    mv_token_t t;
    if (g == NULL || (text == NULL && len > 0))
        return COINLINE_EINVAL;
    if (len == 0)
        return COINLINE_OK;
    mv_text_t T = {text, text + len, text, 1};
    const uint64_t before = coinline_game_moves(g);
    int rc = COINLINE_OK;
    while (rc == COINLINE_OK && moves_next(&T, &t))
        rc = moves_play(g, &t, err);
    while (rc != COINLINE_OK && coinline_game_moves(g) > before)
        coinline_game_undo(g);
    return rc;
}

/* ---- positions written as the ends ----------------------------------------
 */

/* Writes move p at c into buf[*at..size-1]; 0 when it does not fit. */
static int moves_put(const cl_cursor_t *c, uint64_t p, char *buf, size_t size,
                     size_t *at)
{
    uint64_t left, right;
    cl_cursor_ends(c, &left, &right);
    if (!c->any) {
        if (*at + 1 >= size)
            return 0;
        buf[(*at)++] = p == left ? 'L' : 'R';
        return 1;
    }
    const int w =
        snprintf(buf + *at, size - *at, "%llu:", (unsigned long long)p);
    if (w < 0 || (size_t)w >= size - *at)
        return 0;
    *at += (size_t)w;
    return 1;
}

int coinline_positions_text(const coinline_rules_t *rules, size_t n,
                            const uint64_t *positions, size_t count, char *buf,
                            size_t size)
{
    const cl_shape_t *const shape = cl_shape_of(rules);
    cl_cursor_t c;
    size_t at = 0;
    if (buf != NULL && size > 0)
        buf[0] = '\0';
    if (shape == NULL || buf == NULL || size == 0 ||
        (positions == NULL && count > 0))
        return COINLINE_EINVAL;
    shape->start(&c, n);
    for (size_t k = 0; k < count; k++) {
        if (!cl_cursor_legal(&c, positions[k])) {
            buf[0] = '\0';
            return COINLINE_EMOVE;
        }
        if (!moves_put(&c, positions[k], buf, size, &at)) {
            buf[0] = '\0';
            return COINLINE_EINVAL;
        }
        shape->take(&c, positions[k]);
    }
    buf[at] = '\0';
    return at > INT_MAX ? COINLINE_EINVAL : (int)at;
}
