/* SPDX-License-Identifier: MIT */
/*
 * circle.c - coinline explain of a circle under the classic scoring (the
 * pizza game, a move scoring the coin it takes): its rules, the result,
 * the best first position and why (the margin of every first position,
 * or of the best of a long circle), the optimal line with each coin's
 * position on the circle, and the share of the total player 1 secures
 * against the 4/9 guarantee. The circle is solved once: the first
 * position and the margins, then the line left (coinline_circle_rotate()
 * and coinline_line()), rather than coinline_circle_line(), which would
 * solve it again.
 */
#include <stdlib.h>
#include <string.h>

#include "circle.h"
#include "decimal.h"
#include "tell.h"

/* Circles of up to this many coins show the margin of every first
 * position; longer ones the best CIRCLE_BEST. */
#define CIRCLE_ALL  12
#define CIRCLE_BEST 5

typedef struct {
    const int64_t *a;
    size_t n;
    coinline_circle_result_t res;
    cl_wide sum, p1, v;
    int64_t *left;   /* the line left after the first move */
    char *line;      /* its optimal moves */
    cl_wide *margin; /* player 1's final margin for each first position */
    size_t shown[CIRCLE_ALL]; /* the first positions told (0-based) */
    size_t nshown;
    size_t negative; /* the first negative coin's position, or 0 */
} circle_t;

/* The positions told: every one for a short circle, else the
 * CIRCLE_BEST best by margin (ties: the smaller position first). */
static void pick_shown(circle_t *C)
{
    if (C->n > CIRCLE_ALL) {
        C->nshown = CIRCLE_BEST;
        cli_tell_best(C->margin, C->n, C->nshown, C->shown);
        return;
    }
    for (size_t p = 0; p < C->n; p++)
        C->shown[p] = p;
    C->nshown = C->n;
}

static int circle_margins(circle_t *C)
{
    coinline_i128_t *m = malloc((C->n + 1) * sizeof *m);
    int rc = m != NULL
                 ? coinline_circle_margins(C->a, C->n, COINLINE_ALGO_LINEAR, m)
                 : COINLINE_ENOMEM;
    for (size_t p = 0; rc == COINLINE_OK && p < C->n; p++)
        C->margin[p] = cl_to_wide(m[p]);
    free(m);
    return rc;
}

static int gather_circle(const int64_t *a, size_t n, circle_t *C)
{
    memset(C, 0, sizeof *C);
    C->a = a;
    C->n = n;
    C->left = malloc((n + 1) * sizeof *C->left);
    C->line = malloc(n + 1);
    C->margin = malloc((n + 1) * sizeof *C->margin);
    if (C->left == NULL || C->line == NULL || C->margin == NULL)
        return COINLINE_ENOMEM;
    int rc = coinline_circle_solve(a, n, COINLINE_ALGO_LINEAR, &C->res);
    C->line[0] = '\0';
    if (rc == COINLINE_OK && n > 1)
        rc = coinline_circle_rotate(a, n, C->res.first, C->left);
    if (rc == COINLINE_OK && n > 1)
        rc = coinline_line(C->left, n - 1, COINLINE_ALGO_LINEAR, C->line);
    if (rc == COINLINE_OK)
        rc = circle_margins(C);
    C->sum = cl_to_wide(C->res.sum);
    C->p1 = cl_to_wide(C->res.p1);
    C->v = cl_to_wide(C->res.margin);
    for (size_t p = n; p > 0; p--)
        if (a[p - 1] < 0)
            C->negative = p;
    pick_shown(C);
    return rc;
}

static void free_circle(circle_t *C)
{
    free(C->left);
    free(C->line);
    free(C->margin);
}

/* Whether the 4/9 guarantee applies: no negative coin, a total above 0. */
static int guarantee_applies(const circle_t *C)
{
    return C->negative == 0 && C->sum > 0;
}

static void put_circle_rules(FILE *out, const circle_t *C)
{
    char b[COINLINE_I128_STRLEN];
    fputs("The circle: ", out);
    if (C->n == 0)
        fputs("no coins.\n", out);
    else if (C->n == 1)
        fprintf(out, "%lld (1 coin, at position 1).\n", (long long)C->a[0]);
    else {
        cli_tell_coins(out, C->a, 0, C->n);
        fprintf(out, " (%zu coins at positions 1..%zu clockwise, sum %s).\n",
                C->n, C->n, cli_wide_str(C->sum, b));
    }
    fputs("The rules: player 1 takes the coin at any position p; the coins "
          "left form a line running clockwise from p+1 round to p-1, and "
          "from then on the players take an end of that line in turn, "
          "player 2 first.\n",
          out);
}

static void put_circle_result(FILE *out, const circle_t *C)
{
    char b[2][COINLINE_I128_STRLEN];
    fprintf(out,
            "With best play, player 1 ends with %s and player 2 with "
            "%s.\n",
            cli_wide_str(C->p1, b[0]), cli_wide_str(C->sum - C->p1, b[1]));
    cli_tell_winner(out, C->v);
}

/* One first position told: its coin, margin and loss. */
static void put_first_position(FILE *out, const circle_t *C, size_t p)
{
    cli_tell_first(out, p + 1, C->a[p], C->margin[p], (C->v - C->margin[p]) / 2,
                   p + 1 == C->res.first,
                   "as good (the smallest best position is taken)",
                   " fewer for player 1");
}

static void put_circle_why(FILE *out, const circle_t *C)
{
    const size_t first = (size_t)C->res.first;
    fprintf(out,
            "\nWhy player 1 starts at position %zu (%lld): taking the coin at "
            "p leaves the line from p+1 round to p-1, where player 2 moves "
            "first; player 1's final margin (own total minus the other's) "
            "after each first position, with best play after it",
            first, (long long)C->a[first - 1]);
    if (C->n > CIRCLE_ALL)
        fprintf(out, ", for the best %zu of the %zu positions", C->nshown,
                C->n);
    fputs(":\n", out);
    for (size_t k = 0; k < C->nshown; k++)
        put_first_position(out, C, C->shown[k]);
}

static void put_circle_line(FILE *out, const circle_t *C)
{
    char b[2][COINLINE_I128_STRLEN];
    const size_t n = C->n, first = (size_t)C->res.first;
    cl_wide t[2] = {C->a[first - 1], 0};
    size_t lo = 0, hi = n - 1;
    fputs("\nThe optimal line (ties to the left):\n", out);
    fprintf(out, "  1. player 1 takes %lld (position %zu): %s to 0\n",
            (long long)C->a[first - 1], first, cli_wide_str(t[0], b[0]));
    for (size_t k = 1; k < n; k++) {
        const char m = C->line[k - 1];
        const size_t i = m == 'L' ? lo++ : --hi;
        t[k % 2] += C->left[i];
        if (cli_tell_move_shown(out, k, n))
            fprintf(out,
                    "  %zu. player %d takes %lld (%s, position %llu): "
                    "%s to %s\n",
                    k + 1, (int)(k % 2) + 1, (long long)C->left[i],
                    m == 'L' ? "left" : "right",
                    (unsigned long long)((first + i) % n + 1),
                    cli_wide_str(t[0], b[0]), cli_wide_str(t[1], b[1]));
    }
}

static void put_circle_share(FILE *out, const circle_t *C)
{
    char b[3][COINLINE_I128_STRLEN + 4];
    if (C->sum == 0) {
        fputs("\nThe share: the total is 0, so there is no share of it to "
              "speak of, and the 4/9 guarantee does not apply.\n",
              out);
        return;
    }
    fprintf(out, "\nThe share: player 1 secures %s of the total %s",
            cli_wide_str(C->p1, b[0]), cli_wide_str(C->sum, b[1]));
    if (C->sum > 0)
        fprintf(out, ", %s%%",
                cli_tell_percent(cli_tell_per_mille(C->p1, C->sum), b[2]));
    fputs(". ", out);
    if (!guarantee_applies(C)) {
        fprintf(out,
                "The 4/9 guarantee does not apply: it is for circles of "
                "coins that are all at least 0, and the coin at position %zu "
                "is %lld.\n",
                C->negative, (long long)C->a[C->negative - 1]);
        return;
    }
    fprintf(out,
            "On a circle of coins that are all at least 0 the first player "
            "can always secure at least 4/9 of the total, 44.4%% (Cibulka, "
            "Kyncl, Meszaros, Stolar and Valtr, 2009); here player 1 "
            "secures %s.\n",
            9 * C->p1 == 4 * C->sum ? "exactly that" : "more");
}

static int put_circle_words(FILE *out, const void *facts)
{
    const circle_t *C = facts;
    put_circle_rules(out, C);
    put_circle_result(out, C);
    if (C->n > 0) {
        put_circle_why(out, C);
        put_circle_line(out, C);
        put_circle_share(out, C);
    }
    return COINLINE_OK;
}

/* The same facts as one JSON object. */
static int put_circle_json(FILE *out, const void *facts)
{
    const circle_t *C = facts;
    char b[COINLINE_I128_STRLEN + 4];
    fprintf(out, "{\"n\":%zu,\"circle\":true", C->n);
    cli_tell_json_int(out, "sum", C->sum);
    cli_tell_json_int(out, "p1", C->p1);
    cli_tell_json_int(out, "p2", C->sum - C->p1);
    cli_tell_json_int(out, "margin", C->v);
    fprintf(out,
            ",\"winner\":\"%s\",\"first_move\":", cli_tell_winner_word(C->v));
    fprintf(out, C->n > 0 ? "%llu" : "null", (unsigned long long)C->res.first);
    fprintf(out, ",\"line\":\"%s\",\"first_moves\":[", C->line);
    for (size_t k = 0; k < C->nshown; k++) {
        const size_t p = C->shown[k];
        cli_tell_json_first(out, k, p + 1, C->a[p], C->margin[p],
                            (C->v - C->margin[p]) / 2);
    }
    fputs("],\"share_percent\":", out);
    if (C->sum > 0)
        fprintf(out, "\"%s\"",
                cli_tell_percent(cli_tell_per_mille(C->p1, C->sum), b));
    else
        fputs("null", out);
    fprintf(out,
            C->negative > 0 ? ",\"negative_at\":%zu" : ",\"negative_at\":null",
            C->negative);
    if (guarantee_applies(C))
        fprintf(out, ",\"four_ninths\":%s}\n",
                9 * C->p1 >= 4 * C->sum ? "true" : "false");
    else
        fputs(",\"four_ninths\":null}\n", out);
    return COINLINE_OK;
}

int cli_explain_circle(const cli_explain_t *x)
{
    circle_t C;
    int rc = gather_circle(x->a, x->n, &C);
    if (rc == COINLINE_OK)
        rc = cli_tell(x->fp, x->json, put_circle_json, put_circle_words, &C);
    free_circle(&C);
    return rc;
}
