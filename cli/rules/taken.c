/* SPDX-License-Identifier: MIT */
/* taken.c - the words of the scoring taken (the classic game): a move
 * scores the coin it takes. */
#include <string.h>

#include "decimal.h"
#include "wide.h"
#include "words.h"

/* The coin is the move's score: nothing to add. */
static void put_gain(char *buf, size_t size, coinline_i128_t gain)
{
    (void)gain;
    if (size > 0)
        buf[0] = '\0';
}

/* Every coin goes to one player or the other, so best play fixes both
 * totals: the mover's, its own so far and half of the coins left plus
 * the value, and the other's, the rest of the sum. */
static void put_outcome(char *buf, size_t size, const coinline_game_state_t *st,
                        coinline_i128_t sum)
{
    char mine_s[COINLINE_I128_STRLEN], other_s[COINLINE_I128_STRLEN];
    const cl_wide p1 = cl_to_wide(st->p1), p2 = cl_to_wide(st->p2);
    const cl_wide all = cl_to_wide(sum), left = all - p1 - p2;
    const cl_wide mine =
        (st->to_move == 2 ? p2 : p1) + (left + cl_to_wide(st->value)) / 2;
    snprintf(buf, size, " with %s against %s", cli_wide_str(mine, mine_s),
             cli_wide_str(all - mine, other_s));
}

const cli_score_words_t cli_taken_words = {
    .id = COINLINE_SCORE_TAKEN,
    .json = "",
    /* solve */
    .plays_line = 0,
    .gen_note = "",
    .explain = NULL, /* the shape's */
    .rules_text = "A move scores the coin it takes.",
    .recursion = "The recursion: on a run of coins x..y the player to move "
                 "secures the margin V(x..y) = max(c(x) - V(x+1..y), c(y) - "
                 "V(x..y-1)), and V = 0 on no coin.",
    .steps_refused = NULL,
    /* play, duel, bots */
    .phrase = "",
    .margin_per_loss = 2,
    .classic_bots = 1,
    .put_gain = put_gain,
    .put_outcome = put_outcome,
    /* review */
    .table_note = "",
    .gain = "coin(i)",
    .analyze_note = "",
    .svg = "",
    .chart = "",
};
