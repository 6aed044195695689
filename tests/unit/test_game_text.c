/* SPDX-License-Identifier: MIT */
/*
 * Moves written as text (coinline_game_play_text()): every form (L and R
 * in either case, run together or not; positions separated by blanks,
 * commas or a colon; a circle's "P:LRL"), the positions they play, and
 * every refusal: its line, column and message, and that nothing of the
 * text stays played.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "coinline.h"
#include "common/check.h"
#include "common/tap.h"

static const int64_t row[] = {1, 3, 5, 2, 9};

static coinline_game_t *game(coinline_shape_t shape)
{
    const coinline_rules_t rules =
        COINLINE_RULES_INIT(shape, COINLINE_SCORE_TAKEN);
    coinline_game_t *g = NULL;
    if (coinline_game_new(&rules, row, 5, &g) != COINLINE_OK) {
        diag("coinline_game_new() failed");
        exit(1);
    }
    return g;
}

/* The positions played, as "p p p". */
static const char *history(const coinline_game_t *g, char *buf, size_t size)
{
    size_t at = 0;
    buf[0] = '\0';
    for (uint64_t k = 1; k <= coinline_game_moves(g) && at < size; k++)
        at += (size_t)snprintf(buf + at, size - at, "%s%llu", k > 1 ? " " : "",
                               (unsigned long long)coinline_game_history(g, k));
    return buf;
}

/* text with its control and non-ASCII bytes escaped, for test names. */
static const char *shown(const char *text, char *buf, size_t size)
{
    size_t at = 0;
    for (const unsigned char *c = (const unsigned char *)text;
         *c != '\0' && at + 5 < size; c++)
        at += (size_t)(*c >= 0x20 && *c < 0x7f
                           ? snprintf(buf + at, size - at, "%c", *c)
                           : snprintf(buf + at, size - at, "\\x%02x", *c));
    buf[at] = '\0';
    return buf;
}

typedef struct {
    coinline_shape_t shape;
    const char *text;
    const char *played;
} form_t;

static const form_t forms[] = {
    {COINLINE_SHAPE_LINE, "LRRL", "1 5 4 2"},
    {COINLINE_SHAPE_LINE, "l r R l", "1 5 4 2"},
    {COINLINE_SHAPE_LINE, "1 5 4 2", "1 5 4 2"},
    {COINLINE_SHAPE_LINE, "1,5,4,2", "1 5 4 2"},
    {COINLINE_SHAPE_LINE, "1R4l", "1 5 4 2"},
    {COINLINE_SHAPE_LINE, " 5 ,\t1\n\n2 ", "5 1 2"},
    {COINLINE_SHAPE_LINE, "005", "5"},
    {COINLINE_SHAPE_LINE, "", ""},
    {COINLINE_SHAPE_LINE, "LRLRL", "1 5 2 4 3"},
    {COINLINE_SHAPE_CIRCLE, "5:LRL", "5 1 4 2"},
    {COINLINE_SHAPE_CIRCLE, "5 1 4 2", "5 1 4 2"},
    {COINLINE_SHAPE_CIRCLE, "3:RRRR", "3 2 1 5 4"},
    {COINLINE_SHAPE_CIRCLE, "1:L", "1 2"},
};

static void test_forms(void)
{
    char buf[64], name[64];
    for (size_t k = 0; k < sizeof forms / sizeof forms[0]; k++) {
        const form_t *const f = &forms[k];
        coinline_game_t *g = game(f->shape);
        coinline_error_t err;
        const int rc =
            coinline_game_play_text(g, f->text, strlen(f->text), &err);
        ok(rc == COINLINE_OK &&
               strcmp(history(g, buf, sizeof buf), f->played) == 0,
           "%s: '%s' plays %s", f->shape ? "circle" : "row",
           shown(f->text, name, sizeof name), f->played);
        coinline_game_free(g);
    }
}

typedef struct {
    coinline_shape_t shape;
    const char *before; /* played first */
    const char *text;
    uint64_t line, column;
    const char *message;
} bad_t;

static const bad_t bads[] = {
    {COINLINE_SHAPE_LINE, "", "LRx", 1, 3,
     "move 3 is 'x', not L, R or a position"},
    {COINLINE_SHAPE_LINE, "", "L 3", 1, 3,
     "move 2 is position 3, which is not an end of the coins left (2 and "
     "5)"},
    {COINLINE_SHAPE_LINE, "", "9", 1, 1,
     "move 1 is position 9, not on the row of 5 coins"},
    {COINLINE_SHAPE_LINE, "", "R 0", 1, 3,
     "move 2 is position 0, not on the row of 5 coins"},
    {COINLINE_SHAPE_LINE, "", "99999999999999999999999999999", 1, 1,
     "move 1 is position 999999999999999999999999..., not on the row of 5 "
     "coins"},
    {COINLINE_SHAPE_LINE, "", "LLLLLL", 1, 6,
     "move 6 is one too many: the row has 5 coins"},
    {COINLINE_SHAPE_LINE, "", "LLLL 1", 1, 6,
     "move 5 is position 1, which is not the coin left (position 5)"},
    {COINLINE_SHAPE_LINE, "", "L\xff", 1, 2,
     "move 2 is byte 0xff, not L, R or a position"},
    {COINLINE_SHAPE_LINE, "", "LR\n  x", 2, 3,
     "move 3 is 'x', not L, R or a position"},
    {COINLINE_SHAPE_LINE, "L", "R x", 1, 3,
     "move 3 is 'x', not L, R or a position"},
    {COINLINE_SHAPE_LINE, "", "-1", 1, 1,
     "move 1 is '-', not L, R or a position"},
    {COINLINE_SHAPE_CIRCLE, "", "L", 1, 1,
     "move 1 is 'L', but any coin may be taken here: give its position (1 "
     "to 5)"},
    {COINLINE_SHAPE_CIRCLE, "", "6", 1, 1,
     "move 1 is position 6, not on the circle of 5 coins"},
    {COINLINE_SHAPE_CIRCLE, "", "5:LLLLL", 1, 7,
     "move 6 is one too many: the circle has 5 coins"},
    {COINLINE_SHAPE_CIRCLE, "", "2:4", 1, 3,
     "move 2 is position 4, which is not an end of the coins left (3 and "
     "1)"},
    {COINLINE_SHAPE_CIRCLE, "", "2 3 5", 1, 5,
     "move 3 is position 5, which is not an end of the coins left (4 and "
     "1)"},
};

static void test_refusals(void)
{
    char buf[64], was[64], name[64];
    for (size_t k = 0; k < sizeof bads / sizeof bads[0]; k++) {
        const bad_t *const b = &bads[k];
        coinline_game_t *g = game(b->shape);
        coinline_error_t err;
        coinline_game_state_t before, after;
        int good = coinline_game_play_text(g, b->before, strlen(b->before),
                                           NULL) == 0 &&
                   coinline_game_state(g, &before) == 0;
        history(g, was, sizeof was);
        memset(&err, 0xa5, sizeof err);
        const int rc =
            coinline_game_play_text(g, b->text, strlen(b->text), &err);
        good = good && rc == COINLINE_EMOVE && err.line == b->line &&
               err.column == b->column &&
               strcmp(err.message, b->message) == 0 && err.reserved[0] == 0 &&
               strcmp(history(g, buf, sizeof buf), was) == 0 &&
               coinline_game_state(g, &after) == 0 &&
               memcmp(&before, &after, sizeof after) == 0;
        ok(good,
           "%s after '%s': '%s' is refused at %llu:%llu (%s), and "
           "nothing of it stays played",
           b->shape ? "circle" : "row", b->before,
           shown(b->text, name, sizeof name), (unsigned long long)b->line,
           (unsigned long long)b->column, b->message);
        if (!good)
            diag("got rc %d at %llu:%llu: '%s'; played %s", rc,
                 (unsigned long long)err.line, (unsigned long long)err.column,
                 err.message, history(g, buf, sizeof buf));
        coinline_game_free(g);
    }
}

/* coinline_positions_text(): the ends' notation, read back as the same
 * moves. */
static void test_positions_text(void)
{
    static const uint64_t line[] = {1, 5, 4, 2, 3}, ring[] = {5, 1, 4, 2, 3};
    const coinline_rules_t lr =
        COINLINE_RULES_INIT(COINLINE_SHAPE_LINE, COINLINE_SCORE_REMAINING);
    const coinline_rules_t cr =
        COINLINE_RULES_INIT(COINLINE_SHAPE_CIRCLE, COINLINE_SCORE_TAKEN);
    char buf[64];
    ok(coinline_positions_text(&lr, 5, line, 5, buf, sizeof buf) == 5 &&
           strcmp(buf, "LRRLL") == 0,
       "a line: 1 5 4 2 3 is LRRLL (the last coin an L)");
    ok(coinline_positions_text(&cr, 5, ring, 5, buf, sizeof buf) == 6 &&
           strcmp(buf, "5:LRLL") == 0 &&
           coinline_positions_text(&cr, 5, ring, 0, buf, sizeof buf) == 0 &&
           buf[0] == '\0',
       "a circle: 5 1 4 2 3 is 5:LRLL; no moves, the empty text");
    ok(coinline_positions_text(&lr, 5, (const uint64_t[]){2}, 1, buf,
                               sizeof buf) == COINLINE_EMOVE &&
           buf[0] == '\0' &&
           coinline_positions_text(&cr, 5, ring, 5, buf, 6) ==
               COINLINE_EINVAL &&
           buf[0] == '\0' &&
           coinline_positions_text(&cr, 5, ring, 5, buf, 7) == 6 &&
           coinline_positions_text(NULL, 5, ring, 5, buf, 7) ==
               COINLINE_EINVAL &&
           coinline_positions_text(&cr, 5, NULL, 5, buf, 7) ==
               COINLINE_EINVAL &&
           coinline_positions_text(&cr, 5, ring, 5, NULL, 7) == COINLINE_EINVAL,
       "a move not legal: EMOVE; a buffer one byte short, NULL rules, "
       "positions or buffer: EINVAL");
    /* random games of both shapes, written and read back */
    uint64_t state = 5, q[40];
    int good = 1;
    for (int c = 0; c < 400; c++) {
        const coinline_rules_t *const r = c % 2 ? &cr : &lr;
        const size_t n = (size_t)coinline_random_uniform(&state, 39);
        int64_t coins[40];
        coinline_game_t *g = NULL, *h = NULL;
        char text[80];
        coinline_random_row(&state, -5, 5, coins, n);
        good &= coinline_game_new(r, coins, n, &g) == 0 &&
                coinline_game_new(r, coins, n, &h) == 0;
        for (size_t k = 0; good && k < n; k++) {
            coinline_game_state_t st;
            coinline_game_state(g, &st);
            q[k] = st.left_end == 0 ? 1 + coinline_random_uniform(&state, n - 1)
                   : coinline_random_uniform(&state, 1) ? st.left_end
                                                        : st.right_end;
            good = coinline_game_play(g, q[k]) == 0;
        }
        const int len = coinline_positions_text(r, n, q, n, text, sizeof text);
        good = good && len >= 0 &&
               coinline_game_play_text(h, text, (size_t)len, NULL) == 0 &&
               coinline_game_moves(h) == n;
        for (size_t k = 0; good && k < n; k++)
            good = coinline_game_history(h, k + 1) == q[k];
        coinline_game_free(g);
        coinline_game_free(h);
    }
    ok(good, "400 random games of both shapes: their positions written so "
             "are read back by coinline_game_play_text() as the same moves");
}

static void test_arguments(void)
{
    coinline_game_t *g = game(COINLINE_SHAPE_LINE);
    ok(coinline_game_play_text(NULL, "L", 1, NULL) == COINLINE_EINVAL &&
           coinline_game_play_text(g, NULL, 1, NULL) == COINLINE_EINVAL &&
           coinline_game_play_text(g, NULL, 0, NULL) == COINLINE_OK &&
           coinline_game_play_text(g, "x", 1, NULL) == COINLINE_EMOVE &&
           coinline_game_play_text(g, "LRRRR", 3, NULL) == COINLINE_OK &&
           coinline_game_moves(g) == 3,
       "NULL game or text: EINVAL (no text with len 0 is fine); err may be "
       "NULL; only len bytes are read");
    coinline_game_free(g);
}

int main(void)
{
    test_forms();
    test_refusals();
    test_positions_text();
    test_arguments();
    return done_testing();
}
