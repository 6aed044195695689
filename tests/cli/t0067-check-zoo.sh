#!/bin/sh
# SPDX-License-Identifier: MIT
# coinline check (issue 31) on the zoo of tests/check-zoo/: learners'
# solutions of the classic task in Python, C, JavaScript and awk, each run
# as a learner would run it (no build system; the C compiled here with
# $CC). Every wrong one exits 1 with its status (wrong, crash, timeout,
# bad-output) and a small game; the game is not written here, only a
# bound on its size, and this script runs the program on it again itself:
# a wrong answer must differ from `coinline solve`'s, a crash must crash,
# a time-out must outlast the time limit, a bad output must not be an
# answer. The right ones (an O(n^2) DP in Python and in C, a "wins"
# answer, a --stream reader) exit 0. Short --max-n and --time-limit keep
# the Python ones quick (a Python start is about 15 ms a game).
. "$(dirname "$0")/lib.sh"

ZOO=$REPO_ROOT/tests/check-zoo
BIN=$TRASH_ROOT/zoo-bin
export ZOO BIN

command -v python3 >/dev/null 2>&1 ||
	skip_all "python3 is not installed (it runs the zoo and checks its games)"
command -v node >/dev/null 2>&1 && test_set_prereq NODE
# The Python ones run on the interpreter itself (not a version manager's
# shim) without the site module: a start of about 15 ms, not 70.
PY=$(python3 -c "import sys; print(sys.executable)")
export PY

# judge.py OUT STATUS MIN_N MAX_N ANSWER -- PROGRAM...: check's --json
# report OUT says STATUS on a game of MIN_N..MAX_N coins, and PROGRAM,
# run here on that game, really fails it that way.
cat >"$TRASH_ROOT/judge.py" <<\PYEOF
import json, signal, subprocess, sys
from tool import run

out, status, lo, hi, answer = sys.argv[1:6]
assert sys.argv[6] == "--"
program = sys.argv[7:]


def no_repeats(pairs):
    """The object; a name given twice is refused (a JSON reader keeps one
    of the two, silently)."""
    o = {}
    for k, v in pairs:
        assert k not in o, ("a name given twice", k)
        o[k] = v
    return o


r = json.load(open(out), object_pairs_hook=no_repeats)
assert r["status"] == status, r
assert r["passed"] < r["games"], r
coins = [int(c) for c in r["coins"]]
n = len(coins)
assert r["n"] == n and int(lo) <= n <= int(hi), (n, lo, hi, r)
game = "%d\n%s\n" % (n, " ".join(map(str, coins)))


def rerun(timeout=None):
    return subprocess.run(program, input=game, capture_output=True,
                          text=True, timeout=timeout)


def parse(text):
    """The program's answer in check's JSON form, or None."""
    words = text.split()
    try:
        if answer == "wins":
            assert len(words) == 1 and words[0].lower() in ("true", "false")
            return words[0].lower() == "true"
        if answer == "both":
            assert len(words) == 2
            return [int(w) for w in words]
        assert len(words) == 1
        return int(words[0])
    except (AssertionError, ValueError):
        return None


def number(x):
    return [number(y) for y in x] if isinstance(x, list) else (
        x if isinstance(x, bool) else int(x))


if status == "timeout":
    try:
        p = rerun(timeout=float(r["time_limit"]))
        raise AssertionError("finished in time: %r" % (p.stdout,))
    except subprocess.TimeoutExpired:
        pass
    print("timeout at n = %d: %s (growth %s)" % (n, game.split("\n")[1],
                                                r.get("growth")))
    sys.exit(0)

p = rerun(timeout=60)
if status == "crash":
    assert p.returncode != 0, p
    if p.returncode < 0:
        name = signal.Signals(-p.returncode).name
        assert r["signal"] in (name, name[3:], -p.returncode), (p, r)
    else:
        assert r.get("exit_status") == p.returncode, (p, r)
    tail = p.stderr.strip().splitlines()[-1]
    assert tail in r["stderr"], (tail, r["stderr"])
    print("crash on %s: %s" % (game.split("\n")[1], tail))
elif status == "bad-output":
    assert p.returncode == 0 and parse(p.stdout) is None, p
    assert p.stdout.strip() in r["got"], (p.stdout, r["got"])
    print("bad output on %s: %r" % (game.split("\n")[1], p.stdout))
else:
    s = json.loads(run("solve", "--json", "--row", " ".join(map(str, coins))))
    expected = {"first": s["p1"], "margin": s["margin"],
                "both": [s["p1"], s["p2"]], "wins": s["margin"] >= 0}[answer]
    got = parse(p.stdout)
    assert p.returncode == 0 and got is not None, p
    assert got != expected, (coins, got, expected)
    assert number(r["expected"]) == expected, (r, expected)
    assert number(r["got"]) == got, (r, got)
    print("wrong on %s: %s, not %s" % (game.split("\n")[1], got, expected))
PYEOF

judge() {
	PYTHONPATH="$REPO_ROOT/tests/cli" python3 "$TRASH_ROOT/judge.py" "$@"
}

# check --json ... -- PROGRAM... into out, exit 1, then judge.py out.
# zoo_fails STATUS MIN_N MAX_N ANSWER [CHECK OPTIONS] -- PROGRAM...
zoo_fails() {
	status=$1 lo=$2 hi=$3 answer=$4 &&
	shift 4 &&
	test_expect_code 1 coinline check --json --answer "$answer" "$@" >out &&
	while test "$1" != "--"; do shift; done &&
	judge out "$status" "$lo" "$hi" "$answer" "$@"
}

# check ... -- PROGRAM... exits 0, every game passed.
zoo_passes() {
	coinline check --json "$@" >out &&
	test_grep "\"status\":\"ok\"" out &&
	test_grep "\"passed\":[1-9][0-9]*" out
}

test_expect_success CC 'the zoo'"'"'s C builds without a warning (-Wall -Wextra -Wpedantic)' '
	mkdir -p "$BIN" &&
	for c in "$ZOO"/*.c; do
		${CC:-cc} ${TEST_CFLAGS-} -UNDEBUG -std=c11 -Wall -Wextra \
			-Wpedantic -Werror -o "$BIN/$(basename "$c" .c)" "$c" ||
			return 1
	done
'

# 1. greedy: no row of 3 coins or fewer fools it (greedy is optimal
# there), the check's shrinking stops at 4 coins or a little more.
test_expect_success 'greedy.py: wrong, on a row of 4 to 6 coins' '
	zoo_fails wrong 4 6 first --max-n 60 -- "$PY" -S "$ZOO/greedy.py"
'

test_expect_success 'greedy.py in words: the line to paste fails as said, the game --json'"'"'s' '
	test_expect_code 1 coinline check --json --max-n 60 -- "$PY" -S "$ZOO/greedy.py" >json &&
	test_expect_code 1 coinline check --max-n 60 -- "$PY" -S "$ZOO/greedy.py" >out &&
	sed -n "s/^  \(printf .*\)$/\1/p" out >paste.sh &&
	test_line_count = 1 paste.sh &&
	row=$(python3 -c "import json,sys; print(\" \".join(map(str, json.load(open(sys.argv[1]))[\"coins\"])))" json) &&
	test_grep -F "$row" paste.sh &&
	expected=$(sed -n "s/^Expected: \([0-9]*\) (player 1.s best total)$/\1/p" out) &&
	test "$expected" = "$(coinline solve --row "$row")" &&
	test_grep "^Got: *$(sh paste.sh)$" out &&
	test "$(sh paste.sh)" != "$expected"
'

# 2. parity: wrong on odd rows of 3 coins (1 3 1), and on even rows of 6
# (3 2 2 3 1 2).
test_expect_success 'parity.awk: wrong, on a row of 3 to 6 coins' '
	zoo_fails wrong 3 6 first --max-n 60 -- awk -f "$ZOO/parity.awk"
'

# 3. the even-lengths table prints 0 on every odd row: one coin already.
test_expect_success CC 'even-table.c: wrong, on an odd row of 1 to 3 coins' '
	zoo_fails wrong 1 3 first -- "$BIN/even-table" &&
	test_grep "\"n\":[13]," out
'

# 4. 32-bit totals: right on the classic values, wrong past 2^31 (one
# coin of 2^30 already: its sum plus its margin wraps).
test_expect_success CC 'overflow32.c: right on 1..100, wrong on 1 or 2 coins near 2^31' '
	zoo_passes -- "$BIN/overflow32" &&
	zoo_fails wrong 1 2 first --max 2000000000 -- "$BIN/overflow32"
'

# 5. a crash on one coin: the edge games come first, so the game is the
# one coin itself.
test_expect_success 'one-coin-index.py: crash, exit status 1 and the IndexError, on 1 coin' '
	zoo_fails crash 1 1 first -- "$PY" -S "$ZOO/one-coin-index.py" &&
	test_grep "\"exit_status\":1" out &&
	test_grep "IndexError" out
'

test_expect_success CC 'one-coin-assert.c: crash, SIGABRT from its assert, on 1 coin' '
	zoo_fails crash 1 1 first -- "$BIN/one-coin-assert" &&
	test_grep "\"signal\":\"[A-Z]*ABRT\"" out
'

# 6. plain recursion: 2^n calls, a time-out past 0.5 s somewhere between
# 16 and 30 coins (about 0.35 s at 20 coins, 1 s at 22 on this machine);
# the report names the n, and the growth: exponential. The growth is
# measured: on a machine busy with other work its noise can hide it
# ("unknown", never another growth), so an unknown growth is measured
# once more before the test fails.
test_expect_success 'exponential.py: time-out at n = 16..30, said' '
	zoo_fails timeout 16 30 first --time-limit 0.5 -- "$PY" -S "$ZOO/exponential.py" &&
	test_grep "\"time_limit\":0.5" out &&
	if grep "\"growth\":\"unknown\"" out >/dev/null; then
		echo "# growth unknown (a busy machine?): measured again" >&2 &&
		zoo_fails timeout 16 30 first --time-limit 0.5 -- "$PY" -S "$ZOO/exponential.py"
	fi &&
	test_grep "\"growth\":\"exponential\"" out
'

# 7. an off-by-one in the recurrence: wrong from 3 coins (1 2 1).
test_expect_success NODE 'off-by-one.js: wrong, on a row of 3 to 5 coins' '
	zoo_fails wrong 3 5 first --max-n 60 -- node "$ZOO/off-by-one.js"
'

# 8. the seeds' own mistake: a memo keyed by j alone, right up to 4 coins.
test_expect_success NODE 'seed-memo-key.js: wrong, on a row of 5 or 6 coins' '
	zoo_fails wrong 5 6 first --max-n 60 -- node "$ZOO/seed-memo-key.js"
'

# 9. "Predict the Winner" with > for >=: wrong on a tie, the smallest of
# which has 2 coins.
test_expect_success 'wins-strict.py: wrong with --answer wins, on a tie of 2 or 4 coins' '
	zoo_fails wrong 2 4 wins --max-n 60 -- "$PY" -S "$ZOO/wins-strict.py" &&
	test_grep "\"expected\":true" out &&
	test_grep "\"got\":false" out
'

# Not an answer: 22.0 for 22, on the first game.
test_expect_success 'float-division.py: bad output, on 1 coin' '
	zoo_fails bad-output 1 1 first --max-n 60 -- "$PY" -S "$ZOO/float-division.py"
'

# 10. the right ones.
test_expect_success 'right-dp.py: every game passed' '
	zoo_passes --max-n 60 -- "$PY" -S "$ZOO/right-dp.py"
'

test_expect_success CC 'right-dp.c: every game passed, up to 1000 coins' '
	zoo_passes -- "$BIN/right-dp"
'

test_expect_success 'right-wins.py: every game passed with --answer wins' '
	zoo_passes --answer wins --max-n 60 -- "$PY" -S "$ZOO/right-wins.py"
'

test_expect_success 'right-stream.awk: every game passed with --stream, in one run' '
	zoo_passes --stream -- awk -f "$ZOO/right-stream.awk"
'

test_done
