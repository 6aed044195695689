/* SPDX-License-Identifier: MIT */
/*
 * game.c - the model of one game of coinline play under any rules: the
 * moves played (positions, on the library's coinline_game_t), the
 * optimal move and the points lost at each, the engine's turn, hints,
 * undo of a full turn, and the end summary.
 *
 * A move's loss is the fall of the mover's final margin (own - other's)
 * with best play, from before the move to after it, in the points the
 * scoring counts (cli_score_words_t's margin_per_loss): under taken,
 * points of the mover's final total (half the margin: an exact integer,
 * as the value has the parity of the coins left), under remaining points
 * of the margin. Summed over the game, the final margin is the optimal
 * one less player 1's losses plus player 2's (under taken, each player's
 * total is its total with best play less its own losses plus the
 * other's).
 *
 * The line played, g->coins, is the coins from the position after move
 * 1's where that move took any coin (a circle's), else the row: what the
 * screens show; its ends are L and R.
 *
 * A game of several rows (g->several) is played by play/rows_game.c: a
 * move is a row and an end; the seats, the losses, undo and the summary
 * are those of every game, its state read through game_state().
 */
#include <stdlib.h>
#include <string.h>

#include "decimal.h"
#include "game.h"
#include "jsonw.h"
#include "player.h"
#include "reply.h"
#include "rules.h"
#include "wide.h"

int play_game_mover(size_t k)
{
    return (int)(k % 2);
}

/* The arrays of the moves, for n moves. Returns 0 or COINLINE_ENOMEM. */
static int alloc_moves(play_game_t *g, size_t n)
{
    g->moves = malloc(n + 1);
    g->best = malloc((n + 1) * sizeof *g->best);
    g->taken = malloc((n + 1) * sizeof *g->taken);
    g->loss = malloc((n + 1) * sizeof *g->loss);
    g->coins = malloc((n + 1) * sizeof *g->coins);
    return g->moves && g->best && g->taken && g->loss && g->coins
               ? COINLINE_OK
               : COINLINE_ENOMEM;
}

/* The line played from position first + 1 on: n coins, or n - 1 after a
 * move that took any coin. */
static void fill_line(play_game_t *g)
{
    g->line_n = g->first > 0 ? g->n - 1 : g->n;
    for (size_t i = 0; i < g->line_n; i++)
        g->coins[i] = g->ring[(g->first + i) % g->n];
    g->lo = 0;
    g->hi = g->line_n;
}

/* The game over positions, what best play scores, and the line. */
static int start_game(play_game_t *g)
{
    coinline_game_result_t res;
    coinline_game_state_t st;
    int rc = coinline_game_new(&g->rules, g->ring, g->n, &g->game);
    if (rc == COINLINE_OK)
        rc = coinline_game_state(g->game, &st);
    if (rc == COINLINE_OK)
        rc = coinline_game_solve(&g->rules, g->ring, g->n, COINLINE_ALGO_LINEAR,
                                 &res);
    if (rc != COINLINE_OK)
        return rc;
    g->best_p[0] = res.p1;
    g->best_p[1] = res.p2;
    g->any = st.to_move != 0 && st.left_end == 0;
    fill_line(g);
    if (g->any)
        g->line_n = g->hi = 0;
    return COINLINE_OK;
}

/* The fields of a game of n coins before it starts, and its words and
 * arrays: 0 or a negative code. */
static int reset(play_game_t *g, int64_t *ring, size_t n)
{
    g->ring = ring;
    g->coins = NULL;
    g->game = NULL;
    g->n = n;
    g->first = 0;
    g->nmoves = 0;
    g->forfeit = NULL;
    g->begun = 0;
    g->several = 0;
    g->shape = cli_shape_words(&g->rules);
    g->score = cli_score_words(&g->rules);
    return g->shape != NULL && g->score != NULL ? alloc_moves(g, n)
                                                : COINLINE_EINVAL;
}

/* The engine's player begun, the sum of coins[0..n-1]: the end of a
 * start that went well so far (rc 0). Returns 0 or a negative code (g
 * freed). */
static int finish_start(play_game_t *g, int rc, const int64_t *coins, size_t n)
{
    for (int s = 0; rc == COINLINE_OK && s < 2; s++)
        if (g->bot != NULL && !g->person[s]) {
            rc = cli_player_begin(g->bot, g->game, s + 1, g->seed);
            g->begun = 1;
        }
    if (rc != COINLINE_OK) {
        play_game_free(g);
        return rc;
    }
    g->moves[0] = '\0';
    g->sum = 0;
    for (size_t i = 0; i < n; i++)
        g->sum += coins[i];
    return COINLINE_OK;
}

int play_game_start(play_game_t *g, int64_t *coins, size_t n)
{
    int rc = reset(g, coins, n);
    if (rc == COINLINE_OK)
        rc = start_game(g);
    return finish_start(g, rc, coins, n);
}

int play_game_start_rows(play_game_t *g, int64_t *coins, uint64_t *lens,
                         size_t k, size_t n)
{
    coinline_game_state_t st;
    int rc = reset(g, NULL, n);
    if (rc == COINLINE_OK)
        rc = play_rows_start(&g->rows, coins, lens, k, n);
    else {
        free(coins);
        free(lens);
    }
    if (rc == COINLINE_OK) {
        g->several = 1;
        play_rows_state(&g->rows, &st);
        cl_wide sum = 0;
        for (size_t i = 0; i < n; i++)
            sum += coins[i];
        const cl_wide fm = cl_to_wide(st.final_margin);
        g->best_p[0] = cl_from_wide((sum + fm) / 2);
        g->best_p[1] = cl_from_wide((sum - fm) / 2);
    }
    return finish_start(g, rc, g->several ? g->rows.coins : NULL, n);
}

void play_game_free(play_game_t *g)
{
    if (g->begun) {
        const coinline_engine_state_t st = play_game_state(g);
        const coinline_i128_t t[2] = {st.p1, st.p2};
        cli_player_end(g->bot, t);
    }
    coinline_game_free(g->game);
    if (g->several)
        play_rows_free(&g->rows);
    g->several = 0;
    free(g->coins);
    free(g->ring);
    free(g->moves);
    free(g->best);
    free(g->taken);
    free(g->loss);
    free(g->forfeit);
    g->begun = 0;
    g->game = NULL;
    g->coins = g->ring = NULL;
    g->moves = NULL;
    g->best = NULL;
    g->taken = NULL;
    g->loss = NULL;
    g->forfeit = NULL;
}

int play_game_opening(const play_game_t *g)
{
    return g->any && g->nmoves == 0 && g->forfeit == NULL;
}

uint64_t play_game_position(const play_game_t *g, size_t i)
{
    return (g->first + i) % g->n + 1;
}

/* The game's state: the library's, or that of its rows. */
static int game_state(const play_game_t *g, coinline_game_state_t *gs)
{
    if (!g->several)
        return coinline_game_state(g->game, gs);
    play_rows_state(&g->rows, gs);
    return COINLINE_OK;
}

coinline_engine_state_t play_game_state(play_game_t *g)
{
    coinline_engine_state_t st;
    coinline_game_state_t gs;
    memset(&st, 0, sizeof st);
    memset(&gs, 0, sizeof gs);
    game_state(g, &gs);
    const int opening = play_game_opening(g);
    st.n = opening ? g->n : g->line_n;
    st.lo = g->lo;
    st.hi = opening ? g->n : g->hi;
    st.moves = gs.moves;
    st.to_move = gs.to_move;
    st.p1 = gs.p1;
    st.p2 = gs.p2;
    st.value = gs.value;
    st.final_margin = gs.final_margin;
    st.best = gs.best_side;
    return st;
}

/* The mover's final margin (own - other's) with best play from st. */
static cl_wide mover_margin(const coinline_game_state_t *st, int mover)
{
    const cl_wide fm = cl_to_wide(st->final_margin);
    return mover == 1 ? fm : -fm;
}

/* The player to move takes the coin at pos; at an end, side names it
 * (NONE: the left when both ends are that coin). */
static int take_at(play_game_t *g, uint64_t pos, coinline_side_t side)
{
    coinline_game_state_t before, after;
    if (play_game_over(g) ||
        coinline_game_state(g->game, &before) != COINLINE_OK ||
        !coinline_game_is_legal(g->game, pos))
        return COINLINE_EINVAL;
    const int rc = coinline_game_play(g->game, pos);
    if (rc != COINLINE_OK)
        return rc;
    coinline_game_state(g->game, &after);
    const size_t k = g->nmoves++;
    if (before.left_end == 0) { /* any coin could be taken */
        g->first = pos;
        g->best_first = before.best;
        fill_line(g);
        g->moves[k] = '*';
    } else {
        const int left = side == COINLINE_SIDE_NONE
                             ? pos == before.left_end
                             : side == COINLINE_SIDE_LEFT;
        g->moves[k] = left ? 'L' : 'R';
        left ? g->lo++ : g->hi--;
    }
    g->moves[k + 1] = '\0';
    g->best[k] = before.best_side;
    g->taken[k] = g->ring[pos - 1];
    g->loss[k] = (mover_margin(&before, before.to_move) -
                  mover_margin(&after, before.to_move)) /
                 g->score->margin_per_loss;
    return COINLINE_OK;
}

int play_game_take_row(play_game_t *g, size_t row, coinline_side_t side)
{
    coinline_game_state_t before, after;
    coinline_side_t best;
    int64_t coin;
    if (!g->several || play_game_over(g))
        return COINLINE_EINVAL;
    play_rows_state(&g->rows, &before);
    const size_t k = g->nmoves;
    const int rc = play_rows_take(&g->rows, k, row, side, &coin, &best);
    if (rc != COINLINE_OK)
        return rc;
    play_rows_state(&g->rows, &after);
    g->nmoves++;
    g->moves[k] = side == COINLINE_SIDE_LEFT ? 'L' : 'R';
    g->moves[k + 1] = '\0';
    g->best[k] = best;
    g->taken[k] = coin;
    g->loss[k] = (mover_margin(&before, before.to_move) -
                  mover_margin(&after, before.to_move)) /
                 g->score->margin_per_loss;
    return COINLINE_OK;
}

int play_game_take_position(play_game_t *g, uint64_t pos)
{
    return take_at(g, pos, COINLINE_SIDE_NONE);
}

int play_game_take(play_game_t *g, coinline_side_t side)
{
    if (play_game_opening(g) || g->lo >= g->hi ||
        (side != COINLINE_SIDE_LEFT && side != COINLINE_SIDE_RIGHT))
        return COINLINE_EINVAL;
    return take_at(
        g,
        play_game_position(g, side == COINLINE_SIDE_LEFT ? g->lo : g->hi - 1),
        side);
}

int play_game_take_first(play_game_t *g, uint64_t pos)
{
    if (!play_game_opening(g) || pos < 1 || pos > g->n)
        return COINLINE_EINVAL;
    return play_game_take_position(g, pos);
}

int play_game_end_at(const play_game_t *g, uint64_t pos, coinline_side_t *side)
{
    if (play_game_opening(g) || play_game_over(g) || g->lo >= g->hi)
        return COINLINE_EINVAL;
    if (pos == play_game_position(g, g->lo)) {
        *side = COINLINE_SIDE_LEFT;
        return COINLINE_OK;
    }
    if (pos == play_game_position(g, g->hi - 1)) {
        *side = COINLINE_SIDE_RIGHT;
        return COINLINE_OK;
    }
    return COINLINE_EINVAL;
}

int play_game_over(const play_game_t *g)
{
    return g->nmoves == g->n || g->forfeit != NULL;
}

/* The engine's player forfeited: its verdict kept. */
static int engine_forfeits(play_game_t *g)
{
    const char *v = cli_player_verdict(g->bot);
    g->forfeit = strdup(v != NULL ? v : "forfeited");
    return g->forfeit != NULL ? CLI_EFORFEIT : COINLINE_ENOMEM;
}

int play_game_engine_turn(play_game_t *g)
{
    uint64_t pos = 0;
    if (play_game_over(g) || g->bot == NULL ||
        g->person[play_game_mover(g->nmoves)])
        return 0;
    if (g->several) {
        size_t row;
        coinline_side_t side;
        int rc = play_rows_choose(&g->rows, g->bot, &row, &side);
        if (rc == COINLINE_OK)
            rc = play_game_take_row(g, row, side);
        return rc == COINLINE_OK ? 1 : rc;
    }
    const int rc = cli_player_choose(g->bot, g->game, &pos);
    if (rc == CLI_EFORFEIT)
        return engine_forfeits(g);
    if (rc != COINLINE_OK)
        return rc;
    const int played = play_game_take_position(g, pos);
    return played == COINLINE_OK ? 1 : played;
}

const char *play_game_undo_refused(const play_game_t *g)
{
    size_t k = g->nmoves;
    if (g->forfeit != NULL)
        return "the game ended with a forfeit";
    if (g->bot != NULL && cli_player_is_bot(g->bot))
        return "not against a bot program, which cannot take moves back";
    while (k > 0 && !g->person[play_game_mover(k - 1)])
        k--;
    return k == 0 ? "nothing to undo" : NULL;
}

/* Takes back the last move: one that took any coin too, back to the
 * whole circle. Returns 0, or -1 if there is none. */
static int undo_one(play_game_t *g)
{
    if (g->nmoves == 0 ||
        (g->several ? play_rows_undo(&g->rows) : coinline_game_undo(g->game)) !=
            COINLINE_OK)
        return -1;
    const char m = g->moves[--g->nmoves];
    if (m == '*') {
        g->first = 0;
        g->line_n = g->lo = g->hi = 0;
    } else {
        m == 'L' ? g->lo-- : g->hi++;
    }
    return 0;
}

size_t play_game_undo(play_game_t *g)
{
    size_t k = g->nmoves, undone = 0;
    while (k > 0 && !g->person[play_game_mover(k - 1)])
        k--;
    if (k == 0 || g->forfeit != NULL)
        return 0;
    k--; /* the person's move */
    while (g->nmoves > k && undo_one(g) == 0)
        undone++;
    g->moves[g->nmoves] = '\0';
    return undone;
}

/* 1 if, at the game's state st (two coins left at least, the best move
 * the left one), taking the right coin is as good. */
static int right_as_good(play_game_t *g, const coinline_game_state_t *st)
{
    coinline_i128_t fm;
    return st->left >= 2 && st->best_side == COINLINE_SIDE_LEFT &&
           coinline_game_outcome(g->game, st->right_end, &fm) == COINLINE_OK &&
           coinline_i128_cmp(fm, st->final_margin) == 0;
}

/* " at position P" for index i of the line played where the rules name
 * moves by positions; "" otherwise. */
static const char *at_position(const play_game_t *g, size_t i, char *buf,
                               size_t size)
{
    buf[0] = '\0';
    if (g->shape->positions)
        snprintf(buf, size, " at position %llu",
                 (unsigned long long)play_game_position(g, i));
    return buf;
}

/* What to take where any coin may be taken: the optimal position, and
 * up to three others as good ("the coin at position 2 (3), or at 4, 6
 * or 2 more, as good"). */
static void opening_what(play_game_t *g, const coinline_game_state_t *st,
                         char *what, size_t size)
{
    const uint64_t b = st->best;
    size_t tie[3], ties = 0;
    for (uint64_t p = b + 1; p <= g->n; p++) {
        coinline_i128_t fm;
        if (coinline_game_outcome(g->game, p, &fm) == COINLINE_OK &&
            coinline_i128_cmp(fm, st->final_margin) == 0) {
            if (ties < 3)
                tie[ties] = (size_t)p;
            ties++;
        }
    }
    int len = snprintf(what, size, "the coin at position %llu (%lld)",
                       (unsigned long long)b, (long long)g->ring[b - 1]);
    const size_t shown = ties > 3 ? 2 : ties;
    for (size_t k = 0; k < shown && len > 0 && (size_t)len < size; k++)
        len += snprintf(what + len, size - (size_t)len, "%s%zu",
                        k == 0                       ? ", or at "
                        : k + 1 == ties && ties <= 3 ? " or "
                                                     : ", ",
                        tie[k]);
    if (ties > 3 && len > 0 && (size_t)len < size)
        len +=
            snprintf(what + len, size - (size_t)len, " or %zu more", ties - 2);
    if (ties > 0 && len > 0 && (size_t)len < size)
        snprintf(what + len, size - (size_t)len, ", as good");
}

/* What to take on the line: "the left coin (3)", "either coin (left 3,
 * right 2)" when both are as good, "the last coin (7)"; where moves are
 * named by positions with them ("the left coin (3 at position 2)"). */
static void line_what(play_game_t *g, const coinline_game_state_t *st,
                      char *what, size_t size)
{
    char pl[48], pr[48];
    const long long l = g->coins[g->lo], r = g->coins[g->hi - 1];
    at_position(g, g->lo, pl, sizeof pl);
    at_position(g, g->hi - 1, pr, sizeof pr);
    if (st->left == 1)
        snprintf(what, size, "the last coin (%lld%s)", l, pl);
    else if (right_as_good(g, st))
        snprintf(what, size, "either coin (left %lld%s, right %lld%s)", l, pl,
                 r, pr);
    else if (st->best_side == COINLINE_SIDE_LEFT)
        snprintf(what, size, "the left coin (%lld%s)", l, pl);
    else
        snprintf(what, size, "the right coin (%lld%s)", r, pr);
}

/* "; against this engine, medium (fallible:0.25), the left coin (3)
 * expects 29/2 (14.5)" into buf: the best reply to the engine's level,
 * for the person to move on a line scoring the coin taken; "" when that
 * is not the case. */
static void reply_what(const play_game_t *g, const coinline_game_state_t *st,
                       char *buf, size_t size)
{
    cli_reply_t r;
    const int s = st->to_move - 1;
    const cl_wide p[2] = {cl_to_wide(st->p1), cl_to_wide(st->p2)};
    const cli_reply_pos_t pos = {g->coins,      g->lo, g->hi,
                                 g->level_rule, p[s],  p[1 - s]};
    buf[0] = '\0';
    if (g->level_rule == NULL || !g->person[s] || g->person[1 - s] ||
        g->rules.shape != COINLINE_SHAPE_LINE ||
        g->rules.score != COINLINE_SCORE_TAKEN || play_game_opening(g))
        return;
    if (g->hi - g->lo > PLAY_HINT_REPLY_MAX) {
        snprintf(buf, size,
                 "; against this engine, %s, the best reply is "
                 "not worked out past %d coins left",
                 g->name[1 - s], PLAY_HINT_REPLY_MAX);
        return;
    }
    if (cli_reply_at(&pos, 1, &r) != COINLINE_OK)
        return;
    const int left = r.move == COINLINE_SIDE_LEFT;
    const char *t = r.mine_text;
    char value[64];
    if (strlen(t) > 40)
        snprintf(value, sizeof value, "about %.10g", r.mine_d);
    else
        snprintf(value, sizeof value, strchr(t, '/') ? "%s (%.10g)" : "%s", t,
                 r.mine_d);
    snprintf(buf, size,
             "; against this engine, %s, the %s coin (%lld) "
             "expects %s",
             g->name[1 - s], left ? "left" : "right",
             (long long)g->coins[left ? g->lo : g->hi - 1], value);
    cli_reply_free(&r);
}

/* The hint: which coin to take, and how the player to move ends with
 * best play from here (the rules' words: under taken both totals); then
 * against an engine of a fallible level the best reply to it. */
void play_game_hint(play_game_t *g, char *buf, size_t size)
{
    coinline_game_state_t st;
    char what[200], outcome[160], reply[200];
    if (game_state(g, &st) != COINLINE_OK || st.to_move == 0 ||
        g->forfeit != NULL) {
        snprintf(buf, size, "no coin is left");
        return;
    }
    if (g->several)
        play_rows_hint_what(&g->rows, what, sizeof what);
    else if (play_game_opening(g))
        opening_what(g, &st, what, sizeof what);
    else
        line_what(g, &st, what, sizeof what);
    g->score->put_outcome(outcome, sizeof outcome, &st, cl_from_wide(g->sum));
    const char *who = g->name[st.to_move - 1];
    reply[0] = '\0';
    if (!g->several)
        reply_what(g, &st, reply, sizeof reply);
    snprintf(buf, size, "take %s: with best play from here %s end%s%s%s", what,
             who, strcmp(who, "you") == 0 ? "" : "s", outcome, reply);
}

/* "left" or "right". */
static const char *side_word(coinline_side_t side)
{
    return side == COINLINE_SIDE_LEFT ? "left" : "right";
}

/* The points seat s lost in all, and how many of its moves lost any. */
static cl_wide seat_loss(const play_game_t *g, int s, size_t *mistakes)
{
    cl_wide total = 0;
    *mistakes = 0;
    for (size_t k = (size_t)s; k < g->nmoves; k += 2)
        if (g->loss[k] != 0) {
            total += g->loss[k];
            (*mistakes)++;
        }
    return total;
}

/* The index in g->coins of the coin that move k (a line move) took, and
 * of the one at the other end: O(k), only for the moves listed. */
static void move_ends(const play_game_t *g, size_t k, size_t *took,
                      size_t *other)
{
    size_t lo = 0, hi = g->line_n;
    for (size_t i = g->first > 0 ? 1 : 0; i < k; i++)
        g->moves[i] == 'L' ? lo++ : hi--;
    *took = g->moves[k] == 'L' ? lo : hi - 1;
    *other = g->moves[k] == 'L' ? hi - 1 : lo;
}

/* "  move 1: took 3 (position 2), best was 9 (position 5): lost 3 points"
 * for a circle's first move k = 0, else "  move 3: took 1 (left), best
 * was 9 (right): ..." (on a circle "(left, position 1)"). */
static void put_mistake(const play_game_t *g, size_t k, FILE *fp)
{
    char buf[COINLINE_I128_STRLEN];
    fprintf(fp, "  move %zu: ", k + 1);
    if (g->several) {
        play_rows_put_mistake(fp, &g->rows, k,
                              g->moves[k] == 'L' ? COINLINE_SIDE_LEFT
                                                 : COINLINE_SIDE_RIGHT,
                              g->taken[k], g->best[k]);
    } else if (g->moves[k] == '*') {
        fprintf(fp, "took %lld (position %llu), best was %lld (position %llu)",
                (long long)g->taken[0], (unsigned long long)g->first,
                (long long)g->ring[g->best_first - 1],
                (unsigned long long)g->best_first);
    } else {
        size_t took, other;
        move_ends(g, k, &took, &other);
        const coinline_side_t side =
            g->moves[k] == 'L' ? COINLINE_SIDE_LEFT : COINLINE_SIDE_RIGHT;
        fprintf(fp, "took %lld (%s", (long long)g->taken[k], side_word(side));
        if (g->shape->positions)
            fprintf(fp, ", position %llu",
                    (unsigned long long)play_game_position(g, took));
        fprintf(fp, "), best was %lld (%s", (long long)g->coins[other],
                side_word(g->best[k]));
        if (g->shape->positions)
            fprintf(fp, ", position %llu",
                    (unsigned long long)play_game_position(g, other));
        fputc(')', fp);
    }
    fprintf(fp, ": lost %s point%s\n", cli_wide_str(g->loss[k], buf),
            g->loss[k] == 1 ? "" : "s");
}

/* Lists seat s's moves that lost points, the first PLAY_LIST_MAX. */
#define PLAY_LIST_MAX 20
static void seat_summary(const play_game_t *g, int s, FILE *fp)
{
    char buf[COINLINE_I128_STRLEN];
    size_t mistakes, listed = 0;
    const cl_wide lost = seat_loss(g, s, &mistakes);
    if ((size_t)s >= g->nmoves) {
        fprintf(fp, "%s: no move played\n", g->name[s]);
        return;
    }
    if (mistakes == 0) {
        fprintf(fp, "%s: every move optimal\n", g->name[s]);
        return;
    }
    fprintf(fp, "%s: %zu move%s lost points, %s point%s in all\n", g->name[s],
            mistakes, mistakes == 1 ? "" : "s", cli_wide_str(lost, buf),
            lost == 1 ? "" : "s");
    for (size_t k = (size_t)s; k < g->nmoves; k += 2)
        if (g->loss[k] != 0 && listed++ < PLAY_LIST_MAX)
            put_mistake(g, k, fp);
    if (listed > PLAY_LIST_MAX)
        fprintf(fp, "  and %zu more\n", listed - PLAY_LIST_MAX);
}

/* "you win", "optimal wins": seat s wins. */
static void put_winner(const play_game_t *g, int s, FILE *fp)
{
    fprintf(fp, "%s win%s", g->name[s],
            strcmp(g->name[s], "you") == 0 ? "" : "s");
}

/* "a draw", "you win by 8", "optimal wins by 2" for totals p1, p2. */
static void put_result(const play_game_t *g, cl_wide p1, cl_wide p2, FILE *fp)
{
    char buf[COINLINE_I128_STRLEN];
    if (p1 == p2) {
        fputs("a draw", fp);
        return;
    }
    put_winner(g, p1 > p2 ? 0 : 1, fp);
    fprintf(fp, " by %s", cli_wide_str(p1 > p2 ? p1 - p2 : p2 - p1, buf));
}

void play_game_summary(play_game_t *g, FILE *fp)
{
    const coinline_engine_state_t st = play_game_state(g);
    const cl_wide p1 = cl_to_wide(st.p1), p2 = cl_to_wide(st.p2);
    char b1[COINLINE_I128_STRLEN], b2[COINLINE_I128_STRLEN];
    fprintf(fp, "game %llu", (unsigned long long)g->number);
    if (!play_game_over(g))
        fprintf(fp, ", stopped after move %zu of %zu", g->nmoves, g->n);
    fprintf(fp, ": %s %s, %s %s", g->name[0], cli_wide_str(p1, b1), g->name[1],
            cli_wide_str(p2, b2));
    if (g->forfeit != NULL) {
        fputs(": ", fp);
        put_winner(g, st.to_move == 1 ? 1 : 0, fp);
        fprintf(fp, ", %s forfeits at move %zu (%s)", g->name[st.to_move - 1],
                g->nmoves + 1, g->forfeit);
    } else if (play_game_over(g)) {
        fputs(": ", fp);
        put_result(g, p1, p2, fp);
    } else {
        fputs(" so far", fp);
    }
    fprintf(fp, ".\nwith best play from the start: %s %s, %s %s\n", g->name[0],
            cli_wide_str(cl_to_wide(g->best_p[0]), b1), g->name[1],
            cli_wide_str(cl_to_wide(g->best_p[1]), b2));
    for (int s = 0; s < 2; s++)
        seat_summary(g, s, fp);
}

/* Mistake k where moves are named by positions: its "position" and
 * "best_position" (a move that took any coin has no side: "side" and
 * "best" are "none", as in analyze --json). */
static void put_positions(const play_game_t *g, size_t k, FILE *fp)
{
    size_t took, other;
    if (g->moves[k] == '*') {
        fprintf(fp, ",\"position\":%llu,\"best_position\":%llu",
                (unsigned long long)g->first,
                (unsigned long long)g->best_first);
        return;
    }
    move_ends(g, k, &took, &other);
    fprintf(fp, ",\"position\":%llu,\"best_position\":%llu",
            (unsigned long long)play_game_position(g, took),
            (unsigned long long)play_game_position(g, other));
}

/* The JSON list of the moves that lost points. */
static void put_mistakes(const play_game_t *g, FILE *fp)
{
    char buf[COINLINE_I128_STRLEN];
    int first = 1;
    fputs(",\"mistakes\":[", fp);
    for (size_t k = 0; k < g->nmoves; k++) {
        if (g->loss[k] == 0)
            continue;
        fprintf(fp, "%s{\"move\":%zu,\"player\":%d,\"side\":", first ? "" : ",",
                k + 1, play_game_mover(k) + 1);
        if (g->moves[k] == '*')
            fprintf(fp, "\"none\",\"coin\":%lld,\"best\":\"none\"",
                    (long long)g->taken[k]);
        else
            fprintf(fp, "\"%s\",\"coin\":%lld,\"best\":\"%s\"",
                    g->moves[k] == 'L' ? "left" : "right",
                    (long long)g->taken[k], side_word(g->best[k]));
        fprintf(fp, ",\"loss\":%s", cli_wide_str(g->loss[k], buf));
        if (g->several)
            fprintf(fp, ",\"row\":%zu,\"best_row\":%zu", g->rows.row[k] + 1,
                    g->rows.best_row[k] + 1);
        if (g->shape->positions)
            put_positions(g, k, fp);
        fputc('}', fp);
        first = 0;
    }
    fputc(']', fp);
}

/* The L/R moves: all of a row's, those after a move that took any
 * coin. */
static const char *line_moves(const play_game_t *g)
{
    return g->nmoves > 0 && g->moves[0] == '*' ? g->moves + 1 : g->moves;
}

char *play_game_moves_text(const play_game_t *g)
{
    char *text = NULL;
    size_t len = 0;
    if (!g->several)
        return strdup(line_moves(g));
    FILE *fp = open_memstream(&text, &len);
    if (fp == NULL)
        return NULL;
    play_rows_put_line(fp, &g->rows, g->moves, g->nmoves);
    fclose(fp);
    return text;
}

/* The JSON winner: "first", "second", "draw", or NULL (not finished). */
static const char *winner_word(const play_game_t *g, cl_wide p1, cl_wide p2,
                               int to_move)
{
    if (g->forfeit != NULL)
        return to_move == 1 ? "second" : "first";
    if (!play_game_over(g))
        return NULL;
    return p1 > p2 ? "first" : p1 < p2 ? "second" : "draw";
}

void play_game_json(play_game_t *g, FILE *fp)
{
    const coinline_engine_state_t st = play_game_state(g);
    const cl_wide p1 = cl_to_wide(st.p1), p2 = cl_to_wide(st.p2);
    const char *winner = winner_word(g, p1, p2, st.to_move);
    char b[4][COINLINE_I128_STRLEN];
    size_t m;
    fprintf(fp, "{\"game\":%llu,\"n\":%zu", (unsigned long long)g->number,
            g->n);
    if (g->several)
        fprintf(fp, ",\"rows\":%zu", g->rows.k);
    cli_rules_put_json(fp, &g->rules);
    g->shape->put_any_json(fp, g->first);
    fputs(",\"players\":[", fp);
    cli_put_json_string(fp, g->name[0]);
    fputc(',', fp);
    cli_put_json_string(fp, g->name[1]);
    fputs("],\"moves\":\"", fp);
    if (g->several)
        play_rows_put_line(fp, &g->rows, g->moves, g->nmoves);
    else
        fputs(line_moves(g), fp);
    fprintf(fp, "\",\"finished\":%s,", play_game_over(g) ? "true" : "false");
    fprintf(fp, "\"p1\":%s,\"p2\":%s,\"margin\":%s,\"winner\":",
            cli_wide_str(p1, b[0]), cli_wide_str(p2, b[1]),
            cli_wide_str(p1 - p2, b[2]));
    fprintf(fp, winner != NULL ? "\"%s\"" : "null", winner);
    fprintf(fp, ",\"best_p1\":%s,\"best_p2\":%s,\"lost\":[%s,",
            cli_wide_str(cl_to_wide(g->best_p[0]), b[0]),
            cli_wide_str(cl_to_wide(g->best_p[1]), b[1]),
            cli_wide_str(seat_loss(g, 0, &m), b[2]));
    fprintf(fp, "%s]", cli_wide_str(seat_loss(g, 1, &m), b[3]));
    put_mistakes(g, fp);
    /* The shape of analyze --json: who forfeited (the seat to move) and
     * the verdict. */
    fputs(",\"forfeit\":", fp);
    if (g->forfeit != NULL) {
        fprintf(fp, "{\"player\":%d,\"verdict\":", st.to_move);
        cli_put_json_string(fp, g->forfeit);
        fputc('}', fp);
    } else {
        fputs("null", fp);
    }
    fputs("}\n", fp);
}

void play_game_record(play_game_t *g, FILE *fp)
{
    const coinline_engine_state_t st = play_game_state(g);
    coinline_record_t r;
    memset(&r, 0, sizeof r);
    r.number = g->number;
    r.name[0] = g->name[0];
    r.name[1] = g->name[1];
    r.coins = g->ring;
    r.n = g->n;
    r.moves = line_moves(g);
    r.nmoves = g->nmoves - (g->first > 0);
    r.circle = g->shape->record_circle;
    r.first = g->first;
    r.score = g->rules.score;
    r.total[0] = st.p1;
    r.total[1] = st.p2;
    if (g->forfeit != NULL) {
        r.forfeit_seat = st.to_move;
        r.verdict = g->forfeit;
    }
    coinline_record_write(fp, &r);
}
