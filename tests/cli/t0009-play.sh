#!/bin/sh
# SPDX-License-Identifier: MIT
# coinline play in the line mode (standard input is not a terminal):
# scripted games with hand-checked transcripts; random rows and random
# command scripts against an independent interval DP in awk (and in
# Python, with coins near the int64 limits, when python3 is there); the
# engine's replies; undo; new games, --save and --json; errors.
. "$(dirname "$0")/lib.sh"

command -v python3 >/dev/null 2>&1 && test_set_prereq PYTHON3

# play_dp.awk: the interval DP shared by the awk helpers below. Sets
# a[1..n] from the fields of the row line and v[i, j], the best (own -
# other's) for the player to move on coins i..j.
cat >"$TRASH_ROOT/play_dp.awk" <<'EOF'
function V(i, j) { return i > j ? 0 : v[i, j] }
# The optimal move on coins lo..hi, ties to the left.
function best(lo, hi) {
	return a[lo] - V(lo + 1, hi) >= a[hi] - V(lo, hi - 1) ? "L" : "R"
}
function dp_row(   i, j, len, l, r) {
	n = NF
	for (i = 1; i <= n; i++) a[i] = $i + 0
	for (len = 1; len <= n; len++)
		for (i = 1; i + len - 1 <= n; i++) {
			j = i + len - 1
			l = a[i] - V(i + 1, j)
			r = a[j] - V(i, j - 1)
			v[i, j] = l > r ? l : r
		}
}
EOF
DP_AWK=$TRASH_ROOT/play_dp.awk

# expect_moves ENGINE_FIRST TWO <FILE: FILE holds the row (line 1) and
# the commands (line 2); prints the moves (L/R) the game ends with when
# the engine plays optimally, ties to the left, and undo takes back the
# person's last move and every engine move after it (one move with two
# players). Hints, unknown words and moves after the end change nothing.
cat >"$TRASH_ROOT/expect_moves.awk" <<'EOF'
function person(k) { return two || k % 2 == ef }
function play(side) {
	moves = moves side; nm++
	if (side == "L") lo++; else hi--
}
function engine() { while (nm < n && !person(nm)) play(best(lo, hi)) }
function back(k,   i) {
	moves = substr(moves, 1, k); nm = k; lo = 1; hi = n
	for (i = 1; i <= k; i++) if (substr(moves, i, 1) == "L") lo++; else hi--
}
# A game is written out (JSON, record) when it ends, and again when it
# is left with other moves than when it was last written (undo after the
# end): with reports=1 the moves of each writing, in order.
function report() { if (nm == n && moves != said) { said = moves; out[++nout] = moves } }
NR == 1 { dp_row(); lo = 1; hi = n; nm = 0; moves = ""; said = "-"; engine(); report(); next }
NR == 2 {
	for (w = 1; w <= NF; w++) {
		c = $w
		if ((c == "l" || c == "r") && nm < n) {
			play(c == "l" ? "L" : "R"); engine()
		} else if (c == "undo" || c == "u") {
			k = nm
			while (k > 0 && !person(k - 1)) k--
			if (k > 0) { back(k - 1); engine() }
		}
		report()
	}
}
END {
	if (!reports) { print moves; exit }
	if (moves != said) out[++nout] = moves
	for (i = 1; i <= nout; i++) print out[i]
}
EOF
expect_moves() {
	awk -v ef="$1" -v two="$2" -v reports="${3:-0}" -f "$DP_AWK" \
		-f "$TRASH_ROOT/expect_moves.awk"
}

# expect_summary MODE GAME NAME1 NAME2 <FILE: FILE holds the row (line 1)
# and the moves played (line 2); prints the summary of that game as
# coinline play must: with MODE json, the --json object; with MODE text,
# the text summary. Both say the totals, the winner, best play from the
# start, each seat's points lost and every move that lost points (loss =
# (V - (coin - V')) / 2, V before the move, V' after, for the mover and
# the next mover).
cat >"$TRASH_ROOT/expect_summary.awk" <<'EOF'
function side_word(c) { return c == "L" ? "left" : "right" }
function plural(x, word) { return x " " word (x == 1 ? "" : "s") }
function win(s) { return name[s] " win" (name[s] == "you" ? "" : "s") }
function json(   w, b1, i, mis) {
	mis = ""
	for (i = 1; i <= nmis; i++)
		mis = mis (i > 1 ? "," : "") \
		    sprintf("{\"move\":%d,\"player\":%d,\"side\":\"%s\",\"coin\":%d,\"best\":\"%s\",\"loss\":%d}",
		    mk[i], (mk[i] - 1) % 2 + 1, side_word(substr(ms, mk[i], 1)),
		    took[i], side_word(mb[i]), ml[i])
	w = !fin ? "null" : t[0] > t[1] ? "\"first\"" : t[0] < t[1] ? "\"second\"" : "\"draw\""
	printf "{\"game\":%d,\"n\":%d,\"players\":[\"%s\",\"%s\"],\"moves\":\"%s\",\"finished\":%s,",
	    game, n, name[0], name[1], ms, fin ? "true" : "false"
	printf "\"p1\":%d,\"p2\":%d,\"margin\":%d,\"winner\":%s,\"best_p1\":%d,\"best_p2\":%d,",
	    t[0], t[1], t[0] - t[1], w, b1st, sum - b1st
	printf "\"lost\":[%d,%d],\"mistakes\":[%s],\"forfeit\":null}\n", lost[0], lost[1], mis
}
function text(   s, i, listed, count) {
	printf "game %d", game
	if (!fin) printf ", stopped after move %d of %d", length(ms), n
	printf ": %s %d, %s %d", name[0], t[0], name[1], t[1]
	if (!fin) printf " so far.\n"
	else if (t[0] == t[1]) printf ": a draw.\n"
	else printf(": %s by %d.\n", win(t[0] > t[1] ? 0 : 1), t[0] > t[1] ? t[0] - t[1] : t[1] - t[0])
	printf "with best play from the start: %s %d, %s %d\n", name[0], b1st, name[1], sum - b1st
	for (s = 0; s < 2; s++) {
		count = 0
		for (i = 1; i <= nmis; i++) if ((mk[i] - 1) % 2 == s) count++
		if (length(ms) <= s) { print name[s] ": no move played"; continue }
		if (count == 0) { print name[s] ": every move optimal"; continue }
		printf "%s: %s lost points, %s in all\n", name[s], plural(count, "move"), plural(lost[s], "point")
		listed = 0
		for (i = 1; i <= nmis; i++)
			if ((mk[i] - 1) % 2 == s && ++listed <= 20)
				printf "  move %d: took %d (%s), best was %d (%s): lost %s\n", mk[i], took[i],
				    side_word(substr(ms, mk[i], 1)), other[i], side_word(mb[i]), plural(ml[i], "point")
		if (listed > 20) printf "  and %d more\n", listed - 20
	}
}
NR == 1 { dp_row(); next }
NR == 2 { ms = $0 }
END {
	name[0] = p1n; name[1] = p2n
	lo = 1; hi = n; t[0] = t[1] = lost[0] = lost[1] = 0; nmis = 0
	for (k = 1; k <= length(ms); k++) {
		s = (k - 1) % 2; c = substr(ms, k, 1)
		coin = c == "L" ? a[lo] : a[hi]
		oth = c == "L" ? a[hi] : a[lo]
		before = V(lo, hi); b = best(lo, hi)
		if (c == "L") lo++; else hi--
		loss = (before - (coin - V(lo, hi))) / 2
		t[s] += coin
		if (loss != 0) {
			lost[s] += loss; nmis++
			mk[nmis] = k; took[nmis] = coin; other[nmis] = oth; mb[nmis] = b; ml[nmis] = loss
		}
	}
	sum = 0
	for (i = 1; i <= n; i++) sum += a[i]
	fin = length(ms) == n
	b1st = (sum + V(1, n)) / 2
	if (mode == "json") json(); else text()
}
EOF
expect_summary() {
	awk -v mode="$1" -v game="$2" -v p1n="$3" -v p2n="$4" -f "$DP_AWK" -f "$TRASH_ROOT/expect_summary.awk"
}

# last_summary <TRANSCRIPT: the last summary of the transcript, up to its
# end; left out, the lines that may come after it: "the game is over",
# "undo: nothing to undo" and the tool's messages.
last_summary() {
	grep -v -e "^the game is over" -e "^coinline play: " -e "^undo: " |
	awk '/^game [0-9]+(, stopped after move [0-9]+ of [0-9]+)?: .*(so far|a draw|wins? by [0-9]+)\.$/ { n = 0 }
	{ line[++n] = $0 } END { for (i = 1; i <= n; i++) print line[i] }'
}

# random_script SEED N TAIL: 2N random commands (l, r, hint, undo), then,
# if TAIL is 1, N times l (the game then ends).
random_script() {
	awk -v seed="$1" -v n="$2" -v tail="$3" 'BEGIN {
		srand(seed)
		for (i = 0; i < 2 * n; i++) {
			x = rand()
			printf "%s ", x < 0.35 ? "l" : x < 0.7 ? "r" : x < 0.8 ? "hint" : "undo"
		}
		if (tail) for (i = 0; i < n; i++) printf "l "
		print ""
	}'
}

# json_field KEY <JSON: the value of a number or string key of each
# object, one per line.
json_field() {
	awk -v key="\"$1\":" '{
		i = index($0, key)
		if (i == 0) next
		s = substr($0, i + length(key))
		if (substr(s, 1, 1) == "\"") { s = substr(s, 2); print substr(s, 1, index(s, "\"") - 1) }
		else { match(s, /^[^,}\]]*/); print substr(s, 1, RLENGTH) }
	}'
}

# ---------------------------------------------------------------------------
# Scripted games, checked by hand

# 1 3 5 2 9: V = 8, best play 14 to 6. You take 9; the engine must take 1
# (leaving 3 5 2, worth 0 to you: 1 - 0 = 1 beats 2 - V(1 3 5) = 2 - 3).
# On 3 5 2 both ends are worth 0 (3 - V(5 2) = 3 - 3, 2 - V(3 5) = 2 - 2):
# taking 2 loses nothing. The engine takes 5 from 3 5, you take 3.
test_expect_success '1 3 5 2 9, you take 9 then the right each time: 14 to 6, no move lost points' '
	echo "r r r" >script &&
	coinline play --row "1 3 5 2 9" <script >out 2>err &&
	test_must_be_empty err &&
	cat >expect <<-\EOF &&
	game 1: 5 coins; you move first, optimal second
	your move: 1 3 5 2 9  (l: 1, r: 9)
	move 1: you take 9 (right); you 9, optimal 0
	move 2: optimal takes 1 (left); you 9, optimal 1
	your move: 3 5 2  (l: 3, r: 2)
	move 3: you take 2 (right); you 11, optimal 1
	move 4: optimal takes 5 (right); you 11, optimal 6
	your move: 3  (l: 3, r: 3)
	move 5: you take 3 (right); you 14, optimal 6
	game 1: you 14, optimal 6: you win by 8.
	with best play from the start: you 14, optimal 6
	you: every move optimal
	optimal: every move optimal
	EOF
	test_cmp expect out
'

# Taking 1 first: the engine takes 9 and keeps V(3 5 2 9) = 9 (9 - V(3 5
# 2) = 9 against 3 - V(5 2 9) = 3 - 6). Loss (V - (coin - V')) / 2 =
# (8 - (1 - 9)) / 2 = 8. Then 3 (worth the same as 2 here), 5, 2: 6 to 14.
test_expect_success '1 3 5 2 9, you take the left each time: 6 to 14, move 1 lost 8 points' '
	write_lines l left L >script &&
	coinline play -r 1,3,5,2,9 <script >out 2>err &&
	test_must_be_empty err &&
	cat >expect <<-\EOF &&
	game 1: 5 coins; you move first, optimal second
	your move: 1 3 5 2 9  (l: 1, r: 9)
	move 1: you take 1 (left); you 1, optimal 0
	move 2: optimal takes 9 (right); you 1, optimal 9
	your move: 3 5 2  (l: 3, r: 2)
	move 3: you take 3 (left); you 4, optimal 9
	move 4: optimal takes 5 (left); you 4, optimal 14
	your move: 2  (l: 2, r: 2)
	move 5: you take 2 (left); you 6, optimal 14
	game 1: you 6, optimal 14: optimal wins by 8.
	with best play from the start: you 14, optimal 6
	you: 1 move lost points, 8 points in all
	  move 1: took 1 (left), best was 9 (right): lost 8 points
	optimal: every move optimal
	EOF
	test_cmp expect out
'

# 3 5 2 with the engine first: both ends are worth 0 (see above), the tie
# goes left: 3. You take 5, the engine 2: 5 to 5.
test_expect_success 'a tie: the engine moving first on 3 5 2 takes the left coin; a draw, 5 to 5' '
	echo l >script &&
	coinline play --first=engine --row "3 5 2" <script >out 2>err &&
	test_must_be_empty err &&
	cat >expect <<-\EOF &&
	game 1: 3 coins; optimal moves first, you second
	move 1: optimal takes 3 (left); optimal 3, you 0
	your move: 5 2  (l: 5, r: 2)
	move 2: you take 5 (left); optimal 3, you 5
	move 3: optimal takes 2 (left); optimal 5, you 5
	game 1: optimal 5, you 5: a draw.
	with best play from the start: optimal 5, you 5
	optimal: every move optimal
	you: every move optimal
	EOF
	test_cmp expect out
'

test_expect_success 'a tie: the hint says either coin is as good, with the totals best play gives' '
	write_lines hint r hint l l >script &&
	coinline play -2 --row "3 5 2" <script >out 2>err &&
	grep "^hint: " out >hints &&
	cat >expect <<-\EOF &&
	hint: take either coin (left 3, right 2): with best play from here player 1 ends with 5 against 5
	hint: take the right coin (5): with best play from here player 2 ends with 5 against 5
	EOF
	test_cmp expect hints
'

# -5 -1 -3 -2, even n: V = 5 (-2 first, then -1 against -5 ...: -3 to -8).
# You take -5: V(-1 -3 -2) = max(-1 - V(-3 -2), -2 - V(-1 -3)) = max(-1 -
# 1, -2 - 2) = -2, the engine takes -1; loss (5 - (-5 + 2)) / 2 = 4. You
# take -3 from -3 -2 (V = 1, best -2): loss (1 - (-3 + 2)) / 2 = 1.
test_expect_success 'negative coins, even n: you take -5 and -3, lose 4 and 1 points: -8 to -3' '
	echo "l l" >script &&
	coinline play --row "-5 -1 -3 -2" <script >out 2>err &&
	test_must_be_empty err &&
	cat >expect <<-\EOF &&
	game 1: 4 coins; you move first, optimal second
	your move: -5 -1 -3 -2  (l: -5, r: -2)
	move 1: you take -5 (left); you -5, optimal 0
	move 2: optimal takes -1 (left); you -5, optimal -1
	your move: -3 -2  (l: -3, r: -2)
	move 3: you take -3 (left); you -8, optimal -1
	move 4: optimal takes -2 (left); you -8, optimal -3
	game 1: you -8, optimal -3: optimal wins by 5.
	with best play from the start: you -3, optimal -8
	you: 2 moves lost points, 5 points in all
	  move 1: took -5 (left), best was -2 (right): lost 4 points
	  move 3: took -3 (left), best was -2 (right): lost 1 point
	optimal: every move optimal
	EOF
	test_cmp expect out
'

test_expect_success 'one coin: you take it and win by it; moving second, the engine takes it' '
	echo r >script &&
	coinline play --row 7 <script >out &&
	cat >expect <<-\EOF &&
	game 1: 1 coin; you move first, optimal second
	your move: 7  (l: 7, r: 7)
	move 1: you take 7 (right); you 7, optimal 0
	game 1: you 7, optimal 0: you win by 7.
	with best play from the start: you 7, optimal 0
	you: every move optimal
	optimal: no move played
	EOF
	test_cmp expect out &&
	coinline play --row -7 --first engine </dev/null >out &&
	cat >expect <<-\EOF &&
	game 1: 1 coin; optimal moves first, you second
	move 1: optimal takes -7 (left); optimal -7, you 0
	game 1: optimal -7, you 0: you win by 7.
	with best play from the start: optimal -7, you 0
	optimal: every move optimal
	you: no move played
	EOF
	test_cmp expect out
'

test_expect_success 'zero coins: the game is over at once, a draw; exit 0 with no input; nothing to undo' '
	coinline play --row "" </dev/null >out 2>err &&
	test_must_be_empty err &&
	cat >expect <<-\EOF &&
	game 1: 0 coins; you move first, optimal second
	game 1: you 0, optimal 0: a draw.
	with best play from the start: you 0, optimal 0
	you: no move played
	optimal: no move played
	EOF
	test_cmp expect out &&
	echo l | coinline play --random 0 --json -s 3 >json 2>err &&
	echo "{\"game\":1,\"n\":0,\"players\":[\"you\",\"optimal\"],\"moves\":\"\",\"finished\":true,\"p1\":0,\"p2\":0,\"margin\":0,\"winner\":\"draw\",\"best_p1\":0,\"best_p2\":0,\"lost\":[0,0],\"mistakes\":[],\"forfeit\":null}" >expect &&
	test_cmp expect json &&
	test_grep "^the game is over: new or quit$" err
'

# 4 -2 7, two players: V = 1 (7, then 4 against -2: 5 to 4). Player 1
# takes 4, takes it back, takes 7; player 2 takes 4 (best: V(4 -2) = 6).
test_expect_success 'two players: each seat is prompted, undo takes back one move' '
	write_lines l u r l l >script &&
	coinline play --two-players --row "4 -2 7" <script >out 2>err &&
	test_must_be_empty err &&
	cat >expect <<-\EOF &&
	game 1: 3 coins; player 1 moves first, player 2 second
	player 1 to move: 4 -2 7  (l: 4, r: 7)
	move 1: player 1 takes 4 (left); player 1 4, player 2 0
	player 2 to move: -2 7  (l: -2, r: 7)
	undo: 1 move taken back
	player 1 to move: 4 -2 7  (l: 4, r: 7)
	move 1: player 1 takes 7 (right); player 1 7, player 2 0
	player 2 to move: 4 -2  (l: 4, r: -2)
	move 2: player 2 takes 4 (left); player 1 7, player 2 4
	player 1 to move: -2  (l: -2, r: -2)
	move 3: player 1 takes -2 (left); player 1 5, player 2 4
	game 1: player 1 5, player 2 4: player 1 wins by 1.
	with best play from the start: player 1 5, player 2 4
	player 1: every move optimal
	player 2: every move optimal
	EOF
	test_cmp expect out
'

# L: 1, the engine 9; right: 2 (3 5 2 is a tie), the engine 5; Undo takes
# back 2 and 5; left left: 3, the engine 5, then 2.
test_expect_success 'commands: several on a line, any case, long names, # comments, blank lines' '
	printf "  L   # the left coin\n\nHINT right\nUndo\n#l\nleft left\n" >script &&
	coinline play -r "1 3 5 2 9" --json <script >json 2>out &&
	echo LRLLL >expect &&
	json_field moves <json >moves &&
	test_cmp expect moves &&
	grep -c "^hint: " out >count &&
	echo 1 >expect &&
	test_cmp expect count &&
	test_grep "^undo: 2 moves taken back$" out
'

test_expect_success 'help lists the commands; the game goes on' '
	write_lines help "?" r >script &&
	coinline play -r "1 2" <script >out &&
	grep -c "^commands: l (take the left coin), r (the right), hint, undo, new, quit, help$" out >count &&
	echo 2 >expect &&
	test_cmp expect count &&
	test_grep "^game 1: you 2, optimal 1: you win by 1\.$" out
'

test_expect_success 'quit stops the session: the summary says where, exit 0' '
	write_lines r quit l >script &&
	coinline play -r "1 3 5 2 9" <script >out 2>err &&
	test_must_be_empty err &&
	cat >expect <<-\EOF &&
	game 1, stopped after move 2 of 5: you 9, optimal 1 so far.
	with best play from the start: you 14, optimal 6
	you: every move optimal
	optimal: every move optimal
	EOF
	tail -n 4 out >tail &&
	test_cmp expect tail &&
	test_grep ! "move 3" out
'

test_expect_success 'a long row: the prompt shows 10 coins at each end and how many between' '
	coinline gen -n 40 -g 1 -s 9 | sed -n 2p >row &&
	coinline play -r "$(cat row)" </dev/null >out 2>err;
	test $? = 1 &&
	awk "{ s = \$1; for (i = 2; i <= 10; i++) s = s \" \" \$i
		s = s \" ... (20 more) ...\"
		for (i = 31; i <= 40; i++) s = s \" \" \$i
		printf \"your move: %s  (l: %s, r: %s)\n\", s, \$1, \$40 }" row >expect &&
	sed -n 2p out >prompt &&
	test_cmp expect prompt
'

# 1 2 ... 60, both players always take the left coin: every move but the
# last (one coin left) loses points, as the right coin is the larger and
# best (move 1: V(1..60) = 30, each pair of moves gives the first mover 1
# more; after 1, V(2..60) = 60 - V(2..59) = 31: loss (30 - (1 - 31)) / 2).
test_expect_success 'more than 20 moves lost points: 20 are listed, then how many more' '
	awk "BEGIN { for (i = 0; i < 60; i++) print \"l\" }" >script &&
	coinline play -2 -r "$(seq 1 60)" <script >out 2>err &&
	test_must_be_empty err &&
	test_grep "^player 1: 30 moves lost points, 465 points in all$" out &&
	test_grep "^player 2: 29 moves lost points, 435 points in all$" out &&
	sed -n "/^player 1: 30/,/^player 2: /p" out | grep -c "^  move " >listed &&
	sed -n "/^player 2: 29/,\$p" out | grep -c "^  move " >>listed &&
	write_lines 20 20 >expect &&
	test_cmp expect listed &&
	test_grep "^  move 1: took 1 (left), best was 60 (right): lost 30 points$" out &&
	test_grep "^  move 39: took 39 (left), best was 60 (right): lost 11 points$" out &&
	test_grep "^  and 10 more$" out &&
	test_grep "^  and 9 more$" out
'

# ---------------------------------------------------------------------------
# Random rows and random command scripts against the awk DP

# check_random_games FIRST COUNT: COUNT games, on random rows of 0 to 12
# coins from -9 to 9, of random scripts (three in four end the game);
# FIRST is me, engine or two (two players). The --json object and the
# text summary must be the DP's for the moves the script leads to, the
# exit status 0 for a finished game and 1 for one the input left
# unfinished. The JSON objects are appended to ../all-FIRST.json.
check_random_games() {
	case $1 in
	me) opt=--first=me ef=0 two=0 p1n=you p2n=optimal ;;
	engine) opt=--first=engine ef=1 two=0 p1n=optimal p2n=you ;;
	two) opt=--two-players ef=0 two=1 p1n="player 1" p2n="player 2" ;;
	esac &&
	i=0 &&
	while test $i -lt "$2"; do
		i=$((i + 1)) &&
		n=$((i % 13)) &&
		coinline gen -n $n -g 1 -s $i --min=-9 --max=9 | sed -n 2p >row &&
		random_script $i $n $((i % 4 != 0)) >script &&
		cat row script | expect_moves $ef $two >moves &&
		cat row script | expect_moves $ef $two 1 >reports &&
		while read -r m; do
			printf "%s\n%s\n" "$(cat row)" "$m" | expect_summary json 1 "$p1n" "$p2n" || exit 1
		done <reports >expect.json &&
		cat row moves | expect_summary text 1 "$p1n" "$p2n" >expect.text &&
		{ coinline play $opt -r "$(cat row)" --json <script >out.json 2>out.text; st=$?; } &&
		if test "$(cat moves | tr -d "\n" | wc -c)" -eq $n
		then want=0
		else want=1
		fi &&
		last_summary <out.text >summary &&
		if ! test_cmp expect.json out.json || ! test_cmp expect.text summary ||
			test $st != $want
		then
			echo "game $i: row $(cat row), script $(cat script), exit $st, not $want"
			return 1
		fi &&
		cat out.json >>../all-$1.json || return 1
	done
}

test_expect_success 'random rows and scripts, you first: the JSON and the summary are the DP'"'"'s' '
	check_random_games me 60
'

test_expect_success 'random rows and scripts, the engine first: the JSON and the summary are the DP'"'"'s' '
	check_random_games engine 60
'

test_expect_success 'random rows and scripts, two players: the JSON and the summary are the DP'"'"'s' '
	check_random_games two 60
'

# Each move changes the mover's best final total by -loss and the other's
# by +loss: at the end p1 = best_p1 - lost[0] + lost[1].
test_expect_success 'every finished game: p1 = best_p1 - lost[0] + lost[1], p2 = best_p2 + lost[0] - lost[1]' '
	cat ../all-me.json ../all-engine.json ../all-two.json >all.json &&
	test $(wc -l <all.json) -ge 180 &&
	grep "\"finished\":true" all.json >finished.json &&
	test_line_count -ge 120 finished.json &&
	awk "
	function num(key,   i, s) {
		i = index(\$0, \"\\\"\" key \"\\\":\"); s = substr(\$0, i + length(key) + 3)
		match(s, /^-?[0-9]+/); return substr(s, 1, RLENGTH) + 0
	}
	{
		i = index(\$0, \"\\\"lost\\\":[\"); s = substr(\$0, i + 8)
		split(substr(s, 1, index(s, \"]\") - 1), lost, \",\")
		if (num(\"p1\") != num(\"best_p1\") - lost[1] + lost[2] ||
		    num(\"p2\") != num(\"best_p2\") + lost[1] - lost[2]) { print \"line \" NR \": \" \$0; bad = 1 }
		if (lost[1] + lost[2] != 0) some = 1
	}
	END { if (!some) print \"no game lost a point\"; exit bad || !some }" finished.json
'

# play_model.py: a model of the line mode in Python, with a DP of its own.
cat >"$TRASH_ROOT/play_model.py" <<'EOF'
# play_model.py TOOL COUNT: random rows (coins up to the int64 limits,
# totals past 64 bits) and random command scripts, with every engine and
# seat arrangement; each game's whole transcript and JSON summary must be
# the ones this model of the line mode writes, from an interval DP of its
# own. The engine's random choices (random, fallible) are read from the
# transcript, and must be legal moves; the others are predicted.
import json
import random
import subprocess
import sys

tool, count = sys.argv[1], int(sys.argv[2])
LIMIT = 2**63


def dp(a):
    n = len(a)
    v = {}
    def V(i, j):
        return 0 if i > j else v[i, j]
    for length in range(1, n + 1):
        for i in range(n - length + 1):
            j = i + length - 1
            v[i, j] = max(a[i] - V(i + 1, j), a[j] - V(i, j - 1))
    return V


class Game:
    def __init__(self, a, person, names, engine):
        self.a, self.n, self.V = a, len(a), dp(a)
        self.person, self.names, self.engine = person, names, engine
        self.moves = []  # (side, coin)
        self.out = []

    def pos(self):
        lo, hi = 0, self.n - 1
        for side, _ in self.moves:
            if side == "L":
                lo += 1
            else:
                hi -= 1
        return lo, hi

    def totals(self):
        t = [0, 0]
        for k, (_, coin) in enumerate(self.moves):
            t[k % 2] += coin
        return t

    def over(self):
        return len(self.moves) == self.n

    def best(self, lo, hi):
        V = self.V
        return "L" if self.a[lo] - V(lo + 1, hi) >= self.a[hi] - V(lo, hi - 1) else "R"

    def verb(self, s, verb):
        return verb if self.names[s] == "you" else verb + "s"

    def put_totals(self):
        t = self.totals()
        return "%s %d, %s %d" % (self.names[0], t[0], self.names[1], t[1])

    def play(self, side):
        lo, hi = self.pos()
        s = len(self.moves) % 2
        coin = self.a[lo] if side == "L" else self.a[hi]
        self.moves.append((side, coin))
        self.out.append("move %d: %s %s %d (%s); %s" % (
            len(self.moves), self.names[s], self.verb(s, "take"), coin,
            "left" if side == "L" else "right", self.put_totals()))

    def engine_side(self, actual):
        """The engine's move: predicted, or read from the actual line."""
        lo, hi = self.pos()
        kind = self.engine
        if kind == "optimal" or kind == "fallible:0":
            return self.best(lo, hi)
        if kind == "greedy":
            return "L" if self.a[lo] >= self.a[hi] else "R"
        if kind == "parity" and (hi - lo + 1) % 2 == 1:
            return "L" if self.a[lo] >= self.a[hi] else "R"
        if kind == "parity":
            d = sum(self.a[i] if i % 2 == 0 else -self.a[i] for i in range(lo, hi + 1))
            return "L" if d == 0 or (d > 0) == (lo % 2 == 0) else "R"
        line = actual[len(self.out)] if len(self.out) < len(actual) else ""
        side = line.split("(")[1][0] if "(" in line else "?"
        return {"l": "L", "r": "R"}.get(side, "L")

    def advance(self, actual):
        while not self.over() and not self.person[len(self.moves) % 2]:
            self.play(self.engine_side(actual))
        if self.over():
            self.summary()
            self.report()
            return
        lo, hi = self.pos()
        s = len(self.moves) % 2
        who = "your move" if self.names[s] == "you" else self.names[s] + " to move"
        self.out.append("%s: %s  (l: %d, r: %d)" % (
            who, " ".join(str(c) for c in self.a[lo:hi + 1]), self.a[lo], self.a[hi]))

    def undo_refused(self):
        k = len(self.moves)
        while k > 0 and not self.person[(k - 1) % 2]:
            k -= 1
        return k == 0

    def undo(self, actual):
        if self.undo_refused():
            self.out.append("undo: nothing to undo")
            return
        k = len(self.moves)
        while not self.person[(k - 1) % 2]:
            k -= 1
        taken = len(self.moves) - (k - 1)
        del self.moves[k - 1:]
        self.out.append("undo: %d move%s taken back" % (taken, "" if taken == 1 else "s"))
        self.advance(actual)

    def hint(self):
        lo, hi = self.pos()
        s = len(self.moves) % 2
        V, a = self.V, self.a
        if lo == hi:
            what = "the last coin (%d)" % a[lo]
        elif a[lo] - V(lo + 1, hi) == a[hi] - V(lo, hi - 1):
            what = "either coin (left %d, right %d)" % (a[lo], a[hi])
        elif self.best(lo, hi) == "L":
            what = "the left coin (%d)" % a[lo]
        else:
            what = "the right coin (%d)" % a[hi]
        rest = sum(a[lo:hi + 1])
        mine = self.totals()[s] + (rest + V(lo, hi)) // 2
        self.out.append("hint: take %s: with best play from here %s %s with %d against %d" % (
            what, self.names[s], self.verb(s, "end"), mine, sum(a) - mine))

    def losses(self):
        lo, hi = 0, self.n - 1
        res = []
        for k, (side, coin) in enumerate(self.moves):
            other = self.a[hi] if side == "L" else self.a[lo]
            before, b = self.V(lo, hi), self.best(lo, hi)
            if side == "L":
                lo += 1
            else:
                hi -= 1
            loss = before - (coin - self.V(lo, hi))
            assert loss % 2 == 0
            res.append((k, side, coin, other, b, loss // 2))
        return res

    def summary(self):
        t, n, k = self.totals(), self.n, len(self.moves)
        best1 = (sum(self.a) + self.V(0, n - 1)) // 2
        head = "game 1"
        if not self.over():
            head += ", stopped after move %d of %d" % (k, n)
        head += ": %s %d, %s %d" % (self.names[0], t[0], self.names[1], t[1])
        if not self.over():
            head += " so far."
        elif t[0] == t[1]:
            head += ": a draw."
        else:
            w = 0 if t[0] > t[1] else 1
            head += ": %s %s by %d." % (self.names[w], self.verb(w, "win"), abs(t[0] - t[1]))
        self.out.append(head)
        self.out.append("with best play from the start: %s %d, %s %d" % (
            self.names[0], best1, self.names[1], sum(self.a) - best1))
        side = {"L": "left", "R": "right"}
        for s in range(2):
            mine = [m for m in self.losses() if m[0] % 2 == s and m[5] != 0]
            if k <= s:
                self.out.append("%s: no move played" % self.names[s])
            elif not mine:
                self.out.append("%s: every move optimal" % self.names[s])
            else:
                lost = sum(m[5] for m in mine)
                self.out.append("%s: %d move%s lost points, %d point%s in all" % (
                    self.names[s], len(mine), "" if len(mine) == 1 else "s",
                    lost, "" if lost == 1 else "s"))
                for m in mine[:20]:
                    self.out.append("  move %d: took %d (%s), best was %d (%s): lost %d point%s" % (
                        m[0] + 1, m[2], side[m[1]], m[3], side[m[4]], m[5], "" if m[5] == 1 else "s"))
                if len(mine) > 20:
                    self.out.append("  and %d more" % (len(mine) - 20))

    def report(self):
        """Written out at the end, again only with other moves."""
        moves = "".join(m[0] for m in self.moves)
        if moves != self.said:
            self.said = moves
            self.written.append(self.json())

    def json(self):
        t, n = self.totals(), self.n
        best1 = (sum(self.a) + self.V(0, n - 1)) // 2
        ls = self.losses()
        winner = None
        if self.over():
            winner = "first" if t[0] > t[1] else "second" if t[0] < t[1] else "draw"
        side = {"L": "left", "R": "right"}
        obj = {"game": 1, "n": n, "players": list(self.names),
               "moves": "".join(m[0] for m in self.moves), "finished": self.over(),
               "p1": t[0], "p2": t[1], "margin": t[0] - t[1], "winner": winner,
               "best_p1": best1, "best_p2": sum(self.a) - best1,
               "lost": [sum(m[5] for m in ls if m[0] % 2 == s) for s in range(2)],
               "mistakes": [{"move": m[0] + 1, "player": m[0] % 2 + 1, "side": side[m[1]],
                             "coin": m[2], "best": side[m[4]], "loss": m[5]}
                            for m in ls if m[5] != 0],
               "forfeit": None}
        return json.dumps(obj, separators=(",", ":"))


def coin(rnd):
    r = rnd.random()
    if r < 0.3:
        return rnd.randrange(-LIMIT, LIMIT)
    if r < 0.4:
        return rnd.choice([LIMIT - 1, -LIMIT])
    return rnd.randrange(-5, 6)


failures = 0
for g in range(count):
    rnd = random.Random(g)
    a = [coin(rnd) for _ in range(rnd.randrange(0, 11))]
    seats = g % 3
    engine = rnd.choice(["optimal", "greedy", "parity", "random", "fallible:0.5", "fallible:0"])
    if seats == 2:
        opts, person, names = ["--two-players"], (True, True), ("player 1", "player 2")
    elif seats == 1:
        opts, person, names = ["--first=engine", "-e", engine], (False, True), (engine, "you")
    else:
        opts, person, names = ["-e", engine], (True, False), ("you", engine)
    words = [rnd.choice(["l", "r", "l", "r", "hint", "undo"]) for _ in range(rnd.randrange(0, 3 * len(a) + 2))]
    script = " ".join(words) + "\n"
    args = [tool, "play", "-r", " ".join(map(str, a)), "--json", "-s", str(g)] + opts
    p = subprocess.run(args, input=script, capture_output=True, text=True)
    actual = p.stderr.splitlines()
    m = Game(a, person, names, engine)
    m.said, m.written = None, []
    announce = "game 1: %d coin%s; %s %s first, %s second" % (
        len(a), "" if len(a) == 1 else "s", names[0], m.verb(0, "move"), names[1])
    if seats != 2 and engine not in ("optimal", "greedy", "parity"):
        announce += "; seed %d" % g
    m.out.append(announce)
    m.advance(actual)
    for w in words:
        if w in ("l", "r", "hint") and m.over():
            m.out.append("the game is over: " + ("new or quit" if m.undo_refused() else "new, undo or quit"))
        elif w in ("l", "r"):
            m.play(w.upper())
            m.advance(actual)
        elif w == "hint":
            m.hint()
        else:
            m.undo(actual)
    status = 0
    if not m.over():
        m.out.append("coinline play: <stdin>: the input ended during game 1, after move %d of %d" % (len(m.moves), m.n))
        m.summary()
        status = 1
    if "".join(x[0] for x in m.moves) != m.said:
        m.written.append(m.json())
    expect_json = "\n".join(m.written)
    if m.out != actual or p.stdout != expect_json + "\n" or p.returncode != status:
        failures += 1
        print("game %d: %s <<< %s" % (g, " ".join(args), script.strip()))
        for i in range(max(len(m.out), len(actual))):
            e = m.out[i] if i < len(m.out) else "(none)"
            x = actual[i] if i < len(actual) else "(none)"
            print(("  " if e == x else "! ") + "want " + e + ("" if e == x else "\n    got  " + x))
        print("  json want " + expect_json)
        print("  json got  " + p.stdout.strip())
        print("  exit %d, want %d" % (p.returncode, status))
        if failures >= 3:
            break
sys.exit(1 if failures else 0)
EOF

test_expect_success PYTHON3 'random rows up to the int64 limits, every engine and seating: the whole transcript and the JSON are a Python model'"'"'s' '
	python3 "$TRASH_ROOT/play_model.py" "$COINLINE" 600
'

# ---------------------------------------------------------------------------
# The engine's replies

# engine_positions ENGINE_FIRST <FILE: FILE holds the row (line 1) and the
# moves (line 2); prints, for each engine move, the coins left before it
# (one line each), and the move (L or R) on the same line after a colon.
engine_positions() {
	awk -v ef="$1" 'NR == 1 { n = split($0, a, " "); next }
	{
		lo = 1; hi = n
		for (k = 1; k <= length($0); k++) {
			c = substr($0, k, 1)
			if ((k - 1) % 2 != ef) {
				s = ""
				for (i = lo; i <= hi; i++) s = s (i > lo ? " " : "") a[i]
				print s ":" c
			}
			if (c == "L") lo++; else hi--
		}
	}'
}

test_expect_success 'the optimal engine replies with the first move of solve --line on the coins left' '
	for i in 1 2 3 4 5 6 7 8; do
		coinline gen -n $((7 + i % 4)) -g 1 -s $((100 + i)) --min=-5 --max=12 | sed -n 2p >row &&
		awk -v s=$i "BEGIN { srand(s); for (k = 0; k < 8; k++) printf \"%s \", rand() < 0.5 ? \"l\" : \"r\"; print \"\" }" >script &&
		ef=$((i % 2)) &&
		if test $ef = 1; then first=engine; else first=me; fi &&
		coinline play --first=$first -r "$(cat row)" --json <script >json 2>/dev/null &&
		{ cat row; json_field moves <json; } | engine_positions $ef >positions &&
		test_line_count -ge 3 positions &&
		while IFS=: read -r coins move; do
			coinline solve --line=compact --row "$coins" >line &&
			set -- $(cat line) &&
			test "$(echo "$2" | cut -c1)" = "$move" || {
				echo "row $(cat row): on $coins the engine played $move, solve says $(cat line)"
				return 1
			}
		done <positions || return 1
	done
'

test_expect_success '--engine fallible:0 plays as optimal' '
	for i in 1 2 3 4 5; do
		coinline gen -n 30 -g 1 -s $i --min=-50 --max=50 | sed -n 2p >row &&
		random_script $i 20 1 | sed -e "s/undo//g" >script &&
		coinline play -e optimal -r "$(cat row)" -s $i <script >a 2>&1 &&
		coinline play -e fallible:0 -r "$(cat row)" -s $i <script >b 2>&1 &&
		sed -e "s/fallible:0/optimal/g" -e "s/; seed $i\$//" b >b.optimal &&
		test_cmp a b.optimal || return 1
	done
'

# The level plays as its strategy, the same moves with the same seed;
# the engine is named by both, "easy (fallible:0.5)", wherever it is
# named (the transcript, the summary, the JSON's players).
test_expect_success '--level: easy, medium, hard and perfect are fallible:0.5, fallible:0.25, fallible:0.1 and optimal, and named so' '
	coinline gen -n 200 -g 1 -s 3 | sed -n 2p >row &&
	awk "BEGIN { for (i = 0; i < 100; i++) print \"l\" }" >script &&
	for pair in easy:fallible:0.5 medium:fallible:0.25 hard:fallible:0.1 perfect:optimal; do
		level=${pair%%:*} engine=${pair#*:} &&
		coinline play --level $level -r "$(cat row)" -s 11 --json <script >$level.json 2>$level.out &&
		coinline play --engine $engine -r "$(cat row)" -s 11 --json <script >b.json 2>b.out &&
		sed "s/\"$engine\"/\"$level ($engine)\"/" b.json >b.named &&
		test_cmp $level.json b.named &&
		sed -e "s/$engine/$level ($engine)/g" \
			-e "s/: every move $level ($engine)\$/: every move optimal/" b.out >b.named &&
		test_cmp $level.out b.named &&
		test_grep -F "\"players\":[\"you\",\"$level ($engine)\"]" $level.json &&
		test_grep "^game 1: 200 coins; you move first, $level ($engine) second" $level.out || return 1
	done &&
	printf "l\nquit\n" | coinline play --level easy --engine greedy -r "1 3 5 2 9" >out &&
	test_grep "^game 1: 5 coins; you move first, greedy second\$" out &&
	printf "l\nquit\n" | coinline play --engine greedy --level easy -r "1 3 5 2 9" -s 1 >out &&
	test_grep "^game 1: 5 coins; you move first, easy (fallible:0.5) second; seed 1\$" out &&
	! test_cmp easy.json hard.json &&
	coinline play -r "$(cat row)" --json <script >optimal.json 2>/dev/null &&
	sed "s/\"perfect (optimal)\"/\"optimal\"/" perfect.json >perfect.renamed &&
	test_cmp optimal.json perfect.renamed &&
	sed -n "s/.*\"lost\":\\[[0-9]*,\\([0-9]*\\)\\].*/\\1/p" easy.json >lost &&
	test "$(cat lost)" -gt 0 &&
	sed -n "s/.*\"lost\":\\[[0-9]*,\\([0-9]*\\)\\].*/\\1/p" perfect.json >lost &&
	echo 0 >expect &&
	test_cmp expect lost
'

test_expect_success '--engine greedy takes the larger end, the left one on a tie' '
	for i in 1 2 3 4 5 6; do
		coinline gen -n 15 -g 1 -s $i --min=1 --max=6 | sed -n 2p >row &&
		random_script $i 8 1 | sed -e "s/undo//g" >script &&
		ef=$((i % 2)) &&
		if test $ef = 1; then first=engine; else first=me; fi &&
		coinline play -e greedy --first=$first -r "$(cat row)" --json <script >json 2>/dev/null &&
		{ cat row; json_field moves <json; } | engine_positions $ef >>positions || return 1
	done &&
	awk -F: "{ n = split(\$1, c, \" \"); want = c[1] + 0 >= c[n] + 0 ? \"L\" : \"R\"
		if (\$2 != want) { print \"on \" \$1 \" greedy played \" \$2; bad = 1 }
		if (c[1] == c[n] && n > 1) ties++; if (c[1] != c[n]) other++ }
		END { if (ties < 3 || other < 10) { print ties \" ties, \" other \" others\"; bad = 1 }; exit bad }" positions
'

test_expect_success 'the same seed gives the same random row and the same fallible or random replies' '
	echo "l r l r l r l r l r quit" >script &&
	for engine in fallible:0.5 random; do
		coinline play -n 30 -s 77 -e $engine <script >a 2>&1 &&
		coinline play -n 30 --seed=77 -e $engine <script >b 2>&1 &&
		test_cmp a b &&
		coinline play -n 30 -s 78 -e $engine <script >c 2>&1 &&
		! test_cmp a c &&
		coinline gen -n 200 -g 1 -s 5 | sed -n 2p >row &&
		coinline play -r "$(cat row)" -s 1 -e $engine <script >a 2>&1 &&
		coinline play -r "$(cat row)" -s 1 -e $engine <script >b 2>&1 &&
		test_cmp a b &&
		coinline play -r "$(cat row)" -s 2 -e $engine <script >c 2>&1 &&
		! test_cmp a c || return 1
	done
'

test_expect_success 'the random rows are those of coinline gen with the same options and seed, game after game' '
	coinline gen -n 7 -g 3 -s 42 --min=-3 --max=30 | sed -n "2p;4p;6p" >expect &&
	write_lines new new quit | coinline play -n 7 -s 42 --min=-3 --max=30 >out &&
	sed -n "s/^your move: \\(.*\\)  (l: .*/\\1/p" out >rows &&
	test_cmp expect rows &&
	coinline gen -n 10 -g 1 -s 9 --min=1 --max=20 | sed -n 2p >expect &&
	echo quit | coinline play -s 9 >out &&
	sed -n "s/^your move: \\(.*\\)  (l: .*/\\1/p" out >rows &&
	test_cmp expect rows
'

test_expect_success 'the seed from the clock is shown, and replays the game; it is shown only when it matters' '
	echo "l l r l r quit" >script &&
	coinline play -n 12 -e fallible:0.5 <script >a 2>&1 &&
	sed -n "1s/^game 1: 12 coins; you move first, fallible:0.5 second; seed \\([0-9][0-9]*\\)\$/\\1/p" a >seed &&
	test_line_count = 1 seed &&
	coinline play -n 12 -e fallible:0.5 -s "$(cat seed)" <script >b 2>&1 &&
	test_cmp a b &&
	coinline play -r "1 2 3" -e random <script >a 2>&1 &&
	test_grep "^game 1: 3 coins; you move first, random second; seed [0-9][0-9]*\$" a &&
	coinline play -r "1 2 3" -e greedy -s 4 <script >a 2>&1 &&
	test_grep "^game 1: 3 coins; you move first, greedy second\$" a &&
	coinline play -r "1 2 3" -2 -s 4 <script >a 2>&1 &&
	test_grep "^game 1: 3 coins; player 1 moves first, player 2 second\$" a
'

test_expect_success 'a bot program as the engine (exec:): it replies as its built-in twin; undo is refused' '
	bot="exec:sh $REPO_ROOT/examples/bots/greedy.sh" &&
	for i in 1 2 3; do
		coinline gen -n 12 -g 1 -s $i --min=1 --max=9 | sed -n 2p >row &&
		random_script $i 8 1 | sed -e "s/undo//g" >script &&
		coinline play -e greedy -r "$(cat row)" --json <script >a.json 2>/dev/null &&
		coinline play -e "$bot" -r "$(cat row)" --json <script >b.json 2>/dev/null &&
		json_field moves <a.json >a &&
		json_field moves <b.json >b &&
		test_cmp a b || return 1
	done &&
	write_lines l undo l >script &&
	coinline play -e "$bot" -r "1 2 3 4" <script >out 2>err &&
	test_grep "^undo: not against a bot program, which cannot take moves back\$" out
'

# The bot exits at once: it forfeits when asked for its first move. The
# verdict (bot.c says why) must be the same in the transcript, the
# summary, the JSON and the record; the other seat wins.
test_expect_success 'a bot that forfeits: the game is over, the other seat wins, said everywhere; undo is refused' '
	write_lines l undo r >script &&
	coinline play -e exec:false -r "1 2 3 4" --json -w games.rec <script >json 2>out &&
	sed -n "s/^exec:false forfeits: //p" out >verdict &&
	test_line_count = 1 verdict &&
	verdict=$(cat verdict) &&
	test -n "$verdict" &&
	test_grep -F "game 1: you 1, exec:false 0: you win, exec:false forfeits at move 2 ($verdict)." out &&
	test_grep "^undo: the game ended with a forfeit\$" out &&
	test_grep "^the game is over: new or quit\$" out &&
	test_grep -F "\"moves\":\"L\",\"finished\":true,\"p1\":1,\"p2\":0,\"margin\":1,\"winner\":\"first\"," json &&
	test_grep -F ",\"forfeit\":{\"player\":2,\"verdict\":\"$verdict\"}}" json &&
	tail -n 1 games.rec >last &&
	echo "forfeit 2 $verdict" >expect &&
	test_cmp expect last &&
	coinline play -e exec:false --first=engine -r "1 2 3 4" --json </dev/null >json 2>out &&
	test_grep -F "game 1: exec:false 0, you 0: you win, exec:false forfeits at move 1 ($verdict)." out &&
	test_grep -F "\"winner\":\"second\"" json
'

# ---------------------------------------------------------------------------
# Undo

test_expect_success 'undo takes back your move and the reply: the same position, your move again' '
	write_lines l undo r >script &&
	coinline play -r "1 3 5 2 9" <script >out 2>&1;
	test $? = 1 &&
	cat >expect <<-\EOF &&
	game 1: 5 coins; you move first, optimal second
	your move: 1 3 5 2 9  (l: 1, r: 9)
	move 1: you take 1 (left); you 1, optimal 0
	move 2: optimal takes 9 (right); you 1, optimal 9
	your move: 3 5 2  (l: 3, r: 2)
	undo: 2 moves taken back
	your move: 1 3 5 2 9  (l: 1, r: 9)
	move 1: you take 9 (right); you 9, optimal 0
	move 2: optimal takes 1 (left); you 9, optimal 1
	your move: 3 5 2  (l: 3, r: 2)
	EOF
	head -n 10 out >head &&
	test_cmp expect head
'

test_expect_success 'undo at the start, or after the engine'"'"'s first move only: nothing to undo' '
	write_lines undo l l l >script &&
	coinline play -r "1 3 5 2 9" <script >out 2>err &&
	sed -n 3p out >line &&
	echo "undo: nothing to undo" >expect &&
	test_cmp expect line &&
	test_grep "^game 1: you 6, optimal 14: optimal wins by 8\\.\$" out &&
	write_lines u l >script &&
	coinline play -r "3 5 2" --first=engine <script >out 2>err &&
	sed -n 4p out >line &&
	test_cmp expect line &&
	test_grep "^game 1: optimal 5, you 5: a draw\\.\$" out
'

test_expect_success 'two players: each undo takes back one move, down to the start' '
	write_lines l r undo undo undo r l r >script &&
	coinline play -2 -r "4 -2 7" --json <script >json 2>out &&
	grep "^undo: " out >undos &&
	write_lines "undo: 1 move taken back" "undo: 1 move taken back" "undo: nothing to undo" >expect &&
	test_cmp expect undos &&
	echo RLR >expect &&
	json_field moves <json >moves &&
	test_cmp expect moves
'

# 1 3 5 2 9 (odd n): you make the last move; undo after the end takes it
# back alone and the game goes on. 1 2 (even): the engine makes the last
# move; undo takes back yours and it.
test_expect_success 'undo after the end reopens the game; it is written out again when it ends again' '
	write_lines r r r undo l >script &&
	coinline play -r "1 3 5 2 9" --json <script >json 2>out &&
	write_lines RLRRR RLRRL >expect &&
	json_field moves <json >moves &&
	test_cmp expect moves &&
	sed -n "/^optimal: every move optimal\$/,\$p" out >after &&
	cat >expect <<-\EOF &&
	optimal: every move optimal
	undo: 1 move taken back
	your move: 3  (l: 3, r: 3)
	move 5: you take 3 (left); you 14, optimal 6
	game 1: you 14, optimal 6: you win by 8.
	with best play from the start: you 14, optimal 6
	you: every move optimal
	optimal: every move optimal
	EOF
	test_cmp expect after &&
	test_line_count = 2 json &&
	write_lines l undo r >script &&
	coinline play -r "1 2" <script >out 2>&1 &&
	test_grep "^undo: 2 moves taken back\$" out &&
	test_grep "^game 1: you 2, optimal 1: you win by 1\\.\$" out
'

# ---------------------------------------------------------------------------
# New games, --save, --json

test_expect_success 'new: the next game of the FILE, after the last the first again; games are numbered' '
	printf "# three games\n2\n1 2\n3\n4 5 6\n1 7\n" >rows.txt &&
	write_lines l new r new l new r new quit >script &&
	coinline play rows.txt <script >out 2>err &&
	test_must_be_empty err &&
	grep "^game [0-9]*: [0-9]* coins*" out >announced &&
	cat >expect <<-\EOF &&
	game 1: 2 coins (rows.txt, game 1); you move first, optimal second
	game 2: 3 coins (rows.txt, game 2); you move first, optimal second
	game 3: 1 coin (rows.txt, game 3); you move first, optimal second
	game 4: 2 coins (rows.txt, game 1); you move first, optimal second
	game 5: 3 coins (rows.txt, game 2); you move first, optimal second
	EOF
	test_cmp expect announced &&
	sed -n "s/^your move: \\(.*\\)  (l: .*/\\1/p" out >rows &&
	write_lines "1 2" "4 5 6" "4" "7" "1 2" "4 5 6" >expect &&
	test_cmp expect rows
'

test_expect_success 'new: the same --row again; a new random row; a game left unfinished gets its summary' '
	write_lines r new l new quit >script &&
	coinline play -r "1 3 5 2 9" <script >out 2>err &&
	grep "^game [0-9]*: 5 coins; you move first, optimal second\$" out >announced &&
	test_line_count = 3 announced &&
	test_grep "^game 1, stopped after move 2 of 5: you 9, optimal 1 so far\\.\$" out &&
	test_grep "^game 2, stopped after move 2 of 5: you 1, optimal 9 so far\\.\$" out &&
	test_grep "^game 3, stopped after move 0 of 5: you 0, optimal 0 so far\\.\$" out &&
	write_lines new new quit >script &&
	coinline play -s 3 -n 4 <script >out 2>err &&
	sed -n "s/^\\(game [0-9]*: 4 coins; you move first, optimal second; seed 3\\)\$/\\1/p" out >announced &&
	test_line_count = 3 announced
'

# check_record RECORD: RECORD is in the format of docs/record.md as play
# writes it: the header, then per game the keys game, p1, p2, row, moves
# and totals in that order; the totals are recomputed from the row and
# the moves. Prints "game N MOVES" per game.
check_record() {
	awk '
	NR == 1 { if ($0 != "coinline-record 1") { print "line 1: " $0; bad = 1 }; next }
	NR == 2 { if ($0 !~ /^# coinline [0-9.]+ play$/) { print "line 2: " $0; bad = 1 }; next }
	{ key = $1; rest = substr($0, length(key) + 2) }
	key != order[k % 6] { print "line " NR ": " key ", expected " order[k % 6]; bad = 1 }
	{ k++ }
	key == "game" { game = rest }
	key == "row" { n = split(rest, a, " ") }
	key == "moves" {
		ms = rest; lo = 1; hi = n; t[0] = t[1] = 0
		if (length(ms) > n || ms !~ /^[LR]*$/) { print "line " NR ": moves " ms; bad = 1 }
		for (i = 1; i <= length(ms); i++)
			t[(i - 1) % 2] += substr(ms, i, 1) == "L" ? a[lo++] : a[hi--]
	}
	key == "totals" {
		if (rest != t[0] " " t[1]) { print "game " game ": totals " rest ", recomputed " t[0] " " t[1]; bad = 1 }
		print "game " game " " ms
	}
	BEGIN { split("game p1 p2 row moves totals", o, " "); for (i = 0; i < 6; i++) order[i] = o[i + 1] }
	END { if (k % 6 != 0) { print "a game is cut short"; bad = 1 }; exit bad }' "$1"
}

test_expect_success '--save writes every game, finished or not, in the record format; --json one object per game' '
	printf "2\n1 2\n5\n-3 8 0 4 -1\n" >rows.txt &&
	write_lines l new r r new undo r hint r r new l >script &&
	coinline play rows.txt --save games.rec --json <script >json 2>out;
	test $? = 1 &&
	check_record games.rec >games &&
	json_field moves <json >moves &&
	cat >expect <<-\EOF &&
	game 1 LL
	game 2 RRRR
	game 3 RL
	game 4 LL
	EOF
	test_cmp expect games &&
	sed "s/^game [0-9]* //" expect >expect.moves &&
	test_cmp expect.moves moves &&
	grep "^p[12] " games.rec | sort | uniq -c | sed "s/^ *//" >names &&
	write_lines "4 p1 you" "4 p2 optimal" >expect &&
	test_cmp expect names &&
	test_line_count = 4 json &&
	grep -c "^{\"game\":[1-4],\"n\":[25],\"players\":\\[\"you\",\"optimal\"\\]" json >count &&
	echo 4 >expect &&
	test_cmp expect count &&
	test_grep ! "^{" out &&
	test_grep "^game 4, stopped after move 2 of 5: you -3, optimal 8 so far\\.\$" out
'

test_expect_success '--save with two players and the engine first: the seats are named' '
	echo "l l l" | coinline play -2 -r "5 1 2" -w two.rec &&
	check_record two.rec >/dev/null &&
	sed -n "/^p[12] /p" two.rec >names &&
	write_lines "p1 player 1" "p2 player 2" >expect &&
	test_cmp expect names &&
	echo "l" | coinline play --first=engine -r "5 1 2" -w eng.rec &&
	check_record eng.rec >games &&
	echo "game 1 LLL" >expect &&
	test_cmp expect games &&
	sed -n "/^p[12] /p" eng.rec >names &&
	write_lines "p1 optimal" "p2 you" >expect &&
	test_cmp expect names
'

test_expect_success 'coins near the int64 limits: totals past 64 bits in the summary, the JSON and the record' '
	max=9223372036854775807 &&
	echo "l l l" | coinline play -2 -r "$max $max $max" --json -w big.rec >json 2>out &&
	test_grep "^game 1: player 1 18446744073709551614, player 2 9223372036854775807: player 1 wins by 9223372036854775807\\.\$" out &&
	test_grep "\"p1\":18446744073709551614,\"p2\":9223372036854775807," json &&
	test_grep "^totals 18446744073709551614 9223372036854775807\$" big.rec &&
	min=-9223372036854775808 &&
	echo "l l l" | coinline play -2 -r "$min,$min,$min" >out &&
	test_grep "^game 1: player 1 -18446744073709551616, player 2 -9223372036854775808: player 2 wins by 9223372036854775808\\.\$" out
'

# ---------------------------------------------------------------------------
# Errors

test_expect_success 'an unknown command is reported with its line and column; the game goes on; exit 1' '
	printf "l\n  l xyz r\nfoo\nl\n" >script &&
	coinline play -r "1 3 5 2 9" --json -w games.rec <script >json 2>err;
	test $? = 1 &&
	grep "^coinline play: " err >messages &&
	cat >expect <<-\EOF &&
	coinline play: <stdin>:2:5: unknown command '"'"'xyz'"'"' (l, r, hint, undo, new, quit, help)
	coinline play: <stdin>:3:1: unknown command '"'"'foo'"'"' (l, r, hint, undo, new, quit, help)
	EOF
	test_cmp expect messages &&
	json_field moves <json >moves &&
	echo LRLLR >expect &&
	test_cmp expect moves &&
	json_field finished <json >finished &&
	echo true >expect &&
	test_cmp expect finished &&
	check_record games.rec
'

test_expect_success 'the input ends during a game: said, the summary printed, the game saved unfinished, exit 1' '
	echo "r" | coinline play -r "1 3 5 2 9" -w games.rec >out 2>err;
	test $? = 1 &&
	echo "coinline play: <stdin>: the input ended during game 1, after move 2 of 5" >expect &&
	test_cmp expect err &&
	tail -n 4 out >summary &&
	cat >expect <<-\EOF &&
	game 1, stopped after move 2 of 5: you 9, optimal 1 so far.
	with best play from the start: you 14, optimal 6
	you: every move optimal
	optimal: every move optimal
	EOF
	test_cmp expect summary &&
	check_record games.rec >games &&
	echo "game 1 RL" >expect &&
	test_cmp expect games
'

test_expect_success 'usage errors exit 2 with the usage line: levels, --first, two rows, --min > --max, -, options' '
	for args in "--level=expert" "-d Easy" "--first=him" "-r 1 -n 3" "-r 1 rows.txt" "-n 3 rows.txt" \
		"-r 1 -r 2" "--min=5 --max=4" "-" "--random=-1" "--random=x" "--engine=smart" \
		"-e exec:" "--bogus" "a.txt b.txt" "--seed=x" "--move-time=0" "-j=1"; do
		test_expect_code 2 coinline play $args </dev/null >out 2>err &&
		test_must_be_empty out &&
		test_grep "^coinline play: " err &&
		test_grep "^usage: coinline play \\[options\\] \\[FILE\\]\$" err &&
		test_grep "^Try '"'"'coinline play --help'"'"'\\.\$" err || return 1
	done
'

test_expect_success 'usage errors: the messages' '
	test_expect_code 2 coinline play --level=expert 2>err &&
	test_grep "^coinline play: --level: unknown level '"'"'expert'"'"' (easy, medium, hard or perfect)\$" err &&
	test_expect_code 2 coinline play --first=him 2>err &&
	test_grep "^coinline play: --first: '"'"'me'"'"' or '"'"'engine'"'"', not '"'"'him'"'"'\$" err &&
	test_expect_code 2 coinline play -r 1 -n 3 2>err &&
	test_grep "^coinline play: give one row: --row, --coins or a FILE\$" err &&
	test_expect_code 2 coinline play --min=5 --max=4 2>err &&
	test_grep "^coinline play: --min (5) is larger than --max (4)\$" err &&
	test_expect_code 2 coinline play - 2>err &&
	test_grep "^coinline play: the row cannot come from standard input, which carries the moves: name a file\$" err
'

test_expect_success 'a bad --row is bad input, refused before anything is played, with where' '
	test_expect_code 1 coinline play -r "1 3 x 9" </dev/null >out 2>err &&
	test_must_be_empty out &&
	test_grep "^coinline play: --row:1:5: expected an integer, found '"'"'x'"'"' (coins are integers separated by spaces or commas)\$" err &&
	test_expect_code 1 coinline play -r "1,2," </dev/null 2>err &&
	test_grep "^coinline play: --row:1:5: expected an integer after '"'"','"'"', found the end of the row\$" err &&
	test_expect_code 1 coinline play -r "4 9223372036854775808" </dev/null 2>err &&
	test_grep "^coinline play: --row:1:3: value out of the 64-bit range: '"'"'9223372036854775808'"'"'\$" err
'

test_expect_success 'a FILE that cannot be opened, a --save that cannot be written: exit 1, nothing played' '
	test_expect_code 1 coinline play nofile.txt </dev/null >out 2>err &&
	echo "coinline play: nofile.txt: cannot open: No such file or directory" >expect &&
	test_cmp expect err &&
	test_must_be_empty out &&
	test_expect_code 1 coinline play -r "1 2" --save no/such/dir.rec </dev/null >out 2>err &&
	echo "coinline play: no/such/dir.rec: cannot write: No such file or directory" >expect &&
	test_cmp expect err &&
	test_must_be_empty out &&
	mkdir dir &&
	test_expect_code 1 coinline play -r "1 2" --save dir </dev/null >out 2>err &&
	echo "coinline play: dir: cannot write: Is a directory" >expect &&
	test_cmp expect err &&
	test_expect_code 1 coinline play nofile.txt --save games.rec </dev/null 2>err &&
	! test -e games.rec
'

test_expect_success DEV_FULL 'a record or a transcript that cannot be written: said, exit 1' '
	echo l | test_expect_code 1 coinline play -r "1 2" --save /dev/full >out 2>err &&
	echo "coinline play: /dev/full: cannot write: No space left on device" >expect &&
	test_cmp expect err &&
	test_grep "^game 1: you 1, optimal 2: optimal wins by 1\\.\$" out &&
	echo l | test_expect_code 1 coinline play -r "1 2" >/dev/full 2>err &&
	echo "coinline play: cannot write the output: No space left on device" >expect &&
	test_cmp expect err
'

test_expect_success 'a FILE with a bad game: file:line:column; the games before it are played and kept' '
	printf "1 5\n2\n1 x\n" >bad.txt &&
	write_lines l new l >script &&
	test_expect_code 1 coinline play bad.txt --json -w games.rec <script >json 2>err &&
	echo "coinline play: bad.txt:3:3: expected coin 2 of 2 in game 2 (an integer), found '"'"'x'"'"'" >expect &&
	grep "^coinline play: " err >messages &&
	test_cmp expect messages &&
	json_field moves <json >moves &&
	echo L >expect &&
	test_cmp expect moves &&
	check_record games.rec >games &&
	echo "game 1 L" >expect &&
	test_cmp expect games &&
	printf "2\n7 x\n" >bad1.txt &&
	test_expect_code 1 coinline play bad1.txt </dev/null >out 2>err &&
	test_must_be_empty out &&
	test_grep "^coinline play: bad1.txt:2:3: " err &&
	printf "# no game\n" >empty.txt &&
	test_expect_code 1 coinline play empty.txt </dev/null 2>err &&
	echo "coinline play: empty.txt: no game in the file" >expect &&
	test_cmp expect err
'

test_expect_success 'the game over: moves and hints are refused with what can be done' '
	write_lines l l l hint r >script &&
	coinline play -r "1 3 5 2 9" <script >out 2>err &&
	grep "^the game is over" out >refused &&
	write_lines "the game is over: new, undo or quit" "the game is over: new, undo or quit" >expect &&
	test_cmp expect refused
'

# A program playing through pipes reads a prompt, then answers it: each
# prompt must reach the pipe before the tool waits for the next command
# (else both wait for ever; the timeout then fails the test).
test_expect_success TIMEOUT 'through pipes, each prompt is written before the next command is read' '
	mkfifo in out &&
	timeout 20 sh -c "
		\"\$1\" play -r \"1 3 5 2 9\" <in >out 2>err &
		exec 3>in 4<out
		while read -r line <&4; do
			echo \"\$line\" >>seen
			case \$line in \"your move: \"*) break ;; esac
		done
		echo r >&3
		while read -r line <&4; do
			echo \"\$line\" >>seen
			case \$line in \"your move: \"*) break ;; esac
		done
		echo quit >&3
		exec 3>&-
		cat <&4 >>seen
		wait \$!
	" sh "$COINLINE" &&
	cat >expect <<-\EOF &&
	game 1: 5 coins; you move first, optimal second
	your move: 1 3 5 2 9  (l: 1, r: 9)
	move 1: you take 9 (right); you 9, optimal 0
	move 2: optimal takes 1 (left); you 9, optimal 1
	your move: 3 5 2  (l: 3, r: 2)
	game 1, stopped after move 2 of 5: you 9, optimal 1 so far.
	with best play from the start: you 14, optimal 6
	you: every move optimal
	optimal: every move optimal
	EOF
	test_cmp expect seen
'

# The tool waits for a command on a pipe kept open; kill -TERM must end
# the session as quit does (summary, JSON, record), then kill the tool.
test_expect_success TIMEOUT 'kill -TERM while waiting for a command: the game is summed up, in the JSON and saved; then the signal kills' '
	mkfifo in &&
	timeout 20 sh -c "
		\"\$1\" play -r \"1 3 5 2 9\" --json -w games.rec <in >json 2>out &
		pid=\$!
		exec 3>in
		echo r >&3
		until test \"\$(grep -c \"^your move: \" out)\" = 2; do sleep 0.05; done
		kill -TERM \$pid
		wait \$pid
		echo \$? >status
	" sh "$COINLINE" &&
	echo 143 >expect &&
	test_cmp expect status &&
	tail -n 4 out >summary &&
	cat >expect <<-\EOF &&
	game 1, stopped after move 2 of 5: you 9, optimal 1 so far.
	with best play from the start: you 14, optimal 6
	you: every move optimal
	optimal: every move optimal
	EOF
	test_cmp expect summary &&
	test_grep ! "input ended" out &&
	test_grep "\"moves\":\"RL\",\"finished\":false," json &&
	check_record games.rec >games &&
	echo "game 1 RL" >expect &&
	test_cmp expect games
'

test_expect_success 'help: coinline play --help and coinline help play print the help, exit 0' '
	coinline play --help >out &&
	test_grep "^usage: coinline play \\[options\\] \\[FILE\\]\$" out &&
	test_grep "^  -d, --level=LEVEL" out &&
	coinline help play >out2 &&
	test_cmp out out2
'

test_done
