/* SPDX-License-Identifier: MIT */
/* common.h - what every part of the Python module shares: library error
 * codes as Python exceptions, and moves (sides and positions) as Python
 * objects. Every call
 * here needs the GIL. */
#ifndef COINLINE_PY_COMMON_H
#define COINLINE_PY_COMMON_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "coinline.h"
#include "rules.h"

/* A negative code that no library call returns: a Python exception is
 * already set (a custom strategy's callable raised). */
#define PCL_EPYTHON (-1000)

/* Raises the exception for the library's code rc (not COINLINE_OK):
 * MemoryError for COINLINE_ENOMEM, ValueError otherwise, the message
 * prefixed by what (and the place and message of *err when err is not
 * NULL and has one). Returns NULL, to be returned. */
PyObject *pcl_raise(int rc, const char *what, const coinline_error_t *err);

/* As pcl_raise() for rc, returned by what run with algo on n coins for
 * task under rules, but a COINLINE_ETOOBIG names the limit ("solve:
 * algo='brute' solves at most 25 coins, not 30 (use 'linear' or 'dp')").
 * Returns NULL. */
PyObject *pcl_raise_solver(int rc, const char *what,
                           const coinline_rules_t *rules, pcl_task_t task,
                           coinline_algo_t algo, size_t n);

/* Sets field k of the named tuple t to v, a new reference: 0, or -1 when
 * v is NULL (its maker failed: an exception is set). */
int pcl_put(PyObject *t, Py_ssize_t k, PyObject *v);

/* "left", "right" or None, as a new reference. */
PyObject *pcl_side_object(coinline_side_t side);

/* Parses a side: "left", "right", "L", "R", "l" or "r". Returns 0, or -1
 * with ValueError (or TypeError) set naming what. */
int pcl_parse_side(PyObject *obj, const char *what, coinline_side_t *side);

/* A move as a caller gives it: a side or a position. */
typedef struct {
    char side;         /* 'L' or 'R' for a side, 0 for a position */
    uint64_t position; /* the position (1-based) when side is 0 */
} pcl_move_t;

/* Parses a move: a side ("left", "right", "L", "R", "l" or "r") or a
 * position (an int, or an object with __index__; not a bool) from 0 to
 * 2**64 - 1 (0 and those past the coins are refused by the game, which
 * says why). Returns 0, or -1 with ValueError (another str, a negative
 * position, one past 2**64 - 1) or TypeError set naming what. */
int pcl_parse_move(PyObject *obj, const char *what, pcl_move_t *move);

/* The move as coinline_game_play_text() reads it ("L", "R", "7") into
 * buf, NUL-terminated (24 bytes suffice); returns its length. */
int pcl_move_text(const pcl_move_t *move, char *buf, size_t size);

/* 1 when the last move written in text[0..len-1] (the notation of
 * coinline_game_play_text()) is the letter R: a last coin taken as R,
 * which the game records as its position and writes back as L (both ends
 * are that coin), is shown as R, as it was given. */
int pcl_text_ends_with_r(const char *text, size_t len);

/* A position as an int, None for 0 (no move), as a new reference. */
PyObject *pcl_position_object(uint64_t position);

/* Parses algo, a str naming a solver (NULL: the linear one). Returns 0,
 * or -1 with ValueError or TypeError set. */
int pcl_parse_algo(PyObject *obj, coinline_algo_t *algo);

/* The text of field k of a named tuple in its repr: the value's own repr,
 * or another (a State's coins). A new reference, or NULL with an
 * exception set. */
typedef PyObject *(*pcl_field_text_fn)(Py_ssize_t k, PyObject *value);

/* The repr of the named tuple t described by desc: "coinline.Result(n=5,
 * ...)", its fields in the sequence, and after them its other fields
 * (the positions) when its field "rules" is rules other than the
 * classic ones. text gives a field's text (NULL: the values' reprs). */
PyObject *pcl_tuple_repr(PyObject *t, const PyStructSequence_Desc *desc,
                         pcl_field_text_fn text);

/* Gives the named tuple type its __repr__, def: 0, or -1 with an
 * exception set. A Python whose struct sequences cannot take a new
 * __repr__ keeps the default one (the fields in the sequence): a repr is
 * not worth refusing to import over. */
int pcl_set_repr(PyTypeObject *type, PyMethodDef *def);

#endif
