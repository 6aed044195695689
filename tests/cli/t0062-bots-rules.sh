#!/bin/sh
# SPDX-License-Identifier: MIT
# Bots under every rule set: the protocol's general form (docs/protocol.md,
# "Other rules": a "rules" line, moves as positions) line for line, seat 1
# and seat 2, on a line and a circle; L and R still read in it; its
# forfeits; the classic forms kept under the classic scoring; the example
# bots of examples/bots/ (greedy.sh, parity.py, optimal.c) play exactly as
# the built-in strategies they copy under every rule set.
. "$(dirname "$0")/lib.sh"

PYTHON=$(python3 -c "import sys; print(sys.executable)" 2>/dev/null) &&
	test -x "$PYTHON" && test_set_prereq PYTHON3

BOTS=$REPO_ROOT/examples/bots

# lb.sh LOG ANSWERS...: a bot that writes what it reads to LOG ("> "
# before each line) and answers each go with the next of ANSWERS ("< ").
LB=$TRASH_ROOT/lb.sh
cat >"$LB" <<\BOT
log=$1
shift
while read -r line; do
	echo "> $line" >>"$log"
	case $line in
	go*) echo "$1"; echo "< $1" >>"$log"; shift ;;
	end*) exit 0 ;;
	esac
done
BOT

# first_game LOG: the lines of the first game of LOG.
first_game() {
	sed -n "1,/^> end/p" "$1"
}

# session LOG COMMAND...: runs coinline COMMAND... (its output dropped,
# its errors in ./err); the first game of LOG is standard input.
session() {
	lib_log_=$1
	shift
	cat >expect &&
	coinline "$@" </dev/null >/dev/null 2>err &&
	first_game "$lib_log_" >got &&
	test_cmp expect got
}

test_expect_success 'line, remaining, the bot in seat 2: a rules line, positions both ways' '
	session log duel --score remaining -r "5 3 1 4 2" --p1 optimal \
		--p2 "exec:sh $LB log 1 3" <<-\EOF
	> rules 2 line,remaining 5 5 3 1 4 2
	> opp 5
	> go 4 1 4
	< 1
	> opp 2
	> go 2 3 4
	< 3
	> end 18 12
	EOF
'

test_expect_success 'line, remaining, the bot in seat 1: L and R, either case, are read as the ends' '
	session log duel --score remaining -r "5 3 1 4 2" --p2 optimal \
		--p1 "exec:sh $LB log L r l" <<-\EOF
	> rules 1 line,remaining 5 5 3 1 4 2
	> go 5 1 5
	< L
	> opp 5
	> go 3 2 4
	< r
	> opp 3
	> go 1 2 2
	< l
	> end 14 11
	EOF
'

test_expect_success 'circle, remaining, seat 2: the first move as a position, then the ends going round' '
	session log duel --score remaining -c -r "5 3 1 4 2" --p1 optimal \
		--p2 "exec:sh $LB log 1 3" <<-\EOF
	> rules 2 circle,remaining 5 5 3 1 4 2
	> opp 5
	> go 4 1 4
	< 1
	> opp 2
	> go 2 3 4
	< 3
	> end 18 12
	EOF
'

test_expect_success 'circle, remaining, seat 1: "go N" where any coin may be taken' '
	session log duel --score remaining -c -r "5 3 1 4 2" --p2 optimal \
		--p1 "exec:sh $LB log 2 R 4" <<-\EOF
	> rules 1 circle,remaining 5 5 3 1 4 2
	> go 5
	< 2
	> opp 3
	> go 3 4 1
	< R
	> opp 5
	> go 1 4 4
	< 4
	> end 18 15
	EOF
'

test_expect_success 'the general sessions of docs/protocol.md, line for line' '
	coinline duel --score remaining -r "5 3 1 4 2" --p1 optimal \
		--p2 "exec:sh $LB log 1 3" >/dev/null 2>&1 &&
	first_game log >got &&
	sed -n "/^> rules 2 line,remaining/,/^> end/p" "$REPO_ROOT/docs/protocol.md" >expect &&
	test_line_count = 8 expect &&
	test_cmp expect got &&
	coinline duel --score remaining -c -r "5 3 1 4 2" --p2 optimal \
		--p1 "exec:sh $LB log2 2 R 4" >/dev/null 2>&1 &&
	first_game log2 >got &&
	sed -n "/^> rules 1 circle,remaining/,/^> end/p" "$REPO_ROOT/docs/protocol.md" >expect &&
	test_line_count = 10 expect &&
	test_cmp expect got
'

test_expect_success 'the classic scoring keeps the classic forms: game and circle lines, L and R' '
	coinline duel -c -r "1 3 5 2 9" --p1 optimal --p2 "exec:sh $LB log L 3" \
		>/dev/null 2>&1 &&
	first_game log >got &&
	write_lines "> circle 2 5 1 3 5 2 9" "> opp 5" "> go 4 1 2" "< L" \
		"> opp L" "> go 2 5 2" "< 3" "> end 14 6" >expect &&
	test_cmp expect got &&
	coinline duel -r "1 3 5 2 9" --p1 optimal --p2 "exec:sh $LB log2 L 3" \
		>/dev/null 2>&1 &&
	first_game log2 >got &&
	write_lines "> game 2 5 1 3 5 2 9" "> opp R" "> go 4 1 2" "< L" \
		"> opp L" "> go 2 5 2" "< 3" "> end 14 6" >expect &&
	test_cmp expect got
'

test_expect_success 'general form forfeits: not an end, not a position, off the circle, the last coin' '
	coinline duel --score remaining -r "5 3 1 4 2" --p1 optimal \
		--p2 "exec:sh $LB log 3" >/dev/null 2>err &&
	test_grep "forfeits: illegal move: position 3 is not an end (the ends are 1 and 4)\$" err &&
	coinline duel --score remaining -c -r "5 3 1 4 2" --p2 optimal \
		--p1 "exec:sh $LB log L" >/dev/null 2>err &&
	test_grep "forfeits: garbage: .L. is not a position (the first move of a circle takes one, 1 to 5)\$" err &&
	coinline duel --score remaining -c -r "5 3 1 4 2" --p2 optimal \
		--p1 "exec:sh $LB log 9" >/dev/null 2>err &&
	test_grep "forfeits: illegal move: position 9 is not on the circle (1 to 5)\$" err &&
	coinline duel --score remaining -c -r "5 3 1 4 2" --p2 optimal \
		--p1 "exec:sh $LB log 2 R 1" >/dev/null 2>err &&
	test_grep "forfeits: illegal move: position 1 is not an end (the only coin left is 4)\$" err &&
	coinline duel --score remaining -r "5 3" --p1 optimal \
		--p2 "exec:sh $LB log x" -w f.rec >/dev/null 2>err &&
	test_grep "forfeits: garbage: .x. is not L, R or a position\$" err &&
	test_grep "^forfeit 2 garbage: .x. is not L, R or a position\$" f.rec &&
	test_grep "^rules line,remaining\$" f.rec
'

test_expect_success 'play against a bot under remaining: the bot hears the general form' '
	printf "l l l\n" | coinline play --line --score remaining -r "5 3 1 4 2" \
		-e "exec:sh $LB log 2 4" >out 2>err &&
	first_game log >got &&
	cat >expect <<-\EOF &&
	> rules 2 line,remaining 5 5 3 1 4 2
	> opp 1
	> go 4 2 5
	< 2
	> opp 3
	> go 2 4 5
	< 4
	> end 16 9
	EOF
	test_cmp expect got &&
	test_grep "^game 1: you 16, .*: you win by 7\.\$" out
'

# same_json BOT BUILTIN OTHER OPTIONS...: BOT against OTHER and BUILTIN
# against OTHER on the rows: the same JSON, the names aside.
same_json() {
	bot=$1 builtin=$2 other=$3
	shift 3
	coinline duel "$@" --p1 "$bot" --p2 "$other" -s 7 -j "$TRASH_ROOT/rows" >got.json &&
	coinline duel "$@" --p1 "$builtin" --p2 "$other" -s 7 -j "$TRASH_ROOT/rows" >expect.json &&
	sed "s|\"$bot\"|\"$builtin\"|" got.json >got &&
	test_cmp expect.json got
}

test_expect_success 'the rows of the example bots: signed, ties, odd, even, 0, 1 and 2 coins' '
	coinline gen -n 9 -g 12 --min=-20 --max=20 -s 3 >"$TRASH_ROOT/rows" &&
	coinline gen -n 8 -g 12 --min=0 --max=2 -s 4 >>"$TRASH_ROOT/rows" &&
	printf "0\n\n1\n-5\n2\n7 7\n" >>"$TRASH_ROOT/rows"
'

for rules in "" "-c" "--score remaining" "-c --score remaining"; do
	test_expect_success "greedy.sh plays as greedy (${rules:-the classic rules})" "
		same_json 'exec:sh $BOTS/greedy.sh' greedy optimal $rules
	"
	test_expect_success PYTHON3 "parity.py plays as parity (${rules:-the classic rules})" "
		same_json 'exec:$PYTHON -S $BOTS/parity.py' parity optimal $rules &&
		same_json 'exec:$PYTHON -S $BOTS/parity.py' parity random $rules
	"
	test_expect_success CC "optimal.c plays as optimal (${rules:-the classic rules})" "
		\${CC:-cc} \${TEST_CFLAGS-} -std=c11 -Wall -Wextra -Wpedantic -Werror \
			-I\"\$REPO_ROOT/include\" -o optimal \"$BOTS/optimal.c\" \
			\"\$BUILD_DIR/libcoinline.a\" &&
		same_json exec:./optimal optimal greedy $rules &&
		same_json exec:./optimal optimal fallible:0.5 $rules
	"
done

test_done
