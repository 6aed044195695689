/* SPDX-License-Identifier: MIT */
/*
 * line.h - the line mode of coinline play: commands read from standard
 * input, plain lines out, so that games can be scripted.
 */
#ifndef COINLINE_CLI_PLAY_LINE_H
#define COINLINE_CLI_PLAY_LINE_H

#include "session.h"

/* The first game, then the commands of standard input until quit or its
 * end (mid-game: said, exit 1), or a quitting signal (the game is left as
 * quit leaves it; the caller then dies of it: play_tty_reraise()).
 * Returns the exit status. */
int play_line(play_session_t *S);

#endif
