/* SPDX-License-Identifier: MIT */
/*
 * api.c - the HTTP API of coinline serve (docs/api.md): routing, request
 * bodies read with json.c into a request_t, the endpoints, and the
 * responses written with stdio into memory (open_memstream()).
 *
 * Every integer of a response goes through cli_put_json_int() with
 * safe = 1: past 2^53 it is a string. A request is refused with the
 * first thing wrong in it: malformed JSON first (the whole body is
 * checked before any field is read), then its fields in the order they
 * come, then the moves against the row.
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "api.h"
#include "circle.h"
#include "json.h"
#include "jsonw.h"
#include "vtable.h"
#include "wide.h"

#define JSON_TYPE "application/json"

/* The keys a request may carry, one bit each. */
enum {
    KEY_COINS = 1,
    KEY_MOVES = 2,
    KEY_STRATEGY = 4,
    KEY_SEED = 8,
    KEY_CIRCLE = 16,
    KEY_FIRST = 32
};

/* A request, as read from its body. */
typedef struct {
    const api_config_t *cfg;
    int64_t *coins;
    size_t n, cap;
    char *moves; /* NULL when not given */
    size_t nmoves;
    char strategy[64]; /* "" when not given */
    uint64_t seed;
    int circle;     /* "circle": true: the coins lie on a circle */
    uint64_t first; /* a circle's first position, 1..n; 0: no move yet */
    unsigned given; /* KEY_* bits of the keys read */
    int status;     /* 400 or 500 when the request is refused */
    char error[256];
} request_t;

/* Refuses the request with a 400 (or status) and a message; returns -1. */
static int api_refuse(request_t *q, int status, const char *fmt, ...)
    COINLINE_PRINTF(3, 4);

static int api_refuse(request_t *q, int status, const char *fmt, ...)
{
    va_list ap;
    if (q->status != 0)
        return -1;
    q->status = status;
    va_start(ap, fmt);
    vsnprintf(q->error, sizeof q->error, fmt, ap);
    va_end(ap);
    return -1;
}

/* ------------------------------------------------------------------------
 * Reading the fields of a request
 * ---------------------------------------------------------------------- */

/* A string holding an integer (a coin or the seed): 0, -1 (not an
 * integer), -2 (outside int64) or -3 (out of memory). */
static int read_int_string(json_reader_t *r, int64_t *v)
{
    char buf[48], *big;
    size_t len;
    const size_t start = r->pos;
    if (json_string_into(r, buf, sizeof buf, &len) != 0)
        return -1;
    if (len < sizeof buf)
        return json_parse_int64(buf, len, v);
    r->pos = start; /* long: decode it whole, rarely */
    if (json_string(r, &big, &len) != 0)
        return -3;
    const int rc = json_parse_int64(big, len, v);
    free(big);
    return rc;
}

/* One integer, given as a JSON number or a decimal string: 0, -1 (not
 * an integer), -2 (outside int64) or -3 (out of memory). */
static int read_integer(json_reader_t *r, int64_t *v)
{
    const char *lit;
    size_t len;
    switch (json_peek(r)) {
    case JSON_NUMBER:
        if (json_number(r, &lit, &len) != 0)
            return -1;
        return json_parse_int64(lit, len, v);
    case JSON_STRING: return read_int_string(r, v);
    default: json_skip(r); return -1;
    }
}

/* Appends a coin to the row, growing it. */
static int push_coin(request_t *q, int64_t v)
{
    if (q->n == q->cap) {
        const size_t cap = q->cap ? 2 * q->cap : 256;
        int64_t *grown = realloc(q->coins, cap * sizeof *grown);
        if (grown == NULL)
            return api_refuse(q, 500, "out of memory");
        q->coins = grown;
        q->cap = cap;
    }
    q->coins[q->n++] = v;
    return 0;
}

/* "coins": an array of integers, at most max_coins. */
static int read_coins(request_t *q, json_reader_t *r)
{
    size_t count = 0;
    int more;
    int64_t v;
    if (json_enter(r, JSON_ARRAY) != 0)
        return api_refuse(q, 400, "coins: not an array");
    while ((more = json_next(r, &count)) == 1) {
        if (q->n >= q->cfg->max_coins)
            return api_refuse(q, 400,
                              "coins: more than %zu coins (the limit of "
                              "this server)",
                              q->cfg->max_coins);
        const int rc = read_integer(r, &v);
        if (rc == -1)
            return api_refuse(q, 400, "coins[%zu]: not an integer", q->n);
        if (rc == -2)
            return api_refuse(q, 400, "coins[%zu]: outside the int64 range",
                              q->n);
        if (rc != 0 || push_coin(q, v) != 0)
            return api_refuse(q, 500, "out of memory");
    }
    return more < 0 ? api_refuse(q, 400, "coins: malformed") : 0;
}

/* "moves": a string (checked against the row later). */
static int read_moves(request_t *q, json_reader_t *r)
{
    if (json_peek(r) != JSON_STRING)
        return api_refuse(q, 400, "moves: not a string");
    if (json_string(r, &q->moves, &q->nmoves) != 0)
        return api_refuse(q, 500, "out of memory");
    return 0;
}

/* "strategy": a string, checked by coinline_strategy_new() later. */
static int read_strategy(request_t *q, json_reader_t *r)
{
    size_t len;
    if (json_peek(r) != JSON_STRING)
        return api_refuse(q, 400, "strategy: not a string");
    json_string_into(r, q->strategy, sizeof q->strategy, &len);
    if (len == 0 || len >= sizeof q->strategy || strlen(q->strategy) != len)
        return api_refuse(q, 400, "strategy: unknown strategy");
    return 0;
}

/* "seed": an integer from 0 to 2^53. */
static int read_seed(request_t *q, json_reader_t *r)
{
    int64_t v;
    if (read_integer(r, &v) != 0 || v < 0 || v > CLI_JSON_SAFE_MAX)
        return api_refuse(q, 400,
                          "seed: not an integer from 0 to 9007199254740992");
    q->seed = (uint64_t)v;
    return 0;
}

/* "circle": true or false. */
static int read_circle(request_t *q, json_reader_t *r)
{
    const json_type_t t = json_peek(r);
    if (t != JSON_TRUE && t != JSON_FALSE)
        return api_refuse(q, 400, "circle: not true or false");
    q->circle = t == JSON_TRUE;
    return json_skip(r) == 0 ? 0 : api_refuse(q, 400, "malformed JSON");
}

/* "first": an integer from 0 (checked against the circle later). */
static int read_first(request_t *q, json_reader_t *r)
{
    int64_t v;
    if (read_integer(r, &v) != 0 || v < 0)
        return api_refuse(q, 400,
                          "first: not a position (an integer from 1 to the "
                          "number of coins, or 0 before move 1)");
    q->first = (uint64_t)v;
    return 0;
}

/* The keys of the requests, and how each is read. */
static const struct {
    const char *name;
    unsigned bit;
    int (*read)(request_t *q, json_reader_t *r);
} api_keys[] = {
    {"coins", KEY_COINS, read_coins},          {"moves", KEY_MOVES, read_moves},
    {"strategy", KEY_STRATEGY, read_strategy}, {"seed", KEY_SEED, read_seed},
    {"circle", KEY_CIRCLE, read_circle},       {"first", KEY_FIRST, read_first},
};

/* One member of the body's object: a key of the endpoint (in keys) is
 * read, once; any other is skipped. */
static int read_member(request_t *q, json_reader_t *r, unsigned keys)
{
    char key[16];
    size_t len;
    if (json_key(r, key, sizeof key, &len) != 0)
        return api_refuse(q, 400, "malformed JSON");
    for (size_t i = 0; i < sizeof api_keys / sizeof api_keys[0]; i++) {
        if (!(api_keys[i].bit & keys) || len != strlen(api_keys[i].name) ||
            strcmp(key, api_keys[i].name) != 0)
            continue;
        if (q->given & api_keys[i].bit)
            return api_refuse(q, 400, "%s: given twice", api_keys[i].name);
        q->given |= api_keys[i].bit;
        return api_keys[i].read(q, r);
    }
    return json_skip(r) == 0 ? 0 : api_refuse(q, 400, "malformed JSON");
}

/* Reads the body: a JSON object with "coins" and the keys in keys. */
static int read_request(request_t *q, const char *body, size_t len,
                        unsigned keys)
{
    json_reader_t r;
    size_t count = 0;
    int more;
    json_init(&r, body, len, JSON_MAX_DEPTH);
    if (json_peek(&r) == JSON_NONE && r.pos == len)
        return api_refuse(q, 400, "the body is empty: send a JSON object");
    if (json_check(&r) != 0)
        return api_refuse(q, 400, "malformed JSON at byte %zu: %s", r.offset,
                          r.error);
    if (json_enter(&r, JSON_OBJECT) != 0)
        return api_refuse(q, 400, "the body is not a JSON object");
    while ((more = json_next(&r, &count)) == 1)
        if (read_member(q, &r, keys) != 0)
            return -1;
    if (more < 0)
        return api_refuse(q, 400, "malformed JSON");
    if (!(q->given & KEY_COINS))
        return api_refuse(q, 400, "coins: missing");
    return 0;
}

/* The moves against the row, or against the line a circle's move 1
 * left: L or R each (lower case taken, and made upper case), at most cap
 * (the coins of that line), numbered in messages from base (1 in a row, 2
 * on a circle, whose move 1 is "first"). */
static int check_sides(request_t *q, size_t cap, size_t base)
{
    for (size_t k = 0; k < q->nmoves; k++) {
        const unsigned char c = (unsigned char)q->moves[k];
        if (k == cap)
            return api_refuse(q, 400,
                              "moves: move %zu is one too many: the %s has "
                              "%zu coin%s",
                              k + base, q->circle ? "circle" : "row", q->n,
                              q->n == 1 ? "" : "s");
        if (c == 'l' || c == 'r')
            q->moves[k] = (char)(c - 'a' + 'A');
        else if (c != 'L' && c != 'R' && c > 0x20 && c < 0x7F)
            return api_refuse(q, 400, "moves: move %zu is '%c', not L or R",
                              k + base, c);
        else if (c != 'L' && c != 'R')
            return api_refuse(q, 400, "moves: move %zu is not L or R",
                              k + base);
    }
    return 0;
}

/* A circle's first position against its coins, then its moves. */
static int check_circle(request_t *q)
{
    if (q->first > q->n)
        return api_refuse(q, 400,
                          "first: %llu is not a position of the circle: it "
                          "has %zu coin%s",
                          (unsigned long long)q->first, q->n,
                          q->n == 1 ? "" : "s");
    if (q->first == 0 && q->nmoves > 0)
        return api_refuse(q, 400,
                          "moves: no move 1: give \"first\", the position "
                          "of the coin it took");
    return check_sides(q, q->n > 0 ? q->n - 1 : 0, 2);
}

/* The moves (and a circle's first position) against the coins; with
 * open set, one coin at least must be left. */
static int check_moves(request_t *q, int open)
{
    const char *what = q->circle ? "circle" : "row";
    if (!q->circle && (q->given & KEY_FIRST))
        return api_refuse(q, 400,
                          "first: a first position needs \"circle\": true");
    if ((q->circle ? check_circle(q) : check_sides(q, q->n, 1)) != 0)
        return -1;
    if (open && q->n == 0)
        return api_refuse(q, 400, "coins: the %s is empty: no coin to take",
                          what);
    if (open && (q->first > 0) + q->nmoves == q->n)
        return api_refuse(q, 400,
                          "moves: the game is over: no coin is left to take");
    return 0;
}

/* ------------------------------------------------------------------------
 * Writing responses
 * ---------------------------------------------------------------------- */

/* ,"key":v with v an integer (a string past 2^53). */
static void put_field(FILE *fp, const char *key, coinline_i128_t v)
{
    fprintf(fp, ",\"%s\":", key);
    cli_put_json_int(fp, v, 1);
}

static void put_field64(FILE *fp, const char *key, int64_t v)
{
    put_field(fp, key, coinline_i128_from_int64(v));
}

/* A move as JSON: "left", "right", or null for no move. */
static const char *side_json(coinline_side_t side)
{
    return side == COINLINE_SIDE_LEFT    ? "\"left\""
           : side == COINLINE_SIDE_RIGHT ? "\"right\""
                                         : "null";
}

/* ------------------------------------------------------------------------
 * The endpoints: each writes its response to fp, or refuses the request
 * ---------------------------------------------------------------------- */

/* The fields of a result common to a row and a circle, after "n". */
static void put_totals(FILE *fp, coinline_i128_t sum, coinline_i128_t p1,
                       coinline_i128_t p2, coinline_i128_t margin,
                       coinline_winner_t winner)
{
    put_field(fp, "sum", sum);
    put_field(fp, "p1", p1);
    put_field(fp, "p2", p2);
    put_field(fp, "margin", margin);
    fprintf(fp, ",\"winner\":\"%s\"", coinline_winner_name(winner));
}

/* POST /api/solve with "circle": true: the circle's result, first_move
 * the optimal first position (null for no coin), line the moves after
 * it. */
static int run_solve_circle(request_t *q, FILE *fp)
{
    coinline_circle_result_t res;
    const size_t len = q->n > 1 ? q->n - 1 : 1;
    int64_t *left = malloc(len * sizeof *left);
    char *line = malloc(len + 1); /* n - 1 moves and a NUL */
    const int rc = left != NULL && line != NULL
                       ? cli_circle_play(q->coins, q->n, COINLINE_ALGO_LINEAR,
                                         &res, left, line)
                       : COINLINE_ENOMEM;
    if (rc == 0) {
        fprintf(fp, "{\"n\":%zu,\"circle\":true", q->n);
        put_totals(fp, res.sum, res.p1, res.p2, res.margin, res.winner);
        if (res.first == 0)
            fputs(",\"first_move\":null", fp);
        else
            put_field64(fp, "first_move", (int64_t)res.first);
        fprintf(fp, ",\"line\":\"%s\"}\n", line);
    }
    free(left);
    free(line);
    return rc == 0 ? 0 : api_refuse(q, 500, "%s", coinline_strerror(rc));
}

/* POST /api/solve: the result of optimal play and the optimal line. */
static int run_solve(request_t *q, FILE *fp)
{
    if (q->circle)
        return run_solve_circle(q, fp);
    coinline_result_t res;
    char *line = malloc(q->n + 1);
    if (line == NULL ||
        coinline_solve(q->coins, q->n, COINLINE_ALGO_LINEAR, &res) != 0 ||
        coinline_line(q->coins, q->n, COINLINE_ALGO_LINEAR, line) != 0) {
        free(line);
        return api_refuse(q, 500, "out of memory");
    }
    fprintf(fp, "{\"n\":%zu", q->n);
    put_totals(fp, res.sum, res.p1, res.p2, res.margin, res.winner);
    fprintf(fp, ",\"first_move\":%s,\"line\":\"%s\"}\n",
            side_json(res.first_move), line);
    free(line);
    return 0;
}

/* The seed of the strategy's random choices at the position after
 * nmoves moves: one request seed serves a whole game. */
static uint64_t position_seed(uint64_t seed, size_t nmoves)
{
    uint64_t state = seed ^ (UINT64_C(0xD1B54A32D192ED03) * (nmoves + 1));
    return coinline_random_next(&state);
}

/* The sum of a[0..n-1], exact. */
static cl_wide sum_of(const int64_t *a, size_t n)
{
    cl_wide sum = 0;
    for (size_t i = 0; i < n; i++)
        sum += a[i];
    return sum;
}

/* What the mover can secure from the position: own total so far plus
 * half of (the coins left + the value); sum is that of the engine's row. */
static cl_wide secured(const coinline_engine_state_t *st, cl_wide sum)
{
    const cl_wide own = cl_to_wide(st->to_move == 1 ? st->p1 : st->p2);
    const cl_wide left = sum - cl_to_wide(st->p1) - cl_to_wide(st->p2);
    return own + (left + cl_to_wide(st->value)) / 2;
}

/* The line /api/move plays on: the row, or the line a circle's move 1
 * left (whose player 1 is the game's player 2: the game's player 1 has
 * played move 1 and holds its coin, bonus). */
typedef struct {
    const int64_t *coins;
    size_t n;
    cl_wide sum;
    int64_t bonus; /* the first coin of a circle, else 0 */
} line_t;

/* The game's totals and player to move at the engine's state st. */
static void put_game(const request_t *q, const line_t *L, FILE *fp,
                     const coinline_engine_state_t *st)
{
    const int swap = q->circle;
    const cl_wide p1 = cl_to_wide(swap ? st->p2 : st->p1) + L->bonus;
    const int to_move =
        swap && st->to_move != 0 ? 3 - st->to_move : st->to_move;
    put_field(fp, "p1", cl_from_wide(p1));
    put_field(fp, "p2", swap ? st->p1 : st->p2);
    fprintf(fp, ",\"to_move\":%d,\"finished\":%s", to_move,
            to_move == 0 ? "true" : "false");
}

/* The index in the line of the coin a move on side takes at st. */
static uint64_t taken_at(const coinline_engine_state_t *st,
                         coinline_side_t side)
{
    return side == COINLINE_SIDE_LEFT ? st->lo : st->hi - 1;
}

/* ,"key":P with P the circle position of index i of the line, on a
 * circle only. */
static void put_position(const request_t *q, FILE *fp, const char *key,
                         uint64_t i)
{
    if (q->circle)
        put_field64(fp, key, (int64_t)cli_circle_at(q->n, q->first, i));
}

/* Writes the response of /api/move: the move, the position after it,
 * and the hint at the position before it (st0). */
static void put_move(const request_t *q, const line_t *L, FILE *fp,
                     coinline_side_t side, const coinline_engine_state_t *st0,
                     const coinline_engine_state_t *st)
{
    const cl_wide own = st0->to_move == 2 ? L->bonus : 0;
    fprintf(fp, "{\"move\":%s", side_json(side));
    put_position(q, fp, "position", taken_at(st0, side));
    put_field64(fp, "coin", L->coins[taken_at(st0, side)]);
    if (q->circle)
        put_field64(fp, "first", (int64_t)q->first);
    fprintf(fp, ",\"moves\":\"%.*s%c\"", (int)q->nmoves,
            q->moves != NULL ? q->moves : "",
            side == COINLINE_SIDE_LEFT ? 'L' : 'R');
    put_game(q, L, fp, st);
    fprintf(fp, ",\"best\":%s", side_json(st0->best));
    put_position(q, fp, "best_position", taken_at(st0, st0->best));
    put_field64(fp, "best_coin", L->coins[taken_at(st0, st0->best)]);
    put_field(fp, "value", st0->value);
    put_field(fp, "secured", cl_from_wide(own + secured(st0, L->sum)));
    fputs("}\n", fp);
}

/* Plays the moves of the request on the line, then the strategy's move. */
static int play_request(request_t *q, const line_t *L, coinline_strategy_t *s,
                        FILE *fp)
{
    coinline_engine_state_t st0, st;
    coinline_engine_t *e = NULL;
    coinline_side_t side;
    int rc = coinline_engine_new(L->coins, L->n, &e);
    for (size_t k = 0; rc == 0 && k < q->nmoves; k++)
        rc = coinline_engine_play(e, q->moves[k] == 'L' ? COINLINE_SIDE_LEFT
                                                        : COINLINE_SIDE_RIGHT);
    if (rc == 0)
        rc = coinline_engine_state(e, &st0);
    if (rc == 0)
        rc = coinline_strategy_move(s, e, &side);
    if (rc == 0)
        rc = coinline_engine_play(e, side);
    if (rc == 0)
        rc = coinline_engine_state(e, &st);
    coinline_engine_free(e);
    if (rc != 0)
        return api_refuse(q, 500, "%s", coinline_strerror(rc));
    put_move(q, L, fp, side, &st0, &st);
    return 0;
}

/* Move 1 of a circle: the strategy's first position, and the circle's
 * optimal one, value (its margin) and what player 1 secures. */
static int play_first(request_t *q, coinline_strategy_t *s, FILE *fp)
{
    coinline_circle_result_t res;
    uint64_t pos = 0;
    int rc = coinline_circle_solve(q->coins, q->n, COINLINE_ALGO_LINEAR, &res);
    if (rc == 0)
        rc = coinline_strategy_first(s, q->coins, q->n, &pos);
    if (rc != 0)
        return api_refuse(q, 500, "%s", coinline_strerror(rc));
    const int64_t coin = q->coins[pos - 1];
    fprintf(fp, "{\"move\":%llu", (unsigned long long)pos);
    put_field64(fp, "position", (int64_t)pos);
    put_field64(fp, "coin", coin);
    put_field64(fp, "first", (int64_t)pos);
    fprintf(fp, ",\"moves\":\"\"");
    put_field64(fp, "p1", coin);
    fprintf(fp, ",\"p2\":0,\"to_move\":%d,\"finished\":%s", q->n > 1 ? 2 : 0,
            q->n > 1 ? "false" : "true");
    fprintf(fp, ",\"best\":%llu", (unsigned long long)res.first);
    put_field64(fp, "best_position", (int64_t)res.first);
    put_field64(fp, "best_coin", q->coins[res.first - 1]);
    put_field(fp, "value", res.margin);
    put_field(fp, "secured", res.p1);
    fputs("}\n", fp);
    return 0;
}

/* A circle's move after move 1: on the line it left. */
static int play_circle(request_t *q, coinline_strategy_t *s, FILE *fp)
{
    line_t L = {NULL, q->n - 1, 0, q->coins[q->first - 1]};
    int64_t *line = malloc((q->n - 1) * sizeof *line);
    if (line == NULL)
        return api_refuse(q, 500, "out of memory");
    coinline_circle_rotate(q->coins, q->n, q->first, line);
    L.coins = line;
    L.sum = sum_of(line, L.n);
    const int rc = play_request(q, &L, s, fp);
    free(line);
    return rc;
}

/* POST /api/move: the strategy's move at the position reached. */
static int run_move(request_t *q, FILE *fp)
{
    coinline_strategy_t *s = NULL;
    const char *spec = q->strategy[0] != '\0' ? q->strategy : "optimal";
    if (check_moves(q, 1) != 0)
        return -1;
    const size_t played = (q->first > 0) + q->nmoves;
    int rc = coinline_strategy_new(spec, position_seed(q->seed, played), &s);
    if (rc == COINLINE_EINVAL)
        return api_refuse(q, 400,
                          "strategy: unknown strategy '%s': optimal, greedy, "
                          "parity, random or fallible:P (P from 0 to 1)",
                          spec);
    if (rc != 0)
        return api_refuse(q, 500, "out of memory");
    const line_t row = {q->coins, q->n, sum_of(q->coins, q->n), 0};
    if (!q->circle)
        rc = play_request(q, &row, s, fp);
    else if (q->first == 0)
        rc = play_first(q, s, fp);
    else
        rc = play_circle(q, s, fp);
    coinline_strategy_free(s);
    return rc;
}

/* The rules of the request: its "circle" (and "score"). */
static coinline_rules_t request_rules(const request_t *q)
{
    coinline_rules_t rules =
        COINLINE_RULES_INIT(COINLINE_SHAPE_LINE, COINLINE_SCORE_TAKEN);
    rules.shape = q->circle ? COINLINE_SHAPE_CIRCLE : COINLINE_SHAPE_LINE;
    return rules;
}

/* The moves of the request (checked) as positions into *positions
 * (allocated) and *count: a circle's "first", then "moves". */
static int request_positions(const request_t *q, uint64_t **positions,
                             size_t *count)
{
    const coinline_rules_t rules = request_rules(q);
    char *text = malloc(q->nmoves + 24);
    if (text == NULL)
        return COINLINE_ENOMEM;
    int len = 0;
    if (q->first > 0)
        len = snprintf(text, 24, "%llu:", (unsigned long long)q->first);
    memcpy(text + len, q->moves != NULL ? q->moves : "", q->nmoves);
    text[(size_t)len + q->nmoves] = '\0';
    const int rc = analysis_read_moves(&rules, q->coins, q->n, text, positions,
                                       count, NULL);
    free(text);
    return rc;
}

/* POST /api/analyze: the review of analyze --json. */
static int run_analyze(request_t *q, FILE *fp)
{
    analysis_t A;
    uint64_t *positions = NULL;
    if (check_moves(q, 0) != 0)
        return -1;
    memset(&A, 0, sizeof A);
    A.rules = request_rules(q);
    A.number = 1;
    A.name[0] = "player 1";
    A.name[1] = "player 2";
    A.coins = q->coins;
    A.n = q->n;
    int rc = request_positions(q, &positions, &A.nmoves);
    A.positions = positions;
    A.last_right =
        q->moves != NULL && analysis_written_right(q->moves, q->nmoves);
    if (rc == 0)
        rc = analysis_run(&A, NULL);
    if (rc == 0)
        analysis_json(&A, fp, 1);
    else
        api_refuse(q, 500, "%s", coinline_strerror(rc));
    analysis_free(&A);
    free(positions);
    return rc == 0 ? 0 : -1;
}

/* POST /api/table: V(i, j) for every run of coins, or V(i, len) for
 * every arc of a circle, at most TABLE_MAX coins. */
static int run_table(request_t *q, FILE *fp)
{
    coinline_table_t *T = NULL;
    if (q->n > TABLE_MAX)
        return api_refuse(q, 400,
                          "coins: %zu coins: the table takes %d at most", q->n,
                          TABLE_MAX);
    coinline_rules_t rules =
        COINLINE_RULES_INIT(COINLINE_SHAPE_LINE, COINLINE_SCORE_TAKEN);
    rules.shape = q->circle ? COINLINE_SHAPE_CIRCLE : COINLINE_SHAPE_LINE;
    const int rc = coinline_table_new_rules(&rules, q->coins, q->n, &T);
    if (rc == 0)
        vtable_put_json(T, fp, 1);
    coinline_table_free(T);
    return rc == 0 ? 0 : api_refuse(q, 500, "out of memory");
}

/* ------------------------------------------------------------------------
 * Routing
 * ---------------------------------------------------------------------- */

/* The POST endpoints: their path, the keys they read, what they do. */
static const struct {
    const char *path;
    unsigned keys;
    int (*run)(request_t *q, FILE *fp);
} api_posts[] = {
    {"/api/solve", KEY_COINS | KEY_CIRCLE, run_solve},
    {"/api/move",
     KEY_COINS | KEY_MOVES | KEY_STRATEGY | KEY_SEED | KEY_CIRCLE | KEY_FIRST,
     run_move},
    {"/api/analyze", KEY_COINS | KEY_MOVES | KEY_CIRCLE | KEY_FIRST,
     run_analyze},
    {"/api/table", KEY_COINS | KEY_CIRCLE, run_table},
};

#define NPOSTS (sizeof api_posts / sizeof api_posts[0])

/* The index of path in api_posts, or NPOSTS. */
static size_t find_post(const char *path)
{
    size_t i = 0;
    while (i < NPOSTS && strcmp(api_posts[i].path, path) != 0)
        i++;
    return i;
}

int api_wants_body(const char *method, const char *path)
{
    return strcmp(method, "POST") == 0 && find_post(path) < NPOSTS;
}

static const char out_of_memory[] = "{\"error\":\"out of memory\"}\n";

/* The response of a run: its output, or its refusal. */
static void finish(api_response_t *res, request_t *q, int rc, char *buf,
                   size_t len)
{
    if (rc == 0 && q->status == 0) {
        res->status = 200;
        res->data = res->owned = buf;
        res->len = len;
        return;
    }
    free(buf);
    api_error(res, q->status != 0 ? q->status : 500, "%s",
              q->status != 0 ? q->error : "out of memory");
}

/* Answers a POST to endpoint i. */
static void api_post(const api_config_t *cfg, size_t i, const char *body,
                     size_t len, api_response_t *res)
{
    request_t q;
    char *buf = NULL;
    size_t size = 0;
    memset(&q, 0, sizeof q);
    q.cfg = cfg;
    int rc = read_request(&q, body, len, api_posts[i].keys);
    FILE *fp = rc == 0 ? open_memstream(&buf, &size) : NULL;
    if (rc == 0 && fp == NULL)
        rc = api_refuse(&q, 500, "out of memory");
    if (rc == 0)
        rc = api_posts[i].run(&q, fp);
    if (fp != NULL && (ferror(fp) | fclose(fp)) != 0 && rc == 0)
        rc = api_refuse(&q, 500, "out of memory");
    finish(res, &q, rc, buf, size);
    free(q.coins);
    free(q.moves);
}

/* GET /api/health. */
static void api_health(const api_config_t *cfg, api_response_t *res)
{
    char *buf = malloc(160);
    if (buf == NULL) {
        api_error(res, 500, "out of memory");
        return;
    }
    const int len = snprintf(buf, 160,
                             "{\"status\":\"ok\",\"version\":\"%s\","
                             "\"max_coins\":%zu,\"max_body\":%zu,"
                             "\"table_max\":%d}\n",
                             coinline_version_string(), cfg->max_coins,
                             cfg->max_body, TABLE_MAX);
    res->status = 200;
    res->data = res->owned = buf;
    res->len = len > 0 && len < 160 ? (size_t)len : 0;
}

/* The page's file at path ("/" is /index.html), or NULL. */
static const api_asset_t *find_asset(const char *path)
{
    if (strcmp(path, "/") == 0)
        path = "/index.html";
    for (const api_asset_t *a = api_assets; a->path != NULL; a++)
        if (strcmp(a->path, path) == 0)
            return a;
    return NULL;
}

/* path, printable: other bytes as '?', cut to 100 bytes. */
static void printable(const char *path, char *out, size_t size)
{
    size_t i = 0;
    for (; path[i] != '\0' && i + 1 < size; i++)
        out[i] = path[i] > 0x20 && path[i] < 0x7F ? path[i] : '?';
    out[i] = '\0';
}

/* GET or HEAD of a file of the page, /api/health, or else a 404/405. */
static void api_get(const api_config_t *cfg, const char *method,
                    const char *path, api_response_t *res)
{
    const api_asset_t *a = find_asset(path);
    const int is_get =
        strcmp(method, "GET") == 0 || strcmp(method, "HEAD") == 0;
    char shown[101];
    printable(path, shown, sizeof shown);
    if (a == NULL && strcmp(path, "/api/health") != 0) {
        api_error(res, 404, "not found: %s", shown);
    } else if (!is_get) {
        api_error(res, 405, "method not allowed: %s takes GET or HEAD", shown);
        res->allow = "GET, HEAD";
    } else if (a == NULL) {
        api_health(cfg, res);
    } else {
        res->status = 200;
        res->type = api_content_type(a->path);
        res->page = 1;
        res->data = (const char *)a->data;
        res->len = a->size;
    }
}

void api_handle(const api_config_t *cfg, const char *method, const char *path,
                const char *body, size_t len, api_response_t *res)
{
    memset(res, 0, sizeof *res);
    res->type = JSON_TYPE;
    const size_t i = find_post(path);
    if (i == NPOSTS) {
        api_get(cfg, method, path, res);
    } else if (strcmp(method, "POST") != 0) {
        api_error(res, 405, "method not allowed: %s takes POST", path);
        res->allow = "POST";
    } else {
        api_post(cfg, i, body, len, res);
    }
}

/* Writes msg as the JSON string of {"error": ...} into out. */
static size_t error_body(const char *msg, char *out)
{
    size_t k = (size_t)sprintf(out, "{\"error\":\""), used;
    for (const char *c = msg; *c; c += used)
        k += cli_json_escape_char(c, out + k, &used);
    k += (size_t)sprintf(out + k, "\"}\n");
    return k;
}

void api_error(api_response_t *res, int status, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    api_response_free(res);
    res->status = status;
    res->type = JSON_TYPE;
    res->page = 0;
    char *buf = malloc(6 * strlen(msg) + 16);
    if (buf == NULL) {
        res->status = 500;
        res->data = out_of_memory;
        res->len = sizeof out_of_memory - 1;
        return;
    }
    res->len = error_body(msg, buf);
    res->data = res->owned = buf;
}

void api_response_free(api_response_t *res)
{
    free(res->owned);
    res->owned = NULL;
    res->data = NULL;
    res->len = 0;
}

const char *api_content_type(const char *path)
{
    static const char *const types[][2] = {
        {".html", "text/html; charset=utf-8"},
        {".js", "text/javascript; charset=utf-8"},
        {".mjs", "text/javascript; charset=utf-8"},
        {".css", "text/css; charset=utf-8"},
        {".svg", "image/svg+xml"},
        {".png", "image/png"},
        {".ico", "image/x-icon"},
        {".json", "application/json"},
        {".txt", "text/plain; charset=utf-8"},
    };
    const char *dot = strrchr(path, '.');
    for (size_t i = 0; dot != NULL && i < sizeof types / sizeof types[0]; i++)
        if (strcmp(dot, types[i][0]) == 0)
            return types[i][1];
    return "application/octet-stream";
}

/* ------------------------------------------------------------------------
 * Checks of a request's headers, and the page's entity tags
 * ---------------------------------------------------------------------- */

/* c in lower case (ASCII only: no locale). */
static int lower(int c)
{
    return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c;
}

/* 1 when a[0..len-1] is the name b, case and a final dot (the
 * fully qualified form, "localhost.") of b aside. */
static int same_name(const char *a, size_t len, const char *b)
{
    size_t blen = strlen(b);
    if (blen > 1 && b[blen - 1] == '.')
        blen--;
    if (blen != len)
        return 0;
    for (size_t i = 0; i < len; i++)
        if (lower((unsigned char)a[i]) != lower((unsigned char)b[i]))
            return 0;
    return 1;
}

/* 1 when s[0..len-1] is an IPv4 address, or an IPv6 one in brackets. */
static int ip_literal(const char *s, size_t len)
{
    char buf[INET6_ADDRSTRLEN + 2];
    unsigned char addr[sizeof(struct in6_addr)];
    const int v6 = len > 2 && s[0] == '[' && s[len - 1] == ']';
    if (len >= sizeof buf)
        return 0;
    memcpy(buf, s + v6, len - 2 * (size_t)v6);
    buf[len - 2 * (size_t)v6] = '\0';
    return inet_pton(v6 ? AF_INET6 : AF_INET, buf, addr) == 1;
}

/* The length of the name in host, a Host header's value, without its
 * port and final dot ("localhost.": the same name); -1 when host is
 * empty, -2 when it names no host (":80") or its port is not 1 to 5
 * digits. */
static long host_name(const char *host)
{
    const char *end = host + strlen(host);
    const char *colon = strrchr(host, ':');
    if (*host == '\0')
        return -1;
    if (colon != NULL && strchr(colon, ']') == NULL) { /* a port */
        const size_t digits = (size_t)(end - colon - 1);
        if (digits == 0 || digits > 5 ||
            strspn(colon + 1, "0123456789") != digits)
            return -2;
        end = colon;
    }
    size_t len = (size_t)(end - host);
    if (len > 1 && host[len - 1] == '.')
        len--;
    return len > 0 ? (long)len : -2;
}

int api_host_form(const char *host)
{
    const long len = host_name(host);
    return len < 0 ? (int)len : 0;
}

int api_host_allowed(const char *host, const char *const *allowed, size_t n)
{
    const long name = host_name(host);
    if (name < 0)
        return 0;
    const size_t len = (size_t)name;
    if (ip_literal(host, len) || same_name(host, len, "localhost"))
        return 1;
    for (size_t i = 0; i < n; i++)
        if (strcmp(allowed[i], "*") == 0 || same_name(host, len, allowed[i]))
            return 1;
    return 0;
}

int api_json_type(const char *type)
{
    static const char json[] = "application/json";
    if (type == NULL)
        return 0;
    type += strspn(type, " \t");
    const size_t len = strcspn(type, "; \t");
    if (!same_name(type, len, json))
        return 0;
    type += len;
    type += strspn(type, " \t");
    return *type == '\0' || *type == ';';
}

void api_etag(const unsigned char *data, size_t size, char *out)
{
    uint64_t h = UINT64_C(14695981039346656037);
    for (size_t i = 0; i < size; i++)
        h = (h ^ data[i]) * UINT64_C(1099511628211);
    snprintf(out, 19, "\"%016llx\"", (unsigned long long)h);
}

/* The length of the entity-tag at p ("...", or W/"..."), quotes
 * included, or 0 when p holds none. */
static size_t entity_tag(const char *p)
{
    const char *q = p[0] == 'W' && p[1] == '/' ? p + 2 : p;
    const char *end = *q == '"' ? strchr(q + 1, '"') : NULL;
    return end == NULL ? 0 : (size_t)(end + 1 - p);
}

int api_etag_matches(const char *if_none_match, const char *etag)
{
    const size_t len = strlen(etag);
    const char *p = if_none_match + strspn(if_none_match, " \t");
    if (p[0] == '*' && p[1 + strspn(p + 1, " \t")] == '\0')
        return 1; /* "*" is the whole value, or nothing */
    while (*p != '\0') {
        p += strspn(p, " \t,");
        const size_t tag = entity_tag(p);
        if (tag == 0) { /* not an entity-tag: skip to the next comma */
            p += strcspn(p, ",");
            continue;
        }
        const char *opaque = p[0] == 'W' ? p + 2 : p; /* weak compare */
        if ((size_t)(p + tag - opaque) == len && memcmp(opaque, etag, len) == 0)
            return 1;
        p += tag;
    }
    return 0;
}
