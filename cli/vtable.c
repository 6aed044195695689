/*
 * vtable.c - the table of the dynamic programme for a short row: V(i, j)
 * for every run of coins i..j and the optimal move of each cell (table,
 * its heat map, POST /api/table).
 *
 * V(i, i) = a[i] and V(i, j) = max(a[i] - V(i+1, j), a[j] - V(i, j-1)):
 * the best (own total - other's) for the player to move on coins i..j.
 * The optimal line starts at (1, n) and moves to (i+1, j) or (i, j-1) as
 * the optimal move takes the left or the right coin (ties to the left).
 */
#include <stdlib.h>

#include "vtable.h"
#include "wide.h"

int table_fill(table_t *T, const int64_t *a, size_t n)
{
    T->a = a;
    T->n = n;
    T->v = calloc(n * n + 1, sizeof *T->v);
    T->on_line = calloc(n * n + 1, 1);
    if (T->v == NULL || T->on_line == NULL)
        return COINLINE_ENOMEM;
    for (size_t len = 1; len <= n; len++)
        for (size_t i = 0; i + len <= n; i++) {
            const size_t j = i + len - 1;
            if (len == 1) {
                T->v[i * n + j] = a[i];
                continue;
            }
            const cl_wide l = a[i] - T->v[(i + 1) * n + j];
            const cl_wide r = a[j] - T->v[i * n + j - 1];
            T->v[i * n + j] = l >= r ? l : r;
        }
    size_t i = 0, j = n; /* the coins left are i..j-1 */
    while (j > i) {
        T->on_line[i * n + j - 1] = 1;
        if (table_move(T, i, j - 1) == 'L')
            i++;
        else
            j--;
    }
    return COINLINE_OK;
}

char table_move(const table_t *T, size_t i, size_t j)
{
    if (i == j)
        return 'L';
    const cl_wide l = T->a[i] - T->v[(i + 1) * T->n + j];
    const cl_wide r = T->a[j] - T->v[i * T->n + j - 1];
    return l >= r ? 'L' : 'R';
}

void table_free(table_t *T)
{
    free(T->v);
    free(T->on_line);
    T->v = NULL;
    T->on_line = NULL;
}
