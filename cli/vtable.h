/* SPDX-License-Identifier: MIT */
/*
 * vtable.h - the library's table of the programme under any rules
 * (coinline_table_new_rules()) as the tool draws it: a grid with a row for
 * each start position of a run (row 0: position 1) and the shape's
 * columns (cli/rules.h, struct cli_table_words: a line's (i, j), the
 * coins i..j; a circle's (i, len), the arcs), numbered from 0 here and
 * from 1 on screen; the optimal line through it; and its one JSON shape
 * (table --json, POST /api/table).
 */
#ifndef COINLINE_CLI_VTABLE_H
#define COINLINE_CLI_VTABLE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "coinline.h"
#include "rules.h"

/* The longest row coinline table and POST /api/table take: the text
 * table is still readable (cmd_table_help says 64). */
#define TABLE_MAX 64

/* The words of T's shape and scoring (never NULL for a table the
 * library made). */
const cli_shape_words_t *vtable_shape(const coinline_table_t *T);
const cli_score_words_t *vtable_score(const coinline_table_t *T);

/* The columns of T's grid (its rows: coinline_table_size()). */
size_t vtable_cols(const coinline_table_t *T);

/* The run of the cell at row and col into *cell: 1 when the cell holds
 * one, else 0 (*cell zero then). */
int vtable_cell(const coinline_table_t *T, size_t row, size_t col,
                coinline_table_cell_t *cell);

/* The final margin when move 1 takes position p (1..n) and both play
 * optimally after: the m(i) of a shape whose move 1 may take any coin. */
coinline_i128_t vtable_outcome(const coinline_table_t *T, uint64_t p);

/* A move of the optimal line. */
typedef struct {
    uint64_t position;    /* the coin it takes */
    coinline_side_t side; /* LEFT or RIGHT; NONE where any coin may be
                           * taken (then it leaves from no cell) */
    int64_t coin;
    size_t row, col; /* the cell of the run it is played on */
} vtable_move_t;

/* The optimal line of T into moves (n of them: T's size), from the
 * runs the library marks on_line, ties to the left. Returns the number
 * of moves, n. */
size_t vtable_line(const coinline_table_t *T, vtable_move_t *moves);

/* Writes the table as one JSON object on one line: n, the rules' keys
 * (cli_rules_put_json()), v (the value of each cell, row by row, null
 * where none), move (each row's optimal moves, L or R, '-' where no run),
 * where move 1 may take any coin margins (the final margin of each first
 * position) and first (the optimal one, null when n == 0), and line (the
 * moves of the optimal line that take an end). safe: numbers past 2^53
 * as strings (the API's rule, cli_put_json_int). */
void vtable_put_json(const coinline_table_t *T, FILE *fp, int safe);

#endif
