# SPDX-License-Identifier: MIT
"""Every rule set (line and circle, scoring the coin taken or what
remains) through solve, line, analyze, Game and Table, against the
oracle's direct interval DP (oracle.Rules, oracle.Play), LeetCode 1690's
recurrence and exhaustive play for small rows."""
import itertools
import unittest

import coinline
import oracle

RULE_SETS = [(circle, score) for circle in (False, True) for score in ("taken", "remaining")]


def winner(m):
    return "first" if m > 0 else "second" if m < 0 else "draw"


def rows(seed, count, most=11):
    """Random rows with negatives, zeros, ties, odd and even n, int64
    extremes; the empty row and one coin among them."""
    r = oracle.rng(seed)
    out = [[], [7], [0, 0], [-1, 2]]
    out += [oracle.random_row(r, r.randint(0, most)) for _ in range(count)]
    return out


class RemainingTest(unittest.TestCase):
    def test_leetcode_1690_examples(self):
        self.assertEqual(coinline.solve([5, 3, 1, 4, 2], score="remaining").margin, 6)
        self.assertEqual(coinline.solve([7, 90, 5, 1, 100, 10, 10, 2],
                                        score="remaining").margin, 122)
        for algo in ("linear", "dp", "brute"):
            self.assertEqual(coinline.solve([5, 3, 1, 4, 2], algo,
                                            rules="remaining").margin, 6)
            self.assertEqual(coinline.solve([7, 90, 5, 1, 100, 10, 10, 2], algo,
                                            rules=coinline.Rules(score="remaining")).margin,
                             122)

    def test_the_oracle_is_leetcode_s_recurrence_and_exhaustive_play(self):
        for i, a in enumerate(rows(29, 300, 9)):
            self.assertEqual(oracle.solve_rules(a, False, "remaining")[2],
                             oracle.remaining_dp(a), a)
            if len(a) <= 7:
                for circle, score in RULE_SETS:
                    self.assertEqual(oracle.solve_rules(a, circle, score)[2],
                                     oracle.minimax(a, circle, score), (a, circle, score))
        for n in range(6):
            for a in itertools.product(range(-2, 3), repeat=n):
                self.assertEqual(oracle.solve_rules(list(a), False, "remaining")[2],
                                 oracle.remaining_dp(list(a)), a)

    def test_remaining_on_every_row_up_to_five_coins_over_minus_two_to_two(self):
        for n in range(6):
            for a in itertools.product(range(-2, 3), repeat=n):
                a = list(a)
                for circle in (False, True):
                    p1, p2, m, first, _ = oracle.solve_rules(a, circle, "remaining")
                    got = coinline.solve(a, circle=circle, score="remaining")
                    self.assertEqual((got.margin, got.p1, got.p2, got.first),
                                     (m, p1, p2, first), (a, circle))


class SolveUnderRulesTest(unittest.TestCase):
    def test_solve_and_line_match_the_oracle_for_every_rule_set_and_solver(self):
        past_64_bits = 0
        for i, a in enumerate(rows(30, 400)):
            for circle, score in RULE_SETS:
                p1, p2, m, first, played = oracle.solve_rules(a, circle, score)
                past_64_bits += abs(p1) > 2**64
                rules = coinline.Rules("circle" if circle else "line", score)
                for algo in ("linear", "dp", "brute"):
                    got = coinline.solve(a, algo, circle=circle, score=score)
                    what = (i, a, circle, score, algo)
                    self.assertEqual(tuple(got)[:6], (len(a), sum(a), p1, p2, m, winner(m)),
                                     what)
                    self.assertEqual((got.first, got.rules), (first, rules), what)
                    self.assertEqual(coinline.line(a, algo, rules=rules, positions=True),
                                     played, what)
        self.assertGreater(past_64_bits, 20)

    def test_first_move_as_an_end_and_the_line_as_text(self):
        r = coinline.solve([5, 3, 1, 4, 2], score="remaining")
        self.assertEqual((r.first_move, r.first, str(r.rules)), ("right", 5, "line,remaining"))
        self.assertEqual(coinline.line([5, 3, 1, 4, 2], score="remaining"), "RLLLL")
        c = coinline.solve([5, 3, 1, 4, 2], circle=True)
        self.assertEqual((c.first_move, c.first), (None, coinline.circle_solve([5, 3, 1, 4, 2]).first))
        first, moves = coinline.circle_line([5, 3, 1, 4, 2])
        self.assertEqual(coinline.line([5, 3, 1, 4, 2], circle=True), "%d:%s" % (first, moves))
        self.assertEqual(coinline.line([], circle=True, score="remaining"), "")
        self.assertIsNone(coinline.solve([], rules="circle").first)

    def test_todays_calls_and_results_are_unchanged(self):
        r = coinline.solve([1, 3, 5, 2, 9])
        self.assertEqual(len(r), 7)
        self.assertEqual(repr(r), "coinline.Result(n=5, sum=20, p1=14, p2=6, margin=8, "
                                  "winner='first', first_move='right')")
        self.assertEqual((r.first, str(r.rules)), (5, "line"))
        self.assertEqual(coinline.line([1, 3, 5, 2, 9]), "RLLLL")
        self.assertEqual(coinline.solve([1, 3, 5, 2, 9], rules=None), r)
        self.assertEqual(coinline.solve([1, 3, 5, 2, 9], circle=False, score="taken"), r)

    def test_remaining_on_a_long_row_is_half_the_sum_and_the_negated_row_s_value(self):
        a = coinline.random_rows(1, 200000, -10**9, 10**9, 5)[0]
        got = coinline.solve(a, score="remaining")
        self.assertEqual(got.p1 - got.p2, got.margin)
        neg = coinline.solve([-x for x in a])
        # The margin is (S + V(-a)) / 2 (lib/remaining.c): an independent check.
        self.assertEqual(got.margin, (sum(a) + neg.margin) // 2)


class AnalyzeUnderRulesTest(unittest.TestCase):
    def check_review(self, a, circle, score, played):
        g = oracle.Play(oracle.Rules(a, circle, score))
        got = coinline.analyze(a, played, circle=circle, score=score)
        self.assertEqual(len(got), len(played))
        for k, (p, rv) in enumerate(zip(played, got)):
            what = (a, circle, score, played, k)
            sign = 1 if k % 2 == 0 else -1
            best = g.best()
            best_margin, margin = g.outcome(best), g.outcome(p)
            diff = sign * (best_margin - margin)
            loss = diff if score == "remaining" else diff // 2
            mover = k % 2
            if score == "remaining":
                secured = sign * best_margin
            else:
                rest = sum(a) - sum(g.scores)
                secured = g.scores[mover] + (rest + sign * best_margin
                                             - sign * (g.scores[0] - g.scores[1])) // 2
            g.play(p)
            self.assertEqual((rv.number, rv.player, rv.position, rv.coin),
                             (k + 1, mover + 1, p, a[p - 1]), what)
            self.assertEqual((rv.best_position, rv.best_coin), (best, a[best - 1]), what)
            self.assertEqual((rv.loss, rv.optimal), (loss, loss == 0), what)
            self.assertEqual(rv.secured, secured, what)
            self.assertEqual((rv.p1, rv.p2, rv.final_margin),
                             (g.scores[0], g.scores[1], margin), what)
            self.assertEqual(rv.rules, coinline.Rules("circle" if circle else "line", score))

    def test_random_games_are_judged_as_the_oracle_judges_them(self):
        r = oracle.rng(31)
        for a in rows(32, 150, 9):
            for circle, score in RULE_SETS:
                g = oracle.Play(oracle.Rules(a, circle, score))
                stop = r.randint(0, len(a))
                while len(g.played) < stop:
                    g.play(r.choice(g.legal()))
                self.check_review(a, circle, score, g.played)

    def test_moves_as_text_or_positions_give_the_same_reviews(self):
        a = [5, 3, 1, 4, 2]
        self.assertEqual(coinline.analyze(a, "LRLRL", score="remaining"),
                         coinline.analyze(a, [1, 5, 2, 4, 3], score="remaining"))
        self.assertEqual(coinline.analyze(a, "3:LR", circle=True),
                         coinline.analyze(a, [3, 4, 2], circle=True))
        self.assertEqual(coinline.analyze(a, "RRRRL"), coinline.analyze(a, "rrrrl"))
        self.assertEqual(coinline.analyze(a, "RRRRL")[-1].side, "left")
        self.assertEqual(coinline.analyze(a, "RRRRR")[-1].side, "right")

    def test_bad_moves_raise_naming_the_move(self):
        a = [5, 3, 1, 4, 2]
        with self.assertRaisesRegex(ValueError, "^analyze: .*move 2 is position 3, which is "
                                    r"not an end of the coins left \(2 and 5\)"):
            coinline.analyze(a, [1, 3], score="remaining")
        with self.assertRaisesRegex(ValueError, "move 1 is 'L', but any coin may be taken"):
            coinline.analyze(a, "LR", circle=True)
        with self.assertRaisesRegex(ValueError, "move 6 is one too many"):
            coinline.analyze(a, [1, 2, 3, 4, 5, 1])
        with self.assertRaisesRegex(TypeError, r"moves\[1\] is str"):
            coinline.analyze(a, [1, "R"])
        with self.assertRaisesRegex(ValueError, "positions count from 1"):
            coinline.analyze(a, [-1])
        with self.assertRaises(TypeError):
            coinline.analyze(a, 5)


class GameTest(unittest.TestCase):
    def check_position(self, game, g, what):
        st = game.state()
        legal = g.legal()
        best = g.best()
        sign = 1 if len(g.played) % 2 == 0 else -1
        margin = g.outcome(best) if best else g.scores[0] - g.scores[1]
        self.assertEqual(game.legal_moves(), legal, what)
        self.assertEqual((st.n, st.moves, st.left, len(game)),
                         (g.r.n, len(g.played), g.left(), g.left()), what)
        self.assertEqual((st.p1, st.p2), tuple(g.scores), what)
        self.assertEqual((st.best, st.final_margin), (best, margin), what)
        self.assertEqual(st.value, sign * (margin - (g.scores[0] - g.scores[1])), what)
        self.assertEqual(st.to_move, (len(g.played) % 2 + 1) if legal else None, what)
        ends = g.run is not None and g.left() > 0
        self.assertEqual((st.left_end, st.right_end),
                         (legal[0], legal[-1]) if ends else (None, None), what)
        self.assertEqual(st.best_side, ("left" if best == legal[0] else "right")
                         if ends else None, what)
        for p in legal:
            self.assertEqual(game.outcome(p), g.outcome(p), (what, p))
            self.assertTrue(game.is_legal(p))
        if ends:
            self.assertEqual(game.outcome("left"), g.outcome(legal[0]), what)
            self.assertEqual(game.outcome("R"), g.outcome(legal[-1]), what)

    def test_the_game_at_every_position_of_random_games(self):
        r = oracle.rng(33)
        for i, a in enumerate(rows(34, 120, 10)):
            for circle, score in RULE_SETS:
                game = coinline.Game(a, circle=circle, score=score)
                g = oracle.Play(oracle.Rules(a, circle, score))
                while True:
                    what = (i, a, circle, score, g.played)
                    self.check_position(game, g, what)
                    if not g.legal():
                        break
                    p = r.choice(g.legal())
                    self.assertEqual(game.play(p), a[p - 1], what)
                    g.play(p)
                self.assertEqual(game.moves, g.played)
                text = game.text
                replay = coinline.Game(a, rules=game.rules)
                replay.play_text(text)
                self.assertEqual(replay.moves, g.played, (what, text))
                for _ in range(len(a)):
                    game.undo()
                self.assertEqual(game.state(), coinline.Game(a, circle=circle,
                                                             score=score).state())

    def test_sides_name_the_ends_and_bad_moves_raise(self):
        game = coinline.Game([5, 3, 1, 4, 2], score="remaining")
        self.assertEqual(game.play("right"), 2)
        self.assertEqual(game.play("L"), 5)
        self.assertEqual(game.moves, [5, 1])
        self.assertEqual(game.text, "RL")
        with self.assertRaisesRegex(ValueError, r"^Game.play: position 5 is not an end of the "
                                    r"coins left \(2 and 4\)$"):
            game.play(5)
        with self.assertRaisesRegex(ValueError, "is not on the 5 coins"):
            game.play(6)
        with self.assertRaisesRegex(ValueError, "positions count from 1"):
            game.play(-2)
        for bad in (1.0, True, None, [1]):
            with self.assertRaises(TypeError):
                game.play(bad)
        with self.assertRaises(ValueError):
            game.play("middle")
        self.assertEqual(game.moves, [5, 1], "nothing refused was played")
        circle = coinline.Game([5, 3, 1, 4, 2], circle=True)
        with self.assertRaisesRegex(ValueError, "any coin may be taken here"):
            circle.play("left")
        self.assertFalse(circle.is_legal("left"))
        self.assertTrue(circle.is_legal(4))
        with self.assertRaisesRegex(ValueError, "no move to take back"):
            circle.undo()
        with self.assertRaisesRegex(ValueError, r"move 2 is 'x'"):
            circle.play_text("3 x")
        self.assertEqual(circle.moves, [], "play_text takes back what it played")
        done = coinline.Game([7])
        done.play(1)
        with self.assertRaisesRegex(ValueError, "no coin is left"):
            done.play("L")
        self.assertEqual(done.legal_moves(), [])
        self.assertIsNone(done.state().best)

    def test_rules_arguments_and_their_errors(self):
        self.assertEqual(str(coinline.Game([1, 2], rules="remaining circle").rules),
                         "circle,remaining")
        self.assertEqual(coinline.Rules(), coinline.Rules("line", "taken"))
        self.assertEqual(hash(coinline.Rules("circle")), hash(coinline.Rules(shape="circle")))
        self.assertEqual(repr(coinline.Rules("circle", "remaining")),
                         "coinline.Rules(shape='circle', score='remaining')")
        self.assertEqual((coinline.SHAPES, coinline.SCORES),
                         (("line", "circle"), ("taken", "remaining")))
        import pickle
        r = coinline.Rules("circle", "remaining")
        self.assertEqual(pickle.loads(pickle.dumps(r)), r)
        with self.assertRaisesRegex(TypeError, "give rules, or circle and score, not both"):
            coinline.solve([1], rules="circle", score="remaining")
        with self.assertRaisesRegex(ValueError, "^solve: score must be 'taken' or "
                                    "'remaining', not 'left'$"):
            coinline.solve([1], score="left")
        with self.assertRaisesRegex(TypeError, "circle must be True or False"):
            coinline.line([1], circle=1)
        with self.assertRaisesRegex(ValueError, "^Game: rules='pizza': unknown rule 'pizza'"):
            coinline.Game([1], rules="pizza")
        with self.assertRaisesRegex(ValueError, "a second shape"):
            coinline.Table([1], rules="line circle")
        with self.assertRaisesRegex(TypeError, "rules must be a str"):
            coinline.analyze([1], "L", rules=1)
        with self.assertRaisesRegex(ValueError, "Rules: shape must be 'line' or 'circle'"):
            coinline.Rules("row")
        with self.assertRaisesRegex(ValueError, r"^solve: algo='brute' solves at most 26 coins, "
                                    r"not 27 \(use 'linear' or 'dp'\)$"):
            coinline.solve([1] * 27, "brute", circle=True, score="remaining")
        with self.assertRaises(RuntimeError):
            coinline.Game.__new__(coinline.Game).state()


class StrategyUnderRulesTest(unittest.TestCase):
    def test_built_in_strategies_choose_legal_moves_as_the_oracle_says(self):
        r = oracle.rng(36)
        for i, a in enumerate(rows(37, 60, 10)):
            for circle, score in RULE_SETS:
                game = coinline.Game(a, circle=circle, score=score)
                g = oracle.Play(oracle.Rules(a, circle, score))
                optimal, greedy = coinline.Strategy("optimal"), coinline.Strategy("greedy")
                rand = coinline.Strategy("random", i)
                while g.legal():
                    what = (i, a, circle, score, g.played)
                    legal = g.legal()
                    self.assertEqual(optimal.choose(game), g.best(), what)
                    gains = [g.after(p)[0] for p in legal]
                    self.assertEqual(greedy.choose(game), legal[gains.index(max(gains))], what)
                    self.assertIn(rand.choose(game), legal, what)
                    self.assertEqual(game.moves, g.played, "choose plays nothing")
                    p = r.choice(legal)
                    game.play(p)
                    g.play(p)

    def test_classic_choices_are_those_of_move_with_the_same_seed(self):
        for spec in ("random", "fallible:0.5", "parity", "greedy"):
            for a in rows(38, 30, 12):
                e, game = coinline.Engine(a), coinline.Game(a)
                s, t = coinline.Strategy(spec, 9), coinline.Strategy(spec, 9)
                while len(e):
                    side = s.move(e)
                    st = game.state()
                    want = st.left_end if side == "left" else st.right_end
                    self.assertEqual(t.choose(game), want, (spec, a, e.moves))
                    e.play(side)
                    game.play(want)

    def test_a_callable_chooses_a_position_or_an_end(self):
        game = coinline.Game([5, 3, 1, 4, 2], circle=True, score="remaining")
        seen = []

        def last(state):
            seen.append(state)
            return state.right_end or state.n

        s = coinline.Strategy(last)
        self.assertEqual(s.choose(game), 5)
        self.assertIsInstance(seen[0], coinline.GameState)
        game.play(2)
        self.assertEqual(s.choose(game), 1)
        self.assertEqual(coinline.Strategy(lambda st: "left").choose(game), 3)
        with self.assertRaisesRegex(ValueError, "the move strategy up returned: 'up' is no move"):
            coinline.Strategy(lambda st: "up", name="up").choose(game)
        with self.assertRaisesRegex(ValueError, "position 4 is not an end of the coins left"):
            coinline.Strategy(lambda st: 4).choose(game)
        def boom(state):
            raise ZeroDivisionError("boom")
        with self.assertRaisesRegex(ZeroDivisionError, "boom"):
            coinline.Strategy(boom).choose(game)

        def cheat(state):
            game.play(3)
            return 3
        with self.assertRaisesRegex(RuntimeError, "changed the game"):
            coinline.Strategy(cheat).choose(game)
        with self.assertRaisesRegex(TypeError, "game must be a coinline.Game"):
            coinline.Strategy("optimal").choose(coinline.Engine([1]))
        done = coinline.Game([1])
        done.play(1)
        with self.assertRaisesRegex(ValueError, "no coin is left"):
            coinline.Strategy("optimal").choose(done)


class TableTest(unittest.TestCase):
    def test_every_run_of_random_rows_for_every_rule_set(self):
        for i, a in enumerate(rows(35, 120, 9)):
            for circle, score in RULE_SETS:
                o = oracle.Rules(a, circle, score)
                t = coinline.Table(a, circle=circle, score=score)
                p1, p2, m, first, played = oracle.solve_rules(a, circle, score)
                self.assertEqual((t.first, len(t), t.coins), (first, len(a), a))
                on_line = set()
                g = oracle.Play(o)
                for p in played:
                    g.play(p)
                    if g.run is not None and g.left() > 0:
                        on_line.add((g.run[0], g.run[1]))
                if not circle and a:
                    on_line.add((1, len(a)))
                n = len(a)
                for start in range(1, n + 1):
                    longest = n - 1 if circle else n - start + 1
                    for length in range(1, longest + 1):
                        what = (i, a, circle, score, start, length)
                        c = t.cell(start, length)
                        best, v = o.best(start, length)
                        self.assertEqual((c.value, c.best), (v, best), what)
                        self.assertEqual(c.best_side, "left" if best == o.pos(start) else "right",
                                         what)
                        self.assertEqual(c.on_line, (start, length) in on_line, what)
                    with self.assertRaises(ValueError):
                        t.cell(start, longest + 1)
                g = oracle.Play(o)
                for p in g.legal():
                    self.assertEqual(t.outcome(p), g.outcome(p), (a, circle, score, p))

    def test_bad_tables_raise(self):
        with self.assertRaisesRegex(ValueError, "at most 1024 coins, not 1025"):
            coinline.Table([1] * 1025, score="remaining")
        t = coinline.Table([1, 2, 3])
        with self.assertRaisesRegex(ValueError, "position 2 is not a legal first move"):
            t.outcome(2)
        with self.assertRaises(ValueError):
            t.cell(0, 1)
        with self.assertRaises(TypeError):
            t.outcome("left")


if __name__ == "__main__":
    unittest.main()
