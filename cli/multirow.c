/* SPDX-License-Identifier: MIT */
/*
 * multirow.c - a game of several rows as the tool tells it.
 *
 * The library plays the game (coinline_multirow_game_*: a move is a row,
 * 0-based, and an end); here are the tool's words for it: rows numbered
 * from 1 as people count them, a move written "row 2, right end (9)" in
 * sentences and "2R" in a line, the rows left drawn with '/' between
 * them as --row takes them, --moves read back in the same notation, and
 * the one refusal every command gives for the options that belong to the
 * game of one row (a circle, the scoring remaining, a known opponent, the
 * other solvers). Several rows are played under the classic rules only.
 */
#include <stdlib.h>
#include <string.h>

#include "multirow.h"

int cli_rows_game_new(cli_rows_game_t *G, const int64_t *coins,
                      const uint64_t *lens, size_t k)
{
    memset(G, 0, sizeof *G);
    G->start = malloc((k + 1) * sizeof *G->start);
    if (G->start == NULL)
        return COINLINE_ENOMEM;
    G->start[0] = 0;
    for (size_t r = 0; r < k; r++)
        G->start[r + 1] = G->start[r] + lens[r];
    G->coins = coins;
    G->lens = lens;
    G->k = k;
    const int rc = coinline_multirow_game_new(coins, lens, k, &G->g);
    if (rc != COINLINE_OK)
        cli_rows_game_free(G);
    return rc;
}

void cli_rows_game_free(cli_rows_game_t *G)
{
    coinline_multirow_game_free(G->g);
    free(G->start);
    memset(G, 0, sizeof *G);
}

int64_t cli_rows_game_coin(const cli_rows_game_t *G, size_t row,
                           coinline_side_t side)
{
    uint64_t lo, hi;
    if (coinline_multirow_game_row(G->g, row, &lo, &hi) != COINLINE_OK ||
        lo >= hi)
        return 0;
    return G->coins[G->start[row] + (side == COINLINE_SIDE_LEFT ? lo : hi - 1)];
}

int cli_rows_game_last_of_row(const cli_rows_game_t *G, size_t row)
{
    uint64_t lo, hi;
    return coinline_multirow_game_row(G->g, row, &lo, &hi) == COINLINE_OK &&
           hi - lo == 1;
}

const char *cli_rows_refusal(const coinline_rules_t *rules, const char *against,
                             coinline_algo_t algo)
{
    if (rules->shape != COINLINE_SHAPE_LINE)
        return "--circle: a game of several rows is played on lines (a "
               "move takes an end of a row), not on a circle";
    if (rules->score != COINLINE_SCORE_TAKEN)
        return "--score: a game of several rows scores the coin taken "
               "only, not what remains";
    if (against != NULL)
        return "--against: the best reply to a known rule is for a game "
               "of one row";
    if (algo != COINLINE_ALGO_LINEAR)
        return "--algo: a game of several rows has one solver (each row "
               "fused, the values in decreasing order, O(n log n)); leave "
               "out --algo";
    return NULL;
}

static const char *side_word(coinline_side_t side)
{
    return side == COINLINE_SIDE_LEFT ? "left" : "right";
}

void cli_rows_put_move(FILE *fp, size_t row, coinline_side_t side, int64_t coin)
{
    fprintf(fp, "row %zu, %s end (%lld)", row + 1, side_word(side),
            (long long)coin);
}

void cli_rows_put_move_json(FILE *fp, size_t row, coinline_side_t side,
                            int64_t coin)
{
    if (side == COINLINE_SIDE_NONE) {
        fputs("null", fp);
        return;
    }
    fprintf(fp, "{\"row\":%zu,\"side\":\"%s\",\"coin\":%lld}", row + 1,
            side_word(side), (long long)coin);
}

int cli_rows_notation(char *buf, size_t row, coinline_side_t side)
{
    return snprintf(buf, 24, "%zu%c", row + 1,
                    side == COINLINE_SIDE_LEFT ? 'L' : 'R');
}

/* Row r's coins lo..hi-1 (of the row), the middle of a long one elided. */
static void put_row(FILE *fp, const int64_t *a, uint64_t lo, uint64_t hi,
                    size_t show)
{
    const uint64_t half = show / 2, len = hi - lo;
    for (uint64_t i = 0; i < len; i++) {
        if (len > show && i == half) {
            fprintf(fp, " ... (%llu more) ...",
                    (unsigned long long)(len - 2 * half));
            i = len - half;
        }
        fprintf(fp, "%s%lld", i == 0 ? "" : " ", (long long)a[lo + i]);
    }
}

void cli_rows_put_left(FILE *fp, const cli_rows_game_t *G, size_t show)
{
    const size_t half = show / 2;
    for (size_t r = 0; r < G->k; r++) {
        uint64_t lo = 0, hi = 0;
        if (G->k > show && r == half) {
            fprintf(fp, " / ... (%zu more rows) ...", G->k - 2 * half);
            r = G->k - half;
        }
        (void)coinline_multirow_game_row(G->g, r, &lo, &hi);
        fputs(r == 0 ? "" : " / ", fp);
        if (hi > lo) /* G->coins may be NULL when no row has a coin */
            put_row(fp, G->coins + G->start[r], lo, hi, show);
        else
            fputc('-', fp);
    }
}

int cli_rows_next_move(const char *text, size_t *at, size_t index,
                       uint64_t *row, coinline_side_t *side,
                       coinline_error_t *err)
{
    size_t i = *at;
    while (text[i] == ' ' || text[i] == ',' || text[i] == '\t')
        i++;
    if (text[i] == '\0')
        return 0;
    const size_t first = i;
    uint64_t v = 0;
    for (; text[i] >= '0' && text[i] <= '9' && v < UINT64_C(1) << 60; i++)
        v = v * 10 + (uint64_t)(text[i] - '0');
    const char e = text[i];
    if (i == first || v == 0 ||
        (e != 'L' && e != 'R' && e != 'l' && e != 'r')) {
        memset(err, 0, sizeof *err);
        err->line = 1;
        err->column = first + 1;
        snprintf(err->message, sizeof err->message,
                 "move %zu is not a row and an end (a row from 1, then L "
                 "or R: 2R)",
                 index);
        return COINLINE_EMOVE;
    }
    *row = v;
    *side = e == 'L' || e == 'l' ? COINLINE_SIDE_LEFT : COINLINE_SIDE_RIGHT;
    *at = i + 1;
    return 1;
}

int cli_rows_check_moves(const char *text, coinline_error_t *err)
{
    size_t at = 0;
    uint64_t row;
    coinline_side_t side;
    int rc;
    for (size_t k = 1;
         (rc = cli_rows_next_move(text, &at, k, &row, &side, err)) == 1; k++)
        continue;
    return rc;
}

/* The refusal of move index (column at) on G: its row is not there or
 * is empty. */
static int refuse_move(const cli_rows_game_t *G, size_t index, size_t at,
                       uint64_t row, coinline_error_t *err)
{
    memset(err, 0, sizeof *err);
    err->line = 1;
    err->column = at;
    if (row > G->k)
        snprintf(err->message, sizeof err->message,
                 "move %zu takes from row %llu, but the game has %zu rows",
                 index, (unsigned long long)row, G->k);
    else
        snprintf(err->message, sizeof err->message,
                 "move %zu takes from row %llu, which has no coin left", index,
                 (unsigned long long)row);
    return COINLINE_EMOVE;
}

int cli_rows_play_moves(cli_rows_game_t *G, const char *text,
                        coinline_error_t *err)
{
    size_t at = 0;
    uint64_t row;
    coinline_side_t side;
    int rc;
    for (size_t k = 1;
         (rc = cli_rows_next_move(text, &at, k, &row, &side, err)) == 1; k++) {
        size_t col = at;
        while (col > 1 && text[col - 2] >= '0' && text[col - 2] <= '9')
            col--;
        if (row > G->k)
            return refuse_move(G, k, col, row, err);
        rc = coinline_multirow_game_play(G->g, (size_t)row - 1, side);
        if (rc == COINLINE_EMOVE)
            return refuse_move(G, k, col, row, err);
        if (rc != COINLINE_OK)
            return rc;
    }
    return rc;
}
