/* SPDX-License-Identifier: MIT */
/*
 * duel.c - coinline duel: two strategies against each other.
 *
 * Every row is played twice, once with each strategy moving first, so
 * neither gains from the seat. Rows are random (the same generator and
 * seed rules as gen) or read from files. The strategies' random choices
 * are seeded from the seed and the game's number, so the same options
 * give the same results. A player is a built-in strategy or a bot
 * program (player.h); a bot that breaks the protocol forfeits the game,
 * which is reported on stderr and the match goes on. For each strategy
 * the table counts wins, draws, losses and forfeits, its margin (own
 * total minus the other's) on average and at worst, and its loss: the
 * points its own moves gave away against optimal play, (V(position) -
 * (coin - V(position after))) / 2 summed over its moves, on average a
 * game. Margins and losses are those of the games scored (without a
 * forfeit). The loss of "optimal" is 0. The means are exact: the sums
 * are kept in 192 bits (decimal.h), so no number of games overflows
 * them, and divided in whole. --save writes every game as a
 * game record (record.h).
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "botrows.h"
#include "cli.h"
#include "decimal.h"
#include "jsonw.h"
#include "msg.h"
#include "multirow.h"
#include "opt.h"
#include "player.h"
#include "rowplayer.h"
#include "rows.h"
#include "rules.h"
#include "usage.h"
#include "wide.h"

/* The longest random row: the engine takes about 150 bytes a coin. */
#define DUEL_COINS_MAX 10000000

/* The longest --move-time: an hour. */
#define DUEL_MOVE_MS_MAX 3600000

const char cmd_duel_help[] =
    "usage: coinline duel [options] [FILE...]\n"
    "\n"
    "Plays two strategies against each other. Every row is played twice,\n"
    "once with each strategy moving first. Rows are random, or those of\n"
    "--row, then the games of each FILE ('-': standard input) in the\n"
    "classic format; a '/' in --row, or 'rows K' in a FILE, makes a game\n"
    "of several rows.\n"
    "\n"
    "Options:\n"
    "      --p1=STRATEGY   the first strategy (default optimal)\n"
    "      --p2=STRATEGY   the second strategy (default greedy)\n"
    "  -r, --row=VALUES    play this row, e.g. -r '1 3 5 2 9'; may be\n"
    "                      repeated (then no random rows)\n"
    "  -g, --games=K       random rows to play (default 100)\n"
    "  -n, --coins=N       coins per random row (default 20, at most 10^7:\n"
    "                      a game takes about 150 bytes a coin)\n"
    "      --min=A         smallest coin value (default 1)\n"
    "      --max=B         largest coin value (default 100)\n"
    "  -s, --seed=S        seed of the rows and of the strategies' random\n"
    "                      choices (default 1): the same seed, the same "
    "match\n" CLI_RULES_HELP
    "      --move-time=MS  a bot's time for each move, in milliseconds\n"
    "                      (default 2000)\n"
    "  -w, --save=FILE     write every game to FILE as a game record\n"
    "  -j, --json          the results as one JSON object\n"
    "  -q, --quiet         no progress line\n"
    "  -h, --help          show this help\n"
    "      --version       show the version\n"
    "\n"
    "Progress: when standard error is a terminal and the match has run for\n"
    "a second, a line there shows the rows played so far ('coinline duel:\n"
    "37 of 100 rows'; with a FILE, '37 rows'), at most five times a\n"
    "second, and is erased before the results. -q turns it off; it is\n"
    "never written to a file or a pipe.\n"
    "\n"
    "Strategies: optimal (the engine, ties to the left), greedy (the larger\n"
    "end, ties to the left), parity (with an even number of coins left, the\n"
    "end of the index parity whose coins sum to more: it never loses when\n"
    "it starts an even row; with an odd number left it plays greedy),\n"
    "random, fallible:P (optimal, but a random move with probability P),\n"
    "and exec:COMMAND, a bot: a program in any language, run with /bin/sh\n"
    "-c COMMAND once per game, that reads the game on its standard input\n"
    "and writes its moves on its standard output (docs/protocol.md).\n"
    "On a circle each also has a first move: optimal the best position\n"
    "(the smallest of ties), greedy the largest coin, parity with N odd the\n"
    "position p with the largest coin p - |E - O| of the line left (with N\n"
    "even, the largest coin), random and fallible:P as on a row; a bot is\n"
    "asked for a position.\n"
    "With --score remaining each plays the same way on the moves' scores:\n"
    "optimal the best move, greedy the move that scores the most at once\n"
    "(the smaller end; on a circle first the smallest coin), parity on the\n"
    "coins -c - 1 (the classic game the scoring is); a bot hears the\n"
    "protocol's general form (a rules line, moves as positions), and a\n"
    "loss is in points of the final margin.\n"
    "On several rows parity, --circle, --score and --save are refused;\n"
    "a bot hears the protocol's rows form.\n"
    "\n"
    "A bot that times out, crashes, exits, writes garbage or makes an\n"
    "illegal move forfeits the game: a loss for it, a win for the other;\n"
    "the match goes on, and a line on standard error tells the game and\n"
    "why.\n"
    "\n"
    "For each strategy: wins, draws and losses, forfeits (among the\n"
    "losses); its margin (own total minus the other's), on average and at\n"
    "worst; and its mean loss, the points its own moves gave away against\n"
    "optimal play, per game (0 for optimal). Margins and losses count the\n"
    "games without a forfeit. The means are exact, with two decimals\n"
    "rounded half away from zero (2.345 is 2.35, -2.345 is -2.35); a\n"
    "column widens to its longest number. Exit status: 0 ok (forfeits\n"
    "included), 1 bad input or failure, 2 usage error.\n";

typedef struct {
    const char *spec[2]; /* the strategies, as named by the user */
    int64_t games, coins, min, max, move_ms;
    uint64_t seed;
    coinline_rules_t rules; /* --circle, --score */
    int json;
    int quiet;             /* --quiet: no progress line */
    const char *save_path; /* --save, or NULL */
    char **rows;           /* the --row texts */
    int nrows;
    char **files;
    int nfiles;
} duel_t;

/* One strategy's results over the match. The margins and losses are
 * those of the games scored, i.e. not forfeited. */
typedef struct {
    uint64_t wins, draws, losses, forfeits;
    cl_wide worst;
    cli_sum_t margin_sum, loss_sum; /* in 192 bits: no overflow */
} tally_t;

typedef struct {
    cli_player_t *p[2];
    cli_rowplayer_t *rp[2]; /* the players of games of several rows, made
                             * at the first one */
    tally_t t[2];
    uint64_t rows, played, scored;
    uint64_t multi; /* among the rows, the games of several rows */
    FILE *save;     /* --save */
    double started, last_shown;
    int shown; /* a progress line is on the terminal */
} match_t;

/* One game of the match. */
typedef struct {
    int first;                /* the strategy (0 or 1) in seat 1 */
    int forfeit;              /* the strategy that forfeited, or -1 */
    uint64_t any_pos;         /* move 1's position where any coin could
                               * be taken (a circle's); 0: none */
    cl_wide loss[2];          /* points each strategy's moves gave away */
    coinline_game_t *game;    /* the game being played */
    coinline_i128_t total[2]; /* seat 1's and seat 2's scores */
} game_t;

/* Seconds on the monotonic clock. */
static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The seed of strategy k's random choices in game g (from 0) of the
 * match. */
static uint64_t game_seed(const duel_t *D, uint64_t g, int k)
{
    uint64_t state = D->seed ^ (2 * g + (uint64_t)k + 1);
    return coinline_random_next(&state);
}

/* Starts both players on the game g->game (strategy g->first in seat
 * 1), seat 1 first. A player that cannot start forfeits, and the other
 * is not started. */
static int begin_game(match_t *m, const duel_t *D, game_t *g)
{
    for (int seat = 1; seat <= 2; seat++) {
        const int k = seat == 1 ? g->first : !g->first;
        const int rc = cli_player_begin(m->p[k], g->game, seat,
                                        game_seed(D, m->played, k));
        if (rc == CLI_EFORFEIT) {
            g->forfeit = k;
            return COINLINE_OK;
        }
        if (rc != COINLINE_OK)
            return rc;
    }
    return COINLINE_OK;
}

/* The signal that stops the match (SIGINT, SIGTERM or SIGHUP), or 0. The
 * match stops between two moves: the game in progress is dropped, the
 * games before it are saved and counted, and the results printed. */
static volatile sig_atomic_t stop_signal;

static void on_stop(int sig)
{
    stop_signal = sig;
}

/* Catches the stopping signals (on), or gives them back their default. */
static void catch_stop(int on)
{
    static const int sigs[] = {SIGINT, SIGTERM, SIGHUP};
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sigemptyset(&sa.sa_mask);
    sa.sa_handler = on ? on_stop : SIG_DFL;
    for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
        sigaction(sigs[i], &sa, NULL);
}

/* The mover's final margin (own - other's) with best play, from the
 * position's final margin p1 - p2. */
static cl_wide mover_margin(coinline_i128_t final_margin, int mover)
{
    const cl_wide fm = cl_to_wide(final_margin);
    return mover == 1 ? fm : -fm;
}

/* Plays the moves of g->game until no coin is left or a player
 * forfeits: each move's loss is the fall of the mover's final margin
 * with best play, in the points the scoring counts (its
 * margin_per_loss: under taken, points of the mover's total). */
static int play_moves(match_t *m, const duel_t *D, game_t *g)
{
    const int per = cli_score_words(&D->rules)->margin_per_loss;
    coinline_game_state_t st;
    int rc = coinline_game_state(g->game, &st);
    while (rc == COINLINE_OK && g->forfeit < 0 && st.to_move != 0 &&
           stop_signal == 0) {
        uint64_t pos = 0;
        const int mover = st.to_move;
        const int who = mover == 1 ? g->first : !g->first;
        const cl_wide before = mover_margin(st.final_margin, mover);
        const int any = st.left_end == 0;
        rc = cli_player_choose(m->p[who], g->game, &pos);
        if (rc == CLI_EFORFEIT) {
            g->forfeit = who;
            return COINLINE_OK;
        }
        if (rc == COINLINE_OK)
            rc = coinline_game_play(g->game, pos);
        if (rc == COINLINE_OK)
            rc = coinline_game_state(g->game, &st);
        if (rc == COINLINE_OK) {
            g->loss[who] +=
                (before - mover_margin(st.final_margin, mover)) / per;
            if (any && st.moves == 1)
                g->any_pos = pos;
        }
    }
    return rc;
}

/* Tells both players the game is over, with the totals when rc is 0. */
static void end_game(match_t *m, const game_t *g, int rc)
{
    cli_player_end(m->p[0], rc == COINLINE_OK ? g->total : NULL);
    cli_player_end(m->p[1], rc == COINLINE_OK ? g->total : NULL);
}

/* Plays a game of row a under the match's rules, strategy g->first in
 * seat 1, into *g (g->game is the caller's to free). */
static int play_one(match_t *m, const duel_t *D, game_t *g, const int64_t *a,
                    size_t n)
{
    coinline_game_state_t st;
    g->forfeit = -1;
    g->any_pos = 0;
    g->loss[0] = g->loss[1] = 0;
    memset(g->total, 0, sizeof g->total);
    int rc = coinline_game_new(&D->rules, a, n, &g->game);
    if (rc != COINLINE_OK)
        return rc;
    rc = begin_game(m, D, g);
    if (rc == COINLINE_OK && g->forfeit < 0)
        rc = play_moves(m, D, g);
    if (rc == COINLINE_OK)
        rc = coinline_game_state(g->game, &st);
    if (rc == COINLINE_OK) {
        g->total[0] = st.p1;
        g->total[1] = st.p2;
    }
    end_game(m, g, rc);
    return rc;
}

/* Counts a scored game for one strategy: margin is its own total minus
 * the other's, loss what its moves gave away; fresh: the first scored
 * game of the match. */
static void count(tally_t *t, cl_wide margin, cl_wide loss, int fresh)
{
    if (margin > 0)
        t->wins++;
    else if (margin == 0)
        t->draws++;
    else
        t->losses++;
    if (fresh || margin < t->worst)
        t->worst = margin;
    cli_sum_add(&t->margin_sum, margin);
    cli_sum_add(&t->loss_sum, loss);
}

/* Clears the progress line of a terminal, if one is shown. */
static void clear_progress(match_t *m)
{
    if (m->shown)
        fputs("\r\033[K", stderr);
    m->shown = 0;
}

/* Shows how far the match is, on a terminal, when it runs long (and
 * not --quiet): the rows played, of how many when that is known (random
 * rows or --row alone). */
static void progress(match_t *m, const duel_t *D, int done)
{
    if (D->quiet || !isatty(STDERR_FILENO))
        return;
    const double t = now_s();
    if (done)
        clear_progress(m);
    if (done || t - m->started < 1.0 || t - m->last_shown < 0.2)
        return;
    m->last_shown = t;
    m->shown = 1;
    if (D->nfiles == 0)
        fprintf(stderr, "\rcoinline duel: %llu of %lld rows",
                (unsigned long long)m->rows,
                D->nrows > 0 ? (long long)D->nrows : (long long)D->games);
    else
        fprintf(stderr, "\rcoinline duel: %llu rows",
                (unsigned long long)m->rows);
}

/* Says on stderr which game a player forfeited, and why (its verdict). */
static void report_forfeit(match_t *m, const duel_t *D, const game_t *g,
                           const char *verdict)
{
    clear_progress(m);
    char at[48] = "";
    if (g->any_pos > 0)
        snprintf(at, sizeof at, ", at position %llu",
                 (unsigned long long)g->any_pos);
    fprintf(stderr,
            "coinline duel: game %llu (row %llu, --p%d moved first%s): --p%d "
            "(%s) forfeits: %s\n",
            (unsigned long long)m->played + 1, (unsigned long long)m->rows + 1,
            g->first + 1, at, g->forfeit + 1, D->spec[g->forfeit],
            verdict != NULL ? verdict : "forfeited");
}

/* Writes the game as a game record (--save). */
static void save_game(match_t *m, const duel_t *D, const game_t *g)
{
    coinline_record_t r;
    memset(&r, 0, sizeof r);
    r.number = m->played + 1;
    r.name[0] = D->spec[g->first];
    r.name[1] = D->spec[!g->first];
    if (g->forfeit >= 0) {
        r.forfeit_seat = g->forfeit == g->first ? 1 : 2;
        r.verdict = cli_player_verdict(m->p[g->forfeit]);
        if (r.verdict == NULL)
            r.verdict = "forfeited";
    }
    coinline_record_write_game(m->save, &r, g->game);
}

/* Counts a game's result: a forfeit is a loss for the player who
 * forfeited and a win for the other, and is not scored. */
static void tally_game(match_t *m, const game_t *g)
{
    if (g->forfeit >= 0) {
        m->t[g->forfeit].losses++;
        m->t[g->forfeit].forfeits++;
        m->t[!g->forfeit].wins++;
        return;
    }
    const cl_wide margin = cl_to_wide(g->total[0]) - cl_to_wide(g->total[1]);
    const int fresh = m->scored == 0;
    count(&m->t[g->first], margin, g->loss[g->first], fresh);
    count(&m->t[!g->first], -margin, g->loss[!g->first], fresh);
    m->scored++;
}

/* Plays a row twice, each strategy first once. */
static int play_row(match_t *m, const duel_t *D, const int64_t *a, size_t n)
{
    for (int first = 0; first < 2; first++) {
        game_t g;
        g.first = first;
        g.game = NULL;
        int rc = play_one(m, D, &g, a, n);
        if (rc == COINLINE_OK && stop_signal == 0) {
            if (g.forfeit >= 0)
                report_forfeit(m, D, &g, cli_player_verdict(m->p[g.forfeit]));
            if (m->save != NULL)
                save_game(m, D, &g);
            tally_game(m, &g);
            m->played++;
        }
        coinline_game_free(g.game);
        if (rc != COINLINE_OK || stop_signal != 0)
            return rc; /* a stopped game is neither saved nor counted */
    }
    m->rows++;
    progress(m, D, 0);
    return COINLINE_OK;
}

/* ------------------------------------------------------------------------
 * Games of several rows (rowplayer.h): the same match, moves as a row
 * and an end
 * ---------------------------------------------------------------------- */

/* Starts both players of several rows on G (strategy g->first in seat
 * 1), seat 1 first, as begin_game(). */
static int rows_begin(match_t *m, const duel_t *D, game_t *g,
                      const cli_rows_game_t *G)
{
    for (int seat = 1; seat <= 2; seat++) {
        const int k = seat == 1 ? g->first : !g->first;
        const int rc =
            cli_rowplayer_begin(m->rp[k], G, seat, game_seed(D, m->played, k));
        if (rc == CLI_EFORFEIT) {
            g->forfeit = k;
            return COINLINE_OK;
        }
        if (rc != COINLINE_OK)
            return rc;
    }
    return COINLINE_OK;
}

/* Plays the moves of G as play_moves() does, each move's position into
 * history (n + 1 entries): the bots are told the moves by it. */
static int rows_moves(match_t *m, const duel_t *D, game_t *g,
                      cli_rows_game_t *G, uint64_t *history)
{
    const int per = cli_score_words(&D->rules)->margin_per_loss;
    coinline_multirow_state_t st;
    int rc = coinline_multirow_game_state(G->g, &st);
    while (rc == COINLINE_OK && g->forfeit < 0 && st.to_move != 0 &&
           stop_signal == 0) {
        size_t row = 0;
        coinline_side_t side = COINLINE_SIDE_NONE;
        const int mover = st.to_move;
        const int who = mover == 1 ? g->first : !g->first;
        const cl_wide before = mover_margin(st.final_margin, mover);
        rc =
            cli_rowplayer_choose(m->rp[who], G, history, st.moves, &row, &side);
        if (rc == CLI_EFORFEIT) {
            g->forfeit = who;
            return COINLINE_OK;
        }
        if (rc == COINLINE_OK) {
            history[st.moves] = cli_rows_position(G, row, side);
            rc = coinline_multirow_game_play(G->g, row, side);
        }
        if (rc == COINLINE_OK)
            rc = coinline_multirow_game_state(G->g, &st);
        if (rc == COINLINE_OK)
            g->loss[who] +=
                (before - mover_margin(st.final_margin, mover)) / per;
    }
    return rc;
}

/* Plays a game of the rows coins, lens[0..k-1], strategy g->first in
 * seat 1, into *g (its game NULL: the rows are G's). */
static int rows_one(match_t *m, const duel_t *D, game_t *g, const int64_t *a,
                    const uint64_t *lens, size_t k)
{
    cli_rows_game_t G;
    coinline_multirow_state_t st;
    g->forfeit = -1;
    g->any_pos = 0;
    g->loss[0] = g->loss[1] = 0;
    g->game = NULL;
    memset(g->total, 0, sizeof g->total);
    int rc = cli_rows_game_new(&G, a, lens, k);
    if (rc != COINLINE_OK)
        return rc;
    uint64_t *history = malloc((G.start[k] + 1) * sizeof *history);
    rc = history != NULL ? rows_begin(m, D, g, &G) : COINLINE_ENOMEM;
    if (rc == COINLINE_OK && g->forfeit < 0)
        rc = rows_moves(m, D, g, &G, history);
    if (rc == COINLINE_OK)
        rc = coinline_multirow_game_state(G.g, &st);
    if (rc == COINLINE_OK) {
        g->total[0] = st.p1;
        g->total[1] = st.p2;
    }
    for (int p = 0; p < 2; p++)
        cli_rowplayer_end(m->rp[p], rc == COINLINE_OK ? g->total : NULL);
    free(history);
    cli_rows_game_free(&G);
    return rc;
}

/* Plays a game of several rows twice, each strategy first once, as
 * play_row() plays a row (the players of several rows made at the
 * first). */
static int play_rows(match_t *m, const duel_t *D, const int64_t *a,
                     const uint64_t *lens, size_t k)
{
    for (int i = 0; i < 2; i++) {
        const int rc =
            m->rp[i] != NULL
                ? COINLINE_OK
                : cli_rowplayer_new(D->spec[i], D->move_ms, &m->rp[i]);
        if (rc != COINLINE_OK)
            return rc;
    }
    for (int first = 0; first < 2; first++) {
        game_t g;
        g.first = first;
        int rc = rows_one(m, D, &g, a, lens, k);
        if (rc == COINLINE_OK && stop_signal == 0) {
            if (g.forfeit >= 0)
                report_forfeit(m, D, &g,
                               cli_rowplayer_verdict(m->rp[g.forfeit]));
            tally_game(m, &g);
            m->played++;
        }
        if (rc != COINLINE_OK || stop_signal != 0)
            return rc;
    }
    m->rows++;
    m->multi++;
    progress(m, D, 0);
    return COINLINE_OK;
}

/* Why duel cannot play a game of several rows with these options (a
 * shape or scoring other than the classic, parity, --save), naming the
 * option, into buf (size bytes); NULL when it can. */
static const char *rows_refusal(const duel_t *D, char *buf, size_t size)
{
    const char *why = cli_rows_refusal(&D->rules, NULL, COINLINE_ALGO_LINEAR);
    for (int i = 0; i < 2 && why == NULL; i++)
        if ((why = cli_rowplayer_refusal(D->spec[i])) != NULL) {
            snprintf(buf, size, "--p%d %s", i + 1, why);
            why = buf;
        }
    if (why == NULL && D->save_path != NULL)
        why = "--save: a game record holds a game of one row";
    return why;
}

/* Plays --games random rows, drawn as gen draws them. */
static int random_rows(match_t *m, const duel_t *D)
{
    int64_t *a = malloc(((size_t)D->coins + 1) * sizeof *a);
    uint64_t state = D->seed;
    int rc = a != NULL ? COINLINE_OK : COINLINE_ENOMEM;
    for (int64_t g = 0; rc == COINLINE_OK && g < D->games && stop_signal == 0;
         g++) {
        coinline_random_row(&state, D->min, D->max, a, (size_t)D->coins);
        rc = play_row(m, D, a, (size_t)D->coins);
    }
    free(a);
    if (rc != COINLINE_OK)
        cli_error("%s", coinline_strerror(rc));
    return rc == COINLINE_OK ? CLI_OK : CLI_FAIL;
}

/* The game of several rows whose "rows K" (K: k) the reader r of the
 * file name has just read: refused at its place when the options do not
 * fit several rows, else read whole and played (one row: the classic
 * game). Returns CLI_OK, or CLI_FAIL after saying why. */
static int file_rows_game(match_t *m, const duel_t *D, coinline_reader_t *r,
                          const char *name, uint64_t k)
{
    char buf[256];
    coinline_error_t w = {0, 0, "", {0}};
    int64_t *a = NULL;
    uint64_t *lens = NULL;
    size_t n = 0, rows = 0;
    const char *why = k > 1 ? rows_refusal(D, buf, sizeof buf) : NULL;
    (void)coinline_reader_last_token(r, &w);
    if (why != NULL) {
        cli_error("%s:%llu:%llu: game %llu has %llu rows; %s", name,
                  (unsigned long long)w.line, (unsigned long long)w.column,
                  (unsigned long long)coinline_reader_game_index(r),
                  (unsigned long long)k, why);
        return CLI_FAIL;
    }
    int rc = coinline_reader_read_rows(r, &a, &n, &lens, &rows);
    if (rc < 0) {
        cli_report_reader_error(r, rc);
        return CLI_FAIL;
    }
    rc = rows == 1 ? play_row(m, D, a, n) : play_rows(m, D, a, lens, rows);
    free(a);
    free(lens);
    if (rc != COINLINE_OK) {
        cli_error("%s: %s", name, coinline_strerror(rc));
        return CLI_FAIL;
    }
    return CLI_OK;
}

/* Plays every row of one file ('-': standard input), and its games of
 * several rows. */
static int file_rows(match_t *m, const duel_t *D, const char *path)
{
    const int is_stdin = strcmp(path, "-") == 0;
    FILE *fp = is_stdin ? stdin : fopen(path, "r");
    coinline_reader_t *r = NULL;
    int rc, st = CLI_OK;
    if (fp == NULL) {
        cli_error("%s: cannot open: %s", path, strerror(errno));
        return CLI_FAIL;
    }
    if (!is_stdin) /* not for the bots */
        fcntl(fileno(fp), F_SETFD, FD_CLOEXEC);
    else
        cli_note_stdin("coins");
    rc = coinline_reader_from_file(fp, is_stdin ? "<stdin>" : path, &r);
    if (r != NULL)
        coinline_reader_allow_rows(r, 1);
    while (rc == COINLINE_OK && stop_signal == 0) {
        int64_t *a = NULL;
        size_t n = 0;
        rc = coinline_reader_read_game(r, &a, &n);
        if (rc == COINLINE_READER_ROWS) {
            const char *name = is_stdin ? "<stdin>" : path;
            rc = file_rows_game(m, D, r, name, n) == CLI_OK ? COINLINE_OK : 1;
            if (rc != COINLINE_OK)
                st = CLI_FAIL;
        } else if (rc == 1) {
            rc = play_row(m, D, a, n);
            if (rc != COINLINE_OK) {
                cli_error("%s: %s", path, coinline_strerror(rc));
                st = CLI_FAIL;
            }
        } else if (rc < 0) {
            cli_report_reader_error(r, rc);
            st = CLI_FAIL;
        } else {
            rc = 1; /* the clean end */
        }
        free(a);
    }
    if (r == NULL) {
        cli_error("%s: %s", path, coinline_strerror(rc));
        st = CLI_FAIL;
    }
    coinline_reader_free(r);
    if (!is_stdin)
        fclose(fp);
    return st;
}

/* A strategy's numbers in the table that may be long: its mean margin,
 * worst margin ("-" when no game was scored) and mean loss. */
typedef struct {
    char mean[CLI_MEAN_STRLEN];
    char worst[COINLINE_I128_STRLEN];
    char loss[CLI_MEAN_STRLEN];
} cells_t;

static void fill_cells(const match_t *m, const tally_t *t, cells_t *c)
{
    strcpy(c->worst, "-");
    if (m->scored > 0)
        coinline_i128_to_string(cl_from_wide(t->worst), c->worst,
                                sizeof c->worst);
    cli_mean_str(&t->margin_sum, m->scored, c->mean);
    cli_mean_str(&t->loss_sum, m->scored, c->loss);
}

/* w, or the longer of a and b when one is longer. */
static int widest(int w, const char *a, const char *b)
{
    const size_t len = strlen(a) > strlen(b) ? strlen(a) : strlen(b);
    return len > (size_t)w ? (int)len : w;
}

/* The table's first line: what was played ("3 rows, each played twice:
 * 6 games"; games of several rows, if any, are counted apart). */
static void print_heading(const match_t *m, const duel_t *D)
{
    const uint64_t one = m->rows - m->multi;
    if (m->multi == 0 || one > 0)
        printf("%llu %s%s%s", (unsigned long long)one,
               cli_shape_words(&D->rules)->noun, one == 1 ? "" : "s",
               cli_score_words(&D->rules)->phrase);
    if (m->multi > 0)
        printf("%s%llu game%s of several rows", one > 0 ? " and " : "",
               (unsigned long long)m->multi, m->multi == 1 ? "" : "s");
    printf(", each played twice: %llu game%s\n", (unsigned long long)m->played,
           m->played == 1 ? "" : "s");
}

/* The results as a table on stdout; the first column is 16 wide, or as
 * wide as the longer name (a bot's command can be long); the margins and
 * losses 12, 12 and 10 wide, or as wide as their longest number (exact
 * means of int64 coins pass 20 digits). */
static void print_table(const match_t *m, const duel_t *D)
{
    cells_t c[2];
    int w = 16;
    for (int k = 0; k < 2; k++) {
        fill_cells(m, &m->t[k], &c[k]);
        if (strlen(D->spec[k]) > (size_t)w && strlen(D->spec[k]) < 1000)
            w = (int)strlen(D->spec[k]);
    }
    const int wm = widest(12, c[0].mean, c[1].mean);
    const int ww = widest(12, c[0].worst, c[1].worst);
    const int wl = widest(10, c[0].loss, c[1].loss);
    print_heading(m, D);
    printf("%-*s %7s %7s %7s %8s %*s %*s %*s\n", w, "strategy", "wins", "draws",
           "losses", "forfeits", wm, "mean_margin", ww, "worst_margin", wl,
           "mean_loss");
    for (int k = 0; k < 2; k++) {
        const tally_t *t = &m->t[k];
        printf("%-*s %7llu %7llu %7llu %8llu %*s %*s %*s\n", w, D->spec[k],
               (unsigned long long)t->wins, (unsigned long long)t->draws,
               (unsigned long long)t->losses, (unsigned long long)t->forfeits,
               wm, c[k].mean, ww, c[k].worst, wl, c[k].loss);
    }
}

/* The results as one JSON object on one line of stdout. */
static void print_json(const match_t *m, const duel_t *D)
{
    printf("{\"rows\":%llu", (unsigned long long)m->rows);
    if (m->multi > 0) /* among the rows, the games of several rows */
        printf(",\"several_rows\":%llu", (unsigned long long)m->multi);
    printf(",\"games\":%llu", (unsigned long long)m->played);
    cli_rules_put_json(stdout, &D->rules);
    fputs(",\"results\":[", stdout);
    for (int k = 0; k < 2; k++) {
        const tally_t *t = &m->t[k];
        char mean[CLI_MEAN_STRLEN];
        printf("%s{\"strategy\":", k > 0 ? "," : "");
        cli_put_json_string(stdout, D->spec[k]);
        printf(",\"wins\":%llu,\"draws\":%llu,\"losses\":%llu,"
               "\"forfeits\":%llu,\"mean_margin\":%s",
               (unsigned long long)t->wins, (unsigned long long)t->draws,
               (unsigned long long)t->losses, (unsigned long long)t->forfeits,
               cli_mean_str(&t->margin_sum, m->scored, mean));
        fputs(",\"worst_margin\":", stdout);
        if (m->scored > 0)
            cli_put_i128(stdout, cl_from_wide(t->worst));
        else
            fputs("null", stdout);
        printf(",\"mean_loss\":%s}",
               cli_mean_str(&t->loss_sum, m->scored, mean));
    }
    puts("]}");
}

enum { OPT_P1 = 256, OPT_P2, OPT_MIN, OPT_MAX, OPT_MOVE_TIME, OPT_VERSION };

static const struct option duel_options[] = {
    {"p1", required_argument, NULL, OPT_P1},
    {"p2", required_argument, NULL, OPT_P2},
    {"games", required_argument, NULL, 'g'},
    {"row", required_argument, NULL, 'r'},
    {"coins", required_argument, NULL, 'n'},
    {"min", required_argument, NULL, OPT_MIN},
    {"max", required_argument, NULL, OPT_MAX},
    {"seed", required_argument, NULL, 's'},
    CLI_RULES_LONG_OPTIONS,
    {"move-time", required_argument, NULL, OPT_MOVE_TIME},
    {"save", required_argument, NULL, 'w'},
    {"json", no_argument, NULL, 'j'},
    {"quiet", no_argument, NULL, 'q'},
    {"help", no_argument, NULL, 'h'},
    {"version", no_argument, NULL, OPT_VERSION},
    {NULL, 0, NULL, 0},
};

/* A player's name is checked here, before anything is played. */
static int strategy(const char *opt, const char *arg, const char **spec)
{
    if (!cli_player_valid(arg))
        return cli_usage_error("duel",
                               "%s: unknown strategy '%s' (optimal, greedy, "
                               "parity, random, fallible:P with P in "
                               "[0, 1], or exec:COMMAND)",
                               opt, arg);
    *spec = arg;
    return -1;
}

/* The options that take a number. Returns -1 or CLI_USAGE. */
static int number_option(duel_t *D, int c, const char *arg)
{
    switch (c) {
    case 'g':
        return cli_parse_number("duel", "--games", arg, 0, INT64_MAX,
                                &D->games);
    case 'n':
        return cli_parse_number("duel", "--coins", arg, 0, DUEL_COINS_MAX,
                                &D->coins);
    case OPT_MIN:
        return cli_parse_number("duel", "--min", arg, INT64_MIN, INT64_MAX,
                                &D->min);
    case OPT_MAX:
        return cli_parse_number("duel", "--max", arg, INT64_MIN, INT64_MAX,
                                &D->max);
    default:
        return cli_parse_number("duel", "--move-time", arg, 1, DUEL_MOVE_MS_MAX,
                                &D->move_ms);
    }
}

/* Reads the options into *D. Returns -1 to go on, or the exit status
 * (help, version, usage error). */
static int parse_options(duel_t *D, int argc, char **argv)
{
    int c, st = -1;
    opterr = 0;
    while (st < 0 && (c = getopt_long(argc, argv, ":g:n:s:r:w:cjqh",
                                      duel_options, NULL)) != -1) {
        switch (c) {
        case OPT_P1: st = strategy("--p1", optarg, &D->spec[0]); break;
        case OPT_P2: st = strategy("--p2", optarg, &D->spec[1]); break;
        case 'g':
        case 'n':
        case OPT_MIN:
        case OPT_MAX:
        case OPT_MOVE_TIME: st = number_option(D, c, optarg); break;
        case 's': st = cli_parse_seed("duel", optarg, &D->seed); break;
        case 'w': D->save_path = optarg; break;
        case 'r': D->rows[D->nrows++] = optarg; break;
        case 'j': D->json = 1; break;
        case 'q': D->quiet = 1; break;
        case 'h': return cli_finish_output(cli_print_help("duel"));
        case OPT_VERSION: return cli_finish_output(cli_print_version());
        default:
            if (!cli_rules_option("duel", c, optarg, &D->rules, &st))
                return cli_bad_option("duel", c, argv);
        }
    }
    if (st < 0 && D->min > D->max)
        return cli_usage_error("duel",
                               "--min (%lld) is larger than --max (%lld)",
                               (long long)D->min, (long long)D->max);
    D->files = argv + optind;
    D->nfiles = argc - optind;
    return st;
}

/* Checks every --row before any is played: returns -1, or CLI_FAIL after
 * saying which row is bad and where, or the usage error of a --row of
 * several rows with options they do not take. */
static int check_rows(const duel_t *D)
{
    char buf[256];
    for (int k = 0; k < D->nrows && stop_signal == 0; k++) {
        int64_t *a = NULL;
        uint64_t *lens = NULL;
        size_t n = 0, rows = 1;
        coinline_error_t err;
        const int rc =
            coinline_rows_parse(D->rows[k], &a, &n, &lens, &rows, &err);
        free(a);
        free(lens);
        const char *why = rows > 1 ? rows_refusal(D, buf, sizeof buf) : NULL;
        if (rc == COINLINE_OK && why != NULL)
            return cli_usage_error("duel", "--row %d has several rows; %s",
                                   k + 1, why);
        if (rc != COINLINE_OK) {
            char where[32];
            snprintf(where, sizeof where, "--row %d", k + 1);
            cli_report_error(where, &err, rc);
            return CLI_FAIL;
        }
    }
    return -1;
}

/* Plays the rows of --row, in order (checked by check_rows()); a --row
 * with '/' is a game of several rows. */
static int arg_rows(match_t *m, const duel_t *D)
{
    for (int k = 0; k < D->nrows; k++) {
        int64_t *a = NULL;
        uint64_t *lens = NULL;
        size_t n = 0, rows = 1;
        coinline_error_t err;
        int rc = coinline_rows_parse(D->rows[k], &a, &n, &lens, &rows, &err);
        if (rc == COINLINE_OK)
            rc = rows == 1 ? play_row(m, D, a, n)
                           : play_rows(m, D, a, lens, rows);
        free(a);
        free(lens);
        if (rc != COINLINE_OK) {
            cli_error("--row %d: %s", k + 1, coinline_strerror(rc));
            return CLI_FAIL;
        }
    }
    return CLI_OK;
}

/* Makes the two players and opens the --save file. Returns -1, or
 * CLI_FAIL after saying why. */
static int open_match(match_t *m, const duel_t *D)
{
    for (int k = 0; k < 2; k++) {
        const int rc = cli_player_new(D->spec[k], 0, D->move_ms, &m->p[k]);
        if (rc != COINLINE_OK) {
            cli_error("%s: %s", D->spec[k], coinline_strerror(rc));
            return CLI_FAIL;
        }
    }
    if (D->save_path == NULL)
        return -1;
    m->save = fopen(D->save_path, "w");
    if (m->save == NULL) {
        cli_error("%s: cannot open for writing: %s", D->save_path,
                  strerror(errno));
        return CLI_FAIL;
    }
    fcntl(fileno(m->save), F_SETFD, FD_CLOEXEC); /* not for the bots */
    coinline_record_write_header(m->save, "duel");
    return -1;
}

/* Releases the players and closes the --save file. Returns st, or
 * CLI_FAIL when the file could not be written. */
static int close_match(match_t *m, const duel_t *D, int st)
{
    for (int k = 0; k < 2; k++) {
        cli_player_free(m->p[k]);
        cli_rowplayer_free(m->rp[k]);
    }
    if (m->save != NULL) {
        const int bad = ferror(m->save);
        if (fclose(m->save) != 0 || bad) {
            cli_error("%s: cannot write: %s", D->save_path,
                      errno != 0 ? strerror(errno) : "write error");
            st = CLI_FAIL;
        }
    }
    return st;
}

/* coinline duel: plays the match and prints its results. */
int cmd_duel(int argc, char **argv)
{
    duel_t D = {.spec = {"optimal", "greedy"},
                .games = 100,
                .coins = 20,
                .min = 1,
                .max = 100,
                .move_ms = CLI_BOT_MOVE_MS,
                .seed = 1};
    match_t m;
    D.rows = calloc((size_t)argc + 1, sizeof *D.rows);
    if (D.rows == NULL) {
        cli_error("%s", coinline_strerror(COINLINE_ENOMEM));
        return CLI_FAIL;
    }
    int st = parse_options(&D, argc, argv);
    if (st < 0)
        st = check_rows(&D);
    if (st >= 0) {
        free(D.rows);
        return st;
    }
    memset(&m, 0, sizeof m);
    m.started = now_s();
    catch_stop(1);
    st = open_match(&m, &D);
    if (st < 0 && D.nfiles == 0 && D.nrows == 0)
        st = random_rows(&m, &D);
    if (st < 0 && D.nrows > 0)
        st = arg_rows(&m, &D);
    for (int i = 0; i < D.nfiles && st != CLI_FAIL && stop_signal == 0; i++)
        st = file_rows(&m, &D, D.files[i]);
    free(D.rows);
    progress(&m, &D, 1);
    st = close_match(&m, &D, st);
    catch_stop(0);
    const int sig = stop_signal;
    if (sig != 0)
        cli_error("stopped by %s after %llu game%s: the results of those",
                  sig == SIGINT    ? "SIGINT"
                  : sig == SIGTERM ? "SIGTERM"
                                   : "SIGHUP",
                  (unsigned long long)m.played, m.played == 1 ? "" : "s");
    if (st == CLI_FAIL && m.rows == 0 && sig == 0)
        return CLI_FAIL;
    if (D.json)
        print_json(&m, &D);
    else
        print_table(&m, &D);
    st = cli_finish_output(st == CLI_FAIL ? CLI_FAIL : CLI_OK);
    return sig != 0 ? 128 + sig : st;
}
