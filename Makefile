# SPDX-License-Identifier: MIT
# coinline - build, test, install.
#
#   make              build library and tool into build/ (tool: build/coinline)
#   make run          build, then solve the classic rows in examples/
#   make examples     the C programs of examples/c/ (build/examples/)
#   make python       the Python module (python/, docs/python.md) into
#                     build/python: PYTHONPATH=build/python python3
#   make check        build and run the whole test suite (prove summary):
#                     make unit-check, cli-check, fuzz-replay run its parts
#   make asan         the test suite under AddressSanitizer + UBSan (build/asan)
#   make valgrind     the unit tests and some CLI runs under valgrind
#   make fuzz         libFuzzer targets for FUZZ_TIME seconds each (clang)
#   make bench        the benchmark table (see docs/benchmarks.md)
#   make bench-circle the circle's table alone ([8]; BENCH_FLAGS=--quick)
#   make e2e          the page of coinline serve end to end in headless
#                     Chromium (tests/e2e; needs /usr/bin/chromium and npm;
#                     not part of check); screenshots in E2E_OUT
#   make load         coinline serve under load with wrk (bench/load.sh;
#                     needs wrk; not part of check)
#   make install      PREFIX=/usr/local DESTDIR= ; make uninstall
#   make install-strip  the same, with the tool and the libraries stripped
#   make format       clang-format the sources; make format-check checks
#
# Everything built goes under $(BUILD) (default build/).
#
# coinline serve needs libmicrohttpd (Debian: libmicrohttpd-dev), found
# with pkg-config; without it (or with MHD=no) everything else builds
# and serve says how to get it. Only the tool links it: the library
# stays free of dependencies. The page in web/ is compiled into the tool
# (tools/embed.c writes $(BUILD)/gen/web_assets.c).

VERSION  := $(shell sed -n 's/^\#define COINLINE_VERSION_STRING "\(.*\)"/\1/p' include/coinline.h)
# The shared library's names (docs/versioning.md): the real name carries
# the whole version; the soname changes with every release that may break
# the ABI: each 0.MINOR before 1.0, each MAJOR after.
VER_MAJOR := $(word 1,$(subst ., ,$(VERSION)))
VER_MINOR := $(word 2,$(subst ., ,$(VERSION)))
SOVER    := $(if $(filter 0,$(VER_MAJOR)),0.$(VER_MINOR),$(VER_MAJOR))
SONAME   := libcoinline.so.$(SOVER)
REALNAME := libcoinline.so.$(VERSION)
BUILD    ?= build
PREFIX   ?= /usr/local
BINDIR   ?= $(PREFIX)/bin
LIBDIR   ?= $(PREFIX)/lib
INCDIR   ?= $(PREFIX)/include
DATADIR  ?= $(PREFIX)/share
MANDIR   ?= $(DATADIR)/man
DOCDIR   ?= $(DATADIR)/doc/coinline
PCDIR    ?= $(LIBDIR)/pkgconfig
# Where bash-completion, zsh and fish look for the completions of a
# command named coinline.
BASHCOMPDIR ?= $(DATADIR)/bash-completion/completions
ZSHCOMPDIR  ?= $(DATADIR)/zsh/site-functions
FISHCOMPDIR ?= $(DATADIR)/fish/vendor_completions.d
# GNU's names: a packager may give its own install(1) or strip(1).
INSTALL  ?= install
INSTALL_PROGRAM ?= $(INSTALL)
INSTALL_DATA ?= $(INSTALL) -m 644
STRIP    ?= strip
FUZZ_TIME ?= 30
# prove runs the test scripts in parallel, as git's test suite does.
PROVE_FLAGS ?= -j$(shell nproc 2>/dev/null || echo 2)

# CC, CFLAGS, CPPFLAGS and LDFLAGS are the user's (a packager's hardening
# flags pass through); the project's own flags come on top of them.
WARN     := -Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes \
            -Wmissing-prototypes -Wformat=2 -Wvla
CFLAGS   ?= -O2 -g
ALL_CFLAGS := -std=c11 -D_POSIX_C_SOURCE=200809L $(WARN) $(CFLAGS)
# The tool reads and solves long games on two threads (cli/pipeline.c).
LDLIBS   ?= -pthread -lm

# Include paths, by layer (docs/architecture.md). The library sees its
# own folders; everything above it sees the public header and the one
# folder the library shares on purpose, lib/common/, never lib/ itself.
LIB_INC  := -Iinclude -Ilib -Ilib/common
CLI_INC  := -Iinclude -Ilib/common -Icli
TEST_INC := -Iinclude -Ilib/common -Itests/unit

# libmicrohttpd for coinline serve: MHD=auto (use it when pkg-config
# knows it) or MHD=no.
MHD      ?= auto
HAVE_MHD := $(if $(filter auto,$(MHD)),$(shell pkg-config --exists libmicrohttpd 2>/dev/null && echo yes))
MHD_CFLAGS := $(if $(HAVE_MHD),-DCOINLINE_HAVE_MHD $(shell pkg-config --cflags libmicrohttpd))
MHD_LIBS := $(if $(HAVE_MHD),$(shell pkg-config --libs libmicrohttpd))
# Why serve is left out, when it is: make (all) says it in one line each
# time, and serve's message gives the remedy for that cause
# (cli/serve/http.c): 1 = MHD=no, 2 = no pkg-config, 3 = no libmicrohttpd.
HAVE_PKGCONFIG := $(shell command -v pkg-config >/dev/null 2>&1 && echo yes)
MHD_WHY  := $(if $(HAVE_MHD),0,$(if $(filter auto,$(MHD)),$(if $(HAVE_PKGCONFIG),3,2),1))
MHD_NOTE_1 := MHD=no was given
MHD_NOTE_2 := pkg-config is not installed (Debian: apt-get install pkg-config), so libmicrohttpd cannot be found
MHD_NOTE_3 := pkg-config does not know libmicrohttpd (Debian: apt-get install libmicrohttpd-dev)
MHD_CFLAGS += $(if $(HAVE_MHD),,-DCOINLINE_NO_MHD_WHY=$(MHD_WHY))

# The page's files: web/ with the extensions the server knows, hidden
# files left out.
WEB_FILES := $(shell find web -name '.*' -prune -o -type f \( -name '*.html' \
    -o -name '*.js' -o -name '*.mjs' -o -name '*.css' -o -name '*.svg' \
    -o -name '*.png' -o -name '*.ico' -o -name '*.json' -o -name '*.txt' \) \
    -print 2>/dev/null | LC_ALL=C sort)

# WebAssembly (make wasm; docs/javascript.md): the library compiled by
# clang for wasm32-wasi with Debian's wasi-libc and compiler-rt builtins
# (packages wasi-libc, libclang-rt-14-dev-wasm32, lld), never the user's
# CC or CFLAGS (a sanitizer flag would break it). WASM=auto builds it
# when that toolchain works, and the page that serve embeds then carries
# the engine (engine.js); WASM=no leaves it out, and the page asks the
# server's API instead. make wasm builds it in any case, or fails.
WASM     ?= auto
WASM_CC  ?= clang
WASM_CFLAGS ?= -O2
WASM_FLAGS := --target=wasm32-wasi -std=c11 $(WARN) $(WASM_CFLAGS)
WASM_OK  := $(shell printf 'int main(void){return 0;}' | \
    $(WASM_CC) --target=wasm32-wasi -x c -o /dev/null - >/dev/null 2>&1 && echo yes)
HAVE_WASM := $(if $(filter auto,$(WASM)),$(WASM_OK))
WASM_NOTE := $(WASM_CC) cannot build for wasm32-wasi here (Debian: apt-get install clang lld wasi-libc libclang-rt-14-dev-wasm32)
# The page serve embeds: the static site of make wasm (web/ and
# engine.js), or without the toolchain web/ and an engine.js that defines
# nothing (the page then asks the API; index.html loads it either way).
SITE     := $(BUILD)/site
PAGE_DIR := $(if $(HAVE_WASM),$(SITE),$(BUILD)/gen/page)
PAGE_FILES := $(WEB_FILES:web/%=$(PAGE_DIR)/%) $(PAGE_DIR)/engine.js

# The library: lib/ and its folders. The tool: cli/main.c (the command
# table), cli/cmd/ (one file per command) and the tool's modules, every
# other file of cli/ and its folders, archived in libcli.a (as git's
# libgit.a) for the tool, the fuzz targets and the unit tests.
LIB_SRC  := $(sort $(wildcard lib/*.c lib/*/*.c))
CMD_SRC  := $(sort $(wildcard cli/cmd/*.c))
CLI_LIB_SRC := $(filter-out cli/main.c $(CMD_SRC),$(sort $(wildcard cli/*.c cli/*/*.c)))
TEST_SRC := $(sort $(wildcard tests/unit/test_*.c))
TEST_CLI_SRC := $(sort $(wildcard tests/unit/cli/test_*.c))
TEST_COMMON := $(sort $(wildcard tests/unit/common/*.c))
FUZZ_SRC := $(sort $(wildcard fuzz/fuzz_*.c))
CLI_TESTS := $(sort $(wildcard tests/cli/t[0-9]*.sh))
EXAMPLE_SRC := $(sort $(wildcard examples/c/*.c))

LIB_OBJ  := $(LIB_SRC:%.c=$(BUILD)/obj/%.o)
CMD_OBJ  := $(CMD_SRC:%.c=$(BUILD)/obj/%.o) $(BUILD)/obj/cli/main.o
CLI_LIB_OBJ := $(CLI_LIB_SRC:%.c=$(BUILD)/obj/%.o)
TEST_COMMON_OBJ := $(TEST_COMMON:%.c=$(BUILD)/obj/%.o)
TEST_BIN := $(TEST_SRC:tests/unit/%.c=$(BUILD)/tests/%) \
            $(TEST_CLI_SRC:tests/unit/cli/%.c=$(BUILD)/tests/cli_%)
REPLAY_BIN := $(FUZZ_SRC:fuzz/fuzz_%.c=$(BUILD)/fuzz/replay_%)
EXAMPLE_BIN := $(EXAMPLE_SRC:examples/c/%.c=$(BUILD)/examples/%)

STATIC   := $(BUILD)/libcoinline.a
SHARED   := $(BUILD)/$(REALNAME)
CLI_LIB  := $(BUILD)/libcli.a
TOOL     := $(BUILD)/coinline
BENCH    := $(BUILD)/bench/bench
EMBED    := $(BUILD)/tools/embed
WEB_C    := $(BUILD)/gen/web_assets.c
WEB_OBJ  := $(BUILD)/obj/gen/web_assets.o
FLAGS_STAMP := $(BUILD)/gen/flags

.PHONY: all run examples check unit-check cli-check fuzz-replay asan valgrind fuzz \
        bench e2e load wasm js-check install install-strip uninstall clean format format-check FORCE \
        amalgamation dist distcheck python
.SUFFIXES:
.SECONDARY:
.DELETE_ON_ERROR:

all: $(STATIC) $(SHARED) $(BUILD)/$(SONAME) $(BUILD)/libcoinline.so $(TOOL)
	$(if $(HAVE_MHD),,@echo "note: coinline serve is left out: $(MHD_NOTE_$(MHD_WHY)).")

# Every object knows the headers it included (-MMD -MP) and is rebuilt
# when CC or the flags change (the stamp below).
$(BUILD)/obj/%.o: %.c $(FLAGS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(INC) $(ALL_CFLAGS) -MMD -MP -fPIC -fvisibility=hidden -c $< -o $@

$(BUILD)/obj/lib/%.o: INC = $(LIB_INC)
$(BUILD)/obj/cli/%.o: INC = $(CLI_INC)
$(BUILD)/obj/gen/%.o: INC = $(CLI_INC)
$(BUILD)/obj/tests/unit/%.o: INC = $(TEST_INC)
$(BUILD)/obj/tests/unit/cli/%.o: INC = $(TEST_INC) -Icli
# The white-box test of the engine's multiset reaches into lib/engine/.
$(BUILD)/obj/tests/unit/test_altset.o: INC = $(TEST_INC) -Ilib/engine
# The reader's dispatch levels (lib/scan.h) for the tests that run at each
# (test_scan, test_split), and the bench that prints them.
$(BUILD)/obj/tests/unit/test_scan.o: INC = $(TEST_INC) -Ilib
$(BUILD)/obj/tests/unit/test_split.o: INC = $(TEST_INC) -Ilib
$(BUILD)/obj/fuzz/%.o: INC = $(TEST_INC)
$(BUILD)/obj/fuzz/fuzz_api.o: INC = $(CLI_INC)
$(BUILD)/obj/bench/%.o: INC = -Iinclude -Ilib/common -Ilib

-include $(shell find $(BUILD)/obj -name '*.d' 2>/dev/null)

$(STATIC): $(LIB_OBJ)
	@mkdir -p $(@D)
	rm -f $@
	$(AR) rcs $@ $^

$(SHARED): $(LIB_OBJ)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -shared -Wl,-soname,$(SONAME) -o $@ $^

$(BUILD)/$(SONAME): $(SHARED)
	ln -sf $(REALNAME) $@

$(BUILD)/libcoinline.so: $(BUILD)/$(SONAME)
	ln -sf $(SONAME) $@

$(CLI_LIB): $(CLI_LIB_OBJ) $(WEB_OBJ)
	@mkdir -p $(@D)
	rm -f $@
	$(AR) rcs $@ $^

$(TOOL): $(CMD_OBJ) $(CLI_LIB) $(STATIC)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -pthread -o $@ $(CMD_OBJ) $(CLI_LIB) $(STATIC) \
	    $(MHD_LIBS) $(LDLIBS)

# serve's HTTP glue is built with libmicrohttpd or without: rebuilt when
# that changes.
$(BUILD)/obj/cli/serve/http.o: ALL_CFLAGS += $(MHD_CFLAGS)
$(BUILD)/obj/cli/serve/http.o: $(BUILD)/gen/mhd.flags

# Stamps rewritten only when their text changes: the compiler and its
# flags, the MHD flags, the list of the page's files (a file removed from
# web/ rebuilds the page too).
$(FLAGS_STAMP): FORCE
	@mkdir -p $(@D)
	@echo '$(CC) $(CPPFLAGS) $(ALL_CFLAGS) $(LDFLAGS)' | cmp -s - $@ 2>/dev/null || \
	    echo '$(CC) $(CPPFLAGS) $(ALL_CFLAGS) $(LDFLAGS)' >$@
# The Python the module is built for: another PYTHON rebuilds it.
$(BUILD)/gen/python.path: FORCE
	@mkdir -p $(@D)
	@echo '$(PYTHON)' | cmp -s - $@ 2>/dev/null || echo '$(PYTHON)' >$@
$(BUILD)/gen/mhd.flags: FORCE
	@mkdir -p $(@D)
	@echo '$(MHD_CFLAGS) $(MHD_LIBS)' | cmp -s - $@ 2>/dev/null || \
	    echo '$(MHD_CFLAGS) $(MHD_LIBS)' >$@
# (Its text names no path under BUILD: make run as BUILD=build and as
# BUILD=/abs/build on the same folder must not rebuild the tool.)
WEB_LIST := $(WEB_FILES) engine.js:$(if $(HAVE_WASM),wasm,stub)
$(BUILD)/gen/web.list: FORCE
	@mkdir -p $(@D)
	@echo '$(WEB_LIST)' | cmp -s - $@ 2>/dev/null || echo '$(WEB_LIST)' >$@

$(EMBED): tools/embed.c $(FLAGS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $<

$(WEB_C): $(EMBED) $(BUILD)/gen/web.list $(PAGE_FILES)
	$(EMBED) $@.tmp $(PAGE_DIR) $(PAGE_FILES) && mv $@.tmp $@

$(WEB_OBJ): $(WEB_C) $(FLAGS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(CLI_INC) $(ALL_CFLAGS) -MMD -MP -fPIC -c $< -o $@

FORCE:

# Unit tests: one program per library module (tests/unit/test_*.c), and
# the tool's modules (tests/unit/cli/test_*.c, linked with libcli.a).
$(BUILD)/tests/test_%: $(BUILD)/obj/tests/unit/test_%.o $(TEST_COMMON_OBJ) $(STATIC)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< $(TEST_COMMON_OBJ) $(STATIC) $(LDLIBS)

$(BUILD)/tests/cli_test_%: $(BUILD)/obj/tests/unit/cli/test_%.o $(TEST_COMMON_OBJ) $(CLI_LIB) $(STATIC)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< $(TEST_COMMON_OBJ) $(CLI_LIB) $(STATIC) \
	    $(MHD_LIBS) $(LDLIBS)

# Corpus replay: the fuzz targets linked with a plain main (fuzz/replay.c);
# fuzz_api links the tool's modules from libcli.a, as the tool does.
$(BUILD)/fuzz/replay_%: $(BUILD)/obj/fuzz/fuzz_%.o $(BUILD)/obj/fuzz/replay.o $(CLI_LIB) $(STATIC)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $(BUILD)/obj/fuzz/replay.o $< $(CLI_LIB) $(STATIC) \
	    $(MHD_LIBS) $(LDLIBS)

# The C examples (examples/c/): the public header only, linked as a user
# links them, against the shared library (found at run time through the
# build folder's run path); make check runs them (tests/cli/t0014).
$(BUILD)/examples/%: examples/c/%.c include/coinline.h $(BUILD)/libcoinline.so $(FLAGS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) -Iinclude $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< -L$(BUILD) -lcoinline \
	    -Wl,-rpath,$(abspath $(BUILD))

examples: $(EXAMPLE_BIN)

$(BENCH): $(BUILD)/obj/bench/bench.o $(STATIC)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< $(STATIC) $(LDLIBS)

# The library as sqlite ships itself (tools/amalgamate.sh): coinline.c +
# coinline.h, which a plain cc -c builds, and coinline_single.h, the
# single-header form for one-file (judge) submissions. tests/cli/t0016
# builds a judge-style program on each and checks its answers.
AMALG_DIR := $(BUILD)/amalgamation
AMALG_STAMP := $(AMALG_DIR)/.stamp
LIB_TEXT := $(LIB_SRC) $(wildcard lib/*.h lib/*/*.h) include/coinline.h

amalgamation: $(AMALG_STAMP)

$(AMALG_STAMP): tools/amalgamate.sh $(LIB_TEXT)
	sh tools/amalgamate.sh $(AMALG_DIR)
	@touch $@

# The release tarball, build/coinline-VERSION.tar.gz, unpacking into
# coinline-VERSION/: git archive of HEAD in a git checkout (uncommitted
# changes are not in it, and make says so), else the tree as it is, less
# build/ (make dist inside an unpacked tarball). distcheck unpacks it in a
# temporary folder away from this tree, runs make check there, and checks
# that install and uninstall (DESTDIR) leave no file behind.
DIST_NAME := coinline-$(VERSION)
DIST := $(BUILD)/$(DIST_NAME).tar.gz

dist:
	@mkdir -p $(BUILD)
	@if git rev-parse --is-inside-work-tree >/dev/null 2>&1 && \
	    test "$$(git rev-parse --show-toplevel)" = "$$(pwd -P)"; then \
	    git archive --format=tar.gz --prefix=$(DIST_NAME)/ -o $(DIST) HEAD || exit 1; \
	    test -z "$$(git status --porcelain --untracked-files=no)" || \
	        echo "dist: note: uncommitted changes are not in the tarball (it is HEAD)"; \
	else \
	    tar -czf $(DIST) --exclude=./build --exclude=node_modules \
	        --transform 's|^\.|$(DIST_NAME)|' . || exit 1; \
	fi
	@echo "dist: wrote $(DIST)"

distcheck: dist
	@tmp=$$(mktemp -d "$${TMPDIR:-/tmp}/coinline-distcheck.XXXXXX") && \
	tar -xzf $(DIST) -C "$$tmp" && cd "$$tmp/$(DIST_NAME)" && \
	$(MAKE) check && \
	$(MAKE) install DESTDIR="$$tmp/stage" PREFIX=/usr >/dev/null && \
	$(MAKE) uninstall DESTDIR="$$tmp/stage" PREFIX=/usr >/dev/null && \
	left=$$(find "$$tmp/stage" ! -type d) && \
	if test -n "$$left"; then echo "distcheck: uninstall left:"; echo "$$left"; exit 1; fi && \
	cd / && rm -rf "$$tmp" && echo "distcheck: $(DIST) builds, passes make check, installs and uninstalls"

run: $(TOOL)
	@for f in examples/*.txt examples/rows/*.txt; do \
	    echo "== $$f"; \
	    ./$(TOOL) solve --line "$$f" || exit 1; \
	done

# The whole suite in one prove run (parallel: PROVE_FLAGS), or a part:
# unit-check (the C unit tests), cli-check (the tool's scripts),
# fuzz-replay (every fuzz target on its seed corpus); tests/layers.sh
# checks the house's layers on the built objects (docs/architecture.md);
# tests/abi.sh the shared library's exports against abi/ (docs/versioning.md).
TEST_ENV = COINLINE=$(abspath $(TOOL)) BUILD=$(BUILD) CC="$(CC)" \
    TEST_CFLAGS="$(CFLAGS)"

# The Python module's build (below).
PYTHON   ?= python3
PY_STAMP := $(BUILD)/python/.built
PY_SRC   := python/setup.py $(wildcard python/src/*.c python/src/*.h \
            python/coinline/*.py python/coinline/*.pyi)

check: $(TEST_BIN) $(TOOL) $(REPLAY_BIN) $(SHARED) $(EXAMPLE_BIN) $(AMALG_STAMP) \
       $(PY_STAMP) $(if $(HAVE_WASM),wasm)
	$(TEST_ENV) prove $(PROVE_FLAGS) $(TEST_BIN) $(CLI_TESTS) fuzz/replay.sh \
	    tests/layers.sh tests/abi.sh tests/spdx.sh tests/python.sh tests/js.sh

# The Python module: python/setup.py builds it, with $(PYTHON) and its
# setuptools, from python/src/ and the library's sources, into
# $(BUILD)/python (tools/python-build.sh; docs/python.md), with CC and
# CFLAGS (so make asan builds it under the sanitizers). make check runs
# its tests (tests/python.sh) when $(PYTHON) has its headers and
# setuptools, and reports them skipped, saying why, when it has not.
# make python says in one line what it built and where, or what is missing.
python: $(PY_STAMP)
	@cat $(BUILD)/python/.said

check python-check: PY_OPTIONAL := 1
$(PY_STAMP): $(PY_SRC) $(LIB_TEXT) $(FLAGS_STAMP) $(BUILD)/gen/python.path \
             tools/python-build.sh
	@PY_OPTIONAL=$(PY_OPTIONAL) tools/python-build.sh "$(PYTHON)" \
	    "$(abspath $(BUILD))" "$(CC)" "$(CFLAGS) $(CPPFLAGS)" "$(LDFLAGS)"

# The Python tests alone.
python-check: $(PY_STAMP) $(TOOL)
	$(TEST_ENV) prove $(PROVE_FLAGS) tests/python.sh

# The npm package's tests alone (node --test on js/test/, as TAP).
js-check: wasm
	$(TEST_ENV) prove $(PROVE_FLAGS) tests/js.sh

unit-check: $(TEST_BIN)
	$(TEST_ENV) prove $(PROVE_FLAGS) $(TEST_BIN)

cli-check: $(TOOL) $(EXAMPLE_BIN) $(AMALG_STAMP)
	$(TEST_ENV) prove $(PROVE_FLAGS) $(CLI_TESTS)

fuzz-replay: $(REPLAY_BIN)
	$(TEST_ENV) prove $(PROVE_FLAGS) fuzz/replay.sh

asan:
	$(MAKE) BUILD=$(BUILD)/asan CC=clang \
	    CFLAGS="-O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer" \
	    check

valgrind: $(TEST_BIN) $(TOOL)
	tests/valgrind.sh $(BUILD)

# libFuzzer: the targets and everything they link built by clang with
# the fuzzer's instrumentation in $(BUILD)/libfuzzer, then each run for
# FUZZ_TIME seconds on a scratch copy of its corpus (fuzz/run.sh).
# FUZZ_CFLAGS adds flags (e.g. -DFUZZ_ANY_OPTIMAL_MOVE).
FUZZ_SAN := -g -O1 -fno-omit-frame-pointer -fsanitize=fuzzer-no-link,address,undefined \
    -fno-sanitize-recover=all
FUZZ_BIN := $(FUZZ_SRC:fuzz/fuzz_%.c=$(BUILD)/fuzz/fuzz_%)

fuzz:
	$(MAKE) BUILD=$(BUILD)/libfuzzer CC=clang MHD=no \
	    CFLAGS="$(FUZZ_SAN) $(FUZZ_CFLAGS)" fuzz-targets
	fuzz/run.sh $(BUILD)/libfuzzer $(FUZZ_TIME)

.PHONY: fuzz-targets
fuzz-targets: $(FUZZ_BIN)

$(BUILD)/fuzz/fuzz_%: $(BUILD)/obj/fuzz/fuzz_%.o $(CLI_LIB) $(STATIC)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -fsanitize=fuzzer $(LDFLAGS) -o $@ $< $(CLI_LIB) $(STATIC) $(LDLIBS)

# [py], the Python module's section, runs when the module could be built.
bench: PY_OPTIONAL := 1
bench: $(BENCH) $(TOOL) $(PY_STAMP) $(if $(HAVE_WASM),wasm)
	$(BENCH) --tool $(TOOL) --dir $(BUILD)/bench
	@if [ -f $(NPM)/coinline.wasm ] && command -v node >/dev/null 2>&1; then \
	    node bench/js_bench.mjs --npm $(NPM) --site $(SITE) --tool $(TOOL) --dir $(BUILD)/bench; \
	else \
	    echo "[js] skipped: $(if $(HAVE_WASM),node is not installed,no WebAssembly toolchain (make wasm says what is missing))"; \
	fi
	@if [ -f $(PY_STAMP) ]; then \
	    PYTHONPATH=$(BUILD)/python $$(cat $(PY_STAMP)) bench/python_bench.py; \
	else \
	    echo "[py] skipped: $$(cat $(BUILD)/python/.skip 2>/dev/null || echo 'no module')"; \
	fi

# [8] alone: the circle, LINEAR against the O(n^2) DP over arcs, by row
# family (docs/benchmarks.md); BENCH_FLAGS=--quick is CI's short form
# (about 5 s), BENCH_FLAGS=--dp-all runs the DP at 10^5 on every family.
# It fails when LINEAR and DP disagree, never on a missed target.
.PHONY: bench-circle
bench-circle: $(BENCH) $(TOOL)
	$(BENCH) --tool $(TOOL) --dir $(BUILD)/bench --circle $(BENCH_FLAGS)

# WebAssembly: the library less its two files that read and write files
# (reader.c with its scan.c, record.c), and js/src/wasm.c, linked as a WASI reactor that
# imports nothing; the npm package ($(BUILD)/npm: the module, its types,
# the .wasm) and the static site ($(BUILD)/site: web/ and engine.js, the
# same module as a plain script with the .wasm inside, for file://).
WASM_DIR := $(BUILD)/wasm
WASM_SRC := $(filter-out lib/reader.c lib/scan.c lib/record.c,$(LIB_SRC)) js/src/wasm.c
WASM_OBJ := $(WASM_SRC:%.c=$(WASM_DIR)/obj/%.o)
WASM_BIN := $(WASM_DIR)/coinline.wasm
NPM      := $(BUILD)/npm
NPM_FILES := $(NPM)/coinline.mjs $(NPM)/coinline.wasm $(NPM)/coinline.d.ts \
    $(NPM)/package.json $(NPM)/README.md $(NPM)/LICENSE
SITE_FILES := $(WEB_FILES:web/%=$(SITE)/%) $(SITE)/engine.js
JS_CORE  := js/src/core.js

wasm: $(NPM_FILES) $(SITE_FILES)
	@echo "wasm: $(NPM) (npm package) and $(SITE)/index.html (the page, no server)"

$(WASM_DIR)/flags: FORCE
	@$(if $(WASM_OK),:,echo "make wasm: $(WASM_NOTE)" >&2; exit 1)
	@mkdir -p $(@D)
	@echo '$(WASM_CC) $(WASM_FLAGS)' | cmp -s - $@ 2>/dev/null || \
	    echo '$(WASM_CC) $(WASM_FLAGS)' >$@

$(WASM_DIR)/obj/%.o: %.c $(WASM_DIR)/flags
	@mkdir -p $(@D)
	$(WASM_CC) $(WASM_FLAGS) $(WASM_INC) -MMD -MP -c $< -o $@
# The binding sees the public header only, as the tool does.
$(WASM_DIR)/obj/lib/%.o: WASM_INC = $(LIB_INC)
$(WASM_DIR)/obj/js/%.o: WASM_INC = -Iinclude

-include $(shell find $(WASM_DIR)/obj -name '*.d' 2>/dev/null)

# A reactor: _initialize runs the C library's constructors once; the
# exports are the functions of js/src/wasm.h; 1 MiB of stack.
$(WASM_BIN): $(WASM_OBJ)
	$(WASM_CC) --target=wasm32-wasi $(WASM_CFLAGS) -mexec-model=reactor \
	    -Wl,--gc-sections -Wl,--strip-all -Wl,-z,stack-size=1048576 \
	    -o $@ $(WASM_OBJ)
	@if command -v node >/dev/null 2>&1; then node js/src/imports.mjs $@ || { rm -f $@; exit 1; }; fi

$(NPM)/coinline.mjs: $(JS_CORE) js/src/module-tail.mjs
	@mkdir -p $(@D)
	cat $^ >$@
$(NPM)/coinline.wasm: $(WASM_BIN)
	@mkdir -p $(@D)
	cp $< $@
$(NPM)/coinline.d.ts: js/coinline.d.ts
	@mkdir -p $(@D)
	cp $< $@
$(NPM)/README.md: js/README.md
	@mkdir -p $(@D)
	cp $< $@
$(NPM)/LICENSE: LICENSE
	@mkdir -p $(@D)
	cp $< $@
$(NPM)/package.json: js/package.json include/coinline.h
	@mkdir -p $(@D)
	sed 's/"version": "[^"]*"/"version": "$(VERSION)"/' $< >$@

# engine.js: core.js and the .wasm in base64 inside one function, the
# global coinlineWasm its only name (a plain script: file:// pages may
# not load modules).
$(SITE)/engine.js: $(JS_CORE) js/src/script-head.js js/src/script-tail.js $(WASM_BIN)
	@mkdir -p $(@D)
	{ cat js/src/script-head.js $(JS_CORE) && \
	  printf 'const WASM_BASE64 = "%s";\n' "$$(base64 -w0 $(WASM_BIN))" && \
	  cat js/src/script-tail.js; } >$@.tmp && mv $@.tmp $@
$(SITE)/%: web/%
	@mkdir -p $(@D)
	cp $< $@
$(BUILD)/gen/page/%: web/%
	@mkdir -p $(@D)
	cp $< $@
$(BUILD)/gen/page/engine.js:
	@mkdir -p $(@D)
	echo '// engine.js: coinline was built without WebAssembly (make WASM=no, or no toolchain): the page uses the API' >$@

# The page end to end: playwright-core and axe-core (pinned in tests/e2e/package.json
# and package-lock.json) drives Debian's /usr/bin/chromium; npm ci runs
# when tests/e2e/node_modules is missing or older than the lock. The
# script starts $(TOOL) serve --port 0 itself. Not part of check.
# worker.mjs checks the page's work (web/worker.js on the site's
# engine.js) in Node against the npm module's review; play.mjs plays games (serve, file://, a static
# server, the API fallback); public.mjs checks what a public page owes
# its visitors: the phone layout, keyboard-only play with announcements,
# contrast in light and dark mode, bad links, the CSP; longtask.mjs that
# the page never freezes (no main-thread task of 100 ms or more while it
# opens and reviews games of 10^5 and 10^6 coins; its figures are in
# docs/benchmarks.md).
E2E_DIR := tests/e2e
E2E_OUT ?= $(BUILD)/e2e
E2E_REQUIRE ?=
E2E_ENV = E2E_REQUIRE=$(E2E_REQUIRE) COINLINE=$(abspath $(TOOL)) E2E_OUT=$(abspath $(E2E_OUT)) E2E_SITE=$(abspath $(SITE)) E2E_NPM=$(abspath $(NPM))

e2e: $(TOOL) wasm $(E2E_DIR)/node_modules/.package-lock.json
	E2E_NPM=$(abspath $(NPM)) E2E_SITE=$(abspath $(SITE)) node $(E2E_DIR)/worker.mjs
	$(E2E_ENV) node $(E2E_DIR)/play.mjs
	$(E2E_ENV) node $(E2E_DIR)/public.mjs
	$(E2E_ENV) node $(E2E_DIR)/longtask.mjs

$(E2E_DIR)/node_modules/.package-lock.json: $(E2E_DIR)/package.json $(E2E_DIR)/package-lock.json
	cd $(E2E_DIR) && npm ci --no-audit --no-fund

# coinline serve under a bounded load (wrk on loopback; LOAD_DURATION,
# LOAD_CONNECTIONS, ... in bench/load.sh), then a burst of 1000
# connections and 64 with /api/health answering within 100 ms
# throughout (LOAD_BURST_*, LOAD_PROBE_MS), then long reviews and 1000
# connections of moves (LOAD_CPU_*) and 2200 slow clients (LOAD_SLOW_*)
# with /api/health (and /) probed. Not part of check.
load: $(TOOL)
	bench/load.sh $(TOOL)

# What make install puts where: the tool, both libraries, the header,
# the man page, the .pc file (written at install time, so it always names
# this PREFIX), the documents in DOCDIR as they lie in the tree (README.md
# and its neighbours, docs/*.md in DOCDIR/docs, so that the README's links
# and the docs/NAME.md that --help and the man page name hold there too),
# and the shell completions where bash-completion, zsh and fish find them.
# DESTDIR stages it all (packagers); nothing is built here.
DOC_FILES := README.md LICENSE CHANGELOG.md CONTRIBUTING.md
DOC_DOCS := $(sort $(wildcard docs/*.md))
INSTALL_DIRS := $(BINDIR) $(LIBDIR) $(INCDIR) $(MANDIR)/man1 $(PCDIR) $(DOCDIR) \
    $(DOCDIR)/docs $(BASHCOMPDIR) $(ZSHCOMPDIR) $(FISHCOMPDIR)

install: all
	$(INSTALL) -d $(addprefix $(DESTDIR),$(INSTALL_DIRS))
	$(INSTALL_PROGRAM) -m 755 $(TOOL) $(DESTDIR)$(BINDIR)/coinline
	$(INSTALL_DATA) $(STATIC) $(DESTDIR)$(LIBDIR)/libcoinline.a
	$(INSTALL_PROGRAM) -m 755 $(SHARED) $(DESTDIR)$(LIBDIR)/$(REALNAME)
	ln -sf $(REALNAME) $(DESTDIR)$(LIBDIR)/$(SONAME)
	ln -sf $(SONAME) $(DESTDIR)$(LIBDIR)/libcoinline.so
	$(INSTALL_DATA) include/coinline.h $(DESTDIR)$(INCDIR)/coinline.h
	$(INSTALL_DATA) docs/coinline.1 $(DESTDIR)$(MANDIR)/man1/coinline.1
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@LIBDIR@|$(LIBDIR)|' \
	    -e 's|@INCDIR@|$(INCDIR)|' -e 's|@VERSION@|$(VERSION)|' \
	    coinline.pc.in > $(DESTDIR)$(PCDIR)/coinline.pc
	chmod 644 $(DESTDIR)$(PCDIR)/coinline.pc
	$(INSTALL_DATA) $(DOC_FILES) $(DESTDIR)$(DOCDIR)
	$(INSTALL_DATA) $(DOC_DOCS) $(DESTDIR)$(DOCDIR)/docs
	$(INSTALL_DATA) completions/coinline.bash $(DESTDIR)$(BASHCOMPDIR)/coinline
	$(INSTALL_DATA) completions/_coinline $(DESTDIR)$(ZSHCOMPDIR)/_coinline
	$(INSTALL_DATA) completions/coinline.fish $(DESTDIR)$(FISHCOMPDIR)/coinline.fish

# GNU's install-strip: the same files, the tool and the shared library
# without their symbol tables and debug information (the dynamic symbols
# stay), the static library without its debug information (its symbols
# are what a linker needs). STRIP names the strip(1) of the target.
install-strip: install
	$(STRIP) $(DESTDIR)$(BINDIR)/coinline
	$(STRIP) --strip-unneeded $(DESTDIR)$(LIBDIR)/$(REALNAME)
	$(STRIP) --strip-debug $(DESTDIR)$(LIBDIR)/libcoinline.a

# Removes what install put, and the documents' folders (ours) when empty.
# The other folders stay, even empty: they may hold other software's
# files (as GNU's uninstall leaves them).
uninstall:
	rm -f $(DESTDIR)$(BINDIR)/coinline $(DESTDIR)$(LIBDIR)/libcoinline.a \
	    $(DESTDIR)$(LIBDIR)/$(REALNAME) $(DESTDIR)$(LIBDIR)/$(SONAME) \
	    $(DESTDIR)$(LIBDIR)/libcoinline.so $(DESTDIR)$(INCDIR)/coinline.h \
	    $(DESTDIR)$(MANDIR)/man1/coinline.1 $(DESTDIR)$(PCDIR)/coinline.pc \
	    $(addprefix $(DESTDIR)$(DOCDIR)/,$(DOC_FILES) $(DOC_DOCS)) \
	    $(DESTDIR)$(BASHCOMPDIR)/coinline $(DESTDIR)$(ZSHCOMPDIR)/_coinline \
	    $(DESTDIR)$(FISHCOMPDIR)/coinline.fish
	rmdir $(DESTDIR)$(DOCDIR)/docs 2>/dev/null || :
	rmdir $(DESTDIR)$(DOCDIR) 2>/dev/null || :

# clang-format (.clang-format): format rewrites the sources in place,
# format-check fails on any difference (CI runs it).
FORMAT_SRC = $(shell find include lib cli tests/unit tests/amalg tests/check-zoo fuzz bench tools examples python/src js/src \
    -name '*.[ch]' 2>/dev/null | LC_ALL=C sort)

format:
	clang-format -i $(FORMAT_SRC)

format-check:
	clang-format --dry-run -Werror $(FORMAT_SRC)

# Also what pip or setup.py run by hand leave in python/ (make python and
# pip install ./python build elsewhere).
clean:
	rm -rf $(BUILD) python/build python/*.egg-info
