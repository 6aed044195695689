/* SPDX-License-Identifier: MIT */
/* row.c - a row given as text on a command line: "1 3 5 2 9", "1,3,5". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "coinline.h"
#include "grow.h"

static int is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' ||
           c == '\f';
}

/* Parses one integer at s (sign, digits) ending at whitespace, a comma or
 * NUL. Stores the value and the end. Returns 0, ESYNTAX or ERANGE. */
static int parse_int(const char *s, int64_t *value, const char **endp)
{
    const int neg = *s == '-';
    uint64_t v = 0;
    int over = 0;
    const char *p = s + (*s == '-' || *s == '+');
    const char *digits = p;

    for (; *p >= '0' && *p <= '9'; p++) {
        const unsigned d = (unsigned)(*p - '0');
        if (v > (UINT64_MAX - d) / 10)
            over = 1;
        else
            v = v * 10 + d;
    }
    *endp = p;
    if (p == digits || (*p != '\0' && *p != ',' && !is_space(*p)))
        return COINLINE_ESYNTAX;
    if (over || v > (neg ? UINT64_C(1) << 63 : (uint64_t)INT64_MAX))
        return COINLINE_ERANGE;
    *value = neg ? (int64_t)((uint64_t)0 - v) : (int64_t)v;
    return COINLINE_OK;
}

/* Appends v to the growing array *a. */
static int append(int64_t **a, size_t *n, size_t *cap, int64_t v)
{
    if (*n == *cap) {
        int64_t *na = cl_grow(*a, cap, sizeof **a);
        if (na == NULL)
            return COINLINE_ENOMEM;
        *a = na;
    }
    (*a)[(*n)++] = v;
    return COINLINE_OK;
}

/* Fills *err for the bad token at off of text (rc ESYNTAX or ERANGE):
 * line 1, its column, and the token quoted (at most 40 bytes, others as
 * \xHH). */
static void row_error(const char *text, size_t off, int rc,
                      coinline_error_t *err)
{
    const char *tok = text + off;
    size_t len = strcspn(tok, " \t\n\r\v\f,");
    char found[4 * 40 + 8], *q = found;
    memset(err, 0, sizeof *err);
    err->line = 1;
    err->column = off + 1;
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
        snprintf(err->message, sizeof err->message,
                 "value out of the 64-bit range: '%s'", found);
    else if (*tok == '\0')
        snprintf(err->message, sizeof err->message,
                 "expected an integer after ',', found the end of the row");
    else
        snprintf(err->message, sizeof err->message,
                 "expected an integer, found '%s' (coins are integers "
                 "separated by spaces or commas)",
                 found);
}

int coinline_row_parse(const char *text, int64_t **coins, size_t *n,
                       coinline_error_t *err)
{
    int64_t *a = NULL;
    size_t len = 0, cap = 0;
    const char *p = text;
    int rc = COINLINE_OK, need_value = 0;

    if (text == NULL || coins == NULL || n == NULL)
        return COINLINE_EINVAL;
    if (strncmp(text, "\xEF\xBB\xBF", 3) == 0)
        text = p = text + 3; /* a UTF-8 byte-order mark; columns start after */
    for (;;) {
        while (is_space(*p))
            p++;
        if (*p == '\0') {
            if (need_value)
                rc = COINLINE_ESYNTAX;
            break;
        }
        int64_t v;
        const char *end;
        if ((rc = parse_int(p, &v, &end)) != COINLINE_OK ||
            (rc = append(&a, &len, &cap, v)) != COINLINE_OK)
            break;
        p = end;
        while (is_space(*p))
            p++;
        need_value = *p == ',';
        p += need_value;
    }
    if (rc != COINLINE_OK) {
        free(a);
        if (err != NULL && (rc == COINLINE_ESYNTAX || rc == COINLINE_ERANGE))
            row_error(text, (size_t)(p - text), rc, err);
        else if (err != NULL)
            memset(err, 0, sizeof *err);
        return rc;
    }
    *coins = a;
    *n = len;
    return COINLINE_OK;
}
