/* SPDX-License-Identifier: MIT */
/*
 * reply.c - the best reply to a known opponent at a position of a game
 * (reply.h). The library answers from the coins left, with the opponent
 * in seat 2 when the replier is to move and in seat 1 when it is not
 * (coinline_against_solve()); this file adds the totals taken so far,
 * exactly, also to an expected total written as a fraction.
 */
#include <stdlib.h>
#include <string.h>

#include "fraction.h"
#include "reply.h"

void cli_reply_free(cli_reply_t *r)
{
    free(r->mine_text);
    free(r->theirs_text);
    free(r->margin_text);
    r->mine_text = r->theirs_text = r->margin_text = NULL;
}

int cli_reply_at(const cli_reply_pos_t *p, int mover, cli_reply_t *out)
{
    coinline_against_t r;
    const size_t k = p->hi - p->lo;
    memset(out, 0, sizeof *out);
    int rc = coinline_against_solve(k > 0 ? p->a + p->lo : NULL, k, p->spec,
                                    mover ? 2 : 1, &r);
    if (rc != COINLINE_OK)
        return rc;
    out->exact = r.exact;
    out->move = mover ? r.first_move : COINLINE_SIDE_NONE;
    out->mine = (mover ? cl_to_wide(r.p1) : cl_to_wide(r.p2)) + p->mine;
    out->theirs = (mover ? cl_to_wide(r.p2) : cl_to_wide(r.p1)) + p->theirs;
    out->mine_d = (mover ? r.expected_p1 : r.expected_p2) + (double)p->mine;
    out->theirs_d = (mover ? r.expected_p2 : r.expected_p1) + (double)p->theirs;
    out->mine_text = cli_fraction_plus(mover ? r.p1_text : r.p2_text, p->mine);
    out->theirs_text =
        cli_fraction_plus(mover ? r.p2_text : r.p1_text, p->theirs);
    /* the library's margin is its first mover's: the replier's if it moves */
    char *own = mover ? NULL : cli_fraction_negate(r.margin_text);
    if (mover || own != NULL)
        out->margin_text =
            cli_fraction_plus(mover ? r.margin_text : own, p->mine - p->theirs);
    free(own);
    coinline_against_free(&r);
    if (out->mine_text == NULL || out->theirs_text == NULL ||
        out->margin_text == NULL) {
        cli_reply_free(out);
        memset(out, 0, sizeof *out);
        rc = COINLINE_ENOMEM;
    }
    return rc;
}

int cli_reply_rule_move(const cli_reply_pos_t *p, int exact,
                        coinline_side_t *side)
{
    coinline_engine_t *e = NULL;
    coinline_strategy_t *s = NULL;
    *side = COINLINE_SIDE_NONE;
    if (!exact || p->hi == p->lo)
        return COINLINE_OK;
    /* the rules without chance do not depend on where the row stood in
     * the whole game (parity's classes only swap names) */
    int rc = coinline_engine_new(p->a + p->lo, p->hi - p->lo, &e);
    if (rc == COINLINE_OK)
        rc = coinline_strategy_new(p->spec, 0, &s);
    if (rc == COINLINE_OK)
        rc = coinline_strategy_move(s, e, side);
    coinline_strategy_free(s);
    coinline_engine_free(e);
    return rc;
}

int cli_reply_after(const cli_reply_pos_t *p, coinline_side_t side,
                    cli_reply_t *out)
{
    cli_reply_pos_t q = *p;
    if (side == COINLINE_SIDE_LEFT)
        q.mine += p->a[q.lo++];
    else
        q.mine += p->a[--q.hi];
    const int rc = cli_reply_at(&q, 0, out);
    if (rc == COINLINE_OK)
        out->move = side;
    return rc;
}

int cli_reply_play(const int64_t *a, size_t n, const char *spec1,
                   const char *spec2, char *moves)
{
    coinline_engine_t *e;
    coinline_strategy_t *s[2] = {NULL, NULL};
    int rc = coinline_engine_new(a, n, &e);
    for (int k = 0; k < 2 && rc == COINLINE_OK; k++)
        rc = coinline_strategy_new(k == 0 ? spec1 : spec2, 1, &s[k]);
    for (size_t m = 0; m < n && rc == COINLINE_OK; m++) {
        coinline_side_t side;
        rc = coinline_strategy_move(s[m % 2], e, &side);
        if (rc == COINLINE_OK)
            rc = coinline_engine_play(e, side);
        moves[m] = side == COINLINE_SIDE_LEFT ? 'L' : 'R';
    }
    moves[n] = '\0';
    coinline_strategy_free(s[0]);
    coinline_strategy_free(s[1]);
    coinline_engine_free(e);
    return rc;
}
