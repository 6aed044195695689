/* SPDX-License-Identifier: MIT */
/* coinline_check_*(): the games of a check keep to their plan and are
 * the same for the same plan; the ties tie and the traps trap; a shrunk
 * game still fails and cannot lose a coin or lower a value and still
 * fail; the growth of synthetic times is told right. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "coinline.h"
#include "common/i128.h"
#include "common/oracle.h"
#include "common/tap.h"

#define CAP 4096

static const coinline_check_plan_t plans[] = {
    {1, 100, 1000, 0, 0, 1},
    {1, 100, 300, 1, 0, 7},
    {-5, 5, 40, 0, 1, 3},
    {INT64_MAX - 3, INT64_MAX, 20, 0, 0, 9},
    {INT64_MIN, INT64_MAX, 13, 0, 0, 5},
    {7, 7, 6, 1, 0, 2},
    {0, 1, 1, 0, 1, 4},
};
#define PLANS (sizeof plans / sizeof plans[0])

static int fits(const coinline_check_plan_t *p, const int64_t *a, size_t n)
{
    int ok = n <= p->max_n && !(p->even && n % 2) && (n > 0 || p->allow_empty);
    for (size_t i = 0; i < n; i++)
        ok = ok && a[i] >= p->min && a[i] <= p->max;
    return ok;
}

/* Every game of every plan keeps to it, the parts come in order, and
 * the growing part ends at max_n. */
static void games_keep_to_their_plan(void)
{
    tally_t t = {0, 0};
    int64_t *a = malloc(CAP * sizeof *a);
    for (size_t q = 0; q < PLANS; q++) {
        const coinline_check_plan_t *p = &plans[q];
        uint64_t count = 0;
        int last = -1, rc = coinline_check_count(p, &count);
        size_t n = 0, grown = 0;
        for (uint64_t k = 0; k < count && rc == COINLINE_OK; k++) {
            coinline_check_kind_t kind;
            rc = coinline_check_game(p, k, a, CAP, &n, &kind);
            if (!tally_check(&t, rc == COINLINE_OK && fits(p, a, n) &&
                                     (int)kind >= last))
                tally_note(&t, "plan %zu game %llu: rc %d n %zu kind %d", q,
                           (unsigned long long)k, rc, n, (int)kind);
            last = (int)kind;
            grown = kind == COINLINE_CHECK_GROWING ? n : grown;
        }
        const size_t top = p->even ? p->max_n / 2 * 2 : p->max_n;
        if (!tally_check(&t, rc == COINLINE_OK && count > 0 &&
                                 (top <= 12 || grown == top)))
            tally_note(&t, "plan %zu: %llu games, last growing %zu", q,
                       (unsigned long long)count, grown);
        tally_check(&t, coinline_check_game(p, count, a, CAP, &n, NULL) ==
                            COINLINE_EINVAL);
    }
    free(a);
    ok(tally_passed(&t), "every game keeps to its plan (%ld checks)", t.checks);
}

/* Game k twice, and after other games, is the same row; another seed
 * changes the random games. */
static void one_plan_one_list(void)
{
    coinline_check_plan_t p = plans[0], o = plans[0];
    o.seed = 2;
    int64_t a[CAP / 2], b[CAP / 2];
    size_t na, nb;
    uint64_t count, differ = 0, same = 1;
    coinline_check_count(&p, &count);
    for (uint64_t k = count; k-- > 0;) {
        coinline_check_game(&p, k, a, CAP / 2, &na, NULL);
        coinline_check_game(&p, (k * 7) % count, b, CAP / 2, &nb, NULL);
        coinline_check_game(&p, k, b, CAP / 2, &nb, NULL);
        same &= na == nb && memcmp(a, b, na * sizeof *a) == 0;
        coinline_check_game(&o, k, b, CAP / 2, &nb, NULL);
        differ += na != nb || memcmp(a, b, na * sizeof *a) != 0;
    }
    ok(same, "the same plan gives the same %llu games in any order",
       (unsigned long long)count);
    ok(differ > count / 2, "another seed changes %llu of them",
       (unsigned long long)differ);
}

/* Player 1's final margin when it takes the larger end (ties to the
 * left) and player 2 plays the oracle's best moves. */
static i128 greedy_margin(const int64_t *a, size_t n)
{
    oracle_table_t t;
    oracle_table_init(&t, a, n);
    size_t lo = 0, hi = n;
    i128 m = 0;
    for (int turn = 1; lo < hi; turn = 3 - turn) {
        int left;
        if (turn == 1)
            left = a[lo] >= a[hi - 1];
        else
            left = (i128)a[lo] - oracle_value(&t, lo + 1, hi) >=
                   (i128)a[hi - 1] - oracle_value(&t, lo, hi - 1);
        const int64_t c = left ? a[lo++] : a[--hi];
        m += turn == 1 ? (i128)c : -(i128)c;
    }
    oracle_table_free(&t);
    return m;
}

/* The ties are rows of equal coins or end in a tie; the traps are rows where
 * greedy (the test's own) or the library's parity strategy loses points. */
static void ties_tie_and_traps_trap(void)
{
    tally_t t = {0, 0};
    int64_t a[CAP];
    size_t n;
    long ties = 0, traps = 0;
    for (size_t q = 0; q < PLANS; q++) {
        uint64_t count;
        coinline_check_count(&plans[q], &count);
        for (uint64_t k = 0; k < count; k++) {
            coinline_check_kind_t kind;
            coinline_check_game(&plans[q], k, a, CAP, &n, &kind);
            if (kind == COINLINE_CHECK_TIE) {
                int equal = 1;
                for (size_t i = 1; i < n; i++)
                    equal &= a[i] == a[0];
                ties++;
                tally_check(&t, equal || oracle_minimax(a, n) == 0);
            } else if (kind == COINLINE_CHECK_TRAP) {
                traps++;
                coinline_strategy_t *s = NULL;
                coinline_engine_t *e = NULL;
                coinline_engine_state_t st;
                coinline_strategy_new("parity", 0, &s);
                coinline_engine_new(a, n, &e);
                for (coinline_engine_state(e, &st); st.to_move != 0;
                     coinline_engine_state(e, &st)) {
                    coinline_side_t side = st.best;
                    if (st.to_move == 1)
                        coinline_strategy_move(s, e, &side);
                    coinline_engine_play(e, side);
                }
                const i128 parity = i128_from_ci(st.p1) - i128_from_ci(st.p2);
                const i128 best = oracle_minimax(a, n);
                if (!tally_check(&t,
                                 greedy_margin(a, n) < best || parity < best))
                    tally_note(&t, "plan %zu trap %llu does not trap", q,
                               (unsigned long long)k);
                coinline_engine_free(e);
                coinline_strategy_free(s);
            }
        }
    }
    ok(tally_passed(&t) && ties > 0 && traps > 0,
       "%ld ties are all equal or end in a tie, %ld traps trap greedy or "
       "parity",
       ties, traps);
}

/* Fails when greedy loses points (and counts its calls). */
typedef struct {
    unsigned calls;
    const coinline_check_plan_t *plan;
    int broke; /* a row tried broke the plan */
} greedy_ctx_t;

static int greedy_fails(void *ctx, const int64_t *a, size_t n)
{
    greedy_ctx_t *g = ctx;
    g->calls++;
    g->broke |= !fits(g->plan, a, n);
    return n > 0 && greedy_margin(a, n) < oracle_dp(a, n);
}

/* A shrunk game still fails, keeps to the plan, and is 1-minimal: no
 * coin (pair) can go and no coin can take the plainest value. */
static void shrunk_games_still_fail_and_are_small(void)
{
    tally_t t = {0, 0};
    coinline_check_plan_t p = {1, 100, 14, 0, 0, 1};
    long found = 0, coins = 0;
    for (int round = 0; round < 40; round++) {
        p.even = round % 2;
        uint64_t state = (uint64_t)round * 31 + 5;
        int64_t a[14], b[14];
        size_t n = 14;
        coinline_random_row(&state, p.min, p.max, a, n);
        greedy_ctx_t g = {0, &p, 0};
        if (!greedy_fails(&g, a, n))
            continue;
        found++;
        unsigned runs = 0;
        int rc =
            coinline_check_shrink(&p, a, &n, 1000, greedy_fails, &g, &runs);
        tally_check(&t, rc == COINLINE_OK && !g.broke && runs == g.calls - 1 &&
                            greedy_fails(&g, a, n) && n <= 14 &&
                            fits(&p, a, n));
        const size_t step = p.even ? 2 : 1;
        for (size_t i = 0; i + step <= n && n > step; i += step) {
            memcpy(b, a, i * sizeof *a);
            memcpy(b + i, a + i + step, (n - i - step) * sizeof *a);
            if (!tally_check(&t, !greedy_fails(&g, b, n - step)))
                tally_note(&t, "round %d: coin %zu could go", round, i);
        }
        for (size_t i = 0; i < n; i++) {
            memcpy(b, a, n * sizeof *a);
            b[i] = 1;
            tally_check(&t, a[i] == 1 || !greedy_fails(&g, b, n));
        }
        coins += (long)n;
    }
    ok(tally_passed(&t) && found > 5,
       "%ld failing rows of 14 coins shrink to 1-minimal ones (%.1f coins "
       "on average)",
       found, found ? (double)coins / found : 0.0);
}

/* Fails on a row of two equal coins (a "wins" answer that forgot a tie
 * is a draw). */
static int fails_on_a_tie(void *ctx, const int64_t *a, size_t n)
{
    (void)ctx;
    return n == 2 && a[0] == a[1];
}

/* A tie shrinks to the smallest tie: the coins move together. */
static void a_tie_shrinks_as_a_tie(void)
{
    const coinline_check_plan_t p = {1, 100, 10, 0, 0, 1},
                                neg = {-50, -3, 10, 0, 0, 1};
    int64_t a[2] = {100, 100}, b[2] = {-40, -40};
    size_t n = 2, m = 2;
    coinline_check_shrink(&p, a, &n, 200, fails_on_a_tie, NULL, NULL);
    coinline_check_shrink(&neg, b, &m, 200, fails_on_a_tie, NULL, NULL);
    ok(n == 2 && a[0] == 1 && a[1] == 1 && m == 2 && b[0] == -3 && b[1] == -3,
       "100 100 shrinks to 1 1, and -40 -40 to -3 -3 in [-50, -3]");
}

static int fails_with_code(void *ctx, const int64_t *a, size_t n)
{
    unsigned *calls = ctx;
    (void)a;
    return ++*calls == 3 ? -42 : n > 1;
}

/* The budget bounds the calls; a negative answer stops the shrinking. */
static void the_budget_and_errors_stop_shrinking(void)
{
    coinline_check_plan_t p = {1, 100, 64, 0, 0, 1};
    int64_t a[64];
    size_t n = 64;
    uint64_t state = 3;
    coinline_random_row(&state, 1, 100, a, n);
    greedy_ctx_t g = {0, &p, 0};
    unsigned runs = 0;
    coinline_check_shrink(&p, a, &n, 5, greedy_fails, &g, &runs);
    ok(runs <= 5 && g.calls == runs, "a budget of 5 makes %u calls", runs);
    unsigned calls = 0;
    n = 64;
    int rc =
        coinline_check_shrink(&p, a, &n, 100, fails_with_code, &calls, NULL);
    ok(rc == -42 && calls == 3, "a negative answer stops it (rc %d)", rc);
    ok(coinline_check_shrink(NULL, a, &n, 1, fails_with_code, &calls, NULL) ==
               COINLINE_EINVAL &&
           coinline_check_shrink(&p, a, &n, 1, NULL, NULL, NULL) ==
               COINLINE_EINVAL,
       "shrink refuses a NULL plan or function");
}

/* Times c n^k + base (with 10% noise) and 2^(n/2) are told apart. */
static void growth_is_told_from_times(void)
{
    size_t n[40];
    double s[40];
    coinline_growth_t g;
    double e;
    uint64_t state = 11;
    for (int k = 1; k <= 3; k++) {
        size_t m = 0;
        for (size_t size = 14; size <= 1000; size += size / 4)
            for (int r = 0; r < 2; r++, m++) {
                const double noise =
                    0.9 +
                    0.2 * (double)coinline_random_uniform(&state, 1000) / 1000;
                n[m] = size;
                s[m] = 0.02 + noise * 0.5 * pow((double)size / 1000, k);
            }
        coinline_check_growth(n, s, m, 0.02, &g, &e);
        ok((int)g == k && fabs(e - k) < 0.4, "n^%d is told: %s (%.2f)", k,
           coinline_growth_name(g), e);
    }
    size_t m = 0;
    for (size_t size = 14; size <= 40; size += 2, m++) {
        n[m] = size;
        s[m] = 0.001 + 1e-8 * pow(2, (double)size / 1.2);
    }
    coinline_check_growth(n, s, m, 0.001, &g, &e);
    ok(g == COINLINE_GROWTH_EXPONENTIAL, "2^(n/1.2) is told: %s (%.2f)",
       coinline_growth_name(g), e);
    for (size_t i = 0; i < m; i++)
        s[i] = 0.001;
    coinline_check_growth(n, s, m, 0.001, &g, &e);
    ok(g == COINLINE_GROWTH_UNKNOWN && e == 0,
       "times at the start's cost tell nothing: %s", coinline_growth_name(g));
    for (size_t i = 0; i < m; i++)
        s[i] = 0.001 + (i % 2 ? 0.03 : 0.031);
    coinline_check_growth(n, s, m, 0.001, &g, &e);
    ok(g == COINLINE_GROWTH_UNKNOWN,
       "flat times clear of the noise tell nothing either: %s",
       coinline_growth_name(g));
    /* quadratic times of 5..50 ms over a start that wavers by 30 ms: the
     * small runs' spread puts the noise at 90 ms, and nothing is told;
     * the fastest run of each size, not the slowest, counts */
    size_t q = 0;
    for (int r = 0; r < 9; r++, q++) {
        n[q] = 1 + r % 3;
        s[q] = 0.1 + (r % 3 - 1) * 0.03;
    }
    for (size_t size = 100; size <= 316; size += 24, q++) {
        n[q] = size;
        s[q] = 0.1 + 0.05 * (double)(size * size) / 1e5;
    }
    coinline_check_growth(n, s, q, 0.1, &g, &e);
    ok(g == COINLINE_GROWTH_UNKNOWN,
       "times within a noisy start's spread "
       "tell nothing: %s",
       coinline_growth_name(g));
    n[q] = 316;
    s[q++] = 9.0; /* a slow run of a size: its fastest counts */
    for (size_t i = 9; i + 1 < q; i++)
        s[i] = 0.1 + 2 * (double)(n[i] * n[i]) / 1e5;
    coinline_check_growth(n, s, q, 0.1, &g, &e);
    ok(g == COINLINE_GROWTH_QUADRATIC && fabs(e - 2) < 0.4,
       "clear of that noise, n^2 again, a slow run left out: %s (%.2f)",
       coinline_growth_name(g), e);
    ok(coinline_check_growth(NULL, s, 3, 0, &g, NULL) == COINLINE_EINVAL &&
           coinline_check_growth(n, s, 0, 0, NULL, NULL) == COINLINE_EINVAL,
       "growth refuses NULL arrays and a NULL result");
    ok(coinline_growth_name((coinline_growth_t)99) == NULL &&
           strcmp(coinline_growth_name(COINLINE_GROWTH_QUADRATIC), "n^2") ==
               0 &&
           coinline_check_kind_name((coinline_check_kind_t)6) == NULL,
       "names of growths and kinds, NULL past the last");
}

/* Plans that make no sense are refused. */
static void bad_plans_are_refused(void)
{
    uint64_t c;
    int64_t a[8];
    size_t n;
    const coinline_check_plan_t bad[] = {
        {5, 4, 10, 0, 0, 1}, {1, 2, 0, 0, 0, 1}, {1, 2, 1, 1, 0, 1}};
    int refused = coinline_check_count(NULL, &c) == COINLINE_EINVAL;
    for (size_t i = 0; i < 3; i++)
        refused &=
            coinline_check_count(&bad[i], &c) == COINLINE_EINVAL &&
            coinline_check_game(&bad[i], 0, a, 8, &n, NULL) == COINLINE_EINVAL;
    ok(refused, "min > max, max_n 0 and even with max_n 1 are refused");
    coinline_check_plan_t p = plans[0];
    uint64_t count;
    coinline_check_count(&p, &count);
    const int rc = coinline_check_game(&p, count - 1, a, 8, &n, NULL);
    ok(rc == COINLINE_ETOOBIG && n == 1000,
       "a game longer than cap is refused and its size told (%zu)", n);
}

int main(void)
{
    games_keep_to_their_plan();
    one_plan_one_list();
    ties_tie_and_traps_trap();
    shrunk_games_still_fail_and_are_small();
    a_tie_shrinks_as_a_tie();
    the_budget_and_errors_stop_shrinking();
    growth_is_told_from_times();
    bad_plans_are_refused();
    return done_testing();
}
