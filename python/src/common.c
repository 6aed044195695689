/* SPDX-License-Identifier: MIT */
/* common.c - library error codes as Python exceptions; moves as strings. */
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

/* The most coins algo takes for task (include/coinline.h); 0 for no
 * limit of its own. */
static uint64_t most_coins(pcl_task_t task, coinline_algo_t algo)
{
    if (algo == COINLINE_ALGO_BRUTE)
        return task == PCL_CIRCLE ? COINLINE_BRUTE_MAX + 1 : COINLINE_BRUTE_MAX;
    if (algo == COINLINE_ALGO_DP)
        return task == PCL_LINE ? COINLINE_DP_LINE_MAX : 0;
    if (task == PCL_LINE) /* the engine: n < 2^32 - 5 */
        return UINT32_MAX - 5;
    return task == PCL_CIRCLE ? ((uint64_t)1 << 31) - 3 : 0;
}

PyObject *pcl_raise_solver(int rc, const char *what, pcl_task_t task,
                           coinline_algo_t algo, size_t n)
{
    const uint64_t most = most_coins(task, algo);
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

int pcl_parse_side(PyObject *obj, const char *what, coinline_side_t *side)
{
    static const struct {
        const char *name;
        coinline_side_t side;
    } names[] = {{"left", COINLINE_SIDE_LEFT}, {"L", COINLINE_SIDE_LEFT},
                 {"l", COINLINE_SIDE_LEFT},    {"right", COINLINE_SIDE_RIGHT},
                 {"R", COINLINE_SIDE_RIGHT},   {"r", COINLINE_SIDE_RIGHT}};
    const char *s = text_of(obj);
    if (s == NULL && PyErr_Occurred())
        return -1;
    for (size_t i = 0; s != NULL && i < sizeof names / sizeof names[0]; i++) {
        if (strcmp(s, names[i].name) == 0) {
            *side = names[i].side;
            return 0;
        }
    }
    PyErr_Format(PyUnicode_Check(obj) ? PyExc_ValueError : PyExc_TypeError,
                 "%s must be 'left' or 'right' (or 'L' or 'R'), not %R", what,
                 obj);
    return -1;
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
