/* SPDX-License-Identifier: MIT */
/*
 * test_circle.c - the tool's circle module (cli/circle.c): the value of
 * --moves with --circle parsed (every form, every refusal with its
 * column); cli_circle_play() as coinline_circle_solve() and
 * coinline_circle_line() give it, with every solver; cli_circle_at()
 * against coinline_circle_rotate(); and cli_circle_position() on random
 * circles and moves against the tests' own oracle (the interval table of
 * the line left, tests/unit/common/oracle.c), ties and int64 edges
 * included.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "circle.h"
#include "common/oracle.h"
#include "common/rng.h"
#include "common/tap.h"

static void test_parse(void)
{
    static const struct {
        const char *text;
        int rc;
        uint64_t first;
        size_t nmoves, column; /* of the moves, or of the error */
        const char *message;   /* its start */
    } cases[] = {
        {"", 0, 0, 0, 0, NULL},
        {"5", 0, 5, 0, 2, NULL},
        {"5:", 0, 5, 0, 3, NULL},
        {"12:LrRl", 0, 12, 4, 4, NULL},
        {"1000000000000", 0, 1000000000000, 0, 14, NULL},
        {"1000000000001", COINLINE_EMOVE, 0, 0, 1,
         "the position 1000000000001"},
        {"99999999999999999999999", COINLINE_EMOVE, 0, 0, 1, "the position 9"},
        {"0", COINLINE_EMOVE, 0, 0, 1, "position 0: positions start at 1"},
        {"007:L", 0, 7, 1, 5, NULL},
        {"L", COINLINE_EMOVE, 0, 0, 1, "expected the position"},
        {":L", COINLINE_EMOVE, 0, 0, 1, "expected the position"},
        {"-3", COINLINE_EMOVE, 0, 0, 1, "expected the position"},
        {"3L", COINLINE_EMOVE, 0, 0, 2, "expected ':'"},
        {"3 :L", COINLINE_EMOVE, 0, 0, 2, "expected ':'"},
        {"3:LxR", COINLINE_EMOVE, 0, 0, 4, "move 3 is 'x', not L or R"},
        {"3:L:", COINLINE_EMOVE, 0, 0, 4, "move 3 is ':', not L or R"},
        {"3:\xc3\xa9", COINLINE_EMOVE, 0, 0, 3, "move 2 is '?', not L or R"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        cli_circle_moves_t m;
        coinline_error_t err;
        const int rc = cli_circle_moves_parse(cases[i].text, &m, &err);
        int good = rc == cases[i].rc;
        if (good && rc == 0)
            good = m.first == cases[i].first && m.nmoves == cases[i].nmoves &&
                   (m.nmoves == 0 || m.column == cases[i].column) &&
                   strlen(m.moves) == m.nmoves;
        else if (good)
            good = err.line == 1 && err.column == cases[i].column &&
                   strncmp(err.message, cases[i].message,
                           strlen(cases[i].message)) == 0;
        ok(good, "parse \"%s\": rc %d, first %llu, %zu moves; %s",
           cases[i].text, rc, (unsigned long long)(rc == 0 ? m.first : 0),
           rc == 0 ? m.nmoves : 0, rc == 0 ? "" : err.message);
    }
}

/* A random circle of n coins in a (kind chosen by r). */
static void random_circle(rng_t *r, int64_t *a, size_t n)
{
    gen_values(r, a, n, (vals_t)rng_below(r, VALS_COUNT));
}

static void test_play(void)
{
    rng_t r;
    tally_t t = {0, 0};
    int64_t a[20], left[20];
    char moves[21], want[21];
    rng_seed(&r, 15);
    for (int trial = 0; trial < 3000; trial++) {
        const size_t n = (size_t)rng_below(&r, 19);
        const coinline_algo_t algo = (coinline_algo_t)(trial % 3);
        coinline_circle_result_t got, res;
        uint64_t first;
        random_circle(&r, a, n);
        const int rc = cli_circle_play(a, n, algo, &got, left, moves);
        coinline_circle_solve(a, n, algo, &res);
        coinline_circle_line(a, n, algo, &first, want);
        got.steps = res.steps;
        if (!tally_check(&t, rc == 0 && memcmp(&got, &res, sizeof res) == 0 &&
                                 first == got.first &&
                                 strcmp(moves, want) == 0))
            tally_note(&t, "n %zu, algo %d: first %llu %s, want %llu %s", n,
                       (int)algo, (unsigned long long)got.first, moves,
                       (unsigned long long)first, want);
        for (size_t i = 0; n > 1 && i + 1 < n; i++) {
            int64_t line[20];
            coinline_circle_rotate(a, n, got.first, line);
            const uint64_t p = cli_circle_at(n, got.first, i);
            if (!tally_check(&t, line[i] == left[i] && p >= 1 && p <= n &&
                                     a[p - 1] == line[i] && p != got.first))
                tally_note(&t, "n %zu: index %zu at position %llu", n, i,
                           (unsigned long long)p);
        }
    }
    ok(tally_passed(&t),
       "cli_circle_play() is circle_solve() and circle_line() (3000 circles, "
       "every solver); the line's positions by cli_circle_at()");
    coinline_circle_result_t res;
    ok(cli_circle_play(a, 3, COINLINE_ALGO_LINEAR, &res, NULL, moves) ==
           COINLINE_EINVAL,
       "cli_circle_play() without room for the line: COINLINE_EINVAL");
}

/* The position after first and moves by the oracle's table of the line
 * left, as the game's players see it. */
static void expect_position(const int64_t *a, size_t n, uint64_t first,
                            const char *moves, size_t k,
                            cli_circle_position_t *w)
{
    int64_t line[20];
    oracle_table_t T;
    i128 t[2] = {a[first - 1], 0};
    size_t lo = 0, hi = n - 1;
    for (size_t i = 0; i + 1 < n; i++)
        line[i] = a[(first + i) % n];
    for (size_t j = 0; j < k; j++)
        t[(j + 1) % 2] += moves[j] == 'L' ? line[lo++] : line[--hi];
    oracle_table_init(&T, line, n - 1);
    const i128 v = oracle_value(&T, lo, hi);
    const int mover = (int)((1 + k) % 2); /* 0: player 1 */
    memset(w, 0, sizeof *w);
    w->n = n;
    w->first = first;
    w->played = 1 + k;
    w->left = hi - lo;
    w->to_move = lo < hi ? mover + 1 : 0;
    w->side = oracle_move(&T, lo, hi);
    if (lo < hi) {
        const size_t i = w->side == COINLINE_SIDE_LEFT ? lo : hi - 1;
        w->best = (first + i) % n + 1;
        w->best_coin = line[i];
    }
    w->value = i128_to_ci(v);
    w->p1 = i128_to_ci(t[0]);
    w->p2 = i128_to_ci(t[1]);
    w->final_margin = i128_to_ci(t[0] - t[1] + (mover == 0 ? v : -v));
    oracle_table_free(&T);
}

static int same_position(const cli_circle_position_t *x,
                         const cli_circle_position_t *y)
{
    return x->n == y->n && x->first == y->first && x->played == y->played &&
           x->left == y->left && x->to_move == y->to_move &&
           x->best == y->best && x->side == y->side &&
           x->best_coin == y->best_coin &&
           i128_from_ci(x->value) == i128_from_ci(y->value) &&
           i128_from_ci(x->p1) == i128_from_ci(y->p1) &&
           i128_from_ci(x->p2) == i128_from_ci(y->p2) &&
           i128_from_ci(x->final_margin) == i128_from_ci(y->final_margin);
}

static void test_positions(void)
{
    rng_t r;
    tally_t t = {0, 0};
    int64_t a[16];
    char text[40];
    rng_seed(&r, 16);
    for (int trial = 0; trial < 4000; trial++) {
        const size_t n = 1 + (size_t)rng_below(&r, 14);
        const uint64_t first = 1 + rng_below(&r, n);
        const size_t k = (size_t)rng_below(&r, n);
        char moves[16];
        cli_circle_moves_t m;
        cli_circle_position_t got, want;
        random_circle(&r, a, n);
        for (size_t j = 0; j < k; j++)
            moves[j] = rng_below(&r, 2) ? 'L' : 'R';
        moves[k] = '\0';
        snprintf(text, sizeof text, "%llu:%s", (unsigned long long)first,
                 moves);
        const int rc = cli_circle_moves_parse(text, &m, NULL) ||
                       cli_circle_position(a, n, &m, &got, NULL);
        expect_position(a, n, first, moves, k, &want);
        if (!tally_check(&t, rc == 0 && same_position(&got, &want)))
            tally_note(&t, "n %zu, \"%s\": best %llu, to move %d", n, text,
                       (unsigned long long)got.best, got.to_move);
    }
    ok(tally_passed(&t),
       "cli_circle_position() agrees with the oracle on 4000 positions");
}

static void test_start_and_refusals(void)
{
    const int64_t a[5] = {1, 3, 5, 2, 9};
    cli_circle_moves_t m;
    cli_circle_position_t p;
    coinline_error_t err;
    cli_circle_moves_parse("", &m, NULL);
    ok(cli_circle_position(a, 5, &m, &p, NULL) == 0 && p.to_move == 1 &&
           p.best == 5 && p.side == COINLINE_SIDE_NONE && p.best_coin == 9 &&
           i128_from_ci(p.final_margin) == 8 && p.played == 0 && p.left == 5,
       "the start of 1 3 5 2 9: player 1 to move, position 5, margin 8");
    ok(cli_circle_position(NULL, 0, &m, &p, NULL) == 0 && p.to_move == 0 &&
           p.best == 0,
       "the start of an empty circle: nobody to move");
    cli_circle_moves_parse("6", &m, NULL);
    int rc = cli_circle_position(a, 5, &m, &p, &err);
    ok(rc == COINLINE_EMOVE && err.column == 1 &&
           strcmp(err.message,
                  "position 6 is not on the circle: it has 5 coins") == 0,
       "position 6 of 5: %s", err.message);
    cli_circle_moves_parse("5:LLLLR", &m, NULL);
    rc = cli_circle_position(a, 5, &m, &p, &err);
    ok(rc == COINLINE_EMOVE && err.column == 7 &&
           strcmp(err.message,
                  "move 6 is one too many: the circle has 5 coins") == 0,
       "5:LLLLR on 5 coins: column %llu, %s", (unsigned long long)err.column,
       err.message);
    cli_circle_moves_parse("5:LLLL", &m, NULL);
    ok(cli_circle_position(a, 5, &m, &p, NULL) == 0 && p.to_move == 0 &&
           i128_from_ci(p.p1) == 14 && i128_from_ci(p.p2) == 6,
       "5:LLLL: the game over, 14 to 6");
}

int main(void)
{
    test_parse();
    test_play();
    test_positions();
    test_start_and_refusals();
    return done_testing();
}
