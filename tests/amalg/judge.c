/* SPDX-License-Identifier: MIT */
/* judge.c - a contest-style program on the amalgamation (tests/amalg.sh).
 *
 * Reads games in the classic format until the end of input: a count n,
 * then n coins. For each game prints one line:
 *     P1 MARGIN FIRST LINE
 * the first player's total and margin with best play (exact, past 64
 * bits), the first move ("left", "right" or "none") and the optimal line
 * as L/R letters ("-" for an empty row). It is built twice: against the
 * coinline.c + coinline.h pair, and pasted after the single header into
 * one file, as a judge takes it. */
#include "coinline.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

static int answer(const int64_t *coins, size_t n)
{
    coinline_result_t r;
    char p1[COINLINE_I128_STRLEN], margin[COINLINE_I128_STRLEN];
    char *line = malloc(n + 1);
    if (line == NULL)
        return 1;
    int rc = coinline_solve(coins, n, COINLINE_ALGO_LINEAR, &r);
    if (rc == COINLINE_OK)
        rc = coinline_line(coins, n, COINLINE_ALGO_LINEAR, line);
    if (rc != COINLINE_OK) {
        fprintf(stderr, "judge: %s\n", coinline_strerror(rc));
        free(line);
        return 1;
    }
    line[n] = '\0';
    coinline_i128_to_string(r.p1, p1, sizeof p1);
    coinline_i128_to_string(r.margin, margin, sizeof margin);
    printf("%s %s %s %s\n", p1, margin, coinline_side_name(r.first_move),
           n > 0 ? line : "-");
    free(line);
    return 0;
}

int main(void)
{
    size_t n;
    while (scanf("%zu", &n) == 1) {
        int64_t *coins = malloc((n > 0 ? n : 1) * sizeof *coins);
        if (coins == NULL)
            return 1;
        for (size_t i = 0; i < n; i++)
            if (scanf("%" SCNd64, &coins[i]) != 1)
                return 1;
        const int rc = answer(coins, n);
        free(coins);
        if (rc != 0)
            return rc;
    }
    return 0;
}
