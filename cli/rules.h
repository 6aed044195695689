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
 * cli_score_words_t) and its explanation of coinline explain (a module
 * of cli/explain/ when it has one of its own, else any.c's or none: the
 * shape's), one entry in rules.c's table, and its option word.
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

struct cli_shape_words;
struct cli_score_words;

/* What coinline explain is asked: the coins a[0..n-1] under rules, whose
 * words are shape and score; the words folded to 76 columns, or one JSON
 * object (json), written to fp. */
typedef struct {
    const coinline_rules_t *rules;
    const struct cli_shape_words *shape;
    const struct cli_score_words *score;
    const int64_t *a;
    size_t n;
    int json;
    FILE *fp;
} cli_explain_t;

/* An explanation of coinline explain (cli/explain/): returns 0, or a
 * COINLINE_E* code with nothing written. */
typedef int (*cli_explain_fn)(const cli_explain_t *x);

/* What a shape says of itself. */
typedef struct cli_shape_words {
    coinline_shape_t id;
    const char *noun; /* what its coins form: "row", "circle" */
    const char *json; /* its key in a JSON object, after "n": "" (the
                       * line), ",\"circle\":true" */
    /* The first move (a position, 0: none) as JSON's first_move: a
     * line's end ("left"; "right"), a circle's position; null for 0. */
    void (*put_first_json)(FILE *fp, uint64_t first, uint64_t n);
    /* solve */
    int streams;         /* 1 when the classic streaming solver answers it
                          * (the coins are never held) */
    uint64_t more;       /* coins its limits of --algo brute and dp add to
                          * the line's (a circle's first move) */
    const char *of;      /* how solve's limits name its game: "", " a circle
                          * of" ("--algo brute solves a circle of at most") */
    uint64_t linear_max; /* the most coins the linear solver takes for
                          * it (0: the line's), and why */
    const char *linear_why;
    /* The words of solve --line: "N coins: " before the coins. */
    void (*put_head)(FILE *fp, size_t n);
    /* " COIN from the left" and the like: the coin a move takes, at
     * position; any: any coin could be taken; last: no coin is left
     * after it; left: it took the left end. */
    void (*put_take)(FILE *fp, int64_t coin, uint64_t position, int any,
                     int last, int left);
    /* After the coins left (count of them, the run from left_end to
     * right_end) that a move where any coin could be taken left: where
     * they lie (nothing on a line). */
    void (*put_left_where)(FILE *fp, uint64_t left_end, uint64_t right_end,
                           uint64_t count);
    /* The compact line after the totals: " LRL" on a line; " 5 LRL" on a
     * circle; '-' for a field that is empty. first is the first move's
     * position (0: none), ends the moves as ends (L, R). */
    void (*put_compact)(FILE *fp, uint64_t first, const char *ends);
    /* solve --moves: checks text before any game (0, or COINLINE_EMOVE
     * with err->message saying where and what), then plays it on a game
     * (0, COINLINE_EMOVE with err->message, or a COINLINE_E* code). */
    int (*check_moves)(const char *text, coinline_error_t *err);
    int (*play_moves)(coinline_game_t *g, const char *text,
                      coinline_error_t *err);
    /* The position's JSON after "n" and the rules' keys: the first move
     * (nothing on a line), and the best move (st's best and best_side). */
    void (*put_position_json)(FILE *fp, uint64_t first);
    void (*put_best_json)(FILE *fp, const coinline_game_state_t *st);
    /* The best move in words: "player 1 to move, best move left (5)". */
    void (*put_best_words)(FILE *fp, const coinline_game_state_t *st,
                           int64_t coin);
    /* gen: the comment line that starts its games ("" for none). */
    const char *gen_note;
    /* explain: how the moves go, a sentence ("The players take ..."),
     * and its explanation under the classic scoring (the line's greedy
     * and parity, the circle's share: cli/explain/row.c, circle.c). */
    const char *rules_text;
    cli_explain_fn explain;
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
    /* review */
    /* 1 when move 1 may take any coin (the circle's): then the table
     * shows the final margin of each first position (m(i)) beside the
     * runs, and JSON names move 1 apart, by its position ("first",
     * "first_move"), and every move by its position too ("position",
     * "best_position" in /api/move). */
    int first_any;
    const struct cli_table_words *table; /* how its table is drawn (below) */
    const char *where; /* after "N coins" in analyze's heading: "", " on a
                        * circle" */
    const char *chart; /* after "game N" in the chart's title: "", ", on a
                        * circle" */
    int took_width;    /* the width of analyze's columns took and best */
    /* A coin taken by a move, as analyze names it into buf (64 bytes
     * suffice): "5 (right)"; "9 (at 5)" (side NONE), "2 (left, at 4)". */
    void (*coin_words)(char *buf, size_t size, int64_t coin,
                       coinline_side_t side, uint64_t position);
    /* A move of the optimal line, as table's verdict names it: "L 7";
     * "9 at 5" (side NONE), "L 1 at 1". */
    void (*line_move)(char *buf, size_t size, int64_t coin,
                      coinline_side_t side, uint64_t position);
    /* Best play's first move after "best play from the start" (analyze,
     * its chart): "", " (move 1 at 5)"; first 0: none, "". */
    void (*best_first)(char *buf, size_t size, uint64_t first);
    /* The fault of moves text in the shape's own notation (a line's L
     * and R; a circle's P or P:LRL) as analyze --moves named it before
     * moves could be positions, asked once coinline_game_play_text()
     * refused the text, so that those faults read as they did: fills
     * *err (its column in text) and returns COINLINE_EMOVE; returns 0
     * when the text is not in that notation (it has a blank or a comma:
     * positions, "5 1 4"), and then the library's message stands. */
    int (*moves_error)(const char *text, const int64_t *coins, size_t n,
                       coinline_error_t *err);
    /* The API's refusal of a request's "first" (the position move 1
     * took), NULL when the shape takes one: "a first position needs
     * \"circle\": true". */
    const char *first_refused;
    /* explain --steps (cli/explain/steps.c): NULL when the steps of the
     * classic table are this shape's, else why they are not shown, after
     * "--steps: " in the refusal. */
    const char *steps_refused;
} cli_shape_words_t;

/* What a scoring says of itself. */
typedef struct cli_score_words {
    coinline_score_t id;
    const char *json; /* its key in a JSON object, after the shape's:
                       * "" (taken), ",\"score\":\"remaining\"" */
    /* solve */
    int plays_line; /* 1 when the scores need the line played: the game
                     * is held (no streaming), and --algo dp has the
                     * limits of its line */
    /* gen: the comment line that starts its games ("" for none). */
    const char *gen_note;
    /* explain: its explanation, NULL for the shape's (the classic
     * scoring's: greedy and parity, the circle's share); another tells
     * what any rules have (cli/explain/any.c: the result, the first
     * moves, the line, the table) and: */
    cli_explain_fn explain;
    const char *rules_text; /* what a move scores, a sentence */
    const char *recursion;  /* the recursion of the values, and its cost */
    /* explain --steps: NULL when the steps of the classic table score
     * this way, else why they are not shown (as the shape's above) */
    const char *steps_refused;
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
    /* review */
    /* A line under table's heading saying how a move scores ("" for the
     * classic scoring), and the same under analyze's heading, with what a
     * loss counts. */
    const char *table_note;
    const char *gain; /* what taking the coin at i scores, in the table's
                       * heading: "coin(i)", "(sum - coin(i))" */
    const char *analyze_note;
    /* After the title of the heat map and after "game N" in the chart's
     * title ("" for the classic scoring). */
    const char *svg;
    const char *chart;
} cli_score_words_t;

/* The words of the rules' shape and scoring (rules checked: never NULL
 * for rules coinline_rules_check() takes; NULL otherwise). */
const cli_shape_words_t *cli_shape_words(const coinline_rules_t *rules);
const cli_score_words_t *cli_score_words(const coinline_rules_t *rules);

/* The rules' keys in a JSON object (the shape's, then the scoring's):
 * nothing for the classic rules. */
void cli_rules_put_json(FILE *fp, const coinline_rules_t *rules);

/* coinline explain of the coins a[0..n-1] under rules, in words (folded
 * to 76 columns) or as JSON, on fp: the scoring's explanation, or the
 * shape's when the scoring has none of its own. Returns 0 or a
 * COINLINE_E* code (COINLINE_EINVAL for rules that are not checked). */
int cli_rules_explain(const coinline_rules_t *rules, const int64_t *a, size_t n,
                      int json, FILE *fp);

/* ---- review: how a shape's table is drawn ------------------------ */

/* How a shape's table (coinline_table_new_rules()) is drawn: a row for
 * each start position 1..n of a run (row 0 is position 1), and the
 * shape's columns; the words around it (table; heatmap.c). */
struct cli_table_words {
    /* The text table's heading, lines ending in '\n'; gain: what taking
     * the coin at i scores, in the score's words (cli_score_words_t). */
    void (*heading)(FILE *fp, const char *gain);
    /* The label of the column numbers ("j:", "len:"), and 1 when the
     * coins are written across under them (a line's columns are its
     * coins). */
    const char *columns;
    int coins_across;
    /* The columns of a table of n coins, and the length of the run of the
     * cell at row and col (0-based), 0 when the cell holds none. */
    size_t (*cols)(size_t n);
    uint64_t (*length)(size_t n, size_t row, size_t col);
    /* The column of the run of length coins from row (0-based). */
    size_t (*col)(size_t row, uint64_t length);
    /* The verdict's first sentence(s), before "The optimal line": the
     * game's value (margin), where player 1 moves first (first, a
     * position), and the scores of optimal play (p1, p2). */
    void (*verdict)(FILE *fp, size_t n, uint64_t first, const char *margin,
                    const char *p1, const char *p2);
    /* The heat map's title, its two caption lines, the names of its axes
     * and the legend's heading. */
    const char *svg_title;
    const char *svg_caption[2];
    const char *svg_xlabel, *svg_ylabel, *svg_legend;
};
typedef struct cli_table_words cli_table_words_t;

#endif
