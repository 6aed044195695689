/* SPDX-License-Identifier: MIT */
/*
 * analyze.c - coinline analyze: a played game reviewed move by move,
 * as a chess engine reviews a game: for each move whether it was
 * optimal, the best move and the points it lost; then for each player
 * the points lost, the biggest mistakes with the line that punishes
 * each, and the result against best play from the start. The games come
 * from game records (play --save, duel --save) or from a row and an L/R
 * string; a circular game (the pizza game) from a record with a "circle"
 * key, or with --circle from a circle and its first position and moves;
 * under any scoring (--score). The game is rules + coins + moves as
 * positions, judged by the library's coinline_game_analyze()
 * (cli/analysis.c); what differs from one rule to another is in the
 * rules' words (cli/rules.h). With --against, each player's moves are
 * judged as if the other followed a known rule (cli/regret.c).
 */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "against.h"
#include "analysis.h"
#include "chart.h"
#include "cli.h"
#include "decimal.h"
#include "msg.h"
#include "opt.h"
#include "regret.h"
#include "rows.h"
#include "rules.h"
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
    "A circular game (the pizza game): the coins lie on a circle, at\n"
    "positions 1..N clockwise. Move 1: the first player takes the coin at\n"
    "any position P. The coins left form a line running clockwise from\n"
    "P+1 round to P-1 (left: the coin after P; right: the coin before P),\n"
    "and the game goes on as on a row, the second player to move. Move 1\n"
    "is judged against the best first position, the moves after it as on\n"
    "a row. A record's games with a 'circle' key are circles; --circle\n"
    "makes the game of --row or of a classic FILE one.\n"
    "\n"
    "With --score remaining a move scores the sum of the coins left after\n"
    "it, and a point lost is a point of the final margin (a record says\n"
    "its own rules).\n"
    "\n"
    "Options:\n" CLI_RULES_HELP
    "      --against=RULE  judge each player as if the other followed RULE\n"
    "                      (greedy, parity, optimal, random, fallible:P): at\n"
    "                      each move, what the best reply could have had from\n"
    "                      there and what the move kept (exact, or expected\n"
    "                      as a fraction with its decimal); per player, what\n"
    "                      it could have had from the start and what it got,\n"
    "                      and the first move where the other did not follow\n"
    "                      RULE (a rule without chance); the classic game, up\n"
    "                      to 600 coins; --json: game, n, against, expected,\n"
    "                      moves (move, player, took, coin, best, best_coin,\n"
    "                      could, kept, lost), players (player, could, got,\n"
    "                      opponent_off_rule)\n"
    "  -r, --row=VALUES    the row, e.g. -r '1 3 5 2 9'\n"
    "  -m, --moves=MOVES   the moves played, one L or R each, e.g. RRRRL, or\n"
    "                      the positions of the coins taken, e.g. '5 1 4';\n"
    "                      with --circle, P or P:LRL: the position move 1\n"
    "                      took (1..N), then the moves on the line left, e.g.\n"
    "                      5:LLLL ('' before move 1); --json says\n"
    "                      \"circle\":true and gives first_move, the position\n"
    "                      move 1 took\n"
    "  -k, --game=K        only game K of a record\n"
    "  -t, --top=K         the K biggest mistakes of each player (default 3)\n"
    "  -j, --json          one JSON object per game\n"
    "      --svg=FILE      also write a chart of the margin after each move,\n"
    "                      as played and under best play (the first game;\n"
    "                      on a circle, move 1's position against the best)\n"
    "  -h, --help          show this help\n"
    "      --version       show the version\n"
    "\n"
    "Exit status: 0 ok, 1 bad input or failure, 2 usage error.\n";

/* The optimal line from the position after move k, at most 8 moves, as
 * "player 1 takes 5 (right), ...". */
static void put_punishment(const analysis_t *A, size_t k, FILE *fp)
{
    uint64_t line[8];
    const long len = analysis_best_line(A, k + 1, 8, line, NULL, NULL, NULL);
    if (len < 0)
        return;
    const size_t shown = len < 8 ? (size_t)len : 8;
    fputs("    then best play: ", fp);
    for (size_t i = 0; i < shown; i++) {
        const char *who = A->name[(k + 1 + i) % 2];
        fprintf(fp, "%s%s take%s %lld", i > 0 ? ", " : "", who,
                strcmp(who, "you") == 0 ? "" : "s",
                (long long)A->coins[line[i] - 1]);
    }
    fputs((size_t)len > shown ? ", ...\n" : "\n", fp);
}

/* The index of player p's k-th biggest mistake (earliest first among
 * equals), or SIZE_MAX. O(top * moves). */
static size_t nth_mistake(const analysis_t *A, int p, const size_t *taken,
                          size_t ntaken)
{
    size_t best = SIZE_MAX;
    for (size_t k = (size_t)p; k < analysis_count(A); k += 2) {
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
    const int w = analysis_shape(A)->took_width;
    fprintf(fp, "%6s %6s  %-*s %-*s %6s %8s %8s\n", "move", "player", w, "took",
            w, "best", "lost", "p1", "p2");
    for (size_t k = 0; k < analysis_count(A); k++) {
        const coinline_move_review_t *r = &A->r[k];
        char took[64], best[64];
        analysis_coin_words(A, r->coin, r->side, r->position, took,
                            sizeof took);
        analysis_coin_words(A, r->best_coin, r->best, r->best_position, best,
                            sizeof best);
        fprintf(fp, "%6llu %6d  %-*s %-*s %6s %8s %8s%s\n",
                (unsigned long long)r->number, r->player, w, took, w,
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
        char took[64], best[64];
        fprintf(fp, "  move %zu: took %s, the best was %s: lost %s point%s\n",
                k + 1,
                analysis_coin_words(A, r->coin, r->side, r->position, took,
                                    sizeof took),
                analysis_coin_words(A, r->best_coin, r->best, r->best_position,
                                    best, sizeof best),
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

/* The first line: "game 1: 5 coins, 2 moves played (not finished)". */
static void put_heading(const analysis_t *A, size_t count, FILE *fp)
{
    fprintf(fp, "game %llu: %zu coin%s%s, %zu move%s played%s\n",
            (unsigned long long)A->number, A->n, A->n == 1 ? "" : "s",
            analysis_shape(A)->where, count, count == 1 ? "" : "s",
            A->forfeit_seat != 0 ? " (ended by a forfeit)"
            : count < A->n       ? " (not finished)"
                                 : "");
    fputs(analysis_score(A)->analyze_note, fp);
}

static void put_text(const analysis_t *A, size_t top, FILE *fp)
{
    const size_t count = analysis_count(A);
    const cl_wide p1 = count ? cl_to_wide(A->r[count - 1].p1) : 0;
    const cl_wide p2 = count ? cl_to_wide(A->r[count - 1].p2) : 0;
    put_heading(A, count, fp);
    if (count > 0)
        put_moves(A, fp);
    for (int p = 0; p < 2; p++)
        put_player(A, p, top, fp);
    if (A->forfeit_seat != 0) {
        const char *winner = A->name[2 - A->forfeit_seat];
        fprintf(fp, "result: %s forfeits at move %zu (%s): %s win%s\n",
                A->name[A->forfeit_seat - 1], count + 1, A->verdict, winner,
                strcmp(winner, "you") == 0 ? "" : "s");
        fputs("when it ended: ", fp);
    } else {
        fputs(count < A->n ? "so far: " : "result: ", fp);
    }
    put_outcome(A, p1, p2, count == A->n, fp);
    coinline_i128_t e1, e2; /* the scores at the end of best play */
    if (count < A->n && count > 0 &&
        analysis_best_line(A, count, 0, NULL, NULL, &e1, &e2) >= 0) {
        fputs("\nwith best play from here: ", fp);
        put_outcome(A, cl_to_wide(e1), cl_to_wide(e2), 1, fp);
    }
    char first[64];
    analysis_shape(A)->best_first(first, sizeof first, A->best.first);
    fprintf(fp, "\nwith best play from the start%s: ", first);
    put_outcome(A, cl_to_wide(A->best.p1), cl_to_wide(A->best.p2), 1, fp);
    fputs("\n", fp);
}

typedef struct {
    const char *row, *moves, *svg;
    uint64_t game; /* 0: every game */
    int64_t top;
    int json;
    coinline_rules_t rules; /* the game of --row or a classic file */
    const char *rules_opt;  /* the last rules option given, NULL: none, */
    const char *rules_says; /* and what a record says instead of it */
    cli_against_t against;  /* --against: spec NULL when not given */
    uint64_t analysed;      /* games reviewed so far */
    FILE *svg_fp;
} options_t;

/* Says why the review of the game failed: a bad move of --moves at its
 * column there (mcol: that of the moves' first letter; a first position
 * past n is at column 1), of a record by its game. */
static void report(int rc, const coinline_error_t *err, const char *where,
                   size_t mcol)
{
    if (rc == COINLINE_EMOVE && mcol > 0)
        cli_error("%s:1:%llu: %s", where,
                  err->column > 0 ? (unsigned long long)(err->column + mcol - 1)
                                  : 1ULL,
                  err->message);
    else if (rc == COINLINE_EMOVE)
        cli_error("%s: %s", where, err->message);
    else
        cli_error("%s: %s", where, coinline_strerror(rc));
}

/* The chart of the first game reviewed (--svg), a row's or a circle's. */
static void chart(options_t *O, const analysis_t *A)
{
    if (O->svg_fp != NULL && O->analysed == 0)
        analysis_svg(A, O->svg_fp);
}

/* The moves of A (a line game) as 'L'/'R' into moves (A->nmoves + 1
 * bytes). */
static void line_moves(const analysis_t *A, char *moves)
{
    size_t lo = 0, hi = A->n;
    for (size_t k = 0; k < A->nmoves; k++) {
        const int left =
            A->positions[k] == lo + 1 && !(hi - lo == 1 && A->last_right);
        moves[k] = left ? 'L' : 'R';
        left ? lo++ : hi--;
    }
    moves[A->nmoves] = '\0';
}

/* Judges A against O->against (analyze --against); CLI_OK or CLI_FAIL. */
static int review_against(options_t *O, const analysis_t *A, const char *where)
{
    if (A->rules.shape != COINLINE_SHAPE_LINE ||
        A->rules.score != COINLINE_SCORE_TAKEN) {
        cli_error("%s: --against plays the classic game (a line, scoring "
                  "the coin taken)",
                  where);
        return CLI_FAIL;
    }
    char *moves = malloc(A->nmoves + 1);
    if (moves == NULL) {
        cli_error("out of memory");
        return CLI_FAIL;
    }
    line_moves(A, moves);
    const cli_regret_game_t g = {
        A->coins,  A->n,           moves, A->nmoves, {A->name[0], A->name[1]},
        A->number, O->against.spec};
    const int rc = cli_regret_put(&g, O->json, stdout);
    free(moves);
    if (rc == COINLINE_ETOOBIG)
        cli_error("%s: %zu coins are too many for analyze --against (%d at "
                  "most)",
                  where, A->n, CLI_REGRET_MAX);
    else if (rc != COINLINE_OK)
        cli_error("%s: %s", where, coinline_strerror(rc));
    O->analysed += rc == COINLINE_OK;
    return rc == COINLINE_OK ? CLI_OK : CLI_FAIL;
}

/* Reviews one game and prints it; returns CLI_OK or CLI_FAIL. mcol as
 * report()'s. */
static int review(options_t *O, analysis_t *A, const char *where, size_t mcol)
{
    coinline_error_t err = {0, 0, "", {0}};
    if (O->against.spec != NULL)
        return review_against(O, A, where);
    const int rc = analysis_run(A, &err);
    int st = CLI_OK;
    if (rc != COINLINE_OK) {
        report(rc, &err, where, mcol);
        st = CLI_FAIL;
    } else if (O->json) {
        analysis_json(A, stdout, 0);
    } else {
        put_text(A, (size_t)O->top, stdout);
    }
    if (rc == COINLINE_OK)
        chart(O, A);
    O->analysed += rc == COINLINE_OK;
    analysis_free(A);
    return st;
}

static int review_record(options_t *O, const coinline_record_t *g)
{
    analysis_t A;
    char where[64];
    uint64_t *positions = NULL;
    memset(&A, 0, sizeof A);
    snprintf(where, sizeof where, "game %llu", (unsigned long long)g->number);
    int rc = coinline_record_rules(g, &A.rules);
    if (rc == COINLINE_OK)
        rc = coinline_record_positions(g, NULL, &A.nmoves);
    if (rc == COINLINE_OK &&
        (positions = malloc((A.nmoves + 1) * sizeof *positions)) == NULL)
        rc = COINLINE_ENOMEM;
    if (rc == COINLINE_OK)
        rc = coinline_record_positions(g, positions, &A.nmoves);
    if (rc != COINLINE_OK) {
        cli_error("%s: %s", where, coinline_strerror(rc));
        free(positions);
        return CLI_FAIL;
    }
    A.number = g->number;
    A.name[0] = g->name[0] != NULL ? g->name[0] : "player 1";
    A.name[1] = g->name[1] != NULL ? g->name[1] : "player 2";
    A.coins = g->coins;
    A.n = g->n;
    A.positions = positions;
    A.last_right =
        g->moves != NULL && analysis_written_right(g->moves, g->nmoves);
    A.forfeit_seat = g->forfeit_seat;
    A.verdict = g->verdict != NULL ? g->verdict : "";
    const int st = review(O, &A, where, 0);
    free(positions);
    return st;
}

/* A row (or with --circle a circle) from --row or a classic file, with
 * the moves of --moves. */
static int review_row(options_t *O, const int64_t *a, size_t n)
{
    analysis_t A;
    uint64_t *positions;
    coinline_error_t err = {0, 0, "", {0}};
    memset(&A, 0, sizeof A);
    const int rc = analysis_read_moves(&O->rules, a, n, O->moves, &positions,
                                       &A.nmoves, &err);
    if (rc != COINLINE_OK) {
        report(rc, &err, "--moves", 1);
        return CLI_FAIL;
    }
    A.number = 1;
    A.name[0] = "player 1";
    A.name[1] = "player 2";
    A.rules = O->rules;
    A.coins = a;
    A.n = n;
    A.positions = positions;
    A.last_right = analysis_written_right(O->moves, strlen(O->moves));
    const int st = review(O, &A, "--moves", 1);
    free(positions);
    return st;
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
    else if (cli_rows_check_first_line(r) == CLI_OK)
        st = review_row(O, a, n); /* else: a row without its count, said */
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
    if (is_record(text, len) && (O->moves != NULL || O->rules_opt != NULL)) {
        cli_error("%s: a game record has its own moves%s: %s goes with "
                  "--row or a file in the classic format",
                  path, O->moves != NULL ? "" : O->rules_says,
                  O->moves != NULL ? "--moves" : O->rules_opt);
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

enum { ANALYZE_SVG = 256, ANALYZE_VERSION, ANALYZE_AGAINST };

static const struct option analyze_options[] = {
    CLI_RULES_LONG_OPTIONS,
    {"row", required_argument, NULL, 'r'},
    {"moves", required_argument, NULL, 'm'},
    {"game", required_argument, NULL, 'k'},
    {"top", required_argument, NULL, 't'},
    {"json", no_argument, NULL, 'j'},
    {"svg", required_argument, NULL, ANALYZE_SVG},
    {"against", required_argument, NULL, ANALYZE_AGAINST},
    {"help", no_argument, NULL, 'h'},
    {"version", no_argument, NULL, ANALYZE_VERSION},
    {NULL, 0, NULL, 0},
};

static int analyze_option(options_t *O, int c, char **argv)
{
    int64_t v;
    int st = -1;
    if (cli_rules_option("analyze", c, optarg, &O->rules, &st)) {
        O->rules_opt = c == 'c' ? "--circle" : "--score";
        O->rules_says = c == 'c' ? " and says which games are circles (its "
                                   "'circle' keys)"
                                 : " and says each game's rules";
        return st;
    }
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
    case ANALYZE_AGAINST: O->against.spec = optarg; break;
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
    while (st < 0 &&
           (c = getopt_long(argc, argv, ":" CLI_RULES_SHORT "r:m:k:t:jh",
                            analyze_options, NULL)) != -1)
        st = analyze_option(O, c, argv);
    if (st >= 0)
        return st;
    st = cli_against_check("analyze", &O->against, 0, &O->rules);
    if (st >= 0)
        return st;
    if (O->against.spec != NULL && O->svg != NULL)
        return cli_usage_error("analyze", "--svg charts the review against "
                                          "best play: it goes without "
                                          "--against");
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
