/* SPDX-License-Identifier: MIT */
/*
 * judge.h - the answer a game asks of a learner's program (coinline
 * check), and the judging of what it printed: the answer forms (first,
 * margin, both, wins), the exact answer of a game under any rules
 * (coinline_game_solve()), and a program's output read as an answer of
 * a form: right, wrong, or not an answer at all.
 *
 * An answer is the whole output, whitespace around it allowed: an
 * integer of any size ("first", "margin"), two on one line ("both":
 * player 1's total, then player 2's), or true/false in any case ("wins":
 * player 1 wins or ties). Integers compare exactly as decimals (a "+",
 * leading zeros and "-0" allowed), so totals past 2^63 and answers past
 * any integer type are judged alike.
 */
#ifndef COINLINE_CLI_JUDGE_H
#define COINLINE_CLI_JUDGE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "coinline.h"

/* What a program is asked to print. */
typedef enum {
    CLI_ANSWER_FIRST = 0, /* player 1's total with best play */
    CLI_ANSWER_MARGIN,    /* player 1's total minus player 2's */
    CLI_ANSWER_BOTH,      /* both totals, "P1 P2" */
    CLI_ANSWER_WINS       /* true: player 1 wins or ties; else false */
} cli_answer_t;

/* The names of the forms, as --answer takes them ("first|margin|both|
 * wins"), for help and errors. */
#define CLI_ANSWER_NAMES "first, margin, both or wins"

/* A form's name into *form: 0, or -1 for another word. */
int cli_answer_parse(const char *word, cli_answer_t *form);

/* A form's name, and what it means in words ("player 1's best total"). */
const char *cli_answer_name(cli_answer_t form);
const char *cli_answer_meaning(cli_answer_t form);

/* The answer of a game: the totals of best play and the answer's text. */
typedef struct {
    coinline_i128_t p1, p2;
    char text[2 * COINLINE_I128_STRLEN + 2]; /* "3", "3 2", "true" */
} cli_expected_t;

/* The answer of form to coins[0..n-1] under rules into *e. Cost:
 * coinline_game_solve()'s (LINEAR). Returns 0 or a COINLINE_E* code. */
int cli_judge_expected(const coinline_rules_t *rules, cli_answer_t form,
                       const int64_t *coins, size_t n, cli_expected_t *e);

/* What an output is. */
typedef enum {
    CLI_JUDGE_RIGHT = 0,
    CLI_JUDGE_WRONG, /* an answer of the form, not the game's */
    CLI_JUDGE_BAD    /* no answer of the form */
} cli_verdict_t;

/* The room for an answer as read (longer integers are cut, with "..."). */
#define CLI_JUDGE_GOT_MAX 128

/* Judges text[0..len-1] as an answer of form to the game of e. The
 * answer read, written canonically (integers without "+" or leading
 * zeros, true/false in lower case), goes into got (CLI_JUDGE_GOT_MAX
 * bytes) when it is an answer, else "". */
cli_verdict_t cli_judge(cli_answer_t form, const cli_expected_t *e,
                        const char *text, size_t len, char *got);

/* An answer of form as JSON: a number ("first", "margin"; a string of
 * its decimal beyond 2^53 or when cut), [p1, p2] ("both"), true or false.
 * text is an answer as got or e->text writes it. */
void cli_judge_put_json(FILE *fp, cli_answer_t form, const char *text);

/* Writes bytes[0..len-1] quoted as C writes a string, at most limit
 * bytes of it ("..." after), into fp: how bad output is shown. */
void cli_judge_put_quoted(FILE *fp, const char *bytes, size_t len,
                          size_t limit);

#endif
