/* SPDX-License-Identifier: MIT */
/*
 * analysis.c - a reviewed game: each move judged by the library's
 * coinline_analyze() (a row) or coinline_circle_analyze() (a circle), the
 * coins left before each move, best play from the start, and the review
 * as JSON (analyze --json, POST /api/analyze).
 */
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "jsonw.h"
#include "wide.h"

size_t analysis_count(const analysis_t *A)
{
    return A->nmoves + (size_t)(A->circle && A->first > 0);
}

/* lo and hi from the moves: from review `from` on (0 on a row, 1 on a
 * circle), on the n coins of line. */
static void fill_left(analysis_t *A, size_t from, size_t n)
{
    A->lo[from] = 0;
    A->hi[from] = n;
    for (size_t k = 0; k < A->nmoves; k++) {
        const int left = A->moves[k] == 'L' || A->moves[k] == 'l';
        A->lo[from + k + 1] = A->lo[from + k] + (size_t)left;
        A->hi[from + k + 1] = A->hi[from + k] - (size_t)!left;
    }
}

/* The row's reviews and best play. */
static int run_row(analysis_t *A, coinline_error_t *err)
{
    int rc = coinline_analyze(A->coins, A->n, A->moves, A->nmoves, A->r, err);
    if (rc == COINLINE_OK)
        rc = coinline_solve(A->coins, A->n, COINLINE_ALGO_LINEAR, &A->best);
    if (rc == COINLINE_OK) {
        A->line = A->coins;
        fill_left(A, 0, A->n);
    }
    return rc;
}

/* The circle's reviews, best play, and the line left after move 1. */
static int run_circle(analysis_t *A, coinline_error_t *err)
{
    coinline_circle_result_t best;
    int rc = coinline_circle_analyze(A->coins, A->n, A->first, A->moves,
                                     A->nmoves, A->r, err);
    if (rc == COINLINE_OK)
        rc = coinline_circle_solve(A->coins, A->n, COINLINE_ALGO_LINEAR, &best);
    if (rc != COINLINE_OK)
        return rc;
    memset(&A->best, 0, sizeof A->best);
    A->best.n = best.n;
    A->best.sum = best.sum;
    A->best.p1 = best.p1;
    A->best.p2 = best.p2;
    A->best.margin = best.margin;
    A->best.winner = best.winner;
    A->best_first = best.first;
    A->lo[0] = A->hi[0] = 0;
    if (A->first == 0)
        return COINLINE_OK;
    A->rotated = malloc((A->n > 1 ? A->n - 1 : 1) * sizeof *A->rotated);
    if (A->rotated == NULL)
        return COINLINE_ENOMEM;
    coinline_circle_rotate(A->coins, A->n, A->first, A->rotated);
    A->line = A->rotated;
    fill_left(A, 1, A->n - 1);
    return COINLINE_OK;
}

int analysis_run(analysis_t *A, coinline_error_t *err)
{
    const size_t count = analysis_count(A);
    A->r = malloc((count + 1) * sizeof *A->r);
    A->lo = malloc((count + 1) * sizeof *A->lo);
    A->hi = malloc((count + 1) * sizeof *A->hi);
    if (A->r == NULL || A->lo == NULL || A->hi == NULL)
        return COINLINE_ENOMEM;
    return A->circle ? run_circle(A, err) : run_row(A, err);
}

void analysis_free(analysis_t *A)
{
    free(A->r);
    free(A->lo);
    free(A->hi);
    free(A->rotated);
    A->r = NULL;
    A->lo = A->hi = NULL;
    A->rotated = NULL;
    A->line = NULL;
}

/* The points player p (0 or 1) lost, and in how many moves. */
cl_wide analysis_points_lost(const analysis_t *A, int p, size_t *moves)
{
    const size_t count = analysis_count(A);
    cl_wide sum = 0;
    *moves = 0;
    for (size_t k = (size_t)p; k < count; k += 2) {
        sum += cl_to_wide(A->r[k].loss);
        *moves += !A->r[k].optimal;
    }
    return sum;
}

const char *analysis_coin_words(const analysis_t *A, int64_t coin,
                                coinline_side_t side, uint64_t position,
                                char *buf, size_t size)
{
    if (!A->circle)
        snprintf(buf, size, "%lld (%s)", (long long)coin,
                 coinline_side_name(side));
    else if (side == COINLINE_SIDE_NONE)
        snprintf(buf, size, "%lld (at %llu)", (long long)coin,
                 (unsigned long long)position);
    else
        snprintf(buf, size, "%lld (%s, at %llu)", (long long)coin,
                 coinline_side_name(side), (unsigned long long)position);
    return buf;
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
    fprintf(fp, ",\"position\":%llu,\"best_position\":%llu}",
            (unsigned long long)r->position,
            (unsigned long long)r->best_position);
}

/* The summary object: the result as played, best play, the losses. */
static void put_json_summary(const analysis_t *A, FILE *fp, int safe)
{
    size_t m[2];
    const size_t count = analysis_count(A);
    const cl_wide p1 = count ? cl_to_wide(A->r[count - 1].p1) : 0;
    const cl_wide p2 = count ? cl_to_wide(A->r[count - 1].p2) : 0;
    const int done = count == A->n || A->forfeit_seat != 0;
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
    if (A->circle && A->best_first > 0)
        fprintf(fp, ",\"best_first_move\":%llu",
                (unsigned long long)A->best_first);
    else if (A->circle)
        fputs(",\"best_first_move\":null", fp);
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
    const size_t count = analysis_count(A);
    fprintf(fp, "{\"game\":%llu,\"n\":%zu", (unsigned long long)A->number,
            A->n);
    if (A->circle && A->first > 0)
        fprintf(fp, ",\"circle\":true,\"first_move\":%llu",
                (unsigned long long)A->first);
    else if (A->circle)
        fputs(",\"circle\":true,\"first_move\":null", fp);
    fputs(",\"players\":[", fp);
    cli_put_json_string(fp, A->name[0]);
    fputc(',', fp);
    cli_put_json_string(fp, A->name[1]);
    fputs("],\"moves\":[", fp);
    for (size_t k = 0; k < count; k++) {
        if (k > 0)
            fputc(',', fp);
        put_json_move(&A->r[k], fp, safe);
    }
    fputs("],", fp);
    put_json_summary(A, fp, safe);
}
