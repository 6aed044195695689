/* SPDX-License-Identifier: MIT */
/*
 * pipeline.c - solve a long game while it is being read, on two threads.
 *
 * Split, when the input is a regular file: the reader
 * cuts the rest of the game in two (coinline_reader_split()); each thread
 * reads and reduces one part into a stream of its own, and the second
 * stream is appended to the first (coinline_stream_append(): the reduction
 * is confluent). A game then takes about half the time of reading it. If
 * the parts do not make the game (coinline_reader_join() says why not:
 * more games after it, an error, a comment at the cut), the second part is
 * dropped and the first reader goes on from its cut, as below.
 *
 * Pipeline, otherwise (a pipe, or the rest of a game after a failed
 * split): the main thread reads chunks of coins into one of two buffers
 * while a worker thread pushes the other into the streaming solver. A game
 * then takes about the time of reading it. The stream is touched only by
 * the worker and the reader only by the main thread; the buffers change
 * hands under one mutex.
 */
#include <pthread.h>
#include <stdlib.h>

#include "pipeline.h"

#define CHUNK 16384 /* coins per buffer: 128 KiB */

/* A split pays for its thread from this much input on. */
#define SPLIT_MIN_BYTES ((size_t)1 << 20)

int cli_stream_read(coinline_reader_t *r, coinline_stream_t *s)
{
    int64_t chunk[4096];
    size_t got;
    int rc;
    do {
        rc = coinline_reader_next_coins(r, chunk, 4096, &got);
        const int prc = coinline_stream_push_many(s, chunk, got);
        if (prc != COINLINE_OK)
            return prc;
    } while (rc == 1);
    return rc;
}

/* The second part of a split, read on its own thread. */
typedef struct {
    coinline_reader_t *tail;
    coinline_stream_t *stream;
    int rc;
} part_t;

static void *read_part(void *arg)
{
    part_t *P = arg;
    P->rc = cli_stream_read(P->tail, P->stream);
    return NULL;
}

/* Reads the rest of the game in two parts on two threads. Returns 0 when
 * the game is in s, a negative code, or CLI_NO_THREAD when the rest of the
 * game is still to read (no split, or a split that did not make it). */
static int stream_split(coinline_reader_t *r, coinline_stream_t *s)
{
    part_t P = {NULL, NULL, 0};
    pthread_t tid;
    int joined, rc = coinline_reader_split(r, SPLIT_MIN_BYTES, &P.tail);
    if (rc == COINLINE_ENOMEM || (rc == COINLINE_OK && P.tail == NULL))
        return CLI_NO_THREAD; /* r is as it was: read it another way */
    if (rc != COINLINE_OK)
        return rc;
    if ((rc = coinline_stream_new(&P.stream)) != COINLINE_OK ||
        pthread_create(&tid, NULL, read_part, &P) != 0) {
        coinline_stream_free(P.stream);
        rc = coinline_reader_join(r, P.tail, &joined);
        return rc != COINLINE_OK ? rc : CLI_NO_THREAD;
    }
    rc = cli_stream_read(r, s);
    pthread_join(tid, NULL);
    const int jrc = coinline_reader_join(r, P.tail, &joined);
    if (rc == COINLINE_OK && jrc != COINLINE_OK)
        rc = jrc;
    if (rc == COINLINE_OK && joined && P.rc == COINLINE_ENOMEM)
        rc = COINLINE_ENOMEM;
    if (rc == COINLINE_OK && joined)
        rc = coinline_stream_append(s, P.stream);
    else if (rc == COINLINE_OK)
        rc = CLI_NO_THREAD;
    coinline_stream_free(P.stream);
    return rc;
}

typedef struct {
    pthread_mutex_t mu;
    pthread_cond_t cv;
    int64_t *buf[2];
    size_t len[2];
    int full[2]; /* buffer i holds coins for the worker */
    int done;    /* the reader has handed over its last buffer */
    int push_rc; /* the worker's first error, or 0 */
    coinline_stream_t *stream;
} pipeline_t;

static void *worker(void *arg)
{
    pipeline_t *P = arg;
    int i = 0;
    pthread_mutex_lock(&P->mu);
    for (;;) {
        while (!P->full[i] && !P->done)
            pthread_cond_wait(&P->cv, &P->mu);
        if (!P->full[i])
            break;
        pthread_mutex_unlock(&P->mu);
        const int rc =
            coinline_stream_push_many(P->stream, P->buf[i], P->len[i]);
        pthread_mutex_lock(&P->mu);
        P->full[i] = 0;
        P->push_rc = rc;
        pthread_cond_broadcast(&P->cv);
        if (rc != COINLINE_OK)
            break;
        i ^= 1;
    }
    pthread_mutex_unlock(&P->mu);
    return NULL;
}

/* The main thread's side: fills buffers until the game ends or fails. */
static int produce(pipeline_t *P, coinline_reader_t *r)
{
    int rc = 1, i = 0;
    while (rc == 1) {
        size_t got = 0;
        pthread_mutex_lock(&P->mu);
        while (P->full[i] && P->push_rc == COINLINE_OK)
            pthread_cond_wait(&P->cv, &P->mu);
        const int stop = P->push_rc != COINLINE_OK;
        pthread_mutex_unlock(&P->mu);
        if (stop)
            break;
        rc = coinline_reader_next_coins(r, P->buf[i], CHUNK, &got);
        pthread_mutex_lock(&P->mu);
        P->len[i] = got;
        P->full[i] = got > 0;
        pthread_cond_broadcast(&P->cv);
        pthread_mutex_unlock(&P->mu);
        i ^= 1;
    }
    pthread_mutex_lock(&P->mu);
    P->done = 1;
    pthread_cond_broadcast(&P->cv);
    pthread_mutex_unlock(&P->mu);
    return rc;
}

static int cli_stream_pipelined(coinline_reader_t *r, coinline_stream_t *s)
{
    pipeline_t P = {.stream = s};
    pthread_t tid;
    int rc;

    P.buf[0] = malloc(2 * CHUNK * sizeof(int64_t));
    if (P.buf[0] == NULL)
        return COINLINE_ENOMEM;
    P.buf[1] = P.buf[0] + CHUNK;
    if (pthread_mutex_init(&P.mu, NULL) != 0) {
        free(P.buf[0]);
        return COINLINE_ENOMEM;
    }
    if (pthread_cond_init(&P.cv, NULL) != 0) {
        pthread_mutex_destroy(&P.mu);
        free(P.buf[0]);
        return COINLINE_ENOMEM;
    }
    if (pthread_create(&tid, NULL, worker, &P) != 0) {
        rc = CLI_NO_THREAD;
    } else {
        rc = produce(&P, r);
        pthread_join(tid, NULL);
        if (rc >= 0 && P.push_rc != COINLINE_OK)
            rc = P.push_rc;
    }
    pthread_cond_destroy(&P.cv);
    pthread_mutex_destroy(&P.mu);
    free(P.buf[0]);
    return rc;
}

int cli_stream_long(coinline_reader_t *r, coinline_stream_t *s)
{
    int rc = stream_split(r, s);
    if (rc == CLI_NO_THREAD)
        rc = cli_stream_pipelined(r, s);
    return rc == CLI_NO_THREAD ? cli_stream_read(r, s) : rc;
}
