/* SPDX-License-Identifier: MIT */
/*
 * board.h - the coins of the full-screen game (play/tty.c) as lines of
 * text with ANSI escapes: a row, wrapped or elided; a circle as a ring
 * round an ellipse when it fits, else as a line with its gap marked.
 */
#ifndef COINLINE_CLI_PLAY_BOARD_H
#define COINLINE_CLI_PLAY_BOARD_H

#include <stdint.h>
#include <stdio.h>

#include "game.h"

/* The escape of seat's colour (green for seat 0, magenta for seat 1),
 * or "" without colours. */
const char *play_seat_color(int color, int seat);

/* Writes the board of game g into fp: at most rows lines (each ending in
 * '\n'), each at most cols characters wide (escapes take no room), with
 * colours when color is set. The coins left are bold, the ends of the
 * line left reversed, taken coins dim in the colour of who took them. A
 * row: whole and wrapped when it fits, else the coins left with the
 * middle elided (one line). A circle: a ring, positions numbered ("#3"),
 * taken coins shown as '.', the ends (or the cursor) in brackets, when
 * it fits; else a line from the first coin
 * taken, the line left in brackets and the gap around it. Before a
 * circle's first move, cursor (1..n) is the coin marked. Several rows: a
 * line a row (play/rows_board.c), cursor the row chosen. A ring takes
 * fewer than rows lines when a smaller one fits. Returns the number of
 * lines written. Cost: O(n + rows * cols). */
int play_board(play_game_t *g, int rows, int cols, int color, uint64_t cursor,
               FILE *fp);

#endif
