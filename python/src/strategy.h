/* SPDX-License-Identifier: MIT */
/* strategy.h - coinline.Strategy: a built-in strategy of the library, or a
 * Python callable, asked the same way. Needs the GIL. */
#ifndef COINLINE_PY_STRATEGY_H
#define COINLINE_PY_STRATEGY_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

/* Adds the Strategy type to module: 0 or -1. */
int pcl_strategy_add_type(PyObject *module);

#endif
