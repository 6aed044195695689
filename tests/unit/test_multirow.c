/* SPDX-License-Identifier: MIT */
/* coinline_multirow_solve(): several rows against exhaustive play (a
 * memoised minimax over every position of the rows) on many small games:
 * up to 4 rows and 10 coins, values with ties and both signs, the int64
 * extremes; the first move is optimal; one row is the classic game. */
#include <stdlib.h>
#include <string.h>

#include "coinline.h"
#include "common/i128.h"
#include "common/tap.h"

#define ROWS    4
#define COINS   10
#define BUCKETS (1u << 16)

/* A position: each row's lo and hi (4 bits each). */
typedef struct {
    const int64_t *a;
    uint64_t start[ROWS], lens[ROWS];
    size_t k;
    uint64_t keys[BUCKETS];
    i128 vals[BUCKETS];
    unsigned char used[BUCKETS];
} game_t;

static uint64_t key_of(const unsigned *lo, const unsigned *hi, size_t k)
{
    uint64_t key = 0;
    for (size_t r = 0; r < k; r++)
        key = key << 8 | (uint64_t)lo[r] << 4 | hi[r];
    return key;
}

/* The value for the player to move of the position lo[], hi[]. */
static i128 value(game_t *G, unsigned *lo, unsigned *hi)
{
    const uint64_t key = key_of(lo, hi, G->k);
    size_t b = (size_t)(key * 0x9E3779B97F4A7C15u >> 48) % BUCKETS;
    while (G->used[b] && G->keys[b] != key)
        b = (b + 1) % BUCKETS;
    if (G->used[b])
        return G->vals[b];
    int any = 0;
    i128 best = 0;
    for (size_t r = 0; r < G->k; r++) {
        if (lo[r] == hi[r])
            continue;
        for (int side = 0; side < 2; side++) {
            const unsigned at = side == 0 ? lo[r] : hi[r] - 1;
            const i128 coin = G->a[G->start[r] + at];
            side == 0 ? lo[r]++ : hi[r]--;
            const i128 v = coin - value(G, lo, hi);
            side == 0 ? lo[r]-- : hi[r]++;
            if (!any || v > best)
                best = v;
            any = 1;
        }
    }
    G->used[b] = 1;
    G->keys[b] = key;
    G->vals[b] = best;
    return best;
}

static i128 solve_all(game_t *G)
{
    unsigned lo[ROWS] = {0}, hi[ROWS];
    memset(G->used, 0, sizeof G->used);
    for (size_t r = 0; r < G->k; r++)
        hi[r] = (unsigned)G->lens[r];
    return value(G, lo, hi);
}

/* A random game into a[] and G: k rows, n coins in all. */
static size_t draw(game_t *G, int64_t *a, uint64_t *state, int round)
{
    static const int64_t extremes[] = {INT64_MIN, INT64_MAX, INT64_MAX - 1,
                                       INT64_MIN + 1, 0};
    G->k = 1 + coinline_random_uniform(state, ROWS - 1);
    size_t n = 0;
    for (size_t r = 0; r < G->k; r++) {
        G->lens[r] =
            coinline_random_uniform(state, (COINS - n) < 5 ? COINS - n : 5);
        G->start[r] = n;
        n += G->lens[r];
    }
    for (size_t i = 0; i < n; i++) {
        if (round % 9 == 0)
            a[i] = extremes[coinline_random_uniform(state, 4)];
        else if (round % 3 == 0)
            a[i] = (int64_t)coinline_random_uniform(state, 2);
        else
            a[i] = (int64_t)coinline_random_uniform(state, 12) - 4;
    }
    G->a = a;
    return n;
}

/* The value, the totals and the first move against exhaustive play. */
static void rows_match_exhaustive_play(void)
{
    static game_t G;
    tally_t t = {0, 0};
    uint64_t state = 2026;
    for (int round = 0; round < 3000; round++) {
        int64_t a[COINS];
        const size_t n = draw(&G, a, &state, round);
        coinline_multirow_result_t res;
        int rc = coinline_multirow_solve(a, G.lens, G.k, &res);
        const i128 v = solve_all(&G);
        i128 sum = 0;
        for (size_t i = 0; i < n; i++)
            sum += a[i];
        int same = rc == COINLINE_OK && i128_from_ci(res.margin) == v &&
                   i128_from_ci(res.p1) == (sum + v) / 2 &&
                   i128_from_ci(res.p2) == (sum - v) / 2 && res.n == n &&
                   res.rows == G.k;
        if (n > 0 && same) { /* the first move is optimal */
            const size_t r = (size_t)res.first_row;
            unsigned lo[ROWS] = {0}, hi[ROWS];
            for (size_t q = 0; q < G.k; q++)
                hi[q] = (unsigned)G.lens[q];
            const int left = res.first_side == COINLINE_SIDE_LEFT;
            same = r < G.k && lo[r] < hi[r];
            if (same) {
                const i128 coin = a[G.start[r] + (left ? 0 : hi[r] - 1)];
                left ? lo[r]++ : hi[r]--;
                memset(G.used, 0, sizeof G.used);
                same = coin - value(&G, lo, hi) == v;
            }
        }
        if (n == 0)
            same = same && res.first_side == COINLINE_SIDE_NONE;
        if (!tally_check(&t, same))
            tally_note(&t, "round %d: %zu rows, %zu coins", round, G.k, n);
    }
    ok(tally_passed(&t),
       "several rows: value, totals and first move match exhaustive play "
       "(%ld games)",
       t.checks);
}

/* A game in progress: at every position of random games (optimal moves
 * and others, undos too) the state's move is optimal and the value is
 * exhaustive play's, the totals add up, and an undo goes back. */
static void the_game_is_optimal_at_every_position(void)
{
    static game_t G;
    tally_t t = {0, 0};
    uint64_t state = 99;
    long positions = 0;
    for (int round = 0; round < 600; round++) {
        int64_t a[COINS];
        const size_t n = draw(&G, a, &state, round);
        coinline_multirow_game_t *g;
        int rc = coinline_multirow_game_new(a, G.lens, G.k, &g);
        i128 p[2] = {0, 0};
        for (size_t m = 0; rc == COINLINE_OK && m <= n; m++) {
            coinline_multirow_state_t st;
            unsigned lo[ROWS], hi[ROWS];
            uint64_t l, h;
            coinline_multirow_game_state(g, &st);
            for (size_t r = 0; r < G.k; r++) {
                coinline_multirow_game_row(g, r, &l, &h);
                lo[r] = (unsigned)l;
                hi[r] = (unsigned)h;
            }
            memset(G.used, 0, sizeof G.used);
            const i128 v = value(&G, lo, hi);
            coinline_i128_t got;
            coinline_multirow_game_value(g, &got);
            int same = i128_from_ci(got) == v && st.moves == m &&
                       i128_from_ci(st.p1) == p[0] &&
                       i128_from_ci(st.p2) == p[1] &&
                       st.to_move == (m < n ? (int)(m % 2) + 1 : 0);
            if (m == n) {
                tally_check(&t, same && st.best_side == COINLINE_SIDE_NONE);
                break;
            }
            const size_t r = (size_t)st.best_row;
            const int left = st.best_side == COINLINE_SIDE_LEFT;
            const i128 coin = a[G.start[r] + (left ? lo[r] : hi[r] - 1)];
            left ? lo[r]++ : hi[r]--;
            same = same && coin - value(&G, lo, hi) == v;
            left ? lo[r]-- : hi[r]++;
            if (!tally_check(&t, same))
                tally_note(&t, "round %d move %zu", round, m);
            positions++;
            /* a move: the best one, or another end of another row */
            size_t pr = r;
            coinline_side_t ps = st.best_side;
            if (coinline_random_uniform(&state, 2) == 0) {
                pr = (size_t)coinline_random_uniform(&state, G.k - 1);
                while (lo[pr] == hi[pr])
                    pr = (pr + 1) % G.k;
                ps = coinline_random_uniform(&state, 1) ? COINLINE_SIDE_LEFT
                                                        : COINLINE_SIDE_RIGHT;
            }
            if (coinline_random_uniform(&state, 9) == 0) { /* and back */
                coinline_multirow_game_play(g, pr, ps);
                coinline_multirow_game_undo(g);
            }
            const int pl = ps == COINLINE_SIDE_LEFT;
            p[m % 2] += a[G.start[pr] + (pl ? lo[pr] : hi[pr] - 1)];
            rc = coinline_multirow_game_play(g, pr, ps);
        }
        tally_check(&t, rc == COINLINE_OK);
        coinline_multirow_game_free(g);
    }
    ok(tally_passed(&t) && positions > 3000,
       "a game of several rows: the move optimal and the value exact at "
       "every position (%ld positions)",
       positions);
}

/* Moves that cannot be played are refused. */
static void bad_moves_are_refused(void)
{
    const int64_t a[3] = {4, 5, 6};
    const uint64_t lens[3] = {1, 0, 2};
    coinline_multirow_game_t *g;
    coinline_multirow_game_new(a, lens, 3, &g);
    ok(coinline_multirow_game_play(g, 1, COINLINE_SIDE_LEFT) ==
               COINLINE_EMOVE &&
           coinline_multirow_game_play(g, 3, COINLINE_SIDE_LEFT) ==
               COINLINE_EINVAL &&
           coinline_multirow_game_play(g, 0, COINLINE_SIDE_NONE) ==
               COINLINE_EINVAL &&
           coinline_multirow_game_undo(g) == COINLINE_EINVAL,
       "an empty row, a row past the last, no end, no move to undo: refused");
    coinline_multirow_game_free(g);
    coinline_multirow_game_free(NULL);
}

/* One row: the classic value. */
static void one_row_is_the_classic_game(void)
{
    tally_t t = {0, 0};
    uint64_t state = 5;
    for (int round = 0; round < 500; round++) {
        int64_t a[64];
        const uint64_t n = coinline_random_uniform(&state, 63);
        coinline_random_row(&state, -50, 50, a, (size_t)n);
        coinline_multirow_result_t m;
        coinline_result_t c;
        coinline_multirow_solve(a, &n, 1, &m);
        coinline_solve(a, (size_t)n, COINLINE_ALGO_LINEAR, &c);
        tally_check(&t, i128_from_ci(m.margin) == i128_from_ci(c.margin) &&
                            i128_from_ci(m.p1) == i128_from_ci(c.p1));
    }
    ok(tally_passed(&t), "one row is the classic game (%ld rows)", t.checks);
}

static void bad_arguments(void)
{
    coinline_multirow_result_t r;
    const uint64_t lens[2] = {1, 2};
    const int64_t a[3] = {1, 2, 3};
    ok(coinline_multirow_solve(a, lens, 2, NULL) == COINLINE_EINVAL &&
           coinline_multirow_solve(a, NULL, 2, &r) == COINLINE_EINVAL &&
           coinline_multirow_solve(NULL, lens, 2, &r) == COINLINE_EINVAL,
       "NULL arguments are refused");
    ok(coinline_multirow_solve(NULL, NULL, 0, &r) == COINLINE_OK && r.n == 0 &&
           r.first_side == COINLINE_SIDE_NONE,
       "no rows: an empty game");
}

int main(void)
{
    rows_match_exhaustive_play();
    the_game_is_optimal_at_every_position();
    bad_moves_are_refused();
    one_row_is_the_classic_game();
    bad_arguments();
    return done_testing();
}
