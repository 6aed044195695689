/* SPDX-License-Identifier: MIT */
/*
 * circle.h - coinline explain of a circle under the classic scoring:
 * the rules, the result, the best first position and why, the line, and
 * the share player 1 secures (the circle's explanation,
 * cli/rules/circle.c).
 */
#ifndef COINLINE_CLI_EXPLAIN_CIRCLE_H
#define COINLINE_CLI_EXPLAIN_CIRCLE_H

#include "rules.h"

/* Explains x->a[0..x->n-1] as a circle (x->rules, x->shape and x->score
 * unused): the words, or as JSON n, circle, sum, p1, p2, margin, winner,
 * first_move, line (the moves on the line left), first_moves,
 * share_percent, negative_at, four_ninths. Returns 0 or a COINLINE_E*
 * code. */
int cli_explain_circle(const cli_explain_t *x);

#endif
