/*
 * play.h - one game of coinline play, shared by the line mode
 * (cmd_play.c) and the full-screen mode (play_tty.c): the row, the moves
 * played and what each cost, the engine's replies, hints and undo, and
 * the end summary as text, JSON and a game record.
 */
#ifndef COINLINE_CLI_PLAY_H
#define COINLINE_CLI_PLAY_H

#include <stdio.h>

#include "cli.h"
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

/* Where the rows of a session come from. */
typedef enum { PLAY_ROW, PLAY_FILE, PLAY_RANDOM } play_source_t;

/* A session of coinline play: its options and the game in progress. */
typedef struct {
    play_source_t source;
    const char *row_text; /* --row */
    int64_t *row;         /* --row parsed (NULL when empty) */
    size_t row_n;
    const char *path; /* FILE */
    FILE *fp;
    coinline_reader_t *reader;
    uint64_t file_games;     /* games read from the file so far */
    uint64_t file_game;      /* the game in play's number in the file */
    int64_t coins, min, max; /* --random, --min, --max */
    uint64_t seed, rng;
    int seed_given;
    const char *engine; /* the engine's strategy */
    int64_t move_ms;
    int engine_first, two_players, line_mode, color, json;
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
    char *reported; /* the moves when the game was last written out
                     * (JSON, record) at its end; NULL if never */
} play_session_t;

/* Leaves the game in progress (JSON summary, game record) and starts the
 * next one: the next row of the file (after the last, the first again),
 * a new random row, or the --row again. Returns 0, or CLI_FAIL after
 * saying why on stderr. */
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

/* The full-screen game on the terminal (play_tty.c); returns the exit
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
