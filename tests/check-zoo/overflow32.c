/* SPDX-License-Identifier: MIT */
/* overflow32.c: the margin table of the seeds' blog post, in 32-bit
 * integers as contest code keeps them ("int total"), rolling one row:
 *   m(i, j) = max(a[i] - m(i+1, j), a[j] - m(i, j-1)),
 * player 1's total (sum + m(0, n-1)) / 2.
 * Bug: the sum and the margins are int32: right while every total stays
 * below 2^31 (1..100 coins of 1..100), wrong when they pass it (two coins
 * of 2e9: the sum wraps). The wrap is written out through uint32_t, so it
 * is defined: a logic bug, not undefined behaviour the compiler may remove.
 * Answer: --answer first (player 1's total). Build: cc overflow32.c */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/* What a 32-bit int holds after x: x modulo 2^32, as a two's complement. */
static int32_t wrap(uint32_t x)
{
    if (x <= (uint32_t)INT32_MAX)
        return (int32_t)x;
    return (int32_t)(x - (uint32_t)INT32_MAX - 1u) - INT32_MAX - 1;
}

static int32_t add32(int32_t x, int32_t y)
{
    return wrap((uint32_t)x + (uint32_t)y);
}

static int32_t sub32(int32_t x, int32_t y)
{
    return wrap((uint32_t)x - (uint32_t)y);
}

int main(void)
{
    int n;
    if (scanf("%d", &n) != 1 || n < 0)
        return 2;
    int32_t *a = malloc(((size_t)n + 1) * sizeof *a);
    int32_t *m = malloc(((size_t)n + 1) * sizeof *m);
    if (a == NULL || m == NULL)
        return 2;
    int32_t total = 0;
    for (int i = 0; i < n; i++) {
        long long v;
        if (scanf("%lld", &v) != 1)
            return 2;
        a[i] = wrap((uint32_t)v); /* the int the contest code reads */
        total = add32(total, a[i]);
    }
    for (int i = n - 1; i >= 0; i--) {
        m[i] = a[i];
        for (int j = i + 1; j < n; j++) {
            const int32_t left = sub32(a[i], m[j]);
            const int32_t right = sub32(a[j], m[j - 1]);
            m[j] = left > right ? left : right;
        }
    }
    const int32_t margin = n > 0 ? m[n - 1] : 0;
    printf("%ld\n", (long)(add32(total, margin) / 2));
    free(a);
    free(m);
    return 0;
}
