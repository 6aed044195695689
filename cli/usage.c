/* SPDX-License-Identifier: MIT */
/*
 * usage.c - the commands' help, usage lines and usage errors. main.c
 * hands over its command table at start; nothing here calls back.
 */
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "msg.h"
#include "usage.h"

static const cli_command_t *commands; /* main.c's table */

void cli_usage_set_table(const cli_command_t *table)
{
    commands = table;
}

const cli_command_t *cli_find_command(const char *name)
{
    for (const cli_command_t *c = commands; c != NULL && c->name != NULL; c++)
        if (strcmp(c->name, name) == 0)
            return c;
    return NULL;
}

/* ---- near names: "did you mean" -------------------------------------- */

/* The longest name compared; longer ones are never near. */
#define NEAR_MAX 31

/* The edit distance from a to b: insertions, deletions, substitutions
 * and swaps of two neighbours (the optimal string alignment distance),
 * for names of at most NEAR_MAX bytes; NEAR_MAX + 1 otherwise. */
static size_t distance(const char *a, size_t la, const char *b, size_t lb)
{
    size_t d[NEAR_MAX + 1][NEAR_MAX + 1];
    if (la > NEAR_MAX || lb > NEAR_MAX)
        return NEAR_MAX + 1;
    for (size_t i = 0; i <= la; i++)
        for (size_t j = 0; j <= lb; j++) {
            if (i == 0 || j == 0) {
                d[i][j] = i + j;
                continue;
            }
            size_t best = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
            if (d[i - 1][j] + 1 < best)
                best = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < best)
                best = d[i][j - 1] + 1;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] &&
                a[i - 2] == b[j - 1] && d[i - 2][j - 2] + 1 < best)
                best = d[i - 2][j - 2] + 1;
            d[i][j] = best;
        }
    return d[la][lb];
}

/* How near a known name (b, lb bytes) is to a word typed (a, la bytes):
 * 0 when b begins with it, else 1 + the distance when that is at most 1
 * (a word of up to 4 bytes) or 2; else -1. */
static int nearness(const char *a, size_t la, const char *b, size_t lb)
{
    if (la >= 1 && la < lb && strncmp(a, b, la) == 0)
        return 0;
    const size_t d = distance(a, la, b, lb);
    return d <= (la <= 4 ? 1u : 2u) ? (int)d + 1 : -1;
}

/* The names a word typed was most likely meant to be. */
typedef struct {
    const char *word;
    size_t len;
    int best;            /* the nearness of those kept, or -1 */
    const char *name[4]; /* the nearest, in the order met */
    size_t name_len[4];
    size_t count;
} near_t;

static void near_start(near_t *nr, const char *word, size_t len)
{
    memset(nr, 0, sizeof *nr);
    nr->word = word;
    nr->len = len;
    nr->best = -1;
}

/* Offers a known name: kept when it is as near as the nearest so far. */
static void near_offer(near_t *nr, const char *name, size_t len)
{
    const int n = nearness(nr->word, nr->len, name, len);
    if (n < 0 || (nr->best >= 0 && n > nr->best))
        return;
    if (n != nr->best)
        nr->count = 0;
    nr->best = n;
    if (nr->count < 4) {
        nr->name[nr->count] = name;
        nr->name_len[nr->count++] = len;
    }
}

/* "did you mean 'A', 'B' or 'C'?" into buf, each name after dashes ("" or
 * "--"); "" when no name is near. Returns buf. */
static const char *near_text(const near_t *nr, const char *dashes, char *buf,
                             size_t size)
{
    size_t len = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < nr->count && len < size; i++) {
        const char *sep = i == 0               ? "did you mean "
                          : i + 1 == nr->count ? " or "
                                               : ", ";
        const int w = snprintf(buf + len, size - len, "%s'%s%.*s'", sep, dashes,
                               (int)nr->name_len[i], nr->name[i]);
        len += w > 0 ? (size_t)w : 0;
    }
    if (nr->count > 0 && len + 1 < size)
        snprintf(buf + len, size - len, "?");
    return buf;
}

const char *cli_near_command(const char *name, char *buf, size_t size)
{
    near_t nr;
    near_start(&nr, name, strlen(name));
    for (const cli_command_t *c = commands; c != NULL && c->name != NULL; c++)
        near_offer(&nr, c->name, strlen(c->name));
    return near_text(&nr, "", buf, size);
}

/* The long options of a command, as its help lists them: each line that
 * begins, after at most 6 spaces, with "-x, --name" or "--name". */
static void offer_options(near_t *nr, const char *help)
{
    for (const char *p = help; p != NULL && *p != '\0';) {
        const char *q = p;
        while (*q == ' ' && q - p < 6)
            q++;
        if (q > p && q[0] == '-' && q[1] != '-' && q[1] != '\0' &&
            q[2] == ',' && q[3] == ' ')
            q += 4;
        if (q > p && strncmp(q, "--", 2) == 0) {
            q += 2;
            const size_t len =
                strspn(q, "abcdefghijklmnopqrstuvwxyz0123456789-");
            if (len > 0)
                near_offer(nr, q, len);
        }
        p = strchr(p, '\n');
        p = p != NULL ? p + 1 : NULL;
    }
}

/* The first line of a command's help is its usage line. */
static void print_usage_line(FILE *fp, const cli_command_t *c)
{
    const char *nl = strchr(c->help, '\n');
    const int len = nl != NULL ? (int)(nl - c->help) : (int)strlen(c->help);
    fprintf(fp, "%.*s\n", len, c->help);
}

int cli_usage_error(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    const cli_command_t *c = cli_find_command(cmd);
    fflush(stdout);
    fprintf(stderr, "coinline %s: ", cmd);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    if (c != NULL)
        print_usage_line(stderr, c);
    fprintf(stderr, "Try 'coinline %s --help'.\n", cmd);
    return CLI_USAGE;
}

int cli_bad_option(const char *cmd, int c, char **argv)
{
    /* After a short option, optopt holds it (argv[optind - 1] may be a
     * bundle such as -xb); after a long one, argv[optind - 1] is it. */
    const char *arg = argv[optind - 1];
    const int is_long = strncmp(arg, "--", 2) == 0;
    const int len = (int)strcspn(arg, "=");
    if (c == ':' && !is_long)
        return cli_usage_error(cmd, "option '-%c' needs a value", optopt);
    if (c == ':')
        return cli_usage_error(cmd, "option '%s' needs a value", arg);
    if (!is_long)
        return cli_usage_error(cmd, "unknown option '-%c'", optopt);
    if (optopt != 0 && arg[len] == '=')
        return cli_usage_error(cmd, "option '%.*s' takes no value", len, arg);
    const cli_command_t *command = cli_find_command(cmd);
    char near[160];
    near_t nr;
    near_start(&nr, arg + 2, (size_t)len - 2);
    if (command != NULL)
        offer_options(&nr, command->help);
    near_text(&nr, "--", near, sizeof near);
    return cli_usage_error(cmd, "unknown option '%.*s'%s%s%s", len, arg,
                           near[0] != '\0' ? " (" : "", near,
                           near[0] != '\0' ? ")" : "");
}

int cli_print_help(const char *cmd)
{
    const cli_command_t *c = cli_find_command(cmd);
    if (c == NULL)
        return CLI_FAIL;
    fputs(c->help, stdout);
    return CLI_OK;
}

int cli_print_version(void)
{
    printf("coinline %s\n"
           "Copyright (c) 2026 the coinline authors.\n"
           "MIT License: you may use, copy, modify and redistribute it; "
           "there is NO WARRANTY.\n",
           coinline_version_string());
    return CLI_OK;
}
