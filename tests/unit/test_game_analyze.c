/* SPDX-License-Identifier: MIT */
/*
 * The review of a game under any rules (coinline_game_analyze()): every
 * field of every review against the programme over arcs
 * (tests/unit/common/game_oracle.c) on random full and partial games of
 * every rule set; losses never negative and 0 exactly for the optimal
 * moves; the identities over a finished game (TAKEN: each total is the
 * best total less its own losses plus the other's; REMAINING: the final
 * margin is the optimal one less player 1's losses plus player 2's); the
 * classic rules giving coinline_analyze()'s and coinline_circle_analyze()'s
 * reviews; every refusal.
 */
#include <stdlib.h>
#include <string.h>

#include "coinline.h"
#include "common/check.h"
#include "common/game_oracle.h"
#include "common/rng.h"
#include "common/tap.h"

enum { MAXN = 48, VALGRIND_SCALE = 10 };
static int scale = 1;

static const coinline_rules_t all_rules[4] = {
    COINLINE_RULES_INIT(COINLINE_SHAPE_LINE, COINLINE_SCORE_TAKEN),
    COINLINE_RULES_INIT(COINLINE_SHAPE_CIRCLE, COINLINE_SCORE_TAKEN),
    COINLINE_RULES_INIT(COINLINE_SHAPE_LINE, COINLINE_SCORE_REMAINING),
    COINLINE_RULES_INIT(COINLINE_SHAPE_CIRCLE, COINLINE_SCORE_REMAINING)};

static const char *const rules_names[4] = {"line", "circle", "line,remaining",
                                           "circle,remaining"};

static i128 W(coinline_i128_t v)
{
    return i128_from_ci(v);
}

static coinline_side_t side_at(const ogame_t *o, opos_t p, uint64_t q)
{
    uint64_t l, r;
    ogame_ends(o, p, &l, &r);
    return l == 0   ? COINLINE_SIDE_NONE
           : q == l ? COINLINE_SIDE_LEFT
                    : COINLINE_SIDE_RIGHT;
}

/* The review the oracle expects of move k (position q) at p, with the
 * scores s before it; the scores after it into s. */
static void expect(const ogame_t *o, opos_t p, size_t k, uint64_t q, i128 *s,
                   coinline_move_review_t *r)
{
    const int remaining = o->rules.score == COINLINE_SCORE_REMAINING;
    const i128 v = ogame_value(o, p), worth = ogame_worth(o, p, q);
    const i128 own = s[k % 2], other = s[1 - k % 2];
    const uint64_t best = ogame_best(o, p);
    memset(r, 0, sizeof *r);
    r->number = k + 1;
    r->player = (int)(k % 2) + 1;
    r->side = side_at(o, p, q);
    r->coin = o->a[q - 1];
    r->best = side_at(o, p, best);
    r->best_coin = o->a[best - 1];
    r->position = q;
    r->best_position = best;
    r->loss = i128_to_ci(remaining ? v - worth : (v - worth) / 2);
    r->optimal = v == worth;
    r->secured = i128_to_ci(remaining ? own - other + v
                                      : own + (ogame_left_sum(o, p) + v) / 2);
    s[k % 2] += ogame_gain(o, p, q);
    const opos_t next = ogame_take(o, p, q);
    const i128 after = ogame_value(o, next);
    r->p1 = i128_to_ci(s[0]);
    r->p2 = i128_to_ci(s[1]);
    r->final_margin = i128_to_ci(s[0] - s[1] + (k % 2 == 0 ? -after : after));
}

static const char *review_diff(const coinline_move_review_t *g,
                               const coinline_move_review_t *w)
{
    return g->number != w->number                       ? "number"
           : g->player != w->player                     ? "player"
           : g->side != w->side                         ? "side"
           : g->coin != w->coin                         ? "coin"
           : g->best != w->best                         ? "best"
           : g->best_coin != w->best_coin               ? "best_coin"
           : g->position != w->position                 ? "position"
           : g->best_position != w->best_position       ? "best_position"
           : g->optimal != w->optimal                   ? "optimal"
           : W(g->loss) != W(w->loss)                   ? "loss"
           : W(g->secured) != W(w->secured)             ? "secured"
           : W(g->p1) != W(w->p1)                       ? "p1"
           : W(g->p2) != W(w->p2)                       ? "p2"
           : W(g->final_margin) != W(w->final_margin)   ? "final_margin"
           : g->reserved[0] != 0 || g->reserved[1] != 0 ? "reserved"
                                                        : NULL;
}

/* A random game of count moves (optimal now and then) into q. */
static void random_game(rng_t *r, const ogame_t *o, size_t count, uint64_t *q)
{
    opos_t p = ogame_start(o);
    for (size_t k = 0; k < count; k++) {
        uint64_t l, rr;
        ogame_ends(o, p, &l, &rr);
        q[k] = rng_below(r, 3) == 0 ? ogame_best(o, p)
               : p.any              ? 1 + rng_below(r, o->n)
               : rng_below(r, 2)    ? l
                                    : rr;
        p = ogame_take(o, p, q[k]);
    }
}

/* The identity over a finished game: TAKEN, the totals; REMAINING, the
 * final margin. */
static int identity(const ogame_t *o, const coinline_move_review_t *rv,
                    size_t count)
{
    const opos_t s = ogame_start(o);
    const i128 best = ogame_value(o, s);
    i128 lost[2] = {0, 0};
    for (size_t k = 0; k < count; k++)
        lost[k % 2] += W(rv[k].loss);
    if (count == 0)
        return 1;
    const i128 p1 = W(rv[count - 1].p1), p2 = W(rv[count - 1].p2);
    if (o->rules.score == COINLINE_SCORE_REMAINING)
        return p1 - p2 == best - lost[0] + lost[1];
    const i128 sum = ogame_left_sum(o, s), b1 = (sum + best) / 2;
    return p1 == b1 - lost[0] + lost[1] && p2 == sum - b1 - lost[1] + lost[0];
}

static void test_random_games(void)
{
    rng_t r;
    int64_t a[MAXN];
    uint64_t q[MAXN];
    coinline_move_review_t got[MAXN], want;
    rng_seed(&r, 290);
    for (int k = 0; k < 4; k++) {
        tally_t t = {0, 0}, id = {0, 0};
        for (int c = 0; c < 1500 / scale; c++) {
            ogame_t o;
            i128 s[2] = {0, 0};
            char row[96];
            const size_t n = rng_below(&r, c % 2 ? MAXN : 9);
            const size_t count = c % 3 == 0 ? rng_below(&r, n + 1) : n;
            gen_values(&r, a, n, (vals_t)(c % (int)VALS_COUNT));
            ogame_init(&o, &all_rules[k], a, n);
            random_game(&r, &o, count, q);
            const char *what = NULL;
            if (coinline_game_analyze(&all_rules[k], a, n, q, count, got,
                                      NULL) != COINLINE_OK)
                what = "rc";
            opos_t p = ogame_start(&o);
            for (size_t m = 0; what == NULL && m < count; m++) {
                expect(&o, p, m, q[m], s, &want);
                what = review_diff(&got[m], &want);
                p = ogame_take(&o, p, q[m]);
            }
            if (!tally_check(&t, what == NULL))
                tally_note(&t, "[%s] (n = %zu, %zu moves): %s",
                           row_str(a, n, row, sizeof row), n, count, what);
            if (what == NULL && count == n)
                tally_check(&id, identity(&o, got, count));
            ogame_free(&o);
        }
        ok(tally_passed(&t),
           "%s: %d random games, full and partial: every field of every "
           "review is the oracle's",
           rules_names[k], 1500 / scale);
        ok(tally_passed(&id), "%s: over every finished game, %s",
           rules_names[k],
           all_rules[k].score == COINLINE_SCORE_REMAINING
               ? "final margin = optimal margin - player 1's losses + "
                 "player 2's"
               : "each total = its best total - its own losses + the "
                 "other's");
    }
}

/* The classic rules give the classic calls' reviews. */
static void test_classic(void)
{
    rng_t r;
    int64_t a[MAXN];
    uint64_t q[MAXN];
    char moves[MAXN + 1];
    coinline_move_review_t got[MAXN], want[MAXN];
    tally_t t = {0, 0};
    rng_seed(&r, 15);
    for (int c = 0; c < 600 / scale; c++) {
        const int circle = c % 2;
        const size_t n = 1 + rng_below(&r, MAXN - 1);
        ogame_t o;
        gen_values(&r, a, n, (vals_t)(c % (int)VALS_COUNT));
        ogame_init(&o, &all_rules[circle], a, n);
        random_game(&r, &o, n, q);
        /* the moves after a circle's first in L and R */
        opos_t p = ogame_start(&o);
        for (size_t k = 0; k < n; k++) {
            const coinline_side_t side = side_at(&o, p, q[k]);
            if (side != COINLINE_SIDE_NONE)
                moves[k - (size_t)circle] =
                    side == COINLINE_SIDE_LEFT ? 'L' : 'R';
            p = ogame_take(&o, p, q[k]);
        }
        ogame_free(&o);
        const int rc = circle ? coinline_circle_analyze(a, n, q[0], moves,
                                                        n - 1, want, NULL)
                              : coinline_analyze(a, n, moves, n, want, NULL);
        int good = rc == 0 && coinline_game_analyze(&all_rules[circle], a, n, q,
                                                    n, got, NULL) == 0;
        for (size_t k = 0; good && k < n; k++)
            good = review_diff(&got[k], &want[k]) == NULL ||
                   /* the last coin: the old calls keep the letter given */
                   (k + 1 == n && got[k].side == COINLINE_SIDE_LEFT);
        tally_check(&t, good);
    }
    ok(tally_passed(&t), "line and circle scoring the coin taken: the reviews "
                         "of coinline_analyze() and coinline_circle_analyze()");
}

static void test_refusals(void)
{
    static const int64_t row[] = {1, 3, 5, 2, 9};
    coinline_move_review_t out[8];
    coinline_error_t err;
    static const struct {
        int rules;
        uint64_t q[7];
        size_t count;
        uint64_t column;
        const char *message;
    } bads[] = {
        {0,
         {1, 3},
         2,
         2,
         "move 2 is position 3, which is not an end of the coins left (2 "
         "and 5)"},
        {0,
         {1, 5, 2, 4, 3, 1},
         6,
         6,
         "move 6 is one too many: the row has 5 coins"},
        {2, {0}, 1, 1, "move 1 is position 0, not on the row of 5 coins"},
        {1, {6}, 1, 1, "move 1 is position 6, not on the circle of 5 coins"},
        {3,
         {2, 4},
         2,
         2,
         "move 2 is position 4, which is not an end of the coins left (3 "
         "and 1)"},
        {1,
         {18446744073709551615u},
         1,
         1,
         "move 1 is position 18446744073709551615, not on the circle of 5 "
         "coins"},
    };
    for (size_t k = 0; k < sizeof bads / sizeof bads[0]; k++) {
        memset(&err, 0xa5, sizeof err);
        const int rc =
            coinline_game_analyze(&all_rules[bads[k].rules], row, 5, bads[k].q,
                                  bads[k].count, out, &err);
        ok(rc == COINLINE_EMOVE && err.line == 1 &&
               err.column == bads[k].column &&
               strcmp(err.message, bads[k].message) == 0 &&
               err.reserved[0] == 0,
           "%s: refused at column %llu: %s", rules_names[bads[k].rules],
           (unsigned long long)bads[k].column, bads[k].message);
        if (rc != COINLINE_EMOVE || strcmp(err.message, bads[k].message))
            diag("got rc %d: '%s'", rc, err.message);
    }
    const uint64_t one = 1;
    coinline_rules_t bad = all_rules[0];
    bad.reserved[0] = 9;
    ok(coinline_game_analyze(&all_rules[0], row, 5, NULL, 1, out, NULL) ==
               COINLINE_EINVAL &&
           coinline_game_analyze(&all_rules[0], row, 5, &one, 1, NULL, NULL) ==
               COINLINE_EINVAL &&
           coinline_game_analyze(&all_rules[0], NULL, 5, &one, 1, out, NULL) ==
               COINLINE_EINVAL &&
           coinline_game_analyze(&bad, row, 5, &one, 1, out, NULL) ==
               COINLINE_EINVAL &&
           coinline_game_analyze(&all_rules[3], row, 5, NULL, 0, NULL, NULL) ==
               COINLINE_OK,
       "NULL positions or out with moves, NULL coins, rules refused: EINVAL; "
       "no moves: nothing to fill");
}

int main(void)
{
    if (under_valgrind())
        scale = VALGRIND_SCALE;
    test_random_games();
    test_classic();
    test_refusals();
    return done_testing();
}
