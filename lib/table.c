/* SPDX-License-Identifier: MIT */
/*
 * table.c - the table of the interval dynamic programme for a short row:
 * V of every run of coins, the optimal move there, and the runs the
 * optimal line passes through (coinline table, its heat map, the page's
 * table, and any client that wants to show the programme at work).
 *
 * With the coins left a[lo..hi-1], V(lo, hi) is the best (own total -
 * other's) the player to move can secure: V(lo, lo) = 0 and
 * V(lo, hi) = max(a[lo] - V(lo+1, hi), a[hi-1] - V(lo, hi-1)), the left
 * coin on a tie, as everywhere in coinline. The table keeps V for every
 * run of at least one coin, row by row: the run lo..hi-1 (hi > lo) at
 * index lo * n + hi - 1, so n * n values of which the n(n+1)/2 with
 * hi > lo are used; the line is one byte per cell. Each V is a signed sum
 * of distinct coins, so it fits in 128 bits (lib/common/wide.h).
 */
#include <stdlib.h>

#include "coinline.h"
#include "wide.h"

struct coinline_table {
    size_t n;
    int64_t *coins;         /* a copy of the row */
    cl_wide *v;             /* v[lo * n + hi - 1] = V(lo, hi), hi > lo */
    unsigned char *on_line; /* the same cells: 1 on the optimal line */
};

static cl_wide value(const coinline_table_t *t, size_t lo, size_t hi)
{
    return hi > lo ? t->v[lo * t->n + hi - 1] : 0;
}

static coinline_side_t move(const coinline_table_t *t, size_t lo, size_t hi)
{
    if (hi <= lo)
        return COINLINE_SIDE_NONE;
    const cl_wide l = t->coins[lo] - value(t, lo + 1, hi);
    const cl_wide r = t->coins[hi - 1] - value(t, lo, hi - 1);
    return l >= r ? COINLINE_SIDE_LEFT : COINLINE_SIDE_RIGHT;
}

static void fill(coinline_table_t *t)
{
    const size_t n = t->n;
    for (size_t len = 1; len <= n; len++)
        for (size_t lo = 0; lo + len <= n; lo++) {
            const size_t hi = lo + len;
            const cl_wide l = t->coins[lo] - value(t, lo + 1, hi);
            const cl_wide r = t->coins[hi - 1] - value(t, lo, hi - 1);
            t->v[lo * n + hi - 1] = l >= r ? l : r;
        }
    for (size_t lo = 0, hi = n; hi > lo;) {
        t->on_line[lo * n + hi - 1] = 1;
        if (move(t, lo, hi) == COINLINE_SIDE_LEFT)
            lo++;
        else
            hi--;
    }
}

int coinline_table_new(const int64_t *coins, size_t n, coinline_table_t **out)
{
    if (out == NULL)
        return COINLINE_EINVAL;
    *out = NULL;
    if (coins == NULL && n > 0)
        return COINLINE_EINVAL;
    if (n > COINLINE_TABLE_MAX)
        return COINLINE_ETOOBIG;
    coinline_table_t *t = calloc(1, sizeof *t);
    if (t == NULL)
        return COINLINE_ENOMEM;
    t->n = n;
    t->coins = malloc((n + 1) * sizeof *t->coins);
    t->v = malloc((n * n + 1) * sizeof *t->v);
    t->on_line = calloc(n * n + 1, 1);
    if (t->coins == NULL || t->v == NULL || t->on_line == NULL) {
        coinline_table_free(t);
        return COINLINE_ENOMEM;
    }
    for (size_t i = 0; i < n; i++)
        t->coins[i] = coins[i];
    fill(t);
    *out = t;
    return COINLINE_OK;
}

void coinline_table_free(coinline_table_t *t)
{
    if (t == NULL)
        return;
    free(t->coins);
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

int coinline_table_value(const coinline_table_t *t, size_t lo, size_t hi,
                         coinline_i128_t *v)
{
    if (t == NULL || v == NULL || lo > hi || hi > t->n)
        return COINLINE_EINVAL;
    *v = cl_from_wide(value(t, lo, hi));
    return COINLINE_OK;
}

coinline_side_t coinline_table_move(const coinline_table_t *t, size_t lo,
                                    size_t hi)
{
    if (t == NULL || lo > hi || hi > t->n)
        return COINLINE_SIDE_NONE;
    return move(t, lo, hi);
}

int coinline_table_on_line(const coinline_table_t *t, size_t lo, size_t hi)
{
    if (t == NULL || lo >= hi || hi > t->n)
        return 0;
    return t->on_line[lo * t->n + hi - 1];
}
