/* SPDX-License-Identifier: MIT */
/*
 * regret.c - analyze --against (regret.h). At each move the position is
 * known (the coins left, the totals taken); the best reply's totals from
 * there and those of the move played, then the best reply again, come
 * from cli/reply.c, with the rule in the other player's seat. All is
 * computed first, then written.
 */
#include <stdlib.h>
#include <string.h>

#include "against.h"
#include "decimal.h"
#include "jsonw.h"
#include "regret.h"

typedef struct {
    cli_reply_t could, kept; /* from before the move, the mover's */
    int64_t took, best;      /* the coin taken, the best reply's */
} judged_t;

typedef struct {
    const cli_regret_game_t *g;
    judged_t *m;         /* one per move */
    cli_reply_t from[2]; /* each player's best reply from the start */
    cl_wide got[2];
    /* off[p]: the first move (1-based) where player p's opponent did not
     * play as the rule (a rule without chance), 0 if none; want[p]: the
     * rule's move there. */
    size_t off[2];
    coinline_side_t want[2];
} regret_t;

/* Marks move k (0-based) by player p at s when it is not the rule's: the
 * judgement of the other player assumed the rule there. */
static int follows(regret_t *R, const cli_reply_pos_t *s, size_t k, int p,
                   coinline_side_t side)
{
    coinline_side_t rule = COINLINE_SIDE_NONE;
    if (!R->from[0].exact || R->off[1 - p] != 0 || s->hi - s->lo == 1)
        return COINLINE_OK;
    const int rc = cli_reply_rule_move(s, 1, &rule);
    if (rc == COINLINE_OK && rule != COINLINE_SIDE_NONE && rule != side) {
        R->off[1 - p] = k + 1;
        R->want[1 - p] = rule;
    }
    return rc;
}

static int judge(regret_t *R)
{
    const cli_regret_game_t *g = R->g;
    cl_wide t[2] = {0, 0};
    size_t lo = 0, hi = g->n;
    int rc = COINLINE_OK;
    for (int p = 0; p < 2 && rc == COINLINE_OK; p++) {
        const cli_reply_pos_t s = {g->a, 0, g->n, g->spec, 0, 0};
        rc = cli_reply_at(&s, p == 0, &R->from[p]);
    }
    for (size_t k = 0; k < g->nmoves && rc == COINLINE_OK; k++) {
        const int p = (int)(k % 2);
        const coinline_side_t side =
            g->moves[k] == 'L' ? COINLINE_SIDE_LEFT : COINLINE_SIDE_RIGHT;
        const cli_reply_pos_t s = {g->a, lo, hi, g->spec, t[p], t[1 - p]};
        judged_t *j = &R->m[k];
        rc = cli_reply_at(&s, 1, &j->could);
        if (rc == COINLINE_OK)
            rc = cli_reply_after(&s, side, &j->kept);
        if (rc == COINLINE_OK)
            rc = follows(R, &s, k, p, side);
        j->best = j->could.move == COINLINE_SIDE_LEFT ? g->a[lo] : g->a[hi - 1];
        j->took = side == COINLINE_SIDE_LEFT ? g->a[lo++] : g->a[--hi];
        t[p] += j->took;
    }
    R->got[0] = t[0];
    R->got[1] = t[1];
    return rc;
}

static const char *side_word(coinline_side_t s)
{
    return s == COINLINE_SIDE_LEFT ? "left" : "right";
}

static void put_lost(FILE *fp, const judged_t *j, int json)
{
    char b[COINLINE_I128_STRLEN];
    if (!json && strcmp(j->could.mine_text, j->kept.mine_text) == 0) {
        fputc('0', fp);
    } else if (j->could.exact) {
        cli_wide_str(j->could.mine - j->kept.mine, b);
        fprintf(fp, json ? ",\"lost\":%s" : "%s", b);
    } else {
        fprintf(fp, json ? ",\"lost_decimal\":%.17g" : "about %.6g",
                j->could.mine_d - j->kept.mine_d);
    }
}

static void put_value(FILE *fp, const cli_reply_t *r, const char *key)
{
    if (key != NULL && r->exact) {
        fprintf(fp, ",\"%s\":", key);
        cli_put_i128(fp, cl_from_wide(r->mine));
    } else {
        cli_against_put_value(fp, r->mine_text, r->mine_d, key);
    }
}

/* The note under player p's line when its opponent left the rule. */
static void put_off_words(const regret_t *R, int p, FILE *fp)
{
    const cli_regret_game_t *g = R->g;
    if (R->off[p] == 0)
        return;
    fprintf(fp,
            "  (%s did not play %s at move %zu, where %s takes the %s end: "
            "each figure assumes %s from its move on)\n",
            g->name[1 - p], g->spec, R->off[p], g->spec, side_word(R->want[p]),
            g->spec);
}

static void put_words(const regret_t *R, FILE *fp)
{
    const cli_regret_game_t *g = R->g;
    char b[COINLINE_I128_STRLEN];
    fprintf(fp,
            "game %llu: %zu coin%s, %zu move%s played, judged against "
            "%s (each player as if the other played it)\n",
            (unsigned long long)g->number, g->n, g->n == 1 ? "" : "s",
            g->nmoves, g->nmoves == 1 ? "" : "s", g->spec);
    for (size_t k = 0; k < g->nmoves; k++) {
        const judged_t *j = &R->m[k];
        fprintf(fp,
                "  move %zu, %s: took %lld (%s), the best reply %lld "
                "(%s): could have had ",
                k + 1, g->name[k % 2], (long long)j->took,
                side_word(j->kept.move), (long long)j->best,
                side_word(j->could.move));
        put_value(fp, &j->could, NULL);
        fputs(", kept ", fp);
        put_value(fp, &j->kept, NULL);
        fputs(", lost ", fp);
        put_lost(fp, j, 0);
        fputc('\n', fp);
    }
    for (int p = 0; p < 2; p++) {
        fprintf(fp, "%s: against %s could have had ", g->name[p], g->spec);
        put_value(fp, &R->from[p], NULL);
        fprintf(fp, " from the start, got %s%s\n", cli_wide_str(R->got[p], b),
                g->nmoves < g->n ? " so far" : "");
        put_off_words(R, p, fp);
    }
}

static void put_json(const regret_t *R, FILE *fp)
{
    const cli_regret_game_t *g = R->g;
    fprintf(fp, "{\"game\":%llu,\"n\":%zu,\"against\":",
            (unsigned long long)g->number, g->n);
    cli_put_json_string(fp, g->spec);
    fprintf(fp, ",\"expected\":%s,\"moves\":[",
            R->from[0].exact ? "false" : "true");
    for (size_t k = 0; k < g->nmoves; k++) {
        const judged_t *j = &R->m[k];
        fprintf(fp,
                "%s{\"move\":%zu,\"player\":%d,\"took\":\"%s\","
                "\"coin\":%lld,\"best\":\"%s\",\"best_coin\":%lld",
                k > 0 ? "," : "", k + 1, (int)(k % 2) + 1,
                side_word(j->kept.move), (long long)j->took,
                side_word(j->could.move), (long long)j->best);
        put_value(fp, &j->could, "could");
        put_value(fp, &j->kept, "kept");
        put_lost(fp, j, 1);
        fputc('}', fp);
    }
    fputs("],\"players\":[", fp);
    for (int p = 0; p < 2; p++) {
        fprintf(fp, "%s{\"player\":%d", p > 0 ? "," : "", p + 1);
        put_value(fp, &R->from[p], "could");
        fputs(",\"got\":", fp);
        cli_put_i128(fp, cl_from_wide(R->got[p]));
        if (R->off[p] != 0)
            fprintf(fp, ",\"opponent_off_rule\":%zu", R->off[p]);
        else if (R->from[0].exact)
            fputs(",\"opponent_off_rule\":null", fp);
        fputc('}', fp);
    }
    fputs("]}\n", fp);
}

int cli_regret_put(const cli_regret_game_t *g, int json, FILE *fp)
{
    regret_t R;
    memset(&R, 0, sizeof R);
    R.g = g;
    if (g->n > CLI_REGRET_MAX)
        return COINLINE_ETOOBIG;
    R.m = calloc(g->nmoves + 1, sizeof *R.m);
    int rc = R.m != NULL ? judge(&R) : COINLINE_ENOMEM;
    if (rc == COINLINE_OK && json)
        put_json(&R, fp);
    else if (rc == COINLINE_OK)
        put_words(&R, fp);
    for (size_t k = 0; R.m != NULL && k < g->nmoves; k++) {
        cli_reply_free(&R.m[k].could);
        cli_reply_free(&R.m[k].kept);
    }
    cli_reply_free(&R.from[0]);
    cli_reply_free(&R.from[1]);
    free(R.m);
    return rc;
}
