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
    api_config_t api;
    struct sockaddr_storage addr; /* the address to listen on */
    int ipv6;
} http_config_t;

/* Serves until SIGINT or SIGTERM (requests in progress finish). Returns
 * CLI_OK when stopped by one of them, CLI_FAIL (said on stderr) when it
 * cannot listen, or when the tool was built without libmicrohttpd. */
int http_serve(const http_config_t *O);

#endif
