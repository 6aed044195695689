/* SPDX-License-Identifier: MIT */
/*
 * optimal.c - a coinline bot in C that plays optimally under any rules:
 * it asks libcoinline's game (coinline_game_t) for the best move at every
 * position (the left end on a tie, a circle's smallest optimal position,
 * as the built-in strategy "optimal" does).
 *
 * It reads every form of the protocol's first line: "game" (a row),
 * "circle" (the pizza game) and the general form "rules SEAT NAME N ..."
 * (NAME as coinline_rules_parse() reads it: "line,remaining", ...). It
 * keeps the coins in a game under those rules and follows it by
 * positions: the other player's moves from the "opp" lines (L and R are
 * the ends of the coins left, a number a position), its own as it plays
 * them. It answers with the position of the coin it takes. The protocol
 * is in docs/protocol.md.
 *
 * Several rows ("rows SEAT K N1 ... NK C1 ... CN") are played on
 * libcoinline's game of several rows (coinline_multirow_game_*): its
 * optimal move is the block rule's (the built-in "optimal" on several
 * rows), told as the position of its coin among all the coins, and a
 * position the other player took is found in its row by the rows'
 * lengths.
 *
 * From the source tree, after make:
 *
 *     cc -std=c11 -O2 -Iinclude -o optimal examples/bots/optimal.c \
 *         build/libcoinline.a
 *     coinline duel --p1 'exec:./optimal' --p2 greedy
 *     coinline duel --circle --p1 'exec:./optimal' --p2 greedy
 *     coinline duel --row '1 3 5 / 2 9 / 4' --p1 'exec:./optimal'
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

static coinline_game_t *game; /* the game being played (one row) */
static coinline_multirow_game_t *rows_game; /* or the game of several rows */
static uint64_t *starts; /* where each row starts among all the coins */
static size_t nrows;     /* its rows */

/* Stops with a message: this row or this line is more than the bot can
 * take. */
static void refuse(const char *why)
{
    fprintf(stderr, "optimal.c: %s\n", why);
    exit(1);
}

/* Reads N and the coins of the first line into a new game under rules. */
static void read_row(const coinline_rules_t *rules)
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
    coinline_game_free(game);
    game = NULL;
    const int rc = coinline_game_new(rules, coins, n, &game);
    free(coins); /* the game keeps its own copy */
    if (rc != COINLINE_OK)
        refuse(coinline_strerror(rc));
}

/* Reads the rest of a "rows" line (the seat read): K, the rows' lengths
 * and the coins, into a new game of several rows. */
static void read_rows(void)
{
    unsigned long long k, len;
    if (scanf("%llu", &k) != 1 || k == 0 || k > MAX_COINS)
        refuse("a rows line without a number of rows this bot takes");
    uint64_t *lens = malloc(k * sizeof *lens);
    starts = realloc(starts, (k + 1) * sizeof *starts);
    if (lens == NULL || starts == NULL)
        refuse("out of memory");
    starts[0] = 0;
    for (size_t r = 0; r < k; r++) {
        if (scanf("%llu", &len) != 1 || len > MAX_COINS - starts[r])
            refuse("rows of more than " MAX_COINS_TEXT " coins are refused");
        lens[r] = len;
        starts[r + 1] = starts[r] + len;
    }
    int64_t *coins = malloc((starts[k] + 1) * sizeof *coins);
    if (coins == NULL)
        refuse("out of memory");
    for (size_t i = 0; i < starts[k]; i++)
        if (scanf("%" SCNd64, &coins[i]) != 1)
            refuse("a rows line with too few coins");
    coinline_multirow_game_free(rows_game);
    const int rc = coinline_multirow_game_new(coins, lens, k, &rows_game);
    free(coins);
    free(lens);
    if (rc != COINLINE_OK)
        refuse(coinline_strerror(rc));
    nrows = (size_t)k;
}

/* The other player's move on several rows: the coin at position p, an
 * end of its row. */
static void rows_opp(uint64_t p)
{
    uint64_t lo, hi;
    size_t r = 0;
    while (r < nrows && starts[r + 1] < p)
        r++;
    if (p == 0 || r == nrows ||
        coinline_multirow_game_row(rows_game, r, &lo, &hi) != COINLINE_OK ||
        (p != starts[r] + lo + 1 && p != starts[r] + hi) ||
        coinline_multirow_game_play(rows_game, r,
                                    p == starts[r] + lo + 1
                                        ? COINLINE_SIDE_LEFT
                                        : COINLINE_SIDE_RIGHT) != COINLINE_OK)
        refuse("an opp line without a legal move");
}

/* Answers "go" on several rows: the position of the block rule's move,
 * played. */
static void rows_move(void)
{
    coinline_multirow_state_t st;
    uint64_t lo, hi;
    if (coinline_multirow_game_state(rows_game, &st) != COINLINE_OK ||
        st.to_move == 0 ||
        coinline_multirow_game_row(rows_game, st.best_row, &lo, &hi) !=
            COINLINE_OK ||
        coinline_multirow_game_play(rows_game, st.best_row, st.best_side) !=
            COINLINE_OK)
        refuse("asked to move with no coin left");
    const uint64_t start = starts[st.best_row];
    printf("%" PRIu64 "\n",
           st.best_side == COINLINE_SIDE_LEFT ? start + lo + 1 : start + hi);
    fflush(stdout);
}

/* Reads the first line after its word: "game" and "circle" the classic
 * forms, "rules" the general one (its rules' name after the seat). */
static void read_first(const char *word)
{
    char seat[16], name[64];
    coinline_rules_t rules =
        COINLINE_RULES_INIT(COINLINE_SHAPE_LINE, COINLINE_SCORE_TAKEN);
    if (scanf("%15s", seat) != 1) /* the seat: not needed */
        refuse("a game line without a seat");
    coinline_multirow_game_free(rows_game);
    rows_game = NULL;
    if (strcmp(word, "rows") == 0) {
        read_rows();
        return;
    }
    if (strcmp(word, "circle") == 0)
        rules.shape = COINLINE_SHAPE_CIRCLE;
    if (strcmp(word, "rules") == 0 &&
        (scanf("%63s", name) != 1 ||
         coinline_rules_parse(name, &rules, NULL) != COINLINE_OK))
        refuse("a rules line without rules this bot knows");
    read_row(&rules);
}

/* The other player's move: L or R (an end of the coins left) or a
 * position. */
static void opp(const char *move)
{
    coinline_game_state_t st;
    uint64_t position = 0;
    if (rows_game != NULL) {
        rows_opp(strtoull(move, NULL, 10));
        return;
    }
    if (game == NULL || coinline_game_state(game, &st) != COINLINE_OK)
        refuse("a move with no game");
    if (strcmp(move, "L") == 0)
        position = st.left_end;
    else if (strcmp(move, "R") == 0)
        position = st.right_end;
    else if (move[0] >= '0' && move[0] <= '9')
        position = strtoull(move, NULL, 10);
    if (coinline_game_play(game, position) != COINLINE_OK)
        refuse("an opp line without a legal move");
}

/* Answers "go": the position of the game's best move, and plays it. */
static void move(void)
{
    coinline_game_state_t st;
    if (rows_game != NULL) {
        rows_move();
        return;
    }
    if (game == NULL || coinline_game_state(game, &st) != COINLINE_OK ||
        st.to_move == 0 || coinline_game_play(game, st.best) != COINLINE_OK)
        refuse("asked to move with no coin left");
    printf("%" PRIu64 "\n", st.best);
    fflush(stdout);
}

/* Reads coinline's lines until "end" or the end of the input. The rest
 * of a "go" line (K and the ends) is skipped: the game knows them. */
int main(void)
{
    char word[16], rest[64];
    while (scanf("%15s", word) == 1) {
        if (strcmp(word, "game") == 0 || strcmp(word, "circle") == 0 ||
            strcmp(word, "rules") == 0 || strcmp(word, "rows") == 0) {
            read_first(word);
        } else if (strcmp(word, "opp") == 0) {
            if (scanf("%63s", rest) != 1)
                refuse("an opp line without a move");
            opp(rest);
        } else if (strcmp(word, "go") == 0) {
            int c;
            while ((c = getchar()) != EOF && c != '\n')
                continue;
            move();
        } else if (strcmp(word, "end") == 0) {
            break;
        }
    }
    coinline_game_free(game);
    coinline_multirow_game_free(rows_game);
    free(starts);
    return 0;
}
