/* SPDX-License-Identifier: MIT */
/*
 * solve.c - solve one row of coins with libcoinline.
 *
 * Two players take turns; each takes the first or the last coin of the
 * row. This program asks the library what happens when both play as well
 * as possible: each player's total, who wins, the best first move, and a
 * whole line of best play, one letter a move (L: the first coin, R: the
 * last).
 *
 *     cc -o solve examples/c/solve.c $(pkg-config --cflags --libs coinline)
 *     ./solve '1 3 5 2 9'
 *
 * prints
 *
 *     coins: 5
 *     player 1: 14
 *     player 2: 6
 *     margin: 8
 *     winner: first
 *     first move: right
 *     line: RLLLL
 *
 * It uses only the public header, <coinline.h>.
 */
#include <coinline.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

/* Prints "label: value" for an exact 128-bit total. Totals can pass the
 * 64-bit range (a million coins near INT64_MAX), so the library keeps
 * them in coinline_i128_t and writes them in decimal for us. */
static void print_total(const char *label, coinline_i128_t value)
{
    char text[COINLINE_I128_STRLEN];
    coinline_i128_to_string(value, text, sizeof text);
    printf("%s: %s\n", label, text);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s 'COINS'   (e.g. '1 3 5 2 9' or 1,3,5,2,9)\n",
                argv[0]);
        return 2;
    }

    /* 1. The row: coinline_row_parse() reads "1 3 5 2 9" or "1,3,5,2,9"
     *    into an array of int64_t that we own (released with free()).
     *    On a bad token, err says in which column and why. */
    int64_t *coins = NULL;
    size_t n = 0;
    coinline_error_t err;
    int rc = coinline_row_parse(argv[1], &coins, &n, &err);
    if (rc != COINLINE_OK) {
        fprintf(stderr, "solve: column %" PRIu64 ": %s\n", err.column,
                err.message[0] != '\0' ? err.message : coinline_strerror(rc));
        return 1;
    }

    /* 2. The result of best play. COINLINE_ALGO_LINEAR is the O(n) solver;
     *    the others (DP, BRUTE) give the same answers, slower. */
    coinline_result_t result;
    rc = coinline_solve(coins, n, COINLINE_ALGO_LINEAR, &result);

    /* 3. A whole line of best play: one 'L' or 'R' per coin, then a NUL,
     *    so the buffer holds n + 1 bytes. */
    char *line = malloc(n + 1);
    if (rc == COINLINE_OK)
        rc = line != NULL ? coinline_line(coins, n, COINLINE_ALGO_LINEAR, line)
                          : COINLINE_ENOMEM;
    if (rc != COINLINE_OK) {
        fprintf(stderr, "solve: %s\n", coinline_strerror(rc));
        free(line);
        free(coins);
        return 1;
    }

    /* 4. The answers. The names of winners and sides come from the
     *    library too ("first", "second", "draw"; "left", "right", "none"). */
    printf("coins: %" PRIu64 "\n", result.n);
    print_total("player 1", result.p1);
    print_total("player 2", result.p2);
    print_total("margin", result.margin);
    printf("winner: %s\n", coinline_winner_name(result.winner));
    printf("first move: %s\n", coinline_side_name(result.first_move));
    printf("line: %s\n", line);

    free(line);
    free(coins);
    return 0;
}
