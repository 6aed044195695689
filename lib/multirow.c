/* SPDX-License-Identifier: MIT */
/*
 * multirow.c - several rows (the Potyczki Algorytmiczne 2010 task
 * "Termity"): k rows of coins; a move takes the first or the last coin of
 * any row that has coins left; each player maximises its own total.
 *
 * Why the fused sort is the value. In one row, three neighbours x <= y >= z
 * can be replaced by x - y + z without changing the value (linear.c): the
 * first player to open the triple by taking x (or z) lets the opponent
 * take y at once, losing nothing since y is at least what was just taken,
 * and may then take the other of x and z. That argument is a reply inside
 * the row to a move inside the row: it holds whatever other rows there
 * are, since a player who would rather move elsewhere after x is taken
 * gives the opponent y for free and can be answered the same way; and the
 * fused block keeps the parity of every other coin's turn, in all rows
 * at once. So each row may be fused on its own, to a valley (no interior
 * value at least both its neighbours), with the same value of the whole
 * game. On valleys the largest value left anywhere is at an end of some
 * row, and taking it is optimal for the player to move (an exchange
 * argument: any other move can be turned into it without loss, since the
 * value taken is the largest and the turn order of the rest is the same).
 * Both players taking the largest end in turn take the fused values in
 * decreasing order: the value is their alternating sum + - + - ... in
 * decreasing order, over all rows. Ties do not matter to the sum.
 *
 * The optimal first move is the same rule on the coins: the end coin on
 * the side of the largest end block over all rows (the left end block of
 * a row is the bottom of its stack, the right end block its top); on a
 * tie the lowest row, then the left end. Both claims are checked against
 * exhaustive play in tests/unit/test_multirow.c on every small game it
 * draws (k <= 4 rows, up to 10 coins, values with ties and both signs,
 * and the int64 extremes); the argument above is an outline, not a proof
 * for several rows. With one row the value is coinline_solve()'s; the
 * first move may differ from its tie rule where both ends are optimal and
 * the block rule sees only one (1 1 -2 -1).
 *
 * Cost: each row is fused in one left-to-right pass (O(n) in all, one
 * stack value per coin at most), then all fused values are sorted: O(n
 * log n) time, 16 n bytes. Values are signed sums of distinct coins, at
 * most sum |a[i]| < 2^63 n: 128 bits (int64 when the coins' absolute sum
 * fits, as linear.c).
 *
 * coinline_multirow_fuse() gives the fused rows themselves (what coinline
 * explain shows): the same pass, keeping beside each value how many coins
 * it fuses. A fused value of coins i..j (an odd count) is their
 * alternating sum a_i - a_(i+1) + ... + a_j, since x - y + z of three
 * such runs, each of an odd count, goes on alternating.
 */
#include <stdlib.h>
#include <string.h>

#include "reduce.h"

static int descending(const void *x, const void *y)
{
    const cl_wide a = *(const cl_wide *)x, b = *(const cl_wide *)y;
    return (a < b) - (a > b);
}

/* Pushes row r's coins on the stack s (top values before) and settles
 * it; with spans (not NULL), spans[i] counts the coins s[i] fuses: a
 * push that merged the top 2m values with the coin pushed leaves one
 * value on top that fuses their coins and the coin. Returns the new top. */
static size_t fuse_row(const int64_t *a, uint64_t len, cl_wide *s,
                       uint64_t *spans, size_t top)
{
    const size_t from = top;
    for (uint64_t i = 0; i < len; i++) {
        const size_t before = top;
        top = push_wide(s + from, top - from, (cl_wide)a[i]) + from;
        if (spans == NULL)
            continue;
        uint64_t span = 1;
        for (size_t j = top - 1; j < before; j++)
            span += spans[j];
        spans[top - 1] = span;
    }
    return top;
}

/* Fuses each row into the stack s (n values at most; spans as
 * fuse_row()'s, and rowlen[r] row r's fused values, when not NULL); on
 * return s holds all fused values and *len their number, and out (if not
 * NULL) the first move. */
static void fuse(const int64_t *coins, const uint64_t *lens, size_t k,
                 cl_wide *s, uint64_t *spans, uint64_t *rowlen, size_t *len,
                 coinline_multirow_result_t *out)
{
    size_t at = 0, top = 0;
    cl_wide best = 0;
    int found = 0;
    for (size_t r = 0; r < k; r++) {
        const size_t from = top;
        if (lens[r] > 0) /* coins may be NULL with no coin at all */
            top = fuse_row(coins + at, lens[r], s, spans, top);
        at += lens[r];
        if (rowlen != NULL)
            rowlen[r] = top - from;
        if (top == from || out == NULL)
            continue;
        const cl_wide l = s[from], rt = s[top - 1];
        const int left = l >= rt;
        if (!found || (left ? l : rt) > best) {
            best = left ? l : rt;
            out->first_row = r;
            out->first_side = left ? COINLINE_SIDE_LEFT : COINLINE_SIDE_RIGHT;
            found = 1;
        }
    }
    *len = top;
}

/* The coins of the rows in all into *n, or COINLINE_ETOOBIG when they
 * pass what memory of size bytes a coin can index. */
static int count_coins(const uint64_t *lens, size_t k, size_t size, uint64_t *n)
{
    *n = 0;
    for (size_t r = 0; r < k; r++) {
        if (lens[r] > SIZE_MAX / size - *n)
            return COINLINE_ETOOBIG;
        *n += lens[r];
    }
    return COINLINE_OK;
}

int coinline_multirow_solve(const int64_t *coins, const uint64_t *lens,
                            size_t k, coinline_multirow_result_t *out)
{
    if (out != NULL)
        memset(out, 0, sizeof *out);
    if (out == NULL || (lens == NULL && k > 0))
        return COINLINE_EINVAL;
    uint64_t n = 0;
    if (count_coins(lens, k, sizeof(cl_wide), &n) != COINLINE_OK)
        return COINLINE_ETOOBIG;
    if (coins == NULL && n > 0)
        return COINLINE_EINVAL;
    cl_wide *s = malloc((size_t)(n + 1) * sizeof *s);
    if (s == NULL)
        return COINLINE_ENOMEM;
    size_t len = 0;
    out->first_side = COINLINE_SIDE_NONE;
    fuse(coins, lens, k, s, NULL, NULL, &len, out);
    qsort(s, len, sizeof *s, descending);
    cl_wide v = 0, sum = 0;
    for (size_t i = 0; i < len; i++)
        v += i % 2 == 0 ? s[i] : -s[i];
    for (uint64_t i = 0; i < n; i++)
        sum += coins[i];
    free(s);
    out->n = n;
    out->rows = k;
    out->sum = cl_from_wide(sum);
    out->margin = cl_from_wide(v);
    out->p1 = cl_from_wide((sum + v) / 2);
    out->p2 = cl_from_wide((sum - v) / 2);
    out->winner = v > 0   ? COINLINE_WINNER_FIRST
                  : v < 0 ? COINLINE_WINNER_SECOND
                          : COINLINE_WINNER_DRAW;
    return COINLINE_OK;
}

void coinline_multirow_fused_free(coinline_multirow_fused_t *f)
{
    if (f == NULL)
        return;
    free(f->values);
    free(f->spans);
    free(f->lens);
    free(f->fusions);
    memset(f, 0, sizeof *f);
}

/* The arrays of *f for n coins in k rows (the values and spans with room
 * for n, shrunk later). Returns 0 or COINLINE_ENOMEM. */
static int fused_alloc(coinline_multirow_fused_t *f, uint64_t n, size_t k)
{
    f->values = malloc((size_t)(n + 1) * sizeof *f->values);
    f->spans = malloc((size_t)(n + 1) * sizeof *f->spans);
    f->lens = malloc((k + 1) * sizeof *f->lens);
    f->fusions = malloc((k + 1) * sizeof *f->fusions);
    if (f->values != NULL && f->spans != NULL && f->lens != NULL &&
        f->fusions != NULL)
        return COINLINE_OK;
    coinline_multirow_fused_free(f);
    return COINLINE_ENOMEM;
}

int coinline_multirow_fuse(const int64_t *coins, const uint64_t *lens, size_t k,
                           coinline_multirow_fused_t *out)
{
    uint64_t n = 0;
    size_t len = 0;
    if (out != NULL)
        memset(out, 0, sizeof *out);
    if (out == NULL || (lens == NULL && k > 0))
        return COINLINE_EINVAL;
    if (k > SIZE_MAX / sizeof(uint64_t) - 1 ||
        count_coins(lens, k, sizeof(cl_wide) + sizeof *out->values, &n) != 0)
        return COINLINE_ETOOBIG;
    if (coins == NULL && n > 0)
        return COINLINE_EINVAL;
    cl_wide *s = malloc((size_t)(n + 1) * sizeof *s);
    if (s == NULL || fused_alloc(out, n, k) != COINLINE_OK) {
        free(s);
        return COINLINE_ENOMEM;
    }
    fuse(coins, lens, k, s, out->spans, out->lens, &len, NULL);
    for (size_t i = 0; i < len; i++)
        out->values[i] = cl_from_wide(s[i]);
    for (size_t r = 0; r < k; r++)
        out->fusions[r] = (lens[r] - out->lens[r]) / 2;
    free(s);
    out->rows = k;
    out->count = len;
    return COINLINE_OK;
}
