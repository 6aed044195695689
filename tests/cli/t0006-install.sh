#!/bin/sh
# SPDX-License-Identifier: MIT
# make install / install-strip / uninstall with DESTDIR and PREFIX, the
# documents and shell completions installed, CPPFLAGS and LDFLAGS reaching
# every compile and link, and the installed library in use: statically,
# with pkg-config, and from a private prefix as the README says
# (LD_LIBRARY_PATH or an rpath).
. "$(dirname "$0")/lib.sh"

command -v make >/dev/null 2>&1 || skip_all "make is not installed"
command -v objdump >/dev/null 2>&1 && test_set_prereq OBJDUMP

# The shared library's names (docs/versioning.md): the real name carries
# the version; the soname is libcoinline.so.0.MINOR before 1.0.
REALNAME=libcoinline.so.$COINLINE_VERSION
case $COINLINE_VERSION in
0.*) SONAME=libcoinline.so.0.$(echo "$COINLINE_VERSION" | cut -d. -f2) ;;
*) SONAME=libcoinline.so.$(echo "$COINLINE_VERSION" | cut -d. -f1) ;;
esac

# run_make TARGET DESTDIR: the repository's Makefile on the build directory
# under test, installing under /usr inside DESTDIR.
run_make() {
	make -s -C "$REPO_ROOT" BUILD="$BUILD_DIR" PREFIX=/usr DESTDIR="$2" "$1" >make.log 2>&1 || {
		cat make.log
		return 1
	}
}

command -v readelf >/dev/null 2>&1 && test_set_prereq READELF
test_have_prereq CC && test_have_prereq PKG_CONFIG && test_set_prereq CC_PKG_CONFIG
if command -v strip >/dev/null 2>&1; then
	test_set_prereq STRIP
	test_have_prereq READELF && test_set_prereq STRIP_READELF
	test_have_prereq CC && test_set_prereq STRIP_CC
fi

# documents: the documents installed in share/doc/coinline, as they lie
# in the tree: README.md and its neighbours, and every docs/*.md.
documents() {
	write_lines CHANGELOG.md CONTRIBUTING.md LICENSE README.md &&
	(cd "$REPO_ROOT" && ls docs/*.md)
}

installed_files() {
	{
		write_lines \
			usr/bin/coinline \
			usr/include/coinline.h \
			usr/lib/libcoinline.a \
			usr/lib/libcoinline.so \
			usr/lib/$SONAME \
			usr/lib/$REALNAME \
			usr/lib/pkgconfig/coinline.pc \
			usr/share/bash-completion/completions/coinline \
			usr/share/fish/vendor_completions.d/coinline.fish \
			usr/share/man/man1/coinline.1 \
			usr/share/zsh/site-functions/_coinline &&
		documents | sed "s|^|usr/share/doc/coinline/|"
	} | sort
}

# installed_copies: each installed document and completion with its
# source, "INSTALLED SOURCE" a line.
installed_copies() {
	documents | sed "s|.*|usr/share/doc/coinline/& &|" &&
	write_lines \
		"usr/share/bash-completion/completions/coinline completions/coinline.bash" \
		"usr/share/zsh/site-functions/_coinline completions/_coinline" \
		"usr/share/fish/vendor_completions.d/coinline.fish completions/coinline.fish"
}

# sections FILE: the names of FILE's ELF sections, one a line.
sections() {
	readelf -S -W "$1" | sed -n "s/^ *\[ *[0-9]*\] \([^ ]*\) .*/\1/p"
}

cat >"$TRASH_ROOT/solve_row.c" <<'EOF'
#include <coinline.h>
#include <stdio.h>
#include <string.h>

int main(void)
{
    const int64_t row[] = {1, 3, 5, 2, 9};
    coinline_result_t r;
    char p1[COINLINE_I128_STRLEN], p2[COINLINE_I128_STRLEN];
    char line[6];

    if (coinline_solve(row, 5, COINLINE_ALGO_LINEAR, &r) != COINLINE_OK ||
        coinline_line(row, 5, COINLINE_ALGO_LINEAR, line) != COINLINE_OK)
        return 1;
    coinline_i128_to_string(r.p1, p1, sizeof p1);
    coinline_i128_to_string(r.p2, p2, sizeof p2);
    printf("%s %s %s %s\n", p1, p2, line, coinline_version_string());
    return strcmp(coinline_version_string(), COINLINE_VERSION_STRING) != 0;
}
EOF

test_expect_success 'make install puts every file in place under DESTDIR' '
	run_make install "$PWD/dest" &&
	(cd dest && find . \( -type f -o -type l \) | sed "s|^\./||" | sort) >actual &&
	installed_files >expect &&
	test_cmp expect actual &&
	test -x dest/usr/bin/coinline &&
	test -L dest/usr/lib/libcoinline.so &&
	test "$(readlink dest/usr/lib/libcoinline.so)" = "$SONAME" &&
	test -L "dest/usr/lib/$SONAME" &&
	test "$(readlink "dest/usr/lib/$SONAME")" = "$REALNAME" &&
	test -f "dest/usr/lib/$REALNAME" && ! test -L "dest/usr/lib/$REALNAME" &&
	cmp "$REPO_ROOT/include/coinline.h" dest/usr/include/coinline.h &&
	cmp "$REPO_ROOT/docs/coinline.1" dest/usr/share/man/man1/coinline.1
'

test_expect_success 'make install copies the documents and the completions as they are, mode 644' '
	run_make install "$PWD/dest" &&
	installed_copies >list &&
	while read -r installed source; do
		cmp "$REPO_ROOT/$source" "dest/$installed" &&
		test "$(ls -l "dest/$installed" | cut -c1-10)" = "-rw-r--r--" || return 1
	done <list
'

test_expect_success 'the documents that --help and the man page name are installed under those names' '
	run_make install "$PWD/dest" &&
	for cmd in solve gen duel play analyze explain table serve; do
		coinline $cmd --help || return 1
	done >help.txt &&
	cat help.txt "$REPO_ROOT/docs/coinline.1" | grep -o "docs/[a-z]*\.md" | sort -u >named &&
	test_line_count -ge 3 named &&
	while read -r doc; do
		test -f "dest/usr/share/doc/coinline/$doc" || { echo "not installed: $doc"; return 1; }
	done <named
'

# links FILE: the relative links of the Markdown FILE, "[text](target)"
# with no scheme and not to an anchor of FILE itself, the anchor cut off:
# one target a line.
links() {
	grep -o "\](\([^)]*\))" "$1" | sed "s/^](//; s/)\$//; s/#.*//" |
		grep -v -e "^[a-z][a-z0-9+.-]*:" -e "^\$" || :
}

test_expect_success 'every relative link of the installed documents leads to an installed file' '
	run_make install "$PWD/dest" &&
	doc=dest/usr/share/doc/coinline &&
	links "$doc/README.md" >readme.links &&
	test_line_count -ge 5 readme.links &&
	(cd "$doc" && find . -name "*.md") >mds &&
	while read -r md; do
		dir=$(dirname "$doc/$md") &&
		links "$doc/$md" >targets &&
		while read -r t; do
			test -f "$dir/$t" || echo "$md links $t, which is not installed"
		done <targets || return 1
	done <mds >broken &&
	test_must_be_empty broken
'

test_expect_success 'the installed bash completion is found and loaded as bash-completion would' '
	run_make install "$PWD/dest" &&
	bash -c ". dest/usr/share/bash-completion/completions/coinline && complete -p coinline" >out &&
	echo "complete -F _coinline coinline" >expect &&
	test_cmp expect out
'

test_expect_success 'the installed tool runs' '
	run_make install "$PWD/dest" &&
	dest/usr/bin/coinline --version >out &&
	head -n 1 out >first &&
	echo "coinline $COINLINE_VERSION" >expect &&
	test_cmp expect first &&
	dest/usr/bin/coinline solve --both --row "1 3 5 2 9" >out &&
	echo "14 6" >expect &&
	test_cmp expect out
'

test_expect_success 'the installed pkg-config file names the real prefix' '
	run_make install "$PWD/dest" &&
	pc=dest/usr/lib/pkgconfig/coinline.pc &&
	test_grep "^Name: *coinline" $pc &&
	grep -Fx "Version: $COINLINE_VERSION" $pc &&
	test_grep "^Libs:.*-lcoinline" $pc &&
	test_grep "/usr" $pc &&
	test_grep ! "/usr/local" $pc &&
	test_grep ! "@[A-Z]*@" $pc
'

test_expect_success OBJDUMP 'the installed shared library has the soname of docs/versioning.md' '
	run_make install "$PWD/dest" &&
	objdump -p "dest/usr/lib/$REALNAME" >dump &&
	awk "\$1 == \"SONAME\" { print \$2 }" dump >got &&
	echo "$SONAME" >expect &&
	test_cmp expect got
'

test_expect_success CC 'a C program builds on the installed header and static library' '
	run_make install "$PWD/dest" &&
	${CC:-cc} ${TEST_CFLAGS-} -std=c11 -Wall -Werror -o solve_row "$TRASH_ROOT/solve_row.c" \
		-Idest/usr/include dest/usr/lib/libcoinline.a &&
	./solve_row >out &&
	echo "14 6 RLLLL $COINLINE_VERSION" >expect &&
	test_cmp expect out
'

test_expect_success PKG_CONFIG 'the same program builds with pkg-config, static and shared' '
	run_make install "$PWD/dest" &&
	PKG_CONFIG_PATH=$PWD/dest/usr/lib/pkgconfig &&
	PKG_CONFIG_LIBDIR=$PWD/dest/usr/lib/pkgconfig &&
	PKG_CONFIG_SYSROOT_DIR=$PWD/dest &&
	export PKG_CONFIG_PATH PKG_CONFIG_LIBDIR PKG_CONFIG_SYSROOT_DIR &&
	pkg-config --exists coinline &&
	test "$(pkg-config --modversion coinline)" = "$COINLINE_VERSION" &&
	cflags=$(pkg-config --cflags coinline) &&
	libs=$(pkg-config --libs coinline) &&
	echo "pkg-config: cflags [$cflags] libs [$libs]" &&
	${CC:-cc} ${TEST_CFLAGS-} -std=c11 -Wall -Werror -o static_row "$TRASH_ROOT/solve_row.c" \
		$cflags -Wl,-Bstatic $libs -Wl,-Bdynamic &&
	./static_row >out &&
	echo "14 6 RLLLL $COINLINE_VERSION" >expect &&
	test_cmp expect out &&
	${CC:-cc} ${TEST_CFLAGS-} -std=c11 -Wall -Werror -o shared_row "$TRASH_ROOT/solve_row.c" $cflags $libs &&
	LD_LIBRARY_PATH=$PWD/dest/usr/lib ./shared_row >out &&
	test_cmp expect out
'

test_expect_success 'make uninstall removes every installed file, and the documents folder' '
	run_make install "$PWD/dest" &&
	installed_files >list &&
	while read -r f; do
		test -e "dest/$f" || { echo "missing: $f"; return 1; }
	done <list &&
	run_make uninstall "$PWD/dest" &&
	(cd dest && find . \( -type f -o -type l \) -print) >left &&
	test_must_be_empty left &&
	test ! -e dest/usr/share/doc/coinline &&
	test -d dest/usr/share/doc &&
	test -d dest/usr/share/man/man1
'

test_expect_success 'make uninstall keeps a file of its own in the documents folder' '
	run_make install "$PWD/dest" &&
	echo mine >dest/usr/share/doc/coinline/NOTES &&
	run_make uninstall "$PWD/dest" &&
	(cd dest && find . -type f -print) >left &&
	echo ./usr/share/doc/coinline/NOTES >expect &&
	test_cmp expect left
'

test_expect_success STRIP 'make install-strip installs the same files, the tool and libraries stripped' '
	run_make install-strip "$PWD/dest" &&
	(cd dest && find . \( -type f -o -type l \) | sed "s|^\./||" | sort) >actual &&
	installed_files >expect &&
	test_cmp expect actual &&
	dest/usr/bin/coinline solve --both --row "1 3 5 2 9" >out &&
	coinline solve --both --row "1 3 5 2 9" >expect &&
	test_cmp expect out &&
	test "$(wc -c <dest/usr/bin/coinline)" -lt "$(wc -c <"$BUILD_DIR/coinline")" &&
	test "$(wc -c <"dest/usr/lib/$REALNAME")" -lt "$(wc -c <"$BUILD_DIR/$REALNAME")"
'

test_expect_success STRIP_READELF 'install-strip drops the symbol tables and debug information, keeps what links' '
	run_make install "$PWD/plain" &&
	sections plain/usr/bin/coinline >plain.sections &&
	test_grep -x .symtab plain.sections &&
	run_make install-strip "$PWD/dest" &&
	for f in usr/bin/coinline "usr/lib/$REALNAME"; do
		sections dest/$f >s &&
		test_grep ! -x .symtab s &&
		test_grep ! "^\.debug" s || return 1
	done &&
	sections dest/usr/lib/libcoinline.a >s &&
	test_grep ! "^\.debug" s &&
	readelf -s -W --dyn-syms "dest/usr/lib/$REALNAME" >dyn &&
	test_grep " coinline_solve$" dyn &&
	readelf -s -W dest/usr/lib/libcoinline.a >syms &&
	test_grep " coinline_solve$" syms
'

test_expect_success STRIP_CC 'programs link against the stripped libraries, static and shared' '
	run_make install-strip "$PWD/dest" &&
	${CC:-cc} ${TEST_CFLAGS-} -std=c11 -o static_row "$TRASH_ROOT/solve_row.c" \
		-Idest/usr/include dest/usr/lib/libcoinline.a &&
	./static_row >out &&
	${CC:-cc} ${TEST_CFLAGS-} -std=c11 -o shared_row "$TRASH_ROOT/solve_row.c" \
		-Idest/usr/include -Ldest/usr/lib -lcoinline &&
	LD_LIBRARY_PATH=$PWD/dest/usr/lib ./shared_row >out2 &&
	test_cmp out out2 &&
	coinline solve --both --line=compact --row "1 3 5 2 9" >tool &&
	read -r p1 p2 line <tool &&
	echo "$p1 $p2 $line $COINLINE_VERSION" >expect &&
	test_cmp expect out
'

test_expect_success STRIP 'install-strip strips with STRIP, the strip(1) a packager names' '
	cat >strip.sh <<-EOF &&
	#!/bin/sh
	echo "\$*" >>"$PWD/strip.log"
	exec strip "\$@"
	EOF
	chmod +x strip.sh &&
	make -s -C "$REPO_ROOT" BUILD="$BUILD_DIR" PREFIX=/opt/c DESTDIR="$PWD/dest" \
		STRIP="$PWD/strip.sh" install-strip >make.log 2>&1 &&
	sed "s/.* //" strip.log | sed "s|^$PWD/dest||" | sort >got &&
	write_lines /opt/c/bin/coinline /opt/c/lib/libcoinline.a "/opt/c/lib/$REALNAME" >expect &&
	test_cmp expect got
'

# Flags a packager gives on make's command line. The dry run of a clean
# build of everything make check builds (the library and tool, the unit
# tests, the fuzz replays) and of the benchmark must pass CPPFLAGS to
# every compile and LDFLAGS to every link. The WebAssembly build (make
# wasm, when clang can target wasm32) is a cross build with flags of its
# own (WASM_CFLAGS): a packager's native flags are no business of it.
CPP_PROBE=-DCOINLINE_CPPFLAGS_PROBE=1
LD_PROBE=-Wl,-z,now

test_expect_success 'CPPFLAGS reach every compile and LDFLAGS every link (make -n of a clean build)' '
	cc=${CC:-cc} &&
	make -n -B -C "$REPO_ROOT" BUILD="$PWD/b" CC="$cc" CPPFLAGS="$CPP_PROBE" \
		LDFLAGS="$LD_PROBE" all check "$PWD/b/bench/bench" >dry 2>&1 &&
	awk -v cc="$cc " "index(\$0, cc) == 1 && index(\$0, \"--target=wasm32\") == 0" dry >commands &&
	grep -e " -c " -e "\.c\$" -e "\.c " commands >compiles &&
	grep -v " -c " commands >links &&
	test_line_count -ge 30 compiles &&
	test_line_count -ge 10 links &&
	test_grep -e "-o [^ ]*/b/coinline " links &&
	test_grep -e "-shared" links &&
	test_grep -e "/b/tests/test_" links &&
	test_grep -e "/b/fuzz/replay_" links &&
	test_grep -e "/b/bench/bench " links &&
	test_grep ! -v -e " $CPP_PROBE " compiles &&
	test_grep ! -v -e " $LD_PROBE " links
'

# probe.h, given with CPPFLAGS=-include: every object it reaches holds
# its string. The build ID is one no linker picks by itself.
cat >"$TRASH_ROOT/probe.h" <<'EOF'
__attribute__((used)) static const char coinline_cppflags_probe[] = "coinline-cppflags-probe";
EOF
BUILD_ID=c0171e0012345678

test_expect_success READELF 'a real build with CPPFLAGS and LDFLAGS: every object saw the one, the tool and library the other' '
	make -s -C "$REPO_ROOT" BUILD="$PWD/b" CFLAGS="-O0 -g0" \
		CPPFLAGS="-include $TRASH_ROOT/probe.h" \
		LDFLAGS="$LD_PROBE -Wl,--build-id=0x$BUILD_ID" all >make.log 2>&1 ||
		{ cat make.log; return 1; } &&
	find b/obj -name "*.o" >objects &&
	test_line_count -ge 30 objects &&
	while read -r o; do
		grep -q coinline-cppflags-probe "$o" || { echo "no CPPFLAGS in $o"; return 1; }
	done <objects &&
	for f in b/coinline "b/$REALNAME"; do
		readelf -n -W "$f" >notes &&
		test_grep "Build ID: $BUILD_ID\$" notes &&
		readelf -d -W "$f" >dyn &&
		test_grep -e "BIND_NOW" -e "FLAGS.*NOW" dyn || return 1
	done &&
	b/coinline solve -r "1 3 5 2 9" >out &&
	coinline solve -r "1 3 5 2 9" >expect &&
	test_cmp expect out
'

# readme_block HEADING LANG: the first ```LANG block of README.md after
# the line HEADING.
readme_block() {
	awk -v h="$1" -v fence="\`\`\`$2" '
		$0 == h { seen = 1; next }
		seen && !on && $0 == fence { on = 1; next }
		on && $0 == "```" { exit }
		on { print }' "$REPO_ROOT/README.md"
}

test_expect_success CC_PKG_CONFIG 'the README library example runs from a private prefix, both ways the README gives' '
	readme_block "## The library in ten lines" c >row.c &&
	readme_block "### Using the installed library" sh >advice.sh &&
	test_line_count -ge 5 row.c &&
	test_grep "LD_LIBRARY_PATH=" advice.sh &&
	test_grep "rpath" advice.sh &&
	make -s -C "$REPO_ROOT" BUILD="$BUILD_DIR" PREFIX="$HOME/.local" install >make.log 2>&1 &&
	unset PKG_CONFIG_LIBDIR PKG_CONFIG_SYSROOT_DIR LD_LIBRARY_PATH &&
	# the compiler of the build under test (an ASan library needs its flags)
	sed "s/^cc /\${CC:-cc} \${TEST_CFLAGS-} /" advice.sh >run.sh &&
	(. ./run.sh) >out 2>err &&
	test_must_be_empty err &&
	coinline solve --line=compact -r "1 3 5 2 9" >tool &&
	read -r p1 line <tool &&
	write_lines "first player gets $p1, line $line" "first player gets $p1, line $line" >expect &&
	test_cmp expect out &&
	if command -v readelf >/dev/null; then
		readelf -d row >dyn &&
		test_grep -e "R.*PATH.*$HOME/.local/lib" dyn
	fi &&
	export PKG_CONFIG_PATH=$HOME/.local/lib/pkgconfig &&
	${CC:-cc} ${TEST_CFLAGS-} -o plain row.c $(pkg-config --cflags --libs coinline) &&
	if /sbin/ldconfig -p 2>/dev/null | grep -qF "$SONAME "; then
		echo "a $SONAME is installed system-wide: not checking that plain fails"
	else
		if ./plain 2>err; then echo "./plain ran without LD_LIBRARY_PATH or rpath"; false; fi &&
		test_grep -F "$SONAME" err
	fi
'

test_expect_success 'make uninstall on an empty DESTDIR succeeds' '
	mkdir empty &&
	run_make uninstall "$PWD/empty" &&
	test -z "$(ls empty)"
'

test_done
