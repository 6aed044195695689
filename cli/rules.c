/* SPDX-License-Identifier: MIT */
/* rules.c - the rules' options, the tables of their words, and the
 * explanation they pick. */
#include <string.h>

#include "msg.h"
#include "rules.h"
#include "rules/words.h"
#include "usage.h"

static const cli_shape_words_t *const shapes[] = {
    [COINLINE_SHAPE_LINE] = &cli_line_words,
    [COINLINE_SHAPE_CIRCLE] = &cli_circle_words,
};

static const cli_score_words_t *const scores[] = {
    [COINLINE_SCORE_TAKEN] = &cli_taken_words,
    [COINLINE_SCORE_REMAINING] = &cli_remaining_words,
};

const cli_shape_words_t *cli_shape_words(const coinline_rules_t *rules)
{
    if (coinline_rules_check(rules) != COINLINE_OK ||
        (size_t)rules->shape >= sizeof shapes / sizeof shapes[0])
        return NULL;
    return shapes[rules->shape];
}

const cli_score_words_t *cli_score_words(const coinline_rules_t *rules)
{
    if (coinline_rules_check(rules) != COINLINE_OK ||
        (size_t)rules->score >= sizeof scores / sizeof scores[0])
        return NULL;
    return scores[rules->score];
}

/* --score=NAME: a scoring's name (coinline_score_name()). */
static int take_score(const char *cmd, const char *arg, coinline_rules_t *rules)
{
    for (size_t i = 0; i < sizeof scores / sizeof scores[0]; i++) {
        const char *name = coinline_score_name(scores[i]->id);
        if (name != NULL && strcmp(arg, name) == 0) {
            rules->score = scores[i]->id;
            return -1;
        }
    }
    return cli_usage_error(cmd,
                           "--score: unknown scoring '%s' (taken or "
                           "remaining)",
                           arg);
}

int cli_rules_option(const char *cmd, int c, const char *arg,
                     coinline_rules_t *rules, int *st)
{
    switch (c) {
    case 'c':
        rules->shape = COINLINE_SHAPE_CIRCLE;
        *st = -1;
        return 1;
    case CLI_OPT_SCORE: *st = take_score(cmd, arg, rules); return 1;
    default: return 0;
    }
}

void cli_rules_put_json(FILE *fp, const coinline_rules_t *rules)
{
    const cli_shape_words_t *shape = cli_shape_words(rules);
    const cli_score_words_t *score = cli_score_words(rules);
    if (shape != NULL && score != NULL) {
        fputs(shape->json, fp);
        fputs(score->json, fp);
    }
}

int cli_rules_explain(const coinline_rules_t *rules, const int64_t *a, size_t n,
                      int json, FILE *fp)
{
    const cli_shape_words_t *shape = cli_shape_words(rules);
    const cli_score_words_t *score = cli_score_words(rules);
    if (shape == NULL || score == NULL)
        return COINLINE_EINVAL;
    const cli_explain_t x = {rules, shape, score, a, n, json, fp};
    return (score->explain != NULL ? score->explain : shape->explain)(&x);
}
