/* SPDX-License-Identifier: MIT */
/*
 * cli/serve/json.c, the reader of coinline serve's request bodies, against
 * its contract in json.h: which texts json_check() accepts (RFC 8259:
 * grammar, UTF-8, \u escapes, depth) and the byte offset of the first
 * error; walking values; json_parse_int64()'s edges; and, on many random
 * texts, that json_check() and json_skip() agree.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/rng.h"
#include "common/tap.h"
#include "serve/json.h"

/* json_check() on text[0..len-1]: 0 or -1, and the error's offset. */
static int check(const char *text, size_t len, size_t *offset)
{
    json_reader_t r;
    json_init(&r, text, len, 0);
    const int rc = json_check(&r);
    *offset = r.offset;
    return rc == 0 && r.error == NULL ? 0 : -1;
}

static void test_valid_texts(void)
{
    static const char *const good[] = {
        "0",
        "-0",
        "1e3",
        "-1.5E-7",
        "0.25",
        "123456789012345678901234567890",
        "true",
        "false",
        "null",
        "\"\"",
        "\"a\\\"b\\\\c\\/d\\b\\f\\n\\r\\t\"",
        "\"\\u00e9\\u4e2d\"",
        "\"\\ud83d\\ude00\"",
        "\"caf\xc3\xa9\"",
        "\"\xe4\xb8\xad\xf0\x9f\x98\x80\"",
        "[]",
        "{}",
        " [1, [2, [3]], {}] ",
        "{\"a\": {\"b\": [true, null]}, \"c\": \"d\"}",
        "\t\r\n 7 \n",
    };
    int all = 1;
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        size_t off;
        if (check(good[i], strlen(good[i]), &off) != 0) {
            all = 0;
            diag("refused: %s (offset %zu)", good[i], off);
        }
    }
    ok(all,
       "json_check accepts %zu valid texts: every escape, surrogate "
       "pairs, multi-byte UTF-8, nesting, white space",
       sizeof good / sizeof good[0]);
}

static void test_invalid_texts(void)
{
    /* Each text and the 0-based byte offset of its first error. */
    static const struct {
        const char *text;
        size_t len; /* 0: strlen */
        size_t offset;
        const char *what;
    } bad[] = {
        {"", 0, 0, "an empty text"},
        {"   ", 0, 3, "white space only"},
        {"[1,]", 0, 3, "a trailing comma in an array"},
        {"{\"a\":1,}", 0, 7, "a trailing comma in an object"},
        {"[1 2]", 0, 3, "a missing comma"},
        {"{\"a\" 1}", 0, 5, "a missing colon"},
        {"{1:2}", 0, 1, "a key that is not a string"},
        {"01", 0, 1, "a leading zero"},
        {"1.", 0, 2, "a fraction without digits"},
        {"-", 0, 1, "a lone minus"},
        {"+1", 0, 0, "a plus sign"},
        {".5", 0, 0, "no digit before the point"},
        {"1e", 0, 2, "an exponent without digits"},
        {"tru", 0, 0, "a cut literal"},
        {"nul", 0, 0, "a cut null"},
        {"\"abc", 0, 0, "an unterminated string"},
        {"\"a\tb\"", 0, 2, "a raw tab in a string"},
        {"\"\\x\"", 0, 1, "an unknown escape"},
        {"\"\\u12G4\"", 0, 1, "a bad \\u escape"},
        {"\"\\ud83d\"", 0, 1, "a lone high surrogate"},
        {"\"\\ude00\"", 0, 1, "a lone low surrogate"},
        {"\"\xc0\xaf\"", 0, 1, "an overlong UTF-8 sequence"},
        {"\"\xed\xa0\x80\"", 0, 1, "a surrogate encoded in UTF-8"},
        {"\"\xe4\xb8\"", 0, 1, "a cut UTF-8 sequence"},
        {"\"\xf5\x80\x80\x80\"", 0, 1, "a byte above 0xF4"},
        {"\"\xff\"", 0, 1, "a byte 0xFF"},
        {"[1] x", 0, 4, "text after the value"},
        {"[1]\0", 4, 3, "a NUL byte after the value"},
        {"[\0]", 3, 1, "a NUL byte inside an array"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        size_t off = 999;
        const size_t len = bad[i].len ? bad[i].len : strlen(bad[i].text);
        const int rc = check(bad[i].text, len, &off);
        ok(rc == -1 && off == bad[i].offset,
           "json_check refuses %s, at byte %zu", bad[i].what, bad[i].offset);
        if (rc != -1 || off != bad[i].offset)
            diag("rc %d, offset %zu", rc, off);
    }
}

/* A text of depth d: d arrays nested. */
static char *nested(int d)
{
    char *s = malloc((size_t)(2 * d) + 1);
    for (int i = 0; i < d; i++) {
        s[i] = '[';
        s[2 * d - 1 - i] = ']';
    }
    s[2 * d] = '\0';
    return s;
}

static void test_depth(void)
{
    json_reader_t r;
    char *at = nested(JSON_MAX_DEPTH), *past = nested(JSON_MAX_DEPTH + 1);
    char *deep = nested(70);
    json_init(&r, at, strlen(at), 0);
    ok(json_check(&r) == 0, "%d nested arrays pass the default depth",
       JSON_MAX_DEPTH);
    json_init(&r, past, strlen(past), 0);
    ok(json_check(&r) == -1 && r.offset == JSON_MAX_DEPTH,
       "%d nested arrays are refused at the bracket past the limit (byte "
       "%d)",
       JSON_MAX_DEPTH + 1, JSON_MAX_DEPTH);
    json_init(&r, past, strlen(past), JSON_MAX_DEPTH + 1);
    ok(json_check(&r) == 0, "max_depth %d lets them pass", JSON_MAX_DEPTH + 1);
    json_init(&r, deep, strlen(deep), 1000);
    ok(json_check(&r) == -1 && r.offset == 64,
       "max_depth above 64 is taken as 64: 70 levels refused at byte 64");
    free(at);
    free(past);
    free(deep);
}

static void test_walk(void)
{
    static const char text[] =
        "{\"name\": \"caf\\u00e9 \\\"x\\\"\", \"coins\": [1, -22, 3e2],"
        " \"skip\": {\"a\": [1, {\"b\": null}]}, \"nul\": \"a\\u0000b\"}";
    json_reader_t r;
    char key[16], small[4];
    size_t count = 0, len = 0, n = 0;
    const char *lit;
    char *str = NULL;
    json_init(&r, text, sizeof text - 1, 0);
    int good = json_check(&r) == 0 && json_peek(&r) == JSON_OBJECT &&
               json_enter(&r, JSON_OBJECT) == 0 && json_next(&r, &count) == 1 &&
               count == 1 && json_key(&r, key, sizeof key, &len) == 0 &&
               strcmp(key, "name") == 0 && json_peek(&r) == JSON_STRING &&
               json_string(&r, &str, &len) == 0 &&
               strcmp(str, "caf\xc3\xa9 \"x\"") == 0 && len == 9;
    ok(good, "an object's first key and a string with \\u and \\\" escapes "
             "decode (UTF-8 out)");
    free(str);
    good = json_next(&r, &count) == 1 && count == 2 &&
           json_key(&r, key, sizeof key, &len) == 0 &&
           strcmp(key, "coins") == 0 && json_enter(&r, JSON_ARRAY) == 0;
    int64_t v[3] = {0, 0, 0};
    for (size_t k = 0; good && json_next(&r, &n) == 1; k++) {
        good = json_peek(&r) == JSON_NUMBER && json_number(&r, &lit, &len) == 0;
        if (good && json_parse_int64(lit, len, &v[k]) == -1)
            v[k] = -1; /* 3e2 is not an integer */
    }
    ok(good && n == 3 && v[0] == 1 && v[1] == -22 && v[2] == -1,
       "an array's numbers: 1 and -22 parse as int64, 3e2 does not");
    good = json_next(&r, &count) == 1 &&
           json_key(&r, small, sizeof small, &len) == 0 &&
           strcmp(small, "ski") == 0 && len == 4 && json_skip(&r) == 0 &&
           json_next(&r, &count) == 1 &&
           json_key(&r, key, sizeof key, &len) == 0 &&
           json_string_into(&r, small, sizeof small, &len) == 0 && len == 3 &&
           memcmp(small, "a\0b", 3) == 0 && json_next(&r, &count) == 0 &&
           count == 4 && json_peek(&r) == JSON_NONE;
    ok(good, "a key cut to the buffer reports its whole length; json_skip "
             "passes a nested value; \\u0000 decodes with its length; the "
             "object closes after 4 members");
    json_init(&r, "[1]", 3, 0);
    ok(json_enter(&r, JSON_OBJECT) == -1,
       "json_enter refuses an array entered as an object");
}

static void test_parse_int64(void)
{
    static const struct {
        const char *s;
        int rc;
        int64_t v;
    } cases[] = {
        {"0", 0, 0},
        {"-0", 0, 0},
        {"9223372036854775807", 0, INT64_MAX},
        {"-9223372036854775808", 0, INT64_MIN},
        {"9223372036854775808", -2, 0},
        {"-9223372036854775809", -2, 0},
        {"99999999999999999999999", -2, 0},
        {"007", 0, 7},
        {"", -1, 0},
        {"-", -1, 0},
        {"+5", 0, 5},
        {"+0", 0, 0},
        {"+9223372036854775807", 0, INT64_MAX},
        {"+9223372036854775808", -2, 0},
        {"+", -1, 0},
        {"+-5", -1, 0},
        {"-+5", -1, 0},
        {"++5", -1, 0},
        {"1.0", -1, 0},
        {"1e3", -1, 0},
        {" 5", -1, 0},
        {"5 ", -1, 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int64_t v = 12345;
        const int rc = json_parse_int64(cases[i].s, strlen(cases[i].s), &v);
        ok(rc == cases[i].rc && (rc != 0 || v == cases[i].v),
           "json_parse_int64(\"%s\") returns %d%s", cases[i].s, cases[i].rc,
           cases[i].rc == 0 ? " with the value" : "");
    }
}

/* A random JSON value into buf (at most depth levels). */
static void random_value(rng_t *r, char *buf, size_t *len, size_t cap,
                         int depth)
{
    static const char *const atoms[] = {
        "0",    "-12",          "3.5e-2", "true",        "false",
        "null", "\"\"",         "\"ab\"", "\"\\u00e9\"", "\"\\ud83d\\ude00\"",
        "1e9",  "\"\xc3\xa9\"",
    };
    const unsigned kind = depth > 0 ? (unsigned)rng_below(r, 4) : 0;
    if (*len + 64 >= cap)
        return;
    if (kind < 2) {
        const char *a = atoms[rng_below(r, sizeof atoms / sizeof atoms[0])];
        memcpy(buf + *len, a, strlen(a));
        *len += strlen(a);
        return;
    }
    const int obj = kind == 3;
    buf[(*len)++] = obj ? '{' : '[';
    const unsigned k = (unsigned)rng_below(r, 4);
    for (unsigned i = 0; i < k && *len + 64 < cap; i++) {
        if (i > 0)
            buf[(*len)++] = ',';
        if (rng_below(r, 4) == 0)
            buf[(*len)++] = ' ';
        if (obj) {
            *len += (size_t)sprintf(buf + *len, "\"k%u\":", i);
        }
        random_value(r, buf, len, cap, depth - 1);
    }
    buf[(*len)++] = obj ? '}' : ']';
}

/* json_skip() from the start consumes one value followed by white space
 * only: what json_check() accepts (json.h). */
static int skip_says_valid(const char *text, size_t len)
{
    json_reader_t r;
    json_init(&r, text, len, 0);
    if (json_skip(&r) != 0)
        return 0;
    while (r.pos < len && (text[r.pos] == ' ' || text[r.pos] == '\t' ||
                           text[r.pos] == '\n' || text[r.pos] == '\r'))
        r.pos++;
    return r.pos == len;
}

static void test_check_and_skip_agree(void)
{
    static const char noise[] = "[]{}\",:\\ 0-e.tu\xc3\xff\x01";
    rng_t r;
    tally_t t = {0, 0};
    long accepted = 0;
    char buf[2048];
    rng_seed(&r, 0x150A);
    for (int k = 0; k < 20000; k++) {
        size_t len = 0, off;
        random_value(&r, buf, &len, sizeof buf, 5);
        const int mutate = k % 2;
        for (int m = 0; mutate && len > 0 && m < 1 + (int)rng_below(&r, 3); m++)
            buf[rng_below(&r, len)] = noise[rng_below(&r, sizeof noise - 1)];
        const int valid = check(buf, len, &off) == 0;
        accepted += valid;
        if (!tally_check(&t, valid == skip_says_valid(buf, len)) ||
            !tally_check(&t, mutate || valid))
            tally_note(&t, "check %d, skip %d on %.*s", valid,
                       skip_says_valid(buf, len), (int)len, buf);
    }
    ok(tally_passed(&t),
       "on 20000 random texts (half mutated) json_check accepts exactly "
       "what json_skip reads as one value and white space, and every "
       "unmutated one (%ld accepted)",
       accepted);
}

int main(void)
{
    test_valid_texts();
    test_invalid_texts();
    test_depth();
    test_walk();
    test_parse_int64();
    test_check_and_skip_agree();
    return done_testing();
}
