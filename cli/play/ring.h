/* SPDX-License-Identifier: MIT */
/*
 * ring.h - where the coins of a circle go on a character screen: round
 * an ellipse, clockwise from the top, each coin's position number just
 * outside it. Geometry only: play/tty.c draws.
 */
#ifndef COINLINE_CLI_PLAY_RING_H
#define COINLINE_CLI_PLAY_RING_H

#include <stddef.h>

/* Where coin k's text begins (row, col) and its number's (nrow, ncol),
 * 0-based in the area. */
typedef struct {
    int row, col;
    int nrow, ncol;
} ring_place_t;

/* Lays out n coins (n >= 1) round an ellipse in an area of rows x cols
 * characters, coin k (position k + 1) at the angle k/n of a turn
 * clockwise from the top: its text width[k] characters wide, its
 * position number's nwidth[k]. Fills place[0..n-1]. Returns 1 when every
 * text lies inside the area with a blank between any two on a row, else
 * 0 (the ring does not fit: draw it otherwise). Cost: O(n + rows * cols)
 * for each of a few sizes tried; allocates rows * cols bytes, freed
 * before returning (0 when that fails). */
int ring_layout(size_t n, const int *width, const int *nwidth, int rows,
                int cols, ring_place_t *place);

#endif
