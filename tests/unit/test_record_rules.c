/* SPDX-License-Identifier: MIT */
/*
 * Records under any rules (docs/record.md): the "rules" key and the moves
 * as positions read, with the classic forms; what the writer writes for
 * each scoring (the classic forms byte for byte under TAKEN, the general
 * form otherwise); round trips of random games of every rule set through
 * coinline_record_write() and coinline_record_write_game(), their totals
 * in the rules' scoring against the oracle; coinline_record_rules() and
 * coinline_record_positions(); every new refusal with its place.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "coinline.h"
#include "common/check.h"
#include "common/game_oracle.h"
#include "common/rng.h"
#include "common/tap.h"

enum { MAXN = 60 };

static const coinline_rules_t all_rules[4] = {
    COINLINE_RULES_INIT(COINLINE_SHAPE_LINE, COINLINE_SCORE_TAKEN),
    COINLINE_RULES_INIT(COINLINE_SHAPE_CIRCLE, COINLINE_SCORE_TAKEN),
    COINLINE_RULES_INIT(COINLINE_SHAPE_LINE, COINLINE_SCORE_REMAINING),
    COINLINE_RULES_INIT(COINLINE_SHAPE_CIRCLE, COINLINE_SCORE_REMAINING)};

static const char *const names[4] = {"line", "circle", "line,remaining",
                                     "circle,remaining"};

/* Parses text; the games and their count, or NULL. */
static coinline_record_t *parse(const char *text, size_t *count,
                                coinline_error_t *err)
{
    coinline_record_t *g = NULL;
    if (coinline_record_parse(text, strlen(text), &g, count, err) != 0)
        return NULL;
    return g;
}

/* What a writer call writes, NUL-terminated, into buf. */
static int written(const coinline_record_t *g, const coinline_game_t *game,
                   char *buf, size_t size)
{
    buf[0] = '\0';
    FILE *fp = fmemopen(buf, size, "w");
    if (fp == NULL)
        return -100;
    const int rc = game != NULL ? coinline_record_write_game(fp, g, game)
                                : coinline_record_write(fp, g);
    fclose(fp);
    return rc;
}

#define H "coinline-record 1\n"

static void test_reading(void)
{
    size_t count = 0;
    uint64_t pos[8];
    size_t npos = 0;
    coinline_rules_t rules;
    coinline_record_t *g = parse(H "game 1\nrules line remaining\nrow 5 3 1 "
                                   "4 2\nmoves 5 1 2 3 4\ntotals 18 12\n",
                                 &count, NULL);
    ok(g != NULL && count == 1 && g->score == COINLINE_SCORE_REMAINING &&
           g->circle == 0 && g->nmoves == 5 && strcmp(g->moves, "RLLLL") == 0 &&
           i128_from_ci(g->total[0]) == 18 && i128_from_ci(g->total[1]) == 12 &&
           coinline_record_rules(g, &rules) == 0 &&
           rules.shape == COINLINE_SHAPE_LINE &&
           rules.score == COINLINE_SCORE_REMAINING &&
           coinline_record_positions(g, pos, &npos) == 0 && npos == 5 &&
           pos[0] == 5 && pos[1] == 1 && pos[4] == 4,
       "rules line remaining, moves as positions: LeetCode's line, its "
       "totals 18 12 checked in that scoring, the moves held as RLLLL");
    coinline_record_free(g, count);
    g = parse(H "game 3\nrules circle,remaining\nrow 1 3 5 2 9\nmoves 5 1 "
                "4\n",
              &count, NULL);
    ok(g != NULL && g->circle == 1 && g->first == 5 &&
           strcmp(g->moves, "LR") == 0 &&
           g->score == COINLINE_SCORE_REMAINING &&
           i128_from_ci(g->total[0]) == 11 + 8 &&
           i128_from_ci(g->total[1]) == 10 &&
           coinline_record_positions(g, NULL, &npos) == 0 && npos == 3,
       "rules circle,remaining: move 1 is the first position, the rest "
       "ends: first 5, LR; totals 11 + 8 and 10 (what remains)");
    coinline_record_free(g, count);
    g = parse(H "game 1\nrules circle\ncircle 5\nrow 1 3 5 2 9\nmoves LLLL\n"
                "totals 14 6\ngame 2\nrow 1 3 5 2 9\nmoves 1 5 4 2\n",
              &count, NULL);
    ok(g != NULL && count == 2 && g[0].circle == 1 && g[0].first == 5 &&
           g[0].score == COINLINE_SCORE_TAKEN && g[1].circle == 0 &&
           strcmp(g[1].moves, "LRRL") == 0 &&
           i128_from_ci(g[1].total[0]) == 1 + 2 &&
           i128_from_ci(g[1].total[1]) == 9 + 3,
       "a rules key with a circle key; positions on a row without a rules "
       "key (the classic game)");
    coinline_record_free(g, count);
    g = parse(H "game 1\nrules circle\nrow 4 5\nmoves\n", &count, NULL);
    ok(g != NULL && g->circle == 1 && g->first == 0 && g->nmoves == 0,
       "rules circle with no move: first 0");
    coinline_record_free(g, count);
}

static void test_writing(void)
{
    static const int64_t row[] = {5, 3, 1, 4, 2};
    char buf[512];
    coinline_record_t g;
    memset(&g, 0, sizeof g);
    g.number = 1;
    g.coins = row;
    g.n = 5;
    g.moves = "RLLLL";
    g.nmoves = 5;
    ok(written(&g, NULL, buf, sizeof buf) == 0 &&
           strcmp(buf, "game 1\nrow 5 3 1 4 2\nmoves RLLLL\ntotals 9 6\n") == 0,
       "the classic scoring is written in the classic form, as before");
    g.circle = 1;
    g.first = 5;
    g.nmoves = 0;
    ok(written(&g, NULL, buf, sizeof buf) == 0 &&
           strcmp(buf, "game 1\ncircle 5\nrow 5 3 1 4 2\nmoves\ntotals 2 "
                       "0\n") == 0,
       "circle,taken after move 1 alone: a 'circle 5' key and an empty moves "
       "line, as before");
    g.circle = 0;
    g.first = 0;
    g.nmoves = 5;
    g.score = COINLINE_SCORE_REMAINING;
    ok(written(&g, NULL, buf, sizeof buf) == 0 &&
           strcmp(buf, "game 1\nrules line,remaining\nrow 5 3 1 4 2\nmoves "
                       "5 1 2 3 4\ntotals 18 12\n") == 0,
       "REMAINING: the general form, rules and positions, its totals");
    g.circle = 1;
    g.first = 2;
    g.moves = "RL";
    g.nmoves = 2;
    ok(written(&g, NULL, buf, sizeof buf) == 0 &&
           strcmp(buf, "game 1\nrules circle,remaining\nrow 5 3 1 4 2\nmoves "
                       "2 1 3\ntotals 18 7\n") == 0,
       "circle,remaining: move 1's position first, then the ends");
    g.nmoves = 0;
    g.first = 0;
    ok(written(&g, NULL, buf, sizeof buf) == 0 &&
           strcmp(buf, "game 1\nrules circle,remaining\nrow 5 3 1 4 2\nmoves"
                       "\ntotals 0 0\n") == 0,
       "no move: an empty moves line");
    g.score = (coinline_score_t)7;
    ok(written(&g, NULL, buf, sizeof buf) == COINLINE_EINVAL && buf[0] == '\0',
       "an unknown score is refused, nothing written");
}

/* A random record of rules k: moves by the oracle's legal ones. */
static void random_record(rng_t *r, int k, int64_t *a, size_t n, uint64_t *q,
                          size_t *count)
{
    ogame_t o;
    ogame_init(&o, &all_rules[k], a, n);
    opos_t p = ogame_start(&o);
    *count = rng_below(r, 3) == 0 ? rng_below(r, n + 1) : n;
    for (size_t m = 0; m < *count; m++) {
        uint64_t l, rr;
        ogame_ends(&o, p, &l, &rr);
        q[m] = p.any ? 1 + rng_below(r, n) : rng_below(r, 2) ? l : rr;
        p = ogame_take(&o, p, q[m]);
    }
    ogame_free(&o);
}

/* The scores along q under rules k, by the oracle. */
static void oracle_scores(int k, const int64_t *a, size_t n, const uint64_t *q,
                          size_t count, i128 *t)
{
    ogame_t o;
    ogame_init(&o, &all_rules[k], a, n);
    opos_t p = ogame_start(&o);
    t[0] = t[1] = 0;
    for (size_t m = 0; m < count; m++) {
        t[m % 2] += ogame_gain(&o, p, q[m]);
        p = ogame_take(&o, p, q[m]);
    }
    ogame_free(&o);
}

static void test_round_trips(void)
{
    rng_t r;
    int64_t a[MAXN];
    uint64_t q[MAXN], back[MAXN];
    static char buf[1 << 16];
    rng_seed(&r, 1);
    for (int k = 0; k < 4; k++) {
        tally_t t = {0, 0};
        for (int c = 0; c < 300; c++) {
            const size_t n = rng_below(&r, c % 2 ? MAXN : 6);
            size_t count = 0, nback = 0, games = 0;
            coinline_game_t *game = NULL;
            coinline_record_t meta;
            i128 want[2];
            gen_values(&r, a, n, (vals_t)(c % (int)VALS_COUNT));
            random_record(&r, k, a, n, q, &count);
            oracle_scores(k, a, n, q, count, want);
            memset(&meta, 0, sizeof meta);
            meta.number = (uint64_t)c + 1;
            meta.name[0] = "one";
            int good = coinline_game_new(&all_rules[k], a, n, &game) == 0;
            for (size_t m = 0; good && m < count; m++)
                good = coinline_game_play(game, q[m]) == 0;
            memcpy(buf, H, sizeof H - 1);
            good = good && written(&meta, game, buf + sizeof H - 1,
                                   sizeof buf - sizeof H) == 0;
            coinline_record_t *g = good ? parse(buf, &games, NULL) : NULL;
            coinline_rules_t rules;
            good = g != NULL && games == 1 && g->number == meta.number &&
                   strcmp(g->name[0], "one") == 0 && g->n == n &&
                   (n == 0 || memcmp(g->coins, a, n * sizeof *a) == 0) &&
                   coinline_record_rules(g, &rules) == 0 &&
                   memcmp(&rules, &all_rules[k], sizeof rules) == 0 &&
                   coinline_record_positions(g, back, &nback) == 0 &&
                   nback == count && memcmp(back, q, count * sizeof *q) == 0 &&
                   i128_from_ci(g->total[0]) == want[0] &&
                   i128_from_ci(g->total[1]) == want[1] &&
                   (strstr(buf, "rules ") != NULL) ==
                       (all_rules[k].score != COINLINE_SCORE_TAKEN);
            /* and the record written again from the record: same text */
            static char again[1 << 16];
            good = good && written(g, NULL, again, sizeof again) == 0 &&
                   strcmp(again, buf + sizeof H - 1) == 0;
            if (!tally_check(&t, good))
                tally_note(&t, "game %d: %s", c, buf);
            coinline_record_free(g, games);
            coinline_game_free(game);
        }
        ok(tally_passed(&t),
           "%s: 300 random games written from a game, read back (rules, "
           "coins, positions, totals by the oracle) and written again the "
           "same",
           names[k]);
    }
}

typedef struct {
    const char *text;
    uint64_t line, column;
    const char *message;
} bad_t;

static const bad_t bads[] = {
    {H "game 1\nrules square\nrow 1\nmoves\n", 3, 7,
     "rules: unknown rule 'square' (the shapes are line and circle, the "
     "scorings taken and remaining)"},
    {H "game 1\nrules circle line\nrow 1\nmoves\n", 3, 14,
     "rules: 'line' is a second shape after 'circle': give one"},
    {H "game 1\nrules\nrow 1\nmoves\n", 3, 6,
     "rules: no rules: give a shape (line and circle) and/or a scoring "
     "(taken and remaining)"},
    {H "game 4\nrules line\nrules line\nrow 1\nmoves\n", 4, 1,
     "'rules' is given twice in game 4"},
    {H "game 2\ncircle 1\nrules line,remaining\nrow 1 2\nmoves\n", 3, 1,
     "game 2: 'circle' gives move 1 on a circle, but the rules are "
     "'line,remaining'"},
    {H "game 1\nrules circle\nrow 1 2 3\nmoves LR\n", 5, 7,
     "game 1: move 1 on a circle takes a position: write the moves as "
     "positions, or give 'circle FIRST'"},
    {H "game 1\nrow 1 3 5 2 9\nmoves 1 3\n", 4, 9,
     "game 1: move 2 is position 3, which is not an end of the coins left "
     "(2 and 5)"},
    {H "game 1\nrules remaining\nrow 1 3\nmoves 7\n", 5, 7,
     "game 1: move 1 is position 7, not on the row of 2 coins"},
    {H "game 1\nrow 1 3\nmoves 1 2 1\n", 4, 11,
     "game 1: move 3 is one too many: the row has 2 coins"},
    {H "game 1\nrules circle\nrow 1 3 5\nmoves 2 2\n", 5, 9,
     "game 1: move 2 is position 2, which is not an end of the coins left "
     "(3 and 1)"},
    {H "game 1\nrow 1 3 5\nmoves 1 x\n", 4, 9,
     "move 2 is 'x', not a position (the moves are positions separated by "
     "single spaces, or one word of L and R)"},
    {H "game 1\nrow 1 3 5\nmoves 1  2\n", 4, 9,
     "move 2 is ' ', not a position (the moves are positions separated by "
     "single spaces, or one word of L and R)"},
    {H "game 1\ncircle 2\nrow 1 3 5\nmoves 3,1\n", 5, 8,
     "move 2 is ',', not a position (the moves are positions separated by "
     "single spaces, or one word of L and R)"},
    {H "game 1\ncircle 0\nrow 1 3 5\nmoves 3\n", 5, 7,
     "game 1: move 2 needs move 1 first: circle 0 means move 1 was not "
     "played"},
    {H "game 1\nrules remaining\nrow 1 3 5\nmoves 1\ntotals 1 0\n", 6, 8,
     "game 1: the totals do not follow from the row and the moves, which "
     "give 8 0"},
    {H "game 1\nrow 1 3\nmoves 99999999999999999999999999\n", 4, 7,
     "game 1: move 1 is position 999999999999999999999999..., not on the "
     "row of 2 coins"},
};

static void test_refusals(void)
{
    for (size_t k = 0; k < sizeof bads / sizeof bads[0]; k++) {
        coinline_record_t *g = NULL;
        size_t count = 0;
        coinline_error_t err;
        memset(&err, 0xa5, sizeof err);
        const int rc = coinline_record_parse(bads[k].text, strlen(bads[k].text),
                                             &g, &count, &err);
        ok(rc == COINLINE_ERECORD && g == NULL && err.line == bads[k].line &&
               err.column == bads[k].column &&
               strcmp(err.message, bads[k].message) == 0,
           "refused at %llu:%llu: %s", (unsigned long long)bads[k].line,
           (unsigned long long)bads[k].column, bads[k].message);
        if (rc != COINLINE_ERECORD || strcmp(err.message, bads[k].message) ||
            err.line != bads[k].line || err.column != bads[k].column)
            diag("got rc %d at %llu:%llu: '%s'", rc,
                 (unsigned long long)err.line, (unsigned long long)err.column,
                 err.message);
        coinline_record_free(g, count);
    }
}

static void test_arguments(void)
{
    coinline_record_t g;
    coinline_rules_t rules;
    size_t count;
    char buf[64];
    memset(&g, 0, sizeof g);
    g.number = 1;
    ok(coinline_record_rules(NULL, &rules) == COINLINE_EINVAL &&
           coinline_record_rules(&g, NULL) == COINLINE_EINVAL &&
           coinline_record_positions(&g, NULL, NULL) == COINLINE_EINVAL &&
           coinline_record_positions(NULL, NULL, &count) == COINLINE_EINVAL,
       "NULL arguments: EINVAL");
    g.circle = 2;
    ok(coinline_record_rules(&g, &rules) == COINLINE_EINVAL, "circle 2");
    g.circle = 0;
    g.score = (coinline_score_t)3;
    ok(coinline_record_rules(&g, &rules) == COINLINE_EINVAL &&
           coinline_record_positions(&g, NULL, &count) == COINLINE_EINVAL,
       "an unknown score: EINVAL");
    g.score = COINLINE_SCORE_TAKEN;
    g.moves = "LX";
    g.nmoves = 2;
    ok(coinline_record_positions(&g, NULL, &count) == COINLINE_EINVAL,
       "moves that do not fit the row: EINVAL");
    coinline_game_t *game = NULL;
    coinline_game_new(&all_rules[0], NULL, 0, &game);
    ok(written(NULL, game, buf, sizeof buf) == COINLINE_EINVAL &&
           coinline_record_write_game(NULL, &g, game) == COINLINE_EINVAL,
       "coinline_record_write_game(): NULL meta or file: EINVAL");
    g.number = 0;
    ok(written(&g, game, buf, sizeof buf) == COINLINE_EINVAL,
       "coinline_record_write_game(): game number 0 is refused");
    coinline_game_free(game);
}

int main(void)
{
    test_reading();
    test_writing();
    test_round_trips();
    test_refusals();
    test_arguments();
    return done_testing();
}
