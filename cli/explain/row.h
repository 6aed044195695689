/* SPDX-License-Identifier: MIT */
/*
 * row.h - coinline explain of a row under the classic rules: the
 * result, the optimal line, why the first move, and how the greedy and
 * the parity strategies fare as player 1 against best play (the line's
 * explanation, cli/rules/line.c).
 */
#ifndef COINLINE_CLI_EXPLAIN_ROW_H
#define COINLINE_CLI_EXPLAIN_ROW_H

#include "rules.h"

/* Explains x->a[0..x->n-1] as a row (x->rules, x->shape and x->score
 * unused). Returns 0 or a COINLINE_E* code. */
int cli_explain_row(const cli_explain_t *x);

#endif
