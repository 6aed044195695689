#!/bin/sh
# SPDX-License-Identifier: MIT
# coinline solve --moves: the position after a string of moves, for the
# player to move. A hand-checked example, an independent interval DP (in
# Python) over random rows (int64 edges, totals past 64 bits) and random
# move strings, every prefix of the optimal line, and the refusals.
. "$(dirname "$0")/lib.sh"

command -v python3 >/dev/null 2>&1 && test_set_prereq PYTHON3

# 1 3 5 2 9 after RR: player 1 took 9, player 2 took 2; on 1 3 5 player 1
# takes 5 (5 - V(1 3) = 5 - 2 = 3 beats 1 - V(3 5) = 1 - 2), player 2
# then 3, player 1 then 1: 15 to 5.
test_expect_success 'the position after RR on 1 3 5 2 9, in words' '
	coinline solve --moves RR --row "1 3 5 2 9" >out &&
	echo "after 2 moves: player 1 to move, best move right (5); with best play, player 1 gets 15, player 2 gets 5: player 1 wins by 10" >expect &&
	test_cmp expect out
'

test_expect_success 'the same position as JSON: to_move, best_move, final totals' '
	coinline solve -j -m rr -r "1 3 5 2 9" >out &&
	echo "{\"game\":1,\"n\":5,\"moves_played\":2,\"coins_left\":3,\"to_move\":1,\"best_move\":\"right\",\"value\":3,\"taken_p1\":9,\"taken_p2\":2,\"p1\":15,\"p2\":5,\"margin\":10,\"winner\":\"first\"}" >expect &&
	test_cmp expect out
'

test_expect_success 'no moves: the start, as solve --json says it' '
	coinline solve -j -m "" -r "1 3 5 2 9" >out &&
	coinline solve -j -r "1 3 5 2 9" >start &&
	test_grep "\"p1\":14,\"p2\":6" out &&
	test_grep "\"p1\":14,\"p2\":6" start &&
	test_grep "\"best_move\":\"right\"" out
'

test_expect_success 'a finished game: nobody to move, the totals as played' '
	coinline solve -m LLR -r "4 -1 7" >out &&
	echo "after 3 moves: the game is over; player 1 gets 11, player 2 gets -1: player 1 wins by 12" >expect &&
	test_cmp expect out &&
	coinline solve -j -m LLR -r "4 -1 7" >json &&
	test_grep "\"to_move\":null,\"best_move\":null" json
'

test_expect_success 'every game of a file, and each --row, after the same moves' '
	printf "3\n1 2 3\n4\n5 5 5 5\n" >two &&
	coinline solve -m L two -r "9 9" >out &&
	test_line_count = 3 out &&
	head -n 1 out | test_grep "^after 1 move: player 2 to move"
'

test_expect_success 'a move that is not L or R: a usage error naming it, before any input' '
	test_expect_code 2 coinline solve -m RLx </dev/null 2>err &&
	test_grep "move 3 is .x., not L or R" err
'

test_expect_success 'more moves than a game has coins: that game is refused, earlier answers stay' '
	printf "3\n1 2 3\n2\n1 2\n3\n4 5 6\n" >games &&
	test_expect_code 1 coinline solve -m LLL games >out 2>err &&
	test_line_count = 1 out &&
	test_grep "games: game 2: --moves: move 3 is one too many: the row has 2 coins" err
'

test_expect_success '--moves goes without --algo, --both and --line' '
	test_expect_code 2 coinline solve -m L -a dp -r 1 2>err &&
	test_grep "goes without" err &&
	test_expect_code 2 coinline solve -m L --both -r 1 &&
	test_expect_code 2 coinline solve -m L --line -r 1
'

# The check: for a move string M, a file of games of at least len(M)
# coins; the DP's answer for each game, as the JSON line solve -j gives.
cat >"$TRASH_ROOT/check.py" <<\PYEOF
import json, random, sys
from rules_oracle import table
def expect(game, a, moves):
    V = table(a); lo, hi = 0, len(a); t = [0, 0]
    for k, m in enumerate(moves.upper()):
        if m == "L": t[k % 2] += a[lo]; lo += 1
        else: hi -= 1; t[k % 2] += a[hi]
    k = len(moves); mover = k % 2
    v = V[(lo, hi)]
    if lo < hi:
        best = "left" if a[lo] - V[(lo + 1, hi)] >= a[hi - 1] - V[(lo, hi - 1)] else "right"
    else:
        best = None
    fm = t[0] - t[1] + (v if mover == 0 else -v)
    s = sum(a)
    return {"game": game, "n": len(a), "moves_played": k, "coins_left": hi - lo,
            "to_move": (mover + 1) if lo < hi else None, "best_move": best,
            "value": v, "taken_p1": t[0], "taken_p2": t[1],
            "p1": (s + fm) // 2, "p2": (s - fm) // 2, "margin": fm,
            "winner": "first" if fm > 0 else "second" if fm < 0 else "draw"}
mode, seed = sys.argv[1], int(sys.argv[2])
rng = random.Random(seed)
if mode == "make":
    # games file, moves, expected JSON lines
    k = rng.randrange(0, 14)
    moves = "".join(rng.choice("LRlr") for _ in range(k))
    lim = rng.choice([3, 10, 2**62, 2**63 - 1])
    games = []
    for _ in range(25):
        n = k + rng.randrange(0, 9)
        if lim == 2**63 - 1 and rng.random() < 0.5:
            a = [rng.choice([-2**63, 2**63 - 1, 2**63 - 2, -2**63 + 1]) for _ in range(n)]
        else:
            a = [rng.randrange(-lim, lim + 1) for _ in range(n)]
        games.append(a)
    with open("games", "w") as f:
        for a in games: f.write("%d\n%s\n" % (len(a), " ".join(map(str, a))))
    with open("moves", "w") as f: f.write(moves)
    with open("expect", "w") as f:
        for g, a in enumerate(games):
            f.write(json.dumps(expect(g + 1, a, moves), separators=(",", ":")) + "\n")
PYEOF

test_expect_success PYTHON3 'an interval DP agrees on 60 move strings x 25 random games (int64 edges)' '
	past=0 &&
	for seed in $(seq 1 60); do
		PYTHONPATH="$REPO_ROOT/tests/cli" python3 "$TRASH_ROOT/check.py" make $seed &&
		coinline solve -j -m "$(cat moves)" games >out &&
		test_cmp expect out || return 1
		grep -q "\"p1\":-*[0-9]\{20,\}" out && past=$((past + 1))
	done &&
	echo "move strings with a total past 64 bits: $past" &&
	test $past -ge 5
'

test_expect_success 'along the optimal line, every position agrees with solve from the start' '
	coinline gen -n 40 -g 1 --min=-50 --max=50 -s 11 >row &&
	line=$(coinline solve --line=compact row | cut -d" " -f2) &&
	coinline solve -j row | sed "s/.*\"p1\":\(-*[0-9]*\),\"p2\":\(-*[0-9]*\).*/\1 \2/" >best &&
	k=0 &&
	while test $k -le 40; do
		m=$(printf "%s" "$line" | head -c $k) &&
		coinline solve -j -m "$m" row >pos &&
		sed "s/.*\"p1\":\(-*[0-9]*\),\"p2\":\(-*[0-9]*\).*/\1 \2/" pos >got &&
		test_cmp best got || return 1
		if test $k -lt 40; then
			next=$(printf "%s" "$line" | cut -c$((k + 1))) &&
			case $next in L) want=left ;; R) want=right ;; esac &&
			test_grep "\"best_move\":\"$want\"" pos || return 1
		fi
		k=$((k + 1))
	done
'

test_done
