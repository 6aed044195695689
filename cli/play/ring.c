/* SPDX-License-Identifier: MIT */
/*
 * ring.c - the layout of a circle's coins on a character screen.
 *
 * A character cell is about twice as tall as it is wide, so an ellipse
 * whose half-width is about twice its half-height looks round. The coins
 * lie on one ellipse, each centred on its point; a coin's number is a
 * row further out, or beside it on its row near the sides. The layout is tried
 * on a grid of the area: a text that leaves it or comes within a blank of
 * another on its row means it does not fit. A round ellipse is tried first,
 * then wider ones, up to the widest the area holds.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ring.h"

/* The geometry of one try: the centre, the coins' half-axes, and how
 * much further out the numbers are. */
typedef struct {
    double cx, cy, rx, ry, dx;
} ellipse_t;

/* Puts a text of width w centred on (x, row) into the grid: returns 0
 * if it leaves the area or touches another text on its row. */
static int put(unsigned char *grid, int rows, int cols, double x, int row,
               int w, int *col)
{
    *col = (int)lround(x - (w - 1) / 2.0);
    if (row < 0 || row >= rows || *col < 0 || *col + w > cols)
        return 0;
    unsigned char *line = grid + (size_t)row * (size_t)cols;
    const int from = *col > 0 ? *col - 1 : 0;
    const int to = *col + w < cols ? *col + w + 1 : cols;
    for (int c = from; c < to; c++)
        if (line[c])
            return 0;
    memset(line + *col, 1, (size_t)w);
    return 1;
}

/* One try with the ellipse e: each coin on it, its number a row further
 * out (up above the middle, down below it) or, near the sides, on the
 * coin's row e->dx further out. */
static int try_layout(size_t n, const int *width, const int *nwidth, int rows,
                      int cols, const ellipse_t *e, unsigned char *grid,
                      ring_place_t *place)
{
    const double turn = 2.0 * acos(-1.0);
    memset(grid, 0, (size_t)rows * (size_t)cols);
    for (size_t k = 0; k < n; k++) {
        const double a = -turn / 4 + turn * (double)k / (double)n;
        const double c = cos(a), s = sin(a), x = e->cx + e->rx * c;
        ring_place_t *p = &place[k];
        p->row = (int)lround(e->cy + e->ry * s);
        p->nrow = p->row + (int)lround(s);
        if (!put(grid, rows, cols, x, p->row, width[k], &p->col) ||
            !put(grid, rows, cols, x + e->dx * c, p->nrow, nwidth[k], &p->ncol))
            return 0;
    }
    return 1;
}

/* The widest of w[0..n-1]. */
static int widest(const int *w, size_t n)
{
    int m = 1;
    for (size_t k = 0; k < n; k++)
        m = w[k] > m ? w[k] : m;
    return m;
}

int ring_layout(size_t n, const int *width, const int *nwidth, int rows,
                int cols, ring_place_t *place)
{
    if (n == 0 || rows < 3 || cols < 3)
        return 0;
    const int cw = widest(width, n), nw = widest(nwidth, n);
    /* on its coin's row a number is at least cos(30 degrees) of dx away */
    ellipse_t e = {(cols - 1) / 2.0, (rows - 1) / 2.0, 0, 0, 0};
    e.ry = (rows - 1) / 2.0 - 1;
    e.dx = ((cw + nw) / 2.0 + 1) / 0.866;
    const double widest_rx = (cols - 1) / 2.0 - e.dx - nw / 2.0;
    const double round_rx = 2.2 * e.ry;
    if (e.ry < 1 || widest_rx < 2)
        return 0;
    unsigned char *grid = malloc((size_t)rows * (size_t)cols);
    if (grid == NULL)
        return 0;
    int ok = 0;
    for (e.rx = round_rx; !ok && e.rx < widest_rx; e.rx *= 1.25)
        ok = try_layout(n, width, nwidth, rows, cols, &e, grid, place);
    if (!ok) {
        e.rx = widest_rx;
        ok = try_layout(n, width, nwidth, rows, cols, &e, grid, place);
    }
    free(grid);
    return ok;
}
