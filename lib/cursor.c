/* SPDX-License-Identifier: MIT */
/*
 * cursor.c - what every shape and the generic code share of the rules
 * seam (rules.h) without calling back into it: the cursor over the coins
 * left (its ends, the legal moves, a move's side), a line of L and R as
 * positions, and the solvers' names checked.
 */
#include "rules.h"

void cl_cursor_ends(const cl_cursor_t *c, uint64_t *left, uint64_t *right)
{
    if (c->any || c->len == 0) {
        *left = *right = 0;
        return;
    }
    *left = c->start + 1;
    *right = (c->start + c->len - 1) % c->n + 1;
}

int cl_cursor_legal(const cl_cursor_t *c, uint64_t p)
{
    uint64_t left, right;
    if (p < 1 || p > c->n || c->len == 0)
        return 0;
    if (c->any)
        return 1;
    cl_cursor_ends(c, &left, &right);
    return p == left || p == right;
}

coinline_side_t cl_cursor_side(const cl_cursor_t *c, uint64_t p)
{
    uint64_t left, right;
    cl_cursor_ends(c, &left, &right);
    if (left == 0)
        return COINLINE_SIDE_NONE;
    return p == left ? COINLINE_SIDE_LEFT : COINLINE_SIDE_RIGHT;
}

size_t cl_moves_to_positions(const cl_shape_t *shape, uint64_t n,
                             uint64_t first, const char *moves, size_t count,
                             uint64_t *out)
{
    cl_cursor_t c;
    size_t k = 0;
    shape->start(&c, n);
    if (c.any && first > 0) {
        out[k++] = first;
        shape->take(&c, first);
    }
    for (size_t i = 0; i < count; i++) {
        uint64_t left, right;
        cl_cursor_ends(&c, &left, &right);
        const uint64_t p = moves[i] == 'L' || moves[i] == 'l' ? left : right;
        out[k++] = p;
        shape->take(&c, p);
    }
    return k;
}

int cl_algo_valid(coinline_algo_t algo)
{
    return algo == COINLINE_ALGO_LINEAR || algo == COINLINE_ALGO_DP ||
           algo == COINLINE_ALGO_BRUTE;
}
