/* SPDX-License-Identifier: MIT */
/*
 * reader.c - the classic text format: games of "N a1 ... aN", any
 * whitespace between tokens, '#' comments to the end of a line.
 *
 * The reader keeps a window on the input (a 256 KiB buffer filled by
 * fread(), read(2), or pread(2) for a regular file, or the caller's bytes
 * for memory) and parses integers in place. A regular file is not mapped:
 * on the machines measured, the page faults of a mapping cost more than
 * read(2)'s copy into a buffer that stays in the cache (0.11 against
 * 0.04 s for 99 MB). A token cut by the end of the buffer is moved to
 * the front before the next read, so it is contiguous when an error message
 * quotes it.
 *
 * Speed. The common token (an optional '-', 1 to 19 digits, a white-space
 * byte after) is read by a fast path, eight digits at a time (SWAR: one
 * 64-bit load, a mask for the first non-digit, three multiplications to
 * combine the digits), batch by batch in coinline_reader_next_coins();
 * a long batch goes first to the block tokenizer (scan.c: 64 bytes
 * classified at once by SIMD compares, each token's value made on its
 * own), at the level chosen when the reader is made (COINLINE_SIMD forces
 * one for the tests and the bench).
 * Lines are not counted as bytes go by: only offsets are kept, and a
 * place is located (line, column) when it is asked for, by counting the
 * newlines since the last place located (cl_scan_lines(): 64 bytes at a
 * time by SIMD masks, or memchr() at the scalar and SWAR levels). Before a
 * refill drops bytes, they are counted, so every position stays exact.
 *
 * Two threads. A reader over memory or a regular file can hand the second
 * half of a long game to another reader (coinline_reader_split()): it is
 * cut at a white-space byte near the middle; each part is read on its own
 * (on a file, with pread(2) into its own buffer), and coinline_reader_join()
 * accepts the tail only if the first part ended outside a comment, the tail
 * read clean to the end of the input, and the coins add up to the count. Any
 * doubt and the first reader simply goes on from the cut, so errors and
 * answers are exactly those of one reader.
 *
 * A UTF-8 byte-order mark (EF BB BF) at the very start of the input is
 * skipped, and line 1 starts after it: columns are those of the text an
 * editor shows. Anywhere else those bytes are a bad token, as before.
 *
 * Games of several rows ("rows K", then K rows, each a count and its
 * coins) are read by the same machinery: a row is read as a game is, its
 * count in count and left, so the coin paths do not know rows exist. Only
 * the starts differ (start_game() knows the word "rows", next_row() reads
 * a row's count), and fail() adds the row to the errors met inside one.
 *
 * Nothing is ever allocated by a count read from the input: a count only
 * says how many coins to expect, and read_game grows its array as coins
 * arrive.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "coinline.h"
#include "compiler.h"
#include "grow.h"
#include "scan.h"

#define READER_BUFSIZE ((size_t)256 * 1024)
#define QUOTE_MAX      40

struct coinline_reader {
    FILE *fp;            /* a stdio reader's stream, or NULL */
    int fd;              /* a descriptor reader's fd, or -1 */
    char *buf;           /* owned buffer (file readers) */
    int use_pread;       /* fd is a regular file, read with pread(2) at pos */
    uint64_t pos;        /* its next offset to read */
    uint64_t limit;      /* ... and the offset not to read past */
    const char *win;     /* window start: buf or the caller's bytes */
    const char *p, *end; /* next byte to read, end of the window */
    const char *tok;     /* start of the token being read, or NULL */
    int eof;             /* nothing more after end */
    int started;         /* the start was checked for a byte-order mark */
    uint64_t base;       /* input offset of win[0] */
    uint64_t nl_off;     /* newlines are counted up to this offset */
    uint64_t line;       /* the line of nl_off, 1-based */
    uint64_t line_start; /* input offset where that line starts */
    uint64_t game;       /* 1-based index of the current game */
    uint64_t count;      /* coins announced for the current game */
    uint64_t left;       /* coins of the current game not read yet */
    uint64_t tok_off;    /* input offset of the last token, if have_tok */
    int have_tok;        /* a token was read */
    int tok_fixed;       /* tok_line and tok_column hold its place */
    uint64_t tok_line, tok_column; /* set when a refill dropped the token */
    int comment_open; /* the next skip_space() starts in a comment */
    /* A split (coinline_reader_split()), on the first part's reader: */
    int split;            /* r is split: it reads up to the cut */
    uint64_t cut_off;     /* the input offset of the cut */
    int cut_in_window;    /* the cut was in the window: end was moved */
    const char *full_end; /* ... from here */
    int saved_eof;        /* eof and limit before the split */
    uint64_t saved_limit;
    int cut_in_comment; /* its part ended inside a comment */
    /* ... and on both parts' readers: */
    int quiet_end;          /* the end of the input ends the game quietly */
    int failed;             /* the error code once the reader has failed */
    coinline_error_t error; /* the error, once failed */
    char *name;
    coinline_reader_read_fn_t on_read; /* called before reading the source */
    void *on_read_ctx;
    int scan; /* the fast path's level (scan.h: CL_SCAN_*) */
    /* Games of several rows (coinline_reader_allow_rows()): */
    int allow_rows;      /* "rows K" starts a game */
    uint64_t rows_total; /* K of the current game; 0 in a game of one row */
    uint64_t rows_left;  /* its rows not begun yet */
    int game_open;       /* coinline_reader_read_rows() has not taken it */
};

/* A token: where it starts and, for an integer, its value. */
typedef struct {
    uint64_t off; /* input offset of its first byte */
    int status;   /* COINLINE_OK, COINLINE_ESYNTAX or COINLINE_ERANGE */
    int64_t value;
    char quote[QUOTE_MAX * 4 + 8]; /* the token's text, escaped, for messages */
} token_t;

/* The bytes that separate tokens: 1 for white space, 2 for '#'. */
static const unsigned char delim_class[256] = {
    [' '] = 1,  ['\t'] = 1, ['\n'] = 1, ['\r'] = 1,
    ['\v'] = 1, ['\f'] = 1, ['#'] = 2,
};

static uint64_t offset_of(const coinline_reader_t *r, const char *q)
{
    return r->base + (uint64_t)(q - r->win);
}

/* Counts the newlines from nl_off up to off (>= nl_off, in the window),
 * so that line and line_start are those of off. */
static void count_lines(coinline_reader_t *r, uint64_t off)
{
    const char *const p = r->win + (r->nl_off - r->base);
    size_t after;
    const size_t k =
        off > r->nl_off
            ? cl_scan_lines(r->scan, p, (size_t)(off - r->nl_off), &after)
            : 0;
    if (k > 0) {
        r->line += k;
        r->line_start = offset_of(r, p + after);
    }
    r->nl_off = off;
}

/* Counts the lines up to off (>= nl_off), placing the last token first
 * if the count passes it: its place stays known (tok_fixed). */
static void advance(coinline_reader_t *r, uint64_t off)
{
    if (r->have_tok && !r->tok_fixed && r->tok_off < off) {
        count_lines(r, r->tok_off);
        r->tok_line = r->line;
        r->tok_column = r->tok_off - r->line_start + 1;
        r->tok_fixed = 1;
    }
    count_lines(r, off);
}

/* The line and 1-based column of input offset off: at or after nl_off,
 * or the last token's. */
static void locate(coinline_reader_t *r, uint64_t off, uint64_t *line,
                   uint64_t *column)
{
    if (r->tok_fixed && off == r->tok_off) {
        *line = r->tok_line;
        *column = r->tok_column;
        return;
    }
    if (off > r->nl_off)
        advance(r, off);
    *line = r->line;
    *column = off >= r->line_start ? off - r->line_start + 1 : 1;
}

static int reader_new(const char *name, coinline_reader_t **out)
{
    coinline_reader_t *r = calloc(1, sizeof *r);
    if (r == NULL)
        return COINLINE_ENOMEM;
    r->name = strdup(name);
    if (r->name == NULL) {
        free(r);
        return COINLINE_ENOMEM;
    }
    r->fd = -1;
    r->line = 1;
    r->scan = cl_scan_pick();
    r->limit = UINT64_MAX;
    *out = r;
    return COINLINE_OK;
}

/* A reader with its own buffer, reading from fp or else from fd. */
static int reader_buffered(FILE *fp, int fd, const char *name,
                           coinline_reader_t **out)
{
    coinline_reader_t *r;
    int rc = reader_new(name != NULL ? name : "<stdin>", &r);
    if (rc != COINLINE_OK)
        return rc;
    r->buf = malloc(READER_BUFSIZE);
    if (r->buf == NULL) {
        coinline_reader_free(r);
        return COINLINE_ENOMEM;
    }
    r->fp = fp;
    r->fd = fd;
    r->win = r->p = r->end = r->buf;
    *out = r;
    return COINLINE_OK;
}

int coinline_reader_from_file(FILE *fp, const char *name,
                              coinline_reader_t **out)
{
    if (out != NULL)
        *out = NULL;
    if (fp == NULL || out == NULL)
        return COINLINE_EINVAL;
    return reader_buffered(fp, -1, name, out);
}

/* A reader on a regular file: read with pread(2) from fd's offset on,
 * which then moves to the end at once, as reading it all would (pread lets
 * a second reader take part of the file: coinline_reader_split()).
 * Returns 1 with *out, 0 when fd is not a regular file, or a code. */
static int reader_positioned(int fd, const char *name, coinline_reader_t **out)
{
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode))
        return 0;
    const off_t at = lseek(fd, 0, SEEK_CUR);
    if (at < 0)
        return 0;
    const int rc = reader_buffered(NULL, fd, name, out);
    if (rc != COINLINE_OK)
        return rc;
    (*out)->use_pread = 1;
    (*out)->pos = (*out)->base = (*out)->nl_off = (*out)->line_start =
        (uint64_t)at;
    (void)lseek(fd, st.st_size > at ? st.st_size : at, SEEK_SET);
    return 1;
}

int coinline_reader_from_fd(int fd, const char *name, coinline_reader_t **out)
{
    if (out != NULL)
        *out = NULL;
    if (fd < 0 || out == NULL)
        return COINLINE_EINVAL;
    const int rc = reader_positioned(fd, name, out);
    if (rc != 0)
        return rc == 1 ? COINLINE_OK : rc;
    return reader_buffered(NULL, fd, name, out);
}

int coinline_reader_from_memory(const char *data, size_t len, const char *name,
                                coinline_reader_t **out)
{
    if (out != NULL)
        *out = NULL;
    if ((data == NULL && len > 0) || out == NULL)
        return COINLINE_EINVAL;
    coinline_reader_t *r;
    int rc = reader_new(name != NULL ? name : "<memory>", &r);
    if (rc != COINLINE_OK)
        return rc;
    r->win = r->p = data != NULL ? data : "";
    r->end = r->win + len;
    r->eof = 1;
    *out = r;
    return COINLINE_OK;
}

void coinline_reader_free(coinline_reader_t *r)
{
    if (r == NULL)
        return;
    free(r->buf);
    free(r->name);
    free(r);
}

/* fail()'s place for an error that has none (a read error). */
#define NO_PLACE UINT64_MAX

/* Fails the reader with code and a message, at input offset off (its line
 * and column are located now), or at line 0, column 0 for NO_PLACE. */
static int fail(coinline_reader_t *r, int code, uint64_t off, const char *fmt,
                ...) COINLINE_PRINTF(4, 5);

static int fail(coinline_reader_t *r, int code, uint64_t off, const char *fmt,
                ...)
{
    uint64_t line = 0, column = 0;
    va_list ap;
    if (off != NO_PLACE)
        locate(r, off, &line, &column);
    va_start(ap, fmt);
    memset(&r->error, 0, sizeof r->error);
    vsnprintf(r->error.message, sizeof r->error.message, fmt, ap);
    va_end(ap);
    if (r->rows_total > 0 && r->left > 0) { /* inside a row's coins */
        const size_t len = strlen(r->error.message);
        snprintf(r->error.message + len, sizeof r->error.message - len,
                 " (in row %llu of %llu)",
                 (unsigned long long)(r->rows_total - r->rows_left),
                 (unsigned long long)r->rows_total);
    }
    r->failed = code;
    r->error.line = line;
    r->error.column = column;
    return code;
}

/* A read error: no position (line and column 0), the system's reason. */
static int fail_io(coinline_reader_t *r)
{
    char why[128] = "unknown error";
    const int e = errno;
    if (strerror_r(e, why, sizeof why) != 0)
        snprintf(why, sizeof why, "error %d", e);
    return fail(r, COINLINE_EIO, NO_PLACE, "cannot read: %s", why);
}

/* Reads more input after r->end, keeping the token being read (if any and
 * not over half the buffer) contiguous. Returns 0 or COINLINE_EIO; at the
 * end of input sets r->eof. */
static int refill(coinline_reader_t *r)
{
    if (r->eof)
        return COINLINE_OK;
    const char *keep = r->tok != NULL ? r->tok : r->p;
    if ((size_t)(r->end - keep) > READER_BUFSIZE / 2) {
        r->tok = NULL;
        keep = r->p;
    }
    const size_t kept = (size_t)(r->end - keep);
    const size_t shift = (size_t)(keep - r->buf);
    /* The bytes before keep go: count their lines, and place the last
     * token if it is among them. */
    if (r->nl_off < offset_of(r, keep))
        advance(r, offset_of(r, keep));
    memmove(r->buf, keep, kept);
    r->base += shift;
    r->p -= shift;
    if (r->tok != NULL)
        r->tok -= shift;
    size_t got;
    if (r->on_read != NULL)
        r->on_read(r->on_read_ctx);
    if (r->fp != NULL) {
        got = fread(r->buf + kept, 1, READER_BUFSIZE - kept, r->fp);
        if (got == 0 && ferror(r->fp))
            return fail_io(r);
    } else {
        size_t want = READER_BUFSIZE - kept;
        ssize_t n = 0;
        if (r->use_pread && r->limit - r->pos < want)
            want = (size_t)(r->limit - r->pos);
        while (want > 0 &&
               (n = r->use_pread
                        ? pread(r->fd, r->buf + kept, want, (off_t)r->pos)
                        : read(r->fd, r->buf + kept, want)) < 0 &&
               errno == EINTR)
            continue;
        if (n < 0)
            return fail_io(r);
        got = (size_t)n;
        r->pos += got;
    }
    r->end = r->buf + kept + got;
    /* A short fread() that met the end says so (feof): asking again would
     * wait for a second Ctrl-D on a terminal. */
    r->eof = got == 0 || (r->fp != NULL && feof(r->fp)) ||
             (r->use_pread && r->pos >= r->limit);
    return COINLINE_OK;
}

/* At the start of the input: skips a UTF-8 byte-order mark. Reads only
 * while the bytes so far could begin one, so a short typed line ("0")
 * is not held back. Returns 0 or COINLINE_EIO. */
static int skip_bom(coinline_reader_t *r)
{
    static const char bom[] = "\xEF\xBB\xBF";
    r->started = 1;
    for (;;) {
        const size_t have = (size_t)(r->end - r->p);
        if (memcmp(r->p, bom, have < 3 ? have : 3) != 0)
            return COINLINE_OK;
        if (have >= 3) {
            r->p += 3;
            r->nl_off = r->line_start = offset_of(r, r->p);
            return COINLINE_OK;
        }
        if (r->eof)
            return COINLINE_OK;
        const int rc = refill(r);
        if (rc != COINLINE_OK)
            return rc;
    }
}

/* Skips whitespace and comments. Returns 1 at a token, 0 at the end of
 * input, or COINLINE_EIO. */
static int skip_space(coinline_reader_t *r)
{
    int in_comment = r->comment_open;
    r->comment_open = 0;
    if (!r->started) {
        const int rc = skip_bom(r);
        if (rc != COINLINE_OK)
            return rc;
    }
    for (;;) {
        if (r->p == r->end) {
            const int rc = refill(r);
            if (rc != COINLINE_OK)
                return rc;
            if (r->p == r->end) {
                /* The end of the input, or of a split's first part. */
                r->comment_open = in_comment;
                r->cut_in_comment |= in_comment && r->split;
                return 0;
            }
        }
        const char c = *r->p;
        if (c == '\n') {
            r->p++;
            in_comment = 0;
        } else if (in_comment || delim_class[(unsigned char)c] == 1) {
            r->p++;
        } else if (c == '#') {
            in_comment = 1;
            r->p++;
        } else {
            return 1;
        }
    }
}

static int is_delim(char c)
{
    return delim_class[(unsigned char)c] != 0;
}

/* Copies the token at r->tok (up to a delimiter, at most QUOTE_MAX bytes,
 * within the window) into t->quote, escaping bytes that are not
 * printable. */
static void quote_token(coinline_reader_t *r, token_t *t)
{
    static const char very_long[] = "(a very long token)";
    char *q = t->quote;
    /* Read more only if the window cuts the token short: a token followed
     * by whitespace (a typed line) is reported without waiting for input. */
    for (;;) {
        const char *e = r->tok;
        while (e != NULL && e < r->end && e - r->tok < QUOTE_MAX &&
               !is_delim(*e))
            e++;
        if (e != r->end || r->eof)
            break;
        if (refill(r) != COINLINE_OK) {
            r->failed = 0; /* a read error here only shortens the quote */
            break;
        }
    }
    if (r->tok == NULL) {
        memcpy(q, very_long, sizeof very_long);
        return;
    }
    const char *s = r->tok;
    int k = 0;
    for (; s < r->end && !is_delim(*s) && k < QUOTE_MAX; s++, k++) {
        const unsigned char c = (unsigned char)*s;
        if (c >= 0x20 && c < 0x7f)
            *q++ = (char)c;
        else
            q += sprintf(q, "\\x%02x", c);
    }
    if (s < r->end && !is_delim(*s))
        q += sprintf(q, "...");
    *q = '\0';
}

/* Reads the digits of a token into *v (saturating: sets *over on
 * overflow of 64 unsigned bits). Returns the digit count, or a negative
 * code on a read error. */
static int64_t read_digits(coinline_reader_t *r, uint64_t *v, int *over)
{
    int64_t digits = 0;
    uint64_t acc = 0;
    for (;;) {
        const char *p = r->p, *const end = r->end;
        for (; p < end; p++) {
            const unsigned d = (unsigned)(unsigned char)*p - '0';
            if (d > 9)
                break;
            if (acc >= UINT64_C(1844674407370955161) &&
                (acc > UINT64_C(1844674407370955161) || d > 5))
                *over = 1;
            else
                acc = acc * 10 + d;
        }
        digits += p - r->p;
        r->p = p;
        if (p < end || r->eof)
            break;
        const int rc = refill(r);
        if (rc != COINLINE_OK)
            return rc;
    }
    *v = acc;
    return digits;
}

/* Reads the next token. Returns 1 with a token, 0 at the end of input,
 * or COINLINE_EIO. */
static int next_token(coinline_reader_t *r, token_t *t)
{
    int rc = skip_space(r);
    if (rc <= 0)
        return rc;
    t->off = r->tok_off = offset_of(r, r->p);
    r->have_tok = 1;
    r->tok_fixed = 0;
    r->tok = r->p;
    const int neg = *r->p == '-';
    if (*r->p == '-' || *r->p == '+')
        r->p++;
    uint64_t v = 0;
    int over = 0;
    const int64_t digits = read_digits(r, &v, &over);
    if (digits < 0)
        return (int)digits;
    const uint64_t limit = neg ? UINT64_C(1) << 63 : (uint64_t)INT64_MAX;
    t->status = COINLINE_OK;
    if (digits == 0 || (r->p < r->end && !is_delim(*r->p)))
        t->status = COINLINE_ESYNTAX;
    else if (over || v > limit)
        t->status = COINLINE_ERANGE;
    else
        t->value = neg ? (int64_t)((uint64_t)0 - v) : (int64_t)v;
    if (t->status != COINLINE_OK)
        quote_token(r, t);
    r->tok = NULL;
    return 1;
}

/* Checks a count token, of game g or (row > 0) of its row row of k.
 * Returns 0, or the error's code after failing the reader. */
static int check_count(coinline_reader_t *r, const token_t *t, uint64_t g,
                       uint64_t row, uint64_t k)
{
    char what[96];
    if (t->status == COINLINE_OK && t->value >= 0 &&
        (uint64_t)t->value <= COINLINE_MAX_COUNT)
        return COINLINE_OK;
    if (row == 0)
        snprintf(what, sizeof what, "game %llu", (unsigned long long)g);
    else
        snprintf(what, sizeof what, "row %llu of %llu in game %llu",
                 (unsigned long long)row, (unsigned long long)k,
                 (unsigned long long)g);
    if (t->status == COINLINE_ESYNTAX)
        return fail(r, COINLINE_ESYNTAX, t->off,
                    "expected the coin count of %s (an integer), found '%s'",
                    what, t->quote);
    if (t->status == COINLINE_ERANGE && t->quote[0] == '-')
        return fail(r, COINLINE_ECOUNT, t->off,
                    "the coin count of %s is negative: '%s' (expected 0 or "
                    "more)",
                    what, t->quote);
    if (t->status == COINLINE_ERANGE)
        return fail(r, COINLINE_ECOUNT, t->off,
                    "the coin count of %s is absurd: '%s' (at most %llu)", what,
                    t->quote, (unsigned long long)COINLINE_MAX_COUNT);
    if (t->value > 0 && (uint64_t)t->value > COINLINE_MAX_COUNT)
        return fail(r, COINLINE_ECOUNT, t->off,
                    "the coin count of %s is absurd: %lld (at most %llu)", what,
                    (long long)t->value,
                    (unsigned long long)COINLINE_MAX_COUNT);
    if (t->value < 0)
        return fail(r, COINLINE_ECOUNT, t->off,
                    "the coin count of %s is negative: %lld (expected 0 or "
                    "more)",
                    what, (long long)t->value);
    return COINLINE_OK;
}

/* Whether t is the word "rows". */
static int is_rows_word(const token_t *t)
{
    return t->status == COINLINE_ESYNTAX && strcmp(t->quote, "rows") == 0;
}

/* Moves past the word at r->p (a token that is not a number: next_token()
 * leaves it, as it fails the reader). Returns 0 or COINLINE_EIO. */
static int skip_word(coinline_reader_t *r)
{
    for (;;) {
        while (r->p < r->end && !is_delim(*r->p))
            r->p++;
        if (r->p < r->end || r->eof)
            return COINLINE_OK;
        const int rc = refill(r);
        if (rc != COINLINE_OK)
            return rc;
    }
}

/* After the word "rows" at t: the number of rows, and game g starts as a
 * game of several rows with no row begun. Returns COINLINE_READER_ROWS
 * or an error. */
static int start_rows(coinline_reader_t *r, const token_t *t, uint64_t g,
                      uint64_t *count)
{
    const unsigned long long max = COINLINE_MAX_ROWS;
    token_t k;
    if (!r->allow_rows)
        return fail(r, COINLINE_ESYNTAX, t->off,
                    "game %llu is a game of several rows ('rows'); only "
                    "games of one row (a count, then its coins) are read "
                    "here",
                    (unsigned long long)g);
    int rc = skip_word(r);
    if (rc == COINLINE_OK)
        rc = next_token(r, &k);
    if (rc < 0)
        return rc;
    if (rc == 0)
        return fail(r, COINLINE_ETRUNC, offset_of(r, r->end),
                    "the input ended after 'rows' in game %llu: expected "
                    "its number of rows (1 to %llu)",
                    (unsigned long long)g, max);
    if (k.status == COINLINE_ESYNTAX)
        return fail(r, COINLINE_ESYNTAX, k.off,
                    "expected the number of rows of game %llu after 'rows' "
                    "(an integer from 1 to %llu), found '%s'",
                    (unsigned long long)g, max, k.quote);
    if (k.status == COINLINE_ERANGE || k.value < 1 ||
        (uint64_t)k.value > COINLINE_MAX_ROWS) {
        if (k.status == COINLINE_OK)
            snprintf(k.quote, sizeof k.quote, "%lld", (long long)k.value);
        return fail(r, COINLINE_ECOUNT, k.off,
                    "the number of rows of game %llu is out of range: %s "
                    "(1 to %llu)",
                    (unsigned long long)g, k.quote, max);
    }
    r->game = g;
    r->count = r->left = 0;
    r->rows_total = r->rows_left = (uint64_t)k.value;
    r->game_open = 1;
    *count = r->rows_total;
    return COINLINE_READER_ROWS;
}

/* Checks a count token and starts its game: a game of one row, or after
 * the word "rows" one of several. */
static int start_game(coinline_reader_t *r, const token_t *t, uint64_t *count)
{
    const uint64_t g = r->game + 1;
    if (is_rows_word(t))
        return start_rows(r, t, g, count);
    const int rc = check_count(r, t, g, 0, 0);
    if (rc != COINLINE_OK)
        return rc;
    r->game = g;
    r->count = r->left = (uint64_t)t->value;
    r->game_open = 1;
    *count = r->count;
    return 1;
}

/* Starts the next row of the current game of several rows (one is left):
 * its count in *count. Returns 1 or an error. */
static int start_row(coinline_reader_t *r, uint64_t *count)
{
    const unsigned long long g = r->game, k = r->rows_total;
    const unsigned long long row = k - r->rows_left + 1;
    token_t t;
    const int rc = next_token(r, &t);
    if (rc < 0)
        return rc;
    if (rc == 0)
        return fail(r, COINLINE_ETRUNC, offset_of(r, r->end),
                    "the input ended inside game %llu: expected %llu rows, "
                    "found %llu",
                    g, k, row - 1);
    if (is_rows_word(&t))
        return fail(r, COINLINE_ESYNTAX, t.off,
                    "'rows' inside game %llu, a game of several rows: "
                    "expected the coin count of its row %llu of %llu",
                    g, row, k);
    if (check_count(r, &t, g, row, k) != COINLINE_OK)
        return r->failed;
    r->rows_left--;
    r->count = r->left = (uint64_t)t.value;
    *count = r->count;
    return 1;
}

/* Skips the coins left of the current game or row. Returns 0 or an
 * error. */
static int skip_coins(coinline_reader_t *r)
{
    int64_t skipped;
    int rc;
    while (r->left > 0)
        if ((rc = coinline_reader_next_coin(r, &skipped)) < 0)
            return rc;
    return COINLINE_OK;
}

int coinline_reader_next_row(coinline_reader_t *r, uint64_t *count)
{
    int rc;
    if (r == NULL || count == NULL || r->split || r->quiet_end)
        return COINLINE_EINVAL;
    if (r->failed)
        return r->failed;
    if (r->rows_total == 0)
        return 0; /* a game of one row */
    if ((rc = skip_coins(r)) != COINLINE_OK)
        return rc;
    return r->rows_left == 0 ? 0 : start_row(r, count);
}

int coinline_reader_next_game(coinline_reader_t *r, uint64_t *count)
{
    uint64_t row;
    token_t t;
    int rc;

    if (r == NULL || count == NULL || r->split || r->quiet_end)
        return COINLINE_EINVAL;
    if (r->failed)
        return r->failed;
    /* The coins, then the rows, of the game before. */
    if (r->left > 0 && (rc = skip_coins(r)) != COINLINE_OK)
        return rc;
    while (r->rows_total > 0 && (rc = coinline_reader_next_row(r, &row)) != 0)
        if (rc < 0)
            return rc;
    r->rows_total = 0;
    if ((rc = next_token(r, &t)) <= 0)
        return rc;
    return start_game(r, &t, count);
}

int coinline_reader_allow_rows(coinline_reader_t *r, int on)
{
    if (r == NULL)
        return COINLINE_EINVAL;
    r->allow_rows = on != 0;
    return COINLINE_OK;
}

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define READER_SWAR 1
#else
#define READER_SWAR 0
#endif

/* How many of the 8 bytes at p (all readable) are digits before the first
 * one that is not, and their value in *v: a byte at a time (swar 0), or
 * SWAR (swar 1, on a little-endian machine): a byte b is a digit when its
 * high nibble is 3 and so is that of b + 6; carries only run towards later
 * bytes, past the first non-digit, so the count is exact; the value is
 * cl_swar_value()'s. */
static inline unsigned digits8(const char *p, uint64_t *v, const int swar)
{
    if (READER_SWAR && swar) {
        const uint64_t ones = UINT64_C(0x0101010101010101);
        uint64_t x, m;
        memcpy(&x, p, 8);
        m = ((x & ones * 0xF0) | (((x + ones * 0x06) & ones * 0xF0) >> 4)) ^
            ones * 0x33;
        m = (m | ((m & ones * 0x7F) + ones * 0x7F)) & ones * 0x80;
        const unsigned n = m != 0 ? (unsigned)__builtin_ctzll(m) / 8 : 8;
        *v = n != 0 ? cl_swar_value(x - ones * '0', n) : 0;
        return n;
    }
    uint64_t acc = 0;
    unsigned n = 0;
    for (; n < 8 && (unsigned)(unsigned char)p[n] - '0' <= 9; n++)
        acc = acc * 10 + (unsigned)(unsigned char)p[n] - '0';
    *v = acc;
    return n;
}

/* Parses a plain integer at p: an optional '-', 1 to 19 digits, then a
 * delimiter; at least 24 bytes must be readable at p. Returns the end of
 * the token with the value in *value, or NULL when the general path must
 * decide (other signs, 20 or more digits, out of range, a bad byte). */
static inline const char *fast_int(const char *p, int64_t *value,
                                   const int swar)
{
    static const uint64_t pow10[9] = {
        1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000};
    const int neg = *p == '-';
    const char *q = p + neg;
    uint64_t v, w;
    unsigned k = digits8(q, &v, swar);
    if (k == 0)
        return NULL;
    q += k;
    if (k == 8) {
        k = digits8(q, &w, swar);
        v = v * pow10[k] + w;
        q += k;
        if (k == 8)
            for (int i = 0; i < 3 && (unsigned)(unsigned char)*q - '0' <= 9;
                 i++, q++)
                v = v * 10 + ((unsigned)(unsigned char)*q - '0');
    }
    if (delim_class[(unsigned char)*q] == 0 ||
        v > (neg ? UINT64_C(1) << 63 : (uint64_t)INT64_MAX))
        return NULL;
    *value = neg ? (int64_t)((uint64_t)0 - v) : (int64_t)v;
    return q;
}

/* The token loop of the fast path, from *pp up to stop: k coins read
 * already, up to max. Returns the new k, with *pp and *tok moved on. */
static inline size_t fast_loop(const char **pp, const char *stop,
                               const char *end, int64_t *coins, size_t k,
                               size_t max, const char **tok, const int swar)
{
    const char *p = *pp;
    while (k < max) {
        if (end - p > 2048) /* the next lines of a long window */
            COINLINE_PREFETCH(p + 2048);
        while (p < stop && delim_class[(unsigned char)*p] == 1)
            p++;
        const char *q;
        if (p >= stop || (q = fast_int(p, &coins[k], swar)) == NULL)
            break;
        *tok = p;
        p = q;
        k++;
    }
    *pp = p;
    return k;
}

/* Batches shorter than this are not worth a block (scan.h). */
#define SCAN_MIN_BATCH 8

/* The fast path: reads up to max plain coins of the current game into
 * coins, stopping at anything else (a comment, '+', a long or bad token,
 * the last 24 bytes of the window) for the general path. A long batch goes
 * to the block tokenizer first (scan.c) at the reader's level, but for the
 * window's last CL_SCAN_REACH bytes. Returns how many. */
static size_t fast_coins(coinline_reader_t *r, int64_t *coins, size_t max)
{
    const char *p = r->p, *tok = NULL;
    size_t k = 0;
    if (r->end - r->p < 24 || r->comment_open)
        return 0;
    if (max > r->left)
        max = (size_t)r->left;
    if (max >= SCAN_MIN_BATCH && r->scan >= CL_SCAN_SSE &&
        r->end - p > CL_SCAN_REACH)
        k = cl_scan_block(r->scan, &p, r->end - CL_SCAN_REACH, coins, max,
                          &tok);
    if (r->scan == CL_SCAN_SCALAR)
        k = fast_loop(&p, r->end - 24, r->end, coins, k, max, &tok, 0);
    else
        k = fast_loop(&p, r->end - 24, r->end, coins, k, max, &tok, 1);
    r->p = p;
    r->left -= k;
    if (tok != NULL) {
        r->tok_off = offset_of(r, tok);
        r->have_tok = 1;
        r->tok_fixed = 0;
    }
    return k;
}

/* next_coin for a reader known to be good, in a game with coins left. */
static int read_coin(coinline_reader_t *r, int64_t *coin)
{
    token_t t;
    int rc;

    if (fast_coins(r, coin, 1) == 1)
        return 1;
    const unsigned long long k = r->count - r->left + 1;
    const unsigned long long g = r->game, n = r->count;
    if ((rc = next_token(r, &t)) < 0)
        return rc;
    if (rc == 0 && r->quiet_end)
        return 0;
    if (rc == 0)
        return fail(r, COINLINE_ETRUNC, offset_of(r, r->end),
                    "the input ended inside game %llu: expected %llu coins, "
                    "found %llu",
                    g, n, k - 1);
    if (t.status == COINLINE_ESYNTAX)
        return fail(r, COINLINE_ESYNTAX, t.off,
                    "expected coin %llu of %llu in game %llu (an integer), "
                    "found '%s'",
                    k, n, g, t.quote);
    if (t.status == COINLINE_ERANGE)
        return fail(r, COINLINE_ERANGE, t.off,
                    "coin %llu of game %llu does not fit in a signed 64-bit "
                    "integer: '%s'",
                    k, g, t.quote);
    r->left--;
    *coin = t.value;
    return 1;
}

int coinline_reader_next_coin(coinline_reader_t *r, int64_t *coin)
{
    if (r == NULL || coin == NULL)
        return COINLINE_EINVAL;
    if (r->failed)
        return r->failed;
    return r->left == 0 ? 0 : read_coin(r, coin);
}

int coinline_reader_next_coins(coinline_reader_t *r, int64_t *coins, size_t max,
                               size_t *got)
{
    size_t k = 0;
    int rc = 0;

    if (got != NULL)
        *got = 0;
    if (r == NULL || coins == NULL || max == 0 || got == NULL)
        return COINLINE_EINVAL;
    if (r->failed)
        return r->failed;
    while (k < max && r->left > 0) {
        k += fast_coins(r, coins + k, max - k);
        if (k == max || r->left == 0 || (rc = read_coin(r, &coins[k])) != 1)
            break;
        k++;
    }
    *got = k;
    return rc < 0 ? rc : k > 0;
}

/* Bytes sampled to guess the length of a game's text. */
#define SPLIT_SAMPLE ((size_t)1 << 16)

/* Whether the current game seems to run to the end of the input, rest
 * bytes after r->p: from the tokens in the window's first SPLIT_SAMPLE
 * bytes, the game's coins would fill at least 3/4 of it. A guess only
 * (join checks), made only when over 4 samples are left: a short text is
 * always split. */
static int game_fills_rest(const coinline_reader_t *r, uint64_t rest)
{
    const size_t have = (size_t)(r->end - r->p);
    const size_t sample = have < SPLIT_SAMPLE ? have : SPLIT_SAMPLE;
    uint64_t tokens = 0;
    int in_tok = 0;
    if (rest <= 4 * SPLIT_SAMPLE)
        return 1;
    for (size_t i = 0; i < sample; i++) {
        const int d = delim_class[(unsigned char)r->p[i]] != 0;
        tokens += !d && !in_tok;
        in_tok = !d;
    }
    if (tokens == 0)
        return 0;
    const double est = (double)r->left * ((double)sample / (double)tokens);
    return est >= 0.75 * (double)rest;
}

/* The input offset where r's input ends: that of the window's end, or the
 * file's size for a reader with pread. 0 when fstat fails. */
static uint64_t input_end(const coinline_reader_t *r)
{
    struct stat st;
    if (!r->use_pread)
        return offset_of(r, r->end);
    if (fstat(r->fd, &st) != 0 || (uint64_t)st.st_size < r->pos)
        return 0;
    return (uint64_t)st.st_size;
}

/* The cut: the offset just after the first white-space byte from mid - 1
 * on, before end_off; 0 if none (in the window, or within 4 KiB read
 * with pread beyond it). */
static uint64_t find_cut(const coinline_reader_t *r, uint64_t mid,
                         uint64_t end_off)
{
    char block[4096];
    const char *q;
    size_t n;
    if (mid - 1 < offset_of(r, r->end)) {
        q = r->win + (mid - 1 - r->base);
        n = (size_t)(r->end - q);
    } else {
        const uint64_t want = end_off - (mid - 1);
        const ssize_t k = pread(
            r->fd, block, want < sizeof block ? (size_t)want : sizeof block,
            (off_t)(mid - 1));
        if (k <= 0)
            return 0;
        q = block;
        n = (size_t)k;
    }
    for (size_t i = 0; i < n; i++)
        if (delim_class[(unsigned char)q[i]] == 1)
            return mid + i < end_off ? mid + i : 0;
    return 0;
}

/* A reader for the input from offset cut to end_off, the tail of r's
 * game: its own buffer on r's file, or r's bytes. */
static int tail_reader(const coinline_reader_t *r, uint64_t cut,
                       uint64_t end_off, coinline_reader_t **out)
{
    coinline_reader_t *t;
    int rc = r->use_pread ? reader_buffered(NULL, r->fd, r->name, &t)
                          : reader_new(r->name, &t);
    if (rc != COINLINE_OK)
        return rc;
    if (r->use_pread) {
        t->use_pread = 1;
        t->pos = cut;
        t->limit = end_off;
    } else {
        t->win = t->p = r->win + (cut - r->base);
        t->end = r->end;
        t->eof = 1;
    }
    t->base = t->nl_off = t->line_start = cut;
    t->started = t->quiet_end = 1;
    t->game = r->game;
    t->count = t->left = r->left; /* more would not fit: join refuses */
    *out = t;
    return COINLINE_OK;
}

int coinline_reader_split(coinline_reader_t *r, size_t min_bytes,
                          coinline_reader_t **tail)
{
    int rc;
    if (tail != NULL)
        *tail = NULL;
    if (r == NULL || tail == NULL)
        return COINLINE_EINVAL;
    if (r->failed)
        return r->failed;
    /* Only an input all in memory, or a regular file. */
    if ((r->buf != NULL && !r->use_pread) || r->split || r->quiet_end ||
        r->left < 2)
        return COINLINE_OK;
    if (!r->eof && r->end - r->p < (ptrdiff_t)SPLIT_SAMPLE &&
        (rc = refill(r)) != COINLINE_OK)
        return rc;
    const uint64_t at = offset_of(r, r->p), end_off = input_end(r);
    if (end_off < at + 2 || end_off - at < min_bytes ||
        !game_fills_rest(r, end_off - at))
        return COINLINE_OK;
    const uint64_t cut = find_cut(r, at + (end_off - at) / 2, end_off);
    if (cut == 0 || (rc = tail_reader(r, cut, end_off, tail)) != COINLINE_OK)
        return cut == 0 ? COINLINE_OK : rc;
    r->split = r->quiet_end = 1;
    r->cut_off = cut;
    r->saved_eof = r->eof;
    r->saved_limit = r->limit;
    r->cut_in_window = cut <= offset_of(r, r->end);
    if (r->cut_in_window) {
        r->full_end = r->end;
        r->end = r->win + (cut - r->base);
        r->eof = 1;
    } else {
        r->limit = cut;
    }
    return COINLINE_OK;
}

/* Whether the tail completes r's game: both parts were read with no error
 * and hold nothing but blanks after their coins, r's part does not end in a
 * comment, and the tail has r's missing coins. */
static int split_fits(coinline_reader_t *r, coinline_reader_t *t)
{
    return !r->failed && !t->failed && skip_space(r) == 0 &&
           !r->cut_in_comment && skip_space(t) == 0 &&
           t->count - t->left == r->left;
}

/* After a join: r takes the tail's place at the end of the input, with
 * its last token. Over memory the lines stay to count when asked (the
 * window holds them all); on a file, r's lines up to the cut and the
 * tail's are added (each part counted them as its buffer moved on, so this
 * counts at most a buffer of each), and r's next refill asks pread again,
 * as one reader would, for what was added to the file since the split. */
static void join_tail(coinline_reader_t *r, coinline_reader_t *t)
{
    uint64_t tl, tc;
    r->left = 0;
    if (!r->use_pread) {
        r->p = r->end;
        if (t->have_tok) {
            r->tok_off = t->tok_off;
            r->have_tok = 1;
            r->tok_fixed = 0;
        }
        return;
    }
    advance(r, r->cut_off);
    if (t->have_tok) {
        locate(t, t->tok_off, &tl, &tc);
        r->tok_off = t->tok_off;
        r->have_tok = r->tok_fixed = 1;
        r->tok_line = r->line + tl - 1;
        r->tok_column = tl == 1 ? t->tok_off - r->line_start + 1 : tc;
    }
    count_lines(t, offset_of(t, t->end));
    r->line += t->line - 1;
    if (t->line > 1)
        r->line_start = t->line_start;
    r->nl_off = t->nl_off;
    r->pos = t->pos;
    r->win = r->p = r->end = r->buf;
    r->base = r->nl_off;
    r->eof = 0;
}

int coinline_reader_join(coinline_reader_t *r, coinline_reader_t *tail,
                         int *joined)
{
    if (joined != NULL)
        *joined = 0;
    if (r == NULL || joined == NULL || !r->split) {
        coinline_reader_free(tail);
        return COINLINE_EINVAL;
    }
    const int fits = tail != NULL && split_fits(r, tail);
    if (r->cut_in_window)
        r->end = r->full_end;
    r->eof = r->saved_eof;
    r->limit = r->saved_limit;
    r->split = r->quiet_end = 0;
    r->full_end = NULL;
    if (fits) {
        join_tail(r, tail);
    } else if (r->cut_in_comment) {
        r->comment_open = 1; /* go on with it, to its end */
        r->cut_in_comment = 0;
        (void)skip_space(r); /* a read error stays in r->failed */
    }
    r->cut_in_comment = 0;
    *joined = fits;
    coinline_reader_free(tail);
    return r->failed;
}

int coinline_reader_read_game(coinline_reader_t *r, int64_t **coins, size_t *n)
{
    int64_t *a = NULL, v;
    size_t len = 0, cap = 0;
    uint64_t count;
    int rc;

    if (coins != NULL)
        *coins = NULL;
    if (r == NULL || coins == NULL || n == NULL)
        return COINLINE_EINVAL;
    if ((rc = coinline_reader_next_game(r, &count)) <= 0)
        return rc;
    if (rc == COINLINE_READER_ROWS) {
        *n = (size_t)count; /* its rows are for coinline_reader_read_rows() */
        return rc;
    }
    while ((rc = coinline_reader_next_coin(r, &v)) == 1) {
        if (len == cap) {
            int64_t *na = cl_grow(a, &cap, sizeof *a);
            if (na == NULL) {
                free(a);
                return COINLINE_ENOMEM;
            }
            a = na;
        }
        a[len++] = v;
    }
    if (rc < 0) {
        free(a);
        return rc;
    }
    *coins = a;
    *n = len;
    return 1;
}

/* Growing arrays of rows: the coins one row after the other, and each
 * row's count. */
typedef struct {
    int64_t *coins;
    size_t n, cap;
    uint64_t *lens;
    size_t k, kcap;
} reader_rows_t;

/* Reads the coins left of the current game or row onto R's coins, as one
 * more row. Returns 0 or an error. */
static int read_row_coins(coinline_reader_t *r, reader_rows_t *R)
{
    const size_t start = R->n;
    size_t got;
    int rc = 1;
    if (R->k == R->kcap) {
        uint64_t *nl = cl_grow(R->lens, &R->kcap, sizeof *nl);
        if (nl == NULL)
            return COINLINE_ENOMEM;
        R->lens = nl;
    }
    while (rc == 1 && r->left > 0) {
        if (R->n == R->cap) {
            int64_t *nc = cl_grow(R->coins, &R->cap, sizeof *nc);
            if (nc == NULL)
                return COINLINE_ENOMEM;
            R->coins = nc;
        }
        rc =
            coinline_reader_next_coins(r, R->coins + R->n, R->cap - R->n, &got);
        R->n += got;
    }
    R->lens[R->k++] = R->n - start;
    return rc < 0 ? rc : COINLINE_OK;
}

/* Reads the rest of the current game as rows into R: the coins left as
 * a row when a row is being read or the game has one row, then the rows
 * not begun. Returns 0 or an error. */
static int read_rows_into(coinline_reader_t *r, reader_rows_t *R)
{
    uint64_t count;
    int rc = COINLINE_OK;
    if (r->left > 0 || r->rows_total == 0)
        rc = read_row_coins(r, R);
    while (rc == COINLINE_OK && (rc = coinline_reader_next_row(r, &count)) == 1)
        rc = read_row_coins(r, R);
    r->game_open = 0;
    return rc < 0 ? rc : COINLINE_OK;
}

/* Hands R's arrays to the caller (1), or frees them on an error. */
static int give_rows(reader_rows_t *R, int rc, int64_t **coins, size_t *n,
                     uint64_t **lens, size_t *k)
{
    if (rc < 0) {
        free(R->coins);
        free(R->lens);
        return rc;
    }
    if (R->n == 0) {
        free(R->coins);
        R->coins = NULL;
    }
    *coins = R->coins;
    *n = R->n;
    *lens = R->lens;
    *k = R->k;
    return 1;
}

int coinline_reader_read_rows(coinline_reader_t *r, int64_t **coins, size_t *n,
                              uint64_t **lens, size_t *k)
{
    reader_rows_t R = {NULL, 0, 0, NULL, 0, 0};
    if (coins != NULL)
        *coins = NULL;
    if (lens != NULL)
        *lens = NULL;
    if (r == NULL || coins == NULL || n == NULL || lens == NULL || k == NULL ||
        r->split || r->quiet_end)
        return COINLINE_EINVAL;
    if (r->failed)
        return r->failed;
    if (!r->game_open)
        return 0;
    return give_rows(&R, read_rows_into(r, &R), coins, n, lens, k);
}

int coinline_reader_read_layout(coinline_reader_t *r, int64_t **coins,
                                size_t *n, uint64_t **lens, size_t *k)
{
    uint64_t count;
    if (coins != NULL)
        *coins = NULL;
    if (lens != NULL)
        *lens = NULL;
    if (coins == NULL || n == NULL || lens == NULL || k == NULL)
        return COINLINE_EINVAL;
    const int rc = coinline_reader_next_game(r, &count);
    if (rc <= 0)
        return rc;
    reader_rows_t R = {NULL, 0, 0, NULL, 0, 0};
    return give_rows(&R, read_rows_into(r, &R), coins, n, lens, k);
}

int coinline_reader_on_read(coinline_reader_t *r, coinline_reader_read_fn_t fn,
                            void *ctx)
{
    if (r == NULL)
        return COINLINE_EINVAL;
    r->on_read = fn;
    r->on_read_ctx = ctx;
    return COINLINE_OK;
}

uint64_t coinline_reader_game_index(const coinline_reader_t *r)
{
    return r != NULL ? r->game : 0;
}

const char *coinline_reader_name(const coinline_reader_t *r)
{
    return r != NULL ? r->name : "";
}

int coinline_reader_last_token(const coinline_reader_t *r,
                               coinline_error_t *err)
{
    if (r == NULL || err == NULL || !r->have_tok)
        return COINLINE_EINVAL;
    memset(err, 0, sizeof *err);
    /* Counting the lines up to it only fills a cache: the reader, made by
     * malloc, is not a const object. */
    locate((coinline_reader_t *)r, r->tok_off, &err->line, &err->column);
    return COINLINE_OK;
}

int coinline_reader_error(const coinline_reader_t *r, coinline_error_t *err)
{
    if (r == NULL || err == NULL || !r->failed)
        return COINLINE_EINVAL;
    *err = r->error;
    return COINLINE_OK;
}
