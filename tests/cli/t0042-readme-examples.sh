#!/bin/sh
# SPDX-License-Identifier: MIT
# Every ```console block of README.md, run as a reader would run it from
# the source tree: each "$ COMMAND" line is run in turn, in a scratch
# folder that has the tree's examples/ and include/ and the build under
# test as build/, and what it writes (standard output and error together)
# must be the lines the README shows under it. A "cat FILE" of a file the
# block does not make shows that file: the test writes it from the README
# first. Trailing blanks are not compared (Markdown does not keep them). A
# block with a command run in the background (serve) is skipped: its
# port differs each time, and t0013 checks the API's answers.
. "$(dirname "$0")/lib.sh"

BLOCKS=$TRASH_ROOT/readme
mkdir "$BLOCKS" || exit 1

# Each block K becomes $BLOCKS/K.sh (its commands, each writing its "$ "
# line and then its output to ./actual, $? kept from one to the next),
# K.expect (what the README shows), K.title (the README's line and the
# first coinline command of the block), and K.bg when a command ends in
# '&'. A command runs as written, but "cc" is the compiler and flags of
# the build under test (an ASan library needs its flags).
awk -v dir="$BLOCKS" '
	function flush(   i, c) {
		print "st=0" >sh
		for (i = 1; i <= ncmd; i++) {
			c = cmd[i]
			if (c ~ /^cat [A-Za-z0-9._-]+$/) {
				printf "test -e %s || cat >%s <<\\EOF_README\n%sEOF_README\n",
					substr(c, 5), substr(c, 5), out[i] >sh
			}
			if (c ~ /&$/) print "" >(dir "/" k ".bg")
			printf "cat >>actual <<\\EOF_README\n$ %s\nEOF_README\n", c >sh
			sub(/^cc /, "${CC:-cc} ${TEST_CFLAGS-} ", c)
			printf "(exit $st); { %s\n} >>actual 2>&1; st=$?\n", c >sh
		}
		close(sh)
	}
	/^```console$/ { on = 1; k++; ncmd = 0; sh = dir "/" k ".sh"; title = ""
		printf "" >(dir "/" k ".expect"); start = NR; next }
	on && /^```$/ {
		on = 0; flush()
		print "README.md:" start ": the block of " title >(dir "/" k ".title")
		next
	}
	!on { next }
	/^\$ / {
		c = substr($0, 3); cmd[++ncmd] = c; out[ncmd] = ""
		print >>(dir "/" k ".expect")
		if (title == "" && match(c, /coinline [a-z]+/)) title = substr(c, RSTART, RLENGTH)
		next
	}
	{ out[ncmd] = out[ncmd] $0 "\n"; print >>(dir "/" k ".expect") }
' "$REPO_ROOT/README.md" || exit 1

# run_block K: block K's commands in this folder, as a reader runs them
# from the source tree; ./actual gets each "$ COMMAND" line and what the
# command wrote.
run_block() {
	ln -s "$REPO_ROOT/examples" examples &&
	ln -s "$REPO_ROOT/include" include &&
	ln -s "$BUILD_DIR" build &&
	{ echo 'coinline() { "$COINLINE" "$@"; }' && cat "$BLOCKS/$1.sh"; } >run.sh &&
	: >actual &&
	sh ./run.sh
	return 0
}

# unblank FILE: FILE without trailing blanks.
unblank() {
	sed "s/[ 	]*\$//" "$1"
}

test_expect_success 'the README has console blocks, each with a command and its output' '
	ls "$BLOCKS"/*.expect >blocks &&
	test_line_count -ge 15 blocks &&
	for f in $(cat blocks); do
		test "$(grep -c "^\\$ " "$f")" -ge 1 &&
		test "$(grep -vc "^\\$ " "$f")" -ge 1 || { echo "no command or no output: $f"; return 1; }
	done
'

k=1
while test -f "$BLOCKS/$k.sh"; do
	prereq=
	if test -f "$BLOCKS/$k.bg"; then
		prereq=FOREGROUND
	elif grep -q 'CC:-cc' "$BLOCKS/$k.sh"; then
		prereq=CC
	fi
	test_expect_success $prereq "$(cat "$BLOCKS/$k.title")" "
		run_block $k &&
		unblank \"$BLOCKS/$k.expect\" >expect &&
		unblank actual >got &&
		test_cmp expect got
	"
	k=$((k + 1))
done

test_done
