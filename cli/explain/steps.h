/* SPDX-License-Identifier: MIT */
/*
 * steps.h - coinline explain --steps: the interval programme's table of
 * a row filled step by step, in the textbook's order (by the length of
 * the run of coins left, then by its start), each cell's recurrence with
 * its numbers, its value and its move; in words or as JSON. The steps
 * are the classic game's (a line, a move scoring the coin it takes);
 * other rules say through their words why theirs are not shown
 * (cli/rules.h, steps_refused).
 */
#ifndef COINLINE_CLI_EXPLAIN_STEPS_H
#define COINLINE_CLI_EXPLAIN_STEPS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "coinline.h"

/* The longest rows whose steps are shown: in words, and as JSON. */
#define CLI_STEPS_WORDS_MAX 30
#define CLI_STEPS_JSON_MAX  COINLINE_TABLE_MAX

/* Why the steps of n coins under rules are not shown (as JSON: json),
 * a sentence into buf of size bytes (256 suffice): the rules' words', or
 * the limit of the row's length and what to use instead; NULL when they
 * are shown. */
const char *cli_steps_refused(const coinline_rules_t *rules, size_t n, int json,
                              char *buf, size_t size);

/* Writes the steps of a[0..n-1] (n no more than the limit above) on fp:
 * in words, folded to 76 columns, the heading, every cell's step, the
 * result and the optimal line; or as JSON {"steps":[{"i","j","best",
 * "margin","move"}, ...]} (i and j 1-based, inclusive; move "left",
 * "right" or "either" on a tie, "left" for one coin). Returns 0 or a
 * COINLINE_E* code, with nothing written. */
int cli_steps_put(const int64_t *a, size_t n, int json, FILE *fp);

#endif
