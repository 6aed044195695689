/* SPDX-License-Identifier: MIT */
/*
 * The ABI policy of include/coinline.h: the sizes of the structs callers
 * allocate or index are fixed within a major version (a change here is an
 * ABI break, to be made on purpose with a new soname), and the library
 * zero-fills their reserved fields whenever it fills one: the fields are
 * dirtied first, then every call that fills such a struct is made.
 */
#include <stdlib.h>
#include <string.h>

#include "coinline.h"
#include "common/tap.h"

/* The sizes on the 64-bit targets the library builds for (LP64). */
enum {
    RESULT_SIZE = 112,
    STATE_SIZE = 144,
    REVIEW_SIZE = 160,
    RECORD_SIZE = 152,
    ERROR_SIZE = 432,
    RULES_SIZE = 24,
    GAME_RESULT_SIZE = 128,
    GAME_STATE_SIZE = 160,
    TABLE_CELL_SIZE = 48
};

static int zero(const uint64_t *reserved, size_t count)
{
    for (size_t i = 0; i < count; i++)
        if (reserved[i] != 0)
            return 0;
    return 1;
}

#define ZERO(s)  zero((s).reserved, sizeof(s).reserved / sizeof(s).reserved[0])
#define DIRTY(s) memset(&(s), 0xa5, sizeof(s))

static void test_sizes(void)
{
    is_int(sizeof(coinline_result_t), RESULT_SIZE,
           "sizeof(coinline_result_t) is %d", RESULT_SIZE);
    is_int(sizeof(coinline_engine_state_t), STATE_SIZE,
           "sizeof(coinline_engine_state_t) is %d", STATE_SIZE);
    is_int(sizeof(coinline_move_review_t), REVIEW_SIZE,
           "sizeof(coinline_move_review_t) is %d", REVIEW_SIZE);
    is_int(sizeof(coinline_record_t), RECORD_SIZE,
           "sizeof(coinline_record_t) is %d", RECORD_SIZE);
    is_int(sizeof(coinline_error_t), ERROR_SIZE,
           "sizeof(coinline_error_t) is %d", ERROR_SIZE);
    is_int(sizeof(coinline_rules_t), RULES_SIZE,
           "sizeof(coinline_rules_t) is %d", RULES_SIZE);
    is_int(sizeof(coinline_game_result_t), GAME_RESULT_SIZE,
           "sizeof(coinline_game_result_t) is %d", GAME_RESULT_SIZE);
    is_int(sizeof(coinline_game_state_t), GAME_STATE_SIZE,
           "sizeof(coinline_game_state_t) is %d", GAME_STATE_SIZE);
    is_int(sizeof(coinline_table_cell_t), TABLE_CELL_SIZE,
           "sizeof(coinline_table_cell_t) is %d", TABLE_CELL_SIZE);
}

/* Every rules, every solver: the result's and the states' reserved words
 * zero; and the rules' own reserved words after coinline_rules_parse(). */
static void test_games(void)
{
    const int64_t row[] = {4, -2, 7, 7, 1};
    const char *const texts[] = {"line", "circle", "line,remaining",
                                 "circle,remaining"};
    coinline_game_result_t res;
    coinline_game_state_t st;
    coinline_rules_t rules;
    int good = 1, state_good = 1, parsed = 1;
    for (size_t k = 0; k < sizeof texts / sizeof texts[0]; k++) {
        DIRTY(rules);
        if (coinline_rules_parse(texts[k], &rules, NULL) != 0) {
            parsed = 0;
            continue;
        }
        parsed &= ZERO(rules);
        for (int algo = 0; algo < 3; algo++) {
            DIRTY(res);
            good &= coinline_game_solve(&rules, row, 5, (coinline_algo_t)algo,
                                        &res) == 0 &&
                    ZERO(res);
        }
        coinline_game_t *g = NULL;
        state_good &= coinline_game_new(&rules, row, 5, &g) == 0;
        for (int m = 0; state_good && m <= 5; m++) {
            DIRTY(st);
            state_good = coinline_game_state(g, &st) == 0 && ZERO(st) &&
                         (m == 5 || coinline_game_play(g, st.best) == 0);
        }
        coinline_game_free(g);
    }
    ok(parsed, "coinline_rules_parse() zero-fills the rules' reserved words");
    ok(good, "coinline_game_solve() zero-fills the result's reserved fields "
             "(every rules, every solver)");
    ok(state_good, "coinline_game_state() zero-fills the state's reserved "
                   "fields at every position (every rules)");
    coinline_table_t *t = NULL;
    coinline_table_cell_t cell;
    int cells = coinline_table_new_rules(&rules, row, 5, &t) == 0;
    for (uint64_t len = 1; cells && len < 5; len++) {
        DIRTY(cell);
        cells = coinline_table_cell(t, 2, len, &cell) == 0 && ZERO(cell);
    }
    coinline_table_free(t);
    ok(cells, "coinline_table_cell() zero-fills the cell's reserved fields");
}

static void test_results(void)
{
    const int64_t row[] = {1, 3, 5, 2, 9};
    coinline_result_t res;
    coinline_stream_t *s = NULL;
    int good = 1;
    for (int algo = 0; algo < 3; algo++) {
        DIRTY(res);
        good &= coinline_solve(row, 5, (coinline_algo_t)algo, &res) == 0 &&
                ZERO(res);
    }
    ok(good, "coinline_solve() zero-fills the result's reserved fields "
             "(every solver)");
    DIRTY(res);
    coinline_stream_new(&s);
    coinline_stream_push_many(s, row, 5);
    ok(coinline_stream_result(s, &res) == 0 && ZERO(res),
       "coinline_stream_result() zero-fills them");
    coinline_stream_free(s);
}

static void test_engine_and_review(void)
{
    const int64_t row[] = {4, -2, 7, 7};
    coinline_engine_t *e = NULL;
    coinline_engine_state_t st;
    coinline_move_review_t out[3];
    int good = coinline_engine_new(row, 4, &e) == 0;
    for (int k = 0; good && k < 4; k++) {
        DIRTY(st);
        good = coinline_engine_state(e, &st) == 0 && ZERO(st) &&
               coinline_engine_play(e, st.best) == 0;
    }
    DIRTY(st);
    ok(good && coinline_engine_state(e, &st) == 0 && ZERO(st),
       "coinline_engine_state() zero-fills the state's reserved fields at "
       "every position, the last included");
    coinline_engine_free(e);
    memset(out, 0xa5, sizeof out);
    ok(coinline_analyze(row, 4, "LRL", 3, out, NULL) == 0 && ZERO(out[0]) &&
           ZERO(out[1]) && ZERO(out[2]),
       "coinline_analyze() zero-fills every review's reserved fields");
}

static void test_records_and_errors(void)
{
    static const char text[] = "coinline-record 1\ngame 1\nrow 1 2\n"
                               "moves L\ngame 2\nrow\nmoves\n";
    static const char bad_text[] = "coinline-record 1\ngame 1\nrow x\n";
    coinline_record_t *g = NULL;
    size_t count = 0;
    coinline_error_t err;
    int64_t *coins = NULL;
    size_t n = 0;
    coinline_reader_t *r = NULL;
    ok(coinline_record_parse(text, sizeof text - 1, &g, &count, NULL) == 0 &&
           count == 2 && ZERO(g[0]) && ZERO(g[1]),
       "coinline_record_parse() zero-fills every game's reserved fields");
    coinline_record_free(g, count);
    DIRTY(err);
    ok(coinline_record_parse(bad_text, sizeof bad_text - 1, &g, &count, &err) ==
               COINLINE_ERECORD &&
           ZERO(err),
       "a record's error: reserved fields zero");
    DIRTY(err);
    ok(coinline_row_parse("1 x", &coins, &n, &err) == COINLINE_ESYNTAX &&
           ZERO(err),
       "a row's error: reserved fields zero");
    DIRTY(err);
    coinline_move_review_t out[2];
    ok(coinline_analyze(NULL, 0, "L", 1, out, &err) == COINLINE_EMOVE &&
           ZERO(err),
       "a bad move's error: reserved fields zero");
    DIRTY(err);
    coinline_reader_from_memory("2 1", 3, "abi", &r);
    ok(coinline_reader_read_game(r, &coins, &n) == COINLINE_ETRUNC &&
           coinline_reader_error(r, &err) == 0 && ZERO(err),
       "a reader's error: reserved fields zero");
    DIRTY(err);
    ok(coinline_reader_last_token(r, &err) == 0 && ZERO(err),
       "a reader's last token: reserved fields zero");
    coinline_reader_free(r);
}

int main(void)
{
    plan(23);
    test_sizes();
    test_games();
    test_results();
    test_engine_and_review();
    test_records_and_errors();
    return tap_done();
}
