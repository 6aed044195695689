/* SPDX-License-Identifier: MIT */
/* line.c - the words of the shape line: a row, moves at its two ends. */
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
};
