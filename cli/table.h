/* table.h - the table of V(i, j) for table and explain (cmd_table.c). */
#ifndef COINLINE_CLI_TABLE_H
#define COINLINE_CLI_TABLE_H

#include <stdio.h>

#include "cli.h"
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

void table_free(table_t *T);

/* Writes the table as an SVG heat map with the optimal line (svg.c). */
void table_svg(const table_t *T, FILE *fp);

#endif
