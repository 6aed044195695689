/* SPDX-License-Identifier: MIT */
/*
 * rowsgame.c - coinline.RowsGame, a game of several rows in progress over
 * the library's coinline_multirow_game_*() calls: a move is a row
 * (0-based, as Python's lists count) and an end of it; moves optimal or
 * not, undos, and at every position the optimal move (O(log n) amortised
 * a move) and the value, kept from move to move. coinline.RowsState is
 * a position it has reached.
 *
 * The object keeps a copy of the rows (the library keeps its own and
 * gives only where each row's coins left begin and end), so that a move
 * returns the coin it took and the coins left can be shown; and the moves
 * played, for RowsGame.moves. Every call keeps the GIL, except building
 * a long game, whose rows are a private copy.
 */
#include "rowsgame.h"

#include <string.h>

#include "common.h"
#include "multirow.h"
#include "rows.h"

typedef struct {
    PyObject_HEAD
    coinline_multirow_game_t *g; /* NULL until __init__ succeeds */
    int64_t *coins;              /* the rows as given, one after the other */
    uint64_t *start;             /* row r is coins[start[r]..start[r + 1]) */
    size_t k;                    /* rows */
    uint64_t *played; /* the moves played: row * 2 + 1 for the right end */
    size_t count, cap;
} rows_game_t;

static PyTypeObject rows_game_type;
static PyTypeObject *rows_state_type;

static PyStructSequence_Field rows_state_fields[] = {
    {"n", "coins in the game, all rows together"},
    {"rows", "the number of rows"},
    {"moves", "moves played so far"},
    {"left", "coins left (n - moves)"},
    {"to_move", "1 or 2, the player to move; None when no coin is left"},
    {"p1", "the first player's total so far"},
    {"p2", "the second player's total so far"},
    {"best", "the optimal move, a pair (row, side): the row (0-based) and "
             "'left' or 'right'; None when no coin is left"},
    {"value", "the best the player to move can secure from here, its own "
              "total minus the other's from here on; 0 when no coin is left"},
    {"final_margin", "p1 - p2 at the end if both play optimally from here"},
    {NULL, NULL}};

static PyStructSequence_Desc rows_state_desc = {
    "coinline.RowsState",
    "RowsState(sequence, dict={})\n--\n\n"
    "A position of a RowsGame: who is to move, the totals so far, the\n"
    "coins left and the optimal move as (row, side). Exact ints; a named\n"
    "tuple.",
    rows_state_fields, 10};

/* 1 when obj is a RowsGame holding a game, else 0 with an exception. */
static int game_check(PyObject *obj)
{
    if (((rows_game_t *)obj)->g != NULL)
        return 1;
    PyErr_SetString(PyExc_RuntimeError,
                    "this RowsGame holds no game: RowsGame.__init__ failed or "
                    "was not called");
    return 0;
}

/* Frees what the game holds (not the object). */
static void game_clear(rows_game_t *self)
{
    coinline_multirow_game_free(self->g);
    PyMem_Free(self->coins);
    PyMem_Free(self->start);
    PyMem_Free(self->played);
    self->g = NULL;
    self->coins = NULL;
    self->start = self->played = NULL;
    self->k = self->count = self->cap = 0;
}

static void game_dealloc(PyObject *obj)
{
    game_clear((rows_game_t *)obj);
    Py_TYPE(obj)->tp_free(obj);
}

/* The error of coinline_multirow_game_new()'s code rc on rows. */
static void refuse_rows(int rc, const pcl_rows_t *rows)
{
    if (rc == COINLINE_ETOOBIG)
        PyErr_Format(PyExc_ValueError,
                     "RowsGame: a row of %zu coins is too long for a game "
                     "(a row holds fewer than 2**32 - 5)",
                     rows->longest);
    else
        pcl_raise(rc, "RowsGame", NULL);
}

/* Where each row of rows begins, and its end: k + 1 offsets, or NULL with
 * MemoryError set. */
static uint64_t *row_starts(const pcl_rows_t *rows)
{
    uint64_t *start = PyMem_Calloc(rows->k + 1, sizeof *start);
    if (start == NULL) {
        PyErr_NoMemory();
        return NULL;
    }
    for (size_t r = 0; r < rows->k; r++)
        start[r + 1] = start[r] + rows->lens[r];
    return start;
}

/* RowsGame(rows). A failed __init__ leaves the game as it was. */
static int game_init(PyObject *obj, PyObject *args, PyObject *kwargs)
{
    static char *kwlist[] = {"rows", NULL};
    rows_game_t *self = (rows_game_t *)obj;
    PyObject *rows_obj;
    pcl_rows_t rows;
    coinline_multirow_game_t *g = NULL;
    int rc;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O:RowsGame", kwlist,
                                     &rows_obj) ||
        pcl_rows_from_object(rows_obj, &rows) < 0)
        return -1;
    if (rows.n >= PCL_GIL_MIN) { /* a private copy: no Python code sees it */
        Py_BEGIN_ALLOW_THREADS rc =
            coinline_multirow_game_new(rows.coins, rows.lens, rows.k, &g);
        Py_END_ALLOW_THREADS
    } else {
        rc = coinline_multirow_game_new(rows.coins, rows.lens, rows.k, &g);
    }
    uint64_t *start = rc == COINLINE_OK ? row_starts(&rows) : NULL;
    if (start != NULL && rows.coins == NULL && /* no coin: an empty buffer */
        (rows.coins = PyMem_Malloc(sizeof *rows.coins)) == NULL) {
        PyErr_NoMemory();
        PyMem_Free(start);
        start = NULL;
        rc = COINLINE_OK;
    }
    if (start == NULL) {
        if (rc != COINLINE_OK)
            refuse_rows(rc, &rows);
        coinline_multirow_game_free(g);
        pcl_rows_release(&rows);
        return -1;
    }
    game_clear(self);
    self->g = g;
    self->coins = rows.coins; /* the game's now */
    self->start = start;
    self->k = rows.k;
    PyMem_Free(rows.lens);
    return 0;
}

/* The game's position into *st: 0, or -1 with an exception set. */
static int read_state(const rows_game_t *self, const char *what,
                      coinline_multirow_state_t *st)
{
    const int rc = coinline_multirow_game_state(self->g, st);
    if (rc == COINLINE_OK)
        return 0;
    pcl_raise(rc, what, NULL);
    return -1;
}

/* The move (row, side) as a pair. */
static PyObject *move_pair(uint64_t row, coinline_side_t side)
{
    return Py_BuildValue("(KN)", (unsigned long long)row,
                         pcl_side_object(side));
}

static PyObject *state_new(const coinline_multirow_state_t *st)
{
    PyObject *t = PyStructSequence_New(rows_state_type);
    if (t == NULL)
        return NULL;
    if (pcl_put(t, 0, PyLong_FromUnsignedLongLong(st->n)) < 0 ||
        pcl_put(t, 1, PyLong_FromUnsignedLongLong(st->rows)) < 0 ||
        pcl_put(t, 2, PyLong_FromUnsignedLongLong(st->moves)) < 0 ||
        pcl_put(t, 3, PyLong_FromUnsignedLongLong(st->left)) < 0 ||
        pcl_put(t, 4,
                st->to_move != 0 ? PyLong_FromLong(st->to_move)
                                 : Py_NewRef(Py_None)) < 0 ||
        pcl_put(t, 5, pcl_int_from_i128(st->p1)) < 0 ||
        pcl_put(t, 6, pcl_int_from_i128(st->p2)) < 0 ||
        pcl_put(t, 7,
                st->best_side != COINLINE_SIDE_NONE
                    ? move_pair(st->best_row, st->best_side)
                    : Py_NewRef(Py_None)) < 0 ||
        pcl_put(t, 8, pcl_int_from_i128(st->value)) < 0 ||
        pcl_put(t, 9, pcl_int_from_i128(st->final_margin)) < 0) {
        Py_DECREF(t);
        return NULL;
    }
    return t;
}

/* The row obj (an int, 0-based) of the call what into *row: 0, or -1
 * with TypeError (no int) or ValueError (no such row) set. */
static int parse_row(const rows_game_t *self, PyObject *obj, const char *what,
                     size_t *row)
{
    if (PyBool_Check(obj) || !PyIndex_Check(obj)) {
        PyErr_Format(PyExc_TypeError,
                     "%s: a row is an int (rows count from 0), not %.200s",
                     what, Py_TYPE(obj)->tp_name);
        return -1;
    }
    const Py_ssize_t r = PyNumber_AsSsize_t(obj, NULL); /* clamped */
    if (r == -1 && PyErr_Occurred())
        return -1;
    if (r >= 0 && (size_t)r < self->k) {
        *row = (size_t)r;
        return 0;
    }
    if (self->k == 0)
        PyErr_Format(PyExc_ValueError,
                     "%s: there is no row %R: the game has "
                     "no rows",
                     what, obj);
    else
        PyErr_Format(PyExc_ValueError,
                     "%s: there is no row %R: the rows are 0 to %zu", what, obj,
                     self->k - 1);
    return -1;
}

/* The coins row r has left: coins + *lo .. coins + *hi. */
static void row_left(const rows_game_t *self, size_t r, uint64_t *lo,
                     uint64_t *hi)
{
    uint64_t a = 0, b = 0;
    coinline_multirow_game_row(self->g, r, &a, &b); /* r < k: it answers */
    *lo = self->start[r] + a;
    *hi = self->start[r] + b;
}

/* Room for one more move in self->played: 0, or -1 with MemoryError. */
static int reserve_move(rows_game_t *self)
{
    if (self->count < self->cap)
        return 0;
    const size_t cap = self->cap < 16 ? 16 : 2 * self->cap;
    uint64_t *p = cap < (size_t)PY_SSIZE_T_MAX / sizeof *p
                      ? PyMem_Realloc(self->played, cap * sizeof *p)
                      : NULL;
    if (p == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    self->played = p;
    self->cap = cap;
    return 0;
}

/* The refusal of a move on row r, which has no coin left. */
static PyObject *no_coin(const rows_game_t *self, size_t r, const char *what)
{
    coinline_multirow_state_t st;
    if (read_state(self, what, &st) < 0)
        return NULL;
    if (st.left == 0)
        return PyErr_Format(PyExc_ValueError, "%s: no coin is left to take",
                            what);
    return PyErr_Format(PyExc_ValueError,
                        "%s: row %zu has no coin left (the best "
                        "move is row %llu, %s end)",
                        what, r, (unsigned long long)st.best_row,
                        st.best_side == COINLINE_SIDE_LEFT ? "left" : "right");
}

static PyObject *game_play(PyObject *obj, PyObject *args, PyObject *kwargs)
{
    static char *kwlist[] = {"row", "side", NULL};
    rows_game_t *self = (rows_game_t *)obj;
    PyObject *row_obj, *side_obj;
    size_t r;
    coinline_side_t side;
    uint64_t lo, hi;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OO:play", kwlist, &row_obj,
                                     &side_obj) ||
        !game_check(obj) || parse_row(self, row_obj, "RowsGame.play", &r) < 0 ||
        pcl_parse_side(side_obj, "RowsGame.play: side", &side) < 0)
        return NULL;
    row_left(self, r, &lo, &hi);
    if (lo == hi)
        return no_coin(self, r, "RowsGame.play");
    if (reserve_move(self) < 0)
        return NULL;
    const int rc = coinline_multirow_game_play(self->g, r, side);
    if (rc != COINLINE_OK)
        return pcl_raise(rc, "RowsGame.play", NULL);
    self->played[self->count++] =
        (uint64_t)r * 2 + (side == COINLINE_SIDE_RIGHT);
    return PyLong_FromLongLong(
        self->coins[side == COINLINE_SIDE_LEFT ? lo : hi - 1]);
}

static PyObject *game_outcome(PyObject *obj, PyObject *args, PyObject *kwargs)
{
    static char *kwlist[] = {"row", "side", NULL};
    rows_game_t *self = (rows_game_t *)obj;
    PyObject *row_obj, *side_obj;
    size_t r;
    coinline_side_t side;
    uint64_t lo, hi;
    coinline_i128_t margin;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OO:outcome", kwlist,
                                     &row_obj, &side_obj) ||
        !game_check(obj) ||
        parse_row(self, row_obj, "RowsGame.outcome", &r) < 0 ||
        pcl_parse_side(side_obj, "RowsGame.outcome: side", &side) < 0)
        return NULL;
    row_left(self, r, &lo, &hi);
    if (lo == hi)
        return no_coin(self, r, "RowsGame.outcome");
    const int rc = coinline_multirow_game_outcome(self->g, r, side, &margin);
    return rc == COINLINE_OK ? pcl_int_from_i128(margin)
                             : pcl_raise(rc, "RowsGame.outcome", NULL);
}

static PyObject *game_undo(PyObject *obj, PyObject *unused)
{
    rows_game_t *self = (rows_game_t *)obj;
    (void)unused;
    if (!game_check(obj))
        return NULL;
    if (self->count == 0)
        return PyErr_Format(PyExc_ValueError,
                            "RowsGame.undo: no move to take back");
    const int rc = coinline_multirow_game_undo(self->g);
    if (rc != COINLINE_OK)
        return pcl_raise(rc, "RowsGame.undo", NULL);
    self->count--;
    Py_RETURN_NONE;
}

static PyObject *game_state(PyObject *obj, PyObject *unused)
{
    coinline_multirow_state_t st;
    (void)unused;
    if (!game_check(obj) ||
        read_state((rows_game_t *)obj, "RowsGame.state", &st) < 0)
        return NULL;
    return state_new(&st);
}

static PyObject *game_value(PyObject *obj, PyObject *unused)
{
    coinline_i128_t v;
    (void)unused;
    if (!game_check(obj))
        return NULL;
    const int rc = coinline_multirow_game_value(((rows_game_t *)obj)->g, &v);
    return rc == COINLINE_OK ? pcl_int_from_i128(v)
                             : pcl_raise(rc, "RowsGame.value", NULL);
}

/* The coins row r has left, a list. */
static PyObject *left_list(const rows_game_t *self, size_t r)
{
    uint64_t lo, hi;
    row_left(self, r, &lo, &hi);
    /* self->coins is NULL when no row has a coin */
    return pcl_coin_list(self->coins != NULL ? self->coins + lo : NULL,
                         (size_t)(hi - lo));
}

static PyObject *game_row(PyObject *obj, PyObject *args, PyObject *kwargs)
{
    static char *kwlist[] = {"row", NULL};
    rows_game_t *self = (rows_game_t *)obj;
    PyObject *row_obj;
    size_t r;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O:row", kwlist, &row_obj) ||
        !game_check(obj) || parse_row(self, row_obj, "RowsGame.row", &r) < 0)
        return NULL;
    return left_list(self, r);
}

/* A list of the k rows: the coins each has left, or (left 0) as given. */
static PyObject *rows_list(const rows_game_t *self, int left)
{
    PyObject *list = PyList_New((Py_ssize_t)self->k);
    for (size_t r = 0; list != NULL && r < self->k; r++) {
        PyObject *v =
            left
                ? left_list(self, r)
                : pcl_coin_list(
                      self->coins != NULL ? self->coins + self->start[r] : NULL,
                      (size_t)(self->start[r + 1] - self->start[r]));
        if (v == NULL)
            Py_CLEAR(list);
        else
            PyList_SET_ITEM(list, (Py_ssize_t)r, v);
    }
    return list;
}

static PyObject *game_rows(PyObject *obj, void *unused)
{
    (void)unused;
    return game_check(obj) ? rows_list((rows_game_t *)obj, 1) : NULL;
}

static PyObject *game_coins(PyObject *obj, void *unused)
{
    (void)unused;
    return game_check(obj) ? rows_list((rows_game_t *)obj, 0) : NULL;
}

static PyObject *game_moves(PyObject *obj, void *unused)
{
    rows_game_t *self = (rows_game_t *)obj;
    (void)unused;
    if (!game_check(obj))
        return NULL;
    PyObject *list = PyList_New((Py_ssize_t)self->count);
    for (size_t i = 0; list != NULL && i < self->count; i++) {
        const uint64_t m = self->played[i];
        PyObject *v =
            move_pair(m / 2, m % 2 ? COINLINE_SIDE_RIGHT : COINLINE_SIDE_LEFT);
        if (v == NULL)
            Py_CLEAR(list);
        else
            PyList_SET_ITEM(list, (Py_ssize_t)i, v);
    }
    return list;
}

static Py_ssize_t game_len(PyObject *obj)
{
    rows_game_t *self = (rows_game_t *)obj;
    coinline_multirow_state_t st;
    if (!game_check(obj) || read_state(self, "RowsGame", &st) < 0)
        return -1;
    return (Py_ssize_t)st.left;
}

static PyObject *game_repr(PyObject *obj)
{
    rows_game_t *self = (rows_game_t *)obj;
    coinline_multirow_state_t st;
    if (self->g == NULL ||
        coinline_multirow_game_state(self->g, &st) != COINLINE_OK)
        return PyUnicode_FromString("<coinline.RowsGame holding no game>");
    const char *rs = st.rows == 1 ? "" : "s", *cs = st.n == 1 ? "" : "s";
    if (st.left == 0)
        return PyUnicode_FromFormat(
            "<coinline.RowsGame: %zu row%s, %zu coin%s, game over>",
            (size_t)st.rows, rs, (size_t)st.n, cs);
    return PyUnicode_FromFormat(
        "<coinline.RowsGame: %zu row%s, %zu coin%s, %zu left, player %d to "
        "move>",
        (size_t)st.rows, rs, (size_t)st.n, cs, (size_t)st.left, st.to_move);
}

/* clang-format off */
static PyMethodDef game_methods[] = {
    {"play", (PyCFunction)(void (*)(void))game_play,
     METH_VARARGS | METH_KEYWORDS,
     "play($self, /, row, side)\n--\n\n"
     "The player to move takes the coin at the end side ('left' or 'L',\n"
     "'right' or 'R') of row (an int, 0-based), optimal or not. Returns\n"
     "the coin taken (an int). Raises ValueError for a row that is not\n"
     "there or has no coin left, or a side that is no end; TypeError for\n"
     "a row that is no int or a side that is no str. Cost: O(log n)\n"
     "amortised."},
    {"outcome", (PyCFunction)(void (*)(void))game_outcome,
     METH_VARARGS | METH_KEYWORDS,
     "outcome($self, /, row, side)\n--\n\n"
     "The final margin p1 - p2 if the player to move takes the given end\n"
     "of row (0-based) and both play optimally after: the best move's is\n"
     "state().final_margin, and a move's loss is the difference. The\n"
     "position is unchanged. Cost: O(log n) amortised. Raises as play()."},
    {"undo", game_undo, METH_NOARGS,
     "undo($self, /)\n--\n\n"
     "Takes back the last move. Raises ValueError when no move was played.\n"
     "Cost: O(log n) amortised."},
    {"state", game_state, METH_NOARGS,
     "state($self, /)\n--\n\n"
     "The position reached, a RowsState: who is to move, the totals so\n"
     "far, the coins left and the optimal move as (row, side) (None at the\n"
     "end). Cost: O(1)."},
    {"value", game_value, METH_NOARGS,
     "value($self, /)\n--\n\n"
     "The value of the position for the player to move: its final total\n"
     "minus the other's from here on, both playing optimally (0 at the\n"
     "end): state().value. Cost: O(1) (the game keeps it from move to\n"
     "move)."},
    {"row", (PyCFunction)(void (*)(void))game_row,
     METH_VARARGS | METH_KEYWORDS,
     "row($self, /, row)\n--\n\n"
     "The coins row (an int, 0-based) has left, a new list (its first\n"
     "item is the row's left end). Raises as play() for a bad row.\n"
     "Cost: O(its length)."},
    {NULL, NULL, 0, NULL}};
/* clang-format on */

static PyGetSetDef game_getset[] = {
    {"rows", game_rows, NULL,
     "The coins each row has left, a new list of lists (row r is\n"
     "row(r)).",
     NULL},
    {"coins", game_coins, NULL, "The rows as given, a new list of lists.",
     NULL},
    {"moves", game_moves, NULL,
     "The moves played so far, a list of pairs (row, side).", NULL},
    {NULL, NULL, NULL, NULL, NULL}};

static PySequenceMethods game_sequence = {.sq_length = game_len};

static PyTypeObject rows_game_type = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "coinline.RowsGame",
    .tp_basicsize = sizeof(rows_game_t),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    .tp_doc =
        "RowsGame(rows)\n--\n\n"
        "A game of several rows in progress, and the optimal move at every\n"
        "position: a move takes the first or the last coin of any row that\n"
        "has coins left, and is a row (0-based) and a side, 'left' or\n"
        "'right'. rows: an iterable of rows, as solve_rows() takes them,\n"
        "copied. len() is the number of coins left. Building costs O(n)\n"
        "time and about 200 bytes a coin (without the GIL for long games).",
    .tp_new = PyType_GenericNew,
    .tp_init = game_init,
    .tp_dealloc = game_dealloc,
    .tp_repr = game_repr,
    .tp_methods = game_methods,
    .tp_getset = game_getset,
    .tp_as_sequence = &game_sequence,
};

int pcl_rowsgame_add(PyObject *m)
{
    rows_state_type = PyStructSequence_NewType(&rows_state_desc);
    if (rows_state_type == NULL || PyType_Ready(&rows_game_type) < 0)
        return -1;
    if (PyModule_AddObjectRef(m, "RowsState", (PyObject *)rows_state_type) <
            0 ||
        PyModule_AddObjectRef(m, "RowsGame", (PyObject *)&rows_game_type) < 0)
        return -1;
    return 0;
}
