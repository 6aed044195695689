/* SPDX-License-Identifier: MIT */
/*
 * rules.c - coinline.Rules: the rules of a game, a shape (where the coins
 * lie and which a move may take) and a scoring (what a move scores), as
 * the library says them (coinline_rules_t, include/coinline.h "Rules").
 * Every call that plays or solves a game takes them as its rules argument,
 * a str ('circle', 'line,remaining', 'circle remaining') or a Rules, or
 * circle=True and score='remaining', and
 * does the rest through the library's calls over any rules: nothing else
 * in the module asks which rules it has. The names come from the library
 * (coinline_shape_name(), coinline_score_name()): a rule set the library
 * gains is taken here as it is.
 *
 * What differs by rule in this module is said here and only here: the
 * solvers' size limits, for the messages that name them.
 */
#include "rules.h"

#include <string.h>

typedef struct {
    PyObject_HEAD
    coinline_rules_t rules;
} rules_t;

static PyTypeObject rules_type;

/* The name of shape or scoring k, NULL past the last: the library's
 * enumerations, read through one signature. */
typedef const char *(*name_fn)(int k);

static const char *shape_name(int k)
{
    return coinline_shape_name((coinline_shape_t)k);
}

static const char *score_name(int k)
{
    return coinline_score_name((coinline_score_t)k);
}

/* The names of name_fn as a tuple of str: SHAPES, SCORES. */
static PyObject *name_tuple(name_fn name)
{
    int count = 0;
    while (name(count) != NULL)
        count++;
    PyObject *t = PyTuple_New(count);
    for (int k = 0; t != NULL && k < count; k++) {
        PyObject *s = PyUnicode_FromString(name(k));
        if (s == NULL)
            Py_CLEAR(t);
        else
            PyTuple_SET_ITEM(t, k, s);
    }
    return t;
}

/* "'line' or 'circle'" (or "'a', 'b' or 'c'"), for a message. */
static PyObject *name_list(name_fn name)
{
    PyObject *text = PyUnicode_FromString("");
    for (int k = 0; text != NULL && name(k) != NULL; k++) {
        const char *sep = k == 0 ? "" : name(k + 1) == NULL ? " or " : ", ";
        PyObject *more = PyUnicode_FromFormat("%U%s'%s'", text, sep, name(k));
        Py_SETREF(text, more);
    }
    return text;
}

/* The index of the name obj among name_fn's into *out: 0, or -1 with
 * TypeError or ValueError set naming what. */
static int parse_name(PyObject *obj, const char *what, name_fn name, int *out)
{
    Py_ssize_t len = 0;
    const char *s =
        PyUnicode_Check(obj) ? PyUnicode_AsUTF8AndSize(obj, &len) : NULL;
    if (s == NULL && PyErr_Occurred())
        return -1;
    for (int k = 0; s != NULL && name(k) != NULL; k++) {
        if (strlen(s) == (size_t)len && strcmp(s, name(k)) == 0) {
            *out = k;
            return 0;
        }
    }
    PyObject *names = name_list(name);
    if (names == NULL)
        return -1;
    if (s == NULL)
        PyErr_Format(PyExc_TypeError, "%s must be %U (a str), not %.200s", what,
                     names, Py_TYPE(obj)->tp_name);
    else
        PyErr_Format(PyExc_ValueError, "%s must be %U, not %R", what, names,
                     obj);
    Py_DECREF(names);
    return -1;
}

PyObject *pcl_rules_object(const coinline_rules_t *rules)
{
    rules_t *self = PyObject_New(rules_t, &rules_type);
    if (self != NULL)
        self->rules = *rules;
    return (PyObject *)self;
}

int pcl_rules_is_classic(PyObject *obj)
{
    if (!PyObject_TypeCheck(obj, &rules_type))
        return 0;
    const coinline_rules_t *r = &((rules_t *)obj)->rules;
    return r->shape == COINLINE_SHAPE_LINE && r->score == COINLINE_SCORE_TAKEN;
}

/* Parses text, the str obj, into *rules: 0, or -1 with ValueError set,
 * the message after prefix (the call and the argument). */
static int parse_text(PyObject *obj, const char *prefix,
                      coinline_rules_t *rules)
{
    Py_ssize_t len;
    const char *s = PyUnicode_AsUTF8AndSize(obj, &len);
    if (s == NULL)
        return -1;
    coinline_error_t err;
    memset(&err, 0, sizeof err);
    if (strlen(s) != (size_t)len) {
        PyErr_Format(PyExc_ValueError, "%s%R: a NUL is no rule", prefix, obj);
        return -1;
    }
    if (coinline_rules_parse(s, rules, &err) != COINLINE_OK) {
        PyErr_Format(PyExc_ValueError, "%s%R: %s", prefix, obj,
                     err.message[0] != '\0' ? err.message
                                            : "these are no rules");
        return -1;
    }
    return 0;
}

int pcl_parse_rules(PyObject *obj, const char *what, coinline_rules_t *rules)
{
    const coinline_rules_t classic =
        COINLINE_RULES_INIT(COINLINE_SHAPE_LINE, COINLINE_SCORE_TAKEN);
    if (obj == NULL) {
        *rules = classic;
        return 0;
    }
    if (PyObject_TypeCheck(obj, &rules_type)) {
        *rules = ((rules_t *)obj)->rules;
        return 0;
    }
    if (!PyUnicode_Check(obj)) {
        PyErr_Format(PyExc_TypeError,
                     "%s: rules must be a str (such as 'circle,remaining') "
                     "or a coinline.Rules, not %.200s",
                     what, Py_TYPE(obj)->tp_name);
        return -1;
    }
    char prefix[128];
    PyOS_snprintf(prefix, sizeof prefix, "%s: rules=", what);
    return parse_text(obj, prefix, rules);
}

int pcl_parse_rules_args(const char *what, PyObject *rules_obj,
                         PyObject *circle, PyObject *score,
                         coinline_rules_t *rules)
{
    const int by_name = (circle != NULL && circle != Py_None) ||
                        (score != NULL && score != Py_None);
    if (rules_obj != NULL && rules_obj != Py_None) {
        if (by_name) {
            PyErr_Format(PyExc_TypeError,
                         "%s: give rules, or circle and score, not both", what);
            return -1;
        }
        return pcl_parse_rules(rules_obj, what, rules);
    }
    int c = 0, k = COINLINE_SCORE_TAKEN;
    if (circle != NULL && circle != Py_None) {
        if (!PyBool_Check(circle)) {
            PyErr_Format(PyExc_TypeError,
                         "%s: circle must be True or False, not %.200s", what,
                         Py_TYPE(circle)->tp_name);
            return -1;
        }
        c = circle == Py_True;
    }
    char prefix[96];
    PyOS_snprintf(prefix, sizeof prefix, "%s: score", what);
    if (score != NULL && score != Py_None &&
        parse_name(score, prefix, score_name, &k) < 0)
        return -1;
    const coinline_rules_t r = COINLINE_RULES_INIT(
        c ? COINLINE_SHAPE_CIRCLE : COINLINE_SHAPE_LINE, (coinline_score_t)k);
    *rules = r;
    return 0;
}

/* Rules(shape='line', score='taken') */
static PyObject *rules_new(PyTypeObject *type, PyObject *args, PyObject *kwargs)
{
    static char *kwlist[] = {"shape", "score", NULL};
    PyObject *shape = NULL, *score = NULL;
    int s = COINLINE_SHAPE_LINE, c = COINLINE_SCORE_TAKEN;
    (void)type;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "|OO:Rules", kwlist, &shape,
                                     &score) ||
        (shape != NULL &&
         parse_name(shape, "Rules: shape", shape_name, &s) < 0) ||
        (score != NULL &&
         parse_name(score, "Rules: score", score_name, &c) < 0))
        return NULL;
    const coinline_rules_t r =
        COINLINE_RULES_INIT((coinline_shape_t)s, (coinline_score_t)c);
    return pcl_rules_object(&r);
}

static PyObject *rules_shape(PyObject *obj, void *unused)
{
    (void)unused;
    return PyUnicode_FromString(
        coinline_shape_name(((rules_t *)obj)->rules.shape));
}

static PyObject *rules_score(PyObject *obj, void *unused)
{
    (void)unused;
    return PyUnicode_FromString(
        coinline_score_name(((rules_t *)obj)->rules.score));
}

static PyObject *rules_str(PyObject *obj)
{
    char name[COINLINE_RULES_STRLEN];
    if (coinline_rules_name(&((rules_t *)obj)->rules, name, sizeof name) < 0)
        return PyErr_Format(PyExc_ValueError, "Rules: no such rules");
    return PyUnicode_FromString(name);
}

static PyObject *rules_repr(PyObject *obj)
{
    const coinline_rules_t *r = &((rules_t *)obj)->rules;
    return PyUnicode_FromFormat("coinline.Rules(shape='%s', score='%s')",
                                coinline_shape_name(r->shape),
                                coinline_score_name(r->score));
}

static Py_hash_t rules_hash(PyObject *obj)
{
    const coinline_rules_t *r = &((rules_t *)obj)->rules;
    return (Py_hash_t)r->shape * 1000003 + (Py_hash_t)r->score + 1;
}

static PyObject *rules_compare(PyObject *a, PyObject *b, int op)
{
    if (!PyObject_TypeCheck(b, &rules_type) || (op != Py_EQ && op != Py_NE))
        Py_RETURN_NOTIMPLEMENTED;
    const coinline_rules_t *x = &((rules_t *)a)->rules;
    const coinline_rules_t *y = &((rules_t *)b)->rules;
    const int same = x->shape == y->shape && x->score == y->score;
    return PyBool_FromLong(op == Py_EQ ? same : !same);
}

static PyObject *rules_reduce(PyObject *obj, PyObject *unused)
{
    (void)unused;
    PyObject *shape = rules_shape(obj, NULL), *score = rules_score(obj, NULL);
    PyObject *out =
        shape != NULL && score != NULL
            ? Py_BuildValue("(O(OO))", (PyObject *)&rules_type, shape, score)
            : NULL;
    Py_XDECREF(shape);
    Py_XDECREF(score);
    return out;
}

static PyMethodDef rules_methods[] = {
    {"__reduce__", rules_reduce, METH_NOARGS,
     "__reduce__($self, /)\n--\n\nPickles the rules by their names."},
    {NULL, NULL, 0, NULL}};

static PyGetSetDef rules_getset[] = {
    {"shape", rules_shape, NULL,
     "Where the coins lie: 'line' (a move takes the first or the last coin\n"
     "left) or 'circle' (the first move takes any coin, each later one an\n"
     "end of the line left).",
     NULL},
    {"score", rules_score, NULL,
     "What a move scores: 'taken' (the coin it takes) or 'remaining' (the\n"
     "sum of the coins left after it: LeetCode 1690, Stone Game VII).",
     NULL},
    {NULL, NULL, NULL, NULL, NULL}};

static PyTypeObject rules_type = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "coinline.Rules",
    .tp_basicsize = sizeof(rules_t),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc =
        "Rules(shape='line', score='taken')\n--\n\n"
        "The rules of a game: a shape and a scoring, chosen independently.\n"
        "shape is 'line' (coins at positions 1..n in a row; a move takes the\n"
        "first or the last coin left) or 'circle' (the pizza game: move 1\n"
        "takes the coin at any position p, and the coins left are the line\n"
        "clockwise from p + 1 round to p - 1); score is 'taken' (a move\n"
        "scores the coin it takes) or 'remaining' (the sum of the coins left\n"
        "after it: LeetCode 1690). Player 1 moves first; each player\n"
        "maximises its own score minus the other's. str(rules) is the\n"
        "canonical text ('line', 'circle,remaining'), which every call's\n"
        "rules argument also takes. Immutable, hashable, compared by value.",
    .tp_new = rules_new,
    .tp_repr = rules_repr,
    .tp_str = rules_str,
    .tp_hash = rules_hash,
    .tp_richcompare = rules_compare,
    .tp_methods = rules_methods,
    .tp_getset = rules_getset,
};

/* The solvers' limits on a shape (include/coinline.h: coinline_solve(),
 * coinline_line(), coinline_engine_new(), the circle's calls and
 * coinline_game_*()): the exhaustive solver's, the programme's optimal
 * line, the engine's (a game, and a LINEAR line), and the LINEAR value's;
 * 0 for none. */
static const struct {
    uint64_t brute, dp_line, engine, linear_value;
} shape_limits[] = {
    [COINLINE_SHAPE_LINE] = {COINLINE_BRUTE_MAX, COINLINE_DP_LINE_MAX,
                             UINT32_MAX - 5, 0},
    [COINLINE_SHAPE_CIRCLE] = {COINLINE_BRUTE_MAX + 1, COINLINE_DP_LINE_MAX + 1,
                               ((uint64_t)1 << 31) - 3,
                               ((uint64_t)1 << 31) - 3},
};

/* 1 for a scoring whose value is found by playing its optimal line
 * (coinline_game_solve() under REMAINING): the line's limits hold. */
static const int value_by_line[] = {
    [COINLINE_SCORE_TAKEN] = 0,
    [COINLINE_SCORE_REMAINING] = 1,
};

uint64_t pcl_rules_most_coins(const coinline_rules_t *rules, pcl_task_t task,
                              coinline_algo_t algo)
{
    if ((size_t)rules->shape >= sizeof shape_limits / sizeof shape_limits[0] ||
        (size_t)rules->score >= sizeof value_by_line / sizeof value_by_line[0])
        return 0;
    const int line = task == PCL_LINE || value_by_line[rules->score];
    const uint64_t limits[] = {
        [COINLINE_ALGO_LINEAR] = line ? shape_limits[rules->shape].engine
                                      : shape_limits[rules->shape].linear_value,
        [COINLINE_ALGO_DP] = line ? shape_limits[rules->shape].dp_line : 0,
        [COINLINE_ALGO_BRUTE] = shape_limits[rules->shape].brute,
    };
    return (size_t)algo < sizeof limits / sizeof limits[0] ? limits[algo] : 0;
}

int pcl_rules_add(PyObject *module)
{
    if (PyType_Ready(&rules_type) < 0 ||
        PyModule_AddObjectRef(module, "Rules", (PyObject *)&rules_type) < 0)
        return -1;
    PyObject *shapes = name_tuple(shape_name);
    PyObject *scores = name_tuple(score_name);
    const int rc =
        shapes == NULL || scores == NULL ||
                PyModule_AddObjectRef(module, "SHAPES", shapes) < 0 ||
                PyModule_AddObjectRef(module, "SCORES", scores) < 0
            ? -1
            : 0;
    Py_XDECREF(shapes);
    Py_XDECREF(scores);
    return rc;
}
