/* SPDX-License-Identifier: MIT */
/*
 * optimal.c - a coinline bot in C that plays optimally: it asks
 * libcoinline's game engine for the best move at every position (the
 * left end on a tie, as the built-in strategy "optimal" does).
 *
 * It keeps the row from the "game" line in an engine and follows the
 * game on it: the other player's moves from the "opp" lines, its own as
 * it plays them. It gives its moves as the position of the coin in the
 * row (1 to N) rather than as L or R. It plays circles too ("circle"
 * line): its first move is the library's optimal first position
 * (coinline_circle_solve()), and after the first move, its own or the
 * other's ("opp P"), the engine plays the line left
 * (coinline_circle_rotate()); it answers with positions round the
 * circle. The protocol is in docs/protocol.md.
 *
 * From the source tree, after make:
 *
 *     cc -std=c11 -O2 -Iinclude -o optimal examples/bots/optimal.c \
 *         build/libcoinline.a
 *     coinline duel --p1 'exec:./optimal' --p2 greedy
 *     coinline duel --circle --p1 'exec:./optimal' --p2 greedy
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

static coinline_engine_t *engine; /* the game being played (a circle's:
                                   * the line left after its first move) */
static int64_t *ring;             /* a circle's coins, or NULL */
static size_t ring_n;             /* how many */
static uint64_t first;            /* a circle's first position; 0: none */

/* Stops with a message: this row or this line is more than the bot can
 * take. */
static void refuse(const char *why)
{
    fprintf(stderr, "optimal.c: %s\n", why);
    exit(1);
}

/* The engine on coins[0..n-1] (copied), in place of the last one. */
static void new_engine(const int64_t *coins, size_t n)
{
    coinline_engine_free(engine);
    engine = NULL;
    const int rc = coinline_engine_new(coins, n, &engine);
    if (rc != COINLINE_OK)
        refuse(coinline_strerror(rc));
}

/* Reads the coins of a "game" line into a new engine, or of a "circle"
 * line (circle set) into ring. */
static void read_row(int circle)
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
    free(ring);
    ring = NULL;
    first = 0;
    if (circle) {
        ring = coins;
        ring_n = n;
        return;
    }
    new_engine(coins, n);
    free(coins); /* the engine keeps its own copy */
}

/* A circle's first coin is taken at position pos: the engine on the line
 * left, clockwise from pos + 1. */
static void open_circle(uint64_t pos)
{
    if (ring == NULL || first != 0 || pos < 1 || pos > ring_n)
        refuse("a first move with no circle, or off it");
    int64_t *line = malloc(ring_n * sizeof *line);
    if (line == NULL || coinline_circle_rotate(ring, ring_n, pos, line) != 0)
        refuse("out of memory");
    first = pos;
    new_engine(line, ring_n - 1);
    free(line);
}

/* Answers a circle's first "go": the optimal first position. */
static void first_move(void)
{
    coinline_circle_result_t r;
    if (ring == NULL || first != 0 ||
        coinline_circle_solve(ring, ring_n, COINLINE_ALGO_LINEAR, &r) != 0 ||
        r.first == 0)
        refuse("asked for a first move with no circle to take it on");
    open_circle(r.first);
    printf("%" PRIu64 "\n", r.first);
    fflush(stdout);
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
    /* The coins left are positions st.lo + 1 to st.hi of the row; on a
     * circle, index i of the line is position (first + i) mod N + 1. */
    const uint64_t i = st.best == COINLINE_SIDE_LEFT ? st.lo : st.hi - 1;
    const uint64_t position = first != 0 ? (first + i) % ring_n + 1 : i + 1;
    take(st.best);
    printf("%" PRIu64 "\n", position);
    fflush(stdout);
}

/* Reads coinline's lines until "end" or the end of the input. */
int main(void)
{
    char word[16], rest[64];
    while (scanf("%15s", word) == 1) {
        if (strcmp(word, "game") == 0 || strcmp(word, "circle") == 0) {
            if (scanf("%15s", rest) != 1) /* the seat: not needed */
                refuse("a game line without a seat");
            read_row(word[0] == 'c');
        } else if (strcmp(word, "opp") == 0) {
            if (scanf("%63s", rest) != 1)
                refuse("an opp line without a move");
            if (rest[0] >= '0' && rest[0] <= '9') /* a circle's first */
                open_circle(strtoull(rest, NULL, 10));
            else if (rest[0] == 'L' || rest[0] == 'R')
                take(rest[0] == 'L' ? COINLINE_SIDE_LEFT : COINLINE_SIDE_RIGHT);
            else
                refuse("an opp line without L, R or a position");
        } else if (strcmp(word, "go") == 0 && ring != NULL && first == 0) {
            /* a circle's first move: "go N", N known already */
            if (scanf("%63s", rest) != 1)
                refuse("a go line without N");
            first_move();
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
    free(ring);
    return 0;
}
