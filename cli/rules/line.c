/* SPDX-License-Identifier: MIT */
/* line.c - the words of the shape line: a row, moves at its two ends. */
#include <stdlib.h>
#include <string.h>

#include "explain/row.h"
#include "words.h"

static void put_first_json(FILE *fp, uint64_t first, uint64_t n)
{
    fputs(first == 0   ? "null"
          : first == 1 ? "\"left\""
          : first == n ? "\"right\""
                       : "null",
          fp);
}

static void put_head(FILE *fp, size_t n)
{
    fprintf(fp, "%zu coin%s: ", n, n == 1 ? "" : "s");
}

static void put_take(FILE *fp, int64_t coin, uint64_t position, int any,
                     int last, int left)
{
    (void)position;
    (void)any;
    fprintf(fp, " %lld %s", (long long)coin,
            last   ? "(the last coin)"
            : left ? "from the left"
                   : "from the right");
}

static void put_left_where(FILE *fp, uint64_t left_end, uint64_t right_end,
                           uint64_t count)
{
    (void)fp;
    (void)left_end;
    (void)right_end;
    (void)count;
}

static void put_compact(FILE *fp, uint64_t first, const char *ends)
{
    (void)first;
    fprintf(fp, " %s", ends[0] != '\0' ? ends : "-");
}

/* --moves on a line: L or R each, either case. */
static int check_moves(const char *text, coinline_error_t *err)
{
    for (size_t k = 0; text[k] != '\0'; k++) {
        const char m = text[k];
        if (m == 'L' || m == 'R' || m == 'l' || m == 'r')
            continue;
        memset(err, 0, sizeof *err);
        err->line = 1;
        err->column = k + 1;
        snprintf(err->message, sizeof err->message,
                 "move %zu is '%c', not L or R%s", k + 1,
                 m >= 0x20 && m < 0x7f ? m : '?',
                 (m >= '0' && m <= '9') || m == ':'
                     ? " (a first position, P or P:LRL, is for --circle)"
                     : "");
        return COINLINE_EMOVE;
    }
    return COINLINE_OK;
}

static int play_moves(coinline_game_t *g, const char *text,
                      coinline_error_t *err)
{
    return coinline_game_play_text(g, text, strlen(text), err);
}

static void put_position_json(FILE *fp, uint64_t first)
{
    (void)fp;
    (void)first;
}

static const char *side_name(coinline_side_t side)
{
    return side == COINLINE_SIDE_LEFT    ? "left"
           : side == COINLINE_SIDE_RIGHT ? "right"
                                         : NULL;
}

static void put_best_json(FILE *fp, const coinline_game_state_t *st)
{
    const char *best = side_name(st->best_side);
    if (best != NULL)
        fprintf(fp, ",\"best_move\":\"%s\"", best);
    else
        fputs(",\"best_move\":null", fp);
}

static void put_best_words(FILE *fp, const coinline_game_state_t *st,
                           int64_t coin)
{
    fprintf(fp, "player %d to move, best move %s (%lld)", st->to_move,
            side_name(st->best_side), (long long)coin);
}

/* A line has no move where any coin may be taken. */
static void put_any_json(FILE *fp, uint64_t position)
{
    (void)fp;
    (void)position;
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
    /* solve */
    .streams = 1,
    .more = 0,
    .of = "",
    .linear_max = 0,
    .linear_why = "",
    .put_head = put_head,
    .put_take = put_take,
    .put_left_where = put_left_where,
    .put_compact = put_compact,
    .check_moves = check_moves,
    .play_moves = play_moves,
    .put_position_json = put_position_json,
    .put_best_json = put_best_json,
    .put_best_words = put_best_words,
    .gen_note = "",
    .rules_text = "The players take a coin from either end of the row in "
                  "turn, player 1 first.",
    .explain = cli_explain_row,
    /* play, duel, bots */
    .on = "",
    .positions = 0,
    .ring = 0,
    .any_move = "a move",
    .play_commands = "commands: l (take the left coin), r (the right), hint, "
                     "undo, new, quit, help\n",
    .bot_word = "game",
    .put_any_json = put_any_json,
    .record_circle = 0,
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
    .steps_refused = NULL,
};
