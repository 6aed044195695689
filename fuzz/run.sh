#!/bin/sh
# SPDX-License-Identifier: MIT
# Runs each libFuzzer target BUILD_DIR/fuzz/fuzz_NAME (built by `make fuzz`
# with clang, libFuzzer, ASan and UBSan, from fuzz/fuzz_NAME.c) for SECONDS
# on a scratch copy of its seed corpus fuzz/corpus/NAME/. Run from the
# repository root; `make fuzz` builds the targets and calls it:
#
#   fuzz/run.sh BUILD_DIR SECONDS
#
# Crashes, leaks, timeouts and OOMs are kept in BUILD_DIR/artifacts/ (the
# repository's corpus is never written to). Exits non-zero when a target
# is missing or libFuzzer reports a failure.
#
# Environment: FUZZ_ARGS (extra libFuzzer flags).

set -u

if [ $# -ne 2 ]; then
    echo "usage: $0 BUILD_DIR SECONDS" >&2
    exit 2
fi
out=$1
secs=$2
case $secs in
'' | *[!0-9]*)
    echo "fuzz/run.sh: SECONDS must be a whole number, got '$secs'" >&2
    exit 2
    ;;
esac

mkdir -p "$out/artifacts" || exit 2
out=$(cd "$out" && pwd) || exit 2
root=$(pwd)
scratch=$(mktemp -d "${TMPDIR:-/tmp}/coinline-fuzz.XXXXXX") || exit 2
trap 'rm -rf "$scratch"' EXIT
trap 'exit 130' HUP INT TERM

failed=0
passed=0
for src in fuzz/fuzz_*.c; do
    [ -e "$src" ] || continue
    name=${src#fuzz/fuzz_}
    name=${name%.c}
    bin=$out/fuzz/fuzz_$name
    if [ ! -x "$bin" ]; then
        echo "fuzz_$name: $bin not built (make fuzz builds it)"
        failed=$((failed + 1))
        continue
    fi
    corpus=$scratch/corpus_$name
    mkdir -p "$corpus"
    if [ -d "fuzz/corpus/$name" ]; then
        cp fuzz/corpus/"$name"/* "$corpus"/ 2>/dev/null
    fi
    echo "== fuzz_$name: ${secs}s on $(ls "$corpus" | wc -l) seeds"
    start=$(date +%s)
    # Run in the scratch dir so nothing lands in the work tree.
    # shellcheck disable=SC2086
    (cd "$scratch" && exec "$bin" -max_total_time="$secs" \
        -rss_limit_mb=2048 -timeout=30 -print_final_stats=1 \
        -artifact_prefix="$out/artifacts/${name}-" \
        ${FUZZ_ARGS:-} "$corpus") >"$out/fuzz_$name.log" 2>&1
    rc=$?
    end=$(date +%s)
    grep -E '^(stat::number_of_executed_units|stat::new_units_added|stat::peak_rss_mb)' \
        "$out/fuzz_$name.log" | tr '\n' ' '
    echo
    if [ $rc -eq 0 ]; then
        echo "fuzz_$name: ok ($((end - start))s, log $out/fuzz_$name.log)"
        passed=$((passed + 1))
    else
        echo "fuzz_$name: FAILED (exit $rc), log $out/fuzz_$name.log:"
        grep -E 'ERROR|SUMMARY|==[0-9]+==|#[0-9]+ .* in |Test unit written|artifact' \
            "$out/fuzz_$name.log" | head -40
        failed=$((failed + 1))
    fi
done
echo "fuzz: $passed passed, $failed failed"
[ $failed -eq 0 ]
