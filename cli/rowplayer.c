/* SPDX-License-Identifier: MIT */
/*
 * rowplayer.c - the seats of a duel on several rows (rowplayer.h).
 *
 * The library's strategies (coinline_strategy_t) choose over a game of
 * one row; a game of several rows has its own engine, whose state names
 * the optimal move (the block rule) in O(1). So optimal reads the state;
 * random and fallible:P list the legal moves, the optimal one first,
 * then each row's ends in order (a row of one coin: one move), and let
 * the library's strategy pick one (coinline_strategy_pick(), on the
 * game's seed): the same list and draws as play's engine on several rows
 * (cli/play/rows_game.c), so a level means the same in both; greedy
 * looks at every row's ends (O(k) a move). A bot speaks the protocol's
 * rows (botrows.c). Parity is refused: it plays the parity of the
 * indices of one row.
 */
#include <stdlib.h>
#include <string.h>

#include "bot.h"
#include "botrows.h"
#include "player.h"
#include "rowplayer.h"

#define EXEC_PREFIX "exec:"

enum kind { K_OPTIMAL, K_GREEDY, K_PICK, K_BOT };

struct cli_rowplayer {
    enum kind kind;
    char *spec;             /* K_PICK: random or fallible:P */
    coinline_strategy_t *s; /* K_PICK: this game's, on its seed */
    cli_botrows_t bot;      /* a bot's lines (K_BOT) */
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
    *out = NULL;
    if (!cli_player_valid(spec) || cli_rowplayer_refusal(spec) != NULL)
        return COINLINE_EINVAL;
    cli_rowplayer_t *p = calloc(1, sizeof *p);
    if (p == NULL)
        return COINLINE_ENOMEM;
    int rc = COINLINE_OK;
    if (strncmp(spec, EXEC_PREFIX, strlen(EXEC_PREFIX)) == 0) {
        p->kind = K_BOT;
        rc = cli_bot_new(spec + strlen(EXEC_PREFIX), move_ms, &p->bot.bot);
    } else if (strcmp(spec, "optimal") == 0 || strcmp(spec, "greedy") == 0) {
        p->kind = spec[0] == 'o' ? K_OPTIMAL : K_GREEDY;
    } else { /* random, fallible:P */
        p->kind = K_PICK;
        if ((p->spec = strdup(spec)) == NULL)
            rc = COINLINE_ENOMEM;
    }
    if (rc != COINLINE_OK) {
        cli_rowplayer_free(p);
        return rc;
    }
    *out = p;
    return COINLINE_OK;
}

void cli_rowplayer_free(cli_rowplayer_t *p)
{
    if (p == NULL)
        return;
    cli_bot_free(p->bot.bot);
    coinline_strategy_free(p->s);
    free(p->spec);
    free(p);
}

int cli_rowplayer_begin(cli_rowplayer_t *p, const cli_rows_game_t *G, int seat,
                        uint64_t seed)
{
    coinline_strategy_t *s;
    if (p->kind == K_BOT)
        return cli_botrows_begin(&p->bot, G, seat);
    if (seat != 1 && seat != 2)
        return COINLINE_EINVAL;
    if (p->kind != K_PICK)
        return COINLINE_OK;
    const int rc = coinline_strategy_new(p->spec, seed, &s);
    if (rc != COINLINE_OK)
        return rc;
    coinline_strategy_free(p->s);
    p->s = s;
    return COINLINE_OK;
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

/* random, fallible:P: the move the library's strategy picks among the
 * legal moves (coinline_multirow_game_moves(): the optimal one first). */
static int pick(cli_rowplayer_t *p, const cli_rows_game_t *G, size_t *row,
                coinline_side_t *side)
{
    size_t *rows = malloc((2 * G->k + 1) * sizeof *rows), at = 0;
    coinline_side_t *sides = malloc((2 * G->k + 1) * sizeof *sides);
    int rc = rows != NULL && sides != NULL ? COINLINE_OK : COINLINE_ENOMEM;
    size_t count = 0;
    if (rc == COINLINE_OK)
        rc = coinline_multirow_game_moves(G->g, rows, sides, &count);
    if (rc == COINLINE_OK)
        rc = coinline_strategy_pick(p->s, count, &at);
    if (rc == COINLINE_OK) {
        *row = rows[at];
        *side = sides[at];
    }
    free(rows);
    free(sides);
    return rc;
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
    else if (p->kind == K_PICK)
        rc = pick(p, G, row, side);
    return rc;
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
