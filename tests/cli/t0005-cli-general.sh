#!/bin/sh
# SPDX-License-Identifier: MIT
# coinline: --help, --version, help, unknown commands and options.
. "$(dirname "$0")/lib.sh"

# version_text: what --version must print (the header's version).
version_text() {
	write_lines "coinline $COINLINE_VERSION" \
		"Copyright (c) 2026 the coinline authors." \
		"MIT License: you may use, copy, modify and redistribute it; there is NO WARRANTY."
}

test_expect_success '--version prints the version of the header, the copyright and the licence' '
	test -n "$COINLINE_VERSION" &&
	coinline --version >out 2>err &&
	version_text >expect &&
	test_cmp expect out &&
	test_must_be_empty err
'

test_expect_success 'the licence --version names is the one in LICENSE' '
	head -n 1 "$REPO_ROOT/LICENSE" >title &&
	echo "MIT License" >expect &&
	test_cmp expect title &&
	grep "^Copyright (c) 2026 the coinline authors\.\$" "$REPO_ROOT/LICENSE"
'

test_expect_success 'the man page, the changelog and the docs name the version of the header' '
	man=$REPO_ROOT/docs/coinline.1 &&
	grep "^\.TH COINLINE 1 .*\"coinline $COINLINE_VERSION\"" "$man" &&
	grep -F ".RB ( \"coinline $COINLINE_VERSION\" )," "$man" &&
	grep "^\.SH COPYRIGHT" "$man" &&
	grep "MIT licence" "$man" &&
	grep "^## \[$COINLINE_VERSION\] - [0-9-]*\$" "$REPO_ROOT/CHANGELOG.md" &&
	grep -F "\"version\":\"$COINLINE_VERSION\"" "$REPO_ROOT/docs/api.md" &&
	grep -Fx "# coinline $COINLINE_VERSION play" "$REPO_ROOT/docs/record.md"
'

test_expect_success 'one letter, one meaning: a short option has the same long name in every command' '
	for cmd in solve gen duel play counter analyze explain table serve check; do
		coinline $cmd --help |
		sed -n "s/^ *-\([A-Za-z0-9]\), \(--[a-z0-9-]*\).*/\1 \2 $cmd/p" || return 1
	done >letters &&
	test_line_count -ge 30 letters &&
	sort -u -k1,2 letters | awk "{ print \$1 }" | uniq -d >clashes &&
	if test -s clashes; then
		while read -r l; do grep "^$l " letters; done <clashes
		false
	fi &&
	grep -x "n --coins play" letters &&
	grep -x "w --save duel" letters &&
	grep -x "k --game analyze" letters
'

test_expect_success 'the old long names still work: play --random, analyze --game' '
	echo q | coinline play --random=3 -s 1 --line >out 2>&1 &&
	test_grep "3 coins" out &&
	printf "coinline-record 1\ngame 4\nrow 1 2\nmoves LL\n" >rec &&
	coinline analyze --game=4 rec >out &&
	test_grep "^game 4" out
'

test_expect_success 'the README: a Quick start first, then its contents list every heading after it' '
	readme=$REPO_ROOT/README.md &&
	grep "^## " "$readme" | head -n 2 >first &&
	write_lines "## Quick start" "## Contents" >expect &&
	test_cmp expect first &&
	sed -n "/^## Contents\$/,/^## /p" "$readme" | sed -n "s/^\( *\)- \[\(.*\)\](#.*)\$/\1\2/p" >listed &&
	sed -n "/^## Contents\$/,\$p" "$readme" | sed -n "1d; s/^## /-/p; s/^### /  -/p" |
		sed "s/^-//; s/^  -/  /" >headings &&
	test_cmp headings listed &&
	test_line_count -ge 15 listed
'

test_expect_success '-h and --help list the commands on stdout, exit 0' '
	coinline --help >out 2>err &&
	test_must_be_empty err &&
	test_grep solve out &&
	test_grep gen out &&
	test_grep help out &&
	coinline -h >out2 &&
	test_cmp out out2
'

for cmd in solve gen; do
	test_expect_success "$cmd --help and -h print its help on stdout, exit 0" "
		coinline $cmd --help >out 2>err &&
		test_must_be_empty err &&
		test_grep -i 'usage: coinline $cmd' out &&
		coinline $cmd -h >out2 &&
		test_cmp out out2
	"

	test_expect_success "$cmd --version prints the version" "
		coinline $cmd --version >out &&
		version_text >expect &&
		test_cmp expect out
	"

	test_expect_success "help $cmd prints the same as $cmd --help" "
		coinline help $cmd >out &&
		coinline $cmd --help >expect &&
		test_cmp expect out
	"
done

test_expect_success 'help --help and help --version work too' '
	coinline help --help >out &&
	test -s out &&
	coinline help --version >out &&
	version_text >expect &&
	test_cmp expect out
'

test_expect_success 'solve --help documents every option' '
	coinline solve --help >out &&
	for opt in -a --algo linear dp brute -b --both -j --json -l --line \
		words compact -r --row -h --help --version; do
		test_grep -e "$opt" out || return 1
	done
'

test_expect_success 'gen --help documents every option' '
	coinline gen --help >out &&
	for opt in -n --coins -g --games --min --max -s --seed -o --output \
		-h --help --version; do
		test_grep -e "$opt" out || return 1
	done
'

test_expect_success 'help without a command lists the commands' '
	coinline help >out &&
	test_grep solve out &&
	test_grep gen out
'

test_expect_success '--help does not read stdin or solve anything' '
	echo "5 1 3 5 2 9" | coinline solve --help >out &&
	test_grep ! "^14$" out &&
	coinline solve --row "1 2" --help >out &&
	test_grep ! "^2$" out
'

test_expect_success 'an unknown command: a message and exit 2' '
	test_expect_code 2 coinline frobnicate >out 2>err &&
	test_must_be_empty out &&
	test_grep "frobnicate" err
'

test_expect_success 'help for an unknown command: exit 2' '
	test_expect_code 2 coinline help frobnicate >out 2>err &&
	test_grep "frobnicate" err
'

test_expect_success 'no command at all: usage on stderr, exit 2' '
	test_expect_code 2 coinline >out 2>err &&
	test_must_be_empty out &&
	test -s err
'

test_expect_success 'an unknown global option: exit 2' '
	test_expect_code 2 coinline --frobnicate >out 2>err &&
	test_must_be_empty out &&
	test_grep "frobnicate" err
'

test_expect_success 'an unknown option of a command: exit 2 with a hint' '
	test_expect_code 2 coinline solve --frobnicate >out 2>err &&
	test_must_be_empty out &&
	test_grep "frobnicate" err &&
	test_grep "^Try .coinline solve --help.\.$" err &&
	test_expect_code 2 coinline gen --frobnicate >out 2>err &&
	test_grep "^Try .coinline gen --help.\.$" err
'

test_expect_success 'coinline --help tells of the circle: -c, --circle on every command but serve' '
	coinline --help >out &&
	test_grep "^With -c, --circle every command but serve plays the game on a circle$" out &&
	test_grep "^(the pizza game)" out &&
	for cmd in solve gen duel play analyze explain table; do
		coinline $cmd --help >help &&
		test_grep "^  -c, --circle " help || return 1
	done &&
	coinline serve --help >help &&
	test_grep ! -e "--circle" help
'

test_expect_success 'a mistyped command: did you mean the nearest' '
	test_expect_code 2 coinline slove --row 1 >out 2>err &&
	test_must_be_empty out &&
	cat >expect <<-\EOF &&
	coinline: '"'"'slove'"'"' is not a command. See '"'"'coinline --help'"'"'.
	coinline: did you mean '"'"'solve'"'"'?
	usage: coinline <command> [options] [FILE...]
	       coinline --help | --version
	EOF
	test_cmp expect err &&
	for pair in sovle:solve gne:gen anaylze:analyze server:serve plya:play \
		expain:explain duels:duel tabel:table versoin:version hlep:help ana:analyze; do
		test_expect_code 2 coinline ${pair%%:*} 2>err &&
		echo "coinline: did you mean '"'"'${pair#*:}'"'"'?" >expect &&
		sed -n 2p err >got &&
		test_cmp expect got || return 1
	done &&
	test_expect_code 2 coinline se 2>err &&
	test_grep "^coinline: did you mean .serve.?$" err &&
	test_expect_code 2 coinline s 2>err &&
	test_grep "^coinline: did you mean .solve. or .serve.?$" err &&
	for far in frobnicate run x test; do
		test_expect_code 2 coinline $far 2>err &&
		test_grep ! "did you mean" err || return 1
	done &&
	test_expect_code 2 coinline help slove 2>err &&
	test_grep "^coinline help: no such command: .slove. (did you mean .solve.?)$" err
'

test_expect_success 'a mistyped long option: did you mean the nearest of that command' '
	test_expect_code 2 coinline solve --rwo "1 2" >out 2>err &&
	test_must_be_empty out &&
	test_grep "^coinline solve: unknown option .--rwo. (did you mean .--row.?)$" err &&
	test_grep "^Try .coinline solve --help.\.$" err &&
	test_expect_code 2 coinline duel --p3 x 2>err &&
	test_grep "^coinline duel: unknown option .--p3. (did you mean .--p1. or .--p2.?)$" err &&
	test_expect_code 2 coinline play --m 2>err &&
	test_grep "^coinline play: unknown option .--m. (did you mean .--min., .--max. or .--move-time.?)$" err &&
	test_expect_code 2 coinline solve --frobnicate 2>err &&
	test_grep "^coinline solve: unknown option .--frobnicate.$" err &&
	test_expect_code 2 coinline play --both 2>err &&
	test_grep "^coinline play: unknown option .--both.$" err
'

# Every long option of every command, with its last two letters swapped
# (an option is at most one swap from that), is named in the suggestion
# of that command; the options are those its --help lists.
test_expect_success 'every long option of every command is suggested for a swap of its last two letters' '
	for cmd in solve gen duel play counter analyze explain table serve check; do
		coinline $cmd --help |
		sed -n "s/^ \{1,6\}\(-[a-z0-9], \)\{0,1\}--\([a-z0-9-]*\).*/\2/p" >opts &&
		test -s opts &&
		while read -r o; do
			typo=$(echo "$o" | sed "s/\(.\)\(.\)\$/\2\1/") &&
			test "$typo" != "$o" || continue
			test_expect_code 2 coinline $cmd --$typo </dev/null >out 2>err &&
			test_grep "^coinline $cmd: unknown option .--$typo. (did you mean .*'"'"'--$o'"'"'" err || {
				echo "$cmd --$typo: $(cat err)"; return 1; }
		done <opts || return 1
	done
'

test_expect_success 'messages before a command is known start with "coinline: "' '
	test_expect_code 2 coinline frobnicate 2>err &&
	test_grep "^coinline: .frobnicate. is not a command" err &&
	test_expect_code 2 coinline --help extra 2>err &&
	test_grep "^coinline: unexpected argument .extra.$" err
'

test_expect_success 'every message of a command starts with "coinline COMMAND: "' '
	test_expect_code 1 coinline solve no-such.txt 2>err &&
	echo "coinline solve: no-such.txt: cannot open: No such file or directory" >expect &&
	test_cmp expect err &&
	for cmd in solve duel play analyze explain table; do
		test_expect_code 1 coinline $cmd no-such.txt </dev/null >out 2>err &&
		test_grep "^coinline $cmd: no-such\.txt: " err &&
		test_grep ! "^coinline: " err || return 1
	done &&
	test_expect_code 2 coinline gen --coins x 2>err &&
	test_grep "^coinline gen: " err &&
	test_expect_code 2 coinline help frobnicate 2>err &&
	test_grep "^coinline help: no such command" err
'

# A row without its count (one line that ends inside a game) gets the
# same two hint lines from every command that reads the classic format:
# those that read every game meet the end inside one; those that take one
# game of a file (table, explain, play, analyze) read on over the rest of
# its first line. A file of whole games on one line is no error.
test_expect_success 'a row without its count: every command that reads a file says what was meant' '
	echo "1 3 5 2 9" >row.txt &&
	for cmd in "solve" "solve -" "duel -q" "duel -q -" "table" "explain" "explain --json" "play --line" "table --game 2" "analyze --moves=L"; do
		test_expect_code 1 coinline $cmd row.txt <row.txt >out 2>err &&
		first=${cmd%% *} &&
		test_grep "^coinline $first: .*:2:1: the input ended inside game 2: expected 5 coins, found 2$" err &&
		sed 1d err >hint &&
		write_lines \
			"coinline $first: hint: each game starts with its number of coins: '"'"'5 1 3 5 2 9'"'"' is the row 1 3 5 2 9" \
			"coinline $first: hint: a row alone, without its count, goes in --row: --row '"'"'1 3 5 2 9'"'"'" >expect &&
		test_cmp expect hint || return 1
	done &&
	echo "5 1 3 5 2 9 1 7" >games.txt &&
	coinline table games.txt >out 2>err &&
	test_grep "^V(1, 5) = 8: " out &&
	test_must_be_empty err &&
	coinline explain games.txt >out 2>err &&
	test_grep "^The row: 1 3 5 2 9 " out &&
	test_must_be_empty err &&
	echo quit | coinline play games.txt >out 2>err &&
	test_grep "^game 1: 5 coins" out &&
	test_must_be_empty err &&
	printf "5 1 3 5 2 9\n4 1 2\n" >two.txt &&
	coinline table two.txt >out 2>err &&
	test_grep "^V(1, 5) = 8: " out &&
	test_must_be_empty err
'

# The rule is "every number on the first line": blank lines after it
# change nothing, and a game that begins on the first line and goes on
# below it is a game of the file, not a row without its count.
test_expect_success 'a row without its count followed by blank lines gets the hint; a game going on past line 1 is no such row' '
	printf "8 15 3 7\n\n\n" >blank.txt &&
	for cmd in "solve" "table" "explain"; do
		test_expect_code 1 coinline $cmd blank.txt >out 2>err &&
		test_grep "^coinline $cmd: blank.txt:4:1: the input ended inside game 1: expected 8 coins, found 3$" err &&
		test_grep "^coinline $cmd: hint: a row alone, without its count, goes in --row: --row " err || return 1
	done &&
	printf "1 5 10\n1 2 3\n" >two.txt &&
	coinline explain two.txt >out 2>err &&
	test_grep "^The row: 5 (1 coin, sum 5)\.$" out &&
	test_must_be_empty err &&
	test_expect_code 1 coinline solve two.txt >out 2>err &&
	test_grep "^coinline solve: two.txt:3:1: the input ended inside game 2: expected 10 coins, found 3$" err &&
	test_grep ! "hint:" err
'

test_expect_success DEV_FULL 'a failed write of --help or --version: exit 1' '
	test_expect_code 1 coinline --help >/dev/full 2>/dev/null &&
	test_expect_code 1 coinline --version >/dev/full 2>/dev/null &&
	test_expect_code 1 coinline solve --help >/dev/full 2>/dev/null
'

test_expect_success NO_MHD 'built without libmicrohttpd, serve says so and how to build it, exit 1' '
	test_expect_code 1 coinline serve >out 2>err &&
	test_must_be_empty out &&
	test_grep "^coinline serve: this coinline was built without libmicrohttpd; to serve, " err &&
	test_grep "(make)\|run make again" err
'

test_done
