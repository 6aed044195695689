/* SPDX-License-Identifier: MIT */
/*
 * analysis.c - a reviewed game: each move judged by the library's
 * coinline_analyze(), the coins left before each move, best play from
 * the start, and the review as JSON (analyze --json, POST /api/analyze).
 */
#include <stdlib.h>

#include "analysis.h"
#include "jsonw.h"
#include "wide.h"

int analysis_run(analysis_t *A, coinline_error_t *err)
{
    A->r = malloc((A->nmoves + 1) * sizeof *A->r);
    A->lo = malloc((A->nmoves + 1) * sizeof *A->lo);
    A->hi = malloc((A->nmoves + 1) * sizeof *A->hi);
    if (A->r == NULL || A->lo == NULL || A->hi == NULL)
        return COINLINE_ENOMEM;
    int rc = coinline_analyze(A->coins, A->n, A->moves, A->nmoves, A->r, err);
    if (rc == COINLINE_OK)
        rc = coinline_solve(A->coins, A->n, COINLINE_ALGO_LINEAR, &A->best);
    if (rc != COINLINE_OK)
        return rc;
    A->lo[0] = 0;
    A->hi[0] = A->n;
    for (size_t k = 0; k < A->nmoves; k++) {
        const int left = A->moves[k] == 'L' || A->moves[k] == 'l';
        A->lo[k + 1] = A->lo[k] + (size_t)left;
        A->hi[k + 1] = A->hi[k] - (size_t)!left;
    }
    return COINLINE_OK;
}

void analysis_free(analysis_t *A)
{
    free(A->r);
    free(A->lo);
    free(A->hi);
    A->r = NULL;
    A->lo = A->hi = NULL;
}

/* The points player p (0 or 1) lost, and in how many moves. */
cl_wide analysis_points_lost(const analysis_t *A, int p, size_t *moves)
{
    cl_wide sum = 0;
    *moves = 0;
    for (size_t k = (size_t)p; k < A->nmoves; k += 2) {
        sum += cl_to_wide(A->r[k].loss);
        *moves += !A->r[k].optimal;
    }
    return sum;
}

/* One JSON integer: exact, or past 2^53 a string when safe. */
static void put_review_int(FILE *fp, const char *key, cl_wide v, int safe)
{
    fprintf(fp, ",\"%s\":", key);
    cli_put_json_int(fp, cl_from_wide(v), safe);
}

static void put_json_move(const coinline_move_review_t *r, FILE *fp, int safe)
{
    fprintf(fp, "{\"move\":%llu,\"player\":%d,\"side\":\"%s\"",
            (unsigned long long)r->number, r->player,
            coinline_side_name(r->side));
    put_review_int(fp, "coin", r->coin, safe);
    fprintf(fp, ",\"best\":\"%s\"", coinline_side_name(r->best));
    put_review_int(fp, "best_coin", r->best_coin, safe);
    fprintf(fp, ",\"optimal\":%s", r->optimal ? "true" : "false");
    put_review_int(fp, "loss", cl_to_wide(r->loss), safe);
    put_review_int(fp, "secured", cl_to_wide(r->secured), safe);
    put_review_int(fp, "p1", cl_to_wide(r->p1), safe);
    put_review_int(fp, "p2", cl_to_wide(r->p2), safe);
    put_review_int(fp, "final_margin", cl_to_wide(r->final_margin), safe);
    fputc('}', fp);
}

/* The summary object: the result as played, best play, the losses. */
static void put_json_summary(const analysis_t *A, FILE *fp, int safe)
{
    size_t m[2];
    const cl_wide p1 = A->nmoves ? cl_to_wide(A->r[A->nmoves - 1].p1) : 0;
    const cl_wide p2 = A->nmoves ? cl_to_wide(A->r[A->nmoves - 1].p2) : 0;
    const int done = A->nmoves == A->n || A->forfeit_seat != 0;
    fprintf(fp, "\"summary\":{\"finished\":%s", done ? "true" : "false");
    put_review_int(fp, "p1", p1, safe);
    put_review_int(fp, "p2", p2, safe);
    put_review_int(fp, "margin", p1 - p2, safe);
    fprintf(fp, ",\"winner\":%s",
            A->forfeit_seat == 1   ? "\"second\""
            : A->forfeit_seat == 2 ? "\"first\""
            : !done                ? "null"
            : p1 > p2              ? "\"first\""
            : p1 < p2              ? "\"second\""
                                   : "\"draw\"");
    put_review_int(fp, "best_p1", cl_to_wide(A->best.p1), safe);
    put_review_int(fp, "best_p2", cl_to_wide(A->best.p2), safe);
    fputs(",\"lost\":[", fp);
    cli_put_json_int(fp, cl_from_wide(analysis_points_lost(A, 0, &m[0])), safe);
    fputc(',', fp);
    cli_put_json_int(fp, cl_from_wide(analysis_points_lost(A, 1, &m[1])), safe);
    fprintf(fp, "],\"mistakes\":[%zu,%zu],\"forfeit\":", m[0], m[1]);
    if (A->forfeit_seat != 0) {
        fprintf(fp, "{\"player\":%d,\"verdict\":", A->forfeit_seat);
        cli_put_json_string(fp, A->verdict);
        fputc('}', fp);
    } else {
        fputs("null", fp);
    }
    fputs("}}\n", fp);
}

void analysis_json(const analysis_t *A, FILE *fp, int safe)
{
    fprintf(fp, "{\"game\":%llu,\"n\":%zu,\"players\":[",
            (unsigned long long)A->number, A->n);
    cli_put_json_string(fp, A->name[0]);
    fputc(',', fp);
    cli_put_json_string(fp, A->name[1]);
    fputs("],\"moves\":[", fp);
    for (size_t k = 0; k < A->nmoves; k++) {
        if (k > 0)
            fputc(',', fp);
        put_json_move(&A->r[k], fp, safe);
    }
    fputs("],", fp);
    put_json_summary(A, fp, safe);
}
