/* SPDX-License-Identifier: MIT */
/*
 * The game under any rules (coinline_game_*): for every rule set (line and
 * circle, scoring the coin taken or what remains), coinline_game_solve()
 * and coinline_game_line() with every solver against exhaustive play on
 * every row of up to 7 coins over -2..2 and against the programme over
 * arcs on random rows (every value alphabet, int64's extremes included);
 * the game in progress at every position of random games with undo
 * (every state field, the outcome of every legal move, the legal moves);
 * the classic rules against the classic calls; the errors.
 *
 * The oracles are tests/unit/common/game_oracle.c's, written from the
 * definitions; the tests use only the public interface.
 */
#include <stdlib.h>
#include <string.h>

#include "coinline.h"
#include "common/check.h"
#include "common/game_oracle.h"
#include "common/rng.h"
#include "common/tap.h"

enum { VALGRIND_SCALE = 10, MAXN = 120 };
static int scale = 1;
static size_t small_max = 7; /* 5 under valgrind */

static const coinline_rules_t all_rules[4] = {
    COINLINE_RULES_INIT(COINLINE_SHAPE_LINE, COINLINE_SCORE_TAKEN),
    COINLINE_RULES_INIT(COINLINE_SHAPE_CIRCLE, COINLINE_SCORE_TAKEN),
    COINLINE_RULES_INIT(COINLINE_SHAPE_LINE, COINLINE_SCORE_REMAINING),
    COINLINE_RULES_INIT(COINLINE_SHAPE_CIRCLE, COINLINE_SCORE_REMAINING)};

static const char *rules_str(const coinline_rules_t *r)
{
    static char buf[4][COINLINE_RULES_STRLEN];
    static int k;
    char *const b = buf[k++ % 4];
    if (coinline_rules_name(r, b, COINLINE_RULES_STRLEN) < 0)
        strcpy(b, "?");
    return b;
}

static i128 W(coinline_i128_t v)
{
    return i128_from_ci(v);
}

static coinline_winner_t winner_of(i128 m)
{
    return m > 0   ? COINLINE_WINNER_FIRST
           : m < 0 ? COINLINE_WINNER_SECOND
                   : COINLINE_WINNER_DRAW;
}

/* The result the oracle expects for a, with its ties-left line. */
static int result_matches(const ogame_t *o, const coinline_game_result_t *r,
                          const char **field)
{
    uint64_t line[MAXN];
    i128 p1, p2;
    const opos_t s = ogame_start(o);
    ogame_line(o, line, &p1, &p2);
    *field = r->n != o->n                           ? "n"
             : W(r->sum) != ogame_left_sum(o, s)    ? "sum"
             : W(r->margin) != ogame_value(o, s)    ? "margin"
             : W(r->p1) != p1 || W(r->p2) != p2     ? "p1/p2"
             : r->winner != winner_of(W(r->margin)) ? "winner"
             : r->first != ogame_best(o, s)         ? "first"
             : W(r->p1) - W(r->p2) != W(r->margin)  ? "p1 - p2"
                                                    : NULL;
    return *field == NULL;
}

/* Solves a under rules with algo and checks it against o; also the line. */
static void check_solve(tally_t *t, const ogame_t *o, coinline_algo_t algo)
{
    coinline_game_result_t r;
    uint64_t got[MAXN], want[MAXN];
    i128 p1, p2;
    char row[96];
    const char *field = "rc";
    int rc = coinline_game_solve(&o->rules, o->a, o->n, algo, &r);
    int good = rc == COINLINE_OK && result_matches(o, &r, &field);
    if (good) {
        field = "line";
        ogame_line(o, want, &p1, &p2);
        rc = coinline_game_line(&o->rules, o->a, o->n, algo, got);
        good = rc == COINLINE_OK && memcmp(got, want, o->n * sizeof *got) == 0;
    }
    if (!tally_check(t, good))
        tally_note(t, "%s, %s on [%s] (n = %zu): %s wrong (rc %d)",
                   rules_str(&o->rules), coinline_algo_name(algo),
                   row_str(o->a, o->n, row, sizeof row), o->n, field, rc);
}

static void decode(size_t code, size_t n, int64_t *a)
{
    for (size_t k = 0; k < n; k++, code /= 5)
        a[k] = (int64_t)(code % 5) - 2;
}

/* Every row of up to small_max coins over -2..2 under every rules:
 * exhaustive play agrees with the programme over arcs, and every solver
 * with both. */
static void test_every_small_row(void)
{
    int64_t a[8];
    for (int k = 0; k < 4; k++) {
        tally_t t = {0, 0}, mm = {0, 0};
        for (size_t n = 0; n <= small_max; n++) {
            size_t count = 1;
            for (size_t i = 0; i < n; i++)
                count *= 5;
            for (size_t code = 0; code < count; code++) {
                ogame_t o;
                uint64_t best = 0;
                decode(code, n, a);
                ogame_init(&o, &all_rules[k], a, n);
                const i128 v = ominimax(&all_rules[k], a, n, &best);
                const opos_t s = ogame_start(&o);
                if (!tally_check(&mm, v == ogame_value(&o, s) &&
                                          best == ogame_best(&o, s)))
                    tally_note(&mm, "%s: the two oracles differ, n = %zu",
                               rules_str(&all_rules[k]), n);
                for (int algo = 0; algo < 3; algo++)
                    if (algo < 2 || n <= 7)
                        check_solve(&t, &o, (coinline_algo_t)algo);
                ogame_free(&o);
            }
        }
        ok(tally_passed(&mm),
           "%s: exhaustive play over the sets of coins taken equals the "
           "programme over arcs on every row of up to %zu coins over -2..2",
           rules_str(&all_rules[k]), small_max);
        ok(tally_passed(&t),
           "%s: coinline_game_solve() and coinline_game_line() with LINEAR, "
           "DP and BRUTE equal them (margin, p1 and p2 along the ties-left "
           "line, first, sum, winner; every position of the line)",
           rules_str(&all_rules[k]));
    }
}

static void random_row(rng_t *r, int64_t *a, size_t n, int kind)
{
    if (kind < (int)VALS_COUNT)
        gen_values(r, a, n, (vals_t)kind);
    else
        gen_shape(r, a, n, (shape_t)(kind - VALS_COUNT));
}

/* Random rows of every alphabet and shape, int64's extremes included. */
static void test_random_rows(void)
{
    rng_t r;
    int64_t a[MAXN];
    rng_seed(&r, 29);
    for (int k = 0; k < 4; k++) {
        tally_t t = {0, 0};
        const int kinds = (int)VALS_COUNT + (int)SHAPE_COUNT;
        for (int kind = 0; kind < kinds; kind++)
            for (int c = 0; c < 60 / scale; c++) {
                ogame_t o;
                const size_t n =
                    c % 3 == 0 ? rng_below(&r, 13) : 1 + rng_below(&r, MAXN);
                random_row(&r, a, n, kind);
                ogame_init(&o, &all_rules[k], a, n);
                check_solve(&t, &o, COINLINE_ALGO_LINEAR);
                check_solve(&t, &o, COINLINE_ALGO_DP);
                if (n <= 12)
                    check_solve(&t, &o, COINLINE_ALGO_BRUTE);
                ogame_free(&o);
            }
        ok(tally_passed(&t),
           "%s: %d random rows of every alphabet and shape up to %d coins: "
           "every solver's result and line equal the programme over arcs",
           rules_str(&all_rules[k]), kinds * (60 / scale), MAXN);
    }
}

/* ---- the game in progress --------------------------------------------- */

/* What the state must be at the oracle's position p after moves moves
 * with scores s1, s2. */
static const char *state_diff(const ogame_t *o, opos_t p, uint64_t moves,
                              i128 s1, i128 s2, const coinline_game_state_t *st)
{
    uint64_t l, r;
    const int mover = p.len > 0 ? (int)(moves % 2) + 1 : 0;
    const i128 v = ogame_value(o, p);
    const i128 fm = s1 - s2 + (mover == 2 ? -v : v);
    const uint64_t best = ogame_best(o, p);
    ogame_ends(o, p, &l, &r);
    const coinline_side_t side = best == 0 || l == 0 ? COINLINE_SIDE_NONE
                                 : best == l         ? COINLINE_SIDE_LEFT
                                                     : COINLINE_SIDE_RIGHT;
    return st->n != o->n               ? "n"
           : st->moves != moves        ? "moves"
           : st->left != p.len         ? "left"
           : st->to_move != mover      ? "to_move"
           : W(st->p1) != s1           ? "p1"
           : W(st->p2) != s2           ? "p2"
           : W(st->value) != v         ? "value"
           : W(st->final_margin) != fm ? "final_margin"
           : st->best != best          ? "best"
           : st->left_end != l         ? "left_end"
           : st->right_end != r        ? "right_end"
           : st->best_side != side     ? "best_side"
                                       : NULL;
}

/* The outcome of every position 0..n+1 at p: legal or not, and the
 * final margin of the legal ones. */
static const char *moves_diff(coinline_game_t *g, const ogame_t *o, opos_t p,
                              uint64_t moves, i128 s1, i128 s2)
{
    for (uint64_t q = 0; q <= o->n + 1; q++) {
        const int legal = ogame_legal(o, p, q);
        coinline_i128_t fm;
        if (coinline_game_is_legal(g, q) != legal)
            return "is_legal";
        const int rc = coinline_game_outcome(g, q, &fm);
        if (rc != (legal ? COINLINE_OK : COINLINE_EMOVE))
            return "outcome's code";
        const i128 w = legal ? ogame_worth(o, p, q) : 0;
        if (legal && W(fm) != s1 - s2 + (moves % 2 == 0 ? w : -w))
            return "outcome";
    }
    return NULL;
}

/* A random legal move at p: the best one now and then. */
static uint64_t some_move(rng_t *r, const ogame_t *o, opos_t p)
{
    uint64_t l, rr;
    if (rng_below(r, 4) == 0)
        return ogame_best(o, p);
    if (p.any)
        return 1 + rng_below(r, o->n);
    ogame_ends(o, p, &l, &rr);
    return rng_below(r, 2) ? l : rr;
}

/* One random game with undos, checked at every position reached. */
static int walk(rng_t *r, coinline_game_t *g, const ogame_t *o,
                const char **what)
{
    opos_t pos[MAXN + 1];
    i128 s[MAXN + 1][2];
    uint64_t k = 0;
    coinline_game_state_t st;
    pos[0] = ogame_start(o);
    s[0][0] = s[0][1] = 0;
    for (int steps = 0; steps < 3 * (int)o->n + 3; steps++) {
        if (coinline_game_state(g, &st) != COINLINE_OK)
            return (*what = "state's code") == NULL;
        if ((*what = state_diff(o, pos[k], k, s[k][0], s[k][1], &st)) ||
            (*what = moves_diff(g, o, pos[k], k, s[k][0], s[k][1])))
            return 0;
        if (pos[k].len == 0 || (k > 0 && rng_below(r, 4) == 0)) {
            if (k == 0)
                break;
            if (coinline_game_undo(g) != COINLINE_OK)
                return (*what = "undo") == NULL;
            k--;
            continue;
        }
        const uint64_t q = some_move(r, o, pos[k]);
        const i128 gain = ogame_gain(o, pos[k], q);
        if (coinline_game_play(g, q) != COINLINE_OK ||
            coinline_game_history(g, k + 1) != q)
            return (*what = "play") == NULL;
        s[k + 1][k % 2] = s[k][k % 2] + gain;
        s[k + 1][1 - k % 2] = s[k][1 - k % 2];
        pos[k + 1] = ogame_take(o, pos[k], q);
        k++;
    }
    return 1;
}

static void test_every_position(void)
{
    rng_t r;
    int64_t a[MAXN];
    rng_seed(&r, 1690);
    for (int k = 0; k < 4; k++) {
        tally_t t = {0, 0};
        for (int c = 0; c < 400 / scale; c++) {
            ogame_t o;
            coinline_game_t *g = NULL;
            const char *what = "new";
            char row[96];
            const size_t n =
                c % 4 == 0 ? rng_below(&r, 6) : 1 + rng_below(&r, 40);
            random_row(&r, a, n, c % ((int)VALS_COUNT + (int)SHAPE_COUNT));
            ogame_init(&o, &all_rules[k], a, n);
            const int good =
                coinline_game_new(&all_rules[k], a, n, &g) == COINLINE_OK &&
                walk(&r, g, &o, &what);
            if (!tally_check(&t, good))
                tally_note(&t, "%s on [%s] (n = %zu): %s wrong",
                           rules_str(&all_rules[k]),
                           row_str(a, n, row, sizeof row), n, what);
            coinline_game_free(g);
            ogame_free(&o);
        }
        ok(tally_passed(&t),
           "%s: %d random games, random moves and undos: the state at every "
           "position (scores, value, final margin, best, ends, side), the "
           "legal moves and the outcome of each equal the oracle's",
           rules_str(&all_rules[k]), 400 / scale);
    }
}

/* ---- the classic rules are the classic calls ----------------------------- */

static void test_classic(void)
{
    rng_t r;
    int64_t a[MAXN];
    tally_t line = {0, 0}, circ = {0, 0}, eng = {0, 0};
    rng_seed(&r, 3);
    for (int c = 0; c < 300 / scale; c++) {
        const size_t n = rng_below(&r, 60);
        const coinline_algo_t algo = (coinline_algo_t)(n <= 12 ? c % 3 : c % 2);
        coinline_game_result_t g;
        coinline_result_t want;
        coinline_circle_result_t cw;
        gen_values(&r, a, n, (vals_t)(c % (int)VALS_COUNT));
        int good = coinline_game_solve(&all_rules[0], a, n, algo, &g) == 0 &&
                   coinline_solve(a, n, algo, &want) == 0 &&
                   W(g.margin) == W(want.margin) && W(g.p1) == W(want.p1) &&
                   W(g.sum) == W(want.sum) &&
                   g.first == (n == 0                                  ? 0
                               : want.first_move == COINLINE_SIDE_LEFT ? 1
                                                                       : n);
        tally_check(&line, good);
        good = coinline_game_solve(&all_rules[1], a, n, algo, &g) == 0 &&
               coinline_circle_solve(a, n, algo, &cw) == 0 &&
               W(g.margin) == W(cw.margin) && W(g.p1) == W(cw.p1) &&
               W(g.p2) == W(cw.p2) && g.first == cw.first &&
               g.steps == cw.steps && g.winner == cw.winner;
        tally_check(&circ, good);
        coinline_game_t *gm = NULL;
        coinline_engine_t *e = NULL;
        coinline_engine_state_t es;
        coinline_game_state_t gs;
        good = coinline_game_new(&all_rules[0], a, n, &gm) == 0 &&
               coinline_engine_new(a, n, &e) == 0;
        for (size_t k = 0; good && k <= n; k++) {
            good = coinline_game_state(gm, &gs) == 0 &&
                   coinline_engine_state(e, &es) == 0 &&
                   W(gs.value) == W(es.value) &&
                   W(gs.final_margin) == W(es.final_margin) &&
                   gs.best_side == es.best &&
                   (k == n || gs.left_end == es.lo + 1) &&
                   (k == n || gs.right_end == es.hi);
            if (good && k < n) {
                const coinline_side_t side =
                    rng_below(&r, 2) ? COINLINE_SIDE_LEFT : COINLINE_SIDE_RIGHT;
                good = coinline_engine_play(e, side) == 0 &&
                       coinline_game_play(gm, side == COINLINE_SIDE_LEFT
                                                  ? gs.left_end
                                                  : gs.right_end) == 0;
            }
        }
        tally_check(&eng, good);
        coinline_game_free(gm);
        coinline_engine_free(e);
    }
    ok(tally_passed(&line), "line,taken: coinline_game_solve() gives "
                            "coinline_solve()'s margin, totals and first move");
    ok(tally_passed(&circ), "circle,taken: coinline_game_solve() gives "
                            "coinline_circle_solve()'s result, steps included");
    ok(tally_passed(&eng), "line,taken: the game's state is the engine's at "
                           "every position of random games (value, final "
                           "margin, best side, ends)");
}

/* ---- edges and errors ---------------------------------------------------- */

static void test_edges(void)
{
    static const int64_t one[] = {7}, two[] = {-3, 5};
    coinline_game_result_t r;
    coinline_game_t *g = NULL;
    coinline_game_state_t st;
    int good = 1;
    for (int k = 0; k < 4; k++) {
        memset(&r, 0xa5, sizeof r);
        good &= coinline_game_solve(&all_rules[k], NULL, 0,
                                    COINLINE_ALGO_LINEAR, &r) == 0 &&
                r.n == 0 && r.first == 0 && W(r.margin) == 0 && W(r.p1) == 0 &&
                r.winner == COINLINE_WINNER_DRAW && r.reserved[0] == 0 &&
                r.reserved[3] == 0;
        good &= coinline_game_line(&all_rules[k], NULL, 0, COINLINE_ALGO_DP,
                                   NULL) == 0;
        good &= coinline_game_new(&all_rules[k], NULL, 0, &g) == 0 &&
                coinline_game_state(g, &st) == 0 && st.to_move == 0 &&
                st.best == 0 && st.left_end == 0 &&
                st.best_side == COINLINE_SIDE_NONE &&
                coinline_game_play(g, 1) == COINLINE_EMOVE &&
                coinline_game_undo(g) == COINLINE_EINVAL &&
                coinline_game_is_legal(g, 0) == 0;
        coinline_game_free(g);
    }
    ok(good, "no coins, every rules: a draw with first 0, an empty line, a "
             "game with nothing to play or take back");
    good = 1;
    for (int k = 0; k < 4; k++) {
        const int remaining = all_rules[k].score == COINLINE_SCORE_REMAINING;
        good &= coinline_game_solve(&all_rules[k], one, 1, COINLINE_ALGO_DP,
                                    &r) == 0 &&
                r.first == 1 && W(r.margin) == (remaining ? 0 : 7);
        /* -3 5: taking 5 (position 2) scores -3 under REMAINING, 5
         * under TAKEN; taking -3 scores 5 or -3; the other move scores 0
         * or the coin left */
        good &= coinline_game_solve(&all_rules[k], two, 2, COINLINE_ALGO_LINEAR,
                                    &r) == 0 &&
                r.first == (remaining ? 1 : 2) &&
                W(r.margin) == (remaining ? 5 : 8);
    }
    ok(good, "one and two coins under every rules, by hand");
}

static void test_errors(void)
{
    static const int64_t row[] = {1, 2, 3};
    coinline_rules_t bad = all_rules[0];
    coinline_game_result_t r;
    coinline_game_t *g = (coinline_game_t *)&bad;
    uint64_t pos[3];
    int64_t *big = calloc(COINLINE_DP_LINE_MAX + 2, sizeof *big);
    if (big == NULL)
        exit(99);
    bad.reserved[1] = 1;
    ok(coinline_game_solve(&bad, row, 3, COINLINE_ALGO_LINEAR, &r) ==
               COINLINE_EINVAL &&
           coinline_game_new(&bad, row, 3, &g) == COINLINE_EINVAL &&
           g == NULL &&
           coinline_game_line(&bad, row, 3, COINLINE_ALGO_DP, pos) ==
               COINLINE_EINVAL,
       "rules with a reserved word set are refused (EINVAL), *out NULL");
    bad = all_rules[0];
    bad.shape = (coinline_shape_t)2;
    ok(coinline_game_solve(&bad, row, 3, COINLINE_ALGO_LINEAR, &r) ==
               COINLINE_EINVAL &&
           coinline_game_solve(NULL, row, 3, COINLINE_ALGO_LINEAR, &r) ==
               COINLINE_EINVAL,
       "an unknown shape, or no rules: EINVAL");
    ok(coinline_game_solve(&all_rules[0], NULL, 3, COINLINE_ALGO_LINEAR, &r) ==
               COINLINE_EINVAL &&
           coinline_game_solve(&all_rules[0], row, 3, (coinline_algo_t)3, &r) ==
               COINLINE_EINVAL &&
           coinline_game_solve(&all_rules[0], row, 3, COINLINE_ALGO_DP, NULL) ==
               COINLINE_EINVAL &&
           coinline_game_line(&all_rules[2], row, 3, COINLINE_ALGO_DP, NULL) ==
               COINLINE_EINVAL &&
           coinline_game_new(&all_rules[1], row, 3, NULL) == COINLINE_EINVAL,
       "NULL coins, result, positions or out, an unknown solver: EINVAL");
    ok(coinline_game_solve(&all_rules[0], big, COINLINE_BRUTE_MAX + 1,
                           COINLINE_ALGO_BRUTE, &r) == COINLINE_ETOOBIG &&
           coinline_game_solve(&all_rules[1], big, COINLINE_BRUTE_MAX + 2,
                               COINLINE_ALGO_BRUTE, &r) == COINLINE_ETOOBIG &&
           coinline_game_solve(&all_rules[3], big, COINLINE_BRUTE_MAX + 2,
                               COINLINE_ALGO_BRUTE, &r) == COINLINE_ETOOBIG &&
           coinline_game_line(&all_rules[0], big, COINLINE_DP_LINE_MAX + 1,
                              COINLINE_ALGO_DP, NULL) == COINLINE_EINVAL,
       "BRUTE past its limit: ETOOBIG (a circle takes one coin more)");
    ok(coinline_game_solve(&all_rules[2], big, COINLINE_DP_LINE_MAX + 1,
                           COINLINE_ALGO_DP, &r) == COINLINE_ETOOBIG &&
           coinline_game_solve(&all_rules[3], big, COINLINE_DP_LINE_MAX + 2,
                               COINLINE_ALGO_DP, &r) == COINLINE_ETOOBIG,
       "REMAINING with DP past the line's limit: ETOOBIG at once (the "
       "scores are those of the line)");
    free(big);
    ok(coinline_game_state(NULL, NULL) == COINLINE_EINVAL &&
           coinline_game_play(NULL, 1) == COINLINE_EINVAL &&
           coinline_game_undo(NULL) == COINLINE_EINVAL &&
           coinline_game_is_legal(NULL, 1) == 0 &&
           coinline_game_outcome(NULL, 1, NULL) == COINLINE_EINVAL &&
           coinline_game_rules(NULL) == NULL &&
           coinline_game_coins(NULL) == NULL && coinline_game_size(NULL) == 0 &&
           coinline_game_moves(NULL) == 0 &&
           coinline_game_history(NULL, 1) == 0 &&
           coinline_game_steps(NULL) == 0 && coinline_game_bytes(NULL) == 0,
       "every game call on NULL: EINVAL, 0 or NULL");
    coinline_game_free(NULL);
}

/* A game's accessors, bytes and steps. */
static void test_accessors(void)
{
    static const int64_t row[] = {4, -1, 9, 2, 2, 6};
    coinline_game_t *g = NULL;
    coinline_game_state_t st;
    ok(coinline_game_new(&all_rules[3], row, 6, &g) == 0 &&
           coinline_game_size(g) == 6 && coinline_game_coins(g) != row &&
           memcmp(coinline_game_coins(g), row, sizeof row) == 0 &&
           coinline_game_rules(g)->shape == COINLINE_SHAPE_CIRCLE &&
           coinline_game_rules(g)->score == COINLINE_SCORE_REMAINING,
       "a game keeps a copy of the coins and its rules");
    const uint64_t before = coinline_game_bytes(g);
    ok(coinline_game_state(g, &st) == 0 && coinline_game_bytes(g) > before &&
           coinline_game_steps(g) > 0,
       "a circle's margins are computed at the first state: bytes and steps "
       "grow (%llu bytes before)",
       (unsigned long long)before);
    ok(coinline_game_play(g, 3) == 0 && coinline_game_play(g, 4) == 0 &&
           coinline_game_moves(g) == 2 && coinline_game_history(g, 1) == 3 &&
           coinline_game_history(g, 2) == 4 &&
           coinline_game_history(g, 3) == 0 && coinline_game_history(g, 0) == 0,
       "the history gives the positions played, 0 out of range");
    ok(coinline_game_play(g, 1) == COINLINE_EMOVE &&
           coinline_game_moves(g) == 2 && coinline_game_undo(g) == 0 &&
           coinline_game_undo(g) == 0 && coinline_game_undo(g) != 0 &&
           coinline_game_play(g, 6) == 0 && coinline_game_play(g, 1) == 0,
       "an illegal move is refused and changes nothing; undo back to the "
       "start, then another move 1");
    coinline_game_free(g);
}

int main(void)
{
    if (under_valgrind()) {
        scale = VALGRIND_SCALE;
        small_max = 5;
        diag("running under valgrind: rows up to 5 coins, counts / %d", scale);
    }
    test_every_small_row();
    test_random_rows();
    test_every_position();
    test_classic();
    test_edges();
    test_errors();
    test_accessors();
    return done_testing();
}
