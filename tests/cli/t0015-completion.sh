#!/bin/sh
# SPDX-License-Identifier: MIT
# The shell completions of completions/. bash's is sourced and driven as
# bash drives it (COMP_WORDS split at '=' and ':', COMP_CWORD, the word
# readline replaces), and once in a real interactive bash in tmux; every
# command's options are compared with its --help both ways, and the
# values offered (solvers, line forms, strategies, levels) are tried on
# the tool. zsh's and fish's files must parse (zsh -n, fish -n: skipped
# without those shells) and name the same options as --help.
. "$(dirname "$0")/lib.sh"

command -v bash >/dev/null 2>&1 || skip_all "bash is not installed"

COMP=$REPO_ROOT/completions
command -v zsh >/dev/null 2>&1 && test_set_prereq ZSH
command -v fish >/dev/null 2>&1 && test_set_prereq FISH
command -v tmux >/dev/null 2>&1 && test_set_prereq TMUX

# drive.bash LINE...: for each LINE, completes it with the cursor at its
# end as bash would: COMP_LINE and COMP_POINT, COMP_WORDS split at blanks
# and then at '=' and ':' (as COMP_WORDBREAKS does: 'a=b' is 'a' '=' 'b';
# the cursor right after '=' makes '=' the current word), COMP_CWORD,
# and the function called with the command, the word readline replaces
# (the text after the last blank, '=' or ':') and the word before.
# Prints COMPREPLY, one a line, after '== LINE' when given several lines.
cat >"$TRASH_ROOT/drive.bash" <<'EOF'
. "$COMPLETION" || exit 1
drive() {
	local line=$1 rest tok w rl
	COMP_LINE=$line
	COMP_POINT=${#line}
	COMP_WORDS=()
	rest=$line
	while :; do
		rest=${rest#"${rest%%[![:blank:]]*}"}
		test -z "$rest" && break
		tok=${rest%%[[:blank:]]*}
		rest=${rest#"$tok"}
		while test -n "$tok"; do
			if [[ $tok =~ ^([=:]+)(.*)$ ]]; then
				COMP_WORDS+=("${BASH_REMATCH[1]}")
				tok=${BASH_REMATCH[2]}
			else
				w=${tok%%[=:]*}
				COMP_WORDS+=("$w")
				tok=${tok#"$w"}
			fi
		done
	done
	[[ $line == *[[:blank:]] ]] && COMP_WORDS+=("")
	COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
	rl=${COMP_WORDS[COMP_CWORD]}
	[[ $rl =~ ^[=:]+$ ]] && rl=
	COMPREPLY=()
	_coinline coinline "$rl" "${COMP_WORDS[COMP_CWORD - 1]}" || return 1
	((${#COMPREPLY[@]} == 0)) || printf '%s\n' "${COMPREPLY[@]}"
}
for line in "$@"; do
	test $# -gt 1 && echo "== $line"
	drive "$line" || exit 1
done
EOF

# complete LINE...: the candidates for LINE (see drive.bash).
complete() {
	COMPLETION=$COMP/coinline.bash bash "$TRASH_ROOT/drive.bash" "$@"
}

# complete_in_d LINE...: the same in the folder d, which holds one file,
# x.txt.
complete_in_d() {
	mkdir -p d && >d/x.txt && (cd d && complete "$@")
}

# commands: the commands of coinline --help, one a line.
commands() {
	coinline --help | awk '/^Commands:/ { on = 1; next } on && /^$/ { exit } on { print $1 }'
}

# help_options CMD: the options of 'coinline CMD --help', one a line, as
# the completion offers them: '-x', '--flag', '--name=' for an option
# that takes a value, '--name' and '--name=' for an optional one
# (--name[=FORM]). Only option lines count: two blanks then '-x, --', or
# six then '--'. A command without an Options section takes -h, --help
# and --version (cli/main.c).
help_options() {
	coinline "$1" --help >help.out &&
	if grep -q '^Options:' help.out; then
		awk '
			/^Options:/ { on = 1; next }
			on && /^$/ { on = 0 }
			on && (/^  -[^-], --/ || /^      --/) {
				if ($1 ~ /^-[^-],$/) { print substr($1, 1, 2); $1 = "" ; sub(/^ /, "") }
				name = $1
				if (name ~ /\[=/) { sub(/\[=.*/, "", name); print name; print name "=" }
				else if (name ~ /=/) { sub(/=.*/, "=", name); print name }
				else print name
			}' help.out
	else
		write_lines -h --help --version
	fi
}

# offered CMD: what the bash completion offers after 'coinline CMD -'.
offered() {
	complete "coinline $1 -"
}

# usage_args CMD: the arguments of CMD's usage line after [options]:
# '[FILE...]', '[FILE]', '[command]' or nothing.
usage_args() {
	coinline "$1" --help | sed -n '1s/^usage: coinline [a-z]* *\(\[options\]\)\{0,1\} *//p'
}

test_expect_success 'sourcing the bash completion registers _coinline for coinline' '
	bash -c ". \"$COMP/coinline.bash\" && complete -p coinline" >out &&
	echo "complete -F _coinline coinline" >expect &&
	test_cmp expect out
'

test_expect_success 'the bash completion loads under set -u and changes no shell option' '
	bash -c "set -u; . \"$COMP/coinline.bash\"; set -o; shopt" >after &&
	bash -c "set -u; set -o; shopt" >before &&
	test_cmp before after
'

test_expect_success 'the first word: the commands of coinline --help, and the global options' '
	commands >cmds &&
	test_line_count -ge 8 cmds &&
	{ cat cmds && write_lines -h --help --version; } | sort >expect &&
	complete "coinline " | sort >out &&
	test_cmp expect out &&
	complete "coinline s" >out &&
	write_lines solve serve >expect &&
	test_cmp expect out &&
	complete "coinline --h" >out &&
	echo --help >expect &&
	test_cmp expect out
'

test_expect_success 'every option of every command, long and short, as in its --help (both ways)' '
	commands >cmds &&
	while read -r cmd; do
		help_options $cmd | sort -u >expect.$cmd &&
		test_line_count -ge 3 expect.$cmd &&
		offered $cmd | sort -u >got.$cmd &&
		echo "== $cmd" &&
		test_cmp expect.$cmd got.$cmd || return 1
	done <cmds
'

test_expect_success 'a short option and its long name complete their value alike' '
	commands >cmds &&
	while read -r cmd; do
		coinline $cmd --help |
		sed -n "s/^  \(-[^-]\), \(--[a-z0-9-]*\)=.*/\1 \2/p" >pairs &&
		while read -r short long; do
			complete_in_d "coinline $cmd $short " >short.out &&
			complete_in_d "coinline $cmd $long " >long.out &&
			echo "== $cmd $short $long" &&
			test_cmp long.out short.out || return 1
		done <pairs || return 1
	done <cmds
'

test_expect_success 'an option whose value is a FILE completes file names; no other does' '
	commands >cmds &&
	while read -r cmd; do
		coinline $cmd --help |
		sed -n "s/^ *\(-[^-], \)\{0,1\}\(--[a-z0-9-]*\)=\([A-Z]*\).*/\2 \3/p" >valued &&
		while read -r long meta; do
			complete_in_d "coinline $cmd $long " >out &&
			complete_in_d "coinline $cmd $long=" >out.eq &&
			echo "== $cmd $long=$meta" &&
			if test "$meta" = FILE; then
				echo x.txt >expect && test_cmp expect out && test_cmp expect out.eq
			else
				test_grep ! -x x.txt out && test_grep ! -x x.txt out.eq &&
				test_grep ! "^-" out
			fi || return 1
		done <valued || return 1
	done <cmds
'

test_expect_success 'arguments: file names where the usage line says FILE, commands for help' '
	commands >cmds &&
	while read -r cmd; do
		args=$(usage_args $cmd) &&
		complete_in_d "coinline $cmd " >first &&
		complete_in_d "coinline $cmd x.txt " >second &&
		echo "== $cmd: [$args]" &&
		case $args in
		"[FILE...]") echo x.txt >expect && test_cmp expect first && test_cmp expect second ;;
		"[FILE]") echo x.txt >expect && test_cmp expect first && test_must_be_empty second ;;
		"[command]") commands >expect && test_cmp expect first && test_must_be_empty second ;;
		"[--] PROGRAM [ARGS...]") test_grep -x x.txt first && test_grep -x sh first && echo x.txt >expect && test_cmp expect second ;;
		STRATEGY) test_grep "^greedy\$" first && test_grep "^medium\$" first && test_must_be_empty second ;;
		"") test_must_be_empty first && test_must_be_empty second ;;
		*) echo "unknown usage arguments: $args"; false ;;
		esac || return 1
	done <cmds &&
	complete_in_d "coinline solve -- -" >out &&
	test_must_be_empty out &&
	complete_in_d "coinline solve --row " >out &&
	test_must_be_empty out &&
	complete_in_d "coinline solve -b x" >out &&
	echo x.txt >expect &&
	test_cmp expect out
'

test_expect_success 'solve --algo: the solvers, each accepted by the tool' '
	complete "coinline solve --algo " >out &&
	test_line_count -ge 3 out &&
	complete "coinline solve -a " >short &&
	test_cmp out short &&
	while read -r algo; do
		coinline solve --algo "$algo" -r "1 3 5 2 9" >got &&
		echo 14 >expect &&
		test_cmp expect got || return 1
	done <out &&
	test_expect_code 2 coinline solve --algo nosuch -r 1 2>/dev/null &&
	complete "coinline solve --algo=b" >out &&
	echo brute >expect &&
	test_cmp expect out
'

test_expect_success 'solve --line: its forms, attached, each accepted by the tool' '
	complete "coinline solve --line=" >forms &&
	test_line_count = 2 forms &&
	complete "coinline solve -l" >short &&
	{ echo -l && sed "s/^/-l/" forms; } >expect &&
	test_cmp expect short &&
	while read -r form; do
		coinline solve --line="$form" -r "1 3 5 2 9" >a &&
		coinline solve -l"$form" -r "1 3 5 2 9" >b &&
		test_cmp a b &&
		test -s a || return 1
	done <forms &&
	coinline solve --line=compact -r "1 3 5 2 9" >a &&
	echo "14 RLLLL" >expect &&
	test_cmp expect a &&
	complete "coinline solve --line " >out &&
	test_grep ! words out
'

# strategies OUT: checks that OUT lists built-in strategies that the tool
# accepts in a duel and the prefixes fallible: and exec:.
strategies_ok() {
	test_grep -x "fallible:" "$1" &&
	test_grep -x "exec:" "$1" &&
	grep -v ":$" "$1" >names &&
	test_line_count -ge 4 names &&
	while read -r s; do
		coinline duel --p1 "$s" -g 1 -n 4 >/dev/null || return 1
	done <names &&
	coinline duel --p1 fallible:0.5 -g 1 -n 4 >/dev/null &&
	coinline duel --p1 "exec:sh $REPO_ROOT/examples/bots/greedy.sh" -g 1 -n 4 >/dev/null
}

test_expect_success 'duel --p1/--p2 and play --engine: the strategies the tool accepts' '
	complete "coinline duel --p1 " >p1 &&
	strategies_ok p1 &&
	test_expect_code 2 coinline duel --p1 nosuch -g 1 2>/dev/null &&
	complete "coinline duel --p2 " >p2 &&
	test_cmp p1 p2 &&
	complete "coinline duel --p2=" >p2eq &&
	test_cmp p1 p2eq &&
	complete "coinline play --engine " >e &&
	test_cmp p1 e &&
	complete "coinline play -e " >e &&
	test_cmp p1 e &&
	complete "coinline play --engine=" >e &&
	test_cmp p1 e
'

test_expect_success 'strategies typed with = and : complete as readline replaces them' '
	complete "coinline duel --p1=fal" >out &&
	echo fallible: >expect &&
	test_cmp expect out &&
	complete "coinline duel --p1=fallible:" >out &&
	test_must_be_empty out &&
	>optimal-bot &&
	complete "coinline duel --p1=exec:./opt" >out &&
	echo ./optimal-bot >expect &&
	test_cmp expect out &&
	complete "coinline duel --p2 exec:opt" >out &&
	echo optimal-bot >expect &&
	test_cmp expect out &&
	complete "coinline duel --p2 ex" >out &&
	echo exec: >expect &&
	test_cmp expect out &&
	complete "coinline duel --p1 exec:x --p2 g" >out &&
	echo greedy >expect &&
	test_cmp expect out
'

test_expect_success 'play --level and --first: the values the tool accepts, not others' '
	complete "coinline play --level " >levels &&
	test_line_count = 4 levels &&
	while read -r level; do
		echo quit | coinline play --line --level "$level" -r "1 2" >/dev/null || return 1
	done <levels &&
	test_must_fail sh -c "echo quit | \"$COINLINE\" play --line --level nosuch -r \"1 2\"" 2>/dev/null &&
	complete "coinline play -d h" >out &&
	echo hard >expect &&
	test_cmp expect out &&
	complete "coinline play --first " >first &&
	test_line_count = 2 first &&
	while read -r who; do
		echo quit | coinline play --line --first "$who" -r "1 2" >/dev/null || return 1
	done <first
'

test_expect_success 'options with a value that is any text offer nothing' '
	complete "coinline solve --row " "coinline duel --games " "coinline serve --port " \
		"coinline analyze --moves=" >out &&
	write_lines "== coinline solve --row " "== coinline duel --games " \
		"== coinline serve --port " "== coinline analyze --moves=" >expect &&
	test_cmp expect out
'

test_expect_success 'help completes the commands; an unknown command completes nothing' '
	complete "coinline help " >out &&
	commands >expect &&
	test_cmp expect out &&
	complete "coinline nosuch -" >out &&
	test_must_be_empty out
'

# Each line typed, then Tab, then "#" and Enter: the screen shows the
# lines as Tab left them. Enter runs the line: "coinline" there is a
# shell function that does nothing, so that no coinline on PATH starts
# (play would take the screen and the keys of the lines after it).
# wait_pane RE: waits (20 s at most) until the pane's last line that starts
# with "$ coinline" matches RE (Tab has completed), whatever the load (under
# AddressSanitizer on a busy machine, 5 s were seen not to be enough).
wait_pane() {
	for i in $(seq 200); do
		tmux -S "$sock" capture-pane -p | sed -n "s/ *$//; /^\$ coinline/p" |
			tail -n 1 | grep -q -- "$1" && return 0
		sleep 0.1
	done
	return 0 # compared below, with what the pane shows
}
# wait_lines N: waits (20 s at most) until N command lines have been run.
wait_lines() {
	for i in $(seq 200); do
		test "$(tmux -S "$sock" capture-pane -p | grep -c "^\$ coinline.*#")" -ge "$1" &&
			return 0
		sleep 0.1
	done
	return 0
}
# wait_ready: waits (20 s at most) until bash has read the completion
# (its echo shows), so that no key is typed before bash is there to
# complete it (under load, bash starting in tmux can take seconds).
wait_ready() {
	for i in $(seq 200); do
		tmux -S "$sock" capture-pane -p | grep -q "^completion loaded$" && return 0
		sleep 0.1
	done
	echo "bash in tmux did not load the completion within 20 s" >&2
	tmux -S "$sock" capture-pane -p >&2
	tmux -S "$sock" kill-server
	return 1
}
test_expect_success TMUX 'in an interactive bash, Tab completes as the tests above say' '
	sock=$PWD/tmux.sock &&
	>optimal-bot &&
	tmux -S "$sock" -f /dev/null new-session -d -x 150 -y 20 -c "$PWD" \
		"PS1=\"$ \" HISTFILE=/dev/null exec bash --norc --noprofile" &&
	tmux -S "$sock" send-keys -l ". \"$COMP/coinline.bash\" && coinline() { :; } && complete -p coinline >/dev/null && echo completion loaded" &&
	tmux -S "$sock" send-keys Enter &&
	wait_ready &&
	n=0 &&
	for keys in "coinline solve --al" "coinline duel --p1=fal" "coinline duel --p2=exec:./opt" \
		"coinline play --level h" "coinline solve -lc"; do
		tmux -S "$sock" send-keys -l "$keys" &&
		tmux -S "$sock" send-keys Tab &&
		wait_pane "\$ $keys." &&
		tmux -S "$sock" send-keys -l "#" &&
		tmux -S "$sock" send-keys Enter &&
		n=$((n + 1)) &&
		wait_lines $n || return 1
	done &&
	tmux -S "$sock" capture-pane -p | sed -n "s/ *$//; /^\$ coinline/p" >out &&
	tmux -S "$sock" kill-server &&
	write_lines "$ coinline solve --algo=#" "$ coinline duel --p1=fallible:#" \
		"$ coinline duel --p2=exec:./optimal-bot #" "$ coinline play --level hard #" \
		"$ coinline solve -lcompact #" >expect &&
	test_cmp expect out
'

# zsh_options CMD: the option names of _coinline_cmd_CMD in _coinline:
# each spec line is a quoted '(EXCLUDED)*--name=[...' (exclusions and
# the star optional); the name loses the '-' of '-l-' (an attached value).
zsh_options() {
	awk -v f="_coinline_cmd_$1() {" '$0 == f { on = 1; next } on && /^}/ { exit } on' \
		"$COMP/_coinline" |
		sed -n 's/^ *["'"'"']\(([^)]*)\)\{0,1\}\*\{0,1\}\(--\{0,1\}[A-Za-z0-9][A-Za-z0-9-]*\).*/\2/p' |
		sed 's/-$//'
}

# fish_options CMD: the option names (-s X, -l NAME) of the lines for
# CMD in coinline.fish.
fish_options() {
	grep -F -- "-n '__coinline_using $1' " "$COMP/coinline.fish" >fish.lines
	grep -o -- ' -l [A-Za-z0-9-]*' fish.lines | sed 's/ -l /--/'
	grep -o -- ' -s [A-Za-z0-9]' fish.lines | sed 's/ -s /-/'
}

test_expect_success 'the zsh and fish completions name every option of --help, and no other' '
	commands >cmds &&
	while read -r cmd; do
		help_options $cmd | sed "s/=\$//" | sort -u >expect &&
		zsh_options $cmd | sort -u >zsh.out &&
		fish_options $cmd | sort -u >fish.out &&
		echo "== $cmd" &&
		test_cmp expect zsh.out &&
		test_cmp expect fish.out || return 1
	done <cmds
'

test_expect_success 'the zsh and fish completions list the commands of coinline --help' '
	commands | sort >expect &&
	sed -n "/^_coinline_commands() {/,/^}/s/^ *'\''\([a-z]*\):.*/\1/p" "$COMP/_coinline" | sort >zsh.out &&
	test_cmp expect zsh.out &&
	sed -n "s/^complete -c coinline -n __coinline_needs_command -a \([a-z]*\) .*/\1/p" \
		"$COMP/coinline.fish" | sort >fish.out &&
	test_cmp expect fish.out
'

test_expect_success ZSH 'zsh parses _coinline (zsh -n)' '
	zsh -n "$COMP/_coinline"
'

test_expect_success FISH 'fish parses coinline.fish (fish -n)' '
	fish -n "$COMP/coinline.fish"
'

test_done
