/*
 * player.c - the seats of duel and play: built-in strategies through the
 * library, bots through cli/bot.c (not yet: "exec:" is refused).
 */
#include <stdlib.h>
#include <string.h>

#include "player.h"

struct cli_player {
    coinline_strategy_t *s; /* a built-in strategy */
    char *spec;
};

int cli_player_valid(const char *spec)
{
    coinline_strategy_t *s;
    if (spec == NULL || coinline_strategy_new(spec, 0, &s) != COINLINE_OK)
        return 0;
    coinline_strategy_free(s);
    return 1;
}

int cli_player_new(const char *spec, uint64_t seed, int64_t move_ms,
                   cli_player_t **out)
{
    (void)move_ms;
    *out = NULL;
    if (!cli_player_valid(spec))
        return COINLINE_EINVAL;
    cli_player_t *p = calloc(1, sizeof *p);
    if (p == NULL || (p->spec = strdup(spec)) == NULL) {
        free(p);
        return COINLINE_ENOMEM;
    }
    const int rc = coinline_strategy_new(spec, seed, &p->s);
    if (rc != COINLINE_OK) {
        cli_player_free(p);
        return rc;
    }
    *out = p;
    return COINLINE_OK;
}

void cli_player_free(cli_player_t *p)
{
    if (p == NULL)
        return;
    coinline_strategy_free(p->s);
    free(p->spec);
    free(p);
}

int cli_player_begin(cli_player_t *p, const int64_t *coins, size_t n, int seat,
                     uint64_t seed)
{
    (void)coins, (void)n, (void)seat;
    coinline_strategy_t *s;
    const int rc = coinline_strategy_new(p->spec, seed, &s);
    if (rc != COINLINE_OK)
        return rc;
    coinline_strategy_free(p->s);
    p->s = s;
    return COINLINE_OK;
}

int cli_player_move(cli_player_t *p, coinline_engine_t *e,
                    coinline_side_t *side)
{
    return coinline_strategy_move(p->s, e, side);
}

void cli_player_end(cli_player_t *p, const coinline_engine_state_t *st)
{
    (void)p, (void)st;
}

const char *cli_player_verdict(const cli_player_t *p)
{
    (void)p;
    return NULL;
}

const char *cli_player_name(const cli_player_t *p)
{
    return p->spec;
}
