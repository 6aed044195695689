/* SPDX-License-Identifier: MIT */
/*
 * table.c - the table of the interval programme for a short row, under
 * any rules (rules.h): the value of every run of coins left, the optimal
 * move there (and whether both are), and the runs the optimal line passes
 * through (coinline table, its heat map, the page's table, and any client that
 * wants to show the programme at work).
 *
 * The coins left are always a run: the len coins clockwise from index
 * start (a line's never wraps; a circle's, after move 1, has fewer than n
 * coins). The table holds the shape's classic value on the coins b its
 * scoring plays (rules.h) for every run the shape can leave, by length:
 * V(start, len) = max(b[start] - V(start + 1, len - 1),
 *                     b[start + len - 1] - V(start, len - 1)),
 * indices mod n, V(., 0) = 0, the left coin on a tie as everywhere; at
 * the index start * n + len - 1 (so n * n values, of which a line uses
 * the n(n+1)/2 with start + len <= n), and the line in one byte per cell.
 * A value is read in the rules' terms through the scoring, with the sum
 * of the run from prefix sums. The start of the game is the shape's
 * cursor: a run itself on a line, any coin at a circle's move 1. Each V
 * is a signed sum of distinct values of b, so it fits in 128 bits.
 */
#include <stdlib.h>
#include <string.h>

#include "rules.h"

struct coinline_table {
    coinline_rules_t rules;
    const cl_shape_t *shape;
    const cl_score_t *score;
    size_t n;
    int64_t *coins;         /* a copy of the row */
    cl_wide *pre;           /* pre[i]: coins[k mod n] summed over k < i */
    cl_wide *v;             /* v[start * n + len - 1]: the classic V */
    unsigned char *on_line; /* the same cells: 1 on the optimal line */
    uint64_t first;         /* the optimal first move, 0 with no coins */
};

static cl_wide table_v(const coinline_table_t *t, size_t start, size_t len)
{
    return len > 0 ? t->v[start % t->n * t->n + len - 1] : 0;
}

/* The coin at index i as the shape plays it. */
static int64_t table_b(const coinline_table_t *t, size_t i)
{
    return t->score->coin(t->coins[i % t->n]);
}

/* The classic worth of the run's left move and of its right one, into
 * *l and *r, len >= 1. */
static void table_sides(const coinline_table_t *t, size_t start, size_t len,
                        cl_wide *l, cl_wide *r)
{
    *l = table_b(t, start) - table_v(t, start + 1, len - 1);
    *r = table_b(t, start + len - 1) - table_v(t, start, len - 1);
}

/* 1 when the run's left coin is optimal (ties), len >= 1. */
static int table_left(const coinline_table_t *t, size_t start, size_t len)
{
    cl_wide l, r;
    table_sides(t, start, len, &l, &r);
    return l >= r;
}

static void table_fill(coinline_table_t *t)
{
    const size_t n = t->n;
    for (size_t len = 1; len <= n; len++)
        for (size_t s = 0; s < n; s++) {
            if (!t->shape->run_fits(n, s, len))
                continue;
            cl_wide l, r;
            table_sides(t, s, len, &l, &r);
            t->v[s * n + len - 1] = l >= r ? l : r;
        }
}

/* The classic worth of the first move p: b_p - V(what it leaves). */
static cl_wide table_worth(const coinline_table_t *t, const cl_cursor_t *c,
                           uint64_t p)
{
    cl_cursor_t after = *c;
    t->shape->take(&after, p);
    return table_b(t, p - 1) - table_v(t, after.start, after.len);
}

/* The optimal first move: the first of ties in the order of positions
 * (the left end of a line, the smallest position of a circle). */
static uint64_t table_first(const coinline_table_t *t)
{
    cl_cursor_t c;
    uint64_t best = 0;
    cl_wide top = 0;
    t->shape->start(&c, t->n);
    for (uint64_t p = 1; p <= t->n; p++)
        if (cl_cursor_legal(&c, p) &&
            (best == 0 || table_worth(t, &c, p) > top)) {
            top = table_worth(t, &c, p);
            best = p;
        }
    return best;
}

/* The optimal line from the start, its runs marked. */
static void table_line(coinline_table_t *t)
{
    cl_cursor_t c;
    t->shape->start(&c, t->n);
    t->first = table_first(t);
    while (c.len > 0) {
        uint64_t p = t->first, left, right;
        if (!c.any) {
            t->on_line[c.start * t->n + c.len - 1] = 1;
            cl_cursor_ends(&c, &left, &right);
            p = table_left(t, c.start, c.len) ? left : right;
        }
        t->shape->take(&c, p);
    }
}

int coinline_table_new_rules(const coinline_rules_t *rules,
                             const int64_t *coins, size_t n,
                             coinline_table_t **out)
{
    const cl_shape_t *const shape = cl_shape_of(rules);
    if (out != NULL)
        *out = NULL;
    if (shape == NULL || out == NULL || (coins == NULL && n > 0))
        return COINLINE_EINVAL;
    if (n > COINLINE_TABLE_MAX)
        return COINLINE_ETOOBIG;
    coinline_table_t *t = calloc(1, sizeof *t);
    if (t == NULL)
        return COINLINE_ENOMEM;
    t->rules = *rules;
    t->shape = shape;
    t->score = cl_score_of(rules);
    t->n = n;
    t->coins = malloc((n + 1) * sizeof *t->coins);
    t->pre = malloc((2 * n + 1) * sizeof *t->pre);
    t->v = calloc(n * n + 1, sizeof *t->v);
    t->on_line = calloc(n * n + 1, 1);
    if (t->coins == NULL || t->pre == NULL || t->v == NULL ||
        t->on_line == NULL) {
        coinline_table_free(t);
        return COINLINE_ENOMEM;
    }
    t->pre[0] = 0;
    for (size_t i = 0; i < 2 * n; i++) {
        t->coins[i % n] = coins[i % n];
        t->pre[i + 1] = t->pre[i] + coins[i % n];
    }
    table_fill(t);
    table_line(t);
    *out = t;
    return COINLINE_OK;
}

int coinline_table_new(const int64_t *coins, size_t n, coinline_table_t **out)
{
    static const coinline_rules_t classic =
        COINLINE_RULES_INIT(COINLINE_SHAPE_LINE, COINLINE_SCORE_TAKEN);
    return coinline_table_new_rules(&classic, coins, n, out);
}

void coinline_table_free(coinline_table_t *t)
{
    if (t == NULL)
        return;
    free(t->coins);
    free(t->pre);
    free(t->v);
    free(t->on_line);
    free(t);
}

size_t coinline_table_size(const coinline_table_t *t)
{
    return t != NULL ? t->n : 0;
}

const int64_t *coinline_table_row(const coinline_table_t *t)
{
    return t != NULL ? t->coins : NULL;
}

const coinline_rules_t *coinline_table_rules(const coinline_table_t *t)
{
    return t != NULL ? &t->rules : NULL;
}

/* 1 when (start, len), len >= 1, is a cell of t (0-based start). */
static int table_has(const coinline_table_t *t, uint64_t start, uint64_t len)
{
    return t != NULL && len >= 1 && t->shape->run_fits(t->n, start, len);
}

/* The rules' value of the run (start, len), len >= 0. */
static cl_wide table_value(const coinline_table_t *t, size_t start, size_t len)
{
    const cl_wide sum = t->pre[start + len] - t->pre[start];
    return t->score->value(table_v(t, start, len), sum, len);
}

int coinline_table_cell(const coinline_table_t *t, uint64_t start,
                        uint64_t length, coinline_table_cell_t *cell)
{
    if (cell == NULL || start < 1 || !table_has(t, start - 1, length))
        return COINLINE_EINVAL;
    const size_t s = (size_t)start - 1, len = (size_t)length;
    const int left = table_left(t, s, len);
    memset(cell, 0, sizeof *cell);
    cell->value = cl_from_wide(table_value(t, s, len));
    cell->best_side = left ? COINLINE_SIDE_LEFT : COINLINE_SIDE_RIGHT;
    cell->best = left ? start : (s + len - 1) % t->n + 1;
    cell->on_line = t->on_line[s * t->n + len - 1];
    return COINLINE_OK;
}

uint64_t coinline_table_first(const coinline_table_t *t)
{
    return t != NULL ? t->first : 0;
}

int coinline_table_outcome(const coinline_table_t *t, uint64_t position,
                           coinline_i128_t *final_margin)
{
    cl_cursor_t c, after;
    if (t == NULL || final_margin == NULL)
        return COINLINE_EINVAL;
    t->shape->start(&c, t->n);
    if (!cl_cursor_legal(&c, position))
        return COINLINE_EMOVE;
    after = c;
    t->shape->take(&after, position);
    const int64_t coin = t->coins[position - 1];
    const cl_wide sum = t->pre[t->n];
    const cl_wide rest = t->score->value(table_v(t, after.start, after.len),
                                         sum - coin, after.len);
    *final_margin = cl_from_wide(t->score->gain(coin, sum) - rest);
    return COINLINE_OK;
}

/* ---- the runs addressed as coins[lo..hi-1] --------------------------------
 */

int coinline_table_value(const coinline_table_t *t, size_t lo, size_t hi,
                         coinline_i128_t *v)
{
    if (t == NULL || v == NULL || lo > hi || hi > t->n ||
        (hi > lo && !table_has(t, lo, hi - lo)))
        return COINLINE_EINVAL;
    *v = cl_from_wide(table_value(t, lo, hi - lo));
    return COINLINE_OK;
}

coinline_side_t coinline_table_move(const coinline_table_t *t, size_t lo,
                                    size_t hi)
{
    if (t == NULL || lo >= hi || hi > t->n || !table_has(t, lo, hi - lo))
        return COINLINE_SIDE_NONE;
    return table_left(t, lo, hi - lo) ? COINLINE_SIDE_LEFT
                                      : COINLINE_SIDE_RIGHT;
}

int coinline_table_tied(const coinline_table_t *t, size_t lo, size_t hi)
{
    cl_wide l, r;
    if (t == NULL || lo >= hi || hi - lo < 2 || hi > t->n ||
        !table_has(t, lo, hi - lo))
        return 0;
    table_sides(t, lo, hi - lo, &l, &r);
    return l == r;
}

int coinline_table_on_line(const coinline_table_t *t, size_t lo, size_t hi)
{
    if (t == NULL || lo >= hi || hi > t->n || !table_has(t, lo, hi - lo))
        return 0;
    return t->on_line[lo * t->n + hi - lo - 1];
}
