/* SPDX-License-Identifier: MIT */
/*
 * The reader's fast path at every dispatch level (lib/scan.c, forced by
 * COINLINE_SIMD), in lockstep with the general path: every game, coin,
 * last token, error code, place and message the same. The reference is
 * the scalar level read a coin at a time (next_coin: no block); the level
 * under test reads in batches (next_coins), so its block tokenizer runs.
 * Cases: every byte value around and inside a token, at every offset in a
 * block; every length of 1 to 22 digits with each sign; tokens across the
 * 64-byte blocks and the 256 KiB window of a FILE or a descriptor; random
 * streams. A level the processor lacks is skipped (and said so).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "coinline.h"
#include "common/check.h"
#include "common/rng.h"
#include "common/sbuf.h"
#include "common/tap.h"
#include "scan.h"

/* Offsets in a block tried: every one, or one in 7 under valgrind. */
static size_t step = 1;

/* How a reader is made: 0 memory, 1 a FILE, 2 a descriptor. */
enum { FROM_MEMORY, FROM_FILE, FROM_FD };

static void set_level(int level)
{
    setenv("COINLINE_SIMD", cl_scan_name(level), 1);
}

static coinline_reader_t *reader_on(int from, const sb_t *b, FILE **fp)
{
    coinline_reader_t *r = NULL;
    *fp = NULL;
    if (from == FROM_MEMORY) {
        coinline_reader_from_memory(b->data, b->len, "t", &r);
        return r;
    }
    *fp = tmpfile();
    if (*fp == NULL || fwrite(b->data, 1, b->len, *fp) != b->len ||
        fflush(*fp) != 0) {
        diag("cannot write a temporary file");
        exit(1);
    }
    rewind(*fp);
    if (from == FROM_FILE)
        coinline_reader_from_file(*fp, "t", &r);
    else
        coinline_reader_from_fd(fileno(*fp), "t", &r);
    return r;
}

/* Appends what r gives after a game or at its end: the last token's
 * place, and the error (code, place, message) if any. */
static void note_state(coinline_reader_t *r, int rc, sb_t *t)
{
    char buf[96];
    coinline_error_t w;
    memset(&w, 0, sizeof w);
    if (coinline_reader_last_token(r, &w) == COINLINE_OK) {
        snprintf(buf, sizeof buf, " @%llu:%llu", (unsigned long long)w.line,
                 (unsigned long long)w.column);
        sb_str(t, buf);
    }
    if (rc >= 0)
        return;
    memset(&w, 0, sizeof w);
    coinline_reader_error(r, &w);
    snprintf(buf, sizeof buf, "\nend %d %llu:%llu ", rc,
             (unsigned long long)w.line, (unsigned long long)w.column);
    sb_str(t, buf);
    sb_str(t, w.message);
}

/* The transcript of b read at level: one line per game ("n: coins"), the
 * last token's place, then the end. batch 0 reads a coin at a time, else
 * in batches of 1 to batch coins (random, from g). */
static char *transcript(const sb_t *b, int level, int from, size_t batch,
                        rng_t *g)
{
    static int64_t coins[8192]; /* batch at most 8192 */
    char buf[32];
    sb_t t = {NULL, 0, 0};
    FILE *fp;
    uint64_t count;
    int rc;
    set_level(level);
    coinline_reader_t *r = reader_on(from, b, &fp);
    while ((rc = coinline_reader_next_game(r, &count)) == 1) {
        snprintf(buf, sizeof buf, "%llu:", (unsigned long long)count);
        sb_str(&t, buf);
        size_t got = 0;
        do {
            const size_t max = batch == 0 ? 1
                               : batch == 1
                                   ? 1
                                   : 1 + (size_t)rng_below(g, (uint64_t)batch);
            if (batch == 0) {
                rc = coinline_reader_next_coin(r, coins);
                got = rc == 1;
            } else {
                rc = coinline_reader_next_coins(r, coins, max, &got);
            }
            for (size_t i = 0; i < got; i++) {
                snprintf(buf, sizeof buf, " %lld", (long long)coins[i]);
                sb_str(&t, buf);
            }
        } while (rc == 1);
        note_state(r, rc, &t);
        sb_str(&t, "\n");
        if (rc < 0)
            break;
    }
    if (rc >= 0)
        note_state(r, rc, &t);
    snprintf(buf, sizeof buf, "\nrc %d", rc);
    sb_str(&t, buf);
    coinline_reader_free(r);
    if (fp != NULL)
        fclose(fp);
    sb_char(&t, '\0');
    return t.data;
}

/* Whether every supported level, reading b in batches, gives the scalar
 * level's transcript read a coin at a time. Counts the comparisons in
 * *runs; on a difference, says where once. */
static int lockstep(const sb_t *b, int from, size_t batch, rng_t *g,
                    const int *levels, long *runs, const char *label)
{
    char *want = transcript(b, CL_SCAN_SCALAR, from, 0, g);
    int same = 1;
    for (int l = 0; l < CL_SCAN_LEVELS && same; l++) {
        if (!levels[l])
            continue;
        char *got = transcript(b, l, from, batch, g);
        same = strcmp(got, want) == 0;
        if (!same)
            diag("%s: level %s differs:\n--- scalar\n%.600s\n--- %s\n%.600s",
                 label, cl_scan_name(l), want, cl_scan_name(l), got);
        free(got);
        ++*runs;
    }
    free(want);
    return same;
}

/* A game of 60 tokens, the case token tok at index 20 after pad spaces:
 * long enough for blocks, and the token at every offset in one. */
static void game_around(sb_t *b, const char *tok, size_t toklen, size_t pad)
{
    static const char *const fill[] = {
        "7", "-12", "123456789",   "-99999999", "42",    "1000000007",
        "0", "-5",  "31415926535", "8",         "-2718", "65536"};
    b->len = 0;
    sb_str(b, "60\n");
    for (int i = 0; i < 60; i++) {
        if (i == 20) {
            sb_repeat(b, ' ', pad);
            sb_add(b, tok, toklen);
            sb_char(b, ' ');
            continue;
        }
        sb_str(b, fill[i % 12]);
        sb_str(b, i % 7 == 6 ? "\r\n" : i % 5 == 4 ? "\t" : " ");
    }
    sb_str(b, "2 1 2\n");
}

/* Every byte value before, inside, after and in place of the sign of a
 * token, at every offset in a block. */
static void test_bytes(const int *levels)
{
    sb_t b = {NULL, 0, 0};
    rng_t g;
    long runs = 0;
    int same = 1;
    rng_seed(&g, 256);
    for (int c = 0; c < 256 && same; c++) {
        for (size_t pad = 1; pad <= 64 && same; pad += step) {
            char tok[4][16];
            const char ch = (char)c;
            memcpy(tok[0], "X98765", 6); /* before */
            memcpy(tok[1], "987X65", 6); /* inside */
            memcpy(tok[2], "98765X", 6); /* after */
            memcpy(tok[3], "-X8765", 6); /* after the sign */
            for (int k = 0; k < 4 && same; k++) {
                *strchr(tok[k], 'X') = ch;
                game_around(&b, tok[k], 6, pad);
                same =
                    lockstep(&b, FROM_MEMORY, 4096, &g, levels, &runs, "byte");
            }
        }
    }
    ok(same,
       "every byte value 0..255 before, inside, after a token and after its "
       "'-', at %zu offsets: each level reads as the general path (%ld "
       "readings)",
       (63 + step) / step, runs);
    free(b.data);
}

/* Tokens of every length of 1 to 22 digits, each sign, and the edges of
 * int64, at every offset in a block. */
static void test_lengths(const int *levels)
{
    static const char *const edges[] = {"9223372036854775807",
                                        "9223372036854775808",
                                        "-9223372036854775808",
                                        "-9223372036854775809",
                                        "00009223372036854775807",
                                        "-0009223372036854775808",
                                        "18446744073709551615",
                                        "99999999999999999999",
                                        "-0",
                                        "+0",
                                        "-",
                                        "+",
                                        "--1",
                                        "1-"};
    static const char *const signs[] = {"", "-", "+"};
    sb_t b = {NULL, 0, 0};
    rng_t g;
    long runs = 0;
    int same = 1;
    rng_seed(&g, 22);
    for (size_t len = 1; len <= 22 && same; len++) {
        for (int s = 0; s < 3 && same; s++) {
            for (size_t pad = 1; pad <= 64 && same; pad += step) {
                char tok[32];
                size_t n = strlen(signs[s]);
                memcpy(tok, signs[s], n);
                for (size_t i = 0; i < len; i++)
                    tok[n++] = (char)('0' + (i == 0 && pad % 3 == 0
                                                 ? 0
                                                 : rng_below(&g, 10)));
                game_around(&b, tok, n, pad);
                same = lockstep(&b, FROM_MEMORY, 4096, &g, levels, &runs,
                                "length");
            }
        }
    }
    for (size_t e = 0; e < sizeof edges / sizeof *edges && same; e++) {
        for (size_t pad = 1; pad <= 64 && same; pad += step) {
            game_around(&b, edges[e], strlen(edges[e]), pad);
            same = lockstep(&b, FROM_MEMORY, 4096, &g, levels, &runs, "edge");
        }
    }
    ok(same,
       "every length of 1 to 22 digits with no sign, '-' and '+', the "
       "edges of int64 (and one past), '-', '+', '--1', '1-', at %zu "
       "offsets: each level reads as the general path (%ld readings)",
       (63 + step) / step, runs);
    free(b.data);
}

/* A random token: mostly plain, sometimes long, signed, or with a rare
 * byte. */
static void random_token(rng_t *g, sb_t *b)
{
    static const char rare[] = "+#x\0\x80\xff-.";
    const uint64_t kind = rng_below(g, 100);
    if (kind < 3) {
        sb_char(b, rare[rng_below(g, sizeof rare - 1)]);
    }
    if (kind < 40 && rng_below(g, 2)) {
        sb_char(b, '-');
    }
    const size_t len =
        kind < 5 ? 18 + (size_t)rng_below(g, 5) : 1 + (size_t)rng_below(g, 19);
    for (size_t i = 0; i < len; i++) {
        sb_char(b, (char)('0' + rng_below(g, 10)));
    }
    if (kind == 99) {
        sb_char(b, rare[rng_below(g, sizeof rare - 1)]);
    }
}

/* A random stream of about size bytes: games whose count is sometimes
 * wrong, separators of every white space, sometimes a comment. */
static void random_stream(rng_t *g, sb_t *b, size_t size, int clean)
{
    static const char *const seps[] = {" ",  "\n", "\t",   "\r\n", "  ",
                                       "\v", "\f", " \t ", "\n\n", " #c 1 x\n"};
    b->len = 0;
    while (b->len < size) {
        const size_t n = (size_t)rng_below(g, 3) == 0
                             ? (size_t)rng_below(g, 5000)
                             : (size_t)rng_below(g, 40);
        char count[32];
        snprintf(count, sizeof count, "%zu",
                 !clean && rng_below(g, 50) == 0 ? n + 1 : n);
        sb_str(b, count);
        for (size_t i = 0; i < n; i++) {
            const uint64_t s = rng_below(g, 100);
            sb_str(b, seps[s < 90 ? s % 4 : s < 99 ? 4 + s % 5 : 9]);
            if (clean) {
                char v[32];
                snprintf(v, sizeof v, "%lld", (long long)rng_next(g));
                sb_str(b, v);
            } else {
                random_token(g, b);
            }
        }
        sb_str(b, seps[rng_below(g, 4)]);
    }
}

/* Random streams, small ones with faults and large clean ones across the
 * 256 KiB window of a FILE and a descriptor, batches of 1 to 5000. */
static void test_random(const int *levels)
{
    sb_t b = {NULL, 0, 0};
    rng_t g;
    long runs = 0;
    int same = 1;
    rng_seed(&g, 33);
    for (int i = 0; i < 400 && same; i += (int)step) {
        random_stream(&g, &b, 2000 + (size_t)rng_below(&g, 20000), 0);
        same = lockstep(&b, FROM_MEMORY, i % 2 ? 5000 : 64, &g, levels, &runs,
                        "random");
    }
    ok(same,
       "%zu random streams with faults (signs, rare bytes, long tokens, "
       "comments, wrong counts) from memory: each level reads as the "
       "general path (%ld readings)",
       (399 + step) / step, runs);
    runs = 0;
    for (int i = 0; i < 6 && same; i++) {
        random_stream(&g, &b, 700000, i < 3);
        same = lockstep(&b, i % 2 ? FROM_FD : FROM_FILE, 5000, &g, levels,
                        &runs, "window");
    }
    ok(same,
       "6 random streams of 700 KB from a FILE and a descriptor (tokens "
       "across the 256 KiB window): each level reads as the general path "
       "(%ld readings)",
       runs);
    free(b.data);
}

/* One long game, shifted by 0 to 63 bytes, so that tokens of every
 * length meet the window's edges (and so the last CL_SCAN_REACH bytes of
 * a window) at every offset, with a bad token near the second edge. */
static void test_window_edges(const int *levels)
{
    sb_t b = {NULL, 0, 0};
    rng_t g;
    long runs = 0;
    int same = 1;
    rng_seed(&g, 262144);
    for (size_t shift = 0; shift < 64 && same; shift += step) {
        b.len = 0;
        sb_repeat(&b, ' ', shift);
        sb_str(&b, "60000\n");
        for (int i = 0; b.len < 524288 - 40; i++) {
            char v[32];
            snprintf(v, sizeof v, " %lld",
                     (long long)((int64_t)rng_next(&g) >> (i % 60)));
            sb_str(&b, v);
        }
        sb_str(&b, shift % 2 ? " 12x4" : " 99999999999999999999");
        same = lockstep(&b, shift % 2 ? FROM_FD : FROM_FILE, 4096, &g, levels,
                        &runs, "edge");
    }
    ok(same,
       "a game of every token length shifted by 0..63 bytes (every %zu) "
       "across two window edges, ending in a bad token: each level reads "
       "as the general path, error included (%ld readings)",
       step, runs);
    free(b.data);
}

int main(void)
{
    int levels[CL_SCAN_LEVELS];
    if (under_valgrind())
        step = 7;
    for (int l = 0; l < CL_SCAN_LEVELS; l++) {
        levels[l] = cl_scan_supported(l);
        if (levels[l])
            ok(1, "level %s runs here", cl_scan_name(l));
        else
            ok(1, "level %s # skip the processor lacks it", cl_scan_name(l));
    }
    {
        int best = CL_SCAN_LEVELS - 1;
        while (!levels[best])
            best--;
        unsetenv("COINLINE_SIMD");
        is_int(cl_scan_pick(), best,
               "unforced, the reader takes the best level there is (%s)",
               cl_scan_name(best));
        setenv("COINLINE_SIMD", "swar", 1);
        is_int(cl_scan_pick(), CL_SCAN_SWAR, "COINLINE_SIMD=swar forces SWAR");
        setenv("COINLINE_SIMD", "avx512", 1);
        is_int(cl_scan_pick(), best,
               "COINLINE_SIMD=avx512 gives the best level there is (%s)",
               cl_scan_name(best));
    }
    test_bytes(levels);
    test_lengths(levels);
    test_random(levels);
    test_window_edges(levels);
    return done_testing();
}
