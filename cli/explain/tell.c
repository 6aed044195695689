/* SPDX-License-Identifier: MIT */
/* tell.c - what every explanation says the same way, and the folding of
 * its words to the page's width. */
#include <stdlib.h>
#include <string.h>

#include "decimal.h"
#include "jsonw.h"
#include "tell.h"

const char *cli_tell_plural(cl_wide v)
{
    return v == 1 || v == -1 ? "" : "s";
}

void cli_tell_coins(FILE *out, const int64_t *a, size_t lo, size_t hi)
{
    for (size_t i = lo; i < hi; i++) {
        if (hi - lo > CLI_TELL_COINS && i == lo + CLI_TELL_COINS / 2) {
            fprintf(out, " ... (%zu more)", hi - lo - CLI_TELL_COINS);
            i = hi - CLI_TELL_COINS / 2 - 1;
            continue;
        }
        fprintf(out, "%s%lld", i > lo ? " " : "", (long long)a[i]);
    }
    if (hi == lo)
        fputs("(none)", out);
}

int cli_tell_move_shown(FILE *out, size_t k, size_t n)
{
    if (k < CLI_TELL_MOVES || k + 1 == n)
        return 1;
    if (k == CLI_TELL_MOVES)
        fprintf(out, "  ... (%zu move%s)\n", n - CLI_TELL_MOVES - 1,
                n - CLI_TELL_MOVES - 1 == 1 ? "" : "s");
    return 0;
}

void cli_tell_winner(FILE *out, cl_wide v)
{
    char b[COINLINE_I128_STRLEN];
    if (v == 0)
        fputs("It is a draw.\n", out);
    else
        fprintf(out, "Player %d wins by %s.\n", v > 0 ? 1 : 2,
                cli_wide_str(v > 0 ? v : -v, b));
}

const char *cli_tell_winner_word(cl_wide v)
{
    return v > 0 ? "first" : v < 0 ? "second" : "draw";
}

void cli_tell_first(FILE *out, size_t position, int64_t coin, cl_wide margin,
                    cl_wide loss, int best, const char *as_good,
                    const char *fewer)
{
    char b[2][COINLINE_I128_STRLEN];
    fprintf(out, "  position %zu (%lld): margin %s, ", position,
            (long long)coin, cli_wide_str(margin, b[0]));
    if (best)
        fputs("the best\n", out);
    else if (loss == 0)
        fprintf(out, "%s\n", as_good);
    else
        fprintf(out, "%s point%s%s\n", cli_wide_str(loss, b[1]),
                cli_tell_plural(loss), fewer);
}

void cli_tell_best(const cl_wide *score, size_t n, size_t k, size_t *shown)
{
    for (size_t j = 0; j < k; j++) {
        size_t best = n;
        for (size_t p = 0; p < n; p++) {
            int taken = 0;
            for (size_t q = 0; q < j; q++)
                taken |= shown[q] == p;
            if (!taken && (best == n || score[p] > score[best]))
                best = p;
        }
        shown[j] = best;
    }
}

cl_wide cli_tell_per_mille(cl_wide p1, cl_wide sum)
{
    const cl_wide mag = (2 * 1000 * (p1 < 0 ? -p1 : p1) + sum) / (2 * sum);
    return p1 < 0 ? -mag : mag;
}

const char *cli_tell_percent(cl_wide tenths, char *buf)
{
    char b[COINLINE_I128_STRLEN];
    const cl_wide mag = tenths < 0 ? -tenths : tenths;
    snprintf(buf, COINLINE_I128_STRLEN + 4, "%s%s.%d", tenths < 0 ? "-" : "",
             cli_wide_str(mag / 10, b), (int)(mag % 10));
    return buf;
}

void cli_tell_json_int(FILE *out, const char *key, cl_wide v)
{
    fprintf(out, ",\"%s\":", key);
    cli_put_json_int(out, cl_from_wide(v), 0);
}

void cli_tell_json_first(FILE *out, size_t k, size_t position, int64_t coin,
                         cl_wide margin, cl_wide loss)
{
    fprintf(out, "%s{\"position\":%zu,\"coin\":%lld", k > 0 ? "," : "",
            position, (long long)coin);
    cli_tell_json_int(out, "margin", margin);
    cli_tell_json_int(out, "loss", loss);
    fputs("}", out);
}

/* Writes text to fp with its lines folded at spaces to width columns; a
 * folded line goes on indented as it started, plus two spaces when it
 * starts a numbered item. */
static void put_wrapped(FILE *fp, const char *text, size_t width)
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
            fprintf(fp, "%*s%.*s\n", (int)col, "", (int)(cut - start),
                    line + start);
            start = cut + 1;
            col = indent + 2;
        }
        fprintf(fp, "%*s%.*s\n", (int)col, "", (int)(len - start),
                line + start);
        line += len + (nl != NULL);
    }
}

int cli_tell(FILE *fp, int json, cli_tell_fn put_json, cli_tell_fn put_words,
             const void *facts)
{
    char *text = NULL;
    size_t len = 0;
    if (json)
        return put_json(fp, facts);
    FILE *out = open_memstream(&text, &len);
    if (out == NULL)
        return COINLINE_ENOMEM;
    const int rc = put_words(out, facts);
    fclose(out);
    if (rc == COINLINE_OK)
        put_wrapped(fp, text, 76);
    free(text);
    return rc;
}

int cli_tell_line(FILE *out, const coinline_rules_t *rules, const int64_t *a,
                  size_t n, const uint64_t *line)
{
    char b[2][COINLINE_I128_STRLEN];
    coinline_game_t *g = NULL;
    coinline_game_state_t st;
    int rc = coinline_game_new(rules, a, n, &g);
    for (size_t k = 0; rc == COINLINE_OK && k < n; k++) {
        const uint64_t p = line[k];
        rc = coinline_game_play(g, p);
        if (rc == COINLINE_OK)
            rc = coinline_game_state(g, &st);
        if (rc != COINLINE_OK)
            break;
        if (cli_tell_move_shown(out, k, n))
            fprintf(
                out, "  %zu. player %d takes %lld (position %llu): %s to %s\n",
                k + 1, (int)(k % 2) + 1, (long long)a[p - 1],
                (unsigned long long)p, cli_wide_str(cl_to_wide(st.p1), b[0]),
                cli_wide_str(cl_to_wide(st.p2), b[1]));
    }
    coinline_game_free(g);
    return rc;
}
