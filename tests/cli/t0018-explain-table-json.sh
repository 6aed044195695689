#!/bin/sh
# SPDX-License-Identifier: MIT
# explain and table: --json (the same facts as the text, checked against
# an interval DP in Python, solve --json and the words) and --game K for
# files of several games.
. "$(dirname "$0")/lib.sh"

command -v python3 >/dev/null 2>&1 && test_set_prereq PYTHON3

test_expect_success 'table --json on 1 3 5: the shape of POST /api/table' '
	coinline table --json --row "1 3 5" >out &&
	echo "{\"n\":3,\"v\":[[1,2,3],[null,3,2],[null,null,5]],\"move\":[\"LRR\",\"-LR\",\"--L\"],\"line\":\"RRL\"}" >expect &&
	test_cmp expect out
'

test_expect_success 'explain --json on 1 3 5 2 9: the facts the words tell' '
	coinline explain -j -r "1 3 5 2 9" >out &&
	test_grep "^{\"n\":5,\"sum\":20,\"p1\":14,\"p2\":6,\"margin\":8,\"winner\":\"first\",\"line\":\"RLLLL\"," out &&
	test_grep "\"why_first\":{\"tie\":false,\"best\":\"right\",\"best_coin\":9,\"other\":\"left\",\"other_coin\":1,\"other_p2_value\":9,\"other_p1\":6,\"other_loss\":8,\"reply\":\"right\",\"reply_coin\":9}" out &&
	coinline explain -r "1 3 5 2 9" >words &&
	tr -s "\n " "  " <words >flat &&
	test_grep "player 1 would end with 6, 8 points fewer" flat
'

cat >"$TRASH_ROOT/check.py" <<\PYEOF
import json, os, random, subprocess, sys
from rules_oracle import table
from tool import run
rng = random.Random(int(sys.argv[1]))
bad = 0
for trial in range(int(sys.argv[2])):
    n = rng.randrange(0, 25)
    lim = rng.choice([2, 9, 2**40, 2**63 - 1])
    a = [rng.randrange(-lim, lim + 1) for _ in range(n)]
    row = " ".join(map(str, a))
    V = table(a)
    t = json.loads(run("table", "-j", "-r", row))
    want_v = [[V[(i, j + 1)] if j >= i else None for j in range(n)] for i in range(n)]
    def mv(i, j):
        return "L" if a[i] - V[(i + 1, j + 1)] >= a[j] - V[(i, j)] else "R"
    want_m = ["".join("-" if j < i else mv(i, j) for j in range(n)) for i in range(n)]
    if t["n"] != n or t["v"] != want_v or t["move"] != want_m:
        print("table differs on", row); bad += 1
    e = json.loads(run("explain", "-j", "-r", row))
    s = json.loads(run("solve", "-j", "--line=compact", "-r", row))
    for k in ("n", "sum", "p1", "p2", "margin", "winner"):
        if e[k] != s[k]: print("explain", k, "differs from solve on", row); bad += 1
    if e["line"] != s.get("line", "") or e["line"] != t["line"]:
        print("lines differ on", row); bad += 1
    if n >= 2:
        w = e["why_first"]
        ml, mr = a[0] - V[(1, n)], a[n - 1] - V[(0, n - 1)]
        if w["tie"] != (ml == mr) or w["other_loss"] != (V[(0, n)] - min(ml, mr)) // 2:
            print("why_first differs on", row); bad += 1
    # the words say the same numbers
    words = run("explain", "-r", row)
    if "player 1 ends with %d and player 2 with %d" % (e["p1"], e["p2"]) not in " ".join(words.split()):
        print("words differ on", row); bad += 1
    for spec in ("greedy", "parity"):
        m = e[spec]["first_mistake"]
        if m is not None and "first mistake is move %d:" % m["move"] not in " ".join(words.split()):
            print(spec, "mistake not in the words on", row); bad += 1
        if e[spec]["loss"] < 0: bad += 1
print("rows:", int(sys.argv[2]), "bad:", bad)
sys.exit(1 if bad else 0)
PYEOF

test_expect_success PYTHON3 'table and explain --json agree with an interval DP, solve and the words on 150 rows' '
	PYTHONPATH="$REPO_ROOT/tests/cli" python3 "$TRASH_ROOT/check.py" 7 150
'

test_expect_success '--game K picks game K of a file, as --row of that game' '
	printf "3\n1 3 5\n4\n8 15 3 7\n2\n-1 -2\n" >games &&
	coinline table -k 2 games >t2 &&
	coinline table -r "8 15 3 7" >r2 &&
	test_cmp r2 t2 &&
	coinline explain --game=3 games >e3 &&
	coinline explain -r "-1 -2" >r3 &&
	test_cmp r3 e3 &&
	coinline explain games >e1 &&
	coinline explain -r "1 3 5" >r1 &&
	test_cmp r1 e1
'

test_expect_success '--game past the last game says how many games the file has' '
	printf "3\n1 3 5\n4\n8 15 3 7\n" >games &&
	test_expect_code 1 coinline table -k 3 games 2>err &&
	test_grep "games: no game 3: the file has 2 games" err &&
	test_expect_code 1 coinline explain -k 9 games 2>err &&
	test_grep "no game 9: the file has 2 games" err
'

test_expect_success '--game is a usage error with --row, or when not a count' '
	test_expect_code 2 coinline table -k 2 -r "1 2" 2>err &&
	test_grep "goes without --row" err &&
	test_expect_code 2 coinline explain -k 0 games &&
	test_expect_code 2 coinline explain -k x games
'

# No line of table's text ends in a space: the row's cells and the
# circle's arcs and margins keep their columns, but a line stops at its
# last character (the mark column of the last cell is a space when the
# cell is not on the line).
test_expect_success 'table: no trailing space on any line, rows and circles' '
	for row in "8 15 3 7" "" "5" "4 -6" "1 3 5 2 9" "2 9 1 6 3 8 4" \
		"-9223372036854775808 9223372036854775807 0 -1"; do
		for c in "" "-c"; do
			coinline table $c -r "$row" >out &&
			test -s out &&
			{ ! grep -n " \$" out || { echo "table $c -r \"$row\""; return 1; }; } || return 1
		done
	done &&
	coinline gen -n 64 -s 5 >g64 &&
	coinline table g64 >out && ! grep " \$" out &&
	coinline table -c g64 >out && ! grep " \$" out
'

test_done
