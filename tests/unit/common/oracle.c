/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>

#include "oracle.h"

static void *xmalloc(size_t size)
{
    void *p = malloc(size ? size : 1);
    if (p == NULL) {
        fprintf(stderr, "oracle: out of memory (%zu bytes)\n", size);
        abort();
    }
    return p;
}

i128 oracle_sum(const int64_t *a, size_t n)
{
    i128 s = 0;
    for (size_t i = 0; i < n; i++) {
        s += a[i];
    }
    return s;
}

i128 oracle_sum_abs(const int64_t *a, size_t n)
{
    i128 s = 0;
    for (size_t i = 0; i < n; i++) {
        s += a[i] < 0 ? -(i128)a[i] : (i128)a[i];
    }
    return s;
}

static i128 minimax(const int64_t *a, size_t lo, size_t end)
{
    i128 take_left;
    i128 take_right;
    if (end - lo <= 1) {
        return lo == end ? 0 : (i128)a[lo];
    }
    take_left = (i128)a[lo] - minimax(a, lo + 1, end);
    take_right = (i128)a[end - 1] - minimax(a, lo, end - 1);
    return take_left >= take_right ? take_left : take_right;
}

i128 oracle_minimax(const int64_t *a, size_t n)
{
    return minimax(a, 0, n);
}

i128 oracle_minimax_move(const int64_t *a, size_t n, coinline_side_t *side)
{
    i128 take_left;
    i128 take_right;
    if (n == 0) {
        *side = COINLINE_SIDE_NONE;
        return 0;
    }
    take_left = (i128)a[0] - minimax(a, 1, n);
    take_right = (i128)a[n - 1] - minimax(a, 0, n - 1);
    *side = take_left >= take_right ? COINLINE_SIDE_LEFT : COINLINE_SIDE_RIGHT;
    return take_left >= take_right ? take_left : take_right;
}

i128 oracle_dp(const int64_t *a, size_t n)
{
    /* d[i] holds V of a[i..i+len) for the current len. */
    i128 *d = xmalloc((n + 1) * sizeof *d);
    i128 v;
    for (size_t i = 0; i <= n; i++) {
        d[i] = 0;
    }
    for (size_t len = 1; len <= n; len++) {
        for (size_t i = 0; i + len <= n; i++) {
            const i128 take_left = (i128)a[i] - d[i + 1];
            const i128 take_right = (i128)a[i + len - 1] - d[i];
            d[i] = take_left >= take_right ? take_left : take_right;
        }
    }
    v = d[0];
    free(d);
    return v;
}

/* Entry of [lo, end) in the triangle 0 <= lo <= end <= n. */
static size_t tri(size_t lo, size_t end)
{
    return end * (end + 1) / 2 + lo;
}

void oracle_table_init(oracle_table_t *t, const int64_t *a, size_t n)
{
    t->a = a;
    t->n = n;
    t->v = xmalloc(tri(0, n + 1) * sizeof *t->v);
    for (size_t end = 0; end <= n; end++) {
        t->v[tri(end, end)] = 0;
        for (size_t lo = end; lo-- > 0;) {
            const i128 take_left = (i128)a[lo] - t->v[tri(lo + 1, end)];
            const i128 take_right = (i128)a[end - 1] - t->v[tri(lo, end - 1)];
            t->v[tri(lo, end)] =
                take_left >= take_right ? take_left : take_right;
        }
    }
}

void oracle_table_free(oracle_table_t *t)
{
    free(t->v);
    t->v = NULL;
}

i128 oracle_value(const oracle_table_t *t, size_t lo, size_t end)
{
    return t->v[tri(lo, end)];
}

coinline_side_t oracle_move(const oracle_table_t *t, size_t lo, size_t end)
{
    i128 take_left;
    i128 take_right;
    if (lo == end) {
        return COINLINE_SIDE_NONE;
    }
    take_left = (i128)t->a[lo] - oracle_value(t, lo + 1, end);
    take_right = (i128)t->a[end - 1] - oracle_value(t, lo, end - 1);
    return take_left >= take_right ? COINLINE_SIDE_LEFT : COINLINE_SIDE_RIGHT;
}

void oracle_result(const int64_t *a, size_t n, i128 v,
                   coinline_side_t first_move, oracle_result_t *out)
{
    out->n = n;
    out->sum = oracle_sum(a, n);
    out->margin = v;
    out->p1 = (out->sum + v) / 2;
    out->p2 = (out->sum - v) / 2;
    out->winner = v > 0   ? COINLINE_WINNER_FIRST
                  : v < 0 ? COINLINE_WINNER_SECOND
                          : COINLINE_WINNER_DRAW;
    out->first_move = first_move;
}

void oracle_solve_minimax(const int64_t *a, size_t n, oracle_result_t *out)
{
    coinline_side_t side;
    const i128 v = oracle_minimax_move(a, n, &side);
    oracle_result(a, n, v, side, out);
}

void oracle_solve_dp(const int64_t *a, size_t n, oracle_result_t *out)
{
    coinline_side_t side = COINLINE_SIDE_NONE;
    i128 v = 0;
    if (n > 0) {
        const i128 take_left = (i128)a[0] - oracle_dp(a + 1, n - 1);
        const i128 take_right = (i128)a[n - 1] - oracle_dp(a, n - 1);
        side =
            take_left >= take_right ? COINLINE_SIDE_LEFT : COINLINE_SIDE_RIGHT;
        v = take_left >= take_right ? take_left : take_right;
    }
    oracle_result(a, n, v, side, out);
}
