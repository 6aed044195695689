/*
 * optimal.c - a coinline bot in C that plays optimally, by the interval
 * dynamic programme: with V(i, j) the best "own total minus the other's"
 * for the player to move on coins i..j,
 *
 *     V(i, j) = max(a[i] - V(i+1, j), a[j] - V(i, j-1)),
 *
 * it takes the end that gives the larger value, the left one on a tie
 * (as the built-in strategy "optimal" does). It keeps the row from the
 * "game" line and follows the game from the "opp" lines and its own
 * moves, which it gives as the position of the coin in the row (1 to N)
 * rather than as L or R. The protocol is in docs/protocol.md.
 *
 *     cc -std=c11 -O2 -o optimal examples/bots/optimal.c
 *     coinline duel --p1 'exec:./optimal' --p2 greedy
 *
 * The table holds V for every interval, n(n+1)/2 values: rows of more
 * than MAX_COINS coins are refused with a message on stderr (exit 1),
 * which forfeits the game. Values are 128-bit where the compiler has
 * them (gcc, clang), so any int64 coins are exact; elsewhere 64-bit, and
 * rows whose sum of |coin| passes INT64_MAX are refused.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_COINS      3000
#define MAX_COINS_TEXT "3000"

#ifdef __SIZEOF_INT128__
__extension__ typedef __int128 value_t;
#define WIDE 1
#else
typedef int64_t value_t;
#define WIDE 0
#endif

static int64_t *coin;  /* the row */
static value_t *table; /* V(i, j) for i <= j, row by row */
static size_t n;       /* coins in the row */
static size_t lo, hi;  /* the coins left are coin[lo..hi-1] */

/* Where V(i, j) is kept: the rows i' < i hold n - i' values each. */
static size_t at(size_t i, size_t j)
{
    return i * (2 * n - i + 1) / 2 + (j - i);
}

/* V of the coins i..j-1 (0 when there are none). */
static value_t value(size_t i, size_t j)
{
    return i < j ? table[at(i, j - 1)] : 0;
}

/* Stops with a message: this row is more than the bot can take. */
static void refuse(const char *why)
{
    fprintf(stderr, "optimal.c: %s\n", why);
    exit(1);
}

/* Fills the table for the whole row, shortest intervals first. */
static void solve(void)
{
    for (size_t len = 1; len <= n; len++)
        for (size_t i = 0; i + len <= n; i++) {
            const size_t j = i + len; /* coins i..j-1 */
            const value_t left = coin[i] - value(i + 1, j);
            const value_t right = coin[j - 1] - value(i, j - 1);
            table[at(i, j - 1)] = left >= right ? left : right;
        }
}

/* Reads the coins of a "game" line and solves the row. */
static void read_row(void)
{
    unsigned long long count;
    uint64_t sum = 0;
    if (scanf("%llu", &count) != 1)
        refuse("a game line without a count");
    if (count > MAX_COINS)
        refuse("rows of more than " MAX_COINS_TEXT " coins need too large a "
               "table");
    n = (size_t)count;
    lo = 0;
    hi = n;
    free(coin);
    free(table);
    coin = malloc((n + 1) * sizeof *coin);
    table = malloc((n * (n + 1) / 2 + 1) * sizeof *table);
    if (coin == NULL || table == NULL)
        refuse("out of memory");
    for (size_t i = 0; i < n; i++) {
        if (scanf("%" SCNd64, &coin[i]) != 1)
            refuse("a game line with too few coins");
        const uint64_t mag =
            coin[i] < 0 ? 0 - (uint64_t)coin[i] : (uint64_t)coin[i];
        sum = sum + mag < sum || sum + mag > INT64_MAX ? UINT64_MAX : sum + mag;
    }
    if (!WIDE && sum > INT64_MAX)
        refuse("coins too large for 64-bit arithmetic");
    solve();
}

/* Answers "go": the position of the coin taken, and takes it. */
static void move(void)
{
    if (lo >= hi)
        refuse("asked to move with no coin left");
    const value_t left = coin[lo] - value(lo + 1, hi);
    const value_t right = coin[hi - 1] - value(lo, hi - 1);
    if (left >= right)
        printf("%zu\n", ++lo);
    else
        printf("%zu\n", hi--);
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
            if (rest[0] == 'L')
                lo++;
            else
                hi--;
        } else if (strcmp(word, "go") == 0) {
            /* K, LEFT and RIGHT: the bot knows them already */
            for (int k = 0; k < 3; k++)
                if (scanf("%63s", rest) != 1)
                    refuse("a go line without K LEFT RIGHT");
            move();
        } else if (strcmp(word, "end") == 0) {
            break;
        }
    }
    free(coin);
    free(table);
    return 0;
}
