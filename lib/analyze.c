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
 *
 * A circle. Move 1 takes the coin at a position p; with m(p) the first
 * player's final margin when both play optimally after it
 * (coinline_circle_margins()) and M the largest, player 1 could
 * guarantee (S + M) / 2 before it and (S + m(p)) / 2 after, so it lost
 * (M - m(p)) / 2, exact as above (M and m(p) both have the parity of S).
 * After it the game is the line game on the coins left, its first mover
 * player 2: each move is judged there as on a row and told in the game's
 * terms (players swapped, the first coin in player 1's totals and
 * margins, positions round the circle).
 */
#include <stdio.h>
#include <stdlib.h>
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

/* Where index i of the engine's row is in the game: position
 * (base + i) mod m + 1 (a row: base 0; a circle after move 1 at p:
 * base p, m = n). */
typedef struct {
    size_t base, m;
} place_t;

static uint64_t place_of(place_t at, size_t i)
{
    return (uint64_t)((at.base + i) % at.m) + 1;
}

/* Judges the move to side at the engine's position into *r. */
static int judge(coinline_engine_t *e, const int64_t *a, cl_wide sum,
                 coinline_side_t side, place_t at, coinline_move_review_t *r)
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
    r->position = place_of(at, side == COINLINE_SIDE_LEFT ? st.lo : st.hi - 1);
    r->best_position =
        place_of(at, st.best == COINLINE_SIDE_LEFT ? st.lo : st.hi - 1);
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

/* Fills *err for the bad move k (0-based) of moves on a line of len
 * coins: on a row (circle 0) moves[k] is move k + 1; on a circle of
 * len + 1 coins, move k + 2. */
static void move_error(const char *moves, size_t k, size_t len, int circle,
                       coinline_error_t *err)
{
    const unsigned char c = (unsigned char)moves[k];
    const size_t number = k + 1 + (size_t)circle, n = len + (size_t)circle;
    memset(err, 0, sizeof *err);
    err->line = 1;
    err->column = k + 1;
    if (k >= len)
        snprintf(err->message, sizeof err->message,
                 "move %zu is one too many: the %s has %zu coin%s", number,
                 circle ? "circle" : "row", n, n == 1 ? "" : "s");
    else if (c >= 0x20 && c < 0x7f)
        snprintf(err->message, sizeof err->message,
                 "move %zu is '%c', not L or R", number, c);
    else
        snprintf(err->message, sizeof err->message,
                 "move %zu is byte 0x%02x, not L or R", number, c);
}

/* What coinline_analyze() and coinline_position() check first: the
 * arguments and every move (the first bad one into *err); then the engine
 * on the row, into *e. circle as move_error()'s. */
static int start_replay(const int64_t *coins, size_t n, const char *moves,
                        size_t nmoves, int circle, coinline_error_t *err,
                        coinline_engine_t **e)
{
    *e = NULL;
    if ((coins == NULL && n > 0) || (moves == NULL && nmoves > 0))
        return COINLINE_EINVAL;
    const size_t k_bad = first_bad_move(moves, nmoves, n);
    if (k_bad != SIZE_MAX) {
        if (err != NULL)
            move_error(moves, k_bad, n, circle, err);
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
    int rc = start_replay(coins, n, moves, nmoves, 0, err, &e);
    if (rc != COINLINE_OK)
        return rc;
    cl_wide sum = 0;
    for (size_t i = 0; i < n; i++)
        sum += coins[i];
    const place_t at = {0, n > 0 ? n : 1};
    for (size_t k = 0; rc == COINLINE_OK && k < nmoves; k++)
        rc = judge(e, coins, sum, parse_side(moves[k]), at, &out[k]);
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
    int rc = start_replay(coins, n, moves, nmoves, 0, err, &e);
    for (size_t k = 0; rc == COINLINE_OK && k < nmoves; k++)
        rc = coinline_engine_play(e, parse_side(moves[k]));
    if (rc == COINLINE_OK)
        rc = coinline_engine_state(e, st);
    coinline_engine_free(e);
    return rc;
}

/* ---- the circle ---------------------------------------------------------- */

/* Fills *err for a first position past n, or for moves without one. */
static void first_error(uint64_t first, size_t n, coinline_error_t *err)
{
    memset(err, 0, sizeof *err);
    err->line = 1;
    err->column = first > n ? 0 : 1;
    if (first > n)
        snprintf(err->message, sizeof err->message,
                 "move 1 is position %llu, not on the circle of %zu coin%s",
                 (unsigned long long)first, n, n == 1 ? "" : "s");
    else
        snprintf(err->message, sizeof err->message,
                 "move 2 needs move 1 first: no first position was given");
}

/* What the circle's two calls check first: the arguments, the first
 * position and (with it) moves on the n - 1 coins left. */
static int check_circle_game(const int64_t *coins, size_t n, uint64_t first,
                             const char *moves, size_t nmoves,
                             coinline_error_t *err)
{
    if ((coins == NULL && n > 0) || (moves == NULL && nmoves > 0))
        return COINLINE_EINVAL;
    if (first > n || (first == 0 && nmoves > 0)) {
        if (err != NULL)
            first_error(first, n, err);
        return COINLINE_EMOVE;
    }
    const size_t k_bad = first_bad_move(moves, nmoves, first > 0 ? n - 1 : 0);
    if (k_bad != SIZE_MAX) {
        if (err != NULL)
            move_error(moves, k_bad, n - 1, 1, err);
        return COINLINE_EMOVE;
    }
    return COINLINE_OK;
}

/* The engine on the line left after move 1 at first (1..n). */
static int line_engine(const int64_t *coins, size_t n, uint64_t first,
                       coinline_engine_t **e)
{
    int64_t *line = malloc((n > 1 ? n - 1 : 1) * sizeof *line);
    *e = NULL;
    if (line == NULL)
        return COINLINE_ENOMEM;
    coinline_circle_rotate(coins, n, first, line);
    const int rc = coinline_engine_new(line, n - 1, e);
    free(line);
    return rc;
}

/* Review 0, move 1 at first, from the margins m of every first position. */
static void judge_first(const int64_t *coins, size_t n, uint64_t first,
                        const coinline_i128_t *m, coinline_move_review_t *r)
{
    size_t best = 0;
    cl_wide sum = 0;
    for (size_t p = 0; p < n; p++) {
        sum += coins[p];
        if (cl_to_wide(m[p]) > cl_to_wide(m[best]))
            best = p;
    }
    const cl_wide top = cl_to_wide(m[best]), own = cl_to_wide(m[first - 1]);
    memset(r, 0, sizeof *r);
    r->number = 1;
    r->player = 1;
    r->side = r->best = COINLINE_SIDE_NONE;
    r->coin = coins[first - 1];
    r->position = first;
    r->best_coin = coins[best];
    r->best_position = best + 1;
    r->optimal = top == own;
    r->loss = cl_from_wide((top - own) / 2);
    r->secured = cl_from_wide((sum + top) / 2);
    r->p1 = cl_from_wide(r->coin);
    r->p2 = cl_from_wide(0);
    r->final_margin = m[first - 1];
}

/* A review of the line's game told in the circle's: coin is move 1's. */
static void as_circle_move(coinline_move_review_t *r, int64_t coin)
{
    const coinline_i128_t p1 = r->p1;
    r->number++;
    r->player = 3 - r->player;
    if (r->player == 1)
        r->secured = cl_from_wide(cl_to_wide(r->secured) + coin);
    r->p1 = cl_from_wide(cl_to_wide(r->p2) + coin);
    r->p2 = p1;
    r->final_margin = cl_from_wide(coin - cl_to_wide(r->final_margin));
}

/* Judges the line moves after move 1 at first into out[0..nmoves-1]. */
static int judge_line(const int64_t *coins, size_t n, uint64_t first,
                      const char *moves, size_t nmoves,
                      coinline_move_review_t *out)
{
    coinline_engine_t *e;
    int rc = line_engine(coins, n, first, &e);
    if (rc != COINLINE_OK)
        return rc;
    const int64_t *line = coinline_engine_row(e);
    cl_wide sum = 0;
    for (size_t i = 0; i + 1 < n; i++)
        sum += line[i];
    const place_t at = {(size_t)first, n};
    for (size_t k = 0; rc == COINLINE_OK && k < nmoves; k++) {
        rc = judge(e, line, sum, parse_side(moves[k]), at, &out[k]);
        if (rc == COINLINE_OK)
            as_circle_move(&out[k], coins[first - 1]);
    }
    coinline_engine_free(e);
    return rc;
}

int coinline_circle_analyze(const int64_t *coins, size_t n, uint64_t first,
                            const char *moves, size_t nmoves,
                            coinline_move_review_t *out, coinline_error_t *err)
{
    if (out == NULL && (first > 0 || nmoves > 0))
        return COINLINE_EINVAL;
    int rc = check_circle_game(coins, n, first, moves, nmoves, err);
    if (rc != COINLINE_OK || first == 0)
        return rc;
    coinline_i128_t *m = malloc(n * sizeof *m);
    if (m == NULL)
        return COINLINE_ENOMEM;
    rc = coinline_circle_margins(coins, n, COINLINE_ALGO_LINEAR, m);
    if (rc == COINLINE_OK) {
        judge_first(coins, n, first, m, &out[0]);
        rc = judge_line(coins, n, first, moves, nmoves, out + 1);
    }
    free(m);
    return rc;
}

/* The start of the circle: no move played (first == 0). */
static int circle_start(const int64_t *coins, size_t n,
                        coinline_engine_state_t *st)
{
    coinline_circle_result_t r;
    const int rc = coinline_circle_solve(coins, n, COINLINE_ALGO_LINEAR, &r);
    if (rc != COINLINE_OK)
        return rc;
    memset(st, 0, sizeof *st);
    st->n = n;
    st->hi = n;
    st->to_move = n > 0;
    st->p1 = st->p2 = cl_from_wide(0);
    st->value = st->final_margin = r.margin;
    st->best = COINLINE_SIDE_NONE;
    return COINLINE_OK;
}

int coinline_circle_position(const int64_t *coins, size_t n, uint64_t first,
                             const char *moves, size_t nmoves,
                             coinline_engine_state_t *st, coinline_error_t *err)
{
    coinline_engine_t *e;
    if (st == NULL)
        return COINLINE_EINVAL;
    int rc = check_circle_game(coins, n, first, moves, nmoves, err);
    if (rc != COINLINE_OK || first == 0)
        return rc != COINLINE_OK ? rc : circle_start(coins, n, st);
    if ((rc = line_engine(coins, n, first, &e)) != COINLINE_OK)
        return rc;
    for (size_t k = 0; rc == COINLINE_OK && k < nmoves; k++)
        rc = coinline_engine_play(e, parse_side(moves[k]));
    if (rc == COINLINE_OK)
        rc = coinline_engine_state(e, st);
    coinline_engine_free(e);
    if (rc != COINLINE_OK)
        return rc;
    const int64_t coin = coins[first - 1];
    const coinline_i128_t p1 = st->p1;
    st->n = n;
    st->moves++;
    st->to_move = st->to_move == 0 ? 0 : 3 - st->to_move;
    st->p1 = cl_from_wide(cl_to_wide(st->p2) + coin);
    st->p2 = p1;
    st->final_margin = cl_from_wide(coin - cl_to_wide(st->final_margin));
    return COINLINE_OK;
}
