#!/bin/bash
# SPDX-License-Identifier: MIT
# Runs every unit test binary BUILD_DIR/tests/test_* and a set of
# BUILD_DIR/coinline runs (every command, good input and errors) under
# valgrind's memcheck; any memory error or definite/indirect leak fails.
# Run from the repository root:
#
#   tests/valgrind.sh BUILD_DIR
#
# Runs go in parallel (VALGRIND_JOBS at a time, default: the number of
# CPUs); each prints one line with its time when it ends, the logs of the
# failed ones follow, then a summary "N passed, N failed". Exits non-zero
# when a run fails. Each run must exit with its expected status: valgrind's
# own errors exit 99, which no coinline run uses.
#
# Environment: VALGRIND (default valgrind), VALGRIND_FLAGS (extra flags,
# e.g. --track-origins=yes), VALGRIND_JOBS, VALGRIND_SKIP_UNIT=1 skips the
# unit tests (the slowest part: test_property alone takes minutes).

set -u

if [ $# -ne 1 ]; then
    echo "usage: $0 BUILD_DIR" >&2
    exit 2
fi
build=$1
tool=$build/coinline
vg=${VALGRIND:-valgrind}

if ! command -v "$vg" >/dev/null 2>&1; then
    echo "valgrind.sh: $vg not found" >&2
    exit 2
fi
if [ ! -x "$tool" ]; then
    echo "valgrind.sh: $tool not built (make BUILD=$build)" >&2
    exit 2
fi

scratch=$(mktemp -d "${TMPDIR:-/tmp}/coinline-valgrind.XXXXXX") || exit 2
trap 'rm -rf "$scratch"' EXIT
trap 'exit 130' HUP INT TERM

jobs_max=${VALGRIND_JOBS:-$(nproc 2>/dev/null || echo 2)}
nrun=0
total_start=$(date +%s)

now_ms() {
    # GNU date; falls back to whole seconds elsewhere.
    ms=$(date +%s%3N 2>/dev/null)
    case $ms in
    *N) echo $(($(date +%s) * 1000)) ;;
    *) echo "$ms" ;;
    esac
}

# run_one ID NAME EXPECTED_STATUS STDIN_FILE COMMAND...
# Writes $scratch/result.ID: "ok" or "FAIL", and the log beside it.
run_one() {
    local id=$1 name=$2 want=$3 input=$4
    shift 4
    local log=$scratch/log.$id start end got secs
    start=$(now_ms)
    # shellcheck disable=SC2086
    "$vg" -q --error-exitcode=99 --leak-check=full \
        --errors-for-leak-kinds=definite,indirect \
        ${VALGRIND_FLAGS:-} "$@" <"$input" >"$scratch/out.$id" 2>"$log"
    got=$?
    end=$(now_ms)
    secs=$(awk -v ms=$((end - start)) 'BEGIN { printf "%.1f", ms / 1000 }')
    if [ "$got" -eq "$want" ]; then
        printf 'ok   %6ss  %s\n' "$secs" "$name"
        echo ok >"$scratch/result.$id"
    else
        printf 'FAIL %6ss  %s (exit %s, expected %s)\n' "$secs" "$name" \
            "$got" "$want"
        printf '%s (exit %s, expected %s)\n' "$name" "$got" "$want" \
            >"$scratch/result.$id"
    fi
}

# run NAME EXPECTED_STATUS STDIN_FILE COMMAND...: starts a run in the
# background once fewer than $jobs_max are running.
run() {
    while [ "$(jobs -rp | wc -l)" -ge "$jobs_max" ]; do
        wait -n
    done
    nrun=$((nrun + 1))
    run_one "$nrun" "$@" &
}

# Inputs for the CLI runs.
ex=examples
printf '5\n1 3 5 2 9\n0\n1 -7\n' >"$scratch/small.txt"
printf '3\n1 2 x\n' >"$scratch/syntax.txt"
printf '5\n1 2 3\n' >"$scratch/trunc.txt"
printf '2\n1 99999999999999999999\n' >"$scratch/range.txt"
printf -- '-3\n1 2 3\n' >"$scratch/count.txt"
printf '2\n9223372036854775807 9223372036854775807\n3\n-9223372036854775808 0 -9223372036854775808\n' \
    >"$scratch/extremes.txt"
null=/dev/null
# Input made without valgrind: the runs below go in parallel.
"$tool" gen -n 2000 -g 3 -s 7 --min=-1000 --max=1000 >"$scratch/gen.txt" || exit 2


# Unit tests first (the longest runs): each must exit 0.
if [ "${VALGRIND_SKIP_UNIT:-0}" != 1 ]; then
    for t in "$build"/tests/test_*; do
        [ -x "$t" ] || continue
        run "unit: ${t##*/}" 0 /dev/null "$t"
    done
fi

run "solve examples" 0 $null "$tool" solve $ex/*.txt
run "solve --line examples" 0 $null "$tool" solve --line $ex/*.txt
run "solve --line=compact --algo=dp" 0 $null \
    "$tool" solve --line=compact --algo=dp $ex/classic.txt
run "solve --json --line --algo=brute" 0 $null \
    "$tool" solve --json --line --algo=brute "$scratch/small.txt"
run "solve --both from stdin" 0 "$scratch/small.txt" "$tool" solve --both
run "solve --row" 0 $null "$tool" solve -r '1 3 5 2 9' -r 1,2,3 --both
run "solve int64 extremes --json" 0 $null \
    "$tool" solve --json "$scratch/extremes.txt"
run "gen -o" 0 $null "$tool" gen -n 2000 -g 3 -s 7 --min=-1000 --max=1000 \
    -o "$scratch/gen-out.txt"
run "solve generated (linear, line)" 0 $null \
    "$tool" solve --line=compact "$scratch/gen.txt"
run "solve generated (dp)" 0 $null "$tool" solve --algo=dp "$scratch/gen.txt"
run "gen large to stdout" 0 $null "$tool" gen -n 100000 -s 3
run "help and version" 0 $null "$tool" help solve
run "version" 0 $null "$tool" --version

# Errors: bad input exits 1, usage errors exit 2; no leak on those paths.
run "error: syntax" 1 $null "$tool" solve "$scratch/syntax.txt"
run "error: truncated (stdin)" 1 "$scratch/trunc.txt" "$tool" solve
run "error: out of range" 1 $null "$tool" solve "$scratch/range.txt"
run "error: negative count" 1 $null "$tool" solve "$scratch/count.txt"
run "error: after good games" 1 $null \
    "$tool" solve "$scratch/small.txt" "$scratch/syntax.txt"
run "error: missing file" 1 $null "$tool" solve "$scratch/no-such-file"
run "error: bad --row" 1 $null "$tool" solve -r '1 2 x'
run "error: brute too long" 1 $null \
    "$tool" solve --algo=brute -r "$(seq -s ' ' 1 30)"
run "usage: unknown solver" 2 $null "$tool" solve --algo=nope
run "usage: unknown option" 2 $null "$tool" solve --nope
run "usage: gen bad count" 2 $null "$tool" gen -n -1
run "usage: no command" 2 $null "$tool"
run "usage: unknown command" 2 $null "$tool" frobnicate

printf 'l\nhint\nr\nundo\nr\nl\nl\nnew\nr\nquit\n' >"$scratch/moves.txt"
printf 'coinline-record 1\ngame 1\nrow 1 3 5 2 9\nmoves RRRRL\ntotals 15 5\n' \
    >"$scratch/record.txt"
run "play (line mode, --json, --save)" 0 "$scratch/moves.txt" \
    "$tool" play -r '1 3 5 2 9' --json --save "$scratch/saved.txt"
run "duel" 0 $null "$tool" duel -g 20 -n 15 --p1 fallible:0.3 --p2 parity
run "analyze --svg" 0 $null \
    "$tool" analyze -r '1 3 5 2 9' -m RRRRL --svg "$scratch/chart.svg"
run "analyze a record --json" 0 $null "$tool" analyze --json "$scratch/record.txt"
run "explain" 0 $null "$tool" explain -r '3 2 2 3 1 2'
run "table --svg" 0 $null "$tool" table -r '8 15 3 7' --svg "$scratch/table.svg"
run "error: analyze bad move" 1 $null "$tool" analyze -r '1 2' -m LX
run "duel with a bot" 0 $null \
    "$tool" duel -g 3 -n 9 --p2 "exec:sh examples/bots/greedy.sh"
run "duel with a hanging bot" 0 $null \
    "$tool" duel -g 1 -n 5 --move-time=200 --p2 "exec:sleep 1"

# check: its program is coinline itself (not under valgrind: only the
# checking coinline is), right, wrong and shrunk, streamed, crashing,
# hanging, silent, missing.
run "check (passes)" 0 $null "$tool" check --max-n 40 -- "$tool" solve
run "check --circle (wrong, shrunk)" 1 $null \
    "$tool" check --max-n 40 -c -- "$tool" solve
run "check --stream --json" 0 $null \
    "$tool" check --max-n 40 --stream --json -- "$tool" solve
run "check a crash" 1 $null "$tool" check -- sh -c 'echo oops >&2; exit 3'
run "check a time-out" 1 $null "$tool" check --time-limit 0.2 -- sleep 5
run "check bad output --json" 1 $null "$tool" check --json -- echo hi
run "check a missing program" 1 $null "$tool" check -- ./no-such-program

wait

passed=0
failed=0
for id in $(seq 1 "$nrun"); do
    if [ "$(cat "$scratch/result.$id" 2>/dev/null)" = ok ]; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        echo "---- FAILED: $(cat "$scratch/result.$id" 2>/dev/null)"
        sed -n '1,80p' "$scratch/log.$id" | sed 's/^/    /'
    fi
done
total_end=$(date +%s)
echo "valgrind: $passed passed, $failed failed" \
    "($((total_end - total_start))s, $jobs_max at a time)"
[ "$failed" -eq 0 ]
