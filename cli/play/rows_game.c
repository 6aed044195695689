/* SPDX-License-Identifier: MIT */
/*
 * rows_game.c - a game of several rows in coinline play (issue 32).
 *
 * The library plays it (coinline_multirow_game_*, through cli/multirow.c's
 * cli_rows_game_t): a move is a row and an end, the state keeps the value,
 * the final margin and the optimal move (the block rule's) from move to
 * move, and a move's outcome is the final margin if it is played. Here
 * is what play adds: the optimal move and its coin kept at every move (so
 * that the summary can say what a move lost), the engine's choice, the
 * hint with every move as good, and the words: a move in solve's notation
 * ("2R": its row from 1, then its end), the rows left a line each.
 *
 * The engine's levels reuse the player of one row (cli/player.c): perfect
 * takes the state's optimal move; random and fallible:P draw among the
 * legal moves (the optimal one first) through the same library strategy,
 * on the same seed. Several rows are played under the classic rules only
 * (play_rows_refusal()).
 */
#include <stdlib.h>
#include <string.h>

#include "rows_game.h"

int play_rows_start(play_rows_t *R, int64_t *coins, uint64_t *lens, size_t k,
                    size_t n)
{
    memset(R, 0, sizeof *R);
    R->coins = coins;
    R->lens = lens;
    R->k = k;
    R->row = malloc((n + 1) * sizeof *R->row);
    R->best_row = malloc((n + 1) * sizeof *R->best_row);
    R->best_coin = malloc((n + 1) * sizeof *R->best_coin);
    int rc =
        R->row && R->best_row && R->best_coin ? COINLINE_OK : COINLINE_ENOMEM;
    if (rc == COINLINE_OK)
        rc = cli_rows_game_new(&R->G, coins, lens, k);
    if (rc != COINLINE_OK)
        play_rows_free(R);
    return rc;
}

void play_rows_free(play_rows_t *R)
{
    cli_rows_game_free(&R->G);
    free(R->coins);
    free(R->lens);
    free(R->row);
    free(R->best_row);
    free(R->best_coin);
    memset(R, 0, sizeof *R);
}

void play_rows_state(const play_rows_t *R, coinline_game_state_t *gs)
{
    coinline_multirow_state_t st;
    memset(gs, 0, sizeof *gs);
    if (coinline_multirow_game_state(R->G.g, &st) != COINLINE_OK)
        return;
    gs->n = st.n;
    gs->moves = st.moves;
    gs->left = st.left;
    gs->to_move = st.to_move;
    gs->p1 = st.p1;
    gs->p2 = st.p2;
    gs->value = st.value;
    gs->final_margin = st.final_margin;
    gs->best_side = st.best_side;
}

int play_rows_take(play_rows_t *R, size_t k, size_t row, coinline_side_t side,
                   int64_t *coin, coinline_side_t *best)
{
    coinline_multirow_state_t st;
    if (row >= R->k)
        return COINLINE_EMOVE;
    int rc = coinline_multirow_game_state(R->G.g, &st);
    if (rc != COINLINE_OK)
        return rc;
    const int64_t c = cli_rows_game_coin(&R->G, row, side);
    const int64_t b =
        cli_rows_game_coin(&R->G, (size_t)st.best_row, st.best_side);
    rc = coinline_multirow_game_play(R->G.g, row, side);
    if (rc != COINLINE_OK)
        return rc;
    R->row[k] = row;
    R->best_row[k] = (size_t)st.best_row;
    R->best_coin[k] = b;
    *coin = c;
    *best = st.best_side;
    return COINLINE_OK;
}

int play_rows_undo(play_rows_t *R)
{
    return coinline_multirow_game_undo(R->G.g);
}

int play_rows_live(const play_rows_t *R, size_t row)
{
    uint64_t lo, hi;
    return coinline_multirow_game_row(R->G.g, row, &lo, &hi) == COINLINE_OK &&
           lo < hi;
}

size_t play_rows_step(const play_rows_t *R, size_t cur, int step)
{
    size_t r = cur >= 1 && cur <= R->k ? cur - 1 : 0;
    for (size_t i = 0; i < R->k; i++) {
        r = step > 0 ? (r + 1) % R->k : (r + R->k - 1) % R->k;
        if (play_rows_live(R, r))
            return r + 1;
    }
    return cur;
}

int play_rows_choose(play_rows_t *R, cli_player_t *p, size_t *row,
                     coinline_side_t *side)
{
    size_t *rows = malloc((2 * R->k + 1) * sizeof *rows);
    coinline_side_t *sides = malloc((2 * R->k + 1) * sizeof *sides);
    size_t at = 0;
    int rc = rows != NULL && sides != NULL ? COINLINE_OK : COINLINE_ENOMEM;
    size_t count = 0;
    if (rc == COINLINE_OK)
        rc = coinline_multirow_game_moves(R->G.g, rows, sides, &count);
    if (rc == COINLINE_OK)
        rc = count == 0 ? COINLINE_EINVAL : cli_player_pick(p, count, &at);
    if (rc == COINLINE_OK) {
        *row = rows[at];
        *side = sides[at];
    }
    free(rows);
    free(sides);
    return rc;
}

/* Appends text to buf (of size) at *len, while there is room. */
static void append(char *buf, size_t size, int *len, const char *text)
{
    if (*len >= 0 && (size_t)*len < size)
        *len += snprintf(buf + *len, size - (size_t)*len, "%s", text);
}

/* The moves other than the optimal one whose outcome is as good: up to
 * three listed into tie[] as (row, side); their count. */
static size_t as_good(play_rows_t *R, size_t *tie_row, char *tie_side)
{
    coinline_multirow_state_t st;
    size_t *rows = malloc((2 * R->k + 1) * sizeof *rows), ties = 0;
    coinline_side_t *sides = malloc((2 * R->k + 1) * sizeof *sides);
    if (rows != NULL && sides != NULL &&
        coinline_multirow_game_state(R->G.g, &st) == COINLINE_OK) {
        size_t count = 0;
        (void)coinline_multirow_game_moves(R->G.g, rows, sides, &count);
        for (size_t i = 1; i < count; i++) {
            coinline_i128_t fm;
            if (coinline_multirow_game_outcome(R->G.g, rows[i], sides[i],
                                               &fm) != COINLINE_OK ||
                coinline_i128_cmp(fm, st.final_margin) != 0)
                continue;
            if (ties < 3) {
                tie_row[ties] = rows[i];
                tie_side[ties] = sides[i] == COINLINE_SIDE_LEFT ? 'L' : 'R';
            }
            ties++;
        }
    }
    free(rows);
    free(sides);
    return ties;
}

void play_rows_hint_what(play_rows_t *R, char *what, size_t size)
{
    coinline_multirow_state_t st;
    size_t tie_row[3];
    char tie_side[3], note[48];
    if (coinline_multirow_game_state(R->G.g, &st) != COINLINE_OK ||
        st.to_move == 0) {
        snprintf(what, size, "nothing");
        return;
    }
    cli_rows_notation(note, (size_t)st.best_row, st.best_side);
    int len = snprintf(
        what, size, "%lld from the %s end of row %llu (%s)",
        (long long)cli_rows_game_coin(&R->G, (size_t)st.best_row, st.best_side),
        st.best_side == COINLINE_SIDE_LEFT ? "left" : "right",
        (unsigned long long)st.best_row + 1, note);
    const size_t ties = as_good(R, tie_row, tie_side);
    const size_t shown = ties > 3 ? 2 : ties;
    for (size_t i = 0; i < shown; i++) {
        append(what, size, &len,
               i == 0                       ? ", or "
               : i + 1 == ties && ties <= 3 ? " or "
                                            : ", ");
        cli_rows_notation(note, tie_row[i],
                          tie_side[i] == 'L' ? COINLINE_SIDE_LEFT
                                             : COINLINE_SIDE_RIGHT);
        append(what, size, &len, note);
    }
    if (ties > 3) {
        snprintf(note, sizeof note, " or %zu more", ties - 2);
        append(what, size, &len, note);
    }
    if (ties > 0)
        append(what, size, &len, ", as good");
}

void play_rows_put_move(FILE *fp, const play_rows_t *R, size_t k,
                        coinline_side_t side, int64_t coin)
{
    char note[24];
    cli_rows_notation(note, R->row[k], side);
    fprintf(fp, "%lld (%s)", (long long)coin, note);
}

void play_rows_put_mistake(FILE *fp, const play_rows_t *R, size_t k,
                           coinline_side_t side, int64_t coin,
                           coinline_side_t best)
{
    char note[24];
    fputs("took ", fp);
    play_rows_put_move(fp, R, k, side, coin);
    cli_rows_notation(note, R->best_row[k], best);
    fprintf(fp, ", best was %lld (%s)", (long long)R->best_coin[k], note);
}

void play_rows_put_line(FILE *fp, const play_rows_t *R, const char *moves,
                        size_t nmoves)
{
    char note[24];
    for (size_t k = 0; k < nmoves; k++) {
        cli_rows_notation(note, R->row[k],
                          moves[k] == 'L' ? COINLINE_SIDE_LEFT
                                          : COINLINE_SIDE_RIGHT);
        fputs(note, fp);
    }
}

/* Row r's line of the board: its coins left (past 30, the first and
 * last 10 with the count of the rest between) and its ends. */
static void put_board_row(FILE *fp, const play_rows_t *R, size_t r)
{
    uint64_t lo, hi;
    (void)coinline_multirow_game_row(R->G.g, r, &lo, &hi);
    /* R->coins is NULL when no row has a coin */
    const int64_t *a = R->coins != NULL ? R->coins + R->G.start[r] : NULL;
    fprintf(fp, "  %zu:", r + 1);
    if (lo == hi) {
        fputs(" empty\n", fp);
        return;
    }
    const uint64_t len = hi - lo, head = len > 30 ? 10 : len;
    for (uint64_t i = lo; i < lo + head; i++)
        fprintf(fp, " %lld", (long long)a[i]);
    if (len > 30)
        fprintf(fp, " ... (%llu more) ...", (unsigned long long)(len - 20));
    for (uint64_t i = len > 30 ? hi - 10 : hi; i < hi; i++)
        fprintf(fp, " %lld", (long long)a[i]);
    fprintf(fp, "  (%zuL: %lld, %zuR: %lld)\n", r + 1, (long long)a[lo], r + 1,
            (long long)a[hi - 1]);
}

void play_rows_put_board(FILE *fp, const play_rows_t *R)
{
    for (size_t r = 0; r < R->k; r++) {
        if (R->k > 30 && r == 10) {
            fprintf(fp, "  ... (%zu more rows) ...\n", R->k - 20);
            r = R->k - 10;
        }
        put_board_row(fp, R, r);
    }
}

const char play_rows_commands[] =
    "commands: 2R (take the right end of row 2: a row from 1, then l or "
    "r), hint, undo, new, quit, help\n";

const char *play_rows_refusal(const coinline_rules_t *rules, const char *engine,
                              int save)
{
    const char *why = cli_rows_refusal(rules, NULL, COINLINE_ALGO_LINEAR);
    if (why != NULL)
        return why;
    if (engine != NULL && !cli_player_picks(engine))
        return "--engine: a game of several rows is played by optimal, "
               "random or fallible:P (the levels of --level)";
    if (save)
        return "--save: a game record (docs/record.md) holds a game of one "
               "row";
    return NULL;
}
