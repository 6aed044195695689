#!/bin/sh
# SPDX-License-Identifier: MIT
# The man page (docs/coinline.1) against the tool: each command's line of
# the SYNOPSIS names exactly the options of its --help (by the short name
# when there is one), its FILE arguments as the usage line says, and its
# "Options of CMD" section describes every option of --help and no other.
# Everything is read from the help texts and the page, so an option added
# to a command and its help is checked here without a list to update.
. "$(dirname "$0")/lib.sh"

MAN=$REPO_ROOT/docs/coinline.1

# commands: the commands of coinline --help that have options of their
# own (an "Options:" section in their help), one a line.
commands() {
	coinline --help | awk '/^Commands:/ { on = 1; next } on && /^$/ { exit } on { print $1 }' >all.cmds &&
	while read -r cmd; do
		coinline "$cmd" --help 2>/dev/null | grep -q '^Options:' && echo "$cmd"
	done <all.cmds
	return 0
}

# help_options CMD: the options of 'coinline CMD --help' but --help and
# --version (every command has them; the page says so once), one a line:
# the short name or '-', then the long name. Only option lines count:
# two blanks then '-x, --', or six then '--'.
help_options() {
	coinline "$1" --help >help.out &&
	awk '
		/^Options:/ { on = 1; next }
		on && /^$/ { on = 0 }
		on && (/^  -[^-], --/ || /^      --/) {
			short = "-"
			if ($1 ~ /^-[^-],$/) { short = substr($1, 1, 2); long = $2 } else long = $1
			sub(/[[=].*/, "", long)
			if (long != "--help" && long != "--version") print short, long
		}' help.out
}

# synopsis_options CMD: the options on CMD's line of the SYNOPSIS, one a
# line as written (-x or --name).
synopsis_options() {
	synopsis_line "$1" | tr " " "\n" | grep "^-" | grep -vx -e "--"
}

# synopsis_line CMD: CMD's line of the SYNOPSIS (from ".B coinline",
# ".B CMD" to ".br"), the roff requests and escapes taken out, the words
# separated by blanks.
synopsis_line() {
	awk -v cmd="$1" '
		/^\.SH / { insyn = ($0 == ".SH SYNOPSIS"); next }
		!insyn { next }
		prev == ".B coinline" && $0 == ".B " cmd { on = 1 }
		{ prev = $0 }
		on && /^\.br/ { exit }
		on {
			s = $0
			gsub(/\\-/, "-", s); gsub(/\\c|\\&/, "", s)
			sub(/^\.[A-Z]+ */, "", s)
			gsub(/[][|=]/, " ", s)
			printf "%s ", s
		}
		END { if (on) print "" }' "$MAN"
}

# synopsis_files CMD: the file arguments of CMD's line of the SYNOPSIS
# (its ".RI [ file ...]" request), as "file" or "file...", or its
# ".I strategy" (counter's STRATEGY), or check's "[--] PROGRAM [ARGS...]"
# (".RB [ \\-\\- ]", ".I program", ".RI [ args ...]") as "--programargs...",
# the way the usage line is compared.
synopsis_files() {
	awk -v cmd="$1" '
		/^\.SH / { insyn = ($0 == ".SH SYNOPSIS"); next }
		!insyn { next }
		prev == ".B coinline" && $0 == ".B " cmd { on = 1 }
		{ prev = $0 }
		on && /^\.br/ { exit }
		on && /^\.RI \[ file/ { s = $0; gsub(/^\.RI \[|\\&|[] ]/, "", s); print s }
		on && /^\.I strategy$/ { print "strategy" }
		on && /^\.I program$/ { printf "--program" }
		on && /^\.RI \[ args/ { s = $0; gsub(/^\.RI \[|\\&|[] ]/, "", s); print s }' "$MAN"
}

# section_options CMD: the options the page's "Options of CMD" section
# describes: every -x and --name of its .TP tags, one a line.
section_options() {
	awk -v title=".SS \"Options of $1\"" '
		/^\.S[HS] / { on = ($0 == title); next }
		on && tag {
			s = $0
			gsub(/\\-/, "-", s); gsub(/\\f[A-Z]|\\c|\\&/, "", s)
			gsub(/[^-A-Za-z0-9]/, " ", s)
			n = split(s, w, " ")
			for (i = 1; i <= n; i++) if (w[i] ~ /^--?[A-Za-z0-9]/) print w[i]
		}
		{ tag = ($0 == ".TP") }' "$MAN"
}

test_expect_success 'the commands with options: at least the eight of the page' '
	commands >cmds &&
	test_line_count -ge 8 cmds &&
	for cmd in $(cat cmds); do
		synopsis_line $cmd >line &&
		test -s line || { echo "no SYNOPSIS line for $cmd"; return 1; }
	done
'

test_expect_success 'every option of a SYNOPSIS line is an option of that command'"'"'s --help' '
	commands >cmds &&
	for cmd in $(cat cmds); do
		help_options $cmd >opts &&
		test_line_count -ge 3 opts &&
		synopsis_options $cmd >syn &&
		while read -r opt; do
			awk -v o="$opt" "\$1 == o || \$2 == o { found = 1 } END { exit !found }" opts ||
				echo "coinline $cmd: the SYNOPSIS names $opt, which --help does not list"
		done <syn || return 1
	done >wrong &&
	test_must_be_empty wrong
'

test_expect_success 'every option of --help is on its command'"'"'s SYNOPSIS line, by its short name if it has one' '
	commands >cmds &&
	for cmd in $(cat cmds); do
		help_options $cmd >opts &&
		synopsis_options $cmd >syn &&
		while read -r short long; do
			if test "$short" = -; then want=$long; else want=$short; fi &&
			grep -qxe "$want" syn ||
				echo "coinline $cmd: $want ($long) is not in the SYNOPSIS"
		done <opts || return 1
	done >missing &&
	test_must_be_empty missing
'

test_expect_success 'each SYNOPSIS line takes the files its usage line does' '
	commands >cmds &&
	for cmd in $(cat cmds); do
		usage=$(coinline $cmd --help | sed -n "1s/^usage: coinline [a-z]* \[options\] *//p" |
			tr "A-Z" "a-z" | tr -d "[] ") &&
		files=$(synopsis_files $cmd) &&
		test "$usage" = "$files" ||
			echo "coinline $cmd: the usage line takes [$usage], the SYNOPSIS [$files]"
	done >wrong &&
	test_must_be_empty wrong
'

test_expect_success 'the section "Options of CMD" describes every option of --help' '
	commands >cmds &&
	for cmd in $(cat cmds); do
		help_options $cmd >opts &&
		section_options $cmd >described &&
		test_line_count -ge 3 described &&
		while read -r short long; do
			for o in $short $long; do
				test "$o" = - || grep -qxe "$o" described ||
					echo "coinline $cmd: Options of $cmd lacks $o"
			done
		done <opts || return 1
	done >missing &&
	test_must_be_empty missing
'

test_expect_success 'the section "Options of CMD" describes no option that --help does not name' '
	commands >cmds &&
	for cmd in $(cat cmds); do
		coinline $cmd --help >help.txt &&
		section_options $cmd >described &&
		while read -r o; do
			grep -qe "\(^\|[ ,(]\)$o\([],=[ ]\|\$\)" help.txt ||
				echo "coinline $cmd: Options of $cmd describes $o, unknown to --help"
		done <described || return 1
	done >unknown &&
	test_must_be_empty unknown
'

test_expect_success 'the SYNOPSIS lines above are found the way the test expects (play, analyze, solve)' '
	synopsis_options play >syn &&
	test_grep -x -e "-w" syn &&
	test_grep ! -x -e "-o" syn &&
	synopsis_options analyze >syn &&
	test_grep -x -e "-k" syn &&
	synopsis_options solve >syn &&
	test_grep -x -e "-m" syn &&
	test_grep -x -e "-l" syn
'

# shown_counts FILE: "ALL BEST" from a text that says a circle's first
# positions are told every one "up to ALL coins" and past it "the best
# BEST" (the words folded over lines, roff's escapes taken out).
shown_counts() {
	tr "\n" " " <"$1" | sed "s/\\\\-/-/g; s/  */ /g" >joined &&
	all=$(sed -n "s/.*up to \([0-9][0-9]*\) coins.*/\1/p" joined) &&
	best=$(sed -n "s/.*the best \([0-9][0-9]*\).*/\1/p" joined) &&
	test -n "$all" && test -n "$best" && echo "$all $best"
}

test_expect_success 'explain --circle: --help and the page say how many first positions are told, and so many are' '
	coinline explain --help | sed -n "/^  -c, --circle/,/^  -[a-z],/p" >help.c &&
	shown_counts help.c >help.counts &&
	awk "/^\.SS \"Options of explain\"/ { on = 1; next } on && /^\.TP/ { n++ } on && n == 2 { exit } on { print }" \
		"$MAN" >man.c &&
	shown_counts man.c >man.counts &&
	test_cmp help.counts man.counts &&
	read -r all best <help.counts &&
	test "$best" -lt "$all" &&
	for n in $all $((all + 1)); do
		coinline explain --circle --json --row "$(seq -s " " $n)" >out.$n &&
		grep -o "\"position\":" out.$n | wc -l | tr -d " " >got.$n || return 1
	done &&
	echo "$all" >expect && test_cmp expect got.$all &&
	echo "$best" >expect && test_cmp expect got.$((all + 1)) &&
	coinline explain --circle --row "$(seq -s " " $((all + 1)))" >words &&
	test_grep "the best $best of the $((all + 1)) positions" words
'

test_done
