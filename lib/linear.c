/*
 * linear.c - the linear-time solver, the default.
 *
 * The game. A row a[0..n-1]; the player to move takes a[0] or a[n-1].
 * Let V(row) be the best the player to move can secure of (own total -
 * opponent's total) from here on. V(empty) = 0 and
 *     V(a[i..j]) = max(a[i] - V(a[i+1..j]), a[j] - V(a[i..j-1])).
 * With S the sum of the row, the first player ends with (S + V) / 2 and
 * the second with (S - V) / 2. The interval DP (dp.c) evaluates this
 * recurrence in O(n^2); this file does it in O(n), after T. Idziaszek,
 * "An Optimal Algorithm for Calculating the Profit in the Coins in a Row
 * Game".
 *
 * Reduction. If three neighbours x, y, z satisfy x <= y >= z, they can be
 * replaced by the one value x - y + z without changing V. The idea: the
 * first player to take x or z opens y to the opponent, who loses nothing
 * by taking it at once (y is at least what was just taken), and the first
 * player may then take the other of x and z; so whoever opens the triple
 * gets x + z and the other y, a net x - y + z for the opener, and three
 * coins become one, which keeps the parity of every other coin's turn.
 * The merged value stands for an odd block of consecutive coins.
 *
 * Pushing the coins left to right on a stack and merging at the top while
 * the top three form such a peak leaves a row with no interior value >= both
 * its neighbours: it falls, then rises (a valley). The result does not
 * depend on the order of the merges (the notes give the confluence proof),
 * so one left-to-right pass suffices. Every push adds one value and every
 * merge removes two, so the pass is O(n) time; the stack is the only
 * memory, at most one value per coin and usually far less.
 *
 * Valley. On a valley the largest value is always at an end, and taking
 * the larger end is optimal for both players: V is the alternating sum
 * + - + - ... of the values in decreasing order, which the greedy walk
 * over the two ends produces without sorting (walk() in reduce.h).
 *
 * Moves. At any position, taking the original end coin on the side of the
 * larger end block of the reduced row is optimal; on a tie both moves are
 * optimal and we take the left, so every answer is reproducible. The test
 * suite checks this rule against exhaustive minimax at every position of
 * hundreds of thousands of rows.
 *
 * Exactness. Every intermediate (x - y, x - y + z, the walk's partial sums)
 * is a signed sum of distinct coins, so its magnitude is at most
 * sum|a[i]|. When that fits in int64_t the pass runs in 64-bit arithmetic;
 * otherwise in 128-bit. The streaming solver starts in 64 bits and moves
 * its stack to 128 bits on the first coin that would break the bound.
 */
#include <stdlib.h>
#include <string.h>

#include "solver.h"

#define CL_T int64_t
#define CL_NAME(x) x##_64
#include "reduce.h"
#undef CL_T
#undef CL_NAME

#define CL_T cl_wide
#define CL_NAME(x) x##_wide
#include "reduce.h"
#undef CL_T
#undef CL_NAME

/* The value of a[0..n-1] and the side the block rule picks. */
static void value_of(const int64_t *a, size_t n, int narrow, void *stack,
                    coinline_side_t *side, cl_wide *value)
{
    if (n == 0) {
        *side = COINLINE_NONE;
        *value = 0;
        return;
    }
    if (narrow) {
        const size_t len = reduce_64(a, n, stack);
        *side = side_64(stack, len);
        *value = walk_64(stack, len);
    } else {
        const size_t len = reduce_wide(a, n, stack);
        *side = side_wide(stack, len);
        *value = walk_wide(stack, len);
    }
}

/* The tie-left optimal move of a[0..n-1], n >= 1, using a stack of n
 * values. The block rule's side is always optimal; when it is the right,
 * the left may be optimal too (a tie), which one more pass decides. */
static void best_with(const int64_t *a, size_t n, int narrow, void *stack,
                      coinline_side_t *side, cl_wide *margin)
{
    coinline_side_t ignored;
    cl_wide rest;
    value_of(a, n, narrow, stack, side, margin);
    if (*side == COINLINE_RIGHT) {
        value_of(a + 1, n - 1, narrow, stack, &ignored, &rest);
        if ((cl_wide)a[0] - rest == *margin)
            *side = COINLINE_LEFT;
    }
}

int cl_linear_best(const int64_t *a, size_t n, coinline_side_t *side,
                   cl_wide *margin)
{
    const int narrow = cl_fits64(a, n);
    void *stack = malloc(n * (narrow ? sizeof(int64_t) : sizeof(cl_wide)));
    if (stack == NULL)
        return COINLINE_ENOMEM;
    best_with(a, n, narrow, stack, side, margin);
    free(stack);
    return COINLINE_OK;
}

/* The line by solving what is left before each move: O(n^2) time in the
 * worst case, one stack of n values. A sub-row's sum|a[i]| is at most the
 * row's, so one check picks the arithmetic for every position. */
int cl_linear_line(const int64_t *a, size_t n, char *moves)
{
    const int narrow = cl_fits64(a, n);
    void *stack = malloc(n * (narrow ? sizeof(int64_t) : sizeof(cl_wide)));
    size_t lo = 0, hi = n;

    if (stack == NULL)
        return COINLINE_ENOMEM;
    for (size_t k = 0; k < n; k++) {
        coinline_side_t side;
        cl_wide margin;
        best_with(a + lo, hi - lo, narrow, stack, &side, &margin);
        moves[k] = side == COINLINE_LEFT ? 'L' : 'R';
        if (side == COINLINE_LEFT)
            lo++;
        else
            hi--;
    }
    free(stack);
    return COINLINE_OK;
}

/* ------------------------------------------------------------------------
 * The streaming solver
 *
 * Two stacks: the reduction of every coin pushed, and that of every coin
 * but the first, so that a tie between the two first moves can be seen
 * without the coins themselves.
 * ---------------------------------------------------------------------- */

typedef struct {
    size_t len, cap;   /* length and capacity, in values */
    int64_t *s64;      /* the values while the stream is narrow */
    cl_wide *s128;     /* the values once it is wide */
} rstack;

struct coinline_stream {
    uint64_t n;        /* coins pushed */
    uint64_t abs_sum;  /* sum|a[i]| while narrow (<= INT64_MAX) */
    cl_wide sum;       /* sum of the coins */
    int64_t first;     /* the first coin */
    int wide;          /* 0: the stacks hold int64_t; 1: cl_wide */
    rstack all, tail;
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
        stack_release(&s->tail);
        s->wide = 0;
    }
    s->all.len = s->tail.len = 0;
    s->n = 0;
    s->abs_sum = 0;
    s->sum = 0;
}

void coinline_stream_free(coinline_stream_t *s)
{
    if (s == NULL)
        return;
    stack_release(&s->all);
    stack_release(&s->tail);
    free(s);
}

/* Moves a stack to 128-bit values. */
static int stack_widen(rstack *st)
{
    const size_t cap = st->cap < 16 ? 16 : st->cap;
    cl_wide *w = malloc(cap * sizeof *w);
    if (w == NULL)
        return COINLINE_ENOMEM;
    for (size_t i = 0; i < st->len; i++)
        w[i] = st->s64[i];
    free(st->s64);
    st->s64 = NULL;
    st->s128 = w;
    st->cap = cap;
    return COINLINE_OK;
}

/* Makes room for one more value. */
static int stack_grow(rstack *st, int wide)
{
    const size_t size = wide ? sizeof(cl_wide) : sizeof(int64_t);
    const size_t cap = st->cap < 64 ? 64 : st->cap * 2;
    if (cap > SIZE_MAX / size)
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

static int stack_push(rstack *st, int wide, int64_t coin)
{
    if (st->len == st->cap) {
        const int rc = stack_grow(st, wide);
        if (rc != COINLINE_OK)
            return rc;
    }
    if (wide)
        st->len = push_wide(st->s128, st->len, coin);
    else
        st->len = push_64(st->s64, st->len, coin);
    return COINLINE_OK;
}

/* Widens both stacks when coin would break the 64-bit bound. */
static int stream_check_width(coinline_stream_t *s, int64_t coin)
{
    const uint64_t m = cl_mag64(coin);
    int rc;
    if (s->wide || m <= (uint64_t)INT64_MAX - s->abs_sum) {
        s->abs_sum += s->wide ? 0 : m;
        return COINLINE_OK;
    }
    if ((rc = stack_widen(&s->all)) != COINLINE_OK ||
        (rc = stack_widen(&s->tail)) != COINLINE_OK)
        return rc;
    s->wide = 1;
    return COINLINE_OK;
}

int coinline_stream_push(coinline_stream_t *s, int64_t coin)
{
    int rc;
    if (s == NULL)
        return COINLINE_EINVAL;
    /* Room first in both stacks, so that a failure changes nothing. */
    if ((rc = stream_check_width(s, coin)) != COINLINE_OK)
        return rc;
    if (s->all.len == s->all.cap &&
        (rc = stack_grow(&s->all, s->wide)) != COINLINE_OK)
        return rc;
    if (s->n > 0 && s->tail.len == s->tail.cap &&
        (rc = stack_grow(&s->tail, s->wide)) != COINLINE_OK)
        return rc;
    stack_push(&s->all, s->wide, coin);
    if (s->n > 0)
        stack_push(&s->tail, s->wide, coin);
    else
        s->first = coin;
    s->sum += coin;
    s->n++;
    return COINLINE_OK;
}

int coinline_stream_push_many(coinline_stream_t *s, const int64_t *coins,
                              size_t n)
{
    if (s == NULL || (coins == NULL && n > 0))
        return COINLINE_EINVAL;
    for (size_t i = 0; i < n; i++) {
        const int rc = coinline_stream_push(s, coins[i]);
        if (rc != COINLINE_OK)
            return rc;
    }
    return COINLINE_OK;
}

/* The value and block-rule side of a stack; the value 0 when empty. */
static cl_wide stack_value(const rstack *st, int wide, coinline_side_t *side)
{
    if (st->len == 0)
        return 0;
    if (wide) {
        *side = side_wide(st->s128, st->len);
        return walk_wide(st->s128, st->len);
    }
    *side = side_64(st->s64, st->len);
    return walk_64(st->s64, st->len);
}

int coinline_stream_result(const coinline_stream_t *s,
                           coinline_result_t *result)
{
    coinline_side_t side = COINLINE_NONE, ignored;
    if (s == NULL || result == NULL)
        return COINLINE_EINVAL;
    const cl_wide margin = stack_value(&s->all, s->wide, &side);
    if (side == COINLINE_RIGHT &&
        (cl_wide)s->first - stack_value(&s->tail, s->wide, &ignored) ==
            margin)
        side = COINLINE_LEFT;
    cl_fill_result(result, s->n, s->sum, margin, side);
    return COINLINE_OK;
}
