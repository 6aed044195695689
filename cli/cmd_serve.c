/*
 * cmd_serve.c - coinline serve: the game in a browser and its JSON API
 * (docs/api.md) over HTTP, on libmicrohttpd.
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
 * Built without libmicrohttpd (make could not find it with pkg-config),
 * the command still parses its options, then says how to get it and
 * exits 1.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <getopt.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include "api.h"
#include "cli.h"

#ifdef COINLINE_HAVE_MHD
#include <microhttpd.h>
#endif

const char cmd_serve_help[] =
    "usage: coinline serve [options]\n"
    "\n"
    "Serves the game in a browser (http://HOST:PORT/) and its JSON API:\n"
    "GET /api/health; POST /api/solve, /api/move, /api/analyze and\n"
    "/api/table with the row (and the moves) in the body. The API is\n"
    "stateless; it is described in docs/api.md. Prints the address it\n"
    "listens on to stderr; stops on SIGINT or SIGTERM.\n"
    "\n"
    "Options:\n"
    "      --host=ADDRESS    the IPv4 or IPv6 address to listen on\n"
    "                        (default 127.0.0.1: this machine only)\n"
    "  -p, --port=PORT       the port (default 8080; 0: any free port)\n"
    "      --max-coins=N     the longest row a request may carry\n"
    "                        (default 100000)\n"
    "      --max-body=BYTES  the largest request body (default 4194304);\n"
    "                        larger ones get 413\n"
    "      --timeout=S       disconnect a client idle for S seconds\n"
    "                        (default 10)\n"
    "      --threads=N       threads answering requests (default 4)\n"
    "  -h, --help            show this help\n"
    "      --version         show the version\n"
    "\n"
    "Exit status: 0 stopped by a signal, 1 cannot serve (address in use,\n"
    "or built without libmicrohttpd), 2 usage error.\n";

/* The options, and the address they name. */
typedef struct {
    const char *host;
    int64_t port, timeout, threads;
    api_config_t api;
    struct sockaddr_storage addr;
    int ipv6;
} serve_options_t;

enum {
    OPT_HOST = 256,
    OPT_MAX_COINS,
    OPT_MAX_BODY,
    OPT_TIMEOUT,
    OPT_THREADS,
    OPT_VERSION
};

static const struct option serve_options[] = {
    {"host", required_argument, NULL, OPT_HOST},
    {"port", required_argument, NULL, 'p'},
    {"max-coins", required_argument, NULL, OPT_MAX_COINS},
    {"max-body", required_argument, NULL, OPT_MAX_BODY},
    {"timeout", required_argument, NULL, OPT_TIMEOUT},
    {"threads", required_argument, NULL, OPT_THREADS},
    {"help", no_argument, NULL, 'h'},
    {"version", no_argument, NULL, OPT_VERSION},
    {NULL, 0, NULL, 0},
};

/* One option; returns -1 to go on, or an exit status. */
static int serve_option(serve_options_t *O, int c, char **argv)
{
    int64_t v = 0;
    int st = -1;
    switch (c) {
    case OPT_HOST: O->host = optarg; break;
    case 'p':
        st = cli_parse_number("serve", "--port", optarg, 0, 65535, &O->port);
        break;
    case OPT_MAX_COINS:
        st = cli_parse_number("serve", "--max-coins", optarg, 1, 10000000, &v);
        O->api.max_coins = (size_t)v;
        break;
    case OPT_MAX_BODY:
        st = cli_parse_number("serve", "--max-body", optarg, 1,
                              INT64_C(1) << 30, &v);
        O->api.max_body = (size_t)v;
        break;
    case OPT_TIMEOUT:
        st = cli_parse_number("serve", "--timeout", optarg, 1, 86400,
                              &O->timeout);
        break;
    case OPT_THREADS:
        st = cli_parse_number("serve", "--threads", optarg, 1, 64, &O->threads);
        break;
    case 'h': return cli_finish_output(cli_print_help("serve"));
    case OPT_VERSION: return cli_finish_output(cli_print_version());
    default: return cli_bad_option("serve", c, argv);
    }
    return st;
}

/* The address to listen on, from --host and --port: a numeric IPv4 or
 * IPv6 address (brackets allowed), or "localhost" (127.0.0.1). */
static int parse_address(serve_options_t *O)
{
    char host[64];
    const char *h = strcmp(O->host, "localhost") == 0 ? "127.0.0.1" : O->host;
    const size_t len = strlen(h);
    struct sockaddr_in *v4 = (struct sockaddr_in *)&O->addr;
    struct sockaddr_in6 *v6 = (struct sockaddr_in6 *)&O->addr;
    memset(&O->addr, 0, sizeof O->addr);
    if (len >= 2 && len < sizeof host && h[0] == '[' && h[len - 1] == ']') {
        memcpy(host, h + 1, len - 2);
        host[len - 2] = '\0';
        h = host;
    }
    if (inet_pton(AF_INET, h, &v4->sin_addr) == 1) {
        v4->sin_family = AF_INET;
        v4->sin_port = htons((uint16_t)O->port);
        return -1;
    }
    if (inet_pton(AF_INET6, h, &v6->sin6_addr) == 1) {
        v6->sin6_family = AF_INET6;
        v6->sin6_port = htons((uint16_t)O->port);
        O->ipv6 = 1;
        return -1;
    }
    return cli_usage_error(
        "serve", "--host needs an IPv4 or IPv6 address, not '%s'", O->host);
}

static int parse_serve_options(serve_options_t *O, int argc, char **argv)
{
    int c, st = -1;
    opterr = 0;
    while (st < 0 &&
           (c = getopt_long(argc, argv, ":p:h", serve_options, NULL)) != -1)
        st = serve_option(O, c, argv);
    if (st >= 0)
        return st;
    if (optind < argc)
        return cli_usage_error("serve", "unexpected argument '%s'",
                               argv[optind]);
    return parse_address(O);
}

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
    MHD_add_response_header(r, "Content-Security-Policy",
                            "default-src 'self' data: blob:; "
                            "script-src 'self' 'unsafe-inline'; "
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

/* MHD's error messages, on stderr after the command's name. */
static void on_log(void *cls, const char *fmt, va_list ap) CLI_PRINTF(2, 0);

static void on_log(void *cls, const char *fmt, va_list ap)
{
    (void)cls;
    fputs("coinline serve: ", stderr);
    vfprintf(stderr, fmt, ap);
}

/* Starts the daemon on the address of the options. */
static struct MHD_Daemon *start(serve_options_t *O)
{
    const unsigned flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_ERROR_LOG |
                           MHD_USE_AUTO | (O->ipv6 ? MHD_USE_IPv6 : 0);
    /* The logger first, so that MHD's messages on the options use it. */
    return MHD_start_daemon(
        flags, (uint16_t)O->port, NULL, NULL, on_request, &O->api,
        MHD_OPTION_EXTERNAL_LOGGER, on_log, NULL, MHD_OPTION_SOCK_ADDR,
        (struct sockaddr *)&O->addr, MHD_OPTION_THREAD_POOL_SIZE,
        (unsigned)O->threads, MHD_OPTION_CONNECTION_TIMEOUT,
        (unsigned)O->timeout, MHD_OPTION_CONNECTION_LIMIT, 512u,
        MHD_OPTION_NOTIFY_COMPLETED, on_completed, NULL, MHD_OPTION_END);
}

/* Prints "listening on http://ADDRESS:PORT/" with the port bound. */
static void say_listening(const serve_options_t *O, struct MHD_Daemon *d)
{
    char text[INET6_ADDRSTRLEN];
    const union MHD_DaemonInfo *info =
        MHD_get_daemon_info(d, MHD_DAEMON_INFO_BIND_PORT);
    const unsigned port =
        info != NULL && info->port != 0 ? info->port : (unsigned)O->port;
    const void *a =
        O->ipv6
            ? (const void *)&((const struct sockaddr_in6 *)&O->addr)->sin6_addr
            : (const void *)&((const struct sockaddr_in *)&O->addr)->sin_addr;
    inet_ntop(O->ipv6 ? AF_INET6 : AF_INET, a, text, sizeof text);
    fprintf(stderr, "coinline serve: listening on http://%s%s%s:%u/\n",
            O->ipv6 ? "[" : "", text, O->ipv6 ? "]" : "", port);
}

/* Serves until SIGINT or SIGTERM. */
static int serve(serve_options_t *O)
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
    struct MHD_Daemon *d = start(O);
    if (d == NULL) {
        cli_error("serve: cannot listen on %s port %lld", O->host,
                  (long long)O->port);
        return CLI_FAIL;
    }
    say_listening(O, d);
    while (sigwait(&stop, &sig) != 0)
        continue;
    fprintf(stderr, "coinline serve: %s: stopping\n",
            sig == SIGINT ? "SIGINT" : "SIGTERM");
    MHD_stop_daemon(d);
    return CLI_OK;
}

#else

/* Built without libmicrohttpd: says how to build with it. */
static int serve(serve_options_t *O)
{
    (void)O;
    cli_error("serve: this coinline was built without libmicrohttpd. To "
              "serve, install it (Debian, Ubuntu: apt-get install "
              "libmicrohttpd-dev), then rebuild (make).");
    return CLI_FAIL;
}

#endif

int cmd_serve(int argc, char **argv)
{
    serve_options_t O;
    memset(&O, 0, sizeof O);
    O.host = "127.0.0.1";
    O.port = 8080;
    O.timeout = 10;
    O.threads = 4;
    O.api.max_coins = API_MAX_COINS_DEFAULT;
    O.api.max_body = API_MAX_BODY_DEFAULT;
    const int st = parse_serve_options(&O, argc, argv);
    if (st >= 0)
        return st;
    return serve(&O);
}
