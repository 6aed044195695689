/* SPDX-License-Identifier: MIT */
/* coinline_solve() and friends: known rows, edge sizes, errors, names. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "coinline.h"
#include "common/check.h"
#include "common/oracle.h"
#include "common/rng.h"
#include "common/tap.h"

#define MAXROW 8

typedef struct {
    size_t n;
    int64_t a[MAXROW];
    int64_t p1; /* the first player's total: a published known answer */
} classic_t;

static const classic_t classics[] = {
    {5, {1, 3, 5, 2, 9}, 14},       {4, {8, 15, 3, 7}, 22},
    {4, {5, 3, 7, 10}, 15},         {4, {2, 2, 2, 2}, 4},
    {6, {20, 30, 2, 2, 2, 10}, 42}, {4, {20, 30, 2, 2}, 32},
    {6, {3, 2, 2, 3, 1, 2}, 8},
};

static void test_classics(void)
{
    char row[128];
    for (size_t k = 0; k < sizeof classics / sizeof classics[0]; k++) {
        const classic_t *c = &classics[k];
        row_str(c->a, c->n, row, sizeof row);
        for (size_t j = 0; j < 3; j++) {
            coinline_result_t r;
            const int rc = coinline_solve(c->a, c->n, all_algos[j], &r);
            ok(rc == COINLINE_OK && i128_from_ci(r.p1) == c->p1,
               "%s: first player gets %lld on [%s]",
               coinline_algo_name(all_algos[j]), (long long)c->p1, row);
        }
    }
}

/* Every field of every algorithm's result equals the oracle's. */
static void check_all_fields(const int64_t *a, size_t n, const char *what)
{
    oracle_result_t want;
    oracle_solve_minimax(a, n, &want);
    for (size_t j = 0; j < 3; j++) {
        tally_t t = {0, 0};
        coinline_result_t r;
        const int rc = coinline_solve(a, n, all_algos[j], &r);
        if (tally_check(&t, rc == COINLINE_OK)) {
            check_result(&t, &r, &want, a, n, "solve");
        } else {
            tally_note(&t, "solve returned %d", rc);
        }
        ok(tally_passed(&t),
           "%s: %s: n, sum, p1, p2, margin, winner and "
           "tie-left first move all exact",
           coinline_algo_name(all_algos[j]), what);
    }
}

static void test_classic_fields(void)
{
    char what[160];
    char row[128];
    for (size_t k = 0; k < sizeof classics / sizeof classics[0]; k++) {
        const classic_t *c = &classics[k];
        snprintf(what, sizeof what, "[%s]",
                 row_str(c->a, c->n, row, sizeof row));
        check_all_fields(c->a, c->n, what);
    }
}

static void test_empty(void)
{
    const int64_t dummy[1] = {42};
    for (size_t j = 0; j < 3; j++) {
        coinline_result_t r;
        const char *name = coinline_algo_name(all_algos[j]);
        int rc;
        memset(&r, 0x5a, sizeof r);
        rc = coinline_solve(NULL, 0, all_algos[j], &r);
        ok(rc == COINLINE_OK && r.n == 0 && i128_from_ci(r.sum) == 0 &&
               i128_from_ci(r.p1) == 0 && i128_from_ci(r.p2) == 0 &&
               i128_from_ci(r.margin) == 0 &&
               r.winner == COINLINE_WINNER_DRAW &&
               r.first_move == COINLINE_SIDE_NONE,
           "%s: empty row (coins NULL, n 0) is an all-zero draw with first "
           "move NONE",
           name);
        memset(&r, 0x5a, sizeof r);
        rc = coinline_solve(dummy, 0, all_algos[j], &r);
        ok(rc == COINLINE_OK && r.n == 0 && i128_from_ci(r.p1) == 0 &&
               r.winner == COINLINE_WINNER_DRAW &&
               r.first_move == COINLINE_SIDE_NONE,
           "%s: n 0 with a non-NULL pointer ignores the coin", name);
    }
}

static void test_single(void)
{
    static const int64_t singles[] = {7, -5, 0, INT64_MAX, INT64_MIN};
    for (size_t k = 0; k < sizeof singles / sizeof singles[0]; k++) {
        char what[64];
        snprintf(what, sizeof what, "one coin %lld", (long long)singles[k]);
        check_all_fields(&singles[k], 1, what);
    }
}

static void test_winner(void)
{
    static const int64_t lose[] = {0, 1, 0};
    static const int64_t draw[] = {1, 1};
    static const int64_t win[] = {1, 3, 5, 2, 9};
    static const struct {
        const int64_t *a;
        size_t n;
        coinline_winner_t w;
        const char *label;
    } cases[] = {
        {lose, 3, COINLINE_WINNER_SECOND, "SECOND on [0 1 0]"},
        {draw, 2, COINLINE_WINNER_DRAW, "DRAW on [1 1]"},
        {win, 5, COINLINE_WINNER_FIRST, "FIRST on [1 3 5 2 9]"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        for (size_t j = 0; j < 3; j++) {
            coinline_result_t r;
            const int rc =
                coinline_solve(cases[k].a, cases[k].n, all_algos[j], &r);
            ok(rc == COINLINE_OK && r.winner == cases[k].w, "%s: winner is %s",
               coinline_algo_name(all_algos[j]), cases[k].label);
        }
    }
}

static void test_solve_errors(void)
{
    const int64_t a[3] = {1, 2, 3};
    coinline_result_t r;
    for (size_t j = 0; j < 3; j++) {
        const char *name = coinline_algo_name(all_algos[j]);
        is_int(coinline_solve(a, 3, all_algos[j], NULL), COINLINE_EINVAL,
               "%s: solve with result NULL gives EINVAL", name);
        is_int(coinline_solve(NULL, 3, all_algos[j], &r), COINLINE_EINVAL,
               "%s: solve with coins NULL and n 3 gives EINVAL", name);
    }
    is_int(coinline_solve(a, 3, (coinline_algo_t)3, &r), COINLINE_EINVAL,
           "solve with algo 3 (unknown) gives EINVAL");
    is_int(coinline_solve(a, 3, (coinline_algo_t)99, &r), COINLINE_EINVAL,
           "solve with algo 99 (unknown) gives EINVAL");
}

static void test_brute_limit(void)
{
    int64_t a[COINLINE_BRUTE_MAX + 1];
    coinline_result_t r;
    oracle_result_t want;
    tally_t t = {0, 0};
    rng_t g;
    rng_seed(&g, 25);
    gen_values(&g, a, COINLINE_BRUTE_MAX + 1, VALS_PM2);
    is_int(coinline_solve(a, COINLINE_BRUTE_MAX + 1, COINLINE_ALGO_BRUTE, &r),
           COINLINE_ETOOBIG,
           "brute with n = COINLINE_BRUTE_MAX + 1 (26) "
           "gives ETOOBIG");
    oracle_solve_dp(a, COINLINE_BRUTE_MAX, &want);
    if (tally_check(&t, coinline_solve(a, COINLINE_BRUTE_MAX,
                                       COINLINE_ALGO_BRUTE, &r) == 0)) {
        check_result(&t, &r, &want, a, COINLINE_BRUTE_MAX, "brute");
    }
    ok(tally_passed(&t), "brute accepts n = COINLINE_BRUTE_MAX (25) and is "
                         "exact on a random [-2,2] row");
}

static void test_best_move_errors(void)
{
    const int64_t a[3] = {1, 2, 3};
    int64_t big[COINLINE_BRUTE_MAX + 1] = {0};
    coinline_side_t side;
    coinline_i128_t m;
    is_int(coinline_best_move(NULL, 3, 0, 2, COINLINE_ALGO_LINEAR, &side, &m),
           COINLINE_EINVAL, "best_move with coins NULL gives EINVAL");
    is_int(coinline_best_move(a, 3, 0, 2, COINLINE_ALGO_LINEAR, NULL, &m),
           COINLINE_EINVAL, "best_move with side NULL gives EINVAL");
    is_int(coinline_best_move(a, 3, 2, 1, COINLINE_ALGO_LINEAR, &side, &m),
           COINLINE_EINVAL, "best_move with lo > hi gives EINVAL");
    is_int(coinline_best_move(a, 3, 0, 4, COINLINE_ALGO_LINEAR, &side, &m),
           COINLINE_EINVAL, "best_move with hi > n gives EINVAL");
    m = coinline_i128_from_int64(7);
    side = COINLINE_SIDE_LEFT;
    ok(coinline_best_move(a, 3, 2, 2, COINLINE_ALGO_DP, &side, &m) == 0 &&
           side == COINLINE_SIDE_NONE && m.hi == 0 && m.lo == 0,
       "best_move on an empty sub-row (lo == hi) gives NONE and margin 0");
    side = COINLINE_SIDE_LEFT;
    ok(coinline_best_move(NULL, 0, 0, 0, COINLINE_ALGO_LINEAR, &side, NULL) ==
               0 &&
           side == COINLINE_SIDE_NONE,
       "best_move on the empty row (coins NULL, n 0) gives NONE");
    is_int(coinline_best_move(a, 3, 0, 2, (coinline_algo_t)7, &side, &m),
           COINLINE_EINVAL, "best_move with an unknown algo gives EINVAL");
    is_int(coinline_best_move(big, COINLINE_BRUTE_MAX + 1, 0,
                              COINLINE_BRUTE_MAX + 1, COINLINE_ALGO_BRUTE,
                              &side, &m),
           COINLINE_ETOOBIG, "brute best_move on 26 coins gives ETOOBIG");
    side = COINLINE_SIDE_NONE;
    ok(coinline_best_move(a, 3, 1, 3, COINLINE_ALGO_BRUTE, &side, NULL) == 0 &&
           side == COINLINE_SIDE_RIGHT,
       "best_move with margin NULL works: RIGHT on sub-row [2 3] (1, 3)");
}

static void test_line_errors(void)
{
    const int64_t a[3] = {1, 2, 3};
    int64_t big[COINLINE_BRUTE_MAX + 1] = {0};
    char moves[COINLINE_BRUTE_MAX + 2];
    is_int(coinline_line(a, 3, COINLINE_ALGO_LINEAR, NULL), COINLINE_EINVAL,
           "line with moves NULL gives EINVAL");
    is_int(coinline_line(NULL, 3, COINLINE_ALGO_DP, moves), COINLINE_EINVAL,
           "line with coins NULL and n 3 gives EINVAL");
    is_int(coinline_line(a, 3, (coinline_algo_t)5, moves), COINLINE_EINVAL,
           "line with an unknown algo gives EINVAL");
    is_int(
        coinline_line(big, COINLINE_BRUTE_MAX + 1, COINLINE_ALGO_BRUTE, moves),
        COINLINE_ETOOBIG, "brute line on 26 coins gives ETOOBIG");
    {
        /* n^2/16 bytes = 2.5 GB > 2 GiB: refused before any work. */
        const size_t n = 200000;
        int64_t *row = calloc(n, sizeof *row);
        char *line = malloc(n + 1);
        ok(row != NULL && line != NULL &&
               coinline_line(row, n, COINLINE_ALGO_DP, line) ==
                   COINLINE_ETOOBIG,
           "dp line on 200000 coins (bit table 2.5 GB > 2 GiB) gives "
           "ETOOBIG");
        free(row);
        free(line);
    }
    for (size_t j = 0; j < 3; j++) {
        moves[0] = 'x';
        ok(coinline_line(a, 0, all_algos[j], moves) == 0 && moves[0] == '\0',
           "%s: line of the empty row is the empty string",
           coinline_algo_name(all_algos[j]));
    }
}

static void test_strerror(void)
{
    static const int codes[] = {
        COINLINE_OK,      COINLINE_EINVAL, COINLINE_ENOMEM,  COINLINE_ETOOBIG,
        COINLINE_ESYNTAX, COINLINE_ERANGE, COINLINE_ECOUNT,  COINLINE_ETRUNC,
        COINLINE_EIO,     COINLINE_EMOVE,  COINLINE_ERECORD,
    };
    static const int unknown[] = {-11, 1, 42, -100, INT_MIN, INT_MAX};
    const size_t nc = sizeof codes / sizeof codes[0];
    const char *unk = coinline_strerror(-11);
    for (size_t i = 0; i < nc; i++) {
        const char *s = coinline_strerror(codes[i]);
        int distinct =
            s != NULL && s[0] != '\0' && strcmp(s, "unknown error") != 0;
        for (size_t k = 0; k < i && distinct; k++) {
            distinct = strcmp(s, coinline_strerror(codes[k])) != 0;
        }
        ok(distinct, "strerror(%d) is a non-empty message of its own: \"%s\"",
           codes[i], s ? s : "(null)");
    }
    for (size_t i = 0; i < sizeof unknown / sizeof unknown[0]; i++) {
        is_str(coinline_strerror(unknown[i]), "unknown error",
               "strerror(%d) is \"unknown error\"", unknown[i]);
    }
    ok(unk != NULL, "strerror never returns NULL");
}

static void test_names(void)
{
    static const char *const names[3] = {"linear", "dp", "brute"};
    static const char *const bad[] = {"",        "LINEAR", "Linear", "line",
                                      "linear ", " dp",    "dpp",    "brute\n",
                                      "bf",      "minimax"};
    for (size_t j = 0; j < 3; j++) {
        coinline_algo_t got = (coinline_algo_t)99;
        is_str(coinline_algo_name(all_algos[j]), names[j],
               "algo_name(%d) is \"%s\"", (int)all_algos[j], names[j]);
        ok(coinline_algo_parse(names[j], &got) == 0 && got == all_algos[j],
           "algo_parse(\"%s\") round-trips to algo %d", names[j],
           (int)all_algos[j]);
    }
    ok(coinline_algo_name((coinline_algo_t)3) == NULL,
       "algo_name of an unknown algo (3) is NULL");
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        coinline_algo_t got;
        is_int(coinline_algo_parse(bad[i], &got), COINLINE_EINVAL,
               "algo_parse rejects \"%s\" with EINVAL",
               strcmp(bad[i], "brute\n") == 0 ? "brute\\n" : bad[i]);
    }
    {
        coinline_algo_t got;
        is_int(coinline_algo_parse(NULL, &got), COINLINE_EINVAL,
               "algo_parse(NULL) gives EINVAL");
        is_int(coinline_algo_parse("dp", NULL), COINLINE_EINVAL,
               "algo_parse with algo NULL gives EINVAL");
    }
}

static void test_version(void)
{
    char want[32];
    is_str(coinline_version_string(), COINLINE_VERSION_STRING,
           "version_string equals COINLINE_VERSION_STRING");
    is_int(coinline_version_number(), COINLINE_VERSION_NUMBER,
           "version_number equals COINLINE_VERSION_NUMBER");
    snprintf(want, sizeof want, "%u.%u.%u", coinline_version_number() / 10000,
             coinline_version_number() / 100 % 100,
             coinline_version_number() % 100);
    is_str(want, COINLINE_VERSION_STRING,
           "version_number reads back as the version string (%u)",
           coinline_version_number());
}

static void test_side_winner_err_names(void)
{
    static const int codes[] = {
        COINLINE_OK,      COINLINE_EINVAL, COINLINE_ENOMEM,  COINLINE_ETOOBIG,
        COINLINE_ESYNTAX, COINLINE_ERANGE, COINLINE_ECOUNT,  COINLINE_ETRUNC,
        COINLINE_EIO,     COINLINE_EMOVE,  COINLINE_ERECORD,
    };
    static const char *const spelt[] = {
        "COINLINE_OK",      "COINLINE_EINVAL",  "COINLINE_ENOMEM",
        "COINLINE_ETOOBIG", "COINLINE_ESYNTAX", "COINLINE_ERANGE",
        "COINLINE_ECOUNT",  "COINLINE_ETRUNC",  "COINLINE_EIO",
        "COINLINE_EMOVE",   "COINLINE_ERECORD",
    };
    for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++)
        is_str(coinline_err_name(codes[i]), spelt[i], "err_name(%d) is %s",
               codes[i], spelt[i]);
    ok(coinline_err_name(-11) == NULL && coinline_err_name(1) == NULL &&
           coinline_err_name(INT_MIN) == NULL,
       "err_name of a value that is no code is NULL");
    is_str(coinline_side_name(COINLINE_SIDE_LEFT), "left", "side_name LEFT");
    is_str(coinline_side_name(COINLINE_SIDE_RIGHT), "right", "side_name RIGHT");
    is_str(coinline_side_name(COINLINE_SIDE_NONE), "none", "side_name NONE");
    ok(coinline_side_name((coinline_side_t)3) == NULL,
       "side_name of an unknown side is NULL");
    is_str(coinline_winner_name(COINLINE_WINNER_FIRST), "first",
           "winner_name FIRST");
    is_str(coinline_winner_name(COINLINE_WINNER_SECOND), "second",
           "winner_name SECOND");
    is_str(coinline_winner_name(COINLINE_WINNER_DRAW), "draw",
           "winner_name DRAW");
    ok(coinline_winner_name((coinline_winner_t)-1) == NULL,
       "winner_name of an unknown winner is NULL");
}

int main(void)
{
    test_classics();
    test_classic_fields();
    test_empty();
    test_single();
    test_winner();
    test_solve_errors();
    test_brute_limit();
    test_best_move_errors();
    test_line_errors();
    test_strerror();
    test_names();
    test_version();
    test_side_winner_err_names();
    return done_testing();
}
