/* SPDX-License-Identifier: MIT */
/*
 * check.c - coinline check [options] [--] PROGRAM [ARGS...]: a learner's
 * solution judged against the exact answers. Its options, the check
 * (cli/check.c: the games run and judged, a failure shrunk, the growth),
 * and the report: what was run, the games passed, the failure (the game
 * in the classic format ready to paste, expected and got, the optimal
 * line), the growth; or one JSON object. Exit 0 when every game passed,
 * 1 on a failure or a program that cannot be started, 2 on a usage
 * error.
 */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "cli.h"
#include "explain/tell.h"
#include "jsonw.h"
#include "msg.h"
#include "opt.h"
#include "proc.h"
#include "rules.h"
#include "usage.h"

/* The most coins a game of a check may have, and the longest time limit
 * of a game, in seconds. */
#define CHECK_N_MAX     1000000
#define CHECK_LIMIT_MAX 3600

/* The lines of standard error shown after a crash. */
#define ERR_LINES 10

const char cmd_check_help[] =
    "usage: coinline check [options] [--] PROGRAM [ARGS...]\n"
    "\n"
    "Checks a solution: runs PROGRAM (no shell) once for each game of a\n"
    "fixed list, the game on its standard input in the classic format (the\n"
    "count on a line, then the coins on one line), and judges its standard\n"
    "output against the exact answer. The games: edge cases, the classic\n"
    "write-ups' examples, ties, small rows, rows where greedy and parity\n"
    "lose, then random rows of growing size up to --max-n coins. At the\n"
    "first failure (a wrong answer, a crash, a time-out, output that is no\n"
    "answer) the game is shrunk to a small one that fails the same way (a\n"
    "time-out is not) and told ready to paste, with the expected answer and\n"
    "the optimal line. The program's times tell how they grow with n.\n"
    "\n"
    "Options:\n"
    "      --answer=FORM   what PROGRAM prints: first (player 1's best "
    "total,\n"
    "                      the default), margin (player 1's total minus\n"
    "                      player 2's), both (the two totals, \"P1 P2\"), "
    "wins\n"
    "                      (true when player 1 wins or ties, else false)\n"
    "      --stream        one run for all games, one after the other; an\n"
    "                      answer line for each; the growth is not measured\n"
    "      --min=A         smallest coin value (default 1)\n"
    "      --max=B         largest coin value (default 100)\n"
    "      --max-n=N       the most coins in a game (default 1000; at most\n"
    "                      1000000)\n"
    "      --even          games of an even number of coins only\n"
    "      --allow-empty   the list starts with the empty game (0 coins)\n"
    "  -s, --seed=S        seed of the random games (default 1): the same\n"
    "                      seed replays the same games\n" CLI_RULES_HELP
    "      --time-limit=SECONDS\n"
    "                      a game's time limit (default 2; --stream: times\n"
    "                      the number of games)\n"
    "  -j, --json          the report as one JSON object\n"
    "  -h, --help          show this help\n"
    "      --version       show the version\n"
    "\n"
    "An answer is the whole output, whitespace around it allowed: an\n"
    "integer of any size, two for both, true or false (any case) for wins.\n"
    "Exit status: 0 every game passed, 1 a game failed or PROGRAM could not\n"
    "be started, 2 usage error.\n";

typedef struct {
    cli_check_ask_t q;
    int json;
    double limit_s;
} check_t;

enum {
    OPT_MIN = 256,
    OPT_MAX,
    OPT_STREAM,
    OPT_ALLOW_EMPTY,
    OPT_TIME_LIMIT,
    OPT_VERSION
};

static const struct option check_options[] = {
    {"answer", required_argument, NULL, 'a'},
    {"stream", no_argument, NULL, OPT_STREAM},
    {"min", required_argument, NULL, OPT_MIN},
    {"max", required_argument, NULL, OPT_MAX},
    {"max-n", required_argument, NULL, 'n'},
    {"even", no_argument, NULL, 'e'},
    {"allow-empty", no_argument, NULL, OPT_ALLOW_EMPTY},
    {"seed", required_argument, NULL, 's'},
    CLI_RULES_LONG_OPTIONS,
    {"time-limit", required_argument, NULL, OPT_TIME_LIMIT},
    {"json", no_argument, NULL, 'j'},
    {"help", no_argument, NULL, 'h'},
    {"version", no_argument, NULL, OPT_VERSION},
    {NULL, 0, NULL, 0},
};

/* --time-limit: seconds, more than 0 and at most CHECK_LIMIT_MAX. */
static int time_limit(check_t *C, const char *arg)
{
    char *end;
    errno = 0;
    const double s = strtod(arg, &end);
    if (end == arg || *end != '\0' || errno != 0 || !(s > 0) ||
        s > CHECK_LIMIT_MAX)
        return cli_usage_error("check",
                               "--time-limit: '%s' is not a number of "
                               "seconds above 0 and at most %d",
                               arg, CHECK_LIMIT_MAX);
    C->limit_s = s;
    C->q.limit_ms = (int64_t)ceil(s * 1000);
    return -1;
}

/* The options that take a value. Returns -1 or CLI_USAGE. */
static int value_option(check_t *C, int c, const char *arg)
{
    int64_t v;
    int st;
    switch (c) {
    case 'a':
        if (cli_answer_parse(arg, &C->q.form) == 0)
            return -1;
        return cli_usage_error("check", "--answer: unknown form '%s' (%s)", arg,
                               CLI_ANSWER_NAMES);
    case OPT_MIN:
        return cli_parse_number("check", "--min", arg, INT64_MIN, INT64_MAX,
                                &C->q.plan.min);
    case OPT_MAX:
        return cli_parse_number("check", "--max", arg, INT64_MIN, INT64_MAX,
                                &C->q.plan.max);
    case 'n':
        st = cli_parse_number("check", "--max-n", arg, 1, CHECK_N_MAX, &v);
        C->q.plan.max_n = (size_t)v;
        return st;
    case 's': return cli_parse_seed("check", arg, &C->q.plan.seed);
    default: return time_limit(C, arg);
    }
}

/* The bounds' checks (bad values: exit 1, as counter's). */
static int settle(const check_t *C)
{
    if (C->q.plan.min > C->q.plan.max) {
        cli_error("--min (%lld) is larger than --max (%lld)",
                  (long long)C->q.plan.min, (long long)C->q.plan.max);
        return CLI_FAIL;
    }
    if (C->q.plan.even && C->q.plan.max_n < 2) {
        cli_error("--even with --max-n 1: no game to play");
        return CLI_FAIL;
    }
    return -1;
}

/* Reads the options and PROGRAM into *C. Returns -1 to go on, or the
 * exit status. */
static int parse_options(check_t *C, int argc, char **argv)
{
    int c, st = -1;
    opterr = 0;
    while (st < 0 && (c = getopt_long(argc, argv, "+:s:cjh", check_options,
                                      NULL)) != -1) {
        switch (c) {
        case 'a':
        case OPT_MIN:
        case OPT_MAX:
        case 'n':
        case 's':
        case OPT_TIME_LIMIT: st = value_option(C, c, optarg); break;
        case OPT_STREAM: C->q.stream = 1; break;
        case 'e': C->q.plan.even = 1; break;
        case OPT_ALLOW_EMPTY: C->q.plan.allow_empty = 1; break;
        case 'j': C->json = 1; break;
        case 'h': return cli_finish_output(cli_print_help("check"));
        case OPT_VERSION: return cli_finish_output(cli_print_version());
        default:
            if (!cli_rules_option("check", c, optarg, &C->q.rules, &st))
                return cli_bad_option("check", c, argv);
        }
    }
    if (st >= 0)
        return st;
    if (optind >= argc)
        return cli_usage_error("check", "no PROGRAM given");
    C->q.argv = argv + optind;
    return settle(C);
}

/* ---- the report in words ------------------------------------------------ */

/* The longest game told as a command to paste; longer ones in part. */
#define PASTE_MAX 200

/* An argument as a shell reads it back: quoted unless plain. */
static void put_arg(const char *s)
{
    const size_t plain = strspn(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmn"
                                   "opqrstuvwxyz0123456789_./:=+-,@%");
    if (*s != '\0' && s[plain] == '\0') {
        fputs(s, stdout);
        return;
    }
    putchar('\'');
    for (; *s != '\0'; s++)
        fputs(*s == '\'' ? "'\\''" : (char[]){*s, '\0'}, stdout);
    putchar('\'');
}

static void put_program(char *const *argv)
{
    for (size_t k = 0; argv[k] != NULL; k++) {
        if (k > 0)
            putchar(' ');
        put_arg(argv[k]);
    }
}

/* What is checked, three lines. */
static void put_head(const check_t *C, const cli_check_t *R)
{
    const coinline_check_plan_t *p = &C->q.plan;
    fputs("Program: ", stdout);
    put_program(C->q.argv);
    printf("\nAnswer: %s, %s.\n", cli_answer_name(C->q.form),
           cli_answer_meaning(C->q.form));
    printf("Games: %llu %ss%s of %s to %zu coins%s, values %lld to %lld, "
           "seed %llu%s.\n",
           (unsigned long long)R->count, cli_shape_words(&C->q.rules)->noun,
           cli_score_words(&C->q.rules)->phrase,
           p->allow_empty ? (p->even ? "0, 2" : "0, 1")
           : p->even      ? "2"
                          : "1",
           p->max_n, p->even ? " (even numbers)" : "", (long long)p->min,
           (long long)p->max, (unsigned long long)p->seed,
           C->q.stream ? ", all in one run (--stream)" : "");
}

static void put_growth(const check_t *C, const cli_check_t *R)
{
    if (!R->timed) {
        printf("\nGrowth: not measured with --stream (one run for all "
               "games).\n");
        return;
    }
    if (R->growth == COINLINE_GROWTH_UNKNOWN)
        fputs("\nGrowth: unknown: the times were too short or too few, "
              "against the noise of the start, to tell how they grow",
              stdout);
    else if (R->growth == COINLINE_GROWTH_EXPONENTIAL)
        printf("\nGrowth: time grows exponentially with n (slope %.1f in "
               "log-log, %zu..%zu coins): a plain recursion without memo?",
               R->exponent, R->lo, R->hi);
    else
        printf("\nGrowth: time grows about as %s (slope %.1f, %zu..%zu "
               "coins)",
               coinline_growth_name(R->growth), R->exponent, R->lo, R->hi);
    if (R->base > 0)
        printf("; base %.1f ms, the median time of the edge games",
               R->base * 1000);
    puts(".");
    (void)C;
}

/* The game, as a command to paste (or in part, when long). */
static void put_game(const check_t *C, const cli_check_t *R)
{
    if (R->n > PASTE_MAX) {
        printf("  %zu coins: ", R->n);
        cli_tell_coins(stdout, R->coins, 0, R->n);
        printf("\n  (too long to paste: coinline check --seed %llu runs the "
               "same games again; a smaller --max-n may find a shorter "
               "one)\n",
               (unsigned long long)C->q.plan.seed);
        return;
    }
    printf("  printf '%zu\\n", R->n);
    for (size_t k = 0; k < R->n; k++)
        printf(k ? " %lld" : "%lld", (long long)R->coins[k]);
    fputs("\\n' | ", stdout);
    put_program(C->q.argv);
    putchar('\n');
}

/* How a crash ended, after "Crash on game ...: ". */
static void put_crash(const cli_run_t *r)
{
    const char *name = cli_proc_signal_name(r->status);
    if (r->end == CLI_RUN_SIGNALED && name != NULL)
        printf("killed by %s (signal %d)", name, r->status);
    else if (r->end == CLI_RUN_SIGNALED)
        printf("killed by signal %d", r->status);
    else
        printf("exited with status %d", r->status);
}

/* The last ERR_LINES lines of the error output, indented. */
static void put_stderr(const cli_run_t *r)
{
    const char *p = r->err + r->err_len;
    int lines = 0;
    if (r->err_len == 0) {
        puts("It wrote nothing on standard error.");
        return;
    }
    if (p[-1] == '\n')
        p--;
    while (p > r->err && !(p[-1] == '\n' && ++lines == ERR_LINES))
        p--;
    printf("Its standard error ended with%s:\n",
           r->err_cut || p > r->err ? " (the last lines)" : "");
    for (const char *q = p; q < r->err + r->err_len;) {
        const char *nl = memchr(q, '\n', (size_t)(r->err + r->err_len - q));
        const size_t len = (size_t)((nl ? nl : r->err + r->err_len) - q);
        printf("  | %.*s\n", (int)len, q);
        q += len + 1;
    }
}

static const char *const headings[] = {"", "Wrong answer", "Crash", "Time-out",
                                       "Bad output"};

/* The failing game as the plan made it, before shrinking (*n its coins),
 * or NULL when memory runs out. */
static int64_t *first_game(const check_t *C, const cli_check_t *R, size_t *n)
{
    int64_t *coins = malloc((C->q.plan.max_n + 1) * sizeof *coins);
    if (coins != NULL &&
        coinline_check_game(&C->q.plan, R->index, coins, C->q.plan.max_n, n,
                            NULL) != COINLINE_OK) {
        free(coins);
        coins = NULL;
    }
    return coins;
}

/* How the game shown came from the failing one: as it was (a time-out;
 * a stream's game that passes on its own), or shrunk. */
static void put_shrunk(const check_t *C, const cli_check_t *R)
{
    size_t n0 = 0;
    int64_t *first = NULL;
    if (R->status == CLI_CHECK_TIMEOUT) {
        puts("The game (a time-out is not shrunk):");
        return;
    }
    if (!R->fails_alone) {
        printf("The game passes on its own: in the stream, the program "
               "failed after\nanswering %llu game%s. With --stream it must "
               "read the games one after the\nother to the end of its input "
               "(no count of games comes first). The game:\n",
               (unsigned long long)R->passed, R->passed == 1 ? "" : "s");
        return;
    }
    first = first_game(C, R, &n0);
    if (first != NULL && n0 == R->n &&
        memcmp(first, R->coins, n0 * sizeof *first) == 0) {
        printf("The game (no smaller one failed the same way in %u run%s):\n",
               R->runs, R->runs == 1 ? "" : "s");
    } else {
        printf("The game, shrunk in %u run%s from game %llu's %zu coin%s",
               R->runs, R->runs == 1 ? "" : "s",
               (unsigned long long)R->index + 1, R->shrunk_from,
               R->shrunk_from == 1 ? "" : "s");
        if (first != NULL && n0 <= 12) {
            fputs(" (", stdout);
            for (size_t k = 0; k < n0; k++)
                printf(k ? " %lld" : "%lld", (long long)first[k]);
            putchar(')');
        }
        printf(" to %zu:\n", R->n);
    }
    if (R->shrink_stopped)
        printf("(shrinking stopped after %d s: a smaller game may fail too)\n",
               CLI_CHECK_SHRINK_MS / 1000);
    free(first);
}

/* The failure's first lines: what, where, the game. */
static void put_where(const check_t *C, const cli_check_t *R)
{
    printf("\n%s on game %llu of %llu (%s, %zu coin%s), after %llu passed",
           headings[R->status], (unsigned long long)R->index + 1,
           (unsigned long long)R->count, coinline_check_kind_name(R->kind),
           R->shrunk_from, R->shrunk_from == 1 ? "" : "s",
           (unsigned long long)R->passed);
    if (R->status == CLI_CHECK_CRASH) {
        fputs(": ", stdout);
        put_crash(&R->run);
    } else if (R->status == CLI_CHECK_TIMEOUT) {
        printf(": still running after %g s (--time-limit%s), killed",
               C->limit_s, C->q.stream ? " times the games" : "");
    }
    puts(".");
    put_shrunk(C, R);
    put_game(C, R);
}

static int put_words(const check_t *C, const cli_check_t *R)
{
    put_head(C, R);
    if (R->status == CLI_CHECK_OK) {
        printf("\nAll %llu games passed.\n", (unsigned long long)R->count);
        put_growth(C, R);
        return 0;
    }
    put_where(C, R);
    if (R->status == CLI_CHECK_TIMEOUT) {
        put_growth(C, R);
        return 0;
    }
    printf("Expected: %s (%s)\n", R->expected.text,
           cli_answer_meaning(C->q.form));
    if (R->status == CLI_CHECK_WRONG) {
        printf("Got:      %s\n", R->got);
    } else if (R->status == CLI_CHECK_BAD) {
        fputs("Got:      ", stdout);
        if (R->out_len == 0)
            fputs("nothing", stdout);
        else
            cli_judge_put_quoted(stdout, R->out, R->out_len, 80);
        puts(R->run.out_cut ? " (more than 1 MiB: cut), not an answer"
                            : ", not an answer");
    } else {
        put_stderr(&R->run);
    }
    int rc = COINLINE_OK;
    uint64_t *line = malloc((R->n ? R->n : 1) * sizeof *line);
    if (line == NULL)
        rc = COINLINE_ENOMEM;
    if (rc == COINLINE_OK)
        rc = coinline_game_line(&C->q.rules, R->coins, R->n,
                                COINLINE_ALGO_LINEAR, line);
    if (rc == COINLINE_OK && R->n > 0) {
        fputs("\nThe optimal line (ties to the left), with the scores after "
              "each move:\n",
              stdout);
        rc = cli_tell_line(stdout, &C->q.rules, R->coins, R->n, line);
    }
    free(line);
    return rc;
}

/* ---- the report as JSON ------------------------------------------------- */

/* The bytes text[0..len-1] as a JSON string (cut at 1 KiB; a NUL as
 * U+FFFD). */
static void put_json_bytes(const char *text, size_t len)
{
    char b[CLI_RUN_ERR_TAIL + 1];
    if (len > CLI_RUN_ERR_TAIL)
        len = CLI_RUN_ERR_TAIL;
    for (size_t k = 0; k < len; k++)
        b[k] = text[k] != '\0' ? text[k] : '\x80';
    b[len] = '\0';
    cli_put_json_string(stdout, b);
}

/* coins[0..n-1] as a JSON array. */
static void put_json_coins(const int64_t *coins, size_t n)
{
    putchar('[');
    for (size_t k = 0; k < n; k++) {
        if (k > 0)
            putchar(',');
        cli_put_json_int(stdout, coinline_i128_from_int64(coins[k]), 1);
    }
    putchar(']');
}

/* The failure's keys. */
static void put_json_failure(const check_t *C, const cli_check_t *R)
{
    fputs(",\"coins\":", stdout);
    put_json_coins(R->coins, R->n);
    printf(",\"n\":%zu,\"expected\":", R->n);
    cli_judge_put_json(stdout, C->q.form, R->expected.text);
    fputs(",\"got\":", stdout);
    if (R->status == CLI_CHECK_WRONG)
        cli_judge_put_json(stdout, C->q.form, R->got);
    else if (R->status == CLI_CHECK_BAD)
        put_json_bytes(R->out, R->out_len);
    else
        fputs("null", stdout);
    printf(",\"kind\":\"%s\",\"shrunk_from\":",
           coinline_check_kind_name(R->kind));
    size_t n0;
    int64_t *first = first_game(C, R, &n0);
    if (first != NULL)
        put_json_coins(first, n0);
    else
        fputs("null", stdout);
    free(first);
    printf(",\"runs\":%u", R->runs);
    if (R->status == CLI_CHECK_TIMEOUT)
        printf(",\"time_limit\":%g", C->limit_s);
    if (R->status != CLI_CHECK_CRASH)
        return;
    const char *name = cli_proc_signal_name(R->run.status);
    if (R->run.end == CLI_RUN_EXITED)
        printf(",\"exit_status\":%d", R->run.status);
    else if (name != NULL)
        printf(",\"signal\":\"%s\"", name);
    else
        printf(",\"signal\":%d", R->run.status);
    fputs(",\"stderr\":", stdout);
    put_json_bytes(R->run.err, R->run.err_len);
}

static void put_json(const check_t *C, const cli_check_t *R)
{
    printf("{\"status\":\"%s\",\"games\":%llu,\"passed\":%llu,"
           "\"growth\":\"%s\",\"exponent\":",
           cli_check_status_name(R->status), (unsigned long long)R->games,
           (unsigned long long)R->passed, coinline_growth_name(R->growth));
    if (R->timed && R->growth != COINLINE_GROWTH_UNKNOWN)
        printf("%.2f", R->exponent);
    else
        fputs("null", stdout);
    if (R->status != CLI_CHECK_OK)
        put_json_failure(C, R);
    puts("}");
}

/* ---- the command -------------------------------------------------------- */

/* A word after PROGRAM that is one of check's long options goes to the
 * program, as it should; but it is most likely meant for check: say so. */
static void note_late_options(char *const *args)
{
    static const char *const names[] = {
        "--answer", "--stream",     "--min",  "--max",
        "--max-n",  "--even",       "--seed", "--circle",
        "--score",  "--time-limit", "--json", "--allow-empty"};
    for (size_t i = 1; args[i] != NULL; i++)
        for (size_t k = 0; k < sizeof names / sizeof names[0]; k++) {
            const size_t len = strlen(names[k]);
            if (strncmp(args[i], names[k], len) == 0 &&
                (args[i][len] == '\0' || args[i][len] == '=')) {
                cli_error("note: '%s' comes after the program, so it is the "
                          "program's argument; check's options go before it",
                          args[i]);
                return;
            }
        }
}

int cmd_check(int argc, char **argv)
{
    check_t C = {.q = {.plan = {1, 100, 1000, 0, 0, 1}, .limit_ms = 2000},
                 .limit_s = 2};
    cli_check_t R;
    int st = parse_options(&C, argc, argv);
    if (st >= 0)
        return st;
    note_late_options(C.q.argv);
    const int rc = cli_check_run(&C.q, &R);
    if (rc > 0) {
        cli_error("cannot run '%s': %s%s", C.q.argv[0], strerror(rc),
                  rc == EACCES || rc == ENOEXEC
                      ? " (a script: give its interpreter first, as in "
                        "'coinline check -- python3 mine.py', or make it "
                        "executable with a #! line)"
                      : "");
        st = CLI_FAIL;
    } else if (rc < 0) {
        cli_error("%s", coinline_strerror(rc));
        st = CLI_FAIL;
    } else if (C.json) {
        put_json(&C, &R);
    } else if (put_words(&C, &R) != COINLINE_OK) {
        st = CLI_FAIL;
    }
    if (st < 0)
        st = R.status == CLI_CHECK_OK ? CLI_OK : CLI_FAIL;
    cli_check_free(&R);
    return cli_finish_output(st);
}
