/*
 * cmd_duel.c - coinline duel: two strategies against each other.
 *
 * Every row is played twice, once with each strategy moving first, so
 * neither gains from the seat. Rows are random (the same generator and
 * seed rules as gen) or read from files. The strategies' random choices
 * are seeded from the seed and the game's number, so the same options
 * give the same results. For each strategy the table counts wins, draws
 * and losses, its margin (own total minus the other's) on average and at
 * worst, and its loss: the points its own moves gave away against optimal
 * play, V(position) - (coin - V(position after)) summed over its moves,
 * on average a game. The loss of "optimal" is 0.
 */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "wide.h"

const char cmd_duel_help[] =
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

typedef struct {
    const char *spec[2]; /* the strategies, as named by the user */
    int64_t games, coins, min, max;
    uint64_t seed;
    int json;
    char **files;
    int nfiles;
} duel_t;

/* One strategy's results over the match. */
typedef struct {
    uint64_t wins, draws, losses;
    cl_wide margin_sum, worst, loss_sum;
} tally_t;

typedef struct {
    coinline_strategy_t *s[2];
    tally_t t[2];
    uint64_t rows, played;
    double started, last_shown;
} match_t;

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Seeds both strategies for game g of the match (their random state). */
static int seed_game(match_t *m, const duel_t *D, uint64_t g)
{
    for (int k = 0; k < 2; k++) {
        uint64_t state = D->seed ^ (2 * g + (uint64_t)k + 1);
        coinline_strategy_free(m->s[k]);
        m->s[k] = NULL;
        const int rc =
            coinline_strategy_new(D->spec[k], cli_random(&state), &m->s[k]);
        if (rc != COINLINE_OK)
            return rc;
    }
    return COINLINE_OK;
}

/* Plays row a with strategy first (0 or 1) moving first; returns p1 - p2
 * in *margin and what each strategy's moves gave away in loss[]. */
static int play_one(match_t *m, int first, const int64_t *a, size_t n,
                    cl_wide *margin, cl_wide loss[2])
{
    coinline_engine_t *e;
    coinline_engine_state_t st;
    int rc = coinline_engine_new(a, n, &e);
    if (rc != COINLINE_OK)
        return rc;
    loss[0] = loss[1] = 0;
    coinline_engine_state(e, &st);
    for (uint64_t k = 0; rc == COINLINE_OK && k < n; k++) {
        coinline_side_t side;
        const int who = (int)(k % 2) == 0 ? first : !first;
        const cl_wide before = cl_to_wide(st.value);
        rc = coinline_strategy_move(m->s[who], e, &side);
        if (rc == COINLINE_OK)
            rc = coinline_engine_play(e, side);
        if (rc == COINLINE_OK)
            rc = coinline_engine_state(e, &st);
        if (rc == COINLINE_OK) {
            const int64_t coin =
                side == COINLINE_LEFT ? a[st.lo - 1] : a[st.hi];
            loss[who] += before - (coin - cl_to_wide(st.value));
        }
    }
    *margin = cl_to_wide(st.p1) - cl_to_wide(st.p2);
    coinline_engine_free(e);
    return rc;
}

static void count(tally_t *t, cl_wide margin, cl_wide loss, int first)
{
    if (margin > 0)
        t->wins++;
    else if (margin == 0)
        t->draws++;
    else
        t->losses++;
    if (first || margin < t->worst)
        t->worst = margin;
    t->margin_sum += margin;
    t->loss_sum += loss;
}

/* Shows how far the match is, on a terminal, when it runs long. */
static void progress(match_t *m, const duel_t *D, int done)
{
    if (!isatty(STDERR_FILENO))
        return;
    const double t = now_s();
    if (done && m->last_shown > 0)
        fputs("\r\033[K", stderr);
    if (done || t - m->started < 1.0 || t - m->last_shown < 0.2)
        return;
    m->last_shown = t;
    if (D->nfiles == 0)
        fprintf(stderr, "\rcoinline duel: %llu of %lld rows",
                (unsigned long long)m->rows, (long long)D->games);
    else
        fprintf(stderr, "\rcoinline duel: %llu rows",
                (unsigned long long)m->rows);
}

/* Plays a row twice, each strategy first once. */
static int play_row(match_t *m, const duel_t *D, const int64_t *a, size_t n)
{
    for (int first = 0; first < 2; first++) {
        cl_wide margin, loss[2];
        int rc = seed_game(m, D, m->played);
        if (rc == COINLINE_OK)
            rc = play_one(m, first, a, n, &margin, loss);
        if (rc != COINLINE_OK)
            return rc;
        const int fresh = m->played == 0;
        count(&m->t[first], margin, loss[first], fresh);
        count(&m->t[!first], -margin, loss[!first], fresh);
        m->played++;
    }
    m->rows++;
    progress(m, D, 0);
    return COINLINE_OK;
}

static int random_rows(match_t *m, const duel_t *D)
{
    int64_t *a = malloc(((size_t)D->coins + 1) * sizeof *a);
    const uint64_t span = (uint64_t)D->max - (uint64_t)D->min;
    uint64_t state = D->seed;
    int rc = a != NULL ? COINLINE_OK : COINLINE_ENOMEM;
    for (int64_t g = 0; rc == COINLINE_OK && g < D->games; g++) {
        for (int64_t i = 0; i < D->coins; i++)
            a[i] = (int64_t)((uint64_t)D->min + cli_uniform(&state, span));
        rc = play_row(m, D, a, (size_t)D->coins);
    }
    free(a);
    if (rc != COINLINE_OK)
        cli_error("%s", coinline_strerror(rc));
    return rc == COINLINE_OK ? CLI_OK : CLI_FAIL;
}

/* Plays every row of one file ('-': standard input). */
static int file_rows(match_t *m, const duel_t *D, const char *path)
{
    const int is_stdin = strcmp(path, "-") == 0;
    FILE *fp = is_stdin ? stdin : fopen(path, "r");
    coinline_reader_t *r = NULL;
    int rc, st = CLI_OK;
    if (fp == NULL) {
        cli_error("%s: cannot open: %s", path, strerror(errno));
        return CLI_FAIL;
    }
    rc = coinline_reader_from_file(fp, is_stdin ? "<stdin>" : path, &r);
    while (rc == COINLINE_OK) {
        int64_t *a = NULL;
        size_t n = 0;
        rc = coinline_reader_read_game(r, &a, &n);
        if (rc == 1) {
            rc = play_row(m, D, a, n);
            if (rc != COINLINE_OK) {
                cli_error("%s: %s", path, coinline_strerror(rc));
                st = CLI_FAIL;
            }
        } else if (rc < 0) {
            cli_report_reader_error(r, rc);
            st = CLI_FAIL;
        } else {
            rc = 1; /* the clean end */
        }
        free(a);
    }
    if (r == NULL) {
        cli_error("%s: %s", path, coinline_strerror(rc));
        st = CLI_FAIL;
    }
    coinline_reader_free(r);
    if (!is_stdin)
        fclose(fp);
    return st;
}

/* A mean to print with two decimals (never as -0.00). */
static double mean(cl_wide sum, uint64_t games)
{
    const double v = games > 0 ? (double)sum / (double)games : 0.0;
    return v > -0.005 && v < 0.005 ? 0.0 : v;
}

static void print_table(const match_t *m, const duel_t *D)
{
    printf("%llu rows, each played twice: %llu games\n",
           (unsigned long long)m->rows, (unsigned long long)m->played);
    printf("%-16s %7s %7s %7s %12s %12s %10s\n", "strategy", "wins", "draws",
           "losses", "mean_margin", "worst_margin", "mean_loss");
    for (int k = 0; k < 2; k++) {
        const tally_t *t = &m->t[k];
        char worst[COINLINE_I128_STRLEN] = "-";
        if (m->played > 0)
            coinline_i128_to_string(cl_from_wide(t->worst), worst,
                                    sizeof worst);
        printf("%-16s %7llu %7llu %7llu %12.2f %12s %10.2f\n", D->spec[k],
               (unsigned long long)t->wins, (unsigned long long)t->draws,
               (unsigned long long)t->losses, mean(t->margin_sum, m->played),
               worst, mean(t->loss_sum, m->played));
    }
}

static void print_json(const match_t *m, const duel_t *D)
{
    printf("{\"rows\":%llu,\"games\":%llu,\"results\":[",
           (unsigned long long)m->rows, (unsigned long long)m->played);
    for (int k = 0; k < 2; k++) {
        const tally_t *t = &m->t[k];
        printf("%s{\"strategy\":\"%s\",\"wins\":%llu,\"draws\":%llu,"
               "\"losses\":%llu,\"mean_margin\":",
               k > 0 ? "," : "", D->spec[k], (unsigned long long)t->wins,
               (unsigned long long)t->draws, (unsigned long long)t->losses);
        printf("%.2f", mean(t->margin_sum, m->played));
        fputs(",\"worst_margin\":", stdout);
        if (m->played > 0)
            cli_put_i128(stdout, cl_from_wide(t->worst));
        else
            fputs("null", stdout);
        fputs(",\"mean_loss\":", stdout);
        printf("%.2f", mean(t->loss_sum, m->played));
        putchar('}');
    }
    puts("]}");
}

enum { OPT_P1 = 256, OPT_P2, OPT_MIN, OPT_MAX, OPT_VERSION };

static const struct option duel_options[] = {
    {"p1", required_argument, NULL, OPT_P1},
    {"p2", required_argument, NULL, OPT_P2},
    {"games", required_argument, NULL, 'g'},
    {"coins", required_argument, NULL, 'n'},
    {"min", required_argument, NULL, OPT_MIN},
    {"max", required_argument, NULL, OPT_MAX},
    {"seed", required_argument, NULL, 's'},
    {"json", no_argument, NULL, 'j'},
    {"help", no_argument, NULL, 'h'},
    {"version", no_argument, NULL, OPT_VERSION},
    {NULL, 0, NULL, 0},
};

/* A strategy name is checked by making it once. */
static int strategy(const char *opt, const char *arg, const char **spec)
{
    coinline_strategy_t *s;
    if (coinline_strategy_new(arg, 0, &s) != COINLINE_OK)
        return cli_usage_error("duel",
                               "%s: unknown strategy '%s' (optimal, greedy, "
                               "parity, random or fallible:P with P in "
                               "[0, 1])",
                               opt, arg);
    coinline_strategy_free(s);
    *spec = arg;
    return -1;
}

static int parse_options(duel_t *D, int argc, char **argv)
{
    int c, st = -1;
    opterr = 0;
    while (st < 0 && (c = getopt_long(argc, argv, ":g:n:s:jh", duel_options,
                                      NULL)) != -1) {
        switch (c) {
        case OPT_P1: st = strategy("--p1", optarg, &D->spec[0]); break;
        case OPT_P2: st = strategy("--p2", optarg, &D->spec[1]); break;
        case 'g':
            st = cli_parse_number("duel", "--games", optarg, 0, INT64_MAX,
                                  &D->games);
            break;
        case 'n':
            st = cli_parse_number("duel", "--coins", optarg, 0, 100000000,
                                  &D->coins);
            break;
        case OPT_MIN:
            st = cli_parse_number("duel", "--min", optarg, INT64_MIN, INT64_MAX,
                                  &D->min);
            break;
        case OPT_MAX:
            st = cli_parse_number("duel", "--max", optarg, INT64_MIN, INT64_MAX,
                                  &D->max);
            break;
        case 's': st = cli_parse_seed("duel", optarg, &D->seed); break;
        case 'j': D->json = 1; break;
        case 'h': return cli_finish_output(cli_print_help("duel"));
        case OPT_VERSION: return cli_finish_output(cli_print_version());
        default: return cli_bad_option("duel", c, argv);
        }
    }
    if (st < 0 && D->min > D->max)
        return cli_usage_error("duel",
                               "--min (%lld) is larger than --max (%lld)",
                               (long long)D->min, (long long)D->max);
    D->files = argv + optind;
    D->nfiles = argc - optind;
    return st;
}

int cmd_duel(int argc, char **argv)
{
    duel_t D = {{"optimal", "greedy"}, 100, 20, 1, 100, 1, 0, NULL, 0};
    match_t m;
    int st = parse_options(&D, argc, argv);
    if (st >= 0)
        return st;
    memset(&m, 0, sizeof m);
    m.started = now_s();
    if (D.nfiles == 0)
        st = random_rows(&m, &D);
    else
        for (int i = 0; i < D.nfiles && st != CLI_FAIL; i++)
            st = file_rows(&m, &D, D.files[i]);
    progress(&m, &D, 1);
    coinline_strategy_free(m.s[0]);
    coinline_strategy_free(m.s[1]);
    if (st == CLI_FAIL && m.rows == 0)
        return CLI_FAIL;
    if (D.json)
        print_json(&m, &D);
    else
        print_table(&m, &D);
    return cli_finish_output(st == CLI_FAIL ? CLI_FAIL : CLI_OK);
}
