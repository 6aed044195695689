/* SPDX-License-Identifier: MIT */
/*
 * test_jsonw.c - the JSON writer's strings (cli/jsonw.c): every string the
 * tool writes is valid JSON and valid UTF-8, whatever bytes a name or a
 * message holds. Hand cases (each malformed form of RFC 3629), then random
 * texts built from known pieces (well-formed characters, stray bytes, cut
 * sequences), whose output must pass the JSON reader (which checks UTF-8)
 * and decode to the pieces' expected bytes, U+FFFD for each bad byte.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/rng.h"
#include "common/tap.h"
#include "jsonw.h"
#include "serve/json.h"

/* text written as a JSON string, into buf (NUL-terminated). */
static size_t written(const char *text, char *buf, size_t size)
{
    FILE *fp = fmemopen(buf, size, "w");
    if (fp == NULL)
        return 0;
    cli_put_json_string(fp, text);
    const long len = ftell(fp);
    fclose(fp);
    return len > 0 ? (size_t)len : 0;
}

static void test_hand_cases(void)
{
    static const struct {
        const char *in, *out, *what;
    } cases[] = {
        {"abc", "\"abc\"", "ASCII"},
        {"a\"b\\c", "\"a\\\"b\\\\c\"", "quote and backslash"},
        {"\x01\n\x1f", "\"\\u0001\\u000a\\u001f\"", "control characters"},
        {"caf\xc3\xa9", "\"caf\xc3\xa9\"", "a 2-byte character"},
        {"\xe2\x82\xac", "\"\xe2\x82\xac\"", "a 3-byte character"},
        {"\xf0\x9f\x98\x80", "\"\xf0\x9f\x98\x80\"", "a 4-byte character"},
        {"\xf4\x8f\xbf\xbf", "\"\xf4\x8f\xbf\xbf\"", "U+10FFFF"},
        {"caf\xe9", "\"caf\\ufffd\"", "a Latin-1 byte"},
        {"\xff", "\"\\ufffd\"", "0xff"},
        {"\x80", "\"\\ufffd\"", "a stray continuation byte"},
        {"\xc0\x80", "\"\\ufffd\\ufffd\"", "an overlong NUL"},
        {"\xc1\xbf", "\"\\ufffd\\ufffd\"", "an overlong 2-byte form"},
        {"\xe0\x80\x80", "\"\\ufffd\\ufffd\\ufffd\"",
         "an overlong 3-byte form"},
        {"\xed\xa0\x80", "\"\\ufffd\\ufffd\\ufffd\"", "a surrogate"},
        {"\xf0\x80\x80\x80", "\"\\ufffd\\ufffd\\ufffd\\ufffd\"",
         "an overlong 4-byte form"},
        {"\xf4\x90\x80\x80", "\"\\ufffd\\ufffd\\ufffd\\ufffd\"",
         "past U+10FFFF"},
        {"\xf5\x80", "\"\\ufffd\\ufffd\"", "0xf5"},
        {"\xe2\x82", "\"\\ufffd\\ufffd\"", "a sequence cut by the end"},
        {"\xe2\x82x", "\"\\ufffd\\ufffdx\"", "a sequence cut by ASCII"},
    };
    char buf[256];
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        written(cases[i].in, buf, sizeof buf);
        ok(strcmp(buf, cases[i].out) == 0, "%s: written as %s", cases[i].what,
           buf);
    }
}

/* Appends code point cp in UTF-8 to b at *n. */
static void encode(unsigned long cp, char *b, size_t *n)
{
    unsigned char *u = (unsigned char *)b + *n;
    if (cp < 0x80) {
        u[0] = (unsigned char)cp;
        *n += 1;
    } else if (cp < 0x800) {
        u[0] = (unsigned char)(0xc0 | cp >> 6);
        u[1] = (unsigned char)(0x80 | (cp & 0x3f));
        *n += 2;
    } else if (cp < 0x10000) {
        u[0] = (unsigned char)(0xe0 | cp >> 12);
        u[1] = (unsigned char)(0x80 | (cp >> 6 & 0x3f));
        u[2] = (unsigned char)(0x80 | (cp & 0x3f));
        *n += 3;
    } else {
        u[0] = (unsigned char)(0xf0 | cp >> 18);
        u[1] = (unsigned char)(0x80 | (cp >> 12 & 0x3f));
        u[2] = (unsigned char)(0x80 | (cp >> 6 & 0x3f));
        u[3] = (unsigned char)(0x80 | (cp & 0x3f));
        *n += 4;
    }
}

/* A random code point that is a character (no NUL, no surrogate). */
static unsigned long random_char(rng_t *r)
{
    static const unsigned long top[] = {0x80, 0x800, 0x10000, 0x110000};
    for (;;) {
        const unsigned long cp =
            (unsigned long)rng_below(r, top[rng_below(r, 4)]);
        if (cp != 0 && (cp < 0xd800 || cp > 0xdfff))
            return cp;
    }
}

/* Builds a random text in in[] and the bytes its JSON string must decode
 * to in want[] (*wn): characters as they are, each bad byte as U+FFFD. */
static size_t random_text(rng_t *r, char *in, char *want, size_t *wn)
{
    size_t n = 0;
    *wn = 0;
    const size_t pieces = (size_t)rng_below(r, 24);
    for (size_t p = 0; p < pieces; p++) {
        const unsigned kind = (unsigned)rng_below(r, 4);
        if (kind <= 1) { /* a character */
            const unsigned long cp = random_char(r);
            encode(cp, in, &n);
            encode(cp, want, wn);
        } else if (kind == 2) { /* a byte that starts nothing */
            static const unsigned char bad[] = {0x80, 0x9f, 0xbf, 0xc0,
                                                0xc1, 0xf5, 0xfe, 0xff};
            in[n++] = (char)bad[rng_below(r, sizeof bad)];
            encode(0xfffd, want, wn);
        } else { /* a multi-byte character cut short, then ASCII */
            char tmp[4];
            size_t tn = 0;
            unsigned long cp;
            do
                cp = random_char(r);
            while (cp < 0x80);
            encode(cp, tmp, &tn);
            const size_t keep = 1 + (size_t)rng_below(r, tn - 1);
            for (size_t i = 0; i < keep; i++) {
                in[n++] = tmp[i];
                encode(0xfffd, want, wn);
            }
            in[n++] = 'z';
            want[(*wn)++] = 'z';
        }
    }
    in[n] = '\0';
    return n;
}

static void test_random_texts(void)
{
    rng_t r;
    char in[128], want[512], out[1024];
    int valid = 0, decoded = 0, replaced = 0;
    const int texts = 20000;
    rng_seed(&r, 20261125);
    for (int t = 0; t < texts; t++) {
        size_t wn, len;
        random_text(&r, in, want, &wn);
        const size_t on = written(in, out, sizeof out);
        json_reader_t jr;
        json_init(&jr, out, on, 0);
        if (json_check(&jr) != 0)
            continue;
        valid++;
        char *got = NULL;
        if (json_string(&jr, &got, &len) == 0 && len == wn &&
            memcmp(got, want, wn) == 0)
            decoded++;
        replaced += strstr(out, "\\ufffd") != NULL;
        free(got);
    }
    ok(valid == texts,
       "%d random texts with bad bytes: every output is JSON "
       "with valid UTF-8 (%d)",
       texts, valid);
    ok(decoded == texts,
       "each decodes to its characters, U+FFFD for each "
       "bad byte (%d; %d with a replacement)",
       decoded, replaced);
}

int main(void)
{
    test_hand_cases();
    test_random_texts();
    return done_testing();
}
