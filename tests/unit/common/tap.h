/* SPDX-License-Identifier: MIT */
/*
 * Minimal TAP producer for the coinline unit tests.
 *
 *   ok(cond, "name %d", x)        one test point
 *   is_int(got, want, "name")     integer comparison with a diagnostic
 *   is_i128(got, want, "name")    128-bit comparison (both i128)
 *   is_str(got, want, "name")     string comparison (NULL-safe)
 *   diag("fmt", ...)              "# ..." line
 *   plan(n)                       "1..n" up front (optional)
 *   return done_testing();        trailing plan if none; exit status
 *
 * A tally collects many checks into one test point:
 *   if (!tally_check(&t, cond)) tally_note(&t, "row %zu: ...", i);
 * counts each check, prints the first few failures as diagnostics, and
 * ok(tally_passed(&t), ...) reports them all at once.
 */
#ifndef COINLINE_TEST_TAP_H
#define COINLINE_TEST_TAP_H

#include "common/i128.h"
#include "compiler.h"

void tap_plan(int n);
int tap_ok_at(const char *file, int line, int cond, const char *fmt, ...)
    COINLINE_PRINTF(4, 5);
int tap_is_int_at(const char *file, int line, long long got, long long want,
                  const char *fmt, ...) COINLINE_PRINTF(5, 6);
int tap_is_i128_at(const char *file, int line, i128 got, i128 want,
                   const char *fmt, ...) COINLINE_PRINTF(5, 6);
int tap_is_str_at(const char *file, int line, const char *got, const char *want,
                  const char *fmt, ...) COINLINE_PRINTF(5, 6);
void tap_diag(const char *fmt, ...) COINLINE_PRINTF(1, 2);
int tap_done(void);

typedef struct {
    long checks;
    long failures;
} tally_t;

/* Counts one check; returns cond. */
int tally_check(tally_t *t, int cond);
/* Prints a diagnostic for the failure just counted (only the first few). */
void tally_note(const tally_t *t, const char *fmt, ...) COINLINE_PRINTF(2, 3);
/* True when at least one check ran and none failed. */
int tally_passed(const tally_t *t);

#define plan(n)       tap_plan(n)
#define ok(cond, ...) tap_ok_at(__FILE__, __LINE__, (cond) ? 1 : 0, __VA_ARGS__)
#define is_int(got, want, ...)                                                 \
    tap_is_int_at(__FILE__, __LINE__, (long long)(got), (long long)(want),     \
                  __VA_ARGS__)
#define is_i128(got, want, ...)                                                \
    tap_is_i128_at(__FILE__, __LINE__, (got), (want), __VA_ARGS__)
#define is_str(got, want, ...)                                                 \
    tap_is_str_at(__FILE__, __LINE__, (got), (want), __VA_ARGS__)
#define diag(...)      tap_diag(__VA_ARGS__)
#define done_testing() tap_done()

#endif
