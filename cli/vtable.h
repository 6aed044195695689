/* SPDX-License-Identifier: MIT */
/*
 * vtable.h - the library's table of the interval programme
 * (coinline_table_*) as the tool shows it: cells (i, j), i <= j, for the
 * coins i..j both included, numbered from 0 here and from 1 on screen.
 */
#ifndef COINLINE_CLI_VTABLE_H
#define COINLINE_CLI_VTABLE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "coinline.h"
#include "wide.h"

/* The longest row coinline table and POST /api/table take: the text
 * table is still readable (cmd_table_help says 64). */
#define TABLE_MAX 64

/* V(i, j): the best margin for the player to move on coins i..j. */
static inline cl_wide vtable_value(const coinline_table_t *T, size_t i,
                                   size_t j)
{
    coinline_i128_t v = {0, 0};
    coinline_table_value(T, i, j + 1, &v);
    return cl_to_wide(v);
}

/* The optimal move on coins i..j: 'L' or 'R' (ties to the left). */
static inline char vtable_move(const coinline_table_t *T, size_t i, size_t j)
{
    return coinline_table_move(T, i, j + 1) == COINLINE_SIDE_RIGHT ? 'R' : 'L';
}

/* 1 for the cells of the optimal line. */
static inline int vtable_on_line(const coinline_table_t *T, size_t i, size_t j)
{
    return coinline_table_on_line(T, i, j + 1);
}

/* Writes the table as one JSON object on one line: n, v (V(i+1, j+1) at
 * v[i][j] for i <= j, else null), move (row i's optimal moves, '-' below
 * the diagonal) and line (the optimal line). safe: numbers past 2^53 as
 * strings (the API's rule, cli_put_json_int). */
void vtable_put_json(const coinline_table_t *T, FILE *fp, int safe);

/* ------------------------------------------------------------------------
 * The circle (table --circle): the arcs' values
 *
 * A circle of n coins at positions 1..n has n arcs of each length: the
 * arc (i, len) is the len coins clockwise from position i (0-based here,
 * as i above). The library's table of the circle written twice, coins[0..
 * n-1] then coins[0..n-2] (2n - 1 coins), holds every arc of length up to
 * n - 1 as the run starting at i, so V(i, len) is that run's value and
 * the move L takes the coin at i, R the arc's last coin.
 * ---------------------------------------------------------------------- */

/* The table of the arcs of the circle coins[0..n-1] into *out (coins may
 * be NULL when n == 0). Cost: O(n^2) time, about 68 n^2 bytes (4 n^2
 * cells of the library's table). Returns 0, COINLINE_ETOOBIG (n >
 * TABLE_MAX), COINLINE_EINVAL (coins NULL with n > 0, out NULL) or
 * COINLINE_ENOMEM. */
int vtable_circle_new(const int64_t *coins, size_t n, coinline_table_t **out);

/* n: the coins of the circle whose table T is. */
static inline size_t vtable_circle_size(const coinline_table_t *T)
{
    return (coinline_table_size(T) + 1) / 2;
}

/* V(i, len), 1 <= len <= n - 1: the best margin for the player to move on
 * the arc of len coins clockwise from i. */
static inline cl_wide vtable_arc_value(const coinline_table_t *T, size_t i,
                                       size_t len)
{
    coinline_i128_t v = {0, 0};
    coinline_table_value(T, i, i + len, &v);
    return cl_to_wide(v);
}

/* The optimal move on the arc (i, len): 'L' (the coin at i) or 'R' (its
 * last coin), ties to the left. */
static inline char vtable_arc_move(const coinline_table_t *T, size_t i,
                                   size_t len)
{
    return coinline_table_move(T, i, i + len) == COINLINE_SIDE_RIGHT ? 'R'
                                                                     : 'L';
}

/* Player 1's final margin when the first coin is taken at p (0-based):
 * coins[p] - V(p + 1, n - 1). */
cl_wide vtable_circle_margin(const coinline_table_t *T, size_t p);

/* The optimal first position, 0-based (the smallest of ties); n when the
 * circle is empty. */
size_t vtable_circle_first(const coinline_table_t *T);

/* The arcs of optimal play: start[len] for len = n - 1 down to 1 is the
 * arc of len coins left after n - len moves (the first, then the optimal
 * line). start holds n values; start[0] is not written. */
void vtable_circle_path(const coinline_table_t *T, size_t *start);

/* Writes the circle's table as one JSON object on one line: n, circle
 * (true), v (v[i][len - 1] = V(i, len) for the n start positions and the
 * lengths 1..n-1), move (each start position's moves by length), margins
 * (player 1's final margin for each first position), first (the optimal
 * first position, 1-based; null when n == 0) and line (the moves of the
 * line left after it). safe: as vtable_put_json(). */
void vtable_circle_put_json(const coinline_table_t *T, FILE *fp, int safe);

#endif
