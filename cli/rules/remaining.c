/* SPDX-License-Identifier: MIT */
/* remaining.c - the words of the scoring remaining (LeetCode 1690, Stone
 * Game VII): a move scores the sum of the coins left after it. */
#include "words.h"

const cli_score_words_t cli_remaining_words = {
    .id = COINLINE_SCORE_REMAINING,
    .json = ",\"score\":\"remaining\"",
    /* solve */
    .plays_line = 1,
    .gen_note = "# score remaining: a move scores the sum of the coins left "
                "after it (coinline solve --score remaining)\n",
    .explain_refusal =
        "--score remaining: explain tells the classic scoring (the coin "
        "taken) only; for scoring by what remains, 'coinline solve --score "
        "remaining --line' tells the optimal line move by move with the "
        "scores, and --moves any position",
};
