/* SPDX-License-Identifier: MIT */
/*
 * check.c - a learner's program checked on the games of a plan
 * (check.h).
 *
 * The games come from the library, one at a time (coinline_check_game())
 * and are written in the classic format, "N\nC1 C2 ...\n" ("0\n\n" for
 * the empty game); each run is judged the same way: a time-out first,
 * then a crash (a signal, or a non-zero exit status), then the answer
 * (judge.h). A failure's way is kept, and the shrinking (the library's
 * delta debugging, coinline_check_shrink()) keeps a smaller game only
 * when the program fails it the same way: a wrong answer stays wrong, a
 * crash a crash. The last run that failed is the one told: the library
 * moves to a row only when it fails, so its last failing run is the
 * final row's.
 *
 * The growth is asked of the library on every game that passed (each
 * size's median counts), with the base a process start costs taken as
 * the median time of the edge games, which do next to nothing.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "decimal.h"
#include "proc.h"

const char *cli_check_status_name(cli_check_status_t s)
{
    static const char *const names[] = {"ok", "wrong", "crash", "timeout",
                                        "bad-output"};
    return names[s];
}

/* ---- the input text ----------------------------------------------------- */

typedef struct {
    char *p;
    size_t len, cap;
} text_t;

/* Appends game coins[0..n-1] in the classic format. Returns 0 or
 * COINLINE_ENOMEM. */
static int put_game(text_t *t, const int64_t *coins, size_t n)
{
    const size_t need = t->len + 24 + n * (CLI_I64_CHARS + 1) + 2;
    if (need > t->cap) {
        const size_t cap = need > 2 * t->cap ? need : 2 * t->cap;
        char *p = realloc(t->p, cap);
        if (p == NULL)
            return COINLINE_ENOMEM;
        t->p = p;
        t->cap = cap;
    }
    t->len += (size_t)sprintf(t->p + t->len, "%zu\n", n);
    for (size_t i = 0; i < n; i++) {
        if (i > 0)
            t->p[t->len++] = ' ';
        t->len += cli_put_i64(t->p + t->len, coins[i]);
    }
    t->p[t->len++] = '\n';
    return COINLINE_OK;
}

/* ---- one game ----------------------------------------------------------- */

/* The way a run on a game went: text[0..len-1] its answer. */
static cli_check_status_t judged(const cli_check_ask_t *a, const cli_run_t *r,
                                 const cli_expected_t *e, const char *text,
                                 size_t len, char *got)
{
    got[0] = '\0';
    if (r->end == CLI_RUN_TIMEOUT)
        return CLI_CHECK_TIMEOUT;
    if (r->end == CLI_RUN_SIGNALED || r->status != 0)
        return CLI_CHECK_CRASH;
    if (r->out_cut)
        return CLI_CHECK_BAD;
    switch (cli_judge(a->form, e, text, len, got)) {
    case CLI_JUDGE_RIGHT: return CLI_CHECK_OK;
    case CLI_JUDGE_WRONG: return CLI_CHECK_WRONG;
    default: return CLI_CHECK_BAD;
    }
}

/* Runs the program on the one game coins[0..n-1] into *r (cleared by the
 * caller), its answer into *e and got, its way into *way. Returns 0, a
 * COINLINE_E* code or an errno value (cli_run()). */
static int run_game(const cli_check_ask_t *a, const int64_t *coins, size_t n,
                    cli_run_t *r, cli_expected_t *e, char *got,
                    cli_check_status_t *way)
{
    text_t t = {NULL, 0, 0};
    int rc = cli_judge_expected(&a->rules, a->form, coins, n, e);
    if (rc == COINLINE_OK)
        rc = put_game(&t, coins, n);
    if (rc == COINLINE_OK)
        rc = cli_run(a->argv, t.p, t.len, a->limit_ms, r);
    free(t.p);
    if (rc == ENOMEM)
        return COINLINE_ENOMEM;
    if (rc == 0)
        *way = judged(a, r, e, r->out, r->out_len, got);
    return rc;
}

/* The failing run's details into *out: takes over r. */
static void keep_failure(cli_check_t *out, cli_run_t *r,
                         const cli_expected_t *e, const char *got)
{
    cli_run_clear(&out->run);
    out->run = *r;
    memset(r, 0, sizeof *r);
    out->expected = *e;
    strcpy(out->got, got);
    out->out = out->run.out;
    out->out_len = out->run.out_len;
}

/* ---- shrinking ---------------------------------------------------------- */

typedef struct {
    const cli_check_ask_t *ask;
    cli_check_t *out;
    int rc;           /* a run's failure, which stops the shrinking */
    int64_t deadline; /* the shrinking's end (cli_proc_now_ms()) */
} shrink_t;

static int still_fails(void *ctx, const int64_t *coins, size_t n)
{
    shrink_t *S = ctx;
    if (cli_proc_now_ms() > S->deadline) {
        S->out->shrink_stopped = 1;
        return 0; /* what was found so far stays */
    }
    cli_run_t r;
    cli_expected_t e;
    char got[CLI_JUDGE_GOT_MAX];
    cli_check_status_t way = CLI_CHECK_OK;
    S->rc = run_game(S->ask, coins, n, &r, &e, got, &way);
    if (S->rc != 0) {
        cli_run_clear(&r);
        return -1;
    }
    if (way != S->out->status) {
        cli_run_clear(&r);
        return 0;
    }
    keep_failure(S->out, &r, &e, got);
    return 1;
}

/* Shrinks the failing game out->coins (not a time-out). Returns 0, a
 * COINLINE_E* code or an errno value. */
static int shrink(const cli_check_ask_t *a, cli_check_t *out)
{
    shrink_t S = {a, out, 0, cli_proc_now_ms() + CLI_CHECK_SHRINK_MS};
    out->shrunk_from = out->n;
    out->fails_alone = 1;
    if (out->status == CLI_CHECK_TIMEOUT)
        return 0;
    if (a->stream) { /* does it fail without the games before it? */
        out->fails_alone = still_fails(&S, out->coins, out->n);
        out->runs = 1;
        if (out->fails_alone <= 0)
            return out->fails_alone < 0 ? S.rc : 0;
    }
    unsigned runs = 0;
    const int rc =
        coinline_check_shrink(&a->plan, out->coins, &out->n, CLI_CHECK_BUDGET,
                              still_fails, &S, &runs);
    out->runs += runs;
    return rc == COINLINE_OK ? 0 : S.rc != 0 ? S.rc : rc;
}

/* ---- the growth --------------------------------------------------------- */

static int by_value(const void *x, const void *y)
{
    const double a = *(const double *)x, b = *(const double *)y;
    return (a > b) - (a < b);
}

/* The growth of the times secs[i] on sizes[i] (i < m); edge[0..e-1] the
 * edge games' times (sorted here), growing[k] whether game i grows. */
static void growth(cli_check_t *out, const size_t *sizes, const double *secs,
                   size_t m, double *edge, size_t e, const char *growing)
{
    out->timed = 1;
    qsort(edge, e, sizeof *edge, by_value);
    out->base = e > 0 ? edge[e / 2] : 0;
    out->lo = out->hi = 0;
    for (size_t i = 0; i < m; i++)
        if (growing[i]) {
            out->lo = out->lo == 0 || sizes[i] < out->lo ? sizes[i] : out->lo;
            out->hi = sizes[i] > out->hi ? sizes[i] : out->hi;
        }
    coinline_check_growth(sizes, secs, m, out->base, &out->growth,
                          &out->exponent);
}

/* ---- the games one run each --------------------------------------------- */

/* The times of the games that passed. */
typedef struct {
    size_t *sizes;
    double *secs, *edge;
    char *growing;
    size_t m, e;
} times_t;

static int times_new(times_t *T, uint64_t count)
{
    memset(T, 0, sizeof *T);
    T->sizes = malloc(count * sizeof *T->sizes);
    T->secs = malloc(count * sizeof *T->secs);
    T->edge = malloc(count * sizeof *T->edge);
    T->growing = malloc(count);
    return T->sizes && T->secs && T->edge && T->growing ? 0 : COINLINE_ENOMEM;
}

static void times_free(times_t *T)
{
    free(T->sizes);
    free(T->secs);
    free(T->edge);
    free(T->growing);
}

static void times_add(times_t *T, size_t n, coinline_check_kind_t kind,
                      double s)
{
    T->sizes[T->m] = n;
    T->secs[T->m] = s;
    T->growing[T->m++] = kind == COINLINE_CHECK_GROWING;
    if (kind == COINLINE_CHECK_EDGE)
        T->edge[T->e++] = s;
}

/* The failing game k (coins taken over) and its run into *out. */
static void fail_at(cli_check_t *out, cli_check_status_t way, uint64_t k,
                    coinline_check_kind_t kind, int64_t *coins, size_t n)
{
    out->status = way;
    out->index = k;
    out->kind = kind;
    out->coins = coins;
    out->n = n;
}

/* Game k of the plan run and judged. Returns 0 (*way, and the game kept
 * in *out when it failed), a COINLINE_E* code or an errno value. */
static int one_of_each(const cli_check_ask_t *a, cli_check_t *out, times_t *T,
                       int64_t **coins, uint64_t k)
{
    cli_run_t r;
    cli_expected_t e;
    char got[CLI_JUDGE_GOT_MAX];
    cli_check_status_t way = CLI_CHECK_OK;
    coinline_check_kind_t kind;
    size_t n;
    int rc = coinline_check_game(&a->plan, k, *coins, a->plan.max_n, &n, &kind);
    if (rc == COINLINE_OK)
        rc = run_game(a, *coins, n, &r, &e, got, &way);
    if (rc != 0)
        return rc;
    out->games++;
    if (way == CLI_CHECK_OK) {
        times_add(T, n, kind, r.seconds);
        out->passed++;
        cli_run_clear(&r);
        return 0;
    }
    /* a time-out's time is a lower bound, and tells most of the growth */
    if (way == CLI_CHECK_TIMEOUT)
        times_add(T, n, kind, r.seconds);
    fail_at(out, way, k, kind, *coins, n);
    *coins = NULL;
    keep_failure(out, &r, &e, got);
    return 0;
}

/* Each game in its own run, until the first failure. */
static int each_game(const cli_check_ask_t *a, cli_check_t *out)
{
    times_t T;
    int64_t *coins = malloc(a->plan.max_n * sizeof *coins);
    int rc = times_new(&T, out->count);
    if (rc == 0 && coins == NULL)
        rc = COINLINE_ENOMEM;
    for (uint64_t k = 0; rc == 0 && k < out->count; k++)
        if ((rc = one_of_each(a, out, &T, &coins, k)) == 0 &&
            out->status != CLI_CHECK_OK)
            break;
    if (rc == 0)
        growth(out, T.sizes, T.secs, T.m, T.edge, T.e, T.growing);
    times_free(&T);
    free(coins);
    return rc;
}

/* ---- the games in one stream -------------------------------------------- */

/* Every game of the plan: coins all[at[k]..at[k + 1]), kinds[k], and the
 * stream's text. */
typedef struct {
    int64_t *all;
    size_t *at;
    coinline_check_kind_t *kinds;
    text_t text;
} games_t;

static void games_free(games_t *G)
{
    free(G->all);
    free(G->at);
    free(G->kinds);
    free(G->text.p);
}

/* Reads every game of the plan into *G. Returns 0 or a COINLINE_E* code. */
static int gather(const cli_check_ask_t *a, uint64_t count, games_t *G)
{
    size_t cap = a->plan.max_n, n;
    int rc = COINLINE_ENOMEM;
    memset(G, 0, sizeof *G);
    G->at = malloc((count + 1) * sizeof *G->at);
    G->kinds = malloc(count * sizeof *G->kinds);
    G->all = malloc(cap * sizeof *G->all);
    if (G->at == NULL || G->kinds == NULL || G->all == NULL)
        return rc;
    G->at[0] = 0;
    for (uint64_t k = 0; k < count; k++) {
        const size_t at = G->at[k];
        if (cap - at < a->plan.max_n) {
            int64_t *p = realloc(G->all, (cap *= 2) * sizeof *p);
            if (p == NULL)
                return COINLINE_ENOMEM;
            G->all = p;
        }
        rc = coinline_check_game(&a->plan, k, G->all + at, a->plan.max_n, &n,
                                 &G->kinds[k]);
        if (rc == COINLINE_OK)
            rc = put_game(&G->text, G->all + at, n);
        if (rc != COINLINE_OK)
            return rc;
        G->at[k + 1] = at + n;
    }
    return COINLINE_OK;
}

/* Game k of G failed the way way, on the answer text[0..len-1]: the game
 * and the run into *out (the run taken over). Returns 0 or
 * COINLINE_ENOMEM. */
static int stream_fails(cli_check_t *out, const games_t *G, uint64_t k,
                        cli_check_status_t way, cli_run_t *r,
                        const cli_expected_t *e, const char *got,
                        const char *text, size_t len)
{
    const size_t n = G->at[k + 1] - G->at[k];
    int64_t *coins = malloc((n ? n : 1) * sizeof *coins);
    if (coins == NULL)
        return COINLINE_ENOMEM;
    memcpy(coins, G->all + G->at[k], n * sizeof *coins);
    fail_at(out, way, k, G->kinds[k], coins, n);
    keep_failure(out, r, e, got);
    out->out = text;
    out->out_len = len;
    return 0;
}

/* After its last answer: a time-out, a crash, or more output. */
static cli_check_status_t after_last(const cli_run_t *r, const char *p,
                                     const char *end)
{
    if (r->end == CLI_RUN_TIMEOUT)
        return CLI_CHECK_TIMEOUT;
    if (r->end == CLI_RUN_SIGNALED || r->status != 0)
        return CLI_CHECK_CRASH;
    for (; p < end; p++)
        if (!strchr(" \t\r\n\f\v", *p))
            return CLI_CHECK_BAD;
    return CLI_CHECK_OK;
}

/* The stream's answers judged a line a game, until the first failure. */
static int judge_lines(const cli_check_ask_t *a, cli_check_t *out,
                       const games_t *G, cli_run_t *r)
{
    const char *p = r->out, *end = r->out + r->out_len;
    cli_expected_t e;
    char got[CLI_JUDGE_GOT_MAX];
    for (uint64_t k = 0; k < out->count; k++) {
        const int rc = cli_judge_expected(&a->rules, a->form, G->all + G->at[k],
                                          G->at[k + 1] - G->at[k], &e);
        if (rc != COINLINE_OK)
            return rc;
        out->games++;
        if (p >= end) {
            cli_check_status_t way = after_last(r, p, end);
            return stream_fails(out, G, k, way ? way : CLI_CHECK_BAD, r, &e, "",
                                p, 0);
        }
        const char *nl = memchr(p, '\n', (size_t)(end - p)), *line = p;
        const size_t len = (size_t)((nl ? nl : end) - p);
        p = nl ? nl + 1 : end;
        const cli_verdict_t v = cli_judge(a->form, &e, line, len, got);
        if (v != CLI_JUDGE_RIGHT)
            return stream_fails(out, G, k,
                                v == CLI_JUDGE_WRONG ? CLI_CHECK_WRONG
                                                     : CLI_CHECK_BAD,
                                r, &e, got, line, len);
        out->passed++;
    }
    const cli_check_status_t way = after_last(r, p, end);
    if (way == CLI_CHECK_OK)
        return 0;
    return stream_fails(out, G, out->count - 1, way, r, &e, got, p,
                        (size_t)(end - p));
}

/* Every game in one run: a time limit of the games' count times a
 * game's. */
static int one_stream(const cli_check_ask_t *a, cli_check_t *out)
{
    games_t G;
    cli_run_t r;
    const int64_t limit = a->limit_ms > INT64_MAX / (int64_t)out->count
                              ? INT64_MAX / 2
                              : a->limit_ms * (int64_t)out->count;
    int rc = gather(a, out->count, &G);
    memset(&r, 0, sizeof r);
    if (rc == COINLINE_OK)
        rc = cli_run(a->argv, G.text.p, G.text.len, limit, &r);
    if (rc == ENOMEM)
        rc = COINLINE_ENOMEM;
    if (rc == 0)
        rc = judge_lines(a, out, &G, &r);
    cli_run_clear(&r);
    games_free(&G);
    return rc;
}

/* ---- the check ---------------------------------------------------------- */

int cli_check_run(const cli_check_ask_t *ask, cli_check_t *out)
{
    memset(out, 0, sizeof *out);
    int rc = coinline_check_count(&ask->plan, &out->count);
    if (rc != COINLINE_OK)
        return rc;
    rc = ask->stream ? one_stream(ask, out) : each_game(ask, out);
    if (rc == 0 && out->status != CLI_CHECK_OK)
        rc = shrink(ask, out);
    return rc;
}

void cli_check_free(cli_check_t *c)
{
    if (c == NULL)
        return;
    free(c->coins);
    c->coins = NULL;
    cli_run_clear(&c->run);
}
