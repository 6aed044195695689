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


def classic(a, i, j):
    """The classic value of a[i:j] for the player to move."""
    if i == j:
        return 0
    return max(a[i] - classic(a, i + 1, j), a[j - 1] - classic(a, i, j - 1))


def rule_left(rule, a, i, j):
    """The rule's move on a[i:j]: True for the left end."""
    if rule in ("optimal",) or rule.startswith("fallible:"):
        return a[i] - classic(a, i + 1, j) >= a[j - 1] - classic(a, i, j - 1)
    if rule == "parity" and (j - i) % 2 == 0:
        even = sum(a[k] for k in range(i, j) if k % 2 == 0)
        odd = sum(a[k] for k in range(i, j) if k % 2 == 1)
        return even == odd or (even > odd) == (i % 2 == 0)
    return a[i] >= a[j - 1]


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


def text(f):
    return str(f.numerator) if f.denominator == 1 else "%d/%d" % (
        f.numerator, f.denominator)


rng = random.Random(int(sys.argv[1]))
rules = ["greedy", "parity", "optimal", "random", "fallible:0.25",
         "fallible:0.3"]
checked = lines = 0
for round in range(int(sys.argv[2])):
    n = rng.randint(0, 9)
    wide = round % 7 == 0
    a = [rng.randint(-10**18, 10**18) if wide else rng.randint(-3, 5)
         for _ in range(n)]
    for rule in rules:
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
            if rule in ("random", "fallible:0.25", "fallible:0.3") or n == 0:
                continue
            # the line: the rule's moves are its own, the total the one above
            out = run(*(args[:1] + ["--line=compact"] + args[2:])).split()
            i, j, tot = 0, n, [0, 0]
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

test_expect_success 'usage errors: an unknown rule, other rules of play, --moves, --algo, a lone --opponent-first' '
	test_expect_code 2 coinline solve --against smart --row 1 2>err &&
	test_grep "unknown rule .smart. (greedy, parity, optimal, random or fallible:P" err &&
	test_expect_code 2 coinline solve --against fallible:2 --row 1 &&
	test_expect_code 2 coinline solve --against greedy --circle --row 1 2>err &&
	test_grep "leave out --circle and --score" err &&
	test_expect_code 2 coinline solve --against greedy --score remaining --row 1 &&
	test_expect_code 2 coinline solve --against greedy --moves L --row 1,2 &&
	test_expect_code 2 coinline solve --against greedy --algo dp --row 1,2 &&
	test_expect_code 2 coinline solve --opponent-first --row 1 2>err &&
	test_grep "goes with --against" err
'

test_done
