/* SPDX-License-Identifier: MIT */
/* engine.h - coinline.Engine (a game in progress, the library's engine)
 * and coinline.State (a position it has reached). Every call here needs
 * the GIL. */
#ifndef COINLINE_PY_ENGINE_H
#define COINLINE_PY_ENGINE_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "coinline.h"
#include "rows.h"

typedef struct {
    PyObject_HEAD
    coinline_engine_t *e;     /* NULL until __init__ succeeds */
    size_t n;                 /* coins in the row */
    size_t played;            /* moves played */
    char *history;            /* the moves played, 'L'/'R', n + 1 bytes */
    uint64_t changes;         /* plays, undos and inits so far */
    Py_ssize_t exports;       /* buffers of the row still held: while there
                               * are, a second __init__ is refused */
    Py_ssize_t shape, stride; /* what those buffers point to */
} pcl_engine_t;

extern PyTypeObject pcl_engine_type;

/* Makes the State type and adds Engine and State to module: 0 or -1. */
int pcl_engine_add_types(PyObject *module);

/* A State for the position st of engine (a new reference, or NULL with
 * an exception set): its coins left are a read-only memoryview of the
 * engine's row, made without a copy. */
PyObject *pcl_state_new(pcl_engine_t *engine,
                        const coinline_engine_state_t *st);

/* 1 when obj is an Engine that holds a game, else 0 with TypeError set
 * naming what. */
int pcl_engine_check(PyObject *obj, const char *what);

#endif
