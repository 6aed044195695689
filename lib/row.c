/* SPDX-License-Identifier: MIT */
/* row.c - a row given as text on a command line: "1 3 5 2 9", "1,3,5";
 * and several rows, '/' between them: "1 3 5 / 2 9 / 4", each row read by
 * the one-row parser (a row of blanks is an empty row). */
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

/* Several rows: the coins so far, one row after the other, and each
 * row's count. */
typedef struct {
    int64_t *coins;
    size_t n, cap;
    uint64_t *lens;
    size_t k, kcap;
} text_rows_t;

/* Appends the row a[0..m-1] to R. Returns 0 or COINLINE_ENOMEM. */
static int append_row(text_rows_t *R, const int64_t *a, size_t m)
{
    if (R->k == R->kcap) {
        uint64_t *nl = cl_grow(R->lens, &R->kcap, sizeof *nl);
        if (nl == NULL)
            return COINLINE_ENOMEM;
        R->lens = nl;
    }
    while (R->cap - R->n < m) {
        int64_t *nc = cl_grow(R->coins, &R->cap, sizeof *nc);
        if (nc == NULL)
            return COINLINE_ENOMEM;
        R->coins = nc;
    }
    if (m > 0)
        memcpy(R->coins + R->n, a, m * sizeof *a);
    R->n += m;
    R->lens[R->k++] = m;
    return COINLINE_OK;
}

/* Parses the row text[at..at+len-1] (at bytes of text before it) with
 * coinline_row_parse() and appends it to R; an error's column is placed
 * in text. A blank is put before the row, so a byte-order mark inside
 * the text stays a bad token. Returns 0 or a code. */
static int parse_one(const char *text, size_t at, size_t len, text_rows_t *R,
                     coinline_error_t *err)
{
    char *buf = malloc(len + 2);
    int64_t *a = NULL;
    size_t m = 0;
    coinline_error_t e;
    if (buf == NULL)
        return COINLINE_ENOMEM;
    buf[0] = ' ';
    memcpy(buf + 1, text + at, len);
    buf[len + 1] = '\0';
    int rc = coinline_row_parse(buf, &a, &m, &e);
    free(buf);
    if (rc == COINLINE_OK)
        rc = append_row(R, a, m);
    free(a);
    if (rc != COINLINE_OK && err != NULL) {
        *err = e;
        if (rc == COINLINE_ESYNTAX || rc == COINLINE_ERANGE)
            err->column = at + e.column - 1;
        else
            memset(err, 0, sizeof *err);
    }
    return rc;
}

/* Hands the one row of coinline_row_parse() over as rows (k = 1). */
static int one_row(const char *text, int64_t **coins, size_t *n,
                   uint64_t **lens, size_t *k, coinline_error_t *err)
{
    const int rc = coinline_row_parse(text, coins, n, err);
    if (rc != COINLINE_OK)
        return rc;
    if ((*lens = malloc(sizeof **lens)) == NULL) {
        free(*coins);
        *coins = NULL;
        return COINLINE_ENOMEM;
    }
    (*lens)[0] = *n;
    *k = 1;
    return COINLINE_OK;
}

int coinline_rows_parse(const char *text, int64_t **coins, size_t *n,
                        uint64_t **lens, size_t *k, coinline_error_t *err)
{
    text_rows_t R = {NULL, 0, 0, NULL, 0, 0};
    int rc = COINLINE_OK;

    if (text == NULL || coins == NULL || n == NULL || lens == NULL || k == NULL)
        return COINLINE_EINVAL;
    *coins = NULL;
    *lens = NULL;
    if (strchr(text, '/') == NULL)
        return one_row(text, coins, n, lens, k, err);
    if (strncmp(text, "\xEF\xBB\xBF", 3) == 0)
        text += 3; /* a UTF-8 byte-order mark; columns start after */
    for (size_t at = 0; rc == COINLINE_OK;) {
        const size_t len = strcspn(text + at, "/");
        rc = parse_one(text, at, len, &R, err);
        if (text[at + len] == '\0')
            break;
        at += len + 1;
    }
    if (rc != COINLINE_OK) {
        free(R.coins);
        free(R.lens);
        return rc;
    }
    if (R.n == 0) {
        free(R.coins);
        R.coins = NULL;
    }
    *coins = R.coins;
    *n = R.n;
    *lens = R.lens;
    *k = R.k;
    return COINLINE_OK;
}
