/* SPDX-License-Identifier: MIT */
/* coinline_against_solve(): the best reply to a known opponent, against
 * an exhaustive search in exact fractions of its own on many small rows
 * (every rule, both seats, signs, ties, odd and even n), its line against
 * the library's strategies played out move by move, and on SPOJ TWENDS's
 * sample. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "coinline.h"
#include "common/i128.h"
#include "common/tap.h"

/* An exact fraction num/den, den > 0. */
typedef struct {
    i128 num, den;
} frac_t;

static i128 gcd(i128 a, i128 b)
{
    a = a < 0 ? -a : a;
    b = b < 0 ? -b : b;
    while (b != 0) {
        const i128 t = a % b;
        a = b;
        b = t;
    }
    return a;
}

static frac_t reduced(i128 num, i128 den)
{
    const i128 g = gcd(num, den);
    frac_t f = {num / (g ? g : 1), den / (g ? g : 1)};
    return f;
}

/* a w1/d + b w2/d, the weights over a common d. */
static frac_t mix(frac_t a, i128 w1, frac_t b, i128 w2, i128 d)
{
    return reduced(a.num * b.den * w1 + b.num * a.den * w2, a.den * b.den * d);
}

static int less(frac_t a, frac_t b)
{
    return a.num * b.den < b.num * a.den;
}

static const int64_t a_row[3] = {1, 2, 3};
static char line_buf[4];

/* The rule: kind 0 greedy, 1 parity, 2 optimal, 3 random, 4 fallible
 * p/q. */
typedef struct {
    int kind;
    i128 p, q;
    const int64_t *a;
    size_t n;
    int seat; /* the rule's */
} rule_t;

/* The classic value of a[lo..hi-1] for the player to move (minimax). */
static i128 classic(const int64_t *a, size_t lo, size_t hi)
{
    if (lo == hi)
        return 0;
    const i128 l = a[lo] - classic(a, lo + 1, hi);
    const i128 r = a[hi - 1] - classic(a, lo, hi - 1);
    return l >= r ? l : r;
}

/* The rule's move at lo..hi: 1 for the left end (deterministic kinds). */
static int rule_left(const rule_t *R, size_t lo, size_t hi)
{
    const int64_t *a = R->a;
    if (R->kind == 2 || R->kind == 4)
        return a[lo] - classic(a, lo + 1, hi) >=
               a[hi - 1] - classic(a, lo, hi - 1);
    if (R->kind == 1 && (hi - lo) % 2 == 0) {
        i128 even = 0, odd = 0;
        for (size_t i = lo; i < hi; i++)
            *(i % 2 == 0 ? &even : &odd) += a[i];
        return even == odd || (even > odd) == (lo % 2 == 0);
    }
    return a[lo] >= a[hi - 1];
}

/* Player 1's margin (minus player 2's) from lo..hi on, exhaustively. */
static frac_t value(const rule_t *R, size_t lo, size_t hi)
{
    if (lo == hi)
        return reduced(0, 1);
    const int mover = (R->n - (hi - lo)) % 2 == 0 ? 1 : 2;
    const i128 sign = mover == 1 ? 1 : -1;
    frac_t l = value(R, lo + 1, hi), r = value(R, lo, hi - 1);
    l = mix(l, 1, reduced(sign * R->a[lo], 1), 1, 1);
    r = mix(r, 1, reduced(sign * R->a[hi - 1], 1), 1, 1);
    if (mover != R->seat) { /* the replier maximises its own margin */
        const int take_l = mover == 1 ? !less(l, r) : !less(r, l);
        return take_l ? l : r;
    }
    if (R->kind < 3 || (R->kind == 4 && R->p == 0))
        return rule_left(R, lo, hi) ? l : r;
    const frac_t coin = mix(l, 1, r, 1, 2);
    if (R->kind == 3)
        return coin;
    const frac_t best = rule_left(R, lo, hi) ? l : r;
    return mix(coin, R->p, best, R->q - R->p, R->q);
}

static void text_of(frac_t f, char *buf, size_t size)
{
    char n[64], d[64];
    i128_str(f.num, n);
    i128_str(f.den, d);
    if (f.den == 1)
        snprintf(buf, size, "%s", n);
    else
        snprintf(buf, size, "%s/%s", n, d);
}

static const char *const specs[] = {
    "greedy",        "parity",       "optimal",   "random",
    "fallible:0.25", "fallible:0.3", "fallible:0"};
static const int kinds[] = {0, 1, 2, 3, 4, 4, 4};
static const int ps[] = {0, 0, 0, 1, 1, 3, 0}, qs[] = {1, 1, 1, 1, 4, 10, 1};

/* Every rule, both seats, 1..9 coins of -3..4 (and wider), against the
 * exhaustive search: the margin and both totals, as reduced fractions. */
static void replies_match_an_exhaustive_search(void)
{
    tally_t t = {0, 0};
    uint64_t state = 77;
    for (int round = 0; round < 400; round++) {
        int64_t a[9];
        const size_t n = 1 + (size_t)round % 9;
        const int wide = round % 5 == 0;
        coinline_random_row(&state, wide ? -1000000000 : -3,
                            wide ? 1000000000 : 4, a, n);
        for (size_t s = 0; s < sizeof specs / sizeof *specs; s++)
            for (int seat = 1; seat <= 2; seat++) {
                rule_t R = {kinds[s], ps[s], qs[s], a, n, seat};
                const frac_t v = value(&R, 0, n);
                i128 sum = 0;
                for (size_t i = 0; i < n; i++)
                    sum += a[i];
                const frac_t p1 = mix(reduced(sum, 1), 1, v, 1, 2);
                char want[3][128];
                text_of(v, want[0], sizeof want[0]);
                text_of(p1, want[1], sizeof want[1]);
                text_of(mix(reduced(sum, 1), 1, v, -1, 2), want[2],
                        sizeof want[2]);
                coinline_against_t r;
                const int rc = coinline_against_solve(a, n, specs[s], seat, &r);
                const int same = rc == COINLINE_OK &&
                                 strcmp(r.margin_text, want[0]) == 0 &&
                                 strcmp(r.p1_text, want[1]) == 0 &&
                                 strcmp(r.p2_text, want[2]) == 0;
                if (!tally_check(&t, same))
                    tally_note(&t,
                               "%s seat %d n %zu: got %s %s %s, want %s %s %s",
                               specs[s], seat, n, r.margin_text, r.p1_text,
                               r.p2_text, want[0], want[1], want[2]);
                if (rc == COINLINE_OK && r.exact)
                    tally_check(&t, i128_from_ci(r.margin) == v.num &&
                                        v.den == 1 &&
                                        i128_from_ci(r.p1) == p1.num);
                coinline_against_free(&r);
            }
    }
    ok(tally_passed(&t),
       "the best reply's values match an exhaustive search "
       "(%ld checks)",
       t.checks);
}

/* The line against a deterministic rule: the rule's moves are the
 * library strategy's, the reply's are first_move on the coins left, and
 * the line ends with the margin promised; random rules have no line. */
static void the_line_is_the_reply_and_the_rule(void)
{
    tally_t t = {0, 0};
    uint64_t state = 9;
    for (int round = 0; round < 400; round++) {
        int64_t a[11];
        char line[12];
        const size_t n = 1 + (size_t)round % 11;
        const int seat = 1 + round % 2;
        coinline_random_row(&state, -4, 6, a, n);
        for (size_t s = 0; s < 3; s++) {
            coinline_against_t whole;
            coinline_against_solve(a, n, specs[s], seat, &whole);
            int rc = coinline_against_line(a, n, specs[s], seat, line);
            coinline_strategy_t *st = NULL;
            coinline_engine_t *e = NULL;
            coinline_engine_state_t pos;
            coinline_strategy_new(specs[s], 0, &st);
            coinline_engine_new(a, n, &e);
            int same = rc == COINLINE_OK && strlen(line) == n;
            for (size_t k = 0; same && k < n; k++) {
                coinline_engine_state(e, &pos);
                coinline_side_t side;
                if (pos.to_move == seat) {
                    coinline_strategy_move(st, e, &side);
                } else {
                    coinline_against_t r;
                    coinline_against_solve(a + pos.lo, pos.hi - pos.lo,
                                           specs[s], 2, &r);
                    side = r.first_move;
                    coinline_against_free(&r);
                }
                same = line[k] == (side == COINLINE_SIDE_LEFT ? 'L' : 'R');
                coinline_engine_play(e, side);
            }
            coinline_engine_state(e, &pos);
            same = same && i128_from_ci(pos.p1) - i128_from_ci(pos.p2) ==
                               i128_from_ci(whole.margin);
            if (!tally_check(&t, same))
                tally_note(&t, "%s seat %d n %zu: line %s", specs[s], seat, n,
                           line);
            coinline_engine_free(e);
            coinline_strategy_free(st);
            coinline_against_free(&whole);
        }
    }
    ok(tally_passed(&t),
       "the line is the rule's moves and the best reply's "
       "(%ld lines)",
       t.checks);
    ok(coinline_against_line(a_row, 3, "random", 2, line_buf) ==
               COINLINE_EINVAL &&
           coinline_against_line(a_row, 3, "fallible:0.5", 2, line_buf) ==
               COINLINE_EINVAL &&
           coinline_against_line(a_row, 3, "greedy", 2, NULL) ==
               COINLINE_EINVAL,
       "no line against a random rule, nor without room for it");
}

/* SPOJ TWENDS's sample: player 2 greedy. */
static void twends_sample(void)
{
    static const int64_t a[] = {3, 2, 10, 4}, b[] = {1, 2, 3, 4, 5, 6, 7, 8},
                         c[] = {2, 2, 1, 5, 3, 8, 7, 3};
    coinline_against_t r[3];
    coinline_against_solve(a, 4, "greedy", 2, &r[0]);
    coinline_against_solve(b, 8, "greedy", 2, &r[1]);
    coinline_against_solve(c, 8, "greedy", 2, &r[2]);
    ok(strcmp(r[0].margin_text, "7") == 0 &&
           strcmp(r[1].margin_text, "4") == 0 &&
           strcmp(r[2].margin_text, "5") == 0,
       "TWENDS's sample: 7, 4 and 5 (got %s, %s, %s)", r[0].margin_text,
       r[1].margin_text, r[2].margin_text);
    for (int i = 0; i < 3; i++)
        coinline_against_free(&r[i]);
}

/* Totals past 2^64 stay exact; bad arguments and sizes are refused. */
static void limits_and_refusals(void)
{
    int64_t a[40];
    for (int i = 0; i < 40; i++)
        a[i] = INT64_MAX - i;
    coinline_against_t r;
    int rc = coinline_against_solve(a, 40, "random", 1, &r);
    ok(rc == COINLINE_OK && strlen(r.p1_text) > 20 && !r.exact,
       "40 coins near 2^63 against random: p1 = %s", rc ? "?" : r.p1_text);
    coinline_against_free(&r);
    rc = coinline_against_solve(a, 40, "greedy", 2, &r);
    ok(rc == COINLINE_OK && r.exact && i128_from_ci(r.p1) > (i128)INT64_MAX,
       "and against greedy, exact in 128 bits: %s", rc ? "?" : r.p1_text);
    coinline_against_free(&r);
    const char *bad[] = {"fallible:1.5", "fallible:", "fallible:0.1.2", "smart",
                         "fallible:0.0000000000000000001"};
    int refused = 1;
    for (size_t i = 0; i < 5; i++)
        refused &=
            coinline_against_solve(a, 3, bad[i], 2, &r) == COINLINE_EINVAL &&
            r.margin_text == NULL;
    refused &= coinline_against_solve(a, 3, "greedy", 3, &r) == COINLINE_EINVAL;
    refused &=
        coinline_against_solve(NULL, 3, "greedy", 2, &r) == COINLINE_EINVAL;
    ok(refused, "unknown rules, P out of range, a bad seat are refused");
    static int64_t big[200000];
    ok(coinline_against_solve(big, 200000, "greedy", 2, &r) ==
               COINLINE_ETOOBIG &&
           coinline_against_solve(big, 20000, "random", 2, &r) ==
               COINLINE_ETOOBIG,
       "rows past the work limit are refused before any work");
    coinline_against_free(NULL);
    ok(coinline_against_solve(a, 0, "random", 2, &r) == COINLINE_OK &&
           strcmp(r.margin_text, "0") == 0 &&
           r.first_move == COINLINE_SIDE_NONE,
       "an empty row: 0, no first move");
    coinline_against_free(&r);
}

int main(void)
{
    replies_match_an_exhaustive_search();
    the_line_is_the_reply_and_the_rule();
    twends_sample();
    limits_and_refusals();
    return done_testing();
}
