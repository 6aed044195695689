/* SPDX-License-Identifier: MIT */
/* multirow.h - several rows for Python (multirow.c): a list of rows read
 * into the library's layout, solve_rows and the type RowsResult. Every
 * call here needs the GIL. */
#ifndef COINLINE_PY_MULTIROW_H
#define COINLINE_PY_MULTIROW_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

/* Rows read from Python, in the layout of coinline_multirow_solve(): the
 * coins of row 0, then row 1's, ... (n in all), and each row's length. */
typedef struct {
    int64_t *coins; /* PyMem_Malloc'ed (NULL when n is 0) */
    uint64_t *lens; /* PyMem_Malloc'ed (NULL when k is 0) */
    size_t n, k;
    size_t longest; /* the longest row's length */
    size_t cap_n, cap_k;
} pcl_rows_t;

/* Reads obj, an iterable of rows (each what pcl_row_from_object() reads:
 * a list of ints, a range, an int64 buffer, ...), into *rows: 0, or -1
 * with an exception set naming the row and the element ("rows[2][1] =
 * ... does not fit", TypeError for an element that is no row, a str or a
 * non-iterable, MemoryError); on -1 *rows holds nothing. Release rows
 * read with pcl_rows_release(). */
int pcl_rows_from_object(PyObject *obj, pcl_rows_t *rows);

/* Releases what pcl_rows_from_object() holds. */
void pcl_rows_release(pcl_rows_t *rows);

/* Adds RowsResult and solve_rows to the module m: 0, or -1 with an
 * exception set. */
int pcl_multirow_add(PyObject *m);

#endif
