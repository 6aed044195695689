/* SPDX-License-Identifier: MIT */
/*
 * optimal.c - a coinline bot in C that plays optimally: it asks
 * libcoinline's game engine for the best move at every position (the
 * left end on a tie, as the built-in strategy "optimal" does).
 *
 * It keeps the row from the "game" line in an engine and follows the
 * game on it: the other player's moves from the "opp" lines, its own as
 * it plays them. It gives its moves as the position of the coin in the
 * row (1 to N) rather than as L or R. The protocol is in
 * docs/protocol.md.
 *
 * From the source tree, after make:
 *
 *     cc -std=c11 -O2 -Iinclude -o optimal examples/bots/optimal.c \
 *         build/libcoinline.a
 *     coinline duel --p1 'exec:./optimal' --p2 greedy
 *
 * or, once coinline is installed, with $(pkg-config --cflags --libs
 * coinline) in place of -Iinclude and the archive.
 *
 * The engine takes any int64 coins (its totals are exact 128-bit
 * integers) and any number of coins, at about 150 bytes a coin. A bot
 * may refuse a row it does not want: this one refuses rows of more than
 * MAX_COINS coins with a message on stderr (exit 1), which forfeits the
 * game (tests/cli/t0010-bots.sh watches it do so).
 */
#include <coinline.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_COINS      3000
#define MAX_COINS_TEXT "3000"

static coinline_engine_t *engine; /* the game being played */

/* Stops with a message: this row or this line is more than the bot can
 * take. */
static void refuse(const char *why)
{
    fprintf(stderr, "optimal.c: %s\n", why);
    exit(1);
}

/* Reads the coins of a "game" line into a new engine. */
static void read_row(void)
{
    unsigned long long count;
    if (scanf("%llu", &count) != 1)
        refuse("a game line without a count");
    if (count > MAX_COINS)
        refuse("rows of more than " MAX_COINS_TEXT " coins are refused");
    const size_t n = (size_t)count;
    int64_t *coins = malloc((n + 1) * sizeof *coins);
    if (coins == NULL)
        refuse("out of memory");
    for (size_t i = 0; i < n; i++)
        if (scanf("%" SCNd64, &coins[i]) != 1)
            refuse("a game line with too few coins");
    coinline_engine_free(engine);
    engine = NULL;
    const int rc = coinline_engine_new(coins, n, &engine);
    free(coins); /* the engine keeps its own copy */
    if (rc != COINLINE_OK)
        refuse(coinline_strerror(rc));
}

/* Plays a move on the engine: the other player's, or ours. */
static void take(coinline_side_t side)
{
    if (engine == NULL || coinline_engine_play(engine, side) != COINLINE_OK)
        refuse("a move with no game or no coin left");
}

/* Answers "go": the position of the coin the engine's best move takes,
 * and plays it. */
static void move(void)
{
    coinline_engine_state_t st;
    if (engine == NULL || coinline_engine_state(engine, &st) != COINLINE_OK ||
        st.to_move == 0)
        refuse("asked to move with no coin left");
    /* The coins left are positions st.lo + 1 to st.hi of the row. */
    const uint64_t position = st.best == COINLINE_SIDE_LEFT ? st.lo + 1 : st.hi;
    take(st.best);
    printf("%" PRIu64 "\n", position);
    fflush(stdout);
}

/* Reads coinline's lines until "end" or the end of the input. */
int main(void)
{
    char word[16], rest[64];
    while (scanf("%15s", word) == 1) {
        if (strcmp(word, "game") == 0) {
            if (scanf("%15s", rest) != 1) /* the seat: not needed */
                refuse("a game line without a seat");
            read_row();
        } else if (strcmp(word, "opp") == 0) {
            if (scanf("%63s", rest) != 1 || (rest[0] != 'L' && rest[0] != 'R'))
                refuse("an opp line without L or R");
            take(rest[0] == 'L' ? COINLINE_SIDE_LEFT : COINLINE_SIDE_RIGHT);
        } else if (strcmp(word, "go") == 0) {
            /* K, LEFT and RIGHT: the engine knows them already */
            for (int k = 0; k < 3; k++)
                if (scanf("%63s", rest) != 1)
                    refuse("a go line without K LEFT RIGHT");
            move();
        } else if (strcmp(word, "end") == 0) {
            break;
        }
    }
    coinline_engine_free(engine);
    return 0;
}
