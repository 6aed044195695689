/* SPDX-License-Identifier: MIT */
/*
 * coinline_record_parse() and coinline_record_free(): game records
 * (docs/record.md) built here from games this file knows, with comments,
 * blank lines, CRLF line ends, names with spaces, empty rows and moves,
 * keys in any order and totals past 64 bits, parse back to exactly those
 * games (totals computed here when the text leaves them out); circular
 * games (the "circle FIRST" key) likewise, their totals from a replay on
 * the circle written here; every refusal gives its exact line, column and
 * message; the argument errors.
 *
 * Every text is parsed from a heap buffer of exactly its length, without
 * a NUL after it, so a read past the end is caught under AddressSanitizer
 * (whose leak check at exit covers the error paths too).
 *
 * The tests use only the interface.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "coinline.h"
#include "common/check.h"
#include "common/rng.h"
#include "common/sbuf.h"
#include "common/tap.h"

enum {
    MAXN = 24,          /* longest row of a random game */
    MAXGAMES = 6,       /* games in one random text */
    RANDOM_TEXTS = 3000 /* random records parsed back */
};

/* ------------------------------------------------------------------------
 * Helpers
 * ---------------------------------------------------------------------- */

/* A growing text (common/sbuf.h). */
typedef sb_t text_t;

static void put_bytes(text_t *t, const char *s, size_t len)
{
    sb_add(t, s, len);
}

static void put(text_t *t, const char *fmt, ...) COINLINE_PRINTF(2, 3);

static void put(text_t *t, const char *fmt, ...)
{
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    const int len = vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (len < 0 || (size_t)len >= sizeof buf) {
        diag("put: line too long");
        exit(1);
    }
    put_bytes(t, buf, (size_t)len);
}

/* text with control characters escaped, for diagnostics. */
static const char *escaped(const char *text, size_t len, char *buf, size_t size)
{
    size_t used = 0;
    for (size_t i = 0; i < len && used + 5 < size; i++) {
        const unsigned char c = (unsigned char)text[i];
        if (c == '\n' || c == '\r' || c == '\t' || c == '\0') {
            buf[used++] = '\\';
            buf[used++] = c == '\n'   ? 'n'
                          : c == '\r' ? 'r'
                          : c == '\t' ? 't'
                                      : '0';
        } else {
            buf[used++] = (char)c;
        }
    }
    buf[used] = '\0';
    return buf;
}

/* coinline_record_parse() on a heap copy of text[0..len-1] of exactly len
 * bytes. */
static int parse(const char *text, size_t len, coinline_record_t **games,
                 size_t *count, coinline_error_t *err)
{
    char *copy = malloc(len ? len : 1);
    if (copy == NULL) {
        diag("out of memory");
        exit(1);
    }
    if (len > 0) {
        memcpy(copy, text, len);
    }
    const int rc = coinline_record_parse(copy, len, games, count, err);
    free(copy);
    return rc;
}

/* ------------------------------------------------------------------------
 * Games this file knows, and their texts
 * ---------------------------------------------------------------------- */

typedef struct {
    uint64_t number;
    uint64_t line; /* of its "game" key in the text made */
    int has_name[2];
    char name[2][48];
    int64_t coins[MAXN];
    size_t n;
    char moves[MAXN + 1];
    size_t nmoves;
    int give_totals;
    i128 total[2];    /* computed here */
    int forfeit_seat; /* 0, 1 or 2 */
    char verdict[48];
    int circle;     /* a circular game: the "circle" key */
    uint64_t first; /* its position of move 1, 0 when none */
} game_t;

/* The totals of g's moves, by a plain replay. On a circle: seat 1 takes
 * the coin at first, then the coins go one at a time, from the gap's
 * clockwise side (L: the next position still holding a coin after the
 * gap) or its other side (R), seats alternating. */
static void game_totals(game_t *g)
{
    size_t lo = 0;
    size_t end = g->n;
    g->total[0] = 0;
    g->total[1] = 0;
    if (g->circle) {
        int taken[MAXN] = {0};
        if (g->first == 0) {
            return;
        }
        size_t cw = (size_t)g->first - 1; /* the gap's two sides */
        size_t ccw = cw;
        taken[cw] = 1;
        g->total[0] = g->coins[cw];
        for (size_t k = 0; k < g->nmoves; k++) {
            size_t *at = g->moves[k] == 'L' ? &cw : &ccw;
            const size_t step = g->moves[k] == 'L' ? 1 : g->n - 1;
            do {
                *at = (*at + step) % g->n;
            } while (taken[*at]);
            taken[*at] = 1;
            g->total[(k + 1) % 2] += g->coins[*at];
        }
        return;
    }
    for (size_t k = 0; k < g->nmoves; k++) {
        g->total[k % 2] +=
            g->moves[k] == 'L' ? g->coins[lo++] : g->coins[--end];
    }
}

/* How a text is laid out. */
typedef struct {
    rng_t *r;
    int crlf;       /* 0 LF, 1 CRLF, 2 either, line by line */
    int noise;      /* comments and blank lines between lines */
    int shuffle;    /* keys after "game" in random order */
    int final_nl;   /* a line end after the last line */
    uint64_t lines; /* lines written so far */
} layout_t;

static void end_line(text_t *t, layout_t *L)
{
    const int cr = L->crlf == 2 ? (int)rng_below(L->r, 2) : L->crlf;
    put(t, cr ? "\r\n" : "\n");
    L->lines++;
}

static void noise(text_t *t, layout_t *L)
{
    static const char *const junk[] = {
        "",
        "# a comment",
        "#",
        "   ",
        "\t",
        "  # indented",
        "# game 99",
        "#row x y z",
        "\t#\tmoves XYZ",
        "# totals 1 2 3",
        "# coinline 0.3.0 play",
    };
    if (!L->noise) {
        return;
    }
    while (rng_below(L->r, 4) == 0) {
        put(t, "%s", junk[rng_below(L->r, sizeof junk / sizeof junk[0])]);
        end_line(t, L);
    }
}

static void put_i128(text_t *t, i128 v)
{
    char b[I128_BUFLEN];
    put(t, "%s", i128_str(v, b));
}

/* The row's value: tokens separated by spaces, tabs or single commas,
 * sometimes with spaces around the text. */
static void put_row(text_t *t, layout_t *L, const game_t *g)
{
    static const char *const seps[] = {" ", " ", "  ", "\t", ",", ", ", " ,"};
    const int fancy = L->noise && rng_below(L->r, 3) == 0;
    if (fancy && rng_below(L->r, 2) == 0) {
        put(t, " ");
    }
    for (size_t i = 0; i < g->n; i++) {
        if (i > 0) {
            put(t, "%s",
                fancy ? seps[rng_below(L->r, sizeof seps / sizeof seps[0])]
                      : " ");
        }
        if (fancy && g->coins[i] >= 0 && rng_below(L->r, 4) == 0) {
            put(t, "+");
        }
        put(t, "%lld", (long long)g->coins[i]);
    }
    if (fancy && rng_below(L->r, 2) == 0) {
        put(t, " \t ");
    }
}

/* Writes g; its keys after "game" in the layout's order. */
static void put_game(text_t *t, layout_t *L, game_t *g)
{
    int order[7] = {0, 1, 6, 2, 3, 4, 5};
    if (L->shuffle) {
        for (int i = 6; i > 0; i--) {
            const int j = (int)rng_below(L->r, (uint64_t)i + 1);
            const int x = order[i];
            order[i] = order[j];
            order[j] = x;
        }
    }
    noise(t, L);
    put(t, "game %llu", (unsigned long long)g->number);
    g->line = L->lines + 1;
    end_line(t, L);
    for (int i = 0; i < 7; i++) {
        noise(t, L);
        switch (order[i]) {
        case 0:
        case 1:
            if (!g->has_name[order[i]]) {
                continue;
            }
            put(t, "p%d", order[i] + 1);
            /* An empty name is written "p1 " or "p1". */
            if (g->name[order[i]][0] != '\0' || rng_below(L->r, 2) == 0) {
                put(t, " %s", g->name[order[i]]);
            }
            break;
        case 2:
            put(t, "row");
            if (g->n > 0 || rng_below(L->r, 2) == 0) {
                put(t, " ");
            }
            put_row(t, L, g);
            break;
        case 3:
            put(t, "moves");
            if (g->nmoves > 0 || rng_below(L->r, 2) == 0) {
                put(t, " ");
            }
            put_bytes(t, g->moves, g->nmoves);
            break;
        case 4:
            if (!g->give_totals) {
                continue;
            }
            put(t, "totals ");
            put_i128(t, g->total[0]);
            put(t, " ");
            put_i128(t, g->total[1]);
            break;
        case 6:
            if (!g->circle) {
                continue;
            }
            put(t, "circle %llu", (unsigned long long)g->first);
            break;
        default:
            if (g->forfeit_seat == 0) {
                continue;
            }
            put(t, "forfeit %d %s", g->forfeit_seat, g->verdict);
            break;
        }
        end_line(t, L);
    }
}

/* The header, after some noise. */
static void put_header(text_t *t, layout_t *L)
{
    noise(t, L);
    put(t, "coinline-record 1");
    end_line(t, L);
}

/* Drops the line end after the last line when the layout says so. */
static void finish_text(text_t *t, const layout_t *L)
{
    if (!L->final_nl) {
        while (t->len > 0 &&
               (t->data[t->len - 1] == '\n' || t->data[t->len - 1] == '\r')) {
            t->len--;
        }
    }
}

/* A name of printable bytes and spaces (UTF-8 now and then), not starting
 * or ending with a space unless asked. */
static void random_name(rng_t *r, char *name)
{
    static const char *const parts[] = {
        "Ada",    "Lovelace",      "bot",          "greedy", "x", "#1", "Zoë",
        "O'Neil", "fallible:0.25", "\xe6\x9d\x8e", "a,b",    "L", "R",  "--",
    };
    const unsigned words = (unsigned)rng_below(r, 4);
    size_t used = 0;
    name[0] = '\0';
    if (rng_below(r, 8) == 0) {
        name[used++] = ' ';
    }
    for (unsigned w = 0; w < words; w++) {
        const char *p = parts[rng_below(r, sizeof parts / sizeof parts[0])];
        if (w > 0) {
            name[used++] = ' ';
        }
        memcpy(name + used, p, strlen(p));
        used += strlen(p);
    }
    if (words > 0 && rng_below(r, 8) == 0) {
        name[used++] = ' ';
    }
    name[used] = '\0';
}

static void random_game(rng_t *r, game_t *g, uint64_t number)
{
    static const vals_t kinds[] = {VALS_PM2, VALS_WIDE, VALS_BIG, VALS_EXTREME,
                                   VALS_FULL};
    static const char *const verdicts[] = {
        "timed out: no move within 1000 ms",
        "garbage: Q is not L, R or a position",
        "crashed: killed by SIGSEGV (signal 11)",
        "x",
    };
    memset(g, 0, sizeof *g);
    g->number = number;
    for (int s = 0; s < 2; s++) {
        g->has_name[s] = rng_below(r, 3) != 0;
        if (g->has_name[s]) {
            random_name(r, g->name[s]);
        }
    }
    g->n = rng_below(r, 5) == 0 ? (size_t)rng_below(r, 2)
                                : (size_t)rng_below(r, MAXN + 1);
    gen_values(r, g->coins, g->n,
               kinds[rng_below(r, sizeof kinds / sizeof kinds[0])]);
    g->nmoves =
        rng_below(r, 2) == 0 ? g->n : (size_t)rng_below(r, (uint64_t)g->n + 1);
    /* A third of the games are circles: move 1 at any position (or not
     * played yet), then at most n - 1 moves. */
    g->circle = rng_below(r, 3) == 0;
    if (g->circle) {
        g->first = g->n > 0 && rng_below(r, 6) != 0
                       ? 1 + rng_below(r, (uint64_t)g->n)
                       : 0;
        g->nmoves = g->first == 0 ? 0 : g->nmoves - (g->nmoves == g->n);
    }
    for (size_t k = 0; k < g->nmoves; k++) {
        g->moves[k] = rng_below(r, 2) ? 'L' : 'R';
    }
    g->moves[g->nmoves] = '\0';
    game_totals(g);
    g->give_totals = rng_below(r, 3) != 0;
    const size_t played = g->nmoves + (g->first > 0);
    if (played < g->n && rng_below(r, 5) == 0) {
        /* only the player to move can forfeit */
        g->forfeit_seat = 1 + (int)(played % 2);
        strcpy(g->verdict, verdicts[rng_below(r, 4)]);
    }
}

/* Compares a parsed game with g; notes the first difference. */
static int same_game(tally_t *t, const coinline_record_t *p, const game_t *g,
                     const char *text, size_t len)
{
    const char *diff = NULL;
    if (p->number != g->number) {
        diff = "number";
    } else if (p->line != g->line) {
        diff = "line";
    } else if (p->n != g->n || (g->n == 0) != (p->coins == NULL)) {
        diff = "n (or coins not NULL for an empty row)";
    } else if (g->n > 0 &&
               memcmp(p->coins, g->coins, g->n * sizeof *g->coins)) {
        diff = "coins";
    } else if (p->moves == NULL || p->nmoves != g->nmoves ||
               strlen(p->moves) != g->nmoves ||
               memcmp(p->moves, g->moves, g->nmoves) != 0) {
        diff = "moves";
    } else if (p->has_totals != g->give_totals) {
        diff = "has_totals";
    } else if (i128_from_ci(p->total[0]) != g->total[0] ||
               i128_from_ci(p->total[1]) != g->total[1]) {
        diff = "totals";
    } else if (p->forfeit_seat != g->forfeit_seat) {
        diff = "forfeit_seat";
    } else if (p->circle != g->circle || p->first != g->first) {
        diff = "circle or first";
    } else if (g->forfeit_seat == 0
                   ? p->verdict != NULL
                   : p->verdict == NULL || strcmp(p->verdict, g->verdict)) {
        diff = "verdict";
    } else {
        for (int s = 0; s < 2 && diff == NULL; s++) {
            if (g->has_name[s]
                    ? p->name[s] == NULL || strcmp(p->name[s], g->name[s]) != 0
                    : p->name[s] != NULL) {
                diff = s == 0 ? "name[0]" : "name[1]";
            }
        }
    }
    if (!tally_check(t, diff == NULL)) {
        char esc[600];
        tally_note(t, "game %llu: %s differs; text: %s",
                   (unsigned long long)g->number, diff,
                   escaped(text, len, esc, sizeof esc));
        return 0;
    }
    return 1;
}

/* Parses t and compares with games[0..count-1]. */
static int parses_back(tally_t *tl, const text_t *t, const game_t *games,
                       size_t count)
{
    coinline_record_t *got = NULL;
    size_t n = 9999;
    coinline_error_t err;
    memset(&err, 0, sizeof err);
    const int rc = parse(t->data, t->len, &got, &n, &err);
    int good = tally_check(tl, rc == COINLINE_OK && n == count &&
                                   (count == 0) == (got == NULL));
    if (!good) {
        char esc[600];
        tally_note(tl, "returned %s (%llu:%llu %s), %zu games of %zu; text: %s",
                   code_str(rc), (unsigned long long)err.line,
                   (unsigned long long)err.column, err.message, n, count,
                   escaped(t->data, t->len, esc, sizeof esc));
    }
    for (size_t i = 0; good && i < count; i++) {
        good &= same_game(tl, &got[i], &games[i], t->data, t->len);
    }
    if (rc == COINLINE_OK) {
        coinline_record_free(got, n);
    }
    return good;
}

/* ------------------------------------------------------------------------
 * 1. Round trips
 * ---------------------------------------------------------------------- */

static void test_example(void)
{
    static const char text[] = "coinline-record 1\n"
                               "# coinline 0.3.0 play\n"
                               "game 1\n"
                               "p1 you\n"
                               "p2 optimal\n"
                               "row 1 3 5 2 9\n"
                               "moves RRRRL\n"
                               "totals 15 5\n";
    static const int64_t row[] = {1, 3, 5, 2, 9};
    coinline_record_t *g = NULL;
    size_t count = 0;
    coinline_error_t err;
    const int rc = parse(text, sizeof text - 1, &g, &count, &err);
    ok(rc == COINLINE_OK && count == 1 && g[0].number == 1 && g[0].line == 3 &&
           strcmp(g[0].name[0], "you") == 0 &&
           strcmp(g[0].name[1], "optimal") == 0 && g[0].n == 5 &&
           memcmp(g[0].coins, row, sizeof row) == 0 && g[0].nmoves == 5 &&
           strcmp(g[0].moves, "RRRRL") == 0 && g[0].has_totals == 1 &&
           i128_from_ci(g[0].total[0]) == 15 &&
           i128_from_ci(g[0].total[1]) == 5 && g[0].forfeit_seat == 0 &&
           g[0].verdict == NULL,
       "the record of 1 3 5 2 9 / RRRRL with totals 15 5 reads back field "
       "by field");
    if (rc != COINLINE_OK) {
        diag("returned %s: %llu:%llu %s", code_str(rc),
             (unsigned long long)err.line, (unsigned long long)err.column,
             err.message);
    }
    coinline_record_free(g, count);
    /* The same text after a UTF-8 byte-order mark reads the same. */
    char marked[sizeof text + 3] = "\xEF\xBB\xBF";
    memcpy(marked + 3, text, sizeof text);
    const int rc2 = parse(marked, sizeof marked - 1, &g, &count, &err);
    ok(rc2 == COINLINE_OK && count == 1 && g[0].line == 3 && g[0].n == 5 &&
           memcmp(g[0].coins, row, sizeof row) == 0 &&
           strcmp(g[0].moves, "RRRRL") == 0 &&
           strcmp(g[0].name[0], "you") == 0 &&
           i128_from_ci(g[0].total[0]) == 15,
       "after a UTF-8 byte-order mark, the same record reads the same "
       "(game 1 still on line 3)");
    if (rc2 == COINLINE_OK)
        coinline_record_free(g, count);
}

/* The circular example of docs/record.md, and its cases at the edges. */
static void test_circle_example(void)
{
    static const char text[] = "coinline-record 1\n"
                               "game 1\n"
                               "p1 you\n"
                               "p2 optimal\n"
                               "circle 5\n"
                               "row 1 3 5 2 9\n"
                               "moves LLLL\n"
                               "totals 14 6\n"
                               "game 2\n"
                               "row 4 -1 6\n"
                               "moves R\n"
                               "circle 2\n"
                               "game 3\n"
                               "circle 0\n"
                               "row 7 8\n"
                               "moves\n"
                               "forfeit 1 garbage: x is not a position\n"
                               "game 4\n"
                               "circle 0\n"
                               "row\n"
                               "moves\n";
    coinline_record_t *g = NULL;
    size_t count = 0;
    coinline_error_t err;
    const int rc = parse(text, sizeof text - 1, &g, &count, &err);
    /* Game 1: 9 at 5 (player 1), then on 1 3 5 2: 1, 3, 5, 2: 14 6.
     * Game 2: -1 at 2, then on 6 4 the right end, 4, for player 2. */
    ok(rc == COINLINE_OK && count == 4 && g[0].circle == 1 && g[0].first == 5 &&
           g[0].nmoves == 4 && i128_from_ci(g[0].total[0]) == 14 &&
           i128_from_ci(g[0].total[1]) == 6 && g[1].circle == 1 &&
           g[1].first == 2 && i128_from_ci(g[1].total[0]) == -1 &&
           i128_from_ci(g[1].total[1]) == 4 && g[1].has_totals == 0 &&
           g[2].circle == 1 && g[2].first == 0 && g[2].nmoves == 0 &&
           g[2].forfeit_seat == 1 && i128_from_ci(g[2].total[0]) == 0 &&
           g[3].circle == 1 && g[3].first == 0 && g[3].n == 0,
       "circular records read back: circle 5 on 1 3 5 2 9 with LLLL and "
       "totals 14 6; circle 2 after its moves (totals -1 4 computed); "
       "circle 0 with a forfeit of seat 1 at move 1; circle 0 on no coins");
    if (rc != COINLINE_OK) {
        diag("returned %s: %llu:%llu %s", code_str(rc),
             (unsigned long long)err.line, (unsigned long long)err.column,
             err.message);
    }
    coinline_record_free(g, count);
    /* A game without the key is a row: circle and first are 0. */
    static const char row[] = "coinline-record 1\ngame 1\nrow 1 2\nmoves L\n";
    const int rc2 = parse(row, sizeof row - 1, &g, &count, NULL);
    ok(rc2 == COINLINE_OK && count == 1 && g[0].circle == 0 && g[0].first == 0,
       "a game without a 'circle' key is a row game: circle 0, first 0");
    coinline_record_free(g, count);
}

static void test_fixed_round_trips(void)
{
    const int64_t max = INT64_MAX;
    const int64_t min = INT64_MIN;
    static const int64_t three[] = {-4, 0, 7};
    game_t g[4];
    text_t t = {NULL, 0, 0};
    rng_t r;
    rng_seed(&r, 5);

    /* Header only: no games. */
    {
        layout_t L = {&r, 0, 0, 0, 1, 0};
        put_header(&t, &L);
        ok(parses_back(&(tally_t){0, 0}, &t, g, 0),
           "a header alone is a record of no games (*games NULL, *count 0)");
        t.len = 0;
        put(&t, "\n# comment\n\n  \ncoinline-record 1\n\n# the end");
        ok(parses_back(&(tally_t){0, 0}, &t, g, 0),
           "blank lines and comments before and after the header: no games");
        t.len = 0;
    }

    /* An empty row, empty moves: "row"/"moves" with and without a space. */
    {
        static const char *const texts[] = {
            "coinline-record 1\ngame 3\nrow\nmoves\n",
            "coinline-record 1\ngame 3\nrow \nmoves \n",
            "coinline-record 1\r\ngame 3\r\nrow\r\nmoves\r\ntotals 0 0\r\n",
        };
        for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
            coinline_record_t *p = NULL;
            size_t count = 0;
            const int rc = parse(texts[i], strlen(texts[i]), &p, &count, NULL);
            char esc[200];
            ok(rc == COINLINE_OK && count == 1 && p[0].n == 0 &&
                   p[0].coins == NULL && p[0].nmoves == 0 &&
                   p[0].moves != NULL && p[0].moves[0] == '\0' &&
                   i128_from_ci(p[0].total[0]) == 0 &&
                   i128_from_ci(p[0].total[1]) == 0 && p[0].name[0] == NULL &&
                   p[0].name[1] == NULL,
               "an empty row and no moves (\"%s\"): n 0, coins NULL, moves "
               "\"\", totals 0 0, no names",
               escaped(texts[i], strlen(texts[i]), esc, sizeof esc));
            coinline_record_free(p, count);
        }
    }

    /* 128-bit totals, given and computed. */
    {
        game_t *a = &g[0];
        game_t *b = &g[1];
        game_t *c = &g[2];
        game_t *d = &g[3];
        layout_t L = {&r, 1, 0, 0, 1, 0};
        memset(g, 0, sizeof g);
        a->number = 1;
        a->n = 3;
        a->coins[0] = a->coins[1] = a->coins[2] = max;
        strcpy(a->moves, "LLL");
        a->nmoves = 3;
        a->give_totals = 1;
        *b = *a;
        b->number = 2;
        b->give_totals = 0;
        c->number = UINT64_MAX;
        c->n = 5;
        for (int i = 0; i < 5; i++) {
            c->coins[i] = min;
        }
        strcpy(c->moves, "RLRLR");
        c->nmoves = 5;
        c->give_totals = 1;
        d->number = 18;
        d->n = 3;
        memcpy(d->coins, three, sizeof three);
        strcpy(d->moves, "R");
        d->nmoves = 1;
        d->give_totals = 1;
        d->has_name[0] = d->has_name[1] = 1;
        strcpy(d->name[0], "Ada Lovelace");
        strcpy(d->name[1], " two  spaces ");
        d->forfeit_seat = 2;
        strcpy(d->verdict, "timed out: no move within 1000 ms");
        for (int i = 0; i < 4; i++) {
            game_totals(&g[i]);
        }
        put_header(&t, &L);
        for (int i = 0; i < 4; i++) {
            put_game(&t, &L, &g[i]);
        }
        ok(parses_back(&(tally_t){0, 0}, &t, g, 4) &&
               g[0].total[0] == 2 * (i128)max && g[2].total[0] == 3 * (i128)min,
           "four games with CRLF line ends: totals 2 * INT64_MAX and "
           "3 * INT64_MIN given and read exactly, the same computed when "
           "absent, game number 2^64 - 1, names with spaces kept as "
           "written, a forfeit with its verdict");
        t.len = 0;
    }

    /* A text that ends without a line end, and a length that stops before
     * the end of the buffer. */
    {
        static const char text[] = "coinline-record 1\ngame 2\nrow 5 6\n"
                                   "moves LR\ngame 3\nrow 1\nmoves L";
        coinline_record_t *p = NULL;
        size_t count = 0;
        int rc = parse(text, sizeof text - 1, &p, &count, NULL);
        ok(rc == COINLINE_OK && count == 2 && p[1].nmoves == 1 &&
               i128_from_ci(p[1].total[0]) == 1,
           "the last line without a line end is read");
        coinline_record_free(p, count);
        /* Only up to "moves LR\n": the second game is not seen. */
        rc = parse(text,
                   strlen("coinline-record 1\ngame 2\nrow 5 6\nmoves LR\n"), &p,
                   &count, NULL);
        ok(rc == COINLINE_OK && count == 1 && p[0].number == 2 &&
               i128_from_ci(p[0].total[0]) == 5 &&
               i128_from_ci(p[0].total[1]) == 6,
           "only len bytes are read (the text need not end there)");
        coinline_record_free(p, count);
    }
    free(t.data);
}

static void test_random_round_trips(void)
{
    rng_t r;
    tally_t t = {0, 0};
    long games = 0;
    long given = 0;
    long computed = 0;
    long past64 = 0;
    long crlf = 0;
    long circles = 0;
    long circle_moves = 0;
    game_t g[MAXGAMES];
    text_t text = {NULL, 0, 0};
    rng_seed(&r, 424242);
    for (int i = 0; i < RANDOM_TEXTS; i++) {
        layout_t L = {&r,
                      (int)rng_below(&r, 3),
                      (int)rng_below(&r, 4) != 0,
                      (int)rng_below(&r, 2),
                      (int)rng_below(&r, 4) != 0,
                      0};
        const size_t count = (size_t)rng_below(&r, MAXGAMES + 1);
        uint64_t number = 0;
        text.len = 0;
        put_header(&text, &L);
        for (size_t k = 0; k < count; k++) {
            number = rng_below(&r, 4) == 0 ? rng_next(&r)
                                           : number + 1 + rng_below(&r, 3);
            number += number == 0; /* game numbers are positive */
            random_game(&r, &g[k], number);
            put_game(&text, &L, &g[k]);
            games++;
            circles += g[k].circle;
            circle_moves += g[k].circle && g[k].nmoves > 0;
            given += g[k].give_totals;
            computed += !g[k].give_totals;
            for (int s = 0; s < 2; s++) {
                past64 += g[k].total[s] > (i128)INT64_MAX ||
                          g[k].total[s] < (i128)INT64_MIN;
            }
        }
        noise(&text, &L);
        finish_text(&text, &L);
        crlf += L.crlf != 0;
        parses_back(&t, &text, g, count);
    }
    free(text.data);
    ok(tally_passed(&t),
       "%d random records (0..%d games each; LF, CRLF or mixed line ends; "
       "comments and blank lines anywhere; keys in any order; names with "
       "spaces and UTF-8; rows of small, wide and extreme values with "
       "spaces, tabs and commas; full, partial and empty games; forfeits) "
       "read back game by game, field by field (%ld games)",
       RANDOM_TEXTS, MAXGAMES, games);
    ok(given > 0 && computed > 0 && past64 > 0 && crlf > 0 &&
           circle_moves > 0 && circles > circle_moves,
       "those records include totals given (%ld) and left out to be "
       "computed (%ld), totals past 64 bits (%ld), CRLF texts (%ld), "
       "circular games (%ld, %ld with moves after move 1)",
       given, computed, past64, crlf, circles, circle_moves);
}

/* ------------------------------------------------------------------------
 * 2. Refusals: line, column, message
 * ---------------------------------------------------------------------- */

#define H "coinline-record 1\n"

typedef struct {
    const char *text;
    size_t len; /* 0: strlen(text) */
    uint64_t line, column;
    const char *message;
} refusal_t;

static const refusal_t refusals[] = {
    /* The header. */
    {"", 0, 0, 0, "not a game record: the text is empty"},
    {"\n  \n# only comments\n\t\n", 0, 0, 0,
     "not a game record: the text is empty"},
    {"game 1\nrow 1\nmoves L\n", 0, 1, 1,
     "not a game record: the first line must be 'coinline-record 1'"},
    {"# comment\n\ncoinline-record\n", 0, 3, 1,
     "not a game record: the first line must be 'coinline-record 1'"},
    {"COINLINE-RECORD 1\n", 0, 1, 1,
     "not a game record: the first line must be 'coinline-record 1'"},
    {"\r\n  coinline-record 1\r\n", 0, 2, 1,
     "not a game record: the first line must be 'coinline-record 1'"},
    {"coinline-record 2\ngame 1\nrow 1\nmoves L\n", 0, 1, 17,
     "record version '2' is not supported (this reader knows 1)"},
    {"coinline-record 1.0\n", 0, 1, 17,
     "record version '1.0' is not supported (this reader knows 1)"},
    {"coinline-record 123456789012345678901234\n", 0, 1, 17,
     "record version '12345678901234567890' is not supported (this reader "
     "knows 1)"},

    /* Keys. */
    {H "game 1\nrow 1 2\nmoves L\ncolour red\n", 0, 5, 1,
     "unknown key 'colour'"},
    {H "game 1\nRow 1 2\n", 0, 3, 1, "unknown key 'Row'"},
    {H "game 1\nrow 1\nmoves L\ntotal 1 0\n", 0, 5, 1, "unknown key 'total'"},
    {H "game 1\nrow 1\nmoves L\np3 carol\n", 0, 5, 1, "unknown key 'p3'"},
    {H "games 1\n", 0, 2, 1, "unknown key 'games'"},
    {H "game\t1\n", 0, 2, 1, "unknown key 'game\t1'"},
    {H "row 1 2\n", 0, 2, 1, "'row' comes before the first 'game' line"},
    {H "# names first\np1 bob\ngame 1\n", 0, 3, 1,
     "'p1' comes before the first 'game' line"},
    {H "\nmoves LR\n", 0, 3, 1, "'moves' comes before the first 'game' line"},
    {H "game 7\nrow 1\nmoves L\nrow 2\n", 0, 5, 1,
     "'row' is given twice in game 7"},
    {H "game 7\nmoves L\nrow 1\nmoves L\n", 0, 5, 1,
     "'moves' is given twice in game 7"},
    {H "game 7\np2 a\nrow 1\np2 a\nmoves L\n", 0, 5, 1,
     "'p2' is given twice in game 7"},
    {H "game 7\nrow 1\nmoves L\ntotals 1 0\ntotals 1 0\n", 0, 6, 1,
     "'totals' is given twice in game 7"},
    {H "game 18446744073709551615\nrow 1\nmoves L\nforfeit 1 x\n"
       "forfeit 2 y\n",
     0, 6, 1, "'forfeit' is given twice in game 18446744073709551615"},
    {H "game 1\nrow 1\nmoves L\n\ngame 2\np1 a\np1 a\n", 0, 8, 1,
     "'p1' is given twice in game 2"},

    /* The game number. */
    {H "game 0\n", 0, 2, 6, "'game' needs a positive integer, not '0'"},
    {H "game -3\n", 0, 2, 6, "'game' needs a positive integer, not '-3'"},
    {H "game +3\n", 0, 2, 6, "'game' needs a positive integer, not '+3'"},
    {H "game x1\n", 0, 2, 6, "'game' needs a positive integer, not 'x1'"},
    {H "game 1.5\n", 0, 2, 6, "'game' needs a positive integer, not '1.5'"},
    {H "game 1 2\n", 0, 2, 6, "'game' needs a positive integer, not '1 2'"},
    {H "game 18446744073709551616\n", 0, 2, 6,
     "'game' needs a positive integer, not '18446744073709551616'"},
    {H "game\n", 0, 2, 5, "'game' needs a positive integer, not ''"},
    {H "game \n", 0, 2, 6, "'game' needs a positive integer, not ''"},
    {H "game 1\nrow 1\nmoves L\ngame 0\n", 0, 5, 6,
     "'game' needs a positive integer, not '0'"},

    /* The row: the column of the bad token. */
    {H "game 1\nrow 1 2 x 4\nmoves L\n", 0, 3, 9, "row: not an integer"},
    {H "game 1\nrow 12a\n", 0, 3, 5, "row: not an integer"},
    {H "game 1\nrow 1,,2\n", 0, 3, 7, "row: not an integer"},
    {H "game 1\nrow 1 2,\n", 0, 3, 9, "row: not an integer"},
    {H "game 1\nrow 1 - 2\n", 0, 3, 7, "row: not an integer"},
    {H "game 1\nrow 1 9223372036854775808\n", 0, 3, 7,
     "row: value out of the 64-bit range"},
    {H "game 1\nrow -9223372036854775809 1\n", 0, 3, 5,
     "row: value out of the 64-bit range"},
    {H "game 1\r\nrow 1\t\t99999999999999999999999\r\n", 0, 3, 8,
     "row: value out of the 64-bit range"},

    /* Moves: the column of the bad character. */
    {H "game 1\nrow 1 2 3\nmoves LRl\n", 0, 4, 9, "move 3 is 'l', not L or R"},
    {H "game 1\nrow 1 2 3\nmoves L R\n", 0, 4, 8, "move 2 is ' ', not L or R"},
    {H "game 1\nrow 1 2 3\nmoves x\n", 0, 4, 7, "move 1 is 'x', not L or R"},
    {H "game 1\nrow 1 2 3\nmoves  LR\n", 0, 4, 7, "move 1 is ' ', not L or R"},
    {H "game 1\nrow 1 2 3\nmoves L,R\n", 0, 4, 8, "move 2 is ',', not L or R"},

    /* Too many moves: the column of the first one too many, found when
     * the game ends. */
    {H "game 1\nrow 1 2\nmoves LRL\n", 0, 4, 9,
     "game 1: move 3 is one too many: the row has 2 coins"},
    {H "game 5\nmoves RLRR\n# c\nrow 1 2 3\n\ngame 6\nrow\nmoves\n", 0, 3, 10,
     "game 5: move 4 is one too many: the row has 3 coins"},
    {H "game 1\nrow 8\nmoves LR\n", 0, 4, 8,
     "game 1: move 2 is one too many: the row has 1 coin"},
    {H "game 2\nrow\nmoves L\n", 0, 4, 7,
     "game 2: move 1 is one too many: the row has 0 coins"},

    /* Missing keys: at the game's line. */
    {H "game 4\nmoves L\n", 0, 2, 1, "game 4: no 'row' line"},
    {H "game 4\nrow 1\n", 0, 2, 1, "game 4: no 'moves' line"},
    {H "game 3\n", 0, 2, 1, "game 3: no 'row' line"},
    {H "\ngame 1\nrow 1\n# no moves\n\ngame 2\nrow 1\nmoves L\n", 0, 3, 1,
     "game 1: no 'moves' line"},
    {H "game 1\nrow 1\nmoves L\ngame 9\np1 a\n", 0, 5, 1,
     "game 9: no 'row' line"},

    /* Totals. */
    {H "game 1\nrow 1 3 5 2 9\nmoves RRRRL\ntotals 10 10\n", 0, 5, 8,
     "game 1: the totals do not follow from the row and the moves, which "
     "give 15 5"},
    {H "game 1\nrow 1 3 5 2 9\nmoves RRRRL\ntotals 5 15\n", 0, 5, 8,
     "game 1: the totals do not follow from the row and the moves, which "
     "give 15 5"},
    {H "game 2\ntotals 18446744073709551615 9223372036854775807\n"
       "row 9223372036854775807 9223372036854775807 9223372036854775807\n"
       "moves LLL\n",
     0, 3, 8,
     "game 2: the totals do not follow from the row and the moves, which "
     "give 18446744073709551614 9223372036854775807"},
    {H "game 1\nrow -5 -6\nmoves R\ntotals 6 0\n", 0, 5, 8,
     "game 1: the totals do not follow from the row and the moves, which "
     "give -6 0"},
    {H "game 1\nrow 1\nmoves L\ntotals 1\n", 0, 5, 8,
     "'totals' needs two integers: 'totals P1 P2'"},
    {H "game 1\nrow 1\nmoves L\ntotals 1 x\n", 0, 5, 8,
     "'totals' needs two integers: 'totals P1 P2'"},
    {H "game 1\nrow 1\nmoves L\ntotals 1  0\n", 0, 5, 8,
     "'totals' needs two integers: 'totals P1 P2'"},
    {H "game 1\nrow 1\nmoves L\ntotals 1,0\n", 0, 5, 8,
     "'totals' needs two integers: 'totals P1 P2'"},
    {H "game 1\nrow 1\nmoves L\ntotals a b\n", 0, 5, 8,
     "'totals' needs two integers: 'totals P1 P2'"},

    /* Forfeits. */
    {H "game 1\nrow 1 2\nmoves L\nforfeit 1 slow\n", 0, 5, 9,
     "game 1: player 1 forfeits, but player 2 is to play move 2"},
    {H "game 1\nrow 1\nmoves L\nforfeit 2 slow\n", 0, 5, 9,
     "game 1: a forfeit after the last coin was taken"},
    {H "game 1\nrow 1\nmoves L\nforfeit 3 too slow\n", 0, 5, 9,
     "'forfeit' needs the seat (1 or 2) and a reason"},
    {H "game 1\nrow 1\nmoves L\nforfeit 1\n", 0, 5, 9,
     "'forfeit' needs the seat (1 or 2) and a reason"},
    {H "game 1\nrow 1\nmoves L\nforfeit 1 \n", 0, 5, 9,
     "'forfeit' needs the seat (1 or 2) and a reason"},
    {H "game 1\nrow 1\nmoves L\nforfeit x\n", 0, 5, 9,
     "'forfeit' needs the seat (1 or 2) and a reason"},
    {H "game 1\nrow 1\nmoves L\nforfeit 12 x\n", 0, 5, 9,
     "'forfeit' needs the seat (1 or 2) and a reason"},

    /* The circle: FIRST a number, a position of the circle (or 0 with
     * no moves), at most n - 1 moves after it, the forfeit of the player
     * of the next move, totals that count move 1's coin. */
    {H "game 1\ncircle x\nrow 1 2\nmoves\n", 0, 3, 8,
     "'circle' needs the position of move 1 (1 to the number of coins; 0 "
     "before move 1), not 'x'"},
    {H "game 1\nrow 1 2\nmoves\ncircle -1\n", 0, 5, 8,
     "'circle' needs the position of move 1 (1 to the number of coins; 0 "
     "before move 1), not '-1'"},
    {H "game 1\nrow 1 2\nmoves\ncircle +1\n", 0, 5, 8,
     "'circle' needs the position of move 1 (1 to the number of coins; 0 "
     "before move 1), not '+1'"},
    {H "game 1\nrow 1 2\nmoves\ncircle\n", 0, 5, 7,
     "'circle' needs the position of move 1 (1 to the number of coins; 0 "
     "before move 1), not ''"},
    {H "game 1\nrow 1 2\nmoves\ncircle 1.5\n", 0, 5, 8,
     "'circle' needs the position of move 1 (1 to the number of coins; 0 "
     "before move 1), not '1.5'"},
    {H "game 1\nrow 1 2\nmoves\ncircle 1 L\n", 0, 5, 8,
     "'circle' needs the position of move 1 (1 to the number of coins; 0 "
     "before move 1), not '1 L'"},
    {H "game 1\nrow 1 2\nmoves\ncircle 18446744073709551616\n", 0, 5, 8,
     "'circle' needs the position of move 1 (1 to the number of coins; 0 "
     "before move 1), not '18446744073709551616'"},
    {H "game 1\ncircle 6\nrow 1 3 5 2 9\nmoves L\n", 0, 3, 8,
     "game 1: circle 6 is not a position: the circle has 5 coins, at "
     "positions 1 to 5 (0 before move 1)"},
    {H "game 1\nrow 7\nmoves\n\ncircle 18446744073709551615\n", 0, 6, 8,
     "game 1: circle 18446744073709551615 is not a position: the circle has "
     "1 coin, at positions 1 to 1 (0 before move 1)"},
    {H "game 2\nrow\ncircle 1\nmoves\n", 0, 4, 8,
     "game 2: circle 1 is not a position: the circle has no coins (circle "
     "0: no move)"},
    {H "game 1\ncircle 0\nrow 1 3 5 2 9\nmoves LR\n", 0, 5, 7,
     "game 1: move 2 needs move 1 first: circle 0 means move 1 was not "
     "played"},
    {H "game 1\ncircle 2\nrow 1 2 3\nmoves LLL\n", 0, 5, 9,
     "game 1: move 4 is one too many: the circle has 3 coins"},
    {H "game 1\nrow 5\nmoves R\ncircle 1\n", 0, 4, 7,
     "game 1: move 2 is one too many: the circle has 1 coin"},
    {H "game 1\ncircle 1\nrow 1 2 3\nmoves LRx\n", 0, 5, 9,
     "move 4 is 'x', not L or R"},
    {H "game 1\nrow 1 2 3\nmoves Lx\n# the key after the moves\ncircle 1\n", 0,
     4, 8, "move 3 is 'x', not L or R"},
    {H "game 1\nrow 1 2 3\nmoves Lx\ngame 2\ncircle 1\nrow 1\nmoves\n", 0, 4, 8,
     "move 2 is 'x', not L or R"},
    {H "game 1\ncircle 2\nrow 1 2 3\nmoves L\nforfeit 2 slow\n", 0, 6, 9,
     "game 1: player 2 forfeits, but player 1 is to play move 3"},
    {H "game 1\ncircle 0\nrow 1 2 3\nmoves\nforfeit 2 slow\n", 0, 6, 9,
     "game 1: player 2 forfeits, but player 1 is to play move 1"},
    {H "game 1\ncircle 3\nrow 1 2 3\nmoves\nforfeit 1 slow\n", 0, 6, 9,
     "game 1: player 1 forfeits, but player 2 is to play move 2"},
    {H "game 1\ncircle 1\nrow 1 2\nmoves L\nforfeit 1 slow\n", 0, 6, 9,
     "game 1: a forfeit after the last coin was taken"},
    {H "game 1\ncircle 1\nrow 4\nmoves\nforfeit 2 slow\n", 0, 6, 9,
     "game 1: a forfeit after the last coin was taken"},
    {H "game 1\ncircle 5\nrow 1 3 5 2 9\nmoves LLLL\ntotals 15 5\n", 0, 6, 8,
     "game 1: the totals do not follow from the circle and the moves, which "
     "give 14 6"},
    {H "game 1\ncircle 2\nrow 1 3 5 2 9\nmoves R\ntotals 0 1\n", 0, 6, 8,
     "game 1: the totals do not follow from the circle and the moves, which "
     "give 3 1"},
    {H "game 1\ncircle 1\nrow 1 3 5 2 9\nmoves\ntotals 0 0\n", 0, 6, 8,
     "game 1: the totals do not follow from the circle and the moves, which "
     "give 1 0"},
    {H "game 4\ncircle 1\nrow 1\nmoves\ncircle 1\n", 0, 6, 1,
     "'circle' is given twice in game 4"},
    {H "circle 1\ngame 1\n", 0, 2, 1,
     "'circle' comes before the first 'game' line"},
    {H "game 1\nCircle 1\n", 0, 3, 1, "unknown key 'Circle'"},

    /* After games that own memory (names, rows, moves, verdicts): the
     * error frees them (checked by the leak checker). */
    {H "game 1\np1 Ada\np2 Bob\nrow 1 2 3\nmoves LR\nforfeit 1 gone\n"
       "\ngame 2\np1 C\np2 D\nrow 4 5\nmoves L\ngame 3\nrow 1\nmoves LL\n",
     0, 16, 8, "game 3: move 2 is one too many: the row has 1 coin"},
    {H "game 1\np1 Ada\nrow 1 2 3\nmoves LR\n\ngame 2\np1 C\nrow 4 5\n"
       "moves Lx\n",
     0, 10, 8, "move 2 is 'x', not L or R"},

    /* CRLF line ends and comments count as lines. */
    {"coinline-record 1\r\n# c\r\n\r\ngame 1\r\nrow 1 x\r\nmoves L\r\n", 0, 5,
     7, "row: not an integer"},
    {"coinline-record 1\r\ngame 1\r\nrow 1 2\r\nmoves LRL\r\n", 0, 4, 9,
     "game 1: move 3 is one too many: the row has 2 coins"},

    /* A UTF-8 byte-order mark: skipped at the very start (columns count
     * from after it), an error anywhere else. */
    {"\xEF\xBB\xBF" H "game 1\nrow 1 x\nmoves L\n", 0, 3, 7,
     "row: not an integer"},
    {"\xEF\xBB\xBF"
     "coinline-record 2\n",
     0, 1, 17, "record version '2' is not supported (this reader knows 1)"},
    {"\xEF\xBB\xBF", 0, 0, 0, "not a game record: the text is empty"},
    {"\xEF\xBB\xBF\xEF\xBB\xBF" H, 0, 1, 1,
     "not a game record: the first line must be 'coinline-record 1'"},
    {"\n\xEF\xBB\xBF" H, 0, 2, 1,
     "not a game record: the first line must be 'coinline-record 1'"},
    {H "\xEF\xBB\xBFgame 1\nrow 1\nmoves L\n", 0, 2, 1,
     "unknown key '\xEF\xBB\xBFgame'"},
};

static void test_refusals(void)
{
    for (size_t i = 0; i < sizeof refusals / sizeof refusals[0]; i++) {
        const refusal_t *f = &refusals[i];
        const size_t len = f->len ? f->len : strlen(f->text);
        coinline_record_t *games = NULL;
        size_t count = 0;
        coinline_error_t err;
        char esc[400];
        memset(&err, 0x55, sizeof err);
        const int rc = parse(f->text, len, &games, &count, &err);
        const int got_message =
            memchr(err.message, '\0', sizeof err.message) != NULL;
        const int same = rc == COINLINE_ERECORD && err.line == f->line &&
                         err.column == f->column && got_message &&
                         strcmp(err.message, f->message) == 0;
        ok(same, "refused at %llu:%llu \"%s\": %s", (unsigned long long)f->line,
           (unsigned long long)f->column, f->message,
           escaped(f->text, len, esc, sizeof esc));
        if (!same) {
            diag("got %s at %llu:%llu \"%s\"", code_str(rc),
                 (unsigned long long)err.line, (unsigned long long)err.column,
                 got_message ? err.message : "(not terminated)");
        }
        if (rc == COINLINE_OK) {
            coinline_record_free(games, count);
        }
    }

    /* err may be NULL. */
    {
        tally_t t = {0, 0};
        for (size_t i = 0; i < sizeof refusals / sizeof refusals[0]; i++) {
            const refusal_t *f = &refusals[i];
            coinline_record_t *games = NULL;
            size_t count = 0;
            const int rc = parse(f->text, f->len ? f->len : strlen(f->text),
                                 &games, &count, NULL);
            if (!tally_check(&t, rc == COINLINE_ERECORD)) {
                tally_note(&t, "case %zu: returned %s", i, code_str(rc));
                if (rc == COINLINE_OK) {
                    coinline_record_free(games, count);
                }
            }
        }
        ok(tally_passed(&t),
           "with err NULL, every one of those is still refused with "
           "ERECORD (%ld texts)",
           t.checks);
    }
}

/* Every prefix of a good record, cut anywhere: parsed or refused, never
 * anything else (the leak and bounds checks run on each). */
static void test_cut_anywhere(void)
{
    static const char text[] =
        "# before\r\ncoinline-record 1\r\ngame 1\r\np1 Ada Lovelace\r\n"
        "p2 optimal\r\nrow 3, 1, 1, 9223372036854775807\r\nmoves RLR\r\n"
        "totals 9223372036854775808 3\r\nforfeit 2 timed out\r\n\r\ngame 2\n"
        "row\nmoves\n";
    tally_t t = {0, 0};
    for (size_t len = 0; len <= sizeof text - 1; len++) {
        coinline_record_t *games = NULL;
        size_t count = 0;
        coinline_error_t err;
        const int rc = parse(text, len, &games, &count, &err);
        if (!tally_check(&t, rc == COINLINE_OK || rc == COINLINE_ERECORD)) {
            tally_note(&t, "cut at %zu: returned %s", len, code_str(rc));
        }
        if (rc == COINLINE_OK) {
            coinline_record_free(games, count);
        }
    }
    {
        coinline_record_t *games = NULL;
        size_t count = 0;
        const int rc = parse(text, sizeof text - 1, &games, &count, NULL);
        tally_check(&t, rc == COINLINE_OK && count == 2 &&
                            i128_from_ci(games[0].total[0]) ==
                                (i128)INT64_MAX + 1 &&
                            games[0].forfeit_seat == 2 &&
                            strcmp(games[0].verdict, "timed out") == 0 &&
                            strcmp(games[0].name[0], "Ada Lovelace") == 0);
        coinline_record_free(games, count);
    }
    ok(tally_passed(&t),
       "a record cut after every byte is read or refused with ERECORD, "
       "and the whole of it reads (%ld cuts)",
       t.checks);
}

/* ------------------------------------------------------------------------
 * 3. Arguments
 * ---------------------------------------------------------------------- */

/* coinline_record_parse(NULL, 0, ...) in a child process (under UBSan,
 * undefined behaviour there aborts): 1 when it was refused as the empty
 * text. */
static int null_text_is_empty(void)
{
    int status = 0;
    fflush(stdout);
    const pid_t pid = fork();
    if (pid < 0) {
        diag("fork failed");
        return 0;
    }
    if (pid == 0) {
        coinline_record_t *games = NULL;
        size_t count = 0;
        coinline_error_t err;
        memset(&err, 0, sizeof err);
        if (freopen("/dev/null", "w", stderr) == NULL) {
            _exit(2);
        }
        const int rc = coinline_record_parse(NULL, 0, &games, &count, &err);
        _exit(rc == COINLINE_ERECORD && err.line == 0 &&
                      strcmp(err.message,
                             "not a game record: the text is empty") == 0
                  ? 0
                  : 1);
    }
    if (waitpid(pid, &status, 0) != pid) {
        return 0;
    }
    return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

static void test_arguments(void)
{
    static const char text[] = H "game 1\nrow 1\nmoves L\n";
    coinline_record_t *games = NULL;
    size_t count = 0;
    coinline_error_t err;
    is_int(coinline_record_parse(NULL, 5, &games, &count, &err),
           COINLINE_EINVAL, "text NULL with len 5: EINVAL");
    is_int(coinline_record_parse(text, sizeof text - 1, NULL, &count, &err),
           COINLINE_EINVAL, "games NULL: EINVAL");
    is_int(coinline_record_parse(text, sizeof text - 1, &games, NULL, &err),
           COINLINE_EINVAL, "count NULL: EINVAL");
    coinline_record_free(NULL, 0);
    coinline_record_free(NULL, 3);
    ok(1, "coinline_record_free(NULL, ...) is a no-op");

    ok(null_text_is_empty(), "text NULL with len 0 is refused as the empty "
                             "text (line 0, the message for an empty text)");
}

/* ------------------------------------------------------------------------
 * 4. Bytes that are not text
 * ---------------------------------------------------------------------- */

static void test_nul_bytes(void)
{
    /* A NUL byte inside a row must not end the row silently. */
    static const char row_nul[] = H "game 1\nrow 1 2\0 3\nmoves LR\n";
    coinline_record_t *games = NULL;
    size_t count = 0;
    coinline_error_t err;
    memset(&err, 0, sizeof err);
    const int rc = parse(row_nul, sizeof row_nul - 1, &games, &count, &err);
    ok(rc == COINLINE_ERECORD && err.line == 3 && err.column == 8 &&
           strcmp(err.message, "a NUL byte: a record is text") == 0,
       "a NUL byte inside a row line is refused at 3:8");
    if (rc == COINLINE_OK) {
        coinline_record_free(games, count);
    }

    static const char moves_nul[] = H "game 1\nrow 1 2\nmoves L\0\n";
    memset(&err, 0, sizeof err);
    ok(parse(moves_nul, sizeof moves_nul - 1, &games, &count, &err) ==
               COINLINE_ERECORD &&
           err.line == 4 && err.column == 8,
       "a NUL byte among the moves is refused at its column (4:8)");
}

/* ------------------------------------------------------------------------
 * 6. The writer: coinline_record_write() read back by the parser
 * ---------------------------------------------------------------------- */

/* g as the library's record type (pointing into g). */
static coinline_record_t as_record(const game_t *g)
{
    coinline_record_t r;
    memset(&r, 0, sizeof r);
    r.number = g->number;
    for (int s = 0; s < 2; s++)
        r.name[s] = g->has_name[s] ? g->name[s] : NULL;
    r.coins = g->n > 0 ? g->coins : NULL;
    r.n = g->n;
    r.moves = g->moves;
    r.nmoves = g->nmoves;
    r.has_totals = g->give_totals;
    r.total[0] = i128_to_ci(g->total[0]);
    r.total[1] = i128_to_ci(g->total[1]);
    r.forfeit_seat = g->forfeit_seat;
    r.verdict = g->forfeit_seat != 0 ? g->verdict : NULL;
    r.circle = g->circle;
    r.first = g->first;
    return r;
}

/* Lines in text[0..len-1]. */
static uint64_t lines_in(const char *text, size_t len)
{
    uint64_t k = 0;
    for (size_t i = 0; i < len; i++)
        k += text[i] == '\n';
    return k;
}

static void test_writer_round_trips(void)
{
    tally_t t = {0, 0};
    rng_t r;
    rng_seed(&r, 0x5EC0D);
    for (int k = 0; k < RANDOM_TEXTS; k++) {
        game_t games[MAXGAMES];
        const size_t count = (size_t)rng_below(&r, MAXGAMES + 1);
        text_t text = {NULL, 0, 0};
        char *buf = NULL;
        size_t len = 0;
        FILE *fp = open_memstream(&buf, &len);
        int rc = coinline_record_write_header(fp, k % 2 ? "test" : NULL);
        for (size_t i = 0; i < count && rc == COINLINE_OK; i++) {
            random_game(&r, &games[i], 1 + rng_below(&r, 1000));
            fflush(fp);
            games[i].line = lines_in(buf, len) + 1;
            const coinline_record_t rec = as_record(&games[i]);
            rc = coinline_record_write(fp, &rec);
            games[i].give_totals = 1; /* the writer always writes them */
        }
        fclose(fp);
        if (!tally_check(&t, rc == COINLINE_OK)) {
            tally_note(&t, "write returned %s", code_str(rc));
        } else {
            text.data = buf;
            text.len = len;
            parses_back(&t, &text, games, count);
        }
        free(buf);
    }
    ok(tally_passed(&t),
       "%d random record files written by coinline_record_write() read "
       "back as the same games (names with spaces and UTF-8, empty rows, "
       "partial games, forfeits, int64 extremes: %ld checks)",
       RANDOM_TEXTS, t.checks);
}

static void test_writer_text(void)
{
    const int64_t row[] = {1, 3, 5, 2, 9};
    coinline_record_t g;
    char *buf = NULL;
    size_t len = 0;
    FILE *fp = open_memstream(&buf, &len);
    memset(&g, 0, sizeof g);
    g.number = 7;
    g.name[0] = "two\nlines";
    g.coins = row;
    g.n = 5;
    g.moves = "RRRR";
    g.nmoves = 4;
    g.forfeit_seat = 1;
    g.verdict = "timed out:\r\nno move";
    const int rc = coinline_record_write_header(fp, "unit test");
    const int rc2 = coinline_record_write(fp, &g);
    fclose(fp);
    char want[256];
    snprintf(want, sizeof want,
             "coinline-record 1\n# coinline %s unit test\ngame 7\n"
             "p1 two lines\nrow 1 3 5 2 9\nmoves RRRR\ntotals 14 5\n"
             "forfeit 1 timed out:  no move\n",
             coinline_version_string());
    ok(rc == 0 && rc2 == 0 && buf != NULL && strcmp(buf, want) == 0,
       "the writer's text: header, comment, keys in order, totals computed, "
       "line breaks in names and verdicts written as spaces");
    free(buf);

    /* A circle: the "circle" key before the row, totals with move 1's
     * coin (9 at 5; then 1 3 5 2 from the left: player 2 takes 1, player
     * 1 takes 3), a forfeit by player 2, who is to play move 4. */
    buf = NULL;
    len = 0;
    fp = open_memstream(&buf, &len);
    memset(&g, 0, sizeof g);
    g.number = 2;
    g.coins = row;
    g.n = 5;
    g.circle = 1;
    g.first = 5;
    g.moves = "LL";
    g.nmoves = 2;
    g.forfeit_seat = 2;
    g.verdict = "slow";
    const int rc3 = coinline_record_write(fp, &g);
    g.first = 0; /* before move 1 */
    g.nmoves = 0;
    g.forfeit_seat = 1;
    const int rc4 = coinline_record_write(fp, &g);
    fclose(fp);
    const int same = rc3 == 0 && rc4 == 0 && buf != NULL &&
                     strcmp(buf, "game 2\ncircle 5\nrow 1 3 5 2 9\nmoves LL\n"
                                 "totals 12 1\nforfeit 2 slow\n"
                                 "game 2\ncircle 0\nrow 1 3 5 2 9\nmoves\n"
                                 "totals 0 0\nforfeit 1 slow\n") == 0;
    ok(same, "the writer's text of a circle: 'circle FIRST' before the row, "
             "totals with the coin of move 1, circle 0 before move 1");
    if (!same && buf != NULL)
        diag("wrote: %s", buf);
    free(buf);
}

static void test_writer_refusals(void)
{
    const int64_t row[] = {4, -2, 7};
    const struct {
        const char *what;
        uint64_t number;
        size_t n, nmoves;
        const char *moves;
        int forfeit, has_totals;
        int64_t t1;
    } bad[] = {
        {"game number 0", 0, 3, 0, "", 0, 0, 0},
        {"a move that is not L or R", 1, 3, 2, "Lx", 0, 0, 0},
        {"lower-case moves", 1, 3, 1, "l", 0, 0, 0},
        {"more moves than coins", 1, 2, 3, "LLL", 0, 0, 0},
        {"a forfeit by the player not to move", 1, 3, 1, "L", 1, 0, 0},
        {"a forfeit after the last coin", 1, 3, 3, "LLL", 2, 0, 0},
        {"a forfeit seat of 3", 1, 3, 0, "", 3, 0, 0},
        {"totals that do not follow from the moves", 1, 3, 1, "L", 0, 1, 5},
        {"a row with a first position", 1, 3, 0, "", 0, 0, 0},
        {"circle 2 (neither 0 nor 1)", 1, 3, 0, "", 0, 0, 0},
        {"a circle whose first position is past n", 1, 3, 0, "", 0, 0, 0},
        {"a circle with moves and no first position", 1, 3, 1, "L", 0, 0, 0},
        {"a circle with n moves after the first", 1, 3, 3, "LLL", 0, 0, 0},
        {"a circle's forfeit by the player not to move", 1, 3, 1, "L", 2, 0, 0},
        {"a circle's forfeit after the last coin", 1, 3, 2, "LR", 1, 0, 0},
        {"a circle's totals without move 1's coin", 1, 3, 1, "L", 0, 1, 0},
    };
    /* circle and first of the cases above, from the row with a first
     * position on. */
    static const struct {
        int circle;
        uint64_t first;
    } form[] = {{0, 1}, {2, 1}, {1, 4}, {1, 0}, {1, 1}, {1, 1}, {1, 1}, {1, 2}};
    const size_t lines =
        sizeof bad / sizeof bad[0] - sizeof form / sizeof form[0];
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        coinline_record_t g;
        char *buf = NULL;
        size_t len = 0;
        FILE *fp = open_memstream(&buf, &len);
        memset(&g, 0, sizeof g);
        g.number = bad[i].number;
        g.coins = row;
        g.n = bad[i].n;
        g.moves = bad[i].moves;
        g.nmoves = bad[i].nmoves;
        g.forfeit_seat = bad[i].forfeit;
        g.verdict = "why";
        g.has_totals = bad[i].has_totals;
        g.total[0] = coinline_i128_from_int64(bad[i].t1);
        if (i >= lines) {
            g.circle = form[i - lines].circle;
            g.first = form[i - lines].first;
        }
        const int rc = coinline_record_write(fp, &g);
        fclose(fp);
        ok(rc == COINLINE_EINVAL && len == 0,
           "the writer refuses %s with EINVAL and writes nothing", bad[i].what);
        free(buf);
    }
    coinline_record_t g;
    memset(&g, 0, sizeof g);
    g.number = 1;
    ok(coinline_record_write(NULL, &g) == COINLINE_EINVAL &&
           coinline_record_write(stdout, NULL) == COINLINE_EINVAL &&
           coinline_record_write_header(NULL, "x") == COINLINE_EINVAL,
       "the writer refuses a NULL stream or game with EINVAL");
}

int main(void)
{
    test_example();
    test_circle_example();
    test_fixed_round_trips();
    test_random_round_trips();
    test_refusals();
    test_cut_anywhere();
    test_arguments();
    test_nul_bytes();
    test_writer_round_trips();
    test_writer_text();
    test_writer_refusals();
    return done_testing();
}
