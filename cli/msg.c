/* msg.c - errors on stderr, with their place. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "msg.h"

void cli_error(const char *fmt, ...)
{
    va_list ap;
    fflush(stdout); /* answers already computed go out first */
    fputs("coinline: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

int cli_finish_output(int status)
{
    if (fflush(stdout) != 0 || ferror(stdout)) {
        const int e = errno;
        fprintf(stderr, "coinline: cannot write the output: %s\n",
                e != 0 ? strerror(e) : "write error");
        return CLI_FAIL;
    }
    return status;
}

void cli_report_reader_error(const coinline_reader_t *r, int rc)
{
    coinline_where_t w;
    if (coinline_reader_where(r, &w) == COINLINE_OK && w.line == 0)
        cli_error("%s: %s", w.name, w.message);
    else if (coinline_reader_where(r, &w) == COINLINE_OK)
        cli_error("%s:%llu:%llu: %s", w.name, (unsigned long long)w.line,
                  (unsigned long long)w.column, w.message);
    else
        cli_error("%s", coinline_strerror(rc));
}

void cli_report_row_error(const char *where, const char *text, size_t off,
                          int rc)
{
    const char *tok = text + off;
    size_t len = strcspn(tok, " \t\n\r\v\f,");
    char found[4 * 40 + 8], *q = found;
    if (rc != COINLINE_ESYNTAX && rc != COINLINE_ERANGE) {
        cli_error("%s: %s", where, coinline_strerror(rc));
        return;
    }
    if (len == 0 && *tok != '\0')
        len = 1; /* a stray comma */
    for (size_t i = 0; i < len && i < 40; i++) {
        const unsigned char c = (unsigned char)tok[i];
        if (c >= 0x20 && c < 0x7f)
            *q++ = (char)c;
        else
            q += sprintf(q, "\\x%02x", c);
    }
    strcpy(q, len > 40 ? "..." : "");
    if (rc == COINLINE_ERANGE)
        cli_error("%s:1:%zu: value out of the 64-bit range: '%s'", where,
                  off + 1, found);
    else if (*tok == '\0')
        cli_error("%s:1:%zu: expected an integer after ',', found the end of "
                  "the row",
                  where, off + 1);
    else
        cli_error("%s:1:%zu: expected an integer, found '%s' (coins are "
                  "integers separated by spaces or commas)",
                  where, off + 1, found);
}
