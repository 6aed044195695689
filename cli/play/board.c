/* SPDX-License-Identifier: MIT */
/*
 * board.c - the coins of the full-screen game as lines of text.
 *
 * A row, or a circle drawn as a line, is a strip: coins in order, who
 * took each, the coins left between brackets (for terminals that show no
 * bold or dim) with their ends reversed. A circle after its first move
 * is drawn as the strip that starts at the first coin taken: the line
 * left follows it, and the gap is what lies outside the brackets, at both
 * ends of the strip, which meet round the circle. A ring (play/ring.c)
 * keeps every coin where its position puts it, so that it does not move
 * as the game goes on: a taken coin leaves a '.' behind. Several rows
 * are drawn by play/rows_board.c.
 */
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "ring.h"
#include "rows_board.h"

const char *play_seat_color(int color, int seat)
{
    if (!color)
        return "";
    return seat == 0 ? "\033[32m" : "\033[35m";
}

/* Coins drawn in a line: c[0..n-1], who took each (-1: still there),
 * the coins left c[lo..hi-1], and the coin marked (a cursor) or
 * SIZE_MAX; ends: the ends of the coins left are reversed. */
typedef struct {
    const int64_t *c;
    size_t n, lo, hi, mark;
    int ends;
    signed char *who;
    int64_t *owned; /* c, when made for a circle */
} strip_t;

/* who[off + i] for index i of the line played: the seat that took it, or
 * -1. The moves from index from of g->moves are the line's. */
static void line_takers(const play_game_t *g, size_t from, signed char *who,
                        size_t off)
{
    size_t lo = 0, hi = g->line_n;
    for (size_t i = 0; i < g->line_n; i++)
        who[off + i] = -1;
    for (size_t k = from; k < g->nmoves; k++)
        who[off + (g->moves[k] == 'L' ? lo++ : --hi)] = (signed char)(k % 2);
}

/* The strip of g at st: the row; a circle before its first move (the
 * cursor marked); a circle from its first coin on. Returns 0 or -1 (no
 * memory). */
static int make_strip(play_game_t *g, const coinline_engine_state_t *st,
                      uint64_t cursor, strip_t *s)
{
    memset(s, 0, sizeof *s);
    s->n = g->n;
    s->mark = SIZE_MAX;
    s->ends = 1;
    s->who = malloc(g->n + 1);
    if (s->who == NULL)
        return -1;
    if (g->first == 0 && !play_game_opening(g)) {
        s->c = g->coins, s->lo = st->lo, s->hi = st->hi;
        line_takers(g, 0, s->who, 0);
    } else if (play_game_opening(g)) {
        s->c = g->ring, s->lo = 0, s->hi = g->n, s->ends = 0;
        s->mark = cursor >= 1 && cursor <= g->n ? cursor - 1 : SIZE_MAX;
        memset(s->who, -1, g->n);
    } else {
        s->c = s->owned = malloc(g->n * sizeof *s->owned);
        if (s->owned == NULL) {
            free(s->who);
            return -1;
        }
        s->owned[0] = g->ring[g->first - 1];
        memcpy(s->owned + 1, g->coins, g->line_n * sizeof *g->coins);
        s->who[0] = 0;
        line_takers(g, 1, s->who, 1);
        s->lo = st->lo + 1, s->hi = st->hi + 1;
    }
    return 0;
}

static void free_strip(strip_t *s)
{
    free(s->who);
    free(s->owned);
}

/* Appends coin j of the strip after the character before it: the ends
 * (or the mark) reversed, the coins left bold, the taken ones dim in
 * the colour of who took them; right-aligned in width. */
static void put_cell(const strip_t *s, int color, char *line, size_t size,
                     char before, size_t j, int width)
{
    char num[24];
    const size_t len = strlen(line);
    snprintf(num, sizeof num, "%lld", (long long)s->c[j]);
    const int pad = width - (int)strlen(num);
    const int who = s->who[j];
    const int reversed =
        j == s->mark || (s->ends && who < 0 && (j == s->lo || j + 1 == s->hi));
    if (who >= 0)
        snprintf(line + len, size - len, "%c%*s%s\033[2m%s\033[0m", before, pad,
                 "", play_seat_color(color, who), num);
    else if (reversed)
        snprintf(line + len, size - len, "%c%*s\033[1;7m%s\033[0m", before, pad,
                 "", num);
    else
        snprintf(line + len, size - len, "%c%*s\033[1m%s\033[0m", before, pad,
                 "", num);
}

/* The character before coin j of the strip: the coins left are put
 * between brackets. */
static char bracket(const strip_t *s, size_t j)
{
    if (s->lo == s->hi)
        return ' ';
    return j == s->lo ? '[' : j == s->hi ? ']' : ' ';
}

/* The widest coin of a[from..to-1], in characters. */
static int coin_width(const int64_t *a, size_t from, size_t to)
{
    int w = 1;
    for (size_t i = from; i < to; i++) {
        char num[24];
        const int len = snprintf(num, sizeof num, "%lld", (long long)a[i]);
        w = len > w ? len : w;
    }
    return w;
}

/* The whole strip, wrapped, when it fits in rows lines; else returns 0. */
static int full_strip(const strip_t *s, int rows, int cols, int color, FILE *fp)
{
    const int width = coin_width(s->c, 0, s->n);
    const size_t per_line = (size_t)((cols - 3) / (width + 1));
    if (per_line == 0 || (s->n + per_line - 1) / per_line > (size_t)rows)
        return 0;
    int lines = 0;
    for (size_t i = 0; i < s->n; i += per_line, lines++) {
        char line[8192] = " ";
        size_t j = i;
        for (; j < s->n && j < i + per_line; j++) {
            const char b = bracket(s, j);
            put_cell(s, color, line, sizeof line, j > i || b == '[' ? b : ' ',
                     j, width);
        }
        fprintf(fp, "%s%c\n", line, bracket(s, j) == ']' ? ']' : ' ');
    }
    return lines;
}

/* The coins left of the strip, the middle elided, on one line. */
static int short_strip(const strip_t *s, int cols, int color, FILE *fp)
{
    const int width = coin_width(s->c, s->lo, s->hi);
    size_t k = (size_t)((cols - 24) / (2 * (width + 1)));
    char line[8192] = " ";
    k = k < 1 ? 1 : k > 8 ? 8 : k;
    for (size_t j = s->lo; j < s->hi; j++) {
        if (s->hi - s->lo > 2 * k && j == s->lo + k) {
            const size_t len = strlen(line);
            snprintf(line + len, sizeof line - len, " ... %llu more ...",
                     (unsigned long long)(s->hi - s->lo - 2 * k));
            j = s->hi - k - 1;
            continue;
        }
        put_cell(s, color, line, sizeof line, j == s->lo ? '[' : ' ', j, width);
    }
    fprintf(fp, "%s%s\n", line, s->lo < s->hi ? "]" : "");
    return 1;
}

/* One text of the ring: where it goes, how wide it shows, and its bytes
 * (escapes included). */
typedef struct {
    int row, col, width;
    char text[80];
} item_t;

static int by_place(const void *a, const void *b)
{
    const item_t *x = a, *y = b;
    return x->row != y->row ? (x->row > y->row) - (x->row < y->row)
                            : (x->col > y->col) - (x->col < y->col);
}

/* Coin p (0-based position) of the ring and its number, as two items:
 * the coin bold, between brackets and reversed at an end or the mark, or
 * a '.' dim in the colour of who took it; its number "#P", dim (bold at
 * an end or the mark). A coin's text is as wide as the coin and two
 * brackets, taken or not, so that nothing moves. */
static void ring_items(const strip_t *s, size_t p, size_t j, int color,
                       const int *width, const ring_place_t *at, item_t *it)
{
    char num[24];
    const int who = s->who[j];
    const int hot =
        j == s->mark || (s->ends && who < 0 && (j == s->lo || j + 1 == s->hi));
    snprintf(num, sizeof num, "%lld", (long long)s->c[j]);
    const int w = width[p];
    it[0].row = at->row, it[0].col = at->col, it[0].width = w;
    if (who >= 0)
        snprintf(it[0].text, sizeof it[0].text, "%*s%s\033[2m.\033[0m%*s",
                 (w - 1) / 2, "", play_seat_color(color, who), w / 2, "");
    else if (hot)
        snprintf(it[0].text, sizeof it[0].text, "[\033[1;7m%s\033[0m]", num);
    else
        snprintf(it[0].text, sizeof it[0].text, " \033[1m%s\033[0m ", num);
    it[1].row = at->nrow, it[1].col = at->ncol;
    it[1].width = snprintf(num, sizeof num, "#%zu", p + 1);
    snprintf(it[1].text, sizeof it[1].text, "\033[%sm%s\033[0m",
             hot ? "1" : "2", num);
}

/* The row r of the ring, items[0..count-1] sorted by place, into fp;
 * returns the index of the first item of a later row. */
static size_t ring_line(const item_t *items, size_t count, size_t from, int r,
                        FILE *fp)
{
    int col = 0;
    fputc(' ', fp);
    for (; from < count && items[from].row == r; from++) {
        fprintf(fp, "%*s%s", items[from].col - col, "", items[from].text);
        col = items[from].col + items[from].width;
    }
    fputc('\n', fp);
    return from;
}

/* The strip s of a circle as a ring (j = the strip's index of position
 * p + 1), when it fits in rows x cols; else returns 0. */
static int ring(const play_game_t *g, const strip_t *s, int rows, int cols,
                int color, FILE *fp)
{
    const size_t n = g->n;
    int *w = malloc(2 * n * sizeof *w);
    ring_place_t *at = malloc(n * sizeof *at);
    item_t *items = malloc(2 * n * sizeof *items);
    int drawn = 0;
    for (size_t p = 0; w != NULL && p < n; p++) {
        char num[24];
        w[p] = snprintf(num, sizeof num, "%lld", (long long)g->ring[p]) + 2;
        w[n + p] = snprintf(num, sizeof num, "#%zu", p + 1);
    }
    if (w != NULL && at != NULL && items != NULL &&
        ring_layout(n, w, w + n, rows, cols - 2, at)) {
        /* the strip starts at the first coin taken (index 0 before) */
        const size_t shift = g->first > 0 ? g->first - 1 : 0;
        for (size_t p = 0; p < n; p++)
            ring_items(s, p, (p + n - shift) % n, color, w, &at[p],
                       &items[2 * p]);
        qsort(items, 2 * n, sizeof *items, by_place);
        for (size_t r = 0, i = 0; r < (size_t)rows; r++)
            i = ring_line(items, 2 * n, i, (int)r, fp);
        drawn = rows;
    }
    free(w);
    free(at);
    free(items);
    return drawn;
}

int play_board(play_game_t *g, int rows, int cols, int color, uint64_t cursor,
               FILE *fp)
{
    if (g->several) /* a line a row: play/rows_board.c */
        return play_rows_board(&g->rows, rows, cols, (size_t)cursor, fp);
    const coinline_engine_state_t st = play_game_state(g);
    strip_t s;
    if (make_strip(g, &st, cursor, &s) != 0)
        return 0;
    rows = rows < 1 ? 1 : rows;
    /* a ring as tall as its coins need, else as tall as it may be */
    const size_t want = g->n / 2 + 5 < 7 ? 7 : g->n / 2 + 5;
    int lines = 0;
    if (g->shape->ring && g->n > 0 && want < (size_t)rows)
        lines = ring(g, &s, (int)want, cols, color, fp);
    if (g->shape->ring && g->n > 0 && lines == 0)
        lines = ring(g, &s, rows, cols, color, fp);
    if (lines == 0)
        lines = full_strip(&s, rows, cols, color, fp);
    if (lines == 0)
        lines = short_strip(&s, cols, color, fp);
    free_strip(&s);
    return lines;
}
