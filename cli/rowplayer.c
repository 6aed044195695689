/* SPDX-License-Identifier: MIT */
/*
 * rowplayer.c - the seats of a duel on several rows (rowplayer.h).
 *
 * The library's strategies (coinline_strategy_t) choose over a game of
 * one row; a game of several rows has its own engine, whose state names
 * the optimal move (the block rule) in O(1), so the built-ins are
 * written here over it, each a few lines: optimal reads the state,
 * greedy and random look at every row's ends (O(k) a move), fallible:P
 * draws against P as the library's fallible does (a 53-bit draw below
 * P * 2^53). A bot speaks the protocol's rows (botrows.c). Parity is
 * refused: it plays the parity of the indices of one row.
 */
#include <stdlib.h>
#include <string.h>

#include "bot.h"
#include "botrows.h"
#include "player.h"
#include "rowplayer.h"

#define EXEC_PREFIX "exec:"

enum kind { K_OPTIMAL, K_GREEDY, K_RANDOM, K_FALLIBLE, K_BOT };

struct cli_rowplayer {
    enum kind kind;
    uint64_t threshold; /* fallible: random when a 53-bit draw is below */
    uint64_t rng;
    cli_botrows_t bot; /* a bot's lines (K_BOT) */
};

const char *cli_rowplayer_refusal(const char *spec)
{
    if (strcmp(spec, "parity") == 0)
        return "parity: a strategy of one row (the parity of its coins' "
               "places) has no meaning on several rows; choose optimal, "
               "greedy, random, fallible:P or a bot";
    return NULL;
}

int cli_rowplayer_new(const char *spec, int64_t move_ms, cli_rowplayer_t **out)
{
    static const char *const names[] = {"optimal", "greedy", "random"};
    *out = NULL;
    if (!cli_player_valid(spec) || cli_rowplayer_refusal(spec) != NULL)
        return COINLINE_EINVAL;
    cli_rowplayer_t *p = calloc(1, sizeof *p);
    if (p == NULL)
        return COINLINE_ENOMEM;
    p->kind = K_FALLIBLE;
    for (int i = 0; i < 3; i++)
        if (strcmp(spec, names[i]) == 0)
            p->kind = (enum kind)i;
    if (strncmp(spec, EXEC_PREFIX, strlen(EXEC_PREFIX)) == 0) {
        p->kind = K_BOT;
        const int rc =
            cli_bot_new(spec + strlen(EXEC_PREFIX), move_ms, &p->bot.bot);
        if (rc != COINLINE_OK) {
            free(p);
            return rc;
        }
    } else if (p->kind == K_FALLIBLE) { /* "fallible:P", P checked */
        const double prob = strtod(spec + strlen("fallible:"), NULL);
        p->threshold = (uint64_t)(prob * 9007199254740992.0); /* 2^53 */
    }
    *out = p;
    return COINLINE_OK;
}

void cli_rowplayer_free(cli_rowplayer_t *p)
{
    if (p == NULL)
        return;
    cli_bot_free(p->bot.bot);
    free(p);
}

int cli_rowplayer_begin(cli_rowplayer_t *p, const cli_rows_game_t *G, int seat,
                        uint64_t seed)
{
    p->rng = seed;
    if (p->kind == K_BOT)
        return cli_botrows_begin(&p->bot, G, seat);
    return seat == 1 || seat == 2 ? COINLINE_OK : COINLINE_EINVAL;
}

/* greedy: the largest end coin, the lowest row then the left end on a
 * tie. */
static void greedy(const cli_rows_game_t *G, size_t *row, coinline_side_t *side)
{
    static const coinline_side_t sides[2] = {COINLINE_SIDE_LEFT,
                                             COINLINE_SIDE_RIGHT};
    int found = 0;
    int64_t best = 0;
    for (size_t r = 0; r < G->k; r++)
        for (int e = 0; e < 2; e++) {
            const int64_t c = cli_rows_game_coin(G, r, sides[e]);
            if (cli_rows_position(G, r, sides[e]) != 0 &&
                (!found || c > best)) {
                best = c;
                *row = r;
                *side = sides[e];
                found = 1;
            }
        }
}

/* random: a row with coins left, each as likely, then either end. */
static void random_move(cli_rowplayer_t *p, const cli_rows_game_t *G,
                        uint64_t rows_left, size_t *row, coinline_side_t *side)
{
    uint64_t m = coinline_random_uniform(&p->rng, rows_left - 1);
    for (size_t r = 0; r < G->k; r++)
        if (cli_rows_position(G, r, COINLINE_SIDE_LEFT) != 0 && m-- == 0) {
            *row = r;
            break;
        }
    *side = (coinline_random_next(&p->rng) >> 63) ? COINLINE_SIDE_LEFT
                                                  : COINLINE_SIDE_RIGHT;
}

/* The rows with coins left. */
static uint64_t rows_left(const cli_rows_game_t *G)
{
    uint64_t m = 0;
    for (size_t r = 0; r < G->k; r++)
        m += cli_rows_position(G, r, COINLINE_SIDE_LEFT) != 0;
    return m;
}

int cli_rowplayer_choose(cli_rowplayer_t *p, const cli_rows_game_t *G,
                         const uint64_t *history, uint64_t moves, size_t *row,
                         coinline_side_t *side)
{
    coinline_multirow_state_t st;
    if (p->kind == K_BOT)
        return cli_botrows_choose(&p->bot, G, history, moves, row, side);
    int rc = coinline_multirow_game_state(G->g, &st);
    if (rc != COINLINE_OK || st.to_move == 0)
        return rc != COINLINE_OK ? rc : COINLINE_EINVAL;
    *row = (size_t)st.best_row;
    *side = st.best_side;
    if (p->kind == K_GREEDY)
        greedy(G, row, side);
    else if (p->kind == K_RANDOM ||
             (p->kind == K_FALLIBLE &&
              (coinline_random_next(&p->rng) >> 11) < p->threshold))
        random_move(p, G, rows_left(G), row, side);
    return COINLINE_OK;
}

void cli_rowplayer_end(cli_rowplayer_t *p, const coinline_i128_t *totals)
{
    if (p->kind == K_BOT)
        cli_bot_end(p->bot.bot, totals);
}

const char *cli_rowplayer_verdict(const cli_rowplayer_t *p)
{
    return p->kind == K_BOT ? cli_bot_verdict(p->bot.bot) : NULL;
}
