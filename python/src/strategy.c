/* SPDX-License-Identifier: MIT */
/*
 * strategy.c - coinline.Strategy: who chooses a move. A built-in strategy
 * of the library by name, or a Python callable made into a library
 * strategy (coinline_strategy_custom), so that both are asked the same
 * way: strategy.move(engine).
 *
 * The callable is given the State of the position (the coins left are a
 * memoryview of the engine's row: no copy, whatever the length). The
 * library calls back into it from coinline_strategy_move(), with the GIL
 * held throughout; what the callable raises is carried out through the
 * library as PCL_EPYTHON and raised again by move().
 */
#include "strategy.h"

#include <string.h>

#include "common.h"
#include "engine.h"
#include "game.h"

typedef struct {
    PyObject_HEAD
    coinline_strategy_t *s;
    PyObject *fn;    /* a custom strategy's callable, or NULL */
    Py_ssize_t busy; /* moves being chosen now (by any thread): while there
                      * are, __init__ may not free s */
} strategy_t;

/* The engine whose move this thread is choosing, for the callback: one a
 * thread, since a callable may run Python code that lets another thread
 * choose a move with the same strategy, or choose one itself (nested). */
static _Thread_local pcl_engine_t *current_engine;

/* The library's move function of a custom strategy: calls fn(state). */
static int call_back(void *ctx, const int64_t *coins,
                     const coinline_engine_state_t *st, coinline_side_t *side)
{
    strategy_t *self = ctx;
    (void)coins;
    PyObject *state = pcl_state_new(current_engine, st);
    PyObject *got = state != NULL ? PyObject_CallOneArg(self->fn, state) : NULL;
    Py_XDECREF(state);
    if (got == NULL)
        return PCL_EPYTHON;
    char what[160];
    PyOS_snprintf(what, sizeof what, "the move strategy %.100s returned",
                  coinline_strategy_name(self->s));
    const int rc = pcl_parse_side(got, what, side);
    Py_DECREF(got);
    return rc < 0 ? PCL_EPYTHON : COINLINE_OK;
}

/* The name of a callable: its __name__, or "custom". */
static PyObject *callable_name(PyObject *fn)
{
    PyObject *name = PyObject_GetAttrString(fn, "__name__");
    if (name == NULL || !PyUnicode_Check(name)) {
        PyErr_Clear();
        Py_XDECREF(name);
        return PyUnicode_FromString("custom");
    }
    return name;
}

static int make_custom(strategy_t *self, PyObject *fn, PyObject *name)
{
    PyObject *given =
        name != NULL && name != Py_None ? Py_NewRef(name) : callable_name(fn);
    Py_ssize_t len = 0;
    const char *s = given != NULL ? PyUnicode_AsUTF8AndSize(given, &len) : NULL;
    if (s != NULL && strlen(s) != (size_t)len) {
        PyErr_SetString(PyExc_ValueError, "a strategy's name has no NUL");
        s = NULL;
    }
    int rc = s != NULL ? coinline_strategy_custom(s, call_back, self, &self->s)
                       : PCL_EPYTHON;
    Py_XDECREF(given);
    if (rc != COINLINE_OK) {
        pcl_raise(rc, "Strategy", NULL);
        return -1;
    }
    self->fn = Py_NewRef(fn);
    return 0;
}

static int make_builtin(strategy_t *self, PyObject *spec, uint64_t seed)
{
    Py_ssize_t len;
    const char *s = PyUnicode_AsUTF8AndSize(spec, &len);
    if (s == NULL)
        return -1;
    const int rc = strlen(s) == (size_t)len
                       ? coinline_strategy_new(s, seed, &self->s)
                       : COINLINE_EINVAL;
    if (rc == COINLINE_ENOMEM) {
        PyErr_NoMemory();
        return -1;
    }
    if (rc != COINLINE_OK && strncmp(s, "fallible:", 9) == 0) {
        PyErr_Format(PyExc_ValueError,
                     "strategy %R: the P of fallible:P is a probability from "
                     "0 to 1 in decimal digits, like 'fallible:0.25'",
                     spec);
        return -1;
    }
    if (rc != COINLINE_OK) {
        PyErr_Format(PyExc_ValueError,
                     "unknown strategy %R: give 'optimal', 'greedy', "
                     "'parity', 'random', 'fallible:P' (P from 0 to 1), or a "
                     "callable%s",
                     spec,
                     strncmp(s, "exec:", 5) == 0
                         ? " (bots, exec:COMMAND, are played by the coinline "
                           "tool: coinline duel)"
                         : "");
        return -1;
    }
    return 0;
}

static void strategy_clear(strategy_t *self)
{
    coinline_strategy_free(self->s);
    self->s = NULL;
    Py_CLEAR(self->fn);
}

static int strategy_init(PyObject *obj, PyObject *args, PyObject *kwargs)
{
    static char *kwlist[] = {"spec", "seed", "name", NULL};
    strategy_t *self = (strategy_t *)obj;
    PyObject *spec, *seed_obj = NULL, *name = NULL;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O|O$O:Strategy", kwlist,
                                     &spec, &seed_obj, &name))
        return -1;
    if (self->busy > 0) {
        PyErr_SetString(PyExc_RuntimeError, "this Strategy is choosing a move");
        return -1;
    }
    uint64_t seed = 0;
    if (seed_obj != NULL) {
        if (!PyLong_Check(seed_obj)) {
            PyErr_Format(PyExc_TypeError, "seed must be an int, not %.200s",
                         Py_TYPE(seed_obj)->tp_name);
            return -1;
        }
        seed = PyLong_AsUnsignedLongLongMask(seed_obj); /* modulo 2^64 */
        if (seed == (uint64_t)-1 && PyErr_Occurred())
            return -1;
    }
    if (name != NULL && name != Py_None && !PyUnicode_Check(name)) {
        PyErr_SetString(PyExc_TypeError, "name must be a str");
        return -1;
    }
    if (PyUnicode_Check(spec) && name != NULL && name != Py_None) {
        PyErr_SetString(PyExc_TypeError,
                        "name names a callable strategy; a built-in one is "
                        "named by its spec");
        return -1;
    }
    strategy_clear(self);
    if (PyUnicode_Check(spec))
        return make_builtin(self, spec, seed);
    if (PyCallable_Check(spec))
        return make_custom(self, spec, name);
    PyErr_Format(PyExc_TypeError,
                 "a strategy is a name (str) or a callable, not %.200s",
                 Py_TYPE(spec)->tp_name);
    return -1;
}

static PyObject *strategy_move(PyObject *obj, PyObject *engine)
{
    strategy_t *self = (strategy_t *)obj;
    if (self->s == NULL)
        return PyErr_Format(PyExc_RuntimeError, "this Strategy holds none");
    if (!pcl_engine_check(engine, "engine"))
        return NULL;
    pcl_engine_t *game = (pcl_engine_t *)engine;
    if (game->played == game->n)
        return PyErr_Format(PyExc_ValueError, "no coin is left to take");
    pcl_engine_t *outer = current_engine; /* a callable may nest moves */
    const uint64_t changes = game->changes;
    coinline_side_t side = COINLINE_SIDE_NONE;
    Py_INCREF(engine);
    self->busy++;
    current_engine = game;
    const int rc = coinline_strategy_move(self->s, game->e, &side);
    current_engine = outer;
    self->busy--;
    const int changed = game->changes != changes;
    Py_DECREF(engine);
    if (rc != COINLINE_OK)
        return pcl_raise(rc, "Strategy.move", NULL);
    if (changed)
        return PyErr_Format(PyExc_RuntimeError,
                            "the strategy %s changed the engine while choosing "
                            "its move (a strategy may look, not play)",
                            coinline_strategy_name(self->s));
    return pcl_side_object(side);
}

/* A callable's choice in the Game game: fn(state) with its GameState,
 * a position or an end, legal there, into *position: 0 or -1. */
static int callable_choice(strategy_t *self, PyObject *game, uint64_t *position)
{
    PyObject *state = pcl_game_state(game, "Strategy.choose");
    PyObject *got = state != NULL ? PyObject_CallOneArg(self->fn, state) : NULL;
    Py_XDECREF(state);
    if (got == NULL)
        return -1;
    char what[160];
    PyOS_snprintf(what, sizeof what, "the move strategy %.100s returned",
                  coinline_strategy_name(self->s));
    const int rc = pcl_game_move(game, got, what, position);
    Py_DECREF(got);
    return rc;
}

static PyObject *strategy_choose(PyObject *obj, PyObject *args,
                                 PyObject *kwargs)
{
    static char *kwlist[] = {"game", NULL};
    strategy_t *self = (strategy_t *)obj;
    PyObject *game;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O:choose", kwlist, &game))
        return NULL;
    if (self->s == NULL)
        return PyErr_Format(PyExc_RuntimeError, "this Strategy holds none");
    coinline_game_t *g = pcl_game_of(game, "game");
    if (g == NULL)
        return NULL;
    if (coinline_game_moves(g) == coinline_game_size(g))
        return PyErr_Format(PyExc_ValueError, "no coin is left to take");
    const uint64_t changes = pcl_game_changes(game);
    uint64_t position = 0;
    int rc = COINLINE_OK;
    Py_INCREF(game);
    self->busy++;
    if (self->fn != NULL)
        rc = callable_choice(self, game, &position) < 0 ? PCL_EPYTHON
                                                        : COINLINE_OK;
    else
        rc = coinline_strategy_choose(self->s, g, &position);
    self->busy--;
    const int changed = pcl_game_changes(game) != changes;
    Py_DECREF(game);
    if (changed) { /* the cause of whatever else went wrong */
        PyErr_Clear();
        return PyErr_Format(PyExc_RuntimeError,
                            "the strategy %s changed the game while choosing "
                            "its move (a strategy may look, not play)",
                            coinline_strategy_name(self->s));
    }
    if (rc != COINLINE_OK)
        return pcl_raise(rc, "Strategy.choose", NULL);
    return PyLong_FromUnsignedLongLong(position);
}

static PyObject *strategy_name(PyObject *obj, void *unused)
{
    (void)unused;
    return PyUnicode_FromString(coinline_strategy_name(((strategy_t *)obj)->s));
}

static PyObject *strategy_fn(PyObject *obj, void *unused)
{
    strategy_t *self = (strategy_t *)obj;
    (void)unused;
    return Py_NewRef(self->fn != NULL ? self->fn : Py_None);
}

static PyObject *strategy_repr(PyObject *obj)
{
    PyObject *name = strategy_name(obj, NULL);
    PyObject *r = name != NULL
                      ? PyUnicode_FromFormat("coinline.Strategy(%R)", name)
                      : NULL;
    Py_XDECREF(name);
    return r;
}

static int strategy_traverse(PyObject *obj, visitproc visit, void *arg)
{
    Py_VISIT(((strategy_t *)obj)->fn);
    return 0;
}

static int strategy_tp_clear(PyObject *obj)
{
    Py_CLEAR(((strategy_t *)obj)->fn);
    return 0;
}

static void strategy_dealloc(PyObject *obj)
{
    PyObject_GC_UnTrack(obj);
    strategy_clear((strategy_t *)obj);
    Py_TYPE(obj)->tp_free(obj);
}

static PyMethodDef strategy_methods[] = {
    {"move", strategy_move, METH_O,
     "move($self, engine, /)\n--\n\n"
     "The strategy's move, 'left' or 'right', for the player to move at the\n"
     "engine's position; it does not play it. A callable's exception is\n"
     "raised here; a callable that returns no side raises ValueError."},
    {"choose", (PyCFunction)(void (*)(void))strategy_choose,
     METH_VARARGS | METH_KEYWORDS,
     "choose($self, /, game)\n--\n\n"
     "The strategy's move in a Game under any rules, a position (an int),\n"
     "for the player to move; it does not play it. Built-in strategies as\n"
     "the library plays them under the game's rules: 'optimal' the state's\n"
     "best; 'greedy' the legal move that scores the most at once (ties: the\n"
     "left end, or the smallest position); 'parity' on the coins as the\n"
     "classic game plays them; 'random' any legal move; 'fallible:P'.\n"
     "Under the classic scoring the moves and the random draws are those\n"
     "of move() on the same positions. A callable is called as fn(state)\n"
     "with the GameState and returns a position or an end ('left',\n"
     "'right'); one that returns no legal move raises ValueError."},
    {NULL, NULL, 0, NULL}};

static PyGetSetDef strategy_getset[] = {
    {"name", strategy_name, NULL, "Its name: the spec, or the callable's.",
     NULL},
    {"function", strategy_fn, NULL, "The callable, or None for a built-in.",
     NULL},
    {NULL, NULL, NULL, NULL, NULL}};

static PyTypeObject strategy_type = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "coinline.Strategy",
    .tp_basicsize = sizeof(strategy_t),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE | Py_TPFLAGS_HAVE_GC,
    .tp_doc =
        "Strategy(spec, seed=0, *, name=None)\n--\n\n"
        "Who chooses a move. spec is a built-in strategy:\n"
        "  'optimal'     the engine's move (ties to the left);\n"
        "  'greedy'      the larger end coin (ties to the left);\n"
        "  'parity'      on an even number of coins left, the end whose index\n"
        "                parity sums to more: it never loses when it starts "
        "an\n"
        "                even row; otherwise greedy;\n"
        "  'random'      either end, with probability 1/2;\n"
        "  'fallible:P'  optimal, but a random end with probability P;\n"
        "or a callable, called as fn(state) with the State of the position,\n"
        "that returns 'left' or 'right' ('L' or 'R'). seed (an int, taken\n"
        "modulo 2**64) seeds the random choices: the same seed, the same\n"
        "moves. name names a callable (default: its __name__).",
    .tp_new = PyType_GenericNew,
    .tp_init = strategy_init,
    .tp_dealloc = strategy_dealloc,
    .tp_traverse = strategy_traverse,
    .tp_clear = strategy_tp_clear,
    .tp_repr = strategy_repr,
    .tp_methods = strategy_methods,
    .tp_getset = strategy_getset,
};

int pcl_strategy_add_type(PyObject *module)
{
    if (PyType_Ready(&strategy_type) < 0)
        return -1;
    return PyModule_AddObjectRef(module, "Strategy",
                                 (PyObject *)&strategy_type);
}
