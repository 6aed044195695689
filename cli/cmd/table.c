/* SPDX-License-Identifier: MIT */
/*
 * table.c - coinline table: the table of the dynamic programme for a
 * short row under any rules, V of every run of coins the game can leave
 * (a row's coins i..j, a circle's arcs), with the optimal move of each
 * cell and the optimal line marked; --svg draws it as a heat map. The
 * table is the library's (coinline_table_new_rules()) in vtable.c's grid,
 * the words the rules' (cli/rules.h), the heat map heatmap.c's.
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
#include "rules.h"
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
    "On a circle (--circle), the table of its arcs: V(i, len) for the len\n"
    "coins clockwise from position i (len 1..N-1), with m(i), player 1's\n"
    "final margin when it takes the coin at i first, and optimal play\n"
    "marked. With --score remaining, V and m in that scoring (a move scores\n"
    "the sum of the coins left after it), and the totals of the verdict\n"
    "along the optimal line shown.\n"
    "\n"
    "Options:\n" CLI_RULES_HELP
    "  -r, --row=VALUES    the row, e.g. -r '1 3 5 2 9'\n"
    "  -k, --game=K        the K-th game of FILE (default 1)\n"
    "  -j, --json          the table as one JSON object: n, v (V(i, j) of\n"
    "                      every cell, null below the diagonal), move (each\n"
    "                      row's moves) and line, as POST /api/table; on a\n"
    "                      circle \"circle\":true after n, v[i][len-1] of the\n"
    "                      arcs, margins (each m(i)) and first; under\n"
    "                      --score remaining \"score\":\"remaining\"\n"
    "      --svg=FILE      also write the table as an SVG heat map: the\n"
    "                      optimal line framed, a colour legend; the text\n"
    "                      (or --json) still goes to standard output\n"
    "  -h, --help          show this help\n"
    "      --version       show the version\n"
    "\n"
    "Exit status: 0 ok, 1 bad input or failure, 2 usage error.\n";

/* The widths of the coin column, of the widest cell (V, the move letter
 * and the mark; a line's coins across too) and of the widest m(i) with
 * its mark. */
typedef struct {
    int coin, cell, margin;
} widths_t;

static int width_of(cl_wide v)
{
    char b[COINLINE_I128_STRLEN];
    return (int)strlen(cli_wide_str(v, b));
}

static int wider(int w, int len)
{
    return len > w ? len : w;
}

static widths_t widths(const coinline_table_t *T)
{
    const size_t n = coinline_table_size(T), cols = vtable_cols(T);
    const int64_t *a = coinline_table_row(T);
    const cli_shape_words_t *S = vtable_shape(T);
    coinline_table_cell_t c;
    widths_t w = {4, 4, 5};
    for (size_t i = 0; i < n; i++) {
        w.coin = wider(w.coin, width_of(a[i]));
        if (S->table->coins_across)
            w.cell = wider(w.cell, width_of(a[i]));
        if (S->first_any)
            w.margin = wider(
                w.margin, width_of(cl_to_wide(vtable_outcome(T, i + 1))) + 1);
        for (size_t j = 0; j < cols; j++)
            if (vtable_cell(T, i, j, &c))
                w.cell = wider(w.cell, width_of(cl_to_wide(c.value)) + 2);
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

/* The two lines above the cells: the column numbers (and m(i)), then
 * "i coin" (and a line's coins across). */
static void print_columns(const coinline_table_t *T, const widths_t *w,
                          line_t *L)
{
    const size_t n = coinline_table_size(T), cols = vtable_cols(T);
    const cli_shape_words_t *S = vtable_shape(T);
    const int64_t *a = coinline_table_row(T);
    line_add(L, "%*s", 4 + w->coin, S->table->columns);
    for (size_t j = 0; j < cols; j++)
        line_add(L, " %*zu", w->cell, j + 1);
    if (S->first_any)
        line_add(L, " %*s", w->margin, "m(i)");
    line_put(L);
    line_add(L, "%3s %*s", "i", w->coin, "coin");
    for (size_t j = 0; S->table->coins_across && j < n; j++)
        line_add(L, " %*lld", w->cell, (long long)a[j]);
    line_put(L);
}

/* Row i: its coin, its cells (V, the move, * on the optimal line), and
 * m(i) (* at the optimal first position). */
static void print_row(const coinline_table_t *T, const widths_t *w, size_t i,
                      line_t *L)
{
    char b[COINLINE_I128_STRLEN], cell[COINLINE_I128_STRLEN + 2];
    const size_t cols = vtable_cols(T);
    coinline_table_cell_t c;
    line_add(L, "%3zu %*lld", i + 1, w->coin,
             (long long)coinline_table_row(T)[i]);
    for (size_t j = 0; j < cols; j++) {
        if (!vtable_cell(T, i, j, &c)) {
            line_add(L, " %*s", w->cell, "");
            continue;
        }
        snprintf(cell, sizeof cell, "%s%c%s",
                 cli_wide_str(cl_to_wide(c.value), b),
                 c.best_side == COINLINE_SIDE_RIGHT ? 'R' : 'L',
                 c.on_line ? "*" : " ");
        line_add(L, " %*s", w->cell, cell);
    }
    if (vtable_shape(T)->first_any) {
        snprintf(cell, sizeof cell, "%s%s",
                 cli_wide_str(cl_to_wide(vtable_outcome(T, i + 1)), b),
                 i + 1 == coinline_table_first(T) ? "*" : " ");
        line_add(L, " %*s", w->margin, cell);
    }
    line_put(L);
}

static void print_table(const coinline_table_t *T)
{
    const size_t n = coinline_table_size(T);
    const widths_t w = widths(T);
    line_t L = {"", 0};
    vtable_shape(T)->table->heading(stdout, vtable_score(T)->gain);
    fputs(vtable_score(T)->table_note, stdout);
    putchar('\n');
    print_columns(T, &w, &L);
    for (size_t i = 0; i < n; i++)
        print_row(T, &w, i, &L);
}

/* The value of the game, the scores of optimal play (the game's, along
 * the line below: coinline_game_solve()) and the optimal line. */
static int print_verdict(const coinline_table_t *T)
{
    const size_t n = coinline_table_size(T);
    const cli_shape_words_t *S = vtable_shape(T);
    char b[3][COINLINE_I128_STRLEN], words[96];
    vtable_move_t moves[TABLE_MAX];
    coinline_game_result_t res;
    if (n == 0) {
        puts("\nNo coins: both players get 0.");
        return COINLINE_OK;
    }
    const int rc =
        coinline_game_solve(coinline_table_rules(T), coinline_table_row(T), n,
                            COINLINE_ALGO_LINEAR, &res);
    if (rc != COINLINE_OK)
        return rc;
    putchar('\n');
    S->table->verdict(stdout, n, res.first,
                      cli_wide_str(cl_to_wide(res.margin), b[0]),
                      cli_wide_str(cl_to_wide(res.p1), b[1]),
                      cli_wide_str(cl_to_wide(res.p2), b[2]));
    fputs("The optimal line: ", stdout);
    const size_t count = vtable_line(T, moves);
    for (size_t k = 0; k < count; k++) {
        S->line_move(words, sizeof words, moves[k].coin, moves[k].side,
                     moves[k].position);
        printf("%s%s", k > 0 ? ", " : "", words);
    }
    puts(".");
    return COINLINE_OK;
}

enum { OPT_SVG = 256, OPT_VERSION };

typedef struct {
    const char *row, *svg;
    uint64_t game; /* 0: not given */
    int json;
    coinline_rules_t rules;
} options_t;

static const struct option table_options[] = {
    CLI_RULES_LONG_OPTIONS,
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
    while (st < 0 && (c = getopt_long(argc, argv, ":" CLI_RULES_SHORT "r:k:jh",
                                      table_options, NULL)) != -1) {
        if (cli_rules_option("table", c, optarg, &O->rules, &st))
            continue;
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

/* The table on standard output, as JSON or text. */
static int print_any(const coinline_table_t *T, const options_t *O)
{
    if (O->json) {
        vtable_put_json(T, stdout, 0);
        return COINLINE_OK;
    }
    print_table(T);
    return print_verdict(T);
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

/* Whether text is a game of several rows ('/' between rows). */
static int several_rows(const char *text)
{
    int64_t *a = NULL;
    uint64_t *lens = NULL;
    size_t n = 0, k = 1;
    const int rc = coinline_rows_parse(text, &a, &n, &lens, &k, NULL);
    free(a);
    free(lens);
    return rc == COINLINE_OK && k > 1;
}

int cmd_table(int argc, char **argv)
{
    options_t O;
    int64_t *a;
    size_t n;
    coinline_table_t *T = NULL;
    memset(&O, 0, sizeof O);
    int st = parse_options(argc, argv, &O);
    if (st >= 0)
        return st;
    if (O.row != NULL && several_rows(O.row))
        return cli_usage_error(
            "table",
            "table draws the table of one row; several rows are "
            "played by fusing each row and taking the fused values "
            "in decreasing order: coinline explain --row '%s' shows "
            "how",
            O.row);
    if (cli_one_row(O.row, optind < argc ? argv[optind] : NULL, O.game, &a,
                    &n) != 0)
        return CLI_FAIL;
    if (n > TABLE_MAX) {
        cli_error("the %s has %zu coins: the table is for %d at most (solve "
                  "and explain take any length)",
                  cli_shape_words(&O.rules)->noun, n, TABLE_MAX);
        free(a);
        return CLI_FAIL;
    }
    int rc = coinline_table_new_rules(&O.rules, a, n, &T);
    if (rc == COINLINE_OK)
        rc = print_any(T, &O);
    st = rc == COINLINE_OK ? CLI_OK : CLI_FAIL;
    if (st == CLI_OK && O.svg != NULL)
        st = write_svg(T, O.svg);
    else if (st != CLI_OK)
        cli_error("%s", coinline_strerror(rc));
    coinline_table_free(T);
    free(a);
    return cli_finish_output(st);
}
