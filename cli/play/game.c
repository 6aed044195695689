/* SPDX-License-Identifier: MIT */
/*
 * game.c - the model of one game of coinline play: the moves played,
 * the optimal move and the points lost at each, the engine's turn, hints,
 * undo of a full turn, and the end summary.
 *
 * A move's loss is in points of the mover's final total: the total it
 * could secure before the move minus the total it can secure after, both
 * with best play, = (V - (coin - V')) / 2 for V the value (own minus
 * other's) of the position before and V' that of the position after.
 * It is an exact integer: V has the parity of the coins left, and V' that
 * of the coins left minus the coin. Summed over the game, each player's
 * final total is its total with best play from the start, minus its own
 * losses, plus the other's.
 */
#include <stdlib.h>
#include <string.h>

#include "decimal.h"
#include "game.h"
#include "jsonw.h"
#include "player.h"
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
    return g->moves && g->best && g->taken && g->loss ? COINLINE_OK
                                                      : COINLINE_ENOMEM;
}

/* A circle: the margin of every first position; the circle's value is
 * the largest, the optimal first position the smallest that has it. */
static int start_circle(play_game_t *g)
{
    g->margins = malloc((g->n + 1) * sizeof *g->margins);
    if (g->margins == NULL)
        return COINLINE_ENOMEM;
    const int rc = coinline_circle_margins(g->ring, g->n, COINLINE_ALGO_LINEAR,
                                           g->margins);
    g->start_value = 0;
    g->best_first = 0;
    for (size_t p = 0; rc == COINLINE_OK && p < g->n; p++)
        if (g->best_first == 0 || cl_to_wide(g->margins[p]) > g->start_value) {
            g->start_value = cl_to_wide(g->margins[p]);
            g->best_first = p + 1;
        }
    return rc;
}

/* A row: the engine on it. */
static int start_line(play_game_t *g)
{
    coinline_engine_state_t st;
    const int rc = coinline_engine_new(g->coins, g->line_n, &g->e);
    if (rc == COINLINE_OK)
        coinline_engine_state(g->e, &st);
    g->start_value = rc == COINLINE_OK ? cl_to_wide(st.value) : 0;
    return rc;
}

int play_game_start(play_game_t *g, int64_t *coins, size_t n)
{
    g->ring = g->circle ? coins : NULL;
    g->coins = g->circle ? NULL : coins;
    g->n = n;
    g->line_n = g->circle ? 0 : n;
    g->margins = NULL;
    g->first = g->best_first = 0;
    g->nmoves = 0;
    g->forfeit = NULL;
    g->e = NULL;
    g->begun = 0;
    int rc = alloc_moves(g, n);
    if (rc == COINLINE_OK)
        rc = g->circle ? start_circle(g) : start_line(g);
    for (int s = 0; rc == COINLINE_OK && s < 2; s++)
        if (g->bot != NULL && !g->person[s]) {
            rc = cli_player_begin(g->bot, coins, n, s + 1, g->seed, g->circle);
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

/* Back to the whole circle, before its first move. */
static void drop_line(play_game_t *g)
{
    coinline_engine_free(g->e);
    free(g->coins);
    g->e = NULL;
    g->coins = NULL;
    g->line_n = 0;
    g->first = 0;
}

void play_game_free(play_game_t *g)
{
    if (g->begun) {
        const coinline_engine_state_t st = play_game_state(g);
        const coinline_i128_t t[2] = {st.p1, st.p2};
        cli_player_end(g->bot, t);
    }
    coinline_engine_free(g->e);
    free(g->coins);
    free(g->ring);
    free(g->margins);
    free(g->moves);
    free(g->best);
    free(g->taken);
    free(g->loss);
    free(g->forfeit);
    g->begun = 0;
    g->e = NULL;
    g->coins = g->ring = NULL;
    g->margins = NULL;
    g->moves = NULL;
    g->best = NULL;
    g->taken = NULL;
    g->loss = NULL;
    g->forfeit = NULL;
}

int play_game_opening(const play_game_t *g)
{
    return g->circle && g->first == 0 && g->n > 0 && g->forfeit == NULL;
}

uint64_t play_game_position(const play_game_t *g, size_t i)
{
    return g->circle ? (g->first + i) % g->n + 1 : (uint64_t)i + 1;
}

/* Before a circle's first move: the whole circle, seat 1 to move. */
static coinline_engine_state_t opening_state(const play_game_t *g)
{
    coinline_engine_state_t st;
    memset(&st, 0, sizeof st);
    st.n = g->n;
    st.hi = g->n;
    st.to_move = g->n > 0 ? 1 : 0;
    st.value = cl_from_wide(g->start_value);
    st.best = COINLINE_SIDE_NONE;
    return st;
}

coinline_engine_state_t play_game_state(play_game_t *g)
{
    coinline_engine_state_t st;
    if (g->e == NULL)
        return opening_state(g);
    coinline_engine_state(g->e, &st);
    if (!g->circle)
        return st;
    /* The line's first mover is seat 2; seat 1 has the first coin. */
    const coinline_i128_t p1 = st.p1;
    st.p1 = cl_from_wide(g->ring[g->first - 1] + cl_to_wide(st.p2));
    st.p2 = p1;
    st.to_move = st.to_move == 0 ? 0 : 3 - st.to_move;
    return st;
}

int play_game_take(play_game_t *g, coinline_side_t side)
{
    if (g->e == NULL)
        return COINLINE_EINVAL;
    const coinline_engine_state_t st = play_game_state(g);
    if (play_game_over(g) || coinline_engine_play(g->e, side) != COINLINE_OK)
        return COINLINE_EINVAL;
    const coinline_engine_state_t after = play_game_state(g);
    const int64_t coin =
        side == COINLINE_SIDE_LEFT ? g->coins[st.lo] : g->coins[st.hi - 1];
    const size_t k = g->nmoves++;
    g->moves[k] = side == COINLINE_SIDE_LEFT ? 'L' : 'R';
    g->moves[k + 1] = '\0';
    g->best[k] = st.best;
    g->taken[k] = coin;
    g->loss[k] = (cl_to_wide(st.value) - (coin - cl_to_wide(after.value))) / 2;
    return COINLINE_OK;
}

int play_game_take_first(play_game_t *g, uint64_t pos)
{
    if (!play_game_opening(g) || pos < 1 || pos > g->n)
        return COINLINE_EINVAL;
    g->coins = malloc(g->n * sizeof *g->coins);
    if (g->coins == NULL)
        return COINLINE_ENOMEM;
    coinline_circle_rotate(g->ring, g->n, pos, g->coins);
    int rc = coinline_engine_new(g->coins, g->n - 1, &g->e);
    if (rc == COINLINE_OK && g->bot != NULL)
        rc = cli_player_opening(g->bot, pos);
    if (rc != COINLINE_OK) {
        drop_line(g);
        return rc;
    }
    g->first = pos;
    g->line_n = g->n - 1;
    g->nmoves = 1;
    g->moves[0] = '*';
    g->moves[1] = '\0';
    g->best[0] = COINLINE_SIDE_NONE;
    g->taken[0] = g->ring[pos - 1];
    g->loss[0] = (g->start_value - cl_to_wide(g->margins[pos - 1])) / 2;
    return COINLINE_OK;
}

int play_game_end_at(const play_game_t *g, uint64_t pos, coinline_side_t *side)
{
    coinline_engine_state_t st;
    if (g->e == NULL || !g->circle || pos < 1 || pos > g->n ||
        pos == g->first || coinline_engine_state(g->e, &st) != COINLINE_OK ||
        st.lo == st.hi)
        return COINLINE_EINVAL;
    const size_t i = (size_t)((pos - 1 + g->n - g->first) % g->n);
    if (i == st.lo) {
        *side = COINLINE_SIDE_LEFT;
        return COINLINE_OK;
    }
    if (i + 1 == st.hi) {
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
    coinline_side_t side;
    uint64_t pos;
    if (play_game_over(g) || g->bot == NULL ||
        g->person[play_game_mover(g->nmoves)])
        return 0;
    const int opening = play_game_opening(g);
    const int rc = opening ? cli_player_first(g->bot, g->ring, g->n, &pos)
                           : cli_player_move(g->bot, g->e, &side);
    if (rc == CLI_EFORFEIT)
        return engine_forfeits(g);
    if (rc != COINLINE_OK)
        return rc;
    const int played =
        opening ? play_game_take_first(g, pos) : play_game_take(g, side);
    return played == COINLINE_OK ? 1 : played;
}

const char *play_game_undo_refused(const play_game_t *g)
{
    size_t k = g->nmoves;
    if (g->forfeit != NULL)
        return "the game ended with a forfeit";
    if (g->bot != NULL && strncmp(cli_player_name(g->bot), "exec:", 5) == 0)
        return "not against a bot program, which cannot take moves back";
    while (k > 0 && !g->person[play_game_mover(k - 1)])
        k--;
    return k == 0 ? "nothing to undo" : NULL;
}

/* Takes back the last move: a circle's first move too, back to the whole
 * circle. Returns 0, or -1 if there is none. */
static int undo_one(play_game_t *g)
{
    if (g->nmoves == 0)
        return -1;
    if (g->circle && g->nmoves == 1)
        drop_line(g);
    else if (coinline_engine_undo(g->e) != COINLINE_OK)
        return -1;
    g->nmoves--;
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

cl_wide play_game_secured(const play_game_t *g,
                          const coinline_engine_state_t *st)
{
    const cl_wide own = cl_to_wide(st->to_move == 2 ? st->p2 : st->p1);
    const cl_wide left = g->sum - cl_to_wide(st->p1) - cl_to_wide(st->p2);
    return own + (left + cl_to_wide(st->value)) / 2;
}

/* 1 if, at position st (two coins left at least, the best move the
 * left one), taking the right coin is as good: it is played on trial and
 * taken back. */
static int right_as_good(play_game_t *g, const coinline_engine_state_t *st)
{
    coinline_engine_state_t after;
    if (st->hi - st->lo < 2 || st->best != COINLINE_SIDE_LEFT ||
        coinline_engine_play(g->e, COINLINE_SIDE_RIGHT) != COINLINE_OK)
        return 0;
    coinline_engine_state(g->e, &after);
    coinline_engine_undo(g->e);
    return g->coins[st->hi - 1] - cl_to_wide(after.value) ==
           cl_to_wide(st->value);
}

/* " at position P" for index i of the line played, on a circle; "" on
 * a line. */
static const char *at_position(const play_game_t *g, size_t i, char *buf,
                               size_t size)
{
    buf[0] = '\0';
    if (g->circle)
        snprintf(buf, size, " at position %llu",
                 (unsigned long long)play_game_position(g, i));
    return buf;
}

/* What to take at a circle's first move: the optimal position, and up to
 * three others as good ("the coin at position 2 (3), or at 4, 6 or 2
 * more, as good"). */
static void opening_what(const play_game_t *g, char *what, size_t size)
{
    const uint64_t b = g->best_first;
    size_t tie[3], ties = 0;
    for (size_t p = b; p < g->n; p++)
        if (cl_to_wide(g->margins[p]) == g->start_value) {
            if (ties < 3)
                tie[ties] = p + 1;
            ties++;
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
 * right 2)" when both are as good, "the last coin (7)"; on a circle with
 * the positions ("the left coin (3 at position 2)"). */
static void line_what(play_game_t *g, const coinline_engine_state_t *st,
                      char *what, size_t size)
{
    char pl[48], pr[48];
    const long long l = g->coins[st->lo], r = g->coins[st->hi - 1];
    at_position(g, st->lo, pl, sizeof pl);
    at_position(g, st->hi - 1, pr, sizeof pr);
    if (st->hi - st->lo == 1)
        snprintf(what, size, "the last coin (%lld%s)", l, pl);
    else if (right_as_good(g, st))
        snprintf(what, size, "either coin (left %lld%s, right %lld%s)", l, pl,
                 r, pr);
    else if (st->best == COINLINE_SIDE_LEFT)
        snprintf(what, size, "the left coin (%lld%s)", l, pl);
    else
        snprintf(what, size, "the right coin (%lld%s)", r, pr);
}

/* The hint: which coin to take, and the final totals that best play from
 * here leads to. */
void play_game_hint(play_game_t *g, char *buf, size_t size)
{
    const coinline_engine_state_t st = play_game_state(g);
    char keep[COINLINE_I128_STRLEN], other[COINLINE_I128_STRLEN], what[200];
    if (st.to_move == 0) {
        snprintf(buf, size, "no coin is left");
        return;
    }
    if (play_game_opening(g))
        opening_what(g, what, sizeof what);
    else
        line_what(g, &st, what, sizeof what);
    const cl_wide mine = play_game_secured(g, &st);
    const char *who = g->name[st.to_move - 1];
    snprintf(buf, size,
             "take %s: with best play from here %s end%s with %s against %s",
             what, who, strcmp(who, "you") == 0 ? "" : "s",
             cli_wide_str(mine, keep), cli_wide_str(g->sum - mine, other));
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
    for (size_t i = g->circle ? 1 : 0; i < k; i++)
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
    if (g->circle && k == 0) {
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
        if (g->circle)
            fprintf(fp, ", position %llu",
                    (unsigned long long)play_game_position(g, took));
        fprintf(fp, "), best was %lld (%s", (long long)g->coins[other],
                side_word(g->best[k]));
        if (g->circle)
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
    const cl_wide best1 = (g->sum + g->start_value) / 2;
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
            cli_wide_str(best1, b1), g->name[1],
            cli_wide_str(g->sum - best1, b2));
    for (int s = 0; s < 2; s++)
        seat_summary(g, s, fp);
}

/* A circle's mistake k: its "position" and "best_position" (a circle's
 * first move has no side: "side" and "best" are "none", as in analyze
 * --json). */
static void put_positions(const play_game_t *g, size_t k, FILE *fp)
{
    size_t took, other;
    if (k == 0) {
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
        if (g->circle && k == 0)
            fprintf(fp, "\"none\",\"coin\":%lld,\"best\":\"none\"",
                    (long long)g->taken[k]);
        else
            fprintf(fp, "\"%s\",\"coin\":%lld,\"best\":\"%s\"",
                    g->moves[k] == 'L' ? "left" : "right",
                    (long long)g->taken[k], side_word(g->best[k]));
        fprintf(fp, ",\"loss\":%s", cli_wide_str(g->loss[k], buf));
        if (g->circle)
            put_positions(g, k, fp);
        fputc('}', fp);
        first = 0;
    }
    fputc(']', fp);
}

/* The L/R moves: all of a row's, those after a circle's first move. */
static const char *line_moves(const play_game_t *g)
{
    return g->circle && g->nmoves > 0 ? g->moves + 1 : g->moves;
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
    const cl_wide best1 = (g->sum + g->start_value) / 2;
    const char *winner = winner_word(g, p1, p2, st.to_move);
    char b[4][COINLINE_I128_STRLEN];
    size_t m;
    fprintf(fp, "{\"game\":%llu,\"n\":%zu,", (unsigned long long)g->number,
            g->n);
    if (g->circle && g->first > 0)
        fprintf(fp, "\"circle\":true,\"first_move\":%llu,",
                (unsigned long long)g->first);
    else if (g->circle)
        fputs("\"circle\":true,\"first_move\":null,", fp);
    fputs("\"players\":[", fp);
    cli_put_json_string(fp, g->name[0]);
    fputc(',', fp);
    cli_put_json_string(fp, g->name[1]);
    fprintf(fp, "],\"moves\":\"%s\",\"finished\":%s,", line_moves(g),
            play_game_over(g) ? "true" : "false");
    fprintf(fp, "\"p1\":%s,\"p2\":%s,\"margin\":%s,\"winner\":",
            cli_wide_str(p1, b[0]), cli_wide_str(p2, b[1]),
            cli_wide_str(p1 - p2, b[2]));
    fprintf(fp, winner != NULL ? "\"%s\"" : "null", winner);
    fprintf(fp, ",\"best_p1\":%s,\"best_p2\":%s,\"lost\":[%s,",
            cli_wide_str(best1, b[0]), cli_wide_str(g->sum - best1, b[1]),
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
    r.coins = g->circle ? g->ring : g->coins;
    r.n = g->n;
    r.moves = line_moves(g);
    r.nmoves = g->nmoves - (g->first > 0);
    r.circle = g->circle;
    r.first = g->first;
    r.total[0] = st.p1;
    r.total[1] = st.p2;
    if (g->forfeit != NULL) {
        r.forfeit_seat = st.to_move;
        r.verdict = g->forfeit;
    }
    coinline_record_write(fp, &r);
}
