/* SPDX-License-Identifier: MIT */
/*
 * any.h - coinline explain under any rules: the rules, the result, the
 * recursion, every first move's margin, the line with the scores, and
 * the table of a short row (the explanation of a scoring without
 * classic ones: cli/rules/remaining.c).
 */
#ifndef COINLINE_CLI_EXPLAIN_ANY_H
#define COINLINE_CLI_EXPLAIN_ANY_H

#include "rules.h"

/* Explains x->a[0..x->n-1] under x->rules in the words of x->shape and
 * x->score: the words, or as JSON n, the rules' keys, sum, p1, p2,
 * margin, winner, first_move, line, first_moves and table (null past 10
 * coins). Returns 0 or a COINLINE_E* code. */
int cli_explain_any(const cli_explain_t *x);

#endif
