#!/bin/sh
# SPDX-License-Identifier: MIT
# Builds the Python module (python/) into BUILD/python with setup.py, the
# machine's PYTHON and setuptools (make python; docs/python.md).
#
#   tools/python-build.sh PYTHON BUILD CC CFLAGS LDFLAGS
#
# Without a usable Python (no interpreter, no headers, no setuptools) it
# says what to install and exits 1; with PY_OPTIONAL=1 (make check) it
# writes the reason to BUILD/python/.skip instead and exits 0, so that
# tests/python.sh reports the tests as skipped. On success it writes
# BUILD/python/.built, the stamp make knows.
set -u
python=$1 build=$2 cc=$3 cflags=$4 ldflags=$5
root=$(cd "$(dirname "$0")/.." && pwd) || exit 1
out=$build/python
mkdir -p "$out" || exit 1
rm -f "$out/.built" "$out/.skip"

missing() { # missing REASON
    if [ "${PY_OPTIONAL:-0}" = 1 ]; then
        echo "$1" >"$out/.skip"
        echo "python: not built: $1"
        exit 0
    fi
    echo "make python: $1" >&2
    exit 1
}

command -v "$python" >/dev/null 2>&1 ||
    missing "no $python (Debian: apt-get install python3)"
"$python" - <<'PY' 2>/dev/null || missing "$python has no headers or no setuptools (Debian: apt-get install python3-dev python3-setuptools)"
import os, sysconfig, setuptools
raise SystemExit(0 if os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h")) else 1)
PY

# setuptools takes the compiler from CC and LDSHARED, and adds CFLAGS and
# LDFLAGS to its own; --force, since it does not know the headers.
cd "$root/python" || exit 1
rm -f "$out"/coinline/_coinline*.so
CC=$cc LDSHARED="$cc -shared" CFLAGS=$cflags LDFLAGS=$ldflags \
    PYTHONDONTWRITEBYTECODE=1 "$python" setup.py -q build --force \
    --build-base "$build/python-tmp" --build-lib "$out" >"$out/.log" 2>&1
status=$?
grep -v 'byte-compiling is disabled' "$out/.log" >&2
if [ $status -ne 0 ]; then
    echo "make python: $python setup.py build failed (exit $status)" >&2
    exit 1
fi
"$python" -c 'import sys; print(sys.executable)' >"$out/.built"
