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

/* Game k (1-based) of path ('-': standard input) into *a, *n. */
static int nth_game(const char *path, uint64_t k, int64_t **a, size_t *n)
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
    while (rc == COINLINE_OK || rc == 1) {
        free(*a);
        *a = NULL;
        if ((rc = coinline_reader_read_game(r, a, n)) != 1 || ++got == k)
            break;
    }
    if (rc == 1) {
        st = cli_rows_check_first_line(r);
        if (st != CLI_OK) { /* the game read is not the row meant */
            free(*a);
            *a = NULL;
            *n = 0;
        }
    } else if (rc == 0 && got == 0)
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
        return nth_game(path != NULL ? path : "-", game > 0 ? game : 1, a, n);
    const int rc = coinline_row_parse(row_text, a, n, &err);
    if (rc == COINLINE_OK)
        return CLI_OK;
    cli_report_error("--row", &err, rc);
    return CLI_FAIL;
}
