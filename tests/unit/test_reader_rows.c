/* SPDX-License-Identifier: MIT */
/*
 * Games of several rows in text: the reader's "rows K" games (opt-in,
 * coinline_reader_allow_rows()), read row by row, all at once and as a
 * whole game of either form, from memory, stdio FILEs and descriptors;
 * every error with its place and words; and coinline_rows_parse(), the
 * "1 3 5 / 2 9 / 4" of --row, against coinline_row_parse() on one row.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "coinline.h"
#include "common/rng.h"
#include "common/sbuf.h"
#include "common/tap.h"

/* A game as rows: coins one row after the other, and each row's count. */
typedef struct {
    int rows;    /* written as "rows K" (else one row, classic) */
    size_t k, n; /* rows, coins in all */
    uint64_t lens[6];
    int64_t c[40];
} layout_t;

/* The three kinds of reader over the same bytes. */
enum { MEM, FILE_, FD, KINDS };
static const char *const kind_name[KINDS] = {"memory", "FILE", "fd"};

typedef struct {
    coinline_reader_t *r;
    FILE *fp;
} src_t;

static src_t open_src(int kind, const char *text, size_t len)
{
    src_t s = {NULL, NULL};
    int rc;
    if (kind == MEM) {
        rc = coinline_reader_from_memory(text, len, "in", &s.r);
    } else {
        s.fp = tmpfile();
        if (s.fp == NULL || fwrite(text, 1, len, s.fp) != len ||
            fflush(s.fp) != 0) {
            diag("cannot write a temporary file");
            exit(1);
        }
        rewind(s.fp);
        rc = kind == FILE_ ? coinline_reader_from_file(s.fp, "in", &s.r)
                           : coinline_reader_from_fd(fileno(s.fp), "in", &s.r);
    }
    if (rc != COINLINE_OK) {
        diag("cannot make a reader");
        exit(1);
    }
    return s;
}

static void close_src(src_t *s)
{
    coinline_reader_free(s->r);
    if (s->fp != NULL)
        fclose(s->fp);
}

/* Writes g in the text form, with blanks of sep's choosing. */
static void write_layout(sb_t *b, const layout_t *g, rng_t *rng)
{
    static const char *const seps[] = {" ", "\n", "\t", "  ", " # note\n"};
    size_t at = 0;
    if (g->rows) {
        sb_str(b, "rows ");
        sb_fmt_u(b, g->k);
        sb_str(b, "\n");
    }
    for (size_t r = 0; r < g->k; r++) {
        char num[32];
        sb_fmt_u(b, g->lens[r]);
        for (uint64_t i = 0; i < g->lens[r]; i++, at++) {
            sb_str(b, seps[rng_below(rng, 5)]);
            snprintf(num, sizeof num, "%lld", (long long)g->c[at]);
            sb_str(b, num);
        }
        sb_str(b, "\n");
    }
}

static void random_layout(rng_t *rng, layout_t *g)
{
    static const int64_t extremes[] = {INT64_MIN, INT64_MAX, 0, -1, 1};
    g->rows = rng_below(rng, 3) != 0;
    g->k = g->rows ? 1 + (size_t)rng_below(rng, 6) : 1;
    g->n = 0;
    for (size_t r = 0; r < g->k; r++) {
        g->lens[r] = rng_below(rng, 7);
        for (uint64_t i = 0; i < g->lens[r]; i++)
            g->c[g->n++] = rng_below(rng, 5) == 0 ? extremes[rng_below(rng, 5)]
                                                  : rng_range(rng, -20, 20);
    }
}

/* Whether coins[0..n-1] and lens[0..k-1] are g's. */
static int same_layout(const layout_t *g, const int64_t *coins, size_t n,
                       const uint64_t *lens, size_t k)
{
    if (n != g->n || k != g->k || (n == 0) != (coins == NULL) || lens == NULL)
        return 0;
    for (size_t r = 0; r < k; r++)
        if (lens[r] != g->lens[r])
            return 0;
    for (size_t i = 0; i < n; i++)
        if (coins[i] != g->c[i])
            return 0;
    return 1;
}

/* read_layout() over a stream of games gives them all, then 0. */
static int layouts_read(coinline_reader_t *r, const layout_t *g, size_t ng)
{
    int good = 1;
    for (size_t i = 0; i < ng && good; i++) {
        int64_t *coins;
        uint64_t *lens;
        size_t n, k;
        good = coinline_reader_read_layout(r, &coins, &n, &lens, &k) == 1 &&
               same_layout(&g[i], coins, n, lens, k) &&
               coinline_reader_game_index(r) == i + 1;
        if (!good)
            diag("game %zu differs", i + 1);
        free(coins);
        free(lens);
    }
    int64_t *coins;
    uint64_t *lens;
    size_t n, k;
    return good && coinline_reader_read_layout(r, &coins, &n, &lens, &k) == 0;
}

/* The same stream read row by row: next_game, next_row, next_coin. */
static int rows_streamed(coinline_reader_t *r, const layout_t *g, size_t ng)
{
    uint64_t count, rc;
    for (size_t i = 0; i < ng; i++) {
        const int st = coinline_reader_next_game(r, &count);
        size_t at = 0;
        if (st != (g[i].rows ? COINLINE_READER_ROWS : 1) ||
            count != (g[i].rows ? g[i].k : g[i].n))
            return 0;
        for (size_t row = 0; row < g[i].k; row++) {
            if (g[i].rows &&
                (coinline_reader_next_row(r, &rc) != 1 || rc != g[i].lens[row]))
                return 0;
            int64_t v;
            for (uint64_t j = 0; j < g[i].lens[row]; j++)
                if (coinline_reader_next_coin(r, &v) != 1 || v != g[i].c[at++])
                    return 0;
            if (coinline_reader_next_coin(r, &v) != 0)
                return 0;
        }
        if (coinline_reader_next_row(r, &rc) != 0)
            return 0;
    }
    return coinline_reader_next_game(r, &count) == 0;
}

static void test_round_trips(void)
{
    rng_t rng;
    rng_seed(&rng, 32);
    int good[KINDS][2] = {{1, 1}, {1, 1}, {1, 1}};
    for (int trial = 0; trial < 300; trial++) {
        layout_t g[8];
        sb_t b = {NULL, 0, 0};
        const size_t ng = 1 + (size_t)rng_below(&rng, 8);
        for (size_t i = 0; i < ng; i++) {
            random_layout(&rng, &g[i]);
            write_layout(&b, &g[i], &rng);
        }
        for (int kind = 0; kind < KINDS; kind++) {
            src_t s = open_src(kind, b.data, b.len);
            coinline_reader_allow_rows(s.r, 1);
            if (good[kind][0] && !layouts_read(s.r, g, ng)) {
                diag("read_layout on %s, trial %d:\n%.*s", kind_name[kind],
                     trial, (int)b.len, b.data);
                good[kind][0] = 0;
            }
            close_src(&s);
            s = open_src(kind, b.data, b.len);
            coinline_reader_allow_rows(s.r, 1);
            if (good[kind][1] && !rows_streamed(s.r, g, ng)) {
                diag("next_row on %s, trial %d", kind_name[kind], trial);
                good[kind][1] = 0;
            }
            close_src(&s);
        }
        free(b.data);
    }
    for (int kind = 0; kind < KINDS; kind++) {
        ok(good[kind][0],
           "300 random streams of both forms mixed (empty "
           "rows, int64 extremes, comments) read back by "
           "read_layout on a %s reader",
           kind_name[kind]);
        ok(good[kind][1],
           "... and row by row (next_game, next_row, "
           "next_coin) on a %s reader",
           kind_name[kind]);
    }
}

/* A pipe: the rows game arrives as it is written. */
static void test_pipe(void)
{
    int fds[2];
    static const char text[] = "rows 2\n3\n1 3 5\n2\n2 9\n1 7\n";
    if (pipe(fds) != 0) {
        ok(0, "pipe()");
        return;
    }
    if (write(fds[1], text, sizeof text - 1) != (ssize_t)(sizeof text - 1))
        diag("short write");
    close(fds[1]);
    coinline_reader_t *r = NULL;
    int64_t *coins;
    uint64_t *lens;
    size_t n, k;
    coinline_reader_from_fd(fds[0], "pipe", &r);
    coinline_reader_allow_rows(r, 1);
    int rc = coinline_reader_read_layout(r, &coins, &n, &lens, &k);
    ok(rc == 1 && n == 5 && k == 2 && lens[0] == 3 && lens[1] == 2 &&
           coins[0] == 1 && coins[4] == 9,
       "a pipe: 'rows 2 / 3 1 3 5 / 2 2 9' read as 2 rows of 3 and 2 coins");
    free(coins);
    free(lens);
    rc = coinline_reader_read_layout(r, &coins, &n, &lens, &k);
    ok(rc == 1 && n == 1 && k == 1 && lens[0] == 1 && coins[0] == 7,
       "... then '1 7', a game of one row, as k = 1");
    free(coins);
    free(lens);
    ok(coinline_reader_read_layout(r, &coins, &n, &lens, &k) == 0 &&
           coins == NULL && lens == NULL,
       "... then the end: 0, both arrays NULL");
    coinline_reader_free(r);
    close(fds[0]);
}

/* The other calls around a game of several rows. */
static void test_calls(void)
{
    static const char text[] = "rows 3\n2 1 2\n0\n3 4 5 6\n2 8 9\n";
    coinline_reader_t *r = NULL;
    uint64_t count, *lens;
    int64_t *coins, v;
    size_t n, k;
    coinline_reader_from_memory(text, strlen(text), NULL, &r);
    ok(coinline_reader_allow_rows(r, 1) == 0 &&
           coinline_reader_allow_rows(NULL, 1) == COINLINE_EINVAL,
       "allow_rows: 0, and EINVAL for NULL");
    ok(coinline_reader_read_rows(r, &coins, &n, &lens, &k) == 0,
       "read_rows before the first game: 0");
    ok(coinline_reader_read_game(r, &coins, &n) == COINLINE_READER_ROWS &&
           coins == NULL && n == 3,
       "read_game on a game of several rows: COINLINE_READER_ROWS, coins "
       "NULL, n = its 3 rows");
    ok(coinline_reader_next_row(r, &count) == 1 && count == 2 &&
           coinline_reader_next_coin(r, &v) == 1 && v == 1,
       "next_row: row 1 has 2 coins; next_coin reads 1");
    ok(coinline_reader_read_rows(r, &coins, &n, &lens, &k) == 1 && k == 3 &&
           n == 4 && lens[0] == 1 && lens[1] == 0 && lens[2] == 3 &&
           coins[0] == 2 && coins[3] == 6,
       "read_rows then: the rest of row 1 (one coin) as a row, then rows 2 "
       "and 3 (empty, 3 coins)");
    free(coins);
    free(lens);
    ok(coinline_reader_read_rows(r, &coins, &n, &lens, &k) == 0 &&
           coins == NULL && lens == NULL,
       "read_rows again: 0, nothing stored");
    ok(coinline_reader_next_game(r, &count) == 1 && count == 2 &&
           coinline_reader_next_row(r, &count) == 0,
       "next_game: '2 8 9' is a game of one row; next_row on it gives 0");
    ok(coinline_reader_read_rows(r, &coins, &n, &lens, &k) == 1 && k == 1 &&
           n == 2 && lens[0] == 2 && coins[1] == 9,
       "read_rows on a game of one row: its coins as one row");
    free(coins);
    free(lens);
    ok(coinline_reader_next_game(r, &count) == 0, "then the end");
    ok(coinline_reader_next_row(NULL, &count) == COINLINE_EINVAL &&
           coinline_reader_next_row(r, NULL) == COINLINE_EINVAL &&
           coinline_reader_read_rows(r, NULL, &n, &lens, &k) ==
               COINLINE_EINVAL &&
           coinline_reader_read_layout(NULL, &coins, &n, &lens, &k) ==
               COINLINE_EINVAL,
       "next_row, read_rows and read_layout: EINVAL for NULL arguments");
    coinline_reader_free(r);

    /* Rows not read are skipped (and checked) by next_game. */
    static const char skip[] = "rows 2\n3 1 2 3\n1 4\n1 5\nrows 2 1 6 1 x";
    coinline_reader_from_memory(skip, strlen(skip), NULL, &r);
    coinline_reader_allow_rows(r, 1);
    int rc1 = coinline_reader_next_game(r, &count);
    int rc2 = coinline_reader_next_row(r, &count);
    int rc3 = coinline_reader_next_game(r, &count);
    int rc4 = coinline_reader_next_coin(r, &v);
    ok(rc1 == COINLINE_READER_ROWS && rc2 == 1 && rc3 == 1 && count == 1 &&
           rc4 == 1 && v == 5,
       "next_game skips the rows of a game of several rows not read");
    coinline_error_t e;
    ok(coinline_reader_next_game(r, &count) == COINLINE_READER_ROWS &&
           coinline_reader_next_game(r, &count) == COINLINE_ESYNTAX &&
           coinline_reader_error(r, &e) == 0 && e.line == 5 && e.column == 14,
       "... and checks them: a bad coin in a row skipped is an error at "
       "5:14");
    coinline_reader_free(r);
}

typedef struct {
    const char *text;
    int allow;
    int rc;
    uint64_t line, column;
    const char *message;
} bad_t;

static const bad_t bad[] = {
    {"rows 2\n1 5\n1 6\n", 0, COINLINE_ESYNTAX, 1, 1,
     "game 1 is a game of several rows ('rows'); only games of one row (a "
     "count, then its coins) are read here"},
    {"2 1 2\n  rows 1 0\n", 0, COINLINE_ESYNTAX, 2, 3,
     "game 2 is a game of several rows ('rows'); only games of one row (a "
     "count, then its coins) are read here"},
    {"rows", 1, COINLINE_ETRUNC, 1, 5,
     "the input ended after 'rows' in game 1: expected its number of rows "
     "(1 to 1000000000)"},
    {"rows x\n", 1, COINLINE_ESYNTAX, 1, 6,
     "expected the number of rows of game 1 after 'rows' (an integer from "
     "1 to 1000000000), found 'x'"},
    {"rows 0\n", 1, COINLINE_ECOUNT, 1, 6,
     "the number of rows of game 1 is out of range: 0 (1 to 1000000000)"},
    {"rows -3\n", 1, COINLINE_ECOUNT, 1, 6,
     "the number of rows of game 1 is out of range: -3 (1 to 1000000000)"},
    {"rows 1000000001\n", 1, COINLINE_ECOUNT, 1, 6,
     "the number of rows of game 1 is out of range: 1000000001 (1 to "
     "1000000000)"},
    {"rows 99999999999999999999\n", 1, COINLINE_ECOUNT, 1, 6,
     "the number of rows of game 1 is out of range: 99999999999999999999 "
     "(1 to 1000000000)"},
    {"rows 2\n3\n1 3 5\n", 1, COINLINE_ETRUNC, 4, 1,
     "the input ended inside game 1: expected 2 rows, found 1"},
    {"rows 2\n3\n1 3\n", 1, COINLINE_ETRUNC, 4, 1,
     "the input ended inside game 1: expected 3 coins, found 2 (in row 1 "
     "of 2)"},
    {"1 4\nrows 2\n1 3\nx 5\n", 1, COINLINE_ESYNTAX, 4, 1,
     "expected the coin count of row 2 of 2 in game 2 (an integer), found "
     "'x'"},
    {"rows 2\n1 5\n-1\n", 1, COINLINE_ECOUNT, 3, 1,
     "the coin count of row 2 of 2 in game 1 is negative: -1 (expected 0 "
     "or more)"},
    {"rows 2\n1 5\n1000000000001\n", 1, COINLINE_ECOUNT, 3, 1,
     "the coin count of row 2 of 2 in game 1 is absurd: 1000000000001 (at "
     "most 1000000000000)"},
    {"rows 2\n1 5\nrows 1 0\n", 1, COINLINE_ESYNTAX, 3, 1,
     "'rows' inside game 1, a game of several rows: expected the coin "
     "count of its row 2 of 2"},
    {"rows 3\n0\n2 1 x\n", 1, COINLINE_ESYNTAX, 3, 5,
     "expected coin 2 of 2 in game 1 (an integer), found 'x' (in row 2 of "
     "3)"},
    {"rows 1\n1 99999999999999999999\n", 1, COINLINE_ERANGE, 2, 3,
     "coin 1 of game 1 does not fit in a signed 64-bit integer: "
     "'99999999999999999999' (in row 1 of 1)"},
    {"rows 1 0\nrows", 1, COINLINE_ETRUNC, 2, 5,
     "the input ended after 'rows' in game 2: expected its number of rows "
     "(1 to 1000000000)"},
    {"Rows 1 0\n", 1, COINLINE_ESYNTAX, 1, 1,
     "expected the coin count of game 1 (an integer), found 'Rows'"},
};

/* Reads text to its end or error with read_layout; the error's place
 * and words must be b's. */
static int fails_as(int kind, const bad_t *b)
{
    src_t s = open_src(kind, b->text, strlen(b->text));
    int64_t *coins;
    uint64_t *lens;
    size_t n, k;
    int rc;
    coinline_error_t e;
    coinline_reader_allow_rows(s.r, b->allow);
    while ((rc = coinline_reader_read_layout(s.r, &coins, &n, &lens, &k)) ==
           1) {
        free(coins);
        free(lens);
    }
    const int good = rc == b->rc && coinline_reader_error(s.r, &e) == 0 &&
                     e.line == b->line && e.column == b->column &&
                     strcmp(e.message, b->message) == 0 && coins == NULL &&
                     lens == NULL;
    if (!good)
        diag("%s: rc %d at %llu:%llu: %s", kind_name[kind], rc,
             (unsigned long long)e.line, (unsigned long long)e.column,
             e.message);
    close_src(&s);
    return good;
}

/* text on one line, its newlines as '/', for a test's name. */
static const char *one_line(const char *text, char *buf, size_t size)
{
    size_t i = 0;
    for (; text[i] != '\0' && i + 1 < size; i++)
        buf[i] = text[i] == '\n' ? '/' : text[i];
    buf[i] = '\0';
    return buf;
}

static void test_errors(void)
{
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        int good = 1;
        char text[64];
        for (int kind = 0; kind < KINDS; kind++)
            good &= fails_as(kind, &bad[i]);
        ok(good, "%s '%s': %d at %llu:%llu on all three readers: %s",
           bad[i].allow ? "rows on," : "rows off,",
           one_line(bad[i].text, text, sizeof text), bad[i].rc,
           (unsigned long long)bad[i].line, (unsigned long long)bad[i].column,
           bad[i].message);
    }
}

/* ---- coinline_rows_parse() -------------------------------------------- */

static int rows_parse_as(const char *text, const int64_t *want, size_t wn,
                         const uint64_t *wlens, size_t wk)
{
    int64_t *coins;
    uint64_t *lens;
    size_t n = 99, k = 99;
    coinline_error_t e;
    int good = coinline_rows_parse(text, &coins, &n, &lens, &k, &e) == 0 &&
               n == wn && k == wk && (n == 0) == (coins == NULL);
    for (size_t i = 0; good && i < wn; i++)
        good = coins[i] == want[i];
    for (size_t r = 0; good && r < wk; r++)
        good = lens[r] == wlens[r];
    if (!good)
        diag("rows_parse(\"%s\"): n %zu k %zu", text, n, k);
    free(coins);
    free(lens);
    return good;
}

static int rows_fail_as(const char *text, int rc, uint64_t column,
                        const char *message)
{
    int64_t *coins = (int64_t *)1;
    uint64_t *lens = (uint64_t *)1;
    size_t n, k;
    coinline_error_t e;
    const int got = coinline_rows_parse(text, &coins, &n, &lens, &k, &e);
    const int good = got == rc && e.line == 1 && e.column == column &&
                     strcmp(e.message, message) == 0 && coins == NULL &&
                     lens == NULL;
    if (!good)
        diag("rows_parse(\"%s\"): %d at %llu:%llu: %s", text, got,
             (unsigned long long)e.line, (unsigned long long)e.column,
             e.message);
    return good;
}

static void test_rows_parse_valid(void)
{
    static const int64_t c6[] = {1, 3, 5, 2, 9, 4};
    static const uint64_t l3[] = {3, 2, 1}, l31[] = {1, 0, 1}, lpair[] = {2, 0},
                          lempty2[] = {0, 0}, l1[] = {0}, lbom[] = {1, 1};
    static const int64_t c2[] = {1, 2}, ext[] = {INT64_MIN, INT64_MAX};
    ok(rows_parse_as("1 3 5 / 2 9 / 4", c6, 6, l3, 3),
       "\"1 3 5 / 2 9 / 4\": 3 rows of 3, 2 and 1 coins");
    ok(rows_parse_as("1,3,5/2,9/4", c6, 6, l3, 3),
       "\"1,3,5/2,9/4\": commas, '/' without blanks");
    ok(rows_parse_as("1 / / 2", c2, 2, l31, 3),
       "\"1 / / 2\": 3 rows, the middle one empty");
    ok(rows_parse_as("1 2 /", c2, 2, lpair, 2),
       "\"1 2 /\": 2 rows, the last one empty");
    ok(rows_parse_as("/", NULL, 0, lempty2, 2), "\"/\": 2 empty rows");
    ok(rows_parse_as("", NULL, 0, l1, 1), "\"\": 1 empty row");
    ok(rows_parse_as("-9223372036854775808/9223372036854775807", ext, 2, lbom,
                     2),
       "int64 extremes, one a row");
    ok(rows_parse_as("\xEF\xBB\xBF"
                     "1 / 2",
                     c2, 2, lbom, 2),
       "a byte-order mark at the start is skipped");
}

static void test_rows_parse_errors(void)
{
    ok(rows_fail_as("1 3 5 / 2 x / 4", COINLINE_ESYNTAX, 11,
                    "expected an integer, found 'x' (coins are integers "
                    "separated by spaces or commas)"),
       "a bad token in row 2: its column in the whole text (11)");
    ok(rows_fail_as("1 / 2 99999999999999999999", COINLINE_ERANGE, 7,
                    "value out of the 64-bit range: '99999999999999999999'"),
       "a value out of range in row 2 at column 7");
    ok(rows_fail_as("1, / 2", COINLINE_ESYNTAX, 4,
                    "expected an integer after ',', found the end of the "
                    "row"),
       "a comma ending row 1: at the '/' (column 4)");
    ok(rows_fail_as("\xEF\xBB\xBF"
                    "1 / x",
                    COINLINE_ESYNTAX, 5,
                    "expected an integer, found 'x' (coins are integers "
                    "separated by spaces or commas)"),
       "after a byte-order mark, columns count from after it");
    ok(rows_fail_as("1 /\xEF\xBB\xBF"
                    "2",
                    COINLINE_ESYNTAX, 4,
                    "expected an integer, found '\\xef\\xbb\\xbf2' (coins "
                    "are integers separated by spaces or commas)"),
       "a byte-order mark at the start of a later row is a bad token");
    int64_t *coins;
    uint64_t *lens;
    size_t n, k;
    ok(coinline_rows_parse(NULL, &coins, &n, &lens, &k, NULL) ==
               COINLINE_EINVAL &&
           coinline_rows_parse("1", &coins, &n, NULL, &k, NULL) ==
               COINLINE_EINVAL,
       "EINVAL for NULL arguments");
}

/* Without '/', rows_parse is row_parse: the same coins or the same error,
 * on random texts of digits, signs, commas, blanks and other bytes. */
static void test_rows_parse_one_row(void)
{
    static const char alphabet[] = "0123456789 ,,-+\tx9999999999\xEF\xBB";
    rng_t rng;
    int good = 1;
    rng_seed(&rng, 17);
    for (int trial = 0; trial < 20000 && good; trial++) {
        char text[40];
        const size_t len = (size_t)rng_below(&rng, sizeof text);
        for (size_t i = 0; i < len; i++)
            text[i] = alphabet[rng_below(&rng, sizeof alphabet - 1)];
        text[len] = '\0';
        int64_t *a = NULL, *b = NULL;
        uint64_t *lens = NULL;
        size_t na = 0, nb = 0, k = 0;
        coinline_error_t ea, eb;
        memset(&ea, 0, sizeof ea);
        memset(&eb, 0, sizeof eb);
        const int ra = coinline_row_parse(text, &a, &na, &ea);
        const int rb = coinline_rows_parse(text, &b, &nb, &lens, &k, &eb);
        good = ra == rb && memcmp(&ea, &eb, sizeof ea) == 0 &&
               (ra != 0 || (na == nb && k == 1 && lens[0] == na &&
                            (na == 0 || memcmp(a, b, na * sizeof *a) == 0)));
        if (!good)
            diag("\"%s\": row_parse %d, rows_parse %d", text, ra, rb);
        if (ra == 0)
            free(a);
        free(b);
        free(lens);
    }
    ok(good, "20000 random texts without '/': rows_parse gives "
             "row_parse's coins as one row, or its error byte for byte");
}

int main(void)
{
    test_round_trips();
    test_pipe();
    test_calls();
    test_errors();
    test_rows_parse_valid();
    test_rows_parse_errors();
    test_rows_parse_one_row();
    return done_testing();
}
