/* SPDX-License-Identifier: MIT */
/*
 * circle.c - the circular game (Winkler's pizza problem) for Python, as
 * it was before the rules argument: circle_solve, circle_margins,
 * circle_line and circle_rotate, and the type CircleResult. solve(),
 * line() and Game with rules='circle' say the same over any rules;
 * circle_solve and circle_line are thin wrappers over those library calls
 * (coinline_game_solve(), coinline_game_line()) with the circle's rules.
 */
#include "circle.h"

#include <string.h>

#include "common.h"
#include "rows.h"

static PyTypeObject *circle_result_type;

static PyStructSequence_Field circle_result_fields[] = {
    {"n", "the number of coins"},
    {"sum", "the sum of all coins, p1 + p2"},
    {"p1", "the first player's total with optimal play"},
    {"p2", "the second player's total"},
    {"margin", "p1 - p2, the value of the circle"},
    {"winner", "'first', 'second' or 'draw'"},
    {"first", "the optimal first position, 1-based (the smallest of ties); "
              "None for no coins"},
    {NULL, NULL}};

static PyStructSequence_Desc circle_result_desc = {
    "coinline.CircleResult",
    "CircleResult(sequence, dict={})\n--\n\n"
    "The result of optimal play on a circle. Exact ints; a named tuple.",
    circle_result_fields, 7};

static const coinline_rules_t circle_rules =
    COINLINE_RULES_INIT(COINLINE_SHAPE_CIRCLE, COINLINE_SCORE_TAKEN);

static PyObject *circle_result_new(const coinline_game_result_t *r)
{
    PyObject *t = PyStructSequence_New(circle_result_type);
    if (t == NULL)
        return NULL;
    PyObject *first = r->first > 0 ? PyLong_FromUnsignedLongLong(r->first)
                                   : Py_NewRef(Py_None);
    if (pcl_put(t, 0, PyLong_FromUnsignedLongLong(r->n)) < 0 ||
        pcl_put(t, 1, pcl_int_from_i128(r->sum)) < 0 ||
        pcl_put(t, 2, pcl_int_from_i128(r->p1)) < 0 ||
        pcl_put(t, 3, pcl_int_from_i128(r->p2)) < 0 ||
        pcl_put(t, 4, pcl_int_from_i128(r->margin)) < 0 ||
        pcl_put(t, 5, PyUnicode_FromString(coinline_winner_name(r->winner))) <
            0 ||
        pcl_put(t, 6, first) < 0) {
        Py_DECREF(t);
        return NULL;
    }
    return t;
}

/* Reads coins and algo of a call named what: 0, or -1 with an exception
 * set (and nothing held). */
static int read_args(PyObject *args, PyObject *kwargs, const char *format,
                     pcl_row_t *row, coinline_algo_t *algo)
{
    static char *kwlist[] = {"coins", "algo", NULL};
    PyObject *coins, *algo_obj = NULL;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, format, kwlist, &coins,
                                     &algo_obj) ||
        pcl_parse_algo(algo_obj, algo) < 0)
        return -1;
    return pcl_row_from_object(coins, row);
}

static PyObject *py_circle_solve(PyObject *mod, PyObject *args,
                                 PyObject *kwargs)
{
    coinline_algo_t algo;
    coinline_game_result_t res;
    pcl_row_t row;
    int rc;
    (void)mod;
    if (read_args(args, kwargs, "O|O:circle_solve", &row, &algo) < 0)
        return NULL;
    PCL_ON_ROW(&row, rc = coinline_game_solve(&circle_rules, row.coins, row.n,
                                              algo, &res));
    const size_t n = row.n;
    pcl_row_release(&row);
    return rc == COINLINE_OK
               ? circle_result_new(&res)
               : pcl_raise_solver(rc, "circle_solve", &circle_rules, PCL_VALUE,
                                  algo, n);
}

static PyObject *int_list(const coinline_i128_t *v, size_t n)
{
    PyObject *list = PyList_New((Py_ssize_t)n);
    for (size_t i = 0; list != NULL && i < n; i++) {
        PyObject *x = pcl_int_from_i128(v[i]);
        if (x == NULL) {
            Py_CLEAR(list);
            break;
        }
        PyList_SET_ITEM(list, (Py_ssize_t)i, x);
    }
    return list;
}

static PyObject *py_circle_margins(PyObject *mod, PyObject *args,
                                   PyObject *kwargs)
{
    coinline_algo_t algo;
    pcl_row_t row;
    PyObject *out = NULL;
    int rc;
    (void)mod;
    if (read_args(args, kwargs, "O|O:circle_margins", &row, &algo) < 0)
        return NULL;
    coinline_i128_t *m = PyMem_RawMalloc((row.n > 0 ? row.n : 1) * sizeof *m);
    if (m == NULL) {
        pcl_row_release(&row);
        return PyErr_NoMemory();
    }
    PCL_ON_ROW(&row, rc = coinline_circle_margins(row.coins, row.n, algo, m));
    if (rc == COINLINE_OK)
        out = int_list(m, row.n);
    else
        pcl_raise_solver(rc, "circle_margins", &circle_rules, PCL_VALUE, algo,
                         row.n);
    PyMem_RawFree(m);
    pcl_row_release(&row);
    return out;
}

/* The pair (first, moves) of circle_line from the positions of the
 * optimal line of a circle of n coins. */
static PyObject *line_pair(const uint64_t *positions, size_t n)
{
    if (n == 0)
        return Py_BuildValue("(Os)", Py_None, "");
    /* "FIRST:" then one letter a move: n + 21 bytes (include/coinline.h). */
    char *text = PyMem_RawMalloc(n + 22);
    if (text == NULL)
        return PyErr_NoMemory();
    const int len =
        coinline_positions_text(&circle_rules, n, positions, n, text, n + 22);
    const char *colon = len > 0 ? strchr(text, ':') : NULL;
    PyObject *out =
        colon != NULL
            ? Py_BuildValue("(Ks)", (unsigned long long)positions[0], colon + 1)
            : pcl_raise(len < 0 ? len : COINLINE_EINVAL, "circle_line", NULL);
    PyMem_RawFree(text);
    return out;
}

static PyObject *py_circle_line(PyObject *mod, PyObject *args, PyObject *kwargs)
{
    coinline_algo_t algo;
    pcl_row_t row;
    PyObject *out = NULL;
    int rc;
    (void)mod;
    if (read_args(args, kwargs, "O|O:circle_line", &row, &algo) < 0)
        return NULL;
    uint64_t *positions =
        row.n < PY_SSIZE_T_MAX / sizeof *positions
            ? PyMem_RawMalloc((row.n > 0 ? row.n : 1) * sizeof *positions)
            : NULL;
    if (positions == NULL) {
        pcl_row_release(&row);
        return PyErr_NoMemory();
    }
    PCL_ON_ROW(&row, rc = coinline_game_line(&circle_rules, row.coins, row.n,
                                             algo, positions));
    if (rc == COINLINE_OK)
        out = line_pair(positions, row.n);
    else
        pcl_raise_solver(rc, "circle_line", &circle_rules, PCL_LINE, algo,
                         row.n);
    PyMem_RawFree(positions);
    pcl_row_release(&row);
    return out;
}

static PyObject *py_circle_rotate(PyObject *mod, PyObject *args,
                                  PyObject *kwargs)
{
    static char *kwlist[] = {"coins", "first", NULL};
    PyObject *coins, *out = NULL;
    Py_ssize_t first;
    pcl_row_t row;
    (void)mod;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "On:circle_rotate", kwlist,
                                     &coins, &first) ||
        pcl_row_from_object(coins, &row) < 0)
        return NULL;
    if (first < 1 || (size_t)first > row.n) {
        PyErr_Format(PyExc_ValueError,
                     "circle_rotate: first = %zd: need 1 <= first <= "
                     "len(coins) = %zu",
                     first, row.n);
        pcl_row_release(&row);
        return NULL;
    }
    int64_t *line = PyMem_RawMalloc(row.n * sizeof *line);
    if (line == NULL) {
        pcl_row_release(&row);
        return PyErr_NoMemory();
    }
    coinline_circle_rotate(row.coins, row.n, (uint64_t)first, line);
    out = pcl_coin_list(line, row.n - 1);
    PyMem_RawFree(line);
    pcl_row_release(&row);
    return out;
}

/* clang-format off */
static PyMethodDef circle_methods[] = {
    {"circle_solve", (PyCFunction)(void (*)(void))py_circle_solve,
     METH_VARARGS | METH_KEYWORDS,
     "circle_solve($module, /, coins, algo='linear')\n--\n\n"
     "Optimal play on a circle (Winkler's pizza problem), a CircleResult:\n"
     "the coins lie at positions 1..n clockwise; the first player takes the\n"
     "coin at any position p; the coins left form a line clockwise from\n"
     "p + 1 round to p - 1, on which the ordinary game goes on, the second\n"
     "player to move. Both totals, the margin, the winner and the optimal\n"
     "first position (the smallest of ties), exact. algo: 'linear'\n"
     "(O(n log n), the default), 'dp' (O(n^2), over arcs) or 'brute' (at\n"
     "most BRUTE_MAX + 1 = 26 coins). Raises as solve() does."},
    {"circle_margins", (PyCFunction)(void (*)(void))py_circle_margins,
     METH_VARARGS | METH_KEYWORDS,
     "circle_margins($module, /, coins, algo='linear')\n--\n\n"
     "A list of ints: for every first position p (1-based), item p - 1 is\n"
     "the first player's final margin (p1 - p2) when the first coin is\n"
     "taken at p and both play optimally after it. The largest is the\n"
     "circle's margin; a first move at p loses (largest - item) / 2 points."},
    {"circle_line", (PyCFunction)(void (*)(void))py_circle_line,
     METH_VARARGS | METH_KEYWORDS,
     "circle_line($module, /, coins, algo='linear')\n--\n\n"
     "The optimal play of a circle, a pair (first, moves): the first\n"
     "position (None for no coins) and the moves after it on the line left,\n"
     "a str of one 'L' or 'R' each (the left end is the coin after the\n"
     "first one clockwise)."},
    {"circle_rotate", (PyCFunction)(void (*)(void))py_circle_rotate,
     METH_VARARGS | METH_KEYWORDS,
     "circle_rotate($module, /, coins, first)\n--\n\n"
     "The line left once the coin at position first (1-based) is taken, a\n"
     "list of ints: the coins clockwise from first + 1. An Engine on it\n"
     "answers every later position of the game. Raises ValueError unless\n"
     "1 <= first <= len(coins)."},
    {NULL, NULL, 0, NULL}};
/* clang-format on */

int pcl_circle_add(PyObject *m)
{
    circle_result_type = PyStructSequence_NewType(&circle_result_desc);
    if (circle_result_type == NULL ||
        PyModule_AddObjectRef(m, "CircleResult",
                              (PyObject *)circle_result_type) < 0 ||
        PyModule_AddFunctions(m, circle_methods) < 0)
        return -1;
    return 0;
}
