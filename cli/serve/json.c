/* SPDX-License-Identifier: MIT */
/*
 * json.c - a small pull reader for JSON texts (see json.h).
 *
 * Strings are decoded by one routine (scan_string) that either checks
 * and counts only or also writes the bytes; numbers are checked against
 * the grammar of RFC 8259 and handed back as text, so that the caller
 * decides what an integer is. Nesting is bounded by max_depth, so the
 * recursion of skip_value() is too.
 */
#include <stdlib.h>
#include <string.h>

#include "json.h"

/* Records the first error only; returns -1. */
static int fail(json_reader_t *r, size_t at, const char *msg)
{
    if (r->error == NULL) {
        r->error = msg;
        r->offset = at;
    }
    return -1;
}

static void skip_ws(json_reader_t *r)
{
    while (r->pos < r->len &&
           (r->text[r->pos] == ' ' || r->text[r->pos] == '\t' ||
            r->text[r->pos] == '\n' || r->text[r->pos] == '\r'))
        r->pos++;
}

void json_init(json_reader_t *r, const char *text, size_t len, int max_depth)
{
    r->text = text != NULL ? text : "";
    r->len = text != NULL ? len : 0;
    r->pos = 0;
    r->depth = 0;
    r->max_depth = max_depth <= 0   ? JSON_MAX_DEPTH
                   : max_depth > 64 ? 64
                                    : max_depth;
    r->objects = 0;
    r->error = NULL;
    r->offset = 0;
}

json_type_t json_peek(json_reader_t *r)
{
    skip_ws(r);
    if (r->pos >= r->len)
        return JSON_NONE;
    switch (r->text[r->pos]) {
    case 'n': return JSON_NULL;
    case 'f': return JSON_FALSE;
    case 't': return JSON_TRUE;
    case '"': return JSON_STRING;
    case '[': return JSON_ARRAY;
    case '{': return JSON_OBJECT;
    default:
        if (r->text[r->pos] == '-' ||
            (r->text[r->pos] >= '0' && r->text[r->pos] <= '9'))
            return JSON_NUMBER;
        return JSON_NONE;
    }
}

/* The word of a literal (null, true, false) at the position. */
static int read_word(json_reader_t *r, const char *word)
{
    const size_t n = strlen(word);
    if (r->len - r->pos < n || memcmp(r->text + r->pos, word, n) != 0)
        return fail(r, r->pos, "expected a value");
    r->pos += n;
    return 0;
}

/* Digits at the position: at least one. */
static int read_digits(json_reader_t *r)
{
    const size_t start = r->pos;
    while (r->pos < r->len && r->text[r->pos] >= '0' && r->text[r->pos] <= '9')
        r->pos++;
    return r->pos > start ? 0 : fail(r, r->pos, "malformed number");
}

int json_number(json_reader_t *r, const char **lit, size_t *len)
{
    if (json_peek(r) != JSON_NUMBER)
        return fail(r, r->pos, "expected a number");
    const size_t start = r->pos;
    if (r->text[r->pos] == '-')
        r->pos++;
    if (r->pos < r->len && r->text[r->pos] == '0')
        r->pos++;
    else if (read_digits(r) != 0)
        return -1;
    if (r->pos < r->len && r->text[r->pos] == '.') {
        r->pos++;
        if (read_digits(r) != 0)
            return -1;
    }
    if (r->pos < r->len && (r->text[r->pos] == 'e' || r->text[r->pos] == 'E')) {
        r->pos++;
        if (r->pos < r->len &&
            (r->text[r->pos] == '+' || r->text[r->pos] == '-'))
            r->pos++;
        if (read_digits(r) != 0)
            return -1;
    }
    *lit = r->text + start;
    *len = r->pos - start;
    return 0;
}

/* Appends byte c to buf (when it fits in size - 1) and counts it. */
static void put_byte(char *buf, size_t size, size_t *len, unsigned c)
{
    if (buf != NULL && *len + 1 < size)
        buf[*len] = (char)c;
    (*len)++;
}

/* Appends code point cp in UTF-8. */
static void put_utf8(char *buf, size_t size, size_t *len, unsigned long cp)
{
    if (cp < 0x80) {
        put_byte(buf, size, len, (unsigned)cp);
    } else if (cp < 0x800) {
        put_byte(buf, size, len, 0xC0 | (unsigned)(cp >> 6));
        put_byte(buf, size, len, 0x80 | (unsigned)(cp & 0x3F));
    } else if (cp < 0x10000) {
        put_byte(buf, size, len, 0xE0 | (unsigned)(cp >> 12));
        put_byte(buf, size, len, 0x80 | (unsigned)((cp >> 6) & 0x3F));
        put_byte(buf, size, len, 0x80 | (unsigned)(cp & 0x3F));
    } else {
        put_byte(buf, size, len, 0xF0 | (unsigned)(cp >> 18));
        put_byte(buf, size, len, 0x80 | (unsigned)((cp >> 12) & 0x3F));
        put_byte(buf, size, len, 0x80 | (unsigned)((cp >> 6) & 0x3F));
        put_byte(buf, size, len, 0x80 | (unsigned)(cp & 0x3F));
    }
}

/* Four hex digits at text[at..]: their value, or -1. */
static long hex4(const json_reader_t *r, size_t at)
{
    long v = 0;
    if (r->len - at < 4)
        return -1;
    for (size_t i = at; i < at + 4; i++) {
        const char c = r->text[i];
        const int d = c >= '0' && c <= '9'   ? c - '0'
                      : c >= 'a' && c <= 'f' ? c - 'a' + 10
                      : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                             : -1;
        if (d < 0)
            return -1;
        v = v * 16 + d;
    }
    return v;
}

/* A \u escape at the position (after the backslash and the u): one code
 * point, or a surrogate pair as two escapes. Returns it, or -1. */
static long read_u_escape(json_reader_t *r)
{
    const size_t at = r->pos - 2;
    const long hi = hex4(r, r->pos);
    if (hi < 0)
        return fail(r, at, "malformed \\u escape");
    r->pos += 4;
    if (hi >= 0xDC00 && hi <= 0xDFFF)
        return fail(r, at, "lone surrogate in a \\u escape");
    if (hi < 0xD800 || hi > 0xDBFF)
        return hi;
    const long lo = r->len - r->pos >= 6 && r->text[r->pos] == '\\' &&
                            r->text[r->pos + 1] == 'u'
                        ? hex4(r, r->pos + 2)
                        : -1;
    if (lo < 0xDC00 || lo > 0xDFFF)
        return fail(r, at, "lone surrogate in a \\u escape");
    r->pos += 6;
    return 0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00);
}

/* The escape after a backslash at the position; appends what it means. */
static int read_escape(json_reader_t *r, char *buf, size_t size, size_t *len)
{
    static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
    const char *e;
    r->pos++; /* the backslash */
    if (r->pos >= r->len)
        return fail(r, r->pos - 1, "unterminated string");
    if (r->text[r->pos] == 'u') {
        r->pos++;
        const long cp = read_u_escape(r);
        if (cp < 0)
            return -1;
        put_utf8(buf, size, len, (unsigned long)cp);
        return 0;
    }
    if (r->text[r->pos] == '\0' || (e = strchr(from, r->text[r->pos])) == NULL)
        return fail(r, r->pos - 1, "malformed escape in a string");
    put_byte(buf, size, len, (unsigned char)to[e - from]);
    r->pos++;
    return 0;
}

/* The length of the UTF-8 sequence at the position (1 to 4), or 0 when
 * it is not well formed (overlong forms, surrogates and values past
 * U+10FFFF are not). */
static size_t utf8_length(const json_reader_t *r)
{
    const unsigned char *s = (const unsigned char *)r->text + r->pos;
    const size_t left = r->len - r->pos;
    if (s[0] < 0x80)
        return 1;
    size_t n = s[0] >= 0xC2 && s[0] <= 0xDF   ? 2
               : s[0] >= 0xE0 && s[0] <= 0xEF ? 3
               : s[0] >= 0xF0 && s[0] <= 0xF4 ? 4
                                              : 0;
    if (n == 0 || left < n)
        return 0;
    for (size_t i = 1; i < n; i++)
        if ((s[i] & 0xC0) != 0x80)
            return 0;
    if ((s[0] == 0xE0 && s[1] < 0xA0) || (s[0] == 0xED && s[1] > 0x9F) ||
        (s[0] == 0xF0 && s[1] < 0x90) || (s[0] == 0xF4 && s[1] > 0x8F))
        return 0;
    return n;
}

/* The string at the position: checked, counted into *len and, when buf
 * is not NULL, decoded into buf (cut to size - 1 bytes, NUL-terminated). */
static int scan_string(json_reader_t *r, char *buf, size_t size, size_t *len)
{
    const size_t start = r->pos;
    *len = 0;
    if (json_peek(r) != JSON_STRING)
        return fail(r, r->pos, "expected a string");
    r->pos++;
    for (;;) {
        if (r->pos >= r->len)
            return fail(r, start, "unterminated string");
        const unsigned char c = (unsigned char)r->text[r->pos];
        if (c == '"')
            break;
        if (c < 0x20)
            return fail(r, r->pos, "control character in a string");
        if (c == '\\') {
            if (read_escape(r, buf, size, len) != 0)
                return -1;
            continue;
        }
        const size_t n = utf8_length(r);
        if (n == 0)
            return fail(r, r->pos, "malformed UTF-8 in a string");
        for (size_t i = 0; i < n; i++)
            put_byte(buf, size, len, (unsigned char)r->text[r->pos + i]);
        r->pos += n;
    }
    r->pos++;
    if (buf != NULL && size > 0)
        buf[*len < size ? *len : size - 1] = '\0';
    return 0;
}

int json_string_into(json_reader_t *r, char *buf, size_t size, size_t *len)
{
    return scan_string(r, buf, size, len);
}

int json_string(json_reader_t *r, char **out, size_t *len)
{
    const size_t start = r->pos;
    *out = NULL;
    if (scan_string(r, NULL, 0, len) != 0)
        return -1;
    if ((*out = malloc(*len + 1)) == NULL)
        return -2;
    r->pos = start;
    return scan_string(r, *out, *len + 1, len);
}

int json_key(json_reader_t *r, char *buf, size_t size, size_t *len)
{
    if (json_peek(r) != JSON_STRING)
        return fail(r, r->pos, "expected a string key");
    if (scan_string(r, buf, size, len) != 0)
        return -1;
    skip_ws(r);
    if (r->pos >= r->len || r->text[r->pos] != ':')
        return fail(r, r->pos, "expected ':'");
    r->pos++;
    return 0;
}

int json_enter(json_reader_t *r, json_type_t type)
{
    const json_type_t t = json_peek(r);
    if (t != type || (t != JSON_ARRAY && t != JSON_OBJECT))
        return fail(r, r->pos,
                    type == JSON_ARRAY ? "expected an array"
                                       : "expected an object");
    if (r->depth >= r->max_depth)
        return fail(r, r->pos, "nested too deeply");
    const uint64_t bit = (uint64_t)1 << r->depth;
    r->objects = type == JSON_OBJECT ? r->objects | bit : r->objects & ~bit;
    r->depth++;
    r->pos++;
    return 0;
}

int json_next(json_reader_t *r, size_t *count)
{
    if (r->depth <= 0)
        return fail(r, r->pos, "not in an array or object");
    const int object = (r->objects >> (r->depth - 1)) & 1;
    const char close = object ? '}' : ']';
    skip_ws(r);
    if (r->pos < r->len && r->text[r->pos] == close) {
        r->pos++;
        r->depth--;
        return 0;
    }
    if (*count > 0) {
        if (r->pos >= r->len || r->text[r->pos] != ',')
            return fail(r, r->pos,
                        object ? "expected ',' or '}'" : "expected ',' or ']'");
        r->pos++;
        skip_ws(r);
    }
    (*count)++;
    return 1;
}

/* The members of the array or object at the position, each checked. */
static int skip_members(json_reader_t *r, json_type_t type)
{
    size_t count = 0, len;
    int more;
    if (json_enter(r, type) != 0)
        return -1;
    while ((more = json_next(r, &count)) == 1) {
        if (type == JSON_OBJECT && json_key(r, NULL, 0, &len) != 0)
            return -1;
        if (json_skip(r) != 0)
            return -1;
    }
    return more;
}

int json_skip(json_reader_t *r)
{
    const char *lit;
    size_t len;
    switch (json_peek(r)) {
    case JSON_NULL: return read_word(r, "null");
    case JSON_FALSE: return read_word(r, "false");
    case JSON_TRUE: return read_word(r, "true");
    case JSON_NUMBER: return json_number(r, &lit, &len);
    case JSON_STRING: return scan_string(r, NULL, 0, &len);
    case JSON_ARRAY: return skip_members(r, JSON_ARRAY);
    case JSON_OBJECT: return skip_members(r, JSON_OBJECT);
    default: return fail(r, r->pos, "expected a value");
    }
}

int json_check(json_reader_t *r)
{
    r->pos = 0;
    r->depth = 0;
    r->error = NULL;
    int rc = json_skip(r);
    if (rc == 0) {
        skip_ws(r);
        if (r->pos < r->len)
            rc = fail(r, r->pos, "unexpected text after the value");
    }
    r->pos = 0;
    r->depth = 0;
    return rc;
}

int json_parse_int64(const char *s, size_t len, int64_t *out)
{
    const int neg = len > 0 && s[0] == '-';
    size_t i = len > 0 && (s[0] == '-' || s[0] == '+') ? 1 : 0;
    uint64_t v = 0;
    const uint64_t limit = neg ? (uint64_t)INT64_MAX + 1 : (uint64_t)INT64_MAX;
    if (i == len)
        return -1;
    int too_big = 0;
    for (; i < len; i++) {
        if (s[i] < '0' || s[i] > '9')
            return -1;
        const unsigned d = (unsigned)(s[i] - '0');
        if (v > (limit - d) / 10)
            too_big = 1;
        else
            v = v * 10 + d;
    }
    if (too_big)
        return -2;
    *out = neg ? (int64_t)(0 - v) : (int64_t)v;
    return 0;
}
