/* SPDX-License-Identifier: MIT */
/* circle.c - the words of the shape circle (the pizza game): move 1 at
 * any position, then the two ends of the line left. */
#include "words.h"

static void put_first_json(FILE *fp, uint64_t first, uint64_t n)
{
    (void)n;
    if (first == 0)
        fputs("null", fp);
    else
        fprintf(fp, "%llu", (unsigned long long)first);
}

const cli_shape_words_t cli_circle_words = {
    .id = COINLINE_SHAPE_CIRCLE,
    .noun = "circle",
    .json = ",\"circle\":true",
    .put_first_json = put_first_json,
};
