/* SPDX-License-Identifier: MIT */
/*
 * fraction.c - an exact fraction moved by a whole number (fraction.h).
 * The library's texts of expected totals have as many digits as the
 * opponent has random moves; the tool only ever adds a total already
 * taken to one of them: p/q + c = (p + c q) / q, still in lowest terms.
 * The magnitudes are little-endian limbs of nine decimal digits.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fraction.h"

#define BASE 1000000000u

typedef struct {
    uint32_t *d; /* limbs, least significant first */
    size_t len;  /* no leading zero limbs (0: the value 0) */
} nat_t;

static void trim(nat_t *x)
{
    while (x->len > 0 && x->d[x->len - 1] == 0)
        x->len--;
}

/* The digits s[0..len-1] (len > 0, all digits) as limbs. */
static int nat_read(const char *s, size_t len, nat_t *x)
{
    x->len = (len + 8) / 9;
    x->d = calloc(x->len + 1, sizeof *x->d);
    if (x->d == NULL)
        return -1;
    for (size_t k = 0; k < x->len; k++) {
        const size_t end = len - 9 * k, start = end > 9 ? end - 9 : 0;
        uint32_t v = 0;
        for (size_t i = start; i < end; i++)
            v = v * 10 + (uint32_t)(s[i] - '0');
        x->d[k] = v;
    }
    trim(x);
    return 0;
}

/* x * c into r (allocated). */
static int nat_mul(const nat_t *x, cl_uwide c, nat_t *r)
{
    uint32_t cd[5];
    size_t cn = 0;
    for (; c > 0; c /= BASE)
        cd[cn++] = (uint32_t)(c % BASE);
    r->len = x->len + cn;
    r->d = calloc(r->len + 1, sizeof *r->d);
    if (r->d == NULL)
        return -1;
    for (size_t i = 0; i < x->len; i++) {
        uint64_t carry = 0;
        for (size_t j = 0; j < cn || carry > 0; j++) {
            const uint64_t t =
                r->d[i + j] + carry + (j < cn ? (uint64_t)x->d[i] * cd[j] : 0);
            r->d[i + j] = (uint32_t)(t % BASE);
            carry = t / BASE;
        }
    }
    trim(r);
    return 0;
}

static int nat_cmp(const nat_t *x, const nat_t *y)
{
    if (x->len != y->len)
        return x->len < y->len ? -1 : 1;
    for (size_t k = x->len; k-- > 0;)
        if (x->d[k] != y->d[k])
            return x->d[k] < y->d[k] ? -1 : 1;
    return 0;
}

/* x += y (x has room for one limb more than the longer), or with sub
 * x -= y (x >= y). */
static void nat_addsub(nat_t *x, const nat_t *y, int sub)
{
    const size_t len = x->len > y->len ? x->len : y->len;
    int64_t carry = 0;
    for (size_t k = 0; k < len || carry != 0; k++) {
        const int64_t yk = k < y->len ? y->d[k] : 0;
        int64_t t =
            (int64_t)(k < x->len ? x->d[k] : 0) + carry + (sub ? -yk : yk);
        carry = t < 0 ? -1 : t >= (int64_t)BASE;
        t -= carry * (int64_t)BASE;
        x->d[k] = (uint32_t)t;
        if (k >= x->len)
            x->len = k + 1;
    }
    trim(x);
}

/* sign * x + cs * y into x, by magnitudes; returns the sign of the sum. */
static int signed_add(nat_t *x, int sign, nat_t *y, int cs)
{
    if (sign == cs || y->len == 0) {
        nat_addsub(x, y, 0);
        return x->len == 0 ? 1 : sign;
    }
    if (nat_cmp(x, y) >= 0) {
        nat_addsub(x, y, 1);
        return x->len == 0 ? 1 : sign;
    }
    nat_t t = *x;
    *x = *y;
    *y = t;
    nat_addsub(x, y, 1);
    return cs;
}

static size_t put_nat(char *p, const nat_t *x)
{
    if (x->len == 0) {
        *p = '0';
        return 1;
    }
    size_t k = x->len - 1, w = (size_t)sprintf(p, "%u", (unsigned)x->d[k]);
    while (k-- > 0)
        w += (size_t)sprintf(p + w, "%09u", (unsigned)x->d[k]);
    return w;
}

/* The parts of text: its sign, numerator and denominator digits. */
static int split(const char *text, int *sign, const char **num, size_t *nl,
                 const char **den, size_t *dl)
{
    *sign = text[0] == '-' ? -1 : 1;
    *num = text + (text[0] == '-');
    *nl = strspn(*num, "0123456789");
    *den = (*num)[*nl] == '/' ? *num + *nl + 1 : "1";
    *dl = strspn(*den, "0123456789");
    return *nl > 0 && *dl > 0 && (*den)[*dl] == '\0' &&
                   ((*num)[*nl] == '\0' || (*num)[*nl] == '/')
               ? 0
               : -1;
}

char *cli_fraction_plus(const char *text, cl_wide c)
{
    int sign;
    const char *num, *den;
    size_t nl, dl;
    nat_t x = {NULL, 0}, q = {NULL, 0}, cq = {NULL, 0};
    char *out = NULL;
    if (split(text, &sign, &num, &nl, &den, &dl) != 0)
        return NULL;
    const cl_uwide mag = c < 0 ? -(cl_uwide)c : (cl_uwide)c;
    if (nat_read(num, nl, &x) == 0 && nat_read(den, dl, &q) == 0 &&
        nat_mul(&q, mag, &cq) == 0) {
        const size_t room = (x.len > cq.len ? x.len : cq.len) + 2;
        uint32_t *d = realloc(x.d, room * sizeof *d);
        if (d != NULL) {
            memset(d + x.len, 0, (room - x.len) * sizeof *d);
            x.d = d;
            d = realloc(cq.d, room * sizeof *d); /* for a swap */
        }
        if (d != NULL)
            cq.d = d;
        out = d != NULL ? malloc(9 * room + dl + 3) : NULL;
        if (out != NULL) {
            memset(cq.d + cq.len, 0, (room - cq.len) * sizeof *cq.d);
            sign = signed_add(&x, sign, &cq, c < 0 ? -1 : 1);
            size_t w = sign < 0 ? (out[0] = '-', 1) : 0;
            w += put_nat(out + w, &x);
            w += (size_t)sprintf(out + w, "%s%.*s",
                                 den == num + nl + 1 ? "/" : "",
                                 den == num + nl + 1 ? (int)dl : 0, den);
        }
    }
    free(x.d);
    free(q.d);
    free(cq.d);
    return out;
}

char *cli_fraction_negate(const char *text)
{
    const size_t len = strlen(text);
    char *out = malloc(len + 2);
    if (out == NULL)
        return NULL;
    if (text[0] == '-')
        memcpy(out, text + 1, len);
    else if (strcmp(text, "0") == 0)
        memcpy(out, text, len + 1);
    else {
        out[0] = '-';
        memcpy(out + 1, text, len + 1);
    }
    return out;
}
