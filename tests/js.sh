#!/bin/sh
# SPDX-License-Identifier: MIT
# The npm package's tests (js/test/*.test.mjs, node --test) as TAP, on
# the package make wasm built into $BUILD/npm; skipped, saying why, when
# it was not built or Node.js 20 or later is missing. Run by make check.
set -u
root=$(cd "$(dirname "$0")/.." && pwd) || exit 1
build=${BUILD:-build}
case $build in /*) ;; *) build=$root/$build ;; esac
npm=$build/npm

if [ ! -f "$npm/coinline.wasm" ] || [ ! -f "$npm/coinline.mjs" ]; then
    echo "1..0 # SKIP the package was not built: make wasm (it needs clang, lld, wasi-libc and libclang-rt-14-dev-wasm32)"
    exit 0
fi
if ! command -v node >/dev/null 2>&1; then
    echo "1..0 # SKIP node is not installed (Debian: apt-get install nodejs)"
    exit 0
fi
major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if [ "$major" -lt 20 ]; then
    echo "1..0 # SKIP node $major is too old: the package needs Node.js 20 or later"
    exit 0
fi
export COINLINE_NPM="$npm"
exec node --test --test-reporter=tap "$root"/js/test/*.test.mjs
