/* SPDX-License-Identifier: MIT */
/*
 * http.c - coinline serve's HTTP server, on libmicrohttpd: the only file
 * that knows it.
 *
 * The requests are answered by api.c (pure functions); this file moves
 * the bytes: MHD's internal polling threads (a pool of --threads, on
 * poll(): start() says why not epoll), the headers checked first (Host
 * against DNS rebinding, Content-Length, Content-Type), the body of a
 * POST gathered up to --max-body (a larger one is refused with 413 as
 * soon as its Content-Length says so, or as soon as the bytes read pass
 * the limit, without keeping them), bodies and responses counted against
 * --max-memory (the budget below), the page's ETags and 304s, idle
 * clients cut off after --timeout seconds. Every connection is given to
 * the guard (guard.c) as it opens and told of its request's end and its
 * answer's, which bounds a request's time (--request-timeout) and makes
 * room for a newcomer when slow clients hold every connection. A whole
 * request with a large body is handed to the pool (pool.c), its
 * connection suspended until the answer is made, so that MHD's threads
 * stay free for the page, /api/health and small requests. The page is
 * compiled in: no file is read while serving. SIGINT and SIGTERM stop
 * the daemon (requests in progress, from their headers on, a body still
 * coming waited for, and those waiting for the pool, finish; 5 s at most
 * once the pool is done) and the command exits 0.
 *
 * The listening socket is made here and handed to MHD, so that an
 * address that cannot be listened on is said in one line of ours, with
 * its reason ("cannot listen on 127.0.0.1:8080: Address already in
 * use"); MHD's own messages go through on_log(), never raw to stderr.
 *
 * Built without libmicrohttpd (make could not find it with pkg-config),
 * http_serve() says how to get it and fails.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>
#ifdef __GLIBC__
#include <malloc.h> /* malloc_trim() */
#endif

#include "api.h"
#include "guard.h"
#include "http.h"
#include "msg.h"
#include "pool.h"

#ifdef COINLINE_HAVE_MHD
#include <microhttpd.h>
#endif

#ifdef COINLINE_HAVE_MHD

/* ------------------------------------------------------------------------
 * The memory budget
 *
 * Every byte of a request body kept and of a response built is counted
 * in held from the moment it is allocated until it is freed (a body
 * after its answer is built, a response in MHD's free callback, once
 * it is sent or the client has gone). A request that would take held
 * past --max-memory gets a 503 with Retry-After: the server's memory
 * stays bounded however many slow readers hold large responses. After
 * a large buffer is freed, malloc_trim() gives the pages back to the
 * system, so that a peak does not stay in the process's RSS.
 * ---------------------------------------------------------------------- */

static struct {
    atomic_size_t held; /* bytes of bodies and responses held now */
    size_t max;         /* --max-memory */
} budget;

/* A buffer this large, once freed, is worth a malloc_trim(). */
#define TRIM_AT ((size_t)1 << 20)

/* Counts n more bytes held, if the budget allows them (or force). */
static int budget_take(size_t n, int force)
{
    size_t now = atomic_load(&budget.held);
    do {
        if (!force && (n > budget.max || now > budget.max - n))
            return 0;
    } while (!atomic_compare_exchange_weak(&budget.held, &now, now + n));
    return 1;
}

/* After n bytes were freed: a large buffer's pages go back to the
 * system (glibc keeps them in its arenas otherwise). */
static void trim_after(size_t n)
{
#ifdef __GLIBC__
    if (n >= TRIM_AT)
        malloc_trim(0);
#else
    (void)n;
#endif
}

/* Counts n bytes freed; trims the heap after a large one. */
static void budget_give(size_t n)
{
    atomic_fetch_sub(&budget.held, n);
    trim_after(n);
}

/* A response body held by MHD: freed, and its bytes given back, by
 * MHD's free callback. */
typedef struct {
    char *data;
    size_t size;
} held_t;

static void free_held(void *cls)
{
    held_t *h = cls;
    free(h->data);
    budget_give(h->size);
    free(h);
}

/* ------------------------------------------------------------------------
 * Responses
 * ---------------------------------------------------------------------- */

/* The page's policy: its own files only, no inline script or style (the
 * page sets styles through the CSSOM, which style-src allows);
 * 'wasm-unsafe-eval' lets engine.js compile WebAssembly, and allows no
 * eval() of text; a worker only from data: (web/worker.js starts its
 * Worker from a data: URL of the page's own scripts); never framed. */
static const char page_csp[] =
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; "
    "worker-src data:; "
    "style-src 'self'; img-src 'self' data:; connect-src 'self'; "
    "object-src 'none'; base-uri 'none'; frame-ancestors 'none'; "
    "form-action 'self'";

/* The ETags of the page's files (api_assets[i]), made at start. */
static char (*etags)[20];

/* The ETag of the page's file whose bytes res holds, or NULL. */
static const char *etag_of(const api_response_t *res)
{
    for (size_t i = 0; etags != NULL && api_assets[i].path != NULL; i++)
        if ((const char *)api_assets[i].data == res->data)
            return etags[i];
    return NULL;
}

/* The headers of a response: its type, its policies, Allow,
 * Retry-After, ETag. */
static void add_headers(struct MHD_Response *r, const api_response_t *res,
                        const char *etag)
{
    MHD_add_response_header(r, MHD_HTTP_HEADER_CONTENT_TYPE, res->type);
    MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
    MHD_add_response_header(r, "Referrer-Policy", "no-referrer");
    if (res->allow != NULL)
        MHD_add_response_header(r, MHD_HTTP_HEADER_ALLOW, res->allow);
    if (res->status == 503)
        MHD_add_response_header(r, MHD_HTTP_HEADER_RETRY_AFTER, "1");
    if (!res->page) {
        MHD_add_response_header(r, MHD_HTTP_HEADER_CACHE_CONTROL, "no-store");
        MHD_add_response_header(r, "Content-Security-Policy",
                                "default-src 'none'; "
                                "frame-ancestors 'none'");
        return;
    }
    MHD_add_response_header(r, MHD_HTTP_HEADER_CACHE_CONTROL, "no-cache");
    MHD_add_response_header(r, "Content-Security-Policy", page_csp);
    MHD_add_response_header(r, "X-Frame-Options", "DENY");
    if (etag != NULL)
        MHD_add_response_header(r, MHD_HTTP_HEADER_ETAG, etag);
}

/* The MHD response of res: an owned body is handed to MHD, counted in
 * the budget (now, unless counted already) until MHD frees it. */
static struct MHD_Response *make_response(api_response_t *res, int counted)
{
    if (res->owned == NULL)
        return MHD_create_response_from_buffer(res->len, (void *)res->data,
                                               MHD_RESPMEM_PERSISTENT);
    held_t *h = malloc(sizeof *h);
    if (h == NULL) {
        if (counted)
            budget_give(res->len);
        return NULL;
    }
    h->data = res->owned;
    h->size = res->len;
    if (!counted)
        budget_take(h->size, 1); /* a small error, or a page's 500 */
    struct MHD_Response *r =
        MHD_create_response_from_buffer_with_free_callback_cls(
            res->len, res->owned, free_held, h);
    if (r == NULL) {
        budget_give(h->size);
        free(h);
        return NULL;
    }
    res->owned = NULL; /* MHD frees it */
    return r;
}

/* Queues res on c (its owned body counted in the budget already, or
 * not); res is released. */
static enum MHD_Result queue(struct MHD_Connection *c, api_response_t *res,
                             int counted)
{
    const char *etag = res->page && res->status == 200 ? etag_of(res) : NULL;
    struct MHD_Response *r = make_response(res, counted);
    if (r == NULL) {
        api_response_free(res);
        return MHD_NO;
    }
    add_headers(r, res, etag);
    const enum MHD_Result ok = MHD_queue_response(c, (unsigned)res->status, r);
    MHD_destroy_response(r);
    api_response_free(res);
    return ok;
}

/* Queues res on c; res is released. */
static enum MHD_Result send_response(struct MHD_Connection *c,
                                     api_response_t *res)
{
    return queue(c, res, 0);
}

/* Sends {"error": ...} with status. */
static enum MHD_Result send_error(struct MHD_Connection *c, int status,
                                  const char *fmt, ...) COINLINE_PRINTF(3, 4);

static enum MHD_Result send_error(struct MHD_Connection *c, int status,
                                  const char *fmt, ...)
{
    api_response_t res;
    char msg[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    memset(&res, 0, sizeof res);
    api_error(&res, status, "%s", msg);
    return send_response(c, &res);
}

/* The 503 of a server whose memory budget is spent. */
static enum MHD_Result send_busy(struct MHD_Connection *c)
{
    return send_error(c, 503,
                      "the server is busy: its memory for requests "
                      "(--max-memory %zu bytes) is in use; try again",
                      budget.max);
}

/* The 304 of a page's file the client has (If-None-Match). */
static enum MHD_Result send_not_modified(struct MHD_Connection *c,
                                         const api_response_t *res,
                                         const char *etag)
{
    /* The file's own bytes: MHD sends no body with a 304, and its
     * Content-Length is then the file's, as RFC 9110 asks. */
    struct MHD_Response *r = MHD_create_response_from_buffer(
        res->len, (void *)res->data, MHD_RESPMEM_PERSISTENT);
    if (r == NULL)
        return MHD_NO;
    add_headers(r, res, etag);
    const enum MHD_Result ok = MHD_queue_response(c, MHD_HTTP_NOT_MODIFIED, r);
    MHD_destroy_response(r);
    return ok;
}

/* ------------------------------------------------------------------------
 * Requests
 * ---------------------------------------------------------------------- */

/* What the access handler needs: the limits, the names taken in Host,
 * the connections' guard and the threads that compute. */
typedef struct {
    const api_config_t *api;
    const char *const *allow_hosts;
    size_t n_allow_hosts;
    guard_t *guard;
    pool_t *pool;
    size_t pool_bound; /* the bytes of bodies that may wait for the pool */
} server_t;

/* One request in progress: its body so far, and, when its answer is
 * computed by the pool, what the pool needs and what it made. */
typedef struct {
    char *body;
    size_t len, cap;
    int wanted;   /* the endpoint reads a body (else it is dropped) */
    int too_big;  /* the body passed --max-body: its bytes are dropped */
    int busy;     /* the budget could not hold the body: dropped, 503 */
    int answered; /* a response is queued, or being made */
    int computed; /* the pool has made res: it is to be sent */
    pool_job_t job;
    struct MHD_Connection *conn;
    const server_t *server;
    const char *method, *url; /* MHD's, alive as long as the request */
    api_response_t res;
} exchange_t;

/* The requests in progress: from the arrival of their headers (begin())
 * to their end (on_completed()), a body still coming, an answer being
 * made or sent. Stopping, the server waits for them. */
static atomic_size_t in_progress;

/* The body's buffer is freed, and its bytes given back. */
static void drop_body(exchange_t *X)
{
    free(X->body);
    X->body = NULL;
    if (X->cap > 0)
        budget_give(X->cap);
    X->cap = 0;
}

/* The 413 of a body over the limit. */
static enum MHD_Result send_too_big(struct MHD_Connection *c,
                                    const api_config_t *cfg)
{
    return send_error(c, 413,
                      "the body is larger than %zu bytes, the limit of "
                      "this server",
                      cfg->max_body);
}

/* The headers that frame a request (Content-Length, Host), seen one by
 * one: those that must not come twice, or not differ. */
typedef struct {
    const char *first;
    int count, differ;
    int hosts; /* Host headers */
} framing_t;

static enum MHD_Result on_header(void *cls, enum MHD_ValueKind kind,
                                 const char *key, const char *value)
{
    framing_t *L = cls;
    (void)kind;
    if (strcasecmp(key, MHD_HTTP_HEADER_HOST) == 0)
        L->hosts++;
    if (value == NULL || strcasecmp(key, MHD_HTTP_HEADER_CONTENT_LENGTH) != 0)
        return MHD_YES;
    if (L->count++ == 0)
        L->first = value;
    else if (strcmp(L->first, value) != 0)
        L->differ = 1;
    return MHD_YES;
}

/* The request's Content-Length (0 when it has none) in *out; -1 when
 * two Content-Length headers differ (a request smuggled past a proxy
 * would rely on it), -2 when it has more than one Host header (RFC 9112
 * asks for a 400). MHD itself refuses a value that is not a number or
 * does not fit in 64 bits (docs/api.md says how). */
static int read_framing(struct MHD_Connection *c, unsigned long long *out)
{
    framing_t L = {NULL, 0, 0, 0};
    MHD_get_connection_values(c, MHD_HEADER_KIND, on_header, &L);
    *out = L.first != NULL ? strtoull(L.first, NULL, 10) : 0;
    return L.hosts > 1 ? -2 : L.differ ? -1 : 0;
}

/* The checks of a request's headers, before its body is read: Host
 * (DNS rebinding), Content-Length, Content-Type. Returns -1 to go on,
 * else what to return to MHD (an error queued). */
static int check_headers(const server_t *S, struct MHD_Connection *c,
                         const char *version, exchange_t *X)
{
    const char *host =
        MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_HOST);
    const char *type = MHD_lookup_connection_value(
        c, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_TYPE);
    unsigned long long announced;
    const int framing = read_framing(c, &announced);
    X->answered = 1;
    if (host == NULL && strcmp(version, MHD_HTTP_VERSION_1_0) != 0)
        return send_error(c, 400, "the Host header is missing");
    if (framing == -2)
        return send_error(c, 400, "more than one Host header");
    if (host != NULL && api_host_form(host) == -1)
        return send_error(c, 400, "the Host header is empty");
    if (host != NULL && api_host_form(host) == -2)
        return send_error(c, 400,
                          "the Host header is malformed: a name or an "
                          "address, then an optional :PORT (1 to 5 digits)");
    if (host != NULL &&
        !api_host_allowed(host, S->allow_hosts, S->n_allow_hosts))
        return send_error(c, 403,
                          "the Host header names another server; a name "
                          "of this one must be allowed with --allow-host");
    if (framing != 0)
        return send_error(c, 400, "two different Content-Length headers");
    if (announced > S->api->max_body) {
        X->too_big = 1;
        return send_too_big(c, S->api);
    }
    if (X->wanted && !api_json_type(type))
        return send_error(c, 415,
                          "the body must be sent as Content-Type: "
                          "application/json");
    if (X->wanted && atomic_load(&budget.held) >= budget.max)
        return send_busy(c);
    X->answered = 0;
    return -1;
}

/* The first call for a request (its headers read): a request refused
 * by its headers (or announcing too long a body) is answered now (MHD
 * then closes the connection without reading the body); the others at
 * their end, which keeps the connection open for the next request. */
static enum MHD_Result begin(const server_t *S, struct MHD_Connection *c,
                             const char *url, const char *method,
                             const char *version, void **state)
{
    exchange_t *X = calloc(1, sizeof *X);
    if (X == NULL)
        return MHD_NO;
    *state = X;
    atomic_fetch_add(&in_progress, 1);
    X->wanted = api_wants_body(method, url);
    const int st = check_headers(S, c, version, X);
    /* The buffer grows as bytes come: an announced length costs nothing
     * until the body is sent. */
    return st < 0 ? MHD_YES : (enum MHD_Result)st;
}

/* Grows the body's buffer to hold need bytes, within the budget.
 * Returns 0, -1 (out of memory) or -2 (over the budget). */
static int grow(const api_config_t *cfg, exchange_t *X, size_t need)
{
    size_t cap = X->cap > 0 ? X->cap : 4096;
    while (cap < need)
        cap = cap > cfg->max_body / 2 ? cfg->max_body : 2 * cap;
    if (!budget_take(cap - X->cap, 0))
        return -2;
    char *grown = realloc(X->body, cap);
    if (grown == NULL) {
        budget_give(cap - X->cap);
        return -1;
    }
    X->body = grown;
    X->cap = cap;
    return 0;
}

/* A piece of the body: kept, or dropped once the body passes the limit
 * or the budget (and then the connection is closed if the client sends
 * as much again past the limit: a 413 is only sent when the client
 * stops). */
static enum MHD_Result take(const api_config_t *cfg, exchange_t *X,
                            const char *data, size_t size)
{
    if (X->answered)
        return MHD_YES;
    if (X->too_big || X->busy || !X->wanted) {
        X->len += size; /* counts the bytes dropped */
        return X->len > cfg->max_body ? MHD_NO : MHD_YES;
    }
    if (size > cfg->max_body - X->len) {
        X->too_big = 1;
        drop_body(X);
        X->len = size;
        return MHD_YES;
    }
    if (X->len + size > X->cap) {
        const int rc = grow(cfg, X, X->len + size);
        if (rc == -1)
            return MHD_NO;
        if (rc == -2) {
            X->busy = 1;
            drop_body(X);
            X->len += size;
            return MHD_YES;
        }
    }
    memcpy(X->body + X->len, data, size);
    X->len += size;
    return MHD_YES;
}

/* The connection's record in the guard (NULL when it has none). */
static guard_conn_t *guarded(struct MHD_Connection *c)
{
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(c, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info != NULL ? info->socket_context : NULL;
}

/* Sends res, the answer of a whole request: a 304 for a page's file the
 * client has, else res if the budget can hold it. */
static enum MHD_Result deliver(struct MHD_Connection *c, exchange_t *X,
                               api_response_t *res)
{
    if (res->page && res->status == 200) {
        const char *etag = etag_of(res);
        const char *inm = MHD_lookup_connection_value(
            c, MHD_HEADER_KIND, MHD_HTTP_HEADER_IF_NONE_MATCH);
        if (etag != NULL && inm != NULL && api_etag_matches(inm, etag))
            return send_not_modified(c, res, etag);
    }
    if (res->owned == NULL || res->status != 200)
        return send_response(c, res);
    /* /api/health (no body wanted) is always answered: counted, never
     * refused, so that a full budget never fails a health check. */
    if (budget_take(res->len, !X->wanted))
        return queue(c, res, 1);
    const size_t len = res->len;
    api_response_free(res);
    trim_after(len);
    if (len > budget.max)
        return send_error(c, 413,
                          "the answer would be %zu bytes, more than this "
                          "server holds at once (--max-memory %zu)",
                          len, budget.max);
    return send_busy(c);
}

/* The pool's job: the answer computed, the body freed, the connection
 * resumed (MHD then calls on_request() again, which sends it). */
static void compute(pool_job_t *job)
{
    exchange_t *X =
        (exchange_t *)(void *)((char *)job - offsetof(exchange_t, job));
    api_handle(X->server->api, X->method, X->url, X->body, X->len, &X->res);
    drop_body(X);
    X->computed = 1;
    MHD_resume_connection(X->conn);
}

/* The 503 of a server whose threads have as much work waiting as it
 * queues. */
static enum MHD_Result send_queue_full(struct MHD_Connection *c,
                                       const server_t *S)
{
    return send_error(c, 503,
                      "the server is busy: the requests waiting for its "
                      "threads would pass %zu bytes (--threads x "
                      "--max-body) with this one; try again",
                      S->pool_bound);
}

/* A request whose body is this large (a row of some 500 coins) is
 * computed by the pool: its answer takes more than a few microseconds,
 * and the threads of the connections stay free for the quick ones. */
#define POOL_MIN_BODY 4096

/* Hands a whole request to the pool, its connection suspended until
 * its answer is made. Returns -1 when the pool is stopping (the caller
 * answers it), else what to return to MHD. */
static int hand_over(struct MHD_Connection *c, const server_t *S,
                     const char *method, const char *url, exchange_t *X)
{
    const int rc = pool_reserve(S->pool, X->len);
    if (rc == -2)
        return -1;
    if (rc == -1) {
        drop_body(X);
        return send_queue_full(c, S);
    }
    X->conn = c;
    X->server = S;
    X->method = method;
    X->url = url;
    X->job.run = compute;
    X->job.weight = X->len;
    MHD_suspend_connection(c);
    pool_push(S->pool, &X->job);
    return MHD_YES;
}

/* The answer of a whole request: by the pool for a large body, else
 * here. */
static enum MHD_Result answer(struct MHD_Connection *c, const server_t *S,
                              const char *method, const char *url,
                              exchange_t *X)
{
    if (S->pool != NULL && X->wanted && X->len >= POOL_MIN_BODY) {
        const int rc = hand_over(c, S, method, url, X);
        if (rc >= 0)
            return (enum MHD_Result)rc;
    }
    api_response_t res;
    api_handle(S->api, method, url, X->body, X->wanted ? X->len : 0, &res);
    drop_body(X);
    return deliver(c, X, &res);
}

/* MHD's access handler: called once with the headers, once per piece of
 * the body, and once at its end (and once more after the pool has made
 * the answer). From the end of the body on, the request is answering:
 * no deadline cuts it short. */
static enum MHD_Result on_request(void *cls, struct MHD_Connection *c,
                                  const char *url, const char *method,
                                  const char *version, const char *data,
                                  size_t *size, void **state)
{
    const server_t *S = cls;
    exchange_t *X = *state;
    if (X == NULL) {
        const enum MHD_Result ok = begin(S, c, url, method, version, state);
        X = *state;
        if (X != NULL && X->answered)
            guard_answering(S->guard, guarded(c));
        return ok;
    }
    if (*size > 0) {
        const enum MHD_Result ok = take(S->api, X, data, *size);
        *size = 0;
        return ok;
    }
    if (X->computed) {
        X->computed = 0;
        return deliver(c, X, &X->res);
    }
    if (X->answered)
        return MHD_YES;
    X->answered = 1;
    guard_answering(S->guard, guarded(c));
    if (X->too_big)
        return send_too_big(c, S->api);
    if (X->busy)
        return send_busy(c);
    return answer(c, S, method, url, X);
}

/* MHD's end of a request: releases its state; on a kept-alive
 * connection, the next request's clock starts. */
static void on_completed(void *cls, struct MHD_Connection *c, void **state,
                         enum MHD_RequestTerminationCode why)
{
    const server_t *S = cls;
    exchange_t *X = *state;
    (void)why;
    if (X != NULL) {
        drop_body(X);
        if (X->computed) /* never sent: the daemon stopped */
            api_response_free(&X->res);
        atomic_fetch_sub(&in_progress, 1);
    }
    free(X);
    *state = NULL;
    guard_answered(S->guard, guarded(c));
}

/* MHD's news of a connection: opened (given to the guard, which may
 * close it, or another, to keep its limits) or closed. */
static void on_connection(void *cls, struct MHD_Connection *c, void **record,
                          enum MHD_ConnectionNotificationCode what)
{
    const server_t *S = cls;
    if (what == MHD_CONNECTION_NOTIFY_CLOSED) {
        guard_close(S->guard, *record);
        *record = NULL;
        return;
    }
    const union MHD_ConnectionInfo *fd =
        MHD_get_connection_info(c, MHD_CONNECTION_INFO_CONNECTION_FD);
    const union MHD_ConnectionInfo *from =
        MHD_get_connection_info(c, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    if (fd == NULL)
        return;
    *record = guard_open(S->guard, fd->connect_fd,
                         from != NULL ? from->client_addr : NULL);
}

/* MHD's own messages. While the daemon starts, the first is kept (not
 * printed): if the start fails, it is the reason given in our one line.
 * Once started, each is printed as one line after our prefix, but those
 * that say a client left in the middle of a request: the guard closes
 * such connections by the thousand under a flood of slow clients, and
 * a line each would flood the log in turn. MHD calls this from its
 * threads: the lock keeps the lines whole. */
static struct {
    pthread_mutex_t lock;
    int started;
    char first[512];
} mhd_log = {PTHREAD_MUTEX_INITIALIZER, 0, ""};

/* 1 for a message of MHD's that says a client left mid-request. */
static int client_left(const char *line)
{
    static const char *const said[] = {
        "Connection socket is closed when reading request",
        "Connection was closed by remote side",
        "Socket has been disconnected when reading request",
    };
    for (size_t i = 0; i < sizeof said / sizeof *said; i++)
        if (strncmp(line, said[i], strlen(said[i])) == 0)
            return 1;
    return 0;
}

static void on_log(void *cls, const char *fmt, va_list ap)
    COINLINE_PRINTF(2, 0);

static void on_log(void *cls, const char *fmt, va_list ap)
{
    char line[sizeof mhd_log.first];
    (void)cls;
    vsnprintf(line, sizeof line, fmt, ap);
    line[strcspn(line, "\r\n")] = '\0';
    pthread_mutex_lock(&mhd_log.lock);
    if (mhd_log.started) {
        if (!client_left(line))
            fprintf(stderr, "%s%s\n", cli_msg_prefix(), line);
    } else if (mhd_log.first[0] == '\0')
        memcpy(mhd_log.first, line, sizeof line);
    pthread_mutex_unlock(&mhd_log.lock);
}

/* The address as "127.0.0.1:8080" or "[::1]:8080", with this port. */
static void format_address(const http_config_t *O, unsigned port, char *buf,
                           size_t size)
{
    char text[INET6_ADDRSTRLEN];
    const void *a =
        O->ipv6
            ? (const void *)&((const struct sockaddr_in6 *)&O->addr)->sin6_addr
            : (const void *)&((const struct sockaddr_in *)&O->addr)->sin_addr;
    inet_ntop(O->ipv6 ? AF_INET6 : AF_INET, a, text, sizeof text);
    snprintf(buf, size, "%s%s%s:%u", O->ipv6 ? "[" : "", text,
             O->ipv6 ? "]" : "", port);
}

/* The listening socket, made here rather than by MHD so that a refusal
 * (the port in use, a privileged port) is said once, with its reason.
 * Returns the socket, or -1 (said on stderr). */
static int open_listener(const http_config_t *O)
{
    const int one = 1;
    const socklen_t len =
        O->ipv6 ? sizeof(struct sockaddr_in6) : sizeof(struct sockaddr_in);
    int fd = socket(O->ipv6 ? AF_INET6 : AF_INET, SOCK_STREAM, 0);
    if (fd >= 0) {
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
        if (O->ipv6)
            setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &one, sizeof one);
    }
    if (fd < 0 || bind(fd, (const struct sockaddr *)&O->addr, len) != 0 ||
        listen(fd, SOMAXCONN) != 0) {
        const int e = errno;
        char where[INET6_ADDRSTRLEN + 16];
        format_address(O, (unsigned)O->port, where, sizeof where);
        cli_error("cannot listen on %s: %s", where, strerror(e));
        if (fd >= 0)
            close(fd);
        return -1;
    }
    return fd;
}

/* The port fd is bound to (the one chosen for --port 0). */
static unsigned bound_port(int fd, const http_config_t *O)
{
    struct sockaddr_storage a;
    socklen_t len = sizeof a;
    if (getsockname(fd, (struct sockaddr *)&a, &len) != 0)
        return (unsigned)O->port;
    return ntohs(a.ss_family == AF_INET6
                     ? ((const struct sockaddr_in6 *)&a)->sin6_port
                     : ((const struct sockaddr_in *)&a)->sin_port);
}

/* The connections MHD takes beyond --max-connections: while the guard
 * closes one to make room for a newcomer (counted out at once), MHD
 * holds both until the closed one's thread sees it end. */
#define ROOM_SLACK 64

/* The open files the connections need: the soft limit raised up to the
 * hard one if need be. Returns the connections that fit (at most
 * wanted; said on stderr when fewer). */
static unsigned fit_connections(unsigned wanted)
{
    /* the listener, poll, stdio, MHD's, and the slack */
    const rlim_t spare = 64 + ROOM_SLACK;
    struct rlimit rl;
    if (getrlimit(RLIMIT_NOFILE, &rl) != 0)
        return wanted;
    if (rl.rlim_cur != RLIM_INFINITY && rl.rlim_cur < wanted + spare) {
        const rlim_t old = rl.rlim_cur;
        rl.rlim_cur =
            rl.rlim_max == RLIM_INFINITY || rl.rlim_max >= wanted + spare
                ? wanted + spare
                : rl.rlim_max;
        if (setrlimit(RLIMIT_NOFILE, &rl) != 0)
            rl.rlim_cur = old;
    }
    if (rl.rlim_cur == RLIM_INFINITY || rl.rlim_cur >= wanted + spare)
        return wanted;
    const unsigned fit =
        rl.rlim_cur > spare + 16 ? (unsigned)(rl.rlim_cur - spare) : 16;
    fprintf(stderr,
            "%swarning: %u connections at once, not %u: the limit of open "
            "files (ulimit -n) is %llu\n",
            cli_msg_prefix(), fit, wanted, (unsigned long long)rl.rlim_cur);
    return fit;
}

/* Starts the daemon on the listening socket fd (MHD closes it when it
 * stops).
 *
 * poll(), not epoll: libmicrohttpd 0.9.75's epoll loop stalls under a
 * burst of connections. MHD_epoll() drains epoll_wait() in a loop while
 * a call returns MAX_EVENTS (128) events, and it makes the next call
 * with the same blocking timeout. When a thread has exactly 128 (or 256,
 * ...) connections ready, the call after the last full batch blocks with
 * every event gathered still unhandled: each socket holds an unread
 * request, the thread sits in epoll_wait() at 0 % CPU, until a timeout
 * (--timeout) or a new event wakes it. The thread pool makes it likely:
 * each worker takes an equal share of MHD_OPTION_CONNECTION_LIMIT (512
 * over 4 threads is 128), and a worker at its share drops the listening
 * socket from its set, so 128 busy connections give exactly 128 events.
 * Seen at 300 to 1000 connections (60-80k requests/s down to under 500;
 * /api/health 3-6 s); a limit of 508 (127 a worker) made it go away,
 * which confirms the cause, and so does poll(), which has no such loop. */
static struct MHD_Daemon *start(const http_config_t *O, const server_t *S,
                                int fd, unsigned connections)
{
    const unsigned flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_POLL |
                           MHD_USE_ERROR_LOG | MHD_ALLOW_SUSPEND_RESUME |
                           (O->ipv6 ? MHD_USE_IPv6 : 0);
    /* One thread: no pool (MHD would warn that a pool of 1 is none). */
    const unsigned pool = O->threads > 1 ? (unsigned)O->threads : 0;
    /* The logger first, so that MHD's messages on the options use it. */
    return MHD_start_daemon(
        flags, 0, NULL, NULL, on_request, (void *)S, MHD_OPTION_EXTERNAL_LOGGER,
        on_log, NULL, MHD_OPTION_LISTEN_SOCKET, (MHD_socket)fd,
        MHD_OPTION_THREAD_POOL_SIZE, pool, MHD_OPTION_CONNECTION_TIMEOUT,
        (unsigned)O->timeout, MHD_OPTION_CONNECTION_LIMIT,
        connections + ROOM_SLACK, MHD_OPTION_NOTIFY_COMPLETED, on_completed,
        (void *)S, MHD_OPTION_NOTIFY_CONNECTION, on_connection, (void *)S,
        MHD_OPTION_END);
}

/* The ETags of the page's files, once. Returns 0 or -1 (out of memory). */
static int make_etags(void)
{
    size_t n = 0;
    while (api_assets[n].path != NULL)
        n++;
    etags = calloc(n + 1, sizeof *etags);
    if (etags == NULL)
        return -1;
    for (size_t i = 0; i < n; i++)
        api_etag(api_assets[i].data, api_assets[i].size, etags[i]);
    return 0;
}

/* 1 when the address is 0.0.0.0 or ::, every address of the machine. */
static int any_address(const http_config_t *O)
{
    if (O->ipv6)
        return IN6_IS_ADDR_UNSPECIFIED(
            &((const struct sockaddr_in6 *)&O->addr)->sin6_addr);
    return ((const struct sockaddr_in *)&O->addr)->sin_addr.s_addr ==
           htonl(INADDR_ANY);
}

/* The line that says where the server listens; for every address of the
 * machine, a URL a browser can open here, and a warning. */
static void say_listening(const http_config_t *O, const char *where,
                          unsigned port)
{
    const char *p = cli_msg_prefix();
    if (!any_address(O)) {
        fprintf(stderr, "%slistening on http://%s/\n", p, where);
        return;
    }
    fprintf(stderr,
            "%slistening on http://%s/ (every address of this machine: "
            "open http://%s:%u/ here)\n",
            p, where, O->ipv6 ? "[::1]" : "127.0.0.1", port);
    fprintf(stderr,
            "%swarning: other machines can reach this server; it answers "
            "requests whose Host is an IP address, localhost, or a name of "
            "--allow-host\n",
            p);
}

/* How often the guard looks for requests past --request-timeout. */
#define SWEEP_MS 250

/* The guard of connections (at most this many) and the pool of threads
 * that compute. Returns 0, or -1 (said on stderr). */
static int make_helpers(const http_config_t *O, server_t *S,
                        unsigned connections)
{
    const size_t per = (uint64_t)O->per_address < connections
                           ? (size_t)O->per_address
                           : connections;
    const guard_limits_t limits = {connections, per,
                                   (uint64_t)O->request_timeout * 1000, NULL};
    const size_t threads = (size_t)O->threads;
    S->pool_bound = O->api.max_body > SIZE_MAX / threads
                        ? SIZE_MAX
                        : threads * O->api.max_body;
    S->guard = guard_new(&limits);
    S->pool = pool_new((unsigned)O->threads, S->pool_bound);
    if (S->guard != NULL && S->pool != NULL &&
        guard_start(S->guard, SWEEP_MS) == 0)
        return 0;
    pool_free(S->pool);
    guard_free(S->guard);
    S->pool = NULL;
    S->guard = NULL;
    cli_error("cannot start the server's threads: %s", strerror(errno));
    return -1;
}

/* Frees what make_helpers() made, once MHD has stopped (its threads use
 * them to the end). */
static void free_helpers(server_t *S)
{
    pool_free(S->pool);
    S->pool = NULL;
    guard_stop(S->guard);
    guard_free(S->guard);
    S->guard = NULL;
}

/* Starts serving on the address of the options, or says in one line why
 * it cannot. */
static struct MHD_Daemon *start_serving(const http_config_t *O, server_t *S)
{
    char where[INET6_ADDRSTRLEN + 16];
    if (make_etags() != 0) {
        cli_error("out of memory");
        return NULL;
    }
    const unsigned connections = fit_connections((unsigned)O->connections);
    if (make_helpers(O, S, connections) != 0)
        return NULL;
    const int fd = open_listener(O);
    if (fd < 0) {
        free_helpers(S);
        return NULL;
    }
    const unsigned port = bound_port(fd, O);
    format_address(O, port, where, sizeof where);
    struct MHD_Daemon *d = start(O, S, fd, connections);
    pthread_mutex_lock(&mhd_log.lock);
    mhd_log.started = d != NULL;
    pthread_mutex_unlock(&mhd_log.lock);
    if (d == NULL) {
        close(fd);
        free_helpers(S);
        cli_error("cannot serve on %s: %s", where,
                  mhd_log.first[0] != '\0' ? mhd_log.first
                                           : "libmicrohttpd would not start");
        return NULL;
    }
    say_listening(O, where, port);
    return d;
}

/* How long the requests in progress may take to end, once stopping
 * (and once the pool's jobs have ended). */
#define FINISH_MS 5000

/* Waits, FINISH_MS at most, until no request is in progress (a body
 * coming, an answer being made or sent): MHD_stop_daemon() closes every
 * connection, even one halfway through a body or a large answer. A
 * connection kept alive between two requests is not waited for. New
 * requests may still come meanwhile: they are answered too, the pool
 * computing none. */
static void finish_requests(void)
{
    const struct timespec tick = {0, 20 * 1000 * 1000};
    for (int waited = 0; waited < FINISH_MS && atomic_load(&in_progress) > 0;
         waited += 20)
        nanosleep(&tick, NULL);
}

/* Serves until SIGINT or SIGTERM. */
int http_serve(const http_config_t *O)
{
    sigset_t stop;
    int sig = 0;
    sigemptyset(&stop);
    sigaddset(&stop, SIGINT);
    sigaddset(&stop, SIGTERM);
    /* Blocked before MHD makes its threads, which inherit the mask: the
     * signals are taken by sigwait() here, and only here. */
    pthread_sigmask(SIG_BLOCK, &stop, NULL);
    signal(SIGPIPE, SIG_IGN);
    server_t S = {&O->api, O->allow_hosts, O->n_allow_hosts, NULL, NULL, 0};
    budget.max = O->max_memory;
#ifdef __GLIBC__
    /* Large buffers (a review, the engine's arrays) each in their own
     * mapping, given back when freed: glibc would otherwise raise this
     * threshold after the first large free and keep them in its heaps. */
    mallopt(M_MMAP_THRESHOLD, 256 * 1024);
#endif
    struct MHD_Daemon *d = start_serving(O, &S);
    if (d == NULL) {
        free(etags);
        etags = NULL;
        return CLI_FAIL;
    }
    while (sigwait(&stop, &sig) != 0)
        continue;
    fprintf(stderr, "%s%s: stopping\n", cli_msg_prefix(),
            sig == SIGINT ? "SIGINT" : "SIGTERM");
    /* The pool's jobs end, and resume their connections, before MHD
     * stops (it must find none suspended); MHD's threads may still ask
     * the pool, which then says it stops, until they end. */
    pool_stop(S.pool);
    finish_requests();
    MHD_stop_daemon(d);
    free_helpers(&S);
    free(etags);
    etags = NULL;
    return CLI_OK;
}

#else

/* Built without libmicrohttpd: says why, as the Makefile found it
 * (COINLINE_NO_MHD_WHY), and the remedy for that cause. */
#ifndef COINLINE_NO_MHD_WHY
#define COINLINE_NO_MHD_WHY 0
#endif

int http_serve(const http_config_t *O)
{
    static const char *const remedy[] = {
        "install libmicrohttpd and pkg-config (Debian, Ubuntu: apt-get "
        "install libmicrohttpd-dev pkg-config), then rebuild (make)",
        "rebuild without MHD=no (make)",
        "install pkg-config, through which make finds libmicrohttpd "
        "(Debian, Ubuntu: apt-get install pkg-config), then rebuild (make)",
        "install libmicrohttpd where pkg-config finds it (Debian, Ubuntu: "
        "apt-get install libmicrohttpd-dev), then rebuild (make)",
    };
    const unsigned why = COINLINE_NO_MHD_WHY;
    (void)O;
    cli_error("this coinline was built without libmicrohttpd; to "
              "serve, %s.",
              remedy[why < sizeof remedy / sizeof *remedy ? why : 0]);
    return CLI_FAIL;
}

#endif
