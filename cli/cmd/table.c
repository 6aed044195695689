/* SPDX-License-Identifier: MIT */
/*
 * table.c - coinline table: the table of the dynamic programme for a
 * short row, V(i, j) for every run of coins i..j, with the optimal move
 * of each cell and the optimal line marked; --svg draws it as a heat map.
 * The table is vtable.c's, the heat map heatmap.c's.
 */
#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "compiler.h"
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
    "  -c, --circle        the coins lie on a circle (the pizza game): the\n"
    "                      first player takes any coin, then the ends of the\n"
    "                      line left; the table of its arcs, V(i, len) for\n"
    "                      the len coins clockwise from position i (len\n"
    "                      1..N-1), with m(i), player 1's final margin when\n"
    "                      it takes the coin at i first, and optimal play\n"
    "                      marked; --json: n, circle, v (v[i][len-1]), move,\n"
    "                      margins, first and line\n"
    "  -r, --row=VALUES    the row, e.g. -r '1 3 5 2 9'\n"
    "  -k, --game=K        the K-th game of FILE (default 1)\n"
    "  -j, --json          the table as one JSON object: n, v (V(i, j) of\n"
    "                      every cell, null below the diagonal), move (each\n"
    "                      row's moves) and line, as POST /api/table\n"
    "      --svg=FILE      also write the table as an SVG heat map: the\n"
    "                      optimal line framed, a colour legend; the text\n"
    "                      (or --json) still goes to standard output\n"
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

/* One line of the text table, built cell by cell and printed without the
 * spaces that pad its end (the mark column of a last cell off the line):
 * a cell is at most COINLINE_I128_STRLEN + 2 wide, a line TABLE_MAX + 1
 * of them and the row's label. */
typedef struct {
    char s[(TABLE_MAX + 2) * (COINLINE_I128_STRLEN + 4)];
    size_t len;
} line_t;

static void line_add(line_t *L, const char *fmt, ...) COINLINE_PRINTF(2, 3);

static void line_add(line_t *L, const char *fmt, ...)
{
    const size_t room = sizeof L->s - L->len;
    va_list ap;
    va_start(ap, fmt);
    const int k = vsnprintf(L->s + L->len, room, fmt, ap);
    va_end(ap);
    if (k > 0)
        L->len += (size_t)k < room ? (size_t)k : room - 1;
}

/* Prints the line without its trailing spaces, and starts the next. */
static void line_put(line_t *L)
{
    while (L->len > 0 && L->s[L->len - 1] == ' ')
        L->len--;
    printf("%.*s\n", (int)L->len, L->s);
    L->len = 0;
}

static void print_table(const coinline_table_t *T)
{
    char b[COINLINE_I128_STRLEN], cell[COINLINE_I128_STRLEN + 2];
    const int w = cell_width(T);
    const size_t n = coinline_table_size(T);
    const int64_t *a = coinline_table_row(T);
    line_t L = {"", 0};
    printf("V(i, j): the best margin (own total minus the other's) for the\n"
           "player to move on coins i..j; L or R: the optimal move there\n"
           "(ties to the left); *: the cells of the optimal line.\n\n");
    const int cw = coin_width(T);
    line_add(&L, "%*s", 4 + cw, "j:");
    for (size_t j = 0; j < n; j++)
        line_add(&L, " %*zu", w, j + 1);
    line_put(&L);
    line_add(&L, "%3s %*s", "i", cw, "coin");
    for (size_t j = 0; j < n; j++)
        line_add(&L, " %*lld", w, (long long)a[j]);
    line_put(&L);
    for (size_t i = 0; i < n; i++) {
        line_add(&L, "%3zu %*lld", i + 1, cw, (long long)a[i]);
        for (size_t j = 0; j < n; j++) {
            if (j < i) {
                line_add(&L, " %*s", w, "");
                continue;
            }
            snprintf(cell, sizeof cell, "%s%c%s",
                     cli_wide_str(vtable_value(T, i, j), b),
                     vtable_move(T, i, j), vtable_on_line(T, i, j) ? "*" : " ");
            line_add(&L, " %*s", w, cell);
        }
        line_put(&L);
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

/* ------------------------------------------------------------------------
 * The circle (--circle): V(i, len) of every arc, the margin of each first
 * position, the arcs of optimal play marked
 * ---------------------------------------------------------------------- */

/* The width of the widest arc cell (V, the move letter, the mark) and of
 * the widest margin with its mark. */
static void circle_widths(const coinline_table_t *T, int *w, int *mw)
{
    const size_t n = vtable_circle_size(T);
    char b[COINLINE_I128_STRLEN];
    *w = 4;
    *mw = 5;
    for (size_t i = 0; i < n; i++) {
        int len = (int)strlen(cli_wide_str(vtable_circle_margin(T, i), b)) + 1;
        *mw = len > *mw ? len : *mw;
        for (size_t k = 1; k < n; k++) {
            len = (int)strlen(cli_wide_str(vtable_arc_value(T, i, k), b)) + 2;
            *w = len > *w ? len : *w;
        }
    }
}

static void print_circle_table(const coinline_table_t *T)
{
    char b[COINLINE_I128_STRLEN], cell[COINLINE_I128_STRLEN + 2];
    const size_t n = vtable_circle_size(T), first = vtable_circle_first(T);
    const int64_t *a = coinline_table_row(T);
    const int cw = coin_width(T);
    size_t start[TABLE_MAX];
    line_t L = {"", 0};
    int w, mw;
    circle_widths(T, &w, &mw);
    vtable_circle_path(T, start);
    printf("V(i, len): the best margin (own total minus the other's) for the\n"
           "player to move on the arc of len coins clockwise from position i;\n"
           "L or R: the optimal move there (L: the coin at i, R: the arc's\n"
           "last coin; ties to the left); *: the arcs of optimal play.\n"
           "m(i) = coin(i) - V(i+1, n-1): player 1's final margin when it\n"
           "takes the coin at i first; *: the optimal first position.\n\n");
    line_add(&L, "%*s", 4 + cw, "len:");
    for (size_t k = 1; k < n; k++)
        line_add(&L, " %*zu", w, k);
    line_add(&L, " %*s", mw, "m(i)");
    line_put(&L);
    line_add(&L, "%3s %*s", "i", cw, "coin");
    line_put(&L);
    for (size_t i = 0; i < n; i++) {
        line_add(&L, "%3zu %*lld", i + 1, cw, (long long)a[i]);
        for (size_t k = 1; k < n; k++) {
            snprintf(cell, sizeof cell, "%s%c%s",
                     cli_wide_str(vtable_arc_value(T, i, k), b),
                     vtable_arc_move(T, i, k), start[k] == i ? "*" : " ");
            line_add(&L, " %*s", w, cell);
        }
        snprintf(cell, sizeof cell, "%s%s",
                 cli_wide_str(vtable_circle_margin(T, i), b),
                 i == first ? "*" : " ");
        line_add(&L, " %*s", mw, cell);
        line_put(&L);
    }
}

static void print_circle_verdict(const coinline_table_t *T)
{
    const size_t n = vtable_circle_size(T);
    const int64_t *a = coinline_table_row(T);
    char b[3][COINLINE_I128_STRLEN];
    size_t start[TABLE_MAX];
    cl_wide sum = 0;
    if (n == 0) {
        puts("\nNo coins: both players get 0.");
        return;
    }
    for (size_t i = 0; i < n; i++)
        sum += a[i];
    const size_t first = vtable_circle_first(T);
    const cl_wide v = vtable_circle_margin(T, first);
    printf("\nm(%zu) = %s, the largest: player 1 takes the coin at %zu first."
           "\nPlayer 1 ends with %s, player 2 with %s.\n",
           first + 1, cli_wide_str(v, b[0]), first + 1,
           cli_wide_str((sum + v) / 2, b[1]),
           cli_wide_str((sum - v) / 2, b[2]));
    printf("The optimal line: %lld at %zu", (long long)a[first], first + 1);
    vtable_circle_path(T, start);
    for (size_t k = n - 1; k > 0; k--) {
        const char m = vtable_arc_move(T, start[k], k);
        const size_t at = m == 'L' ? start[k] : (start[k] + k - 1) % n;
        printf(", %c %lld at %zu", m, (long long)a[at], at + 1);
    }
    puts(".");
}

enum { OPT_SVG = 256, OPT_VERSION };

typedef struct {
    const char *row, *svg;
    uint64_t game; /* 0: not given */
    int json, circle;
} options_t;

static const struct option table_options[] = {
    {"circle", no_argument, NULL, 'c'},
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
    while (st < 0 && (c = getopt_long(argc, argv, ":cr:k:jh", table_options,
                                      NULL)) != -1) {
        switch (c) {
        case 'c': O->circle = 1; break;
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

/* The table on standard output, as JSON or text. */
static void print_any(const coinline_table_t *T, const options_t *O)
{
    if (O->json && O->circle) {
        vtable_circle_put_json(T, stdout, 0);
    } else if (O->json) {
        vtable_put_json(T, stdout, 0);
    } else if (O->circle) {
        print_circle_table(T);
        print_circle_verdict(T);
    } else {
        print_table(T);
        print_verdict(T);
    }
}

/* Writes the heat map to path. */
static int write_svg(const coinline_table_t *T, int circle, const char *path)
{
    FILE *fp = fopen(path, "w");
    if (fp == NULL) {
        cli_error("%s: cannot write: %s", path, strerror(errno));
        return CLI_FAIL;
    }
    if (circle)
        circle_svg(T, fp);
    else
        table_svg(T, fp);
    if ((ferror(fp) | fclose(fp)) != 0) {
        cli_error("%s: cannot write: %s", path, strerror(errno));
        return CLI_FAIL;
    }
    return CLI_OK;
}

int cmd_table(int argc, char **argv)
{
    options_t O = {NULL, NULL, 0, 0, 0};
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
        cli_error("the %s has %zu coins: the table is for %d at most (solve "
                  "and explain take any length)",
                  O.circle ? "circle" : "row", n, TABLE_MAX);
        free(a);
        return CLI_FAIL;
    }
    const int rc =
        O.circle ? vtable_circle_new(a, n, &T) : coinline_table_new(a, n, &T);
    st = rc == COINLINE_OK ? CLI_OK : CLI_FAIL;
    if (st == CLI_OK) {
        print_any(T, &O);
        if (O.svg != NULL)
            st = write_svg(T, O.circle, O.svg);
    } else {
        cli_error("%s", coinline_strerror(rc));
    }
    coinline_table_free(T);
    free(a);
    return cli_finish_output(st);
}
