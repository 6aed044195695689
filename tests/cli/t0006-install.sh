#!/bin/sh
# make install / make uninstall with DESTDIR, and using the installed library.
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

installed_files() {
	write_lines \
		usr/bin/coinline \
		usr/include/coinline.h \
		usr/lib/libcoinline.a \
		usr/lib/libcoinline.so \
		usr/lib/$SONAME \
		usr/lib/$REALNAME \
		usr/lib/pkgconfig/coinline.pc \
		usr/share/man/man1/coinline.1
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

test_expect_success 'make uninstall removes every installed file' '
	run_make install "$PWD/dest" &&
	installed_files >list &&
	while read -r f; do
		test -e "dest/$f" || { echo "missing: $f"; return 1; }
	done <list &&
	run_make uninstall "$PWD/dest" &&
	(cd dest && find . \( -type f -o -type l \) -print) >left &&
	test_must_be_empty left
'

test_expect_success 'make uninstall on an empty DESTDIR succeeds' '
	mkdir empty &&
	run_make uninstall "$PWD/empty" &&
	test -z "$(ls empty)"
'

test_done
