/* SPDX-License-Identifier: MIT */
/*
 * table.c - coinline table: the table of the dynamic programme for a
 * short row, V(i, j) for every run of coins i..j, with the optimal move
 * of each cell and the optimal line marked; --svg draws it as a heat map.
 * The table is vtable.c's, the heat map heatmap.c's.
 */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "decimal.h"
#include "heatmap.h"
#include "msg.h"
#include "opt.h"
#include "rows.h"
#include "usage.h"
#include "vtable.h"
#include "wide.h"

const char cmd_table_help[] =
    "usage: coinline table [options] [FILE]\n"
    "\n"
    "Prints the table of V(i, j), the best margin (own total minus the\n"
    "other's) for the player to move when coins i..j are left, for a row of\n"
    "up to 64 coins: the row of --row, or a game of FILE (the first unless\n"
    "--game says; '-' or none: standard input). Each cell shows V and the\n"
    "optimal move there (L or R, ties to the left); the cells of the\n"
    "optimal line are marked *.\n"
    "\n"
    "Options:\n"
    "  -r, --row=VALUES    the row, e.g. -r '1 3 5 2 9'\n"
    "  -k, --game=K        the K-th game of FILE (default 1)\n"
    "  -j, --json          the table as one JSON object: n, v (V(i, j) of\n"
    "                      every cell, null below the diagonal), move (each\n"
    "                      row's moves) and line, as POST /api/table\n"
    "      --svg=FILE      also write the table as a heat map with the\n"
    "                      optimal line drawn on it\n"
    "  -h, --help          show this help\n"
    "      --version       show the version\n"
    "\n"
    "Exit status: 0 ok, 1 bad input or failure, 2 usage error.\n";

/* The width of the widest cell: V, the move letter and the mark. */
static int cell_width(const coinline_table_t *T)
{
    const size_t n = coinline_table_size(T);
    const int64_t *a = coinline_table_row(T);
    char b[COINLINE_I128_STRLEN];
    int w = 4;
    for (size_t i = 0; i < n; i++) {
        int len = snprintf(b, sizeof b, "%lld", (long long)a[i]);
        w = len > w ? len : w;
        for (size_t j = i; j < n; j++) {
            len = (int)strlen(cli_wide_str(vtable_value(T, i, j), b)) + 2;
            w = len > w ? len : w;
        }
    }
    return w;
}

/* The width of the coin column: "coin" or the widest coin. */
static int coin_width(const coinline_table_t *T)
{
    const size_t n = coinline_table_size(T);
    const int64_t *a = coinline_table_row(T);
    int w = 4;
    for (size_t i = 0; i < n; i++) {
        char b[24];
        const int len = snprintf(b, sizeof b, "%lld", (long long)a[i]);
        w = len > w ? len : w;
    }
    return w;
}

static void print_table(const coinline_table_t *T)
{
    char b[COINLINE_I128_STRLEN], cell[COINLINE_I128_STRLEN + 2];
    const int w = cell_width(T);
    const size_t n = coinline_table_size(T);
    const int64_t *a = coinline_table_row(T);
    printf("V(i, j): the best margin (own total minus the other's) for the\n"
           "player to move on coins i..j; L or R: the optimal move there\n"
           "(ties to the left); *: the cells of the optimal line.\n\n");
    const int cw = coin_width(T);
    printf("%*s", 4 + cw, "j:");
    for (size_t j = 0; j < n; j++)
        printf(" %*zu", w, j + 1);
    printf("\n%3s %*s", "i", cw, "coin");
    for (size_t j = 0; j < n; j++)
        printf(" %*lld", w, (long long)a[j]);
    putchar('\n');
    for (size_t i = 0; i < n; i++) {
        printf("%3zu %*lld", i + 1, cw, (long long)a[i]);
        for (size_t j = 0; j < n; j++) {
            if (j < i) {
                printf(" %*s", w, "");
                continue;
            }
            snprintf(cell, sizeof cell, "%s%c%s",
                     cli_wide_str(vtable_value(T, i, j), b),
                     vtable_move(T, i, j), vtable_on_line(T, i, j) ? "*" : " ");
            printf(" %*s", w, cell);
        }
        putchar('\n');
    }
}

static void print_verdict(const coinline_table_t *T)
{
    const size_t n = coinline_table_size(T);
    const int64_t *a = coinline_table_row(T);
    char b[3][COINLINE_I128_STRLEN];
    cl_wide sum = 0;
    if (n == 0) {
        puts("\nNo coins: both players get 0.");
        return;
    }
    for (size_t i = 0; i < n; i++)
        sum += a[i];
    const cl_wide v = vtable_value(T, 0, n - 1);
    printf("\nV(1, %zu) = %s: player 1 ends with %s, player 2 with %s.\n", n,
           cli_wide_str(v, b[0]), cli_wide_str((sum + v) / 2, b[1]),
           cli_wide_str((sum - v) / 2, b[2]));
    fputs("The optimal line: ", stdout);
    for (size_t i = 0, j = n; j > i;) {
        const char m = vtable_move(T, i, j - 1);
        printf("%s%c %lld", i + (n - j) > 0 ? ", " : "", m,
               (long long)(m == 'L' ? a[i] : a[j - 1]));
        m == 'L' ? i++ : j--;
    }
    puts(".");
}

enum { OPT_SVG = 256, OPT_VERSION };

typedef struct {
    const char *row, *svg;
    uint64_t game; /* 0: not given */
    int json;
} options_t;

static const struct option table_options[] = {
    {"row", required_argument, NULL, 'r'},
    {"game", required_argument, NULL, 'k'},
    {"json", no_argument, NULL, 'j'},
    {"svg", required_argument, NULL, OPT_SVG},
    {"help", no_argument, NULL, 'h'},
    {"version", no_argument, NULL, OPT_VERSION},
    {NULL, 0, NULL, 0},
};

static int parse_options(int argc, char **argv, options_t *O)
{
    int64_t v;
    int c, st = -1;
    opterr = 0;
    while (st < 0 && (c = getopt_long(argc, argv, ":r:k:jh", table_options,
                                      NULL)) != -1) {
        switch (c) {
        case 'r': O->row = optarg; break;
        case 'k':
            st = cli_parse_number("table", "--game", optarg, 1, INT64_MAX, &v);
            O->game = (uint64_t)v;
            break;
        case 'j': O->json = 1; break;
        case OPT_SVG: O->svg = optarg; break;
        case 'h': return cli_finish_output(cli_print_help("table"));
        case OPT_VERSION: return cli_finish_output(cli_print_version());
        default: return cli_bad_option("table", c, argv);
        }
    }
    if (st >= 0)
        return st;
    if (argc - optind > 1 || (O->row != NULL && optind < argc))
        return cli_usage_error("table", "one row: --row or one FILE");
    if (O->row != NULL && O->game != 0)
        return cli_usage_error("table", "--game picks a game of a FILE; it "
                                        "goes without --row");
    return -1;
}

/* Writes the heat map to path. */
static int write_svg(const coinline_table_t *T, const char *path)
{
    FILE *fp = fopen(path, "w");
    if (fp == NULL) {
        cli_error("%s: cannot write: %s", path, strerror(errno));
        return CLI_FAIL;
    }
    table_svg(T, fp);
    if ((ferror(fp) | fclose(fp)) != 0) {
        cli_error("%s: cannot write: %s", path, strerror(errno));
        return CLI_FAIL;
    }
    return CLI_OK;
}

int cmd_table(int argc, char **argv)
{
    options_t O = {NULL, NULL, 0, 0};
    int64_t *a;
    size_t n;
    coinline_table_t *T = NULL;
    int st = parse_options(argc, argv, &O);
    if (st >= 0)
        return st;
    if (cli_one_row(O.row, optind < argc ? argv[optind] : NULL, O.game, &a,
                    &n) != 0)
        return CLI_FAIL;
    if (n > TABLE_MAX) {
        cli_error("the row has %zu coins: the table is for %d at most (solve "
                  "and explain take any length)",
                  n, TABLE_MAX);
        free(a);
        return CLI_FAIL;
    }
    const int rc = coinline_table_new(a, n, &T);
    st = rc == COINLINE_OK ? CLI_OK : CLI_FAIL;
    if (st == CLI_OK) {
        if (O.json) {
            vtable_put_json(T, stdout, 0);
        } else {
            print_table(T);
            print_verdict(T);
        }
        if (O.svg != NULL)
            st = write_svg(T, O.svg);
    } else {
        cli_error("%s", coinline_strerror(rc));
    }
    coinline_table_free(T);
    free(a);
    return cli_finish_output(st);
}
