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
    int64_t per_address;            /* --max-per-address: of one client */
    int64_t request_timeout;        /* --request-timeout: seconds for a
                                     * request's headers and body */
    size_t max_memory;              /* --max-memory: bytes of request bodies and
                                     * responses held at once */
    const char *const *allow_hosts; /* --allow-host NAME, n_allow_hosts */
    size_t n_allow_hosts;
    api_config_t api;
    struct sockaddr_storage addr; /* the address to listen on */
    int ipv6;
} http_config_t;

/* The defaults of --max-connections, --max-memory, --request-timeout,
 * and of --max-per-address on an address other machines can reach (on
 * a loopback address, every client is this machine: the default is
 * then --max-connections). */
#define HTTP_CONNECTIONS_DEFAULT     2048
#define HTTP_MAX_MEMORY_DEFAULT      ((size_t)256 << 20)
#define HTTP_REQUEST_TIMEOUT_DEFAULT 30
#define HTTP_PER_ADDRESS_DEFAULT     64

/* The largest response of a request on a row of n coins: a review of the
 * whole game, at most this many bytes a move. */
#define HTTP_REVIEW_BYTES_PER_MOVE 400

/* Serves until SIGINT or SIGTERM (requests in progress, from their
 * headers on, finish: 5 s at most once the large ones are computed).
 * Returns CLI_OK when stopped by one of them, CLI_FAIL (said on stderr)
 * when it cannot listen, or when the tool was built without
 * libmicrohttpd. */
int http_serve(const http_config_t *O);

#endif
