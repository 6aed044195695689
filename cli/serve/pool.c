/* SPDX-License-Identifier: MIT */
/*
 * pool.c - the threads that compute the answers of large requests
 * (pool.h says why): a queue of jobs under one lock, first in first
 * out, and threads that take them in turn.
 */
#include "pool.h"

#include <pthread.h>
#include <stdlib.h>

struct pool {
    pthread_mutex_t lock;
    pthread_cond_t work;
    pool_job_t *head, *tail;
    size_t waiting, max_waiting; /* reserved or queued */
    size_t reserved;             /* places taken, jobs not given yet */
    int stopping;
    unsigned threads;
    pthread_t thread[];
};

static void *worker(void *arg)
{
    pool_t *p = arg;
    pthread_mutex_lock(&p->lock);
    for (;;) {
        while (p->head == NULL && (!p->stopping || p->reserved > 0))
            pthread_cond_wait(&p->work, &p->lock);
        pool_job_t *job = p->head;
        if (job == NULL) /* stopping, and nothing left or to come */
            break;
        p->head = job->next;
        if (p->head == NULL)
            p->tail = NULL;
        p->waiting -= job->weight;
        pthread_mutex_unlock(&p->lock);
        job->run(job);
        pthread_mutex_lock(&p->lock);
    }
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

/* Stops the first n threads, once the queue is empty and nothing is
 * reserved. */
static void stop_threads(pool_t *p, unsigned n)
{
    pthread_mutex_lock(&p->lock);
    p->stopping = 1;
    pthread_cond_broadcast(&p->work);
    pthread_mutex_unlock(&p->lock);
    for (unsigned i = 0; i < n; i++)
        pthread_join(p->thread[i], NULL);
}

static void destroy(pool_t *p)
{
    pthread_cond_destroy(&p->work);
    pthread_mutex_destroy(&p->lock);
    free(p);
}

pool_t *pool_new(unsigned threads, size_t max_waiting)
{
    if (threads == 0)
        threads = 1;
    pool_t *p = calloc(1, sizeof *p + threads * sizeof p->thread[0]);
    if (p == NULL)
        return NULL;
    pthread_mutex_init(&p->lock, NULL);
    pthread_cond_init(&p->work, NULL);
    p->max_waiting = max_waiting;
    for (unsigned i = 0; i < threads; i++)
        if (pthread_create(&p->thread[i], NULL, worker, p) != 0) {
            stop_threads(p, i);
            destroy(p);
            return NULL;
        }
    p->threads = threads;
    return p;
}

int pool_reserve(pool_t *p, size_t weight)
{
    int rc = 0;
    pthread_mutex_lock(&p->lock);
    if (p->stopping)
        rc = -2;
    else if (p->waiting > 0 &&
             (weight > p->max_waiting || p->waiting > p->max_waiting - weight))
        rc = -1;
    else {
        p->waiting += weight;
        p->reserved++;
    }
    pthread_mutex_unlock(&p->lock);
    return rc;
}

void pool_push(pool_t *p, pool_job_t *job)
{
    job->next = NULL;
    pthread_mutex_lock(&p->lock);
    if (p->tail != NULL)
        p->tail->next = job;
    else
        p->head = job;
    p->tail = job;
    p->reserved--;
    if (p->stopping) /* the others may be waiting for it to end */
        pthread_cond_broadcast(&p->work);
    else
        pthread_cond_signal(&p->work);
    pthread_mutex_unlock(&p->lock);
}

size_t pool_waiting(pool_t *p)
{
    pthread_mutex_lock(&p->lock);
    const size_t n = p->waiting;
    pthread_mutex_unlock(&p->lock);
    return n;
}

void pool_stop(pool_t *p)
{
    if (p == NULL || p->threads == 0)
        return;
    stop_threads(p, p->threads);
    p->threads = 0;
}

void pool_free(pool_t *p)
{
    if (p == NULL)
        return;
    pool_stop(p);
    destroy(p);
}
