/* SPDX-License-Identifier: MIT */
/* rows.c - where a command's row comes from: --row or a file. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "msg.h"
#include "rows.h"

int cli_rows_check_first_line(coinline_reader_t *r)
{
    int64_t chunk[64];
    uint64_t count;
    size_t got;
    if (!cli_reader_on_first_line(r))
        return CLI_OK;
    int rc = coinline_reader_next_game(r, &count);
    /* Its coins, kept nowhere, while they stay on the first line. */
    while (rc == 1 && cli_reader_on_first_line(r))
        rc = coinline_reader_next_coins(r, chunk, 64, &got);
    /* A game that goes on past the first line is another game of the
     * file: its errors are not this command's (it reads one game). */
    if (rc != COINLINE_ETRUNC || !cli_reader_on_first_line(r))
        return CLI_OK;
    cli_report_reader_error(r, rc);
    return CLI_FAIL;
}

/* Where a game of several rows goes (NULL: games of one row only): its
 * rows' counts, their number, and why it is refused (NULL: taken). */
typedef struct {
    uint64_t **lens;
    size_t *k;
    const char *refusal;
} layout_t;

/* Reads the next game of r into *a, *n (and with L its rows); wanted: it
 * is the game asked for, refused at its place as L says. Returns as
 * coinline_reader_read_game(), or 2 after reporting a refusal. */
static int read_one(coinline_reader_t *r, const layout_t *L, int wanted,
                    int64_t **a, size_t *n)
{
    coinline_error_t at = {0, 0, "", {0}};
    uint64_t count;
    if (L == NULL)
        return coinline_reader_read_game(r, a, n);
    free(*L->lens);
    *L->lens = NULL;
    int rc = coinline_reader_next_game(r, &count);
    if (rc == COINLINE_READER_ROWS && wanted && count > 1 &&
        L->refusal != NULL) {
        (void)coinline_reader_last_token(r, &at);
        cli_error("%s:%llu:%llu: game %llu has %llu rows; %s",
                  coinline_reader_name(r), (unsigned long long)at.line,
                  (unsigned long long)at.column,
                  (unsigned long long)coinline_reader_game_index(r),
                  (unsigned long long)count, L->refusal);
        return 2;
    }
    if (rc >= 1)
        rc = coinline_reader_read_rows(r, a, n, L->lens, L->k);
    return rc < 0 ? rc : rc >= 1;
}

/* Game k (1-based) of path ('-': standard input) into *a, *n (and with L
 * its rows). */
static int nth_game(const char *path, uint64_t k, const layout_t *L,
                    int64_t **a, size_t *n)
{
    const int is_stdin = strcmp(path, "-") == 0;
    const char *name = is_stdin ? "<stdin>" : path;
    FILE *fp = is_stdin ? stdin : fopen(path, "r");
    coinline_reader_t *r = NULL;
    uint64_t got = 0;
    int st = CLI_FAIL;
    if (fp == NULL) {
        cli_error("%s: cannot open: %s", path, strerror(errno));
        return CLI_FAIL;
    }
    if (is_stdin)
        cli_note_stdin("coins");
    int rc = coinline_reader_from_file(fp, name, &r);
    if (rc == COINLINE_OK && L != NULL)
        coinline_reader_allow_rows(r, 1);
    while (rc == COINLINE_OK || rc == 1) {
        free(*a);
        *a = NULL;
        if ((rc = read_one(r, L, got + 1 == k, a, n)) != 1 || ++got == k)
            break;
    }
    if (rc == 1) {
        st = cli_rows_check_first_line(r);
        if (st != CLI_OK) { /* the game read is not the row meant */
            free(*a);
            *a = NULL;
            *n = 0;
        }
    } else if (rc == 2)
        st = CLI_FAIL; /* refused, said */
    else if (rc == 0 && got == 0)
        cli_error("%s: no game in the file", name);
    else if (rc == 0)
        cli_error("%s: no game %llu: the file has %llu game%s", name,
                  (unsigned long long)k, (unsigned long long)got,
                  got == 1 ? "" : "s");
    else if (r != NULL)
        cli_report_reader_error(r, rc);
    else
        cli_error("%s: %s", path, coinline_strerror(rc));
    coinline_reader_free(r);
    if (!is_stdin)
        fclose(fp);
    return st;
}

int cli_one_row(const char *row_text, const char *path, uint64_t game,
                int64_t **a, size_t *n)
{
    coinline_error_t err;
    *a = NULL;
    *n = 0;
    if (row_text == NULL)
        return nth_game(path != NULL ? path : "-", game > 0 ? game : 1, NULL, a,
                        n);
    const int rc = coinline_row_parse(row_text, a, n, &err);
    if (rc == COINLINE_OK)
        return CLI_OK;
    cli_report_error("--row", &err, rc);
    return CLI_FAIL;
}

int cli_one_layout(const char *path, uint64_t game, const char *refusal,
                   int64_t **a, size_t *n, uint64_t **lens, size_t *k)
{
    const layout_t L = {lens, k, refusal};
    *a = NULL;
    *n = 0;
    *lens = NULL;
    *k = 0;
    const int st =
        nth_game(path != NULL ? path : "-", game > 0 ? game : 1, &L, a, n);
    if (st != CLI_OK) {
        free(*lens);
        *lens = NULL;
        *k = 0;
    }
    return st;
}
