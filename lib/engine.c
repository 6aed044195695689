/*
 * engine.c - a game in progress: the moves played, the totals so far, and
 * at each position reached the optimal move (ties to the left) and its
 * value.
 *
 * This is the recomputing engine: each new position is solved afresh by
 * the linear solver on the coins left (O(k) for k coins, on a stack
 * allocated once), so a whole game costs O(n^2). Moves and undos are O(1)
 * and only forget the cached answer. A faster engine (incremental
 * reductions from both ends) can replace the inside without changing the
 * interface; this one is the reference it must agree with.
 */
#include <stdlib.h>
#include <string.h>

#include "solver.h"

struct coinline_engine {
    int64_t *a; /* the row */
    size_t n;
    int narrow;  /* sum|a[i]| fits in int64_t */
    void *stack; /* the solver's stack: n values */
    char *moves; /* the sides played, 'L' or 'R' */
    size_t played;
    size_t lo, hi;    /* the coins left: a[lo..hi-1] */
    cl_wide total[2]; /* totals so far of players 1 and 2 */
    int cached;       /* best and value hold for this position */
    coinline_side_t best;
    cl_wide value;
    uint64_t steps;
};

int coinline_engine_new(const int64_t *coins, size_t n, coinline_engine_t **out)
{
    if (out != NULL)
        *out = NULL;
    if (out == NULL || (coins == NULL && n > 0))
        return COINLINE_EINVAL;
    coinline_engine_t *e = calloc(1, sizeof *e);
    if (e == NULL)
        return COINLINE_ENOMEM;
    const size_t m = n > 0 ? n : 1;
    e->narrow = cl_fits64(coins, n);
    e->a = malloc(m * sizeof *e->a);
    e->stack = malloc(m * (e->narrow ? sizeof(int64_t) : sizeof(cl_wide)));
    e->moves = malloc(m);
    if (e->a == NULL || e->stack == NULL || e->moves == NULL) {
        coinline_engine_free(e);
        return COINLINE_ENOMEM;
    }
    if (n > 0)
        memcpy(e->a, coins, n * sizeof *e->a);
    e->n = e->hi = n;
    *out = e;
    return COINLINE_OK;
}

void coinline_engine_free(coinline_engine_t *e)
{
    if (e == NULL)
        return;
    free(e->a);
    free(e->stack);
    free(e->moves);
    free(e);
}

int coinline_engine_state(coinline_engine_t *e, coinline_engine_state_t *st)
{
    if (e == NULL || st == NULL)
        return COINLINE_EINVAL;
    if (!e->cached && e->lo < e->hi)
        e->steps += cl_linear_best_with(e->a + e->lo, e->hi - e->lo, e->narrow,
                                        e->stack, &e->best, &e->value);
    else if (!e->cached) {
        e->best = COINLINE_NONE;
        e->value = 0;
    }
    e->cached = 1;
    const int mover = (int)(e->played % 2); /* 0: player 1 */
    const cl_wide so_far = e->total[0] - e->total[1];
    st->n = e->n;
    st->lo = e->lo;
    st->hi = e->hi;
    st->moves = e->played;
    st->to_move = e->lo < e->hi ? mover + 1 : 0;
    st->p1 = cl_from_wide(e->total[0]);
    st->p2 = cl_from_wide(e->total[1]);
    st->value = cl_from_wide(e->value);
    st->final_margin =
        cl_from_wide(mover == 0 ? so_far + e->value : so_far - e->value);
    st->best = e->best;
    return COINLINE_OK;
}

int coinline_engine_play(coinline_engine_t *e, coinline_side_t side)
{
    if (e == NULL || e->lo >= e->hi ||
        (side != COINLINE_LEFT && side != COINLINE_RIGHT))
        return COINLINE_EINVAL;
    const int64_t coin = side == COINLINE_LEFT ? e->a[e->lo++] : e->a[--e->hi];
    e->total[e->played % 2] += coin;
    e->moves[e->played++] = side == COINLINE_LEFT ? 'L' : 'R';
    e->cached = 0;
    return COINLINE_OK;
}

int coinline_engine_undo(coinline_engine_t *e)
{
    if (e == NULL || e->played == 0)
        return COINLINE_EINVAL;
    const char side = e->moves[--e->played];
    const int64_t coin = side == 'L' ? e->a[--e->lo] : e->a[e->hi++];
    e->total[e->played % 2] -= coin;
    e->cached = 0;
    return COINLINE_OK;
}

uint64_t coinline_engine_steps(const coinline_engine_t *e)
{
    return e != NULL ? e->steps : 0;
}
