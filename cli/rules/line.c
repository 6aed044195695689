/* SPDX-License-Identifier: MIT */
/* line.c - the words of the shape line: a row, moves at its two ends. */
#include "words.h"

static void put_first_json(FILE *fp, uint64_t first, uint64_t n)
{
    fputs(first == 0   ? "null"
          : first == 1 ? "\"left\""
          : first == n ? "\"right\""
                       : "null",
          fp);
}

const cli_shape_words_t cli_line_words = {
    .id = COINLINE_SHAPE_LINE,
    .noun = "row",
    .json = "",
    .put_first_json = put_first_json,
};
