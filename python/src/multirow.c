/* SPDX-License-Identifier: MIT */
/*
 * multirow.c - several rows for Python (include/coinline.h "Several
 * rows": k rows of coins, a move takes the first or the last coin of any
 * row that has coins left): a list of rows read into the library's
 * layout, the rows one after the other and each one's length;
 * solve_rows() over coinline_multirow_solve(), rows_line() over
 * coinline_multirow_line(); and the type RowsResult.
 * Rows are numbered from 0, as Python's lists are (the tool numbers them
 * from 1).
 *
 * Each row is read as pcl_row_from_object() reads a row of the classic
 * game (a list, a range, a buffer, any iterable of ints); its errors,
 * which name "coins[i]", are said again naming "rows[r][i]". What the
 * caller's own objects raise passes unchanged.
 */
#include "multirow.h"

#include <string.h>

#include "common.h"
#include "rows.h"

static PyTypeObject *rows_result_type;

static PyStructSequence_Field rows_result_fields[] = {
    {"n", "the number of coins, all rows together"},
    {"rows", "the number of rows (empty ones included)"},
    {"sum", "the sum of all coins (p1 + p2)"},
    {"p1", "the first player's total with optimal play"},
    {"p2", "the second player's total"},
    {"margin", "p1 - p2, the value of the game"},
    {"winner", "'first', 'second' or 'draw'"},
    {"first_move", "the optimal first move, a pair (row, side): the row "
                   "(0-based) and 'left' or 'right'; None when no coin is "
                   "there. Where several moves are optimal, the end of the "
                   "largest end block of the fused rows (the lowest row on "
                   "a tie, then the left end): with one row it may be the "
                   "other end from solve()'s, as good"},
    {NULL, NULL}};

static PyStructSequence_Desc rows_result_desc = {
    "coinline.RowsResult",
    "RowsResult(sequence, dict={})\n--\n\n"
    "The result of optimal play on several rows: the totals, the margin,\n"
    "the winner and the optimal first move as (row, side). Exact ints; a\n"
    "named tuple.",
    rows_result_fields, 8};

void pcl_rows_release(pcl_rows_t *rows)
{
    PyMem_Free(rows->coins);
    PyMem_Free(rows->lens);
    memset(rows, 0, sizeof *rows);
}

/* Room for need elements of size bytes at *p (*cap of them now): 0, or
 * -1 with MemoryError set. */
static int reserve(void **p, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap)
        return 0;
    const size_t most = (size_t)PY_SSIZE_T_MAX / size;
    size_t c = *cap < 16 ? 16 : *cap;
    while (c < need)
        c = c > most / 2 ? need : 2 * c;
    void *q = need <= most ? PyMem_Realloc(*p, c * size) : NULL;
    if (q == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    *p = q;
    *cap = c;
    return 0;
}

/* The exception raised, taken (none is set after it). */
static PyObject *take_error(void)
{
#if PY_VERSION_HEX >= 0x030C0000
    return PyErr_GetRaisedException();
#else
    PyObject *type, *value, *tb;
    PyErr_Fetch(&type, &value, &tb);
    PyErr_NormalizeException(&type, &value, &tb);
    if (value != NULL && tb != NULL)
        PyException_SetTraceback(value, tb);
    Py_XDECREF(type);
    Py_XDECREF(tb);
    return value;
#endif
}

/* Raises exc again (a reference taken by take_error()). */
static void raise_again(PyObject *exc)
{
#if PY_VERSION_HEX >= 0x030C0000
    PyErr_SetRaisedException(exc);
#else
    PyErr_Restore(Py_NewRef((PyObject *)Py_TYPE(exc)), exc,
                  PyException_GetTraceback(exc));
#endif
}

/* The error of reading row r: pcl_row_from_object()'s own TypeError or
 * OverflowError, whose message names "coins", now names "rows[r]"
 * ("rows[2][1] is float, not an integer ..."). Others pass unchanged. */
static void name_the_row(size_t r)
{
    if (!PyErr_Occurred())
        return;
    PyObject *exc = take_error();
    PyObject *type = exc != NULL ? (PyObject *)Py_TYPE(exc) : NULL;
    PyObject *text = type == PyExc_TypeError || type == PyExc_OverflowError
                         ? PyObject_Str(exc)
                         : NULL;
    const char *s = text != NULL ? PyUnicode_AsUTF8(text) : NULL;
    if (s != NULL && strncmp(s, "coins", 5) == 0) {
        PyErr_Format(type, "rows[%zu]%s", r, s + 5);
        Py_DECREF(exc);
    } else if (exc != NULL) {
        PyErr_Clear(); /* what PyObject_Str() may have raised */
        raise_again(exc);
    }
    Py_XDECREF(text);
}

/* Appends obj, row r, to *rows: 0, or -1 with an exception set. */
static int add_row(pcl_rows_t *rows, PyObject *obj, size_t r)
{
    pcl_row_t row;
    if (PyLong_Check(obj)) {
        PyErr_Format(PyExc_TypeError,
                     "rows[%zu] is %.200s, not a row: give a list of rows, "
                     "each a list of ints, such as [[1, 3, 5], [2, 9]]",
                     r, Py_TYPE(obj)->tp_name);
        return -1;
    }
    if (pcl_row_from_object(obj, &row) < 0) {
        name_the_row(r);
        return -1;
    }
    int rc = reserve((void **)&rows->lens, &rows->cap_k, rows->k + 1,
                     sizeof *rows->lens);
    if (rc == 0 && row.n > (size_t)PY_SSIZE_T_MAX - rows->n) {
        PyErr_NoMemory();
        rc = -1;
    }
    if (rc == 0)
        rc = reserve((void **)&rows->coins, &rows->cap_n, rows->n + row.n,
                     sizeof *rows->coins);
    if (rc == 0) {
        if (row.n > 0)
            memcpy(rows->coins + rows->n, row.coins, row.n * sizeof *row.coins);
        rows->lens[rows->k++] = row.n;
        rows->n += row.n;
        if (row.n > rows->longest)
            rows->longest = row.n;
    }
    pcl_row_release(&row);
    return rc;
}

/* Reads every row of the iterable obj into *rows: 0 or -1. */
static int read_all(PyObject *obj, pcl_rows_t *rows)
{
    static const char want[] =
        "rows must be an iterable of rows (each an iterable of ints), such "
        "as [[1, 3, 5], [2, 9]]";
    if (PyUnicode_Check(obj) ||
        (Py_TYPE(obj)->tp_iter == NULL && !PySequence_Check(obj))) {
        PyErr_Format(PyExc_TypeError, "%s, not %.200s", want,
                     Py_TYPE(obj)->tp_name);
        return -1;
    }
    PyObject *it = PyObject_GetIter(obj); /* what __iter__ raises passes */
    if (it == NULL)
        return -1;
    PyObject *item;
    int rc = 0;
    while (rc == 0 && (item = PyIter_Next(it)) != NULL) {
        rc = add_row(rows, item, rows->k);
        Py_DECREF(item);
    }
    Py_DECREF(it);
    return rc < 0 || PyErr_Occurred() ? -1 : 0;
}

int pcl_rows_from_object(PyObject *obj, pcl_rows_t *rows)
{
    memset(rows, 0, sizeof *rows);
    if (read_all(obj, rows) == 0)
        return 0;
    pcl_rows_release(rows);
    return -1;
}

/* The first move (row, side) of r, or None. */
static PyObject *first_move(const coinline_multirow_result_t *r)
{
    if (r->first_side == COINLINE_SIDE_NONE)
        Py_RETURN_NONE;
    return Py_BuildValue("(KN)", (unsigned long long)r->first_row,
                         pcl_side_object(r->first_side));
}

static PyObject *result_new(const coinline_multirow_result_t *r)
{
    PyObject *t = PyStructSequence_New(rows_result_type);
    if (t == NULL)
        return NULL;
    if (pcl_put(t, 0, PyLong_FromUnsignedLongLong(r->n)) < 0 ||
        pcl_put(t, 1, PyLong_FromUnsignedLongLong(r->rows)) < 0 ||
        pcl_put(t, 2, pcl_int_from_i128(r->sum)) < 0 ||
        pcl_put(t, 3, pcl_int_from_i128(r->p1)) < 0 ||
        pcl_put(t, 4, pcl_int_from_i128(r->p2)) < 0 ||
        pcl_put(t, 5, pcl_int_from_i128(r->margin)) < 0 ||
        pcl_put(t, 6, PyUnicode_FromString(coinline_winner_name(r->winner))) <
            0 ||
        pcl_put(t, 7, first_move(r)) < 0) {
        Py_DECREF(t);
        return NULL;
    }
    return t;
}

static PyObject *py_solve_rows(PyObject *mod, PyObject *args, PyObject *kwargs)
{
    static char *kwlist[] = {"rows", NULL};
    PyObject *obj;
    pcl_rows_t rows;
    coinline_multirow_result_t res;
    int rc;
    (void)mod;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O:solve_rows", kwlist,
                                     &obj) ||
        pcl_rows_from_object(obj, &rows) < 0)
        return NULL;
    if (rows.n >= PCL_GIL_MIN) { /* a private copy: no Python code sees it */
        Py_BEGIN_ALLOW_THREADS rc =
            coinline_multirow_solve(rows.coins, rows.lens, rows.k, &res);
        Py_END_ALLOW_THREADS
    } else {
        rc = coinline_multirow_solve(rows.coins, rows.lens, rows.k, &res);
    }
    pcl_rows_release(&rows);
    return rc == COINLINE_OK ? result_new(&res)
                             : pcl_raise(rc, "solve_rows", NULL);
}

/* The line of n moves (rows[m], sides[m]) as a list of pairs. */
static PyObject *line_list(const uint64_t *rows, const char *sides, size_t n)
{
    PyObject *list = PyList_New((Py_ssize_t)n);
    for (size_t m = 0; list != NULL && m < n; m++) {
        PyObject *pair = Py_BuildValue("(Ks)", (unsigned long long)rows[m],
                                       sides[m] == 'L' ? "left" : "right");
        if (pair == NULL) {
            Py_CLEAR(list);
            break;
        }
        PyList_SET_ITEM(list, (Py_ssize_t)m, pair);
    }
    return list;
}

static PyObject *py_rows_line(PyObject *mod, PyObject *args, PyObject *kwargs)
{
    static char *kwlist[] = {"rows", NULL};
    PyObject *obj, *out = NULL;
    pcl_rows_t rows;
    int rc = COINLINE_ENOMEM;
    (void)mod;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O:rows_line", kwlist,
                                     &obj) ||
        pcl_rows_from_object(obj, &rows) < 0)
        return NULL;
    uint64_t *line = PyMem_Malloc((rows.n + 1) * sizeof *line);
    char *sides = PyMem_Malloc(rows.n + 1);
    if (line != NULL && sides != NULL) {
        Py_BEGIN_ALLOW_THREADS rc =
            coinline_multirow_line(rows.coins, rows.lens, rows.k, line, sides);
        Py_END_ALLOW_THREADS
    }
    if (rc == COINLINE_OK)
        out = line_list(line, sides, rows.n);
    else if (rc == COINLINE_ENOMEM)
        PyErr_NoMemory();
    else
        pcl_raise(rc, "rows_line", NULL);
    PyMem_Free(line);
    PyMem_Free(sides);
    pcl_rows_release(&rows);
    return out;
}

static PyMethodDef multirow_methods[] = {
    {"rows_line", (PyCFunction)(void (*)(void))py_rows_line,
     METH_VARARGS | METH_KEYWORDS,
     "rows_line($module, /, rows)\n--\n\n"
     "The optimal line of play on several rows (as solve_rows() reads\n"
     "them): a list of n moves (row, side), rows from 0, each the move\n"
     "RowsGame.state().best names at that position. Cost: O(n log n).\n"
     "Raises as solve_rows()."},
    {"solve_rows", (PyCFunction)(void (*)(void))py_solve_rows,
     METH_VARARGS | METH_KEYWORDS,
     "solve_rows($module, /, rows)\n--\n\n"
     "Optimal play on several rows, a RowsResult: a move takes the first\n"
     "or the last coin of any row that has coins left (the contest task\n"
     "'Termity'); with one row it is the classic game. rows: an iterable\n"
     "of rows (lists of ints, or anything solve() reads as a row; an\n"
     "empty row is fine), numbered from 0. Gives both totals, the margin,\n"
     "the winner and the optimal first move as (row, side), exact.\n"
     "Cost: O(n log n) for n coins in all, 16 bytes a coin. Raises\n"
     "TypeError for a row or an element that is no integer, OverflowError\n"
     "for an element outside int64 (both naming it: rows[2][1]),\n"
     "MemoryError. Long games are solved with the GIL released."},
    {NULL, NULL, 0, NULL}};

int pcl_multirow_add(PyObject *m)
{
    rows_result_type = PyStructSequence_NewType(&rows_result_desc);
    if (rows_result_type == NULL ||
        PyModule_AddObjectRef(m, "RowsResult", (PyObject *)rows_result_type) <
            0 ||
        PyModule_AddFunctions(m, multirow_methods) < 0)
        return -1;
    return 0;
}
