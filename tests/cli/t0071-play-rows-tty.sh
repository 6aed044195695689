#!/bin/sh
# SPDX-License-Identifier: MIT
# coinline play's full screen on several rows (issue 32), driven in tmux:
# a line a row with the row chosen marked, up and down and a typed number
# choose the row, the arrows take its ends, the hint, undo; a long row
# elided to the width. The moves and totals are those of the line mode
# (t0071-play-rows.sh checks them against exhaustive play).
. "$(dirname "$0")/lib.sh"
. "$TEST_DIRECTORY/lib-tty.sh"

test_expect_success 'the rows a line each, the row chosen marked; up, down and a number choose, the arrows take' '
	start_pane 80 24 &&
	type_line "sh play.sh -r \"1 3 5 / 2 9 / / 4\"" &&
	wait_for "you to move, row 1" &&
	screen_line 1 >top &&
	echo " coinline play   game 1   6 coins in 4 rows" >expect &&
	test_cmp expect top &&
	test_grep "^ > 1: \[1 3 5\]\$" screen &&
	test_grep "^   3: -\$" screen &&
	keys Down &&
	wait_for "you to move, row 2: <- take 2   or   take 9 ->" &&
	keys Down &&
	wait_for "you to move, row 4" &&
	keys 2 &&
	wait_for "^ > 2: \[2 9\]" &&
	keys Right &&
	wait_for "last move: optimal took" &&
	test_grep "^ > you (player 1): 9\$" screen &&
	keys u &&
	wait_for "^ > you .player 1.: 0\$" &&
	keys h &&
	wait_for "^ hint: take 9 from the right end of row 2 .2R." &&
	keys q &&
	restored
'

test_expect_success 'a row wider than the screen keeps its ends, its middle elided' '
	start_pane 60 20 &&
	type_line "sh play.sh -r \"$(seq 100 160 | tr "\n" " ")/ 1\"" &&
	wait_for "you to move" &&
	test_grep "^ > 1: \[100 .* ... ([0-9]* more) ... .* 160\]\$" screen &&
	keys q &&
	restored
'

test_done
