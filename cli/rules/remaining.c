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
    .classic = 0,
    .rules_text = "A move scores the sum of the coins left after it "
                  "(LeetCode 1690, \"Stone Game VII\").",
    .recursion =
        "The recursion: on a run of coins x..y with sum S(x..y), the player "
        "to move secures the margin (own score minus the other's, from "
        "there on) V(x..y) = max(S(x+1..y) - V(x+1..y), S(x..y-1) - "
        "V(x..y-1)), and V = 0 on one coin (taking the last coin scores "
        "nothing). Solved as written that is O(n^2), as LeetCode's "
        "solutions do; coinline uses V(x..y) = (S(x..y) + W(x..y) + m mod 2) "
        "/ 2, where W is the classic game's value on the coins -c-1 and m "
        "the run's length (lib/remaining.c proves it), so the value takes "
        "O(n) and the line O(n log n).",
};
