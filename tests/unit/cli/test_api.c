/* SPDX-License-Identifier: MIT */
/*
 * cli/serve/api.c, the handlers of coinline serve (docs/api.md), called
 * as the server calls them: every endpoint's status, type and body; the
 * numbers against the independent oracle on random rows, integers past
 * 2^53 as strings; the documented refusals with their messages; the page.
 * Responses are read back with the JSON reader (serve/json.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "coinline.h"
#include "common/oracle.h"
#include "common/rng.h"
#include "common/tap.h"
#include "serve/api.h"
#include "serve/json.h"

static const api_config_t cfg = {1000, 4 * 1024 * 1024};

static void call(const char *method, const char *path, const char *body,
                 api_response_t *res)
{
    api_handle(&cfg, method, path, body, body != NULL ? strlen(body) : 0, res);
}

/* The value of key in the response's top-level object: its kind, and
 * the reader left on it. Returns JSON_NONE when absent. */
static json_type_t find(const api_response_t *res, const char *key,
                        json_reader_t *r)
{
    char k[64];
    size_t count = 0, len;
    json_init(r, res->data, res->len, 0);
    if (json_check(r) != 0 || json_enter(r, JSON_OBJECT) != 0)
        return JSON_NONE;
    while (json_next(r, &count) == 1) {
        if (json_key(r, k, sizeof k, &len) != 0)
            return JSON_NONE;
        if (strcmp(k, key) == 0)
            return json_peek(r);
        if (json_skip(r) != 0)
            return JSON_NONE;
    }
    return JSON_NONE;
}

/* A decimal integer text into an i128; 0 when it is not one. */
static int parse_i128(const char *s, size_t len, i128 *v)
{
    const int neg = len > 0 && s[0] == '-';
    i128 x = 0;
    if (len == (size_t)neg)
        return 0;
    for (size_t i = (size_t)neg; i < len; i++) {
        if (s[i] < '0' || s[i] > '9')
            return 0;
        x = x * 10 + (s[i] - '0');
    }
    *v = neg ? -x : x;
    return 1;
}

/* An integer read at the reader: a JSON number when |v| <= 2^53, else a
 * string of its decimal value (docs/api.md). Returns 0 when it is not
 * one, or is in the wrong form for its size. */
static int read_int(json_reader_t *r, i128 *v)
{
    const i128 safe = (i128)1 << 53;
    const json_type_t t = json_peek(r);
    const char *lit;
    char *str = NULL;
    size_t len;
    int good = 0;
    if (t == JSON_NUMBER && json_number(r, &lit, &len) == 0)
        good = parse_i128(lit, len, v) && *v <= safe && -*v <= safe;
    else if (t == JSON_STRING && json_string(r, &str, &len) == 0)
        good = parse_i128(str, len, v) && (*v > safe || -*v > safe);
    free(str);
    return good;
}

static int int_field(const api_response_t *res, const char *key, i128 *v)
{
    json_reader_t r;
    return find(res, key, &r) != JSON_NONE && read_int(&r, v);
}

/* A string field into buf ("null" for null). */
static int str_field(const api_response_t *res, const char *key, char *buf,
                     size_t size)
{
    json_reader_t r;
    size_t len;
    const json_type_t t = find(res, key, &r);
    if (t == JSON_NULL) {
        snprintf(buf, size, "null");
        return 1;
    }
    return t == JSON_STRING && json_string_into(&r, buf, size, &len) == 0;
}

/* A body {"coins": [...], "moves": "..."} for a[0..n-1]; coins past 2^53
 * go as strings, as a browser must send them. */
static char *body_of(const int64_t *a, size_t n, const char *moves,
                     const char *extra)
{
    char *buf = NULL;
    size_t size = 0;
    FILE *fp = open_memstream(&buf, &size);
    fputs("{\"coins\":[", fp);
    for (size_t i = 0; i < n; i++) {
        const int big = a[i] > (INT64_C(1) << 53) || a[i] < -(INT64_C(1) << 53);
        fprintf(fp, big ? "%s\"%lld\"" : "%s%lld", i ? "," : "",
                (long long)a[i]);
    }
    fprintf(fp, "]");
    if (moves != NULL)
        fprintf(fp, ",\"moves\":\"%s\"", moves);
    if (extra != NULL)
        fprintf(fp, ",%s", extra);
    fputs("}", fp);
    fclose(fp);
    return buf;
}

static void test_health_and_routing(void)
{
    api_response_t res;
    i128 v = 0;
    char s[64];
    call("GET", "/api/health", NULL, &res);
    ok(res.status == 200 && strcmp(res.type, "application/json") == 0 &&
           str_field(&res, "status", s, sizeof s) && strcmp(s, "ok") == 0 &&
           str_field(&res, "version", s, sizeof s) &&
           strcmp(s, coinline_version_string()) == 0 &&
           int_field(&res, "max_coins", &v) && v == 1000 &&
           int_field(&res, "table_max", &v) && v == 64,
       "GET /api/health: 200, JSON, ok, the library's version, the limits");
    api_response_free(&res);
    call("HEAD", "/api/health", NULL, &res);
    ok(res.status == 200, "HEAD /api/health is answered as GET");
    api_response_free(&res);
    call("GET", "/api/solve", NULL, &res);
    ok(res.status == 405 && res.allow != NULL &&
           strcmp(res.allow, "POST") == 0 &&
           str_field(&res, "error", s, sizeof s) &&
           strcmp(s, "method not allowed: /api/solve takes POST") == 0,
       "GET /api/solve: 405, Allow: POST, the documented message");
    api_response_free(&res);
    call("POST", "/api/health", "{}", &res);
    ok(res.status == 405 && res.allow != NULL &&
           strcmp(res.allow, "GET, HEAD") == 0,
       "POST /api/health: 405, Allow: GET, HEAD");
    api_response_free(&res);
    call("GET", "/api/nope\x01", NULL, &res);
    ok(res.status == 404 && str_field(&res, "error", s, sizeof s) &&
           strcmp(s, "not found: /api/nope?") == 0,
       "an unknown path: 404, its unprintable bytes shown as '?'");
    api_response_free(&res);
    ok(api_wants_body("POST", "/api/solve") &&
           api_wants_body("POST", "/api/table") &&
           !api_wants_body("GET", "/api/solve") &&
           !api_wants_body("POST", "/api/health") &&
           !api_wants_body("POST", "/nope"),
       "api_wants_body: only a POST to a POST endpoint has a body to read");
}

static void test_page(void)
{
    api_response_t res;
    call("GET", "/", NULL, &res);
    ok(res.status == 200 && res.page == 1 &&
           strcmp(res.type, "text/html; charset=utf-8") == 0 && res.len > 0 &&
           strstr(res.data, "<html") != NULL,
       "GET /: the page's index.html, typed text/html");
    api_response_free(&res);
    call("GET", "/app.js", NULL, &res);
    ok(res.status == 200 && res.page == 1 &&
           strcmp(res.type, "text/javascript; charset=utf-8") == 0,
       "GET /app.js: typed text/javascript");
    api_response_free(&res);
    call("GET", "/../Makefile", NULL, &res);
    ok(res.status == 404, "a path outside the page's files: 404");
    api_response_free(&res);
    ok(strcmp(api_content_type("/x.css"), "text/css; charset=utf-8") == 0 &&
           strcmp(api_content_type("/x.svg"), "image/svg+xml") == 0 &&
           strcmp(api_content_type("/x.png"), "image/png") == 0,
       "api_content_type by extension: css, svg, png");
}

/* /api/solve on a[0..n-1] against the oracle's table: every number, the
 * winner, the first move and the line. */
static int solve_matches(const int64_t *a, size_t n)
{
    oracle_table_t t;
    api_response_t res;
    char *body = body_of(a, n, NULL, NULL);
    char winner[16], first[16], line[64];
    i128 sum = 0, p1 = 0, p2 = 0, margin = 0, nn = 0;
    oracle_table_init(&t, a, n);
    call("POST", "/api/solve", body, &res);
    const i128 v = oracle_value(&t, 0, n), total = oracle_sum(a, n);
    const coinline_side_t fm = oracle_move(&t, 0, n);
    int good = res.status == 200 && int_field(&res, "n", &nn) &&
               nn == (i128)n && int_field(&res, "sum", &sum) && sum == total &&
               int_field(&res, "p1", &p1) && p1 == (total + v) / 2 &&
               int_field(&res, "p2", &p2) && p2 == (total - v) / 2 &&
               int_field(&res, "margin", &margin) && margin == v &&
               str_field(&res, "winner", winner, sizeof winner) &&
               strcmp(winner, v > 0   ? "first"
                              : v < 0 ? "second"
                                      : "draw") == 0 &&
               str_field(&res, "first_move", first, sizeof first) &&
               strcmp(first, fm == COINLINE_SIDE_LEFT    ? "left"
                             : fm == COINLINE_SIDE_RIGHT ? "right"
                                                         : "null") == 0 &&
               str_field(&res, "line", line, sizeof line) && strlen(line) == n;
    for (size_t lo = 0, hi = n, k = 0; good && k < n; k++) {
        const coinline_side_t s = oracle_move(&t, lo, hi);
        good = line[k] == (s == COINLINE_SIDE_LEFT ? 'L' : 'R');
        lo += s == COINLINE_SIDE_LEFT;
        hi -= s == COINLINE_SIDE_RIGHT;
    }
    if (!good)
        diag("/api/solve on %s: %.*s", body, (int)res.len, res.data);
    api_response_free(&res);
    oracle_table_free(&t);
    free(body);
    return good;
}

static void test_solve(void)
{
    rng_t r;
    tally_t t = {0, 0};
    int64_t a[40];
    const int64_t big[] = {INT64_C(1) << 62, INT64_C(1) << 62, -7};
    rng_seed(&r, 0xA91);
    for (int k = 0; k < 400; k++) {
        const size_t n = (size_t)rng_below(&r, 40);
        gen_values(&r, a, n, (vals_t)rng_below(&r, VALS_COUNT));
        tally_check(&t, solve_matches(a, n));
    }
    ok(tally_passed(&t),
       "POST /api/solve agrees with the oracle on 400 random rows of 0 to "
       "39 coins, every value alphabet (int64 extremes included)");
    ok(solve_matches(big, 3),
       "totals past 2^53 come back as strings of their exact value, smaller "
       "ones as numbers (2^62, 2^62, -7)");
}

/* /api/move with the optimal strategy after a random prefix of moves:
 * the hint, value and secured total against the oracle. */
static void test_move(void)
{
    rng_t r;
    tally_t t = {0, 0};
    int64_t a[30];
    char moves[31], s[32];
    api_response_t res;
    rng_seed(&r, 0x30E);
    for (int k = 0; k < 300; k++) {
        const size_t n = 1 + (size_t)rng_below(&r, 29);
        const size_t played = (size_t)rng_below(&r, n);
        oracle_table_t tab;
        size_t lo = 0, hi = n;
        i128 own[2] = {0, 0}, v = 0, best_coin = 0, secured = 0;
        gen_values(&r, a, n, VALS_WIDE);
        for (size_t m = 0; m < played; m++) {
            moves[m] = rng_below(&r, 2) ? 'L' : 'R';
            own[m % 2] += moves[m] == 'L' ? a[lo++] : a[--hi];
        }
        moves[played] = '\0';
        oracle_table_init(&tab, a, n);
        char *body = body_of(a, n, moves, "\"strategy\":\"optimal\"");
        call("POST", "/api/move", body, &res);
        const coinline_side_t best = oracle_move(&tab, lo, hi);
        const i128 want_v = oracle_value(&tab, lo, hi);
        const i128 left = oracle_sum(a + lo, hi - lo);
        const int good =
            res.status == 200 && str_field(&res, "best", s, sizeof s) &&
            strcmp(s, best == COINLINE_SIDE_LEFT ? "left" : "right") == 0 &&
            str_field(&res, "move", s, sizeof s) &&
            strcmp(s, best == COINLINE_SIDE_LEFT ? "left" : "right") == 0 &&
            int_field(&res, "best_coin", &best_coin) &&
            best_coin == (best == COINLINE_SIDE_LEFT ? a[lo] : a[hi - 1]) &&
            int_field(&res, "value", &v) && v == want_v &&
            int_field(&res, "secured", &secured) &&
            secured == own[played % 2] + (left + want_v) / 2;
        if (!tally_check(&t, good))
            tally_note(&t, "%s: %.*s", body, (int)res.len, res.data);
        api_response_free(&res);
        oracle_table_free(&tab);
        free(body);
    }
    ok(tally_passed(&t),
       "POST /api/move (optimal) after random moves: move, best, best_coin, "
       "value and secured agree with the oracle on 300 positions");
    call("POST", "/api/move",
         "{\"coins\":[1,3,5,2,9],\"moves\":\"R\",\"strategy\":\"greedy\"}",
         &res);
    i128 p1 = 0, p2 = 0, to_move = 0;
    ok(res.status == 200 && str_field(&res, "move", s, sizeof s) &&
           strcmp(s, "right") == 0 && str_field(&res, "moves", s, sizeof s) &&
           strcmp(s, "RR") == 0 && int_field(&res, "p1", &p1) && p1 == 9 &&
           int_field(&res, "p2", &p2) && p2 == 2 &&
           int_field(&res, "to_move", &to_move) && to_move == 1,
       "greedy on 1 3 5 2 after R takes 2 (right): moves RR, 9 to 2, "
       "player 1 to move (docs/api.md's example)");
    api_response_free(&res);
}

/* /api/analyze: each move's loss against the oracle. */
static void test_analyze(void)
{
    rng_t r;
    tally_t t = {0, 0};
    int64_t a[24];
    char moves[25];
    rng_seed(&r, 0xA7A);
    for (int k = 0; k < 150; k++) {
        const size_t n = (size_t)rng_below(&r, 24);
        const size_t played = (size_t)rng_below(&r, n + 1);
        oracle_table_t tab;
        api_response_t res;
        json_reader_t jr;
        gen_values(&r, a, n, VALS_PM2);
        for (size_t m = 0; m < played; m++)
            moves[m] = rng_below(&r, 2) ? 'L' : 'R';
        moves[played] = '\0';
        oracle_table_init(&tab, a, n);
        char *body = body_of(a, n, moves, NULL);
        call("POST", "/api/analyze", body, &res);
        int good = res.status == 200 &&
                   find(&res, "moves", &jr) == JSON_ARRAY &&
                   json_enter(&jr, JSON_ARRAY) == 0;
        size_t count = 0, lo = 0, hi = n;
        while (good && json_next(&jr, &count) == 1) {
            /* each review: find "loss" in the object */
            char key[32];
            size_t len, c2 = 0;
            i128 loss = -1;
            good = json_enter(&jr, JSON_OBJECT) == 0;
            while (good && json_next(&jr, &c2) == 1) {
                good = json_key(&jr, key, sizeof key, &len) == 0;
                if (good && strcmp(key, "loss") == 0)
                    good = read_int(&jr, &loss);
                else if (good)
                    good = json_skip(&jr) == 0;
            }
            const size_t m = count - 1;
            const int left = moves[m] == 'L';
            const i128 coin = left ? a[lo] : a[hi - 1];
            const i128 before = oracle_value(&tab, lo, hi);
            lo += left;
            hi -= !left;
            good = good &&
                   loss == (before - (coin - oracle_value(&tab, lo, hi))) / 2;
        }
        good = good && count == played;
        if (!tally_check(&t, good))
            tally_note(&t, "%s: %.*s", body, (int)res.len, res.data);
        api_response_free(&res);
        oracle_table_free(&tab);
        free(body);
    }
    ok(tally_passed(&t), "POST /api/analyze: one review per move, each "
                         "move's loss as the oracle's V gives it (150 "
                         "random games, finished or not)");
}

static void test_table(void)
{
    api_response_t res;
    call("POST", "/api/table", "{\"coins\":[1,3,5]}", &res);
    static const char want[] = "{\"n\":3,\"v\":[[1,2,3],[null,3,2],[null,"
                               "null,5]],\"move\":[\"LRR\",\"-LR\",\"--L\"],"
                               "\"line\":\"RRL\"}\n";
    ok(res.status == 200 && res.len == sizeof want - 1 &&
           memcmp(res.data, want, res.len) == 0,
       "POST /api/table on 1 3 5: docs/api.md's worked example, byte for "
       "byte");
    api_response_free(&res);
}

/* ------------------------------------------------------------------------
 * The circle ("circle": true)
 * ---------------------------------------------------------------------- */

#define RING_MAX 24

/* The circle's reference: the oracle's table on the circle written twice,
 * b = a[0..n-1] then a[0..n-2], whose run [p + 1, p + n) is the line
 * left once the coin at p (0-based) is taken; b[x] is at position
 * x % n + 1. Nothing here calls the library. */
typedef struct {
    int64_t b[2 * RING_MAX];
    size_t n;
    oracle_table_t t;
} ring_t;

static void ring_init(ring_t *R, const int64_t *a, size_t n)
{
    R->n = n;
    for (size_t x = 0; x + 1 < 2 * n; x++)
        R->b[x] = a[x % n];
    oracle_table_init(&R->t, R->b, n > 0 ? 2 * n - 1 : 0);
}

/* Player 1's final margin when move 1 takes the coin at p (0-based). */
static i128 ring_margin(const ring_t *R, size_t p)
{
    return R->b[p] - oracle_value(&R->t, p + 1, p + R->n);
}

/* The optimal first position, 0-based, the smallest of ties (n > 0). */
static size_t ring_first(const ring_t *R)
{
    size_t best = 0;
    for (size_t p = 1; p < R->n; p++)
        if (ring_margin(R, p) > ring_margin(R, best))
            best = p;
    return best;
}

static int bool_field(const api_response_t *res, const char *key)
{
    json_reader_t r;
    return find(res, key, &r) == JSON_TRUE;
}

static int null_field(const api_response_t *res, const char *key)
{
    json_reader_t r;
    return find(res, key, &r) == JSON_NULL;
}

/* /api/solve with "circle": true on a[0..n-1] against the reference. */
static int circle_solve_matches(const int64_t *a, size_t n)
{
    ring_t R;
    api_response_t res;
    char *body = body_of(a, n, NULL, "\"circle\":true");
    char winner[16], line[RING_MAX + 1];
    i128 sum = 0, p1 = 0, p2 = 0, margin = 0, nn = 0, first = 0;
    ring_init(&R, a, n);
    call("POST", "/api/solve", body, &res);
    const size_t f = n > 0 ? ring_first(&R) : 0;
    const i128 m = n > 0 ? ring_margin(&R, f) : 0, total = oracle_sum(a, n);
    int good =
        res.status == 200 && int_field(&res, "n", &nn) && nn == (i128)n &&
        bool_field(&res, "circle") && int_field(&res, "sum", &sum) &&
        sum == total && int_field(&res, "p1", &p1) && p1 == (total + m) / 2 &&
        int_field(&res, "p2", &p2) && p2 == (total - m) / 2 &&
        int_field(&res, "margin", &margin) && margin == m &&
        str_field(&res, "winner", winner, sizeof winner) &&
        strcmp(winner, m > 0   ? "first"
                       : m < 0 ? "second"
                               : "draw") == 0 &&
        (n == 0
             ? null_field(&res, "first_move")
             : int_field(&res, "first_move", &first) && first == (i128)f + 1) &&
        str_field(&res, "line", line, sizeof line) &&
        strlen(line) == (n > 0 ? n - 1 : 0);
    for (size_t lo = f + 1, end = f + n, k = 0; good && k + 1 < n; k++) {
        const coinline_side_t s = oracle_move(&R.t, lo, end);
        good = line[k] == (s == COINLINE_SIDE_LEFT ? 'L' : 'R');
        lo += s == COINLINE_SIDE_LEFT;
        end -= s == COINLINE_SIDE_RIGHT;
    }
    if (!good)
        diag("/api/solve on %s: %.*s", body, (int)res.len, res.data);
    api_response_free(&res);
    oracle_table_free(&R.t);
    free(body);
    return good;
}

static void test_circle_solve(void)
{
    rng_t r;
    tally_t t = {0, 0};
    int64_t a[RING_MAX];
    rng_seed(&r, 0xC1C);
    for (int k = 0; k < 400; k++) {
        const size_t n = (size_t)rng_below(&r, RING_MAX + 1);
        gen_values(&r, a, n, (vals_t)rng_below(&r, VALS_COUNT));
        tally_check(&t, circle_solve_matches(a, n));
    }
    ok(tally_passed(&t),
       "POST /api/solve with circle: the result, the first position (the "
       "smallest optimal one) and the line after it agree with the oracle "
       "on 400 random circles of 0 to 24 coins, every value alphabet");
    const int64_t one[] = {-4}, two[] = {3, 8};
    ok(circle_solve_matches(one, 1) && circle_solve_matches(two, 2),
       "circles of 1 and 2 coins: move 1 takes the coin, or the larger");
}

/* A random circular game: the first position (0-based), then random
 * moves on the line left, at least one coin left to take. */
typedef struct {
    size_t n, first, played; /* first == n: no move yet */
    size_t lo, end;          /* the line left: the run [lo, end) of b */
    char moves[RING_MAX + 1];
    i128 own[2]; /* the game's totals */
} ring_game_t;

static void ring_game(rng_t *r, const ring_t *R, ring_game_t *g)
{
    g->n = R->n;
    g->first =
        rng_below(r, 3) == 0 || R->n == 1 ? R->n : (size_t)rng_below(r, R->n);
    g->played = g->first < R->n ? (size_t)rng_below(r, R->n - 1 + 1) : 0;
    if (g->played == R->n - 1 && g->played > 0)
        g->played--; /* leave a coin */
    g->own[0] = g->first < R->n ? R->b[g->first] : 0;
    g->own[1] = 0;
    g->lo = g->first + 1;
    g->end = g->first + R->n;
    for (size_t m = 0; m < g->played; m++) {
        g->moves[m] = rng_below(r, 2) ? 'L' : 'R';
        g->own[(m + 1) % 2] +=
            g->moves[m] == 'L' ? R->b[g->lo++] : R->b[--g->end];
    }
    g->moves[g->played] = '\0';
}

/* /api/move (optimal) at move 1 of the circle: the optimal position. */
static int circle_first_matches(const ring_t *R, const api_response_t *res)
{
    const size_t f = ring_first(R);
    const i128 m = ring_margin(R, f), total = oracle_sum(R->b, R->n);
    i128 move = 0, pos = 0, best = 0, bpos = 0, bcoin = 0, v = 0, sec = 0;
    i128 p1 = 0, to_move = -1;
    return res->status == 200 && int_field(res, "move", &move) &&
           move == (i128)f + 1 && int_field(res, "position", &pos) &&
           pos == move && int_field(res, "best", &best) && best == move &&
           int_field(res, "best_position", &bpos) && bpos == move &&
           int_field(res, "best_coin", &bcoin) && bcoin == R->b[f] &&
           int_field(res, "value", &v) && v == m &&
           int_field(res, "secured", &sec) && sec == (total + m) / 2 &&
           int_field(res, "p1", &p1) && p1 == R->b[f] &&
           int_field(res, "to_move", &to_move) && to_move == (R->n > 1 ? 2 : 0);
}

/* /api/move (optimal) after move 1: on the line left, with positions. */
static int circle_line_matches(const ring_t *R, const ring_game_t *g,
                               const api_response_t *res)
{
    const coinline_side_t s = oracle_move(&R->t, g->lo, g->end);
    const size_t at = s == COINLINE_SIDE_LEFT ? g->lo : g->end - 1;
    const i128 v = oracle_value(&R->t, g->lo, g->end);
    const i128 left = oracle_sum(R->b + g->lo, g->end - g->lo);
    const int mover = g->played % 2 == 0 ? 2 : 1; /* the game's player */
    char side[16];
    i128 pos = 0, bpos = 0, coin = 0, sec = 0, p1 = 0, p2 = 0, first = 0;
    i128 to_move = -1, value = 0;
    i128 after[2] = {g->own[0], g->own[1]};
    after[mover - 1] += R->b[at];
    const int over = g->end - g->lo == 1;
    return res->status == 200 && str_field(res, "move", side, sizeof side) &&
           strcmp(side, s == COINLINE_SIDE_LEFT ? "left" : "right") == 0 &&
           str_field(res, "best", side, sizeof side) &&
           strcmp(side, s == COINLINE_SIDE_LEFT ? "left" : "right") == 0 &&
           int_field(res, "position", &pos) && pos == (i128)(at % R->n) + 1 &&
           int_field(res, "best_position", &bpos) && bpos == pos &&
           int_field(res, "coin", &coin) && coin == R->b[at] &&
           int_field(res, "first", &first) && first == (i128)g->first + 1 &&
           int_field(res, "value", &value) && value == v &&
           int_field(res, "secured", &sec) &&
           sec == g->own[mover - 1] + (left + v) / 2 &&
           int_field(res, "p1", &p1) && p1 == after[0] &&
           int_field(res, "p2", &p2) && p2 == after[1] &&
           int_field(res, "to_move", &to_move) &&
           to_move == (over ? 0 : 3 - mover);
}

static void test_circle_move(void)
{
    rng_t r;
    tally_t t = {0, 0};
    int64_t a[RING_MAX];
    char extra[64];
    rng_seed(&r, 0xC30);
    for (int k = 0; k < 400; k++) {
        const size_t n = 1 + (size_t)rng_below(&r, RING_MAX);
        ring_t R;
        ring_game_t g;
        api_response_t res;
        gen_values(&r, a, n, (vals_t)rng_below(&r, VALS_COUNT));
        ring_init(&R, a, n);
        ring_game(&r, &R, &g);
        snprintf(extra, sizeof extra, "\"circle\":true,\"first\":%zu",
                 g.first < n ? g.first + 1 : 0);
        char *body = body_of(a, n, g.moves, extra);
        call("POST", "/api/move", body, &res);
        const int good = g.first == n ? circle_first_matches(&R, &res)
                                      : circle_line_matches(&R, &g, &res);
        if (!tally_check(&t, good))
            tally_note(&t, "%s: %.*s", body, (int)res.len, res.data);
        api_response_free(&res);
        oracle_table_free(&R.t);
        free(body);
    }
    ok(tally_passed(&t),
       "POST /api/move with circle (optimal), before move 1 and after random "
       "moves: the move, its position, best, value, secured and the totals "
       "agree with the oracle on 400 positions");
}

static void test_circle_strategies(void)
{
    api_response_t res;
    i128 move = 0, p1 = 0;
    char s[16];
    call("POST", "/api/move",
         "{\"coins\":[4,9,2,9,1],\"circle\":true,\"strategy\":\"greedy\"}",
         &res);
    ok(res.status == 200 && int_field(&res, "move", &move) && move == 2 &&
           int_field(&res, "p1", &p1) && p1 == 9,
       "greedy's move 1 on 4 9 2 9 1 takes the largest coin at the smallest "
       "position: 2");
    api_response_free(&res);
    /* 4 9 2 9 1, position 2 taken: the line 2 9 1 4 (positions 3, 4, 5,
     * 1); player 2 takes 2 on the left, then greedy (player 1) has 9 on
     * the left and 4 on the right */
    call("POST", "/api/move",
         "{\"coins\":[4,9,2,9,1],\"circle\":true,\"first\":2,\"moves\":\"L\","
         "\"strategy\":\"greedy\"}",
         &res);
    i128 pos = 0, p2 = 0, to_move = 0;
    ok(res.status == 200 && str_field(&res, "move", s, sizeof s) &&
           strcmp(s, "left") == 0 && int_field(&res, "position", &pos) &&
           pos == 4 && str_field(&res, "moves", s, sizeof s) &&
           strcmp(s, "LL") == 0 && int_field(&res, "p1", &p1) && p1 == 18 &&
           int_field(&res, "p2", &p2) && p2 == 2 &&
           int_field(&res, "to_move", &to_move) && to_move == 2,
       "greedy after 2, L takes 9 at position 4: moves LL, 18 to 2, player 2 "
       "to move");
    api_response_free(&res);
}

/* The arcs' table against the reference: v, margins and first. */
static int circle_table_matches(const int64_t *a, size_t n)
{
    ring_t R;
    api_response_t res;
    json_reader_t jr;
    size_t rows = 0, cols;
    i128 first = 0, x = 0;
    char *body = body_of(a, n, NULL, "\"circle\":true");
    ring_init(&R, a, n);
    call("POST", "/api/table", body, &res);
    int good =
        res.status == 200 && bool_field(&res, "circle") &&
        int_field(&res, "first", &first) && first == (i128)ring_first(&R) + 1 &&
        find(&res, "v", &jr) == JSON_ARRAY && json_enter(&jr, JSON_ARRAY) == 0;
    while (good && json_next(&jr, &rows) == 1) {
        good = json_enter(&jr, JSON_ARRAY) == 0;
        for (cols = 0; good && json_next(&jr, &cols) == 1;)
            good = read_int(&jr, &x) &&
                   x == oracle_value(&R.t, rows - 1, rows - 1 + cols);
        good = good && cols == n - 1;
    }
    good = good && rows == n && find(&res, "margins", &jr) == JSON_ARRAY &&
           json_enter(&jr, JSON_ARRAY) == 0;
    for (rows = 0; good && json_next(&jr, &rows) == 1;)
        good = read_int(&jr, &x) && x == ring_margin(&R, rows - 1);
    good = good && rows == n;
    if (!good)
        diag("/api/table on %s: %.*s", body, (int)res.len, res.data);
    api_response_free(&res);
    oracle_table_free(&R.t);
    free(body);
    return good;
}

static void test_circle_table(void)
{
    api_response_t res;
    rng_t r;
    tally_t t = {0, 0};
    int64_t a[16];
    call("POST", "/api/table", "{\"coins\":[1,3,5],\"circle\":true}", &res);
    static const char want[] =
        "{\"n\":3,\"circle\":true,\"v\":[[1,2],[3,2],[5,4]],\"move\":[\"LR\","
        "\"LR\",\"LL\"],\"margins\":[-1,-1,3],\"first\":3,\"line\":\"RL\"}\n";
    ok(res.status == 200 && res.len == sizeof want - 1 &&
           memcmp(res.data, want, res.len) == 0,
       "POST /api/table with circle on 1 3 5: docs/api.md's example, worked "
       "by hand, byte for byte");
    api_response_free(&res);
    rng_seed(&r, 0x7AB);
    for (int k = 0; k < 100; k++) {
        const size_t n = 1 + (size_t)rng_below(&r, 16);
        gen_values(&r, a, n, (vals_t)rng_below(&r, VALS_COUNT));
        tally_check(&t, circle_table_matches(a, n));
    }
    ok(tally_passed(&t), "POST /api/table with circle: every arc's V, each "
                         "first position's margin and the first position "
                         "agree with the oracle on 100 random circles");
}

/* A request refused with status and message, as a test point. */
static void refused(const char *path, const char *body, int status,
                    const char *message)
{
    api_response_t res;
    char msg[256] = "";
    call("POST", path, body, &res);
    const int good = res.status == status &&
                     str_field(&res, "error", msg, sizeof msg) &&
                     strcmp(msg, message) == 0;
    ok(good, "%s refuses with %d: %s", path, status, message);
    if (!good)
        diag("got %d: %.*s", res.status, (int)res.len, res.data);
    api_response_free(&res);
}

static void test_circle_refusals(void)
{
    static const struct {
        const char *path, *body, *message;
    } cases[] = {
        {"/api/solve", "{\"coins\": [1], \"circle\": \"yes\"}",
         "circle: not true or false"},
        {"/api/move", "{\"coins\": [1, 2, 3], \"circle\": true, \"first\": 4}",
         "first: 4 is not a position of the circle: it has 3 coins"},
        {"/api/move",
         "{\"coins\": [1, 2, 3], \"circle\": true, \"first\": 1.5}",
         "first: not a position (an integer from 1 to the number of coins, "
         "or 0 before move 1)"},
        {"/api/move",
         "{\"coins\": [1, 2, 3], \"circle\": true, \"moves\": \"L\"}",
         "moves: no move 1: give \"first\", the position of the coin it took"},
        {"/api/move", "{\"coins\": [1, 2, 3], \"first\": 1}",
         "first: a first position needs \"circle\": true"},
        {"/api/move",
         "{\"coins\": [1, 2, 3], \"circle\": true, \"first\": 1, \"moves\": "
         "\"LLL\"}",
         "moves: move 4 is one too many: the circle has 3 coins"},
        {"/api/analyze",
         "{\"coins\": [1, 2, 3], \"circle\": true, \"first\": 1, \"moves\": "
         "\"LX\"}",
         "moves: move 3 is 'X', not L or R"},
        {"/api/move",
         "{\"coins\": [1, 2, 3], \"circle\": true, \"first\": 2, \"moves\": "
         "\"lr\"}",
         "moves: the game is over: no coin is left to take"},
        {"/api/move", "{\"coins\": [], \"circle\": true}",
         "coins: the circle is empty: no coin to take"},
        {"/api/move", "{\"coins\": [1], \"circle\": true, \"first\": 1}",
         "moves: the game is over: no coin is left to take"},
        {"/api/move", "{\"coins\": [1], \"circle\": true, \"circle\": true}",
         "circle: given twice"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        refused(cases[i].path, cases[i].body, 400, cases[i].message);
    char body[600] = "{\"circle\": true, \"coins\": [0";
    for (int k = 1; k < 65; k++)
        strcat(body, ",1");
    strcat(body, "]}");
    refused("/api/table", body, 400,
            "coins: 65 coins: the table takes 64 at most");
}

static void test_refusals(void)
{
    static const struct {
        const char *path, *body;
        int status;
        const char *message;
    } cases[] = {
        {"/api/solve", "{\"coins\": [1, 2}", 400,
         "malformed JSON at byte 15: expected ',' or ']'"},
        {"/api/solve", "  ", 400, "the body is empty: send a JSON object"},
        {"/api/solve", "[1, 2]", 400, "the body is not a JSON object"},
        {"/api/solve", "{}", 400, "coins: missing"},
        {"/api/solve", "{\"coins\": 5}", 400, "coins: not an array"},
        {"/api/solve", "{\"coins\": [1, 2, 3, 2.5]}", 400,
         "coins[3]: not an integer"},
        {"/api/solve", "{\"coins\": [\"9223372036854775808\"]}", 400,
         "coins[0]: outside the int64 range"},
        {"/api/solve", "{\"coins\": [1], \"coins\": [2]}", 400,
         "coins: given twice"},
        {"/api/analyze", "{\"coins\": [1, 2], \"moves\": 3}", 400,
         "moves: not a string"},
        {"/api/analyze", "{\"coins\": [1, 2, 3], \"moves\": \"LRX\"}", 400,
         "moves: move 3 is 'X', not L or R"},
        {"/api/analyze", "{\"coins\": [1, 2], \"moves\": \"LRL\"}", 400,
         "moves: move 3 is one too many: the row has 2 coins"},
        {"/api/move", "{\"coins\": [1, 2], \"moves\": \"LR\"}", 400,
         "moves: the game is over: no coin is left to take"},
        {"/api/move", "{\"coins\": []}", 400,
         "coins: the row is empty: no coin to take"},
        {"/api/move", "{\"coins\": [1], \"strategy\": 5}", 400,
         "strategy: not a string"},
        {"/api/move", "{\"coins\": [1], \"seed\": -1}", 400,
         "seed: not an integer from 0 to 9007199254740992"},
        {"/api/table",
         "{\"coins\": [1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,"
         "1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,"
         "1,1,1,1,1]}",
         400, "coins: 65 coins: the table takes 64 at most"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        refused(cases[i].path, cases[i].body, cases[i].status,
                cases[i].message);
    /* the row limit of this configuration */
    int64_t *a = calloc(1001, sizeof *a);
    char *body = body_of(a, 1001, NULL, NULL);
    api_response_t res;
    char msg[256] = "";
    call("POST", "/api/solve", body, &res);
    ok(res.status == 400 && str_field(&res, "error", msg, sizeof msg) &&
           strcmp(msg, "coins: more than 1000 coins (the limit of this "
                       "server)") == 0,
       "a row longer than max_coins is refused, naming the limit");
    api_response_free(&res);
    free(body);
    free(a);
}

int main(void)
{
    test_health_and_routing();
    test_page();
    test_solve();
    test_move();
    test_analyze();
    test_table();
    test_circle_solve();
    test_circle_move();
    test_circle_strategies();
    test_circle_table();
    test_refusals();
    test_circle_refusals();
    return done_testing();
}
