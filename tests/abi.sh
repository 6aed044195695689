#!/bin/sh
# SPDX-License-Identifier: MIT
# The ABI of the shared library against abi/ (docs/versioning.md). TAP.
#
#   tests/abi.sh [BUILD_DIR]          check
#   tests/abi.sh --write [BUILD_DIR]  write abi/libcoinline-VERSION.abi
#                                     from the built library (at a release,
#                                     or when a function is added on purpose)
#
#   1. the built library's soname is the one of abi/libcoinline-VERSION.abi;
#   2. it exports exactly the symbols listed there: an addition or a
#      removal is made on purpose, by updating the list;
#   3. every symbol of the previous release is still exported, unless the
#      soname changed (a release that breaks the ABI must change it).

set -u
write=0
if [ "${1:-}" = --write ]; then write=1; shift; fi
build=${1:-${BUILD:-build}}
root=$(cd "$(dirname "$0")/.." && pwd) || exit 1
version=$(sed -n 's/^#define COINLINE_VERSION_STRING "\(.*\)"$/\1/p' \
    "$root/include/coinline.h")
lib=$build/libcoinline.so.$version
list=$root/abi/libcoinline-$version.abi

exports() { # exports LIB: the defined dynamic symbols, sorted
    nm -D --defined-only "$1" | awk 'NF == 3 && $2 ~ /^[TDBRVW]$/ { print $3 }' |
        LC_ALL=C sort
}
soname() { # soname LIB
    objdump -p "$1" | awk '$1 == "SONAME" { print $2 }'
}

if [ "$write" = 1 ]; then
    {
        echo "# libcoinline $version: its soname, then every symbol it"
        echo "# exports (nm -D --defined-only), sorted. Checked by tests/abi.sh."
        echo "soname $(soname "$lib")"
        exports "$lib"
    } >"$list" && echo "wrote $list"
    exit
fi

echo "1..3"
if [ ! -f "$lib" ] || ! command -v nm >/dev/null || ! command -v objdump >/dev/null; then
    for i in 1 2 3; do
        echo "ok $i # SKIP no $lib (build first), or no nm/objdump"
    done
    exit 0
fi

scratch=$(mktemp -d "${TMPDIR:-/tmp}/coinline-abi.XXXXXX") || exit 1
trap 'rm -rf "$scratch"' EXIT
trap 'exit 130' HUP INT TERM
status=0
say() { # say N OK DESCRIPTION
    if [ "$2" = 1 ]; then echo "ok $1 - $3"; else echo "not ok $1 - $3"; status=1; fi
}

# 1. soname
have=$(soname "$lib")
want=$(awk '$1 == "soname" { print $2 }' "$list" 2>/dev/null)
[ -n "$want" ] && [ "$have" = "$want" ]
say 1 $((! $?)) "the soname is $want (abi/libcoinline-$version.abi), built: $have"

# 2. exactly the listed symbols
exports "$lib" >"$scratch/now"
grep -v '^#' "$list" 2>/dev/null | grep -v '^soname ' | LC_ALL=C sort >"$scratch/listed"
if cmp -s "$scratch/listed" "$scratch/now"; then
    say 2 1 "the library exports exactly the $(wc -l <"$scratch/now") symbols listed"
else
    say 2 0 "the library exports exactly the symbols listed (run tests/abi.sh --write if the change is meant)"
    diff "$scratch/listed" "$scratch/now" | sed 's/^/# /'
fi

# 3. the previous release's symbols, when the soname is the same
# (the highest version listed below this one)
prev=$({ ls "$root"/abi/libcoinline-*.abi | sed 's|.*/libcoinline-\(.*\)\.abi$|\1|'
    echo "$version"; } | LC_ALL=C sort -u -t. -k1,1n -k2,2n -k3,3n |
    awk -v v="$version" '$0 == v { print p; exit } { p = $0 }')
if [ -z "$prev" ]; then
    echo "ok 3 # SKIP no earlier release in abi/"
else
    old=$root/abi/libcoinline-$prev.abi
    oldso=$(awk '$1 == "soname" { print $2 }' "$old")
    grep -v '^#' "$old" | grep -v '^soname ' | LC_ALL=C sort >"$scratch/old"
    gone=$(LC_ALL=C comm -23 "$scratch/old" "$scratch/now" | wc -l)
    if [ "$oldso" != "$have" ]; then
        say 3 1 "$prev had soname $oldso, this is $have: $gone of its symbols may go"
    else
        [ "$gone" -eq 0 ]
        say 3 $((! $?)) "every symbol of $prev is still exported (same soname $have)"
        LC_ALL=C comm -23 "$scratch/old" "$scratch/now" | sed 's/^/# gone: /'
    fi
fi
exit $status
