/* SPDX-License-Identifier: MIT */
/*
 * coinline_reader_*: the classic text format from memory and from FILEs,
 * including errors with their positions and the reader's buffer edges.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "coinline.h"
#include "common/check.h"
#include "common/rng.h"
#include "common/sbuf.h"
#include "common/tap.h"

#define MAXGAME 8

/* An expected game: n coins. */
typedef struct {
    size_t n;
    int64_t c[MAXGAME];
} game_t;

/* Expected outcome of reading a stream to its end or first error. */
typedef struct {
    int rc;        /* 0 for a clean end, else the error code */
    uint64_t line; /* where the error is, if any */
    uint64_t column;
} end_t;

static coinline_reader_t *mem_reader(const char *text, const char *name)
{
    coinline_reader_t *r = NULL;
    if (coinline_reader_from_memory(text, strlen(text), name, &r) != 0 ||
        r == NULL) {
        diag("reader_from_memory failed");
        exit(1);
    }
    return r;
}

/* Reads one game with read_game and compares it with *want, the game
 * numbered index (1-based). */
static int game_matches(coinline_reader_t *r, const game_t *want, size_t index,
                        const char *label)
{
    int64_t *coins = NULL;
    size_t n = 0;
    const int rc = coinline_reader_read_game(r, &coins, &n);
    int same = rc == 1 && n == want->n &&
               (n == 0 ? coins == NULL : coins != NULL) &&
               coinline_reader_game_index(r) == index;
    for (size_t i = 0; same && i < n; i++) {
        same = coins[i] == want->c[i];
    }
    if (rc == 1) {
        free(coins);
    }
    if (!same) {
        diag("%s: game %zu: rc %d, n %zu (expected %zu)", label, index, rc, n,
             want->n);
    }
    return same;
}

/* The next read_game gives end->rc; for an error, with coins NULL and
 * where() at end's line and column with a message. */
static int ends_as(coinline_reader_t *r, const end_t *end, const char *label)
{
    int64_t *coins = NULL;
    size_t n = 0;
    const int rc = coinline_reader_read_game(r, &coins, &n);
    coinline_error_t w;
    memset(&w, 0, sizeof w);
    if (rc == 1) {
        free(coins);
    }
    if (rc != end->rc || (rc < 0 && coins != NULL)) {
        diag("%s: rc %d (%s), expected %d (%s)%s", label, rc, code_str(rc),
             end->rc, code_str(end->rc),
             coins != NULL && rc < 0 ? ", coins not NULL" : "");
        return 0;
    }
    if (rc == 0) {
        return 1;
    }
    if (coinline_reader_error(r, &w) != 0 || w.line != end->line ||
        w.column != end->column || w.message[0] == '\0') {
        diag("%s: where: line %llu column %llu (expected %llu:%llu), "
             "message \"%s\"",
             label, (unsigned long long)w.line, (unsigned long long)w.column,
             (unsigned long long)end->line, (unsigned long long)end->column,
             w.message);
        return 0;
    }
    return 1;
}

/* Reads games with read_game and compares them with want[0..nw-1], then
 * the end or error with end. label names the case. */
static int reads_as(coinline_reader_t *r, const game_t *want, size_t nw,
                    const end_t *end, const char *label)
{
    for (size_t g = 0; g < nw; g++) {
        if (!game_matches(r, &want[g], g + 1, label)) {
            return 0;
        }
    }
    return ends_as(r, end, label);
}

/* A temporary FILE holding data[0..len-1], rewound; exits on failure. */
static FILE *temp_with(const char *data, size_t len)
{
    FILE *fp = tmpfile();
    if (fp == NULL || fwrite(data, 1, len, fp) != len || fflush(fp) != 0) {
        diag("cannot write a temporary file");
        exit(1);
    }
    rewind(fp);
    return fp;
}

static coinline_reader_t *file_reader(FILE *fp, const char *name)
{
    coinline_reader_t *r = NULL;
    if (coinline_reader_from_file(fp, name, &r) != 0 || r == NULL) {
        diag("reader_from_file failed");
        exit(1);
    }
    return r;
}

static coinline_reader_t *fd_reader(int fd, const char *name)
{
    coinline_reader_t *r = NULL;
    if (coinline_reader_from_fd(fd, name, &r) != 0 || r == NULL) {
        diag("reader_from_fd failed");
        exit(1);
    }
    return r;
}

/* reads_as() on a memory reader over text, and on a FILE reader and a file
 * descriptor reader over the same bytes in a file: all must match. */
static int text_reads_as(const char *text, const game_t *want, size_t nw,
                         const end_t *end, const char *label)
{
    coinline_reader_t *r = mem_reader(text, "mem");
    FILE *fp = temp_with(text, strlen(text));
    int good = reads_as(r, want, nw, end, label);
    coinline_reader_free(r);
    r = file_reader(fp, "file");
    if (!reads_as(r, want, nw, end, label)) {
        diag("(the case above failed with from_file)");
        good = 0;
    }
    coinline_reader_free(r);
    rewind(fp);
    r = fd_reader(fileno(fp), "fd");
    if (!reads_as(r, want, nw, end, label)) {
        diag("(the case above failed with from_fd)");
        good = 0;
    }
    coinline_reader_free(r);
    fclose(fp);
    return good;
}

static const end_t clean_end = {0, 0, 0};

static void test_valid_streams(void)
{
    static const game_t four[] = {
        {3, {1, 2, 3}},
        {2, {-5, 5}},
        {0, {0}},
        {1, {9}},
    };
    static const game_t lim[] = {{2, {INT64_MIN, INT64_MAX}}};
    static const game_t signs[] = {{4, {5, -5, 0, 0}}};
    diag("every text below is read from memory, from a tmpfile() FILE and "
         "from its file descriptor, with the same expectations");
    ok(text_reads_as("3\n1 2 3\n2 -5 +5\n0\n1 9\n", four, 4, &clean_end,
                     "four games"),
       "four games (one empty) in one stream read back in order with "
       "game_index 1..4, then 0");
    ok(text_reads_as(" \t3\r\n1\t2\n\n 3 \r\n2\r\n-5\n\n\n+5 0\t\t1\r\n\r\n9",
                     four, 4, &clean_end, "whitespace"),
       "spaces, tabs, CR LF and blank lines anywhere separate tokens; no "
       "final newline");
    ok(text_reads_as("3\v1\f2 3 2 -5 5 0 1 9", four, 4, &clean_end, "vt ff"),
       "vertical tab and form feed are whitespace too");
    ok(text_reads_as("# games\n3 1 2 3 # first\n#\n2 -5 # mid-game\n+5\n"
                     "0 # empty\n1 9 # no newline at the end",
                     four, 4, &clean_end, "comments"),
       "'#' comments: whole lines, after tokens, mid-game, at EOF");
    ok(text_reads_as("2 -9223372036854775808 9223372036854775807\n", lim, 1,
                     &clean_end, "limits"),
       "INT64_MIN and INT64_MAX read exactly");
    ok(text_reads_as("4 +5 -5 -0 +0", signs, 1, &clean_end, "signs"),
       "signs: +5, -5, -0, +0");
    ok(text_reads_as("0004 005 -005 0 -000", signs, 1, &clean_end, "zeros"),
       "leading zeros in counts and coins are plain decimal");
}

static void test_empty_streams(void)
{
    static const game_t empty_game[] = {{0, {0}}};
    static const end_t trunc_end = {COINLINE_ETRUNC, 1, 2};
    ok(text_reads_as("", NULL, 0, &clean_end, "empty"),
       "an empty stream has no games (read_game returns 0)");
    ok(text_reads_as(" \n\t\r\n  ", NULL, 0, &clean_end, "blank"),
       "a whitespace-only stream has no games");
    ok(text_reads_as("# only\n# comments", NULL, 0, &clean_end, "comments"),
       "a comment-only stream has no games");
    ok(text_reads_as("0", empty_game, 1, &clean_end, "lone zero"),
       "\"0\" at EOF is one empty game");
    ok(text_reads_as("3", NULL, 0, &trunc_end, "count at EOF"),
       "\"3\" at EOF (a count with no coins) gives ETRUNC at the end, "
       "line 1 column 2");
}

typedef struct {
    const char *text;
    int rc;
    uint64_t line;
    uint64_t column;
    const char *label;
} bad_t;

static void test_errors(void)
{
    static const bad_t bad[] = {
        {"2 1 abc", COINLINE_ESYNTAX, 1, 5, "coin \"abc\""},
        {"3\n1 12x 3", COINLINE_ESYNTAX, 2, 3, "coin \"12x\""},
        {"1 1.5", COINLINE_ESYNTAX, 1, 3, "coin \"1.5\""},
        {"1\n  --3", COINLINE_ESYNTAX, 2, 3, "coin \"--3\""},
        {"2 1 -", COINLINE_ESYNTAX, 1, 5, "a lone \"-\""},
        {"2 1 +\n", COINLINE_ESYNTAX, 1, 5, "a lone \"+\""},
        {"abc 1", COINLINE_ESYNTAX, 1, 1, "count \"abc\""},
        {"\n\n   x2", COINLINE_ESYNTAX, 3, 4, "count \"x2\" on line 3"},
        {"# h\xc3\xa9llo\n1 \xc3\xa9", COINLINE_ESYNTAX, 2, 3,
         "a UTF-8 byte sequence as a coin"},
        {"1 9223372036854775808", COINLINE_ERANGE, 1, 3, "coin 2^63"},
        {"1\r\n -9223372036854775809", COINLINE_ERANGE, 2, 2, "coin -2^63-1"},
        {"1 99999999999999999999999999", COINLINE_ERANGE, 1, 3,
         "a 26-digit coin"},
        {"-1 5", COINLINE_ECOUNT, 1, 1, "count -1"},
        {"\t-3", COINLINE_ECOUNT, 1, 2, "count -3 after a tab"},
        {"1000000000000000", COINLINE_ECOUNT, 1, 1,
         "count 10^15 with nothing after it"},
        {"1000000000001 1 2", COINLINE_ECOUNT, 1, 1, "count 10^12 + 1"},
        {"5\n1 2 3", COINLINE_ETRUNC, 2, 6, "count 5 with 3 coins"},
        {"1000000000000 1 2 3", COINLINE_ETRUNC, 1, 20,
         "count 10^12 (the maximum) with 3 coins"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        const end_t end = {bad[i].rc, bad[i].line, bad[i].column};
        ok(text_reads_as(bad[i].text, NULL, 0, &end, bad[i].label),
           "%s gives %s at line %llu column %llu with a message", bad[i].label,
           code_str(bad[i].rc), (unsigned long long)bad[i].line,
           (unsigned long long)bad[i].column);
    }
}

static void test_error_after_games(void)
{
    static const game_t two[] = {{2, {1, 2}}, {1, {7}}};
    const end_t end = {COINLINE_ESYNTAX, 3, 5};
    coinline_reader_t *r = mem_reader("2 1 2\n1 7\n3 1 x 4\n1 5\n", "mem");
    uint64_t count = 99;
    int64_t coin = 99;
    int64_t *coins = NULL;
    size_t n = 0;
    int rc;
    ok(reads_as(r, two, 2, &end, "after games"),
       "two good games are returned before ESYNTAX at line 3 column 5");
    is_int(coinline_reader_game_index(r), 3,
           "game_index is 3 while game 3 failed");
    rc = coinline_reader_next_game(r, &count);
    is_int(rc, COINLINE_ESYNTAX,
           "next_game after the error fails again "
           "with ESYNTAX (reader stays failed)");
    is_int(coinline_reader_next_coin(r, &coin), COINLINE_ESYNTAX,
           "next_coin after the error fails with ESYNTAX");
    rc = coinline_reader_read_game(r, &coins, &n);
    ok(rc == COINLINE_ESYNTAX && coins == NULL,
       "read_game after the error fails with ESYNTAX and coins NULL");
    coinline_reader_free(r);
}

static void test_where(void)
{
    coinline_reader_t *r = mem_reader("1 5\n2 6", "where-test");
    coinline_error_t w;
    int64_t *coins = NULL;
    size_t n = 0;
    memset(&w, 0, sizeof w);
    is_int(coinline_reader_error(r, &w), COINLINE_EINVAL,
           "reader_error() before any read gives EINVAL");
    ok(coinline_reader_read_game(r, &coins, &n) == 1 && n == 1,
       "first game [5] reads");
    free(coins);
    is_int(coinline_reader_error(r, &w), COINLINE_EINVAL,
           "reader_error() after a successful read gives EINVAL");
    is_int(coinline_reader_error(NULL, &w), COINLINE_EINVAL,
           "reader_error(NULL, &w) gives EINVAL");
    is_int(coinline_reader_read_game(r, &coins, &n), COINLINE_ETRUNC,
           "second game \"2 6\" is truncated");
    is_int(coinline_reader_error(r, NULL), COINLINE_EINVAL,
           "reader_error(r, NULL) gives EINVAL even after an error");
    ok(coinline_reader_error(r, &w) == 0 &&
           strcmp(coinline_reader_name(r), "where-test") == 0 && w.line == 2 &&
           w.column == 4,
       "reader_error() after ETRUNC: line 2, column 4, and reader_name() is "
       "\"where-test\"");
    ok(strcmp(coinline_reader_name(NULL), "") == 0,
       "reader_name(NULL) is \"\"");
    coinline_reader_free(r);
}

/* The name where() reports for an ETRUNC on a reader made by make. */
static void check_default_names(void)
{
    coinline_reader_t *r = NULL;
    coinline_error_t w;
    FILE *fp = tmpfile();
    int64_t *coins = NULL;
    size_t n = 0;
    memset(&w, 0, sizeof w);
    coinline_reader_from_memory("2 1", 3, NULL, &r);
    ok(r != NULL && coinline_reader_read_game(r, &coins, &n) < 0 &&
           coinline_reader_error(r, &w) == 0 &&
           strcmp(coinline_reader_name(r), "<memory>") == 0,
       "a memory reader made with name NULL reports \"<memory>\"");
    coinline_reader_free(r);
    r = NULL;
    if (fp == NULL) {
        ok(0, "tmpfile() failed");
        return;
    }
    fputs("2 1", fp);
    rewind(fp);
    coinline_reader_from_file(fp, NULL, &r);
    ok(r != NULL && coinline_reader_read_game(r, &coins, &n) < 0 &&
           coinline_reader_error(r, &w) == 0 &&
           strcmp(coinline_reader_name(r), "<stdin>") == 0,
       "a file reader made with name NULL reports \"<stdin>\"");
    coinline_reader_free(r);
    fclose(fp);
}

static void test_creation_errors(void)
{
    coinline_reader_t *r = (coinline_reader_t *)&r; /* not NULL */
    is_int(coinline_reader_from_memory(NULL, 4, "x", &r), COINLINE_EINVAL,
           "from_memory(NULL data, len 4) gives EINVAL");
    ok(r == NULL, "from_memory sets *out to NULL on failure");
    is_int(coinline_reader_from_memory("1 2", 3, "x", NULL), COINLINE_EINVAL,
           "from_memory with out NULL gives EINVAL");
    r = (coinline_reader_t *)&r;
    is_int(coinline_reader_from_file(NULL, "x", &r), COINLINE_EINVAL,
           "from_file(NULL fp) gives EINVAL");
    ok(r == NULL, "from_file sets *out to NULL on failure");
    is_int(coinline_reader_from_file(stdin, "x", NULL), COINLINE_EINVAL,
           "from_file with out NULL gives EINVAL");
    coinline_reader_free(NULL);
    ok(1, "reader_free(NULL) returns");
    check_default_names();
}

static void test_skipping(void)
{
    coinline_reader_t *r = mem_reader("3 1 2 3\n2 4 5\n", "skip");
    uint64_t count = 0;
    int64_t coin = 0;
    int good;
    good = coinline_reader_next_game(r, &count) == 1 && count == 3 &&
           coinline_reader_next_coin(r, &coin) == 1 && coin == 1 &&
           coinline_reader_next_game(r, &count) == 1 && count == 2 &&
           coinline_reader_game_index(r) == 2 &&
           coinline_reader_next_coin(r, &coin) == 1 && coin == 4 &&
           coinline_reader_next_coin(r, &coin) == 1 && coin == 5 &&
           coinline_reader_next_coin(r, &coin) == 0 &&
           coinline_reader_next_coin(r, &coin) == 0 &&
           coinline_reader_next_game(r, &count) == 0;
    ok(good, "next_game skips the unread coins 2 3 of game 1; next_coin "
             "gives 4 5 then 0 (twice); then next_game gives 0");
    coinline_reader_free(r);

    r = mem_reader("3 1 x 3\n1 5\n", "skip");
    good = coinline_reader_next_game(r, &count) == 1 &&
           coinline_reader_next_game(r, &count) == COINLINE_ESYNTAX;
    {
        coinline_error_t w;
        memset(&w, 0, sizeof w);
        ok(good && coinline_reader_error(r, &w) == 0 && w.line == 1 &&
               w.column == 5,
           "skipped coins are checked: \"x\" among them gives ESYNTAX at "
           "line 1 column 5");
    }
    coinline_reader_free(r);

    r = mem_reader("4 1\n", "skip");
    ok(coinline_reader_next_game(r, &count) == 1 &&
           coinline_reader_next_game(r, &count) == COINLINE_ETRUNC,
       "skipping the coins of a truncated game gives ETRUNC");
    coinline_reader_free(r);

    r = mem_reader("0 0 2 8 9", "skip");
    good = coinline_reader_next_game(r, &count) == 1 && count == 0 &&
           coinline_reader_next_coin(r, &coin) == 0 &&
           coinline_reader_next_game(r, &count) == 1 && count == 0 &&
           coinline_reader_next_game(r, &count) == 1 && count == 2 &&
           coinline_reader_game_index(r) == 3 &&
           coinline_reader_next_coin(r, &coin) == 1 && coin == 8;
    ok(good, "empty games: next_coin gives 0 at once; game_index counts "
             "them (3)");
    coinline_reader_free(r);
}

static void test_not_terminated(void)
{
    /* Exactly the bytes "1 5 7" without a NUL; only "1 5" is given. */
    char *data = malloc(5);
    coinline_reader_t *r = NULL;
    int64_t *coins = NULL;
    size_t n = 0;
    int good;
    if (data == NULL) {
        ok(0, "malloc");
        return;
    }
    memcpy(data, "1 5 7", 5);
    coinline_reader_from_memory(data, 3, "mem", &r);
    good = r != NULL && coinline_reader_read_game(r, &coins, &n) == 1 &&
           n == 1 && coins[0] == 5;
    free(coins);
    ok(good && coinline_reader_read_game(r, &coins, &n) == 0,
       "from_memory reads only len bytes: \"1 5 7\" with len 3 is one game "
       "[5]");
    coinline_reader_free(r);
    coinline_reader_from_memory(data, 5, "mem", &r);
    good = r != NULL && coinline_reader_read_game(r, &coins, &n) == 1 &&
           coins[0] == 5;
    free(coins);
    coins = NULL;
    ok(good && coinline_reader_read_game(r, &coins, &n) == COINLINE_ETRUNC,
       "a token ending exactly at len (no NUL after it) reads: \"1 5 7\" "
       "with len 5 gives [5] then ETRUNC");
    coinline_reader_free(r);
    free(data);
}

/* A huge announced count followed by 3 coins must fail with ETRUNC
 * quickly, without allocating by the count. */
static void test_huge_count(void)
{
    const clock_t start = clock();
    coinline_reader_t *r = mem_reader("1000000000 1 2 3\n", "mem");
    int64_t *coins = NULL;
    size_t n = 0;
    uint64_t count = 0;
    int64_t coin = 0;
    double secs;
    ok(coinline_reader_read_game(r, &coins, &n) == COINLINE_ETRUNC &&
           coins == NULL,
       "read_game: count 10^9 then 3 coins gives ETRUNC");
    coinline_reader_free(r);
    r = mem_reader("1000000000 1 2 3\n", "mem");
    ok(coinline_reader_next_game(r, &count) == 1 && count == 1000000000 &&
           coinline_reader_next_coin(r, &coin) == 1 &&
           coinline_reader_next_coin(r, &coin) == 1 &&
           coinline_reader_next_coin(r, &coin) == 1 && coin == 3 &&
           coinline_reader_next_coin(r, &coin) == COINLINE_ETRUNC,
       "next_game: count 10^9 announced; next_coin gives 1 2 3 then ETRUNC");
    coinline_reader_free(r);
    secs = (double)(clock() - start) / CLOCKS_PER_SEC;
    ok(secs < 1.0, "both fail quickly (%.3f s of CPU, limit 1 s)", secs);
}

/* Reads data[0..len-1] from a FILE, a file descriptor and memory; expects the
 * single game want (or the error end when want is NULL). */
static int big_reads_as(const sb_t *b, const game_t *want, const end_t *end,
                        const char *label)
{
    FILE *fp = temp_with(b->data, b->len);
    coinline_reader_t *r = file_reader(fp, "big");
    int good = reads_as(r, want, want ? 1 : 0, end, label);
    coinline_reader_free(r);
    rewind(fp);
    r = fd_reader(fileno(fp), "big");
    good &= reads_as(r, want, want ? 1 : 0, end, label);
    coinline_reader_free(r);
    fclose(fp);
    if (coinline_reader_from_memory(b->data, b->len, "big", &r) != 0) {
        return 0;
    }
    good &= reads_as(r, want, want ? 1 : 0, end, label);
    coinline_reader_free(r);
    return good;
}

/* Reads `games` games of one coin `coin`, then expects the error end. */
static int games_then_error_in(coinline_reader_t *r, size_t games, int64_t coin,
                               const end_t *end)
{
    size_t good = 0;
    int64_t *coins = NULL;
    size_t n = 0;
    int rc;
    coinline_error_t w;
    memset(&w, 0, sizeof w);
    while ((rc = coinline_reader_read_game(r, &coins, &n)) == 1) {
        good += n == 1 && coins[0] == coin;
        free(coins);
    }
    coinline_reader_error(r, &w);
    coinline_reader_free(r);
    if (good != games || rc != end->rc || w.line != end->line ||
        w.column != end->column) {
        diag("%zu good games, rc %s at %llu:%llu", good, code_str(rc),
             (unsigned long long)w.line, (unsigned long long)w.column);
        return 0;
    }
    return 1;
}

/* games_then_error_in() on a FILE and on a file descriptor over b. */
static int games_then_error(const sb_t *b, size_t games, int64_t coin,
                            const end_t *end)
{
    FILE *fp = temp_with(b->data, b->len);
    int good = games_then_error_in(file_reader(fp, "big"), games, coin, end);
    rewind(fp);
    good &= games_then_error_in(fd_reader(fileno(fp), "big"), games, coin, end);
    fclose(fp);
    return good;
}

enum { TOKEN_LEN = 600000, BUF_SIZE = 262144 };

static void test_long_tokens(void)
{
    static const game_t one[] = {{1, {1}}};
    static const game_t two[] = {{2, {7, INT64_MIN}}};
    sb_t b = {NULL, 0, 0};
    const end_t syntax = {COINLINE_ESYNTAX, 1, 3};
    const end_t range = {COINLINE_ERANGE, 1, 3};

    sb_str(&b, "1 ");
    sb_repeat(&b, '0', TOKEN_LEN - 1);
    sb_str(&b, "1\n");
    ok(big_reads_as(&b, one, &clean_end, "long token"),
       "a 600000-character token 000...0001 is the value 1 (FILE, fd and "
       "memory)");
    b.len = 0;
    sb_repeat(&b, '0', TOKEN_LEN - 1);
    sb_str(&b, "2 7 -");
    sb_repeat(&b, '0', TOKEN_LEN);
    sb_str(&b, "9223372036854775808");
    ok(big_reads_as(&b, two, &clean_end, "long count"),
       "a 600000-character count 000...0002 and a 600020-character "
       "-000...9223372036854775808 (INT64_MIN) read exactly");
    b.len = 0;
    sb_str(&b, "1 ");
    sb_repeat(&b, '0', TOKEN_LEN);
    sb_str(&b, "x 5");
    ok(big_reads_as(&b, NULL, &syntax, "long bad token"),
       "a 600001-character token 000...000x gives ESYNTAX at its start "
       "(line 1 column 3)");
    b.len = 0;
    sb_str(&b, "1 ");
    sb_repeat(&b, '0', TOKEN_LEN);
    sb_str(&b, "9223372036854775808");
    ok(big_reads_as(&b, NULL, &range, "long big token"),
       "000...0009223372036854775808 (600019 characters) gives ERANGE at "
       "line 1 column 3");
    free(b.data);
}

static void test_long_lines(void)
{
    sb_t b = {NULL, 0, 0};
    const end_t col = {COINLINE_ESYNTAX, 1, 300008};
    const end_t line = {COINLINE_ESYNTAX, 100001, 3};
    sb_str(&b, "150001 ");
    for (int i = 0; i < 150000; i++) {
        sb_str(&b, "1 ");
    }
    sb_str(&b, "x");
    ok(big_reads_as(&b, NULL, &col, "long line"),
       "an error 300007 bytes into one line is at column 300008");
    b.len = 0;
    for (int i = 0; i < 100000; i++) {
        sb_str(&b, i % 2 ? "1 7\r\n" : "1 7\n");
    }
    sb_str(&b, "1 x\n");
    ok(games_then_error(&b, 100000, 7, &line),
       "100000 one-coin games on lines ending in LF or CR LF (450000 "
       "bytes) read, then an error at line 100001 column 3");
    free(b.data);
}

/* Tokens, separators and comments straddling the first buffer edge at
 * 262144 (and the second at 524288) by every shift 0..24. */
static void test_buffer_edges(void)
{
    static const game_t want[] = {{2, {-1234567890123, 77}}};
    sb_t b = {NULL, 0, 0};
    int good = 1;
    int comment_good = 1;
    for (size_t edge = 1; edge <= 2; edge++) {
        for (size_t d = 0; d <= 24; d++) {
            b.len = 0;
            sb_repeat(&b, ' ', edge * BUF_SIZE - d);
            sb_str(&b, "2\t-1234567890123\r\n77\n");
            good &= big_reads_as(&b, want, &clean_end, "edge token");
            b.len = 0;
            sb_repeat(&b, '\n', edge * BUF_SIZE - d);
            sb_str(&b, "# 1 2 3 a comment\r\n2 -1234567890123 # x\n77");
            comment_good &= big_reads_as(&b, want, &clean_end, "edge comment");
        }
    }
    ok(good, "a game \"2 -1234567890123 77\" starting 0..24 bytes before "
             "offset 262144 or 524288 reads the same (FILE, fd and memory)");
    ok(comment_good, "a comment straddling offset 262144 or 524288 by 0..24 "
                     "bytes is skipped whole");
    b.len = 0;
    for (int k = 0; k < 60000; k++) {
        sb_str(&b, "1 7\r\n"); /* a CR LF pair spans 262143..262144 */
    }
    sb_str(&b, "1 x");
    {
        const end_t end = {COINLINE_ESYNTAX, 60001, 3};
        ok(games_then_error(&b, 60000, 7, &end),
           "60000 lines \"1 7\\r\\n\" (a CR LF pair split by the 262144 edge) "
           "then an error at line 60001 column 3");
    }
    free(b.data);
}

/* Appends a random separator: whitespace, sometimes a comment. */
static void random_sep(rng_t *r, sb_t *b)
{
    static const char *const seps[] = {
        " ",   "\n",           "\t",   "\r\n",
        "  ",  " \t ",         "\n\n", " # note 1 2 x\n",
        "#\n", "\r\n# -5 \r\n"};
    sb_str(b, seps[rng_below(r, 10)]);
}

/* Appends v in decimal, sometimes with a '+' or leading zeros. */
static void random_number(rng_t *r, sb_t *b, int64_t v)
{
    char text[64];
    const int style = (int)rng_below(r, 8);
    if (style == 0 && v >= 0) {
        sb_str(b, "+");
    } else if (style == 1) {
        if (v < 0) {
            sb_str(b, "-");
        }
        sb_repeat(b, '0', 1 + (size_t)rng_below(r, 30));
        snprintf(text, sizeof text, "%llu",
                 v < 0 ? 0 - (unsigned long long)v : (unsigned long long)v);
        sb_str(b, text);
        return;
    }
    snprintf(text, sizeof text, "%lld", (long long)v);
    sb_str(b, text);
}

/* The games a generated stream holds. */
typedef struct {
    int64_t *coins; /* all games' coins, one after the other */
    size_t *lens;   /* each game's length */
    size_t ncoins;
    size_t ngames;
} games_t;

/* A random stream of games (about 1.5 MB) and the coins it holds. */
static void random_stream(rng_t *r, sb_t *b, games_t *g, size_t max_coins)
{
    g->ncoins = g->ngames = 0;
    while (b->len < 1500000) {
        const size_t n = (size_t)rng_below(r, 40);
        int64_t *c = g->coins + g->ncoins;
        if (g->ncoins + n > max_coins) {
            break;
        }
        random_number(r, b, (int64_t)n);
        gen_values(r, c, n, (vals_t)rng_below(r, VALS_COUNT));
        for (size_t i = 0; i < n; i++) {
            random_sep(r, b);
            random_number(r, b, c[i]);
        }
        random_sep(r, b);
        g->ncoins += n;
        g->lens[g->ngames++] = n;
    }
}

/* Reads every game of the reader and compares with the expected ones. */
static int reads_games(coinline_reader_t *r, const games_t *e)
{
    const int64_t *coins = e->coins;
    const size_t *lens = e->lens;
    const size_t ngames = e->ngames;
    size_t at = 0;
    for (size_t g = 0; g < ngames; g++) {
        int64_t *got = NULL;
        size_t n = 0;
        int same = coinline_reader_read_game(r, &got, &n) == 1 && n == lens[g];
        for (size_t i = 0; same && i < n; i++) {
            same = got[i] == coins[at + i];
        }
        free(got);
        if (!same) {
            diag("game %zu differs", g + 1);
            return 0;
        }
        at += lens[g];
    }
    return coinline_reader_next_game(r, &(uint64_t){0}) == 0;
}

/* As reads_games(), with next_game and next_coins in random batch sizes
 * (and sometimes a single next_coin). */
static int reads_games_batched(coinline_reader_t *r, rng_t *g, const games_t *e)
{
    const int64_t *coins = e->coins;
    const size_t *lens = e->lens;
    const size_t ngames = e->ngames;
    int64_t batch[64];
    size_t at = 0;
    for (size_t gi = 0; gi < ngames; gi++) {
        uint64_t count = 0;
        size_t have = 0;
        int rc = coinline_reader_next_game(r, &count);
        if (rc != 1 || count != lens[gi]) {
            diag("game %zu: next_game rc %d count %llu", gi + 1, rc,
                 (unsigned long long)count);
            return 0;
        }
        for (;;) {
            const size_t max = 1 + (size_t)rng_below(g, 64);
            size_t got = 0;
            rc = coinline_reader_next_coins(r, batch, max, &got);
            if (rc != (got > 0) || got > max || have + got > lens[gi] ||
                memcmp(batch, coins + at + have, got * sizeof *batch)) {
                diag("game %zu: next_coins rc %d got %zu at %zu", gi + 1, rc,
                     got, have);
                return 0;
            }
            have += got;
            if (rc == 0) {
                break;
            }
        }
        if (have != lens[gi]) {
            diag("game %zu: %zu coins of %zu", gi + 1, have, lens[gi]);
            return 0;
        }
        at += lens[gi];
    }
    return coinline_reader_next_game(r, &(uint64_t){0}) == 0;
}

/* A reader over the stream b: kind 0 a FILE (fp), 1 fp's descriptor,
 * 2 memory. */
static coinline_reader_t *reader_of(int kind, FILE *fp, const sb_t *b)
{
    coinline_reader_t *r = NULL;
    if (kind == 2) {
        coinline_reader_from_memory(b->data, b->len, "random", &r);
        return r;
    }
    rewind(fp);
    return kind == 0 ? file_reader(fp, "random")
                     : fd_reader(fileno(fp), "random");
}

static void test_random_stream(void)
{
    enum { MAX_COINS = 200000 };
    static const char *const kinds[3] = {"a FILE", "a file descriptor",
                                         "memory"};
    games_t g = {NULL, NULL, 0, 0};
    sb_t b = {NULL, 0, 0};
    FILE *fp;
    rng_t r;
    g.coins = malloc(MAX_COINS * sizeof *g.coins);
    g.lens = malloc(MAX_COINS * sizeof *g.lens);
    if (g.coins == NULL || g.lens == NULL) {
        diag("out of memory");
        exit(1);
    }
    rng_seed(&r, 1500000);
    random_stream(&r, &b, &g, MAX_COINS);
    fp = temp_with(b.data, b.len);
    for (int batched = 0; batched < 2; batched++) {
        for (int k = 0; k < 3; k++) {
            coinline_reader_t *rd = reader_of(k, fp, &b);
            ok(rd != NULL && (batched ? reads_games_batched(rd, &r, &g)
                                      : reads_games(rd, &g)),
               "a random %zu-byte stream of %zu games (%zu coins; all "
               "alphabets, comments, CR LF, '+', leading zeros) read from %s "
               "with %s gives every coin exactly",
               b.len, g.ngames, g.ncoins, kinds[k],
               batched ? "next_game and next_coins in batches of 1..64"
                       : "read_game");
            coinline_reader_free(rd);
        }
    }
    fclose(fp);
    free(b.data);
    free(g.coins);
    free(g.lens);
}

/* A write-only FILE on a fresh temporary file (already unlinked). */
static FILE *write_only_file(void)
{
    char path[] = "/tmp/coinline-test-XXXXXX";
    const int fd = mkstemp(path);
    int wfd;
    FILE *fp;
    if (fd < 0) {
        return NULL;
    }
    wfd = open(path, O_WRONLY);
    unlink(path);
    close(fd);
    if (wfd < 0) {
        return NULL;
    }
    fp = fdopen(wfd, "w");
    if (fp == NULL) {
        close(wfd);
    }
    return fp;
}

static void test_read_error(void)
{
    FILE *wo = write_only_file();
    coinline_reader_t *r = NULL;
    coinline_error_t w;
    uint64_t count = 0;
    memset(&w, 0, sizeof w);
    if (wo == NULL) {
        ok(0, "cannot make a write-only FILE");
        return;
    }
    r = file_reader(wo, "write-only");
    is_int(coinline_reader_next_game(r, &count), COINLINE_EIO,
           "reading a write-only FILE gives EIO");
    ok(coinline_reader_error(r, &w) == 0 && w.message[0] != '\0',
       "reader_error() after EIO gives a message");
    is_int(coinline_reader_next_game(r, &count), COINLINE_EIO,
           "the reader stays failed with EIO");
    coinline_reader_free(r);
    fclose(wo);
}

/* The caller reads a header line with stdio, then hands the FILE over:
 * the reader must continue from there (the rest may sit in the FILE's
 * buffer). */
static void test_file_after_stdio(void)
{
    static const game_t want[] = {{2, {1, 2}}, {1, {5}}};
    static const char text[] = "coinline games v1\n2 1 2\n1 5\n";
    FILE *fp = temp_with(text, strlen(text));
    char header[64];
    coinline_reader_t *r;
    if (fgets(header, sizeof header, fp) == NULL) {
        ok(0, "fgets on the temporary file failed");
        fclose(fp);
        return;
    }
    r = file_reader(fp, "after-fgets");
    ok(reads_as(r, want, 2, &clean_end, "after fgets"),
       "from_file continues where the caller's fgets() stopped: games "
       "[1 2] and [5] after a header line");
    coinline_reader_free(r);
    fclose(fp);
}

/* A stdio stream with no file descriptor behind it (fmemopen). */
static void test_fmemopen_file(void)
{
    static const game_t want[] = {{3, {4, -4, 9}}};
    static char text[] = "3 4 -4 9\n";
    FILE *fp = fmemopen(text, strlen(text), "r");
    coinline_reader_t *r = NULL;
    if (fp == NULL) {
        ok(0, "fmemopen failed");
        return;
    }
    if (coinline_reader_from_file(fp, "fmemopen", &r) != 0 || r == NULL) {
        ok(0, "from_file over an fmemopen() FILE reads [4 -4 9] "
              "(creation failed)");
        fclose(fp);
        return;
    }
    ok(reads_as(r, want, 1, &clean_end, "fmemopen"),
       "from_file over an fmemopen() FILE (no file descriptor) reads "
       "[4 -4 9]");
    coinline_reader_free(r);
    fclose(fp);
}

/* Writes all of text to fd; exits on failure. */
static void write_all(int fd, const char *text)
{
    size_t len = strlen(text);
    while (len > 0) {
        const ssize_t w = write(fd, text, len);
        if (w <= 0) {
            diag("write to a pipe failed");
            exit(1);
        }
        text += w;
        len -= (size_t)w;
    }
}

/* A game on a pipe is available as soon as its last coin and a separator
 * are: the reader must not wait for more input (alarm() ends a hang). */
static void test_fd_live_pipe(void)
{
    int fds[2];
    coinline_reader_t *r;
    int64_t *coins = NULL;
    size_t n = 0;
    int rc;
    if (pipe(fds) != 0) {
        ok(0, "pipe() failed");
        return;
    }
    write_all(fds[1], "2 1 2\n3 ");
    r = fd_reader(fds[0], "pipe");
    alarm(20);
    rc = coinline_reader_read_game(r, &coins, &n);
    ok(rc == 1 && n == 2 && coins[0] == 1 && coins[1] == 2,
       "from_fd on a pipe: game [1 2] is returned while the writer is "
       "still open and the next game is incomplete");
    free(coins);
    coins = NULL;
    write_all(fds[1], "4 5 6\n");
    rc = coinline_reader_read_game(r, &coins, &n);
    ok(rc == 1 && n == 3 && coins[0] == 4 && coins[2] == 6,
       "from_fd on a pipe: game [4 5 6] completed by a later write reads");
    free(coins);
    close(fds[1]);
    coins = NULL;
    is_int(coinline_reader_read_game(r, &coins, &n), 0,
           "from_fd on a pipe: the stream ends cleanly when the writer "
           "closes");
    alarm(0);
    coinline_reader_free(r);
    close(fds[0]);
}

/* The hook of coinline_reader_on_read(): counts its calls. */
static void count_reads(void *ctx)
{
    ++*(int *)ctx;
}

/* coinline_reader_on_read(): called before each read of a pipe (two
 * writes: the first game is read before the second is written, so the
 * hook runs before each of the reads), never for memory; removed with
 * NULL; r NULL refused. */
static void test_on_read(void)
{
    int fds[2], calls = 0, mem_calls = 0;
    int64_t *coins = NULL;
    size_t n = 0;
    if (pipe(fds) != 0) {
        ok(0, "pipe() failed");
        return;
    }
    coinline_reader_t *r = fd_reader(fds[0], "pipe");
    coinline_reader_on_read(r, count_reads, &calls);
    alarm(20);
    write_all(fds[1], "2 1 2\n");
    int rc = coinline_reader_read_game(r, &coins, &n);
    const int before = calls;
    free(coins);
    coins = NULL;
    write_all(fds[1], "1 7\n");
    close(fds[1]);
    rc += coinline_reader_read_game(r, &coins, &n);
    free(coins);
    coins = NULL;
    rc += coinline_reader_read_game(r, &coins, &n);
    alarm(0);
    ok(rc == 2 && before >= 1 && calls > before,
       "on_read: called before reading a pipe (%d, then %d calls)", before,
       calls);
    free(coins);
    coinline_reader_free(r);
    close(fds[0]);
    coinline_reader_t *m;
    coinline_reader_from_memory("1 5", 3, NULL, &m);
    coinline_reader_on_read(m, count_reads, &mem_calls);
    coins = NULL;
    rc = coinline_reader_read_game(m, &coins, &n);
    free(coins);
    coinline_reader_free(m);
    ok(rc == 1 && mem_calls == 0 &&
           coinline_reader_on_read(NULL, count_reads, &calls) ==
               COINLINE_EINVAL,
       "on_read: never for memory; a NULL reader refused");
}

/* ------------------------------------------------------------------------
 * A UTF-8 byte-order mark at the start of the input
 * ---------------------------------------------------------------------- */

#define BOM "\xEF\xBB\xBF"

/* Reads r to its end or error; stores a digest of all it gave (games,
 * then the end's code, line, column and message) in out. */
static void read_digest(coinline_reader_t *r, char *out, size_t size)
{
    int64_t *coins = NULL;
    size_t n = 0, used = 0;
    int rc;
    coinline_error_t w;
    out[0] = '\0';
    while ((rc = coinline_reader_read_game(r, &coins, &n)) == 1) {
        used += (size_t)snprintf(out + used, size - used, "[%zu:", n);
        for (size_t i = 0; i < n && used < size; i++)
            used += (size_t)snprintf(out + used, size - used, " %lld",
                                     (long long)coins[i]);
        if (used < size)
            used += (size_t)snprintf(out + used, size - used, "] ");
        free(coins);
        if (used >= size)
            return;
    }
    memset(&w, 0, sizeof w);
    coinline_reader_error(r, &w);
    snprintf(out + used, size - used, "end %d at %llu:%llu %s", rc,
             (unsigned long long)w.line, (unsigned long long)w.column,
             w.message);
}

/* 1 when BOM + text reads exactly as text does (games, error, its place
 * and message), from memory and from a file descriptor. */
static int bom_reads_alike(const char *text)
{
    char plain[1024], marked[1024], with[512];
    snprintf(with, sizeof with, BOM "%s", text);
    coinline_reader_t *r = mem_reader(text, "in");
    read_digest(r, plain, sizeof plain);
    coinline_reader_free(r);
    r = mem_reader(with, "in");
    read_digest(r, marked, sizeof marked);
    coinline_reader_free(r);
    int same = strcmp(plain, marked) == 0;
    FILE *fp = temp_with(with, strlen(with));
    r = fd_reader(fileno(fp), "in");
    read_digest(r, marked, sizeof marked);
    coinline_reader_free(r);
    fclose(fp);
    same = same && strcmp(plain, marked) == 0;
    if (!same)
        diag("without the mark: %s; with it: %s", plain, marked);
    return same;
}

static void test_bom(void)
{
    static const char *const texts[] = {
        "3\n1 2 3\n2 -5 +5\n",
        "# a comment first\n1 7\n",
        "\n\n2 1 2",
        " 1 5",
        "",
        "2 1 abc",
        "abc 1",
        "x",
        "-1 5",
        "3\n1 12x 3",
        "5\n1 2 3",
        "1 9223372036854775808",
    };
    static const game_t one[] = {{1, {5}}};
    const end_t at_1_1 = {COINLINE_ESYNTAX, 1, 1};
    const end_t at_1_5 = {COINLINE_ESYNTAX, 1, 5};
    tally_t t = {0, 0};
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++)
        if (!tally_check(&t, bom_reads_alike(texts[i])))
            tally_note(&t, "text %zu", i);
    ok(tally_passed(&t),
       "a byte-order mark at the start reads exactly as the text without "
       "it: the same games, errors, lines and columns (columns count from "
       "after the mark), %ld texts",
       t.checks);
    ok(text_reads_as(BOM, NULL, 0, &clean_end, "the mark alone"),
       "a text that is only the mark has no games");
    ok(text_reads_as(BOM "1 5", one, 1, &clean_end, "mark, no newline"),
       "the mark right before the first token is skipped");
    ok(text_reads_as("\xEF\xBB", NULL, 0, &at_1_1, "two bytes of a mark"),
       "the first two bytes of a mark are not a mark: ESYNTAX at 1:1");
    ok(text_reads_as(BOM BOM "1 5", NULL, 0, &at_1_1, "two marks"),
       "a second mark is a bad token: ESYNTAX at 1:1 (after the first)");
    ok(text_reads_as(" " BOM "1 5", NULL, 0, &(end_t){COINLINE_ESYNTAX, 1, 2},
                     "mark after a space"),
       "a mark after a space is a bad token: ESYNTAX at 1:2");
    ok(text_reads_as("2 1 " BOM "2", NULL, 0, &at_1_5, "mark mid-game"),
       "a mark in the middle is a bad token: ESYNTAX at 1:5");
}

/* On a pipe, the mark may come a byte at a time; and input that cannot
 * begin a mark is read without waiting for more (alarm() ends a hang). */
static void test_bom_pipe(void)
{
    int fds[2];
    int64_t *coins = NULL;
    size_t n = 0;
    if (pipe(fds) != 0) {
        ok(0, "pipe() failed");
        return;
    }
    coinline_reader_t *r = fd_reader(fds[0], "pipe");
    alarm(20);
    write_all(fds[1], "0\n");
    is_int(coinline_reader_read_game(r, &coins, &n), 1,
           "from_fd on a pipe: \"0\" is a game at once, without waiting for "
           "three bytes of a possible mark");
    coinline_reader_free(r);
    close(fds[1]);
    close(fds[0]);
    if (pipe(fds) != 0) {
        ok(0, "pipe() failed");
        return;
    }
    r = fd_reader(fds[0], "pipe");
    if (fork() == 0) {
        close(fds[0]);
        const struct timespec pause = {0, 20000000};
        write_all(fds[1], "\xEF");
        nanosleep(&pause, NULL);
        write_all(fds[1], "\xBB");
        nanosleep(&pause, NULL);
        write_all(fds[1], "\xBF"
                          "2 4 6\n");
        _exit(0);
    }
    close(fds[1]);
    const int rc = coinline_reader_read_game(r, &coins, &n);
    ok(rc == 1 && n == 2 && coins[0] == 4 && coins[1] == 6,
       "from_fd on a pipe: a mark written a byte at a time is skipped");
    if (rc == 1)
        free(coins);
    while (wait(NULL) > 0)
        continue;
    alarm(0);
    coinline_reader_free(r);
    close(fds[0]);
}

static void test_fd_errors(void)
{
    coinline_reader_t *r = (coinline_reader_t *)&r;
    FILE *wo = write_only_file();
    uint64_t count = 0;
    is_int(coinline_reader_from_fd(-1, "x", &r), COINLINE_EINVAL,
           "from_fd(-1) gives EINVAL");
    ok(r == NULL, "from_fd sets *out to NULL on failure");
    is_int(coinline_reader_from_fd(0, "x", NULL), COINLINE_EINVAL,
           "from_fd with out NULL gives EINVAL");
    if (wo == NULL) {
        ok(0, "cannot make a write-only file");
        return;
    }
    r = fd_reader(fileno(wo), "write-only fd");
    is_int(coinline_reader_next_game(r, &count), COINLINE_EIO,
           "from_fd on a write-only descriptor: next_game gives EIO");
    coinline_reader_free(r);
    fclose(wo);
}

static void test_next_coins(void)
{
    int64_t c[16];
    size_t got = 99;
    uint64_t count = 0;
    int64_t one = 0;
    coinline_error_t w;
    coinline_reader_t *r = mem_reader("5 1 2 x 4 5", "batch");
    memset(&w, 0, sizeof w);
    coinline_reader_next_game(r, &count);
    ok(coinline_reader_next_coins(r, c, 16, &got) == COINLINE_ESYNTAX &&
           got == 2 && c[0] == 1 && c[1] == 2 &&
           coinline_reader_error(r, &w) == 0 && w.line == 1 && w.column == 7,
       "next_coins over \"1 2 x\" gives ESYNTAX at column 7 with *got 2 "
       "and the coins 1 2 valid");
    coinline_reader_free(r);

    r = mem_reader("5 1 2 3", "batch");
    coinline_reader_next_game(r, &count);
    got = 99;
    ok(coinline_reader_next_coins(r, c, 16, &got) == COINLINE_ETRUNC &&
           got == 3 && c[2] == 3,
       "next_coins on a truncated game gives ETRUNC with *got 3");
    coinline_reader_free(r);

    r = mem_reader("4 1 2 3 4\n2 8 9", "batch");
    coinline_reader_next_game(r, &count);
    ok(coinline_reader_next_coin(r, &one) == 1 && one == 1 &&
           coinline_reader_next_coins(r, c, 2, &got) == 1 && got == 2 &&
           c[0] == 2 && c[1] == 3 &&
           coinline_reader_next_game(r, &count) == 1 && count == 2 &&
           coinline_reader_next_coins(r, c, 16, &got) == 1 && got == 2 &&
           c[0] == 8 && c[1] == 9 &&
           coinline_reader_next_coins(r, c, 16, &got) == 0 && got == 0,
       "next_coin, next_coins (max 2), next_game skipping coin 4, then "
       "next_coins gives 8 9 and then 0 with *got 0");
    is_int(coinline_reader_next_coins(NULL, c, 4, &got), COINLINE_EINVAL,
           "next_coins(NULL reader) gives EINVAL");
    coinline_reader_free(r);
}

/* One game of 200000 coins (about 1.4 MB) read by next_coins in batches
 * of 5000 from a FILE: coins straddle every buffer edge. */
static void test_next_coins_long(void)
{
    enum { N = 200000, BATCH = 5000 };
    int64_t *want = malloc(N * sizeof *want);
    int64_t *batch = malloc(BATCH * sizeof *batch);
    sb_t b = {NULL, 0, 0};
    char text[32];
    size_t have = 0;
    size_t got = 0;
    uint64_t count = 0;
    int good = 1;
    int rc = -100;
    FILE *fp;
    coinline_reader_t *r;
    rng_t g;
    if (want == NULL || batch == NULL) {
        diag("out of memory");
        exit(1);
    }
    rng_seed(&g, N);
    gen_values(&g, want, N, VALS_BIG);
    snprintf(text, sizeof text, "%d", N);
    sb_str(&b, text);
    for (size_t i = 0; i < N; i++) {
        snprintf(text, sizeof text, i % 1000 ? " %lld" : "\n%lld",
                 (long long)want[i]);
        sb_str(&b, text);
    }
    fp = temp_with(b.data, b.len);
    r = file_reader(fp, "long");
    good = coinline_reader_next_game(r, &count) == 1 && count == N;
    while (good &&
           (rc = coinline_reader_next_coins(r, batch, BATCH, &got)) == 1) {
        good = have + got <= N &&
               memcmp(batch, want + have, got * sizeof *batch) == 0;
        have += got;
    }
    ok(good && rc == 0 && have == N,
       "next_coins in batches of %d reads one game of %d coins (%zu bytes) "
       "from a FILE exactly",
       BATCH, N, b.len);
    coinline_reader_free(r);
    fclose(fp);
    free(b.data);
    free(want);
    free(batch);
}

/* A game at a time from r into one text line per game ("n: c1 c2 ..."),
 * then the end: "end RC LINE:COLUMN". Two readers agree when their
 * transcripts do. */
static char *transcript(coinline_reader_t *r)
{
    sb_t t = {NULL, 0, 0};
    char buf[64];
    int64_t *coins = NULL;
    size_t n = 0;
    int rc;
    while ((rc = coinline_reader_read_game(r, &coins, &n)) == 1) {
        snprintf(buf, sizeof buf, "%zu:", n);
        sb_str(&t, buf);
        for (size_t i = 0; i < n; i++) {
            snprintf(buf, sizeof buf, " %lld", (long long)coins[i]);
            sb_str(&t, buf);
        }
        sb_str(&t, "\n");
        free(coins);
    }
    coinline_error_t w;
    memset(&w, 0, sizeof w);
    if (rc < 0)
        coinline_reader_error(r, &w);
    snprintf(buf, sizeof buf, "end %d %llu:%llu", rc,
             (unsigned long long)w.line, (unsigned long long)w.column);
    sb_str(&t, buf);
    return t.data;
}

/* A regular file of more than 1 MiB read through a descriptor is mapped,
 * not read: the same games and the same error place as from memory, from
 * the descriptor's offset on (lines counted from there), with a mark at
 * the start skipped, and the offset left at the end as read(2) leaves it. */
static void test_fd_mapped(void)
{
    sb_t b = {NULL, 0, 0};
    char buf[64];
    rng_t rng;
    rng_seed(&rng, 20261125);
    sb_str(&b, "\xEF\xBB\xBF");
    for (int g = 0; b.len < 3u << 20; g++) {
        const int n = (int)rng_below(&rng, 300);
        snprintf(buf, sizeof buf, "%d\n", n);
        sb_str(&b, buf);
        for (int i = 0; i < n; i++) {
            snprintf(buf, sizeof buf, "%lld%s",
                     (long long)(int64_t)rng_next(&rng),
                     i % 7 == 6 ? "\r\n" : " ");
            sb_str(&b, buf);
        }
        sb_str(&b, "\n");
    }
    sb_str(&b, "3\n1 2 x3\n");
    FILE *fp = temp_with(b.data, b.len);
    const int fd = fileno(fp);
    coinline_reader_t *m = NULL;
    coinline_reader_from_memory(b.data, b.len, "f", &m);
    char *want = transcript(m);
    coinline_reader_free(m);
    coinline_reader_t *r = fd_reader(fd, "f");
    char *got = transcript(r);
    coinline_reader_free(r);
    const off_t end = lseek(fd, 0, SEEK_CUR);
    ok(strcmp(want, got) == 0 && strstr(got, "end -") != NULL &&
           end == (off_t)b.len,
       "a %zu-byte file through a descriptor (mapped): the games and the "
       "error's place of memory; the offset is left at the end",
       b.len);
    free(got);
    /* From an offset: the second game on, as memory from there says. */
    const char *second = strchr(strchr(b.data, '\n') + 1, '\n');
    while (second != NULL && *second == '\n')
        second++;
    const size_t at = (size_t)(strstr(second, "\n") - b.data) + 1;
    lseek(fd, (off_t)at, SEEK_SET);
    coinline_reader_from_memory(b.data + at, b.len - at, "f", &m);
    free(want);
    want = transcript(m);
    coinline_reader_free(m);
    r = fd_reader(fd, "f");
    got = transcript(r);
    coinline_reader_free(r);
    ok(strcmp(want, got) == 0,
       "the same file from offset %zu: what memory from there gives", at);
    free(want);
    free(got);
    fclose(fp);
    free(b.data);
}

int main(void)
{
    test_valid_streams();
    test_empty_streams();
    test_errors();
    test_error_after_games();
    test_where();
    test_creation_errors();
    test_skipping();
    test_not_terminated();
    test_huge_count();
    test_long_tokens();
    test_long_lines();
    test_buffer_edges();
    test_random_stream();
    test_read_error();
    test_file_after_stdio();
    test_fmemopen_file();
    test_fd_live_pipe();
    test_on_read();
    test_fd_errors();
    test_bom();
    test_bom_pipe();
    test_next_coins();
    test_next_coins_long();
    test_fd_mapped();
    return done_testing();
}
