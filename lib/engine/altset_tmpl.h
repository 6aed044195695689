/* SPDX-License-Identifier: MIT */
/*
 * altset_tmpl.h - a multiset of values that knows its alternating sum: sorted
 * in decreasing order s0 >= s1 >= s2 >= ..., the sum s0 - s1 + s2 - ...
 * The engine keeps the reduced row's blocks in one; on a valley that sum is
 * the value of the position.
 *
 * The engine's changes fall almost all within a few dozen values of the
 * largest or the smallest (the row's ends are the tops of the valley's
 * slopes), so the set is three parts: the largest values in a short sorted
 * array (top), the smallest in another (bot), and the rest in a treap
 * (mid), every top value >= every mid value >= every bot value. A change
 * in top or bot shifts at most 2 BUF values; a buffer that runs low takes
 * BUF values from mid by one split, one that runs over gives BUF back by
 * one join, both O(log k). A change inside mid is O(log k) expected.
 *
 * Until a change falls inside it, mid is not even a treap: a fill leaves
 * it a sorted array with alternating prefix sums, from which the buffers
 * refill and into which they spill by moving its two ends, O(1) a value.
 * The first change inside, or a spill with no room, turns it into a treap
 * in O(k).
 *
 * The treap is keyed by value, larger values in kid[1], on an array of
 * nodes allocated once. A node's subtree read in decreasing order is: the
 * larger subtree, the node, the smaller subtree; so its alternating sum is
 * alt(larger) + (+-)key + (+-)alt(smaller), the signs set by the larger
 * subtree's count (fix()). The sum of the whole set joins the three parts
 * the same way.
 *
 * Not a normal header: engine.c includes it once for each value type,
 * with CL_T (the type), CL_UT (its unsigned twin) and CL_NAME(x) (a name
 * mangler) defined.
 */
#if !defined(CL_T) || !defined(CL_UT) || !defined(CL_NAME)
#error "altset_tmpl.h is a template: only engine.c includes it"
#endif

/* A buffer is refilled below BUF / 2 values and spilt above 2 BUF. */
#ifndef CL_ALTSET_BUF
#define CL_ALTSET_BUF 64
#endif

typedef struct {
    CL_T key;
    CL_T alt; /* alternating sum of the subtree, decreasing order */
    uint32_t cnt;
    uint32_t pri;
    uint32_t kid[2]; /* smaller, larger; 0 is no node */
} CL_NAME(cl_anode);

typedef struct {
    CL_NAME(cl_anode) *node; /* node[0] is the empty tree */
    uint32_t root;           /* mid */
    uint32_t free;           /* a list of free nodes through kid[0] */
    uint32_t used;
    uint32_t cap;
    uint64_t seed;
    uint32_t *path;                  /* the right spine while building */
    CL_T top[2 * CL_ALTSET_BUF + 1]; /* increasing */
    CL_T bot[2 * CL_ALTSET_BUF + 1]; /* decreasing */
    uint32_t ntop, nbot;
    CL_T top_alt, bot_alt; /* their alternating sums, largest first */
    int tree;              /* mid is the treap at root, else arr[ms..me) */
    CL_T *arr;             /* sorted mid */
    CL_UT *q; /* q[i] = sum over j < i of (-1)^j arr[j], modulo 2^bits:
               * it keeps values long gone; differences are exact */
    uint32_t ms, me;
} CL_NAME(cl_altset);

/* A change to a multiset: d = -1 removes a copy of v, +1 adds one. */
typedef struct {
    CL_T v;
    int d;
} CL_NAME(cl_change);

static inline CL_T CL_NAME(signed_if)(uint64_t odd, CL_T v)
{
    return odd % 2 == 0 ? v : -v;
}

/* The number of values in mid. */
static inline uint32_t CL_NAME(cl_altset_mid_size)(const CL_NAME(cl_altset) *s)
{
    return s->tree ? s->node[s->root].cnt : s->me - s->ms;
}

/* The alternating sum of arr[i..s->me), largest first. */
static inline CL_T CL_NAME(arr_alt)(const CL_NAME(cl_altset) *s, uint32_t i)
{
    return CL_NAME(signed_if)(s->me + 1, (CL_T)(s->q[s->me] - s->q[i]));
}

/* The alternating sum of mid, largest first. */
static inline CL_T CL_NAME(mid_alt)(const CL_NAME(cl_altset) *s)
{
    return s->tree ? s->node[s->root].alt : CL_NAME(arr_alt)(s, s->ms);
}

/* The alternating sum s0 - s1 + s2 - ... (0 when empty). O(1). */
static inline CL_T CL_NAME(cl_altset_sum)(const CL_NAME(cl_altset) *s)
{
    return s->top_alt + CL_NAME(signed_if)(s->ntop, CL_NAME(mid_alt)(s)) +
           CL_NAME(signed_if)(s->ntop + CL_NAME(cl_altset_mid_size)(s),
                              s->bot_alt);
}

/* The number of values held. O(1). */
COINLINE_MAYBE_UNUSED static inline uint32_t CL_NAME(cl_altset_size)(
    const CL_NAME(cl_altset) *s)
{
    return s->ntop + CL_NAME(cl_altset_mid_size)(s) + s->nbot;
}

/* Room for cap values (cap < 2^32 - 2). Returns 0, COINLINE_ETOOBIG or
 * COINLINE_ENOMEM. */
static int CL_NAME(cl_altset_init)(CL_NAME(cl_altset) *s, size_t cap)
{
    memset(s, 0, sizeof *s);
    s->seed = 0x9e3779b97f4a7c15u;
    if (cap >= UINT32_MAX - 1)
        return COINLINE_ETOOBIG;
    s->node = cl_big_alloc(cap + 1, sizeof *s->node, 0);
    s->path = cl_big_alloc(cap + 1, sizeof *s->path, 0);
    s->arr = cl_big_alloc(cap + 1, sizeof *s->arr, 0);
    s->q = cl_big_alloc(cap + 2, sizeof *s->q, 0);
    if (s->node == NULL || s->path == NULL || s->arr == NULL || s->q == NULL)
        return COINLINE_ENOMEM;
    memset(&s->node[0], 0, sizeof s->node[0]); /* the empty tree */
    s->q[0] = 0;
    s->cap = (uint32_t)cap;
    return COINLINE_OK;
}

/* Releases the nodes. */
static void CL_NAME(cl_altset_free)(CL_NAME(cl_altset) *s)
{
    free(s->node);
    free(s->path);
    free(s->arr);
    free(s->q);
    s->node = NULL;
    s->path = NULL;
    s->arr = NULL;
    s->q = NULL;
}

/* Removes every value; keeps the room. */
static void CL_NAME(cl_altset_clear)(CL_NAME(cl_altset) *s)
{
    s->root = s->free = s->used = 0;
    s->ntop = s->nbot = 0;
    s->top_alt = s->bot_alt = 0;
    s->tree = 0;
    s->ms = s->me = 0;
    if (s->q != NULL)
        s->q[0] = 0;
}

/* ---- the treap (mid) ----------------------------------------------------- */

static inline void CL_NAME(fix)(CL_NAME(cl_anode) *nd, uint32_t x)
{
    CL_NAME(cl_anode) *const t = &nd[x];
    const CL_NAME(cl_anode) *const big = &nd[t->kid[1]];
    const CL_NAME(cl_anode) *const small = &nd[t->kid[0]];
    t->cnt = big->cnt + 1 + small->cnt;
    t->alt = big->alt + CL_NAME(signed_if)(big->cnt, t->key - small->alt);
}

/* Lifts the child of x on side d above x; returns it. */
static uint32_t CL_NAME(rotate)(CL_NAME(cl_anode) *nd, uint32_t x, int d)
{
    const uint32_t y = nd[x].kid[d];
    nd[x].kid[d] = nd[y].kid[!d];
    nd[y].kid[!d] = x;
    CL_NAME(fix)(nd, x);
    CL_NAME(fix)(nd, y);
    return y;
}

static uint32_t CL_NAME(new_node)(CL_NAME(cl_altset) *s, CL_T v)
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

static void CL_NAME(free_node)(CL_NAME(cl_altset) *s, uint32_t x)
{
    s->node[x].kid[0] = s->free;
    s->free = x;
}

/* Inserts node x into tree t; returns the new root. */
static uint32_t CL_NAME(put)(CL_NAME(cl_anode) *nd, uint32_t t, uint32_t x)
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

/* Removes node x, the root of its tree, rotating it down; returns the new
 * root. */
static uint32_t CL_NAME(drop)(CL_NAME(cl_anode) *nd, uint32_t x)
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
static uint32_t CL_NAME(take)(CL_NAME(cl_anode) *nd, uint32_t *t, CL_T v)
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

/* Splits tree x into its k smallest values (*l) and the rest (*r). */
static void CL_NAME(split_count)(CL_NAME(cl_anode) *nd, uint32_t x, uint32_t k,
                                 uint32_t *l, uint32_t *r)
{
    if (x == 0) {
        *l = *r = 0;
        return;
    }
    const uint32_t cs = nd[nd[x].kid[0]].cnt;
    if (k <= cs) {
        CL_NAME(split_count)(nd, nd[x].kid[0], k, l, &nd[x].kid[0]);
        *r = x;
    } else {
        CL_NAME(split_count)(nd, nd[x].kid[1], k - cs - 1, &nd[x].kid[1], r);
        *l = x;
    }
    CL_NAME(fix)(nd, x);
}

/* Joins trees x and y, every value of x <= every value of y. */
static uint32_t CL_NAME(join)(CL_NAME(cl_anode) *nd, uint32_t x, uint32_t y)
{
    if (x == 0 || y == 0)
        return x + y;
    if (nd[x].pri > nd[y].pri) {
        nd[x].kid[1] = CL_NAME(join)(nd, nd[x].kid[1], y);
        CL_NAME(fix)(nd, x);
        return x;
    }
    nd[y].kid[0] = CL_NAME(join)(nd, x, nd[y].kid[0]);
    CL_NAME(fix)(nd, y);
    return y;
}

/* Writes tree x's values in increasing order to out[*k..] and frees its
 * nodes. */
static void CL_NAME(flatten)(CL_NAME(cl_altset) *s, uint32_t x, CL_T *out,
                             uint32_t *k)
{
    if (x == 0)
        return;
    const uint32_t l = s->node[x].kid[0], r = s->node[x].kid[1];
    CL_NAME(flatten)(s, l, out, k);
    out[(*k)++] = s->node[x].key;
    CL_NAME(flatten)(s, r, out, k);
    CL_NAME(free_node)(s, x);
}

/* A tree of v[0..k-1] (increasing), built in O(k) as a Cartesian tree of
 * random priorities on the right spine kept in path[]. */
static uint32_t CL_NAME(build_tree)(CL_NAME(cl_altset) *s, const CL_T *v,
                                    uint32_t k)
{
    size_t depth = 0;
    for (uint32_t i = 0; i < k; i++) {
        const uint32_t x = CL_NAME(new_node)(s, v[i]);
        uint32_t last = 0;
        while (depth > 0 && s->node[s->path[depth - 1]].pri < s->node[x].pri) {
            last = s->path[--depth]; /* its subtree is complete */
            CL_NAME(fix)(s->node, last);
        }
        s->node[x].kid[0] = last;
        if (depth > 0)
            s->node[s->path[depth - 1]].kid[1] = x;
        s->path[depth++] = x;
    }
    const uint32_t root = depth > 0 ? s->path[0] : 0;
    while (depth > 0) /* the right spine, from the bottom */
        CL_NAME(fix)(s->node, s->path[--depth]);
    return root;
}

/* Turns the array mid into a treap: O(k). */
static void CL_NAME(materialize)(CL_NAME(cl_altset) *s)
{
    if (s->tree)
        return;
    s->root = CL_NAME(build_tree)(s, s->arr + s->ms, s->me - s->ms);
    s->tree = 1;
}

/* ---- the buffers ------------------------------------------------------- */

/* top is increasing and bot decreasing, so both keep their outer end (the
 * largest, the smallest value) last, where the changes are: a change at
 * index i costs O(n - i). top_alt counts signs from the end, bot_alt from
 * the start (the order in which the whole sum meets them). */

/* Adds v to top. */
static void CL_NAME(top_insert)(CL_NAME(cl_altset) *s, CL_T v)
{
    CL_T *const b = s->top;
    const uint32_t n = s->ntop;
    uint32_t i = n;
    CL_T upper = 0; /* the values above v, signs from the end */
    for (; i > 0 && b[i - 1] > v; i--) {
        b[i] = b[i - 1];
        upper += CL_NAME(signed_if)(n - i, b[i]);
    }
    b[i] = v;
    s->ntop = n + 1;
    s->top_alt = upper + CL_NAME(signed_if)(n - i, v) - (s->top_alt - upper);
}

/* Removes one copy of v from top; -1 if absent. */
static int CL_NAME(top_erase)(CL_NAME(cl_altset) *s, CL_T v)
{
    CL_T *const b = s->top;
    const uint32_t n = s->ntop;
    uint32_t i = n;
    CL_T upper = 0;
    while (i > 0 && b[i - 1] != v) {
        if (b[i - 1] < v)
            return -1;
        i--;
        upper += CL_NAME(signed_if)(n - 1 - i, b[i]);
    }
    if (i == 0)
        return -1;
    i--; /* b[i] == v */
    const CL_T lower = s->top_alt - upper - CL_NAME(signed_if)(n - 1 - i, v);
    for (uint32_t j = i; j + 1 < n; j++)
        b[j] = b[j + 1];
    s->ntop = n - 1;
    s->top_alt = upper - lower;
    return 0;
}

/* Adds v to bot. */
static void CL_NAME(bot_insert)(CL_NAME(cl_altset) *s, CL_T v)
{
    CL_T *const b = s->bot;
    const uint32_t n = s->nbot;
    uint32_t i = n;
    CL_T tail = 0; /* the values below v, signs from the start */
    for (; i > 0 && b[i - 1] < v; i--) {
        b[i] = b[i - 1];
        tail += CL_NAME(signed_if)(i - 1, b[i]);
    }
    b[i] = v;
    s->nbot = n + 1;
    s->bot_alt = (s->bot_alt - tail) + CL_NAME(signed_if)(i, v) - tail;
}

/* Removes one copy of v from bot; -1 if absent. */
static int CL_NAME(bot_erase)(CL_NAME(cl_altset) *s, CL_T v)
{
    CL_T *const b = s->bot;
    const uint32_t n = s->nbot;
    uint32_t i = n;
    CL_T tail = 0;
    while (i > 0 && b[i - 1] != v) {
        if (b[i - 1] > v)
            return -1;
        i--;
        tail += CL_NAME(signed_if)(i, b[i]);
    }
    if (i == 0)
        return -1;
    i--; /* b[i] == v */
    const CL_T prefix = s->bot_alt - tail - CL_NAME(signed_if)(i, v);
    for (uint32_t j = i; j + 1 < n; j++)
        b[j] = b[j + 1];
    s->nbot = n - 1;
    s->bot_alt = prefix - tail;
    return 0;
}

/* The alternating sum of top (from its end). */
static CL_T CL_NAME(top_sum)(const CL_NAME(cl_altset) *s)
{
    CL_T a = 0;
    for (uint32_t i = 0; i < s->ntop; i++)
        a = s->top[i] - a;
    return a;
}

/* The alternating sum of bot (from its start). */
static CL_T CL_NAME(bot_sum)(const CL_NAME(cl_altset) *s)
{
    CL_T a = 0;
    for (uint32_t i = s->nbot; i > 0; i--)
        a = s->bot[i - 1] - a;
    return a;
}

/* Moves the largest values of mid to the bottom of top. */
static void CL_NAME(refill_top)(CL_NAME(cl_altset) *s)
{
    const uint32_t cnt = CL_NAME(cl_altset_mid_size)(s);
    const uint32_t k = cnt < CL_ALTSET_BUF ? cnt : CL_ALTSET_BUF;
    uint32_t high, got = 0;
    for (uint32_t i = s->ntop; i > 0; i--)
        s->top[i - 1 + k] = s->top[i - 1];
    if (s->tree) {
        CL_NAME(split_count)(s->node, s->root, cnt - k, &s->root, &high);
        CL_NAME(flatten)(s, high, s->top, &got);
    } else {
        s->me -= k;
        memcpy(s->top, s->arr + s->me, k * sizeof *s->top);
    }
    s->ntop += k;
    s->top_alt = CL_NAME(top_sum)(s);
}

/* Moves the smallest values of mid to the start of bot. */
static void CL_NAME(refill_bot)(CL_NAME(cl_altset) *s)
{
    const uint32_t cnt = CL_NAME(cl_altset_mid_size)(s);
    const uint32_t k = cnt < CL_ALTSET_BUF ? cnt : CL_ALTSET_BUF;
    CL_T low[CL_ALTSET_BUF];
    uint32_t t, got = 0;
    if (s->tree) {
        CL_NAME(split_count)(s->node, s->root, k, &t, &s->root);
        CL_NAME(flatten)(s, t, low, &got);
    } else {
        memcpy(low, s->arr + s->ms, k * sizeof *low);
        s->ms += k;
    }
    for (uint32_t i = s->nbot; i > 0; i--)
        s->bot[i - 1 + k] = s->bot[i - 1];
    for (uint32_t i = 0; i < k; i++)
        s->bot[i] = low[k - 1 - i];
    s->nbot += k;
    s->bot_alt = CL_NAME(bot_sum)(s);
}

/* Gives the BUF smallest values of top to mid. */
static void CL_NAME(spill_top)(CL_NAME(cl_altset) *s)
{
    if (!s->tree && s->me + CL_ALTSET_BUF <= s->cap) {
        for (uint32_t i = 0; i < CL_ALTSET_BUF; i++, s->me++) {
            s->arr[s->me] = s->top[i];
            s->q[s->me + 1] =
                s->q[s->me] + (CL_UT)CL_NAME(signed_if)(s->me, s->top[i]);
        }
    } else {
        CL_NAME(materialize)(s);
        const uint32_t t = CL_NAME(build_tree)(s, s->top, CL_ALTSET_BUF);
        s->root = CL_NAME(join)(s->node, s->root, t);
    }
    s->ntop -= CL_ALTSET_BUF;
    for (uint32_t i = 0; i < s->ntop; i++)
        s->top[i] = s->top[i + CL_ALTSET_BUF];
    s->top_alt = CL_NAME(top_sum)(s);
}

/* Gives the BUF largest values of bot to mid. */
static void CL_NAME(spill_bot)(CL_NAME(cl_altset) *s)
{
    CL_T up[CL_ALTSET_BUF];
    for (uint32_t i = 0; i < CL_ALTSET_BUF; i++)
        up[i] = s->bot[CL_ALTSET_BUF - 1 - i];
    if (!s->tree && s->ms >= CL_ALTSET_BUF) {
        for (uint32_t i = CL_ALTSET_BUF; i > 0; i--) { /* q back from ms */
            s->ms--;
            s->arr[s->ms] = up[i - 1];
            s->q[s->ms] =
                s->q[s->ms + 1] - (CL_UT)CL_NAME(signed_if)(s->ms, up[i - 1]);
        }
    } else {
        CL_NAME(materialize)(s);
        const uint32_t t = CL_NAME(build_tree)(s, up, CL_ALTSET_BUF);
        s->root = CL_NAME(join)(s->node, t, s->root);
    }
    s->nbot -= CL_ALTSET_BUF;
    for (uint32_t i = 0; i < s->nbot; i++)
        s->bot[i] = s->bot[i + CL_ALTSET_BUF];
    s->bot_alt = CL_NAME(bot_sum)(s);
}

/* Keeps both buffers between BUF / 2 and 2 BUF while mid has values. */
static void CL_NAME(rebalance)(CL_NAME(cl_altset) *s)
{
    if (s->ntop > 2 * CL_ALTSET_BUF)
        CL_NAME(spill_top)(s);
    if (s->nbot > 2 * CL_ALTSET_BUF)
        CL_NAME(spill_bot)(s);
    if (s->ntop < CL_ALTSET_BUF / 2 && CL_NAME(cl_altset_mid_size)(s) > 0)
        CL_NAME(refill_top)(s);
    if (s->nbot < CL_ALTSET_BUF / 2 && CL_NAME(cl_altset_mid_size)(s) > 0)
        CL_NAME(refill_bot)(s);
}

/* ---- the set ----------------------------------------------------------- */

/* Adds v; the set must hold fewer than cap values. O(distance to the
 * nearer end) within BUF of either end, O(log k) expected elsewhere. */
static void CL_NAME(cl_altset_insert)(CL_NAME(cl_altset) *s, CL_T v)
{
    const uint32_t mid = CL_NAME(cl_altset_mid_size)(s);
    if ((s->ntop > 0 && v >= s->top[0]) || (mid == 0 && s->nbot == 0))
        CL_NAME(top_insert)(s, v);
    else if (s->nbot > 0 && v <= s->bot[0])
        CL_NAME(bot_insert)(s, v);
    else if (mid == 0)
        CL_NAME(top_insert)(s, v);
    else {
        CL_NAME(materialize)(s);
        s->root = CL_NAME(put)(s->node, s->root, CL_NAME(new_node)(s, v));
    }
    CL_NAME(rebalance)(s);
}

/* Removes one copy of v; returns 0, or -1 when v is not held. As insert. */
static int CL_NAME(cl_altset_erase)(CL_NAME(cl_altset) *s, CL_T v)
{
    if (s->ntop > 0 && v >= s->top[0]) {
        if (CL_NAME(top_erase)(s, v) != 0)
            return -1;
    } else if (s->nbot > 0 && v <= s->bot[0]) {
        if (CL_NAME(bot_erase)(s, v) != 0)
            return -1;
    } else {
        CL_NAME(materialize)(s);
        const uint32_t x = CL_NAME(take)(s->node, &s->root, v);
        if (x == 0)
            return -1;
        CL_NAME(free_node)(s, x);
    }
    CL_NAME(rebalance)(s);
    return 0;
}

/* The count of values > v (>= v if or_equal) and their alternating sum
 * (from the largest, with the signs they have in the whole sum).
 * O(BUF + log k) expected, read only. */
static void CL_NAME(cl_altset_above)(const CL_NAME(cl_altset) *s, CL_T v,
                                     int or_equal, uint32_t *count, CL_T *alt)
{
    const CL_NAME(cl_anode) *const nd = s->node;
    CL_T a = 0;
    uint32_t c = 0;
    if (s->ntop > 0 && s->top[0] > v) { /* all of top */
        c = s->ntop;
        a = s->top_alt;
    } else {
        for (uint32_t i = s->ntop; i > 0; i--, c++) {
            const CL_T b = s->top[i - 1];
            if (!(b > v || (or_equal && b == v)))
                break;
            a += CL_NAME(signed_if)(c, b);
        }
    }
    if (c == s->ntop && !s->tree) {      /* all of top: on into mid */
        uint32_t lo = s->ms, hi = s->me; /* first index above v */
        while (lo < hi) {
            const uint32_t m = lo + (hi - lo) / 2;
            if (s->arr[m] > v || (or_equal && s->arr[m] == v))
                hi = m;
            else
                lo = m + 1;
        }
        a += CL_NAME(signed_if)(c, CL_NAME(arr_alt)(s, lo));
        c += s->me - lo;
    } else if (c == s->ntop) {
        uint32_t x = s->root;
        while (x != 0) {
            if (nd[x].key > v || (or_equal && nd[x].key == v)) {
                /* this node and its larger subtree are above v */
                const CL_NAME(cl_anode) *const big = &nd[nd[x].kid[1]];
                a += CL_NAME(signed_if)(
                    c, big->alt + CL_NAME(signed_if)(big->cnt, nd[x].key));
                c += big->cnt + 1;
                x = nd[x].kid[0];
            } else {
                x = nd[x].kid[1];
            }
        }
    }
    if (c == s->ntop + CL_NAME(cl_altset_mid_size)(s) && s->nbot > 0 &&
        s->bot[0] >= v) {              /* all of mid, and some of bot */
        if (s->bot[s->nbot - 1] > v) { /* all of bot */
            a += CL_NAME(signed_if)(c, s->bot_alt);
            c += s->nbot;
        } else {
            for (uint32_t i = 0; i < s->nbot; i++, c++) {
                const CL_T b = s->bot[i];
                if (!(b > v || (or_equal && b == v)))
                    break;
                a += CL_NAME(signed_if)(c, b);
            }
        }
    }
    *count = c;
    *alt = a;
}

/* Sorts c[0..k-1] by decreasing value (k is small). */
static void CL_NAME(sort_changes)(CL_NAME(cl_change) *c, size_t k)
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
 * them; reorders c. O(k^2 + k (BUF + log n)), read only. */
static CL_T CL_NAME(cl_altset_sum_with)(const CL_NAME(cl_altset) *s,
                                        CL_NAME(cl_change) *c, size_t k)
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
            sum += CL_NAME(signed_if)(gt + (unsigned)shift, t);
        shift = (shift + (d & 1)) & 1;
        prev = age;
    }
    const CL_T rest = CL_NAME(cl_altset_sum)(s) - prev;
    return sum + (shift ? -rest : rest);
}

/* Building in O(k): begin() empties the set, add() appends values in
 * increasing order (at most cap in all) to the array mid, end() fills
 * the buffers from it. */
static void CL_NAME(cl_altset_begin)(CL_NAME(cl_altset) *s)
{
    CL_NAME(cl_altset_clear)(s);
}

static void CL_NAME(cl_altset_add)(CL_NAME(cl_altset) *s, CL_T v)
{
    s->arr[s->me] = v;
    s->q[s->me + 1] = s->q[s->me] + (CL_UT)CL_NAME(signed_if)(s->me, v);
    s->me++;
}

static void CL_NAME(cl_altset_end)(CL_NAME(cl_altset) *s)
{
    CL_NAME(rebalance)(s);
}
