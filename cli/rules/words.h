/* SPDX-License-Identifier: MIT */
/* words.h - each rule's words (one file a rule), for rules.c's tables. */
#ifndef COINLINE_CLI_RULES_WORDS_H
#define COINLINE_CLI_RULES_WORDS_H

#include "rules.h"

extern const cli_shape_words_t cli_line_words;      /* rules/line.c */
extern const cli_shape_words_t cli_circle_words;    /* rules/circle.c */
extern const cli_score_words_t cli_taken_words;     /* rules/taken.c */
extern const cli_score_words_t cli_remaining_words; /* rules/remaining.c */

#endif
