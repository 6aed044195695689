/* SPDX-License-Identifier: MIT */
/*
 * module.c - coinline._coinline, the Python module over libcoinline: the
 * solvers (solve, best_move, line), the review of a played game
 * (analyze), the random rows of coinline gen, and the types of engine.c,
 * strategy.c and circle.c (the circular game). The package coinline
 * (coinline/__init__.py) adds what
 * is plain Python on top: the duel, and an Engine that iterates.
 *
 * Rows of PCL_GIL_MIN coins or more are solved with the GIL released when
 * they are a private copy (pcl_row_unlocked): a row read in place from a
 * caller's int64 buffer keeps the GIL, so that no Python thread writes to
 * it while the library reads it.
 */
#include <string.h>

#include "circle.h"
#include "common.h"
#include "engine.h"
#include "rows.h"
#include "strategy.h"

static PyTypeObject *result_type, *review_type;

static PyStructSequence_Field result_fields[] = {
    {"n", "the number of coins"},
    {"sum", "the sum of all coins, p1 + p2"},
    {"p1", "the first player's total with optimal play"},
    {"p2", "the second player's total"},
    {"margin", "p1 - p2, the value of the game"},
    {"winner", "'first', 'second' or 'draw'"},
    {"first_move", "an optimal first move, 'left' or 'right' (ties to the "
                   "left); None for an empty row"},
    {NULL, NULL}};

static PyStructSequence_Desc result_desc = {
    "coinline.Result",
    "Result(sequence, dict={})\n--\n\n"
    "The result of optimal play on a row. Exact ints; a named tuple.",
    result_fields, 7};

static PyStructSequence_Field review_fields[] = {
    {"number", "the move's number, from 1"},
    {"player", "who moved: 1 or 2"},
    {"side", "the move played, 'left' or 'right'"},
    {"coin", "the coin it took"},
    {"best", "the optimal move there, 'left' or 'right' (ties to the left)"},
    {"best_coin", "the coin the optimal move takes"},
    {"optimal", "True when the move lost nothing (on a tie, side may differ "
                "from best)"},
    {"loss", "points of the mover's final total the move gave away, >= 0"},
    {"secured", "the mover's guaranteed final total before the move"},
    {"p1", "the first player's total after the move"},
    {"p2", "the second player's total after the move"},
    {"final_margin", "p1 - p2 at the end if both play optimally after it"},
    {NULL, NULL}};

static PyStructSequence_Desc review_desc = {
    "coinline.Review",
    "Review(sequence, dict={})\n--\n\n"
    "One move of a played game judged against best play. Exact ints; a "
    "named tuple.",
    review_fields, 12};

static PyObject *result_new(const coinline_result_t *r)
{
    PyObject *t = PyStructSequence_New(result_type);
    if (t == NULL)
        return NULL;
    if (pcl_put(t, 0, PyLong_FromUnsignedLongLong(r->n)) < 0 ||
        pcl_put(t, 1, pcl_int_from_i128(r->sum)) < 0 ||
        pcl_put(t, 2, pcl_int_from_i128(r->p1)) < 0 ||
        pcl_put(t, 3, pcl_int_from_i128(r->p2)) < 0 ||
        pcl_put(t, 4, pcl_int_from_i128(r->margin)) < 0 ||
        pcl_put(t, 5, PyUnicode_FromString(coinline_winner_name(r->winner))) <
            0 ||
        pcl_put(t, 6, pcl_side_object(r->first_move)) < 0) {
        Py_DECREF(t);
        return NULL;
    }
    return t;
}

static PyObject *py_solve(PyObject *mod, PyObject *args, PyObject *kwargs)
{
    static char *kwlist[] = {"coins", "algo", NULL};
    PyObject *coins, *algo_obj = NULL;
    coinline_algo_t algo;
    pcl_row_t row;
    coinline_result_t res;
    int rc;
    (void)mod;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O|O:solve", kwlist, &coins,
                                     &algo_obj) ||
        pcl_parse_algo(algo_obj, &algo) < 0)
        return NULL;
    if (pcl_row_from_object(coins, &row) < 0)
        return NULL;
    PCL_ON_ROW(&row, rc = coinline_solve(row.coins, row.n, algo, &res));
    const size_t n = row.n;
    pcl_row_release(&row);
    return rc == COINLINE_OK ? result_new(&res)
                             : pcl_raise_solver(rc, "solve", PCL_ROW, algo, n);
}

/* Reads lo and hi (None: the end) of a sub-row of n coins. */
static int sub_row(PyObject *lo_obj, PyObject *hi_obj, size_t n, size_t *lo,
                   size_t *hi)
{
    Py_ssize_t l = 0, h = (Py_ssize_t)n;
    if (lo_obj != NULL && lo_obj != Py_None &&
        (l = PyNumber_AsSsize_t(lo_obj, PyExc_OverflowError)) == -1 &&
        PyErr_Occurred())
        return -1;
    if (hi_obj != NULL && hi_obj != Py_None &&
        (h = PyNumber_AsSsize_t(hi_obj, PyExc_OverflowError)) == -1 &&
        PyErr_Occurred())
        return -1;
    if (l < 0 || l > h || (size_t)h > n) {
        PyErr_Format(PyExc_ValueError,
                     "best_move: lo = %zd and hi = %zd: need 0 <= lo <= hi <= "
                     "len(coins) = %zu",
                     l, h, n);
        return -1;
    }
    *lo = (size_t)l;
    *hi = (size_t)h;
    return 0;
}

static PyObject *py_best_move(PyObject *mod, PyObject *args, PyObject *kwargs)
{
    static char *kwlist[] = {"coins", "lo", "hi", "algo", NULL};
    PyObject *coins, *lo_obj = NULL, *hi_obj = NULL, *algo_obj = NULL;
    coinline_algo_t algo;
    pcl_row_t row;
    size_t lo = 0, hi = 0;
    coinline_side_t side = COINLINE_SIDE_NONE;
    coinline_i128_t margin;
    int rc;
    (void)mod;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O|OO$O:best_move", kwlist,
                                     &coins, &lo_obj, &hi_obj, &algo_obj) ||
        pcl_parse_algo(algo_obj, &algo) < 0)
        return NULL;
    if (pcl_row_from_object(coins, &row) < 0 ||
        sub_row(lo_obj, hi_obj, row.n, &lo, &hi) < 0) {
        pcl_row_release(&row);
        return NULL;
    }
    PCL_ON_ROW(&row, rc = coinline_best_move(row.coins, row.n, lo, hi, algo,
                                             &side, &margin));
    pcl_row_release(&row);
    if (rc != COINLINE_OK)
        return pcl_raise_solver(rc, "best_move", PCL_ROW, algo, hi - lo);
    PyObject *s = pcl_side_object(side), *m = pcl_int_from_i128(margin);
    PyObject *pair = s != NULL && m != NULL ? PyTuple_Pack(2, s, m) : NULL;
    Py_XDECREF(s);
    Py_XDECREF(m);
    return pair;
}

static PyObject *py_line(PyObject *mod, PyObject *args, PyObject *kwargs)
{
    static char *kwlist[] = {"coins", "algo", NULL};
    PyObject *coins, *algo_obj = NULL, *out = NULL;
    coinline_algo_t algo;
    pcl_row_t row;
    int rc;
    (void)mod;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O|O:line", kwlist, &coins,
                                     &algo_obj) ||
        pcl_parse_algo(algo_obj, &algo) < 0)
        return NULL;
    if (pcl_row_from_object(coins, &row) < 0)
        return NULL;
    char *moves = PyMem_RawMalloc(row.n + 1);
    if (moves == NULL) {
        pcl_row_release(&row);
        return PyErr_NoMemory();
    }
    PCL_ON_ROW(&row, rc = coinline_line(row.coins, row.n, algo, moves));
    if (rc == COINLINE_OK)
        out = PyUnicode_FromStringAndSize(moves, (Py_ssize_t)row.n);
    else
        pcl_raise_solver(rc, "line", PCL_LINE, algo, row.n);
    PyMem_RawFree(moves);
    pcl_row_release(&row);
    return out;
}

static PyObject *review_new(const coinline_move_review_t *r)
{
    PyObject *t = PyStructSequence_New(review_type);
    if (t == NULL)
        return NULL;
    if (pcl_put(t, 0, PyLong_FromUnsignedLongLong(r->number)) < 0 ||
        pcl_put(t, 1, PyLong_FromLong(r->player)) < 0 ||
        pcl_put(t, 2, pcl_side_object(r->side)) < 0 ||
        pcl_put(t, 3, PyLong_FromLongLong(r->coin)) < 0 ||
        pcl_put(t, 4, pcl_side_object(r->best)) < 0 ||
        pcl_put(t, 5, PyLong_FromLongLong(r->best_coin)) < 0 ||
        pcl_put(t, 6, PyBool_FromLong(r->optimal)) < 0 ||
        pcl_put(t, 7, pcl_int_from_i128(r->loss)) < 0 ||
        pcl_put(t, 8, pcl_int_from_i128(r->secured)) < 0 ||
        pcl_put(t, 9, pcl_int_from_i128(r->p1)) < 0 ||
        pcl_put(t, 10, pcl_int_from_i128(r->p2)) < 0 ||
        pcl_put(t, 11, pcl_int_from_i128(r->final_margin)) < 0) {
        Py_DECREF(t);
        return NULL;
    }
    return t;
}

/* The reviews out[0..count-1] as a list. */
static PyObject *review_list(const coinline_move_review_t *out, size_t count)
{
    PyObject *list = PyList_New((Py_ssize_t)count);
    for (size_t k = 0; list != NULL && k < count; k++) {
        PyObject *r = review_new(&out[k]);
        if (r == NULL)
            Py_CLEAR(list);
        else
            PyList_SET_ITEM(list, (Py_ssize_t)k, r);
    }
    return list;
}

/* analyze's work once its arguments are read: moves[0..nmoves-1]. */
static PyObject *review_game(const pcl_row_t *row, const char *moves,
                             size_t nmoves)
{
    coinline_error_t err;
    int rc = COINLINE_ENOMEM;
    PyObject *list = NULL;
    /* More moves than coins are refused before anything is written: room
     * for n + 1 reviews is enough then, whatever the length of moves. */
    const size_t room = nmoves <= row->n ? nmoves : row->n + 1;
    coinline_move_review_t *out =
        PyMem_RawCalloc(room > 0 ? room : 1, sizeof *out);
    if (out != NULL)
        PCL_ON_ROW(row, rc = coinline_analyze(row->coins, row->n, moves, nmoves,
                                              out, &err));
    if (rc == COINLINE_OK)
        list = review_list(out, nmoves);
    else if (rc == COINLINE_EMOVE)
        pcl_raise(rc, "analyze", &err);
    else
        pcl_raise_solver(rc, "analyze", PCL_LINE, COINLINE_ALGO_LINEAR, row->n);
    PyMem_RawFree(out);
    return list;
}

static PyObject *py_analyze(PyObject *mod, PyObject *args, PyObject *kwargs)
{
    static char *kwlist[] = {"coins", "moves", NULL};
    PyObject *coins, *moves_obj, *out = NULL;
    pcl_row_t row;
    (void)mod;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OU:analyze", kwlist, &coins,
                                     &moves_obj))
        return NULL;
    Py_ssize_t nmoves;
    const char *moves = PyUnicode_AsUTF8AndSize(moves_obj, &nmoves);
    if (moves == NULL)
        return NULL;
    if (pcl_row_from_object(coins, &row) == 0)
        out = review_game(&row, moves, (size_t)nmoves);
    pcl_row_release(&row);
    return out;
}

/* Reads an int64 argument named what into *out: 0 or -1. */
static int int64_arg(PyObject *obj, const char *what, int64_t *out)
{
    int overflow = 0;
    const long long v = PyLong_AsLongLongAndOverflow(obj, &overflow);
    if (overflow != 0)
        PyErr_Format(PyExc_OverflowError,
                     "%s = %R does not fit in a signed 64-bit integer", what,
                     obj);
    if (overflow != 0 || (v == -1 && PyErr_Occurred()))
        return -1;
    *out = (int64_t)v;
    return 0;
}

/* One row of random_rows, drawn from *state. */
static PyObject *random_list(uint64_t *state, int64_t lo, int64_t hi,
                             int64_t *buf, size_t n)
{
    coinline_random_row(state, lo, hi, buf, n);
    PyObject *list = PyList_New((Py_ssize_t)n);
    for (size_t i = 0; list != NULL && i < n; i++) {
        PyObject *v = PyLong_FromLongLong(buf[i]);
        if (v == NULL)
            Py_CLEAR(list);
        else
            PyList_SET_ITEM(list, (Py_ssize_t)i, v);
    }
    return list;
}

static PyObject *py_random_rows(PyObject *mod, PyObject *args, PyObject *kwargs)
{
    static char *kwlist[] = {"games", "coins", "min", "max", "seed", NULL};
    Py_ssize_t games, coins;
    PyObject *min_obj = NULL, *max_obj = NULL, *seed_obj = NULL;
    int64_t lo = 1, hi = 100;
    (void)mod;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "nn|OOO!:random_rows",
                                     kwlist, &games, &coins, &min_obj, &max_obj,
                                     &PyLong_Type, &seed_obj) ||
        (min_obj != NULL && int64_arg(min_obj, "min", &lo) < 0) ||
        (max_obj != NULL && int64_arg(max_obj, "max", &hi) < 0))
        return NULL;
    if (games < 0 || coins < 0 || lo > hi)
        return PyErr_Format(PyExc_ValueError,
                            "random_rows: need games >= 0, coins >= 0 and min "
                            "<= max (got %zd, %zd, %lld, %lld)",
                            games, coins, (long long)lo, (long long)hi);
    uint64_t state =
        seed_obj != NULL ? PyLong_AsUnsignedLongLongMask(seed_obj) : 1;
    if (PyErr_Occurred())
        return NULL;
    /* coins + 1 values of 8 bytes: refused before the product wraps. */
    int64_t *buf = (size_t)coins < PY_SSIZE_T_MAX / sizeof *buf - 1
                       ? PyMem_Malloc(((size_t)coins + 1) * sizeof *buf)
                       : NULL;
    PyObject *rows = buf != NULL ? PyList_New(games) : PyErr_NoMemory();
    for (Py_ssize_t g = 0; rows != NULL && g < games; g++) {
        PyObject *r = random_list(&state, lo, hi, buf, (size_t)coins);
        if (r == NULL)
            Py_CLEAR(rows);
        else
            PyList_SET_ITEM(rows, g, r);
    }
    PyMem_Free(buf);
    return rows;
}

static PyObject *py_random_next(PyObject *mod, PyObject *state_obj)
{
    (void)mod;
    if (!PyLong_Check(state_obj))
        return PyErr_Format(PyExc_TypeError, "state must be an int, not %.200s",
                            Py_TYPE(state_obj)->tp_name);
    uint64_t state = PyLong_AsUnsignedLongLongMask(state_obj);
    if (state == (uint64_t)-1 && PyErr_Occurred())
        return NULL;
    const uint64_t v = coinline_random_next(&state);
    return Py_BuildValue("(KK)", (unsigned long long)v,
                         (unsigned long long)state);
}

static PyMethodDef module_methods[] = {
    {"solve", (PyCFunction)(void (*)(void))py_solve,
     METH_VARARGS | METH_KEYWORDS,
     "solve($module, /, coins, algo='linear')\n--\n\n"
     "Optimal play on a row, a Result: both totals, the margin, the winner\n"
     "and an optimal first move, exact whatever the size of the totals.\n"
     "coins: any iterable of ints in int64 (a list, a tuple, a range, an\n"
     "array.array, a NumPy integer array: a contiguous int64 buffer is read\n"
     "in place). algo: 'linear' (O(n), the default), 'dp' (O(n^2)) or\n"
     "'brute' (O(2^n), at most BRUTE_MAX = 25 coins). Raises TypeError for\n"
     "an element that is not an integer, OverflowError for one outside\n"
     "int64, both naming it; ValueError for a bad algo or a row too long\n"
     "for 'brute'; MemoryError. Long rows are solved with the GIL released."},
    {"best_move", (PyCFunction)(void (*)(void))py_best_move,
     METH_VARARGS | METH_KEYWORDS,
     "best_move($module, /, coins, lo=0, hi=None, *, algo='linear')\n--\n\n"
     "A pair (side, margin): the optimal move for the player to move on\n"
     "the coins coins[lo:hi] (hi None: to the end), 'left' or 'right' (ties\n"
     "to the left; None for no coin), and the margin (own final total minus\n"
     "the other's, on those coins) it secures. The strategy of either\n"
     "player at any position. Cost: O(hi - lo). Raises ValueError unless\n"
     "0 <= lo <= hi <= len(coins)."},
    {"line", (PyCFunction)(void (*)(void))py_line, METH_VARARGS | METH_KEYWORDS,
     "line($module, /, coins, algo='linear')\n--\n\n"
     "The optimal line of play, a str of one 'L' or 'R' per coin, each the\n"
     "move of best_move at its position (ties to the left). Cost:\n"
     "O(n log n) and about 150 bytes a coin with 'linear'; 'dp' is O(n^2)\n"
     "(at most 185363 coins), 'brute' O(2^n) (at most 25)."},
    {"analyze", (PyCFunction)(void (*)(void))py_analyze,
     METH_VARARGS | METH_KEYWORDS,
     "analyze($module, /, coins, moves)\n--\n\n"
     "A list of Reviews, one a move: replays moves (a str of 'L' and 'R',\n"
     "lower case accepted; a partial game is fine) on the row and judges\n"
     "every move against best play: the optimal move there, the points lost\n"
     "(0 for an optimal move), the totals after it. Each player's total =\n"
     "its total with best play - its own losses + the other's. Raises\n"
     "ValueError naming the first bad move, or one move too many.\n"
     "Cost: O((n + moves) log n)."},
    {"random_rows", (PyCFunction)(void (*)(void))py_random_rows,
     METH_VARARGS | METH_KEYWORDS,
     "random_rows($module, /, games, coins, min=1, max=100, seed=1)\n--\n\n"
     "A list of games random rows (lists of ints) of coins coins each,\n"
     "uniform in [min, max]: the rows of 'coinline gen -g GAMES -n COINS\n"
     "--min MIN --max MAX --seed SEED', and of coinline duel with the same\n"
     "options. seed is taken modulo 2**64."},
    {"random_next", py_random_next, METH_O,
     "random_next($module, state, /)\n--\n\n"
     "One step of splitmix64, the generator of coinline: a pair (value,\n"
     "next_state), the value drawn from state and the state after it (ints\n"
     "modulo 2**64)."},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT,
    "coinline._coinline",
    "The C core of coinline: libcoinline for Python. Use the package\n"
    "coinline, which exports all of it.",
    -1,
    module_methods,
    NULL,
    NULL,
    NULL,
    NULL};

/* The types of this file: 0 or -1. */
static int add_types(PyObject *m)
{
    result_type = PyStructSequence_NewType(&result_desc);
    review_type = PyStructSequence_NewType(&review_desc);
    if (result_type == NULL || review_type == NULL)
        return -1;
    if (PyModule_AddObjectRef(m, "Result", (PyObject *)result_type) < 0 ||
        PyModule_AddObjectRef(m, "Review", (PyObject *)review_type) < 0)
        return -1;
    return 0;
}

PyMODINIT_FUNC PyInit__coinline(void)
{
    PyObject *m = PyModule_Create(&module_def);
    if (m == NULL)
        return NULL;
    if (add_types(m) < 0 || pcl_engine_add_types(m) < 0 ||
        pcl_strategy_add_type(m) < 0 || pcl_circle_add(m) < 0 ||
        PyModule_AddStringConstant(m, "__version__",
                                   coinline_version_string()) < 0 ||
        PyModule_AddIntConstant(m, "BRUTE_MAX", COINLINE_BRUTE_MAX) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
