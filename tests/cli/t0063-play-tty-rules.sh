#!/bin/sh
# SPDX-License-Identifier: MIT
# coinline play full-screen under other rules (--score remaining, with
# --circle too), driven in tmux as t0011 drives it: the title names the
# scoring, the totals are the scores, a hint gives the margin, a whole
# game's summary is the line mode's.
. "$(dirname "$0")/lib.sh"

command -v tmux >/dev/null 2>&1 ||
	skip_all "tmux is not installed (CI installs it): the full-screen mode cannot be driven"

# A private server (its socket in the scratch space), no configuration
# file, killed at the end. A session that idles all along keeps it up
# (a server exits with its last session: a new session made just then
# fails).
SOCK=$TRASH_ROOT/tmux.sock
unset TMUX TMUX_PANE
trap 'tmux -S "$SOCK" kill-server >/dev/null 2>&1; lib_cleanup_' EXIT
tmux -S "$SOCK" -f /dev/null new-session -d -s keep -x 40 -y 12 "while :; do sleep 60; done" \
	>"$TRASH_ROOT/tmux.err" 2>&1 ||
	skip_all "tmux cannot make a session here: $(cat "$TRASH_ROOT/tmux.err")"

tm() {
	tmux -S "$SOCK" -f /dev/null "$@"
}

# start_pane COLS ROWS: a session "game" of that size in the current
# directory, running an interactive sh (job control on); an older one is
# killed first. play.sh there runs coinline play with its arguments (its
# process id in ./pid; its standard output to $PLAY_OUT if set) and then
# writes how it ended: "exit=N", the terminal modes (stty.out), and
# "==done==".
start_pane() {
	tm kill-session -t game >/dev/null 2>&1
	cat >play.sh <<-EOF &&
	sh -c 'echo \$\$ >pid; exec "\$0" play "\$@"' "$COINLINE" "\$@" >"\${PLAY_OUT:-/dev/tty}"
	echo "exit=\$?"
	stty -a >stty.out
	echo "==done=="
	EOF
	tm new-session -d -s game -x "$1" -y "$2" -c "$PWD" \
		"PS1='$ ' ENV=/dev/null NO_COLOR= exec sh -i" &&
	wait_for '^\$ *$'
}

# type_line TEXT: types TEXT and Enter at the shell prompt.
type_line() {
	tm send-keys -t game -l "$1" && tm send-keys -t game Enter
}

# keys KEY...: sends tmux key names (Left, Right, l, C-c, ...).
keys() {
	tm send-keys -t game "$@"
}

# wait_for PATTERN [SECONDS]: waits until a line of the screen matches
# the extended regular expression PATTERN (10 s at most); the screen is
# left in ./screen. On time out, shows the screen and fails.
wait_for() {
	lib_end_=$(($(date +%s) + ${2:-10}))
	while :; do
		tm capture-pane -p -J -t game 2>/dev/null | sed "s/ *\$//" >screen
		grep -E -q -- "$1" screen && return 0
		if test "$(date +%s)" -gt "$lib_end_"; then
			echo "wait_for: no line matches '$1' after ${2:-10} s; the screen:"
			sed 's/^/| /' screen
			return 1
		fi
		sleep 0.05
	done
}

# screen_line N: line N of ./screen, trailing blanks removed.
screen_line() {
	sed -n "${1}p" screen | sed 's/ *$//'
}

# alternate: 1 while the alternate screen is on, else 0.
alternate() {
	tm display-message -p -t game '#{alternate_on}'
}

# restored: the game has ended and the terminal is as it was: the normal
# screen, canonical mode and echo on (stty -a in the same pane after it).
restored() {
	wait_for '^==done==$' &&
	test "$(alternate)" = 0 &&
	grep -E -q '(^| )icanon( |$)' stty.out &&
	grep -E -q '(^| )echo( |$)' stty.out &&
	grep -E -q '(^| )isig( |$)' stty.out || {
		echo "the terminal was not restored: alternate screen $(alternate)"
		cat stty.out
		return 1
	}
}

# after_game: what the normal screen shows between the command line and
# the exit status, into ./after.
after_game() {
	awk '/^\$ .*sh play\.sh/ { on = 1; next } /^exit=/ { on = 0 } on' screen |
	sed 's/ *$//' >after
}

test_expect_success 'remaining: the title says so, the scores, a hint of the margin' '
	start_pane 80 24 &&
	type_line "sh play.sh --score remaining -r \"5 3 1 4 2\"" &&
	wait_for "you to move" &&
	screen_line 1 >top &&
	echo " coinline play   game 1   5 coins (a move scores the coins left)" >expect &&
	test_cmp expect top &&
	keys Right &&
	wait_for "last move: optimal took" &&
	test_grep "^ > you (player 1): 13\$" screen &&
	keys h &&
	wait_for "^ hint: " &&
	sed -n "/^ hint: /,/^ *\$/p" screen | sed "s/ *\$//" >hint &&
	cat >expect <<-\EOF &&
	 hint: take either coin (left 3, right 4): with best play from here you end 6
	 ahead

	EOF
	test_cmp expect hint &&
	keys q &&
	restored
'

test_expect_success 'remaining on a circle: a whole game; the summary on the normal screen is the line mode'"'"'s' '
	start_pane 80 24 &&
	type_line "sh play.sh --score remaining -c -r \"5 3 1 4 2\"" &&
	wait_for "you to move" &&
	keys 3 Enter &&
	wait_for "last move: optimal took" &&
	keys l &&
	wait_for "last move: optimal took .* \\(.*\\)" &&
	keys l &&
	wait_for "optimal: " &&
	keys q &&
	restored &&
	after_game &&
	echo "3 l l" | coinline play --score remaining -c -r "5 3 1 4 2" |
		sed -n "/^game 1: you/,\$p" >expect &&
	test_cmp expect after
'

test_done
