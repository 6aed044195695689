#!/bin/sh
# SPDX-License-Identifier: MIT
# coinline duel: the table and its invariants, determinism, rows from
# files and standard input, exact results against hand checks, an awk DP
# and an independent simulation in Python, JSON, and errors.
. "$(dirname "$0")/lib.sh"

command -v python3 >/dev/null 2>&1 && test_set_prereq PYTHON3

HEADER='strategy            wins   draws  losses forfeits  mean_margin worst_margin  mean_loss'

# check_table FILE ROWS: FILE is a table of ROWS rows (2 * ROWS games):
# the header line, the column header and two strategy rows; for each
# strategy wins + draws + losses = games and no forfeits; one's wins are
# the other's losses, the draws are the same, and the mean margins are
# opposite.
check_table() {
	test_line_count = 4 "$1" &&
	if test "$2" = 1; then rows="1 row"; else rows="$2 rows"; fi &&
	echo "$rows, each played twice: $(($2 * 2)) games" >expect.head &&
	echo "$HEADER" >>expect.head &&
	sed -n 1,2p "$1" >head &&
	test_cmp expect.head head &&
	sed -n 3,4p "$1" | awk -v g=$(($2 * 2)) '
	{ w[NR] = $2; d[NR] = $3; l[NR] = $4; m[NR] = $6
	  if (NF != 8) { print "line " NR + 2 ": " NF " fields"; bad = 1 }
	  if ($5 != 0) { print $1 ": " $5 " forfeits"; bad = 1 }
	  if ($2 + $3 + $4 != g) { print $1 ": " $2 "+" $3 "+" $4 " != " g; bad = 1 } }
	END {
		if (w[1] != l[2] || w[2] != l[1] || d[1] != d[2]) { print "counts not symmetric"; bad = 1 }
		if (m[1] + m[2] != 0) { print "mean margins not opposite: " m[1] ", " m[2]; bad = 1 }
		exit bad
	}'
}

# v_of_rows FILE: V (first player's total minus the second's under optimal
# play) of each game of FILE, in the two-line layout of gen (count, then
# the values), one per line; an interval DP, independent of the tool.
v_of_rows() {
	awk 'NR % 2 == 1 { n = $1; next }
	{
		for (i = 1; i <= n; i++) a[i] = $i
		for (len = 1; len <= n; len++)
			for (i = 1; i + len - 1 <= n; i++) {
				j = i + len - 1
				l = a[i] - (len > 1 ? v[i + 1, j] : 0)
				r = a[j] - (len > 1 ? v[i, j - 1] : 0)
				v[i, j] = l > r ? l : r
			}
		print (n > 0 ? v[1, n] : 0)
	}' "$1"
}

test_expect_success 'default: optimal against greedy on 100 random rows, 200 games' '
	coinline duel >out 2>err &&
	test_must_be_empty err &&
	check_table out 100 &&
	sed -n 3p out | awk "{ print \$1 }" >names &&
	sed -n 4p out | awk "{ print \$1 }" >>names &&
	write_lines optimal greedy >expect &&
	test_cmp expect names
'

test_expect_success 'the table holds for other pairs and sizes' '
	for p in "greedy parity" "random optimal" "parity random" "fallible:0.5 greedy" "random random"; do
		set -- $p &&
		coinline duel --p1 "$1" --p2 "$2" -g 37 -n 9 --min=-20 --max=20 -s 5 >out &&
		check_table out 37 &&
		sed -n 3p out | awk "{ print \$1 }" >name &&
		echo "$1" >expect &&
		test_cmp expect name || return 1
	done
'

test_expect_success 'the same options and seed give the same output; the default seed is 1' '
	coinline duel --p1 random --p2 fallible:0.3 -g 50 -s 9 >a &&
	coinline duel --p1 random --p2 fallible:0.3 -g 50 --seed=9 >b &&
	test_cmp a b &&
	coinline duel -g 40 >a &&
	coinline duel -g 40 -s 1 >b &&
	test_cmp a b
'

test_expect_success 'a different seed gives different random rows and a different table' '
	coinline duel -s 1 >a &&
	coinline duel -s 2 >b &&
	! cmp -s a b
'

test_expect_success 'random rows are those of gen with the same options and seed' '
	coinline gen -n 11 -g 30 --min=-9 --max=9 -s 4 >rows.txt &&
	for p in "optimal greedy" "random fallible:0.4" "parity random"; do
		set -- $p &&
		coinline duel --p1 "$1" --p2 "$2" -n 11 -g 30 --min=-9 --max=9 -s 4 >a &&
		coinline duel --p1 "$1" --p2 "$2" -s 4 rows.txt >b &&
		test_cmp a b || return 1
	done
'

test_expect_success 'the seed also drives the random strategies on rows from a file' '
	coinline gen -n 15 -g 20 -s 3 >rows.txt &&
	coinline duel --p1 random --p2 optimal -s 1 rows.txt >a &&
	coinline duel --p1 random --p2 optimal -s 2 rows.txt >b &&
	! cmp -s a b &&
	coinline duel --p1 greedy --p2 optimal -s 1 rows.txt >a &&
	coinline duel --p1 greedy --p2 optimal -s 2 rows.txt >b &&
	test_cmp a b
'

test_expect_success '1 3 5 2 9 (V = 8), optimal against optimal: the first mover wins by 8 each time' '
	printf "5\n1 3 5 2 9\n" >row.txt &&
	coinline duel --p1 optimal --p2 optimal row.txt >out &&
	cat >expect <<-EOF &&
	1 row, each played twice: 2 games
	$HEADER
	optimal                1       0       1        0         0.00           -8       0.00
	optimal                1       0       1        0         0.00           -8       0.00
	EOF
	test_cmp expect out
'

# Hand check. Optimal first: 9 | greedy 2 | 5 | 3 | 1: 15 to 5, +10.
# Greedy first: 9 | optimal 1 | 3 | 5 | 2: 14 to 6, greedy +8.
test_expect_success '1 3 5 2 9, optimal against greedy: margins +10 and -8; greedy gives away 1 point in one game, 0 in the other' '
	printf "5\n1 3 5 2 9\n" >row.txt &&
	coinline duel row.txt >out &&
	cat >expect <<-EOF &&
	1 row, each played twice: 2 games
	$HEADER
	optimal                1       0       1        0         1.00           -8       0.00
	greedy                 1       0       1        0        -1.00          -10       0.50
	EOF
	test_cmp expect out
'

# Hand check. 1 1 3 2, V = 1. Optimal first: 1 | greedy 2 | 3 | 1: 4 to 3.
# Greedy first: 2 | optimal 3 | 1 (a tie, to the left) | 1: 3 to 4.
test_expect_success '1 1 3 2: optimal beats greedy from both seats, its worst margin is +1' '
	printf "4\n1 1 3 2\n" >row.txt &&
	coinline duel row.txt >out &&
	cat >expect <<-EOF &&
	1 row, each played twice: 2 games
	$HEADER
	optimal                2       0       0        0         1.00            1       0.00
	greedy                 0       0       2        0        -1.00           -1       0.50
	EOF
	test_cmp expect out
'

# Hand check. 3 9 1 2: E = 4, O = 11, V = 7. Parity first takes 2 (odd
# class), optimal 3 (a tie, to the left), parity 9, optimal 1: +7.
# Optimal first takes 2, parity (3 left: greedy) 3, optimal 9, parity 1.
test_expect_success '3 9 1 2, parity against optimal: the first mover wins by 7 each time' '
	printf "4\n3 9 1 2\n" >row.txt &&
	coinline duel --p1 parity --p2 optimal row.txt >out &&
	cat >expect <<-EOF &&
	1 row, each played twice: 2 games
	$HEADER
	parity                 1       0       1        0         0.00           -7       0.00
	optimal                1       0       1        0         0.00           -7       0.00
	EOF
	test_cmp expect out
'

test_expect_success 'optimal against optimal: the table follows from V of each row (awk DP)' '
	coinline gen -n 12 -g 60 --min=-6 --max=6 -s 21 >rows.txt &&
	printf "2\n5 5\n3\n1 2 1\n0\n\n" >>rows.txt &&
	v_of_rows rows.txt >v &&
	test_line_count = 63 v &&
	awk -v h="$HEADER" "
	{ a = \$1 < 0 ? -\$1 : \$1; if (a > max) max = a
	  if (\$1 == 0) d += 2; else w++ }
	END {
		print NR \" rows, each played twice: \" 2 * NR \" games\"
		print h
		for (k = 0; k < 2; k++)
			printf \"%-16s %7d %7d %7d %8d %12.2f %12s %10.2f\n\", \"optimal\", w, d, w, 0, 0, -max, 0
	}" v >expect &&
	coinline duel --p1 optimal --p2 optimal rows.txt >out &&
	test_cmp expect out
'

test_expect_success 'optimal never does worse than V from its seat: worst margin >= -max|V|, mean loss 0' '
	coinline gen -n 10 -g 50 --min=-30 --max=30 -s 8 >rows.txt &&
	v_of_rows rows.txt | awk "{ a = \$1 < 0 ? -\$1 : \$1; if (a > m) m = a } END { print -m }" >floor &&
	for other in greedy parity random fallible:0.7; do
		coinline duel --p1 optimal --p2 $other -s 3 rows.txt >out &&
		sed -n 3p out | awk -v f="$(cat floor)" "
			\$7 < f + 0 { print \"worst \" \$7 \" below \" f; exit 1 }
			\$8 != 0 { print \"mean loss \" \$8; exit 1 }" || return 1
		coinline duel --p1 $other --p2 optimal -s 3 rows.txt >out &&
		sed -n 4p out | awk -v f="$(cat floor)" "
			\$7 < f + 0 { print \"worst \" \$7 \" below \" f; exit 1 }
			\$8 != 0 { print \"mean loss \" \$8; exit 1 }" || return 1
	done
'

# On a single even row, parity against optimal: parity's margin first is
# A >= |E - O| (its guarantee) and A <= V (optimal holds it there); second
# it is B <= -V <= 0. So worst = B and A = 2 * mean - worst.
test_expect_success 'parity never loses when it starts an even row: it wins by at least |E - O|' '
	coinline gen -n 10 -g 25 --min=-40 --max=40 -s 17 >rows.txt &&
	coinline gen -n 6 -g 25 --min=0 --max=9 -s 18 >>rows.txt &&
	v_of_rows rows.txt >v &&
	i=0 &&
	while read -r n && read -r row; do
		i=$((i + 1)) &&
		printf "%s\n%s\n" "$n" "$row" >one.txt &&
		coinline duel --p1 parity --p2 optimal one.txt >out &&
		v=$(sed -n "${i}p" v) &&
		sed -n 3p out | awk -v row="$row" -v v="$v" "{
			e = o = 0; k = split(row, c, \" \")
			for (j = 1; j <= k; j++) if (j % 2) e += c[j]; else o += c[j]
			g = e > o ? e - o : o - e
			a = 2 * \$6 - \$7
			if (a < g || a > v) { print row \": parity first \" a \", |E - O| \" g \", V \" v; exit 1 }
		}" || return 1
	done <rows.txt &&
	test $i -eq 50
'

test_expect_success 'rows of equal values: random against random, exact results' '
	write_lines 5 "4 4 4 4 4" 3 "4 4 4" 1 4 >odd.txt &&
	coinline duel --p1 random --p2 random odd.txt >out &&
	cat >expect <<-EOF &&
	3 rows, each played twice: 6 games
	$HEADER
	random                 3       0       3        0         0.00           -4       0.00
	random                 3       0       3        0         0.00           -4       0.00
	EOF
	test_cmp expect out &&
	write_lines 6 "7 7 7 7 7 7" 2 "7 7" 0 "" >even.txt &&
	coinline duel --p1 random --p2 greedy even.txt >out &&
	cat >expect <<-EOF &&
	3 rows, each played twice: 6 games
	$HEADER
	random                 0       6       0        0         0.00            0       0.00
	greedy                 0       6       0        0         0.00            0       0.00
	EOF
	test_cmp expect out
'

test_expect_success 'fallible:0 plays as optimal: the same results as optimal against optimal' '
	coinline duel --p1 fallible:0 --p2 optimal -g 80 -s 6 --json >a &&
	sed "s/\"fallible:0\"/\"optimal\"/" a >a2 &&
	coinline duel --p1 optimal --p2 optimal -g 80 -s 6 --json >b &&
	test_cmp b a2 &&
	coinline duel --p1 fallible:0.0 --p2 greedy -g 80 -s 6 >a &&
	coinline duel --p1 optimal --p2 greedy -g 80 -s 6 >b &&
	sed 1,2d a | awk "{ \$1 = \"\"; print }" >a2 &&
	sed 1,2d b | awk "{ \$1 = \"\"; print }" >b2 &&
	test_cmp b2 a2
'

test_expect_success 'fallible:1 is not optimal: it loses ground to optimal' '
	coinline duel --p1 fallible:1 --p2 optimal -g 100 -s 6 >out &&
	check_table out 100 &&
	sed -n 3p out | awk "\$8 <= 0 { print \"mean loss \" \$8; exit 1 }"
'

cat >"$TRASH_ROOT/duel.py" <<'PY'
# An independent duel of the deterministic strategies (see coinline.h):
# prints the table of coinline duel for the games on stdin.
import sys

def values(a):
    n = len(a)
    V = [[0] * (n + 1) for _ in range(n + 1)]  # V[i][j]: coins i..j-1
    for length in range(1, n + 1):
        for i in range(n - length + 1):
            j = i + length
            V[i][j] = max(a[i] - V[i + 1][j], a[j - 1] - V[i][j - 1])
    return V

def move(kind, a, V, lo, hi):
    if kind == "optimal":
        return a[lo] - V[lo + 1][hi] >= a[hi - 1] - V[lo][hi - 1]
    if kind == "parity" and (hi - lo) % 2 == 0:
        d = sum(a[i] if i % 2 == 0 else -a[i] for i in range(lo, hi))
        return d == 0 or (d > 0) == (lo % 2 == 0)
    return a[lo] >= a[hi - 1]  # greedy, and parity on an odd count

def margin(a, V, first, second):
    lo, hi, s, loss = 0, len(a), [0, 0], [0, 0]
    for k in range(len(a)):
        before = V[lo][hi]
        if move(first if k % 2 == 0 else second, a, V, lo, hi):
            coin = a[lo]; lo += 1
        else:
            hi -= 1; coin = a[hi]
        s[k % 2] += coin
        loss[k % 2] += (before - (coin - V[lo][hi])) // 2  # exact: even
    return s[0] - s[1], loss

t = [int(x) for x in sys.stdin.read().split()]
games, i = [], 0
while i < len(t):
    games.append(t[i + 1:i + 1 + t[i]]); i += 1 + t[i]
p = sys.argv[1:3]
tal = [dict(w=0, d=0, l=0, m=0, worst=None, loss=0) for _ in p]
for a in games:
    V = values(a)
    for first in (0, 1):
        m, ls = margin(a, V, p[first], p[1 - first])
        for k, mm, sv in ((first, m, ls[0]), (1 - first, -m, ls[1])):
            x = tal[k]
            x["w" if mm > 0 else "d" if mm == 0 else "l"] += 1
            x["worst"] = mm if x["worst"] is None else min(x["worst"], mm)
            x["m"] += mm; x["loss"] += sv
g = 2 * len(games)

def mean(total):
    # total / g exactly, in hundredths rounded half away from zero; no -0.00
    h = (abs(total) * 200 + g) // (2 * g) if g else 0
    return "%s%d.%02d" % ("-" if total < 0 and h else "", h // 100, h % 100)

cells = [(mean(x["m"]), "-" if x["worst"] is None else str(x["worst"]), mean(x["loss"])) for x in tal]
w = [max([wd] + [len(c[i]) for c in cells]) for i, wd in enumerate((12, 12, 10))]
print("%d rows, each played twice: %d games" % (len(games), g))
print("%-16s %7s %7s %7s %8s %*s %*s %*s" % ("strategy", "wins", "draws", "losses", "forfeits",
      w[0], "mean_margin", w[1], "worst_margin", w[2], "mean_loss"))
for k, x in enumerate(tal):
    print("%-16s %7d %7d %7d %8d %*s %*s %*s" % (p[k], x["w"], x["d"], x["l"], 0,
          w[0], cells[k][0], w[1], cells[k][1], w[2], cells[k][2]))
PY

test_expect_success PYTHON3 'optimal, greedy and parity: the tables of an independent simulation' '
	for s in 1 2 3; do
		for n in 1 2 7 8 13; do
			coinline gen -n $n -g 30 --min=-8 --max=8 -s $s >rows.txt &&
			coinline gen -n $n -g 10 --min=0 --max=1 -s $s >>rows.txt &&
			for p in "optimal greedy" "greedy optimal" "parity optimal" "greedy parity" "parity parity"; do
				set -- $p &&
				python3 "$TRASH_ROOT/duel.py" $1 $2 <rows.txt >expect &&
				coinline duel --p1 $1 --p2 $2 rows.txt >out &&
				test_cmp expect out || return 1
			done || return 1
		done || return 1
	done
'

test_expect_success PYTHON3 'coins over the whole int64 range: every number exact, the means too (past 2^53 and 64 bits)' '
	coinline gen -n 9 -g 20 --min=-9223372036854775808 --max=9223372036854775807 -s 2 >rows.txt &&
	for p in "optimal greedy" "parity optimal" "greedy parity"; do
		set -- $p &&
		python3 "$TRASH_ROOT/duel.py" $1 $2 <rows.txt >expect &&
		coinline duel --p1 $1 --p2 $2 rows.txt >out &&
		test_cmp expect out || return 1
	done &&
	awk "NR > 2 && (\$7 > -9223372036854775808) { exit 1 }" out &&
	awk "NR > 2 && length(\$6) < 20 { exit 1 }" out
'

# The match of issue 28 (int64 coins, means near 2^59, where a double has
# no units): the means of the text and of --json against those of the
# saved records, in exact integers: each margin from the totals of its
# record, each loss from an interval DP over its moves.
test_expect_success PYTHON3 'mean_margin and mean_loss are exact: text and --json against the saved records' '
	set -- --p1 optimal --p2 greedy -g 3 -n 5 --min=-9223372036854775808 \
		--max=9223372036854775807 -s 2 -q &&
	coinline duel "$@" --json --save d.rec >out.json &&
	coinline duel "$@" >out.txt &&
	PYTHONPATH="$REPO_ROOT/tests/cli" python3 - d.rec out.json out.txt <<-\PY
	import json, sys
	from rules_oracle import table
	games, g = [], None
	for line in open(sys.argv[1]):
	    key, _, rest = line.rstrip("\n").partition(" ")
	    if key == "game": g = {}; games.append(g)
	    elif key in ("p1", "p2", "moves"): g[key] = rest
	    elif key == "row": g["row"] = [int(x) for x in rest.split()]
	    elif key == "totals": g["totals"] = [int(x) for x in rest.split()]
	assert len(games) == 6, len(games)
	margin, loss = {}, {}
	for g in games:
	    a, V, lo, hi = g["row"], table(g["row"]), 0, len(g["row"])
	    seats = (g["p1"], g["p2"])
	    for s in (0, 1):
	        margin[seats[s]] = margin.get(seats[s], 0) + (g["totals"][s] - g["totals"][1 - s])
	    for k, m in enumerate(g["moves"]):
	        c = a[lo] if m == "L" else a[hi - 1]
	        after = (lo + 1, hi) if m == "L" else (lo, hi - 1)
	        who = seats[k % 2]
	        loss[who] = loss.get(who, 0) + (V[(lo, hi)] - (c - V[after])) // 2
	        lo, hi = after
	def mean(total, n=len(games)):
	    h = (abs(total) * 200 + n) // (2 * n)
	    return "%s%d.%02d" % ("-" if total < 0 and h else "", h // 100, h % 100)
	want = [(s, mean(margin[s]), mean(loss.get(s, 0))) for s in ("optimal", "greedy")]
	assert want[0][1] == "514316564659314555.00", want
	got = [(r["strategy"], r["mean_margin"], r["mean_loss"])
	       for r in json.loads(open(sys.argv[2]).read(), parse_float=str)["results"]]
	assert got == want, (got, want)
	text = [l.split() for l in open(sys.argv[3]).read().splitlines()[2:]]
	assert [(f[0], f[5], f[7]) for f in text] == want, (text, want)
	PY
'

test_expect_success 'rows from standard input: - reads it, and files are played in order' '
	printf "5\n1 3 5 2 9\n" >a.txt &&
	printf "4\n3 9 1 2\n2\n5 5\n" >b.txt &&
	coinline duel a.txt b.txt >expect &&
	cat a.txt b.txt >ab.txt &&
	coinline duel ab.txt >out &&
	test_cmp expect out &&
	coinline duel - <ab.txt >out &&
	test_cmp expect out &&
	coinline duel a.txt - <b.txt >out &&
	test_cmp expect out &&
	cat ab.txt | coinline duel - >out &&
	test_cmp expect out &&
	sed -n 1p out >head &&
	echo "3 rows, each played twice: 6 games" >expect.head &&
	test_cmp expect.head head
'

test_expect_success 'with files, --games, --coins, --min and --max do not apply' '
	printf "5\n1 3 5 2 9\n" >row.txt &&
	coinline duel row.txt >expect &&
	coinline duel -g 7 -n 3 --min=50 --max=60 row.txt >out &&
	test_cmp expect out
'

test_expect_success 'no rows: zero counts, worst margin "-" (JSON null)' '
	coinline duel -g 0 >out &&
	cat >expect <<-EOF &&
	0 rows, each played twice: 0 games
	$HEADER
	optimal                0       0       0        0         0.00            -       0.00
	greedy                 0       0       0        0         0.00            -       0.00
	EOF
	test_cmp expect out &&
	coinline duel --json - </dev/null >out &&
	echo "{\"rows\":0,\"games\":0,\"results\":[{\"strategy\":\"optimal\",\"wins\":0,\"draws\":0,\"losses\":0,\"forfeits\":0,\"mean_margin\":0.00,\"worst_margin\":null,\"mean_loss\":0.00},{\"strategy\":\"greedy\",\"wins\":0,\"draws\":0,\"losses\":0,\"forfeits\":0,\"mean_margin\":0.00,\"worst_margin\":null,\"mean_loss\":0.00}]}" >expect &&
	test_cmp expect out
'

test_expect_success 'empty rows are draws' '
	coinline duel -n 0 -g 4 >out &&
	check_table out 4 &&
	sed 1,2d out | awk "{ print \$3, \$7 }" >got &&
	write_lines "8 0" "8 0" >expect &&
	test_cmp expect got
'

test_expect_success '--json: one object on one line, exact for 1 3 5 2 9' '
	printf "5\n1 3 5 2 9\n" >row.txt &&
	coinline duel --json row.txt >out &&
	echo "{\"rows\":1,\"games\":2,\"results\":[{\"strategy\":\"optimal\",\"wins\":1,\"draws\":0,\"losses\":1,\"forfeits\":0,\"mean_margin\":1.00,\"worst_margin\":-8,\"mean_loss\":0.00},{\"strategy\":\"greedy\",\"wins\":1,\"draws\":0,\"losses\":1,\"forfeits\":0,\"mean_margin\":-1.00,\"worst_margin\":-10,\"mean_loss\":0.50}]}" >expect &&
	test_cmp expect out &&
	coinline duel -j row.txt >out2 &&
	test_cmp expect out2
'

test_expect_success PYTHON3 '--json parses, has the keys, and agrees with the table' '
	coinline duel --p1 parity --p2 fallible:0.25 -g 60 -s 12 --min=-50 --max=50 --json >out.json &&
	coinline duel --p1 parity --p2 fallible:0.25 -g 60 -s 12 --min=-50 --max=50 >out.txt &&
	test_line_count = 1 out.json &&
	python3 -c "
import json
o = json.load(open(\"out.json\"))
assert list(o) == [\"rows\", \"games\", \"results\"], o
assert o[\"rows\"] == 60 and o[\"games\"] == 120, o
r = o[\"results\"]
assert [x[\"strategy\"] for x in r] == [\"parity\", \"fallible:0.25\"], r
keys = [\"strategy\", \"wins\", \"draws\", \"losses\", \"forfeits\", \"mean_margin\", \"worst_margin\", \"mean_loss\"]
table = open(\"out.txt\").read().split(\"\\n\")[2:4]
for x, line in zip(r, table):
    assert list(x) == keys, x
    assert x[\"wins\"] + x[\"draws\"] + x[\"losses\"] == o[\"games\"], x
    assert isinstance(x[\"worst_margin\"], int), x
    f = line.split()
    assert f[0] == x[\"strategy\"] and [int(v) for v in f[1:5]] == [x[\"wins\"], x[\"draws\"], x[\"losses\"], x[\"forfeits\"]], (f, x)
    assert float(f[5]) == x[\"mean_margin\"] and int(f[6]) == x[\"worst_margin\"] and float(f[7]) == x[\"mean_loss\"], (f, x)
assert r[0][\"wins\"] == r[1][\"losses\"] and r[0][\"mean_margin\"] == -r[1][\"mean_margin\"], r
"
'

test_expect_success '--save: every game as a game record (hand check on 1 3 5 2 9 and an empty row)' '
	printf "5\n1 3 5 2 9\n0\n" >rows.txt &&
	coinline duel --save=games.rec rows.txt >out &&
	check_table out 2 &&
	sed -n 1p games.rec >head &&
	echo "coinline-record 1" >expect &&
	test_cmp expect head &&
	sed -n 2p games.rec | grep "^# coinline .* duel$" &&
	sed 1,2d games.rec >got &&
	write_lines "game 1" "p1 optimal" "p2 greedy" "row 1 3 5 2 9" "moves RRRRL" "totals 15 5" \
		"game 2" "p1 greedy" "p2 optimal" "row 1 3 5 2 9" "moves RLLLL" "totals 14 6" \
		"game 3" "p1 optimal" "p2 greedy" "row" "moves" "totals 0 0" \
		"game 4" "p1 greedy" "p2 optimal" "row" "moves" "totals 0 0" >expect &&
	test_cmp expect got
'

test_expect_success '--save: the records of a match replay to their totals and follow the rows and seats' '
	coinline gen -n 9 -g 15 --min=-50 --max=50 -s 30 >rows.txt &&
	coinline duel --p1 random --p2 fallible:0.5 -s 3 --save games.rec rows.txt >out &&
	coinline duel --p1 random --p2 fallible:0.5 -s 3 rows.txt >expect &&
	test_cmp expect out &&
	awk "NR % 2 == 0 { print \"row \" \$0; print \"row \" \$0 }" rows.txt >expect.rows &&
	grep "^row " games.rec >got.rows &&
	test_cmp expect.rows got.rows &&
	awk "
	\$1 == \"game\" { g = \$2; if (g != ++want) { print \"game \" g; bad = 1 } }
	\$1 == \"p1\" { if (\$2 != (g % 2 ? \"random\" : \"fallible:0.5\")) { print g \": p1 \" \$2; bad = 1 } }
	\$1 == \"row\" { n = NF - 1; for (i = 1; i <= n; i++) a[i] = \$(i + 1) }
	\$1 == \"moves\" {
		lo = 1; hi = n; t[0] = t[1] = 0; m = \$2
		if (length(m) != n) { print g \": \" length(m) \" moves\"; bad = 1 }
		for (k = 0; k < length(m); k++)
			t[k % 2] += substr(m, k + 1, 1) == \"L\" ? a[lo++] : a[hi--]
	}
	\$1 == \"totals\" { if (\$2 != t[0] || \$3 != t[1]) { print g \": totals \" \$2 \" \" \$3 \", replayed \" t[0] \" \" t[1]; bad = 1 } }
	\$1 == \"forfeit\" { print g \": forfeit\"; bad = 1 }
	END { if (want != 30) { print want \" games\"; bad = 1 }; exit bad }" games.rec &&
	coinline analyze games.rec >analyzed &&
	test_line_count -gt 30 analyzed
'

test_expect_success '--save: a file that cannot be written is exit 1, naming it' '
	printf "2\n1 2\n" >rows.txt &&
	test_expect_code 1 coinline duel --save no-such-dir/games.rec rows.txt >out 2>err &&
	test_grep "^coinline duel: no-such-dir/games.rec: cannot open for writing" err
'

test_expect_success DEV_FULL '--save: a failed write is exit 1' '
	coinline gen -n 20 -g 300 >rows.txt &&
	test_expect_code 1 coinline duel --save /dev/full rows.txt >out 2>err &&
	test_grep "^coinline duel: /dev/full: cannot write" err
'

check_duel_usage() {
	test_expect_code 2 coinline duel "$@" >out 2>err &&
	test_must_be_empty out &&
	test_grep "^usage: coinline duel" err &&
	test_grep "^Try .coinline duel --help.\.$" err
}

test_expect_success 'an unknown strategy is a usage error naming the option and the strategy' '
	check_duel_usage --p1 foo &&
	test_grep "^coinline duel: --p1: unknown strategy .foo." err &&
	check_duel_usage --p2=Optimal &&
	test_grep "^coinline duel: --p2: unknown strategy .Optimal." err &&
	check_duel_usage --p2 "" &&
	test_grep "^coinline duel: --p2: unknown strategy" err
'

test_expect_success 'fallible:P needs a plain decimal P in [0, 1]' '
	for bad in fallible fallible: fallible:1.5 fallible:-0.5 fallible:x \
		fallible:0.5.5 fallible:1e-3 fallible:0x1 "fallible: 0.5" fallible:. fallible:1.0001; do
		check_duel_usage --p1 "$bad" &&
		test_grep -F -e "--p1: unknown strategy '\''$bad'\''" err || return 1
	done &&
	for good in fallible:0 fallible:1 fallible:1.0 fallible:.25 fallible:0.125 fallible:00.5; do
		coinline duel --p1 "$good" -g 3 >out &&
		check_table out 3 || return 1
	done
'

test_expect_success '--min greater than --max is a usage error' '
	check_duel_usage --min=5 --max=4 &&
	test_grep "^coinline duel: --min (5) is larger than --max (4)" err &&
	coinline duel --min=7 --max=7 -g 2 >out &&
	check_table out 2
'

test_expect_success 'bad option values are usage errors' '
	check_duel_usage -g x &&
	test_grep "^coinline duel: --games needs an integer" err &&
	check_duel_usage --games=-1 &&
	check_duel_usage --games=12x &&
	check_duel_usage --games= &&
	check_duel_usage --games=1.5 &&
	check_duel_usage -g &&
	check_duel_usage -n -1 &&
	check_duel_usage -n 10000001 &&
	test_grep "^coinline duel: --coins" err &&
	check_duel_usage --move-time=0 &&
	check_duel_usage --move-time=x &&
	check_duel_usage --save &&
	check_duel_usage --coins=abc &&
	check_duel_usage --min=lots &&
	check_duel_usage --max=9223372036854775808 &&
	check_duel_usage -s seed &&
	check_duel_usage --p1 &&
	check_duel_usage --no-such-option &&
	check_duel_usage --json=yes
'

test_expect_success 'a missing file is exit 1, naming the file, with no table' '
	test_expect_code 1 coinline duel no-such-file.txt >out 2>err &&
	test_must_be_empty out &&
	test_grep "^coinline duel: no-such-file\.txt: " err
'

test_expect_success 'a truncated game is exit 1 at file:line:column; the rows before it count' '
	printf "5\n1 3 5 2 9\n3\n1 2\n" >trunc.txt &&
	test_expect_code 1 coinline duel trunc.txt >out 2>err &&
	test_grep "^coinline duel: trunc\.txt:5:1: .*game 2" err &&
	check_table out 1 &&
	printf "5\n1 3 5 2 9\n" >row.txt &&
	coinline duel row.txt >expect &&
	test_cmp expect out
'

test_expect_success 'a bad token on standard input is exit 1 at <stdin>:line:column' '
	printf "3\n1 x 2\n" >bad.txt &&
	test_expect_code 1 coinline duel - <bad.txt >out 2>err &&
	test_must_be_empty out &&
	test_grep "^coinline duel: <stdin>:2:3: .*found .x." err
'

test_expect_success '-h and --help print the usage on stdout, exit 0; help duel is the same' '
	coinline duel --help >out 2>err &&
	test_must_be_empty err &&
	test_grep "^usage: coinline duel" out &&
	coinline duel -h >out2 &&
	test_cmp out out2 &&
	coinline help duel >out2 &&
	test_cmp out out2 &&
	for opt in --p1 --p2 -g --games -n --coins --min --max -s --seed -j --json \
		--move-time --save optimal greedy parity random fallible:P exec:COMMAND \
		docs/protocol.md forfeit "mean loss" "10^7"; do
		test_grep -e "$opt" out || return 1
	done &&
	coinline --help >out &&
	test_grep duel out
'

test_expect_success '--version prints the version, exit 0' '
	coinline duel --version >out 2>err &&
	test_must_be_empty err &&
	head -n 1 out >first &&
	echo "coinline $COINLINE_VERSION" >expect &&
	test_cmp expect first
'

test_expect_success DEV_FULL 'a failed write is exit 1' '
	test_expect_code 1 coinline duel -g 3 >/dev/full 2>err &&
	test_grep "^coinline duel: " err
'

test_expect_success '--row: rows from the command line play as the same rows from a file, before the files' '
	printf "5\n1 3 5 2 9\n3\n4 -2 7\n" >rows.txt &&
	coinline duel --p2 random -s 3 rows.txt >a &&
	coinline duel --p2 random -s 3 -r "1 3 5 2 9" --row 4,-2,7 >b &&
	test_cmp a b &&
	printf "3\n4 -2 7\n" >one.txt &&
	coinline duel --p2 random -s 3 -r "1 3 5 2 9" one.txt >c &&
	test_cmp a c &&
	coinline duel -r 7 -r "1 2" --json >j &&
	grep -q "^{\"rows\":2,\"games\":4," j
'

test_expect_success '--row: a bad row says which and where, exit 1, nothing played' '
	test_expect_code 1 coinline duel -r 1 -r "2 x" >out 2>err &&
	test_must_be_empty out &&
	echo "coinline duel: --row 2:1:3: expected an integer, found '"'"'x'"'"' (coins are integers separated by spaces or commas)" >expect &&
	test_cmp expect err
'

test_done
