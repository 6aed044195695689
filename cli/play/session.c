/* SPDX-License-Identifier: MIT */
/*
 * session.c - a session of coinline play: the rows (--row, a file read
 * game after game and again from its start, or random rows drawn as gen
 * draws them), the seats and their names, starting the next game (of
 * one row, or of several: "rows K" in the file, '/' in --row), and
 * writing each game out (--json, --save) when it ends or is left.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "msg.h"
#include "player.h"
#include "rows.h"
#include "session.h"

/* The name of seat s: "you" against the engine, "player N" for two. */
static const char *seat_name(const play_session_t *S, int s)
{
    static const char *const players[2] = {"player 1", "player 2"};
    if (S->two_players)
        return players[s];
    return s == (S->engine_first ? 1 : 0) ? "you" : S->engine_name;
}

/* The rows of the game of several rows whose "rows K" was just read, k
 * the K: refused at their place when the options do not fit. */
static int file_rows(play_session_t *S, uint64_t k, int64_t **a, size_t *n,
                     uint64_t **lens, size_t *rows)
{
    coinline_error_t w = {0, 0, "", {0}};
    const char *why = play_rows_refusal(
        &S->rules, S->two_players ? NULL : S->engine, S->save_path != NULL);
    S->file_games++;
    S->file_game = coinline_reader_game_index(S->reader);
    (void)coinline_reader_last_token(S->reader, &w);
    if (k > 1 && why != NULL) {
        cli_error("%s:%llu:%llu: game %llu has %llu rows; %s", S->path,
                  (unsigned long long)w.line, (unsigned long long)w.column,
                  (unsigned long long)S->file_game, (unsigned long long)k, why);
        return CLI_FAIL;
    }
    const int rc = coinline_reader_read_rows(S->reader, a, n, lens, rows);
    if (rc == 1)
        return CLI_OK;
    cli_report_reader_error(S->reader, rc < 0 ? rc : COINLINE_EIO);
    return CLI_FAIL;
}

/* The next game of the file; after its last game, the first again. */
static int file_row(play_session_t *S, int64_t **a, size_t *n, uint64_t **lens,
                    size_t *rows)
{
    for (int pass = 0; pass < 2; pass++) {
        const int rc = coinline_reader_read_game(S->reader, a, n);
        if (rc == COINLINE_READER_ROWS)
            return file_rows(S, *n, a, n, lens, rows);
        if (rc == 1) {
            S->file_games++;
            S->file_game = coinline_reader_game_index(S->reader);
            return CLI_OK;
        }
        if (rc < 0) {
            cli_report_reader_error(S->reader, rc);
            return CLI_FAIL;
        }
        if (S->file_games == 0 || S->fp == stdin) {
            cli_error("%s: no game in the file", S->path);
            return CLI_FAIL;
        }
        coinline_reader_free(S->reader);
        S->reader = NULL;
        rewind(S->fp);
        if (coinline_reader_from_file(S->fp, S->path, &S->reader) != 0) {
            cli_error("%s", coinline_strerror(COINLINE_ENOMEM));
            return CLI_FAIL;
        }
        coinline_reader_allow_rows(S->reader, 1);
    }
    return CLI_FAIL;
}

/* A new random row: the next game that coinline gen would write with
 * the same options and seed. */
static int random_row(play_session_t *S, int64_t **a, size_t *n)
{
    *n = (size_t)S->coins;
    *a = malloc((*n + 1) * sizeof **a);
    if (*a == NULL) {
        cli_error("%s", coinline_strerror(COINLINE_ENOMEM));
        return CLI_FAIL;
    }
    coinline_random_row(&S->rng, S->min, S->max, *a, *n);
    return CLI_OK;
}

/* The next game, into *a (malloc'ed) and *n; its rows into *lens
 * (malloc'ed) and *rows when it has several, else *lens NULL and *rows
 * 1. */
static int next_row(play_session_t *S, int64_t **a, size_t *n, uint64_t **lens,
                    size_t *rows)
{
    *a = NULL;
    *lens = NULL;
    *rows = 1;
    if (S->source == PLAY_FILE)
        return file_row(S, a, n, lens, rows);
    if (S->source == PLAY_RANDOM)
        return random_row(S, a, n);
    *n = S->row_n;
    *a = malloc((*n + 1) * sizeof **a);
    if (S->row_k > 1 && *a != NULL) {
        *rows = S->row_k;
        *lens = malloc(S->row_k * sizeof **lens);
        if (*lens != NULL)
            memcpy(*lens, S->row_lens, S->row_k * sizeof **lens);
    }
    if (*a == NULL || (*rows > 1 && *lens == NULL)) {
        free(*a);
        cli_error("%s", coinline_strerror(COINLINE_ENOMEM));
        return CLI_FAIL;
    }
    if (*n > 0)
        memcpy(*a, S->row, *n * sizeof **a);
    return CLI_OK;
}

/* Writes the game's JSON summary (--json), as soon as it is over: a game
 * that undo reopens and that then ends otherwise is written again, and
 * the last object of a game number is its final one. */
static void write_json(play_session_t *S)
{
    if (S->json) {
        play_game_json(&S->game, S->json_out);
        fflush(S->json_out);
    }
    free(S->reported);
    S->reported = play_game_moves_text(&S->game);
    S->reported_first = S->game.first;
}

/* 1 if the game was written out with other moves than it has now. */
static int changed(const play_session_t *S)
{
    char *now = S->reported != NULL ? play_game_moves_text(&S->game) : NULL;
    const int same = now != NULL && strcmp(S->reported, now) == 0 &&
                     S->reported_first == S->game.first;
    free(now);
    return !same;
}

void play_report_game(play_session_t *S)
{
    if (S->in_game && play_game_over(&S->game) && changed(S))
        write_json(S);
}

/* The game record (--save) is written once, when the game is left (the
 * next game, quit, the end of the input or a signal), so that it holds
 * the game's final form even when undo reopened it. */
void play_leave_game(play_session_t *S)
{
    if (!S->in_game)
        return;
    if (changed(S))
        write_json(S);
    if (S->save != NULL) {
        play_game_record(&S->game, S->save);
        fflush(S->save); /* kept if the process is killed later */
    }
    free(S->reported);
    S->reported = NULL;
    fflush(stdout);
    play_game_free(&S->game);
    S->in_game = 0;
}

int play_next_game(play_session_t *S)
{
    int64_t *a;
    uint64_t *lens;
    size_t n, rows;
    const uint64_t number = S->game.number + 1;
    play_leave_game(S);
    if (next_row(S, &a, &n, &lens, &rows) != CLI_OK)
        return CLI_FAIL;
    memset(&S->game, 0, sizeof S->game);
    S->game.number = number;
    for (int s = 0; s < 2; s++) {
        S->game.person[s] = S->two_players || s == (S->engine_first ? 1 : 0);
        S->game.name[s] = seat_name(S, s);
    }
    S->game.bot = S->two_players ? NULL : S->bot;
    S->game.level_rule = S->two_players ? NULL : S->level_rule;
    S->game.seed = S->seed ^ number;
    S->game.rules = S->rules;
    free(rows > 1 ? NULL : lens);
    const int rc = rows > 1 ? play_game_start_rows(&S->game, a, lens, rows, n)
                            : play_game_start(&S->game, a, n);
    if (rc != COINLINE_OK) {
        cli_error("%s", coinline_strerror(rc));
        return CLI_FAIL;
    }
    S->in_game = 1;
    return CLI_OK;
}

int play_seed_matters(const play_session_t *S)
{
    static const char *const fixed[] = {"optimal", "greedy", "parity"};
    if (S->source == PLAY_RANDOM)
        return 1;
    if (S->two_players || strncmp(S->engine, "exec:", 5) == 0)
        return 0; /* a bot program is not given the seed */
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
        if (strcmp(S->engine, fixed[i]) == 0)
            return 0;
    return 1;
}

/* Before play: a FILE whose first line is a row without its count is
 * refused with the hint (rows.h), rather than played as the row of its
 * first number. Its errors otherwise come when its games are played.
 * Reads the file's first game (and the rest of its line), then rewinds
 * it. */
static int check_file(play_session_t *S)
{
    coinline_reader_t *r;
    int64_t *a = NULL;
    size_t n;
    int st = CLI_OK;
    if (coinline_reader_from_file(S->fp, S->path, &r) != 0) {
        cli_error("%s", coinline_strerror(COINLINE_ENOMEM));
        return CLI_FAIL;
    }
    if (coinline_reader_read_game(r, &a, &n) == 1)
        st = cli_rows_check_first_line(r);
    free(a);
    coinline_reader_free(r);
    rewind(S->fp);
    return st;
}

/* Opens the FILE, the --save file and the engine's player. */
int play_session_open(play_session_t *S)
{
    if (S->path != NULL) {
        S->fp = fopen(S->path, "r");
        if (S->fp == NULL) {
            cli_error("%s: cannot open: %s", S->path, strerror(errno));
            return CLI_FAIL;
        }
        if (check_file(S) != CLI_OK ||
            coinline_reader_from_file(S->fp, S->path, &S->reader) != 0)
            return CLI_FAIL;
        coinline_reader_allow_rows(S->reader, 1);
    }
    if (S->save_path != NULL) {
        S->save = fopen(S->save_path, "w");
        if (S->save == NULL) {
            cli_error("%s: cannot write: %s", S->save_path, strerror(errno));
            return CLI_FAIL;
        }
        coinline_record_write_header(S->save, "play");
    }
    if (!S->two_players &&
        cli_player_new(S->engine, S->seed, S->move_ms, &S->bot) != 0) {
        cli_error("%s", coinline_strerror(COINLINE_ENOMEM));
        return CLI_FAIL;
    }
    return CLI_OK;
}

/* Leaves the last game, releases the session; the status, CLI_FAIL if
 * the game records could not be written. */
int play_session_close(play_session_t *S, int st)
{
    play_leave_game(S);
    free(S->row);
    free(S->row_lens);
    cli_player_free(S->bot);
    coinline_reader_free(S->reader);
    if (S->fp != NULL)
        fclose(S->fp);
    if (S->save != NULL && (ferror(S->save) | fclose(S->save)) != 0) {
        cli_error("%s: cannot write: %s", S->save_path, strerror(errno));
        st = CLI_FAIL;
    }
    return cli_finish_output(st);
}
