/* SPDX-License-Identifier: MIT */
/*
 * fuzz_reader - the text reader and coinline_row_parse() on arbitrary bytes.
 *
 * The whole input is handed to coinline_reader_from_memory() and every game
 * is read, mixing coinline_reader_read_game() with next_game() and
 * next_coin() or next_coins() (sometimes leaving a game half read), as
 * decided by a small generator seeded from the first byte. Checked on every
 * input:
 *   - return codes are in the documented set (a memory reader cannot fail
 *     with COINLINE_EIO, and valid arguments never give COINLINE_EINVAL);
 *   - a failed reader reports a position (line >= 1, column >= 1, within
 *     the input) and a non-empty message, and every later call fails too;
 *   - a game read completely has exactly the announced number of coins;
 *   - each game read is solved: linear == stream, and == dp for n <= 200;
 *   - readers over the same bytes through a FILE (fmemopen) and a file
 *     descriptor (a pipe; a socket of packets, so that each read(2) gets a
 *     few bytes and tokens are cut between refills) give the same games,
 *     code, position and message.
 * When the input is plain enough that the format leaves no doubt (see
 * ref_reader()), an independent parser written here must agree with the
 * reader on every game, every coin, the final code and the error position,
 * and coinline_reader_last_token() must give the position of the count or
 * coin just read.
 *
 * A reader that splits each game it can (coinline_reader_split(), after 0
 * to 3 coins, min_bytes 0), reads both parts with next_coin(s) and joins
 * them (coinline_reader_join(); on no join it goes on from the cut) must
 * give exactly what a plain reader gives: the same counts, coins and later
 * games, the same last token after each game, and the same end or error
 * (code, line, column, message). A join must only be taken when both parts
 * read clean.
 *
 * coinline_row_parse() gets a NUL-terminated copy of the same bytes, with
 * the same kind of checks and reference. Both references skip a UTF-8
 * byte-order mark at the very start and count columns from after it, as
 * the library does.
 *
 * Every input is read at one level of the reader's fast path (lib/scan.c),
 * forced through COINLINE_SIMD and chosen by the input's length, so the
 * checks above hold at each level (one the processor lacks falls back to
 * the best below it).
 *
 * Any violation calls abort().
 *
 * Built with -DFUZZ_ANY_OPTIMAL_MOVE, results that differ only in
 * first_move are accepted (see fuzz_solvers.c). Never the default.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "coinline.h"
#include "fuzz_common.h"

#define DP_MAX_N 200
#define NAME     "fuzz"

/* ---- solving what was read ------------------------------------------- */

static void solve_game(const int64_t *coins, size_t n)
{
    coinline_result_t lin, other;
    CHECK(coinline_solve(coins, n, COINLINE_ALGO_LINEAR, &lin) == 0);

    i128 sum = 0;
    for (size_t i = 0; i < n; i++)
        sum += coins[i];
    CHECK(lin.n == n);
    CHECK(to_i128(lin.sum) == sum);
    CHECK(to_i128(lin.p1) + to_i128(lin.p2) == sum);
    CHECK(to_i128(lin.p1) - to_i128(lin.p2) == to_i128(lin.margin));
    i128 m = to_i128(lin.margin);
    CHECK(lin.winner == (m > 0   ? COINLINE_WINNER_FIRST
                         : m < 0 ? COINLINE_WINNER_SECOND
                                 : COINLINE_WINNER_DRAW));
    CHECK((n == 0) == (lin.first_move == COINLINE_SIDE_NONE));

    if (n <= DP_MAX_N) {
        CHECK(coinline_solve(coins, n, COINLINE_ALGO_DP, &other) == 0);
        CHECK(same_result(&lin, &other));
    }

    coinline_stream_t *s = NULL;
    CHECK(coinline_stream_new(&s) == 0 && s != NULL);
    CHECK(coinline_stream_push_many(s, coins, n) == 0);
    CHECK(coinline_stream_result(s, &other) == 0);
    CHECK(same_result(&lin, &other));
    coinline_stream_free(s);
}

/* ---- reference parser for plain inputs ------------------------------- */

typedef struct {
    uint64_t line, column;
} pos_t;

typedef struct {
    int plain;        /* 0: the input is outside what the reference knows */
    size_t ngames;    /* complete games before the end or the error */
    uint64_t *counts; /* counts[g] */
    size_t *first;    /* coins of game g are coins[first[g] .. +counts[g]) */
    int64_t *coins;
    pos_t *count_pos; /* where the count of game g starts */
    pos_t *coin_pos;  /* where coins[k] starts */
    int code;         /* 0 (clean end) or the expected error */
    int alt_code;     /* another acceptable code (or the same) */
    int has_pos;      /* 1 when line/column of the error are known */
    uint64_t line;    /* of the offending token */
    uint64_t column;
    size_t err_game;   /* the game in which the error occurs */
    int err_in_coins;  /* the error game's count was read: counts[err_game]
                        * and its coins before the error are known */
    size_t err_ncoins; /* coins of the error game before the error */
} ref_t;

typedef struct {
    const uint8_t *start;
    size_t len;
    uint64_t line, column;
    size_t offset;
} token_t;

typedef struct {
    const uint8_t *p;
    size_t size, i;
    uint64_t line, column;
    int comments; /* '#' starts a comment (reader) or is a plain byte */
    int commas;   /* ',' separates values (parse_row) */
    int plain;
    int bad_sep;   /* parse_row: a separator run had 2+ commas / edge comma */
    size_t origin; /* where the text starts: after a byte-order mark */
} lexer_t;

/* 3 when p starts with a UTF-8 byte-order mark, which both readers skip
 * (columns count from after it), else 0. */
static size_t bom_len(const uint8_t *p, size_t size)
{
    return size >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF ? 3 : 0;
}

static int is_ws(uint8_t ch)
{
    return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r';
}

static void advance(lexer_t *lx)
{
    if (lx->p[lx->i] == '\n') {
        lx->line++;
        lx->column = 1;
    } else {
        lx->column++;
    }
    lx->i++;
}

/* The next token, or 0 at the end. Marks the input not plain where the
 * format could be read two ways. */
static int next_token(lexer_t *lx, token_t *t)
{
    size_t commas = 0;
    int at_start = lx->i == lx->origin;
    for (;;) {
        if (lx->i >= lx->size) {
            if (lx->commas && commas > 0)
                lx->bad_sep = 1; /* trailing comma */
            return 0;
        }
        uint8_t ch = lx->p[lx->i];
        if (is_ws(ch)) {
            advance(lx);
        } else if (lx->commas && ch == ',') {
            commas++;
            advance(lx);
        } else if (lx->comments && ch == '#') {
            while (lx->i < lx->size && lx->p[lx->i] != '\n') {
                /* a lone CR might or might not end the comment */
                if (lx->p[lx->i] == '\r' &&
                    (lx->i + 1 >= lx->size || lx->p[lx->i + 1] != '\n'))
                    lx->plain = 0;
                advance(lx);
            }
        } else {
            break;
        }
    }
    if (lx->commas && (commas > 1 || (commas == 1 && at_start)))
        lx->bad_sep = 1;
    t->start = lx->p + lx->i;
    t->offset = lx->i;
    t->line = lx->line;
    t->column = lx->column;
    while (lx->i < lx->size) {
        uint8_t ch = lx->p[lx->i];
        if (is_ws(ch) || (lx->commas && ch == ','))
            break;
        if (ch < 0x21 || ch > 0x7e)
            lx->plain = 0; /* control bytes, NUL, \v, \f, non-ASCII */
        if (ch == '#' && lx->comments)
            lx->plain = 0; /* '#' inside a token */
        advance(lx);
    }
    t->len = (size_t)(lx->p + lx->i - t->start);
    return 1;
}

enum { TOK_INT, TOK_RANGE, TOK_SYNTAX, TOK_UNSURE };

/* Classifies a token as an int64 (*v), out of range, or not an integer. */
static int classify(const token_t *t, int64_t *v, int *negative)
{
    size_t k = 0;
    int neg = 0;
    if (t->len > 0 && (t->start[0] == '+' || t->start[0] == '-')) {
        neg = t->start[0] == '-';
        k = 1;
    }
    *negative = neg;
    size_t digits = 0, run = 0, maxrun = 0;
    int only_digits = k < t->len;
    for (size_t j = k; j < t->len; j++) {
        if (t->start[j] >= '0' && t->start[j] <= '9') {
            digits++;
            if (++run > maxrun)
                maxrun = run;
        } else {
            only_digits = 0;
            run = 0;
        }
    }
    (void)digits;
    if (!only_digits)
        return maxrun > 18 ? TOK_UNSURE : TOK_SYNTAX;
    uint64_t mag = 0;
    const uint64_t limit = neg ? (uint64_t)INT64_MAX + 1 : (uint64_t)INT64_MAX;
    for (size_t j = k; j < t->len; j++) {
        unsigned d = (unsigned)(t->start[j] - '0');
        if (mag > (limit - d) / 10)
            return TOK_RANGE;
        mag = mag * 10 + d;
    }
    if (neg)
        *v = mag == (uint64_t)INT64_MAX + 1 ? INT64_MIN : -(int64_t)mag;
    else
        *v = (int64_t)mag;
    return TOK_INT;
}

static void ref_error(ref_t *ref, int code, int alt, const token_t *t)
{
    ref->code = code;
    ref->alt_code = alt;
    ref->has_pos = t != NULL;
    if (t) {
        ref->line = t->line;
        ref->column = t->column;
    }
}

/* The games of the classic format as this file reads them. */
static void ref_reader(const uint8_t *p, size_t size, ref_t *ref)
{
    lexer_t lx = {p, size, 0, 1, 1, 1, 0, 1, 0, 0};
    token_t t;
    lx.i = lx.origin = bom_len(p, size);
    size_t ncoins = 0;
    memset(ref, 0, sizeof *ref);
    ref->counts = malloc((size + 1) * sizeof *ref->counts);
    ref->first = malloc((size + 1) * sizeof *ref->first);
    ref->coins = malloc((size + 1) * sizeof *ref->coins);
    ref->count_pos = malloc((size + 1) * sizeof *ref->count_pos);
    ref->coin_pos = malloc((size + 1) * sizeof *ref->coin_pos);
    CHECK(ref->counts && ref->first && ref->coins && ref->count_pos &&
          ref->coin_pos);
    for (;;) {
        ref->err_game = ref->ngames;
        if (!next_token(&lx, &t))
            break; /* clean end */
        int64_t v = 0;
        int neg = 0;
        int kind = classify(&t, &v, &neg);
        if (kind == TOK_UNSURE || (kind == TOK_INT && neg && v == 0)) {
            lx.plain = 0;
            break;
        }
        if (kind == TOK_SYNTAX) {
            ref_error(ref, COINLINE_ESYNTAX, COINLINE_ESYNTAX, &t);
            break;
        }
        if (kind == TOK_RANGE) {
            ref_error(ref, COINLINE_ECOUNT, COINLINE_ERANGE, &t);
            break;
        }
        if (v < 0 || (uint64_t)v > COINLINE_MAX_COUNT) {
            ref_error(ref, COINLINE_ECOUNT, COINLINE_ECOUNT, &t);
            break;
        }
        uint64_t count = (uint64_t)v, got = 0;
        ref->count_pos[ref->ngames].line = t.line;
        ref->count_pos[ref->ngames].column = t.column;
        size_t first = ncoins;
        for (; got < count; got++) {
            if (!next_token(&lx, &t)) {
                ref_error(ref, COINLINE_ETRUNC, COINLINE_ETRUNC, NULL);
                break;
            }
            kind = classify(&t, &v, &neg);
            if (kind == TOK_UNSURE) {
                lx.plain = 0;
                break;
            }
            if (kind != TOK_INT) {
                int code =
                    kind == TOK_RANGE ? COINLINE_ERANGE : COINLINE_ESYNTAX;
                ref_error(ref, code, code, &t);
                break;
            }
            CHECK(ncoins <= size);
            ref->coin_pos[ncoins].line = t.line;
            ref->coin_pos[ncoins].column = t.column;
            ref->coins[ncoins++] = v;
        }
        if (!lx.plain)
            break;
        if (got < count) {
            ref->counts[ref->ngames] = count;
            ref->first[ref->ngames] = first;
            ref->err_in_coins = 1;
            ref->err_ncoins = ncoins - first;
            break;
        }
        ref->counts[ref->ngames] = count;
        ref->first[ref->ngames] = first;
        ref->ngames++;
    }
    ref->plain = lx.plain;
}

static void ref_free(ref_t *ref)
{
    free(ref->counts);
    free(ref->first);
    free(ref->coins);
    free(ref->count_pos);
    free(ref->coin_pos);
}

/* ---- driving the reader ---------------------------------------------- */

static uint32_t rng_next(uint32_t *s)
{
    *s = *s * 1103515245u + 12345u;
    return *s >> 16;
}

static int is_input_error(int rc)
{
    return rc == COINLINE_ESYNTAX || rc == COINLINE_ERANGE ||
           rc == COINLINE_ECOUNT || rc == COINLINE_ETRUNC ||
           rc == COINLINE_ENOMEM;
}

static int is_documented(int rc)
{
    return is_input_error(rc) || rc == COINLINE_EIO || rc == COINLINE_EINVAL;
}

static void check_where(coinline_reader_t *r, const uint8_t *data, size_t size,
                        uint64_t *line, uint64_t *column)
{
    coinline_error_t w;
    memset(&w, 0, sizeof w);
    CHECK(coinline_reader_error(r, &w) == 0);
    CHECK(strcmp(coinline_reader_name(r), NAME) == 0);
    CHECK(w.message[0] != '\0');
    CHECK(w.line >= 1 && w.column >= 1);
    /* The position lies within the input (or just past its end). */
    uint64_t breaks = 0;
    for (size_t i = 0; i < size; i++)
        breaks += data[i] == '\n' || data[i] == '\r';
    CHECK(w.line <= breaks + 1);
    CHECK(w.column <= (uint64_t)size + 1);
    if (line)
        *line = w.line;
    if (column)
        *column = w.column;
}

/* After an error every call fails and the position stays available. */
static void check_stays_failed(coinline_reader_t *r, const uint8_t *data,
                               size_t size)
{
    uint64_t count = 12345;
    int64_t coin = 0;
    int64_t *coins = (int64_t *)&coin;
    size_t n = 99;
    int rc;
    rc = coinline_reader_next_game(r, &count);
    CHECK(rc < 0 && is_documented(rc));
    rc = coinline_reader_next_coin(r, &coin);
    CHECK(rc < 0 && is_documented(rc));
    rc = coinline_reader_read_game(r, &coins, &n);
    CHECK(rc < 0 && is_documented(rc));
    CHECK(coins == NULL);
    check_where(r, data, size, NULL, NULL);
}

/* game: the game being read; after a game left half read, the error may
 * belong to the game before (prev_partial), found while skipping. */
static void on_error(coinline_reader_t *r, const uint8_t *data, size_t size,
                     int rc, const ref_t *ref, size_t game, int prev_partial)
{
    CHECK(is_input_error(rc));
    uint64_t line, column;
    check_where(r, data, size, &line, &column);
    if (ref->plain) {
        CHECK(rc == ref->code || rc == ref->alt_code);
        CHECK(game == ref->err_game ||
              (prev_partial && game == ref->err_game + 1));
        if (ref->has_pos) {
            CHECK(line == ref->line);
            CHECK(column == ref->column);
        }
    }
    check_stays_failed(r, data, size);
}

static void on_clean_end(coinline_reader_t *r, const ref_t *ref, size_t game)
{
    coinline_error_t w;
    uint64_t count = 0;
    if (ref->plain) {
        CHECK(ref->code == 0);
        CHECK(game == ref->ngames);
    }
    CHECK(coinline_reader_error(r, &w) == COINLINE_EINVAL);
    CHECK(coinline_reader_next_game(r, &count) == 0);
}

/* last_token() names the start of the token at pos. */
static void check_last_token(coinline_reader_t *r, const pos_t *pos)
{
    coinline_error_t w;
    memset(&w, 0, sizeof w);
    CHECK(coinline_reader_last_token(r, &w) == 0);
    CHECK(strcmp(coinline_reader_name(r), NAME) == 0);
    CHECK(w.message[0] == '\0');
    CHECK(w.line == pos->line);
    CHECK(w.column == pos->column);
}

/* ---- the same bytes through a FILE and a file descriptor ------------- */

typedef struct {
    size_t ngames, ncoins;
    size_t *lens;
    int64_t *coins;
    int rc;
    uint64_t line, column;
    char *message;
} transcript_t;

/* Reads every game with read_game() and records what was seen. */
static void transcript(coinline_reader_t *r, size_t size, transcript_t *t)
{
    memset(t, 0, sizeof *t);
    t->lens = malloc((size + 1) * sizeof *t->lens);
    t->coins = malloc((size + 1) * sizeof *t->coins);
    CHECK(t->lens && t->coins);
    for (;;) {
        int64_t *coins = NULL;
        size_t n = 0;
        t->rc = coinline_reader_read_game(r, &coins, &n);
        if (t->rc <= 0)
            break;
        CHECK(t->ngames <= size && n <= size - t->ncoins);
        t->lens[t->ngames++] = n;
        if (n)
            memcpy(t->coins + t->ncoins, coins, n * sizeof *coins);
        t->ncoins += n;
        free(coins);
    }
    if (t->rc < 0) {
        coinline_error_t w;
        CHECK(coinline_reader_error(r, &w) == 0);
        CHECK(strcmp(coinline_reader_name(r), NAME) == 0);
        t->line = w.line;
        t->column = w.column;
        t->message = strdup(w.message);
        CHECK(t->message != NULL);
    }
}

static void same_transcript(const transcript_t *a, const transcript_t *b)
{
    CHECK(a->rc == b->rc);
    CHECK(a->ngames == b->ngames && a->ncoins == b->ncoins);
    CHECK(a->ngames == 0 ||
          memcmp(a->lens, b->lens, a->ngames * sizeof *a->lens) == 0);
    CHECK(a->ncoins == 0 ||
          memcmp(a->coins, b->coins, a->ncoins * sizeof *a->coins) == 0);
    CHECK(a->line == b->line && a->column == b->column);
    CHECK((a->message == NULL) == (b->message == NULL));
    CHECK(a->message == NULL || strcmp(a->message, b->message) == 0);
}

static void transcript_free(transcript_t *t)
{
    free(t->lens);
    free(t->coins);
    free(t->message);
}

/* Pipes hold at least this much without blocking (POSIX: PIPE_BUF at
 * least 512; Linux: 64 KiB), so the writer never waits for the reader. */
#define PIPE_MAX 16384

static void fuzz_file_readers(const uint8_t *data, size_t size)
{
    transcript_t mem, other;
    coinline_reader_t *r = NULL;
    CHECK(coinline_reader_from_memory((const char *)data, size, NAME, &r) == 0);
    transcript(r, size, &mem);
    coinline_reader_free(r);

    /* stdio over the same bytes (fmemopen may refuse an empty buffer) */
    FILE *fp = size ? fmemopen((void *)data, size, "r") : NULL;
    if (fp != NULL) {
        r = NULL;
        CHECK(coinline_reader_from_file(fp, NAME, &r) == 0 && r != NULL);
        transcript(r, size, &other);
        coinline_reader_free(r);
        fclose(fp);
        same_transcript(&mem, &other);
        transcript_free(&other);
    }

    /* read(2) on a pipe holding the bytes */
    int fds[2];
    if (size <= PIPE_MAX && pipe(fds) == 0) {
        size_t done = 0;
        while (done < size) {
            ssize_t k = write(fds[1], data + done, size - done);
            CHECK(k > 0);
            done += (size_t)k;
        }
        close(fds[1]);
        r = NULL;
        CHECK(coinline_reader_from_fd(fds[0], NAME, &r) == 0 && r != NULL);
        transcript(r, size, &other);
        coinline_reader_free(r);
        close(fds[0]);
        same_transcript(&mem, &other);
        transcript_free(&other);
    }

    /* read(2) on a packet socket: each read returns one packet of 1 to 24
     * bytes (the first 64 packets, then the rest in one). */
    int sv[2];
    if (size > 0 && size <= PIPE_MAX &&
        socketpair(AF_UNIX, SOCK_SEQPACKET, 0, sv) == 0) {
        uint32_t rng = (uint32_t)size * 2654435761u + data[size - 1];
        size_t done = 0;
        for (int packets = 0; done < size; packets++) {
            size_t len = size - done;
            if (packets < 64 && len > 1) {
                size_t k = 1 + rng_next(&rng) % 24;
                if (k < len)
                    len = k;
            }
            ssize_t k = write(sv[0], data + done, len);
            CHECK(k == (ssize_t)len);
            done += len;
        }
        close(sv[0]);
        r = NULL;
        CHECK(coinline_reader_from_fd(sv[1], NAME, &r) == 0 && r != NULL);
        transcript(r, size, &other);
        coinline_reader_free(r);
        close(sv[1]);
        same_transcript(&mem, &other);
        transcript_free(&other);
    }
    transcript_free(&mem);
}

static void fuzz_reader(const uint8_t *data, size_t size)
{
    ref_t ref;
    ref_reader(data, size, &ref);

    coinline_reader_t *r = NULL;
    CHECK(coinline_reader_from_memory((const char *)data, size, NAME, &r) == 0);
    CHECK(r != NULL);
    CHECK(coinline_reader_game_index(r) == 0);
    coinline_error_t w;
    CHECK(coinline_reader_error(r, &w) == COINLINE_EINVAL);
    CHECK(coinline_reader_error(r, NULL) == COINLINE_EINVAL);
    CHECK(coinline_reader_error(NULL, &w) == COINLINE_EINVAL);
    CHECK(coinline_reader_last_token(r, &w) == COINLINE_EINVAL);

    uint32_t rng = size ? data[0] : 0;
    /* Every game needs at least one byte: more games means a loop. */
    size_t max_games = size + 1;
    int64_t *buf = malloc((size + 16) * sizeof *buf);
    CHECK(buf != NULL);

    int prev_partial = 0;
    for (size_t game = 0;; game++) {
        CHECK(game <= max_games);
        uint32_t how = rng_next(&rng) % 4;
        if (how < 2) {
            int64_t *coins = (int64_t *)&how;
            size_t n = 7;
            int rc = coinline_reader_read_game(r, &coins, &n);
            if (rc == 0) {
                on_clean_end(r, &ref, game);
                break;
            }
            if (rc < 0) {
                CHECK(coins == NULL);
                on_error(r, data, size, rc, &ref, game, prev_partial);
                break;
            }
            CHECK(rc == 1);
            CHECK(coinline_reader_game_index(r) == game + 1);
            CHECK((n == 0) == (coins == NULL));
            if (ref.plain) {
                CHECK(game < ref.ngames);
                CHECK(n == ref.counts[game]);
                CHECK(n == 0 || memcmp(coins, ref.coins + ref.first[game],
                                       n * sizeof *coins) == 0);
                check_last_token(r, n ? &ref.coin_pos[ref.first[game] + n - 1]
                                      : &ref.count_pos[game]);
            }
            solve_game(coins, n);
            free(coins);
            prev_partial = 0;
            continue;
        }

        uint64_t count = UINT64_MAX;
        int rc = coinline_reader_next_game(r, &count);
        if (rc == 0) {
            on_clean_end(r, &ref, game);
            break;
        }
        if (rc < 0) {
            on_error(r, data, size, rc, &ref, game, prev_partial);
            break;
        }
        CHECK(rc == 1);
        CHECK(count <= COINLINE_MAX_COUNT);
        CHECK(coinline_reader_game_index(r) == game + 1);
        if (ref.plain) {
            CHECK(game < ref.ngames ||
                  (game == ref.err_game && ref.err_in_coins));
            CHECK(count == ref.counts[game]);
            check_last_token(r, &ref.count_pos[game]);
        }
        /* how == 3: stop after a few coins and let next_game() skip. */
        uint64_t stop = how == 3 ? rng_next(&rng) % 4 : UINT64_MAX;
        /* coin by coin, or in batches of 1 to 8 with next_coins() */
        int batch = (rng_next(&rng) & 1) != 0;
        size_t n = 0;
        for (;;) {
            if (n == stop)
                break;
            if (batch) {
                size_t want = 1 + rng_next(&rng) % 8;
                if (stop != UINT64_MAX && want > stop - n)
                    want = (size_t)(stop - n);
                size_t got = SIZE_MAX;
                rc = coinline_reader_next_coins(r, buf + n, want, &got);
                CHECK(got <= want);
                CHECK(rc != 1 || got > 0);
                CHECK(rc != 0 || got == 0);
                n += got;
                CHECK(n <= size); /* every coin takes at least one byte */
                if (rc != 1)
                    break;
            } else {
                int64_t coin;
                rc = coinline_reader_next_coin(r, &coin);
                if (rc != 1)
                    break;
                CHECK(n < size);
                buf[n++] = coin;
            }
        }
        if (ref.plain && n > 0) {
            /* the coins read, also those before an error */
            CHECK(game < ref.ngames || n <= ref.err_ncoins);
            CHECK(memcmp(buf, ref.coins + ref.first[game], n * sizeof *buf) ==
                  0);
        }
        if (rc < 0) {
            on_error(r, data, size, rc, &ref, game, 0);
            break;
        }
        if (ref.plain)
            check_last_token(r, n ? &ref.coin_pos[ref.first[game] + n - 1]
                                  : &ref.count_pos[game]);
        if (rc == 0) {
            /* the game is over: exactly the announced count */
            CHECK(n == count);
            int64_t coin;
            CHECK(coinline_reader_next_coin(r, &coin) == 0);
            solve_game(buf, n);
        } else {
            CHECK(n == stop && n <= count);
        }
        prev_partial = rc == 1 && n < count;
    }

    free(buf);
    coinline_reader_free(r);
    ref_free(&ref);
}

/* ---- a game read in two parts: split and join ------------------------- */

/* The same error (code, place, message) on both readers, or the same last
 * token (place), as the plain reader says. */
static void same_place(coinline_reader_t *a, coinline_reader_t *b, int last)
{
    coinline_error_t x, y;
    memset(&x, 0, sizeof x);
    memset(&y, 0, sizeof y);
    int ra =
        last ? coinline_reader_last_token(a, &x) : coinline_reader_error(a, &x);
    int rb =
        last ? coinline_reader_last_token(b, &y) : coinline_reader_error(b, &y);
    CHECK(ra == rb);
    CHECK(x.line == y.line && x.column == y.column);
    CHECK(strcmp(x.message, y.message) == 0);
}

/* Reads the rest of r's game into buf[*n..cap) with next_coins() in
 * batches of 1 to 8 (or next_coin()) until it returns 0 or less. */
static int read_part(coinline_reader_t *r, int64_t *buf, size_t *n, size_t cap,
                     uint32_t *rng)
{
    for (;;) {
        size_t want = 1 + rng_next(rng) % 8, got = SIZE_MAX;
        int rc;
        if (want > cap - *n)
            want = cap - *n;
        CHECK(want > 0); /* every coin takes at least one byte */
        if (rng_next(rng) % 4 == 0) {
            rc = coinline_reader_next_coin(r, &buf[*n]);
            got = rc == 1;
        } else {
            rc = coinline_reader_next_coins(r, buf + *n, want, &got);
            CHECK(got <= want);
        }
        CHECK(rc <= 1 && (rc != 1 || got > 0));
        *n += got;
        if (rc != 1)
            return rc;
    }
}

static void fuzz_split(const uint8_t *data, size_t size)
{
    coinline_reader_t *p = NULL, *s = NULL;
    CHECK(coinline_reader_from_memory((const char *)data, size, NAME, &p) == 0);
    CHECK(coinline_reader_from_memory((const char *)data, size, NAME, &s) == 0);
    const size_t cap = size + 16;
    int64_t *bp = malloc(cap * sizeof *bp);
    int64_t *bs = malloc(cap * sizeof *bs);
    int64_t *bt = malloc(cap * sizeof *bt);
    CHECK(bp && bs && bt);
    uint32_t rng = (uint32_t)size * 2246822519u + (size ? data[size / 2] : 7);

    for (size_t game = 0;; game++) {
        CHECK(game <= size + 1);
        uint64_t cp = 1, cs = 2;
        int rp = coinline_reader_next_game(p, &cp);
        int rs = coinline_reader_next_game(s, &cs);
        CHECK(rp == rs);
        CHECK(coinline_reader_game_index(p) == coinline_reader_game_index(s));
        if (rp < 0) {
            same_place(p, s, 0);
            break;
        }
        if (rp == 0)
            break;
        CHECK(cp == cs);
        same_place(p, s, 1);

        size_t np = 0, ns = 0, nt = 0;
        int rcp = read_part(p, bp, &np, cap, &rng);

        /* game 1 is split right after its count (the seeds aim at that
         * cut); later games after 0 to 3 coins */
        int rcs = 1;
        for (uint32_t pre = game == 0 ? 0 : rng_next(&rng) % 4;
             pre > 0 && rcs == 1; pre--) {
            rcs = coinline_reader_next_coin(s, &bs[ns]);
            ns += rcs == 1;
        }
        if (rcs == 1) {
            coinline_reader_t *tail = NULL;
            CHECK(coinline_reader_split(s, 0, &tail) == 0);
            if (tail == NULL) {
                rcs = read_part(s, bs, &ns, cap, &rng);
            } else {
                uint64_t count;
                CHECK(coinline_reader_next_game(s, &count) == COINLINE_EINVAL);
                int ra, rb;
                if (rng_next(&rng) & 1) {
                    ra = read_part(s, bs, &ns, cap, &rng);
                    rb = read_part(tail, bt, &nt, cap, &rng);
                } else {
                    rb = read_part(tail, bt, &nt, cap, &rng);
                    ra = read_part(s, bs, &ns, cap, &rng);
                }
                int joined = 7;
                int rj = coinline_reader_join(s, tail, &joined);
                CHECK(joined == 0 || joined == 1);
                if (joined) {
                    /* only parts read clean are joined */
                    CHECK(rj == 0 && ra == 0 && rb == 0);
                    CHECK(ns + nt <= cap);
                    if (nt)
                        memcpy(bs + ns, bt, nt * sizeof *bt);
                    ns += nt;
                    int64_t coin;
                    CHECK(coinline_reader_next_coin(s, &coin) == 0);
                    rcs = 0;
                } else if (rj < 0) {
                    CHECK(rj == ra); /* s's own error */
                    rcs = rj;
                } else {
                    CHECK(ra >= 0);
                    rcs = read_part(s, bs, &ns, cap, &rng);
                }
            }
        } else if (rcs < 0) {
            coinline_reader_t *tail = (coinline_reader_t *)&tail;
            CHECK(coinline_reader_split(s, 0, &tail) == rcs && tail == NULL);
        }
        CHECK(rcp == rcs);
        CHECK(np == ns);
        CHECK(np == 0 || memcmp(bp, bs, np * sizeof *bp) == 0);
        if (rcp < 0) {
            same_place(p, s, 0);
            same_place(p, s, 1);
            break;
        }
        same_place(p, s, 1);
    }
    free(bp);
    free(bs);
    free(bt);
    coinline_reader_free(p);
    coinline_reader_free(s);
}

/* ---- coinline_row_parse() -------------------------------------------- */

static void fuzz_parse_row(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    CHECK(text != NULL);
    if (size)
        memcpy(text, data, size);
    text[size] = '\0';
    size_t len = strlen(text);

    int64_t *coins = (int64_t *)&len;
    size_t n = 12345;
    coinline_error_t err;
    memset(&err, 0x5a, sizeof err);
    int rc = coinline_row_parse(text, &coins, &n, &err);

    /* Reference on the text up to its NUL. */
    lexer_t lx = {(const uint8_t *)text, len, 0, 1, 1, 0, 1, 1, 0, 0};
    lx.i = lx.origin = bom_len(lx.p, len);
    token_t t;
    int64_t *want = malloc((len + 1) * sizeof *want);
    CHECK(want != NULL);
    size_t nwant = 0;
    int want_rc = 0;
    size_t want_off = 0;
    while (next_token(&lx, &t)) {
        int64_t v = 0;
        int neg;
        int kind = classify(&t, &v, &neg);
        if (kind == TOK_UNSURE) {
            lx.plain = 0;
            break;
        }
        if (kind != TOK_INT) {
            want_rc = kind == TOK_RANGE ? COINLINE_ERANGE : COINLINE_ESYNTAX;
            want_off = t.offset - lx.origin;
            break;
        }
        want[nwant++] = v;
    }
    /* Only plain text of digits, signs, whitespace and commas. */
    for (size_t i = lx.origin; i < len; i++) {
        char ch = text[i];
        if (!(ch == '+' || ch == '-' || ch == ',' || (ch >= '0' && ch <= '9') ||
              is_ws((uint8_t)ch)))
            lx.plain = 0;
    }
    if (lx.bad_sep)
        lx.plain = 0;
    if (nwant == 0 && want_rc == 0)
        lx.plain = 0; /* an empty row may be refused or accepted */

    if (rc == 0) {
        CHECK((n == 0) == (coins == NULL));
        CHECK(n <= len);
        if (lx.plain) {
            CHECK(want_rc == 0);
            CHECK(n == nwant);
            CHECK(memcmp(coins, want, n * sizeof *coins) == 0);
        }
        solve_game(coins, n);
        free(coins);
    } else {
        CHECK(rc == COINLINE_ESYNTAX || rc == COINLINE_ERANGE ||
              rc == COINLINE_ENOMEM ||
              (rc == COINLINE_EINVAL && nwant == 0 && want_rc == 0));
        if (rc == COINLINE_ESYNTAX || rc == COINLINE_ERANGE) {
            /* line 1, the column of the token, and a message */
            CHECK(err.line == 1 && err.column >= 1 && err.column - 1 <= len);
            CHECK(memchr(err.message, '\0', sizeof err.message) != NULL);
            CHECK(err.message[0] != '\0');
        }
        if (lx.plain) {
            CHECK(rc == want_rc);
            CHECK(err.column - 1 == want_off);
        }
    }
    free(want);
    free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *const levels[] = {"scalar", "swar", "sse", "avx2",
                                         "avx512"};
    setenv("COINLINE_SIMD", levels[size % 5], 1);
    fuzz_reader(data, size);
    fuzz_file_readers(data, size);
    fuzz_split(data, size);
    fuzz_parse_row(data, size);
    return 0;
}
