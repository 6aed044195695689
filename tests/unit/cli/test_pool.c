/* SPDX-License-Identifier: MIT */
/*
 * cli/serve/pool.c, the threads that compute coinline serve's large
 * answers: every job runs, in order on one thread; the bound on the
 * work waiting (a job past it refused, one alone always taken); and a
 * pool that stops runs what was queued, and what was reserved, first,
 * then refuses more until it is freed.
 * A job that holds its thread waits on a gate the test opens: no
 * timing is assumed; a watchdog fails the test, rather than let it hang,
 * if a thread is never joined.
 */
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "common/tap.h"
#include "serve/pool.h"

/* SIGALRM: the test has hung (a thread never ended). */
static void hung(int sig)
{
    static const char said[] =
        "not ok - the test did not end within 60 s (a thread hangs)\n";
    (void)sig;
    (void)!write(1, said, sizeof said - 1);
    _exit(1);
}

/* A gate: jobs wait on it until the test opens it. */
static struct {
    pthread_mutex_t lock;
    pthread_cond_t cond;
    int open, waiting;
} gate = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, 0, 0};

static void gate_set(int open)
{
    pthread_mutex_lock(&gate.lock);
    gate.open = open;
    pthread_cond_broadcast(&gate.cond);
    pthread_mutex_unlock(&gate.lock);
}

/* Waits until n jobs wait at the gate. */
static void gate_wait_for(int n)
{
    pthread_mutex_lock(&gate.lock);
    while (gate.waiting < n)
        pthread_cond_wait(&gate.cond, &gate.lock);
    pthread_mutex_unlock(&gate.lock);
}

/* The jobs' log: the order they ran in. */
static struct {
    pthread_mutex_t lock;
    int order[64];
    int n; /* jobs run (the first 64 in order[]) */
} ran = {PTHREAD_MUTEX_INITIALIZER, {0}, 0};

typedef struct {
    pool_job_t job; /* first: the job's address is the test job's */
    int id;
    int at_gate; /* waits at the gate first */
} test_job_t;

static void run(pool_job_t *job)
{
    const test_job_t *t = (const test_job_t *)(void *)job;
    if (t->at_gate) {
        pthread_mutex_lock(&gate.lock);
        gate.waiting++;
        pthread_cond_broadcast(&gate.cond);
        while (!gate.open)
            pthread_cond_wait(&gate.cond, &gate.lock);
        gate.waiting--;
        pthread_mutex_unlock(&gate.lock);
    }
    pthread_mutex_lock(&ran.lock);
    if (ran.n < 64)
        ran.order[ran.n] = t->id;
    ran.n++;
    pthread_mutex_unlock(&ran.lock);
}

static void make_job(test_job_t *t, int id, size_t weight, int at_gate)
{
    memset(t, 0, sizeof *t);
    t->job.run = run;
    t->job.weight = weight;
    t->id = id;
    t->at_gate = at_gate;
}

/* Reserves and pushes t; returns what pool_reserve() said. */
static int submit(pool_t *p, test_job_t *t)
{
    const int rc = pool_reserve(p, t->job.weight);
    if (rc == 0)
        pool_push(p, &t->job);
    return rc;
}

static void test_order(void)
{
    test_job_t jobs[20];
    pool_t *p = pool_new(1, 1000);
    ran.n = 0;
    gate_set(0);
    make_job(&jobs[0], 0, 1, 1);
    int ok_all = submit(p, &jobs[0]) == 0;
    gate_wait_for(1);
    for (int i = 1; i < 20; i++) {
        make_job(&jobs[i], i, 10, 0);
        ok_all &= submit(p, &jobs[i]) == 0;
    }
    ok(ok_all, "20 jobs queued");
    is_int(pool_waiting(p), 190, "19 wait behind the first, weighing 190");
    gate_set(1);
    pool_free(p);
    int in_order = ran.n == 20;
    for (int i = 0; i < ran.n; i++)
        in_order &= ran.order[i] == i;
    ok(in_order, "every job ran, in the order given (one thread)");
}

static void test_bound(void)
{
    test_job_t busy, a, b, c, big, d;
    pool_t *p = pool_new(1, 100);
    ran.n = 0;
    gate_set(0);
    make_job(&busy, 0, 500, 1);
    is_int(submit(p, &busy), 0,
           "a job heavier than the bound is taken when nothing waits");
    gate_wait_for(1);
    make_job(&a, 1, 60, 0);
    make_job(&b, 2, 40, 0);
    make_job(&c, 3, 1, 0);
    is_int(submit(p, &a), 0, "60 waiting");
    is_int(submit(p, &b), 0, "100 waiting: the bound");
    is_int(submit(p, &c), -1, "one more is refused");
    gate_set(1);
    pool_free(p);
    is_int(ran.n, 3, "the jobs taken ran");

    p = pool_new(2, 100);
    gate_set(0);
    make_job(&busy, 0, 1, 1);
    make_job(&big, 1, 1, 1);
    submit(p, &busy);
    submit(p, &big);
    gate_wait_for(2);
    make_job(&a, 2, 30, 0);
    make_job(&d, 3, 200, 0);
    is_int(submit(p, &a), 0, "two threads busy: 30 waiting");
    is_int(submit(p, &d), -1,
           "a job heavier than the bound, with another waiting, is refused");
    gate_set(1);
    pool_free(p);
}

/* pool_free() on its own thread, while a job holds the only thread. */
static void *free_pool(void *arg)
{
    pool_free(arg);
    return NULL;
}

static void test_stop(void)
{
    static test_job_t jobs[2000];
    test_job_t busy, queued, reserved;
    pool_t *p = pool_new(1, 1 << 20);
    ran.n = 0;
    gate_set(0);
    make_job(&busy, 0, 1, 1);
    submit(p, &busy);
    gate_wait_for(1);
    make_job(&queued, 1, 1, 0);
    submit(p, &queued);
    make_job(&reserved, 2, 1, 0);
    const int rc = pool_reserve(p, 1);
    pthread_t t;
    pthread_create(&t, NULL, free_pool, p);
    /* Stopping: a new reservation is refused with -2 (a job given
     * before it is seen is run, as any other). */
    int n = 0, said;
    do {
        const struct timespec ms = {0, 1000000};
        make_job(&jobs[n], 3 + n, 1, 0);
        said = submit(p, &jobs[n]);
        n += said == 0;
        nanosleep(&ms, NULL); /* until the other thread has begun */
    } while (said == 0 && n < 2000);
    is_int(said, -2, "a pool stopping refuses new work with -2");
    if (rc == 0)
        pool_push(p, &reserved.job); /* reserved before: it runs */
    gate_set(1);
    pthread_join(t, NULL);
    is_int(ran.n, 3 + n,
           "stopped: the job running, the one queued and the one reserved "
           "all ran");
}

static void test_stopped(void)
{
    test_job_t job;
    pool_t *p = pool_new(2, 10);
    ran.n = 0;
    make_job(&job, 0, 1, 0);
    submit(p, &job);
    pool_stop(p);
    is_int(ran.n, 1, "pool_stop() runs what was queued");
    is_int(pool_reserve(p, 1), -2,
           "a stopped pool, not yet freed, says -2 to whoever asks");
    pool_stop(p); /* again: nothing to do (a hang: the watchdog) */
    pool_free(p);
}

int main(void)
{
    signal(SIGALRM, hung);
    alarm(60);
    test_order();
    test_bound();
    test_stop();
    test_stopped();
    return done_testing();
}
