/* SPDX-License-Identifier: MIT */
/*
 * multireview.h - a game of several rows reviewed move by move (coinline
 * analyze on several rows): each move's final margin against best play's
 * (coinline_multirow_game_outcome()), the points it lost, the best move
 * there; each player's losses and biggest mistakes with the line that
 * punishes them; the result as played, from the position reached and
 * from the start. As text, or as analyze's JSON where its keys fit (a
 * move is a row and a side).
 */
#ifndef COINLINE_CLI_MULTIREVIEW_H
#define COINLINE_CLI_MULTIREVIEW_H

#include <stdio.h>

#include "coinline.h"
#include "wide.h"

/* One move reviewed. Rows are 0-based here (1-based in what is printed). */
typedef struct {
    int player;           /* 1 or 2 */
    size_t row, best_row; /* the move played and the best there */
    coinline_side_t side, best_side;
    int64_t coin, best_coin;
    int optimal;          /* loss == 0 */
    cl_wide loss;         /* points of the mover's final total */
    cl_wide secured;      /* the mover's best total before it */
    cl_wide p1, p2;       /* the totals after it */
    cl_wide final_margin; /* p1 - p2 at the end, best play after */
} cli_rows_move_t;

typedef struct {
    const int64_t *coins; /* the rows, one after the other (not owned) */
    const uint64_t *lens;
    size_t k;
    uint64_t n;              /* coins in all */
    const char *moves;       /* the moves played, in the rows' notation */
    size_t nmoves;           /* filled by cli_rows_review_run(): */
    cli_rows_move_t *r;      /* one review a move */
    cl_wide sum, best_final; /* the coins' sum; p1 - p2 with best play
                              * from the start */
} cli_rows_review_t;

/* Reviews the moves of text (the notation of cli/multirow.h: "2R 1L")
 * on the rows coins, lens[0..k-1] into *R. On COINLINE_EMOVE, *err says
 * which move does not fit and why, at its column in text. Returns 0 or a
 * COINLINE_E* code (then nothing is left to free). */
int cli_rows_review_run(cli_rows_review_t *R, const int64_t *coins,
                        const uint64_t *lens, size_t k, const char *text,
                        coinline_error_t *err);

/* Releases what cli_rows_review_run() made. Accepts a zeroed R. */
void cli_rows_review_free(cli_rows_review_t *R);

/* The review as analyze's text: the moves' table, each player's losses
 * and top biggest mistakes (each with up to 8 moves of the best play that
 * punishes it), the result. Returns 0 or a COINLINE_E* code. */
int cli_rows_review_text(const cli_rows_review_t *R, uint64_t number,
                         size_t top, FILE *fp);

/* The review as one JSON object and a newline: game, n, rows, players,
 * moves (move, player, row, side, coin, best {row, side, coin},
 * best_coin, optimal, loss, secured, p1, p2, final_margin), summary
 * (finished, p1, p2, margin, winner, best_p1, best_p2, lost, mistakes,
 * forfeit). */
void cli_rows_review_json(const cli_rows_review_t *R, uint64_t number,
                          FILE *fp);

#endif
