# SPDX-License-Identifier: MIT
# tests/cli/lib-tty.sh - coinline play full-screen driven in tmux, for the
# tests that drive it (t0011, t0063). Source it after lib.sh:
#
#     . "$(dirname "$0")/lib.sh"
#     . "$TEST_DIRECTORY/lib-tty.sh"
#
# It skips the whole script when tmux is missing or cannot make a session,
# starts a private server, and gives start_pane, type_line, keys,
# wait_for, screen_line, alternate, restored and after_game: keys are sent
# with send-keys and the screen is read with capture-pane, waiting (with a
# deadline) for what must appear.

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
