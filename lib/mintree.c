/* mintree.c - the minimum segment tree (see mintree.h). */
#include <stdint.h>
#include <stdlib.h>

#include "mintree.h"

int cl_mintree_init(cl_mintree *m, size_t leaves)
{
    size_t p = 1;
    while (p < leaves)
        p *= 2;
    m->size = p;
    m->t = calloc(2 * p, sizeof *m->t);
    return m->t != NULL ? COINLINE_OK : COINLINE_ENOMEM;
}

void cl_mintree_free(cl_mintree *m)
{
    free(m->t);
    m->t = NULL;
    m->size = 0;
}

static inline cl_wide min2(cl_wide x, cl_wide y)
{
    return x < y ? x : y;
}

void cl_mintree_set(cl_mintree *m, size_t i, cl_wide v)
{
    size_t x = m->size + i;
    m->t[x] = v;
    for (x /= 2; x >= 1; x /= 2) {
        const cl_wide mn = min2(m->t[2 * x], m->t[2 * x + 1]);
        if (m->t[x] == mn)
            break; /* the nodes above see no change */
        m->t[x] = mn;
    }
}

void cl_mintree_fix(cl_mintree *m, size_t lo, size_t hi)
{
    if (lo >= hi)
        return;
    size_t a = (m->size + lo) / 2, b = (m->size + hi - 1) / 2;
    for (; a >= 1; a /= 2, b /= 2)
        for (size_t x = a; x <= b; x++)
            m->t[x] = min2(m->t[2 * x], m->t[2 * x + 1]);
}

/* The first leaf under node x with value < thr; t[x] < thr. */
static size_t descend(const cl_mintree *m, size_t x, cl_wide thr)
{
    while (x < m->size)
        x = m->t[2 * x] < thr ? 2 * x : 2 * x + 1;
    return x - m->size;
}

size_t cl_mintree_first_below(const cl_mintree *m, size_t lo, size_t hi,
                              cl_wide thr)
{
    size_t right[2 * sizeof(size_t) * 8], nr = 0;
    size_t l = m->size + lo, r = m->size + hi + 1;
    for (; l < r; l /= 2, r /= 2) {
        if (l & 1) {
            if (m->t[l] < thr)
                return descend(m, l, thr);
            l++;
        }
        if (r & 1)
            right[nr++] = --r;
    }
    while (nr > 0) {
        const size_t x = right[--nr];
        if (m->t[x] < thr)
            return descend(m, x, thr);
    }
    return SIZE_MAX;
}
