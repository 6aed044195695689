/* SPDX-License-Identifier: MIT */
/* circle.c - the words of the shape circle (the pizza game): move 1 at
 * any position, then the two ends of the line left. */
#include "words.h"

static void put_first_json(FILE *fp, uint64_t first, uint64_t n)
{
    (void)n;
    if (first == 0)
        fputs("null", fp);
    else
        fprintf(fp, "%llu", (unsigned long long)first);
}

/* play --json: move 1's position apart, the L/R moves after it. */
static void put_any_json(FILE *fp, uint64_t position)
{
    fputs(",\"first_move\":", fp);
    put_first_json(fp, position, 0);
}

const cli_shape_words_t cli_circle_words = {
    .id = COINLINE_SHAPE_CIRCLE,
    .noun = "circle",
    .json = ",\"circle\":true",
    .put_first_json = put_first_json,
    /* play, duel, bots */
    .on = " on a circle",
    .positions = 1,
    .ring = 1,
    .any_move = "the first move",
    .play_commands = "commands: a number P (take the coin at position P: any "
                     "for the first move, an end after it), l (take the left "
                     "end), r (the right), hint, undo, new, quit, help\n",
    .bot_word = "circle",
    .put_any_json = put_any_json,
    .record_circle = 1,
};
