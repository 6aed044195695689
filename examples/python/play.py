# SPDX-License-Identifier: MIT
"""A game against the engine, in ten lines: you move first; type L or R.
    PYTHONPATH=build/python python3 examples/python/play.py 1 3 5 2 9"""
import sys, coinline
e = coinline.Engine(int(c) for c in sys.argv[1:] or "1 3 5 2 9".split())
while len(e):
    s = e.state()
    if s.to_move == 1:
        try: e.play(input(f"{s.coins.tolist()} you {s.p1}, me {s.p2}. L or R? ").strip())
        except ValueError as err: print(err)
    else: print("I take the", s.best, "coin:", e.play(s.best))
s = e.state()
print(f"you {s.p1}, me {s.p2}:", "you win" if s.p1 > s.p2 else "I win" if s.p2 > s.p1 else "a draw")
