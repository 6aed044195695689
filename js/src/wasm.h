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
    CLW_CIRCLE_WORDS = 11, /* n, sum(2), p1(2), p2(2), margin(2), winner,
                            * first (the position, 1-based; 0: none) */
    CLW_REVIEW_WORDS = 17, /* number, player, side, coin, best, best_coin,
                            * optimal, loss(2), secured(2), p1(2), p2(2),
                            * final_margin(2) */
    CLW_ERROR_BYTES = 384  /* the message of an error: see clw_analyze() */
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

/* The circular game (linear solver): coinline_circle_solve() into
 * out[CLW_CIRCLE_WORDS]; coinline_circle_margins() into out[2 n] (two
 * words a position); coinline_circle_rotate() into line[n - 1];
 * coinline_circle_line() (the first position into *first, the moves
 * after it into moves[max(n, 1)]). */
CLW_EXPORT(clw_circle_solve)
int clw_circle_solve(const int64_t *coins, size_t n, int64_t *out);
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

#endif
