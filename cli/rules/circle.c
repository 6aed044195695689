/* SPDX-License-Identifier: MIT */
/* circle.c - the words of the shape circle (the pizza game): move 1 at
 * any position, then the two ends of the line left. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "compiler.h"
#include "explain/circle.h"
#include "words.h"

static void put_first_json(FILE *fp, uint64_t first, uint64_t n)
{
    (void)n;
    if (first == 0)
        fputs("null", fp);
    else
        fprintf(fp, "%llu", (unsigned long long)first);
}

static void put_head(FILE *fp, size_t n)
{
    fprintf(fp, "%zu coin%s on a circle", n, n == 1 ? "" : "s");
    if (n > 0)
        fprintf(fp, ", positions 1..%zu clockwise", n);
    fputs(": ", fp);
}

static void put_take(FILE *fp, int64_t coin, uint64_t position, int any,
                     int last, int left)
{
    fprintf(fp, " %lld at position %llu", (long long)coin,
            (unsigned long long)position);
    if (any)
        fputs(last ? ", the last coin" : "", fp);
    else
        fprintf(fp, ", %s",
                last   ? "the last coin"
                : left ? "from the left"
                       : "from the right");
}

static void put_left_where(FILE *fp, uint64_t left_end, uint64_t right_end,
                           uint64_t count)
{
    if (count == 1)
        fprintf(fp, " (position %llu)", (unsigned long long)left_end);
    else if (count > 1)
        fprintf(fp, " (positions %llu to %llu clockwise)",
                (unsigned long long)left_end, (unsigned long long)right_end);
}

static void put_compact(FILE *fp, uint64_t first, const char *ends)
{
    if (first > 0)
        fprintf(fp, " %llu", (unsigned long long)first);
    else
        fputs(" -", fp);
    fprintf(fp, " %s", ends[0] != '\0' ? ends : "-");
}

/* ---- --moves on a circle: P or P:LRL --------------------------------- */

/* A position as --moves names it: "" (the start), "P" (after the first
 * coin was taken at P) or "P:LRL" (then these moves on the line left, L
 * or R in either case). */
typedef struct {
    uint64_t first;    /* the first position taken; 0: the start */
    const char *moves; /* the moves on the line left (in the text) */
    size_t nmoves;
    size_t column; /* the 1-based column of moves[0] in the text */
} circle_moves_t;

static int refuse(coinline_error_t *err, size_t col, const char *fmt, ...)
    COINLINE_PRINTF(3, 4);

/* err at line 1, column col, with the message; COINLINE_EMOVE. */
static int refuse(coinline_error_t *err, size_t col, const char *fmt, ...)
{
    va_list ap;
    memset(err, 0, sizeof *err);
    err->line = 1;
    err->column = col;
    va_start(ap, fmt);
    vsnprintf(err->message, sizeof err->message, fmt, ap);
    va_end(ap);
    return COINLINE_EMOVE;
}

/* rc, with err's message after "column C: " (its column) when rc is
 * COINLINE_EMOVE: solve --moves says where its moves went wrong. */
static int at_column(coinline_error_t *err, int rc)
{
    char col[32];
    if (rc != COINLINE_EMOVE)
        return rc;
    const size_t len = (size_t)snprintf(
        col, sizeof col, "column %llu: ", (unsigned long long)err->column);
    const size_t room = sizeof err->message - 1 - len;
    size_t n = strlen(err->message);
    n = n < room ? n : room;
    memmove(err->message + len, err->message, n);
    memcpy(err->message, col, len);
    err->message[len + n] = '\0';
    return rc;
}

static char shown(char c)
{
    return c >= 0x20 && c < 0x7f ? c : '?';
}

/* Parses text into *m (m->moves points into text). Returns 0, or
 * COINLINE_EMOVE with *err at the column of the first character that is
 * wrong, saying what was expected and what was found. */
static int parse_moves(const char *text, circle_moves_t *m,
                       coinline_error_t *err)
{
    size_t k = 0;
    memset(m, 0, sizeof *m);
    m->moves = text + strlen(text);
    if (text[0] == '\0')
        return COINLINE_OK;
    if (text[0] < '0' || text[0] > '9')
        return refuse(err, 1,
                      "expected the position of the first move, found "
                      "'%c' (with --circle, MOVES is P or P:LRL)",
                      shown(text[0]));
    for (; text[k] >= '0' && text[k] <= '9'; k++)
        if (m->first <= COINLINE_MAX_COUNT)
            m->first = m->first * 10 + (uint64_t)(text[k] - '0');
    if (m->first > COINLINE_MAX_COUNT)
        return refuse(err, 1,
                      "the position %.*s is too large (a game has at most "
                      "10^12 coins)",
                      (int)(k < 60 ? k : 60), text);
    if (m->first == 0)
        return refuse(err, 1, "position 0: positions start at 1");
    if (text[k] != '\0' && text[k] != ':')
        return refuse(err, k + 1,
                      "expected ':' and the moves after the position, "
                      "found '%c'",
                      shown(text[k]));
    k += text[k] == ':';
    m->moves = text + k;
    m->column = k + 1;
    for (m->nmoves = 0; text[k] != '\0'; k++, m->nmoves++) {
        const char c = text[k];
        if (c != 'L' && c != 'R' && c != 'l' && c != 'r')
            return refuse(err, k + 1, "move %zu is '%c', not L or R",
                          m->nmoves + 2, shown(c));
    }
    return COINLINE_OK;
}

static int check_moves(const char *text, coinline_error_t *err)
{
    circle_moves_t m;
    return at_column(err, parse_moves(text, &m, err));
}

static int play_moves(coinline_game_t *g, const char *text,
                      coinline_error_t *err)
{
    circle_moves_t m;
    const size_t n = coinline_game_size(g);
    int rc = at_column(err, parse_moves(text, &m, err));
    if (rc != COINLINE_OK || m.first == 0)
        return rc;
    if (m.first > n)
        return at_column(err, refuse(err, 1,
                                     "position %llu is not on the circle: it "
                                     "has %zu coin%s",
                                     (unsigned long long)m.first, n,
                                     n == 1 ? "" : "s"));
    if (m.nmoves > n - 1)
        return at_column(err, refuse(err, m.column + n - 1,
                                     "move %zu is one too many: the circle "
                                     "has %zu coin%s",
                                     n + 1, n, n == 1 ? "" : "s"));
    rc = coinline_game_play(g, m.first);
    if (rc == COINLINE_OK)
        rc = coinline_game_play_text(g, m.moves, m.nmoves, err);
    return rc;
}

static void put_position_json(FILE *fp, uint64_t first)
{
    fputs(",\"first_move\":", fp);
    put_first_json(fp, first, 0);
}

static const char *side_name(coinline_side_t side)
{
    return side == COINLINE_SIDE_LEFT    ? "left"
           : side == COINLINE_SIDE_RIGHT ? "right"
                                         : NULL;
}

static void put_best_json(FILE *fp, const coinline_game_state_t *st)
{
    const char *side = side_name(st->best_side);
    if (side != NULL)
        fprintf(fp, ",\"best_move\":\"%s\"", side);
    else
        fprintf(fp, st->best ? ",\"best_move\":%llu" : ",\"best_move\":null",
                (unsigned long long)st->best);
    fprintf(fp,
            st->best ? ",\"best_position\":%llu" : ",\"best_position\":null",
            (unsigned long long)st->best);
}

static void put_best_words(FILE *fp, const coinline_game_state_t *st,
                           int64_t coin)
{
    const char *side = side_name(st->best_side);
    if (side != NULL)
        fprintf(fp, "player %d to move, best move %s (%lld, position %llu)",
                st->to_move, side, (long long)coin,
                (unsigned long long)st->best);
    else
        fprintf(fp, "player %d to move, best move position %llu (%lld)",
                st->to_move, (unsigned long long)st->best, (long long)coin);
}

/* play --json: move 1's position apart, the L/R moves after it. */
static void put_any_json(FILE *fp, uint64_t position)
{
    fputs(",\"first_move\":", fp);
    put_first_json(fp, position, 0);
}

/* ---- review: table, analyze, serve ------------------------------------ */

/* The table: a cell (i, len) for the arc of len coins clockwise from
 * position i, len 1..n-1; beside them, m(i) of each first position. */
static void table_heading(FILE *fp, const char *gain)
{
    fprintf(fp,
            "V(i, len): the best margin (own total minus the other's) for "
            "the\nplayer to move on the arc of len coins clockwise from "
            "position i;\nL or R: the optimal move there (L: the coin at i, "
            "R: the arc's\nlast coin; ties to the left); *: the arcs of "
            "optimal play.\nm(i) = %s - V(i+1, n-1): player 1's final margin "
            "when it\ntakes the coin at i first; *: the optimal first "
            "position.\n",
            gain);
}

static size_t table_cols(size_t n)
{
    return n > 0 ? n - 1 : 0;
}

static uint64_t table_length(size_t n, size_t row, size_t col)
{
    (void)row;
    return col + 1 < n ? col + 1 : 0;
}

static size_t table_col(size_t row, uint64_t length)
{
    (void)row;
    return (size_t)length - 1;
}

static void table_verdict(FILE *fp, size_t n, uint64_t first,
                          const char *margin, const char *p1, const char *p2)
{
    (void)n;
    fprintf(fp,
            "m(%llu) = %s, the largest: player 1 takes the coin at %llu "
            "first.\nPlayer 1 ends with %s, player 2 with %s.\n",
            (unsigned long long)first, margin, (unsigned long long)first, p1,
            p2);
}

static const cli_table_words_t table_words = {
    .heading = table_heading,
    .columns = "len:",
    .coins_across = 0,
    .cols = table_cols,
    .length = table_length,
    .col = table_col,
    .verdict = table_verdict,
    .svg_title = "V(i, len): the best margin for the player to move on the "
                 "arc of len coins clockwise from position i; m(i): player "
                 "1's final margin when it takes the coin at i first",
    .svg_caption = {"V(i, len) of the arcs; m(i), player 1's margin when",
                    "it takes i first; framed, arrows: optimal play"},
    .svg_xlabel = "len: the coins of the arc",
    .svg_ylabel = "i: the arc's first position",
    .svg_legend = "the colour of V and m, from the lowest to the highest",
};

/* "9 (at 5)" for move 1, "2 (left, at 4)" after it. */
static void coin_words(char *buf, size_t size, int64_t coin,
                       coinline_side_t side, uint64_t position)
{
    if (side == COINLINE_SIDE_NONE)
        snprintf(buf, size, "%lld (at %llu)", (long long)coin,
                 (unsigned long long)position);
    else
        snprintf(buf, size, "%lld (%s, at %llu)", (long long)coin,
                 coinline_side_name(side), (unsigned long long)position);
}

/* "9 at 5" for move 1, "L 1 at 1" after it. */
static void line_move(char *buf, size_t size, int64_t coin,
                      coinline_side_t side, uint64_t position)
{
    if (side == COINLINE_SIDE_NONE)
        snprintf(buf, size, "%lld at %llu", (long long)coin,
                 (unsigned long long)position);
    else
        snprintf(buf, size, "%c %lld at %llu",
                 side == COINLINE_SIDE_RIGHT ? 'R' : 'L', (long long)coin,
                 (unsigned long long)position);
}

/* " (move 1 at 5)" */
static void best_first(char *buf, size_t size, uint64_t first)
{
    if (first > 0)
        snprintf(buf, size, " (move 1 at %llu)", (unsigned long long)first);
    else if (size > 0)
        buf[0] = '\0';
}

/* P or P:LRL: the classic review's fault, its column in text. */
static int moves_error(const char *text, const int64_t *coins, size_t n,
                       coinline_error_t *err)
{
    circle_moves_t m;
    if (strpbrk(text, " \t,") != NULL)
        return 0;
    if (parse_moves(text, &m, err) != COINLINE_OK)
        return COINLINE_EMOVE;
    coinline_move_review_t *r = malloc((m.nmoves + 2) * sizeof *r);
    const int rc = r == NULL
                       ? COINLINE_ENOMEM
                       : coinline_circle_analyze(coins, n, m.first, m.moves,
                                                 m.nmoves, r, err);
    free(r);
    if (rc != COINLINE_EMOVE)
        return 0;
    err->line = 1;
    err->column = err->column > 0 ? err->column + m.column - 1 : 1;
    return rc;
}

const cli_shape_words_t cli_circle_words = {
    .id = COINLINE_SHAPE_CIRCLE,
    .noun = "circle",
    .json = ",\"circle\":true",
    .put_first_json = put_first_json,
    /* solve */
    .streams = 0,
    .more = 1,
    .of = " a circle of",
    /* coinline_game_new(): n < 2^31 - 2 on a circle. */
    .linear_max = (UINT64_C(1) << 31) - 3,
    .linear_why = "its engine holds the circle twice",
    .put_head = put_head,
    .put_take = put_take,
    .put_left_where = put_left_where,
    .put_compact = put_compact,
    .check_moves = check_moves,
    .play_moves = play_moves,
    .put_position_json = put_position_json,
    .put_best_json = put_best_json,
    .put_best_words = put_best_words,
    /* A comment, so that the file stays in the classic format. */
    .gen_note = "# circle: the coins of each game lie round a circle, at "
                "positions 1..N clockwise (coinline solve --circle)\n",
    .rules_text = "Player 1 takes the coin at any position p; the coins left "
                  "form a line running clockwise from p+1 round to p-1, and "
                  "from then on the players take an end of that line in "
                  "turn, player 2 first.",
    .explain = cli_explain_circle,
    /* play, duel, bots */
    .on = " on a circle",
    .positions = 1,
    .ring = 1,
    .any_move = "the first move",
    .play_commands = "commands: a number P (take the coin at position P: any "
                     "for the first move, an end after it), l (take the left "
                     "end), r (the right), hint, undo, new, quit, help\n",
    .bot_word = "circle",
    .put_any_json = put_any_json,
    .record_circle = 1,
    /* review */
    .first_any = 1,
    .table = &table_words,
    .where = " on a circle",
    .chart = ", on a circle",
    .took_width = 18, /* "-123 (right, at 45)" */
    .coin_words = coin_words,
    .line_move = line_move,
    .best_first = best_first,
    .moves_error = moves_error,
    .first_refused = NULL,
    .steps_refused = "the steps are those of a row's table, and a circle's "
                     "first move takes any coin: its table of arcs is "
                     "coinline table --circle, its explanation coinline "
                     "explain --circle",
};
