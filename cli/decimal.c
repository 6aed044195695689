/* decimal.c - 128-bit integers in decimal. */
#include "decimal.h"
#include "wide.h"

void cli_put_i128(FILE *fp, coinline_i128_t v)
{
    char buf[COINLINE_I128_STRLEN];
    coinline_i128_to_string(v, buf, sizeof buf);
    fputs(buf, fp);
}

const char *cli_wide_str(cl_wide v, char *buf)
{
    coinline_i128_to_string(cl_from_wide(v), buf, COINLINE_I128_STRLEN);
    return buf;
}
