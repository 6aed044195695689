/* SPDX-License-Identifier: MIT */
/* solve.c - the public solving calls: checks, dispatch, results. */
#include <stddef.h>
#include <string.h>

#include "solver.h"

typedef int (*best_fn)(const int64_t *, size_t, coinline_side_t *, cl_wide *);

static best_fn best_for(coinline_algo_t algo)
{
    switch (algo) {
    case COINLINE_ALGO_LINEAR: return cl_linear_best;
    case COINLINE_ALGO_DP: return cl_dp_best;
    case COINLINE_ALGO_BRUTE: return cl_brute_best;
    default: return NULL;
    }
}

void cl_fill_result(coinline_result_t *r, uint64_t n, cl_wide sum,
                    cl_wide margin, coinline_side_t first)
{
    /* sum + margin = 2 * p1 exactly: every coin counts +1 or -1 in the
     * margin and +1 in the sum. */
    const cl_wide p1 = (sum + margin) / 2;
    r->n = n;
    r->sum = cl_from_wide(sum);
    r->p1 = cl_from_wide(p1);
    r->p2 = cl_from_wide(sum - p1);
    r->margin = cl_from_wide(margin);
    r->winner = margin > 0   ? COINLINE_WINNER_FIRST
                : margin < 0 ? COINLINE_WINNER_SECOND
                             : COINLINE_WINNER_DRAW;
    r->first_move = first;
    memset(r->reserved, 0, sizeof r->reserved);
}

int coinline_solve(const int64_t *coins, size_t n, coinline_algo_t algo,
                   coinline_result_t *result)
{
    const best_fn best = best_for(algo);
    coinline_side_t side = COINLINE_SIDE_NONE;
    cl_wide sum = 0, margin = 0;

    if (result == NULL || best == NULL || (coins == NULL && n > 0))
        return COINLINE_EINVAL;
    if (algo == COINLINE_ALGO_BRUTE && n > COINLINE_BRUTE_MAX)
        return COINLINE_ETOOBIG;
    for (size_t i = 0; i < n; i++)
        sum += coins[i];
    if (n > 0) {
        const int rc = best(coins, n, &side, &margin);
        if (rc != COINLINE_OK)
            return rc;
    }
    cl_fill_result(result, n, sum, margin, side);
    return COINLINE_OK;
}

int coinline_best_move(const int64_t *coins, size_t n, size_t lo, size_t hi,
                       coinline_algo_t algo, coinline_side_t *side,
                       coinline_i128_t *margin)
{
    const best_fn best = best_for(algo);
    coinline_side_t s;
    cl_wide m;

    if ((coins == NULL && n > 0) || side == NULL || best == NULL || lo > hi ||
        hi > n)
        return COINLINE_EINVAL;
    if (lo == hi) { /* no coin left: no move, nothing to gain */
        *side = COINLINE_SIDE_NONE;
        if (margin != NULL)
            *margin = cl_from_wide(0);
        return COINLINE_OK;
    }
    const int rc = best(coins + lo, hi - lo, &s, &m);
    if (rc != COINLINE_OK)
        return rc;
    *side = s;
    if (margin != NULL)
        *margin = cl_from_wide(m);
    return COINLINE_OK;
}

/* Exhaustive line: one minimax per move, O(2^n) in all. */
static int brute_line(const int64_t *a, size_t n, char *moves)
{
    size_t lo = 0, hi = n;
    for (size_t k = 0; k < n; k++) {
        coinline_side_t side;
        cl_wide m;
        const int rc = cl_brute_best(a + lo, hi - lo, &side, &m);
        if (rc != COINLINE_OK)
            return rc;
        moves[k] = side == COINLINE_SIDE_LEFT ? 'L' : 'R';
        if (side == COINLINE_SIDE_LEFT)
            lo++;
        else
            hi--;
    }
    return COINLINE_OK;
}

int coinline_line(const int64_t *coins, size_t n, coinline_algo_t algo,
                  char *moves)
{
    int rc;
    if (moves == NULL || (coins == NULL && n > 0) || best_for(algo) == NULL)
        return COINLINE_EINVAL;
    if (algo == COINLINE_ALGO_BRUTE && n > COINLINE_BRUTE_MAX)
        return COINLINE_ETOOBIG;
    if (n == 0)
        rc = COINLINE_OK;
    else if (algo == COINLINE_ALGO_LINEAR)
        rc = cl_linear_line(coins, n, moves);
    else if (algo == COINLINE_ALGO_DP)
        rc = cl_dp_line(coins, n, moves);
    else
        rc = brute_line(coins, n, moves);
    if (rc == COINLINE_OK)
        moves[n] = '\0';
    return rc;
}
