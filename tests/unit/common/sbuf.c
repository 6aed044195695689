/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sbuf.h"
#include "tap.h"

void sb_add(sb_t *b, const char *bytes, size_t len)
{
    if (b->len + len + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 256;
        char *p;
        while (cap < b->len + len + 1) {
            cap *= 2;
        }
        p = realloc(b->data, cap);
        if (p == NULL) {
            diag("out of memory");
            exit(1);
        }
        b->data = p;
        b->cap = cap;
    }
    memcpy(b->data + b->len, bytes, len);
    b->len += len;
    b->data[b->len] = '\0';
}

void sb_str(sb_t *b, const char *text)
{
    sb_add(b, text, strlen(text));
}

void sb_char(sb_t *b, char c)
{
    sb_add(b, &c, 1);
}

void sb_repeat(sb_t *b, char c, size_t count)
{
    char chunk[1024];
    memset(chunk, c, sizeof chunk);
    while (count > 0) {
        const size_t take = count < sizeof chunk ? count : sizeof chunk;
        sb_add(b, chunk, take);
        count -= take;
    }
}

void sb_fmt_u(sb_t *b, unsigned long long v)
{
    char text[32];
    snprintf(text, sizeof text, "%llu", v);
    sb_str(b, text);
}
