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
	synopsis_line "$1" | tr " " "\n" | grep "^-"
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
# (its ".RI [ file ...]" request), as "file" or "file...".
synopsis_files() {
	awk -v cmd="$1" '
		/^\.SH / { insyn = ($0 == ".SH SYNOPSIS"); next }
		!insyn { next }
		prev == ".B coinline" && $0 == ".B " cmd { on = 1 }
		{ prev = $0 }
		on && /^\.br/ { exit }
		on && /^\.RI \[ file/ { s = $0; gsub(/^\.RI \[|\\&|[] ]/, "", s); print s }' "$MAN"
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

test_done
