/* SPDX-License-Identifier: MIT */
/* heatmap.h - the table of V under any rules as an SVG heat map. */
#ifndef COINLINE_CLI_HEATMAP_H
#define COINLINE_CLI_HEATMAP_H

#include <stdio.h>

#include "coinline.h"

/* Writes the table (coinline_table_new_rules()) as an SVG heat map: a
 * cell for each run of its grid (vtable.c), and where move 1 may take
 * any coin (a circle) the final margin m(i) of each first position in a
 * column of its own after a gap; the cells of optimal play framed,
 * arrowheads for its steps (never over a number; move 1 from m across the
 * gap), a colour legend from the lowest value to the highest; as wide as
 * what it draws. */
void table_svg(const coinline_table_t *T, FILE *fp);

#endif
