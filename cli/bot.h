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
#include "compiler.h"
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

/* Starts the command for a new game g (at its start; its coins are not
 * kept after the call), the bot in seat 1 or 2, and sends it the game's
 * first line (docs/protocol.md: "game" or "circle" in the classic forms
 * of the line and the circle under the classic scoring, "rules" in the
 * general form of every other rule set) as far as its pipe takes it
 * without waiting (the rest goes before its first move). A process still
 * running from the last game is stopped first. Returns 0, COINLINE_EINVAL
 * (seat not 1 or 2, rules refused), COINLINE_ENOMEM, or CLI_EFORFEIT (the
 * process could not be created). */
int cli_bot_begin(cli_bot_t *b, coinline_game_t *g, int seat);

/* The bot's move at the position st of the game g (a
 * coinline_choose_fn_t, ctx the bot: coinline_strategy_custom_game()):
 * sends the rest of the first line, an "opp" line for each move played
 * since the bot's last one (L, R or a position in the classic forms, as
 * coinline_positions_text() names them; a position in the general form),
 * and "go", then reads the reply, a position into *position (not played:
 * the bot counts it played before its next turn). Cost: up to move_ms to
 * send, then up to move_ms for the reply. Returns 0, COINLINE_EINVAL (no
 * game, not the bot's turn, or a game that went back), or CLI_EFORFEIT. */
int cli_bot_choose(void *ctx, const coinline_game_t *g,
                   const coinline_game_state_t *st, uint64_t *position);

/* The game is over, or abandoned: sends "end P1 P2" (totals[0] and
 * totals[1], the seats' totals; not sent when totals is NULL or the bot
 * forfeited), closes the bot's input, waits up to CLI_BOT_GRACE_MS for
 * it to exit, kills its process group and reaps it. Accepts a bot with
 * no process. */
void cli_bot_end(cli_bot_t *b, const coinline_i128_t *totals);

/* Why the bot forfeited its current or last game, or NULL. Owned by the
 * bot, valid until its next begin or free. */
const char *cli_bot_verdict(const cli_bot_t *b);

/* ------------------------------------------------------------------------
 * The lines themselves, for a game side of its own (cli/botrows.c: the
 * games of several rows): the process, the lines sent and read with
 * their deadlines, and the verdicts, whatever the game.
 * ---------------------------------------------------------------------- */

/* Starts the command for a new game, as cli_bot_begin() does, and sends
 * it the first line "HEAD V1 ... VN" (head, then " " and each of the
 * count values; values is malloc()ed, NULL when count is 0, and is the
 * bot's to free from now on, whatever is returned) as far as its pipe
 * takes it without waiting. Returns 0, COINLINE_ENOMEM or CLI_EFORFEIT
 * (the process could not be created). */
int cli_bot_start(cli_bot_t *b, const char *head, int64_t *values,
                  size_t count);

/* Asks the bot for its move: sends the lines of before (each ending in a
 * newline; "" for none), then the line "HEAD V1 ... VN" (as
 * cli_bot_start(): values is the bot's to free), and reads its reply
 * line, without its newline and untrimmed, into reply[0..*len-1] (reply
 * holds CLI_BOT_LINE_MAX + 1 bytes or more). Cost: up to move_ms to send,
 * then up to move_ms for the reply. Returns 0, or CLI_EFORFEIT (timed
 * out, ended, too long a line; and at once when it forfeited before). */
int cli_bot_ask(cli_bot_t *b, const char *before, const char *head,
                int64_t *values, size_t count, char *reply, size_t *len);

/* The bot forfeits the game, why (printf-style, at most 200 bytes):
 * for a reply its game side judged bad. Returns CLI_EFORFEIT. */
int cli_bot_refuse(cli_bot_t *b, const char *fmt, ...) COINLINE_PRINTF(2, 3);

/* A reply as the verdicts quote it into dst (size 8 or more): quoted,
 * non-printable bytes as \xNN, cut short with "..." past 40 bytes. */
void cli_bot_quote(char *dst, size_t size, const char *text, size_t len);

#endif
