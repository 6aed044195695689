/* SPDX-License-Identifier: MIT */
/*
 * bigmem.h - the engine's large arrays. Above 2 MiB an array is aligned to
 * 2 MiB and, where the system offers it (Linux MADV_HUGEPAGE), backed by
 * huge pages: the engine reaches across hundreds of megabytes at random,
 * and 4 KiB pages cost it a page fault and a TLB miss at almost every step.
 */
#ifndef COINLINE_BIGMEM_H
#define COINLINE_BIGMEM_H

#include <stddef.h>

/* count * size bytes, zeroed if zero; NULL on overflow or when memory
 * runs out. Release with free(). */
void *cl_big_alloc(size_t count, size_t size, int zero);

#endif
