/* SPDX-License-Identifier: MIT */
/* vtable.c - the table of the interval programme written as JSON, one
 * shape for coinline table --json and POST /api/table (docs/api.md); and
 * a circle's arcs, read from the table of the circle written twice, with
 * their JSON shape (table --circle --json). */
#include "vtable.h"

#include "jsonw.h"

void vtable_put_json(const coinline_table_t *T, FILE *fp, int safe)
{
    const size_t n = coinline_table_size(T);
    fprintf(fp, "{\"n\":%zu,\"v\":[", n);
    for (size_t i = 0; i < n; i++) {
        fputs(i > 0 ? ",[" : "[", fp);
        for (size_t j = 0; j < n; j++) {
            fputs(j > 0 ? "," : "", fp);
            coinline_i128_t v;
            if (coinline_table_value(T, i, j + 1, &v) != COINLINE_OK || j < i)
                fputs("null", fp);
            else
                cli_put_json_int(fp, v, safe);
        }
        fputc(']', fp);
    }
    fputs("],\"move\":[", fp);
    for (size_t i = 0; i < n; i++) {
        fputs(i > 0 ? ",\"" : "\"", fp);
        for (size_t j = 0; j < n; j++)
            fputc(j < i ? '-' : vtable_move(T, i, j), fp);
        fputc('"', fp);
    }
    fputs("],\"line\":\"", fp);
    for (size_t i = 0, j = n; j > i;) {
        const char m = vtable_move(T, i, j - 1);
        fputc(m, fp);
        m == 'L' ? i++ : j--;
    }
    fputs("\"}\n", fp);
}

int vtable_circle_new(const int64_t *coins, size_t n, coinline_table_t **out)
{
    int64_t twice[2 * TABLE_MAX];
    if (n > TABLE_MAX || (coins == NULL && n > 0))
        return n > TABLE_MAX ? COINLINE_ETOOBIG : COINLINE_EINVAL;
    for (size_t k = 0; k + 1 < 2 * n; k++)
        twice[k] = coins[k % n];
    return coinline_table_new(twice, n > 0 ? 2 * n - 1 : 0, out);
}

cl_wide vtable_circle_margin(const coinline_table_t *T, size_t p)
{
    const size_t n = vtable_circle_size(T);
    const cl_wide coin = coinline_table_row(T)[p];
    return n > 1 ? coin - vtable_arc_value(T, (p + 1) % n, n - 1) : coin;
}

size_t vtable_circle_first(const coinline_table_t *T)
{
    const size_t n = vtable_circle_size(T);
    size_t best = 0;
    for (size_t p = 1; p < n; p++)
        if (vtable_circle_margin(T, p) > vtable_circle_margin(T, best))
            best = p;
    return n > 0 ? best : n;
}

void vtable_circle_path(const coinline_table_t *T, size_t *start)
{
    const size_t n = vtable_circle_size(T);
    if (n < 2)
        return;
    size_t i = (vtable_circle_first(T) + 1) % n;
    for (size_t len = n - 1; len > 0; len--) {
        start[len] = i;
        if (vtable_arc_move(T, i, len) == 'L')
            i = (i + 1) % n;
    }
}

void vtable_circle_put_json(const coinline_table_t *T, FILE *fp, int safe)
{
    const size_t n = vtable_circle_size(T);
    size_t start[TABLE_MAX];
    fprintf(fp, "{\"n\":%zu,\"circle\":true,\"v\":[", n);
    for (size_t i = 0; i < n; i++) {
        fputs(i > 0 ? ",[" : "[", fp);
        for (size_t len = 1; len < n; len++) {
            fputs(len > 1 ? "," : "", fp);
            cli_put_json_int(fp, cl_from_wide(vtable_arc_value(T, i, len)),
                             safe);
        }
        fputc(']', fp);
    }
    fputs("],\"move\":[", fp);
    for (size_t i = 0; i < n; i++) {
        fputs(i > 0 ? ",\"" : "\"", fp);
        for (size_t len = 1; len < n; len++)
            fputc(vtable_arc_move(T, i, len), fp);
        fputc('"', fp);
    }
    fputs("],\"margins\":[", fp);
    for (size_t p = 0; p < n; p++) {
        fputs(p > 0 ? "," : "", fp);
        cli_put_json_int(fp, cl_from_wide(vtable_circle_margin(T, p)), safe);
    }
    fputs(n > 0 ? "],\"first\":" : "],\"first\":null", fp);
    if (n > 0)
        fprintf(fp, "%zu", vtable_circle_first(T) + 1);
    fputs(",\"line\":\"", fp);
    vtable_circle_path(T, start);
    for (size_t len = n > 0 ? n - 1 : 0; len > 0; len--)
        fputc(vtable_arc_move(T, start[len], len), fp);
    fputs("\"}\n", fp);
}
