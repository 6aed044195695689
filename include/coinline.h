/* SPDX-License-Identifier: MIT */
/*
 * coinline - exact solver for the "coins in a line" game.
 *
 * A row of n signed 64-bit coins. Two players alternate; the player to move
 * takes the first or the last coin of what is left and adds its value to
 * their score. Both play optimally. This library gives the exact result of
 * optimal play and an optimal move at any position. The same for other
 * rules ("Rules: a game is rules + coins"): the coins on a circle, and a
 * move scoring the sum of the coins left after it.
 *
 * Conventions
 *   - Every function that can fail returns 0 (COINLINE_OK) on success or a
 *     negative COINLINE_E* code; coinline_strerror() names the code.
 *   - Results come back through out-parameters. On failure, out-parameters
 *     are left unspecified unless the comment says otherwise.
 *   - The library never prints, never exits, and reports allocation failure
 *     as COINLINE_ENOMEM.
 *   - Every *_free() function accepts NULL.
 *   - Totals are exact 128-bit integers (coinline_i128_t): with n < 2^64
 *     coins of magnitude < 2^63 every total and every intermediate fits.
 *   - Ties are always broken towards the left end (and, where any coin
 *     may be taken, towards the smallest position), so every answer is
 *     reproducible.
 *
 * ABI policy
 *   - The handles (engine, game, strategy, stream, reader, table) are
 *     opaque: their insides may change in any release.
 *   - The structs a caller allocates, or indexes in an array the library
 *     fills (coinline_result_t, coinline_engine_state_t,
 *     coinline_move_review_t, coinline_record_t, coinline_error_t,
 *     coinline_rules_t, coinline_game_result_t, coinline_game_state_t,
 *     coinline_table_cell_t), end with reserved fields. The library zero-fills
 * them whenever it fills such a struct; a caller that fills one itself (a
 * coinline_record_t for the writer) sets them to zero, best with memset(). A
 * new field is taken from the reserved space, so the size and layout of these
 *     structs stay the same while the soname does; were that ever not
 *     enough, the soname would change (libcoinline.so.0.MINOR before
 *     1.0, libcoinline.so.MAJOR after: docs/versioning.md).
 *   - Enumerations only gain values; functions are only added.
 *
 * Portability: the header is plain C (C89 and C++ compile it). The
 * library itself needs C11, POSIX read(2), and the __int128 of gcc and
 * clang on a 64-bit target.
 *
 * Thread safety: functions that take no handle are reentrant; a handle
 * (stream, reader, engine, game, strategy) must not be used by two threads
 * at once; coinline_engine_state() and coinline_game_state() write to
 * their handle (they cache and may try a move and take it back); a table
 * is only read once made.
 */
#ifndef COINLINE_H
#define COINLINE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

#define COINLINE_VERSION_MAJOR  0
#define COINLINE_VERSION_MINOR  3
#define COINLINE_VERSION_PATCH  0
#define COINLINE_VERSION_STRING "0.3.0"
/* The version as one number, MAJOR * 10000 + MINOR * 100 + PATCH, for
 * comparisons in the preprocessor (as zstd's ZSTD_VERSION_NUMBER). */
#define COINLINE_VERSION_NUMBER                                                \
    (COINLINE_VERSION_MAJOR * 10000 + COINLINE_VERSION_MINOR * 100 +           \
     COINLINE_VERSION_PATCH)

/* Marks the library's public functions: the shared library exports these
 * and nothing else. A program that compiles the library into itself may
 * define it first (empty, to keep the symbols hidden: the Python module
 * does). */
#ifndef COINLINE_API
#if defined(__GNUC__) && __GNUC__ >= 4
#define COINLINE_API __attribute__((visibility("default")))
#else
#define COINLINE_API
#endif
#endif

/* ------------------------------------------------------------------------
 * Errors
 * ---------------------------------------------------------------------- */

#define COINLINE_OK      0    /* success */
#define COINLINE_EINVAL  (-1) /* an argument is invalid (NULL, lo > hi, ...) */
#define COINLINE_ENOMEM  (-2) /* memory allocation failed */
#define COINLINE_ETOOBIG (-3) /* the row is too long for the chosen solver */
#define COINLINE_ESYNTAX (-4) /* input: a token is not an integer */
#define COINLINE_ERANGE  (-5) /* input: a value does not fit in int64 */
#define COINLINE_ECOUNT  (-6) /* input: a count is negative or absurd */
#define COINLINE_ETRUNC  (-7) /* input: the stream ended inside a game */
#define COINLINE_EIO     (-8) /* input: reading failed (see errno) */
#define COINLINE_EMOVE                                                         \
    (-9)                       /* a move is not legal: not L, R or a           \
                                * position that may be taken, or one           \
                                * too many */
#define COINLINE_ERECORD (-10) /* a game record breaks its format */

/* coinline_strerror():
 * A short English description of a COINLINE_E* code (or COINLINE_OK).
 * Cost: O(1). Returns a static string, never NULL; unknown codes give
 * "unknown error". */
COINLINE_API const char *coinline_strerror(int code);

/* Where and why an input was refused: the one way every call that reads
 * text reports the place of an error (the reader, coinline_row_parse(),
 * coinline_record_parse(), coinline_analyze()). Plain data, filled by
 * the call (the caller allocates it; every such argument may be NULL). */
typedef struct {
    uint64_t line;        /* 1-based line of the input the call was given;
                           * 0 when the error has no place (a read error) */
    uint64_t column;      /* 1-based column in bytes; 0 likewise */
    char message[384];    /* what was expected and what was found, in
                           * English, NUL-terminated; "" when the call has
                           * no more to say than coinline_strerror() */
    uint64_t reserved[4]; /* zero (the ABI policy, above) */
} coinline_error_t;

/* coinline_err_name():
 * The name of a code as it is spelt here: "COINLINE_OK",
 * "COINLINE_EINVAL", ...; NULL for a value that is no code.
 * Cost: O(1). Returns a static string. */
COINLINE_API const char *coinline_err_name(int code);

/* coinline_version_string():
 * The library's version, e.g. "0.2.0" (may differ from the header's
 * COINLINE_VERSION_STRING when linked against another build).
 * Cost: O(1). Returns a static string. */
COINLINE_API const char *coinline_version_string(void);

/* coinline_version_number():
 * The library's COINLINE_VERSION_NUMBER (that of the build linked, which
 * may differ from the header's). Cost: O(1). */
COINLINE_API unsigned coinline_version_number(void);

/* ------------------------------------------------------------------------
 * Exact 128-bit integers for totals and margins
 * ---------------------------------------------------------------------- */

/* A signed 128-bit integer in two's complement: value = hi * 2^64 + lo.
 * Plain data: copy it freely. */
typedef struct {
    int64_t hi;
    uint64_t lo;
} coinline_i128_t;

/* Enough bytes for any coinline_i128_t in decimal, sign and NUL included. */
#define COINLINE_I128_STRLEN 41

/* coinline_i128_from_int64(): the 128-bit value equal to v. Cost: O(1). */
COINLINE_API coinline_i128_t coinline_i128_from_int64(int64_t v);

/* coinline_i128_to_int64():
 * Stores v in *out if it fits in int64_t.
 * Cost: O(1). Returns 0, or COINLINE_ERANGE (then *out is unchanged),
 * or COINLINE_EINVAL if out is NULL. */
COINLINE_API int coinline_i128_to_int64(coinline_i128_t v, int64_t *out);

/* coinline_i128_cmp(): -1, 0 or 1 as a < b, a == b, a > b. Cost: O(1). */
COINLINE_API int coinline_i128_cmp(coinline_i128_t a, coinline_i128_t b);

/* coinline_i128_add(), coinline_i128_sub(), coinline_i128_neg():
 * a + b, a - b and -a, in two's complement modulo 2^128 (no total of a
 * game of fewer than 2^64 coins comes near that). Cost: O(1). */
COINLINE_API coinline_i128_t coinline_i128_add(coinline_i128_t a,
                                               coinline_i128_t b);
COINLINE_API coinline_i128_t coinline_i128_sub(coinline_i128_t a,
                                               coinline_i128_t b);
COINLINE_API coinline_i128_t coinline_i128_neg(coinline_i128_t a);

/* coinline_i128_to_string():
 * Writes v in decimal ("-" for negatives, no leading zeros) into buf,
 * NUL-terminated. size must be at least the length plus one;
 * COINLINE_I128_STRLEN always suffices.
 * Cost: O(1) (at most 40 digits).
 * Returns the number of characters written (without the NUL), or
 * COINLINE_EINVAL if buf is NULL or too small (then buf[0] is set to NUL
 * when size > 0). */
COINLINE_API int coinline_i128_to_string(coinline_i128_t v, char *buf,
                                         size_t size);

/* ------------------------------------------------------------------------
 * Solving
 * ---------------------------------------------------------------------- */

/* Which solver to use. All give identical results; they differ in cost. */
typedef enum {
    /* Linear-time reduction (Idziaszek): O(n) time; coinline_solve() and
     * coinline_best_move() allocate one value per coin (8 bytes; 16 when
     * sum|a[i]| > INT64_MAX), the streaming solver only the reduced
     * stacks. The default. */
    COINLINE_ALGO_LINEAR = 0,
    /* Interval dynamic programme: O(n^2) time, O(n) memory
     * (16 bytes per coin). */
    COINLINE_ALGO_DP = 1,
    /* Exhaustive minimax over every line of play: O(2^n) time, O(n) stack.
     * Refuses n > COINLINE_BRUTE_MAX with COINLINE_ETOOBIG. */
    COINLINE_ALGO_BRUTE = 2
} coinline_algo_t;

/* The longest row the exhaustive solver accepts. */
#define COINLINE_BRUTE_MAX 25

/* The longest row coinline_line() takes with COINLINE_ALGO_DP: its table
 * of n(n+1)/2 bits must stay within 2 GiB. */
#define COINLINE_DP_LINE_MAX 185363

/* A move: which end the player to move takes. */
typedef enum {
    COINLINE_SIDE_NONE = 0, /* no move: the row is empty */
    COINLINE_SIDE_LEFT = 1, /* take the first coin */
    COINLINE_SIDE_RIGHT = 2 /* take the last coin */
} coinline_side_t;

/* The outcome of optimal play. */
typedef enum {
    COINLINE_WINNER_DRAW = 0,  /* equal totals */
    COINLINE_WINNER_FIRST = 1, /* the player who moves first ends ahead */
    COINLINE_WINNER_SECOND = 2 /* the player who moves second ends ahead */
} coinline_winner_t;

/* The result of optimal play on a whole row. Plain data. */
typedef struct {
    uint64_t n;                 /* number of coins */
    coinline_i128_t sum;        /* sum of all coins = p1 + p2 */
    coinline_i128_t p1;         /* first player's total under optimal play */
    coinline_i128_t p2;         /* second player's total */
    coinline_i128_t margin;     /* p1 - p2, the value of the game */
    coinline_winner_t winner;   /* sign of margin */
    coinline_side_t first_move; /* an optimal first move, ties to the left;
                                 * COINLINE_SIDE_NONE when n == 0 */
    uint64_t reserved[4];       /* zero (the ABI policy, above) */
} coinline_result_t;

/* coinline_side_name(): "left", "right" or "none"; NULL for other values.
 * Cost: O(1). */
COINLINE_API const char *coinline_side_name(coinline_side_t side);

/* coinline_winner_name(): "first", "second" or "draw"; NULL for other
 * values. Cost: O(1). */
COINLINE_API const char *coinline_winner_name(coinline_winner_t winner);

/* coinline_algo_name(): "linear", "dp" or "brute"; NULL for other values.
 * Cost: O(1). */
COINLINE_API const char *coinline_algo_name(coinline_algo_t algo);

/* coinline_algo_parse():
 * Parses "linear", "dp" or "brute" into *algo.
 * Cost: O(1). Returns 0, or COINLINE_EINVAL for any other name or NULL. */
COINLINE_API int coinline_algo_parse(const char *name, coinline_algo_t *algo);

/* coinline_solve():
 * Solves the row coins[0..n-1] (coins may be NULL when n == 0) with the
 * chosen solver and fills *result.
 * Cost: that of the solver (see coinline_algo_t); allocates O(n) memory
 * for LINEAR and DP, freed before returning.
 * Returns 0, COINLINE_EINVAL (result NULL, coins NULL with n > 0, unknown
 * algo), COINLINE_ETOOBIG (BRUTE with n > COINLINE_BRUTE_MAX) or
 * COINLINE_ENOMEM. */
COINLINE_API int coinline_solve(const int64_t *coins, size_t n,
                                coinline_algo_t algo,
                                coinline_result_t *result);

/* coinline_best_move():
 * The optimal move for the player to move on the sub-row coins[lo..hi-1]
 * (half-open, as the engine's positions): this is the optimal strategy
 * for either player at any position of any game. Ties go to
 * COINLINE_SIDE_LEFT; a single coin is taken as COINLINE_SIDE_LEFT; an
 * empty sub-row (lo == hi) gives COINLINE_SIDE_NONE and a margin of 0.
 * If margin is not NULL, *margin receives the value of the sub-row for the
 * player to move: (own final total - opponent's) from here on, both
 * playing optimally.
 * Cost: that of the solver on hi - lo coins (LINEAR: O(hi - lo) time and
 * memory).
 * Returns 0, COINLINE_EINVAL (coins NULL with n > 0, side NULL, lo > hi,
 * hi > n, an unknown algo), COINLINE_ETOOBIG or COINLINE_ENOMEM. */
COINLINE_API int coinline_best_move(const int64_t *coins, size_t n, size_t lo,
                                    size_t hi, coinline_algo_t algo,
                                    coinline_side_t *side,
                                    coinline_i128_t *margin);

/* coinline_line():
 * The optimal line of play on coins[0..n-1]: moves[k] is 'L' or 'R', the
 * side taken at move k, for k < n, each the move coinline_best_move() gives
 * at that position (ties to the left); moves[n] is set to NUL. moves must
 * hold n + 1 bytes.
 * Cost: LINEAR: the game engine plays both sides, O(n log n) time
 *       (measured: about 5 to 15 steps a move; see coinline_engine_*),
 *       the engine's memory (coinline_engine_estimate(): 134 to 258
 *       bytes per coin), n < 2^32 - 5 (else COINLINE_ETOOBIG);
 *       DP: O(n^2) time and n^2/16 + O(n) bytes (one bit per position);
 *       BRUTE: O(2^n) time.
 * Returns 0, COINLINE_EINVAL, COINLINE_ETOOBIG (BRUTE with n >
 * COINLINE_BRUTE_MAX, DP with n > COINLINE_DP_LINE_MAX, LINEAR with
 * n >= 2^32 - 5) or COINLINE_ENOMEM.
 */
COINLINE_API int coinline_line(const int64_t *coins, size_t n,
                               coinline_algo_t algo, char *moves);

/* ------------------------------------------------------------------------
 * Game engine: a game in progress, the optimal move at every position
 *
 * The engine holds a row and the moves played on it (optimal or not), and
 * tells, at the position reached, the optimal move for the player to move
 * (ties to the left) and what it secures. It is the strategy for either
 * player against any opponent.
 *
 * Cost: along a game (moves, and undos that are not followed by
 * replaying the same coin over and over), a move, an undo and a state()
 * are O(log n) amortised steps: argued and measured (make bench,
 * docs/benchmarks.md), not proved; lib/engine/engine.c says how and why.
 * One call can cost O(n) (a rebuild, after at least half the coins left
 * were taken since the last one; a coin played and taken back in a loop
 * whose push merged a long run).
 * Memory: all of it allocated by coinline_engine_new() and never grown;
 * coinline_engine_estimate() tells it before, coinline_engine_bytes()
 * after. Measured: 134 to 150 bytes per coin (its segment trees are
 * padded to a power of two) plus about 3 KB; 226 to 258 bytes per coin
 * plus about 5 KB when twice sum|a[i]| passes INT64_MAX and the engine
 * works in 128 bits (arrays over 2 MiB are rounded up to whole 2 MiB
 * pages, which these figures do not count).
 * ---------------------------------------------------------------------- */

/* An opaque handle. Owned by the caller: create with
 * coinline_engine_new(), release with coinline_engine_free(). */
typedef struct coinline_engine coinline_engine_t;

/* The position an engine has reached. Plain data. */
typedef struct {
    uint64_t n;  /* coins in the whole row */
    uint64_t lo; /* the coins left are coins[lo..hi-1] */
    uint64_t hi;
    uint64_t moves;     /* moves played so far (= n - (hi - lo)) */
    int to_move;        /* 1 or 2: the player to move; 0 when no coin is left */
    coinline_i128_t p1; /* first player's total so far */
    coinline_i128_t p2; /* second player's total so far */
    coinline_i128_t value;        /* the best the player to move can secure from
                                   * here, as (own - opponent's) on the coins left;
                                   * 0 when none is left */
    coinline_i128_t final_margin; /* p1 - p2 at the end if both play
                                   * optimally from here */
    coinline_side_t best;         /* the optimal move, ties to the left;
                                   * COINLINE_SIDE_NONE when no coin is left */
    uint64_t reserved[4];         /* zero (the ABI policy, above) */
} coinline_engine_state_t;

/* coinline_engine_new():
 * Creates an engine on a copy of coins[0..n-1] (coins may be NULL when
 * n == 0), at the start of the game, and stores it in *out (NULL on
 * failure).
 * Cost: O(n) time and all the memory the engine will use (see above;
 * exactly coinline_engine_estimate()).
 * Returns 0, COINLINE_EINVAL (out NULL, coins NULL with n > 0),
 * COINLINE_ETOOBIG (n >= 2^32 - 5) or COINLINE_ENOMEM. */
COINLINE_API int coinline_engine_new(const int64_t *coins, size_t n,
                                     coinline_engine_t **out);

/* coinline_engine_free(): releases the engine. Accepts NULL. */
COINLINE_API void coinline_engine_free(coinline_engine_t *e);

/* coinline_engine_state():
 * Fills *st with the position reached, its value and the optimal move.
 * Cost: O(1) in the usual case, where the value was carried from the last
 * move and the left either wins outright or cannot tie; otherwise the
 * multiset of blocks is brought up to date (O(k) the first time, then
 * O(log n) per block changed since) and read, and at worst the left coin
 * is taken on trial and put back, O(log n) amortised steps. Computed once
 * per position (a second call at the same position is O(1)); no
 * allocation.
 * Returns 0 or COINLINE_EINVAL (e or st NULL). */
COINLINE_API int coinline_engine_state(coinline_engine_t *e,
                                       coinline_engine_state_t *st);

/* coinline_engine_play():
 * The player to move takes the first (COINLINE_SIDE_LEFT) or last
 * (COINLINE_SIDE_RIGHT) coin, whether or not that is optimal.
 * Cost: O(log n) amortised steps (O(n) worst case, when the stacks are
 * rebuilt).
 * Returns 0, or COINLINE_EINVAL (e NULL, side not LEFT or RIGHT, or no coin
 * left; the engine is then unchanged). */
COINLINE_API int coinline_engine_play(coinline_engine_t *e,
                                      coinline_side_t side);

/* coinline_engine_undo():
 * Takes back the last move played.
 * Cost: that of the move it takes back (the reduction stack pushes the
 * coin again and merges as it did), O(log n) amortised steps.
 * Returns 0, or COINLINE_EINVAL (e NULL, or no move to take back). */
COINLINE_API int coinline_engine_undo(coinline_engine_t *e);

/* coinline_engine_steps():
 * Elementary steps done so far, to show the cost per move: one per value
 * pushed, merged or given back on a reduction stack, per junction state
 * made or dropped, and per update or query of the multiset of blocks
 * (each of these O(1) or O(log n)); 0 for NULL. Cost: O(1). */
COINLINE_API uint64_t coinline_engine_steps(const coinline_engine_t *e);

/* coinline_engine_bytes():
 * The heap memory the engine holds, in bytes (all of it allocated by
 * coinline_engine_new()); 0 for NULL. Cost: O(1). */
COINLINE_API uint64_t coinline_engine_bytes(const coinline_engine_t *e);

/* coinline_engine_estimate():
 * The heap memory coinline_engine_new() would allocate for the row
 * coins[0..n-1], into *bytes: exactly what coinline_engine_bytes() then
 * reports, so a caller can refuse a row before allocating for it.
 * Cost: O(n) time (it decides between 64 and 128 bits, as new does); no
 * allocation. Returns 0, COINLINE_EINVAL (bytes NULL, coins NULL with
 * n > 0) or COINLINE_ETOOBIG (n >= 2^32 - 5). */
COINLINE_API int coinline_engine_estimate(const int64_t *coins, size_t n,
                                          uint64_t *bytes);

/* coinline_engine_row():
 * The engine's copy of the row, n coins (the n of its state); owned by the
 * engine, valid until coinline_engine_free(); NULL for NULL. Cost: O(1). */
COINLINE_API const int64_t *coinline_engine_row(const coinline_engine_t *e);

/* ------------------------------------------------------------------------
 * Rules: a game is rules + coins
 *
 * The calls above play the classic game (a line, scoring the coin taken);
 * the circle has calls of its own below. The calls of "Games under any
 * rules" (further below: solving, a game in progress, reviews,
 * strategies, tables, records) take the rules as an argument, and there a
 * move is the 1-based position of the coin it takes, whatever the rules.
 * The rules are a shape and a scoring, chosen independently:
 *
 *   COINLINE_SHAPE_LINE      coins at positions 1..n in a row; a move
 *                            takes the first or the last coin left.
 *   COINLINE_SHAPE_CIRCLE    the pizza game ("The circular game" above):
 *                            move 1 takes the coin at any position p; the
 *                            coins left are then the line running
 *                            clockwise from p + 1 round to p - 1, and each
 *                            later move takes one of its two ends
 *                            (positions stay the circle's).
 *   COINLINE_SCORE_TAKEN     a move scores the coin it takes (the classic
 *                            game).
 *   COINLINE_SCORE_REMAINING a move scores the sum of the coins left after
 *                            it (LeetCode 1690, "Stone Game VII").
 *
 * Player 1 moves first; each player maximises its own final score minus
 * the other's. L and R stay the names of the two ends: shorthand for the
 * positions of the first and the last coin left (on a circle, the coin
 * clockwise after the gap and the coin before it). With the classic rules
 * (line, taken) and with the circle's (circle, taken) those calls give
 * exactly the answers of the classic calls and of the circle's.
 *
 * Exactness: under REMAINING a coin counts in the score of every move
 * before the one that takes it, at most n - 1 times, so a score stays
 * below n^2 2^63 / 2: exact in 128 bits for every row these calls take
 * (fewer than 2^32 coins).
 *
 * Cost: under REMAINING the shape's solvers and engine run on the coins
 * ~a[i] (= -a[i] - 1; lib/remaining.c says why), so every cost is the
 * classic one, plus n int64 values for those coins wherever a call keeps
 * them.
 * ---------------------------------------------------------------------- */

/* The shape: where the coins lie and which of them a move may take. */
typedef enum {
    COINLINE_SHAPE_LINE = 0,  /* a row: the first or the last coin left */
    COINLINE_SHAPE_CIRCLE = 1 /* a circle: any coin first, then an end */
} coinline_shape_t;

/* The scoring: what a move adds to its player's score. */
typedef enum {
    COINLINE_SCORE_TAKEN = 0,    /* the coin taken */
    COINLINE_SCORE_REMAINING = 1 /* the sum of the coins left after it */
} coinline_score_t;

/* The rules of a game. Plain data; all zero (memset, or
 * COINLINE_RULES_INIT) is the classic game, a line scoring the coin taken.
 * reserved must be zero: every call refuses rules whose reserved words
 * are not (COINLINE_EINVAL), so that a field added there later is never
 * silently ignored by an older library. */
typedef struct {
    coinline_shape_t shape;
    coinline_score_t score;
    uint64_t reserved[2]; /* zero */
} coinline_rules_t;

/* An initializer: coinline_rules_t r = COINLINE_RULES_INIT(
 * COINLINE_SHAPE_CIRCLE, COINLINE_SCORE_REMAINING); */
#define COINLINE_RULES_INIT(shape, score)                                      \
    {                                                                          \
        (shape), (score),                                                      \
        {                                                                      \
            0, 0                                                               \
        }                                                                      \
    }

/* Enough bytes for any name coinline_rules_name() writes, NUL included. */
#define COINLINE_RULES_STRLEN 32

/* coinline_rules_check():
 * 0 when rules names a known shape and scoring and its reserved words are
 * zero; COINLINE_EINVAL otherwise (NULL included). Every call that takes
 * rules checks them so. Cost: O(1). */
COINLINE_API int coinline_rules_check(const coinline_rules_t *rules);

/* coinline_rules_parse():
 * Rules from text: the words "line" or "circle" (the shape) and "taken"
 * or "remaining" (the scoring), in any order, separated by commas and/or
 * blanks (spaces, tabs), e.g. "circle,remaining", "remaining line",
 * "circle". A kind left out is the classic one (line; taken). Words are
 * lower case.
 * On success *rules holds them (reserved words zero). Otherwise *rules is
 * unchanged and *err (if not NULL) gives line 1 and the 1-based column of
 * the word at fault, with a message: "unknown rule 'x' (the shapes are
 * line and circle, the scorings taken and remaining)", "'circle' is a
 * second shape after 'line': give one", "no rules: give a shape (line,
 * circle) and/or a scoring (taken, remaining)".
 * Cost: O(length of text). Returns 0, or COINLINE_EINVAL (text or rules
 * NULL, or the errors above). */
COINLINE_API int coinline_rules_parse(const char *text, coinline_rules_t *rules,
                                      coinline_error_t *err);

/* coinline_rules_name():
 * The canonical text of rules into buf (NUL-terminated): the shape, then
 * ",remaining" when the scoring is not the classic one: "line",
 * "circle", "line,remaining", "circle,remaining". It is what records and
 * JSON write, and coinline_rules_parse() reads it back.
 * Cost: O(1). Returns the length written (without the NUL), or
 * COINLINE_EINVAL (rules refused by coinline_rules_check(), buf NULL, or
 * size too small: COINLINE_RULES_STRLEN always suffices; then buf[0] is
 * set to NUL when size > 0). */
COINLINE_API int coinline_rules_name(const coinline_rules_t *rules, char *buf,
                                     size_t size);

/* coinline_shape_name(), coinline_score_name():
 * "line" or "circle"; "taken" or "remaining"; NULL for other values.
 * Cost: O(1). Static strings. */
COINLINE_API const char *coinline_shape_name(coinline_shape_t shape);
COINLINE_API const char *coinline_score_name(coinline_score_t score);

/* ------------------------------------------------------------------------
 * Analysis of a played game: which move lost how much
 * ---------------------------------------------------------------------- */

/* One move of a played game, judged against best play. Plain data.
 * A move's loss is in points of the mover's final total: the most the
 * mover could guarantee before the move minus the most it can guarantee
 * after it (both playing optimally from there). It is 0 exactly when the
 * move is optimal, never negative, and an exact integer. Over a game,
 * each player's total = its total under best play from the start - its
 * own losses + the other's losses (when every coin was taken).
 * On a circle (coinline_circle_analyze()) move 1 takes a position, not
 * an end: its side and best are COINLINE_SIDE_NONE, and position and
 * best_position say which coins. */
typedef struct {
    uint64_t number;              /* 1-based move number */
    int player;                   /* who moved: 1 (odd moves) or 2 */
    coinline_side_t side;         /* the move played */
    int64_t coin;                 /* the coin it took */
    coinline_side_t best;         /* the optimal move there, ties to the left */
    int64_t best_coin;            /* the coin the optimal move takes */
    int optimal;                  /* 1 when loss == 0 (on a tie, side may differ
                                   * from best and still be optimal) */
    coinline_i128_t loss;         /* points lost by this move, >= 0 */
    coinline_i128_t secured;      /* the mover's guaranteed final total before
                                   * the move */
    coinline_i128_t p1, p2;       /* both totals after the move */
    coinline_i128_t final_margin; /* p1 - p2 at the end if both play
                                   * optimally after this move */
    uint64_t position;            /* the 1-based position of the coin taken:
                                   * its index in the row + 1, or its
                                   * position on the circle */
    uint64_t best_position;       /* likewise, the coin the optimal move
                                   * takes */
    uint64_t reserved[2];         /* zero (the ABI policy, above) */
} coinline_move_review_t;

/* coinline_analyze():
 * Replays moves[0..nmoves-1] ('L' or 'R', lower case accepted) on the row
 * coins[0..n-1] and judges each move into out[k]; out must hold nmoves
 * entries (it may be NULL when nmoves == 0). A partial game (nmoves < n)
 * is fine.
 * Cost: the game engine, O((n + nmoves) log n) amortised steps and its
 * memory (coinline_engine_estimate(), freed before returning).
 * Returns 0, COINLINE_EINVAL (a NULL argument that may not be),
 * COINLINE_EMOVE (moves[k] is not a move, or nmoves > n: then *err, if
 * err is not NULL, is at line 1, column k + 1 for the first bad move k,
 * or n + 1 for one move too many, with a message such as "move 3 is 'x',
 * not L or R"), COINLINE_ETOOBIG (n >= 2^32 - 5) or COINLINE_ENOMEM. */
COINLINE_API int coinline_analyze(const int64_t *coins, size_t n,
                                  const char *moves, size_t nmoves,
                                  coinline_move_review_t *out,
                                  coinline_error_t *err);

/* coinline_position():
 * The position reached on coins[0..n-1] after moves[0..nmoves-1] ('L' or
 * 'R', lower case accepted), as the engine gives it: who is to move, the
 * optimal move (ties to the left), the value for the player to move, the
 * totals so far and the final margin with best play from there. The
 * position query of "coinline solve --moves"; each player's final total
 * with best play is (sum + final_margin) / 2 and (sum - final_margin) / 2,
 * exact, where sum is the sum of all n coins.
 * Cost: the game engine, O((n + nmoves) log n) amortised steps and its
 * memory (coinline_engine_estimate(), freed before returning).
 * Returns 0, COINLINE_EINVAL (a NULL argument that may not be),
 * COINLINE_EMOVE (as coinline_analyze(): *err, if err is not NULL, names
 * the first bad move), COINLINE_ETOOBIG (n >= 2^32 - 5) or
 * COINLINE_ENOMEM. */
COINLINE_API int coinline_position(const int64_t *coins, size_t n,
                                   const char *moves, size_t nmoves,
                                   coinline_engine_state_t *st,
                                   coinline_error_t *err);

/* One game of a game record (docs/record.md). Owned by the array that
 * coinline_record_parse() returns.
 * Its rules are circle (the shape) and score (the scoring):
 * coinline_record_rules() gives them as a coinline_rules_t, and
 * coinline_record_positions() its moves as positions (in "Games under any
 * rules" below). Whatever form the record was written in (a "circle" key
 * and moves in L and R, or a "rules" key and moves as positions), the
 * game is held in the form below.
 * A circular game (circle == 1, the "circle FIRST" key; see "The circular
 * game" below): coins are the circle's, at positions 1..n; first is the
 * position move 1 took (1..n), or 0 when no move was played; moves are
 * moves 2, 3, ... on the line left (at most n - 1; none when first is 0);
 * total[0] counts the coin of move 1; and the player to move after the
 * game is seat ((first > 0) + nmoves) % 2 + 1. */
typedef struct {
    uint64_t number;      /* the number on its "game" line */
    uint64_t line;        /* the 1-based line of that "game" key */
    const char *name[2];  /* "p1" and "p2" names, NULL when absent */
    const int64_t *coins; /* the row, n coins (NULL when n == 0) */
    size_t n;
    const char *moves; /* the moves, 'L'/'R' (NUL-terminated when read);
                        * on a circle, those after move 1 */
    size_t nmoves;
    int has_totals; /* 1 when a "totals" key was given (and checked) */
    coinline_i128_t total[2]; /* the totals after the moves (computed
                               * when not given) */
    int forfeit_seat;    /* 1 or 2 when the game ended by a forfeit, else 0 */
    const char *verdict; /* why, or NULL */
    int circle;          /* 1: a circular game ("circle" key, or rules
                          * with the shape circle); 0: a row */
    uint64_t first;      /* on a circle, the position taken by move 1
                          * (1..n), 0 when none was played; 0 on a row */
    coinline_score_t score; /* the scoring ("rules" key; 0, the classic
                             * COINLINE_SCORE_TAKEN, without one): the
                             * totals are in its terms */
    uint32_t reserved32;    /* zero (the ABI policy, above) */
    uint64_t reserved[1];   /* zero */
} coinline_record_t;

/* coinline_record_parse():
 * Parses a game record file held in text[0..len-1] (need not be
 * NUL-terminated). Checks everything: the header, the keys, the row,
 * the rules ("rules" key), that the moves are L/R and at most one per
 * coin, or positions each legal where it is played, that given totals
 * follow from the row and the moves in the rules' scoring; on a circle,
 * that FIRST is a position of it (or 0 with no moves), that at most n - 1
 * moves follow it, and that a forfeit is by the player of the next move. On
 * success *games holds *count games (NULL when 0), owned by the caller: release
 * with coinline_record_free(*games, *count). A UTF-8 byte-order mark at the
 * start of text is skipped (line 1's columns count from after it).
 * Cost: O(len) time, plus the totals' check (O(n) per game); memory
 * O(len).
 * Returns 0, COINLINE_EINVAL (a NULL argument), COINLINE_ENOMEM, or
 * COINLINE_ERECORD with *err (if err is not NULL) saying where (the line
 * and column in text) and why. */
COINLINE_API int coinline_record_parse(const char *text, size_t len,
                                       coinline_record_t **games, size_t *count,
                                       coinline_error_t *err);

/* coinline_record_free(): releases games[0..count-1] and the array.
 * Accepts NULL. */
COINLINE_API void coinline_record_free(coinline_record_t *games, size_t count);

/* coinline_record_write_header():
 * Writes the first line of a record file to fp, and when writer is not
 * NULL a comment naming who wrote it: "# coinline VERSION WRITER".
 * Cost: O(length of writer). Returns 0, COINLINE_EINVAL (fp NULL) or
 * COINLINE_EIO (fp's error indicator is set after writing). */
COINLINE_API int coinline_record_write_header(FILE *fp, const char *writer);

/* coinline_record_write():
 * Writes one game to fp in the record format: "game", "p1"/"p2" when the
 * names are not NULL (a line break in a name is written as a space),
 * "circle" when circle is 1, "row", "moves", "totals" (computed from the
 * row and the moves) and "forfeit" when forfeit_seat is not 0. Under a
 * score other than COINLINE_SCORE_TAKEN, the general form instead: a
 * "rules" key in place of "circle", and the moves as positions ("Records
 * of games under any rules" below); the totals in that scoring. The game
 * must be one that coinline_record_parse() accepts: number > 0, moves
 * 'L' or 'R' and at most n (on a circle: circle 1, first 0 with no moves
 * or 1..n with at most n - 1 moves; on a row, circle and first 0), a
 * known score, a forfeit only by the player to move (seat nmoves % 2 + 1;
 * on a circle, ((first > 0) + nmoves) % 2 + 1) before the last coin and
 * with a verdict, and when has_totals is set, totals that follow from the
 * row and the moves. line is ignored.
 * What it writes is read back as the same game (docs/record.md).
 * Cost: O(n + nmoves + the names' length). Returns 0, COINLINE_EINVAL (fp
 * or game NULL, or a game that breaks the format: nothing is written) or
 * COINLINE_EIO (fp's error indicator is set after writing). */
COINLINE_API int coinline_record_write(FILE *fp, const coinline_record_t *game);

/* ------------------------------------------------------------------------
 * Random numbers and random rows
 *
 * The one generator of coinline: splitmix64 (Steele, Lea and Flood) and
 * Lemire's unbiased bounded draw. coinline gen, duel and play draw their
 * rows with coinline_random_row(), and the Python module does the same,
 * so one seed gives the same rows everywhere. Not for cryptography.
 * ---------------------------------------------------------------------- */

/* coinline_random_next():
 * The next value of the splitmix64 sequence whose state is *state (any
 * value is a valid state, and a seed). Cost: O(1). Returns 0 for NULL. */
COINLINE_API uint64_t coinline_random_next(uint64_t *state);

/* coinline_random_uniform():
 * A value uniform in [0, span] (span may be UINT64_MAX), drawn from
 * *state. Cost: O(1) expected (a draw is rejected with probability below
 * (span + 1) / 2^64). Returns 0 for NULL. */
COINLINE_API uint64_t coinline_random_uniform(uint64_t *state, uint64_t span);

/* coinline_random_row():
 * n coins into coins[0..n-1], each uniform in [min, max] (the whole of
 * int64 allowed), drawn one after the other from *state: the rows of
 * coinline gen -n N --min A --max B --seed S (state = S), one game's row
 * after the other. Cost: O(n). Returns 0, or COINLINE_EINVAL (state NULL,
 * min > max, coins NULL with n > 0). */
COINLINE_API int coinline_random_row(uint64_t *state, int64_t min, int64_t max,
                                     int64_t *coins, size_t n);

/* ------------------------------------------------------------------------
 * Strategies: who chooses a move at a position
 *
 * A strategy answers, at the position an engine has reached, which end the
 * player to move takes. Built-in strategies are made by name; a program
 * adds its own with a move function. A strategy holds only its name, its
 * random state and the caller's context, so one strategy may serve any
 * number of engines, one at a time.
 * ---------------------------------------------------------------------- */

/* An opaque handle. Owned by the caller: create with
 * coinline_strategy_new() or coinline_strategy_custom(), release with
 * coinline_strategy_free(). */
typedef struct coinline_strategy coinline_strategy_t;

/* A strategy's move function: at the position st of the row coins (st->n
 * coins; the ones left are coins[st->lo..st->hi-1]; st->best is the
 * optimal move), set *side to COINLINE_SIDE_LEFT or COINLINE_SIDE_RIGHT. ctx is
 * the pointer given to coinline_strategy_custom(). Return 0, or a negative
 * code, which coinline_strategy_move() passes on. */
typedef int (*coinline_move_fn_t)(void *ctx, const int64_t *coins,
                                  const coinline_engine_state_t *st,
                                  coinline_side_t *side);

/* coinline_strategy_new():
 * A built-in strategy from spec:
 *   "optimal"     the engine's move (ties to the left);
 *   "greedy"      the larger end coin, ties to the left;
 *   "parity"      with an even number of coins left, the end whose index
 *                 (in the whole row) has the parity whose coins left sum
 *                 to more (ties: the left end's): this never loses when it
 *                 starts on an even row, and wins by at least |E - O|
 *                 (the sums at even and odd indices); with an odd number
 *                 left it has no such guarantee and plays greedy;
 *   "random"      either end with probability 1/2;
 *   "fallible:P"  optimal, except that with probability P (a decimal in
 *                 [0, 1]) it plays a random end instead: difficulty levels.
 * seed seeds the random choices (the same seed gives the same moves).
 * Stores the strategy in *out (NULL on failure). Cost: O(1).
 * Returns 0, COINLINE_EINVAL (spec or out NULL, unknown name, P out of
 * range or not a number) or COINLINE_ENOMEM. */
COINLINE_API int coinline_strategy_new(const char *spec, uint64_t seed,
                                       coinline_strategy_t **out);

/* coinline_strategy_custom():
 * A strategy that calls fn(ctx, ...) for every move, named name (copied;
 * NULL gives "custom"). Returns 0, COINLINE_EINVAL (fn or out NULL) or
 * COINLINE_ENOMEM. Cost: O(length of name). */
COINLINE_API int coinline_strategy_custom(const char *name,
                                          coinline_move_fn_t fn, void *ctx,
                                          coinline_strategy_t **out);

/* coinline_strategy_free(): releases the strategy. Accepts NULL. */
COINLINE_API void coinline_strategy_free(coinline_strategy_t *s);

/* coinline_strategy_name(): its spec or name, as given (owned by the
 * strategy); "" for NULL. Cost: O(1). */
COINLINE_API const char *coinline_strategy_name(const coinline_strategy_t *s);

/* coinline_strategy_move():
 * The strategy's move for the player to move at the engine's position,
 * into *side. Does not play it. Cost: a coinline_engine_state() call, plus
 * O(n) once per row for "parity" (its prefix sums, kept until the row
 * changes), plus whatever a custom function costs.
 * Returns 0; COINLINE_EINVAL (a NULL argument, no coin left, a custom
 * function that gave neither LEFT nor RIGHT, or a strategy of
 * coinline_strategy_custom_game(), which chooses over a game only);
 * COINLINE_ENOMEM; or the custom function's own negative code. */
COINLINE_API int coinline_strategy_move(coinline_strategy_t *s,
                                        coinline_engine_t *e,
                                        coinline_side_t *side);

/* coinline_strategy_first():
 * The strategy's first move on the circle coins[0..n-1], n >= 1: a
 * position 1..n into *position (see "The circular game" above).
 *   "optimal"     the optimal first position (coinline_circle_solve());
 *   "greedy"      the largest coin, the smallest position of ties;
 *   "parity"      when n - 1 is even the opponent could play parity on
 *                 the line left, so the position p with the largest
 *                 coins[p - 1] - |E - O| of that line (ties: the
 *                 smallest p); when n - 1 is odd, greedy;
 *   "random"      any position, each with probability 1/n;
 *   "fallible:P"  optimal, except that with probability P a random one;
 *   a custom strategy (either kind) has no first move: COINLINE_EINVAL
 *   (its caller chooses one).
 * Cost: O(n log n) for "optimal" and "fallible:P" (O(n) memory, freed
 * before returning), O(n) for the others.
 * Returns 0, COINLINE_EINVAL (a NULL argument, n == 0, a custom
 * strategy), COINLINE_ETOOBIG or COINLINE_ENOMEM. */
COINLINE_API int coinline_strategy_first(coinline_strategy_t *s,
                                         const int64_t *coins, size_t n,
                                         uint64_t *position);

/* coinline_strategy_pick():
 * Which of count >= 1 legal moves the strategy takes in a game it does
 * not judge itself (several rows, whose optimal move the caller knows):
 * the moves are numbered 0..count-1, move 0 being the optimal one, and
 * the index into *index.
 *   "optimal"     0;
 *   "random"      any index, each with probability 1/count;
 *   "fallible:P"  0, except that with probability P any index (the same
 *                 draws as its other moves, so a seed replays a game);
 *   "greedy", "parity" and custom strategies judge coins, which this call
 *   is not given: COINLINE_EINVAL.
 * Cost: O(1). Returns 0 or COINLINE_EINVAL (a NULL argument, count == 0,
 * a strategy above that cannot pick). */
COINLINE_API int coinline_strategy_pick(coinline_strategy_t *s, size_t count,
                                        size_t *index);

/* ------------------------------------------------------------------------
 * The circular game: Peter Winkler's pizza problem
 *
 * The coins lie round a circle, at positions 1..n clockwise (position p
 * is coins[p - 1]). Move 1: the first player takes the coin at any
 * position p. The coins left form a line running clockwise from p + 1
 * round to p - 1: its left end is the coin after p, its right end the
 * coin before p. From then on it is the ordinary game on that line, the
 * second player to move, and every position is a line position: make it
 * with coinline_circle_rotate() and answer it with the engine or
 * coinline_best_move(). The optimal first position is the smallest of
 * the optimal ones; after it, ties go left as everywhere.
 *
 * With non-negative coins the first player can always secure 4/9 of the
 * total (Cibulka, Kyncl, Meszaros, Stolar and Valtr, "Solution of Peter
 * Winkler's pizza problem", 2009); coinline computes the exact share.
 *
 * The solvers: COINLINE_ALGO_LINEAR slides the game engine over the row
 * written twice (the n lines left after a first move are its n windows of
 * n - 1 coins): O(n log n) amortised time, the engine's memory for 2n
 * coins (about 300 bytes per coin; 500 in 128 bits, which it takes when
 * 2 sum|coins| passes about INT64_MAX / 2, half a row's threshold, as the
 * row written twice sums to twice as much), n < 2^31 - 2.
 * COINLINE_ALGO_DP is the programme over the circle's arcs: O(n^2) time,
 * 32 bytes per coin. COINLINE_ALGO_BRUTE plays out every line after each
 * first move: O(n 2^n), n <= COINLINE_BRUTE_MAX + 1.
 * ---------------------------------------------------------------------- */

/* The result of optimal play on a circle. Plain data. */
typedef struct {
    uint64_t n;               /* number of coins */
    coinline_i128_t sum;      /* sum of all coins = p1 + p2 */
    coinline_i128_t p1;       /* first player's total under optimal play */
    coinline_i128_t p2;       /* second player's total */
    coinline_i128_t margin;   /* p1 - p2, the value of the circle */
    coinline_winner_t winner; /* sign of margin */
    uint64_t first;           /* the optimal first position, 1-based, the
                               * smallest of ties; 0 when n == 0 */
    uint64_t steps;           /* the solver's elementary steps: the
                               * engine's (coinline_engine_steps()) for
                               * LINEAR, cells for DP, 2^(n-1) per first
                               * move for BRUTE; to show the cost */
    uint64_t reserved[4];     /* zero (the ABI policy, above) */
} coinline_circle_result_t;

/* coinline_circle_solve():
 * Solves the circle coins[0..n-1] (coins may be NULL when n == 0) with
 * the chosen solver and fills *result. n == 0 gives a draw with first 0;
 * n == 1 and n == 2 are games like any other (the first player takes a
 * coin, the second the rest).
 * Cost: that of the solver (above); allocates O(n) memory, freed before
 * returning.
 * Returns 0, COINLINE_EINVAL (result NULL, coins NULL with n > 0, unknown
 * algo), COINLINE_ETOOBIG (BRUTE with n > COINLINE_BRUTE_MAX + 1, LINEAR
 * with n >= 2^31 - 2) or COINLINE_ENOMEM. */
COINLINE_API int coinline_circle_solve(const int64_t *coins, size_t n,
                                       coinline_algo_t algo,
                                       coinline_circle_result_t *result);

/* coinline_circle_margins():
 * For every first position p (1-based), margins[p - 1] receives the first
 * player's final margin (p1 - p2) when the first coin taken is at p and
 * both play optimally after it: coins[p - 1] - V(the line left). The
 * largest is the circle's margin; the loss of a first move at p is the
 * largest minus margins[p - 1]. margins must hold n values (it may be
 * NULL when n == 0).
 * Cost: that of coinline_circle_solve() with the same solver.
 * Returns 0, COINLINE_EINVAL, COINLINE_ETOOBIG or COINLINE_ENOMEM, as
 * coinline_circle_solve(). */
COINLINE_API int coinline_circle_margins(const int64_t *coins, size_t n,
                                         coinline_algo_t algo,
                                         coinline_i128_t *margins);

/* coinline_circle_rotate():
 * The line left once the first coin is taken at position first (1-based,
 * 1 <= first <= n): line[k] = coins[(first + k) mod n] for k < n - 1,
 * the coins clockwise from first + 1. line must hold n - 1 values (it is
 * not written when n == 1, but must not be NULL). A position of the line
 * at index i is position (first + i) mod n + 1 of the circle.
 * Cost: O(n), no allocation.
 * Returns 0 or COINLINE_EINVAL (coins or line NULL, first out of range). */
COINLINE_API int coinline_circle_rotate(const int64_t *coins, size_t n,
                                        uint64_t first, int64_t *line);

/* coinline_circle_line():
 * The optimal play of the circle: *first receives the first position (as
 * coinline_circle_solve(); 0 when n == 0), and moves[k] for k < n - 1 the
 * side ('L' or 'R') of move k + 2 on the line left, each the move
 * coinline_best_move() gives at that position; moves[n - 1] (moves[0]
 * when n == 0) is set to NUL. moves must hold max(n, 1) bytes.
 * Cost: coinline_circle_solve() plus coinline_line() on n - 1 coins with
 * the same solver.
 * Returns 0, COINLINE_EINVAL (first or moves NULL, as solve),
 * COINLINE_ETOOBIG or COINLINE_ENOMEM. */
COINLINE_API int coinline_circle_line(const int64_t *coins, size_t n,
                                      coinline_algo_t algo, uint64_t *first,
                                      char *moves);

/* coinline_circle_analyze():
 * A played circular game judged move by move, as coinline_analyze()
 * judges a row: move 1 took the coin at position first (1..n; 0: no move
 * was played yet, and then nmoves must be 0), then moves[0..nmoves-1]
 * ('L' or 'R', lower case accepted) are moves 2, 3, ... on the line left
 * (at most n - 1). out must hold nmoves + (first > 0) reviews (it may be
 * NULL when that is 0). out[0] is move 1: side and best
 * COINLINE_SIDE_NONE, coin = coins[first - 1], position = first,
 * best_position the optimal first position (coinline_circle_solve()'s)
 * and best_coin its coin, loss = (the largest margin - the margin of
 * first) / 2 (coinline_circle_margins()), secured = player 1's total
 * with best play from the start, p1 = coin, p2 = 0, final_margin the
 * margin of first. out[k], k >= 1, is move k + 1 on the line left, as
 * coinline_analyze() judges it there, in the game's terms: its player
 * the game's (player 2 makes the line's first move), its totals and
 * final margin counting the coin of move 1 for player 1, its positions
 * on the circle. A partial game is fine.
 * Cost: O(n log n) for the margins of the first positions (LINEAR), plus
 * the game engine on the line, O((n + nmoves) log n) amortised steps;
 * memory: the larger of the two (the engine on 2n coins for the margins,
 * coinline_circle_solve()), freed before returning.
 * Returns 0, COINLINE_EINVAL (a NULL argument that may not be),
 * COINLINE_EMOVE (then *err, if err is not NULL, says which move: first
 * > n at line 1, column 0, e.g. "move 1 is position 6, not on the circle
 * of 5 coins"; moves with first == 0 at column 1; moves[k] not a move or
 * one too many at column k + 1, numbered as in the game, e.g. "move 3 is
 * 'x', not L or R", "move 5 is one too many: the circle has 4 coins"),
 * COINLINE_ETOOBIG (n >= 2^31 - 2) or COINLINE_ENOMEM. */
COINLINE_API int coinline_circle_analyze(const int64_t *coins, size_t n,
                                         uint64_t first, const char *moves,
                                         size_t nmoves,
                                         coinline_move_review_t *out,
                                         coinline_error_t *err);

/* coinline_circle_position():
 * The position reached on the circle coins[0..n-1] after move 1 at first
 * and moves[0..nmoves-1] after it (as coinline_circle_analyze() takes
 * them; the same errors), as coinline_position() gives a row's, in the
 * game's terms:
 *   n        the circle's coins; moves: the moves played, move 1 counted
 *            (n - moves coins are left);
 *   to_move  the game's player to move (1 or 2), 0 when no coin is left;
 *   p1, p2   the totals so far, the coin of move 1 in p1;
 *   value    the best the player to move can secure from here, own minus
 *            other's on the coins left;
 *   final_margin  p1 - p2 at the end with best play from here.
 * After move 1 (first > 0): lo and hi index the line left, as
 * coinline_circle_rotate() writes it (line[lo..hi-1] are left; its
 * index i is circle position (first + i) mod n + 1), and best is the
 * optimal side on it (ties to the left).
 * Before move 1 (first == 0): the whole circle, lo = 0 and hi = n; moves
 * 0; to_move 1 (0 when n == 0); p1 = p2 = 0; value = final_margin = the
 * circle's margin; best is COINLINE_SIDE_NONE, since move 1 is a
 * position: coinline_circle_solve() gives the optimal one.
 * Each player's final total with best play is (sum + final_margin) / 2
 * and (sum - final_margin) / 2, exact, with sum that of all n coins.
 * Cost: before move 1 coinline_circle_solve() (LINEAR, O(n log n)); after
 * it the game engine on the line, O((n + nmoves) log n) amortised steps
 * and its memory, freed before returning.
 * Returns 0, COINLINE_EINVAL (st NULL, coins NULL with n > 0, moves NULL
 * with nmoves > 0), COINLINE_EMOVE (with *err, as
 * coinline_circle_analyze()), COINLINE_ETOOBIG or COINLINE_ENOMEM. */
COINLINE_API int coinline_circle_position(const int64_t *coins, size_t n,
                                          uint64_t first, const char *moves,
                                          size_t nmoves,
                                          coinline_engine_state_t *st,
                                          coinline_error_t *err);

/* ------------------------------------------------------------------------
 * The table of the interval dynamic programme, for a short row
 *
 * V of every run of coins coins[lo..hi-1] (half-open, as everywhere):
 * the best (own total - other's) the player to move can secure there,
 * V = max(coins[lo] - V(lo+1, hi), coins[hi-1] - V(lo, hi-1)); the
 * optimal move of every run (ties to the left, and whether it is one);
 * and the runs the optimal
 * line from the whole row passes through. For showing the programme at
 * work (coinline table, its heat map); the solvers above do not need it.
 * The same table under any rules (a circle's arcs, scoring by what
 * remains): coinline_table_new_rules() in "Rules" below.
 * ---------------------------------------------------------------------- */

/* The longest row a table takes: 17 n^2 bytes, 17 MiB at this size. */
#define COINLINE_TABLE_MAX 1024

/* An opaque handle. Owned by the caller: create with
 * coinline_table_new(), release with coinline_table_free(). */
typedef struct coinline_table coinline_table_t;

/* coinline_table_new():
 * Fills the table of coins[0..n-1] (copied; coins may be NULL when
 * n == 0) and stores it in *out (NULL on failure).
 * Cost: O(n^2) time and about 17 n^2 bytes.
 * Returns 0, COINLINE_EINVAL (out NULL, coins NULL with n > 0),
 * COINLINE_ETOOBIG (n > COINLINE_TABLE_MAX) or COINLINE_ENOMEM. */
COINLINE_API int coinline_table_new(const int64_t *coins, size_t n,
                                    coinline_table_t **out);

/* coinline_table_free(): releases the table. Accepts NULL. */
COINLINE_API void coinline_table_free(coinline_table_t *t);

/* coinline_table_size(): the number of coins of its row; 0 for NULL.
 * Cost: O(1). */
COINLINE_API size_t coinline_table_size(const coinline_table_t *t);

/* coinline_table_row():
 * The table's copy of the row, coinline_table_size() coins; owned by the
 * table, valid until coinline_table_free(); NULL for NULL. Cost: O(1). */
COINLINE_API const int64_t *coinline_table_row(const coinline_table_t *t);

/* coinline_table_value():
 * V of the run coins[lo..hi-1] into *v (0 for an empty run).
 * Cost: O(1). Returns 0, or COINLINE_EINVAL (t or v NULL, lo > hi, or
 * hi > n). */
COINLINE_API int coinline_table_value(const coinline_table_t *t, size_t lo,
                                      size_t hi, coinline_i128_t *v);

/* coinline_table_move():
 * The optimal move on the run coins[lo..hi-1], ties to the left (the one
 * coin of a run of one is COINLINE_SIDE_LEFT); COINLINE_SIDE_NONE for an
 * empty run or an invalid one (t NULL, lo > hi, hi > n). Cost: O(1). */
COINLINE_API coinline_side_t coinline_table_move(const coinline_table_t *t,
                                                 size_t lo, size_t hi);

/* coinline_table_tied():
 * 1 when both moves on the run coins[lo..hi-1] are optimal (taking its
 * left coin and taking its right one are worth the same to the player to
 * move; coinline_table_move() then says COINLINE_SIDE_LEFT), else 0: for
 * a run of one coin (one move), an empty run, and an invalid one (t
 * NULL, lo > hi, hi > n). Under any rules (coinline_table_new_rules()),
 * the same for the runs coinline_table_move() reads. Cost: O(1). */
COINLINE_API int coinline_table_tied(const coinline_table_t *t, size_t lo,
                                     size_t hi);

/* coinline_table_on_line():
 * 1 when the optimal line from the whole row reaches the position where
 * coins[lo..hi-1] are left (hi > lo), else 0 (also for invalid
 * arguments). Cost: O(1). */
COINLINE_API int coinline_table_on_line(const coinline_table_t *t, size_t lo,
                                        size_t hi);

/* ------------------------------------------------------------------------
 * Games under any rules: solving, a game in progress, reviews, strategies,
 * tables and records over positions ("Rules" above)
 * ---------------------------------------------------------------------- */

/* ---- Solving under any rules ---------------------------------------- */

/* The result of optimal play under some rules. Plain data. */
typedef struct {
    uint64_t n;               /* number of coins */
    coinline_i128_t sum;      /* the sum of the coins */
    coinline_i128_t p1, p2;   /* the final scores with optimal play; under
                               * REMAINING, where optimal play fixes p1 - p2
                               * but not p1 + p2, the scores along the line
                               * coinline_game_line() gives (ties to the
                               * left) */
    coinline_i128_t margin;   /* p1 - p2, the value of the game */
    coinline_winner_t winner; /* the sign of margin */
    uint64_t first;       /* the optimal first move, a position, 0 when n == 0:
                           * on a line the left end (1) on a tie, else n; on a
                           * circle the smallest optimal position */
    uint64_t steps;       /* the solver's elementary steps, to show the cost: on
                           * a circle as coinline_circle_result_t's; on a line n
                           * (LINEAR: the coins reduced), n(n + 1)/2 (DP: the
                           * cells), 2^n - 1 (BRUTE: the positions); under
                           * REMAINING those of the line played instead (LINEAR:
                           * the game's, coinline_game_steps()) */
    uint64_t reserved[4]; /* zero (the ABI policy, above) */
} coinline_game_result_t;

/* coinline_game_solve():
 * Solves coins[0..n-1] (coins may be NULL when n == 0) under rules with
 * the chosen solver and fills *result.
 * Cost, under TAKEN: that of coinline_solve() on a line (LINEAR O(n)),
 * of coinline_circle_solve() on a circle (LINEAR O(n log n)). Under
 * REMAINING, that of coinline_game_line(), whose scores it adds up:
 * LINEAR, a game plays both sides (coinline_game_new() and n moves,
 * O(n log n) amortised, the game's memory); DP and BRUTE, the shape's
 * line on the coins ~a[i] (coinline_line() or coinline_circle_line()),
 * plus 16 n bytes. All memory is freed before returning.
 * Returns 0, COINLINE_EINVAL (rules refused, result NULL, coins NULL with
 * n > 0, an unknown algo), COINLINE_ETOOBIG (BRUTE: n > COINLINE_BRUTE_MAX
 * on a line, + 1 on a circle; LINEAR on a circle: n >= 2^31 - 2; under
 * REMAINING also the line's limits: coinline_game_line()) or
 * COINLINE_ENOMEM. */
COINLINE_API int coinline_game_solve(const coinline_rules_t *rules,
                                     const int64_t *coins, size_t n,
                                     coinline_algo_t algo,
                                     coinline_game_result_t *result);

/* coinline_game_line():
 * The optimal line of play under rules: positions[k] is the position of
 * the coin move k + 1 takes, for k < n, each the optimal move there
 * (ties to the left; a circle's move 1: the smallest optimal position);
 * positions must hold n values (it may be NULL when n == 0).
 * Cost: LINEAR: the game engine plays both sides (coinline_game_new()
 * and n moves: O(n log n) amortised, its memory); DP: O(n^2) time and
 * n^2/16 + O(n) bytes (coinline_line()); BRUTE: O(2^n) (a circle:
 * O(n 2^n)). Freed before returning.
 * Returns 0, COINLINE_EINVAL (rules refused, positions NULL with n > 0,
 * coins NULL with n > 0, an unknown algo), COINLINE_ETOOBIG (as
 * coinline_line() on a line and coinline_circle_line() on a circle: BRUTE
 * n > COINLINE_BRUTE_MAX (+ 1 on a circle), DP n > COINLINE_DP_LINE_MAX
 * (+ 1), LINEAR n >= 2^32 - 5 on a line, 2^31 - 2 on a circle) or
 * COINLINE_ENOMEM. */
COINLINE_API int coinline_game_line(const coinline_rules_t *rules,
                                    const int64_t *coins, size_t n,
                                    coinline_algo_t algo, uint64_t *positions);

/* ---- A game in progress under any rules -------------------------------
 *
 * A game holds the rules, a copy of the coins, and the moves played
 * (optimal or not), and tells at the position reached the optimal move,
 * the value, the scores and the outcome of every legal move. It is the
 * engine above (coinline_engine_*) generalised to any rules: on a line it
 * is that engine; on a circle, move 1 is judged from the margins of every
 * first position (computed once, when first needed) and the later moves
 * by that engine on the line left.
 *
 * Cost: a move, an undo and a state are the engine's, O(log n) amortised
 * steps (see the engine above). On a circle, move 1 (play, or its undo
 * and a new move 1) builds the engine on the line left, O(n) time; the
 * first state asked at move 1 computes the margins of every first
 * position, O(n log n) (coinline_circle_margins()), kept by the game.
 * Memory: the engine's (coinline_engine_estimate() of n coins), plus
 * 8 n bytes for the copy of the coins and 8 n for the moves; under
 * REMAINING 8 n more (the coins ~a[i]); on a circle 16 n for the margins
 * and, while they are computed, the engine over 2n - 2 coins (freed
 * after). coinline_game_bytes() tells what is held.
 * ---------------------------------------------------------------------- */

/* An opaque handle. Owned by the caller: create with coinline_game_new(),
 * release with coinline_game_free(). */
typedef struct coinline_game coinline_game_t;

/* The position a game has reached. Plain data. */
typedef struct {
    uint64_t n;     /* coins in the game */
    uint64_t moves; /* moves played so far */
    uint64_t left;  /* coins left (n - moves) */
    int to_move;    /* 1 or 2: the player to move; 0 when no coin is left */
    coinline_i128_t p1, p2;       /* the scores so far */
    coinline_i128_t value;        /* the best the player to move can secure from
                                   * here, as its own score minus the other's
                                   * from here on; 0 when no coin is left */
    coinline_i128_t final_margin; /* p1 - p2 at the end if both play
                                   * optimally from here */
    uint64_t best;      /* the optimal move, a position: the left end on a
                         * tie; a circle's move 1: the smallest optimal
                         * position; 0 when no coin is left */
    uint64_t left_end;  /* the positions of the two ends of the coins left
                         * (equal with one coin left); 0 and 0 when any */
    uint64_t right_end; /* coin may be taken (a circle's move 1) or none
                         * is left */
    coinline_side_t best_side; /* best as an end: COINLINE_SIDE_LEFT or
                                * RIGHT (LEFT when both ends are the same
                                * coin); COINLINE_SIDE_NONE when best is
                                * not an end (a circle's move 1) or no coin
                                * is left */
    uint64_t reserved[4];      /* zero (the ABI policy, above) */
} coinline_game_state_t;

/* coinline_game_new():
 * Creates a game under rules on a copy of coins[0..n-1] (coins may be
 * NULL when n == 0), at its start, and stores it in *out (NULL on
 * failure).
 * Cost: O(n) time and the memory above (the margins of a circle and its
 * engine come later, when needed).
 * Returns 0, COINLINE_EINVAL (rules refused, out NULL, coins NULL with
 * n > 0), COINLINE_ETOOBIG (n >= 2^32 - 5 on a line, n >= 2^31 - 2 on a
 * circle) or COINLINE_ENOMEM. */
COINLINE_API int coinline_game_new(const coinline_rules_t *rules,
                                   const int64_t *coins, size_t n,
                                   coinline_game_t **out);

/* coinline_game_free(): releases the game. Accepts NULL. */
COINLINE_API void coinline_game_free(coinline_game_t *g);

/* coinline_game_state():
 * Fills *st with the position reached: the scores, the value, the
 * optimal move and the ends.
 * Cost: O(1) when asked again at the same position; otherwise the
 * engine's coinline_engine_state() (O(1) usually, O(log n) amortised at
 * worst), or at a circle's move 1 the margins the first time (above).
 * Writes to the game (it caches, and the engine may try a move and take
 * it back).
 * Returns 0, COINLINE_EINVAL (g or st NULL) or COINLINE_ENOMEM (a
 * circle's margins). */
COINLINE_API int coinline_game_state(coinline_game_t *g,
                                     coinline_game_state_t *st);

/* coinline_game_is_legal():
 * 1 when the player to move may take the coin at position (1-based):
 * one of the two ends of the coins left, or at a circle's move 1 any
 * position 1..n; 0 otherwise (no coin left, g NULL). Cost: O(1). */
COINLINE_API int coinline_game_is_legal(const coinline_game_t *g,
                                        uint64_t position);

/* coinline_game_play():
 * The player to move takes the coin at position, whether or not that is
 * optimal.
 * Cost: the engine's move, O(log n) amortised; a circle's move 1 builds
 * the engine on the line left, O(n) time and its memory.
 * Returns 0, COINLINE_EINVAL (g NULL), COINLINE_EMOVE (the move is not
 * legal: coinline_game_is_legal(); the game is then unchanged) or
 * COINLINE_ENOMEM (a circle's move 1; the game is then unchanged). */
COINLINE_API int coinline_game_play(coinline_game_t *g, uint64_t position);

/* coinline_game_undo():
 * Takes back the last move played.
 * Cost: the engine's undo, O(log n) amortised; the undo of a circle's
 * move 1 frees the engine of the line left, O(1).
 * Returns 0, or COINLINE_EINVAL (g NULL, or no move to take back). */
COINLINE_API int coinline_game_undo(coinline_game_t *g);

/* coinline_game_outcome():
 * The final margin p1 - p2 if the player to move takes the coin at
 * position and both play optimally after, into *final_margin: what a
 * review, a hint or an explanation of every legal move needs (the best
 * move's is the state's final_margin; a move's loss is the difference,
 * see coinline_move_review_t).
 * Cost: O(1) for the optimal move and at a circle's move 1 (once the
 * margins are known: the first call may compute them, as
 * coinline_game_state()); otherwise the move is played on the engine, its
 * state read and the move taken back: O(log n) amortised. The position
 * reached is unchanged.
 * Returns 0, COINLINE_EINVAL (g or final_margin NULL), COINLINE_EMOVE
 * (position not legal) or COINLINE_ENOMEM. */
COINLINE_API int coinline_game_outcome(coinline_game_t *g, uint64_t position,
                                       coinline_i128_t *final_margin);

/* coinline_game_play_text():
 * Plays the moves written in text[0..len-1] (need not be NUL-terminated),
 * in order, from the position reached. A move is:
 *   L or R (either case): the left or the right end of the coins left;
 *       letters may run together: "LRRL";
 *   a decimal position 1..n: "5 1 4" (numbers are separated by blanks,
 *       commas or a colon: "5,1,4"; a letter may follow a number);
 *   so a circle's game reads "5:LRL" (move 1 at position 5, then ends) or
 *   "5 1 4 2 3".
 * Blanks (spaces, tabs, line breaks) and commas between moves are
 * ignored. On an error nothing of the text stays played (the moves it
 * played are taken back) and *err (if not NULL) gives the line and the
 * 1-based column (in bytes) of the move at fault, with a message naming
 * the move by its number in the game: "move 3 is 'x', not L, R or a
 * position"; "move 2 is position 7, which is not an end of the coins
 * left (3 and 6)"; "move 4 is position 9, not on the row of 5 coins";
 * "move 1 is 'L', but any coin may be taken here: give its position (1
 * to 5)"; "move 6 is one too many: the row has 5 coins" (or "circle").
 * Cost: O(len) plus the moves played (coinline_game_play() each, and a
 * coinline_game_undo() each on an error).
 * Returns 0, COINLINE_EINVAL (g NULL, text NULL with len > 0),
 * COINLINE_EMOVE (above) or COINLINE_ENOMEM (a circle's move 1; nothing
 * stays played). */
COINLINE_API int coinline_game_play_text(coinline_game_t *g, const char *text,
                                         size_t len, coinline_error_t *err);

/* coinline_positions_text():
 * The moves positions[0..count-1] of a game of n coins under rules in the
 * notation of the ends, NUL-terminated into buf: L or R for a move that
 * takes an end (L when one coin is left), and where any coin may be taken
 * (a circle's move 1) the position and a colon: "LRRL" on a line,
 * "5:LRL" on a circle. coinline_game_play_text() reads it back as the
 * same moves. size must be at least the length plus one: count + 1 bytes
 * suffice on a line, count + 21 on a circle.
 * Cost: O(count), no allocation.
 * Returns the length written (without the NUL), or COINLINE_EINVAL
 * (rules refused, buf NULL, positions NULL with count > 0, size too
 * small) or COINLINE_EMOVE (a move that is not legal where it is
 * played); on an error buf[0] is NUL when size > 0. */
COINLINE_API int coinline_positions_text(const coinline_rules_t *rules,
                                         size_t n, const uint64_t *positions,
                                         size_t count, char *buf, size_t size);

/* coinline_game_rules(): the game's rules (owned by the game, valid until
 * coinline_game_free()); NULL for NULL. Cost: O(1). */
COINLINE_API const coinline_rules_t *
coinline_game_rules(const coinline_game_t *g);

/* coinline_game_coins(), coinline_game_size():
 * The game's copy of the coins, coinline_game_size() of them (owned by
 * the game, valid until coinline_game_free(); position p is coins[p - 1]);
 * NULL and 0 for NULL. Cost: O(1). */
COINLINE_API const int64_t *coinline_game_coins(const coinline_game_t *g);
COINLINE_API size_t coinline_game_size(const coinline_game_t *g);

/* coinline_game_moves(), coinline_game_history():
 * The number of moves played, and the position taken by move k (1-based,
 * 1 <= k <= coinline_game_moves(); 0 for any other k or NULL).
 * Cost: O(1). */
COINLINE_API uint64_t coinline_game_moves(const coinline_game_t *g);
COINLINE_API uint64_t coinline_game_history(const coinline_game_t *g,
                                            uint64_t k);

/* coinline_game_steps(), coinline_game_bytes():
 * The elementary steps done so far (the engines', as coinline_engine_
 * steps(), including those of a circle's margins), and the heap memory
 * the game holds, in bytes; 0 for NULL. Cost: O(1). */
COINLINE_API uint64_t coinline_game_steps(const coinline_game_t *g);
COINLINE_API uint64_t coinline_game_bytes(const coinline_game_t *g);

/* ---- The review of a game under any rules ---------------------------- */

/* coinline_game_analyze():
 * Replays positions[0..nmoves-1] (the 1-based position each move took)
 * under rules on coins[0..n-1] and judges each move into out[k], as
 * coinline_analyze() judges the classic game; out must hold nmoves
 * reviews (it may be NULL when nmoves == 0). A partial game is fine. In
 * each review (coinline_move_review_t):
 *   number, player   the move's number (1-based) and who made it;
 *   position, coin   the coin it took; side: as an end, LEFT (also when
 *                    one coin was left) or RIGHT; COINLINE_SIDE_NONE at a
 *                    circle's move 1, where any coin may be taken;
 *   best_position, best_coin, best   the optimal move there (the
 *                    state's best and best_side);
 *   loss, optimal    the classic loss on the coins the shape plays
 *                    (lib/analyze.c): under TAKEN the points of the
 *                    mover's final total the move gave away, under
 *                    REMAINING the points of the final margin; 0 exactly
 *                    for an optimal move, never negative;
 *   secured          under TAKEN the mover's final total with best play
 *                    from before the move; under REMAINING, where best
 *                    play fixes no score, the mover's final margin (own -
 *                    other's) with best play from before the move;
 *   p1, p2           the scores after the move;
 *   final_margin     p1 - p2 at the end with best play after the move.
 * Over a whole game, under TAKEN each player's total = its total under
 * best play - its own losses + the other's; under REMAINING the final
 * margin = the optimal margin - player 1's losses + player 2's.
 * Cost: coinline_game_new() and a move and two states of the game per
 * move: O((n + nmoves) log n) amortised steps, plus O(n log n) for a
 * circle's move 1; its memory, freed before returning.
 * Returns 0, COINLINE_EINVAL (rules refused, coins NULL with n > 0,
 * positions or out NULL with nmoves > 0), COINLINE_EMOVE (a move is not
 * legal there: *err, if err is not NULL, is at line 1, column k + 1 for
 * the first bad move positions[k], with a message as
 * coinline_game_play_text()'s: "move 2 is position 7, which is not an end
 * of the coins left (3 and 6)", "move 6 is one too many: the row has 5
 * coins"; out[0..k-1] are then filled), COINLINE_ETOOBIG (as
 * coinline_game_new()) or COINLINE_ENOMEM. */
COINLINE_API int coinline_game_analyze(const coinline_rules_t *rules,
                                       const int64_t *coins, size_t n,
                                       const uint64_t *positions, size_t nmoves,
                                       coinline_move_review_t *out,
                                       coinline_error_t *err);

/* ---- Strategies over a game under any rules --------------------------- */

/* A strategy's choice over a game (coinline_strategy_custom_game()): at
 * the position st of the game g (st->best is the optimal move;
 * coinline_game_is_legal() tells the legal ones), set *position to the
 * position of the coin to take. ctx is the pointer given with the
 * function. The game is the caller's: read it, never play on it. Return
 * 0, or a negative code, which coinline_strategy_choose() passes on. */
typedef int (*coinline_choose_fn_t)(void *ctx, const coinline_game_t *g,
                                    const coinline_game_state_t *st,
                                    uint64_t *position);

/* coinline_strategy_custom_game():
 * A strategy that calls fn(ctx, ...) for every move it is asked with
 * coinline_strategy_choose(), named name (copied; NULL gives "custom").
 * It has no move for coinline_strategy_move() or coinline_strategy_first()
 * (COINLINE_EINVAL there).
 * Cost: O(length of name). Returns 0, COINLINE_EINVAL (fn or out NULL) or
 * COINLINE_ENOMEM. */
COINLINE_API int coinline_strategy_custom_game(const char *name,
                                               coinline_choose_fn_t fn,
                                               void *ctx,
                                               coinline_strategy_t **out);

/* coinline_strategy_choose():
 * The strategy's move for the player to move in the game g, a position,
 * into *position. Does not play it. The built-in strategies
 * (coinline_strategy_new()) under any rules:
 *   "optimal"     the state's best;
 *   "greedy"      the legal move that scores the most at once (ties: the
 *                 left end; the smallest position where any coin may be
 *                 taken): under TAKEN the larger end, and a circle's
 *                 largest coin first; under REMAINING the smaller end;
 *   "parity"      parity on the coins as the classic game plays them (the
 *                 row; ~a under REMAINING: lib/remaining.c), with a
 *                 circle's first move as coinline_strategy_first() makes
 *                 it;
 *   "random"      each legal move with the same probability;
 *   "fallible:P"  optimal, except that with probability P a random one.
 * Under TAKEN, on a line and on a circle, the moves and the random draws
 * are exactly those of coinline_strategy_move() on the engine of the
 * line (a circle's after move 1: the line left, as
 * coinline_circle_rotate() writes it) and of coinline_strategy_first() at
 * a circle's move 1: the same seed plays the same games.
 * A strategy of coinline_strategy_custom() (a coinline_move_fn_t) is
 * called where the legal moves are the two ends of a line, with that
 * line's classic engine, as coinline_strategy_move() calls it (on a
 * circle after move 1 the line left as coinline_circle_rotate() writes
 * it, and its state counts the moves on that line only); it is refused
 * (COINLINE_EINVAL) at a circle's move 1 and under scorings other than
 * TAKEN, whose engine plays other coins: give such rules a
 * coinline_choose_fn_t.
 * Cost: a coinline_game_state(), plus that of coinline_strategy_move()
 * at two ends (O(n) once per engine for "parity"), O(n) at a circle's
 * move 1 for "greedy" and "parity", plus whatever a custom function
 * costs.
 * Returns 0; COINLINE_EINVAL (a NULL argument, no coin left, a move
 * function refused above or giving neither end); COINLINE_EMOVE (a
 * choose function gave a position that is not legal); COINLINE_ENOMEM;
 * or a custom function's own negative code. */
COINLINE_API int coinline_strategy_choose(coinline_strategy_t *s,
                                          coinline_game_t *g,
                                          uint64_t *position);

/* ---- The table of the programme under any rules ------------------------
 *
 * coinline_table_new() above makes the classic table; under any rules the
 * same handle holds, for every run of coins the game can leave, its value
 * for the player to move (in the rules' scoring), its optimal move and
 * whether the optimal line passes through it. A run is addressed by its
 * start position and its length: the length coins clockwise from start.
 *   line    start 1..n, length 1..n - start + 1 (the row's run from start);
 *           the start of the game is the run (1, n);
 *   circle  start 1..n, length 1..n - 1 (the arcs left after move 1, which
 *           wrap round position n); the start of the game is no run: its
 *           moves are judged by coinline_table_outcome().
 * The calls above that address a run as coins[lo..hi-1] read the run
 * (lo + 1, hi - lo) of such a table (on a circle, those that do not wrap).
 * Cost: O(n^2) time, about 17 n^2 bytes, n <= COINLINE_TABLE_MAX, as
 * above.
 * ---------------------------------------------------------------------- */

/* A run of the table. Plain data. */
typedef struct {
    coinline_i128_t value;     /* the best the player to move can secure
                                * there, own score minus the other's from
                                * there on, in the rules' scoring */
    uint64_t best;             /* its optimal move, a position: the run's
                                * first coin on a tie, else its last */
    coinline_side_t best_side; /* COINLINE_SIDE_LEFT (the first coin; also
                                * a run of one) or COINLINE_SIDE_RIGHT */
    int on_line;               /* 1 when the optimal line from the start leaves
                                * exactly this run (a line's whole row too) */
    uint64_t reserved[2];      /* zero (the ABI policy, above) */
} coinline_table_cell_t;

/* coinline_table_new_rules():
 * The table of coins[0..n-1] (copied; coins may be NULL when n == 0)
 * under rules into *out (NULL on failure); coinline_table_new(coins, n,
 * out) is this with the classic rules.
 * Cost: O(n^2) time and about 17 n^2 bytes.
 * Returns 0, COINLINE_EINVAL (rules refused, out NULL, coins NULL with
 * n > 0), COINLINE_ETOOBIG (n > COINLINE_TABLE_MAX) or COINLINE_ENOMEM. */
COINLINE_API int coinline_table_new_rules(const coinline_rules_t *rules,
                                          const int64_t *coins, size_t n,
                                          coinline_table_t **out);

/* coinline_table_rules(): the table's rules (owned by the table, valid
 * until coinline_table_free()); NULL for NULL. Cost: O(1). */
COINLINE_API const coinline_rules_t *
coinline_table_rules(const coinline_table_t *t);

/* coinline_table_cell():
 * The run of length coins from position start into *cell (see above for
 * the runs of each shape).
 * Cost: O(1). Returns 0, or COINLINE_EINVAL (t or cell NULL, or no such
 * run). */
COINLINE_API int coinline_table_cell(const coinline_table_t *t, uint64_t start,
                                     uint64_t length,
                                     coinline_table_cell_t *cell);

/* coinline_table_first():
 * The optimal first move, a position (a line's left end on a tie, a
 * circle's smallest optimal position); 0 for an empty row or NULL.
 * Cost: O(1). */
COINLINE_API uint64_t coinline_table_first(const coinline_table_t *t);

/* coinline_table_outcome():
 * The final margin p1 - p2 if the first move takes position and both play
 * optimally after, into *final_margin (the first move's is the game's
 * margin; on a circle, every position's: what the circle's table shows).
 * Cost: O(1). Returns 0, COINLINE_EINVAL (t or final_margin NULL) or
 * COINLINE_EMOVE (position is not a legal first move). */
COINLINE_API int coinline_table_outcome(const coinline_table_t *t,
                                        uint64_t position,
                                        coinline_i128_t *final_margin);

/* ---- Records of games under any rules ---------------------------------
 *
 * coinline_record_parse() reads, and coinline_record_write() writes,
 * games under any rules (docs/record.md): a record's rules are its circle
 * and score fields. Under the classic scoring a game is written in the
 * classic forms (a "circle FIRST" key on a circle, moves in L and R),
 * byte for byte as before, which every reader of records reads; under
 * the others in the general form, a "rules" key (coinline_rules_name())
 * and the moves as positions, which an older reader refuses (an unknown
 * key) rather than misreads. Both forms are read.
 * ---------------------------------------------------------------------- */

/* coinline_record_rules():
 * The rules of the record g into *rules: the shape circle when g->circle,
 * else line; the scoring g->score.
 * Cost: O(1). Returns 0, or COINLINE_EINVAL (a NULL argument, circle
 * neither 0 nor 1, an unknown score). */
COINLINE_API int coinline_record_rules(const coinline_record_t *g,
                                       coinline_rules_t *rules);

/* coinline_record_positions():
 * The moves of the record g as positions (a circle's first, then the
 * ends its L and R name), into positions[0..*count-1], as
 * coinline_game_play() and coinline_game_analyze() take them; *count is
 * nmoves + 1 on a circle whose first move was played, else nmoves.
 * positions may be NULL: then only *count is set (to size the array).
 * Cost: O(nmoves), no allocation. Returns 0, or COINLINE_EINVAL (g or
 * count NULL, rules refused by coinline_record_rules(), moves that are
 * not L and R or do not fit the row or circle). */
COINLINE_API int coinline_record_positions(const coinline_record_t *g,
                                           uint64_t *positions, size_t *count);

/* coinline_record_write_game():
 * Writes the game g as one game of a record, as coinline_record_write()
 * writes it: its rules, coins and moves from g, the rest (number, names,
 * forfeit_seat, verdict) from meta (meta's coins, n, moves, nmoves,
 * circle, first, score and totals are ignored; the totals are computed).
 * Cost: O(n + moves) time, moves + 1 bytes for the moves as letters
 * (freed). Returns 0, COINLINE_EINVAL (a NULL argument, or a game that
 * breaks the format, as coinline_record_write(): nothing is written),
 * COINLINE_ENOMEM or COINLINE_EIO. */
COINLINE_API int coinline_record_write_game(FILE *fp,
                                            const coinline_record_t *meta,
                                            const coinline_game_t *g);

/* ------------------------------------------------------------------------
 * Streaming solver: solve a row as its coins arrive, without storing them
 * ---------------------------------------------------------------------- */

/* An opaque handle. Owned by the caller: create with coinline_stream_new(),
 * release with coinline_stream_free(). */
typedef struct coinline_stream coinline_stream_t;

/* coinline_stream_new():
 * Creates a streaming linear solver for one row at a time and stores it in
 * *out (set to NULL on failure).
 * Cost: O(1). Returns 0, COINLINE_EINVAL (out NULL) or COINLINE_ENOMEM. */
COINLINE_API int coinline_stream_new(coinline_stream_t **out);

/* coinline_stream_push():
 * Appends one coin to the right end of the current row.
 * Cost: O(1) amortised. Memory: two stacks of reduced values (8 bytes each,
 * 16 once sum|a[i]| passes INT64_MAX) grown by doubling from 64 values;
 * at most about 3 values per coin in the worst case (a rising row: about
 * 10 bytes per coin measured), a few hundred values for a random row of
 * any length.
 * Returns 0, COINLINE_EINVAL (s NULL) or COINLINE_ENOMEM (the coins pushed
 * before are kept). */
COINLINE_API int coinline_stream_push(coinline_stream_t *s, int64_t coin);

/* coinline_stream_push_many(): coinline_stream_push() for coins[0..n-1].
 * Cost and returns: as n calls of coinline_stream_push(). */
COINLINE_API int coinline_stream_push_many(coinline_stream_t *s,
                                           const int64_t *coins, size_t n);

/* coinline_stream_result():
 * The result of optimal play on the coins pushed so far (the same as
 * coinline_solve() on them). The stream is left as it was: more coins may
 * be pushed after.
 * Cost: O(b) time where b <= n is the number of blocks left after the
 * reduction; no allocation.
 * Returns 0 or COINLINE_EINVAL (s or result NULL). */
COINLINE_API int coinline_stream_result(const coinline_stream_t *s,
                                        coinline_result_t *result);

/* coinline_stream_append():
 * Appends to s the row pushed into tail, as if each of tail's coins had
 * been pushed into s after s's own: s then holds the row s + tail, and its
 * result is that of the whole row. tail is not changed. With it, two
 * threads can each reduce one part of a long row on a stream of their own
 * and join the parts (the reduction is confluent: see lib/linear.c).
 * Cost: O(b) time where b is the number of values tail holds (its reduced
 * blocks: a few hundred for a random row, up to its length for a rising or
 * falling one); s grows by at most 3b values. Moves s to 128-bit values
 * when the two rows together need them.
 * Returns 0, COINLINE_EINVAL (s or tail NULL, or s == tail) or
 * COINLINE_ENOMEM (then s holds its row as before). */
COINLINE_API int coinline_stream_append(coinline_stream_t *s,
                                        const coinline_stream_t *tail);

/* coinline_stream_reset(): empties the row, keeping the memory for reuse.
 * Cost: O(1). Accepts NULL. */
COINLINE_API void coinline_stream_reset(coinline_stream_t *s);

/* coinline_stream_free(): releases s and all its memory. Accepts NULL. */
COINLINE_API void coinline_stream_free(coinline_stream_t *s);

/* ------------------------------------------------------------------------
 * Reader for the classic text format
 *
 * A stream holds zero or more games one after the other. A game is a count
 * N (0 <= N <= COINLINE_MAX_COUNT) followed by N integers. Tokens are
 * separated by any whitespace; '#' starts a comment that runs to the end of
 * the line. Integers are decimal with an optional sign, within int64.
 * A UTF-8 byte-order mark (EF BB BF) at the very start of the input is
 * skipped, and line 1's columns count from after it; anywhere else it is
 * a bad token (COINLINE_ESYNTAX). Checking for it reads no further than
 * bytes that could begin one, so a short line typed on a terminal is not
 * held back.
 * The reader never allocates according to a count it has read: memory
 * grows only as coins actually arrive.
 *
 * Games of several rows (opt-in: coinline_reader_allow_rows()). A game of
 * several rows is the word "rows", its number of rows K (1 <= K <=
 * COINLINE_MAX_ROWS), then K rows each in the classic form, its count then
 * its coins: "rows 2  3 1 3 5  2 2 9" (any whitespace, usually a line
 * each). Games of both forms may follow one another. The rows are read one
 * after the other with coinline_reader_next_row() and the coin calls, or
 * all at once with coinline_reader_read_rows(); a whole game of either
 * form with coinline_reader_read_layout(). The errors name the row:
 * K not a number or out of range, a row's count missing or not a number,
 * a row cut short (its coin errors end in "(in row R of K)"), fewer rows
 * than K at the end of the input, "rows" where a row's count should be.
 * Without allow_rows, "rows" where a count should be is an error
 * (COINLINE_ESYNTAX) whose message says that the game has several rows.
 * ---------------------------------------------------------------------- */

/* The largest count a game may announce (10^12); larger counts are
 * rejected at once with COINLINE_ECOUNT. */
#define COINLINE_MAX_COUNT UINT64_C(1000000000000)

/* The largest number of rows a game of several rows may announce (10^9);
 * a limit on the number read, which never sizes an allocation: larger
 * numbers are rejected at once with COINLINE_ECOUNT. */
#define COINLINE_MAX_ROWS UINT64_C(1000000000)

/* coinline_reader_next_game()'s return for a game of several rows. */
#define COINLINE_READER_ROWS 2

/* An opaque handle. Owned by the caller; release with
 * coinline_reader_free(). */
typedef struct coinline_reader coinline_reader_t;

/* coinline_reader_from_file():
 * Creates a reader over an open stdio stream (any FILE: a file, a pipe,
 * fmemopen(), one already partly read with stdio); fp stays owned by the
 * caller and must outlive the reader. It reads with fread() in 256 KiB
 * chunks, so on a pipe a game is seen only when a chunk or the end
 * arrives: for live input use coinline_reader_from_fd(). name is copied and
 * used in error positions (NULL gives "<stdin>").
 * Cost: O(1); allocates a 256 KiB buffer.
 * Returns 0, COINLINE_EINVAL or COINLINE_ENOMEM; *out is NULL on failure. */
COINLINE_API int coinline_reader_from_file(FILE *fp, const char *name,
                                           coinline_reader_t **out);

/* coinline_reader_from_fd():
 * Creates a reader over an open file descriptor, read with read(2), so a
 * game arriving on a pipe or terminal is available as soon as its last
 * coin is. A regular file is read with pread(2) from fd's offset on, and
 * the offset is moved to the end at once (as reading it all would); that
 * lets coinline_reader_split() give part of it to a second reader. fd
 * stays owned by the caller. name as above.
 * Cost: O(1); allocates a 256 KiB buffer.
 * Returns 0, COINLINE_EINVAL (fd < 0, out NULL) or COINLINE_ENOMEM. */
COINLINE_API int coinline_reader_from_fd(int fd, const char *name,
                                         coinline_reader_t **out);

/* coinline_reader_from_memory():
 * Creates a reader over data[0..len-1] (not copied: it must outlive the
 * reader; need not be NUL-terminated). name as above (NULL gives
 * "<memory>").
 * Cost: O(1). Returns 0, COINLINE_EINVAL or COINLINE_ENOMEM. */
COINLINE_API int coinline_reader_from_memory(const char *data, size_t len,
                                             const char *name,
                                             coinline_reader_t **out);

/* A function a reader calls just before it reads more from its source. */
typedef void (*coinline_reader_read_fn_t)(void *ctx);

/* coinline_reader_on_read():
 * Makes the reader call fn(ctx) each time it is about to read more input
 * from its file, descriptor or stream (not for a reader over memory),
 * before the read: on a pipe or a terminal that read may wait, so a
 * program answering game by game flushes its answers there, and only
 * there (coinline solve does: flushing after every game costs a write
 * each). fn NULL removes it. fn must not use the reader.
 * Cost: O(1). Returns 0, or COINLINE_EINVAL (r NULL). */
COINLINE_API int coinline_reader_on_read(coinline_reader_t *r,
                                         coinline_reader_read_fn_t fn,
                                         void *ctx);

/* coinline_reader_free(): releases the reader (not its FILE). Accepts NULL.
 */
COINLINE_API void coinline_reader_free(coinline_reader_t *r);

/* coinline_reader_allow_rows():
 * on != 0: the reader takes games of several rows ("rows K", then K
 * rows), and coinline_reader_next_game() returns COINLINE_READER_ROWS
 * for them; on == 0 (the default): "rows" is an error at its place, so a
 * caller that knows only games of one row never meets one. May be called
 * at any time; it applies from the next game on.
 * Cost: O(1). Returns 0, or COINLINE_EINVAL (r NULL). */
COINLINE_API int coinline_reader_allow_rows(coinline_reader_t *r, int on);

/* coinline_reader_next_game():
 * Reads the count of the next game into *count. If coins (or rows) of the
 * previous game were not all read, they are skipped first (and checked).
 * Cost: O(length of the tokens read).
 * Returns 1 when a game starts, 0 at the clean end of the stream, or a
 * negative code (COINLINE_ESYNTAX, COINLINE_ERANGE, COINLINE_ECOUNT,
 * COINLINE_ETRUNC, COINLINE_EIO, COINLINE_EINVAL); after an error,
 * coinline_reader_error() tells where, and the reader stays failed.
 * With coinline_reader_allow_rows() on, returns COINLINE_READER_ROWS (2)
 * when a game of several rows starts, with its number of rows in *count;
 * its rows follow (coinline_reader_next_row(), _read_rows()). */
COINLINE_API int coinline_reader_next_game(coinline_reader_t *r,
                                           uint64_t *count);

/* coinline_reader_next_coin():
 * Reads the next coin of the current game into *coin.
 * Cost: O(length of the token).
 * Returns 1 with a coin, 0 when the current game has no coins left, or a
 * negative code as for coinline_reader_next_game() (COINLINE_ETRUNC when
 * the stream ends before the announced count). */
COINLINE_API int coinline_reader_next_coin(coinline_reader_t *r, int64_t *coin);

/* coinline_reader_next_coins():
 * Reads up to max coins of the current game into coins[0..max-1]; *got
 * receives how many (also on error: those are valid). The fast way to read
 * a long game.
 * Cost: O(length of the tokens read).
 * Returns 1 when *got > 0, 0 when the current game has no coins left, or
 * a negative code as for coinline_reader_next_coin(); COINLINE_EINVAL when
 * max is 0. */
COINLINE_API int coinline_reader_next_coins(coinline_reader_t *r,
                                            int64_t *coins, size_t max,
                                            size_t *got);

/* coinline_reader_read_game():
 * Reads the next whole game into a new array: on success *coins points to
 * n values (NULL when n == 0), owned by the caller and released with
 * free(). The array grows as coins arrive, never by the announced count.
 * Cost: O(n) time, at most 2n * 8 bytes while growing.
 * Returns 1 with a game, 0 at the clean end of the stream, or a negative
 * code as above, COINLINE_ENOMEM included (then *coins is NULL and
 * nothing is left to free). With coinline_reader_allow_rows() on, a game
 * of several rows returns COINLINE_READER_ROWS with *coins NULL and its
 * number of rows in *n: read its rows with coinline_reader_read_rows(). */
COINLINE_API int coinline_reader_read_game(coinline_reader_t *r,
                                           int64_t **coins, size_t *n);

/* coinline_reader_next_row():
 * In a game of several rows, reads the count of its next row into *count;
 * the row's coins are then read with coinline_reader_next_coin(s) (which
 * return 0 at the row's end). If coins of the previous row were not all
 * read, they are skipped first (and checked).
 * Cost: O(length of the tokens read).
 * Returns 1 when a row starts, 0 when the current game has no row left
 * (a game of one row has none: its coins are read as they are), or a
 * negative code as for coinline_reader_next_game(): COINLINE_ETRUNC when
 * the input ends before the game's K rows, COINLINE_ESYNTAX for a count
 * that is not a number (or "rows" there), COINLINE_ECOUNT for a negative
 * or absurd one. */
COINLINE_API int coinline_reader_next_row(coinline_reader_t *r,
                                          uint64_t *count);

/* coinline_reader_read_rows():
 * Reads the rest of the current game as rows into new arrays, owned by the
 * caller and released with free(): the coins of row 0, then of row 1, and
 * so on in *coins (*n in all; NULL when n == 0), and each row's count in
 * *lens (*k rows, one after the other: the layout of
 * coinline_multirow_solve()). After coinline_reader_next_game() returned
 * COINLINE_READER_ROWS: the rows not yet begun (and the coins left of the
 * row being read, as a row); after it returned 1: the coins left of that
 * game, as one row (*k == 1). Both arrays grow as coins and rows arrive,
 * never by an announced count.
 * Cost: O(n + k) time, at most 2n * 8 + 2k * 8 bytes while growing.
 * Returns 1 with the rows, 0 when no game is being read (before the first
 * game, or when this call has read the current one; nothing is stored),
 * or a negative code as above, COINLINE_ENOMEM included (then
 * both arrays are NULL and nothing is left to free). */
COINLINE_API int coinline_reader_read_rows(coinline_reader_t *r,
                                           int64_t **coins, size_t *n,
                                           uint64_t **lens, size_t *k);

/* coinline_reader_read_layout():
 * Reads the next whole game, of either form, as rows: coinline_reader_
 * next_game() then coinline_reader_read_rows(); a game of one row gives
 * *k == 1 (and *lens[0] == *n). Games of several rows are taken only when
 * coinline_reader_allow_rows() is on (else "rows" is an error, as for
 * coinline_reader_next_game()).
 * Cost: as coinline_reader_read_rows().
 * Returns 1 with a game, 0 at the clean end of the stream, or a negative
 * code as above (then both arrays are NULL). */
COINLINE_API int coinline_reader_read_layout(coinline_reader_t *r,
                                             int64_t **coins, size_t *n,
                                             uint64_t **lens, size_t *k);

/* coinline_reader_split():
 * Offers to read the rest of the current game as two parts at once, e.g.
 * on two threads. Only a reader over memory (from
 * coinline_reader_from_memory()) or over a regular file (from
 * coinline_reader_from_fd()) is split, in a game with 2 or more coins
 * left, when at least min_bytes of input are left and the game's text
 * seems to run to the end of the input (a guess from the first 64 KiB,
 * made when over 256 KiB are left); otherwise *tail is NULL and nothing
 * changes.
 * On a split, *tail is a new reader over the second half of what is left,
 * cut just after a white-space byte (on a file, with its own 256 KiB
 * buffer, read with pread(2)), and r reads only up to the cut:
 * coinline_reader_next_coin(s) on r returns 0 at the cut without an error.
 * On the tail it returns 0 at the end of the input, and a negative code
 * at an error, which the caller may drop: the tail's errors are never
 * reported (join refuses such a tail, and r meets the error at its place
 * when it goes on). Read both, the tail until it returns 0 or less, each
 * part on one thread at a time (they share only the input; only
 * coinline_reader_next_coin(s) may be called), then end the split with
 * coinline_reader_join(). The tail is owned by that call.
 * Cost: O(window): it may read one more buffer (256 KiB) on a file, looks
 * at up to 64 KiB for the guess, and scans from the middle for a
 * white-space byte (up to 4 KiB read beyond the window); allocates the
 * tail.
 * Returns 0, the reader's error if it has failed, COINLINE_EINVAL (r or
 * tail NULL) or COINLINE_ENOMEM (then r is unchanged). */
COINLINE_API int coinline_reader_split(coinline_reader_t *r, size_t min_bytes,
                                       coinline_reader_t **tail);

/* coinline_reader_join():
 * Ends a split and frees tail (NULL is accepted: nothing was read from a
 * tail). *joined = 1 when the tail's coins complete r's game exactly: r
 * read its part with no error and no comment open at the cut, the tail
 * read clean to the end of the input, and the two parts hold the game's
 * count; r is then past the game, at the end of the input, and the game's
 * coins are r's followed by the tail's. Otherwise *joined = 0: drop what
 * the tail gave; r goes on from where its part ended as if it had never
 * been split (more coins of the game, or its errors, at their places).
 * After a join on a file, r reads on with pread(2) from the end, as one
 * reader would, should the file have grown since the split.
 * Cost: O(blank bytes at the two ends); on a file, also counting the lines
 * of at most one buffer of each part. Returns 0, r's error if it failed,
 * or COINLINE_EINVAL (r or joined NULL, or r not split). */
COINLINE_API int coinline_reader_join(coinline_reader_t *r,
                                      coinline_reader_t *tail, int *joined);

/* coinline_reader_game_index():
 * The 1-based number of the current game (0 before the first). Cost: O(1).
 */
COINLINE_API uint64_t coinline_reader_game_index(const coinline_reader_t *r);

/* coinline_reader_name():
 * The name the reader was created with ("<stdin>", "<memory>" when none
 * was given), as errors should name the input; owned by the reader,
 * valid until coinline_reader_free(); "" for NULL. Cost: O(1). */
COINLINE_API const char *coinline_reader_name(const coinline_reader_t *r);

/* coinline_reader_last_token():
 * Fills *err with the place of the last token read (the count, after
 * coinline_reader_next_game()); its message is "". Lets a caller name the
 * place of a game it refuses (e.g. one too long for a solver).
 * Cost: O(1). Returns 0, or COINLINE_EINVAL when r or err is NULL or no
 * token was read yet. */
COINLINE_API int coinline_reader_last_token(const coinline_reader_t *r,
                                            coinline_error_t *err);

/* coinline_reader_error():
 * Fills *err with the place (line and column of the offending token or
 * end; 0 and 0 for a read error) and the message of the reader's error.
 * Cost: O(1). Returns 0, or COINLINE_EINVAL when r or err is NULL or the
 * reader has not failed. */
COINLINE_API int coinline_reader_error(const coinline_reader_t *r,
                                       coinline_error_t *err);

/* coinline_row_parse():
 * Parses a row given as text, e.g. "1 3 5 2 9" or "1,3,5,2,9" (values
 * separated by whitespace and/or single commas, no count), as given on a
 * command line. On success *coins (owned by the caller, free()) holds *n
 * values (NULL when n == 0). On a bad token *err (if not NULL) says where
 * (line 1, the token's 1-based column) and why, e.g. "expected an
 * integer, found 'x' (coins are integers separated by spaces or commas)".
 * A UTF-8 byte-order mark at the start of text is skipped, as by the
 * reader (columns count from after it).
 * Cost: O(len) time and O(n) memory.
 * Returns 0, COINLINE_ESYNTAX, COINLINE_ERANGE, COINLINE_EINVAL or
 * COINLINE_ENOMEM. */
COINLINE_API int coinline_row_parse(const char *text, int64_t **coins,
                                    size_t *n, coinline_error_t *err);

/* coinline_rows_parse():
 * Parses several rows given as text, '/' between rows, e.g.
 * "1 3 5 / 2 9 / 4": each row as coinline_row_parse() takes it. On
 * success *coins (owned by the caller, free()) holds the *n coins of all
 * rows one after the other (NULL when n == 0) and *lens (owned by the
 * caller, free(); never NULL) each row's count, *k rows: the layout of
 * coinline_multirow_solve(). Text without '/' is one row: the result and
 * the errors of coinline_row_parse() (*k == 1). There is always one row
 * more than there are '/': a row of nothing but blanks is an empty row,
 * wherever it is ("1 / / 2": 3 rows, the middle one empty; "1 2 /": 2 rows, the
 * last one empty; "": 1 empty row). On a bad token *err (if not NULL) says
 * where (line 1, the 1-based column in text, not in its row) and why, as
 * coinline_row_parse() says it.
 * Cost: O(len) time and O(n + k) memory.
 * Returns 0, COINLINE_ESYNTAX, COINLINE_ERANGE, COINLINE_EINVAL or
 * COINLINE_ENOMEM (then nothing is left to free). */
COINLINE_API int coinline_rows_parse(const char *text, int64_t **coins,
                                     size_t *n, uint64_t **lens, size_t *k,
                                     coinline_error_t *err);

/* ------------------------------------------------------------------------
 * Checking a solution: the games of a check, shrinking, growth
 *
 * What coinline check (and the bindings' check()) does with a learner's
 * solution: play it on a fixed list of games (the plan's), each with its
 * exact answer from the solvers above; on a failure, shrink the game to a
 * small one that still fails; and tell how the solution's time grows with
 * the number of coins. The three parts are here so that the tool, the
 * bindings and a C program testing its own function run the same games
 * and report the same small counterexamples.
 * ---------------------------------------------------------------------- */

/* The games of a check. min/max bound every coin; no game has more than
 * max_n coins, nor an odd number of coins when even is set. */
typedef struct {
    int64_t min, max; /* the coins' values: min <= max */
    size_t max_n;     /* the largest game, 1..COINLINE_CHECK_N_MAX */
    int even;         /* even numbers of coins only (max_n >= 2) */
    int allow_empty;  /* the list starts with the empty row */
    uint64_t seed;    /* the random rows' seed */
} coinline_check_plan_t;

#define COINLINE_CHECK_N_MAX (UINT64_C(1) << 28)

/* What a game of the list is there for, in the order of the list. */
typedef enum {
    COINLINE_CHECK_EDGE = 0, /* 0, 1, 2 and 3 coins at the range's ends */
    COINLINE_CHECK_EXAMPLE,  /* the classic write-ups' worked examples */
    COINLINE_CHECK_TIE,      /* all coins equal; rows that end in a tie */
    COINLINE_CHECK_SMALL,    /* random rows of 1 to 12 coins, odd and even */
    COINLINE_CHECK_TRAP,     /* rows where greedy or the parity trick lose */
    COINLINE_CHECK_GROWING   /* random rows of growing size, up to max_n */
} coinline_check_kind_t;

/* coinline_check_kind_name():
 * "edge", "example", "tie", "small", "trap", "growing", or NULL for
 * another value. Cost: O(1). */
COINLINE_API const char *coinline_check_kind_name(coinline_check_kind_t kind);

/* coinline_check_count():
 * The number of games of plan into *count. The list is fixed by the plan:
 * the same plan gives the same games, in the same order, everywhere.
 * The worked examples and the hand-made traps are left out when a coin of
 * theirs is outside [min, max] (other traps are then searched among
 * random rows of the range: a few hundred small games played at most).
 * Cost: O(that search); no memory kept.
 * Returns 0, COINLINE_EINVAL (plan or count NULL, min > max, max_n 0 or
 * above COINLINE_CHECK_N_MAX, even with max_n < 2) or COINLINE_ENOMEM. */
COINLINE_API int coinline_check_count(const coinline_check_plan_t *plan,
                                      uint64_t *count);

/* coinline_check_game():
 * Game k (0-based, k < the count) of plan: its coins into coins[0..*n-1]
 * (cap values are room enough for any game of the plan when cap >=
 * max_n), and why it is in the list into *kind (kind may be NULL). A
 * random game depends only on the plan and k.
 * Cost: O(*n) for most games; a trap's search as coinline_check_count().
 * Returns 0, COINLINE_EINVAL (plan or n NULL, a plan refused as above,
 * coins NULL with cap > 0, k past the last game), COINLINE_ETOOBIG (the
 * game has more than cap coins: *n is set, nothing else written) or
 * COINLINE_ENOMEM. */
COINLINE_API int coinline_check_game(const coinline_check_plan_t *plan,
                                     uint64_t k, int64_t *coins, size_t cap,
                                     size_t *n, coinline_check_kind_t *kind);

/* Whether a game still fails, for coinline_check_shrink(): return 1 if
 * the row coins[0..n-1] fails (the way that counts to the caller), 0 if
 * it passes, or a negative code, which stops the shrinking. */
typedef int (*coinline_check_fails_fn_t)(void *ctx, const int64_t *coins,
                                         size_t n);

/* coinline_check_shrink():
 * Shrinks the failing row coins[0..*n-1] in place to a smaller one that
 * still fails: drops runs of coins (halves, then quarters, ... then single
 * coins; pairs when plan->even), then moves all coins together towards
 * the value of [min, max] nearest 0 (by halving steps: a tie stays a
 * tie), then each coin (at once, then by halving the distance), repeated
 * while a step succeeds and fewer than budget calls of fails have been
 * made. Every row tried keeps to the plan (at least 1 coin, or
 * 0 with allow_empty; even counts when even; values in [min, max]); the
 * row is never made larger. *runs (may be NULL) receives the number of
 * calls made.
 * Cost: at most budget calls of fails, each on at most *n coins, plus
 * O(*n) memory for the row tried.
 * Returns 0; COINLINE_EINVAL (plan, n or fails NULL, coins NULL with *n >
 * 0, min > max); COINLINE_ENOMEM; or fails's negative code
 * (coins then holds the smallest failing row found so far). */
COINLINE_API int coinline_check_shrink(const coinline_check_plan_t *plan,
                                       int64_t *coins, size_t *n,
                                       unsigned budget,
                                       coinline_check_fails_fn_t fails,
                                       void *ctx, unsigned *runs);

/* How a solution's time grows with the number of coins. */
typedef enum {
    COINLINE_GROWTH_UNKNOWN = 0, /* too fast, too few or too noisy to tell */
    COINLINE_GROWTH_LINEAR,      /* about n (n log n included) */
    COINLINE_GROWTH_QUADRATIC,   /* about n^2 */
    COINLINE_GROWTH_CUBIC,       /* about n^3 */
    COINLINE_GROWTH_POLYNOMIAL,  /* n^k, k about 4 or more */
    COINLINE_GROWTH_EXPONENTIAL  /* doubling every few coins */
} coinline_growth_t;

/* coinline_growth_name():
 * "unknown", "n", "n^2", "n^3", "n^k", "exponential", or NULL for another
 * value. Cost: O(1). */
COINLINE_API const char *coinline_growth_name(coinline_growth_t growth);

/* coinline_check_growth():
 * The growth of the times seconds[i] measured on games of n[i] coins, i <
 * count (any order; a size may repeat: its fastest run counts). base is
 * the time of a game that does nothing (a process's start, 0 when
 * unknown): it is taken off each time first. The noise is the larger of
 * 2 ms, base / 20 and three times the median absolute deviation of the
 * runs of at most 3 coins from base; a size counts when its time passes
 * four times the noise. The slope of log time over log n on the longer
 * half of those sizes gives the power; a slope that itself grows with n,
 * or times that double every few coins, give EXPONENTIAL. UNKNOWN when
 * fewer than three sizes count, the longest time is under eight times
 * the noise, or the slope is under 0.5 (too fast to tell). *exponent (may
 * be NULL) receives the fitted power (0 when UNKNOWN).
 * Cost: O(count^2) time, no memory. Returns 0, or COINLINE_EINVAL (n,
 * seconds or growth NULL with count > 0, growth NULL). */
COINLINE_API int coinline_check_growth(const size_t *n, const double *seconds,
                                       size_t count, double base,
                                       coinline_growth_t *growth,
                                       double *exponent);

/* ------------------------------------------------------------------------
 * The best reply to a known opponent
 *
 * When the opponent is known to follow a rule (SPOJ TWENDS: player 2 is
 * greedy), the best reply is not optimal play: it is the interval
 * programme with one player maximising its margin and the other
 * following its rule (lib/against.c says why it is right). A random rule
 * gives an expected value: exact, as a fraction.
 * ---------------------------------------------------------------------- */

/* The work the programme may do: cells times words a cell, about 1.5 s
 * on this project's machines (5 ns a word and cell). n (n + 1) / 2
 * cells; 2 words a cell against greedy, parity and optimal; against
 * random and fallible:P, 96 bits plus m ceil(log2(2q)) (m: the
 * opponent's moves, P = p/q in lowest terms), which keeps an expectation
 * exact. So: n up to about 17300 against a deterministic rule, 4150 against
 * random, 2900 against fallible:0.25 (q = 4), fewer for a P of more
 * digits (2450 for 0.3). */
#define COINLINE_AGAINST_WORK_MAX 3.0e8

/* The result. Owned by the caller: coinline_against_free() releases the
 * texts. */
typedef struct {
    int exact; /* 1 against a deterministic rule (greedy, parity,
                * optimal, fallible:0): p1, p2 and margin are set */
    coinline_side_t first_move;      /* player 1's best first move when the
                                      * opponent is player 2 (ties to the
                                      * left); NONE when it is player 1 or the
                                      * row is empty */
    coinline_i128_t p1, p2, margin;  /* the totals and p1 - p2 when exact;
                                      * zero otherwise */
    double expected_margin;          /* p1 - p2 (expected), roughly */
    double expected_p1, expected_p2; /* the totals (expected), roughly */
    char *margin_text, *p1_text, *p2_text; /* exactly: "7", "-13/4", the
                                            * fraction in lowest terms */
    uint64_t reserved[4];                  /* zero */
} coinline_against_t;

/* coinline_against_solve():
 * Player 1's and player 2's totals on coins[0..n-1] when the player in
 * seat (1 or 2) follows the rule spec - "greedy", "parity", "optimal",
 * "random" or "fallible:P" (P a decimal in [0, 1], at most 18 digits
 * after the point), as coinline_strategy_new() names them, except that P
 * is taken exactly (the strategy draws against a 53-bit threshold) - and
 * the other player replies as well as it can against that rule. The
 * best reply at any position is coinline_against_solve() on the coins
 * left with the rule in seat 2: its first_move. To put the known rule in
 * player 1's seat, give seat 1.
 * Cost: O(n^2) time (cells times words, COINLINE_AGAINST_WORK_MAX), O(n)
 * memory: 2 (n + 2) numerators of the words above, and 3 (n + 2) 128-bit
 * values; freed before returning but the texts.
 * Returns 0, COINLINE_EINVAL (out or spec NULL, coins NULL with n > 0, an
 * unknown rule, P out of range, seat not 1 or 2), COINLINE_ETOOBIG (the
 * work above passes the limit) or COINLINE_ENOMEM; *out is zeroed on
 * failure. */
COINLINE_API int coinline_against_solve(const int64_t *coins, size_t n,
                                        const char *spec, int seat,
                                        coinline_against_t *out);

/* The longest row coinline_against_line() takes: its table holds a bit
 * a cell, n (n + 1) / 16 bytes (16 MiB here). */
#define COINLINE_AGAINST_LINE_MAX 16384

/* coinline_against_line():
 * The line of play of coinline_against_solve() against a deterministic
 * rule (greedy, parity, optimal, fallible:0) in seat: moves[k] is 'L' or
 * 'R', the end move k + 1 takes, the rule's moves and the best reply's
 * (ties to the left), for k < n; moves[n] = NUL (moves holds n + 1
 * bytes).
 * Cost: that of coinline_against_solve(), plus n (n + 1) / 16 bytes.
 * Returns 0, COINLINE_EINVAL (moves or spec NULL, coins NULL with n > 0,
 * an unknown or random rule, seat not 1 or 2), COINLINE_ETOOBIG (n >
 * COINLINE_AGAINST_LINE_MAX, or the work limit) or COINLINE_ENOMEM. */
COINLINE_API int coinline_against_line(const int64_t *coins, size_t n,
                                       const char *spec, int seat, char *moves);

/* coinline_against_free(): releases the texts of r (and sets them NULL).
 * Accepts NULL. */
COINLINE_API void coinline_against_free(coinline_against_t *r);

/* ------------------------------------------------------------------------
 * Several rows (the contest task "Termity", Potyczki Algorytmiczne 2010)
 *
 * k rows of coins; a move takes the first or the last coin of any row
 * that has coins left; both play optimally. With one row it is the
 * classic game. The rows are given one after the other: coins[0..n-1]
 * holds row 0's lens[0] coins, then row 1's lens[1], and so on (an empty
 * row, lens[r] == 0, is allowed). lib/multirow.c says why each row may be
 * fused on its own and the fused values taken in decreasing order.
 * ---------------------------------------------------------------------- */

/* The result of optimal play on several rows. Plain data. */
typedef struct {
    uint64_t n, rows;                    /* coins in all; rows (k) */
    coinline_i128_t sum, p1, p2, margin; /* as coinline_result_t */
    coinline_winner_t winner;
    uint64_t first_row;         /* the optimal first move's row (0-based) */
    coinline_side_t first_side; /* its end; NONE when no coin is left */
    uint64_t reserved[4];       /* zero */
} coinline_multirow_result_t;

/* coinline_multirow_solve():
 * Solves the rows of coins (lens[r] coins in row r, r < k) and fills
 * *out. The first move is the block rule's: the end coin on the side of
 * the largest end block of the fused rows, the lowest row on a tie, then
 * the left end; it is optimal, but with one row it may differ from
 * coinline_solve()'s tie rule where both ends are optimal.
 * Cost: O(n log n) time (each row fused in O(its length), then a sort of
 * the fused values), 16 (n + 1) bytes, freed before returning.
 * Returns 0, COINLINE_EINVAL (out NULL, lens NULL with k > 0, coins NULL
 * with coins in the rows), COINLINE_ETOOBIG (the rows' lengths add up past
 * what memory can index) or COINLINE_ENOMEM. */
COINLINE_API int coinline_multirow_solve(const int64_t *coins,
                                         const uint64_t *lens, size_t k,
                                         coinline_multirow_result_t *out);

/* The fused rows of coinline_multirow_fuse(). Owned by the caller:
 * release the arrays with coinline_multirow_fused_free(). */
typedef struct {
    uint64_t rows;           /* k */
    uint64_t count;          /* the fused values of all rows */
    coinline_i128_t *values; /* row 0's fused values left to right, then
                              * row 1's, ...: count values */
    uint64_t *spans;         /* spans[i]: how many coins values[i] fuses
                              * (odd; 1 for a coin left as it was); a
                              * row's spans add up to its coins, in order,
                              * and values[i] is the alternating sum
                              * a_i - a_(i+1) + ... of its coins. The
                              * fusion is made left to right (a peak as
                              * soon as its right neighbour comes): with
                              * ties another order may fuse other coins
                              * to the same values (0 0 0 0) */
    uint64_t *lens;          /* lens[r]: row r's fused values (rows) */
    uint64_t *fusions;       /* fusions[r]: the fusions row r needed
                              * (each two coins fewer) */
    uint64_t reserved[4];    /* zero */
} coinline_multirow_fused_t;

/* coinline_multirow_fuse():
 * Each row fused on its own, as coinline_multirow_solve() does: while a
 * row has three neighbours x <= y >= z (a peak), they are replaced by
 * x - y + z, until none is left (the order of the fusions does not
 * change the values). The value of the game is the alternating sum
 * + - + - ... of all rows' fused values sorted in decreasing order.
 * Cost: O(n) time (one pass a row, one stack value per coin at most),
 * 40 (n + 1) + 16 (k + 1) bytes, of which the caller keeps 24 (n + 1)
 * + 16 (k + 1) until coinline_multirow_fused_free().
 * Returns 0, COINLINE_EINVAL (out NULL, lens NULL with k > 0, coins NULL
 * with coins in the rows), COINLINE_ETOOBIG or COINLINE_ENOMEM; *out is
 * zeroed on failure (nothing to free). */
COINLINE_API int coinline_multirow_fuse(const int64_t *coins,
                                        const uint64_t *lens, size_t k,
                                        coinline_multirow_fused_t *out);

/* coinline_multirow_fused_free(): releases the arrays of f and zeroes it.
 * Accepts NULL (and a zeroed f). */
COINLINE_API void coinline_multirow_fused_free(coinline_multirow_fused_t *f);

/* coinline_multirow_line():
 * The optimal line of play on the rows (as coinline_multirow_solve()):
 * move m takes the end sides[m] ('L' or 'R') of row rows[m] (0-based),
 * for m < n, each the block rule's move at that position (the state's
 * best_row and best_side of a game of several rows); sides[n] is set to
 * NUL. rows must hold n values and sides n + 1 bytes, n the coins in all.
 * Cost: O(n log n) time (a game of several rows plays both sides, O(log
 * n) amortised a move, keeping no value), the engines' memory (as
 * coinline_multirow_game_new(), less the value's 84 bytes a coin), freed
 * before returning.
 * Returns 0, COINLINE_EINVAL (rows or sides NULL, or as
 * coinline_multirow_game_new()), COINLINE_ETOOBIG or COINLINE_ENOMEM. */
COINLINE_API int coinline_multirow_line(const int64_t *coins,
                                        const uint64_t *lens, size_t k,
                                        uint64_t *rows, char *sides);

/* ---- A game of several rows in progress --------------------------------
 *
 * The rows, the moves played (optimal or not) and undone, and at every
 * position the optimal move and the value, in O(log n) amortised steps a
 * move: each row has its own engine (coinline_engine_t) keeping its
 * reduced form, a tournament tree over the rows names the one with the
 * largest end block, and one multiset of every row's reduced values,
 * told by the engines what a move changed, knows the alternating sum in
 * decreasing order that is the value. A move is a row (0-based) and an
 * end.
 * ---------------------------------------------------------------------- */

/* An opaque handle. Owned by the caller: create with
 * coinline_multirow_game_new(), release with coinline_multirow_game_free(). */
typedef struct coinline_multirow_game coinline_multirow_game_t;

/* The position a game of several rows has reached. Plain data. */
typedef struct {
    uint64_t n, rows;             /* coins in all; rows */
    uint64_t moves;               /* moves played so far */
    uint64_t left;                /* coins left */
    int to_move;                  /* 1 or 2; 0 when no coin is left */
    coinline_i128_t p1, p2;       /* each player's total so far */
    coinline_i128_t value;        /* the best the player to move can secure
                                   * from here, as its own score minus the
                                   * other's from here on; 0 when no coin is
                                   * left */
    coinline_i128_t final_margin; /* p1 - p2 at the end if both play
                                   * optimally from here */
    uint64_t best_row;            /* the optimal move: its row, */
    coinline_side_t best_side;    /* and its end (NONE when no coin is
                                   * left): the block rule, as
                                   * coinline_multirow_solve() */
    uint64_t reserved[4];         /* zero */
} coinline_multirow_state_t;

/* coinline_multirow_game_new():
 * A game on the rows of coins (lens[r] coins in row r, r < k, one row
 * after the other, as coinline_multirow_solve()), copied, at its start.
 * Cost: O(n log n) time (the engines O(n), every row's reduced values
 * into the value's multiset O(log n) each); the engines' memory
 * (coinline_engine_estimate() of each row: 134 to 258 bytes a coin, plus
 * some hundreds of bytes a row), plus 56 bytes a row and 100 a coin (84
 * of them the value's multiset).
 * Returns 0, COINLINE_EINVAL (out NULL, lens NULL with k > 0, coins NULL
 * with coins in the rows), COINLINE_ETOOBIG (a row of 2^32 - 5 coins or
 * more, or 2^32 - 4 coins in all) or COINLINE_ENOMEM; *out is NULL on
 * failure. */
COINLINE_API int coinline_multirow_game_new(const int64_t *coins,
                                            const uint64_t *lens, size_t k,
                                            coinline_multirow_game_t **out);

/* coinline_multirow_game_free(): releases the game. Accepts NULL. */
COINLINE_API void coinline_multirow_game_free(coinline_multirow_game_t *g);

/* coinline_multirow_game_state():
 * The position reached, its scores, its value, the final margin and its
 * optimal move into *st. Cost: O(1) (the value is kept from move to
 * move). Returns 0, or COINLINE_EINVAL (a NULL argument). */
COINLINE_API int coinline_multirow_game_state(const coinline_multirow_game_t *g,
                                              coinline_multirow_state_t *st);

/* coinline_multirow_game_row():
 * The coins row has left: its coins lo..hi-1 (0-based, of the row as
 * given). Cost: O(1). Returns 0, or COINLINE_EINVAL (a NULL argument,
 * row >= k). */
COINLINE_API int coinline_multirow_game_row(const coinline_multirow_game_t *g,
                                            size_t row, uint64_t *lo,
                                            uint64_t *hi);

/* coinline_multirow_game_moves():
 * Every legal move at the position reached, the optimal one (the state's
 * best_row and best_side) first, then each row's ends in row order, left
 * before right; a row of one coin gives one move, its left end. rows and
 * sides must have room for 2k + 1 moves (k the rows); *count gets how
 * many were written (0 when no coin is left). Move 0 being the optimal
 * one is what coinline_strategy_pick() takes.
 * Cost: O(k). Returns 0, or COINLINE_EINVAL (a NULL argument). */
COINLINE_API int coinline_multirow_game_moves(const coinline_multirow_game_t *g,
                                              size_t *rows,
                                              coinline_side_t *sides,
                                              size_t *count);

/* coinline_multirow_game_play():
 * The player to move takes the coin at the given end of row. Cost:
 * O(log n) amortised steps (the row's engine, the tree, and the value's
 * multiset: the row's reduced values the move changed).
 * Returns 0, COINLINE_EINVAL (g NULL, row >= k, side not LEFT or RIGHT),
 * COINLINE_EMOVE (the row has no coin left) or COINLINE_ENOMEM. */
COINLINE_API int coinline_multirow_game_play(coinline_multirow_game_t *g,
                                             size_t row, coinline_side_t side);

/* coinline_multirow_game_undo():
 * Takes back the last move. Cost: as a move. Returns 0, or
 * COINLINE_EINVAL (g NULL, no move played). */
COINLINE_API int coinline_multirow_game_undo(coinline_multirow_game_t *g);

/* coinline_multirow_game_value():
 * The value of the position reached for the player to move (its final
 * total minus the other's from here, both playing optimally) into
 * *value: the state's value. Cost: O(1), kept from move to move.
 * Returns 0, or COINLINE_EINVAL (a NULL argument). */
COINLINE_API int coinline_multirow_game_value(const coinline_multirow_game_t *g,
                                              coinline_i128_t *value);

/* coinline_multirow_game_outcome():
 * The final margin p1 - p2 if the player to move takes the coin at the
 * given end of row and both play optimally after, into *final_margin:
 * what a hint, a review or an analysis of every legal move needs (the
 * optimal move's is the state's final_margin; a move's loss is the
 * difference). The position reached is unchanged.
 * Cost: O(1) for the state's optimal move; otherwise the move is played,
 * the value read and the move taken back: O(log n) amortised.
 * Returns 0, COINLINE_EINVAL (g or final_margin NULL, row >= k, side not
 * LEFT or RIGHT), COINLINE_EMOVE (the row has no coin left) or
 * COINLINE_ENOMEM. */
COINLINE_API int coinline_multirow_game_outcome(coinline_multirow_game_t *g,
                                                size_t row,
                                                coinline_side_t side,
                                                coinline_i128_t *final_margin);

#ifdef __cplusplus
}
#endif

#endif /* COINLINE_H */
