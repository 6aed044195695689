/* SPDX-License-Identifier: MIT */
/* rows.h - a Python object into a row of int64 coins; exact totals back
 * into Python ints. Every call here needs the GIL. */
#ifndef COINLINE_PY_ROWS_H
#define COINLINE_PY_ROWS_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

#include "coinline.h"

/* A row read from a Python object. coins points into the object's buffer
 * (a contiguous, aligned int64 buffer, held until pcl_row_release()) or
 * into owned, a copy. */
typedef struct {
    const int64_t *coins;
    size_t n;
    int64_t *owned; /* PyMem_Malloc'ed, or NULL */
    Py_buffer view;
    int has_view;
} pcl_row_t;

/* Reads obj into *row: 0, or -1 with an exception set (TypeError for a
 * non-integer element or a non-iterable, OverflowError for an element
 * outside int64, MemoryError), each naming the element; on -1 *row holds
 * nothing. Release a row read with pcl_row_release(). */
int pcl_row_from_object(PyObject *obj, pcl_row_t *row);

/* Rows at least this long are solved with the GIL released. */
#define PCL_GIL_MIN 4096

/* 1 when a call on row may run with the GIL released: the row is long
 * and a private copy. A row read in place from a caller's buffer keeps the
 * GIL, so that no Python thread changes it while the library reads it
 * (the library reads a row more than once: a change between two reads
 * would make its answer wrong). */
int pcl_row_unlocked(const pcl_row_t *row);

/* Runs stmt, a library call on row, with the GIL released when
 * pcl_row_unlocked(row) allows it, else with it held. */
#define PCL_ON_ROW(row, stmt)                                                  \
    do {                                                                       \
        if (pcl_row_unlocked(row)) {                                           \
            Py_BEGIN_ALLOW_THREADS stmt;                                       \
            Py_END_ALLOW_THREADS                                               \
        } else {                                                               \
            stmt;                                                              \
        }                                                                      \
    } while (0)

/* Releases what pcl_row_from_object() holds. */
void pcl_row_release(pcl_row_t *row);

/* One element, item, the i-th (for the message), into *out: 0 or -1 with
 * TypeError or OverflowError set. */
int pcl_coin(PyObject *item, size_t i, int64_t *out);

/* Reads an int argument named what into *out: 0, or -1 with TypeError or
 * OverflowError (outside int64) set. */
int pcl_int64_arg(PyObject *obj, const char *what, int64_t *out);

/* A list of the int64 values v[0..n-1]; NULL with an exception set. */
PyObject *pcl_coin_list(const int64_t *v, size_t n);

/* An exact Python int for a 128-bit total; NULL with an exception set. */
PyObject *pcl_int_from_i128(coinline_i128_t v);

#endif
