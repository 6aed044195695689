#!/bin/sh
# SPDX-License-Identifier: MIT
# A UTF-8 byte-order mark (EF BB BF) at the start of a file or of
# standard input is read as if it were not there, by every command that
# reads one (solve, duel, play, analyze, explain, table, play's commands
# on standard input, --row): the same output, and errors at the same
# line and column (columns count from after the mark). A mark anywhere
# else is still an error.
. "$(dirname "$0")/lib.sh"

# bom FILE: the bytes of FILE after a byte-order mark, on stdout.
bom() {
	printf '\357\273\277' && cat "$1"
}

test_expect_success 'the mark is three bytes (the helper writes them)' '
	echo x >plain &&
	bom plain >marked &&
	printf "\357\273\277x\n" >expect &&
	test_cmp expect marked &&
	test "$(wc -c <marked)" -eq 5
'

test_expect_success 'solve: a file and stdin with a mark give the answers' '
	printf "5\n1 3 5 2 9\n4\n8 15 3 7\n" >plain.txt &&
	bom plain.txt >marked.txt &&
	coinline solve marked.txt >out &&
	printf "14\n22\n" >expect &&
	test_cmp expect out &&
	coinline solve <marked.txt >out &&
	test_cmp expect out &&
	coinline solve - <marked.txt >out &&
	test_cmp expect out &&
	for form in "--both" "--json" "--line" "--line=compact"; do
		coinline solve $form <plain.txt >expect &&
		coinline solve $form <marked.txt >out &&
		test_cmp expect out || return 1
	done
'

test_expect_success 'solve: errors keep their line and column after a mark' '
	printf "3\n1 x 2\n" >bad2.txt &&
	bom bad2.txt >m2.txt &&
	test_expect_code 1 coinline solve m2.txt 2>err &&
	echo "coinline solve: m2.txt:2:3: expected coin 2 of 3 in game 1 (an integer), found '\''x'\''" >expect &&
	test_cmp expect err &&
	printf "x 1\n" >bad1.txt &&
	bom bad1.txt >m1.txt &&
	test_expect_code 1 coinline solve m1.txt 2>err &&
	echo "coinline solve: m1.txt:1:1: expected the coin count of game 1 (an integer), found '\''x'\''" >expect &&
	test_cmp expect err &&
	printf "2 1 y\n" >bad3.txt &&
	bom bad3.txt >m3.txt &&
	test_expect_code 1 coinline solve <m3.txt 2>err &&
	test_grep "^coinline solve: <stdin>:1:5: .*found .y.$" err
'

test_expect_success 'solve: a mark elsewhere is an error, quoted as bytes' '
	printf "2 1 \357\273\2772\n" >mid.txt &&
	test_expect_code 1 coinline solve mid.txt 2>err &&
	test_grep "^coinline solve: mid.txt:1:5: .*found .\\\\xef\\\\xbb\\\\xbf2.$" err &&
	printf "\357\273\277\357\273\2771 5\n" >twice.txt &&
	test_expect_code 1 coinline solve twice.txt 2>err &&
	test_grep "^coinline solve: twice.txt:1:1: " err &&
	printf "\n\357\273\2771 5\n" >line2.txt &&
	test_expect_code 1 coinline solve line2.txt 2>err &&
	test_grep "^coinline solve: line2.txt:2:1: " err &&
	printf "\357\273" >half.txt &&
	test_expect_code 1 coinline solve half.txt 2>err &&
	test_grep "^coinline solve: half.txt:1:1: " err
'

test_expect_success 'solve: a file that is only the mark has no game, as an empty one' '
	: >empty.txt &&
	bom empty.txt >only.txt &&
	coinline solve empty.txt >expect 2>expect.err &&
	coinline solve only.txt >out 2>err &&
	test_cmp expect out &&
	test_must_be_empty err
'

test_expect_success 'solve --row: a mark before the row is skipped too' '
	coinline solve --row "$(printf "\357\273\2771 3 5 2 9")" >out &&
	echo 14 >expect &&
	test_cmp expect out &&
	test_expect_code 1 coinline solve --row "$(printf "\357\273\2771 x")" 2>err &&
	test_grep "^coinline solve: --row 1:1:3: expected an integer, found .x." err
'

test_expect_success 'explain, table and duel read a marked file as the plain one' '
	printf "5\n1 3 5 2 9\n" >plain.txt &&
	bom plain.txt >marked.txt &&
	for cmd in explain table duel; do
		coinline $cmd plain.txt >expect &&
		coinline $cmd marked.txt >out &&
		test_cmp expect out &&
		coinline $cmd - <marked.txt >out &&
		test_cmp expect out || return 1
	done &&
	coinline explain marked.txt >out &&
	test_grep "player 1 ends with 14 and player 2 with 6" out
'

test_expect_success 'play: a marked FILE, and marked commands on stdin' '
	printf "5\n1 3 5 2 9\n" >plain.txt &&
	printf "l\nl\nl\n" >cmds &&
	cp plain.txt game.txt &&
	coinline play game.txt <cmds >expect &&
	bom plain.txt >game.txt &&
	coinline play game.txt <cmds >out &&
	test_cmp expect out &&
	bom cmds >mcmds &&
	cp plain.txt game.txt &&
	coinline play game.txt <mcmds >out &&
	test_cmp expect out
'

test_expect_success 'play: an unknown command after a mark is at column 1' '
	printf "xyz\n" >cmds &&
	bom cmds >mcmds &&
	test_expect_code 1 coinline play --row "1 2" <mcmds >out 2>err &&
	test_grep "^coinline play: <stdin>:1:1: unknown command .xyz. " err
'

test_expect_success 'analyze: a marked game record, and a marked classic file' '
	cat >rec <<-\EOF &&
	coinline-record 1
	game 1
	row 1 3 5 2 9
	moves RRRRL
	EOF
	bom rec >mrec &&
	coinline analyze rec >expect &&
	coinline analyze mrec >out &&
	test_cmp expect out &&
	coinline analyze - <mrec >out &&
	test_cmp expect out &&
	printf "5\n1 3 5 2 9\n" >plain.txt &&
	bom plain.txt >marked.txt &&
	coinline analyze -m RRRRL plain.txt >expect &&
	coinline analyze -m RRRRL marked.txt >out &&
	test_cmp expect out
'

test_expect_success 'analyze: a marked record refused at the same place' '
	printf "coinline-record 1\ngame 1\nrow 1 x\nmoves L\n" >bad &&
	bom bad >mbad &&
	test_expect_code 1 coinline analyze mbad 2>err &&
	echo "coinline analyze: mbad:3:7: row: not an integer" >expect &&
	test_cmp expect err
'

test_done
