#!/bin/sh
# SPDX-License-Identifier: MIT
# The edges an independent audit found (issue 18), each with its
# reproducer: names with bytes that are not UTF-8 in every --json output.
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

test_done
