/* SPDX-License-Identifier: MIT */
/* vtable.c - the table of the interval programme written as JSON, one
 * shape for coinline table --json and POST /api/table (docs/api.md). */
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
