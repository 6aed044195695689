/* SPDX-License-Identifier: MIT */
/*
 * analyze.c - a played game judged move by move against best play, under
 * any rules (rules.h), and the position a game reaches.
 *
 * The game (game.c) replays the moves and gives, at every position, the
 * shape's classic value V on the coins b it plays (the row, or ~a under
 * REMAINING: remaining.c), the rules' value and the optimal move. A move
 * takes the coin b_c and leaves the other player a classic value V'; it
 * lost (V - (b_c - V')) / 2 points: exact (V has the parity of the sum of
 * the coins left on b, V' that of the sum less b_c) and never negative (V
 * is the largest b_c - V' over the legal moves). Under TAKEN, where b is
 * the row, the points are of the mover's final total: with S the sum of
 * the coins left and O the mover's total so far the mover can guarantee
 * O + (S + V) / 2 before the move and O + c + (S - c - V') / 2 after it.
 * Under REMAINING the same number is the margin the move gives away
 * (remaining.c, 3.). A circle's move 1 is judged so too: V there is the
 * largest margin m(p) of a first position, and V' = b_p - m(p).
 *
 * The classic calls (coinline_analyze(), coinline_circle_analyze(), the
 * two position calls) check their moves in the letters L and R as they
 * always did, and then are these calls with the line's or the circle's
 * rules.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules.h"

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

/* ---- any rules ------------------------------------------------------------
 */

/* Judges the legal move p at g's position, whose state is *st, into *r,
 * plays it, and leaves the state after it in *st. */
static int judge(coinline_game_t *g, uint64_t p, coinline_game_state_t *st,
                 coinline_move_review_t *r)
{
    cl_game_inside_t in, next;
    int rc = cl_game_inside(g, &in);
    if (rc != COINLINE_OK)
        return rc;
    const int64_t *const a = coinline_game_coins(g);
    const int one = st->to_move == 1;
    memset(r, 0, sizeof *r);
    r->number = st->moves + 1;
    r->player = st->to_move;
    r->side = cl_cursor_side(cl_game_cursor(g), p);
    r->coin = a[p - 1];
    r->best = st->best_side;
    r->best_coin = a[st->best - 1];
    r->position = p;
    r->best_position = st->best;
    r->secured = cl_from_wide(in.score->secured(
        cl_to_wide(one ? st->p1 : st->p2), cl_to_wide(one ? st->p2 : st->p1),
        in.left_sum, cl_to_wide(st->value)));
    if ((rc = coinline_game_play(g, p)) != COINLINE_OK ||
        (rc = coinline_game_state(g, st)) != COINLINE_OK ||
        (rc = cl_game_inside(g, &next)) != COINLINE_OK)
        return rc;
    const cl_wide loss = (in.classic - (in.b[p - 1] - next.classic)) / 2;
    r->loss = cl_from_wide(loss);
    r->optimal = loss == 0;
    r->p1 = st->p1;
    r->p2 = st->p2;
    r->final_margin = st->final_margin;
    return COINLINE_OK;
}

/* Why move k + 1, position p, is refused at g's position (column k + 1). */
static int refuse(const coinline_game_t *g, size_t k, uint64_t p,
                  coinline_error_t *err)
{
    char text[24];
    const int len = snprintf(text, sizeof text, "%llu", (unsigned long long)p);
    return cl_move_refused(g, text, (size_t)len, p, 1, (uint64_t)k + 1, err);
}

int coinline_game_analyze(const coinline_rules_t *rules, const int64_t *coins,
                          size_t n, const uint64_t *positions, size_t nmoves,
                          coinline_move_review_t *out, coinline_error_t *err)
{
    coinline_game_t *g;
    coinline_game_state_t st;
    if ((positions == NULL || out == NULL) && nmoves > 0)
        return COINLINE_EINVAL;
    int rc = coinline_game_new(rules, coins, n, &g);
    if (rc == COINLINE_OK && nmoves > 0)
        rc = coinline_game_state(g, &st);
    for (size_t k = 0; rc == COINLINE_OK && k < nmoves; k++)
        rc = coinline_game_is_legal(g, positions[k])
                 ? judge(g, positions[k], &st, &out[k])
                 : refuse(g, k, positions[k], err);
    coinline_game_free(g);
    return rc;
}

/* ---- the classic calls: moves in L and R --------------------------------- */

static const coinline_rules_t line_rules =
    COINLINE_RULES_INIT(COINLINE_SHAPE_LINE, COINLINE_SCORE_TAKEN);
static const coinline_rules_t circle_rules =
    COINLINE_RULES_INIT(COINLINE_SHAPE_CIRCLE, COINLINE_SCORE_TAKEN);

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

/* The arguments and every move of a row's game (the first bad one into
 * *err). */
static int check_row_game(const int64_t *coins, size_t n, const char *moves,
                          size_t nmoves, coinline_error_t *err)
{
    if ((coins == NULL && n > 0) || (moves == NULL && nmoves > 0))
        return COINLINE_EINVAL;
    const size_t k_bad = first_bad_move(moves, nmoves, n);
    if (k_bad != SIZE_MAX) {
        if (err != NULL)
            move_error(moves, k_bad, n, 0, err);
        return COINLINE_EMOVE;
    }
    return COINLINE_OK;
}

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

/* The review of checked moves (after move 1 at first, 0: none) under
 * rules. */
static int review(const coinline_rules_t *rules, const int64_t *coins, size_t n,
                  uint64_t first, const char *moves, size_t nmoves,
                  coinline_move_review_t *out)
{
    uint64_t *const positions = malloc((nmoves + 1) * sizeof *positions);
    if (positions == NULL)
        return COINLINE_ENOMEM;
    const size_t count = cl_moves_to_positions(cl_shape_of(rules), n, first,
                                               moves, nmoves, positions);
    const int rc =
        coinline_game_analyze(rules, coins, n, positions, count, out, NULL);
    free(positions);
    /* the side as it was given, R for the last coin too */
    for (size_t k = 0; rc == COINLINE_OK && k < nmoves; k++)
        out[k + (first > 0)].side = parse_side(moves[k]);
    return rc;
}

int coinline_analyze(const int64_t *coins, size_t n, const char *moves,
                     size_t nmoves, coinline_move_review_t *out,
                     coinline_error_t *err)
{
    if (out == NULL && nmoves > 0)
        return COINLINE_EINVAL;
    const int rc = check_row_game(coins, n, moves, nmoves, err);
    return rc != COINLINE_OK
               ? rc
               : review(&line_rules, coins, n, 0, moves, nmoves, out);
}

int coinline_circle_analyze(const int64_t *coins, size_t n, uint64_t first,
                            const char *moves, size_t nmoves,
                            coinline_move_review_t *out, coinline_error_t *err)
{
    if (out == NULL && (first > 0 || nmoves > 0))
        return COINLINE_EINVAL;
    const int rc = check_circle_game(coins, n, first, moves, nmoves, err);
    if (rc != COINLINE_OK || first == 0)
        return rc;
    return review(&circle_rules, coins, n, first, moves, nmoves, out);
}

/* The position g reached after moves[0..nmoves-1] in the engine's terms:
 * lo and hi index the line whose ends are the legal moves, as the moves
 * in L and R move them (a circle's after move 1, as
 * coinline_circle_rotate() writes it; the whole circle before it). */
static int engine_view(coinline_game_t *g, const char *moves, size_t nmoves,
                       coinline_engine_state_t *st)
{
    coinline_game_state_t gs;
    const int rc = coinline_game_state(g, &gs);
    if (rc != COINLINE_OK)
        return rc;
    memset(st, 0, sizeof *st);
    st->n = gs.n;
    for (size_t k = 0; k < nmoves; k++)
        st->lo += parse_side(moves[k]) == COINLINE_SIDE_LEFT;
    st->hi = st->lo + gs.left;
    st->moves = gs.moves;
    st->to_move = gs.to_move;
    st->p1 = gs.p1;
    st->p2 = gs.p2;
    st->value = gs.value;
    st->final_margin = gs.final_margin;
    st->best = gs.best_side;
    return COINLINE_OK;
}

/* The position after checked moves (after move 1 at first, 0: none). */
static int position(const coinline_rules_t *rules, const int64_t *coins,
                    size_t n, uint64_t first, const char *moves, size_t nmoves,
                    coinline_engine_state_t *st)
{
    coinline_game_t *g;
    int rc = coinline_game_new(rules, coins, n, &g);
    if (rc == COINLINE_OK && first > 0)
        rc = coinline_game_play(g, first);
    if (rc == COINLINE_OK)
        rc = coinline_game_play_text(g, moves, nmoves, NULL);
    if (rc == COINLINE_OK)
        rc = engine_view(g, moves, nmoves, st);
    coinline_game_free(g);
    return rc;
}

int coinline_position(const int64_t *coins, size_t n, const char *moves,
                      size_t nmoves, coinline_engine_state_t *st,
                      coinline_error_t *err)
{
    if (st == NULL)
        return COINLINE_EINVAL;
    const int rc = check_row_game(coins, n, moves, nmoves, err);
    return rc != COINLINE_OK
               ? rc
               : position(&line_rules, coins, n, 0, moves, nmoves, st);
}

int coinline_circle_position(const int64_t *coins, size_t n, uint64_t first,
                             const char *moves, size_t nmoves,
                             coinline_engine_state_t *st, coinline_error_t *err)
{
    if (st == NULL)
        return COINLINE_EINVAL;
    const int rc = check_circle_game(coins, n, first, moves, nmoves, err);
    return rc != COINLINE_OK
               ? rc
               : position(&circle_rules, coins, n, first, moves, nmoves, st);
}
