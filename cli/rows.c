/* rows.c - where a command's row comes from: --row, a file, or random. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "msg.h"
#include "rng.h"
#include "rows.h"

/* The first game of path ('-': standard input) into *a, *n. */
static int first_game(const char *path, int64_t **a, size_t *n)
{
    const int is_stdin = strcmp(path, "-") == 0;
    FILE *fp = is_stdin ? stdin : fopen(path, "r");
    coinline_reader_t *r = NULL;
    int st = CLI_FAIL;
    if (fp == NULL) {
        cli_error("%s: cannot open: %s", path, strerror(errno));
        return CLI_FAIL;
    }
    if (is_stdin)
        cli_note_stdin("coins");
    int rc = coinline_reader_from_file(fp, is_stdin ? "<stdin>" : path, &r);
    if (rc == COINLINE_OK)
        rc = coinline_reader_read_game(r, a, n);
    if (rc == 1)
        st = CLI_OK;
    else if (rc == 0)
        cli_error("%s: no game in the file", is_stdin ? "<stdin>" : path);
    else if (r != NULL)
        cli_report_reader_error(r, rc);
    else
        cli_error("%s: %s", path, coinline_strerror(rc));
    coinline_reader_free(r);
    if (!is_stdin)
        fclose(fp);
    return st;
}

int cli_one_row(const char *row_text, const char *path, int64_t **a, size_t *n)
{
    coinline_error_t err;
    *a = NULL;
    *n = 0;
    if (row_text == NULL)
        return first_game(path != NULL ? path : "-", a, n);
    const int rc = coinline_row_parse(row_text, a, n, &err);
    if (rc == COINLINE_OK)
        return CLI_OK;
    cli_report_error("--row", &err, rc);
    return CLI_FAIL;
}

int64_t cli_random_coin(uint64_t *state, int64_t min, int64_t max)
{
    const uint64_t span = (uint64_t)max - (uint64_t)min;
    return (int64_t)((uint64_t)min + cli_uniform(state, span));
}

void cli_random_row(uint64_t *state, int64_t min, int64_t max, int64_t *a,
                    size_t n)
{
    for (size_t i = 0; i < n; i++)
        a[i] = cli_random_coin(state, min, max);
}
