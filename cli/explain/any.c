/* SPDX-License-Identifier: MIT */
/*
 * any.c - coinline explain under any rules, by what every rule set has,
 * all asked of the rules seam (coinline_game_*() and the rules' words):
 * the rules, the result, the recursion of the values, every first
 * move's margin (past 12 legal ones, the best 5), the optimal line with
 * the scores after each move, and the table of every run of a short
 * row. A scoring without classic explanations (remaining) has this one.
 */
#include <stdlib.h>
#include <string.h>

#include "any.h"
#include "decimal.h"
#include "tell.h"

/* Rows of up to this many coins show their table. */
#define TABLE_SHOWN 10

/* Up to FIRSTS_ALL legal first moves, every one is told; past that the
 * FIRSTS_BEST best. */
#define FIRSTS_ALL  12
#define FIRSTS_BEST 5

typedef struct {
    const coinline_rules_t *rules;
    const cli_shape_words_t *shape;
    const cli_score_words_t *score;
    const int64_t *a;
    size_t n;
    coinline_game_result_t res;
    uint64_t *line;   /* the optimal line, positions */
    char *text;       /* ... in the notation of the ends */
    const char *ends; /* its moves at the ends (after "P:" where any coin
                       * may be taken) */
    cl_wide *outcome; /* the final margin of each legal first move */
    size_t shown[FIRSTS_ALL]; /* the first positions told (0-based) */
    size_t nshown;
    int best_only; /* shown: the FIRSTS_BEST best, not every legal one */
    coinline_table_t *table; /* up to TABLE_SHOWN coins, else NULL */
} any_t;

/* The final margin of every legal first move into A->outcome (a position
 * that is not legal keeps none), and the positions told into A->shown:
 * every legal one, or past FIRSTS_ALL the FIRSTS_BEST best. */
static int first_outcomes(any_t *A)
{
    coinline_game_t *g;
    size_t legal = 0;
    int rc = coinline_game_new(A->rules, A->a, A->n, &g);
    for (size_t p = 0; rc == COINLINE_OK && p < A->n; p++) {
        coinline_i128_t m;
        if (!coinline_game_is_legal(g, p + 1))
            continue;
        rc = coinline_game_outcome(g, p + 1, &m);
        A->outcome[p] = cl_to_wide(m);
        if (legal < FIRSTS_ALL)
            A->shown[legal] = p;
        legal++;
    }
    coinline_game_free(g);
    A->best_only = legal > FIRSTS_ALL;
    A->nshown = A->best_only ? FIRSTS_BEST : legal;
    if (A->best_only)
        cli_tell_best(A->outcome, A->n, A->nshown, A->shown);
    return rc;
}

static int gather_any(const cli_explain_t *x, any_t *A)
{
    const coinline_rules_t *rules = x->rules;
    const int64_t *a = x->a;
    const size_t n = x->n;
    memset(A, 0, sizeof *A);
    A->rules = rules;
    A->shape = x->shape;
    A->score = x->score;
    A->a = a;
    A->n = n;
    A->line = malloc((n + 1) * sizeof *A->line);
    A->text = malloc(n + 32);
    A->outcome = calloc(n + 1, sizeof *A->outcome);
    if (A->line == NULL || A->text == NULL || A->outcome == NULL)
        return COINLINE_ENOMEM;
    int rc = coinline_game_solve(rules, a, n, COINLINE_ALGO_LINEAR, &A->res);
    if (rc == COINLINE_OK)
        rc = coinline_game_line(rules, a, n, COINLINE_ALGO_LINEAR, A->line);
    if (rc == COINLINE_OK) {
        const int len =
            coinline_positions_text(rules, n, A->line, n, A->text, n + 32);
        rc = len < 0 ? len : COINLINE_OK;
        const char *colon = strchr(A->text, ':');
        A->ends = colon != NULL ? colon + 1 : A->text;
    }
    if (rc == COINLINE_OK)
        rc = first_outcomes(A);
    if (rc == COINLINE_OK && n <= TABLE_SHOWN)
        rc = coinline_table_new_rules(rules, a, n, &A->table);
    return rc;
}

static void free_any(any_t *A)
{
    free(A->line);
    free(A->text);
    free(A->outcome);
    coinline_table_free(A->table);
}

static void put_any_result(FILE *out, const any_t *A)
{
    char b[2][COINLINE_I128_STRLEN];
    fprintf(out, "The %s: ", A->shape->noun);
    cli_tell_coins(out, A->a, 0, A->n);
    fprintf(out, " (%zu coin%s, sum %s).\n%s\n%s\n", A->n, A->n == 1 ? "" : "s",
            cli_wide_str(cl_to_wide(A->res.sum), b[0]), A->shape->rules_text,
            A->score->rules_text);
    fprintf(out,
            "With best play (ties to the left), player 1 scores %s and "
            "player 2 %s.\n",
            cli_wide_str(cl_to_wide(A->res.p1), b[0]),
            cli_wide_str(cl_to_wide(A->res.p2), b[1]));
    cli_tell_winner(out, cl_to_wide(A->res.margin));
    fprintf(out, "\n%s\n", A->score->recursion);
}

static void put_any_first(FILE *out, const any_t *A)
{
    const uint64_t first = A->res.first;
    const cl_wide v = cl_to_wide(A->res.margin);
    fprintf(out,
            "\nWhy player 1 starts with %lld (position %llu): player 1's "
            "final margin (own score minus the other's) after each first "
            "move, with best play after it",
            (long long)A->a[first - 1], (unsigned long long)first);
    if (A->best_only)
        fprintf(out, ", for the best %d of the %zu", FIRSTS_BEST, A->n);
    fputs(":\n", out);
    for (size_t k = 0; k < A->nshown; k++) {
        const size_t p = A->shown[k];
        cli_tell_first(out, p + 1, A->a[p], A->outcome[p], v - A->outcome[p],
                       p + 1 == first, "as good (ties go to the first)",
                       " of margin fewer for player 1");
    }
}

/* The line, replayed on a game that keeps the scores. */
static int put_any_line(FILE *out, const any_t *A)
{
    fputs("\nThe optimal line (ties to the left), with the scores after each "
          "move:\n",
          out);
    return cli_tell_line(out, A->rules, A->a, A->n, A->line);
}

/* The table: the runs of each length the game can leave (those the
 * table refuses are none of this shape's). */
static void put_any_table(FILE *out, const any_t *A)
{
    char b[COINLINE_I128_STRLEN];
    if (A->table == NULL) {
        fprintf(out, "\nThe table of every run is shown up to %d coins.\n",
                TABLE_SHOWN);
        return;
    }
    fputs("\nThe table: V of every run the game can leave, by length, "
          "from each first position; * marks the "
          "runs the optimal line leaves:\n",
          out);
    for (size_t len = 1; len <= A->n; len++) {
        int any = 0;
        for (size_t s = 1; s <= A->n; s++) {
            coinline_table_cell_t c;
            if (coinline_table_cell(A->table, s, len, &c) != COINLINE_OK)
                continue;
            if (!any)
                fprintf(out, "  length %zu:", len);
            fprintf(out, "%s %s at %zu%s", any ? "," : "",
                    cli_wide_str(cl_to_wide(c.value), b), s,
                    c.on_line ? "*" : "");
            any = 1;
        }
        if (any)
            fputs("\n", out);
    }
}

static int put_any_words(FILE *out, const void *facts)
{
    const any_t *A = facts;
    put_any_result(out, A);
    if (A->n == 0)
        return COINLINE_OK;
    put_any_first(out, A);
    const int rc = put_any_line(out, A);
    put_any_table(out, A);
    return rc;
}

static int put_any_json(FILE *out, const void *facts)
{
    const any_t *A = facts;
    const cl_wide v = cl_to_wide(A->res.margin);
    fprintf(out, "{\"n\":%zu", A->n);
    fputs(A->shape->json, out);
    fputs(A->score->json, out);
    cli_tell_json_int(out, "sum", cl_to_wide(A->res.sum));
    cli_tell_json_int(out, "p1", cl_to_wide(A->res.p1));
    cli_tell_json_int(out, "p2", cl_to_wide(A->res.p2));
    cli_tell_json_int(out, "margin", v);
    fprintf(out, ",\"winner\":\"%s\",\"first_move\":",
            coinline_winner_name(A->res.winner));
    A->shape->put_first_json(out, A->res.first, A->n);
    fprintf(out, ",\"line\":\"%s\",\"first_moves\":[", A->ends);
    for (size_t k = 0; k < A->nshown; k++) {
        const size_t p = A->shown[k];
        cli_tell_json_first(out, k, p + 1, A->a[p], A->outcome[p],
                            v - A->outcome[p]);
    }
    fputs("],\"table\":", out);
    if (A->table == NULL) {
        fputs("null}\n", out);
        return COINLINE_OK;
    }
    int any = 0;
    fputs("[", out);
    for (size_t len = 1; len <= A->n; len++)
        for (size_t s = 1; s <= A->n; s++) {
            coinline_table_cell_t c;
            if (coinline_table_cell(A->table, s, len, &c) != COINLINE_OK)
                continue;
            fprintf(out, "%s{\"start\":%zu,\"length\":%zu", any ? "," : "", s,
                    len);
            cli_tell_json_int(out, "value", cl_to_wide(c.value));
            fprintf(out, ",\"best\":%llu,\"on_line\":%s}",
                    (unsigned long long)c.best, c.on_line ? "true" : "false");
            any = 1;
        }
    fputs("]}\n", out);
    return COINLINE_OK;
}

int cli_explain_any(const cli_explain_t *x)
{
    any_t A;
    int rc = gather_any(x, &A);
    if (rc == COINLINE_OK)
        rc = cli_tell(x->fp, x->json, put_any_json, put_any_words, &A);
    free_any(&A);
    return rc;
}
