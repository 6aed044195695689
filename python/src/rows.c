/* SPDX-License-Identifier: MIT */
/*
 * rows.c - a Python object into a row of int64 coins, and exact 128-bit
 * totals into Python ints.
 *
 * A row comes as anything a user may hold: a list or a tuple (read in
 * place, the size checked again at every element, since converting an
 * element may run Python code that changes the list), an object with the
 * buffer protocol (array.array, a NumPy array, bytes: a contiguous
 * one-dimensional buffer of signed 64-bit integers is used where it lies,
 * without a copy; other integer formats are converted; anything else is
 * read as an iterable), or any other iterable (range, a generator), read
 * one element at a time into a growing array. Every element must be an
 * int, or have __index__ (NumPy's integers), and fit in int64: the error
 * names the element.
 */
#include "rows.h"

#include <string.h>

#include "wide.h"

/* The message for element i that is not an integer. */
static void not_an_integer(size_t i, PyObject *item)
{
    PyErr_Format(PyExc_TypeError,
                 "coins[%zu] is %.200s, not an integer (coins are signed "
                 "64-bit integers)",
                 i, Py_TYPE(item)->tp_name);
}

/* The message for element i, an integer outside int64. */
static void out_of_range(size_t i, PyObject *item)
{
    PyErr_Format(PyExc_OverflowError,
                 "coins[%zu] = %R does not fit in a signed 64-bit integer "
                 "(-2**63 to 2**63 - 1)",
                 i, item);
}

int pcl_coin(PyObject *item, size_t i, int64_t *out)
{
    PyObject *num;
    if (PyLong_Check(item)) {
        num = item;
        Py_INCREF(num);
    } else if (PyIndex_Check(item)) {
        num = PyNumber_Index(item);
        if (num == NULL)
            return -1;
    } else {
        not_an_integer(i, item);
        return -1;
    }
    int overflow = 0;
    const long long v = PyLong_AsLongLongAndOverflow(num, &overflow);
    if (overflow != 0)
        out_of_range(i, num);
    Py_DECREF(num);
    if (overflow != 0 || (v == -1 && PyErr_Occurred()))
        return -1;
    *out = (int64_t)v;
    return 0;
}

/* Room for at least need coins in row->owned. */
static int reserve(pcl_row_t *row, size_t need, size_t *cap)
{
    if (need <= *cap)
        return 0;
    size_t c = *cap < 16 ? 16 : *cap;
    while (c < need)
        c *= 2;
    if (c > PY_SSIZE_T_MAX / sizeof(int64_t)) {
        PyErr_NoMemory();
        return -1;
    }
    int64_t *p = PyMem_Realloc(row->owned, c * sizeof *p);
    if (p == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    row->owned = p;
    *cap = c;
    return 0;
}

/* A list or a tuple, read in place. */
static int from_sequence(PyObject *seq, pcl_row_t *row)
{
    size_t cap = 0;
    const int is_list = PyList_CheckExact(seq);
    Py_ssize_t size = is_list ? PyList_GET_SIZE(seq) : PyTuple_GET_SIZE(seq);
    if (reserve(row, (size_t)size, &cap) < 0)
        return -1;
    for (Py_ssize_t i = 0;; i++) {
        size = is_list ? PyList_GET_SIZE(seq) : PyTuple_GET_SIZE(seq);
        if (i >= size)
            break;
        PyObject *item =
            is_list ? PyList_GET_ITEM(seq, i) : PyTuple_GET_ITEM(seq, i);
        Py_INCREF(item);
        const int rc = reserve(row, (size_t)i + 1, &cap) < 0
                           ? -1
                           : pcl_coin(item, (size_t)i, &row->owned[i]);
        Py_DECREF(item);
        if (rc < 0)
            return -1;
        row->n = (size_t)i + 1;
    }
    row->coins = row->owned;
    return 0;
}

/* Any iterable, one element at a time. */
static int from_iterable(PyObject *obj, pcl_row_t *row)
{
    if (Py_TYPE(obj)->tp_iter == NULL && !PySequence_Check(obj)) {
        PyErr_Format(PyExc_TypeError,
                     "coins must be an iterable of integers, not %.200s",
                     Py_TYPE(obj)->tp_name);
        return -1;
    }
    PyObject *it = PyObject_GetIter(obj); /* what __iter__ raises passes */
    if (it == NULL)
        return -1;
    /* A length hint is only a hint: trusted up to 2^20 coins. */
    const Py_ssize_t hint = PyObject_LengthHint(obj, 0);
    size_t cap = 0;
    int rc = hint < 0 ? -1
                      : reserve(row, hint < (1 << 20) ? (size_t)hint : 1 << 20,
                                &cap);
    PyObject *item;
    while (rc == 0 && (item = PyIter_Next(it)) != NULL) {
        rc = reserve(row, row->n + 1, &cap);
        if (rc == 0)
            rc = pcl_coin(item, row->n, &row->owned[row->n]);
        Py_DECREF(item);
        if (rc == 0)
            row->n++;
    }
    Py_DECREF(it);
    if (rc < 0 || PyErr_Occurred())
        return -1;
    row->coins = row->owned;
    return 0;
}

/* The byte-order mark of the machine's own order in a format string. */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define NATIVE_ORDER '<'
#else
#define NATIVE_ORDER '>'
#endif

/* 1 for a signed integer format code, 0 for an unsigned one, -1 for
 * anything else (then the buffer is read as an iterable, element by
 * element). Native and standard sizes are both fine, since the item size
 * comes with the buffer; the other byte order is read as an iterable. */
static int integer_format(const char *fmt)
{
    if (fmt == NULL)
        return 0; /* unsigned bytes */
    if (*fmt == '@' || *fmt == '=' || *fmt == NATIVE_ORDER)
        fmt++;
    if (fmt[0] == '\0' || fmt[1] != '\0')
        return -1;
    if (strchr("bhilqn", fmt[0]) != NULL)
        return 1;
    if (strchr("BHILQN", fmt[0]) != NULL)
        return 0;
    return -1;
}

/* The bits of an item of size bytes (1, 2, 4 or 8), as unsigned. */
static uint64_t load_bits(const char *p, Py_ssize_t size)
{
    uint8_t b1;
    uint16_t b2;
    uint32_t b4;
    uint64_t b8;
    switch (size) {
    case 1: memcpy(&b1, p, 1); return b1;
    case 2: memcpy(&b2, p, 2); return b2;
    case 4: memcpy(&b4, p, 4); return b4;
    default: memcpy(&b8, p, 8); return b8;
    }
}

/* Element i of an integer buffer into *out: a signed item is sign-extended;
 * an unsigned one above INT64_MAX is an OverflowError. */
static int buffer_coin(const Py_buffer *v, int is_signed, size_t i,
                       int64_t *out)
{
    const Py_ssize_t size = v->itemsize;
    const uint64_t u = load_bits((const char *)v->buf + i * (size_t)size, size);
    const int bits = (int)size * 8;
    if (is_signed && bits < 64 && (u >> (bits - 1)) != 0) {
        *out = (int64_t)u - ((int64_t)1 << bits); /* the sign bit was set */
        return 0;
    }
    if (u <= (uint64_t)INT64_MAX || is_signed) {
        *out = (int64_t)u; /* a signed 64-bit item: its own bits */
        return 0;
    }
    PyObject *big = PyLong_FromUnsignedLongLong(u);
    if (big != NULL) {
        out_of_range(i, big);
        Py_DECREF(big);
    }
    return -1;
}

/* A contiguous one-dimensional integer buffer: 1 when taken, 0 when the
 * object must be read as an iterable instead, -1 on error. */
static int from_buffer(PyObject *obj, pcl_row_t *row)
{
    Py_buffer *v = &row->view;
    if (PyObject_GetBuffer(obj, v, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) {
        PyErr_Clear();
        return 0;
    }
    const int is_signed = integer_format(v->format);
    const Py_ssize_t size = v->itemsize;
    if (v->ndim != 1) {
        PyErr_Format(PyExc_TypeError,
                     "coins must be one-dimensional, not a buffer of %d "
                     "dimensions",
                     v->ndim);
        PyBuffer_Release(v);
        return -1;
    }
    if (is_signed < 0 || (size != 1 && size != 2 && size != 4 && size != 8)) {
        PyBuffer_Release(v);
        return 0;
    }
    row->has_view = 1;
    row->n = (size_t)(v->len / size);
    if (is_signed && size == 8 && (uintptr_t)v->buf % _Alignof(int64_t) == 0) {
        row->coins = v->buf; /* in place: no copy */
        return 1;
    }
    size_t cap = 0;
    if (reserve(row, row->n, &cap) < 0)
        return -1;
    for (size_t i = 0; i < row->n; i++)
        if (buffer_coin(v, is_signed, i, &row->owned[i]) < 0)
            return -1;
    row->coins = row->owned;
    return 1;
}

/* The first element of a range (start, step, len) that falls outside
 * int64, or len when none does. */
static Py_ssize_t first_outside(cl_wide start, cl_wide step, Py_ssize_t len)
{
    if (start < INT64_MIN || start > INT64_MAX)
        return 0;
    if (step == 0 || len == 0)
        return len;
    const cl_wide room =
        step > 0 ? (cl_wide)INT64_MAX - start : start - (cl_wide)INT64_MIN;
    const cl_wide k = room / (step > 0 ? step : -step) + 1;
    return k < (cl_wide)len ? (Py_ssize_t)k : len;
}

/* A range, filled without making an int per element (O(1) to refuse one
 * that leaves int64, naming the first element outside). */
static int from_range(PyObject *obj, pcl_row_t *row)
{
    Py_ssize_t len = PyObject_Size(obj);
    const int huge = len < 0; /* more than PY_SSIZE_T_MAX elements */
    if (huge) {
        PyErr_Clear();
        len = PY_SSIZE_T_MAX;
    }
    PyObject *start_obj = PyObject_GetAttrString(obj, "start");
    PyObject *step_obj = PyObject_GetAttrString(obj, "step");
    int o1 = 1, o2 = 1;
    long long start = 0, step = 0;
    if (start_obj != NULL && step_obj != NULL) {
        start = PyLong_AsLongLongAndOverflow(start_obj, &o1);
        step = PyLong_AsLongLongAndOverflow(step_obj, &o2);
    }
    Py_XDECREF(start_obj);
    Py_XDECREF(step_obj);
    if (PyErr_Occurred())
        return -1;
    const Py_ssize_t bad = o1 != 0   ? 0
                           : o2 != 0 ? (len > 1 ? 1 : len)
                                     : first_outside(start, step, len);
    if (bad < len) {
        PyObject *item = PySequence_GetItem(obj, bad);
        if (item != NULL)
            out_of_range((size_t)bad, item);
        Py_XDECREF(item);
        return -1;
    }
    if (huge) {
        PyErr_SetString(PyExc_OverflowError,
                        "coins: this range holds more than 2**63 coins");
        return -1;
    }
    size_t cap = 0;
    if (reserve(row, (size_t)len, &cap) < 0)
        return -1;
    for (Py_ssize_t i = 0; i < len; i++)
        row->owned[i] = (int64_t)((cl_wide)start + (cl_wide)step * i);
    row->n = (size_t)len;
    row->coins = row->owned;
    return 0;
}

/* Reads obj into *row by its kind: 0, or -1 with an exception set. */
static int read_row(PyObject *obj, pcl_row_t *row)
{
    memset(row, 0, sizeof *row);
    if (PyUnicode_Check(obj)) {
        PyErr_SetString(PyExc_TypeError,
                        "coins must be an iterable of integers, not str "
                        "(to read a row from text, split it first)");
        return -1;
    }
    /* Exactly a list or a tuple: a subclass may have its own __iter__. */
    if (PyList_CheckExact(obj) || PyTuple_CheckExact(obj))
        return from_sequence(obj, row);
    if (PyRange_Check(obj))
        return from_range(obj, row);
    if (PyObject_CheckBuffer(obj)) {
        const int rc = from_buffer(obj, row);
        if (rc != 0)
            return rc < 0 ? -1 : 0;
    }
    return from_iterable(obj, row);
}

int pcl_row_from_object(PyObject *obj, pcl_row_t *row)
{
    const int rc = read_row(obj, row);
    if (rc < 0)
        pcl_row_release(row);
    return rc;
}

int pcl_row_unlocked(const pcl_row_t *row)
{
    return row->n >= PCL_GIL_MIN && row->coins == row->owned;
}

void pcl_row_release(pcl_row_t *row)
{
    if (row->has_view)
        PyBuffer_Release(&row->view);
    PyMem_Free(row->owned);
    memset(row, 0, sizeof *row);
}

PyObject *pcl_int_from_i128(coinline_i128_t v)
{
    int64_t small;
    if (coinline_i128_to_int64(v, &small) == COINLINE_OK)
        return PyLong_FromLongLong(small);
    PyObject *hi = PyLong_FromLongLong(v.hi);
    PyObject *lo = PyLong_FromUnsignedLongLong(v.lo);
    PyObject *shift = PyLong_FromLong(64);
    PyObject *high = hi && shift ? PyNumber_Lshift(hi, shift) : NULL;
    PyObject *sum = high && lo ? PyNumber_Add(high, lo) : NULL;
    Py_XDECREF(hi);
    Py_XDECREF(lo);
    Py_XDECREF(shift);
    Py_XDECREF(high);
    return sum;
}

int pcl_int64_arg(PyObject *obj, const char *what, int64_t *out)
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

PyObject *pcl_coin_list(const int64_t *v, size_t n)
{
    PyObject *list = PyList_New((Py_ssize_t)n);
    for (size_t i = 0; list != NULL && i < n; i++) {
        PyObject *x = PyLong_FromLongLong(v[i]);
        if (x == NULL)
            Py_CLEAR(list);
        else
            PyList_SET_ITEM(list, (Py_ssize_t)i, x);
    }
    return list;
}
