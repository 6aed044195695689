#!/bin/sh
# SPDX-License-Identifier: MIT
# Replays each seed corpus fuzz/corpus/NAME/ through $BUILD/fuzz/replay_NAME
# (a fuzz target linked with fuzz/replay.c, no libFuzzer needed). TAP output,
# one test per fuzz target; run from the repository root (prove does).
#
#   fuzz/replay.sh [BUILD_DIR]
#
# The build directory is, in order: the first argument; $BUILD from the
# environment; BUILD=... from $MAKEFLAGS (set when make was given BUILD on
# its command line, as `make asan` does); otherwise "build".

set -u

build=${1:-}
if [ -z "$build" ] && [ -n "${BUILD:-}" ]; then
    build=$BUILD
fi
if [ -z "$build" ] && [ -n "${MAKEFLAGS:-}" ]; then
    # GNU make lists command-line variables after " -- ", spaces escaped.
    build=$(printf '%s\n' "$MAKEFLAGS" |
        sed -n 's/^\(.* \)\{0,1\}BUILD=\(\([^ \\]\|\\.\)*\).*/\2/p' |
        sed 's/\\\(.\)/\1/g')
fi
build=${build:-build}

targets=
for src in fuzz/fuzz_*.c; do
    [ -e "$src" ] || continue
    name=${src#fuzz/fuzz_}
    targets="$targets ${name%.c}"
done

set -- $targets
if [ $# -eq 0 ]; then
    echo "1..0 # SKIP no fuzz targets in fuzz/"
    exit 0
fi
echo "1..$#"

i=0
failed=0
log=$(mktemp "${TMPDIR:-/tmp}/fuzz-replay.XXXXXX") || exit 1
trap 'rm -f "$log"' EXIT HUP INT TERM
for name in "$@"; do
    i=$((i + 1))
    bin=$build/fuzz/replay_$name
    corpus=fuzz/corpus/$name
    if [ ! -x "$bin" ]; then
        echo "not ok $i - $name: $bin not built (build dir '$build')"
        failed=$((failed + 1))
        continue
    fi
    if [ ! -d "$corpus" ]; then
        echo "not ok $i - $name: no corpus $corpus"
        failed=$((failed + 1))
        continue
    fi
    nfiles=$(find "$corpus" -maxdepth 1 -type f | wc -l)
    if "$bin" -v "$corpus" >"$log" 2>&1; then
        echo "ok $i - $name: $nfiles inputs replayed ($bin)"
    else
        rc=$?
        echo "not ok $i - $name: replay exited $rc ($bin)"
        # The last input named is the one that failed.
        tail -n 20 "$log" | sed 's/^/# /'
        failed=$((failed + 1))
    fi
done
[ "$failed" -eq 0 ]
