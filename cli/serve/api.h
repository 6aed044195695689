/* SPDX-License-Identifier: MIT */
/*
 * api.h - the HTTP API of coinline serve (docs/api.md) as pure functions:
 * a method, a path and a body in; a status, a content type and a body
 * out. No socket, no global state: http.c moves the bytes, the
 * tests and fuzz/fuzz_api.c call api_handle() directly.
 */
#ifndef COINLINE_CLI_API_H
#define COINLINE_CLI_API_H

#include <stddef.h>

#include "compiler.h"

/* The defaults of --max-coins and --max-body. */
#define API_MAX_COINS_DEFAULT 100000
#define API_MAX_BODY_DEFAULT  (4 * 1024 * 1024)

/* A file of the page, compiled into the tool from web/ (the file
 * $(BUILD)/gen/web_assets.c that tools/embed.c writes). */
typedef struct {
    const char *path; /* its path on the server, e.g. "/index.html" */
    const unsigned char *data;
    size_t size;
} api_asset_t;

/* The page's files, ending with an entry whose path is NULL. */
extern const api_asset_t api_assets[];

/* What the handlers need to know of the server's limits. */
typedef struct {
    size_t max_coins; /* the longest row a request may carry */
    size_t max_body;  /* the largest body (enforced by the server; shown
                       * by /api/health) */
} api_config_t;

/* A response. data is the body: owned (then owned == data, to free())
 * or static. */
typedef struct {
    int status;        /* the HTTP status */
    const char *type;  /* its Content-Type */
    const char *allow; /* the Allow header of a 405, else NULL */
    int page;          /* 1 for a file of the page, 0 for the API */
    const char *data;
    size_t len;
    char *owned;
} api_response_t;

/* 1 when a request with this method and path has a body to read (a POST
 * to one of the API's POST endpoints): the server reads it before
 * calling api_handle(); any other request is answered at once. */
int api_wants_body(const char *method, const char *path);

/* Answers one request: method ("GET", "POST", ...), the path without the
 * query string, and the body body[0..len-1] (need not end with NUL; may
 * be NULL when len is 0). Always fills *res, with a 500 when memory runs
 * out. The cost is that of the endpoint: O(n log n) for a row of n
 * coins (O(n^2) for /api/table, n <= 64). */
void api_handle(const api_config_t *cfg, const char *method, const char *path,
                const char *body, size_t len, api_response_t *res);

/* Fills *res with {"error": message} and status (400, 403, 404, 405,
 * 413, 415, 500, 503). */
void api_error(api_response_t *res, int status, const char *fmt, ...)
    COINLINE_PRINTF(3, 4);

/* Releases the body of *res if it is owned. */
void api_response_free(api_response_t *res);

/* The Content-Type of a file of the page, from its name's extension. */
const char *api_content_type(const char *path);

/* 1 when host, the value of a request's Host header, may be answered: a
 * name or an address, then an optional ":PORT". An IP address (IPv4, or
 * IPv6 in brackets) and "localhost" are always taken: no DNS rebinding
 * can send them. A name is taken only when one of allowed[0..n-1] is
 * that name (case aside) or "*". The port is checked for its form, not
 * its value; a host of a bad form (api_host_form()) is not taken.
 * O(n * strlen(host)). */
int api_host_allowed(const char *host, const char *const *allowed, size_t n);

/* The form of host, the value of a request's Host header: 0 for a name
 * or an address, then an optional ":PORT" of 1 to 5 digits; -1 when it
 * is empty; -2 when it names no host (":80") or its port is malformed
 * ("127.0.0.1:abc"). RFC 9112 asks for a 400 then. */
int api_host_form(const char *host);

/* 1 when type, a request's Content-Type (NULL when it has none), is
 * application/json, with or without parameters ("; charset=utf-8"),
 * case aside. */
int api_json_type(const char *type);

/* The ETag of a file of the page, data[0..size-1]: a 64-bit FNV-1a hash
 * of its bytes in hexadecimal, quoted, into out (19 bytes at least). */
void api_etag(const unsigned char *data, size_t size, char *out);

/* 1 when etag is one of the entity tags of an If-None-Match header
 * (a list separated by commas, weak tags W/"..." compared as strong),
 * or when the header is "*". */
int api_etag_matches(const char *if_none_match, const char *etag);

#endif
