/* SPDX-License-Identifier: MIT */
/*
 * mintree_tmpl.h - a minimum segment tree over a fixed number of leaves, with
 * the one search the engine's jumps need: the first leaf of a range whose
 * value is below a threshold.
 *
 * Leaves are padded to a power of two P; the tree is 2P values. set() and
 * first_below() are O(log P); put() writes a leaf alone and fix() then
 * mends the nodes above a range of leaves in O(range + log P).
 *
 * Not a normal header: engine.c includes it once for each value type,
 * with CL_T (the type) and CL_NAME(x) (a name mangler) defined.
 */
#if !defined(CL_T) || !defined(CL_NAME)
#error "mintree_tmpl.h is a template: only engine.c includes it"
#endif

typedef struct {
    CL_T *t; /* t[1] is the root; leaf i is t[size + i] */
    size_t size;
} CL_NAME(cl_mintree);

/* Leaf i takes value v; the nodes above wait for cl_mintree_fix(). */
static inline void CL_NAME(cl_mintree_put)(CL_NAME(cl_mintree) *m, size_t i,
                                           CL_T v)
{
    m->t[m->size + i] = v;
}

static int CL_NAME(cl_mintree_init)(CL_NAME(cl_mintree) *m, size_t leaves)
{
    size_t p = 1;
    while (p < leaves)
        p *= 2;
    m->size = p;
    m->t = calloc(2 * p, sizeof *m->t);
    return m->t != NULL ? COINLINE_OK : COINLINE_ENOMEM;
}

static void CL_NAME(cl_mintree_free)(CL_NAME(cl_mintree) *m)
{
    free(m->t);
    m->t = NULL;
    m->size = 0;
}

static inline CL_T CL_NAME(min2)(CL_T x, CL_T y)
{
    return x < y ? x : y;
}

static void CL_NAME(cl_mintree_set)(CL_NAME(cl_mintree) *m, size_t i, CL_T v)
{
    size_t x = m->size + i;
    if (m->t[x] == v)
        return; /* often so: a stack giving back what a merge consumed */
    m->t[x] = v;
    for (x /= 2; x >= 1; x /= 2) {
        const CL_T mn = CL_NAME(min2)(m->t[2 * x], m->t[2 * x + 1]);
        if (m->t[x] == mn)
            break; /* the nodes above see no change */
        m->t[x] = mn;
    }
}

static void CL_NAME(cl_mintree_fix)(CL_NAME(cl_mintree) *m, size_t lo,
                                    size_t hi)
{
    if (lo >= hi)
        return;
    size_t a = (m->size + lo) / 2, b = (m->size + hi - 1) / 2;
    for (; a >= 1; a /= 2, b /= 2)
        for (size_t x = a; x <= b; x++)
            m->t[x] = CL_NAME(min2)(m->t[2 * x], m->t[2 * x + 1]);
}

/* The first leaf under node x with value < thr; t[x] < thr. */
static size_t CL_NAME(descend)(const CL_NAME(cl_mintree) *m, size_t x, CL_T thr)
{
    while (x < m->size)
        x = m->t[2 * x] < thr ? 2 * x : 2 * x + 1;
    return x - m->size;
}

static size_t CL_NAME(cl_mintree_first_below)(const CL_NAME(cl_mintree) *m,
                                              size_t lo, size_t hi, CL_T thr)
{
    size_t right[2 * sizeof(size_t) * 8], nr = 0;
    size_t l = m->size + lo, r = m->size + hi + 1;
    for (; l < r; l /= 2, r /= 2) {
        if (l & 1) {
            if (m->t[l] < thr)
                return CL_NAME(descend)(m, l, thr);
            l++;
        }
        if (r & 1)
            right[nr++] = --r;
    }
    while (nr > 0) {
        const size_t x = right[--nr];
        if (m->t[x] < thr)
            return CL_NAME(descend)(m, x, thr);
    }
    return SIZE_MAX;
}
