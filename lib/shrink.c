/* SPDX-License-Identifier: MIT */
/*
 * shrink.c - a failing game made small: the counterexample a learner can
 * follow by hand.
 *
 * Delta debugging (Zeller and Hildebrandt) on the coins, then on each
 * coin's value. First drop runs of coins, from half the row down to
 * single coins (pairs when the plan keeps counts even): a run whose drop
 * still fails is gone for good and the same place is tried again. Then
 * move all the coins together towards the value of the range nearest 0
 * (the "plainest" coin), by steps that halve, none past it: that keeps
 * what one coin at a time would break (a tie: 100 100 becomes 1 1).
 * Then move each coin to the plainest value; when that passes, halve the
 * distance between the value that passes and the one that fails,
 * keeping the failing end: where failing is monotone in the coin this
 * finds the least failing value, and where it is not it still ends on a
 * failing one. The passes repeat while one changed something, within
 * the budget of calls. Every row tried
 * is a row of the plan, so the small game is one the learner's program
 * was meant to handle.
 */
#include <stdlib.h>
#include <string.h>

#include "coinline.h"

typedef struct {
    const coinline_check_plan_t *plan;
    coinline_check_fails_fn_t fails;
    void *ctx;
    unsigned budget, runs;
    int64_t *a; /* the row, shrinking */
    size_t n;
    int64_t *t; /* the row tried */
} shrink_t;

/* Tries t[0..n-1]: 1 (fails: it becomes the row), 0, or a negative code. */
static int try_row(shrink_t *S, size_t n)
{
    if (S->runs >= S->budget)
        return 0;
    S->runs++;
    const int r = S->fails(S->ctx, S->t, n);
    if (r == 1) {
        if (n > 0)
            memcpy(S->a, S->t, n * sizeof *S->a);
        S->n = n;
    }
    return r < 0 ? r : r == 1;
}

/* Drops runs of coins; returns 1 if the row got shorter, 0, or a code. */
static int drop_runs(shrink_t *S)
{
    const size_t step = S->plan->even ? 2 : 1;
    const size_t least = S->plan->allow_empty ? 0 : step;
    int changed = 0;
    for (size_t size = S->n / 2 / step * step; size >= step;
         size = size / 2 / step * step) {
        for (size_t at = 0; at + size <= S->n && S->n - size >= least &&
                            S->runs < S->budget;) {
            memcpy(S->t, S->a, at * sizeof *S->a);
            memcpy(S->t + at, S->a + at + size,
                   (S->n - at - size) * sizeof *S->a);
            const int r = try_row(S, S->n - size);
            if (r < 0)
                return r;
            changed |= r;
            at += r ? 0 : size;
        }
        if (size == step)
            break;
    }
    return changed;
}

/* The value of [min, max] nearest 0. */
static int64_t plainest(const coinline_check_plan_t *p)
{
    return p->min > 0 ? p->min : p->max < 0 ? p->max : 0;
}

/* Tries coin i at value v; returns 1 if it fails there, 0, or a code. */
static int try_value(shrink_t *S, size_t i, int64_t v)
{
    memcpy(S->t, S->a, S->n * sizeof *S->a);
    S->t[i] = v;
    return try_row(S, S->n);
}

/* Moves coin i towards the plainest value; 1 if it moved, 0, or a code. */
static int lower(shrink_t *S, size_t i)
{
    const int64_t goal = plainest(S->plan);
    if (S->a[i] == goal)
        return 0;
    int r = try_value(S, i, goal);
    if (r != 0)
        return r;
    int64_t pass = goal; /* passes */
    int changed = 0;
    for (;;) {
        const int64_t bad = S->a[i]; /* fails */
        const uint64_t gap = bad > pass ? (uint64_t)bad - (uint64_t)pass
                                        : (uint64_t)pass - (uint64_t)bad;
        if (gap <= 1 || S->runs >= S->budget)
            return changed;
        const int64_t mid = bad > pass ? (int64_t)((uint64_t)pass + gap / 2)
                                       : (int64_t)((uint64_t)pass - gap / 2);
        r = try_value(S, i, mid);
        if (r < 0)
            return r;
        if (r == 0)
            pass = mid;
        changed |= r;
    }
}

/* Tries every coin moved d towards the plainest value (none past it);
 * 1 if the row fails there (and is now that row), 0 (or nothing moves),
 * or a code. */
static int try_shift(shrink_t *S, uint64_t d)
{
    const int64_t goal = plainest(S->plan);
    int moved = 0;
    for (size_t i = 0; i < S->n; i++) {
        const int64_t v = S->a[i];
        const uint64_t gap = v > goal ? (uint64_t)v - (uint64_t)goal
                                      : (uint64_t)goal - (uint64_t)v;
        const uint64_t step = d < gap ? d : gap;
        S->t[i] = v > goal ? (int64_t)((uint64_t)v - step)
                           : (int64_t)((uint64_t)v + step);
        moved |= step > 0;
    }
    return moved ? try_row(S, S->n) : 0;
}

/* Moves all coins towards the plainest value together, by steps that
 * halve: what keeps a relation between the coins (a tie, an order) that
 * moving one coin at a time breaks. 1 if the row moved, 0, or a code. */
static int lower_all(shrink_t *S)
{
    const int64_t goal = plainest(S->plan);
    uint64_t far = 0;
    int changed = 0;
    for (size_t i = 0; i < S->n; i++) {
        const uint64_t gap = S->a[i] > goal
                                 ? (uint64_t)S->a[i] - (uint64_t)goal
                                 : (uint64_t)goal - (uint64_t)S->a[i];
        far = gap > far ? gap : far;
    }
    for (uint64_t d = far; d > 0 && S->runs < S->budget; d /= 2) {
        int r;
        while ((r = try_shift(S, d)) == 1)
            changed = 1;
        if (r < 0)
            return r;
    }
    return changed;
}

static int shrink(shrink_t *S)
{
    int changed = 1;
    while (changed && S->runs < S->budget) {
        int r = drop_runs(S);
        if (r < 0)
            return r;
        changed = r;
        if ((r = lower_all(S)) < 0)
            return r;
        changed |= r;
        for (size_t i = 0; i < S->n && S->runs < S->budget; i++) {
            r = lower(S, i);
            if (r < 0)
                return r;
            changed |= r;
        }
    }
    return COINLINE_OK;
}

int coinline_check_shrink(const coinline_check_plan_t *plan, int64_t *coins,
                          size_t *n, unsigned budget,
                          coinline_check_fails_fn_t fails, void *ctx,
                          unsigned *runs)
{
    if (runs != NULL)
        *runs = 0;
    if (plan == NULL || n == NULL || fails == NULL || plan->min > plan->max ||
        (coins == NULL && *n > 0))
        return COINLINE_EINVAL;
    shrink_t S = {plan, fails, ctx, budget, 0, coins, *n, NULL};
    S.t = malloc((*n + 1) * sizeof *S.t);
    if (S.t == NULL)
        return COINLINE_ENOMEM;
    const int rc = shrink(&S);
    free(S.t);
    *n = S.n;
    if (runs != NULL)
        *runs = S.runs;
    return rc;
}
