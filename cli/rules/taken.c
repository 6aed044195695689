/* SPDX-License-Identifier: MIT */
/* taken.c - the words of the scoring taken (the classic game): a move
 * scores the coin it takes. */
#include "words.h"

const cli_score_words_t cli_taken_words = {
    .id = COINLINE_SCORE_TAKEN,
    .json = "",
    /* solve */
    .plays_line = 0,
    .gen_note = "",
    .classic = 1,
    .rules_text = "A move scores the coin it takes.",
    .recursion = "The recursion: on a run of coins x..y the player to move "
                 "secures the margin V(x..y) = max(c(x) - V(x+1..y), c(y) - "
                 "V(x..y-1)), and V = 0 on no coin.",
};
