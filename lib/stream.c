/* SPDX-License-Identifier: MIT */
/*
 * stream.c - the linear solver fed one coin at a time (see linear.c for
 * the algorithm). The coins are not kept: only the reduced stacks.
 *
 * The value needs the reduction of the whole row; the first move, with
 * ties to the left, also needs the value of the row without its first
 * coin (the block rule alone cannot see a tie when the right block is
 * larger). So two reductions run side by side, and as they grow the same
 * top they share it (push_pair in reduce_tmpl.h): on random rows the second
 * costs little.
 */
#include <stdlib.h>
#include <string.h>

#include "solver.h"

#include "reduce.h"

/* A stack of values, 64-bit or 128-bit as the stream is. */
typedef struct {
    size_t len, cap;
    int64_t *s64;
    cl_wide *s128;
} rstack;

struct coinline_stream {
    uint64_t n;       /* coins pushed */
    uint64_t abs_sum; /* sum|a[i]| while narrow (<= INT64_MAX) */
    cl_wide sum;      /* sum of the coins */
    int64_t first;    /* the first coin */
    int wide;         /* 0: the stacks hold int64_t; 1: cl_wide */
    rstack all;       /* reduction of every coin */
    rstack own;       /* bottom of the reduction without the first coin */
    size_t shared;    /* ... whose top is all[shared..all.len-1] */
};

int coinline_stream_new(coinline_stream_t **out)
{
    if (out == NULL)
        return COINLINE_EINVAL;
    *out = calloc(1, sizeof **out);
    return *out == NULL ? COINLINE_ENOMEM : COINLINE_OK;
}

static void stack_release(rstack *st)
{
    free(st->s64);
    free(st->s128);
    memset(st, 0, sizeof *st);
}

void coinline_stream_reset(coinline_stream_t *s)
{
    if (s == NULL)
        return;
    if (s->wide) {
        /* Back to 64 bits: the wide buffers would not be reused. */
        stack_release(&s->all);
        stack_release(&s->own);
        s->wide = 0;
    }
    s->all.len = s->own.len = s->shared = 0;
    s->n = s->abs_sum = 0;
    s->sum = 0;
}

void coinline_stream_free(coinline_stream_t *s)
{
    if (s == NULL)
        return;
    stack_release(&s->all);
    stack_release(&s->own);
    free(s);
}

/* Moves a stack's values into w, a 128-bit buffer of cap values. */
static void stack_move_wide(rstack *st, cl_wide *w, size_t cap)
{
    for (size_t i = 0; i < st->len; i++)
        w[i] = st->s64[i];
    free(st->s64);
    st->s64 = NULL;
    st->s128 = w;
    st->cap = cap;
}

/* Moves both stacks to 128-bit values, or neither. */
static int stream_widen(coinline_stream_t *s)
{
    const size_t ca = s->all.cap < 16 ? 16 : s->all.cap;
    const size_t co = s->own.cap < 16 ? 16 : s->own.cap;
    cl_wide *wa = malloc(ca * sizeof *wa);
    cl_wide *wo = malloc(co * sizeof *wo);
    if (wa == NULL || wo == NULL) {
        free(wa);
        free(wo);
        return COINLINE_ENOMEM;
    }
    stack_move_wide(&s->all, wa, ca);
    stack_move_wide(&s->own, wo, co);
    s->wide = 1;
    return COINLINE_OK;
}

/* Makes room for `more` values beyond the length. */
static int stack_reserve(rstack *st, int wide, size_t more)
{
    if (st->len + more <= st->cap)
        return COINLINE_OK;
    const size_t size = wide ? sizeof(cl_wide) : sizeof(int64_t);
    size_t cap = st->cap < 64 ? 64 : st->cap;
    if (more > SIZE_MAX / size - st->len)
        return COINLINE_ENOMEM;
    while (cap < st->len + more && cap <= SIZE_MAX / size / 2)
        cap *= 2;
    if (cap < st->len + more || cap > SIZE_MAX / size)
        return COINLINE_ENOMEM;
    void *p = realloc(wide ? (void *)st->s128 : (void *)st->s64, cap * size);
    if (p == NULL)
        return COINLINE_ENOMEM;
    if (wide)
        st->s128 = p;
    else
        st->s64 = p;
    st->cap = cap;
    return COINLINE_OK;
}

/* Makes room for one coin, widening both stacks first if the coin would
 * break the 64-bit bound. Changes nothing visible on failure. */
static int stream_prepare(coinline_stream_t *s, int64_t coin)
{
    const uint64_t m = cl_mag64(coin);
    int rc;
    if (!s->wide && m > (uint64_t)INT64_MAX - s->abs_sum &&
        (rc = stream_widen(s)) != COINLINE_OK)
        return rc;
    if ((rc = stack_reserve(&s->all, s->wide, 1)) != COINLINE_OK ||
        (rc = stack_reserve(&s->own, s->wide, 2)) != COINLINE_OK)
        return rc;
    if (!s->wide)
        s->abs_sum += m;
    return COINLINE_OK;
}

static void stream_add(coinline_stream_t *s, int64_t coin)
{
    if (s->n == 0) {
        s->first = coin;
        s->all.len = s->shared = 1;
        if (s->wide)
            s->all.s128[0] = coin;
        else
            s->all.s64[0] = coin;
    } else if (s->wide) {
        push_pair_wide(s->all.s128, &s->all.len, s->own.s128, &s->own.len,
                       &s->shared, coin);
    } else {
        push_pair_64(s->all.s64, &s->all.len, s->own.s64, &s->own.len,
                     &s->shared, coin);
    }
    s->sum += coin;
    s->n++;
}

int coinline_stream_push(coinline_stream_t *s, int64_t coin)
{
    if (s == NULL)
        return COINLINE_EINVAL;
    const int rc = stream_prepare(s, coin);
    if (rc != COINLINE_OK)
        return rc;
    stream_add(s, coin);
    return COINLINE_OK;
}

/* Pushes coins[0..n-1] while the stream is narrow and has room, with the
 * state in locals: the fast loop of push_many. Returns how many it took.
 * While narrow, sum|a[i]| <= INT64_MAX, so the sum fits in 64 bits. */
static size_t push_run_64(coinline_stream_t *s, const int64_t *coins, size_t n)
{
    size_t la = s->all.len, lo = s->own.len, sh = s->shared, i = 0;
    int64_t *const all = s->all.s64, *const own = s->own.s64;
    const size_t cap_all = s->all.cap, cap_own = s->own.cap;
    uint64_t abs_sum = s->abs_sum;
    int64_t sum = 0;

    if (s->wide || s->n == 0)
        return 0;
    for (; i < n; i++) {
        const int64_t v = coins[i];
        const uint64_t m = cl_mag64(v);
        if (m > (uint64_t)INT64_MAX - abs_sum || la + 1 > cap_all ||
            lo + 2 > cap_own)
            break;
        abs_sum += m;
        sum += v;
        push_pair_64(all, &la, own, &lo, &sh, v);
    }
    s->all.len = la;
    s->own.len = lo;
    s->shared = sh;
    s->abs_sum = abs_sum;
    s->sum += sum;
    s->n += i;
    return i;
}

/* push_run_64 once the stream is wide (coins over all of int64 soon make
 * it so): the loop with the state in locals, while the stacks have room.
 * Returns how many it took. */
static size_t push_run_wide(coinline_stream_t *s, const int64_t *coins,
                            size_t n)
{
    size_t la = s->all.len, lo = s->own.len, sh = s->shared, i = 0;
    cl_wide *const all = s->all.s128, *const own = s->own.s128;
    const size_t cap_all = s->all.cap, cap_own = s->own.cap;
    cl_wide sum = 0;

    if (!s->wide || s->n == 0)
        return 0;
    for (; i < n && la + 1 <= cap_all && lo + 2 <= cap_own; i++) {
        sum += coins[i];
        push_pair_wide(all, &la, own, &lo, &sh, coins[i]);
    }
    s->all.len = la;
    s->own.len = lo;
    s->shared = sh;
    s->sum += sum;
    s->n += i;
    return i;
}

int coinline_stream_push_many(coinline_stream_t *s, const int64_t *coins,
                              size_t n)
{
    if (s == NULL || (coins == NULL && n > 0))
        return COINLINE_EINVAL;
    size_t i = 0;
    while (i < n) {
        i += s->wide ? push_run_wide(s, coins + i, n - i)
                     : push_run_64(s, coins + i, n - i);
        if (i == n)
            break;
        /* The first coin, a full stack, or a coin that needs 128 bits. */
        const int rc = stream_prepare(s, coins[i]);
        if (rc != COINLINE_OK)
            return rc;
        stream_add(s, coins[i]);
        i++;
    }
    return COINLINE_OK;
}

/* Copies tail's whole state into the empty stream s. */
static int stream_copy(coinline_stream_t *s, const coinline_stream_t *tail)
{
    int rc;
    coinline_stream_reset(s); /* narrow, as tail may be */
    if (tail->wide && (rc = stream_widen(s)) != COINLINE_OK)
        return rc;
    if ((rc = stack_reserve(&s->all, s->wide, tail->all.len)) != COINLINE_OK ||
        (rc = stack_reserve(&s->own, s->wide, tail->own.len + 2)) !=
            COINLINE_OK)
        return rc;
    const size_t size = s->wide ? sizeof(cl_wide) : sizeof(int64_t);
    memcpy(s->wide ? (void *)s->all.s128 : (void *)s->all.s64,
           tail->wide ? (void *)tail->all.s128 : (void *)tail->all.s64,
           tail->all.len * size);
    memcpy(s->wide ? (void *)s->own.s128 : (void *)s->own.s64,
           tail->wide ? (void *)tail->own.s128 : (void *)tail->own.s64,
           tail->own.len * size);
    s->all.len = tail->all.len;
    s->own.len = tail->own.len;
    s->shared = tail->shared;
    s->n = tail->n;
    s->abs_sum = tail->abs_sum;
    s->sum = tail->sum;
    s->first = tail->first;
    return COINLINE_OK;
}

/* The narrow stream s can take tail's values in 64 bits: the bound
 * sum|a[i]| <= INT64_MAX holds for the two rows together. */
static int append_fits_64(const coinline_stream_t *s,
                          const coinline_stream_t *tail)
{
    return !s->wide && !tail->wide &&
           tail->abs_sum <= (uint64_t)INT64_MAX - s->abs_sum;
}

int coinline_stream_append(coinline_stream_t *s, const coinline_stream_t *tail)
{
    int rc;
    if (s == NULL || tail == NULL || s == tail)
        return COINLINE_EINVAL;
    if (tail->n == 0)
        return COINLINE_OK;
    if (s->n == 0)
        return stream_copy(s, tail);
    const int narrow = append_fits_64(s, tail);
    if (!narrow && !s->wide && (rc = stream_widen(s)) != COINLINE_OK)
        return rc;
    /* Pushing the tail's reduced values gives the reduction of the whole
     * row: the reduction is confluent (linear.c). */
    if ((rc = stack_reserve(&s->all, s->wide, tail->all.len + 1)) !=
            COINLINE_OK ||
        (rc = stack_reserve(&s->own, s->wide, 2 * tail->all.len + 2)) !=
            COINLINE_OK)
        return rc;
    for (size_t i = 0; i < tail->all.len; i++) {
        if (narrow)
            push_pair_64(s->all.s64, &s->all.len, s->own.s64, &s->own.len,
                         &s->shared, tail->all.s64[i]);
        else
            push_pair_wide(
                s->all.s128, &s->all.len, s->own.s128, &s->own.len, &s->shared,
                tail->wide ? tail->all.s128[i] : (cl_wide)tail->all.s64[i]);
    }
    if (narrow)
        s->abs_sum += tail->abs_sum;
    s->sum += tail->sum;
    s->n += tail->n;
    return COINLINE_OK;
}

int coinline_stream_result(const coinline_stream_t *s,
                           coinline_result_t *result)
{
    const size_t la = s != NULL ? s->all.len : 0;
    const size_t lo = s != NULL ? s->own.len : 0;
    coinline_side_t side = COINLINE_SIDE_NONE;
    cl_wide margin = 0, rest = 0;

    if (s == NULL || result == NULL)
        return COINLINE_EINVAL;
    if (s->n > 0 && s->wide) {
        side = side_wide(s->all.s128, la);
        margin = walk_wide(s->all.s128, la);
        if (side == COINLINE_SIDE_RIGHT)
            rest = walk2_wide(s->own.s128, lo, s->all.s128 + s->shared,
                              la - s->shared);
    } else if (s->n > 0) {
        side = side_64(s->all.s64, la);
        margin = walk_64(s->all.s64, la);
        if (side == COINLINE_SIDE_RIGHT)
            rest = walk2_64(s->own.s64, lo, s->all.s64 + s->shared,
                            la - s->shared);
    }
    if (side == COINLINE_SIDE_RIGHT && (cl_wide)s->first - rest == margin)
        side = COINLINE_SIDE_LEFT;
    cl_fill_result(result, s->n, s->sum, margin, side);
    return COINLINE_OK;
}
