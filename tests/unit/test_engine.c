/* SPDX-License-Identifier: MIT */
/*
 * The game engine (coinline_engine_*) against the independent oracle:
 * every field of coinline_engine_state() at every position of games
 * against several opponents with undos mixed in, the whole game tree of
 * every short row, rows near the int64 limits, the API contract, and
 * optimal games against coinline_solve() and coinline_line().
 *
 * The tests use only the interface: they hold for the recomputing engine
 * and for any faster engine that keeps it.
 */
#include <stdlib.h>
#include <string.h>

#include "coinline.h"
#include "common/check.h"
#include "common/oracle.h"
#include "common/rng.h"
#include "common/tap.h"

enum {
    MAXN = 300,               /* longest row of the random games */
    FULL_GAMES = 1500,        /* random games against the opponents */
    FULL_EXTREME_GAMES = 600, /* games on rows near the int64 limits */
    FULL_OPTIMAL_GAMES = 600, /* both players follow best */
    EXH_MAXN_PM2 = 7,         /* every row over -2..2 up to this length */
    EXH_N_PM1 = 8,            /* and every row over -1..1 of this length */
    EXH_MAXN_EXTREME = 5      /* every row over the extreme alphabet */
};

/* Under valgrind (about 40 times slower) the game counts are divided by
 * VALGRIND_SCALE and the exhaustive lengths shortened by one. */
enum { VALGRIND_SCALE = 10 };
static int scale = 1;
static size_t exh_shorter = 0;

#define X63 ((i128)1 << 63)

/* ------------------------------------------------------------------------
 * A game in progress: the engine and, beside it, what it should report,
 * tracked here from the moves played and the oracle's table.
 * ---------------------------------------------------------------------- */

typedef struct {
    coinline_engine_t *e;
    const oracle_table_t *tab;
    tally_t *t;
    const char *what;
    size_t lo, end; /* the coins left: a[lo..end) */
    size_t moves;
    i128 p[2];      /* totals so far of players 1 and 2 */
    char *hist;     /* the sides played, 'L' or 'R' */
    char *dev;      /* 1 where the engine's player did not follow best */
    uint64_t steps; /* coinline_engine_steps() at the last look */
} game_t;

static void *xmalloc(size_t size)
{
    void *p = malloc(size ? size : 1);
    if (p == NULL) {
        diag("out of memory");
        exit(1);
    }
    return p;
}

/* Starts a game on the table's row; 0 when the engine could not be made
 * (counted as a failure of t). */
static int game_start(game_t *g, const oracle_table_t *tab, tally_t *t,
                      const char *what)
{
    int rc;
    memset(g, 0, sizeof *g);
    g->tab = tab;
    g->t = t;
    g->what = what;
    g->end = tab->n;
    rc = coinline_engine_new(tab->a, tab->n, &g->e);
    if (!tally_check(t, rc == COINLINE_OK && g->e != NULL)) {
        tally_note(t, "%s: coinline_engine_new(n=%zu) returned %s", what,
                   tab->n, code_str(rc));
        coinline_engine_free(g->e);
        g->e = NULL;
        return 0;
    }
    g->hist = xmalloc(tab->n + 1);
    g->dev = xmalloc(tab->n + 1);
    return 1;
}

static void game_end(game_t *g)
{
    coinline_engine_free(g->e);
    free(g->hist);
    free(g->dev);
    g->e = NULL;
    g->hist = g->dev = NULL;
}

/* The value of a[lo..end) for the player to move. */
static i128 game_value(const game_t *g)
{
    return oracle_value(g->tab, g->lo, g->end);
}

/* The first field of got that is not what the game should report, or
 * NULL; the two values go to gb and wb. */
static const char *state_difference(const game_t *g,
                                    const coinline_engine_state_t *got,
                                    char *gb, char *wb)
{
    const int to_move = g->lo < g->end ? (int)(g->moves % 2) + 1 : 0;
    const i128 v = game_value(g);
    const i128 so_far = g->p[0] - g->p[1];
    const struct {
        const char *name;
        i128 got;
        i128 want;
    } f[] = {
        {"n", (i128)got->n, (i128)g->tab->n},
        {"lo", (i128)got->lo, (i128)g->lo},
        {"hi", (i128)got->hi, (i128)g->end},
        {"moves", (i128)got->moves, (i128)g->moves},
        {"to_move", (i128)got->to_move, (i128)to_move},
        {"p1", i128_from_ci(got->p1), g->p[0]},
        {"p2", i128_from_ci(got->p2), g->p[1]},
        {"value", i128_from_ci(got->value), v},
        {"best", (i128)got->best, (i128)oracle_move(g->tab, g->lo, g->end)},
        {"final_margin", i128_from_ci(got->final_margin),
         to_move == 2 ? so_far - v : so_far + v},
    };
    for (size_t i = 0; i < sizeof f / sizeof f[0]; i++) {
        if (f[i].got != f[i].want) {
            if (strcmp(f[i].name, "best") == 0) {
                strcpy(gb, side_str((coinline_side_t)got->best));
                strcpy(wb, side_str(oracle_move(g->tab, g->lo, g->end)));
            } else {
                i128_str(f[i].got, gb);
                i128_str(f[i].want, wb);
            }
            return f[i].name;
        }
    }
    return NULL;
}

/* Notes a failure at the game's position. */
static void game_note(const game_t *g, const char *field, const char *gb,
                      const char *wb)
{
    char row[256];
    const int shown = g->moves > 40 ? 40 : (int)g->moves;
    tally_note(g->t,
               "%s: row [%s], position a[%zu..%zu) after %zu moves "
               "(%s%.*s): %s is %s, expected %s",
               g->what, row_str(g->tab->a, g->tab->n, row, sizeof row), g->lo,
               g->end, g->moves, g->moves > 40 ? "..." : "", shown,
               g->hist + (g->moves - (size_t)shown), field, gb, wb);
}

/* A failure that is not a state() check: counted and noted, so that a
 * tally's checks count the positions checked. */
static void game_fail(const game_t *g, const char *what, const char *gb,
                      const char *wb)
{
    tally_check(g->t, 0);
    game_note(g, what, gb, wb);
}

/* coinline_engine_state() at the game's position, every field checked as
 * one check; with twice, a second call must give the same state and no
 * more steps. The state goes to *st (zeroed when the call fails). */
static void game_check(game_t *g, int twice, coinline_engine_state_t *st)
{
    char gb[I128_BUFLEN] = "";
    char wb[I128_BUFLEN] = "";
    const char *field = NULL;
    const uint64_t before = coinline_engine_steps(g->e);
    const int rc = coinline_engine_state(g->e, st);
    const uint64_t after = coinline_engine_steps(g->e);
    if (rc != COINLINE_OK) {
        memset(st, 0, sizeof *st);
        field = "return code";
        strcpy(gb, code_str(rc));
        strcpy(wb, "OK");
    } else {
        field = state_difference(g, st, gb, wb);
    }
    if (field == NULL && (before < g->steps || after < before)) {
        field = "steps (went down)";
        i128_str((i128)after, gb);
        i128_str((i128)before, wb);
    }
    g->steps = after;
    if (field == NULL && twice) {
        coinline_engine_state_t again;
        const int rc2 = coinline_engine_state(g->e, &again);
        const uint64_t after2 = coinline_engine_steps(g->e);
        if (rc2 != COINLINE_OK || !engine_state_equal(st, &again)) {
            field = "a second state() at the same position";
            strcpy(gb, "different");
            strcpy(wb, "the same");
        } else if (after2 != after) {
            field = "steps after a second state() at the same position";
            i128_str((i128)after2, gb);
            i128_str((i128)after, wb);
        }
        g->steps = after2;
    }
    if (!tally_check(g->t, field == NULL)) {
        game_note(g, field, gb, wb);
    }
}

/* Plays side on the engine and in the tracked game; returns the engine's
 * code (a refusal is a failure of the tally). */
static int game_play(game_t *g, coinline_side_t side, int deviation)
{
    const int rc = coinline_engine_play(g->e, side);
    if (rc != COINLINE_OK) {
        game_fail(g, "play() return code", code_str(rc), "OK");
        return rc;
    }
    if (side == COINLINE_SIDE_LEFT) {
        g->p[g->moves % 2] += g->tab->a[g->lo++];
    } else {
        g->p[g->moves % 2] += g->tab->a[--g->end];
    }
    g->dev[g->moves] = (char)deviation;
    g->hist[g->moves++] = side == COINLINE_SIDE_LEFT ? 'L' : 'R';
    return rc;
}

/* Takes back the last move on the engine and in the tracked game. */
static int game_undo(game_t *g)
{
    const int rc = coinline_engine_undo(g->e);
    if (rc != COINLINE_OK) {
        game_fail(g, "undo() return code", code_str(rc), "OK");
        return rc;
    }
    g->moves--;
    if (g->hist[g->moves] == 'L') {
        g->p[g->moves % 2] -= g->tab->a[--g->lo];
    } else {
        g->p[g->moves % 2] -= g->tab->a[g->end++];
    }
    return rc;
}

/* ------------------------------------------------------------------------
 * Opponents
 * ---------------------------------------------------------------------- */

typedef enum {
    OPP_RANDOM,
    OPP_LEFT,        /* always the first coin */
    OPP_RIGHT,       /* always the last coin */
    OPP_GREEDY,      /* the larger end, the left on equal ends */
    OPP_ADVERSARIAL, /* a non-optimal move whenever there is one */
    OPP_COUNT
} opponent_t;

static const char *opponent_name(opponent_t o)
{
    static const char *const names[] = {"random", "always-left", "always-right",
                                        "greedy", "adversarial"};
    return (unsigned)o < OPP_COUNT ? names[o] : "?";
}

static coinline_side_t opponent_move(const game_t *g, opponent_t o, rng_t *r)
{
    const int64_t *a = g->tab->a;
    switch (o) {
    case OPP_LEFT: return COINLINE_SIDE_LEFT;
    case OPP_RIGHT: return COINLINE_SIDE_RIGHT;
    case OPP_GREEDY:
        return a[g->lo] >= a[g->end - 1] ? COINLINE_SIDE_LEFT
                                         : COINLINE_SIDE_RIGHT;
    case OPP_ADVERSARIAL: {
        /* When both moves are optimal, the one best does not name. */
        const i128 left =
            (i128)a[g->lo] - oracle_value(g->tab, g->lo + 1, g->end);
        const i128 right =
            (i128)a[g->end - 1] - oracle_value(g->tab, g->lo, g->end - 1);
        if (left != right) {
            return left > right ? COINLINE_SIDE_RIGHT : COINLINE_SIDE_LEFT;
        }
        return COINLINE_SIDE_RIGHT;
    }
    default: return rng_below(r, 2) ? COINLINE_SIDE_LEFT : COINLINE_SIDE_RIGHT;
    }
}

/* One game: the engine's player (1 or 2) follows best, the other plays
 * the opponent; with undos, now and then 1 to 3 moves are taken back and
 * the position replayed with the other move. Every position is checked.
 * When the engine's player followed best at all of its moves in the final
 * line, its result must be at least the value of the whole row: that
 * check goes to guarantee. */
static void play_game(rng_t *r, game_t *g, opponent_t opp, int engine_player,
                      int with_undos, tally_t *guarantee)
{
    int undos_left = with_undos ? 1 + (int)(g->tab->n / 6) : 0;
    for (;;) {
        coinline_engine_state_t st;
        coinline_side_t side;
        int mover;
        game_check(g, rng_below(r, 4) == 0, &st);
        if (undos_left > 0 && g->moves > 0 &&
            rng_below(r, g->lo < g->end ? 10 : 2) == 0) {
            size_t back = 1 + (size_t)rng_below(r, 3);
            undos_left--;
            if (back > g->moves) {
                back = g->moves;
            }
            for (size_t i = 0; i < back; i++) {
                if (game_undo(g) != COINLINE_OK) {
                    return;
                }
                game_check(g, 0, &st);
            }
            /* Replay differently: the other side of the move taken back. */
            side = g->hist[g->moves] == 'L' ? COINLINE_SIDE_RIGHT
                                            : COINLINE_SIDE_LEFT;
            mover = (int)(g->moves % 2) + 1;
            if (game_play(g, side, mover == engine_player && side != st.best) !=
                COINLINE_OK) {
                return;
            }
            continue;
        }
        if (g->lo == g->end) {
            break;
        }
        mover = (int)(g->moves % 2) + 1;
        side = mover == engine_player ? st.best : opponent_move(g, opp, r);
        if (side != COINLINE_SIDE_LEFT && side != COINLINE_SIDE_RIGHT) {
            side = COINLINE_SIDE_LEFT; /* a wrong best, already counted */
        }
        if (game_play(g, side, 0) != COINLINE_OK) {
            return;
        }
    }
    {
        /* At the end: no move is possible and nothing changes. */
        coinline_engine_state_t st;
        const int rl = coinline_engine_play(g->e, COINLINE_SIDE_LEFT);
        const int rr = coinline_engine_play(g->e, COINLINE_SIDE_RIGHT);
        if (rl != COINLINE_EINVAL || rr != COINLINE_EINVAL) {
            game_fail(g, "play() on the empty position",
                      code_str(rl != COINLINE_EINVAL ? rl : rr), "EINVAL");
        }
        game_check(g, 1, &st);
    }
    if (guarantee != NULL) {
        int followed = 1;
        for (size_t k = 0; k < g->moves; k++) {
            followed = followed && !g->dev[k];
        }
        if (followed) {
            const i128 v = oracle_value(g->tab, 0, g->tab->n);
            const i128 margin = g->p[0] - g->p[1];
            char gb[I128_BUFLEN];
            char wb[I128_BUFLEN];
            if (!tally_check(guarantee,
                             engine_player == 1 ? margin >= v : margin <= v)) {
                tally_note(guarantee,
                           "%s: player %d followed best against %s and got "
                           "p1 - p2 = %s; V of the row is %s",
                           g->what, engine_player, opponent_name(opp),
                           i128_str(margin, gb), i128_str(v, wb));
            }
        }
    }
}

/* ------------------------------------------------------------------------
 * 1. Random games against every opponent, with undos
 * ---------------------------------------------------------------------- */

/* A row for the games: mostly small alphabets (ties), negative values,
 * shapes; lengths of both parities up to maxn. */
static size_t game_row(rng_t *r, int64_t *a, size_t maxn, int k)
{
    static const vals_t small[] = {VALS_PM1, VALS_PM2, VALS_0_3, VALS_PM1};
    const size_t n =
        k % 4 == 0 ? (size_t)rng_below(r, 24) : (size_t)rng_below(r, maxn + 1);
    switch (k % 3) {
    case 0: gen_values(r, a, n, small[rng_below(r, 4)]); break;
    case 1: gen_values(r, a, n, (vals_t)rng_below(r, VALS_COUNT)); break;
    default: gen_shape(r, a, n, (shape_t)rng_below(r, SHAPE_COUNT)); break;
    }
    return n;
}

static void test_random_games(void)
{
    const int games = FULL_GAMES / scale;
    int64_t *a = row_alloc(MAXN);
    tally_t t[OPP_COUNT];
    tally_t guarantee = {0, 0};
    size_t parity[2] = {0, 0};
    int played[OPP_COUNT] = {0};
    int with_undo[OPP_COUNT] = {0};
    oracle_table_t tab;
    rng_t r;
    memset(t, 0, sizeof t);
    rng_seed(&r, 20250101);
    for (int k = 0; k < games; k++) {
        const opponent_t opp = (opponent_t)(k % OPP_COUNT);
        const int engine_player = (k / OPP_COUNT) % 2 + 1;
        const int with_undos = k % 4 != 3;
        const size_t n = game_row(&r, a, MAXN, k);
        game_t g;
        parity[n % 2]++;
        played[opp]++;
        with_undo[opp] += with_undos;
        oracle_table_init(&tab, a, n);
        if (game_start(&g, &tab, &t[opp], opponent_name(opp))) {
            play_game(&r, &g, opp, engine_player, with_undos, &guarantee);
            game_end(&g);
        }
        oracle_table_free(&tab);
    }
    free(a);
    if (parity[0] == 0 || parity[1] == 0) {
        diag("rows of one parity only: %zu even, %zu odd", parity[0],
             parity[1]);
        t[0].failures++;
    }
    for (int o = 0; o < OPP_COUNT; o++) {
        ok(tally_passed(&t[o]),
           "vs %s: at every position (%ld) of %d games n <= %d, %d with "
           "undos, state() gives the tie-left best, value, to_move, lo, hi, "
           "moves, p1, p2 of the moves played and final_margin",
           opponent_name((opponent_t)o), t[o].checks, played[o], MAXN,
           with_undo[o]);
    }
    ok(tally_passed(&guarantee),
       "the player following best secures the row's value against every "
       "opponent: p1 - p2 >= V as player 1, <= V as player 2 (%ld games "
       "without a forced deviation)",
       guarantee.checks);
}

/* ------------------------------------------------------------------------
 * 2. Exhaustive: the whole game tree of every short row
 * ---------------------------------------------------------------------- */

/* Every position reachable by any sequence of moves, by play and undo. */
static void walk_tree(game_t *g)
{
    coinline_engine_state_t st;
    game_check(g, 0, &st);
    if (g->lo == g->end) {
        const int rc = coinline_engine_play(g->e, COINLINE_SIDE_LEFT);
        if (rc != COINLINE_EINVAL) {
            game_fail(g, "play() on the empty position", code_str(rc),
                      "EINVAL");
        }
        return;
    }
    for (int s = 0; s < 2; s++) {
        if (game_play(g, s == 0 ? COINLINE_SIDE_LEFT : COINLINE_SIDE_RIGHT,
                      0) != COINLINE_OK) {
            return;
        }
        walk_tree(g);
        if (game_undo(g) != COINLINE_OK) {
            return;
        }
    }
    /* Back at this position after two undos: the same answers. */
    if (g->moves % 3 == 0) {
        game_check(g, 0, &st);
    }
}

/* Every row of length n over the alphabet vals[0..nvals-1], each game tree
 * walked; returns the number of rows. */
static long every_row(tally_t *t, size_t n, const int64_t *vals, size_t nvals,
                      const char *what)
{
    int64_t a[16] = {0};
    size_t digit[16] = {0};
    long rows = 0;
    for (;;) {
        oracle_table_t tab;
        game_t g;
        for (size_t i = 0; i < n; i++) {
            a[i] = vals[digit[i]];
        }
        oracle_table_init(&tab, a, n);
        if (game_start(&g, &tab, t, what)) {
            walk_tree(&g);
            game_end(&g);
        }
        oracle_table_free(&tab);
        rows++;
        {
            size_t i = 0;
            while (i < n && ++digit[i] == nvals) {
                digit[i++] = 0;
            }
            if (i == n) {
                return rows;
            }
        }
    }
}

static void test_exhaustive(void)
{
    static const int64_t pm2[] = {-2, -1, 0, 1, 2};
    static const int64_t pm1[] = {-1, 0, 1};
    const size_t maxn = EXH_MAXN_PM2 - exh_shorter;
    const size_t n1 = EXH_N_PM1 - exh_shorter;
    tally_t t = {0, 0};
    tally_t t1 = {0, 0};
    long rows = 0;
    long rows1;
    for (size_t n = 0; n <= maxn; n++) {
        rows += every_row(&t, n, pm2, 5, "exhaustive -2..2");
    }
    ok(tally_passed(&t),
       "every row of length 0..%zu over -2..2 (%ld rows): best, value and "
       "every field right at every node of the game tree walked with "
       "play/undo (%ld positions)",
       maxn, rows, t.checks);
    rows1 = every_row(&t1, n1, pm1, 3, "exhaustive -1..1");
    ok(tally_passed(&t1),
       "every row of length %zu over -1..1 (%ld rows): every field right at "
       "every node of the game tree (%ld positions)",
       n1, rows1, t1.checks);
}

/* ------------------------------------------------------------------------
 * 3. Near the int64 limits
 * ---------------------------------------------------------------------- */

/* A row of n >= 2 coins whose magnitudes sum to exactly total
 * (total <= 2^63 + 1), each magnitude at most INT64_MAX, random signs. */
static void gen_magnitude_sum(rng_t *r, int64_t *a, size_t n, uint64_t total)
{
    uint64_t m[MAXN];
    for (size_t i = 0; i < n; i++) {
        m[i] = total / n + (i < total % n ? 1 : 0);
    }
    for (size_t k = 0; k < 4 * n; k++) {
        const size_t i = (size_t)rng_below(r, n);
        const size_t j = (size_t)rng_below(r, n);
        const uint64_t room = (uint64_t)INT64_MAX - m[j];
        const uint64_t most = m[i] < room ? m[i] : room;
        const uint64_t d = rng_below(r, most + 1);
        if (i != j) {
            m[i] -= d;
            m[j] += d;
        }
    }
    for (size_t i = 0; i < n; i++) {
        a[i] = rng_below(r, 2) ? -(int64_t)m[i] : (int64_t)m[i];
    }
}

/* One game on a[0..n-1] against opponent k % OPP_COUNT, undos in two
 * games of three. */
static void extreme_game(rng_t *r, tally_t *t, const int64_t *a, size_t n,
                         const char *what, int k)
{
    oracle_table_t tab;
    game_t g;
    oracle_table_init(&tab, a, n);
    if (game_start(&g, &tab, t, what)) {
        play_game(r, &g, (opponent_t)(k % OPP_COUNT), k % 2 + 1, k % 3 != 0,
                  NULL);
        game_end(&g);
    }
    oracle_table_free(&tab);
}

/* The engine's state at the start of a[0..n-1] and after both players
 * follow best to the end; 0 if a call failed. */
static int optimal_ends(const int64_t *a, size_t n,
                        coinline_engine_state_t *first,
                        coinline_engine_state_t *last)
{
    coinline_engine_t *e = NULL;
    int rc = coinline_engine_new(a, n, &e);
    if (rc == COINLINE_OK) {
        rc = coinline_engine_state(e, first);
        *last = *first;
    }
    while (rc == COINLINE_OK && last->to_move != 0) {
        rc = coinline_engine_play(e, last->best);
        if (rc == COINLINE_OK) {
            rc = coinline_engine_state(e, last);
        }
    }
    coinline_engine_free(e);
    return rc == COINLINE_OK;
}

static void test_int64_limits(void)
{
    static const int64_t extreme[] = {INT64_MIN, INT64_MIN + 1, -1,       0,
                                      1,         INT64_MAX - 1, INT64_MAX};
    const int games = FULL_EXTREME_GAMES / scale;
    const size_t exh_n = EXH_MAXN_EXTREME - exh_shorter;
    static const uint64_t totals[] = {
        (uint64_t)INT64_MAX - 1, (uint64_t)INT64_MAX, (uint64_t)INT64_MAX + 1,
        (uint64_t)INT64_MAX + 2};
    int64_t *a = row_alloc(MAXN);
    tally_t t = {0, 0};
    tally_t tb = {0, 0};
    tally_t te = {0, 0};
    long wide_rows = 0;
    long rows = 0;
    rng_t r;
    rng_seed(&r, 9223372036854775807ULL);

    /* Two rows worked by hand. */
    {
        const int64_t three_max[] = {INT64_MAX, INT64_MAX, INT64_MAX};
        const int64_t min_max_min[] = {INT64_MIN, INT64_MAX, INT64_MIN};
        coinline_engine_state_t first;
        coinline_engine_state_t last;
        int good = optimal_ends(three_max, 3, &first, &last);
        ok(good && first.best == COINLINE_SIDE_LEFT &&
               i128_from_ci(first.value) == (i128)INT64_MAX &&
               i128_from_ci(first.final_margin) == (i128)INT64_MAX &&
               i128_from_ci(last.p1) == 2 * (i128)INT64_MAX &&
               i128_from_ci(last.p2) == (i128)INT64_MAX &&
               i128_from_ci(last.final_margin) == (i128)INT64_MAX,
           "[MAX MAX MAX]: value MAX, best LEFT, optimal play ends p1 = "
           "2 MAX, p2 = MAX");
        good = optimal_ends(min_max_min, 3, &first, &last);
        /* V = MIN - (MAX - MIN) = 1 - 3 * 2^63, either end (tie: LEFT). */
        ok(good && first.best == COINLINE_SIDE_LEFT &&
               i128_from_ci(first.value) == 1 - 3 * X63 &&
               i128_from_ci(last.p1) == -2 * X63 &&
               i128_from_ci(last.p2) == X63 - 1 &&
               i128_from_ci(last.final_margin) == 1 - 3 * X63,
           "[MIN MAX MIN]: value 1 - 3*2^63, best LEFT (a tie), optimal "
           "play ends p1 = 2 MIN, p2 = MAX");
    }

    /* Random games on rows of extremes and any int64. */
    for (int k = 0; k < games; k++) {
        const size_t n = (size_t)rng_below(&r, k % 5 == 0 ? MAXN + 1 : 65);
        gen_values(&r, a, n, k % 2 ? VALS_EXTREME : VALS_FULL);
        wide_rows += oracle_sum_abs(a, n) > (i128)INT64_MAX;
        extreme_game(&r, &t, a, n, k % 2 ? "extreme" : "full int64", k);
    }
    /* Long rows of one extreme: totals far past int64. */
    for (int k = 0; k < 8; k++) {
        const size_t n = MAXN - (size_t)(k % 2);
        for (size_t i = 0; i < n; i++) {
            a[i] = k < 4 ? INT64_MIN : INT64_MAX;
        }
        if (k % 4 == 3) {
            a[n / 2] = k < 4 ? INT64_MAX : INT64_MIN;
        }
        wide_rows++;
        extreme_game(&r, &t, a, n, k < 4 ? "all MIN" : "all MAX", k);
    }
    ok(tally_passed(&t),
       "rows of INT64_MIN/MAX and neighbours or any int64 (%ld of %d with "
       "sum|a| > INT64_MAX), n <= %d, games with undos: every field exact at "
       "every position (%ld)",
       wide_rows, games + 8, MAXN, t.checks);

    /* sum|a| just below, at and just past INT64_MAX. */
    for (int k = 0; k < 4 * games / 10; k++) {
        const uint64_t total = totals[k % 4];
        const size_t n = 2 + (size_t)rng_below(&r, 40);
        gen_magnitude_sum(&r, a, n, total);
        if (!tally_check(&tb, oracle_sum_abs(a, n) == (i128)total)) {
            tally_note(&tb, "generator: sum|a| is not %llu",
                       (unsigned long long)total);
            continue;
        }
        extreme_game(&r, &tb, a, n, "sum|a| near INT64_MAX", k);
    }
    ok(tally_passed(&tb),
       "rows with sum|a| = INT64_MAX - 1, INT64_MAX, INT64_MAX + 1, "
       "INT64_MAX + 2: every field exact at every position (%ld)",
       tb.checks);

    for (size_t n = 0; n <= exh_n; n++) {
        rows += every_row(&te, n, extreme, 7, "exhaustive extremes");
    }
    ok(tally_passed(&te),
       "every row of length 0..%zu over {MIN, MIN+1, -1, 0, 1, MAX-1, MAX} "
       "(%ld rows): every field exact at every node of the game tree (%ld)",
       exh_n, rows, te.checks);
    free(a);
}

/* ------------------------------------------------------------------------
 * 4. The API contract
 * ---------------------------------------------------------------------- */

/* 1 when st is the state of an empty row of n coins after n moves with
 * the given totals. */
static int is_empty_state(const coinline_engine_state_t *st, uint64_t n,
                          i128 p1, i128 p2)
{
    return st->n == n && st->lo == st->hi && st->moves == n &&
           st->to_move == 0 && st->best == COINLINE_SIDE_NONE &&
           i128_from_ci(st->value) == 0 && i128_from_ci(st->p1) == p1 &&
           i128_from_ci(st->p2) == p2 &&
           i128_from_ci(st->final_margin) == p1 - p2;
}

static void test_api_errors(void)
{
    const int64_t row[] = {1, 3, 5, 2, 9};
    coinline_engine_t *e = NULL;
    coinline_engine_state_t st;
    coinline_engine_state_t st2;
    int dummy = 0;
    int rc;

    is_int(coinline_engine_new(row, 5, NULL), COINLINE_EINVAL,
           "new with a NULL out: EINVAL");
    e = (coinline_engine_t *)(void *)&dummy;
    rc = coinline_engine_new(NULL, 5, &e);
    ok(rc == COINLINE_EINVAL && e == NULL,
       "new with NULL coins and n > 0: EINVAL and *out set to NULL "
       "(rc %s)",
       code_str(rc));
    coinline_engine_free(NULL);
    ok(1, "free(NULL) does nothing");
    is_int(coinline_engine_steps(NULL), 0, "steps(NULL) is 0");
    is_int(coinline_engine_state(NULL, &st), COINLINE_EINVAL,
           "state with a NULL engine: EINVAL");
    is_int(coinline_engine_play(NULL, COINLINE_SIDE_LEFT), COINLINE_EINVAL,
           "play with a NULL engine: EINVAL");
    is_int(coinline_engine_undo(NULL), COINLINE_EINVAL,
           "undo with a NULL engine: EINVAL");

    /* The empty row, with and without an array. */
    for (int with_array = 0; with_array < 2; with_array++) {
        const char *how = with_array ? "coins given" : "NULL coins";
        uint64_t steps;
        e = NULL;
        rc = coinline_engine_new(with_array ? row : NULL, 0, &e);
        if (!ok(rc == COINLINE_OK && e != NULL, "new with n == 0 (%s): OK",
                how)) {
            continue;
        }
        rc = coinline_engine_state(e, &st);
        ok(rc == COINLINE_OK && is_empty_state(&st, 0, 0, 0) && st.lo == 0,
           "n == 0 (%s): state gives n 0, lo = hi = 0, moves 0, to_move 0, "
           "best NONE, value 0, p1 = p2 = final_margin = 0",
           how);
        is_int(coinline_engine_state(e, NULL), COINLINE_EINVAL,
               "state with a NULL out: EINVAL (%s)", how);
        steps = coinline_engine_steps(e);
        ok(coinline_engine_play(e, COINLINE_SIDE_LEFT) == COINLINE_EINVAL &&
               coinline_engine_play(e, COINLINE_SIDE_RIGHT) ==
                   COINLINE_EINVAL &&
               coinline_engine_undo(e) == COINLINE_EINVAL,
           "n == 0 (%s): play LEFT, play RIGHT and undo give EINVAL", how);
        rc = coinline_engine_state(e, &st2);
        ok(rc == COINLINE_OK && engine_state_equal(&st, &st2) &&
               coinline_engine_steps(e) == steps,
           "n == 0 (%s): after the refused calls the state and steps are "
           "unchanged",
           how);
        coinline_engine_free(e);
    }

    /* A row of five: refused moves and undos change nothing. */
    e = NULL;
    rc = coinline_engine_new(row, 5, &e);
    if (!ok(rc == COINLINE_OK && e != NULL, "new on [1 3 5 2 9]: OK")) {
        return;
    }
    {
        static const int bad_sides[] = {COINLINE_SIDE_NONE, 3, 'L', 'R', 255};
        uint64_t s0 = coinline_engine_steps(e);
        uint64_t s1;
        int refused = 1;
        rc = coinline_engine_state(e, &st);
        s1 = coinline_engine_steps(e);
        ok(rc == COINLINE_OK && st.n == 5 && st.lo == 0 && st.hi == 5 &&
               st.moves == 0 && st.to_move == 1 && i128_from_ci(st.p1) == 0 &&
               i128_from_ci(st.p2) == 0 &&
               i128_from_ci(st.value) == oracle_dp(row, 5) &&
               i128_from_ci(st.final_margin) == oracle_dp(row, 5),
           "new position: n 5, lo 0, hi 5, moves 0, player 1 to move, "
           "value and final_margin V of the row");
        ok(s0 >= 5 && s1 >= s0,
           "new counts the steps of building the reduction (at least one "
           "per coin: %llu), and solving the first position adds to them "
           "(%llu)",
           (unsigned long long)s0, (unsigned long long)s1);
        rc = coinline_engine_state(e, &st2);
        ok(rc == COINLINE_OK && engine_state_equal(&st, &st2) &&
               coinline_engine_steps(e) == s1,
           "state twice at the same position: identical, steps unchanged");
        is_int(coinline_engine_undo(e), COINLINE_EINVAL,
               "undo with no move played: EINVAL");
        for (size_t i = 0; i < sizeof bad_sides / sizeof bad_sides[0]; i++) {
            rc = coinline_engine_play(e, (coinline_side_t)bad_sides[i]);
            if (rc != COINLINE_EINVAL) {
                diag("play with side %d returned %s", bad_sides[i],
                     code_str(rc));
                refused = 0;
            }
        }
        ok(refused, "play with COINLINE_SIDE_NONE, 3, 'L', 'R' or 255: EINVAL");
        rc = coinline_engine_state(e, &st2);
        ok(rc == COINLINE_OK && engine_state_equal(&st, &st2) &&
               coinline_engine_steps(e) == s1,
           "after the refused undo and plays: the same state, no move "
           "played");

        /* A new position is solved: steps grow. */
        s0 = coinline_engine_steps(e);
        rc = coinline_engine_play(e, COINLINE_SIDE_LEFT);
        ok(rc == COINLINE_OK && coinline_engine_state(e, &st) == COINLINE_OK &&
               coinline_engine_steps(e) > s0 && st.lo == 1 && st.hi == 5 &&
               st.moves == 1 && st.to_move == 2 && i128_from_ci(st.p1) == 1,
           "after play LEFT: lo 1, player 2 to move, p1 = 1, and steps grow "
           "as the new position is solved");

        /* Play to the end, then refused moves at the empty position. */
        while (st.to_move != 0 &&
               coinline_engine_play(e, COINLINE_SIDE_RIGHT) == COINLINE_OK) {
            if (coinline_engine_state(e, &st) != COINLINE_OK) {
                break;
            }
        }
        ok(is_empty_state(&st, 5, 1 + 2 + 3, 9 + 5),
           "after L R R R R: empty, to_move 0, best NONE, value 0, p1 6, "
           "p2 14, final_margin -8");
        s0 = coinline_engine_steps(e);
        ok(coinline_engine_play(e, COINLINE_SIDE_LEFT) == COINLINE_EINVAL &&
               coinline_engine_play(e, COINLINE_SIDE_RIGHT) == COINLINE_EINVAL,
           "play on the empty position: EINVAL");
        rc = coinline_engine_state(e, &st2);
        ok(rc == COINLINE_OK && engine_state_equal(&st, &st2) &&
               coinline_engine_steps(e) == s0,
           "after the refused plays on the empty position: nothing changed");
        rc = coinline_engine_undo(e);
        ok(rc == COINLINE_OK && coinline_engine_state(e, &st) == COINLINE_OK &&
               st.lo == 1 && st.hi == 2 && st.moves == 4 && st.to_move == 1 &&
               st.best == COINLINE_SIDE_LEFT && i128_from_ci(st.value) == 3 &&
               i128_from_ci(st.p1) == 1 + 2 && i128_from_ci(st.p2) == 9 + 5 &&
               i128_from_ci(st.final_margin) == 3 - 14 + 3,
           "undo from the empty position: coin 3 back, player 1 to move, "
           "best LEFT, value 3, final_margin -8");
        for (int i = 0; i < 4; i++) {
            rc = rc == COINLINE_OK ? coinline_engine_undo(e) : rc;
        }
        ok(rc == COINLINE_OK && coinline_engine_undo(e) == COINLINE_EINVAL &&
               coinline_engine_state(e, &st2) == COINLINE_OK &&
               st2.moves == 0 && st2.lo == 0 && st2.hi == 5 &&
               i128_from_ci(st2.p1) == 0 && i128_from_ci(st2.p2) == 0 &&
               i128_from_ci(st2.value) == oracle_dp(row, 5),
           "undo back to the start, then undo again: EINVAL, the start "
           "position");
    }
    coinline_engine_free(e);
}

/* Two engines on the table's row: A always takes the left, B the right,
 * each checked after every move of the other. */
static void two_engines(const oracle_table_t *tab, tally_t *t)
{
    game_t ga;
    game_t gb;
    coinline_engine_state_t st;
    if (!game_start(&ga, tab, t, "engine A")) {
        return;
    }
    if (!game_start(&gb, tab, t, "engine B")) {
        game_end(&ga);
        return;
    }
    while (ga.lo < ga.end) {
        if (game_play(&ga, COINLINE_SIDE_LEFT, 0) != COINLINE_OK) {
            break;
        }
        game_check(&gb, 0, &st);
        if (gb.lo < gb.end &&
            game_play(&gb, COINLINE_SIDE_RIGHT, 0) != COINLINE_OK) {
            break;
        }
        game_check(&ga, 0, &st);
    }
    game_check(&gb, 0, &st);
    game_end(&ga);
    game_end(&gb);
}

/* The engine copies the row: changing or freeing the caller's array after
 * new changes no answer. Two engines on one array are independent. */
static void test_api_copy(void)
{
    enum { N = 40, ROWS = 60 };
    int64_t copy[N];
    tally_t t = {0, 0};
    tally_t t2 = {0, 0};
    rng_t r;
    rng_seed(&r, 5150);
    for (int k = 0; k < ROWS; k++) {
        const size_t n = 1 + (size_t)rng_below(&r, N);
        int64_t *caller = row_alloc(n);
        oracle_table_t tab;
        game_t g;
        gen_values(&r, caller, n, k % 2 ? VALS_PM2 : VALS_WIDE);
        memcpy(copy, caller, n * sizeof copy[0]);
        oracle_table_init(&tab, copy, n);
        if (game_start(&g, &tab, &t, "copied row")) {
            /* g.e was made from tab.a == copy; make a second engine from
             * the caller's array, then spoil and free that array. */
            coinline_engine_t *e2 = NULL;
            const int rc = coinline_engine_new(caller, n, &e2);
            for (size_t i = 0; i < n; i++) {
                caller[i] = (int64_t)(i % 2 ? INT64_MIN : INT64_MAX);
            }
            free(caller);
            caller = NULL;
            if (rc == COINLINE_OK) {
                coinline_engine_free(g.e);
                g.e = e2;
                play_game(&r, &g, (opponent_t)(k % OPP_COUNT), k % 2 + 1, 1,
                          NULL);
            } else {
                tally_check(&t, 0);
                tally_note(&t, "new returned %s", code_str(rc));
            }
            game_end(&g);
        }
        free(caller);
        oracle_table_free(&tab);

        /* Two engines on one array: moves on one do not touch the other. */
        oracle_table_init(&tab, copy, n);
        two_engines(&tab, &t2);
        oracle_table_free(&tab);
    }
    ok(tally_passed(&t),
       "the engine copies the row: after new, the caller's array overwritten "
       "and freed, every answer stays that of the original row (%d rows, "
       "%ld positions)",
       ROWS, t.checks);
    ok(tally_passed(&t2),
       "two engines on one array play independently (%ld positions)",
       t2.checks);
}

/* ------------------------------------------------------------------------
 * 5. Both players follow best: coinline_solve() and coinline_line()
 * ---------------------------------------------------------------------- */

static void test_optimal_games(void)
{
    const int games = FULL_OPTIMAL_GAMES / scale;
    int64_t *a = row_alloc(MAXN);
    char *line = xmalloc(MAXN + 1);
    char *played = xmalloc(MAXN + 1);
    tally_t t = {0, 0};
    rng_t r;
    rng_seed(&r, 271828);
    for (int k = 0; k < games; k++) {
        size_t n;
        coinline_result_t res;
        coinline_engine_t *e = NULL;
        coinline_engine_state_t st;
        const char *why = NULL;
        char row[256];
        size_t m = 0;
        int rc;
        if (k % 6 == 5) {
            n = (size_t)rng_below(&r, MAXN + 1);
            gen_values(&r, a, n, k % 12 == 5 ? VALS_EXTREME : VALS_FULL);
        } else {
            n = game_row(&r, a, MAXN, k);
        }
        rc = coinline_solve(a, n, COINLINE_ALGO_LINEAR, &res);
        if (rc == COINLINE_OK) {
            rc = coinline_line(a, n, COINLINE_ALGO_LINEAR, line);
        }
        if (rc == COINLINE_OK) {
            rc = coinline_engine_new(a, n, &e);
        }
        if (rc == COINLINE_OK) {
            rc = coinline_engine_state(e, &st);
        }
        if (rc != COINLINE_OK) {
            why = "a call failed";
        } else if (st.best != res.first_move ||
                   i128_from_ci(st.value) != i128_from_ci(res.margin)) {
            why = "the first best or value differs from solve";
        }
        while (why == NULL && st.to_move != 0) {
            const size_t lo_before_move = (size_t)st.lo;
            if (m >= n || coinline_engine_play(e, st.best) != COINLINE_OK ||
                coinline_engine_state(e, &st) != COINLINE_OK) {
                why = "play or state failed";
                break;
            }
            /* The side played: the left end moved, or the right. */
            played[m++] = st.lo > lo_before_move ? 'L' : 'R';
            if (i128_from_ci(st.final_margin) != i128_from_ci(res.margin)) {
                why = "final_margin changed along the optimal line";
            }
        }
        if (why == NULL) {
            played[m] = '\0';
            if (m != n) {
                why = "the game did not end after n moves";
            } else if (i128_from_ci(st.p1) != i128_from_ci(res.p1) ||
                       i128_from_ci(st.p2) != i128_from_ci(res.p2)) {
                why = "the final totals differ from solve's p1/p2";
            } else if (strcmp(played, line) != 0) {
                why = "the moves differ from coinline_line";
            }
        }
        if (!tally_check(&t, why == NULL)) {
            tally_note(&t, "row [%s]: %s", row_str(a, n, row, sizeof row), why);
        }
        coinline_engine_free(e);
    }
    free(a);
    free(line);
    free(played);
    ok(tally_passed(&t),
       "both players following best: final p1/p2 equal coinline_solve's, "
       "final_margin stays its margin, and the moves equal "
       "coinline_line(LINEAR), on %d rows n <= %d",
       games, MAXN);
}

/* coinline_engine_estimate() against coinline_engine_bytes() after new,
 * on rows of many lengths in 64 and in 128 bits, and its refusals. */
static void test_estimate(void)
{
    tally_t t = {0, 0};
    rng_t r;
    uint64_t bytes = 0;
    rng_seed(&r, 0xE57);
    for (int k = 0; k < 300; k++) {
        const size_t n = k < 100 ? (size_t)k : (size_t)rng_below(&r, 20000);
        int64_t *a = row_alloc(n);
        gen_values(&r, a, n, k % 3 == 0 ? VALS_FULL : VALS_WIDE);
        coinline_engine_t *e = NULL;
        const int good = coinline_engine_estimate(a, n, &bytes) == 0 &&
                         coinline_engine_new(a, n, &e) == 0 &&
                         coinline_engine_bytes(e) == bytes && bytes > 0;
        if (!tally_check(&t, good))
            tally_note(&t, "n %zu: estimate %llu, bytes %llu", n,
                       (unsigned long long)bytes,
                       (unsigned long long)coinline_engine_bytes(e));
        coinline_engine_free(e);
        free(a);
    }
    ok(tally_passed(&t),
       "engine_estimate equals engine_bytes after engine_new on 300 rows of "
       "0 to 20000 coins, narrow and wide");
    ok(coinline_engine_estimate(NULL, 0, &bytes) == 0 && bytes > 0 &&
           coinline_engine_estimate(NULL, 3, &bytes) == COINLINE_EINVAL &&
           coinline_engine_estimate(NULL, 0, NULL) == COINLINE_EINVAL,
       "engine_estimate: the empty row from NULL; EINVAL for NULL coins "
       "with n > 0 and for bytes NULL");
#if SIZE_MAX > UINT32_MAX
    ok(coinline_engine_estimate(NULL, 0, &bytes) == 0 &&
           coinline_engine_estimate((const int64_t *)&bytes,
                                    (size_t)UINT32_MAX - 4,
                                    &bytes) == COINLINE_ETOOBIG,
       "engine_estimate refuses n = 2^32 - 5 with ETOOBIG, as new does");
#endif
}

int main(void)
{
    test_estimate();
    if (under_valgrind()) {
        scale = VALGRIND_SCALE;
        exh_shorter = 1;
        diag("running under valgrind: games divided by %d, exhaustive rows "
             "one shorter",
             scale);
    }
    test_api_errors();
    test_api_copy();
    test_random_games();
    test_exhaustive();
    test_int64_limits();
    test_optimal_games();
    return done_testing();
}
