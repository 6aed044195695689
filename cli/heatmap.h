/* SPDX-License-Identifier: MIT */
/* heatmap.h - the table of V as an SVG heat map. */
#ifndef COINLINE_CLI_HEATMAP_H
#define COINLINE_CLI_HEATMAP_H

#include <stdio.h>

#include "coinline.h"

/* Writes the table as an SVG heat map with the optimal line. */
void table_svg(const coinline_table_t *T, FILE *fp);

#endif
