/* SPDX-License-Identifier: MIT */
/* remaining.c - the words of the scoring remaining (LeetCode 1690, Stone
 * Game VII): a move scores the sum of the coins left after it. */
#include "decimal.h"
#include "explain/any.h"
#include "wide.h"
#include "words.h"

/* A move's score is not its coin: said after it. */
static void put_gain(char *buf, size_t size, coinline_i128_t gain)
{
    char s[COINLINE_I128_STRLEN];
    snprintf(buf, size, " scoring %s", cli_wide_str(cl_to_wide(gain), s));
}

/* Best play fixes the margin, not the scores (lib/remaining.c, 4.): the
 * mover's final margin, its own score minus the other's. */
static void put_outcome(char *buf, size_t size, const coinline_game_state_t *st,
                        coinline_i128_t sum)
{
    char s[COINLINE_I128_STRLEN];
    (void)sum;
    const cl_wide fm = cl_to_wide(st->final_margin);
    const cl_wide mine = st->to_move == 2 ? -fm : fm;
    if (mine == 0)
        snprintf(buf, size, " level");
    else
        snprintf(buf, size, " %s %s", cli_wide_str(mine > 0 ? mine : -mine, s),
                 mine > 0 ? "ahead" : "behind");
}

const cli_score_words_t cli_remaining_words = {
    .id = COINLINE_SCORE_REMAINING,
    .json = ",\"score\":\"remaining\"",
    /* solve */
    .plays_line = 1,
    .gen_note = "# score remaining: a move scores the sum of the coins left "
                "after it (coinline solve --score remaining)\n",
    .explain = cli_explain_any,
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
    .steps_refused = "the steps are those of the classic table, where a move "
                     "scores the coin it takes; scoring what remains, the "
                     "table is coinline table --score remaining, the "
                     "recursion and a short row's table coinline explain "
                     "--score remaining",
    /* play, duel, bots */
    .phrase = " (a move scores the coins left)",
    .margin_per_loss = 1,
    .classic_bots = 0,
    .put_gain = put_gain,
    .put_outcome = put_outcome,
    /* review */
    .table_note = "A move scores the sum of the coins left after it (--score "
                  "remaining).\n",
    .gain = "(sum - coin(i))",
    .analyze_note = "a move scores the sum of the coins left after it; a "
                    "point lost is\na point of the final margin\n",
    .svg = " (a move scores the sum of the coins left after it)",
    .chart = ", scoring what remains",
};
