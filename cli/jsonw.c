/* SPDX-License-Identifier: MIT */
/* jsonw.c - writing JSON: strings and exact integers. */
#include "jsonw.h"
#include "decimal.h"

#include <string.h>

/* The length of the well-formed UTF-8 sequence at s (RFC 3629: no
 * overlong forms, no surrogates, nothing past U+10FFFF), or 0. s is
 * NUL-terminated, so a cut sequence stops at the NUL. */
static size_t utf8_length(const unsigned char *s)
{
    unsigned lo = 0x80, hi = 0xbf;
    size_t n;
    if (s[0] < 0x80)
        return 1;
    if (s[0] >= 0xc2 && s[0] <= 0xdf)
        n = 2;
    else if (s[0] >= 0xe0 && s[0] <= 0xef)
        n = 3;
    else if (s[0] >= 0xf0 && s[0] <= 0xf4)
        n = 4;
    else
        return 0;
    if (s[0] == 0xe0)
        lo = 0xa0;
    else if (s[0] == 0xed)
        hi = 0x9f;
    else if (s[0] == 0xf0)
        lo = 0x90;
    else if (s[0] == 0xf4)
        hi = 0x8f;
    if (s[1] < lo || s[1] > hi)
        return 0;
    for (size_t i = 2; i < n; i++)
        if (s[i] < 0x80 || s[i] > 0xbf)
            return 0;
    return n;
}

size_t cli_json_escape_char(const char *text, char *out, size_t *used)
{
    const unsigned char *s = (const unsigned char *)text;
    const size_t n = utf8_length(s);
    *used = n > 0 ? n : 1;
    if (n == 0) {
        memcpy(out, "\\ufffd", 6); /* not UTF-8: U+FFFD, the replacement */
        return 6;
    }
    if (n > 1) {
        memcpy(out, s, n);
        return n;
    }
    if (s[0] == '"' || s[0] == '\\') {
        out[0] = '\\';
        out[1] = (char)s[0];
        return 2;
    }
    if (s[0] < 0x20)
        return (size_t)sprintf(out, "\\u%04x", s[0]);
    out[0] = (char)s[0];
    return 1;
}

void cli_put_json_string(FILE *fp, const char *text)
{
    char buf[8];
    size_t used;
    fputc('"', fp);
    for (const char *c = text; *c; c += used)
        fwrite(buf, 1, cli_json_escape_char(c, buf, &used), fp);
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
