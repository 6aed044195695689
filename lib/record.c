/* SPDX-License-Identifier: MIT */
/*
 * record.c - game records (docs/record.md): a header line, then games of
 * "key value" lines. Everything is checked, so a record that is read is
 * one that can be replayed: the row parses, the moves are L/R and at most
 * one per coin, and given totals follow from them. The writer checks the
 * same, so that what it writes is read back as it was given.
 *
 * A circular game has a "circle FIRST" key: FIRST is the position move 1
 * took (1..n), or 0 before move 1; its moves are moves 2, 3, ... on the
 * line left after it, whose coins are the circle's from FIRST + 1 round
 * to FIRST - 1. Its numbers count move 1: a bad move is numbered from 2,
 * the player of the next move is that of move (FIRST > 0) + nmoves + 1.
 *
 * The general form, for any rules: a "rules" key (coinline_rules_parse()'s
 * words; none: the classic line) and the moves as positions, walked by
 * the shape's cursor (rules.h). Whatever form a game was read in, the
 * record holds it as the classic forms do (circle and first, then L and
 * R), which every shape of today can; coinline_record_positions() gives
 * its moves as positions. The writer writes the classic forms for the
 * classic scoring, byte for byte as before, so that every reader of them
 * still reads them, and the general form for the others, which an older
 * reader refuses (an unknown key) rather than misreads.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compiler.h"
#include "rules.h"

/* The bit of a key in parser_t's seen (its index in keys[], below). */
enum {
    KEY_ROW = 1u << 3,
    KEY_MOVES = 1u << 4,
    KEY_CIRCLE = 1u << 7,
    KEY_RULES = 1u << 8
};

/* A move of the positions form, as written: for the checks at the end of
 * its game. */
typedef struct {
    const char *s;
    size_t len;
    uint64_t column;
} rec_pos_t;

/* The parser's position and the games read so far. */
typedef struct {
    const char *p, *end; /* the text not yet read */
    uint64_t line;       /* the line being read */
    const char *line_at; /* its first byte */
    coinline_record_t *games;
    size_t count, cap;
    /* The places of the current game's keys, for the checks at its end. */
    uint64_t moves_line, totals_line, forfeit_line, circle_line;
    size_t moves_col, circle_col;
    unsigned seen;          /* keys seen in the current game, a bit each */
    coinline_rules_t rules; /* its "rules" key's */
    rec_pos_t *pos;         /* its moves in the positions form */
    size_t npos, pos_cap;
    coinline_error_t *err;
} parser_t;

static int record_fail(parser_t *P, const char *at, const char *fmt, ...)
    COINLINE_PRINTF(3, 4);

static int record_fail(parser_t *P, const char *at, const char *fmt, ...)
{
    va_list ap;
    if (P->err == NULL)
        return COINLINE_ERECORD;
    memset(P->err, 0, sizeof *P->err);
    P->err->line = P->line;
    P->err->column = at != NULL ? (uint64_t)(at - P->line_at) + 1 : 0;
    va_start(ap, fmt);
    vsnprintf(P->err->message, sizeof P->err->message, fmt, ap);
    va_end(ap);
    return COINLINE_ERECORD;
}

/* The next line as [*s, *e), without its newline and a trailing CR;
 * returns 0 at the end of the text. */
static int next_line(parser_t *P, const char **s, const char **e)
{
    if (P->p >= P->end)
        return 0;
    const char *nl = memchr(P->p, '\n', (size_t)(P->end - P->p));
    *s = P->line_at = P->p;
    *e = nl != NULL ? nl : P->end;
    P->p = nl != NULL ? nl + 1 : P->end;
    if (*e > *s && (*e)[-1] == '\r')
        (*e)--;
    P->line++;
    return 1;
}

/* 1 when [s, e) is blank or a comment. */
static int is_blank(const char *s, const char *e)
{
    while (s < e && (*s == ' ' || *s == '\t'))
        s++;
    return s == e || *s == '#';
}

static char *copy(const char *s, const char *e)
{
    char *c = malloc((size_t)(e - s) + 1);
    if (c != NULL) {
        memcpy(c, s, (size_t)(e - s));
        c[e - s] = '\0';
    }
    return c;
}

/* A decimal integer of up to 38 digits, sign allowed, into *v. */
static int parse_wide(const char *s, const char *e, cl_wide *v)
{
    const int neg = s < e && *s == '-';
    s += s < e && (*s == '-' || *s == '+');
    if (s == e || e - s > 38)
        return -1;
    *v = 0;
    for (; s < e; s++) {
        if (*s < '0' || *s > '9')
            return -1;
        *v = *v * 10 + (*s - '0');
    }
    *v = neg ? -*v : *v;
    return 0;
}

static int header(parser_t *P)
{
    const char *s, *e;
    while (next_line(P, &s, &e))
        if (!is_blank(s, e)) {
            while (e > s && (e[-1] == ' ' || e[-1] == '\t'))
                e--;
            if ((size_t)(e - s) == 17 &&
                memcmp(s, "coinline-record 1", 17) == 0)
                return COINLINE_OK;
            if (e - s > 16 && memcmp(s, "coinline-record ", 16) == 0)
                return record_fail(P, s + 16,
                                   "record version '%.*s' is not "
                                   "supported (this reader knows 1)",
                                   (int)(e - s - 16 > 20 ? 20 : e - s - 16),
                                   s + 16);
            return record_fail(P, s,
                               "not a game record: the first line must be "
                               "'coinline-record 1'");
        }
    P->line = 0;
    return record_fail(P, NULL, "not a game record: the text is empty");
}

/* Starts a game from the value of a "game" key. */
static int new_game(parser_t *P, const char *v, const char *e)
{
    cl_wide num;
    if (parse_wide(v, e, &num) != 0 || num <= 0 || num > (cl_wide)UINT64_MAX ||
        *v == '+')
        return record_fail(P, v, "'game' needs a positive integer, not '%.*s'",
                           (int)(e - v > 30 ? 30 : e - v), v);
    if (P->count == P->cap) {
        const size_t cap = P->cap ? 2 * P->cap : 8;
        coinline_record_t *g = realloc(P->games, cap * sizeof *g);
        if (g == NULL)
            return COINLINE_ENOMEM;
        P->games = g;
        P->cap = cap;
    }
    coinline_record_t *g = &P->games[P->count++];
    memset(g, 0, sizeof *g);
    g->number = (uint64_t)num;
    g->line = P->line;
    P->seen = 0;
    P->npos = 0;
    return COINLINE_OK;
}

static int key_row(parser_t *P, coinline_record_t *g, const char *v,
                   const char *e)
{
    coinline_error_t err;
    int64_t *coins = NULL;
    char *text = copy(v, e);
    if (text == NULL)
        return COINLINE_ENOMEM;
    const int rc = coinline_row_parse(text, &coins, &g->n, &err);
    g->coins = coins;
    free(text);
    if (rc == COINLINE_ENOMEM)
        return rc;
    if (rc != COINLINE_OK)
        return record_fail(P, v + (err.column - 1), "row: %s",
                           coinline_strerror(rc));
    return COINLINE_OK;
}

/* 1 when line [s, e) holds key (the key, then a space or the end). */
static int has_key(const char *s, const char *e, const char *key)
{
    const size_t k = strlen(key);
    return (size_t)(e - s) >= k && memcmp(s, key, k) == 0 &&
           ((size_t)(e - s) == k || s[k] == ' ' || s[k] == '\r');
}

/* 1 when a "circle" key comes later in the current game: the text after
 * the line being read, up to the next "game" line, is looked at. */
static int circle_follows(const parser_t *P)
{
    const char *s = P->p;
    while (s < P->end) {
        const char *nl = memchr(s, '\n', (size_t)(P->end - s));
        const char *e = nl != NULL ? nl : P->end;
        if (has_key(s, e, "game"))
            return 0;
        if (has_key(s, e, "circle"))
            return 1;
        s = nl != NULL ? nl + 1 : P->end;
    }
    return 0;
}

static int rec_digit(char c)
{
    return c >= '0' && c <= '9';
}

/* The first move's number in the moves given: 2 after a "circle" key. */
static size_t first_number(const parser_t *P)
{
    return 1 + (size_t)((P->seen & KEY_CIRCLE) || circle_follows(P));
}

/* The positions form: numbers separated by single spaces, kept as
 * written for the checks at the end of the game. */
static int key_positions(parser_t *P, const char *v, const char *e)
{
    for (const char *c = v; c < e;) {
        const char *t = c;
        while (c < e && rec_digit(*c))
            c++;
        if (c == t || (c < e && *c != ' '))
            return record_fail(P, c,
                               "move %zu is '%c', not a position (the moves "
                               "are positions separated by single spaces, "
                               "or one word of L and R)",
                               P->npos + first_number(P), *c);
        if (P->npos == P->pos_cap) {
            const size_t cap = P->pos_cap ? 2 * P->pos_cap : 16;
            rec_pos_t *const q = realloc(P->pos, cap * sizeof *q);
            if (q == NULL)
                return COINLINE_ENOMEM;
            P->pos = q;
            P->pos_cap = cap;
        }
        P->pos[P->npos].s = t;
        P->pos[P->npos].len = (size_t)(c - t);
        P->pos[P->npos++].column = (uint64_t)(t - P->line_at) + 1;
        c += c < e; /* the space */
    }
    return COINLINE_OK;
}

static int key_moves(parser_t *P, coinline_record_t *g, const char *v,
                     const char *e)
{
    while (e > v && (e[-1] == ' ' || e[-1] == '\t'))
        e--;
    P->moves_line = P->line;
    P->moves_col = (size_t)(v - P->line_at) + 1;
    if (v < e && rec_digit(*v))
        return key_positions(P, v, e);
    for (const char *c = v; c < e; c++)
        if (*c != 'L' && *c != 'R')
            /* On a circle, the moves given are moves 2, 3, ... */
            return record_fail(P, c, "move %zu is '%c', not L or R",
                               (size_t)(c - v) + first_number(P), *c);
    if ((g->moves = copy(v, e)) == NULL)
        return COINLINE_ENOMEM;
    g->nmoves = (size_t)(e - v);
    return COINLINE_OK;
}

/* "rules WORDS": coinline_rules_parse()'s words. */
static int key_rules(parser_t *P, const char *v, const char *e)
{
    coinline_error_t err;
    char *const text = copy(v, e);
    if (text == NULL)
        return COINLINE_ENOMEM;
    const int rc = coinline_rules_parse(text, &P->rules, &err);
    free(text);
    if (rc != COINLINE_OK)
        return record_fail(P, v + (err.column - 1), "rules: %s", err.message);
    return COINLINE_OK;
}

static int key_totals(parser_t *P, coinline_record_t *g, const char *v,
                      const char *e)
{
    const char *sp = memchr(v, ' ', (size_t)(e - v));
    cl_wide t1, t2;
    if (sp == NULL || parse_wide(v, sp, &t1) != 0 ||
        parse_wide(sp + 1, e, &t2) != 0)
        return record_fail(P, v, "'totals' needs two integers: 'totals P1 P2'");
    g->total[0] = cl_from_wide(t1);
    g->total[1] = cl_from_wide(t2);
    g->has_totals = 1;
    P->totals_line = P->line;
    return COINLINE_OK;
}

static int key_forfeit(parser_t *P, coinline_record_t *g, const char *v,
                       const char *e)
{
    if (e - v < 3 || (*v != '1' && *v != '2') || v[1] != ' ')
        return record_fail(P, v,
                           "'forfeit' needs the seat (1 or 2) and a reason");
    g->forfeit_seat = *v - '0';
    P->forfeit_line = P->line;
    return (g->verdict = copy(v + 2, e)) != NULL ? COINLINE_OK
                                                 : COINLINE_ENOMEM;
}

static int key_name(coinline_record_t *g, int seat, const char *v,
                    const char *e)
{
    return (g->name[seat] = copy(v, e)) != NULL ? COINLINE_OK : COINLINE_ENOMEM;
}

/* "circle FIRST": FIRST digits only; checked against the row when the
 * game is complete. */
static int key_circle(parser_t *P, coinline_record_t *g, const char *v,
                      const char *e)
{
    cl_wide first;
    if (parse_wide(v, e, &first) != 0 || *v == '+' || *v == '-' ||
        first > (cl_wide)UINT64_MAX)
        return record_fail(P, v,
                           "'circle' needs the position of move 1 (1 to the "
                           "number of coins; 0 before move 1), not '%.*s'",
                           (int)(e - v > 30 ? 30 : e - v), v);
    g->circle = 1;
    g->first = (uint64_t)first;
    P->circle_line = P->line;
    P->circle_col = (size_t)(v - P->line_at) + 1;
    return COINLINE_OK;
}

static const char *const keys[] = {
    "game", "p1", "p2", "row", "moves", "totals", "forfeit", "circle", "rules"};

/* One "key value" line of a game. */
static int key_line(parser_t *P, const char *s, const char *e)
{
    const char *sp = memchr(s, ' ', (size_t)(e - s));
    const char *kend = sp != NULL ? sp : e, *v = sp != NULL ? sp + 1 : e;
    size_t k = 0;
    while (k < sizeof keys / sizeof keys[0] &&
           !(strlen(keys[k]) == (size_t)(kend - s) &&
             memcmp(keys[k], s, (size_t)(kend - s)) == 0))
        k++;
    if (k == sizeof keys / sizeof keys[0])
        return record_fail(P, s, "unknown key '%.*s'",
                           (int)(kend - s > 30 ? 30 : kend - s), s);
    if (k == 0)
        return new_game(P, v, e);
    if (P->count == 0)
        return record_fail(P, s, "'%s' comes before the first 'game' line",
                           keys[k]);
    coinline_record_t *g = &P->games[P->count - 1];
    if (P->seen & (1u << k))
        return record_fail(P, s, "'%s' is given twice in game %llu", keys[k],
                           (unsigned long long)g->number);
    P->seen |= 1u << k;
    switch (k) {
    case 1:
    case 2: return key_name(g, (int)k - 1, v, e);
    case 3: return key_row(P, g, v, e);
    case 4: return key_moves(P, g, v, e);
    case 5: return key_totals(P, g, v, e);
    case 6: return key_forfeit(P, g, v, e);
    case 7: return key_circle(P, g, v, e);
    default: return key_rules(P, v, e);
    }
}

/* An error at an earlier line (a check made when the game is complete). */
static int fail_at(parser_t *P, uint64_t line, uint64_t column, const char *msg,
                   const coinline_record_t *g)
{
    record_fail(P, NULL, "game %llu: %s", (unsigned long long)g->number, msg);
    if (P->err != NULL) {
        P->err->line = line;
        P->err->column = column;
    }
    return COINLINE_ERECORD;
}

/* The rules of g: a circle or a line, and its scoring. */
static coinline_rules_t record_rules(const coinline_record_t *g)
{
    coinline_rules_t r;
    memset(&r, 0, sizeof r);
    r.shape = g->circle ? COINLINE_SHAPE_CIRCLE : COINLINE_SHAPE_LINE;
    r.score = g->score;
    return r;
}

/* Moves played in g: its L/R moves, and move 1 of a circle. */
static size_t played(const coinline_record_t *g)
{
    return g->nmoves + (size_t)(g->circle && g->first > 0);
}

/* Calls f(ctx, k, p) for each move k of g (checked), p its position: the
 * first, where any coin may be taken, then the ends the letters name. */
static void walk(const coinline_record_t *g,
                 void (*f)(void *, size_t, uint64_t), void *ctx)
{
    const coinline_rules_t rules = record_rules(g);
    const cl_shape_t *const shape = cl_shape_of(&rules);
    cl_cursor_t c;
    size_t k = 0;
    shape->start(&c, g->n);
    if (c.any && g->first > 0) {
        f(ctx, k++, g->first);
        shape->take(&c, g->first);
    }
    for (size_t i = 0; i < g->nmoves; i++) {
        uint64_t left, right;
        cl_cursor_ends(&c, &left, &right);
        const uint64_t p = g->moves[i] == 'L' ? left : right;
        f(ctx, k++, p);
        shape->take(&c, p);
    }
}

/* The scores of both seats along g's moves. */
typedef struct {
    const coinline_record_t *g;
    const cl_score_t *score;
    cl_wide left, t[2];
} totals_t;

static void add_move(void *ctx, size_t k, uint64_t p)
{
    totals_t *const T = ctx;
    const int64_t coin = T->g->coins[p - 1];
    T->t[k % 2] += T->score->gain(coin, T->left);
    T->left -= coin;
}

/* The totals of both seats after g's moves (checked), in its scoring. */
static void replay_totals(const coinline_record_t *g, cl_wide t[2])
{
    const coinline_rules_t rules = record_rules(g);
    totals_t T = {g, cl_score_of(&rules), 0, {0, 0}};
    for (size_t i = 0; i < g->n; i++)
        T.left += g->coins[i];
    walk(g, add_move, &T);
    t[0] = T.t[0];
    t[1] = T.t[1];
}

/* The rules of the game: its "rules" key's, which a "circle" key must
 * agree with; without one, the classic scoring. */
static int check_rules(parser_t *P, coinline_record_t *g)
{
    char name[COINLINE_RULES_STRLEN], msg[160];
    if (!(P->seen & KEY_RULES))
        return COINLINE_OK;
    const int circle = P->rules.shape == COINLINE_SHAPE_CIRCLE;
    if ((P->seen & KEY_CIRCLE) && !circle) {
        coinline_rules_name(&P->rules, name, sizeof name);
        snprintf(msg, sizeof msg,
                 "'circle' gives move 1 on a circle, but the rules are '%s'",
                 name);
        return fail_at(P, P->circle_line, 1, msg, g);
    }
    g->circle = circle;
    g->score = P->rules.score;
    return COINLINE_OK;
}

/* A "circle FIRST" key: FIRST a position (or 0 with no moves). */
static int check_first(parser_t *P, const coinline_record_t *g)
{
    char msg[200];
    if (g->first > g->n) {
        if (g->n == 0)
            snprintf(msg, sizeof msg,
                     "circle %llu is not a position: the circle has no "
                     "coins (circle 0: no move)",
                     (unsigned long long)g->first);
        else
            snprintf(msg, sizeof msg,
                     "circle %llu is not a position: the circle has %zu "
                     "coin%s, at positions 1 to %zu (0 before move 1)",
                     (unsigned long long)g->first, g->n, g->n == 1 ? "" : "s",
                     g->n);
        return fail_at(P, P->circle_line, P->circle_col, msg, g);
    }
    if (g->first == 0 && (g->nmoves > 0 || P->npos > 0))
        return fail_at(P, P->moves_line, P->moves_col,
                       "move 2 needs move 1 first: circle 0 means move 1 "
                       "was not played",
                       g);
    return COINLINE_OK;
}

/* The moves as one word of L and R: at most one per coin left (n, or
 * n - 1 after a circle's move 1); a circle's move 1 is a position. */
static int check_letters(parser_t *P, const coinline_record_t *g)
{
    char msg[160];
    const size_t cap = g->circle ? (g->first > 0 ? g->n - 1 : 0) : g->n;
    if (g->circle && !(P->seen & KEY_CIRCLE) && g->nmoves > 0)
        return fail_at(P, P->moves_line, P->moves_col,
                       "move 1 on a circle takes a position: write the moves "
                       "as positions, or give 'circle FIRST'",
                       g);
    if (g->nmoves <= cap)
        return COINLINE_OK;
    snprintf(msg, sizeof msg, "move %zu is one too many: the %s has %zu coin%s",
             g->n + 1, g->circle ? "circle" : "row", g->n,
             g->n == 1 ? "" : "s");
    return fail_at(P, P->moves_line, P->moves_col + cap, msg, g);
}

/* The position written in r, or 0 past UINT64_MAX. */
static uint64_t position_of(const rec_pos_t *r)
{
    uint64_t v = 0;
    for (size_t i = 0; i < r->len; i++) {
        const unsigned d = (unsigned)(r->s[i] - '0');
        if (v > (UINT64_MAX - d) / 10)
            return 0;
        v = v * 10 + d;
    }
    return v;
}

/* The moves as positions, each legal where it is played: kept as the
 * classic form holds them (a circle's first, then L and R). */
static int read_positions(parser_t *P, coinline_record_t *g)
{
    const coinline_rules_t rules = record_rules(g);
    const cl_shape_t *const shape = cl_shape_of(&rules);
    char msg[200], *const letters = malloc(P->npos + 1);
    cl_cursor_t c;
    size_t k = 0;
    if ((g->moves = letters) == NULL)
        return COINLINE_ENOMEM;
    shape->start(&c, g->n);
    if (c.any && g->first > 0)
        shape->take(&c, g->first);
    for (size_t i = 0; i < P->npos; i++) {
        uint64_t left, right;
        const uint64_t p = position_of(&P->pos[i]);
        cl_cursor_ends(&c, &left, &right);
        if (!cl_cursor_legal(&c, p)) {
            cl_move_refusal(msg, sizeof msg, &c, shape->noun, g->n - c.len + 1,
                            p, P->pos[i].s, P->pos[i].len);
            return fail_at(P, P->moves_line, P->pos[i].column, msg, g);
        }
        if (c.any)
            g->first = p;
        else
            letters[k++] = p == left ? 'L' : 'R';
        shape->take(&c, p);
    }
    letters[k] = '\0';
    g->nmoves = k;
    return COINLINE_OK;
}

/* The moves against the rules, the row (or the circle), then the seat of
 * a forfeit. */
static int check_moves(parser_t *P, coinline_record_t *g)
{
    char msg[160];
    int rc = check_rules(P, g);
    if (rc == COINLINE_OK && (P->seen & KEY_CIRCLE))
        rc = check_first(P, g);
    if (rc == COINLINE_OK)
        rc = P->npos > 0 ? read_positions(P, g) : check_letters(P, g);
    if (rc != COINLINE_OK)
        return rc;
    const size_t done = played(g);
    if (g->forfeit_seat != 0 && done == g->n)
        return fail_at(P, P->forfeit_line, 9,
                       "a forfeit after the last coin was taken", g);
    if (g->forfeit_seat != 0 && g->forfeit_seat != (int)(done % 2) + 1) {
        snprintf(msg, sizeof msg,
                 "player %d forfeits, but player %d is to "
                 "play move %zu",
                 g->forfeit_seat, (int)(done % 2) + 1, done + 1);
        return fail_at(P, P->forfeit_line, 9, msg, g);
    }
    return COINLINE_OK;
}

/* The checks that need the whole game: required keys, the rules, the
 * moves, the forfeit, the totals. */
static int finish_game(parser_t *P)
{
    coinline_record_t *g = &P->games[P->count - 1];
    char msg[160];
    if (!(P->seen & KEY_ROW) || !(P->seen & KEY_MOVES))
        return fail_at(
            P, g->line, 1,
            !(P->seen & KEY_ROW) ? "no 'row' line" : "no 'moves' line", g);
    const int rc = check_moves(P, g);
    if (rc != COINLINE_OK)
        return rc;
    cl_wide t[2];
    replay_totals(g, t);
    if (g->has_totals &&
        (cl_to_wide(g->total[0]) != t[0] || cl_to_wide(g->total[1]) != t[1])) {
        char a[2][COINLINE_I128_STRLEN];
        coinline_i128_to_string(cl_from_wide(t[0]), a[0], sizeof a[0]);
        coinline_i128_to_string(cl_from_wide(t[1]), a[1], sizeof a[1]);
        snprintf(msg, sizeof msg,
                 "the totals do not follow from the %s and "
                 "the moves, which give %s %s",
                 g->circle ? "circle" : "row", a[0], a[1]);
        return fail_at(P, P->totals_line, 8, msg, g);
    }
    g->total[0] = cl_from_wide(t[0]);
    g->total[1] = cl_from_wide(t[1]);
    return COINLINE_OK;
}

static int parse_all(parser_t *P)
{
    const char *s, *e;
    int rc = header(P);
    while (rc == COINLINE_OK && next_line(P, &s, &e)) {
        /* e >= s always; said so that gcc 12 at -O3 sees the bound fit. */
        const size_t len = e > s ? (size_t)(e - s) : 0;
        const char *nul = memchr(s, '\0', len);
        if (nul != NULL)
            return record_fail(P, nul, "a NUL byte: a record is text");
        if (is_blank(s, e))
            continue;
        const int starts_game = (size_t)(e - s) >= 4 &&
                                memcmp(s, "game", 4) == 0 &&
                                (e - s == 4 || s[4] == ' ');
        if (starts_game && P->count > 0)
            rc = finish_game(P);
        if (rc == COINLINE_OK)
            rc = key_line(P, s, e);
    }
    if (rc == COINLINE_OK && P->count > 0)
        rc = finish_game(P);
    return rc;
}

int coinline_record_parse(const char *text, size_t len,
                          coinline_record_t **games, size_t *count,
                          coinline_error_t *err)
{
    parser_t P;
    if ((text == NULL && len > 0) || games == NULL || count == NULL)
        return COINLINE_EINVAL;
    memset(&P, 0, sizeof P);
    P.p = text;
    P.end = len > 0 ? text + len : text; /* text may be NULL when len is 0 */
    if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0)
        P.p += 3; /* a UTF-8 byte-order mark: line 1 starts after it */
    P.err = err;
    *games = NULL;
    *count = 0;
    const int rc = parse_all(&P);
    free(P.pos);
    if (rc != COINLINE_OK) {
        coinline_record_free(P.games, P.count);
        return rc;
    }
    *games = P.games;
    *count = P.count;
    return COINLINE_OK;
}

void coinline_record_free(coinline_record_t *games, size_t count)
{
    if (games == NULL)
        return;
    for (size_t i = 0; i < count; i++) {
        free((char *)games[i].name[0]);
        free((char *)games[i].name[1]);
        free((int64_t *)games[i].coins);
        free((char *)games[i].moves);
        free((char *)games[i].verdict);
    }
    free(games);
}

/* ---- writing ------------------------------------------------------------ */

int coinline_record_write_header(FILE *fp, const char *writer)
{
    if (fp == NULL)
        return COINLINE_EINVAL;
    fputs("coinline-record 1\n", fp);
    if (writer != NULL)
        fprintf(fp, "# coinline %s %s\n", coinline_version_string(), writer);
    return ferror(fp) ? COINLINE_EIO : COINLINE_OK;
}

/* The rest of a line: a line break would start a new key. */
static void put_text(FILE *fp, const char *text)
{
    for (const char *c = text; *c != '\0'; c++)
        fputc(*c == '\n' || *c == '\r' ? ' ' : *c, fp);
}

/* 1 when g's moves fit its row or circle (see check_moves()). */
static int moves_fit(const coinline_record_t *g)
{
    if (g->circle != 0 && g->circle != 1)
        return 0;
    if (!g->circle)
        return g->first == 0 && g->nmoves <= g->n;
    if (g->first == 0)
        return g->nmoves == 0;
    return g->first <= g->n && g->nmoves <= g->n - 1;
}

/* 1 when g is a game coinline_record_parse() reads back as it is. */
static int writable(const coinline_record_t *g)
{
    const coinline_rules_t rules = record_rules(g);
    if (g->number == 0 || (g->coins == NULL && g->n > 0) ||
        (g->moves == NULL && g->nmoves > 0) || !moves_fit(g) ||
        coinline_rules_check(&rules) != COINLINE_OK)
        return 0;
    for (size_t k = 0; k < g->nmoves; k++)
        if (g->moves[k] != 'L' && g->moves[k] != 'R')
            return 0;
    const size_t done = played(g);
    if (g->forfeit_seat != 0 &&
        (done == g->n || g->forfeit_seat != (int)(done % 2) + 1 ||
         g->verdict == NULL || g->verdict[0] == '\0'))
        return 0;
    return g->forfeit_seat >= 0 && g->forfeit_seat <= 2;
}

static void put_position(void *ctx, size_t k, uint64_t p)
{
    fprintf(ctx, k > 0 ? " %llu" : "%llu", (unsigned long long)p);
}

/* The rules and the moves: the classic forms for the classic scoring
 * (what every reader of records reads), else the general form. */
static void put_moves(FILE *fp, const coinline_record_t *g)
{
    char name[COINLINE_RULES_STRLEN];
    const coinline_rules_t rules = record_rules(g);
    const int general = g->score != COINLINE_SCORE_TAKEN;
    if (general) {
        coinline_rules_name(&rules, name, sizeof name);
        fprintf(fp, "rules %s\n", name);
    } else if (g->circle) {
        fprintf(fp, "circle %llu\n", (unsigned long long)g->first);
    }
    fputs("row", fp);
    for (size_t i = 0; i < g->n; i++)
        fprintf(fp, " %lld", (long long)g->coins[i]);
    /* the general form writes a circle's move 1 among the moves */
    const size_t shown = general ? played(g) : g->nmoves;
    fputs(shown > 0 ? "\nmoves " : "\nmoves", fp);
    if (general)
        walk(g, put_position, fp);
    else if (g->nmoves > 0)
        fwrite(g->moves, 1, g->nmoves, fp);
}

int coinline_record_write(FILE *fp, const coinline_record_t *g)
{
    cl_wide t[2];
    char b[2][COINLINE_I128_STRLEN];
    if (fp == NULL || g == NULL || !writable(g))
        return COINLINE_EINVAL;
    replay_totals(g, t);
    if (g->has_totals &&
        (cl_to_wide(g->total[0]) != t[0] || cl_to_wide(g->total[1]) != t[1]))
        return COINLINE_EINVAL;
    fprintf(fp, "game %llu\n", (unsigned long long)g->number);
    for (int seat = 0; seat < 2; seat++) {
        if (g->name[seat] == NULL)
            continue;
        fprintf(fp, "p%d ", seat + 1);
        put_text(fp, g->name[seat]);
        fputc('\n', fp);
    }
    put_moves(fp, g);
    coinline_i128_to_string(cl_from_wide(t[0]), b[0], sizeof b[0]);
    coinline_i128_to_string(cl_from_wide(t[1]), b[1], sizeof b[1]);
    fprintf(fp, "\ntotals %s %s\n", b[0], b[1]);
    if (g->forfeit_seat != 0) {
        fprintf(fp, "forfeit %d ", g->forfeit_seat);
        put_text(fp, g->verdict);
        fputc('\n', fp);
    }
    return ferror(fp) ? COINLINE_EIO : COINLINE_OK;
}

/* ---- the rules and positions of a record, and a game written ------------ */

int coinline_record_rules(const coinline_record_t *g, coinline_rules_t *rules)
{
    if (g == NULL || rules == NULL || (g->circle != 0 && g->circle != 1))
        return COINLINE_EINVAL;
    const coinline_rules_t r = record_rules(g);
    if (coinline_rules_check(&r) != COINLINE_OK)
        return COINLINE_EINVAL;
    *rules = r;
    return COINLINE_OK;
}

static void store_position(void *ctx, size_t k, uint64_t p)
{
    ((uint64_t *)ctx)[k] = p;
}

int coinline_record_positions(const coinline_record_t *g, uint64_t *positions,
                              size_t *count)
{
    coinline_rules_t rules;
    if (count == NULL || coinline_record_rules(g, &rules) != COINLINE_OK ||
        (g->moves == NULL && g->nmoves > 0) || !moves_fit(g))
        return COINLINE_EINVAL;
    for (size_t k = 0; k < g->nmoves; k++)
        if (g->moves[k] != 'L' && g->moves[k] != 'R')
            return COINLINE_EINVAL;
    *count = played(g);
    if (positions != NULL)
        walk(g, store_position, positions);
    return COINLINE_OK;
}

/* g's moves as a circle's first and letters (into letters, played + 1
 * bytes) in rec. */
static void game_moves(const coinline_game_t *game, coinline_record_t *rec,
                       char *letters)
{
    const cl_shape_t *const shape = cl_game_shape(game);
    cl_cursor_t c;
    size_t k = 0;
    shape->start(&c, coinline_game_size(game));
    rec->first = 0;
    for (uint64_t m = 1; m <= coinline_game_moves(game); m++) {
        uint64_t left, right;
        const uint64_t p = coinline_game_history(game, m);
        cl_cursor_ends(&c, &left, &right);
        if (c.any)
            rec->first = p;
        else
            letters[k++] = p == left ? 'L' : 'R';
        shape->take(&c, p);
    }
    letters[k] = '\0';
    rec->moves = letters;
    rec->nmoves = k;
}

int coinline_record_write_game(FILE *fp, const coinline_record_t *meta,
                               const coinline_game_t *game)
{
    coinline_record_t rec;
    if (fp == NULL || meta == NULL || game == NULL)
        return COINLINE_EINVAL;
    char *const letters = malloc(coinline_game_moves(game) + 1);
    if (letters == NULL)
        return COINLINE_ENOMEM;
    rec = *meta;
    rec.coins = coinline_game_coins(game);
    rec.n = coinline_game_size(game);
    rec.circle = coinline_game_rules(game)->shape == COINLINE_SHAPE_CIRCLE;
    rec.score = coinline_game_rules(game)->score;
    rec.has_totals = 0;
    game_moves(game, &rec, letters);
    const int rc = coinline_record_write(fp, &rec);
    free(letters);
    return rc;
}
