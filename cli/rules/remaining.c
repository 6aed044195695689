/* SPDX-License-Identifier: MIT */
/* remaining.c - the words of the scoring remaining (LeetCode 1690, Stone
 * Game VII): a move scores the sum of the coins left after it. */
#include "words.h"

const cli_score_words_t cli_remaining_words = {
    .id = COINLINE_SCORE_REMAINING,
    .json = ",\"score\":\"remaining\"",
    /* review */
    .table_note = "A move scores the sum of the coins left after it (--score "
                  "remaining).\n",
    .gain = "(sum - coin(i))",
    .analyze_note = "a move scores the sum of the coins left after it; a "
                    "point lost is\na point of the final margin\n",
    .svg = " (a move scores the sum of the coins left after it)",
    .chart = ", scoring what remains",
};
