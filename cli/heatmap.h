/* SPDX-License-Identifier: MIT */
/* heatmap.h - the table of V as an SVG heat map (a row's, a circle's). */
#ifndef COINLINE_CLI_HEATMAP_H
#define COINLINE_CLI_HEATMAP_H

#include <stdio.h>

#include "coinline.h"

/* Writes the table as an SVG heat map: the cells of the optimal line
 * framed, arrowheads for its steps (never over a number), a colour
 * legend from the lowest V to the highest; as wide as what it draws. */
void table_svg(const coinline_table_t *T, FILE *fp);

/* Writes the table of a circle's arcs (vtable_circle_new()) as an SVG
 * heat map: V(i, len) for each start position i and length len, the
 * margin m(i) of each first position in a column of its own after a
 * gap, and optimal play marked as in table_svg(): move 1 from the m of
 * the first position across the gap, then the arcs left. */
void circle_svg(const coinline_table_t *T, FILE *fp);

#endif
