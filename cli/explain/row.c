/* SPDX-License-Identifier: MIT */
/*
 * row.c - coinline explain of a row under the classic rules (the line,
 * a move scoring the coin it takes): the result, the optimal line, why
 * the first move is right (what the other first move would allow), and
 * what the greedy and the parity strategies would do as player 1
 * against best play, where they first go wrong and what it costs: the
 * explanations of the classic write-ups, made for any row.
 */
#include <stdlib.h>
#include <string.h>

#include "decimal.h"
#include "jsonw.h"
#include "reply.h"
#include "row.h"
#include "tell.h"

/* V of a[lo..hi-1] for the player to move. */
static int value_of(const int64_t *a, size_t lo, size_t hi, cl_wide *v)
{
    coinline_result_t r;
    const int rc = coinline_solve(hi > lo ? a + lo : NULL, hi - lo,
                                  COINLINE_ALGO_LINEAR, &r);
    *v = rc == COINLINE_OK ? cl_to_wide(r.margin) : 0;
    return rc;
}

static void put_line(FILE *out, const int64_t *a, size_t n, const char *moves)
{
    char b[2][COINLINE_I128_STRLEN];
    cl_wide t[2] = {0, 0};
    size_t lo = 0, hi = n;
    fputs("\nThe optimal line (ties to the left):\n", out);
    for (size_t k = 0; k < n; k++) {
        const int64_t c = moves[k] == 'L' ? a[lo++] : a[--hi];
        t[k % 2] += c;
        if (cli_tell_move_shown(out, k, n))
            fprintf(out, "  %zu. player %d takes %lld (%s): %s to %s\n", k + 1,
                    (int)(k % 2) + 1, (long long)c,
                    moves[k] == 'L' ? "left" : "right",
                    cli_wide_str(t[0], b[0]), cli_wide_str(t[1], b[1]));
    }
}

/* The facts of an explanation: computed once, then told in words or
 * written as JSON. */
typedef struct {
    int have;              /* 0 when the row has fewer than 2 coins */
    int tie;               /* both first moves are as good */
    int left;              /* the better first move is the left one */
    cl_wide worse, vw;     /* player 1's margin after the worse move, and
                            * player 2's value there */
    size_t lo, hi;         /* the coins left after the worse move */
    coinline_side_t reply; /* player 2's best reply there */
} first_move_t;

typedef struct {
    const char *spec;
    cl_wide p1;                 /* player 1's total as it plays */
    size_t k;                   /* its first move that lost points, or n */
    coinline_move_review_t bad; /* that move's review */
} strategy_t;

typedef struct {
    const int64_t *a;
    size_t n;
    cl_wide sum, v;
    char *line;
    first_move_t first;
    strategy_t strat[2]; /* greedy, parity */
    cl_wide odd, even;   /* sums of the coins at odd and even positions */
} facts_t;

/* Why the first move: what each first move leaves and gives. */
static int find_first_move(const facts_t *F, first_move_t *f)
{
    const int64_t *a = F->a;
    const size_t n = F->n;
    cl_wide vl, vr;
    memset(f, 0, sizeof *f);
    if (n < 2)
        return COINLINE_OK;
    int rc = value_of(a, 1, n, &vl);
    if (rc == COINLINE_OK)
        rc = value_of(a, 0, n - 1, &vr);
    if (rc != COINLINE_OK)
        return rc;
    const cl_wide ml = a[0] - vl, mr = a[n - 1] - vr; /* player 1's margin */
    f->have = 1;
    f->tie = ml == mr;
    f->left = ml >= mr;
    f->worse = f->left ? mr : ml;
    f->vw = f->left ? vr : vl;
    f->lo = f->left ? 0 : 1; /* after the worse move */
    f->hi = f->left ? n - 1 : n;
    f->reply = COINLINE_SIDE_LEFT;
    if (!f->tie && f->hi > f->lo)
        rc = coinline_best_move(a, n, f->lo, f->hi, COINLINE_ALGO_LINEAR,
                                &f->reply, NULL);
    return rc;
}

/* Player 1's first move that lost points in reviews r of n moves, or n. */
static size_t first_loss(const coinline_move_review_t *r, size_t n)
{
    for (size_t k = 0; k < n; k += 2)
        if (!r[k].optimal)
            return k;
    return n;
}

/* How strategy spec fares as player 1 against best play. */
static int judge_strategy(const facts_t *F, const char *spec, strategy_t *s)
{
    const size_t n = F->n;
    char *moves = malloc(n + 1);
    coinline_move_review_t *r = malloc((n + 1) * sizeof *r);
    int rc = moves && r ? cli_reply_play(F->a, n, spec, "optimal", moves)
                        : COINLINE_ENOMEM;
    if (rc == COINLINE_OK)
        rc = coinline_analyze(F->a, n, moves, n, r, NULL);
    memset(s, 0, sizeof *s);
    s->spec = spec;
    s->k = n;
    if (rc == COINLINE_OK && n > 0) {
        s->p1 = cl_to_wide(r[n - 1].p1);
        s->k = first_loss(r, n);
        if (s->k < n)
            s->bad = r[s->k];
    }
    free(moves);
    free(r);
    return rc;
}

static int gather(const int64_t *a, size_t n, facts_t *F)
{
    memset(F, 0, sizeof *F);
    F->a = a;
    F->n = n;
    F->line = malloc(n + 1);
    int rc = F->line != NULL ? value_of(a, 0, n, &F->v) : COINLINE_ENOMEM;
    if (rc == COINLINE_OK)
        rc = coinline_line(a, n, COINLINE_ALGO_LINEAR, F->line);
    for (size_t i = 0; i < n; i++) {
        F->sum += a[i];
        if (i % 2 == 0)
            F->odd += a[i];
        else
            F->even += a[i];
    }
    if (rc == COINLINE_OK)
        rc = find_first_move(F, &F->first);
    if (rc == COINLINE_OK)
        rc = judge_strategy(F, "greedy", &F->strat[0]);
    if (rc == COINLINE_OK)
        rc = judge_strategy(F, "parity", &F->strat[1]);
    return rc;
}

/* ------------------------------------------------------------------------
 * In words
 * ---------------------------------------------------------------------- */

static void put_first_move(FILE *out, const facts_t *F)
{
    char b[4][COINLINE_I128_STRLEN];
    const first_move_t *f = &F->first;
    const int64_t *a = F->a;
    const size_t n = F->n;
    const cl_wide sum = F->sum, v = F->v;
    if (!f->have)
        return;
    if (f->tie) {
        fprintf(out,
                "\nBoth first moves are as good: taking %lld (left) or %lld "
                "(right), player 1 ends with %s.\n",
                (long long)a[0], (long long)a[n - 1],
                cli_wide_str((sum + v) / 2, b[0]));
        return;
    }
    fprintf(out, "\nWhy player 1 starts with %lld (%s): it leaves ",
            (long long)(f->left ? a[0] : a[n - 1]), f->left ? "left" : "right");
    cli_tell_coins(out, a, f->left ? 1 : 0, f->left ? n : n - 1);
    fprintf(out,
            ", and player 1 ends with %s.\nTaking %lld (%s) instead would "
            "leave ",
            cli_wide_str((sum + v) / 2, b[0]),
            (long long)(f->left ? a[n - 1] : a[0]), f->left ? "right" : "left");
    cli_tell_coins(out, a, f->lo, f->hi);
    fprintf(out, ", where player 2 is to move and can secure a margin of %s: ",
            cli_wide_str(f->vw, b[1]));
    if (f->hi > f->lo)
        fprintf(out, "taking %lld (%s) first, ",
                (long long)(f->reply == COINLINE_SIDE_LEFT ? a[f->lo]
                                                           : a[f->hi - 1]),
                f->reply == COINLINE_SIDE_LEFT ? "left" : "right");
    fprintf(out, "player 1 would end with %s, %s point%s fewer.\n",
            cli_wide_str((sum + f->worse) / 2, b[2]),
            cli_wide_str((v - f->worse) / 2, b[3]),
            cli_tell_plural((v - f->worse) / 2));
}

static void put_strategy(FILE *out, const facts_t *F, const strategy_t *s,
                         const char *what)
{
    char b[3][COINLINE_I128_STRLEN];
    const cl_wide best = (F->sum + F->v) / 2;
    const coinline_move_review_t *r = &s->bad;
    fprintf(out, "\n%s as player 1 against best play: ", what);
    if (s->k == F->n) {
        fprintf(out, "it plays optimally on this row and ends with %s.\n",
                cli_wide_str(s->p1, b[0]));
        return;
    }
    fprintf(out,
            "it ends with %s, %s point%s fewer than best play. Its "
            "first mistake is move %zu: it takes %lld (%s) where "
            "%lld (%s) is best, losing %s point%s there.\n",
            cli_wide_str(s->p1, b[0]), cli_wide_str(best - s->p1, b[1]),
            cli_tell_plural(best - s->p1), s->k + 1, (long long)r->coin,
            r->side == COINLINE_SIDE_LEFT ? "left" : "right",
            (long long)r->best_coin,
            r->best == COINLINE_SIDE_LEFT ? "left" : "right",
            cli_wide_str(cl_to_wide(r->loss), b[2]),
            cli_tell_plural(cl_to_wide(r->loss)));
}

static void put_parity_rule(FILE *out, const facts_t *F)
{
    char b[3][COINLINE_I128_STRLEN];
    const cl_wide odd = F->odd, even = F->even;
    if (F->n % 2 == 1) {
        fprintf(out,
                "\nParity: the classic strategy for an even number of coins "
                "does not apply (%zu coin%s); coinline's parity plays greedy "
                "on odd rows.",
                F->n, F->n == 1 ? "" : "s");
        return;
    }
    fprintf(out,
            "\nParity: the coins at odd positions (1, 3, ...) sum to %s, those "
            "at even positions to %s. Player 1 can take all the coins of one "
            "class, so it never loses: taking the %s class guarantees a "
            "margin of at least %s.",
            cli_wide_str(odd, b[0]), cli_wide_str(even, b[1]),
            odd >= even ? "odd" : "even",
            cli_wide_str(odd >= even ? odd - even : even - odd, b[2]));
}

static int put_words(FILE *out, const void *facts)
{
    const facts_t *F = facts;
    char b[2][COINLINE_I128_STRLEN];
    const cl_wide sum = F->sum, v = F->v;
    fprintf(out, "The row: ");
    cli_tell_coins(out, F->a, 0, F->n);
    fprintf(out, " (%zu coin%s, sum %s).\n", F->n, F->n == 1 ? "" : "s",
            cli_wide_str(sum, b[0]));
    fprintf(
        out, "With best play, player 1 ends with %s and player 2 with %s.\n",
        cli_wide_str((sum + v) / 2, b[0]), cli_wide_str((sum - v) / 2, b[1]));
    cli_tell_winner(out, v);
    if (F->n == 0)
        return COINLINE_OK;
    put_line(out, F->a, F->n, F->line);
    put_first_move(out, F);
    put_strategy(out, F, &F->strat[0],
                 "Greedy (the larger end, ties to the left)");
    put_parity_rule(out, F);
    put_strategy(out, F, &F->strat[1], "\nParity");
    return COINLINE_OK;
}

/* ------------------------------------------------------------------------
 * As JSON: the same facts, one object
 * ---------------------------------------------------------------------- */

static const char *side_word(coinline_side_t s)
{
    return s == COINLINE_SIDE_LEFT ? "left" : "right";
}

static void json_first_move(FILE *out, const facts_t *F)
{
    const first_move_t *f = &F->first;
    const int64_t *a = F->a;
    const size_t n = F->n;
    if (!f->have) {
        fputs(",\"why_first\":null", out);
        return;
    }
    fprintf(out,
            ",\"why_first\":{\"tie\":%s,\"best\":\"%s\",\"best_coin\":%lld",
            f->tie ? "true" : "false", f->left ? "left" : "right",
            (long long)(f->left ? a[0] : a[n - 1]));
    fprintf(out, ",\"other\":\"%s\",\"other_coin\":%lld",
            f->left ? "right" : "left", (long long)(f->left ? a[n - 1] : a[0]));
    cli_tell_json_int(out, "other_p2_value", f->vw);
    cli_tell_json_int(out, "other_p1", (F->sum + f->worse) / 2);
    cli_tell_json_int(out, "other_loss", (F->v - f->worse) / 2);
    if (!f->tie && f->hi > f->lo)
        fprintf(out, ",\"reply\":\"%s\",\"reply_coin\":%lld}",
                side_word(f->reply),
                (long long)(f->reply == COINLINE_SIDE_LEFT ? a[f->lo]
                                                           : a[f->hi - 1]));
    else
        fputs(",\"reply\":null,\"reply_coin\":null}", out);
}

static void json_strategy(FILE *out, const facts_t *F, const strategy_t *s)
{
    const coinline_move_review_t *r = &s->bad;
    fprintf(out, ",\"%s\":{\"p1\":", s->spec);
    cli_put_json_int(out, cl_from_wide(s->p1), 0);
    cli_tell_json_int(out, "loss", (F->sum + F->v) / 2 - s->p1);
    if (s->k == F->n) {
        fputs(",\"first_mistake\":null}", out);
        return;
    }
    fprintf(out,
            ",\"first_mistake\":{\"move\":%zu,\"took\":\"%s\",\"coin\":%lld,"
            "\"best\":\"%s\",\"best_coin\":%lld",
            s->k + 1, side_word(r->side), (long long)r->coin,
            side_word(r->best), (long long)r->best_coin);
    cli_tell_json_int(out, "loss", cl_to_wide(r->loss));
    fputs("}}", out);
}

static int put_json(FILE *out, const void *facts)
{
    const facts_t *F = facts;
    fprintf(out, "{\"n\":%zu", F->n);
    cli_tell_json_int(out, "sum", F->sum);
    cli_tell_json_int(out, "p1", (F->sum + F->v) / 2);
    cli_tell_json_int(out, "p2", (F->sum - F->v) / 2);
    cli_tell_json_int(out, "margin", F->v);
    fprintf(out, ",\"winner\":\"%s\",\"line\":\"%s\"",
            cli_tell_winner_word(F->v), F->line);
    json_first_move(out, F);
    json_strategy(out, F, &F->strat[0]);
    json_strategy(out, F, &F->strat[1]);
    cli_tell_json_int(out, "odd_sum", F->odd);
    cli_tell_json_int(out, "even_sum", F->even);
    if (F->n % 2 == 0)
        fprintf(out, ",\"parity_class\":\"%s\"",
                F->odd >= F->even ? "odd" : "even");
    else
        fputs(",\"parity_class\":null", out);
    fputs("}\n", out);
    return COINLINE_OK;
}

int cli_explain_row(const cli_explain_t *x)
{
    facts_t F;
    int rc = gather(x->a, x->n, &F);
    if (rc == COINLINE_OK)
        rc = cli_tell(x->fp, x->json, put_json, put_words, &F);
    free(F.line);
    return rc;
}
