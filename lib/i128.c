/* SPDX-License-Identifier: MIT */
/* i128.c - the public 128-bit helpers for totals and margins. */
#include <string.h>

#include "wide.h"

coinline_i128_t coinline_i128_from_int64(int64_t v)
{
    return cl_from_wide((cl_wide)v);
}

int coinline_i128_to_int64(coinline_i128_t v, int64_t *out)
{
    if (out == NULL)
        return COINLINE_EINVAL;
    const cl_wide w = cl_to_wide(v);
    if (w < INT64_MIN || w > INT64_MAX)
        return COINLINE_ERANGE;
    *out = (int64_t)w;
    return COINLINE_OK;
}

int coinline_i128_cmp(coinline_i128_t a, coinline_i128_t b)
{
    const cl_wide x = cl_to_wide(a), y = cl_to_wide(b);
    return (x > y) - (x < y);
}

coinline_i128_t coinline_i128_add(coinline_i128_t a, coinline_i128_t b)
{
    return cl_from_wide(
        (cl_wide)((cl_uwide)cl_to_wide(a) + (cl_uwide)cl_to_wide(b)));
}

coinline_i128_t coinline_i128_sub(coinline_i128_t a, coinline_i128_t b)
{
    return cl_from_wide(
        (cl_wide)((cl_uwide)cl_to_wide(a) - (cl_uwide)cl_to_wide(b)));
}

coinline_i128_t coinline_i128_neg(coinline_i128_t a)
{
    return cl_from_wide((cl_wide)((cl_uwide)0 - (cl_uwide)cl_to_wide(a)));
}

int coinline_i128_to_string(coinline_i128_t v, char *buf, size_t size)
{
    char tmp[COINLINE_I128_STRLEN];
    size_t k = 0;
    const cl_wide w = cl_to_wide(v);
    /* Work on the magnitude as unsigned: exact for the most negative value. */
    cl_uwide u = w < 0 ? (cl_uwide)0 - (cl_uwide)w : (cl_uwide)w;

    /* 128-bit division is a library call: peel 19 digits at a time while
     * the magnitude passes 64 bits, and write each part, and the rest, in
     * 64-bit arithmetic (most totals never pass 64 bits). */
    const uint64_t p19 = UINT64_C(10000000000000000000);
    while (u > (cl_uwide)UINT64_MAX) {
        uint64_t part = (uint64_t)(u % p19);
        u /= p19;
        for (int d = 0; d < 19; d++, part /= 10)
            tmp[k++] = (char)('0' + (int)(part % 10));
    }
    uint64_t top = (uint64_t)u;
    do {
        tmp[k++] = (char)('0' + (int)(top % 10));
        top /= 10;
    } while (top != 0);
    if (w < 0)
        tmp[k++] = '-';
    if (buf == NULL || size < k + 1) {
        if (buf != NULL && size > 0)
            buf[0] = '\0';
        return COINLINE_EINVAL;
    }
    for (size_t i = 0; i < k; i++)
        buf[i] = tmp[k - 1 - i];
    buf[k] = '\0';
    return (int)k;
}

int cl_fits64(const int64_t *a, size_t n)
{
    uint64_t total = 0;
    for (size_t i = 0; i < n; i++) {
        const uint64_t m = cl_mag64(a[i]);
        if (m > (uint64_t)INT64_MAX - total)
            return 0;
        total += m;
    }
    return 1;
}
