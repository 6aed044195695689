/* SPDX-License-Identifier: MIT */
/*
 * growth.c - how a solution's time grows with the number of coins, from
 * times measured on rows of several sizes.
 *
 * A time of c * n^k is a line of slope k in log time over log n; a time
 * of c * 2^(n/d) is a line in log time over n, and over log n a curve
 * whose slope n ln 2 / d keeps rising. So: take the start's cost (base)
 * off each time; keep, for each size, its fastest run (noise only ever
 * adds time); keep the sizes whose time stands clear of the noise; and
 * fit log time over log n by least squares on the longer half of them
 * (small sizes are ruled by reading and start-up, not by the algorithm).
 *
 * The noise is the larger of 2 ms, a twentieth of base, and three times
 * the median absolute deviation of the runs of at most 3 coins (whose own
 * work is nothing: their spread is the start's); a size counts when its
 * time passes four times that. Fewer than three such sizes, or a longest
 * time under eight times the noise, tell nothing ("unknown"), nor does a
 * slope under 0.5 (flat: the work is too small to see). Then a slope of
 * 1.5 or less is about n (n log n has a slope a little above 1 at these
 * sizes), n^2 up to 2.5, n^3 up to 3.5; a steeper one is exponential when
 * the fit over n is the better one or the slope passes 6 (no classroom
 * solution is n^6), and n^k otherwise.
 */
#include <stddef.h>

#include "coinline.h"

#define SIZES_MAX 64 /* the sizes a fit uses, the longest ones */
#define RUNS_MAX  64 /* the small runs the noise is read from */

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

static double absolute(double x)
{
    return x < 0 ? -x : x;
}

/* The median of v[0..m-1] (sorted here; m > 0). */
static double median(double *v, size_t m)
{
    for (size_t i = 1; i < m; i++)
        for (size_t j = i; j > 0 && v[j - 1] > v[j]; j--) {
            const double t = v[j];
            v[j] = v[j - 1];
            v[j - 1] = t;
        }
    return v[m / 2];
}

/* The noise of the times: see the essay. */
static double noise_of(const size_t *n, const double *t, size_t count,
                       double base)
{
    double dev[RUNS_MAX], floor = base / 20 > 0.002 ? base / 20 : 0.002;
    size_t m = 0;
    for (size_t i = 0; i < count && m < RUNS_MAX; i++)
        if (n[i] <= 3 && t[i] < 1e9)
            dev[m++] = absolute(t[i] - base);
    const double spread = m >= 3 ? 3 * median(dev, m) : 0;
    return spread > floor ? spread : floor;
}

/* The fastest run of the given size. */
static double fastest(const size_t *n, const double *t, size_t count,
                      size_t size)
{
    double best = -1;
    for (size_t i = 0; i < count; i++)
        if (n[i] == size && (best < 0 || t[i] < best))
            best = t[i];
    return best;
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

/* The distinct sizes whose fastest time less base passes cut, in
 * increasing order (the longest SIZES_MAX), into sz[] and tm[] (the log of
 * that time); *top gets the longest such time. Returns their number. */
static size_t points(const size_t *n, const double *t, size_t count,
                     double base, double cut, double *sz, double *tm,
                     double *top)
{
    size_t m = 0, last = 0;
    *top = 0;
    for (;;) {
        size_t next = 0; /* the least size above last */
        for (size_t i = 0; i < count; i++)
            if (n[i] > last && (next == 0 || n[i] < next))
                next = n[i];
        if (next == 0)
            return m;
        last = next;
        const double d = fastest(n, t, count, next) - base;
        if (!(d > cut && d < 1e9)) /* NaN and absurd times do not count */
            continue;
        if (m == SIZES_MAX) {
            for (size_t i = 1; i < m; i++)
                sz[i - 1] = sz[i], tm[i - 1] = tm[i];
            m--;
        }
        sz[m] = (double)next;
        tm[m++] = ln(d);
        *top = d > *top ? d : *top;
    }
}

static coinline_growth_t classify(double k, double rss_pow, double rss_exp)
{
    if (k < 0.5)
        return COINLINE_GROWTH_UNKNOWN;
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
    double sz[SIZES_MAX], tm[SIZES_MAX], lg[SIZES_MAX], top;
    if (growth == NULL || (count > 0 && (n == NULL || seconds == NULL)))
        return COINLINE_EINVAL;
    *growth = COINLINE_GROWTH_UNKNOWN;
    if (exponent != NULL)
        *exponent = 0;
    const double noise = noise_of(n, seconds, count, base);
    const size_t m = points(n, seconds, count, base, 4 * noise, sz, tm, &top);
    if (m < 3 || top < 8 * noise)
        return COINLINE_OK;
    const size_t from = m >= 6 ? m / 2 : m - 3; /* the longer half */
    for (size_t i = from; i < m; i++)
        lg[i] = ln(sz[i]);
    double rss_pow, rss_exp;
    const double k = fit(lg + from, tm + from, m - from, &rss_pow);
    fit(sz + from, tm + from, m - from, &rss_exp);
    *growth = classify(k, rss_pow, rss_exp);
    if (exponent != NULL && *growth != COINLINE_GROWTH_UNKNOWN)
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
