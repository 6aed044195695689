/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__has_include)
#if __has_include(<valgrind/valgrind.h>)
#include <valgrind/valgrind.h>
#define HAVE_VALGRIND_H 1
#endif
#endif

#include "check.h"
#include "rng.h"

const coinline_algo_t all_algos[3] = {COINLINE_ALGO_LINEAR, COINLINE_ALGO_DP,
                                      COINLINE_ALGO_BRUTE};

int under_valgrind(void)
{
#ifdef HAVE_VALGRIND_H
    return RUNNING_ON_VALGRIND ? 1 : 0;
#else
    return 0;
#endif
}

const char *side_str(coinline_side_t side)
{
    switch (side) {
    case COINLINE_SIDE_NONE: return "NONE";
    case COINLINE_SIDE_LEFT: return "LEFT";
    case COINLINE_SIDE_RIGHT: return "RIGHT";
    default: return "?";
    }
}

const char *code_str(int rc)
{
    const char *name = coinline_err_name(rc);
    if (rc == 1) {
        return "1 (a game)";
    }
    return name != NULL ? name + strlen("COINLINE_") : "?";
}

/* The first field that differs, or NULL; its two values go to gb/wb. */
static const char *first_difference(const coinline_result_t *got,
                                    const oracle_result_t *want, char *gb,
                                    char *wb)
{
    const struct {
        const char *name;
        i128 got;
        i128 want;
    } f[] = {
        {"n", (i128)got->n, (i128)want->n},
        {"sum", i128_from_ci(got->sum), want->sum},
        {"p1", i128_from_ci(got->p1), want->p1},
        {"p2", i128_from_ci(got->p2), want->p2},
        {"margin", i128_from_ci(got->margin), want->margin},
        {"winner", (i128)got->winner, (i128)want->winner},
        {"first_move", (i128)got->first_move, (i128)want->first_move},
    };
    for (size_t i = 0; i < sizeof f / sizeof f[0]; i++) {
        if (f[i].got != f[i].want) {
            i128_str(f[i].got, gb);
            i128_str(f[i].want, wb);
            return f[i].name;
        }
    }
    return NULL;
}

int check_result(tally_t *t, const coinline_result_t *got,
                 const oracle_result_t *want, const int64_t *a, size_t n,
                 const char *what)
{
    char gb[I128_BUFLEN];
    char wb[I128_BUFLEN];
    char row[256];
    const char *field = first_difference(got, want, gb, wb);
    if (tally_check(t, field == NULL)) {
        return 1;
    }
    tally_note(t, "%s: row [%s]: %s is %s, expected %s", what,
               row_str(a, n, row, sizeof row), field, gb, wb);
    return 0;
}

int engine_state_equal(const coinline_engine_state_t *x,
                       const coinline_engine_state_t *y)
{
    return x->n == y->n && x->lo == y->lo && x->hi == y->hi &&
           x->moves == y->moves && x->to_move == y->to_move &&
           i128_from_ci(x->p1) == i128_from_ci(y->p1) &&
           i128_from_ci(x->p2) == i128_from_ci(y->p2) &&
           i128_from_ci(x->value) == i128_from_ci(y->value) &&
           i128_from_ci(x->final_margin) == i128_from_ci(y->final_margin) &&
           x->best == y->best;
}

coinline_stream_t *new_stream(void)
{
    coinline_stream_t *s = NULL;
    if (coinline_stream_new(&s) != 0 || s == NULL) {
        diag("coinline_stream_new failed");
        exit(1);
    }
    return s;
}

int same_result(const coinline_result_t *x, const coinline_result_t *y)
{
    return x->n == y->n && coinline_i128_cmp(x->sum, y->sum) == 0 &&
           coinline_i128_cmp(x->p1, y->p1) == 0 &&
           coinline_i128_cmp(x->p2, y->p2) == 0 &&
           coinline_i128_cmp(x->margin, y->margin) == 0 &&
           x->winner == y->winner && x->first_move == y->first_move;
}
