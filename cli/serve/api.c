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
#include "apirows.h"
#include "json.h"
#include "jsonw.h"
#include "multirow.h"
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
    KEY_FIRST = 32,
    KEY_SCORE = 64,
    KEY_ROWS = 128
};

/* A request, as read from its body. */
typedef struct {
    const api_config_t *cfg;
    int64_t *coins; /* "coins", or the rows one after the other */
    size_t n, cap;
    uint64_t *lens; /* "rows": row r has lens[r] coins, r < k */
    size_t k, kcap;
    char *moves; /* NULL when not given */
    size_t nmoves;
    char strategy[64]; /* "" when not given */
    uint64_t seed;
    int circle;     /* "circle": true: the coins lie on a circle */
    uint64_t first; /* a circle's first position, 1..n; 0: no move yet */
    coinline_score_t score; /* "score": what a move scores */
    unsigned given;         /* KEY_* bits of the keys read */
    int status;             /* 400 or 500 when the request is refused */
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

/* One coin at the reader, appended to the row; name[i] its name in
 * messages ("coins[3]", "rows[1][3]"). */
static int read_coin(request_t *q, json_reader_t *r, const char *name, size_t i)
{
    int64_t v;
    const int rc = read_integer(r, &v);
    if (rc == -1)
        return api_refuse(q, 400, "%s[%zu]: not an integer", name, i);
    if (rc == -2)
        return api_refuse(q, 400, "%s[%zu]: outside the int64 range", name, i);
    if (rc != 0 || push_coin(q, v) != 0)
        return api_refuse(q, 500, "out of memory");
    return 0;
}

/* "coins": an array of integers, at most max_coins. */
static int read_coins(request_t *q, json_reader_t *r)
{
    size_t count = 0;
    int more;
    if (json_enter(r, JSON_ARRAY) != 0)
        return api_refuse(q, 400, "coins: not an array");
    while ((more = json_next(r, &count)) == 1) {
        if (q->n >= q->cfg->max_coins)
            return api_refuse(q, 400,
                              "coins: more than %zu coins (the limit of "
                              "this server)",
                              q->cfg->max_coins);
        if (read_coin(q, r, "coins", q->n) != 0)
            return -1;
    }
    return more < 0 ? api_refuse(q, 400, "coins: malformed") : 0;
}

/* Row number k of "rows": an array of integers, appended to the coins;
 * its length into lens[k]. */
static int read_one_row(request_t *q, json_reader_t *r, size_t k)
{
    char name[40];
    size_t count = 0;
    const size_t start = q->n;
    int more;
    snprintf(name, sizeof name, "rows[%zu]", k);
    if (json_enter(r, JSON_ARRAY) != 0)
        return api_refuse(q, 400, "%s: not an array (a row of coins)", name);
    while ((more = json_next(r, &count)) == 1) {
        if (q->n >= q->cfg->max_coins)
            return api_refuse(q, 400,
                              "rows: more than %zu coins in all (the limit "
                              "of this server)",
                              q->cfg->max_coins);
        if (read_coin(q, r, name, q->n - start) != 0)
            return -1;
    }
    if (more < 0)
        return api_refuse(q, 400, "%s: malformed", name);
    q->lens[k] = q->n - start;
    return 0;
}

/* "rows": an array of rows (arrays of integers), one row at least, at
 * most max_coins rows and max_coins coins in all: a game of several rows
 * (one row is the classic game, as "coins"). */
static int read_rows(request_t *q, json_reader_t *r)
{
    size_t count = 0;
    int more;
    if (json_enter(r, JSON_ARRAY) != 0)
        return api_refuse(q, 400,
                          "rows: not an array of rows (arrays of coins), "
                          "such as [[1, 3, 5], [2, 9]]");
    while ((more = json_next(r, &count)) == 1) {
        if (q->k >= q->cfg->max_coins)
            return api_refuse(q, 400,
                              "rows: more than %zu rows (the limit of this "
                              "server)",
                              q->cfg->max_coins);
        if (q->k == q->kcap) {
            const size_t cap = q->kcap ? 2 * q->kcap : 16;
            uint64_t *grown = realloc(q->lens, cap * sizeof *grown);
            if (grown == NULL)
                return api_refuse(q, 500, "out of memory");
            q->lens = grown;
            q->kcap = cap;
        }
        if (read_one_row(q, r, q->k) != 0)
            return -1;
        q->k++;
    }
    if (more < 0)
        return api_refuse(q, 400, "rows: malformed");
    return q->k == 0 ? api_refuse(q, 400, "rows: no row: give one at least")
                     : 0;
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

/* "score": the name of a scoring ("taken", "remaining"). */
static int read_score(request_t *q, json_reader_t *r)
{
    char name[16];
    size_t len;
    const char *known;
    if (json_peek(r) == JSON_STRING &&
        json_string_into(r, name, sizeof name, &len) == 0 &&
        len < sizeof name && strlen(name) == len)
        for (int k = 0; (known = coinline_score_name((coinline_score_t)k)); k++)
            if (strcmp(name, known) == 0) {
                q->score = (coinline_score_t)k;
                return 0;
            }
    return api_refuse(q, 400, "score: not \"taken\" or \"remaining\"");
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
    {"score", KEY_SCORE, read_score},          {"rows", KEY_ROWS, read_rows},
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
    if ((q->given & KEY_COINS) && (q->given & KEY_ROWS))
        return api_refuse(q, 400,
                          "rows: give \"coins\" (one row) or \"rows\", not "
                          "both");
    if (!(q->given & (KEY_COINS | KEY_ROWS)))
        return api_refuse(q, 400, "coins: missing");
    return 0;
}

/* The rules of the request: its "circle" and "score". */
static coinline_rules_t request_rules(const request_t *q)
{
    coinline_rules_t rules =
        COINLINE_RULES_INIT(COINLINE_SHAPE_LINE, COINLINE_SCORE_TAKEN);
    rules.shape = q->circle ? COINLINE_SHAPE_CIRCLE : COINLINE_SHAPE_LINE;
    rules.score = q->score;
    return rules;
}

/* The words of the request's shape. */
static const cli_shape_words_t *request_shape(const request_t *q)
{
    const coinline_rules_t rules = request_rules(q);
    return cli_shape_words(&rules);
}

/* The moves in the notation of the ends against the coins they are
 * played on: L or R each (lower case taken, and made upper case), at
 * most cap, numbered in messages from base (1 in a row, 2 where move 1
 * is "first"). */
static int check_sides(request_t *q, size_t cap, size_t base)
{
    for (size_t k = 0; k < q->nmoves; k++) {
        const unsigned char c = (unsigned char)q->moves[k];
        if (k == cap)
            return api_refuse(q, 400,
                              "moves: move %zu is one too many: the %s has "
                              "%zu coin%s",
                              k + base, request_shape(q)->noun, q->n,
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

/* "first", the position move 1 took where it may take any coin, against
 * the coins, then the moves after it. */
static int check_first(request_t *q)
{
    if (q->first > q->n)
        return api_refuse(q, 400,
                          "first: %llu is not a position of the %s: it "
                          "has %zu coin%s",
                          (unsigned long long)q->first, request_shape(q)->noun,
                          q->n, q->n == 1 ? "" : "s");
    if (q->first == 0 && q->nmoves > 0)
        return api_refuse(q, 400,
                          "moves: no move 1: give \"first\", the position "
                          "of the coin it took");
    return check_sides(q, q->n > 0 ? q->n - 1 : 0, 2);
}

/* The moves in the shape's notation ("first" and L or R) against the
 * coins. */
static int check_moves(request_t *q)
{
    const cli_shape_words_t *S = request_shape(q);
    if (!S->first_any && (q->given & KEY_FIRST))
        return api_refuse(q, 400, "first: %s", S->first_refused);
    return S->first_any ? check_first(q) : check_sides(q, q->n, 1);
}

/* 1 when "moves" holds positions ("5 1 4", "5:LRL"): a digit. */
static int moves_are_positions(const request_t *q)
{
    for (size_t k = 0; k < q->nmoves; k++)
        if (q->moves[k] >= '0' && q->moves[k] <= '9')
            return 1;
    return 0;
}

/* The request's moves as positions into *positions (allocated) and
 * *count: "moves" in the shape's notation (and "first"), or positions;
 * with open set, one coin at least must be left. Returns 0, or -1 when
 * the request is refused. */
static int request_positions(request_t *q, int open, uint64_t **positions,
                             size_t *count)
{
    const coinline_rules_t rules = request_rules(q);
    const int general = moves_are_positions(q);
    coinline_error_t err = {0, 0, "", {0}};
    *positions = NULL;
    if (general && (q->given & KEY_FIRST))
        return api_refuse(q, 400,
                          "first: give move 1 in \"moves\" with the others "
                          "when they are positions");
    if (!general && check_moves(q) != 0)
        return -1;
    char *text = malloc(q->nmoves + 24);
    int len = 0, rc = COINLINE_ENOMEM;
    if (text != NULL) {
        if (q->first > 0)
            len = snprintf(text, 24, "%llu:", (unsigned long long)q->first);
        memcpy(text + len, q->moves != NULL ? q->moves : "", q->nmoves);
        text[(size_t)len + q->nmoves] = '\0';
        rc = analysis_read_moves(&rules, q->coins, q->n, text, positions, count,
                                 &err);
    }
    free(text);
    if (rc == COINLINE_EMOVE)
        return api_refuse(q, 400, "moves: %s", err.message);
    if (rc != COINLINE_OK)
        return api_refuse(q, 500, "%s", coinline_strerror(rc));
    if (open && q->n == 0)
        return api_refuse(q, 400, "coins: the %s is empty: no coin to take",
                          request_shape(q)->noun);
    if (open && *count == q->n)
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

/* ------------------------------------------------------------------------
 * The endpoints: each writes its response to fp, or refuses the request
 * ---------------------------------------------------------------------- */

/* The moves positions[0..count-1] that take an end, as L and R (a move
 * where any coin may be taken has no letter), into line (count + 1
 * bytes), NUL-terminated. */
static int ends_text(const coinline_rules_t *rules, const int64_t *coins,
                     size_t n, const uint64_t *positions, size_t count,
                     char *line)
{
    coinline_game_t *g = NULL;
    coinline_game_state_t st;
    size_t len = 0;
    int rc = coinline_game_new(rules, coins, n, &g);
    for (size_t k = 0; rc == COINLINE_OK && k < count; k++) {
        rc = coinline_game_state(g, &st);
        if (rc == COINLINE_OK && st.left_end != 0)
            line[len++] = positions[k] == st.left_end ? 'L' : 'R';
        if (rc == COINLINE_OK)
            rc = coinline_game_play(g, positions[k]);
    }
    line[len] = '\0';
    coinline_game_free(g);
    return rc;
}

/* POST /api/solve: the result of optimal play (under "score", the scores
 * along the line the tool plays), first_move as the shape names it, and
 * the line of the moves that take an end. */
static int run_solve(request_t *q, FILE *fp)
{
    const coinline_rules_t rules = request_rules(q);
    coinline_game_result_t res;
    uint64_t *line = malloc((q->n + 1) * sizeof *line);
    char *ends = malloc(q->n + 1);
    int rc = line != NULL && ends != NULL ? COINLINE_OK : COINLINE_ENOMEM;
    if (rc == COINLINE_OK)
        rc = coinline_game_solve(&rules, q->coins, q->n, COINLINE_ALGO_LINEAR,
                                 &res);
    if (rc == COINLINE_OK)
        rc = coinline_game_line(&rules, q->coins, q->n, COINLINE_ALGO_LINEAR,
                                line);
    if (rc == COINLINE_OK)
        rc = ends_text(&rules, q->coins, q->n, line, q->n, ends);
    if (rc == COINLINE_OK) {
        fprintf(fp, "{\"n\":%zu", q->n);
        cli_rules_put_json(fp, &rules);
        put_field(fp, "sum", res.sum);
        put_field(fp, "p1", res.p1);
        put_field(fp, "p2", res.p2);
        put_field(fp, "margin", res.margin);
        fprintf(fp, ",\"winner\":\"%s\",\"first_move\":",
                coinline_winner_name(res.winner));
        cli_shape_words(&rules)->put_first_json(fp, res.first, q->n);
        fprintf(fp, ",\"line\":\"%s\"}\n", ends);
    }
    free(line);
    free(ends);
    return rc == 0 ? 0 : api_refuse(q, 500, "%s", coinline_strerror(rc));
}

/* The seed of the strategy's random choices at the position after
 * nmoves moves: one request seed serves a whole game. */
static uint64_t position_seed(uint64_t seed, size_t nmoves)
{
    uint64_t state = seed ^ (UINT64_C(0xD1B54A32D192ED03) * (nmoves + 1));
    return coinline_random_next(&state);
}

/* "key":M for a move: "left" or "right" at an end, its position where
 * any coin may be taken (side NONE). */
static void put_move_side(FILE *fp, const char *key, coinline_side_t side,
                          uint64_t position)
{
    if (side == COINLINE_SIDE_NONE)
        fprintf(fp, "\"%s\":%llu", key, (unsigned long long)position);
    else
        fprintf(fp, "\"%s\":\"%s\"", key, coinline_side_name(side));
}

/* The moves of the answer: the request's and the new one, written as
 * the request wrote them (positions; or L and R, where a move 1 that may
 * take any coin is "first"). */
static void put_moves(const request_t *q, FILE *fp,
                      const coinline_move_review_t *r)
{
    fprintf(fp, ",\"moves\":\"%.*s", (int)q->nmoves,
            q->moves != NULL ? q->moves : "");
    if (moves_are_positions(q))
        fprintf(fp, " %llu", (unsigned long long)r->position);
    else if (r->side != COINLINE_SIDE_NONE)
        fputc(r->side == COINLINE_SIDE_RIGHT ? 'R' : 'L', fp);
    fputc('"', fp);
}

/* Writes the answer of /api/move: the move (its review r), the position
 * after it (st) and the hint at the position before it (value). */
static void put_move(const request_t *q, FILE *fp,
                     const coinline_move_review_t *r, uint64_t first,
                     coinline_i128_t value, const coinline_game_state_t *st)
{
    const coinline_rules_t rules = request_rules(q);
    const int any = cli_shape_words(&rules)->first_any;
    fputc('{', fp);
    put_move_side(fp, "move", r->side, r->position);
    fputs(cli_score_words(&rules)->json, fp);
    if (any)
        put_field64(fp, "position", (int64_t)r->position);
    put_field64(fp, "coin", r->coin);
    if (any)
        put_field64(fp, "first", (int64_t)first);
    put_moves(q, fp, r);
    put_field(fp, "p1", st->p1);
    put_field(fp, "p2", st->p2);
    fprintf(fp, ",\"to_move\":%d,\"finished\":%s", st->to_move,
            st->to_move == 0 ? "true" : "false");
    fputc(',', fp);
    put_move_side(fp, "best", r->best, r->best_position);
    if (any)
        put_field64(fp, "best_position", (int64_t)r->best_position);
    put_field64(fp, "best_coin", r->best_coin);
    put_field(fp, "value", value);
    put_field(fp, "secured", r->secured);
    fputs("}\n", fp);
}

/* The strategy's move after positions[0..count-1] into positions[count],
 * its review into *r, the value before it and the state after it. */
static int play_move(const request_t *q, coinline_strategy_t *s,
                     uint64_t *positions, size_t count,
                     coinline_move_review_t *r, coinline_i128_t *value,
                     coinline_game_state_t *st)
{
    const coinline_rules_t rules = request_rules(q);
    coinline_game_t *g = NULL;
    coinline_move_review_t *reviews = malloc((count + 1) * sizeof *reviews);
    int rc = reviews != NULL ? coinline_game_new(&rules, q->coins, q->n, &g)
                             : COINLINE_ENOMEM;
    for (size_t k = 0; rc == COINLINE_OK && k < count; k++)
        rc = coinline_game_play(g, positions[k]);
    if (rc == COINLINE_OK)
        rc = coinline_game_state(g, st);
    if (rc == COINLINE_OK)
        *value = st->value;
    if (rc == COINLINE_OK)
        rc = coinline_strategy_choose(s, g, &positions[count]);
    if (rc == COINLINE_OK)
        rc = coinline_game_play(g, positions[count]);
    if (rc == COINLINE_OK)
        rc = coinline_game_state(g, st);
    if (rc == COINLINE_OK)
        rc = coinline_game_analyze(&rules, q->coins, q->n, positions, count + 1,
                                   reviews, NULL);
    if (rc == COINLINE_OK)
        *r = reviews[count];
    free(reviews);
    coinline_game_free(g);
    return rc;
}

/* POST /api/move: the strategy's move at the position reached. */
static int run_move(request_t *q, FILE *fp)
{
    coinline_strategy_t *s = NULL;
    coinline_move_review_t r;
    coinline_game_state_t st;
    coinline_i128_t value = {0, 0};
    uint64_t *positions = NULL, *grown = NULL;
    size_t count = 0;
    const char *spec = q->strategy[0] != '\0' ? q->strategy : "optimal";
    if (request_positions(q, 1, &positions, &count) != 0) {
        free(positions);
        return -1;
    }
    int rc = coinline_strategy_new(spec, position_seed(q->seed, count), &s);
    if (rc == COINLINE_EINVAL) {
        free(positions);
        return api_refuse(q, 400,
                          "strategy: unknown strategy '%s': optimal, greedy, "
                          "parity, random or fallible:P (P from 0 to 1)",
                          spec);
    }
    if (rc == COINLINE_OK) {
        grown = realloc(positions, (count + 1) * sizeof *grown);
        rc = grown != NULL ? COINLINE_OK : COINLINE_ENOMEM;
    }
    if (grown != NULL)
        positions = grown;
    if (rc == COINLINE_OK)
        rc = play_move(q, s, positions, count, &r, &value, &st);
    if (rc == COINLINE_OK)
        put_move(q, fp, &r, positions[0], value, &st);
    coinline_strategy_free(s);
    free(positions);
    return rc == 0 ? 0 : api_refuse(q, 500, "%s", coinline_strerror(rc));
}

/* POST /api/analyze: the review of analyze --json. */
static int run_analyze(request_t *q, FILE *fp)
{
    analysis_t A;
    uint64_t *positions = NULL;
    memset(&A, 0, sizeof A);
    if (request_positions(q, 0, &positions, &A.nmoves) != 0) {
        free(positions);
        return -1;
    }
    A.rules = request_rules(q);
    A.number = 1;
    A.name[0] = "player 1";
    A.name[1] = "player 2";
    A.coins = q->coins;
    A.n = q->n;
    A.positions = positions;
    A.last_right =
        q->moves != NULL && analysis_written_right(q->moves, q->nmoves);
    const int rc = analysis_run(&A, NULL);
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
    const coinline_rules_t rules = request_rules(q);
    const int rc = coinline_table_new_rules(&rules, q->coins, q->n, &T);
    if (rc == 0)
        vtable_put_json(T, fp, 1);
    coinline_table_free(T);
    return rc == 0 ? 0 : api_refuse(q, 500, "out of memory");
}

/* ------------------------------------------------------------------------
 * Several rows: "rows" with two rows or more (apirows.c answers)
 * ---------------------------------------------------------------------- */

/* The rows of the request. */
static api_rows_t request_rows(const request_t *q)
{
    api_rows_t R = {q->coins, q->lens, q->k};
    return R;
}

/* POST /api/solve on several rows. */
static int run_rows_solve(request_t *q, FILE *fp)
{
    const api_rows_t R = request_rows(q);
    const int rc = api_rows_solve(fp, &R);
    return rc == 0 ? 0 : api_refuse(q, 500, "%s", coinline_strerror(rc));
}

/* POST /api/move on several rows: the engine's move (the block rule's,
 * the optimal one: no other strategy plays several rows). */
static int run_rows_move(request_t *q, FILE *fp)
{
    const api_rows_t R = request_rows(q);
    char msg[200];
    if (q->strategy[0] != '\0' && strcmp(q->strategy, "optimal") != 0)
        return api_refuse(q, 400,
                          "strategy: a game of several rows is played by the "
                          "optimal engine only (\"optimal\"), not '%s'",
                          q->strategy);
    if (q->n == 0)
        return api_refuse(q, 400, "rows: the rows are empty: no coin to take");
    const int rc = api_rows_move(fp, &R, q->moves, q->nmoves, msg, sizeof msg);
    if (rc == COINLINE_EMOVE)
        return api_refuse(q, 400, "moves: %s", msg);
    return rc == 0 ? 0 : api_refuse(q, 500, "%s", coinline_strerror(rc));
}

/* ------------------------------------------------------------------------
 * Routing
 * ---------------------------------------------------------------------- */

/* The POST endpoints: their path, the keys they read, what they do
 * (rows: on several rows; NULL: several rows are refused). */
static const struct {
    const char *path;
    unsigned keys;
    int (*run)(request_t *q, FILE *fp);
    int (*rows)(request_t *q, FILE *fp);
} api_posts[] = {
    {"/api/solve", KEY_COINS | KEY_ROWS | KEY_CIRCLE | KEY_SCORE, run_solve,
     run_rows_solve},
    {"/api/move",
     KEY_COINS | KEY_ROWS | KEY_MOVES | KEY_STRATEGY | KEY_SEED | KEY_CIRCLE |
         KEY_FIRST | KEY_SCORE,
     run_move, run_rows_move},
    {"/api/analyze",
     KEY_COINS | KEY_ROWS | KEY_MOVES | KEY_CIRCLE | KEY_FIRST | KEY_SCORE,
     run_analyze, NULL},
    {"/api/table", KEY_COINS | KEY_ROWS | KEY_CIRCLE | KEY_SCORE, run_table,
     NULL},
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

/* Runs endpoint i on the request: the classic game (one row, "coins" or
 * "rows" of one row), or several rows when the endpoint plays them and
 * the request's options fit them (cli_rows_refusal(), its "--" left out:
 * the request's key). */
static int run_post(request_t *q, size_t i, FILE *fp)
{
    if (q->k < 2)
        return api_posts[i].run(q, fp);
    if (api_posts[i].rows == NULL)
        return api_refuse(q, 400,
                          "rows: %s takes one row: a game of several rows is "
                          "answered by /api/solve and /api/move",
                          api_posts[i].path);
    const coinline_rules_t rules = request_rules(q);
    const char *why = cli_rows_refusal(&rules, NULL, COINLINE_ALGO_LINEAR);
    if (why != NULL)
        return api_refuse(q, 400, "%s", why + 2);
    if (q->given & KEY_FIRST)
        return api_refuse(q, 400, "first: %s", request_shape(q)->first_refused);
    return api_posts[i].rows(q, fp);
}

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
        rc = run_post(&q, i, fp);
    if (fp != NULL && (ferror(fp) | fclose(fp)) != 0 && rc == 0)
        rc = api_refuse(&q, 500, "out of memory");
    finish(res, &q, rc, buf, size);
    free(q.coins);
    free(q.lens);
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
