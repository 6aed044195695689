/* SPDX-License-Identifier: MIT */
/*
 * tell.h - what every explanation of coinline explain says the same way
 * (cli/explain/row.c, circle.c, any.c): the coins and the long lines
 * shown in part, the plural of a count, the result, a share as a per
 * cent, the JSON of an integer, and the words folded to the page's
 * width after they are all written.
 */
#ifndef COINLINE_CLI_EXPLAIN_TELL_H
#define COINLINE_CLI_EXPLAIN_TELL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "coinline.h"
#include "wide.h"

/* Lines longer than this many moves, and rows of more coins, are shown
 * in part. */
#define CLI_TELL_MOVES 40
#define CLI_TELL_COINS 30

/* "" for 1 and -1, else "s". */
const char *cli_tell_plural(cl_wide v);

/* The coins a[lo..hi-1], the middle elided when there are many;
 * "(none)" for none. */
void cli_tell_coins(FILE *out, const int64_t *a, size_t lo, size_t hi);

/* Whether move k (0-based) of a line of n moves is shown: the first
 * CLI_TELL_MOVES and the last; at the first one left out, writes the
 * line that says how many are. */
int cli_tell_move_shown(FILE *out, size_t k, size_t n);

/* "It is a draw." or "Player 1 wins by 8." for player 1's margin v, a
 * line. */
void cli_tell_winner(FILE *out, cl_wide v);

/* The winner as JSON names it: "first", "second", "draw". */
const char *cli_tell_winner_word(cl_wide v);

/* A first move told, a line: "  position P (COIN): margin M, " and
 * "the best" (best), as_good (loss 0), or "L point(s)" and fewer. */
void cli_tell_first(FILE *out, size_t position, int64_t coin, cl_wide margin,
                    cl_wide loss, int best, const char *as_good,
                    const char *fewer);

/* The positions 0..n-1 of the k best scores (ties: the smaller
 * position first) into shown (k entries; k <= n). */
void cli_tell_best(const cl_wide *score, size_t n, size_t k, size_t *shown);

/* The share p1 / sum in tenths of a per cent, rounded half away from
 * zero (sum > 0), and as a per cent with one decimal into buf
 * (COINLINE_I128_STRLEN + 4 bytes): "70.0"; returns buf. */
cl_wide cli_tell_per_mille(cl_wide p1, cl_wide sum);
const char *cli_tell_percent(cl_wide tenths, char *buf);

/* ,"key":v (v exact). */
void cli_tell_json_int(FILE *out, const char *key, cl_wide v);

/* The k-th (0-based) item of JSON's first_moves: {"position":P,
 * "coin":C,"margin":M,"loss":L}, after a comma but the first. */
void cli_tell_json_first(FILE *out, size_t k, size_t position, int64_t coin,
                         cl_wide margin, cl_wide loss);

/* The optimal line (positions line[0..n-1]) of the coins a[0..n-1]
 * under rules replayed, a move a line with the scores after it:
 * "  1. player 1 takes 7 (position 4): 7 to 0" (long lines shown in
 * part). Returns 0 or a COINLINE_E* code (the moves told before it). */
int cli_tell_line(FILE *out, const coinline_rules_t *rules, const int64_t *a,
                  size_t n, const uint64_t *line);

/* Writes an explanation's facts to out: 0 or a COINLINE_E* code. */
typedef int (*cli_tell_fn)(FILE *out, const void *facts);

/* Tells facts on fp: as JSON (json: put_json), or in words (put_words)
 * written to memory first, then with their lines folded at spaces to 76
 * columns (a folded line goes on indented as it started, plus two
 * spaces). Returns the put's code (0 or a COINLINE_E* code; no words
 * are written unless 0), or COINLINE_ENOMEM. */
int cli_tell(FILE *fp, int json, cli_tell_fn put_json, cli_tell_fn put_words,
             const void *facts);

#endif
