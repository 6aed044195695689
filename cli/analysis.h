/* SPDX-License-Identifier: MIT */
/*
 * analysis.h - a reviewed game: the model behind analyze's text, JSON
 * and chart, and behind POST /api/analyze.
 */
#ifndef COINLINE_CLI_ANALYSIS_H
#define COINLINE_CLI_ANALYSIS_H

#include <stdio.h>

#include "coinline.h"
#include "wide.h"

typedef struct {
    uint64_t number;      /* the game's number */
    const char *name[2];  /* the players */
    const int64_t *coins; /* the row (not owned) */
    size_t n;
    const char *moves; /* 'L'/'R' (not owned) */
    size_t nmoves;
    coinline_move_review_t *r; /* one review per move */
    size_t *lo, *hi;           /* coins left before move k: [lo[k], hi[k]) */
    coinline_result_t best;    /* best play from the start */
    int forfeit_seat;          /* 1 or 2: that player forfeited (a game
                                * record's "forfeit" key), else 0 */
    const char *verdict;       /* why, when forfeit_seat != 0 */
} analysis_t;

/* Reviews the game; on COINLINE_EMOVE, *err (if not NULL) says which
 * move is bad (coinline_analyze()). Returns 0 or a negative code. */
int analysis_run(analysis_t *A, coinline_error_t *err);

/* Releases what analysis_run() allocated. */
void analysis_free(analysis_t *A);

/* Writes the review as one JSON object and a newline (analyze --json):
 * integers exact when safe is 0; when safe is not 0, those past 2^53 as
 * strings (cli_put_json_int(); coinline serve). */
void analysis_json(const analysis_t *A, FILE *fp, int safe);

/* The points player p (0 or 1) lost over the game, and in how many
 * moves (*moves). */
cl_wide analysis_points_lost(const analysis_t *A, int p, size_t *moves);

#endif
