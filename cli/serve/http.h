/* SPDX-License-Identifier: MIT */
/*
 * http.h - coinline serve's HTTP server: the page and the API of api.h
 * on a listening socket, until SIGINT or SIGTERM.
 */
#ifndef COINLINE_CLI_SERVE_HTTP_H
#define COINLINE_CLI_SERVE_HTTP_H

#include <netinet/in.h>
#include <stdint.h>
#include <sys/socket.h>

#include "api.h"

/* What to serve and where: filled by the command from its options. */
typedef struct {
    const char *host; /* as the user wrote it, for messages */
    int64_t port, timeout, threads;
    int64_t connections;            /* --max-connections: open at once */
    size_t max_memory;              /* --max-memory: bytes of request bodies and
                                     * responses held at once */
    const char *const *allow_hosts; /* --allow-host NAME, n_allow_hosts */
    size_t n_allow_hosts;
    api_config_t api;
    struct sockaddr_storage addr; /* the address to listen on */
    int ipv6;
} http_config_t;

/* The default of --max-connections and --max-memory. */
#define HTTP_CONNECTIONS_DEFAULT 2048
#define HTTP_MAX_MEMORY_DEFAULT  ((size_t)256 << 20)

/* The largest response of a request on a row of n coins: a review of the
 * whole game, at most this many bytes a move. */
#define HTTP_REVIEW_BYTES_PER_MOVE 400

/* Serves until SIGINT or SIGTERM (requests in progress finish). Returns
 * CLI_OK when stopped by one of them, CLI_FAIL (said on stderr) when it
 * cannot listen, or when the tool was built without libmicrohttpd. */
int http_serve(const http_config_t *O);

#endif
