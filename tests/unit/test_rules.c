/* SPDX-License-Identifier: MIT */
/*
 * The rules as data and as text (coinline_rules_*, coinline_shape_name(),
 * coinline_score_name()): every accepted spelling and its canonical name,
 * the round trip, every refusal with its column and message, and the
 * check every call makes.
 */
#include <string.h>

#include "coinline.h"
#include "common/check.h"
#include "common/tap.h"

typedef struct {
    const char *text;
    coinline_shape_t shape;
    coinline_score_t score;
    const char *name;
} good_t;

static const good_t goods[] = {
    {"line", COINLINE_SHAPE_LINE, COINLINE_SCORE_TAKEN, "line"},
    {"circle", COINLINE_SHAPE_CIRCLE, COINLINE_SCORE_TAKEN, "circle"},
    {"taken", COINLINE_SHAPE_LINE, COINLINE_SCORE_TAKEN, "line"},
    {"remaining", COINLINE_SHAPE_LINE, COINLINE_SCORE_REMAINING,
     "line,remaining"},
    {"circle,remaining", COINLINE_SHAPE_CIRCLE, COINLINE_SCORE_REMAINING,
     "circle,remaining"},
    {"remaining circle", COINLINE_SHAPE_CIRCLE, COINLINE_SCORE_REMAINING,
     "circle,remaining"},
    {" line , taken ", COINLINE_SHAPE_LINE, COINLINE_SCORE_TAKEN, "line"},
    {"circle\ttaken", COINLINE_SHAPE_CIRCLE, COINLINE_SCORE_TAKEN, "circle"},
    {",,line,,remaining,", COINLINE_SHAPE_LINE, COINLINE_SCORE_REMAINING,
     "line,remaining"},
};

static void test_accepted(void)
{
    for (size_t k = 0; k < sizeof goods / sizeof goods[0]; k++) {
        const good_t *const g = &goods[k];
        coinline_rules_t r, back;
        char name[COINLINE_RULES_STRLEN];
        memset(&r, 0xa5, sizeof r);
        int good = coinline_rules_parse(g->text, &r, NULL) == 0 &&
                   r.shape == g->shape && r.score == g->score &&
                   r.reserved[0] == 0 && r.reserved[1] == 0 &&
                   coinline_rules_check(&r) == 0;
        const int len = coinline_rules_name(&r, name, sizeof name);
        good = good && len == (int)strlen(g->name) &&
               strcmp(name, g->name) == 0 &&
               coinline_rules_parse(name, &back, NULL) == 0 &&
               memcmp(&back, &r, sizeof r) == 0;
        ok(good,
           "'%s' is shape %d, scoring %d, named '%s', read back as "
           "itself",
           g->text, (int)g->shape, (int)g->score, g->name);
    }
}

typedef struct {
    const char *text;
    uint64_t column;
    const char *message;
} bad_t;

static const bad_t bads[] = {
    {"", 1,
     "no rules: give a shape (line and circle) and/or a scoring (taken and "
     "remaining)"},
    {" , ", 1,
     "no rules: give a shape (line and circle) and/or a scoring (taken and "
     "remaining)"},
    {"square", 1,
     "unknown rule 'square' (the shapes are line and circle, the scorings "
     "taken and remaining)"},
    {"circle,Remaining", 8,
     "unknown rule 'Remaining' (the shapes are line and circle, the "
     "scorings taken and remaining)"},
    {"line circle", 6, "'circle' is a second shape after 'line': give one"},
    {"remaining,taken", 11,
     "'taken' is a second scoring after 'remaining': give one"},
    {"line line", 6, "'line' is a second shape after 'line': give one"},
    {"circle;remaining", 1,
     "unknown rule 'circle;remaining' (the shapes are line and circle, the "
     "scorings taken and remaining)"},
};

static void test_refused(void)
{
    for (size_t k = 0; k < sizeof bads / sizeof bads[0]; k++) {
        const bad_t *const b = &bads[k];
        coinline_rules_t r = COINLINE_RULES_INIT(COINLINE_SHAPE_CIRCLE,
                                                 COINLINE_SCORE_REMAINING);
        coinline_error_t err;
        memset(&err, 0xa5, sizeof err);
        const int rc = coinline_rules_parse(b->text, &r, &err);
        ok(rc == COINLINE_EINVAL && err.line == 1 && err.column == b->column &&
               strcmp(err.message, b->message) == 0 &&
               r.shape == COINLINE_SHAPE_CIRCLE &&
               r.score == COINLINE_SCORE_REMAINING && err.reserved[0] == 0 &&
               err.reserved[3] == 0,
           "'%s' is refused at column %llu: %s", b->text,
           (unsigned long long)b->column, b->message);
        if (strcmp(err.message, b->message) != 0)
            diag("got: rc %d, column %llu, '%s'", rc,
                 (unsigned long long)err.column, err.message);
    }
    coinline_rules_t r;
    ok(coinline_rules_parse(NULL, &r, NULL) == COINLINE_EINVAL &&
           coinline_rules_parse("line", NULL, NULL) == COINLINE_EINVAL &&
           coinline_rules_parse("x", &r, NULL) == COINLINE_EINVAL,
       "NULL text or rules, and an error without err: EINVAL");
}

static void test_check_and_names(void)
{
    coinline_rules_t r;
    char buf[COINLINE_RULES_STRLEN];
    memset(&r, 0, sizeof r);
    ok(coinline_rules_check(&r) == 0, "all zero is valid (the classic game)");
    r.reserved[0] = 1;
    ok(coinline_rules_check(&r) == COINLINE_EINVAL &&
           coinline_rules_name(&r, buf, sizeof buf) == COINLINE_EINVAL &&
           buf[0] == '\0',
       "a reserved word set: refused by the check and by the name");
    memset(&r, 0, sizeof r);
    r.shape = (coinline_shape_t)2;
    ok(coinline_rules_check(&r) == COINLINE_EINVAL, "an unknown shape");
    r.shape = COINLINE_SHAPE_LINE;
    r.score = (coinline_score_t)-1;
    ok(coinline_rules_check(&r) == COINLINE_EINVAL &&
           coinline_rules_check(NULL) == COINLINE_EINVAL,
       "an unknown scoring, and NULL");
    const coinline_rules_t longest =
        COINLINE_RULES_INIT(COINLINE_SHAPE_CIRCLE, COINLINE_SCORE_REMAINING);
    ok(coinline_rules_name(&longest, buf, 17) == 16 &&
           strcmp(buf, "circle,remaining") == 0 &&
           coinline_rules_name(&longest, buf, 16) == COINLINE_EINVAL &&
           buf[0] == '\0' &&
           coinline_rules_name(&longest, NULL, 40) == COINLINE_EINVAL,
       "the name needs its length plus one: 17 bytes for "
       "'circle,remaining'; less, or no buffer, is EINVAL");
    ok(strcmp(coinline_shape_name(COINLINE_SHAPE_LINE), "line") == 0 &&
           strcmp(coinline_shape_name(COINLINE_SHAPE_CIRCLE), "circle") == 0 &&
           coinline_shape_name((coinline_shape_t)2) == NULL &&
           strcmp(coinline_score_name(COINLINE_SCORE_TAKEN), "taken") == 0 &&
           strcmp(coinline_score_name(COINLINE_SCORE_REMAINING), "remaining") ==
               0 &&
           coinline_score_name((coinline_score_t)5) == NULL,
       "the names of shapes and scorings; NULL for other values");
}

int main(void)
{
    test_accepted();
    test_refused();
    test_check_and_names();
    return done_testing();
}
