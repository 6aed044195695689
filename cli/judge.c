/* SPDX-License-Identifier: MIT */
/*
 * judge.c - the answer a game asks for, and a program's output judged
 * against it (judge.h).
 *
 * The expected answer comes from coinline_game_solve() under the rules
 * of the check, written as the program should print it. The output is
 * cut into words at blanks; a form takes one word (two for "both") and
 * nothing else, the words on one line, whitespace around them allowed.
 * An integer word is written canonically before it is compared with the
 * expected text as a string: no integer type bounds what a program may
 * print, and an answer past 2^127 is simply wrong.
 */
#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "decimal.h"
#include "jsonw.h"
#include "judge.h"
#include "wide.h"

static const char *const names[] = {"first", "margin", "both", "wins"};
static const char *const meanings[] = {
    "player 1's best total",
    "player 1's total minus player 2's, with best play",
    "both totals with best play, player 1's then player 2's",
    "whether player 1 wins or ties with best play (true or false)",
};

int cli_answer_parse(const char *word, cli_answer_t *form)
{
    for (int k = 0; k < 4; k++)
        if (strcmp(word, names[k]) == 0) {
            *form = (cli_answer_t)k;
            return 0;
        }
    return -1;
}

const char *cli_answer_name(cli_answer_t form)
{
    return names[form];
}

const char *cli_answer_meaning(cli_answer_t form)
{
    return meanings[form];
}

int cli_judge_expected(const coinline_rules_t *rules, cli_answer_t form,
                       const int64_t *coins, size_t n, cli_expected_t *e)
{
    coinline_game_result_t res;
    char b[COINLINE_I128_STRLEN];
    const int rc =
        coinline_game_solve(rules, coins, n, COINLINE_ALGO_LINEAR, &res);
    if (rc != COINLINE_OK)
        return rc;
    e->p1 = res.p1;
    e->p2 = res.p2;
    const cl_wide m = cl_to_wide(res.p1) - cl_to_wide(res.p2);
    switch (form) {
    case CLI_ANSWER_FIRST: cli_wide_str(cl_to_wide(res.p1), e->text); break;
    case CLI_ANSWER_MARGIN: cli_wide_str(m, e->text); break;
    case CLI_ANSWER_BOTH:
        cli_wide_str(cl_to_wide(res.p1), e->text);
        strcat(strcat(e->text, " "), cli_wide_str(cl_to_wide(res.p2), b));
        break;
    default: strcpy(e->text, m >= 0 ? "true" : "false");
    }
    return COINLINE_OK;
}

/* ---- reading an answer -------------------------------------------------- */

static int blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' ||
           c == '\v';
}

/* The next word of text[*at..len) into [*from, *to); *newline is set when
 * a newline came before it. Returns 0 at the end. */
static int next_word(const char *text, size_t len, size_t *at, size_t *from,
                     size_t *to, int *newline)
{
    size_t i = *at;
    for (; i < len && blank(text[i]); i++)
        if (text[i] == '\n')
            *newline = 1;
    if (i == len)
        return 0;
    *from = i;
    while (i < len && !blank(text[i]))
        i++;
    *to = *at = i;
    return 1;
}

/* An integer word w[0..len-1] written canonically into out (room of
 * size, cut with "..."), appended. Returns 0, or -1 if not an integer. */
static int put_integer(const char *w, size_t len, char *out, size_t size)
{
    size_t i = 0, k = strlen(out);
    int neg = 0;
    if (i < len && (w[i] == '+' || w[i] == '-'))
        neg = w[i++] == '-';
    if (i == len)
        return -1;
    for (size_t j = i; j < len; j++)
        if (!isdigit((unsigned char)w[j]))
            return -1;
    while (i + 1 < len && w[i] == '0')
        i++;
    if (neg && !(len - i == 1 && w[i] == '0'))
        out[k++] = '-';
    for (; i < len && k + 4 < size; i++)
        out[k++] = w[i];
    if (i < len)
        memcpy(out + k, "...", 3), k += 3;
    out[k] = '\0';
    return 0;
}

/* A true/false word, any case, into out. Returns 0 or -1. */
static int put_truth(const char *w, size_t len, char *out)
{
    static const char *const words[] = {"true", "false"};
    for (int k = 0; k < 2; k++)
        if (len == strlen(words[k]) && strncasecmp(w, words[k], len) == 0) {
            strcpy(out, words[k]);
            return 0;
        }
    return -1;
}

cli_verdict_t cli_judge(cli_answer_t form, const cli_expected_t *e,
                        const char *text, size_t len, char *got)
{
    const int words = form == CLI_ANSWER_BOTH ? 2 : 1;
    size_t at = 0, from, to;
    int newline = 0;
    got[0] = '\0';
    for (int k = 0; k < words; k++) {
        const size_t room = CLI_JUDGE_GOT_MAX / 2 - 1;
        if (!next_word(text, len, &at, &from, &to, &newline) ||
            (k > 0 && newline))
            break;
        if (k > 0)
            strcat(got, " ");
        const int rc =
            form == CLI_ANSWER_WINS
                ? put_truth(text + from, to - from, got)
                : put_integer(text + from, to - from, got, strlen(got) + room);
        if (rc != 0)
            break;
        if (k + 1 == words && !next_word(text, len, &at, &from, &to, &newline))
            return strcmp(got, e->text) == 0 ? CLI_JUDGE_RIGHT
                                             : CLI_JUDGE_WRONG;
    }
    got[0] = '\0';
    return CLI_JUDGE_BAD;
}

/* ---- telling an answer -------------------------------------------------- */

/* An integer as JSON: a number up to 2^53 in size, else its string. */
static void put_json_integer(FILE *fp, const char *w, size_t len)
{
    const size_t digits = len - (w[0] == '-');
    if (digits <= 15 && memchr(w, '.', len) == NULL)
        fprintf(fp, "%.*s", (int)len, w);
    else
        fprintf(fp, "\"%.*s\"", (int)len, w);
}

void cli_judge_put_json(FILE *fp, cli_answer_t form, const char *text)
{
    const char *space = strchr(text, ' ');
    if (form == CLI_ANSWER_WINS) {
        fputs(text, fp);
    } else if (form == CLI_ANSWER_BOTH && space != NULL) {
        fputc('[', fp);
        put_json_integer(fp, text, (size_t)(space - text));
        fputc(',', fp);
        put_json_integer(fp, space + 1, strlen(space + 1));
        fputc(']', fp);
    } else {
        put_json_integer(fp, text, strlen(text));
    }
}

void cli_judge_put_quoted(FILE *fp, const char *bytes, size_t len, size_t limit)
{
    fputc('"', fp);
    for (size_t i = 0; i < len && i < limit; i++) {
        const unsigned char c = (unsigned char)bytes[i];
        const char *e = c == '\n'   ? "\\n"
                        : c == '\t' ? "\\t"
                        : c == '\r' ? "\\r"
                        : c == '"'  ? "\\\""
                        : c == '\\' ? "\\\\"
                                    : NULL;
        if (e != NULL)
            fputs(e, fp);
        else if (c >= 0x20 && c < 0x7f)
            fputc(c, fp);
        else
            fprintf(fp, "\\x%02x", c);
    }
    fputs(len > limit ? "\"..." : "\"", fp);
}
