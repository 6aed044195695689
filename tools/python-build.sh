#!/bin/sh
# SPDX-License-Identifier: MIT
# Builds the Python module (python/) into BUILD/python with setup.py, the
# machine's PYTHON and setuptools (make python; docs/python.md).
#
#   tools/python-build.sh PYTHON BUILD CC CFLAGS LDFLAGS
#
# Without a usable Python (no interpreter, older than 3.10, no setuptools,
# no headers) it says which and what to install, and exits 1; with
# PY_OPTIONAL=1 (make check) it writes the reason to BUILD/python/.skip
# instead and exits 0, so that tests/python.sh reports the tests as
# skipped. On success it writes BUILD/python/.built, the stamp make knows,
# and BUILD/python/.said, one line that says what it built, for which
# Python and how to use it (make python shows it).
set -u
python=$1 build=$2 cc=$3 cflags=$4 ldflags=$5
root=$(cd "$(dirname "$0")/.." && pwd) || exit 1
out=$build/python
mkdir -p "$out" || exit 1
rm -f "$out/.built" "$out/.skip" "$out/.said"

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
# What this Python lacks, one line; nothing when it has it all.
lacks=$("$python" - 2>&1 <<'PY'
import os, sys, sysconfig
me = "Python %d.%d.%d (%s)" % (sys.version_info[:3] + (sys.executable,))
if sys.version_info < (3, 10):
    print("%s: the module needs Python 3.10 or later" % me)
    raise SystemExit
try:
    import setuptools  # noqa: F401
except ImportError:
    print("%s has no setuptools (Debian's Python: apt-get install "
          "python3-setuptools; a venv sees it with --system-site-packages)" % me)
    raise SystemExit
include = sysconfig.get_paths()["include"]
if not os.path.exists(os.path.join(include, "Python.h")):
    print("%s has no headers: no %s (Debian: apt-get install python3-dev)"
          % (me, os.path.join(include, "Python.h")))
PY
) || lacks="$python does not run: $lacks"
[ -z "$lacks" ] || missing "$lacks"

# setuptools takes the compiler from CC and LDSHARED, and adds CFLAGS and
# LDFLAGS to its own; --force, since it does not know the headers.
cd "$root/python" || exit 1
rm -f "$out"/coinline/_coinline*.so
CC=$cc LDSHARED="$cc -shared" CFLAGS=$cflags LDFLAGS=$ldflags \
    PYTHONDONTWRITEBYTECODE=1 "$python" setup.py -q build --force \
    --build-base "$build/python-tmp" --build-lib "$out" >"$out/.log" 2>&1
status=$?
grep -v -e 'byte-compiling is disabled' -e '^$' "$out/.log" >&2
if [ $status -ne 0 ]; then
    echo "make python: $python setup.py build failed (exit $status)" >&2
    exit 1
fi
"$python" -c 'import sys; print(sys.executable)' >"$out/.built"
# One line: what was built, for which Python, and how to use it.
version=$("$python" -c 'import platform; print(platform.python_version())')
so=$(cd "$out" && ls coinline/_coinline*.so | head -n 1)
case $out in "$root"/*) where=${out#"$root"/} ;; *) where=$out ;; esac
echo "python: built $where/$so for Python $version ($(cat "$out/.built")); use it with PYTHONPATH=$where" >"$out/.said"
