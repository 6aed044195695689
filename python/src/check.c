/* SPDX-License-Identifier: MIT */
/*
 * check.c - the library's check (include/coinline.h, "Checking a
 * solution") for coinline.check(): the games of a plan one at a time,
 * the shrinking of a failing row by a Python callable that says whether
 * a row still fails, and the growth of measured times. The judging (the
 * answers, crashes, time-outs) is Python's, in coinline/_check.py; the
 * games, the shrinking and the growth are the library's, so that Python
 * and coinline check play the same games and report the same small rows.
 *
 * A plan is a tuple (min, max, max_n, even, allow_empty, seed), checked
 * here with messages that name the bad value. The shrinking calls back
 * into Python with the GIL held throughout; what the callable raises
 * stops it (PCL_EPYTHON through the library) and is raised again.
 */
#include "check.h"

#include <limits.h>
#include <string.h>

#include "common.h"
#include "rows.h"

/* Reads the plan tuple obj into *p: 0, or -1 with an exception set. */
static int parse_plan(PyObject *obj, coinline_check_plan_t *p)
{
    PyObject *min, *max, *seed;
    Py_ssize_t max_n;
    int even, empty;
    if (!PyTuple_Check(obj) || PyTuple_GET_SIZE(obj) != 6) {
        PyErr_SetString(PyExc_TypeError, "plan is a tuple (min, max, max_n, "
                                         "even, allow_empty, seed)");
        return -1;
    }
    if (!PyArg_ParseTuple(obj, "OOnppO!:plan", &min, &max, &max_n, &even,
                          &empty, &PyLong_Type, &seed) ||
        pcl_int64_arg(min, "min", &p->min) < 0 ||
        pcl_int64_arg(max, "max", &p->max) < 0)
        return -1;
    p->seed = PyLong_AsUnsignedLongLongMask(seed); /* modulo 2^64 */
    if (p->seed == (uint64_t)-1 && PyErr_Occurred())
        return -1;
    p->max_n = (size_t)max_n;
    p->even = even;
    p->allow_empty = empty;
    if (p->min > p->max)
        PyErr_Format(PyExc_ValueError, "min (%lld) is larger than max (%lld)",
                     (long long)p->min, (long long)p->max);
    else if (max_n < 1 || (uint64_t)max_n > COINLINE_CHECK_N_MAX)
        PyErr_Format(PyExc_ValueError, "max_n = %zd: need 1 <= max_n <= 2**28",
                     max_n);
    else if (even && max_n < 2)
        PyErr_SetString(PyExc_ValueError, "even=True needs max_n >= 2");
    return PyErr_Occurred() ? -1 : 0;
}

static PyObject *py_check_count(PyObject *mod, PyObject *args, PyObject *kwargs)
{
    static char *kwlist[] = {"plan", NULL};
    PyObject *plan_obj;
    coinline_check_plan_t plan;
    uint64_t count = 0;
    (void)mod;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O:check_count", kwlist,
                                     &plan_obj) ||
        parse_plan(plan_obj, &plan) < 0)
        return NULL;
    const int rc = coinline_check_count(&plan, &count);
    if (rc != COINLINE_OK)
        return pcl_raise(rc, "check_count", NULL);
    return PyLong_FromUnsignedLongLong(count);
}

/* Game k of plan as (kind, coins). The first call learns the size. */
static PyObject *game_of(const coinline_check_plan_t *plan, uint64_t k)
{
    size_t n = 0;
    coinline_check_kind_t kind = COINLINE_CHECK_EDGE;
    int rc = coinline_check_game(plan, k, NULL, 0, &n, &kind);
    int64_t *coins = NULL;
    if (rc == COINLINE_ETOOBIG) {
        coins = PyMem_Malloc(n * sizeof *coins);
        if (coins == NULL)
            return PyErr_NoMemory();
        rc = coinline_check_game(plan, k, coins, n, &n, &kind);
    }
    PyObject *out = NULL;
    if (rc == COINLINE_EINVAL)
        PyErr_Format(PyExc_IndexError,
                     "check_game: no game %llu in the plan's list",
                     (unsigned long long)k);
    else if (rc != COINLINE_OK)
        pcl_raise(rc, "check_game", NULL);
    else
        out = Py_BuildValue("(sN)", coinline_check_kind_name(kind),
                            pcl_coin_list(coins, n));
    PyMem_Free(coins);
    return out;
}

static PyObject *py_check_game(PyObject *mod, PyObject *args, PyObject *kwargs)
{
    static char *kwlist[] = {"plan", "k", NULL};
    PyObject *plan_obj, *k_obj;
    coinline_check_plan_t plan;
    (void)mod;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OO!:check_game", kwlist,
                                     &plan_obj, &PyLong_Type, &k_obj) ||
        parse_plan(plan_obj, &plan) < 0)
        return NULL;
    const unsigned long long k = PyLong_AsUnsignedLongLong(k_obj);
    if (k == (unsigned long long)-1 && PyErr_Occurred()) {
        PyErr_Format(PyExc_IndexError, "check_game: no game %R", k_obj);
        return NULL;
    }
    return game_of(&plan, k);
}

/* The library's fails function: fails(coins) from Python, true or not. */
static int call_fails(void *ctx, const int64_t *coins, size_t n)
{
    PyObject *list = pcl_coin_list(coins, n);
    PyObject *got = list != NULL ? PyObject_CallOneArg(ctx, list) : NULL;
    Py_XDECREF(list);
    const int truth = got != NULL ? PyObject_IsTrue(got) : -1;
    Py_XDECREF(got);
    return truth < 0 ? PCL_EPYTHON : truth;
}

/* Shrinks a copy of row with fails: (coins, runs), or NULL. */
static PyObject *shrink_row(const coinline_check_plan_t *plan,
                            const pcl_row_t *row, PyObject *fails,
                            unsigned budget)
{
    int64_t *a = PyMem_Malloc((row->n + 1) * sizeof *a);
    if (a == NULL)
        return PyErr_NoMemory();
    if (row->n > 0)
        memcpy(a, row->coins, row->n * sizeof *a);
    size_t n = row->n;
    unsigned runs = 0;
    const int rc =
        coinline_check_shrink(plan, a, &n, budget, call_fails, fails, &runs);
    PyObject *out = rc == COINLINE_OK
                        ? Py_BuildValue("(NI)", pcl_coin_list(a, n), runs)
                        : pcl_raise(rc, "check_shrink", NULL);
    PyMem_Free(a);
    return out;
}

static PyObject *py_check_shrink(PyObject *mod, PyObject *args,
                                 PyObject *kwargs)
{
    static char *kwlist[] = {"plan", "coins", "fails", "budget", NULL};
    PyObject *plan_obj, *coins, *fails;
    Py_ssize_t budget;
    coinline_check_plan_t plan;
    pcl_row_t row;
    (void)mod;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OOOn:check_shrink", kwlist,
                                     &plan_obj, &coins, &fails, &budget) ||
        parse_plan(plan_obj, &plan) < 0)
        return NULL;
    if (!PyCallable_Check(fails))
        return PyErr_Format(PyExc_TypeError,
                            "check_shrink: fails must be a callable, not "
                            "%.200s",
                            Py_TYPE(fails)->tp_name);
    if (budget < 0 || (size_t)budget > UINT_MAX)
        return PyErr_Format(PyExc_ValueError,
                            "check_shrink: budget = %zd: need 0 <= budget <= "
                            "%u",
                            budget, UINT_MAX);
    if (pcl_row_from_object(coins, &row) < 0)
        return NULL;
    PyObject *out = shrink_row(&plan, &row, fails, (unsigned)budget);
    pcl_row_release(&row);
    return out;
}

/* Reads the sequences sizes and seconds, of the same length, into n[]
 * and t[] (PyMem_Malloc'ed, *count items): 0, or -1 with an exception. */
static int read_times(PyObject *sizes, PyObject *seconds, size_t **n,
                      double **t, size_t *count)
{
    PyObject *a = PySequence_Fast(sizes, "sizes must be a sequence of ints");
    PyObject *b = a != NULL ? PySequence_Fast(seconds, "seconds must be a "
                                                       "sequence of floats")
                            : NULL;
    const Py_ssize_t m = a != NULL ? PySequence_Fast_GET_SIZE(a) : 0;
    if (b != NULL && PySequence_Fast_GET_SIZE(b) != m)
        PyErr_Format(PyExc_ValueError, "check_growth: %zd sizes but %zd times",
                     m, PySequence_Fast_GET_SIZE(b));
    *n = PyMem_Malloc(((size_t)m + 1) * sizeof **n);
    *t = PyMem_Malloc(((size_t)m + 1) * sizeof **t);
    if ((*n == NULL || *t == NULL) && !PyErr_Occurred())
        PyErr_NoMemory();
    for (Py_ssize_t i = 0; i < m && !PyErr_Occurred(); i++) {
        (*n)[i] = PyLong_AsSize_t(PySequence_Fast_GET_ITEM(a, i));
        (*t)[i] = PyFloat_AsDouble(PySequence_Fast_GET_ITEM(b, i));
    }
    *count = (size_t)m;
    Py_XDECREF(a);
    Py_XDECREF(b);
    return PyErr_Occurred() ? -1 : 0;
}

static PyObject *py_check_growth(PyObject *mod, PyObject *args,
                                 PyObject *kwargs)
{
    static char *kwlist[] = {"sizes", "seconds", "base", NULL};
    PyObject *sizes, *seconds;
    double base;
    size_t *n = NULL, count = 0;
    double *t = NULL, exponent = 0;
    coinline_growth_t growth = COINLINE_GROWTH_UNKNOWN;
    (void)mod;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OOd:check_growth", kwlist,
                                     &sizes, &seconds, &base))
        return NULL;
    PyObject *out = NULL;
    if (read_times(sizes, seconds, &n, &t, &count) == 0) {
        const int rc =
            coinline_check_growth(n, t, count, base, &growth, &exponent);
        out =
            rc == COINLINE_OK
                ? Py_BuildValue("(sd)", coinline_growth_name(growth), exponent)
                : pcl_raise(rc, "check_growth", NULL);
    }
    PyMem_Free(n);
    PyMem_Free(t);
    return out;
}

/* clang-format off */
static PyMethodDef check_methods[] = {
    {"check_count", (PyCFunction)(void (*)(void))py_check_count,
     METH_VARARGS | METH_KEYWORDS,
     "check_count($module, /, plan)\n--\n\n"
     "The number of games of a check's plan, a tuple (min, max, max_n,\n"
     "even, allow_empty, seed): the same plan, the same list, as coinline\n"
     "check plays it. Raises ValueError for a plan the library refuses\n"
     "(min > max, max_n outside 1..2**28, even with max_n < 2)."},
    {"check_game", (PyCFunction)(void (*)(void))py_check_game,
     METH_VARARGS | METH_KEYWORDS,
     "check_game($module, /, plan, k)\n--\n\n"
     "Game k (from 0) of plan's list, a pair (kind, coins): kind is what\n"
     "the game is there for ('edge', 'example', 'tie', 'small', 'trap',\n"
     "'growing'), coins a list of ints. Raises IndexError past the last."},
    {"check_shrink", (PyCFunction)(void (*)(void))py_check_shrink,
     METH_VARARGS | METH_KEYWORDS,
     "check_shrink($module, /, plan, coins, fails, budget)\n--\n\n"
     "Shrinks the failing row coins to a smaller one that still fails,\n"
     "as coinline check does: drops runs of coins, then moves each value\n"
     "towards the plan's value nearest 0, every row tried within the plan.\n"
     "fails(row) is called with a list and returns true when the row\n"
     "still fails; at most budget calls. Returns (coins, runs), the\n"
     "smallest failing row and the calls made. What fails raises stops\n"
     "the shrinking and is raised."},
    {"check_growth", (PyCFunction)(void (*)(void))py_check_growth,
     METH_VARARGS | METH_KEYWORDS,
     "check_growth($module, /, sizes, seconds, base)\n--\n\n"
     "How a solution's time grows, from the times seconds[i] measured on\n"
     "games of sizes[i] coins, base (the time of a game that does nothing)\n"
     "taken off first: a pair (growth, exponent), growth one of 'unknown',\n"
     "'n', 'n^2', 'n^3', 'n^k', 'exponential' and exponent the fitted\n"
     "power (0.0 when unknown)."},
    {NULL, NULL, 0, NULL}};
/* clang-format on */

int pcl_check_add(PyObject *m)
{
    return PyModule_AddFunctions(m, check_methods);
}
