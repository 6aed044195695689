/* SPDX-License-Identifier: MIT */
/*
 * analysis.h - a reviewed game: the model behind analyze's text, JSON
 * and chart, and behind POST /api/analyze.
 *
 * A game is rules + coins + moves as positions (the 1-based position of
 * the coin each move took), under any rules: the reviews are
 * coinline_game_analyze()'s, review k is move k + 1, by player k % 2 + 1;
 * best play is the game's (coinline_game_solve(), coinline_game_state()),
 * and what the rules say differently is in their words (cli/rules.h).
 */
#ifndef COINLINE_CLI_ANALYSIS_H
#define COINLINE_CLI_ANALYSIS_H

#include <stdio.h>

#include "coinline.h"
#include "rules.h"
#include "wide.h"

typedef struct {
    /* Given by the caller: */
    uint64_t number;           /* the game's number */
    const char *name[2];       /* the players */
    coinline_rules_t rules;    /* checked (coinline_rules_check()) */
    const int64_t *coins;      /* from position 1 (not owned) */
    size_t n;                  /* coins */
    const uint64_t *positions; /* the moves played (not owned) */
    size_t nmoves;
    int last_right;      /* 1 when the last coin, taken alone by move
                          * n, was written R (its side as written;
                          * analysis_written_right()) */
    int forfeit_seat;    /* 1 or 2: that player forfeited (a game
                          * record's "forfeit" key), else 0 */
    const char *verdict; /* why, when forfeit_seat != 0 */
    /* Filled by analysis_run(): */
    coinline_move_review_t *r;   /* one review per move */
    coinline_game_result_t best; /* best play from the start: its
                                  * margin, its first move, and the
                                  * scores along the line the tool plays */
} analysis_t;

/* The moves of text (coinline_game_play_text()'s forms: L and R, the
 * positions "5 1 4", a circle's "5:LRL") of a game under rules on
 * coins[0..n-1] as positions into *positions (allocated; free() it) and
 * *count. On COINLINE_EMOVE, *err says which move is bad, at its column
 * in text: in the shape's own notation as the shape says it
 * (moves_error, cli/rules.h), else as the library does. Returns 0 or a
 * negative code. */
int analysis_read_moves(const coinline_rules_t *rules, const int64_t *coins,
                        size_t n, const char *text, uint64_t **positions,
                        size_t *count, coinline_error_t *err);

/* 1 when the last move written in text[0..len-1] is R or r (blanks
 * after it ignored): the side a game's last coin was taken from, which
 * its position does not tell. */
int analysis_written_right(const char *text, size_t len);

/* Reviews the game; on COINLINE_EMOVE, *err (if not NULL) says which
 * move is bad (coinline_game_analyze(): column k + 1 for positions[k]).
 * Returns 0 or a negative code. */
int analysis_run(analysis_t *A, coinline_error_t *err);

/* Releases what analysis_run() allocated. */
void analysis_free(analysis_t *A);

/* The moves played, that is the reviews. */
size_t analysis_count(const analysis_t *A);

/* The words of the game's shape and scoring. */
const cli_shape_words_t *analysis_shape(const analysis_t *A);
const cli_score_words_t *analysis_score(const analysis_t *A);

/* A coin taken, in the words of analyze's text and chart (the shape's
 * coin_words: "5 (right)"; "9 (at 5)", "2 (left, at 4)"). Writes at
 * most size bytes to buf (64 suffice) and returns buf. */
const char *analysis_coin_words(const analysis_t *A, int64_t coin,
                                coinline_side_t side, uint64_t position,
                                char *buf, size_t size);

/* Best play from the position after the first `played` moves to the end
 * of the game: the positions of its moves (the first max of them into
 * positions, which may be NULL when max is 0), the margin p1 - p2 after
 * each (margins[0]: at that position, margins[k] after k moves of best
 * play; NULL, or room for the moves left + 1), and the scores at the end
 * into *p1, *p2 (either may be NULL). Returns the number of moves of
 * best play (the coins left), or a negative code. */
long analysis_best_line(const analysis_t *A, size_t played, size_t max,
                        uint64_t *positions, coinline_i128_t *margins,
                        coinline_i128_t *p1, coinline_i128_t *p2);

/* Writes the review as one JSON object and a newline (analyze --json):
 * integers exact when safe is 0; when safe is not 0, those past 2^53 as
 * strings (cli_put_json_int(); coinline serve). After "n", the rules'
 * keys (cli_rules_put_json()) and, where move 1 may take any coin (a
 * circle), "first_move" (the position move 1 took, null before it) and
 * "best_first_move" in the summary; every review has "position" and
 * "best_position". */
void analysis_json(const analysis_t *A, FILE *fp, int safe);

/* The points player p (0 or 1) lost over the game, and in how many
 * moves (*moves). */
cl_wide analysis_points_lost(const analysis_t *A, int p, size_t *moves);

#endif
