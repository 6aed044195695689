/* jsonw.c - writing JSON: strings and exact integers. */
#include "decimal.h"
#include "jsonw.h"

void cli_put_json_string(FILE *fp, const char *text)
{
    fputc('"', fp);
    for (const unsigned char *c = (const unsigned char *)text; *c; c++) {
        if (*c == '"' || *c == '\\')
            fprintf(fp, "\\%c", *c);
        else if (*c < 0x20)
            fprintf(fp, "\\u%04x", *c);
        else
            fputc(*c, fp);
    }
    fputc('"', fp);
}

void cli_put_json_int(FILE *fp, coinline_i128_t v, int safe)
{
    const cl_wide w = cl_to_wide(v);
    const int big = w > CLI_JSON_SAFE_MAX || w < -CLI_JSON_SAFE_MAX;
    if (safe && big)
        fputc('"', fp);
    cli_put_i128(fp, v);
    if (safe && big)
        fputc('"', fp);
}
