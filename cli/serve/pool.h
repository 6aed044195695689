/* SPDX-License-Identifier: MIT */
/*
 * pool.h - the threads of coinline serve that compute the answers of
 * large requests, away from the threads that read and answer the
 * others (the page, /api/health, small requests), so that those stay
 * quick while large ones run. The work waiting is bounded: a job that
 * would take it past the bound is refused at once (the server answers
 * 503), not queued without end.
 *
 * The jobs run in the order they came. Knows nothing of HTTP.
 */
#ifndef COINLINE_CLI_POOL_H
#define COINLINE_CLI_POOL_H

#include <stddef.h>

typedef struct pool pool_t;

/* A job: the caller's, with these fields set, kept alive until run()
 * has returned. weight is its share of the bound (the server gives its
 * body's bytes). */
typedef struct pool_job {
    struct pool_job *next; /* the pool's */
    void (*run)(struct pool_job *job);
    size_t weight;
} pool_job_t;

/* A pool of threads (at least 1) whose waiting jobs weigh max_waiting
 * at most together (a job heavier than that alone is taken when
 * nothing waits). Returns NULL when the threads cannot be made. */
pool_t *pool_new(unsigned threads, size_t max_waiting);

/* A place in the queue for a job of this weight, taken before the job
 * is given (so that the caller can make ready for its end, which may
 * come at once, knowing it will run). Returns 0, then pool_push() must
 * follow; -1 when the jobs waiting would weigh more than the bound with
 * it (refused: the caller answers busy); -2 when the pool is stopping
 * (the caller runs the job itself). */
int pool_reserve(pool_t *p, size_t weight);

/* Queues job (job->weight as reserved). */
void pool_push(pool_t *p, pool_job_t *job);

/* The weight of the jobs waiting now. */
size_t pool_waiting(pool_t *p);

/* Runs every job queued (and reserved), then stops the threads; from
 * the call on, pool_reserve() says -2. The pool stays valid until
 * pool_free(), so that other threads may still ask it. NULL is fine. */
void pool_stop(pool_t *p);

/* Stops the pool if need be, and frees it. NULL is fine. */
void pool_free(pool_t *p);

#endif
