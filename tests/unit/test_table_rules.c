/* SPDX-License-Identifier: MIT */
/*
 * The table of the programme under any rules (coinline_table_new_rules(),
 * coinline_table_cell(), coinline_table_first(), coinline_table_outcome()):
 * every run of random rows of every rule set against the programme over
 * arcs of tests/unit/common/game_oracle.c (value in the rules' scoring,
 * optimal move, the runs of the optimal line), the runs that are not
 * cells, the first moves, and the classic calls reading such a table.
 */
#include <stdlib.h>
#include <string.h>

#include "coinline.h"
#include "common/check.h"
#include "common/game_oracle.h"
#include "common/rng.h"
#include "common/tap.h"

enum { MAXN = 40 };

static const coinline_rules_t all_rules[4] = {
    COINLINE_RULES_INIT(COINLINE_SHAPE_LINE, COINLINE_SCORE_TAKEN),
    COINLINE_RULES_INIT(COINLINE_SHAPE_CIRCLE, COINLINE_SCORE_TAKEN),
    COINLINE_RULES_INIT(COINLINE_SHAPE_LINE, COINLINE_SCORE_REMAINING),
    COINLINE_RULES_INIT(COINLINE_SHAPE_CIRCLE, COINLINE_SCORE_REMAINING)};

static const char *const names[4] = {"line", "circle", "line,remaining",
                                     "circle,remaining"};

/* on[start][len]: 1 for the runs the oracle's optimal line leaves. */
static void oracle_path(const ogame_t *o, unsigned char on[][MAXN + 1])
{
    uint64_t line[MAXN];
    i128 p1, p2;
    opos_t p = ogame_start(o);
    memset(on, 0, sizeof(unsigned char[MAXN][MAXN + 1]));
    ogame_line(o, line, &p1, &p2);
    for (size_t k = 0; k < o->n; k++) {
        if (!p.any)
            on[p.start][p.len] = 1;
        p = ogame_take(o, p, line[k]);
    }
}

/* Every cell of t, and every address that is not one. */
static const char *cells_diff(const coinline_table_t *t, const ogame_t *o)
{
    static unsigned char on[MAXN][MAXN + 1];
    const int circle = o->rules.shape == COINLINE_SHAPE_CIRCLE;
    coinline_table_cell_t c;
    oracle_path(o, on);
    for (size_t s = 0; s <= o->n + 1; s++)
        for (size_t len = 0; len <= o->n + 1; len++) {
            const int fits = s >= 1 && s <= o->n && len >= 1 &&
                             (circle ? len < o->n : s + len - 1 <= o->n);
            const int rc = coinline_table_cell(t, s, len, &c);
            if (rc != (fits ? COINLINE_OK : COINLINE_EINVAL))
                return "a cell's code";
            if (!fits)
                continue;
            const opos_t p = {0, s - 1, len};
            uint64_t l, r;
            ogame_ends(o, p, &l, &r);
            const uint64_t best = ogame_best(o, p);
            if (i128_from_ci(c.value) != ogame_value(o, p))
                return "value";
            if (c.best != best ||
                c.best_side !=
                    (best == l ? COINLINE_SIDE_LEFT : COINLINE_SIDE_RIGHT))
                return "best";
            if (s + len - 1 <= o->n && /* a run coins[lo..hi-1] names */
                coinline_table_tied(t, s - 1, s - 1 + len) !=
                    (len >= 2 && ogame_worth(o, p, l) == ogame_worth(o, p, r)))
                return "tied";
            if (c.on_line != on[s - 1][len] || c.reserved[0] != 0)
                return "on_line";
        }
    return NULL;
}

/* The first move and the outcome of every position. */
static const char *start_diff(const coinline_table_t *t, const ogame_t *o)
{
    const opos_t s = ogame_start(o);
    if (coinline_table_first(t) != ogame_best(o, s))
        return "first";
    for (uint64_t q = 0; q <= o->n + 1; q++) {
        coinline_i128_t fm;
        const int legal = ogame_legal(o, s, q);
        const int rc = coinline_table_outcome(t, q, &fm);
        if (rc != (legal ? COINLINE_OK : COINLINE_EMOVE))
            return "outcome's code";
        if (legal && i128_from_ci(fm) != ogame_worth(o, s, q))
            return "outcome";
    }
    return NULL;
}

/* The classic calls on lo..hi-1 read the cell (lo + 1, hi - lo). */
static const char *classic_diff(const coinline_table_t *t, size_t n)
{
    for (size_t lo = 0; lo <= n; lo++)
        for (size_t hi = lo; hi <= n; hi++) {
            coinline_table_cell_t c;
            coinline_i128_t v;
            const int cell =
                hi > lo && coinline_table_cell(t, lo + 1, hi - lo, &c) == 0;
            const int rc = coinline_table_value(t, lo, hi, &v);
            if (hi == lo) {
                if (rc != 0 || i128_from_ci(v) != 0 ||
                    coinline_table_move(t, lo, hi) != COINLINE_SIDE_NONE)
                    return "an empty run";
                continue;
            }
            if (rc != (cell ? 0 : COINLINE_EINVAL) ||
                (cell && i128_from_ci(v) != i128_from_ci(c.value)) ||
                coinline_table_move(t, lo, hi) !=
                    (cell ? c.best_side : COINLINE_SIDE_NONE) ||
                coinline_table_on_line(t, lo, hi) != (cell && c.on_line) ||
                (!cell && coinline_table_tied(t, lo, hi)))
                return "the classic calls";
        }
    return NULL;
}

static void test_random_tables(void)
{
    rng_t r;
    int64_t a[MAXN];
    rng_seed(&r, 64);
    for (int k = 0; k < 4; k++) {
        tally_t t = {0, 0};
        for (int c = 0; c < 150; c++) {
            ogame_t o;
            coinline_table_t *tab = NULL;
            char row[96];
            const size_t n = c < 4 ? (size_t)c : 1 + rng_below(&r, MAXN);
            gen_values(&r, a, n, (vals_t)(c % (int)VALS_COUNT));
            ogame_init(&o, &all_rules[k], a, n);
            const char *what = "new";
            if (coinline_table_new_rules(&all_rules[k], a, n, &tab) == 0 &&
                coinline_table_size(tab) == n &&
                coinline_table_rules(tab)->shape == all_rules[k].shape &&
                coinline_table_rules(tab)->score == all_rules[k].score)
                what = cells_diff(tab, &o);
            if (what == NULL)
                what = start_diff(tab, &o);
            if (what == NULL)
                what = classic_diff(tab, n);
            if (!tally_check(&t, what == NULL))
                tally_note(&t, "[%s] (n = %zu): %s",
                           row_str(a, n, row, sizeof row), n, what);
            coinline_table_free(tab);
            ogame_free(&o);
        }
        ok(tally_passed(&t),
           "%s: 150 random rows of 0 to %d coins: every run's value, best "
           "move, tie and place on the line, the first move, the outcome of "
           "every first move, and the classic calls on the table",
           names[k], MAXN);
    }
}

static void test_errors(void)
{
    static const int64_t row[] = {1, 2, 3};
    coinline_table_t *t = (coinline_table_t *)row;
    coinline_rules_t bad = all_rules[1];
    coinline_table_cell_t c;
    coinline_i128_t fm;
    bad.reserved[0] = 1;
    ok(coinline_table_new_rules(&bad, row, 3, &t) == COINLINE_EINVAL &&
           t == NULL &&
           coinline_table_new_rules(NULL, row, 3, &t) == COINLINE_EINVAL &&
           coinline_table_new_rules(&all_rules[1], NULL, 3, &t) ==
               COINLINE_EINVAL &&
           coinline_table_new_rules(&all_rules[1], row, 3, NULL) ==
               COINLINE_EINVAL &&
           coinline_table_new_rules(&all_rules[3], row, COINLINE_TABLE_MAX + 1,
                                    &t) == COINLINE_ETOOBIG,
       "rules refused, NULL coins or out: EINVAL; past COINLINE_TABLE_MAX: "
       "ETOOBIG");
    ok(coinline_table_cell(NULL, 1, 1, &c) == COINLINE_EINVAL &&
           coinline_table_first(NULL) == 0 &&
           coinline_table_rules(NULL) == NULL &&
           coinline_table_outcome(NULL, 1, &fm) == COINLINE_EINVAL,
       "the calls on NULL: EINVAL, 0 or NULL");
    coinline_table_new_rules(&all_rules[2], row, 3, &t);
    ok(coinline_table_cell(t, 1, 1, NULL) == COINLINE_EINVAL &&
           coinline_table_outcome(t, 1, NULL) == COINLINE_EINVAL &&
           coinline_table_outcome(t, 2, &fm) == COINLINE_EMOVE,
       "no cell or margin to fill: EINVAL; a first move not legal: EMOVE");
    coinline_table_free(t);
}

int main(void)
{
    test_random_tables();
    test_errors();
    return done_testing();
}
