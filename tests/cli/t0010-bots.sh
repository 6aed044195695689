#!/bin/sh
# SPDX-License-Identifier: MIT
# coinline duel with bots (exec:COMMAND, docs/protocol.md): the example
# bots of examples/bots/ play exactly as the built-in strategies they
# copy; the session of the protocol's example; bots that hang, crash,
# exit, write garbage, make illegal moves, do not read their input or
# cannot be started forfeit with the right verdict while the match goes
# on; game records of forfeits; no zombies, descriptor leaks or leftover
# processes.
. "$(dirname "$0")/lib.sh"

# The interpreter itself, not a wrapper (pyenv's shim takes 0.1 s a run);
# -S below skips the site module: the bot needs only sys.
PYTHON=$(python3 -c "import sys; print(sys.executable)" 2>/dev/null) &&
	test -x "$PYTHON" && test_set_prereq PYTHON3
test -d /proc/self/fd && test_set_prereq PROC

BOTS=$REPO_ROOT/examples/bots

# table_body FILE: the table's strategy rows without the names (a name
# with spaces is several fields).
table_body() {
	sed 1,2d "$1" | awk '{ print $(NF - 6), $(NF - 5), $(NF - 4), $(NF - 3), $(NF - 2), $(NF - 1), $NF }'
}

# same_table P1 P2 BOT1 BOT2 ROWS: duel P1 against P2 and BOT1 against
# BOT2 on the rows file: the same counts, margins and losses.
same_table() {
	coinline duel --p1 "$1" --p2 "$2" -s 7 "$5" >expect.full &&
	coinline duel --p1 "$3" --p2 "$4" -s 7 "$5" >out.full 2>err &&
	test_must_be_empty err &&
	sed -n 1p expect.full >expect &&
	table_body expect.full >>expect &&
	sed -n 1p out.full >out &&
	table_body out.full >>out &&
	test_cmp expect out
}

# A misbehaving bot: greedy, except in the games of rows whose first coin
# is 666, where at its first move it does what its first argument says.
# It notes its pid and its parent's in pids.
cat >"$TRASH_ROOT/bad.sh" <<'EOF'
mode=$1
echo $$ $PPID >>pids
while read -r word a b c rest; do
	case $word in
	game) first=$c ;;
	go)
		if test "$first" = 666; then
			first=
			case $mode in
			hang) sleep 30 ;;
			silent) cat >/dev/null ;;
			crash) kill -SEGV $$ ;;
			exit) exit 3 ;;
			early) echo L; exit 0 ;;
			close) exec >&-; sleep 30 ;;
			garbage) echo "take the left one" ;;
			control) printf 'L\tR\001\n' ;;
			empty) echo ;;
			long) printf '%0101d\n' 0 ;;
			middle) echo 3 ;;
			zero) echo 0 ;;
			huge) echo 99999999999999999999999999 ;;
			esac
		fi
		if test "$b" -ge "$c"; then echo L; else echo R; fi
		;;
	end) exit 0 ;;
	esac
done
EOF

# The rows of the misbehaving tests: 4 rows from gen, then 666 1 2 3 4 5
# (row 5: games 9 and 10), then 2 more. Optimal, in seat 1, takes 666.
write_rows() {
	coinline gen -n 7 -g 4 -s 11 >before.txt &&
	coinline gen -n 8 -g 2 -s 12 >after.txt &&
	printf "6\n666 1 2 3 4 5\n" >bad.txt &&
	cat before.txt bad.txt after.txt >rows.txt &&
	cat before.txt after.txt >good.txt
}

# expect_forfeits SPEC: expect holds the table of optimal against SPEC
# when SPEC plays greedy on good.txt and forfeits both games of the row
# 666: two more games, two more wins for optimal, two more losses and
# forfeits for SPEC, the same margins and losses; the first column as
# wide as SPEC.
expect_forfeits() {
	coinline duel --p1 optimal --p2 greedy good.txt >good.out &&
	awk -v bot="$1" '
	BEGIN { w = length(bot) > 16 ? length(bot) : 16 }
	NR == 1 { print $1 + 1 " rows, each played twice: " $6 + 2 " games" }
	NR == 2 { printf "%-*s %7s %7s %7s %8s %12s %12s %10s\n", w, $1, $2, $3, $4, $5, $6, $7, $8 }
	NR == 3 { printf "%-*s %7d %7d %7d %8d %12s %12s %10s\n", w, $1, $2 + 2, $3, $4, $5, $6, $7, $8 }
	NR == 4 { printf "%-*s %7d %7d %7d %8d %12s %12s %10s\n", w, bot, $2, $3, $4 + 2, $5 + 2, $6, $7, $8 }
	' good.out >expect
}

# run_bad MODE VERDICT1 VERDICT2 [DUEL OPTIONS]: the bad bot in MODE,
# run by "$run ./bad.sh MODE" ($run: "sh" when unset), against optimal
# on write_rows's rows: the table of expect_forfeits, and on stderr one
# line for each game of row 5 with the verdicts (bot in seat 2, then in
# seat 1).
run_bad() {
	mode=$1 v1=$2 v2=$3 &&
	shift 3 &&
	bot="${run:-sh} ./bad.sh $mode" &&
	cp "$TRASH_ROOT/bad.sh" . &&
	write_rows &&
	coinline duel --p2 "exec:$bot" "$@" rows.txt >out 2>err &&
	expect_forfeits "exec:$bot" &&
	test_cmp expect out &&
	write_lines \
		"coinline duel: game 9 (row 5, --p1 moved first): --p2 (exec:$bot) forfeits: $v1" \
		"coinline duel: game 10 (row 5, --p2 moved first): --p2 (exec:$bot) forfeits: $v2" \
		>expect.err &&
	grep "^coinline" err >got.err &&
	test_cmp expect.err got.err
}

test_expect_success 'examples/bots/greedy.sh plays exactly as the built-in greedy' '
	cp "$BOTS/greedy.sh" . &&
	coinline gen -n 12 -g 40 --min=-20 --max=20 -s 1 >rows.txt &&
	coinline gen -n 7 -g 20 --min=-9223372036854775808 --max=9223372036854775807 -s 2 >>rows.txt &&
	printf "0\n\n1\n5\n2\n4 4\n" >>rows.txt &&
	same_table optimal greedy optimal "exec:./greedy.sh" rows.txt &&
	same_table greedy parity "exec:./greedy.sh" parity rows.txt &&
	same_table random greedy random "exec:sh greedy.sh" rows.txt &&
	same_table greedy greedy "exec:./greedy.sh" "exec:./greedy.sh" rows.txt
'

# Hand check, as in t0008: optimal first wins by 10, greedy first by 8;
# greedy gives away 1 point in one game.
test_expect_success 'greedy.sh against optimal on 1 3 5 2 9: the exact table' '
	printf "5\n1 3 5 2 9\n" >row.txt &&
	coinline duel --p2 "exec:sh $BOTS/greedy.sh" row.txt >out 2>err &&
	test_must_be_empty err &&
	sed 1,2d out | awk "{ print \$(NF - 6), \$(NF - 5), \$(NF - 4), \$(NF - 3), \$(NF - 2), \$(NF - 1), \$NF }" >got &&
	write_lines "1 0 1 0 1.00 -8 0.00" "1 0 1 0 -1.00 -10 0.50" >expect &&
	test_cmp expect got
'

# build_optimal: examples/bots/optimal.c into ./optimal, on the library
# (the static one of the build under test), as its comment says.
build_optimal() {
	${CC:-cc} ${TEST_CFLAGS-} -std=c11 -Wall -Wextra -Wpedantic -Werror \
		-I"$REPO_ROOT/include" -o optimal "$BOTS/optimal.c" "$BUILD_DIR/libcoinline.a"
}

test_expect_success CC 'examples/bots/optimal.c (answering with positions) plays exactly as the built-in optimal' '
	build_optimal &&
	coinline gen -n 15 -g 30 --min=-50 --max=50 -s 3 >rows.txt &&
	coinline gen -n 6 -g 20 --min=-9223372036854775808 --max=9223372036854775807 -s 4 >>rows.txt &&
	coinline gen -n 8 -g 20 --min=0 --max=1 -s 5 >>rows.txt &&
	printf "0\n\n1\n-5\n" >>rows.txt &&
	same_table optimal greedy "exec:./optimal" greedy rows.txt &&
	same_table parity optimal parity "exec:./optimal" rows.txt &&
	same_table fallible:0.5 optimal fallible:0.5 "exec:./optimal" rows.txt &&
	same_table optimal optimal "exec:./optimal" "exec:./optimal" rows.txt
'

test_expect_success CC 'two bots against each other: optimal.c against greedy.sh is optimal against greedy' '
	build_optimal &&
	cp "$BOTS/greedy.sh" . &&
	coinline gen -n 11 -g 25 --min=-30 --max=30 -s 6 >rows.txt &&
	same_table optimal greedy "exec:./optimal" "exec:./greedy.sh" rows.txt
'

test_expect_success CC 'optimal.c refuses a row of more than 3000 coins: it exits, a forfeit' '
	build_optimal &&
	coinline duel --p1 "exec:./optimal" -g 1 -n 3001 >out 2>err &&
	test_grep "^optimal.c: rows of more than 3000 coins" err &&
	test_grep "^coinline duel: game 1 (row 1, --p1 moved first): --p1 (exec:./optimal) forfeits: exited (status 1) before the game ended$" err &&
	sed -n 3p out | awk "{ print \$2, \$3, \$4, \$5 }" >got &&
	echo "0 0 2 2" >expect &&
	test_cmp expect got
'

test_expect_success PYTHON3 'examples/bots/parity.py plays exactly as the built-in parity' '
	coinline gen -n 10 -g 15 --min=-9 --max=9 -s 8 >rows.txt &&
	coinline gen -n 5 -g 6 -s 9 >>rows.txt &&
	same_table parity optimal "exec:$PYTHON -S $BOTS/parity.py" optimal rows.txt &&
	same_table greedy parity greedy "exec:$PYTHON -S $BOTS/parity.py" rows.txt
'

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

test_expect_success 'the example session of docs/protocol.md, line for line' '
	printf "5\n1 3 5 2 9\n" >row.txt &&
	write_lines L 3 >replies.txt &&
	coinline duel --p2 "exec:sh $TRASH_ROOT/scripted.sh replies.txt" row.txt >out 2>err &&
	sed "/^> end/q" session.txt >got &&
	sed -n "/^> game 2 5/,/^> end/p" "$REPO_ROOT/docs/protocol.md" >expect &&
	test_line_count = 8 expect &&
	test_cmp expect got
'

test_expect_success 'L and R in either case, blanks and a CR around them, and a 100-byte line are moves' '
	cat >odd.sh <<-\EOF &&
	while read -r word k left right; do
		case $word in
		go) if test "$left" -ge "$right"; then printf " l \r\n"; else printf "%099dR\n" 0 | tr 0 " "; fi ;;
		esac
	done
	EOF
	coinline gen -n 9 -g 20 -s 13 >rows.txt &&
	same_table optimal greedy optimal "exec:sh odd.sh" rows.txt
'

test_expect_success 'end comes early when the other player forfeits; the bot sees the totals so far' '
	printf "5\n1 3 5 2 9\n" >row.txt &&
	printf "exit 5\n" >dies.sh &&
	: >replies.txt &&
	coinline duel --p1 "exec:sh $TRASH_ROOT/scripted.sh replies.txt" --p2 "exec:sh dies.sh" row.txt >out 2>err &&
	write_lines "> game 1 5 1 3 5 2 9" "> go 5 1 9" "< L" "> end 1 0" \
		"> game 2 5 1 3 5 2 9" "> end 0 0" >expect &&
	test_cmp expect session.txt &&
	test_grep "game 2 (row 1, --p2 moved first): --p2 (exec:sh dies.sh) forfeits: exited (status 5) before the game ended" err
'

# 400 ms a move: the well-behaved moves of bad.sh (a shell loop) must not
# time out too on a loaded machine (at 100 ms they did, under a load of 5).
test_expect_success 'a bot that hangs times out; the match goes on' '
	run_bad hang "timed out: no move within 400 ms" "timed out: no move within 400 ms" --move-time=400
'

test_expect_success 'a bot that reads but never answers times out' '
	run_bad silent "timed out: no move within 400 ms" "timed out: no move within 400 ms" --move-time=400
'

test_expect_success '--move-time: a bot that takes 300 ms is in time with 1000 ms, not with 100' '
	printf "read -r line; read -r line; sleep 0.3; echo L; cat >/dev/null\n" >slow.sh &&
	printf "2\n1 2\n" >row.txt &&
	coinline duel --p2 "exec:sh slow.sh" --move-time=1000 row.txt >out 2>err &&
	test_must_be_empty err &&
	coinline duel --p2 "exec:sh slow.sh" --move-time=100 row.txt >out 2>err &&
	test_grep "forfeits: timed out: no move within 100 ms" err &&
	test_line_count = 2 err
'

test_expect_success 'a bot that crashes: the signal is named (from the shell, and direct with exec)' '
	run_bad crash "crashed: killed by SIGSEGV (exit status 139 from the shell)" \
		"crashed: killed by SIGSEGV (exit status 139 from the shell)" &&
	coinline duel --p2 "exec:exec sh ./bad.sh crash" rows.txt >out 2>err &&
	grep "^coinline" err >got.err &&
	write_lines \
		"coinline duel: game 9 (row 5, --p1 moved first): --p2 (exec:exec sh ./bad.sh crash) forfeits: crashed: killed by SIGSEGV (signal 11)" \
		"coinline duel: game 10 (row 5, --p2 moved first): --p2 (exec:exec sh ./bad.sh crash) forfeits: crashed: killed by SIGSEGV (signal 11)" \
		>expect.err &&
	test_cmp expect.err got.err
'

test_expect_success 'a bot that exits before the game ended: its status' '
	run_bad exit "exited (status 3) before the game ended" "exited (status 3) before the game ended"
'

test_expect_success 'a bot that exits after its first move, with status 0, still forfeits' '
	run_bad early "exited (status 0) before the game ended" "exited (status 0) before the game ended"
'

# With "exec", the shell becomes the bot: no other process holds its
# output open.
test_expect_success 'a bot that closes its output and lingers' '
	run="exec sh" &&
	run_bad close "closed its output before the game ended" "closed its output before the game ended" --move-time=400
'

test_expect_success 'garbage: the reply is quoted, control characters escaped' '
	run_bad garbage "garbage: '\''take the left one'\'' is not L, R or a position" \
		"garbage: '\''take the left one'\'' is not L, R or a position" &&
	run_bad control "garbage: '\''L\\x09R\\x01'\'' is not L, R or a position" \
		"garbage: '\''L\\x09R\\x01'\'' is not L, R or a position" &&
	run_bad empty "garbage: '\'''\'' is not L, R or a position" \
		"garbage: '\'''\'' is not L, R or a position"
'

test_expect_success 'garbage: a reply line of 101 bytes is too long, cut short in the verdict' '
	q="'\''0000000000000000000000000000000000000000...'\''" &&
	run_bad long "garbage: a line longer than 100 bytes: $q" "garbage: a line longer than 100 bytes: $q"
'

test_expect_success 'illegal moves: positions that are not an end' '
	run_bad middle "illegal move: position 3 is not an end (the ends are 2 and 6)" \
		"illegal move: position 3 is not an end (the ends are 1 and 6)" &&
	run_bad zero "illegal move: position 0 is not an end (the ends are 2 and 6)" \
		"illegal move: position 0 is not an end (the ends are 1 and 6)" &&
	run_bad huge "illegal move: position 99999999999999999999999999 is not an end (the ends are 2 and 6)" \
		"illegal move: position 99999999999999999999999999 is not an end (the ends are 1 and 6)"
'

test_expect_success 'a bot that never reads its input and gets a 7 MB row times out, not hangs' '
	printf "sleep 30\n" >deaf.sh &&
	coinline gen -n 1000000 -g 1 --min=1000000 --max=9999999 -s 1 >big.txt &&
	test $(wc -c <big.txt) -gt 7000000 &&
	coinline duel --p1 "exec:sh deaf.sh" --move-time=100 big.txt >out 2>err &&
	grep "^coinline" err >got &&
	write_lines \
		"coinline duel: game 1 (row 1, --p1 moved first): --p1 (exec:sh deaf.sh) forfeits: timed out: did not read its input within 100 ms" \
		"coinline duel: game 2 (row 1, --p2 moved first): --p1 (exec:sh deaf.sh) forfeits: timed out: did not read its input within 100 ms" \
		>expect &&
	test_cmp expect got
'

test_expect_success 'a command that cannot be found or run cannot be started; the match goes on' '
	printf "2\n1 2\n3\n1 2 3\n" >rows.txt &&
	coinline duel --p2 "exec:./no-such-bot" rows.txt >out 2>err &&
	test_grep "no-such-bot" err &&
	grep -c "forfeits: could not be started: exit status 127 (command not found)$" err >n &&
	echo 4 >four &&
	test_cmp four n &&
	sed -n 4p out | awk "{ print \$2, \$3, \$4, \$5, \$7 }" >got &&
	echo "0 0 4 4 -" >expect &&
	test_cmp expect got &&
	printf "echo L\n" >not-executable.sh &&
	chmod -x not-executable.sh &&
	coinline duel --p2 "exec:./not-executable.sh" rows.txt >out 2>err &&
	grep -c "forfeits: could not be started: exit status 126 (command not executable)$" err >n &&
	test_cmp four n
'

# Hand check: on 1 2 whoever moves first takes the 2 and wins by 1.
test_expect_success 'the name column is as wide as the longer name' '
	printf "2\n1 2\n" >rows.txt &&
	name="exec:sh $BOTS/greedy.sh" &&
	coinline duel --p2 "$name" rows.txt >out &&
	f="%-${#name}s %7s %7s %7s %8s %12s %12s %10s\n" &&
	{
		echo "1 row, each played twice: 2 games" &&
		printf "$f" strategy wins draws losses forfeits mean_margin worst_margin mean_loss &&
		printf "$f" optimal 1 0 1 0 0.00 -1 0.00 &&
		printf "$f" "$name" 1 0 1 0 0.00 -1 0.00
	} >expect &&
	test_cmp expect out
'

test_expect_success 'forfeits in the JSON: the key, and names quoted as JSON strings' '
	printf "2\n1 2\n" >rows.txt &&
	coinline duel --json --p2 "exec:exit 1 # \"\\" rows.txt >out 2>err &&
	cat >expect <<-\EOF &&
	{"rows":1,"games":2,"results":[{"strategy":"optimal","wins":2,"draws":0,"losses":0,"forfeits":0,"mean_margin":0.00,"worst_margin":null,"mean_loss":0.00},{"strategy":"exec:exit 1 # \"\\","wins":0,"draws":0,"losses":2,"forfeits":2,"mean_margin":0.00,"worst_margin":null,"mean_loss":0.00}]}
	EOF
	test_cmp expect out &&
	test_grep "forfeits: exited (status 1) before the game ended" err
'

test_expect_success '--save: a forfeit is in the record, with the moves played before it' '
	cp "$TRASH_ROOT/bad.sh" . &&
	printf "6\n666 1 2 3 4 5\n" >rows.txt &&
	coinline duel --p2 "exec:sh ./bad.sh middle" --save games.rec rows.txt >out 2>err &&
	sed 1,2d games.rec >got &&
	write_lines "game 1" "p1 optimal" "p2 exec:sh ./bad.sh middle" "row 666 1 2 3 4 5" "moves L" "totals 666 0" \
		"forfeit 2 illegal move: position 3 is not an end (the ends are 2 and 6)" \
		"game 2" "p1 exec:sh ./bad.sh middle" "p2 optimal" "row 666 1 2 3 4 5" "moves" "totals 0 0" \
		"forfeit 1 illegal move: position 3 is not an end (the ends are 1 and 6)" >expect &&
	test_cmp expect got &&
	coinline analyze games.rec >analyzed
'

test_expect_success 'exec: with no command is an unknown strategy (usage error)' '
	for bad in exec: "exec: " "exec:	"; do
		test_expect_code 2 coinline duel --p1 "$bad" >out 2>err &&
		test_must_be_empty out &&
		test_grep "unknown strategy" err || return 1
	done
'

# A bot that plays greedy, exits with status 1 in the games of rows
# starting with an even coin, and in rows starting with a multiple of 10
# notes how many descriptors coinline (its parent, exec replaces the
# shell) has open and how many of its children are zombies.
cat >"$TRASH_ROOT/watch.sh" <<'EOF'
while read -r word a b c rest; do
	case $word in
	game)
		if test $((c % 10)) -eq 0; then
			echo "$(ls /proc/$PPID/fd | wc -l) $(awk -v p=$PPID '$4 == p && $3 == "Z"' /proc/[0-9]*/stat 2>/dev/null | wc -l)" >>watch.log
		fi
		test $((c % 2)) -eq 0 && exit 1
		;;
	go) if test "$b" -ge "$c"; then echo L; else echo R; fi ;;
	end) exit 0 ;;
	esac
done
EOF

test_expect_success PROC 'over 1000 games: no zombie, no descriptor leak, one forfeit per bad game' '
	coinline gen -n 3 -g 500 -s 14 >rows.txt &&
	coinline duel --p2 "exec:exec sh $TRASH_ROOT/watch.sh" rows.txt >out 2>err &&
	awk "NR % 2 == 0 && \$1 % 2 == 0 { n++ } END { print 2 * n }" rows.txt >expect &&
	grep -c "forfeits: exited (status 1) before the game ended$" err >got &&
	test_cmp expect got &&
	test_line_count -gt 50 watch.log &&
	sort -u watch.log >seen &&
	test_line_count = 1 seen &&
	awk "\$2 != 0 { exit 1 }" seen
'

test_expect_success PROC 'no bot process is left once duel returns' '
	cp "$TRASH_ROOT/bad.sh" . &&
	write_rows &&
	printf "sleep 30 &\nsleep 30\n" >deaf.sh &&
	marker=coinline-t0010-$$-leftover &&
	for mode in hang close crash; do
		env COINLINE_T0010_MARKER=$marker "$COINLINE" duel --p2 "exec:sh ./bad.sh $mode" \
			--move-time=100 rows.txt >out 2>err || return 1
	done &&
	env COINLINE_T0010_MARKER=$marker "$COINLINE" duel --p2 "exec:sh deaf.sh" \
		--move-time=100 -g 2 >out 2>err &&
	i=0 &&
	{ grep -l "$marker" /proc/[0-9]*/environ >left 2>/dev/null || :; } &&
	while test -s left && test $i -lt 20; do
		sleep 0.1 &&
		i=$((i + 1)) &&
		{ grep -l "$marker" /proc/[0-9]*/environ >left 2>/dev/null || :; }
	done &&
	test_must_be_empty left &&
	test_line_count -gt 8 pids
'

test_done
