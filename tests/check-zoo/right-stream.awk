# SPDX-License-Identifier: MIT
# right-stream.awk: right, for check --stream: reads games until the end of
# its input, each a count then the coins, and answers each as soon as its
# coins are read, one line a game (fflush: the checker waits for it).
# The margin table one row at a time, m[j] for the current start i,
#   m(i, j) = max(a[i] - m(i+1, j), a[j] - m(i, j-1)),
# player 1's total (sum + m(0, n-1)) / 2. awk's numbers are doubles: exact
# while the totals stay below 2^53 (the default values 1..100 are).
# Answer: --answer first, --stream. Run: awk -f right-stream.awk
function answer(    i, j, left, right) {
    for (i = n; i >= 1; i--) {
        m[i] = a[i]
        for (j = i + 1; j <= n; j++) {
            left = a[i] - m[j]; right = a[j] - m[j - 1]
            m[j] = left > right ? left : right
        }
    }
    printf "%.0f\n", n ? (sum + m[n]) / 2 : 0
    fflush()
}
{
    for (k = 1; k <= NF; k++) {
        if (want == 0) {
            n = $k + 0; want = n; sum = 0; got = 0
            if (n == 0) answer()
            continue
        }
        a[++got] = $k + 0; sum += $k
        if (got == n) { answer(); want = 0 }
    }
}
