/* SPDX-License-Identifier: MIT */
/* chart.h - the margin chart of a played game as an SVG picture. */
#ifndef COINLINE_CLI_CHART_H
#define COINLINE_CLI_CHART_H

#include <stdio.h>

#include "analysis.h"

/* Writes the margin chart of the reviewed game A as an SVG picture:
 * against the move number, the margin as played, along the optimal line
 * from the start, and the final margin best play would give. */
void analysis_svg(const analysis_t *A, FILE *fp);

#endif
