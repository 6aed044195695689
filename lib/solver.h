/* SPDX-License-Identifier: MIT */
/* solver.h - internal interface between the dispatcher and the solvers. */
#ifndef COINLINE_SOLVER_H
#define COINLINE_SOLVER_H

#include "wide.h"

/* Each solver: the value (own minus opponent's total, for the player to
 * move) of a[0..n-1], n >= 1, and its tie-left optimal move. */
int cl_linear_best(const int64_t *a, size_t n, coinline_side_t *side,
                   cl_wide *margin);
int cl_dp_best(const int64_t *a, size_t n, coinline_side_t *side,
               cl_wide *margin);
int cl_brute_best(const int64_t *a, size_t n, coinline_side_t *side,
                  cl_wide *margin);

/* The linear solver's tie-left move and value of a[0..n-1], n >= 1, on a
 * caller's stack of n values (int64_t when narrow, cl_wide otherwise;
 * narrow only when cl_fits64(a, n)). Returns the coins pushed. */
uint64_t cl_linear_best_with(const int64_t *a, size_t n, int narrow,
                             void *stack, coinline_side_t *side,
                             cl_wide *margin);

/* The optimal line of a[0..n-1] into moves[0..n-1] ('L'/'R'), n >= 1. */
int cl_linear_line(const int64_t *a, size_t n, char *moves);
int cl_dp_line(const int64_t *a, size_t n, char *moves);

#ifndef CL_NO_CIRCLE /* the judge form has no circle */
/* V of every window b[s..s+w) of b[0..n-1], s = 0..n-w, into v[s]
 * (1 <= w <= n), by an engine sliding over the row: O(n log n) amortised;
 * *steps gets the engine's steps. Returns 0, COINLINE_EINVAL (w == 0 or
 * w > n), COINLINE_ENOMEM or COINLINE_ETOOBIG (n >= 2^32 - 5). */
int cl_engine_windows(const int64_t *b, size_t n, size_t w, cl_wide *v,
                      uint64_t *steps);

/* The circle's margins m[p] = a[p] - V(the line after p) for p < n, with
 * the solver's elementary steps (circle.c). */
int cl_circle_margins(const int64_t *a, size_t n, coinline_algo_t algo,
                      cl_wide *m, uint64_t *steps);
#endif

#ifndef CL_JUDGE /* the judge form has no several rows */
/* The end blocks of the reduced form of the coins an engine has left
 * (at least one coin): the values the block rule compares. */
void cl_engine_end_blocks(const coinline_engine_t *e, cl_wide *left,
                          cl_wide *right);

/* What an engine tells of its reduced form: a copy of v left it (d = -1)
 * or joined it (d = +1). Returns 0 (-1: v was not there, a bug). */
typedef int (*cl_block_watch)(void *ctx, cl_wide v, int d);

/* Tells fn(ctx) every block of e's reduced form now, then every change
 * to it as cl_engine_flush() brings it up to date: the changes of a move
 * or an undo, O(log n) amortised (the engine's own multiset's). */
void cl_engine_watch(coinline_engine_t *e, cl_block_watch fn, void *ctx);
void cl_engine_flush(coinline_engine_t *e);

/* A multiset of values that knows its alternating sum in decreasing order
 * s0 - s1 + s2 - ... (O(1)): a change is O(log cap) expected. Room for
 * cap values. cl_blocks_change() is a cl_block_watch. A new set is being
 * filled: it takes values only, and gets them in order in one sort at
 * cl_blocks_end_fill(), O(k log k) for k values; changes after. */
typedef struct cl_blocks cl_blocks_t;
int cl_blocks_new(size_t cap, cl_blocks_t **out);
void cl_blocks_free(cl_blocks_t *b);
void cl_blocks_end_fill(cl_blocks_t *b);
int cl_blocks_change(void *b, cl_wide v, int d);
cl_wide cl_blocks_sum(const cl_blocks_t *b);
#endif

/* A number no other engine of this process has had (never 0). */
uint64_t cl_engine_id(const coinline_engine_t *e);

/* Fills a result from the row's length, sum, value and first move. */
void cl_fill_result(coinline_result_t *r, uint64_t n, cl_wide sum,
                    cl_wide margin, coinline_side_t first);

#endif
