/* SPDX-License-Identifier: MIT */
/* common.h - what every part of the Python module shares: library error
 * codes as Python exceptions, and moves as Python strings. Every call
 * here needs the GIL. */
#ifndef COINLINE_PY_COMMON_H
#define COINLINE_PY_COMMON_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "coinline.h"

/* A negative code that no library call returns: a Python exception is
 * already set (a custom strategy's callable raised). */
#define PCL_EPYTHON (-1000)

/* Raises the exception for the library's code rc (not COINLINE_OK):
 * MemoryError for COINLINE_ENOMEM, ValueError otherwise, the message
 * prefixed by what (and the place and message of *err when err is not
 * NULL and has one). Returns NULL, to be returned. */
PyObject *pcl_raise(int rc, const char *what, const coinline_error_t *err);

/* What a solver's size limit depends on: a row's value (solve,
 * best_move), a line of play (line, the engine) or a circle. */
typedef enum { PCL_ROW, PCL_LINE, PCL_CIRCLE } pcl_task_t;

/* As pcl_raise() for rc, returned by what run with algo on n coins, but a
 * COINLINE_ETOOBIG names the limit ("solve: algo='brute' solves at most
 * 25 coins, not 30 (use 'linear' or 'dp')"). Returns NULL. */
PyObject *pcl_raise_solver(int rc, const char *what, pcl_task_t task,
                           coinline_algo_t algo, size_t n);

/* Sets field k of the named tuple t to v, a new reference: 0, or -1 when
 * v is NULL (its maker failed: an exception is set). */
int pcl_put(PyObject *t, Py_ssize_t k, PyObject *v);

/* "left", "right" or None, as a new reference. */
PyObject *pcl_side_object(coinline_side_t side);

/* Parses a side: "left", "right", "L", "R", "l" or "r". Returns 0, or -1
 * with ValueError (or TypeError) set naming what. */
int pcl_parse_side(PyObject *obj, const char *what, coinline_side_t *side);

/* Parses algo, a str naming a solver (NULL: the linear one). Returns 0,
 * or -1 with ValueError or TypeError set. */
int pcl_parse_algo(PyObject *obj, coinline_algo_t *algo);

#endif
