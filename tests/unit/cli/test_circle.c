/* SPDX-License-Identifier: MIT */
/*
 * test_circle.c - the tool's circle (cli/rules/circle.c, the words of
 * the shape, and cli/explain/circle.c, its explanation): the value of
 * --moves with --circle, P or P:LRL, checked (every form, every refusal
 * with its column) and played on a game; the circle explain solves once,
 * its first position, totals and line as coinline_circle_solve() and
 * coinline_circle_line() give them with every solver, and each move of
 * its line at the circle position of the coin taken (against
 * coinline_circle_rotate()); and the position after P:LRL on random
 * circles against the tests' own oracle (the interval table of the line
 * left, tests/unit/common/oracle.c), ties and int64 edges included.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/i128.h"
#include "common/oracle.h"
#include "common/rng.h"
#include "common/tap.h"
#include "explain/circle.h"
#include "rules.h"

static const coinline_rules_t circle_rules =
    COINLINE_RULES_INIT(COINLINE_SHAPE_CIRCLE, COINLINE_SCORE_TAKEN);

/* The circle's words. */
static const cli_shape_words_t *circle(void)
{
    return cli_shape_words(&circle_rules);
}

/* Plays text (P or P:LRL) with the circle's words on a new game of the
 * coins a[0..n-1] into *st. Returns play_moves()'s code (err set when it
 * is COINLINE_EMOVE). */
static int play_text(const int64_t *a, size_t n, const char *text,
                     coinline_game_state_t *st, coinline_error_t *err)
{
    coinline_game_t *g;
    int rc = coinline_game_new(&circle_rules, a, n, &g);
    if (rc == COINLINE_OK)
        rc = circle()->play_moves(g, text, err);
    if (rc == COINLINE_OK)
        rc = coinline_game_state(g, st);
    coinline_game_free(g);
    return rc;
}

/* The state after first, then the moves L or R at the ends, played one
 * by one (the first 0: none). */
static void play_by_hand(const int64_t *a, size_t n, uint64_t first,
                         const char *moves, coinline_game_state_t *st)
{
    coinline_game_t *g;
    coinline_game_new(&circle_rules, a, n, &g);
    if (first > 0)
        coinline_game_play(g, first);
    for (const char *m = moves; *m != '\0'; m++) {
        coinline_game_state(g, st);
        coinline_game_play(g, *m == 'L' || *m == 'l' ? st->left_end
                                                     : st->right_end);
    }
    coinline_game_state(g, st);
    coinline_game_free(g);
}

/* A parsed --moves text: on 13 coins, the same position as played by
 * hand, or (past 13) refused as off the circle. */
static int parsed_as(const char *text, uint64_t first, size_t nmoves)
{
    static const int64_t a[13] = {4, -2, 7, 0, 3, 9, -5, 1, 8, 2, 6, -1, 5};
    coinline_game_state_t got, want;
    coinline_error_t err;
    const char *moves = strchr(text, ':') != NULL ? strchr(text, ':') + 1 : "";
    const int rc = play_text(a, 13, text, &got, &err);
    if (first > 13) {
        char msg[128];
        snprintf(msg, sizeof msg,
                 "column 1: position %llu is not on the circle: it has 13 "
                 "coins",
                 (unsigned long long)first);
        return rc == COINLINE_EMOVE && strcmp(err.message, msg) == 0;
    }
    play_by_hand(a, 13, first, moves, &want);
    return rc == 0 && strlen(moves) == nmoves &&
           got.moves == (first > 0) + nmoves &&
           i128_from_ci(got.p1) == i128_from_ci(want.p1) &&
           i128_from_ci(got.p2) == i128_from_ci(want.p2) &&
           got.best == want.best && got.left_end == want.left_end &&
           got.right_end == want.right_end;
}

static void test_parse(void)
{
    static const struct {
        const char *text;
        int rc;
        uint64_t first;
        size_t nmoves, column; /* of the moves, or of the error */
        const char *message;   /* its start, after "column C: " */
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
        coinline_error_t err;
        char start[160];
        const int rc = circle()->check_moves(cases[i].text, &err);
        int good = rc == cases[i].rc;
        if (good && rc == 0)
            good = parsed_as(cases[i].text, cases[i].first, cases[i].nmoves);
        else if (good) {
            snprintf(start, sizeof start, "column %zu: %s", cases[i].column,
                     cases[i].message);
            good = err.line == 1 && err.column == cases[i].column &&
                   strncmp(err.message, start, strlen(start)) == 0;
        }
        ok(good, "parse \"%s\": rc %d; %s", cases[i].text, rc,
           rc == 0 ? "" : err.message);
    }
}

/* A random circle of n coins in a (kind chosen by r). */
static void random_circle(rng_t *r, int64_t *a, size_t n)
{
    gen_values(r, a, n, (vals_t)rng_below(r, VALS_COUNT));
}

/* Explains the circle a[0..n-1] (json or words) into buf. */
static int explain(const int64_t *a, size_t n, int json, char **buf)
{
    size_t len;
    FILE *fp = open_memstream(buf, &len);
    const cli_explain_t x = {
        &circle_rules, circle(), cli_score_words(&circle_rules), a, n,
        json,          fp};
    const int rc = fp != NULL ? cli_explain_circle(&x) : COINLINE_ENOMEM;
    if (fp != NULL)
        fclose(fp);
    return rc;
}

/* The JSON of explain's result as res, first and moves give it. */
static void want_json(const coinline_circle_result_t *res, uint64_t first,
                      const char *moves, size_t n, char *buf, size_t size)
{
    char s[4][48], at[24] = "null";
    const i128 sum = i128_from_ci(res->sum), p1 = i128_from_ci(res->p1);
    const i128 m = i128_from_ci(res->margin);
    if (n > 0)
        snprintf(at, sizeof at, "%llu", (unsigned long long)first);
    snprintf(buf, size,
             "\"sum\":%s,\"p1\":%s,\"p2\":%s,\"margin\":%s,\"winner\":\"%s\","
             "\"first_move\":%s,\"line\":\"%s\"",
             i128_str(sum, s[0]), i128_str(p1, s[1]), i128_str(sum - p1, s[2]),
             i128_str(m, s[3]),
             m > 0   ? "first"
             : m < 0 ? "second"
                     : "draw",
             at, moves);
}

/* The next numbered line of explain's words after p ("\n  N. "; a
 * folded line goes on indented by four), or NULL. */
static const char *next_item(const char *p)
{
    for (p = strstr(p, "\n  "); p != NULL && (p[3] < '0' || p[3] > '9');)
        p = strstr(p + 1, "\n  ");
    return p;
}

/* Each move after the first in explain's words: the coin taken, the
 * side and the position; they are the line left's (rotated from first)
 * at the circle's positions. */
static int check_words(const int64_t *a, size_t n, uint64_t first,
                       const char *moves, const char *words)
{
    int64_t line[20];
    size_t lo = 0, hi = n - 1, k = 0;
    coinline_circle_rotate(a, n, first, line);
    for (const char *p = strstr(words, "\n  2. "); p != NULL && k + 1 < n;
         p = next_item(p + 1), k++) {
        size_t num;
        int player;
        long long coin;
        unsigned long long pos;
        char side[8];
        if (sscanf(p, "\n  %zu. player %d takes %lld (%7[a-z], position %llu)",
                   &num, &player, &coin, side, &pos) != 5)
            return 0;
        const size_t i = moves[k] == 'L' ? lo++ : --hi;
        if (num != k + 2 || player != 2 - (int)(k % 2) ||
            strcmp(side, moves[k] == 'L' ? "left" : "right") != 0 ||
            coin != line[i] || pos < 1 || pos > n || a[pos - 1] != coin ||
            pos == first || pos != (first + i) % n + 1)
            return 0;
    }
    return k + 1 == n;
}

static void test_explain(void)
{
    rng_t r;
    tally_t t = {0, 0};
    int64_t a[20];
    rng_seed(&r, 15);
    for (int trial = 0; trial < 3000; trial++) {
        const size_t n = (size_t)rng_below(&r, 19);
        const coinline_algo_t algo = (coinline_algo_t)(trial % 3);
        coinline_circle_result_t res;
        uint64_t first = 0;
        char want[512], moves[21], *json = NULL, *words = NULL;
        random_circle(&r, a, n);
        coinline_circle_solve(a, n, algo, &res);
        coinline_circle_line(a, n, algo, &first, moves);
        want_json(&res, first, moves, n, want, sizeof want);
        const int rc = explain(a, n, 1, &json) | explain(a, n, 0, &words);
        if (!tally_check(&t,
                         rc == 0 && first == res.first &&
                             strstr(json, want) != NULL &&
                             (n < 2 || check_words(a, n, first, moves, words))))
            tally_note(&t, "n %zu, algo %d: %s, want %s", n, (int)algo, json,
                       want);
        free(json);
        free(words);
    }
    ok(tally_passed(&t),
       "explain --circle: circle_solve() and circle_line() (3000 circles, "
       "every solver); the line's coins at their circle positions");
}

/* The position after first and moves by the oracle's table of the line
 * left, as the game's players see it. */
static void expect_position(const int64_t *a, size_t n, uint64_t first,
                            const char *moves, size_t k,
                            coinline_game_state_t *w)
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
    w->moves = 1 + k;
    w->left = hi - lo;
    w->to_move = lo < hi ? mover + 1 : 0;
    w->best_side = lo < hi ? oracle_move(&T, lo, hi) : COINLINE_SIDE_NONE;
    if (lo < hi) {
        const size_t i = w->best_side == COINLINE_SIDE_LEFT ? lo : hi - 1;
        w->best = (first + i) % n + 1;
    }
    w->value = i128_to_ci(v);
    w->p1 = i128_to_ci(t[0]);
    w->p2 = i128_to_ci(t[1]);
    w->final_margin = i128_to_ci(t[0] - t[1] + (mover == 0 ? v : -v));
    oracle_table_free(&T);
}

static int same_position(const coinline_game_state_t *x,
                         const coinline_game_state_t *y)
{
    return x->n == y->n && x->moves == y->moves && x->left == y->left &&
           x->to_move == y->to_move && x->best == y->best &&
           x->best_side == y->best_side &&
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
        coinline_game_state_t got, want;
        coinline_error_t err;
        random_circle(&r, a, n);
        for (size_t j = 0; j < k; j++)
            moves[j] = rng_below(&r, 2) ? 'L' : 'R';
        moves[k] = '\0';
        snprintf(text, sizeof text, "%llu:%s", (unsigned long long)first,
                 moves);
        const int rc = play_text(a, n, text, &got, &err);
        expect_position(a, n, first, moves, k, &want);
        if (!tally_check(&t, rc == 0 && same_position(&got, &want)))
            tally_note(&t, "n %zu, \"%s\": best %llu, to move %d", n, text,
                       (unsigned long long)got.best, got.to_move);
    }
    ok(tally_passed(&t),
       "P:LRL played agrees with the oracle on 4000 positions");
}

static void test_start_and_refusals(void)
{
    const int64_t a[7] = {1, 3, 5, 2, 9, 4, 6};
    coinline_game_state_t p;
    coinline_error_t err;
    ok(play_text(a, 5, "", &p, &err) == 0 && p.to_move == 1 && p.best == 5 &&
           p.best_side == COINLINE_SIDE_NONE && a[p.best - 1] == 9 &&
           i128_from_ci(p.final_margin) == 8 && p.moves == 0 && p.left == 5,
       "the start of 1 3 5 2 9: player 1 to move, position 5, margin 8");
    ok(play_text(NULL, 0, "", &p, &err) == 0 && p.to_move == 0 && p.best == 0,
       "the start of an empty circle: nobody to move");
    int rc = play_text(a, 5, "6", &p, &err);
    ok(rc == COINLINE_EMOVE && err.column == 1 &&
           strcmp(err.message, "column 1: position 6 is not on the circle: "
                               "it has 5 coins") == 0,
       "position 6 of 5: %s", err.message);
    rc = play_text(a, 5, "5:LLLLR", &p, &err);
    ok(rc == COINLINE_EMOVE && err.column == 7 &&
           strcmp(err.message, "column 7: move 6 is one too many: the circle "
                               "has 5 coins") == 0,
       "5:LLLLR on 5 coins: column %llu, %s", (unsigned long long)err.column,
       err.message);
    rc = play_text(a, 7, "007:LLLLLLL", &p, &err);
    ok(rc == COINLINE_EMOVE && err.column == 11 &&
           strcmp(err.message, "column 11: move 8 is one too many: the "
                               "circle has 7 coins") == 0,
       "007:LLLLLLL on 7 coins: the moves from column 5; %s", err.message);
    ok(play_text(a, 5, "5:LLLL", &p, &err) == 0 && p.to_move == 0 &&
           i128_from_ci(p.p1) == 14 && i128_from_ci(p.p2) == 6,
       "5:LLLL: the game over, 14 to 6");
}

int main(void)
{
    test_parse();
    test_explain();
    test_positions();
    test_start_and_refusals();
    return done_testing();
}
