/* SPDX-License-Identifier: MIT */
/*
 * guard.h - the connections of coinline serve held to their limits, so
 * that slow clients cannot take the server: a deadline for the whole of
 * a request (--request-timeout), a share of the connections for each
 * client address (--max-per-address), and room kept for a new
 * connection when all are taken (--max-connections) by closing the one
 * whose request has been coming longest (a slow sender) or whose answer
 * has been going longest (a slow reader).
 *
 * It knows sockets only as descriptors (a connection is closed with
 * shutdown(2); its owner, the HTTP server, then sees it end and calls
 * guard_close()), and nothing of HTTP: http.c tells it when a request is
 * whole and when its answer has gone. Thread-safe: every call takes one
 * lock, O(1) but guard_sweep() (O(connections closed)).
 */
#ifndef COINLINE_CLI_GUARD_H
#define COINLINE_CLI_GUARD_H

#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>

typedef struct guard guard_t;
typedef struct guard_conn guard_conn_t;

/* The limits; clock (NULL: CLOCK_MONOTONIC) gives the time in
 * milliseconds, for the tests. */
typedef struct {
    size_t max_connections; /* connections kept open at once */
    size_t max_per_address; /* connections of one client address */
    uint64_t request_ms;    /* a request's headers and body, whole */
    uint64_t (*clock)(void);
} guard_limits_t;

/* What the guard has closed so far, and why. */
typedef struct {
    uint64_t overdue;   /* a request not whole within request_ms */
    uint64_t evicted;   /* an unfinished one, for a newer connection */
    uint64_t outlasted; /* an answering one, for a newer connection */
} guard_counts_t;

/* A guard with these limits (max_connections and max_per_address at
 * least 1), or NULL when out of memory. */
guard_t *guard_new(const guard_limits_t *limits);

/* Frees the guard; every connection must have been closed (guard_close)
 * and the sweeper stopped. NULL is fine. */
void guard_free(guard_t *g);

/* A new connection, on descriptor fd, from the client address addr (an
 * IPv6 client is known by its /64 network: one machine may have all of
 * its addresses; NULL or another family: all such clients are one).
 * Its first request's clock starts now. When it takes the client's
 * address past max_per_address, a connection of that address is closed;
 * else when it takes the server past max_connections, a connection of
 * all is: of the oldest unfinished one (its request's clock started
 * first) and the one answering longest (its answer began first), the
 * one that has been so longer. An answering one is reset (its answer is
 * cut: the bytes queued for it are dropped). Returns its record, to
 * give to the calls below, or NULL when out of memory (fd is then
 * closed with shutdown). */
guard_conn_t *guard_open(guard_t *g, int fd, const struct sockaddr *addr);

/* The connection's request is whole: its answer is being made or sent,
 * which no deadline cuts short (it may be closed for a newcomer:
 * guard_open). */
void guard_answering(guard_t *g, guard_conn_t *c);

/* The answer has gone (or the request ended): on a kept-alive
 * connection, the next request's clock starts now. */
void guard_answered(guard_t *g, guard_conn_t *c);

/* The connection has closed: its record is freed. NULL is fine. */
void guard_close(guard_t *g, guard_conn_t *c);

/* Closes every connection whose request is unfinished past request_ms.
 * Returns how many. */
size_t guard_sweep(guard_t *g);

/* The sweeper: a thread calling guard_sweep() every period_ms until
 * guard_stop(). Returns 0, or -1 when no thread could be made. */
int guard_start(guard_t *g, unsigned period_ms);

/* Stops the sweeper and waits for its thread to end. Returns 0, or -1
 * when none was running (NULL is fine). */
int guard_stop(guard_t *g);

/* The connections open (not closed by the guard), of which unfinished,
 * and answering. */
size_t guard_open_count(guard_t *g);
size_t guard_unfinished_count(guard_t *g);
size_t guard_answering_count(guard_t *g);

/* What the guard has closed so far. */
guard_counts_t guard_counts(guard_t *g);

/* 1 when addr is a loopback address (127.0.0.0/8, ::1, or an IPv4
 * loopback address mapped into IPv6). */
int guard_is_loopback(const struct sockaddr *addr);

#endif
