/* SPDX-License-Identifier: MIT */
/* taken.c - the words of the scoring taken (the classic game): a move
 * scores the coin it takes. */
#include "words.h"

const cli_score_words_t cli_taken_words = {
    .id = COINLINE_SCORE_TAKEN,
    .json = "",
    /* solve */
    .plays_line = 0,
    .gen_note = "",
    .explain_refusal = NULL,
};
