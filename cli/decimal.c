/* SPDX-License-Identifier: MIT */
/* decimal.c - 128-bit integers in decimal, and exact means of them. */
#include "decimal.h"
#include "wide.h"

void cli_put_i128(FILE *fp, coinline_i128_t v)
{
    char buf[COINLINE_I128_STRLEN];
    int64_t small;
    if (coinline_i128_to_int64(v, &small) == COINLINE_OK) {
        /* Most totals: 64-bit digits, no strlen. */
        fwrite(buf, 1, cli_put_i64(buf, small), fp);
        return;
    }
    coinline_i128_to_string(v, buf, sizeof buf);
    fputs(buf, fp);
}

const char *cli_wide_str(cl_wide v, char *buf)
{
    coinline_i128_to_string(cl_from_wide(v), buf, COINLINE_I128_STRLEN);
    return buf;
}

size_t cli_put_i64(char *p, int64_t v)
{
    char tmp[24];
    size_t k = 0, len = 0;
    uint64_t u = cl_mag64(v);
    do
        tmp[k++] = (char)('0' + u % 10);
    while ((u /= 10) != 0);
    if (v < 0)
        p[len++] = '-';
    while (k > 0)
        p[len++] = tmp[--k];
    return len;
}

void cli_sum_add(cli_sum_t *s, cl_wide v)
{
    const cl_uwide lo = s->lo + (cl_uwide)v; /* modulo 2^128 */
    /* v sign-extended to 192 bits, plus the carry out of the low part. */
    s->hi += (v < 0 ? UINT64_MAX : 0) + (lo < s->lo ? 1 : 0);
    s->lo = lo;
}

/* |*s| as three 64-bit limbs, most significant first; returns 1 when *s
 * is negative. */
static int sum_magnitude(const cli_sum_t *s, uint64_t limb[3])
{
    const int negative = (s->hi >> 63) != 0;
    cl_uwide lo = s->lo;
    uint64_t hi = s->hi;
    if (negative) { /* two's complement over the 192 bits */
        lo = ~lo + 1;
        hi = ~hi + (lo == 0 ? 1 : 0);
    }
    limb[0] = hi;
    limb[1] = (uint64_t)(lo >> 64);
    limb[2] = (uint64_t)lo;
    return negative;
}

const char *cli_mean_str(const cli_sum_t *s, uint64_t count, char *buf)
{
    uint64_t limb[3];
    const int negative = sum_magnitude(s, limb);
    cl_uwide q = 0;
    uint64_t r = 0, cents = 0;
    if (count > 0) {
        /* Long division by 64-bit limbs: each step divides r * 2^64 +
         * limb (r < count) in 128 bits. The top limb's quotient is 0 when
         * the mean fits in 128 bits, as it does. */
        for (int i = 0; i < 3; i++) {
            const cl_uwide cur = ((cl_uwide)r << 64) | limb[i];
            q = (q << 64) | (uint64_t)(cur / count);
            r = (uint64_t)(cur % count);
        }
        /* r / count in hundredths, the rest rounded half away from zero
         * (on the magnitude: half up). r * 100 < 2^71. */
        const cl_uwide hundred = (cl_uwide)r * 100;
        const uint64_t rest = (uint64_t)(hundred % count);
        cents = (uint64_t)(hundred / count) + (rest >= count - rest ? 1 : 0);
        if (cents == 100) {
            q++;
            cents = 0;
        }
    }
    const int zero = q == 0 && cents == 0; /* no "-0.00" */
    char tmp[CLI_MEAN_STRLEN];
    size_t k = 0, len = 0;
    tmp[k++] = (char)('0' + cents % 10);
    tmp[k++] = (char)('0' + cents / 10);
    tmp[k++] = '.';
    do {
        tmp[k++] = (char)('0' + (int)(q % 10));
        q /= 10;
    } while (q != 0);
    if (negative && !zero)
        buf[len++] = '-';
    while (k > 0)
        buf[len++] = tmp[--k];
    buf[len] = '\0';
    return buf;
}
