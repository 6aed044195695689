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
#include "common/sbuf.h"
#include "common/tap.h"
#include "scan.h"

/* ======================================================================
 * Helpers
 * ==================================================================== */

/* 1 under valgrind: the random parts run a tenth of their cases. */
static int light;

/* n, or a tenth of it under valgrind. */
static int scaled(int n)
{
    return light ? n / 10 : n;
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
static int load(coinline_stream_t *s, const int64_t *a, size_t n,
                int one_by_one)
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
        tally_note(&ct->tail,
                   "row [%s] cut at %zu: the tail's result "
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
        tally_note(&ct->more,
                   "row [%s] cut at %zu: %zu more coins after "
                   "the append differ from solve",
                   row_str(a, n, row, sizeof row), k, nmore);
    }
    rc = coinline_stream_push_many(tl, more, nmore);
    rc |= coinline_stream_result(tl, &got);
    want = solved(scratch + k, n - k + nmore);
    if (!tally_check(&ct->tail, rc == 0 && same_result(&got, &want))) {
        tally_note(&ct->tail,
                   "row [%s] cut at %zu: the tail goes on wrong "
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
    enum { BRUTE_N = 14 };
    const int rows = scaled(3000);
    int64_t a[64];
    cut_tallies_t ct;
    long brute_rows = 0;
    coinline_stream_t *s = new_stream();
    coinline_stream_t *tl = new_stream();
    rng_t r;
    memset(&ct, 0, sizeof ct);
    rng_seed(&r, 20261201);
    for (int row = 0; row < rows; row++) {
        const size_t n = (size_t)rng_below(&r, row < rows / 2 ? 17 : 61);
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
       rows, ct.vs_solve.checks);
    ok(tally_passed(&ct.vs_brute),
       "append at every cut gives the exhaustive minimax oracle in every "
       "field (n, sum, p1, p2, margin, winner, first move): %ld rows with "
       "n <= %d",
       brute_rows, BRUTE_N);
    ok(tally_passed(&ct.vs_dp),
       "append at every cut gives the DP oracle in every field, all %d "
       "rows",
       rows);
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
        check_cut(&at_join, s, tl, a, n, k, &lin, n <= 14 ? &brute : NULL, &dp,
                  more, (size_t)rng_below(&r, 3), scratch,
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
                tally_note(&t, "row [%s] in %zu parts",
                           row_str(a, n, text, sizeof text), parts);
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
    int wide; /* 0: gen_shape()'s row; 1: VALS_EXTREME values sorted up or
               * down as the shape says (128-bit); 2: strictly rising or
               * falling small values (no merge at all, 64-bit) */
    size_t n;
} long_case_t;

static const char *const long_kinds[3] = {"", "128-bit ", "strictly "};

static int long_append_child(const void *arg)
{
    const long_case_t *lc = arg;
    const size_t n = lc->n;
    int64_t *a = row_alloc(2 * n);
    const size_t cuts[] = {0,   1,     2,     63,      64,    65,
                           100, n / 3, n / 2, n - 100, n - 1, n};
    int good = 1;
    rng_t r;
    rng_seed(&r, (uint64_t)lc->shape * 31 + (uint64_t)lc->wide);
    if (lc->wide == 2) {
        for (size_t i = 0; i < n; i++) {
            const int64_t v = (int64_t)i * 7 - 5000;
            a[i] = lc->shape == SHAPE_ASCENDING ? v : -v;
        }
    } else if (lc->wide == 1) {
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
                 long_kinds[lc->wide], shape_name(lc->shape), n, k, rc);
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
                 long_kinds[lc->wide], shape_name(lc->shape), n);
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
        {SHAPE_ASCENDING, 0, 3000}, {SHAPE_DESCENDING, 0, 3000},
        {SHAPE_VALLEY, 0, 3000},    {SHAPE_MOUNTAIN, 0, 3000},
        {SHAPE_NESTED, 0, 3000},    {SHAPE_ALTERNATING, 0, 3000},
        {SHAPE_RANDOM, 0, 3000},    {SHAPE_ZEROS, 0, 3000},
        {SHAPE_ASCENDING, 1, 3000}, {SHAPE_DESCENDING, 1, 3000},
        {SHAPE_ASCENDING, 2, 3000}, {SHAPE_DESCENDING, 2, 3000},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char why[96];
        const int good =
            in_child(long_append_child, &cases[i], why, sizeof why);
        ok(good,
           "a %zu-coin %s%s row (its tail keeps up to one reduced value a "
           "coin) appended at cuts 0, 1, 2, 63..65, 100, n/3, n/2, n-100, "
           "n-1, n, and to a copy of itself, equals solve (run in a child "
           "process: %s)",
           cases[i].n, long_kinds[cases[i].wide], shape_name(cases[i].shape),
           why);
    }
}

/* ======================================================================
 * b. coinline_reader_split() and coinline_reader_join()
 * ==================================================================== */

/* A reader over an exact-size malloc'd copy of text[0..len-1] (*copy, to
 * free after the reader). */
static coinline_reader_t *exact_reader(const char *text, size_t len,
                                       const char *name, char **copy)
{
    coinline_reader_t *r = NULL;
    *copy = malloc(len > 0 ? len : 1);
    if (*copy == NULL) {
        diag("out of memory");
        exit(1);
    }
    if (len > 0) {
        memcpy(*copy, text, len);
    }
    if (coinline_reader_from_memory(*copy, len, name, &r) != 0 || r == NULL) {
        diag("reader_from_memory failed");
        exit(1);
    }
    return r;
}

static int is_ws(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' ||
           c == '\f';
}

static int is_delim(char c)
{
    return is_ws(c) || c == '#';
}

/* The input offset of 1-based line and column in text[0..len) (no
 * byte-order mark). */
static size_t offset_at(const char *text, size_t len, uint64_t line,
                        uint64_t column)
{
    size_t i = 0;
    for (uint64_t l = 1; l < line && i < len; i++) {
        if (text[i] == '\n') {
            l++;
        }
    }
    return i + (size_t)column - 1;
}

/* The line and column of offset off in text, counting from offset from
 * (line 1, column 1 there). */
static void place_from(const char *text, size_t from, size_t off,
                       uint64_t *line, uint64_t *column)
{
    uint64_t l = 1;
    size_t start = from;
    for (size_t i = from; i < off; i++) {
        if (text[i] == '\n') {
            l++;
            start = i + 1;
        }
    }
    *line = l;
    *column = (uint64_t)(off - start) + 1;
}

/* ---- random inputs ---------------------------------------------------- */

enum {
    GEN_CLEAN,       /* valid games */
    GEN_CRLF,        /* valid games, CR LF line ends */
    GEN_COMMENT,     /* valid games, many long comments */
    GEN_BAD,         /* a bad token somewhere */
    GEN_TRUNC,       /* the last game announces more coins than it has */
    GEN_SHORT_COUNT, /* the first game announces fewer coins than follow */
    GEN_BOUNDARY,    /* two games of equal text: the middle at their seam */
    GEN_KINDS
};

static const char *const gen_names[GEN_KINDS] = {
    "clean",     "CR LF",       "comments", "bad token",
    "truncated", "short count", "boundary"};

/* A comment: '#', 0..max bytes of digits, signs, letters, blanks (a lone
 * CR too: only LF ends a comment), then LF or CR LF or, at the very end
 * (last), nothing. */
static void gen_comment(rng_t *r, sb_t *b, size_t max, int crlf, int last)
{
    static const char bytes[] = "0123456789 -+xyz#\t\r\v";
    const size_t n = (size_t)rng_below(r, max + 1);
    sb_char(b, '#');
    for (size_t i = 0; i < n; i++) {
        sb_char(b, bytes[rng_below(r, sizeof bytes - 1)]);
    }
    if (last && rng_below(r, 2)) {
        return;
    }
    sb_str(b, crlf ? "\r\n" : "\n");
}

static void gen_sep(rng_t *r, sb_t *b, int kind)
{
    static const char *const seps[] = {" ",  "\t",   "\n",       "\r\n",
                                       "\v", "\f",   "  ",       " \t",
                                       " ",  "\n\n", "\r\n\r\n", " \f\v "};
    const unsigned k = (unsigned)rng_below(r, 100);
    if (kind == GEN_CRLF) {
        if (k < 6) {
            sb_char(b, ' ');
            gen_comment(r, b, 30, 1, 0);
        } else {
            sb_str(b, k < 70 ? "\r\n" : " ");
        }
        return;
    }
    if (k < (kind == GEN_COMMENT ? 25u : 3u)) {
        sb_char(b, ' ');
        gen_comment(r, b, kind == GEN_COMMENT ? 120 : 20, rng_below(r, 2), 0);
        return;
    }
    sb_str(b, seps[rng_below(r, sizeof seps / sizeof seps[0])]);
}

/* v in decimal: plain, with '+', with a few leading zeros, zero-padded to
 * 20..30 digits, or "-0"/"-000" for zero. */
static void gen_number(rng_t *r, sb_t *b, int64_t v)
{
    char text[64];
    const unsigned style = (unsigned)rng_below(r, 12);
    const unsigned long long mag =
        v < 0 ? 0 - (unsigned long long)v : (unsigned long long)v;
    if (style == 0 && v >= 0) {
        sb_char(b, '+');
    } else if (style == 1 || style == 2) {
        const int len = snprintf(text, sizeof text, "%llu", mag);
        const size_t width = style == 1
                                 ? (size_t)len + 1 + (size_t)rng_below(r, 4)
                                 : 20 + (size_t)rng_below(r, 11);
        if (v < 0) {
            sb_char(b, '-');
        } else if (rng_below(r, 4) == 0) {
            sb_char(b, '+');
        }
        sb_repeat(b, '0', width > (size_t)len ? width - (size_t)len : 0);
        sb_str(b, text);
        return;
    } else if (style == 3 && v == 0) {
        sb_str(b, rng_below(r, 2) ? "-0" : "-000");
        return;
    }
    snprintf(text, sizeof text, "%lld", (long long)v);
    sb_str(b, text);
}

static const char *const bad_tokens[] = {
    "x",
    "1x",
    "--1",
    "+-2",
    "1.5",
    "0x10",
    "99999999999999999999",
    "-9223372036854775809",
    "9223372036854775808",
    "12\x01",
    "\xc3\xa9",
    "-",
    "+",
    "1-2",
    "000000000000000000000000009223372036854775808",
    "123456789012345678901234567890123456789012345678901234567890x"};

/* One game: count (announced), then n coins, each after a separator; the
 * coin numbered bad (if < n) is a bad token. */
static void gen_game(rng_t *r, sb_t *b, int kind, uint64_t count, size_t n,
                     size_t bad)
{
    int64_t c[200];
    gen_number(r, b, (int64_t)count);
    gen_values(r, c, n, (vals_t)rng_below(r, VALS_COUNT));
    for (size_t i = 0; i < n; i++) {
        gen_sep(r, b, kind);
        if (i == bad) {
            sb_str(b, bad_tokens[rng_below(r, sizeof bad_tokens /
                                                  sizeof bad_tokens[0])]);
        } else {
            gen_number(r, b, c[i]);
        }
    }
}

/* A random input of the given kind. */
static void gen_input(rng_t *r, sb_t *b, int kind)
{
    const size_t ngames =
        kind == GEN_BOUNDARY ? 2 : 1 + (size_t)rng_below(r, 3);
    const size_t bad_game = (size_t)rng_below(r, ngames);
    b->len = 0;
    if (kind != GEN_BOUNDARY && rng_below(r, 4) == 0) {
        gen_sep(r, b, kind);
    }
    if (kind == GEN_BOUNDARY) {
        /* Game 1's coins as long as " " + game 2: split after game 1's
         * count, the middle of the rest falls at the seam. */
        sb_t g2 = {NULL, 0, 0};
        const size_t n1 = 2 + (size_t)rng_below(r, 60);
        const size_t n2 = (size_t)rng_below(r, 60);
        gen_game(r, b, GEN_CLEAN, n1, n1, SIZE_MAX);
        const size_t coins1 = b->len; /* grows below */
        sb_char(&g2, ' ');
        gen_game(r, &g2, GEN_CLEAN, n2, n2, SIZE_MAX);
        /* lengths from the end of the count of game 1: measured roughly,
         * then evened out with blanks, give or take a few bytes */
        size_t count_end = 0;
        while (count_end < b->len && is_ws(b->data[count_end])) {
            count_end++;
        }
        while (count_end < b->len && !is_delim(b->data[count_end])) {
            count_end++;
        }
        const size_t x = coins1 - count_end;
        const size_t jitter = (size_t)rng_below(r, 7);
        if (g2.len + jitter < x) {
            sb_repeat(&g2, rng_below(r, 2) ? ' ' : '\n', x - g2.len - jitter);
        } else {
            sb_repeat(b, ' ', g2.len + jitter - x);
        }
        sb_add(b, g2.data, g2.len);
        free(g2.data);
        return;
    }
    for (size_t g = 0; g < ngames; g++) {
        const int last = g + 1 == ngames;
        size_t n = last || rng_below(r, 3) == 0 ? (size_t)rng_below(r, 150)
                                                : (size_t)rng_below(r, 6);
        uint64_t count = n;
        size_t bad = SIZE_MAX;
        if (kind == GEN_TRUNC && last) {
            count = n + 1 + rng_below(r, 3);
        } else if (kind == GEN_SHORT_COUNT && g == 0) {
            if (n < 4) {
                n = 4 + (size_t)rng_below(r, 40);
            }
            count = n - 1 - rng_below(r, 3);
        } else if (kind == GEN_BAD && g == bad_game && n > 0) {
            bad = (size_t)rng_below(r, n);
        }
        if (kind == GEN_BAD && g == bad_game && n == 0 &&
            rng_below(r, 2) == 0) {
            sb_str(b, bad_tokens[rng_below(r, 6)]); /* a bad count */
            return;
        }
        gen_game(r, b, kind, count, n, bad);
        if (!last) {
            gen_sep(r, b, kind);
        }
    }
    switch (rng_below(r, 4)) {
    case 0: break; /* no newline at the end */
    case 1:
        sb_char(b, ' ');
        gen_comment(r, b, 40, kind == GEN_CRLF, 1);
        break;
    default: sb_str(b, kind == GEN_CRLF ? "\r\n" : "\n"); break;
    }
}

/* ---- where the cut falls ---------------------------------------------- */

/* The cut coinline_reader_split() makes in text[p..len) as reader.c
 * makes it (just after the first white-space byte from the middle on);
 * 0 when it makes none. Used only to count which cases the inputs reach,
 * and checked against the place of the tail's first token. */
static size_t model_cut(const char *text, size_t len, size_t p)
{
    if (len - p < 2) {
        return 0;
    }
    size_t cut = p + (len - p) / 2;
    while (cut < len && !is_ws(text[cut - 1])) {
        cut++;
    }
    return cut < len ? cut : 0;
}

/* The offset of the first token at or after i in text[0..len-1] (len if
 * none), skipping blanks and comments; comment: one is open at i. */
static size_t skip_blanks(const char *text, size_t len, size_t i, int comment)
{
    while (i < len) {
        if (comment) {
            comment = text[i] != '\n';
        } else if (text[i] == '#') {
            comment = 1;
        } else if (!is_ws(text[i])) {
            break;
        }
        i++;
    }
    return i;
}

/* What lies at a cut, seen from p (just after a count token). */
typedef struct {
    int in_comment;  /* a comment is open at the cut */
    int crlf;        /* the cut splits a CR LF pair */
    int boundary;    /* all the game's coins are before it, a game after */
    int long_token;  /* the middle fell inside a token of 20+ bytes */
    size_t tail_tok; /* offset of the tail's first token as the tail sees
                      * it (no comment open), or len if none */
} cut_info_t;

static void model_where(const char *text, size_t len, size_t p, size_t cut,
                        uint64_t count, cut_info_t *ci)
{
    int comment = 0;
    uint64_t tokens = 0;
    size_t i = p;
    memset(ci, 0, sizeof *ci);
    while (i < cut) {
        const char c = text[i];
        if (comment) {
            comment = c != '\n';
            i++;
        } else if (c == '#') {
            comment = 1;
            i++;
        } else if (is_ws(c)) {
            i++;
        } else {
            tokens++;
            while (i < len && !is_delim(text[i])) {
                i++;
            }
        }
    }
    ci->in_comment = comment;
    ci->crlf = text[cut - 1] == '\r' && text[cut] == '\n';
    /* a token after the cut, the comment (if any) going on */
    i = skip_blanks(text, len, cut, comment);
    ci->boundary = !ci->in_comment && tokens == count && i < len;
    {
        const size_t mid = p + (len - p) / 2;
        size_t s = mid, e = mid;
        while (s > p && !is_delim(text[s - 1])) {
            s--;
        }
        while (e < len && !is_delim(text[e])) {
            e++;
        }
        ci->long_token = mid > s && mid < e && e - s >= 20;
    }
    /* the tail's view: from the cut, no comment open */
    i = skip_blanks(text, len, cut, 0);
    ci->tail_tok = i;
}

/* ---- reading an input both ways ----------------------------------------- */

typedef struct {
    int first_joined; /* joined of the first split, -1 before one */
    long inputs, games, splits, joined, not_joined, null_tail_joins;
    long cut_comment, cut_crlf, cut_boundary, cut_long_token;
    long err_before_cut, err_after_cut, trunc_split, short_split;
    long model_checked, model_wrong;
    long joined_by_kind[GEN_KINDS];
} split_stats_t;

/* The place and message of r's error, or of its last token, as text. */
static void where_str(coinline_reader_t *r, int last, char *out, size_t size)
{
    coinline_error_t w;
    memset(&w, 0, sizeof w);
    const int rc =
        last ? coinline_reader_last_token(r, &w) : coinline_reader_error(r, &w);
    snprintf(out, size, "rc %d %llu:%llu \"%s\"", rc,
             (unsigned long long)w.line, (unsigned long long)w.column,
             w.message);
}

/* Whether a and b have the same error (code, place, message) or the same
 * last token; on a difference, says so in diag. */
static int same_where(coinline_reader_t *a, coinline_reader_t *b, int last,
                      const char *label)
{
    char x[512], y[512];
    where_str(a, last, x, sizeof x);
    where_str(b, last, y, sizeof y);
    if (strcmp(x, y) != 0) {
        diag("%s: %s differs: plain %s, split %s", label,
             last ? "last_token" : "error", x, y);
        return 0;
    }
    return 1;
}

/* Reads the rest of r's current game with next_coins() in batches of 1 to
 * 70 (now and then a single next_coin()) into buf[*n..cap), until it
 * returns 0 or less; returns that. */
static int read_rest(coinline_reader_t *r, rng_t *g, int64_t *buf, size_t *n,
                     size_t cap)
{
    for (;;) {
        size_t max = 1 + (size_t)rng_below(g, 70), got = 0;
        int rc;
        if (max > cap - *n) {
            max = cap - *n;
        }
        if (max == 0) {
            diag("read_rest: more coins than bytes");
            return -100;
        }
        if (rng_below(g, 8) == 0) {
            rc = coinline_reader_next_coin(r, &buf[*n]);
            got = rc == 1;
        } else {
            rc = coinline_reader_next_coins(r, buf + *n, max, &got);
        }
        *n += got;
        if (rc != 1) {
            return rc;
        }
    }
}

/* 1: split_reads_alike() splits right after each count, reads S's part
 * then the tail's to their ends and joins, with no other call between. */
static int deterministic;

/* After the tail's first next_coin(): its last token (the first token
 * of the tail, or none) is where the model of the cut says. */
static void check_tail_start(coinline_reader_t *tail, const char *text,
                             size_t len, size_t p, size_t cut,
                             const cut_info_t *ci, split_stats_t *st,
                             const char *label)
{
    coinline_error_t w;
    uint64_t line = 0, column = 0;
    if (p == SIZE_MAX || cut == 0) {
        return;
    }
    memset(&w, 0, sizeof w);
    const int have = coinline_reader_last_token(tail, &w) == 0;
    if (ci->tail_tok < len) {
        place_from(text, cut, ci->tail_tok, &line, &column);
    }
    st->model_checked++;
    if (have != (ci->tail_tok < len) ||
        (have && (w.line != line || w.column != column))) {
        if (st->model_wrong++ == 0) {
            diag("%s: the tail's first token is not where the test expects "
                 "the cut (offset %zu): tail says %d %llu:%llu, expected "
                 "%llu:%llu",
                 label, cut, have, (unsigned long long)w.line,
                 (unsigned long long)w.column, (unsigned long long)line,
                 (unsigned long long)column);
        }
    }
}

/* Split S in its current game (pre coins already read into bs[0..*ns)),
 * read both parts and join; on no join, S goes on. Returns the game's
 * final code (0 or an error) with its coins in bs[0..*ns). p is the
 * offset just after the count token (or SIZE_MAX when coins were read
 * before the split); count the game's count. */
static int split_game(coinline_reader_t *S, rng_t *g, const char *text,
                      size_t len, size_t p, uint64_t count, int64_t *bs,
                      size_t *ns, int64_t *bt, size_t cap, int kind,
                      split_stats_t *st, int *bad, int *did_split,
                      const char *label)
{
    coinline_reader_t *tail = (coinline_reader_t *)&tail;
    int64_t *coins = NULL;
    size_t nc = 0;
    uint64_t cnt = 0;
    int joined = 7;
    int rc = coinline_reader_split(S, 0, &tail);
    if (rc != 0) {
        diag("%s: split rc %d", label, rc);
        *bad = 1;
        return rc;
    }
    if (tail == NULL) {
        return read_rest(S, g, bs, ns, cap);
    }
    *did_split = 1;
    st->splits++;

    /* where the cut is, when the split is right after the count */
    cut_info_t ci;
    size_t cut = 0;
    memset(&ci, 0, sizeof ci);
    if (p != SIZE_MAX && (cut = model_cut(text, len, p)) != 0) {
        model_where(text, len, p, cut, count, &ci);
        st->cut_comment += ci.in_comment;
        st->cut_crlf += ci.crlf;
        st->cut_boundary += ci.boundary;
        st->cut_long_token += ci.long_token;
    }

    /* in the split: next_game and read_game refused, no second split */
    if (!deterministic && rng_below(g, 4) == 0) {
        coinline_reader_t *t2 = (coinline_reader_t *)&t2;
        if (coinline_reader_next_game(S, &cnt) != COINLINE_EINVAL ||
            coinline_reader_read_game(S, &coins, &nc) != COINLINE_EINVAL ||
            coinline_reader_next_game(tail, &cnt) != COINLINE_EINVAL ||
            coinline_reader_split(S, 0, &t2) != 0 || t2 != NULL ||
            coinline_reader_split(tail, 0, &t2) != 0 || t2 != NULL) {
            diag("%s: a call between split and join was not refused", label);
            *bad = 1;
        }
    }

    /* the parts, in either order or interleaved; the tail's first coin
     * alone, to see where the tail starts */
    size_t nt = 0;
    int ra = 1, rb = 1;
    const unsigned order = deterministic ? 0 : (unsigned)rng_below(g, 3);
    /* join(S, NULL) with nothing read from the tail; join before the end
     * of S's part */
    const int skip_tail = !deterministic && rng_below(g, 16) == 0;
    const int partial = !deterministic && rng_below(g, 16) == 0;
    if (!skip_tail) {
        if (order == 1 || order == 2) {
            rb = coinline_reader_next_coin(tail, &bt[nt]);
            nt += rb == 1;
            check_tail_start(tail, text, len, p, cut, &ci, st, label);
        }
        if (order == 2) {
            /* interleaved, a few coins at a time */
            while (ra == 1 || rb == 1) {
                size_t got = 0;
                if (ra == 1) {
                    ra = coinline_reader_next_coins(
                        S, bs + *ns, 1 + (size_t)rng_below(g, 5), &got);
                    *ns += got;
                }
                if (rb == 1) {
                    rb = coinline_reader_next_coins(
                        tail, bt + nt, 1 + (size_t)rng_below(g, 5), &got);
                    nt += got;
                }
                if (*ns >= cap - 8 || nt >= cap - 8) {
                    break;
                }
            }
        }
        if (order == 0) {
            if (!partial) {
                ra = read_rest(S, g, bs, ns, cap);
            }
            rb = coinline_reader_next_coin(tail, &bt[nt]);
            nt += rb == 1;
            check_tail_start(tail, text, len, p, cut, &ci, st, label);
        }
        if (rb == 1) {
            rb = read_rest(tail, g, bt, &nt, cap);
        }
    }
    if (ra == 1 && !partial) {
        ra = read_rest(S, g, bs, ns, cap);
    }
    if (skip_tail && nt == 0) {
        coinline_reader_free(tail);
        rc = coinline_reader_join(S, NULL, &joined);
        st->null_tail_joins++;
    } else {
        rc = coinline_reader_join(S, tail, &joined);
    }
    if (st->first_joined < 0) {
        st->first_joined = joined;
    }
    if (joined == 1) {
        int64_t one;
        st->joined++;
        st->joined_by_kind[kind]++;
        if (rc != 0 || (ra != 0 && !(partial && ra == 1)) || rb != 0 ||
            coinline_reader_next_coin(S, &one) != 0) {
            diag("%s: joined with rc %d, parts %d and %d", label, rc, ra, rb);
            *bad = 1;
        }
        if (*ns + nt > cap) {
            *bad = 1;
            return -100;
        }
        memcpy(bs + *ns, bt, nt * sizeof *bt);
        *ns += nt;
        return 0;
    }
    if (joined != 0) {
        diag("%s: join set *joined to %d", label, joined);
        *bad = 1;
        return -100;
    }
    st->not_joined++;
    if (rc < 0) {
        if (rc != ra) {
            diag("%s: join rc %d, S's part ended %d", label, rc, ra);
            *bad = 1;
        }
        return rc;
    }
    return read_rest(S, g, bs, ns, cap);
}

/* Reads text[0..len) with a plain reader P and with a reader S that splits
 * each game it can (after 0 to 3 coins), in lockstep; 1 when both give the
 * same games, counts, coins, last tokens and end or error. */
static int split_reads_alike(const char *text, size_t len, rng_t *g, int kind,
                             split_stats_t *st, const char *label)
{
    char *cp, *cs;
    coinline_reader_t *P = exact_reader(text, len, "in", &cp);
    coinline_reader_t *S = exact_reader(text, len, "in", &cs);
    const size_t cap = len + 16;
    int64_t *bp = malloc(cap * sizeof *bp);
    int64_t *bs = malloc(cap * sizeof *bs);
    int64_t *bt = malloc(cap * sizeof *bt);
    int good = 1;
    if (bp == NULL || bs == NULL || bt == NULL) {
        diag("out of memory");
        exit(1);
    }
    st->inputs++;
    for (size_t game = 0; good; game++) {
        uint64_t cp_count = 1, cs_count = 2;
        const int rp = coinline_reader_next_game(P, &cp_count);
        const int rs = coinline_reader_next_game(S, &cs_count);
        if (rp != rs || (rp == 1 && cp_count != cs_count) ||
            coinline_reader_game_index(P) != coinline_reader_game_index(S)) {
            diag("%s: game %zu: next_game %d/%d, counts %llu/%llu", label,
                 game + 1, rp, rs, (unsigned long long)cp_count,
                 (unsigned long long)cs_count);
            good = 0;
            break;
        }
        if (rp < 0) {
            good = same_where(P, S, 0, label);
            break;
        }
        if (rp == 0) {
            break;
        }
        st->games++;
        good &= same_where(P, S, 1, label);
        size_t np = 0, ns = 0;
        const int rcp = read_rest(P, g, bp, &np, cap);
        /* S: 0..3 coins first now and then, then the split */
        size_t p = SIZE_MAX;
        size_t pre = !deterministic && rng_below(g, 4) == 0
                         ? (size_t)rng_below(g, 4)
                         : 0;
        int rcs = 1, bad = 0, did_split = 0;
        if (pre == 0) {
            coinline_error_t w;
            if (coinline_reader_last_token(S, &w) == 0) {
                p = offset_at(text, len, w.line, w.column);
                while (p < len && !is_delim(text[p])) {
                    p++;
                }
            }
        }
        for (; pre > 0 && rcs == 1; pre--) {
            rcs = coinline_reader_next_coin(S, &bs[ns]);
            ns += rcs == 1;
        }
        if (rcs == 1) {
            rcs = split_game(S, g, text, len, p, cp_count, bs, &ns, bt, cap,
                             kind, st, &bad, &did_split, label);
        } else if (rcs < 0) {
            /* a failed reader: split gives its error and no tail */
            coinline_reader_t *t = (coinline_reader_t *)&t;
            if (coinline_reader_split(S, 0, &t) != rcs || t != NULL) {
                diag("%s: split on a failed reader", label);
                bad = 1;
            }
        }
        if (bad || rcp != rcs || np != ns ||
            (np > 0 && memcmp(bp, bs, np * sizeof *bp) != 0)) {
            diag("%s: game %zu: plain %d with %zu coins, split %d with %zu",
                 label, game + 1, rcp, np, rcs, ns);
            good = 0;
            break;
        }
        if (rcp < 0) {
            size_t where = SIZE_MAX;
            coinline_error_t w;
            if (coinline_reader_error(P, &w) == 0 && w.line > 0) {
                where = offset_at(text, len, w.line, w.column);
            }
            if (did_split && p != SIZE_MAX && model_cut(text, len, p) != 0 &&
                where != SIZE_MAX) {
                if (where < model_cut(text, len, p)) {
                    st->err_before_cut++;
                } else {
                    st->err_after_cut++;
                }
            }
            if (rcp == COINLINE_ETRUNC && did_split) {
                st->trunc_split++;
            }
            good &= same_where(P, S, 0, label);
            good &= same_where(P, S, 1, label);
            break;
        }
        if (kind == GEN_SHORT_COUNT && game == 0 && did_split) {
            st->short_split++;
        }
        /* the last token: the game's last coin, or its count */
        good &= same_where(P, S, 1, label);
    }
    free(bp);
    free(bs);
    free(bt);
    coinline_reader_free(P);
    coinline_reader_free(S);
    free(cp);
    free(cs);
    return good;
}

static void test_split_random(void)
{
    const int per_kind = scaled(1000);
    split_stats_t st;
    sb_t b = {NULL, 0, 0};
    int failed[GEN_KINDS] = {0};
    rng_t r, g;
    memset(&st, 0, sizeof st);
    st.first_joined = -1;
    rng_seed(&r, 16);
    rng_seed(&g, 61);
    for (int i = 0; i < per_kind * GEN_KINDS; i++) {
        const int kind = i % GEN_KINDS;
        char label[64];
        gen_input(&r, &b, kind);
        snprintf(label, sizeof label, "input %d (%s)", i, gen_names[kind]);
        if (!split_reads_alike(b.data, b.len, &g, kind, &st, label)) {
            if (failed[kind]++ < 2) {
                diag("%s was %zu bytes: \"%.300s\"", label, b.len, b.data);
            }
        }
    }
    free(b.data);
    for (int k = 0; k < GEN_KINDS; k++) {
        ok(failed[k] == 0,
           "%d random inputs (%s: spaces, tabs, LF, CR LF, \\v, \\f, "
           "comments, '+', leading zeros, 20+ digit tokens): a reader that "
           "splits each game (after 0..3 coins), reads both parts with "
           "next_coin(s) and joins, gives the same counts, coins, later "
           "games, last tokens and end or error (code, line, column, "
           "message) as a plain reader (%d differ)",
           per_kind, gen_names[k], failed[k]);
    }
    diag("%ld inputs, %ld games, %ld splits: %ld joined, %ld not (%ld with "
         "a NULL tail); cut in a comment %ld, at CR LF %ld, at a game "
         "boundary %ld, the middle in a long token %ld; error before the "
         "cut %ld, after %ld; truncated games split %ld, short counts %ld; "
         "tail starts checked %ld (%ld not where expected)",
         st.inputs, st.games, st.splits, st.joined, st.not_joined,
         st.null_tail_joins, st.cut_comment, st.cut_crlf, st.cut_boundary,
         st.cut_long_token, st.err_before_cut, st.err_after_cut, st.trunc_split,
         st.short_split, st.model_checked, st.model_wrong);
    ok(st.joined_by_kind[GEN_CLEAN] >= scaled(100) &&
           st.joined_by_kind[GEN_CRLF] >= scaled(100) &&
           st.joined_by_kind[GEN_COMMENT] >= scaled(20) &&
           st.not_joined >= scaled(500),
       "the random inputs reach both outcomes: joined %ld times on clean "
       "games (%ld with CR LF, %ld with comments), not joined %ld times",
       st.joined_by_kind[GEN_CLEAN], st.joined_by_kind[GEN_CRLF],
       st.joined_by_kind[GEN_COMMENT], st.not_joined);
    ok(st.model_wrong == 0 && st.model_checked > scaled(1000) &&
           st.cut_comment >= scaled(50) && st.cut_crlf >= scaled(50) &&
           st.cut_boundary >= scaled(50) && st.cut_long_token >= scaled(10) &&
           st.err_before_cut >= scaled(50) && st.err_after_cut >= scaled(50) &&
           st.trunc_split >= scaled(50) && st.short_split >= scaled(50),
       "the random inputs put the cut in a comment (%ld), between CR and LF "
       "(%ld), at a game boundary with a game after (%ld), after a long "
       "token the middle fell in (%ld); a bad token before the cut (%ld) "
       "and after it (%ld); truncated games (%ld) and short counts (%ld) "
       "split (the tail starts where the test expects: %ld checked)",
       st.cut_comment, st.cut_crlf, st.cut_boundary, st.cut_long_token,
       st.err_before_cut, st.err_after_cut, st.trunc_split, st.short_split,
       st.model_checked);
}

/* ---- chosen inputs ------------------------------------------------------ */

/* What a chosen input must show at its cut (from the count of game 1). */
enum {
    AT_ANY,
    AT_COMMENT,
    AT_CRLF,
    AT_COMMENT_CRLF,
    AT_BOUNDARY,
    AT_LONG_TOKEN,
    AT_NOT_COMMENT
};

/* Whether text's cut, for a split just after the first token (the count
 * of game 1), shows `at`. */
static int cut_shows(const char *text, size_t len, int at)
{
    size_t p = 0;
    uint64_t count = 0;
    cut_info_t ci;
    while (p < len && is_ws(text[p])) {
        p++;
    }
    if (p + 3 <= len && memcmp(text + p, "\xEF\xBB\xBF", 3) == 0) {
        p += 3;
    }
    while (p < len && !is_delim(text[p])) {
        if (text[p] >= '0' && text[p] <= '9') {
            count = count * 10 + (uint64_t)(text[p] - '0');
        }
        p++;
    }
    const size_t cut = model_cut(text, len, p);
    if (cut == 0) {
        return 0;
    }
    model_where(text, len, p, cut, count, &ci);
    switch (at) {
    case AT_COMMENT: return ci.in_comment;
    case AT_CRLF: return ci.crlf && !ci.in_comment;
    case AT_COMMENT_CRLF: return ci.crlf && ci.in_comment;
    case AT_BOUNDARY: return ci.boundary;
    case AT_LONG_TOKEN: return ci.long_token;
    case AT_NOT_COMMENT: return !ci.in_comment;
    default: return 1;
    }
}

/* Reads text both ways (split right after each count, S's part then the
 * tail read to their ends); 1 when they agree, the input shows `at` and
 * the first join gave want_joined (-1: either). */
static int chosen_case(const char *text, size_t len, int at, int want_joined)
{
    split_stats_t st;
    rng_t g;
    memset(&st, 0, sizeof st);
    st.first_joined = -1;
    rng_seed(&g, len);
    deterministic = 1;
    const int same = split_reads_alike(text, len, &g, GEN_CLEAN, &st, "chosen");
    deterministic = 0;
    const int shows = cut_shows(text, len, at);
    if (!shows) {
        diag("the input does not show the case it was made for");
    }
    if (want_joined >= 0 && st.first_joined != want_joined) {
        diag("joined %d, expected %d", st.first_joined, want_joined);
    }
    return same && shows &&
           (want_joined < 0 ? st.first_joined >= 0
                            : st.first_joined == want_joined);
}

/* chosen_t.pad for as many fill bytes as put the cut where `at` says. */
enum { PAD_UNTIL = -1 };

/* An input of test_split_chosen(): head[0..head_len-1] (NUL bytes
 * included), pad bytes of fill, then rest; read both ways, its cut shows
 * `at` and the first join gives joined (-1: either). */
typedef struct {
    const char *head;
    size_t head_len;
    char fill;
    int pad;
    const char *rest;
    int at;
    int joined;
    const char *name;
} chosen_t;

/* A string literal and its length (its NULs included, not the last). */
#define LIT(lit) (lit), sizeof(lit) - 1

/* Builds c's text in b; with PAD_UNTIL for pad = 0, 1, ... until the cut
 * shows c->at (at most 64 tries). 0 when no padding does. */
static int chosen_text(sb_t *b, const chosen_t *c)
{
    const size_t tries = c->pad == PAD_UNTIL ? 64 : 1;
    for (size_t i = 0; i < tries; i++) {
        b->len = 0;
        sb_add(b, c->head, c->head_len);
        sb_repeat(b, c->fill, c->pad == PAD_UNTIL ? i : (size_t)c->pad);
        sb_str(b, c->rest);
        if (c->pad != PAD_UNTIL || cut_shows(b->data, b->len, c->at)) {
            return 1;
        }
    }
    diag("no padding of \"%s\" puts the cut where wanted", c->head);
    return 0;
}

static void test_split_chosen(void)
{
    static const chosen_t cases[] = {
        {LIT("12\n1 2 3 4 5 6 7 8 9 10 11 12\n"), 0, 0, "", AT_ANY, 1,
         "a clean single last game split after its count: the join takes the "
         "tail (joined 1) and the coins are the plain reader's"},
        {LIT("6 1 2 3 # "), 'c', PAD_UNTIL, "\n4 5 6\n", AT_COMMENT, 0,
         "the cut inside a comment (the tail starts in its middle): not "
         "joined, S goes on after the comment, same coins as plain"},
        {LIT("9\r\n100\r\n200\r\n300\r\n400\r\n500\r\n600"), '0', PAD_UNTIL,
         "\r\n700\r\n800\r\n900\r\n", AT_CRLF, 1,
         "the cut between the CR and the LF of a line end: joined, same "
         "coins and last token as plain"},
        {LIT("6 1 2 3 # abc"), 'c', PAD_UNTIL, "\r\n4 5 6\r\n", AT_COMMENT_CRLF,
         0,
         "the cut between the CR and the LF that end a comment: not joined, "
         "S goes on from the LF, same coins as plain"},
        {LIT("3 111 222 333"), ' ', PAD_UNTIL, " 3 444 555 666\n", AT_BOUNDARY,
         0,
         "the cut just at the end of game 1 with game 2 after it: not joined "
         "(the tail reads game 2's tokens), both games as plain"},
        {LIT("2 11 22"), ' ', PAD_UNTIL, " 2 33 44 1 55 0\n# end\n",
         AT_BOUNDARY, 0,
         "the cut at a game boundary followed by two more games and a "
         "comment: every game as plain"},
        {LIT("3 1 "), '0', 60, "5 7\n", AT_LONG_TOKEN, 1,
         "the middle inside a 61-digit zero-padded coin: the cut moves past "
         "it; joined, coins [1 5 7] as plain"},
        {LIT("3 1 "), '0', 60, "x5 7\n", AT_LONG_TOKEN, 0,
         "the middle inside a 62-byte bad token: the error (ESYNTAX, its "
         "place, the quote cut at 40 bytes with '...') is the plain reader's"},
        {LIT("10 1 x 3 4 5 6 7 8 9 10\n"), 0, 0, "", AT_ANY, 0,
         "a bad token before the cut: not joined, the same ESYNTAX, place and "
         "message as plain"},
        {LIT("10 1 2 3 4 5 6 7 8 x 10\n"), 0, 0, "", AT_ANY, 0,
         "a bad token after the cut (the tail fails): not joined, S reports "
         "the same ESYNTAX, place and message as plain"},
        {LIT("12 1 2 3 4 5 6 7 8 9 10 11 99999999999999999999\n"), 0, 0, "",
         AT_ANY, 0,
         "a coin out of range after the cut: the same ERANGE, place and "
         "message as plain"},
        {LIT("4 1 2 3 \0 5\n"), 0, 0, "", AT_ANY, 0,
         "a NUL byte after the cut: the same ESYNTAX (quoted \\x00) as plain"},
        {LIT("10 1 2 3 4 5\n6 7\n"), 0, 0, "", AT_ANY, 0,
         "a truncated game (10 announced, 7 present): not joined, the same "
         "ETRUNC at the end, same place and message as plain"},
        {LIT("5                                        \n"), 0, 0, "", AT_ANY,
         0,
         "a count and only blanks after it: not joined, the same ETRUNC as "
         "plain"},
        {LIT("3 1 2 3 4 5 6 7 8 9\n"), 0, 0, "", AT_ANY, 0,
         "a count smaller than the coins present (3, then games 4 [5 6 7 8] "
         "and 9 truncated): every game and the error as plain"},
        {LIT("3 10 20 30 1 40 2 50 60\n"), 0, 0, "", AT_ANY, 0,
         "a count smaller than the coins present, then two complete games: "
         "all three as plain, clean end"},
        {LIT("4 1 2 3 4 # "), 'z', PAD_UNTIL, "", AT_COMMENT, 0,
         "all coins before the cut, which falls in a final comment with no "
         "newline: not joined, then a clean end as plain"},
        {LIT("\xEF\xBB\xBF"
             "6 1 2 3 4 5 6"),
         0, 0, "", AT_ANY, 1,
         "after a byte-order mark: joined, and the last token's column counts "
         "from after the mark as plain's does"},
        {LIT("6 +1 -0 0007 +0008 -00000000000000000000000009 10"), 0, 0, "",
         AT_ANY, 1,
         "'+' signs, '-0', leading zeros, a 26-digit coin (the general path) "
         "on both sides of the cut: joined, the plain reader's values"},
        {LIT("6\v1\f2\v3\f4\v5\f6"), 0, 0, "", AT_ANY, 1,
         "\\v and \\f as the only separators: joined, as plain"},
        {LIT("2 5 6\n3 1 2 3\n4 1 2 3 4\n"), 0, 0, "", AT_ANY, -1,
         "three games, each split after its count: every game as plain"},
    };
    sb_t b = {NULL, 0, 0};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const chosen_t *c = &cases[i];
        const int built = chosen_text(&b, c);
        ok(built && chosen_case(b.data, b.len, c->at, c->joined), "%s",
           c->name);
    }
    free(b.data);
}

/* After a joined split the last token is the game's last coin, at its
 * line and column; the same as a plain reader's after the same game. */
static void test_split_last_token(void)
{
    static const char text[] =
        "7\n10 20\n30\r\n40 # c\n\n   50\t60\n\n  70  \n";
    const size_t len = sizeof text - 1;
    const size_t last = (size_t)(strstr(text, "70") - text);
    uint64_t line, column, count;
    char *c1, *c2;
    coinline_reader_t *S = exact_reader(text, len, "t", &c1);
    coinline_reader_t *P = exact_reader(text, len, "t", &c2);
    coinline_reader_t *tail = NULL;
    coinline_error_t ws, wp;
    int64_t a[16], pbuf[16];
    size_t n = 0, got = 0, np = 0;
    int joined = 0, rc;
    place_from(text, 0, last, &line, &column);
    rc = coinline_reader_next_game(S, &count) == 1 &&
         coinline_reader_split(S, 0, &tail) == 0 && tail != NULL;
    while (coinline_reader_next_coins(S, a + n, 16 - n, &got) == 1) {
        n += got;
    }
    while (coinline_reader_next_coins(tail, a + n, 16 - n, &got) == 1) {
        n += got;
    }
    rc = rc && coinline_reader_join(S, tail, &joined) == 0 && joined == 1;
    rc = rc && coinline_reader_last_token(S, &ws) == 0;
    coinline_reader_next_game(P, &count);
    while (coinline_reader_next_coins(P, pbuf + np, 16 - np, &got) == 1) {
        np += got;
    }
    rc = rc && coinline_reader_last_token(P, &wp) == 0;
    ok(rc && n == 7 && a[6] == 70 && ws.line == line && ws.column == column &&
           wp.line == ws.line && wp.column == ws.column &&
           ws.message[0] == '\0',
       "after a joined split over 8 lines (CR LF, a comment, tabs): "
       "last_token is the last coin's place %llu:%llu (got %llu:%llu; the "
       "plain reader %llu:%llu)",
       (unsigned long long)line, (unsigned long long)column,
       (unsigned long long)ws.line, (unsigned long long)ws.column,
       (unsigned long long)wp.line, (unsigned long long)wp.column);
    ok(coinline_reader_next_game(S, &count) == 0 &&
           coinline_reader_error(S, &ws) == COINLINE_EINVAL,
       "after the join the reader is at the clean end of the input");
    coinline_reader_free(S);
    coinline_reader_free(P);
    free(c1);
    free(c2);
}

/* A long single game: the split is taken, both parts use the fast path,
 * and the join takes the tail. */
static void test_split_long_game(void)
{
    enum { N = 200000 };
    sb_t b = {NULL, 0, 0};
    int64_t *want = row_alloc(N), *a = row_alloc(N);
    rng_t r;
    char *copy;
    size_t n = 0, got = 0;
    uint64_t count = 0;
    int joined = 0, good;
    rng_seed(&r, 200000);
    gen_values(&r, want, N, VALS_FULL);
    sb_fmt_u(&b, N);
    for (size_t i = 0; i < N; i++) {
        char text[32];
        snprintf(text, sizeof text, "%s%lld", i % 10 == 9 ? "\n" : " ",
                 (long long)want[i]);
        sb_str(&b, text);
    }
    coinline_reader_t *S = exact_reader(b.data, b.len, "long", &copy);
    coinline_reader_t *tail = NULL;
    good = coinline_reader_next_game(S, &count) == 1 && count == N &&
           coinline_reader_split(S, 1000, &tail) == 0 && tail != NULL;
    while (good && coinline_reader_next_coins(
                       S, a + n, 4096 < N - n ? 4096 : N - n, &got) == 1) {
        n += got;
    }
    const size_t first = n;
    while (good && n < N &&
           coinline_reader_next_coins(tail, a + n, N - n, &got) == 1) {
        n += got;
    }
    good = good && coinline_reader_join(S, tail, &joined) == 0;
    ok(good && joined == 1 && n == N && memcmp(a, want, N * sizeof *a) == 0 &&
           first > N / 4 && first < 3 * N / 4,
       "a game of %d full-range coins (%zu bytes, no final newline) split "
       "with min_bytes 1000: the parts hold %zu and %zu coins, the join "
       "takes the tail and the coins are exact",
       N, b.len, first, n - first);
    coinline_reader_free(S);
    free(copy);
    free(b.data);
    free(a);
    free(want);
}

/* ---- c. refusals, and readers that are not split ---------------------- */

static void test_split_einval(void)
{
    static const char text[] = "5 1 2 3 4 5\n2 7 8\n";
    char *copy;
    coinline_reader_t *r = exact_reader(text, sizeof text - 1, "e", &copy);
    coinline_reader_t *tail = (coinline_reader_t *)&tail;
    int joined = 7;
    uint64_t count = 0;
    int64_t *coins = (int64_t *)&count, coin;
    size_t n = 0;

    ok(coinline_reader_split(NULL, 0, &tail) == COINLINE_EINVAL && tail == NULL,
       "split(NULL, 0, &tail) gives EINVAL and sets tail to NULL");
    ok(coinline_reader_split(r, 0, NULL) == COINLINE_EINVAL,
       "split(r, 0, NULL) gives EINVAL");
    ok(coinline_reader_join(NULL, NULL, &joined) == COINLINE_EINVAL &&
           joined == 0,
       "join(NULL, NULL, &joined) gives EINVAL and sets joined to 0");
    joined = 7;
    ok(coinline_reader_join(r, NULL, &joined) == COINLINE_EINVAL && joined == 0,
       "join on a reader that was not split gives EINVAL (joined 0)");
    tail = (coinline_reader_t *)&tail;
    ok(coinline_reader_split(r, 0, &tail) == 0 && tail == NULL,
       "split before any game: OK, no tail");
    coinline_reader_next_game(r, &count);
    tail = (coinline_reader_t *)&tail;
    ok(coinline_reader_split(r, 100, &tail) == 0 && tail == NULL,
       "split with min_bytes above what is left (18 bytes): OK, no tail");
    ok(coinline_reader_split(r, 17, &tail) == 0 && tail != NULL,
       "split with min_bytes equal to what is left: a tail");
    ok(coinline_reader_next_game(r, &count) == COINLINE_EINVAL &&
           coinline_reader_read_game(r, &coins, &n) == COINLINE_EINVAL &&
           coins == NULL,
       "next_game and read_game between split and join give EINVAL");
    {
        coinline_reader_t *t2 = (coinline_reader_t *)&t2;
        ok(coinline_reader_split(r, 0, &t2) == 0 && t2 == NULL &&
               coinline_reader_split(tail, 0, &t2) == 0 && t2 == NULL &&
               coinline_reader_next_game(tail, &count) == COINLINE_EINVAL,
           "split again on the reader or on its tail: no tail; next_game "
           "on the tail: EINVAL");
    }
    ok(coinline_reader_join(r, NULL, NULL) == COINLINE_EINVAL,
       "join(r, NULL, NULL) gives EINVAL");
    joined = 7;
    ok(coinline_reader_join(r, tail, &joined) == 0 && joined == 0,
       "join with nothing read from either part: OK, not joined");
    {
        int64_t a[8];
        size_t got = 0;
        int good = coinline_reader_next_coins(r, a, 8, &got) == 1 && got == 5 &&
                   a[0] == 1 && a[4] == 5;
        good &= coinline_reader_next_game(r, &count) == 1 && count == 2;
        ok(good, "after that join the reader reads the game whole and the "
                 "next game (next_game works again)");
    }
    ok(coinline_reader_next_coin(r, &coin) == 1 && coin == 7 &&
           coinline_reader_split(r, 0, &tail) == 0 && tail == NULL,
       "split with 1 coin left: OK, no tail");
    coinline_reader_free(r);
    free(copy);

    /* a failed reader: split and join give its error */
    r = exact_reader("3 1 x 3", 7, "e", &copy);
    coinline_reader_next_game(r, &count);
    coinline_reader_next_coins(r, &coin, 1, &n);
    const int err = coinline_reader_next_coin(r, &coin);
    tail = (coinline_reader_t *)&tail;
    ok(err == COINLINE_ESYNTAX &&
           coinline_reader_split(r, 0, &tail) == COINLINE_ESYNTAX &&
           tail == NULL,
       "split on a failed reader gives its error (ESYNTAX), no tail");
    coinline_reader_free(r);
    free(copy);

    /* a game with 0 coins, and a game whose coins are all read */
    r = exact_reader("0 2 4 5 ", 8, "e", &copy);
    coinline_reader_next_game(r, &count);
    tail = (coinline_reader_t *)&tail;
    int good = coinline_reader_split(r, 0, &tail) == 0 && tail == NULL;
    coinline_reader_next_game(r, &count);
    coinline_reader_next_coins(r, coins = (int64_t[4]){0}, 4, &n);
    tail = (coinline_reader_t *)&tail;
    good &= coinline_reader_split(r, 0, &tail) == 0 && tail == NULL;
    ok(good, "split in an empty game, or after the game's last coin: OK, "
             "no tail");
    coinline_reader_free(r);
    free(copy);
}

/* Splits the first game of a reader over text after its count; reports
 * whether a tail came, then reads on (joining if split) and compares the
 * games with a memory reader's. */
static int not_split_check(coinline_reader_t *r, const char *text, size_t len,
                           int *split)
{
    uint64_t count = 0;
    int64_t a[64], want[64];
    size_t n = 0, nw = 0, got = 0;
    int joined = 0;
    coinline_reader_t *tail = (coinline_reader_t *)&tail;
    char *copy;
    coinline_reader_t *m = exact_reader(text, len, "m", &copy);
    int good = coinline_reader_next_game(r, &count) == 1 &&
               coinline_reader_split(r, 0, &tail) == 0;
    *split = tail != NULL;
    while (coinline_reader_next_coins(r, a + n, 64 - n, &got) == 1) {
        n += got;
    }
    if (tail != NULL) {
        int64_t b[64];
        size_t nb = 0;
        while (coinline_reader_next_coins(tail, b + nb, 64 - nb, &got) == 1) {
            nb += got;
        }
        good &= coinline_reader_join(r, tail, &joined) == 0;
        if (joined) {
            memcpy(a + n, b, nb * sizeof *b);
            n += nb;
        } else {
            while (coinline_reader_next_coins(r, a + n, 64 - n, &got) == 1) {
                n += got;
            }
        }
    }
    coinline_reader_next_game(m, &count);
    while (coinline_reader_next_coins(m, want + nw, 64 - nw, &got) == 1) {
        nw += got;
    }
    good &= n == nw && memcmp(a, want, n * sizeof *a) == 0;
    good &= coinline_reader_next_game(r, &count) == 0;
    coinline_reader_free(m);
    free(copy);
    return good;
}

static void test_split_not_memory(void)
{
    static const char text[] = "8\n1 2 3 4 5 6 7 8\n";
    const size_t len = sizeof text - 1;
    int split = 0, good;
    coinline_reader_t *r = NULL;

    FILE *fp = fmemopen((void *)text, len, "r");
    if (fp == NULL || coinline_reader_from_file(fp, "f", &r) != 0) {
        ok(0, "fmemopen or from_file failed");
    } else {
        good = not_split_check(r, text, len, &split);
        ok(!split,
           "a reader from coinline_reader_from_file() over an "
           "fmemopen() FILE is not split (tail NULL: its input is "
           "not in memory%s)",
           split ? "; it was split, though the coins read were right" : "");
        ok(good, "... and reads the game as a memory reader does");
    }
    coinline_reader_free(r);
    if (fp != NULL) {
        fclose(fp);
    }

    fp = tmpfile();
    if (fp == NULL || fwrite(text, 1, len, fp) != len || fflush(fp) != 0) {
        ok(0, "tmpfile failed");
    } else {
        rewind(fp);
        r = NULL;
        coinline_reader_from_file(fp, "f", &r);
        good = r != NULL && not_split_check(r, text, len, &split);
        ok(!split, "a reader from coinline_reader_from_file() over a "
                   "tmpfile() is not split (tail NULL)");
        coinline_reader_free(r);
        rewind(fp);
        r = NULL;
        coinline_reader_from_fd(fileno(fp), "fd", &r);
        good &= r != NULL && not_split_check(r, text, len, &split);
        ok(split, "a reader from coinline_reader_from_fd() over a small "
                  "regular file (read with pread(2)) is split: the tail "
                  "reads its part of the file on its own");
        ok(good, "... and both read the game as a memory reader does");
        coinline_reader_free(r);
    }
    if (fp != NULL) {
        fclose(fp);
    }

    int fds[2];
    if (pipe(fds) != 0) {
        ok(0, "pipe failed");
    } else {
        if (write(fds[1], text, len) != (ssize_t)len) {
            diag("short write to the pipe");
        }
        close(fds[1]);
        r = NULL;
        coinline_reader_from_fd(fds[0], "pipe", &r);
        good = r != NULL && not_split_check(r, text, len, &split);
        ok(!split && good, "a reader from coinline_reader_from_fd() on a "
                           "pipe is not split, and reads the game");
        coinline_reader_free(r);
        close(fds[0]);
    }
}

/* After a join on a file, the last token's place (r's lines up to the
 * cut, then the tail's) is the plain reader's. */
static void file_last_token_check(coinline_reader_t *rd, const char *text,
                                  size_t len)
{
    char *copy;
    coinline_reader_t *m = exact_reader(text, len, "m", &copy);
    coinline_error_t w1, w2;
    int64_t v;
    uint64_t count;
    int good = coinline_reader_next_game(m, &count) == 1;
    while (good && coinline_reader_next_coin(m, &v) == 1) {
    }
    good = good && coinline_reader_last_token(m, &w1) == 0 &&
           coinline_reader_last_token(rd, &w2) == 0 && w1.line == w2.line &&
           w1.column == w2.column;
    ok(good,
       "... and the last token's place after the join is the plain "
       "reader's (%llu:%llu)",
       (unsigned long long)w1.line, (unsigned long long)w1.column);
    coinline_reader_free(m);
    free(copy);
}

/* A bad token in the second half of a file read with pread: the tail
 * fails, the first part goes on from the cut and reports it at the plain
 * reader's place, with its message. */
static void file_error_check(sb_t *b)
{
    char *copy;
    size_t at = b->len * 3 / 4;
    while (b->data[at] != ' ') {
        at++;
    }
    b->data[at + 1] = 'x';
    coinline_reader_t *m = exact_reader(b->data, b->len, "f", &copy),
                      *rd = NULL, *tail = NULL;
    coinline_error_t e1, e2 = {0, 0, "", {0}};
    int64_t v;
    uint64_t count;
    int joined = 1, rc1 = 0, rc2 = 0;
    FILE *fp = tmpfile();
    if (fp == NULL || fwrite(b->data, 1, b->len, fp) != b->len ||
        fflush(fp) != 0 || coinline_reader_from_fd(fileno(fp), "f", &rd) != 0) {
        ok(0, "cannot write a temporary file");
    } else {
        (void)lseek(fileno(fp), 0, SEEK_SET);
        coinline_reader_free(rd);
        rd = NULL;
        int good = coinline_reader_from_fd(fileno(fp), "f", &rd) == 0 &&
                   coinline_reader_next_game(rd, &count) == 1 &&
                   coinline_reader_next_game(m, &count) == 1 &&
                   coinline_reader_split(rd, 0, &tail) == 0 && tail != NULL;
        while (good && coinline_reader_next_coin(rd, &v) == 1) {
        }
        while (good && coinline_reader_next_coin(tail, &v) == 1) {
        }
        good = good && coinline_reader_join(rd, tail, &joined) == 0;
        while (good && (rc1 = coinline_reader_next_coin(rd, &v)) == 1) {
        }
        while ((rc2 = coinline_reader_next_coin(m, &v)) == 1) {
        }
        good = good && !joined && rc1 == COINLINE_ESYNTAX && rc2 == rc1 &&
               coinline_reader_error(rd, &e1) == 0 &&
               coinline_reader_error(m, &e2) == 0 && e1.line == e2.line &&
               e1.column == e2.column && strcmp(e1.message, e2.message) == 0;
        ok(good,
           "a bad token in the second half of a file: not joined, the "
           "first part goes on and reports it as the plain reader does "
           "(%llu:%llu)",
           (unsigned long long)e2.line, (unsigned long long)e2.column);
    }
    coinline_reader_free(rd);
    coinline_reader_free(m);
    free(copy);
    if (fp != NULL) {
        fclose(fp);
    }
}

/* A file that grows between the split and the join: the game added is
 * read after the join, as one reader reads what arrives before its end. */
static void file_grown_check(const sb_t *b)
{
    coinline_reader_t *rd = NULL, *tail = NULL;
    uint64_t count = 0;
    int64_t v, c[3] = {0, 0, 0};
    int joined = 0, good;
    FILE *fp = tmpfile();
    if (fp == NULL || fwrite(b->data, 1, b->len, fp) != b->len ||
        fflush(fp) != 0) {
        ok(0, "cannot write a temporary file");
        if (fp != NULL) {
            fclose(fp);
        }
        return;
    }
    (void)lseek(fileno(fp), 0, SEEK_SET);
    good = coinline_reader_from_fd(fileno(fp), "f", &rd) == 0 &&
           coinline_reader_next_game(rd, &count) == 1 &&
           coinline_reader_split(rd, 0, &tail) == 0 && tail != NULL;
    good = good && fseek(fp, 0, SEEK_END) == 0 &&
           fputs("3 -1 -2 -3\n", fp) >= 0 && fflush(fp) == 0;
    while (good && coinline_reader_next_coin(rd, &v) == 1) {
    }
    while (good && coinline_reader_next_coin(tail, &v) == 1) {
    }
    good = good && coinline_reader_join(rd, tail, &joined) == 0 && joined &&
           coinline_reader_next_game(rd, &count) == 1 && count == 3 &&
           coinline_reader_next_coin(rd, &c[0]) == 1 &&
           coinline_reader_next_coin(rd, &c[1]) == 1 &&
           coinline_reader_next_coin(rd, &c[2]) == 1 && c[0] == -1 &&
           c[1] == -2 && c[2] == -3 &&
           coinline_reader_next_game(rd, &count) == 0;
    ok(good, "a game added to the file between the split and the join is "
             "read after the join, as one reader would");
    coinline_reader_free(rd);
    fclose(fp);
}

/* A regular file of 1 MiB or more through a descriptor (read with
 * pread(2), the tail with its own buffer): its readers are split, when the
 * game seems to fill the rest. */
static void test_split_file(void)
{
    enum { N = 250000 };
    sb_t b = {NULL, 0, 0};
    rng_t r;
    int64_t *want = row_alloc(N), *a = row_alloc(N);
    rng_seed(&r, 1 << 20);
    gen_values(&r, want, N, VALS_BIG);
    sb_fmt_u(&b, N);
    sb_str(&b, "\r\n");
    for (size_t i = 0; i < N; i++) {
        char text[32];
        snprintf(text, sizeof text, "%lld%s", (long long)want[i],
                 i % 1000 == 999 ? " # a note 1 2\r\n"
                 : i % 8 == 7    ? "\r\n"
                                 : " ");
        sb_str(&b, text);
    }
    FILE *fp = tmpfile();
    if (fp == NULL || fwrite(b.data, 1, b.len, fp) != b.len ||
        fflush(fp) != 0) {
        ok(0, "cannot write a temporary file");
        free(b.data);
        free(want);
        free(a);
        return;
    }
    rewind(fp);
    coinline_reader_t *rd = NULL, *tail = NULL;
    uint64_t count = 0;
    size_t n = 0, got = 0;
    int joined = 0;
    int good = coinline_reader_from_fd(fileno(fp), "map", &rd) == 0 &&
               coinline_reader_next_game(rd, &count) == 1 &&
               coinline_reader_split(rd, 0, &tail) == 0;
    const int split = tail != NULL;
    while (good && coinline_reader_next_coins(rd, a + n, N - n, &got) == 1) {
        n += got;
    }
    while (split && n < N &&
           coinline_reader_next_coins(tail, a + n, N - n, &got) == 1) {
        n += got;
    }
    good = good && split && coinline_reader_join(rd, tail, &joined) == 0;
    ok(good && joined == 1 && n == N && memcmp(a, want, N * sizeof *a) == 0 &&
           coinline_reader_next_game(rd, &count) == 0,
       "a %zu-byte file of one game through a descriptor (pread): split, "
       "joined, all %d coins exact, then the clean end",
       b.len, N);
    file_last_token_check(rd, b.data, b.len);
    coinline_reader_free(rd);
    fclose(fp);
    file_grown_check(&b);
    file_error_check(&b);

    /* a short game followed by 400 KiB of other games in memory: the
     * game does not seem to fill the rest, no tail */
    b.len = 0;
    sb_str(&b, "3 1 2 3\n");
    while (b.len < 400u << 10) {
        sb_str(&b, "2 10 20\n");
    }
    char *copy;
    rd = exact_reader(b.data, b.len, "m", &copy);
    tail = (coinline_reader_t *)&tail;
    good = coinline_reader_next_game(rd, &count) == 1 &&
           coinline_reader_split(rd, 0, &tail) == 0 && tail == NULL;
    ok(good, "a 3-coin game followed by 400 KiB of other games is not split "
             "(its text does not seem to run to the end)");
    coinline_reader_free(rd);
    free(copy);
    free(b.data);
    free(want);
    free(a);
}

/* ======================================================================
 * d. The fast path: SWAR digits, 24 bytes ahead, lines located lazily
 * ==================================================================== */

/* The token s[0..n) as the reader must read a coin: 0 with *v,
 * COINLINE_ESYNTAX (no digits, or a byte that is no digit) or
 * COINLINE_ERANGE (outside int64), as strtoll() would decide it for a
 * whole token of an optional sign and decimal digits. */
static int parse_expect(const char *s, size_t n, int64_t *v)
{
    size_t i = 0;
    int neg = 0, big = 0;
    u128 mag = 0;
    if (n > 0 && (s[0] == '-' || s[0] == '+')) {
        neg = s[0] == '-';
        i = 1;
    }
    if (i == n) {
        return COINLINE_ESYNTAX;
    }
    for (; i < n; i++) {
        if (s[i] < '0' || s[i] > '9') {
            return COINLINE_ESYNTAX;
        }
        if (!big) {
            mag = mag * 10 + (u128)(s[i] - '0');
            big = mag > ((u128)1 << 64);
        }
    }
    if (big || mag > (neg ? (u128)1 << 63 : ((u128)1 << 63) - 1)) {
        return COINLINE_ERANGE;
    }
    *v = neg ? (int64_t)(0 - (uint64_t)mag) : (int64_t)mag;
    return 0;
}

/* The reader's quote of the token at s (up to a delimiter or end, at
 * most 40 bytes, then "..." if it goes on), bytes outside 0x20..0x7e as
 * \xHH. */
static void quote_expect(const char *s, const char *end, char *out, size_t size)
{
    size_t k = 0, o = 0;
    out[0] = '\0';
    for (; s < end && !is_delim(*s) && k < 40; s++, k++) {
        const unsigned char c = (unsigned char)*s;
        if (c >= 0x20 && c < 0x7f) {
            o += (size_t)snprintf(out + o, size - o, "%c", c);
        } else {
            o += (size_t)snprintf(out + o, size - o, "\\x%02x", c);
        }
    }
    if (s < end && !is_delim(*s)) {
        snprintf(out + o, size - o, "...");
    }
}

typedef struct {
    tally_t values; /* good tokens: the value, clean end, last token */
    tally_t errors; /* bad tokens: code, place and message */
    long fast_cases, general_cases;
} swar_tallies_t;

/* Reads text (count 2, a first coin 7, then the token at tok of toklen
 * bytes) from an exact-size copy, with next_coins() (batch) or
 * next_coin(), and checks the second coin or the error against the
 * parser above. */
static void swar_case(swar_tallies_t *st, const char *text, size_t len,
                      size_t tok, size_t toklen, int batch)
{
    char *copy;
    coinline_reader_t *r = exact_reader(text, len, "s", &copy);
    int64_t coins[4] = {0, 0, 0, 0};
    uint64_t count = 0;
    size_t got = 0;
    int64_t want = 0;
    const int code = parse_expect(text + tok, toklen, &want);
    uint64_t line, column;
    int rc;
    place_from(text, 0, tok, &line, &column);
    rc = coinline_reader_next_game(r, &count);
    if (batch) {
        rc = coinline_reader_next_coins(r, coins, 4, &got);
    } else {
        rc = coinline_reader_next_coin(r, &coins[0]);
        got = rc == 1;
        if (rc == 1) {
            rc = coinline_reader_next_coin(r, &coins[1]);
            got += rc == 1;
        }
    }
    if (code == 0) {
        coinline_error_t w;
        int64_t more;
        const int good =
            rc == 1 && got == 2 && coins[0] == 7 && coins[1] == want &&
            coinline_reader_last_token(r, &w) == 0 && w.line == line &&
            w.column == column && coinline_reader_next_coin(r, &more) == 0 &&
            coinline_reader_next_game(r, &count) == 0;
        if (!tally_check(&st->values, good)) {
            tally_note(&st->values,
                       "\"%.*s\" at offset %zu of %zu (%s): rc %d got %zu "
                       "value %lld (expected %lld), last token %llu:%llu "
                       "(expected %llu:%llu)",
                       (int)toklen, text + tok, tok, len,
                       batch ? "next_coins" : "next_coin", rc, got,
                       (long long)coins[1], (long long)want,
                       (unsigned long long)w.line, (unsigned long long)w.column,
                       (unsigned long long)line, (unsigned long long)column);
        }
    } else {
        char quote[256], msg[512];
        coinline_error_t w;
        memset(&w, 0, sizeof w);
        quote_expect(text + tok, text + len, quote, sizeof quote);
        if (code == COINLINE_ERANGE) {
            snprintf(msg, sizeof msg,
                     "coin 2 of game 1 does not fit in a signed 64-bit "
                     "integer: '%s'",
                     quote);
        } else {
            snprintf(msg, sizeof msg,
                     "expected coin 2 of 2 in game 1 (an integer), found "
                     "'%s'",
                     quote);
        }
        const int good = rc == code && got == (batch ? 1u : 1u) &&
                         coins[0] == 7 && coinline_reader_error(r, &w) == 0 &&
                         w.line == line && w.column == column &&
                         strcmp(w.message, msg) == 0;
        if (!tally_check(&st->errors, good)) {
            tally_note(&st->errors,
                       "\"%.*s\" at offset %zu of %zu (%s): rc %d (expected "
                       "%d) got %zu, at %llu:%llu (expected %llu:%llu), "
                       "message \"%s\" (expected \"%s\")",
                       (int)toklen, text + tok, tok, len,
                       batch ? "next_coins" : "next_coin", rc, code, got,
                       (unsigned long long)w.line, (unsigned long long)w.column,
                       (unsigned long long)line, (unsigned long long)column,
                       w.message, msg);
        }
    }
    if (len - tok >= 24 && toklen <= 20) {
        st->fast_cases++;
    } else {
        st->general_cases++;
    }
    coinline_reader_free(r);
    free(copy);
}

/* Tokens: every length 1..22 in several digit patterns, with no sign,
 * '-' and '+'; and the limits. */
static size_t swar_tokens(rng_t *r, char (*toks)[32], size_t max)
{
    static const char *const fixed[] = {
        "9223372036854775807",
        "-9223372036854775808",
        "9223372036854775808",
        "-9223372036854775809",
        "+9223372036854775807",
        "+9223372036854775808",
        "09223372036854775807",
        "-09223372036854775808",
        "09223372036854775808",
        "-09223372036854775809",
        "9999999999999999999",
        "-9999999999999999999",
        "10000000000000000000",
        "18446744073709551615",
        "18446744073709551616",
        "99999999999999999999",
        "9223372036854775806",
        "-9223372036854775807",
        "1000000000000000000",
        "-1000000000000000000",
        "0",
        "-0",
        "+0",
        "00000000",
        "-00000000",
        "12345678",
        "123456781234567",
        "1234567812345678",
        "12345678123456781",
        "-",
        "+",
        "--1",
        "+-1",
        "-+1",
        "++1",
    };
    size_t k = 0;
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0] && k < max; i++) {
        snprintf(toks[k++], 32, "%s", fixed[i]);
    }
    for (size_t len = 1; len <= 22; len++) {
        for (int pattern = 0; pattern < 6; pattern++) {
            for (int sign = 0; sign < 3 && k < max; sign++) {
                char *t = toks[k++];
                size_t o = 0;
                if (sign == 1) {
                    t[o++] = '-';
                } else if (sign == 2) {
                    t[o++] = '+';
                }
                for (size_t i = 0; i < len; i++) {
                    char d;
                    switch (pattern) {
                    case 0: d = (char)('1' + rng_below(r, 9)); break;
                    case 1:
                        d = i == 0 ? '0' : (char)('0' + rng_below(r, 10));
                        break;
                    case 2: d = '9'; break;
                    case 3: d = i == 0 ? '1' : '0'; break;
                    case 4: d = '0'; break;
                    default: d = (char)('0' + (i + 1) % 10); break;
                    }
                    t[o++] = d;
                }
                t[o] = '\0';
                if (pattern == 0) {
                    t[sign != 0] = (char)('1' + rng_below(r, 9));
                }
            }
        }
    }
    return k;
}

static void test_swar_tokens(void)
{
    /* what follows the token: a delimiter (then blanks), or a byte that
     * makes it bad, or nothing (the token ends the input) */
    static const char *const follows[] = {
        " ", "\t", "\n", "\r\n", "\r", "\v", "\f",   "#c\n", "#",    "",
        "x", ".",  "/",  ":",    "+",  "-",  "\x80", "\xff", "\xfa", "'"};
    static const size_t follow_len[] = {1, 1, 1, 2, 1, 1, 1, 3, 1, 0,
                                        1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
    static const char *const prefixes[] = {"2 7 ", "2 7\n", "2\r\n7\r\n\r\n  ",
                                           "# c\n2 7\t"};
    char toks[600][32];
    swar_tallies_t st;
    sb_t b = {NULL, 0, 0};
    rng_t r;
    memset(&st, 0, sizeof st);
    rng_seed(&r, 24);
    const size_t ntok = swar_tokens(&r, toks, 600);
    size_t cases = 0;
    for (size_t t = 0; t < ntok; t++) {
        const size_t toklen = strlen(toks[t]);
        for (size_t f = 0; f < sizeof follows / sizeof follows[0]; f++) {
            for (size_t pad = 0; pad <= 28; pad += light ? 5 : 1) {
                const char *prefix = prefixes[(t + f + pad) % 4];
                b.len = 0;
                sb_str(&b, prefix);
                const size_t tok = b.len;
                sb_str(&b, toks[t]);
                sb_add(&b, follows[f], follow_len[f]);
                if (follow_len[f] == 0 && pad > 0) {
                    continue; /* "end": only with nothing after */
                }
                /* after a bad byte, blanks end the token; after a '#'
                 * comment with no newline, blanks are in the comment */
                sb_repeat(&b, ' ', pad);
                const size_t toktotal =
                    is_delim(follows[f][0]) || follow_len[f] == 0
                        ? toklen
                        : toklen + follow_len[f];
                swar_case(&st, b.data, b.len, tok, toktotal,
                          (int)((t + pad) % 2));
                cases++;
            }
        }
    }
    free(b.data);
    ok(tally_passed(&st.values),
       "%zu tokens (every length 1..22 digits in 6 patterns, no sign, '-', "
       "'+'; INT64_MAX, INT64_MIN, leading zeros) followed by each "
       "delimiter (space, tab, LF, CR LF, CR, \\v, \\f, a comment) or the "
       "end, 0..28 blanks after (the fast path needs 24 bytes): value, last "
       "token's place and clean end as strtoll-like parsing says (%ld "
       "checks)",
       ntok, st.values.checks);
    ok(tally_passed(&st.errors),
       "the same tokens when out of range (INT64_MAX + 1, INT64_MIN - 1, "
       "20+ digits) or followed by a bad byte (x . / : + - \\x80 \\xff "
       "\\xfa '): ESYNTAX or ERANGE at the token's line and column with the "
       "message as before, quote included (%ld checks; %zu cases, %ld with "
       "24+ bytes left)",
       st.errors.checks, cases, st.fast_cases);
}

/* Every byte after a run of digits, at every position in an 8-byte word,
 * near the end of the buffer and far from it. */
static void test_swar_every_byte(void)
{
    swar_tallies_t st;
    sb_t b = {NULL, 0, 0};
    memset(&st, 0, sizeof st);
    for (int c = 0; c < 256; c++) {
        for (size_t digits = 1; digits <= 19; digits++) {
            for (size_t pad = 0; pad <= 26; pad += 13) {
                b.len = 0;
                sb_str(&b, "2 7 ");
                const size_t tok = b.len;
                for (size_t i = 0; i < digits; i++) {
                    sb_char(&b, (char)('1' + i % 9));
                }
                sb_char(&b, (char)c);
                sb_repeat(&b, ' ', pad);
                /* the byte ends the token (a delimiter) or belongs to it */
                const size_t toklen = is_delim((char)c) ? digits : digits + 1;
                swar_case(&st, b.data, b.len, tok, toklen, (int)(digits % 2));
            }
        }
        /* the byte first, then digits */
        b.len = 0;
        sb_str(&b, "2 7 ");
        const size_t tok = b.len;
        if (is_delim((char)c)) {
            continue;
        }
        sb_char(&b, (char)c);
        sb_str(&b, "12345678901234");
        sb_repeat(&b, ' ', 20);
        swar_case(&st, b.data, b.len, tok, 15, c % 2);
    }
    free(b.data);
    ok(tally_passed(&st.values) && tally_passed(&st.errors),
       "each of the 256 byte values right after 1..19 digits (with 0, 13 "
       "and 26 blanks after) and before 14 digits: a value when the byte is "
       "a delimiter, else ESYNTAX quoting it (\\xHH when not printable), at "
       "the token's place (%ld checks)",
       st.values.checks + st.errors.checks);
}

/* Long rows of random tokens read in batches: the values and, after each
 * batch, the last token's place. */
static void test_swar_batches(void)
{
    static const char *const seps[] = {" ",  "\t", "\n", "\r\n",
                                       "\v", "\f", "  ", " \n\n "};
    tally_t t = {0, 0};
    sb_t b = {NULL, 0, 0};
    int64_t want[300], got[300];
    size_t offs[300];
    rng_t r, g;
    rng_seed(&r, 8);
    rng_seed(&g, 88);
    for (int row = 0; row < scaled(3000); row++) {
        const size_t n = 1 + (size_t)rng_below(&r, 300);
        b.len = 0;
        sb_fmt_u(&b, n);
        for (size_t i = 0; i < n; i++) {
            char text[64];
            const size_t digits = 1 + (size_t)rng_below(&r, 19);
            uint64_t mag = 0;
            int neg = (int)rng_below(&r, 2);
            sb_str(&b, seps[rng_below(&r, 8)]);
            offs[i] = b.len;
            for (size_t d = 0; d < digits; d++) {
                const unsigned dig = (unsigned)rng_below(&r, 10);
                if (mag > (((uint64_t)1 << 63) - 9) / 10) {
                    break;
                }
                mag = mag * 10 + dig;
            }
            if (!neg && mag > (uint64_t)INT64_MAX) {
                mag = (uint64_t)INT64_MAX;
            }
            want[i] = neg ? (int64_t)(0 - mag) : (int64_t)mag;
            const unsigned style = (unsigned)rng_below(&r, 16);
            if (style == 0) {
                snprintf(text, sizeof text, "%s%023llu", neg ? "-" : "+",
                         (unsigned long long)mag); /* general path */
            } else if (style == 1 && !neg) {
                snprintf(text, sizeof text, "+%llu", (unsigned long long)mag);
            } else {
                snprintf(text, sizeof text, "%s%llu", neg ? "-" : "",
                         (unsigned long long)mag);
            }
            sb_str(&b, text);
        }
        if (rng_below(&r, 2)) {
            sb_str(&b, seps[rng_below(&r, 8)]);
        }
        char *copy;
        coinline_reader_t *rd = exact_reader(b.data, b.len, "b", &copy);
        uint64_t count = 0;
        size_t have = 0;
        int good = coinline_reader_next_game(rd, &count) == 1 && count == n;
        while (good) {
            size_t k = 0;
            const size_t max = 1 + (size_t)rng_below(&g, 64);
            const int rc = coinline_reader_next_coins(rd, got + have, max, &k);
            if (rc == 0) {
                break;
            }
            have += k;
            coinline_error_t w;
            uint64_t line, column;
            place_from(b.data, 0, offs[have - 1], &line, &column);
            good = rc == 1 && have <= n &&
                   coinline_reader_last_token(rd, &w) == 0 && w.line == line &&
                   w.column == column;
        }
        good = good && have == n && memcmp(got, want, n * sizeof *got) == 0 &&
               coinline_reader_next_game(rd, &count) == 0;
        if (!tally_check(&t, good)) {
            tally_note(&t, "row %d (%zu coins, %zu bytes): %zu coins read", row,
                       n, b.len, have);
        }
        coinline_reader_free(rd);
        free(copy);
    }
    free(b.data);
    ok(tally_passed(&t),
       "%d games of 1..300 coins of 1..19 digits (random signs, '+', 23-digit "
       "zero-padded ones; spaces, tabs, LF, CR LF, \\v, \\f; with and "
       "without a final separator) read with next_coins in batches of "
       "1..64: every value exact and, after each batch, last_token at the "
       "line and column of the batch's last coin",
       scaled(3000));
}

/* Lines are counted only when a place is asked for: an error placed
 * after the last token must not move the last token's place. */
static void test_lazy_last_token_after_error(void)
{
    static const struct {
        const char *text;
        uint64_t eline, ecol; /* the error */
        uint64_t tline, tcol; /* the last token */
        const char *what;
    } cases[] = {
        {"3\n1 2\n\n\n", 5, 1, 2, 3,
         "a truncated game \"3\\n1 2\\n\\n\\n\" (ETRUNC at 5:1)"},
        {"4 1 2\r\n3 # more\n", 3, 1, 2, 1,
         "a truncated game ending in a comment (ETRUNC at 3:1)"},
        {"2\n\n\n", 4, 1, 1, 1,
         "a count and blank lines (ETRUNC at 4:1; the count is the last "
         "token)"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *copy;
        const size_t len = strlen(cases[i].text);
        coinline_reader_t *r = exact_reader(cases[i].text, len, "z", &copy);
        int64_t *coins = NULL;
        size_t n = 0;
        coinline_error_t e, t;
        memset(&e, 0, sizeof e);
        memset(&t, 0, sizeof t);
        const int rc = coinline_reader_read_game(r, &coins, &n);
        coinline_reader_error(r, &e);
        const int trc = coinline_reader_last_token(r, &t);
        ok(rc == COINLINE_ETRUNC && e.line == cases[i].eline &&
               e.column == cases[i].ecol && trc == 0 &&
               t.line == cases[i].tline && t.column == cases[i].tcol,
           "%s: last_token after the error is still the last token read, "
           "%llu:%llu (got %llu:%llu)",
           cases[i].what, (unsigned long long)cases[i].tline,
           (unsigned long long)cases[i].tcol, (unsigned long long)t.line,
           (unsigned long long)t.column);
        coinline_reader_free(r);
        free(copy);
    }
}

int main(void)
{
    light = under_valgrind();
    /* a. coinline_stream_append() */
    test_append_edges();
    test_append_random();
    test_append_wide_at_join();
    test_append_extremes();
    test_append_long();
    /* b. coinline_reader_split() and coinline_reader_join() */
    test_split_chosen();
    test_split_last_token();
    test_split_long_game();
    test_split_random();
    test_split_file();
    /* c. refusals, and readers that are not in memory */
    test_split_einval();
    test_split_not_memory();
    /* d. the fast path */
    test_swar_tokens();
    test_swar_every_byte();
    test_swar_batches();
    test_lazy_last_token_after_error();
    /* e. the random splits and the fast path again at every other level of
     * the reader's fast path (lib/scan.h), forced by COINLINE_SIMD */
    const int best = cl_scan_pick();
    for (int level = 0; level < CL_SCAN_LEVELS; level++) {
        if (level == best)
            continue;
        if (!cl_scan_supported(level)) {
            ok(1, "level %s # skip the processor lacks it",
               cl_scan_name(level));
            continue;
        }
        ok(setenv("COINLINE_SIMD", cl_scan_name(level), 1) == 0,
           "the tests below at level %s (above: %s)", cl_scan_name(level),
           cl_scan_name(best));
        test_split_random();
        test_swar_tokens();
        test_swar_every_byte();
        test_swar_batches();
    }
    unsetenv("COINLINE_SIMD");
    return done_testing();
}
