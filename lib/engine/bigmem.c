/* bigmem.c - large arrays on huge pages where possible (see bigmem.h). */
#define _DEFAULT_SOURCE /* MADV_HUGEPAGE in glibc's <sys/mman.h> */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "bigmem.h"

enum { HUGE_PAGE = 2 * 1024 * 1024 };

void *cl_big_alloc(size_t count, size_t size, int zero)
{
    if (size != 0 && count > SIZE_MAX / size)
        return NULL;
    const size_t bytes = count * size > 0 ? count * size : 1;
    if (bytes < HUGE_PAGE || bytes > SIZE_MAX - HUGE_PAGE)
        return zero ? calloc(1, bytes) : malloc(bytes);
    const size_t whole = (bytes + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE;
    void *const p = aligned_alloc(HUGE_PAGE, whole);
    if (p == NULL)
        return NULL;
#ifdef MADV_HUGEPAGE
    (void)madvise(p, whole, MADV_HUGEPAGE); /* a hint: failure is harmless */
#endif
    if (zero)
        memset(p, 0, bytes);
    return p;
}
