/* SPDX-License-Identifier: MIT */
/*
 * counter.c - coinline counter STRATEGY: the smallest row on which the
 * strategy, as player 1 against best play, loses points. Its options,
 * the search (cli/counter.c), and the answer: the row, what the strategy
 * and best play end with, the points lost (and whether the game is lost
 * too), both lines side by side; or one JSON object. No row within the
 * bounds: said, and exit 1.
 */
#include <getopt.h>
#include <string.h>

#include "cli.h"
#include "counter.h"
#include "decimal.h"
#include "jsonw.h"
#include "msg.h"
#include "opt.h"
#include "player.h"
#include "rules.h"
#include "usage.h"
#include "wide.h"

/* The default bounds: a built-in plays a row in microseconds, a bot
 * starts a process for each. */
#define COUNTER_MAX_N     6
#define COUNTER_MAX       9
#define COUNTER_BOT_MAX_N 4
#define COUNTER_BOT_MAX   5

const char cmd_counter_help[] =
    "usage: coinline counter [options] STRATEGY\n"
    "\n"
    "Finds the smallest row on which STRATEGY, as player 1 against best\n"
    "play (player 2 plays the engine's optimal moves, ties to the left),\n"
    "ends with less than best play gives player 1: the row, the totals of\n"
    "both, the points lost, whether the game is lost too, and both lines\n"
    "side by side. The smallest: the fewest coins, then the smallest\n"
    "largest coin, then the smallest sum, then the dictionary order.\n"
    "STRATEGY: optimal, greedy, parity, random, fallible:P, a level of\n"
    "play (easy, medium, hard, perfect) or exec:COMMAND, a bot, as in\n"
    "coinline duel --help.\n"
    "\n"
    "Options:\n"
    "      --min=A         smallest coin value (default 1)\n"
    "      --max=B         largest coin value (default 9; a bot: 5); at\n"
    "                      most 1000 above --min\n"
    "      --max-n=N       the most coins (default 6; a bot: 4; at most 64)\n"
    "      --even          rows of an even number of coins only\n"
    "  -s, --seed=S        seed of the strategy's random choices (default\n"
    "                      1): each row's game is seeded from S and its\n"
    "                      coins, so the same S plays a row the same "
    "way\n" CLI_RULES_HELP
    "      --move-time=MS  a bot's time for each move, in milliseconds\n"
    "                      (default 2000)\n"
    "  -j, --json          the answer as one JSON object\n"
    "  -h, --help          show this help\n"
    "      --version       show the version\n"
    "\n"
    "A loss is counted in points of player 1's total (with --score\n"
    "remaining, in points of the final margin), against optimal play\n"
    "from the start: a strategy may lose points and still win the game\n"
    "(parity on an even number of coins never loses the game). A\n"
    "strategy with random choices (random, fallible:P, the levels) loses\n"
    "on a row with that seed. Every row is played: a bot is started once\n"
    "a row. Exit status: 0 a row found, 1 none within the bounds (said on\n"
    "standard output), bad input or failure, 2 usage error.\n";

typedef struct {
    cli_counter_ask_t q;
    const char *name; /* STRATEGY as given */
    int max_given, max_n_given, json;
} counter_t;

enum { OPT_MIN = 256, OPT_MAX, OPT_MOVE_TIME, OPT_VERSION };

static const struct option counter_options[] = {
    {"min", required_argument, NULL, OPT_MIN},
    {"max", required_argument, NULL, OPT_MAX},
    {"max-n", required_argument, NULL, 'n'},
    {"even", no_argument, NULL, 'e'},
    {"seed", required_argument, NULL, 's'},
    CLI_RULES_LONG_OPTIONS,
    {"move-time", required_argument, NULL, OPT_MOVE_TIME},
    {"json", no_argument, NULL, 'j'},
    {"help", no_argument, NULL, 'h'},
    {"version", no_argument, NULL, OPT_VERSION},
    {NULL, 0, NULL, 0},
};

/* The options that take a number. Returns -1 or CLI_USAGE. */
static int number_option(counter_t *C, int c, const char *arg)
{
    int64_t v;
    int st;
    switch (c) {
    case OPT_MIN:
        return cli_parse_number("counter", "--min", arg, INT64_MIN, INT64_MAX,
                                &C->q.min);
    case OPT_MAX:
        C->max_given = 1;
        return cli_parse_number("counter", "--max", arg, INT64_MIN, INT64_MAX,
                                &C->q.max);
    case 'n':
        C->max_n_given = 1;
        st = cli_parse_number("counter", "--max-n", arg, 1, CLI_COUNTER_N_MAX,
                              &v);
        C->q.max_n = (uint64_t)v;
        return st;
    default:
        return cli_parse_number("counter", "--move-time", arg, 1, 3600000,
                                &C->q.move_ms);
    }
}

/* STRATEGY: a level's name stands for its strategy. */
static int take_strategy(counter_t *C, const char *arg)
{
    const char *level = cli_player_level(arg, NULL);
    C->name = arg;
    C->q.spec = level != NULL ? level : arg;
    if (cli_player_valid(C->q.spec))
        return -1;
    return cli_usage_error("counter",
                           "unknown strategy '%s' (optimal, greedy, parity, "
                           "random, fallible:P with P in [0, 1], easy, "
                           "medium, hard, perfect, or exec:COMMAND)",
                           arg);
}

/* The defaults that depend on STRATEGY, and the bounds' checks. Returns
 * -1, or the exit status after saying what is wrong. */
static int settle(counter_t *C)
{
    const int bot = strncmp(C->q.spec, "exec:", 5) == 0;
    if (!C->max_given)
        C->q.max = bot ? COUNTER_BOT_MAX : COUNTER_MAX;
    if (!C->max_n_given)
        C->q.max_n = bot ? COUNTER_BOT_MAX_N : COUNTER_MAX_N;
    if (C->q.min > C->q.max) {
        cli_error("--min (%lld) is larger than --max (%lld)",
                  (long long)C->q.min, (long long)C->q.max);
        return CLI_FAIL;
    }
    if ((cl_wide)C->q.max - C->q.min > CLI_COUNTER_WIDTH_MAX) {
        cli_error("--max is more than %d above --min: too many rows to try",
                  CLI_COUNTER_WIDTH_MAX);
        return CLI_FAIL;
    }
    if (C->q.even && C->q.max_n < 2) {
        cli_error("--even with --max-n 1: no row to try");
        return CLI_FAIL;
    }
    return -1;
}

/* Reads the options and STRATEGY into *C. Returns -1 to go on, or the
 * exit status. */
static int parse_options(counter_t *C, int argc, char **argv)
{
    int c, st = -1;
    opterr = 0;
    while (st < 0 && (c = getopt_long(argc, argv, ":s:cjh", counter_options,
                                      NULL)) != -1) {
        switch (c) {
        case OPT_MIN:
        case OPT_MAX:
        case 'n':
        case OPT_MOVE_TIME: st = number_option(C, c, optarg); break;
        case 's': st = cli_parse_seed("counter", optarg, &C->q.seed); break;
        case 'e': C->q.even = 1; break;
        case 'j': C->json = 1; break;
        case 'h': return cli_finish_output(cli_print_help("counter"));
        case OPT_VERSION: return cli_finish_output(cli_print_version());
        default:
            if (!cli_rules_option("counter", c, optarg, &C->q.rules, &st))
                return cli_bad_option("counter", c, argv);
        }
    }
    if (st >= 0)
        return st;
    if (optind >= argc)
        return cli_usage_error("counter", "no STRATEGY given");
    if (argc - optind > 1)
        return cli_usage_error("counter", "one STRATEGY: unexpected '%s'",
                               argv[optind + 1]);
    st = take_strategy(C, argv[optind]);
    return st >= 0 ? st : settle(C);
}

/* ---- the answer in words ---------------------------------------------- */

/* A move's coin and where it was taken, into buf. */
static const char *take_cell(const cli_counter_move_t *m, char *buf,
                             size_t size)
{
    if (m->side == COINLINE_SIDE_NONE)
        snprintf(buf, size, "%lld (position %llu)", (long long)m->coin,
                 (unsigned long long)m->position);
    else
        snprintf(buf, size, "%lld (%s)", (long long)m->coin,
                 coinline_side_name(m->side));
    return buf;
}

/* The scores after a move, "7 to 4", into buf. */
static const char *totals_cell(const cli_counter_move_t *m, char *buf)
{
    char b[COINLINE_I128_STRLEN];
    coinline_i128_to_string(m->p1, buf, COINLINE_I128_STRLEN);
    coinline_i128_to_string(m->p2, b, sizeof b);
    strcat(strcat(buf, " to "), b);
    return buf;
}

/* The widths of the four cells' columns over both lines and headings. */
static void widths(const cli_counter_t *R, const char *name, int *w)
{
    char b[2 * COINLINE_I128_STRLEN + 8];
    w[0] = (int)strlen(name) > 12 ? (int)strlen(name) : 12;
    w[1] = w[3] = 6;
    w[2] = 12;
    for (size_t k = 0; k < R->n; k++) {
        const cli_counter_move_t *m[2] = {&R->play[k], &R->best[k]};
        for (int j = 0; j < 2; j++) {
            int len = (int)strlen(take_cell(m[j], b, sizeof b));
            w[2 * j] = len > w[2 * j] ? len : w[2 * j];
            len = (int)strlen(totals_cell(m[j], b));
            w[2 * j + 1] = len > w[2 * j + 1] ? len : w[2 * j + 1];
        }
    }
}

/* Both lines side by side, a move a line. */
static void put_lines(const cli_counter_t *R, const char *name)
{
    char b[4][2 * COINLINE_I128_STRLEN + 8];
    int w[4];
    widths(R, name, w);
    printf("\n%5s %6s  %-*s %-*s  %-*s %s\n", "move", "player", w[0], name,
           w[1], "totals", w[2], "optimal", "totals");
    for (size_t k = 0; k < R->n; k++)
        printf("%5zu %6d  %-*s %-*s  %-*s %s\n", k + 1, (int)(k % 2) + 1, w[0],
               take_cell(&R->play[k], b[0], sizeof b[0]), w[1],
               totals_cell(&R->play[k], b[1]), w[2],
               take_cell(&R->best[k], b[2], sizeof b[2]),
               totals_cell(&R->best[k], b[3]));
}

/* "still wins the game by 3", "draws the game", "loses the game by 2"
 * as its final margin m says. */
static void put_outcome(cl_wide m)
{
    char b[COINLINE_I128_STRLEN];
    if (m == 0)
        fputs("draws the game", stdout);
    else
        printf("%s the game by %s", m > 0 ? "still wins" : "loses",
               cli_wide_str(m > 0 ? m : -m, b));
}

/* v in decimal, into buf (COINLINE_I128_STRLEN bytes). */
static const char *dec(coinline_i128_t v, char *buf)
{
    coinline_i128_to_string(v, buf, COINLINE_I128_STRLEN);
    return buf;
}

static void put_words(const counter_t *C, const cli_counter_t *R)
{
    const cli_counter_move_t *p = &R->play[R->n - 1], *b = &R->best[R->n - 1];
    char s[5][COINLINE_I128_STRLEN];
    cl_wide sum = 0;
    printf("Strategy: %s, as player 1 against best play (ties to the left).\n"
           "The %s:",
           C->name, cli_shape_words(&C->q.rules)->noun);
    for (size_t k = 0; k < R->n; k++) {
        printf(" %lld", (long long)R->coins[k]);
        sum += R->coins[k];
    }
    printf(" (%zu coin%s, sum %s)%s: the smallest where it loses points\n"
           "(%llu rows tried).\n",
           R->n, R->n == 1 ? "" : "s", cli_wide_str(sum, s[0]),
           cli_score_words(&C->q.rules)->phrase, (unsigned long long)R->rows);
    printf("It ends with %s to %s, best play with %s to %s:\nit loses %s "
           "point%s, and ",
           dec(p->p1, s[0]), dec(p->p2, s[1]), dec(b->p1, s[2]),
           dec(b->p2, s[3]), dec(R->loss, s[4]),
           cl_to_wide(R->loss) == 1 ? "" : "s");
    put_outcome(cl_to_wide(p->p1) - cl_to_wide(p->p2));
    fputs(".\n", stdout);
    const char *head = strlen(C->name) <= 16 ? C->name : "strategy";
    put_lines(R, head);
    printf("\nThe lines: strategy %s, optimal %s.\n", R->play_text,
           R->best_text);
}

/* ---- the answer as JSON ------------------------------------------------ */

static void put_json_key(const char *key, coinline_i128_t v)
{
    printf(",\"%s\":", key);
    cli_put_json_int(stdout, v, 0);
}

static void put_json(const counter_t *C, const cli_counter_t *R)
{
    fputs("{\"strategy\":", stdout);
    cli_put_json_string(stdout, C->name);
    cli_rules_put_json(stdout, &C->q.rules);
    printf(",\"rows\":%llu,\"coins\":", (unsigned long long)R->rows);
    if (R->coins == NULL) {
        puts("null}");
        return;
    }
    for (size_t k = 0; k < R->n; k++)
        printf("%c%lld", k == 0 ? '[' : ',', (long long)R->coins[k]);
    printf("],\"n\":%zu", R->n);
    const cli_counter_move_t *p = &R->play[R->n - 1], *b = &R->best[R->n - 1];
    put_json_key("loss", R->loss);
    put_json_key("p1", p->p1);
    put_json_key("p2", p->p2);
    put_json_key("optimal_p1", b->p1);
    put_json_key("optimal_p2", b->p2);
    const cl_wide m = cl_to_wide(p->p1) - cl_to_wide(p->p2);
    printf(",\"winner\":\"%s\",\"strategy_line\":", m > 0   ? "first"
                                                    : m < 0 ? "second"
                                                            : "draw");
    cli_put_json_string(stdout, R->play_text);
    fputs(",\"optimal_line\":", stdout);
    cli_put_json_string(stdout, R->best_text);
    puts("}");
}

/* ---- the command ------------------------------------------------------- */

/* No row within the bounds: said on stdout (or as JSON). */
static void put_none(const counter_t *C, const cli_counter_t *R)
{
    if (C->json) {
        put_json(C, R);
        return;
    }
    printf("No %s of %s%llu coins with values %lld to %lld (%llu tried) on "
           "which %s as\nplayer 1 against best play loses points.\n",
           cli_shape_words(&C->q.rules)->noun,
           C->q.even ? "an even 2 to " : "1 to ",
           (unsigned long long)C->q.max_n, (long long)C->q.min,
           (long long)C->q.max, (unsigned long long)R->rows, C->name);
}

/* Says why the search stopped on a failure. */
static void put_failure(const counter_t *C, const cli_counter_t *R, int rc)
{
    if (rc != CLI_EFORFEIT) {
        cli_error("%s: %s", C->name, coinline_strerror(rc));
        return;
    }
    fflush(stdout);
    fprintf(stderr, "%s%s forfeits on the row", cli_msg_prefix(), C->name);
    for (size_t k = 0; k < R->n; k++)
        fprintf(stderr, " %lld", (long long)R->coins[k]);
    fprintf(stderr, ": %s\n", R->verdict);
}

int cmd_counter(int argc, char **argv)
{
    counter_t C = {.q = {.min = 1, .move_ms = CLI_BOT_MOVE_MS, .seed = 1}};
    cli_counter_t R;
    const int st = parse_options(&C, argc, argv);
    if (st >= 0)
        return st;
    const int rc = cli_counter_find(&C.q, &R);
    if (rc == 1 && C.json)
        put_json(&C, &R);
    else if (rc == 1)
        put_words(&C, &R);
    else if (rc == 0)
        put_none(&C, &R);
    else
        put_failure(&C, &R, rc);
    cli_counter_free(&R);
    return cli_finish_output(rc == 1 ? CLI_OK : CLI_FAIL);
}
