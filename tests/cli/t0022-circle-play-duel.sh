#!/bin/sh
# SPDX-License-Identifier: MIT
# The circle (the pizza game) in coinline play and coinline duel: play's
# line mode on hand-checked circles (the first move at any position, undo
# of it, hints, losses with positions, bad moves); random circles and
# random scripts against an independent programme in awk (every first
# position, the line left by the interval DP); duel's first moves (greedy
# takes the largest coin, optimal the circle's optimal position) and
# tables against the same programme; the bot protocol's circle form (the
# sessions of docs/protocol.md line for line, n = 0, 1 and 2, every
# forfeit of a first move and of a later one); the example bots on
# circles; --save of circular games read back by coinline analyze.
. "$(dirname "$0")/lib.sh"

PYTHON=$(python3 -c "import sys; print(sys.executable)" 2>/dev/null) &&
	test -x "$PYTHON" && test_set_prereq PYTHON3
BOTS=$REPO_ROOT/examples/bots

# circle_dp.awk: the programme shared by the awk helpers below. ring()
# reads a[1..n] from the fields of the line; margins() sets mg[p], the
# first player's final margin when move 1 takes position p and both play
# best after it (a[p] - V of the line left), best_first (the smallest p
# of the largest margin), top (that margin) and sum; rotate(p) sets
# b[1..n-1], the line left after p (clockwise from p + 1), and dp() the
# interval programme v[i, j] on it.
cat >"$TRASH_ROOT/circle_dp.awk" <<'EOF'
function V(i, j) { return i > j ? 0 : v[i, j] }
function best(lo, hi) { return b[lo] - V(lo + 1, hi) >= b[hi] - V(lo, hi - 1) ? "L" : "R" }
function dp(   i, j, len, l, r) {
	for (len = 1; len < n; len++)
		for (i = 1; i + len - 1 < n; i++) {
			j = i + len - 1
			l = b[i] - V(i + 1, j)
			r = b[j] - V(i, j - 1)
			v[i, j] = l > r ? l : r
		}
}
function rotate(p,   i) { for (i = 1; i < n; i++) b[i] = a[(p + i - 1) % n + 1] }
function ring(   i) { n = NF; sum = 0; for (i = 1; i <= n; i++) { a[i] = $i + 0; sum += a[i] } }
function margins(   p) {
	best_first = 0; top = 0
	for (p = 1; p <= n; p++) {
		rotate(p); dp()
		mg[p] = a[p] - V(1, n - 1)
		if (best_first == 0 || mg[p] > top) { top = mg[p]; best_first = p }
	}
}
EOF
DP_AWK=$TRASH_ROOT/circle_dp.awk

# circle_value <FILE: for each line (a circle), "FIRST P1 P2": the
# optimal first position and both totals with best play.
echo '{ ring(); margins(); print best_first, (sum + top) / 2, (sum - top) / 2 }' \
	>"$TRASH_ROOT/circle_value.awk"
circle_value() {
	awk -f "$DP_AWK" -f "$TRASH_ROOT/circle_value.awk"
}

# expect_game ENGINE_FIRST TWO <FILE: FILE holds the circle (line 1) and
# play's commands (line 2, in lower case); prints "FIRST MOVES P1 P2
# BEST_P1 LOST1 LOST2" for the game they lead to when the engine plays
# optimally (the smallest optimal first position, then ties to the left)
# and undo takes back the person's last move and every engine move
# after it (one move with two players), the first move included: FIRST
# the position of move 1 (null if none), MOVES the L/R after it, the
# totals, seat 1's total with best play, and the points each seat's
# moves lost. Bad words, hints and moves after the end change nothing.
cat >"$TRASH_ROOT/expect_game.awk" <<'EOF'
function person(k) { return two || k % 2 == ef }
function take_first(p) {
	first = p; rotate(p); dp(); lo = 1; hi = n - 1; nm = 1
	tot[0] = a[p]; tot[1] = 0; lost[0] = (top - mg[p]) / 2; lost[1] = 0
}
function play(side,   coin, before, after) {
	before = V(lo, hi)
	if (side == "L") { coin = b[lo]; lo++ } else { coin = b[hi]; hi-- }
	after = V(lo, hi)
	lost[nm % 2] += (before - (coin - after)) / 2
	tot[nm % 2] += coin; moves = moves side; nm++
}
function engine() {
	while (nm < n && !person(nm))
		if (nm == 0) take_first(best_first); else play(best(lo, hi))
}
function reset() { first = 0; moves = ""; nm = 0; tot[0] = tot[1] = 0; lost[0] = lost[1] = 0 }
function back(k,   ms, i, p) {
	ms = moves; p = first; reset()
	if (k >= 1) take_first(p)
	for (i = 1; i < k; i++) play(substr(ms, i, 1))
}
# the side of the end at position p after the first move, or ""
function end_at(p,   i) {
	i = (p - 1 - first + n) % n + 1
	if (p < 1 || p > n || p == first) return ""
	return i == lo ? "L" : i == hi ? "R" : ""
}
NR == 1 { ring(); margins(); reset(); engine(); next }
NR == 2 {
	for (w = 1; w <= NF; w++) {
		c = $w
		if (c ~ /^[0-9]+$/ && nm == 0 && c + 0 >= 1 && c + 0 <= n) {
			take_first(c + 0); engine()
		} else if (c ~ /^[0-9]+$/ && nm > 0 && nm < n && end_at(c + 0) != "") {
			play(end_at(c + 0)); engine()
		} else if ((c == "l" || c == "r") && nm > 0 && nm < n) {
			play(c == "l" ? "L" : "R"); engine()
		} else if (c == "undo") {
			k = nm
			while (k > 0 && !person(k - 1)) k--
			if (k > 0) { back(k - 1); engine() }
		}
	}
}
END { print (first ? first : "null"), moves, tot[0], tot[1], (sum + top) / 2, lost[0], lost[1] }
EOF
expect_game() {
	awk -v ef="$1" -v two="$2" -f "$DP_AWK" -f "$TRASH_ROOT/expect_game.awk"
}

# got_game <JSON: the same fields from play --json's last object.
got_game() {
	tail -n 1 | sed 's/.*"first_move":\([0-9a-z]*\).*"moves":"\([LR]*\)".*"p1":\(-*[0-9]*\),"p2":\(-*[0-9]*\),.*"best_p1":\(-*[0-9]*\),.*"lost":\[\(-*[0-9]*\),\(-*[0-9]*\)\].*/\1 \2 \3 \4 \5 \6 \7/'
}

# ---------------------------------------------------------------------------
# play --circle: the line mode

# 1 3 5 2 9 by hand. The margins of each first position, a[p] - V(line
# left): p=1: 1 - V(3 5 2 9) = 1 - 9 = -8; p=2: 3 - V(5 2 9 1) = 3 - 11
# = -8; p=3: 5 - V(2 9 1 3) = 5 - 9 = -4; p=4: 2 - V(9 1 3 5) = 2 - 6 =
# -4; p=5: 9 - V(1 3 5 2) = 9 - 1 = 8. Best: 5, totals 14 and 6. After 5
# at position 3 the line is 2 9 1 3 (positions 4 5 1 2): optimal takes
# the 3 (3 - V(2 9 1) = 3 + 6 = 9 against 2 - V(9 1 3) = 2 - 7), and on
# 2 9 1 both ends give -6.
test_expect_success 'a circle by hand: the first move anywhere, the hint, undo back to the whole circle' '
	write_lines 3 hint undo hint 5 l l >script &&
	coinline play -c -r "1 3 5 2 9" <script >out 2>err &&
	test_must_be_empty err &&
	cat >expect <<-\EOF &&
	game 1: 5 coins on a circle; you move first, optimal second
	your move: the circle 1 3 5 2 9  (a position, 1 to 5)
	move 1: you take 5 (position 3); you 5, optimal 0
	move 2: optimal takes 3 (right, position 2); you 5, optimal 3
	your move: 2 9 1  (l: 2 at position 4, r: 1 at position 1)
	hint: take either coin (left 2 at position 4, right 1 at position 1): with best play from here you end with 8 against 12
	undo: 2 moves taken back
	your move: the circle 1 3 5 2 9  (a position, 1 to 5)
	hint: take the coin at position 5 (9): with best play from here you end with 14 against 6
	move 1: you take 9 (position 5); you 9, optimal 0
	move 2: optimal takes 1 (left, position 1); you 9, optimal 1
	your move: 3 5 2  (l: 3 at position 2, r: 2 at position 4)
	move 3: you take 3 (left, position 2); you 12, optimal 1
	move 4: optimal takes 5 (left, position 3); you 12, optimal 6
	your move: 2  (l: 2 at position 4, r: 2 at position 4)
	move 5: you take 2 (left, position 4); you 14, optimal 6
	game 1: you 14, optimal 6: you win by 8.
	with best play from the start: you 14, optimal 6
	you: every move optimal
	optimal: every move optimal
	EOF
	test_cmp expect out &&
	coinline solve -c -b -r "1 3 5 2 9" >solved &&
	echo "14 6" >expect &&
	test_cmp expect solved
'

# A first move at 1 loses (8 - (-8)) / 2 = 8 points; after it the line
# 3 5 2 9 (positions 2 3 4 5): optimal takes 9 (9 - V(3 5 2) = 9 against
# 3 - V(5 2 9) = 3 - 6), then on 3 5 2 the person takes 2 (right): V(3 5
# 2) = 0, 2 - V(3 5) = 0, no loss.
test_expect_success 'a losing first move: the summary and the JSON name its position and the best' '
	echo "1 r r" | coinline play -c -r "1 3 5 2 9" --json >json 2>out &&
	cat >expect <<-\EOF &&
	{"game":1,"n":5,"circle":true,"first_move":1,"players":["you","optimal"],"moves":"RRRR","finished":true,"p1":6,"p2":14,"margin":-8,"winner":"second","best_p1":14,"best_p2":6,"lost":[8,0],"mistakes":[{"move":1,"player":1,"side":"none","coin":1,"best":"none","loss":8,"position":1,"best_position":5}],"forfeit":null}
	EOF
	test_cmp expect json &&
	sed -n "/^game 1: you/,\$p" out >summary &&
	cat >expect <<-\EOF &&
	game 1: you 6, optimal 14: optimal wins by 8.
	with best play from the start: you 14, optimal 6
	you: 1 move lost points, 8 points in all
	  move 1: took 1 (position 1), best was 9 (position 5): lost 8 points
	optimal: every move optimal
	EOF
	test_cmp expect summary
'

# 3 1 3 1 3 1: positions 1, 3 and 5 are as good (9 against 3: a first
# move at 1 leaves 1 3 1 3 1, whose V is -3: a margin of 6). With two
# players, player 1 takes the 1 at position 2 (1 - V(3 1 3 1 3) = 1 + 1
# = 2: a loss of (6 - 2) / 2 = 2); player 2 takes the right end by its
# position (1); on 3 1 3 1 (positions 3 to 6, V = 4) player 1 takes the
# 1 at 6 (1 - V(3 1 3) = 0: a loss of 2), takes it back and again; 4 is
# not an end of 3 1 3; player 2 takes the 3 at 5 (V(3 1 3) = 1 = 3 -
# V(3 1)).
test_expect_success 'two players: ties among first positions in the hint; line moves named by their positions; losses with positions' '
	write_lines hint 2 1 hint 6 undo 6 4 5 >script &&
	coinline play -c -2 -r "3 1 3 1 3 1" <script >out 2>err;
	test $? = 1 &&
	grep "^hint" out >hints &&
	cat >expect <<-\EOF &&
	hint: take the coin at position 1 (3), or at 3 or 5, as good: with best play from here player 1 ends with 9 against 3
	hint: take the left coin (3 at position 3): with best play from here player 1 ends with 7 against 5
	EOF
	test_cmp expect hints &&
	grep "^move\\|^undo" out >moves &&
	cat >expect <<-\EOF &&
	move 1: player 1 takes 1 (position 2); player 1 1, player 2 0
	move 2: player 2 takes 3 (right, position 1); player 1 1, player 2 3
	move 3: player 1 takes 1 (right, position 6); player 1 2, player 2 3
	undo: 1 move taken back
	move 3: player 1 takes 1 (right, position 6); player 1 2, player 2 3
	move 4: player 2 takes 3 (right, position 5); player 1 2, player 2 6
	EOF
	test_cmp expect moves &&
	test_grep "^coinline play: <stdin>:8:1: position 4 is not an end (the ends are 3 and 5)\$" err &&
	sed -n "/^game 1, stopped/,\$p" out >summary &&
	cat >expect <<-\EOF &&
	game 1, stopped after move 4 of 6: player 1 2, player 2 6 so far.
	with best play from the start: player 1 9, player 2 3
	player 1: 2 moves lost points, 4 points in all
	  move 1: took 1 (position 2), best was 3 (position 1): lost 2 points
	  move 3: took 1 (right, position 6), best was 3 (left, position 3): lost 2 points
	player 2: every move optimal
	EOF
	test_cmp expect summary
'

test_expect_success 'bad moves are refused with their place and the game goes on: l before the first move, positions off the circle, a position that is not an end' '
	write_lines "l 0 6 99999999999999999999999 3" "3 5 x" "4 r r r" >script &&
	test_expect_code 1 coinline play -c -r "1 3 5 2 9" <script >out 2>err &&
	cat >expect <<-\EOF &&
	coinline play: <stdin>:1:1: '"'"'l'"'"': the first move on a circle takes a position, a number from 1 to 5
	coinline play: <stdin>:1:3: position 0 is not on the circle (1 to 5)
	coinline play: <stdin>:1:5: position 6 is not on the circle (1 to 5)
	coinline play: <stdin>:1:7: position 99999999999999999999999 is not on the circle (1 to 5)
	coinline play: <stdin>:2:1: position 3 is not an end (the ends are 4 and 1)
	coinline play: <stdin>:2:3: position 5 is not an end (the ends are 4 and 1)
	coinline play: <stdin>:2:5: unknown command '"'"'x'"'"' (a position, l, r, hint, undo, new, quit, help)
	EOF
	test_cmp expect err &&
	test_grep "^move 3: you take 2 (left, position 4); you 7, optimal 3\$" out &&
	test_grep "^game 1: you 8, optimal 12: optimal wins by 4\\.\$" out
'

test_expect_success 'help names the position; on a row a number is still an unknown command' '
	echo "help 1" | coinline play -c -r "1 2" >out &&
	test_grep "^commands: a number P (take the coin at position P: any for the first move, an end after it), l (take the left end), r (the right), hint, undo, new, quit, help\$" out &&
	echo "1 l" | test_expect_code 1 coinline play -r "1 2" >out 2>err &&
	test_grep "unknown command '"'"'1'"'"' (l, r, hint" err
'

# --first engine: the engine takes position 5 (the 9); on 1 3 5 2 the
# person plays the hint moves, and the totals are those of solve.
test_expect_success '--first engine: the engine opens at the optimal position; best play gives solve --circle totals' '
	echo "l l" | coinline play -c -f engine -r "1 3 5 2 9" >out &&
	test_grep "^move 1: optimal takes 9 (position 5); optimal 9, you 0\$" out &&
	test_grep "^game 1: optimal 14, you 6: optimal wins by 8\\.\$" out &&
	test_grep "^you: every move optimal\$" out
'

# 4 7, the engine first: it takes the 7 (7 - 4 = 3 against 4 - 7).
test_expect_success 'the engine opens: nothing to undo before the person moves, the person'"'"'s move after the end; n = 0 and n = 1' '
	echo undo | coinline play -c -f engine -r "4 7" >out 2>err;
	test_grep "^move 1: optimal takes 7 (position 2); optimal 7, you 0\$" out &&
	test_grep "^undo: nothing to undo\$" out &&
	echo "l undo l" | coinline play -c -f engine -r "4 7" >out &&
	test_grep "^undo: 1 move taken back\$" out &&
	grep -c "^move 2: you take 4 (left, position 1); optimal 7, you 4\$" out >count &&
	echo 2 >expect &&
	test_cmp expect count &&
	test_grep "^game 1: optimal 7, you 4: optimal wins by 3\.\$" out &&
	coinline play -c -r "" </dev/null >out &&
	test_grep "^game 1: 0 coins on a circle;" out &&
	test_grep "^game 1: you 0, optimal 0: a draw\.\$" out &&
	echo 1 | coinline play -c -r "-4" >out &&
	test_grep "^move 1: you take -4 (position 1); you -4, optimal 0\$" out &&
	test_grep "^game 1: you -4, optimal 0: optimal wins by 4\.\$" out
'

# Random circles and random scripts (positions in and out of range, l, r,
# undo, hint), the person first, second or both, against the programme
# in awk: the first position, the moves, the totals, best play and the
# points each seat lost.
test_expect_success 'random circles and scripts: the game against the programme over every first position' '
	coinline gen --circle -g 60 -n 7 --min=-6 --max=9 -s 21 | grep -v "^#" | awk "NR % 2 == 0" >rings &&
	coinline gen --circle -g 20 -n 3 --min=0 --max=3 -s 22 | grep -v "^#" | awk "NR % 2 == 0" >>rings &&
	i=0 &&
	while read -r ring; do
		i=$((i + 1)) &&
		ef=$((i % 2)) && two=$((i % 5 == 0)) &&
		awk -v seed="$i" "BEGIN { srand(seed); split(\"l r undo hint 1 2 3 4 5 6 7 8 0\", w, \" \");
			for (k = 0; k < 14; k++) printf \"%s \", w[int(rand() * 13) + 1]; print \"\" }" >script &&
		if test $two = 1; then opts=-2; elif test $ef = 1; then opts="-f engine"; else opts=; fi &&
		coinline play -c $opts -r "$ring" --json <script >json 2>err;
		{ echo "$ring"; cat script; } | expect_game "$ef" "$two" >expect &&
		got_game <json >got &&
		test_cmp expect got || { echo "circle $ring, script $(cat script), options $opts"; return 1; }
	done <rings
'

# ---------------------------------------------------------------------------
# duel --circle

# Optimal against greedy on 1 3 5 2 9. Optimal first: it takes the 9,
# greedy on 1 3 5 2 takes the 2 (losing (1 - (2 - 3)) / 2 = 1), optimal
# the 5, greedy the 3, optimal the 1: 15 to 5. Greedy first: it takes
# the 9 (the largest coin, the optimal position too), optimal the 1,
# greedy the 3, optimal the 5, greedy the 2: 14 to 6.
test_expect_success 'duel --circle: optimal against greedy on a circle by hand' '
	coinline duel -c -r "1 3 5 2 9" >out &&
	cat >expect <<-\EOF &&
	1 circle, each played twice: 2 games
	strategy            wins   draws  losses forfeits  mean_margin worst_margin  mean_loss
	optimal                1       0       1        0         1.00           -8       0.00
	greedy                 1       0       1        0        -1.00          -10       0.50
	EOF
	test_cmp expect out &&
	coinline duel --circle -r "1 3 5 2 9" --json >out &&
	echo "{\"rows\":1,\"games\":2,\"circle\":true,\"results\":[{\"strategy\":\"optimal\",\"wins\":1,\"draws\":0,\"losses\":1,\"forfeits\":0,\"mean_margin\":1.00,\"worst_margin\":-8,\"mean_loss\":0.00},{\"strategy\":\"greedy\",\"wins\":1,\"draws\":0,\"losses\":1,\"forfeits\":0,\"mean_margin\":-1.00,\"worst_margin\":-10,\"mean_loss\":0.50}]}" >expect &&
	test_cmp expect out
'

# Optimal against optimal: each game ends with the circle's optimal
# totals, so the first mover's margin is the circle's value M and the
# worst margin of each strategy is -|M|, from the programme in awk.
test_expect_success 'duel --circle: optimal against optimal gives the circle'"'"'s optimal totals' '
	coinline gen --circle -g 25 -n 8 --min=-20 --max=30 -s 31 | grep -v "^#" | awk "NR % 2 == 0" >rings &&
	circle_value <rings >values &&
	while read -r ring; do
		coinline duel -c --p1 optimal --p2 optimal -r "$ring" --json >out &&
		sed "s/.*\"worst_margin\":\\(-*[0-9]*\\).*/\\1/" out || return 1
	done <rings >got &&
	awk "{ m = \$2 - \$3; print (m > 0 ? -m : m) }" values >expect &&
	test_cmp expect got
'

# duel_table.awk: optimal (--p1) against greedy (--p2) on every circle of
# the input, each first once, by the programme: greedy opens with the
# largest coin (the smallest position of a tie) and then takes the larger
# end (the left of a tie); each move's loss is in points of the mover's
# best total, (V - (coin - V')) / 2, the first move's (top - mg[p]) / 2.
# Prints the two rows of duel's table without the names.
cat >"$TRASH_ROOT/duel_table.awk" <<'EOF'
function largest(   i, m) { m = 1; for (i = 2; i <= n; i++) if (a[i] > a[m]) m = i; return m }
function game(s1,   p, k, seat, st, side, coin, before) {
	p = s1 == "o" ? best_first : largest()
	rotate(p); dp(); lo = 1; hi = n - 1
	tot[0] = a[p]; tot[1] = 0; ls[0] = (top - mg[p]) / 2; ls[1] = 0
	for (k = 1; k < n; k++) {
		seat = k % 2; st = seat == 0 ? s1 : (s1 == "o" ? "g" : "o")
		side = st == "o" ? best(lo, hi) : (b[lo] >= b[hi] ? "L" : "R")
		before = V(lo, hi)
		if (side == "L") { coin = b[lo]; lo++ } else { coin = b[hi]; hi-- }
		ls[seat] += (before - (coin - V(lo, hi))) / 2; tot[seat] += coin
	}
	score(s1, tot[0] - tot[1], ls[0]); score(s1 == "o" ? "g" : "o", tot[1] - tot[0], ls[1])
}
function score(s, m, l) {
	if (m > 0) w[s]++; else if (m == 0) d[s]++; else lost[s]++
	if (!(s in worst) || m < worst[s]) worst[s] = m
	msum[s] += m; lsum[s] += l; games[s]++
}
# t / g with two decimals, exact (small integers), rounded half away
# from zero as duel rounds its means; no -0.00.
function mean(t, g,   a, h) {
	a = t < 0 ? -t : t; h = int((a * 200 + g) / (2 * g))
	return sprintf("%s%d.%02d", t < 0 && h ? "-" : "", int(h / 100), h % 100)
}
{ ring(); margins(); game("o"); game("g") }
END {
	split("o g", order, " ")
	for (i = 1; i <= 2; i++) {
		s = order[i]
		printf "%d %d %d 0 %s %d %s\n", w[s], d[s], lost[s], mean(msum[s], games[s]), worst[s], mean(lsum[s], games[s])
	}
}
EOF

cat >"$TRASH_ROOT/scripted.sh" <<'EOF'
# Notes what it is sent and what it answers in session.txt; answers each
# go with the next line of the file $1 (L when there is none).
exec 3<"$1"
while read -r line; do
	echo "> $line" >>session.txt
	case $line in
	go*)
		read -r reply <&3 || reply=L
		echo "< $reply" >>session.txt
		echo "$reply"
		;;
	end*) exit 0 ;;
	esac
done
EOF

test_expect_success 'duel --circle: optimal against greedy on random circles, the table against the programme (first moves and their losses included)' '
	coinline gen --circle -g 30 -n 9 --min=-9 --max=20 -s 61 >rows.txt &&
	coinline gen --circle -g 30 -n 8 --min=0 --max=9 -s 62 >>rows.txt &&
	grep -v "^#" rows.txt | awk "NR % 2 == 0" >rings &&
	awk -f "$DP_AWK" -f "$TRASH_ROOT/duel_table.awk" rings >expect &&
	coinline duel -c rows.txt >out &&
	sed 1,2d out | awk "{ print \$2, \$3, \$4, \$5, \$6, \$7, \$8 }" >got &&
	test_cmp expect got &&
	test_grep "^60 circles, each played twice: 120 games\$" out
'

# The first move each built-in strategy makes, seen by a bot in seat 2
# as "opp P": greedy the largest coin (the smallest position of a tie),
# optimal the circle's optimal position (from the programme in awk).
test_expect_success 'duel --circle: greedy opens with the largest coin, optimal with the optimal position, as the bot in seat 2 hears' '
	write_lines "4 9 2 9 1" "-5 -3 -8" "5 5" "0 0 0 1" "2 8 8 1 8 3" >rings &&
	coinline gen --circle -g 12 -n 9 --min=-9 --max=9 -s 41 | grep -v "^#" | awk "NR % 2 == 0" >>rings &&
	: >replies &&
	for p in greedy optimal; do
		while read -r ring; do
			rm -f session.txt &&
			coinline duel -c --p1 $p --p2 "exec:sh $TRASH_ROOT/scripted.sh replies" -r "$ring" >/dev/null 2>err &&
			sed -n "s/^> opp \\([0-9]*\\)\$/\\1/p" session.txt | sed -n 1p || return 1
		done <rings >got.$p || return 1
	done &&
	awk "{ m = 1; for (i = 2; i <= NF; i++) if (\$i > \$m) m = i; print m }" rings >expect.greedy &&
	test_cmp expect.greedy got.greedy &&
	circle_value <rings | awk "{ print \$1 }" >expect.optimal &&
	test_cmp expect.optimal got.optimal
'

test_expect_success 'the circle sessions of docs/protocol.md, line for line' '
	write_lines L 3 >replies &&
	coinline duel -c -r "1 3 5 2 9" --p2 "exec:sh $TRASH_ROOT/scripted.sh replies" >out 2>err &&
	sed "/^> end/q" session.txt >got &&
	sed -n "/^> circle 2 5/,/^> end/p" "$REPO_ROOT/docs/protocol.md" >expect &&
	test_line_count = 8 expect &&
	test_cmp expect got &&
	rm session.txt &&
	write_lines 2 4 R >replies &&
	coinline duel -c -r "1 3 5 2 9" --p1 "exec:sh $TRASH_ROOT/scripted.sh replies" >out 2>err &&
	sed "/^> end/q" session.txt >got &&
	sed -n "/^> circle 1 5/,/^> end/p" "$REPO_ROOT/docs/protocol.md" >expect &&
	test_line_count = 10 expect &&
	test_cmp expect got
'

test_expect_success 'the protocol on circles of 0, 1 and 2 coins, the bot in each seat' '
	write_lines 1 1 >replies &&
	for ring in "" "7" "4 9"; do
		for seat in 1 2; do
			rm -f session.txt &&
			if test $seat = 1; then
				coinline duel -c -r "$ring" --p1 "exec:sh $TRASH_ROOT/scripted.sh replies" --p2 optimal >/dev/null
			else
				coinline duel -c -r "$ring" --p2 "exec:sh $TRASH_ROOT/scripted.sh replies" --p1 optimal >/dev/null
			fi &&
			sed "/^> end/q" session.txt | tr "\\n" "|" &&
			echo || return 1
		done
	done >got &&
	cat >expect <<-\EOF &&
	> circle 1 0|> end 0 0|
	> circle 2 0|> end 0 0|
	> circle 1 1 7|> go 1|< 1|> end 7 0|
	> circle 2 1 7|> end 7 0|
	> circle 1 2 4 9|> go 2|< 1|> end 4 9|
	> circle 2 2 4 9|> opp 2|> go 1 4 4|< 1|> end 9 4|
	EOF
	test_cmp expect got
'

# bad.sh MODE: greedy on lines; on a circle's first go ("go N") or on its
# first go after the first move ("go K LEFT RIGHT"), what MODE says.
cat >"$TRASH_ROOT/bad.sh" <<'EOF'
mode=$1
while read -r word a b c; do
	case $word in
	go)
		case $mode:$b in
		first-*:) printf "%s\n" "${mode#first-}"; mode=done; continue ;;
		line-*:?*) printf "%s\n" "${mode#line-}"; mode=done; continue ;;
		esac
		if test -z "$b"; then echo 1; elif test "$b" -ge "$c"; then echo L; else echo R; fi
		;;
	end) exit 0 ;;
	esac
done
EOF

# forfeit_of MODE SEAT: the verdict of bad.sh in MODE on the circle
# 1 3 5 2 9 in SEAT against optimal, from duel's line on stderr.
forfeit_of() {
	if test "$2" = 1; then
		coinline duel -c -r "1 3 5 2 9" --p1 "exec:sh $TRASH_ROOT/bad.sh $1" --p2 optimal >out 2>err
	else
		coinline duel -c -r "1 3 5 2 9" --p2 "exec:sh $TRASH_ROOT/bad.sh $1" --p1 optimal >out 2>err
	fi &&
	sed -n "s/^coinline duel: game 1 (row 1, --p[12] moved first[^)]*): --p[12] (exec:[^)]*) forfeits: //p" err
}

test_expect_success 'forfeits of a first move: not a number, not on the circle' '
	for mode in first-L first-x "first-" first-0 first-6 first-99999999999999999999999999; do
		forfeit_of "$mode" 1 || return 1
	done >got &&
	cat >expect <<-\EOF &&
	garbage: '"'"'L'"'"' is not a position (the first move of a circle takes one, 1 to 5)
	garbage: '"'"'x'"'"' is not a position (the first move of a circle takes one, 1 to 5)
	garbage: '"'"''"'"' is not a position (the first move of a circle takes one, 1 to 5)
	illegal move: position 0 is not on the circle (1 to 5)
	illegal move: position 6 is not on the circle (1 to 5)
	illegal move: position 99999999999999999999999999 is not on the circle (1 to 5)
	EOF
	test_cmp expect got &&
	forfeit_of first-2 1 >got &&
	test_must_be_empty got &&
	test_grep ! forfeits err
'

# The bot in seat 2: optimal takes the 9 at position 5; the line left is
# 1 3 5 2 at positions 1 to 4: 1 and 4 are its ends.
test_expect_success 'forfeits of a later move: the middle, the first coin taken, off the circle; the ends by position are moves' '
	for mode in line-3 line-5 line-6 line-0; do
		forfeit_of "$mode" 2 || return 1
	done >got &&
	cat >expect <<-\EOF &&
	illegal move: position 3 is not an end (the ends are 1 and 4)
	illegal move: position 5 is not an end (the ends are 1 and 4)
	illegal move: position 6 is not an end (the ends are 1 and 4)
	illegal move: position 0 is not an end (the ends are 1 and 4)
	EOF
	test_cmp expect got &&
	forfeit_of line-1 2 >got &&
	test_must_be_empty got &&
	forfeit_of line-4 2 >got &&
	test_must_be_empty got &&
	test_grep ! forfeits err
'

test_expect_success 'a forfeit after the first move names its position on standard error' '
	coinline duel -c -r "1 3 5 2 9" --p2 "exec:sh $TRASH_ROOT/bad.sh line-3" >out 2>err &&
	test_grep "^coinline duel: game 1 (row 1, --p1 moved first, at position 5): --p2 (exec:sh .*bad.sh line-3) forfeits: illegal move: position 3 is not an end (the ends are 1 and 4)\$" err
'

# table_body FILE: the table's strategy rows without the names.
table_body() {
	sed 1,2d "$1" | awk '{ print $(NF - 6), $(NF - 5), $(NF - 4), $(NF - 3), $(NF - 2), $(NF - 1), $NF }'
}

# same_table P1 P2 BOT1 BOT2 ROWS: duel --circle P1 against P2 and BOT1
# against BOT2 on the rows file: the same counts, margins and losses.
same_table() {
	coinline duel -c --p1 "$1" --p2 "$2" -s 7 "$5" >expect.full &&
	coinline duel -c --p1 "$3" --p2 "$4" -s 7 "$5" >out.full 2>err &&
	test_must_be_empty err &&
	sed -n 1p expect.full >expect &&
	table_body expect.full >>expect &&
	sed -n 1p out.full >out &&
	table_body out.full >>out &&
	test_cmp expect out
}

test_expect_success 'examples/bots/greedy.sh plays circles exactly as the built-in greedy' '
	cp "$BOTS/greedy.sh" . &&
	coinline gen --circle -n 9 -g 30 --min=-20 --max=20 -s 51 >rows.txt &&
	coinline gen --circle -n 6 -g 10 --min=-9223372036854775808 --max=9223372036854775807 -s 52 >>rows.txt &&
	printf "0\n\n1\n5\n2\n4 4\n3\n2 7 7\n" >>rows.txt &&
	same_table optimal greedy optimal "exec:./greedy.sh" rows.txt &&
	same_table greedy parity "exec:./greedy.sh" parity rows.txt
'

test_expect_success CC 'examples/bots/optimal.c plays circles exactly as the built-in optimal, and lines still' '
	${CC:-cc} ${TEST_CFLAGS-} -std=c11 -Wall -Wextra -Wpedantic -Werror \
		-I"$REPO_ROOT/include" -o optimal "$BOTS/optimal.c" "$BUILD_DIR/libcoinline.a" -lm &&
	coinline gen --circle -n 10 -g 30 --min=-50 --max=50 -s 53 >rows.txt &&
	coinline gen --circle -n 7 -g 10 --min=-9223372036854775808 --max=9223372036854775807 -s 54 >>rows.txt &&
	printf "0\n\n1\n-5\n2\n3 3\n" >>rows.txt &&
	same_table optimal greedy "exec:./optimal" greedy rows.txt &&
	same_table parity optimal parity "exec:./optimal" rows.txt &&
	same_table optimal optimal "exec:./optimal" "exec:./optimal" rows.txt &&
	coinline duel --p1 optimal --p2 greedy -s 7 rows.txt >expect.full &&
	coinline duel --p1 "exec:./optimal" --p2 greedy -s 7 rows.txt >out.full &&
	table_body expect.full >expect &&
	table_body out.full >out &&
	test_cmp expect out
'

test_expect_success PYTHON3 'examples/bots/parity.py plays circles exactly as the built-in parity' '
	coinline gen --circle -n 9 -g 12 --min=-9 --max=9 -s 55 >rows.txt &&
	coinline gen --circle -n 8 -g 12 --min=-9 --max=9 -s 56 >>rows.txt &&
	same_table parity optimal "exec:$PYTHON -S $BOTS/parity.py" optimal rows.txt &&
	same_table greedy parity greedy "exec:$PYTHON -S $BOTS/parity.py" rows.txt
'

test_expect_success 'duel --circle: the usage line and --help name the option' '
	coinline duel --help >help &&
	test_grep "^  -c, --circle " help &&
	coinline play --help >help &&
	test_grep "^  -c, --circle " help &&
	test_grep "With --circle the coins lie on a circle" help
'

# ---------------------------------------------------------------------------
# --save: circular game records (docs/record.md), read back by the
# library's reader (coinline analyze refuses a record whose totals do not
# follow from its circle and its moves)

if grep -q "int circle;" "$REPO_ROOT/include/coinline.h"; then
	test_set_prereq CIRCLE_RECORDS
	# analyze reviews a circle (its --help names --circle): its losses
	# are play's
	coinline analyze --help | grep -q -- "--circle" && test_set_prereq CIRCLE_ANALYZE
else
	echo "# SKIP --save of circles: the library has no circular game records (coinline_record_t's circle and first)"
fi

# record_fields REC: "circle FIRST|moves M|totals T1 T2|" per game.
record_fields() {
	awk '/^(circle|moves|totals)( |$)/ { printf "%s|", $0 } /^totals / { print "" }' "$1"
}

test_expect_success CIRCLE_RECORDS 'play --circle --save: the circle, its first position, the moves after it; unfinished games and none played' '
	echo "1 r r" | coinline play -c -r "1 3 5 2 9" --save games.rec >out &&
	record_fields games.rec >got &&
	echo "circle 1|moves RRRR|totals 6 14|" >expect &&
	test_cmp expect got &&
	test_grep "^row 1 3 5 2 9\$" games.rec &&
	coinline analyze games.rec >review &&
	write_lines 1 new new 4 undo >script &&
	coinline play -c -2 -r "1 3 5 2 9" --save three.rec <script >out 2>err;
	record_fields three.rec >got &&
	cat >expect <<-\EOF &&
	circle 1|moves |totals 1 0|
	circle 0|moves|totals 0 0|
	circle 0|moves|totals 0 0|
	EOF
	sed "s/moves |/moves|/" expect >expect.trim &&
	sed "s/moves |/moves|/" got >got.trim &&
	test_cmp expect.trim got.trim &&
	coinline analyze three.rec >review &&
	sed "s/^totals 6 14\$/totals 7 13/" games.rec >bad.rec &&
	test_expect_code 1 coinline analyze bad.rec >out 2>err &&
	test_grep "bad.rec:[0-9]*:[0-9]*: game 1: the totals do not follow" err
'

test_expect_success CIRCLE_RECORDS 'duel --circle --save: every game a circular record with the totals played; a forfeit at move 1 has no first position' '
	coinline duel -c -r "1 3 5 2 9" --save games.rec >out &&
	record_fields games.rec >got &&
	write_lines "circle 5|moves RRRL|totals 15 5|" "circle 5|moves LLLL|totals 14 6|" >expect &&
	test_cmp expect got &&
	coinline analyze games.rec >review &&
	coinline duel -c -r "1 3 5 2 9" --p1 "exec:sh $TRASH_ROOT/bad.sh first-x" --save bad.rec >out 2>err &&
	test_grep "^circle 0\$" bad.rec &&
	test_grep "^forfeit 1 garbage: '"'"'x'"'"' is not a position" bad.rec &&
	coinline duel -c -r "1 3 5 2 9" --p2 "exec:sh $TRASH_ROOT/bad.sh line-3" --save late.rec >out 2>err &&
	sed -n 3,10p late.rec >got &&
	cat >expect <<-\EOF &&
	game 1
	p1 optimal
	p2 exec:sh TRASH/bad.sh line-3
	circle 5
	row 1 3 5 2 9
	moves
	totals 9 0
	forfeit 2 illegal move: position 3 is not an end (the ends are 1 and 4)
	EOF
	sed "s|$TRASH_ROOT|TRASH|" got >got.t &&
	test_cmp expect got.t &&
	coinline analyze bad.rec late.rec >review
'

# The random games of play against the programme, saved: each record
# holds the first position, the moves after it and the totals played.
test_expect_success CIRCLE_RECORDS 'random circles and scripts: the records against the programme' '
	coinline gen --circle -g 30 -n 6 --min=-6 --max=9 -s 71 | grep -v "^#" | awk "NR % 2 == 0" >rings &&
	i=0 &&
	while read -r ring; do
		i=$((i + 1)) &&
		awk -v seed="$i" "BEGIN { srand(seed); split(\"l r undo 1 2 3 4 5 6 7\", w, \" \");
			for (k = 0; k < 12; k++) printf \"%s \", w[int(rand() * 10) + 1]; print \"\" }" >script &&
		coinline play -c -r "$ring" --save game.rec --json <script >json 2>/dev/null;
		if test_have_prereq CIRCLE_ANALYZE; then
			coinline analyze --json game.rec >review &&
			tail -n 1 json | sed -n "s/.*\"lost\":\(\[[-0-9]*,[-0-9]*\]\).*/\1/p" >lost.play &&
			sed -n "s/.*\"lost\":\(\[[-0-9]*,[-0-9]*\]\).*/\1/p" review >lost.review &&
			test_line_count = 1 lost.play &&
			test_cmp lost.play lost.review || { echo "analyze: circle $ring"; return 1; }
		fi &&
		{ echo "$ring"; cat script; } | expect_game 0 0 |
			awk "{ print \"circle \" (\$1 == \"null\" ? 0 : \$1) \"|moves\" (\$2 ~ /^[LR]+\$/ ? \" \" \$2 : \"\") \"|totals \" (\$2 ~ /^[LR]+\$/ ? \$3 \" \" \$4 : \$2 \" \" \$3) \"|\" }" >expect &&
		record_fields game.rec | sed "s/moves |/moves|/" >got &&
		test_cmp expect got &&
		coinline analyze game.rec >/dev/null || { echo "circle $ring, script $(cat script)"; return 1; }
	done <rings
'

test_done
