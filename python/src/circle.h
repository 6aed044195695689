/* SPDX-License-Identifier: MIT */
/* circle.h - the circular game for Python (circle.c). Needs the GIL. */
#ifndef COINLINE_PY_CIRCLE_H
#define COINLINE_PY_CIRCLE_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

/* Adds CircleResult and the circle_* functions to the module m: 0, or -1
 * with an exception set. */
int pcl_circle_add(PyObject *m);

#endif
