/* SPDX-License-Identifier: MIT */
/*
 * circle.h - a game on a circle (the pizza game) as the tool's commands
 * show it: its optimal play worked out once (the result, the first
 * position and the line left), and where each coin of that line lies on
 * the circle. The rules are include/coinline.h's ("The circular game").
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

#endif
