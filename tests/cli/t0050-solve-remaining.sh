#!/bin/sh
# SPDX-License-Identifier: MIT
# coinline solve --score remaining (LeetCode 1690, Stone Game VII: a move
# scores the sum of the coins left after it), on a line and with --circle,
# in every output form: LeetCode's two examples, checked by hand; a direct
# interval DP per rule set (tests/cli/rules_oracle.py) on random rows
# (signed, ties, odd and even, int64 extremes with scores past 64 bits);
# the three solvers against each other; the position query (--moves) at
# every position of random games; files of many games; the refusals.
. "$(dirname "$0")/lib.sh"

command -v python3 >/dev/null 2>&1 && test_set_prereq PYTHON3

# 5 3 1 4 2 (LeetCode 1690's first example): player 1 takes 2 and scores
# 5+3+1+4 = 13; player 2 takes 5 (8), player 1 takes 3 (5), player 2
# takes 1 (4), player 1 takes 4 (0): 18 against 12, a margin of 6.
test_expect_success 'LeetCode 1690: 5 3 1 4 2 gives a margin of 6, line by line' '
	coinline solve --score remaining -r "5 3 1 4 2" >out &&
	echo 18 >expect &&
	test_cmp expect out &&
	coinline solve --score=remaining -b -lcompact -r "5 3 1 4 2" >out &&
	echo "18 12 RLLLL" >expect &&
	test_cmp expect out &&
	coinline solve --score remaining --line -r "5 3 1 4 2" >out &&
	cat >expect <<-\EOF &&
	Game 1 (--row 1): 5 coins: 5 3 1 4 2
	  1. Player 1 takes 2 from the right.  Score 13 to 0.  Left: 5 3 1 4
	  2. Player 2 takes 5 from the left.  Score 13 to 8.  Left: 3 1 4
	  3. Player 1 takes 3 from the left.  Score 18 to 8.  Left: 1 4
	  4. Player 2 takes 1 from the left.  Score 18 to 12.  Left: 4
	  5. Player 1 takes 4 (the last coin).  Score 18 to 12.
	  Result: player 1 gets 18, player 2 gets 12: player 1 wins by 6.
	EOF
	test_cmp expect out
'

test_expect_success 'LeetCode 1690: 7 90 5 1 100 10 10 2 gives a margin of 122; JSON says the scoring' '
	coinline solve --score remaining -j -r "7 90 5 1 100 10 10 2" >out &&
	echo "{\"game\":1,\"n\":8,\"score\":\"remaining\",\"sum\":225,\"p1\":479,\"p2\":357,\"margin\":122,\"winner\":\"first\",\"first_move\":\"right\"}" >expect &&
	test_cmp expect out
'

# On a circle, the first player takes any coin and scores the rest. On
# 5 3 1 4 2 taking 2 (position 5) leaves the line 5 3 1 4, the row above
# after its first move: the same game, margin 6, and no first coin does
# better (the oracle below checks every one).
test_expect_success 'with --circle: JSON, the compact line, the words' '
	coinline solve -c --score remaining -j -lcompact -r "5 3 1 4 2" >out &&
	echo "{\"game\":1,\"n\":5,\"circle\":true,\"score\":\"remaining\",\"sum\":15,\"p1\":18,\"p2\":12,\"margin\":6,\"winner\":\"first\",\"first_move\":5,\"line\":\"LLLL\"}" >expect &&
	test_cmp expect out &&
	coinline solve -c --score remaining -b -lcompact -r "5 3 1 4 2" -r 7 -r "" >out &&
	printf "18 12 5 LLLL\n0 0 1 -\n0 0 - -\n" >expect &&
	test_cmp expect out &&
	coinline solve -c --score remaining -l -r "5 3 1 4 2" >out &&
	cat >expect <<-\EOF &&
	Game 1 (--row 1): 5 coins on a circle, positions 1..5 clockwise: 5 3 1 4 2
	  1. Player 1 takes 2 at position 5.  Score 13 to 0.  Left: 5 3 1 4 (positions 1 to 4 clockwise)
	  2. Player 2 takes 5 at position 1, from the left.  Score 13 to 8.  Left: 3 1 4
	  3. Player 1 takes 3 at position 2, from the left.  Score 18 to 8.  Left: 1 4
	  4. Player 2 takes 1 at position 3, from the left.  Score 18 to 12.  Left: 4
	  5. Player 1 takes 4 at position 4, the last coin.  Score 18 to 12.
	  Result: player 1 gets 18, player 2 gets 12: player 1 wins by 6.
	EOF
	test_cmp expect out
'

test_expect_success 'an empty row and one coin: nothing scores' '
	coinline solve --score remaining -j -r "" -r 9 >out &&
	cat >expect <<-\EOF &&
	{"game":1,"n":0,"score":"remaining","sum":0,"p1":0,"p2":0,"margin":0,"winner":"draw","first_move":null}
	{"game":2,"n":1,"score":"remaining","sum":9,"p1":0,"p2":0,"margin":0,"winner":"draw","first_move":"left"}
	EOF
	test_cmp expect out
'

test_expect_success '--score taken is the default, byte for byte' '
	coinline gen -n 30 -g 5 --min=-9 --max=9 -s 3 >games &&
	for opts in "" "-b" "-j" "-lcompact" "-l" "-j -l" "-c" "-c -j -l" "-c -l"; do
		coinline solve $opts games >default &&
		coinline solve $opts --score taken games >taken &&
		test_cmp default taken || return 1
	done
'

cat >"$TRASH_ROOT/check_solve.py" <<\PYEOF
import json, os, random, subprocess, sys
from rules_oracle import solve, winner
rng = random.Random(int(sys.argv[1]))
count = int(sys.argv[2])
tool = os.environ["COINLINE"]
rows = []
for _ in range(count):
    n = rng.randrange(0, 11)
    lim = rng.choice([1, 3, 50, 2**63 - 1])
    if lim == 2**63 - 1 and rng.random() < 0.5:
        a = [rng.choice([-2**63, 2**63 - 1]) for _ in range(n)]
    else:
        a = [rng.randrange(-lim, lim + 1) for _ in range(n)]
    rows.append(a)
with open("games", "w") as f:
    for a in rows:
        f.write("%d\n%s\n" % (len(a), " ".join(map(str, a))))
bad = 0
def run(*args):
    return subprocess.run([tool, "solve", *args, "games"], check=True,
                          capture_output=True, text=True).stdout.splitlines()
for circle in (False, True):
    shape = ["-c"] if circle else []
    outs = {algo: run(*shape, "--score", "remaining", "-j", "-l", "-a", algo)
            for algo in ("linear", "dp", "brute")}
    plain = run(*shape, "--score", "remaining")
    both = run(*shape, "--score", "remaining", "-b", "-lcompact")
    for g, a in enumerate(rows):
        o = solve(a, "circle" if circle else "line", "remaining")
        n = len(a)
        if circle:
            first = o["first"]
        else:
            first = None if n == 0 else "left" if o["first"] == 1 else "right"
        want = {"game": g + 1, "n": n}
        if circle:
            want["circle"] = True
        want.update({"score": "remaining", "sum": o["sum"], "p1": o["p1"],
                     "p2": o["p2"], "margin": o["margin"],
                     "winner": winner(o["margin"]), "first_move": first,
                     "line": o["line"]})
        for algo, lines in outs.items():
            got = json.loads(lines[g])
            if got != want:
                print("differs (%s, circle %s) on" % (algo, circle), a, got, want)
                bad += 1
        if plain[g] != str(o["p1"]):
            print("plain differs on", a, plain[g], o["p1"]); bad += 1
        line = o["line"] or "-"
        compact = "%d %d " % (o["p1"], o["p2"])
        compact += ("%s %s" % (o["first"] or "-", line)) if circle else line
        if both[g] != compact:
            print("compact differs on", a, both[g], compact); bad += 1
print("rows:", count, "bad:", bad)
sys.exit(1 if bad else 0)
PYEOF

test_expect_success PYTHON3 'every output form agrees with the interval DP on 300 random rows, line and circle, all solvers' '
	PYTHONPATH="$REPO_ROOT/tests/cli" python3 "$TRASH_ROOT/check_solve.py" 50 300
'

cat >"$TRASH_ROOT/check_moves.py" <<\PYEOF
import json, os, random, subprocess, sys
from rules_oracle import Game, winner
rng = random.Random(int(sys.argv[1]))
tool = os.environ["COINLINE"]
bad = checked = 0
for trial in range(int(sys.argv[2])):
    circle = trial % 2 == 1
    n = rng.randrange(0, 9)
    lim = rng.choice([2, 40, 2**63 - 1])
    a = [rng.randrange(-lim, lim + 1) for _ in range(n)]
    g = Game(a, "circle" if circle else "line", "remaining")
    text = ""
    # a random game, asked at every position (the start and the end too)
    while True:
        args = [tool, "solve", "--score", "remaining", "-j", "-m", text,
                "-r", " ".join(map(str, a))] + (["-c"] if circle else [])
        got = json.loads(subprocess.run(args, check=True, capture_output=True,
                                        text=True).stdout)
        v, best = g.value(), g.best()
        side = g.side(best) if best else None
        end = g.copy().finish()
        fm = end.scores[0] - end.scores[1]
        want = {"game": 1, "n": n}
        if circle:
            want["circle"] = True
        want["score"] = "remaining"
        if circle:
            want["first_move"] = g.moves[0] if g.moves else None
        want.update({"moves_played": len(g.moves), "coins_left": len(g.left()),
                     "to_move": len(g.moves) % 2 + 1 if g.left() else None})
        names = {"L": "left", "R": "right", None: None}
        if circle:
            want["best_move"] = names[side] if side else (best or None)
            want["best_position"] = best or None
        else:
            want["best_move"] = names[side]
        want.update({"value": v, "taken_p1": g.scores[0], "taken_p2": g.scores[1],
                     "p1": end.scores[0], "p2": end.scores[1], "margin": fm,
                     "winner": winner(fm)})
        checked += 1
        if got != want:
            print("differs on", a, repr(text), got, want); bad += 1
        if not g.left():
            break
        if g.any_coin():
            p = rng.randrange(1, n + 1)
            g.play(p)
            text = "%d:" % p
        else:
            m = rng.choice("LRlr")
            g.play_side(m)
            text += m
print("positions:", checked, "bad:", bad)
sys.exit(1 if bad else 0)
PYEOF

test_expect_success PYTHON3 '--moves: every position of 40 random games agrees with the DP (value, best move, final scores)' '
	PYTHONPATH="$REPO_ROOT/tests/cli" python3 "$TRASH_ROOT/check_moves.py" 51 40
'

test_expect_success '--moves in words, and a move too many refused with the game named' '
	coinline solve --score remaining -m R -r "5 3 1 4 2" >out &&
	echo "after 1 move: player 2 to move, best move left (5); with best play, player 1 gets 18, player 2 gets 12: player 1 wins by 6" >expect &&
	test_cmp expect out &&
	coinline solve -c --score remaining -m "" -r "5 3 1 4 2" >out &&
	echo "after 0 moves: player 1 to move, best move position 5 (2); with best play, player 1 gets 18, player 2 gets 12: player 1 wins by 6" >expect &&
	test_cmp expect out &&
	printf "3\n1 2 3\n2\n1 2\n" >games &&
	test_expect_code 1 coinline solve --score remaining -m LLL games >out 2>err &&
	test_line_count = 1 out &&
	test_grep "games: game 2: --moves: move 3 is one too many: the row has 2 coins" err
'

test_expect_success 'files of many games (the reader, not the streaming solver) give the answers of --row' '
	coinline gen -n 25 -g 40 --min=-1000 --max=1000 -s 8 >games &&
	coinline solve --score remaining -b games >file &&
	coinline solve --score remaining -b - <games >stdin &&
	test_cmp file stdin &&
	awk "NR % 2 == 0" games >rows &&
	while read -r row; do
		coinline solve --score remaining -b -r "$row" || return 1
	done <rows >each &&
	test_cmp file each &&
	coinline solve -c --score remaining -j games >circle &&
	test_line_count = 40 circle
'

test_expect_success 'a long row: 10^5 coins, linear and the line compact agree on the totals' '
	coinline gen -n 100000 -g 1 --min=-1000000 --max=1000000 -s 4 >big &&
	coinline solve --score remaining -b big >plain &&
	coinline solve --score remaining -b -lcompact big >compact &&
	cut -d" " -f1,2 compact >totals &&
	test_cmp plain totals
'

test_expect_success 'refusals: an unknown scoring; the solvers limits, named before the coins are read' '
	test_expect_code 2 coinline solve --score=left -r 1 2>err &&
	test_grep "unknown scoring .left. (taken or remaining)" err &&
	echo 26 >games &&
	test_expect_code 1 coinline solve --score remaining -a brute games 2>err &&
	test_grep "game 1 has 26 coins; --algo brute solves at most 25" err &&
	echo 27 >games &&
	test_expect_code 1 coinline solve -c --score remaining -a brute games 2>err &&
	test_grep "game 1 has 27 coins; --algo brute solves a circle of at most 26" err &&
	echo 185364 >games &&
	test_expect_code 1 coinline solve --score remaining -a dp games 2>err &&
	test_grep "game 1 has 185364 coins; --algo dp finds the line of at most 185363" err
'

test_done
