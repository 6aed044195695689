/* SPDX-License-Identifier: MIT */
/*
 * The strategies (coinline_strategy_*): the specs accepted and refused and
 * the names; the error contract of coinline_strategy_move() and what a
 * custom move function receives; every built-in rule checked at every
 * position of random games against what this file computes from the row
 * (the oracle's table for optimal play, plain sums for greedy and
 * parity); the same moves for the same seed; the guarantees of optimal
 * and parity play over thousands of games; one strategy serving engine
 * after engine.
 *
 * The tests use only the interface.
 */
#include <stdlib.h>
#include <string.h>

#include "coinline.h"
#include "common/check.h"
#include "common/oracle.h"
#include "common/rng.h"
#include "common/tap.h"

enum {
    MAXN = 200,         /* longest row of the random games */
    RULE_GAMES = 1000,  /* games whose every position is checked */
    DET_GAMES = 12,     /* games of each self-play sequence */
    INV_ROWS = 1000,    /* rows; every match-up is played on each */
    INV_MAXN = 160,     /* longest row of those */
    REUSE_ROUNDS = 300, /* engines made and freed under one parity */
    RATE_MIN_MOVES = 20000
};

/* Under valgrind (about 40 times slower) the game counts are divided by
 * VALGRIND_SCALE; the rate bounds below stay far outside chance. */
enum { VALGRIND_SCALE = 10 };
static int scale = 1;

static const char *side_name(coinline_side_t side)
{
    return side_str(side);
}

/* 1 for LEFT, 2 for RIGHT, 0 for anything else: an index for counts. */
static int side_index(coinline_side_t side)
{
    return side == COINLINE_SIDE_LEFT ? 1 : side == COINLINE_SIDE_RIGHT ? 2 : 0;
}

/* ------------------------------------------------------------------------
 * Helpers: strategies and engines that must be made, own computations
 * ---------------------------------------------------------------------- */

static coinline_strategy_t *strategy(const char *spec, uint64_t seed)
{
    coinline_strategy_t *s = NULL;
    const int rc = coinline_strategy_new(spec, seed, &s);
    if (rc != COINLINE_OK || s == NULL) {
        diag("coinline_strategy_new(\"%s\") returned %s", spec, code_str(rc));
        exit(1);
    }
    return s;
}

static coinline_engine_t *engine(const int64_t *a, size_t n)
{
    coinline_engine_t *e = NULL;
    const int rc = coinline_engine_new(a, n, &e);
    if (rc != COINLINE_OK || e == NULL) {
        diag("coinline_engine_new(n=%zu) returned %s", n, code_str(rc));
        exit(1);
    }
    return e;
}

/* The larger end coin of a[lo..end), the left on equal ends. */
static coinline_side_t my_greedy(const int64_t *a, size_t lo, size_t end)
{
    return a[lo] >= a[end - 1] ? COINLINE_SIDE_LEFT : COINLINE_SIDE_RIGHT;
}

/* Sums of the coins left a[lo..end) at even and at odd indices of the
 * whole row, by a plain loop. */
static void class_sums(const int64_t *a, size_t lo, size_t end, i128 *even,
                       i128 *odd)
{
    *even = 0;
    *odd = 0;
    for (size_t i = lo; i < end; i++) {
        if (i % 2 == 0) {
            *even += a[i];
        } else {
            *odd += a[i];
        }
    }
}

/* Parity's move on a[lo..end): with an even count left, the end in the
 * index class whose coins left sum to more (equal sums: the left end);
 * with an odd count, greedy. */
static coinline_side_t my_parity(const int64_t *a, size_t lo, size_t end)
{
    i128 even;
    i128 odd;
    if ((end - lo) % 2 == 1) {
        return my_greedy(a, lo, end);
    }
    class_sums(a, lo, end, &even, &odd);
    if (even == odd) {
        return COINLINE_SIDE_LEFT;
    }
    /* The two ends are in different classes: lo and end - 1. */
    const int want_even = even > odd;
    const int left_even = lo % 2 == 0;
    return want_even == left_even ? COINLINE_SIDE_LEFT : COINLINE_SIDE_RIGHT;
}

/* A row for the rule checks: small alphabets with ties and negatives, and
 * now and then wide or extreme values; lengths 1..maxn, both parities. */
static size_t rule_row(rng_t *r, int64_t *a, size_t maxn)
{
    static const vals_t kinds[] = {VALS_PM1, VALS_PM2,  VALS_0_3,    VALS_PM1,
                                   VALS_PM2, VALS_WIDE, VALS_EXTREME};
    const size_t n = 1 + (size_t)rng_below(r, maxn);
    gen_values(r, a, n, kinds[rng_below(r, sizeof kinds / sizeof kinds[0])]);
    return n;
}

/* ------------------------------------------------------------------------
 * 1. Specs and names
 * ---------------------------------------------------------------------- */

static void test_specs(void)
{
    static const char *const good[] = {
        "optimal",    "greedy",        "parity",     "random",
        "fallible:0", "fallible:0.25", "fallible:1", "fallible:1.0",
    };
    static const char *const bad[] = {
        "",
        "Optimal",
        "fallible",
        "fallible:",
        "fallible:-0.1",
        "fallible:1.5",
        "fallible:x",
        "fallible:0.5x",
        "fallible: 0.5",
        "fallible:nan",
        "fallible:inf",
        "fallible=0.5",
        "optimal ",
    };
    static char sentinel;
    tally_t t = {0, 0};
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        coinline_strategy_t *s = NULL;
        const int rc = coinline_strategy_new(good[i], 42, &s);
        const char *name = coinline_strategy_name(s);
        if (!tally_check(&t, rc == COINLINE_OK && s != NULL &&
                                 strcmp(name, good[i]) == 0)) {
            tally_note(&t, "\"%s\": returned %s, name \"%s\"", good[i],
                       code_str(rc), name);
        }
        coinline_strategy_free(s);
    }
    ok(tally_passed(&t),
       "strategy_new accepts optimal, greedy, parity, random, fallible:0, "
       "fallible:0.25, fallible:1, fallible:1.0, and name() gives the spec");

    {
        char spec[] = "fallible:0.5";
        coinline_strategy_t *s = NULL;
        const int rc = coinline_strategy_new(spec, 1, &s);
        spec[0] = 'X';
        is_str(rc == COINLINE_OK ? coinline_strategy_name(s) : "(failed)",
               "fallible:0.5",
               "name() is a copy of the spec (the caller's buffer may change)");
        coinline_strategy_free(s);
    }

    t = (tally_t){0, 0};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        coinline_strategy_t *s = (coinline_strategy_t *)(void *)&sentinel;
        const int rc = coinline_strategy_new(bad[i], 42, &s);
        if (!tally_check(&t, rc == COINLINE_EINVAL && s == NULL)) {
            tally_note(&t, "\"%s\": returned %s, *out %s", bad[i], code_str(rc),
                       s == NULL ? "NULL" : "not NULL");
            if (rc == COINLINE_OK) {
                coinline_strategy_free(s);
            }
        }
    }
    ok(tally_passed(&t),
       "strategy_new refuses with EINVAL and *out NULL: \"\", Optimal, "
       "fallible, fallible:, fallible:-0.1, fallible:1.5, fallible:x, "
       "fallible:0.5x, \"fallible: 0.5\", fallible:nan, fallible:inf, "
       "fallible=0.5, \"optimal \"");

    {
        coinline_strategy_t *s = (coinline_strategy_t *)(void *)&sentinel;
        const int rc = coinline_strategy_new(NULL, 0, &s);
        ok(rc == COINLINE_EINVAL && s == NULL,
           "strategy_new(NULL spec) is EINVAL with *out NULL (got %s)",
           code_str(rc));
        is_int(coinline_strategy_new("optimal", 0, NULL), COINLINE_EINVAL,
               "strategy_new with out NULL is EINVAL");
    }

    coinline_strategy_free(NULL);
    ok(1, "strategy_free(NULL) is harmless");
    is_str(coinline_strategy_name(NULL), "", "strategy_name(NULL) is \"\"");
}

/* ------------------------------------------------------------------------
 * 2. coinline_strategy_move(): errors, and what a custom function sees
 * ---------------------------------------------------------------------- */

typedef struct {
    int calls;
    int rc;               /* what the function returns */
    coinline_side_t side; /* what it sets */
    const int64_t *coins; /* what it received */
    coinline_engine_state_t st;
} probe_t;

static void *probe_ctx_seen;

static int probe_fn(void *ctx, const int64_t *coins,
                    const coinline_engine_state_t *st, coinline_side_t *side)
{
    probe_t *p = ctx;
    probe_ctx_seen = ctx;
    p->calls++;
    p->coins = coins;
    p->st = *st;
    *side = p->side;
    return p->rc;
}

static const char *const builtin_specs[] = {
    "optimal", "greedy", "parity", "random", "fallible:0.5",
};
enum { N_BUILTIN = sizeof builtin_specs / sizeof builtin_specs[0] };

static void test_custom_contract(void)
{
    static char sentinel;
    probe_t probe;
    coinline_strategy_t *s = NULL;
    int rc;

    s = (coinline_strategy_t *)(void *)&sentinel;
    rc = coinline_strategy_custom("x", NULL, NULL, &s);
    ok(rc == COINLINE_EINVAL && s == NULL,
       "strategy_custom with fn NULL is EINVAL with *out NULL (got %s)",
       code_str(rc));
    is_int(coinline_strategy_custom("x", probe_fn, NULL, NULL), COINLINE_EINVAL,
           "strategy_custom with out NULL is EINVAL");

    rc = coinline_strategy_custom(NULL, probe_fn, &probe, &s);
    is_str(rc == COINLINE_OK ? coinline_strategy_name(s) : "(failed)", "custom",
           "strategy_custom with name NULL is named \"custom\"");
    coinline_strategy_free(s);
    {
        char name[] = "mine";
        rc = coinline_strategy_custom(name, probe_fn, &probe, &s);
        name[0] = 'X';
        is_str(rc == COINLINE_OK ? coinline_strategy_name(s) : "(failed)",
               "mine", "strategy_custom copies its name");
        coinline_strategy_free(s);
    }
}

static void test_move_errors(void)
{
    static const int64_t row[] = {4, -1, 7, 7, -3, 0, 2, 9, -5};
    const size_t n = sizeof row / sizeof row[0];
    coinline_strategy_t *all[N_BUILTIN + 1];
    probe_t probe;
    coinline_side_t side;
    tally_t t = {0, 0};

    memset(&probe, 0, sizeof probe);
    probe.side = COINLINE_SIDE_LEFT;
    for (size_t i = 0; i < N_BUILTIN; i++) {
        all[i] = strategy(builtin_specs[i], 5);
    }
    if (coinline_strategy_custom("probe", probe_fn, &probe, &all[N_BUILTIN]) !=
        COINLINE_OK) {
        diag("coinline_strategy_custom failed");
        exit(1);
    }

    /* NULL arguments. */
    {
        coinline_engine_t *e = engine(row, n);
        for (size_t i = 0; i <= N_BUILTIN; i++) {
            const char *name = coinline_strategy_name(all[i]);
            const int r1 = coinline_strategy_move(all[i], NULL, &side);
            const int r2 = coinline_strategy_move(all[i], e, NULL);
            if (!tally_check(&t,
                             r1 == COINLINE_EINVAL && r2 == COINLINE_EINVAL)) {
                tally_note(&t, "%s: engine NULL gave %s, side NULL gave %s",
                           name, code_str(r1), code_str(r2));
            }
        }
        const int r0 = coinline_strategy_move(NULL, e, &side);
        if (!tally_check(&t, r0 == COINLINE_EINVAL)) {
            tally_note(&t, "strategy NULL gave %s", code_str(r0));
        }
        if (!tally_check(&t, probe.calls == 0)) {
            tally_note(&t, "the custom function was called %d times",
                       probe.calls);
        }
        coinline_engine_free(e);
    }
    ok(tally_passed(&t),
       "strategy_move with the strategy, the engine or side NULL is EINVAL "
       "(every built-in and a custom one; the custom function not called)");

    /* No coin left: an empty row, and a row played to its end. */
    t = (tally_t){0, 0};
    {
        coinline_engine_t *empty = engine(NULL, 0);
        coinline_engine_t *done = engine(row, n);
        for (size_t k = 0; k < n; k++) {
            if (coinline_engine_play(done, k % 2 ? COINLINE_SIDE_LEFT
                                                 : COINLINE_SIDE_RIGHT) !=
                COINLINE_OK) {
                diag("coinline_engine_play failed");
                exit(1);
            }
        }
        for (size_t i = 0; i <= N_BUILTIN; i++) {
            const char *name = coinline_strategy_name(all[i]);
            const int r1 = coinline_strategy_move(all[i], empty, &side);
            const int r2 = coinline_strategy_move(all[i], done, &side);
            if (!tally_check(&t,
                             r1 == COINLINE_EINVAL && r2 == COINLINE_EINVAL)) {
                tally_note(&t, "%s: empty row gave %s, row played out gave %s",
                           name, code_str(r1), code_str(r2));
            }
        }
        if (!tally_check(&t, probe.calls == 0)) {
            tally_note(&t, "the custom function was called %d times",
                       probe.calls);
        }
        coinline_engine_free(empty);
        coinline_engine_free(done);
    }
    ok(tally_passed(&t),
       "strategy_move with no coin left (n = 0, or every coin taken) is "
       "EINVAL for every strategy, and a custom function is not called");

    /* A custom function's own code, and sides that are not a move. */
    {
        static const int codes[] = {-42, COINLINE_ENOMEM, COINLINE_ESYNTAX,
                                    -1000000};
        coinline_engine_t *e = engine(row, n);
        t = (tally_t){0, 0};
        for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++) {
            probe.rc = codes[i];
            probe.side = COINLINE_SIDE_LEFT;
            const int got = coinline_strategy_move(all[N_BUILTIN], e, &side);
            if (!tally_check(&t, got == codes[i])) {
                tally_note(&t, "the function returned %d, move gave %d",
                           codes[i], got);
            }
        }
        ok(tally_passed(&t),
           "a custom function's negative return code (-42, ENOMEM, ESYNTAX, "
           "-1000000) is what strategy_move returns");

        t = (tally_t){0, 0};
        probe.rc = 0;
        {
            const coinline_side_t wrong[] = {
                COINLINE_SIDE_NONE, (coinline_side_t)3, (coinline_side_t)77};
            for (size_t i = 0; i < sizeof wrong / sizeof wrong[0]; i++) {
                probe.side = wrong[i];
                const int got =
                    coinline_strategy_move(all[N_BUILTIN], e, &side);
                if (!tally_check(&t, got == COINLINE_EINVAL)) {
                    tally_note(&t, "side %d gave %s", (int)wrong[i],
                               code_str(got));
                }
            }
        }
        ok(tally_passed(&t),
           "a custom function that sets NONE or a value that is not a side "
           "makes strategy_move return EINVAL");

        t = (tally_t){0, 0};
        {
            const coinline_side_t right[] = {COINLINE_SIDE_LEFT,
                                             COINLINE_SIDE_RIGHT};
            for (size_t i = 0; i < 2; i++) {
                probe.side = right[i];
                side = COINLINE_SIDE_NONE;
                const int got =
                    coinline_strategy_move(all[N_BUILTIN], e, &side);
                if (!tally_check(&t, got == COINLINE_OK && side == right[i])) {
                    tally_note(&t, "the function set %s: move gave %s, %s",
                               side_name(right[i]), code_str(got),
                               side_name(side));
                }
            }
        }
        ok(tally_passed(&t),
           "a custom function's LEFT or RIGHT is strategy_move's answer");
        coinline_engine_free(e);
    }

    /* What the custom function receives, at every position of a game; and
     * strategy_move never plays. */
    {
        coinline_engine_t *e = engine(row, n);
        tally_t recv = {0, 0};
        tally_t still = {0, 0};
        probe.rc = 0;
        for (size_t k = 0; k < n; k++) {
            coinline_engine_state_t want;
            coinline_engine_state_t after;
            probe.side = k % 3 == 0 ? COINLINE_SIDE_RIGHT : COINLINE_SIDE_LEFT;
            probe.coins = NULL;
            probe_ctx_seen = NULL;
            const int calls = probe.calls;
            if (coinline_engine_state(e, &want) != COINLINE_OK) {
                diag("coinline_engine_state failed");
                exit(1);
            }
            const int got = coinline_strategy_move(all[N_BUILTIN], e, &side);
            const char *why = NULL;
            if (got != COINLINE_OK || side != probe.side) {
                why = "the move";
            } else if (probe.calls != calls + 1) {
                why = "the number of calls";
            } else if (probe_ctx_seen != &probe) {
                why = "ctx";
            } else if (probe.coins != coinline_engine_row(e)) {
                why = "coins is not coinline_engine_row()";
            } else if (memcmp(probe.coins, row, sizeof row) != 0) {
                why = "the coins";
            } else if (!engine_state_equal(&probe.st, &want)) {
                why = "the state differs from coinline_engine_state()'s";
            }
            if (!tally_check(&recv, why == NULL)) {
                tally_note(&recv, "after %zu moves: %s", k, why);
            }
            /* Ask every strategy: none may play. */
            for (size_t i = 0; i <= N_BUILTIN; i++) {
                const int rc = coinline_strategy_move(all[i], e, &side);
                if (coinline_engine_state(e, &after) != COINLINE_OK) {
                    diag("coinline_engine_state failed");
                    exit(1);
                }
                if (!tally_check(&still,
                                 rc == COINLINE_OK &&
                                     (side == COINLINE_SIDE_LEFT ||
                                      side == COINLINE_SIDE_RIGHT) &&
                                     engine_state_equal(&after, &want))) {
                    tally_note(&still, "%s after %zu moves: %s, side %s%s",
                               coinline_strategy_name(all[i]), k, code_str(rc),
                               side_name(side),
                               engine_state_equal(&after, &want)
                                   ? ""
                                   : ", and the position changed");
                }
            }
            if (coinline_engine_play(e, k % 2 ? COINLINE_SIDE_LEFT
                                              : COINLINE_SIDE_RIGHT) !=
                COINLINE_OK) {
                tally_check(&still, 0);
                tally_note(&still, "after %zu moves: engine_play refused", k);
                break;
            }
        }
        ok(tally_passed(&recv),
           "a custom function gets its ctx, coinline_engine_row() as coins "
           "and a state equal to coinline_engine_state()'s, at every "
           "position of a game");
        ok(tally_passed(&still),
           "strategy_move gives LEFT or RIGHT and leaves the position as it "
           "was (it does not play), for every strategy at every position");
        coinline_engine_free(e);
    }

    for (size_t i = 0; i <= N_BUILTIN; i++) {
        coinline_strategy_free(all[i]);
    }
}

/* ------------------------------------------------------------------------
 * 3. The rules, at every position of random games
 * ---------------------------------------------------------------------- */

/* A strategy's move that must succeed; a failure is noted in t and
 * reported as NONE. */
static coinline_side_t ask(coinline_strategy_t *s, coinline_engine_t *e,
                           tally_t *t)
{
    coinline_side_t side = COINLINE_SIDE_NONE;
    const int rc = coinline_strategy_move(s, e, &side);
    if (rc != COINLINE_OK) {
        tally_check(t, 0);
        tally_note(t, "%s: strategy_move returned %s",
                   coinline_strategy_name(s), code_str(rc));
        return COINLINE_SIDE_NONE;
    }
    return side;
}

/* One rule check at a position: got must be want. */
static void rule_check(tally_t *t, const char *name, coinline_side_t got,
                       coinline_side_t want, const int64_t *a, size_t n,
                       size_t lo, size_t end)
{
    char row[256];
    if (!tally_check(t, got == want)) {
        tally_note(t, "%s on row [%s] (n=%zu) at a[%zu..%zu): %s, expected %s",
                   name, row_str(a, n, row, sizeof row), n, lo, end,
                   side_name(got), side_name(want));
    }
}

typedef struct {
    long moves;
    long left;
    long agree; /* with the optimal move */
} rate_t;

static int within(long part, long whole, double lo, double hi)
{
    return whole > 0 && (double)part >= lo * (double)whole &&
           (double)part <= hi * (double)whole;
}

static void test_rules(void)
{
    const int games = RULE_GAMES / scale;
    coinline_strategy_t *opt = strategy("optimal", 11);
    coinline_strategy_t *gre = strategy("greedy", 12);
    coinline_strategy_t *par = strategy("parity", 13);
    coinline_strategy_t *f0 = strategy("fallible:0", 14);
    coinline_strategy_t *rnd = strategy("random", 15);
    coinline_strategy_t *f1 = strategy("fallible:1", 16);
    coinline_strategy_t *f25 = strategy("fallible:0.25", 17);
    tally_t t_opt = {0, 0}, t_gre = {0, 0}, t_par = {0, 0}, t_f0 = {0, 0};
    tally_t t_sides = {0, 0};
    rate_t r_rnd = {0, 0, 0}, r_f1 = {0, 0, 0}, r_f25 = {0, 0, 0};
    size_t parities[2] = {0, 0};
    int64_t *a = row_alloc(MAXN);
    oracle_table_t tab;
    rng_t r;
    rng_seed(&r, 0x57a7e61e5);

    for (int g = 0; g < games; g++) {
        const size_t n = rule_row(&r, a, MAXN);
        coinline_engine_t *e = engine(a, n);
        int seen_rnd[3] = {0, 0, 0};
        int seen_f1[3] = {0, 0, 0};
        size_t lo = 0;
        size_t end = n;
        parities[n % 2]++;
        oracle_table_init(&tab, a, n);
        while (lo < end) {
            const coinline_side_t best = oracle_move(&tab, lo, end);
            coinline_side_t s;
            rule_check(&t_opt, "optimal", ask(opt, e, &t_opt), best, a, n, lo,
                       end);
            rule_check(&t_f0, "fallible:0", ask(f0, e, &t_f0), best, a, n, lo,
                       end);
            rule_check(&t_gre, "greedy", ask(gre, e, &t_gre),
                       my_greedy(a, lo, end), a, n, lo, end);
            rule_check(&t_par, "parity", ask(par, e, &t_par),
                       my_parity(a, lo, end), a, n, lo, end);

            s = ask(rnd, e, &t_sides);
            seen_rnd[side_index(s)]++;
            r_rnd.moves++;
            r_rnd.left += s == COINLINE_SIDE_LEFT;
            r_rnd.agree += s == best;
            s = ask(f1, e, &t_sides);
            seen_f1[side_index(s)]++;
            r_f1.moves++;
            r_f1.left += s == COINLINE_SIDE_LEFT;
            r_f1.agree += s == best;
            s = ask(f25, e, &t_sides);
            r_f25.moves++;
            r_f25.left += s == COINLINE_SIDE_LEFT;
            r_f25.agree += s == best;

            /* The test's own choice: positions off the optimal line too. */
            s = rng_below(&r, 3) == 0 ? best
                : rng_below(&r, 2)    ? COINLINE_SIDE_LEFT
                                      : COINLINE_SIDE_RIGHT;
            if (coinline_engine_play(e, s) != COINLINE_OK) {
                tally_check(&t_opt, 0);
                tally_note(&t_opt, "n=%zu at a[%zu..%zu): engine_play refused",
                           n, lo, end);
                break;
            }
            if (s == COINLINE_SIDE_LEFT) {
                lo++;
            } else {
                end--;
            }
        }
        if (n >= 24) {
            if (!tally_check(&t_sides, seen_rnd[COINLINE_SIDE_LEFT] > 0 &&
                                           seen_rnd[COINLINE_SIDE_RIGHT] > 0 &&
                                           seen_f1[COINLINE_SIDE_LEFT] > 0 &&
                                           seen_f1[COINLINE_SIDE_RIGHT] > 0)) {
                tally_note(&t_sides,
                           "n=%zu: random gave %d LEFT, %d RIGHT; "
                           "fallible:1 %d LEFT, %d RIGHT",
                           n, seen_rnd[COINLINE_SIDE_LEFT],
                           seen_rnd[COINLINE_SIDE_RIGHT],
                           seen_f1[COINLINE_SIDE_LEFT],
                           seen_f1[COINLINE_SIDE_RIGHT]);
            }
        }
        oracle_table_free(&tab);
        coinline_engine_free(e);
    }
    free(a);

    ok(parities[0] > 0 && parities[1] > 0,
       "the rows have both parities (%zu "
       "even, %zu odd)",
       parities[0], parities[1]);
    ok(tally_passed(&t_opt),
       "optimal plays the oracle's optimal move (ties left) at every "
       "position of %d random games, n <= %d (%ld positions)",
       games, MAXN, t_opt.checks);
    ok(tally_passed(&t_f0),
       "fallible:0 plays the optimal move at every position (%ld)",
       t_f0.checks);
    ok(tally_passed(&t_gre),
       "greedy takes the larger end coin, the left on equal ends, at every "
       "position (%ld)",
       t_gre.checks);
    ok(tally_passed(&t_par),
       "parity: with an even count left, the end of the index class whose "
       "coins left sum to more (equal: left); with an odd count, greedy; at "
       "every position (%ld)",
       t_par.checks);
    ok(tally_passed(&t_sides),
       "random and fallible:1 give a side at every position and both sides "
       "in every game of 24 coins or more (%ld games)",
       t_sides.checks);
    if (scale == 1) {
        ok(r_rnd.moves >= RATE_MIN_MOVES,
           "the rates below are over at least %d moves (%ld)", RATE_MIN_MOVES,
           r_rnd.moves);
    }
    ok(within(r_rnd.left, r_rnd.moves, 0.4, 0.6),
       "random takes the left end in 40-60%% of %ld moves (%ld)", r_rnd.moves,
       r_rnd.left);
    ok(within(r_f1.left, r_f1.moves, 0.4, 0.6) &&
           within(r_f1.agree, r_f1.moves, 0.4, 0.6),
       "fallible:1 takes the left end in 40-60%% of %ld moves (%ld), and "
       "plays the optimal move in 40-60%% (%ld): a coin flip",
       r_f1.moves, r_f1.left, r_f1.agree);
    ok(within(r_f25.moves - r_f25.agree, r_f25.moves, 0.08, 0.17),
       "fallible:0.25 leaves the optimal move in 8-17%% of %ld moves (%ld; "
       "expected 12.5%%: a random end a quarter of the time)",
       r_f25.moves, r_f25.moves - r_f25.agree);

    coinline_strategy_free(opt);
    coinline_strategy_free(gre);
    coinline_strategy_free(par);
    coinline_strategy_free(f0);
    coinline_strategy_free(rnd);
    coinline_strategy_free(f1);
    coinline_strategy_free(f25);
}

/* ------------------------------------------------------------------------
 * 4. Determinism
 * ---------------------------------------------------------------------- */

/* s plays both sides of DET_GAMES games on rows drawn from row_seed (the
 * same rows for the same seed); the sides go to out ('L'/'R', NUL ended;
 * room for DET_GAMES * MAXN + 1). Returns 0, or -1 when a call failed. */
static int self_play(coinline_strategy_t *s, uint64_t row_seed, char *out)
{
    int64_t *a = row_alloc(MAXN);
    size_t k = 0;
    rng_t r;
    rng_seed(&r, row_seed);
    for (int g = 0; g < DET_GAMES; g++) {
        const size_t n = MAXN - (size_t)(g % 2);
        gen_values(&r, a, n, g % 3 == 0 ? VALS_PM1 : VALS_WIDE);
        coinline_engine_t *e = engine(a, n);
        for (size_t m = 0; m < n; m++) {
            coinline_side_t side = COINLINE_SIDE_NONE;
            if (coinline_strategy_move(s, e, &side) != COINLINE_OK ||
                coinline_engine_play(e, side) != COINLINE_OK) {
                coinline_engine_free(e);
                free(a);
                return -1;
            }
            out[k++] = side == COINLINE_SIDE_LEFT ? 'L' : 'R';
        }
        coinline_engine_free(e);
    }
    out[k] = '\0';
    free(a);
    return 0;
}

static void test_determinism(void)
{
    static const struct {
        const char *spec;
        int seeded; /* different seeds must give different moves */
    } specs[] = {
        {"random", 1},  {"fallible:0.5", 1}, {"fallible:1", 1},
        {"optimal", 0}, {"greedy", 0},       {"parity", 0},
    };
    const size_t len = (size_t)DET_GAMES * MAXN + 1;
    char *x = malloc(len);
    char *y = malloc(len);
    char *z = malloc(len);
    if (x == NULL || y == NULL || z == NULL) {
        diag("out of memory");
        exit(1);
    }
    for (size_t i = 0; i < sizeof specs / sizeof specs[0]; i++) {
        const char *spec = specs[i].spec;
        coinline_strategy_t *s1 = strategy(spec, 2024);
        coinline_strategy_t *s2 = strategy(spec, 2024);
        coinline_strategy_t *s3 = strategy(spec, 2025);
        const int r1 = self_play(s1, 99, x);
        const int r2 = self_play(s2, 99, y);
        const int r3 = self_play(s3, 99, z);
        ok(r1 == 0 && r2 == 0 && strcmp(x, y) == 0,
           "%s: the same seed gives the same %zu moves in the same %d games",
           spec, strlen(x), DET_GAMES);
        if (specs[i].seeded) {
            ok(r3 == 0 && strcmp(x, z) != 0,
               "%s: another seed gives other moves in the same games", spec);
        } else {
            ok(r3 == 0 && strcmp(x, z) == 0,
               "%s: the seed does not matter (the same moves with another)",
               spec);
        }
        coinline_strategy_free(s1);
        coinline_strategy_free(s2);
        coinline_strategy_free(s3);
    }
    {
        /* Seed 0 is a seed like any other. */
        coinline_strategy_t *s1 = strategy("random", 0);
        coinline_strategy_t *s2 = strategy("random", 0);
        const int r1 = self_play(s1, 7, x);
        const int r2 = self_play(s2, 7, y);
        ok(r1 == 0 && r2 == 0 && strcmp(x, y) == 0 && strchr(x, 'L') != NULL &&
               strchr(x, 'R') != NULL,
           "random with seed 0 repeats and gives both sides");
        coinline_strategy_free(s1);
        coinline_strategy_free(s2);
    }
    free(x);
    free(y);
    free(z);
}

/* ------------------------------------------------------------------------
 * 5. Invariants: optimal never does worse than the value, parity never
 *    loses an even row
 * ---------------------------------------------------------------------- */

/* first (player 1) against second on a[0..n); p1 - p2 counted here into
 * *margin, checked against the engine's totals. NULL or why it failed. */
static const char *play_game(coinline_strategy_t *first,
                             coinline_strategy_t *second, const int64_t *a,
                             size_t n, i128 *margin)
{
    coinline_engine_t *e = engine(a, n);
    coinline_engine_state_t st;
    i128 p[2] = {0, 0};
    size_t lo = 0;
    size_t end = n;
    const char *why = NULL;
    for (size_t m = 0; m < n && why == NULL; m++) {
        coinline_side_t side = COINLINE_SIDE_NONE;
        if (coinline_strategy_move(m % 2 == 0 ? first : second, e, &side) !=
            COINLINE_OK) {
            why = "strategy_move failed";
        } else if (coinline_engine_play(e, side) != COINLINE_OK) {
            why = "engine_play refused the strategy's side";
        } else {
            p[m % 2] += side == COINLINE_SIDE_LEFT ? a[lo++] : a[--end];
        }
    }
    if (why == NULL) {
        if (coinline_engine_state(e, &st) != COINLINE_OK || st.to_move != 0 ||
            i128_from_ci(st.p1) != p[0] || i128_from_ci(st.p2) != p[1]) {
            why = "the engine's totals at the end differ from the moves";
        }
    }
    coinline_engine_free(e);
    *margin = p[0] - p[1];
    return why;
}

static void test_invariants(void)
{
    static const char *const opp_specs[] = {"greedy", "parity", "random",
                                            "fallible:0.3", "optimal"};
    enum { N_OPP = sizeof opp_specs / sizeof opp_specs[0] };
    static const vals_t kinds[] = {VALS_PM1,  VALS_PM2, VALS_0_3,
                                   VALS_WIDE, VALS_BIG, VALS_EXTREME};
    const int rows = INV_ROWS / scale;
    coinline_strategy_t *opt = strategy("optimal", 1);
    coinline_strategy_t *par = strategy("parity", 2);
    coinline_strategy_t *opp[N_OPP];
    tally_t t_first = {0, 0}, t_second = {0, 0}, t_self = {0, 0};
    tally_t t_parity = {0, 0};
    long parity_wins = 0;
    int64_t *a = row_alloc(INV_MAXN);
    char row[256], b1[I128_BUFLEN], b2[I128_BUFLEN];
    rng_t r;
    rng_seed(&r, 0x1a7a71a5);
    for (size_t i = 0; i < N_OPP; i++) {
        opp[i] = strategy(opp_specs[i], 100 + i);
    }

    for (int k = 0; k < rows; k++) {
        const size_t n = (size_t)rng_below(&r, INV_MAXN + 1);
        gen_values(&r, a, n,
                   kinds[rng_below(&r, sizeof kinds / sizeof *kinds)]);
        const i128 v = oracle_dp(a, n);
        /* The even row a[0..ne) for parity, and its |E - O|. */
        const size_t ne = n - n % 2;
        i128 even, odd, gap;
        class_sums(a, 0, ne, &even, &odd);
        gap = even > odd ? even - odd : odd - even;
        for (size_t i = 0; i < N_OPP; i++) {
            const char *name = opp_specs[i];
            const int self = strcmp(name, "optimal") == 0;
            i128 m;
            const char *why = play_game(opt, opp[i], a, n, &m);
            tally_t *t = self ? &t_self : &t_first;
            if (!tally_check(t, why == NULL && (self ? m == v : m >= v))) {
                tally_note(t,
                           "optimal first against %s on [%s] (n=%zu): %s; "
                           "p1 - p2 = %s, V = %s",
                           name, row_str(a, n, row, sizeof row), n,
                           why ? why : "ok", i128_str(m, b1), i128_str(v, b2));
            }
            why = play_game(opp[i], opt, a, n, &m);
            t = self ? &t_self : &t_second;
            if (!tally_check(t, why == NULL && (self ? m == v : m <= v))) {
                tally_note(t,
                           "optimal second against %s on [%s] (n=%zu): %s; "
                           "p1 - p2 = %s, V = %s",
                           name, row_str(a, n, row, sizeof row), n,
                           why ? why : "ok", i128_str(m, b1), i128_str(v, b2));
            }
            why = play_game(par, opp[i], a, ne, &m);
            if (!tally_check(&t_parity, why == NULL && m >= gap && m >= 0)) {
                tally_note(&t_parity,
                           "parity first against %s on [%s] (n=%zu): %s; "
                           "p1 - p2 = %s, |E - O| = %s",
                           name, row_str(a, ne, row, sizeof row), ne,
                           why ? why : "ok", i128_str(m, b1),
                           i128_str(gap, b2));
            }
            parity_wins += m > 0;
        }
    }
    free(a);
    ok(tally_passed(&t_first),
       "optimal as player 1 ends with p1 - p2 >= V (the oracle's DP) against "
       "greedy, parity, random and fallible:0.3 (%ld games, n <= %d)",
       t_first.checks, INV_MAXN);
    ok(tally_passed(&t_second),
       "optimal as player 2 holds p1 - p2 <= V against greedy, parity, "
       "random and fallible:0.3 (%ld games)",
       t_second.checks);
    ok(tally_passed(&t_self),
       "optimal against optimal ends with p1 - p2 = V exactly, both seats "
       "(%ld games)",
       t_self.checks);
    ok(tally_passed(&t_parity) && parity_wins > 0,
       "parity as player 1 on an even row never loses and wins by at least "
       "|E - O| against greedy, parity, random, fallible:0.3 and optimal "
       "(%ld games, %ld won)",
       t_parity.checks, parity_wins);

    /* The classic row where greedy loses to optimal play. */
    {
        static const int64_t classic[] = {20, 30, 2, 2};
        coinline_strategy_t *gre = strategy("greedy", 3);
        i128 m1, m2;
        const char *w1 = play_game(gre, opt, classic, 4, &m1);
        const char *w2 = play_game(opt, gre, classic, 4, &m2);
        is_i128(oracle_dp(classic, 4), (i128)10,
                "the row 20 30 2 2 is worth 10 to the first player (oracle)");
        ok(w1 == NULL && m1 == -10,
           "on 20 30 2 2, greedy first against optimal gets 22 to 32 "
           "(p1 - p2 = %s)",
           i128_str(m1, b1));
        ok(w2 == NULL && m2 == 10,
           "on 20 30 2 2, optimal first against greedy gets 32 to 22 "
           "(p1 - p2 = %s)",
           i128_str(m2, b1));
        coinline_strategy_free(gre);
    }

    for (size_t i = 0; i < N_OPP; i++) {
        coinline_strategy_free(opp[i]);
    }
    coinline_strategy_free(opt);
    coinline_strategy_free(par);
}

/* ------------------------------------------------------------------------
 * 6. One strategy, many engines
 * ---------------------------------------------------------------------- */

/* Plays moves chosen by r on e (row a, n coins) until at most stop coins
 * are left, checking parity's move at every position. */
static void parity_walk(coinline_strategy_t *par, coinline_engine_t *e,
                        const int64_t *a, size_t n, size_t *lo, size_t *end,
                        size_t stop, rng_t *r, tally_t *t)
{
    while (*end - *lo > stop) {
        rule_check(t, "parity", ask(par, e, t), my_parity(a, *lo, *end), a, n,
                   *lo, *end);
        const coinline_side_t s =
            rng_below(r, 2) ? COINLINE_SIDE_LEFT : COINLINE_SIDE_RIGHT;
        if (coinline_engine_play(e, s) != COINLINE_OK) {
            tally_check(t, 0);
            tally_note(t, "n=%zu at a[%zu..%zu): engine_play refused", n, *lo,
                       *end);
            *lo = *end;
            return;
        }
        if (s == COINLINE_SIDE_LEFT) {
            (*lo)++;
        } else {
            (*end)--;
        }
    }
}

static void test_many_engines(void)
{
    enum { N = 64 };
    const int rounds = REUSE_ROUNDS / scale;
    coinline_strategy_t *par = strategy("parity", 9);
    int64_t a[N];
    int64_t b[MAXN];
    tally_t t = {0, 0};
    long reused = 0;
    const void *prev = NULL;
    rng_t r;
    rng_seed(&r, 0xe6e6e6);

    /* Engines made and freed in turn: the same n, other rows. */
    for (int k = 0; k < rounds; k++) {
        size_t lo = 0;
        size_t end = N;
        gen_values(&r, a, N, k % 2 ? VALS_PM2 : VALS_WIDE);
        coinline_engine_t *e = engine(a, N);
        reused += (const void *)e == prev;
        prev = e;
        parity_walk(par, e, a, N, &lo, &end, 0, &r, &t);
        coinline_engine_free(e);
    }
    diag("%ld of %d engines had the address of the one before", reused, rounds);
    ok(tally_passed(&t),
       "one parity strategy over %d engines made and freed in turn (same n, "
       "other rows): its move is right at every position (%ld)",
       rounds, t.checks);

    /* Two engines at once, asked in turn; lengths growing and shrinking. */
    t = (tally_t){0, 0};
    for (int k = 0; k < rounds / 4 + 1; k++) {
        const size_t nb = 2 + (size_t)rng_below(&r, MAXN - 1);
        size_t alo = 0, aend = N, blo = 0, bend = nb;
        gen_values(&r, a, N, VALS_PM1);
        gen_values(&r, b, nb, VALS_0_3);
        coinline_engine_t *ea = engine(a, N);
        coinline_engine_t *eb = engine(b, nb);
        while (aend > alo || bend > blo) {
            if (aend > alo) {
                parity_walk(par, ea, a, N, &alo, &aend, aend - alo - 1, &r, &t);
            }
            if (bend > blo) {
                parity_walk(par, eb, b, nb, &blo, &bend, bend - blo - 1, &r,
                            &t);
            }
        }
        coinline_engine_free(ea);
        coinline_engine_free(eb);
    }
    ok(tally_passed(&t),
       "one parity strategy asked in turn by two engines alive at once "
       "(rows of 64 and of 2..%d coins): right at every position (%ld)",
       MAXN, t.checks);
    coinline_strategy_free(par);
}

/* Counts how often s picks each of count moves in draws picks. */
static void pick_counts(coinline_strategy_t *s, size_t count, int draws,
                        int *seen, int *bad)
{
    for (int i = 0; i < draws; i++) {
        size_t index = count;
        if (coinline_strategy_pick(s, count, &index) != COINLINE_OK ||
            index >= count)
            (*bad)++;
        else
            seen[index]++;
    }
}

/* coinline_strategy_pick(): optimal picks 0; random each index about
 * 1/count of the time; fallible:P leaves 0 about P (count - 1) / count of
 * the time; a seed replays its picks; the others refuse. */
static void test_pick(void)
{
    static const struct {
        const char *spec;
        double zero; /* the share of picks of move 0 */
    } cases[] = {{"optimal", 1.0},
                 {"random", 1.0 / 5},
                 {"fallible:0", 1.0},
                 {"fallible:1", 1.0 / 5},
                 {"fallible:0.5", 0.5 + 0.5 / 5}};
    const int draws = 20000;
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        coinline_strategy_t *s = NULL;
        int seen[5] = {0}, bad = 0;
        if (coinline_strategy_new(cases[c].spec, 7, &s) == COINLINE_OK)
            pick_counts(s, 5, draws, seen, &bad);
        coinline_strategy_free(s);
        const double zero = (double)seen[0] / draws;
        const double other = (double)seen[4] / draws;
        ok(bad == 0 && zero > cases[c].zero - 0.02 &&
               zero < cases[c].zero + 0.02 &&
               other > (1 - cases[c].zero) / 4 - 0.02 &&
               other < (1 - cases[c].zero) / 4 + 0.02,
           "strategy_pick %s: move 0 %.3f of the time (want %.3f), move 4 "
           "%.3f, %d refused",
           cases[c].spec, zero, cases[c].zero, other, bad);
    }
    coinline_strategy_t *a = NULL, *b = NULL;
    int same = coinline_strategy_new("fallible:0.3", 11, &a) == COINLINE_OK &&
               coinline_strategy_new("fallible:0.3", 11, &b) == COINLINE_OK;
    for (int i = 0; same && i < 1000; i++) {
        size_t x = 0, y = 1;
        same = coinline_strategy_pick(a, 2 + (size_t)i % 9, &x) == 0 &&
               coinline_strategy_pick(b, 2 + (size_t)i % 9, &y) == 0 && x == y;
    }
    ok(same, "strategy_pick: one seed gives one sequence of picks");
    size_t index = 0;
    is_int(coinline_strategy_pick(a, 0, &index), COINLINE_EINVAL,
           "strategy_pick of 0 moves is EINVAL");
    is_int(coinline_strategy_pick(a, 3, NULL), COINLINE_EINVAL,
           "strategy_pick with index NULL is EINVAL");
    is_int(coinline_strategy_pick(NULL, 3, &index), COINLINE_EINVAL,
           "strategy_pick of no strategy is EINVAL");
    coinline_strategy_free(a);
    coinline_strategy_free(b);
    for (int k = 0; k < 2; k++) {
        const char *spec = k == 0 ? "greedy" : "parity";
        int rc = coinline_strategy_new(spec, 1, &a);
        if (rc == COINLINE_OK)
            rc = coinline_strategy_pick(a, 3, &index);
        coinline_strategy_free(a);
        is_int(rc, COINLINE_EINVAL,
               "strategy_pick of %s is EINVAL: it judges "
               "coins",
               spec);
    }
}

int main(void)
{
    if (under_valgrind()) {
        scale = VALGRIND_SCALE;
        diag("running under valgrind: games divided by %d", scale);
    }
    test_specs();
    test_custom_contract();
    test_move_errors();
    test_rules();
    test_determinism();
    test_invariants();
    test_many_engines();
    test_pick();
    return done_testing();
}
