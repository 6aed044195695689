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

int play_game_start(play_game_t *g, int64_t *coins, size_t n)
{
    coinline_engine_state_t st;
    g->coins = coins;
    g->n = n;
    g->nmoves = 0;
    g->forfeit = NULL;
    g->e = NULL;
    g->best = NULL;
    g->taken = NULL;
    g->loss = NULL;
    g->moves = malloc(n + 1);
    g->best = malloc((n + 1) * sizeof *g->best);
    g->taken = malloc((n + 1) * sizeof *g->taken);
    g->loss = malloc((n + 1) * sizeof *g->loss);
    int rc = g->moves && g->best && g->taken && g->loss ? COINLINE_OK
                                                        : COINLINE_ENOMEM;
    if (rc == COINLINE_OK)
        rc = coinline_engine_new(coins, n, &g->e);
    for (int s = 0; rc == COINLINE_OK && s < 2; s++)
        if (g->bot != NULL && !g->person[s])
            rc = cli_player_begin(g->bot, coins, n, s + 1, g->seed);
    if (rc != COINLINE_OK) {
        play_game_free(g);
        return rc;
    }
    g->moves[0] = '\0';
    g->sum = 0;
    for (size_t i = 0; i < n; i++)
        g->sum += coins[i];
    coinline_engine_state(g->e, &st);
    g->start_value = cl_to_wide(st.value);
    return COINLINE_OK;
}

void play_game_free(play_game_t *g)
{
    if (g->bot != NULL && g->e != NULL) {
        coinline_engine_state_t st = play_game_state(g);
        cli_player_end(g->bot, &st);
    }
    coinline_engine_free(g->e);
    free(g->coins);
    free(g->moves);
    free(g->best);
    free(g->taken);
    free(g->loss);
    free(g->forfeit);
    g->e = NULL;
    g->coins = NULL;
    g->moves = NULL;
    g->best = NULL;
    g->taken = NULL;
    g->loss = NULL;
    g->forfeit = NULL;
}

coinline_engine_state_t play_game_state(play_game_t *g)
{
    coinline_engine_state_t st;
    coinline_engine_state(g->e, &st);
    return st;
}

int play_game_take(play_game_t *g, coinline_side_t side)
{
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

int play_game_over(const play_game_t *g)
{
    return g->nmoves == g->n || g->forfeit != NULL;
}

int play_game_engine_turn(play_game_t *g)
{
    coinline_side_t side;
    if (play_game_over(g) || g->bot == NULL ||
        g->person[play_game_mover(g->nmoves)])
        return 0;
    const int rc = cli_player_move(g->bot, g->e, &side);
    if (rc == CLI_EFORFEIT) {
        const char *v = cli_player_verdict(g->bot);
        g->forfeit = strdup(v != NULL ? v : "forfeited");
        return g->forfeit != NULL ? CLI_EFORFEIT : COINLINE_ENOMEM;
    }
    if (rc != COINLINE_OK)
        return rc;
    return play_game_take(g, side) == COINLINE_OK ? 1 : COINLINE_EINVAL;
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

size_t play_game_undo(play_game_t *g)
{
    size_t k = g->nmoves, undone = 0;
    while (k > 0 && !g->person[play_game_mover(k - 1)])
        k--;
    if (k == 0 || g->forfeit != NULL)
        return 0;
    k--; /* the person's move */
    while (g->nmoves > k && coinline_engine_undo(g->e) == COINLINE_OK) {
        g->nmoves--;
        undone++;
    }
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

/* The hint: which coin to take ("the left coin (3)", "either coin (left
 * 3, right 2)" when both are as good, "the last coin (7)"), and the
 * final totals that best play from here leads to. */
void play_game_hint(play_game_t *g, char *buf, size_t size)
{
    const coinline_engine_state_t st = play_game_state(g);
    char keep[COINLINE_I128_STRLEN], other[COINLINE_I128_STRLEN], what[80];
    if (st.to_move == 0) {
        snprintf(buf, size, "no coin is left");
        return;
    }
    const long long l = g->coins[st.lo], r = g->coins[st.hi - 1];
    if (st.hi - st.lo == 1)
        snprintf(what, sizeof what, "the last coin (%lld)", l);
    else if (right_as_good(g, &st))
        snprintf(what, sizeof what, "either coin (left %lld, right %lld)", l,
                 r);
    else
        snprintf(what, sizeof what, "the %s coin (%lld)",
                 st.best == COINLINE_SIDE_LEFT ? "left" : "right",
                 st.best == COINLINE_SIDE_LEFT ? l : r);
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

/* The coin at the other end of move k's position. */
static int64_t other_coin(const play_game_t *g, size_t k)
{
    size_t lo = 0, hi = g->n; /* O(k): only for the moves listed */
    for (size_t i = 0; i < k; i++)
        g->moves[i] == 'L' ? lo++ : hi--;
    return g->moves[k] == 'L' ? g->coins[hi - 1] : g->coins[lo];
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
    for (size_t k = (size_t)s; k < g->nmoves; k += 2) {
        if (g->loss[k] == 0 || listed++ >= PLAY_LIST_MAX)
            continue;
        const coinline_side_t side =
            g->moves[k] == 'L' ? COINLINE_SIDE_LEFT : COINLINE_SIDE_RIGHT;
        fprintf(fp,
                "  move %zu: took %lld (%s), best was %lld (%s): lost %s "
                "point%s\n",
                k + 1, (long long)g->taken[k], side_word(side),
                (long long)other_coin(g, k), side_word(g->best[k]),
                cli_wide_str(g->loss[k], buf), g->loss[k] == 1 ? "" : "s");
    }
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

/* The JSON list of the moves that lost points. */
static void put_mistakes(const play_game_t *g, FILE *fp)
{
    char buf[COINLINE_I128_STRLEN];
    int first = 1;
    fputs(",\"mistakes\":[", fp);
    for (size_t k = 0; k < g->nmoves; k++) {
        if (g->loss[k] == 0)
            continue;
        fprintf(fp,
                "%s{\"move\":%zu,\"player\":%d,\"side\":\"%s\","
                "\"coin\":%lld,\"best\":\"%s\",\"loss\":%s}",
                first ? "" : ",", k + 1, play_game_mover(k) + 1,
                g->moves[k] == 'L' ? "left" : "right", (long long)g->taken[k],
                side_word(g->best[k]), cli_wide_str(g->loss[k], buf));
        first = 0;
    }
    fputc(']', fp);
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
    fprintf(fp, "{\"game\":%llu,\"n\":%zu,\"players\":[",
            (unsigned long long)g->number, g->n);
    cli_put_json_string(fp, g->name[0]);
    fputc(',', fp);
    cli_put_json_string(fp, g->name[1]);
    fprintf(fp, "],\"moves\":\"%s\",\"finished\":%s,", g->moves,
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
    r.coins = g->coins;
    r.n = g->n;
    r.moves = g->moves;
    r.nmoves = g->nmoves;
    r.total[0] = st.p1;
    r.total[1] = st.p2;
    if (g->forfeit != NULL) {
        r.forfeit_seat = st.to_move;
        r.verdict = g->forfeit;
    }
    coinline_record_write(fp, &r);
}
