/* SPDX-License-Identifier: MIT */
/*
 * versus.h - coinline explain --against: the game of the best reply to
 * a known opponent told move by move, and at each of the replier's moves
 * that is not the optimal one, why: what optimal play takes and guards
 * against, what the rule will do instead, and the totals each way; for
 * a rule with chance, each first move's expected totals (no line).
 */
#ifndef COINLINE_CLI_EXPLAIN_VERSUS_H
#define COINLINE_CLI_EXPLAIN_VERSUS_H

#include <stdio.h>

#include "against.h"

/* The most differences from optimal play told (each costs a solve of
 * the coins left). */
#define CLI_AGAINST_TOLD 20

/* Explains a[0..n-1] against A (its rule known, the classic game) on
 * fp: in words folded to 76 columns, or as one JSON object (json).
 * Returns 0 or a COINLINE_E* code (COINLINE_ETOOBIG past the library's
 * limit), with nothing written. */
int cli_explain_against(const int64_t *a, size_t n, const cli_against_t *A,
                        int json, FILE *fp);

#endif
