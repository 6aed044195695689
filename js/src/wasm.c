/* SPDX-License-Identifier: MIT */
/* wasm.c - the library's calls with their results copied into int64
 * words, for JavaScript (the layouts are in wasm.h). Built only for
 * WebAssembly (make wasm); nothing here computes: each function checks
 * nothing the library does not, calls it, and copies. */
#include "wasm.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void put128(int64_t *out, coinline_i128_t v)
{
    out[0] = v.hi;
    out[1] = (int64_t)v.lo;
}

void *clw_alloc(size_t bytes)
{
    return malloc(bytes != 0 ? bytes : 1);
}

void clw_free(void *p)
{
    free(p);
}

const char *clw_version(void)
{
    return coinline_version_string();
}

const char *clw_strerror(int code)
{
    return coinline_strerror(code);
}

const char *clw_err_name(int code)
{
    const char *name = coinline_err_name(code);
    return name != NULL ? name : "";
}

int clw_solve(const int64_t *coins, size_t n, int64_t *out)
{
    coinline_result_t r;
    const int rc = coinline_solve(coins, n, COINLINE_ALGO_LINEAR, &r);
    if (rc != 0)
        return rc;
    out[0] = (int64_t)r.n;
    put128(out + 1, r.sum);
    put128(out + 3, r.p1);
    put128(out + 5, r.p2);
    put128(out + 7, r.margin);
    out[9] = r.winner;
    out[10] = r.first_move;
    return 0;
}

int clw_best_move(const int64_t *coins, size_t n, size_t lo, size_t hi,
                  int64_t *out)
{
    coinline_side_t side;
    coinline_i128_t margin;
    const int rc = coinline_best_move(coins, n, lo, hi, COINLINE_ALGO_LINEAR,
                                      &side, &margin);
    if (rc != 0)
        return rc;
    out[0] = side;
    put128(out + 1, margin);
    return 0;
}

int clw_line(const int64_t *coins, size_t n, char *moves)
{
    return coinline_line(coins, n, COINLINE_ALGO_LINEAR, moves);
}

int clw_engine_new(const int64_t *coins, size_t n, coinline_engine_t **out)
{
    return coinline_engine_new(coins, n, out);
}

void clw_engine_free(coinline_engine_t *e)
{
    coinline_engine_free(e);
}

int clw_engine_play(coinline_engine_t *e, int side)
{
    return coinline_engine_play(e, (coinline_side_t)side);
}

int clw_engine_undo(coinline_engine_t *e)
{
    return coinline_engine_undo(e);
}

int clw_engine_state(coinline_engine_t *e, int64_t *out)
{
    coinline_engine_state_t st;
    const int rc = coinline_engine_state(e, &st);
    if (rc != 0)
        return rc;
    out[0] = (int64_t)st.n;
    out[1] = (int64_t)st.lo;
    out[2] = (int64_t)st.hi;
    out[3] = (int64_t)st.moves;
    out[4] = st.to_move;
    put128(out + 5, st.p1);
    put128(out + 7, st.p2);
    put128(out + 9, st.value);
    put128(out + 11, st.final_margin);
    out[13] = st.best;
    return 0;
}

int clw_strategy_new(const char *spec, uint64_t seed, coinline_strategy_t **out)
{
    return coinline_strategy_new(spec, seed, out);
}

void clw_strategy_free(coinline_strategy_t *s)
{
    coinline_strategy_free(s);
}

int clw_strategy_move(coinline_strategy_t *s, coinline_engine_t *e,
                      int32_t *side)
{
    coinline_side_t chosen = COINLINE_SIDE_NONE;
    const int rc = coinline_strategy_move(s, e, &chosen);
    *side = (int32_t)chosen;
    return rc;
}

int clw_circle_margins(const int64_t *coins, size_t n, int64_t *out)
{
    coinline_i128_t *m = calloc(n != 0 ? n : 1, sizeof *m);
    if (m == NULL)
        return COINLINE_ENOMEM;
    const int rc = coinline_circle_margins(coins, n, COINLINE_ALGO_LINEAR, m);
    for (size_t p = 0; rc == 0 && p < n; p++)
        put128(out + 2 * p, m[p]);
    free(m);
    return rc;
}

int clw_circle_rotate(const int64_t *coins, size_t n, uint64_t first,
                      int64_t *line)
{
    return coinline_circle_rotate(coins, n, first, line);
}

int clw_circle_line(const int64_t *coins, size_t n, uint64_t *first,
                    char *moves)
{
    return coinline_circle_line(coins, n, COINLINE_ALGO_LINEAR, first, moves);
}

int clw_strategy_first(coinline_strategy_t *s, const int64_t *coins, size_t n,
                       uint64_t *position)
{
    return coinline_strategy_first(s, coins, n, position);
}

static void put_review(int64_t *out, const coinline_move_review_t *r)
{
    out[0] = (int64_t)r->number;
    out[1] = r->player;
    out[2] = r->side;
    out[3] = r->coin;
    out[4] = r->best;
    out[5] = r->best_coin;
    out[6] = r->optimal;
    put128(out + 7, r->loss);
    put128(out + 9, r->secured);
    put128(out + 11, r->p1);
    put128(out + 13, r->p2);
    put128(out + 15, r->final_margin);
    out[17] = (int64_t)r->position;
    out[18] = (int64_t)r->best_position;
}

int clw_analyze(const int64_t *coins, size_t n, const char *moves,
                size_t nmoves, int64_t *out, char *message)
{
    coinline_error_t err;
    coinline_move_review_t *const r =
        nmoves != 0 ? calloc(nmoves, sizeof *r) : NULL;
    if (nmoves != 0 && r == NULL)
        return COINLINE_ENOMEM;
    memset(&err, 0, sizeof err);
    const int rc = coinline_analyze(coins, n, moves, nmoves, r, &err);
    if (rc == 0)
        for (size_t k = 0; k < nmoves; k++)
            put_review(out + k * CLW_REVIEW_WORDS, &r[k]);
    memcpy(message, err.message, CLW_ERROR_BYTES);
    message[CLW_ERROR_BYTES - 1] = '\0';
    free(r);
    return rc;
}

int clw_table(const int64_t *coins, size_t n, int64_t *v, uint8_t *move)
{
    coinline_table_t *t = NULL;
    const int rc = coinline_table_new(coins, n, &t);
    if (rc != 0)
        return rc;
    for (size_t lo = 0; lo < n; lo++)
        for (size_t hi = lo + 1; hi <= n; hi++) {
            const size_t cell = lo * n + hi - 1;
            coinline_i128_t value;
            (void)coinline_table_value(t, lo, hi, &value);
            put128(v + 2 * cell, value);
            move[cell] = (uint8_t)coinline_table_move(t, lo, hi);
        }
    coinline_table_free(t);
    return 0;
}

/* ---- The best reply to a known opponent -------------------------------- */

/* The texts of r as one malloc'ed string "P1 P2 MARGIN"; NULL when out of
 * memory. */
static char *against_texts(const coinline_against_t *r)
{
    const size_t size =
        strlen(r->p1_text) + strlen(r->p2_text) + strlen(r->margin_text) + 3;
    char *t = malloc(size);
    if (t != NULL)
        snprintf(t, size, "%s %s %s", r->p1_text, r->p2_text, r->margin_text);
    return t;
}

int clw_against(const int64_t *coins, size_t n, const char *spec, int seat,
                int64_t *out)
{
    coinline_against_t r;
    const int rc = coinline_against_solve(coins, n, spec, seat, &r);
    if (rc != 0)
        return rc;
    char *texts = against_texts(&r);
    const double expected[3] = {r.expected_p1, r.expected_p2,
                                r.expected_margin};
    out[0] = r.exact;
    out[1] = r.first_move;
    put128(out + 2, r.p1);
    put128(out + 4, r.p2);
    put128(out + 6, r.margin);
    memcpy(out + 8, expected, sizeof expected);
    out[11] = (int64_t)(uintptr_t)texts;
    coinline_against_free(&r);
    return texts != NULL ? 0 : COINLINE_ENOMEM;
}

int clw_against_line(const int64_t *coins, size_t n, const char *spec, int seat,
                     char *moves)
{
    return coinline_against_line(coins, n, spec, seat, moves);
}

/* ---- Under any rules ---------------------------------------------------- */

static coinline_rules_t rules_of(int shape, int score)
{
    const coinline_rules_t r =
        COINLINE_RULES_INIT((coinline_shape_t)shape, (coinline_score_t)score);
    return r;
}

/* The message of err (possibly "") into message[CLW_ERROR_BYTES]. */
static void put_message(char *message, const coinline_error_t *err)
{
    memcpy(message, err->message, CLW_ERROR_BYTES);
    message[CLW_ERROR_BYTES - 1] = '\0';
}

int clw_rules_parse(const char *text, int32_t *out, char *message)
{
    coinline_rules_t r;
    coinline_error_t err;
    memset(&err, 0, sizeof err);
    const int rc = coinline_rules_parse(text, &r, &err);
    put_message(message, &err);
    if (rc == 0) {
        out[0] = (int32_t)r.shape;
        out[1] = (int32_t)r.score;
    }
    return rc;
}

int clw_rules_name(int shape, int score, char *name)
{
    const coinline_rules_t r = rules_of(shape, score);
    const int len = coinline_rules_name(&r, name, COINLINE_RULES_STRLEN);
    return len < 0 ? len : 0;
}

int clw_game_solve(int shape, int score, const int64_t *coins, size_t n,
                   int64_t *out)
{
    const coinline_rules_t rules = rules_of(shape, score);
    coinline_game_result_t r;
    const int rc =
        coinline_game_solve(&rules, coins, n, COINLINE_ALGO_LINEAR, &r);
    if (rc != 0)
        return rc;
    out[0] = (int64_t)r.n;
    put128(out + 1, r.sum);
    put128(out + 3, r.p1);
    put128(out + 5, r.p2);
    put128(out + 7, r.margin);
    out[9] = r.winner;
    out[10] = (int64_t)r.first;
    out[11] = (int64_t)r.steps;
    return 0;
}

int clw_game_line(int shape, int score, const int64_t *coins, size_t n,
                  uint64_t *positions)
{
    const coinline_rules_t rules = rules_of(shape, score);
    return coinline_game_line(&rules, coins, n, COINLINE_ALGO_LINEAR,
                              positions);
}

int clw_positions_text(int shape, int score, size_t n,
                       const uint64_t *positions, size_t count, char *buf,
                       size_t size)
{
    const coinline_rules_t rules = rules_of(shape, score);
    return coinline_positions_text(&rules, n, positions, count, buf, size);
}

int clw_game_new(int shape, int score, const int64_t *coins, size_t n,
                 coinline_game_t **out)
{
    const coinline_rules_t rules = rules_of(shape, score);
    return coinline_game_new(&rules, coins, n, out);
}

void clw_game_free(coinline_game_t *g)
{
    coinline_game_free(g);
}

int clw_game_play(coinline_game_t *g, uint64_t p)
{
    return coinline_game_play(g, p);
}

int clw_game_undo(coinline_game_t *g)
{
    return coinline_game_undo(g);
}

int clw_game_state(coinline_game_t *g, int64_t *out)
{
    coinline_game_state_t st;
    const int rc = coinline_game_state(g, &st);
    if (rc != 0)
        return rc;
    out[0] = (int64_t)st.n;
    out[1] = (int64_t)st.moves;
    out[2] = (int64_t)st.left;
    out[3] = st.to_move;
    put128(out + 4, st.p1);
    put128(out + 6, st.p2);
    put128(out + 8, st.value);
    put128(out + 10, st.final_margin);
    out[12] = (int64_t)st.best;
    out[13] = (int64_t)st.left_end;
    out[14] = (int64_t)st.right_end;
    out[15] = st.best_side;
    return 0;
}

int clw_game_is_legal(const coinline_game_t *g, uint64_t p)
{
    return coinline_game_is_legal(g, p);
}

int clw_game_outcome(coinline_game_t *g, uint64_t p, int64_t *out)
{
    coinline_i128_t m;
    const int rc = coinline_game_outcome(g, p, &m);
    if (rc == 0)
        put128(out, m);
    return rc;
}

int clw_game_play_text(coinline_game_t *g, const char *text, size_t len,
                       char *message)
{
    coinline_error_t err;
    memset(&err, 0, sizeof err);
    const int rc = coinline_game_play_text(g, text, len, &err);
    put_message(message, &err);
    return rc;
}

uint64_t clw_game_history(const coinline_game_t *g, uint64_t *out)
{
    const uint64_t moves = coinline_game_moves(g);
    for (uint64_t k = 1; k <= moves; k++)
        out[k - 1] = coinline_game_history(g, k);
    return moves;
}

int clw_text_positions(int shape, int score, const int64_t *coins, size_t n,
                       const char *text, size_t len, uint64_t *positions,
                       uint64_t *count, char *message)
{
    const coinline_rules_t rules = rules_of(shape, score);
    coinline_game_t *g = NULL;
    coinline_error_t err;
    memset(&err, 0, sizeof err);
    int rc = coinline_game_new(&rules, coins, n, &g);
    if (rc == 0)
        rc = coinline_game_play_text(g, text, len, &err);
    if (rc == 0)
        *count = clw_game_history(g, positions);
    put_message(message, &err);
    coinline_game_free(g);
    return rc;
}

int clw_game_analyze(int shape, int score, const int64_t *coins, size_t n,
                     const uint64_t *positions, size_t nmoves, int64_t *out,
                     char *message)
{
    const coinline_rules_t rules = rules_of(shape, score);
    coinline_error_t err;
    coinline_move_review_t *const r =
        nmoves != 0 ? calloc(nmoves, sizeof *r) : NULL;
    if (nmoves != 0 && r == NULL)
        return COINLINE_ENOMEM;
    memset(&err, 0, sizeof err);
    const int rc =
        coinline_game_analyze(&rules, coins, n, positions, nmoves, r, &err);
    if (rc == 0)
        for (size_t k = 0; k < nmoves; k++)
            put_review(out + k * CLW_REVIEW_WORDS, &r[k]);
    put_message(message, &err);
    free(r);
    return rc;
}

int clw_strategy_choose(coinline_strategy_t *s, coinline_game_t *g,
                        uint64_t *position)
{
    return coinline_strategy_choose(s, g, position);
}

/* The table's runs and first moves into the arrays of clw_table_rules(). */
static void put_table(const coinline_table_t *t, size_t n, int64_t *v,
                      uint8_t *side, int64_t *outcome, uint8_t *first_ok)
{
    for (size_t start = 1; start <= n; start++) {
        coinline_i128_t m;
        const int legal = coinline_table_outcome(t, start, &m) == 0;
        first_ok[start - 1] = (uint8_t)legal;
        if (legal)
            put128(outcome + 2 * (start - 1), m);
        for (size_t len = 1; len <= n; len++) {
            const size_t cell = (start - 1) * n + len - 1;
            coinline_table_cell_t c;
            side[cell] = 0;
            if (coinline_table_cell(t, start, len, &c) != 0)
                continue;
            put128(v + 2 * cell, c.value);
            side[cell] = (uint8_t)c.best_side;
        }
    }
}

int clw_table_rules(int shape, int score, const int64_t *coins, size_t n,
                    int64_t *v, uint8_t *side, int64_t *outcome,
                    uint8_t *first_ok, uint64_t *first)
{
    const coinline_rules_t rules = rules_of(shape, score);
    coinline_table_t *t = NULL;
    const int rc = coinline_table_new_rules(&rules, coins, n, &t);
    if (rc != 0)
        return rc;
    put_table(t, n, v, side, outcome, first_ok);
    *first = coinline_table_first(t);
    coinline_table_free(t);
    return 0;
}

int clw_multirow_solve(const int64_t *coins, const uint64_t *lens, size_t k,
                       int64_t *out)
{
    coinline_multirow_result_t r;
    const int rc = coinline_multirow_solve(coins, lens, k, &r);
    if (rc != 0)
        return rc;
    out[0] = (int64_t)r.n;
    out[1] = (int64_t)r.rows;
    put128(out + 2, r.sum);
    put128(out + 4, r.p1);
    put128(out + 6, r.p2);
    put128(out + 8, r.margin);
    out[10] = r.winner;
    out[11] = (int64_t)r.first_row;
    out[12] = r.first_side;
    return 0;
}

int clw_multirow_new(const int64_t *coins, const uint64_t *lens, size_t k,
                     coinline_multirow_game_t **out)
{
    return coinline_multirow_game_new(coins, lens, k, out);
}

void clw_multirow_free(coinline_multirow_game_t *g)
{
    coinline_multirow_game_free(g);
}

int clw_multirow_play(coinline_multirow_game_t *g, size_t row, int side)
{
    return coinline_multirow_game_play(g, row, (coinline_side_t)side);
}

int clw_multirow_undo(coinline_multirow_game_t *g)
{
    return coinline_multirow_game_undo(g);
}

int clw_multirow_state(const coinline_multirow_game_t *g, int64_t *out)
{
    coinline_multirow_state_t st;
    const int rc = coinline_multirow_game_state(g, &st);
    if (rc != 0)
        return rc;
    out[0] = (int64_t)st.n;
    out[1] = (int64_t)st.rows;
    out[2] = (int64_t)st.moves;
    out[3] = (int64_t)st.left;
    out[4] = st.to_move;
    put128(out + 5, st.p1);
    put128(out + 7, st.p2);
    out[9] = (int64_t)st.best_row;
    out[10] = st.best_side;
    put128(out + 11, st.value);
    put128(out + 13, st.final_margin);
    return 0;
}

int clw_multirow_row(const coinline_multirow_game_t *g, size_t row,
                     int64_t *out)
{
    uint64_t lo, hi;
    const int rc = coinline_multirow_game_row(g, row, &lo, &hi);
    if (rc != 0)
        return rc;
    out[0] = (int64_t)lo;
    out[1] = (int64_t)hi;
    return 0;
}

int clw_multirow_value(const coinline_multirow_game_t *g, int64_t *out)
{
    coinline_i128_t v;
    const int rc = coinline_multirow_game_value(g, &v);
    if (rc == 0)
        put128(out, v);
    return rc;
}

int clw_multirow_outcome(coinline_multirow_game_t *g, size_t row, int side,
                         int64_t *out)
{
    coinline_i128_t v;
    const int rc =
        coinline_multirow_game_outcome(g, row, (coinline_side_t)side, &v);
    if (rc == 0)
        put128(out, v);
    return rc;
}

int clw_multirow_line(const int64_t *coins, const uint64_t *lens, size_t k,
                      uint64_t *rows, char *sides)
{
    return coinline_multirow_line(coins, lens, k, rows, sides);
}
