/* SPDX-License-Identifier: MIT */
/*
 * analysis.c - a reviewed game under any rules: each move judged by the
 * library's coinline_game_analyze(), best play from the start
 * (coinline_game_solve()) and from any position (a game played on by its
 * best moves), and the review as JSON (analyze --json, POST
 * /api/analyze).
 */
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "jsonw.h"
#include "wide.h"

int analysis_read_moves(const coinline_rules_t *rules, const int64_t *coins,
                        size_t n, const char *text, uint64_t **positions,
                        size_t *count, coinline_error_t *err)
{
    coinline_game_t *g = NULL;
    *positions = NULL;
    *count = 0;
    int rc = coinline_game_new(rules, coins, n, &g);
    if (rc == COINLINE_OK)
        rc = coinline_game_play_text(g, text, strlen(text), err);
    coinline_error_t own = {0, 0, "", {0}};
    if (rc == COINLINE_EMOVE && err != NULL &&
        cli_shape_words(rules)->moves_error(text, coins, n, &own) ==
            COINLINE_EMOVE)
        *err = own;
    const size_t moves = (size_t)coinline_game_moves(g);
    if (rc == COINLINE_OK &&
        (*positions = malloc((moves + 1) * sizeof **positions)) == NULL)
        rc = COINLINE_ENOMEM;
    for (size_t k = 0; rc == COINLINE_OK && k < moves; k++)
        (*positions)[k] = coinline_game_history(g, k + 1);
    *count = rc == COINLINE_OK ? moves : 0;
    coinline_game_free(g);
    return rc;
}

size_t analysis_count(const analysis_t *A)
{
    return A->nmoves;
}

const cli_shape_words_t *analysis_shape(const analysis_t *A)
{
    return cli_shape_words(&A->rules);
}

const cli_score_words_t *analysis_score(const analysis_t *A)
{
    return cli_score_words(&A->rules);
}

int analysis_written_right(const char *text, size_t len)
{
    while (len > 0 && (text[len - 1] == ' ' || text[len - 1] == '\t' ||
                       text[len - 1] == '\n' || text[len - 1] == '\r'))
        len--;
    return len > 0 && (text[len - 1] == 'R' || text[len - 1] == 'r');
}

int analysis_run(analysis_t *A, coinline_error_t *err)
{
    A->r = malloc((A->nmoves + 1) * sizeof *A->r);
    if (A->r == NULL)
        return COINLINE_ENOMEM;
    int rc = coinline_game_analyze(&A->rules, A->coins, A->n, A->positions,
                                   A->nmoves, A->r, err);
    if (rc == COINLINE_OK)
        rc = coinline_game_solve(&A->rules, A->coins, A->n,
                                 COINLINE_ALGO_LINEAR, &A->best);
    /* the last coin is both ends: its side as the moves wrote it */
    if (rc == COINLINE_OK && A->last_right && A->n > 0 && A->nmoves == A->n &&
        A->r[A->n - 1].side == COINLINE_SIDE_LEFT)
        A->r[A->n - 1].side = COINLINE_SIDE_RIGHT;
    return rc;
}

void analysis_free(analysis_t *A)
{
    free(A->r);
    A->r = NULL;
}

/* The game after the first played moves of A into *g. */
static int replay(const analysis_t *A, size_t played, coinline_game_t **g)
{
    int rc = coinline_game_new(&A->rules, A->coins, A->n, g);
    for (size_t k = 0; rc == COINLINE_OK && k < played; k++)
        rc = coinline_game_play(*g, A->positions[k]);
    return rc;
}

long analysis_best_line(const analysis_t *A, size_t played, size_t max,
                        uint64_t *positions, coinline_i128_t *margins,
                        coinline_i128_t *p1, coinline_i128_t *p2)
{
    coinline_game_t *g = NULL;
    coinline_game_state_t st;
    size_t k = 0;
    int rc = replay(A, played, &g);
    while (rc == COINLINE_OK &&
           (rc = coinline_game_state(g, &st)) == COINLINE_OK) {
        if (margins != NULL)
            margins[k] = coinline_i128_sub(st.p1, st.p2);
        if (st.to_move == 0)
            break;
        if (k < max)
            positions[k] = st.best;
        rc = coinline_game_play(g, st.best);
        k++;
    }
    if (rc == COINLINE_OK && p1 != NULL)
        *p1 = st.p1;
    if (rc == COINLINE_OK && p2 != NULL)
        *p2 = st.p2;
    coinline_game_free(g);
    return rc == COINLINE_OK ? (long)k : rc;
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
    analysis_shape(A)->coin_words(buf, size, coin, side, position);
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

/* ,"key":P, the position of a move 1 that may take any coin (null for
 * 0: none). */
static void put_move_1(FILE *fp, const char *key, uint64_t position)
{
    if (position > 0)
        fprintf(fp, ",\"%s\":%llu", key, (unsigned long long)position);
    else
        fprintf(fp, ",\"%s\":null", key);
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
    if (analysis_shape(A)->first_any)
        put_move_1(fp, "best_first_move", A->best.first);
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
    cli_rules_put_json(fp, &A->rules);
    if (analysis_shape(A)->first_any)
        put_move_1(fp, "first_move", count > 0 ? A->positions[0] : 0);
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
