/* jsonw.c - writing JSON: strings and exact integers. */
#include "jsonw.h"
#include "decimal.h"

size_t cli_json_escape_byte(unsigned char c, char *out)
{
    if (c == '"' || c == '\\') {
        out[0] = '\\';
        out[1] = (char)c;
        return 2;
    }
    if (c < 0x20)
        return (size_t)sprintf(out, "\\u%04x", c);
    out[0] = (char)c;
    return 1;
}

void cli_put_json_string(FILE *fp, const char *text)
{
    char buf[8];
    fputc('"', fp);
    for (const unsigned char *c = (const unsigned char *)text; *c; c++)
        fwrite(buf, 1, cli_json_escape_byte(*c, buf), fp);
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
