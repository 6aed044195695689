/* SPDX-License-Identifier: MIT */
/*
 * coinline_analyze(): every field of every review checked against what
 * this file computes from the oracle's table (tests/unit/common/oracle.c,
 * V by the interval DP, written from the definition), on every row over
 * small alphabets up to 6 coins with every line of play, and on thousands
 * of random rows (negative values, zeros, ties, odd and even lengths,
 * n = 0 and 1, values near the int64 limits) with random full and partial
 * games in upper and lower case; the worked example 1 3 5 2 9 / RRRRL by
 * hand; totals, losses and secured totals past 64 bits; the error
 * contract; rows of 10^4 coins checked at sampled moves against a DP.
 *
 * The loss is computed here from the header's definition (the most the
 * mover could guarantee before the move minus the most it can guarantee
 * after it), not from the library's formula. Moves and reviews live in
 * buffers of exactly their size, so a read or write past them is caught
 * under AddressSanitizer.
 *
 * The tests use only the interface.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "coinline.h"
#include "common/check.h"
#include "common/oracle.h"
#include "common/rng.h"
#include "common/tap.h"

enum {
    EXH_MAXN = 5,        /* every row over 4 values, every game, to here */
    EXH6_N = 6,          /* and every row over 3 values of this length */
    RANDOM_ROWS = 4000,  /* random rows, each with a few games */
    RANDOM_MAXN = 40,    /* longest of them */
    GAMES_PER_ROW = 3,   /* move strings analysed on each */
    LARGE_N = 10000,     /* the long row checked at sampled moves */
    LARGE_SAMPLES = 4,   /* moves checked in full besides the first */
    LARGE_WIDE_N = 2000, /* a long row of extreme values */
    VALGRIND_SCALE = 10
};

static int scale = 1;

/* ------------------------------------------------------------------------
 * Helpers
 * ---------------------------------------------------------------------- */

static const char *rc_name(int rc)
{
    if (rc == COINLINE_EMOVE) {
        return "EMOVE";
    }
    if (rc == COINLINE_ERECORD) {
        return "ERECORD";
    }
    return code_str(rc);
}

static void *xmalloc(size_t size)
{
    void *p = malloc(size ? size : 1);
    if (p == NULL) {
        diag("out of memory (%zu bytes)", size);
        exit(1);
    }
    return p;
}

static coinline_side_t move_side(char m)
{
    return m == 'L' || m == 'l' ? COINLINE_SIDE_LEFT : COINLINE_SIDE_RIGHT;
}

/* What a review must hold, in native 128-bit integers. */
typedef struct {
    uint64_t number;
    int player;
    coinline_side_t side;
    int64_t coin;
    coinline_side_t best;
    int64_t best_coin;
    int optimal;
    i128 loss;
    i128 secured;
    i128 p1;
    i128 p2;
    i128 final_margin;
} want_t;

/* The position after some moves, as this file tracks it. */
typedef struct {
    size_t lo, end; /* the coins left are a[lo..end) */
    i128 p[2];      /* the totals */
    i128 left;      /* the sum of the coins left */
} pos_t;

/* The most the player to move (index mover, 0 or 1) can guarantee, with v
 * the value of the coins left; and the other one's. Exact: left + v and
 * left - v are even. */
static i128 guarantee_to_move(const pos_t *s, int mover, i128 v)
{
    return s->p[mover] + (s->left + v) / 2;
}

static i128 guarantee_waiting(const pos_t *s, int waiting, i128 v)
{
    return s->p[waiting] + (s->left - v) / 2;
}

/* Plays the move m at s into *w (all but the values), given vb, the value
 * before, best, the optimal move, and the value after the move played
 * (va). */
static void expect_move(pos_t *s, const int64_t *a, size_t k, char m, i128 vb,
                        coinline_side_t best, i128 va, want_t *w)
{
    const int mover = (int)(k % 2);
    w->number = k + 1;
    w->player = mover + 1;
    w->side = move_side(m);
    w->coin = w->side == COINLINE_SIDE_LEFT ? a[s->lo] : a[s->end - 1];
    w->best = best;
    w->best_coin = best == COINLINE_SIDE_LEFT ? a[s->lo] : a[s->end - 1];
    w->secured = guarantee_to_move(s, mover, vb);
    if (w->side == COINLINE_SIDE_LEFT) {
        s->lo++;
    } else {
        s->end--;
    }
    s->p[mover] += w->coin;
    s->left -= w->coin;
    /* After the move, the mover waits for the other's move. */
    w->loss = w->secured - guarantee_waiting(s, mover, va);
    w->optimal = w->loss == 0;
    w->p1 = s->p[0];
    w->p2 = s->p[1];
    w->final_margin = s->p[0] - s->p[1] + (mover == 0 ? -va : va);
}

/* The oracle's reviews of moves[0..nmoves-1] (valid moves) on t's row. */
static void oracle_reviews(const oracle_table_t *t, const char *moves,
                           size_t nmoves, want_t *w)
{
    pos_t s = {0, t->n, {0, 0}, oracle_sum(t->a, t->n)};
    for (size_t k = 0; k < nmoves; k++) {
        const i128 vb = oracle_value(t, s.lo, s.end);
        const coinline_side_t best = oracle_move(t, s.lo, s.end);
        const coinline_side_t side = move_side(moves[k]);
        const i128 va = side == COINLINE_SIDE_LEFT
                            ? oracle_value(t, s.lo + 1, s.end)
                            : oracle_value(t, s.lo, s.end - 1);
        expect_move(&s, t->a, k, moves[k], vb, best, va, &w[k]);
    }
}

/* The text of moves[0..nmoves-1] for diagnostics (not NUL-terminated in
 * the caller's buffer). */
static const char *moves_str(const char *moves, size_t nmoves, char *buf,
                             size_t size)
{
    size_t i = 0;
    for (; i < nmoves && i + 4 < size; i++) {
        buf[i] = moves[i];
    }
    if (i < nmoves) {
        memcpy(buf + i, "...", 3);
        i += 3;
    }
    buf[i] = '\0';
    return buf;
}

/* Compares every field of got with w; notes the first that differs.
 * Returns 1 when all match. */
static int check_review(tally_t *t, const coinline_move_review_t *got,
                        const want_t *w, const int64_t *a, size_t n,
                        const char *moves, size_t nmoves)
{
    const struct {
        const char *name;
        i128 got;
        i128 want;
    } f[] = {
        {"number", (i128)got->number, (i128)w->number},
        {"player", got->player, w->player},
        {"side", got->side, w->side},
        {"coin", got->coin, w->coin},
        {"best", got->best, w->best},
        {"best_coin", got->best_coin, w->best_coin},
        {"optimal", got->optimal, w->optimal},
        {"loss", i128_from_ci(got->loss), w->loss},
        {"secured", i128_from_ci(got->secured), w->secured},
        {"p1", i128_from_ci(got->p1), w->p1},
        {"p2", i128_from_ci(got->p2), w->p2},
        {"final_margin", i128_from_ci(got->final_margin), w->final_margin},
    };
    size_t i = 0;
    while (i < sizeof f / sizeof f[0] && f[i].got == f[i].want) {
        i++;
    }
    if (!tally_check(t, i == sizeof f / sizeof f[0])) {
        char rb[200];
        char mb[64];
        char gb[I128_BUFLEN];
        char wb[I128_BUFLEN];
        tally_note(t,
                   "row [%s] (n=%zu) moves %s: move %llu: %s is %s, "
                   "expected %s",
                   row_str(a, n, rb, sizeof rb), n,
                   moves_str(moves, nmoves, mb, sizeof mb),
                   (unsigned long long)w->number, f[i].name,
                   i128_str(f[i].got, gb), i128_str(f[i].want, wb));
        return 0;
    }
    return 1;
}

/* coinline_analyze() on moves[0..nmoves-1] into a new array of exactly
 * nmoves reviews (the moves are copied into a buffer of exactly nmoves
 * bytes, no NUL); returns the code, the array in *out (free it). */
static int analyze(const int64_t *a, size_t n, const char *moves, size_t nmoves,
                   coinline_move_review_t **out, size_t *bad)
{
    char *m = xmalloc(nmoves);
    coinline_move_review_t *r = xmalloc(nmoves * sizeof *r);
    if (nmoves > 0) {
        memcpy(m, moves, nmoves);
    }
    coinline_error_t err = {0, 0, "", {0}};
    const int rc = coinline_analyze(a, n, m, nmoves, r, &err);
    if (rc == COINLINE_EMOVE)
        *bad = (size_t)err.column - 1;
    free(m);
    *out = r;
    return rc;
}

/* Analyses moves on t's row and checks every review and, through *id,
 * the identity: each player's guarantee after the moves (its total when
 * every coin was taken) = its guarantee at the start - its own losses +
 * the other's losses. Returns 1 when all matched. */
static int check_game(tally_t *t, tally_t *id, const oracle_table_t *tab,
                      const char *moves, size_t nmoves)
{
    const int64_t *a = tab->a;
    const size_t n = tab->n;
    coinline_move_review_t *got;
    want_t *w = xmalloc(nmoves * sizeof *w);
    size_t bad = 999;
    const int rc = analyze(a, n, moves, nmoves, &got, &bad);
    int good = 1;
    if (!tally_check(t, rc == COINLINE_OK)) {
        char rb[200];
        char mb[64];
        tally_note(t, "row [%s] moves %s: returned %s (bad %zu)",
                   row_str(a, n, rb, sizeof rb),
                   moves_str(moves, nmoves, mb, sizeof mb), rc_name(rc), bad);
        free(got);
        free(w);
        return 0;
    }
    oracle_reviews(tab, moves, nmoves, w);
    for (size_t k = 0; k < nmoves; k++) {
        good &= check_review(t, &got[k], &w[k], a, n, moves, nmoves);
    }
    /* The identity, from the library's own losses. */
    {
        i128 loss[2] = {0, 0};
        const i128 sum = oracle_sum(a, n);
        const i128 v0 = oracle_value(tab, 0, n);
        const i128 start[2] = {(sum + v0) / 2, (sum - v0) / 2};
        pos_t s = {0, n, {0, 0}, sum};
        for (size_t k = 0; k < nmoves; k++) {
            loss[k % 2] += i128_from_ci(got[k].loss);
            if (move_side(moves[k]) == COINLINE_SIDE_LEFT) {
                s.p[k % 2] += a[s.lo++];
            } else {
                s.p[k % 2] += a[--s.end];
            }
        }
        s.left = sum - s.p[0] - s.p[1];
        const i128 v = oracle_value(tab, s.lo, s.end);
        const int mover = (int)(nmoves % 2);
        const i128 now[2] = {
            mover == 0 ? guarantee_to_move(&s, 0, v)
                       : guarantee_waiting(&s, 0, v),
            mover == 1 ? guarantee_to_move(&s, 1, v)
                       : guarantee_waiting(&s, 1, v),
        };
        const int same = now[0] == start[0] - loss[0] + loss[1] &&
                         now[1] == start[1] - loss[1] + loss[0];
        if (!tally_check(id, same)) {
            char rb[200];
            char mb[64];
            tally_note(id,
                       "row [%s] moves %s: the totals do not follow from "
                       "the losses",
                       row_str(a, n, rb, sizeof rb),
                       moves_str(moves, nmoves, mb, sizeof mb));
        }
        good &= same;
    }
    free(got);
    free(w);
    return good;
}

/* ------------------------------------------------------------------------
 * 1. The worked example
 * ---------------------------------------------------------------------- */

/*
 * Row 1 3 5 2 9 (sum 20), moves RRRRL. V of every sub-row, from
 * V(i,j) = max(a[i] - V(i+1,j), a[j] - V(i,j-1)):
 *
 *   one coin:   V = the coin
 *   [1 3] 2     [3 5] 2     [5 2] 3     [2 9] 7
 *   [1 3 5]  max(1 - 2, 5 - 2) = 3, right
 *   [3 5 2]  max(3 - 3, 2 - 2) = 0, a tie: left
 *   [5 2 9]  max(5 - 7, 9 - 3) = 6, right
 *   [1 3 5 2]  max(1 - 0, 2 - 3) = 1, left
 *   [3 5 2 9]  max(3 - 6, 9 - 0) = 9, right
 *   [1 3 5 2 9]  max(1 - 9, 9 - 1) = 8, right: best play gives 14 to 6.
 *
 * loss = (V - (coin - V'))/2, secured = own + (left + V)/2, and
 * final_margin = p1 - p2 +- V' (+ when player 1 moves next):
 *
 *   move 1, P1, R takes 9 on [1 3 5 2 9]: V 8, V' 1: loss (8 - 8)/2 = 0,
 *     secured 0 + (20 + 8)/2 = 14, totals 9 0, margin 9 - 0 - 1 = 8;
 *   move 2, P2, R takes 2 on [1 3 5 2]: best L (1), V 1, V' 3:
 *     loss (1 - (2 - 3))/2 = 1, secured 0 + (11 + 1)/2 = 6, totals 9 2,
 *     margin 9 - 2 + 3 = 10;
 *   move 3, P1, R takes 5 on [1 3 5]: V 3, V' 2: loss 0,
 *     secured 9 + (9 + 3)/2 = 15, totals 14 2, margin 14 - 2 - 2 = 10;
 *   move 4, P2, R takes 3 on [1 3]: V 2, V' 1: loss 0,
 *     secured 2 + (4 + 2)/2 = 5, totals 14 5, margin 14 - 5 + 1 = 10;
 *   move 5, P1, L takes 1 on [1]: V 1, V' 0: loss 0,
 *     secured 14 + (1 + 1)/2 = 15, totals 15 5, margin 10.
 *
 * Final 15 to 5: player 1 = 14 - 0 + 1, player 2 = 6 - 1 + 0.
 */
static void test_worked_example(void)
{
    static const int64_t row[] = {1, 3, 5, 2, 9};
    static const struct {
        coinline_side_t side, best;
        int64_t coin, best_coin;
        int loss, secured, p1, p2, margin;
    } want[5] = {
        {COINLINE_SIDE_RIGHT, COINLINE_SIDE_RIGHT, 9, 9, 0, 14, 9, 0, 8},
        {COINLINE_SIDE_RIGHT, COINLINE_SIDE_LEFT, 2, 1, 1, 6, 9, 2, 10},
        {COINLINE_SIDE_RIGHT, COINLINE_SIDE_RIGHT, 5, 5, 0, 15, 14, 2, 10},
        {COINLINE_SIDE_RIGHT, COINLINE_SIDE_RIGHT, 3, 3, 0, 5, 14, 5, 10},
        {COINLINE_SIDE_LEFT, COINLINE_SIDE_LEFT, 1, 1, 0, 15, 15, 5, 10},
    };
    static const char *const spellings[] = {"RRRRL", "rrrrl", "RrRrL"};
    for (size_t s = 0; s < sizeof spellings / sizeof spellings[0]; s++) {
        coinline_move_review_t *r;
        size_t bad = 999;
        const int rc = analyze(row, 5, spellings[s], 5, &r, &bad);
        is_int(rc, COINLINE_OK, "1 3 5 2 9 / %s: analyze returns OK",
               spellings[s]);
        for (int k = 0; rc == COINLINE_OK && k < 5; k++) {
            const int same =
                r[k].number == (uint64_t)k + 1 && r[k].player == 1 + k % 2 &&
                r[k].side == want[k].side && r[k].coin == want[k].coin &&
                r[k].best == want[k].best &&
                r[k].best_coin == want[k].best_coin &&
                r[k].optimal == (want[k].loss == 0) &&
                i128_from_ci(r[k].loss) == want[k].loss &&
                i128_from_ci(r[k].secured) == want[k].secured &&
                i128_from_ci(r[k].p1) == want[k].p1 &&
                i128_from_ci(r[k].p2) == want[k].p2 &&
                i128_from_ci(r[k].final_margin) == want[k].margin;
            if (k == 1) {
                ok(same,
                   "1 3 5 2 9 / %s: move 2 (player 2 takes 2, best the "
                   "left 1) loses exactly 1 point, not optimal, secured 6, "
                   "totals 9 2, margin 10",
                   spellings[s]);
            } else {
                ok(same,
                   "1 3 5 2 9 / %s: move %d (player %d takes %lld) loses "
                   "0, optimal, secured %d, totals %d %d, margin %d",
                   spellings[s], k + 1, 1 + k % 2, (long long)want[k].coin,
                   want[k].secured, want[k].p1, want[k].p2, want[k].margin);
            }
            if (!same) {
                char b[5][I128_BUFLEN];
                diag("got: side %s best %s coin %lld best_coin %lld optimal "
                     "%d loss %s secured %s totals %s %s margin %s",
                     side_str(r[k].side), side_str(r[k].best),
                     (long long)r[k].coin, (long long)r[k].best_coin,
                     r[k].optimal, i128_str(i128_from_ci(r[k].loss), b[0]),
                     i128_str(i128_from_ci(r[k].secured), b[1]),
                     i128_str(i128_from_ci(r[k].p1), b[2]),
                     i128_str(i128_from_ci(r[k].p2), b[3]),
                     i128_str(i128_from_ci(r[k].final_margin), b[4]));
            }
        }
        free(r);
    }

    /* The first three moves only: the same first three reviews. */
    {
        coinline_move_review_t *r;
        const int rc = analyze(row, 5, "RRR", 3, &r, NULL);
        ok(rc == COINLINE_OK && i128_from_ci(r[1].loss) == 1 &&
               i128_from_ci(r[2].p1) == 14 && i128_from_ci(r[2].p2) == 2 &&
               i128_from_ci(r[2].final_margin) == 10 &&
               r[2].best == COINLINE_SIDE_RIGHT,
           "1 3 5 2 9 / RRR (a partial game): the same first three reviews");
        free(r);
    }
}

/* ------------------------------------------------------------------------
 * 2. Every row over a small alphabet, every game
 * ---------------------------------------------------------------------- */

/* Every move string of length nmoves (bit k of code: R), in mixed case. */
static void spell_moves(unsigned code, size_t nmoves, char *m)
{
    for (size_t k = 0; k < nmoves; k++) {
        const int right = (code >> k) & 1u;
        const int lower = ((code * 2654435761u) >> (k + 3)) & 1u;
        m[k] = right ? (lower ? 'r' : 'R') : (lower ? 'l' : 'L');
    }
}

static void exhaustive(const int64_t *alpha, size_t nalpha, size_t n,
                       tally_t *t, tally_t *id, tally_t *pre)
{
    int64_t a[8] = {0};
    size_t digits[8] = {0};
    char m[8];
    for (;;) {
        oracle_table_t tab;
        for (size_t i = 0; i < n; i++) {
            a[i] = alpha[digits[i]];
        }
        oracle_table_init(&tab, a, n);
        for (unsigned code = 0; code < (1u << n); code++) {
            spell_moves(code, n, m);
            check_game(t, id, &tab, m, n);
        }
        /* Partial games: every prefix of one line of play. */
        spell_moves((unsigned)digits[0] * 5u + 3u, n, m);
        for (size_t k = 0; k < n; k++) {
            tally_check(pre, check_game(t, id, &tab, m, k));
        }
        oracle_table_free(&tab);
        size_t i = 0;
        while (i < n && ++digits[i] == nalpha) {
            digits[i++] = 0;
        }
        if (i == n) {
            break;
        }
    }
}

static void test_exhaustive(void)
{
    static const int64_t four[] = {-1, 0, 1, 2};
    static const int64_t three[] = {-2, 0, 2};
    tally_t t = {0, 0};
    tally_t id = {0, 0};
    tally_t pre = {0, 0};
    for (size_t n = 0; n <= EXH_MAXN; n++) {
        exhaustive(four, 4, n, &t, &id, &pre);
    }
    if (scale == 1) {
        exhaustive(three, 3, EXH6_N, &t, &id, &pre);
    }
    ok(tally_passed(&t),
       "every row of 0..5 coins over {-1, 0, 1, 2} and of 6 over {-2, 0, 2}, "
       "every full game (mixed case): every field of every review is the "
       "oracle's (best ties to the left, loss from the guarantees) "
       "(%ld checks)",
       t.checks);
    ok(tally_passed(&id),
       "the same games: each player's total = its best total from the start "
       "- its own losses + the other's losses (%ld games)",
       id.checks);
    ok(tally_passed(&pre),
       "the same rows, every partial game: reviews as the oracle's, and each "
       "player's guarantee follows from the losses (%ld games)",
       pre.checks);
}

/* ------------------------------------------------------------------------
 * 3. Random rows, random games
 * ---------------------------------------------------------------------- */

/* A move string of nmoves moves on t's row: each move the optimal one, the
 * other one (on a tie: optimal too), or a coin toss, in random case. */
static void random_moves(rng_t *r, const oracle_table_t *t, size_t nmoves,
                         char *m)
{
    size_t lo = 0;
    size_t end = t->n;
    const unsigned style = (unsigned)rng_below(r, 4);
    for (size_t k = 0; k < nmoves; k++) {
        const coinline_side_t best = oracle_move(t, lo, end);
        const coinline_side_t other = best == COINLINE_SIDE_LEFT
                                          ? COINLINE_SIDE_RIGHT
                                          : COINLINE_SIDE_LEFT;
        coinline_side_t side;
        switch (style) {
        case 0: side = best; break;
        case 1: side = rng_below(r, 5) == 0 ? other : best; break;
        default:
            side =
                rng_below(r, 2) == 0 ? COINLINE_SIDE_LEFT : COINLINE_SIDE_RIGHT;
            break;
        }
        const int lower = rng_below(r, 3) == 0;
        if (side == COINLINE_SIDE_LEFT) {
            m[k] = lower ? 'l' : 'L';
            lo++;
        } else {
            m[k] = lower ? 'r' : 'R';
            end--;
        }
    }
}

static void test_random(void)
{
    static const vals_t kinds[] = {VALS_PM1, VALS_PM2,     VALS_0_3,  VALS_WIDE,
                                   VALS_BIG, VALS_EXTREME, VALS_FULL, VALS_PM1};
    rng_t r;
    tally_t t = {0, 0};
    tally_t id = {0, 0};
    tally_t tie = {0, 0};
    tally_t prefix = {0, 0};
    long ties_off_best = 0;
    long past64 = 0;
    int64_t a[RANDOM_MAXN];
    char m[RANDOM_MAXN];
    rng_seed(&r, 20240611);
    for (int row = 0; row < RANDOM_ROWS / scale; row++) {
        oracle_table_t tab;
        const size_t n =
            row < 20 ? (size_t)row % 2 : (size_t)rng_below(&r, RANDOM_MAXN + 1);
        const vals_t kind =
            kinds[rng_below(&r, sizeof kinds / sizeof kinds[0])];
        gen_values(&r, a, n, kind);
        oracle_table_init(&tab, a, n);
        for (int g = 0; g < GAMES_PER_ROW; g++) {
            const size_t nmoves =
                g == 0 ? n : (size_t)rng_below(&r, (uint64_t)n + 1);
            random_moves(&r, &tab, nmoves, m);
            check_game(&t, &id, &tab, m, nmoves);

            /* A tie played away from the best side is still optimal; an
             * analysis of a prefix gives the same first reviews. */
            coinline_move_review_t *full;
            coinline_move_review_t *part;
            const size_t k = (size_t)rng_below(&r, (uint64_t)nmoves + 1);
            const int rc_full = analyze(a, n, m, nmoves, &full, NULL);
            const int rc_part = analyze(a, n, m, k, &part, NULL);
            if (rc_full != COINLINE_OK || rc_part != COINLINE_OK) {
                tally_check(&prefix, 0);
                tally_note(&prefix, "row %d: analyze returned %s and %s", row,
                           rc_name(rc_full), rc_name(rc_part));
                free(full);
                free(part);
                continue;
            }
            for (size_t j = 0; j < nmoves; j++) {
                if (full[j].side != full[j].best && full[j].optimal) {
                    ties_off_best++;
                }
                if (!tally_check(&tie,
                                 i128_from_ci(full[j].loss) >= 0 &&
                                     full[j].optimal ==
                                         (i128_from_ci(full[j].loss) == 0))) {
                    tally_note(&tie,
                               "row %d move %zu: loss and optimal "
                               "disagree",
                               row, j + 1);
                }
                const i128 big = (i128)INT64_MAX;
                const i128 p1 = i128_from_ci(full[j].p1);
                const i128 p2 = i128_from_ci(full[j].p2);
                if (p1 > big || p2 > big || p1 < -big - 1 || p2 < -big - 1) {
                    past64++;
                }
            }
            int same = 1;
            for (size_t j = 0; j < k; j++) {
                same &=
                    part[j].number == full[j].number &&
                    part[j].player == full[j].player &&
                    part[j].side == full[j].side &&
                    part[j].coin == full[j].coin &&
                    part[j].best == full[j].best &&
                    part[j].best_coin == full[j].best_coin &&
                    part[j].optimal == full[j].optimal &&
                    i128_from_ci(part[j].loss) == i128_from_ci(full[j].loss) &&
                    i128_from_ci(part[j].secured) ==
                        i128_from_ci(full[j].secured) &&
                    i128_from_ci(part[j].p1) == i128_from_ci(full[j].p1) &&
                    i128_from_ci(part[j].p2) == i128_from_ci(full[j].p2) &&
                    i128_from_ci(part[j].final_margin) ==
                        i128_from_ci(full[j].final_margin);
            }
            if (!tally_check(&prefix, same)) {
                tally_note(&prefix,
                           "row %d: the first %zu of %zu moves "
                           "reviewed differently",
                           row, k, nmoves);
            }
            free(full);
            free(part);
        }
        oracle_table_free(&tab);
    }
    ok(tally_passed(&t),
       "%d random rows of 0..%d coins (small alphabets with zeros and ties, "
       "wide, extreme and any int64 values), full and partial games of "
       "optimal, near-optimal and random moves in mixed case: every field "
       "of every review is the oracle's (%ld checks)",
       RANDOM_ROWS / scale, RANDOM_MAXN, t.checks);
    ok(tally_passed(&id),
       "the same games: each player's guarantee after the moves (its total "
       "after a full game) = its best total from the start - its own losses "
       "+ the other's losses (%ld games)",
       id.checks);
    ok(tally_passed(&tie),
       "the same games: every loss >= 0 and optimal == (loss == 0) (%ld "
       "reviews)",
       tie.checks);
    ok(ties_off_best > 0,
       "the games include optimal moves on a tie that are not the "
       "tie-left best (%ld of them)",
       ties_off_best);
    ok(past64 > 0,
       "the games include totals past 64 bits (%ld reviews), checked "
       "exactly",
       past64);
    ok(tally_passed(&prefix),
       "analysing the first k moves gives the same k reviews as analysing "
       "the whole game (%ld games)",
       prefix.checks);
}

/* ------------------------------------------------------------------------
 * 4. Values at the int64 limits: 128-bit fields
 * ---------------------------------------------------------------------- */

static void test_limits(void)
{
    const int64_t max = INT64_MAX;
    const int64_t min = INT64_MIN;
    const i128 two64m1 = ((i128)1 << 64) - 1; /* max - min */
    coinline_move_review_t *r;
    oracle_table_t tab;
    tally_t t = {0, 0};
    tally_t id = {0, 0};

    /* [max, min]: taking min first gives up 2^64 - 1 against best play
     * (V = max - min; taking min: min - max; loss = (V - (min - max))/2). */
    {
        const int64_t row[] = {max, min};
        const int rc = analyze(row, 2, "RL", 2, &r, NULL);
        ok(rc == COINLINE_OK && i128_from_ci(r[0].loss) == two64m1 &&
               r[0].optimal == 0 && r[0].best == COINLINE_SIDE_LEFT &&
               r[0].best_coin == max &&
               i128_from_ci(r[0].secured) == (i128)max &&
               i128_from_ci(r[0].final_margin) == -two64m1 &&
               i128_from_ci(r[1].loss) == 0 &&
               i128_from_ci(r[1].p1) == (i128)min &&
               i128_from_ci(r[1].p2) == (i128)max,
           "[INT64_MAX, INT64_MIN] / RL: the first move loses 2^64 - 1 "
           "points, secured INT64_MAX, margin -(2^64 - 1)");
        free(r);
    }

    /* Four times INT64_MAX: each player ends with 2 * INT64_MAX. */
    {
        const int64_t row[] = {max, max, max, max};
        const int rc = analyze(row, 4, "LRLR", 4, &r, NULL);
        ok(rc == COINLINE_OK && i128_from_ci(r[3].p1) == 2 * (i128)max &&
               i128_from_ci(r[3].p2) == 2 * (i128)max &&
               i128_from_ci(r[0].secured) == 2 * (i128)max &&
               i128_from_ci(r[3].loss) == 0 && r[2].best == COINLINE_SIDE_LEFT,
           "INT64_MAX x 4: totals and secured 2 * INT64_MAX, no loss, ties "
           "to the left");
        free(r);
    }
    {
        const int64_t row[] = {min, min, min, min, min};
        const int rc = analyze(row, 5, "rlrlr", 5, &r, NULL);
        ok(rc == COINLINE_OK && i128_from_ci(r[4].p1) == 3 * (i128)min &&
               i128_from_ci(r[4].p2) == 2 * (i128)min &&
               i128_from_ci(r[0].final_margin) == (i128)min,
           "INT64_MIN x 5: totals 3 * INT64_MIN and 2 * INT64_MIN, margin "
           "INT64_MIN");
        free(r);
    }

    /* Alternating and mixed rows near the limits, every game. */
    {
        static const int64_t rows[][6] = {
            {INT64_MAX, INT64_MIN, INT64_MAX, INT64_MIN, INT64_MAX, INT64_MIN},
            {INT64_MIN, INT64_MAX, INT64_MIN, INT64_MAX, INT64_MIN, INT64_MAX},
            {INT64_MAX, INT64_MAX - 1, INT64_MIN, INT64_MIN + 1, 0, -1},
            {INT64_MIN, 0, INT64_MAX, INT64_MIN + 1, INT64_MAX - 1, 1},
            {INT64_MAX, INT64_MAX, INT64_MAX, INT64_MAX, INT64_MAX, INT64_MAX},
            {INT64_MIN, INT64_MIN, INT64_MIN, INT64_MIN, INT64_MIN, INT64_MIN},
        };
        char m[6];
        for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
            for (size_t n = 0; n <= 6; n++) {
                oracle_table_init(&tab, rows[i], n);
                for (unsigned code = 0; code < (1u << n); code++) {
                    spell_moves(code, n, m);
                    check_game(&t, &id, &tab, m, n);
                }
                oracle_table_free(&tab);
            }
        }
        ok(tally_passed(&t) && tally_passed(&id),
           "rows of INT64_MAX, INT64_MIN and their neighbours (the first "
           "0..6 coins of 6 rows, every game): every field as the oracle's, "
           "losses "
           "sum as the identity says (%ld checks)",
           t.checks + id.checks);
    }
}

/* ------------------------------------------------------------------------
 * 5. Errors
 * ---------------------------------------------------------------------- */

static void test_errors(void)
{
    static const int64_t row[] = {4, -2, 7};
    coinline_move_review_t out[8];
    coinline_error_t err;

    is_int(coinline_analyze(NULL, 3, "LR", 2, out, &err), COINLINE_EINVAL,
           "coins NULL with n = 3: EINVAL");
    is_int(coinline_analyze(row, 3, NULL, 2, out, &err), COINLINE_EINVAL,
           "moves NULL with nmoves = 2: EINVAL");
    is_int(coinline_analyze(row, 3, "LR", 2, NULL, &err), COINLINE_EINVAL,
           "out NULL with nmoves = 2: EINVAL");
    is_int(coinline_analyze(NULL, 0, NULL, 0, NULL, NULL), COINLINE_OK,
           "no coins, no moves, everything NULL: OK");
    is_int(coinline_analyze(row, 3, NULL, 0, NULL, NULL), COINLINE_OK,
           "3 coins, moves and out NULL with nmoves = 0: OK");
    is_int(coinline_analyze(row, 3, "LRL", 0, out, &err), COINLINE_OK,
           "nmoves = 0 with a moves string: OK (nothing read)");

    /* A bad character: err is at line 1, the column of its index + 1. */
    static const struct {
        const char *moves;
        size_t nmoves;
        size_t bad;
        const char *what;
    } chars[] = {
        {"LRx", 3, 2, "'x' at index 2"},
        {"xLR", 3, 0, "'x' at index 0"},
        {"L R", 3, 1, "' ' at index 1"},
        {"L\0R", 3, 1, "a NUL byte at index 1 (within nmoves)"},
        {"LM", 2, 1, "'M' at index 1"},
        {"l1", 2, 1, "'1' at index 1"},
        {"Lx", 2, 1, "'x' at index 1 with a move left"},
        {"xLRL", 4, 0, "'x' at index 0 before one move too many"},
        {"LRLx", 4, 3, "'x' at index 3 = n: one too many"},
    };
    for (size_t i = 0; i < sizeof chars / sizeof chars[0]; i++) {
        memset(&err, 0, sizeof err);
        const int rc = coinline_analyze(row, 3, chars[i].moves, chars[i].nmoves,
                                        out, &err);
        ok(rc == COINLINE_EMOVE && err.line == 1 &&
               err.column - 1 == chars[i].bad && err.message[0] != '\0',
           "a bad move, %s: EMOVE at line 1, column %zu, with a message",
           chars[i].what, chars[i].bad + 1);
        if (rc != COINLINE_EMOVE || err.column - 1 != chars[i].bad) {
            diag("returned %s, at %llu:%llu: %s", rc_name(rc),
                 (unsigned long long)err.line, (unsigned long long)err.column,
                 err.message);
        }
    }

    /* One move too many: err is at column n + 1. */
    memset(&err, 0, sizeof err);
    ok(coinline_analyze(row, 3, "Lx", 2, out, &err) == COINLINE_EMOVE &&
           strcmp(err.message, "move 2 is 'x', not L or R") == 0,
       "a bad character's message: \"move 2 is 'x', not L or R\"");
    memset(&err, 0, sizeof err);
    ok(coinline_analyze(row, 3, "LRLR", 4, out, &err) == COINLINE_EMOVE &&
           strcmp(err.message, "move 4 is one too many: the row has 3 coins") ==
               0,
       "one move too many's message names the row's length");
    memset(&err, 0, sizeof err);
    ok(coinline_analyze(row, 3, "LRLR", 4, out, &err) == COINLINE_EMOVE &&
           err.line == 1 && err.column - 1 == 3,
       "4 moves on 3 coins: EMOVE with column - 1 = 3 (n)");
    memset(&err, 0, sizeof err);
    ok(coinline_analyze(row, 3, "LRLRLR", 6, out, &err) == COINLINE_EMOVE &&
           err.line == 1 && err.column - 1 == 3,
       "6 moves on 3 coins: EMOVE at column 4 (the first one too many)");
    memset(&err, 0, sizeof err);
    ok(coinline_analyze(NULL, 0, "L", 1, out, &err) == COINLINE_EMOVE &&
           err.line == 1 && err.column - 1 == 0,
       "a move on no coins: EMOVE with column - 1 = 0");
    memset(&err, 0, sizeof err);
    ok(coinline_analyze(row, 1, "rl", 2, out, &err) == COINLINE_EMOVE &&
           err.line == 1 && err.column - 1 == 1,
       "2 moves on 1 coin: EMOVE with column - 1 = 1");

    /* err may be NULL. */
    is_int(coinline_analyze(row, 3, "LxR", 3, out, NULL), COINLINE_EMOVE,
           "a bad character with err NULL: EMOVE");
    is_int(coinline_analyze(row, 3, "LRLL", 4, out, NULL), COINLINE_EMOVE,
           "one move too many with err NULL: EMOVE");
    is_int(coinline_analyze(row, 3, "LRL", 3, out, NULL), COINLINE_OK,
           "a good game with err NULL: OK");

#if SIZE_MAX > UINT32_MAX
    /* Refused before a coin is read (the array holds 3). */
    is_int(coinline_analyze(row, (size_t)UINT32_MAX - 4, "", 0, out, &err),
           COINLINE_ETOOBIG, "n = 2^32 - 5 coins: ETOOBIG");
#endif
}

/* ------------------------------------------------------------------------
 * 6. Long rows, checked at sampled moves
 * ---------------------------------------------------------------------- */

/* V of a[0..m), of a[1..m) and of a[0..m-1), by one rolling DP. */
static void dp_three(const int64_t *a, size_t m, i128 *v, i128 *v_no_first,
                     i128 *v_no_last)
{
    i128 *d = xmalloc((m + 1) * sizeof *d);
    for (size_t i = 0; i <= m; i++) {
        d[i] = 0;
    }
    *v_no_first = 0;
    *v_no_last = 0;
    for (size_t len = 1; len <= m; len++) {
        if (len == m) {
            *v_no_first = d[1];
            *v_no_last = d[0];
        }
        for (size_t i = 0; i + len <= m; i++) {
            const i128 take_left = (i128)a[i] - d[i + 1];
            const i128 take_right = (i128)a[i + len - 1] - d[i];
            d[i] = take_left >= take_right ? take_left : take_right;
        }
    }
    *v = d[0];
    free(d);
}

static void long_game(rng_t *r, size_t n, vals_t kind, const char *what)
{
    int64_t *a = row_alloc(n);
    char *m = xmalloc(n);
    size_t sample[LARGE_SAMPLES + 1];
    coinline_move_review_t *got;
    tally_t t = {0, 0};
    tally_t cheap = {0, 0};
    gen_values(r, a, n, kind);
    /* Mostly the larger end, now and then the other one. */
    {
        size_t lo = 0;
        size_t end = n;
        for (size_t k = 0; k < n; k++) {
            int left = a[lo] >= a[end - 1];
            if (rng_below(r, 4) == 0) {
                left = !left;
            }
            m[k] = left ? 'L' : (rng_below(r, 2) ? 'R' : 'r');
            if (left) {
                lo++;
            } else {
                end--;
            }
        }
    }
    sample[0] = 0;
    for (size_t s = 1; s <= LARGE_SAMPLES; s++) {
        sample[s] = (size_t)rng_below(r, n);
    }
    const int rc = analyze(a, n, m, n, &got, NULL);
    is_int(rc, COINLINE_OK, "%s: analyze returns OK", what);
    if (rc != COINLINE_OK) {
        free(got);
        free(m);
        free(a);
        return;
    }

    /* Every move: what follows from the moves alone. */
    pos_t s = {0, n, {0, 0}, oracle_sum(a, n)};
    const i128 sum = s.left;
    i128 loss[2] = {0, 0};
    i128 v0 = 0;
    for (size_t k = 0; k < n; k++) {
        const coinline_move_review_t *g = &got[k];
        const int mover = (int)(k % 2);
        for (size_t j = 0; j <= LARGE_SAMPLES; j++) {
            if (sample[j] != k) {
                continue;
            }
            i128 vb;
            i128 vnf;
            i128 vnl;
            want_t w;
            pos_t before = s;
            dp_three(a + s.lo, s.end - s.lo, &vb, &vnf, &vnl);
            if (k == 0) {
                v0 = vb;
            }
            const coinline_side_t best =
                (i128)a[s.lo] - vnf >= (i128)a[s.end - 1] - vnl
                    ? COINLINE_SIDE_LEFT
                    : COINLINE_SIDE_RIGHT;
            expect_move(&before, a, k, m[k], vb, best,
                        move_side(m[k]) == COINLINE_SIDE_LEFT ? vnf : vnl, &w);
            check_review(&t, g, &w, a, n, m, n);
            break;
        }
        const coinline_side_t side = move_side(m[k]);
        const int64_t coin =
            side == COINLINE_SIDE_LEFT ? a[s.lo] : a[s.end - 1];
        const int64_t best_coin =
            g->best == COINLINE_SIDE_LEFT ? a[s.lo] : a[s.end - 1];
        if (side == COINLINE_SIDE_LEFT) {
            s.lo++;
        } else {
            s.end--;
        }
        s.p[mover] += coin;
        s.left -= coin;
        const i128 l = i128_from_ci(g->loss);
        loss[mover] += l;
        if (!tally_check(&cheap, g->number == k + 1 && g->player == mover + 1 &&
                                     g->side == side && g->coin == coin &&
                                     (g->best == COINLINE_SIDE_LEFT ||
                                      g->best == COINLINE_SIDE_RIGHT) &&
                                     g->best_coin == best_coin && l >= 0 &&
                                     g->optimal == (l == 0) &&
                                     i128_from_ci(g->p1) == s.p[0] &&
                                     i128_from_ci(g->p2) == s.p[1])) {
            tally_note(&cheap,
                       "%s: move %zu: wrong number, player, side, "
                       "coin, best_coin, loss sign, optimal or totals",
                       what, k + 1);
        }
    }
    ok(tally_passed(&t),
       "%s: the first move and %d sampled moves: every field as a DP of "
       "the coins left says",
       what, LARGE_SAMPLES);
    ok(tally_passed(&cheap),
       "%s: every move: number, player, side, coin, best_coin of best, "
       "loss >= 0, optimal == (loss == 0), totals after (%ld moves)",
       what, cheap.checks);
    {
        const i128 p1 = (sum + v0) / 2 - loss[0] + loss[1];
        const i128 p2 = (sum - v0) / 2 - loss[1] + loss[0];
        ok(p1 == s.p[0] && p2 == s.p[1] &&
               i128_from_ci(got[n - 1].final_margin) == s.p[0] - s.p[1],
           "%s: each final total = best total from the start - own losses + "
           "the other's losses; the last margin is p1 - p2",
           what);
    }
    free(got);
    free(m);
    free(a);
}

static void test_long(void)
{
    rng_t r;
    char what[80];
    rng_seed(&r, 77);
    snprintf(what, sizeof what, "%d coins in [-1000, 1000]", LARGE_N / scale);
    long_game(&r, LARGE_N / (size_t)scale, VALS_WIDE, what);
    snprintf(what, sizeof what, "%d coins at the int64 limits",
             LARGE_WIDE_N / scale);
    long_game(&r, LARGE_WIDE_N / (size_t)scale, VALS_EXTREME, what);
}

/* coinline_position() after random moves on random rows: the player to
 * move, the best move and the value from the oracle's table at the
 * position reached, the totals so far from the coins taken, and the
 * final margin as taken so far plus the value; bad moves as
 * coinline_analyze() names them. */
static void test_position(void)
{
    static const vals_t kinds[] = {VALS_PM1, VALS_PM2, VALS_0_3, VALS_EXTREME,
                                   VALS_FULL};
    rng_t r;
    tally_t t = {0, 0};
    int64_t a[RANDOM_MAXN];
    char m[RANDOM_MAXN + 1];
    rng_seed(&r, 20261125);
    for (int row = 0; row < 2000 / scale; row++) {
        oracle_table_t tab;
        const size_t n = (size_t)rng_below(&r, RANDOM_MAXN + 1);
        gen_values(&r, a, n, kinds[rng_below(&r, 5)]);
        oracle_table_init(&tab, a, n);
        const size_t nmoves = (size_t)rng_below(&r, (uint64_t)n + 1);
        random_moves(&r, &tab, nmoves, m);
        size_t lo = 0, end = n;
        i128 took[2] = {0, 0};
        for (size_t k = 0; k < nmoves; k++)
            took[k % 2] += (m[k] == 'L' || m[k] == 'l') ? a[lo++] : a[--end];
        coinline_engine_state_t st;
        coinline_error_t err;
        const int rc = coinline_position(a, n, m, nmoves, &st, &err);
        const int mover = lo < end ? (int)(nmoves % 2) + 1 : 0;
        const i128 v = lo < end ? oracle_value(&tab, lo, end) : 0;
        const i128 sofar = took[0] - took[1];
        const i128 fm = mover == 2 ? sofar - v : sofar + v;
        const coinline_side_t best =
            lo < end ? oracle_move(&tab, lo, end) : COINLINE_SIDE_NONE;
        if (!tally_check(&t, rc == COINLINE_OK && st.to_move == mover &&
                                 st.best == best && st.lo == lo &&
                                 st.hi == end && st.moves == nmoves &&
                                 i128_from_ci(st.value) == v &&
                                 i128_from_ci(st.p1) == took[0] &&
                                 i128_from_ci(st.p2) == took[1] &&
                                 i128_from_ci(st.final_margin) == fm))
            tally_note(&t, "row %d: n %zu, %zu moves: rc %d", row, n, nmoves,
                       rc);
        oracle_table_free(&tab);
    }
    ok(tally_passed(&t),
       "coinline_position: the oracle's position after "
       "random moves on %d rows",
       2000 / scale);

    const int64_t row5[] = {1, 3, 5, 2, 9};
    coinline_engine_state_t st;
    coinline_error_t err;
    ok(coinline_position(row5, 5, "RRx", 3, &st, &err) == COINLINE_EMOVE &&
           err.line == 1 && err.column == 3 &&
           strcmp(err.message, "move 3 is 'x', not L or R") == 0,
       "coinline_position: a bad move is named (%s)", err.message);
    ok(coinline_position(row5, 5, "LLLLLL", 6, &st, &err) == COINLINE_EMOVE &&
           err.column == 6,
       "coinline_position: one move too many is named (%s)", err.message);
    ok(coinline_position(row5, 5, NULL, 1, &st, NULL) == COINLINE_EINVAL &&
           coinline_position(row5, 5, "", 0, NULL, NULL) == COINLINE_EINVAL,
       "coinline_position: NULL arguments are refused");
    ok(coinline_position(NULL, 0, NULL, 0, &st, NULL) == COINLINE_OK &&
           st.to_move == 0 && st.best == COINLINE_SIDE_NONE,
       "coinline_position: the empty row, nobody to move");
}

int main(void)
{
    if (under_valgrind()) {
        scale = VALGRIND_SCALE;
        diag("running under valgrind: rows divided by %d", scale);
    }
    test_worked_example();
    test_exhaustive();
    test_random();
    test_limits();
    test_errors();
    test_position();
    test_long();
    return done_testing();
}
