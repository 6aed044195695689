/* SPDX-License-Identifier: MIT */
/*
 * against.c - the best reply to a known opponent for Python (the library's
 * coinline_against_solve() and coinline_against_line(), include/coinline.h
 * "The best reply to a known opponent"): against, against_line and the
 * type AgainstResult. The rule (greedy, parity, optimal, random,
 * fallible:P) sits in seat 2, or in seat 1 with opponent_first=True; the
 * other player replies as well as it can. The values are exact: ints
 * against a rule without chance, fractions.Fraction (read from the
 * library's exact texts) against one with chance. This file says the
 * rule's errors and limits in Python's words; the library computes.
 */
#include "against.h"

#include <string.h>

#include "common.h"
#include "rows.h"

static PyTypeObject *against_result_type;

static PyStructSequence_Field against_result_fields[] = {
    {"p1", "player 1's total: an int when exact, else the expected total "
           "as a fractions.Fraction"},
    {"p2", "player 2's total, as p1"},
    {"margin", "p1 - p2, as p1"},
    {"exact", "True against a rule without chance (greedy, parity, "
              "optimal, fallible:0): p1, p2 and margin are ints"},
    {"first_move", "the replier's best first move, 'left' or 'right' (ties "
                   "to the left), when it moves first (the rule in seat 2); "
                   "None when the rule moves first or for no coins"},
    {"rule", "the opponent's rule, as given"},
    {"seat", "the rule's seat: 2, or 1 with opponent_first=True"},
    {NULL, NULL}};

static PyStructSequence_Desc against_result_desc = {
    "coinline.AgainstResult",
    "AgainstResult(sequence, dict={})\n--\n\n"
    "The best reply to a known opponent: the totals and the margin with\n"
    "the opponent following its rule and the other player replying as\n"
    "well as it can. Exact (ints or Fractions); a named tuple.",
    against_result_fields, 7};

/* The messages of the rule spec's errors: 0 when the library knows spec,
 * else -1 with ValueError set, the message after what. */
static int check_rule(const char *what, const char *spec)
{
    coinline_against_t r;
    const int rc = coinline_against_solve(NULL, 0, spec, 2, &r);
    coinline_against_free(&r);
    if (rc == COINLINE_OK)
        return 0;
    if (rc == COINLINE_ENOMEM)
        PyErr_NoMemory();
    else if (strncmp(spec, "fallible:", 9) == 0)
        PyErr_Format(PyExc_ValueError,
                     "%s: rule '%s': the P of fallible:P is a probability "
                     "from 0 to 1 in decimal digits, at most 18 after the "
                     "point, like 'fallible:0.25'",
                     what, spec);
    else
        PyErr_Format(PyExc_ValueError,
                     "%s: unknown rule '%s': give 'greedy', 'parity', "
                     "'optimal', 'random' or 'fallible:P' (P from 0 to 1)",
                     what, spec);
    return -1;
}

/* Raises for rc, returned by what on n coins against spec. Returns NULL. */
static PyObject *raise_against(int rc, const char *what, const char *spec,
                               size_t n)
{
    if (rc != COINLINE_ETOOBIG)
        return pcl_raise(rc, what, NULL);
    return PyErr_Format(PyExc_ValueError,
                        "%s: %zu coins are too many against '%s' (the work "
                        "is O(n^2): up to about 17000 coins against greedy, "
                        "parity or optimal, 4000 against random, fewer for "
                        "fallible:P; against_line at most %d)",
                        what, n, spec, COINLINE_AGAINST_LINE_MAX);
}

/* Reads coins, rule and opponent_first of the call format: 0, or -1 with
 * an exception set (and nothing held). */
static int read_args(PyObject *args, PyObject *kwargs, const char *format,
                     pcl_row_t *row, const char **spec, int *seat)
{
    static char *kwlist[] = {"coins", "rule", "opponent_first", NULL};
    PyObject *coins;
    int opponent_first = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, format, kwlist, &coins, spec,
                                     &opponent_first) ||
        check_rule(format + strcspn(format, ":") + 1, *spec) < 0)
        return -1;
    *seat = opponent_first ? 1 : 2;
    return pcl_row_from_object(coins, row);
}

/* One value of r: the int v when exact, else Fraction(text). */
static PyObject *value(const coinline_against_t *r, coinline_i128_t v,
                       const char *text)
{
    if (r->exact)
        return pcl_int_from_i128(v);
    PyObject *fractions = PyImport_ImportModule("fractions");
    PyObject *f = fractions != NULL
                      ? PyObject_CallMethod(fractions, "Fraction", "s", text)
                      : NULL;
    Py_XDECREF(fractions);
    return f;
}

static PyObject *result_new(const coinline_against_t *r, const char *spec,
                            int seat)
{
    PyObject *t = PyStructSequence_New(against_result_type);
    if (t == NULL)
        return NULL;
    if (pcl_put(t, 0, value(r, r->p1, r->p1_text)) < 0 ||
        pcl_put(t, 1, value(r, r->p2, r->p2_text)) < 0 ||
        pcl_put(t, 2, value(r, r->margin, r->margin_text)) < 0 ||
        pcl_put(t, 3, PyBool_FromLong(r->exact)) < 0 ||
        pcl_put(t, 4, pcl_side_object(r->first_move)) < 0 ||
        pcl_put(t, 5, PyUnicode_FromString(spec)) < 0 ||
        pcl_put(t, 6, PyLong_FromLong(seat)) < 0) {
        Py_DECREF(t);
        return NULL;
    }
    return t;
}

static PyObject *py_against(PyObject *mod, PyObject *args, PyObject *kwargs)
{
    const char *spec;
    int seat, rc;
    pcl_row_t row;
    coinline_against_t r;
    (void)mod;
    if (read_args(args, kwargs, "Os|$p:against", &row, &spec, &seat) < 0)
        return NULL;
    PCL_ON_ROW(&row,
               rc = coinline_against_solve(row.coins, row.n, spec, seat, &r));
    const size_t n = row.n;
    pcl_row_release(&row);
    PyObject *out = rc == COINLINE_OK ? result_new(&r, spec, seat)
                                      : raise_against(rc, "against", spec, n);
    coinline_against_free(&r);
    return out;
}

static PyObject *py_against_line(PyObject *mod, PyObject *args,
                                 PyObject *kwargs)
{
    const char *spec;
    int seat, rc;
    pcl_row_t row;
    PyObject *out = NULL;
    (void)mod;
    if (read_args(args, kwargs, "Os|$p:against_line", &row, &spec, &seat) < 0)
        return NULL;
    char *moves =
        row.n <= COINLINE_AGAINST_LINE_MAX ? PyMem_RawMalloc(row.n + 1) : NULL;
    if (moves == NULL && row.n <= COINLINE_AGAINST_LINE_MAX)
        out = PyErr_NoMemory();
    else if (moves == NULL)
        raise_against(COINLINE_ETOOBIG, "against_line", spec, row.n);
    else {
        PCL_ON_ROW(&row, rc = coinline_against_line(row.coins, row.n, spec,
                                                    seat, moves));
        if (rc == COINLINE_OK)
            out = PyUnicode_FromStringAndSize(moves, (Py_ssize_t)row.n);
        else if (rc == COINLINE_EINVAL)
            PyErr_Format(PyExc_ValueError,
                         "against_line: against '%s' there is no single line "
                         "of play (the rule has chance): use against()",
                         spec);
        else
            raise_against(rc, "against_line", spec, row.n);
    }
    PyMem_RawFree(moves);
    pcl_row_release(&row);
    return out;
}

/* clang-format off */
static PyMethodDef against_methods[] = {
    {"against", (PyCFunction)(void (*)(void))py_against,
     METH_VARARGS | METH_KEYWORDS,
     "against($module, /, coins, rule, *, opponent_first=False)\n--\n\n"
     "The best reply to a known opponent, an AgainstResult: player 2\n"
     "follows rule ('greedy', 'parity', 'optimal', 'random' or\n"
     "'fallible:P', P an exact decimal from 0 to 1) and player 1 replies\n"
     "as well as it can; with opponent_first=True the rule is player 1's\n"
     "and player 2 replies. Against a rule without chance the totals and\n"
     "the margin are ints (SPOJ TWENDS: against([3, 2, 10, 4], 'greedy')\n"
     "has margin 7); against one with chance, the expected values as exact\n"
     "Fractions. The best reply at a later position is against() on the\n"
     "coins left (a slice). Cost: O(n^2) time, O(n) memory. Raises\n"
     "ValueError for an unknown rule, a P out of range, or too many coins\n"
     "(about 17000 against a rule without chance, 4000 against random)."},
    {"against_line", (PyCFunction)(void (*)(void))py_against_line,
     METH_VARARGS | METH_KEYWORDS,
     "against_line($module, /, coins, rule, *, opponent_first=False)\n"
     "--\n\n"
     "The line of play of against() against a rule without chance, a str\n"
     "of one 'L' or 'R' a move: the rule's moves and the best reply's\n"
     "(ties to the left). Raises ValueError as against() does, for a rule\n"
     "with chance ('random', 'fallible:P' with P > 0: no single line), and\n"
     "past 16384 coins."},
    {NULL, NULL, 0, NULL}};
/* clang-format on */

int pcl_against_add(PyObject *m)
{
    against_result_type = PyStructSequence_NewType(&against_result_desc);
    if (against_result_type == NULL ||
        PyModule_AddObjectRef(m, "AgainstResult",
                              (PyObject *)against_result_type) < 0 ||
        PyModule_AddFunctions(m, against_methods) < 0)
        return -1;
    return 0;
}
