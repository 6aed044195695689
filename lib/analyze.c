/* SPDX-License-Identifier: MIT */
/*
 * analyze.c - a played game judged move by move against best play.
 *
 * The engine replays the moves and gives, at every position, the value V
 * (the best own-minus-other's on the coins left for the player to move)
 * and the optimal move. With S the sum of the coins left and O the
 * mover's total so far, the mover can guarantee O + (S + V) / 2. After
 * taking coin c the opponent's value is V', so the mover can guarantee
 * O + c + (S - c - V') / 2, and the move lost (V - (c - V')) / 2 points:
 * an exact integer (V has the parity of S, V' that of S - c) and never
 * negative (V is the maximum of c - V' over the two moves).
 */
#include <stdio.h>
#include <string.h>

#include "solver.h"

/* The side of move character m, or COINLINE_SIDE_NONE. */
static coinline_side_t parse_side(char m)
{
    if (m == 'L' || m == 'l')
        return COINLINE_SIDE_LEFT;
    if (m == 'R' || m == 'r')
        return COINLINE_SIDE_RIGHT;
    return COINLINE_SIDE_NONE;
}

/* The first bad move of moves[0..nmoves-1] on n coins, or SIZE_MAX. */
static size_t first_bad_move(const char *moves, size_t nmoves, size_t n)
{
    for (size_t k = 0; k < nmoves; k++)
        if (k >= n || parse_side(moves[k]) == COINLINE_SIDE_NONE)
            return k;
    return SIZE_MAX;
}

/* Judges the move to side at the engine's position into *r. */
static int judge(coinline_engine_t *e, const int64_t *a, cl_wide sum,
                 coinline_side_t side, coinline_move_review_t *r)
{
    coinline_engine_state_t st, after;
    coinline_engine_state(e, &st);
    const cl_wide v = cl_to_wide(st.value);
    const cl_wide own = cl_to_wide(st.to_move == 1 ? st.p1 : st.p2);
    const cl_wide left = sum - cl_to_wide(st.p1) - cl_to_wide(st.p2);
    memset(r->reserved, 0, sizeof r->reserved);
    r->number = st.moves + 1;
    r->player = st.to_move;
    r->side = side;
    r->coin = side == COINLINE_SIDE_LEFT ? a[st.lo] : a[st.hi - 1];
    r->best = st.best;
    r->best_coin = st.best == COINLINE_SIDE_LEFT ? a[st.lo] : a[st.hi - 1];
    r->secured = cl_from_wide(own + (left + v) / 2);
    const int rc = coinline_engine_play(e, side);
    if (rc != COINLINE_OK)
        return rc;
    coinline_engine_state(e, &after);
    const cl_wide loss = (v - (r->coin - cl_to_wide(after.value))) / 2;
    r->loss = cl_from_wide(loss);
    r->optimal = loss == 0;
    r->p1 = after.p1;
    r->p2 = after.p2;
    r->final_margin = after.final_margin;
    return COINLINE_OK;
}

/* Fills *err for the bad move k (0-based) of moves on n coins. */
static void move_error(const char *moves, size_t k, size_t n,
                       coinline_error_t *err)
{
    const unsigned char c = (unsigned char)moves[k];
    memset(err, 0, sizeof *err);
    err->line = 1;
    err->column = k + 1;
    if (k >= n)
        snprintf(err->message, sizeof err->message,
                 "move %zu is one too many: the row has %zu coin%s", k + 1, n,
                 n == 1 ? "" : "s");
    else if (c >= 0x20 && c < 0x7f)
        snprintf(err->message, sizeof err->message,
                 "move %zu is '%c', not L or R", k + 1, c);
    else
        snprintf(err->message, sizeof err->message,
                 "move %zu is byte 0x%02x, not L or R", k + 1, c);
}

/* What coinline_analyze() and coinline_position() check first: the
 * arguments and every move (the first bad one into *err); then the engine
 * on the row, into *e. */
static int start_replay(const int64_t *coins, size_t n, const char *moves,
                        size_t nmoves, coinline_error_t *err,
                        coinline_engine_t **e)
{
    *e = NULL;
    if ((coins == NULL && n > 0) || (moves == NULL && nmoves > 0))
        return COINLINE_EINVAL;
    const size_t k_bad = first_bad_move(moves, nmoves, n);
    if (k_bad != SIZE_MAX) {
        if (err != NULL)
            move_error(moves, k_bad, n, err);
        return COINLINE_EMOVE;
    }
    return coinline_engine_new(coins, n, e);
}

int coinline_analyze(const int64_t *coins, size_t n, const char *moves,
                     size_t nmoves, coinline_move_review_t *out,
                     coinline_error_t *err)
{
    coinline_engine_t *e;
    if (out == NULL && nmoves > 0)
        return COINLINE_EINVAL;
    int rc = start_replay(coins, n, moves, nmoves, err, &e);
    if (rc != COINLINE_OK)
        return rc;
    cl_wide sum = 0;
    for (size_t i = 0; i < n; i++)
        sum += coins[i];
    for (size_t k = 0; rc == COINLINE_OK && k < nmoves; k++)
        rc = judge(e, coins, sum, parse_side(moves[k]), &out[k]);
    coinline_engine_free(e);
    return rc;
}

int coinline_position(const int64_t *coins, size_t n, const char *moves,
                      size_t nmoves, coinline_engine_state_t *st,
                      coinline_error_t *err)
{
    coinline_engine_t *e;
    if (st == NULL)
        return COINLINE_EINVAL;
    int rc = start_replay(coins, n, moves, nmoves, err, &e);
    for (size_t k = 0; rc == COINLINE_OK && k < nmoves; k++)
        rc = coinline_engine_play(e, parse_side(moves[k]));
    if (rc == COINLINE_OK)
        rc = coinline_engine_state(e, st);
    coinline_engine_free(e);
    return rc;
}
