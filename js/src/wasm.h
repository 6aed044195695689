/* SPDX-License-Identifier: MIT */
/* wasm.h - the WebAssembly face of libcoinline, for js/src/core.js.
 *
 * The library's calls take structs; JavaScript reads plain arrays more
 * safely than struct layouts, so each call here copies its results into
 * an array of int64 words ("out"), in the order this header gives. A
 * 128-bit value takes two words: the high word (signed) and the low word
 * (unsigned), value = hi * 2^64 + lo. Sides are 0 none, 1 left, 2 right
 * (coinline_side_t). Every call returns 0 or a negative COINLINE_E* code,
 * as the library's do. Pointers are offsets into the module's memory;
 * clw_alloc() and clw_free() manage it, and the caller frees what it
 * allocates (core.js frees every buffer before a call returns). */
#ifndef COINLINE_WASM_H
#define COINLINE_WASM_H

#include <stddef.h>
#include <stdint.h>

#include "coinline.h"

#define CLW_EXPORT(name) __attribute__((export_name(#name)))

/* Words of each out array. */
enum {
    CLW_RESULT_WORDS = 11, /* n, sum(2), p1(2), p2(2), margin(2), winner,
                            * first_move */
    CLW_MOVE_WORDS = 3,    /* side, value(2) */
    CLW_STATE_WORDS = 14,  /* n, lo, hi, moves, to_move, p1(2), p2(2),
                            * value(2), final_margin(2), best */
    CLW_REVIEW_WORDS = 19, /* number, player, side, coin, best, best_coin,
                            * optimal, loss(2), secured(2), p1(2), p2(2),
                            * final_margin(2), position, best_position */
    CLW_GAME_WORDS = 12,   /* under any rules: n, sum(2), p1(2), p2(2),
                            * margin(2), winner, first (a position; 0:
                            * none), steps */
    CLW_GSTATE_WORDS = 16, /* n, moves, left, to_move, p1(2), p2(2),
                            * value(2), final_margin(2), best, left_end,
                            * right_end, best_side */
    CLW_ERROR_BYTES = 384, /* the message of an error: see clw_analyze() */
    /* exact, first_move, p1(2), p2(2), margin(2), expected p1, p2 and
     * margin (the doubles' bits), texts (a pointer: see clw_against()) */
    CLW_AGAINST_WORDS = 12,
    CLW_ROWS_WORDS = 13,  /* several rows: n, rows, sum(2), p1(2), p2(2),
                           * margin(2), winner, first_row, first_side */
    CLW_RSTATE_WORDS = 15 /* n, rows, moves, left, to_move, p1(2), p2(2),
                           * best_row, best_side, value(2),
                           * final_margin(2) */
};

/* Memory for JavaScript: malloc(bytes) (NULL when it cannot grow), free. */
CLW_EXPORT(clw_alloc) void *clw_alloc(size_t bytes);
CLW_EXPORT(clw_free) void clw_free(void *p);

/* Static strings: the version; the text and the name of a code. */
CLW_EXPORT(clw_version) const char *clw_version(void);
CLW_EXPORT(clw_strerror) const char *clw_strerror(int code);
CLW_EXPORT(clw_err_name) const char *clw_err_name(int code);

/* coinline_solve() with the linear solver: out[CLW_RESULT_WORDS]. */
CLW_EXPORT(clw_solve)
int clw_solve(const int64_t *coins, size_t n, int64_t *out);

/* coinline_best_move() on coins[lo..hi-1], linear: out[CLW_MOVE_WORDS]. */
CLW_EXPORT(clw_best_move)
int clw_best_move(const int64_t *coins, size_t n, size_t lo, size_t hi,
                  int64_t *out);

/* coinline_line(), linear: moves holds n + 1 bytes. */
CLW_EXPORT(clw_line) int clw_line(const int64_t *coins, size_t n, char *moves);

/* The engine: new (into *out), free, play, undo, state (out words). */
CLW_EXPORT(clw_engine_new)
int clw_engine_new(const int64_t *coins, size_t n, coinline_engine_t **out);
CLW_EXPORT(clw_engine_free) void clw_engine_free(coinline_engine_t *e);
CLW_EXPORT(clw_engine_play) int clw_engine_play(coinline_engine_t *e, int side);
CLW_EXPORT(clw_engine_undo) int clw_engine_undo(coinline_engine_t *e);
CLW_EXPORT(clw_engine_state)
int clw_engine_state(coinline_engine_t *e, int64_t *out);

/* Strategies: new from a spec and a seed (into *out), free, and the move
 * at an engine's position (into *side). */
CLW_EXPORT(clw_strategy_new)
int clw_strategy_new(const char *spec, uint64_t seed,
                     coinline_strategy_t **out);
CLW_EXPORT(clw_strategy_free) void clw_strategy_free(coinline_strategy_t *s);
CLW_EXPORT(clw_strategy_move)
int clw_strategy_move(coinline_strategy_t *s, coinline_engine_t *e,
                      int32_t *side);

/* The circular game (linear solver): coinline_circle_margins() into
 * out[2 n] (two words a position); coinline_circle_rotate() into
 * line[n - 1]; coinline_circle_line() (the first position into *first,
 * the moves after it into moves[max(n, 1)]). Its solve is
 * clw_game_solve()'s under the circle's rules. */
CLW_EXPORT(clw_circle_margins)
int clw_circle_margins(const int64_t *coins, size_t n, int64_t *out);
CLW_EXPORT(clw_circle_rotate)
int clw_circle_rotate(const int64_t *coins, size_t n, uint64_t first,
                      int64_t *line);
CLW_EXPORT(clw_circle_line)
int clw_circle_line(const int64_t *coins, size_t n, uint64_t *first,
                    char *moves);

/* coinline_strategy_first(): the strategy's first position on the
 * circle coins[0..n-1] into *position. */
CLW_EXPORT(clw_strategy_first)
int clw_strategy_first(coinline_strategy_t *s, const int64_t *coins, size_t n,
                       uint64_t *position);

/* coinline_analyze(): out[nmoves * CLW_REVIEW_WORDS]; on COINLINE_EMOVE
 * the error's message (NUL-terminated) into message[CLW_ERROR_BYTES]. */
CLW_EXPORT(clw_analyze)
int clw_analyze(const int64_t *coins, size_t n, const char *moves,
                size_t nmoves, int64_t *out, char *message);

/* The table of a short row (n <= COINLINE_TABLE_MAX): V of every run
 * coins[lo..hi-1] into cell lo * n + hi - 1 of v (two words a cell) and
 * its optimal move (0, 1 or 2) into the same cell of move; the cells with
 * hi <= lo are left as they are. */
CLW_EXPORT(clw_table)
int clw_table(const int64_t *coins, size_t n, int64_t *v, uint8_t *move);

/* ---- The best reply to a known opponent ----------------------------------
 *
 * coinline_against_solve() into out[CLW_AGAINST_WORDS]; its exact texts
 * as one string "P1 P2 MARGIN" ("31/4 45/4 -7/2"), malloc'ed, its pointer
 * in out[11]: the caller frees it with clw_free(). */
CLW_EXPORT(clw_against)
int clw_against(const int64_t *coins, size_t n, const char *spec, int seat,
                int64_t *out);

/* coinline_against_line(): moves holds n + 1 bytes. */
CLW_EXPORT(clw_against_line)
int clw_against_line(const int64_t *coins, size_t n, const char *spec, int seat,
                     char *moves);

/* ---- Under any rules -----------------------------------------------------
 *
 * Rules travel as two ints, shape (coinline_shape_t) and score
 * (coinline_score_t); the library checks them (COINLINE_EINVAL). */

/* coinline_rules_parse(): out[0] the shape, out[1] the scoring; on an
 * error the message into message[CLW_ERROR_BYTES]. */
CLW_EXPORT(clw_rules_parse)
int clw_rules_parse(const char *text, int32_t *out, char *message);

/* coinline_rules_name() into name[COINLINE_RULES_STRLEN]. */
CLW_EXPORT(clw_rules_name)
int clw_rules_name(int shape, int score, char *name);

/* coinline_game_solve() (linear) into out[CLW_GAME_WORDS]. */
CLW_EXPORT(clw_game_solve)
int clw_game_solve(int shape, int score, const int64_t *coins, size_t n,
                   int64_t *out);

/* coinline_game_line() (linear): positions[n]. */
CLW_EXPORT(clw_game_line)
int clw_game_line(int shape, int score, const int64_t *coins, size_t n,
                  uint64_t *positions);

/* coinline_positions_text() into buf[size]: the length, or the code. */
CLW_EXPORT(clw_positions_text)
int clw_positions_text(int shape, int score, size_t n,
                       const uint64_t *positions, size_t count, char *buf,
                       size_t size);

/* A game in progress: new (into *out), free, play, undo, state
 * (out[CLW_GSTATE_WORDS]), is_legal, outcome (out[2]), the moves
 * written as text (on an error the message into message[CLW_ERROR_BYTES])
 * and its history (out[coinline_game_moves()]). */
CLW_EXPORT(clw_game_new)
int clw_game_new(int shape, int score, const int64_t *coins, size_t n,
                 coinline_game_t **out);
CLW_EXPORT(clw_game_free) void clw_game_free(coinline_game_t *g);
CLW_EXPORT(clw_game_play) int clw_game_play(coinline_game_t *g, uint64_t p);
CLW_EXPORT(clw_game_undo) int clw_game_undo(coinline_game_t *g);
CLW_EXPORT(clw_game_state)
int clw_game_state(coinline_game_t *g, int64_t *out);
CLW_EXPORT(clw_game_is_legal)
int clw_game_is_legal(const coinline_game_t *g, uint64_t p);
CLW_EXPORT(clw_game_outcome)
int clw_game_outcome(coinline_game_t *g, uint64_t p, int64_t *out);
CLW_EXPORT(clw_game_play_text)
int clw_game_play_text(coinline_game_t *g, const char *text, size_t len,
                       char *message);
CLW_EXPORT(clw_game_history)
uint64_t clw_game_history(const coinline_game_t *g, uint64_t *out);

/* The moves written in text[0..len-1] (coinline_game_play_text() on a
 * game of the coins) as positions into positions[n] and their count into
 * *count; on an error the message into message[CLW_ERROR_BYTES]. */
CLW_EXPORT(clw_text_positions)
int clw_text_positions(int shape, int score, const int64_t *coins, size_t n,
                       const char *text, size_t len, uint64_t *positions,
                       uint64_t *count, char *message);

/* coinline_game_analyze(): out[nmoves * CLW_REVIEW_WORDS]; on
 * COINLINE_EMOVE the message into message[CLW_ERROR_BYTES]. */
CLW_EXPORT(clw_game_analyze)
int clw_game_analyze(int shape, int score, const int64_t *coins, size_t n,
                     const uint64_t *positions, size_t nmoves, int64_t *out,
                     char *message);

/* coinline_strategy_choose(): the strategy's position into *position. */
CLW_EXPORT(clw_strategy_choose)
int clw_strategy_choose(coinline_strategy_t *s, coinline_game_t *g,
                        uint64_t *position);

/* The table of a short row under the rules (coinline_table_new_rules()):
 * cell (start - 1) * n + length - 1 (start 1..n, length 1..n) of a run
 * the table holds gets its value in v (two words) and its best side (1
 * left, 2 right) in side; side is 0 for the other cells (their v is left
 * as it is). For each position p
 * that may be taken first, outcome[p - 1] (two words) its final margin
 * and first_ok[p - 1] = 1 (else 0). *first: the optimal first move. */
CLW_EXPORT(clw_table_rules)
int clw_table_rules(int shape, int score, const int64_t *coins, size_t n,
                    int64_t *v, uint8_t *side, int64_t *outcome,
                    uint8_t *first_ok, uint64_t *first);

/* ---- Several rows ----------------------------------------------------------
 *
 * The rows one after the other in coins, row r holding lens[r] of them
 * (r < k), as coinline_multirow_solve() takes them; rows from 0. */

/* coinline_multirow_solve() into out[CLW_ROWS_WORDS]. */
CLW_EXPORT(clw_multirow_solve)
int clw_multirow_solve(const int64_t *coins, const uint64_t *lens, size_t k,
                       int64_t *out);

/* A game of several rows: new (into *out), free, play, undo, state
 * (out[CLW_RSTATE_WORDS]), the coins row has left (out[0] = lo, out[1] =
 * hi, of the row as given) and the value (out[2]). */
CLW_EXPORT(clw_multirow_new)
int clw_multirow_new(const int64_t *coins, const uint64_t *lens, size_t k,
                     coinline_multirow_game_t **out);
CLW_EXPORT(clw_multirow_free)
void clw_multirow_free(coinline_multirow_game_t *g);
CLW_EXPORT(clw_multirow_play)
int clw_multirow_play(coinline_multirow_game_t *g, size_t row, int side);
CLW_EXPORT(clw_multirow_undo)
int clw_multirow_undo(coinline_multirow_game_t *g);
CLW_EXPORT(clw_multirow_state)
int clw_multirow_state(const coinline_multirow_game_t *g, int64_t *out);
CLW_EXPORT(clw_multirow_row)
int clw_multirow_row(const coinline_multirow_game_t *g, size_t row,
                     int64_t *out);
CLW_EXPORT(clw_multirow_value)
int clw_multirow_value(const coinline_multirow_game_t *g, int64_t *out);

/* coinline_multirow_game_outcome() of the end side of row into out[0..1]. */
CLW_EXPORT(clw_multirow_outcome)
int clw_multirow_outcome(coinline_multirow_game_t *g, size_t row, int side,
                         int64_t *out);

/* coinline_multirow_line(): rows[m] and sides[m] ('L', 'R') of move m, for
 * the n coins in all (sides holds n + 1 bytes). */
CLW_EXPORT(clw_multirow_line)
int clw_multirow_line(const int64_t *coins, const uint64_t *lens, size_t k,
                      uint64_t *rows, char *sides);

#endif
