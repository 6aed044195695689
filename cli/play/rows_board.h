/* SPDX-License-Identifier: MIT */
/*
 * rows_board.h - the rows of a game of several rows on the full screen
 * (play/tty.c, through play/board.c), a line each, with ANSI escapes.
 */
#ifndef COINLINE_CLI_PLAY_ROWS_BOARD_H
#define COINLINE_CLI_PLAY_ROWS_BOARD_H

#include <stdio.h>

#include "rows_game.h"

/* Writes the rows of R into fp, at most lines lines (each ending in
 * '\n'), each at most cols characters wide (escapes take no room): " > 2:
 * [3 5 9]" with the row chosen, cursor (1-based), marked '>', the ends of
 * each row reversed, its middle elided when it is too wide, an empty row
 * "-", and past lines rows a window that holds the cursor. Returns the
 * number of lines written. Cost: O(rows shown * cols). */
int play_rows_board(const play_rows_t *R, int lines, int cols, size_t cursor,
                    FILE *fp);

#endif
