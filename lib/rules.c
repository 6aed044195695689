/* SPDX-License-Identifier: MIT */
/*
 * rules.c - the rules seam's two dispatch tables (shapes and scorings,
 * indexed by the public enums), and the rules' names and their parsing
 * (rules.h).
 */
#include <stdio.h>
#include <string.h>

#include "rules.h"

/* Indexed by coinline_shape_t and coinline_score_t: a new rule set is one
 * entry here (and its file). */
static const cl_shape_t *const shapes[] = {&cl_shape_line, &cl_shape_circle};
static const cl_score_t *const scores[] = {&cl_score_taken,
                                           &cl_score_remaining};

enum {
    SHAPES = sizeof shapes / sizeof shapes[0],
    SCORES = sizeof scores / sizeof scores[0]
};

int coinline_rules_check(const coinline_rules_t *rules)
{
    if (rules == NULL || (unsigned)rules->shape >= SHAPES ||
        (unsigned)rules->score >= SCORES || rules->reserved[0] != 0 ||
        rules->reserved[1] != 0)
        return COINLINE_EINVAL;
    return COINLINE_OK;
}

const cl_shape_t *cl_shape_of(const coinline_rules_t *rules)
{
    return coinline_rules_check(rules) == COINLINE_OK ? shapes[rules->shape]
                                                      : NULL;
}

const cl_score_t *cl_score_of(const coinline_rules_t *rules)
{
    return coinline_rules_check(rules) == COINLINE_OK ? scores[rules->score]
                                                      : NULL;
}

const char *coinline_shape_name(coinline_shape_t shape)
{
    return (unsigned)shape < SHAPES ? shapes[shape]->name : NULL;
}

const char *coinline_score_name(coinline_score_t score)
{
    return (unsigned)score < SCORES ? scores[score]->name : NULL;
}

int coinline_rules_name(const coinline_rules_t *rules, char *buf, size_t size)
{
    if (buf != NULL && size > 0)
        buf[0] = '\0';
    if (coinline_rules_check(rules) != COINLINE_OK || buf == NULL)
        return COINLINE_EINVAL;
    /* The classic scoring (0) goes without saying. */
    const char *const score =
        rules->score != 0 ? scores[rules->score]->name : NULL;
    const int len =
        snprintf(buf, size, "%s%s%s", shapes[rules->shape]->name,
                 score != NULL ? "," : "", score != NULL ? score : "");
    if (len < 0 || (size_t)len >= size) {
        if (size > 0)
            buf[0] = '\0';
        return COINLINE_EINVAL;
    }
    return len;
}

/* ---- parsing ------------------------------------------------------------ */

static int rules_sep(char c)
{
    return c == ' ' || c == '\t' || c == ',';
}

/* The name of entry k of the shapes (shape 1) or the scorings. */
static const char *rules_entry(int shape, int k)
{
    return shape ? shapes[k]->name : scores[k]->name;
}

/* The names of a table's entries as "a, b and c", into buf. */
static void rules_list(int shape, char *buf, size_t size)
{
    const size_t count = shape ? SHAPES : SCORES;
    size_t at = 0;
    buf[0] = '\0';
    for (size_t k = 0; k < count && at < size; k++) {
        const char *const name = rules_entry(shape, (int)k);
        const char *const sep = k == 0 ? "" : k + 1 == count ? " and " : ", ";
        const int w = snprintf(buf + at, size - at, "%s%s", sep, name);
        at += w > 0 ? (size_t)w : 0;
    }
}

/* Starts *err (when given) at line 1, column; returns COINLINE_EINVAL. */
static int rules_err(coinline_error_t *err, size_t column)
{
    if (err != NULL) {
        memset(err, 0, sizeof *err);
        err->line = 1;
        err->column = column;
    }
    return COINLINE_EINVAL;
}

static int rules_unknown(coinline_error_t *err, size_t column, const char *word,
                         size_t len)
{
    char shapes_list[96], scores_list[96];
    if (err == NULL)
        return COINLINE_EINVAL;
    rules_err(err, column);
    rules_list(1, shapes_list, sizeof shapes_list);
    rules_list(0, scores_list, sizeof scores_list);
    if (word == NULL)
        snprintf(err->message, sizeof err->message,
                 "no rules: give a shape (%s) and/or a scoring (%s)",
                 shapes_list, scores_list);
    else
        snprintf(err->message, sizeof err->message,
                 "unknown rule '%.*s' (the shapes are %s, the scorings %s)",
                 len > 30 ? 30 : (int)len, word, shapes_list, scores_list);
    return COINLINE_EINVAL;
}

static int rules_twice(coinline_error_t *err, size_t column, int shape,
                       const char *word, const char *before)
{
    if (err == NULL)
        return COINLINE_EINVAL;
    rules_err(err, column);
    snprintf(err->message, sizeof err->message,
             "'%s' is a second %s after '%s': give one", word,
             shape ? "shape" : "scoring", before);
    return COINLINE_EINVAL;
}

/* The index of word[0..len-1] among a table's names, or -1. */
static int rules_find(int shape, const char *word, size_t len)
{
    const size_t count = shape ? SHAPES : SCORES;
    for (size_t k = 0; k < count; k++) {
        const char *const name = rules_entry(shape, (int)k);
        if (strlen(name) == len && memcmp(name, word, len) == 0)
            return (int)k;
    }
    return -1;
}

int coinline_rules_parse(const char *text, coinline_rules_t *rules,
                         coinline_error_t *err)
{
    int found[2] = {-1, -1}; /* the scoring, the shape */
    if (text == NULL || rules == NULL)
        return COINLINE_EINVAL;
    for (size_t i = 0; text[i] != '\0';) {
        size_t len = 0;
        while (text[i + len] != '\0' && !rules_sep(text[i + len]))
            len++;
        if (len == 0) {
            i++;
            continue;
        }
        const int s = rules_find(1, text + i, len);
        const int shape = s >= 0;
        const int k = shape ? s : rules_find(0, text + i, len);
        if (k < 0)
            return rules_unknown(err, i + 1, text + i, len);
        if (found[shape] >= 0)
            return rules_twice(err, i + 1, shape, rules_entry(shape, k),
                               rules_entry(shape, found[shape]));
        found[shape] = k;
        i += len;
    }
    if (found[0] < 0 && found[1] < 0)
        return rules_unknown(err, 1, NULL, 0);
    memset(rules, 0, sizeof *rules);
    rules->shape = (coinline_shape_t)(found[1] >= 0 ? found[1] : 0);
    rules->score = (coinline_score_t)(found[0] >= 0 ? found[0] : 0);
    return COINLINE_OK;
}
