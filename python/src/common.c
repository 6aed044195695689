/* SPDX-License-Identifier: MIT */
/* common.c - library error codes as Python exceptions; moves (sides and
 * positions) as Python objects. */
#include "common.h"

#include <string.h>

PyObject *pcl_raise(int rc, const char *what, const coinline_error_t *err)
{
    if (rc == PCL_EPYTHON && PyErr_Occurred())
        return NULL;
    if (rc == COINLINE_ENOMEM)
        return PyErr_NoMemory();
    if (err != NULL && err->message[0] != '\0')
        return PyErr_Format(PyExc_ValueError, "%s: %s", what, err->message);
    return PyErr_Format(PyExc_ValueError, "%s: %s", what,
                        coinline_strerror(rc));
}

PyObject *pcl_raise_solver(int rc, const char *what,
                           const coinline_rules_t *rules, pcl_task_t task,
                           coinline_algo_t algo, size_t n)
{
    const uint64_t most = pcl_rules_most_coins(rules, task, algo);
    if (rc != COINLINE_ETOOBIG || most == 0)
        return pcl_raise(rc, what, NULL);
    if (algo == COINLINE_ALGO_LINEAR)
        return PyErr_Format(PyExc_ValueError, "%s: at most %llu coins, not %zu",
                            what, (unsigned long long)most, n);
    return PyErr_Format(
        PyExc_ValueError,
        "%s: algo='%s' solves at most %llu coins, not %zu "
        "(use %s)",
        what, coinline_algo_name(algo), (unsigned long long)most, n,
        algo == COINLINE_ALGO_BRUTE ? "'linear' or 'dp'" : "'linear'");
}

int pcl_put(PyObject *t, Py_ssize_t k, PyObject *v)
{
    if (v == NULL)
        return -1;
    PyStructSequence_SetItem(t, k, v);
    return 0;
}

/* The UTF-8 text of a str with no NUL in it; NULL for anything else (with
 * an exception set only when the str could not be encoded). A NUL would
 * cut the name short: "R\0junk" is no side. */
static const char *text_of(PyObject *obj)
{
    Py_ssize_t len;
    const char *s =
        PyUnicode_Check(obj) ? PyUnicode_AsUTF8AndSize(obj, &len) : NULL;
    return s != NULL && strlen(s) == (size_t)len ? s : NULL;
}

PyObject *pcl_side_object(coinline_side_t side)
{
    if (side == COINLINE_SIDE_LEFT)
        return PyUnicode_FromString("left");
    if (side == COINLINE_SIDE_RIGHT)
        return PyUnicode_FromString("right");
    Py_RETURN_NONE;
}

/* The side named by the text s: 'L', 'R', or 0 for none. */
static char side_of(const char *s)
{
    static const struct {
        const char *name;
        char side;
    } names[] = {{"left", 'L'},  {"L", 'L'}, {"l", 'L'},
                 {"right", 'R'}, {"R", 'R'}, {"r", 'R'}};
    for (size_t i = 0; s != NULL && i < sizeof names / sizeof names[0]; i++)
        if (strcmp(s, names[i].name) == 0)
            return names[i].side;
    return 0;
}

int pcl_parse_side(PyObject *obj, const char *what, coinline_side_t *side)
{
    const char *s = text_of(obj);
    if (s == NULL && PyErr_Occurred())
        return -1;
    const char c = side_of(s);
    if (c != 0) {
        *side = c == 'L' ? COINLINE_SIDE_LEFT : COINLINE_SIDE_RIGHT;
        return 0;
    }
    PyErr_Format(PyUnicode_Check(obj) ? PyExc_ValueError : PyExc_TypeError,
                 "%s must be 'left' or 'right' (or 'L' or 'R'), not %R", what,
                 obj);
    return -1;
}

/* A position, the int obj (or its __index__), into *move. */
static int parse_position(PyObject *obj, const char *what, pcl_move_t *move)
{
    PyObject *num = PyNumber_Index(obj);
    if (num == NULL)
        return -1;
    int overflow = 0;
    const long long v = PyLong_AsLongLongAndOverflow(num, &overflow);
    unsigned long long p = (unsigned long long)v;
    if (overflow > 0)
        p = PyLong_AsUnsignedLongLong(num);
    if (PyErr_Occurred() && PyErr_ExceptionMatches(PyExc_OverflowError)) {
        PyErr_Clear();
        PyErr_Format(PyExc_ValueError,
                     "%s: %R is no position (it passes 2**64 - 1)", what, num);
    } else if (!PyErr_Occurred() &&
               (overflow < 0 || (overflow == 0 && v < 0))) {
        PyErr_Format(PyExc_ValueError,
                     "%s: %R is no position (positions count from 1)", what,
                     num);
    }
    Py_DECREF(num);
    if (PyErr_Occurred())
        return -1;
    move->side = 0;
    move->position = p;
    return 0;
}

int pcl_parse_move(PyObject *obj, const char *what, pcl_move_t *move)
{
    static const char rule[] =
        "a side must be 'left' or 'right' (or 'L' or 'R'), a position an int";
    if (PyUnicode_Check(obj)) {
        const char *s = text_of(obj);
        if (s == NULL && PyErr_Occurred())
            return -1;
        move->side = side_of(s);
        move->position = 0;
        if (move->side != 0)
            return 0;
        PyErr_Format(PyExc_ValueError, "%s: %R is no move: %s", what, obj,
                     rule);
        return -1;
    }
    if (!PyBool_Check(obj) && PyIndex_Check(obj))
        return parse_position(obj, what, move);
    PyErr_Format(PyExc_TypeError, "%s: a %.200s is no move: %s", what,
                 Py_TYPE(obj)->tp_name, rule);
    return -1;
}

int pcl_text_ends_with_r(const char *text, size_t len)
{
    while (len > 0 && text[len - 1] != '\0' &&
           strchr(" \t\r\n,:", text[len - 1]) != NULL)
        len--;
    return len > 0 && (text[len - 1] == 'R' || text[len - 1] == 'r');
}

PyObject *pcl_position_object(uint64_t position)
{
    if (position == 0)
        Py_RETURN_NONE;
    return PyLong_FromUnsignedLongLong(position);
}

int pcl_move_text(const pcl_move_t *move, char *buf, size_t size)
{
    if (move->side != 0)
        return PyOS_snprintf(buf, size, "%c", move->side);
    return PyOS_snprintf(buf, size, "%llu", (unsigned long long)move->position);
}

int pcl_parse_algo(PyObject *obj, coinline_algo_t *algo)
{
    *algo = COINLINE_ALGO_LINEAR;
    if (obj == NULL)
        return 0;
    const char *s = text_of(obj);
    if (s == NULL && PyErr_Occurred())
        return -1;
    if (s != NULL && coinline_algo_parse(s, algo) == COINLINE_OK)
        return 0;
    PyErr_Format(PyUnicode_Check(obj) ? PyExc_ValueError : PyExc_TypeError,
                 "algo must be 'linear', 'dp' or 'brute', not %R", obj);
    return -1;
}

/* The fields of desc, and how many of them are in the sequence. */
static Py_ssize_t field_count(const PyStructSequence_Desc *desc)
{
    Py_ssize_t k = 0;
    while (desc->fields[k].name != NULL)
        k++;
    return k;
}

/* 1 when the fields of t past the sequence are shown: its rules are not
 * the classic ones. */
static int shows_all(PyObject *t)
{
    PyObject *rules = PyObject_GetAttrString(t, "rules");
    if (rules == NULL) {
        PyErr_Clear();
        return 0;
    }
    const int all = rules != Py_None && !pcl_rules_is_classic(rules);
    Py_DECREF(rules);
    return all;
}

PyObject *pcl_tuple_repr(PyObject *t, const PyStructSequence_Desc *desc,
                         pcl_field_text_fn text)
{
    const Py_ssize_t fields =
        shows_all(t) ? field_count(desc) : desc->n_in_sequence;
    PyObject *parts = PyList_New(fields);
    for (Py_ssize_t k = 0; parts != NULL && k < fields; k++) {
        const char *name = desc->fields[k].name;
        PyObject *v = PyObject_GetAttrString(t, name);
        PyObject *shown = v == NULL      ? NULL
                          : text != NULL ? text(k, v)
                                         : PyObject_Repr(v);
        PyObject *part =
            shown != NULL ? PyUnicode_FromFormat("%s=%U", name, shown) : NULL;
        Py_XDECREF(v);
        Py_XDECREF(shown);
        if (part == NULL)
            Py_CLEAR(parts);
        else
            PyList_SET_ITEM(parts, k, part);
    }
    PyObject *sep = parts != NULL ? PyUnicode_FromString(", ") : NULL;
    PyObject *body = sep != NULL ? PyUnicode_Join(sep, parts) : NULL;
    PyObject *repr =
        body != NULL ? PyUnicode_FromFormat("%s(%U)", desc->name, body) : NULL;
    Py_XDECREF(parts);
    Py_XDECREF(sep);
    Py_XDECREF(body);
    return repr;
}

int pcl_set_repr(PyTypeObject *type, PyMethodDef *def)
{
    PyObject *repr = PyDescr_NewMethod(type, def);
    if (repr == NULL)
        return -1;
    if (PyObject_SetAttrString((PyObject *)type, "__repr__", repr) < 0)
        PyErr_Clear();
    Py_DECREF(repr);
    return 0;
}
