/* SPDX-License-Identifier: MIT */
/*
 * remaining.c - the scoring COINLINE_SCORE_REMAINING (LeetCode 1690,
 * "Stone Game VII"): a move scores the sum of the coins left after it;
 * each player maximises its own score minus the other's. Known solutions
 * are O(n^2) programmes over runs. Here it is the classic game on other
 * coins, so every shape's solvers and engine play it as they are: O(n) for
 * the value of a line, O(n log n) for its line of play and for a circle.
 *
 * Notation. A position: the coins left (which ones a move may take is the
 * shape's affair: the ends of a line, any coin at a circle's move 1), m of
 * them, summing to R. W: the value under REMAINING for the player to
 * move, its score minus the other's from here on. v(x): the classic value
 * (a move scores the coin it takes) of the same position when every coin
 * c is replaced by x(c).
 *
 * 1. W = (R + v(-a)) / 2 at every position, and the optimal moves are the
 *    same. By induction on m. No coin left: W = 0 = (0 + 0) / 2. Else a
 *    move takes a coin c and scores R - c; the other player then faces a
 *    position of m - 1 coins summing to R - c, worth (R - c + v'(-a)) / 2
 *    to it by induction, v' the classic value there. So the move is worth
 *        (R - c) - (R - c + v'(-a)) / 2 = (R + (-c - v'(-a))) / 2
 *    to the mover, and -c - v'(-a) is exactly what the same move is worth
 *    in the classic game on -a. The two games have the same moves (the
 *    shape decides them, not the values), and x -> (R + x) / 2 is
 *    increasing: the best move is the same in both, ties included, and
 *    W = (R + v(-a)) / 2. Exact: on -a, v = (what the other takes) -
 *    (what the mover takes) of the coins left, so R + v is twice what the
 *    other takes.
 *    So the mover's margin from any position is what the other player
 *    takes from there: a coin taken at move t is left after moves 1 to
 *    t - 1, so it counts once in each of their scores, and of those t - 1
 *    moves the taker's opponent made one more than the taker when t - 1
 *    is odd, as many when it is even. The whole game's margin is the sum
 *    of the coins player 2 takes, whichever moves are played.
 *
 * 2. ~a instead of -a. -a overflows for INT64_MIN; ~a = -a - 1 never does.
 *    Adding a constant k to every coin adds k (m mod 2) to the classic own
 *    minus other's of every line of play from a position of m coins (each
 *    move takes one coin, the moves alternate: the mover takes ceil(m / 2)
 *    coins, the other floor(m / 2), whatever is played), so it adds that
 *    to the value, and the same to every move's worth there (each leaves
 *    m - 1 coins): no move's ranking changes. With k = -1,
 *    v(-a) = v(~a) + (m mod 2), and
 *        W = (R + v(~a) + (m mod 2)) / 2,
 *    the shape's optimal moves on ~a being the optimal moves here. This
 *    is remaining_value() below; the shapes play on b = ~a
 *    (remaining_coins()).
 *
 * 3. A move's loss. The classic loss of taking b_c where the value was V
 *    and the other's value after is V' is (V - (b_c - V')) / 2 (analyze.c:
 *    points of the mover's total). On b = ~a: V = v - (m mod 2), b_c =
 *    -c - 1, V' = v' - ((m - 1) mod 2), v and v' on -a, and the two
 *    parities sum to 1, so (V - (b_c - V')) / 2 = (v - (-c - v')) / 2,
 *    which by 1. is W minus what the move is worth: the margin the move
 *    gives away under REMAINING. The seam computes every loss as the
 *    classic loss on b, so a loss here is in points of the margin (under
 *    TAKEN in points of the mover's total, half the margin it gives away,
 *    as the total of the scores is fixed there): 0 exactly for the
 *    optimal moves, never negative, and over a game the final margin is
 *    the optimal margin minus player 1's losses plus player 2's.
 *
 * 4. The scores. The margin of optimal play is fixed; the scores are not:
 *    p1 + p2 depends on the order of play (on 0 0 1 one optimal line
 *    scores 1 and 1, another 0 and 0). So a solve gives the scores along
 *    the optimal line with ties to the left, coinline_game_line()'s: it
 *    plays that line (remaining_solve()). What a player "secures" before
 *    a move is its final margin then (remaining_secured()), own - other's
 *    so far plus W: no final score is guaranteed.
 *
 * 5. The strategies work on b as the classic game sees it: greedy on ~a
 *    takes the larger ~c, the smaller coin, whose move scores the most
 *    (R - c); parity on ~a forces the other player to take the class of
 *    smaller ~a sums, the class of larger sums of a, and so the other
 *    strategies.
 *
 * Checked (tests/unit/test_remaining.c) against a direct programme of
 * LeetCode 1690's recurrence on lines and on circles, and exhaustive play.
 */
#include <stdlib.h>

#include "rules.h"

static int remaining_coins(const int64_t *a, size_t n, const int64_t **b,
                           int64_t **owned)
{
    int64_t *const c = malloc((n > 0 ? n : 1) * sizeof *c);
    *b = *owned = c;
    if (c == NULL)
        return COINLINE_ENOMEM;
    for (size_t i = 0; i < n; i++)
        c[i] = ~a[i];
    return COINLINE_OK;
}

static int64_t remaining_coin(int64_t a)
{
    return ~a;
}

static cl_wide remaining_gain(int64_t coin, cl_wide left)
{
    return left - coin;
}

static cl_wide remaining_value(cl_wide classic, cl_wide left, uint64_t count)
{
    return (left + classic + (cl_wide)(count % 2)) / 2;
}

static cl_wide remaining_secured(cl_wide own, cl_wide other, cl_wide left,
                                 cl_wide value)
{
    (void)left;
    return own - other + value;
}

static int remaining_solve(const cl_shape_t *shape,
                           const coinline_rules_t *rules, const int64_t *a,
                           size_t n, coinline_algo_t algo, cl_solution_t *out)
{
    (void)shape;
    return cl_game_line(rules, a, n, algo, NULL, out);
}

const cl_score_t cl_score_remaining = {
    .id = COINLINE_SCORE_REMAINING,
    .name = "remaining",
    .coins = remaining_coins,
    .coin = remaining_coin,
    .gain = remaining_gain,
    .value = remaining_value,
    .secured = remaining_secured,
    .solve = remaining_solve,
};
