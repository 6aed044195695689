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
 * The value. All blocks of the reduced form are kept in a multiset that
 * knows its alternating sum in decreasing order (altset.c), which is V.
 * After each move it is brought up to date with what changed: the slots
 * rewritten at a stack top and the slots that crossed alpha or beta,
 * compared with what it held, so a jump that falls back to where it was
 * costs nothing there.
 *
 * The move. If the left end block >= the right end block, the left is
 * optimal. Otherwise the right is, and the left may be too (a tie the
 * block rule cannot see, as in 1 1 -2 -1): the engine takes the left coin
 * on trial, reads V of what is left, and puts the coin back; the left is
 * chosen when a[lo] - V(lo+1, hi) equals V.
 *
 * Cost. Every step - a value pushed, merged or given back, a junction
 * state made or dropped, a multiset update - is O(1) or O(log n), and the
 * steps per move are counted (coinline_engine_steps()). The bound is
 * O(log n) amortised steps per move is argued, not proved: blocks only
 * split as the row shrinks, so the reduced form changes by O(1) values a
 * move on average, and the jumps keep the junction's work to O(1) tree
 * searches a move. The tests and the benchmark measure it on hard rows.
 *
 * Exactness. All values are 128-bit: every one is a signed sum of distinct
 * coins, at most sum|a[i]| < 2^95 in size for fewer than 2^32 coins.
 */
#include <stdlib.h>
#include <string.h>

#include "altset.h"
#include "mintree.h"
#include "solver.h"

/* Below every key: keys are at most 2 sum|a[i]| < 2^96 in size. */
#define NO_KEY (-((cl_wide)1 << 120))

/* One reduction stack; slot 0 is at the junction. */
typedef struct {
    cl_wide *val;     /* the reduced values */
    cl_wide *E;       /* E[k], k <= size: alternating prefix sums */
    cl_wide *gv;      /* the value the multiset holds for a slot */
    cl_wide *log;     /* x and y of every merge */
    uint32_t *merges; /* merges done by each coin pushed */
    size_t size, coins, nlog;
    size_t base;   /* the first arena slot (for the trees) */
    size_t dirty;  /* lowest slot rewritten since the multiset was synced */
    size_t g_from; /* the multiset holds slots [g_from, g_to) */
    size_t g_to;
} cl_side;

/* A junction state: a[0] values of U and a[1] of W merged into m. */
typedef struct {
    size_t a[2];
    cl_wide m;
} cl_junct;

enum { U = 0, W = 1 };

struct coinline_engine {
    int64_t *a; /* the row */
    size_t n;
    char *moves; /* the sides played, 'L' or 'R' */
    size_t played;
    size_t lo, hi;    /* the coins left: a[lo..hi-1] */
    cl_wide total[2]; /* totals so far of players 1 and 2 */
    cl_side s[2];
    cl_wide *arena[4]; /* val, E, gv and log of both stacks */
    uint32_t *merges;
    cl_mintree tree[2]; /* keys of arena slots by parity */
    cl_junct *h;        /* the junction history */
    size_t hn;
    uint64_t bytes; /* allocated */
    cl_altset g; /* the blocks of the reduced form */
    int g_has_m; /* the multiset holds g_m for the junction value */
    cl_wide g_m;
    int cached; /* best and value hold for this position */
    coinline_side_t best;
    cl_wide value;
    uint64_t steps;
};

static inline cl_wide signed_by(size_t k, cl_wide v)
{
    return k % 2 == 0 ? v : -v;
}

/* ---- the stacks -------------------------------------------------------- */

/* The jump key of slot y (y + 1 < size) into its tree; bulk: leaf only. */
static void put_key(coinline_engine_t *e, const cl_side *x, size_t y, int bulk)
{
    const cl_wide k = x->val[y] >= x->val[y + 1]
                          ? x->val[y] + signed_by(y, x->E[y])
                          : NO_KEY;
    const size_t p = x->base + y;
    if (bulk)
        cl_mintree_put(&e->tree[p & 1], p >> 1, k);
    else
        cl_mintree_set(&e->tree[p & 1], p >> 1, k);
}

/* Slots c and above of x were rewritten: their prefix sums and keys. */
static void reindex(coinline_engine_t *e, cl_side *x, size_t c, int bulk)
{
    for (size_t k = c; k < x->size; k++)
        x->E[k + 1] = x->E[k] + signed_by(k, x->val[k]);
    for (size_t y = c > 0 ? c - 1 : 0; y + 1 < x->size; y++)
        put_key(e, x, y, bulk);
    if (c < x->dirty)
        x->dirty = c;
}

/* Pushes coin v on x and merges at the top. Returns the lowest slot
 * rewritten (the new top). */
static size_t side_push(coinline_engine_t *e, cl_side *x, cl_wide v, int bulk)
{
    cl_wide *const s = x->val;
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
    reindex(e, x, len - 1, bulk);
    return len - 1;
}

/* Takes back the last coin pushed on x (x not empty), restoring what its
 * merges consumed. Returns the lowest slot rewritten. */
static size_t side_pop(coinline_engine_t *e, cl_side *x)
{
    cl_wide *const s = x->val;
    size_t len = x->size;
    const size_t c = len - 1;
    uint32_t m = x->merges[--x->coins];

    e->steps += 1 + m;
    for (; m > 0; m--) {
        const cl_wide merged = s[len - 1];
        const cl_wide y = x->log[--x->nlog];
        const cl_wide first = x->log[--x->nlog];
        s[len - 1] = first;
        s[len] = y;
        s[len + 1] = merged - first + y;
        len += 2;
    }
    x->size = len - 1;
    reindex(e, x, c, 0);
    return c;
}

/* Points stack k at its part of the arenas, empty: U may hold up to mid
 * coins, W up to n - mid. */
static void side_reset(coinline_engine_t *e, int k, size_t mid)
{
    cl_side *const x = &e->s[k];
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
static void junction_cut(coinline_engine_t *e, int k, size_t c)
{
    while (e->hn > 0 && e->h[e->hn - 1].a[k] > c) {
        e->hn--;
        e->steps++;
    }
}

/* Absorbs the run of pairs of stack k that starts at the state, if any. */
static int absorb_pairs(const coinline_engine_t *e, int k, cl_junct *j)
{
    const cl_side *const x = &e->s[k];
    const size_t y0 = j->a[k];
    if (y0 + 1 >= x->size || !(x->val[y0 + 1] <= x->val[y0]) ||
        !(x->val[y0] >= j->m))
        return 0;

    const cl_wide thr = j->m + signed_by(y0, x->E[y0]);
    size_t y = SIZE_MAX;
    if (y0 + 4 <= x->size) {
        const size_t p0 = x->base + y0 + 2, p1 = x->base + x->size - 2;
        const size_t last = p1 - ((p1 - p0) & 1);
        const size_t f =
            cl_mintree_first_below(&e->tree[p0 & 1], p0 >> 1, last >> 1, thr);
        if (f != SIZE_MAX)
            y = 2 * f + (p0 & 1) - x->base;
    }
    if (y == SIZE_MAX) /* the pairs ran out */
        y = (x->size - 1 - y0) % 2 == 0 ? x->size - 1 : x->size;
    j->m -= signed_by(y0, x->E[y] - x->E[y0]);
    j->a[k] = y;
    return 1;
}

/* Absorbs u[alpha] and w[beta] if u[alpha] <= M >= w[beta]. */
static int absorb_across(const coinline_engine_t *e, cl_junct *j)
{
    const cl_side *const u = &e->s[U], *const w = &e->s[W];
    if (j->a[U] >= u->size || j->a[W] >= w->size)
        return 0;
    const cl_wide x = u->val[j->a[U]], z = w->val[j->a[W]];
    if (!(x <= j->m && j->m >= z))
        return 0;
    j->m = x - j->m + z;
    j->a[U]++;
    j->a[W]++;
    return 1;
}

/* Extends the history until no merge is left at the junction. */
static void junction_settle(coinline_engine_t *e)
{
    if (e->hn == 0) {
        const cl_side *const u = &e->s[U], *const w = &e->s[W];
        cl_junct b = {{0, 0}, 0};
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
        cl_junct j = e->h[e->hn - 1];
        if (!absorb_pairs(e, U, &j) && !absorb_pairs(e, W, &j) &&
            !absorb_across(e, &j))
            return;
        e->h[e->hn++] = j;
        e->steps++;
    }
}

/* After slot c of stack k changed. */
static void junction_mend(coinline_engine_t *e, int k, size_t c)
{
    junction_cut(e, k, c);
    junction_settle(e);
}

/* ---- the multiset of blocks -------------------------------------------- */

/* Erases (pass 0) or inserts (pass 1) what changed on stack k since the
 * last sync: the slots that crossed g_from / alpha and those at or above
 * the lowest slot rewritten. */
static void sync_side(coinline_engine_t *e, int k, int pass)
{
    cl_side *const x = &e->s[k];
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
                cl_altset_erase(&e->g, x->gv[i]);
                e->steps++;
            } else if (pass == 1 && want) {
                cl_altset_insert(&e->g, x->val[i]);
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
static void sync(coinline_engine_t *e)
{
    const int want_m = e->hn > 0;
    const cl_wide m = want_m ? e->h[e->hn - 1].m : 0;
    const int same_m = e->g_has_m && want_m && e->g_m == m;

    sync_side(e, U, 0);
    sync_side(e, W, 0);
    if (e->g_has_m && !same_m)
        cl_altset_erase(&e->g, e->g_m);
    sync_side(e, U, 1);
    sync_side(e, W, 1);
    if (want_m && !same_m)
        cl_altset_insert(&e->g, m);
    e->g_has_m = want_m;
    e->g_m = m;
}

/* The blocks of the reduced form, in row order, into out[]; returns how
 * many. */
static size_t blocks_in_order(const coinline_engine_t *e, cl_wide *out)
{
    const cl_side *const u = &e->s[U], *const w = &e->s[W];
    size_t k = 0;
    if (e->hn == 0)
        return 0;
    const cl_junct *const j = &e->h[e->hn - 1];
    for (size_t i = u->size; i > j->a[U]; i--)
        out[k++] = u->val[i - 1];
    out[k++] = j->m;
    for (size_t i = j->a[W]; i < w->size; i++)
        out[k++] = w->val[i];
    return k;
}

static int cmp_wide(const void *x, const void *y)
{
    const cl_wide a = *(const cl_wide *)x, b = *(const cl_wide *)y;
    return (a > b) - (a < b);
}

/* Fills the multiset with the blocks of the reduced form: a valley, so
 * its two slopes merge into increasing order in O(k). */
static int fill_multiset(coinline_engine_t *e)
{
    cl_wide *const seq = malloc((e->n + 2) * 2 * sizeof *seq);
    if (seq == NULL)
        return COINLINE_ENOMEM;
    cl_wide *const up = seq + e->n + 2;
    const size_t k = blocks_in_order(e, seq);
    size_t b = 0, i, j, o = 0;
    for (i = 1; i < k; i++)
        if (seq[i] < seq[b])
            b = i;
    for (i = b + 1, j = b + 1; o < k;) /* seq[j-1..0] and seq[i..k-1] */
        up[o++] = i < k && (j == 0 || seq[i] <= seq[j - 1]) ? seq[i++]
                                                             : seq[--j];
    for (o = 1; o < k && up[o - 1] <= up[o]; o++)
        ;
    if (o < k) /* not a valley: cannot happen, but stay exact */
        qsort(up, k, sizeof *up, cmp_wide);
    const int rc = cl_altset_build(&e->g, up, k);
    free(seq);
    return rc;
}

/* Rebuilds both stacks around the middle of the coins left. The reduced
 * values do not depend on the merge order, so the multiset already holds
 * them unless fill asks to put them in (then it may fail for memory). */
static int rebuild(coinline_engine_t *e, int fill)
{
    const size_t lo = e->lo, hi = e->hi, mid = lo + (hi - lo) / 2;

    side_reset(e, U, mid);
    side_reset(e, W, mid);
    for (size_t i = mid; i > lo; i--)
        side_push(e, &e->s[U], e->a[i - 1], 1);
    for (size_t i = mid; i < hi; i++)
        side_push(e, &e->s[W], e->a[i], 1);
    for (int k = 0; k < 2; k++) {
        const cl_side *const x = &e->s[k];
        cl_mintree_fix(&e->tree[0], x->base / 2, (x->base + x->size + 1) / 2);
        cl_mintree_fix(&e->tree[1], x->base / 2, (x->base + x->size + 1) / 2);
    }
    e->hn = 0;
    junction_settle(e);
    if (fill && fill_multiset(e) != COINLINE_OK)
        return COINLINE_ENOMEM;
    for (int k = 0; k < 2; k++) {
        cl_side *const x = &e->s[k];
        x->g_from = e->hn > 0 ? e->h[e->hn - 1].a[k] : 0;
        x->g_to = x->size;
        for (size_t i = x->g_from; i < x->size; i++)
            x->gv[i] = x->val[i];
    }
    e->g_has_m = e->hn > 0;
    e->g_m = e->hn > 0 ? e->h[e->hn - 1].m : 0;
    for (int k = 0; k < 2; k++)
        e->s[k].dirty = SIZE_MAX;
    return COINLINE_OK;
}

/* ---- moves on the structure -------------------------------------------- */

/* Removes the end coin on side k (0 left, 1 right); a coin is left. */
static void take_coin(coinline_engine_t *e, int k)
{
    cl_side *x = &e->s[k];
    if (x->coins == 0) {
        if (e->s[!k].coins == 1)
            x = &e->s[!k];
        else
            rebuild(e, 0);
    }
    if (k == U)
        e->lo++;
    else
        e->hi--;
    junction_mend(e, (int)(x - e->s), side_pop(e, x));
    sync(e);
    if (e->lo == e->hi) /* split the empty row where it is, for undo */
        rebuild(e, 0);
}

/* Puts back the coin next to the end on side k (the last one taken). */
static void give_coin(coinline_engine_t *e, int k)
{
    const int64_t coin = k == U ? e->a[--e->lo] : e->a[e->hi++];
    junction_mend(e, k, side_push(e, &e->s[k], coin, 0));
    sync(e);
}

/* The end blocks of the reduced form; the row is not empty. */
static void end_blocks(const coinline_engine_t *e, cl_wide *left,
                       cl_wide *right)
{
    const cl_junct *const j = &e->h[e->hn - 1];
    const cl_side *const u = &e->s[U], *const w = &e->s[W];
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
static int block_from_end(const coinline_engine_t *e, int from, size_t k,
                          cl_wide *v)
{
    const cl_junct *const j = &e->h[e->hn - 1];
    const cl_side *const x = &e->s[from], *const y = &e->s[!from];
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
static int top_two_equal(const coinline_engine_t *e, cl_wide left,
                         cl_wide right)
{
    const int big = right > left; /* the side of the largest */
    cl_wide next;
    const cl_wide top = big ? right : left, other = big ? left : right;
    if (block_from_end(e, big, 1, &next) && next > other)
        return next == top;
    return other == top;
}

static cl_wide value_without_left(coinline_engine_t *e)
{
    const cl_side *const u = &e->s[U];
    enum { MAX_READ = 16 };
    if (u->coins > 0 && e->h[e->hn - 1].a[U] + 2 < u->size &&
        u->merges[u->coins - 1] <= MAX_READ) {
        const size_t m2 = 2 * (size_t)u->merges[u->coins - 1];
        cl_change c[2 * MAX_READ + 1];
        c[0].v = u->val[u->size - 1];
        c[0].d = -1;
        for (size_t i = 0; i < m2; i++) {
            c[i + 1].v = u->log[u->nlog - m2 + i];
            c[i + 1].d = 1;
        }
        e->steps += 1 + m2;
        return cl_altset_sum_with(&e->g, c, m2 + 1);
    }
    take_coin(e, U);
    const cl_wide rest = cl_altset_sum(&e->g);
    give_coin(e, U);
    return rest;
}

static void answer(coinline_engine_t *e)
{
    cl_wide left, right;
    if (e->cached)
        return;
    e->cached = 1;
    e->value = cl_altset_sum(&e->g);
    if (e->lo == e->hi) {
        e->best = COINLINE_NONE;
        return;
    }
    end_blocks(e, &left, &right);
    e->best = COINLINE_LEFT;
    if (e->hi - e->lo == 1 || left >= right)
        return;
    /* The right is optimal; is the left too? When the left block is the
     * coin alone, what is left reduces to the other blocks, and the left
     * ties only if the values above it come in equal pairs, which needs
     * the two largest to be equal. */
    const cl_side *const u = &e->s[U];
    if (u->coins > 0 && u->merges[u->coins - 1] == 0 &&
        e->h[e->hn - 1].a[U] < u->size && !top_two_equal(e, left, right)) {
        e->best = COINLINE_RIGHT;
        return;
    }
    const cl_wide coin = e->a[e->lo];
    const cl_wide rest = value_without_left(e);
    if (coin - rest != e->value)
        e->best = COINLINE_RIGHT;
}

/* ---- the interface ----------------------------------------------------- */

static int alloc_all(coinline_engine_t *e, size_t n)
{
    const size_t m = n + 2;
    int rc = COINLINE_ENOMEM;
    e->a = malloc(m * sizeof *e->a);
    e->moves = malloc(m);
    for (int k = 0; k < 4; k++)
        e->arena[k] = malloc(m * sizeof(cl_wide));
    e->merges = malloc(m * sizeof *e->merges);
    e->h = malloc((m / 2 + 2) * sizeof *e->h);
    if (e->a == NULL || e->moves == NULL || e->arena[0] == NULL ||
        e->arena[1] == NULL || e->arena[2] == NULL || e->arena[3] == NULL ||
        e->merges == NULL || e->h == NULL ||
        cl_mintree_init(&e->tree[0], m / 2 + 1) != COINLINE_OK ||
        cl_mintree_init(&e->tree[1], m / 2 + 1) != COINLINE_OK ||
        (rc = cl_altset_init(&e->g, m)) != COINLINE_OK)
        return rc;
    e->bytes = sizeof *e + m * (sizeof *e->a + 1 + 4 * sizeof(cl_wide) +
                                sizeof *e->merges) +
               (m / 2 + 2) * sizeof *e->h +
               4 * e->tree[0].size * sizeof(cl_wide) +
               (uint64_t)(m + 1) * sizeof(cl_anode);
    return COINLINE_OK;
}

int coinline_engine_new(const int64_t *coins, size_t n, coinline_engine_t **out)
{
    if (out != NULL)
        *out = NULL;
    if (out == NULL || (coins == NULL && n > 0))
        return COINLINE_EINVAL;
    if (n >= UINT32_MAX - 4)
        return COINLINE_ETOOBIG;
    coinline_engine_t *e = calloc(1, sizeof *e);
    if (e == NULL)
        return COINLINE_ENOMEM;
    const int rc = alloc_all(e, n);
    if (rc != COINLINE_OK) {
        coinline_engine_free(e);
        return rc;
    }
    if (n > 0)
        memcpy(e->a, coins, n * sizeof *e->a);
    e->n = e->hi = n;
    if (rebuild(e, 1) != COINLINE_OK) {
        coinline_engine_free(e);
        return COINLINE_ENOMEM;
    }
    *out = e;
    return COINLINE_OK;
}

void coinline_engine_free(coinline_engine_t *e)
{
    if (e == NULL)
        return;
    free(e->a);
    free(e->moves);
    for (int k = 0; k < 4; k++)
        free(e->arena[k]);
    free(e->merges);
    free(e->h);
    cl_mintree_free(&e->tree[0]);
    cl_mintree_free(&e->tree[1]);
    cl_altset_free(&e->g);
    free(e);
}

int coinline_engine_state(coinline_engine_t *e, coinline_engine_state_t *st)
{
    if (e == NULL || st == NULL)
        return COINLINE_EINVAL;
    answer(e);
    const int mover = (int)(e->played % 2); /* 0: player 1 */
    const cl_wide so_far = e->total[0] - e->total[1];
    st->n = e->n;
    st->lo = e->lo;
    st->hi = e->hi;
    st->moves = e->played;
    st->to_move = e->lo < e->hi ? mover + 1 : 0;
    st->p1 = cl_from_wide(e->total[0]);
    st->p2 = cl_from_wide(e->total[1]);
    st->value = cl_from_wide(e->value);
    st->final_margin =
        cl_from_wide(mover == 0 ? so_far + e->value : so_far - e->value);
    st->best = e->best;
    return COINLINE_OK;
}

int coinline_engine_play(coinline_engine_t *e, coinline_side_t side)
{
    if (e == NULL || e->lo >= e->hi ||
        (side != COINLINE_LEFT && side != COINLINE_RIGHT))
        return COINLINE_EINVAL;
    const int k = side == COINLINE_LEFT ? U : W;
    const int64_t coin = k == U ? e->a[e->lo] : e->a[e->hi - 1];
    take_coin(e, k);
    e->total[e->played % 2] += coin;
    e->moves[e->played++] = k == U ? 'L' : 'R';
    e->cached = 0;
    return COINLINE_OK;
}

int coinline_engine_undo(coinline_engine_t *e)
{
    if (e == NULL || e->played == 0)
        return COINLINE_EINVAL;
    const int k = e->moves[--e->played] == 'L' ? U : W;
    give_coin(e, k);
    const int64_t coin = k == U ? e->a[e->lo] : e->a[e->hi - 1];
    e->total[e->played % 2] -= coin;
    e->cached = 0;
    return COINLINE_OK;
}

uint64_t coinline_engine_steps(const coinline_engine_t *e)
{
    return e != NULL ? e->steps : 0;
}

uint64_t coinline_engine_bytes(const coinline_engine_t *e)
{
    return e != NULL ? e->bytes : 0;
}
