/* SPDX-License-Identifier: MIT */
/* bigmem.c - large arrays on huge pages where possible (see bigmem.h).
 * On Linux an array of 2 MB or more is aligned to a huge page and marked
 * for one (madvise); elsewhere, and for small arrays, it is a plain
 * malloc, so the file needs nothing beyond C11 off Linux. */
#ifndef _DEFAULT_SOURCE
#define _DEFAULT_SOURCE /* MADV_HUGEPAGE in glibc's <sys/mman.h> */
#endif
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

#include "bigmem.h"

enum { HUGE_PAGE = 2 * 1024 * 1024 };

void *cl_big_alloc(size_t count, size_t size, int zero)
{
    if (size != 0 && count > SIZE_MAX / size)
        return NULL;
    const size_t bytes = count * size > 0 ? count * size : 1;
#ifdef MADV_HUGEPAGE
    if (bytes >= HUGE_PAGE && bytes <= SIZE_MAX - HUGE_PAGE) {
        const size_t whole = (bytes + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE;
        void *const p = aligned_alloc(HUGE_PAGE, whole);
        if (p == NULL)
            return NULL;
        (void)madvise(p, whole,
                      MADV_HUGEPAGE); /* a hint: failure is harmless */
        if (zero)
            memset(p, 0, bytes);
        return p;
    }
#endif
    return zero ? calloc(1, bytes) : malloc(bytes);
}
