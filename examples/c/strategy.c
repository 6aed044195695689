/* SPDX-License-Identifier: MIT */
/*
 * strategy.c - a strategy of your own, played against the library's
 * optimal one.
 *
 * A strategy answers, at a position of a game, which end to take. The
 * library has built-in ones ("optimal", "greedy", "parity", "random",
 * "fallible:P"); coinline_strategy_custom() makes one from a function of
 * yours, and from then on both kinds are used the same way.
 *
 * The one here looks one move ahead: for each end, the coin it takes
 * minus the larger end the other player could take next; it takes the
 * end where that is larger (the left one on a tie, and the last coin
 * when only one is left). It plays each row twice against "optimal",
 * moving first once and second once.
 *
 *     cc -o strategy examples/c/strategy.c \
 *         $(pkg-config --cflags --libs coinline)
 *     ./strategy '20 30 2 2 2 10'
 *
 * prints, for each game, the moves (L: first coin, R: last coin) and
 * both totals, then how many moves the function chose:
 *
 *     game 1: lookahead against optimal: moves LLRLLL, totals 32 34
 *     game 2: optimal against lookahead: moves RLLLLL, totals 42 24
 *     lookahead chose 6 moves
 *
 * Looking one move ahead is not enough here: taking 20 lets the other
 * player take 30.
 *
 * It uses only the public header, <coinline.h>.
 */
#include <coinline.h>

#include <stdio.h>
#include <stdlib.h>

/* What the function may keep between moves: ctx, given to
 * coinline_strategy_custom(), comes back to every call. Here it counts
 * the moves the strategy was asked for. */
typedef struct {
    unsigned long asked;
} lookahead_t;

/* a - b exactly: int64 coins can be too far apart for int64. */
static coinline_i128_t minus(int64_t a, int64_t b)
{
    return coinline_i128_sub(coinline_i128_from_int64(a),
                             coinline_i128_from_int64(b));
}

static int64_t larger(int64_t a, int64_t b)
{
    return a >= b ? a : b;
}

/* The strategy: called at each of its moves with the whole row and the
 * position (the coins left are coins[st->lo .. st->hi - 1]). It sets
 * *side and returns 0 (or a negative code, which stops the game). */
static int lookahead(void *ctx, const int64_t *coins,
                     const coinline_engine_state_t *st, coinline_side_t *side)
{
    lookahead_t *me = ctx;
    const uint64_t lo = st->lo, hi = st->hi;
    me->asked++;
    if (hi - lo == 1) {
        *side = COINLINE_SIDE_LEFT;
        return 0;
    }
    /* Take the left coin: the other then chooses between coins[lo + 1]
     * and coins[hi - 1]; take the right one: coins[lo] and coins[hi - 2]. */
    const coinline_i128_t left =
        minus(coins[lo], larger(coins[lo + 1], coins[hi - 1]));
    const coinline_i128_t right =
        minus(coins[hi - 1], larger(coins[lo], coins[hi - 2]));
    *side = coinline_i128_cmp(left, right) >= 0 ? COINLINE_SIDE_LEFT
                                                : COINLINE_SIDE_RIGHT;
    return 0;
}

/* Plays one game on a fresh engine: seat[0] moves first. Prints the
 * moves and the totals; returns 0 or a negative COINLINE_E* code. */
static int play_game(int number, const int64_t *coins, size_t n,
                     coinline_strategy_t *seat[2])
{
    coinline_engine_t *engine = NULL;
    coinline_engine_state_t st;
    char *moves = malloc(n + 1);
    size_t k = 0;
    int rc = moves != NULL ? coinline_engine_new(coins, n, &engine)
                           : COINLINE_ENOMEM;

    /* Each turn: ask the strategy of the player to move, play its move. */
    while (rc == COINLINE_OK &&
           (rc = coinline_engine_state(engine, &st)) == COINLINE_OK &&
           st.to_move != 0) {
        coinline_side_t side;
        rc = coinline_strategy_move(seat[st.to_move - 1], engine, &side);
        if (rc == COINLINE_OK)
            rc = coinline_engine_play(engine, side);
        if (rc == COINLINE_OK)
            moves[k++] = side == COINLINE_SIDE_LEFT ? 'L' : 'R';
    }
    if (rc == COINLINE_OK) {
        char p1[COINLINE_I128_STRLEN], p2[COINLINE_I128_STRLEN];
        moves[k] = '\0';
        coinline_i128_to_string(st.p1, p1, sizeof p1);
        coinline_i128_to_string(st.p2, p2, sizeof p2);
        printf("game %d: %s against %s: moves %s, totals %s %s\n", number,
               coinline_strategy_name(seat[0]), coinline_strategy_name(seat[1]),
               moves, p1, p2);
    }
    coinline_engine_free(engine);
    free(moves);
    return rc;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s 'COINS'   (e.g. '1 3 5 2 9')\n", argv[0]);
        return 2;
    }
    int64_t *coins = NULL;
    size_t n = 0;
    int rc = coinline_row_parse(argv[1], &coins, &n, NULL);
    if (rc != COINLINE_OK) {
        fprintf(stderr, "strategy: bad row: %s\n", coinline_strerror(rc));
        return 1;
    }

    /* Ours, from the function above, and the built-in "optimal" (the seed
     * only matters to strategies that play at random). */
    lookahead_t state = {0};
    coinline_strategy_t *mine = NULL, *optimal = NULL;
    rc = coinline_strategy_custom("lookahead", lookahead, &state, &mine);
    if (rc == COINLINE_OK)
        rc = coinline_strategy_new("optimal", 1, &optimal);

    coinline_strategy_t *first[2] = {mine, optimal};
    coinline_strategy_t *second[2] = {optimal, mine};
    if (rc == COINLINE_OK)
        rc = play_game(1, coins, n, first);
    if (rc == COINLINE_OK)
        rc = play_game(2, coins, n, second);
    if (rc == COINLINE_OK)
        printf("lookahead chose %lu moves\n", state.asked);

    coinline_strategy_free(mine);
    coinline_strategy_free(optimal);
    free(coins);
    if (rc != COINLINE_OK) {
        fprintf(stderr, "strategy: %s\n", coinline_strerror(rc));
        return 1;
    }
    return 0;
}
