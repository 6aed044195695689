#!/bin/sh
# SPDX-License-Identifier: MIT
# Every mention of coinline's version in the documents and the package
# files agrees with COINLINE_VERSION_STRING of include/coinline.h, the one
# place it is written (docs/versioning.md): each X.Y.Z and each
# libcoinline.so.* name. History is left as it was: the released sections
# of CHANGELOG.md and the "History" section of docs/versioning.md (which
# must reach the current version). docs/benchmarks.md is left out too: its
# figures are records, each naming the build that was measured. The
# versions of other software (OTHERS below: "libmicrohttpd 0.9.75",
# "Node 20.20.2") and those in URLs are not ours. The files that are generated from the header
# (the npm package.json, the pkg-config file, the Python module) are
# checked where they are built.
. "$(dirname "$0")/lib.sh"

VERSION=$COINLINE_VERSION
case $VERSION in
0.*) SOVER=0.$(echo "$VERSION" | cut -d. -f2) ;;
*) SOVER=$(echo "$VERSION" | cut -d. -f1) ;;
esac

# keep GREP-ARGS...: grep that succeeds when nothing is selected too
# (fails on an error only).
keep() {
	grep "$@"
	test $? -le 1
}

# documents: the files whose version mentions are checked, relative to
# the repository's root, one a line.
documents() {
	(cd "$REPO_ROOT" && ls README.md CONTRIBUTING.md CHANGELOG.md docs/*.md docs/*.1 \
		js/README.md js/package.json js/coinline.d.ts coinline.pc.in \
		python/pyproject.toml python/setup.py python/coinline/*.py python/coinline/*.pyi) |
		grep -vx docs/benchmarks.md
}

# current_part FILE: FILE less its history (CHANGELOG.md from its first
# released version on; the "## History" section of docs/versioning.md),
# each line as "FILE:LINE: text".
current_part() {
	awk -v f="$1" '
		f == "CHANGELOG.md" && /^## \[[0-9]/ { exit }
		f == "docs/versioning.md" && /^## / { hist = ($0 == "## History") }
		!hist { print f ":" FNR ": " $0 }' "$REPO_ROOT/$1"
}

# OTHERS: the software whose versions the documents may name, as a
# regular expression (lower case): "NAME X.Y.Z" (or NAME vX.Y.Z,
# NAME@X.Y.Z, NAME==X.Y.Z) is not a version of coinline.
OTHERS='libmicrohttpd|semantic versioning|keep a changelog|python3?|cpython|pypy|pyenv|node(\.js|js)?|npm|gcc|clang|llvm|lld|wasi-libc|glibc|linux|debian|ubuntu|wrk|curl|chromium|chrome|firefox|playwright(-core)?|setuptools|wheel|pip|numpy|valgrind|groff|bash|zsh|fish|tmux|dash|make|cmake|emscripten'

# mentions: "FILE:LINE: TOKEN" for each version-like token of the
# documents' current parts: X.Y.Z (not inside an IPv4 address or a URL's
# path) and libcoinline.so.*, less the patterns (libcoinline.so.0.MINOR)
# and the versions of OTHERS.
mentions() {
	documents >docs.list &&
	while read -r f; do
		current_part "$f" || return 1
	done <docs.list >current &&
	sed -e "s|https\{0,1\}://[^ )>]*||g" \
		-e "s/[0-9][0-9]*\.[0-9][0-9]*\.[0-9][0-9]*\.[0-9][0-9]*//g" current |
		awk -v others="$OTHERS" '
		# blank(s, l, re): s with the matches of re in l (its lower
		# case) turned into blanks
		function blank(s, l, re,   pad) {
			while (match(l, re)) {
				pad = sprintf("%" RLENGTH "s", "")
				s = substr(s, 1, RSTART - 1) pad substr(s, RSTART + RLENGTH)
				l = substr(l, 1, RSTART - 1) pad substr(l, RSTART + RLENGTH)
			}
			return s
		}
		{
			where = $1; s = substr($0, length($1) + 2)
			s = blank(s, tolower(s), "(" others ")[ @=v]*[0-9]+(\\.[0-9]+)+")
			while (match(s, /libcoinline\.so(\.[0-9A-Z]+)*|[0-9]+\.[0-9]+\.[0-9]+/)) {
				t = substr(s, RSTART, RLENGTH)
				if (t !~ /[A-Z]/) print where, t
				s = substr(s, RSTART + RLENGTH)
			}
		}'
}

test_expect_success 'the version is read from the header' '
	echo "$VERSION" | grep -qx "[0-9][0-9]*\.[0-9][0-9]*\.[0-9][0-9]*"
'

test_expect_success 'the documents mention the version, as it is' '
	mentions >all &&
	grep -F " $VERSION" all >current &&
	test_line_count -ge 5 current &&
	grep -q "^README.md:" all &&
	grep -q "^docs/coinline.1:" all
'

test_expect_success 'every X.Y.Z in the documents (history aside) is the header'"'"'s version' '
	mentions >all &&
	keep -v " libcoinline" all >versions &&
	keep -v " $VERSION\$" versions >wrong &&
	keep -v "^js/package.json:" wrong >wrong.docs &&
	test_must_be_empty wrong.docs
'

test -f "$BUILD_DIR/npm/package.json" && test_set_prereq NPM_BUILT
# A module built under AddressSanitizer (make asan) imports only with the
# sanitizer's runtime preloaded, as tests/python.sh does: its version is
# checked by the plain build's run.
test -f "$BUILD_DIR/python/.built" &&
	! nm -D "$BUILD_DIR"/python/coinline/_coinline*.so 2>/dev/null | grep -q __asan_init &&
	test_set_prereq PY_BUILT_PLAIN

test_expect_success 'js/package.json holds the placeholder 0.0.0, which make wasm replaces' '
	grep "\"version\"" "$REPO_ROOT/js/package.json" >field &&
	echo "  \"version\": \"0.0.0\"," >expect &&
	test_cmp expect field
'

test_expect_success NPM_BUILT 'the npm package make wasm built says this version' '
	grep "\"version\"" "$BUILD_DIR/npm/package.json" >built &&
	echo "  \"version\": \"$VERSION\"," >expect &&
	test_cmp expect built
'

test_expect_success 'every libcoinline.so name is the real name or the soname of this version' '
	mentions >all &&
	grep " libcoinline" all >so &&
	test_line_count -ge 3 so &&
	keep -v -e " libcoinline\.so\$" -e " libcoinline\.so\.$SOVER\$" -e " libcoinline\.so\.$VERSION\$" so >wrong &&
	test_must_be_empty wrong
'

test_expect_success 'the man page and the record example carry the version' '
	head -n 5 "$REPO_ROOT/docs/coinline.1" | grep "^\.TH " >th &&
	test_grep -F "\"coinline $VERSION\"" th &&
	test_grep -x -F "# coinline $VERSION play" "$REPO_ROOT/docs/record.md"
'

test_expect_success 'CHANGELOG.md: the newest release is this version, the releases newest first' '
	sed -n "s/^## \[\([0-9][0-9.]*\)\] - [0-9-]*\$/\1/p" "$REPO_ROOT/CHANGELOG.md" >released &&
	test_line_count -ge 1 released &&
	head -n 1 released >newest &&
	echo "$VERSION" >expect &&
	test_cmp expect newest &&
	sort -t. -k1,1nr -k2,2nr -k3,3nr released >sorted &&
	test_cmp sorted released &&
	sort -u released >unique &&
	test_line_count = "$(wc -l <released)" unique
'

test_expect_success 'docs/versioning.md: its History reaches this version and its soname' '
	sed -n "/^## History\$/,/^## /p" "$REPO_ROOT/docs/versioning.md" >history &&
	test_line_count -ge 3 history &&
	test_grep -F "$VERSION" history &&
	test_grep -F "libcoinline.so.$SOVER\`" history
'

test_expect_success 'the README does not quote --version with another number' '
	grep -n -e "--version" "$REPO_ROOT/README.md" >lines &&
	keep "[0-9]\.[0-9]" lines >numbers &&
	keep -v -F "$VERSION" numbers >wrong &&
	test_must_be_empty wrong
'

test_expect_success PY_BUILT_PLAIN 'the Python module make python built says this version' '
	py=$(cat "$BUILD_DIR/python/.built") &&
	PYTHONPATH=$BUILD_DIR/python "$py" -c "import coinline; print(coinline.__version__)" >got &&
	echo "$VERSION" >expect &&
	test_cmp expect got
'

test_expect_success 'the man page'"'"'s game record is the one play --save writes' '
	sed -n "/^\$ cat game.rec\$/,/^\.fi\$/p" "$REPO_ROOT/docs/coinline.1" | sed "1d; \$d; s/\\\\-/-/g" >expect &&
	test_line_count -ge 5 expect &&
	printf "r r r r l\n" | coinline play -2 -r "1 3 5 2 9" --save game.rec >/dev/null &&
	test_cmp expect game.rec
'

test_done
