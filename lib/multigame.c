/* SPDX-License-Identifier: MIT */
/*
 * multigame.c - a game of several rows in progress: the optimal move at
 * every position a game can reach, whoever plays what, with moves and
 * undos in O(log n) amortised steps.
 *
 * multirow.c says why the block rule is optimal on several rows: take
 * the end coin on the side of the largest end block of the rows' reduced
 * forms (the lowest row on a tie, then the left end). So a position needs
 * only each row's two end blocks. Each row has its own engine (engine.c),
 * which keeps the reduced form of the coins it has left as the game takes
 * them from either end, in O(log n) amortised steps a move, and tells its
 * end blocks in O(1); a tournament tree over the rows, keyed by each
 * row's larger end block (an empty row below every other), names the row
 * of the largest in O(1) and is mended in O(log k) after a move in one
 * row. A move or an undo touches one row: O(log n) amortised in all.
 *
 * The value kept. The value of a position is the alternating sum of all
 * rows' reduced values in decreasing order (multirow.c). The game keeps
 * every row's blocks in one multiset that knows that sum (cl_blocks_t,
 * the engine's own: a treap whose nodes hold their subtree's count and
 * alternating sum, with short sorted buffers at both ends), so the value
 * is read in O(1). A Fenwick tree over the ranks of all values that can
 * ever appear would do as well, but they are not known at the start: a
 * block is a signed sum of a run of coins that depends on which coins are
 * left, and a game can reach O(n^2) of them. Each row's engine tells what
 * left and joined its reduced form (cl_engine_watch()): after a move or
 * an undo in a row the game brings the multiset up to date with that
 * row's changes (cl_engine_flush()), the changes the engine makes to its
 * own multiset, O(log n) amortised. A move's outcome is the move played,
 * the value read and the move taken back. The optimal line
 * (coinline_multirow_line()) needs no value: its game keeps none.
 */
#include <stdlib.h>
#include <string.h>

#include "solver.h"

struct coinline_multirow_game {
    size_t k;
    uint64_t n, moves;
    int64_t *coins;  /* a copy of the rows, one after the other */
    uint64_t *start; /* row r's coins: coins[start[r] ..] */
    uint64_t *lo;    /* row r has its coins lo[r]..hi[r]-1 left */
    uint64_t *hi;
    coinline_engine_t **row;
    cl_wide *key;        /* row r's larger end block */
    unsigned char *left; /* whether that is its left end */
    unsigned char *live; /* row r has coins left */
    size_t leaves;       /* a power of two >= k */
    size_t *tree;        /* tree[1..2 leaves): the winning row below */
    uint64_t *played;    /* move m: row * 2 + (right end) */
    cl_wide p1, p2;
    cl_blocks_t *blocks; /* every row's blocks; NULL: no value kept */
};

/* Whether row a beats row b: a live row beats an empty one (or none:
 * a slot past the rows), then the larger key, then the lower row. */
static int beats(const coinline_multirow_game_t *g, size_t a, size_t b)
{
    const int la = a < g->k && g->live[a], lb = b < g->k && g->live[b];
    if (la != lb)
        return la;
    if (!la)
        return a < b;
    return g->key[a] > g->key[b] || (g->key[a] == g->key[b] && a < b);
}

/* Row r's key from its engine, and the tree above it mended. */
static void mend(coinline_multirow_game_t *g, size_t r)
{
    g->live[r] = g->hi[r] > g->lo[r];
    if (g->live[r]) {
        cl_wide l, rt;
        cl_engine_end_blocks(g->row[r], &l, &rt);
        g->left[r] = l >= rt;
        g->key[r] = l >= rt ? l : rt;
    }
    for (size_t at = (g->leaves + r) / 2; at >= 1; at /= 2) {
        const size_t a = g->tree[2 * at], b = g->tree[2 * at + 1];
        g->tree[at] = beats(g, b, a) ? b : a;
    }
}

static int allocate(coinline_multirow_game_t *g)
{
    g->leaves = 1;
    while (g->leaves < g->k)
        g->leaves *= 2;
    g->coins = malloc((g->n + 1) * sizeof *g->coins);
    g->start = calloc(g->k + 1, sizeof *g->start);
    g->lo = calloc(g->k + 1, sizeof *g->lo);
    g->hi = calloc(g->k + 1, sizeof *g->hi);
    g->row = calloc(g->k + 1, sizeof *g->row);
    g->key = calloc(g->k + 1, sizeof *g->key);
    g->left = calloc(g->k + 1, 1);
    g->live = calloc(g->k + 1, 1);
    g->tree = malloc(2 * g->leaves * sizeof *g->tree);
    g->played = malloc((g->n + 1) * sizeof *g->played);
    return g->coins && g->start && g->lo && g->hi && g->row && g->key &&
                   g->left && g->live && g->tree && g->played
               ? COINLINE_OK
               : COINLINE_ENOMEM;
}

static int build(coinline_multirow_game_t *g, const int64_t *coins,
                 const uint64_t *lens, int keep_value)
{
    int rc = allocate(g);
    if (rc == COINLINE_OK && keep_value)
        rc = cl_blocks_new((size_t)g->n + 2, &g->blocks);
    if (rc == COINLINE_OK && g->n > 0)
        memcpy(g->coins, coins, g->n * sizeof *coins);
    for (size_t i = 0; i < 2 * g->leaves && rc == COINLINE_OK; i++)
        g->tree[i] = i >= g->leaves ? i - g->leaves : g->k;
    for (size_t r = 0, at = 0; r < g->k && rc == COINLINE_OK; r++) {
        g->start[r] = at;
        g->hi[r] = lens[r];
        rc = coinline_engine_new(g->coins + at, (size_t)lens[r], &g->row[r]);
        if (rc == COINLINE_OK && g->blocks != NULL)
            cl_engine_watch(g->row[r], cl_blocks_change, g->blocks);
        at += lens[r];
    }
    if (rc == COINLINE_OK && g->blocks != NULL)
        cl_blocks_end_fill(g->blocks);
    for (size_t r = 0; r < g->k && rc == COINLINE_OK; r++)
        mend(g, r);
    return rc;
}

/* A new game; keep_value: whether it keeps the value (the blocks). */
static int rows_game_new(const int64_t *coins, const uint64_t *lens, size_t k,
                         int keep_value, coinline_multirow_game_t **out)
{
    if (out != NULL)
        *out = NULL;
    if (out == NULL || (lens == NULL && k > 0) || k > SIZE_MAX / 16)
        return COINLINE_EINVAL;
    uint64_t n = 0;
    for (size_t r = 0; r < k; r++) {
        if (lens[r] >= UINT32_MAX - 4 || lens[r] > SIZE_MAX / 16 - n)
            return COINLINE_ETOOBIG;
        n += lens[r];
    }
    if (coins == NULL && n > 0)
        return COINLINE_EINVAL;
    coinline_multirow_game_t *g = calloc(1, sizeof *g);
    if (g == NULL)
        return COINLINE_ENOMEM;
    g->k = k;
    g->n = n;
    const int rc = build(g, coins, lens, keep_value);
    if (rc != COINLINE_OK) {
        coinline_multirow_game_free(g);
        return rc;
    }
    *out = g;
    return COINLINE_OK;
}

int coinline_multirow_game_new(const int64_t *coins, const uint64_t *lens,
                               size_t k, coinline_multirow_game_t **out)
{
    return rows_game_new(coins, lens, k, 1, out);
}

void coinline_multirow_game_free(coinline_multirow_game_t *g)
{
    if (g == NULL)
        return;
    for (size_t r = 0; g->row != NULL && r < g->k; r++)
        coinline_engine_free(g->row[r]);
    free(g->coins);
    free(g->start);
    free(g->lo);
    free(g->hi);
    cl_blocks_free(g->blocks);
    free(g->row);
    free(g->key);
    free(g->left);
    free(g->live);
    free(g->tree);
    free(g->played);
    free(g);
}

/* The value for the player to move, kept (0 when the game keeps none). */
static cl_wide kept_value(const coinline_multirow_game_t *g)
{
    return g->blocks != NULL ? cl_blocks_sum(g->blocks) : 0;
}

/* p1 - p2 at the end if both play optimally from here, v the value. */
static cl_wide kept_final(const coinline_multirow_game_t *g, cl_wide v)
{
    return g->p1 - g->p2 + (g->moves % 2 == 0 ? v : -v);
}

int coinline_multirow_game_state(const coinline_multirow_game_t *g,
                                 coinline_multirow_state_t *st)
{
    if (g == NULL || st == NULL)
        return COINLINE_EINVAL;
    memset(st, 0, sizeof *st);
    const size_t best = g->k > 0 ? g->tree[1] : 0;
    st->n = g->n;
    st->rows = g->k;
    st->moves = g->moves;
    st->left = g->n - g->moves;
    st->to_move = st->left > 0 ? (int)(g->moves % 2) + 1 : 0;
    st->p1 = cl_from_wide(g->p1);
    st->p2 = cl_from_wide(g->p2);
    const cl_wide v = kept_value(g);
    st->value = cl_from_wide(v);
    st->final_margin = cl_from_wide(kept_final(g, v));
    st->best_side = COINLINE_SIDE_NONE;
    if (st->left > 0 && best < g->k) {
        st->best_row = best;
        st->best_side =
            g->left[best] ? COINLINE_SIDE_LEFT : COINLINE_SIDE_RIGHT;
    }
    return COINLINE_OK;
}

int coinline_multirow_game_row(const coinline_multirow_game_t *g, size_t row,
                               uint64_t *lo, uint64_t *hi)
{
    if (g == NULL || lo == NULL || hi == NULL || row >= g->k)
        return COINLINE_EINVAL;
    *lo = g->lo[row];
    *hi = g->hi[row];
    return COINLINE_OK;
}

int coinline_multirow_game_moves(const coinline_multirow_game_t *g,
                                 size_t *rows, coinline_side_t *sides,
                                 size_t *count)
{
    coinline_multirow_state_t st;
    if (rows == NULL || sides == NULL || count == NULL ||
        coinline_multirow_game_state(g, &st) != COINLINE_OK)
        return COINLINE_EINVAL;
    *count = 0;
    if (st.to_move == 0)
        return COINLINE_OK;
    rows[0] = (size_t)st.best_row;
    sides[0] = st.best_side;
    *count = 1;
    for (size_t r = 0; r < g->k; r++) {
        const uint64_t len = g->hi[r] - g->lo[r];
        for (int e = 0; e < (len >= 2 ? 2 : (int)len); e++) {
            const coinline_side_t side =
                e == 0 ? COINLINE_SIDE_LEFT : COINLINE_SIDE_RIGHT;
            if (r == st.best_row && (side == st.best_side || len == 1))
                continue;
            rows[*count] = r;
            sides[(*count)++] = side;
        }
    }
    return COINLINE_OK;
}

int coinline_multirow_game_play(coinline_multirow_game_t *g, size_t row,
                                coinline_side_t side)
{
    if (g == NULL || row >= g->k ||
        (side != COINLINE_SIDE_LEFT && side != COINLINE_SIDE_RIGHT))
        return COINLINE_EINVAL;
    if (g->hi[row] == g->lo[row])
        return COINLINE_EMOVE;
    const int left = side == COINLINE_SIDE_LEFT;
    const int64_t coin =
        g->coins[g->start[row] + (left ? g->lo[row] : g->hi[row] - 1)];
    const int rc = coinline_engine_play(g->row[row], side);
    if (rc != COINLINE_OK)
        return rc;
    left ? g->lo[row]++ : g->hi[row]--;
    if (g->blocks != NULL)
        cl_engine_flush(g->row[row]);
    *(g->moves % 2 == 0 ? &g->p1 : &g->p2) += coin;
    g->played[g->moves++] = (uint64_t)row * 2 + !left;
    mend(g, row);
    return COINLINE_OK;
}

int coinline_multirow_game_undo(coinline_multirow_game_t *g)
{
    if (g == NULL || g->moves == 0)
        return COINLINE_EINVAL;
    const uint64_t m = g->played[g->moves - 1];
    const size_t row = (size_t)(m / 2);
    const int rc = coinline_engine_undo(g->row[row]);
    if (rc != COINLINE_OK)
        return rc;
    g->moves--;
    m % 2 == 0 ? g->lo[row]-- : g->hi[row]++;
    if (g->blocks != NULL)
        cl_engine_flush(g->row[row]);
    const int64_t coin =
        g->coins[g->start[row] + (m % 2 == 0 ? g->lo[row] : g->hi[row] - 1)];
    *(g->moves % 2 == 0 ? &g->p1 : &g->p2) -= coin;
    mend(g, row);
    return COINLINE_OK;
}

int coinline_multirow_game_value(const coinline_multirow_game_t *g,
                                 coinline_i128_t *value)
{
    if (g == NULL || value == NULL)
        return COINLINE_EINVAL;
    *value = cl_from_wide(kept_value(g));
    return COINLINE_OK;
}

int coinline_multirow_game_outcome(coinline_multirow_game_t *g, size_t row,
                                   coinline_side_t side,
                                   coinline_i128_t *final_margin)
{
    if (g == NULL || final_margin == NULL)
        return COINLINE_EINVAL;
    const size_t best = g->k > 0 ? g->tree[1] : 0;
    if (row < g->k && g->lo[row] < g->hi[row] && row == best &&
        side == (g->left[best] ? COINLINE_SIDE_LEFT : COINLINE_SIDE_RIGHT)) {
        /* the optimal move: the final margin stays */
        *final_margin = cl_from_wide(kept_final(g, kept_value(g)));
        return COINLINE_OK;
    }
    int rc = coinline_multirow_game_play(g, row, side);
    if (rc != COINLINE_OK)
        return rc;
    *final_margin = cl_from_wide(kept_final(g, kept_value(g)));
    return coinline_multirow_game_undo(g);
}

int coinline_multirow_line(const int64_t *coins, const uint64_t *lens, size_t k,
                           uint64_t *rows, char *sides)
{
    coinline_multirow_game_t *g;
    if (rows == NULL || sides == NULL)
        return COINLINE_EINVAL;
    int rc = rows_game_new(coins, lens, k, 0, &g);
    for (uint64_t m = 0; rc == COINLINE_OK && m < g->n; m++) {
        const size_t best = g->tree[1];
        rows[m] = best;
        sides[m] = g->left[best] ? 'L' : 'R';
        rc = coinline_multirow_game_play(
            g, best, g->left[best] ? COINLINE_SIDE_LEFT : COINLINE_SIDE_RIGHT);
    }
    if (rc == COINLINE_OK)
        sides[g->n] = '\0';
    coinline_multirow_game_free(g);
    return rc;
}
