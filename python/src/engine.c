/* SPDX-License-Identifier: MIT */
/*
 * engine.c - coinline.Engine, a game in progress over the library's game
 * engine, and coinline.State, a position it has reached.
 *
 * The engine answers the optimal move at every position in O(log n)
 * amortised steps, so its calls keep the GIL: they are shorter than
 * releasing it. Only building it (O(n)) runs without the GIL, and only on
 * a long row that is a private copy (pcl_row_unlocked): a caller's int64
 * buffer read in place keeps the GIL, since another thread could write to
 * it while the library reads it twice (to choose 64 or 128 bits, then to
 * copy it). The row is exported read-only with
 * the buffer protocol, so a State's coins left are a memoryview slice of
 * it, made in O(1) whatever the row's length.
 */
#include "engine.h"

#include <string.h>

#include "common.h"
#include "rows.h"

static PyTypeObject *state_type;

static PyStructSequence_Field state_fields[] = {
    {"n", "coins in the whole row"},
    {"lo", "the coins left are row[lo:hi]"},
    {"hi", "the coins left are row[lo:hi]"},
    {"played", "moves played so far (Engine.moves has them as L/R)"},
    {"to_move", "1 or 2, the player to move; None when no coin is left"},
    {"p1", "the first player's total so far"},
    {"p2", "the second player's total so far"},
    {"value", "the best margin (own total - other's, on the coins left) "
              "the player to move can secure from here; 0 at the end"},
    {"final_margin", "p1 - p2 at the end if both play optimally from here"},
    {"best", "the optimal move, 'left' or 'right' (ties to the left); "
             "None when no coin is left"},
    {"coins", "the coins left, a read-only memoryview of the row"},
    {NULL, NULL}};

static PyStructSequence_Desc state_desc = {
    "coinline.State",
    "State(sequence, dict={})\n--\n\n"
    "A position of a game: who is to move, the optimal move and what it\n"
    "secures, the totals so far. Exact ints; a named tuple.",
    state_fields, 11};

/* The coins engine[lo:hi], a memoryview slice of its row. */
static PyObject *coins_left(pcl_engine_t *engine, uint64_t lo, uint64_t hi)
{
    PyObject *view = PyMemoryView_FromObject((PyObject *)engine);
    PyObject *left =
        view != NULL ? PySequence_GetSlice(view, (Py_ssize_t)lo, (Py_ssize_t)hi)
                     : NULL;
    Py_XDECREF(view);
    return left;
}

PyObject *pcl_state_new(pcl_engine_t *engine, const coinline_engine_state_t *st)
{
    PyObject *t = PyStructSequence_New(state_type);
    if (t == NULL)
        return NULL;
    /* Each value is made as its field is set, so that a failure leaves
     * nothing behind: the tuple's own fields go with it. */
    if (pcl_put(t, 0, PyLong_FromUnsignedLongLong(st->n)) < 0 ||
        pcl_put(t, 1, PyLong_FromUnsignedLongLong(st->lo)) < 0 ||
        pcl_put(t, 2, PyLong_FromUnsignedLongLong(st->hi)) < 0 ||
        pcl_put(t, 3, PyLong_FromUnsignedLongLong(st->moves)) < 0 ||
        pcl_put(t, 4,
                st->to_move != 0 ? PyLong_FromLong(st->to_move)
                                 : Py_NewRef(Py_None)) < 0 ||
        pcl_put(t, 5, pcl_int_from_i128(st->p1)) < 0 ||
        pcl_put(t, 6, pcl_int_from_i128(st->p2)) < 0 ||
        pcl_put(t, 7, pcl_int_from_i128(st->value)) < 0 ||
        pcl_put(t, 8, pcl_int_from_i128(st->final_margin)) < 0 ||
        pcl_put(t, 9, pcl_side_object(st->best)) < 0 ||
        pcl_put(t, 10, coins_left(engine, st->lo, st->hi)) < 0) {
        Py_DECREF(t);
        return NULL;
    }
    return t;
}

/* A State's repr shows a row of up to STATE_WHOLE coins whole; a longer
 * one, its first and last STATE_ENDS coins and how many are between. */
#define STATE_WHOLE 12
#define STATE_ENDS  5

/* The coins v[0..n-1] as a State's repr shows them: "[3, 5, 2, 9]", or
 * "[1, 2, 3, 4, 5, <990 more>, 996, 997, 998, 999, 1000]". */
static PyObject *coin_list_text(const int64_t *v, Py_ssize_t n)
{
    const int elide = n > STATE_WHOLE;
    const Py_ssize_t shown = elide ? 2 * STATE_ENDS : n;
    PyObject *parts = PyList_New(shown + elide);
    for (Py_ssize_t k = 0, i = 0; parts != NULL && k < shown + elide; k++) {
        PyObject *part;
        if (elide && k == STATE_ENDS) {
            part = PyUnicode_FromFormat("<%zd more>", n - shown);
            i = n - STATE_ENDS;
        } else {
            part = PyUnicode_FromFormat("%lld", (long long)v[i++]);
        }
        if (part == NULL)
            Py_CLEAR(parts);
        else
            PyList_SET_ITEM(parts, k, part);
    }
    PyObject *sep = parts != NULL ? PyUnicode_FromString(", ") : NULL;
    PyObject *body = sep != NULL ? PyUnicode_Join(sep, parts) : NULL;
    PyObject *text = body != NULL ? PyUnicode_FromFormat("[%U]", body) : NULL;
    Py_XDECREF(parts);
    Py_XDECREF(sep);
    Py_XDECREF(body);
    return text;
}

/* The coins field as a State's repr shows it: an engine's row (a
 * one-dimensional memoryview of int64) as a list of its values, elided
 * when long; anything else (a State made by hand, a released view) by
 * its own repr. */
static PyObject *coins_text(PyObject *coins)
{
    Py_buffer b;
    if (!PyMemoryView_Check(coins) ||
        PyObject_GetBuffer(coins, &b, PyBUF_CONTIG_RO | PyBUF_FORMAT) < 0) {
        PyErr_Clear();
        return PyObject_Repr(coins);
    }
    PyObject *text = b.ndim == 1 && b.itemsize == sizeof(int64_t) &&
                             b.format != NULL && strcmp(b.format, "q") == 0
                         ? coin_list_text(b.buf, b.len / b.itemsize)
                         : PyObject_Repr(coins);
    PyBuffer_Release(&b);
    return text;
}

/* State.__repr__: the named tuple's repr, with the coins left readable
 * instead of "<memory at 0x...>". */
static PyObject *state_repr(PyObject *self, PyObject *unused)
{
    const Py_ssize_t fields = state_desc.n_in_sequence;
    PyObject *parts = PyList_New(fields);
    (void)unused;
    for (Py_ssize_t k = 0; parts != NULL && k < fields; k++) {
        PyObject *v = PyStructSequence_GetItem(self, k);
        PyObject *text = k == fields - 1 ? coins_text(v) : PyObject_Repr(v);
        PyObject *part =
            text != NULL
                ? PyUnicode_FromFormat("%s=%U", state_fields[k].name, text)
                : NULL;
        Py_XDECREF(text);
        if (part == NULL)
            Py_CLEAR(parts);
        else
            PyList_SET_ITEM(parts, k, part);
    }
    PyObject *sep = parts != NULL ? PyUnicode_FromString(", ") : NULL;
    PyObject *body = sep != NULL ? PyUnicode_Join(sep, parts) : NULL;
    PyObject *repr =
        body != NULL ? PyUnicode_FromFormat("coinline.State(%U)", body) : NULL;
    Py_XDECREF(parts);
    Py_XDECREF(sep);
    Py_XDECREF(body);
    return repr;
}

static PyMethodDef state_repr_def = {
    "__repr__", state_repr, METH_NOARGS,
    "__repr__($self, /)\n--\n\nReturn repr(self): the coins left as a list."};

/* Gives the State type its repr. A Python whose struct sequences cannot
 * take a new __repr__ keeps the default one (the coins as a memoryview):
 * a repr is not worth refusing to import over. */
static int add_state_repr(void)
{
    PyObject *repr = PyDescr_NewMethod(state_type, &state_repr_def);
    if (repr == NULL)
        return -1;
    if (PyObject_SetAttrString((PyObject *)state_type, "__repr__", repr) < 0)
        PyErr_Clear();
    Py_DECREF(repr);
    return 0;
}

int pcl_engine_check(PyObject *obj, const char *what)
{
    if (!PyObject_TypeCheck(obj, &pcl_engine_type)) {
        PyErr_Format(PyExc_TypeError,
                     "%s must be a coinline.Engine, not %.200s", what,
                     Py_TYPE(obj)->tp_name);
        return 0;
    }
    if (((pcl_engine_t *)obj)->e == NULL) {
        PyErr_SetString(PyExc_RuntimeError,
                        "this Engine holds no game: Engine.__init__ failed or "
                        "was not called");
        return 0;
    }
    return 1;
}

static void engine_clear(pcl_engine_t *self)
{
    coinline_engine_free(self->e);
    PyMem_Free(self->history);
    self->e = NULL;
    self->history = NULL;
    self->n = self->played = 0;
}

static void engine_dealloc(PyObject *obj)
{
    engine_clear((pcl_engine_t *)obj);
    Py_TYPE(obj)->tp_free(obj);
}

/* A new engine on row, into *out: 0, or -1 with an exception set. The
 * GIL is released for a long row that is a private copy. */
static int build(const pcl_row_t *row, coinline_engine_t **out)
{
    int rc;
    PCL_ON_ROW(row, rc = coinline_engine_new(row->coins, row->n, out));
    if (rc != COINLINE_OK) {
        const coinline_rules_t classic =
            COINLINE_RULES_INIT(COINLINE_SHAPE_LINE, COINLINE_SCORE_TAKEN);
        pcl_raise_solver(rc, "Engine", &classic, PCL_LINE, COINLINE_ALGO_LINEAR,
                         row->n);
        return -1;
    }
    return 0;
}

/* Engine(coins): builds the engine on a copy of the row. The new game is
 * made whole first and only then replaces the old one, so a failed
 * __init__ leaves the engine as it was, and one run again from inside
 * (by an element's __index__) leaks nothing. */
static int engine_init(PyObject *obj, PyObject *args, PyObject *kwargs)
{
    static char *kwlist[] = {"coins", NULL};
    pcl_engine_t *self = (pcl_engine_t *)obj;
    PyObject *coins;
    pcl_row_t row;
    coinline_engine_t *e = NULL;
    char *history = NULL;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O:Engine", kwlist, &coins))
        return -1;
    int rc = pcl_row_from_object(coins, &row);
    if (rc == 0 && (history = PyMem_Malloc(row.n + 1)) == NULL)
        rc = (PyErr_NoMemory(), -1);
    if (rc == 0)
        rc = build(&row, &e);
    if (rc == 0 && self->exports > 0) {
        PyErr_SetString(PyExc_BufferError,
                        "a memoryview of this Engine's row is still held");
        rc = -1;
    }
    if (rc == 0) {
        engine_clear(self);
        history[0] = '\0';
        self->e = e;
        self->n = row.n;
        self->history = history;
        self->changes++;
    } else {
        coinline_engine_free(e);
        PyMem_Free(history);
    }
    pcl_row_release(&row);
    return rc;
}

static PyObject *engine_play(PyObject *obj, PyObject *arg)
{
    pcl_engine_t *self = (pcl_engine_t *)obj;
    coinline_side_t side;
    if (!pcl_engine_check(obj, "self") ||
        pcl_parse_side(arg, "side", &side) < 0)
        return NULL;
    if (self->played == self->n)
        return PyErr_Format(PyExc_ValueError, "no coin is left to take");
    const int64_t *row = coinline_engine_row(self->e);
    const int rc = coinline_engine_play(self->e, side);
    if (rc != COINLINE_OK)
        return pcl_raise(rc, "Engine.play", NULL);
    self->history[self->played++] = side == COINLINE_SIDE_LEFT ? 'L' : 'R';
    self->history[self->played] = '\0';
    self->changes++;
    coinline_engine_state_t st;
    coinline_engine_state(self->e, &st);
    return PyLong_FromLongLong(side == COINLINE_SIDE_LEFT ? row[st.lo - 1]
                                                          : row[st.hi]);
}

static PyObject *engine_undo(PyObject *obj, PyObject *unused)
{
    pcl_engine_t *self = (pcl_engine_t *)obj;
    (void)unused;
    if (!pcl_engine_check(obj, "self"))
        return NULL;
    if (self->played == 0)
        return PyErr_Format(PyExc_ValueError, "no move to take back");
    const int rc = coinline_engine_undo(self->e);
    if (rc != COINLINE_OK)
        return pcl_raise(rc, "Engine.undo", NULL);
    self->history[--self->played] = '\0';
    self->changes++;
    Py_RETURN_NONE;
}

static PyObject *engine_state(PyObject *obj, PyObject *unused)
{
    pcl_engine_t *self = (pcl_engine_t *)obj;
    coinline_engine_state_t st;
    (void)unused;
    if (!pcl_engine_check(obj, "self"))
        return NULL;
    const int rc = coinline_engine_state(self->e, &st);
    if (rc != COINLINE_OK)
        return pcl_raise(rc, "Engine.state", NULL);
    return pcl_state_new(self, &st);
}

static Py_ssize_t engine_len(PyObject *obj)
{
    pcl_engine_t *self = (pcl_engine_t *)obj;
    return (Py_ssize_t)(self->n - self->played);
}

static PyObject *engine_moves(PyObject *obj, void *unused)
{
    pcl_engine_t *self = (pcl_engine_t *)obj;
    (void)unused;
    return PyUnicode_FromStringAndSize(
        self->history != NULL ? self->history : "", (Py_ssize_t)self->played);
}

static PyObject *engine_changes(PyObject *obj, void *unused)
{
    (void)unused;
    return PyLong_FromUnsignedLongLong(((pcl_engine_t *)obj)->changes);
}

static PyObject *engine_row(PyObject *obj, void *unused)
{
    (void)unused;
    if (!pcl_engine_check(obj, "self"))
        return NULL;
    return PyMemoryView_FromObject(obj);
}

static PyObject *engine_repr(PyObject *obj)
{
    pcl_engine_t *self = (pcl_engine_t *)obj;
    if (self->e == NULL)
        return PyUnicode_FromString("<coinline.Engine holding no game>");
    const size_t left = self->n - self->played;
    if (left == 0)
        return PyUnicode_FromFormat("<coinline.Engine: %zu coins, game over>",
                                    self->n);
    return PyUnicode_FromFormat(
        "<coinline.Engine: %zu coins, %zu left, player %d to move>", self->n,
        left, (int)(self->played % 2) + 1);
}

static int engine_getbuffer(PyObject *obj, Py_buffer *view, int flags)
{
    static const int64_t none[1] = {0};
    pcl_engine_t *full = (pcl_engine_t *)obj;
    view->obj = NULL;
    if (!pcl_engine_check(obj, "self"))
        return -1;
    if (flags & PyBUF_WRITABLE) {
        PyErr_SetString(PyExc_BufferError, "an Engine's row is read-only");
        return -1;
    }
    const int64_t *row = coinline_engine_row(full->e);
    full->shape = (Py_ssize_t)full->n;
    full->stride = (Py_ssize_t)sizeof(int64_t);
    view->buf = (void *)(row != NULL ? row : none);
    view->obj = Py_NewRef(obj);
    view->len = full->shape * full->stride;
    view->readonly = 1;
    view->itemsize = full->stride;
    view->format = (flags & PyBUF_FORMAT) ? "q" : NULL;
    view->ndim = 1;
    view->shape = (flags & PyBUF_ND) ? &full->shape : NULL;
    view->strides =
        (flags & PyBUF_STRIDES) == PyBUF_STRIDES ? &full->stride : NULL;
    view->suboffsets = NULL;
    view->internal = NULL;
    full->exports++;
    return 0;
}

static void engine_releasebuffer(PyObject *obj, Py_buffer *view)
{
    (void)view;
    ((pcl_engine_t *)obj)->exports--;
}

static PyBufferProcs engine_buffer = {engine_getbuffer, engine_releasebuffer};

static PySequenceMethods engine_sequence = {.sq_length = engine_len};

static PyMethodDef engine_methods[] = {
    {"play", engine_play, METH_O,
     "play($self, side, /)\n--\n\n"
     "The player to move takes the first coin ('left' or 'L') or the last\n"
     "('right' or 'R'), optimal or not. Returns the coin taken (an int).\n"
     "Raises ValueError for another side, or when no coin is left.\n"
     "Cost: O(log n) amortised."},
    {"undo", engine_undo, METH_NOARGS,
     "undo($self, /)\n--\n\n"
     "Takes back the last move. Raises ValueError when no move was played.\n"
     "Cost: O(log n) amortised."},
    {"state", engine_state, METH_NOARGS,
     "state($self, /)\n--\n\n"
     "The position reached, a State: who is to move, the optimal move\n"
     "('left', 'right'; None at the end), the value it secures for the\n"
     "player to move, the totals so far, the final margin with best play,\n"
     "and the coins left (a memoryview of the row, no copy). Cost:\n"
     "O(log n) amortised."},
    {NULL, NULL, 0, NULL}};

static PyGetSetDef engine_getset[] = {
    {"moves", engine_moves, NULL,
     "The moves played so far, a str of 'L' and 'R'.", NULL},
    {"changes", engine_changes, NULL,
     "How many times the engine has changed (moves, undos, __init__): a\n"
     "position seen twice with the same count is the same position.",
     NULL},
    {"row", engine_row, NULL,
     "The whole row, a read-only memoryview of int64 (no copy).", NULL},
    {NULL, NULL, NULL, NULL, NULL}};

PyTypeObject pcl_engine_type = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "coinline.Engine",
    .tp_basicsize = sizeof(pcl_engine_t),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    .tp_doc = "Engine(coins)\n--\n\n"
              "A game in progress on a row of coins, and the optimal move at\n"
              "every position: play either side, undo, and ask the state.\n"
              "len() is the number of coins left. The row is copied; building\n"
              "costs O(n) time and about 150 bytes a coin (the GIL is\n"
              "released for long rows). Each call holds the GIL, so threads\n"
              "that share an Engine take turns; their moves interleave in\n"
              "whatever order they come, so give each game its own Engine.",
    .tp_new = PyType_GenericNew,
    .tp_init = engine_init,
    .tp_dealloc = engine_dealloc,
    .tp_repr = engine_repr,
    .tp_methods = engine_methods,
    .tp_getset = engine_getset,
    .tp_as_sequence = &engine_sequence,
    .tp_as_buffer = &engine_buffer,
};

int pcl_engine_add_types(PyObject *module)
{
    state_type = PyStructSequence_NewType(&state_desc);
    if (state_type == NULL || add_state_repr() < 0 ||
        PyType_Ready(&pcl_engine_type) < 0)
        return -1;
    if (PyModule_AddObjectRef(module, "State", (PyObject *)state_type) < 0 ||
        PyModule_AddObjectRef(module, "Engine", (PyObject *)&pcl_engine_type) <
            0)
        return -1;
    return 0;
}
