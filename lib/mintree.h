/*
 * mintree.h - a minimum segment tree over a fixed number of leaves, with
 * the one search the engine's jumps need: the first leaf of a range whose
 * value is below a threshold.
 *
 * Leaves are padded to a power of two P; the tree is 2P values. set() and
 * first_below() are O(log P); put() writes a leaf alone and fix() then
 * mends the nodes above a range of leaves in O(range + log P).
 */
#ifndef COINLINE_MINTREE_H
#define COINLINE_MINTREE_H

#include <stddef.h>

#include "wide.h"

typedef struct {
    cl_wide *t; /* t[1] is the root; leaf i is t[size + i] */
    size_t size;
} cl_mintree;

/* Room for leaves leaves, all 0. Returns 0 or COINLINE_ENOMEM. */
int cl_mintree_init(cl_mintree *m, size_t leaves);
void cl_mintree_free(cl_mintree *m);

/* Leaf i takes value v, and the nodes above it follow. */
void cl_mintree_set(cl_mintree *m, size_t i, cl_wide v);

/* Leaf i takes value v; the nodes above wait for cl_mintree_fix(). */
static inline void cl_mintree_put(cl_mintree *m, size_t i, cl_wide v)
{
    m->t[m->size + i] = v;
}

/* Mends the nodes above leaves [lo, hi). */
void cl_mintree_fix(cl_mintree *m, size_t lo, size_t hi);

/* The first leaf i in [lo, hi] with value < thr, or SIZE_MAX. */
size_t cl_mintree_first_below(const cl_mintree *m, size_t lo, size_t hi,
                              cl_wide thr);

#endif
