/* SPDX-License-Identifier: MIT */
#include "i128.h"

i128 i128_from_ci(coinline_i128_t v)
{
    const i128 base = (i128)1 << 64;
    return (i128)v.hi * base + (i128)v.lo;
}

coinline_i128_t i128_to_ci(i128 x)
{
    coinline_i128_t v;
    /* Floor division by 2^64 keeps hi exact for negative x. */
    const i128 base = (i128)1 << 64;
    i128 hi = x / base;
    if (x % base < 0) {
        hi -= 1;
    }
    v.hi = (int64_t)hi;
    v.lo = (uint64_t)(x - hi * base);
    return v;
}

const char *i128_str(i128 x, char *buf)
{
    char tmp[I128_BUFLEN];
    size_t len = 0;
    size_t pos = 0;
    /* Magnitude as unsigned: well defined even for I128_MIN. */
    u128 mag = x < 0 ? (u128)0 - (u128)x : (u128)x;

    do {
        tmp[len++] = (char)('0' + (int)(mag % 10));
        mag /= 10;
    } while (mag != 0);
    if (x < 0) {
        buf[pos++] = '-';
    }
    while (len > 0) {
        buf[pos++] = tmp[--len];
    }
    buf[pos] = '\0';
    return buf;
}
