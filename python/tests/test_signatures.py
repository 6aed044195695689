# SPDX-License-Identifier: MIT
"""Every public callable has a signature that inspect, help() and editors
can read, the same as the stub (coinline/_coinline.pyi) declares, and true:
calls made with its names and its defaults work and mean what the
signature says."""
import ast
import inspect
import os
import pydoc
import unittest

import coinline
from coinline import _coinline

ROW = [1, 3, 5, 2, 9]
PIZZA = [2, 9, 1, 6, 3, 8, 4]
P = inspect.Parameter
PLAN = (1, 100, 200, False, True, 7)


def sum_over_10(row):
    """A fails() for check_shrink: rows summing past 10 fail."""
    return sum(row) > 10


def strategy_moves(s):
    """What a Strategy does: its name and its moves on a few positions."""
    rows = ([1, 3, 5, 2, 9], [4, 1, 1, 4], [7], [2, 9, 1, 6, 3, 8, 4, 5])
    return s.name, [s.move(coinline.Engine(r)) for r in rows * 8]


def played(side):
    """Engine.play on a fresh engine: the coin taken and the moves."""
    e = coinline.Engine(ROW)
    return e.play(side), e.moves


def undone():
    """Engine.undo after a move: what it returns and the moves left."""
    e = coinline.Engine(ROW)
    e.play("left")
    return e.undo(), e.moves


def game_view(g):
    """What a Game is: its rules, its moves and its position."""
    return str(g.rules), g.moves, g.state()


def game_after(method, **given):
    """A Game method's result on a fresh circle game scoring what
    remains, and the game after it."""
    g = coinline.Game(PIZZA, circle=True, score="remaining")
    return getattr(g, method)(**given), game_view(g)


def undone_game():
    g = coinline.Game(PIZZA, circle=True)
    g.play(3)
    return g.undo(), game_view(g)


ROWS = [[1, 3, 5], [2, 9], [], [4]]


def rows_game_view(g):
    """What a RowsGame is: its moves, the coins each row has left and its
    position."""
    return g.moves, g.rows, g.state()


def rows_game_after(method, **given):
    """A RowsGame method's result after one move, and the game after it."""
    g = coinline.RowsGame(ROWS)
    g.play(0, "left")
    return getattr(g, method)(**given), rows_game_view(g)


def table(method, **given):
    """A Table method's result on a table of a line scoring what remains."""
    return getattr(coinline.Table(ROW, score="remaining"), method)(**given)


# Each C callable: the callable, the argument it is given for each of its
# parameters, and how its result is compared (for a method, a call on a
# fresh object). A parameter missing here fails the test, so a new one
# must come with a value.
CALLS = {
    "solve": (coinline.solve, {"coins": ROW, "algo": "dp", "circle": True,
                               "score": "remaining", "rules": None}, None),
    "best_move": (coinline.best_move, {"coins": ROW, "lo": 1, "hi": 4, "algo": "dp"}, None),
    "line": (coinline.line, {"coins": ROW, "algo": "dp", "circle": None, "score": None,
                             "rules": "circle,remaining", "positions": True}, None),
    "analyze": (coinline.analyze, {"coins": ROW, "moves": "RRRRL", "circle": False,
                                   "score": "remaining", "rules": None}, None),
    "circle_solve": (coinline.circle_solve, {"coins": PIZZA, "algo": "dp"}, None),
    "circle_margins": (coinline.circle_margins, {"coins": PIZZA, "algo": "dp"}, None),
    "circle_line": (coinline.circle_line, {"coins": PIZZA, "algo": "dp"}, None),
    "circle_rotate": (coinline.circle_rotate, {"coins": PIZZA, "first": 2}, None),
    "against": (coinline.against, {"coins": ROW, "rule": "random",
                                   "opponent_first": True}, None),
    "against_line": (coinline.against_line, {"coins": ROW, "rule": "parity",
                                             "opponent_first": True}, None),
    "random_rows": (coinline.random_rows,
                    {"games": 2, "coins": 3, "min": 5, "max": 9, "seed": 7}, None),
    "random_next": (coinline.random_next, {"state": 7}, None),
    "check_count": (_coinline.check_count, {"plan": PLAN}, None),
    "check_game": (_coinline.check_game, {"plan": PLAN, "k": 40}, None),
    "check_shrink": (_coinline.check_shrink, {"plan": PLAN, "coins": [8, 15, 3, 7],
                                              "fails": sum_over_10, "budget": 50}, None),
    "check_growth": (_coinline.check_growth, {"sizes": [10, 20, 40, 80],
                                              "seconds": [0.01, 0.04, 0.16, 0.64],
                                              "base": 0.001}, None),
    "Engine": (coinline.Engine, {"coins": ROW}, lambda e: (e.row.tolist(), e.state())),
    "_coinline.Engine": (_coinline.Engine, {"coins": ROW}, lambda e: e.state()),
    "Strategy": (coinline.Strategy, {"spec": "random", "seed": 3, "name": None},
                 strategy_moves),
    "Result": (coinline.Result, {"sequence": range(7), "dict": {}}, None),
    "CircleResult": (coinline.CircleResult, {"sequence": range(7), "dict": {}}, None),
    "AgainstResult": (coinline.AgainstResult, {"sequence": range(7), "dict": {}}, None),
    "State": (coinline.State, {"sequence": range(11), "dict": {}}, None),
    "Review": (coinline.Review, {"sequence": range(12), "dict": {}}, None),
    "Engine.play": (played, {"side": "right"}, None),
    "Rules": (coinline.Rules, {"shape": "circle", "score": "remaining"}, None),
    "Game": (coinline.Game, {"coins": PIZZA, "circle": True, "score": "remaining",
                             "rules": None}, game_view),
    "GameState": (coinline.GameState, {"sequence": range(12), "dict": {}}, None),
    "Game.play": (lambda move: game_after("play", move=move), {"move": 4}, None),
    "Game.undo": (undone_game, {}, None),
    "Game.state": (lambda: game_after("state"), {}, None),
    "Game.outcome": (lambda move: game_after("outcome", move=move), {"move": 2}, None),
    "Game.is_legal": (lambda move: game_after("is_legal", move=move), {"move": 7}, None),
    "Game.legal_moves": (lambda: game_after("legal_moves"), {}, None),
    "Game.play_text": (lambda text: game_after("play_text", text=text),
                       {"text": "3:LR"}, None),
    "Table": (coinline.Table, {"coins": PIZZA, "circle": True, "score": None,
                               "rules": None},
              lambda t: (t.first, t.rules, t.coins, t.cell(2, 6))),
    "solve_rows": (coinline.solve_rows, {"rows": ROWS}, None),
    "RowsResult": (coinline.RowsResult, {"sequence": range(8), "dict": {}}, None),
    "RowsState": (coinline.RowsState, {"sequence": range(10), "dict": {}}, None),
    "rows_line": (coinline.rows_line, {"rows": ROWS}, None),
    "RowsGame": (coinline.RowsGame, {"rows": ROWS}, rows_game_view),
    "RowsGame.play": (lambda row, side: rows_game_after("play", row=row, side=side),
                      {"row": 1, "side": "right"}, None),
    "RowsGame.outcome": (lambda row, side: rows_game_after("outcome", row=row, side=side),
                         {"row": 0, "side": "left"}, None),
    "RowsGame.undo": (lambda: rows_game_after("undo"), {}, None),
    "RowsGame.state": (lambda: rows_game_after("state"), {}, None),
    "RowsGame.value": (lambda: rows_game_after("value"), {}, None),
    "RowsGame.row": (lambda row: rows_game_after("row", row=row), {"row": 3}, None),
    "TableCell": (coinline.TableCell, {"sequence": range(4), "dict": {}}, None),
    "Table.cell": (lambda start, length: table("cell", start=start, length=length),
                   {"start": 2, "length": 3}, None),
    "Table.outcome": (lambda position: table("outcome", position=position),
                      {"position": 5}, None),
    "Engine.undo": (undone, {}, None),
    "Engine.state": (lambda: coinline.Engine(ROW).state(), {}, None),
    "Strategy.move": (lambda engine: coinline.Strategy("optimal").move(engine),
                      {"engine": coinline.Engine(ROW)}, None),
    "Strategy.choose": (lambda game: coinline.Strategy("greedy").choose(game),
                        {"game": coinline.Game(PIZZA, circle=True, score="remaining")}, None),
}


def c_callables():
    """(name, object) of every callable of the C core: its functions and
    types, and the public methods of the types."""
    out = []
    for name in sorted(dir(_coinline)):
        obj = getattr(_coinline, name)
        if name.startswith("_") or not callable(obj):
            continue
        out.append((name, obj))
        if isinstance(obj, type):
            for attr, value in sorted(vars(obj).items()):
                if not attr.startswith("_") and callable(value):
                    out.append(("%s.%s" % (name, attr), value))
    return out


def public_callables():
    """(name, object) of every callable of coinline.__all__ and every
    public method of its classes, inherited ones too."""
    out = []
    for name in coinline.__all__:
        obj = getattr(coinline, name)
        if not callable(obj):
            continue
        out.append((name, obj))
        if isinstance(obj, type):
            for attr in dir(obj):
                value = getattr(obj, attr)
                if not attr.startswith("_") and callable(value):
                    out.append(("%s.%s" % (name, attr), value))
    return out


def stub_params(fn):
    """The parameters a stub's def declares: (name, kind, has a default)."""
    a = fn.args
    positional = [(x, P.POSITIONAL_ONLY) for x in a.posonlyargs] + \
        [(x, P.POSITIONAL_OR_KEYWORD) for x in a.args]
    first_default = len(positional) - len(a.defaults)
    out = [(x.arg, kind, k >= first_default) for k, (x, kind) in enumerate(positional)]
    if a.vararg:
        out.append((a.vararg.arg, P.VAR_POSITIONAL, False))
    out += [(x.arg, P.KEYWORD_ONLY, d is not None)
            for x, d in zip(a.kwonlyargs, a.kw_defaults)]
    if a.kwarg:
        out.append((a.kwarg.arg, P.VAR_KEYWORD, False))
    return out


def stub():
    """{name: params} of the stub's functions, classes (their __init__ or
    __new__) and methods ("Class.method"), without self and cls."""
    path = os.path.join(os.path.dirname(_coinline.__file__), "_coinline.pyi")
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read())
    out = {}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            out[node.name] = stub_params(node)
        elif isinstance(node, ast.ClassDef):
            for fn in node.body:
                if not isinstance(fn, ast.FunctionDef) or any(
                        getattr(d, "id", None) == "property" for d in fn.decorator_list):
                    continue
                params = stub_params(fn)[1:]
                if fn.name in ("__init__", "__new__"):
                    out[node.name] = params
                elif not fn.name.startswith("_"):
                    out["%s.%s" % (node.name, fn.name)] = params
    return out


def real_params(name, obj):
    """The parameters inspect reads: (name, kind, has a default), without a
    method's self."""
    params = list(inspect.signature(obj).parameters.values())
    if "." in name:
        params = params[1:]
    return [(p.name, p.kind, p.default is not P.empty) for p in params]


def split_args(sig, given):
    """given as a call: positional-only parameters by position, the others
    by name."""
    args, kwargs = [], {}
    for p in sig.parameters.values():
        if p.name not in given:
            continue
        if p.kind == P.POSITIONAL_ONLY:
            args.append(given[p.name])
        else:
            kwargs[p.name] = given[p.name]
    return args, kwargs


class SignatureTest(unittest.TestCase):
    def test_every_public_callable_has_a_signature(self):
        names = []
        for name, obj in public_callables():
            try:
                inspect.signature(obj)
            except (TypeError, ValueError) as e:
                self.fail("%s: inspect.signature raises %r" % (name, e))
            names.append(name)
        for name in ("solve", "line", "circle_solve", "analyze", "Engine.play", "duel",
                     "Strategy.move", "State", "DuelResult.as_dict"):
            self.assertIn(name, names)
        self.assertEqual(str(inspect.signature(coinline.State.__repr__)), "(self, /)")

    def test_the_signatures_are_the_stubs(self):
        declared = stub()
        found = dict(c_callables())
        self.assertEqual(sorted(declared), sorted(found),
                         "the stub and the module have the same callables")
        for name, obj in found.items():
            self.assertEqual(real_params(name, obj), declared[name], name)

    def test_help_shows_the_signature_and_no_stray_marker(self):
        for name, obj in c_callables():
            if isinstance(obj, type):
                continue
            text = pydoc.render_doc(obj, renderer=pydoc.plaintext)
            short = name.split(".")[-1]
            sig = str(inspect.signature(obj))
            self.assertIn("\n%s%s\n" % (short, sig), text, name)
            self.assertNotIn("(...)", text, name)
            self.assertNotIn("\n    --\n", text, name)
            self.assertNotIn("->", text.split("\n")[2], name)

    def test_calls_with_the_signatures_names_work(self):
        for name, obj in c_callables() + [("Engine", coinline.Engine)]:
            if name not in CALLS:
                self.fail("%s: no arguments in CALLS to call it with" % name)
            fn, given, view = CALLS[name]
            view = view or (lambda x: x)
            sig = inspect.signature(obj)
            params = list(sig.parameters)[1:] if "." in name else list(sig.parameters)
            self.assertEqual(sorted(params), sorted(given), name)
            args, kwargs = split_args(sig, given)
            by_name = view(fn(*args, **kwargs))
            # Positionally wherever the signature allows: the same call.
            positional = [given[p] for p in params
                          if sig.parameters[p].kind != P.KEYWORD_ONLY]
            keyword = {p: given[p] for p in params
                       if sig.parameters[p].kind == P.KEYWORD_ONLY}
            self.assertEqual(view(fn(*positional, **keyword)), by_name, name)

    def test_the_defaults_are_the_values_used_when_omitted(self):
        for name, obj in c_callables() + [("Engine", coinline.Engine)]:
            fn, given, view = CALLS[name]
            view = view or (lambda x: x)
            sig = inspect.signature(obj)
            required = {p.name: given[p.name] for p in sig.parameters.values()
                        if p.default is P.empty and p.name in given}
            explicit = dict(required, **{p.name: p.default for p in sig.parameters.values()
                                         if p.default is not P.empty})
            args, kwargs = split_args(sig, required)
            omitted = view(fn(*args, **kwargs))
            args, kwargs = split_args(sig, explicit)
            self.assertEqual(view(fn(*args, **kwargs)), omitted, name)

    def test_positional_only_and_keyword_only_are_enforced(self):
        e = coinline.Engine(ROW)
        with self.assertRaises(TypeError):
            e.play(side="left")
        with self.assertRaises(TypeError):
            coinline.Strategy("optimal").move(engine=e)
        with self.assertRaises(TypeError):
            coinline.random_next(state=1)
        with self.assertRaises(TypeError):
            coinline.best_move(ROW, 0, 5, "dp")
        with self.assertRaises(TypeError):
            coinline.Strategy(lambda s: "L", 0, "mine")
        for name, obj in c_callables():
            sig = inspect.signature(obj)
            for p in sig.parameters.values():
                if p.kind == P.POSITIONAL_ONLY and p.name not in ("self", "$self"):
                    self.assertIn(name, ("random_next", "Engine.play", "Strategy.move"),
                                  "%s: %s is positional-only" % (name, p.name))


if __name__ == "__main__":
    unittest.main()
