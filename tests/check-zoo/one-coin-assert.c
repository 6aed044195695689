/* SPDX-License-Identifier: MIT */
/* one-coin-assert.c: the USACO statement's bound taken for granted
 * ("2 <= N <= 100"): an assert that there are two coins at least, then the
 * margin table, m(i, j) = max(a[i] - m(i+1, j), a[j] - m(i, j-1)), in
 * 64 bits.
 * Bug: one coin fails the assert: abort(), killed by SIGABRT. Right on
 * every row of two coins or more.
 * Answer: --answer first (player 1's total). Build: cc one-coin-assert.c (no
 * -DNDEBUG: the assert is the bug) */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    int n;
    if (scanf("%d", &n) != 1)
        return 2;
    assert(n >= 2 && n <= 100000);
    long long *a = malloc((size_t)n * sizeof *a);
    long long *m = malloc((size_t)n * sizeof *m);
    if (a == NULL || m == NULL)
        return 2;
    long long sum = 0;
    for (int i = 0; i < n; i++) {
        if (scanf("%lld", &a[i]) != 1)
            return 2;
        sum += a[i];
    }
    for (int i = n - 1; i >= 0; i--) {
        m[i] = a[i];
        for (int j = i + 1; j < n; j++) {
            const long long left = a[i] - m[j];
            const long long right = a[j] - m[j - 1];
            m[j] = left > right ? left : right;
        }
    }
    printf("%lld\n", (sum + m[n - 1]) / 2);
    free(a);
    free(m);
    return 0;
}
