# coinline - build, test, install.
#
#   make              build library and tool into build/ (tool: build/coinline)
#   make run          build, then solve the classic rows in examples/
#   make check        build and run the whole test suite (prove summary)
#   make asan         the test suite under AddressSanitizer + UBSan (build/asan)
#   make valgrind     the unit tests and some CLI runs under valgrind
#   make fuzz         libFuzzer targets for FUZZ_TIME seconds each (clang)
#   make bench        the benchmark table (see docs/benchmarks.md)
#   make e2e          the page of coinline serve end to end in headless
#                     Chromium (tests/e2e; needs /usr/bin/chromium and npm;
#                     not part of check); screenshots in E2E_OUT
#   make load         coinline serve under load with wrk (bench/load.sh;
#                     needs wrk; not part of check)
#   make install      PREFIX=/usr/local DESTDIR= ; make uninstall
#
# Everything built goes under $(BUILD) (default build/).
#
# coinline serve needs libmicrohttpd (Debian: libmicrohttpd-dev), found
# with pkg-config; without it (or with MHD=no) everything else builds
# and serve says how to get it. Only the tool links it: the library
# stays free of dependencies. The page in web/ is compiled into the tool
# (tools/embed.c writes $(BUILD)/gen/web_assets.c).

VERSION  := $(shell sed -n 's/^\#define COINLINE_VERSION_STRING "\(.*\)"/\1/p' include/coinline.h)
SOVER    := 0
CC       ?= cc
BUILD    ?= build
PREFIX   ?= /usr/local
BINDIR   ?= $(PREFIX)/bin
LIBDIR   ?= $(PREFIX)/lib
INCDIR   ?= $(PREFIX)/include
MANDIR   ?= $(PREFIX)/share/man
PCDIR    ?= $(LIBDIR)/pkgconfig
FUZZ_TIME ?= 30

WARN     := -Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes \
            -Wmissing-prototypes -Wformat=2 -Wvla
CFLAGS   ?= -O2 -g
ALL_CFLAGS := -std=c11 -D_POSIX_C_SOURCE=200809L $(WARN) $(CFLAGS) \
              -Iinclude -Ilib
# The tool reads and solves long games on two threads (cli/pipeline.c).
LDLIBS   ?= -pthread -lm

# libmicrohttpd for coinline serve: MHD=auto (use it when pkg-config
# knows it) or MHD=no.
MHD      ?= auto
HAVE_MHD := $(if $(filter auto,$(MHD)),$(shell pkg-config --exists libmicrohttpd 2>/dev/null && echo yes))
MHD_CFLAGS := $(if $(HAVE_MHD),-DCOINLINE_HAVE_MHD $(shell pkg-config --cflags libmicrohttpd))
MHD_LIBS := $(if $(HAVE_MHD),$(shell pkg-config --libs libmicrohttpd))

# The page's files: web/ with the extensions the server knows, hidden
# files left out.
WEB_FILES := $(shell find web -name '.*' -prune -o -type f \( -name '*.html' \
    -o -name '*.js' -o -name '*.mjs' -o -name '*.css' -o -name '*.svg' \
    -o -name '*.png' -o -name '*.ico' -o -name '*.json' -o -name '*.txt' \) \
    -print 2>/dev/null | LC_ALL=C sort)

LIB_SRC  := $(sort $(wildcard lib/*.c))
CLI_SRC  := $(sort $(wildcard cli/*.c))
TEST_SRC := $(sort $(wildcard tests/unit/test_*.c))
TEST_COMMON := $(sort $(wildcard tests/unit/common/*.c))
FUZZ_SRC := $(sort $(wildcard fuzz/fuzz_*.c))
CLI_TESTS := $(sort $(wildcard tests/cli/t[0-9]*.sh))

LIB_OBJ  := $(LIB_SRC:%.c=$(BUILD)/obj/%.o)
CLI_OBJ  := $(CLI_SRC:%.c=$(BUILD)/obj/%.o)
TEST_COMMON_OBJ := $(TEST_COMMON:%.c=$(BUILD)/obj/%.o)
TEST_BIN := $(TEST_SRC:tests/unit/%.c=$(BUILD)/tests/%)
REPLAY_BIN := $(FUZZ_SRC:fuzz/fuzz_%.c=$(BUILD)/fuzz/replay_%)

STATIC   := $(BUILD)/libcoinline.a
SHARED   := $(BUILD)/libcoinline.so.$(SOVER)
TOOL     := $(BUILD)/coinline
BENCH    := $(BUILD)/bench/bench
EMBED    := $(BUILD)/tools/embed
WEB_C    := $(BUILD)/gen/web_assets.c
WEB_OBJ  := $(BUILD)/obj/gen/web_assets.o

.PHONY: all run check unit-check cli-check fuzz-replay asan valgrind fuzz \
        bench e2e load install uninstall clean format tidy FORCE
.SUFFIXES:
.SECONDARY:

all: $(STATIC) $(SHARED) $(BUILD)/libcoinline.so $(TOOL)

$(BUILD)/obj/%.o: %.c include/coinline.h $(wildcard lib/*.h cli/*.h tests/unit/*.h tests/unit/common/*.h)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -fPIC -fvisibility=hidden -c $< -o $@

$(STATIC): $(LIB_OBJ)
	@mkdir -p $(@D)
	rm -f $@
	$(AR) rcs $@ $^

$(SHARED): $(LIB_OBJ)
	$(CC) $(ALL_CFLAGS) -shared -Wl,-soname,libcoinline.so.$(SOVER) -o $@ $^

$(BUILD)/libcoinline.so: $(SHARED)
	ln -sf libcoinline.so.$(SOVER) $@

$(TOOL): $(CLI_OBJ) $(WEB_OBJ) $(STATIC)
	$(CC) $(ALL_CFLAGS) -pthread -o $@ $(CLI_OBJ) $(WEB_OBJ) $(STATIC) \
	    $(MHD_LIBS) $(LDLIBS)

# serve is built with libmicrohttpd or without: rebuilt when that changes.
$(BUILD)/obj/cli/cmd_serve.o: ALL_CFLAGS += $(MHD_CFLAGS)
$(BUILD)/obj/cli/cmd_serve.o: $(BUILD)/gen/mhd.flags

# Stamps rewritten only when their text changes: the MHD flags, the list
# of the page's files (a file removed from web/ rebuilds the page too).
$(BUILD)/gen/mhd.flags: FORCE
	@mkdir -p $(@D)
	@echo '$(MHD_CFLAGS) $(MHD_LIBS)' | cmp -s - $@ 2>/dev/null || \
	    echo '$(MHD_CFLAGS) $(MHD_LIBS)' >$@
$(BUILD)/gen/web.list: FORCE
	@mkdir -p $(@D)
	@echo '$(WEB_FILES)' | cmp -s - $@ 2>/dev/null || echo '$(WEB_FILES)' >$@

$(EMBED): tools/embed.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -o $@ $<

$(WEB_C): $(EMBED) $(BUILD)/gen/web.list $(WEB_FILES)
	$(EMBED) $@.tmp web $(WEB_FILES) && mv $@.tmp $@

$(WEB_OBJ): $(WEB_C) cli/api.h
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -Icli -c $< -o $@

FORCE:

$(BUILD)/tests/%: $(BUILD)/obj/tests/unit/%.o $(TEST_COMMON_OBJ) $(STATIC)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -o $@ $< $(TEST_COMMON_OBJ) $(STATIC) $(LDLIBS)

# Corpus replay: the fuzz targets linked with a plain main (fuzz/replay.c).
# fuzz_api.c compiles the tool's sources it needs into itself.
$(BUILD)/fuzz/replay_api: $(wildcard cli/*.c cli/*.h)
$(BUILD)/fuzz/replay_%: fuzz/fuzz_%.c fuzz/replay.c $(STATIC)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -o $@ fuzz/replay.c $< $(STATIC) $(LDLIBS)

$(BENCH): bench/bench.c $(STATIC)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -O2 -o $@ bench/bench.c $(STATIC) $(LDLIBS)

run: $(TOOL)
	@for f in examples/*.txt; do \
	    echo "== $$f"; \
	    ./$(TOOL) solve --line "$$f" || exit 1; \
	done

check: unit-check-build $(TOOL) $(REPLAY_BIN)
	COINLINE=$(abspath $(TOOL)) BUILD=$(BUILD) CC="$(CC)" \
	    TEST_CFLAGS="$(CFLAGS)" \
	    prove $(PROVE_FLAGS) $(TEST_BIN) $(CLI_TESTS) tests/fuzz-replay.sh

.PHONY: unit-check-build
unit-check-build: $(TEST_BIN)

asan:
	$(MAKE) BUILD=$(BUILD)/asan CC=clang \
	    CFLAGS="-O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer" \
	    check

valgrind: $(TEST_BIN) $(TOOL)
	tests/valgrind.sh $(BUILD)

fuzz:
	tests/fuzz-run.sh $(BUILD)/libfuzzer $(FUZZ_TIME)

bench: $(BENCH) $(TOOL)
	$(BENCH) --tool $(TOOL) --dir $(BUILD)/bench

# The page end to end: playwright-core (pinned in tests/e2e/package.json
# and package-lock.json) drives Debian's /usr/bin/chromium; npm ci runs
# when tests/e2e/node_modules is missing or older than the lock. The
# script starts $(TOOL) serve --port 0 itself. Not part of check.
E2E_DIR := tests/e2e
E2E_OUT ?= $(BUILD)/e2e

e2e: $(TOOL) $(E2E_DIR)/node_modules/.package-lock.json
	COINLINE=$(abspath $(TOOL)) E2E_OUT=$(abspath $(E2E_OUT)) \
	    node $(E2E_DIR)/play.mjs

$(E2E_DIR)/node_modules/.package-lock.json: $(E2E_DIR)/package.json $(E2E_DIR)/package-lock.json
	cd $(E2E_DIR) && npm ci --no-audit --no-fund

# coinline serve under a bounded load (wrk on loopback; LOAD_DURATION,
# LOAD_CONNECTIONS, ... in bench/load.sh). Not part of check.
load: $(TOOL)
	bench/load.sh $(TOOL)

# The .pc file is written at install time, so it always names this PREFIX.
install: all
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(LIBDIR) $(DESTDIR)$(INCDIR) \
	    $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(PCDIR)
	install -m 755 $(TOOL) $(DESTDIR)$(BINDIR)/coinline
	install -m 644 $(STATIC) $(DESTDIR)$(LIBDIR)/libcoinline.a
	install -m 755 $(SHARED) $(DESTDIR)$(LIBDIR)/libcoinline.so.$(SOVER)
	ln -sf libcoinline.so.$(SOVER) $(DESTDIR)$(LIBDIR)/libcoinline.so
	install -m 644 include/coinline.h $(DESTDIR)$(INCDIR)/coinline.h
	install -m 644 docs/coinline.1 $(DESTDIR)$(MANDIR)/man1/coinline.1
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@LIBDIR@|$(LIBDIR)|' \
	    -e 's|@INCDIR@|$(INCDIR)|' -e 's|@VERSION@|$(VERSION)|' \
	    coinline.pc.in > $(DESTDIR)$(PCDIR)/coinline.pc
	chmod 644 $(DESTDIR)$(PCDIR)/coinline.pc

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/coinline $(DESTDIR)$(LIBDIR)/libcoinline.a \
	    $(DESTDIR)$(LIBDIR)/libcoinline.so.$(SOVER) \
	    $(DESTDIR)$(LIBDIR)/libcoinline.so $(DESTDIR)$(INCDIR)/coinline.h \
	    $(DESTDIR)$(MANDIR)/man1/coinline.1 $(DESTDIR)$(PCDIR)/coinline.pc

format:
	clang-format -i include/*.h lib/*.[ch] cli/*.[ch] tests/unit/*.c \
	    tests/unit/*.h tests/unit/common/*.[ch] bench/*.c fuzz/*.c \
	    tools/*.c

clean:
	rm -rf $(BUILD)
