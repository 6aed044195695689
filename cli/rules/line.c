/* SPDX-License-Identifier: MIT */
/* line.c - the words of the shape line: a row, moves at its two ends. */
#include "words.h"

static void put_first_json(FILE *fp, uint64_t first, uint64_t n)
{
    fputs(first == 0   ? "null"
          : first == 1 ? "\"left\""
          : first == n ? "\"right\""
                       : "null",
          fp);
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
