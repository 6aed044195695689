/* SPDX-License-Identifier: MIT */
/*
 * engine.c - play a game on libcoinline's game engine.
 *
 * The engine holds a game in progress. At every position it tells the
 * best move for the player to move and what best play from there gives;
 * any move may be played, good or bad, and taken back.
 *
 * Here player 1 plays greedy (the larger end coin, the left one on a tie)
 * and player 2 does what the engine says. After each move the program
 * prints what was taken, the engine's best move at that position, both
 * totals, and the final margin (player 1's total minus player 2's) if
 * both play their best from there. At the end it takes the last two
 * moves back.
 *
 *     cc -o engine examples/c/engine.c $(pkg-config --cflags --libs coinline)
 *     ./engine '8 15 3 7'
 *
 * prints
 *
 *     move 1: player 1 takes 8 (left; best right): 8 to 0, final margin -3
 *     move 2: player 2 takes 15 (left; best left): 8 to 15, final margin -3
 *     move 3: player 1 takes 7 (right; best right): 15 to 15, final margin -3
 *     move 4: player 2 takes 3 (left; best left): 15 to 18, final margin -3
 *     result: player 1 15, player 2 18
 *     taken back: 2 moves; player 1 to move, best right, final margin -3
 *
 * Greedy's 8 was a mistake: the 7 would have won by 11 (coinline solve
 * --both -r '8 15 3 7' says 22 11); after it, player 2 wins by 3.
 *
 * It uses only the public header, <coinline.h>.
 */
#include <coinline.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

/* The greedy player: the larger of the two end coins, left on a tie.
 * The coins left are coins[st->lo .. st->hi - 1]. */
static coinline_side_t greedy(const int64_t *coins,
                              const coinline_engine_state_t *st)
{
    return coins[st->lo] >= coins[st->hi - 1] ? COINLINE_SIDE_LEFT
                                              : COINLINE_SIDE_RIGHT;
}

/* Writes a 128-bit total into text, which holds COINLINE_I128_STRLEN. */
static const char *decimal(coinline_i128_t v, char *text)
{
    coinline_i128_to_string(v, text, COINLINE_I128_STRLEN);
    return text;
}

/* Plays the game to its end; returns 0 or a negative COINLINE_E* code. */
static int play(coinline_engine_t *engine)
{
    /* The engine's copy of the row, valid as long as the engine. */
    const int64_t *coins = coinline_engine_row(engine);
    coinline_engine_state_t st;
    char a[COINLINE_I128_STRLEN], b[COINLINE_I128_STRLEN];
    char c[COINLINE_I128_STRLEN];
    int rc;

    /* st.to_move is 1 or 2, and 0 once no coin is left. */
    while ((rc = coinline_engine_state(engine, &st)) == COINLINE_OK &&
           st.to_move != 0) {
        const coinline_side_t best = st.best; /* the best move here */
        const coinline_side_t side =
            st.to_move == 1 ? greedy(coins, &st) : best;
        const int64_t coin =
            side == COINLINE_SIDE_LEFT ? coins[st.lo] : coins[st.hi - 1];
        const int player = st.to_move;
        if ((rc = coinline_engine_play(engine, side)) != COINLINE_OK ||
            (rc = coinline_engine_state(engine, &st)) != COINLINE_OK)
            return rc;
        printf("move %" PRIu64 ": player %d takes %" PRId64
               " (%s; best %s): %s to %s, final margin %s\n",
               st.moves, player, coin, coinline_side_name(side),
               coinline_side_name(best), decimal(st.p1, a), decimal(st.p2, b),
               decimal(st.final_margin, c));
    }
    if (rc == COINLINE_OK)
        printf("result: player 1 %s, player 2 %s\n", decimal(st.p1, a),
               decimal(st.p2, b));
    return rc;
}

/* Takes back up to two moves and says where the game is again. */
static int take_back(coinline_engine_t *engine)
{
    coinline_engine_state_t st;
    char margin[COINLINE_I128_STRLEN];
    int undone = 0;
    while (undone < 2 && coinline_engine_undo(engine) == COINLINE_OK)
        undone++;
    if (undone == 0) /* an empty row: no move to take back */
        return COINLINE_OK;
    int rc = coinline_engine_state(engine, &st);
    if (rc == COINLINE_OK)
        printf("taken back: %d moves; player %d to move, best %s, "
               "final margin %s\n",
               undone, st.to_move, coinline_side_name(st.best),
               decimal(st.final_margin, margin));
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
    coinline_error_t err;
    int rc = coinline_row_parse(argv[1], &coins, &n, &err);
    if (rc != COINLINE_OK) {
        fprintf(stderr, "engine: column %" PRIu64 ": %s\n", err.column,
                err.message[0] != '\0' ? err.message : coinline_strerror(rc));
        return 1;
    }

    /* The engine copies the row: our array can go at once. Its memory
     * (about 150 bytes a coin) is all allocated here, never later. */
    coinline_engine_t *engine = NULL;
    rc = coinline_engine_new(coins, n, &engine);
    free(coins);
    if (rc == COINLINE_OK)
        rc = play(engine);
    if (rc == COINLINE_OK)
        rc = take_back(engine);
    coinline_engine_free(engine);
    if (rc != COINLINE_OK) {
        fprintf(stderr, "engine: %s\n", coinline_strerror(rc));
        return 1;
    }
    return 0;
}
