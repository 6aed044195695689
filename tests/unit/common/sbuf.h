/* SPDX-License-Identifier: MIT */
/*
 * A growable byte buffer for the unit tests that build their input texts.
 * It is kept NUL-terminated for convenience; readers are given its length.
 * Start one as {NULL, 0, 0}, empty it with len = 0, free(data) at the end.
 * Running out of memory ends the test program with a diagnostic.
 */
#ifndef COINLINE_TEST_SBUF_H
#define COINLINE_TEST_SBUF_H

#include <stddef.h>

typedef struct {
    char *data;
    size_t len;
    size_t cap;
} sb_t;

/* Appends bytes[0..len-1] (NUL bytes included). */
void sb_add(sb_t *b, const char *bytes, size_t len);
/* Appends the NUL-terminated text. */
void sb_str(sb_t *b, const char *text);
/* Appends one byte. */
void sb_char(sb_t *b, char c);
/* Appends count copies of c. */
void sb_repeat(sb_t *b, char c, size_t count);
/* Appends v in decimal. */
void sb_fmt_u(sb_t *b, unsigned long long v);

#endif
