/* SPDX-License-Identifier: MIT */
/*
 * check.h - a learner's program checked on the games of a plan
 * (coinline check): each game run (run.h) and its output judged
 * (judge.h), in the library's order (coinline_check_game()), until the
 * first failure: a wrong answer, a crash (a signal or a non-zero exit
 * status), a time-out, or output that is no answer. A failure other than
 * a time-out is shrunk (coinline_check_shrink()) to a smaller game that
 * fails the same way; the program's time on the games that passed gives
 * its growth (coinline_check_growth()).
 *
 * With stream, the program is run once on all the games, one after the
 * other, and answers a line each, in a time limit of the games' count
 * times a game's; its growth is not measured. A failure is shrunk by
 * running it on streams of one game.
 */
#ifndef COINLINE_CLI_CHECK_H
#define COINLINE_CLI_CHECK_H

#include <stddef.h>
#include <stdint.h>

#include "coinline.h"
#include "judge.h"
#include "run.h"

/* The most runs a shrinking makes. */
#define CLI_CHECK_BUDGET 200

/* The most time the shrinking of a failure may take, in ms: past it the
 * smallest failing game found so far is kept (shrink_stopped). */
#define CLI_CHECK_SHRINK_MS 20000

/* What is checked. */
typedef struct {
    coinline_check_plan_t plan; /* the games (checked by the library) */
    coinline_rules_t rules;     /* their rules, checked */
    cli_answer_t form;          /* the answer asked */
    int stream;                 /* all games in one run */
    int64_t limit_ms;           /* a game's time limit */
    char *const *argv;          /* the program and its arguments */
} cli_check_ask_t;

/* How the check ended. */
typedef enum {
    CLI_CHECK_OK = 0, /* every game passed */
    CLI_CHECK_WRONG,
    CLI_CHECK_CRASH,
    CLI_CHECK_TIMEOUT,
    CLI_CHECK_BAD /* output that is no answer */
} cli_check_status_t;

/* The status's name in JSON: "ok", "wrong", "crash", "timeout",
 * "bad-output". */
const char *cli_check_status_name(cli_check_status_t s);

/* What a check found. */
typedef struct {
    cli_check_status_t status;
    uint64_t count;  /* games of the plan */
    uint64_t games;  /* games run (the failing one included) */
    uint64_t passed; /* games passed */
    /* the growth: measured (timed) on the games that passed */
    int timed;
    coinline_growth_t growth;
    double exponent, base; /* the fitted power; the edge games' median
                            * time, in seconds */
    size_t lo, hi;         /* the growing games' sizes, smallest, largest */
    /* the failure (status != OK): the game, as shrunk */
    uint64_t index;              /* the failing game's place, 0-based */
    coinline_check_kind_t kind;  /* its part of the list */
    int64_t *coins;              /* owned */
    size_t n, shrunk_from;       /* its coins now, and before shrinking */
    unsigned runs;               /* the shrinking's runs */
    int shrink_stopped;          /* CLI_CHECK_SHRINK_MS ran out */
    int fails_alone;             /* the game fails on its own: 0 only
                                  * with stream, when it fails after the
                                  * games before it only (not shrunk) */
    cli_expected_t expected;     /* its answer */
    char got[CLI_JUDGE_GOT_MAX]; /* the program's (WRONG) */
    cli_run_t run;               /* the failing run: how it ended, the
                                  * tail of its error output */
    const char *out;             /* its answer's text (in run.out) */
    size_t out_len;
} cli_check_t;

/* Checks ask's program and fills *out (cli_check_free() it whatever is
 * returned). Cost: a run of the program for each game (one with
 * stream), up to CLI_CHECK_BUDGET more to shrink a failure; the games'
 * coins and input text in memory. Returns 0 (out->status says the
 * outcome), a COINLINE_E* code (negative), or the errno value (positive)
 * of the program's failure to start (not found, not executable). */
int cli_check_run(const cli_check_ask_t *ask, cli_check_t *out);

/* Releases what *c holds; NULL is accepted. */
void cli_check_free(cli_check_t *c);

#endif
