/* SPDX-License-Identifier: MIT */
/*
 * coinline_circle_analyze() and coinline_circle_position(): a played
 * circular game judged move by move, and the position it reaches, against
 * a programme over the circle's arcs written here (nothing of it calls
 * the library's solvers). For random circles of up to 60 coins (ties,
 * negatives, int64 extremes), every first position and random moves after
 * it: each review's number, player, coin, positions, best move, loss,
 * secured total, totals and final margin; the loss as (the mover's best
 * margin before - its margin after) / 2; each player's total = its total
 * under best play - its own losses + the other's (finished games); the
 * position after every prefix. Hand-checked games, the edges (n = 0, 1,
 * 2), every error with its place and message, and the positions that
 * coinline_analyze() now gives a row's moves.
 */
#include <stdlib.h>
#include <string.h>

#include "coinline.h"
#include "common/check.h"
#include "common/rng.h"
#include "common/tap.h"

enum { MAXN = 60, CIRCLES = 1000 };

/* ------------------------------------------------------------------------
 * The reference: V(i, len) of the arc of len coins clockwise from index i
 * ---------------------------------------------------------------------- */

typedef struct {
    const int64_t *a;
    size_t n;
    i128 v[MAXN][MAXN + 1]; /* v[i][len], len <= n */
} arcs_t;

static void arcs_fill(arcs_t *A, const int64_t *a, size_t n)
{
    A->a = a;
    A->n = n;
    for (size_t i = 0; i < n; i++)
        A->v[i][0] = 0;
    for (size_t len = 1; len <= n; len++)
        for (size_t i = 0; i < n; i++) {
            const i128 left = (i128)a[i] - A->v[(i + 1) % n][len - 1];
            const i128 right = (i128)a[(i + len - 1) % n] - A->v[i][len - 1];
            A->v[i][len] = left >= right ? left : right;
        }
}

/* 1 when the left end is optimal on the arc (ties to the left). */
static int arcs_left_best(const arcs_t *A, size_t i, size_t len)
{
    const size_t n = A->n;
    return (i128)A->a[i] - A->v[(i + 1) % n][len - 1] >=
           (i128)A->a[(i + len - 1) % n] - A->v[i][len - 1];
}

static i128 arc_sum(const arcs_t *A, size_t i, size_t len)
{
    i128 s = 0;
    for (size_t k = 0; k < len; k++)
        s += A->a[(i + k) % A->n];
    return s;
}

/* Player 1's margin with move 1 at p (1-based) and best play after. */
static i128 first_margin(const arcs_t *A, size_t p)
{
    return (i128)A->a[p - 1] - A->v[p % A->n][A->n - 1];
}

/* The expected review of every move of the game (first, moves), and the
 * expected state after the first `upto` of them (upto >= 1). */
typedef struct {
    coinline_move_review_t r[MAXN];
    coinline_engine_state_t st; /* after `upto` moves */
    i128 best1, best2;          /* totals under best play */
} expect_t;

static void expect_first(const arcs_t *A, size_t p, expect_t *X)
{
    const size_t n = A->n;
    size_t best = 1;
    for (size_t q = 2; q <= n; q++)
        if (first_margin(A, q) > first_margin(A, best))
            best = q;
    const i128 top = first_margin(A, best), own = first_margin(A, p);
    const i128 sum = arc_sum(A, 0, n);
    coinline_move_review_t *r = &X->r[0];
    memset(r, 0, sizeof *r);
    r->number = 1;
    r->player = 1;
    r->side = r->best = COINLINE_SIDE_NONE;
    r->coin = A->a[p - 1];
    r->position = p;
    r->best_coin = A->a[best - 1];
    r->best_position = best;
    r->optimal = top == own;
    r->loss = i128_to_ci((top - own) / 2);
    r->secured = i128_to_ci((sum + top) / 2);
    r->p1 = i128_to_ci(A->a[p - 1]);
    r->p2 = i128_to_ci(0);
    r->final_margin = i128_to_ci(own);
    X->best1 = (sum + top) / 2;
    X->best2 = (sum - top) / 2;
}

/* The state of the game when the arc (i, len) is left, with totals t. */
static void expect_state(const arcs_t *A, size_t p, size_t i, size_t len,
                         const i128 *t, coinline_engine_state_t *st)
{
    const size_t n = A->n;
    const int mover = (n - 1 - len) % 2 == 0 ? 2 : 1;
    const i128 v = len > 0 ? A->v[i][len] : 0;
    const size_t lo = (i + n - p % n) % n; /* index i in the line left */
    memset(st, 0, sizeof *st);
    st->n = n;
    st->lo = lo;
    st->hi = lo + len;
    st->moves = n - len;
    st->to_move = len > 0 ? mover : 0;
    st->p1 = i128_to_ci(t[0]);
    st->p2 = i128_to_ci(t[1]);
    st->value = i128_to_ci(v);
    st->final_margin = i128_to_ci(t[0] - t[1] +
                                  (len == 0     ? 0
                                   : mover == 1 ? v
                                                : -v));
    st->best = len == 0                    ? COINLINE_SIDE_NONE
               : arcs_left_best(A, i, len) ? COINLINE_SIDE_LEFT
                                           : COINLINE_SIDE_RIGHT;
}

/* Every review of move 1 at p then moves; the state after upto moves. */
static void expect_game(const arcs_t *A, size_t p, const char *moves,
                        size_t nmoves, size_t upto, expect_t *X)
{
    const size_t n = A->n;
    size_t i = p % n, len = n - 1;
    i128 t[2] = {A->a[p - 1], 0};
    expect_first(A, p, X);
    if (upto == 1)
        expect_state(A, p, i, len, t, &X->st);
    for (size_t k = 0; k < nmoves; k++) {
        const int mover = k % 2 == 0 ? 2 : 1; /* the game's player */
        const int left = moves[k] == 'L' || moves[k] == 'l';
        const int best_left = arcs_left_best(A, i, len);
        const size_t at = left ? i : (i + len - 1) % n;
        const size_t best_at = best_left ? i : (i + len - 1) % n;
        const i128 before_margin = A->v[i][len];
        const i128 left_sum = arc_sum(A, i, len);
        const i128 own = t[mover - 1];
        coinline_move_review_t *r = &X->r[k + 1];
        memset(r, 0, sizeof *r);
        r->number = k + 2;
        r->player = mover;
        r->side = left ? COINLINE_SIDE_LEFT : COINLINE_SIDE_RIGHT;
        r->coin = A->a[at];
        r->position = at + 1;
        r->best = best_left ? COINLINE_SIDE_LEFT : COINLINE_SIDE_RIGHT;
        r->best_coin = A->a[best_at];
        r->best_position = best_at + 1;
        r->secured = i128_to_ci(own + (left_sum + before_margin) / 2);
        t[mover - 1] += A->a[at];
        if (left)
            i = (i + 1) % n;
        len--;
        /* The mover's margin after: coin minus the other's value. */
        const i128 after_margin = (i128)A->a[at] - A->v[i][len];
        r->loss = i128_to_ci((before_margin - after_margin) / 2);
        r->optimal = before_margin == after_margin;
        r->p1 = i128_to_ci(t[0]);
        r->p2 = i128_to_ci(t[1]);
        r->final_margin =
            i128_to_ci(t[0] - t[1] + (mover == 1 ? -1 : 1) * A->v[i][len]);
        if (upto == k + 2)
            expect_state(A, p, i, len, t, &X->st);
    }
}

/* ------------------------------------------------------------------------
 * Comparing
 * ---------------------------------------------------------------------- */

static const char *review_diff(const coinline_move_review_t *g,
                               const coinline_move_review_t *w)
{
    if (g->number != w->number || g->player != w->player)
        return "number or player";
    if (g->side != w->side || g->coin != w->coin || g->position != w->position)
        return "side, coin or position";
    if (g->best != w->best || g->best_coin != w->best_coin ||
        g->best_position != w->best_position)
        return "best, best_coin or best_position";
    if (g->optimal != w->optimal ||
        i128_from_ci(g->loss) != i128_from_ci(w->loss))
        return "loss or optimal";
    if (i128_from_ci(g->secured) != i128_from_ci(w->secured))
        return "secured";
    if (i128_from_ci(g->p1) != i128_from_ci(w->p1) ||
        i128_from_ci(g->p2) != i128_from_ci(w->p2))
        return "p1 or p2";
    if (i128_from_ci(g->final_margin) != i128_from_ci(w->final_margin))
        return "final_margin";
    for (size_t k = 0; k < sizeof g->reserved / sizeof g->reserved[0]; k++)
        if (g->reserved[k] != 0)
            return "reserved not zero";
    return NULL;
}

static void random_moves(rng_t *r, char *moves, size_t count)
{
    for (size_t k = 0; k < count; k++) {
        const int left = rng_below(r, 2) == 0;
        moves[k] =
            rng_below(r, 4) == 0 ? (left ? 'l' : 'r') : (left ? 'L' : 'R');
    }
    moves[count] = '\0';
}

typedef struct {
    tally_t reviews, identity, losses, positions;
    long finished, lost_points, first_losses;
} stats_t;

/* The sum identity of a finished game: each player's total = its total
 * under best play - its own losses + the other's. */
static int identity_holds(const coinline_move_review_t *r, size_t count,
                          const expect_t *X)
{
    i128 lost[2] = {0, 0};
    for (size_t k = 0; k < count; k++)
        lost[r[k].player - 1] += i128_from_ci(r[k].loss);
    const i128 p1 = i128_from_ci(r[count - 1].p1);
    const i128 p2 = i128_from_ci(r[count - 1].p2);
    return p1 == X->best1 - lost[0] + lost[1] &&
           p2 == X->best2 - lost[1] + lost[0];
}

static void check_game(const arcs_t *A, size_t p, const char *moves,
                       size_t nmoves, rng_t *rng, stats_t *S)
{
    static expect_t X;
    coinline_move_review_t got[MAXN];
    coinline_error_t err;
    char buf[200];
    const size_t n = A->n, upto = 1 + (size_t)rng_below(rng, nmoves + 1);
    expect_game(A, p, moves, nmoves, upto, &X);
    memset(got, 0x5a, sizeof got);
    int rc = coinline_circle_analyze(A->a, n, p, moves, nmoves, got, &err);
    const char *diff = rc != COINLINE_OK ? "the call failed" : NULL;
    size_t k = 0;
    for (; diff == NULL && k <= nmoves; k++)
        diff = review_diff(&got[k], &X.r[k]);
    if (!tally_check(&S->reviews, diff == NULL))
        tally_note(&S->reviews,
                   "%s, first %zu, moves '%s': review %zu: %s (%s)",
                   row_str(A->a, n, buf, sizeof buf), p, moves, k, diff,
                   rc != COINLINE_OK ? err.message : "");
    if (rc != COINLINE_OK)
        return;
    /* Every loss is the mover's fall in best margin, halved: checked
     * above against the arcs; here its sign and the total. */
    for (k = 0; k <= nmoves; k++) {
        S->lost_points += (long)(i128_from_ci(got[k].loss) > 0);
        tally_check(&S->losses,
                    i128_from_ci(got[k].loss) >= 0 &&
                        got[k].optimal == (i128_from_ci(got[k].loss) == 0));
    }
    S->first_losses += !got[0].optimal;
    if (nmoves == n - 1) {
        S->finished++;
        if (!tally_check(&S->identity, identity_holds(got, nmoves + 1, &X)))
            tally_note(&S->identity, "%s, first %zu, moves '%s'",
                       row_str(A->a, n, buf, sizeof buf), p, moves);
    }
    coinline_engine_state_t st;
    memset(&st, 0x5a, sizeof st);
    rc = coinline_circle_position(A->a, n, p, moves, upto - 1, &st, &err);
    if (!tally_check(&S->positions,
                     rc == COINLINE_OK && engine_state_equal(&st, &X.st)))
        tally_note(&S->positions,
                   "%s, first %zu, moves '%.*s': state differs (rc %s; got "
                   "to_move %d lo %llu hi %llu moves %llu best %d)",
                   row_str(A->a, n, buf, sizeof buf), p, (int)(upto - 1), moves,
                   code_str(rc), st.to_move, (unsigned long long)st.lo,
                   (unsigned long long)st.hi, (unsigned long long)st.moves,
                   (int)st.best);
}

static void test_random_circles(void)
{
    static const vals_t kinds[] = {VALS_PM1,  VALS_PM2,     VALS_0_3,
                                   VALS_WIDE, VALS_EXTREME, VALS_FULL};
    static arcs_t A;
    stats_t S;
    rng_t r;
    int64_t a[MAXN];
    char moves[MAXN + 1];
    long games = 0;
    memset(&S, 0, sizeof S);
    rng_seed(&r, 0xC12C1E);
    const int circles = under_valgrind() ? CIRCLES / 10 : CIRCLES;
    for (int c = 0; c < circles; c++) {
        const size_t n = 1 + (size_t)rng_below(&r, MAXN);
        gen_values(&r, a, n,
                   kinds[rng_below(&r, sizeof kinds / sizeof *kinds)]);
        arcs_fill(&A, a, n);
        for (size_t p = 1; p <= n; p++) {
            const size_t count = rng_below(&r, 2) == 0
                                     ? n - 1
                                     : (size_t)rng_below(&r, (uint64_t)n);
            random_moves(&r, moves, count);
            check_game(&A, p, moves, count, &r, &S);
            games++;
        }
    }
    ok(tally_passed(&S.reviews),
       "%d random circles of 1 to %d coins (-1..1, -2..2, 0..3, wide, int64 "
       "extremes, any int64), every first position, random moves after it "
       "(%ld games): every review equals the arc programme's (coin, "
       "positions, best move, loss, secured, totals, final margin)",
       circles, MAXN, games);
    ok(tally_passed(&S.losses) && S.lost_points > 0 && S.first_losses > 0,
       "every loss is >= 0 and 0 exactly when the move is marked optimal "
       "(%ld moves lost points, %ld of them move 1)",
       S.lost_points, S.first_losses);
    ok(tally_passed(&S.identity) && S.finished > 0,
       "in every finished game (%ld), each player's total = its total under "
       "best play - its own losses + the other's",
       S.finished);
    ok(tally_passed(&S.positions),
       "coinline_circle_position() after a random prefix of each game "
       "equals the arc programme's state (%ld checks)",
       S.positions.checks);
}

/* ------------------------------------------------------------------------
 * Hand-checked games
 * ---------------------------------------------------------------------- */

/* 1 3 5 2 9 (sum 20). The margin of each first position, the coin minus V
 * of the line left: 1 - V(3 5 2 9) = 1 - 9 = -8; 3 - V(5 2 9 1) = 3 - 11
 * = -8; 5 - V(2 9 1 3) = 5 - 9 = -4; 2 - V(9 1 3 5) = 2 - 6 = -4;
 * 9 - V(1 3 5 2) = 9 - 1 = 8. Player 1 can guarantee (20 + 8) / 2 = 14. */
static void test_hand_checked(void)
{
    static const int64_t a[] = {1, 3, 5, 2, 9};
    coinline_move_review_t r[5];
    coinline_error_t err;
    int rc = coinline_circle_analyze(a, 5, 3, "LR", 2, r, &err);
    /* Move 1 takes the 5 at 3: margin -4, lost (8 - -4) / 2 = 6. The line
     * 2 9 1 3 (positions 4 5 1 2): the 2 on the left gives player 2
     * 2 - V(9 1 3) = 2 - 7 = -5, the 3 on the right 3 - V(2 9 1) =
     * 3 + 6 = 9: player 2 takes the 2 at 4 and loses (9 - -5) / 2 = 7.
     * Then player 1 takes the 3 at 2 (right). */
    ok(rc == 0 && r[0].number == 1 && r[0].player == 1 &&
           r[0].side == COINLINE_SIDE_NONE && r[0].position == 3 &&
           r[0].coin == 5 && r[0].best_position == 5 && r[0].best_coin == 9 &&
           i128_from_ci(r[0].loss) == 6 && i128_from_ci(r[0].secured) == 14 &&
           i128_from_ci(r[0].final_margin) == -4 && i128_from_ci(r[0].p1) == 5,
       "1 3 5 2 9, move 1 at 3: the 5, lost 6 points (margin -4 against 8 at "
       "5), player 1 could secure 14");
    ok(rc == 0 && r[1].number == 2 && r[1].player == 2 &&
           r[1].side == COINLINE_SIDE_LEFT && r[1].position == 4 &&
           r[1].coin == 2 && r[1].best == COINLINE_SIDE_RIGHT &&
           r[1].best_position == 2 && i128_from_ci(r[1].loss) == 7 &&
           r[2].number == 3 && r[2].player == 1 &&
           r[2].side == COINLINE_SIDE_RIGHT && r[2].position == 2 &&
           r[2].coin == 3 && i128_from_ci(r[2].p1) == 8 &&
           i128_from_ci(r[2].p2) == 2,
       "then player 2 takes the 2 at 4 (left; the best was the 3 at 2, it "
       "lost 7), player 1 the 3 at 2 (right): 8 to 2");
    rc = coinline_circle_analyze(a, 5, 5, "llll", 4, r, &err);
    ok(rc == 0 && r[0].optimal && r[0].position == 5 && r[1].position == 1 &&
           r[2].position == 2 && r[3].position == 3 && r[4].position == 4 &&
           i128_from_ci(r[4].p1) == 14 && i128_from_ci(r[4].p2) == 6 &&
           r[1].optimal && r[2].optimal && r[3].optimal && r[4].optimal,
       "1 3 5 2 9 played 5 then llll: optimal throughout, positions 5 1 2 3 "
       "4, 14 to 6");
}

/* n = 0, 1 and 2; no move yet; the position before move 1. */
static void test_edges(void)
{
    static const int64_t one[] = {-7}, two[] = {3, 10};
    coinline_move_review_t r[2];
    coinline_engine_state_t st;
    coinline_error_t err;
    ok(coinline_circle_analyze(NULL, 0, 0, NULL, 0, NULL, &err) == 0,
       "no coins, no move: nothing to review");
    ok(coinline_circle_analyze(two, 2, 0, "", 0, NULL, &err) == 0,
       "two coins, no move yet: nothing to review (out may be NULL)");
    ok(coinline_circle_analyze(one, 1, 1, "", 0, r, &err) == 0 &&
           r[0].optimal && r[0].coin == -7 && i128_from_ci(r[0].p1) == -7 &&
           i128_from_ci(r[0].final_margin) == -7,
       "one coin: move 1 takes it, optimal, -7 to 0");
    ok(coinline_circle_analyze(two, 2, 1, "R", 1, r, &err) == 0 &&
           !r[0].optimal && i128_from_ci(r[0].loss) == 7 &&
           r[0].best_position == 2 && r[1].player == 2 && r[1].coin == 10 &&
           r[1].position == 2 && r[1].optimal && i128_from_ci(r[1].p1) == 3 &&
           i128_from_ci(r[1].p2) == 10,
       "3 10: move 1 at 1 loses 7 ((7 - -7) / 2), then player 2 takes the 10 "
       "at 2");
    ok(coinline_circle_position(two, 2, 0, "", 0, &st, &err) == 0 &&
           st.n == 2 && st.lo == 0 && st.hi == 2 && st.moves == 0 &&
           st.to_move == 1 && i128_from_ci(st.value) == 7 &&
           i128_from_ci(st.final_margin) == 7 &&
           st.best == COINLINE_SIDE_NONE && i128_from_ci(st.p1) == 0,
       "the position before move 1 on 3 10: player 1 to move, value and "
       "final margin 7 (the circle's), best NONE");
    ok(coinline_circle_position(NULL, 0, 0, NULL, 0, &st, &err) == 0 &&
           st.to_move == 0 && st.n == 0 && i128_from_ci(st.value) == 0 &&
           st.best == COINLINE_SIDE_NONE,
       "the position of no coins: nobody to move, value 0");
    ok(coinline_circle_position(two, 2, 2, "L", 1, &st, &err) == 0 &&
           st.to_move == 0 && st.moves == 2 && i128_from_ci(st.p1) == 10 &&
           i128_from_ci(st.p2) == 3 && i128_from_ci(st.final_margin) == 7 &&
           st.best == COINLINE_SIDE_NONE,
       "3 10 played 2 then L: the end, 10 to 3");
}

/* Every error: its code, place and message. */
static void test_errors(void)
{
    static const int64_t a[] = {1, 3, 5, 2};
    static const struct {
        uint64_t first;
        const char *moves;
        uint64_t column;
        const char *message;
    } bad[] = {
        {5, "", 0, "move 1 is position 5, not on the circle of 4 coins"},
        {0, "L", 1, "move 2 needs move 1 first: no first position was given"},
        {2, "LxR", 2, "move 3 is 'x', not L or R"},
        {2, "L\tR", 2, "move 3 is byte 0x09, not L or R"},
        {1, "LLLL", 4, "move 5 is one too many: the circle has 4 coins"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        coinline_move_review_t r[8];
        coinline_engine_state_t st;
        coinline_error_t err, err2;
        memset(&err, 0x55, sizeof err);
        memset(&err2, 0x55, sizeof err2);
        const size_t len = strlen(bad[i].moves);
        const int rc = coinline_circle_analyze(a, 4, bad[i].first, bad[i].moves,
                                               len, r, &err);
        const int rc2 = coinline_circle_position(a, 4, bad[i].first,
                                                 bad[i].moves, len, &st, &err2);
        const int same = rc == COINLINE_EMOVE && rc2 == COINLINE_EMOVE &&
                         err.line == 1 && err.column == bad[i].column &&
                         strcmp(err.message, bad[i].message) == 0 &&
                         memcmp(&err, &err2, sizeof err) == 0;
        ok(same, "first %llu, moves '%s': EMOVE at 1:%llu \"%s\" (both calls)",
           (unsigned long long)bad[i].first, bad[i].moves,
           (unsigned long long)bad[i].column, bad[i].message);
        if (!same)
            diag("got %s at %llu:%llu \"%s\"", code_str(rc),
                 (unsigned long long)err.line, (unsigned long long)err.column,
                 err.message);
        ok(coinline_circle_analyze(a, 4, bad[i].first, bad[i].moves, len, r,
                                   NULL) == COINLINE_EMOVE,
           "the same with err NULL");
    }
    {
        static const int64_t one[] = {4};
        coinline_move_review_t r[2];
        coinline_error_t err;
        ok(coinline_circle_analyze(one, 1, 1, "R", 1, r, &err) ==
                   COINLINE_EMOVE &&
               err.column == 1 &&
               strcmp(err.message,
                      "move 2 is one too many: the circle has 1 coin") == 0,
           "one coin: move 2 is one too many (the circle has 1 coin)");
        ok(coinline_circle_analyze(NULL, 0, 1, "", 0, r, &err) ==
                   COINLINE_EMOVE &&
               strcmp(err.message,
                      "move 1 is position 1, not on the circle of 0 coins") ==
                   0,
           "no coins: no position 1");
    }
    coinline_move_review_t r[2];
    coinline_engine_state_t st;
    is_int(coinline_circle_analyze(NULL, 4, 1, "", 0, r, NULL), COINLINE_EINVAL,
           "coins NULL with n > 0: EINVAL");
    is_int(coinline_circle_analyze(a, 4, 1, NULL, 2, r, NULL), COINLINE_EINVAL,
           "moves NULL with nmoves > 0: EINVAL");
    is_int(coinline_circle_analyze(a, 4, 1, "", 0, NULL, NULL), COINLINE_EINVAL,
           "out NULL with a move to review: EINVAL");
    is_int(coinline_circle_position(a, 4, 1, "", 0, NULL, NULL),
           COINLINE_EINVAL, "st NULL: EINVAL");
    is_int(coinline_circle_position(NULL, 4, 0, "", 0, &st, NULL),
           COINLINE_EINVAL, "position: coins NULL with n > 0: EINVAL");
}

/* coinline_analyze() on a row: position is the index of the coin + 1,
 * best_position that of the optimal move's coin. */
static void test_row_positions(void)
{
    static const int64_t a[] = {1, 3, 5, 2, 9};
    coinline_move_review_t r[5];
    const int rc = coinline_analyze(a, 5, "RRRRL", 5, r, NULL);
    ok(rc == 0 && r[0].position == 5 && r[0].best_position == 5 &&
           r[1].position == 4 && r[1].best_position == 1 &&
           r[2].position == 3 && r[3].position == 2 && r[4].position == 1 &&
           r[4].best_position == 1,
       "a row: 1 3 5 2 9 played RRRRL takes positions 5 4 3 2 1; move 2's "
       "best was the 1 at 1");
    tally_t t = {0, 0};
    rng_t rng;
    rng_seed(&rng, 77);
    for (int c = 0; c < 200; c++) {
        int64_t row[40];
        char moves[41];
        coinline_move_review_t out[40];
        const size_t n = (size_t)rng_below(&rng, 41);
        gen_values(&rng, row, n, VALS_PM2);
        const size_t count = (size_t)rng_below(&rng, n + 1);
        random_moves(&rng, moves, count);
        if (coinline_analyze(row, n, moves, count, out, NULL) != 0) {
            tally_check(&t, 0);
            continue;
        }
        size_t lo = 0, hi = n;
        for (size_t k = 0; k < count; k++) {
            const int left = moves[k] == 'L' || moves[k] == 'l';
            const size_t at = left ? lo : hi - 1;
            const size_t best_at =
                out[k].best == COINLINE_SIDE_LEFT ? lo : hi - 1;
            if (!tally_check(&t, out[k].position == at + 1 &&
                                     out[k].best_position == best_at + 1 &&
                                     row[at] == out[k].coin &&
                                     row[best_at] == out[k].best_coin))
                tally_note(&t, "row %d, move %zu", c, k + 1);
            lo += (size_t)left;
            hi -= (size_t)!left;
        }
    }
    ok(tally_passed(&t),
       "200 random rows: every review's position and best_position are the "
       "indexes + 1 of the coins taken and of the optimal move's (%ld moves)",
       t.checks);
}

int main(void)
{
    test_hand_checked();
    test_edges();
    test_errors();
    test_row_positions();
    test_random_circles();
    return done_testing();
}
