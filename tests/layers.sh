#!/bin/sh
# SPDX-License-Identifier: MIT
# The house's layers (docs/architecture.md), checked on the built objects:
# what each object of the tool defines and what it needs, as nm(1) says,
# so that a call hidden behind a macro or a function pointer table is
# seen as the linker sees it. TAP output; run from the repository root
# (make check runs it with BUILD set).
#
#   tests/layers.sh [BUILD_DIR]
#
#   1. no object of the tool calls into a command (cli/cmd/*.o; or a
#      cmd_*.o, as commands were named before), but the
#      command table (cli/main.o);
#   2. no two objects of the tool and the library call each other;
#   3. the library calls nothing of the tool;
#   4. no object of the tool is compiled with lib/ itself on its include
#      path (only include/ and lib/common/), as make would build it.

set -u
build=${1:-${BUILD:-build}}
obj=$build/obj

echo "1..4"
if [ ! -d "$obj/cli" ] || [ ! -d "$obj/lib" ] || ! command -v nm >/dev/null; then
    for i in 1 2 3 4; do
        echo "ok $i # SKIP no objects in $obj/cli (build first) or no nm"
    done
    exit 0
fi

scratch=$(mktemp -d "${TMPDIR:-/tmp}/coinline-layers.XXXXXX") || exit 1
trap 'rm -rf "$scratch"' EXIT
trap 'exit 130' HUP INT TERM

# "file symbol" for every global definition, and for every need.
# The objects of the sources there are now (a build tree may keep the
# objects of files since moved).
find cli lib -name '*.c' | LC_ALL=C sort | sed "s|^\(.*\)\.c\$|$obj/\1.o|" |
    while read -r o; do [ -f "$o" ] && echo "$o"; done >"$scratch/objs"
while read -r o; do
    f=${o#"$obj"/}
    nm --defined-only -g "$o" | awk -v f="$f" 'NF == 3 { print f, $3 }'
done <"$scratch/objs" >"$scratch/defs"
while read -r o; do
    f=${o#"$obj"/}
    nm -u "$o" | awk -v f="$f" '{ print f, $NF }'
done <"$scratch/objs" >"$scratch/uses"

# "caller callee" for every need that another object defines.
awk 'NR == FNR { def[$2] = $1; next }
     ($2 in def) && def[$2] != $1 { print $1, def[$2], $2 }' \
    "$scratch/defs" "$scratch/uses" | LC_ALL=C sort -u >"$scratch/edges"

report() { # report N NAME FILE: ok when FILE is empty, else its lines
    if [ -s "$3" ]; then
        echo "not ok $1 - $2"
        head -n 12 "$3" | sed 's/^/#   /'
    else
        echo "ok $1 - $2"
    fi
}

awk '$2 ~ /^cli\/(cmd\/|cmd_)/ && $1 != "cli/main.o" { print $1, "calls", $3, "of", $2 }' \
    "$scratch/edges" >"$scratch/t1"
report 1 "nothing but the command table calls into a command" "$scratch/t1"

awk '{ e[$1 " " $2] = $3 }
     END { for (k in e) { split(k, p, " ");
           if ((p[2] " " p[1]) in e && p[1] < p[2])
               print p[1], "<->", p[2], "(" e[k] ", " e[p[2] " " p[1]] ")" } }' \
    "$scratch/edges" >"$scratch/t2"
report 2 "no two files call each other" "$scratch/t2"

awk '$1 ~ /^lib\// && $2 ~ /^cli\// { print $1, "calls", $3, "of", $2 }' \
    "$scratch/edges" >"$scratch/t3"
report 3 "the library calls nothing of the tool" "$scratch/t3"

if command -v make >/dev/null 2>&1; then
    make -n -B BUILD="$build" MHD=no all 2>/dev/null |
        grep -E ' -c (\./)?cli/' |
        grep -E -e '-I ?(\./)?lib/?( |$)' >"$scratch/t4"
    report 4 "the tool compiles without -Ilib (include/ and lib/common/ only)" \
        "$scratch/t4"
else
    echo "ok 4 # SKIP no make"
fi
