/* SPDX-License-Identifier: MIT */
/*
 * A row, or a game of the text format, in two parts:
 *   - coinline_stream_append(): a row pushed in two streams and joined
 *     gives, field by field, what coinline_solve() and the oracle give for
 *     the whole row, at every cut, across the move to 128 bits;
 *   - coinline_reader_split() and coinline_reader_join(): a reader that
 *     cuts the rest of a game in two gives the same games, coins, places of
 *     the last token and errors (code, line, column, message) as a reader
 *     that does not, whether the join takes the tail or not;
 *   - the reader's fast path (SWAR digits, 8 at a time; lines located only
 *     when asked for): every token length, sign, delimiter and distance to
 *     the end of the buffer against a parser written here.
 * Memory readers are given an exact-size malloc'd copy of their text, so a
 * read past its end shows under ASan and valgrind.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "coinline.h"
#include "common/check.h"
#include "common/oracle.h"
#include "common/rng.h"
#include "common/tap.h"

/* ======================================================================
 * Helpers
 * ==================================================================== */

static coinline_stream_t *new_stream(void)
{
    coinline_stream_t *s = NULL;
    if (coinline_stream_new(&s) != 0 || s == NULL) {
        diag("coinline_stream_new failed");
        exit(1);
    }
    return s;
}

static int same_result(const coinline_result_t *x, const coinline_result_t *y)
{
    return x->n == y->n && coinline_i128_cmp(x->sum, y->sum) == 0 &&
           coinline_i128_cmp(x->p1, y->p1) == 0 &&
           coinline_i128_cmp(x->p2, y->p2) == 0 &&
           coinline_i128_cmp(x->margin, y->margin) == 0 &&
           x->winner == y->winner && x->first_move == y->first_move;
}

/* coinline_solve(LINEAR) of a[0..n-1]; a result no stream gives if it
 * fails. */
static coinline_result_t solved(const int64_t *a, size_t n)
{
    coinline_result_t r;
    if (coinline_solve(a, n, COINLINE_ALGO_LINEAR, &r) != 0) {
        diag("coinline_solve failed on n=%zu", n);
        memset(&r, 0, sizeof r);
        r.n = (uint64_t)-1;
    }
    return r;
}

/* Empties s and pushes a[0..n-1], one by one or with push_many. */
static int load(coinline_stream_t *s, const int64_t *a, size_t n, int one_by_one)
{
    int rc = 0;
    coinline_stream_reset(s);
    if (!one_by_one) {
        return coinline_stream_push_many(s, a, n);
    }
    for (size_t i = 0; i < n && rc == 0; i++) {
        rc = coinline_stream_push(s, a[i]);
    }
    return rc;
}

/* Runs fn(arg) in a child process: 1 when it exits 0. A crash (e.g. the
 * heap corrupted by a write past a buffer) is a failure, reported in
 * why, and the tests after it still run. */
typedef int (*child_fn)(const void *arg);

static int in_child(child_fn fn, const void *arg, char *why, size_t size)
{
    int status = 0;
    pid_t pid;
    fflush(stdout);
    fflush(stderr);
    pid = fork();
    if (pid < 0) {
        snprintf(why, size, "fork failed");
        return 0;
    }
    if (pid == 0) {
        const int good = fn(arg);
        fflush(stdout);
        _exit(good ? 0 : 1);
    }
    if (waitpid(pid, &status, 0) != pid) {
        snprintf(why, size, "waitpid failed");
        return 0;
    }
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
        snprintf(why, size, "passed");
        return 1;
    }
    if (WIFSIGNALED(status)) {
        snprintf(why, size, "the child was killed by signal %d",
                 WTERMSIG(status));
    } else {
        snprintf(why, size, "the child exited %d",
                 WIFEXITED(status) ? WEXITSTATUS(status) : -1);
    }
    return 0;
}

/* ======================================================================
 * a. coinline_stream_append()
 * ==================================================================== */

/* The checks of one cut, each counted in its own tally. */
typedef struct {
    tally_t vs_solve; /* s + tail equals solve of the whole row */
    tally_t vs_brute; /* ... equals the exhaustive oracle (small n) */
    tally_t vs_dp;    /* ... equals the DP oracle */
    tally_t tail;     /* tail unchanged, and goes on correctly */
    tally_t more;     /* s goes on correctly after the append */
} cut_tallies_t;

/* Cuts a[0..n-1] at k: a[0..k) into s, a[k..n) into tl, appends tl to s
 * and checks s against lin (solve of the whole row), brute and dp (the
 * oracles, or NULL), tl against itself before the append and solve of its
 * part; then pushes more[0..nmore-1] into both and checks them against
 * solve of their rows. scratch has room for n + nmore values. */
static void check_cut(cut_tallies_t *ct, coinline_stream_t *s,
                      coinline_stream_t *tl, const int64_t *a, size_t n,
                      size_t k, const coinline_result_t *lin,
                      const oracle_result_t *brute, const oracle_result_t *dp,
                      const int64_t *more, size_t nmore, int64_t *scratch,
                      int one_by_one)
{
    coinline_result_t got, tail_before, tail_after, want;
    char row[160];
    int rc = load(s, a, k, one_by_one);
    rc |= load(tl, a + k, n - k, !one_by_one);
    rc |= coinline_stream_result(tl, &tail_before);
    rc |= coinline_stream_append(s, tl);
    rc |= coinline_stream_result(s, &got);
    rc |= coinline_stream_result(tl, &tail_after);
    if (!tally_check(&ct->vs_solve, rc == 0 && same_result(&got, lin))) {
        tally_note(&ct->vs_solve, "row [%s] n=%zu cut at %zu: rc %d, n %llu",
                   row_str(a, n, row, sizeof row), n, k, rc,
                   (unsigned long long)got.n);
    }
    if (brute != NULL) {
        check_result(&ct->vs_brute, &got, brute, a, n, "append vs brute");
    }
    if (dp != NULL) {
        check_result(&ct->vs_dp, &got, dp, a, n, "append vs dp");
    }
    want = solved(a + k, n - k);
    if (!tally_check(&ct->tail, same_result(&tail_before, &tail_after) &&
                                    same_result(&tail_after, &want))) {
        tally_note(&ct->tail, "row [%s] cut at %zu: the tail's result "
                              "changed with the append",
                   row_str(a, n, row, sizeof row), k);
    }
    /* Both streams go on: s with the whole row, tl with its part. */
    memcpy(scratch, a, n * sizeof *a);
    memcpy(scratch + n, more, nmore * sizeof *more);
    rc = coinline_stream_push_many(s, more, nmore);
    rc |= coinline_stream_result(s, &got);
    want = solved(scratch, n + nmore);
    if (!tally_check(&ct->more, rc == 0 && same_result(&got, &want))) {
        tally_note(&ct->more, "row [%s] cut at %zu: %zu more coins after "
                              "the append differ from solve",
                   row_str(a, n, row, sizeof row), k, nmore);
    }
    rc = coinline_stream_push_many(tl, more, nmore);
    rc |= coinline_stream_result(tl, &got);
    want = solved(scratch + k, n - k + nmore);
    if (!tally_check(&ct->tail, rc == 0 && same_result(&got, &want))) {
        tally_note(&ct->tail, "row [%s] cut at %zu: the tail goes on wrong "
                              "after %zu more coins",
                   row_str(a, n, row, sizeof row), k, nmore);
    }
}

/* Every cut 0..n of a[0..n-1], with the oracles computed once. */
static void check_every_cut(cut_tallies_t *ct, rng_t *r, coinline_stream_t *s,
                            coinline_stream_t *tl, const int64_t *a, size_t n,
                            int with_brute)
{
    int64_t more[4];
    int64_t scratch[128];
    oracle_result_t brute, dp;
    const coinline_result_t lin = solved(a, n);
    const size_t nmore = (size_t)rng_below(r, 5);
    if (with_brute) {
        oracle_solve_minimax(a, n, &brute);
    }
    oracle_solve_dp(a, n, &dp);
    gen_values(r, more, nmore, (vals_t)rng_below(r, VALS_COUNT));
    for (size_t k = 0; k <= n; k++) {
        check_cut(ct, s, tl, a, n, k, &lin, with_brute ? &brute : NULL, &dp,
                  more, nmore, scratch, (int)rng_below(r, 2));
    }
}

static void test_append_random(void)
{
    enum { ROWS = 3000, BRUTE_N = 14 };
    int64_t a[64];
    cut_tallies_t ct;
    long brute_rows = 0;
    coinline_stream_t *s = new_stream();
    coinline_stream_t *tl = new_stream();
    rng_t r;
    memset(&ct, 0, sizeof ct);
    rng_seed(&r, 20261201);
    for (int row = 0; row < ROWS; row++) {
        const size_t n = (size_t)rng_below(&r, row < ROWS / 2 ? 17 : 61);
        if (row % 5 == 4 && n > 0) {
            gen_shape(&r, a, n, (shape_t)rng_below(&r, SHAPE_COUNT));
        } else {
            gen_values(&r, a, n, (vals_t)rng_below(&r, VALS_COUNT));
        }
        if (row % 97 == 0) {
            /* now and then fresh streams, not reset ones */
            coinline_stream_free(s);
            coinline_stream_free(tl);
            s = new_stream();
            tl = new_stream();
        }
        brute_rows += n <= BRUTE_N;
        check_every_cut(&ct, &r, s, tl, a, n, n <= BRUTE_N);
    }
    coinline_stream_free(s);
    coinline_stream_free(tl);
    ok(tally_passed(&ct.vs_solve),
       "append at every cut k = 0..n (s = a[0..k), tail = a[k..n)) gives "
       "solve(LINEAR) of the whole row: %d rows, n 0..60, all alphabets "
       "(ties, zeros, negatives, extremes) and shapes, odd and even n "
       "(%ld checks)",
       ROWS, ct.vs_solve.checks);
    ok(tally_passed(&ct.vs_brute),
       "append at every cut gives the exhaustive minimax oracle in every "
       "field (n, sum, p1, p2, margin, winner, first move): %ld rows with "
       "n <= %d",
       brute_rows, BRUTE_N);
    ok(tally_passed(&ct.vs_dp),
       "append at every cut gives the DP oracle in every field, all %d "
       "rows",
       ROWS);
    ok(tally_passed(&ct.tail),
       "append leaves the tail as it was: its result before and after "
       "the append is that of its own coins, and coins pushed into it after "
       "give solve of its part plus them");
    ok(tally_passed(&ct.more),
       "coins pushed into s after the append continue the whole row "
       "(result equals solve of row + the new coins)");
}

/* k magnitudes adding up to total (each <= total <= INT64_MAX) with random
 * signs; sometimes all equal (ties). */
static void gen_parts(rng_t *r, int64_t *a, size_t k, uint64_t total)
{
    const int equal = rng_below(r, 4) == 0;
    uint64_t left = total;
    for (size_t i = 0; i < k; i++) {
        uint64_t m;
        if (i + 1 == k) {
            m = left;
        } else if (equal) {
            m = total / k;
        } else {
            m = rng_below(r, left / (k - i) * 2 + 1);
            if (m > left) {
                m = left;
            }
        }
        left -= m;
        a[i] = rng_below(r, 2) ? (int64_t)m : -(int64_t)m;
    }
}

static void test_append_wide_at_join(void)
{
    enum { ROWS = 600 };
    int64_t a[48];
    cut_tallies_t at_join, every;
    long narrow_halves = 0;
    coinline_stream_t *s = new_stream();
    coinline_stream_t *tl = new_stream();
    rng_t r;
    memset(&at_join, 0, sizeof at_join);
    memset(&every, 0, sizeof every);
    rng_seed(&r, 63);
    for (int row = 0; row < ROWS; row++) {
        int64_t more[2] = {INT64_MAX, INT64_MIN};
        int64_t scratch[64];
        const size_t k = 1 + (size_t)rng_below(&r, 20);
        const size_t m = 1 + (size_t)rng_below(&r, 20);
        const size_t n = k + m;
        const int64_t lo = (INT64_C(1) << 62) + 1;
        oracle_result_t dp, brute;
        gen_parts(&r, a, k, (uint64_t)rng_range(&r, lo, INT64_MAX));
        gen_parts(&r, a + k, m, (uint64_t)rng_range(&r, lo, INT64_MAX));
        if (oracle_sum_abs(a, k) <= INT64_MAX &&
            oracle_sum_abs(a + k, m) <= INT64_MAX &&
            oracle_sum_abs(a, n) > INT64_MAX) {
            narrow_halves++;
        }
        const coinline_result_t lin = solved(a, n);
        oracle_solve_dp(a, n, &dp);
        if (n <= 14) {
            oracle_solve_minimax(a, n, &brute);
        }
        check_cut(&at_join, s, tl, a, n, k, &lin, n <= 14 ? &brute : NULL,
                  &dp, more, (size_t)rng_below(&r, 3), scratch,
                  (int)rng_below(&r, 2));
        check_every_cut(&every, &r, s, tl, a, n, 0);
    }
    coinline_stream_free(s);
    coinline_stream_free(tl);
    ok(narrow_halves == ROWS,
       "the generator's %d rows have halves that each fit 64 bits "
       "(sum|a| <= INT64_MAX) and a whole that does not (%ld do)",
       ROWS, narrow_halves);
    ok(tally_passed(&at_join.vs_solve) && tally_passed(&at_join.vs_dp) &&
           tally_passed(&at_join.vs_brute) && tally_passed(&at_join.tail) &&
           tally_passed(&at_join.more),
       "only the join needs 128 bits (two 64-bit streams whose rows together "
       "pass INT64_MAX): append at that cut equals solve and the oracles "
       "(DP; minimax for n <= 14) in every field, the tail is unchanged, "
       "and INT64_MAX/INT64_MIN pushed after stay exact");
    ok(tally_passed(&every.vs_solve) && tally_passed(&every.vs_dp) &&
           tally_passed(&every.tail) && tally_passed(&every.more),
       "the same rows cut at every other place (one side 64-bit, the other "
       "already 128-bit, or both): append equals solve and the DP oracle");
}

static void test_append_extremes(void)
{
    static const int64_t fixed[][6] = {
        {INT64_MAX, INT64_MAX, INT64_MAX, INT64_MAX, INT64_MAX, INT64_MAX},
        {INT64_MIN, INT64_MIN, INT64_MIN, INT64_MIN, INT64_MIN, INT64_MIN},
        {INT64_MAX, INT64_MIN, INT64_MAX, INT64_MIN, INT64_MAX, INT64_MIN},
        {INT64_MIN, 0, INT64_MAX, 0, INT64_MIN, 1},
        {1, INT64_MAX, 1, INT64_MIN + 1, -1, INT64_MAX},
        {0, 0, INT64_MAX, INT64_MAX, 0, 0},
    };
    cut_tallies_t ct;
    int64_t a[48];
    coinline_stream_t *s = new_stream();
    coinline_stream_t *tl = new_stream();
    rng_t r;
    memset(&ct, 0, sizeof ct);
    rng_seed(&r, 9223);
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++) {
        for (size_t n = 0; n <= 6; n++) {
            check_every_cut(&ct, &r, s, tl, fixed[i], n, 1);
        }
    }
    for (int row = 0; row < 400; row++) {
        const size_t n = (size_t)rng_below(&r, 41);
        gen_values(&r, a, n, row % 2 ? VALS_EXTREME : VALS_FULL);
        check_every_cut(&ct, &r, s, tl, a, n, n <= 12);
    }
    coinline_stream_free(s);
    coinline_stream_free(tl);
    ok(tally_passed(&ct.vs_solve) && tally_passed(&ct.vs_brute) &&
           tally_passed(&ct.vs_dp) && tally_passed(&ct.tail) &&
           tally_passed(&ct.more),
       "rows whose totals need 128 bits (INT64_MAX, INT64_MIN, their "
       "neighbours, ties of extremes; 400 random rows n <= 40 of extreme and "
       "full-range values): append at every cut equals solve, the DP "
       "oracle and (n <= 12) the minimax oracle in every field");
}

static void test_append_edges(void)
{
    static const int64_t row[] = {3, 9, 1, 2, -4, 7, 7};
    coinline_stream_t *s = new_stream();
    coinline_stream_t *tl = new_stream();
    coinline_result_t got, before, want;
    int rc;

    is_int(coinline_stream_append(NULL, tl), COINLINE_EINVAL,
           "append(NULL, tail) gives EINVAL");
    is_int(coinline_stream_append(s, NULL), COINLINE_EINVAL,
           "append(s, NULL) gives EINVAL");
    is_int(coinline_stream_append(NULL, NULL), COINLINE_EINVAL,
           "append(NULL, NULL) gives EINVAL");

    rc = coinline_stream_append(s, tl);
    rc |= coinline_stream_result(s, &got);
    want = solved(row, 0);
    ok(rc == 0 && same_result(&got, &want) &&
           got.first_move == COINLINE_SIDE_NONE,
       "an empty tail appended to an empty stream: OK, the empty row "
       "(n 0, DRAW, first move NONE)");

    coinline_stream_push_many(s, row, 7);
    coinline_stream_result(s, &before);
    rc = coinline_stream_append(s, s);
    coinline_stream_result(s, &got);
    ok(rc == COINLINE_EINVAL && same_result(&got, &before),
       "append(s, s) gives EINVAL and leaves s's row as it was");

    coinline_stream_reset(tl);
    rc = coinline_stream_append(s, tl);
    coinline_stream_result(s, &got);
    want = solved(row, 7);
    ok(rc == 0 && same_result(&got, &want),
       "an empty tail appended to a row of 7 leaves its result");

    /* A 128-bit tail into an empty stream that was 128-bit before, and a
     * 64-bit tail into an empty stream that was 128-bit. */
    {
        static const int64_t big[] = {INT64_MAX, INT64_MIN, INT64_MAX, 5};
        int64_t both[11];
        coinline_stream_reset(s);
        coinline_stream_push_many(s, big, 4);
        coinline_stream_reset(s);
        coinline_stream_reset(tl);
        coinline_stream_push_many(tl, big, 4);
        rc = coinline_stream_append(s, tl);
        coinline_stream_result(s, &got);
        want = solved(big, 4);
        int good = rc == 0 && same_result(&got, &want);
        coinline_stream_reset(s);
        coinline_stream_push_many(s, big, 4);
        coinline_stream_reset(s);
        coinline_stream_reset(tl);
        coinline_stream_push_many(tl, row, 7);
        rc = coinline_stream_append(s, tl);
        rc |= coinline_stream_append(s, tl);
        coinline_stream_result(s, &got);
        memcpy(both, row, sizeof row);
        memcpy(both + 7, row, 4 * sizeof *row);
        int64_t twice[14];
        memcpy(twice, row, sizeof row);
        memcpy(twice + 7, row, sizeof row);
        want = solved(twice, 14);
        good &= rc == 0 && same_result(&got, &want);
        ok(good, "into an emptied stream that held a 128-bit row: a "
                 "128-bit tail gives its result; a 64-bit tail appended "
                 "twice gives the row twice");
    }

    /* Chains: a row in 2..6 parts appended left to right, or in pairs
     * first (append is associative). */
    {
        tally_t t = {0, 0};
        int64_t a[80];
        coinline_stream_t *part[6];
        rng_t r;
        rng_seed(&r, 6);
        for (int i = 0; i < 6; i++) {
            part[i] = new_stream();
        }
        for (int k = 0; k < 1500; k++) {
            const size_t n = (size_t)rng_below(&r, 80);
            const size_t parts = 2 + (size_t)rng_below(&r, 5);
            size_t cuts[7];
            gen_values(&r, a, n, (vals_t)rng_below(&r, VALS_COUNT));
            cuts[0] = 0;
            cuts[parts] = n;
            for (size_t i = 1; i < parts; i++) {
                cuts[i] = (size_t)rng_below(&r, n + 1);
                if (cuts[i] < cuts[i - 1]) {
                    cuts[i] = cuts[i - 1];
                }
            }
            for (size_t i = 0; i < parts; i++) {
                load(part[i], a + cuts[i], cuts[i + 1] - cuts[i],
                     (int)rng_below(&r, 2));
            }
            want = solved(a, n);
            rc = 0;
            if (rng_below(&r, 2)) {
                /* right to left in pairs: p[i] += p[i+1], from the end */
                for (size_t i = parts - 1; i > 0; i--) {
                    rc |= coinline_stream_append(part[i - 1], part[i]);
                }
            } else {
                for (size_t i = 1; i < parts; i++) {
                    rc |= coinline_stream_append(part[0], part[i]);
                }
            }
            rc |= coinline_stream_result(part[0], &got);
            if (!tally_check(&t, rc == 0 && same_result(&got, &want))) {
                char text[160];
                tally_note(&t, "row [%s] in %zu parts", row_str(a, n, text,
                           sizeof text), parts);
            }
        }
        for (int i = 0; i < 6; i++) {
            coinline_stream_free(part[i]);
        }
        ok(tally_passed(&t),
           "1500 rows of up to 79 coins cut in 2..6 parts: appending the "
           "parts left to right, or each into the one before from the end, "
           "gives solve of the whole row");
    }
    coinline_stream_free(s);
    coinline_stream_free(tl);
}

/* Long parts: a tail that holds many reduced values (a rising or falling
 * row keeps one value per coin). Run in a child: a write past a stack's
 * end may crash. */
typedef struct {
    shape_t shape;
    int wide;  /* values from VALS_EXTREME, sorted as the shape says */
    size_t n;
} long_case_t;

static int long_append_child(const void *arg)
{
    const long_case_t *lc = arg;
    const size_t n = lc->n;
    int64_t *a = row_alloc(2 * n);
    const size_t cuts[] = {0, 1, 2, 63, 64, 65, 100, n / 3, n / 2,
                           n - 100, n - 1, n};
    int good = 1;
    rng_t r;
    rng_seed(&r, (uint64_t)lc->shape * 31 + (uint64_t)lc->wide);
    if (lc->wide) {
        gen_values(&r, a, n, VALS_EXTREME);
        /* sort up or down by the shape: insertion sort is enough here */
        for (size_t i = 1; i < n; i++) {
            for (size_t j = i; j > 0; j--) {
                const int up = lc->shape == SHAPE_ASCENDING;
                if (up ? a[j - 1] <= a[j] : a[j - 1] >= a[j]) {
                    break;
                }
                const int64_t x = a[j];
                a[j] = a[j - 1];
                a[j - 1] = x;
            }
        }
    } else {
        gen_shape(&r, a, n, lc->shape);
    }
    const coinline_result_t want = solved(a, n);
    coinline_stream_t *s = new_stream();
    coinline_stream_t *tl = new_stream();
    for (size_t i = 0; i < sizeof cuts / sizeof cuts[0]; i++) {
        coinline_result_t got;
        const size_t k = cuts[i];
        int rc = load(s, a, k, 0) | load(tl, a + k, n - k, 0);
        rc |= coinline_stream_append(s, tl);
        rc |= coinline_stream_result(s, &got);
        if (rc != 0 || !same_result(&got, &want)) {
            diag("%s%s n=%zu cut at %zu: rc %d, result differs from solve",
                 lc->wide ? "128-bit " : "", shape_name(lc->shape), n, k, rc);
            good = 0;
        }
    }
    /* both parts long: the row twice, into a stream that already holds
     * it */
    memcpy(a + n, a, n * sizeof *a);
    {
        coinline_result_t got;
        const coinline_result_t want2 = solved(a, 2 * n);
        int rc = load(s, a, n, 0) | load(tl, a, n, 0);
        rc |= coinline_stream_append(s, tl);
        rc |= coinline_stream_result(s, &got);
        if (rc != 0 || !same_result(&got, &want2)) {
            diag("%s%s: a row of %zu appended to itself (a copy) differs",
                 lc->wide ? "128-bit " : "", shape_name(lc->shape), n);
            good = 0;
        }
    }
    coinline_stream_free(s);
    coinline_stream_free(tl);
    free(a);
    return good;
}

static void test_append_long(void)
{
    static const long_case_t cases[] = {
        {SHAPE_ASCENDING, 0, 3000},   {SHAPE_DESCENDING, 0, 3000},
        {SHAPE_VALLEY, 0, 3000},      {SHAPE_MOUNTAIN, 0, 3000},
        {SHAPE_NESTED, 0, 3000},      {SHAPE_ALTERNATING, 0, 3000},
        {SHAPE_RANDOM, 0, 3000},      {SHAPE_ZEROS, 0, 3000},
        {SHAPE_ASCENDING, 1, 3000},   {SHAPE_DESCENDING, 1, 3000},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char why[96];
        const int good = in_child(long_append_child, &cases[i], why, sizeof why);
        ok(good,
           "a %zu-coin %s%s row (its tail keeps up to one reduced value a "
           "coin) appended at cuts 0, 1, 2, 63..65, 100, n/3, n/2, n-100, "
           "n-1, n, and to a copy of itself, equals solve (run in a child "
           "process: %s)",
           cases[i].n, cases[i].wide ? "128-bit " : "",
           shape_name(cases[i].shape), why);
    }
}
