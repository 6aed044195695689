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
    return cli_usage_error(cmd, "unknown option '%.*s'", len, arg);
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
