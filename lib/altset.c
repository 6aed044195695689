/*
 * altset.c - the multiset with its alternating sum (see altset.h).
 *
 * A treap keyed by value, larger values in kid[1]. A node's subtree read
 * in decreasing order is: the larger subtree, the node, the smaller
 * subtree; so its alternating sum is alt(larger) + (+-)key + (+-)alt(smaller)
 * with the signs set by the larger subtree's count (fix()). Insert and
 * erase rotate a node up or down to keep the heap order of priorities.
 */
#include <stdlib.h>

#include "altset.h"

int cl_altset_init(cl_altset *s, size_t cap)
{
    s->node = NULL;
    s->root = s->free = s->used = s->cap = 0;
    s->seed = 0x9e3779b97f4a7c15u;
    if (cap >= UINT32_MAX - 1)
        return COINLINE_ETOOBIG;
    s->node = calloc(cap + 1, sizeof *s->node);
    if (s->node == NULL)
        return COINLINE_ENOMEM;
    s->cap = (uint32_t)cap;
    return COINLINE_OK;
}

void cl_altset_free(cl_altset *s)
{
    free(s->node);
    s->node = NULL;
    s->root = s->free = s->used = s->cap = 0;
}

void cl_altset_clear(cl_altset *s)
{
    s->root = s->free = s->used = 0;
}

static void fix(cl_anode *nd, uint32_t x)
{
    cl_anode *const t = &nd[x];
    const cl_anode *const big = &nd[t->kid[1]];
    const cl_anode *const small = &nd[t->kid[0]];
    const cl_wide mid = t->key - small->alt;
    t->cnt = big->cnt + 1 + small->cnt;
    t->alt = big->alt + (big->cnt % 2 == 0 ? mid : -mid);
}

/* Lifts the child of x on side d above x; returns it. */
static uint32_t rotate(cl_anode *nd, uint32_t x, int d)
{
    const uint32_t y = nd[x].kid[d];
    nd[x].kid[d] = nd[y].kid[!d];
    nd[y].kid[!d] = x;
    fix(nd, x);
    fix(nd, y);
    return y;
}

static uint32_t new_node(cl_altset *s, cl_wide v)
{
    uint32_t x = s->free;
    if (x != 0)
        s->free = s->node[x].kid[0];
    else
        x = ++s->used;
    s->seed ^= s->seed << 13;
    s->seed ^= s->seed >> 7;
    s->seed ^= s->seed << 17;
    cl_anode *const t = &s->node[x];
    t->key = t->alt = v;
    t->cnt = 1;
    t->pri = (uint32_t)(s->seed >> 32);
    t->kid[0] = t->kid[1] = 0;
    return x;
}

/* Inserts node x into tree t; returns the new root. */
static uint32_t put(cl_anode *nd, uint32_t t, uint32_t x)
{
    if (t == 0)
        return x;
    const int d = nd[x].key >= nd[t].key;
    nd[t].kid[d] = put(nd, nd[t].kid[d], x);
    if (nd[nd[t].kid[d]].pri > nd[t].pri)
        return rotate(nd, t, d);
    fix(nd, t);
    return t;
}

void cl_altset_insert(cl_altset *s, cl_wide v)
{
    s->root = put(s->node, s->root, new_node(s, v));
}

/* Removes node x, the root of tree t, rotating it down; returns the new
 * root. */
static uint32_t drop(cl_anode *nd, uint32_t x)
{
    const uint32_t l = nd[x].kid[0], r = nd[x].kid[1];
    if (l == 0 || r == 0)
        return l + r;
    const int d = nd[r].pri > nd[l].pri;
    const uint32_t y = nd[x].kid[d];
    nd[x].kid[d] = nd[y].kid[!d];
    nd[y].kid[!d] = drop(nd, x);
    fix(nd, y);
    return y;
}

/* Removes one node keyed v from tree *t; returns it, or 0. */
static uint32_t take(cl_anode *nd, uint32_t *t, cl_wide v)
{
    const uint32_t x = *t;
    if (x == 0)
        return 0;
    if (nd[x].key == v) {
        *t = drop(nd, x);
        return x;
    }
    const uint32_t got = take(nd, &nd[x].kid[v > nd[x].key], v);
    if (got != 0)
        fix(nd, x);
    return got;
}

int cl_altset_erase(cl_altset *s, cl_wide v)
{
    const uint32_t x = take(s->node, &s->root, v);
    if (x == 0)
        return -1;
    s->node[x].kid[0] = s->free;
    s->free = x;
    return 0;
}

void cl_altset_above(const cl_altset *s, cl_wide v, int or_equal,
                     uint32_t *count, cl_wide *alt)
{
    const cl_anode *const nd = s->node;
    uint32_t x = s->root, c = 0;
    cl_wide a = 0;
    while (x != 0) {
        if (nd[x].key > v || (or_equal && nd[x].key == v)) {
            /* this node and its larger subtree are above v */
            const cl_anode *const big = &nd[nd[x].kid[1]];
            const cl_wide part = big->alt + (big->cnt % 2 == 0 ? nd[x].key
                                                               : -nd[x].key);
            a += c % 2 == 0 ? part : -part;
            c += big->cnt + 1;
            x = nd[x].kid[0];
        } else {
            x = nd[x].kid[1];
        }
    }
    *count = c;
    *alt = a;
}

/* Sorts c[0..k-1] by decreasing value (k is small). */
static void sort_changes(cl_change *c, size_t k)
{
    for (size_t i = 1; i < k; i++) {
        const cl_change t = c[i];
        size_t j = i;
        for (; j > 0 && c[j - 1].v < t.v; j--)
            c[j] = c[j - 1];
        c[j] = t;
    }
}

cl_wide cl_altset_sum_with(const cl_altset *s, cl_change *c, size_t k)
{
    cl_wide sum = 0, prev = 0; /* prev: the sum of the values >= the last */
    int shift = 0;             /* net count of changes so far, mod 2 */
    sort_changes(c, k);
    for (size_t i = 0; i < k;) {
        const cl_wide t = c[i].v;
        int d = 0;
        for (; i < k && c[i].v == t; i++)
            d += c[i].d;
        uint32_t gt, ge;
        cl_wide agt, age;
        cl_altset_above(s, t, 0, &gt, &agt);
        cl_altset_above(s, t, 1, &ge, &age);
        sum += shift ? prev - agt : agt - prev; /* the values between */
        const long long copies = (long long)(ge - gt) + d;
        if (copies % 2 != 0) /* the copies of t alternate; one is left */
            sum += (gt + (unsigned)shift) % 2 == 0 ? t : -t;
        shift = (shift + (d & 1)) & 1;
        prev = age;
    }
    const cl_wide rest = cl_altset_sum(s) - prev;
    return sum + (shift ? -rest : rest);
}

/* Fixes the subtree of x bottom up. */
static void fix_all(cl_anode *nd, uint32_t x)
{
    if (x == 0)
        return;
    fix_all(nd, nd[x].kid[0]);
    fix_all(nd, nd[x].kid[1]);
    fix(nd, x);
}

int cl_altset_build(cl_altset *s, const cl_wide *v, size_t k)
{
    uint32_t *const path = malloc((k + 1) * sizeof *path);
    size_t depth = 0;
    if (path == NULL)
        return COINLINE_ENOMEM;
    cl_altset_clear(s);
    for (size_t i = 0; i < k; i++) {
        const uint32_t x = new_node(s, v[i]);
        uint32_t last = 0;
        while (depth > 0 && s->node[path[depth - 1]].pri < s->node[x].pri)
            last = path[--depth];
        s->node[x].kid[0] = last;
        if (depth > 0)
            s->node[path[depth - 1]].kid[1] = x;
        path[depth++] = x;
    }
    s->root = depth > 0 ? path[0] : 0;
    free(path);
    fix_all(s->node, s->root);
    return COINLINE_OK;
}
