/* SPDX-License-Identifier: MIT */
/*
 * brute.c - exhaustive minimax over every line of play: O(2^n) time,
 * O(n) stack. The independent check on the other solvers for small rows.
 */
#include "solver.h"

/* The value of a[lo..hi-1] for the player to move, hi > lo. */
static cl_wide minimax(const int64_t *a, size_t lo, size_t hi)
{
    if (hi - lo == 1)
        return a[lo];
    const cl_wide left = (cl_wide)a[lo] - minimax(a, lo + 1, hi);
    const cl_wide right = (cl_wide)a[hi - 1] - minimax(a, lo, hi - 1);
    return left >= right ? left : right;
}

int cl_brute_best(const int64_t *a, size_t n, coinline_side_t *side,
                  cl_wide *margin)
{
    if (n > COINLINE_BRUTE_MAX)
        return COINLINE_ETOOBIG;
    if (n == 1) {
        *side = COINLINE_SIDE_LEFT;
        *margin = a[0];
        return COINLINE_OK;
    }
    const cl_wide left = (cl_wide)a[0] - minimax(a, 1, n);
    const cl_wide right = (cl_wide)a[n - 1] - minimax(a, 0, n - 1);
    *side = left >= right ? COINLINE_SIDE_LEFT : COINLINE_SIDE_RIGHT;
    *margin = left >= right ? left : right;
    return COINLINE_OK;
}
