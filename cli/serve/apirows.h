/* SPDX-License-Identifier: MIT */
/*
 * apirows.h - the HTTP API's answers for a game of several rows ("rows":
 * [[1, 3, 5], [2, 9], [4]] in a request; docs/api.md): /api/solve's and
 * /api/move's, written as coinline solve --json writes several rows (rows
 * numbered from 1, a move {"row", "side", "coin"}, a line "2R1L").
 * api.c reads the request and calls these; they print and check moves.
 */
#ifndef COINLINE_CLI_APIROWS_H
#define COINLINE_CLI_APIROWS_H

#include <stdio.h>

#include "coinline.h"

/* The rows of a request: coins[0..n-1], row r holding lens[r] coins. */
typedef struct {
    const int64_t *coins;
    const uint64_t *lens;
    size_t k; /* rows (2 or more: one row is the classic game) */
} api_rows_t;

/* POST /api/solve: {"n", "rows", "sum", "p1", "p2", "margin", "winner",
 * "first_move", "line"} to fp. O(n log n). Returns 0 or a COINLINE_E*
 * code. */
int api_rows_solve(FILE *fp, const api_rows_t *R);

/* POST /api/move: the engine's move (the block rule's) at the position
 * after moves[0..nmoves-1] (the rows' notation, "2R1L", blanks or commas
 * between moves allowed), the position after it, and at the position of
 * the request the best move, its value, the final margin and every legal
 * move's outcome. Returns 0, COINLINE_EMOVE with why in msg (a bad move;
 * or no coin left: the game is over), or another COINLINE_E* code.
 * O(n log n + m log n) for m legal moves (one or two a row with coins). */
int api_rows_move(FILE *fp, const api_rows_t *R, const char *moves,
                  size_t nmoves, char *msg, size_t size);

#endif
