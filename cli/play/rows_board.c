/* SPDX-License-Identifier: MIT */
/*
 * rows_board.c - the rows of a game of several rows on the full screen,
 * a line each: its number from 1, the coins it has left between
 * brackets, bold, with its two ends reversed as board.c marks the ends
 * of one row, the row chosen (the cursor) marked '>'. A row wider than
 * the screen keeps its ends and elides its middle, as a long row does
 * (" ... (N more) ... "); more rows than lines show a window of rows that
 * holds the cursor, and say how many are above and below.
 */
#include <stdlib.h>
#include <string.h>

#include "rows_board.h"

/* The room a coin takes: its digits and a blank. */
static size_t coin_width(int64_t c)
{
    char num[24];
    return (size_t)snprintf(num, sizeof num, "%lld", (long long)c) + 1;
}

/* Coin a[j] of the coins left a[lo..hi-1]: the ends reversed. */
static void put_coin(FILE *fp, const int64_t *a, uint64_t j, uint64_t lo,
                     uint64_t hi)
{
    const int end = j == lo || j + 1 == hi;
    fprintf(fp, "%s\033[%sm%lld\033[0m", j == lo ? "" : " ", end ? "1;7" : "1",
            (long long)a[j]);
}

/* How many coins from each end of a[lo..hi-1] fit in room characters
 * (all of them: hi - lo). */
static uint64_t fitting(const int64_t *a, uint64_t lo, uint64_t hi, size_t room)
{
    size_t used = 0;
    uint64_t k = 0;
    while (lo + k < hi - k) {
        const size_t w = coin_width(a[lo + k]) +
                         (lo + k < hi - k - 1 ? coin_width(a[hi - k - 1]) : 0);
        if (used + w > room)
            break;
        used += w;
        k++;
    }
    return k;
}

/* Row r's line, at most cols characters wide. */
static void put_row(FILE *fp, const play_rows_t *R, size_t r, int cols,
                    int marked)
{
    uint64_t lo, hi;
    (void)coinline_multirow_game_row(R->G.g, r, &lo, &hi);
    /* R->coins is NULL when no row has a coin */
    const int64_t *a = R->coins != NULL ? R->coins + R->G.start[r] : NULL;
    char head[32];
    const int hw =
        snprintf(head, sizeof head, " %c %zu: ", marked ? '>' : ' ', r + 1);
    fputs(head, fp);
    if (lo == hi) {
        fputs("-\n", fp);
        return;
    }
    const size_t room = cols > hw + 30 ? (size_t)(cols - hw - 30) : 8;
    const uint64_t k = fitting(a, lo, hi, room);
    fputc('[', fp);
    if (2 * k >= hi - lo || (lo + k >= hi - k)) {
        for (uint64_t j = lo; j < hi; j++)
            put_coin(fp, a, j, lo, hi);
    } else {
        const uint64_t show = k > 0 ? k : 1;
        for (uint64_t j = lo; j < lo + show; j++)
            put_coin(fp, a, j, lo, hi);
        fprintf(fp, " ... (%llu more) ...",
                (unsigned long long)(hi - lo - 2 * show));
        for (uint64_t j = hi - show; j < hi; j++)
            put_coin(fp, a, j, lo, hi);
    }
    fputs("]\n", fp);
}

int play_rows_board(const play_rows_t *R, int lines, int cols, size_t cursor,
                    FILE *fp)
{
    size_t first = 0, shown = R->k;
    int written = 0;
    if (lines < 3)
        lines = 3;
    if (R->k > (size_t)lines) {
        shown = (size_t)lines - 2; /* a line above and below for the rest */
        first = cursor > shown / 2 ? cursor - 1 - shown / 2 : 0;
        if (first + shown > R->k)
            first = R->k - shown;
    }
    if (first > 0) {
        fprintf(fp, "   (%zu rows above)\n", first);
        written++;
    }
    for (size_t r = first; r < first + shown; r++, written++)
        put_row(fp, R, r, cols, r + 1 == cursor);
    if (first + shown < R->k) {
        fprintf(fp, "   (%zu rows below)\n", R->k - first - shown);
        written++;
    }
    return written;
}
