/* SPDX-License-Identifier: MIT */
/*
 * reply.h - the best reply to a known opponent at a position of a game
 * (coinline_against_solve() on the coins left, the totals taken so far
 * added in): what explain --against and analyze --against tell at each
 * of the replier's moves, and the play hint against the engine's level.
 * Also two rules played against each other from the start.
 */
#ifndef COINLINE_CLI_REPLY_H
#define COINLINE_CLI_REPLY_H

#include <stddef.h>
#include <stdint.h>

#include "coinline.h"
#include "wide.h"

/* A position: coins a[lo..hi-1] left, the opponent following spec, the
 * totals the replier (mine) and the opponent (theirs) have taken. */
typedef struct {
    const int64_t *a;
    size_t lo, hi;
    const char *spec;
    cl_wide mine, theirs;
} cli_reply_pos_t;

/* The totals at the end of the game when the replier replies as well as
 * it can from a position: exact (mine, theirs) against a rule without
 * chance, else expected; the texts exact always ("7", "47/4"). */
typedef struct {
    int exact;
    coinline_side_t move; /* the replier's best move (ties to the left)
                           * when it was to move; else NONE */
    cl_wide mine, theirs; /* when exact */
    double mine_d, theirs_d;
    char *mine_text, *theirs_text; /* allocated: cli_reply_free() */
    char *margin_text;             /* mine - theirs, exactly, allocated */
} cli_reply_t;

/* The best reply from position p, the replier to move (mover 1) or the
 * opponent (mover 0). Returns 0 or a COINLINE_E* code (COINLINE_ETOOBIG
 * past the library's limit); *out zeroed on failure. Cost: O(k^2) for
 * k coins left. */
int cli_reply_at(const cli_reply_pos_t *p, int mover, cli_reply_t *out);

/* The replier, to move at p, takes the end side, then replies as well
 * as it can (out->move: side). As cli_reply_at(). */
int cli_reply_after(const cli_reply_pos_t *p, coinline_side_t side,
                    cli_reply_t *out);

void cli_reply_free(cli_reply_t *r);

/* The rule's own move at p (the rule to move), when it has no chance
 * (greedy, parity, optimal, fallible:0): *side LEFT or RIGHT; NONE for a
 * rule with chance or no coin left. Returns 0 or a COINLINE_E* code.
 * Cost: O(k) for k coins left (the engine of the coins left). */
int cli_reply_rule_move(const cli_reply_pos_t *p, int exact,
                        coinline_side_t *side);

/* Plays rule spec1 (player 1) against spec2 from the start of a[0..n-1]
 * (random draws from seed 1): moves gets 'L'/'R' per move and a NUL
 * (n + 1 bytes). Returns 0 or a COINLINE_E* code. */
int cli_reply_play(const int64_t *a, size_t n, const char *spec1,
                   const char *spec2, char *moves);

#endif
