/* SPDX-License-Identifier: MIT */
/*
 * multireview.c - a game of several rows reviewed move by move.
 *
 * The game is played on the library's game of several rows
 * (coinline_multirow_game_*, through cli/multirow.c's cli_rows_game_t).
 * Before each move its state gives the best move and the final margin
 * p1 - p2 with best play (O(1)); coinline_multirow_game_outcome() gives
 * the final margin of the move played (O(log n)). The move's loss is the
 * margin it gave away, halved: the points of the mover's final total,
 * as analyze counts them on one row. The moves are checked first on the
 * same game (cli_rows_play_moves(): its errors name the move and its
 * column), then taken back, then reviewed one by one.
 */
#include <stdlib.h>
#include <string.h>

#include "decimal.h"
#include "jsonw.h"
#include "multireview.h"
#include "multirow.h"

void cli_rows_review_free(cli_rows_review_t *R)
{
    free(R->r);
    R->r = NULL;
    R->nmoves = 0;
}

/* Reviews the move (row, side) of the player to move in G into *m, and
 * plays it. sum: the coins' sum. */
static int review_move(cli_rows_game_t *G, size_t row, coinline_side_t side,
                       cl_wide sum, cli_rows_move_t *m)
{
    coinline_multirow_state_t st;
    coinline_i128_t fm;
    int rc = coinline_multirow_game_state(G->g, &st);
    if (rc == COINLINE_OK)
        rc = coinline_multirow_game_outcome(G->g, row, side, &fm);
    if (rc != COINLINE_OK)
        return rc;
    const cl_wide best = cl_to_wide(st.final_margin), got = cl_to_wide(fm);
    memset(m, 0, sizeof *m);
    m->player = st.to_move;
    m->row = row;
    m->side = side;
    m->coin = cli_rows_game_coin(G, row, side);
    m->best_row = (size_t)st.best_row;
    m->best_side = st.best_side;
    m->best_coin = cli_rows_game_coin(G, m->best_row, st.best_side);
    m->loss = (m->player == 1 ? best - got : got - best) / 2;
    m->optimal = m->loss == 0;
    m->secured = (m->player == 1 ? sum + best : sum - best) / 2;
    m->final_margin = got;
    if ((rc = coinline_multirow_game_play(G->g, row, side)) == COINLINE_OK &&
        (rc = coinline_multirow_game_state(G->g, &st)) == COINLINE_OK) {
        m->p1 = cl_to_wide(st.p1);
        m->p2 = cl_to_wide(st.p2);
    }
    return rc;
}

/* Checks the moves of text on G, then takes them back: their number
 * into *count. */
static int check_moves(cli_rows_game_t *G, const char *text, size_t *count,
                       coinline_error_t *err)
{
    coinline_multirow_state_t st;
    int rc = cli_rows_play_moves(G, text, err);
    if (rc == COINLINE_OK)
        rc = coinline_multirow_game_state(G->g, &st);
    *count = rc == COINLINE_OK ? (size_t)st.moves : 0;
    for (size_t i = 0; rc == COINLINE_OK && i < *count; i++)
        rc = coinline_multirow_game_undo(G->g);
    return rc;
}

/* Reviews every move of R->moves on G (at its start, the moves checked). */
static int review_all(cli_rows_review_t *R, cli_rows_game_t *G,
                      coinline_error_t *err)
{
    coinline_multirow_state_t st;
    size_t at = 0;
    uint64_t row;
    coinline_side_t side;
    int rc = coinline_multirow_game_state(G->g, &st);
    R->best_final = cl_to_wide(st.final_margin);
    R->n = st.n;
    for (size_t m = 0; rc == COINLINE_OK && m < R->nmoves; m++) {
        rc = cli_rows_next_move(R->moves, &at, m + 1, &row, &side, err);
        rc = rc == 1 ? review_move(G, (size_t)row - 1, side, R->sum, &R->r[m])
                     : COINLINE_EMOVE;
    }
    return rc;
}

int cli_rows_review_run(cli_rows_review_t *R, const int64_t *coins,
                        const uint64_t *lens, size_t k, const char *text,
                        coinline_error_t *err)
{
    cli_rows_game_t G;
    memset(R, 0, sizeof *R);
    R->coins = coins;
    R->lens = lens;
    R->k = k;
    R->moves = text;
    int rc = cli_rows_game_new(&G, coins, lens, k);
    if (rc != COINLINE_OK)
        return rc;
    rc = check_moves(&G, text, &R->nmoves, err);
    for (size_t r = 0, i = 0; r < k; r++)
        for (uint64_t j = 0; j < lens[r]; j++)
            R->sum += coins[i++];
    if (rc == COINLINE_OK &&
        (R->r = malloc((R->nmoves + 1) * sizeof *R->r)) == NULL)
        rc = COINLINE_ENOMEM;
    if (rc == COINLINE_OK)
        rc = review_all(R, &G, err);
    cli_rows_game_free(&G);
    if (rc != COINLINE_OK)
        cli_rows_review_free(R);
    return rc;
}

/* ------------------------------------------------------------------------
 * As text
 * ---------------------------------------------------------------------- */

/* "9 (2R)" into buf (64 bytes). */
static const char *move_words(char *buf, int64_t coin, size_t row,
                              coinline_side_t side)
{
    char note[24];
    cli_rows_notation(note, row, side);
    snprintf(buf, 64, "%lld (%s)", (long long)coin, note);
    return buf;
}

static void put_moves(const cli_rows_review_t *R, int w, FILE *fp)
{
    char b[3][COINLINE_I128_STRLEN], took[64], best[64];
    fprintf(fp, "%6s %6s  %-*s %-*s %6s %8s %8s\n", "move", "player", w, "took",
            w, "best", "lost", "p1", "p2");
    for (size_t k = 0; k < R->nmoves; k++) {
        const cli_rows_move_t *m = &R->r[k];
        move_words(took, m->coin, m->row, m->side);
        move_words(best, m->best_coin, m->best_row, m->best_side);
        fprintf(fp, "%6zu %6d  %-*s %-*s %6s %8s %8s%s\n", k + 1, m->player, w,
                took, w, m->optimal ? "=" : best, cli_wide_str(m->loss, b[0]),
                cli_wide_str(m->p1, b[1]), cli_wide_str(m->p2, b[2]),
                m->optimal ? "" : "  ?");
    }
}

/* Up to 8 moves of best play after move k. */
static int put_punishment(const cli_rows_review_t *R, size_t k, FILE *fp)
{
    char words[64];
    cli_rows_game_t G;
    coinline_multirow_state_t st;
    int rc = cli_rows_game_new(&G, R->coins, R->lens, R->k);
    for (size_t i = 0; rc == COINLINE_OK && i <= k; i++)
        rc = coinline_multirow_game_play(G.g, R->r[i].row, R->r[i].side);
    if (rc == COINLINE_OK)
        fputs("    then best play:", fp);
    for (size_t i = 0; rc == COINLINE_OK && i < 8; i++) {
        if ((rc = coinline_multirow_game_state(G.g, &st)) != COINLINE_OK ||
            st.left == 0)
            break;
        const size_t row = (size_t)st.best_row;
        fprintf(fp, "%s player %d takes %s", i > 0 ? "," : "", st.to_move,
                move_words(words, cli_rows_game_coin(&G, row, st.best_side),
                           row, st.best_side));
        rc = coinline_multirow_game_play(G.g, row, st.best_side);
    }
    if (rc == COINLINE_OK)
        fputs(st.left > 0 ? ", ...\n" : "\n", fp);
    cli_rows_game_free(&G);
    return rc;
}

/* The index of player p's (1 or 2) biggest mistake not yet in taken
 * (earliest first among equals), or SIZE_MAX. */
static size_t nth_mistake(const cli_rows_review_t *R, int p,
                          const size_t *taken, size_t ntaken)
{
    size_t best = SIZE_MAX;
    for (size_t k = (size_t)p - 1; k < R->nmoves; k += 2) {
        int used = R->r[k].optimal;
        for (size_t i = 0; i < ntaken && !used; i++)
            used = taken[i] == k;
        if (!used && (best == SIZE_MAX || R->r[k].loss > R->r[best].loss))
            best = k;
    }
    return best;
}

/* Player p's points lost, and in how many moves. */
static cl_wide points_lost(const cli_rows_review_t *R, int p, size_t *moves)
{
    cl_wide sum = 0;
    *moves = 0;
    for (size_t k = (size_t)p - 1; k < R->nmoves; k += 2) {
        sum += R->r[k].loss;
        *moves += !R->r[k].optimal;
    }
    return sum;
}

static int put_player(const cli_rows_review_t *R, int p, size_t top, FILE *fp)
{
    char b[COINLINE_I128_STRLEN], took[64], best[64];
    size_t count, taken[64], ntaken = 0;
    const cl_wide lost = points_lost(R, p, &count);
    int rc = COINLINE_OK;
    if (count == 0) {
        fprintf(fp, "player %d: no point lost\n", p);
        return rc;
    }
    fprintf(fp, "player %d: %s point%s lost, in %zu move%s\n", p,
            cli_wide_str(lost, b), lost == 1 ? "" : "s", count,
            count == 1 ? "" : "s");
    top = top < 64 ? top : 64;
    while (rc == COINLINE_OK && ntaken < top) {
        const size_t k = nth_mistake(R, p, taken, ntaken);
        if (k == SIZE_MAX)
            break;
        taken[ntaken++] = k;
        const cli_rows_move_t *m = &R->r[k];
        fprintf(fp, "  move %zu: took %s, the best was %s: lost %s point%s\n",
                k + 1, move_words(took, m->coin, m->row, m->side),
                move_words(best, m->best_coin, m->best_row, m->best_side),
                cli_wide_str(m->loss, b), m->loss == 1 ? "" : "s");
        rc = put_punishment(R, k, fp);
    }
    return rc;
}

/* "player 1 14, player 2 6: player 1 wins by 8" (leads, when the game
 * goes on). */
static void put_outcome(cl_wide p1, cl_wide p2, int over, FILE *fp)
{
    char b[3][COINLINE_I128_STRLEN];
    fprintf(fp, "player 1 %s, player 2 %s", cli_wide_str(p1, b[0]),
            cli_wide_str(p2, b[1]));
    if (p1 == p2)
        fputs(over ? ": a draw" : ": level", fp);
    else
        fprintf(fp, ": player %d %s by %s", p1 > p2 ? 1 : 2,
                over ? "wins" : "leads",
                cli_wide_str(p1 > p2 ? p1 - p2 : p2 - p1, b[2]));
}

int cli_rows_review_text(const cli_rows_review_t *R, uint64_t number,
                         size_t top, FILE *fp)
{
    char buf[64];
    const size_t count = R->nmoves;
    const cl_wide p1 = count ? R->r[count - 1].p1 : 0;
    const cl_wide p2 = count ? R->r[count - 1].p2 : 0;
    int w = 4, rc = COINLINE_OK;
    for (size_t k = 0; k < count; k++) {
        const cli_rows_move_t *m = &R->r[k];
        const int a = (int)strlen(move_words(buf, m->coin, m->row, m->side));
        const int b = (int)strlen(
            move_words(buf, m->best_coin, m->best_row, m->best_side));
        w = a > w ? a : w;
        w = b > w ? b : w;
    }
    fprintf(fp, "game %llu: %llu coin%s in %zu rows, %zu move%s played%s\n",
            (unsigned long long)number, (unsigned long long)R->n,
            R->n == 1 ? "" : "s", R->k, count, count == 1 ? "" : "s",
            count < R->n ? " (not finished)" : "");
    if (count > 0)
        put_moves(R, w, fp);
    for (int p = 1; p <= 2 && rc == COINLINE_OK; p++)
        rc = put_player(R, p, top, fp);
    fputs(count < R->n ? "so far: " : "result: ", fp);
    put_outcome(p1, p2, count == R->n, fp);
    if (count < R->n && count > 0) {
        const cl_wide f = R->r[count - 1].final_margin;
        fputs("\nwith best play from here: ", fp);
        put_outcome((R->sum + f) / 2, (R->sum - f) / 2, 1, fp);
    }
    fputs("\nwith best play from the start: ", fp);
    put_outcome((R->sum + R->best_final) / 2, (R->sum - R->best_final) / 2, 1,
                fp);
    fputc('\n', fp);
    return rc;
}

/* ------------------------------------------------------------------------
 * As JSON
 * ---------------------------------------------------------------------- */

static void put_int(FILE *fp, const char *key, cl_wide v)
{
    fprintf(fp, ",\"%s\":", key);
    cli_put_json_int(fp, cl_from_wide(v), 0);
}

static void json_move(const cli_rows_move_t *m, size_t k, FILE *fp)
{
    fprintf(fp, "%s{\"move\":%zu,\"player\":%d,\"row\":%zu,\"side\":\"%s\"",
            k > 0 ? "," : "", k + 1, m->player, m->row + 1,
            coinline_side_name(m->side));
    fprintf(fp, ",\"coin\":%lld,\"best\":", (long long)m->coin);
    cli_rows_put_move_json(fp, m->best_row, m->best_side, m->best_coin);
    fprintf(fp, ",\"best_coin\":%lld,\"optimal\":%s", (long long)m->best_coin,
            m->optimal ? "true" : "false");
    put_int(fp, "loss", m->loss);
    put_int(fp, "secured", m->secured);
    put_int(fp, "p1", m->p1);
    put_int(fp, "p2", m->p2);
    put_int(fp, "final_margin", m->final_margin);
    fputc('}', fp);
}

void cli_rows_review_json(const cli_rows_review_t *R, uint64_t number, FILE *fp)
{
    size_t m[2];
    const size_t count = R->nmoves;
    const cl_wide p1 = count ? R->r[count - 1].p1 : 0;
    const cl_wide p2 = count ? R->r[count - 1].p2 : 0;
    const int done = count == R->n;
    fprintf(fp,
            "{\"game\":%llu,\"n\":%llu,\"rows\":%zu,\"players\":[\"player "
            "1\",\"player 2\"],\"moves\":[",
            (unsigned long long)number, (unsigned long long)R->n, R->k);
    for (size_t k = 0; k < count; k++)
        json_move(&R->r[k], k, fp);
    fprintf(fp, "],\"summary\":{\"finished\":%s", done ? "true" : "false");
    put_int(fp, "p1", p1);
    put_int(fp, "p2", p2);
    put_int(fp, "margin", p1 - p2);
    fprintf(fp, ",\"winner\":%s",
            !done     ? "null"
            : p1 > p2 ? "\"first\""
            : p1 < p2 ? "\"second\""
                      : "\"draw\"");
    put_int(fp, "best_p1", (R->sum + R->best_final) / 2);
    put_int(fp, "best_p2", (R->sum - R->best_final) / 2);
    fputs(",\"lost\":[", fp);
    cli_put_json_int(fp, cl_from_wide(points_lost(R, 1, &m[0])), 0);
    fputc(',', fp);
    cli_put_json_int(fp, cl_from_wide(points_lost(R, 2, &m[1])), 0);
    fprintf(fp, "],\"mistakes\":[%zu,%zu],\"forfeit\":null}}\n", m[0], m[1]);
}
