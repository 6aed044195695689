/*
 * altset.h - a multiset of values that knows its alternating sum: sorted
 * in decreasing order s0 >= s1 >= s2 >= ..., the sum s0 - s1 + s2 - ...
 * The engine keeps the reduced row's blocks in one; on a valley that sum is
 * the value of the position.
 *
 * A treap keyed by value, larger values in kid[1], on an array of nodes
 * allocated once: insert and erase are O(log k) expected for k values
 * held, the sum is O(1). A node's subtree read in decreasing order is:
 * the larger subtree, the node, the smaller subtree; so its alternating
 * sum is alt(larger) + (+-)key + (+-)alt(smaller), the signs set by the
 * larger subtree's count (fix()). Insert and erase rotate a node up or
 * down to keep the heap order of priorities.
 *
 * Not a normal header: engine.c includes it once for each value type,
 * with CL_T (the type) and CL_NAME(x) (a name mangler) defined.
 */

typedef struct {
    CL_T key;
    CL_T alt; /* alternating sum of the subtree, decreasing order */
    uint32_t cnt;
    uint32_t pri;
    uint32_t kid[2]; /* smaller, larger; 0 is no node */
} CL_NAME(cl_anode);

typedef struct {
    CL_NAME(cl_anode) * node; /* node[0] is the empty tree */
    uint32_t root;
    uint32_t free; /* a list of free nodes through kid[0] */
    uint32_t used;
    uint32_t cap;
    uint64_t seed;
    uint32_t *path; /* the right spine while building */
    size_t depth;
} CL_NAME(cl_altset);

/* A change to a multiset: d = -1 removes a copy of v, +1 adds one. */
typedef struct {
    CL_T v;
    int d;
} CL_NAME(cl_change);

/* The alternating sum s0 - s1 + s2 - ... (0 when empty). */
static inline CL_T CL_NAME(cl_altset_sum)(const CL_NAME(cl_altset) * s)
{
    return s->node[s->root].alt;
}

/* The number of values held. */
static inline uint32_t CL_NAME(cl_altset_size)(const CL_NAME(cl_altset) * s)
{
    return s->node[s->root].cnt;
}

/* Room for cap values (cap < 2^32 - 1). Returns 0, COINLINE_ETOOBIG or
 * COINLINE_ENOMEM. */
static int CL_NAME(cl_altset_init)(CL_NAME(cl_altset) * s, size_t cap)
{
    s->node = NULL;
    s->root = s->free = s->used = s->cap = 0;
    s->seed = 0x9e3779b97f4a7c15u;
    if (cap >= UINT32_MAX - 1)
        return COINLINE_ETOOBIG;
    s->node = calloc(cap + 1, sizeof *s->node);
    s->path = malloc((cap + 1) * sizeof *s->path);
    s->depth = 0;
    if (s->node == NULL || s->path == NULL)
        return COINLINE_ENOMEM;
    s->cap = (uint32_t)cap;
    return COINLINE_OK;
}

/* Releases the nodes. */
static void CL_NAME(cl_altset_free)(CL_NAME(cl_altset) * s)
{
    free(s->node);
    free(s->path);
    s->node = NULL;
    s->path = NULL;
    s->root = s->free = s->used = s->cap = 0;
}

/* Removes every value; keeps the room. */
static void CL_NAME(cl_altset_clear)(CL_NAME(cl_altset) * s)
{
    s->root = s->free = s->used = 0;
}

static inline void CL_NAME(fix)(CL_NAME(cl_anode) * nd, uint32_t x)
{
    CL_NAME(cl_anode) *const t = &nd[x];
    const CL_NAME(cl_anode) *const big = &nd[t->kid[1]];
    const CL_NAME(cl_anode) *const small = &nd[t->kid[0]];
    const CL_T mid = t->key - small->alt;
    t->cnt = big->cnt + 1 + small->cnt;
    t->alt = big->alt + (big->cnt % 2 == 0 ? mid : -mid);
}

/* Lifts the child of x on side d above x; returns it. */
static uint32_t CL_NAME(rotate)(CL_NAME(cl_anode) * nd, uint32_t x, int d)
{
    const uint32_t y = nd[x].kid[d];
    nd[x].kid[d] = nd[y].kid[!d];
    nd[y].kid[!d] = x;
    CL_NAME(fix)(nd, x);
    CL_NAME(fix)(nd, y);
    return y;
}

static uint32_t CL_NAME(new_node)(CL_NAME(cl_altset) * s, CL_T v)
{
    uint32_t x = s->free;
    if (x != 0)
        s->free = s->node[x].kid[0];
    else
        x = ++s->used;
    s->seed ^= s->seed << 13;
    s->seed ^= s->seed >> 7;
    s->seed ^= s->seed << 17;
    CL_NAME(cl_anode) *const t = &s->node[x];
    t->key = t->alt = v;
    t->cnt = 1;
    t->pri = (uint32_t)(s->seed >> 32);
    t->kid[0] = t->kid[1] = 0;
    return x;
}

/* Inserts node x into tree t; returns the new root. */
static uint32_t CL_NAME(put)(CL_NAME(cl_anode) * nd, uint32_t t, uint32_t x)
{
    if (t == 0)
        return x;
    const int d = nd[x].key >= nd[t].key;
    nd[t].kid[d] = CL_NAME(put)(nd, nd[t].kid[d], x);
    if (nd[nd[t].kid[d]].pri > nd[t].pri)
        return CL_NAME(rotate)(nd, t, d);
    CL_NAME(fix)(nd, t);
    return t;
}

/* Adds v; the set must hold fewer than cap values. O(log k) expected. */
static void CL_NAME(cl_altset_insert)(CL_NAME(cl_altset) * s, CL_T v)
{
    s->root = CL_NAME(put)(s->node, s->root, CL_NAME(new_node)(s, v));
}

/* Removes node x, the root of tree t, rotating it down; returns the new
 * root. */
static uint32_t CL_NAME(drop)(CL_NAME(cl_anode) * nd, uint32_t x)
{
    const uint32_t l = nd[x].kid[0], r = nd[x].kid[1];
    if (l == 0 || r == 0)
        return l + r;
    const int d = nd[r].pri > nd[l].pri;
    const uint32_t y = nd[x].kid[d];
    nd[x].kid[d] = nd[y].kid[!d];
    nd[y].kid[!d] = CL_NAME(drop)(nd, x);
    CL_NAME(fix)(nd, y);
    return y;
}

/* Removes one node keyed v from tree *t; returns it, or 0. */
static uint32_t CL_NAME(take)(CL_NAME(cl_anode) * nd, uint32_t *t, CL_T v)
{
    const uint32_t x = *t;
    if (x == 0)
        return 0;
    if (nd[x].key == v) {
        *t = CL_NAME(drop)(nd, x);
        return x;
    }
    const uint32_t got = CL_NAME(take)(nd, &nd[x].kid[v > nd[x].key], v);
    if (got != 0)
        CL_NAME(fix)(nd, x);
    return got;
}

/* Removes one copy of v; returns 0, or -1 when v is not held. O(log k)
 * expected. */
static int CL_NAME(cl_altset_erase)(CL_NAME(cl_altset) * s, CL_T v)
{
    const uint32_t x = CL_NAME(take)(s->node, &s->root, v);
    if (x == 0)
        return -1;
    s->node[x].kid[0] = s->free;
    s->free = x;
    return 0;
}

/* The count of values > v (>= v if or_equal) and their alternating sum
 * (from the largest, with the signs they have in the whole sum).
 * O(log k) expected, read only. */
static void CL_NAME(cl_altset_above)(const CL_NAME(cl_altset) * s, CL_T v,
                                     int or_equal, uint32_t *count, CL_T *alt)
{
    const CL_NAME(cl_anode) *const nd = s->node;
    uint32_t x = s->root, c = 0;
    CL_T a = 0;
    while (x != 0) {
        if (nd[x].key > v || (or_equal && nd[x].key == v)) {
            /* this node and its larger subtree are above v */
            const CL_NAME(cl_anode) *const big = &nd[nd[x].kid[1]];
            const CL_T part =
                big->alt + (big->cnt % 2 == 0 ? nd[x].key : -nd[x].key);
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
static void CL_NAME(sort_changes)(CL_NAME(cl_change) * c, size_t k)
{
    for (size_t i = 1; i < k; i++) {
        const CL_NAME(cl_change) t = c[i];
        size_t j = i;
        for (; j > 0 && c[j - 1].v < t.v; j--)
            c[j] = c[j - 1];
        c[j] = t;
    }
}

/* The alternating sum the set would have after the changes c[0..k-1]
 * (d = -1 removes a copy of a value held, +1 adds one), without making
 * them; reorders c. O(k^2 + k log n), read only. */
static CL_T CL_NAME(cl_altset_sum_with)(const CL_NAME(cl_altset) * s,
                                        CL_NAME(cl_change) * c, size_t k)
{
    CL_T sum = 0, prev = 0; /* prev: the sum of the values >= the last */
    int shift = 0;          /* net count of changes so far, mod 2 */
    CL_NAME(sort_changes)(c, k);
    for (size_t i = 0; i < k;) {
        const CL_T t = c[i].v;
        int d = 0;
        for (; i < k && c[i].v == t; i++)
            d += c[i].d;
        uint32_t gt, ge;
        CL_T agt, age;
        CL_NAME(cl_altset_above)(s, t, 0, &gt, &agt);
        CL_NAME(cl_altset_above)(s, t, 1, &ge, &age);
        sum += shift ? prev - agt : agt - prev; /* the values between */
        const long long copies = (long long)(ge - gt) + d;
        if (copies % 2 != 0) /* the copies of t alternate; one is left */
            sum += (gt + (unsigned)shift) % 2 == 0 ? t : -t;
        shift = (shift + (d & 1)) & 1;
        prev = age;
    }
    const CL_T rest = CL_NAME(cl_altset_sum)(s) - prev;
    return sum + (shift ? -rest : rest);
}

/* Building in O(k): begin() empties the set, add() appends values in
 * increasing order (at most cap in all), end() completes the tree. The
 * nodes form a Cartesian tree of random priorities on the right spine
 * kept in path[]; a node leaving the spine has its subtree complete. */
static void CL_NAME(cl_altset_begin)(CL_NAME(cl_altset) * s)
{
    CL_NAME(cl_altset_clear)(s);
    s->depth = 0;
}

static void CL_NAME(cl_altset_add)(CL_NAME(cl_altset) * s, CL_T v)
{
    const uint32_t x = CL_NAME(new_node)(s, v);
    uint32_t last = 0;
    while (s->depth > 0 &&
           s->node[s->path[s->depth - 1]].pri < s->node[x].pri) {
        last = s->path[--s->depth];
        CL_NAME(fix)(s->node, last);
    }
    s->node[x].kid[0] = last;
    if (s->depth > 0)
        s->node[s->path[s->depth - 1]].kid[1] = x;
    s->path[s->depth++] = x;
}

static void CL_NAME(cl_altset_end)(CL_NAME(cl_altset) * s)
{
    s->root = s->depth > 0 ? s->path[0] : 0;
    while (s->depth > 0) /* the right spine, from the bottom */
        CL_NAME(fix)(s->node, s->path[--s->depth]);
}
