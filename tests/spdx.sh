#!/bin/sh
# SPDX-License-Identifier: MIT
# Every source file of the tree names its licence in an SPDX line
# ("SPDX-License-Identifier: MIT") within its first three lines: C and
# headers, shell, Python (and its stubs and pyproject.toml), JavaScript, CSS, HTML, Lua, the Makefile, the
# CI script, the completions and the man page. TAP; run by make check.
# Works without git (in a release tarball too): it walks the tree.

root=$(cd "$(dirname "$0")/.." && pwd) || exit 1
cd "$root" || exit 1

sources() {
    find . \( -name build -o -name node_modules -o -name .git -o -name corpus \
        -o -name golden \) -prune -o -type f \( -name '*.[ch]' -o -name '*.sh' \
        -o -name '*.py' -o -name '*.pyi' -o -name '*.toml' -o -name '*.mjs' -o -name '*.js' -o -name '*.ts' -o -name '*.css' \
        -o -name '*.html' -o -name '*.lua' -o -name '*.bash' -o -name '*.fish' \
        -o -name '_coinline' -o -name 'Makefile' -o -name '*.1' -o -name '*.in' \
        -o -path './.ci/run' \) -print | sed 's|^\./||' | LC_ALL=C sort
}

list=$(sources)
total=$(printf '%s\n' "$list" | grep -c .)
missing=$(printf '%s\n' "$list" | while read -r f; do
    head -n 3 "$f" | grep -q 'SPDX-License-Identifier: MIT' || echo "$f"
done)

echo "1..2"
if [ "$total" -ge 100 ]; then
    echo "ok 1 - $total source files found"
else
    echo "not ok 1 - only $total source files found: is the walk wrong?"
fi
if [ -z "$missing" ]; then
    echo "ok 2 - every one names its licence (SPDX-License-Identifier: MIT)"
else
    echo "not ok 2 - source files without an SPDX line in their first three lines"
    printf '%s\n' "$missing" | sed 's/^/#   /'
    exit 1
fi
