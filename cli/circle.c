/* SPDX-License-Identifier: MIT */
/* circle.c - a game on a circle as the tool's commands show it. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "circle.h"
#include "compiler.h"

int cli_circle_play(const int64_t *coins, size_t n, coinline_algo_t algo,
                    coinline_circle_result_t *res, int64_t *line, char *moves)
{
    if (moves == NULL || (line == NULL && n > 1))
        return COINLINE_EINVAL;
    int rc = coinline_circle_solve(coins, n, algo, res);
    moves[0] = '\0';
    if (rc != COINLINE_OK || n <= 1)
        return rc;
    rc = coinline_circle_rotate(coins, n, res->first, line);
    if (rc == COINLINE_OK)
        rc = coinline_line(line, n - 1, algo, moves);
    return rc;
}

/* Sets *err (when not NULL) to line 1, column col, and the message. */
static int refuse(coinline_error_t *err, size_t col, const char *fmt, ...)
    COINLINE_PRINTF(3, 4);

static int refuse(coinline_error_t *err, size_t col, const char *fmt, ...)
{
    if (err != NULL) {
        va_list ap;
        memset(err, 0, sizeof *err);
        err->line = 1;
        err->column = col;
        va_start(ap, fmt);
        vsnprintf(err->message, sizeof err->message, fmt, ap);
        va_end(ap);
    }
    return COINLINE_EMOVE;
}

/* c as a message shows it: itself when printable ASCII, else '?'. */
static char shown(char c)
{
    return c >= 0x20 && c < 0x7f ? c : '?';
}

int cli_circle_moves_parse(const char *text, cli_circle_moves_t *m,
                           coinline_error_t *err)
{
    size_t k = 0;
    memset(m, 0, sizeof *m);
    m->moves = text + strlen(text);
    if (text[0] == '\0')
        return COINLINE_OK;
    if (text[0] < '0' || text[0] > '9')
        return refuse(err, 1,
                      "expected the position of the first move, found "
                      "'%c' (with --circle, MOVES is P or P:LRL)",
                      shown(text[0]));
    for (; text[k] >= '0' && text[k] <= '9'; k++)
        if (m->first <= COINLINE_MAX_COUNT)
            m->first = m->first * 10 + (uint64_t)(text[k] - '0');
    if (m->first > COINLINE_MAX_COUNT)
        return refuse(err, 1,
                      "the position %.*s is too large (a game has at most "
                      "10^12 coins)",
                      (int)(k < 60 ? k : 60), text);
    if (m->first == 0)
        return refuse(err, 1, "position 0: positions start at 1");
    if (text[k] != '\0' && text[k] != ':')
        return refuse(err, k + 1,
                      "expected ':' and the moves after the position, "
                      "found '%c'",
                      shown(text[k]));
    k += text[k] == ':';
    m->moves = text + k;
    m->column = k + 1;
    for (m->nmoves = 0; text[k] != '\0'; k++, m->nmoves++) {
        const char c = text[k];
        if (c != 'L' && c != 'R' && c != 'l' && c != 'r')
            return refuse(err, k + 1, "move %zu is '%c', not L or R",
                          m->nmoves + 2, shown(c));
    }
    return COINLINE_OK;
}

/* The start of the circle: player 1 to move, the optimal first position. */
static int start_position(const int64_t *coins, size_t n,
                          cli_circle_position_t *pos)
{
    coinline_circle_result_t r;
    const int rc = coinline_circle_solve(coins, n, COINLINE_ALGO_LINEAR, &r);
    if (rc != COINLINE_OK)
        return rc;
    pos->left = n;
    pos->to_move = n > 0;
    pos->best = r.first;
    pos->best_coin = n > 0 ? coins[r.first - 1] : 0;
    pos->value = r.margin;
    pos->final_margin = r.margin;
    return COINLINE_OK;
}

/* The library's state st of the position after the first coin (taken at
 * pos->first), already in the game's terms, with the optimal move named
 * by its position round the circle. */
static void from_state(const int64_t *coins, const coinline_engine_state_t *st,
                       cli_circle_position_t *pos)
{
    pos->played = st->moves;
    pos->left = st->hi - st->lo;
    pos->to_move = st->to_move;
    pos->side = st->best;
    if (st->best != COINLINE_SIDE_NONE) {
        const size_t i = st->best == COINLINE_SIDE_LEFT ? st->lo : st->hi - 1;
        pos->best = cli_circle_at((size_t)pos->n, pos->first, i);
        pos->best_coin = coins[pos->best - 1];
    }
    pos->value = st->value;
    pos->p1 = st->p1;
    pos->p2 = st->p2;
    pos->final_margin = st->final_margin;
}

int cli_circle_position(const int64_t *coins, size_t n,
                        const cli_circle_moves_t *m, cli_circle_position_t *pos,
                        coinline_error_t *err)
{
    coinline_engine_state_t st;
    memset(pos, 0, sizeof *pos);
    pos->n = n;
    pos->first = m->first;
    if (m->first == 0)
        return start_position(coins, n, pos);
    if (m->first > n)
        return refuse(err, 1,
                      "position %llu is not on the circle: it has %zu "
                      "coin%s",
                      (unsigned long long)m->first, n, n == 1 ? "" : "s");
    if (m->nmoves > n - 1)
        return refuse(err, m->column + n - 1,
                      "move %zu is one too many: the circle has %zu coin%s",
                      n + 1, n, n == 1 ? "" : "s");
    const int rc = coinline_circle_position(coins, n, m->first, m->moves,
                                            m->nmoves, &st, NULL);
    if (rc == COINLINE_OK)
        from_state(coins, &st, pos);
    return rc;
}
