/* SPDX-License-Identifier: MIT */
/*
 * gen.c - coinline gen: random games in the classic format.
 *
 * The generator is splitmix64 (Steele, Lea and Flood's constants); values
 * in [min, max] come from Lemire's multiply-and-reject method, so every
 * value of the range is equally likely, even for the full int64 range.
 */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "decimal.h"
#include "msg.h"
#include "opt.h"
#include "rows.h"
#include "rules.h"
#include "usage.h"

const char cmd_gen_help[] =
    "usage: coinline gen [options]\n"
    "\n"
    "Writes random games in the classic format: the count on one line, the\n"
    "coins on the next. The same options and seed give the same output.\n"
    "\n"
    "Options:\n"
    "  -c, --circle        games of the circular game (the pizza game: the\n"
    "                      first player takes any coin, then the ends of the\n"
    "                      line left): the same coins, at positions 1..N\n"
    "                      clockwise, after a first comment line that says so\n"
    "      --score=NAME    games scored by NAME: taken (the default) or\n"
    "                      remaining (a move scores the sum of the coins left\n"
    "                      after it): the same coins, after a comment line\n"
    "                      that says so\n"
    "  -n, --coins=N       coins per game (default 10)\n"
    "  -g, --games=K       number of games (default 1)\n"
    "      --min=A         smallest coin value (default 1)\n"
    "      --max=B         largest coin value (default 100)\n"
    "  -s, --seed=S        seed of the generator (default 1)\n"
    "  -o, --output=FILE   write to FILE ('-': standard output)\n"
    "  -h, --help          show this help\n"
    "      --version       show the version\n";

typedef struct {
    int64_t coins, games, min, max;
    uint64_t seed;
    const char *output;
    coinline_rules_t rules; /* --circle, --score: the first lines say how
                             * to read the games */
} gen_t;

/* An output buffer: put_* append, drain() writes it out when nearly full
 * (every value is at most 21 bytes, so 48 bytes of slack suffice). */
typedef struct {
    char buf[1 << 16];
    char *p;
    FILE *out;
    int failed;
} outbuf_t;

static void drain(outbuf_t *o, int force)
{
    const size_t len = (size_t)(o->p - o->buf);
    if (!force && len < sizeof o->buf - 48)
        return;
    if (!o->failed && fwrite(o->buf, 1, len, o->out) != len)
        o->failed = 1;
    o->p = o->buf;
}

static int write_games(const gen_t *G, FILE *out)
{
    static outbuf_t o;
    uint64_t state = G->seed;

    o.p = o.buf;
    o.out = out;
    o.failed = 0;
    /* The rules' comment lines (short: the buffer is empty here). */
    const char *notes[2] = {cli_shape_words(&G->rules)->gen_note,
                            cli_score_words(&G->rules)->gen_note};
    for (int k = 0; k < 2; k++) {
        const size_t len = strlen(notes[k]);
        memcpy(o.p, notes[k], len);
        o.p += len;
    }
    for (int64_t g = 0; g < G->games && !o.failed; g++) {
        o.p += cli_put_i64(o.p, G->coins);
        *o.p++ = '\n';
        for (int64_t i = 0; i < G->coins; i++) {
            int64_t coin;
            coinline_random_row(&state, G->min, G->max, &coin, 1);
            if (i > 0)
                *o.p++ = ' ';
            o.p += cli_put_i64(o.p, coin);
            drain(&o, 0);
        }
        *o.p++ = '\n';
        drain(&o, 0);
    }
    drain(&o, 1);
    return o.failed ? -1 : 0;
}

enum { OPT_MIN = 256, OPT_MAX, OPT_VERSION };

static const struct option gen_options[] = {
    {"coins", required_argument, NULL, 'n'},
    {"games", required_argument, NULL, 'g'},
    {"min", required_argument, NULL, OPT_MIN},
    {"max", required_argument, NULL, OPT_MAX},
    {"seed", required_argument, NULL, 's'},
    {"output", required_argument, NULL, 'o'},
    {"help", no_argument, NULL, 'h'},
    {"version", no_argument, NULL, OPT_VERSION},
    CLI_RULES_LONG_OPTIONS,
    {NULL, 0, NULL, 0},
};

static int parse_options(gen_t *G, int argc, char **argv)
{
    int c, st = -1;
    opterr = 0;
    while (st < 0 &&
           (c = getopt_long(argc, argv, ":" CLI_RULES_SHORT "n:g:s:o:h",
                            gen_options, NULL)) != -1) {
        if (cli_rules_option("gen", c, optarg, &G->rules, &st))
            continue;
        switch (c) {
        case 'n':
            st = cli_parse_number("gen", "--coins", optarg, 0,
                                  (int64_t)COINLINE_MAX_COUNT, &G->coins);
            break;
        case 'g':
            st = cli_parse_number("gen", "--games", optarg, 0, INT64_MAX,
                                  &G->games);
            break;
        case OPT_MIN:
            st = cli_parse_number("gen", "--min", optarg, INT64_MIN, INT64_MAX,
                                  &G->min);
            break;
        case OPT_MAX:
            st = cli_parse_number("gen", "--max", optarg, INT64_MIN, INT64_MAX,
                                  &G->max);
            break;
        case 's': st = cli_parse_seed("gen", optarg, &G->seed); break;
        case 'o': G->output = optarg; break;
        case 'h': return cli_finish_output(cli_print_help("gen"));
        case OPT_VERSION: return cli_finish_output(cli_print_version());
        default: return cli_bad_option("gen", c, argv);
        }
    }
    if (st < 0 && optind < argc)
        return cli_usage_error("gen", "unexpected argument '%s'", argv[optind]);
    if (st < 0 && G->min > G->max)
        return cli_usage_error("gen",
                               "--min (%lld) is larger than --max "
                               "(%lld)",
                               (long long)G->min, (long long)G->max);
    return st;
}

int cmd_gen(int argc, char **argv)
{
    gen_t G = {10, 1, 1, 100, 1, NULL, COINLINE_RULES_INIT(0, 0)};
    int st = parse_options(&G, argc, argv);
    if (st >= 0)
        return st;
    const int to_stdout = G.output == NULL || strcmp(G.output, "-") == 0;
    FILE *out = to_stdout ? stdout : fopen(G.output, "w");
    if (out == NULL) {
        cli_error("%s: cannot open for writing: %s", G.output, strerror(errno));
        return CLI_FAIL;
    }
    const int bad = write_games(&G, out) != 0;
    if (!to_stdout) {
        if (fclose(out) != 0 || bad) {
            cli_error("%s: cannot write: %s", G.output, strerror(errno));
            return CLI_FAIL;
        }
        return cli_finish_output(CLI_OK);
    }
    return cli_finish_output(bad ? CLI_FAIL : CLI_OK);
}
