/* SPDX-License-Identifier: MIT */
/*
 * counter.c - the smallest counterexample to a strategy: the rows in the
 * order of counter.h, each played by the strategy (seat 1) against the
 * engine's optimal moves (seat 2), until one ends below the game's value.
 *
 * The rows of n coins whose largest coin is top and whose sum is s are
 * made in dictionary order by a depth-first fill of the coins from the
 * left: a coin is tried only when the coins after it can still make the
 * sum from values in [min, top] and, while no coin is top yet, leave
 * room for one. Against an optimal player 2 the final margin falls only
 * at the strategy's moves, so the game's value minus the final margin is
 * what its moves gave away; a row where it is positive is the answer.
 * The answer's two lines are replayed on a game for their scores.
 */
#include <stdlib.h>
#include <string.h>

#include "counter.h"
#include "player.h"
#include "rules.h"
#include "wide.h"

typedef struct {
    const cli_counter_ask_t *q;
    cli_player_t *p[2]; /* the strategy, and optimal */
    int64_t *a;         /* the row being made */
    size_t n;
    int64_t top; /* its largest coin */
    int per;     /* the scoring's margin_per_loss */
    cli_counter_t *out;
} search_t;

/* Replays positions pos[0..n-1] on a game of a[0..n-1] under rules into
 * m[0..n-1]. */
static int replay(const coinline_rules_t *rules, const int64_t *a, size_t n,
                  const uint64_t *pos, cli_counter_move_t *m)
{
    coinline_game_t *g;
    coinline_game_state_t st;
    int rc = coinline_game_new(rules, a, n, &g);
    for (size_t k = 0; k < n && rc == COINLINE_OK; k++) {
        rc = coinline_game_state(g, &st);
        m[k].position = pos[k];
        m[k].coin = a[pos[k] - 1];
        m[k].side = st.left_end == 0        ? COINLINE_SIDE_NONE
                    : pos[k] == st.left_end ? COINLINE_SIDE_LEFT
                                            : COINLINE_SIDE_RIGHT;
        if (rc == COINLINE_OK)
            rc = coinline_game_play(g, pos[k]);
        if (rc == COINLINE_OK)
            rc = coinline_game_state(g, &st);
        m[k].p1 = st.p1;
        m[k].p2 = st.p2;
    }
    coinline_game_free(g);
    return rc;
}

/* One line of the answer: its moves and its text. */
static int put_line(const coinline_rules_t *rules, const int64_t *a, size_t n,
                    const uint64_t *pos, cli_counter_move_t **m, char **text)
{
    const size_t size = n + 24;
    *m = malloc((n + 1) * sizeof **m);
    *text = malloc(size);
    if (*m == NULL || *text == NULL)
        return COINLINE_ENOMEM;
    const int len = coinline_positions_text(rules, n, pos, n, *text, size);
    return len < 0 ? len : replay(rules, a, n, pos, *m);
}

/* Keeps the row of game g, where the strategy lost loss points: the row,
 * its game and the optimal line. Returns 1, or a COINLINE_E* code. */
static int keep(search_t *S, coinline_game_t *g, cl_wide loss)
{
    cli_counter_t *c = S->out;
    const size_t n = S->n;
    uint64_t *pos = malloc((n + 1) * sizeof *pos);
    c->coins = malloc((n + 1) * sizeof *c->coins);
    if (pos == NULL || c->coins == NULL) {
        free(pos);
        return COINLINE_ENOMEM;
    }
    memcpy(c->coins, S->a, n * sizeof *S->a);
    c->n = n;
    c->loss = cl_from_wide(loss);
    for (size_t k = 0; k < n; k++)
        pos[k] = coinline_game_history(g, k + 1);
    const coinline_rules_t *rules = &S->q->rules;
    int rc = put_line(rules, S->a, n, pos, &c->play, &c->play_text);
    if (rc == COINLINE_OK)
        rc = coinline_game_line(rules, S->a, n, COINLINE_ALGO_LINEAR, pos);
    if (rc == COINLINE_OK)
        rc = put_line(rules, S->a, n, pos, &c->best, &c->best_text);
    free(pos);
    return rc == COINLINE_OK ? 1 : rc;
}

/* Keeps the row on which a bot forfeited, and why. */
static int forfeit(search_t *S)
{
    const char *why = cli_player_verdict(S->p[0]);
    cli_counter_t *c = S->out;
    c->verdict = strdup(why != NULL ? why : "forfeited");
    c->coins = malloc((S->n + 1) * sizeof *c->coins);
    if (c->verdict == NULL || c->coins == NULL)
        return COINLINE_ENOMEM;
    memcpy(c->coins, S->a, S->n * sizeof *S->a);
    c->n = S->n;
    return CLI_EFORFEIT;
}

/* The seed of the strategy's random choices on the row S->a: the
 * search's seed mixed with the coins, so that a row's game does not
 * depend on the rows tried before it. */
static uint64_t row_seed(const search_t *S)
{
    uint64_t state = S->q->seed ^ S->n;
    for (size_t i = 0; i < S->n; i++) {
        state ^= (uint64_t)S->a[i];
        coinline_random_next(&state);
    }
    return coinline_random_next(&state);
}

/* Plays game g to its end, each seat's player choosing. */
static int play_out(search_t *S, coinline_game_t *g)
{
    coinline_game_state_t st;
    int rc = COINLINE_OK;
    memset(&st, 0, sizeof st);
    for (int seat = 1; seat <= 2 && rc == COINLINE_OK; seat++)
        rc = cli_player_begin(S->p[seat - 1], g, seat, row_seed(S));
    if (rc == COINLINE_OK)
        rc = coinline_game_state(g, &st);
    while (rc == COINLINE_OK && st.to_move != 0) {
        uint64_t pos = 0;
        rc = cli_player_choose(S->p[st.to_move - 1], g, &pos);
        if (rc == COINLINE_OK)
            rc = coinline_game_play(g, pos);
        if (rc == COINLINE_OK)
            rc = coinline_game_state(g, &st);
    }
    const coinline_i128_t totals[2] = {st.p1, st.p2};
    for (int k = 0; k < 2; k++)
        cli_player_end(S->p[k], rc == COINLINE_OK ? totals : NULL);
    return rc;
}

/* Plays the row S->a: 1 (kept: the strategy lost points), 0, or a code. */
static int try_row(search_t *S)
{
    coinline_game_t *g;
    coinline_game_state_t start, end;
    S->out->rows++;
    int rc = coinline_game_new(&S->q->rules, S->a, S->n, &g);
    if (rc == COINLINE_OK)
        rc = coinline_game_state(g, &start);
    if (rc == COINLINE_OK)
        rc = play_out(S, g);
    if (rc == COINLINE_OK)
        rc = coinline_game_state(g, &end);
    if (rc == COINLINE_OK) {
        const cl_wide fall = cl_to_wide(start.final_margin) -
                             (cl_to_wide(end.p1) - cl_to_wide(end.p2));
        if (fall > 0)
            rc = keep(S, g, fall / S->per);
    } else if (rc == CLI_EFORFEIT) {
        rc = forfeit(S);
    }
    coinline_game_free(g);
    return rc;
}

/* Fills the coins from i on, summing to rest, in dictionary order; has:
 * a coin before i is S->top. Returns what try_row() returns, at the
 * first row that is not 0. */
static int fill(search_t *S, size_t i, cl_wide rest, int has)
{
    const cl_wide min = S->q->min, top = S->top;
    if (i == S->n)
        return rest == 0 && has ? try_row(S) : 0;
    const cl_wide k = (cl_wide)(S->n - i - 1); /* coins after this one */
    const cl_wide lo = rest - k * top > min ? rest - k * top : min;
    const cl_wide hi = rest - k * min < top ? rest - k * min : top;
    /* without top yet, a smaller coin must leave room for one after it */
    const cl_wide room = k == 0 ? min - 1 : rest - top - (k - 1) * min;
    for (cl_wide v = lo; v <= hi; v++) {
        if (!has && v != top && v > room)
            continue;
        S->a[i] = (int64_t)v;
        const int rc = fill(S, i + 1, rest - v, has || v == top);
        if (rc != 0)
            return rc;
    }
    return 0;
}

/* The rows of S->n coins, by their largest coin, then their sum. */
static int search_n(search_t *S)
{
    const cl_wide min = S->q->min, n = (cl_wide)S->n;
    for (cl_wide top = min; top <= S->q->max; top++) {
        S->top = (int64_t)top;
        for (cl_wide s = n * min + (top - min); s <= n * top; s++) {
            const int rc = fill(S, 0, s, 0);
            if (rc != 0)
                return rc;
        }
    }
    return 0;
}

int cli_counter_find(const cli_counter_ask_t *ask, cli_counter_t *out)
{
    search_t S = {.q = ask, .out = out};
    memset(out, 0, sizeof *out);
    if (ask->max_n < 1 || ask->max_n > CLI_COUNTER_N_MAX ||
        ask->min > ask->max ||
        (cl_wide)ask->max - ask->min > CLI_COUNTER_WIDTH_MAX ||
        cli_score_words(&ask->rules) == NULL)
        return COINLINE_EINVAL;
    S.per = cli_score_words(&ask->rules)->margin_per_loss;
    S.a = malloc(ask->max_n * sizeof *S.a);
    int rc = S.a != NULL ? COINLINE_OK : COINLINE_ENOMEM;
    if (rc == COINLINE_OK)
        rc = cli_player_new(ask->spec, ask->seed, ask->move_ms, &S.p[0]);
    if (rc == COINLINE_OK)
        rc = cli_player_new("optimal", 0, ask->move_ms, &S.p[1]);
    for (S.n = ask->even ? 2 : 1; rc == COINLINE_OK && S.n <= ask->max_n;
         S.n += ask->even ? 2 : 1)
        rc = search_n(&S);
    cli_player_free(S.p[0]);
    cli_player_free(S.p[1]);
    free(S.a);
    return rc;
}

void cli_counter_free(cli_counter_t *c)
{
    if (c == NULL)
        return;
    free(c->coins);
    free(c->play);
    free(c->best);
    free(c->play_text);
    free(c->best_text);
    free(c->verdict);
    memset(c, 0, sizeof *c);
}
