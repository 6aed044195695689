/* SPDX-License-Identifier: MIT */
/* grow.h - growing an array by doubling, for the library's own arrays. */
#ifndef COINLINE_GROW_H
#define COINLINE_GROW_H

#include <stdint.h>
#include <stdlib.h>

/* Reallocates p (an array of *cap elements of size elem) to hold at least
 * one more, doubling from 64. Returns the new array and updates *cap, or
 * returns NULL when memory runs out (p and *cap are then unchanged). */
static inline void *cl_grow(void *p, size_t *cap, size_t elem)
{
    const size_t ncap = *cap < 64 ? 64 : *cap * 2;
    void *np = ncap <= SIZE_MAX / elem ? realloc(p, ncap * elem) : NULL;
    if (np != NULL)
        *cap = ncap;
    return np;
}

#endif
