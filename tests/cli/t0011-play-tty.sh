#!/bin/sh
# SPDX-License-Identifier: MIT
# coinline play full-screen, driven in tmux: keys are sent with send-keys
# and the screen is read with capture-pane, waiting (with a deadline) for
# what must appear. The board, moves with the arrows and the letters,
# hints, undo, new games, a resize, the ways out (q, Ctrl-C, kill -TERM,
# Ctrl-Z then fg) and the terminal after them, the summary on the normal
# screen against the line mode's, --json, errors kept for after; a
# circle drawn as a ring (positions, taken coins, ends, the cursor of
# its first move) or as a line with its gap.
. "$(dirname "$0")/lib.sh"
. "$TEST_DIRECTORY/lib-tty.sh"

test_expect_success 'the board: the coins left between brackets, both totals, whose turn, the keys' '
	start_pane 80 24 &&
	type_line "sh play.sh -r \"1 3 5 2 9\"" &&
	wait_for "you to move" &&
	test "$(alternate)" = 1 &&
	screen_line 1 >top &&
	echo " coinline play   game 1   5 coins" >expect &&
	test_cmp expect top &&
	sed -n "3,9p" screen | sed "s/ *\$//" >board &&
	cat >expect <<-\EOF &&
	 > you (player 1): 0
	   optimal (player 2): 0

	 [1 3 5 2 9]


	 you to move: <- take 1   or   take 9 ->
	EOF
	test_cmp expect board &&
	screen_line 24 >keys &&
	echo " <-/l left  ->/r right  h hint  u undo  n new game  q quit" >expect &&
	test_cmp expect keys &&
	keys q &&
	restored
'

# --level names the engine by the level and its strategy, on the screen
# and in the summary left on the normal screen.
test_expect_success '--level=easy: the engine is "easy (fallible:0.5)" on the screen and in the summary' '
	start_pane 80 24 &&
	type_line "sh play.sh --level=easy -s 1 -r \"1 3 5 2 9\"" &&
	wait_for "you to move" &&
	test_grep "^   easy (fallible:0.5) (player 2): 0\$" screen &&
	test_grep ! "^   fallible:0.5 " screen &&
	keys q &&
	restored &&
	after_game &&
	test_grep "^with best play from the start: you 14, easy (fallible:0.5) 6\$" after
'

# 1 3 5 2 9: you take 9 (Right), the engine 1 after its pause; on 3 5 2
# both ends are as good; then u takes back the engine's 1 and your 9.
test_expect_success 'the arrow takes a coin, the engine replies; the hint; undo takes the turn back' '
	start_pane 80 24 &&
	type_line "sh play.sh -r \"1 3 5 2 9\"" &&
	wait_for "you to move" &&
	keys Right &&
	wait_for "last move: optimal took 1 \\(left\\)" &&
	sed -n "3,9p" screen | sed "s/ *\$//" >board &&
	cat >expect <<-\EOF &&
	 > you (player 1): 9
	   optimal (player 2): 1

	  1[3 5 2]9

	 last move: optimal took 1 (left)
	 you to move: <- take 3   or   take 2 ->
	EOF
	test_cmp expect board &&
	keys h &&
	wait_for "^ hint: " &&
	sed -n "/^ hint: /,/^ *\$/p" screen | sed "s/ *\$//" >hint &&
	cat >expect <<-\EOF &&
	 hint: take either coin (left 3, right 2): with best play from here you end
	 with 14 against 6

	EOF
	test_cmp expect hint &&
	keys u &&
	wait_for "^ \\[1 3 5 2 9\\]" &&
	test_grep "^ > you (player 1): 0" screen &&
	test_grep ! "last move" screen &&
	test_grep ! "hint:" screen &&
	keys u &&
	wait_for "undo: nothing to undo" &&
	keys q &&
	restored
'

test_expect_success 'a whole game with l, r and the arrows; the summary on the screen; q; the summary on the normal screen is the line mode'"'"'s' '
	start_pane 80 24 &&
	type_line "sh play.sh -r \"1 3 5 2 9\"" &&
	wait_for "you to move" &&
	keys Left &&
	wait_for "last move: optimal took 9" &&
	keys r &&
	wait_for "last move: optimal took 5" &&
	keys l &&
	wait_for "every move optimal" &&
	sed -n "/^ game 1: /,/^ optimal: /p" screen | sed "s/ *\$//" >summary &&
	cat >expect <<-\EOF &&
	 game 1: you 6, optimal 14: optimal wins by 8.
	 with best play from the start: you 14, optimal 6
	 you: 1 move lost points, 8 points in all
	   move 1: took 1 (left), best was 9 (right): lost 8 points
	 optimal: every move optimal
	EOF
	test_cmp expect summary &&
	keys l &&
	wait_for "the game is over: n new game, u undo, q quit" &&
	keys q &&
	restored &&
	after_game &&
	echo "l r l" | coinline play -r "1 3 5 2 9" | sed -n "/^game 1: you/,\$p" >expect &&
	test_line_count = 5 expect &&
	test_cmp expect after &&
	grep "^exit=" screen >status &&
	echo exit=0 >expect &&
	test_cmp expect status
'

test_expect_success 'Ctrl-C quits: the terminal is restored, the summary of the game so far printed, exit 0' '
	start_pane 80 24 &&
	type_line "sh play.sh -r \"1 3 5 2 9\"" &&
	wait_for "you to move" &&
	keys Right &&
	wait_for "last move: optimal" &&
	keys C-c &&
	restored &&
	after_game &&
	echo r | coinline play -r "1 3 5 2 9" 2>/dev/null | sed -n "/^game 1, stopped/,\$p" >expect &&
	test_line_count = 4 expect &&
	test_cmp expect after &&
	test_grep "^exit=0\$" screen
'

test_expect_success 'kill -TERM: the terminal is restored, the game summed up and saved, then the process dies of the signal' '
	start_pane 80 24 &&
	type_line "sh play.sh -r \"1 3 5 2 9\" --save games.rec" &&
	wait_for "you to move" &&
	keys Right &&
	wait_for "last move: optimal" &&
	kill -TERM "$(cat pid)" &&
	wait_for "^exit=" &&
	test_grep "^exit=143\$" screen &&
	restored &&
	test_grep "^game 1, stopped after move 2 of 5: you 9, optimal 1 so far\\.\$" screen &&
	sed -n "/^row /,\$p" games.rec >record &&
	write_lines "row 1 3 5 2 9" "moves RL" "totals 9 1" >expect &&
	test_cmp expect record
'

test_expect_success 'Ctrl-Z stops the game with the terminal restored; fg brings the board back' '
	start_pane 80 24 &&
	type_line "\"$COINLINE\" play -r \"4 8 1\"" &&
	wait_for "you to move" &&
	keys C-z &&
	wait_for "Stopped" &&
	test "$(alternate)" = 0 &&
	type_line "stty -a >stty.out; echo ==stty==" &&
	wait_for "^==stty==" &&
	grep -E -q "(^| )icanon( |$)" stty.out &&
	grep -E -q "(^| )echo( |$)" stty.out &&
	type_line fg &&
	wait_for "you to move: <- take 4" &&
	test "$(alternate)" = 1 &&
	keys l &&
	wait_for "last move: optimal took" &&
	keys q &&
	wait_for "^game 1" &&
	test "$(alternate)" = 0
'

# 40 coins of 1 or 2 digits (cells of 3 columns): 32 to a line at 100
# columns (2 lines), 15 at 50 (3 lines); the keys line is cut to the width.
test_expect_success 'a resize redraws at the new width; a screen too small says so' '
	start_pane 100 30 &&
	type_line "sh play.sh -n 40 -s 3" &&
	wait_for "you to move" &&
	grep -c "^ [[ ] *[0-9]" screen >rows &&
	echo 2 >expect &&
	test_cmp expect rows &&
	tm resize-window -t game -x 50 -y 30 &&
	wait_for "^ <-/l left  ->/r right  h hint  u undo  n new gam\$" &&
	grep -c "^ [[ ] *[0-9]" screen >rows &&
	echo 3 >expect &&
	test_cmp expect rows &&
	coinline gen -n 40 -g 1 -s 3 --min=1 --max=20 | sed -n 2p >expect &&
	sed -n "/^ \\[/,/\\]\$/p" screen | tr -d "[]\\n" | tr -s " " | sed "s/^ //; s/ \$//" >row &&
	echo >>row &&
	test_cmp expect row &&
	tm resize-window -t game -x 36 -y 10 &&
	wait_for "^too small \\(36x10\\): 40x12 at least" &&
	tm resize-window -t game -x 80 -y 24 &&
	wait_for "you to move" &&
	keys q &&
	restored
'

test_expect_success 'new: the next game; two players take turns at once; --save keeps both games' '
	printf "2\n1 2\n3\n5 1 2\n" >rows.txt &&
	start_pane 80 24 &&
	type_line "sh play.sh -2 rows.txt -w games.rec" &&
	wait_for "player 1 to move: <- take 1   or   take 2 ->" &&
	keys r &&
	wait_for "player 2 to move: <- take 1   or   take 1 ->" &&
	keys n &&
	wait_for "game 2   3 coins" &&
	wait_for "^ \\[5 1 2\\]" &&
	keys l l &&
	wait_for "player 1 to move: <- take 2" &&
	keys q &&
	restored &&
	grep "^moves" games.rec >moves &&
	write_lines "moves R" "moves LL" >expect &&
	test_cmp expect moves &&
	after_game &&
	grep "^game [12]" after >heads &&
	cat >expect <<-\EOF &&
	game 1, stopped after move 1 of 2: player 1 2, player 2 0 so far.
	game 2, stopped after move 2 of 3: player 1 5, player 2 1 so far.
	EOF
	test_cmp expect heads
'

test_expect_success '--json on the terminal: only the JSON object on the normal screen after the game' '
	start_pane 80 24 &&
	type_line "sh play.sh -r \"4 1\" --json" &&
	wait_for "you to move" &&
	keys l &&
	wait_for "every move optimal" &&
	keys q &&
	restored &&
	after_game &&
	echo "l" | coinline play -r "4 1" --json 2>/dev/null >expect &&
	test_cmp expect after
'

test_expect_success '--json with standard output to a file: the game is drawn on standard error, the file holds the JSON' '
	start_pane 80 24 &&
	type_line "PLAY_OUT=out.json sh play.sh -r \"4 1\" --json" &&
	wait_for "you to move" &&
	test "$(alternate)" = 1 &&
	keys r &&
	wait_for "every move optimal" &&
	keys q &&
	restored &&
	echo "r" | coinline play -r "4 1" --json 2>/dev/null >expect &&
	test_cmp expect out.json
'

test_expect_success 'an error during the game (a bad game in the FILE) is shown after the screen is left; exit 1' '
	printf "1 5\n2\n1 x\n" >bad.txt &&
	start_pane 80 24 &&
	type_line "sh play.sh bad.txt" &&
	wait_for "you to move" &&
	keys n &&
	restored &&
	test_grep "^coinline play: bad.txt:3:3: expected coin 2 of 2 in game 2 (an integer), found .x.\$" screen &&
	test_grep "^game 1, stopped after move 0 of 1: you 0, optimal 0 so far\\.\$" screen &&
	test_grep "^exit=1\$" screen
'

# The bot writes to standard error as it starts (docs/protocol.md: its
# standard error is coinline's): not over the game, but after it.
test_expect_success 'a bot'"'"'s messages on standard error are shown after the game, not drawn over it' '
	cat >bot.sh <<-EOF &&
	echo "the bot starts" >&2
	exec sh "$REPO_ROOT/examples/bots/greedy.sh"
	EOF
	start_pane 80 24 &&
	type_line "sh play.sh -r \"1 5 2\" -e \"exec:sh bot.sh\"" &&
	wait_for "you to move" &&
	keys l &&
	wait_for "last move: exec:sh bot.sh took 5" &&
	test_grep ! "the bot starts" screen &&
	keys q &&
	restored &&
	after_game &&
	test_grep "^the bot starts\$" after
'

# The circle 1 3 5 2 9 4 8 6 7 12 at 80x24: a ring (positions "#P" just
# outside their coins, clockwise from the top), the coin chosen in
# brackets. 3 and Enter take the 5 at position 3; the engine takes the 3
# at position 2 (the right end of 2 9 4 8 6 7 12 1 3); both leave a '.',
# and the ends, 2 at position 4 and 1 at position 1, are in brackets.
test_expect_success 'a circle: a ring with its positions; the arrows and digits choose, Enter takes; taken coins gone, the ends marked; undo' '
	start_pane 80 24 &&
	type_line "sh play.sh -c -r \"1 3 5 2 9 4 8 6 7 12\"" &&
	wait_for "you to move" &&
	screen_line 1 >top &&
	echo " coinline play   game 1   10 coins on a circle" >expect &&
	test_cmp expect top &&
	sed -n "6,13p" screen | tr -s " " >ring &&
	cat >expect <<-\EOF &&
	 #10 #1 #2
	 12 [1] 3

	 #9 7 5 #3
	 #8 6 2 #4

	 8 4 9
	 #7 #6 #5
	EOF
	test_cmp expect ring &&
	test_grep "you to move: <- -> choose, Enter takes 1 (position 1)\$" screen &&
	screen_line 24 >keys &&
	echo " <- -> choose  Enter take  1-10 a position  h hint  u undo  n new game  q quit" >expect &&
	test_cmp expect keys &&
	keys Right Right &&
	wait_for "Enter takes 5 \\(position 3\\)" &&
	test_grep "^ *#9 *7 *\\[5\\] *#3\$" screen &&
	keys 1 0 &&
	wait_for "Enter takes 12 \\(position 10\\)" &&
	test_grep "^ *\\[12\\] *1 *3\$" screen &&
	keys Left &&
	wait_for "Enter takes 7 \\(position 9\\)" &&
	keys 3 Enter &&
	wait_for "last move: optimal took 3 \\(right, position 2\\)" &&
	sed -n "6,13p" screen | tr -s " " >ring &&
	cat >expect <<-\EOF &&
	 #10 #1 #2
	 12 [1] .

	 #9 7 . #3
	 #8 6 [2] #4

	 8 4 9
	 #7 #6 #5
	EOF
	test_cmp expect ring &&
	test_grep "you to move: <- take 2 (position 4)   or   take 1 (position 1) ->\$" screen &&
	keys u &&
	wait_for "Enter takes 5 \\(position 3\\)" &&
	test_grep ! "last move" screen &&
	test_grep "^ *#9 *7 *\\[5\\] *#3\$" screen &&
	keys q &&
	restored
'

# 40 coins do not fit round a ring at 60x30: the line from the first
# coin taken, the line left between brackets, the gap outside them (the
# 39 taken first, then the engine's 40 from the left end).
test_expect_success 'a circle too large for a ring: a line, the first coin taken at its start' '
	start_pane 60 30 &&
	type_line "sh play.sh -c -r \"$(seq 1 40 | tr "\\n" " ")\"" &&
	wait_for "you to move" &&
	test_grep "^ \\[ 1  2  3 " screen &&
	keys 3 9 Enter &&
	wait_for "last move: optimal took" &&
	test_grep "^  39 40\\[ 1  2  3 " screen &&
	keys q &&
	restored
'

test_done
