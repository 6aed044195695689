/*
 * main.c - the coinline tool: global options and the command table.
 * Each subcommand lives in its own cmd_*.c and gets argv from its own
 * name on, as git's builtins do.
 */
#include <string.h>

#include "cli.h"

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
    "Commands:\n"

static const char solve_help[] =
    "usage: coinline solve [options] [FILE...]\n"
    "\n"
    "Reads games in the classic format from each FILE in turn ('-' or none:\n"
    "standard input): a count N, then N integers, any whitespace between;\n"
    "'#' starts a comment. Prints one answer per game, in order.\n"
    "\n"
    "Options:\n"
    "  -a, --algo=NAME     solver: linear (default, O(n)), dp (O(n^2)) or\n"
    "                      brute (exhaustive, at most 25 coins)\n"
    "  -b, --both          print both totals: 'P1 P2'\n"
    "  -j, --json          one JSON object per game: game, n, sum, p1, p2,\n"
    "                      margin, winner, first_move (and line)\n"
    "  -l, --line[=FORM]   the optimal line of play: 'words' (default) tells\n"
    "                      it move by move; 'compact' adds one L/R letter\n"
    "                      per move to the answer line (about 0.1 s for\n"
    "                      10^6 coins); the short form takes it attached:\n"
    "                      -lcompact\n"
    "  -r, --row=VALUES    solve this row, e.g. -r '1 3 5 2 9' or -r 1,3,5;\n"
    "                      may be repeated; then standard input is read only\n"
    "                      if '-' is named\n"
    "  -h, --help          show this help\n"
    "      --version       show the version\n"
    "\n"
    "By default the first player's optimal total is printed. Totals are\n"
    "exact, even past 64 bits. Exit status: 0 ok, 1 bad input or failure,\n"
    "2 usage error.\n";

static const char gen_help[] =
    "usage: coinline gen [options]\n"
    "\n"
    "Writes random games in the classic format: the count on one line, the\n"
    "coins on the next. The same options and seed give the same output.\n"
    "\n"
    "Options:\n"
    "  -n, --coins=N       coins per game (default 10)\n"
    "  -g, --games=K       number of games (default 1)\n"
    "      --min=A         smallest coin value (default 1)\n"
    "      --max=B         largest coin value (default 100)\n"
    "  -s, --seed=S        seed of the generator (default 1)\n"
    "  -o, --output=FILE   write to FILE ('-': standard output)\n"
    "  -h, --help          show this help\n"
    "      --version       show the version\n";

static const char duel_help[] =
    "usage: coinline duel [options] [FILE...]\n"
    "\n"
    "Plays two strategies against each other. Every row is played twice,\n"
    "once with each strategy moving first. Rows are random, or the games\n"
    "of each FILE ('-': standard input) in the classic format.\n"
    "\n"
    "Options:\n"
    "      --p1=STRATEGY   the first strategy (default optimal)\n"
    "      --p2=STRATEGY   the second strategy (default greedy)\n"
    "  -g, --games=K       random rows to play (default 100)\n"
    "  -n, --coins=N       coins per random row (default 20)\n"
    "      --min=A         smallest coin value (default 1)\n"
    "      --max=B         largest coin value (default 100)\n"
    "  -s, --seed=S        seed of the rows and of the strategies' random\n"
    "                      choices (default 1): the same seed, the same match\n"
    "  -j, --json          the results as one JSON object\n"
    "  -h, --help          show this help\n"
    "      --version       show the version\n"
    "\n"
    "Strategies: optimal (the engine, ties to the left), greedy (the larger\n"
    "end, ties to the left), parity (with an even number of coins left, the\n"
    "end of the index parity whose coins sum to more: it never loses when\n"
    "it starts an even row; with an odd number left it plays greedy),\n"
    "random, and fallible:P (optimal, but a random move with probability\n"
    "P).\n"
    "\n"
    "For each strategy: wins, draws and losses; its margin (own total minus\n"
    "the other's), on average and at worst; and its mean loss, the points\n"
    "its own moves gave away against optimal play, per game (0 for\n"
    "optimal). Exit status: 0 ok, 1 bad input or failure, 2 usage error.\n";

static const char help_help[] =
    "usage: coinline help [command]\n"
    "\n"
    "Shows the list of commands, or the help of one command.\n";

static const char version_help[] = "usage: coinline version\n"
                                   "\n"
                                   "Shows the version of coinline.\n";

const cli_command_t cli_commands[] = {
    {"solve", cmd_solve, "optimal totals, first move and line of play",
     solve_help},
    {"gen", cmd_gen, "write random games in the classic format", gen_help},
    {"duel", cmd_duel, "play two strategies against each other", duel_help},
    {"help", cmd_help, "show the help of a command", help_help},
    {"version", cmd_version, "show the version", version_help},
    {NULL, NULL, NULL, NULL},
};

const cli_command_t *cli_find_command(const char *name)
{
    for (const cli_command_t *c = cli_commands; c->name != NULL; c++)
        if (strcmp(c->name, name) == 0)
            return c;
    return NULL;
}

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
    if (cli_find_command(argv[1]) == NULL)
        return cli_usage_error("help", "no such command: '%s'", argv[1]);
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
        cli_error("'%s' is not a command. See 'coinline --help'.", name);
        fputs(MAIN_USAGE, stderr);
        return CLI_USAGE;
    }
    return c->run(argc - 1, argv + 1);
}
