/* SPDX-License-Identifier: MIT */
/* line.c - the words of the shape line: a row, moves at its two ends. */
#include <stdlib.h>
#include <string.h>

#include "words.h"

static void put_first_json(FILE *fp, uint64_t first, uint64_t n)
{
    fputs(first == 0   ? "null"
          : first == 1 ? "\"left\""
          : first == n ? "\"right\""
                       : "null",
          fp);
}

/* ---- review: table, analyze, serve ------------------------------------ */

/* The table: a cell (i, j) for the coins i..j, i <= j. */
static void table_heading(FILE *fp, const char *gain)
{
    (void)gain;
    fputs("V(i, j): the best margin (own total minus the other's) for the\n"
          "player to move on coins i..j; L or R: the optimal move there\n"
          "(ties to the left); *: the cells of the optimal line.\n",
          fp);
}

static size_t table_cols(size_t n)
{
    return n;
}

static uint64_t table_length(size_t n, size_t row, size_t col)
{
    (void)n;
    return col >= row ? col - row + 1 : 0;
}

static size_t table_col(size_t row, uint64_t length)
{
    return row + (size_t)length - 1;
}

static void table_verdict(FILE *fp, size_t n, uint64_t first,
                          const char *margin, const char *p1, const char *p2)
{
    (void)first;
    fprintf(fp, "V(1, %zu) = %s: player 1 ends with %s, player 2 with %s.\n", n,
            margin, p1, p2);
}

static const cli_table_words_t table_words = {
    .heading = table_heading,
    .columns = "j:",
    .coins_across = 1,
    .cols = table_cols,
    .length = table_length,
    .col = table_col,
    .verdict = table_verdict,
    .svg_title = "V(i, j): the best margin for the player to move on coins "
                 "i..j",
    .svg_caption = {"V(i, j): the best margin for the player to move",
                    "on coins i..j; framed, arrows: optimal play"},
    .svg_xlabel = "j: the last coin left",
    .svg_ylabel = "i: the first coin left",
    .svg_legend = "the colour of V, from the lowest to the highest",
};

/* "5 (right)" */
static void coin_words(char *buf, size_t size, int64_t coin,
                       coinline_side_t side, uint64_t position)
{
    (void)position;
    snprintf(buf, size, "%lld (%s)", (long long)coin, coinline_side_name(side));
}

/* "R 7" */
static void line_move(char *buf, size_t size, int64_t coin,
                      coinline_side_t side, uint64_t position)
{
    (void)position;
    snprintf(buf, size, "%c %lld", side == COINLINE_SIDE_RIGHT ? 'R' : 'L',
             (long long)coin);
}

static void best_first(char *buf, size_t size, uint64_t first)
{
    (void)first;
    if (size > 0)
        buf[0] = '\0';
}

/* L and R (either case): the classic review's fault. */
static int moves_error(const char *text, const int64_t *coins, size_t n,
                       coinline_error_t *err)
{
    const size_t len = strlen(text);
    if (strpbrk(text, " \t,") != NULL)
        return 0;
    coinline_move_review_t *r = malloc((len + 1) * sizeof *r);
    const int rc = r == NULL ? COINLINE_ENOMEM
                             : coinline_analyze(coins, n, text, len, r, err);
    free(r);
    return rc == COINLINE_EMOVE ? rc : 0;
}

const cli_shape_words_t cli_line_words = {
    .id = COINLINE_SHAPE_LINE,
    .noun = "row",
    .json = "",
    .put_first_json = put_first_json,
    /* review */
    .first_any = 0,
    .table = &table_words,
    .where = "",
    .chart = "",
    .took_width = 14, /* "-123 (right)" */
    .coin_words = coin_words,
    .line_move = line_move,
    .best_first = best_first,
    .moves_error = moves_error,
    .first_refused = "a first position needs \"circle\": true",
};
