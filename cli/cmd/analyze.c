/* SPDX-License-Identifier: MIT */
/*
 * analyze.c - coinline analyze: a played game reviewed move by move,
 * as a chess engine reviews a game: for each move whether it was
 * optimal, the best move and the points it lost; then for each player
 * the points lost, the biggest mistakes with the line that punishes
 * each, and the result against best play from the start. The games come
 * from game records (play --save, duel --save) or from a row and an L/R
 * string. The judging is the library's coinline_analyze().
 */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "chart.h"
#include "cli.h"
#include "decimal.h"
#include "msg.h"
#include "opt.h"
#include "usage.h"
#include "wide.h"

const char cmd_analyze_help[] =
    "usage: coinline analyze [options] [FILE...]\n"
    "\n"
    "Reviews played games move by move: for each move, whether it was\n"
    "optimal, the best move and the points it lost (how much the mover's\n"
    "best guaranteed final total fell); for each player, the points lost\n"
    "and the biggest mistakes with the line that punishes them; the result\n"
    "against best play from the start. A partial game is fine.\n"
    "\n"
    "The games: every game of each FILE that is a game record (written by\n"
    "play --save or duel --save; docs/record.md), or the row of --row or\n"
    "of a FILE in the classic format (its first game), with the moves of\n"
    "--moves. '-' is standard input.\n"
    "\n"
    "Options:\n"
    "  -r, --row=VALUES    the row, e.g. -r '1 3 5 2 9'\n"
    "  -m, --moves=MOVES   the moves played, one L or R each, e.g. RRRRL\n"
    "  -k, --game=K        only game K of a record\n"
    "  -t, --top=K         the K biggest mistakes of each player (default 3)\n"
    "  -j, --json          one JSON object per game\n"
    "      --svg=FILE      a chart of the margin after each move, as played\n"
    "                      and under best play (one game)\n"
    "  -h, --help          show this help\n"
    "      --version       show the version\n"
    "\n"
    "Exit status: 0 ok, 1 bad input or failure, 2 usage error.\n";

/* The optimal line from the position after move k, at most 8 moves, as
 * "player 1 takes 5 (right), ...". */
static void put_punishment(const analysis_t *A, size_t k, FILE *fp)
{
    size_t lo = A->lo[k + 1], hi = A->hi[k + 1];
    const size_t len = hi - lo, shown = len < 8 ? len : 8;
    char *line = malloc(len + 1);
    if (line == NULL || coinline_line(A->coins + lo, len, COINLINE_ALGO_LINEAR,
                                      line) != COINLINE_OK) {
        free(line);
        return;
    }
    fputs("    then best play: ", fp);
    for (size_t i = 0; i < shown; i++) {
        const int64_t c = line[i] == 'L' ? A->coins[lo++] : A->coins[--hi];
        const char *who = A->name[(k + 1 + i) % 2];
        fprintf(fp, "%s%s take%s %lld", i > 0 ? ", " : "", who,
                strcmp(who, "you") == 0 ? "" : "s", (long long)c);
    }
    fputs(len > shown ? ", ...\n" : "\n", fp);
    free(line);
}

/* The index of player p's k-th biggest mistake (earliest first among
 * equals), or SIZE_MAX. O(top * moves). */
static size_t nth_mistake(const analysis_t *A, int p, const size_t *taken,
                          size_t ntaken)
{
    size_t best = SIZE_MAX;
    for (size_t k = (size_t)p; k < A->nmoves; k += 2) {
        int used = A->r[k].optimal;
        for (size_t i = 0; i < ntaken && !used; i++)
            used = taken[i] == k;
        if (!used && (best == SIZE_MAX ||
                      cl_to_wide(A->r[k].loss) > cl_to_wide(A->r[best].loss)))
            best = k;
    }
    return best;
}

/* The table of moves: one line each, '?' after the moves that lost. */
static void put_moves(const analysis_t *A, FILE *fp)
{
    char b[3][COINLINE_I128_STRLEN];
    fprintf(fp, "%6s %6s  %-14s %-14s %6s %8s %8s\n", "move", "player", "took",
            "best", "lost", "p1", "p2");
    for (size_t k = 0; k < A->nmoves; k++) {
        const coinline_move_review_t *r = &A->r[k];
        char took[32], best[32];
        snprintf(took, sizeof took, "%lld (%s)", (long long)r->coin,
                 coinline_side_name(r->side));
        snprintf(best, sizeof best, "%lld (%s)", (long long)r->best_coin,
                 coinline_side_name(r->best));
        fprintf(fp, "%6llu %6d  %-14s %-14s %6s %8s %8s%s\n",
                (unsigned long long)r->number, r->player, took,
                r->optimal ? "=" : best,
                cli_wide_str(cl_to_wide(r->loss), b[0]),
                cli_wide_str(cl_to_wide(r->p1), b[1]),
                cli_wide_str(cl_to_wide(r->p2), b[2]), r->optimal ? "" : "  ?");
    }
}

/* Player p's points lost and its top biggest mistakes. */
static void put_player(const analysis_t *A, int p, size_t top, FILE *fp)
{
    char b[COINLINE_I128_STRLEN];
    size_t count, taken[64], ntaken = 0;
    const cl_wide lost = analysis_points_lost(A, p, &count);
    if (count == 0) {
        fprintf(fp, "%s: no point lost\n", A->name[p]);
        return;
    }
    fprintf(fp, "%s: %s point%s lost, in %zu move%s\n", A->name[p],
            cli_wide_str(lost, b), lost == 1 ? "" : "s", count,
            count == 1 ? "" : "s");
    top = top < 64 ? top : 64;
    while (ntaken < top) {
        const size_t k = nth_mistake(A, p, taken, ntaken);
        if (k == SIZE_MAX)
            break;
        taken[ntaken++] = k;
        const coinline_move_review_t *r = &A->r[k];
        fprintf(fp,
                "  move %zu: took %lld (%s), the best was %lld (%s): "
                "lost %s point%s\n",
                k + 1, (long long)r->coin, coinline_side_name(r->side),
                (long long)r->best_coin, coinline_side_name(r->best),
                cli_wide_str(cl_to_wide(r->loss), b),
                cl_to_wide(r->loss) == 1 ? "" : "s");
        put_punishment(A, k, fp);
    }
}

/* "player 1 14, player 2 6: player 1 wins by 8" (leads, when the game
 * goes on). */
static void put_outcome(const analysis_t *A, cl_wide p1, cl_wide p2, int over,
                        FILE *fp)
{
    char b[3][COINLINE_I128_STRLEN];
    fprintf(fp, "%s %s, %s %s", A->name[0], cli_wide_str(p1, b[0]), A->name[1],
            cli_wide_str(p2, b[1]));
    if (p1 == p2) {
        fputs(over ? ": a draw" : ": level", fp);
        return;
    }
    const char *who = A->name[p1 > p2 ? 0 : 1];
    const int you = strcmp(who, "you") == 0;
    fprintf(fp, ": %s %s by %s", who,
            over ? (you ? "win" : "wins") : (you ? "lead" : "leads"),
            cli_wide_str(p1 > p2 ? p1 - p2 : p2 - p1, b[2]));
}

static void put_text(const analysis_t *A, size_t top, FILE *fp)
{
    const cl_wide p1 = A->nmoves ? cl_to_wide(A->r[A->nmoves - 1].p1) : 0;
    const cl_wide p2 = A->nmoves ? cl_to_wide(A->r[A->nmoves - 1].p2) : 0;
    fprintf(fp, "game %llu: %zu coin%s, %zu move%s played%s\n",
            (unsigned long long)A->number, A->n, A->n == 1 ? "" : "s",
            A->nmoves, A->nmoves == 1 ? "" : "s",
            A->forfeit_seat != 0 ? " (ended by a forfeit)"
            : A->nmoves < A->n   ? " (not finished)"
                                 : "");
    if (A->nmoves > 0)
        put_moves(A, fp);
    for (int p = 0; p < 2; p++)
        put_player(A, p, top, fp);
    if (A->forfeit_seat != 0) {
        const char *winner = A->name[2 - A->forfeit_seat];
        fprintf(fp, "result: %s forfeits at move %zu (%s): %s win%s\n",
                A->name[A->forfeit_seat - 1], A->nmoves + 1, A->verdict, winner,
                strcmp(winner, "you") == 0 ? "" : "s");
        fputs("when it ended: ", fp);
    } else {
        fputs(A->nmoves < A->n ? "so far: " : "result: ", fp);
    }
    put_outcome(A, p1, p2, A->nmoves == A->n, fp);
    if (A->nmoves < A->n && A->nmoves > 0) {
        const cl_wide m = cl_to_wide(A->r[A->nmoves - 1].final_margin);
        const cl_wide sum = cl_to_wide(A->best.sum);
        fputs("\nwith best play from here: ", fp);
        put_outcome(A, (sum + m) / 2, (sum - m) / 2, 1, fp);
    }
    fputs("\nwith best play from the start: ", fp);
    put_outcome(A, cl_to_wide(A->best.p1), cl_to_wide(A->best.p2), 1, fp);
    fputs("\n", fp);
}

typedef struct {
    const char *row, *moves, *svg;
    uint64_t game; /* 0: every game */
    int64_t top;
    int json;
    uint64_t analysed; /* games reviewed so far */
    FILE *svg_fp;
} options_t;

/* Reviews one game and prints it; returns CLI_OK or CLI_FAIL. */
static int review(options_t *O, analysis_t *A, const char *where)
{
    coinline_error_t err = {0, 0, "", {0}};
    const int rc = analysis_run(A, &err);
    const size_t bad = err.column > 0 ? (size_t)err.column - 1 : 0;
    int st = CLI_OK;
    char at[64] = "";
    if (strcmp(where, "--moves") == 0)
        snprintf(at, sizeof at, ":1:%zu", bad + 1);
    if (rc == COINLINE_EMOVE && bad < A->n)
        cli_error("%s%s: move %zu is '%c', not L or R", where, at, bad + 1,
                  A->moves[bad]);
    else if (rc == COINLINE_EMOVE)
        cli_error("%s%s: move %zu is one too many: the row has %zu coin%s",
                  where, at, bad + 1, A->n, A->n == 1 ? "" : "s");
    else if (rc != COINLINE_OK)
        cli_error("%s: %s", where, coinline_strerror(rc));
    if (rc != COINLINE_OK)
        st = CLI_FAIL;
    else if (O->json)
        analysis_json(A, stdout, 0);
    else
        put_text(A, (size_t)O->top, stdout);
    if (rc == COINLINE_OK && O->svg_fp != NULL && O->analysed == 0)
        analysis_svg(A, O->svg_fp);
    O->analysed += rc == COINLINE_OK;
    analysis_free(A);
    return st;
}

static int review_record(options_t *O, const coinline_record_t *g)
{
    analysis_t A;
    char where[64];
    memset(&A, 0, sizeof A);
    A.number = g->number;
    A.name[0] = g->name[0] != NULL ? g->name[0] : "player 1";
    A.name[1] = g->name[1] != NULL ? g->name[1] : "player 2";
    A.coins = g->coins;
    A.n = g->n;
    A.moves = g->moves;
    A.nmoves = g->nmoves;
    A.forfeit_seat = g->forfeit_seat;
    A.verdict = g->verdict != NULL ? g->verdict : "";
    snprintf(where, sizeof where, "game %llu", (unsigned long long)g->number);
    return review(O, &A, where);
}

/* A row from --row or a classic file, with the moves of --moves. */
static int review_row(options_t *O, const int64_t *a, size_t n)
{
    analysis_t A;
    memset(&A, 0, sizeof A);
    A.number = 1;
    A.name[0] = "player 1";
    A.name[1] = "player 2";
    A.coins = a;
    A.n = n;
    A.moves = O->moves;
    A.nmoves = strlen(O->moves);
    return review(O, &A, "--moves");
}

/* The whole of a file ('-': standard input), at most 1 GiB. */
static char *slurp(const char *path, size_t *len)
{
    const int is_stdin = strcmp(path, "-") == 0;
    FILE *fp = is_stdin ? stdin : fopen(path, "rb");
    char *buf = NULL, *grown;
    size_t cap = 0;
    *len = 0;
    if (fp == NULL) {
        cli_error("%s: cannot open: %s", path, strerror(errno));
        return NULL;
    }
    if (is_stdin)
        cli_note_stdin("a game");
    for (;;) {
        if (*len == cap) {
            cap = cap ? 2 * cap : 65536;
            if (cap > ((size_t)1 << 30) || (grown = realloc(buf, cap)) == NULL)
                break;
            buf = grown;
        }
        *len += fread(buf + *len, 1, cap - *len, fp);
        if (*len < cap)
            break;
    }
    const int failed = ferror(fp) || *len == cap;
    if (failed)
        cli_error("%s: %s", path,
                  ferror(fp) ? strerror(errno) : "too large (1 GiB at most)");
    if (!is_stdin)
        fclose(fp);
    if (failed) {
        free(buf);
        return NULL;
    }
    return buf != NULL ? buf : calloc(1, 1);
}

/* 1 when the first line that is not blank or a comment starts a record
 * (after a UTF-8 byte-order mark, which the library skips too). */
static int is_record(const char *text, size_t len)
{
    size_t i = len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
    while (i < len) {
        while (i < len && (text[i] == ' ' || text[i] == '\t' ||
                           text[i] == '\r' || text[i] == '\n'))
            i++;
        if (i < len && text[i] == '#') {
            while (i < len && text[i] != '\n')
                i++;
            continue;
        }
        return len - i >= 15 && memcmp(text + i, "coinline-record", 15) == 0;
    }
    return 0;
}

static int analyze_record(options_t *O, const char *path, const char *text,
                          size_t len)
{
    coinline_record_t *g;
    coinline_error_t err;
    size_t count;
    const int rc = coinline_record_parse(text, len, &g, &count, &err);
    int st = CLI_OK, found = 0;
    if (rc == COINLINE_ERECORD) {
        cli_report_error(path, &err, rc);
        return CLI_FAIL;
    }
    if (rc != COINLINE_OK) {
        cli_error("%s: %s", path, coinline_strerror(rc));
        return CLI_FAIL;
    }
    for (size_t i = 0; i < count; i++)
        if (O->game == 0 || g[i].number == O->game) {
            found = 1;
            if (review_record(O, &g[i]) != CLI_OK)
                st = CLI_FAIL;
        }
    if (!found && O->game != 0) {
        cli_error("%s: no game %llu", path, (unsigned long long)O->game);
        st = CLI_FAIL;
    }
    coinline_record_free(g, count);
    return st;
}

static int analyze_classic(options_t *O, const char *path, const char *text,
                           size_t len)
{
    coinline_reader_t *r;
    int64_t *a = NULL;
    size_t n = 0;
    int st = CLI_FAIL;
    if (O->moves == NULL) {
        cli_error("%s: not a game record: give the moves played with "
                  "--moves",
                  path);
        return CLI_FAIL;
    }
    const char *name = path;
    if (coinline_reader_from_memory(text, len, name, &r) != COINLINE_OK)
        return CLI_FAIL;
    const int rc = coinline_reader_read_game(r, &a, &n);
    if (rc < 0)
        cli_report_reader_error(r, rc);
    else if (rc == 0)
        cli_error("%s: no game in the file", name);
    else
        st = review_row(O, a, n);
    free(a);
    coinline_reader_free(r);
    return st;
}

static int analyze_file(options_t *O, const char *path)
{
    size_t len;
    char *text = slurp(path, &len);
    int st;
    if (text == NULL)
        return CLI_FAIL;
    if (strcmp(path, "-") == 0)
        path = "<stdin>"; /* as the reader names it */
    if (is_record(text, len) && O->moves != NULL) {
        cli_error("%s: a game record has its own moves: --moves goes with "
                  "--row or a file in the classic format",
                  path);
        st = CLI_FAIL;
    } else {
        st = is_record(text, len) ? analyze_record(O, path, text, len)
                                  : analyze_classic(O, path, text, len);
    }
    free(text);
    return st;
}

static int analyze_arg_row(options_t *O)
{
    int64_t *a;
    size_t n;
    coinline_error_t err;
    const int rc = coinline_row_parse(O->row, &a, &n, &err);
    if (rc != COINLINE_OK) {
        cli_report_error("--row", &err, rc);
        return CLI_FAIL;
    }
    const int st = review_row(O, a, n);
    free(a);
    return st;
}

enum { ANALYZE_SVG = 256, ANALYZE_VERSION };

static const struct option analyze_options[] = {
    {"row", required_argument, NULL, 'r'},
    {"moves", required_argument, NULL, 'm'},
    {"game", required_argument, NULL, 'k'},
    {"top", required_argument, NULL, 't'},
    {"json", no_argument, NULL, 'j'},
    {"svg", required_argument, NULL, ANALYZE_SVG},
    {"help", no_argument, NULL, 'h'},
    {"version", no_argument, NULL, ANALYZE_VERSION},
    {NULL, 0, NULL, 0},
};

static int analyze_option(options_t *O, int c, char **argv)
{
    int64_t v;
    int st = -1;
    switch (c) {
    case 'r': O->row = optarg; break;
    case 'm': O->moves = optarg; break;
    case 'k':
        st = cli_parse_number("analyze", "--game", optarg, 1, INT64_MAX, &v);
        O->game = (uint64_t)v;
        break;
    case 't':
        st = cli_parse_number("analyze", "--top", optarg, 0, 64, &O->top);
        break;
    case 'j': O->json = 1; break;
    case ANALYZE_SVG: O->svg = optarg; break;
    case 'h': return cli_finish_output(cli_print_help("analyze"));
    case ANALYZE_VERSION: return cli_finish_output(cli_print_version());
    default: return cli_bad_option("analyze", c, argv);
    }
    return st;
}

static int parse_analyze_options(options_t *O, int argc, char **argv)
{
    int c, st = -1;
    opterr = 0;
    while (st < 0 && (c = getopt_long(argc, argv, ":r:m:k:t:jh",
                                      analyze_options, NULL)) != -1)
        st = analyze_option(O, c, argv);
    if (st >= 0)
        return st;
    if (O->row != NULL && optind < argc)
        return cli_usage_error("analyze", "give --row or FILE, not both");
    if (O->row != NULL && O->moves == NULL)
        return cli_usage_error("analyze", "--row needs --moves");
    if (O->row != NULL && O->game != 0)
        return cli_usage_error("analyze", "--game picks a game of a record; "
                                          "it goes without --row");
    if (O->row == NULL && optind == argc)
        return cli_usage_error("analyze", "nothing to analyse: give FILE, or "
                                          "--row and --moves");
    return -1;
}

int cmd_analyze(int argc, char **argv)
{
    options_t O;
    memset(&O, 0, sizeof O);
    O.top = 3;
    int st = parse_analyze_options(&O, argc, argv);
    if (st >= 0)
        return st;
    if (O.svg != NULL && (O.svg_fp = fopen(O.svg, "w")) == NULL) {
        cli_error("%s: cannot write: %s", O.svg, strerror(errno));
        return CLI_FAIL;
    }
    st = CLI_OK;
    if (O.row != NULL)
        st = analyze_arg_row(&O);
    for (int i = optind; i < argc; i++)
        if (analyze_file(&O, argv[i]) != CLI_OK)
            st = CLI_FAIL;
    if (O.svg_fp != NULL && (ferror(O.svg_fp) | fclose(O.svg_fp)) != 0) {
        cli_error("%s: cannot write: %s", O.svg, strerror(errno));
        st = CLI_FAIL;
    }
    return cli_finish_output(st);
}
