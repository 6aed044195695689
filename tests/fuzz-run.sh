#!/bin/sh
# Builds each libFuzzer target fuzz/fuzz_NAME.c with clang (the library's
# sources compiled in, with ASan and UBSan) and runs it for SECONDS on a
# scratch copy of its seed corpus fuzz/corpus/NAME/. Run from the repository
# root:
#
#   tests/fuzz-run.sh BUILD_DIR SECONDS
#
# Binaries go to BUILD_DIR/; crashes, leaks, timeouts and OOMs are kept in
# BUILD_DIR/artifacts/ (the repository's corpus is never written to). Exits
# non-zero when a target fails to build or libFuzzer reports a failure.
#
# Environment: CLANG (default clang), FUZZ_CFLAGS (extra flags, e.g.
# -DFUZZ_ANY_OPTIMAL_MOVE), FUZZ_ARGS (extra libFuzzer flags).

set -u

if [ $# -ne 2 ]; then
    echo "usage: $0 BUILD_DIR SECONDS" >&2
    exit 2
fi
out=$1
secs=$2
case $secs in
'' | *[!0-9]*)
    echo "fuzz-run: SECONDS must be a whole number, got '$secs'" >&2
    exit 2
    ;;
esac

clang=${CLANG:-clang}
if ! command -v "$clang" >/dev/null 2>&1; then
    echo "fuzz-run: $clang not found (libFuzzer needs clang)" >&2
    exit 2
fi

mkdir -p "$out/artifacts" || exit 2
out=$(cd "$out" && pwd) || exit 2
root=$(pwd)
scratch=$(mktemp -d "${TMPDIR:-/tmp}/coinline-fuzz.XXXXXX") || exit 2
trap 'rm -rf "$scratch"' EXIT
trap 'exit 130' HUP INT TERM

flags="-std=c11 -D_POSIX_C_SOURCE=200809L -g -O1 -fno-omit-frame-pointer
    -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all
    -Wall -Wextra -Iinclude -Ilib ${FUZZ_CFLAGS:-}"

failed=0
passed=0
for src in fuzz/fuzz_*.c; do
    [ -e "$src" ] || continue
    name=${src#fuzz/fuzz_}
    name=${name%.c}
    bin=$out/fuzz_$name
    echo "== fuzz_$name: build"
    # shellcheck disable=SC2086
    if ! "$clang" $flags -o "$bin" "$root"/lib/*.c "$root/$src"; then
        echo "fuzz_$name: build FAILED"
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
