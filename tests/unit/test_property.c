/* SPDX-License-Identifier: MIT */
/*
 * Every solver against the independent oracle on many random rows: whole
 * results, optimal moves at every sub-row or along game paths, and lines.
 */
#include <stdlib.h>
#include <string.h>

#include "coinline.h"
#include "common/check.h"
#include "common/oracle.h"
#include "common/rng.h"
#include "common/tap.h"

enum {
    FULL_SMALL_ROWS = 100000, /* rows checked against the minimax */
    SMALL_MAXN = 16,
    FULL_LONG_ROWS = 320, /* rows checked against the DP */
    LONG_MAXN = 2000,
    FULL_SUB_ROWS = 240, /* rows whose every sub-row is checked */
    SUB_MAXN = 60,
    BRUTE_SUB_MAXLEN = 10,
    FULL_PATH_ROWS = 24, /* long rows checked along game paths */
    DP_PATH_MAXN = 300,
    FULL_LINE_SMALL_ROWS = 3000,
    FULL_LINE_ROWS = 120, /* rows up to LINE_MAXN for linear and dp lines */
    LINE_MAXN = 300
};

/* Under valgrind (about 40 times slower) the row counts are divided by
 * VALGRIND_SCALE: the full counts run natively and under ASan. */
enum { VALGRIND_SCALE = 8 };
static int scale = 1;
#define SMALL_ROWS      (FULL_SMALL_ROWS / scale)
#define LONG_ROWS       (FULL_LONG_ROWS / scale)
#define SUB_ROWS        (FULL_SUB_ROWS / scale)
#define PATH_ROWS       (FULL_PATH_ROWS / scale)
#define LINE_SMALL_ROWS (FULL_LINE_SMALL_ROWS / scale)
#define LINE_ROWS       (FULL_LINE_ROWS / scale)

static void test_oracle_self_check(void)
{
    int64_t a[12];
    tally_t t = {0, 0};
    oracle_table_t tab;
    rng_t r;
    rng_seed(&r, 1);
    for (int k = 0; k < 3000; k++) {
        const size_t n = (size_t)rng_below(&r, 13);
        gen_values(&r, a, n, (vals_t)rng_below(&r, VALS_COUNT));
        {
            const i128 mm = oracle_minimax(a, n);
            const i128 s = oracle_sum(a, n);
            oracle_table_init(&tab, a, n);
            if (!tally_check(&t, mm == oracle_dp(a, n) &&
                                     mm == oracle_value(&tab, 0, n) &&
                                     (s + mm) % 2 == 0)) {
                tally_note(&t, "oracle disagrees with itself, row %d", k);
            }
            oracle_table_free(&tab);
        }
    }
    ok(tally_passed(&t), "oracle: minimax, rolling DP and full table agree "
                         "and S + V is even on 3000 random rows n <= 12");
}

static void test_small_rows(void)
{
    int64_t a[SMALL_MAXN];
    tally_t t[3] = {{0, 0}, {0, 0}, {0, 0}};
    size_t seen_n[SMALL_MAXN + 1] = {0};
    rng_t r;
    rng_seed(&r, 20240601);
    for (int k = 0; k < SMALL_ROWS; k++) {
        const size_t n = (size_t)rng_below(&r, SMALL_MAXN + 1);
        oracle_result_t want;
        gen_values(&r, a, n, (vals_t)rng_below(&r, VALS_COUNT));
        oracle_solve_minimax(a, n, &want);
        seen_n[n]++;
        for (size_t j = 0; j < 3; j++) {
            coinline_result_t got;
            const int rc = coinline_solve(a, n, all_algos[j], &got);
            if (rc != COINLINE_OK) {
                tally_check(&t[j], 0);
                tally_note(&t[j], "row %d: solve returned %d", k, rc);
                continue;
            }
            check_result(&t[j], &got, &want, a, n,
                         coinline_algo_name(all_algos[j]));
        }
    }
    for (size_t n = 0; n <= SMALL_MAXN; n++) {
        if (seen_n[n] == 0) {
            diag("no row of length %zu was generated", n);
            t[0].failures++;
        }
    }
    for (size_t j = 0; j < 3; j++) {
        ok(tally_passed(&t[j]),
           "%s equals minimax (n, sum, p1, p2, margin, winner, tie-left first "
           "move) on %d random rows n <= %d of 7 alphabets",
           coinline_algo_name(all_algos[j]), SMALL_ROWS, SMALL_MAXN);
    }
}

static void test_long_rows(void)
{
    int64_t *a = row_alloc(LONG_MAXN);
    tally_t t[2] = {{0, 0}, {0, 0}};
    rng_t r;
    rng_seed(&r, 777);
    for (int k = 0; k < LONG_ROWS; k++) {
        const shape_t shape = (shape_t)(k % SHAPE_COUNT);
        /* Mostly mid-sized rows, some at the full length. */
        const size_t n = k % 10 == 0 ? LONG_MAXN - (size_t)rng_below(&r, 2)
                                     : 17 + (size_t)rng_below(&r, 1000);
        oracle_result_t want;
        gen_shape(&r, a, n, shape);
        oracle_solve_dp(a, n, &want);
        for (size_t j = 0; j < 2; j++) {
            coinline_result_t got;
            const int rc = coinline_solve(a, n, all_algos[j], &got);
            if (rc != COINLINE_OK) {
                tally_check(&t[j], 0);
                tally_note(&t[j], "%s row n=%zu: rc %d", shape_name(shape), n,
                           rc);
                continue;
            }
            check_result(&t[j], &got, &want, a, n, shape_name(shape));
        }
    }
    free(a);
    for (size_t j = 0; j < 2; j++) {
        ok(tally_passed(&t[j]),
           "%s equals the oracle DP on %d rows up to n = %d (random, sorted "
           "up/down, valley, mountain, zeros, nested, alternating)",
           coinline_algo_name(all_algos[j]), LONG_ROWS, LONG_MAXN);
    }
}

/* The margin of taking side on a[lo..hi] (inclusive), then optimal play. */
static i128 move_value(const oracle_table_t *tab, size_t lo, size_t hi,
                       coinline_side_t side)
{
    if (side == COINLINE_SIDE_LEFT) {
        return (i128)tab->a[lo] - oracle_value(tab, lo + 1, hi + 1);
    }
    if (side == COINLINE_SIDE_RIGHT) {
        return (i128)tab->a[hi] - oracle_value(tab, lo, hi);
    }
    return I128_MIN; /* not a move */
}

/* best_move on a[lo..hi] (both included here; half-open hi + 1 in the
 * call) against the table: tie-left optimal side and exact margin. */
static void check_move(tally_t *t, const oracle_table_t *tab, size_t lo,
                       size_t hi, coinline_algo_t algo)
{
    coinline_side_t side = COINLINE_SIDE_NONE;
    coinline_i128_t m = {0, 0};
    const int rc =
        coinline_best_move(tab->a, tab->n, lo, hi + 1, algo, &side, &m);
    const coinline_side_t want = oracle_move(tab, lo, hi + 1);
    const i128 want_m = oracle_value(tab, lo, hi + 1);
    char row[256];
    char gb[I128_BUFLEN];
    char wb[I128_BUFLEN];
    const char *why;
    if (tally_check(t, rc == 0 && side == want && i128_from_ci(m) == want_m)) {
        return;
    }
    why = side == want ? ""
          : move_value(tab, lo, hi, side) == want_m
              ? " (optimal, but not the tie-left move)"
              : " (NOT optimal)";
    tally_note(t,
               "%s best_move(lo=%zu, hi=%zu) on [%s]: rc %d, side %s%s "
               "(expected %s), margin %s (expected %s)",
               coinline_algo_name(algo), lo, hi,
               row_str(tab->a, tab->n, row, sizeof row), rc, side_str(side),
               why, side_str(want), i128_str(i128_from_ci(m), gb),
               i128_str(want_m, wb));
}

/* A row for the sub-row tests: mostly small alphabets (ties). */
static void sub_row(rng_t *r, int64_t *a, size_t n, int k)
{
    if (k % 3 == 0) {
        gen_shape(r, a, n, (shape_t)rng_below(r, SHAPE_COUNT));
    } else {
        gen_values(r, a, n, (vals_t)rng_below(r, VALS_COUNT));
    }
}

static void test_every_subrow(void)
{
    int64_t a[SUB_MAXN];
    tally_t t[3] = {{0, 0}, {0, 0}, {0, 0}};
    oracle_table_t tab;
    rng_t r;
    rng_seed(&r, 4242);
    for (int k = 0; k < SUB_ROWS; k++) {
        const size_t n = 1 + (size_t)rng_below(&r, SUB_MAXN);
        sub_row(&r, a, n, k);
        oracle_table_init(&tab, a, n);
        for (size_t lo = 0; lo < n; lo++) {
            for (size_t hi = lo; hi < n; hi++) {
                check_move(&t[0], &tab, lo, hi, COINLINE_ALGO_LINEAR);
                if (k % 2 == 0) {
                    check_move(&t[1], &tab, lo, hi, COINLINE_ALGO_DP);
                }
                if (k % 4 == 0 && hi - lo < BRUTE_SUB_MAXLEN) {
                    check_move(&t[2], &tab, lo, hi, COINLINE_ALGO_BRUTE);
                }
            }
        }
        oracle_table_free(&tab);
    }
    ok(tally_passed(&t[0]),
       "linear best_move is the tie-left optimal move "
       "with exact margin at every sub-row of %d rows "
       "n <= %d (%ld sub-rows)",
       SUB_ROWS, SUB_MAXN, t[0].checks);
    ok(tally_passed(&t[1]),
       "dp best_move is the tie-left optimal move with "
       "exact margin at every sub-row of %d rows n <= %d "
       "(%ld sub-rows)",
       SUB_ROWS / 2, SUB_MAXN, t[1].checks);
    ok(tally_passed(&t[2]),
       "brute best_move is the tie-left optimal move "
       "with exact margin at every sub-row of length "
       "<= %d of %d rows (%ld sub-rows)",
       BRUTE_SUB_MAXLEN, SUB_ROWS / 4, t[2].checks);
}

/* One game on a[0..n) with a random mix of optimal and arbitrary moves,
 * checking best_move at each position for the given algorithms. */
static void walk_game(rng_t *r, const oracle_table_t *tab, tally_t *t,
                      int with_dp)
{
    size_t lo = 0;
    size_t end = tab->n;
    while (lo < end) {
        coinline_side_t move = oracle_move(tab, lo, end);
        check_move(&t[0], tab, lo, end - 1, COINLINE_ALGO_LINEAR);
        if (with_dp) {
            check_move(&t[1], tab, lo, end - 1, COINLINE_ALGO_DP);
        }
        if (end - lo <= BRUTE_SUB_MAXLEN + 4) {
            check_move(&t[2], tab, lo, end - 1, COINLINE_ALGO_BRUTE);
        }
        if (rng_below(r, 3) == 0) {
            move = rng_below(r, 2) ? COINLINE_SIDE_LEFT : COINLINE_SIDE_RIGHT;
        }
        if (move == COINLINE_SIDE_LEFT) {
            lo++;
        } else {
            end--;
        }
    }
}

static void test_game_paths(void)
{
    int64_t *a = row_alloc(LONG_MAXN);
    tally_t t[3] = {{0, 0}, {0, 0}, {0, 0}};
    oracle_table_t tab;
    rng_t r;
    rng_seed(&r, 99);
    for (int k = 0; k < PATH_ROWS; k++) {
        const int with_dp = k % 2 == 1;
        const size_t n = with_dp
                             ? 100 + (size_t)rng_below(&r, DP_PATH_MAXN - 99)
                             : 500 + (size_t)rng_below(&r, LONG_MAXN - 499);
        gen_shape(&r, a, n, (shape_t)(k / 2 % SHAPE_COUNT));
        oracle_table_init(&tab, a, n);
        walk_game(&r, &tab, t, with_dp);
        oracle_table_free(&tab);
    }
    free(a);
    ok(tally_passed(&t[0]),
       "linear best_move is tie-left optimal with exact "
       "margin along %d random game paths, n <= %d "
       "(%ld positions)",
       PATH_ROWS, LONG_MAXN, t[0].checks);
    ok(tally_passed(&t[1]),
       "dp best_move is tie-left optimal with exact "
       "margin along %d game paths, n <= %d "
       "(%ld positions)",
       PATH_ROWS / 2, DP_PATH_MAXN, t[1].checks);
    ok(tally_passed(&t[2]),
       "brute best_move is tie-left optimal at the last "
       "%d positions of those paths (%ld positions)",
       BRUTE_SUB_MAXLEN + 4, t[2].checks);
}

/* coinline_line() on the table's row: each move the tie-left optimal move
 * at its position, moves[n] NUL, nothing written past it. */
static void check_line(tally_t *t, const oracle_table_t *tab,
                       coinline_algo_t algo)
{
    const size_t n = tab->n;
    char *moves = malloc(n + 2);
    size_t lo = 0;
    size_t end = n;
    size_t k = 0;
    int rc;
    char row[256];
    if (moves == NULL) {
        diag("out of memory");
        exit(1);
    }
    memset(moves, '?', n + 2);
    rc = coinline_line(tab->a, n, algo, moves);
    for (; rc == 0 && k < n; k++) {
        const coinline_side_t want = oracle_move(tab, lo, end);
        if (moves[k] != (want == COINLINE_SIDE_LEFT ? 'L' : 'R')) {
            break;
        }
        if (want == COINLINE_SIDE_LEFT) {
            lo++;
        } else {
            end--;
        }
    }
    if (!tally_check(t, rc == 0 && k == n && moves[n] == '\0' &&
                            moves[n + 1] == '?')) {
        tally_note(t,
                   "%s line on [%s]: rc %d, first wrong move at %zu "
                   "(got '%c')",
                   coinline_algo_name(algo),
                   row_str(tab->a, n, row, sizeof row), rc, k,
                   k <= n ? moves[k] : ' ');
    }
    free(moves);
}

static void test_lines(void)
{
    int64_t a[LINE_MAXN];
    tally_t t[3] = {{0, 0}, {0, 0}, {0, 0}};
    oracle_table_t tab;
    rng_t r;
    rng_seed(&r, 31337);
    for (int k = 0; k < LINE_SMALL_ROWS + LINE_ROWS; k++) {
        const int small = k < LINE_SMALL_ROWS;
        const size_t n = small ? (size_t)rng_below(&r, SMALL_MAXN + 1)
                               : 17 + (size_t)rng_below(&r, LINE_MAXN - 16);
        sub_row(&r, a, n, k);
        oracle_table_init(&tab, a, n);
        check_line(&t[0], &tab, COINLINE_ALGO_LINEAR);
        check_line(&t[1], &tab, COINLINE_ALGO_DP);
        if (small) {
            check_line(&t[2], &tab, COINLINE_ALGO_BRUTE);
        }
        oracle_table_free(&tab);
    }
    for (size_t j = 0; j < 3; j++) {
        ok(tally_passed(&t[j]),
           "%s line: every move is the tie-left optimal move, moves[n] is "
           "NUL, on %d rows n <= %d",
           coinline_algo_name(all_algos[j]),
           j == 2 ? LINE_SMALL_ROWS : LINE_SMALL_ROWS + LINE_ROWS,
           j == 2 ? SMALL_MAXN : LINE_MAXN);
    }
}

int main(void)
{
    if (under_valgrind()) {
        scale = VALGRIND_SCALE;
        diag("running under valgrind: row counts divided by %d", scale);
    }
    test_oracle_self_check();
    test_small_rows();
    test_long_rows();
    test_every_subrow();
    test_game_paths();
    test_lines();
    return done_testing();
}
