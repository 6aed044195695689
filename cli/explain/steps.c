/* SPDX-License-Identifier: MIT */
/*
 * steps.c - coinline explain --steps: the classic game's interval
 * programme filled before the reader's eyes. The library fills the
 * table (coinline_table_new()); this reads it back in the textbook's
 * order, by the length of the run of coins left and then by its start,
 * and tells for each run i..j the recurrence with its numbers,
 *   margin(i,j) = max(a_i - margin(i+1,j), a_j - margin(i,j-1)),
 * both sides' values and the one chosen (coinline_table_move(), either
 * where coinline_table_tied() says both are), the margin
 * and best(i,j) = (sum(i..j) + margin(i,j)) / 2, the most the player to
 * move collects there; then the result and the optimal line, each move
 * with the step that decided it. All of it exact in 128 bits.
 */
#include <stdlib.h>

#include "decimal.h"
#include "jsonw.h"
#include "rules.h"
#include "steps.h"
#include "tell.h"
#include "vtable.h"

typedef struct {
    const int64_t *a;
    size_t n;
    const coinline_table_t *T;
    cl_wide *pre; /* pre[k]: a[0..k-1] summed */
} steps_t;

/* A cell of the table: the coins a[lo..hi-1], i..j on screen. */
typedef struct {
    size_t lo, hi;
    cl_wide left, right; /* a_i - margin(i+1,j), a_j - margin(i,j-1) */
    cl_wide margin, sum, best;
    const char *move; /* "left", "right", "either" */
} step_t;

const char *cli_steps_refused(const coinline_rules_t *rules, size_t n, int json,
                              char *buf, size_t size)
{
    const cli_shape_words_t *shape = cli_shape_words(rules);
    const cli_score_words_t *score = cli_score_words(rules);
    const size_t max = json ? CLI_STEPS_JSON_MAX : CLI_STEPS_WORDS_MAX;
    if (shape == NULL || score == NULL)
        return coinline_strerror(COINLINE_EINVAL);
    const char *why = shape->steps_refused != NULL ? shape->steps_refused
                                                   : score->steps_refused;
    if (why != NULL)
        snprintf(buf, size, "--steps: %s", why);
    else if (n > max)
        snprintf(buf, size,
                 "--steps: the row has %zu coins; its steps are shown for up "
                 "to %d coins in words and %d as --json: for a longer row, "
                 "coinline table (up to %d coins) or coinline solve",
                 n, CLI_STEPS_WORDS_MAX, CLI_STEPS_JSON_MAX, TABLE_MAX);
    return why != NULL || n > max ? buf : NULL;
}

/* margin of a[lo..hi-1] (0 for none), read from the table. */
static cl_wide margin_of(const steps_t *S, size_t lo, size_t hi)
{
    coinline_i128_t v = {0, 0};
    coinline_table_value(S->T, lo, hi, &v);
    return cl_to_wide(v);
}

static void step_at(const steps_t *S, size_t lo, size_t hi, step_t *s)
{
    s->lo = lo;
    s->hi = hi;
    s->left = S->a[lo] - margin_of(S, lo + 1, hi);
    s->right = S->a[hi - 1] - margin_of(S, lo, hi - 1);
    s->margin = margin_of(S, lo, hi);
    s->sum = S->pre[hi] - S->pre[lo];
    s->best = (s->sum + s->margin) / 2;
    s->move = coinline_table_tied(S->T, lo, hi) ? "either"
              : coinline_table_move(S->T, lo, hi) == COINLINE_SIDE_LEFT
                  ? "left"
                  : "right";
}

/* The step (1-based) that fills the run of len coins from lo: those of
 * the shorter runs, n + (n - 1) + ..., then those before it. */
static size_t step_number(size_t n, size_t lo, size_t len)
{
    return (len - 1) * n - (len - 1) * (len - 2) / 2 + lo + 1;
}

/* ---- JSON ----------------------------------------------------------- */

static int put_json(FILE *out, const void *facts)
{
    const steps_t *S = facts;
    step_t s;
    size_t k = 0;
    fputs("{\"steps\":[", out);
    for (size_t len = 1; len <= S->n; len++)
        for (size_t lo = 0; lo + len <= S->n; lo++) {
            step_at(S, lo, lo + len, &s);
            fprintf(out, "%s{\"i\":%zu,\"j\":%zu", k++ > 0 ? "," : "", lo + 1,
                    lo + len);
            cli_tell_json_int(out, "best", s.best);
            cli_tell_json_int(out, "margin", s.margin);
            fprintf(out, ",\"move\":\"%s\"}", s.move);
        }
    fputs("]}\n", out);
    return COINLINE_OK;
}

/* ---- words ---------------------------------------------------------- */

static void put_heading(FILE *out, const steps_t *S)
{
    fputs("The steps of the interval programme, in the order a textbook "
          "fills its table: by the length of the run of coins left, then "
          "by its start. On the coins i..j, margin(i,j) is the most the "
          "player to move can end ahead of the other on them (own total "
          "minus the other's) and best(i,j) the most that player collects "
          "there. Taking the left coin a_i leaves i+1..j to the other, "
          "taking the right coin a_j leaves i..j-1, so:\n"
          "  margin(i,j) = max(a_i - margin(i+1,j), a_j - margin(i,j-1))\n"
          "  best(i,j) = (sum(i..j) + margin(i,j)) / 2\n"
          "The move is the side that gives the max, either when both "
          "do.\n\n",
          out);
    fprintf(out, "The row, %zu coin%s: ", S->n, S->n == 1 ? "" : "s");
    cli_tell_coins(out, S->a, 0, S->n);
    fputs("\n\n", out);
}

/* A value subtracted: "15", "(-3)". */
static const char *minus_str(cl_wide v, char *buf)
{
    char b[COINLINE_I128_STRLEN];
    snprintf(buf, COINLINE_I128_STRLEN + 2, v < 0 ? "(%s)" : "%s",
             cli_wide_str(v, b));
    return buf;
}

/* The lines of a step of two coins or more under its first: the
 * recurrence with its numbers, and best. */
static void put_working(FILE *out, const steps_t *S, const step_t *s)
{
    char b[5][COINLINE_I128_STRLEN + 2];
    const size_t i = s->lo + 1, j = s->hi;
    const cl_wide ml = margin_of(S, s->lo + 1, s->hi);
    const cl_wide mr = margin_of(S, s->lo, s->hi - 1);
    fprintf(out,
            "  margin(%zu,%zu) = max(%lld - margin(%zu,%zu), %lld - "
            "margin(%zu,%zu))\n    = max(%lld - %s, %lld - %s) = max(%s, "
            "%s) = %s\n",
            i, j, (long long)S->a[s->lo], i + 1, j, (long long)S->a[s->hi - 1],
            i, j - 1, (long long)S->a[s->lo], minus_str(ml, b[0]),
            (long long)S->a[s->hi - 1], minus_str(mr, b[1]),
            cli_wide_str(s->left, b[2]), cli_wide_str(s->right, b[3]),
            cli_wide_str(s->margin, b[4]));
    fprintf(out, "  best(%zu,%zu) = (sum %s + margin %s) / 2 = %s\n", i, j,
            cli_wide_str(s->sum, b[0]), cli_wide_str(s->margin, b[1]),
            cli_wide_str(s->best, b[2]));
}

static void put_step(FILE *out, const steps_t *S, const step_t *s)
{
    char b[2][COINLINE_I128_STRLEN];
    const size_t len = s->hi - s->lo;
    fprintf(out, "step %zu: coins %zu..%zu (", step_number(S->n, s->lo, len),
            s->lo + 1, s->hi);
    cli_tell_coins(out, S->a, s->lo, s->hi);
    fprintf(out, "): %s%s, margin %s, best %s\n",
            len == 1 ? "one coin, take it" : "take ", len == 1 ? "" : s->move,
            cli_wide_str(s->margin, b[0]), cli_wide_str(s->best, b[1]));
    if (len > 1)
        put_working(out, S, s);
}

/* The result and the optimal line, each move with its step. */
static int put_line(FILE *out, const steps_t *S)
{
    char b[3][COINLINE_I128_STRLEN];
    cl_wide t[2] = {0, 0};
    step_t s;
    vtable_move_t *m = malloc((S->n + 1) * sizeof *m);
    if (m == NULL)
        return COINLINE_ENOMEM;
    step_at(S, 0, S->n, &s);
    fprintf(out,
            "\nThe result, the last step: margin(1,%zu) = %s, so player "
            "1 collects best(1,%zu) = %s and player 2 the rest, %s.\n",
            S->n, cli_wide_str(s.margin, b[0]), S->n,
            cli_wide_str(s.best, b[1]), cli_wide_str(s.sum - s.best, b[2]));
    cli_tell_winner(out, s.margin);
    fputs("\nThe optimal line (ties to the left), each move as its step "
          "chose it:\n",
          out);
    vtable_line(S->T, m);
    for (size_t k = 0; k < S->n; k++) {
        const vtable_move_t *v = &m[k];
        t[k % 2] += v->coin;
        if (cli_tell_move_shown(out, k, S->n))
            fprintf(out,
                    "  %zu. player %d takes %lld (%s) at step %zu, coins "
                    "%zu..%zu: %s to %s\n",
                    k + 1, (int)(k % 2) + 1, (long long)v->coin,
                    coinline_side_name(v->side),
                    step_number(S->n, v->row, v->col - v->row + 1), v->row + 1,
                    v->col + 1, cli_wide_str(t[0], b[0]),
                    cli_wide_str(t[1], b[1]));
    }
    free(m);
    return COINLINE_OK;
}

static int put_words(FILE *out, const void *facts)
{
    const steps_t *S = facts;
    step_t s;
    put_heading(out, S);
    if (S->n == 0) {
        fputs("No coins: the table is empty and nobody collects "
              "anything.\n",
              out);
        return COINLINE_OK;
    }
    for (size_t len = 1; len <= S->n; len++)
        for (size_t lo = 0; lo + len <= S->n; lo++) {
            step_at(S, lo, lo + len, &s);
            put_step(out, S, &s);
        }
    return put_line(out, S);
}

int cli_steps_put(const int64_t *a, size_t n, int json, FILE *fp)
{
    coinline_table_t *T = NULL;
    steps_t S = {a, n, NULL, malloc((n + 1) * sizeof *S.pre)};
    int rc = S.pre == NULL ? COINLINE_ENOMEM : coinline_table_new(a, n, &T);
    if (rc == COINLINE_OK) {
        S.T = T;
        S.pre[0] = 0;
        for (size_t k = 0; k < n; k++)
            S.pre[k + 1] = S.pre[k] + a[k];
        rc = cli_tell(fp, json, put_json, put_words, &S);
    }
    coinline_table_free(T);
    free(S.pre);
    return rc;
}
