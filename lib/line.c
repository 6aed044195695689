/* SPDX-License-Identifier: MIT */
/*
 * line.c - the shape COINLINE_SHAPE_LINE: coins at positions 1..n in a
 * row, a move takes the first or the last coin left. The classic game's
 * solvers (solve.c and its solvers, linear.c's essay) and its engine
 * (engine/engine.c) behind the rules seam (rules.h): positions are the
 * row's indices + 1, and L and R the positions of the two ends.
 */
#include <stdlib.h>

#include "rules.h"

/* ---- solving ------------------------------------------------------------- */

static int row_check(size_t n, coinline_algo_t algo, int line)
{
    if (algo == COINLINE_ALGO_BRUTE && n > COINLINE_BRUTE_MAX)
        return COINLINE_ETOOBIG;
    if (line && algo == COINLINE_ALGO_DP && n > COINLINE_DP_LINE_MAX)
        return COINLINE_ETOOBIG;
    if (line && algo == COINLINE_ALGO_LINEAR && n >= UINT32_MAX - 4)
        return COINLINE_ETOOBIG; /* the engine plays the line */
    return COINLINE_OK;
}

/* The work of a solver on n coins: the coins reduced (LINEAR), the cells
 * (DP), the positions of the minimax (BRUTE, n <= 25). */
static uint64_t row_work(size_t n, coinline_algo_t algo)
{
    if (algo == COINLINE_ALGO_DP)
        return (uint64_t)n * (n + 1) / 2;
    if (algo == COINLINE_ALGO_BRUTE)
        return ((uint64_t)1 << n) - 1;
    return n;
}

static int row_solve(const int64_t *b, size_t n, coinline_algo_t algo,
                     cl_wide *value, uint64_t *first, uint64_t *steps)
{
    coinline_result_t r;
    const int rc = coinline_solve(b, n, algo, &r);
    if (rc != COINLINE_OK)
        return rc;
    *value = cl_to_wide(r.margin);
    *first = r.first_move == COINLINE_SIDE_LEFT ? 1 : n;
    *steps = row_work(n, algo);
    return COINLINE_OK;
}

static int row_line(const int64_t *b, size_t n, coinline_algo_t algo,
                    uint64_t *positions, uint64_t *steps)
{
    char *moves = malloc(n + 1);
    if (moves == NULL)
        return COINLINE_ENOMEM;
    const int rc = coinline_line(b, n, algo, moves);
    if (rc == COINLINE_OK)
        cl_moves_to_positions(&cl_shape_line, n, 0, moves, n, positions);
    free(moves);
    /* the line's work: a solve at every position (BRUTE) or one table */
    *steps = algo == COINLINE_ALGO_BRUTE ? 2 * row_work(n, algo) - n
                                         : row_work(n, algo);
    return rc;
}

/* ---- the cursor ---------------------------------------------------------- */

static void row_start(cl_cursor_t *c, uint64_t n)
{
    c->n = n;
    c->start = 0;
    c->len = n;
    c->any = 0;
}

static void row_take(cl_cursor_t *c, uint64_t p)
{
    if (p - 1 == c->start)
        c->start++;
    c->len--;
}

static void row_untake(cl_cursor_t *c, uint64_t p)
{
    if (c->start > 0 && p == c->start)
        c->start--;
    c->len++;
}

/* ---- the position engine: the classic engine on b ------------------------ */

int cl_line_look(coinline_engine_t *e, uint64_t base, uint64_t m,
                 cl_wide *value, uint64_t *best)
{
    coinline_engine_state_t st;
    const int rc = coinline_engine_state(e, &st);
    if (rc != COINLINE_OK)
        return rc;
    const uint64_t i = st.best == COINLINE_SIDE_LEFT ? st.lo : st.hi - 1;
    *value = cl_to_wide(st.value);
    *best = (base + i) % m + 1;
    return COINLINE_OK;
}

static int row_open(const int64_t *b, size_t n, cl_pos_t **out)
{
    coinline_engine_t *e;
    const int rc = coinline_engine_new(b, n, &e);
    *out = e;
    return rc;
}

static void row_close(cl_pos_t *pos)
{
    coinline_engine_free(pos);
}

static int row_look(cl_pos_t *pos, const cl_cursor_t *c, cl_wide *value,
                    uint64_t *best)
{
    return cl_line_look(pos, 0, c->n, value, best);
}

static int row_play(cl_pos_t *pos, const cl_cursor_t *c, uint64_t p)
{
    return coinline_engine_play(pos, cl_cursor_side(c, p));
}

static int row_undo(cl_pos_t *pos)
{
    return coinline_engine_undo(pos);
}

static int row_child(cl_pos_t *pos, const cl_cursor_t *c, uint64_t p,
                     cl_wide *value)
{
    coinline_engine_state_t st;
    int rc = coinline_engine_play(pos, cl_cursor_side(c, p));
    if (rc != COINLINE_OK)
        return rc;
    rc = coinline_engine_state(pos, &st);
    *value = cl_to_wide(st.value);
    const int back = coinline_engine_undo(pos);
    return rc != COINLINE_OK ? rc : back;
}

static coinline_engine_t *row_engine(cl_pos_t *pos, const cl_cursor_t *c)
{
    (void)c;
    return pos;
}

static uint64_t row_steps(const cl_pos_t *pos)
{
    return coinline_engine_steps(pos);
}

static uint64_t row_bytes(const cl_pos_t *pos)
{
    return coinline_engine_bytes(pos);
}

static int row_run_fits(uint64_t n, uint64_t start, uint64_t len)
{
    return len >= 1 && start < n && len <= n - start;
}

const cl_shape_t cl_shape_line = {
    .id = COINLINE_SHAPE_LINE,
    .name = "line",
    .noun = "row",
    .check = row_check,
    .solve = row_solve,
    .line = row_line,
    .start = row_start,
    .take = row_take,
    .untake = row_untake,
    .engine_max = UINT32_MAX - 4,
    .open = row_open,
    .close = row_close,
    .look = row_look,
    .play = row_play,
    .undo = row_undo,
    .child = row_child,
    .engine = row_engine,
    .steps = row_steps,
    .bytes = row_bytes,
    .run_fits = row_run_fits,
};
