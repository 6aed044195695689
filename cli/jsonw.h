/* SPDX-License-Identifier: MIT */
/* jsonw.h - writing JSON: strings and exact integers. */
#ifndef COINLINE_CLI_JSONW_H
#define COINLINE_CLI_JSONW_H

#include <stdio.h>

#include "coinline.h"

/* The largest magnitude a JSON number keeps exactly in a double: 2^53. */
#define CLI_JSON_SAFE_MAX INT64_C(9007199254740992)

/* Writes the character at text (not at its NUL) as it stands inside a
 * JSON string into out, at most 6 bytes, and returns the count; *used
 * gets the bytes of text it took. Quotes, backslashes and control
 * characters are escaped; a well-formed UTF-8 sequence passes whole; a
 * byte that does not begin one is written as \ufffd (U+FFFD), so the
 * output is always valid UTF-8. Every JSON string the tool writes goes
 * through here. */
size_t cli_json_escape_char(const char *text, char *out, size_t *used);

/* Writes text as a JSON string, each character as
 * cli_json_escape_char() writes it. */
void cli_put_json_string(FILE *fp, const char *text);

/* Writes v as a JSON integer. With safe = 0, always as a number (exact,
 * as coinline's own JSON outputs are); with safe != 0, as a number when
 * |v| <= 2^53 and otherwise as a string of its decimal value, so that a
 * browser's JSON.parse() loses nothing (coinline serve). */
void cli_put_json_int(FILE *fp, coinline_i128_t v, int safe);

#endif
