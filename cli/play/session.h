/* SPDX-License-Identifier: MIT */
/*
 * session.h - a session of coinline play: its options, where its rows
 * come from, the game in progress, and writing games out (--json,
 * --save) as they end or are left. A game of several rows (--row with
 * '/', "rows K" in the FILE) is played as play/rows_game.c says.
 */
#ifndef COINLINE_CLI_PLAY_SESSION_H
#define COINLINE_CLI_PLAY_SESSION_H

#include <stdio.h>

#include "game.h"

/* Where the rows of a session come from. */
typedef enum { PLAY_ROW, PLAY_FILE, PLAY_RANDOM } play_source_t;

/* A session of coinline play: its options and the game in progress. */
typedef struct {
    play_source_t source;
    const char *row_text; /* --row */
    int64_t *row;         /* --row parsed (NULL when empty) */
    size_t row_n;
    uint64_t *row_lens; /* --row's rows ('/' between): each one's count */
    size_t row_k;       /* and how many (1: the classic game) */
    const char *path;   /* FILE */
    FILE *fp;
    coinline_reader_t *reader;
    uint64_t file_games;     /* games read from the file so far */
    uint64_t file_game;      /* the game in play's number in the file */
    int64_t coins, min, max; /* --random, --min, --max */
    uint64_t seed, rng;
    int seed_given;
    const char *engine;      /* the engine's strategy */
    const char *engine_name; /* the engine's name in the game: its strategy,
                              * or its --level with it, "easy
                              * (fallible:0.5)" */
    const char *level_rule;  /* the engine's rule when --level chose it and
                              * it is not perfect (the hint says the best
                              * reply to it); else NULL */
    int64_t move_ms;
    int engine_first, two_players, line_mode, color, json;
    coinline_rules_t rules; /* --circle, --score */
    const char *save_path;
    FILE *save;
    FILE *out;      /* the transcript: stdout, or stderr with --json */
    FILE *json_out; /* where the JSON summaries go (stdout) */
    int screen_fd;  /* the full-screen mode draws here: 1, or 2 with --json
                     * when standard output is not a terminal */
    int status;     /* CLI_OK, or CLI_FAIL after a bad command */
    cli_player_t *bot;
    play_game_t game;
    int in_game;
    char *reported;          /* the moves when the game was last written out
                              * (JSON, record) at its end; NULL if never */
    uint64_t reported_first; /* and a circle's first position then */
} play_session_t;

/* Leaves the game in progress (JSON summary, game record) and starts the
 * next one: the next game of the file (after the last, the first again),
 * a new random row, or the --row again. A game of several rows that the
 * options do not fit (play_rows_refusal()) is refused at its place in
 * the file. Returns 0, or CLI_FAIL after saying why on stderr. */
int play_next_game(play_session_t *S);

/* Writes the game out (its JSON summary with --json, its record with
 * --save) once it is over, unless it was written with these very moves:
 * a game reopened by undo after its end is written again when it ends
 * again or is left. */
void play_report_game(play_session_t *S);

/* 1 if the session's seed matters, so that it is shown: a random row, or
 * an engine that makes random choices (random, fallible:P). */
int play_seed_matters(const play_session_t *S);

/* Leaves the game in progress, if any: prints its JSON summary (--json)
 * and saves its record (--save). */
void play_leave_game(play_session_t *S);

/* Opens the FILE, the --save file and the engine's player. Returns
 * CLI_OK, or CLI_FAIL after saying why. */
int play_session_open(play_session_t *S);

/* Leaves the last game and releases the session. Returns st, or CLI_FAIL
 * if the game records or the output could not be written. */
int play_session_close(play_session_t *S, int st);

#endif
