/* SPDX-License-Identifier: MIT */
/*
 * linear.c - the linear-time solver, the default.
 *
 * The game. A row a[0..n-1]; the player to move takes a[0] or a[n-1].
 * Let V(row) be the best the player to move can secure of (own total -
 * opponent's total) from here on. V(empty) = 0 and
 *     V(a[i..j]) = max(a[i] - V(a[i+1..j]), a[j] - V(a[i..j-1])).
 * With S the sum of the row, the first player ends with (S + V) / 2 and
 * the second with (S - V) / 2. The interval DP (dp.c) evaluates this
 * recurrence in O(n^2); this file does it in O(n), after T. Idziaszek,
 * "An Optimal Algorithm for Calculating the Profit in the Coins in a Row
 * Game".
 *
 * Reduction. If three neighbours x, y, z satisfy x <= y >= z, they can be
 * replaced by the one value x - y + z without changing V. The idea: the
 * first player to take x or z opens y to the opponent, who loses nothing
 * by taking it at once (y is at least what was just taken), and the first
 * player may then take the other of x and z; so whoever opens the triple
 * gets x + z and the other y, a net x - y + z for the opener, and three
 * coins become one, which keeps the parity of every other coin's turn.
 * The merged value stands for an odd block of consecutive coins.
 *
 * Pushing the coins left to right on a stack and merging at the top while
 * the top three form such a peak leaves a row with no interior value >= both
 * its neighbours: it falls, then rises (a valley). The reduced values do
 * not depend on the order of the merges (a confluence argument: two
 * overlapping peaks force equal values, and a merged value is at most both
 * outer parts), so one left-to-right pass suffices. Every push adds one
 * value and every merge removes two, so the pass is O(n) time; the stack is
 * the only memory, one value per coin at most.
 *
 * Valley. On a valley the largest value is always at an end, and taking
 * the larger end is optimal for both players: V is the alternating sum
 * + - + - ... of the values in decreasing order, which the greedy walk
 * over the two ends produces without sorting (walk() in reduce_tmpl.h).
 *
 * Moves. At any position, taking the original end coin on the side of the
 * larger end block of the reduced row is optimal; on a tie both moves are
 * optimal. But the rule can pick the right while the left is optimal too
 * (a tie it cannot see: 1 1 -2 -1), so when it says right we also solve
 * the row without its first coin and take the left if it does as well:
 * ties always go to the left, and every answer is reproducible. The test
 * suite checks the moves chosen this way against a full DP table at every
 * position of hundreds of rows of up to 60 coins, and the first move
 * against exhaustive minimax on 100,000 rows of up to 16 coins.
 *
 * Exactness. Every intermediate (x - y, x - y + z, the walk's partial sums)
 * is a signed sum of distinct coins, so its magnitude is at most
 * sum|a[i]|. When that fits in int64_t the pass runs in 64-bit arithmetic;
 * otherwise in 128-bit. The streaming solver (stream.c) starts in 64 bits
 * and moves to 128 bits on the first coin that would break the bound.
 */
#include <stdlib.h>
#include <string.h>

#include "solver.h"

#include "reduce.h"

/* The value of a[0..n-1] and the side the block rule picks. */
static void value_of(const int64_t *a, size_t n, int narrow, void *stack,
                     coinline_side_t *side, cl_wide *value)
{
    if (n == 0) {
        *side = COINLINE_SIDE_NONE;
        *value = 0;
        return;
    }
    if (narrow) {
        const size_t len = reduce_64(a, n, stack);
        *side = side_64(stack, len);
        *value = walk_64(stack, len);
    } else {
        const size_t len = reduce_wide(a, n, stack);
        *side = side_wide(stack, len);
        *value = walk_wide(stack, len);
    }
}

/* The tie-left optimal move of a[0..n-1], n >= 1, using a stack of n
 * values. The block rule's side is always optimal; when it is the right,
 * the left may be optimal too (a tie), which one more pass decides. */
uint64_t cl_linear_best_with(const int64_t *a, size_t n, int narrow,
                             void *stack, coinline_side_t *side,
                             cl_wide *margin)
{
    coinline_side_t ignored;
    cl_wide rest;
    value_of(a, n, narrow, stack, side, margin);
    if (*side != COINLINE_SIDE_RIGHT)
        return n;
    value_of(a + 1, n - 1, narrow, stack, &ignored, &rest);
    if ((cl_wide)a[0] - rest == *margin)
        *side = COINLINE_SIDE_LEFT;
    return 2 * (uint64_t)n - 1;
}

int cl_linear_best(const int64_t *a, size_t n, coinline_side_t *side,
                   cl_wide *margin)
{
    const int narrow = cl_fits64(a, n);
    void *stack = malloc(n * (narrow ? sizeof(int64_t) : sizeof(cl_wide)));
    if (stack == NULL)
        return COINLINE_ENOMEM;
    cl_linear_best_with(a, n, narrow, stack, side, margin);
    free(stack);
    return COINLINE_OK;
}

/* The line by the game engine (engine.c) playing both sides: O(log n)
 * amortised steps a move, 134 to 150 bytes per coin (226 to 258 in 128
 * bits). */
int cl_linear_line(const int64_t *a, size_t n, char *moves)
{
    coinline_engine_t *e;
    coinline_engine_state_t st;
    const int rc = coinline_engine_new(a, n, &e);
    if (rc != COINLINE_OK)
        return rc;
    int err = COINLINE_OK;
    for (size_t k = 0; k < n && err == COINLINE_OK; k++) {
        err = coinline_engine_state(e, &st);
        if (err == COINLINE_OK) {
            moves[k] = st.best == COINLINE_SIDE_LEFT ? 'L' : 'R';
            err = coinline_engine_play(e, st.best);
        }
    }
    coinline_engine_free(e);
    return err;
}
