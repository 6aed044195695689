/* row.c - a row given as text on a command line: "1 3 5 2 9", "1,3,5". */
#include <stdlib.h>

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

int coinline_row_parse(const char *text, int64_t **coins, size_t *n,
                       size_t *err_offset)
{
    int64_t *a = NULL;
    size_t len = 0, cap = 0;
    const char *p = text;
    int rc = COINLINE_OK, need_value = 0;

    if (text == NULL || coins == NULL || n == NULL)
        return COINLINE_EINVAL;
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
        if (err_offset != NULL)
            *err_offset = (size_t)(p - text);
        return rc;
    }
    *coins = a;
    *n = len;
    return COINLINE_OK;
}
