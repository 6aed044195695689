#!/bin/sh
# SPDX-License-Identifier: MIT
# The edges an independent audit found (issue 18), each with its
# reproducer: bots that answered ahead and left (under CPU load, in a
# loop), names with bytes that are not UTF-8 in every --json output.
. "$(dirname "$0")/lib.sh"

command -v python3 >/dev/null 2>&1 && test_set_prereq PYTHON3

# valid_json FILE: every line of FILE is one JSON value in strict UTF-8.
cat >"$TRASH_ROOT/valid.py" <<\PYEOF
import json, sys
for no, line in enumerate(open(sys.argv[1], "rb").read().splitlines()):
    json.loads(line.decode("utf-8", "strict"))
print("lines:", no + 1)
PYEOF
valid_json() {
	python3 "$TRASH_ROOT/valid.py" "$1"
}

# Two busy loops at the lowest priority (the other tests running in
# parallel keep their share), so that the bots and coinline race.
load_start() {
	for i in 1 2; do
		nice -n 19 sh -c 'while :; do :; done' &
		echo $! >>"$TRASH_ROOT/hogs"
	done
}
load_stop() {
	test -f "$TRASH_ROOT/hogs" && kill $(cat "$TRASH_ROOT/hogs") 2>/dev/null
	rm -f "$TRASH_ROOT/hogs"
	return 0
}

test_expect_success 'a bot that wrote its move and exited is answered by it, not forfeited (10 runs under load)' '
	load_start &&
	slow="exec:while read -r w x; do case \$w in go) sleep 0.2; echo L;; end) exit;; esac; done" &&
	i=0 && bad=0 &&
	while test $i -lt 10; do
		coinline duel --p1 "$slow" --p2 "exec:echo L" -r "1 2 3" -g 1 -w rec 2>err >out || :
		sed -n "/^game 1\$/,/^game 2\$/p" rec >g1 &&
		grep -qx "moves LLL" g1 && ! grep -q "^forfeit" g1 || bad=$((bad + 1))
		i=$((i + 1))
	done
	load_stop
	echo "runs with a wrong verdict: $bad of 10" &&
	test $bad = 0
'

test_expect_success 'a fast bot that printed all its moves at once never forfeits (10 runs under load)' '
	load_start &&
	i=0 && bad=0 &&
	while test $i -lt 10; do
		coinline duel --p1 "exec:printf \"L\\nL\\n\"" --p2 greedy -r "1 2 3" -j >out 2>err &&
		grep -q "\"strategy\":\"exec:printf[^}]*\"forfeits\":0" out || bad=$((bad + 1))
		i=$((i + 1))
	done
	load_stop
	echo "runs with a forfeit: $bad of 10" &&
	test $bad = 0
'

test_expect_success 'a bot that exits without its move is still forfeited, with its verdict' '
	coinline duel --p1 "exec:exit 0" --p2 greedy -r "1 2 3" -g 1 2>err >out &&
	test_grep "forfeits: exited (status 0) before the game ended" err
'

test_expect_success PYTHON3 'duel --json with a bot name that is not UTF-8: valid JSON, U+FFFD for the byte' '
	coinline duel --p1 greedy --p2 "$(printf "exec:sh $REPO_ROOT/examples/bots/greedy.sh #\377")" \
		-r "1 2 3" -j >out 2>err &&
	valid_json out &&
	test_grep "greedy.sh #\\\\ufffd" out
'

test_expect_success PYTHON3 'analyze --json of a record whose name is Latin-1: valid JSON' '
	printf "coinline-record 1\ngame 1\np1 caf\351\nrow 1 2\nmoves LL\n" >rec &&
	coinline analyze -j rec >out &&
	valid_json out &&
	test_grep "caf\\\\ufffd" out
'

test_expect_success PYTHON3 'play --json with an engine spec that is not UTF-8: valid JSON' '
	echo "l" | coinline play -r "1 2" -j \
		-e "$(printf "exec:sh $REPO_ROOT/examples/bots/greedy.sh #\300\200")" >out 2>err &&
	valid_json out &&
	test_grep "\\\\ufffd\\\\ufffd" out
'

test_expect_success 'a forfeit has one shape: play --json as analyze --json of its record' '
	echo "l" | coinline play -e exec:false -r "1 2 3 4" -j -w rec >json 2>err &&
	coinline analyze -j rec >review &&
	sed -n "s/.*\(\"forfeit\":{[^}]*}\).*/\1/p" json >a &&
	sed -n "s/.*\(\"forfeit\":{[^}]*}\).*/\1/p" review >b &&
	test_grep "^\"forfeit\":{\"player\":2,\"verdict\":\"" a &&
	test_cmp a b
'

test_expect_success 'play --save writes a game reopened by undo once, as it finally stands' '
	printf "l r l\nundo\nr\nquit\n" | coinline play -2 -r "1 2 3" -w rec -j >json 2>err &&
	grep -c "^game 1\$" rec >count &&
	echo 1 >expect &&
	test_cmp expect count &&
	test_grep -x "moves LRR" rec &&
	test_line_count = 2 json &&
	tail -n 1 json >last &&
	test_grep "\"moves\":\"LRR\"" last &&
	coinline analyze rec >review &&
	test_grep "^game 1: 3 coins, 3 moves played" review
'

test_expect_success 'play: a NUL byte in a line of commands is reported with its place, and the rest runs' '
	printf "l\0r\nr\n" | test_expect_code 1 coinline play -r "1 2 3" -2 >out 2>err &&
	test_grep "<stdin>:1:2: a NUL byte, read as a blank" err &&
	test_grep "^move 3: player 1 takes 2" out
'

test_expect_success 'options the mode would ignore are usage errors' '
	test_expect_code 2 coinline play --two-players --engine greedy -r "1 2" 2>err </dev/null &&
	test_grep "coinline play: --engine is for the engine, and --two-players has none" err &&
	test_expect_code 2 coinline play -2 --level easy -r "1 2" </dev/null &&
	test_expect_code 2 coinline play -2 --first engine -r "1 2" </dev/null &&
	test_expect_code 2 coinline play -r "1 2" --min 3 2>err </dev/null &&
	test_grep "coinline play: --min is for random rows; the row here comes from --row" err &&
	test_expect_code 2 coinline analyze --row "1 2" -m L --game 5 2>err &&
	test_grep "coinline analyze: --game picks a game of a record; it goes without --row" err &&
	echo q | coinline play -2 -n 3 --min 5 --max 9 >out &&
	test_grep "3 coins" out
'

# stop_duel SIGNAL: a long match with a slow bot, stopped by SIGNAL once
# its first games are saved; its exit status in "status".
stop_duel() {
	slow="exec:while read -r w x; do case \$w in go) sleep 0.02; echo L;; end) ;; esac; done"
	"$COINLINE" duel --p1 "$slow" --p2 greedy -n 10 -g 1000 -w rec >out 2>err &
	pid=$!
	i=0
	while test $i -lt 100 && test "$(cat rec 2>/dev/null | grep -c "^game ")" -lt 3; do
		sleep 0.1
		i=$((i + 1))
	done
	kill -$1 $pid
	wait $pid
	echo $? >status
}

test_expect_success 'duel stopped by SIGINT: the results so far, whole records, exit 130' '
	stop_duel INT &&
	echo 130 >expect &&
	test_cmp expect status &&
	test_grep "^coinline duel: stopped by SIGINT after [0-9]* games: the results of those\$" err &&
	games=$(sed -n "s/.*after \([0-9]*\) games.*/\1/p" err) &&
	test_grep "^greedy " out &&
	test_grep ": $games games\$" out &&
	test "$(grep -c "^game " rec)" = "$games" &&
	coinline analyze rec >review &&
	test "$(grep -c "^game [0-9]*: " review)" = "$games"
'

test_expect_success 'duel stopped by SIGTERM: exit 143, with the results so far' '
	stop_duel TERM &&
	echo 143 >expect &&
	test_cmp expect status &&
	test_grep "stopped by SIGTERM" err &&
	test_grep "^greedy " out
'

test_done
