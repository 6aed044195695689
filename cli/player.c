/* SPDX-License-Identifier: MIT */
/*
 * player.c - the seats of duel and play, each a library strategy over a
 * game under any rules: the built-in strategies as the library makes
 * them; bot programs ("exec:COMMAND", cli/bot.c) through
 * coinline_strategy_custom_game(); the engine's levels of difficulty,
 * names of the built-ins; a choice among moves that are not two ends
 * (several rows), drawn by the same strategies.
 */
#include <stdlib.h>
#include <string.h>

#include "bot.h"
#include "player.h"

#define EXEC_PREFIX "exec:"

struct cli_player {
    coinline_strategy_t *s; /* the strategy that chooses every move */
    cli_bot_t *bot;         /* a bot program, or NULL */
    char *spec;
};

/* The command of an "exec:" spec, or NULL for any other spec. */
static const char *exec_command(const char *spec)
{
    const size_t k = strlen(EXEC_PREFIX);
    return strncmp(spec, EXEC_PREFIX, k) == 0 ? spec + k : NULL;
}

int cli_player_valid(const char *spec)
{
    coinline_strategy_t *s;
    if (spec == NULL)
        return 0;
    const char *command = exec_command(spec);
    if (command != NULL)
        return command[strspn(command, " \t\n")] != '\0';
    if (coinline_strategy_new(spec, 0, &s) != COINLINE_OK)
        return 0;
    coinline_strategy_free(s);
    return 1;
}

/* A new player named spec (copied), or NULL. */
static cli_player_t *make(const char *spec)
{
    cli_player_t *p = calloc(1, sizeof *p);
    if (p != NULL && (p->spec = strdup(spec)) == NULL) {
        free(p);
        p = NULL;
    }
    return p;
}

int cli_player_new(const char *spec, uint64_t seed, int64_t move_ms,
                   cli_player_t **out)
{
    *out = NULL;
    if (!cli_player_valid(spec))
        return COINLINE_EINVAL;
    cli_player_t *p = make(spec);
    if (p == NULL)
        return COINLINE_ENOMEM;
    const char *command = exec_command(spec);
    int rc;
    if (command == NULL)
        rc = coinline_strategy_new(spec, seed, &p->s);
    else if ((rc = cli_bot_new(command, move_ms, &p->bot)) == COINLINE_OK)
        rc = coinline_strategy_custom_game(spec, cli_bot_choose, p->bot, &p->s);
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
    cli_bot_free(p->bot);
    free(p->spec);
    free(p);
}

int cli_player_begin(cli_player_t *p, coinline_game_t *g, int seat,
                     uint64_t seed)
{
    coinline_strategy_t *s;
    if (p->bot != NULL)
        return cli_bot_begin(p->bot, g, seat);
    const int rc = coinline_strategy_new(p->spec, seed, &s);
    if (rc != COINLINE_OK)
        return rc;
    coinline_strategy_free(p->s);
    p->s = s;
    return COINLINE_OK;
}

int cli_player_choose(cli_player_t *p, coinline_game_t *g, uint64_t *position)
{
    return coinline_strategy_choose(p->s, g, position);
}

void cli_player_end(cli_player_t *p, const coinline_i128_t *totals)
{
    if (p->bot != NULL)
        cli_bot_end(p->bot, totals);
}

const char *cli_player_verdict(const cli_player_t *p)
{
    return p->bot != NULL ? cli_bot_verdict(p->bot) : NULL;
}

const char *cli_player_name(const cli_player_t *p)
{
    return p->spec;
}

const char *cli_player_level(const char *name, const char **label)
{
    static const char *const levels[][3] = {
        {"easy", "fallible:0.5", "easy (fallible:0.5)"},
        {"medium", "fallible:0.25", "medium (fallible:0.25)"},
        {"hard", "fallible:0.1", "hard (fallible:0.1)"},
        {"perfect", "optimal", "perfect (optimal)"}};
    for (size_t i = 0; i < sizeof levels / sizeof levels[0]; i++)
        if (name != NULL && strcmp(name, levels[i][0]) == 0) {
            if (label != NULL)
                *label = levels[i][2];
            return levels[i][1];
        }
    return NULL;
}

int cli_player_is_bot(const cli_player_t *p)
{
    return p->bot != NULL;
}

int cli_player_picks(const char *spec)
{
    return spec != NULL &&
           (strcmp(spec, "optimal") == 0 || strcmp(spec, "random") == 0 ||
            (strncmp(spec, "fallible:", 9) == 0 && cli_player_valid(spec)));
}

int cli_player_pick(cli_player_t *p, size_t count, size_t *index)
{
    if (p->s == NULL || !cli_player_picks(p->spec))
        return COINLINE_EINVAL;
    return coinline_strategy_pick(p->s, count, index);
}
