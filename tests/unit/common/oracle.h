/* SPDX-License-Identifier: MIT */
/*
 * An independent reference for the coins-in-a-line game, written from the
 * definition V(i,j) = max(a[i] - V(i+1,j), a[j] - V(i,j-1)), V(empty) = 0,
 * in native 128-bit arithmetic. Nothing here calls the library's solvers.
 * Ranges are half-open: [lo, end).
 */
#ifndef COINLINE_TEST_ORACLE_H
#define COINLINE_TEST_ORACLE_H

#include <stddef.h>
#include <stdint.h>

#include "coinline.h"
#include "i128.h"

/* Sum and sum of magnitudes of a[0..n-1]. */
i128 oracle_sum(const int64_t *a, size_t n);
i128 oracle_sum_abs(const int64_t *a, size_t n);

/* V of a[0..n-1] by exhaustive search of every line of play (2^n). */
i128 oracle_minimax(const int64_t *a, size_t n);

/* As oracle_minimax(), also storing the optimal first move with ties to
 * the left (COINLINE_SIDE_NONE for n == 0). */
i128 oracle_minimax_move(const int64_t *a, size_t n, coinline_side_t *side);

/* V of a[0..n-1] by the interval DP with one rolling row (O(n) memory).
 * Aborts the test program if memory runs out. */
i128 oracle_dp(const int64_t *a, size_t n);

/* The full table of V over every sub-row (O(n^2) entries). */
typedef struct {
    const int64_t *a;
    size_t n;
    i128 *v;
} oracle_table_t;

/* Builds the table over a[0..n-1] (a must outlive it). Aborts on OOM. */
void oracle_table_init(oracle_table_t *t, const int64_t *a, size_t n);
void oracle_table_free(oracle_table_t *t);
/* V of a[lo..end), 0 when lo == end. */
i128 oracle_value(const oracle_table_t *t, size_t lo, size_t end);
/* The optimal move on a[lo..end), ties to LEFT; NONE when empty. */
coinline_side_t oracle_move(const oracle_table_t *t, size_t lo, size_t end);

/* Everything coinline_result_t reports, derived from V. */
typedef struct {
    uint64_t n;
    i128 sum;
    i128 p1;
    i128 p2;
    i128 margin;
    coinline_winner_t winner;
    coinline_side_t first_move;
} oracle_result_t;

void oracle_result(const int64_t *a, size_t n, i128 v,
                   coinline_side_t first_move, oracle_result_t *out);

/* oracle_result() with V and the first move from the minimax (small n). */
void oracle_solve_minimax(const int64_t *a, size_t n, oracle_result_t *out);

/* oracle_result() with V and the first move from two rolling DPs. */
void oracle_solve_dp(const int64_t *a, size_t n, oracle_result_t *out);

#endif
