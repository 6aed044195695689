/* SPDX-License-Identifier: MIT */
/*
 * against.c - the best reply to a known opponent (SPOJ TWENDS: player 2
 * is greedy; how much can player 1 win by?).
 *
 * When the opponent's rule is known, optimal play is the wrong answer: it
 * guards against replies the opponent will never make. The right one is
 * the interval programme with one player maximising and the other
 * following its rule. Let W(lo, len) be the replier's final margin (its
 * total minus the opponent's) over the len coins from lo, who moves there
 * being fixed by len (the moves so far are n - len). Where the replier
 * moves, W is the larger of a[lo] + W(lo + 1, len - 1) and a[hi - 1] +
 * W(lo, len - 1) (ties to the left); where the opponent moves, W is
 * -c + W(the rest) for the coin c its rule takes: greedy takes the larger
 * end, parity the end of the index class that sums to more (with an even
 * number left; else greedy), optimal the classic game's best move (the
 * classic values V run along in the same pass). A random opponent takes
 * either end with probability 1/2, and fallible:P plays optimal except
 * that with probability P it takes a random end: W is then the expected
 * value, the weighted sum of the branches, and by induction the
 * replier's best move against it is the one of larger expectation
 * (linearity of expectation: the opponent's draws do not depend on the
 * replier's moves). Each W(., len) needs only W(., len - 1): lengths run
 * upwards in two rows of cells, O(n) memory, O(n^2) cells.
 *
 * Exactness. With P = p/q in lowest terms, each of the opponent's moves
 * weighs its branches by (2(q - p), p, p)/2q, so after m of its moves
 * every value is an integer over (2q)^m: the pass keeps the numerators
 * N = W (2q)^m as fixed-width integers (big.h) wide enough for the last
 * one, |N| <= n 2^63 (2q)^m. The deterministic rules keep q = 1 and two
 * words. The text of the result is the fraction reduced (q's primes are
 * 2 and 5, so the denominator's are 2 and 5).
 */
#include <stdlib.h>
#include <string.h>

#include "big.h"
#include "wide.h"

enum against_kind { A_GREEDY, A_PARITY, A_OPTIMAL, A_RANDOM, A_FALLIBLE };

typedef struct {
    enum against_kind kind;
    uint64_t p, q; /* random with probability p/q (A_RANDOM: 1/1) */
} opponent_t;

static uint64_t gcd(uint64_t a, uint64_t b)
{
    while (b != 0) {
        const uint64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

/* "fallible:P": P in [0, 1] with at most 18 digits after the point. */
static int parse_fallible(const char *t, opponent_t *o)
{
    uint64_t p = 0, q = 1;
    int digits = 0, point = 0;
    for (; *t != '\0'; t++) {
        if (*t == '.' && !point) {
            point = 1;
            continue;
        }
        if (*t < '0' || *t > '9' ||
            (point && q >= UINT64_C(1000000000000000000)))
            return COINLINE_EINVAL;
        if (p > UINT64_C(1000000000000000000))
            return COINLINE_EINVAL;
        p = p * 10 + (uint64_t)(*t - '0');
        q *= point ? 10 : 1;
        digits++;
    }
    if (digits == 0 || p > q)
        return COINLINE_EINVAL;
    const uint64_t g = p == 0 ? q : gcd(p, q);
    o->p = p / g;
    o->q = q / g;
    o->kind = o->p == 0 ? A_OPTIMAL : o->p == o->q ? A_RANDOM : A_FALLIBLE;
    return COINLINE_OK;
}

static int parse(const char *spec, opponent_t *o)
{
    static const struct {
        const char *name;
        enum against_kind kind;
    } names[] = {{"greedy", A_GREEDY},
                 {"parity", A_PARITY},
                 {"optimal", A_OPTIMAL},
                 {"random", A_RANDOM}};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcmp(spec, names[i].name) == 0) {
            o->kind = names[i].kind;
            o->p = o->kind == A_RANDOM;
            o->q = 1;
            return COINLINE_OK;
        }
    return strncmp(spec, "fallible:", 9) == 0 ? parse_fallible(spec + 9, o)
                                              : COINLINE_EINVAL;
}

/* One pass of the programme, lengths upwards. */
typedef struct {
    const int64_t *a;
    size_t n, k; /* coins; words a numerator */
    opponent_t o;
    size_t rpar;           /* the replier moves where (n - len) % 2 == rpar */
    uint64_t *prev, *cur;  /* numerators at len - 1 and len, n + 1 cells */
    cl_wide *vprev, *vcur; /* the classic values there */
    cl_wide *wprev, *wcur; /* the margins there, against a deterministic
                            * rule (q = 1: 128 bits are exact) */
    unsigned char *bits;   /* for a line: each cell's move, 1 for the
                            * left end, or NULL */
    cl_wide *pre;          /* alternating prefix sums, for parity */
    uint64_t *scale;       /* the denominator at len - 1, (2q)^m */
    uint64_t *l, *r, *x;   /* scratch */
    int first_left;        /* the replier's move on the whole row */
} pass_t;

#define CELL(P, row, lo) ((P)->row + (size_t)(lo) * (P)->k)

/* The opponent's deterministic move at (lo, len): 1 for the left end. */
static int their_left(const pass_t *P, size_t lo, size_t len)
{
    const int64_t *a = P->a;
    const size_t hi = lo + len;
    if (P->o.kind == A_OPTIMAL || P->o.kind == A_FALLIBLE)
        return (cl_wide)a[lo] - P->vprev[lo + 1] >=
               (cl_wide)a[hi - 1] - P->vprev[lo];
    if (P->o.kind == A_PARITY && len % 2 == 0) {
        const cl_wide d = P->pre[hi] - P->pre[lo];
        return d == 0 || (d > 0) == (lo % 2 == 0);
    }
    return a[lo] >= a[hi - 1];
}

/* Cell (lo, len) of the numerators. */
static void cell(pass_t *P, size_t lo, size_t len)
{
    const size_t k = P->k, hi = lo + len;
    uint64_t *l = P->l, *r = P->r, *out = CELL(P, cur, lo);
    cl_big_mul(l, P->scale, k, P->a[lo]);
    cl_big_mul(r, P->scale, k, P->a[hi - 1]);
    if ((P->n - len) % 2 == P->rpar) {
        cl_big_add(l, CELL(P, prev, lo + 1), l, k);
        cl_big_add(r, CELL(P, prev, lo), r, k);
        const int left = cl_big_cmp(l, r, k) >= 0;
        memcpy(out, left ? l : r, k * sizeof *out);
        if (len == P->n)
            P->first_left = left;
        return;
    }
    cl_big_sub(l, CELL(P, prev, lo + 1), l, k);
    cl_big_sub(r, CELL(P, prev, lo), r, k);
    if (P->o.kind != A_RANDOM && P->o.kind != A_FALLIBLE) {
        memcpy(out, their_left(P, lo, len) ? l : r, k * sizeof *out);
        return;
    }
    cl_big_add(out, l, r, k);
    if (P->o.kind == A_FALLIBLE) {
        cl_big_mul(out, out, k, (int64_t)P->o.p);
        cl_big_mul(P->x, their_left(P, lo, len) ? l : r, k,
                   (int64_t)(2 * (P->o.q - P->o.p)));
        cl_big_add(out, out, P->x, k);
    }
}

/* The classic value at (lo, len), for the opponents that play it. */
static void classic(pass_t *P, size_t lo, size_t len)
{
    const cl_wide l = (cl_wide)P->a[lo] - P->vprev[lo + 1];
    const cl_wide r = (cl_wide)P->a[lo + len - 1] - P->vprev[lo];
    P->vcur[lo] = l >= r ? l : r;
}

/* The bit of cell (lo, len) in a line's table: the cells by length,
 * then start. */
static uint64_t bit_of(uint64_t n, uint64_t lo, uint64_t len)
{
    return (len - 1) * (n + 1) - (len - 1) * len / 2 + lo;
}

/* Cell (lo, len) against a deterministic rule, in 128 bits. */
static void cell_exact(pass_t *P, size_t lo, size_t len)
{
    const int64_t *a = P->a;
    const cl_wide l = P->wprev[lo + 1], r = P->wprev[lo];
    const int64_t cl = a[lo], cr = a[lo + len - 1];
    int left;
    if ((P->n - len) % 2 == P->rpar) {
        left = cl + l >= cr + r;
        P->wcur[lo] = left ? cl + l : cr + r;
        if (len == P->n)
            P->first_left = left;
    } else {
        left = their_left(P, lo, len);
        P->wcur[lo] = left ? l - cl : r - cr;
    }
    if (P->bits != NULL && left) {
        const uint64_t at = bit_of(P->n, lo, len);
        P->bits[at / 8] |= (unsigned char)(1u << (at % 8));
    }
}

#define SWAP(T, x, y)                                                          \
    do {                                                                       \
        T *const t_ = (x);                                                     \
        (x) = (y);                                                             \
        (y) = t_;                                                              \
    } while (0)

static void run(pass_t *P)
{
    const int needs_v = P->o.kind == A_OPTIMAL || P->o.kind == A_FALLIBLE;
    for (size_t len = 1; len <= P->n; len++) {
        for (size_t lo = 0; lo + len <= P->n; lo++) {
            if (P->o.p == 0)
                cell_exact(P, lo, len);
            else
                cell(P, lo, len);
            if (needs_v)
                classic(P, lo, len);
        }
        SWAP(uint64_t, P->prev, P->cur);
        SWAP(cl_wide, P->vprev, P->vcur);
        SWAP(cl_wide, P->wprev, P->wcur);
        if ((P->n - len) % 2 != P->rpar && P->o.p != 0)
            cl_big_mul(P->scale, P->scale, P->k, (int64_t)(2 * P->o.q));
    }
}

/* Words enough for every numerator: |N| <= n 2^63 (2q)^m < 2^(95 + m b)
 * with n < 2^32 and 2q <= 2^b; 0 when the work passes the limit. */
static size_t words(const opponent_t *o, size_t n, size_t m)
{
    size_t b = 0;
    for (uint64_t v = o->p != 0 ? 2 * o->q - 1 : 0; v > 0; v >>= 1)
        b++;
    const size_t k = (96 + m * b) / 64 + 1;
    const double work = (double)n * (double)(n + 1) / 2 * (double)k;
    return work > COINLINE_AGAINST_WORK_MAX ? 0 : k;
}

static void release(pass_t *P)
{
    free(P->prev);
    free(P->cur);
    free(P->vprev);
    free(P->vcur);
    free(P->pre);
    free(P->scale);
    free(P->wprev);
    free(P->wcur);
}

static int setup(pass_t *P)
{
    const size_t n = P->n, k = P->k;
    P->prev = calloc((n + 2) * k, sizeof *P->prev);
    P->cur = calloc((n + 2) * k, sizeof *P->cur);
    P->vprev = calloc(n + 2, sizeof *P->vprev);
    P->vcur = calloc(n + 2, sizeof *P->vcur);
    P->pre = calloc(n + 2, sizeof *P->pre);
    P->wprev = calloc(n + 2, sizeof *P->wprev);
    P->wcur = calloc(n + 2, sizeof *P->wcur);
    P->scale = calloc(4 * k, sizeof *P->scale);
    if (!P->prev || !P->cur || !P->vprev || !P->vcur || !P->pre || !P->wprev ||
        !P->wcur || !P->scale)
        return COINLINE_ENOMEM;
    P->l = P->scale + k;
    P->r = P->scale + 2 * k;
    P->x = P->scale + 3 * k;
    cl_big_set(P->scale, k, 1);
    for (size_t i = 0; i < n; i++)
        P->pre[i + 1] =
            P->pre[i] + (i % 2 == 0 ? (cl_wide)P->a[i] : -(cl_wide)P->a[i]);
    return COINLINE_OK;
}

/* The texts and values of the result from the margin's numerator m
 * (player 1 minus player 2) over the denominator P->scale. */
static int finish(pass_t *P, uint64_t *m, coinline_against_t *out)
{
    const size_t k = P->k;
    uint64_t *sum = P->l, *t = P->r, *den = P->x;
    cl_big_set(sum, k, 0);
    for (size_t i = 0; i < P->n; i++) {
        cl_big_mul(t, P->scale, k, P->a[i]);
        cl_big_add(sum, sum, t, k);
    }
    out->expected_margin = cl_big_ratio(m, P->scale, k);
    if (P->o.p == 0) {
        const cl_wide w = (cl_wide)(((cl_uwide)m[1] << 64) | m[0]);
        const cl_wide s = (cl_wide)(((cl_uwide)sum[1] << 64) | sum[0]);
        out->margin = cl_from_wide(w);
        out->p1 = cl_from_wide((s + w) / 2);
        out->p2 = cl_from_wide((s - w) / 2);
        out->exact = 1;
    }
    memcpy(den, P->scale, k * sizeof *den);
    cl_big_add(t, sum, m, k);   /* 2 D p1 */
    cl_big_sub(sum, sum, m, k); /* 2 D p2 */
    out->expected_p1 = cl_big_ratio(t, den, k) / 2;
    out->expected_p2 = cl_big_ratio(sum, den, k) / 2;
    out->margin_text = cl_big_fraction(m, den, k);
    memcpy(den, P->scale, k * sizeof *den);
    cl_big_add(den, den, den, k);
    out->p1_text = cl_big_fraction(t, den, k);
    memcpy(den, P->scale, k * sizeof *den);
    cl_big_add(den, den, den, k);
    out->p2_text = cl_big_fraction(sum, den, k);
    return out->margin_text && out->p1_text && out->p2_text ? COINLINE_OK
                                                            : COINLINE_ENOMEM;
}

/* Checks the arguments, sizes the numerators and allocates the pass. */
static int begin(pass_t *P, const int64_t *coins, size_t n, const char *spec,
                 int seat)
{
    memset(P, 0, sizeof *P);
    if (spec == NULL || (coins == NULL && n > 0) || (seat != 1 && seat != 2) ||
        parse(spec, &P->o) != COINLINE_OK)
        return COINLINE_EINVAL;
    P->a = coins;
    P->n = n;
    P->rpar = seat == 2 ? 0 : 1;
    P->k = words(&P->o, n, seat == 1 ? (n + 1) / 2 : n / 2);
    if (P->k == 0 || n > UINT32_MAX)
        return COINLINE_ETOOBIG;
    return setup(P);
}

int coinline_against_solve(const int64_t *coins, size_t n, const char *spec,
                           int seat, coinline_against_t *out)
{
    pass_t P;
    memset(&P, 0, sizeof P);
    if (out != NULL)
        memset(out, 0, sizeof *out);
    int rc = out == NULL ? COINLINE_EINVAL : begin(&P, coins, n, spec, seat);
    if (rc == COINLINE_OK) {
        run(&P);
        uint64_t *m = P.prev; /* the whole row's cell, replier's margin */
        if (P.o.p == 0) {
            m[0] = (uint64_t)(cl_uwide)P.wprev[0];
            m[1] = (uint64_t)((cl_uwide)P.wprev[0] >> 64);
            for (size_t i = 2; i < P.k; i++)
                m[i] = P.wprev[0] < 0 ? UINT64_MAX : 0;
        }
        if (seat == 1) {
            cl_big_set(P.cur, P.k, 0);
            cl_big_sub(m, P.cur, m, P.k);
        }
        if (seat == 2 && n > 0)
            out->first_move =
                P.first_left ? COINLINE_SIDE_LEFT : COINLINE_SIDE_RIGHT;
        rc = finish(&P, m, out);
    }
    release(&P);
    if (rc != COINLINE_OK)
        coinline_against_free(out);
    return rc;
}

int coinline_against_line(const int64_t *coins, size_t n, const char *spec,
                          int seat, char *moves)
{
    pass_t P;
    if (moves == NULL)
        return COINLINE_EINVAL;
    int rc = begin(&P, coins, n, spec, seat);
    if (rc == COINLINE_OK && P.o.p != 0)
        rc = COINLINE_EINVAL;
    if (rc == COINLINE_OK && n > COINLINE_AGAINST_LINE_MAX)
        rc = COINLINE_ETOOBIG;
    if (rc == COINLINE_OK) {
        P.bits = calloc((size_t)(bit_of(n, 0, n + 1) / 8 + 1), 1);
        rc = P.bits == NULL ? COINLINE_ENOMEM : COINLINE_OK;
    }
    if (rc == COINLINE_OK) {
        run(&P);
        for (size_t k = 0, lo = 0, len = n; k < n; k++, len--) {
            const uint64_t at = bit_of(n, lo, len);
            const int left = (P.bits[at / 8] >> (at % 8)) & 1;
            moves[k] = left ? 'L' : 'R';
            lo += (size_t)left;
        }
        moves[n] = '\0';
    }
    free(P.bits);
    release(&P);
    return rc;
}

void coinline_against_free(coinline_against_t *r)
{
    if (r == NULL)
        return;
    free(r->margin_text);
    free(r->p1_text);
    free(r->p2_text);
    r->margin_text = r->p1_text = r->p2_text = NULL;
}
