/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game_oracle.h"

static void *xcalloc(size_t count, size_t size)
{
    void *p = calloc(count ? count : 1, size);
    if (p == NULL) {
        fprintf(stderr, "game oracle: out of memory\n");
        abort();
    }
    return p;
}

static int remaining(const ogame_t *o)
{
    return o->rules.score == COINLINE_SCORE_REMAINING;
}

static int circle(const ogame_t *o)
{
    return o->rules.shape == COINLINE_SHAPE_CIRCLE;
}

static i128 arc_sum(const ogame_t *o, size_t start, size_t len)
{
    return o->pre[start + len] - o->pre[start];
}

static i128 *cell(const ogame_t *o, size_t start, size_t len)
{
    return &o->w[start * (o->n + 1) + len];
}

/* The score of taking coin from coins left summing to left. */
static i128 score_of(const ogame_t *o, int64_t coin, i128 left)
{
    return remaining(o) ? left - coin : (i128)coin;
}

void ogame_init(ogame_t *o, const coinline_rules_t *rules, const int64_t *a,
                size_t n)
{
    const size_t m = n > 0 ? n : 1;
    o->rules = *rules;
    o->a = a;
    o->n = n;
    o->w = xcalloc(m * (n + 1), sizeof *o->w);
    o->pre = xcalloc(2 * n + 1, sizeof *o->pre);
    for (size_t i = 0; i < 2 * n; i++)
        o->pre[i + 1] = o->pre[i] + a[i % n];
    /* every arc, wrapping or not, by length: W(s, len) = max of the left
     * coin's score - W(s + 1, len - 1) and the right's - W(s, len - 1) */
    for (size_t len = 1; len <= n; len++)
        for (size_t s = 0; s < n; s++) {
            const i128 sum = arc_sum(o, s, len);
            const int64_t l = a[s], r = a[(s + len - 1) % n];
            const i128 take_l =
                score_of(o, l, sum) - *cell(o, (s + 1) % n, len - 1);
            const i128 take_r = score_of(o, r, sum) - *cell(o, s, len - 1);
            *cell(o, s, len) = take_l >= take_r ? take_l : take_r;
        }
}

void ogame_free(ogame_t *o)
{
    free(o->w);
    free(o->pre);
    o->w = o->pre = NULL;
}

opos_t ogame_start(const ogame_t *o)
{
    opos_t p = {circle(o) && o->n > 0, 0, o->n};
    return p;
}

i128 ogame_left_sum(const ogame_t *o, opos_t p)
{
    return arc_sum(o, p.start, p.len);
}

void ogame_ends(const ogame_t *o, opos_t p, uint64_t *left, uint64_t *right)
{
    *left = *right = 0;
    if (p.any || p.len == 0)
        return;
    *left = p.start + 1;
    *right = (p.start + p.len - 1) % o->n + 1;
}

int ogame_legal(const ogame_t *o, opos_t p, uint64_t position)
{
    uint64_t l, r;
    if (position < 1 || position > o->n || p.len == 0)
        return 0;
    ogame_ends(o, p, &l, &r);
    return p.any || position == l || position == r;
}

opos_t ogame_take(const ogame_t *o, opos_t p, uint64_t position)
{
    opos_t q = p;
    q.any = 0;
    q.len = p.len - 1;
    if (p.any)
        q.start = position % o->n;
    else if (position == p.start + 1)
        q.start = (p.start + 1) % o->n;
    return q;
}

i128 ogame_gain(const ogame_t *o, opos_t p, uint64_t position)
{
    return score_of(o, o->a[position - 1], ogame_left_sum(o, p));
}

i128 ogame_value(const ogame_t *o, opos_t p)
{
    if (p.len == 0)
        return 0;
    return ogame_worth(o, p, ogame_best(o, p));
}

i128 ogame_worth(const ogame_t *o, opos_t p, uint64_t position)
{
    const opos_t q = ogame_take(o, p, position);
    return ogame_gain(o, p, position) - *cell(o, q.start, q.len);
}

uint64_t ogame_best(const ogame_t *o, opos_t p)
{
    uint64_t l, r, best = 0;
    if (p.len == 0)
        return 0;
    if (p.any) {
        for (uint64_t q = 1; q <= o->n; q++)
            if (best == 0 || ogame_worth(o, p, q) > ogame_worth(o, p, best))
                best = q;
        return best;
    }
    ogame_ends(o, p, &l, &r);
    return ogame_worth(o, p, l) >= ogame_worth(o, p, r) ? l : r;
}

void ogame_line(const ogame_t *o, uint64_t *positions, i128 *p1, i128 *p2)
{
    opos_t p = ogame_start(o);
    i128 s[2] = {0, 0};
    for (size_t k = 0; k < o->n; k++) {
        const uint64_t q = ogame_best(o, p);
        positions[k] = q;
        s[k % 2] += ogame_gain(o, p, q);
        p = ogame_take(o, p, q);
    }
    *p1 = s[0];
    *p2 = s[1];
}

/* ---- exhaustive minimax over the sets of coins taken --------------------- */

typedef struct {
    const coinline_rules_t *rules;
    const int64_t *a;
    size_t n;
    i128 *memo;
    unsigned char *known;
} mm_t;

static int taken(uint32_t mask, size_t i)
{
    return (mask >> i) & 1u;
}

/* i may be taken: it is left, and next to a taken coin or the edge. */
static int mm_legal(const mm_t *M, uint32_t mask, size_t i)
{
    const size_t n = M->n;
    if (taken(mask, i))
        return 0;
    if (M->rules->shape == COINLINE_SHAPE_CIRCLE)
        return mask == 0 || taken(mask, (i + n - 1) % n) ||
               taken(mask, (i + 1) % n);
    return i == 0 || i == n - 1 || taken(mask, i - 1) || taken(mask, i + 1);
}

static i128 mm_left(const mm_t *M, uint32_t mask)
{
    i128 s = 0;
    for (size_t i = 0; i < M->n; i++)
        if (!taken(mask, i))
            s += M->a[i];
    return s;
}

static i128 mm_value(mm_t *M, uint32_t mask, uint64_t *best);

/* What taking i at mask is worth to the mover. */
static i128 mm_worth(mm_t *M, uint32_t mask, size_t i)
{
    const i128 after = mm_left(M, mask) - M->a[i];
    const i128 score =
        M->rules->score == COINLINE_SCORE_REMAINING ? after : (i128)M->a[i];
    return score - mm_value(M, mask | (1u << i), NULL);
}

/* The left end of the coins left (the coin whose counter-clockwise
 * neighbour is taken, or index 0 of a line): the first among ties. */
static int mm_is_left_end(const mm_t *M, uint32_t mask, size_t i)
{
    if (M->rules->shape == COINLINE_SHAPE_CIRCLE)
        return taken(mask, (i + M->n - 1) % M->n);
    return i == 0 || taken(mask, i - 1);
}

static i128 mm_value(mm_t *M, uint32_t mask, uint64_t *best)
{
    i128 v = 0;
    size_t at = M->n;
    if (best == NULL && M->known[mask])
        return M->memo[mask];
    for (size_t i = 0; i < M->n; i++) {
        if (!mm_legal(M, mask, i))
            continue;
        const i128 w = mm_worth(M, mask, i);
        /* ties: the smallest position at the start of a circle, else the
         * left end */
        const int first = at == M->n;
        if (first || w > v ||
            (w == v && mask != 0 && mm_is_left_end(M, mask, i))) {
            v = w;
            at = i;
        }
    }
    M->memo[mask] = v;
    M->known[mask] = 1;
    if (best != NULL)
        *best = at < M->n ? at + 1 : 0;
    return v;
}

i128 ominimax(const coinline_rules_t *rules, const int64_t *a, size_t n,
              uint64_t *best)
{
    mm_t M = {rules, a, n, NULL, NULL};
    if (n > 16) {
        fprintf(stderr, "ominimax: n = %zu is too long\n", n);
        abort();
    }
    M.memo = xcalloc((size_t)1 << n, sizeof *M.memo);
    M.known = xcalloc((size_t)1 << n, 1);
    const i128 v = mm_value(&M, 0, best);
    free(M.memo);
    free(M.known);
    return v;
}
