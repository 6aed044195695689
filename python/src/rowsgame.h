/* SPDX-License-Identifier: MIT */
/* rowsgame.h - coinline.RowsGame, a game of several rows in progress, and
 * coinline.RowsState, a position it has reached (rowsgame.c). Every call
 * here needs the GIL. */
#ifndef COINLINE_PY_ROWSGAME_H
#define COINLINE_PY_ROWSGAME_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

/* Adds RowsGame and RowsState to the module m: 0, or -1 with an exception
 * set. */
int pcl_rowsgame_add(PyObject *m);

#endif
