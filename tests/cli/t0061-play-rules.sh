#!/bin/sh
# SPDX-License-Identifier: MIT
# coinline play under every rule set (a line or a circle, scoring the coin
# taken or the coins left: --score remaining): the line mode's words for
# the rules (the announce, the hints of a margin, the totals that are
# scores), and random games of random rows, a person's random moves
# against the engine with a hint before each, replayed by a direct
# programme in Python (tests/cli/rules_oracle.py): every engine move
# optimal, every hint's coin and outcome, the scores, the losses and best
# play of the JSON summary; a saved record read back.
. "$(dirname "$0")/lib.sh"

command -v python3 >/dev/null 2>&1 && test_set_prereq PYTHON3

test_expect_success 'remaining: the announce says so; a hint gives the margin, not totals' '
	printf "hint r quit\n" | coinline play --line --score remaining -2 -r "5 3 1 4 2" >out &&
	head -3 out >got &&
	cat >expect <<-\EOF &&
	game 1: 5 coins (a move scores the coins left); player 1 moves first, player 2 second
	player 1 to move: 5 3 1 4 2  (l: 5, r: 2)
	hint: take the right coin (2): with best play from here player 1 ends 6 ahead
	EOF
	test_cmp expect got &&
	test_grep "^move 1: player 1 takes 2 (right); player 1 13, player 2 0\$" out &&
	test_grep "^player 2 to move: 5 3 1 4  (l: 5, r: 4)\$" out
'

test_expect_success 'remaining on a circle: any position first, scoring what is left of the circle' '
	printf "hint 5 hint quit\n" | coinline play --line --score remaining -c -2 -r "5 3 1 4 2" >out &&
	test_grep "^game 1: 5 coins on a circle (a move scores the coins left); " out &&
	test_grep "^hint: take the coin at position 5 (2): with best play from here player 1 ends 6 ahead\$" out &&
	test_grep "^move 1: player 1 takes 2 (position 5); player 1 13, player 2 0\$" out &&
	test_grep "^hint: take .*: with best play from here player 2 ends 6 behind\$" out
'

test_expect_success 'remaining: a level game says level; the JSON and the record name the rules' '
	printf "hint l l\n" | coinline play --line --score remaining -2 -r "4 4" \
		--json -w game.rec >out 2>transcript &&
	test_grep "^hint: take either coin (left 4, right 4): with best play from here player 1 ends 4 ahead\$" transcript &&
	test_grep "^{\"game\":1,\"n\":2,\"score\":\"remaining\",\"players\":" out &&
	test_grep "\"p1\":4,\"p2\":0,\"margin\":4," out &&
	test_grep "^rules line,remaining\$" game.rec &&
	test_grep "^moves 1 2\$" game.rec &&
	coinline analyze game.rec >/dev/null
'

test_expect_success 'the classic rules keep their hint: both totals' '
	printf "hint quit\n" | coinline play --line -2 -r "5 3 1 4 2" >out &&
	test_grep "^hint: take the left coin (5): with best play from here player 1 ends with 8 against 7\$" out
'

# check.py SHAPE SCORE ROWS DIR: game k of DIR (k.json, k.err: the JSON
# summary and the transcript) replayed by the oracle.
cat >"$TRASH_ROOT/check.py" <<\PYEOF
import json, re, sys
from rules_oracle import Oracle

shape, score, rows, d = sys.argv[1:5]
per = 2 if score == "taken" else 1
bad = 0

def say(*what):
    global bad
    print(*what)
    bad = 1

def check_hint(k, o, state, scores, mover, text):
    best = o.best_positions(state)
    ends = o.ends(state)
    what, outcome = text.split(": with best play from here ")
    if what.startswith("take the coin at position"):
        ok = int(what.split()[5]) == best[0]
    elif what.startswith("take either"):
        ok = len(best) == 2
    elif what.startswith("take the last"):
        ok = len(o.left(state)) == 1
    elif what.startswith("take the left"):
        ok = best == [ends[0]]
    else:
        ok = best == [ends[1]]
    own = scores[mover] - scores[1 - mover]
    final = own + o.value(state)
    if score == "taken":
        left = sum(o.a[p - 1] for p in o.left(state))
        mine = scores[mover] + (left + o.value(state)) // 2
        want = "with %d against %d" % (mine, sum(o.a) - mine)
    else:
        want = "level" if final == 0 else "%d %s" % (abs(final), "ahead" if final > 0 else "behind")
    if not ok or not outcome.endswith(" " + want):
        say("game", k, "hint", text, "best", best, "want", want)

for k, line in enumerate(open(rows), 1):
    a = [int(x) for x in line.split()]
    o = Oracle(a, shape, score)
    got = json.loads(open("%s/%d.json" % (d, k)).read())
    state = o.start()
    scores = [0, 0]
    lost = [0, 0]
    played = 0
    for t in open("%s/%d.err" % (d, k)).read().splitlines():
        m = re.match(r"move (\d+): (\S+) takes? (-?\d+) \((.*?)\);", t)
        if t.startswith("hint: "):
            check_hint(k, o, state, scores, played % 2, t[6:])
        if not m:
            continue
        where = m.group(4)
        ends = o.ends(state)
        if where.startswith("position"):
            p = int(where.split()[1])
        else:
            p = ends[0] if where.startswith("left") else ends[1]
        mover = (int(m.group(1)) - 1) % 2
        if m.group(2) == "optimal" and p != o.best_positions(state)[0]:
            say("game", k, "engine took", p, "best", o.best_positions(state))
        own = scores[mover] - scores[1 - mover]
        before = own + o.value(state)
        state, gain = o.play(state, p)
        scores[mover] += gain
        after = scores[mover] - scores[1 - mover] - o.value(state)
        lost[mover] += (before - after) // per
        played += 1
    line_state, line_scores = o.start(), [0, 0]
    for j in range(len(a)):
        line_state, gain = o.play(line_state, o.best_positions(line_state)[0])
        line_scores[j % 2] += gain
    exp = dict(p1=scores[0], p2=scores[1], margin=scores[0] - scores[1],
               best_p1=line_scores[0], best_p2=line_scores[1], lost=lost,
               finished=True)
    for key, val in exp.items():
        if got[key] != val:
            say("game", k, key, got[key], "!=", val)
    if sum(m["loss"] for m in got["mistakes"]) != sum(lost):
        say("game", k, "mistakes", got["mistakes"])
sys.exit(bad)
PYEOF

# script.py ROWS SHAPE SEED: for each row a line of play's commands, a
# hint before each of the person's moves (seat 1): a random position
# where any coin may be taken, else l or r at random.
cat >"$TRASH_ROOT/script.py" <<\PYEOF
import random, sys
rows, shape, seed = sys.argv[1], sys.argv[2], int(sys.argv[3])
rng = random.Random(seed)
for line in open(rows):
    n = len(line.split())
    words = []
    for k in range(0, n, 2):
        words.append("hint")
        if k == 0 and shape == "circle":
            words.append(str(rng.randint(1, n)))
        else:
            words.append(rng.choice("lr"))
    print(" ".join(words))
PYEOF

for rules in "line taken" "line remaining" "circle taken" "circle remaining"; do
	set -- $rules
	opt="--score $2"
	test "$1" = circle && opt="$opt --circle"
	test_expect_success PYTHON3 "$1, $2: random games, the engine, the hints and the summary against the oracle" "
		coinline gen -g 20 -n 7 --min=-4 --max=4 -s 21 | awk 'NR % 2 == 0' >rows &&
		coinline gen -g 10 -n 6 --min=0 --max=2 -s 22 | awk 'NR % 2 == 0' >>rows &&
		echo 9 >>rows &&
		python3 \"\$TRASH_ROOT/script.py\" rows $1 5 >scripts &&
		mkdir -p games && k=0 &&
		while read -r row && read -r script <&3; do
			k=\$((k + 1)) &&
			echo \"\$script\" | coinline play --line --json $opt -r \"\$row\" \
				>games/\$k.json 2>games/\$k.err || exit 1
		done <rows 3<scripts &&
		test \$k = 31 &&
		PYTHONPATH=\"\$REPO_ROOT/tests/cli\" python3 \"\$TRASH_ROOT/check.py\" $1 $2 rows games
	"
done

test_done
