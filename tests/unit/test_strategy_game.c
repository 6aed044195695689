/* SPDX-License-Identifier: MIT */
/*
 * Strategies over a game under any rules (coinline_strategy_choose(),
 * coinline_strategy_custom_game()): under the classic scoring, the moves
 * and random draws of the classic calls exactly (coinline_strategy_move()
 * on a line's engine, coinline_strategy_first() and the engine of the line
 * left on a circle), seeded games compared move by move; under REMAINING,
 * every built-in rule at every position of random games against what this
 * file computes from the row (the largest immediate score, parity on ~a,
 * the state's best, the spread of the random moves); a caller's choice
 * over the game and its refusals; the old move functions where they are
 * called and where refused.
 */
#include <stdlib.h>
#include <string.h>

#include "coinline.h"
#include "common/check.h"
#include "common/rng.h"
#include "common/tap.h"

enum { MAXN = 80, VALGRIND_SCALE = 10 };
static int scale = 1;

static const coinline_rules_t rules_of[4] = {
    COINLINE_RULES_INIT(COINLINE_SHAPE_LINE, COINLINE_SCORE_TAKEN),
    COINLINE_RULES_INIT(COINLINE_SHAPE_CIRCLE, COINLINE_SCORE_TAKEN),
    COINLINE_RULES_INIT(COINLINE_SHAPE_LINE, COINLINE_SCORE_REMAINING),
    COINLINE_RULES_INIT(COINLINE_SHAPE_CIRCLE, COINLINE_SCORE_REMAINING)};

static const char *const specs[] = {"optimal", "greedy", "parity", "random",
                                    "fallible:0.3"};

static coinline_strategy_t *strategy(const char *spec, uint64_t seed)
{
    coinline_strategy_t *s = NULL;
    if (coinline_strategy_new(spec, seed, &s) != COINLINE_OK) {
        diag("coinline_strategy_new(%s) failed", spec);
        exit(1);
    }
    return s;
}

static coinline_game_t *game(int rules, const int64_t *a, size_t n)
{
    coinline_game_t *g = NULL;
    if (coinline_game_new(&rules_of[rules], a, n, &g) != COINLINE_OK) {
        diag("coinline_game_new() failed");
        exit(1);
    }
    return g;
}

/* ---- TAKEN: the classic calls' moves and draws -------------------------- */

/* Self-play of spec on a line: the game's choices against the engine's. */
static int same_line_game(const char *spec, uint64_t seed, const int64_t *a,
                          size_t n)
{
    coinline_strategy_t *s1 = strategy(spec, seed), *s2 = strategy(spec, seed);
    coinline_game_t *g = game(0, a, n);
    coinline_engine_t *e = NULL;
    coinline_engine_state_t st;
    int good = coinline_engine_new(a, n, &e) == 0;
    for (size_t k = 0; good && k < n; k++) {
        coinline_side_t side;
        uint64_t pos;
        good = coinline_engine_state(e, &st) == 0 &&
               coinline_strategy_move(s1, e, &side) == 0 &&
               coinline_strategy_choose(s2, g, &pos) == 0 &&
               pos == (side == COINLINE_SIDE_LEFT ? st.lo + 1 : st.hi) &&
               coinline_engine_play(e, side) == 0 &&
               coinline_game_play(g, pos) == 0;
    }
    coinline_engine_free(e);
    coinline_game_free(g);
    coinline_strategy_free(s1);
    coinline_strategy_free(s2);
    return good;
}

/* Self-play of spec on a circle: the game's choices against the first
 * move of coinline_strategy_first() and the engine of the line left. */
static int same_circle_game(const char *spec, uint64_t seed, const int64_t *a,
                            size_t n)
{
    coinline_strategy_t *s1 = strategy(spec, seed), *s2 = strategy(spec, seed);
    coinline_game_t *g = game(1, a, n);
    coinline_engine_t *e = NULL;
    coinline_engine_state_t st;
    int64_t line[MAXN];
    uint64_t first = 0, pos = 0;
    int good = coinline_strategy_first(s1, a, n, &first) == 0 &&
               coinline_strategy_choose(s2, g, &pos) == 0 && pos == first &&
               coinline_game_play(g, pos) == 0 &&
               coinline_circle_rotate(a, n, first, line) == 0 &&
               coinline_engine_new(line, n - 1, &e) == 0;
    for (size_t k = 1; good && k < n; k++) {
        coinline_side_t side = COINLINE_SIDE_LEFT;
        good = coinline_engine_state(e, &st) == 0 &&
               coinline_strategy_move(s1, e, &side) == 0 &&
               coinline_strategy_choose(s2, g, &pos) == 0;
        const uint64_t i = !good                        ? 0
                           : side == COINLINE_SIDE_LEFT ? st.lo
                                                        : st.hi - 1;
        good = good && pos == (first + i) % n + 1 &&
               coinline_engine_play(e, side) == 0 &&
               coinline_game_play(g, pos) == 0;
    }
    coinline_engine_free(e);
    coinline_game_free(g);
    coinline_strategy_free(s1);
    coinline_strategy_free(s2);
    return good;
}

static void test_classic(void)
{
    rng_t r;
    int64_t a[MAXN];
    rng_seed(&r, 77);
    for (size_t k = 0; k < sizeof specs / sizeof specs[0]; k++) {
        tally_t line = {0, 0}, circle = {0, 0};
        for (int c = 0; c < 200 / scale; c++) {
            const size_t n = 1 + rng_below(&r, c % 2 ? MAXN : 10);
            const uint64_t seed = rng_next(&r);
            gen_values(&r, a, n, (vals_t)(c % (int)VALS_COUNT));
            tally_check(&line, same_line_game(specs[k], seed, a, n));
            tally_check(&circle, same_circle_game(specs[k], seed, a, n));
        }
        ok(tally_passed(&line),
           "line,taken, %s: %d seeded self-play games move for move as "
           "coinline_strategy_move() on the engine",
           specs[k], 200 / scale);
        ok(tally_passed(&circle),
           "circle,taken, %s: %d seeded self-play games move for move as "
           "coinline_strategy_first() and the engine of the line left",
           specs[k], 200 / scale);
    }
}

/* ---- REMAINING: each rule from the row ---------------------------------- */

/* The state's legal moves: the two ends, or every position. */
static size_t legal_moves(const coinline_game_state_t *st, uint64_t *q)
{
    if (st->left_end != 0) {
        q[0] = st->left_end;
        q[1] = st->right_end;
        return 2;
    }
    for (uint64_t p = 1; p <= st->n; p++)
        q[p - 1] = p;
    return (size_t)st->n;
}

static i128 left_sum(const coinline_game_t *g)
{
    const int64_t *const a = coinline_game_coins(g);
    i128 s = 0;
    for (size_t i = 0; i < coinline_game_size(g); i++)
        s += a[i];
    for (uint64_t k = 1; k <= coinline_game_moves(g); k++)
        s -= a[coinline_game_history(g, k) - 1];
    return s;
}

/* The legal move that scores the most (R - c), the first of ties. */
static uint64_t my_greedy(const coinline_game_t *g,
                          const coinline_game_state_t *st)
{
    uint64_t q[MAXN], best = 0;
    const int64_t *const a = coinline_game_coins(g);
    const i128 R = left_sum(g);
    const size_t count = legal_moves(st, q);
    for (size_t k = 0; k < count; k++)
        if (best == 0 || R - a[q[k] - 1] > R - a[best - 1])
            best = q[k];
    return best;
}

/* The index of position p in the line whose ends are the legal moves: the
 * row's, or the circle's line left after move 1 at first. */
static uint64_t line_index(uint64_t p, uint64_t first, uint64_t n)
{
    return first == 0 ? p - 1 : (p - 1 + n - first) % n;
}

/* Parity on ~a at two ends: with an even count left, the end of the index
 * class whose ~a sum more (ties: left); else greedy on ~a. */
static uint64_t my_parity_end(const coinline_game_t *g,
                              const coinline_game_state_t *st, uint64_t first)
{
    const int64_t *const a = coinline_game_coins(g);
    const uint64_t n = st->n, l = st->left_end, r = st->right_end;
    if (st->left % 2 == 1)
        return ~a[l - 1] >= ~a[r - 1] ? l : r;
    i128 cls[2] = {0, 0};
    for (uint64_t k = 0; k < st->left; k++) {
        const uint64_t p = (l - 1 + k) % n + 1;
        cls[line_index(p, first, n) % 2] += ~a[p - 1];
    }
    const uint64_t want = cls[0] >= cls[1] ? 0 : 1;
    if (cls[0] == cls[1])
        return l;
    return line_index(l, first, n) % 2 == want ? l : r;
}

/* Parity's first move on the circle of ~a: n odd, the p with the largest
 * ~a[p] - |E - O| of the line left (smallest of ties); else the largest
 * ~a. */
static uint64_t my_parity_first(const int64_t *a, size_t n)
{
    uint64_t best = 0;
    i128 top = 0;
    for (size_t p = 0; p < n; p++) {
        i128 alt = 0, score = ~a[p];
        for (size_t k = 0; k + 1 < n; k++)
            alt += (k % 2 == 0 ? 1 : -1) * (i128)~a[(p + 1 + k) % n];
        if (n % 2 == 1)
            score -= alt < 0 ? -alt : alt;
        if (best == 0 || score > top) {
            top = score;
            best = p + 1;
        }
    }
    return best;
}

/* What spec must choose at g's position under REMAINING (0: not
 * determined: random). */
static uint64_t expected(const char *spec, const coinline_game_t *g,
                         const coinline_game_state_t *st)
{
    const uint64_t first =
        coinline_game_rules(g)->shape == COINLINE_SHAPE_CIRCLE
            ? coinline_game_history(g, 1)
            : 0;
    if (strcmp(spec, "optimal") == 0 || strcmp(spec, "fallible:0") == 0)
        return st->best;
    if (strcmp(spec, "greedy") == 0)
        return my_greedy(g, st);
    if (strcmp(spec, "parity") == 0)
        return st->left_end == 0
                   ? my_parity_first(coinline_game_coins(g), (size_t)st->n)
                   : my_parity_end(g, st, first);
    return 0;
}

static void test_remaining(void)
{
    static const char *const rule_specs[] = {"optimal", "fallible:0", "greedy",
                                             "parity"};
    rng_t r;
    int64_t a[MAXN];
    rng_seed(&r, 1690);
    for (int rules = 2; rules < 4; rules++)
        for (size_t k = 0; k < 4; k++) {
            tally_t t = {0, 0};
            coinline_strategy_t *s = strategy(rule_specs[k], 5);
            for (int c = 0; c < 200 / scale; c++) {
                const size_t n = 1 + rng_below(&r, c % 2 ? 40 : 9);
                gen_values(&r, a, n, (vals_t)(c % (int)VALS_COUNT));
                coinline_game_t *g = game(rules, a, n);
                coinline_game_state_t st;
                uint64_t q[MAXN], pos = 0;
                char row[96];
                for (size_t m = 0; m < n; m++) {
                    const int good =
                        coinline_game_state(g, &st) == 0 &&
                        coinline_strategy_choose(s, g, &pos) == 0 &&
                        pos == expected(rule_specs[k], g, &st);
                    if (!tally_check(&t, good))
                        tally_note(&t, "[%s] move %zu: chose %llu, want %llu",
                                   row_str(a, n, row, sizeof row), m + 1,
                                   (unsigned long long)pos,
                                   (unsigned long long)expected(rule_specs[k],
                                                                g, &st));
                    const size_t count = legal_moves(&st, q);
                    coinline_game_play(g, q[rng_below(&r, count)]);
                }
                coinline_game_free(g);
            }
            coinline_strategy_free(s);
            ok(tally_passed(&t),
               "%s, %s: at every position of %d random games, the move "
               "computed here from the row",
               rules == 2 ? "line,remaining" : "circle,remaining",
               rule_specs[k], 200 / scale);
        }
}

/* "random" and "fallible:1": every legal move, each about as often. */
static void test_random_spread(void)
{
    static const int64_t a[] = {4, -7, 1, 9, 0, 3, -2};
    for (int k = 0; k < 2; k++) {
        coinline_strategy_t *s = strategy(k ? "fallible:1" : "random", 11);
        long ends[2] = {0, 0}, firsts[8] = {0};
        int good = 1;
        for (int c = 0; c < 7000; c++) {
            coinline_game_t *g = game(3, a, 7);
            uint64_t p = 0;
            good &= coinline_strategy_choose(s, g, &p) == 0 && p >= 1 && p <= 7;
            firsts[p <= 7 ? p : 0]++;
            good &= coinline_game_play(g, p) == 0 &&
                    coinline_strategy_choose(s, g, &p) == 0 &&
                    coinline_game_is_legal(g, p);
            coinline_game_state_t st;
            coinline_game_state(g, &st);
            ends[p == st.left_end ? 0 : 1]++;
            coinline_game_free(g);
        }
        for (int p = 1; p <= 7; p++)
            good &= firsts[p] > 800 && firsts[p] < 1200;
        good &= ends[0] > 3200 && ends[1] > 3200;
        ok(good,
           "%s on circle,remaining: each of 7 first positions about "
           "1/7 of 7000 times, each end about half",
           k ? "fallible:1" : "random");
        coinline_strategy_free(s);
    }
}

/* ---- a caller's strategies ---------------------------------------------- */

typedef struct {
    int calls;
    const coinline_game_t *seen;
    uint64_t answer; /* 0: the right end, or position n */
    int code;
} probe_t;

static int probe_choose(void *ctx, const coinline_game_t *g,
                        const coinline_game_state_t *st, uint64_t *position)
{
    probe_t *const p = ctx;
    p->calls++;
    p->seen = g;
    *position = p->answer != 0       ? p->answer
                : st->right_end != 0 ? st->right_end
                                     : st->n;
    return p->code;
}

static int probe_move(void *ctx, const int64_t *coins,
                      const coinline_engine_state_t *st, coinline_side_t *side)
{
    probe_t *const p = ctx;
    (void)coins;
    (void)st;
    p->calls++;
    *side = COINLINE_SIDE_RIGHT;
    return 0;
}

static void test_custom(void)
{
    static const int64_t a[] = {5, 1, 8, 2};
    probe_t pr = {0, NULL, 0, 0};
    coinline_strategy_t *s = NULL, *old = NULL;
    coinline_game_t *g = game(3, a, 4);
    uint64_t pos = 0;
    coinline_side_t side;
    ok(coinline_strategy_custom_game("mine", probe_choose, &pr, &s) == 0 &&
           strcmp(coinline_strategy_name(s), "mine") == 0 &&
           coinline_strategy_choose(s, g, &pos) == 0 && pos == 4 &&
           pr.calls == 1 && pr.seen == g,
       "a choose function is called with the game and its state; its "
       "position is the strategy's");
    pr.answer = 9;
    ok(coinline_strategy_choose(s, g, &pos) == COINLINE_EMOVE,
       "a position that is not legal: EMOVE");
    pr.answer = 0;
    pr.code = -42;
    ok(coinline_strategy_choose(s, g, &pos) == -42,
       "the function's own negative code is passed on");
    coinline_engine_t *e = NULL;
    coinline_engine_new(a, 4, &e);
    ok(coinline_strategy_move(s, e, &side) == COINLINE_EINVAL &&
           coinline_strategy_first(s, a, 4, &pos) == COINLINE_EINVAL,
       "a game strategy has no move for coinline_strategy_move() or "
       "coinline_strategy_first(): EINVAL");
    coinline_strategy_custom("old", probe_move, &pr, &old);
    pr.calls = 0;
    coinline_game_free(g);
    g = game(2, a, 4);
    ok(coinline_strategy_choose(old, g, &pos) == COINLINE_EINVAL &&
           pr.calls == 0,
       "a move function under REMAINING: EINVAL, not called");
    coinline_game_free(g);
    g = game(1, a, 4);
    ok(coinline_strategy_choose(old, g, &pos) == COINLINE_EINVAL &&
           pr.calls == 0,
       "a move function at a circle's move 1: EINVAL, not called");
    coinline_game_play(g, 2);
    ok(coinline_strategy_choose(old, g, &pos) == 0 && pr.calls == 1 && pos == 1,
       "circle,taken after move 1: the move function is called on the line "
       "left, its R the position before the gap");
    coinline_game_free(g);
    coinline_strategy_t *opt = strategy("optimal", 1), *none = opt;
    g = game(0, a, 1);
    ok(coinline_game_play(g, 1) == 0 &&
           coinline_strategy_choose(opt, g, &pos) == COINLINE_EINVAL &&
           coinline_strategy_choose(NULL, g, &pos) == COINLINE_EINVAL &&
           coinline_strategy_choose(opt, NULL, &pos) == COINLINE_EINVAL &&
           coinline_strategy_custom_game(NULL, NULL, NULL, &none) ==
               COINLINE_EINVAL &&
           none == NULL &&
           coinline_strategy_custom_game(NULL, probe_choose, NULL, NULL) ==
               COINLINE_EINVAL,
       "no coin left, NULL strategy, game, function or out: EINVAL");
    coinline_game_free(g);
    coinline_engine_free(e);
    coinline_strategy_free(opt);
    coinline_strategy_free(old);
    coinline_strategy_free(s);
}

int main(void)
{
    if (under_valgrind())
        scale = VALGRIND_SCALE;
    test_classic();
    test_remaining();
    test_random_spread();
    test_custom();
    return done_testing();
}
