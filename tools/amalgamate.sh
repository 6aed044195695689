#!/bin/sh
# SPDX-License-Identifier: MIT
# tools/amalgamate.sh OUTDIR: writes the library as sqlite ships itself.
#
#   OUTDIR/coinline.h         the public header, as it is
#   OUTDIR/coinline.c         the whole library in one file: every lib/
#                             source with its internal headers inlined,
#                             built by a plain "cc -c coinline.c"
#   OUTDIR/coinline_single.h  the judge form, for one-file submissions:
#                             the public header, then, when the includer
#                             defines COINLINE_IMPLEMENTATION, the solving
#                             calls and the engine (value, best move, line,
#                             128-bit text, error names); comments and
#                             indentation stripped to stay under 64 KB
#
# An internal #include "x.h" is replaced by the file's text: once for a
# guarded header, each time for a template (*_tmpl.h), which is meant to
# be included more than once. System headers stay #include lines.
set -eu
out=${1:?usage: tools/amalgamate.sh OUTDIR}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
mkdir -p "$out"
version=$(sed -n 's/^#define COINLINE_VERSION_STRING "\(.*\)"$/\1/p' include/coinline.h)

# The library's sources in a fixed order: the whole library, and the
# part the judge form carries (its calls need nothing else).
ALL=$(find lib -name '*.c' | LC_ALL=C sort)
JUDGE="lib/errors.c lib/i128.c lib/solve.c lib/linear.c lib/dp.c lib/brute.c
    lib/engine/engine.c lib/engine/bigmem.c"

# inline FILE...: the files, their internal headers inlined.
inline() {
    judge=0
    if [ "$1" = --judge ]; then judge=1; shift; fi
    awk -v judge="$judge" '
    function dirof(p) { return (p ~ /\//) ? substr(p, 1, match(p, /\/[^\/]*$/) - 1) : "." }
    function find(name, from,   c, n, i, dirs) {
        n = split(from " lib lib/common lib/engine", dirs, " ")
        for (i = 1; i <= n; i++) {
            c = dirs[i] "/" name
            if ((getline junk < c) >= 0) { close(c); return c }
        }
        return ""
    }
    function guarded(p,   l, g) {
        g = 0
        while ((getline l < p) > 0) if (l ~ /^#ifndef [A-Z0-9_]+_H$/) { g = 1; break }
        close(p)
        return g
    }
    function emit(p,   l, name, f, skip, drop) {
        print "/* ---- " p " ---- */"
        skip = 0
        while ((getline l < p) > 0) {
            # The judge form builds the engine wide only: the narrow
            # instantiation'"'"'s templates are not copied in.
            # Nor the code of the circle, nor what else it does not
            # carry (#ifndef CL_JUDGE: what only several rows use).
            if (drop) {
                if (l ~ /^#if/) drop++
                else if (l ~ /^#endif/) drop--
                continue
            }
            if (judge && l ~ /^#ifndef (CL_NO_CIRCLE|CL_JUDGE)/) { drop = 1; continue }
            if (judge && l ~ /^#ifndef CL_ENGINE_WIDE_ONLY/) skip = 1
            else if (skip && l ~ /^#(else|endif)/) skip = 0
            if (skip && l ~ /^#include "/) continue
            if (l ~ /^#include "[^"]+"/) {
                name = l; sub(/^#include "/, "", name); sub(/".*/, "", name)
                if (name == "coinline.h") continue
                f = find(name, dirof(p))
                if (f == "") { print "amalgamate: " p ": no " name > "/dev/stderr"; exit 1 }
                if (f in done) continue
                if (guarded(f)) done[f] = 1
                emit(f)
                continue
            }
            print l
        }
        close(p)
    }
    BEGIN { for (i = 1; i < ARGC; i++) emit(ARGV[i]); exit }
    ' "$@"
}

# strip: C text without its comments and blank lines; strings and
# character constants are kept whole.
strip() {
    awk '
    BEGIN { incomment = 0 }
    {
        s = $0; o = ""; i = 1; n = length(s)
        while (i <= n) {
            c = substr(s, i, 1); d = substr(s, i, 2)
            if (incomment) {
                if (d == "*/") { incomment = 0; i += 2; o = o " " } else i++
                continue
            }
            if (d == "/*") { incomment = 1; i += 2; continue }
            if (d == "//") break
            if (c == "\"" || c == "\047") {
                q = c; o = o c; i++
                while (i <= n) {
                    c = substr(s, i, 1); o = o c; i++
                    if (c == "\\") { o = o substr(s, i, 1); i++; continue }
                    if (c == q) break
                }
                continue
            }
            if ((c == " " || c == "\t") && (o ~ /[ \t]$/ || o == "")) { i++; continue }
            o = o c; i++
        }
        sub(/[ \t]+$/, "", o)
        if (o != "") print o
    }'
}

banner() { # banner WHAT
    cat <<EOB
/* $1 of coinline $version, written by tools/amalgamate.sh from the
 * sources of the library; edit those, not this file.
 * SPDX-License-Identifier: MIT
 * Copyright (c) 2026 the coinline authors. MIT License: see LICENSE. */
EOB
}

# Feature macros the library needs (strdup, strerror_r, madvise), set
# before any system header.
features() {
    cat <<'EOF2'
#if !defined(_POSIX_C_SOURCE) || _POSIX_C_SOURCE < 200809L
#undef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
#ifndef _DEFAULT_SOURCE
#define _DEFAULT_SOURCE
#endif
EOF2
}

cp include/coinline.h "$out/coinline.h"

{
    banner "The whole library in one file"
    features
    echo '#include "coinline.h"'
    # shellcheck disable=SC2086
    inline $ALL
} >"$out/coinline.c"

{
    banner "The single-header (judge) form"
    cat <<'EOF2'
/* Paste this whole file into your solution, or include it. Then, in
 * exactly one file, before the include:
 *     #define COINLINE_IMPLEMENTATION
 * It carries the header's calls up to the engine: coinline_solve (every
 * algorithm), coinline_best_move, coinline_line, the 128-bit helpers
 * (coinline_i128_to_string), the names and coinline_strerror, and the
 * engine (coinline_engine_*: the optimal move at every position, 128-bit
 * only here). Reviews, records, strategies, the table, the streaming
 * solver and the reader are in the coinline.c + coinline.h pair.
 * C11 (gcc or clang, 64-bit: totals are exact __int128). */
EOF2
    # The header up to its section on rules (errors, 128-bit numbers,
    # solving, the engine), then its closing lines.
    cut=$(grep -n '^ \* Rules: a game is rules + coins' include/coinline.h | cut -d: -f1)
    tailat=$(grep -n '^#ifdef __cplusplus$' include/coinline.h | tail -n 1 | cut -d: -f1)
    [ -n "$cut" ] && [ -n "$tailat" ] ||
        { echo "amalgamate: include/coinline.h: section marks not found" >&2; exit 1; }
    { sed -n "1,$((cut - 2))p" include/coinline.h
      sed -n "$tailat,\$p" include/coinline.h; } | strip | sed 's/^[ \t]*//'
    echo '#ifdef COINLINE_IMPLEMENTATION'
    echo '#ifndef COINLINE_IMPLEMENTED'
    echo '#define COINLINE_IMPLEMENTED'
    echo '#define CL_ENGINE_WIDE_ONLY'
    echo '#define CL_NO_CIRCLE'
    echo '#define CL_JUDGE'
    # shellcheck disable=SC2086
    inline --judge $JUDGE | strip | sed 's/^[ \t]*//'
    echo '#endif'
    echo '#endif'
} >"$out/coinline_single.h"
