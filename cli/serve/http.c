/* SPDX-License-Identifier: MIT */
/*
 * http.c - coinline serve's HTTP server, on libmicrohttpd: the only file
 * that knows it.
 *
 * The requests are answered by api.c (pure functions); this file moves
 * the bytes: MHD's internal polling threads (a pool of --threads), the
 * body of a POST gathered up to --max-body (a larger one is refused
 * with 413 as soon as its Content-Length says so, or as soon as the
 * bytes read pass the limit, without keeping them), idle clients cut
 * off after --timeout seconds. The page is compiled in: no file is read
 * while serving. SIGINT and SIGTERM stop the daemon (requests in
 * progress finish) and the command exits 0.
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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "api.h"
#include "http.h"
#include "msg.h"

#ifdef COINLINE_HAVE_MHD
#include <microhttpd.h>
#endif

#ifdef COINLINE_HAVE_MHD

/* One request in progress: its body so far. */
typedef struct {
    char *body;
    size_t len, cap;
    int wanted;   /* the endpoint reads a body (else it is dropped) */
    int too_big;  /* the body passed --max-body: its bytes are dropped */
    int answered; /* a response is queued */
} exchange_t;

/* The headers of a response: its type, the page's policy, Allow. */
static void add_headers(struct MHD_Response *r, const api_response_t *res)
{
    MHD_add_response_header(r, MHD_HTTP_HEADER_CONTENT_TYPE, res->type);
    MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
    if (res->allow != NULL)
        MHD_add_response_header(r, MHD_HTTP_HEADER_ALLOW, res->allow);
    if (!res->page) {
        MHD_add_response_header(r, MHD_HTTP_HEADER_CACHE_CONTROL, "no-store");
        return;
    }
    MHD_add_response_header(r, MHD_HTTP_HEADER_CACHE_CONTROL, "no-cache");
    /* 'wasm-unsafe-eval': the page's engine.js compiles WebAssembly, which
     * a script-src without it forbids; it allows no eval() of text. */
    MHD_add_response_header(r, "Content-Security-Policy",
                            "default-src 'self' data: blob:; "
                            "script-src 'self' 'unsafe-inline' "
                            "'wasm-unsafe-eval'; "
                            "style-src 'self' 'unsafe-inline'");
}

/* Queues res on c; res is released. */
static enum MHD_Result send_response(struct MHD_Connection *c,
                                     api_response_t *res)
{
    struct MHD_Response *r;
    if (res->owned != NULL) {
        r = MHD_create_response_from_buffer(res->len, res->owned,
                                            MHD_RESPMEM_MUST_FREE);
        if (r != NULL)
            res->owned = NULL; /* MHD frees it */
    } else {
        r = MHD_create_response_from_buffer(res->len, (void *)res->data,
                                            MHD_RESPMEM_PERSISTENT);
    }
    if (r == NULL) {
        api_response_free(res);
        return MHD_NO;
    }
    add_headers(r, res);
    const enum MHD_Result ok = MHD_queue_response(c, (unsigned)res->status, r);
    MHD_destroy_response(r);
    api_response_free(res);
    return ok;
}

/* The 413 of a body over the limit. */
static enum MHD_Result send_too_big(struct MHD_Connection *c,
                                    const api_config_t *cfg)
{
    api_response_t res;
    memset(&res, 0, sizeof res);
    api_error(&res, 413,
              "the body is larger than %zu bytes, the limit of "
              "this server",
              cfg->max_body);
    return send_response(c, &res);
}

/* The request's Content-Length, or 0 when it has none. */
static unsigned long long content_length(struct MHD_Connection *c)
{
    const char *v = MHD_lookup_connection_value(c, MHD_HEADER_KIND,
                                                MHD_HTTP_HEADER_CONTENT_LENGTH);
    return v != NULL ? strtoull(v, NULL, 10) : 0;
}

/* The first call for a request (its headers read): a request announcing
 * too long a body is answered now (MHD then closes the connection
 * without reading the body); the others at their end, which keeps the
 * connection open for the next request. */
static enum MHD_Result begin(const api_config_t *cfg, struct MHD_Connection *c,
                             const char *url, const char *method, void **state)
{
    exchange_t *X = calloc(1, sizeof *X);
    if (X == NULL)
        return MHD_NO;
    *state = X;
    X->wanted = api_wants_body(method, url);
    const unsigned long long announced = content_length(c);
    if (announced > cfg->max_body) {
        X->answered = X->too_big = 1;
        return send_too_big(c, cfg);
    }
    /* The buffer grows as bytes come: an announced length costs nothing
     * until the body is sent. */
    return MHD_YES;
}

/* A piece of the body: kept, or dropped once the body passes the limit
 * (and then the connection is closed if the client sends as much again:
 * a 413 is only sent when the client stops). */
static enum MHD_Result take(const api_config_t *cfg, exchange_t *X,
                            const char *data, size_t size)
{
    if (X->answered)
        return MHD_YES;
    if (X->too_big || !X->wanted) {
        X->len += size; /* counts the bytes dropped */
        return X->len > cfg->max_body ? MHD_NO : MHD_YES;
    }
    if (size > cfg->max_body - X->len) {
        X->too_big = 1;
        free(X->body);
        X->body = NULL;
        X->len = size;
        return MHD_YES;
    }
    if (X->len + size > X->cap) {
        size_t cap = X->cap > 0 ? X->cap : 4096;
        while (cap < X->len + size)
            cap = cap > cfg->max_body / 2 ? cfg->max_body : 2 * cap;
        char *grown = realloc(X->body, cap);
        if (grown == NULL)
            return MHD_NO;
        X->body = grown;
        X->cap = cap;
    }
    memcpy(X->body + X->len, data, size);
    X->len += size;
    return MHD_YES;
}

/* MHD's access handler: called once with the headers, once per piece of
 * the body, and once at its end. */
static enum MHD_Result on_request(void *cls, struct MHD_Connection *c,
                                  const char *url, const char *method,
                                  const char *version, const char *data,
                                  size_t *size, void **state)
{
    const api_config_t *cfg = cls;
    exchange_t *X = *state;
    api_response_t res;
    (void)version;
    if (X == NULL)
        return begin(cfg, c, url, method, state);
    if (*size > 0) {
        const enum MHD_Result ok = take(cfg, X, data, *size);
        *size = 0;
        return ok;
    }
    if (X->answered)
        return MHD_YES;
    X->answered = 1;
    if (X->too_big)
        return send_too_big(c, cfg);
    if (!X->wanted)
        X->len = 0;
    api_handle(cfg, method, url, X->body, X->len, &res);
    return send_response(c, &res);
}

/* MHD's end of a request: releases its state. */
static void on_completed(void *cls, struct MHD_Connection *c, void **state,
                         enum MHD_RequestTerminationCode why)
{
    exchange_t *X = *state;
    (void)cls;
    (void)c;
    (void)why;
    if (X != NULL)
        free(X->body);
    free(X);
    *state = NULL;
}

/* MHD's own messages. While the daemon starts, the first is kept (not
 * printed): if the start fails, it is the reason given in our one line.
 * Once started, each is printed as one line after our prefix. MHD calls
 * this from its threads: the lock keeps the lines whole. */
static struct {
    pthread_mutex_t lock;
    int started;
    char first[512];
} mhd_log = {PTHREAD_MUTEX_INITIALIZER, 0, ""};

static void on_log(void *cls, const char *fmt, va_list ap)
    COINLINE_PRINTF(2, 0);

static void on_log(void *cls, const char *fmt, va_list ap)
{
    char line[sizeof mhd_log.first];
    (void)cls;
    vsnprintf(line, sizeof line, fmt, ap);
    line[strcspn(line, "\r\n")] = '\0';
    pthread_mutex_lock(&mhd_log.lock);
    if (mhd_log.started)
        fprintf(stderr, "%s%s\n", cli_msg_prefix(), line);
    else if (mhd_log.first[0] == '\0')
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

/* Starts the daemon on the listening socket fd (MHD closes it when it
 * stops). */
static struct MHD_Daemon *start(const http_config_t *O, int fd)
{
    const unsigned flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_ERROR_LOG |
                           MHD_USE_AUTO | (O->ipv6 ? MHD_USE_IPv6 : 0);
    /* The logger first, so that MHD's messages on the options use it. */
    return MHD_start_daemon(
        flags, 0, NULL, NULL, on_request, (void *)&O->api,
        MHD_OPTION_EXTERNAL_LOGGER, on_log, NULL, MHD_OPTION_LISTEN_SOCKET,
        (MHD_socket)fd, MHD_OPTION_THREAD_POOL_SIZE, (unsigned)O->threads,
        MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)O->timeout,
        MHD_OPTION_CONNECTION_LIMIT, 512u, MHD_OPTION_NOTIFY_COMPLETED,
        on_completed, NULL, MHD_OPTION_END);
}

/* Starts serving on the address of the options, or says in one line why
 * it cannot. */
static struct MHD_Daemon *start_serving(const http_config_t *O)
{
    char where[INET6_ADDRSTRLEN + 16];
    const int fd = open_listener(O);
    if (fd < 0)
        return NULL;
    format_address(O, bound_port(fd, O), where, sizeof where);
    struct MHD_Daemon *d = start(O, fd);
    pthread_mutex_lock(&mhd_log.lock);
    mhd_log.started = d != NULL;
    pthread_mutex_unlock(&mhd_log.lock);
    if (d == NULL) {
        close(fd);
        cli_error("cannot serve on %s: %s", where,
                  mhd_log.first[0] != '\0' ? mhd_log.first
                                           : "libmicrohttpd would not start");
        return NULL;
    }
    fprintf(stderr, "%slistening on http://%s/\n", cli_msg_prefix(), where);
    return d;
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
    struct MHD_Daemon *d = start_serving(O);
    if (d == NULL)
        return CLI_FAIL;
    while (sigwait(&stop, &sig) != 0)
        continue;
    fprintf(stderr, "%s%s: stopping\n", cli_msg_prefix(),
            sig == SIGINT ? "SIGINT" : "SIGTERM");
    MHD_stop_daemon(d);
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
