/* SPDX-License-Identifier: MIT */
/*
 * versus.c - coinline explain --against (versus.h). Against a rule
 * without chance the best reply has one line (coinline_against_line());
 * it is told move by move, and at each move of the replier where the
 * line leaves optimal play (the move loses points against a player who
 * plays best: coinline_best_move()'s margins), the facts of why: what
 * optimal play takes, the answer of best play it guards against, the
 * rule's next move instead, and the replier's totals against the rule
 * both ways (this line; the optimal move, then the best reply again:
 * cli/reply.c). Against a rule with chance there is no line: each first
 * move of the replier is told with its expected totals, exact.
 */
#include <stdlib.h>
#include <string.h>

#include "decimal.h"
#include "jsonw.h"
#include "reply.h"
#include "tell.h"
#include "versus.h"

/* A move of the replier that is not optimal play's. */
typedef struct {
    size_t k, lo, hi;               /* move k (0-based), coins left */
    coinline_side_t took, opt, ans; /* ans: best play's answer to took */
    cl_wide loss;                   /* the points took gives up to it */
    cli_reply_t alt;                /* opt, then the best reply */
} diff_t;

/* Where the replier first moves against a rule with chance: after the
 * rule's first move (after: NONE when the replier starts). */
typedef struct {
    coinline_side_t after, best, opt;
    cl_wide loss; /* what best gives up against best play */
    cli_reply_pos_t pos;
    cli_reply_t way[2]; /* taking the left end, the right end */
} branch_t;

typedef struct {
    const int64_t *a;
    size_t n;
    const cli_against_t *A;
    int me; /* the replier's seat */
    cl_wide sum;
    cli_reply_t best; /* from the start */
    char *line, *opt_line;
    cl_wide opt_mine; /* optimal play against the rule: the replier's */
    diff_t d[CLI_AGAINST_TOLD];
    size_t nd, nd_all;
    branch_t b[2];
    size_t nb;
} facts_t;

static const char *side_word(coinline_side_t s)
{
    return s == COINLINE_SIDE_LEFT ? "left" : "right";
}

static int64_t end_coin(const int64_t *a, size_t lo, size_t hi,
                        coinline_side_t s)
{
    return s == COINLINE_SIDE_LEFT ? a[lo] : a[hi - 1];
}

/* The mover's margin on a[lo..hi-1] taking side s, both then best. */
static int margin_of(const facts_t *F, size_t lo, size_t hi, coinline_side_t s,
                     cl_wide *m)
{
    coinline_side_t t;
    coinline_i128_t v;
    const int left = s == COINLINE_SIDE_LEFT;
    const int rc = coinline_best_move(F->a, F->n, lo + left, hi - !left,
                                      COINLINE_ALGO_LINEAR, &t, &v);
    *m = end_coin(F->a, lo, hi, s) - cl_to_wide(v);
    return rc;
}

/* The replier's move k at a[lo..hi-1]: a difference when it loses
 * points against best play; told while there is room. */
static int judge(facts_t *F, size_t k, size_t lo, size_t hi, cl_wide mine,
                 cl_wide theirs)
{
    diff_t d = {k,
                lo,
                hi,
                F->line[k] == 'L' ? COINLINE_SIDE_LEFT : COINLINE_SIDE_RIGHT,
                COINLINE_SIDE_NONE,
                COINLINE_SIDE_NONE,
                0,
                {0}};
    cl_wide mt, mo;
    int rc = coinline_best_move(F->a, F->n, lo, hi, COINLINE_ALGO_LINEAR,
                                &d.opt, NULL);
    if (rc == COINLINE_OK)
        rc = margin_of(F, lo, hi, d.took, &mt);
    if (rc == COINLINE_OK)
        rc = margin_of(F, lo, hi, d.opt, &mo);
    if (rc != COINLINE_OK || mt == mo)
        return rc;
    if (F->nd_all++ >= CLI_AGAINST_TOLD)
        return COINLINE_OK;
    d.loss = (mo - mt) / 2;
    const int left = d.took == COINLINE_SIDE_LEFT;
    rc = coinline_best_move(F->a, F->n, lo + left, hi - !left,
                            COINLINE_ALGO_LINEAR, &d.ans, NULL);
    const cli_reply_pos_t p = {F->a, lo, hi, F->A->spec, mine, theirs};
    if (rc == COINLINE_OK)
        rc = cli_reply_after(&p, d.opt, &d.alt);
    F->d[F->nd] = d;
    F->nd += rc == COINLINE_OK;
    return rc;
}

/* The line, its differences, and optimal play against the rule. */
static int gather_line(facts_t *F)
{
    const size_t n = F->n;
    cl_wide t[2] = {0, 0};
    size_t lo = 0, hi = n;
    F->line = malloc(n + 1);
    F->opt_line = malloc(n + 1);
    if (F->line == NULL || F->opt_line == NULL)
        return COINLINE_ENOMEM;
    int rc = coinline_against_line(F->a, n, F->A->spec, F->A->seat, F->line);
    for (size_t k = 0; k < n && rc == COINLINE_OK; k++) {
        const int p = (int)(k % 2); /* seat p + 1 moves */
        if (p + 1 == F->me)
            rc = judge(F, k, lo, hi, t[p], t[1 - p]);
        t[p] += F->line[k] == 'L' ? F->a[lo++] : F->a[--hi];
    }
    if (rc == COINLINE_OK)
        rc = cli_reply_play(F->a, n, F->me == 1 ? "optimal" : F->A->spec,
                            F->me == 1 ? F->A->spec : "optimal", F->opt_line);
    lo = 0, hi = n;
    for (size_t k = 0; k < n && rc == COINLINE_OK; k++) {
        const cl_wide c = F->opt_line[k] == 'L' ? F->a[lo++] : F->a[--hi];
        F->opt_mine += (int)(k % 2) + 1 == F->me ? c : 0;
    }
    return rc;
}

/* The replier's first move at b->pos, each way, against a rule with
 * chance. */
static int gather_branch(facts_t *F, branch_t *b)
{
    cli_reply_t r;
    int rc = cli_reply_at(&b->pos, 1, &r);
    b->best = r.move;
    cli_reply_free(&r);
    if (rc == COINLINE_OK)
        rc = coinline_best_move(F->a, F->n, b->pos.lo, b->pos.hi,
                                COINLINE_ALGO_LINEAR, &b->opt, NULL);
    cl_wide mb = 0, mo = 0;
    if (rc == COINLINE_OK && b->pos.hi > b->pos.lo)
        rc = margin_of(F, b->pos.lo, b->pos.hi, b->best, &mb);
    if (rc == COINLINE_OK && b->pos.hi > b->pos.lo)
        rc = margin_of(F, b->pos.lo, b->pos.hi, b->opt, &mo);
    b->loss = (mo - mb) / 2;
    for (int s = 0; s < 2 && rc == COINLINE_OK; s++)
        rc = cli_reply_after(&b->pos,
                             s == 0 ? COINLINE_SIDE_LEFT : COINLINE_SIDE_RIGHT,
                             &b->way[s]);
    return rc;
}

static int gather_branches(facts_t *F)
{
    const size_t n = F->n;
    int rc = COINLINE_OK;
    for (int s = 0; s < (F->me == 2 ? 2 : 1) && n > F->me - 1u; s++) {
        branch_t *b = &F->b[F->nb++];
        const int left = s == 0;
        b->after = F->me == 1 ? COINLINE_SIDE_NONE
                   : left     ? COINLINE_SIDE_LEFT
                              : COINLINE_SIDE_RIGHT;
        const cli_reply_pos_t p = {F->a,
                                   F->me == 2 && left,
                                   n - (F->me == 2 && !left),
                                   F->A->spec,
                                   0,
                                   F->me == 1 ? 0
                                              : end_coin(F->a, 0, n, b->after)};
        b->pos = p;
        if (rc == COINLINE_OK)
            rc = gather_branch(F, b);
    }
    return rc;
}

static void release(facts_t *F)
{
    cli_reply_free(&F->best);
    for (size_t i = 0; i < F->nd; i++)
        cli_reply_free(&F->d[i].alt);
    for (size_t i = 0; i < F->nb; i++)
        for (int s = 0; s < 2; s++)
            cli_reply_free(&F->b[i].way[s]);
    free(F->line);
    free(F->opt_line);
}

static int gather(facts_t *F)
{
    const cli_reply_pos_t p = {F->a, 0, F->n, F->A->spec, 0, 0};
    for (size_t i = 0; i < F->n; i++)
        F->sum += F->a[i];
    int rc = cli_reply_at(&p, F->me == 1, &F->best);
    if (rc == COINLINE_OK)
        rc = F->best.exact ? gather_line(F) : gather_branches(F);
    return rc;
}

/* ------------------------------------------------------------------------
 * In words
 * ---------------------------------------------------------------------- */

/* "13" or "47/4 (11.75)": the replier's (mine) or the rule's total. */
static void put_total(FILE *out, const cli_reply_t *r, int mine)
{
    cli_against_put_value(out, mine ? r->mine_text : r->theirs_text,
                          mine ? r->mine_d : r->theirs_d, NULL);
}

static void put_result(FILE *out, const facts_t *F)
{
    const int me = F->me;
    fprintf(out, "Against %s, player %d %s ", F->A->spec, me,
            F->best.exact ? "ends with" : "expects");
    put_total(out, &F->best, 1);
    fprintf(out, " and player %d%s ", 3 - me, F->best.exact ? " with" : "");
    put_total(out, &F->best, 0);
    fputs(".\n", out);
    if (F->best.exact)
        cli_tell_winner(out, me == 1 ? F->best.mine - F->best.theirs
                                     : F->best.theirs - F->best.mine);
}

static void put_line(FILE *out, const facts_t *F)
{
    char b[2][COINLINE_I128_STRLEN];
    cl_wide t[2] = {0, 0};
    size_t lo = 0, hi = F->n;
    fputs("\nThe line of the best reply (ties to the left):\n", out);
    for (size_t k = 0; k < F->n; k++) {
        const int64_t c = F->line[k] == 'L' ? F->a[lo++] : F->a[--hi];
        const int p = (int)(k % 2) + 1;
        t[p - 1] += c;
        if (cli_tell_move_shown(out, k, F->n))
            fprintf(out, "  %zu. player %d%s takes %lld (%s): %s to %s\n",
                    k + 1, p, p == F->A->seat ? " (the rule)" : "",
                    (long long)c, F->line[k] == 'L' ? "left" : "right",
                    cli_wide_str(t[0], b[0]), cli_wide_str(t[1], b[1]));
    }
}

static void put_diff(FILE *out, const facts_t *F, const diff_t *d)
{
    char b[3][COINLINE_I128_STRLEN];
    const int64_t *a = F->a;
    const int left = d->took == COINLINE_SIDE_LEFT;
    const size_t lo = d->lo + left, hi = d->hi - !left; /* after took */
    const coinline_side_t next =
        F->line[d->k + 1] == 'L' ? COINLINE_SIDE_LEFT : COINLINE_SIDE_RIGHT;
    fprintf(out,
            "\nMove %zu: player %d takes %lld (%s) where optimal play takes "
            "%lld (%s). Optimal play guards against best play: after %lld, "
            "player %d would answer %lld (%s) and player %d would end with "
            "%s point%s fewer. %s %s will take %lld (%s)%s. Against %s, this "
            "line ends with %s for player %d; taking %lld (%s) and then "
            "replying as well as it can would end with ",
            d->k + 1, F->me, (long long)end_coin(a, d->lo, d->hi, d->took),
            side_word(d->took), (long long)end_coin(a, d->lo, d->hi, d->opt),
            side_word(d->opt), (long long)end_coin(a, d->lo, d->hi, d->took),
            3 - F->me, (long long)end_coin(a, lo, hi, d->ans),
            side_word(d->ans), F->me, cli_wide_str(d->loss, b[0]),
            cli_tell_plural(d->loss), next == d->ans ? "And" : "But",
            F->A->spec, (long long)end_coin(a, lo, hi, next), side_word(next),
            next == d->ans ? " too, but it does not answer as best play does "
                             "later"
                           : " instead",
            F->A->spec, cli_wide_str(F->best.mine, b[1]), F->me,
            (long long)end_coin(a, d->lo, d->hi, d->opt), side_word(d->opt));
    fprintf(out, "%s.\n", cli_wide_str(d->alt.mine, b[2]));
}

static void put_line_words(FILE *out, const facts_t *F)
{
    char b[2][COINLINE_I128_STRLEN];
    put_line(out, F);
    if (F->nd_all == 0)
        fprintf(out,
                "\nEvery move of player %d on this line is also optimal "
                "play's.\n",
                F->me);
    for (size_t i = 0; i < F->nd; i++)
        put_diff(out, F, &F->d[i]);
    if (F->nd_all > F->nd)
        fprintf(out, "\n... and %zu more moves that are not optimal play's.\n",
                F->nd_all - F->nd);
    const cl_wide lost = F->best.mine - F->opt_mine;
    fprintf(out,
            "\nOptimal play throughout against %s: player %d ends with %s, "
            "%s point%s fewer than the best reply.\n",
            F->A->spec, F->me, cli_wide_str(F->opt_mine, b[0]),
            cli_wide_str(lost, b[1]), cli_tell_plural(lost));
}

/* Why the best reply is not optimal play's move at b. */
static void put_branch_why(FILE *out, const facts_t *F, const branch_t *b)
{
    char w[COINLINE_I128_STRLEN];
    const int64_t *a = F->a;
    const size_t lo = b->pos.lo, hi = b->pos.hi;
    const cli_reply_t *best = &b->way[b->best == COINLINE_SIDE_RIGHT];
    const cli_reply_t *opt = &b->way[b->opt == COINLINE_SIDE_RIGHT];
    fprintf(out,
            "  Why not optimal play's %lld (%s): it guards against a player "
            "who plays best, against whom %lld (%s) would give up %s "
            "point%s; but %s %s, and against it %lld expects ",
            (long long)end_coin(a, lo, hi, b->opt), side_word(b->opt),
            (long long)end_coin(a, lo, hi, b->best), side_word(b->best),
            cli_wide_str(b->loss, w), cli_tell_plural(b->loss), F->A->spec,
            strcmp(F->A->spec, "random") == 0
                ? "takes either end at even odds"
                : "plays best only most of the time, else either end at "
                  "even odds",
            (long long)end_coin(a, lo, hi, b->best));
    put_total(out, best, 1);
    fprintf(out, " for player %d where %lld expects ", F->me,
            (long long)end_coin(a, lo, hi, b->opt));
    put_total(out, opt, 1);
    fputs(".\n", out);
}

static void put_branch(FILE *out, const facts_t *F, const branch_t *b)
{
    const int64_t *a = F->a;
    const size_t lo = b->pos.lo, hi = b->pos.hi;
    if (b->after != COINLINE_SIDE_NONE)
        fprintf(out, "\nIf player %d (%s) takes %lld (%s) first:\n", F->A->seat,
                F->A->spec, (long long)end_coin(a, 0, F->n, b->after),
                side_word(b->after));
    else
        fputs("\nPlayer 1's first move:\n", out);
    for (int s = 0; s < 2 && hi > lo; s++) {
        const cli_reply_t *r = &b->way[s];
        if (s == 1 && hi - lo == 1)
            break;
        fprintf(out, "  taking %lld (%s): player %d expects ",
                (long long)end_coin(a, lo, hi, r->move), side_word(r->move),
                F->me);
        put_total(out, r, 1);
        fprintf(out, ", player %d ", F->A->seat);
        put_total(out, r, 0);
        fputs(r->move == b->best ? " (the best reply)\n" : "\n", out);
    }
    if (b->loss != 0)
        put_branch_why(out, F, b);
}

static int put_words(FILE *out, const void *facts)
{
    const facts_t *F = facts;
    char b[COINLINE_I128_STRLEN];
    fputs("The row: ", out);
    cli_tell_coins(out, F->a, 0, F->n);
    fprintf(out, " (%zu coin%s, sum %s).\n", F->n, F->n == 1 ? "" : "s",
            cli_wide_str(F->sum, b));
    fprintf(out, "Player %d plays %s; player %d replies as well as it can.\n",
            F->A->seat, F->A->spec, F->me);
    put_result(out, F);
    if (F->n == 0)
        return COINLINE_OK;
    if (F->best.exact) {
        put_line_words(out, F);
        return COINLINE_OK;
    }
    fprintf(out,
            "\n%s draws its moves, so there is no one line: the "
            "replier's first move, each way, with the expected "
            "totals.\n",
            F->A->spec);
    for (size_t i = 0; i < F->nb; i++)
        put_branch(out, F, &F->b[i]);
    return COINLINE_OK;
}

/* ------------------------------------------------------------------------
 * As JSON: the same facts, one object
 * ---------------------------------------------------------------------- */

/* ,"p1":..,"p2":.. of r, exact or as texts with their decimals. */
static void json_totals(FILE *out, const facts_t *F, const cli_reply_t *r)
{
    for (int p = 1; p <= 2; p++) {
        const int mine = p == F->me;
        const char *key = p == 1 ? "p1" : "p2";
        if (r->exact)
            cli_tell_json_int(out, key, mine ? r->mine : r->theirs);
        else
            cli_against_put_value(out, mine ? r->mine_text : r->theirs_text,
                                  mine ? r->mine_d : r->theirs_d, key);
    }
}

static void json_diff(FILE *out, const facts_t *F, const diff_t *d, size_t i)
{
    const int64_t *a = F->a;
    const int left = d->took == COINLINE_SIDE_LEFT;
    const size_t lo = d->lo + left, hi = d->hi - !left;
    const coinline_side_t next =
        F->line[d->k + 1] == 'L' ? COINLINE_SIDE_LEFT : COINLINE_SIDE_RIGHT;
    fprintf(out,
            "%s{\"move\":%zu,\"player\":%d,\"took\":\"%s\",\"coin\":%lld,"
            "\"optimal\":\"%s\",\"optimal_coin\":%lld",
            i > 0 ? "," : "", d->k + 1, F->me, side_word(d->took),
            (long long)end_coin(a, d->lo, d->hi, d->took), side_word(d->opt),
            (long long)end_coin(a, d->lo, d->hi, d->opt));
    fprintf(out,
            ",\"guards_against\":\"%s\",\"guards_against_coin\":%lld,"
            "\"rule_next\":\"%s\",\"rule_next_coin\":%lld",
            side_word(d->ans), (long long)end_coin(a, lo, hi, d->ans),
            side_word(next), (long long)end_coin(a, lo, hi, next));
    cli_tell_json_int(out, "loss_against_best_play", d->loss);
    cli_tell_json_int(out, "total_reply", F->best.mine);
    cli_tell_json_int(out, "total_optimal", d->alt.mine);
    fputc('}', out);
}

static void json_line(FILE *out, const facts_t *F)
{
    fprintf(out, ",\"line\":\"%s\",\"differences\":[", F->line);
    for (size_t i = 0; i < F->nd; i++)
        json_diff(out, F, &F->d[i], i);
    fprintf(out,
            "],\"differences_total\":%zu,\"optimal_play\":{\"line\":"
            "\"%s\"",
            F->nd_all, F->opt_line);
    cli_tell_json_int(out, "total", F->opt_mine);
    fputc('}', out);
}

static void json_branch(FILE *out, const facts_t *F, const branch_t *b,
                        size_t i)
{
    const size_t lo = b->pos.lo, hi = b->pos.hi;
    fprintf(out, "%s{\"after\":", i > 0 ? "," : "");
    if (b->after == COINLINE_SIDE_NONE)
        fputs("null,\"after_coin\":null", out);
    else
        fprintf(out, "\"%s\",\"after_coin\":%lld", side_word(b->after),
                (long long)end_coin(F->a, 0, F->n, b->after));
    fprintf(out, ",\"best\":\"%s\",\"optimal\":\"%s\",\"moves\":[",
            side_word(b->best), side_word(b->opt));
    for (int s = 0; s < (hi - lo > 1 ? 2 : 1); s++) {
        const cli_reply_t *r = &b->way[s];
        fprintf(out, "%s{\"move\":\"%s\",\"coin\":%lld", s > 0 ? "," : "",
                side_word(r->move), (long long)end_coin(F->a, lo, hi, r->move));
        json_totals(out, F, r);
        fputc('}', out);
    }
    fputs("]}", out);
}

static int put_json(FILE *out, const void *facts)
{
    const facts_t *F = facts;
    fprintf(out, "{\"n\":%zu", F->n);
    cli_against_put_json(out, F->A, !F->best.exact);
    cli_tell_json_int(out, "sum", F->sum);
    json_totals(out, F, &F->best);
    if (F->best.exact) {
        const cl_wide m = F->me == 1 ? F->best.mine - F->best.theirs
                                     : F->best.theirs - F->best.mine;
        cli_tell_json_int(out, "margin", m);
        fprintf(out, ",\"winner\":\"%s\"", cli_tell_winner_word(m));
        json_line(out, F);
    } else {
        fputs(",\"first_moves\":[", out);
        for (size_t i = 0; i < F->nb; i++)
            json_branch(out, F, &F->b[i], i);
        fputc(']', out);
    }
    fputs("}\n", out);
    return COINLINE_OK;
}

int cli_explain_against(const int64_t *a, size_t n, const cli_against_t *A,
                        int json, FILE *fp)
{
    facts_t *F = calloc(1, sizeof *F);
    if (F == NULL)
        return COINLINE_ENOMEM;
    F->a = a;
    F->n = n;
    F->A = A;
    F->me = 3 - A->seat;
    int rc = gather(F);
    if (rc == COINLINE_OK)
        rc = cli_tell(fp, json, put_json, put_words, F);
    release(F);
    free(F);
    return rc;
}
