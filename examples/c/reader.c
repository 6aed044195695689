/* SPDX-License-Identifier: MIT */
/*
 * reader.c - read a file of games with libcoinline's reader and solve
 * each one as its coins arrive, without keeping them.
 *
 * The classic format: a count N, then N integers, any whitespace between;
 * '#' starts a comment. A file may hold any number of games.
 *
 *     cc -o reader examples/c/reader.c $(pkg-config --cflags --libs coinline)
 *     ./reader examples/classic.txt      (or no FILE: standard input)
 *
 * prints one line a game, e.g. "game 1: n = 4, player 1 gets 22, player 2
 * gets 11". A bad token stops it with its place, as
 * "reader: FILE:LINE:COLUMN: what was expected and what was found", and
 * exit status 1; the games before it were already answered.
 *
 * It uses only the public header, <coinline.h>.
 */
#include <coinline.h>

#include <inttypes.h>
#include <stdio.h>

/* Says where and why the reader stopped, and returns the exit status. */
static int report(const coinline_reader_t *reader, int rc)
{
    coinline_error_t err;
    if (coinline_reader_error(reader, &err) != COINLINE_OK || err.line == 0)
        fprintf(stderr, "reader: %s: %s\n", coinline_reader_name(reader),
                coinline_strerror(rc));
    else
        fprintf(stderr, "reader: %s:%" PRIu64 ":%" PRIu64 ": %s\n",
                coinline_reader_name(reader), err.line, err.column,
                err.message);
    return 1;
}

/* Reads the coins of the current game into the streaming solver, then
 * prints the result. Returns 0, or a negative COINLINE_E* code. */
static int solve_game(coinline_reader_t *reader, coinline_stream_t *stream)
{
    int64_t coin;
    int rc;

    /* The stream keeps only a few numbers a coin at worst, and usually a
     * few hundred in all: a game of a billion coins needs no array. */
    coinline_stream_reset(stream);
    while ((rc = coinline_reader_next_coin(reader, &coin)) == 1)
        if ((rc = coinline_stream_push(stream, coin)) != COINLINE_OK)
            return rc;
    if (rc < 0)
        return rc;

    coinline_result_t result;
    if ((rc = coinline_stream_result(stream, &result)) != COINLINE_OK)
        return rc;
    char p1[COINLINE_I128_STRLEN], p2[COINLINE_I128_STRLEN];
    coinline_i128_to_string(result.p1, p1, sizeof p1);
    coinline_i128_to_string(result.p2, p2, sizeof p2);
    printf("game %" PRIu64 ": n = %" PRIu64
           ", player 1 gets %s, player 2 gets %s\n",
           coinline_reader_game_index(reader), result.n, p1, p2);
    /* Answer each game at once, even when the next is slow to come. */
    fflush(stdout);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc > 2) {
        fprintf(stderr, "usage: %s [FILE]\n", argv[0]);
        return 2;
    }
    FILE *fp = stdin;
    const char *name = NULL; /* the reader calls standard input "<stdin>" */
    if (argc == 2) {
        name = argv[1];
        if ((fp = fopen(name, "r")) == NULL) {
            perror(name);
            return 1;
        }
    }

    /* The reader and the solver are handles we own: *_free() them. */
    coinline_reader_t *reader = NULL;
    coinline_stream_t *stream = NULL;
    int rc = coinline_reader_from_file(fp, name, &reader);
    if (rc == COINLINE_OK)
        rc = coinline_stream_new(&stream);
    if (rc != COINLINE_OK) {
        fprintf(stderr, "reader: %s\n", coinline_strerror(rc));
        return 1;
    }

    /* next_game() gives 1 when a game starts (its count in n), 0 at the
     * clean end of the input, or a negative code on an error. */
    int status = 0;
    uint64_t n;
    while ((rc = coinline_reader_next_game(reader, &n)) == 1)
        if ((rc = solve_game(reader, stream)) != COINLINE_OK)
            break;
    if (rc < 0)
        status = report(reader, rc);

    coinline_stream_free(stream);
    coinline_reader_free(reader);
    if (fp != stdin)
        fclose(fp);
    return status;
}
