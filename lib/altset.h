/*
 * altset.h - a multiset of values that knows its alternating sum: sorted
 * in decreasing order s0 >= s1 >= s2 >= ..., the sum s0 - s1 + s2 - ...
 * The engine keeps the reduced row's blocks in one; on a valley that sum is
 * the value of the position.
 *
 * A treap on an array of nodes allocated once: insert and erase are
 * O(log k) expected for k values held, the sum is O(1). 48 bytes a node.
 */
#ifndef COINLINE_ALTSET_H
#define COINLINE_ALTSET_H

#include <stdint.h>

#include "wide.h"

typedef struct {
    cl_wide key;
    cl_wide alt; /* alternating sum of the subtree, decreasing order */
    uint32_t cnt;
    uint32_t pri;
    uint32_t kid[2]; /* smaller, larger; 0 is no node */
} cl_anode;

typedef struct {
    cl_anode *node; /* node[0] is the empty tree */
    uint32_t root;
    uint32_t free; /* a list of free nodes through kid[0] */
    uint32_t used;
    uint32_t cap;
    uint64_t seed;
} cl_altset;

/* Room for cap values (cap < 2^32 - 1). Returns 0 or COINLINE_ENOMEM. */
int cl_altset_init(cl_altset *s, size_t cap);
void cl_altset_free(cl_altset *s);
/* Removes every value; keeps the room. */
void cl_altset_clear(cl_altset *s);
/* Adds v; the set must hold fewer than cap values. */
void cl_altset_insert(cl_altset *s, cl_wide v);
/* Removes one copy of v; returns 0, or -1 when v is not held. */
int cl_altset_erase(cl_altset *s, cl_wide v);

/* The count of values > v (>= v if or_equal) and their alternating sum
 * (from the largest, with the signs they have in the whole sum).
 * O(log k) expected. */
void cl_altset_above(const cl_altset *s, cl_wide v, int or_equal,
                     uint32_t *count, cl_wide *alt);

/* A change to a multiset: d = -1 removes a copy of v, +1 adds one. */
typedef struct {
    cl_wide v;
    int d;
} cl_change;

/* The alternating sum the set would have after the changes c[0..k-1]
 * (each removal of a value held), without making them; reorders c.
 * O(k^2 + k log n). */
cl_wide cl_altset_sum_with(const cl_altset *s, cl_change *c, size_t k);

/* Replaces the content by v[0..k-1], sorted increasing, k < cap, in O(k).
 * Returns 0 or COINLINE_ENOMEM (then the set is empty). */
int cl_altset_build(cl_altset *s, const cl_wide *v, size_t k);

/* The alternating sum s0 - s1 + s2 - ... (0 when empty). */
static inline cl_wide cl_altset_sum(const cl_altset *s)
{
    return s->node[s->root].alt;
}

/* The number of values held. */
static inline uint32_t cl_altset_size(const cl_altset *s)
{
    return s->node[s->root].cnt;
}

#endif
