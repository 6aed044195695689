/* SPDX-License-Identifier: MIT */
/*
 * taken.c - the scoring COINLINE_SCORE_TAKEN, the classic game: a move
 * scores the coin it takes. The shapes play it on the row itself, a
 * position's value is the shape's value, and the scores of optimal play
 * follow from the margin: each coin counts +1 in the sum p1 + p2 and +1
 * or -1 in the margin p1 - p2, so p1 = (sum + margin) / 2, exactly.
 */
#include "rules.h"

static int taken_coins(const int64_t *a, size_t n, const int64_t **b,
                       int64_t **owned)
{
    (void)n;
    *b = a;
    *owned = NULL;
    return COINLINE_OK;
}

static int64_t taken_coin(int64_t a)
{
    return a;
}

static cl_wide taken_gain(int64_t coin, cl_wide left)
{
    (void)left;
    return coin;
}

static cl_wide taken_value(cl_wide classic, cl_wide left, uint64_t count)
{
    (void)left;
    (void)count;
    return classic;
}

/* The mover's final total with best play from here: own + its share of
 * the coins left, (left + value) / 2 (exact: value has left's parity). */
static cl_wide taken_secured(cl_wide own, cl_wide other, cl_wide left,
                             cl_wide value)
{
    (void)other;
    return own + (left + value) / 2;
}

static int taken_solve(const cl_shape_t *shape, const coinline_rules_t *rules,
                       const int64_t *a, size_t n, coinline_algo_t algo,
                       cl_solution_t *out)
{
    cl_wide sum = 0;
    (void)rules;
    const int rc =
        shape->solve(a, n, algo, &out->margin, &out->first, &out->steps);
    if (rc != COINLINE_OK)
        return rc;
    for (size_t i = 0; i < n; i++)
        sum += a[i];
    out->p1 = (sum + out->margin) / 2;
    out->p2 = sum - out->p1;
    return COINLINE_OK;
}

const cl_score_t cl_score_taken = {
    .id = COINLINE_SCORE_TAKEN,
    .name = "taken",
    .coins = taken_coins,
    .coin = taken_coin,
    .gain = taken_gain,
    .value = taken_value,
    .secured = taken_secured,
    .solve = taken_solve,
};
