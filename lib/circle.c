/* SPDX-License-Identifier: MIT */
/*
 * circle.c - the circular game (Peter Winkler's pizza problem) in
 * O(n log n) amortised, with the O(n^2) programme over arcs and exhaustive
 * minimax as its references.
 *
 * The game. Coins at positions 1..n round a circle. The first player takes
 * the coin at any position p; what is left is the line running clockwise
 * from p + 1 round to p - 1, and from then on it is the ordinary game on
 * that line, the second player to move. So with L_p that line and V the
 * value of a line (own total minus the other's, for the player to move),
 * taking p first gives the first player a final margin of
 *     m(p) = coins[p] - V(L_p),
 * and the value of the circle is the largest m(p); the optimal first
 * position is the smallest p that reaches it. Nothing else is needed:
 * after the first move every position is a line position, which the
 * engine (engine.c) and coinline_best_move() answer.
 *
 * Windows. Write the row twice, without coins[0] and with one coin less:
 * b = coins[1..n-1], coins[0..n-2] (2n - 2 coins). Then L_p, for 0-based
 * p, is the window b[p..p+n-2] of length n - 1: the n lines are the n
 * windows of b, each one coin to the right of the last. The engine keeps
 * the reduced form of a[lo..hi-1] in two stacks around a junction; the
 * left coin comes off the top of one stack (a move on the left) and a coin
 * goes on the top of the other (what the undo of a move on the right
 * does), and neither reads the history of moves, so sliding a window is
 * one of each. A stack that runs empty is rebuilt around the middle of
 * the window, O(n) once every n/2 slides at least. V of each window is the
 * alternating sum of its blocks, read from the engine's multiset, which
 * a slide changes by what the two stack operations changed. Every step is
 * the engine's, so the cost is the engine's per move: O(log n) amortised,
 * argued there and measured here (`make bench`, steps per coin), O(n log n)
 * for the whole circle.
 *
 * Why a window's V is right. The reduced form of a row does not depend on
 * the order of the merges (linear.c), so the two stacks describe the
 * window whatever sequence of pushes and pops built them; and V is the
 * alternating sum of the blocks in decreasing order on any reduced row.
 * The tests check m(p) at every p against the programme over arcs on
 * thousands of random circles, and the value against exhaustive play.
 *
 * The programme over arcs. V(i, len), the value of the arc of len coins
 * clockwise from i, is max(coins[i] - V(i+1, len-1), coins[i+len-1] -
 * V(i, len-1)) (indices mod n), and m(p) = coins[p] - V(p+1, n-1): n^2
 * cells, one row of n values kept.
 *
 * Exactness. Every m(p) and every V is a signed sum of distinct coins; the
 * engine chooses 64 or 128 bits on b as it does on any row, and the
 * programme computes in 128 bits.
 */
#include <stdlib.h>
#include <string.h>

#include "rules.h"
#include "solver.h"

/* m(p) for every p by the engine sliding over the doubled row. */
static int margins_linear(const int64_t *a, size_t n, cl_wide *m,
                          uint64_t *steps)
{
    const size_t len = 2 * n - 2; /* n < 2^31 - 2 (too_big()) */
    int64_t *b = malloc(len * sizeof *b);
    if (b == NULL)
        return COINLINE_ENOMEM;
    memcpy(b, a + 1, (n - 1) * sizeof *b);
    memcpy(b + n - 1, a, (n - 1) * sizeof *b);
    const int rc = cl_engine_windows(b, len, n - 1, m, steps);
    free(b);
    if (rc != COINLINE_OK)
        return rc;
    for (size_t p = 0; p < n; p++)
        m[p] = (cl_wide)a[p] - m[p];
    return COINLINE_OK;
}

/* m(p) for every p by the programme over arcs: row[i] = V(i, len) as len
 * grows; new V(i, len) reads V(i+1, len-1) and V(i, len-1), so i rises and
 * the old row[0] is kept for i = n-1. */
static int margins_dp(const int64_t *a, size_t n, cl_wide *m, uint64_t *steps)
{
    cl_wide *row = malloc(n * sizeof *row);
    if (row == NULL)
        return COINLINE_ENOMEM;
    for (size_t i = 0; i < n; i++)
        row[i] = a[i];
    for (size_t len = 2; len < n; len++) {
        const cl_wide first = row[0];
        for (size_t i = 0; i < n; i++) {
            const cl_wide next = i + 1 < n ? row[i + 1] : first;
            const cl_wide left = (cl_wide)a[i] - next;
            const cl_wide right = (cl_wide)a[(i + len - 1) % n] - row[i];
            row[i] = left >= right ? left : right;
        }
    }
    for (size_t p = 0; p < n; p++)
        m[p] = (cl_wide)a[p] - row[(p + 1) % n];
    *steps = (uint64_t)n * (n - 1);
    free(row);
    return COINLINE_OK;
}

/* m(p) for every p by exhaustive play on each line. */
static int margins_brute(const int64_t *a, size_t n, cl_wide *m,
                         uint64_t *steps)
{
    int64_t line[COINLINE_BRUTE_MAX];
    if (n - 1 > COINLINE_BRUTE_MAX)
        return COINLINE_ETOOBIG;
    for (size_t p = 0; p < n; p++) {
        coinline_side_t side;
        cl_wide v;
        for (size_t k = 0; k + 1 < n; k++)
            line[k] = a[(p + 1 + k) % n];
        const int rc = cl_brute_best(line, n - 1, &side, &v);
        if (rc != COINLINE_OK)
            return rc;
        m[p] = (cl_wide)a[p] - v;
    }
    *steps = (uint64_t)n << (n - 1);
    return COINLINE_OK;
}

int cl_circle_margins(const int64_t *a, size_t n, coinline_algo_t algo,
                      cl_wide *m, uint64_t *steps)
{
    *steps = 0;
    if (n == 0)
        return COINLINE_OK;
    if (n == 1) {
        m[0] = a[0];
        *steps = 1;
        return COINLINE_OK;
    }
    switch (algo) {
    case COINLINE_ALGO_LINEAR: return margins_linear(a, n, m, steps);
    case COINLINE_ALGO_DP: return margins_dp(a, n, m, steps);
    case COINLINE_ALGO_BRUTE: return margins_brute(a, n, m, steps);
    default: return COINLINE_EINVAL;
    }
}

static int valid_algo(coinline_algo_t algo)
{
    return algo == COINLINE_ALGO_LINEAR || algo == COINLINE_ALGO_DP ||
           algo == COINLINE_ALGO_BRUTE;
}

/* The solver's size limit, checked before anything is allocated: LINEAR's
 * engine holds 2n - 2 coins, fewer than 2^32 - 5; BRUTE plays lines of
 * n - 1 coins. */
static int too_big(size_t n, coinline_algo_t algo)
{
    return (algo == COINLINE_ALGO_LINEAR && n >= ((size_t)1 << 31) - 2) ||
           (algo == COINLINE_ALGO_BRUTE && n > COINLINE_BRUTE_MAX + 1);
}

int coinline_circle_margins(const int64_t *coins, size_t n,
                            coinline_algo_t algo, coinline_i128_t *margins)
{
    uint64_t steps;
    if ((coins == NULL || margins == NULL) && n > 0)
        return COINLINE_EINVAL;
    if (!valid_algo(algo) || n == 0)
        return valid_algo(algo) ? COINLINE_OK : COINLINE_EINVAL;
    if (too_big(n, algo))
        return COINLINE_ETOOBIG;
    cl_wide *m = malloc(n * sizeof *m);
    if (m == NULL)
        return COINLINE_ENOMEM;
    const int rc = cl_circle_margins(coins, n, algo, m, &steps);
    if (rc == COINLINE_OK)
        for (size_t p = 0; p < n; p++)
            margins[p] = cl_from_wide(m[p]);
    free(m);
    return rc;
}

int coinline_circle_solve(const int64_t *coins, size_t n, coinline_algo_t algo,
                          coinline_circle_result_t *result)
{
    cl_wide sum = 0, best = 0;
    uint64_t steps = 0;
    size_t first = 0;
    if (result == NULL || (coins == NULL && n > 0) || !valid_algo(algo))
        return COINLINE_EINVAL;
    if (too_big(n, algo))
        return COINLINE_ETOOBIG;
    for (size_t i = 0; i < n; i++)
        sum += coins[i];
    if (n > 0) {
        cl_wide *m = malloc(n * sizeof *m);
        if (m == NULL)
            return COINLINE_ENOMEM;
        const int rc = cl_circle_margins(coins, n, algo, m, &steps);
        if (rc != COINLINE_OK) {
            free(m);
            return rc;
        }
        for (size_t p = 1; p < n; p++)
            if (m[p] > m[first])
                first = p;
        best = m[first];
        free(m);
    }
    coinline_result_t line;
    cl_fill_result(&line, n, sum, best, COINLINE_SIDE_NONE);
    memset(result, 0, sizeof *result);
    result->n = n;
    result->sum = line.sum;
    result->p1 = line.p1;
    result->p2 = line.p2;
    result->margin = line.margin;
    result->winner = line.winner;
    result->first = n > 0 ? first + 1 : 0;
    result->steps = steps;
    return COINLINE_OK;
}

int coinline_circle_rotate(const int64_t *coins, size_t n, uint64_t first,
                           int64_t *line)
{
    if (coins == NULL || line == NULL || first < 1 || first > n)
        return COINLINE_EINVAL;
    const size_t p = (size_t)first; /* 0-based: the coin after first */
    memcpy(line, coins + p, (n - p) * sizeof *line);
    memcpy(line + (n - p), coins, (p - 1) * sizeof *line);
    return COINLINE_OK;
}

int coinline_circle_line(const int64_t *coins, size_t n, coinline_algo_t algo,
                         uint64_t *first, char *moves)
{
    coinline_circle_result_t r;
    if (first == NULL || moves == NULL)
        return COINLINE_EINVAL;
    if (algo == COINLINE_ALGO_DP && n > (size_t)COINLINE_DP_LINE_MAX + 1)
        return COINLINE_ETOOBIG; /* the line's table, before the O(n^2) */
    int rc = coinline_circle_solve(coins, n, algo, &r);
    if (rc != COINLINE_OK)
        return rc;
    *first = r.first;
    moves[0] = '\0';
    if (n <= 1)
        return COINLINE_OK;
    int64_t *line = malloc((n - 1) * sizeof *line);
    if (line == NULL)
        return COINLINE_ENOMEM;
    coinline_circle_rotate(coins, n, r.first, line);
    rc = coinline_line(line, n - 1, algo, moves);
    free(line);
    return rc;
}

/* ---- the shape COINLINE_SHAPE_CIRCLE behind the rules seam (rules.h) ----
 *
 * Positions are the circle's. Move 1 may take any position; the cursor is
 * then the arc clockwise from the coin after it. The position engine
 * computes the margins m(p) of every first position once, when a look or
 * a child at move 1 first needs them (O(n log n), kept: 16 n bytes), and
 * after move 1 at p runs the classic engine on the line left, the row
 * coinline_circle_rotate() writes (its index i is position
 * (p + i) mod n + 1), made anew at each move 1 (O(n)).
 */

static int ring_check(size_t n, coinline_algo_t algo, int line)
{
    if (too_big(n, algo))
        return COINLINE_ETOOBIG;
    if (line && algo == COINLINE_ALGO_DP &&
        n > (size_t)COINLINE_DP_LINE_MAX + 1)
        return COINLINE_ETOOBIG;
    return COINLINE_OK;
}

static int ring_solve(const int64_t *b, size_t n, coinline_algo_t algo,
                      cl_wide *value, uint64_t *first, uint64_t *steps)
{
    coinline_circle_result_t r;
    const int rc = coinline_circle_solve(b, n, algo, &r);
    if (rc != COINLINE_OK)
        return rc;
    *value = cl_to_wide(r.margin);
    *first = r.first;
    *steps = r.steps;
    return COINLINE_OK;
}

static int ring_line_of(const int64_t *b, size_t n, coinline_algo_t algo,
                        uint64_t *positions, uint64_t *steps)
{
    uint64_t first;
    char *moves = malloc(n);
    if (moves == NULL)
        return COINLINE_ENOMEM;
    const int rc = coinline_circle_line(b, n, algo, &first, moves);
    if (rc == COINLINE_OK)
        cl_moves_to_positions(&cl_shape_circle, n, first, moves, n - 1,
                              positions);
    free(moves);
    /* the margins' work, then the line's on n - 1 coins */
    const uint64_t m = n - 1;
    *steps = algo == COINLINE_ALGO_DP ? (uint64_t)n * m + m * (m + 1) / 2
                                      : ((uint64_t)n << m) + ((uint64_t)2 << m);
    return rc;
}

static void ring_start(cl_cursor_t *c, uint64_t n)
{
    c->n = n;
    c->start = 0;
    c->len = n;
    c->any = n > 0;
}

static void ring_take(cl_cursor_t *c, uint64_t p)
{
    if (c->any) {
        c->start = p % c->n; /* the coin after p */
        c->len = c->n - 1;
        c->any = 0;
        return;
    }
    if (p - 1 == c->start)
        c->start = (c->start + 1) % c->n;
    c->len--;
}

static void ring_untake(cl_cursor_t *c, uint64_t p)
{
    if (c->len + 1 == c->n) { /* move 1 taken back */
        ring_start(c, c->n);
        return;
    }
    if (p - 1 == (c->start + c->n - 1) % c->n)
        c->start = p - 1;
    c->len++;
}

typedef struct {
    const int64_t *b;
    size_t n;
    cl_wide *margins; /* m(p - 1) for every first position p, or NULL */
    cl_wide top;      /* the largest, at first_best (the smallest p) */
    uint64_t first_best;
    uint64_t first;          /* move 1's position, 0 before it */
    coinline_engine_t *line; /* on the line left after move 1 */
    uint64_t line_moves;     /* the moves played on it */
    uint64_t steps;          /* the margins' and the engines' freed */
} ring_pos_t;

static int ring_open(const int64_t *b, size_t n, cl_pos_t **out)
{
    ring_pos_t *const c = calloc(1, sizeof *c);
    *out = c;
    if (c == NULL)
        return COINLINE_ENOMEM;
    c->b = b;
    c->n = n;
    return COINLINE_OK;
}

static void ring_drop_line(ring_pos_t *c)
{
    c->steps += coinline_engine_steps(c->line);
    coinline_engine_free(c->line);
    c->line = NULL;
    c->first = 0;
}

static void ring_close(cl_pos_t *pos)
{
    ring_pos_t *const c = pos;
    if (c == NULL)
        return;
    coinline_engine_free(c->line);
    free(c->margins);
    free(c);
}

/* The margins of every first position, once. */
static int ring_margins_once(ring_pos_t *c)
{
    uint64_t steps = 0;
    if (c->margins != NULL || c->n == 0) /* no coin: never asked */
        return COINLINE_OK;
    cl_wide *const m = malloc(c->n * sizeof *m);
    if (m == NULL)
        return COINLINE_ENOMEM;
    const int rc =
        cl_circle_margins(c->b, c->n, COINLINE_ALGO_LINEAR, m, &steps);
    if (rc != COINLINE_OK) {
        free(m);
        return rc;
    }
    size_t best = 0;
    for (size_t p = 1; p < c->n; p++)
        if (m[p] > m[best])
            best = p;
    c->margins = m;
    c->top = m[best];
    c->first_best = best + 1;
    c->steps += steps;
    return COINLINE_OK;
}

static int ring_look(cl_pos_t *pos, const cl_cursor_t *cur, cl_wide *value,
                     uint64_t *best)
{
    ring_pos_t *const c = pos;
    if (!cur->any)
        return cl_line_look(c->line, c->first, c->n, value, best);
    const int rc = ring_margins_once(c);
    *value = c->top;
    *best = c->first_best;
    return rc;
}

/* Move 1 at p: the engine on the line left. */
static int ring_first(ring_pos_t *c, uint64_t p)
{
    int64_t *const line = malloc((c->n > 1 ? c->n - 1 : 1) * sizeof *line);
    if (line == NULL)
        return COINLINE_ENOMEM;
    coinline_circle_rotate(c->b, c->n, p, line);
    const int rc = coinline_engine_new(line, c->n - 1, &c->line);
    free(line);
    if (rc == COINLINE_OK) {
        c->first = p;
        c->line_moves = 0;
    }
    return rc;
}

static int ring_play(cl_pos_t *pos, const cl_cursor_t *cur, uint64_t p)
{
    ring_pos_t *const c = pos;
    if (cur->any)
        return ring_first(c, p);
    const int rc = coinline_engine_play(c->line, cl_cursor_side(cur, p));
    c->line_moves += rc == COINLINE_OK;
    return rc;
}

static int ring_undo(cl_pos_t *pos)
{
    ring_pos_t *const c = pos;
    if (c->line_moves == 0) {
        ring_drop_line(c);
        return COINLINE_OK;
    }
    c->line_moves--;
    return coinline_engine_undo(c->line);
}

static int ring_child(cl_pos_t *pos, const cl_cursor_t *cur, uint64_t p,
                      cl_wide *value)
{
    ring_pos_t *const c = pos;
    coinline_engine_state_t st;
    if (cur->any) {
        const int rc = ring_margins_once(c);
        if (rc == COINLINE_OK)
            *value = (cl_wide)c->b[p - 1] - c->margins[p - 1];
        return rc;
    }
    int rc = coinline_engine_play(c->line, cl_cursor_side(cur, p));
    if (rc != COINLINE_OK)
        return rc;
    rc = coinline_engine_state(c->line, &st);
    *value = cl_to_wide(st.value);
    const int back = coinline_engine_undo(c->line);
    return rc != COINLINE_OK ? rc : back;
}

static coinline_engine_t *ring_engine(cl_pos_t *pos, const cl_cursor_t *cur)
{
    const ring_pos_t *const c = pos;
    return cur->any ? NULL : c->line;
}

static uint64_t ring_steps(const cl_pos_t *pos)
{
    const ring_pos_t *const c = pos;
    return c->steps + coinline_engine_steps(c->line);
}

static uint64_t ring_bytes(const cl_pos_t *pos)
{
    const ring_pos_t *const c = pos;
    return sizeof *c + (c->margins != NULL ? c->n * sizeof(cl_wide) : 0) +
           coinline_engine_bytes(c->line);
}

static int ring_run_fits(uint64_t n, uint64_t start, uint64_t len)
{
    return len >= 1 && start < n && len < n;
}

const cl_shape_t cl_shape_circle = {
    .id = COINLINE_SHAPE_CIRCLE,
    .name = "circle",
    .noun = "circle",
    .check = ring_check,
    .solve = ring_solve,
    .line = ring_line_of,
    .start = ring_start,
    .take = ring_take,
    .untake = ring_untake,
    .engine_max = ((uint64_t)1 << 31) - 2,
    .open = ring_open,
    .close = ring_close,
    .look = ring_look,
    .play = ring_play,
    .undo = ring_undo,
    .child = ring_child,
    .engine = ring_engine,
    .steps = ring_steps,
    .bytes = ring_bytes,
    .run_fits = ring_run_fits,
};
