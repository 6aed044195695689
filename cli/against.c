/* SPDX-License-Identifier: MIT */
/*
 * against.c - the best reply to a known opponent in the tool's words and
 * JSON (against.h). The library computes (coinline_against_solve()); this
 * file only says it: exact results go out as the classic ones do, expected
 * ones as reduced fractions, each followed by its decimal.
 */
#include <string.h>

#include "against.h"
#include "decimal.h"
#include "jsonw.h"
#include "usage.h"
#include "wide.h"

int cli_against_known(const char *spec)
{
    coinline_against_t r;
    const int rc = coinline_against_solve(NULL, 0, spec, 2, &r);
    coinline_against_free(&r);
    return rc == COINLINE_OK;
}

int cli_against_check(const char *cmd, const cli_against_t *A, int first,
                      const coinline_rules_t *rules)
{
    if (A->spec == NULL)
        return first ? cli_usage_error(cmd, "--opponent-first goes with "
                                            "--against=RULE")
                     : -1;
    if (!cli_against_known(A->spec))
        return cli_usage_error(cmd,
                               "--against: unknown rule '%s' (greedy, parity, "
                               "optimal, random or fallible:P, P in [0, 1])",
                               A->spec);
    if (rules->shape != COINLINE_SHAPE_LINE ||
        rules->score != COINLINE_SCORE_TAKEN)
        return cli_usage_error(cmd, "--against plays the classic game (a "
                                    "line, scoring the coin taken): leave "
                                    "out --circle and --score");
    return -1;
}

coinline_game_result_t cli_against_result(const coinline_against_t *r,
                                          const int64_t *coins, size_t n,
                                          const cli_against_t *A)
{
    coinline_game_result_t g;
    memset(&g, 0, sizeof g);
    cl_wide sum = 0;
    for (size_t i = 0; i < n; i++)
        sum += coins[i];
    const cl_wide m = cl_to_wide(r->margin);
    g.n = n;
    g.sum = cl_from_wide(sum);
    g.p1 = r->p1;
    g.p2 = r->p2;
    g.margin = r->margin;
    g.winner = m > 0   ? COINLINE_WINNER_FIRST
               : m < 0 ? COINLINE_WINNER_SECOND
                       : COINLINE_WINNER_DRAW;
    g.first = A->seat == 1 || r->first_move == COINLINE_SIDE_NONE ? 0
              : r->first_move == COINLINE_SIDE_LEFT               ? 1
                                                                  : n;
    return g;
}

void cli_against_put_json(FILE *fp, const cli_against_t *A, int expected)
{
    fputs(",\"against\":", fp);
    cli_put_json_string(fp, A->spec);
    fprintf(fp, ",\"against_seat\":%d", A->seat);
    if (expected)
        fputs(",\"expected\":true", fp);
}

void cli_against_put_value(FILE *fp, const char *text, double value,
                           const char *key)
{
    if (key != NULL) {
        fprintf(fp, ",\"%s\":\"%s\",\"%s_decimal\":%.17g", key, text, key,
                value);
        return;
    }
    if (strchr(text, '/') == NULL)
        fputs(text, fp);
    else
        fprintf(fp, "%s (%.10g)", text, value);
}

void cli_against_put_expected(FILE *fp, uint64_t game, const int64_t *coins,
                              size_t n, const cli_against_t *A,
                              const coinline_against_t *r, int json, int both)
{
    const double m = r->expected_margin;
    const double p1 = r->expected_p1, p2 = r->expected_p2;
    const char *const mt = r->margin_text;
    if (!json) {
        cli_against_put_value(fp, r->p1_text, p1, NULL);
        if (both) {
            fputc(' ', fp);
            cli_against_put_value(fp, r->p2_text, p2, NULL);
        }
        fputc('\n', fp);
        return;
    }
    fprintf(fp, "{\"game\":%llu,\"n\":%llu", (unsigned long long)game,
            (unsigned long long)n);
    cli_against_put_json(fp, A, 1);
    cl_wide sum = 0;
    for (size_t i = 0; i < n; i++)
        sum += coins[i];
    fputs(",\"sum\":", fp);
    cli_put_i128(fp, cl_from_wide(sum));
    cli_against_put_value(fp, r->p1_text, p1, "p1");
    cli_against_put_value(fp, r->p2_text, p2, "p2");
    cli_against_put_value(fp, r->margin_text, m, "margin");
    fprintf(fp, ",\"winner\":\"%s\",\"first_move\":",
            mt[0] == '-'           ? "second"
            : strcmp(mt, "0") == 0 ? "draw"
                                   : "first");
    fputs(A->seat == 2 && r->first_move != COINLINE_SIDE_NONE
              ? (r->first_move == COINLINE_SIDE_LEFT ? "\"left\"" : "\"right\"")
              : "null",
          fp);
    fputs("}\n", fp);
}

void cli_against_put_words(FILE *fp, const cli_against_t *A)
{
    fprintf(fp, "  Player %d plays %s; player %d replies as well as it can.\n",
            A->seat, A->spec, 3 - A->seat);
}
