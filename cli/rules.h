/* SPDX-License-Identifier: MIT */
/*
 * rules.h - the rules of a game as the tool takes them and tells them.
 *
 * The library says what the rules are (coinline_rules_t: a shape and a
 * scoring, include/coinline.h "Rules") and plays any of them over
 * positions. The tool parses them once, from the options every command
 * shares (-c, --circle and --score=NAME), and everything else works on
 * (rules, coins, positions) without asking which rules it has: what
 * differs from one rule to another in what the tool prints (a word, a
 * JSON key, how a move or the coins left are named) is asked here, and
 * each rule says it in its own file:
 *
 *   shapes    cli/rules/line.c, cli/rules/circle.c
 *   scorings  cli/rules/taken.c, cli/rules/remaining.c
 *
 * Adding a rule set: the library's file and table entry (lib/rules.h),
 * then one file here defining its words (cli_shape_words_t or
 * cli_score_words_t), one entry in rules.c's table, and its option word.
 */
#ifndef COINLINE_CLI_RULES_H
#define COINLINE_CLI_RULES_H

#include <stdint.h>
#include <stdio.h>

#include "coinline.h"

/* ---- Options ------------------------------------------------------------ */

/* The value getopt_long() gives for --score (above every command's own
 * long-only options, which count from 256). */
#define CLI_OPT_SCORE 0x300

/* The rules' entries of a command's struct option table, and the letter
 * of its short options string. */
#define CLI_RULES_LONG_OPTIONS                                                 \
    {"circle", no_argument, NULL, 'c'},                                        \
    {                                                                          \
        "score", required_argument, NULL, CLI_OPT_SCORE                        \
    }
#define CLI_RULES_SHORT "c"

/* The rules' lines of a command's --help, in its option list. */
#define CLI_RULES_HELP                                                         \
    "  -c, --circle        the coins lie on a circle (the pizza game): the\n"  \
    "                      first player takes any coin, then the game goes\n"  \
    "                      on at the two ends of the line left\n"              \
    "      --score=NAME    what a move scores: taken (the coin it takes, "     \
    "the\n"                                                                    \
    "                      default) or remaining (the sum of the coins left\n" \
    "                      after it: LeetCode 1690, Stone Game VII)\n"

/* Takes option c (with its argument arg) of command cmd into *rules when
 * it is one of the rules' options: returns 1 and sets *st to -1 (go on),
 * or to the exit status of a usage error it reported (an unknown --score,
 * with the names it takes). Returns 0 when c is not a rules option. */
int cli_rules_option(const char *cmd, int c, const char *arg,
                     coinline_rules_t *rules, int *st);

/* ---- Words -------------------------------------------------------------- */

/* What a shape says of itself. */
typedef struct {
    coinline_shape_t id;
    const char *noun; /* what its coins form: "row", "circle" */
    const char *json; /* its key in a JSON object, after "n": "" (the
                       * line), ",\"circle\":true" */
    /* The first move (a position, 0: none) as JSON's first_move: a
     * line's end ("left"; "right"), a circle's position; null for 0. */
    void (*put_first_json)(FILE *fp, uint64_t first, uint64_t n);
    /* play, duel, bots */
    const char *on; /* after a count of coins in play and duel: "" (the
                     * line), " on a circle" */
    int positions;  /* 1: a move at an end is named by its position as well
                     * as its side, and a number play reads is a position
                     * (the circle, whose positions go round); 0: by its
                     * side only (the line: a number is no command) */
    int ring;       /* 1: play's screen draws the coins round a ring when it
                     * fits (the circle); 0: as a strip */
    const char *any_move;      /* the move where any coin may be taken, as
                                * play's and the bots' messages name it:
                                * "the first move" (the line has none) */
    const char *play_commands; /* the commands of play's line mode, its
                                * help line */
    const char *bot_word;      /* the first word of the bot protocol's
                                * classic form (docs/protocol.md): "game",
                                * "circle" */
    /* play --json: the move where any coin may be taken (a position; 0:
     * not yet played) as keys after the rules': none on a line, which has
     * no such move; ,"first_move":P (null for 0) on a circle. */
    void (*put_any_json)(FILE *fp, uint64_t position);
    int record_circle; /* coinline_record_t's circle for this shape */
} cli_shape_words_t;

/* What a scoring says of itself. */
typedef struct {
    coinline_score_t id;
    const char *json; /* its key in a JSON object, after the shape's:
                       * "" (taken), ",\"score\":\"remaining\"" */
    /* play, duel, bots */
    const char *phrase;  /* after a count of coins in play and duel: ""
                          * (taken), " (a move scores the coins left)" */
    int margin_per_loss; /* the final margin a point of a move's loss
                          * gives away (coinline_move_review_t): 2 under
                          * taken (points of the mover's total), 1 under
                          * remaining (points of the margin) */
    int classic_bots;    /* 1: bots hear the shape's classic form of the
                          * protocol (bot_word); 0: its general form */
    /* A move's score in a hint, after its coin, into buf: "" (taken: the
     * coin is its score), " scoring S" (remaining). */
    void (*put_gain)(char *buf, size_t size, coinline_i128_t gain);
    /* How the player to move at st (the state of a game whose coins sum
     * to sum) ends with best play, after "you end" in a hint, into buf:
     * " with 14 against 6" (taken: both totals), " 6 ahead", " 2 behind",
     * " level" (remaining: the margin, best play fixing no score). */
    void (*put_outcome)(char *buf, size_t size, const coinline_game_state_t *st,
                        coinline_i128_t sum);
} cli_score_words_t;

/* The words of the rules' shape and scoring (rules checked: never NULL
 * for rules coinline_rules_check() takes; NULL otherwise). */
const cli_shape_words_t *cli_shape_words(const coinline_rules_t *rules);
const cli_score_words_t *cli_score_words(const coinline_rules_t *rules);

/* The rules' keys in a JSON object (the shape's, then the scoring's):
 * nothing for the classic rules. */
void cli_rules_put_json(FILE *fp, const coinline_rules_t *rules);

#endif
