/* SPDX-License-Identifier: MIT */
/* right-dp.c: right. The interval table of the totals of the player to
 * move, filled by length (every length, odd and even), with prefix sums:
 *   best(i, j) = sum(i..j) - min(best(i+1, j), best(i, j-1)),
 * best(i, i) = a[i]. O(n^2) time and memory, 64-bit totals (right while
 * they fit: the default values 1..100 and any n the check uses).
 * Answer: --answer first (player 1's total). Build: cc right-dp.c */
#include <stdio.h>
#include <stdlib.h>

static long long *best_at(long long *best, size_t n, size_t i, size_t j)
{
    return &best[i * n + j];
}

int main(void)
{
    size_t n;
    if (scanf("%zu", &n) != 1)
        return 2;
    long long *prefix = calloc(n + 1, sizeof *prefix);
    long long *best = calloc(n * n + 1, sizeof *best);
    if (prefix == NULL || best == NULL)
        return 2;
    for (size_t i = 0; i < n; i++) {
        long long v;
        if (scanf("%lld", &v) != 1)
            return 2;
        prefix[i + 1] = prefix[i] + v;
        *best_at(best, n, i, i) = v;
    }
    for (size_t len = 2; len <= n; len++) {
        for (size_t i = 0; i + len <= n; i++) {
            const size_t j = i + len - 1;
            const long long left = *best_at(best, n, i + 1, j);
            const long long right = *best_at(best, n, i, j - 1);
            const long long run = prefix[j + 1] - prefix[i];
            *best_at(best, n, i, j) = run - (left < right ? left : right);
        }
    }
    printf("%lld\n", n > 0 ? *best_at(best, n, 0, n - 1) : 0);
    free(prefix);
    free(best);
    return 0;
}
