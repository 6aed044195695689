/* SPDX-License-Identifier: MIT */
/*
 * fuzz_record - coinline_record_parse() on arbitrary bytes, and
 * coinline_analyze() on every game it reads.
 *
 * The whole input is one game record text (not NUL-terminated). Checked on
 * every input:
 *   - the code is 0 or COINLINE_ERECORD (COINLINE_ENOMEM is let through);
 *     a refusal has a NUL-terminated, non-empty message and a place: line
 *     0 and column 0 (no place), or a line of the input and a column
 *     within it (up to one past its end);
 *   - every game read: number >= 1; its line is a line of the input that
 *     starts with "game", after the previous game's; n == 0 exactly when
 *     coins is NULL; moves is NUL-terminated, nmoves long, only L and R,
 *     nmoves <= n; the totals are those of a replay here (given or not);
 *     forfeit_seat is 0, 1 or 2 with a verdict exactly when not 0;
 *   - the games written back as a record (a writer here) read back the
 *     same (unless a name or verdict ends with a CR, which a line end
 *     would swallow, or the input holds a NUL byte);
 *   - each game analysed: code 0; each review's number, player, side and
 *     coin follow the moves; best is L or R and best_coin its coin; loss
 *     >= 0 and optimal == (loss == 0); p1 and p2 are the replay's totals;
 *     the next mover's secured = the row's sum - (this mover's secured -
 *     its loss), and final_margin follows from them; for a complete game
 *     each player's total = its best total from the start - its own losses
 *     + the other's losses; moves in lower case give the same reviews; one
 *     move more than the coins is COINLINE_EMOVE at line 1, column n + 1,
 *     with a message;
 *   - for rows of up to REF_MAX_N coins, an independent interval DP here
 *     must give every review's secured total, best move and loss exactly.
 * The checks above are those of the classic game (a row, scoring the coin
 * taken). A game under other rules (a circle, or a "rules" key) is
 * checked through the general calls: its positions are as many as its
 * moves, coinline_game_analyze() on them succeeds and ends on its totals;
 * the write-back is then left out.
 *
 * Any violation calls abort().
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "coinline.h"
#include "fuzz_common.h"

#define REF_MAX_N 48

/* ---- the input's lines ----------------------------------------------- */

/* Number of lines of data[0..size-1] (a last line without a line end
 * counts), and the start and length (without '\n') of line `line`. */
static uint64_t count_lines(const uint8_t *data, size_t size)
{
    uint64_t lines = 0;
    for (size_t i = 0; i < size; i++)
        lines += data[i] == '\n';
    return lines + (size > 0 && data[size - 1] != '\n');
}

static int find_line(const uint8_t *data, size_t size, uint64_t line,
                     const uint8_t **start, size_t *len)
{
    uint64_t at = 1;
    size_t i = 0;
    while (at < line && i < size) {
        if (data[i++] == '\n')
            at++;
    }
    if (at != line || i > size)
        return 0;
    size_t j = i;
    while (j < size && data[j] != '\n')
        j++;
    *start = data + i;
    *len = j - i;
    return 1;
}

/* ---- a game record writer -------------------------------------------- */

typedef struct {
    char *s;
    size_t len, cap;
} buf_t;

static void put_bytes(buf_t *b, const char *s, size_t len)
{
    if (b->len + len + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 256;
        while (cap < b->len + len + 1)
            cap *= 2;
        char *ns = realloc(b->s, cap);
        CHECK(ns != NULL);
        b->s = ns;
        b->cap = cap;
    }
    memcpy(b->s + b->len, s, len);
    b->len += len;
    b->s[b->len] = '\0';
}

static void put_str(buf_t *b, const char *s)
{
    put_bytes(b, s, strlen(s));
}

static void put_i128(buf_t *b, i128 v)
{
    char tmp[48];
    size_t n = 0;
    u128 mag = v < 0 ? (u128)0 - (u128)v : (u128)v;
    do {
        tmp[n++] = (char)('0' + (int)(mag % 10));
        mag /= 10;
    } while (mag != 0);
    if (v < 0)
        put_bytes(b, "-", 1);
    while (n > 0)
        put_bytes(b, &tmp[--n], 1);
}

static void write_games(buf_t *b, const coinline_record_t *g, size_t count)
{
    char num[32];
    put_str(b, "coinline-record 1\n");
    for (size_t i = 0; i < count; i++) {
        snprintf(num, sizeof num, "%llu", (unsigned long long)g[i].number);
        put_str(b, "game ");
        put_str(b, num);
        put_str(b, "\n");
        for (int s = 0; s < 2; s++) {
            if (g[i].name[s] == NULL)
                continue;
            put_str(b, s == 0 ? "p1 " : "p2 ");
            put_str(b, g[i].name[s]);
            put_str(b, "\n");
        }
        put_str(b, "row");
        for (size_t k = 0; k < g[i].n; k++) {
            snprintf(num, sizeof num, " %lld", (long long)g[i].coins[k]);
            put_str(b, num);
        }
        put_str(b, "\nmoves ");
        put_str(b, g[i].moves);
        put_str(b, "\ntotals ");
        put_i128(b, to_i128(g[i].total[0]));
        put_str(b, " ");
        put_i128(b, to_i128(g[i].total[1]));
        put_str(b, "\n");
        if (g[i].forfeit_seat != 0) {
            put_str(b, g[i].forfeit_seat == 1 ? "forfeit 1 " : "forfeit 2 ");
            put_str(b, g[i].verdict);
            put_str(b, "\n");
        }
    }
}

static int ends_with_cr(const char *s)
{
    const size_t len = s != NULL ? strlen(s) : 0;
    return len > 0 && s[len - 1] == '\r';
}

static int same_str(const char *a, const char *b)
{
    return a == NULL ? b == NULL : b != NULL && strcmp(a, b) == 0;
}

/* ---- checks of one game ---------------------------------------------- */

static void check_game(const uint8_t *data, size_t size,
                       const coinline_record_t *g, uint64_t prev_line)
{
    const uint8_t *line;
    size_t len;
    CHECK(g->number >= 1);
    CHECK(g->line > prev_line);
    CHECK(find_line(data, size, g->line, &line, &len));
    CHECK(len >= 4 && memcmp(line, "game", 4) == 0);
    CHECK((g->n == 0) == (g->coins == NULL));
    CHECK(g->moves != NULL && strlen(g->moves) == g->nmoves);
    CHECK(g->nmoves <= g->n);
    i128 t[2] = {0, 0};
    size_t lo = 0, hi = g->n;
    for (size_t k = 0; k < g->nmoves; k++) {
        CHECK(g->moves[k] == 'L' || g->moves[k] == 'R');
        t[k % 2] += g->moves[k] == 'L' ? g->coins[lo++] : g->coins[--hi];
    }
    CHECK(to_i128(g->total[0]) == t[0] && to_i128(g->total[1]) == t[1]);
    CHECK(g->has_totals == 0 || g->has_totals == 1);
    CHECK(g->forfeit_seat >= 0 && g->forfeit_seat <= 2);
    CHECK((g->forfeit_seat != 0) == (g->verdict != NULL));
}

/* V of every sub-row a[lo..end) of a[0..n-1], n <= REF_MAX_N: v[lo][end]. */
static void ref_table(const int64_t *a, size_t n,
                      i128 v[REF_MAX_N + 1][REF_MAX_N + 1])
{
    for (size_t end = 0; end <= n; end++) {
        v[end][end] = 0;
        for (size_t lo = end; lo-- > 0;) {
            const i128 l = (i128)a[lo] - v[lo + 1][end];
            const i128 r = (i128)a[end - 1] - v[lo][end - 1];
            v[lo][end] = l >= r ? l : r;
        }
    }
}

static int same_review(const coinline_move_review_t *x,
                       const coinline_move_review_t *y)
{
    return x->number == y->number && x->player == y->player &&
           x->side == y->side && x->coin == y->coin && x->best == y->best &&
           x->best_coin == y->best_coin && x->optimal == y->optimal &&
           to_i128(x->loss) == to_i128(y->loss) &&
           to_i128(x->secured) == to_i128(y->secured) &&
           to_i128(x->p1) == to_i128(y->p1) &&
           to_i128(x->p2) == to_i128(y->p2) &&
           to_i128(x->final_margin) == to_i128(y->final_margin);
}

static void analyze_game(const coinline_record_t *g)
{
    static i128 v[REF_MAX_N + 1][REF_MAX_N + 1];
    const size_t n = g->n, nm = g->nmoves;
    coinline_move_review_t *r = malloc((nm + 1) * sizeof *r);
    CHECK(r != NULL);
    coinline_error_t err;
    memset(&err, 0, sizeof err);
    const int rc = coinline_analyze(g->coins, n, g->moves, nm, r, &err);
    if (rc == COINLINE_ENOMEM) {
        free(r);
        return;
    }
    CHECK(rc == COINLINE_OK);

    const int ref = n <= REF_MAX_N;
    if (ref)
        ref_table(g->coins, n, v);
    i128 sum = 0;
    for (size_t i = 0; i < n; i++)
        sum += g->coins[i];
    i128 p[2] = {0, 0}, loss[2] = {0, 0};
    size_t lo = 0, hi = n;
    for (size_t k = 0; k < nm; k++) {
        const int mover = (int)(k % 2);
        const coinline_side_t side =
            g->moves[k] == 'L' ? COINLINE_SIDE_LEFT : COINLINE_SIDE_RIGHT;
        const int64_t coin =
            side == COINLINE_SIDE_LEFT ? g->coins[lo] : g->coins[hi - 1];
        CHECK(r[k].number == k + 1);
        CHECK(r[k].player == mover + 1);
        CHECK(r[k].side == side && r[k].coin == coin);
        CHECK(r[k].best == COINLINE_SIDE_LEFT ||
              r[k].best == COINLINE_SIDE_RIGHT);
        CHECK(r[k].best_coin == (r[k].best == COINLINE_SIDE_LEFT
                                     ? g->coins[lo]
                                     : g->coins[hi - 1]));
        const i128 l = to_i128(r[k].loss);
        CHECK(l >= 0);
        CHECK(r[k].optimal == (l == 0));
        loss[mover] += l;
        const i128 secured = to_i128(r[k].secured);
        if (ref) {
            const i128 vb = v[lo][hi];
            const i128 tl = (i128)g->coins[lo] - v[lo + 1][hi];
            const i128 tr = (i128)g->coins[hi - 1] - v[lo][hi - 1];
            const i128 chosen = side == COINLINE_SIDE_LEFT ? tl : tr;
            const i128 left = sum - p[0] - p[1];
            CHECK(secured == p[mover] + (left + vb) / 2);
            CHECK(r[k].best ==
                  (tl >= tr ? COINLINE_SIDE_LEFT : COINLINE_SIDE_RIGHT));
            CHECK(l == (vb - chosen) / 2);
        }
        if (side == COINLINE_SIDE_LEFT)
            lo++;
        else
            hi--;
        p[mover] += coin;
        CHECK(to_i128(r[k].p1) == p[0] && to_i128(r[k].p2) == p[1]);
        /* What the mover can still guarantee, and the other gets the rest. */
        const i128 mine = secured - l;
        if (k + 1 < nm)
            CHECK(to_i128(r[k + 1].secured) == sum - mine);
        CHECK(to_i128(r[k].final_margin) ==
              (mover == 0 ? 2 * mine - sum : sum - 2 * mine));
    }
    if (nm == n && n > 0) {
        const i128 start1 = to_i128(r[0].secured);
        CHECK(p[0] == start1 - loss[0] + loss[1]);
        CHECK(p[1] == (sum - start1) - loss[1] + loss[0]);
    }

    /* Lower case moves: the same reviews. */
    if (nm > 0) {
        char *lower = malloc(nm);
        coinline_move_review_t *r2 = malloc(nm * sizeof *r2);
        CHECK(lower != NULL && r2 != NULL);
        for (size_t k = 0; k < nm; k++)
            lower[k] = g->moves[k] == 'L' ? 'l' : 'r';
        CHECK(coinline_analyze(g->coins, n, lower, nm, r2, NULL) == 0);
        for (size_t k = 0; k < nm; k++)
            CHECK(same_review(&r[k], &r2[k]));
        free(r2);
        free(lower);
    }

    /* One move too many. */
    if (nm == n) {
        char *more = malloc(n + 1);
        CHECK(more != NULL);
        memcpy(more, g->moves, n);
        more[n] = 'L';
        memset(&err, 0, sizeof err);
        CHECK(coinline_analyze(g->coins, n, more, n + 1, r, &err) ==
                  COINLINE_EMOVE &&
              err.line == 1 && err.column == n + 1 && err.message[0] != '\0');
        free(more);
    }
    free(r);
}

/* A game under rules other than the classic line's: its positions, and a
 * review of them ending on its totals. */
static void check_rules_game(const coinline_record_t *g)
{
    coinline_rules_t rules;
    size_t count = 0;
    CHECK(coinline_record_rules(g, &rules) == COINLINE_OK);
    CHECK(coinline_record_positions(g, NULL, &count) == COINLINE_OK);
    CHECK(count == g->nmoves + (size_t)(g->circle && g->first > 0));
    uint64_t *q = malloc((count + 1) * sizeof *q);
    coinline_move_review_t *r = malloc((count + 1) * sizeof *r);
    CHECK(q != NULL && r != NULL);
    CHECK(coinline_record_positions(g, q, &count) == COINLINE_OK);
    const int rc =
        coinline_game_analyze(&rules, g->coins, g->n, q, count, r, NULL);
    CHECK(rc == COINLINE_OK || rc == COINLINE_ENOMEM);
    if (rc == COINLINE_OK && count > 0)
        CHECK(to_i128(r[count - 1].p1) == to_i128(g->total[0]) &&
              to_i128(r[count - 1].p2) == to_i128(g->total[1]));
    free(q);
    free(r);
}

static int classic(const coinline_record_t *g)
{
    return !g->circle && g->score == COINLINE_SCORE_TAKEN;
}

/* ---- the target ------------------------------------------------------- */

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    coinline_record_t *games = NULL;
    size_t count = 0;
    coinline_error_t err;
    memset(&err, 0x5a, sizeof err);
    const int rc =
        coinline_record_parse((const char *)data, size, &games, &count, &err);
    if (rc == COINLINE_ENOMEM)
        return 0;
    CHECK(rc == COINLINE_OK || rc == COINLINE_ERECORD);
    if (rc == COINLINE_ERECORD) {
        CHECK(memchr(err.message, '\0', sizeof err.message) != NULL);
        CHECK(err.message[0] != '\0');
        if (err.line == 0) {
            CHECK(err.column == 0);
        } else {
            const uint8_t *line;
            size_t len;
            CHECK(err.line <= count_lines(data, size));
            CHECK(find_line(data, size, err.line, &line, &len));
            CHECK(err.column >= 1 && err.column <= (uint64_t)len + 1);
        }
        /* err NULL: the same code. */
        CHECK(coinline_record_parse((const char *)data, size, &games, &count,
                                    NULL) == COINLINE_ERECORD);
        return 0;
    }
    CHECK((count == 0) == (games == NULL));

    uint64_t prev_line = 0;
    int cr_at_end = 0, all_classic = 1;
    for (size_t i = 0; i < count; i++) {
        all_classic &= classic(&games[i]);
        if (!classic(&games[i])) {
            check_rules_game(&games[i]);
            continue;
        }
        check_game(data, size, &games[i], prev_line);
        prev_line = games[i].line;
        cr_at_end |= ends_with_cr(games[i].name[0]) ||
                     ends_with_cr(games[i].name[1]) ||
                     ends_with_cr(games[i].verdict);
        analyze_game(&games[i]);
    }

    /* Written back and read again: the same games. Not when a name or a
     * verdict ends with a CR (the line end would swallow it) or the input
     * holds a NUL byte (names and verdicts are C strings: one cut at a NUL
     * may read differently). */
    if (all_classic && !cr_at_end && memchr(data, '\0', size) == NULL) {
        buf_t b = {NULL, 0, 0};
        coinline_record_t *again = NULL;
        size_t count2 = 0;
        write_games(&b, games, count);
        const int rc2 =
            coinline_record_parse(b.s, b.len, &again, &count2, NULL);
        CHECK(rc2 == COINLINE_OK || rc2 == COINLINE_ENOMEM);
        if (rc2 == COINLINE_OK) {
            CHECK(count2 == count);
            for (size_t i = 0; i < count; i++) {
                const coinline_record_t *x = &games[i], *y = &again[i];
                CHECK(x->number == y->number && x->n == y->n &&
                      x->nmoves == y->nmoves && y->has_totals == 1 &&
                      x->forfeit_seat == y->forfeit_seat);
                CHECK(x->n == 0 ||
                      memcmp(x->coins, y->coins, x->n * sizeof *x->coins) == 0);
                CHECK(strcmp(x->moves, y->moves) == 0);
                CHECK(to_i128(x->total[0]) == to_i128(y->total[0]) &&
                      to_i128(x->total[1]) == to_i128(y->total[1]));
                CHECK(same_str(x->name[0], y->name[0]) &&
                      same_str(x->name[1], y->name[1]) &&
                      same_str(x->verdict, y->verdict));
            }
            coinline_record_free(again, count2);
        }
        free(b.s);
    }
    coinline_record_free(games, count);
    return 0;
}
