/* SPDX-License-Identifier: MIT */
/*
 * player.h - who makes the moves of one seat in duel and play: a built-in
 * strategy of the library (optimal, greedy, parity, random, fallible:P)
 * or a bot program speaking docs/protocol.md ("exec:COMMAND"). Every one
 * is a library strategy over a game under any rules
 * (coinline_strategy_choose()): a built-in as the library makes it, a bot
 * through coinline_strategy_custom_game(); a move is a position.
 *
 * A player is made once per match and told when each game begins and
 * ends. A bot is started for each game and stopped after it, so a bot
 * that failed one game starts the next one afresh.
 */
#ifndef COINLINE_CLI_PLAYER_H
#define COINLINE_CLI_PLAYER_H

#include <stddef.h>
#include <stdint.h>

#include "coinline.h"

typedef struct cli_player cli_player_t;

/* A bot broke the protocol and forfeits the game: cli_player_verdict()
 * says how. Below every COINLINE_E* code. */
#define CLI_EFORFEIT (-100)

/* The default time a bot has for one move, in milliseconds. */
#define CLI_BOT_MOVE_MS 2000

/* 1 if spec names a valid player (a built-in strategy, or "exec:" and a
 * non-empty command), else 0. Cost: O(length of spec). */
int cli_player_valid(const char *spec);

/* Makes the player named spec; seed seeds its random choices; move_ms is
 * a bot's time for each move. Returns 0, COINLINE_EINVAL (bad spec) or
 * COINLINE_ENOMEM. *out is owned by the caller (cli_player_free()). */
int cli_player_new(const char *spec, uint64_t seed, int64_t move_ms,
                   cli_player_t **out);

/* Releases the player, stopping its bot if one runs. Accepts NULL. */
void cli_player_free(cli_player_t *p);

/* A new game g (at its start: its rules and coins are read, not kept),
 * this player in seat 1 or 2; seed reseeds the random choices. Starts a
 * bot (stopping the last game's if cli_player_end() was not called) and
 * sends it the game's first line, without waiting. Returns 0,
 * COINLINE_EINVAL (bad seat), COINLINE_ENOMEM, or CLI_EFORFEIT (the bot
 * could not be started: its process could not be created; a command that
 * the shell does not find shows at the bot's first move). */
int cli_player_begin(cli_player_t *p, coinline_game_t *g, int seat,
                     uint64_t seed);

/* The player's move at g's position (whose turn it is), a position, into
 * *position (not played: the caller plays it, before the next call); the
 * moves played since its last move are read from g's history (for a bot:
 * moves only, never taken back). Cost: coinline_strategy_choose(); for a
 * bot, up to move_ms to send it the position, then up to move_ms for its
 * reply. Returns 0, a negative COINLINE_E* code, or CLI_EFORFEIT (and again
 * CLI_EFORFEIT at any later call in the same game). */
int cli_player_choose(cli_player_t *p, coinline_game_t *g, uint64_t *position);

/* The game is over (or abandoned): tells a bot the seats' scores
 * (totals[0] for seat 1, totals[1] for seat 2; NULL: none to tell) and
 * stops it. Cost: for a bot, up to a short grace time for it to exit. */
void cli_player_end(cli_player_t *p, const coinline_i128_t *totals);

/* Why the player forfeited its last game ("timed out: no move within
 * 2000 ms", ...), or NULL if it did not. Owned by the player. */
const char *cli_player_verdict(const cli_player_t *p);

/* The spec the player was made from. */
const char *cli_player_name(const cli_player_t *p);

/* The engine's levels of difficulty (play --level, counter): the spec of
 * level name ("easy" fallible:0.5, "medium" fallible:0.25, "hard"
 * fallible:0.1, "perfect" optimal), or NULL when name is none of them;
 * *label (if label is not NULL) gets the name a game calls that engine,
 * "easy (fallible:0.5)". Cost: O(1). */
const char *cli_player_level(const char *name, const char **label);

/* 1 if spec names a player that cli_player_pick() can ask: optimal,
 * random or fallible:P (the engine's levels). Cost: O(length of spec). */
int cli_player_picks(const char *spec);

/* Which of count legal moves p takes where the legal moves are not two
 * ends (several rows), move 0 being the optimal one, into *index:
 * coinline_strategy_pick() on p's strategy, whose draws follow its seed
 * (cli_player_begin()), so one seed gives one game. Cost: O(1). Returns
 * 0 or COINLINE_EINVAL (count 0, or a player that cli_player_picks()
 * refuses). */
int cli_player_pick(cli_player_t *p, size_t count, size_t *index);

/* 1 if the player is a bot program ("exec:"), else 0. */
int cli_player_is_bot(const cli_player_t *p);

#endif
