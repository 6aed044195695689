/* SPDX-License-Identifier: MIT */
/*
 * game.c - coinline.Game, a game in progress under any rules over the
 * library's coinline_game_*() calls, with moves as positions (1-based);
 * coinline.GameState, a position it has reached; and coinline.Table with
 * coinline.TableCell, the interval programme's table under any rules
 * (coinline_table_new_rules()). Nothing here asks which rules it has: the
 * library answers for every rule set.
 *
 * Every call keeps the GIL (a move is O(log n) amortised steps), except
 * building a game or a table on a long row that is a private copy.
 */
#include "game.h"

#include <string.h>

#include "common.h"
#include "rows.h"

typedef struct {
    PyObject_HEAD
    coinline_game_t *g; /* NULL until __init__ succeeds */
    uint64_t changes;   /* plays, undos and inits so far */
} game_t;

typedef struct {
    PyObject_HEAD
    coinline_table_t *t; /* NULL until __init__ succeeds */
} table_t;

static PyTypeObject game_type, table_type;
static PyTypeObject *game_state_type, *cell_type;

static PyStructSequence_Field game_state_fields[] = {
    {"n", "coins in the game"},
    {"moves", "moves played so far"},
    {"left", "coins left (n - moves)"},
    {"to_move", "1 or 2, the player to move; None when no coin is left"},
    {"p1", "the first player's score so far"},
    {"p2", "the second player's score so far"},
    {"value", "the best the player to move can secure from here, its own "
              "score minus the other's from here on; 0 at the end"},
    {"final_margin", "p1 - p2 at the end if both play optimally from here"},
    {"best", "the optimal move, a position (the left end on a tie; at a "
             "circle's move 1 the smallest optimal position); None at the "
             "end"},
    {"best_side", "best as an end, 'left' or 'right'; None where any coin "
                  "may be taken (a circle's move 1) or at the end"},
    {"left_end", "the position of the left end of the coins left; None "
                 "where any coin may be taken or none is left"},
    {"right_end", "the position of the right end (the left end's with one "
                  "coin left); None likewise"},
    {NULL, NULL}};

static PyStructSequence_Desc game_state_desc = {
    "coinline.GameState",
    "GameState(sequence, dict={})\n--\n\n"
    "A position of a Game: who is to move, the optimal move (a position)\n"
    "and what it secures, the scores so far, the ends of the coins left.\n"
    "Exact ints; a named tuple.",
    game_state_fields, 12};

static PyStructSequence_Field cell_fields[] = {
    {"value", "the best the player to move can secure on the run, own "
              "score minus the other's from there on, in the rules' scoring"},
    {"best", "its optimal move, a position: the run's first coin on a tie"},
    {"best_side", "'left' (the run's first coin; also a run of one) or "
                  "'right'"},
    {"on_line", "True when the optimal line from the start leaves exactly "
                "this run"},
    {NULL, NULL}};

static PyStructSequence_Desc cell_desc = {
    "coinline.TableCell",
    "TableCell(sequence, dict={})\n--\n\n"
    "A run of coins of a Table: its value, its optimal move and whether\n"
    "the optimal line passes through it. A named tuple.",
    cell_fields, 4};

/* The one argument, named name, of the method what: a borrowed
 * reference, or NULL with an exception set. */
static PyObject *one_arg(PyObject *args, PyObject *kwargs, const char *format,
                         char *name)
{
    char *kwlist[] = {name, NULL};
    PyObject *arg;
    return PyArg_ParseTupleAndKeywords(args, kwargs, format, kwlist, &arg)
               ? arg
               : NULL;
}

/* ---- Game ---------------------------------------------------------- */

/* 1 when obj is a Game holding a game, else 0 with an exception set. */
static int game_check(PyObject *obj)
{
    if (((game_t *)obj)->g != NULL)
        return 1;
    PyErr_SetString(PyExc_RuntimeError,
                    "this Game holds no game: Game.__init__ failed or was not "
                    "called");
    return 0;
}

static void game_dealloc(PyObject *obj)
{
    coinline_game_free(((game_t *)obj)->g);
    Py_TYPE(obj)->tp_free(obj);
}

/* Game(coins, *, circle=None, score=None, rules=None). A failed __init__
 * leaves the game as it was. */
static int game_init(PyObject *obj, PyObject *args, PyObject *kwargs)
{
    static char *kwlist[] = {"coins", "circle", "score", "rules", NULL};
    game_t *self = (game_t *)obj;
    PyObject *coins, *circle = NULL, *score = NULL, *rules_obj = NULL;
    coinline_rules_t rules;
    pcl_row_t row;
    coinline_game_t *g = NULL;
    int rc;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O|$OOO:Game", kwlist,
                                     &coins, &circle, &score, &rules_obj) ||
        pcl_parse_rules_args("Game", rules_obj, circle, score, &rules) < 0 ||
        pcl_row_from_object(coins, &row) < 0)
        return -1;
    PCL_ON_ROW(&row, rc = coinline_game_new(&rules, row.coins, row.n, &g));
    if (rc != COINLINE_OK) {
        pcl_raise_solver(rc, "Game", &rules, PCL_LINE, COINLINE_ALGO_LINEAR,
                         row.n);
        pcl_row_release(&row);
        return -1;
    }
    pcl_row_release(&row);
    coinline_game_free(self->g);
    self->g = g;
    self->changes++;
    return 0;
}

/* The game's position st as a GameState. */
static PyObject *game_state_new(const coinline_game_state_t *st)
{
    PyObject *t = PyStructSequence_New(game_state_type);
    if (t == NULL)
        return NULL;
    if (pcl_put(t, 0, PyLong_FromUnsignedLongLong(st->n)) < 0 ||
        pcl_put(t, 1, PyLong_FromUnsignedLongLong(st->moves)) < 0 ||
        pcl_put(t, 2, PyLong_FromUnsignedLongLong(st->left)) < 0 ||
        pcl_put(t, 3,
                st->to_move != 0 ? PyLong_FromLong(st->to_move)
                                 : Py_NewRef(Py_None)) < 0 ||
        pcl_put(t, 4, pcl_int_from_i128(st->p1)) < 0 ||
        pcl_put(t, 5, pcl_int_from_i128(st->p2)) < 0 ||
        pcl_put(t, 6, pcl_int_from_i128(st->value)) < 0 ||
        pcl_put(t, 7, pcl_int_from_i128(st->final_margin)) < 0 ||
        pcl_put(t, 8, pcl_position_object(st->best)) < 0 ||
        pcl_put(t, 9, pcl_side_object(st->best_side)) < 0 ||
        pcl_put(t, 10, pcl_position_object(st->left_end)) < 0 ||
        pcl_put(t, 11, pcl_position_object(st->right_end)) < 0) {
        Py_DECREF(t);
        return NULL;
    }
    return t;
}

/* The game's state into *st: 0, or -1 with an exception set naming what. */
static int read_state(game_t *self, const char *what, coinline_game_state_t *st)
{
    const int rc = coinline_game_state(self->g, st);
    if (rc == COINLINE_OK)
        return 0;
    pcl_raise(rc, what, NULL);
    return -1;
}

/* The move obj (a position, or a side: an end of the coins left) of the
 * call what as a position into *position: 0, or -1 with an exception set.
 * A side where any coin may be taken, or with no coin left, is refused. */
static int move_position(game_t *self, PyObject *obj, const char *what,
                         uint64_t *position)
{
    pcl_move_t mv;
    if (pcl_parse_move(obj, what, &mv) < 0)
        return -1;
    if (mv.side == 0) {
        *position = mv.position;
        return 0;
    }
    coinline_game_state_t st;
    if (read_state(self, what, &st) < 0)
        return -1;
    if (st.left == 0) {
        PyErr_Format(PyExc_ValueError, "%s: no coin is left to take", what);
        return -1;
    }
    if (st.left_end == 0) {
        PyErr_Format(PyExc_ValueError,
                     "%s: %R is an end, but any coin may be taken here: give "
                     "its position (1 to %llu)",
                     what, obj, (unsigned long long)st.n);
        return -1;
    }
    *position = mv.side == 'L' ? st.left_end : st.right_end;
    return 0;
}

/* The message for a position the game refuses to play at st. */
static PyObject *illegal(const char *what, uint64_t position,
                         const coinline_game_state_t *st)
{
    if (st->left == 0)
        return PyErr_Format(PyExc_ValueError, "%s: no coin is left to take",
                            what);
    if (position == 0 || position > st->n)
        return PyErr_Format(PyExc_ValueError,
                            "%s: position %llu is not on the %llu coins "
                            "(positions count from 1)",
                            what, (unsigned long long)position,
                            (unsigned long long)st->n);
    return PyErr_Format(PyExc_ValueError,
                        "%s: position %llu is not an end of the coins left "
                        "(%llu and %llu)",
                        what, (unsigned long long)position,
                        (unsigned long long)st->left_end,
                        (unsigned long long)st->right_end);
}

coinline_game_t *pcl_game_of(PyObject *obj, const char *what)
{
    if (!PyObject_TypeCheck(obj, &game_type)) {
        PyErr_Format(PyExc_TypeError, "%s must be a coinline.Game, not %.200s",
                     what, Py_TYPE(obj)->tp_name);
        return NULL;
    }
    return game_check(obj) ? ((game_t *)obj)->g : NULL;
}

uint64_t pcl_game_changes(PyObject *obj)
{
    return ((game_t *)obj)->changes;
}

PyObject *pcl_game_state(PyObject *obj, const char *what)
{
    coinline_game_state_t st;
    if (read_state((game_t *)obj, what, &st) < 0)
        return NULL;
    return game_state_new(&st);
}

int pcl_game_move(PyObject *game, PyObject *obj, const char *what,
                  uint64_t *position)
{
    game_t *self = (game_t *)game;
    coinline_game_state_t st;
    if (move_position(self, obj, what, position) < 0)
        return -1;
    if (coinline_game_is_legal(self->g, *position))
        return 0;
    if (read_state(self, what, &st) == 0)
        illegal(what, *position, &st);
    return -1;
}

static PyObject *game_play(PyObject *obj, PyObject *args, PyObject *kwargs)
{
    PyObject *arg = one_arg(args, kwargs, "O:play", "move");
    if (arg == NULL)
        return NULL;
    game_t *self = (game_t *)obj;
    uint64_t position;
    coinline_game_state_t st;
    if (!game_check(obj) ||
        move_position(self, arg, "Game.play", &position) < 0)
        return NULL;
    const int rc = coinline_game_play(self->g, position);
    if (rc == COINLINE_EMOVE)
        return read_state(self, "Game.play", &st) < 0
                   ? NULL
                   : illegal("Game.play", position, &st);
    if (rc != COINLINE_OK)
        return pcl_raise(rc, "Game.play", NULL);
    self->changes++;
    return PyLong_FromLongLong(coinline_game_coins(self->g)[position - 1]);
}

static PyObject *game_undo(PyObject *obj, PyObject *unused)
{
    game_t *self = (game_t *)obj;
    (void)unused;
    if (!game_check(obj))
        return NULL;
    if (coinline_game_moves(self->g) == 0)
        return PyErr_Format(PyExc_ValueError,
                            "Game.undo: no move to take back");
    const int rc = coinline_game_undo(self->g);
    if (rc != COINLINE_OK)
        return pcl_raise(rc, "Game.undo", NULL);
    self->changes++;
    Py_RETURN_NONE;
}

static PyObject *game_state(PyObject *obj, PyObject *unused)
{
    coinline_game_state_t st;
    (void)unused;
    if (!game_check(obj) || read_state((game_t *)obj, "Game.state", &st) < 0)
        return NULL;
    return game_state_new(&st);
}

static PyObject *game_outcome(PyObject *obj, PyObject *args, PyObject *kwargs)
{
    PyObject *arg = one_arg(args, kwargs, "O:outcome", "move");
    if (arg == NULL)
        return NULL;
    game_t *self = (game_t *)obj;
    uint64_t position;
    coinline_i128_t margin;
    coinline_game_state_t st;
    if (!game_check(obj) ||
        move_position(self, arg, "Game.outcome", &position) < 0)
        return NULL;
    const int rc = coinline_game_outcome(self->g, position, &margin);
    if (rc == COINLINE_EMOVE)
        return read_state(self, "Game.outcome", &st) < 0
                   ? NULL
                   : illegal("Game.outcome", position, &st);
    if (rc != COINLINE_OK)
        return pcl_raise(rc, "Game.outcome", NULL);
    return pcl_int_from_i128(margin);
}

static PyObject *game_is_legal(PyObject *obj, PyObject *args, PyObject *kwargs)
{
    PyObject *arg = one_arg(args, kwargs, "O:is_legal", "move");
    if (arg == NULL)
        return NULL;
    game_t *self = (game_t *)obj;
    pcl_move_t mv;
    if (!game_check(obj) || pcl_parse_move(arg, "Game.is_legal", &mv) < 0)
        return NULL;
    if (mv.side != 0) {
        coinline_game_state_t st;
        if (read_state(self, "Game.is_legal", &st) < 0)
            return NULL;
        return PyBool_FromLong(st.left_end != 0);
    }
    return PyBool_FromLong(coinline_game_is_legal(self->g, mv.position));
}

static PyObject *game_legal_moves(PyObject *obj, PyObject *unused)
{
    game_t *self = (game_t *)obj;
    coinline_game_state_t st;
    (void)unused;
    if (!game_check(obj) || read_state(self, "Game.legal_moves", &st) < 0)
        return NULL;
    if (st.left == 0)
        return PyList_New(0);
    if (st.left_end == 0) { /* any coin may be taken */
        PyObject *list = PyList_New((Py_ssize_t)st.n);
        for (uint64_t p = 1; list != NULL && p <= st.n; p++) {
            PyObject *v = PyLong_FromUnsignedLongLong(p);
            if (v == NULL)
                Py_CLEAR(list);
            else
                PyList_SET_ITEM(list, (Py_ssize_t)(p - 1), v);
        }
        return list;
    }
    if (st.left_end == st.right_end)
        return Py_BuildValue("[K]", (unsigned long long)st.left_end);
    return Py_BuildValue("[KK]", (unsigned long long)st.left_end,
                         (unsigned long long)st.right_end);
}

static PyObject *game_play_text(PyObject *obj, PyObject *args, PyObject *kwargs)
{
    static char *kwlist[] = {"text", NULL};
    game_t *self = (game_t *)obj;
    const char *text;
    Py_ssize_t len;
    coinline_error_t err;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "s#:play_text", kwlist,
                                     &text, &len) ||
        !game_check(obj))
        return NULL;
    memset(&err, 0, sizeof err);
    const uint64_t before = coinline_game_moves(self->g);
    const int rc = coinline_game_play_text(self->g, text, (size_t)len, &err);
    if (rc != COINLINE_OK)
        return pcl_raise(rc, "Game.play_text", &err);
    if (coinline_game_moves(self->g) != before)
        self->changes++;
    Py_RETURN_NONE;
}

static Py_ssize_t game_len(PyObject *obj)
{
    game_t *self = (game_t *)obj;
    if (!game_check(obj))
        return -1;
    return (Py_ssize_t)(coinline_game_size(self->g) -
                        coinline_game_moves(self->g));
}

static PyObject *game_moves(PyObject *obj, void *unused)
{
    game_t *self = (game_t *)obj;
    (void)unused;
    if (!game_check(obj))
        return NULL;
    const uint64_t count = coinline_game_moves(self->g);
    PyObject *list = PyList_New((Py_ssize_t)count);
    for (uint64_t k = 0; list != NULL && k < count; k++) {
        PyObject *v =
            PyLong_FromUnsignedLongLong(coinline_game_history(self->g, k + 1));
        if (v == NULL)
            Py_CLEAR(list);
        else
            PyList_SET_ITEM(list, (Py_ssize_t)k, v);
    }
    return list;
}

static PyObject *game_text(PyObject *obj, void *unused)
{
    game_t *self = (game_t *)obj;
    (void)unused;
    if (!game_check(obj))
        return NULL;
    const size_t count = (size_t)coinline_game_moves(self->g);
    uint64_t *positions =
        PyMem_Malloc((count > 0 ? count : 1) * sizeof *positions);
    char *text = PyMem_Malloc(count + 22);
    PyObject *out = NULL;
    if (positions == NULL || text == NULL) {
        out = PyErr_NoMemory();
    } else {
        for (size_t k = 0; k < count; k++)
            positions[k] = coinline_game_history(self->g, k + 1);
        const int len = coinline_positions_text(
            coinline_game_rules(self->g), coinline_game_size(self->g),
            positions, count, text, count + 22);
        out = len >= 0 ? PyUnicode_FromStringAndSize(text, len)
                       : pcl_raise(len, "Game.text", NULL);
    }
    PyMem_Free(positions);
    PyMem_Free(text);
    return out;
}

static PyObject *game_rules(PyObject *obj, void *unused)
{
    (void)unused;
    if (!game_check(obj))
        return NULL;
    return pcl_rules_object(coinline_game_rules(((game_t *)obj)->g));
}

static PyObject *game_coins(PyObject *obj, void *unused)
{
    game_t *self = (game_t *)obj;
    (void)unused;
    if (!game_check(obj))
        return NULL;
    return pcl_coin_list(coinline_game_coins(self->g),
                         coinline_game_size(self->g));
}

static PyObject *game_changes(PyObject *obj, void *unused)
{
    (void)unused;
    return PyLong_FromUnsignedLongLong(((game_t *)obj)->changes);
}

static PyObject *game_repr(PyObject *obj)
{
    game_t *self = (game_t *)obj;
    if (self->g == NULL)
        return PyUnicode_FromString("<coinline.Game holding no game>");
    char name[COINLINE_RULES_STRLEN];
    if (coinline_rules_name(coinline_game_rules(self->g), name, sizeof name) <
        0)
        name[0] = '\0';
    const size_t n = coinline_game_size(self->g);
    const uint64_t moves = coinline_game_moves(self->g);
    if (moves == n)
        return PyUnicode_FromFormat(
            "<coinline.Game (%s): %zu coins, game over>", name, n);
    return PyUnicode_FromFormat(
        "<coinline.Game (%s): %zu coins, %zu left, player %d to move>", name, n,
        (size_t)(n - moves), (int)(moves % 2) + 1);
}

/* clang-format off */
static PyMethodDef game_methods[] = {
    {"play", (PyCFunction)(void (*)(void))game_play,
     METH_VARARGS | METH_KEYWORDS,
     "play($self, /, move)\n--\n\n"
     "The player to move takes the coin at move, optimal or not: a\n"
     "position (an int, 1-based), or an end of the coins left ('left' or\n"
     "'L', 'right' or 'R'). Returns the coin taken (an int). Raises\n"
     "ValueError for a move that is not legal here (saying why), TypeError\n"
     "for one that is no move. Cost: O(log n) amortised."},
    {"undo", game_undo, METH_NOARGS,
     "undo($self, /)\n--\n\n"
     "Takes back the last move. Raises ValueError when no move was played.\n"
     "Cost: O(log n) amortised."},
    {"state", game_state, METH_NOARGS,
     "state($self, /)\n--\n\n"
     "The position reached, a GameState: who is to move, the optimal move\n"
     "(a position; None at the end), the value it secures for the player\n"
     "to move, the scores so far, the final margin with best play, the\n"
     "ends of the coins left. Cost: O(log n) amortised (at a circle's move\n"
     "1, O(n log n) the first time)."},
    {"outcome", (PyCFunction)(void (*)(void))game_outcome,
     METH_VARARGS | METH_KEYWORDS,
     "outcome($self, /, move)\n--\n\n"
     "The final margin p1 - p2 if the player to move plays move (a\n"
     "position or an end) and both play optimally after: the best move's\n"
     "is state().final_margin, and a move's loss is the difference. The\n"
     "position is unchanged. Raises as play()."},
    {"is_legal", (PyCFunction)(void (*)(void))game_is_legal,
     METH_VARARGS | METH_KEYWORDS,
     "is_legal($self, /, move)\n--\n\n"
     "True when the player to move may take move (a position or an end)."},
    {"legal_moves", game_legal_moves, METH_NOARGS,
     "legal_moves($self, /)\n--\n\n"
     "The positions the player to move may take, a list: the two ends of\n"
     "the coins left (one with one coin left), every position where any\n"
     "coin may be taken (a circle's move 1), none at the end."},
    {"play_text", (PyCFunction)(void (*)(void))game_play_text,
     METH_VARARGS | METH_KEYWORDS,
     "play_text($self, /, text)\n--\n\n"
     "Plays the moves written in text, in order: L and R for the ends\n"
     "('LRRL'), positions ('5 1 4' or '5,1,4'), or both ('5:LRL', a\n"
     "circle's move 1 then ends), as Game.text writes them. On an error\n"
     "nothing of text stays played, and ValueError names the move at\n"
     "fault."},
    {NULL, NULL, 0, NULL}};
/* clang-format on */

static PyGetSetDef game_getset[] = {
    {"moves", game_moves, NULL,
     "The moves played so far, a list of positions (1-based).", NULL},
    {"text", game_text, NULL,
     "The moves played so far in the notation of the ends: 'LRRL' on a\n"
     "line, '5:LRL' on a circle; play_text() reads it back.",
     NULL},
    {"rules", game_rules, NULL, "The game's rules, a Rules.", NULL},
    {"coins", game_coins, NULL,
     "The whole row (a new list; position p is coins[p - 1]).", NULL},
    {"changes", game_changes, NULL,
     "How many times the game has changed (moves, undos, __init__).", NULL},
    {NULL, NULL, NULL, NULL, NULL}};

static PySequenceMethods game_sequence = {.sq_length = game_len};

static PyTypeObject game_type = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "coinline.Game",
    .tp_basicsize = sizeof(game_t),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    .tp_doc =
        "Game(coins, *, circle=None, score=None, rules=None)\n--\n\n"
        "A game in progress under any rules, and the optimal move at every\n"
        "position. A move is the position (1-based) of the coin it takes;\n"
        "'left' and 'right' name the ends of the coins left. The rules:\n"
        "circle=True (the first move takes any coin, then the ends of the\n"
        "line left) and score='remaining' (a move scores the sum of the\n"
        "coins left after it: LeetCode 1690), or rules, a Rules or its text\n"
        "('circle,remaining'); none: the classic game. len() is the number\n"
        "of coins left. The row is copied; building costs O(n) time.",
    .tp_new = PyType_GenericNew,
    .tp_init = game_init,
    .tp_dealloc = game_dealloc,
    .tp_repr = game_repr,
    .tp_methods = game_methods,
    .tp_getset = game_getset,
    .tp_as_sequence = &game_sequence,
};

/* ---- Table --------------------------------------------------------- */

static int table_check(PyObject *obj)
{
    if (((table_t *)obj)->t != NULL)
        return 1;
    PyErr_SetString(PyExc_RuntimeError,
                    "this Table holds none: Table.__init__ failed or was not "
                    "called");
    return 0;
}

static void table_dealloc(PyObject *obj)
{
    coinline_table_free(((table_t *)obj)->t);
    Py_TYPE(obj)->tp_free(obj);
}

static int table_init(PyObject *obj, PyObject *args, PyObject *kwargs)
{
    static char *kwlist[] = {"coins", "circle", "score", "rules", NULL};
    table_t *self = (table_t *)obj;
    PyObject *coins, *circle = NULL, *score = NULL, *rules_obj = NULL;
    coinline_rules_t rules;
    pcl_row_t row;
    coinline_table_t *t = NULL;
    int rc;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O|$OOO:Table", kwlist,
                                     &coins, &circle, &score, &rules_obj) ||
        pcl_parse_rules_args("Table", rules_obj, circle, score, &rules) < 0 ||
        pcl_row_from_object(coins, &row) < 0)
        return -1;
    PCL_ON_ROW(&row,
               rc = coinline_table_new_rules(&rules, row.coins, row.n, &t));
    const size_t n = row.n;
    pcl_row_release(&row);
    if (rc == COINLINE_ETOOBIG) {
        PyErr_Format(PyExc_ValueError,
                     "Table: the table holds at most %d coins, not %zu",
                     COINLINE_TABLE_MAX, n);
        return -1;
    }
    if (rc != COINLINE_OK) {
        pcl_raise(rc, "Table", NULL);
        return -1;
    }
    coinline_table_free(self->t);
    self->t = t;
    return 0;
}

static PyObject *table_cell(PyObject *obj, PyObject *args, PyObject *kwargs)
{
    static char *kwlist[] = {"start", "length", NULL};
    table_t *self = (table_t *)obj;
    unsigned long long start, length;
    coinline_table_cell_t c;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "KK:cell", kwlist, &start,
                                     &length) ||
        !table_check(obj))
        return NULL;
    if (coinline_table_cell(self->t, start, length, &c) != COINLINE_OK)
        return PyErr_Format(PyExc_ValueError,
                            "Table.cell: no run of %llu coins from position "
                            "%llu among the runs the game can leave",
                            length, start);
    PyObject *t = PyStructSequence_New(cell_type);
    if (t == NULL)
        return NULL;
    if (pcl_put(t, 0, pcl_int_from_i128(c.value)) < 0 ||
        pcl_put(t, 1, PyLong_FromUnsignedLongLong(c.best)) < 0 ||
        pcl_put(t, 2, pcl_side_object(c.best_side)) < 0 ||
        pcl_put(t, 3, PyBool_FromLong(c.on_line)) < 0) {
        Py_DECREF(t);
        return NULL;
    }
    return t;
}

static PyObject *table_outcome(PyObject *obj, PyObject *args, PyObject *kwargs)
{
    PyObject *arg = one_arg(args, kwargs, "O:outcome", "position");
    if (arg == NULL)
        return NULL;
    table_t *self = (table_t *)obj;
    pcl_move_t mv;
    coinline_i128_t margin;
    if (!table_check(obj) || pcl_parse_move(arg, "Table.outcome", &mv) < 0)
        return NULL;
    if (mv.side != 0)
        return PyErr_Format(PyExc_TypeError,
                            "Table.outcome: give the first move as a position "
                            "(1-based), not %R",
                            arg);
    if (coinline_table_outcome(self->t, mv.position, &margin) != COINLINE_OK)
        return PyErr_Format(PyExc_ValueError,
                            "Table.outcome: position %llu is not a legal "
                            "first move",
                            (unsigned long long)mv.position);
    return pcl_int_from_i128(margin);
}

static PyObject *table_first(PyObject *obj, void *unused)
{
    (void)unused;
    if (!table_check(obj))
        return NULL;
    return pcl_position_object(coinline_table_first(((table_t *)obj)->t));
}

static PyObject *table_rules(PyObject *obj, void *unused)
{
    (void)unused;
    if (!table_check(obj))
        return NULL;
    return pcl_rules_object(coinline_table_rules(((table_t *)obj)->t));
}

static PyObject *table_coins(PyObject *obj, void *unused)
{
    table_t *self = (table_t *)obj;
    (void)unused;
    if (!table_check(obj))
        return NULL;
    return pcl_coin_list(coinline_table_row(self->t),
                         coinline_table_size(self->t));
}

static Py_ssize_t table_len(PyObject *obj)
{
    if (!table_check(obj))
        return -1;
    return (Py_ssize_t)coinline_table_size(((table_t *)obj)->t);
}

/* clang-format off */
static PyMethodDef table_methods[] = {
    {"cell", (PyCFunction)(void (*)(void))table_cell,
     METH_VARARGS | METH_KEYWORDS,
     "cell($self, /, start, length)\n--\n\n"
     "The run of length coins from position start (clockwise on a\n"
     "circle), a TableCell. The runs: on a line, start 1..n and length\n"
     "1..n - start + 1 (the whole row is (1, n)); on a circle, start 1..n\n"
     "and length 1..n - 1 (the arcs left after move 1). Raises ValueError\n"
     "for another."},
    {"outcome", (PyCFunction)(void (*)(void))table_outcome,
     METH_VARARGS | METH_KEYWORDS,
     "outcome($self, /, position)\n--\n\n"
     "The final margin p1 - p2 if the first move takes position and both\n"
     "play optimally after (on a circle, every position's). Raises\n"
     "ValueError for a position that is no legal first move."},
    {NULL, NULL, 0, NULL}};
/* clang-format on */

static PyGetSetDef table_getset[] = {
    {"first", table_first, NULL,
     "The optimal first move, a position (None for no coins).", NULL},
    {"rules", table_rules, NULL, "The table's rules, a Rules.", NULL},
    {"coins", table_coins, NULL, "The row, a new list.", NULL},
    {NULL, NULL, NULL, NULL, NULL}};

static PySequenceMethods table_sequence = {.sq_length = table_len};

static PyTypeObject table_type = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "coinline.Table",
    .tp_basicsize = sizeof(table_t),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc =
        "Table(coins, *, circle=None, score=None, rules=None)\n--\n\n"
        "The table of the interval programme under any rules (as Game takes\n"
        "them): for every run of coins the game can leave, its value for\n"
        "the player to move, its optimal move (a position) and whether the\n"
        "optimal line passes through it. O(n^2) time and about 17 n^2\n"
        "bytes: at most 1024 coins. len() is the number of coins.",
    .tp_new = PyType_GenericNew,
    .tp_init = table_init,
    .tp_dealloc = table_dealloc,
    .tp_methods = table_methods,
    .tp_getset = table_getset,
    .tp_as_sequence = &table_sequence,
};

int pcl_game_add_types(PyObject *module)
{
    game_state_type = PyStructSequence_NewType(&game_state_desc);
    cell_type = PyStructSequence_NewType(&cell_desc);
    if (game_state_type == NULL || cell_type == NULL ||
        PyType_Ready(&game_type) < 0 || PyType_Ready(&table_type) < 0)
        return -1;
    if (PyModule_AddObjectRef(module, "GameState",
                              (PyObject *)game_state_type) < 0 ||
        PyModule_AddObjectRef(module, "Game", (PyObject *)&game_type) < 0 ||
        PyModule_AddObjectRef(module, "TableCell", (PyObject *)cell_type) < 0 ||
        PyModule_AddObjectRef(module, "Table", (PyObject *)&table_type) < 0)
        return -1;
    return 0;
}
