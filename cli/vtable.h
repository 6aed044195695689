/* SPDX-License-Identifier: MIT */
/*
 * vtable.h - the library's table of the interval programme
 * (coinline_table_*) as the tool shows it: cells (i, j), i <= j, for the
 * coins i..j both included, numbered from 0 here and from 1 on screen.
 */
#ifndef COINLINE_CLI_VTABLE_H
#define COINLINE_CLI_VTABLE_H

#include <stddef.h>
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

#endif
