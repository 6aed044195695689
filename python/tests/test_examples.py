# SPDX-License-Identifier: MIT
"""The examples of examples/python/ run and answer right."""
import os
import re
import subprocess
import sys
import unittest

import oracle

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")


def run(script, args=(), stdin=""):
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in sys.path if p)
    return subprocess.run([sys.executable, os.path.join(ROOT, "examples", "python", script),
                           *args], input=stdin, capture_output=True, text=True, env=env,
                          check=True, timeout=60).stdout


class ExamplesTest(unittest.TestCase):
    def test_leetcode_answers_match_the_problems_examples_and_the_dp(self):
        out = run("leetcode.py")
        got = re.findall(r"^(486|877) (\[.*\]) (True|False)$", out, re.M)
        self.assertEqual(len(got), 6)
        for problem, row, answer in got:
            a = [int(x) for x in row.strip("[]").split(",")]
            m = oracle.solve(a)[2]
            self.assertEqual(answer == "True", m >= 0 if problem == "486" else m > 0, row)
        self.assertIn("486 [1, 5, 2] False", out)      # the problems' own examples
        self.assertIn("486 [1, 5, 233, 7] True", out)
        self.assertIn("877 [5, 3, 4, 5] True", out)

    def test_play_takes_moves_refuses_nonsense_and_never_does_worse_than_optimal(self):
        row = [1, 3, 5, 2, 9, 4, 4]
        out = run("play.py", [str(c) for c in row], "x\nL\nR\nL\nR\nL\n")
        self.assertIn("side must be 'left' or 'right'", out)
        you, me = map(int, re.search(r"you (-?\d+), me (-?\d+): ", out).groups())
        self.assertEqual(you + me, sum(row))
        self.assertGreaterEqual(me, oracle.solve(row)[1])  # the engine moves second


if __name__ == "__main__":
    unittest.main()
