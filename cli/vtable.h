/*
 * vtable.h - the table of V(i, j) for a short row and the optimal move
 * of each cell: the model behind table, its heat map and POST /api/table.
 */
#ifndef COINLINE_CLI_VTABLE_H
#define COINLINE_CLI_VTABLE_H

#include <stddef.h>
#include <stdint.h>

#include "wide.h"

/* The longest row coinline table takes (cmd_table_help says 64). */
#define TABLE_MAX 64

typedef struct {
    const int64_t *a; /* the row (not owned) */
    size_t n;
    cl_wide *v;             /* v[i * n + j] = V(i, j) for i <= j */
    unsigned char *on_line; /* 1 for the cells of the optimal line */
} table_t;

/* Fills the table of a[0..n-1]: O(n^2) time and memory. Returns 0 or
 * COINLINE_ENOMEM (then table_free() is still to be called). */
int table_fill(table_t *T, const int64_t *a, size_t n);

/* The optimal move on coins i..j: 'L' or 'R' (ties to the left). */
char table_move(const table_t *T, size_t i, size_t j);

/* Releases what table_fill() allocated. */
void table_free(table_t *T);

#endif
