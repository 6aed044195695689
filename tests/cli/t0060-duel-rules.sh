#!/bin/sh
# SPDX-License-Identifier: MIT
# coinline duel under every rule set (a line or a circle, scoring the coin
# taken or the coins left: --score remaining, LeetCode 1690): LeetCode's
# two examples; random rows (signed, ties, odd and even, int64 extremes)
# whose saved games are replayed by a direct programme in Python
# (tests/cli/rules_oracle.py): every move of optimal is the optimal move
# there (ties as the library breaks them), every move of greedy the one
# that scores the most at once, every total and every number of the
# table what the games give.
. "$(dirname "$0")/lib.sh"

command -v python3 >/dev/null 2>&1 && test_set_prereq PYTHON3

# check.py SHAPE SCORE REC JSON: the games of REC replayed by the oracle
# against the rules, the strategies' moves and the JSON of the match.
cat >"$TRASH_ROOT/check.py" <<\PYEOF
import json, sys
from fractions import Fraction
from rules_oracle import Oracle, parse_records

shape, score, rec, js = sys.argv[1:5]
games = parse_records(open(rec).read())
got = json.loads(open(js).read(), parse_float=str)
per = 2 if score == "taken" else 1
bad = 0
tally = {}

def say(*what):
    global bad
    print(*what)
    bad = 1

def mean(total, count):
    q = Fraction(total, count) if count else Fraction(0)
    x = abs(q) * 100
    r = int(x + Fraction(1, 2))
    return "%s%d.%02d" % ("-" if q < 0 and r else "", r // 100, r % 100)

for k, g in enumerate(games):
    if (g["shape"], g["score"]) != (shape, score):
        say("game", k + 1, "rules", g["shape"], g["score"])
    o = Oracle(g["coins"], shape, score)
    state = o.start()
    loss = [0, 0]
    for mover, p, before, after, _ in o.replay(g["positions"])[0]:
        name = g["names"][mover - 1]
        moves = o.moves(state)
        if name == "optimal" and p != o.best_positions(state)[0]:
            say("game", k + 1, "optimal took", p, "best", o.best_positions(state))
        if name == "greedy":
            top = max(gain for _, _, gain in moves)
            if p != [q for q, _, gain in moves if gain == top][0]:
                say("game", k + 1, "greedy took", p)
        if (before - after) % per:
            say("game", k + 1, "odd loss")
        loss[mover - 1] += (before - after) // per
        state, _ = o.play(state, p)
    _, _, scores = o.replay(g["positions"])
    if g["totals"] != scores:
        say("game", k + 1, "totals", g["totals"], "!=", scores)
    for seat in range(2):
        t = tally.setdefault(g["names"][seat], [0, 0, 0, 0, None, 0])
        m = scores[seat] - scores[1 - seat]
        t[0 if m > 0 else 1 if m == 0 else 2] += 1
        t[3] += m
        t[4] = m if t[4] is None else min(t[4], m)
        t[5] += loss[seat]
n = len(games)
if got["games"] != n:
    say("games", got["games"], n)
for r in got["results"]:
    t = tally[r["strategy"]]
    exp = dict(wins=t[0], draws=t[1], losses=t[2], mean_margin=mean(t[3], n),
               worst_margin=t[4], mean_loss=mean(t[5], n))
    for key, val in exp.items():
        if r[key] != val:
            say(r["strategy"], key, r[key], "!=", val)
sys.exit(bad)
PYEOF

check() {
	PYTHONPATH="$REPO_ROOT/tests/cli" python3 "$TRASH_ROOT/check.py" "$@"
}

test_expect_success "LeetCode 1690's examples: margins 6 and 122, in the table's words" '
	coinline duel --score remaining --p2 optimal -r "5 3 1 4 2" \
		-r "7 90 5 1 100 10 10 2" -w games.rec >out &&
	head -1 out >first &&
	echo "2 rows (a move scores the coins left), each played twice: 4 games" >expect &&
	test_cmp expect first &&
	grep "^totals" games.rec | awk "{ print \$2 - \$3 }" >margins &&
	write_lines 6 6 122 122 >expect &&
	test_cmp expect margins &&
	grep -c "^rules line,remaining\$" games.rec >count &&
	echo 4 >expect &&
	test_cmp expect count
'

test_expect_success 'the JSON names the rules after the counts, the classic rules nothing' '
	coinline duel --score remaining -c -g 2 -n 5 -j >out &&
	test_grep "^{\"rows\":2,\"games\":4,\"circle\":true,\"score\":\"remaining\",\"results\":\[" out &&
	coinline duel --score remaining -g 2 -n 5 -j >out &&
	test_grep "^{\"rows\":2,\"games\":4,\"score\":\"remaining\",\"results\":\[" out &&
	coinline duel --score taken -g 2 -n 5 -j >out &&
	test_grep "^{\"rows\":2,\"games\":4,\"results\":\[" out
'

test_expect_success 'an unknown scoring is a usage error naming the ones there are' '
	test_expect_code 2 coinline duel --score=left -g 1 2>err &&
	test_grep "coinline duel: --score: unknown scoring .left. (taken or remaining)" err
'

for rules in "line taken" "line remaining" "circle taken" "circle remaining"; do
	set -- $rules
	opt="--score $2"
	test "$1" = circle && opt="$opt --circle"
	for other in random greedy; do
		test_expect_success PYTHON3 "$1, $2: optimal against $other on random rows, every move and number against the oracle" "
			coinline gen -g 25 -n 9 --min=-5 --max=5 -s 3 >rows &&
			coinline gen -g 25 -n 8 --min=0 --max=3 -s 4 >>rows &&
			coinline gen -g 5 -n 1 -s 5 >>rows &&
			coinline duel $opt --p2 $other -s 7 -w games.rec -j rows >out.json &&
			check $1 $2 games.rec out.json
		"
	done
	test_expect_success PYTHON3 "$1, $2: coins near 2^62, scores past 64 bits, exact" "
		coinline gen -g 6 -n 7 --min=-4611686018427387904 --max=4611686018427387903 -s 9 >big &&
		coinline duel $opt --p2 greedy -w games.rec -j big >out.json &&
		check $1 $2 games.rec out.json
	"
done

test_done
