/* SPDX-License-Identifier: MIT */
/*
 * game.h - one game of coinline play, shared by the line mode (line.c)
 * and the full-screen mode (tty.c): the row, the moves played and what
 * each cost, the engine's replies, hints and undo, and the end summary
 * as text, JSON and a game record. A game of several rows keeps its rows
 * in play/rows_game.c: its moves are a row and an end.
 */
#ifndef COINLINE_CLI_PLAY_GAME_H
#define COINLINE_CLI_PLAY_GAME_H

#include <stdio.h>

#include "coinline.h"
#include "player.h"
#include "rows_game.h"
#include "rules.h"
#include "wide.h"

typedef struct {
    /* set by the caller before play_game_start() */
    uint64_t number;        /* the game's number in the session, from 1 */
    int person[2];          /* seat 1 / seat 2 is a person */
    const char *name[2];    /* how each seat is called ("you", "optimal") */
    cli_player_t *bot;      /* the engine's player (NULL: two people) */
    const char *level_rule; /* the engine's rule when a --level that is
                             * not perfect chose it (the hint then adds
                             * the best reply to it); NULL: none */
    uint64_t seed;          /* seeds the engine's random choices */
    coinline_rules_t rules; /* the rules (--circle, --score) */

    /* the game */
    const cli_shape_words_t *shape; /* the words of its rules */
    const cli_score_words_t *score;
    coinline_game_t *game; /* the game over positions (the library's) */
    int64_t *ring;         /* the coins at positions 1..n, owned */
    uint64_t first;        /* the position of move 1 where any coin could
                            * be taken (a circle's); 0: none */
    int any;               /* move 1 takes any coin (a circle's) */
    uint64_t best_first;   /* the optimal position there, once played */
    int64_t *coins;        /* the line played, owned: the coins from
                            * position first + 1 on, going round (the row
                            * itself when first is 0) */
    size_t n;              /* coins of the game: the moves in all */
    size_t line_n;         /* coins of the line played (0 before move 1
                            * where it takes any coin) */
    size_t lo, hi;         /* the coins left: coins[lo..hi-1] */
    char *moves;           /* 'L'/'R' per move played ('*' for a move
                            * that took any coin); NUL after */
    int64_t *taken;        /* the coin taken at each move */
    coinline_side_t *best; /* the optimal move at each move's position
                            * (NONE where any coin could be taken) */
    cl_wide *loss;         /* points each move gave away (0: optimal) */
    size_t nmoves;
    cl_wide sum;               /* of all the coins */
    coinline_i128_t best_p[2]; /* the scores with best play from the
                                * start (coinline_game_solve()) */
    char *forfeit;             /* the engine's verdict if it forfeited */
    int begun;                 /* the engine's player was begun */
    int several;               /* a game of several rows: rows below */
    play_rows_t rows;          /* its rows; moves[] holds each move's end,
                                * rows.row[] its row */
} play_game_t;

/* Starts game g on coins[0..n-1] (taken over: g frees it) under
 * g->rules. Returns 0 or a negative code; on failure g holds nothing.
 * Cost: O(n), and coinline_game_solve() (O(n log n) on a circle or
 * under remaining). */
int play_game_start(play_game_t *g, int64_t *coins, size_t n);

/* Starts game g on the k rows coins, lens[0..k-1] (taken over: g frees
 * them; k >= 2), n coins in all, under the classic rules (the caller has
 * refused others: play_rows_refusal()). Returns as play_game_start().
 * Cost: O(n log n). */
int play_game_start_rows(play_game_t *g, int64_t *coins, uint64_t *lens,
                         size_t k, size_t n);

/* The player to move takes side of row (0-based) in a game of several
 * rows. Returns 0, COINLINE_EMOVE (no such row, or it has no coin left),
 * COINLINE_EINVAL (not such a game, or it is over) or another code. */
int play_game_take_row(play_game_t *g, size_t row, coinline_side_t side);

/* The moves played as JSON and analyze name them, malloc'ed (NULL when
 * memory fails): "LRL" on a row, a circle's after its first move, "2R1L"
 * on several rows. */
char *play_game_moves_text(const play_game_t *g);

/* Releases what the game holds (the players are the caller's). */
void play_game_free(play_game_t *g);

/* The position reached, in the game's seats: to_move, p1 and p2 are
 * those of seats 1 and 2 (their scores), value the best (own - other's)
 * of the player to move, final_margin p1 - p2 with best play, lo and hi
 * the coins left of g->coins. Where any coin may be taken: lo = 0, hi =
 * n, best NONE. */
coinline_engine_state_t play_game_state(play_game_t *g);

/* 1 when the next move takes any coin (a circle's first): a position. */
int play_game_opening(const play_game_t *g);

/* The position of index i of g->coins: (first + i) mod n + 1. */
uint64_t play_game_position(const play_game_t *g, size_t i);

/* The player to move takes the coin at position pos (any legal move).
 * Returns 0, COINLINE_EINVAL (not legal, or the game is over) or
 * COINLINE_ENOMEM. */
int play_game_take_position(play_game_t *g, uint64_t pos);

/* The player to move takes side (where the coins left have ends).
 * Returns 0 or COINLINE_EINVAL. */
int play_game_take(play_game_t *g, coinline_side_t side);

/* A move that takes any coin (play_game_opening()): the coin at
 * position pos (1..n). Returns 0, COINLINE_EINVAL (not such a move, pos
 * out of range) or COINLINE_ENOMEM. */
int play_game_take_first(play_game_t *g, uint64_t pos);

/* The side of the end coin at position pos, into *side. Returns 0, or
 * COINLINE_EINVAL when no end coin is there. */
int play_game_end_at(const play_game_t *g, uint64_t pos, coinline_side_t *side);

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

/* The most coins left for which the hint adds the best reply to the
 * engine's level (an O(k^2) programme on k coins). */
#define PLAY_HINT_REPLY_MAX 2000

/* A short description of the hint for the player to move, into buf;
 * against an engine of a level that is not perfect (level_rule), on a
 * line scoring the coin taken, also the best reply to that engine and
 * what it expects. */
void play_game_hint(play_game_t *g, char *buf, size_t size);

/* Prints the end summary as text (totals, winner, each seat's moves that
 * lost points). */
void play_game_summary(play_game_t *g, FILE *fp);

/* Prints the end summary as one JSON object and a newline. */
void play_game_json(play_game_t *g, FILE *fp);

/* Writes the game as a game record (docs/record.md). */
void play_game_record(play_game_t *g, FILE *fp);

#endif
