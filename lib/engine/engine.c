/* SPDX-License-Identifier: MIT */
/*
 * engine.c - a game in progress: the optimal move (ties to the left) and
 * the value at every position reached, whoever plays what, with moves
 * and undos in O(log n) amortised steps.
 *
 * What is kept. linear.c reduces a row to a valley of blocks by merging
 * any three neighbours x <= y >= z into x - y + z; the reduced values do
 * not depend on the order of the merges, the value V of the row is the
 * alternating sum of them in decreasing order, and taking the end coin on
 * the side of the larger end block is optimal. The engine keeps that
 * reduced form of the coins left, a[lo..hi-1], as the game shrinks it from
 * either end (and undo grows it back), without redoing the whole row.
 *
 * Two stacks. The coins left are split at mid: stack U holds the
 * reduction of a[lo..mid-1] pushed from mid-1 down to lo, stack W that of
 * a[mid..hi-1] pushed from mid up to hi-1, each merging at its top as it
 * goes and logging the two values each merge consumed. So the end coins
 * are the last pushed: taking a[lo] undoes U's last push (the log gives
 * back what its merges consumed), and an undo of that move pushes it
 * again; likewise W at the right. When a move must take a coin from an
 * empty stack, both stacks are rebuilt around the middle of what is left:
 * O(k) for k coins, after which at least k/2 moves pass before the next,
 * so O(1) amortised per move.
 *
 * The junction. Each stack is reduced, so a merge can only be possible
 * where their bottoms meet. A junction state (alpha, beta, M) says the
 * first alpha values of U and beta of W (from the bottoms) merge into one
 * value M; the row's reduced form is then U above alpha, M, W above beta.
 * The engine keeps a history of states, each one merge step further than
 * the last: absorb a pair of U (u[alpha+1] <= u[alpha] >= M), one value
 * of each side (u[alpha] <= M >= w[beta]), or a pair of W. A change at
 * slot c of a stack drops the states that read slot c or above, and the
 * history is extended again from the last one left. Merges happen in a
 * different order than in a single pass, which confluence allows.
 *
 * Jumps. A long run of pair absorptions is taken in one step. With
 * E[k] = sum over t < k of (-1)^t u[t], absorbing pairs from alpha up to y
 * (same parity) turns M into M - (-1)^alpha (E[y] - E[alpha]), and the run
 * goes on at y while u[y] >= u[y+1] and that M <= u[y], that is while
 * key[y] = u[y] + (-1)^y E[y] >= M + (-1)^alpha E[alpha]. A minimum tree
 * per parity over the keys (no key where u[y] < u[y+1]) finds the first
 * y that stops the run in O(log n). Without it, rows such as
 * 0,1,0,2,0,3,... cost Theta(n) a move.
 *
 * The value. V is known at the start (a walk over the valley) and is
 * carried from move to move when that is cheap: after an optimal move
 * V(child) = coin - V; after the left when the tie check below computed
 * it; and when the coin taken is a block of its own that is the largest
 * or the smallest, it leaves the alternating sum at the top or the bottom.
 * Otherwise all blocks are kept in a multiset that knows its alternating
 * sum in decreasing order (altset_tmpl.h). It is filled (O(k), the valley's two
 * slopes merged) the first time it is needed and then brought up to date
 * only when asked, with what changed since: the slots rewritten at a stack
 * top and the slots that crossed alpha or beta, compared with what it
 * held, so a jump that falls back to where it was costs nothing there.
 * Moves that keep V known never touch it.

 * The move. If the left end block >= the right end block, the left is
 * optimal. Otherwise the right is, and the left may be too (a tie the
 * block rule cannot see, as in 1 1 -2 -1): the left is chosen when
 * a[lo] - V(lo+1, hi) equals V. When the left block is that coin alone,
 * this needs the two largest blocks to be equal, an O(1) test; otherwise
 * V(lo+1, hi) is read from the multiset as if U's last push were undone
 * (its block out, the values its merges consumed back in), or, when that
 * would reach the junction, by taking the coin on trial and putting it
 * back.
 *
 * Cost. Every step - a value pushed, merged or given back, a junction
 * state made or dropped, a multiset update - is O(1) or O(log n), and the
 * steps per move are counted (coinline_engine_steps()). The bound is
 * O(log n) amortised steps per move is argued, not proved: blocks only
 * split as the row shrinks, so the reduced form changes by O(1) values a
 * move on average, and the jumps keep the junction's work to O(1) tree
 * searches a move. The tests and the benchmark measure it on hard rows.
 *
 * Several rows (multigame.c). A game of several rows has an engine per
 * row and one multiset of every row's blocks for its value. A watched
 * engine (cl_engine_watch()) tells its watcher each value its own
 * multiset erases and inserts when synced, and never drops that multiset
 * (rebuild() syncs it instead), so cl_engine_flush() after a move or an
 * undo passes on exactly what the move changed in the reduced form, at
 * the cost of the sync itself. That multiset is the engine's own kind,
 * 128 bits wide (cl_blocks_*), filled in one sort at the start.
 *
 * Exactness. Block values, prefix sums, keys and the multiset's sums are
 * signed sums of distinct coins, at most sum|a[i]|; a jump threshold adds
 * two of them, at most 2 sum|a[i]|. So the engine runs in 64-bit values
 * when 2 sum|a[i]| <= INT64_MAX and in 128-bit values otherwise (at most
 * 2^96 for fewer than 2^32 coins). The multiset's prefix sums over its
 * sorted middle keep values long gone; they are kept modulo 2^64 (2^128)
 * in unsigned arithmetic, and only their differences, which are exact,
 * are read.
 */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "bigmem.h"
#include "compiler.h"
#include "solver.h"

enum { U = 0, W = 1 };

/* CL_ENGINE_WIDE_ONLY (set by the amalgamation's single-header form,
 * where every kilobyte counts) builds the 128-bit engine alone: the
 * narrow names below alias it, and fits_narrow() says no. Same answers,
 * half the code, a little slower on rows that would fit 64 bits. */
#ifndef CL_ENGINE_WIDE_ONLY
#define CL_T       int64_t
#define CL_UT      uint64_t
#define CL_NAME(x) x##_64
#define CL_NO_KEY  INT64_MIN
/* The order matters: the engine uses the other two. */
/* clang-format off */
#include "altset_tmpl.h"
#include "mintree_tmpl.h"
#include "engine_tmpl.h"
/* clang-format on */
#undef CL_T
#undef CL_UT
#undef CL_NAME
#undef CL_NO_KEY
#endif

#define CL_T       cl_wide
#define CL_UT      cl_uwide
#define CL_NAME(x) x##_wide
#define CL_NO_KEY  (-((cl_wide)1 << 120))
/* The order matters: the engine uses the other two. */
/* clang-format off */
#include "altset_tmpl.h"
#include "mintree_tmpl.h"
#include "engine_tmpl.h"
/* clang-format on */
#undef CL_T
#undef CL_UT
#undef CL_NAME
#undef CL_NO_KEY

#ifdef CL_ENGINE_WIDE_ONLY
typedef engine_wide engine_64;
#define engine_new_64   engine_new_wide
#define engine_free_64  engine_free_wide
#define engine_size_64  engine_size_wide
#define engine_bytes_64 engine_bytes_wide
#define engine_state_64 engine_state_wide
#define engine_play_64  engine_play_wide
#define engine_undo_64  engine_undo_wide
#define engine_steps_64 engine_steps_wide
#endif

/* One of the two is set: narrow when every intermediate fits in int64_t.
 * id tells engines apart for the life of the process (strategy.c keeps
 * data per engine). */
struct coinline_engine {
    engine_64 *narrow;
    engine_wide *wide;
    uint64_t id;
};

static _Atomic uint64_t engines_made;

/* 1 when 2 sum|a[i]| <= INT64_MAX: the jump thresholds reach twice the
 * bound of the other signed intermediates (see Exactness above). */
static int fits_narrow(const int64_t *a, size_t n)
{
#ifdef CL_ENGINE_WIDE_ONLY
    (void)a;
    (void)n;
    return 0;
#endif
    uint64_t sum = 0;
    for (size_t i = 0; i < n; i++) {
        const uint64_t m = cl_mag64(a[i]);
        if (m > (uint64_t)INT64_MAX / 2 - sum)
            return 0;
        sum += m;
    }
    return 1;
}

int coinline_engine_estimate(const int64_t *coins, size_t n, uint64_t *bytes)
{
    if (bytes == NULL || (coins == NULL && n > 0))
        return COINLINE_EINVAL;
    if (n >= UINT32_MAX - 4)
        return COINLINE_ETOOBIG;
    *bytes = sizeof(coinline_engine_t) +
             (fits_narrow(coins, n) ? engine_size_64(n) : engine_size_wide(n));
    return COINLINE_OK;
}

int coinline_engine_new(const int64_t *coins, size_t n, coinline_engine_t **out)
{
    int rc;
    if (out != NULL)
        *out = NULL;
    if (out == NULL || (coins == NULL && n > 0))
        return COINLINE_EINVAL;
    if (n >= UINT32_MAX - 4)
        return COINLINE_ETOOBIG;
    coinline_engine_t *e = calloc(1, sizeof *e);
    if (e == NULL)
        return COINLINE_ENOMEM;
    if (fits_narrow(coins, n))
        rc = engine_new_64(coins, n, &e->narrow);
    else
        rc = engine_new_wide(coins, n, &e->wide);
    if (rc != COINLINE_OK) {
        free(e);
        return rc;
    }
    e->id = atomic_fetch_add(&engines_made, 1) + 1;
    *out = e;
    return COINLINE_OK;
}

void coinline_engine_free(coinline_engine_t *e)
{
    if (e == NULL)
        return;
    engine_free_64(e->narrow);
    engine_free_wide(e->wide);
    free(e);
}

int coinline_engine_state(coinline_engine_t *e, coinline_engine_state_t *st)
{
    if (e == NULL || st == NULL)
        return COINLINE_EINVAL;
    return e->narrow != NULL ? engine_state_64(e->narrow, st)
                             : engine_state_wide(e->wide, st);
}

int coinline_engine_play(coinline_engine_t *e, coinline_side_t side)
{
    if (e == NULL)
        return COINLINE_EINVAL;
    return e->narrow != NULL ? engine_play_64(e->narrow, side)
                             : engine_play_wide(e->wide, side);
}

int coinline_engine_undo(coinline_engine_t *e)
{
    if (e == NULL)
        return COINLINE_EINVAL;
    return e->narrow != NULL ? engine_undo_64(e->narrow)
                             : engine_undo_wide(e->wide);
}

uint64_t coinline_engine_steps(const coinline_engine_t *e)
{
    if (e == NULL)
        return 0;
    return e->narrow != NULL ? engine_steps_64(e->narrow)
                             : engine_steps_wide(e->wide);
}

uint64_t coinline_engine_bytes(const coinline_engine_t *e)
{
    if (e == NULL)
        return 0;
    return sizeof *e + (e->narrow != NULL ? engine_bytes_64(e->narrow)
                                          : engine_bytes_wide(e->wide));
}

const int64_t *coinline_engine_row(const coinline_engine_t *e)
{
    if (e == NULL)
        return NULL;
    return e->narrow != NULL ? e->narrow->a : e->wide->a;
}

#ifndef CL_JUDGE /* the judge form has no several rows */
void cl_engine_end_blocks(const coinline_engine_t *e, cl_wide *left,
                          cl_wide *right)
{
    if (e->narrow != NULL) {
        int64_t l, r;
        end_blocks_64(e->narrow, &l, &r);
        *left = l;
        *right = r;
        return;
    }
    end_blocks_wide(e->wide, left, right);
}

#ifdef CL_ENGINE_WIDE_ONLY
#define engine_watch_64 engine_watch_wide
#define engine_flush_64 engine_flush_wide
#endif

void cl_engine_watch(coinline_engine_t *e, cl_block_watch fn, void *ctx)
{
    if (e->narrow != NULL)
        engine_watch_64(e->narrow, fn, ctx);
    else
        engine_watch_wide(e->wide, fn, ctx);
}

void cl_engine_flush(coinline_engine_t *e)
{
    if (e->narrow != NULL)
        engine_flush_64(e->narrow);
    else
        engine_flush_wide(e->wide);
}

/* All rows' blocks (multigame.c): the engine's multiset, 128 bits wide.
 * While filling, values are gathered in fill[] and sorted at the end. */
struct cl_blocks {
    cl_altset_wide set;
    cl_wide *fill;
    size_t nfill;
};

static int increasing(const void *x, const void *y)
{
    const cl_wide a = *(const cl_wide *)x, b = *(const cl_wide *)y;
    return (a > b) - (a < b);
}

int cl_blocks_new(size_t cap, cl_blocks_t **out)
{
    cl_blocks_t *b = calloc(1, sizeof *b);
    *out = NULL;
    if (b == NULL)
        return COINLINE_ENOMEM;
    int rc = cl_altset_init_wide(&b->set, cap);
    b->fill = malloc((cap + 1) * sizeof *b->fill);
    if (rc == COINLINE_OK && b->fill == NULL)
        rc = COINLINE_ENOMEM;
    if (rc != COINLINE_OK) {
        cl_blocks_free(b);
        return rc;
    }
    *out = b;
    return COINLINE_OK;
}

void cl_blocks_free(cl_blocks_t *b)
{
    if (b == NULL)
        return;
    cl_altset_free_wide(&b->set);
    free(b->fill);
    free(b);
}

void cl_blocks_end_fill(cl_blocks_t *b)
{
    qsort(b->fill, b->nfill, sizeof *b->fill, increasing);
    cl_altset_begin_wide(&b->set);
    for (size_t i = 0; i < b->nfill; i++)
        cl_altset_add_wide(&b->set, b->fill[i]);
    cl_altset_end_wide(&b->set);
    free(b->fill);
    b->fill = NULL;
}

int cl_blocks_change(void *b, cl_wide v, int d)
{
    cl_blocks_t *const t = b;
    cl_altset_wide *const s = &t->set;
    if (t->fill != NULL && d > 0) { /* filling */
        t->fill[t->nfill++] = v;
        return 0;
    }
    if (d > 0) {
        cl_altset_insert_wide(s, v);
        return 0;
    }
    return cl_altset_erase_wide(s, v);
}

cl_wide cl_blocks_sum(const cl_blocks_t *b)
{
    return cl_altset_sum_wide(&b->set);
}
#endif

uint64_t cl_engine_id(const coinline_engine_t *e)
{
    return e->id;
}

#ifndef CL_NO_CIRCLE
#ifdef CL_ENGINE_WIDE_ONLY
#define engine_windows_64 engine_windows_wide
#endif

/* The circle's windows (circle.c): V of b[s..s+w) for s = 0..n-w into
 * v[s], on an engine of its own, and the steps it took. */
int cl_engine_windows(const int64_t *b, size_t n, size_t w, cl_wide *v,
                      uint64_t *steps)
{
    coinline_engine_t *e;
    if (w == 0 || w > n)
        return COINLINE_EINVAL;
    const int rc = coinline_engine_new(b, n, &e);
    if (rc != COINLINE_OK)
        return rc;
    if (e->narrow != NULL)
        engine_windows_64(e->narrow, w, v);
    else
        engine_windows_wide(e->wide, w, v);
    *steps = coinline_engine_steps(e);
    coinline_engine_free(e);
    return COINLINE_OK;
}
#endif
