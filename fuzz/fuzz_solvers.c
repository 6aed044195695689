/* SPDX-License-Identifier: MIT */
/*
 * fuzz_solvers - every solver of coinline must give the same exact answer.
 *
 * The input bytes describe a row of coins (see make_row()). The row is
 * solved by the linear, dp and brute solvers, by the streaming solver (coin
 * by coin, checking every prefix) and by an independent 128-bit interval DP
 * written here; every answer must agree exactly. coinline_best_move() must
 * agree across solvers at every sub-row, and coinline_line() must be the
 * same for every solver and follow the reference's moves.
 *
 * Byte 0 selects the mode: bit 7 clear gives a small row (n <= 16, every
 * solver including brute, every sub-row); bit 7 set gives a longer row
 * (n <= LONG_MAX_N, no brute, sampled sub-rows).
 *
 * Any disagreement calls abort().
 *
 * Built with -DFUZZ_ANY_OPTIMAL_MOVE, a move is accepted when it is optimal
 * even if the other end is optimal too (the header asks for ties to go
 * left): a diagnostic build to look for other bugs while a tie-breaking
 * bug is open. Never the default.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "coinline.h"
#include "fuzz_common.h"

#define SMALL_MAX_N 16
#define LONG_MAX_N  200
#define BRUTE_ALL_N 11

/* ---- helpers --------------------------------------------------------- */

/* ---- input decoding -------------------------------------------------- */

typedef struct {
    const uint8_t *p;
    size_t left;
} cursor_t;

static uint8_t take_byte(cursor_t *c)
{
    if (c->left == 0)
        return 0;
    c->left--;
    return *c->p++;
}

static const int64_t extremes[16] = {
    INT64_MAX,
    INT64_MIN,
    INT64_MAX - 1,
    INT64_MIN + 1,
    0,
    -1,
    1,
    INT64_MAX / 2,
    INT64_MIN / 2,
    INT64_MAX / 3,
    INT64_MIN / 3,
    (int64_t)1 << 62,
    -((int64_t)1 << 62),
    (int64_t)1 << 32,
    -((int64_t)1 << 32),
    4611686018427387903,
};

/* One coin from the cursor. The tag byte's low 3 bits choose the kind:
 * 0-3 a small value from the tag itself (many ties), 4 a signed byte,
 * 5 a signed 16-bit value, 6 an extreme from the table, 7 raw 8 bytes. */
static int64_t take_coin(cursor_t *c)
{
    uint8_t tag = take_byte(c);
    switch (tag & 7) {
    case 4: return (int8_t)take_byte(c);
    case 5: {
        uint16_t u = (uint16_t)(take_byte(c) | (take_byte(c) << 8));
        return (int16_t)u;
    }
    case 6: return extremes[(tag >> 3) & 15];
    case 7: {
        uint64_t u = 0;
        for (int k = 0; k < 8; k++)
            u = (u << 8) | take_byte(c);
        return (int64_t)u;
    }
    default: return (int64_t)(tag >> 3) - 16;
    }
}

/* ---- reference: interval DP over 128-bit values ---------------------- */

static i128 ref_v[LONG_MAX_N + 1][LONG_MAX_N + 1];
static unsigned char ref_left[LONG_MAX_N + 1][LONG_MAX_N + 1];
static unsigned char ref_right_ok[LONG_MAX_N + 1][LONG_MAX_N + 1];

/* ref_v[i][j]: value of a[i..j] for the player to move (j >= i);
 * ref_left[i][j]: 1 when taking the left coin is optimal (ties left);
 * ref_right_ok[i][j]: 1 when taking the right coin is optimal too. */
static void reference(const int64_t *a, size_t n)
{
    for (size_t len = 1; len <= n; len++) {
        for (size_t i = 0; i + len <= n; i++) {
            size_t j = i + len - 1;
            if (len == 1) {
                ref_v[i][j] = a[i];
                ref_left[i][j] = 1;
                ref_right_ok[i][j] = 1; /* the same coin */
                continue;
            }
            i128 l = (i128)a[i] - ref_v[i + 1][j];
            i128 r = (i128)a[j] - ref_v[i][j - 1];
            ref_left[i][j] = l >= r;
            ref_right_ok[i][j] = r >= l;
            ref_v[i][j] = l >= r ? l : r;
        }
    }
}

/* Is side the right answer for the sub-row a[lo..hi]? */
static int move_ok(size_t lo, size_t hi, coinline_side_t side)
{
    if (side == COINLINE_SIDE_LEFT)
        return ref_left[lo][hi] || (!EXACT_TIES && lo == hi);
    if (side == COINLINE_SIDE_RIGHT)
        return !ref_left[lo][hi] || (!EXACT_TIES && ref_right_ok[lo][hi]);
    return 0;
}

static void check_against_reference(const int64_t *a, size_t n,
                                    const coinline_result_t *res)
{
    i128 sum = 0;
    for (size_t i = 0; i < n; i++)
        sum += a[i];
    i128 v = n ? ref_v[0][n - 1] : 0;
    CHECK(res->n == n);
    CHECK(to_i128(res->sum) == sum);
    CHECK(to_i128(res->margin) == v);
    CHECK(to_i128(res->p1) + to_i128(res->p2) == sum);
    CHECK(to_i128(res->p1) - to_i128(res->p2) == to_i128(res->margin));
    CHECK((sum + v) % 2 == 0);
    CHECK(to_i128(res->p1) == (sum + v) / 2);
    CHECK(res->winner == (v > 0   ? COINLINE_WINNER_FIRST
                          : v < 0 ? COINLINE_WINNER_SECOND
                                  : COINLINE_WINNER_DRAW));
    if (n == 0)
        CHECK(res->first_move == COINLINE_SIDE_NONE);
    else
        CHECK(move_ok(0, n - 1, res->first_move));
}

/* ---- the checks ------------------------------------------------------ */

static const coinline_algo_t all_algos[3] = {
    COINLINE_ALGO_LINEAR, COINLINE_ALGO_DP, COINLINE_ALGO_BRUTE};

static void check_sub_row(const int64_t *a, size_t n, size_t lo, size_t hi,
                          int nalgos)
{
    for (int k = 0; k < nalgos; k++) {
        coinline_side_t side = COINLINE_SIDE_NONE;
        coinline_i128_t m;
        CHECK(coinline_best_move(a, n, lo, hi + 1, all_algos[k], &side, &m) ==
              0);
        CHECK(move_ok(lo, hi, side));
        CHECK(to_i128(m) == ref_v[lo][hi]);
        if (all_algos[k] != COINLINE_ALGO_LINEAR)
            continue; /* costly: once is enough */
        coinline_side_t side2 = COINLINE_SIDE_NONE;
        CHECK(coinline_best_move(a, n, lo, hi + 1, all_algos[k], &side2,
                                 NULL) == 0);
        CHECK(side2 == side);
    }
}

static void check_line(const int64_t *a, size_t n, int nalgos)
{
    char *moves = malloc(n + 1);
    char *first = malloc(n + 1);
    CHECK(moves && first);
    for (int k = 0; k < nalgos; k++) {
        memset(moves, 'X', n + 1);
        CHECK(coinline_line(a, n, all_algos[k], moves) == 0);
        CHECK(moves[n] == '\0');
        /* Every move of the line is the reference's move there. */
        size_t lo = 0, hi = n; /* the coins left are a[lo..hi-1] */
        for (size_t t = 0; t < n; t++) {
            CHECK(moves[t] == 'L' || moves[t] == 'R');
            CHECK(move_ok(lo, hi - 1,
                          moves[t] == 'L' ? COINLINE_SIDE_LEFT
                                          : COINLINE_SIDE_RIGHT));
            if (moves[t] == 'L')
                lo++;
            else
                hi--;
        }
        if (k == 0)
            memcpy(first, moves, n + 1);
        else if (EXACT_TIES)
            CHECK(memcmp(first, moves, n + 1) == 0);
    }
    free(moves);
    free(first);
}

static void check_stream(const int64_t *a, size_t n, uint8_t flags,
                         const coinline_result_t *want)
{
    coinline_stream_t *s = NULL;
    CHECK(coinline_stream_new(&s) == 0);
    CHECK(s != NULL);

    coinline_result_t r;
    CHECK(coinline_stream_result(s, &r) == 0);
    CHECK(r.n == 0 && r.first_move == COINLINE_SIDE_NONE &&
          r.winner == COINLINE_WINNER_DRAW && to_i128(r.sum) == 0);

    if ((flags & 3) == 1) {
        /* all at once */
        CHECK(coinline_stream_push_many(s, a, n) == 0);
    } else {
        /* coin by coin (flags & 3 == 0), or push_many in chunks of 0 to 7
         * coins; the result after each step must match the reference */
        uint32_t chunks = flags;
        for (size_t i = 0; i < n;) {
            size_t k = 1;
            if (flags & 2) {
                k = (chunks >> 2) & 7;
                chunks = chunks * 1103515245u + 12345u;
                if (k > n - i)
                    k = n - i;
                CHECK(coinline_stream_push_many(s, a + i, k) == 0);
            } else {
                CHECK(coinline_stream_push(s, a[i]) == 0);
            }
            i += k;
            coinline_result_t pr;
            CHECK(coinline_stream_result(s, &pr) == 0);
            coinline_result_t lr;
            CHECK(coinline_solve(a, i, COINLINE_ALGO_LINEAR, &lr) == 0);
            CHECK(same_result(&pr, &lr));
            check_against_reference(a, i, &pr);
        }
    }
    CHECK(coinline_stream_result(s, &r) == 0);
    CHECK(same_result(&r, want));
    /* result() leaves the stream as it was */
    coinline_result_t again;
    CHECK(coinline_stream_result(s, &again) == 0);
    CHECK(same_result(&r, &again));

    /* Reuse after reset: the reversed row has the same value. */
    coinline_stream_reset(s);
    CHECK(coinline_stream_result(s, &r) == 0);
    CHECK(r.n == 0 && r.first_move == COINLINE_SIDE_NONE);
    for (size_t i = n; i-- > 0;)
        CHECK(coinline_stream_push(s, a[i]) == 0);
    CHECK(coinline_stream_result(s, &r) == 0);
    CHECK(r.n == want->n);
    CHECK(to_i128(r.sum) == to_i128(want->sum));
    CHECK(to_i128(r.margin) == to_i128(want->margin));
    CHECK(to_i128(r.p1) == to_i128(want->p1));
    CHECK(to_i128(r.p2) == to_i128(want->p2));
    CHECK(r.winner == want->winner);

    coinline_stream_free(s);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static int checked_limits;
    if (!checked_limits) {
        /* The exhaustive solver refuses rows over COINLINE_BRUTE_MAX. */
        static const int64_t big[COINLINE_BRUTE_MAX + 1];
        coinline_result_t r;
        CHECK(coinline_solve(big, COINLINE_BRUTE_MAX + 1, COINLINE_ALGO_BRUTE,
                             &r) == COINLINE_ETOOBIG);
        CHECK(coinline_solve(NULL, 0, COINLINE_ALGO_BRUTE, &r) == 0);
        CHECK(r.n == 0 && r.first_move == COINLINE_SIDE_NONE);
        checked_limits = 1;
    }

    cursor_t c = {data, size};
    uint8_t mode = take_byte(&c);
    uint8_t flags = take_byte(&c);
    int is_long = (mode & 0x80) != 0;
    size_t n = is_long ? (size_t)(mode & 0x7f) + (size_t)take_byte(&c)
                       : (size_t)(mode % (SMALL_MAX_N + 1));
    if (n > LONG_MAX_N)
        n = LONG_MAX_N;
    /* Never ask for more coins than the input can describe (each needs at
     * least its tag byte), but always allow the empty row. */
    if (n > c.left)
        n = c.left;

    int64_t a[LONG_MAX_N];
    for (size_t i = 0; i < n; i++)
        a[i] = take_coin(&c);

    reference(a, n);

    int nalgos = is_long ? 2 : 3;
    coinline_result_t res[3];
    for (int k = 0; k < nalgos; k++) {
        CHECK(coinline_solve(n ? a : NULL, n, all_algos[k], &res[k]) == 0);
        check_against_reference(a, n, &res[k]);
        CHECK(same_result(&res[k], &res[0]));
    }

    check_stream(a, n, flags, &res[0]);
    check_line(a, n, nalgos);

    if (!is_long) {
        /* brute's cost doubles with each coin: every sub-row up to
         * BRUTE_ALL_N coins, longer ones only for the whole row */
        for (size_t lo = 0; lo < n; lo++)
            for (size_t hi = lo; hi < n; hi++)
                check_sub_row(
                    a, n, lo, hi,
                    hi - lo < BRUTE_ALL_N || (lo == 0 && hi == n - 1) ? 3 : 2);
    } else if (n > 0) {
        /* Sampled sub-rows: prefixes, suffixes and ranges from the rest. */
        check_sub_row(a, n, 0, n - 1, nalgos);
        for (int t = 0; t < 6; t++) {
            size_t x = take_byte(&c) % n, y = take_byte(&c) % n;
            size_t lo = x < y ? x : y, hi = x < y ? y : x;
            check_sub_row(a, n, lo, hi, nalgos);
            check_sub_row(a, n, 0, hi, nalgos);
            check_sub_row(a, n, lo, n - 1, nalgos);
        }
    }
    return 0;
}
