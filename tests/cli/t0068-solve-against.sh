#!/bin/sh
# SPDX-License-Identifier: MIT
# coinline solve --against RULE (issue 32, the best reply to a known
# opponent): SPOJ TWENDS's sample; every rule in both seats against an
# exhaustive search in exact fractions written here in plain Python (the
# expected totals of random rules included); the line of play replayed
# move by move (the rule's moves are the rule's, the totals the promised
# ones); the forms (default, --both, --json, --line); the refusals.
. "$(dirname "$0")/lib.sh"

command -v python3 >/dev/null 2>&1 && test_set_prereq PYTHON3

cat >"$TRASH_ROOT/reply.py" <<\PYEOF
"""Exhaustive best replies in exact fractions, against solve --against."""
import json, random, sys
from fractions import Fraction
from functools import lru_cache
from tool import run
from against_oracle import RULES, classic, rows, rule_left, text


def solve(rule, seat, a):
    """Player 1's margin when the player in seat follows rule and the
    other replies best."""
    n = len(a)
    p = Fraction(rule.split(":")[1]) if rule.startswith("fallible:") else (
        Fraction(1) if rule == "random" else Fraction(0))

    @lru_cache(maxsize=None)
    def value(i, j):
        if i == j:
            return Fraction(0)
        mover = 1 if (n - (j - i)) % 2 == 0 else 2
        sign = 1 if mover == 1 else -1
        left = sign * a[i] + value(i + 1, j)
        right = sign * a[j - 1] + value(i, j - 1)
        if mover != seat:
            return max(left, right) if mover == 1 else min(left, right)
        chosen = left if rule_left(rule, a, i, j) else right
        return (1 - p) * chosen + p * (left + right) / 2
    return value(0, n)


def position(rule, seat, a, moves):
    """After moves: to_move, the totals taken, and each player's final
    total with the best reply from there (exact fractions)."""
    i, j, taken = 0, len(a), [0, 0]
    for k, side in enumerate(moves):
        coin = a[i] if side == "L" else a[j - 1]
        i, j = (i + 1, j) if side == "L" else (i, j - 1)
        taken[k % 2] += coin
    to_move = 1 + len(moves) % 2 if i < j else None
    sub = a[i:j]
    m = solve(rule, 1 if to_move == seat else 2, sub) if sub else Fraction(0)
    first, second = (sum(sub) + m) / 2, (sum(sub) - m) / 2
    p1 = taken[0] + (first if to_move == 1 else second)
    p2 = taken[1] + (second if to_move == 1 else first)
    return to_move, taken, p1, p2, sub, i, j


def check_positions(rng, count):
    """solve --against --moves at a random position of each row, every
    rule, both seats: the totals, and the move told (the rule's own, or
    one that keeps the best reply's value)."""
    checked = 0
    for a in rows(rng, count):
        for rule in RULES:
            for seat in (1, 2):
                moves = "".join(rng.choice("LR")
                                for _ in range(rng.randint(0, len(a))))
                args = ["solve", "--json", "--against", rule, "--moves",
                        moves, "--row", ",".join(map(str, a)) or " "]
                if seat == 1:
                    args.append("--opponent-first")
                got = json.loads(run(*args))
                to_move, taken, p1, p2, sub, i, j = position(rule, seat, a,
                                                             moves)
                assert got["to_move"] == to_move, (got, to_move)
                assert [got["taken_p1"], got["taken_p2"]] == taken, got
                for key, v in (("p1", p1), ("p2", p2), ("margin", p1 - p2)):
                    assert str(got[key]) == text(v), (rule, seat, a, moves,
                                                      key, got, v)
                off, i0, j0 = None, 0, len(a)
                for k, side in enumerate(moves):
                    # (the last coin is either end: never off the rule)
                    if (off is None and 1 + k % 2 == seat and rule not in (
                            "random", "fallible:0.25", "fallible:0.3") and
                            j0 - i0 > 1 and
                            (side == "L") != rule_left(rule, a, i0, j0)):
                        off = k + 1
                    i0, j0 = (i0 + 1, j0) if side == "L" else (i0, j0 - 1)
                assert got["off_rule"] == off, (rule, seat, a, moves, got)
                best = got["best"]
                if to_move is None or (to_move == seat and rule in (
                        "random", "fallible:0.25", "fallible:0.3")):
                    assert best is None, got
                elif to_move == seat:
                    assert (best == "left") == rule_left(rule, a, i, j), got
                else:
                    after = position(rule, seat, a, moves + best[0].upper())
                    assert after[2] == p1 and after[3] == p2, (got, after)
                checked += 1
    return checked


rng = random.Random(int(sys.argv[1]))
if len(sys.argv) > 3:
    print(check_positions(rng, int(sys.argv[2])))
    sys.exit(0)
checked = lines = 0
for a in rows(rng, int(sys.argv[2])):
    for rule in RULES:
        for seat in (1, 2):
            args = ["solve", "--json", "--against", rule, "--row",
                    ",".join(map(str, a)) or " "]
            if seat == 1:
                args.append("--opponent-first")
            got = json.loads(run(*args))
            m = solve(rule, seat, a)
            p1, p2 = (sum(a) + m) / 2, (sum(a) - m) / 2
            exact = got.get("expected") is not True
            want = [m, p1, p2] if not exact else None
            for key, v in (("margin", m), ("p1", p1), ("p2", p2)):
                assert str(got[key]) == text(v), (rule, seat, a, key, got, v)
            assert got["against_seat"] == seat and got["sum"] == sum(a)
            checked += 1
            if rule in ("random", "fallible:0.25", "fallible:0.3") or not a:
                continue
            # the line: the rule's moves are its own, the total the one above
            out = run(*(args[:1] + ["--line=compact"] + args[2:])).split()
            i, j, tot = 0, len(a), [0, 0]
            for k, side in enumerate(out[1]):
                mover = 1 + k % 2
                if mover == seat:
                    assert (side == "L") == rule_left(rule, a, i, j), (
                        rule, seat, a, out)
                coin = a[i] if side == "L" else a[j - 1]
                i, j = (i + 1, j) if side == "L" else (i, j - 1)
                tot[mover - 1] += coin
            assert str(tot[0]) == out[0] == text(p1), (rule, seat, a, out)
            lines += 1
print(checked, lines)
PYEOF

test_expect_success 'TWENDS sample: player 2 greedy, player 1 wins by 7, 4 and 5' '
	printf "4\n3 2 10 4\n8\n1 2 3 4 5 6 7 8\n8\n2 2 1 5 3 8 7 3\n" >twends &&
	coinline solve --against greedy --json twends >out &&
	sed "s/.*\"margin\":\([-0-9]*\).*/\1/" out >got &&
	printf "7\n4\n5\n" >expect &&
	test_cmp expect got
'

test_expect_success PYTHON3 'every rule, both seats, 0..9 coins: totals equal an exhaustive search in exact fractions; the lines keep to the rule' '
	PYTHONPATH="$REPO_ROOT/tests/cli" python3 "$TRASH_ROOT/reply.py" 31 120 >count &&
	read -r values lines <count &&
	test "$values" = 1440 && test "$lines" -gt 500
'

test_expect_success PYTHON3 '--moves: every rule, both seats, a random position: the totals from there, the move told, the first move off the rule' '
	PYTHONPATH="$REPO_ROOT/tests/cli" python3 "$TRASH_ROOT/reply.py" 7 60 positions >count &&
	test "$(cat count)" = 720
'

test_expect_success '--moves in words: who is to move, the move, the totals from there, a move off the rule' '
	coinline solve --against greedy --moves L --row "3 2 10 4" >out &&
	echo "after 1 move: player 2 (greedy) is to move: it takes the right coin (4); with the best reply from there, player 1 gets 13, player 2 gets 6: player 1 wins by 7" >expect &&
	test_cmp expect out &&
	coinline solve --against greedy --moves RL --row "1 2 3 4 5 6 7 8" >out &&
	test_grep "^(move 2 did not follow greedy, which takes the right end there: the totals are from the position reached)$" out &&
	coinline solve --against random --opponent-first --moves "" --row "3 2 10 4" >out &&
	test_grep "player 1 (random) is to move, by chance; .* player 1 expects 31/4 (7.75), player 2 45/4 (11.25): player 2 is ahead by 7/2 (3.5) on average$" out
'

test_expect_success 'the default form, --both, and fractions with their decimals' '
	coinline solve --against greedy --row "3 2 10 4" >out &&
	echo 13 >expect && test_cmp expect out &&
	coinline solve --against random --both --opponent-first --row "3 2 10 4" >out &&
	echo "31/4 (7.75) 45/4 (11.25)" >expect && test_cmp expect out &&
	coinline solve --against random --json --opponent-first --row "3 2 10 4" >out &&
	test_grep "\"expected\":true,\"sum\":19,\"p1\":\"31/4\",\"p1_decimal\":7.75" out &&
	test_grep "\"margin\":\"-7/2\",\"margin_decimal\":-3.5,\"winner\":\"second\",\"first_move\":null" out
'

test_expect_success 'the line replayed by analyze gives the totals promised' '
	coinline gen -n 14 --min -9 --max 9 --games 6 --seed 4 >rows &&
	for rule in greedy parity optimal; do
		coinline solve --against $rule --line=compact rows >lines &&
		coinline solve --against $rule --both rows >totals &&
		i=0 &&
		while read -r total line; do
			i=$((i + 1)) &&
			row=$(sed -n "$((2 * i))p" rows) &&
			coinline analyze --row "$row" --moves "$line" >review &&
			p2=$(sed -n "${i}p" totals | cut -d" " -f2) &&
			test_grep "^result: player 1 $total, player 2 $p2" review ||
			return 1
		done <lines || return 1
	done
'

test_expect_success 'the line in words says who follows the rule; greedy takes the larger end' '
	coinline solve --against greedy --line --row "3 2 10 4" >out &&
	test_grep "^  Player 2 plays greedy; player 1 replies as well as it can.$" out &&
	test_grep "^  2. Player 2 takes 4 from the right." out &&
	test_grep "^  Result: player 1 gets 13, player 2 gets 6: player 1 wins by 7.$" out
'

test_expect_success 'no line against a random rule: exit 1 and why' '
	test_expect_code 1 coinline solve --against random --line --row "1 2 3" 2>err &&
	test_grep "no one line of play (its moves are random): leave out --line" err
'

test_expect_success 'too many coins for the programme: exit 1 and the limits' '
	coinline gen -n 5000 --seed 1 >big &&
	test_expect_code 1 coinline solve --against random big 2>err &&
	test_grep "game 1: 5000 coins are too many for --against random" err
'

test_expect_success 'usage errors: an unknown rule, other rules of play, --algo, a lone --opponent-first' '
	test_expect_code 2 coinline solve --against smart --row 1 2>err &&
	test_grep "unknown rule .smart. (greedy, parity, optimal, random or fallible:P" err &&
	test_expect_code 2 coinline solve --against fallible:2 --row 1 &&
	test_expect_code 2 coinline solve --against greedy --circle --row 1 2>err &&
	test_grep "leave out --circle and --score" err &&
	test_expect_code 2 coinline solve --against greedy --score remaining --row 1 &&
	test_expect_code 2 coinline solve --against greedy --algo dp --row 1,2 &&
	test_expect_code 2 coinline solve --opponent-first --row 1 2>err &&
	test_grep "goes with --against" err
'

test_done
