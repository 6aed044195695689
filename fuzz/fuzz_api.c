/* SPDX-License-Identifier: MIT */
/*
 * fuzz_api - the request handlers of coinline serve (cli/serve/api.c)
 * and the JSON reader under them (cli/serve/json.c) on arbitrary bytes.
 *
 * The first byte chooses the request (its value mod 8: POST to
 * /api/solve, /api/move, /api/analyze or /api/table; GET /api/health;
 * GET /; POST /api/health; GET /api/move), the rest is the body. Checked
 * on every input:
 *   - the status is one of 200, 400, 404, 405, 500; the content type is
 *     set; a 405 names what is allowed;
 *   - every API response is one JSON object and a newline, read back by
 *     json.c; an error is exactly {"error": a non-empty string};
 *   - every JSON number of a response is an integer of magnitude at most
 *     2^53 (bigger ones must be strings: docs/api.md);
 *   - the same request answered twice gives the same bytes (the API is
 *     stateless and its strategies seeded);
 *   - json_check() and json_skip() agree on the body: a body that checks
 *     is one value and white space;
 *   - the body's bytes (to their first NUL) written as a JSON string by
 *     the tool's writer (jsonw.c) are one JSON string that json_check()
 *     accepts, so valid UTF-8 whatever the bytes (names and messages in
 *     duel, play and analyze --json).
 *
 * It links the tool's modules from libcli.a, as the tool does: the
 * handlers of serve/api.c, the JSON reader, the models and pictures
 * they call, and the page's files compiled in from web/. Any violation
 * calls abort().
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jsonw.h"
#include "serve/api.h"
#include "serve/json.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define CHECK(cond)                                                            \
    do {                                                                       \
        if (!(cond))                                                           \
            abort();                                                           \
    } while (0)

/* Every number in the value at the reader's position is an integer of
 * magnitude at most 2^53. */
static void check_numbers(json_reader_t *r)
{
    const char *lit;
    size_t len, count = 0;
    int64_t v;
    const json_type_t t = json_peek(r);
    if (t == JSON_NUMBER) {
        CHECK(json_number(r, &lit, &len) == 0);
        CHECK(json_parse_int64(lit, len, &v) == 0);
        CHECK(v >= -CLI_JSON_SAFE_MAX && v <= CLI_JSON_SAFE_MAX);
    } else if (t == JSON_ARRAY || t == JSON_OBJECT) {
        CHECK(json_enter(r, t) == 0);
        while (json_next(r, &count) == 1) {
            if (t == JSON_OBJECT)
                CHECK(json_key(r, NULL, 0, &len) == 0);
            check_numbers(r);
        }
    } else {
        CHECK(json_skip(r) == 0);
    }
}

/* An error body: exactly one key, "error", with a non-empty string. */
static void check_error(const api_response_t *res)
{
    json_reader_t r;
    char key[8];
    size_t count = 0, len;
    json_init(&r, res->data, res->len, 0);
    CHECK(json_enter(&r, JSON_OBJECT) == 0);
    CHECK(json_next(&r, &count) == 1);
    CHECK(json_key(&r, key, sizeof key, &len) == 0);
    CHECK(len == 5 && strcmp(key, "error") == 0);
    CHECK(json_peek(&r) == JSON_STRING);
    CHECK(json_string_into(&r, NULL, 0, &len) == 0 && len > 0);
    CHECK(json_next(&r, &count) == 0);
}

/* The response of one request, checked. */
static void check_response(const api_response_t *res)
{
    json_reader_t r;
    CHECK(res->status == 200 || res->status == 400 || res->status == 404 ||
          res->status == 405 || res->status == 500);
    CHECK(res->type != NULL && res->data != NULL);
    CHECK((res->status == 405) == (res->allow != NULL));
    if (res->page)
        return;
    CHECK(strcmp(res->type, "application/json") == 0);
    CHECK(res->len >= 3 && res->data[res->len - 1] == '\n');
    json_init(&r, res->data, res->len, 64);
    CHECK(json_check(&r) == 0);
    CHECK(json_peek(&r) == JSON_OBJECT);
    check_numbers(&r);
    if (res->status != 200)
        check_error(res);
}

/* json_check() against json_skip() on the body. */
static void check_reader(const char *body, size_t len)
{
    json_reader_t r;
    json_init(&r, body, len, 0);
    const int ok = json_check(&r) == 0;
    CHECK(r.pos == 0 && (ok || (r.error != NULL && r.offset <= len)));
    if (!ok)
        return;
    CHECK(json_skip(&r) == 0 && r.depth == 0);
    CHECK(json_peek(&r) == JSON_NONE && r.pos == len);
}

/* The writer of JSON strings on bytes[0..len-1] (cut at a NUL). */
static void check_writer(const char *bytes, size_t len)
{
    char *text = malloc(len + 1), *out = NULL;
    size_t out_len = 0;
    CHECK(text != NULL);
    memcpy(text, bytes, len);
    text[len] = '\0';
    FILE *fp = open_memstream(&out, &out_len);
    CHECK(fp != NULL);
    cli_put_json_string(fp, text);
    CHECK(fclose(fp) == 0);
    json_reader_t r;
    json_init(&r, out, out_len, 0);
    CHECK(json_check(&r) == 0 && json_peek(&r) == JSON_STRING);
    free(out);
    free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *const requests[8][2] = {
        {"POST", "/api/solve"},   {"POST", "/api/move"},
        {"POST", "/api/analyze"}, {"POST", "/api/table"},
        {"GET", "/api/health"},   {"GET", "/"},
        {"POST", "/api/health"},  {"GET", "/api/move"},
    };
    const api_config_t cfg = {200, 4096};
    api_response_t a, b;
    if (size == 0)
        return 0;
    const char *const *req = requests[data[0] % 8];
    const char *body = (const char *)data + 1;
    api_handle(&cfg, req[0], req[1], body, size - 1, &a);
    check_response(&a);
    api_handle(&cfg, req[0], req[1], body, size - 1, &b);
    CHECK(a.status == b.status && a.len == b.len &&
          memcmp(a.data, b.data, a.len) == 0);
    api_response_free(&a);
    api_response_free(&b);
    check_reader(body, size - 1);
    check_writer(body, size - 1);
    return 0;
}
