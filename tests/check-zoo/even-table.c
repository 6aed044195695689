/* SPDX-License-Identifier: MIT */
/* even-table.c: the classic write-up's bottom-up table, which assumes n is
 * even ("Consider a row of n coins ..., where n is even"): the runs of two
 * coins are the base case, F(i, i+1) = max(a[i], a[i+1]), and the table is
 * filled for even lengths only, each from the even runs two shorter:
 *   F(i, j) = max(a[i] + min(F(i+2, j), F(i+1, j-1)),
 *                 a[j] + min(F(i+1, j-1), F(i, j-2))).
 * Bug: on odd n, F(0, n-1) is never filled and it prints 0 (one coin: 0).
 * Right on every even n.
 * Answer: --answer first (player 1's total). Build: cc even-table.c */
#include <stdio.h>
#include <stdlib.h>

static long long cell(const long long *f, int n, int i, int j)
{
    return i <= j ? f[(size_t)i * (size_t)n + (size_t)j] : 0;
}

static long long min2(long long x, long long y)
{
    return x < y ? x : y;
}

static long long max2(long long x, long long y)
{
    return x > y ? x : y;
}

int main(void)
{
    int n;
    if (scanf("%d", &n) != 1 || n < 0)
        return 2;
    long long *a = malloc(((size_t)n + 1) * sizeof *a);
    long long *f = calloc((size_t)n * (size_t)n + 1, sizeof *f);
    if (a == NULL || f == NULL)
        return 2;
    for (int i = 0; i < n; i++)
        if (scanf("%lld", &a[i]) != 1)
            return 2;
    for (int len = 2; len <= n; len += 2) {
        for (int i = 0; i + len - 1 < n; i++) {
            const int j = i + len - 1;
            const long long y = cell(f, n, i + 1, j - 1);
            const long long left = a[i] + min2(cell(f, n, i + 2, j), y);
            const long long right = a[j] + min2(y, cell(f, n, i, j - 2));
            f[(size_t)i * (size_t)n + (size_t)j] = max2(left, right);
        }
    }
    printf("%lld\n", n > 0 ? f[(size_t)n - 1] : 0);
    free(a);
    free(f);
    return 0;
}
