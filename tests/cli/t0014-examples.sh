#!/bin/sh
# SPDX-License-Identifier: MIT
# The C examples of examples/c/, as make builds them (build/examples/,
# against build/'s shared library): each one's output against the tool's
# answers on the same rows (solve --json, analyze --json, the games duel
# saves), on hand-picked rows, random ones, and coins at the ends of the
# int64 range (totals past 64 bits).
. "$(dirname "$0")/lib.sh"

EX=$BUILD_DIR/examples
for e in solve reader engine strategy; do
	test -x "$EX/$e" || skip_all "$EX/$e is not built (make check or make examples builds it)"
done

# The rows: hand-picked, then random (small and extreme values), one a
# line; an empty line is the empty row.
{
	write_lines "1 3 5 2 9" "8 15 3 7" "20 30 2 2 2 10" "" "-5" "0 0" "7 7 7 7"
	coinline gen -n 15 -g 12 --min=-50 --max=50 -s 3 | sed -n "n;p"
	coinline gen -n 9 -g 6 --min=-9223372036854775808 --max=9223372036854775807 -s 4 | sed -n "n;p"
	coinline gen -n 301 -g 1 --min=-1000 --max=1000 -s 5 | sed -n "n;p"
} >"$TRASH_ROOT/rows"
# Rows whose coins are small enough for awk's arithmetic (not the extreme ones).
grep -v -e "-*[0-9]\{7,\}" "$TRASH_ROOT/rows" >"$TRASH_ROOT/small-rows"

# fields: a one-line JSON object without nested values, as KEY VALUE
# lines (strings unquoted; null as is).
fields() {
	sed -e 's/^{//' -e 's/}$//' -e 's/"//g' | tr ',' '\n' | sed 's/:/ /'
}

# moves_of JSON: analyze's moves, one object a line.
moves_of() {
	sed -e 's/.*"moves":\[//' -e 's/\],"summary".*//' -e 's/},{/}\n{/g' "$1" | sed -n "/^{/p"
}

# summary_of JSON: analyze's summary object.
summary_of() {
	sed -e 's/.*"summary":{\([^}]*\).*/{\1}/' -e 's/"lost":\[[0-9,]*\],//' \
		-e 's/"mistakes":\[[0-9,]*\],//' "$1"
}

test_expect_success 'solve.c: every answer as coinline solve --json --line gives it' '
	while IFS= read -r row; do
		"$EX/solve" "$row" >out &&
		coinline solve --json --line -r "$row" | fields >f &&
		awk "{ v[\$1] = \$2 } END {
			print \"coins: \" v[\"n\"]; print \"player 1: \" v[\"p1\"];
			print \"player 2: \" v[\"p2\"]; print \"margin: \" v[\"margin\"];
			print \"winner: \" v[\"winner\"];
			print \"first move: \" (v[\"first_move\"] == \"null\" ? \"none\" : v[\"first_move\"]);
			print \"line: \" v[\"line\"] }" f | sed "s/ \$//" >expect &&
		sed "s/ \$//" out >got &&
		test_cmp expect got || { echo "row: [$row]"; return 1; }
	done <"$TRASH_ROOT/rows"
'

test_expect_success 'solve.c: a bad row names its column and exits 1' '
	test_expect_code 1 "$EX/solve" "1 3 x" 2>err &&
	test_grep "^solve: column 5: " err &&
	test_expect_code 2 "$EX/solve" 2>err &&
	test_grep "^usage: " err
'

test_expect_success 'reader.c: every game of a file as coinline solve --json gives it' '
	sed "s/^/x /" "$TRASH_ROOT/rows" | awk "{ print NF - 1; \$1 = \"\"; print }" >games.txt &&
	cat "$REPO_ROOT"/examples/*.txt >>games.txt &&
	"$EX/reader" games.txt >out &&
	coinline solve --json games.txt | fields |
	awk "\$1 == \"game\" { g = \$2 } \$1 == \"n\" { n = \$2 } \$1 == \"p1\" { p1 = \$2 }
		\$1 == \"p2\" { print \"game \" g \": n = \" n \", player 1 gets \" p1 \", player 2 gets \" \$2 }" >expect &&
	test_line_count -ge 30 expect &&
	test_cmp expect out &&
	"$EX/reader" <games.txt >stdin.out &&
	test_cmp expect stdin.out
'

test_expect_success 'reader.c: a bad token stops it where the tool stops, after the same answers' '
	printf "5\n1 3 5 2 9\n4\n8 15 oops 7\n3 1 2 3\n" >bad.txt &&
	test_expect_code 1 "$EX/reader" bad.txt >out 2>err &&
	test_expect_code 1 coinline solve bad.txt >tool.out 2>tool.err &&
	test_line_count = 1 out &&
	test_grep "^game 1: n = 5, player 1 gets $(cat tool.out), " out &&
	sed "s/^reader: //" err >got &&
	sed "s/^coinline[^:]*: //" tool.err >expect &&
	test_cmp expect got &&
	test_grep "^bad.txt:4:6: " got &&
	printf "3\n1 2\n" | test_expect_code 1 "$EX/reader" 2>err &&
	printf "3\n1 2\n" | test_expect_code 1 coinline solve 2>tool.err &&
	sed "s/^reader: //" err >got &&
	sed "s/^coinline[^:]*: //" tool.err >expect &&
	test_cmp expect got
'

# engine_expect ROW: engine.c's output for ROW, from the tool: the moves
# of greedy (player 1) against optimal (player 2) as duel saves them,
# judged move by move by analyze --json.
engine_expect() {
	coinline duel --p1 greedy --p2 optimal -r "$1" --save rec >/dev/null &&
	moves=$(awk "/^game 2/ { exit } /^moves/ { print \$2 }" rec) &&
	coinline analyze --json --row "$1" --moves "$moves" >a.json &&
	moves_of a.json >moves.lines &&
	while read -r m; do
		echo "$m" | fields |
		awk "{ v[\$1] = \$2 } END { print \"move \" v[\"move\"] \": player \" v[\"player\"] \" takes \" v[\"coin\"] \" (\" v[\"side\"] \"; best \" v[\"best\"] \"): \" v[\"p1\"] \" to \" v[\"p2\"] \", final margin \" v[\"final_margin\"] }" ||
		return 1
	done <moves.lines &&
	summary_of a.json | fields >s &&
	awk "{ v[\$1] = \$2 } END { print \"result: player 1 \" v[\"p1\"] \", player 2 \" v[\"p2\"] }" s &&
	n=$(wc -l <moves.lines) &&
	if test "$n" -gt 0; then
		back=2 && test "$n" -ge 2 || back=1
		at=$((n - back)) &&
		sed -n "$((at + 1))p" moves.lines | fields >next &&
		if test $at -eq 0; then
			awk "{ v[\$1] = \$2 } END { print v[\"best_p1\"] - v[\"best_p2\"] }" s
		else
			sed -n "${at}p" moves.lines | fields | awk "\$1 == \"final_margin\" { print \$2 }"
		fi >margin &&
		awk -v back=$back -v m="$(cat margin)" "{ v[\$1] = \$2 } END { print \"taken back: \" back \" moves; player \" v[\"player\"] \" to move, best \" v[\"best\"] \", final margin \" m }" next
	fi
}

test_expect_success 'engine.c: greedy against the engine, move by move as analyze judges it' '
	while IFS= read -r row; do
		"$EX/engine" "$row" >out &&
		engine_expect "$row" >expect &&
		test_cmp expect out || { echo "row: [$row]"; return 1; }
	done <"$TRASH_ROOT/small-rows"
'

test_expect_success 'engine.c: coins at the ends of int64, totals past 64 bits' '
	grep -e "-*[0-9]\{7,\}" "$TRASH_ROOT/rows" >big &&
	test_line_count -ge 5 big &&
	while IFS= read -r row; do
		"$EX/engine" "$row" >out &&
		coinline duel --p1 greedy --p2 optimal -r "$row" --save rec >/dev/null &&
		awk "/^game 2/ { exit } /^totals/ { print \"result: player 1 \" \$2 \", player 2 \" \$3 }" rec >expect &&
		grep "^result: " out >got &&
		test_cmp expect got || { echo "row: [$row]"; return 1; }
	done <big
'

# lookahead.awk: checks the moves of the lookahead seat against its rule
# (the end with the larger coin minus the larger end left to the other;
# left on a tie; the last coin is the left one), for rows of small
# coins. Input: the row on line 1, then "SEAT MOVES".
cat >"$TRASH_ROOT/lookahead.awk" <<'EOF'
NR == 1 { n = split($0, c, " "); next }
{
	seat = $1; moves = $2; lo = 1; hi = n
	for (k = 1; k <= n; k++) {
		m = substr(moves, k, 1)
		if ((k - 1) % 2 + 1 == seat) {
			if (hi == lo) want = "L"
			else {
				l = c[lo] - (c[lo + 1] > c[hi] ? c[lo + 1] : c[hi])
				r = c[hi] - (c[lo] > c[hi - 1] ? c[lo] : c[hi - 1])
				want = l >= r ? "L" : "R"
			}
			if (m != want) { print "move " k ": " m ", the rule says " want; bad = 1 }
		}
		if (m == "L") lo++; else hi--
	}
}
END { exit bad }
EOF

test_expect_success 'strategy.c: the custom strategy keeps its rule; optimal plays the best move; the totals are the tool'"'"'s' '
	while IFS= read -r row; do
		"$EX/strategy" "$row" >out &&
		n=$(printf "%s\n" "$row" | wc -w) &&
		echo "lookahead chose $n moves" >expect &&
		sed -n 3p out >got &&
		test_cmp expect got &&
		for g in 1 2; do
			line=$(sed -n ${g}p out) &&
			case $g in
			1) names="lookahead against optimal"; seat=1 ;;
			2) names="optimal against lookahead"; seat=2 ;;
			esac &&
			moves=$(echo "$line" | sed -n "s/^game $g: $names: moves \([LR]*\), totals .*/\1/p") &&
			test ${#moves} -eq $n &&
			coinline analyze --json --row "$row" --moves "$moves" >a.json &&
			summary_of a.json | fields >s &&
			awk -v g=$g -v names="$names" -v moves="$moves" "{ v[\$1] = \$2 } END { print \"game \" g \": \" names \": moves \" moves \", totals \" v[\"p1\"] \" \" v[\"p2\"] }" s >expect &&
			echo "$line" >got &&
			test_cmp expect got &&
			moves_of a.json | fields | awk "
				\$1 == \"player\" { p = \$2 } \$1 == \"side\" { s = \$2 }
				\$1 == \"best\" && p != $seat && s != \$2 { print \"optimal did not play the best move\"; bad = 1 }
				END { exit bad }" &&
			{ printf "%s\n" "$row" && echo "$seat $moves"; } | awk -f "$TRASH_ROOT/lookahead.awk" ||
			{ echo "row: [$row], game $g"; return 1; }
		done || return 1
	done <"$TRASH_ROOT/small-rows"
'

test_expect_success 'strategy.c: exact totals with coins at the ends of int64' '
	grep -e "-*[0-9]\{7,\}" "$TRASH_ROOT/rows" >big &&
	while IFS= read -r row; do
		"$EX/strategy" "$row" >out &&
		for g in 1 2; do
			moves=$(sed -n "${g}s/.*: moves \([LR]*\), totals .*/\1/p" out) &&
			coinline analyze --json --row "$row" --moves "$moves" >a.json &&
			summary_of a.json | fields | awk "{ v[\$1] = \$2 } END { print v[\"p1\"], v[\"p2\"] }" >expect &&
			sed -n "${g}s/.*, totals //p" out >got &&
			test_cmp expect got || return 1
		done || return 1
	done <big
'

test_expect_success 'the examples use only the public header' '
	for f in "$REPO_ROOT"/examples/c/*.c; do
		grep "^#include" "$f" | grep -v -e "<coinline.h>" -e "<[a-z]*\.h>" && return 1
		test_grep "^#include <coinline.h>" "$f" || return 1
	done
'

test_done
