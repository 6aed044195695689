/* SPDX-License-Identifier: MIT */
/*
 * engine_tmpl.h - the game engine, written once for both value types
 * (see engine.c for how it works). Not a normal header: engine.c includes
 * it twice, with CL_T (the value type), CL_NAME(x) (a name mangler) and
 * CL_NO_KEY (below every jump key) defined, after altset_tmpl.h and
 * mintree_tmpl.h.
 */
#if !defined(CL_T) || !defined(CL_NAME) || !defined(CL_NO_KEY)
#error "engine_tmpl.h is a template: only engine.c includes it"
#endif

/* One reduction stack; slot 0 is at the junction. */
typedef struct {
    CL_T *val;        /* the reduced values */
    CL_T *E;          /* E[k], k <= size: alternating prefix sums */
    CL_T *gv;         /* the value the multiset holds for a slot */
    CL_T *log;        /* x and y of every merge */
    uint32_t *merges; /* merges done by each coin pushed */
    size_t size, coins, nlog;
    size_t base;   /* the first arena slot (for the trees) */
    size_t dirty;  /* lowest slot rewritten since the multiset was synced */
    size_t g_from; /* the multiset holds slots [g_from, g_to) */
    size_t g_to;
} CL_NAME(cl_side);

/* A junction state: a[0] values of U and a[1] of W merged into m. */
typedef struct {
    size_t a[2];
    CL_T m;
} CL_NAME(cl_junct);

typedef struct {
    int64_t *a; /* the row */
    size_t n;
    char *moves; /* the sides played, 'L' or 'R' */
    size_t played;
    size_t lo, hi; /* the coins left: a[lo..hi-1] */
    CL_T total[2]; /* totals so far of players 1 and 2 */
    CL_NAME(cl_side) s[2];
    CL_T *arena[4]; /* val, E, gv and log of both stacks */
    uint32_t *merges;
    CL_NAME(cl_mintree) tree[2]; /* keys of arena slots by parity */
    CL_NAME(cl_junct) *h;        /* the junction history */
    size_t hn;
    uint64_t bytes;       /* allocated */
    CL_NAME(cl_altset) g; /* the blocks of the reduced form */
    int g_has_m;          /* the multiset holds g_m for the junction value */
    CL_T g_m;
    int g_valid;       /* the multiset is in use (else rebuilt on demand) */
    size_t since_sync; /* stack changes since it was last synced */
    int v_known;       /* value is V of this position */
    CL_T value;
    CL_T *vh; /* value before each move played, for undo */
    unsigned char *vk;
    int cached; /* best holds for this position */
    coinline_side_t best;
    int v_left_known; /* v_left is V once the left coin is taken */
    CL_T v_left;
    uint64_t steps;
#ifndef CL_JUDGE
    cl_block_watch watch; /* told each change to the multiset, if set */
    void *watch_ctx;
#endif
} CL_NAME(engine);

static inline CL_T CL_NAME(signed_by)(size_t k, CL_T v)
{
    return k % 2 == 0 ? v : -v;
}

/* ---- the stacks -------------------------------------------------------- */

/* The jump key of slot y (y + 1 < size) into its tree; bulk: leaf only. */
static void CL_NAME(put_key)(CL_NAME(engine) *e, const CL_NAME(cl_side) *x,
                             size_t y, int bulk)
{
    const CL_T k = x->val[y] >= x->val[y + 1]
                       ? x->val[y] + CL_NAME(signed_by)(y, x->E[y])
                       : CL_NO_KEY;
    const size_t p = x->base + y;
    if (bulk)
        CL_NAME(cl_mintree_put)(&e->tree[p & 1], p >> 1, k);
    else
        CL_NAME(cl_mintree_set)(&e->tree[p & 1], p >> 1, k);
}

/* Slots c and above of x were rewritten: their prefix sums and keys. */
static void CL_NAME(reindex)(CL_NAME(engine) *e, CL_NAME(cl_side) *x, size_t c,
                             int bulk)
{
    for (size_t k = c; k < x->size; k++)
        x->E[k + 1] = x->E[k] + CL_NAME(signed_by)(k, x->val[k]);
    for (size_t y = c > 0 ? c - 1 : 0; y + 1 < x->size; y++)
        CL_NAME(put_key)(e, x, y, bulk);
    if (c < x->dirty)
        x->dirty = c;
}

/* Pushes coin v on x and merges at the top. Returns the lowest slot
 * rewritten (the new top). */
static size_t CL_NAME(side_push)(CL_NAME(engine) *e, CL_NAME(cl_side) *x,
                                 CL_T v, int bulk)
{
    CL_T *const s = x->val;
    size_t len = x->size;
    uint32_t m = 0;

    s[len++] = v;
    while (len >= 3 && s[len - 3] <= s[len - 2] && s[len - 2] >= s[len - 1]) {
        x->log[x->nlog++] = s[len - 3];
        x->log[x->nlog++] = s[len - 2];
        s[len - 3] = s[len - 3] - s[len - 2] + s[len - 1];
        len -= 2;
        m++;
    }
    x->size = len;
    x->merges[x->coins++] = m;
    e->steps += 1 + m;
    if (!bulk) /* a bulk build indexes the whole stack once at the end */
        CL_NAME(reindex)(e, x, len - 1, 0);
    return len - 1;
}

/* Takes back the last coin pushed on x (x not empty), restoring what its
 * merges consumed. Returns the lowest slot rewritten. */
static size_t CL_NAME(side_pop)(CL_NAME(engine) *e, CL_NAME(cl_side) *x)
{
    CL_T *const s = x->val;
    size_t len = x->size;
    const size_t c = len - 1;
    uint32_t m = x->merges[--x->coins];

    e->steps += 1 + m;
    for (; m > 0; m--) {
        const CL_T merged = s[len - 1];
        const CL_T y = x->log[--x->nlog];
        const CL_T first = x->log[--x->nlog];
        s[len - 1] = first;
        s[len] = y;
        s[len + 1] = merged - first + y;
        len += 2;
    }
    x->size = len - 1;
    CL_NAME(reindex)(e, x, c, 0);
    return c;
}

/* Points stack k at its part of the arenas, empty: U may hold up to mid
 * coins, W up to n - mid. */
static void CL_NAME(side_reset)(CL_NAME(engine) *e, int k, size_t mid)
{
    CL_NAME(cl_side) *const x = &e->s[k];
    const size_t base = k == U ? 0 : mid;
    x->val = e->arena[0] + base;
    x->E = e->arena[1] + base + (k == U ? 0 : 1);
    x->gv = e->arena[2] + base;
    x->log = e->arena[3] + base;
    x->merges = e->merges + base;
    x->base = base;
    x->size = x->coins = x->nlog = 0;
    x->E[0] = 0;
    x->dirty = SIZE_MAX;
    x->g_from = x->g_to = 0;
}

/* ---- the junction ------------------------------------------------------ */

/* Drops the states that read slot c or above of stack k. */
static void CL_NAME(junction_cut)(CL_NAME(engine) *e, int k, size_t c)
{
    while (e->hn > 0 && e->h[e->hn - 1].a[k] > c) {
        e->hn--;
        e->steps++;
    }
}

/* Absorbs the run of pairs of stack k that starts at the state, if any. */
static int CL_NAME(absorb_pairs)(const CL_NAME(engine) *e, int k,
                                 CL_NAME(cl_junct) *j)
{
    const CL_NAME(cl_side) *const x = &e->s[k];
    const size_t y0 = j->a[k];
    if (y0 + 1 >= x->size || !(x->val[y0 + 1] <= x->val[y0]) ||
        !(x->val[y0] >= j->m))
        return 0;

    const CL_T thr = j->m + CL_NAME(signed_by)(y0, x->E[y0]);
    size_t y = SIZE_MAX;
    if (y0 + 4 <= x->size) {
        const size_t p0 = x->base + y0 + 2, p1 = x->base + x->size - 2;
        const size_t last = p1 - ((p1 - p0) & 1);
        const size_t f = CL_NAME(cl_mintree_first_below)(
            &e->tree[p0 & 1], p0 >> 1, last >> 1, thr);
        if (f != SIZE_MAX)
            y = 2 * f + (p0 & 1) - x->base;
    }
    if (y == SIZE_MAX) /* the pairs ran out */
        y = (x->size - 1 - y0) % 2 == 0 ? x->size - 1 : x->size;
    j->m -= CL_NAME(signed_by)(y0, x->E[y] - x->E[y0]);
    j->a[k] = y;
    return 1;
}

/* Absorbs u[alpha] and w[beta] if u[alpha] <= M >= w[beta]. */
static int CL_NAME(absorb_across)(const CL_NAME(engine) *e,
                                  CL_NAME(cl_junct) *j)
{
    const CL_NAME(cl_side) *const u = &e->s[U], *const w = &e->s[W];
    if (j->a[U] >= u->size || j->a[W] >= w->size)
        return 0;
    const CL_T x = u->val[j->a[U]], z = w->val[j->a[W]];
    if (!(x <= j->m && j->m >= z))
        return 0;
    j->m = x - j->m + z;
    j->a[U]++;
    j->a[W]++;
    return 1;
}

/* Extends the history until no merge is left at the junction. */
static void CL_NAME(junction_settle)(CL_NAME(engine) *e)
{
    if (e->hn == 0) {
        const CL_NAME(cl_side) *const u = &e->s[U], *const w = &e->s[W];
        CL_NAME(cl_junct) b = {{0, 0}, 0};
        if (w->size > 0) {
            b.a[W] = 1;
            b.m = w->val[0];
        } else if (u->size > 0) {
            b.a[U] = 1;
            b.m = u->val[0];
        } else {
            return;
        }
        e->h[e->hn++] = b;
        e->steps++;
    }
    for (;;) {
        CL_NAME(cl_junct) j = e->h[e->hn - 1];
        if (!CL_NAME(absorb_pairs)(e, U, &j) &&
            !CL_NAME(absorb_pairs)(e, W, &j) && !CL_NAME(absorb_across)(e, &j))
            return;
        e->h[e->hn++] = j;
        e->steps++;
    }
}

/* After slot c of stack k changed. */
static void CL_NAME(junction_mend)(CL_NAME(engine) *e, int k, size_t c)
{
    CL_NAME(junction_cut)(e, k, c);
    CL_NAME(junction_settle)(e);
}

/* ---- the multiset of blocks -------------------------------------------- */

#ifndef CL_JUDGE
/* Tells the watcher, if any, that a copy of v left (d = -1) or joined
 * (d = +1) the multiset of blocks (several rows, multigame.c). */
static void CL_NAME(tell)(const CL_NAME(engine) *e, CL_T v, int d)
{
    if (e->watch != NULL)
        e->watch(e->watch_ctx, (cl_wide)v, d);
}
#endif

/* Erases (pass 0) or inserts (pass 1) what changed on stack k since the
 * last sync: the slots that crossed g_from / alpha and those at or above
 * the lowest slot rewritten. */
static void CL_NAME(sync_side)(CL_NAME(engine) *e, int k, int pass)
{
    CL_NAME(cl_side) *const x = &e->s[k];
    const size_t from = e->hn > 0 ? e->h[e->hn - 1].a[k] : 0;
    if (x->dirty == SIZE_MAX && from == x->g_from && x->size == x->g_to)
        return; /* nothing moved */
    const size_t lo = x->g_from < from ? x->g_from : from;
    const size_t mid = x->g_from < from ? from : x->g_from;
    const size_t top = x->g_to > x->size ? x->g_to : x->size;
    size_t r[2][2] = {{lo, mid}, {mid > x->dirty ? mid : x->dirty, top}};

    if (r[1][0] > top)
        r[1][0] = top;
    for (int q = 0; q < 2; q++)
        for (size_t i = r[q][0]; i < r[q][1]; i++) {
            const int have = x->g_from <= i && i < x->g_to;
            const int want = from <= i && i < x->size;
            const int same = have && want && x->gv[i] == x->val[i];
            if (same)
                continue;
            if (pass == 0 && have) {
                CL_NAME(cl_altset_erase)(&e->g, x->gv[i]);
#ifndef CL_JUDGE
                CL_NAME(tell)(e, x->gv[i], -1);
#endif
                e->steps++;
            } else if (pass == 1 && want) {
                CL_NAME(cl_altset_insert)(&e->g, x->val[i]);
#ifndef CL_JUDGE
                CL_NAME(tell)(e, x->val[i], 1);
#endif
                x->gv[i] = x->val[i];
                e->steps++;
            }
        }
    if (pass == 1) {
        x->g_from = from;
        x->g_to = x->size;
        x->dirty = SIZE_MAX;
    }
}

/* Brings the multiset up to date with the stacks and the junction. */
static void CL_NAME(sync)(CL_NAME(engine) *e)
{
    const int want_m = e->hn > 0;
    const CL_T m = want_m ? e->h[e->hn - 1].m : 0;
    const int same_m = e->g_has_m && want_m && e->g_m == m;

    CL_NAME(sync_side)(e, U, 0);
    CL_NAME(sync_side)(e, W, 0);
    if (e->g_has_m && !same_m)
        CL_NAME(cl_altset_erase)(&e->g, e->g_m);
#ifndef CL_JUDGE
    if (e->g_has_m && !same_m)
        CL_NAME(tell)(e, e->g_m, -1);
#endif
    CL_NAME(sync_side)(e, U, 1);
    CL_NAME(sync_side)(e, W, 1);
    if (want_m && !same_m)
        CL_NAME(cl_altset_insert)(&e->g, m);
#ifndef CL_JUDGE
    if (want_m && !same_m)
        CL_NAME(tell)(e, m, 1);
#endif
    e->g_has_m = want_m;
    e->g_m = m;
    e->since_sync = 0;
}

/* The number of blocks of the reduced form. */
static size_t CL_NAME(block_count)(const CL_NAME(engine) *e)
{
    if (e->hn == 0)
        return 0;
    const CL_NAME(cl_junct) *const j = &e->h[e->hn - 1];
    return (e->s[U].size - j->a[U]) + 1 + (e->s[W].size - j->a[W]);
}

/* The k-th block of the reduced form from the left, k < block_count(). */
static CL_T CL_NAME(block_at)(const CL_NAME(engine) *e, size_t k)
{
    const CL_NAME(cl_side) *const u = &e->s[U], *const w = &e->s[W];
    const CL_NAME(cl_junct) *const j = &e->h[e->hn - 1];
    const size_t nu = u->size - j->a[U];
    if (k < nu)
        return u->val[u->size - 1 - k];
    if (k == nu)
        return j->m;
    return w->val[j->a[W] + (k - nu - 1)];
}

/* V of the position by the greedy walk over the valley: O(blocks). */
static CL_T CL_NAME(walk_value)(const CL_NAME(engine) *e)
{
    size_t lo = 0, hi = CL_NAME(block_count)(e);
    CL_T v = 0;
    for (int mover = 1; lo < hi; mover = !mover) {
        const CL_T l = CL_NAME(block_at)(e, lo);
        const CL_T r = CL_NAME(block_at)(e, hi - 1);
        const CL_T take = l >= r ? l : r;
        if (l >= r)
            lo++;
        else
            hi--;
        v += mover ? take : -take;
    }
    return v;
}

/* Notes that the multiset holds the blocks of the reduced form now. */
static void CL_NAME(mark_synced)(CL_NAME(engine) *e)
{
    for (int k = 0; k < 2; k++) {
        CL_NAME(cl_side) *const x = &e->s[k];
        x->g_from = e->hn > 0 ? e->h[e->hn - 1].a[k] : 0;
        x->g_to = x->size;
        x->dirty = SIZE_MAX;
        for (size_t i = x->g_from; i < x->size; i++)
            x->gv[i] = x->val[i];
    }
    e->g_has_m = e->hn > 0;
    e->g_m = e->hn > 0 ? e->h[e->hn - 1].m : 0;
    e->since_sync = 0;
}

/* Fills the multiset with the blocks of the reduced form. They form a
 * valley, so its two slopes merge into increasing order: O(k). */
static void CL_NAME(fill_multiset)(CL_NAME(engine) *e)
{
    const size_t k = CL_NAME(block_count)(e);
    size_t b = 0, i, j, o = 0;
    int sorted = 1;
    CL_T last = 0;
    for (i = 1; i < k; i++)
        if (CL_NAME(block_at)(e, i) < CL_NAME(block_at)(e, b))
            b = i;
    CL_NAME(cl_altset_begin)(&e->g);
    for (i = b + 1, j = b + 1; o < k; o++) { /* blocks j-1..0 and i..k-1 */
        const CL_T r = i < k ? CL_NAME(block_at)(e, i) : 0;
        const CL_T l = j > 0 ? CL_NAME(block_at)(e, j - 1) : 0;
        const CL_T v = i < k && (j == 0 || r <= l) ? (i++, r) : (j--, l);
        sorted = sorted && (o == 0 || last <= v);
        last = v;
        CL_NAME(cl_altset_add)(&e->g, v);
    }
    CL_NAME(cl_altset_end)(&e->g);
    if (!sorted) { /* not a valley: cannot happen, but stay exact */
        CL_NAME(cl_altset_clear)(&e->g);
        for (i = 0; i < k; i++)
            CL_NAME(cl_altset_insert)(&e->g, CL_NAME(block_at)(e, i));
    }
    e->steps += k;
    CL_NAME(mark_synced)(e);
    e->g_valid = 1;
}

/* Makes the multiset hold the blocks of the position: filled afresh when
 * not in use, else synced with what changed since the last time. */
static void CL_NAME(need_multiset)(CL_NAME(engine) *e)
{
    if (!e->g_valid)
        CL_NAME(fill_multiset)(e);
    else if (e->since_sync > 0)
        CL_NAME(sync)(e);
}

/* Rebuilds both stacks around the middle of the coins left. The reduced
 * values do not depend on the merge order, so a multiset in use is synced
 * first and then holds the right values; when it has fallen far behind,
 * it is dropped instead, to be filled again if needed. */
static void CL_NAME(rebuild)(CL_NAME(engine) *e)
{
    const size_t lo = e->lo, hi = e->hi, mid = lo + (hi - lo) / 2;

    if (e->g_valid && e->since_sync > 0) {
        if (e->since_sync <= (hi - lo) / 8)
            CL_NAME(sync)(e);
        else
            e->g_valid = 0;
#ifndef CL_JUDGE
        if (e->watch != NULL && !e->g_valid) { /* it must see every change */
            e->g_valid = 1;
            CL_NAME(sync)(e);
        }
#endif
    }
    CL_NAME(side_reset)(e, U, mid);
    CL_NAME(side_reset)(e, W, mid);
    for (size_t i = mid; i > lo; i--)
        CL_NAME(side_push)(e, &e->s[U], e->a[i - 1], 1);
    for (size_t i = mid; i < hi; i++)
        CL_NAME(side_push)(e, &e->s[W], e->a[i], 1);
    for (int k = 0; k < 2; k++) {
        CL_NAME(cl_side) *const x = &e->s[k];
        CL_NAME(reindex)(e, x, 0, 1);
        CL_NAME(cl_mintree_fix)
        (&e->tree[0], x->base / 2, (x->base + x->size + 1) / 2);
        CL_NAME(cl_mintree_fix)
        (&e->tree[1], x->base / 2, (x->base + x->size + 1) / 2);
    }
    e->hn = 0;
    CL_NAME(junction_settle)(e);
    if (e->g_valid)
        CL_NAME(mark_synced)(e);
}

/* ---- moves on the structure -------------------------------------------- */

/* Removes the end coin on side k (0 left, 1 right); a coin is left. */
static void CL_NAME(take_coin)(CL_NAME(engine) *e, int k)
{
    CL_NAME(cl_side) *x = &e->s[k];
    if (x->coins == 0) {
        if (e->s[!k].coins == 1)
            x = &e->s[!k];
        else
            CL_NAME(rebuild)(e);
    }
    if (k == U)
        e->lo++;
    else
        e->hi--;
    CL_NAME(junction_mend)(e, (int)(x - e->s), CL_NAME(side_pop)(e, x));
    e->since_sync++;
    if (e->lo == e->hi) /* split the empty row where it is, for undo */
        CL_NAME(rebuild)(e);
}

/* Puts back the coin next to the end on side k (the last one taken). */
static void CL_NAME(give_coin)(CL_NAME(engine) *e, int k)
{
    const int64_t coin = k == U ? e->a[--e->lo] : e->a[e->hi++];
    CL_NAME(junction_mend)(e, k, CL_NAME(side_push)(e, &e->s[k], coin, 0));
    e->since_sync++;
}

/* The end blocks of the reduced form; the row is not empty. */
static void CL_NAME(end_blocks)(const CL_NAME(engine) *e, CL_T *left,
                                CL_T *right)
{
    const CL_NAME(cl_junct) *const j = &e->h[e->hn - 1];
    const CL_NAME(cl_side) *const u = &e->s[U], *const w = &e->s[W];
    *left = j->a[U] < u->size ? u->val[u->size - 1] : j->m;
    *right = j->a[W] < w->size ? w->val[w->size - 1] : j->m;
}

/* V(lo + 1, hi): the value once the left coin is gone. When taking it
 * back from U leaves the junction as it is (alpha + 2 < size: the slots
 * the junction reads stay), the blocks change by what U's last push did:
 * its block goes, the 2m values its m merges consumed come back; the sum
 * after that change is read without making it. Otherwise the coin is
 * taken on trial and put back. */
/* The k-th block from the left (from = 0) or right (from = 1) end, k < 2,
 * into *v; returns 0 when the row has fewer than k + 1 blocks. */
static int CL_NAME(block_from_end)(const CL_NAME(engine) *e, int from, size_t k,
                                   CL_T *v)
{
    const CL_NAME(cl_junct) *const j = &e->h[e->hn - 1];
    const CL_NAME(cl_side) *const x = &e->s[from], *const y = &e->s[!from];
    const size_t own = x->size - j->a[from]; /* blocks of x above M */
    if (k < own) {
        *v = x->val[x->size - 1 - k];
        return 1;
    }
    if (k == own) {
        *v = j->m;
        return 1;
    }
    const size_t i = j->a[!from] + (k - own - 1); /* then y upwards */
    if (i >= y->size)
        return 0;
    *v = y->val[i];
    return 1;
}

/* Whether the row's two largest blocks are equal (a valley: the largest is
 * an end block, the second the other end block or next to the first). */
static int CL_NAME(top_two_equal)(const CL_NAME(engine) *e, CL_T left,
                                  CL_T right)
{
    const int big = right > left; /* the side of the largest */
    CL_T next;
    const CL_T top = big ? right : left, other = big ? left : right;
    if (CL_NAME(block_from_end)(e, big, 1, &next) && next > other)
        return next == top;
    return other == top;
}

static CL_T CL_NAME(value_without_left)(CL_NAME(engine) *e)
{
    const CL_NAME(cl_side) *const u = &e->s[U];
    enum { MAX_READ = 16 };
    if (u->coins > 0 && e->h[e->hn - 1].a[U] + 2 < u->size &&
        u->merges[u->coins - 1] <= MAX_READ) {
        const size_t m2 = 2 * (size_t)u->merges[u->coins - 1];
        CL_NAME(cl_change) c[2 * MAX_READ + 1];
        c[0].v = u->val[u->size - 1];
        c[0].d = -1;
        for (size_t i = 0; i < m2; i++) {
            c[i + 1].v = u->log[u->nlog - m2 + i];
            c[i + 1].d = 1;
        }
        e->steps += 1 + m2;
        CL_NAME(need_multiset)(e);
        return CL_NAME(cl_altset_sum_with)(&e->g, c, m2 + 1);
    }
    CL_NAME(take_coin)(e, U);
    CL_NAME(need_multiset)(e);
    const CL_T rest = CL_NAME(cl_altset_sum)(&e->g);
    CL_NAME(give_coin)(e, U);
    return rest;
}

static void CL_NAME(answer)(CL_NAME(engine) *e)
{
    CL_T left, right;
    if (e->cached)
        return;
    e->cached = 1;
    e->v_left_known = 0;
    if (!e->v_known) {
        CL_NAME(need_multiset)(e);
        e->value = CL_NAME(cl_altset_sum)(&e->g);
        e->v_known = 1;
    }
    if (e->lo == e->hi) {
        e->best = COINLINE_SIDE_NONE;
        return;
    }
    CL_NAME(end_blocks)(e, &left, &right);
    e->best = COINLINE_SIDE_LEFT;
    if (e->hi - e->lo == 1 || left >= right)
        return;
    /* The right is optimal; is the left too? When the left block is the
     * coin alone, what is left reduces to the other blocks, and the left
     * ties only if the values above it come in equal pairs, which needs
     * the two largest to be equal. */
    const CL_NAME(cl_side) *const u = &e->s[U];
    if (u->coins > 0 && u->merges[u->coins - 1] == 0 &&
        e->h[e->hn - 1].a[U] < u->size &&
        !CL_NAME(top_two_equal)(e, left, right)) {
        e->best = COINLINE_SIDE_RIGHT;
        return;
    }
    const CL_T coin = e->a[e->lo];
    e->v_left = CL_NAME(value_without_left)(e);
    e->v_left_known = 1;
    if (coin - e->v_left != e->value)
        e->best = COINLINE_SIDE_RIGHT;
}

/* V once the end coin on side k is taken, when it is known without the
 * multiset: after the optimal move, V(child) = coin - V; after the left
 * when the tie check computed it; and when the end block is that coin
 * alone and the largest or the smallest block, V loses it at the top
 * (coin - V) or at the bottom of the alternating sum. Returns 0 when
 * none applies. */
static int CL_NAME(child_value)(CL_NAME(engine) *e, int k, CL_T coin, CL_T *v)
{
    const CL_NAME(cl_side) *const x = &e->s[k];
    CL_T left, right, next;
    if (e->hi - e->lo == 1) {
        *v = 0;
        return 1;
    }
    if (e->cached && k == U && e->v_left_known) {
        *v = e->v_left;
        return 1;
    }
    if (!e->v_known)
        return 0;
    if (e->cached &&
        e->best == (k == U ? COINLINE_SIDE_LEFT : COINLINE_SIDE_RIGHT)) {
        *v = coin - e->value;
        return 1;
    }
    if (x->coins == 0 || x->merges[x->coins - 1] != 0 ||
        e->h[e->hn - 1].a[k] >= x->size)
        return 0; /* not a block of its own */
    CL_NAME(end_blocks)(e, &left, &right);
    if (coin >= (k == U ? right : left)) {
        *v = coin - e->value;
        return 1;
    }
    if (!CL_NAME(block_from_end)(e, k, 1, &next) || coin <= next) {
        const size_t blocks = CL_NAME(block_count)(e);
        *v = e->value - ((blocks - 1) % 2 == 0 ? coin : -coin);
        return 1;
    }
    return 0;
}

/* ---- several rows (multigame.c) ---------------------------------------- */

#ifndef CL_JUDGE
/* From now on every change to the multiset of blocks is told to fn(ctx),
 * and every block there is now first (O(blocks)). The multiset is then
 * never dropped (rebuild() syncs it instead). */
static void CL_NAME(engine_watch)(CL_NAME(engine) *e, cl_block_watch fn,
                                  void *ctx)
{
    e->watch = NULL;
    CL_NAME(fill_multiset)(e);
    for (size_t i = 0, k = CL_NAME(block_count)(e); i < k; i++)
        fn(ctx, (cl_wide)CL_NAME(block_at)(e, i), 1);
    e->watch = fn;
    e->watch_ctx = ctx;
}

/* Tells the watcher what changed since it was last told. */
static void CL_NAME(engine_flush)(CL_NAME(engine) *e)
{
    CL_NAME(need_multiset)(e);
}
#endif

/* ---- the circle's windows (circle.c) ------------------------------------ */

#ifndef CL_NO_CIRCLE /* the judge form (tools/amalgamate.sh) has no circle */

/* V of every window a[s..s+w) of the row, s = 0..n-w, into v[s], for
 * 1 <= w <= n. The coins left are set to the first window, then slid one
 * coin to the right at a time: the left coin is taken from U as a move
 * takes it, and the next coin is pushed on W as the undo of a move on the
 * right pushes it back (that push reads only the stack, not the moves
 * played). So each slide is one move and one undo, O(log n) amortised
 * steps, and the multiset of blocks gives V after it. The moves and totals
 * of a game are forgotten: the engine is good only for freeing after. */
static void CL_NAME(engine_windows)(CL_NAME(engine) *e, size_t w, cl_wide *v)
{
    e->played = 0;
    e->total[0] = e->total[1] = 0;
    e->lo = 0;
    e->hi = w;
    e->g_valid = 0;
    CL_NAME(rebuild)(e);
    for (size_t s = 0;; s++) {
        CL_NAME(need_multiset)(e);
        v[s] = (cl_wide)CL_NAME(cl_altset_sum)(&e->g);
        if (s + w == e->n)
            break;
        CL_NAME(take_coin)(e, U);
        CL_NAME(give_coin)(e, W);
    }
    e->cached = 0;
    e->v_known = 0;
}
#endif

/* ---- the interface ----------------------------------------------------- */

/* The bytes alloc_all() allocates for n coins: the one count behind
 * coinline_engine_bytes() and coinline_engine_estimate(). */
static uint64_t CL_NAME(engine_size)(size_t n)
{
    const CL_NAME(engine) *e = NULL;
    const uint64_t m = n + 2;
    uint64_t leaves = 1; /* cl_mintree_init() pads to a power of two */
    while (leaves < m / 2 + 1)
        leaves *= 2;
    return sizeof *e +
           m * (sizeof *e->a + 2 + 7 * sizeof(CL_T) + sizeof *e->merges) +
           (m + 1) * sizeof *e->g.path + (m / 2 + 2) * sizeof *e->h +
           4 * leaves * sizeof(CL_T) + (m + 1) * sizeof(CL_NAME(cl_anode));
}

static int CL_NAME(alloc_all)(CL_NAME(engine) *e, size_t n)
{
    const size_t m = n + 2;
    int rc = COINLINE_ENOMEM;
    e->a = cl_big_alloc(m, sizeof *e->a, 0);
    e->moves = cl_big_alloc(m, 1, 0);
    for (int k = 0; k < 4; k++)
        e->arena[k] = cl_big_alloc(m, sizeof(CL_T), 0);
    e->merges = cl_big_alloc(m, sizeof *e->merges, 0);
    e->h = cl_big_alloc(m / 2 + 2, sizeof *e->h, 0);
    e->vh = cl_big_alloc(m, sizeof *e->vh, 0);
    e->vk = cl_big_alloc(m, 1, 0);
    if (e->a == NULL || e->moves == NULL || e->vh == NULL || e->vk == NULL ||
        e->arena[0] == NULL || e->arena[1] == NULL || e->arena[2] == NULL ||
        e->arena[3] == NULL || e->merges == NULL || e->h == NULL ||
        CL_NAME(cl_mintree_init)(&e->tree[0], m / 2 + 1) != COINLINE_OK ||
        CL_NAME(cl_mintree_init)(&e->tree[1], m / 2 + 1) != COINLINE_OK ||
        (rc = CL_NAME(cl_altset_init)(&e->g, m)) != COINLINE_OK)
        return rc;
    e->bytes = CL_NAME(engine_size)(n);
    return COINLINE_OK;
}

static void CL_NAME(engine_free)(CL_NAME(engine) *e);

/* A new engine on coins[0..n-1] into *out (the caller checked the
 * arguments). */
static int CL_NAME(engine_new)(const int64_t *coins, size_t n,
                               CL_NAME(engine) **out)
{
    CL_NAME(engine) *e = calloc(1, sizeof *e);
    if (e == NULL)
        return COINLINE_ENOMEM;
    const int rc = CL_NAME(alloc_all)(e, n);
    if (rc != COINLINE_OK) {
        CL_NAME(engine_free)(e);
        return rc;
    }
    if (n > 0)
        memcpy(e->a, coins, n * sizeof *e->a);
    e->n = e->hi = n;
    CL_NAME(rebuild)(e);
    e->value = CL_NAME(walk_value)(e); /* the multiset waits until needed */
    e->v_known = 1;
    *out = e;
    return COINLINE_OK;
}

static void CL_NAME(engine_free)(CL_NAME(engine) *e)
{
    if (e == NULL)
        return;
    free(e->a);
    free(e->moves);
    free(e->vh);
    free(e->vk);
    for (int k = 0; k < 4; k++)
        free(e->arena[k]);
    free(e->merges);
    free(e->h);
    CL_NAME(cl_mintree_free)(&e->tree[0]);
    CL_NAME(cl_mintree_free)(&e->tree[1]);
    CL_NAME(cl_altset_free)(&e->g);
    free(e);
}

static int CL_NAME(engine_state)(CL_NAME(engine) *e,
                                 coinline_engine_state_t *st)
{
    if (e == NULL || st == NULL)
        return COINLINE_EINVAL;
    CL_NAME(answer)(e);
    const int mover = (int)(e->played % 2); /* 0: player 1 */
    const CL_T so_far = e->total[0] - e->total[1];
    st->n = e->n;
    st->lo = e->lo;
    st->hi = e->hi;
    st->moves = e->played;
    st->to_move = e->lo < e->hi ? mover + 1 : 0;
    st->p1 = cl_from_wide((CL_T)e->total[0]);
    st->p2 = cl_from_wide((CL_T)e->total[1]);
    st->value = cl_from_wide((CL_T)e->value);
    st->final_margin = cl_from_wide(
        (CL_T)(mover == 0 ? so_far + e->value : so_far - e->value));
    st->best = e->best;
    memset(st->reserved, 0, sizeof st->reserved);
    return COINLINE_OK;
}

static int CL_NAME(engine_play)(CL_NAME(engine) *e, coinline_side_t side)
{
    if (e == NULL || e->lo >= e->hi ||
        (side != COINLINE_SIDE_LEFT && side != COINLINE_SIDE_RIGHT))
        return COINLINE_EINVAL;
    const int k = side == COINLINE_SIDE_LEFT ? U : W;
    const int64_t coin = k == U ? e->a[e->lo] : e->a[e->hi - 1];
    CL_T v = 0;
    const int known = CL_NAME(child_value)(e, k, coin, &v);
    e->vh[e->played] = e->value;
    e->vk[e->played] = (unsigned char)e->v_known;
    CL_NAME(take_coin)(e, k);
    e->total[e->played % 2] += coin;
    e->moves[e->played++] = k == U ? 'L' : 'R';
    e->cached = 0;
    e->v_known = known;
    e->value = v;
    return COINLINE_OK;
}

static int CL_NAME(engine_undo)(CL_NAME(engine) *e)
{
    if (e == NULL || e->played == 0)
        return COINLINE_EINVAL;
    const int k = e->moves[--e->played] == 'L' ? U : W;
    CL_NAME(give_coin)(e, k);
    const int64_t coin = k == U ? e->a[e->lo] : e->a[e->hi - 1];
    e->total[e->played % 2] -= coin;
    e->cached = 0;
    e->v_known = e->vk[e->played];
    e->value = e->vh[e->played];
    return COINLINE_OK;
}

static uint64_t CL_NAME(engine_steps)(const CL_NAME(engine) *e)
{
    return e != NULL ? e->steps : 0;
}

static uint64_t CL_NAME(engine_bytes)(const CL_NAME(engine) *e)
{
    return e != NULL ? e->bytes : 0;
}
