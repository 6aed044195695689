# SPDX-License-Identifier: MIT
# parity.awk: the parity trick (coins-in-a-line-qa.txt): add the coins at
# odd positions and at even positions, answer the larger sum; on an even
# row player 1 can always take all the coins of one parity.
# Bug: that guarantees a draw at least, not the best total (3 2 2 3 1 2:
# 7, best play 8), and on an odd row player 1 cannot keep to one parity
# at all (1 3 1: 3, the best is 2).
# Answer: --answer first (player 1's total). Run: awk -f parity.awk
NR == 1 { n = $1; next }
{
    for (k = 1; k <= NF && seen < n; k++) {
        seen++
        if (seen % 2) odd += $k; else even += $k
    }
}
END { print (odd > even ? odd : even) + 0 }
