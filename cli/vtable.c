/* SPDX-License-Identifier: MIT */
/* vtable.c - the table of the programme under any rules as a grid of
 * cells, its optimal line, and its one JSON shape, for coinline table
 * --json and POST /api/table (docs/api.md). */
#include <string.h>

#include "jsonw.h"
#include "vtable.h"

const cli_shape_words_t *vtable_shape(const coinline_table_t *T)
{
    return cli_shape_words(coinline_table_rules(T));
}

const cli_score_words_t *vtable_score(const coinline_table_t *T)
{
    return cli_score_words(coinline_table_rules(T));
}

size_t vtable_cols(const coinline_table_t *T)
{
    return vtable_shape(T)->table->cols(coinline_table_size(T));
}

int vtable_cell(const coinline_table_t *T, size_t row, size_t col,
                coinline_table_cell_t *cell)
{
    const size_t n = coinline_table_size(T);
    const uint64_t len = vtable_shape(T)->table->length(n, row, col);
    memset(cell, 0, sizeof *cell);
    return len > 0 && coinline_table_cell(T, row + 1, len, cell) == COINLINE_OK;
}

coinline_i128_t vtable_outcome(const coinline_table_t *T, uint64_t p)
{
    coinline_i128_t m = {0, 0};
    coinline_table_outcome(T, p, &m);
    return m;
}

/* The row of the run of length coins on the optimal line, or SIZE_MAX
 * when the line leaves none so long (a circle's whole). */
static size_t line_row(const coinline_table_t *T, uint64_t length)
{
    const size_t n = coinline_table_size(T);
    coinline_table_cell_t c;
    for (size_t row = 0; row < n; row++)
        if (coinline_table_cell(T, row + 1, length, &c) == COINLINE_OK &&
            c.on_line)
            return row;
    return SIZE_MAX;
}

size_t vtable_line(const coinline_table_t *T, vtable_move_t *moves)
{
    const size_t n = coinline_table_size(T);
    const int64_t *a = coinline_table_row(T);
    const cli_table_words_t *W = vtable_shape(T)->table;
    size_t k = 0;
    for (uint64_t len = n; len > 0; len--) {
        const size_t row = line_row(T, len);
        coinline_table_cell_t c;
        vtable_move_t *m = &moves[k++];
        memset(m, 0, sizeof *m);
        if (row == SIZE_MAX) { /* move 1 where any coin may be taken */
            m->position = coinline_table_first(T);
            m->side = COINLINE_SIDE_NONE;
        } else {
            coinline_table_cell(T, row + 1, len, &c);
            m->position = c.best;
            m->side = c.best_side;
            m->row = row;
            m->col = W->col(row, len);
        }
        m->coin = m->position > 0 ? a[m->position - 1] : 0;
    }
    return k;
}

/* v and move: the grid's cells, row by row. */
static void put_cells(const coinline_table_t *T, FILE *fp, int safe)
{
    const size_t n = coinline_table_size(T), cols = vtable_cols(T);
    coinline_table_cell_t c;
    fputs(",\"v\":[", fp);
    for (size_t i = 0; i < n; i++) {
        fputs(i > 0 ? ",[" : "[", fp);
        for (size_t j = 0; j < cols; j++) {
            fputs(j > 0 ? "," : "", fp);
            if (vtable_cell(T, i, j, &c))
                cli_put_json_int(fp, c.value, safe);
            else
                fputs("null", fp);
        }
        fputc(']', fp);
    }
    fputs("],\"move\":[", fp);
    for (size_t i = 0; i < n; i++) {
        fputs(i > 0 ? ",\"" : "\"", fp);
        for (size_t j = 0; j < cols; j++)
            fputc(!vtable_cell(T, i, j, &c)            ? '-'
                  : c.best_side == COINLINE_SIDE_RIGHT ? 'R'
                                                       : 'L',
                  fp);
        fputc('"', fp);
    }
    fputc(']', fp);
}

/* margins and first: the outcome of each first position. */
static void put_first_moves(const coinline_table_t *T, FILE *fp, int safe)
{
    const size_t n = coinline_table_size(T);
    fputs(",\"margins\":[", fp);
    for (size_t p = 1; p <= n; p++) {
        fputs(p > 1 ? "," : "", fp);
        cli_put_json_int(fp, vtable_outcome(T, p), safe);
    }
    fputs("],\"first\":", fp);
    if (n > 0)
        fprintf(fp, "%llu", (unsigned long long)coinline_table_first(T));
    else
        fputs("null", fp);
}

void vtable_put_json(const coinline_table_t *T, FILE *fp, int safe)
{
    const size_t n = coinline_table_size(T);
    vtable_move_t moves[TABLE_MAX];
    fprintf(fp, "{\"n\":%zu", n);
    cli_rules_put_json(fp, coinline_table_rules(T));
    put_cells(T, fp, safe);
    if (vtable_shape(T)->first_any)
        put_first_moves(T, fp, safe);
    fputs(",\"line\":\"", fp);
    const size_t count = n <= TABLE_MAX ? vtable_line(T, moves) : 0;
    for (size_t k = 0; k < count; k++)
        if (moves[k].side != COINLINE_SIDE_NONE)
            fputc(moves[k].side == COINLINE_SIDE_RIGHT ? 'R' : 'L', fp);
    fputs("\"}\n", fp);
}
