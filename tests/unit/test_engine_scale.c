/* SPDX-License-Identifier: MIT */
/*
 * The game engine (coinline_engine_*) at 10^5 coins: whole games on long
 * rows of several families against several opponents, played through the
 * public API only.
 *
 *   - the cost: coinline_engine_steps() at the end of every game stays
 *     within STEP_C * ops * log2(n), ops the moves played and taken back
 *     (n in a game without undos); a quadratic engine needs ~n^2/2;
 *   - at every position: lo, hi, moves, to_move, p1, p2 of the moves
 *     played, final_margin = p1 - p2 +- value, best LEFT or RIGHT;
 *   - at about SAMPLES positions a game (the first, some near the end):
 *     value and best equal coinline_best_move(LINEAR) on the same coins,
 *     and the oracle's interval DP on the short sub-rows near the end;
 *   - undos of 1 to MAX_UNDO moves, replayed the other way: the state
 *     after each undo equals the one recorded when that position was
 *     first reached;
 *   - a row near the int64 limits whose totals pass 64 bits.
 *
 * Under AddressSanitizer (about 4 times slower) the families play fewer
 * games; under valgrind (about 40 times slower) the rows are also
 * shortened to SMALL_N coins.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "coinline.h"
#include "common/check.h"
#include "common/i128.h"
#include "common/oracle.h"
#include "common/rng.h"
#include "common/tap.h"

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UNDER_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) && !defined(UNDER_ASAN)
#define UNDER_ASAN 1
#endif

enum {
    FULL_N = 100000, /* coins in a row */
    SMALL_N = 20000, /* under valgrind */
    SAMPLES = 40,    /* positions a game compared with coinline_best_move */
    DP_MAX = 400,    /* sub-rows this short are also checked by oracle_dp */
    RING = 8,        /* states kept for the undo checks */
    MAX_UNDO = 5,    /* moves taken back at once, at most */
    STEP_C = 4       /* the step bound: STEP_C * ops * log2(n) */
};

static size_t big_n = FULL_N;
static int scaled_down = 0;

/* ------------------------------------------------------------------------
 * Row families
 * ---------------------------------------------------------------------- */

typedef enum {
    FAM_RANDOM,      /* -10^9..10^9 */
    FAM_SORTED,      /* strictly increasing */
    FAM_VALLEY,      /* k, ..., 2, 1, 2, ..., k */
    FAM_MOUNTAIN,    /* 1, 2, ..., k, ..., 2, 1 */
    FAM_ZEROS,       /* all zero */
    FAM_NESTED,      /* 0, 1, 0, 2, 0, 3, ... */
    FAM_ALTERNATING, /* 1, 10^9, 1, 10^9, ... */
    FAM_NESTED_RUNS, /* runs 0, 1, 0, 2, ..., 0, m of various m, end to end */
    FAM_COUNT
} family_t;

static const char *family_name(family_t f)
{
    static const char *const names[] = {"random",      "sorted",     "valley",
                                        "mountain",    "zeros",      "nested",
                                        "alternating", "nested runs"};
    return (unsigned)f < FAM_COUNT ? names[f] : "?";
}

static size_t dist(size_t x, size_t y)
{
    return x > y ? x - y : y - x;
}

static void fill_family(rng_t *r, int64_t *a, size_t n, family_t fam)
{
    switch (fam) {
    case FAM_RANDOM:
        for (size_t i = 0; i < n; i++) {
            a[i] = rng_range(r, -1000000000, 1000000000);
        }
        break;
    case FAM_SORTED:
        /* Steps of 3 + d[i+1] - d[i] >= 1 with d in 0..2. */
        for (size_t i = 0; i < n; i++) {
            a[i] = -500000000 + 3 * (int64_t)i + (int64_t)rng_below(r, 3);
        }
        break;
    case FAM_VALLEY:
        for (size_t i = 0; i < n; i++) {
            a[i] = (int64_t)dist(i, n / 2) + 1;
        }
        break;
    case FAM_MOUNTAIN:
        for (size_t i = 0; i < n; i++) {
            a[i] = (int64_t)(i < n - 1 - i ? i : n - 1 - i) + 1;
        }
        break;
    case FAM_ZEROS: memset(a, 0, n * sizeof a[0]); break;
    case FAM_NESTED:
        for (size_t i = 0; i < n; i++) {
            a[i] = i % 2 == 0 ? 0 : (int64_t)(i / 2 + 1);
        }
        break;
    case FAM_ALTERNATING:
        for (size_t i = 0; i < n; i++) {
            a[i] = i % 2 == 0 ? 1 : 1000000000;
        }
        break;
    default: {
        static const uint64_t run_m[] = {1, 2, 3, 7, 20, 100, 500, 2000, 9000};
        size_t i = 0;
        while (i < n) {
            const uint64_t m = run_m[rng_below(r, 9)];
            for (uint64_t k = 0; k < 2 * m && i < n; k++) {
                a[i++] = k % 2 == 0 ? 0 : (int64_t)(k / 2 + 1);
            }
        }
        break;
    }
    }
}

/* Checks that the generator made what the family says; 0 if not. */
static int family_ok(const int64_t *a, size_t n, family_t fam)
{
    for (size_t i = 0; i + 1 < n; i++) {
        if (fam == FAM_SORTED && a[i] >= a[i + 1]) {
            return 0;
        }
        if (fam == FAM_VALLEY && i < n / 2 && a[i] <= a[i + 1]) {
            return 0;
        }
        if (fam == FAM_MOUNTAIN && i + 1 < n / 2 && a[i] >= a[i + 1]) {
            return 0;
        }
        if (fam == FAM_ZEROS && a[i] != 0) {
            return 0;
        }
    }
    return 1;
}

/* ------------------------------------------------------------------------
 * Opponents
 * ---------------------------------------------------------------------- */

typedef enum {
    OPP_OPTIMAL, /* follows best too */
    OPP_GREEDY,  /* the larger end, the left on equal ends */
    OPP_LEFT,    /* always the first coin */
    OPP_RIGHT,   /* always the last coin */
    OPP_RANDOM,
    OPP_COUNT
} opponent_t;

static const char *opponent_name(opponent_t o)
{
    static const char *const names[] = {"optimal", "greedy", "always-left",
                                        "always-right", "random"};
    return (unsigned)o < OPP_COUNT ? names[o] : "?";
}

/* ------------------------------------------------------------------------
 * A game: the engine and, beside it, the position tracked from the moves
 * ---------------------------------------------------------------------- */

typedef struct {
    const int64_t *a;
    size_t n;
    coinline_engine_t *e;
    size_t lo, end; /* the coins left: a[lo..end) */
    size_t moves;
    i128 p[2];    /* totals so far of players 1 and 2 */
    char *hist;   /* the side played at each move, 'L' or 'R' */
    char *sample; /* 1 at the move counts compared with best_move */
    tally_t *t;   /* every check of the game's answers */
    const char *what;
    opponent_t opp;
    int player;           /* the engine's player, 1 or 2 */
    long sampled;         /* positions compared with coinline_best_move */
    long dp_checked;      /* positions also compared with oracle_dp */
    uint64_t steps;       /* coinline_engine_steps() at the last look */
    uint64_t worst_delta; /* the most steps one play() took */
    uint64_t ops;         /* moves played and taken back */
    uint64_t undos;       /* undo events */
    i128 most_abs;        /* the largest |p1| or |p2| seen */
} game_t;

static void *xmalloc(size_t size)
{
    void *p = malloc(size ? size : 1);
    if (p == NULL) {
        diag("out of memory");
        exit(1);
    }
    return p;
}

/* log2(x) for x >= 1 without libm: the integer part by halving, then one
 * bit of the fraction per squaring. */
static double log2_of(double x)
{
    double r = 0;
    double bit = 1;
    while (x >= 2) {
        x /= 2;
        r += 1;
    }
    for (int i = 0; i < 40; i++) {
        x *= x;
        bit /= 2;
        if (x >= 2) {
            x /= 2;
            r += bit;
        }
    }
    return r;
}

static double step_bound(uint64_t ops, size_t n)
{
    return (double)STEP_C * (double)ops * log2_of((double)n);
}

/* Notes a failure at the game's position (the check already counted). */
static void game_note(const game_t *g, const char *field, const char *gb,
                      const char *wb)
{
    tally_note(g->t,
               "%s, n %zu, vs %s, engine player %d: position a[%zu..%zu) "
               "after %zu moves: %s is %s, expected %s",
               g->what, g->n, opponent_name(g->opp), g->player, g->lo, g->end,
               g->moves, field, gb, wb);
}

static void game_fail(const game_t *g, const char *field, const char *gb,
                      const char *wb)
{
    tally_check(g->t, 0);
    game_note(g, field, gb, wb);
}

/* Samples: the first position, a few near the end (1, 2, 3, 5, 10, 150
 * and DP_MAX coins left) and the rest spread over the game with jitter. */
static void mark_samples(rng_t *r, char *sample, size_t n)
{
    static const size_t left[] = {1, 2, 3, 5, 10, 150, DP_MAX};
    const size_t nleft = sizeof left / sizeof left[0];
    const size_t spread = SAMPLES - 1 - nleft;
    const size_t width = n / (spread + 1);
    memset(sample, 0, n + 1);
    sample[0] = 1;
    for (size_t i = 0; i < nleft; i++) {
        if (left[i] <= n) {
            sample[n - left[i]] = 1;
        }
    }
    for (size_t j = 1; j <= spread && width > 0; j++) {
        sample[j * width + (size_t)rng_below(r, width)] = 1;
    }
}

static int game_start(game_t *g, rng_t *r, const int64_t *a, size_t n,
                      tally_t *t, const char *what, opponent_t opp, int player)
{
    int rc;
    memset(g, 0, sizeof *g);
    g->a = a;
    g->n = n;
    g->end = n;
    g->t = t;
    g->what = what;
    g->opp = opp;
    g->player = player;
    rc = coinline_engine_new(a, n, &g->e);
    if (rc != COINLINE_OK || g->e == NULL) {
        game_fail(g, "coinline_engine_new()", code_str(rc), "OK");
        coinline_engine_free(g->e);
        g->e = NULL;
        return 0;
    }
    g->hist = xmalloc(n + 1);
    g->sample = xmalloc(n + 1);
    mark_samples(r, g->sample, n);
    g->steps = coinline_engine_steps(g->e);
    return 1;
}

static void game_end(game_t *g)
{
    coinline_engine_free(g->e);
    free(g->hist);
    free(g->sample);
    g->e = NULL;
    g->hist = g->sample = NULL;
}

/* The engine's value and best at the position compared with
 * coinline_best_move() on a[lo..end-1] and, when at most DP_MAX coins are
 * left, with the oracle's interval DP (each comparison one check). */
static void check_sampled(game_t *g, const coinline_engine_state_t *st)
{
    char gb[I128_BUFLEN];
    char wb[I128_BUFLEN];
    const size_t len = g->end - g->lo;
    coinline_side_t side = COINLINE_SIDE_NONE;
    coinline_i128_t margin = {0, 0};
    int rc;
    if (len == 0) {
        return;
    }
    g->sampled++;
    rc = coinline_best_move(g->a, g->n, g->lo, g->end, COINLINE_ALGO_LINEAR,
                            &side, &margin);
    if (!tally_check(g->t, rc == COINLINE_OK)) {
        game_note(g, "coinline_best_move() return code", code_str(rc), "OK");
        return;
    }
    if (!tally_check(g->t, i128_from_ci(st->value) == i128_from_ci(margin))) {
        game_note(g, "value (against coinline_best_move)",
                  i128_str(i128_from_ci(st->value), gb),
                  i128_str(i128_from_ci(margin), wb));
    }
    if (!tally_check(g->t, st->best == side)) {
        game_note(g, "best (against coinline_best_move)", side_str(st->best),
                  side_str(side));
    }
    if (len <= DP_MAX) {
        const int64_t *s = g->a + g->lo;
        const i128 v = oracle_dp(s, len);
        const i128 take_left = (i128)s[0] - oracle_dp(s + 1, len - 1);
        const i128 take_right = (i128)s[len - 1] - oracle_dp(s, len - 1);
        const coinline_side_t want =
            take_left >= take_right ? COINLINE_SIDE_LEFT : COINLINE_SIDE_RIGHT;
        g->dp_checked++;
        if (!tally_check(g->t, i128_from_ci(st->value) == v)) {
            game_note(g, "value (against oracle_dp)",
                      i128_str(i128_from_ci(st->value), gb), i128_str(v, wb));
        }
        if (!tally_check(g->t, st->best == want)) {
            game_note(g, "best (against oracle_dp)", side_str(st->best),
                      side_str(want));
        }
    }
}

/* coinline_engine_state() at the game's position into *st (zeroed on
 * failure). Every field but value and best against the tracked position,
 * final_margin from the engine's value, as one check; at sampled
 * positions also value and best (check_sampled). */
static void game_check(game_t *g, coinline_engine_state_t *st)
{
    char gb[I128_BUFLEN] = "";
    char wb[I128_BUFLEN] = "";
    const char *field = NULL;
    const int to_move = g->lo < g->end ? (int)(g->moves % 2) + 1 : 0;
    const int rc = coinline_engine_state(g->e, st);
    const uint64_t steps = coinline_engine_steps(g->e);
    i128 v;
    i128 fm;
    if (rc != COINLINE_OK) {
        memset(st, 0, sizeof *st);
        game_fail(g, "state() return code", code_str(rc), "OK");
        return;
    }
    v = i128_from_ci(st->value);
    fm = g->p[0] - g->p[1] + (to_move == 2 ? -v : v);
    if (steps < g->steps) {
        field = "steps (went down)";
        i128_str((i128)steps, gb);
        i128_str((i128)g->steps, wb);
    } else if (st->n != g->n || st->lo != g->lo || st->hi != g->end ||
               st->moves != g->moves) {
        field = "n, lo..hi, moves";
        snprintf(gb, sizeof gb, "%llu, %llu..%llu, %llu",
                 (unsigned long long)st->n, (unsigned long long)st->lo,
                 (unsigned long long)st->hi, (unsigned long long)st->moves);
        snprintf(wb, sizeof wb, "%zu, %zu..%zu, %zu", g->n, g->lo, g->end,
                 g->moves);
    } else if (st->to_move != to_move) {
        field = "to_move";
        i128_str(st->to_move, gb);
        i128_str(to_move, wb);
    } else if (i128_from_ci(st->p1) != g->p[0]) {
        field = "p1";
        i128_str(i128_from_ci(st->p1), gb);
        i128_str(g->p[0], wb);
    } else if (i128_from_ci(st->p2) != g->p[1]) {
        field = "p2";
        i128_str(i128_from_ci(st->p2), gb);
        i128_str(g->p[1], wb);
    } else if (i128_from_ci(st->final_margin) != fm) {
        field = "final_margin (p1 - p2 +- value)";
        i128_str(i128_from_ci(st->final_margin), gb);
        i128_str(fm, wb);
    } else if (to_move == 0 && (v != 0 || st->best != COINLINE_SIDE_NONE)) {
        field = "value/best at the end";
        strcpy(gb, side_str(st->best));
        strcpy(wb, "NONE, value 0");
    } else if (to_move != 0 && st->best != COINLINE_SIDE_LEFT &&
               st->best != COINLINE_SIDE_RIGHT) {
        field = "best";
        strcpy(gb, side_str(st->best));
        strcpy(wb, "LEFT or RIGHT");
    }
    g->steps = steps;
    if (!tally_check(g->t, field == NULL)) {
        game_note(g, field, gb, wb);
    }
    if (g->sample[g->moves]) {
        check_sampled(g, st);
    }
}

static i128 abs128(i128 x)
{
    return x < 0 ? -x : x;
}

static int game_play(game_t *g, coinline_side_t side)
{
    const uint64_t before = g->steps;
    const int rc = coinline_engine_play(g->e, side);
    if (rc != COINLINE_OK) {
        game_fail(g, "play() return code", code_str(rc), "OK");
        return rc;
    }
    if (side == COINLINE_SIDE_LEFT) {
        g->p[g->moves % 2] += g->a[g->lo++];
    } else {
        g->p[g->moves % 2] += g->a[--g->end];
    }
    if (abs128(g->p[g->moves % 2]) > g->most_abs) {
        g->most_abs = abs128(g->p[g->moves % 2]);
    }
    g->hist[g->moves++] = side == COINLINE_SIDE_LEFT ? 'L' : 'R';
    g->ops++;
    {
        const uint64_t now = coinline_engine_steps(g->e);
        if (now > before && now - before > g->worst_delta) {
            g->worst_delta = now - before;
        }
    }
    return rc;
}

static int game_undo(game_t *g)
{
    const int rc = coinline_engine_undo(g->e);
    if (rc != COINLINE_OK) {
        game_fail(g, "undo() return code", code_str(rc), "OK");
        return rc;
    }
    g->moves--;
    if (g->hist[g->moves] == 'L') {
        g->p[g->moves % 2] -= g->a[--g->lo];
    } else {
        g->p[g->moves % 2] -= g->a[g->end++];
    }
    g->ops++;
    return rc;
}

static coinline_side_t
opponent_move(const game_t *g, const coinline_engine_state_t *st, rng_t *r)
{
    switch (g->opp) {
    case OPP_OPTIMAL: return st->best;
    case OPP_GREEDY:
        return g->a[g->lo] >= g->a[g->end - 1] ? COINLINE_SIDE_LEFT
                                               : COINLINE_SIDE_RIGHT;
    case OPP_LEFT: return COINLINE_SIDE_LEFT;
    case OPP_RIGHT: return COINLINE_SIDE_RIGHT;
    default: return rng_below(r, 2) ? COINLINE_SIDE_LEFT : COINLINE_SIDE_RIGHT;
    }
}

/* Plays the game to the end: the engine's player follows best, the other
 * plays the opponent. With undos (one chance in undo_odds a position, and
 * a few times at the end), 1 to MAX_UNDO moves are taken back, each state
 * compared with the one recorded when that position was reached, and the
 * last one replayed the other way. Without undos, the engine's player
 * secures at least the row's value (exactly it against optimal): checked
 * as one check of g->t. */
static void play_game(game_t *g, rng_t *r, uint64_t undo_odds)
{
    coinline_engine_state_t ring[RING];
    size_t depth = 0; /* ring holds the positions moves - depth .. moves */
    int end_undos = undo_odds ? 3 : 0;
    i128 row_value = 0;
    coinline_engine_state_t st;
    for (;;) {
        coinline_side_t side;
        game_check(g, &st);
        if (g->moves == 0) {
            row_value = i128_from_ci(st.value);
        }
        ring[g->moves % RING] = st;
        if (undo_odds && depth > 0 &&
            (g->lo < g->end ? rng_below(r, undo_odds) == 0 : end_undos-- > 0)) {
            size_t back = 1 + (size_t)rng_below(r, MAX_UNDO);
            back = back < depth ? back : depth;
            g->undos++;
            for (size_t i = 0; i < back; i++) {
                const coinline_engine_state_t *was;
                if (game_undo(g) != COINLINE_OK) {
                    return;
                }
                depth--;
                game_check(g, &st);
                was = &ring[g->moves % RING];
                if (!tally_check(g->t, was->moves == g->moves &&
                                           engine_state_equal(&st, was))) {
                    char gb[I128_BUFLEN];
                    char wb[I128_BUFLEN];
                    game_note(g, "state after undo (value shown)",
                              i128_str(i128_from_ci(st.value), gb),
                              i128_str(i128_from_ci(was->value), wb));
                }
            }
            side = g->hist[g->moves] == 'L' ? COINLINE_SIDE_RIGHT
                                            : COINLINE_SIDE_LEFT;
        } else if (g->lo == g->end) {
            break;
        } else {
            const int mover = (int)(g->moves % 2) + 1;
            side = mover == g->player ? st.best : opponent_move(g, &st, r);
            if (side != COINLINE_SIDE_LEFT && side != COINLINE_SIDE_RIGHT) {
                side = COINLINE_SIDE_LEFT; /* a wrong best, already counted */
            }
        }
        if (game_play(g, side) != COINLINE_OK) {
            return;
        }
        depth = depth + 1 < RING ? depth + 1 : RING - 1;
    }
    if (!undo_odds) {
        const i128 margin = g->p[0] - g->p[1];
        const int good = g->opp == OPP_OPTIMAL ? margin == row_value
                         : g->player == 1      ? margin >= row_value
                                               : margin <= row_value;
        if (!tally_check(g->t, good)) {
            char gb[I128_BUFLEN];
            char wb[I128_BUFLEN];
            game_note(g, "p1 - p2 at the end (row value shown as expected)",
                      i128_str(margin, gb), i128_str(row_value, wb));
        }
    }
}

/* The step bound for a finished game, as one check of t; *per_move gets
 * the steps per operation. */
static void check_steps(tally_t *t, const game_t *g, double *per_move)
{
    const uint64_t steps = coinline_engine_steps(g->e);
    const double bound = step_bound(g->ops, g->n);
    *per_move = g->ops ? (double)steps / (double)g->ops : 0;
    if (!tally_check(t, g->ops >= g->n && (double)steps <= bound)) {
        tally_note(t,
                   "%s, n %zu, vs %s, engine player %d: %llu steps for %llu "
                   "moves and undos (%.1f a move); the bound is %.0f",
                   g->what, g->n, opponent_name(g->opp), g->player,
                   (unsigned long long)steps, (unsigned long long)g->ops,
                   *per_move, bound);
    }
}

/* ------------------------------------------------------------------------
 * 1-3. Every family against every opponent, both seats
 * ---------------------------------------------------------------------- */

static void test_family(family_t fam, rng_t *r, int64_t *a)
{
    tally_t t = {0, 0};
    tally_t ts = {0, 0};
    double worst = 0;
    uint64_t worst_delta = 0;
    const char *worst_opp = "?";
    int worst_player = 0;
    int games = 0;
    long positions = 0;
    long sampled = 0;
    long dp_checked = 0;
    size_t parity[2] = {0, 0};
    for (int o = 0; o < OPP_COUNT; o++) {
        for (int player = 1; player <= 2; player++) {
            const size_t n = big_n - (size_t)((o + player) % 2);
            game_t g;
            if (scaled_down && (o + player) % 2 == 0 && o != OPP_OPTIMAL) {
                continue;
            }
            fill_family(r, a, n, fam);
            if (!tally_check(&t, family_ok(a, n, fam))) {
                tally_note(&t, "%s, n %zu: the generator's row is not one",
                           family_name(fam), n);
            }
            if (!game_start(&g, r, a, n, &t, family_name(fam), (opponent_t)o,
                            player)) {
                continue;
            }
            play_game(&g, r, 0);
            {
                double per_move;
                check_steps(&ts, &g, &per_move);
                if (per_move > worst) {
                    worst = per_move;
                    worst_opp = opponent_name((opponent_t)o);
                    worst_player = player;
                }
            }
            worst_delta =
                g.worst_delta > worst_delta ? g.worst_delta : worst_delta;
            positions += (long)g.moves + 1;
            sampled += g.sampled;
            dp_checked += g.dp_checked;
            parity[n % 2]++;
            games++;
            game_end(&g);
        }
    }
    if (!tally_check(&t, parity[0] > 0 && parity[1] > 0)) {
        tally_note(&t, "%s: rows of one parity only", family_name(fam));
    }
    ok(tally_passed(&t),
       "%s rows, n = %zu and %zu, %d games vs optimal, greedy, always-left, "
       "always-right and random, the engine as player 1 and 2: at all %ld "
       "positions lo, hi, moves, to_move, p1, p2 and final_margin = p1 - p2 "
       "+- value; at %ld sampled positions value and best equal "
       "coinline_best_move (%ld of them oracle_dp); the engine's player "
       "secures the row's value",
       family_name(fam), big_n, big_n - 1, games, positions, sampled,
       dp_checked);
    ok(tally_passed(&ts),
       "%s rows: steps <= %d n log2 n in every game (worst %.2f steps per "
       "move, vs %s as player %d; bound %.1f)",
       family_name(fam), STEP_C, worst, worst_opp, worst_player,
       step_bound(1, big_n));
    diag("%-11s worst %.2f steps per move, most steps in one move %llu",
         family_name(fam), worst, (unsigned long long)worst_delta);
}

/* ------------------------------------------------------------------------
 * 4. Undo at scale
 * ---------------------------------------------------------------------- */

static void test_family_undo(family_t fam, rng_t *r, int64_t *a)
{
    static const struct {
        opponent_t opp;
        int player;
        size_t shorter;
    } setups[] = {{OPP_RANDOM, 1, 0}, {OPP_GREEDY, 2, 1}};
    const int nsetups = scaled_down ? 1 : 2;
    tally_t t = {0, 0};
    tally_t ts = {0, 0};
    double worst = 0;
    uint64_t undos = 0;
    uint64_t ops = 0;
    for (int k = 0; k < nsetups; k++) {
        const size_t n = big_n - setups[k].shorter;
        game_t g;
        double per_move;
        fill_family(r, a, n, fam);
        if (!game_start(&g, r, a, n, &t, family_name(fam), setups[k].opp,
                        setups[k].player)) {
            continue;
        }
        play_game(&g, r, 60);
        check_steps(&ts, &g, &per_move);
        worst = per_move > worst ? per_move : worst;
        if (!tally_check(&t, g.undos > n / 200)) {
            tally_note(&t, "%s: only %llu undo events", family_name(fam),
                       (unsigned long long)g.undos);
        }
        undos += g.undos;
        ops += g.ops;
        game_end(&g);
    }
    ok(tally_passed(&t) && tally_passed(&ts),
       "%s rows with undos (%d games, %llu undos of 1 to %d moves, replayed "
       "the other way): each state after an undo equals the one recorded "
       "there, every position checked as above, and steps <= %d (moves + "
       "undos) log2 n (worst %.2f steps per operation, %llu operations)",
       family_name(fam), nsetups, (unsigned long long)undos, MAX_UNDO, STEP_C,
       worst, (unsigned long long)ops);
}

/* ------------------------------------------------------------------------
 * 5. Near the int64 limits
 * ---------------------------------------------------------------------- */

static int64_t near_limit(rng_t *r)
{
    switch (rng_below(r, 7)) {
    case 0: return INT64_MIN;
    case 1: return INT64_MAX;
    case 2: return -1;
    case 3: return 0;
    case 4: return 1;
    case 5: return INT64_MIN + (int64_t)rng_below(r, 1000);
    default: return INT64_MAX - (int64_t)rng_below(r, 1000);
    }
}

static void test_int64_limits(rng_t *r, int64_t *a)
{
    static const struct {
        int runs; /* values in runs of 1 to 50 equal coins */
        opponent_t opp;
        int player;
        uint64_t undo_odds;
    } setups[] = {{0, OPP_RANDOM, 1, 0},
                  {0, OPP_GREEDY, 2, 0},
                  {1, OPP_OPTIMAL, 1, 0},
                  {1, OPP_LEFT, 2, 40}};
    const int nsetups = scaled_down ? 2 : 4;
    tally_t t = {0, 0};
    tally_t ts = {0, 0};
    long sampled = 0;
    long positions = 0;
    double worst = 0;
    for (int k = 0; k < nsetups; k++) {
        const int s = scaled_down ? 2 * k + 1 : k;
        const size_t n = big_n - (size_t)(k % 2);
        game_t g;
        double per_move;
        for (size_t i = 0; i < n;) {
            const int64_t v = near_limit(r);
            const size_t run =
                setups[s].runs ? 1 + (size_t)rng_below(r, 50) : 1;
            for (size_t j = 0; j < run && i < n; j++) {
                a[i++] = v;
            }
        }
        if (!game_start(&g, r, a, n, &t,
                        setups[s].runs ? "int64 runs" : "int64", setups[s].opp,
                        setups[s].player)) {
            continue;
        }
        play_game(&g, r, setups[s].undo_odds);
        check_steps(&ts, &g, &per_move);
        worst = per_move > worst ? per_move : worst;
        if (!tally_check(&t, g.most_abs > (i128)INT64_MAX)) {
            tally_note(&t, "int64 game %d: no total passed 64 bits", k);
        }
        sampled += g.sampled;
        positions += (long)g.n + 1;
        game_end(&g);
    }
    ok(tally_passed(&t),
       "rows of %zu coins from {INT64_MIN, INT64_MAX, -1, 0, 1} and values "
       "within 1000 of the limits, alone and in runs, %d games (one with "
       "undos): totals pass 64 bits; all %ld positions exact in lo, hi, p1, "
       "p2, final_margin; %ld sampled positions equal coinline_best_move",
       big_n, nsetups, positions, sampled);
    ok(tally_passed(&ts),
       "rows near the int64 limits: steps <= %d n log2 n (worst %.2f steps "
       "per move)",
       STEP_C, worst);
}

int main(void)
{
    int64_t *a;
    rng_t r;
#ifdef UNDER_ASAN
    scaled_down = 1;
    diag("built with AddressSanitizer: rows of %d coins, fewer games", FULL_N);
#endif
    if (under_valgrind()) {
        scaled_down = 1;
        big_n = SMALL_N;
        diag("running under valgrind: rows of %d coins, fewer games", SMALL_N);
    }
    a = row_alloc(big_n);
    rng_seed(&r, 100000);
    for (int f = 0; f < FAM_COUNT; f++) {
        test_family((family_t)f, &r, a);
    }
    for (int f = 0; f < FAM_COUNT; f++) {
        test_family_undo((family_t)f, &r, a);
    }
    test_int64_limits(&r, a);
    free(a);
    return done_testing();
}
