/* SPDX-License-Identifier: MIT */
/*
 * guard.c - the connections of coinline serve held to their limits
 * (guard.h says what for).
 *
 * A connection is unfinished from its opening (or from its previous
 * answer, when kept alive) until its request is whole; then answering,
 * until the answer has gone. Each kind is kept in two lists ordered by
 * when the connection became so: one of all, one per client address.
 * The head of the unfinished list is the first the sweeper looks at (it
 * stops at the first that is not overdue). For a newcomer, the one of
 * the two heads that has been so longer is closed: a request that takes
 * long to come (a slow sender, or a connection kept alive and idle) or
 * an answer that takes long to go (a slow reader). So a newcomer always
 * finds room, and its own request and answer, a few milliseconds for
 * /api/health or the page, would have to outlast the opening of every
 * other connection to be closed in turn. A connection
 * closed by the guard is shut down (shutdown(2): the server sees the end
 * of its stream and closes it, as when a client leaves) and counted out
 * at once, though its record lives until the server says it has closed.
 *
 * The addresses are in a hash table with chaining, sized once for the
 * connection limit; an address's entry goes when its last connection
 * does.
 */
#include "guard.h"

#include <netinet/in.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* A client address: its family and up to 16 bytes. */
typedef struct {
    unsigned char family; /* 4, 6, or 0 for another kind of socket */
    unsigned char bytes[16];
} addr_key_t;

typedef struct addr_entry addr_entry_t;

/* A doubly linked list of connections; each connection is in two (its
 * links: [0] all, [1] its address's), both of its kind (unfinished or
 * answering). */
typedef struct {
    guard_conn_t *head, *tail;
} conn_list_t;

struct addr_entry {
    addr_entry_t *next; /* in its bucket */
    addr_key_t key;
    size_t count;        /* its connections open */
    conn_list_t waiting; /* its unfinished connections, oldest first */
    conn_list_t answers; /* its answering connections, oldest first */
};

enum { UNFINISHED, ANSWERING, CUT };

struct guard_conn {
    guard_conn_t *prev[2], *next[2];
    addr_entry_t *addr; /* NULL once cut */
    uint64_t since;     /* when its request's clock started, or, answering,
                         * when its answer began */
    int fd;
    int state;
};

struct guard {
    pthread_mutex_t lock;
    guard_limits_t limits;
    size_t open;         /* connections open, not cut */
    size_t answering;    /* of which answering */
    conn_list_t waiting; /* every unfinished connection, oldest first */
    conn_list_t answers; /* every answering connection, oldest first */
    addr_entry_t **buckets;
    size_t mask; /* buckets - 1 */
    guard_counts_t counts;
    /* the sweeper */
    pthread_t thread;
    pthread_cond_t wake;
    int running, stopping;
    unsigned period_ms;
};

static uint64_t monotonic_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

static uint64_t now_ms(const guard_t *g)
{
    return g->limits.clock != NULL ? g->limits.clock() : monotonic_ms();
}

/* ------------------------------------------------------------------------
 * Lists
 * ---------------------------------------------------------------------- */

static void list_append(conn_list_t *L, guard_conn_t *c, int k)
{
    c->next[k] = NULL;
    c->prev[k] = L->tail;
    if (L->tail != NULL)
        L->tail->next[k] = c;
    else
        L->head = c;
    L->tail = c;
}

static void list_remove(conn_list_t *L, guard_conn_t *c, int k)
{
    if (c->prev[k] != NULL)
        c->prev[k]->next[k] = c->next[k];
    else
        L->head = c->next[k];
    if (c->next[k] != NULL)
        c->next[k]->prev[k] = c->prev[k];
    else
        L->tail = c->prev[k];
    c->prev[k] = c->next[k] = NULL;
}

/* c, unfinished from now on, goes to the end of both lists. */
static void wait_from_now(guard_t *g, guard_conn_t *c)
{
    c->state = UNFINISHED;
    c->since = now_ms(g);
    list_append(&g->waiting, c, 0);
    list_append(&c->addr->waiting, c, 1);
}

/* c, answering from now on, goes to the end of both lists of answers. */
static void answer_from_now(guard_t *g, guard_conn_t *c)
{
    c->state = ANSWERING;
    c->since = now_ms(g);
    list_append(&g->answers, c, 0);
    list_append(&c->addr->answers, c, 1);
    g->answering++;
}

/* c leaves the lists of its kind. */
static void unlist(guard_t *g, guard_conn_t *c)
{
    if (c->state == UNFINISHED) {
        list_remove(&g->waiting, c, 0);
        list_remove(&c->addr->waiting, c, 1);
    } else {
        list_remove(&g->answers, c, 0);
        list_remove(&c->addr->answers, c, 1);
        g->answering--;
    }
}

/* ------------------------------------------------------------------------
 * Addresses
 * ---------------------------------------------------------------------- */

/* The key of a client's address: an IPv4 address (an IPv4 client of an
 * IPv6 socket too), the /64 network of an IPv6 address when prefix (one
 * machine's share: it may use any address of its network), else all of
 * it. */
static addr_key_t key_of(const struct sockaddr *sa, int prefix)
{
    addr_key_t k;
    memset(&k, 0, sizeof k);
    if (sa == NULL)
        return k;
    if (sa->sa_family == AF_INET) {
        const struct sockaddr_in *v4 = (const struct sockaddr_in *)sa;
        k.family = 4;
        memcpy(k.bytes, &v4->sin_addr, 4);
    } else if (sa->sa_family == AF_INET6) {
        const struct sockaddr_in6 *v6 = (const struct sockaddr_in6 *)sa;
        if (IN6_IS_ADDR_V4MAPPED(&v6->sin6_addr)) { /* the IPv4 client */
            k.family = 4;
            memcpy(k.bytes, v6->sin6_addr.s6_addr + 12, 4);
        } else {
            k.family = 6;
            memcpy(k.bytes, &v6->sin6_addr, prefix ? 8 : 16);
        }
    }
    return k;
}

static size_t hash_key(const addr_key_t *k)
{
    uint64_t h = UINT64_C(14695981039346656037) ^ k->family;
    for (size_t i = 0; i < sizeof k->bytes; i++)
        h = (h ^ k->bytes[i]) * UINT64_C(1099511628211);
    return (size_t)(h ^ (h >> 32));
}

/* The entry of key, made if need be; NULL when out of memory. */
static addr_entry_t *entry_of(guard_t *g, const addr_key_t *key)
{
    addr_entry_t **slot = &g->buckets[hash_key(key) & g->mask];
    for (addr_entry_t *e = *slot; e != NULL; e = e->next)
        if (memcmp(&e->key, key, sizeof *key) == 0)
            return e;
    addr_entry_t *e = calloc(1, sizeof *e);
    if (e == NULL)
        return NULL;
    e->key = *key;
    e->next = *slot;
    *slot = e;
    return e;
}

/* One connection of e less; e goes with its last. */
static void entry_release(guard_t *g, addr_entry_t *e)
{
    if (--e->count > 0)
        return;
    addr_entry_t **slot = &g->buckets[hash_key(&e->key) & g->mask];
    while (*slot != e)
        slot = &(*slot)->next;
    *slot = e->next;
    free(e);
}

/* ------------------------------------------------------------------------
 * Closing
 * ---------------------------------------------------------------------- */

/* Shuts c down and counts it out (its record stays until guard_close).
 * An answer cut halfway is reset when the server closes the socket: the
 * bytes queued for a client that reads slowly are dropped, not kept by
 * the system until it has read them all. (An unfinished connection ends
 * in order: the end of its previous answer may still be on its way.) */
static void cut(guard_t *g, guard_conn_t *c, uint64_t *why)
{
    if (c->state == ANSWERING) {
        const struct linger reset = {1, 0};
        setsockopt(c->fd, SOL_SOCKET, SO_LINGER, &reset, sizeof reset);
    }
    unlist(g, c);
    c->state = CUT;
    entry_release(g, c->addr);
    c->addr = NULL;
    g->open--;
    (*why)++;
    shutdown(c->fd, SHUT_RDWR);
}

/* The connection to close for the newcomer c among waiting and answers
 * (of its address, or of all: c, the newest unfinished, and at least one
 * other), and the count it goes to: the unfinished one or the answering
 * one that has been so longer (the unfinished on a tie). */
static guard_conn_t *victim_of(guard_t *g, guard_conn_t *c,
                               const conn_list_t *waiting,
                               const conn_list_t *answers, uint64_t **why)
{
    guard_conn_t *unfinished = waiting->head != c ? waiting->head : NULL;
    guard_conn_t *answering = answers->head;
    if (answering != NULL &&
        (unfinished == NULL || answering->since < unfinished->since)) {
        *why = &g->counts.outlasted;
        return answering;
    }
    *why = &g->counts.evicted;
    return unfinished != NULL ? unfinished : c;
}

/* Makes room for the newcomer c (victim_of() says whom it closes) when
 * its address is past its share, else when the server is past its
 * limit. */
static void make_room(guard_t *g, guard_conn_t *c)
{
    guard_conn_t *victim = NULL;
    uint64_t *why = NULL;
    if (c->addr->count > g->limits.max_per_address)
        victim = victim_of(g, c, &c->addr->waiting, &c->addr->answers, &why);
    else if (g->open > g->limits.max_connections)
        victim = victim_of(g, c, &g->waiting, &g->answers, &why);
    if (victim != NULL)
        cut(g, victim, why);
}

/* ------------------------------------------------------------------------
 * The calls
 * ---------------------------------------------------------------------- */

guard_t *guard_new(const guard_limits_t *limits)
{
    guard_t *g = calloc(1, sizeof *g);
    if (g == NULL)
        return NULL;
    g->limits = *limits;
    size_t n = 64;
    while (n < 2 * limits->max_connections && n < ((size_t)1 << 20))
        n *= 2;
    g->buckets = calloc(n, sizeof *g->buckets);
    if (g->buckets == NULL) {
        free(g);
        return NULL;
    }
    g->mask = n - 1;
    pthread_mutex_init(&g->lock, NULL);
    pthread_cond_init(&g->wake, NULL);
    return g;
}

void guard_free(guard_t *g)
{
    if (g == NULL)
        return;
    for (size_t i = 0; i <= g->mask; i++)
        while (g->buckets[i] != NULL) {
            addr_entry_t *e = g->buckets[i];
            g->buckets[i] = e->next;
            free(e);
        }
    free(g->buckets);
    pthread_cond_destroy(&g->wake);
    pthread_mutex_destroy(&g->lock);
    free(g);
}

guard_conn_t *guard_open(guard_t *g, int fd, const struct sockaddr *addr)
{
    const addr_key_t key = key_of(addr, 1);
    guard_conn_t *c = calloc(1, sizeof *c);
    pthread_mutex_lock(&g->lock);
    addr_entry_t *e = c != NULL ? entry_of(g, &key) : NULL;
    if (e == NULL) {
        pthread_mutex_unlock(&g->lock);
        free(c);
        shutdown(fd, SHUT_RDWR);
        return NULL;
    }
    c->fd = fd;
    c->addr = e;
    e->count++;
    g->open++;
    wait_from_now(g, c);
    make_room(g, c);
    pthread_mutex_unlock(&g->lock);
    return c;
}

void guard_answering(guard_t *g, guard_conn_t *c)
{
    if (c == NULL)
        return;
    pthread_mutex_lock(&g->lock);
    if (c->state == UNFINISHED) {
        unlist(g, c);
        answer_from_now(g, c);
    }
    pthread_mutex_unlock(&g->lock);
}

void guard_answered(guard_t *g, guard_conn_t *c)
{
    if (c == NULL)
        return;
    pthread_mutex_lock(&g->lock);
    if (c->state == ANSWERING) {
        unlist(g, c);
        wait_from_now(g, c);
    }
    pthread_mutex_unlock(&g->lock);
}

void guard_close(guard_t *g, guard_conn_t *c)
{
    if (c == NULL)
        return;
    pthread_mutex_lock(&g->lock);
    if (c->state != CUT) {
        unlist(g, c);
        entry_release(g, c->addr);
        g->open--;
    }
    pthread_mutex_unlock(&g->lock);
    free(c);
}

size_t guard_sweep(guard_t *g)
{
    size_t n = 0;
    pthread_mutex_lock(&g->lock);
    const uint64_t now = now_ms(g);
    while (g->waiting.head != NULL &&
           now - g->waiting.head->since >= g->limits.request_ms) {
        cut(g, g->waiting.head, &g->counts.overdue);
        n++;
    }
    pthread_mutex_unlock(&g->lock);
    return n;
}

size_t guard_open_count(guard_t *g)
{
    pthread_mutex_lock(&g->lock);
    const size_t n = g->open;
    pthread_mutex_unlock(&g->lock);
    return n;
}

size_t guard_answering_count(guard_t *g)
{
    pthread_mutex_lock(&g->lock);
    const size_t n = g->answering;
    pthread_mutex_unlock(&g->lock);
    return n;
}

size_t guard_unfinished_count(guard_t *g)
{
    size_t n = 0;
    pthread_mutex_lock(&g->lock);
    for (const guard_conn_t *c = g->waiting.head; c != NULL; c = c->next[0])
        n++;
    pthread_mutex_unlock(&g->lock);
    return n;
}

guard_counts_t guard_counts(guard_t *g)
{
    pthread_mutex_lock(&g->lock);
    const guard_counts_t counts = g->counts;
    pthread_mutex_unlock(&g->lock);
    return counts;
}

/* ------------------------------------------------------------------------
 * The sweeper
 * ---------------------------------------------------------------------- */

/* A point period_ms from now on the condition variable's clock. */
static struct timespec later(unsigned period_ms)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    ts.tv_sec += (time_t)(period_ms / 1000);
    ts.tv_nsec += (long)(period_ms % 1000) * 1000000L;
    if (ts.tv_nsec >= 1000000000L) {
        ts.tv_sec++;
        ts.tv_nsec -= 1000000000L;
    }
    return ts;
}

static void *sweeper(void *arg)
{
    guard_t *g = arg;
    pthread_mutex_lock(&g->lock);
    while (!g->stopping) {
        const struct timespec until = later(g->period_ms);
        pthread_cond_timedwait(&g->wake, &g->lock, &until);
        if (g->stopping)
            break;
        pthread_mutex_unlock(&g->lock);
        guard_sweep(g);
        pthread_mutex_lock(&g->lock);
    }
    pthread_mutex_unlock(&g->lock);
    return NULL;
}

int guard_start(guard_t *g, unsigned period_ms)
{
    g->period_ms = period_ms > 0 ? period_ms : 1;
    g->stopping = 0;
    if (pthread_create(&g->thread, NULL, sweeper, g) != 0)
        return -1;
    g->running = 1;
    return 0;
}

int guard_stop(guard_t *g)
{
    if (g == NULL || !g->running)
        return -1;
    pthread_mutex_lock(&g->lock);
    g->stopping = 1;
    pthread_cond_signal(&g->wake);
    pthread_mutex_unlock(&g->lock);
    const int rc = pthread_join(g->thread, NULL);
    g->running = 0;
    return rc == 0 ? 0 : -1;
}

int guard_is_loopback(const struct sockaddr *addr)
{
    const addr_key_t k = key_of(addr, 0);
    if (k.family == 4)
        return k.bytes[0] == 127;
    if (k.family == 6) {
        static const unsigned char one[16] = {[15] = 1};
        return memcmp(k.bytes, one, 16) == 0;
    }
    return 0;
}
