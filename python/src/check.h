/* SPDX-License-Identifier: MIT */
/* check.h - the library's check for Python (check.c): the games of a
 * check, shrinking a failing game, and the growth of a solution's time,
 * as private functions of _coinline under coinline.check(). Needs the
 * GIL. */
#ifndef COINLINE_PY_CHECK_H
#define COINLINE_PY_CHECK_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

/* Adds check_count, check_game, check_shrink and check_growth to the
 * module m: 0, or -1 with an exception set. */
int pcl_check_add(PyObject *m);

#endif
