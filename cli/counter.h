/* SPDX-License-Identifier: MIT */
/*
 * counter.h - the smallest counterexample to a strategy (coinline
 * counter): the first row, in a fixed order, on which the strategy as
 * player 1, against player 2's optimal moves, ends with a final margin
 * below the game's value, i.e. loses points against best play.
 *
 * The order of the rows: fewer coins first; then the smaller largest
 * coin; then the smaller sum; then the dictionary order of the coins
 * (compared from the left). Every row of n coins with values in
 * [min, max] is tried, for n = 1..max_n (even n only with even).
 *
 * Both players are seats of duel (player.h): the strategy is a built-in
 * (a level's name stands for its spec) or a bot ("exec:COMMAND", started
 * for each row); player 2 is "optimal" (the engine's move, ties to the
 * left; a circle's move 1 the smallest optimal position). A strategy with
 * random choices is seeded at the start of every row from the seed and
 * the row's coins, so a row's game is the same each time, whatever rows
 * were tried before it: "loses" means "loses with that seed".
 */
#ifndef COINLINE_CLI_COUNTER_H
#define COINLINE_CLI_COUNTER_H

#include <stddef.h>
#include <stdint.h>

#include "coinline.h"

/* The most coins a row of the search may have, and the widest range of
 * values (max - min). */
#define CLI_COUNTER_N_MAX     64
#define CLI_COUNTER_WIDTH_MAX 1000

/* What is searched. */
typedef struct {
    const char *spec;       /* the strategy (cli_player_valid()) */
    coinline_rules_t rules; /* checked rules */
    int64_t min, max;       /* the coins' values, min <= max, max - min
                             * <= CLI_COUNTER_WIDTH_MAX */
    uint64_t max_n;         /* 1..CLI_COUNTER_N_MAX */
    int even;               /* even numbers of coins only */
    uint64_t seed;          /* the strategy's random choices: with the
                             * row's coins, the seed of each row's */
    int64_t move_ms;        /* a bot's time for each move */
} cli_counter_ask_t;

/* A move of a line, and the scores after it. */
typedef struct {
    uint64_t position;      /* the coin taken, 1-based */
    int64_t coin;           /* its value */
    coinline_side_t side;   /* LEFT, RIGHT, or NONE where any coin could
                             * be taken (a circle's move 1) */
    coinline_i128_t p1, p2; /* the scores after it */
} cli_counter_move_t;

/* What was found. */
typedef struct {
    uint64_t rows;  /* the rows played */
    int64_t *coins; /* the row found (n coins), or NULL */
    size_t n;
    cli_counter_move_t *play;    /* the strategy's game, n moves */
    cli_counter_move_t *best;    /* the optimal line, n moves */
    char *play_text, *best_text; /* both as coinline_positions_text()
                                  * writes them: "LRRL", "5:LRL" */
    coinline_i128_t loss;        /* the points lost: the fall of the final
                                  * margin over the scoring's
                                  * margin_per_loss (points of player 1's
                                  * total under taken) */
    char *verdict;               /* a bot's forfeit: why, or NULL */
} cli_counter_t;

/* Searches the rows of *ask in order and fills *out (to be released by
 * cli_counter_free(), whatever is returned). Cost: a game for each row
 * tried (coinline_game_new() and its moves; a bot's process), up to
 * sum over n of (max - min + 1)^n rows. Returns 1 (found: out->coins),
 * 0 (no row within the bounds loses), a COINLINE_E* code, or
 * CLI_EFORFEIT (a bot broke the protocol on the row out->coins;
 * out->verdict says how). */
int cli_counter_find(const cli_counter_ask_t *ask, cli_counter_t *out);

/* Releases what *c holds; NULL is accepted. */
void cli_counter_free(cli_counter_t *c);

#endif
