/* SPDX-License-Identifier: MIT */
/*
 * Scoring by what remains (COINLINE_SCORE_REMAINING, LeetCode 1690 "Stone
 * Game VII"): LeetCode's two examples and its explained line of play;
 * the margin against the classic game on ~a, (S + V(~a) + n mod 2) / 2,
 * on random rows with int64's extremes (the reduction lib/remaining.c
 * proves, checked through the classic calls); a row of 10^6 coins solved
 * in O(n log n) against the O(n) value of that formula and its own
 * scores, and LINEAR against DP on a row the programme can do.
 * (tests/unit/test_game.c checks every rule set against the programme of
 * the recurrence and exhaustive play.)
 */
#include <stdlib.h>
#include <string.h>

#include "coinline.h"
#include "common/check.h"
#include "common/rng.h"
#include "common/tap.h"

static const coinline_rules_t line_rem =
    COINLINE_RULES_INIT(COINLINE_SHAPE_LINE, COINLINE_SCORE_REMAINING);
static const coinline_rules_t circle_rem =
    COINLINE_RULES_INIT(COINLINE_SHAPE_CIRCLE, COINLINE_SCORE_REMAINING);

static i128 W(coinline_i128_t v)
{
    return i128_from_ci(v);
}

static void test_leetcode(void)
{
    static const int64_t ex1[] = {5, 3, 1, 4, 2};
    static const int64_t ex2[] = {7, 90, 5, 1, 100, 10, 10, 2};
    coinline_game_result_t r;
    int good = 1;
    for (int algo = 0; algo < 3; algo++) {
        good &= coinline_game_solve(&line_rem, ex1, 5, (coinline_algo_t)algo,
                                    &r) == 0 &&
                W(r.margin) == 6 && r.winner == COINLINE_WINNER_FIRST;
        good &= coinline_game_solve(&line_rem, ex2, 8, (coinline_algo_t)algo,
                                    &r) == 0 &&
                W(r.margin) == 122;
    }
    ok(good, "LeetCode 1690's examples: 5 3 1 4 2 gives 6, 7 90 5 1 100 10 "
             "10 2 gives 122 (LINEAR, DP, BRUTE)");
    /* LeetCode's explanation: Alice takes 2 (13), Bob 5 (8), Alice 3 (5),
     * Bob 1 (4), Alice 4 (0): 18 to 12 */
    coinline_game_t *g = NULL;
    coinline_game_state_t st;
    ok(coinline_game_new(&line_rem, ex1, 5, &g) == 0 &&
           coinline_game_play_text(g, "RLLLL", 5, NULL) == 0 &&
           coinline_game_state(g, &st) == 0 && W(st.p1) == 18 &&
           W(st.p2) == 12 && W(st.final_margin) == 6 && st.to_move == 0,
       "its explained line, RLLLL, scores 18 and 12 in the game");
    coinline_game_free(g);
}

/* ~a of a[0..n-1] into b. */
static void complement(const int64_t *a, size_t n, int64_t *b)
{
    for (size_t i = 0; i < n; i++)
        b[i] = ~a[i];
}

static i128 sum_of(const int64_t *a, size_t n)
{
    i128 s = 0;
    for (size_t i = 0; i < n; i++)
        s += a[i];
    return s;
}

/* The margin the reduction gives, from the classic calls on ~a. */
static int reduced(const coinline_rules_t *rules, const int64_t *a,
                   const int64_t *b, size_t n, i128 *margin, uint64_t *first)
{
    i128 v;
    if (rules->shape == COINLINE_SHAPE_LINE) {
        coinline_result_t r;
        if (coinline_solve(b, n, COINLINE_ALGO_LINEAR, &r) != 0)
            return 0;
        v = W(r.margin);
        *first = n == 0 ? 0 : r.first_move == COINLINE_SIDE_LEFT ? 1 : n;
    } else {
        coinline_circle_result_t r;
        if (coinline_circle_solve(b, n, COINLINE_ALGO_LINEAR, &r) != 0)
            return 0;
        v = W(r.margin);
        *first = r.first;
    }
    *margin = (sum_of(a, n) + v + (i128)(n % 2)) / 2;
    return 1;
}

static void test_reduction(void)
{
    rng_t r;
    int64_t a[300], b[300];
    rng_seed(&r, 7);
    for (int shape = 0; shape < 2; shape++) {
        const coinline_rules_t *const rules = shape ? &circle_rem : &line_rem;
        tally_t t = {0, 0};
        for (int c = 0; c < 2000; c++) {
            const size_t n = rng_below(&r, c % 2 ? 300 : 20);
            coinline_game_result_t got;
            i128 margin = 0;
            uint64_t first = 0;
            char row[96];
            gen_values(&r, a, n, (vals_t)(c % (int)VALS_COUNT));
            complement(a, n, b);
            const int good =
                coinline_game_solve(rules, a, n, COINLINE_ALGO_LINEAR, &got) ==
                    0 &&
                reduced(rules, a, b, n, &margin, &first) &&
                W(got.margin) == margin && got.first == first &&
                W(got.p1) - W(got.p2) == margin && W(got.sum) == sum_of(a, n);
            if (!tally_check(&t, good))
                tally_note(&t, "%s on [%s]", shape ? "circle" : "line",
                           row_str(a, n, row, sizeof row));
        }
        ok(tally_passed(&t),
           "%s,remaining: 2000 random rows (every alphabet, INT64_MIN "
           "included): margin = (S + V(~a) + n mod 2) / 2 and the first "
           "move of the classic game on ~a, p1 - p2 = margin",
           shape ? "circle" : "line");
    }
}

/* A long row: the O(n log n) solve against the O(n) formula, and LINEAR
 * against DP where the programme can go. */
static void test_long(size_t n, size_t n_dp)
{
    int64_t *a = row_alloc(n), *b = row_alloc(n);
    uint64_t state = 1690, first = 0;
    coinline_game_result_t got, dp;
    i128 margin = 0;
    coinline_random_row(&state, -1000000000, 1000000000, a, n);
    complement(a, n, b);
    ok(coinline_game_solve(&line_rem, a, n, COINLINE_ALGO_LINEAR, &got) == 0 &&
           reduced(&line_rem, a, b, n, &margin, &first) &&
           W(got.margin) == margin && got.first == first &&
           W(got.p1) - W(got.p2) == margin && got.steps > n,
       "%zu coins: the line played by the engine has the margin and first "
       "move of the O(n) reduction, p1 - p2 = margin",
       n);
    ok(coinline_game_solve(&line_rem, a, n_dp, COINLINE_ALGO_LINEAR, &got) ==
               0 &&
           coinline_game_solve(&line_rem, a, n_dp, COINLINE_ALGO_DP, &dp) ==
               0 &&
           W(got.margin) == W(dp.margin) && W(got.p1) == W(dp.p1) &&
           W(got.p2) == W(dp.p2) && got.first == dp.first,
       "%zu coins: LINEAR and DP give the same margin, scores and first "
       "move",
       n_dp);
    free(a);
    free(b);
}

int main(void)
{
    const int slow = under_valgrind();
    test_leetcode();
    test_reduction();
    test_long(slow ? 100000 : 1000000, slow ? 300 : 3000);
    return done_testing();
}
