/* SPDX-License-Identifier: MIT */
/*
 * strategy.c - who chooses a move: the built-in strategies (optimal,
 * greedy, parity, random, fallible) and the caller's own, behind one call.
 *
 * Parity. With an even number of coins left, the two end coins have
 * indices of different parity, so the player to move can take the end of
 * either parity class, and after that the opponent must take a coin of
 * the other class. Taking each time the end of the class whose coins left
 * sum to more keeps D + |X - Y| from falling (D the lead so far, X >= Y
 * the class sums): after one round D grows by x - y and |X - Y| shrinks by
 * at most x - y. So the player who starts an even row ends at least
 * |E - O| ahead, E and O the sums at even and odd indices: it never
 * loses. The class sums come from alternating prefix sums of the row,
 * computed once per engine.
 */
#include <stdlib.h>
#include <string.h>

#include "rules.h"
#include "solver.h"

enum kind {
    K_OPTIMAL,
    K_GREEDY,
    K_PARITY,
    K_RANDOM,
    K_FALLIBLE,
    K_CUSTOM, /* a coinline_move_fn_t */
    K_GAME    /* a coinline_choose_fn_t */
};

struct coinline_strategy {
    enum kind kind;
    uint64_t threshold; /* fallible: random when a 53-bit draw is below */
    uint64_t rng;
    coinline_move_fn_t fn;
    coinline_choose_fn_t choose;
    void *ctx;
    uint64_t pre_id; /* the engine the prefix sums are of, 0 for none */
    cl_wide *pre;    /* pre[i]: a[j] summed over j < i, odd j negated */
    size_t pre_cap;
    char name[];
};

static uint64_t next_random(coinline_strategy_t *s)
{
    return coinline_random_next(&s->rng);
}

static coinline_strategy_t *make(const char *name, enum kind kind,
                                 uint64_t seed)
{
    const size_t len = strlen(name);
    coinline_strategy_t *const s = calloc(1, sizeof *s + len + 1);
    if (s == NULL)
        return NULL;
    memcpy(s->name, name, len + 1);
    s->kind = kind;
    s->rng = seed;
    return s;
}

/* P of "fallible:P", digits with at most one '.', as a threshold over
 * 2^53; -1 when it is not such a decimal in [0, 1]. Read by hand, so no
 * locale or hexadecimal form changes what is accepted. */
static int parse_probability(const char *text, uint64_t *threshold)
{
    double p = 0, unit = 1;
    int digits = 0, point = 0;
    for (const char *c = text; *c != '\0'; c++) {
        if (*c == '.' && !point) {
            point = 1;
        } else if (*c >= '0' && *c <= '9') {
            digits++;
            if (point)
                p += (unit /= 10) * (*c - '0');
            else
                p = p * 10 + (*c - '0');
        } else {
            return -1;
        }
    }
    if (digits == 0 || p > 1.0)
        return -1;
    *threshold = (uint64_t)(p * 9007199254740992.0); /* 2^53 */
    return 0;
}

int coinline_strategy_new(const char *spec, uint64_t seed,
                          coinline_strategy_t **out)
{
    static const struct {
        const char *name;
        enum kind kind;
    } plain[] = {{"optimal", K_OPTIMAL},
                 {"greedy", K_GREEDY},
                 {"parity", K_PARITY},
                 {"random", K_RANDOM}};
    uint64_t threshold = 0;
    enum kind kind = K_CUSTOM;

    if (out != NULL)
        *out = NULL;
    if (spec == NULL || out == NULL)
        return COINLINE_EINVAL;
    for (size_t i = 0; i < sizeof plain / sizeof plain[0]; i++)
        if (strcmp(spec, plain[i].name) == 0)
            kind = plain[i].kind;
    if (kind == K_CUSTOM) {
        if (strncmp(spec, "fallible:", 9) != 0 ||
            parse_probability(spec + 9, &threshold) != 0)
            return COINLINE_EINVAL;
        kind = K_FALLIBLE;
    }
    *out = make(spec, kind, seed);
    if (*out == NULL)
        return COINLINE_ENOMEM;
    (*out)->threshold = threshold;
    return COINLINE_OK;
}

int coinline_strategy_custom(const char *name, coinline_move_fn_t fn, void *ctx,
                             coinline_strategy_t **out)
{
    if (out != NULL)
        *out = NULL;
    if (fn == NULL || out == NULL)
        return COINLINE_EINVAL;
    *out = make(name != NULL ? name : "custom", K_CUSTOM, 0);
    if (*out == NULL)
        return COINLINE_ENOMEM;
    (*out)->fn = fn;
    (*out)->ctx = ctx;
    return COINLINE_OK;
}

int coinline_strategy_custom_game(const char *name, coinline_choose_fn_t fn,
                                  void *ctx, coinline_strategy_t **out)
{
    if (out != NULL)
        *out = NULL;
    if (fn == NULL || out == NULL)
        return COINLINE_EINVAL;
    *out = make(name != NULL ? name : "custom", K_GAME, 0);
    if (*out == NULL)
        return COINLINE_ENOMEM;
    (*out)->choose = fn;
    (*out)->ctx = ctx;
    return COINLINE_OK;
}

void coinline_strategy_free(coinline_strategy_t *s)
{
    if (s == NULL)
        return;
    free(s->pre);
    free(s);
}

const char *coinline_strategy_name(const coinline_strategy_t *s)
{
    return s != NULL ? s->name : "";
}

/* The alternating prefix sums of the engine's row, made once per engine. */
static int prefix_sums(coinline_strategy_t *s, const coinline_engine_t *e,
                       size_t n)
{
    const uint64_t id = cl_engine_id(e);
    if (s->pre_id == id)
        return COINLINE_OK;
    if (s->pre_cap < n + 1) {
        cl_wide *const p = realloc(s->pre, (n + 1) * sizeof *p);
        if (p == NULL)
            return COINLINE_ENOMEM;
        s->pre = p;
        s->pre_cap = n + 1;
    }
    const int64_t *const a = coinline_engine_row(e);
    s->pre[0] = 0;
    for (size_t i = 0; i < n; i++)
        s->pre[i + 1] =
            s->pre[i] + (i % 2 == 0 ? (cl_wide)a[i] : -(cl_wide)a[i]);
    s->pre_id = id;
    return COINLINE_OK;
}

static coinline_side_t greedy(const int64_t *a,
                              const coinline_engine_state_t *st)
{
    return a[st->lo] >= a[st->hi - 1] ? COINLINE_SIDE_LEFT
                                      : COINLINE_SIDE_RIGHT;
}

static int parity(coinline_strategy_t *s, const coinline_engine_t *e,
                  const coinline_engine_state_t *st, coinline_side_t *side)
{
    const int64_t *const a = coinline_engine_row(e);
    if ((st->hi - st->lo) % 2 != 0) {
        *side = greedy(a, st);
        return COINLINE_OK;
    }
    const int rc = prefix_sums(s, e, (size_t)st->n);
    if (rc != COINLINE_OK)
        return rc;
    /* even-index coins left minus odd-index ones */
    const cl_wide d = s->pre[st->hi] - s->pre[st->lo];
    const int left_even = st->lo % 2 == 0;
    *side = d == 0 || (d > 0) == left_even ? COINLINE_SIDE_LEFT
                                           : COINLINE_SIDE_RIGHT;
    return COINLINE_OK;
}

static coinline_side_t coin_flip(coinline_strategy_t *s)
{
    return (next_random(s) >> 63) ? COINLINE_SIDE_LEFT : COINLINE_SIDE_RIGHT;
}

int coinline_strategy_move(coinline_strategy_t *s, coinline_engine_t *e,
                           coinline_side_t *side)
{
    coinline_engine_state_t st;
    if (s == NULL || e == NULL || side == NULL || s->kind == K_GAME ||
        coinline_engine_state(e, &st) != COINLINE_OK || st.to_move == 0)
        return COINLINE_EINVAL;
    switch (s->kind) {
    case K_OPTIMAL: *side = st.best; return COINLINE_OK;
    case K_GREEDY: *side = greedy(coinline_engine_row(e), &st); return 0;
    case K_PARITY: return parity(s, e, &st, side);
    case K_RANDOM: *side = coin_flip(s); return COINLINE_OK;
    case K_FALLIBLE:
        *side = (next_random(s) >> 11) < s->threshold ? coin_flip(s) : st.best;
        return COINLINE_OK;
    default: break;
    }
    *side = COINLINE_SIDE_NONE; /* a function that sets no side is refused */
    const int rc = s->fn(s->ctx, coinline_engine_row(e), &st, side);
    if (rc != COINLINE_OK)
        return rc;
    return *side == COINLINE_SIDE_LEFT || *side == COINLINE_SIDE_RIGHT
               ? COINLINE_OK
               : COINLINE_EINVAL;
}

/* ---- the first move of a circle ----------------------------------------- */

/* The largest coin, the smallest index of ties. */
static size_t largest(const int64_t *a, size_t n)
{
    size_t best = 0;
    for (size_t p = 1; p < n; p++)
        if (a[p] > a[best])
            best = p;
    return best;
}

/* n odd: the line left after p has an even number of coins, on which the
 * opponent could play parity and end |E - O| ahead; take the p with the
 * largest a[p] - |E - O|. alt(p), the line's alternating sum, slides:
 * alt(p + 1) = a[p + 1] - alt(p) - a[p]. */
static size_t parity_first(const int64_t *a, size_t n)
{
    cl_wide alt = 0, best = 0;
    size_t at = 0;
    for (size_t k = 0; k + 1 < n; k++)
        alt += k % 2 == 0 ? (cl_wide)a[k + 1] : -(cl_wide)a[k + 1];
    for (size_t p = 0; p < n; p++) {
        const cl_wide score = (cl_wide)a[p] - (alt < 0 ? -alt : alt);
        if (p == 0 || score > best) {
            best = score;
            at = p;
        }
        alt = (cl_wide)a[(p + 1) % n] - alt - a[p];
    }
    return at;
}

/* The strategy's first move on the circle b[0..n-1], n >= 1, as the
 * classic game sees it; best: the optimal one, 0 when not known. */
static int first_move(coinline_strategy_t *s, const int64_t *b, size_t n,
                      uint64_t best, uint64_t *position)
{
    coinline_circle_result_t r;
    switch (s->kind) {
    case K_GREEDY: *position = largest(b, n) + 1; return COINLINE_OK;
    case K_PARITY:
        *position = (n % 2 == 1 ? parity_first(b, n) : largest(b, n)) + 1;
        return COINLINE_OK;
    case K_RANDOM:
        *position = coinline_random_uniform(&s->rng, n - 1) + 1;
        return COINLINE_OK;
    case K_FALLIBLE:
        if ((next_random(s) >> 11) < s->threshold) {
            *position = coinline_random_uniform(&s->rng, n - 1) + 1;
            return COINLINE_OK;
        }
        break;
    default: break;
    }
    if (best == 0) {
        const int rc = coinline_circle_solve(b, n, COINLINE_ALGO_LINEAR, &r);
        if (rc != COINLINE_OK)
            return rc;
        best = r.first;
    }
    *position = best;
    return COINLINE_OK;
}

int coinline_strategy_first(coinline_strategy_t *s, const int64_t *coins,
                            size_t n, uint64_t *position)
{
    if (s == NULL || coins == NULL || n == 0 || position == NULL ||
        s->kind == K_CUSTOM || s->kind == K_GAME)
        return COINLINE_EINVAL;
    return first_move(s, coins, n, 0, position);
}

int coinline_strategy_pick(coinline_strategy_t *s, size_t count, size_t *index)
{
    if (s == NULL || count == 0 || index == NULL ||
        (s->kind != K_OPTIMAL && s->kind != K_RANDOM && s->kind != K_FALLIBLE))
        return COINLINE_EINVAL;
    *index = 0;
    if (s->kind == K_RANDOM ||
        (s->kind == K_FALLIBLE && (next_random(s) >> 11) < s->threshold))
        *index = (size_t)coinline_random_uniform(&s->rng, count - 1);
    return COINLINE_OK;
}

/* ---- a move of a game under any rules ------------------------------------ */

/* Where the legal moves are two ends: the strategy's move on the classic
 * engine of their line, as an end. A coinline_move_fn_t sees that
 * engine's row and state, which are the game's coins only when the shape
 * plays the classic game on the coins themselves. */
static int choose_end(coinline_strategy_t *s, coinline_game_t *g,
                      coinline_engine_t *e, const coinline_game_state_t *st,
                      uint64_t *position)
{
    coinline_side_t side;
    cl_game_inside_t in;
    if (s->kind == K_CUSTOM && (cl_game_inside(g, &in) != COINLINE_OK ||
                                in.b != coinline_game_coins(g)))
        return COINLINE_EINVAL;
    const int rc = coinline_strategy_move(s, e, &side);
    if (rc == COINLINE_OK)
        *position = side == COINLINE_SIDE_LEFT ? st->left_end : st->right_end;
    return rc;
}

/* A caller's choice over the game, checked. */
static int choose_custom(coinline_strategy_t *s, coinline_game_t *g,
                         const coinline_game_state_t *st, uint64_t *position)
{
    *position = 0;
    const int rc = s->choose(s->ctx, g, st, position);
    if (rc != COINLINE_OK)
        return rc;
    return coinline_game_is_legal(g, *position) ? COINLINE_OK : COINLINE_EMOVE;
}

int coinline_strategy_choose(coinline_strategy_t *s, coinline_game_t *g,
                             uint64_t *position)
{
    coinline_game_state_t st;
    cl_game_inside_t in;
    if (s == NULL || g == NULL || position == NULL)
        return COINLINE_EINVAL;
    int rc = coinline_game_state(g, &st);
    if (rc != COINLINE_OK || st.to_move == 0)
        return rc != COINLINE_OK ? rc : COINLINE_EINVAL;
    if (s->kind == K_GAME)
        return choose_custom(s, g, &st, position);
    coinline_engine_t *const e = cl_game_engine(g);
    if (e != NULL)
        return choose_end(s, g, e, &st, position);
    /* any coin may be taken: the circle's first move on its coins */
    if (s->kind == K_CUSTOM || (rc = cl_game_inside(g, &in)) != COINLINE_OK)
        return rc != COINLINE_OK ? rc : COINLINE_EINVAL;
    return first_move(s, in.b, (size_t)st.n, st.best, position);
}
