/* SPDX-License-Identifier: MIT */
/*
 * 128-bit helpers for the unit tests: a native __int128 type and
 * conversions to and from the library's coinline_i128_t, written without
 * calling the library.
 */
#ifndef COINLINE_TEST_I128_H
#define COINLINE_TEST_I128_H

#include <stdint.h>

#include "coinline.h"

__extension__ typedef __int128 i128;
__extension__ typedef unsigned __int128 u128;

/* 2^127 - 1 and -2^127. */
#define I128_MAX ((i128)(((u128)1 << 127) - 1))
#define I128_MIN (-I128_MAX - 1)

/* Enough for "-170141183460469231731687303715884105728" and the NUL. */
#define I128_BUFLEN 48

/* The native value of a coinline_i128_t. */
i128 i128_from_ci(coinline_i128_t v);

/* The coinline_i128_t holding x. */
coinline_i128_t i128_to_ci(i128 x);

/* Writes x in decimal into buf (at least I128_BUFLEN bytes); returns buf. */
const char *i128_str(i128 x, char *buf);

#endif
