/* SPDX-License-Identifier: MIT */
/*
 * check.c - the games of a check (coinline check, the bindings' check()):
 * a fixed list, made from the plan alone, in six parts.
 *
 *   edge     0 (with allow_empty), 1, 2 and 3 coins at the range's ends:
 *            where an off-by-one, a missing base case or an overflow shows
 *            first (three coins of max near 2^63 pass 64 bits);
 *   example  the worked examples of the classic write-ups, which every
 *            learner tries by hand first;
 *   tie      all coins equal (every move is a tie between the ends), and
 *            rows that end in a tie, searched among random rows of narrow
 *            values (a "wins" answer that forgot ">=");
 *   small    random rows of 1 to 12 coins, 8 of each size, odd and even
 *            (a table filled for even lengths only fails here);
 *   trap     rows where the larger end (greedy) or the parity trick gives
 *            points away: the smallest known ones where they fit the
 *            range, then some searched among random rows of the range;
 *   growing  random rows of 14 to 32 coins by twos (an exponential
 *            recursion times out here), then a quarter larger each time
 *            up to max_n, two of each size: their times tell the growth.
 *
 * A random row is drawn by coinline_random_row() from a state made of
 * the seed and the game's index alone, so any game can be made without
 * the others, and the searches (ties, traps) run from states of their
 * own: the same plan is the same list in the tool and in every binding.
 */
#include <string.h>

#include "wide.h"

#define SMALL_MAX  12  /* the small part's largest row */
#define SMALL_EACH 8   /* its rows of each size */
#define GROW_EACH  2   /* the growing part's rows of each size */
#define FIXED_MAX  8   /* the longest hand-made row */
#define TIE_FIND   3   /* ties searched */
#define TRAP_FIND  2   /* traps searched, for each strategy */
#define TRIES      400 /* draws a search makes at most */

enum { PART_COUNT = COINLINE_CHECK_GROWING + 1 };

typedef struct {
    size_t n;
    int64_t a[FIXED_MAX];
} row_t;

static const row_t examples[] = {
    {4, {5, 3, 7, 10}},         {4, {8, 15, 3, 7}},      {4, {2, 2, 2, 2}},
    {6, {20, 30, 2, 2, 2, 10}}, {6, {3, 2, 2, 3, 1, 2}}, {5, {1, 3, 5, 2, 9}},
    {4, {1, 2, 3, 4}},          {4, {20, 30, 2, 2}},     {3, {2, 3, 1}},
};

/* The smallest rows where greedy loses points (ties to the left, then
 * either way), and where the parity trick does (learn's parts 4 and 5). */
static const row_t traps[] = {
    {4, {1, 2, 1, 1}},
    {4, {1, 1, 3, 2}},
    {4, {2, 1, 2, 3}},
};

/* The edge rows as templates over L (min) and H (max). */
static const char *const edges[] = {"",   "L",  "H",   "LH",  "HL",
                                    "HH", "LL", "HHH", "LLL", "HLH"};

static int plan_ok(const coinline_check_plan_t *p)
{
    return p != NULL && p->min <= p->max && p->max_n >= 1 &&
           (uint64_t)p->max_n <= COINLINE_CHECK_N_MAX &&
           !(p->even && p->max_n < 2);
}

static int fits(const coinline_check_plan_t *p, const int64_t *a, size_t n)
{
    if (n > p->max_n || (p->even && n % 2 == 1) || (n == 0 && !p->allow_empty))
        return 0;
    for (size_t i = 0; i < n; i++)
        if (a[i] < p->min || a[i] > p->max)
            return 0;
    return 1;
}

/* A state of its own for each (part, index) of the seed. */
static uint64_t state_of(const coinline_check_plan_t *p, unsigned part,
                         uint64_t k)
{
    uint64_t s = p->seed ^ (UINT64_C(0xA0761D6478BD642F) * (part + 1));
    s += coinline_random_next(&s) ^ k;
    coinline_random_next(&s);
    return s;
}

/* Edge row number t into r (0 when the template does not fit or repeats
 * an earlier one). */
static int edge_row(const coinline_check_plan_t *p, size_t t, row_t *r)
{
    r->n = strlen(edges[t]);
    for (size_t i = 0; i < r->n; i++)
        r->a[i] = edges[t][i] == 'L' ? p->min : p->max;
    if (!fits(p, r->a, r->n))
        return 0;
    for (size_t u = 0; u < t; u++) {
        row_t o;
        if (edge_row(p, u, &o) && o.n == r->n &&
            memcmp(o.a, r->a, r->n * sizeof *r->a) == 0)
            return 0;
    }
    return 1;
}

/* The final margin of greedy or parity (spec) as player 1 against the
 * engine's moves, below the value: 1 when it loses points, 0 when not. */
static int loses(const char *spec, const int64_t *a, size_t n, int *rc)
{
    coinline_engine_t *e = NULL;
    coinline_strategy_t *s = NULL;
    coinline_engine_state_t st;
    memset(&st, 0, sizeof st);
    *rc = coinline_strategy_new(spec, 0, &s);
    if (*rc == COINLINE_OK)
        *rc = coinline_engine_new(a, n, &e);
    if (*rc == COINLINE_OK)
        *rc = coinline_engine_state(e, &st);
    const coinline_i128_t value = st.value;
    while (*rc == COINLINE_OK && st.to_move != 0) {
        coinline_side_t side = st.best;
        if (st.to_move == 1)
            *rc = coinline_strategy_move(s, e, &side);
        if (*rc == COINLINE_OK)
            *rc = coinline_engine_play(e, side);
        if (*rc == COINLINE_OK)
            *rc = coinline_engine_state(e, &st);
    }
    coinline_engine_free(e);
    coinline_strategy_free(s);
    return *rc == COINLINE_OK &&
           cl_to_wide(st.p1) - cl_to_wide(st.p2) < cl_to_wide(value);
}

/* What a search looks for: a tie (spec NULL), or a row where the
 * strategy spec loses points. */
typedef struct {
    unsigned part;
    const char *spec;
    int narrow;    /* values from [min, min + 3] */
    int even;      /* even rows only */
    unsigned want; /* rows to find */
} search_t;

static const search_t searches[] = {
    {COINLINE_CHECK_TIE, NULL, 1, 0, TIE_FIND},
    {COINLINE_CHECK_TRAP, "greedy", 0, 0, TRAP_FIND},
    {COINLINE_CHECK_TRAP, "parity", 0, 1, TRAP_FIND},
};

/* Draw t of search q into r: 4 to 8 coins (as the plan and q allow).
 * Returns 1 (drawn), 0 (too long for the plan) or a negative code. */
static int draw(const coinline_check_plan_t *p, const search_t *q, unsigned t,
                row_t *r)
{
    uint64_t s = state_of(p, q->part, t + 1000 * (uint64_t)(q - searches));
    const int64_t hi = q->narrow && (uint64_t)p->max - (uint64_t)p->min > 3
                           ? (int64_t)((uint64_t)p->min + 3)
                           : p->max;
    r->n = (p->even || q->even) ? 4 + 2 * (t % 3) : 4 + t % 5;
    if (r->n > p->max_n)
        return 0;
    const int rc = coinline_random_row(&s, p->min, hi, r->a, r->n);
    return rc == COINLINE_OK ? 1 : rc;
}

/* Whether row r is what q looks for. */
static int hit(const search_t *q, const row_t *r, int *rc)
{
    if (q->spec != NULL)
        return loses(q->spec, r->a, r->n, rc);
    coinline_result_t res;
    *rc = coinline_solve(r->a, r->n, COINLINE_ALGO_LINEAR, &res);
    int equal = 1;
    for (size_t i = 1; i < r->n; i++)
        equal = equal && r->a[i] == r->a[0];
    return *rc == COINLINE_OK && !equal && cl_to_wide(res.margin) == 0;
}

/* The rows search q finds: their number (at most q->want), or a negative
 * code; with r, stops at the j-th and writes it there. */
static int found(const coinline_check_plan_t *p, const search_t *q, unsigned j,
                 row_t *r)
{
    unsigned hits = 0;
    for (unsigned t = 0; t < TRIES && hits < q->want; t++) {
        row_t d;
        int rc = draw(p, q, t, &d);
        if (rc < 0)
            return rc;
        if (rc == 0)
            continue;
        const int h = hit(q, &d, &rc);
        if (rc != COINLINE_OK)
            return rc;
        if (!h)
            continue;
        if (r != NULL && hits == j) {
            *r = d;
            return (int)hits + 1;
        }
        hits++;
    }
    return (int)hits;
}

/* Row i of a fixed list (a[0..count-1]) that fits the plan, into r when
 * r is not NULL; returns the number of rows that fit, up to i + 1. */
static unsigned listed(const coinline_check_plan_t *p, const row_t *a,
                       size_t count, size_t i, row_t *r)
{
    unsigned seen = 0;
    for (size_t t = 0; t < count; t++) {
        if (!fits(p, a[t].a, a[t].n))
            continue;
        if (r != NULL && seen == i) {
            *r = a[t];
            return seen + 1;
        }
        seen++;
    }
    return seen;
}

/* The rows of all coins equal: max then min, 2 to 6 coins. */
static unsigned equal_rows(const coinline_check_plan_t *p, row_t *a)
{
    unsigned count = 0;
    for (int v = 0; v < 2; v++) {
        const int64_t x = v == 0 ? p->max : p->min;
        if (v == 1 && x == p->max)
            break;
        for (size_t n = 2; n <= 6; n++) {
            a[count].n = n;
            for (size_t i = 0; i < n; i++)
                a[count].a[i] = x;
            count++;
        }
    }
    return count;
}

/* Row i of a part made of fixed and searched rows (edge, example, tie,
 * trap) into r (may be NULL); returns the number of rows up to i + 1, or
 * a negative code. */
static int fixed(const coinline_check_plan_t *p, unsigned part, size_t i,
                 row_t *r)
{
    row_t list[16];
    size_t count = 0;
    if (part == COINLINE_CHECK_EDGE) {
        for (size_t t = 0; t < sizeof edges / sizeof *edges; t++)
            if (edge_row(p, t, &list[count]))
                count++;
        return (int)listed(p, list, count, i, r);
    }
    if (part == COINLINE_CHECK_EXAMPLE)
        return (int)listed(p, examples, sizeof examples / sizeof *examples, i,
                           r);
    if (part == COINLINE_CHECK_TIE) {
        count = equal_rows(p, list);
    } else {
        count = sizeof traps / sizeof *traps;
        memcpy(list, traps, sizeof traps);
    }
    unsigned seen = listed(p, list, count, i, r);
    for (size_t q = 0; q < sizeof searches / sizeof *searches; q++) {
        if (searches[q].part != part || (r != NULL && seen > i))
            continue;
        const int f = found(p, &searches[q], (unsigned)(i - seen), r);
        if (f < 0)
            return f;
        seen += (unsigned)f;
    }
    return (int)seen;
}

/* The growing part's size after n: by twos up to 32, then a quarter more
 * (even with an even plan). */
static size_t grow_next(const coinline_check_plan_t *p, size_t n)
{
    if (n < 32)
        return n + 2;
    const size_t m = n + n / 4;
    return p->even && m % 2 == 1 ? m + 1 : m;
}

/* Size number t of the growing part, 0 past its last: the sizes from 14
 * below max_n, then max_n. */
static size_t grow_size(const coinline_check_plan_t *p, size_t t)
{
    const size_t last = p->even ? p->max_n / 2 * 2 : p->max_n;
    if (last <= SMALL_MAX)
        return 0;
    size_t n = 14;
    for (size_t u = 0; u < t; u++) {
        if (n >= last)
            return 0;
        n = grow_next(p, n);
    }
    return n < last ? n : last;
}

/* Row sizes of the small part, in order (odd ones left out with even). */
static size_t small_size(const coinline_check_plan_t *p, size_t t)
{
    const size_t top = p->max_n < SMALL_MAX ? p->max_n : SMALL_MAX;
    const size_t n = p->even ? 2 * (t + 1) : t + 1;
    return n <= top ? n : 0;
}

/* The number of rows of a random part (small or growing). */
static uint64_t sized_count(const coinline_check_plan_t *p, unsigned part)
{
    uint64_t count = 0;
    if (part == COINLINE_CHECK_SMALL)
        while (small_size(p, count / SMALL_EACH) != 0)
            count += SMALL_EACH;
    else
        while (grow_size(p, count / GROW_EACH) != 0)
            count += GROW_EACH;
    return count;
}

static int counts(const coinline_check_plan_t *p, uint64_t c[PART_COUNT])
{
    for (unsigned part = 0; part < PART_COUNT; part++) {
        if (part == COINLINE_CHECK_SMALL || part == COINLINE_CHECK_GROWING) {
            c[part] = sized_count(p, part);
            continue;
        }
        const int f = fixed(p, part, 0, NULL);
        if (f < 0)
            return f;
        c[part] = (uint64_t)f;
    }
    return COINLINE_OK;
}

int coinline_check_count(const coinline_check_plan_t *plan, uint64_t *count)
{
    uint64_t c[PART_COUNT];
    if (!plan_ok(plan) || count == NULL)
        return COINLINE_EINVAL;
    const int rc = counts(plan, c);
    *count = 0;
    for (unsigned part = 0; part < PART_COUNT && rc == COINLINE_OK; part++)
        *count += c[part];
    return rc;
}

/* Writes row r (n coins) into coins (cap values). */
static int put(const row_t *r, int64_t *coins, size_t cap, size_t *n)
{
    *n = r->n;
    if (r->n > cap)
        return COINLINE_ETOOBIG;
    if (r->n > 0)
        memcpy(coins, r->a, r->n * sizeof *coins);
    return COINLINE_OK;
}

/* Row i of a random part into coins. */
static int sized(const coinline_check_plan_t *p, unsigned part, uint64_t i,
                 int64_t *coins, size_t cap, size_t *n)
{
    *n = part == COINLINE_CHECK_SMALL ? small_size(p, (size_t)(i / SMALL_EACH))
                                      : grow_size(p, (size_t)(i / GROW_EACH));
    if (*n > cap)
        return COINLINE_ETOOBIG;
    uint64_t s = state_of(p, part, i);
    return coinline_random_row(&s, p->min, p->max, coins, *n);
}

int coinline_check_game(const coinline_check_plan_t *plan, uint64_t k,
                        int64_t *coins, size_t cap, size_t *n,
                        coinline_check_kind_t *kind)
{
    uint64_t c[PART_COUNT];
    if (!plan_ok(plan) || n == NULL || (coins == NULL && cap > 0))
        return COINLINE_EINVAL;
    int rc = counts(plan, c);
    unsigned part = 0;
    while (rc == COINLINE_OK && part < PART_COUNT && k >= c[part])
        k -= c[part++];
    if (rc != COINLINE_OK || part == PART_COUNT)
        return rc != COINLINE_OK ? rc : COINLINE_EINVAL;
    if (kind != NULL)
        *kind = (coinline_check_kind_t)part;
    if (part == COINLINE_CHECK_SMALL || part == COINLINE_CHECK_GROWING)
        return sized(plan, part, k, coins, cap, n);
    row_t r;
    rc = fixed(plan, part, (size_t)k, &r);
    return rc < 0 ? rc : put(&r, coins, cap, n);
}

const char *coinline_check_kind_name(coinline_check_kind_t kind)
{
    static const char *const names[] = {"edge",  "example", "tie",
                                        "small", "trap",    "growing"};
    return (unsigned)kind < PART_COUNT ? names[kind] : NULL;
}
