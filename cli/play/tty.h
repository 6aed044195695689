/* SPDX-License-Identifier: MIT */
/*
 * tty.h - the full-screen game on a terminal, and the quitting-signal
 * policy that the line mode shares.
 */
#ifndef COINLINE_CLI_PLAY_TTY_H
#define COINLINE_CLI_PLAY_TTY_H

#include "session.h"

/* The full-screen game on the terminal; returns the exit
 * status. */
int play_tty(play_session_t *S);

/* The line mode's quitting signals (SIGTERM, SIGHUP, SIGINT, SIGQUIT):
 * with on, a first one is only noted (play_quit_signal()) and interrupts
 * the read of a command; a second one ends the process. With 0, the
 * handlers of before. */
void play_catch_quit(int on);

/* The quitting signal that came, or 0. */
int play_quit_signal(void);

/* If a quitting signal ended the session (either mode), dies of it now
 * that everything is written; else returns. */
void play_tty_reraise(void);

#endif
