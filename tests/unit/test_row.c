/* SPDX-License-Identifier: MIT */
/* coinline_row_parse(): rows given as text on a command line. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "coinline.h"
#include "common/check.h"
#include "common/rng.h"
#include "common/tap.h"

/* text with control characters escaped, for diagnostics. */
static const char *escaped(const char *text, char *buf, size_t size)
{
    size_t used = 0;
    for (; *text != '\0' && used + 3 < size; text++) {
        const char c = *text;
        const char e = c == '\n' ? 'n' : c == '\r' ? 'r' : c == '\t' ? 't' : 0;
        if (e) {
            buf[used++] = '\\';
            buf[used++] = e;
        } else {
            buf[used++] = c;
        }
    }
    buf[used] = '\0';
    return buf;
}

/* Parses text and compares with want[0..wn-1]. */
static int parses_to(const char *text, const int64_t *want, size_t wn)
{
    int64_t *coins = NULL;
    size_t n = 12345;
    coinline_error_t err;
    const int rc = coinline_row_parse(text, &coins, &n, &err);
    int same = rc == COINLINE_OK && n == wn;
    for (size_t i = 0; same && i < wn; i++) {
        same = coins[i] == want[i];
    }
    if (same && wn == 0) {
        same = coins == NULL;
    }
    if (!same) {
        char esc[2048];
        diag("parse_row(\"%s\"): rc=%d n=%zu, expected n=%zu",
             escaped(text, esc, sizeof esc), rc, n, wn);
        for (size_t i = 0; rc == 0 && i < n && i < wn; i++) {
            if (coins[i] != want[i]) {
                diag("coin %zu: got %lld, expected %lld", i,
                     (long long)coins[i], (long long)want[i]);
                break;
            }
        }
    }
    if (rc == COINLINE_OK) {
        free(coins);
    }
    return same;
}

static void test_valid(void)
{
    static const int64_t five[] = {1, 3, 5, 2, 9};
    static const int64_t three[] = {1, 3, 5};
    static const int64_t neg[] = {-5};
    static const int64_t lim[] = {INT64_MAX, INT64_MIN, 0};
    static const int64_t signs[] = {-1, 2, -3};
    ok(parses_to("1 3 5 2 9", five, 5), "\"1 3 5 2 9\" gives five coins");
    ok(parses_to("1,3,5,2,9", five, 5), "\"1,3,5,2,9\" gives five coins");
    ok(parses_to("1, 3 ,5", three, 3), "\"1, 3 ,5\" (spaces around commas) "
                                       "gives 1 3 5");
    ok(parses_to("\t1\n3  5\r\n", three, 3), "tabs, CR LF and repeated "
                                             "spaces separate values");
    ok(parses_to("", NULL, 0), "\"\" gives n 0 and coins NULL");
    ok(parses_to("  ", NULL, 0), "\"  \" gives n 0 and coins NULL");
    ok(parses_to("-5", neg, 1), "\"-5\" gives one negative coin");
    ok(parses_to("-1,2 -3", signs, 3), "\"-1,2 -3\" mixes signs and "
                                       "separators");
    ok(parses_to("9223372036854775807 -9223372036854775808 0", lim, 3),
       "INT64_MAX and INT64_MIN parse exactly");
}

/* Expects rc, the error at line 1 and the column of byte want_off, and
 * a message that quotes the token (or says the row ended). */
static void fails_with(const char *text, int want_rc, size_t want_off,
                       const char *label)
{
    int64_t *coins = NULL;
    size_t n = 0;
    coinline_error_t err;
    memset(&err, 0x5a, sizeof err);
    const int rc = coinline_row_parse(text, &coins, &n, &err);
    if (rc == COINLINE_OK) {
        free(coins);
    }
    char quoted[64];
    const size_t len = strcspn(text + want_off, " \t,");
    snprintf(quoted, sizeof quoted, "'%.*s'", (int)(len ? len : 1),
             text + want_off);
    const int named = text[want_off] == '\0'
                          ? strstr(err.message, "the end of the row") != NULL
                          : strstr(err.message, quoted) != NULL;
    ok(rc == want_rc && err.line == 1 && err.column == want_off + 1 && named,
       "%s gives %s at 1:%zu, naming %s", label, code_str(want_rc),
       want_off + 1, quoted);
    if (rc != want_rc || err.column != want_off + 1 || !named) {
        diag("got rc=%d (%s) at %llu:%llu: %s", rc, code_str(rc),
             (unsigned long long)err.line, (unsigned long long)err.column,
             err.message);
    }
}

static void test_errors(void)
{
    fails_with("1 x 3", COINLINE_ESYNTAX, 2, "\"1 x 3\"");
    fails_with("1,,2", COINLINE_ESYNTAX, 2, "\"1,,2\" (double comma)");
    fails_with("12x", COINLINE_ESYNTAX, 0, "\"12x\"");
    fails_with("1 2 3x", COINLINE_ESYNTAX, 4, "\"1 2 3x\"");
    fails_with("1.5", COINLINE_ESYNTAX, 0, "\"1.5\"");
    fails_with("7 --3", COINLINE_ESYNTAX, 2, "\"7 --3\"");
    fails_with("- 3", COINLINE_ESYNTAX, 0, "\"- 3\" (lone sign)");
    fails_with("9223372036854775808", COINLINE_ERANGE, 0,
               "\"9223372036854775808\" (INT64_MAX + 1)");
    fails_with("1 -9223372036854775809", COINLINE_ERANGE, 2,
               "\"1 -9223372036854775809\" (INT64_MIN - 1)");
    fails_with("5, 99999999999999999999999", COINLINE_ERANGE, 3,
               "a 23-digit value after \"5, \"");
    fails_with("1 2,", COINLINE_ESYNTAX, 4, "\"1 2,\" (a trailing comma)");
}

/* coinline_row_parse(text) fails with rc at line 1, column col, and a
 * message containing quoted. */
static int fails_at(const char *text, int rc, uint64_t col, const char *quoted)
{
    int64_t *coins = NULL;
    size_t n = 0;
    coinline_error_t err;
    memset(&err, 0x5a, sizeof err);
    const int got = coinline_row_parse(text, &coins, &n, &err);
    if (got == COINLINE_OK)
        free(coins);
    const int same = got == rc && err.line == 1 && err.column == col &&
                     strstr(err.message, quoted) != NULL;
    if (!same)
        diag("got rc=%d (%s) at %llu:%llu: %s", got, code_str(got),
             (unsigned long long)err.line, (unsigned long long)err.column,
             err.message);
    return same;
}

/* A UTF-8 byte-order mark before the row (text pasted from a file saved
 * with one) is skipped, and columns count from after it; anywhere else
 * it is a bad token, quoted as bytes. */
static void test_bom(void)
{
    static const int64_t five[] = {1, 3, 5, 2, 9};
    static const int64_t one[] = {7};
    ok(parses_to("\xEF\xBB\xBF"
                 "1 3 5 2 9",
                 five, 5),
       "a mark before \"1 3 5 2 9\" is skipped");
    ok(parses_to("\xEF\xBB\xBF  7\n", one, 1),
       "a mark before spaces and \"7\" is skipped");
    ok(parses_to("\xEF\xBB\xBF", NULL, 0), "a mark alone is an empty row");
    ok(fails_at("\xEF\xBB\xBF"
                "1 x",
                COINLINE_ESYNTAX, 3, "'x'"),
       "a mark then \"1 x\": ESYNTAX at 1:3, counted from after the mark, "
       "as without it");
    ok(fails_at("1 \xEF\xBB\xBF"
                "2",
                COINLINE_ESYNTAX, 3, "'\\xef\\xbb\\xbf2'"),
       "a mark in the middle of the row: ESYNTAX at 1:3, quoted as bytes");
    ok(fails_at("\xEF\xBB\xBF\xEF\xBB\xBF"
                "1",
                COINLINE_ESYNTAX, 1, "'\\xef\\xbb\\xbf1'"),
       "a second mark is a bad token at 1:1 (after the first)");
    ok(fails_at("\xEF\xBB", COINLINE_ESYNTAX, 1, "'\\xef\\xbb'"),
       "two bytes of a mark are not a mark: ESYNTAX at 1:1");
}

static void test_null_args(void)
{
    int64_t *coins = NULL;
    size_t n = 0;
    coinline_error_t err;
    is_int(coinline_row_parse(NULL, &coins, &n, &err), COINLINE_EINVAL,
           "parse_row with text NULL gives EINVAL");
    is_int(coinline_row_parse("1 2", NULL, &n, &err), COINLINE_EINVAL,
           "parse_row with coins NULL gives EINVAL");
    is_int(coinline_row_parse("1 2", &coins, NULL, &err), COINLINE_EINVAL,
           "parse_row with n NULL gives EINVAL");
    is_int(coinline_row_parse("1 x", &coins, &n, NULL), COINLINE_ESYNTAX,
           "parse_row with err NULL still reports ESYNTAX");
    ok(coinline_row_parse("4 5", &coins, &n, NULL) == 0 && n == 2 &&
           coins[0] == 4 && coins[1] == 5,
       "parse_row with err NULL parses \"4 5\"");
    free(coins);
}

/* Writes a[0..n-1] with random separators into buf. */
static void format_row(rng_t *r, const int64_t *a, size_t n, char *buf,
                       size_t size)
{
    static const char *const seps[] = {" ",  ",",  ", ",   " , ", "\t",
                                       "\n", "  ", "\r\n", " ,"};
    size_t used = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < n; i++) {
        const char *sep =
            i ? seps[rng_below(r, 9)] : (rng_below(r, 2) ? " " : "");
        used += (size_t)snprintf(buf + used, size - used, "%s%lld", sep,
                                 (long long)a[i]);
    }
    if (rng_below(r, 2)) {
        snprintf(buf + used, size - used, " \n");
    }
}

static void test_round_trip(void)
{
    enum { ROWS = 2000, MAXN = 40 };
    char text[MAXN * 32];
    int64_t a[MAXN];
    rng_t r;
    int all = 1;
    rng_seed(&r, 0x9a25e);
    for (int k = 0; k < ROWS && all; k++) {
        const size_t n = (size_t)rng_below(&r, MAXN + 1);
        gen_values(&r, a, n, (vals_t)rng_below(&r, VALS_COUNT));
        format_row(&r, a, n, text, sizeof text);
        all = parses_to(text, a, n);
    }
    ok(all, "2000 random rows (n <= 40, all alphabets incl. int64 limits) "
            "printed with mixed separators parse back exactly");
}

int main(void)
{
    test_valid();
    test_errors();
    test_bom();
    test_null_args();
    test_round_trip();
    return done_testing();
}
