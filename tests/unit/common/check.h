/* SPDX-License-Identifier: MIT */
/*
 * Shared checks of library answers against the oracle, for the unit tests.
 */
#ifndef COINLINE_TEST_CHECK_H
#define COINLINE_TEST_CHECK_H

#include <stddef.h>
#include <stdint.h>

#include "coinline.h"
#include "oracle.h"
#include "tap.h"

/* "LEFT", "RIGHT", "NONE" or "?". */
const char *side_str(coinline_side_t side);

/* "OK", "EINVAL", ... "EIO" for a COINLINE_* code, or "?". */
const char *code_str(int rc);

/* Compares every field of got with want as one check of t; on mismatch
 * notes the row, the field and both values. Returns 1 when all match. */
int check_result(tally_t *t, const coinline_result_t *got,
                 const oracle_result_t *want, const int64_t *a, size_t n,
                 const char *what);

/* Non-zero when the program runs under valgrind (its heavy tests then
 * use fewer rows). */
int under_valgrind(void);

/* The solvers under test. */
extern const coinline_algo_t all_algos[3];

/* 1 when two engine states are equal in every field. */
int engine_state_equal(const coinline_engine_state_t *x,
                       const coinline_engine_state_t *y);

/* A new stream; exits the test program with a diagnostic when
 * coinline_stream_new() fails. Free with coinline_stream_free(). */
coinline_stream_t *new_stream(void);

/* 1 when two results are equal in every field. */
int same_result(const coinline_result_t *x, const coinline_result_t *y);

#endif
