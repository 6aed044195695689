/* SPDX-License-Identifier: MIT */
/*
 * rows.h - coinline explain of a game of several rows (a move takes an
 * end coin of any row): the rule, why each row may be fused on its own,
 * each row's fusions, the fused values sorted and taken in turn, the
 * value and the totals, the first move by the block rule and why, and
 * the optimal line.
 */
#ifndef COINLINE_CLI_EXPLAIN_ROWS_H
#define COINLINE_CLI_EXPLAIN_ROWS_H

#include <stdio.h>

#include "coinline.h"

/* Explains the rows coins, lens[0..k-1] (one after the other, as
 * coinline_multirow_solve() takes them) on fp: in words folded as every
 * explanation is (cli/explain/tell.c), or as one JSON object with the
 * same facts (json): n, rows, sum, p1, p2, margin, winner, fused (each
 * row's coins, fusions, values, spans), sorted (value, row, player),
 * first_move (row, side, coin, value, coins) and line. Returns 0 or a
 * COINLINE_E* code (nothing written). */
int cli_explain_rows(const int64_t *coins, const uint64_t *lens, size_t k,
                     int json, FILE *fp);

#endif
