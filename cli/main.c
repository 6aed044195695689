/* SPDX-License-Identifier: MIT */
/*
 * main.c - the coinline tool: global options and the command table.
 * Each command lives in its own file in cmd/ and gets argv from its own
 * name on, as git's builtins do; usage.c prints the help and usage
 * errors from the table handed to it here.
 */
#include <string.h>

#include "cli.h"
#include "msg.h"
#include "usage.h"

static int cmd_help(int argc, char **argv);
static int cmd_version(int argc, char **argv);

#define MAIN_USAGE                                                             \
    "usage: coinline <command> [options] [FILE...]\n"                          \
    "       coinline --help | --version\n"

#define MAIN_HELP                                                              \
    MAIN_USAGE                                                                 \
    "\n"                                                                       \
    "The exact solver for the coins-in-a-line game: a row of integers, two\n"  \
    "players alternately take the first or the last coin, both play\n"         \
    "optimally.\n"                                                             \
    "\n"                                                                       \
    "With -c, --circle every command but serve plays the game on a circle\n"   \
    "(the pizza game): the first player takes any coin, then the game goes\n"  \
    "on at the two ends of the line left; serve's page has a switch for it.\n" \
    "\n"                                                                       \
    "Commands:\n"

static const char help_help[] =
    "usage: coinline help [command]\n"
    "\n"
    "Shows the list of commands, or the help of one command.\n";

static const char version_help[] = "usage: coinline version\n"
                                   "\n"
                                   "Shows the version of coinline.\n";

static const cli_command_t cli_commands[] = {
    {"solve", cmd_solve, "optimal totals, first move and line of play",
     cmd_solve_help},
    {"gen", cmd_gen, "write random games in the classic format", cmd_gen_help},
    {"duel", cmd_duel, "play two strategies against each other", cmd_duel_help},
    {"play", cmd_play, "play the game in the terminal", cmd_play_help},
    {"counter", cmd_counter, "the smallest row where a strategy loses points",
     cmd_counter_help},
    {"check", cmd_check,
     "judge a solution's answers, the smallest failing game", cmd_check_help},
    {"analyze", cmd_analyze, "review a played game move by move",
     cmd_analyze_help},
    {"explain", cmd_explain, "the optimal line and why, in words",
     cmd_explain_help},
    {"table", cmd_table, "the table of V(i, j), as text or SVG",
     cmd_table_help},
    {"serve", cmd_serve, "the game in a browser and its JSON API (HTTP)",
     cmd_serve_help},
    {"help", cmd_help, "show the help of a command", help_help},
    {"version", cmd_version, "show the version", version_help},
    {NULL, NULL, NULL, NULL},
};

static int print_main_help(FILE *fp)
{
    fputs(MAIN_HELP, fp);
    for (const cli_command_t *c = cli_commands; c->name != NULL; c++)
        fprintf(fp, "  %-10s %s\n", c->name, c->summary);
    fputs("\nSee 'coinline <command> --help' or man coinline.\n", fp);
    return CLI_OK;
}

/* -h/--help and --version for the commands without other options:
 * returns the exit status when argv[1] is one of them, else -1. */
static int common_flag(const char *cmd, int argc, char **argv)
{
    if (argc < 2)
        return -1;
    if (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0)
        return cli_finish_output(cli_print_help(cmd));
    if (strcmp(argv[1], "--version") == 0)
        return cli_finish_output(cli_print_version());
    return -1;
}

static int cmd_help(int argc, char **argv)
{
    const int st = common_flag("help", argc, argv);
    if (st >= 0)
        return st;
    if (argc < 2)
        return cli_finish_output(print_main_help(stdout));
    if (argc > 2)
        return cli_usage_error("help", "unexpected argument '%s'", argv[2]);
    if (cli_find_command(argv[1]) == NULL) {
        char near[160];
        cli_near_command(argv[1], near, sizeof near);
        return cli_usage_error("help", "no such command: '%s'%s%s%s", argv[1],
                               near[0] != '\0' ? " (" : "", near,
                               near[0] != '\0' ? ")" : "");
    }
    return cli_finish_output(cli_print_help(argv[1]));
}

static int cmd_version(int argc, char **argv)
{
    const int st = common_flag("version", argc, argv);
    if (st >= 0)
        return st;
    if (argc > 1)
        return cli_usage_error("version", "unexpected argument '%s'", argv[1]);
    return cli_finish_output(cli_print_version());
}

int main(int argc, char **argv)
{
    cli_usage_set_table(cli_commands);
    if (argc < 2) {
        print_main_help(stderr);
        return CLI_USAGE;
    }
    const char *name = argv[1];
    const int is_help = strcmp(name, "-h") == 0 || strcmp(name, "--help") == 0;
    const int is_version = strcmp(name, "--version") == 0;
    if ((is_help || is_version) && argc > 2) {
        cli_error("unexpected argument '%s'", argv[2]);
        fputs(MAIN_USAGE, stderr);
        return CLI_USAGE;
    }
    if (is_help)
        return cli_finish_output(print_main_help(stdout));
    if (is_version)
        return cli_finish_output(cli_print_version());
    const cli_command_t *c = cli_find_command(name);
    if (c == NULL) {
        char near[160];
        cli_error("'%s' is not a command. See 'coinline --help'.", name);
        if (cli_near_command(name, near, sizeof near)[0] != '\0')
            cli_error("%s", near);
        fputs(MAIN_USAGE, stderr);
        return CLI_USAGE;
    }
    cli_msg_set_command(c->name); /* "coinline NAME: " from here on */
    return c->run(argc - 1, argv + 1);
}
