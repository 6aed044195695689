/* SPDX-License-Identifier: MIT */
/*
 * heatmap.c - the table of V as an SVG heat map, with the optimal line
 * drawn on it (table --svg, POST /api/table with "svg").
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "heatmap.h"
#include "vtable.h"
#include "wide.h"

/* A colour from white to blue (t > 0) or to red (t < 0), |t| <= 1. */
static void heat(double t, char *buf, size_t size)
{
    const double a = t < 0 ? -t : t;
    const int to[2][3] = {{33, 102, 172}, {178, 24, 43}};
    const int *c = to[t < 0];
    snprintf(buf, size, "#%02x%02x%02x", (int)(255 - a * (255 - c[0])),
             (int)(255 - a * (255 - c[1])), (int)(255 - a * (255 - c[2])));
}

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

static void table_cells(const coinline_table_t *T, FILE *fp, double cell,
                        double x0, double y0)
{
    const double scale = table_scale(T);
    const size_t n = coinline_table_size(T);
    char color[8], b[COINLINE_I128_STRLEN];
    for (size_t i = 0; i < n; i++)
        for (size_t j = i; j < n; j++) {
            const cl_wide v = vtable_value(T, i, j);
            heat((double)v / scale, color, sizeof color);
            coinline_i128_to_string(cl_from_wide(v), b, sizeof b);
            fprintf(fp,
                    "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
                    "height=\"%.1f\" fill=\"%s\" stroke=\"%s\"><title>V(%zu, "
                    "%zu) = %s, best move %c</title></rect>\n",
                    x0 + (double)j * cell, y0 + (double)i * cell, cell, cell,
                    color, vtable_on_line(T, i, j) ? "#111" : "#fff", i + 1,
                    j + 1, b, vtable_move(T, i, j));
            if (cell >= 26 && strlen(b) * 7.0 < cell)
                fprintf(fp,
                        "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" "
                        "font-size=\"11\">%s</text>\n",
                        x0 + ((double)j + 0.5) * cell,
                        y0 + ((double)i + 0.5) * cell + 4, b);
        }
}

static void table_line(const coinline_table_t *T, FILE *fp, double cell,
                       double x0, double y0)
{
    fputs("<polyline fill=\"none\" stroke=\"#111\" stroke-width=\"2\" "
          "stroke-opacity=\"0.35\" stroke-linejoin=\"round\" points=\"",
          fp);
    for (size_t i = 0, j = coinline_table_size(T), k = 0; j > i; k++) {
        fprintf(fp, "%s%.1f,%.1f", k ? " " : "", x0 + ((double)j - 0.5) * cell,
                y0 + ((double)i + 0.5) * cell);
        if (vtable_move(T, i, j - 1) == 'L')
            i++;
        else
            j--;
    }
    fputs("\"/>\n", fp);
}

static void table_axes(const coinline_table_t *T, FILE *fp, double cell,
                       double x0, double y0)
{
    const size_t n = coinline_table_size(T), step = n > 30 ? 5 : 1;
    fputs("<g font-size=\"11\" fill=\"#333\">\n", fp);
    for (size_t k = 0; k < n; k += step) {
        fprintf(fp,
                "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%zu"
                "</text>\n<text x=\"%.1f\" y=\"%.1f\" "
                "text-anchor=\"end\">%zu</text>\n",
                x0 + ((double)k + 0.5) * cell, y0 - 6, k + 1, x0 - 6,
                y0 + ((double)k + 0.5) * cell + 4, k + 1);
    }
    const double side = cell * (double)n;
    fprintf(fp,
            "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" "
            "font-size=\"13\">j: the last coin left</text>\n"
            "<text transform=\"translate(%.1f %.1f) rotate(-90)\" "
            "text-anchor=\"middle\" font-size=\"13\">i: the first coin "
            "left</text>\n</g>\n",
            x0 + side / 2, y0 - 24, x0 - 36, y0 + side / 2);
}

void table_svg(const coinline_table_t *T, FILE *fp)
{
    const size_t size = coinline_table_size(T), n = size > 0 ? size : 1;
    double cell = 640.0 / (double)n;
    cell = cell > 48 ? 48 : cell < 10 ? 10 : cell;
    const double x0 = 70, y0 = 90, side = cell * (double)n;
    /* wide enough for the title line */
    const double width = x0 + side + 30 > 640 ? x0 + side + 30 : 640;
    fprintf(
        fp,
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" "
        "height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" "
        "font-family=\"sans-serif\">\n<title>V(i, j): the best margin "
        "for the player to move on coins i..j</title>\n<rect "
        "width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n<text x=\"%.1f\" "
        "y=\"24\" font-size=\"14\">V(i, j), blue when the player to move "
        "gains, red when it loses; the line: optimal play</text>\n",
        width, y0 + side + 30, width, y0 + side + 30, x0);
    table_axes(T, fp, cell, x0, y0);
    table_cells(T, fp, cell, x0, y0);
    if (size > 0)
        table_line(T, fp, cell, x0, y0);
    fputs("</svg>\n", fp);
}
