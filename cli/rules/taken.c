/* SPDX-License-Identifier: MIT */
/* taken.c - the words of the scoring taken (the classic game): a move
 * scores the coin it takes. */
#include "words.h"

const cli_score_words_t cli_taken_words = {
    .id = COINLINE_SCORE_TAKEN,
    .json = "",
    /* review */
    .table_note = "",
    .gain = "coin(i)",
    .analyze_note = "",
    .svg = "",
    .chart = "",
};
