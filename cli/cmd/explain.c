/* SPDX-License-Identifier: MIT */
/*
 * explain.c - coinline explain: a row's optimal play in plain words, or
 * as JSON. Its options, the row read, and the explanation the rules pick
 * (cli_rules_explain(): the classic row's, the circle's, or what any
 * rules have, each a module of cli/explain/); or with --steps the
 * table's fill step by step (cli/explain/steps.c), or why not; or with
 * --against the best reply to a known rule (cli/explain/versus.c). A
 * game of several rows (--row '1 3 5 / 2 9', or a 'rows K' game of a
 * file) has its own explanation (cli/explain/rows.c), and refuses the
 * options of one row (cli_rows_refusal(), and --steps); a game of one row
 * is explained as it always was.
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "against.h"
#include "cli.h"
#include "explain/rows.h"
#include "explain/steps.h"
#include "explain/versus.h"
#include "msg.h"
#include "multirow.h"
#include "opt.h"
#include "rows.h"
#include "rules.h"
#include "usage.h"

const char cmd_explain_help[] =
    "usage: coinline explain [options] [FILE]\n"
    "\n"
    "Explains the optimal play of a row in words: the result, the optimal\n"
    "line, why the first move is right and what the other one would allow,\n"
    "and how the greedy and parity strategies fare as player 1 against best\n"
    "play. The row: --row, or a game of FILE (the first unless --game says;\n"
    "'-' or none: standard input).\n"
    "\n"
    "A game of several rows (--row '1 3 5 / 2 9 / 4', or 'rows K' in FILE):\n"
    "each row fused, the values sorted and taken in turn, the first move and\n"
    "the line (man page); not with --circle, --score, --against, --steps.\n"
    "\n"
    "Options:\n"
    "      --against=RULE  player 2 follows RULE (greedy, parity, optimal,\n"
    "                      random, fallible:P), player 1 replies as well as\n"
    "                      it can: the reply's line and, where it leaves\n"
    "                      optimal play, why (what optimal play guards\n"
    "                      against, RULE's next move, the totals both ways);\n"
    "                      with chance, each first move's expected totals\n"
    "                      (no line); the classic game only (man page)\n"
    "  -c, --circle        the coins lie on a circle (the pizza game): the\n"
    "                      first player takes any coin, then the ends of the\n"
    "                      line left; explains the rules, the result, the\n"
    "                      best first position and why (the margin of every\n"
    "                      first position up to 12 coins; past 12, of the\n"
    "                      best 5 only), the line, and the share of the\n"
    "                      total player 1 secures (against the 4/9\n"
    "                      guarantee when no coin is negative)\n"
    "  -r, --row=VALUES    the row, e.g. -r '1 3 5 2 9'; several rows with\n"
    "                      '/' between them: -r '1 3 5 / 2 9 / 4'\n"
    "      --score=NAME    what a move scores: taken (the default) or\n"
    "                      remaining (the sum of the coins left after it:\n"
    "                      LeetCode 1690), with or without --circle; then it\n"
    "                      explains the rules, the result, the recursion of\n"
    "                      the values, each first move's margin (of a\n"
    "                      circle's first positions, as above), the line with\n"
    "                      the scores, and up to 10 coins the table of every\n"
    "                      run; --json: n, the rules' keys, sum, p1, p2,\n"
    "                      margin, winner, first_move, line, first_moves,\n"
    "                      table (start, length, value, best, on_line; null\n"
    "                      past 10 coins)\n"
    "      --steps         the table of the interval programme filled step\n"
    "                      by step, as a textbook does (by the length of the\n"
    "                      run of coins i..j left, then by its start): each\n"
    "                      cell's recurrence margin(i,j) = max(a_i -\n"
    "                      margin(i+1,j), a_j - margin(i,j-1)) with its\n"
    "                      numbers, the move (left, right, either on a tie),\n"
    "                      margin and best(i,j) (the most the player to\n"
    "                      move collects), then the result and the optimal\n"
    "                      line; up to 30 coins (--json: 1024), the classic\n"
    "                      rules only; --json: steps, each i, j (1-based),\n"
    "                      best, margin, move\n"
    "  -k, --game=K        the K-th game of FILE (default 1)\n"
    "  -j, --json          the same facts as one JSON object: n, sum, p1, p2,\n"
    "                      margin, winner, line, why_first, greedy, parity,\n"
    "                      odd_sum, even_sum, parity_class (with --circle:\n"
    "                      n, circle, sum, p1, p2, margin, winner,\n"
    "                      first_move, line, first_moves (the positions\n"
    "                      the text tells), share_percent, negative_at,\n"
    "                      four_ninths)\n"
    "      --opponent-first\n"
    "                      with --against: RULE is player 1's, and player 2\n"
    "                      replies\n"
    "  -h, --help          show this help\n"
    "      --version       show the version\n"
    "\n"
    "Exit status: 0 ok, 1 bad input or failure, 2 usage error.\n";

enum { OPT_VERSION = 256, OPT_STEPS, OPT_AGAINST, OPT_OPPONENT_FIRST };

static const struct option explain_options[] = {
    CLI_RULES_LONG_OPTIONS,
    {"row", required_argument, NULL, 'r'},
    {"game", required_argument, NULL, 'k'},
    {"json", no_argument, NULL, 'j'},
    {"steps", no_argument, NULL, OPT_STEPS},
    {"against", required_argument, NULL, OPT_AGAINST},
    {"opponent-first", no_argument, NULL, OPT_OPPONENT_FIRST},
    {"help", no_argument, NULL, 'h'},
    {"version", no_argument, NULL, OPT_VERSION},
    {NULL, 0, NULL, 0},
};

/* What explain is asked. */
typedef struct {
    const char *row;
    uint64_t game;
    int json, steps, first;
    coinline_rules_t rules;
    cli_against_t against;
} explain_opts_t;

static int explain_option(explain_opts_t *O, int c, char **argv)
{
    int64_t v;
    int st = -1;
    if (cli_rules_option("explain", c, optarg, &O->rules, &st))
        return st;
    switch (c) {
    case 'r': O->row = optarg; break;
    case 'k':
        st = cli_parse_number("explain", "--game", optarg, 1, INT64_MAX, &v);
        O->game = (uint64_t)v;
        break;
    case 'j': O->json = 1; break;
    case OPT_STEPS: O->steps = 1; break;
    case OPT_AGAINST: O->against.spec = optarg; break;
    case OPT_OPPONENT_FIRST: O->first = 1; break;
    case 'h': return cli_finish_output(cli_print_help("explain"));
    case OPT_VERSION: return cli_finish_output(cli_print_version());
    default: return cli_bad_option("explain", c, argv);
    }
    return st;
}

/* Parses the options. Returns -1 to go on, or the exit status. */
static int parse_options(int argc, char **argv, explain_opts_t *O)
{
    int c, st = -1;
    opterr = 0;
    while (st < 0 && (c = getopt_long(argc, argv, ":cr:k:jh", explain_options,
                                      NULL)) != -1)
        st = explain_option(O, c, argv);
    if (st >= 0)
        return st;
    O->against.seat = O->first ? 1 : 2;
    st = cli_against_check("explain", &O->against, O->first, &O->rules);
    if (st >= 0)
        return st;
    if (O->against.spec != NULL && O->steps)
        return cli_usage_error("explain", "--steps shows the table of best "
                                          "play: it goes without --against");
    if (argc - optind > 1 || (O->row != NULL && optind < argc))
        return cli_usage_error("explain", "one row: --row or one FILE");
    if (O->row != NULL && O->game != 0)
        return cli_usage_error("explain", "--game picks a game of a FILE; it "
                                          "goes without --row");
    return -1;
}

/* The explanation of a[0..n-1] as O asks, or with steps its steps or
 * their refusal. Returns the exit status. */
static int explain(const explain_opts_t *O, const int64_t *a, size_t n)
{
    char why[512];
    const int json = O->json;
    if (O->steps &&
        cli_steps_refused(&O->rules, n, json, why, sizeof why) != NULL) {
        cli_error("%s", why);
        return CLI_FAIL;
    }
    const int rc = O->against.spec != NULL
                       ? cli_explain_against(a, n, &O->against, json, stdout)
                   : O->steps
                       ? cli_steps_put(a, n, json, stdout)
                       : cli_rules_explain(&O->rules, a, n, json, stdout);
    if (rc == COINLINE_ETOOBIG && O->against.spec != NULL)
        cli_error("%zu coins are too many for --against %s (about 17000 "
                  "coins against greedy, parity or optimal, 4000 against "
                  "random, fewer for fallible:P)",
                  n, O->against.spec);
    else if (rc != COINLINE_OK)
        cli_error("%s", coinline_strerror(rc));
    return rc == COINLINE_OK ? CLI_OK : CLI_FAIL;
}

/* The explanation of the game of several rows a, lens[0..k-1]. Returns
 * the exit status. */
static int explain_rows(const explain_opts_t *O, const int64_t *a,
                        const uint64_t *lens, size_t k)
{
    const int rc = cli_explain_rows(a, lens, k, O->json, stdout);
    if (rc != COINLINE_OK)
        cli_error("%s", coinline_strerror(rc));
    return rc == COINLINE_OK ? CLI_OK : CLI_FAIL;
}

/* Why the options O do not fit a game of several rows, or NULL. */
static const char *rows_refusal(const explain_opts_t *O)
{
    const char *why =
        cli_rows_refusal(&O->rules, O->against.spec, COINLINE_ALGO_LINEAR);
    if (why == NULL && O->steps)
        why = "--steps: the table's steps are those of one row; several "
              "rows are fused and sorted instead (explain without --steps "
              "shows how)";
    return why;
}

/* The game of --row: one row (the classic explanation) or several.
 * Returns the exit status. */
static int explain_arg_row(const explain_opts_t *O)
{
    int64_t *a = NULL;
    uint64_t *lens = NULL;
    size_t n = 0, k = 1;
    coinline_error_t err;
    const int rc = coinline_rows_parse(O->row, &a, &n, &lens, &k, &err);
    if (rc != COINLINE_OK) {
        cli_report_error("--row", &err, rc);
        return CLI_FAIL;
    }
    const char *why = k > 1 ? rows_refusal(O) : NULL;
    int st;
    if (why != NULL)
        st = cli_usage_error("explain", "%s", why);
    else if (k == 1)
        st = explain(O, a, n);
    else
        st = explain_rows(O, a, lens, k);
    free(a);
    free(lens);
    return st;
}

int cmd_explain(int argc, char **argv)
{
    explain_opts_t O;
    int64_t *a;
    uint64_t *lens;
    size_t n, k;
    memset(&O, 0, sizeof O);
    O.rules = (coinline_rules_t)COINLINE_RULES_INIT(0, 0);
    const int st = parse_options(argc, argv, &O);
    if (st >= 0)
        return st;
    if (O.row != NULL)
        return cli_finish_output(explain_arg_row(&O));
    if (cli_one_layout(optind < argc ? argv[optind] : NULL, O.game,
                       rows_refusal(&O), &a, &n, &lens, &k) != 0)
        return CLI_FAIL;
    const int status = k > 1 ? explain_rows(&O, a, lens, k) : explain(&O, a, n);
    free(a);
    free(lens);
    return cli_finish_output(status);
}
