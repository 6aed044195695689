/* SPDX-License-Identifier: MIT */
/*
 * json.h - a small reader for JSON texts (RFC 8259), for the request
 * bodies of coinline serve.
 *
 * A pull reader over a text in memory: it allocates nothing but the
 * strings it is asked to copy. json_check() validates a whole text first
 * (grammar, UTF-8, nesting depth); then the caller walks it with
 * json_peek(), json_enter() and json_next() for arrays and objects,
 * json_key(), json_string() and json_number() for values, and
 * json_skip() for values it does not want. On any error the reader keeps
 * the first message and its byte offset (json_reader_t.error, .offset).
 */
#ifndef COINLINE_CLI_JSON_H
#define COINLINE_CLI_JSON_H

#include <stddef.h>
#include <stdint.h>

/* The deepest nesting json_check() accepts by default. */
#define JSON_MAX_DEPTH 32

/* The kind of the value at the reader's position. */
typedef enum {
    JSON_NONE = 0, /* the end of the text, or a byte no value starts with */
    JSON_NULL,
    JSON_FALSE,
    JSON_TRUE,
    JSON_NUMBER,
    JSON_STRING,
    JSON_ARRAY,
    JSON_OBJECT
} json_type_t;

typedef struct {
    const char *text; /* the text (not owned; need not end with NUL) */
    size_t len;
    size_t pos;        /* the byte read next */
    int depth;         /* arrays and objects open at pos */
    int max_depth;     /* the deepest nesting allowed (at most 64) */
    uint64_t objects;  /* bit d set: the container at depth d + 1 is an
                        * object (else an array) */
    const char *error; /* the first error (a static string), or NULL */
    size_t offset;     /* its 0-based byte offset in the text */
} json_reader_t;

/* Starts a reader on text[0..len-1], at its beginning. max_depth <= 0
 * gives JSON_MAX_DEPTH; more than 64 gives 64. */
void json_init(json_reader_t *r, const char *text, size_t len, int max_depth);

/* Checks that the whole text is one JSON value and white space: the
 * grammar, UTF-8 in strings, \u escapes (surrogates in pairs), the depth.
 * Leaves the reader at the start again. Returns 0, or -1 with the error
 * set. O(len), no allocation. */
int json_check(json_reader_t *r);

/* Skips white space; the kind of the value that starts there. */
json_type_t json_peek(json_reader_t *r);

/* Skips one whole value (checking it). Returns 0 or -1. */
int json_skip(json_reader_t *r);

/* Enters the array or object at the position (type is JSON_ARRAY or
 * JSON_OBJECT). Returns 0, or -1 when the value is not of that type. */
int json_enter(json_reader_t *r, json_type_t type);

/* In an array or object entered, *count members read so far (start at
 * 0): returns 1 when another member follows (the comma before it is
 * read, and *count incremented), 0 at the closing bracket (read), -1 on
 * an error. */
int json_next(json_reader_t *r, size_t *count);

/* Reads an object's key and its ':' into buf (decoded, NUL-terminated,
 * cut to size - 1 bytes); *len gets the whole decoded length (a key with
 * a NUL byte or longer than size - 1 matches no name of the caller's).
 * Returns 0 or -1. */
int json_key(json_reader_t *r, char *buf, size_t size, size_t *len);

/* Reads a string into a new NUL-terminated buffer (free()), its decoded
 * length (NUL bytes from \u0000 included) in *len. Returns 0, -1 (not a
 * string, or malformed) or -2 (out of memory; *out is NULL). */
int json_string(json_reader_t *r, char **out, size_t *len);

/* Reads a string into buf as json_key() does (without the ':'). */
int json_string_into(json_reader_t *r, char *buf, size_t size, size_t *len);

/* Reads a number: *lit points to its text in the reader's text, *len
 * bytes. Returns 0 or -1. */
int json_number(json_reader_t *r, const char **lit, size_t *len);

/* Parses s[0..len-1] as a whole decimal integer: an optional sign ('-'
 * or '+', as the tool's readers take it) and digits, nothing else (a
 * JSON number never starts with '+': json_check() refuses it). Returns
 * 0 with *out set, -1 when it is not such an integer, -2 when it is
 * outside the int64 range. */
int json_parse_int64(const char *s, size_t len, int64_t *out);

#endif
