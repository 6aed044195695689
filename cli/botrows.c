/* SPDX-License-Identifier: MIT */
/*
 * botrows.c - the rows' side of the bot protocol (botrows.h,
 * docs/protocol.md "Several rows").
 *
 * A game of several rows has no one pair of ends, so the classic words L
 * and R mean nothing in it: every move is a position, the place of its
 * coin among all the coins as the "rows" line sent them, which names the
 * row and the end at once. The bot is told the other player's moves as
 * positions ("opp P", one per move, read from the caller's history) and,
 * at each "go", every row's ends, so that a bot may keep no state but the
 * coins. The go line is as long as the rows with coins left: it is
 * streamed as the first line is (bot.h), never held whole. A reply is
 * judged here, by the row its position falls in: a number outside the
 * coins, a coin of a row that has none left, a coin that is not an end
 * of its row, each has its verdict; the lines, their deadlines and the
 * process are bot.c's.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "botrows.h"

uint64_t cli_rows_position(const cli_rows_game_t *G, size_t row,
                           coinline_side_t side)
{
    uint64_t lo, hi;
    if (coinline_multirow_game_row(G->g, row, &lo, &hi) != COINLINE_OK ||
        lo >= hi)
        return 0;
    return G->start[row] + (side == COINLINE_SIDE_LEFT ? lo + 1 : hi);
}

int cli_botrows_begin(cli_botrows_t *R, const cli_rows_game_t *G, int seat)
{
    char head[48];
    const size_t n = (size_t)G->start[G->k];
    if (seat != 1 && seat != 2)
        return COINLINE_EINVAL;
    int64_t *values = malloc((G->k + n + 1) * sizeof *values);
    if (values == NULL)
        return COINLINE_ENOMEM;
    for (size_t r = 0; r < G->k; r++)
        values[r] = (int64_t)G->lens[r];
    if (n > 0)
        memcpy(values + G->k, G->coins, n * sizeof *values);
    snprintf(head, sizeof head, "rows %d %zu", seat, G->k);
    R->seat = seat;
    R->told = 0;
    return cli_bot_start(R->bot, head, values, G->k + n);
}

/* The "go" line's numbers: the coins left, the rows with coins left, and
 * the positions of each one's ends. NULL when out of memory. */
static int64_t *go_values(const cli_rows_game_t *G, uint64_t left,
                          size_t *count)
{
    int64_t *v = malloc((2 * G->k + 2) * sizeof *v);
    size_t m = 0;
    if (v == NULL)
        return NULL;
    for (size_t r = 0; r < G->k; r++) {
        const uint64_t a = cli_rows_position(G, r, COINLINE_SIDE_LEFT);
        if (a != 0) {
            v[2 + 2 * m] = (int64_t)a;
            v[3 + 2 * m] =
                (int64_t)cli_rows_position(G, r, COINLINE_SIDE_RIGHT);
            m++;
        }
    }
    v[0] = (int64_t)left;
    v[1] = (int64_t)m;
    *count = 2 + 2 * m;
    return v;
}

/* The "opp" lines of the moves of the other player since the bot's last
 * move into before (size bytes). Returns 0, or -1 when they do not fit
 * (a caller that skipped the bot's turns). */
static int opp_lines(cli_botrows_t *R, const uint64_t *history, uint64_t moves,
                     char *before, size_t size)
{
    size_t k = 0;
    before[0] = '\0';
    for (; R->told < moves; R->told++) {
        const int mover = R->told % 2 == 0 ? 1 : 2;
        if (mover == R->seat)
            continue;
        const int w = snprintf(before + k, size - k, "opp %llu\n",
                               (unsigned long long)history[R->told]);
        if (w < 0 || (size_t)w >= size - k)
            return -1;
        k += (size_t)w;
    }
    return 0;
}

/* The row (0-based) that position p (1 to n) falls in: the last whose
 * start is below p. */
static size_t row_of(const cli_rows_game_t *G, uint64_t p)
{
    size_t lo = 0, hi = G->k; /* start[lo] < p <= start[hi] */
    while (hi - lo > 1) {
        const size_t mid = lo + (hi - lo) / 2;
        if (G->start[mid] < p)
            lo = mid;
        else
            hi = mid;
    }
    return lo; /* start[lo] < p <= start[lo + 1]: never an empty row */
}

/* Judges the position text (digits, NUL-ended): an end of a row with
 * coins left, into *row and *side; else the bot forfeits. */
static int judge_position(cli_botrows_t *R, const cli_rows_game_t *G,
                          const char *text, size_t *row, coinline_side_t *side)
{
    const uint64_t n = G->start[G->k];
    const unsigned long long p = strtoull(text, NULL, 10); /* saturates */
    if (p == 0 || p > n)
        return cli_bot_refuse(R->bot,
                              "illegal move: position %.40s is not in the "
                              "rows (1 to %llu)",
                              text, (unsigned long long)n);
    *row = row_of(G, p);
    const uint64_t a = cli_rows_position(G, *row, COINLINE_SIDE_LEFT);
    const uint64_t b = cli_rows_position(G, *row, COINLINE_SIDE_RIGHT);
    *side = p == a ? COINLINE_SIDE_LEFT : COINLINE_SIDE_RIGHT;
    if (a != 0 && (p == a || p == b))
        return COINLINE_OK;
    if (a == 0)
        return cli_bot_refuse(R->bot,
                              "illegal move: position %llu is not an end of "
                              "its row (row %zu has no coin left)",
                              p, *row + 1);
    if (a == b)
        return cli_bot_refuse(R->bot,
                              "illegal move: position %llu is not an end of "
                              "its row (the only coin left of row %zu is %llu)",
                              p, *row + 1, (unsigned long long)a);
    return cli_bot_refuse(R->bot,
                          "illegal move: position %llu is not an end of its "
                          "row (row %zu's ends are %llu and %llu)",
                          p, *row + 1, (unsigned long long)a,
                          (unsigned long long)b);
}

/* Judges a reply line[0..len-1]: a position, with blanks around it. */
static int judge(cli_botrows_t *R, const cli_rows_game_t *G, char *line,
                 size_t len, size_t *row, coinline_side_t *side)
{
    char q[CLI_BOT_LINE_MAX * 4 + 16];
    size_t from = 0, to = len, digits = 0;
    while (from < to && strchr(" \t\r", line[from]) != NULL)
        from++;
    while (to > from && strchr(" \t\r", line[to - 1]) != NULL)
        to--;
    while (from + digits < to && line[from + digits] >= '0' &&
           line[from + digits] <= '9')
        digits++;
    if (digits > 0 && digits == to - from) {
        line[to] = '\0';
        return judge_position(R, G, line + from, row, side);
    }
    cli_bot_quote(q, sizeof q, line, len);
    return cli_bot_refuse(R->bot, "garbage: %s is not a position", q);
}

int cli_botrows_choose(cli_botrows_t *R, const cli_rows_game_t *G,
                       const uint64_t *history, uint64_t moves, size_t *row,
                       coinline_side_t *side)
{
    coinline_multirow_state_t st;
    char before[128], line[CLI_BOT_LINE_MAX + 16];
    size_t count, len;
    if (coinline_multirow_game_state(G->g, &st) != COINLINE_OK ||
        st.to_move != R->seat || st.moves != moves || moves < R->told ||
        opp_lines(R, history, moves, before, sizeof before) != 0)
        return COINLINE_EINVAL;
    int64_t *values = go_values(G, st.left, &count);
    if (values == NULL)
        return COINLINE_ENOMEM;
    int rc = cli_bot_ask(R->bot, before, "go", values, count, line, &len);
    if (rc == COINLINE_OK)
        rc = judge(R, G, line, len, row, side);
    return rc;
}
