/* SPDX-License-Identifier: MIT */
/*
 * apirows.c - the HTTP API's answers for a game of several rows.
 *
 * A request of several rows ("rows" with two rows or more; one row is the
 * classic game, answered by api.c as "coins") is read by api.c, which
 * refuses the options several rows do not take (cli_rows_refusal(), the
 * one place that says them). Here the game is played with the tool's
 * game of several rows (cli/multirow.h: the library's engine, the rows'
 * words and notation) and the answers are written as coinline solve
 * --json writes several rows: rows numbered from 1, a move
 * {"row":2,"side":"right","coin":9}, a line "2R1L1L". Every integer goes
 * through cli_put_json_int() with safe = 1 (a string past 2^53), as in
 * every answer of the API.
 */
#include <stdlib.h>
#include <string.h>

#include "apirows.h"
#include "jsonw.h"
#include "multirow.h"
#include "wide.h"

/* ,"key":v with v an integer (a string past 2^53). */
static void put_int(FILE *fp, const char *key, coinline_i128_t v)
{
    fprintf(fp, ",\"%s\":", key);
    cli_put_json_int(fp, v, 1);
}

/* {"row":2,"side":"right","coin":9} (row 0-based: written from 1), the
 * coin a string past 2^53; null for no move (side NONE). With fm, the
 * final margin the move leads to inside the object. */
static void put_move_json(FILE *fp, size_t row, coinline_side_t side,
                          int64_t coin, const coinline_i128_t *fm)
{
    if (side == COINLINE_SIDE_NONE) {
        fputs("null", fp);
        return;
    }
    fprintf(fp, "{\"row\":%zu,\"side\":\"%s\"", row + 1,
            coinline_side_name(side));
    put_int(fp, "coin", coinline_i128_from_int64(coin));
    if (fm != NULL)
        put_int(fp, "final_margin", *fm);
    fputc('}', fp);
}

/* The optimal line of the rows in their notation ("2R1L"), into a new
 * string (free()), or NULL when memory runs out. O(n log n). */
static char *rows_line(const api_rows_t *R, uint64_t n)
{
    uint64_t *rows = malloc((n + 1) * sizeof *rows);
    char *sides = malloc(n + 1), *text = malloc(24 * (n + 1));
    size_t len = 0;
    int rc = rows != NULL && sides != NULL && text != NULL ? COINLINE_OK
                                                           : COINLINE_ENOMEM;
    if (rc == COINLINE_OK)
        rc = coinline_multirow_line(R->coins, R->lens, R->k, rows, sides);
    for (uint64_t m = 0; rc == COINLINE_OK && m < n; m++)
        len += (size_t)cli_rows_notation(text + len, (size_t)rows[m],
                                         sides[m] == 'L' ? COINLINE_SIDE_LEFT
                                                         : COINLINE_SIDE_RIGHT);
    if (text != NULL)
        text[len] = '\0';
    free(rows);
    free(sides);
    if (rc != COINLINE_OK) {
        free(text);
        return NULL;
    }
    return text;
}

int api_rows_solve(FILE *fp, const api_rows_t *R)
{
    coinline_multirow_result_t m;
    cli_rows_game_t G;
    int rc = coinline_multirow_solve(R->coins, R->lens, R->k, &m);
    if (rc != COINLINE_OK)
        return rc;
    char *line = rows_line(R, m.n);
    if (line == NULL)
        return COINLINE_ENOMEM;
    if ((rc = cli_rows_game_new(&G, R->coins, R->lens, R->k)) == 0) {
        fprintf(fp, "{\"n\":%llu,\"rows\":%zu", (unsigned long long)m.n, R->k);
        put_int(fp, "sum", m.sum);
        put_int(fp, "p1", m.p1);
        put_int(fp, "p2", m.p2);
        put_int(fp, "margin", m.margin);
        fprintf(fp, ",\"winner\":\"%s\",\"first_move\":",
                coinline_winner_name(m.winner));
        const size_t row = (size_t)m.first_row;
        put_move_json(fp, row, m.first_side,
                      cli_rows_game_coin(&G, row, m.first_side), NULL);
        fprintf(fp, ",\"line\":\"%s\"}\n", line);
        cli_rows_game_free(&G);
    }
    free(line);
    return rc;
}

/* The moves of the request written as the tool writes a line: blanks and
 * commas left out, L and R in upper case. */
static void put_moves(FILE *fp, const char *moves, size_t nmoves)
{
    for (size_t i = 0; i < nmoves; i++) {
        const char c = moves[i];
        if (c == 'l' || c == 'r')
            fputc(c - 'a' + 'A', fp);
        else if (c != ' ' && c != ',' && c != '\t')
            fputc(c, fp);
    }
}

/* ,"outcomes":[...]: each legal move at G's position with the final
 * margin (p1 - p2) it leads to with best play after it; a row's one coin
 * left is its left end. */
static int put_outcomes(FILE *fp, cli_rows_game_t *G)
{
    int rc = COINLINE_OK;
    const char *sep = "";
    fputs(",\"outcomes\":[", fp);
    for (size_t r = 0; r < G->k && rc == COINLINE_OK; r++) {
        uint64_t lo, hi;
        if (coinline_multirow_game_row(G->g, r, &lo, &hi) != 0 || lo == hi)
            continue;
        for (int s = 0; s < (hi - lo > 1 ? 2 : 1) && rc == COINLINE_OK; s++) {
            const coinline_side_t side =
                s == 0 ? COINLINE_SIDE_LEFT : COINLINE_SIDE_RIGHT;
            coinline_i128_t fm;
            if ((rc = coinline_multirow_game_outcome(G->g, r, side, &fm)) != 0)
                break;
            fputs(sep, fp);
            sep = ",";
            put_move_json(fp, r, side, cli_rows_game_coin(G, r, side), &fm);
        }
    }
    fputc(']', fp);
    return rc;
}

/* The final totals with best play from st, split from its final margin:
 * fin[0] player 1's, fin[1] player 2's. */
static void final_totals(const cli_rows_game_t *G,
                         const coinline_multirow_state_t *st, cl_wide fin[2])
{
    cl_wide sum = 0;
    for (uint64_t i = 0; i < st->n; i++)
        sum += G->coins[i];
    const cl_wide fm = cl_to_wide(st->final_margin);
    fin[0] = (sum + fm) / 2;
    fin[1] = (sum - fm) / 2;
}

/* The answer at G's position st (before the engine's move): its move and
 * the position after it, then the hint and the outcomes at st. */
static int put_move(FILE *fp, cli_rows_game_t *G,
                    const coinline_multirow_state_t *st, const char *moves,
                    size_t nmoves)
{
    coinline_multirow_state_t after;
    cl_wide fin[2];
    char note[24];
    const size_t row = (size_t)st->best_row;
    const coinline_side_t side = st->best_side;
    const int64_t coin = cli_rows_game_coin(G, row, side);
    final_totals(G, st, fin);
    cli_rows_notation(note, row, side);
    fprintf(fp, "{\"rows\":%zu,\"move\":", G->k);
    put_move_json(fp, row, side, coin, NULL);
    fputs(",\"moves\":\"", fp);
    put_moves(fp, moves, nmoves);
    fprintf(fp, "%s\"", note);
    int rc = coinline_multirow_game_play(G->g, row, side);
    if (rc == COINLINE_OK)
        rc = coinline_multirow_game_state(G->g, &after);
    if (rc == COINLINE_OK)
        rc = coinline_multirow_game_undo(G->g);
    if (rc != COINLINE_OK)
        return rc;
    put_int(fp, "p1", after.p1);
    put_int(fp, "p2", after.p2);
    fprintf(fp, ",\"to_move\":%d,\"finished\":%s,\"best\":", after.to_move,
            after.to_move == 0 ? "true" : "false");
    put_move_json(fp, row, side, coin, NULL);
    put_int(fp, "value", st->value);
    put_int(fp, "final_margin", st->final_margin);
    put_int(fp, "secured", cl_from_wide(fin[st->to_move == 2]));
    rc = put_outcomes(fp, G);
    fputs("}\n", fp);
    return rc;
}

/* Why the request's moves do not fit, text, into msg. Returns
 * COINLINE_EMOVE. */
static int refuse(char *msg, size_t size, const char *text)
{
    snprintf(msg, size, "%s", text);
    return COINLINE_EMOVE;
}

int api_rows_move(FILE *fp, const api_rows_t *R, const char *moves,
                  size_t nmoves, char *msg, size_t size)
{
    cli_rows_game_t G;
    coinline_multirow_state_t st;
    coinline_error_t err;
    if (moves != NULL && strlen(moves) != nmoves)
        return refuse(msg, size, "a NUL byte is not a move");
    int rc = cli_rows_game_new(&G, R->coins, R->lens, R->k);
    if (rc != COINLINE_OK)
        return rc;
    rc = cli_rows_play_moves(&G, moves != NULL ? moves : "", &err);
    if (rc == COINLINE_EMOVE)
        refuse(msg, size, err.message);
    if (rc == COINLINE_OK)
        rc = coinline_multirow_game_state(G.g, &st);
    if (rc == COINLINE_OK && st.left == 0)
        rc = refuse(msg, size, "the game is over: no coin is left to take");
    if (rc == COINLINE_OK)
        rc = put_move(fp, &G, &st, moves != NULL ? moves : "", nmoves);
    cli_rows_game_free(&G);
    return rc;
}
