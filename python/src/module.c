/* SPDX-License-Identifier: MIT */
/*
 * module.c - coinline._coinline, the Python module over libcoinline: the
 * solvers (solve, best_move, line), the review of a played game
 * (analyze), the random rows of coinline gen, and the types of engine.c,
 * strategy.c, circle.c (the circular game), against.c (the best reply
 * to a known opponent), game.c (any rules), multirow.c and rowsgame.c
 * (several rows). The package coinline (coinline/__init__.py) adds what
 * is plain Python on top: the duel, and an Engine that iterates.
 *
 * Rows of PCL_GIL_MIN coins or more are solved with the GIL released when
 * they are a private copy (pcl_row_unlocked): a row read in place from a
 * caller's int64 buffer keeps the GIL, so that no Python thread writes to
 * it while the library reads it.
 */
#include <string.h>

#include "against.h"
#include "check.h"
#include "circle.h"
#include "common.h"
#include "engine.h"
#include "game.h"
#include "multirow.h"
#include "rows.h"
#include "rowsgame.h"
#include "strategy.h"

static PyTypeObject *result_type, *review_type;

static PyStructSequence_Field result_fields[] = {
    {"n", "the number of coins"},
    {"sum", "the sum of all coins (p1 + p2 when a move scores the coin it "
            "takes)"},
    {"p1", "the first player's score with optimal play (where optimal play "
           "fixes only the margin, as under 'remaining': along the optimal "
           "line, ties to the left)"},
    {"p2", "the second player's score"},
    {"margin", "p1 - p2, the value of the game"},
    {"winner", "'first', 'second' or 'draw'"},
    {"first_move", "the optimal first move as an end, 'left' or 'right' "
                   "(ties to the left); None when it is no end (a circle's) "
                   "or for an empty row"},
    {"first", "the optimal first move, a position (1-based): on a line 1 or "
              "n (1 on a tie), on a circle the smallest optimal one; None "
              "for an empty row"},
    {"rules", "the rules, a Rules"},
    {NULL, NULL}};

static PyStructSequence_Desc result_desc = {
    "coinline.Result",
    "Result(sequence, dict={})\n--\n\n"
    "The result of optimal play under some rules. Exact ints; a named\n"
    "tuple of its first seven fields (first and rules are attributes).",
    result_fields, 7};

static PyStructSequence_Field review_fields[] = {
    {"number", "the move's number, from 1"},
    {"player", "who moved: 1 or 2"},
    {"side", "the move played as an end, 'left' or 'right'; None where any "
             "coin could be taken (a circle's move 1)"},
    {"coin", "the coin it took"},
    {"best", "the optimal move there as an end, 'left' or 'right' (ties to "
             "the left); None where any coin could be taken"},
    {"best_coin", "the coin the optimal move takes"},
    {"optimal", "True when the move lost nothing (on a tie, it may differ "
                "from best)"},
    {"loss", "what the move gave away against best play, >= 0: points of "
             "the mover's final total when a move scores the coin it takes, "
             "points of the final margin under 'remaining'"},
    {"secured", "before the move, with best play: the mover's final total "
                "when a move scores the coin it takes, its final margin "
                "under 'remaining'"},
    {"p1", "the first player's score after the move"},
    {"p2", "the second player's score after the move"},
    {"final_margin", "p1 - p2 at the end if both play optimally after it"},
    {"position", "the position of the coin the move took (1-based)"},
    {"best_position", "the position the optimal move takes"},
    {"rules", "the rules, a Rules"},
    {NULL, NULL}};

static PyStructSequence_Desc review_desc = {
    "coinline.Review",
    "Review(sequence, dict={})\n--\n\n"
    "One move of a played game judged against best play. Exact ints; a\n"
    "named tuple of its first twelve fields (position, best_position and\n"
    "rules are attributes).",
    review_fields, 12};

static PyObject *result_repr(PyObject *self, PyObject *unused)
{
    (void)unused;
    return pcl_tuple_repr(self, &result_desc, NULL);
}

static PyObject *review_repr(PyObject *self, PyObject *unused)
{
    (void)unused;
    return pcl_tuple_repr(self, &review_desc, NULL);
}

static PyMethodDef result_repr_def = {
    "__repr__", result_repr, METH_NOARGS,
    "__repr__($self, /)\n--\n\nReturn repr(self): the positions too under "
    "other rules than the classic ones."};

static PyMethodDef review_repr_def = {
    "__repr__", review_repr, METH_NOARGS,
    "__repr__($self, /)\n--\n\nReturn repr(self): the positions too under "
    "other rules than the classic ones."};

/* The position first of a game of n coins under rules as an end, in the
 * notation of the ends: "left", "right", or None when it is no end. */
static PyObject *first_side(const coinline_rules_t *rules, uint64_t n,
                            uint64_t first)
{
    char text[32];
    const int len = first > 0
                        ? coinline_positions_text(rules, (size_t)n, &first, 1,
                                                  text, sizeof text)
                        : 0;
    if (len == 1)
        return pcl_side_object(text[0] == 'L' ? COINLINE_SIDE_LEFT
                                              : COINLINE_SIDE_RIGHT);
    Py_RETURN_NONE;
}

static PyObject *result_new(const coinline_game_result_t *r,
                            const coinline_rules_t *rules)
{
    PyObject *t = PyStructSequence_New(result_type);
    if (t == NULL)
        return NULL;
    if (pcl_put(t, 0, PyLong_FromUnsignedLongLong(r->n)) < 0 ||
        pcl_put(t, 1, pcl_int_from_i128(r->sum)) < 0 ||
        pcl_put(t, 2, pcl_int_from_i128(r->p1)) < 0 ||
        pcl_put(t, 3, pcl_int_from_i128(r->p2)) < 0 ||
        pcl_put(t, 4, pcl_int_from_i128(r->margin)) < 0 ||
        pcl_put(t, 5, PyUnicode_FromString(coinline_winner_name(r->winner))) <
            0 ||
        pcl_put(t, 6, first_side(rules, r->n, r->first)) < 0 ||
        pcl_put(t, 7, pcl_position_object(r->first)) < 0 ||
        pcl_put(t, 8, pcl_rules_object(rules)) < 0) {
        Py_DECREF(t);
        return NULL;
    }
    return t;
}

static PyObject *py_solve(PyObject *mod, PyObject *args, PyObject *kwargs)
{
    static char *kwlist[] = {"coins", "algo", "circle", "score", "rules", NULL};
    PyObject *coins, *algo_obj = NULL, *rules_obj = NULL, *circle = NULL,
                     *score = NULL;
    coinline_algo_t algo;
    coinline_rules_t rules;
    pcl_row_t row;
    coinline_game_result_t res;
    int rc;
    (void)mod;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O|O$OOO:solve", kwlist,
                                     &coins, &algo_obj, &circle, &score,
                                     &rules_obj) ||
        pcl_parse_algo(algo_obj, &algo) < 0 ||
        pcl_parse_rules_args("solve", rules_obj, circle, score, &rules) < 0)
        return NULL;
    if (pcl_row_from_object(coins, &row) < 0)
        return NULL;
    PCL_ON_ROW(&row,
               rc = coinline_game_solve(&rules, row.coins, row.n, algo, &res));
    const size_t n = row.n;
    pcl_row_release(&row);
    return rc == COINLINE_OK
               ? result_new(&res, &rules)
               : pcl_raise_solver(rc, "solve", &rules, PCL_VALUE, algo, n);
}

/* Reads lo and hi (None: the end) of a sub-row of n coins. */
static int sub_row(PyObject *lo_obj, PyObject *hi_obj, size_t n, size_t *lo,
                   size_t *hi)
{
    Py_ssize_t l = 0, h = (Py_ssize_t)n;
    if (lo_obj != NULL && lo_obj != Py_None &&
        (l = PyNumber_AsSsize_t(lo_obj, PyExc_OverflowError)) == -1 &&
        PyErr_Occurred())
        return -1;
    if (hi_obj != NULL && hi_obj != Py_None &&
        (h = PyNumber_AsSsize_t(hi_obj, PyExc_OverflowError)) == -1 &&
        PyErr_Occurred())
        return -1;
    if (l < 0 || l > h || (size_t)h > n) {
        PyErr_Format(PyExc_ValueError,
                     "best_move: lo = %zd and hi = %zd: need 0 <= lo <= hi <= "
                     "len(coins) = %zu",
                     l, h, n);
        return -1;
    }
    *lo = (size_t)l;
    *hi = (size_t)h;
    return 0;
}

static PyObject *py_best_move(PyObject *mod, PyObject *args, PyObject *kwargs)
{
    static char *kwlist[] = {"coins", "lo", "hi", "algo", NULL};
    static const coinline_rules_t classic =
        COINLINE_RULES_INIT(COINLINE_SHAPE_LINE, COINLINE_SCORE_TAKEN);
    PyObject *coins, *lo_obj = NULL, *hi_obj = NULL, *algo_obj = NULL;
    coinline_algo_t algo;
    pcl_row_t row;
    size_t lo = 0, hi = 0;
    coinline_side_t side = COINLINE_SIDE_NONE;
    coinline_i128_t margin;
    int rc;
    (void)mod;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O|OO$O:best_move", kwlist,
                                     &coins, &lo_obj, &hi_obj, &algo_obj) ||
        pcl_parse_algo(algo_obj, &algo) < 0)
        return NULL;
    if (pcl_row_from_object(coins, &row) < 0 ||
        sub_row(lo_obj, hi_obj, row.n, &lo, &hi) < 0) {
        pcl_row_release(&row);
        return NULL;
    }
    PCL_ON_ROW(&row, rc = coinline_best_move(row.coins, row.n, lo, hi, algo,
                                             &side, &margin));
    pcl_row_release(&row);
    if (rc != COINLINE_OK)
        return pcl_raise_solver(rc, "best_move", &classic, PCL_VALUE, algo,
                                hi - lo);
    PyObject *s = pcl_side_object(side), *m = pcl_int_from_i128(margin);
    PyObject *pair = s != NULL && m != NULL ? PyTuple_Pack(2, s, m) : NULL;
    Py_XDECREF(s);
    Py_XDECREF(m);
    return pair;
}

/* The positions v[0..n-1] as a list of ints. */
static PyObject *position_list(const uint64_t *v, size_t n)
{
    PyObject *list = PyList_New((Py_ssize_t)n);
    for (size_t i = 0; list != NULL && i < n; i++) {
        PyObject *x = PyLong_FromUnsignedLongLong(v[i]);
        if (x == NULL)
            Py_CLEAR(list);
        else
            PyList_SET_ITEM(list, (Py_ssize_t)i, x);
    }
    return list;
}

/* The moves positions[0..n-1] of a whole game of n coins under rules in
 * the notation of the ends ("RLLLL", "2:RLLLLL"). */
static PyObject *line_text(const coinline_rules_t *rules,
                           const uint64_t *positions, size_t n)
{
    /* n + 21 bytes hold any game's (include/coinline.h). */
    const size_t size = n + 22;
    char *text = PyMem_RawMalloc(size);
    if (text == NULL)
        return PyErr_NoMemory();
    const int len = coinline_positions_text(rules, n, positions, n, text, size);
    PyObject *out = len >= 0 ? PyUnicode_FromStringAndSize(text, len)
                             : pcl_raise(len, "line", NULL);
    PyMem_RawFree(text);
    return out;
}

static PyObject *py_line(PyObject *mod, PyObject *args, PyObject *kwargs)
{
    static char *kwlist[] = {"coins", "algo",      "circle", "score",
                             "rules", "positions", NULL};
    PyObject *coins, *algo_obj = NULL, *rules_obj = NULL, *out = NULL,
                     *circle = NULL, *score = NULL;
    coinline_algo_t algo;
    coinline_rules_t rules;
    pcl_row_t row;
    int as_positions = 0, rc;
    (void)mod;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O|O$OOOp:line", kwlist,
                                     &coins, &algo_obj, &circle, &score,
                                     &rules_obj, &as_positions) ||
        pcl_parse_algo(algo_obj, &algo) < 0 ||
        pcl_parse_rules_args("line", rules_obj, circle, score, &rules) < 0)
        return NULL;
    if (pcl_row_from_object(coins, &row) < 0)
        return NULL;
    uint64_t *positions =
        row.n < PY_SSIZE_T_MAX / sizeof *positions
            ? PyMem_RawMalloc((row.n > 0 ? row.n : 1) * sizeof *positions)
            : NULL;
    if (positions == NULL) {
        pcl_row_release(&row);
        return PyErr_NoMemory();
    }
    PCL_ON_ROW(&row, rc = coinline_game_line(&rules, row.coins, row.n, algo,
                                             positions));
    if (rc != COINLINE_OK)
        pcl_raise_solver(rc, "line", &rules, PCL_LINE, algo, row.n);
    else if (as_positions)
        out = position_list(positions, row.n);
    else
        out = line_text(&rules, positions, row.n);
    PyMem_RawFree(positions);
    pcl_row_release(&row);
    return out;
}

static PyObject *review_new(const coinline_move_review_t *r, PyObject *rules)
{
    PyObject *t = PyStructSequence_New(review_type);
    if (t == NULL)
        return NULL;
    if (pcl_put(t, 0, PyLong_FromUnsignedLongLong(r->number)) < 0 ||
        pcl_put(t, 1, PyLong_FromLong(r->player)) < 0 ||
        pcl_put(t, 2, pcl_side_object(r->side)) < 0 ||
        pcl_put(t, 3, PyLong_FromLongLong(r->coin)) < 0 ||
        pcl_put(t, 4, pcl_side_object(r->best)) < 0 ||
        pcl_put(t, 5, PyLong_FromLongLong(r->best_coin)) < 0 ||
        pcl_put(t, 6, PyBool_FromLong(r->optimal)) < 0 ||
        pcl_put(t, 7, pcl_int_from_i128(r->loss)) < 0 ||
        pcl_put(t, 8, pcl_int_from_i128(r->secured)) < 0 ||
        pcl_put(t, 9, pcl_int_from_i128(r->p1)) < 0 ||
        pcl_put(t, 10, pcl_int_from_i128(r->p2)) < 0 ||
        pcl_put(t, 11, pcl_int_from_i128(r->final_margin)) < 0 ||
        pcl_put(t, 12, PyLong_FromUnsignedLongLong(r->position)) < 0 ||
        pcl_put(t, 13, PyLong_FromUnsignedLongLong(r->best_position)) < 0 ||
        pcl_put(t, 14, Py_NewRef(rules)) < 0) {
        Py_DECREF(t);
        return NULL;
    }
    return t;
}

/* The reviews out[0..count-1] under rules as a list. */
static PyObject *review_list(const coinline_move_review_t *out, size_t count,
                             const coinline_rules_t *rules)
{
    PyObject *r = pcl_rules_object(rules);
    PyObject *list = r != NULL ? PyList_New((Py_ssize_t)count) : NULL;
    for (size_t k = 0; list != NULL && k < count; k++) {
        PyObject *v = review_new(&out[k], r);
        if (v == NULL)
            Py_CLEAR(list);
        else
            PyList_SET_ITEM(list, (Py_ssize_t)k, v);
    }
    Py_XDECREF(r);
    return list;
}

/* The moves of analyze: positions[0..count-1], read from a list or from
 * text (then right: the last move was written R). */
typedef struct {
    uint64_t *positions;
    size_t count;
    int right;
} moves_t;

/* The moves written in text[0..len-1] on the game of row under rules, as
 * positions into *m (m->positions holds row->n): the game plays them, and
 * says what is wrong with them into *err. */
static int text_positions(const coinline_rules_t *rules, const pcl_row_t *row,
                          const char *text, size_t len, moves_t *m,
                          coinline_error_t *err)
{
    coinline_game_t *g;
    int rc = coinline_game_new(rules, row->coins, row->n, &g);
    if (rc == COINLINE_OK)
        rc = coinline_game_play_text(g, text, len, err);
    m->count = rc == COINLINE_OK ? (size_t)coinline_game_moves(g) : 0;
    for (size_t k = 0; k < m->count; k++)
        m->positions[k] = coinline_game_history(g, k + 1);
    coinline_game_free(g);
    return rc;
}

/* The moves of a list (any iterable) of positions into *m, at most
 * limit of them (more are refused by the game at the first past it): 0,
 * or -1 with an exception set naming the element. */
static int list_positions(PyObject *obj, size_t limit, moves_t *m)
{
    PyObject *seq = PySequence_Fast(obj, "analyze: moves must be a str "
                                         "(such as 'LRL' or '5:LRL') or an "
                                         "iterable of positions (ints)");
    if (seq == NULL)
        return -1;
    const Py_ssize_t size = PySequence_Fast_GET_SIZE(seq);
    m->count = (size_t)size < limit ? (size_t)size : limit;
    m->positions =
        PyMem_RawMalloc((m->count > 0 ? m->count : 1) * sizeof *m->positions);
    int rc = m->positions != NULL ? 0 : (PyErr_NoMemory(), -1);
    for (size_t k = 0; rc == 0 && k < m->count; k++) {
        PyObject *item = PySequence_Fast_GET_ITEM(seq, (Py_ssize_t)k);
        char what[64];
        pcl_move_t mv;
        PyOS_snprintf(what, sizeof what, "analyze: moves[%zu]", k);
        if (PyUnicode_Check(item)) {
            PyErr_Format(PyExc_TypeError,
                         "%s is str, not a position (an int): give moves in "
                         "L and R as one str, such as 'LRL'",
                         what);
            rc = -1;
        } else if ((rc = pcl_parse_move(item, what, &mv)) == 0) {
            m->positions[k] = mv.position;
        }
    }
    Py_DECREF(seq);
    return rc;
}

/* analyze's work once its arguments are read. */
static PyObject *review_game(const coinline_rules_t *rules,
                             const pcl_row_t *row, PyObject *moves_obj)
{
    coinline_error_t err;
    moves_t m = {NULL, 0, 0};
    coinline_move_review_t *out = NULL;
    PyObject *list = NULL;
    int rc = COINLINE_ENOMEM;
    memset(&err, 0, sizeof err);
    if (PyUnicode_Check(moves_obj)) {
        Py_ssize_t len;
        const char *text = PyUnicode_AsUTF8AndSize(moves_obj, &len);
        if (text == NULL)
            return NULL;
        m.positions =
            PyMem_RawMalloc((row->n > 0 ? row->n : 1) * sizeof *m.positions);
        m.right = pcl_text_ends_with_r(text, (size_t)len);
        if (m.positions != NULL)
            PCL_ON_ROW(row, rc = text_positions(rules, row, text, (size_t)len,
                                                &m, &err));
    } else if (list_positions(moves_obj, row->n + 1, &m) < 0) {
        PyMem_RawFree(m.positions);
        return NULL;
    } else {
        rc = COINLINE_OK;
    }
    if (rc == COINLINE_OK &&
        (out = PyMem_RawCalloc(m.count > 0 ? m.count : 1, sizeof *out)) == NULL)
        rc = COINLINE_ENOMEM;
    if (rc == COINLINE_OK)
        PCL_ON_ROW(row,
                   rc = coinline_game_analyze(rules, row->coins, row->n,
                                              m.positions, m.count, out, &err));
    if (rc == COINLINE_OK && m.right && m.count == row->n && m.count > 0)
        out[m.count - 1].side = COINLINE_SIDE_RIGHT;
    if (rc == COINLINE_OK)
        list = review_list(out, m.count, rules);
    else if (rc == COINLINE_EMOVE)
        pcl_raise(rc, "analyze", &err);
    else
        pcl_raise_solver(rc, "analyze", rules, PCL_LINE, COINLINE_ALGO_LINEAR,
                         row->n);
    PyMem_RawFree(out);
    PyMem_RawFree(m.positions);
    return list;
}

static PyObject *py_analyze(PyObject *mod, PyObject *args, PyObject *kwargs)
{
    static char *kwlist[] = {"coins", "moves", "circle",
                             "score", "rules", NULL};
    PyObject *coins, *moves_obj, *rules_obj = NULL, *out = NULL, *circle = NULL,
                                 *score = NULL;
    coinline_rules_t rules;
    pcl_row_t row;
    (void)mod;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OO|$OOO:analyze", kwlist,
                                     &coins, &moves_obj, &circle, &score,
                                     &rules_obj) ||
        pcl_parse_rules_args("analyze", rules_obj, circle, score, &rules) < 0)
        return NULL;
    if (pcl_row_from_object(coins, &row) == 0)
        out = review_game(&rules, &row, moves_obj);
    pcl_row_release(&row);
    return out;
}

/* One row of random_rows, drawn from *state. */
static PyObject *random_list(uint64_t *state, int64_t lo, int64_t hi,
                             int64_t *buf, size_t n)
{
    coinline_random_row(state, lo, hi, buf, n);
    return pcl_coin_list(buf, n);
}

static PyObject *py_random_rows(PyObject *mod, PyObject *args, PyObject *kwargs)
{
    static char *kwlist[] = {"games", "coins", "min", "max", "seed", NULL};
    Py_ssize_t games, coins;
    PyObject *min_obj = NULL, *max_obj = NULL, *seed_obj = NULL;
    int64_t lo = 1, hi = 100;
    (void)mod;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "nn|OOO!:random_rows",
                                     kwlist, &games, &coins, &min_obj, &max_obj,
                                     &PyLong_Type, &seed_obj) ||
        (min_obj != NULL && pcl_int64_arg(min_obj, "min", &lo) < 0) ||
        (max_obj != NULL && pcl_int64_arg(max_obj, "max", &hi) < 0))
        return NULL;
    if (games < 0 || coins < 0 || lo > hi)
        return PyErr_Format(PyExc_ValueError,
                            "random_rows: need games >= 0, coins >= 0 and min "
                            "<= max (got %zd, %zd, %lld, %lld)",
                            games, coins, (long long)lo, (long long)hi);
    uint64_t state =
        seed_obj != NULL ? PyLong_AsUnsignedLongLongMask(seed_obj) : 1;
    if (PyErr_Occurred())
        return NULL;
    /* coins + 1 values of 8 bytes: refused before the product wraps. */
    int64_t *buf = (size_t)coins < PY_SSIZE_T_MAX / sizeof *buf - 1
                       ? PyMem_Malloc(((size_t)coins + 1) * sizeof *buf)
                       : NULL;
    PyObject *rows = buf != NULL ? PyList_New(games) : PyErr_NoMemory();
    for (Py_ssize_t g = 0; rows != NULL && g < games; g++) {
        PyObject *r = random_list(&state, lo, hi, buf, (size_t)coins);
        if (r == NULL)
            Py_CLEAR(rows);
        else
            PyList_SET_ITEM(rows, g, r);
    }
    PyMem_Free(buf);
    return rows;
}

static PyObject *py_random_next(PyObject *mod, PyObject *state_obj)
{
    (void)mod;
    if (!PyLong_Check(state_obj))
        return PyErr_Format(PyExc_TypeError, "state must be an int, not %.200s",
                            Py_TYPE(state_obj)->tp_name);
    uint64_t state = PyLong_AsUnsignedLongLongMask(state_obj);
    if (state == (uint64_t)-1 && PyErr_Occurred())
        return NULL;
    const uint64_t v = coinline_random_next(&state);
    return Py_BuildValue("(KK)", (unsigned long long)v,
                         (unsigned long long)state);
}

static PyMethodDef module_methods[] = {
    {"solve", (PyCFunction)(void (*)(void))py_solve,
     METH_VARARGS | METH_KEYWORDS,
     "solve($module, /, coins, algo='linear', *, circle=None, score=None,\n"
     "      rules=None)\n--\n\n"
     "Optimal play, a Result: both scores, the margin, the winner and the\n"
     "optimal first move (first_move as an end, first as a position),\n"
     "exact whatever the size of the totals. coins: any iterable of ints\n"
     "in int64 (a list, a tuple, a range, an array.array, a NumPy integer\n"
     "array: a contiguous int64 buffer is read in place). algo: 'linear'\n"
     "(the default: O(n) on a line, O(n log n) on a circle or scoring\n"
     "what remains), 'dp' (O(n^2)) or 'brute' (O(2^n), at most BRUTE_MAX\n"
     "= 25 coins, 26 on a circle). The rules: circle=True (the first move\n"
     "takes any coin, then the ends of the line left) and score='remaining'\n"
     "(a move scores the sum of the coins left after it: LeetCode 1690,\n"
     "where optimal play fixes the margin, and p1 and p2 are the scores\n"
     "along the optimal line); or rules, a Rules or its text\n"
     "('circle,remaining'), not with circle or score; none: the classic\n"
     "game. Raises TypeError for an element that is not an integer,\n"
     "OverflowError for one outside int64, both naming it; ValueError for\n"
     "a bad algo, bad rules or a row too long for the solver; MemoryError.\n"
     "Long rows are solved with the GIL released."},
    {"best_move", (PyCFunction)(void (*)(void))py_best_move,
     METH_VARARGS | METH_KEYWORDS,
     "best_move($module, /, coins, lo=0, hi=None, *, algo='linear')\n--\n\n"
     "A pair (side, margin): the optimal move for the player to move on\n"
     "the coins coins[lo:hi] (hi None: to the end), 'left' or 'right' (ties\n"
     "to the left; None for no coin), and the margin (own final total minus\n"
     "the other's, on those coins) it secures. The strategy of either\n"
     "player at any position of the classic game (Game answers under any\n"
     "rules). Cost: O(hi - lo). Raises ValueError unless\n"
     "0 <= lo <= hi <= len(coins)."},
    {"line", (PyCFunction)(void (*)(void))py_line, METH_VARARGS | METH_KEYWORDS,
     "line($module, /, coins, algo='linear', *, circle=None, score=None,\n"
     "     rules=None, positions=False)\n--\n\n"
     "The optimal line of play (ties to the left), in the notation of the\n"
     "ends, a str: one 'L' or 'R' a coin ('RLLLL'); on a circle the first\n"
     "position and a colon before them ('2:RLLLLL'). With positions=True,\n"
     "a list of the position (1-based) each move takes. The rules as\n"
     "solve() takes them. Cost: O(n log n) and about 150 bytes a coin with\n"
     "'linear'; 'dp' is O(n^2) (at most 185363 coins), 'brute' O(2^n) (at\n"
     "most 25)."},
    {"analyze", (PyCFunction)(void (*)(void))py_analyze,
     METH_VARARGS | METH_KEYWORDS,
     "analyze($module, /, coins, moves, *, circle=None, score=None,\n"
     "        rules=None)\n--\n\n"
     "A list of Reviews, one a move: replays moves (a str: 'L' and 'R',\n"
     "lower case accepted, positions, or both, as Game.play_text reads\n"
     "them, '5:LRL' on a circle; or an iterable of positions, ints) under\n"
     "the rules (as solve() takes them) and judges every move against best\n"
     "play: the optimal move there, the points lost (0 for an optimal\n"
     "move), the scores after it. A partial game is fine. Under the\n"
     "classic scoring each player's total = its total with best play - its\n"
     "own losses + the other's; under 'remaining' the final margin = the\n"
     "optimal one - player 1's losses + player 2's. Raises ValueError\n"
     "naming the first bad move, or one move too many.\n"
     "Cost: O((n + moves) log n)."},
    {"random_rows", (PyCFunction)(void (*)(void))py_random_rows,
     METH_VARARGS | METH_KEYWORDS,
     "random_rows($module, /, games, coins, min=1, max=100, seed=1)\n--\n\n"
     "A list of games random rows (lists of ints) of coins coins each,\n"
     "uniform in [min, max]: the rows of 'coinline gen -g GAMES -n COINS\n"
     "--min MIN --max MAX --seed SEED', and of coinline duel with the same\n"
     "options. seed is taken modulo 2**64."},
    {"random_next", py_random_next, METH_O,
     "random_next($module, state, /)\n--\n\n"
     "One step of splitmix64, the generator of coinline: a pair (value,\n"
     "next_state), the value drawn from state and the state after it (ints\n"
     "modulo 2**64)."},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT,
    "coinline._coinline",
    "The C core of coinline: libcoinline for Python. Use the package\n"
    "coinline, which exports all of it.",
    -1,
    module_methods,
    NULL,
    NULL,
    NULL,
    NULL};

/* The types of this file: 0 or -1. */
static int add_types(PyObject *m)
{
    result_type = PyStructSequence_NewType(&result_desc);
    review_type = PyStructSequence_NewType(&review_desc);
    if (result_type == NULL || review_type == NULL ||
        pcl_set_repr(result_type, &result_repr_def) < 0 ||
        pcl_set_repr(review_type, &review_repr_def) < 0)
        return -1;
    if (PyModule_AddObjectRef(m, "Result", (PyObject *)result_type) < 0 ||
        PyModule_AddObjectRef(m, "Review", (PyObject *)review_type) < 0)
        return -1;
    return 0;
}

PyMODINIT_FUNC PyInit__coinline(void)
{
    PyObject *m = PyModule_Create(&module_def);
    if (m == NULL)
        return NULL;
    if (add_types(m) < 0 || pcl_engine_add_types(m) < 0 ||
        pcl_strategy_add_type(m) < 0 || pcl_circle_add(m) < 0 ||
        pcl_check_add(m) < 0 || pcl_rules_add(m) < 0 ||
        pcl_against_add(m) < 0 || pcl_game_add_types(m) < 0 ||
        pcl_multirow_add(m) < 0 || pcl_rowsgame_add(m) < 0 ||
        PyModule_AddStringConstant(m, "__version__",
                                   coinline_version_string()) < 0 ||
        PyModule_AddIntConstant(m, "BRUTE_MAX", COINLINE_BRUTE_MAX) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
