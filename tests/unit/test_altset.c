/* SPDX-License-Identifier: MIT */
/*
 * lib/engine/altset_tmpl.h, the multiset that knows its alternating sum,
 * against a plain sorted array. The template is instantiated here twice:
 * int64_t with buffers of 4 (so the buffers refill, spill, split and join all
 * the time) and cl_wide with the default buffers and values near +-2^100.
 *
 * After every insert and erase the sum and the size are compared with the
 * array's; the whole contents are compared often through
 * cl_altset_above() (the count and the signed partial sum above and at
 * every value held, and between them); cl_altset_sum_with() is compared
 * with the array with the changes made. White-box: the buffers stay
 * within their arrays and full enough while the treap holds values, and
 * no more nodes are used than the room asked for.
 *
 * Values for the int64 instance keep twice the sum of |values| inside
 * int64_t (the engine's condition for using it): at most 3000 values of
 * at most 2^50 in size.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bigmem.h"
#include "coinline.h"
#include "common/check.h"
#include "common/i128.h"
#include "common/rng.h"
#include "common/tap.h"
#include "compiler.h"
#include "wide.h"

#define CL_T          int64_t
#define CL_UT         uint64_t
#define CL_NAME(x)    x##_64
#define CL_ALTSET_BUF 4
#include "altset_tmpl.h"
enum { BUF_64 = CL_ALTSET_BUF };
#undef CL_T
#undef CL_UT
#undef CL_NAME
#undef CL_ALTSET_BUF

#define CL_T       cl_wide
#define CL_UT      cl_uwide
#define CL_NAME(x) x##_wide
#include "altset_tmpl.h"
enum { BUF_WIDE = CL_ALTSET_BUF };
#undef CL_T
#undef CL_UT
#undef CL_NAME
#undef CL_ALTSET_BUF

enum {
    MAXCH = 12,      /* longest change list for sum_with */
    MAXN = 3000,     /* largest set of the random runs */
    HIST = 12,       /* operations shown when a check fails */
    SMALL_FULL = 48, /* below this size the contents are checked each step */
    VALGRIND_SCALE = 6
};

/* Under valgrind (about 40 times slower) sizes and operation counts are
 * divided by VALGRIND_SCALE. */
static int scale = 1;

/* ------------------------------------------------------------------------
 * The two instances behind one interface, values passed as i128.
 * ---------------------------------------------------------------------- */

typedef struct {
    int wide;
    cl_altset_64 n;
    cl_altset_wide w;
} set_t;

typedef struct {
    i128 v;
    int d;
} change_t;

static const char *inst_name(int wide)
{
    return wide ? "cl_wide, buffers of 64" : "int64, buffers of 4";
}

static int set_init(set_t *s, int wide, size_t cap)
{
    s->wide = wide;
    return wide ? cl_altset_init_wide(&s->w, cap)
                : cl_altset_init_64(&s->n, cap);
}

static void set_free(set_t *s)
{
    if (s->wide)
        cl_altset_free_wide(&s->w);
    else
        cl_altset_free_64(&s->n);
}

static void set_clear(set_t *s)
{
    if (s->wide)
        cl_altset_clear_wide(&s->w);
    else
        cl_altset_clear_64(&s->n);
}

static void set_insert(set_t *s, i128 v)
{
    if (s->wide)
        cl_altset_insert_wide(&s->w, v);
    else
        cl_altset_insert_64(&s->n, (int64_t)v);
}

static int set_erase(set_t *s, i128 v)
{
    return s->wide ? cl_altset_erase_wide(&s->w, v)
                   : cl_altset_erase_64(&s->n, (int64_t)v);
}

static i128 set_sum(const set_t *s)
{
    return s->wide ? cl_altset_sum_wide(&s->w) : cl_altset_sum_64(&s->n);
}

static size_t set_size(const set_t *s)
{
    return s->wide ? cl_altset_size_wide(&s->w) : cl_altset_size_64(&s->n);
}

static void set_above(const set_t *s, i128 v, int or_equal, size_t *count,
                      i128 *alt)
{
    uint32_t c;
    if (s->wide) {
        cl_wide a;
        cl_altset_above_wide(&s->w, v, or_equal, &c, &a);
        *alt = a;
    } else {
        int64_t a;
        cl_altset_above_64(&s->n, (int64_t)v, or_equal, &c, &a);
        *alt = a;
    }
    *count = c;
}

static i128 set_sum_with(const set_t *s, const change_t *c, size_t k)
{
    if (s->wide) {
        cl_change_wide w[MAXCH];
        for (size_t i = 0; i < k; i++) {
            w[i].v = c[i].v;
            w[i].d = c[i].d;
        }
        return cl_altset_sum_with_wide(&s->w, w, k);
    }
    cl_change_64 n[MAXCH];
    for (size_t i = 0; i < k; i++) {
        n[i].v = (int64_t)c[i].v;
        n[i].d = c[i].d;
    }
    return cl_altset_sum_with_64(&s->n, n, k);
}

static void set_begin(set_t *s)
{
    if (s->wide)
        cl_altset_begin_wide(&s->w);
    else
        cl_altset_begin_64(&s->n);
}

static void set_add(set_t *s, i128 v)
{
    if (s->wide)
        cl_altset_add_wide(&s->w, v);
    else
        cl_altset_add_64(&s->n, (int64_t)v);
}

static void set_end(set_t *s)
{
    if (s->wide)
        cl_altset_end_wide(&s->w);
    else
        cl_altset_end_64(&s->n);
}

/* White-box view of the parts. */
typedef struct {
    uint32_t ntop, nbot, nmid, used, cap, buf;
    i128 top_low, bot_high; /* top[0] and bot[0] when not empty */
} parts_t;

static parts_t set_parts(const set_t *s)
{
    parts_t h;
    if (s->wide) {
        const cl_altset_wide *w = &s->w;
        h.ntop = w->ntop;
        h.nbot = w->nbot;
        h.nmid = cl_altset_mid_size_wide(w);
        h.used = w->used;
        h.cap = w->cap;
        h.buf = BUF_WIDE;
        h.top_low = w->ntop > 0 ? w->top[0] : 0;
        h.bot_high = w->nbot > 0 ? w->bot[0] : 0;
    } else {
        const cl_altset_64 *n = &s->n;
        h.ntop = n->ntop;
        h.nbot = n->nbot;
        h.nmid = cl_altset_mid_size_64(n);
        h.used = n->used;
        h.cap = n->cap;
        h.buf = BUF_64;
        h.top_low = n->ntop > 0 ? n->top[0] : 0;
        h.bot_high = n->nbot > 0 ? n->bot[0] : 0;
    }
    return h;
}

/* ------------------------------------------------------------------------
 * The model: a sorted array (increasing); the alternating sum is taken
 * from the largest.
 * ---------------------------------------------------------------------- */

typedef struct {
    i128 *v;
    size_t n, cap;
} model_t;

static void model_init(model_t *m, size_t cap)
{
    m->v = malloc((cap ? cap : 1) * sizeof *m->v);
    if (m->v == NULL) {
        diag("out of memory");
        exit(1);
    }
    m->n = 0;
    m->cap = cap;
}

static void model_free(model_t *m)
{
    free(m->v);
    m->v = NULL;
}

/* The first index whose value is >= v (or > v when strict). */
static size_t model_bound(const model_t *m, i128 v, int strict)
{
    size_t lo = 0, hi = m->n;
    while (lo < hi) {
        const size_t mid = lo + (hi - lo) / 2;
        if (m->v[mid] < v || (strict && m->v[mid] == v))
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

static void model_insert(model_t *m, i128 v)
{
    const size_t i = model_bound(m, v, 1);
    memmove(&m->v[i + 1], &m->v[i], (m->n - i) * sizeof *m->v);
    m->v[i] = v;
    m->n++;
}

static int model_erase(model_t *m, i128 v)
{
    const size_t i = model_bound(m, v, 0);
    if (i == m->n || m->v[i] != v)
        return -1;
    memmove(&m->v[i], &m->v[i + 1], (m->n - i - 1) * sizeof *m->v);
    m->n--;
    return 0;
}

static i128 model_sum(const model_t *m)
{
    i128 a = 0;
    for (size_t p = 0; p < m->n; p++) { /* p-th largest */
        const i128 x = m->v[m->n - 1 - p];
        a += p % 2 == 0 ? x : -x;
    }
    return a;
}

static void model_above(const model_t *m, i128 v, int or_equal, size_t *count,
                        i128 *alt)
{
    const size_t first = model_bound(m, v, !or_equal);
    i128 a = 0;
    for (size_t p = 0; p < m->n - first; p++) {
        const i128 x = m->v[m->n - 1 - p];
        a += p % 2 == 0 ? x : -x;
    }
    *count = m->n - first;
    *alt = a;
}

static void model_copy(model_t *dst, const model_t *src)
{
    memcpy(dst->v, src->v, src->n * sizeof *src->v);
    dst->n = src->n;
}

/* ------------------------------------------------------------------------
 * Values.
 * ---------------------------------------------------------------------- */

typedef enum {
    V_SMALL,   /* [-3, 3]: duplicates everywhere */
    V_MEDIUM,  /* [-1000, 1000] */
    V_WIDE,    /* [-2^50, 2^50] */
    V_NEAR100, /* +-2^100, +-2^100 -+ 2^64, +-2^64, 0, each + [-3, 3] */
    V_FULL100, /* [-2^100, 2^100) */
    V_COUNT
} kind_t;

static const char *kind_name(kind_t k)
{
    static const char *const names[] = {"[-3,3]", "[-1000,1000]",
                                        "[-2^50,2^50]", "near +-2^100",
                                        "[-2^100,2^100)"};
    return (unsigned)k < V_COUNT ? names[k] : "?";
}

#define P50  ((int64_t)1 << 50)
#define P64  ((i128)1 << 64)
#define P100 ((i128)1 << 100)

static i128 gen_value(rng_t *g, kind_t k)
{
    switch (k) {
    case V_SMALL: return rng_range(g, -3, 3);
    case V_MEDIUM: return rng_range(g, -1000, 1000);
    case V_WIDE: return rng_range(g, -P50, P50);
    case V_NEAR100: {
        const i128 bases[] = {P100, -P100, P100 - P64, -P100 + P64,
                              P64,  -P64,  0};
        return bases[rng_below(g, 7)] + rng_range(g, -3, 3);
    }
    default: {
        const int64_t hi =
            rng_range(g, -((int64_t)1 << 36), ((int64_t)1 << 36) - 1);
        return (i128)hi * P64 + (i128)rng_next(g);
    }
    }
}

/* The kinds each instance runs: int64 keeps to 2^50. */
static int kind_count(int wide)
{
    return wide ? V_COUNT : V_WIDE + 1;
}

/* ------------------------------------------------------------------------
 * A run: the set, the model beside it, and the checks.
 * ---------------------------------------------------------------------- */

typedef struct {
    set_t *s;
    model_t *m;
    model_t *scratch; /* the model with changes, for sum_with */
    tally_t *t;
    rng_t *g;
    kind_t kind;
    const char *what;
    long step;
    char hop[HIST]; /* the last operations: 'i'nsert, 'e'rase, 'a'dd */
    i128 hval[HIST];
    long nhist;
} run_t;

static void run_start(run_t *r, set_t *s, model_t *m, model_t *scratch,
                      tally_t *t, rng_t *g, kind_t kind, const char *what)
{
    r->s = s;
    r->m = m;
    r->scratch = scratch;
    r->t = t;
    r->g = g;
    r->kind = kind;
    r->what = what;
    r->step = 0;
    r->nhist = 0;
}

static void record(run_t *r, char op, i128 v)
{
    r->hop[r->nhist % HIST] = op;
    r->hval[r->nhist % HIST] = v;
    r->nhist++;
    r->step++;
}

/* Notes the failure just counted, with where it happened and the last
 * operations. */
static void fail_note(run_t *r, const char *msg)
{
    char line[HIST * (I128_BUFLEN + 4)];
    size_t used = 0;
    const long first = r->nhist > HIST ? r->nhist - HIST : 0;
    line[0] = '\0';
    for (long i = first; i < r->nhist && used + I128_BUFLEN + 4 < sizeof line;
         i++) {
        char b[I128_BUFLEN];
        const int w =
            snprintf(line + used, sizeof line - used, " %c%s", r->hop[i % HIST],
                     i128_str(r->hval[i % HIST], b));
        if (w < 0)
            break;
        used += (size_t)w;
    }
    tally_note(r->t, "%s (%s, %s), step %ld, size %zu: %s; last ops:%s",
               r->what, inst_name(r->s->wide), kind_name(r->kind), r->step,
               r->m->n, msg, line);
}

static void check_shape(run_t *r)
{
    const parts_t h = set_parts(r->s);
    char msg[200];
    const int good =
        h.ntop <= 2 * h.buf && h.nbot <= 2 * h.buf && h.used <= h.cap &&
        (h.nmid == 0 || (h.ntop >= h.buf / 2 && h.nbot >= h.buf / 2));
    if (!tally_check(r->t, good)) {
        snprintf(msg, sizeof msg,
                 "white-box: top %u, mid %u, bot %u, nodes used %u of %u",
                 (unsigned)h.ntop, (unsigned)h.nmid, (unsigned)h.nbot,
                 (unsigned)h.used, (unsigned)h.cap);
        fail_note(r, msg);
    }
}

/* Size and sum equal the model's. */
static void check_state(run_t *r)
{
    const i128 want = model_sum(r->m);
    const i128 got = set_sum(r->s);
    const size_t size = set_size(r->s);
    if (!tally_check(r->t, got == want && size == r->m->n)) {
        char msg[200], b1[I128_BUFLEN], b2[I128_BUFLEN];
        snprintf(msg, sizeof msg, "size %zu (want %zu), sum %s (want %s)", size,
                 r->m->n, i128_str(got, b1), i128_str(want, b2));
        fail_note(r, msg);
    }
    check_shape(r);
}

static void check_one_above(run_t *r, i128 v, int or_equal, size_t want_c,
                            i128 want_a)
{
    size_t c;
    i128 a;
    set_above(r->s, v, or_equal, &c, &a);
    if (!tally_check(r->t, c == want_c && a == want_a)) {
        char msg[300], b1[I128_BUFLEN], b2[I128_BUFLEN], b3[I128_BUFLEN];
        snprintf(msg, sizeof msg,
                 "above(%s, or_equal %d): count %zu (want %zu), alt %s (want "
                 "%s)",
                 i128_str(v, b1), or_equal, c, want_c, i128_str(a, b2),
                 i128_str(want_a, b3));
        fail_note(r, msg);
    }
}

/* The whole contents through above(): at every value held (> and >=,
 * so every multiplicity), just below it when that value is absent, below
 * the minimum and above the maximum. One pass over the model, from the
 * largest. */
static void check_contents(run_t *r)
{
    const model_t *m = r->m;
    size_t c = 0, i = m->n;
    i128 alt = 0;
    if (m->n == 0) {
        check_one_above(r, 0, 0, 0, 0);
        check_one_above(r, 0, 1, 0, 0);
        return;
    }
    check_one_above(r, m->v[m->n - 1] + 1, 0, 0, 0);
    check_one_above(r, m->v[m->n - 1] + 1, 1, 0, 0);
    while (i > 0) {
        const i128 v = m->v[i - 1];
        check_one_above(r, v, 0, c, alt);
        while (i > 0 && m->v[i - 1] == v) {
            alt += c % 2 == 0 ? v : -v;
            c++;
            i--;
        }
        check_one_above(r, v, 1, c, alt);
        if (i == 0 || m->v[i - 1] < v - 1) { /* v - 1 is absent */
            check_one_above(r, v - 1, 0, c, alt);
            check_one_above(r, v - 1, 1, c, alt);
        }
    }
    check_one_above(r, m->v[0] - 2, 1, c, alt);
}

/* A few above() probes at random values of the alphabet (often absent). */
static void check_above_random(run_t *r, int probes)
{
    for (int i = 0; i < probes; i++) {
        const i128 v = gen_value(r->g, r->kind);
        const int oe = (int)rng_below(r->g, 2);
        size_t c;
        i128 a;
        model_above(r->m, v, oe, &c, &a);
        check_one_above(r, v, oe, c, a);
    }
}

/* sum_with() on a random change list: removals of copies held (distinct
 * copies, so a duplicate value may go several times, sometimes every copy
 * of one value) and additions (new values, values held, values removed),
 * in random order. The set must be unchanged after. */
static void check_sum_with(run_t *r)
{
    const model_t *m = r->m;
    model_t *w = r->scratch;
    rng_t *g = r->g;
    change_t c[MAXCH];
    size_t k = 0;
    size_t picked[MAXCH];
    size_t npicked = 0;

    if (m->n > 0 && rng_below(g, 4) == 0) { /* every copy of one value */
        const i128 v = m->v[rng_below(g, m->n)];
        const size_t first = model_bound(m, v, 0);
        for (size_t j = first; j < m->n && m->v[j] == v && k < MAXCH / 2; j++) {
            c[k].v = v;
            c[k++].d = -1;
        }
    } else {
        size_t nrem = (size_t)rng_below(g, 6);
        if (nrem > m->n)
            nrem = m->n;
        while (npicked < nrem) {
            const size_t j = (size_t)rng_below(g, m->n);
            size_t q = 0;
            while (q < npicked && picked[q] != j)
                q++;
            if (q < npicked)
                continue;
            picked[npicked++] = j;
            c[k].v = m->v[j];
            c[k++].d = -1;
        }
    }
    const size_t nadd = (size_t)rng_below(g, 5);
    for (size_t j = 0; j < nadd; j++) {
        i128 v;
        const uint64_t how = rng_below(g, 4);
        if (how == 0 && k > 0)
            v = c[rng_below(g, k)].v; /* a value removed */
        else if (how == 1 && m->n > 0)
            v = m->v[rng_below(g, m->n)]; /* a value held */
        else if (how == 2 && m->n > 0)
            v = m->v[rng_below(g, m->n)] + (rng_below(g, 2) ? 1 : -1);
        else
            v = gen_value(g, r->kind);
        c[k].v = v;
        c[k++].d = 1;
    }
    for (size_t j = k; j > 1; j--) { /* shuffle */
        const size_t q = (size_t)rng_below(g, j);
        const change_t tmp = c[j - 1];
        c[j - 1] = c[q];
        c[q] = tmp;
    }

    model_copy(w, m);
    for (size_t j = 0; j < k; j++)
        if (c[j].d < 0)
            model_erase(w, c[j].v);
    for (size_t j = 0; j < k; j++)
        if (c[j].d > 0)
            model_insert(w, c[j].v);
    const i128 want = model_sum(w);
    const i128 sum_before = set_sum(r->s);
    const size_t size_before = set_size(r->s);
    const i128 got = set_sum_with(r->s, c, k);
    const int same = set_sum(r->s) == sum_before &&
                     set_size(r->s) == size_before &&
                     sum_before == model_sum(m);
    if (!tally_check(r->t, got == want && same)) {
        char msg[900], b1[I128_BUFLEN], b2[I128_BUFLEN];
        size_t used = (size_t)snprintf(
            msg, sizeof msg,
            "sum_with: %s (want %s)%s; changes:", i128_str(got, b1),
            i128_str(want, b2), same ? "" : ", and the set changed");
        for (size_t j = 0; j < k && used + I128_BUFLEN + 4 < sizeof msg; j++)
            used +=
                (size_t)snprintf(msg + used, sizeof msg - used, " %c%s",
                                 c[j].d > 0 ? '+' : '-', i128_str(c[j].v, b1));
        fail_note(r, msg);
    }
}

/* The checks after a step: size and sum always; the whole contents while
 * small and every so often; above() probes and sum_with() every so often. */
static void check_step(run_t *r)
{
    check_state(r);
    if (r->m->n <= SMALL_FULL || r->step % 128 == 0)
        check_contents(r);
    if (r->step % 8 == 0)
        check_above_random(r, 2);
    if (r->step % 16 == 0)
        check_sum_with(r);
}

static void do_insert(run_t *r, i128 v)
{
    if (r->m->n >= r->m->cap) /* the test's own bound */
        return;
    set_insert(r->s, v);
    model_insert(r->m, v);
    record(r, 'i', v);
    check_step(r);
}

/* Erases v, held or not: the answer must match the model's. */
static void do_erase(run_t *r, i128 v)
{
    const int want = model_erase(r->m, v);
    const int got = set_erase(r->s, v);
    record(r, 'e', v);
    if (!tally_check(r->t, got == want)) {
        char msg[200], b[I128_BUFLEN];
        snprintf(msg, sizeof msg, "erase(%s) returned %d (want %d)",
                 i128_str(v, b), got, want);
        fail_note(r, msg);
    }
    check_step(r);
}

static i128 model_max(const model_t *m)
{
    return m->v[m->n - 1];
}

static i128 model_min(const model_t *m)
{
    return m->v[0];
}

/* One random step: insert with probability p_insert / 100, else erase a
 * held value, or now and then a value of the alphabet (maybe absent). */
static void random_step(run_t *r, unsigned p_insert)
{
    rng_t *g = r->g;
    const model_t *m = r->m;
    if (m->n < m->cap && (m->n == 0 || rng_below(g, 100) < p_insert))
        do_insert(r, gen_value(g, r->kind));
    else if (m->n == 0 || rng_below(g, 8) == 0)
        do_erase(r, gen_value(g, r->kind));
    else
        do_erase(r, m->v[rng_below(g, m->n)]);
}

/* ------------------------------------------------------------------------
 * The tests.
 * ---------------------------------------------------------------------- */

typedef struct {
    set_t s;
    model_t m, scratch;
} bench_t;

static int bench_open(bench_t *b, int wide, size_t cap)
{
    const int rc = set_init(&b->s, wide, cap);
    model_init(&b->m, cap);
    model_init(&b->scratch, cap + MAXCH);
    return rc;
}

static void bench_close(bench_t *b)
{
    set_free(&b->s);
    model_free(&b->m);
    model_free(&b->scratch);
}

/* 1. Random inserts and erases: grow to a peak, shrink to 0, again. */
static void test_random(int wide)
{
    static const size_t peaks[] = {5, 12, 40, 300, MAXN, 150};
    tally_t t = {0, 0};
    rng_t g;
    bench_t b;
    long steps = 0;
    rng_seed(&g, 0xa175e7u + (uint64_t)wide);
    ok(bench_open(&b, wide, MAXN) == 0, "%s: init(%d) returns 0",
       inst_name(wide), MAXN);
    for (int k = 0; k < kind_count(wide); k++) {
        run_t r;
        run_start(&r, &b.s, &b.m, &b.scratch, &t, &g, (kind_t)k,
                  "random grow and shrink");
        for (size_t p = 0; p < sizeof peaks / sizeof peaks[0]; p++) {
            size_t peak = peaks[p];
            if (peak > 100)
                peak /= (size_t)scale;
            while (b.m.n < peak)
                random_step(&r, 65);
            while (b.m.n > 0)
                random_step(&r, 35);
        }
        steps += r.step;
    }
    bench_close(&b);
    ok(tally_passed(&t),
       "%s: %ld random inserts and erases (erases of absent values return "
       "-1), sizes up to %d and back to 0, each kind of value: size, sum, "
       "above() and sum_with() equal the sorted array's (%ld checks)",
       inst_name(wide), steps, MAXN / scale, t.checks);
}

/* 2a. Changes at the ends: the maximum and the minimum taken and put
 * back, new maxima and minima, duplicates of them. */
static void test_ends(int wide)
{
    tally_t t = {0, 0};
    rng_t g;
    bench_t b;
    const size_t base = 200;
    const long ops = 4000 / scale;
    rng_seed(&g, 0xe2d5u + (uint64_t)wide);
    bench_open(&b, wide, 4 * base);
    for (int k = 0; k < kind_count(wide); k++) {
        run_t r;
        run_start(&r, &b.s, &b.m, &b.scratch, &t, &g, (kind_t)k,
                  "changes at the ends");
        set_clear(&b.s);
        b.m.n = 0;
        while (b.m.n < base)
            do_insert(&r, gen_value(&g, (kind_t)k));
        for (long i = 0; i < ops; i++) {
            unsigned op = (unsigned)rng_below(&g, 8);
            if (b.m.n < base / 2 && op % 2 == 0)
                op++; /* the odd ones insert */
            if (b.m.n > 2 * base && op % 2 == 1)
                op--;
            if (b.m.n == 0) {
                do_insert(&r, gen_value(&g, (kind_t)k));
                continue;
            }
            switch (op) {
            case 0: do_erase(&r, model_max(&b.m)); break;
            case 1:
                do_insert(&r, model_max(&b.m) + (i128)rng_below(&g, 3));
                break;
            case 2: do_erase(&r, model_min(&b.m)); break;
            case 3:
                do_insert(&r, model_min(&b.m) - (i128)rng_below(&g, 3));
                break;
            case 4: /* the maximum out and back */
                do_erase(&r, model_max(&b.m));
                if (b.m.n > 0)
                    do_erase(&r, model_max(&b.m) + 1); /* absent */
                do_insert(&r, b.m.n > 0 ? model_max(&b.m) + 1 : 0);
                break;
            case 5: do_insert(&r, model_max(&b.m)); break;
            case 6: /* the minimum out and back */
                do_erase(&r, model_min(&b.m));
                if (b.m.n > 0)
                    do_erase(&r, model_min(&b.m) - 1); /* absent */
                do_insert(&r, b.m.n > 0 ? model_min(&b.m) - 1 : 0);
                break;
            default: do_insert(&r, model_min(&b.m)); break;
            }
        }
        while (b.m.n > 0) /* down from the top */
            do_erase(&r, model_max(&b.m));
    }
    bench_close(&b);
    ok(tally_passed(&t),
       "%s: the maximum and the minimum erased, raised, lowered, doubled "
       "and put back, %ld times a kind around %zu values (%ld checks)",
       inst_name(wide), ops, base, t.checks);
}

/* 2b. Values at the boundaries of the buffers (white-box): the smallest
 * of top and the largest of bot, one above and one below, inserted and
 * erased (the neighbours often absent). */
static void test_boundaries(int wide)
{
    tally_t t = {0, 0};
    rng_t g;
    bench_t b;
    const long ops = 6000 / scale;
    rng_seed(&g, 0xb0dau + (uint64_t)wide);
    bench_open(&b, wide, 1000);
    for (int k = 0; k < kind_count(wide); k++) {
        run_t r;
        const size_t base = k % 2 == 0 ? 30 : 300;
        run_start(&r, &b.s, &b.m, &b.scratch, &t, &g, (kind_t)k,
                  "buffer boundaries");
        set_clear(&b.s);
        b.m.n = 0;
        while (b.m.n < base)
            do_insert(&r, gen_value(&g, (kind_t)k));
        for (long i = 0; i < ops; i++) {
            const parts_t h = set_parts(&b.s);
            const uint64_t pick = rng_below(&g, 7);
            i128 v;
            if (pick < 3 && h.ntop > 0)
                v = h.top_low + (i128)pick - 1;
            else if (pick < 6 && h.nbot > 0)
                v = h.bot_high + (i128)pick - 4;
            else
                v = gen_value(&g, (kind_t)k);
            int ins = (int)rng_below(&g, 2);
            if (b.m.n < base / 2)
                ins = 1;
            else if (b.m.n > 2 * base)
                ins = 0;
            if (ins)
                do_insert(&r, v);
            else
                do_erase(&r, v);
        }
        while (b.m.n > 0)
            do_erase(&r, b.m.v[rng_below(&g, b.m.n)]);
    }
    bench_close(&b);
    ok(tally_passed(&t),
       "%s: values at, just above and just below the ends of both buffers "
       "inserted and erased, %ld times a kind (%ld checks)",
       inst_name(wide), ops, t.checks);
}

/* 2c. Sorted runs and equal values. */
static void test_runs(int wide)
{
    tally_t t = {0, 0};
    rng_t g;
    bench_t b;
    const size_t n = 600 / (size_t)scale;
    const i128 unit = wide ? P100 / 1024 : 1; /* spacing of the runs */
    const i128 same = wide ? -P100 - 5 : 7;
    run_t r;
    rng_seed(&g, 0x5e5u + (uint64_t)wide);
    bench_open(&b, wide, 2 * n);
    run_start(&r, &b.s, &b.m, &b.scratch, &t, &g, V_MEDIUM, "sorted runs");

    for (int order = 0; order < 4; order++) {
        /* insert up or down, erase up or down */
        const int ins_up = order % 2 == 0, erase_up = order / 2 == 0;
        for (size_t i = 0; i < n; i++)
            do_insert(&r, unit * (i128)(ins_up ? i : n - 1 - i));
        for (size_t i = 0; i < n; i++)
            do_erase(&r, unit * (i128)(erase_up ? i : n - 1 - i));
    }
    /* zigzag: the two ends in turn, in and out */
    for (size_t i = 0; i < n / 2; i++) {
        do_insert(&r, unit * (i128)i);
        do_insert(&r, unit * (i128)(n - 1 - i));
    }
    for (size_t i = n / 2; i > 0; i--) {
        do_erase(&r, unit * (i128)(i - 1));
        do_erase(&r, unit * (i128)(n - i));
    }
    /* interleaved: from the middle outwards, then erased in order */
    for (size_t i = 0; i < n; i++)
        do_insert(&r, unit * (i % 2 == 0 ? (i128)(i / 2) : -(i128)(i / 2 + 1)));
    while (b.m.n > 0)
        do_erase(&r, model_min(&b.m));

    /* all equal: absent neighbours, then the copies one by one */
    for (size_t i = 0; i < n; i++)
        do_insert(&r, same);
    for (size_t i = 0; i < n; i++) {
        if (i % 16 == 0) {
            do_erase(&r, same - 1);
            do_erase(&r, same + 1);
        }
        if (i % 4 == 0)
            do_insert(&r, same);
        do_erase(&r, same);
        do_erase(&r, same);
    }
    while (b.m.n > 0)
        do_erase(&r, same);
    do_erase(&r, same);
    /* equal values with a few others at both ends and between */
    for (size_t i = 0; i < n; i++) {
        const uint64_t x = rng_below(&g, 10);
        do_insert(&r, x == 0 ? same - 1 : x == 1 ? same + 1 : same);
    }
    while (b.m.n > 0)
        do_erase(&r, b.m.v[rng_below(&g, b.m.n)]);

    bench_close(&b);
    ok(tally_passed(&t),
       "%s: ascending and descending runs of %zu inserted and erased in "
       "all four orders, from both ends in turn, %zu equal values with "
       "absent neighbours (%ld checks)",
       inst_name(wide), n, n, t.checks);
}

/* 5. The O(k) build, then the same checks and random steps on it. */
static void test_build(int wide)
{
    static const size_t sizes[] = {0,   1,   2,   3,   4,   5,    7,   8,
                                   9,   15,  16,  17,  31,  63,   64,  65,
                                   127, 128, 129, 130, 257, 1000, MAXN};
    tally_t t = {0, 0};
    rng_t g;
    size_t built = 0;
    rng_seed(&g, 0xb11du + (uint64_t)wide);
    for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++) {
        const size_t n = sizes[z] > 200 ? sizes[z] / (size_t)scale : sizes[z];
        const kind_t kind = (kind_t)(z % (size_t)kind_count(wide));
        /* exactly the room for n, or more; the steps after never exceed
         * it */
        const size_t cap = z % 2 == 0 ? n : n + 50;
        bench_t b;
        run_t r;
        const int rc = bench_open(&b, wide, cap);
        if (!tally_check(&t, rc == 0))
            tally_note(&t, "init(%zu) returned %d", cap, rc);
        run_start(&r, &b.s, &b.m, &b.scratch, &t, &g, kind, "build");
        if (z % 3 == 0) /* a set with values before: begin() empties it */
            for (size_t i = 0; i < cap / 2; i++)
                set_insert(&b.s, gen_value(&g, kind));
        for (size_t i = 0; i < n; i++)
            b.m.v[i] = gen_value(&g, kind);
        b.m.n = n;
        for (size_t i = 1; i < n; i++) { /* insertion sort: increasing */
            const i128 x = b.m.v[i];
            size_t j = i;
            for (; j > 0 && b.m.v[j - 1] > x; j--)
                b.m.v[j] = b.m.v[j - 1];
            b.m.v[j] = x;
        }
        set_begin(&b.s);
        for (size_t i = 0; i < n; i++)
            set_add(&b.s, b.m.v[i]);
        set_end(&b.s);
        built += n;
        check_state(&r);
        check_contents(&r);
        for (int i = 0; i < 20; i++)
            check_sum_with(&r);
        /* the set at its room: out and in again */
        for (size_t i = 0; i < 40 && b.m.n > 0; i++) {
            do_erase(&r, b.m.v[rng_below(&g, b.m.n)]);
            do_insert(&r, gen_value(&g, kind));
        }
        for (size_t i = 0; i < 3 * n + 50; i++)
            random_step(&r, 50);
        while (b.m.n > 0)
            random_step(&r, 20);
        bench_close(&b);
    }
    ok(tally_passed(&t),
       "%s: sets built in O(k) by begin/add/end (%zu values in %zu sets, "
       "0 to %d values, some with values before begin) equal the array, "
       "and random steps on them after (%ld checks)",
       inst_name(wide), built, sizeof sizes / sizeof sizes[0], MAXN / scale,
       t.checks);
}

/* 6. init, clear, free; the room; the empty set. */
static void test_lifecycle(int wide)
{
    tally_t t = {0, 0};
    rng_t g;
    bench_t b;
    run_t r;
    set_t big;
    rng_seed(&g, 0xc1ea7u + (uint64_t)wide);

    is_int(set_init(&big, wide, (size_t)UINT32_MAX), COINLINE_ETOOBIG,
           "%s: init(2^32 - 1) is COINLINE_ETOOBIG", inst_name(wide));
    set_free(&big);
    is_int(set_init(&big, wide, SIZE_MAX), COINLINE_ETOOBIG,
           "%s: init(SIZE_MAX) is COINLINE_ETOOBIG", inst_name(wide));
    set_free(&big);

    /* room for none: the empty set answers */
    is_int(bench_open(&b, wide, 0), 0, "%s: init(0) returns 0",
           inst_name(wide));
    run_start(&r, &b.s, &b.m, &b.scratch, &t, &g, V_SMALL, "empty");
    check_state(&r);
    check_contents(&r);
    for (int i = 0; i < 10; i++) {
        check_sum_with(&r); /* additions only */
        do_erase(&r, gen_value(&g, V_SMALL));
    }
    set_begin(&b.s);
    set_end(&b.s);
    check_state(&r);
    set_clear(&b.s);
    check_state(&r);
    bench_close(&b);

    /* clear at many sizes, then the set is used again */
    bench_open(&b, wide, 500);
    run_start(&r, &b.s, &b.m, &b.scratch, &t, &g, V_SMALL, "clear");
    for (int round = 0; round < 12; round++) {
        const kind_t kind = (kind_t)(round % kind_count(wide));
        const size_t n = (size_t)rng_below(&g, round < 6 ? 20 : 500);
        r.kind = kind;
        for (size_t i = 0; i < n; i++)
            random_step(&r, 80);
        set_clear(&b.s);
        b.m.n = 0;
        check_state(&r);
        check_contents(&r);
        do_erase(&r, gen_value(&g, kind)); /* nothing is held */
    }
    /* at the room exactly: fill, churn, empty, fill again */
    for (int round = 0; round < 2; round++) {
        while (b.m.n < b.m.cap)
            do_insert(&r, gen_value(&g, r.kind));
        for (int i = 0; i < 300; i++) {
            do_erase(&r, b.m.v[rng_below(&g, b.m.n)]);
            do_insert(&r, gen_value(&g, r.kind));
        }
        set_clear(&b.s);
        b.m.n = 0;
        check_state(&r);
    }
    bench_close(&b);
    ok(tally_passed(&t),
       "%s: the empty set (room for none) answers 0 everywhere; clear() "
       "empties the set at any size and it works again; a set filled to "
       "its room and churned there uses no more nodes (%ld checks)",
       inst_name(wide), t.checks);
}

int main(void)
{
    if (under_valgrind()) {
        scale = VALGRIND_SCALE;
        diag("running under valgrind: sizes and counts divided by %d", scale);
    }
    for (int wide = 0; wide < 2; wide++) {
        test_lifecycle(wide);
        test_random(wide);
        test_ends(wide);
        test_boundaries(wide);
        test_runs(wide);
        test_build(wide);
    }
    return done_testing();
}
