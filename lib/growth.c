/* SPDX-License-Identifier: MIT */
/*
 * growth.c - how a solution's time grows with the number of coins, from
 * times measured on rows of several sizes.
 *
 * A time of c * n^k is a line of slope k in log time over log n; a time
 * of c * 2^(n/d) is a line in log time over n, and over log n a curve
 * whose slope n ln 2 / d keeps rising. So: take the start's cost (base)
 * off each time, keep the sizes whose time stands clear of the noise
 * (above 2 ms and a twentieth of base), take the median of each size,
 * and fit log time over log n by least squares on the longer half of
 * the sizes (small sizes are ruled by reading and start-up, not by the
 * algorithm). A slope of 1.5 or less is about n (n log n has a slope a
 * little above 1 at these sizes), then n^2 to 2.5, n^3 to 3.5. A steeper
 * slope is exponential when the fit over n is the better one or the slope
 * passes 6 (no classroom solution is n^6), and n^k otherwise. Fewer than
 * three sizes clear of the noise tell nothing.
 */
#include <stddef.h>

#include "coinline.h"

#define SIZES_MAX 64 /* the sizes a fit uses, the longest ones */
#define RUNS_MAX  64 /* the runs of a size its median uses */

/* The natural logarithm of x > 0, without libm (so that the library
 * and its amalgamation link with a plain cc): x = m 2^e with m in [1, 2),
 * ln m = 2 atanh(z), z = (m - 1) / (m + 1) <= 1/3, whose series gains a
 * factor 9 a term: 24 terms are past double precision. */
static double ln(double x)
{
    static const double ln2 = 0.69314718055994530942;
    int e = 0;
    for (; x >= 2; x /= 2)
        e++;
    for (; x < 1; x *= 2)
        e--;
    const double z = (x - 1) / (x + 1), z2 = z * z;
    double sum = 0, power = z;
    for (int k = 1; k < 48; k += 2, power *= z2)
        sum += power / k;
    return 2 * sum + e * ln2;
}

/* The median time of the runs of the given size (the upper one of an
 * even number; the first RUNS_MAX runs of a size count). */
static double median_of(const size_t *n, const double *t, size_t count,
                        size_t size)
{
    double v[RUNS_MAX];
    size_t m = 0;
    for (size_t i = 0; i < count && m < RUNS_MAX; i++) {
        if (n[i] != size)
            continue;
        size_t at = m++;
        for (; at > 0 && v[at - 1] > t[i]; at--)
            v[at] = v[at - 1];
        v[at] = t[i];
    }
    return v[m / 2];
}

/* The least-squares slope of y over x, and its squared residuals. */
static double fit(const double *x, const double *y, size_t m, double *rss)
{
    double sx = 0, sy = 0, sxx = 0, sxy = 0;
    for (size_t i = 0; i < m; i++) {
        sx += x[i], sy += y[i], sxx += x[i] * x[i], sxy += x[i] * y[i];
    }
    const double d = m * sxx - sx * sx;
    const double b = d != 0 ? (m * sxy - sx * sy) / d : 0;
    const double a = (sy - b * sx) / m;
    *rss = 0;
    for (size_t i = 0; i < m; i++)
        *rss += (y[i] - a - b * x[i]) * (y[i] - a - b * x[i]);
    return b;
}

/* The distinct sizes clear of the noise, in increasing order, with their
 * median times less base: into sz[] and tm[]; returns their number. */
static size_t points(const size_t *n, const double *t, size_t count,
                     double base, double *sz, double *tm)
{
    const double floor = base / 20 > 0.002 ? base / 20 : 0.002;
    size_t m = 0, last = 0;
    for (;;) {
        size_t next = 0; /* the least size above last */
        for (size_t i = 0; i < count; i++)
            if (n[i] > last && (next == 0 || n[i] < next))
                next = n[i];
        if (next == 0)
            break;
        last = next;
        double d = median_of(n, t, count, next) - base;
        d = d < 1e9 ? d : 0; /* NaN and absurd times do not count */
        if (d > floor && m < SIZES_MAX) {
            sz[m] = (double)next;
            tm[m++] = ln(d);
        } else if (d > floor) {
            for (size_t i = 1; i < m; i++)
                sz[i - 1] = sz[i], tm[i - 1] = tm[i];
            sz[m - 1] = (double)next, tm[m - 1] = ln(d);
        }
    }
    return m;
}

static coinline_growth_t classify(double k, double rss_pow, double rss_exp)
{
    if (k <= 1.5)
        return COINLINE_GROWTH_LINEAR;
    if (k <= 2.5)
        return COINLINE_GROWTH_QUADRATIC;
    if (k <= 3.5)
        return COINLINE_GROWTH_CUBIC;
    return k > 6 || rss_exp < rss_pow ? COINLINE_GROWTH_EXPONENTIAL
                                      : COINLINE_GROWTH_POLYNOMIAL;
}

int coinline_check_growth(const size_t *n, const double *seconds, size_t count,
                          double base, coinline_growth_t *growth,
                          double *exponent)
{
    double sz[SIZES_MAX], tm[SIZES_MAX], lg[SIZES_MAX];
    if (growth == NULL || (count > 0 && (n == NULL || seconds == NULL)))
        return COINLINE_EINVAL;
    *growth = COINLINE_GROWTH_UNKNOWN;
    if (exponent != NULL)
        *exponent = 0;
    const size_t m = points(n, seconds, count, base, sz, tm);
    if (m < 3)
        return COINLINE_OK;
    const size_t from = m >= 6 ? m / 2 : m - 3; /* the longer half */
    for (size_t i = from; i < m; i++)
        lg[i] = ln(sz[i]);
    double rss_pow, rss_exp;
    const double k = fit(lg + from, tm + from, m - from, &rss_pow);
    fit(sz + from, tm + from, m - from, &rss_exp);
    *growth = classify(k, rss_pow, rss_exp);
    if (exponent != NULL)
        *exponent = k;
    return COINLINE_OK;
}

const char *coinline_growth_name(coinline_growth_t growth)
{
    static const char *const names[] = {"unknown", "n",   "n^2",
                                        "n^3",     "n^k", "exponential"};
    return (unsigned)growth <= COINLINE_GROWTH_EXPONENTIAL ? names[growth]
                                                           : NULL;
}
