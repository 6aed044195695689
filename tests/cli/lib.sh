# SPDX-License-Identifier: MIT
# tests/cli/lib.sh - a small TAP test library for the coinline CLI tests.
#
# Source it from a test script (POSIX sh; dash is fine):
#
#     #!/bin/sh
#     . "$(dirname "$0")/lib.sh"
#     test_expect_success 'solve prints the first total' '
#         coinline solve --row "1 3 5 2 9" >out &&
#         echo 14 >expect &&
#         test_cmp expect out
#     '
#     test_done
#
# Each test body runs with eval in a subshell, inside a fresh, empty
# scratch directory under $TMPDIR, so `cd`, variables and files do not
# leak from one test to the next. Chain the commands of a body with &&:
# the body's exit status is the test's result. Inside a loop, end each
# iteration with "|| return 1" so that a failure stops the test.
#
# Output is TAP: "ok N - description" or "not ok N - description", and
# the plan "1..N" printed by test_done, which exits non-zero when any
# test failed. Failing tests print the body and its output as "# "
# diagnostics on stderr; run a script with -v (or TEST_VERBOSE=1) to see
# the output of every test, and with -d (or TEST_DEBUG=1) to keep the
# scratch directories.
#
# The tool under test is $COINLINE when set, else $BUILD/coinline
# (BUILD defaults to "build"; a relative BUILD is taken from the
# repository root), i.e. <repo>/build/coinline.

# ---------------------------------------------------------------------------
# Locations

TEST_DIRECTORY=$(cd "$(dirname "$0")" && pwd) || exit 1
TEST_NAME=$(basename "$0" .sh)
REPO_ROOT=$(cd "$TEST_DIRECTORY/../.." && pwd) || exit 1

case ${BUILD:-build} in
/*) BUILD_DIR=$BUILD ;;
*) BUILD_DIR=$REPO_ROOT/${BUILD:-build} ;;
esac

if test -n "$COINLINE"; then
	case $COINLINE in
	/*) ;;
	*/*) COINLINE=$(pwd)/$COINLINE ;;
	*) COINLINE=$(command -v "$COINLINE" || echo "$COINLINE") ;;
	esac
else
	COINLINE=$BUILD_DIR/coinline
fi
# The version the tool must report: the header's.
COINLINE_VERSION=$(sed -n 's/^#define COINLINE_VERSION_STRING "\(.*\)"$/\1/p' \
	"$REPO_ROOT/include/coinline.h")
export COINLINE TEST_DIRECTORY REPO_ROOT BUILD_DIR COINLINE_VERSION

# Deterministic environment for the tool and the helpers.
LC_ALL=C
LANG=C
TZ=UTC
export LC_ALL LANG TZ
unset CDPATH

# ---------------------------------------------------------------------------
# Options of the test script itself

verbose=${TEST_VERBOSE:-}
debug=${TEST_DEBUG:-}
for arg in "$@"; do
	case $arg in
	-v | --verbose) verbose=1 ;;
	-d | --debug) debug=1 ;;
	-h | --help)
		echo "usage: $0 [-v|--verbose] [-d|--debug]"
		exit 0
		;;
	*)
		echo "$0: unknown option '$arg'" >&2
		exit 2
		;;
	esac
done

# ---------------------------------------------------------------------------
# Scratch space

TRASH_ROOT=$(mktemp -d "${TMPDIR:-/tmp}/coinline-$TEST_NAME.XXXXXX") || {
	echo "Bail out! cannot create a scratch directory under ${TMPDIR:-/tmp}"
	exit 1
}

test_count=0
test_failures=0
test_skipped=0
test_prereqs=' '

# The scratch directories go when the script ends, passed or failed (a
# failed test has printed its body and output already); -d keeps them.
lib_cleanup_() {
	if test -n "$debug"; then
		echo "# scratch directories kept in $TRASH_ROOT" >&2
	else
		rm -rf "$TRASH_ROOT"
		if test "$test_failures" -ne 0; then
			echo "# to keep the scratch directories of the failed tests, rerun with -d" >&2
		fi
	fi
}
trap 'lib_cleanup_' EXIT
trap 'exit 130' INT TERM HUP

# The caller's PATH may hold another coinline: the README's Quick start
# puts build/ on it, or one is installed. Tests run the tool under test
# as "coinline", the function below, or as "$COINLINE"; a program that
# looks "coinline" up on PATH (a shell in tmux, a bot's script) finds
# this stand-in first, which says so and fails, the same whatever the
# caller's PATH holds.
mkdir "$TRASH_ROOT/path" && {
	echo '#!/bin/sh'
	echo 'echo "coinline: a test ran coinline from PATH; tests run the tool under test, \$COINLINE" >&2'
	echo 'exit 127'
} >"$TRASH_ROOT/path/coinline" && chmod +x "$TRASH_ROOT/path/coinline" || {
	echo "Bail out! cannot write $TRASH_ROOT/path/coinline"
	exit 1
}
PATH=$TRASH_ROOT/path:$PATH
export PATH

# ---------------------------------------------------------------------------
# Prerequisites

# test_set_prereq NAME: mark a prerequisite as present.
test_set_prereq() {
	test_prereqs="$test_prereqs$1 "
}

# test_have_prereq NAME: true when NAME was set with test_set_prereq.
test_have_prereq() {
	case $test_prereqs in
	*" $1 "*) return 0 ;;
	esac
	return 1
}

command -v pkg-config >/dev/null 2>&1 && test_set_prereq PKG_CONFIG
command -v timeout >/dev/null 2>&1 && test_set_prereq TIMEOUT
test -w /dev/full 2>/dev/null && test_set_prereq DEV_FULL
command -v "${CC:-cc}" >/dev/null 2>&1 && test_set_prereq CC
test "$(id -u)" != 0 && test_set_prereq NOT_ROOT
# A tool built with AddressSanitizer reserves terabytes of address space:
# tests that limit memory with ulimit -v cannot run it.
grep -q __asan_init "$COINLINE" 2>/dev/null || test_set_prereq NO_ASAN
# coinline serve is there only when the tool was built with libmicrohttpd.
if grep -q "this coinline was built without libmicrohttpd" "$COINLINE" 2>/dev/null; then
	test_set_prereq NO_MHD
else
	test_set_prereq MHD
fi

# ---------------------------------------------------------------------------
# Running tests

# The tool under test, by its name.
coinline() {
	"$COINLINE" "$@"
}

lib_say_indented_() {
	sed 's/^/# /' "$1" >&2
}

# The body runs inside a function so that "|| return 1" works in loops.
lib_run_body_() {
	eval "$1"
}

# test_expect_success [PREREQ] 'description' 'body'
test_expect_success() {
	if test $# -eq 3; then
		lib_prereq_=$1
		shift
	else
		lib_prereq_=
	fi
	if test $# -ne 2; then
		echo "Bail out! test_expect_success needs a description and a body (got $# arguments)"
		exit 1
	fi
	test_count=$((test_count + 1))

	if test -n "$lib_prereq_" && ! test_have_prereq "$lib_prereq_"; then
		test_skipped=$((test_skipped + 1))
		echo "ok $test_count - $1 # SKIP missing $lib_prereq_"
		return 0
	fi

	lib_dir_=$TRASH_ROOT/$test_count
	lib_log_=$TRASH_ROOT/$test_count.log
	mkdir "$lib_dir_" || exit 1
	(
		cd "$lib_dir_" || exit 1
		HOME=$lib_dir_
		export HOME
		lib_run_body_ "$2"
	) >"$lib_log_" 2>&1 </dev/null
	lib_status_=$?

	if test "$lib_status_" -eq 0; then
		echo "ok $test_count - $1"
		if test -n "$verbose"; then
			lib_say_indented_ "$lib_log_"
		fi
	else
		test_failures=$((test_failures + 1))
		echo "not ok $test_count - $1"
		{
			echo "#   failed with status $lib_status_; the test was:"
			printf '%s\n' "$2" | sed 's/^/#   /'
			echo "#   its output:"
		} >&2
		lib_say_indented_ "$lib_log_"
	fi
	return 0
}

# test_done: print the plan and exit with the suite's status.
test_done() {
	echo "1..$test_count"
	if test "$test_failures" -ne 0; then
		echo "# $TEST_NAME: failed $test_failures of $test_count" >&2
		exit 1
	fi
	exit 0
}

# skip_all REASON: skip the whole script (call before any test).
skip_all() {
	echo "1..0 # SKIP $*"
	test_failures=0
	exit 0
}

# ---------------------------------------------------------------------------
# Helpers for test bodies

# test_cmp EXPECTED ACTUAL: the files are identical (shows a unified diff).
test_cmp() {
	diff -u "$1" "$2"
}

# test_expect_code CODE COMMAND...: COMMAND exits with status CODE exactly.
test_expect_code() {
	lib_want_=$1
	shift
	"$@"
	lib_got_=$?
	if test "$lib_got_" -ne "$lib_want_"; then
		echo "test_expect_code: '$*' exited with $lib_got_, expected $lib_want_" >&2
		return 1
	fi
	return 0
}

# test_must_fail COMMAND...: COMMAND fails in an orderly way (exit 1..125,
# not killed by a signal, not "command not found").
test_must_fail() {
	"$@"
	lib_got_=$?
	if test "$lib_got_" -eq 0; then
		echo "test_must_fail: '$*' succeeded" >&2
		return 1
	elif test "$lib_got_" -gt 125; then
		echo "test_must_fail: '$*' died with status $lib_got_" >&2
		return 1
	fi
	return 0
}

# test_must_be_empty FILE: FILE exists and is empty.
test_must_be_empty() {
	if ! test -f "$1"; then
		echo "test_must_be_empty: '$1' does not exist" >&2
		return 1
	elif test -s "$1"; then
		echo "test_must_be_empty: '$1' is not empty:" >&2
		cat "$1" >&2
		return 1
	fi
	return 0
}

# test_line_count OP N FILE: the number of lines of FILE compares to N
# with the test(1) operator OP (=, -lt, -ge, ...).
test_line_count() {
	lib_lines_=$(wc -l <"$3" | tr -d ' ')
	if ! test "$lib_lines_" "$1" "$2"; then
		echo "test_line_count: '$3' has $lib_lines_ lines, expected $1 $2" >&2
		cat "$3" >&2
		return 1
	fi
	return 0
}

# test_grep [GREP OPTIONS] PATTERN FILE: like grep, but shows FILE when
# the pattern is not found (or, with !, when it is).
test_grep() {
	lib_neg_=
	if test "$1" = "!"; then
		lib_neg_=1
		shift
	fi
	eval "lib_file_=\${$#}"
	if test -n "$lib_neg_"; then
		if grep "$@" >/dev/null; then
			echo "test_grep: found unexpected '$*' in:" >&2
			cat "$lib_file_" >&2
			return 1
		fi
	elif ! grep "$@" >/dev/null; then
		echo "test_grep: did not find '$*' in:" >&2
		cat "$lib_file_" >&2
		return 1
	fi
	return 0
}

# write_lines LINE...: one argument per line to stdout.
write_lines() {
	printf '%s\n' "$@"
}

# ---------------------------------------------------------------------------
# Sanity check: without the tool every test would fail for the same reason.

if ! test -x "$COINLINE"; then
	echo "Bail out! no executable tool at $COINLINE (run make, or set COINLINE)"
	exit 1
fi
