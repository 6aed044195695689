/* SPDX-License-Identifier: MIT */
/*
 * botrows.h - a bot program in a game of several rows: the rows' side of
 * the protocol (docs/protocol.md, "Several rows"), over the lines of
 * bot.h. The first line is "rows SEAT K N1 ... NK C1 ... CN" (the rows'
 * lengths, then all coins, row after row); a move is a position, the
 * 1-based place of its coin among all the coins as sent; "go K M A1 B1
 * ... AM BM" gives the coins left (K), the rows with coins left (M) and
 * the positions of each one's ends, in the order of the rows; "opp P" the
 * other player's move; "end P1 P2" the totals (bot.h).
 */
#ifndef COINLINE_CLI_BOTROWS_H
#define COINLINE_CLI_BOTROWS_H

#include <stddef.h>
#include <stdint.h>

#include "bot.h"
#include "coinline.h"
#include "multirow.h"

/* A bot in a game of several rows: its lines (the caller's, made by
 * cli_bot_new()), its seat, the moves it has been told of. */
typedef struct {
    cli_bot_t *bot;
    int seat;
    uint64_t told;
} cli_botrows_t;

/* The position (1-based among all the coins) of the coin at the given
 * end of row (0-based) now; 0 when the row has no coin left. Cost: O(1). */
uint64_t cli_rows_position(const cli_rows_game_t *G, size_t row,
                           coinline_side_t side);

/* Starts R->bot for the game G at its start (R->bot set by the caller),
 * the bot in seat 1 or 2, and sends it the "rows" line as far as its pipe
 * takes it without waiting. Returns 0, COINLINE_EINVAL (bad seat),
 * COINLINE_ENOMEM, or CLI_EFORFEIT (the process could not be created). */
int cli_botrows_begin(cli_botrows_t *R, const cli_rows_game_t *G, int seat);

/* The bot's move at G's position (its turn), into *row (0-based) and
 * *side, not played (the caller plays it before the next call): sends an
 * "opp" line for each move of the other player among history[R->told ..
 * moves - 1] (the positions of the game's moves so far), then "go", and
 * judges the reply: a position that is an end of a row with coins left.
 * Cost: O(k) for the go line, up to move_ms to send it, then up to
 * move_ms for the reply. Returns 0, COINLINE_EINVAL (not its turn, a
 * game that went back), COINLINE_ENOMEM, or CLI_EFORFEIT (the verdict in
 * cli_bot_verdict()). */
int cli_botrows_choose(cli_botrows_t *R, const cli_rows_game_t *G,
                       const uint64_t *history, uint64_t moves, size_t *row,
                       coinline_side_t *side);

#endif
