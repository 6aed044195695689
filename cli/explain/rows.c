/* SPDX-License-Identifier: MIT */
/*
 * rows.c - coinline explain of a game of several rows: the method of the
 * contest task "Termity" on this game, as a learner would follow it.
 *
 * The facts come from the library: each row's fused values and the coins
 * each fuses (coinline_multirow_fuse()), the result and the first move by
 * the block rule (coinline_multirow_solve()), the optimal line
 * (coinline_multirow_line()). Here they are sorted (the fused values in
 * decreasing order, ties to the lowest row then the leftmost, as the
 * block rule breaks them) and told: in words, folded as every
 * explanation is (tell.c), or as one JSON object. Long games are shown in
 * part: the first rows, the first blocks of a row, the first values.
 */
#include <stdlib.h>
#include <string.h>

#include "decimal.h"
#include "jsonw.h"
#include "multirow.h"
#include "rows.h"
#include "tell.h"

/* Rows told one by one, fused blocks written out in a row, coins in an
 * alternating sum written out, fused values in the value's sum. */
#define SHOW_ROWS   20
#define SHOW_BLOCKS 6
#define SHOW_SPAN   9
#define SHOW_SUM    12

typedef struct {
    const int64_t *a;
    const uint64_t *lens;
    size_t k;
    coinline_multirow_result_t res;
    coinline_multirow_fused_t f;
    uint64_t *start;   /* start[r]: row r's first coin in a */
    uint64_t *fstart;  /* fstart[r]: row r's first fused value in f */
    size_t *row_of;    /* row_of[i]: the row of fused value i */
    uint64_t *coin_of; /* coin_of[i]: its first coin in a */
    size_t *order;     /* the fused values, largest first */
    uint64_t *line;    /* the optimal line: rows, */
    char *sides;       /* and ends */
} facts_t;

static cl_wide value_at(const facts_t *F, size_t i)
{
    return cl_to_wide(F->f.values[i]);
}

static const facts_t *sorting; /* qsort()'s facts */

static int larger_first(const void *x, const void *y)
{
    const size_t i = *(const size_t *)x, j = *(const size_t *)y;
    const cl_wide a = value_at(sorting, i), b = value_at(sorting, j);
    if (a != b)
        return a > b ? -1 : 1;
    return (i > j) - (i < j); /* the lower row, then the leftmost */
}

static void facts_free(facts_t *F)
{
    coinline_multirow_fused_free(&F->f);
    free(F->start);
    free(F->fstart);
    free(F->row_of);
    free(F->coin_of);
    free(F->order);
    free(F->line);
    free(F->sides);
}

/* Where each row and each fused value starts, and the sorted order. */
static void index_values(facts_t *F)
{
    size_t i = 0;
    F->start[0] = F->fstart[0] = 0;
    for (size_t r = 0; r < F->k; r++) {
        uint64_t c = F->start[r];
        for (uint64_t b = 0; b < F->f.lens[r]; b++, i++) {
            F->row_of[i] = r;
            F->coin_of[i] = c;
            F->order[i] = i;
            c += F->f.spans[i];
        }
        F->start[r + 1] = F->start[r] + F->lens[r];
        F->fstart[r + 1] = F->fstart[r] + F->f.lens[r];
    }
    sorting = F;
    qsort(F->order, (size_t)F->f.count, sizeof *F->order, larger_first);
    sorting = NULL;
}

static int gather(const int64_t *a, const uint64_t *lens, size_t k, facts_t *F)
{
    memset(F, 0, sizeof *F);
    F->a = a;
    F->lens = lens;
    F->k = k;
    int rc = coinline_multirow_solve(a, lens, k, &F->res);
    if (rc == COINLINE_OK)
        rc = coinline_multirow_fuse(a, lens, k, &F->f);
    if (rc != COINLINE_OK)
        return rc;
    const size_t n = (size_t)F->res.n, m = (size_t)F->f.count;
    F->start = malloc((k + 1) * sizeof *F->start);
    F->fstart = malloc((k + 1) * sizeof *F->fstart);
    F->row_of = malloc((m + 1) * sizeof *F->row_of);
    F->coin_of = malloc((m + 1) * sizeof *F->coin_of);
    F->order = malloc((m + 1) * sizeof *F->order);
    F->line = malloc((n + 1) * sizeof *F->line);
    F->sides = malloc(n + 1);
    if (!F->start || !F->fstart || !F->row_of || !F->coin_of || !F->order ||
        !F->line || !F->sides)
        return COINLINE_ENOMEM;
    index_values(F);
    return coinline_multirow_line(a, lens, k, F->line, F->sides);
}

/* ------------------------------------------------------------------------
 * In words
 * ---------------------------------------------------------------------- */

/* " - 9" or " + (-3)": a term of an alternating sum after the first. */
static void put_term(FILE *out, int minus, cl_wide v)
{
    char b[COINLINE_I128_STRLEN];
    fprintf(out, v < 0 ? " %c (%s)" : " %c %s", minus ? '-' : '+',
            cli_wide_str(v, b));
}

/* The block of fused value i: "4 9 2 -> 4 - 9 + 2 = -3". */
static void put_block(FILE *out, const facts_t *F, size_t i)
{
    char b[COINLINE_I128_STRLEN];
    const uint64_t c = F->coin_of[i], span = F->f.spans[i];
    cli_tell_coins(out, F->a, (size_t)c, (size_t)(c + span));
    if (span <= SHOW_SPAN) {
        fprintf(out, " -> %lld", (long long)F->a[c]);
        for (uint64_t j = 1; j < span; j++)
            put_term(out, j % 2 == 1, F->a[c + j]);
    } else {
        fprintf(out, " -> the alternating sum of these %llu coins",
                (unsigned long long)span);
    }
    fprintf(out, " = %s", cli_wide_str(value_at(F, i), b));
}

/* The fused values lo..hi-1, the middle elided when there are many. */
static void put_values(FILE *out, const facts_t *F, size_t lo, size_t hi)
{
    char b[COINLINE_I128_STRLEN];
    for (size_t i = lo; i < hi; i++) {
        if (hi - lo > CLI_TELL_COINS && i == lo + CLI_TELL_COINS / 2) {
            fprintf(out, " ... (%zu more)", hi - lo - CLI_TELL_COINS);
            i = hi - CLI_TELL_COINS / 2 - 1;
            continue;
        }
        fprintf(out, "%s%s", i > lo ? " " : "",
                cli_wide_str(value_at(F, i), b));
    }
}

/* Row r and what fusing does to it, a line. */
static void put_row(FILE *out, const facts_t *F, size_t r)
{
    const size_t lo = (size_t)F->fstart[r], hi = (size_t)F->fstart[r + 1];
    const uint64_t fusions = F->f.fusions[r];
    size_t shown = 0;
    fprintf(out, "  row %zu: ", r + 1);
    if (F->lens[r] == 0) {
        fputs("empty.\n", out);
        return;
    }
    if (fusions == 0 || hi - lo > 1) {
        cli_tell_coins(out, F->a, (size_t)F->start[r], (size_t)F->start[r + 1]);
        fputs(fusions == 0 ? " has no peak: it stays " : ": ", out);
    }
    for (size_t i = lo; i < hi && fusions > 0; i++) {
        if (F->f.spans[i] == 1)
            continue;
        if (shown++ == SHOW_BLOCKS) {
            fputs("; ...", out);
            break;
        }
        fputs(shown > 1 ? "; " : "", out);
        put_block(out, F, i);
    }
    if (fusions > 0)
        fprintf(out, " (%llu fusion%s)%s", (unsigned long long)fusions,
                fusions == 1 ? "" : "s", hi - lo > 1 ? ": it becomes " : "");
    if (fusions == 0 || hi - lo > 1)
        put_values(out, F, lo, hi);
    fputs(".\n", out);
}

static void put_rule_and_peaks(FILE *out)
{
    fputs("\nThe rule: a move takes the first or the last coin of any row "
          "that has coins left; each player wants the larger total.\n"
          "\nWhy each row can be fused on its own: three neighbours x <= y "
          ">= z in a row form a peak. Whoever opens it, taking x (or z), "
          "lets the other player take y at once, worth at least what was "
          "just taken; the opener may then take the other of x and z. So "
          "opening a peak never gains, and answering it at once never "
          "loses: the three coins are worth x - y + z to whoever opens "
          "them. That holds whatever the other rows hold (moving elsewhere "
          "instead of answering gives y away), and the three coins take "
          "three moves, so every other coin keeps its turn. Each peak is "
          "replaced by x - y + z, again and again, until no row has a "
          "peak; the value of the game does not change.\n",
          out);
}

static void put_rows(FILE *out, const facts_t *F)
{
    fputs("\nEach row fused:\n", out);
    for (size_t r = 0; r < F->k; r++) {
        if (F->k > SHOW_ROWS && r == SHOW_ROWS - 1) {
            fprintf(out, "  ... (%zu more rows)\n", F->k - SHOW_ROWS);
            r = F->k - 1;
        }
        put_row(out, F, r);
    }
}

static void put_sorted(FILE *out, const facts_t *F)
{
    char b[COINLINE_I128_STRLEN];
    const size_t m = (size_t)F->f.count;
    fputs("\nNow no row has a peak, so the largest value left anywhere is at "
          "an end of a row, and taking it is best. Both players take the "
          "fused values from the largest down, player 1 the 1st, 3rd, ..., "
          "player 2 the 2nd, 4th, ... (a fused value is taken as a whole: "
          "whoever opens it ends up x - y + z ahead on its coins):\n",
          out);
    for (size_t j = 0; j < m; j++) {
        const size_t i = F->order[j];
        if (cli_tell_move_shown(out, j, m))
            fprintf(out, "  %zu. %s (row %zu): player %d\n", j + 1,
                    cli_wide_str(value_at(F, i), b), F->row_of[i] + 1,
                    (int)(j % 2) + 1);
    }
}

static void put_value(FILE *out, const facts_t *F)
{
    char b[4][COINLINE_I128_STRLEN];
    const size_t m = (size_t)F->f.count;
    const cl_wide v = cl_to_wide(F->res.margin), sum = cl_to_wide(F->res.sum);
    if (m <= SHOW_SUM) {
        fprintf(out, "\nThe value: %s",
                cli_wide_str(value_at(F, F->order[0]), b[0]));
        for (size_t j = 1; j < m; j++)
            put_term(out, j % 2 == 1, value_at(F, F->order[j]));
        fprintf(out, " = %s", cli_wide_str(v, b[0]));
    } else {
        fprintf(out,
                "\nThe value, the alternating sum of the %zu fused "
                "values in that order: %s",
                m, cli_wide_str(v, b[0]));
    }
    fprintf(out,
            ", player 1's total less player 2's. With the sum %s, player 1 "
            "ends with (%s %c %s) / 2 = %s and player 2 with (%s %c %s) / 2 "
            "= %s.\n",
            cli_wide_str(sum, b[0]), b[0], v < 0 ? '-' : '+',
            cli_wide_str(v < 0 ? -v : v, b[1]),
            cli_wide_str(cl_to_wide(F->res.p1), b[2]), b[0], v < 0 ? '+' : '-',
            b[1], cli_wide_str(cl_to_wide(F->res.p2), b[3]));
}

/* The fused value at the first move's end. */
static size_t first_block(const facts_t *F)
{
    const size_t r = (size_t)F->res.first_row;
    return F->res.first_side == COINLINE_SIDE_LEFT
               ? (size_t)F->fstart[r]
               : (size_t)F->fstart[r + 1] - 1;
}

static int64_t first_coin(const facts_t *F)
{
    const size_t r = (size_t)F->res.first_row;
    return F->a[F->res.first_side == COINLINE_SIDE_LEFT ? F->start[r]
                                                        : F->start[r + 1] - 1];
}

static void put_first(FILE *out, const facts_t *F)
{
    char b[COINLINE_I128_STRLEN];
    const size_t i = first_block(F), r = (size_t)F->res.first_row;
    const char *side =
        F->res.first_side == COINLINE_SIDE_LEFT ? "left" : "right";
    fprintf(out,
            "\nThe first move (the block rule): the largest end value of "
            "the fused rows is %s, at the %s end of row %zu (ties: the "
            "lowest row, then the left end), so player 1 takes %lld from the "
            "%s end of row %zu.",
            cli_wide_str(value_at(F, i), b), side, r + 1,
            (long long)first_coin(F), side, r + 1);
    if (F->f.spans[i] > 1) {
        fputs(" That value fuses the coins ", out);
        cli_tell_coins(out, F->a, (size_t)F->coin_of[i],
                       (size_t)(F->coin_of[i] + F->f.spans[i]));
        fputs(": taking the coin at its end opens it, and with best play "
              "that value is player 1's margin on them.",
              out);
    }
    fputc('\n', out);
}

/* The line's moves in the notation, the first ones of a long line. */
static void put_notation(FILE *out, const facts_t *F)
{
    char move[24];
    for (size_t m = 0; m < (size_t)F->res.n; m++) {
        if (m == 2 * CLI_TELL_MOVES) {
            fputs("...", out);
            break;
        }
        cli_rows_notation(move, (size_t)F->line[m],
                          F->sides[m] == 'L' ? COINLINE_SIDE_LEFT
                                             : COINLINE_SIDE_RIGHT);
        fputs(move, out);
    }
}

static int put_line(FILE *out, const facts_t *F)
{
    char b[2][COINLINE_I128_STRLEN];
    const size_t n = (size_t)F->res.n;
    uint64_t *lo = malloc((F->k + 1) * sizeof *lo);
    uint64_t *hi = malloc((F->k + 1) * sizeof *hi);
    cl_wide t[2] = {0, 0};
    if (lo == NULL || hi == NULL) {
        free(lo);
        free(hi);
        return COINLINE_ENOMEM;
    }
    memcpy(lo, F->start, F->k * sizeof *lo);
    memcpy(hi, F->start + 1, F->k * sizeof *hi);
    fputs("\nThe optimal line (", out);
    put_notation(out, F);
    fputs("), each move the block rule's:\n", out);
    for (size_t m = 0; m < n; m++) {
        const size_t r = (size_t)F->line[m];
        const coinline_side_t side =
            F->sides[m] == 'L' ? COINLINE_SIDE_LEFT : COINLINE_SIDE_RIGHT;
        const int64_t c =
            side == COINLINE_SIDE_LEFT ? F->a[lo[r]++] : F->a[--hi[r]];
        t[m % 2] += c;
        if (!cli_tell_move_shown(out, m, n))
            continue;
        fprintf(out, "  %zu. player %d takes ", m + 1, (int)(m % 2) + 1);
        cli_rows_put_move(out, r, side, c);
        fprintf(out, ": %s to %s\n", cli_wide_str(t[0], b[0]),
                cli_wide_str(t[1], b[1]));
    }
    free(lo);
    free(hi);
    return COINLINE_OK;
}

static int put_words(FILE *out, const void *facts)
{
    const facts_t *F = facts;
    char b[2][COINLINE_I128_STRLEN];
    const cl_wide sum = cl_to_wide(F->res.sum), v = cl_to_wide(F->res.margin);
    fputs("The rows: ", out);
    for (size_t r = 0; r < F->k && r < SHOW_ROWS; r++) {
        fputs(r > 0 ? " / " : "", out);
        if (F->lens[r] == 0)
            fputs("-", out);
        else
            cli_tell_coins(out, F->a, (size_t)F->start[r],
                           (size_t)F->start[r + 1]);
    }
    if (F->k > SHOW_ROWS)
        fprintf(out, " / ... (%zu more rows)", F->k - SHOW_ROWS);
    fprintf(out, " (%zu rows, %llu coin%s, sum %s).\n", F->k,
            (unsigned long long)F->res.n, F->res.n == 1 ? "" : "s",
            cli_wide_str(sum, b[0]));
    fprintf(
        out, "With best play, player 1 ends with %s and player 2 with %s.\n",
        cli_wide_str((sum + v) / 2, b[0]), cli_wide_str((sum - v) / 2, b[1]));
    cli_tell_winner(out, v);
    put_rule_and_peaks(out);
    put_rows(out, F);
    if (F->f.count == 0)
        return COINLINE_OK;
    put_sorted(out, F);
    put_value(out, F);
    put_first(out, F);
    return put_line(out, F);
}

/* ------------------------------------------------------------------------
 * As JSON: the same facts, one object
 * ---------------------------------------------------------------------- */

static void json_row(FILE *out, const facts_t *F, size_t r)
{
    const size_t lo = (size_t)F->fstart[r], hi = (size_t)F->fstart[r + 1];
    fprintf(out, "%s{\"row\":%zu,\"coins\":%llu,\"fusions\":%llu,\"values\":[",
            r > 0 ? "," : "", r + 1, (unsigned long long)F->lens[r],
            (unsigned long long)F->f.fusions[r]);
    for (size_t i = lo; i < hi; i++) {
        fputs(i > lo ? "," : "", out);
        cli_put_json_int(out, F->f.values[i], 0);
    }
    fputs("],\"spans\":[", out);
    for (size_t i = lo; i < hi; i++)
        fprintf(out, "%s%llu", i > lo ? "," : "",
                (unsigned long long)F->f.spans[i]);
    fputs("]}", out);
}

static void json_first(FILE *out, const facts_t *F)
{
    if (F->f.count == 0) {
        fputs(",\"first_move\":null", out);
        return;
    }
    const size_t i = first_block(F);
    fprintf(out, ",\"first_move\":{\"row\":%llu,\"side\":\"%s\",\"coin\":%lld",
            (unsigned long long)F->res.first_row + 1,
            F->res.first_side == COINLINE_SIDE_LEFT ? "left" : "right",
            (long long)first_coin(F));
    cli_tell_json_int(out, "value", value_at(F, i));
    fprintf(out, ",\"coins\":%llu}", (unsigned long long)F->f.spans[i]);
}

static int put_json(FILE *out, const void *facts)
{
    const facts_t *F = facts;
    char move[24];
    const cl_wide v = cl_to_wide(F->res.margin);
    fprintf(out, "{\"n\":%llu,\"rows\":%zu", (unsigned long long)F->res.n,
            F->k);
    cli_tell_json_int(out, "sum", cl_to_wide(F->res.sum));
    cli_tell_json_int(out, "p1", cl_to_wide(F->res.p1));
    cli_tell_json_int(out, "p2", cl_to_wide(F->res.p2));
    cli_tell_json_int(out, "margin", v);
    fprintf(out, ",\"winner\":\"%s\",\"fused\":[", cli_tell_winner_word(v));
    for (size_t r = 0; r < F->k; r++)
        json_row(out, F, r);
    fputs("],\"sorted\":[", out);
    for (size_t j = 0; j < (size_t)F->f.count; j++) {
        const size_t i = F->order[j];
        fputs(j > 0 ? ",{\"value\":" : "{\"value\":", out);
        cli_put_json_int(out, F->f.values[i], 0);
        fprintf(out, ",\"row\":%zu,\"player\":%d}", F->row_of[i] + 1,
                (int)(j % 2) + 1);
    }
    fputc(']', out);
    json_first(out, F);
    fputs(",\"line\":\"", out);
    for (size_t m = 0; m < (size_t)F->res.n; m++) {
        cli_rows_notation(move, (size_t)F->line[m],
                          F->sides[m] == 'L' ? COINLINE_SIDE_LEFT
                                             : COINLINE_SIDE_RIGHT);
        fputs(move, out);
    }
    fputs("\"}\n", out);
    return COINLINE_OK;
}

int cli_explain_rows(const int64_t *coins, const uint64_t *lens, size_t k,
                     int json, FILE *fp)
{
    facts_t F;
    int rc = gather(coins, lens, k, &F);
    if (rc == COINLINE_OK)
        rc = cli_tell(fp, json, put_json, put_words, &F);
    facts_free(&F);
    return rc;
}
