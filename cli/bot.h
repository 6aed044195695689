/* SPDX-License-Identifier: MIT */
/*
 * bot.h - a player that is a program: a command run with /bin/sh -c for
 * each game, speaking the line protocol of docs/protocol.md on its
 * standard input and output. Used through player.h ("exec:COMMAND").
 *
 * A bot that breaks the protocol forfeits the game: its call returns
 * CLI_EFORFEIT, cli_bot_verdict() says why, and its process group is
 * killed at once. Every wait has a deadline, so no bot can hang coinline;
 * every process is reaped; the descriptors of a game are closed at its
 * end.
 */
#ifndef COINLINE_CLI_BOT_H
#define COINLINE_CLI_BOT_H

#include <stddef.h>
#include <stdint.h>

#include "coinline.h"
#include "player.h"

typedef struct cli_bot cli_bot_t;

/* The longest reply line a bot may send, in bytes, without its newline. */
#define CLI_BOT_LINE_MAX 100

/* How long a bot has to exit after "end", in milliseconds, before its
 * process group is killed. */
#define CLI_BOT_GRACE_MS 200

/* Makes a bot that runs command (copied) for each game, with move_ms
 * milliseconds for each move. Ignores SIGPIPE in coinline from now on (a
 * bot that dies shows as EPIPE). Returns 0, COINLINE_EINVAL (command
 * NULL or blank, move_ms < 1) or COINLINE_ENOMEM. */
int cli_bot_new(const char *command, int64_t move_ms, cli_bot_t **out);

/* Stops the bot's process if one runs, and releases the bot. Accepts
 * NULL. */
void cli_bot_free(cli_bot_t *b);

/* Starts the command for a new game on coins[0..n-1] (not kept after the
 * call), the bot in seat 1 or 2, and sends it the "game" line (with
 * circle, the "circle" line: the coins lie on a circle) as far as its
 * pipe takes it without waiting (the rest goes before its first move). A
 * process still running from the last game is stopped first. Returns 0,
 * COINLINE_EINVAL (seat not 1 or 2), COINLINE_ENOMEM, or CLI_EFORFEIT
 * (the process could not be created). */
int cli_bot_begin(cli_bot_t *b, const int64_t *coins, size_t n, int seat,
                  int circle);

/* A circle's first move, the bot in seat 1: sends the rest of the
 * circle line and "go N", and reads the position it takes into *pos
 * (1..N). Cost: up to move_ms to send, then up to move_ms for the reply.
 * Returns 0, COINLINE_EINVAL (no circle game, or not its move), or
 * CLI_EFORFEIT (not a position, or not on the circle). */
int cli_bot_first(cli_bot_t *b, uint64_t *pos);

/* A circle's first coin was taken at position pos (by the bot or the
 * other player): from now on the game is the line left, on which
 * cli_bot_move() answers with the engine of that line
 * (coinline_circle_rotate()). A bot in seat 2 is told "opp POS" before
 * its next go. Returns 0 or COINLINE_EINVAL (no circle, pos out of
 * range). */
int cli_bot_opening(cli_bot_t *b, uint64_t pos);

/* The bot's move at e's position: sends the rest of the game line, an
 * "opp" line for each move played since the bot's last one, and "go",
 * then reads the reply. On a circle, e is the engine of the line left
 * after the first move (cli_bot_opening()), and a position is one of the
 * circle. Cost: up to move_ms to send, then up to move_ms
 * for the reply. Returns 0 with *side, COINLINE_EINVAL (no game, the
 * position is not one the bot can have reached, or it is not the bot's
 * turn), or CLI_EFORFEIT. */
int cli_bot_move(cli_bot_t *b, coinline_engine_t *e, coinline_side_t *side);

/* The game is over, or abandoned: sends "end P1 P2" (totals[0] and
 * totals[1], the seats' totals; not sent when totals is NULL or the bot
 * forfeited), closes the bot's input, waits up to CLI_BOT_GRACE_MS for
 * it to exit, kills its process group and reaps it. Accepts a bot with
 * no process. */
void cli_bot_end(cli_bot_t *b, const coinline_i128_t *totals);

/* Why the bot forfeited its current or last game, or NULL. Owned by the
 * bot, valid until its next begin or free. */
const char *cli_bot_verdict(const cli_bot_t *b);

#endif
