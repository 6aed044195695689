/*
 * coinline_reader_*: the classic text format from memory and from FILEs,
 * including errors with their positions and the reader's buffer edges.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "coinline.h"
#include "common/check.h"
#include "common/rng.h"
#include "tap.h"

#define MAXGAME 8

/* An expected game: n coins. */
typedef struct {
    size_t n;
    int64_t c[MAXGAME];
} game_t;

/* Expected outcome of reading a stream to its end or first error. */
typedef struct {
    int rc;           /* 0 for a clean end, else the error code */
    uint64_t line;    /* where the error is, if any */
    uint64_t column;
} end_t;

static coinline_reader_t *mem_reader(const char *text, const char *name)
{
    coinline_reader_t *r = NULL;
    if (coinline_reader_from_memory(text, strlen(text), name, &r) != 0
        || r == NULL) {
        diag("reader_from_memory failed");
        exit(1);
    }
    return r;
}

/* Reads games with read_game and compares them with want[0..nw-1], then
 * the end or error with end. label names the case. */
static int reads_as(coinline_reader_t *r, const game_t *want, size_t nw,
                    const end_t *end, const char *label)
{
    coinline_where_t w;
    memset(&w, 0, sizeof w);
    for (size_t g = 0; g < nw; g++) {
        int64_t *coins = NULL;
        size_t n = 0;
        const int rc = coinline_reader_read_game(r, &coins, &n);
        int same = rc == 1 && n == want[g].n
                   && (n == 0 ? coins == NULL : coins != NULL)
                   && coinline_reader_game_index(r) == g + 1;
        for (size_t i = 0; same && i < n; i++) {
            same = coins[i] == want[g].c[i];
        }
        if (rc == 1) {
            free(coins);
        }
        if (!same) {
            diag("%s: game %zu: rc %d, n %zu (expected %zu)", label, g + 1,
                 rc, n, want[g].n);
            return 0;
        }
    }
    {
        int64_t *coins = NULL;
        size_t n = 0;
        const int rc = coinline_reader_read_game(r, &coins, &n);
        if (rc != end->rc) {
            diag("%s: after %zu games: rc %d (%s), expected %d (%s)", label,
                 nw, rc, code_str(rc), end->rc,
                 code_str(end->rc));
            if (rc == 1) {
                free(coins);
            }
            return 0;
        }
        if (rc == 0) {
            return 1;
        }
        if (coins != NULL) {
            diag("%s: coins not NULL after an error", label);
            return 0;
        }
    }
    if (coinline_reader_where(r, &w) != 0 || w.line != end->line
        || w.column != end->column || w.message == NULL
        || w.message[0] == '\0') {
        diag("%s: where: line %llu column %llu (expected %llu:%llu), "
             "message \"%s\"",
             label, (unsigned long long)w.line, (unsigned long long)w.column,
             (unsigned long long)end->line, (unsigned long long)end->column,
             w.message ? w.message : "(null)");
        return 0;
    }
    return 1;
}

/* reads_as() on a memory reader over text. */
static int text_reads_as(const char *text, const game_t *want, size_t nw,
                         const end_t *end, const char *label)
{
    coinline_reader_t *r = mem_reader(text, "mem");
    const int good = reads_as(r, want, nw, end, label);
    coinline_reader_free(r);
    return good;
}

static const end_t clean_end = {0, 0, 0};

static void test_valid_streams(void)
{
    static const game_t four[] = {
        {3, {1, 2, 3}}, {2, {-5, 5}}, {0, {0}}, {1, {9}},
    };
    static const game_t lim[] = {{2, {INT64_MIN, INT64_MAX}}};
    static const game_t signs[] = {{4, {5, -5, 0, 0}}};
    ok(text_reads_as("3\n1 2 3\n2 -5 +5\n0\n1 9\n", four, 4, &clean_end,
                     "four games"),
       "four games (one empty) in one stream read back in order with "
       "game_index 1..4, then 0");
    ok(text_reads_as(" \t3\r\n1\t2\n\n 3 \r\n2\r\n-5\n\n\n+5 0\t\t1\r\n\r\n9",
                     four, 4, &clean_end, "whitespace"),
       "spaces, tabs, CR LF and blank lines anywhere separate tokens; no "
       "final newline");
    ok(text_reads_as("3\v1\f2 3 2 -5 5 0 1 9", four, 4, &clean_end,
                     "vt ff"),
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
    ok(text_reads_as("0004 005 -005 0 -000", signs, 1, &clean_end,
                     "zeros"),
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
           "%s gives %s at line %llu column %llu with a message",
           bad[i].label, code_str(bad[i].rc),
           (unsigned long long)bad[i].line,
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
    is_int(rc, COINLINE_ESYNTAX, "next_game after the error fails again "
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
    coinline_where_t w;
    int64_t *coins = NULL;
    size_t n = 0;
    memset(&w, 0, sizeof w);
    is_int(coinline_reader_where(r, &w), COINLINE_EINVAL,
           "where() before any read gives EINVAL");
    ok(coinline_reader_read_game(r, &coins, &n) == 1 && n == 1,
       "first game [5] reads");
    free(coins);
    is_int(coinline_reader_where(r, &w), COINLINE_EINVAL,
           "where() after a successful read gives EINVAL");
    is_int(coinline_reader_where(NULL, &w), COINLINE_EINVAL,
           "where(NULL, &w) gives EINVAL");
    is_int(coinline_reader_read_game(r, &coins, &n), COINLINE_ETRUNC,
           "second game \"2 6\" is truncated");
    is_int(coinline_reader_where(r, NULL), COINLINE_EINVAL,
           "where(r, NULL) gives EINVAL even after an error");
    ok(coinline_reader_where(r, &w) == 0 && w.name != NULL
           && strcmp(w.name, "where-test") == 0 && w.line == 2
           && w.column == 4,
       "where() after ETRUNC: name \"where-test\", line 2, column 4");
    coinline_reader_free(r);
}

/* The name where() reports for an ETRUNC on a reader made by make. */
static void check_default_names(void)
{
    coinline_reader_t *r = NULL;
    coinline_where_t w;
    FILE *fp = tmpfile();
    int64_t *coins = NULL;
    size_t n = 0;
    memset(&w, 0, sizeof w);
    coinline_reader_from_memory("2 1", 3, NULL, &r);
    ok(r != NULL && coinline_reader_read_game(r, &coins, &n) < 0
           && coinline_reader_where(r, &w) == 0 && w.name != NULL
           && strcmp(w.name, "<memory>") == 0,
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
    ok(r != NULL && coinline_reader_read_game(r, &coins, &n) < 0
           && coinline_reader_where(r, &w) == 0 && w.name != NULL
           && strcmp(w.name, "<stdin>") == 0,
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
    good = coinline_reader_next_game(r, &count) == 1 && count == 3
           && coinline_reader_next_coin(r, &coin) == 1 && coin == 1
           && coinline_reader_next_game(r, &count) == 1 && count == 2
           && coinline_reader_game_index(r) == 2
           && coinline_reader_next_coin(r, &coin) == 1 && coin == 4
           && coinline_reader_next_coin(r, &coin) == 1 && coin == 5
           && coinline_reader_next_coin(r, &coin) == 0
           && coinline_reader_next_coin(r, &coin) == 0
           && coinline_reader_next_game(r, &count) == 0;
    ok(good, "next_game skips the unread coins 2 3 of game 1; next_coin "
             "gives 4 5 then 0 (twice); then next_game gives 0");
    coinline_reader_free(r);

    r = mem_reader("3 1 x 3\n1 5\n", "skip");
    good = coinline_reader_next_game(r, &count) == 1
           && coinline_reader_next_game(r, &count) == COINLINE_ESYNTAX;
    {
        coinline_where_t w;
        memset(&w, 0, sizeof w);
        ok(good && coinline_reader_where(r, &w) == 0 && w.line == 1
               && w.column == 5,
           "skipped coins are checked: \"x\" among them gives ESYNTAX at "
           "line 1 column 5");
    }
    coinline_reader_free(r);

    r = mem_reader("4 1\n", "skip");
    ok(coinline_reader_next_game(r, &count) == 1
           && coinline_reader_next_game(r, &count) == COINLINE_ETRUNC,
       "skipping the coins of a truncated game gives ETRUNC");
    coinline_reader_free(r);

    r = mem_reader("0 0 2 8 9", "skip");
    good = coinline_reader_next_game(r, &count) == 1 && count == 0
           && coinline_reader_next_coin(r, &coin) == 0
           && coinline_reader_next_game(r, &count) == 1 && count == 0
           && coinline_reader_next_game(r, &count) == 1 && count == 2
           && coinline_reader_game_index(r) == 3
           && coinline_reader_next_coin(r, &coin) == 1 && coin == 8;
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
    good = r != NULL && coinline_reader_read_game(r, &coins, &n) == 1
           && n == 1 && coins[0] == 5;
    free(coins);
    ok(good && coinline_reader_read_game(r, &coins, &n) == 0,
       "from_memory reads only len bytes: \"1 5 7\" with len 3 is one game "
       "[5]");
    coinline_reader_free(r);
    coinline_reader_from_memory(data, 5, "mem", &r);
    good = r != NULL && coinline_reader_read_game(r, &coins, &n) == 1
           && coins[0] == 5;
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
    ok(coinline_reader_read_game(r, &coins, &n) == COINLINE_ETRUNC
           && coins == NULL,
       "read_game: count 10^9 then 3 coins gives ETRUNC");
    coinline_reader_free(r);
    r = mem_reader("1000000000 1 2 3\n", "mem");
    ok(coinline_reader_next_game(r, &count) == 1 && count == 1000000000
           && coinline_reader_next_coin(r, &coin) == 1
           && coinline_reader_next_coin(r, &coin) == 1
           && coinline_reader_next_coin(r, &coin) == 1 && coin == 3
           && coinline_reader_next_coin(r, &coin) == COINLINE_ETRUNC,
       "next_game: count 10^9 announced; next_coin gives 1 2 3 then ETRUNC");
    coinline_reader_free(r);
    secs = (double)(clock() - start) / CLOCKS_PER_SEC;
    ok(secs < 1.0, "both fail quickly (%.3f s of CPU, limit 1 s)", secs);
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
    return done_testing();
}
