/* SPDX-License-Identifier: MIT */
/*
 * games.c - the short games of an input read on a second thread.
 *
 * A file of many short games costs a parse, a reduction and a line of
 * output per game, all on one thread. Here a second thread reads whole
 * games (a count, then its coins) into one of two buffers while the
 * caller solves and prints the other, so the reading is off the caller's
 * path. The reader is touched only by the second thread until
 * cli_games_stop(); the buffers change hands under one mutex. A game
 * longer than CLI_GAMES_SHORT ends the reading, after its count: the
 * caller reads it (on two threads of its own, cli/pipeline.c) and starts
 * again; so does a game of several rows, after its "rows K". An error ends it
 * too, after every game before it was handed over, so answers come out and the
 * error is reported as on one thread.
 */
#include <pthread.h>
#include <stdlib.h>

#include "games.h"

/* Values per buffer (counts and coins): 128 KiB, room for any short game. */
#define BATCH (4 * (CLI_GAMES_SHORT + 1))

struct cli_games {
    pthread_mutex_t mu;
    pthread_cond_t cv;
    pthread_t tid;
    coinline_reader_t *r;
    int64_t *buf[2];
    size_t len[2];
    int full[2];         /* buffer i holds games for the caller */
    int next;            /* the buffer the caller takes next */
    int held;            /* the caller holds buffer next */
    int done;            /* the reading thread has stopped */
    int stop;            /* the caller asks it to stop */
    int why;             /* 0, CLI_GAMES_LONG or the reader's error */
    uint64_t long_count; /* the count of the long game (CLI_GAMES_LONG), or
                          * the rows of a game of several (CLI_GAMES_ROWS) */
};

/* Reads the coins of a game of count coins into a. Returns 1 or the
 * reader's error. */
static int read_game(coinline_reader_t *r, int64_t *a, uint64_t count)
{
    size_t have = 0, got;
    int rc = 1;
    while (have < count && (rc = coinline_reader_next_coins(
                                r, a + have, (size_t)count - have, &got)) == 1)
        have += got;
    return rc < 0 ? rc : 1;
}

/* Fills buf with whole short games; *len gets the values. Returns 1 when
 * it is full, or why the reading stops: 0, CLI_GAMES_LONG or an error. */
static int fill(cli_games_t *G, int64_t *buf, size_t *len)
{
    size_t k = 0;
    int rc = 1;
    while (k + 1 + CLI_GAMES_SHORT <= BATCH) {
        uint64_t count;
        if ((rc = coinline_reader_next_game(G->r, &count)) <= 0)
            break;
        if (rc == COINLINE_READER_ROWS) {
            G->long_count = count;
            rc = CLI_GAMES_ROWS;
            break;
        }
        if (count > CLI_GAMES_SHORT) {
            G->long_count = count;
            rc = CLI_GAMES_LONG;
            break;
        }
        if ((rc = read_game(G->r, buf + k + 1, count)) < 0)
            break;
        buf[k] = (int64_t)count;
        k += 1 + (size_t)count;
    }
    *len = k;
    return rc;
}

static void *reading(void *arg)
{
    cli_games_t *G = arg;
    int i = 0, rc = 1;
    while (rc == 1) {
        size_t len;
        pthread_mutex_lock(&G->mu);
        while (G->full[i] && !G->stop)
            pthread_cond_wait(&G->cv, &G->mu);
        const int stop = G->stop;
        pthread_mutex_unlock(&G->mu);
        if (stop)
            break;
        rc = fill(G, G->buf[i], &len);
        pthread_mutex_lock(&G->mu);
        G->len[i] = len;
        G->full[i] = len > 0;
        pthread_cond_broadcast(&G->cv);
        pthread_mutex_unlock(&G->mu);
        i ^= 1;
    }
    pthread_mutex_lock(&G->mu);
    G->why = rc == 1 ? 0 : rc;
    G->done = 1;
    pthread_cond_broadcast(&G->cv);
    pthread_mutex_unlock(&G->mu);
    return NULL;
}

static void games_free(cli_games_t *G)
{
    pthread_cond_destroy(&G->cv);
    pthread_mutex_destroy(&G->mu);
    free(G->buf[0]);
    free(G);
}

int cli_games_start(coinline_reader_t *r, cli_games_t **out)
{
    cli_games_t *G = calloc(1, sizeof *G);
    *out = NULL;
    if (G == NULL ||
        (G->buf[0] = malloc(2 * BATCH * sizeof(int64_t))) == NULL) {
        free(G);
        return COINLINE_ENOMEM;
    }
    G->buf[1] = G->buf[0] + BATCH;
    G->r = r;
    if (pthread_mutex_init(&G->mu, NULL) != 0) {
        free(G->buf[0]);
        free(G);
        return CLI_GAMES_NO_THREAD;
    }
    if (pthread_cond_init(&G->cv, NULL) != 0) {
        pthread_mutex_destroy(&G->mu);
        free(G->buf[0]);
        free(G);
        return CLI_GAMES_NO_THREAD;
    }
    if (pthread_create(&G->tid, NULL, reading, G) != 0) {
        games_free(G);
        return CLI_GAMES_NO_THREAD;
    }
    *out = G;
    return COINLINE_OK;
}

int cli_games_next(cli_games_t *G, const int64_t **vals, size_t *len)
{
    int have;
    pthread_mutex_lock(&G->mu);
    if (G->held) {
        G->full[G->next] = 0;
        G->next ^= 1;
        G->held = 0;
        pthread_cond_broadcast(&G->cv);
    }
    while (!G->full[G->next] && !G->done)
        pthread_cond_wait(&G->cv, &G->mu);
    have = G->full[G->next];
    if (have) {
        *vals = G->buf[G->next];
        *len = G->len[G->next];
        G->held = 1;
    }
    pthread_mutex_unlock(&G->mu);
    return have;
}

int cli_games_stop(cli_games_t *G, uint64_t *count)
{
    pthread_mutex_lock(&G->mu);
    G->stop = 1;
    pthread_cond_broadcast(&G->cv);
    pthread_mutex_unlock(&G->mu);
    pthread_join(G->tid, NULL);
    const int why = G->why;
    *count = G->long_count;
    games_free(G);
    return why;
}
