/* SPDX-License-Identifier: MIT */
/*
 * multirow.h - a game of several rows as the tool tells it: a move's words
 * ("row 2, right end (9)") and notation ("2R"), the rows left, --moves in
 * that notation, and the options of the classic game that several rows
 * refuse, said once for every command.
 *
 * The notation: a move is its row, numbered from 1, then L or R (either
 * case) for its end: "2R". A line is its moves one after the other, as
 * the tool writes it ("2R1L1L"); --moves also takes blanks or commas
 * between them ("2R 1L", "2r,1l").
 */
#ifndef COINLINE_CLI_MULTIROW_H
#define COINLINE_CLI_MULTIROW_H

#include <stdio.h>

#include "coinline.h"

/* A game of several rows in progress, with where each row starts among
 * the coins (the coins and lens are the caller's, and must outlive it). */
typedef struct {
    const int64_t *coins;
    const uint64_t *lens;
    size_t k;
    uint64_t *start; /* start[r]: row r's first coin in coins */
    coinline_multirow_game_t *g;
} cli_rows_game_t;

/* Starts the game of the rows coins, lens[0..k-1]. Returns 0 or a
 * COINLINE_E* code (then nothing is left to free). */
int cli_rows_game_new(cli_rows_game_t *G, const int64_t *coins,
                      const uint64_t *lens, size_t k);

/* Releases what cli_rows_game_new() made. Accepts a zeroed G. */
void cli_rows_game_free(cli_rows_game_t *G);

/* The coin at the given end of row (0-based) now; 0 when it is empty. */
int64_t cli_rows_game_coin(const cli_rows_game_t *G, size_t row,
                           coinline_side_t side);

/* Whether the row (0-based) has one coin left. */
int cli_rows_game_last_of_row(const cli_rows_game_t *G, size_t row);

/* The words of options that several rows do not take: a circle, a
 * scoring other than taken, --against, a solver other than linear. NULL
 * when the options fit, else why, naming the option. */
const char *cli_rows_refusal(const coinline_rules_t *rules, const char *against,
                             coinline_algo_t algo);

/* "row 2, right end (9)", row 0-based. */
void cli_rows_put_move(FILE *fp, size_t row, coinline_side_t side,
                       int64_t coin);

/* {"row":2,"side":"right","coin":9}, or null for no move (side NONE). */
void cli_rows_put_move_json(FILE *fp, size_t row, coinline_side_t side,
                            int64_t coin);

/* The move's notation, "2R", into buf (at least 24 bytes); its length. */
int cli_rows_notation(char *buf, size_t row, coinline_side_t side);

/* The coins each row has left, '/' between rows, '-' for an empty row;
 * a row longer than show coins, or more than show rows, is shown in part
 * with the count of the rest. */
void cli_rows_put_left(FILE *fp, const cli_rows_game_t *G, size_t show);

/* --moves in the notation above: checks its words only (rows are checked
 * against each game). Returns 0, or COINLINE_EMOVE with *err (line 1, the
 * column of the bad move, and why). */
int cli_rows_check_moves(const char *text, coinline_error_t *err);

/* Plays the moves of text on G. Returns 0, COINLINE_EMOVE with *err (the
 * move that does not fit: its words, a row that is not there or has no
 * coin left), or another COINLINE_E* code. */
int cli_rows_play_moves(cli_rows_game_t *G, const char *text,
                        coinline_error_t *err);

#endif
