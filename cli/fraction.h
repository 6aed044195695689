/* SPDX-License-Identifier: MIT */
/*
 * fraction.h - an exact fraction as the library writes it ("7",
 * "-13/4", in lowest terms, of any length: coinline_against_solve()'s
 * texts) moved by a whole number: the totals of a best reply told from
 * the start of a game when the library answers from a position in it.
 */
#ifndef COINLINE_CLI_FRACTION_H
#define COINLINE_CLI_FRACTION_H

#include "wide.h"

/* text + c, in lowest terms as text is (adding a whole number keeps
 * them), allocated (free() it); NULL when out of memory or text is not
 * a fraction. Cost: O(d^2) for d digits. */
char *cli_fraction_plus(const char *text, cl_wide c);

/* -text, allocated (free() it); NULL when out of memory. "0" stays "0".
 * Cost: O(length). */
char *cli_fraction_negate(const char *text);

#endif
