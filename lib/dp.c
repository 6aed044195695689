/* SPDX-License-Identifier: MIT */
/*
 * dp.c - the interval dynamic programme: O(n^2) time, O(n) memory.
 *
 * V(i, j) = max(a[i] - V(i+1, j), a[j] - V(i, j-1)), V(i, i) = a[i].
 * One row of the table is kept: while i falls from n-1 to 0, row[j] holds
 * V(i+1, j) until it is overwritten with V(i, j). Always 128-bit: this is
 * the reference solver, and its cost is in the n^2 steps, not the width.
 */
#include <stdlib.h>

#include "solver.h"

int cl_dp_best(const int64_t *a, size_t n, coinline_side_t *side,
               cl_wide *margin)
{
    cl_wide left = a[0], right = a[0];
    cl_wide *row = malloc(n * sizeof *row);

    if (row == NULL)
        return COINLINE_ENOMEM;
    for (size_t i = n; i-- > 0;) {
        row[i] = a[i];
        for (size_t j = i + 1; j < n; j++) {
            left = (cl_wide)a[i] - row[j];
            right = (cl_wide)a[j] - row[j - 1];
            row[j] = left >= right ? left : right;
        }
    }
    /* The last cell computed was (0, n-1): left and right are its two
     * candidates (for n == 1 both are the one coin). */
    *side = left >= right ? COINLINE_SIDE_LEFT : COINLINE_SIDE_RIGHT;
    *margin = row[n - 1];
    free(row);
    return COINLINE_OK;
}

/* Bit index of cell (i, j), i <= j, in a triangle stored row by row. */
static size_t tri(size_t n, size_t i, size_t j)
{
    return i * n - i * (i + 1) / 2 + j;
}

/* One bit per cell, set when the right move is strictly better; the line
 * is then read off from (0, n-1). The table must stay under 2 GiB. */
int cl_dp_line(const int64_t *a, size_t n, char *moves)
{
    /* n(n+1)/2 bits, at most 2 GiB: n(n+1) <= 2^35, so n <= 185363. */
    if (n > COINLINE_DP_LINE_MAX)
        return COINLINE_ETOOBIG;
    const size_t cells = n * (n + 1) / 2;
    unsigned char *bits = calloc(cells / 8 + 1, 1);
    cl_wide *row = malloc(n * sizeof *row);

    if (bits == NULL || row == NULL) {
        free(bits);
        free(row);
        return COINLINE_ENOMEM;
    }
    for (size_t i = n; i-- > 0;) {
        row[i] = a[i];
        for (size_t j = i + 1; j < n; j++) {
            const cl_wide left = (cl_wide)a[i] - row[j];
            const cl_wide right = (cl_wide)a[j] - row[j - 1];
            row[j] = left >= right ? left : right;
            if (right > left) {
                const size_t t = tri(n, i, j);
                bits[t / 8] |= (unsigned char)(1u << (t % 8));
            }
        }
    }
    for (size_t k = 0, lo = 0, hi = n - 1; k < n; k++) {
        const size_t t = tri(n, lo, hi);
        const int right = (bits[t / 8] >> (t % 8)) & 1;
        moves[k] = right ? 'R' : 'L';
        if (right)
            hi--;
        else
            lo++;
    }
    free(bits);
    free(row);
    return COINLINE_OK;
}
