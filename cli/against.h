/* SPDX-License-Identifier: MIT */
/*
 * against.h - the best reply to a known opponent as the tool says it
 * (solve --against): the rule's name checked once, the result as the
 * classic answer when it is exact, and the expected values (fractions
 * with their decimals) when the rule is random.
 */
#ifndef COINLINE_CLI_AGAINST_H
#define COINLINE_CLI_AGAINST_H

#include <stdio.h>

#include "coinline.h"

/* The opponent: its rule (coinline_against_solve()'s spec) and seat. */
typedef struct {
    const char *spec; /* NULL: no --against */
    int seat;         /* 1 or 2 */
} cli_against_t;

/* 1 when spec names a rule coinline_against_solve() takes. */
int cli_against_known(const char *spec);

/* The answer for coins[0..n-1] as the classic calls give it (exact
 * results only): sum, totals, margin, winner, first (the replier's first
 * move when it moves first: 1 or n; else 0). */
coinline_game_result_t cli_against_result(const coinline_against_t *r,
                                          const int64_t *coins, size_t n,
                                          const cli_against_t *A);

/* ,"against":"greedy","against_seat":2 (and ,"expected":true for
 * expected values) for a JSON object. */
void cli_against_put_json(FILE *fp, const cli_against_t *A, int expected);

/* An expected answer (r not exact) for game number game, coins[0..n-1]: one
 * JSON object, or player 1's expected total ("47/4 (11.75)"; both: then
 * player 2's). */
void cli_against_put_expected(FILE *fp, uint64_t game, const int64_t *coins,
                              size_t n, const cli_against_t *A,
                              const coinline_against_t *r, int json, int both);

/* The line about the opponent for the words form: "  Player 2 plays
 * greedy; player 1 replies as well as it can." */
void cli_against_put_words(FILE *fp, const cli_against_t *A);

#endif
