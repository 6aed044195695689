/* SPDX-License-Identifier: MIT */
/* against.h - the best reply to a known opponent for Python (against.c):
 * against, against_line and the type AgainstResult. Needs the GIL. */
#ifndef COINLINE_PY_AGAINST_H
#define COINLINE_PY_AGAINST_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

/* Adds AgainstResult, against and against_line to the module m: 0, or -1
 * with an exception set. */
int pcl_against_add(PyObject *m);

#endif
