/* decimal.h - 128-bit integers in decimal. */
#ifndef COINLINE_CLI_DECIMAL_H
#define COINLINE_CLI_DECIMAL_H

#include <stdio.h>

#include "coinline.h"
#include "wide.h"

/* Writes a 128-bit integer to fp in decimal. */
void cli_put_i128(FILE *fp, coinline_i128_t v);

/* v in decimal into buf, which holds COINLINE_I128_STRLEN bytes;
 * returns buf. */
const char *cli_wide_str(cl_wide v, char *buf);

#endif
