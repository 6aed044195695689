/* SPDX-License-Identifier: MIT */
/*
 * analysis.h - a reviewed game: the model behind analyze's text, JSON
 * and chart, and behind POST /api/analyze.
 *
 * A row game: coins, moves. A circular game (the pizza game): set circle
 * to 1 and first to the position move 1 took (1..n; 0: not played, and
 * then no moves); moves are then moves 2, 3, ... on the line left. The
 * reviews (analysis_count() of them) are coinline_analyze()'s or
 * coinline_circle_analyze()'s: review k is move k + 1, by player
 * k % 2 + 1, in both games.
 */
#ifndef COINLINE_CLI_ANALYSIS_H
#define COINLINE_CLI_ANALYSIS_H

#include <stdio.h>

#include "coinline.h"
#include "wide.h"

typedef struct {
    /* Given by the caller: */
    uint64_t number;      /* the game's number */
    const char *name[2];  /* the players */
    const int64_t *coins; /* the row, or the circle from position 1 (not
                           * owned) */
    size_t n;
    const char *moves; /* 'L'/'R' (not owned); on a circle, after move 1 */
    size_t nmoves;
    int circle;          /* 1: a circular game */
    uint64_t first;      /* on a circle, the position move 1 took, 0: none */
    int forfeit_seat;    /* 1 or 2: that player forfeited (a game
                          * record's "forfeit" key), else 0 */
    const char *verdict; /* why, when forfeit_seat != 0 */
    /* Filled by analysis_run(): */
    coinline_move_review_t *r; /* one review per move */
    const int64_t *line;       /* the coins lo and hi index: the row, or
                                * on a circle the line left after move 1
                                * (coinline_circle_rotate()) */
    size_t *lo, *hi;           /* the coins left before review k (k up to
                                * analysis_count()): line[lo[k]..hi[k]-1];
                                * on a circle from k = 1 (after move 1) */
    coinline_result_t best;    /* best play from the start (on a circle:
                                * its totals, margin and winner; its
                                * first_move is NONE) */
    uint64_t best_first;       /* on a circle, the optimal first position
                                * (0 when n == 0) */
    int64_t *rotated;          /* what line points to on a circle (owned) */
} analysis_t;

/* Reviews the game; on COINLINE_EMOVE, *err (if not NULL) says which
 * move is bad (coinline_analyze(), coinline_circle_analyze(): its column
 * is in the moves, 0 for a first position past n). Returns 0 or a
 * negative code. */
int analysis_run(analysis_t *A, coinline_error_t *err);

/* Releases what analysis_run() allocated. */
void analysis_free(analysis_t *A);

/* The moves played, that is the reviews: nmoves, and move 1 of a circle
 * when first > 0. */
size_t analysis_count(const analysis_t *A);

/* A coin taken, in the words of analyze's text and chart: "5 (right)"
 * on a row; on a circle "9 (at 5)" for move 1 (side NONE) and "2 (left,
 * at 4)" after it. Writes at most size bytes to buf (64 suffice) and
 * returns buf. */
const char *analysis_coin_words(const analysis_t *A, int64_t coin,
                                coinline_side_t side, uint64_t position,
                                char *buf, size_t size);

/* Writes the review as one JSON object and a newline (analyze --json):
 * integers exact when safe is 0; when safe is not 0, those past 2^53 as
 * strings (cli_put_json_int(); coinline serve). A circle adds
 * "circle":true and "first_move" (the position move 1 took, null before
 * it) after "n", and "best_first_move" to the summary; every review has
 * "position" and "best_position". */
void analysis_json(const analysis_t *A, FILE *fp, int safe);

/* The points player p (0 or 1) lost over the game, and in how many
 * moves (*moves). */
cl_wide analysis_points_lost(const analysis_t *A, int p, size_t *moves);

#endif
