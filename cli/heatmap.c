/* SPDX-License-Identifier: MIT */
/*
 * heatmap.c - the table of V as an SVG heat map, with the optimal line
 * drawn on it (table --svg, POST /api/table with "svg"); and a circle's
 * arcs, V(i, len), with the margin of each first position beside them
 * (table --circle --svg).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "heatmap.h"
#include "vtable.h"
#include "wide.h"

/* Where the cells go: the top left corner and the side of a cell. */
typedef struct {
    double x0, y0, cell;
} grid_t;

/* A colour from white to blue (t > 0) or to red (t < 0), |t| <= 1. */
static void heat(double t, char *buf, size_t size)
{
    const double a = t < 0 ? -t : t;
    const int to[2][3] = {{33, 102, 172}, {178, 24, 43}};
    const int *c = to[t < 0];
    snprintf(buf, size, "#%02x%02x%02x", (int)(255 - a * (255 - c[0])),
             (int)(255 - a * (255 - c[1])), (int)(255 - a * (255 - c[2])));
}

/* The side of a cell for a map of n cells across, and the map's size. */
static grid_t grid_for(size_t n)
{
    grid_t g = {70, 90, 640.0 / (double)(n > 0 ? n : 1)};
    g.cell = g.cell > 48 ? 48 : g.cell < 10 ? 10 : g.cell;
    return g;
}

/* The cell at row r, column c: v coloured against scale, its value
 * written when it fits, title its tooltip; outlined when on the line. */
static void put_cell(FILE *fp, const grid_t *g, size_t r, size_t c, cl_wide v,
                     double scale, int on_line, const char *title)
{
    char color[8], b[COINLINE_I128_STRLEN];
    heat((double)v / scale, color, sizeof color);
    coinline_i128_to_string(cl_from_wide(v), b, sizeof b);
    fprintf(fp,
            "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
            "height=\"%.1f\" fill=\"%s\" stroke=\"%s\"><title>%s</title>"
            "</rect>\n",
            g->x0 + (double)c * g->cell, g->y0 + (double)r * g->cell, g->cell,
            g->cell, color, on_line ? "#111" : "#fff", title);
    if (g->cell >= 26 && strlen(b) * 7.0 < g->cell)
        fprintf(fp,
                "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" "
                "font-size=\"11\">%s</text>\n",
                g->x0 + ((double)c + 0.5) * g->cell,
                g->y0 + ((double)r + 0.5) * g->cell + 4, b);
}

/* The numbers of the columns (cols) and rows (rows), from 1, and what
 * they are. */
static void put_axes(FILE *fp, const grid_t *g, size_t rows, size_t cols,
                     const char *xlabel, const char *ylabel)
{
    const size_t most = rows > cols ? rows : cols, step = most > 30 ? 5 : 1;
    fputs("<g font-size=\"11\" fill=\"#333\">\n", fp);
    for (size_t k = 0; k < most; k += step) {
        if (k < cols)
            fprintf(fp,
                    "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%zu"
                    "</text>\n",
                    g->x0 + ((double)k + 0.5) * g->cell, g->y0 - 6, k + 1);
        if (k < rows)
            fprintf(fp,
                    "<text x=\"%.1f\" y=\"%.1f\" "
                    "text-anchor=\"end\">%zu</text>\n",
                    g->x0 - 6, g->y0 + ((double)k + 0.5) * g->cell + 4, k + 1);
    }
    fprintf(fp,
            "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" "
            "font-size=\"13\">%s</text>\n"
            "<text transform=\"translate(%.1f %.1f) rotate(-90)\" "
            "text-anchor=\"middle\" font-size=\"13\">%s</text>\n</g>\n",
            g->x0 + g->cell * (double)cols / 2, g->y0 - 24, xlabel, g->x0 - 36,
            g->y0 + g->cell * (double)rows / 2, ylabel);
}

/* The SVG element with its title and caption, width x height. */
static void put_begin(FILE *fp, double width, double height, double x0,
                      const char *title, const char *caption)
{
    fprintf(fp,
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" "
            "height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" "
            "font-family=\"sans-serif\">\n<title>%s</title>\n<rect "
            "width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n<text "
            "x=\"%.1f\" y=\"24\" font-size=\"14\">%s</text>\n",
            width, height, width, height, title, x0, caption);
}

/* The start of a polyline of the line of play. */
static void begin_line(FILE *fp)
{
    fputs("<polyline fill=\"none\" stroke=\"#111\" stroke-width=\"2\" "
          "stroke-opacity=\"0.35\" stroke-linejoin=\"round\" points=\"",
          fp);
}

/* ------------------------------------------------------------------------
 * The row: V(i, j)
 * ---------------------------------------------------------------------- */

static double table_scale(const coinline_table_t *T)
{
    const size_t n = coinline_table_size(T);
    double m = 1;
    for (size_t i = 0; i < n; i++)
        for (size_t j = i; j < n; j++) {
            const double v = (double)vtable_value(T, i, j);
            m = fabs(v) > m ? fabs(v) : m;
        }
    return m;
}

static void table_cells(const coinline_table_t *T, FILE *fp, const grid_t *g)
{
    const double scale = table_scale(T);
    const size_t n = coinline_table_size(T);
    char b[COINLINE_I128_STRLEN], title[COINLINE_I128_STRLEN + 64];
    for (size_t i = 0; i < n; i++)
        for (size_t j = i; j < n; j++) {
            const cl_wide v = vtable_value(T, i, j);
            coinline_i128_to_string(cl_from_wide(v), b, sizeof b);
            snprintf(title, sizeof title, "V(%zu, %zu) = %s, best move %c",
                     i + 1, j + 1, b, vtable_move(T, i, j));
            put_cell(fp, g, i, j, v, scale, vtable_on_line(T, i, j), title);
        }
}

static void table_line(const coinline_table_t *T, FILE *fp, const grid_t *g)
{
    begin_line(fp);
    for (size_t i = 0, j = coinline_table_size(T), k = 0; j > i; k++) {
        fprintf(fp, "%s%.1f,%.1f", k ? " " : "",
                g->x0 + ((double)j - 0.5) * g->cell,
                g->y0 + ((double)i + 0.5) * g->cell);
        if (vtable_move(T, i, j - 1) == 'L')
            i++;
        else
            j--;
    }
    fputs("\"/>\n", fp);
}

void table_svg(const coinline_table_t *T, FILE *fp)
{
    const size_t n = coinline_table_size(T);
    const grid_t g = grid_for(n);
    const double side = g.cell * (double)(n > 0 ? n : 1);
    /* wide enough for the title line */
    const double width = g.x0 + side + 30 > 640 ? g.x0 + side + 30 : 640;
    put_begin(fp, width, g.y0 + side + 30, g.x0,
              "V(i, j): the best margin for the player to move on coins i..j",
              "V(i, j), blue when the player to move gains, red when it "
              "loses; the line: optimal play");
    put_axes(fp, &g, n, n, "j: the last coin left", "i: the first coin left");
    table_cells(T, fp, &g);
    if (n > 0)
        table_line(T, fp, &g);
    fputs("</svg>\n", fp);
}

/* ------------------------------------------------------------------------
 * The circle: V(i, len), and m(i) in a column of its own
 * ---------------------------------------------------------------------- */

/* The largest |V| and |m|, at least 1. */
static double circle_scale(const coinline_table_t *T)
{
    const size_t n = vtable_circle_size(T);
    double m = 1;
    for (size_t i = 0; i < n; i++) {
        double v = fabs((double)vtable_circle_margin(T, i));
        m = v > m ? v : m;
        for (size_t k = 1; k < n; k++) {
            v = fabs((double)vtable_arc_value(T, i, k));
            m = v > m ? v : m;
        }
    }
    return m;
}

/* The arcs (column len - 1) and the margins (the column after a gap). */
static void circle_cells(const coinline_table_t *T, FILE *fp, const grid_t *g,
                         const size_t *start)
{
    const double scale = circle_scale(T);
    const size_t n = vtable_circle_size(T), first = vtable_circle_first(T);
    char b[COINLINE_I128_STRLEN], title[COINLINE_I128_STRLEN + 80];
    for (size_t i = 0; i < n; i++) {
        for (size_t k = 1; k < n; k++) {
            const cl_wide v = vtable_arc_value(T, i, k);
            coinline_i128_to_string(cl_from_wide(v), b, sizeof b);
            snprintf(title, sizeof title, "V(%zu, %zu) = %s, best move %c",
                     i + 1, k, b, vtable_arc_move(T, i, k));
            put_cell(fp, g, i, k - 1, v, scale, start[k] == i, title);
        }
        const cl_wide m = vtable_circle_margin(T, i);
        coinline_i128_to_string(cl_from_wide(m), b, sizeof b);
        snprintf(title, sizeof title, "m(%zu) = %s: player 1 takes %zu first",
                 i + 1, b, i + 1);
        put_cell(fp, g, i, n, m, scale, i == first, title);
    }
}

/* The arcs of optimal play, one polyline for each run that does not go
 * round from the last position to the first. */
static void circle_line(const coinline_table_t *T, FILE *fp, const grid_t *g,
                        const size_t *start)
{
    const size_t n = vtable_circle_size(T);
    for (size_t k = n - 1; k > 0; k--) {
        const int wraps = k < n - 1 && start[k] < start[k + 1];
        if (wraps)
            fputs("\"/>\n", fp);
        if (wraps || k == n - 1)
            begin_line(fp);
        else
            fputc(' ', fp);
        fprintf(fp, "%.1f,%.1f", g->x0 + ((double)k - 0.5) * g->cell,
                g->y0 + ((double)start[k] + 0.5) * g->cell);
    }
    fputs("\"/>\n", fp);
}

void circle_svg(const coinline_table_t *T, FILE *fp)
{
    const size_t n = vtable_circle_size(T);
    const grid_t g = grid_for(n);
    size_t start[TABLE_MAX];
    const double w = g.cell * (double)(n > 0 ? n + 1 : 1);
    const double h = g.cell * (double)(n > 0 ? n : 1);
    const double width = g.x0 + w + 30 > 640 ? g.x0 + w + 30 : 640;
    vtable_circle_path(T, start);
    put_begin(fp, width, g.y0 + h + 30, g.x0,
              "V(i, len): the best margin for the player to move on the arc "
              "of len coins clockwise from position i",
              "V(i, len) of the arcs, m(i) of the first moves (right); "
              "the line: optimal play");
    put_axes(fp, &g, n, n > 0 ? n - 1 : 0, "len: the coins of the arc",
             "i: the arc's first position");
    if (n > 0)
        fprintf(fp,
                "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" "
                "font-size=\"11\" fill=\"#333\">m(i)</text>\n",
                g.x0 + ((double)n + 0.5) * g.cell, g.y0 - 6);
    circle_cells(T, fp, &g, start);
    if (n > 1)
        circle_line(T, fp, &g, start);
    fputs("</svg>\n", fp);
}
