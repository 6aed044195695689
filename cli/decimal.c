/* SPDX-License-Identifier: MIT */
/* decimal.c - 128-bit integers in decimal. */
#include "decimal.h"
#include "wide.h"

void cli_put_i128(FILE *fp, coinline_i128_t v)
{
    char buf[COINLINE_I128_STRLEN];
    int64_t small;
    if (coinline_i128_to_int64(v, &small) == COINLINE_OK) {
        /* Most totals: 64-bit digits, no strlen. */
        fwrite(buf, 1, cli_put_i64(buf, small), fp);
        return;
    }
    coinline_i128_to_string(v, buf, sizeof buf);
    fputs(buf, fp);
}

const char *cli_wide_str(cl_wide v, char *buf)
{
    coinline_i128_to_string(cl_from_wide(v), buf, COINLINE_I128_STRLEN);
    return buf;
}

size_t cli_put_i64(char *p, int64_t v)
{
    char tmp[24];
    size_t k = 0, len = 0;
    uint64_t u = cl_mag64(v);
    do
        tmp[k++] = (char)('0' + u % 10);
    while ((u /= 10) != 0);
    if (v < 0)
        p[len++] = '-';
    while (k > 0)
        p[len++] = tmp[--k];
    return len;
}
