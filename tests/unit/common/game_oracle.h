/* SPDX-License-Identifier: MIT */
/*
 * An independent reference for the game under any rules (a shape and a
 * scoring, coinline_rules_t), written from the definitions in native
 * 128-bit arithmetic; nothing here calls the library's solvers or knows
 * its reduction of one scoring to another.
 *
 * Two of them:
 *  - the interval programme over arcs: the coins left are always the arc
 *    of len coins clockwise from index start (a line's never wraps), and
 *    W(start, len), the mover's best own-minus-other's from there, is
 *    max over its two ends of (the move's score - W(what it leaves)):
 *    LeetCode 1690's recurrence under REMAINING, the classic one under
 *    TAKEN; a circle's move 1 takes any coin and leaves an arc of n - 1;
 *  - exhaustive minimax over the sets of coins taken (small n), where a
 *    coin may be taken when it is left and next to a taken coin or to
 *    the line's edge (a circle: any coin while none is taken).
 */
#ifndef COINLINE_TEST_GAME_ORACLE_H
#define COINLINE_TEST_GAME_ORACLE_H

#include <stddef.h>
#include <stdint.h>

#include "coinline.h"
#include "i128.h"

/* A position: any coin may be taken (a circle's move 1), or the arc. */
typedef struct {
    int any;
    size_t start, len;
} opos_t;

typedef struct {
    coinline_rules_t rules;
    const int64_t *a;
    size_t n;
    i128 *w;   /* w[start * (n + 1) + len]: W of the arc */
    i128 *pre; /* pre[i]: the sum of a[k mod n] for k < i, i <= 2n */
} ogame_t;

/* The programme over every arc of a[0..n-1] (a must outlive it). Aborts
 * the test program when memory runs out. */
void ogame_init(ogame_t *o, const coinline_rules_t *rules, const int64_t *a,
                size_t n);
void ogame_free(ogame_t *o);

/* The start of the game; the coins left at p; legal moves. */
opos_t ogame_start(const ogame_t *o);
i128 ogame_left_sum(const ogame_t *o, opos_t p);
int ogame_legal(const ogame_t *o, opos_t p, uint64_t position);
/* The position after the legal move position. */
opos_t ogame_take(const ogame_t *o, opos_t p, uint64_t position);
/* What the legal move position scores at p, and its worth to the mover
 * (its score minus W of what it leaves). */
i128 ogame_gain(const ogame_t *o, opos_t p, uint64_t position);
i128 ogame_worth(const ogame_t *o, opos_t p, uint64_t position);
/* W at p, and its optimal move: the left end (the arc's first coin) on
 * a tie, the smallest position where any coin may be taken; 0 when no
 * coin is left. */
i128 ogame_value(const ogame_t *o, opos_t p);
uint64_t ogame_best(const ogame_t *o, opos_t p);
/* The ends of the arc (positions), 0 and 0 where any coin may be taken
 * or none is left. */
void ogame_ends(const ogame_t *o, opos_t p, uint64_t *left, uint64_t *right);

/* The optimal line from the start (ties as ogame_best()) into
 * positions[0..n-1], and the scores along it. */
void ogame_line(const ogame_t *o, uint64_t *positions, i128 *p1, i128 *p2);

/* Exhaustive minimax from the definition, n <= 16: W of the whole game
 * for player 1 and its optimal first move (ties: as ogame_best()). */
i128 ominimax(const coinline_rules_t *rules, const int64_t *a, size_t n,
              uint64_t *best);

#endif
