/* SPDX-License-Identifier: MIT */
/*
 * game.c - a game under any rules (rules.h): solved whole, its optimal
 * line, and a game in progress over positions.
 *
 * The game holds the row a, the coins b its scoring has the shape play on
 * (a itself, or ~a), the moves, the scores and the cursor over the coins
 * left; the shape's position engine holds the classic game on b. A state
 * is the shape's classic value and best move there, turned into the
 * rules' terms by the scoring; the outcome of a move is its score minus
 * the rules' value of what it leaves, from the shape's classic value
 * there. Nothing here knows which rules it plays.
 */
#include <stdlib.h>
#include <string.h>

#include "rules.h"

struct coinline_game {
    coinline_rules_t rules;
    const cl_shape_t *shape;
    const cl_score_t *score;
    int64_t *coins;   /* a copy of the row a */
    const int64_t *b; /* the coins as the shape plays them */
    int64_t *b_owned; /* b when it is not coins */
    size_t n;
    uint64_t *history; /* the positions taken, moves of them */
    uint64_t moves;
    cl_cursor_t cur;   /* the coins left */
    cl_wide left_sum;  /* their sum */
    cl_wide scores[2]; /* p1, p2 so far */
    cl_pos_t *pos;     /* the shape's engine */
    int looked;        /* classic and best hold this position's look */
    cl_wide classic;   /* the shape's value for the player to move */
    uint64_t best;     /* its optimal move */
};

/* ---- a game in progress -------------------------------------------------- */

void coinline_game_free(coinline_game_t *g)
{
    if (g == NULL)
        return;
    if (g->pos != NULL)
        g->shape->close(g->pos);
    free(g->b_owned);
    free(g->history);
    free(g->coins);
    free(g);
}

/* The game's own arrays and engine, once its fields are set. */
static int game_fill(coinline_game_t *g, const int64_t *coins)
{
    const size_t n = g->n, size = n > 0 ? n : 1;
    g->coins = malloc(size * sizeof *g->coins);
    g->history = malloc(size * sizeof *g->history);
    if (g->coins == NULL || g->history == NULL)
        return COINLINE_ENOMEM;
    for (size_t i = 0; i < n; i++) {
        g->coins[i] = coins[i];
        g->left_sum += coins[i];
    }
    const int rc = g->score->coins(g->coins, n, &g->b, &g->b_owned);
    if (rc != COINLINE_OK)
        return rc;
    g->shape->start(&g->cur, n);
    return g->shape->open(g->b, n, &g->pos);
}

int coinline_game_new(const coinline_rules_t *rules, const int64_t *coins,
                      size_t n, coinline_game_t **out)
{
    const cl_shape_t *const shape = cl_shape_of(rules);
    if (out != NULL)
        *out = NULL;
    if (shape == NULL || out == NULL || (coins == NULL && n > 0))
        return COINLINE_EINVAL;
    if (n >= shape->engine_max)
        return COINLINE_ETOOBIG;
    if (n > SIZE_MAX / sizeof(cl_wide))
        return COINLINE_ENOMEM;
    coinline_game_t *const g = calloc(1, sizeof *g);
    if (g == NULL)
        return COINLINE_ENOMEM;
    g->rules = *rules;
    g->shape = shape;
    g->score = cl_score_of(rules);
    g->n = n;
    const int rc = game_fill(g, coins);
    if (rc != COINLINE_OK) {
        coinline_game_free(g);
        return rc;
    }
    *out = g;
    return COINLINE_OK;
}

/* The shape's value and best move at this position, once. */
static int game_look(coinline_game_t *g)
{
    if (g->looked || g->cur.len == 0)
        return COINLINE_OK;
    const int rc = g->shape->look(g->pos, &g->cur, &g->classic, &g->best);
    g->looked = rc == COINLINE_OK;
    return rc;
}

/* The rules' value for the player to move (0 when no coin is left). */
static cl_wide game_value(const coinline_game_t *g)
{
    if (g->cur.len == 0)
        return 0;
    return g->score->value(g->classic, g->left_sum, g->cur.len);
}

int coinline_game_state(coinline_game_t *g, coinline_game_state_t *st)
{
    if (g == NULL || st == NULL)
        return COINLINE_EINVAL;
    const int rc = game_look(g);
    if (rc != COINLINE_OK)
        return rc;
    const cl_wide value = game_value(g);
    const int mover = g->cur.len > 0 ? (int)(g->moves % 2) + 1 : 0;
    memset(st, 0, sizeof *st);
    st->n = g->n;
    st->moves = g->moves;
    st->left = g->cur.len;
    st->to_move = mover;
    st->p1 = cl_from_wide(g->scores[0]);
    st->p2 = cl_from_wide(g->scores[1]);
    st->value = cl_from_wide(value);
    st->final_margin = cl_from_wide(g->scores[0] - g->scores[1] +
                                    (mover == 2 ? -value : value));
    st->best = g->cur.len > 0 ? g->best : 0;
    cl_cursor_ends(&g->cur, &st->left_end, &st->right_end);
    st->best_side =
        st->best > 0 ? cl_cursor_side(&g->cur, st->best) : COINLINE_SIDE_NONE;
    return COINLINE_OK;
}

int coinline_game_is_legal(const coinline_game_t *g, uint64_t position)
{
    return g != NULL && cl_cursor_legal(&g->cur, position);
}

int coinline_game_play(coinline_game_t *g, uint64_t position)
{
    if (g == NULL)
        return COINLINE_EINVAL;
    if (!cl_cursor_legal(&g->cur, position))
        return COINLINE_EMOVE;
    const int rc = g->shape->play(g->pos, &g->cur, position);
    if (rc != COINLINE_OK)
        return rc;
    const int64_t coin = g->coins[position - 1];
    g->scores[g->moves % 2] += g->score->gain(coin, g->left_sum);
    g->left_sum -= coin;
    g->shape->take(&g->cur, position);
    g->history[g->moves++] = position;
    g->looked = 0;
    return COINLINE_OK;
}

int coinline_game_undo(coinline_game_t *g)
{
    if (g == NULL || g->moves == 0)
        return COINLINE_EINVAL;
    const int rc = g->shape->undo(g->pos);
    if (rc != COINLINE_OK)
        return rc;
    const uint64_t position = g->history[--g->moves];
    const int64_t coin = g->coins[position - 1];
    g->shape->untake(&g->cur, position);
    g->left_sum += coin;
    g->scores[g->moves % 2] -= g->score->gain(coin, g->left_sum);
    g->looked = 0;
    return COINLINE_OK;
}

int coinline_game_outcome(coinline_game_t *g, uint64_t position,
                          coinline_i128_t *final_margin)
{
    cl_wide child;
    if (g == NULL || final_margin == NULL)
        return COINLINE_EINVAL;
    if (!cl_cursor_legal(&g->cur, position))
        return COINLINE_EMOVE;
    int rc = game_look(g);
    if (rc != COINLINE_OK)
        return rc;
    /* the best move's child is known: classic = b[best] - child */
    if (position == g->best)
        child = (cl_wide)g->b[position - 1] - g->classic;
    else if ((rc = g->shape->child(g->pos, &g->cur, position, &child)) !=
             COINLINE_OK)
        return rc;
    const int64_t coin = g->coins[position - 1];
    const cl_wide after =
        g->score->value(child, g->left_sum - coin, g->cur.len - 1);
    const cl_wide mine = g->score->gain(coin, g->left_sum) - after;
    *final_margin = cl_from_wide(g->scores[0] - g->scores[1] +
                                 (g->moves % 2 == 0 ? mine : -mine));
    return COINLINE_OK;
}

const coinline_rules_t *coinline_game_rules(const coinline_game_t *g)
{
    return g != NULL ? &g->rules : NULL;
}

const int64_t *coinline_game_coins(const coinline_game_t *g)
{
    return g != NULL ? g->coins : NULL;
}

size_t coinline_game_size(const coinline_game_t *g)
{
    return g != NULL ? g->n : 0;
}

uint64_t coinline_game_moves(const coinline_game_t *g)
{
    return g != NULL ? g->moves : 0;
}

uint64_t coinline_game_history(const coinline_game_t *g, uint64_t k)
{
    if (g == NULL || k < 1 || k > g->moves)
        return 0;
    return g->history[k - 1];
}

uint64_t coinline_game_steps(const coinline_game_t *g)
{
    return g != NULL ? g->shape->steps(g->pos) : 0;
}

uint64_t coinline_game_bytes(const coinline_game_t *g)
{
    if (g == NULL)
        return 0;
    const size_t size = g->n > 0 ? g->n : 1;
    return sizeof *g + size * (sizeof *g->coins + sizeof *g->history) +
           (g->b_owned != NULL ? size * sizeof *g->b_owned : 0) +
           g->shape->bytes(g->pos);
}

int cl_game_inside(coinline_game_t *g, cl_game_inside_t *in)
{
    const int rc = game_look(g);
    in->classic = g->cur.len > 0 ? g->classic : 0;
    in->left_sum = g->left_sum;
    in->b = g->b;
    in->shape = g->shape;
    in->score = g->score;
    return rc;
}

const cl_cursor_t *cl_game_cursor(const coinline_game_t *g)
{
    return &g->cur;
}

const cl_shape_t *cl_game_shape(const coinline_game_t *g)
{
    return g->shape;
}

coinline_engine_t *cl_game_engine(coinline_game_t *g)
{
    return g->cur.len > 0 ? g->shape->engine(g->pos, &g->cur) : NULL;
}

/* ---- solving ------------------------------------------------------------- */

/* The line played by the game engine on both sides (LINEAR). */
static int line_by_game(const coinline_rules_t *rules, const int64_t *a,
                        size_t n, uint64_t *positions, cl_solution_t *sol)
{
    coinline_game_t *g;
    int rc = coinline_game_new(rules, a, n, &g);
    for (size_t k = 0; rc == COINLINE_OK && k < n; k++) {
        rc = game_look(g);
        if (rc == COINLINE_OK && positions != NULL)
            positions[k] = g->best;
        if (rc == COINLINE_OK)
            rc = coinline_game_play(g, g->best);
    }
    if (rc == COINLINE_OK && sol != NULL) {
        sol->p1 = g->scores[0];
        sol->p2 = g->scores[1];
        sol->first = g->history[0];
        sol->steps = coinline_game_steps(g);
    }
    coinline_game_free(g);
    return rc;
}

/* The scores along the line positions[0..n-1] on a. */
static void line_scores(const cl_score_t *score, const int64_t *a, size_t n,
                        const uint64_t *positions, cl_solution_t *sol)
{
    cl_wide left = 0, p[2] = {0, 0};
    for (size_t i = 0; i < n; i++)
        left += a[i];
    for (size_t k = 0; k < n; k++) {
        const int64_t coin = a[positions[k] - 1];
        p[k % 2] += score->gain(coin, left);
        left -= coin;
    }
    sol->p1 = p[0];
    sol->p2 = p[1];
    sol->first = positions[0];
}

/* The line by the shape's DP or BRUTE on the scoring's coins. */
static int line_by_table(const coinline_rules_t *rules, const int64_t *a,
                         size_t n, coinline_algo_t algo, uint64_t *positions,
                         cl_solution_t *sol)
{
    const cl_score_t *const score = cl_score_of(rules);
    const int64_t *b;
    int64_t *owned = NULL;
    uint64_t steps = 0, *mine = NULL;
    if (positions == NULL &&
        (positions = mine = malloc(n * sizeof *mine)) == NULL)
        return COINLINE_ENOMEM;
    int rc = score->coins(a, n, &b, &owned);
    if (rc == COINLINE_OK)
        rc = cl_shape_of(rules)->line(b, n, algo, positions, &steps);
    if (rc == COINLINE_OK && sol != NULL) {
        line_scores(score, a, n, positions, sol);
        sol->steps = steps;
    }
    free(owned);
    free(mine);
    return rc;
}

int cl_game_line(const coinline_rules_t *rules, const int64_t *a, size_t n,
                 coinline_algo_t algo, uint64_t *positions, cl_solution_t *sol)
{
    const cl_shape_t *const shape = cl_shape_of(rules);
    if (shape == NULL || (a == NULL && n > 0) || !cl_algo_valid(algo))
        return COINLINE_EINVAL;
    int rc = shape->check(n, algo, 1);
    if (rc != COINLINE_OK || n == 0) {
        if (sol != NULL)
            memset(sol, 0, sizeof *sol);
        return rc;
    }
    if (algo == COINLINE_ALGO_LINEAR)
        rc = line_by_game(rules, a, n, positions, sol);
    else
        rc = line_by_table(rules, a, n, algo, positions, sol);
    if (rc == COINLINE_OK && sol != NULL)
        sol->margin = sol->p1 - sol->p2;
    return rc;
}

int coinline_game_line(const coinline_rules_t *rules, const int64_t *coins,
                       size_t n, coinline_algo_t algo, uint64_t *positions)
{
    if (positions == NULL && n > 0)
        return COINLINE_EINVAL;
    return cl_game_line(rules, coins, n, algo, positions, NULL);
}

int coinline_game_solve(const coinline_rules_t *rules, const int64_t *coins,
                        size_t n, coinline_algo_t algo,
                        coinline_game_result_t *result)
{
    const cl_shape_t *const shape = cl_shape_of(rules);
    cl_solution_t sol;
    cl_wide sum = 0;
    if (shape == NULL || result == NULL || (coins == NULL && n > 0) ||
        !cl_algo_valid(algo))
        return COINLINE_EINVAL;
    int rc = shape->check(n, algo, 0);
    memset(&sol, 0, sizeof sol);
    if (rc == COINLINE_OK && n > 0)
        rc = cl_score_of(rules)->solve(shape, rules, coins, n, algo, &sol);
    if (rc != COINLINE_OK)
        return rc;
    for (size_t i = 0; i < n; i++)
        sum += coins[i];
    memset(result, 0, sizeof *result);
    result->n = n;
    result->sum = cl_from_wide(sum);
    result->p1 = cl_from_wide(sol.p1);
    result->p2 = cl_from_wide(sol.p2);
    result->margin = cl_from_wide(sol.margin);
    result->winner = sol.margin > 0   ? COINLINE_WINNER_FIRST
                     : sol.margin < 0 ? COINLINE_WINNER_SECOND
                                      : COINLINE_WINNER_DRAW;
    result->first = sol.first;
    result->steps = sol.steps;
    return COINLINE_OK;
}
