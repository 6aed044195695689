/* SPDX-License-Identifier: MIT */
/*
 * serve.c - coinline serve: the game in a browser and its JSON API
 * (docs/api.md) over HTTP: the options and the address to listen on;
 * serve/http.c serves.
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
#include <getopt.h>
#include <netinet/in.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include "cli.h"
#include "msg.h"
#include "opt.h"
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
static int serve_option(http_config_t *O, int c, char **argv)
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

static int parse_serve_options(http_config_t *O, int argc, char **argv)
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

int cmd_serve(int argc, char **argv)
{
    http_config_t O;
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
    return http_serve(&O);
}
