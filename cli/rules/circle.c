/* SPDX-License-Identifier: MIT */
/* circle.c - the words of the shape circle (the pizza game): move 1 at
 * any position, then the two ends of the line left. */
#include <stdlib.h>
#include <string.h>

#include "circle.h"
#include "words.h"

static void put_first_json(FILE *fp, uint64_t first, uint64_t n)
{
    (void)n;
    if (first == 0)
        fputs("null", fp);
    else
        fprintf(fp, "%llu", (unsigned long long)first);
}

/* ---- review: table, analyze, serve ------------------------------------ */

/* The table: a cell (i, len) for the arc of len coins clockwise from
 * position i, len 1..n-1; beside them, m(i) of each first position. */
static void table_heading(FILE *fp, const char *gain)
{
    fprintf(fp,
            "V(i, len): the best margin (own total minus the other's) for "
            "the\nplayer to move on the arc of len coins clockwise from "
            "position i;\nL or R: the optimal move there (L: the coin at i, "
            "R: the arc's\nlast coin; ties to the left); *: the arcs of "
            "optimal play.\nm(i) = %s - V(i+1, n-1): player 1's final margin "
            "when it\ntakes the coin at i first; *: the optimal first "
            "position.\n",
            gain);
}

static size_t table_cols(size_t n)
{
    return n > 0 ? n - 1 : 0;
}

static uint64_t table_length(size_t n, size_t row, size_t col)
{
    (void)row;
    return col + 1 < n ? col + 1 : 0;
}

static size_t table_col(size_t row, uint64_t length)
{
    (void)row;
    return (size_t)length - 1;
}

static void table_verdict(FILE *fp, size_t n, uint64_t first,
                          const char *margin, const char *p1, const char *p2)
{
    (void)n;
    fprintf(fp,
            "m(%llu) = %s, the largest: player 1 takes the coin at %llu "
            "first.\nPlayer 1 ends with %s, player 2 with %s.\n",
            (unsigned long long)first, margin, (unsigned long long)first, p1,
            p2);
}

static const cli_table_words_t table_words = {
    .heading = table_heading,
    .columns = "len:",
    .coins_across = 0,
    .cols = table_cols,
    .length = table_length,
    .col = table_col,
    .verdict = table_verdict,
    .svg_title = "V(i, len): the best margin for the player to move on the "
                 "arc of len coins clockwise from position i; m(i): player "
                 "1's final margin when it takes the coin at i first",
    .svg_caption = {"V(i, len) of the arcs; m(i), player 1's margin when",
                    "it takes i first; framed, arrows: optimal play"},
    .svg_xlabel = "len: the coins of the arc",
    .svg_ylabel = "i: the arc's first position",
    .svg_legend = "the colour of V and m, from the lowest to the highest",
};

/* "9 (at 5)" for move 1, "2 (left, at 4)" after it. */
static void coin_words(char *buf, size_t size, int64_t coin,
                       coinline_side_t side, uint64_t position)
{
    if (side == COINLINE_SIDE_NONE)
        snprintf(buf, size, "%lld (at %llu)", (long long)coin,
                 (unsigned long long)position);
    else
        snprintf(buf, size, "%lld (%s, at %llu)", (long long)coin,
                 coinline_side_name(side), (unsigned long long)position);
}

/* "9 at 5" for move 1, "L 1 at 1" after it. */
static void line_move(char *buf, size_t size, int64_t coin,
                      coinline_side_t side, uint64_t position)
{
    if (side == COINLINE_SIDE_NONE)
        snprintf(buf, size, "%lld at %llu", (long long)coin,
                 (unsigned long long)position);
    else
        snprintf(buf, size, "%c %lld at %llu",
                 side == COINLINE_SIDE_RIGHT ? 'R' : 'L', (long long)coin,
                 (unsigned long long)position);
}

/* " (move 1 at 5)" */
static void best_first(char *buf, size_t size, uint64_t first)
{
    if (first > 0)
        snprintf(buf, size, " (move 1 at %llu)", (unsigned long long)first);
    else if (size > 0)
        buf[0] = '\0';
}

/* P or P:LRL: the classic review's fault, its column in text. */
static int moves_error(const char *text, const int64_t *coins, size_t n,
                       coinline_error_t *err)
{
    cli_circle_moves_t m;
    if (strpbrk(text, " \t,") != NULL)
        return 0;
    if (cli_circle_moves_parse(text, &m, err) != COINLINE_OK)
        return COINLINE_EMOVE;
    coinline_move_review_t *r = malloc((m.nmoves + 2) * sizeof *r);
    const int rc = r == NULL
                       ? COINLINE_ENOMEM
                       : coinline_circle_analyze(coins, n, m.first, m.moves,
                                                 m.nmoves, r, err);
    free(r);
    if (rc != COINLINE_EMOVE)
        return 0;
    err->line = 1;
    err->column = err->column > 0 ? err->column + m.column - 1 : 1;
    return rc;
}

const cli_shape_words_t cli_circle_words = {
    .id = COINLINE_SHAPE_CIRCLE,
    .noun = "circle",
    .json = ",\"circle\":true",
    .put_first_json = put_first_json,
    /* review */
    .first_any = 1,
    .table = &table_words,
    .where = " on a circle",
    .chart = ", on a circle",
    .took_width = 18, /* "-123 (right, at 45)" */
    .coin_words = coin_words,
    .line_move = line_move,
    .best_first = best_first,
    .moves_error = moves_error,
    .first_refused = NULL,
};
