/* SPDX-License-Identifier: MIT */
/*
 * rowplayer.h - who makes the moves of one seat in a game of several rows
 * (duel): a built-in strategy (optimal, greedy, random, fallible:P) or a
 * bot program ("exec:COMMAND", the protocol's rows, botrows.h). A move
 * is a row (0-based) and an end. "parity" has no meaning on several rows
 * (the index parity is that of one row's coins): it is refused, by
 * cli_rowplayer_refusal(), before any game.
 *
 *   optimal     the block rule's move (the state's best_row, best_side:
 *               coinline_multirow_solve()'s first move at every position);
 *   greedy      the largest end coin of all rows, the lowest row then the
 *               left end on a tie;
 *   random      any legal move, each as likely (a row of one coin is one
 *               move);
 *   fallible:P  optimal, but a random move (as random's) with
 *               probability P (coinline_strategy_pick(): the same draws
 *               as play's engine on several rows).
 *
 * A player is made once per match and told when each game begins and
 * ends; a bot is started for each game and stopped after it.
 */
#ifndef COINLINE_CLI_ROWPLAYER_H
#define COINLINE_CLI_ROWPLAYER_H

#include <stddef.h>
#include <stdint.h>

#include "coinline.h"
#include "multirow.h"

typedef struct cli_rowplayer cli_rowplayer_t;

/* Why the player spec (valid for cli_player_valid()) cannot play several
 * rows, naming it; NULL when it can. Cost: O(length of spec). */
const char *cli_rowplayer_refusal(const char *spec);

/* Makes the player named spec (refused by none of the above); move_ms is
 * a bot's time for each move. Returns 0, COINLINE_EINVAL or
 * COINLINE_ENOMEM. *out is the caller's (cli_rowplayer_free()). */
int cli_rowplayer_new(const char *spec, int64_t move_ms, cli_rowplayer_t **out);

/* Releases the player, stopping its bot if one runs. Accepts NULL. */
void cli_rowplayer_free(cli_rowplayer_t *p);

/* A new game G (at its start), this player in seat 1 or 2, seed its
 * random choices. A bot is started and sent the "rows" line. Returns 0,
 * COINLINE_EINVAL, COINLINE_ENOMEM, or CLI_EFORFEIT (the bot's process
 * could not be created). */
int cli_rowplayer_begin(cli_rowplayer_t *p, const cli_rows_game_t *G, int seat,
                        uint64_t seed);

/* The player's move at G's position (its turn) into *row and *side, not
 * played; history[0..moves-1] are the positions (1-based among all the
 * coins) of the moves played so far (a bot is told the other's). Cost:
 * O(1) for optimal, O(k) time and memory for the others (k rows); a
 * bot's as cli_botrows_choose(). Returns 0, a COINLINE_E* code, or
 * CLI_EFORFEIT. */
int cli_rowplayer_choose(cli_rowplayer_t *p, const cli_rows_game_t *G,
                         const uint64_t *history, uint64_t moves, size_t *row,
                         coinline_side_t *side);

/* The game is over (or abandoned): a bot is told the totals (NULL: none)
 * and stopped. */
void cli_rowplayer_end(cli_rowplayer_t *p, const coinline_i128_t *totals);

/* Why the player forfeited its last game, or NULL. */
const char *cli_rowplayer_verdict(const cli_rowplayer_t *p);

#endif
