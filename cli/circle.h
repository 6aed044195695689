/* SPDX-License-Identifier: MIT */
/*
 * circle.h - a game on a circle (the pizza game) as the tool's commands
 * show it: its optimal play worked out once (the result, the first
 * position and the line left), where each coin of that line lies on the
 * circle, and a position after a first move and moves on the line left
 * (solve --circle --moves). The rules are include/coinline.h's ("The
 * circular game").
 */
#ifndef COINLINE_CLI_CIRCLE_H
#define COINLINE_CLI_CIRCLE_H

#include <stddef.h>
#include <stdint.h>

#include "coinline.h"

/* The optimal play of the circle coins[0..n-1] with solver algo: *res as
 * coinline_circle_solve() gives it; line[0..n-2] the line left after the
 * first coin is taken at res->first (coinline_circle_rotate(); line holds
 * n - 1 values, and may be NULL when n <= 1); moves[0..n-2] the optimal
 * moves on that line ('L' or 'R', as coinline_circle_line() gives them),
 * then a NUL (moves holds max(n, 1) bytes).
 * Cost: coinline_circle_solve() and coinline_line() on n - 1 coins, both
 * with algo: the circle is solved once (coinline_circle_result_t and
 * coinline_circle_line() together would solve it twice).
 * Returns 0 or the COINLINE_E* code of the call that failed. */
int cli_circle_play(const int64_t *coins, size_t n, coinline_algo_t algo,
                    coinline_circle_result_t *res, int64_t *line, char *moves);

/* The circle position (1..n) of index i of the line left after the
 * first coin was taken at position first (1..n). */
static inline uint64_t cli_circle_at(size_t n, uint64_t first, size_t i)
{
    return (first + i) % n + 1;
}

/* A position of the circular game as solve --circle --moves names it:
 * "" (the start), "P" (after the first coin was taken at P) or "P:LRL"
 * (then these moves on the line left, L or R in either case). */
typedef struct {
    uint64_t first;    /* the first position taken, 1-based; 0: the start */
    const char *moves; /* the moves on the line left (in the text) */
    size_t nmoves;
    size_t column; /* the 1-based column of moves[0] in the text */
} cli_circle_moves_t;

/* Parses text into *m (m->moves points into text). Returns 0, or
 * COINLINE_EMOVE with *err (if not NULL) at line 1 and the column of the
 * first character that is wrong, and a message saying what was expected
 * and what was found. Cost: O(length of text). */
int cli_circle_moves_parse(const char *text, cli_circle_moves_t *m,
                           coinline_error_t *err);

/* The position reached on the circle after *m, as the game's players see
 * it (the line left's first mover is player 2). Plain data. */
typedef struct {
    uint64_t n;             /* coins on the circle */
    uint64_t first;         /* the first position taken, 0 at the start */
    uint64_t played;        /* moves played, the first included */
    uint64_t left;          /* coins left */
    int to_move;            /* 1 or 2; 0 when no coin is left */
    uint64_t best;          /* the optimal move's coin, as a circle position
                             * (1..n; ties: the smallest first position, then
                             * the left end); 0 when no coin is left */
    coinline_side_t side;   /* the optimal move on the line left; NONE at
                             * the start (the move is a position) */
    int64_t best_coin;      /* the coin at best (0 when none) */
    coinline_i128_t value;  /* own minus other's from here, with
                             * best play, for the player to move */
    coinline_i128_t p1, p2; /* the totals so far */
    coinline_i128_t final_margin; /* p1 - p2 at the end with best play */
} cli_circle_position_t;

/* The position after *m on the circle coins[0..n-1] into *pos. Returns
 * 0; COINLINE_EMOVE when *m does not fit this circle (the first position
 * past n, or more moves than coins), with *err (if not NULL) naming the
 * column of the text *m came from; or the COINLINE_E* code of a library
 * call (COINLINE_ENOMEM, COINLINE_ETOOBIG).
 * Cost: coinline_circle_solve() (LINEAR) at the start; else
 * coinline_circle_position(). */
int cli_circle_position(const int64_t *coins, size_t n,
                        const cli_circle_moves_t *m, cli_circle_position_t *pos,
                        coinline_error_t *err);

#endif
