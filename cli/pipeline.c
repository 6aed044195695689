/* SPDX-License-Identifier: MIT */
/*
 * pipeline.c - solve a long game while it is being read.
 *
 * Parsing the text costs more than the reduction, and the machine has a
 * second core: the main thread reads chunks of coins into one of two
 * buffers while a worker thread pushes the other into the streaming
 * solver. A game then takes about the time of reading it. The stream is
 * touched only by the worker and the reader only by the main thread; the
 * buffers change hands under one mutex.
 */
#include <pthread.h>
#include <stdlib.h>

#include "pipeline.h"

#define CHUNK 16384 /* coins per buffer: 128 KiB */

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

int cli_stream_pipelined(coinline_reader_t *r, coinline_stream_t *s)
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
