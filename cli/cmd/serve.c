/* SPDX-License-Identifier: MIT */
/*
 * serve.c - coinline serve: the game in a browser and its JSON API
 * (docs/api.md) over HTTP: the options and the address to listen on;
 * serve/http.c serves.
 *
 * The limits agree at start: a row of --max-coins coins, written in the
 * longest form, must fit in --max-body (which follows --max-coins when
 * it is not given, and is refused as a usage error when it is given too
 * small), and --max-memory, when not given, holds a review of the
 * longest row. --max-per-address, when not given, is all of
 * --max-connections on a loopback address (every client is this machine)
 * and HTTP_PER_ADDRESS_DEFAULT on any other.
 *
 * Built without libmicrohttpd (make could not find it with pkg-config),
 * the command still parses its options, then says how to get it and
 * exits 1.
 */
#include <arpa/inet.h>
#include <getopt.h>
#include <netinet/in.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include "cli.h"
#include "msg.h"
#include "opt.h"
#include "serve/guard.h"
#include "serve/http.h"
#include "usage.h"

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
    "      --host=ADDRESS         the IPv4 or IPv6 address to listen on\n"
    "                             (default 127.0.0.1: this machine only)\n"
    "  -p, --port=PORT            the port (default 8080; 0: any free port)\n"
    "      --max-coins=N          the longest row a request may carry\n"
    "                             (default 100000)\n"
    "      --max-body=BYTES       the largest request body (default 4194304,\n"
    "                             or 24 bytes a coin of --max-coins and 1 KiB\n"
    "                             if more; at most --max-memory); larger\n"
    "                             ones get 413\n"
    "      --max-memory=BYTES     request bodies and responses held at once\n"
    "                             (default 268435456, or 800 bytes a coin of\n"
    "                             --max-coins if more); past it, 503\n"
    "      --max-connections=N    connections open at once (default 2048);\n"
    "                             past it, a new one closes the one whose\n"
    "                             request has been coming, or answer\n"
    "                             going, the longest\n"
    "      --max-per-address=N    connections of one client address (default\n"
    "                             64, or --max-connections on a loopback\n"
    "                             --host); past it, a new one closes one\n"
    "                             of that address's, chosen so\n"
    "      --allow-host=NAME      answer requests for this host name too (IP\n"
    "                             addresses and localhost always are; '*':\n"
    "                             any name); may be repeated\n"
    "      --timeout=S            disconnect a client idle for S seconds\n"
    "                             (default 10)\n"
    "      --request-timeout=S    disconnect a client whose request (headers\n"
    "                             and body) is not whole S seconds after it\n"
    "                             began (default 30)\n"
    "      --threads=N            threads reading requests, and as many\n"
    "                             computing the large ones (default 4)\n"
    "  -h, --help                 show this help\n"
    "      --version              show the version\n"
    "\n"
    "Exit status: 0 stopped by a signal, 1 cannot serve (address in use,\n"
    "or built without libmicrohttpd), 2 usage error.\n";

enum {
    OPT_HOST = 256,
    OPT_MAX_COINS,
    OPT_MAX_BODY,
    OPT_TIMEOUT,
    OPT_THREADS,
    OPT_MAX_MEMORY,
    OPT_MAX_CONNECTIONS,
    OPT_MAX_PER_ADDRESS,
    OPT_REQUEST_TIMEOUT,
    OPT_ALLOW_HOST,
    OPT_VERSION
};

/* The largest body a row of n coins may need: each coin written in its
 * longest form ("-9223372036854775808", quoted, and a comma: 23 bytes),
 * a move for each (/api/analyze), and room for the keys. */
#define BODY_BYTES_PER_COIN 24
#define BODY_SLACK          1024

/* What the options set beyond the server's configuration. */
typedef struct {
    http_config_t *O;
    int body_given, memory_given, per_address_given;
    const char **hosts; /* --allow-host values (argc slots) */
} serve_opts_t;

static const struct option serve_options[] = {
    {"host", required_argument, NULL, OPT_HOST},
    {"port", required_argument, NULL, 'p'},
    {"max-coins", required_argument, NULL, OPT_MAX_COINS},
    {"max-body", required_argument, NULL, OPT_MAX_BODY},
    {"timeout", required_argument, NULL, OPT_TIMEOUT},
    {"threads", required_argument, NULL, OPT_THREADS},
    {"max-memory", required_argument, NULL, OPT_MAX_MEMORY},
    {"max-connections", required_argument, NULL, OPT_MAX_CONNECTIONS},
    {"max-per-address", required_argument, NULL, OPT_MAX_PER_ADDRESS},
    {"request-timeout", required_argument, NULL, OPT_REQUEST_TIMEOUT},
    {"allow-host", required_argument, NULL, OPT_ALLOW_HOST},
    {"help", no_argument, NULL, 'h'},
    {"version", no_argument, NULL, OPT_VERSION},
    {NULL, 0, NULL, 0},
};

/* v as a size_t, or SIZE_MAX when it does not fit. */
static size_t clamp_size(uint64_t v)
{
    return v > SIZE_MAX ? SIZE_MAX : (size_t)v;
}

/* An option of the limits; returns -1 to go on, or an exit status. */
static int limit_option(serve_opts_t *P, int c)
{
    http_config_t *O = P->O;
    int64_t v = 0;
    int st = -1;
    switch (c) {
    case OPT_MAX_COINS:
        st = cli_parse_number("serve", "--max-coins", optarg, 1, 10000000, &v);
        O->api.max_coins = (size_t)v;
        break;
    case OPT_MAX_BODY:
        st = cli_parse_number("serve", "--max-body", optarg, 1,
                              INT64_C(1) << 30, &v);
        O->api.max_body = (size_t)v;
        P->body_given = 1;
        break;
    case OPT_MAX_MEMORY:
        st = cli_parse_number("serve", "--max-memory", optarg, 4096,
                              INT64_C(1) << 40, &v);
        O->max_memory = clamp_size((uint64_t)v);
        P->memory_given = 1;
        break;
    case OPT_MAX_PER_ADDRESS:
        st = cli_parse_number("serve", "--max-per-address", optarg, 1, 65536,
                              &O->per_address);
        P->per_address_given = 1;
        break;
    default:
        st = cli_parse_number("serve", "--max-connections", optarg, 1, 65536,
                              &O->connections);
        break;
    }
    return st;
}

/* One option; returns -1 to go on, or an exit status. */
static int serve_option(serve_opts_t *P, int c, char **argv)
{
    http_config_t *O = P->O;
    int st = -1;
    switch (c) {
    case OPT_HOST: O->host = optarg; break;
    case OPT_ALLOW_HOST:
        if (*optarg == '\0' || strpbrk(optarg, ":/ \t[]") != NULL)
            return cli_usage_error("serve",
                                   "--allow-host '%s': a host name, without "
                                   "a port (IP addresses are always allowed)",
                                   optarg);
        P->hosts[O->n_allow_hosts++] = optarg;
        break;
    case 'p':
        st = cli_parse_number("serve", "--port", optarg, 0, 65535, &O->port);
        break;
    case OPT_MAX_COINS:
    case OPT_MAX_BODY:
    case OPT_MAX_MEMORY:
    case OPT_MAX_CONNECTIONS:
    case OPT_MAX_PER_ADDRESS: st = limit_option(P, c); break;
    case OPT_TIMEOUT:
        st = cli_parse_number("serve", "--timeout", optarg, 1, 86400,
                              &O->timeout);
        break;
    case OPT_REQUEST_TIMEOUT:
        st = cli_parse_number("serve", "--request-timeout", optarg, 1, 86400,
                              &O->request_timeout);
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

/* --max-body against --max-coins and --max-memory: the body limit
 * follows the coin limit when not given, and never passes the memory
 * budget that holds the bodies (a body larger could never be read: it
 * would get 503 forever); given too small, or larger than the budget, it
 * is a usage error that says what would do. --max-memory, when not
 * given, holds two whole reviews of the longest row. Returns -1 to go
 * on, or CLI_USAGE. */
static int agree_limits(serve_opts_t *P)
{
    http_config_t *O = P->O;
    /* In 64 bits, clamped: --max-coins (10^7) x 800 passes a 32-bit
     * size_t. */
    const uint64_t coins = O->api.max_coins;
    const size_t need = clamp_size(coins * BODY_BYTES_PER_COIN + BODY_SLACK);
    const size_t review = clamp_size(coins * HTTP_REVIEW_BYTES_PER_MOVE * 2);
    if (!P->body_given && O->api.max_body < need)
        O->api.max_body = need;
    if (!P->memory_given && O->max_memory < review)
        O->max_memory = review;
    /* A body is held in the memory budget: one larger could never be. */
    if (P->body_given && O->api.max_body > O->max_memory)
        return cli_usage_error("serve",
                               "--max-body %zu is larger than --max-memory "
                               "%zu, which holds the bodies being read",
                               O->api.max_body, O->max_memory);
    if (O->api.max_body > O->max_memory)
        O->api.max_body = O->max_memory;
    if (O->api.max_body >= need)
        return -1;
    if (!P->body_given)
        return cli_usage_error(
            "serve",
            "--max-memory %zu is too small for --max-coins %zu: a row of %zu "
            "coins may take %zu bytes; give --max-memory %zu or more, or a "
            "smaller --max-coins",
            O->max_memory, O->api.max_coins, O->api.max_coins, need, need);
    return cli_usage_error(
        "serve",
        "--max-body %zu is too small for --max-coins %zu: a row of %zu "
        "coins may take %zu bytes; give --max-body %zu or more, a smaller "
        "--max-coins, or no --max-body",
        O->api.max_body, O->api.max_coins, O->api.max_coins, need, need);
}

/* The address to listen on, from --host and --port: a numeric IPv4 or
 * IPv6 address (brackets allowed), or "localhost" (127.0.0.1). */
static int parse_address(http_config_t *O)
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

static int parse_serve_options(serve_opts_t *P, int argc, char **argv)
{
    int c, st = -1;
    opterr = 0;
    while (st < 0 &&
           (c = getopt_long(argc, argv, ":p:h", serve_options, NULL)) != -1)
        st = serve_option(P, c, argv);
    if (st >= 0)
        return st;
    if (optind < argc)
        return cli_usage_error("serve", "unexpected argument '%s'",
                               argv[optind]);
    st = agree_limits(P);
    if (st < 0)
        st = parse_address(P->O);
    /* On a loopback address every client is this machine, one address
     * (or a proxy in front, for all its clients): a share smaller than
     * the whole would only lower --max-connections. */
    if (st < 0 && !P->per_address_given)
        P->O->per_address =
            guard_is_loopback((const struct sockaddr *)&P->O->addr)
                ? P->O->connections
                : HTTP_PER_ADDRESS_DEFAULT;
    return st;
}

int cmd_serve(int argc, char **argv)
{
    http_config_t O;
    serve_opts_t P = {&O, 0, 0, 0, NULL};
    memset(&O, 0, sizeof O);
    O.host = "127.0.0.1";
    O.port = 8080;
    O.timeout = 10;
    O.request_timeout = HTTP_REQUEST_TIMEOUT_DEFAULT;
    O.threads = 4;
    O.connections = HTTP_CONNECTIONS_DEFAULT;
    O.max_memory = HTTP_MAX_MEMORY_DEFAULT;
    O.api.max_coins = API_MAX_COINS_DEFAULT;
    O.api.max_body = API_MAX_BODY_DEFAULT;
    P.hosts = calloc((size_t)argc + 1, sizeof *P.hosts);
    if (P.hosts == NULL) {
        cli_error("out of memory");
        return CLI_FAIL;
    }
    O.allow_hosts = P.hosts;
    int st = parse_serve_options(&P, argc, argv);
    if (st < 0)
        st = http_serve(&O);
    free(P.hosts);
    return st;
}
