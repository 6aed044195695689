/*
 * explain.c - coinline explain: a row's optimal play in plain words.
 * The result, the optimal line, why the first move is right (what the
 * other first move would allow), and what the greedy and the parity
 * strategies would do as player 1 against best play, where they first
 * go wrong and what it costs: the explanations of the classic write-ups,
 * made for any row.
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "decimal.h"
#include "msg.h"
#include "rows.h"
#include "usage.h"
#include "wide.h"

const char cmd_explain_help[] =
    "usage: coinline explain [options] [FILE]\n"
    "\n"
    "Explains the optimal play of a row in words: the result, the optimal\n"
    "line, why the first move is right and what the other one would allow,\n"
    "and how the greedy and parity strategies fare as player 1 against best\n"
    "play. The row: --row, or the first game of FILE ('-' or none: standard\n"
    "input).\n"
    "\n"
    "Options:\n"
    "  -r, --row=VALUES    the row, e.g. -r '1 3 5 2 9'\n"
    "  -h, --help          show this help\n"
    "      --version       show the version\n"
    "\n"
    "Exit status: 0 ok, 1 bad input or failure, 2 usage error.\n";

/* Lines longer than this are shown in part. */
#define SHOWN_MOVES 40
#define SHOWN_COINS 30

/* Where the explanation is written before it is folded. */
static FILE *out;

static const char *plural(cl_wide v)
{
    return v == 1 || v == -1 ? "" : "s";
}

/* The coins a[lo..hi-1], the middle elided when there are many. */
static void put_coins(const int64_t *a, size_t lo, size_t hi)
{
    for (size_t i = lo; i < hi; i++) {
        if (hi - lo > SHOWN_COINS && i == lo + SHOWN_COINS / 2) {
            fprintf(out, " ... (%zu more)", hi - lo - SHOWN_COINS);
            i = hi - SHOWN_COINS / 2 - 1;
            continue;
        }
        fprintf(out, "%s%lld", i > lo ? " " : "", (long long)a[i]);
    }
    if (hi == lo)
        fputs("(none)", out);
}

/* V of a[lo..hi-1] for the player to move. */
static int value_of(const int64_t *a, size_t lo, size_t hi, cl_wide *v)
{
    coinline_result_t r;
    const int rc = coinline_solve(hi > lo ? a + lo : NULL, hi - lo,
                                  COINLINE_ALGO_LINEAR, &r);
    *v = rc == COINLINE_OK ? cl_to_wide(r.margin) : 0;
    return rc;
}

/* Plays spec1 (player 1) against spec2 from the start; moves get 'L'/'R'. */
static int simulate(const int64_t *a, size_t n, const char *spec1,
                    const char *spec2, char *moves)
{
    coinline_engine_t *e;
    coinline_strategy_t *s[2] = {NULL, NULL};
    int rc = coinline_engine_new(a, n, &e);
    for (int k = 0; k < 2 && rc == COINLINE_OK; k++)
        rc = coinline_strategy_new(k == 0 ? spec1 : spec2, 1, &s[k]);
    for (size_t m = 0; m < n && rc == COINLINE_OK; m++) {
        coinline_side_t side;
        rc = coinline_strategy_move(s[m % 2], e, &side);
        if (rc == COINLINE_OK)
            rc = coinline_engine_play(e, side);
        moves[m] = side == COINLINE_SIDE_LEFT ? 'L' : 'R';
    }
    moves[n] = '\0';
    coinline_strategy_free(s[0]);
    coinline_strategy_free(s[1]);
    coinline_engine_free(e);
    return rc;
}

static void put_line(const int64_t *a, size_t n, const char *moves)
{
    char b[2][COINLINE_I128_STRLEN];
    cl_wide t[2] = {0, 0};
    size_t lo = 0, hi = n;
    fputs("\nThe optimal line (ties to the left):\n", out);
    for (size_t k = 0; k < n; k++) {
        const int64_t c = moves[k] == 'L' ? a[lo++] : a[--hi];
        t[k % 2] += c;
        if (k < SHOWN_MOVES || k + 1 == n)
            fprintf(out, "  %zu. player %d takes %lld (%s): %s to %s\n", k + 1,
                    (int)(k % 2) + 1, (long long)c,
                    moves[k] == 'L' ? "left" : "right",
                    cli_wide_str(t[0], b[0]), cli_wide_str(t[1], b[1]));
        else if (k == SHOWN_MOVES)
            fprintf(out, "  ... (%zu move%s)\n", n - SHOWN_MOVES - 1,
                    n - SHOWN_MOVES - 1 == 1 ? "" : "s");
    }
}

/* Why the first move: what each first move leaves and gives. */
static int put_first_move(const int64_t *a, size_t n, cl_wide sum, cl_wide v)
{
    char b[4][COINLINE_I128_STRLEN];
    cl_wide vl, vr;
    if (n < 2)
        return COINLINE_OK;
    int rc = value_of(a, 1, n, &vl);
    if (rc == COINLINE_OK)
        rc = value_of(a, 0, n - 1, &vr);
    if (rc != COINLINE_OK)
        return rc;
    const cl_wide ml = a[0] - vl, mr = a[n - 1] - vr; /* player 1's margin */
    if (ml == mr) {
        fprintf(out,
                "\nBoth first moves are as good: taking %lld (left) or %lld "
                "(right), player 1 ends with %s.\n",
                (long long)a[0], (long long)a[n - 1],
                cli_wide_str((sum + v) / 2, b[0]));
        return COINLINE_OK;
    }
    const int left = ml > mr;
    const cl_wide worse = left ? mr : ml, vw = left ? vr : vl;
    const size_t lo = left ? 0 : 1, hi = left ? n - 1 : n; /* after worse */
    coinline_side_t reply = COINLINE_SIDE_LEFT;
    if (hi > lo)
        rc = coinline_best_move(a, n, lo, hi, COINLINE_ALGO_LINEAR, &reply,
                                NULL);
    fprintf(out, "\nWhy player 1 starts with %lld (%s): it leaves ",
            (long long)(left ? a[0] : a[n - 1]), left ? "left" : "right");
    put_coins(a, left ? 1 : 0, left ? n : n - 1);
    fprintf(out,
            ", and player 1 ends with %s.\nTaking %lld (%s) instead would "
            "leave ",
            cli_wide_str((sum + v) / 2, b[0]),
            (long long)(left ? a[n - 1] : a[0]), left ? "right" : "left");
    put_coins(a, lo, hi);
    fprintf(out, ", where player 2 is to move and can secure a margin of %s: ",
            cli_wide_str(vw, b[1]));
    if (hi > lo)
        fprintf(out, "taking %lld (%s) first, ",
                (long long)(reply == COINLINE_SIDE_LEFT ? a[lo] : a[hi - 1]),
                reply == COINLINE_SIDE_LEFT ? "left" : "right");
    fprintf(out, "player 1 would end with %s, %s point%s fewer.\n",
            cli_wide_str((sum + worse) / 2, b[2]),
            cli_wide_str((v - worse) / 2, b[3]), plural((v - worse) / 2));
    return rc;
}

/* Player 1's first move that lost points in reviews r of n moves, or n. */
static size_t first_loss(const coinline_move_review_t *r, size_t n)
{
    for (size_t k = 0; k < n; k += 2)
        if (!r[k].optimal)
            return k;
    return n;
}

/* How strategy spec fares as player 1 against best play. */
static int put_strategy(const int64_t *a, size_t n, cl_wide sum, cl_wide v,
                        const char *spec, const char *what)
{
    char b[3][COINLINE_I128_STRLEN];
    char *moves = malloc(n + 1);
    coinline_move_review_t *r = malloc((n + 1) * sizeof *r);
    int rc =
        moves && r ? simulate(a, n, spec, "optimal", moves) : COINLINE_ENOMEM;
    if (rc == COINLINE_OK)
        rc = coinline_analyze(a, n, moves, n, r, NULL);
    if (rc == COINLINE_OK && n > 0) {
        const cl_wide p1 = cl_to_wide(r[n - 1].p1);
        const size_t k = first_loss(r, n);
        fprintf(out, "\n%s as player 1 against best play: ", what);
        if (k == n) {
            fprintf(out, "it plays optimally on this row and ends with %s.\n",
                    cli_wide_str(p1, b[0]));
        } else {
            fprintf(out,
                    "it ends with %s, %s point%s fewer than best play. Its "
                    "first mistake is move %zu: it takes %lld (%s) where "
                    "%lld (%s) is best, losing %s point%s there.\n",
                    cli_wide_str(p1, b[0]),
                    cli_wide_str((sum + v) / 2 - p1, b[1]),
                    plural((sum + v) / 2 - p1), k + 1, (long long)r[k].coin,
                    r[k].side == COINLINE_SIDE_LEFT ? "left" : "right",
                    (long long)r[k].best_coin,
                    r[k].best == COINLINE_SIDE_LEFT ? "left" : "right",
                    cli_wide_str(cl_to_wide(r[k].loss), b[2]),
                    plural(cl_to_wide(r[k].loss)));
        }
    }
    free(moves);
    free(r);
    return rc;
}

static void put_parity_rule(const int64_t *a, size_t n)
{
    char b[3][COINLINE_I128_STRLEN];
    cl_wide odd = 0, even = 0;
    for (size_t i = 0; i < n; i++)
        i % 2 == 0 ? (odd += a[i]) : (even += a[i]);
    if (n % 2 == 1) {
        fprintf(out,
                "\nParity: the classic strategy for an even number of coins "
                "does not apply (%zu coin%s); coinline's parity plays greedy "
                "on odd rows.",
                n, n == 1 ? "" : "s");
        return;
    }
    fprintf(out,
            "\nParity: the coins at odd positions (1, 3, ...) sum to %s, those "
            "at even positions to %s. Player 1 can take all the coins of one "
            "class, so it never loses: taking the %s class guarantees a "
            "margin of at least %s.",
            cli_wide_str(odd, b[0]), cli_wide_str(even, b[1]),
            odd >= even ? "odd" : "even",
            cli_wide_str(odd >= even ? odd - even : even - odd, b[2]));
}

static int explain(const int64_t *a, size_t n)
{
    char b[3][COINLINE_I128_STRLEN];
    char *line = malloc(n + 1);
    cl_wide sum = 0, v;
    int rc = line != NULL ? value_of(a, 0, n, &v) : COINLINE_ENOMEM;
    if (rc == COINLINE_OK)
        rc = coinline_line(a, n, COINLINE_ALGO_LINEAR, line);
    if (rc != COINLINE_OK) {
        free(line);
        return rc;
    }
    for (size_t i = 0; i < n; i++)
        sum += a[i];
    fprintf(out, "The row: ");
    put_coins(a, 0, n);
    fprintf(out, " (%zu coin%s, sum %s).\n", n, n == 1 ? "" : "s",
            cli_wide_str(sum, b[0]));
    fprintf(
        out, "With best play, player 1 ends with %s and player 2 with %s.\n",
        cli_wide_str((sum + v) / 2, b[0]), cli_wide_str((sum - v) / 2, b[1]));
    if (v == 0)
        fputs("It is a draw.\n", out);
    else
        fprintf(out, "Player %d wins by %s.\n", v > 0 ? 1 : 2,
                cli_wide_str(v > 0 ? v : -v, b[2]));
    if (n == 0) {
        free(line);
        return COINLINE_OK;
    }
    put_line(a, n, line);
    free(line);
    rc = put_first_move(a, n, sum, v);
    if (rc == COINLINE_OK)
        rc = put_strategy(a, n, sum, v, "greedy",
                          "Greedy (the larger end, ties to the left)");
    put_parity_rule(a, n);
    if (rc == COINLINE_OK)
        rc = put_strategy(a, n, sum, v, "parity", "\nParity");
    return rc;
}

/* Prints text with its lines folded at spaces to width columns; a
 * folded line goes on indented as it started, plus two spaces when it
 * starts a numbered item. */
static void put_wrapped(const char *text, size_t width)
{
    for (const char *line = text; *line != '\0';) {
        const char *nl = strchr(line, '\n');
        const size_t len = nl != NULL ? (size_t)(nl - line) : strlen(line);
        const size_t indent = strspn(line, " ");
        size_t col = 0, start = 0;
        while (len - start > width - col) {
            size_t cut = start + (width - col);
            while (cut > start && line[cut] != ' ')
                cut--;
            if (cut == start)
                break; /* one long word: leave it whole */
            printf("%*s%.*s\n", (int)col, "", (int)(cut - start), line + start);
            start = cut + 1;
            col = indent + 2;
        }
        printf("%*s%.*s\n", (int)col, "", (int)(len - start), line + start);
        line += len + (nl != NULL);
    }
}

static const struct option explain_options[] = {
    {"row", required_argument, NULL, 'r'},
    {"help", no_argument, NULL, 'h'},
    {"version", no_argument, NULL, 256},
    {NULL, 0, NULL, 0},
};

int cmd_explain(int argc, char **argv)
{
    const char *row = NULL;
    int64_t *a;
    size_t n;
    int c;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":r:h", explain_options, NULL)) != -1) {
        switch (c) {
        case 'r': row = optarg; break;
        case 'h': return cli_finish_output(cli_print_help("explain"));
        case 256: return cli_finish_output(cli_print_version());
        default: return cli_bad_option("explain", c, argv);
        }
    }
    if (argc - optind > 1 || (row != NULL && optind < argc))
        return cli_usage_error("explain", "one row: --row or one FILE");
    if (cli_one_row(row, optind < argc ? argv[optind] : NULL, &a, &n) != 0)
        return CLI_FAIL;
    char *text = NULL;
    size_t len = 0;
    int rc = COINLINE_ENOMEM;
    out = open_memstream(&text, &len);
    if (out != NULL) {
        rc = explain(a, n);
        fclose(out);
        put_wrapped(text, 76);
    }
    free(text);
    free(a);
    if (rc != COINLINE_OK)
        cli_error("%s", coinline_strerror(rc));
    return cli_finish_output(rc == COINLINE_OK ? CLI_OK : CLI_FAIL);
}
