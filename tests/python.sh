#!/bin/sh
# SPDX-License-Identifier: MIT
# The Python module's tests (python/tests, unittest) as TAP, on the module
# make python built into $BUILD/python; skipped, saying why, when it could
# not be built. With a module built under AddressSanitizer (make asan),
# the sanitizer's runtime is preloaded into Python. Run by make check.
set -u
root=$(cd "$(dirname "$0")/.." && pwd) || exit 1
build=${BUILD:-build}
case $build in /*) ;; *) build=$root/$build ;; esac
out=$build/python

if [ ! -f "$out/.built" ]; then
    why="the module was not built (make python)"
    [ -f "$out/.skip" ] && why=$(cat "$out/.skip")
    echo "1..0 # SKIP $why"
    exit 0
fi
python=$(cat "$out/.built")
export PYTHONPATH="$out:$root/python/tests" PYTHONDONTWRITEBYTECODE=1
so=$(ls "$out"/coinline/_coinline*.so | head -n 1)
if nm -D "$so" 2>/dev/null | grep -q __asan_init; then
    rt=$(${CC:-clang} -print-file-name=libclang_rt.asan-x86_64.so)
    if [ ! -f "$rt" ]; then
        echo "1..0 # SKIP no ASan runtime to preload ($rt)"
        exit 0
    fi
    # Python's own leaks at exit are not ours; an allocation too large
    # for memory must fail (MemoryError), not stop the process; and
    # PYTHONMALLOC=malloc lets ASan see the interpreter's allocations too.
    export LD_PRELOAD=$rt ASAN_OPTIONS=detect_leaks=0:allocator_may_return_null=1 PYTHONMALLOC=malloc \
        COINLINE_PY_ASAN=1
fi
exec "$python" "$root/python/tests/tap.py"
