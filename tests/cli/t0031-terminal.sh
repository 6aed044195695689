#!/bin/sh
# SPDX-License-Identifier: MIT
# What the tool says on a terminal only. A command about to wait on
# standard input says so once on stderr ("coinline solve: reading coins
# from standard input (Ctrl-D to end)", with the terminal's own
# end-of-file key); never when standard input is not a terminal, nor
# when the command does not read it (a FILE, --row). duel's progress
# line, on a terminal, for a match over a second; not with --quiet, nor
# in a file. The terminal is tmux's, else script(1)'s.
. "$(dirname "$0")/lib.sh"

if command -v tmux >/dev/null 2>&1; then
	TTY_WITH=tmux
elif command -v script >/dev/null 2>&1 &&
	script -q -c "test -t 0" /dev/null </dev/null >/dev/null 2>&1; then
	TTY_WITH=script
else
	skip_all "neither tmux nor script(1) is here: no terminal to test on"
fi

unset TMUX TMUX_PANE
# Every on_tty has a tmux server of its own: a server whose last session
# was killed shuts down while the next new-session may already be talking
# to it ("server exited unexpectedly" under load).
trap 'for s_ in "$TRASH_ROOT"/tmux.*; do test -S "$s_" && tmux -S "$s_" kill-server >/dev/null 2>&1; done; lib_cleanup_' EXIT

# wait_file FILE [OR]: waits (20 s at most) until FILE, or else OR, is a
# file that is not empty; fails on time out.
wait_file() {
	lib_end_=$(($(date +%s) + 20))
	until test -s "$1" || { test -n "$2" && test -s "$2"; }; do
		test "$(date +%s)" -le "$lib_end_" || return 1
		sleep 0.05
	done
}

# on_tty 'COMMANDS' [INPUT]: runs the shell COMMANDS with a terminal as
# standard input, $COINLINE the tool; once the first of them has said
# something on ./err (or the whole has ended), types INPUT (a printf
# format: \r ends a line, \004 is Ctrl-D). Waits for the end: ./status
# holds the exit status of the last command, ./tty.log what the
# terminal was sent.
on_tty() {
	rm -f status err tty.log &&
	printf "%s\n" "$1; echo \$? >status" >run.sh &&
	if test "$TTY_WITH" = tmux; then
		SOCK=$(mktemp -u "$TRASH_ROOT/tmux.XXXXXX") &&
		tmux -S "$SOCK" -f /dev/null new-session -d -s tty -x 100 -y 10 \
			-c "$PWD" "sh run.sh; sleep 30" &&
		tmux -S "$SOCK" pipe-pane -t tty -o "cat >>'$PWD/tty.log'" &&
		wait_file err status &&
		if test -n "$2" && ! test -s status; then
			tmux -S "$SOCK" send-keys -t tty -l "$(printf "$2")"
		fi &&
		wait_file status &&
		tmux -S "$SOCK" kill-server
	else
		{
			wait_file err status
			test -n "$2" && ! test -s status && printf "$2"
			wait_file status
		} | script -q -c "sh run.sh" /dev/null >tty.log &&
		wait_file status
	fi
}

export COINLINE

test_expect_success 'the runner gives a terminal as standard input' '
	on_tty "test -t 0 2>err" &&
	echo 0 >expect &&
	test_cmp expect status
'

test_expect_success 'solve on a terminal says it waits, once, then answers' '
	on_tty "\"\$COINLINE\" solve >out 2>err" "5 1 3 5 2 9\r2 4 1\r\004" &&
	echo 0 >expect &&
	test_cmp expect status &&
	printf "14\n4\n" >expect &&
	test_cmp expect out &&
	echo "coinline solve: reading coins from standard input (Ctrl-D to end)" >expect &&
	test_cmp expect err
'

test_expect_success 'solve - - on a terminal says it once, for both (each read to its Ctrl-D)' '
	on_tty "\"\$COINLINE\" solve - - >out 2>err" "1 7\r\004\004" &&
	echo 7 >expect &&
	test_cmp expect out &&
	test_line_count = 1 err &&
	test_grep "^coinline solve: reading coins from standard input" err
'

test_expect_success 'the end-of-file key named is the terminal'"'"'s own' '
	on_tty "stty eof ^X && \"\$COINLINE\" solve >out 2>err" "1 5\r\030" &&
	echo 5 >expect &&
	test_cmp expect out &&
	echo "coinline solve: reading coins from standard input (Ctrl-X to end)" >expect &&
	test_cmp expect err
'

test_expect_success 'explain, table, duel and analyze say it too (one Ctrl-D ends each)' '
	on_tty "\"\$COINLINE\" explain >out 2>err" "2 1 3\r\004" &&
	echo "coinline explain: reading coins from standard input (Ctrl-D to end)" >expect &&
	test_cmp expect err &&
	test_grep "player 1 ends with 3 and player 2 with 1" out &&
	on_tty "\"\$COINLINE\" table - >out 2>err" "2 1 3\r\004" &&
	echo "coinline table: reading coins from standard input (Ctrl-D to end)" >expect &&
	test_cmp expect err &&
	on_tty "\"\$COINLINE\" duel - >out 2>err" "2 1 3\r\004" &&
	echo "coinline duel: reading coins from standard input (Ctrl-D to end)" >expect &&
	test_cmp expect err &&
	on_tty "\"\$COINLINE\" analyze -m L - >out 2>err" "1 4\r\004" &&
	echo "coinline analyze: reading a game from standard input (Ctrl-D to end)" >expect &&
	test_cmp expect err
'

test_expect_success 'not a word when the command does not read the terminal' '
	echo "1 6" >one.txt &&
	on_tty "\"\$COINLINE\" solve --row \"1 2\" >out 2>err" &&
	echo 2 >expect && test_cmp expect out && test_must_be_empty err &&
	on_tty "\"\$COINLINE\" solve one.txt >out 2>err" &&
	echo 6 >expect && test_cmp expect out && test_must_be_empty err &&
	on_tty "\"\$COINLINE\" explain --row 4 >out 2>err" &&
	test_must_be_empty err &&
	on_tty "\"\$COINLINE\" table one.txt >out 2>err" &&
	test_must_be_empty err &&
	on_tty "\"\$COINLINE\" duel --games 1 >out 2>err" &&
	test_must_be_empty err
'

test_expect_success 'not a word when standard input is not a terminal' '
	echo "1 9" | coinline solve >out 2>err &&
	echo 9 >expect &&
	test_cmp expect out &&
	test_must_be_empty err &&
	echo "1 9" | coinline explain >out 2>err &&
	test_must_be_empty err &&
	coinline solve </dev/null >out 2>err &&
	test_must_be_empty err
'

# slow.sh: a bot (docs/protocol.md) that takes the larger end after
# 0.2 s, so that a short match runs for more than a second.
write_slow_bot() {
	cat >slow.sh <<-\EOF
	while read -r word k left right; do
		case $word in
		go) sleep 0.2; if [ "$left" -ge "$right" ]; then echo L; else echo R; fi ;;
		end) exit 0 ;;
		esac
	done
	EOF
}

test_expect_success 'duel on a terminal shows its progress, then erases it' '
	write_slow_bot &&
	on_tty "\"\$COINLINE\" duel --p2 \"exec:sh slow.sh\" -r \"1 2 3 4\" -r \"4 3 2 1\" -r \"2 9 9 2\" >out" &&
	echo 0 >expect &&
	test_cmp expect status &&
	test_grep "^3 rows, each played twice: 6 games$" out &&
	tr "\r" "\n" <tty.log >lines &&
	grep -E "^coinline duel: [0-3] of 3 rows" lines &&
	test_grep "$(printf "\r\033\\[K")" tty.log
'

test_expect_success 'duel -q and --quiet: no progress line' '
	write_slow_bot &&
	for q in -q --quiet; do
		on_tty "\"\$COINLINE\" duel $q --p2 \"exec:sh slow.sh\" -r \"1 2 3 4\" -r \"4 3 2 1\" -r \"2 9 9 2\" >out" &&
		test_grep "^3 rows, each played twice: 6 games$" out &&
		test_grep ! "coinline duel" tty.log || return 1
	done
'

test_expect_success 'duel writes no progress line to a file' '
	write_slow_bot &&
	coinline duel --p2 "exec:sh slow.sh" -r "1 2 3 4" -r "4 3 2 1" -r "2 9 9 2" >out 2>err &&
	test_grep "^3 rows, each played twice: 6 games$" out &&
	test_must_be_empty err
'

test_done
