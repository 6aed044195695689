/* SPDX-License-Identifier: MIT */
/*
 * big.c - fixed-width two's complement integers (big.h): add, subtract,
 * multiply by a word, compare, and the text of a reduced fraction. Two's
 * complement makes addition, subtraction and multiplication the unsigned
 * operations mod 2^(64k), exact whenever the true result fits; the sign is
 * the top bit. Division is only by a number below 2^32, on magnitudes, for
 * the fraction's text: schoolbook, half a word at a time.
 */
#include <stdlib.h>
#include <string.h>

#include "big.h"
#include "wide.h"

void cl_big_set(uint64_t *d, size_t k, int64_t v)
{
    d[0] = (uint64_t)v;
    for (size_t i = 1; i < k; i++)
        d[i] = v < 0 ? UINT64_MAX : 0;
}

void cl_big_add(uint64_t *d, const uint64_t *a, const uint64_t *b, size_t k)
{
    uint64_t carry = 0;
    for (size_t i = 0; i < k; i++) {
        const cl_uwide s = (cl_uwide)a[i] + b[i] + carry;
        d[i] = (uint64_t)s;
        carry = (uint64_t)(s >> 64);
    }
}

void cl_big_sub(uint64_t *d, const uint64_t *a, const uint64_t *b, size_t k)
{
    uint64_t borrow = 0;
    for (size_t i = 0; i < k; i++) {
        const uint64_t x = a[i], y = b[i];
        d[i] = x - y - borrow;
        borrow = (x < y) || (x == y && borrow);
    }
}

static void negate(uint64_t *d, size_t k)
{
    uint64_t carry = 1;
    for (size_t i = 0; i < k; i++) {
        d[i] = ~d[i] + carry;
        carry = carry && d[i] == 0;
    }
}

void cl_big_mul(uint64_t *d, const uint64_t *a, size_t k, int64_t m)
{
    const uint64_t mag = m < 0 ? 0 - (uint64_t)m : (uint64_t)m;
    uint64_t carry = 0;
    for (size_t i = 0; i < k; i++) {
        const cl_uwide p = (cl_uwide)a[i] * mag + carry;
        d[i] = (uint64_t)p;
        carry = (uint64_t)(p >> 64);
    }
    if (m < 0)
        negate(d, k);
}

int cl_big_negative(const uint64_t *a, size_t k)
{
    return (a[k - 1] >> 63) != 0;
}

int cl_big_cmp(const uint64_t *a, const uint64_t *b, size_t k)
{
    const int na = cl_big_negative(a, k), nb = cl_big_negative(b, k);
    if (na != nb)
        return na ? -1 : 1;
    for (size_t i = k; i-- > 0;)
        if (a[i] != b[i])
            return a[i] < b[i] ? -1 : 1;
    return 0;
}

/* Divides the magnitude a by m < 2^32 in place; returns the remainder.
 * Half a word at a time, so that every division is of 64 bits by 32
 * (the remainder stays below m): no 128-bit division, whose runtime
 * routine some targets (wasm32) lack. */
static uint64_t divide(uint64_t *a, size_t k, uint64_t m)
{
    uint64_t r = 0;
    for (size_t i = k; i-- > 0;) {
        const uint64_t hi = r << 32 | a[i] >> 32;
        const uint64_t lo = (hi % m) << 32 | (a[i] & 0xFFFFFFFFu);
        a[i] = (hi / m) << 32 | lo / m;
        r = lo % m;
    }
    return r;
}

static int zero(const uint64_t *a, size_t k)
{
    for (size_t i = 0; i < k; i++)
        if (a[i] != 0)
            return 0;
    return 1;
}

/* The remainder of the magnitude a by m < 2^32, a unchanged. */
static uint64_t remainder_of(const uint64_t *a, size_t k, uint64_t m)
{
    uint64_t r = 0;
    for (size_t i = k; i-- > 0;) {
        r = (r << 32 | a[i] >> 32) % m;
        r = (r << 32 | (a[i] & 0xFFFFFFFFu)) % m;
    }
    return r;
}

/* The decimal digits of the magnitude a (spoiled) at the end of buf
 * (which ends at end); returns where they start. */
static char *digits(uint64_t *a, size_t k, char *end)
{
    char *p = end;
    do {
        uint64_t chunk = divide(a, k, 1000000000);
        for (int i = 0; i < 9 && (chunk != 0 || !zero(a, k) || i == 0); i++) {
            *--p = (char)('0' + chunk % 10);
            chunk /= 10;
        }
    } while (!zero(a, k));
    return p;
}

char *cl_big_fraction(uint64_t *num, uint64_t *den, size_t k)
{
    static const uint64_t primes[] = {2, 3, 5};
    const int neg = cl_big_negative(num, k);
    if (neg)
        negate(num, k);
    for (size_t p = 0; p < 3; p++)
        while (!zero(num, k) && remainder_of(num, k, primes[p]) == 0 &&
               remainder_of(den, k, primes[p]) == 0) {
            divide(num, k, primes[p]);
            divide(den, k, primes[p]);
        }
    if (zero(num, k))
        cl_big_set(den, k, 1);
    const size_t room = 2 * (20 * k + 2) + 4;
    char *buf = malloc(room), *out = malloc(room);
    if (buf == NULL || out == NULL) {
        free(buf);
        free(out);
        return NULL;
    }
    char *end = buf + room;
    *--end = '\0';
    const int whole = den[0] == 1 && zero(den + 1, k - 1);
    char *p = whole ? end : digits(den, k, end);
    if (!whole)
        *--p = '/';
    p = digits(num, k, p);
    if (neg)
        *--p = '-';
    memcpy(out, p, (size_t)(buf + room - p));
    free(buf);
    return out;
}

/* The magnitude of a as m 2^e, m a double in [2^63, 2^64) or 0. */
static double scaled(const uint64_t *a, size_t k, long *e)
{
    size_t t = k;
    while (t > 0 && a[t - 1] == 0)
        t--;
    *e = 0;
    if (t == 0)
        return 0;
    const double lo = t >= 2 ? (double)a[t - 2] : 0;
    *e = 64 * (long)(t - 1);
    return (double)a[t - 1] + lo / 18446744073709551616.0;
}

double cl_big_ratio(const uint64_t *num, const uint64_t *den, size_t k)
{
    uint64_t *m = malloc(k * sizeof *m);
    if (m == NULL)
        return 0;
    memcpy(m, num, k * sizeof *m);
    const int neg = cl_big_negative(m, k);
    if (neg)
        negate(m, k);
    long en, ed;
    double r = scaled(m, k, &en);
    const double d = scaled(den, k, &ed);
    free(m);
    if (r == 0 || d == 0)
        return 0;
    r /= d;
    for (long e = en - ed; e > 0; e -= 64)
        r *= 18446744073709551616.0;
    for (long e = en - ed; e < 0; e += 64)
        r /= 18446744073709551616.0;
    return neg ? -r : r;
}
