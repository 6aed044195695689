#!/bin/sh
# SPDX-License-Identifier: MIT
# coinline explain --against and analyze --against (issue 32, the best
# reply to a known opponent): every rule in both seats against an
# exhaustive search in exact fractions written here in plain Python (as
# t0068): explain's totals, its line replayed, each move it says leaves
# optimal play (and the totals both ways), each first move's expected
# totals against a rule with chance; analyze's could-have-had and kept at
# every move of random games; the words; the refusals.
. "$(dirname "$0")/lib.sh"

command -v python3 >/dev/null 2>&1 && test_set_prereq PYTHON3

cat >"$TRASH_ROOT/reply.py" <<\PYEOF
"""Exhaustive best replies in exact fractions, against explain and
analyze --against."""
import json, random, sys
from fractions import Fraction
from functools import lru_cache
from tool import run
from against_oracle import RULES, classic, rows, rule_left, text


def chance(rule):
    return Fraction(rule.split(":")[1]) if rule.startswith("fallible:") else (
        Fraction(1) if rule == "random" else Fraction(0))


def mine(rule, a, i, j, replier_moves):
    """The replier's total on a[i:j] when it replies best (expected)."""
    p = chance(rule)

    @lru_cache(maxsize=None)
    def r(i, j, me):
        if i == j:
            return Fraction(0)
        if me:
            return max(a[i] + r(i + 1, j, False), a[j - 1] + r(i, j - 1, False))
        left, right = r(i + 1, j, True), r(i, j - 1, True)
        chosen = left if rule_left(rule, a, i, j) else right
        return (1 - p) * chosen + p * (left + right) / 2
    return r(i, j, replier_moves)


def check_explain(rule, seat, a):
    me, n = 3 - seat, len(a)
    args = ["explain", "--json", "--against", rule, "--row",
            ",".join(map(str, a)) or " "] + (["--opponent-first"] if seat == 1 else [])
    got = json.loads(run(*args))
    want = mine(rule, a, 0, n, me == 1)
    tot = {me: want, seat: sum(a) - want}
    assert str(got["p%d" % me]) == text(tot[me]), (rule, seat, a, got)
    assert str(got["p%d" % seat]) == text(tot[seat]), (rule, seat, a, got)
    if chance(rule) != 0:
        for b in got["first_moves"]:
            i, j, t = 0, n, 0
            if b["after"] is not None:
                i, j = (1, n) if b["after"] == "left" else (0, n - 1)
            for m in b["moves"]:
                c, k = (a[i], (i + 1, j)) if m["move"] == "left" else (a[j - 1], (i, j - 1))
                v = c + mine(rule, a, k[0], k[1], False)
                assert m["p%d" % me] == text(v), (rule, seat, a, b)
            best = max(b["moves"], key=lambda m: Fraction(m["p%d" % me]))
            assert Fraction(best["p%d" % me]) == Fraction(
                [m for m in b["moves"] if m["move"] == b["best"]][0]["p%d" % me])
        return 0
    i, j, t, diffs = 0, n, [0, 0], 0
    d = {x["move"]: x for x in got["differences"]}
    for k, side in enumerate(got["line"]):
        mover = 1 + k % 2
        if mover == seat:
            assert (side == "L") == rule_left(rule, a, i, j), (rule, a, got)
        else:
            ml = a[i] - classic(a, i + 1, j)
            mr = a[j - 1] - classic(a, i, j - 1)
            took = ml if side == "L" else mr
            if took < max(ml, mr):
                x = d[k + 1]
                diffs += 1
                assert x["loss_against_best_play"] * 2 == max(ml, mr) - took
                o = "left" if ml >= mr else "right"
                assert x["optimal"] == o, (a, x)
                c, ii, jj = (a[i], i + 1, j) if o == "left" else (a[j - 1], i, j - 1)
                assert x["total_optimal"] == t[mover - 1] + c + mine(rule, a, ii, jj, False), (a, x)
                assert x["total_reply"] == tot[me]
            else:
                assert k + 1 not in d
        t[mover - 1] += a[i] if side == "L" else a[j - 1]
        i, j = (i + 1, j) if side == "L" else (i, j - 1)
    assert t[me - 1] == tot[me] and got["differences_total"] == diffs
    return diffs


def check_analyze(rule, a, rng):
    n = len(a)
    moves = "".join(rng.choice("LR") for _ in range(n))
    got = json.loads(run("analyze", "--json", "--against", rule, "--row",
                         ",".join(map(str, a)), "--moves", moves))
    i, j, t = 0, n, [0, 0]
    off = [None, None]
    for k, m in enumerate(got["moves"]):
        p = k % 2
        ruled = j - i == 1 or rule_left(rule, a, i, j) == (moves[k] == "L")
        if chance(rule) == 0 and not ruled and off[1 - p] is None:
            off[1 - p] = k + 1
        could = t[p] + mine(rule, a, i, j, True)
        c, ii, jj = (a[i], i + 1, j) if moves[k] == "L" else (a[j - 1], i, j - 1)
        kept = t[p] + c + mine(rule, a, ii, jj, False)
        assert str(m["could"]) == text(could) and str(m["kept"]) == text(kept), (rule, a, moves, m)
        t[p] += c
        i, j = ii, jj
    for p in (0, 1):
        pl = got["players"][p]
        assert str(pl["could"]) == text(mine(rule, a, 0, n, p == 0)) and pl["got"] == t[p]
        assert pl.get("opponent_off_rule", "absent") == (
            off[p] if chance(rule) == 0 else "absent"), (rule, a, moves, pl)


rng = random.Random(int(sys.argv[1]))
checked = diffs = 0
for a in rows(rng, int(sys.argv[2])):
    for rule in RULES:
        for seat in (1, 2):
            diffs += check_explain(rule, seat, a)
            checked += 1
        if a:
            check_analyze(rule, a, rng)
assert checked == 12 * int(sys.argv[2]) and diffs > 5, (checked, diffs)
PYEOF

test_expect_success PYTHON3 'explain and analyze --against, every rule, both seats, 0..9 coins: an exhaustive search in exact fractions' '
	PYTHONPATH="$REPO_ROOT/tests/cli" python3 "$TRASH_ROOT/reply.py" 32 100
'

test_expect_success 'explain --against greedy in words: the line and why it leaves optimal play' '
	coinline explain --against greedy --row "1 8 7 2 0 3 8 1 -3" >out &&
	test_grep "^Against greedy, player 1 ends with 15 and player 2 with 12.$" out &&
	test_grep "^  2. player 2 (the rule) takes 1 (left): -3 to 1$" out &&
	test_grep "^Move 1: player 1 takes -3 (right) where optimal play takes 1 (left)" out &&
	test_grep "^Optimal play throughout against greedy: player 1 ends with 13, 2 points$" out
'

test_expect_success 'explain --against random: each first move with exact expected totals, no line' '
	coinline explain --against random --row "3 2 10 4" >out &&
	test_grep "^  taking 4 (right): player 1 expects 21/2 (10.5), player 2 17/2 (8.5)$" out &&
	! grep "The line" out &&
	coinline explain --against random --opponent-first --row "3 2 10 4" >out &&
	test_grep "^Against random, player 2 expects 45/4 (11.25) and player 1 31/4 (7.75).$" out &&
	test_grep "^If player 1 (random) takes 4 (right) first:$" out
'

test_expect_success 'analyze --against in words: could have had, kept, per player' '
	coinline analyze --against greedy --row "3 2 10 4" --moves RLLR >out &&
	test_grep "^  move 1, player 1: took 4 (right), the best reply 3 (left): could have had 13, kept 7, lost 6$" out &&
	test_grep "^player 1: against greedy could have had 13 from the start, got 6$" out &&
	test_grep "^  (player 2 did not play greedy at move 2, where greedy takes the right end: each figure assumes greedy from its move on)$" out &&
	test_grep "^  (player 1 did not play greedy at move 3, where greedy takes the right end" out &&
	coinline analyze --against greedy --row "3 2 10 4" --moves RR >out &&
	test_grep ! "did not play" out &&
	coinline analyze --against random --row "3 2 10 4" --moves RL >out &&
	test_grep "could have had 25/2 (12.5), kept 9, lost about 3.5$" out
'

# 7651/512: the best reply to fallible:0.25 on 1 3 5 2 9 4 4, by the
# search above (mine(rule, a, 0, 7, True)); 183/16 after 1 and 4 are taken.
test_expect_success 'play: the hint adds the best reply to the engine of a level that is not perfect' '
	printf "hint\nl\nhint\nquit\n" | coinline play --level medium -r "1 3 5 2 9 4 4" -s 3 >out 2>&1 &&
	grep "^hint: " out >hints &&
	cat >expect <<-\EOF &&
	hint: take the right coin (4): with best play from here you end with 13 against 15; against this engine, medium (fallible:0.25), the right coin (4) expects 7651/512 (14.94335938)
	hint: take either coin (left 3, right 4): with best play from here you end with 10 against 18; against this engine, medium (fallible:0.25), the left coin (3) expects 183/16 (11.4375)
	EOF
	test_cmp expect hints &&
	for args in "--level perfect" "--engine fallible:0.25" "-2"; do
		printf "hint\nquit\n" | coinline play $args -r "1 3 5 2 9" >out 2>&1 &&
		test_grep "^hint: take the right coin (9): with best play from here .* ends\{0,1\} with 14 against 6\$" out ||
		return 1
	done &&
	coinline gen -n 2001 -g 1 -s 1 | sed -n 2p >row &&
	printf "hint\nquit\n" | coinline play --level easy -r "$(cat row)" >out 2>&1 &&
	test_grep "; against this engine, easy (fallible:0.5), the best reply is not worked out past 2000 coins left\$" out
'

test_expect_success 'refusals: other rules of play, --steps, --svg, an unknown rule, a lone --opponent-first, too many coins' '
	test_expect_code 2 coinline explain --against greedy --circle --row 1 2>err &&
	test_grep "leave out --circle and --score" err &&
	test_expect_code 2 coinline analyze --against greedy --score remaining --row 1 --moves L &&
	test_expect_code 2 coinline explain --against greedy --steps --row 1 &&
	test_expect_code 2 coinline analyze --against greedy --svg x.svg --row 1 --moves L &&
	test_expect_code 2 coinline explain --against smart --row 1 2>err &&
	test_grep "unknown rule .smart." err &&
	test_expect_code 2 coinline explain --opponent-first --row 1 &&
	coinline gen -n 700 --seed 1 >big &&
	test_expect_code 1 coinline analyze --against greedy --moves L big 2>err &&
	test_grep "700 coins are too many for analyze --against" err
'

test_done
