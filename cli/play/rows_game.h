/* SPDX-License-Identifier: MIT */
/*
 * rows_game.h - a game of several rows in coinline play: the rows and the
 * library's game over them, a move (a row and an end) with the optimal
 * move at its position, undo, the engine's choice among the legal moves,
 * and the words of play for them (the rows left, a move, a hint, a
 * mistake). play/game.c keeps the moves, the seats and the summary for
 * every game, and asks this file where the game has several rows.
 */
#ifndef COINLINE_CLI_PLAY_ROWS_GAME_H
#define COINLINE_CLI_PLAY_ROWS_GAME_H

#include <stdio.h>

#include "coinline.h"
#include "multirow.h"
#include "player.h"

/* A game of several rows in play. */
typedef struct {
    int64_t *coins;     /* every row's coins, one row after the other */
    uint64_t *lens;     /* each row's count; k rows */
    size_t k;           /* owned: coins and lens */
    cli_rows_game_t G;  /* the library's game over them */
    size_t *row;        /* the row (0-based) of each move played */
    size_t *best_row;   /* the optimal move's row at each move */
    int64_t *best_coin; /* and the coin it would have taken */
} play_rows_t;

/* Starts R on coins and lens[0..k-1] (taken over: R frees them), n coins
 * in all, with room for n moves. Returns 0 or a COINLINE_E* code (then R
 * holds nothing). Cost: coinline_multirow_game_new(), O(n log n). */
int play_rows_start(play_rows_t *R, int64_t *coins, uint64_t *lens, size_t k,
                    size_t n);

/* Releases R. Accepts a zeroed R. */
void play_rows_free(play_rows_t *R);

/* The position reached in the words of a game on positions: to_move,
 * p1, p2, value, final_margin, left (coins left) and best_side. O(1). */
void play_rows_state(const play_rows_t *R, coinline_game_state_t *gs);

/* The player to move takes side of row (0-based) as move number k
 * (0-based): R->row[k], best_row[k] and best_coin[k] are set, *coin is
 * the coin taken and *best the optimal move's end. Returns 0,
 * COINLINE_EMOVE (row >= k rows or empty) or another COINLINE_E* code. */
int play_rows_take(play_rows_t *R, size_t k, size_t row, coinline_side_t side,
                   int64_t *coin, coinline_side_t *best);

/* Takes back the last move. Returns 0 or COINLINE_EINVAL (none). */
int play_rows_undo(play_rows_t *R);

/* 1 if row (0-based) is there and has coins left. O(1). */
int play_rows_live(const play_rows_t *R, size_t row);

/* The row (1-based) step rows (1 or -1) from row cur, round the rows and
 * past the empty ones; cur when every other row is empty. O(k). */
size_t play_rows_step(const play_rows_t *R, size_t cur, int step);

/* The engine's move: player p's choice (cli_player_pick()) among the
 * legal moves, the optimal one first (coinline_multirow_game_moves()),
 * into *row and *side. Cost: O(k). Returns 0 or a COINLINE_E*
 * code. */
int play_rows_choose(play_rows_t *R, cli_player_t *p, size_t *row,
                     coinline_side_t *side);

/* What the hint tells to take: "2R (row 2, right end: 9)", then up to
 * three other moves as good ("; 1L as good", "; 1L, 3R or 2 more as
 * good"). Cost: O(k log n) (every legal move's outcome). */
void play_rows_hint_what(play_rows_t *R, char *what, size_t size);

/* "9 (2R)": the coin move k took and its notation, side its end. */
void play_rows_put_move(FILE *fp, const play_rows_t *R, size_t k,
                        coinline_side_t side, int64_t coin);

/* "took 1 (2L), best was 9 (1R)" for move k, side its end and best the
 * optimal move's. */
void play_rows_put_mistake(FILE *fp, const play_rows_t *R, size_t k,
                           coinline_side_t side, int64_t coin,
                           coinline_side_t best);

/* The moves in the notation, "2R1L1L", moves[0..nmoves-1] their ends
 * ('L' or 'R'). */
void play_rows_put_line(FILE *fp, const play_rows_t *R, const char *moves,
                        size_t nmoves);

/* The board of the line mode: a line per row, "  2: 3 5 9  (2L: 3, 2R:
 * 9)", "  3: empty", its coins elided in the middle past 30 and its rows
 * past 30 (the first and last 10 shown). Cost: O(rows shown). */
void play_rows_put_board(FILE *fp, const play_rows_t *R);

/* The commands of play's line mode on several rows, for help. */
extern const char play_rows_commands[];

/* Why a game of several rows cannot be played with these options, naming
 * the option, or NULL: cli_rows_refusal()'s rules, an engine that is not
 * one of its levels (optimal, random, fallible:P; NULL: two players),
 * and --save (a game record holds one row). */
const char *play_rows_refusal(const coinline_rules_t *rules, const char *engine,
                              int save);

#endif
