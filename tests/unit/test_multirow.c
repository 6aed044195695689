/* SPDX-License-Identifier: MIT */
/* coinline_multirow_solve(): several rows against exhaustive play (a
 * memoised minimax over every position of the rows) on many small games:
 * up to 4 rows and 10 coins, values with ties and both signs, the int64
 * extremes; the first move is optimal; one row is the classic game. A
 * game in progress (coinline_multirow_game_*) on random walks of moves,
 * optimal or not, and undos: the value kept, the final margin, the move
 * and every legal move's outcome at every position against exhaustive
 * play, and on longer rows the value against the solver on the coins
 * left; the optimal line (coinline_multirow_line). The fused rows
 * (coinline_multirow_fuse) against a direct fusion written here (any peak
 * first, in a random order), each value the alternating sum of its coins,
 * and the alternating sum of all of them sorted against the value. */
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

/* The rows' coins left in g into lo[], hi[]. */
static void rows_of(const game_t *G, coinline_multirow_game_t *g, unsigned *lo,
                    unsigned *hi)
{
    for (size_t r = 0; r < G->k; r++) {
        uint64_t l, h;
        coinline_multirow_game_row(g, r, &l, &h);
        lo[r] = (unsigned)l;
        hi[r] = (unsigned)h;
    }
}

/* p1 - p2 at the end when the player to move (1 when moves is even) has
 * value v for the rest, the scores being p1 and p2 so far. */
static i128 final_of(i128 p1, i128 p2, uint64_t moves, i128 v)
{
    return p1 - p2 + (moves % 2 == 0 ? v : -v);
}

/* Every legal move's outcome at the position (lo, hi) of g against
 * exhaustive play, and an empty row's refused; g's position unchanged. */
static int outcomes_match(game_t *G, coinline_multirow_game_t *g, unsigned *lo,
                          unsigned *hi, const coinline_multirow_state_t *st)
{
    int same = 1;
    const i128 p1 = i128_from_ci(st->p1), p2 = i128_from_ci(st->p2);
    for (size_t r = 0; r < G->k; r++)
        for (int side = 0; side < 2; side++) {
            const coinline_side_t s =
                side == 0 ? COINLINE_SIDE_LEFT : COINLINE_SIDE_RIGHT;
            coinline_i128_t got;
            const int rc = coinline_multirow_game_outcome(g, r, s, &got);
            if (lo[r] == hi[r]) {
                same = same && rc == COINLINE_EMOVE;
                continue;
            }
            const i128 coin = G->a[G->start[r] + (side ? hi[r] - 1 : lo[r])];
            side ? hi[r]-- : lo[r]++;
            const i128 mine = coin - value(G, lo, hi);
            side ? hi[r]++ : lo[r]--;
            const i128 want = final_of(p1, p2, st->moves, mine);
            same = same && rc == COINLINE_OK && i128_from_ci(got) == want;
            if (r == st->best_row && s == st->best_side)
                same = same && want == i128_from_ci(st->final_margin);
        }
    coinline_multirow_state_t after;
    unsigned l2[ROWS], h2[ROWS];
    coinline_multirow_game_state(g, &after);
    rows_of(G, g, l2, h2);
    return same && memcmp(&after, st, sizeof after) == 0 &&
           memcmp(l2, lo, G->k * sizeof *lo) == 0 &&
           memcmp(h2, hi, G->k * sizeof *hi) == 0;
}

/* coinline_multirow_game_moves() at st (rows lo..hi): the optimal move
 * first, then every other coin that may be taken once each. */
static int moves_match(const game_t *G, const coinline_multirow_game_t *g,
                       const unsigned *lo, const unsigned *hi,
                       const coinline_multirow_state_t *st)
{
    size_t rows[2 * ROWS + 1], count = 99, want = 0;
    coinline_side_t sides[2 * ROWS + 1];
    uint64_t seen[2 * ROWS + 1];
    if (coinline_multirow_game_moves(g, rows, sides, &count) != COINLINE_OK)
        return 0;
    for (size_t r = 0; r < G->k; r++)
        want += hi[r] - lo[r] >= 2 ? 2 : hi[r] - lo[r];
    if (count != want ||
        (count > 0 && (rows[0] != st->best_row || sides[0] != st->best_side)))
        return 0;
    for (size_t i = 0; i < count; i++) {
        const size_t r = rows[i];
        if (r >= G->k || lo[r] == hi[r])
            return 0;
        seen[i] =
            G->start[r] + (sides[i] == COINLINE_SIDE_LEFT ? lo[r] : hi[r] - 1);
        for (size_t j = 0; j < i; j++)
            if (seen[j] == seen[i])
                return 0;
    }
    return 1;
}

/* The position g has reached against exhaustive play: the scores p[],
 * the value and the final margin (the state's and _value()'s), the
 * optimal move, every legal move's outcome. */
static int position_matches(game_t *G, coinline_multirow_game_t *g,
                            const i128 *p)
{
    coinline_multirow_state_t st;
    coinline_i128_t got;
    unsigned lo[ROWS], hi[ROWS];
    coinline_multirow_game_state(g, &st);
    coinline_multirow_game_value(g, &got);
    rows_of(G, g, lo, hi);
    const i128 v = value(G, lo, hi);
    int same =
        i128_from_ci(st.value) == v && i128_from_ci(got) == v &&
        i128_from_ci(st.final_margin) == final_of(p[0], p[1], st.moves, v) &&
        i128_from_ci(st.p1) == p[0] && i128_from_ci(st.p2) == p[1];
    same = same && moves_match(G, g, lo, hi, &st);
    if (st.left == 0)
        return same && v == 0 && st.best_side == COINLINE_SIDE_NONE;
    const size_t r = (size_t)st.best_row;
    same = same && r < G->k && lo[r] < hi[r];
    if (same) {
        const int left = st.best_side == COINLINE_SIDE_LEFT;
        const i128 coin = G->a[G->start[r] + (left ? lo[r] : hi[r] - 1)];
        left ? lo[r]++ : hi[r]--;
        same = coin - value(G, lo, hi) == v;
        left ? lo[r]-- : hi[r]++;
    }
    return same && outcomes_match(G, g, lo, hi, &st);
}

/* A legal move of g at random: the optimal one half the time. */
static void some_move(const game_t *G, coinline_multirow_game_t *g,
                      uint64_t *state, size_t *row, coinline_side_t *side)
{
    coinline_multirow_state_t st;
    coinline_multirow_game_state(g, &st);
    *row = (size_t)st.best_row;
    *side = st.best_side;
    if (coinline_random_uniform(state, 1) == 0)
        return;
    unsigned lo[ROWS], hi[ROWS];
    rows_of(G, g, lo, hi);
    *row = (size_t)coinline_random_uniform(state, G->k - 1);
    while (lo[*row] == hi[*row])
        *row = (*row + 1) % G->k;
    *side = coinline_random_uniform(state, 1) ? COINLINE_SIDE_LEFT
                                              : COINLINE_SIDE_RIGHT;
}

/* Random walks: moves (optimal or not) and runs of undos, so that rows
 * empty and fill again; every position against exhaustive play. */
static void walks_match_exhaustive_play(void)
{
    static game_t G;
    tally_t t = {0, 0};
    uint64_t state = 32;
    long positions = 0, refilled = 0;
    for (int round = 0; round < 900; round++) {
        int64_t a[COINS], taken[COINS];
        const size_t n = draw(&G, a, &state, round);
        coinline_multirow_game_t *g;
        int rc = coinline_multirow_game_new(a, G.lens, G.k, &g);
        size_t m = 0;
        memset(G.used, 0, sizeof G.used);
        for (size_t step = 0; rc == COINLINE_OK && step < 4 * n + 2; step++) {
            i128 p[2] = {0, 0};
            for (size_t i = 0; i < m; i++)
                p[i % 2] += taken[i];
            if (!tally_check(&t, position_matches(&G, g, p)))
                tally_note(&t, "round %d step %zu", round, step);
            positions++;
            if (n == 0)
                break;
            if (m > 0 && (m == n || coinline_random_uniform(&state, 2) == 0)) {
                for (uint64_t u = 1 + coinline_random_uniform(&state, 2);
                     u > 0 && m > 0 && rc == COINLINE_OK; u--, m--)
                    rc = coinline_multirow_game_undo(g);
                refilled++;
                continue;
            }
            size_t r;
            coinline_side_t s;
            unsigned lo[ROWS], hi[ROWS];
            some_move(&G, g, &state, &r, &s);
            rows_of(&G, g, lo, hi);
            taken[m++] =
                a[G.start[r] + (s == COINLINE_SIDE_LEFT ? lo[r] : hi[r] - 1)];
            rc = coinline_multirow_game_play(g, r, s);
        }
        tally_check(&t, rc == COINLINE_OK);
        coinline_multirow_game_free(g);
    }
    ok(tally_passed(&t) && positions > 10000 && refilled > 1000,
       "walks with undos: the value, the final margin, the move, the list "
       "of legal moves and every legal move's outcome match exhaustive "
       "play (%ld positions)",
       positions);
}

/* The line: each move the game's block rule and optimal, the totals the
 * solver's. */
static void the_line_is_optimal(void)
{
    static game_t G;
    tally_t t = {0, 0};
    uint64_t state = 77;
    for (int round = 0; round < 1500; round++) {
        int64_t a[COINS];
        uint64_t rows[COINS];
        char sides[COINS + 1];
        const size_t n = draw(&G, a, &state, round);
        coinline_multirow_result_t res;
        coinline_multirow_game_t *g;
        int same =
            coinline_multirow_line(a, G.lens, G.k, rows, sides) ==
                COINLINE_OK &&
            coinline_multirow_solve(a, G.lens, G.k, &res) == COINLINE_OK &&
            coinline_multirow_game_new(a, G.lens, G.k, &g) == COINLINE_OK &&
            sides[n] == '\0';
        unsigned lo[ROWS] = {0}, hi[ROWS];
        for (size_t r = 0; r < G.k; r++)
            hi[r] = (unsigned)G.lens[r];
        memset(G.used, 0, sizeof G.used);
        i128 p[2] = {0, 0};
        for (size_t m = 0; same && m < n; m++) {
            coinline_multirow_state_t st;
            coinline_multirow_game_state(g, &st);
            const size_t r = (size_t)rows[m];
            const int left = sides[m] == 'L';
            same = r < G.k && lo[r] < hi[r] && (left || sides[m] == 'R') &&
                   st.best_row == r &&
                   st.best_side ==
                       (left ? COINLINE_SIDE_LEFT : COINLINE_SIDE_RIGHT);
            if (!same)
                break;
            const i128 v = value(&G, lo, hi);
            const i128 coin = a[G.start[r] + (left ? lo[r] : hi[r] - 1)];
            left ? lo[r]++ : hi[r]--;
            same = coin - value(&G, lo, hi) == v;
            p[m % 2] += coin;
            coinline_multirow_game_play(g, r, st.best_side);
        }
        same = same && p[0] == i128_from_ci(res.p1) &&
               p[1] == i128_from_ci(res.p2);
        if (!tally_check(&t, same))
            tally_note(&t, "round %d: %zu rows, %zu coins", round, G.k, n);
        coinline_multirow_game_free(g);
    }
    ok(tally_passed(&t),
       "the line: each move the block rule's and optimal, the totals the "
       "solver's (%ld games)",
       t.checks);
}

/* Longer rows (the engines rebuild, jump and fall back to 128 bits): the
 * value kept against coinline_multirow_solve() on the coins left, and the
 * outcome of a random move against the solver after it, on walks with
 * undos. */
static void long_walks_match_the_solver(void)
{
    enum { K = 6, LEN = 120 };
    static int64_t a[K * LEN], left[K * LEN];
    tally_t t = {0, 0};
    uint64_t state = 3232, lens[K], rl[K];
    long positions = 0;
    for (int round = 0; round < 40; round++) {
        const size_t k = 1 + coinline_random_uniform(&state, K - 1);
        size_t n = 0;
        for (size_t r = 0; r < k; r++)
            n += lens[r] = coinline_random_uniform(&state, LEN);
        for (size_t i = 0; i < n; i++) /* ties, nested peaks, extremes */
            a[i] = round % 4 == 0 ? (int64_t)coinline_random_uniform(&state, 3)
                   : round % 4 == 1 ? (i % 2 ? (int64_t)(i / 2) : 0)
                   : round % 4 == 2
                       ? (coinline_random_uniform(&state, 1)
                              ? INT64_MAX - (int64_t)(i % 3)
                              : INT64_MIN + (int64_t)(i % 2))
                       : (int64_t)coinline_random_uniform(&state, 2000000) -
                             1000000;
        coinline_multirow_game_t *g;
        int rc = coinline_multirow_game_new(a, lens, k, &g);
        uint64_t m = 0;
        for (size_t step = 0; rc == COINLINE_OK && step < 2 * n + 2; step++) {
            coinline_multirow_state_t st;
            coinline_multirow_result_t res;
            size_t at = 0;
            coinline_multirow_game_state(g, &st);
            for (size_t r = 0; r < k; r++) {
                uint64_t lo, hi, start = 0;
                for (size_t q = 0; q < r; q++)
                    start += lens[q];
                coinline_multirow_game_row(g, r, &lo, &hi);
                rl[r] = hi - lo;
                memcpy(left + at, a + start + lo, (hi - lo) * sizeof *a);
                at += (size_t)(hi - lo);
            }
            coinline_multirow_solve(left, rl, k, &res);
            if (!tally_check(&t, i128_from_ci(st.value) ==
                                     i128_from_ci(res.margin)))
                tally_note(&t, "round %d step %zu", round, step);
            positions++;
            if (n == 0)
                break;
            if (m > 0 && (m == n || coinline_random_uniform(&state, 3) == 0)) {
                rc = coinline_multirow_game_undo(g);
                m--;
                continue;
            }
            size_t r = (size_t)coinline_random_uniform(&state, k - 1);
            while (rl[r] == 0)
                r = (r + 1) % k;
            const coinline_side_t s = coinline_random_uniform(&state, 1)
                                          ? COINLINE_SIDE_LEFT
                                          : COINLINE_SIDE_RIGHT;
            coinline_i128_t out;
            coinline_multirow_game_outcome(g, r, s, &out);
            rc = coinline_multirow_game_play(g, r, s);
            m++;
            coinline_multirow_game_state(g, &st);
            tally_check(&t, i128_from_ci(out) == i128_from_ci(st.final_margin));
        }
        tally_check(&t, rc == COINLINE_OK);
        coinline_multirow_game_free(g);
    }
    ok(tally_passed(&t) && positions > 5000,
       "longer rows: the value kept is the solver's on the coins left, a "
       "move's outcome the final margin after it (%ld positions)",
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
    coinline_multirow_game_t *g = NULL;
    size_t rows[5], count = 7;
    coinline_side_t sides[5];
    const int made = coinline_multirow_game_new(a, lens, 2, &g);
    ok(made == COINLINE_OK &&
           coinline_multirow_game_moves(NULL, rows, sides, &count) ==
               COINLINE_EINVAL &&
           coinline_multirow_game_moves(g, NULL, sides, &count) ==
               COINLINE_EINVAL &&
           coinline_multirow_game_moves(g, rows, sides, NULL) ==
               COINLINE_EINVAL &&
           count == 7,
       "game_moves refuses NULL arguments, writing nothing");
    coinline_multirow_game_free(g);
}

/* A direct fusion of the row a[0..n-1]: while some x <= y >= z is left
 * (looked for from a random place on), it becomes x - y + z. Its values
 * into v, the coins each fuses into span (with ties the spans depend on
 * the order: 0 0 0 0 fuses to 0 0 either as 3 + 1 or 1 + 3 coins; the
 * values do not); returns their number, and the fusions into *fusions. */
static size_t fuse_directly(const int64_t *a, size_t n, i128 *v, uint64_t *span,
                            uint64_t *fusions, uint64_t *state)
{
    size_t len = n, at;
    for (size_t i = 0; i < n; i++) {
        v[i] = a[i];
        span[i] = 1;
    }
    *fusions = 0;
    for (;;) {
        const size_t from =
            len > 2 ? coinline_random_uniform(state, len - 2) : 0;
        size_t found = SIZE_MAX;
        for (size_t t = 0; t + 2 < len && found == SIZE_MAX; t++) {
            at = (from + t) % (len - 2);
            if (v[at] <= v[at + 1] && v[at + 1] >= v[at + 2])
                found = at;
        }
        if (found == SIZE_MAX)
            return len;
        at = found;
        v[at] = v[at] - v[at + 1] + v[at + 2];
        span[at] += span[at + 1] + span[at + 2];
        memmove(v + at + 1, v + at + 3, (len - at - 3) * sizeof *v);
        memmove(span + at + 1, span + at + 3, (len - at - 3) * sizeof *span);
        len -= 2;
        ++*fusions;
    }
}

static int by_decreasing(const void *x, const void *y)
{
    const i128 a = *(const i128 *)x, b = *(const i128 *)y;
    return (a < b) - (a > b);
}

/* The fused rows f of the rows a, lens[0..k-1] against the direct fusion
 * (values, fusions), its spans tiling each row with each value the
 * alternating sum of its coins, and the alternating sum of the sorted
 * values against want. */
static int fused_match(const coinline_multirow_fused_t *f, const int64_t *a,
                       const uint64_t *lens, size_t k, i128 want,
                       uint64_t *state)
{
    static i128 v[256], all[256];
    static uint64_t span[256];
    size_t at = 0, fi = 0, count = 0;
    int same = f->rows == k;
    for (size_t r = 0; r < k && same; r++) {
        uint64_t fusions;
        const size_t len =
            fuse_directly(a + at, (size_t)lens[r], v, span, &fusions, state);
        same = f->lens[r] == len && f->fusions[r] == fusions;
        uint64_t c = at;
        for (size_t i = 0; i < len && same; i++, fi++) {
            i128 alt = 0;
            for (uint64_t j = 0; j < f->spans[fi] && c + j < at + lens[r]; j++)
                alt += j % 2 == 0 ? (i128)a[c + j] : -(i128)a[c + j];
            c += f->spans[fi];
            same = i128_from_ci(f->values[fi]) == v[i] && alt == v[i];
            all[count++] = v[i];
        }
        same = same && c == at + lens[r];
        at += lens[r];
    }
    same = same && f->count == count;
    qsort(all, count, sizeof *all, by_decreasing);
    i128 alt = 0;
    for (size_t i = 0; i < count; i++)
        alt += i % 2 == 0 ? all[i] : -all[i];
    return same && alt == want;
}

/* The fused rows of small games (the value against exhaustive play) and
 * of longer rows (against the solver). */
static void the_fused_rows_match_a_direct_fusion(void)
{
    static game_t G;
    tally_t t = {0, 0};
    uint64_t state = 32, dir = 7;
    for (int round = 0; round < 3000; round++) {
        int64_t a[COINS];
        draw(&G, a, &state, round);
        coinline_multirow_fused_t f;
        const int rc = coinline_multirow_fuse(a, G.lens, G.k, &f);
        const int same = rc == COINLINE_OK &&
                         fused_match(&f, a, G.lens, G.k, solve_all(&G), &dir);
        if (!tally_check(&t, same))
            tally_note(&t, "round %d: %zu rows", round, G.k);
        coinline_multirow_fused_free(&f);
    }
    for (int round = 0; round < 400; round++) {
        int64_t a[256];
        uint64_t lens[6];
        size_t n = 0;
        const size_t k = 1 + coinline_random_uniform(&state, 5);
        for (size_t r = 0; r < k; r++)
            n += lens[r] = coinline_random_uniform(&state, 40);
        coinline_random_row(&state, round % 2 ? -3 : -1000,
                            round % 2 ? 3 : 1000, a, n);
        coinline_multirow_fused_t f;
        coinline_multirow_result_t m;
        int same = coinline_multirow_solve(a, lens, k, &m) == COINLINE_OK &&
                   coinline_multirow_fuse(a, lens, k, &f) == COINLINE_OK;
        same =
            same && fused_match(&f, a, lens, k, i128_from_ci(m.margin), &dir);
        if (!tally_check(&t, same))
            tally_note(&t, "long round %d: %zu rows", round, k);
        coinline_multirow_fused_free(&f);
    }
    ok(tally_passed(&t),
       "fused rows: values and fusions match a direct fusion, spans tile the "
       "rows (each value its coins' alternating sum), the sorted alternating "
       "sum is the value (%ld games)",
       t.checks);
    coinline_multirow_fused_t f;
    const uint64_t lens[3] = {3, 0, 3};
    const int64_t a[6] = {1, 3, 5, 4, 9, 2};
    ok(coinline_multirow_fuse(a, lens, 3, &f) == COINLINE_OK && f.count == 4 &&
           f.lens[1] == 0 && f.fusions[0] == 0 && f.fusions[2] == 1 &&
           i128_from_ci(f.values[3]) == -3 && f.spans[3] == 3,
       "1 3 5 / - / 4 9 2: 4 9 2 fuses to -3, the rest stays");
    coinline_multirow_fused_free(&f);
    coinline_multirow_fused_free(&f);
    coinline_multirow_fused_free(NULL);
    ok(coinline_multirow_fuse(a, lens, 3, NULL) == COINLINE_EINVAL &&
           coinline_multirow_fuse(a, NULL, 3, &f) == COINLINE_EINVAL &&
           f.values == NULL &&
           coinline_multirow_fuse(NULL, lens, 3, &f) == COINLINE_EINVAL &&
           coinline_multirow_fuse(NULL, NULL, 0, &f) == COINLINE_OK &&
           f.count == 0 && f.rows == 0,
       "fuse: NULL arguments refused, no rows fuse to nothing");
    coinline_multirow_fused_free(&f);
}

int main(void)
{
    rows_match_exhaustive_play();
    the_game_is_optimal_at_every_position();
    walks_match_exhaustive_play();
    the_line_is_optimal();
    long_walks_match_the_solver();
    bad_moves_are_refused();
    one_row_is_the_classic_game();
    bad_arguments();
    the_fused_rows_match_a_direct_fusion();
    return done_testing();
}
