/* SPDX-License-Identifier: MIT */
/*
 * game.h - one game of coinline play, shared by the line mode (line.c)
 * and the full-screen mode (tty.c): the row, the moves played and what
 * each cost, the engine's replies, hints and undo, and the end summary
 * as text, JSON and a game record.
 */
#ifndef COINLINE_CLI_PLAY_GAME_H
#define COINLINE_CLI_PLAY_GAME_H

#include <stdio.h>

#include "coinline.h"
#include "player.h"
#include "wide.h"

typedef struct {
    /* set by the caller before play_game_start() */
    uint64_t number;     /* the game's number in the session, from 1 */
    int person[2];       /* seat 1 / seat 2 is a person */
    const char *name[2]; /* how each seat is called ("you", "optimal") */
    cli_player_t *bot;   /* the engine's player (NULL: two people) */
    uint64_t seed;       /* seeds the engine's random choices */

    /* the game */
    int64_t *coins; /* the row, owned */
    size_t n;
    coinline_engine_t *e;
    char *moves;           /* 'L'/'R' per move played; NUL after */
    int64_t *taken;        /* the coin taken at each move */
    coinline_side_t *best; /* the optimal move at each move's position */
    cl_wide *loss;         /* points each move gave away (0: optimal) */
    size_t nmoves;
    cl_wide sum;         /* of the whole row */
    cl_wide start_value; /* V of the whole row */
    char *forfeit;       /* the engine's verdict if it forfeited */
} play_game_t;

/* Starts game g on coins[0..n-1] (taken over: g frees it). Returns 0 or
 * a negative code; on failure g holds nothing. */
int play_game_start(play_game_t *g, int64_t *coins, size_t n);

/* Releases what the game holds (the players are the caller's). */
void play_game_free(play_game_t *g);

/* The position reached. */
coinline_engine_state_t play_game_state(play_game_t *g);

/* The player to move takes side. Returns 0 or COINLINE_EINVAL. */
int play_game_take(play_game_t *g, coinline_side_t side);

/* The engine plays its move if it is its turn: returns 1 if it moved, 0
 * if not its turn or the game is over, or a negative code (CLI_EFORFEIT:
 * g->forfeit says why). */
int play_game_engine_turn(play_game_t *g);

/* Takes back the last full turn: back to the last position where a
 * person was to move before making a move. Returns the number of moves
 * taken back (0 if none). */
size_t play_game_undo(play_game_t *g);

/* Why undo cannot be done now ("nothing to undo", ...), or NULL. */
const char *play_game_undo_refused(const play_game_t *g);

/* 1 once every coin is taken or the engine forfeited. */
int play_game_over(const play_game_t *g);

/* The seat (0 or 1) that made move k (0-based). */
int play_game_mover(size_t k);

/* The final total the player to move secures from st with best play. */
cl_wide play_game_secured(const play_game_t *g,
                          const coinline_engine_state_t *st);

/* A short description of the hint for the player to move, into buf. */
void play_game_hint(play_game_t *g, char *buf, size_t size);

/* Prints the end summary as text (totals, winner, each seat's moves that
 * lost points). */
void play_game_summary(play_game_t *g, FILE *fp);

/* Prints the end summary as one JSON object and a newline. */
void play_game_json(play_game_t *g, FILE *fp);

/* Writes the game as a game record (docs/record.md). */
void play_game_record(play_game_t *g, FILE *fp);

#endif
