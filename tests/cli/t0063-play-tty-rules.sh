#!/bin/sh
# SPDX-License-Identifier: MIT
# coinline play full-screen under other rules (--score remaining, with
# --circle too), driven in tmux as t0011 drives it: the title names the
# scoring, the totals are the scores, a hint gives the margin, a whole
# game's summary is the line mode's.
. "$(dirname "$0")/lib.sh"
. "$TEST_DIRECTORY/lib-tty.sh"

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
