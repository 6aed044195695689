/* SPDX-License-Identifier: MIT */
/* msg.c - errors on stderr, with their place. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

#include "msg.h"

static char prefix[64] = "coinline: ";

void cli_msg_set_command(const char *name)
{
    if (name == NULL)
        snprintf(prefix, sizeof prefix, "coinline: ");
    else
        snprintf(prefix, sizeof prefix, "coinline %.40s: ", name);
}

const char *cli_msg_prefix(void)
{
    return prefix;
}

void cli_error(const char *fmt, ...)
{
    va_list ap;
    fflush(stdout); /* answers already computed go out first */
    fputs(prefix, stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

void cli_note_stdin(const char *what)
{
    static int said;
    struct termios tio;
    char key[16] = "Ctrl-D";
    if (said || !isatty(STDIN_FILENO))
        return;
    said = 1;
    if (tcgetattr(STDIN_FILENO, &tio) == 0 && tio.c_cc[VEOF] >= 1 &&
        tio.c_cc[VEOF] <= 31)
        snprintf(key, sizeof key, "Ctrl-%c", '@' + tio.c_cc[VEOF]);
    fflush(stdout);
    fprintf(stderr, "%sreading %s from standard input (%s to end)\n", prefix,
            what, key);
}

int cli_finish_output(int status)
{
    if (fflush(stdout) != 0 || ferror(stdout)) {
        const int e = errno;
        fprintf(stderr, "%scannot write the output: %s\n", prefix,
                e != 0 ? strerror(e) : "write error");
        return CLI_FAIL;
    }
    return status;
}

void cli_report_error(const char *where, const coinline_error_t *err, int rc)
{
    if (err->line == 0)
        cli_error("%s: %s", where,
                  err->message[0] != '\0' ? err->message
                                          : coinline_strerror(rc));
    else
        cli_error("%s:%llu:%llu: %s", where, (unsigned long long)err->line,
                  (unsigned long long)err->column, err->message);
}

int cli_reader_on_first_line(const coinline_reader_t *r)
{
    coinline_error_t w;
    return coinline_reader_last_token(r, &w) == COINLINE_OK && w.line == 1;
}

void cli_report_reader_error(const coinline_reader_t *r, int rc)
{
    coinline_error_t err;
    if (coinline_reader_error(r, &err) != COINLINE_OK)
        memset(&err, 0, sizeof err);
    cli_report_error(coinline_reader_name(r), &err, rc);
    /* A row typed or piped without its count reads as games that
     * begin with a count (the first number, then the one after that
     * many) and end inside the last, every number on the first line
     * (blank lines may follow): say what was probably meant. */
    if (rc == COINLINE_ETRUNC && cli_reader_on_first_line(r))
        fprintf(stderr,
                "%shint: each game starts with its number of coins: "
                "'5 1 3 5 2 9' is the row 1 3 5 2 9\n"
                "%shint: a row alone, without its count, goes in --row: "
                "--row '1 3 5 2 9'\n",
                prefix, prefix);
}
