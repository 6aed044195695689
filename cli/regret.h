/* SPDX-License-Identifier: MIT */
/*
 * regret.h - analyze --against: a played game judged against a known
 * opponent. For each player, as if the other followed the rule: at each
 * of its moves, what the best reply could have had from there (exact,
 * or expected against a rule with chance) and what the move kept; per
 * player, what it could have had from the start and what it got.
 */
#ifndef COINLINE_CLI_REGRET_H
#define COINLINE_CLI_REGRET_H

#include <stdio.h>

#include "reply.h"

/* The longest game judged: each move solves the coins left, O(n^3) in
 * all. */
#define CLI_REGRET_MAX 600

/* A played line game: coins a[0..n-1], the moves' sides ('L'/'R'),
 * the players' names. */
typedef struct {
    const int64_t *a;
    size_t n;
    const char *moves; /* nmoves letters */
    size_t nmoves;
    const char *name[2];
    uint64_t number; /* the game's */
    const char *spec;
} cli_regret_game_t;

/* Writes the judgement of g on fp: words, or one JSON object and a
 * newline (json). Returns 0 or a COINLINE_E* code (COINLINE_ETOOBIG
 * past CLI_REGRET_MAX coins or the library's limit), with nothing
 * written. */
int cli_regret_put(const cli_regret_game_t *g, int json, FILE *fp);

#endif
