/* SPDX-License-Identifier: MIT */
/*
 * rules.h - the rules seam (internal). A game is rules + coins, a move the
 * 1-based position of the coin taken; the rules are a shape and a scoring,
 * each a table of functions here, one file each:
 *
 *   shapes    lib/line.c (COINLINE_SHAPE_LINE), lib/circle.c (CIRCLE)
 *   scorings  lib/taken.c (COINLINE_SCORE_TAKEN), lib/remaining.c
 *             (REMAINING)
 *
 * and lib/rules.c holds the two dispatch tables (lib/cursor.c what they
 * share without calling back into it). Everything generic -
 * lib/game.c (solve, line, the game in progress), lib/analyze.c,
 * lib/strategy.c, lib/table.c, lib/record.c - goes through these tables
 * and never asks which rules it has.
 *
 * The division of labour. A scoring says what a move scores and turns
 * every question into the classic game (a move scores the coin it takes)
 * on coins b derived from the row a: b = a for TAKEN, b = ~a for
 * REMAINING. A shape plays the classic game on any coins b: it solves it,
 * gives its optimal line, and runs a position engine over it; and it says
 * which coins a move may take (the cursor). The generic code holds the
 * row, the scores and the moves, and asks the scoring for a move's score
 * and for a position's value in the rules' terms from the shape's classic
 * value there.
 *
 * Adding a rule set: a shape or a scoring is one file defining its table
 * (below) and one entry in rules.c's tables (and a value in the public
 * enum).
 */
#ifndef COINLINE_RULES_H
#define COINLINE_RULES_H

#include "wide.h"

/* The coins left, without values: the arc of len coins from index start
 * (0-based) clockwise round the n coins, positions (start + k) mod n + 1
 * for k < len (a line's never wraps). any: every coin left may be taken
 * (a circle's move 1), else only the two ends of the arc. */
typedef struct {
    uint64_t n, start, len;
    int any;
} cl_cursor_t;

/* The cursor's calls (cursor.c). 1 when position p (1-based) may be taken
 * at c. */
int cl_cursor_legal(const cl_cursor_t *c, uint64_t p);

/* The positions of the two ends at c, 0 and 0 when any coin may be taken
 * or none is left. */
void cl_cursor_ends(const cl_cursor_t *c, uint64_t *left, uint64_t *right);

/* The side of the legal move p at c: LEFT (also with one coin left),
 * RIGHT, or NONE when any coin may be taken. */
coinline_side_t cl_cursor_side(const cl_cursor_t *c, uint64_t p);

/* A shape's position engine: the classic game on the coins b it was
 * opened on, at the position its moves reached; each shape's own type
 * (one translation unit may hold them all: the amalgamation). */
typedef void cl_pos_t;

typedef struct {
    coinline_shape_t id;
    const char *name; /* "line": coinline_shape_name() */
    const char *noun; /* what its coins form in messages: "row" */

    /* The solvers' limits on n coins, before any work: 0 or
     * COINLINE_ETOOBIG (algo is valid). line: the limits of the optimal
     * line as well. */
    int (*check)(size_t n, coinline_algo_t algo, int line);
    /* The classic game on b[0..n-1], n >= 1: its value for the first
     * mover, the optimal first move (a position: ties as the header
     * says) and the solver's steps. */
    int (*solve)(const int64_t *b, size_t n, coinline_algo_t algo,
                 cl_wide *value, uint64_t *first, uint64_t *steps);
    /* The optimal line on b[0..n-1], n >= 1, by DP or BRUTE (LINEAR
     * lines are played by the game engine: game.c) into positions, and
     * the solver's steps. */
    int (*line)(const int64_t *b, size_t n, coinline_algo_t algo,
                uint64_t *positions, uint64_t *steps);

    /* The cursor: at the start of a game of n coins; after taking the
     * legal position p; back before the move that took p. */
    void (*start)(cl_cursor_t *c, uint64_t n);
    void (*take)(cl_cursor_t *c, uint64_t p);
    void (*untake)(cl_cursor_t *c, uint64_t p);

    /* The position engine on b[0..n-1] (b outlives it). The largest n it
     * takes (fewer). */
    uint64_t engine_max;
    int (*open)(const int64_t *b, size_t n, cl_pos_t **out);
    void (*close)(cl_pos_t *pos);
    /* The classic value for the player to move at the cursor c (coins
     * left) and the optimal move, a position. */
    int (*look)(cl_pos_t *pos, const cl_cursor_t *c, cl_wide *value,
                uint64_t *best);
    /* The legal move p at c, and the undo of the last move. */
    int (*play)(cl_pos_t *pos, const cl_cursor_t *c, uint64_t p);
    int (*undo)(cl_pos_t *pos);
    /* The classic value for the next player after the legal move p at c;
     * the position is left as it was. */
    int (*child)(cl_pos_t *pos, const cl_cursor_t *c, uint64_t p,
                 cl_wide *value);
    /* The classic engine (engine.c) on the line whose two ends are the
     * legal moves at c, at that position; NULL when the legal moves are
     * not two ends. */
    coinline_engine_t *(*engine)(cl_pos_t *pos, const cl_cursor_t *c);
    uint64_t (*steps)(const cl_pos_t *pos);
    uint64_t (*bytes)(const cl_pos_t *pos);

    /* The table (table.c): 1 when the run of len >= 1 coins from index
     * start is a position of some game of n coins. */
    int (*run_fits)(uint64_t n, uint64_t start, uint64_t len);
} cl_shape_t;

/* Optimal play: the final scores, the margin, the first move (a
 * position) and the solver's steps (coinline_game_result_t's). */
typedef struct {
    cl_wide p1, p2, margin;
    uint64_t first, steps;
} cl_solution_t;

typedef struct {
    coinline_score_t id;
    const char *name; /* "taken": coinline_score_name() */

    /* The coins b the shapes play the classic game on: *b = a itself, or
     * a new array in *owned (the caller frees it; NULL when not made). */
    int (*coins)(const int64_t *a, size_t n, const int64_t **b,
                 int64_t **owned);
    /* One coin as b holds it. */
    int64_t (*coin)(int64_t a);
    /* What the move taking coin scores, left the sum of the coins left
     * before it. */
    cl_wide (*gain)(int64_t coin, cl_wide left);
    /* The value for the player to move in the rules' terms (own score
     * minus the other's, from here on) from the classic value on b,
     * with count coins left summing to left. */
    cl_wide (*value)(cl_wide classic, cl_wide left, uint64_t count);
    /* What the player to move secures (coinline_move_review_t's
     * secured): own and other the scores so far, left the sum of the
     * coins left, value the rules' value. */
    cl_wide (*secured)(cl_wide own, cl_wide other, cl_wide left, cl_wide value);
    /* Optimal play on a[0..n-1], n >= 1, under rules (this scoring and
     * the shape given). */
    int (*solve)(const cl_shape_t *shape, const coinline_rules_t *rules,
                 const int64_t *a, size_t n, coinline_algo_t algo,
                 cl_solution_t *out);
} cl_score_t;

/* The tables (rules.c): NULL for rules coinline_rules_check() refuses. */
const cl_shape_t *cl_shape_of(const coinline_rules_t *rules);
const cl_score_t *cl_score_of(const coinline_rules_t *rules);

/* The entries, each defined in its own file. */
extern const cl_shape_t cl_shape_line, cl_shape_circle;
extern const cl_score_t cl_score_taken, cl_score_remaining;

/* cursor.c: 1 for the three solvers. */
int cl_algo_valid(coinline_algo_t algo);

/* A line of 'L'/'R' after an optional first position (0: none; used
 * only where any coin may be taken) turned into positions by the shape's
 * cursor; returns how many were written into out. */
size_t cl_moves_to_positions(const cl_shape_t *shape, uint64_t n,
                             uint64_t first, const char *moves, size_t count,
                             uint64_t *out);

/* game.c: the optimal line under rules (checked) into positions (may be
 * NULL: then an array of its own where the solver needs one), and into
 * *sol (may be NULL) the scores along it, their margin, its first move
 * and the steps. */
int cl_game_line(const coinline_rules_t *rules, const int64_t *a, size_t n,
                 coinline_algo_t algo, uint64_t *positions, cl_solution_t *sol);

/* line.c: the look of a classic engine whose row index i is position
 * (base + i) mod m + 1: its value and optimal move. */
int cl_line_look(coinline_engine_t *e, uint64_t base, uint64_t m,
                 cl_wide *value, uint64_t *best);

/* game.c: what analyze.c and strategy.c read of a game beyond its public
 * state. */
typedef struct {
    cl_wide classic;  /* the shape's classic value for the player to move */
    cl_wide left_sum; /* the sum of the coins left */
    const int64_t *b; /* the coins as the shape plays them */
    const cl_shape_t *shape;
    const cl_score_t *score;
} cl_game_inside_t;

int cl_game_inside(coinline_game_t *g, cl_game_inside_t *in);
/* moves.c: why move number k, at position p (written text[0..len-1]),
 * cannot be played at the coins left c of a shape whose coins form noun:
 * one too many, not on the shape, not an end. Into msg[0..size-1]. */
void cl_move_refusal(char *msg, size_t size, const cl_cursor_t *c,
                     const char *noun, uint64_t k, uint64_t p, const char *text,
                     size_t len);

/* moves.c: fills *err (when given) at line and column with why the move
 * at position p (written text[0..len-1]) cannot be played at g's
 * position, named by its number in the game; returns COINLINE_EMOVE. */
int cl_move_refused(const coinline_game_t *g, const char *text, size_t len,
                    uint64_t p, uint64_t line, uint64_t column,
                    coinline_error_t *err);

/* The coins left, and the shape (O(1), no look). */
const cl_cursor_t *cl_game_cursor(const coinline_game_t *g);
const cl_shape_t *cl_game_shape(const coinline_game_t *g);
/* The classic engine on the line of the two ends, or NULL (shape's). */
coinline_engine_t *cl_game_engine(coinline_game_t *g);

#endif
