/* SPDX-License-Identifier: MIT */
/*
 * heatmap.c - the table of V under any rules as an SVG heat map (table
 * --svg): a row's runs V(i, j), or a circle's arcs V(i, len) with the
 * margin of each first position beside them; the grid is vtable.c's, the
 * words the shape's (cli/rules.h).
 *
 * The cells of optimal play are framed, and each step from one to the
 * next is marked by an arrowhead where the two cells meet: on the edge
 * they share (below the number when the step goes left), or at the corner
 * they share (a circle's step down and left). No mark crosses a number:
 * a number is drawn only in a cell of 26 px or more, within 7 px a
 * character of its centre, 5 px above and below; a mark on a shared edge
 * is at least 9 px from the centre of the cells it joins. Below the map, a
 * legend gives the colours from the lowest value to the highest. The
 * picture is as wide as what it draws.
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

/* The values drawn: the lowest and the highest, and the colour scale
 * (the largest |v|, at least 1). */
typedef struct {
    cl_wide lo, hi;
    double scale;
    int any; /* 0: no value (no coins) */
} range_t;

#define CAPTION_SIZE 13.0
#define LEGEND_SIZE  11.0
#define BAR_H        12.0
#define PAD          20.0 /* past the rightmost thing drawn */

/* The width of text at font size: 0.62 of the size a character, a little
 * more than sans-serif's digits and letters take. */
static double text_width(const char *s, double size)
{
    return (double)strlen(s) * size * 0.62;
}

/* A colour from white to blue (t > 0) or to red (t < 0), |t| <= 1. */
static void heat(double t, char *buf, size_t size)
{
    const double a = t < 0 ? -t : t;
    const int to[2][3] = {{33, 102, 172}, {178, 24, 43}};
    const int *c = to[t < 0];
    snprintf(buf, size, "#%02x%02x%02x", (int)(255 - a * (255 - c[0])),
             (int)(255 - a * (255 - c[1])), (int)(255 - a * (255 - c[2])));
}

static void range_add(range_t *R, cl_wide v)
{
    R->lo = !R->any || v < R->lo ? v : R->lo;
    R->hi = !R->any || v > R->hi ? v : R->hi;
    R->any = 1;
    const double a = fabs((double)v);
    R->scale = a > R->scale ? a : R->scale;
}

/* The side of a cell for a map of n cells across. */
static grid_t grid_for(size_t n)
{
    grid_t g = {70, 90, 640.0 / (double)(n > 0 ? n : 1)};
    g.cell = g.cell > 48 ? 48 : g.cell < 10 ? 10 : g.cell;
    return g;
}

static double col_x(const grid_t *g, double c)
{
    return g->x0 + c * g->cell;
}

static double row_y(const grid_t *g, double r)
{
    return g->y0 + r * g->cell;
}

/* 1 when a cell is large enough to have its number written. */
static int writes_numbers(const grid_t *g)
{
    return g->cell >= 26;
}

/* The cell at row r, column c: v coloured against the scale, its value
 * written when it fits, title its tooltip. */
static void put_cell(FILE *fp, const grid_t *g, size_t r, size_t c, cl_wide v,
                     const range_t *R, const char *title)
{
    char color[8], b[COINLINE_I128_STRLEN];
    heat((double)v / R->scale, color, sizeof color);
    coinline_i128_to_string(cl_from_wide(v), b, sizeof b);
    fprintf(fp,
            "<rect class=\"cell\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
            "height=\"%.1f\" fill=\"%s\" stroke=\"#fff\"><title>%s</title>"
            "</rect>\n",
            col_x(g, (double)c), row_y(g, (double)r), g->cell, g->cell, color,
            title);
    if (writes_numbers(g) && strlen(b) * 7.0 < g->cell)
        fprintf(fp,
                "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" "
                "font-size=\"11\">%s</text>\n",
                col_x(g, (double)c + 0.5), row_y(g, (double)r + 0.5) + 4, b);
}

/* The frame of a cell of optimal play, drawn over the cells. */
static void put_frame(FILE *fp, const grid_t *g, size_t r, size_t c)
{
    fprintf(fp,
            "<rect class=\"frame\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
            "height=\"%.1f\" fill=\"none\" stroke=\"#111\" "
            "stroke-width=\"2\"/>\n",
            col_x(g, (double)c), row_y(g, (double)r), g->cell, g->cell);
}

/* The half size of an arrowhead. */
static double arrow_size(const grid_t *g)
{
    const double s = g->cell * 0.12;
    return s > 5 ? 5 : s < 2 ? 2 : s;
}

/* An arrowhead centred at (x, y), pointing along (dx, dy) (a unit
 * vector). */
static void put_arrow(FILE *fp, const grid_t *g, double x, double y, double dx,
                      double dy)
{
    const double s = arrow_size(g), px = -dy * s, py = dx * s;
    fprintf(fp, "<polygon points=\"%.1f,%.1f %.1f,%.1f %.1f,%.1f\"/>\n",
            x + dx * s, y + dy * s, x - dx * s + px, y - dy * s + py,
            x - dx * s - px, y - dy * s - py);
}

static void begin_step(FILE *fp)
{
    fputs("<g class=\"step\">\n", fp);
}

static void end_step(FILE *fp)
{
    fputs("</g>\n", fp);
}

/* A step of optimal play from the cell (r, c) to the one below. */
static void step_down(FILE *fp, const grid_t *g, size_t r, size_t c)
{
    begin_step(fp);
    put_arrow(fp, g, col_x(g, (double)c + 0.5), row_y(g, (double)r + 1), 0, 1);
    end_step(fp);
}

/* A step from the cell (r, c) to the one on its left: on the edge they
 * share, below the numbers when the cells have them. */
static void step_left(FILE *fp, const grid_t *g, size_t r, size_t c)
{
    const double below = writes_numbers(g) ? fmax(9, g->cell / 4) : 0;
    begin_step(fp);
    put_arrow(fp, g, col_x(g, (double)c), row_y(g, (double)r + 0.5) + below, -1,
              0);
    end_step(fp);
}

/* A step from the cell (r, c) down and left: at the corner the two cells
 * share; from the last row (rows - 1) to the first (a circle's arcs go
 * round), one tip at the bottom corner and the next arrowhead from the
 * top one, each inside the map. */
static void step_down_left(FILE *fp, const grid_t *g, size_t r, size_t c,
                           size_t rows)
{
    const double d = sqrt(0.5), x = col_x(g, (double)c);
    const double in = r + 1 == rows ? d * arrow_size(g) : 0; /* inside */
    begin_step(fp);
    put_arrow(fp, g, x + in, row_y(g, (double)r + 1) - in, -d, d);
    if (r + 1 == rows)
        put_arrow(fp, g, x - in, row_y(g, 0) + in, -d, d);
    end_step(fp);
}

/* Where the name of the rows goes (the middle of its rotated line). */
static double ylabel_y(const grid_t *g, size_t rows)
{
    return g->y0 + g->cell * (double)(rows > 0 ? rows : 1) / 2;
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
                    col_x(g, (double)k + 0.5), g->y0 - 6, k + 1);
        if (k < rows)
            fprintf(fp,
                    "<text x=\"%.1f\" y=\"%.1f\" "
                    "text-anchor=\"end\">%zu</text>\n",
                    g->x0 - 6, row_y(g, (double)k + 0.5) + 4, k + 1);
    }
    const int centred = text_width(xlabel, 13) < g->cell * (double)cols;
    fprintf(fp,
            "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\" "
            "font-size=\"13\">%s</text>\n"
            "<text transform=\"translate(%.1f %.1f) rotate(-90)\" "
            "text-anchor=\"middle\" font-size=\"13\">%s</text>\n</g>\n",
            centred ? g->x0 + g->cell * (double)cols / 2 : g->x0, g->y0 - 24,
            centred ? "middle" : "start", xlabel, g->x0 - 36, ylabel_y(g, rows),
            ylabel);
}

/* ------------------------------------------------------------------------
 * The legend: a bar of the colours from the lowest value to the highest
 * ---------------------------------------------------------------------- */

/* The legend's lines: what it shows, and the values at the bar's ends. */
typedef struct {
    char lo[COINLINE_I128_STRLEN], hi[COINLINE_I128_STRLEN];
    double bar; /* the bar's width */
} legend_t;

static legend_t legend_for(const range_t *R)
{
    legend_t L;
    coinline_i128_to_string(cl_from_wide(R->lo), L.lo, sizeof L.lo);
    coinline_i128_to_string(cl_from_wide(R->hi), L.hi, sizeof L.hi);
    /* room for both ends' values and a 0 between them */
    const double ends = text_width(L.lo, LEGEND_SIZE) +
                        text_width(L.hi, LEGEND_SIZE) +
                        3 * text_width("0", LEGEND_SIZE) + 24;
    L.bar = ends > 200 ? ends : 200;
    return L;
}

/* The legend's width, what: its heading. */
static double legend_width(const legend_t *L, const char *what)
{
    const double head = text_width(what, LEGEND_SIZE);
    return head > L->bar ? head : L->bar;
}

/* The legend's height, from its top to the baseline of the values. */
#define LEGEND_H (LEGEND_SIZE + 6 + BAR_H + 4 + LEGEND_SIZE)

/* The bar's gradient: the colour of the lowest value, white at 0 when 0
 * is between them, the colour of the highest (heat() is linear in v on
 * each side of 0, as a gradient between those stops is). */
static void put_gradient(FILE *fp, const range_t *R)
{
    char c[8];
    const double lo = (double)R->lo, hi = (double)R->hi;
    fputs("<defs><linearGradient id=\"heat\">", fp);
    heat(lo / R->scale, c, sizeof c);
    fprintf(fp, "<stop offset=\"0\" stop-color=\"%s\"/>", c);
    if (lo < 0 && hi > 0)
        fprintf(fp, "<stop offset=\"%.4f\" stop-color=\"#ffffff\"/>",
                -lo / (hi - lo));
    heat(hi / R->scale, c, sizeof c);
    fprintf(fp, "<stop offset=\"1\" stop-color=\"%s\"/>", c);
    fputs("</linearGradient></defs>\n", fp);
}

/* The legend at (x, y), its top left corner. */
static void put_legend(FILE *fp, const range_t *R, const legend_t *L, double x,
                       double y, const char *what)
{
    const double bar_y = y + LEGEND_SIZE + 6,
                 text_y = bar_y + BAR_H + 4 + LEGEND_SIZE;
    put_gradient(fp, R);
    fprintf(fp,
            "<g class=\"legend\" font-size=\"%.0f\" fill=\"#333\">\n"
            "<text x=\"%.1f\" y=\"%.1f\">%s</text>\n"
            "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
            "fill=\"url(#heat)\" stroke=\"#999\" stroke-width=\"0.5\"/>\n"
            "<text x=\"%.1f\" y=\"%.1f\">%s</text>\n"
            "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%s</text>\n",
            LEGEND_SIZE, x, y + LEGEND_SIZE, what, x, bar_y, L->bar, BAR_H, x,
            text_y, L->lo, x + L->bar, text_y, L->hi);
    if (R->lo < 0 && R->hi > 0) {
        const double at =
            x + L->bar * -(double)R->lo / ((double)R->hi - (double)R->lo);
        const double half = text_width("0", LEGEND_SIZE) / 2 + 4;
        fprintf(fp,
                "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
                "stroke=\"#333\"/>\n",
                at, bar_y + BAR_H, at, bar_y + BAR_H + 3);
        if (at - half > x + text_width(L->lo, LEGEND_SIZE) &&
            at + half < x + L->bar - text_width(L->hi, LEGEND_SIZE))
            fprintf(fp,
                    "<text x=\"%.1f\" y=\"%.1f\" "
                    "text-anchor=\"middle\">0</text>\n",
                    at, text_y);
    }
    fputs("</g>\n", fp);
}

/* ------------------------------------------------------------------------
 * The picture: its size, heading and legend around the cells
 * ---------------------------------------------------------------------- */

typedef struct {
    const char *title;      /* the picture's <title> */
    const char *caption[2]; /* two lines above the map */
    const char *xlabel;     /* the axes' names */
    const char *what;       /* the legend's heading */
    size_t rows, cols;      /* the map's cells: cols includes any gap */
} frame_t;

/* Writes the SVG element, the heading and the axes (axis_cols: the
 * columns numbered); the cells follow. Returns the legend's top. */
static double put_begin(FILE *fp, const grid_t *g, const frame_t *F,
                        const range_t *R, const legend_t *L, size_t axis_cols,
                        const char *ylabel)
{
    const double map_w = g->cell * (double)F->cols;
    const double map_h = g->cell * (double)(F->rows > 0 ? F->rows : 1);
    double right = g->x0 + map_w;
    for (int k = 0; k < 2; k++) {
        const double w = g->x0 + text_width(F->caption[k], CAPTION_SIZE);
        right = w > right ? w : right;
    }
    const double xw = text_width(F->xlabel, 13), cw = g->cell * axis_cols;
    const double xl = g->x0 + (xw < cw ? cw / 2 + xw / 2 : xw);
    right = xl > right ? xl : right;
    if (R->any && g->x0 + legend_width(L, F->what) > right)
        right = g->x0 + legend_width(L, F->what);
    const double legend_y = g->y0 + map_h + 18;
    const double yl = ylabel_y(g, F->rows) + text_width(ylabel, 13) / 2 + 8;
    double height = R->any ? legend_y + LEGEND_H + 14 : legend_y + 12;
    height = ceil(yl > height ? yl : height);
    const double width = ceil(right + PAD);
    fprintf(fp,
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" "
            "height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" "
            "font-family=\"sans-serif\">\n<title>%s</title>\n<rect "
            "width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n"
            "<g font-size=\"%.0f\">\n<text x=\"%.1f\" y=\"22\">%s</text>\n"
            "<text x=\"%.1f\" y=\"40\">%s</text>\n</g>\n",
            width, height, width, height, F->title, CAPTION_SIZE, g->x0,
            F->caption[0], g->x0, F->caption[1]);
    put_axes(fp, g, F->rows, axis_cols, F->xlabel, ylabel);
    return legend_y;
}

/* ------------------------------------------------------------------------
 * The map: a cell for each run of the grid (vtable.c), and where move 1
 * may take any coin the final margin of each first position, m(i), in a
 * column of its own after a gap
 * ---------------------------------------------------------------------- */

static range_t table_range(const coinline_table_t *T)
{
    const size_t n = coinline_table_size(T), cols = vtable_cols(T);
    const int first_any = vtable_shape(T)->first_any;
    coinline_table_cell_t c;
    range_t R = {0, 0, 1, 0};
    for (size_t i = 0; i < n; i++) {
        if (first_any)
            range_add(&R, cl_to_wide(vtable_outcome(T, i + 1)));
        for (size_t j = 0; j < cols; j++)
            if (vtable_cell(T, i, j, &c))
                range_add(&R, cl_to_wide(c.value));
    }
    return R;
}

/* The runs (column j), then m(i) in column cols + 1 (after a gap). */
static void table_cells(const coinline_table_t *T, FILE *fp, const grid_t *g,
                        const range_t *R)
{
    const size_t n = coinline_table_size(T), cols = vtable_cols(T);
    char b[COINLINE_I128_STRLEN], title[COINLINE_I128_STRLEN + 80];
    coinline_table_cell_t c;
    for (size_t i = 0; i < n; i++) {
        for (size_t j = 0; j < cols; j++) {
            if (!vtable_cell(T, i, j, &c))
                continue;
            coinline_i128_to_string(c.value, b, sizeof b);
            snprintf(title, sizeof title, "V(%zu, %zu) = %s, best move %c",
                     i + 1, j + 1, b,
                     c.best_side == COINLINE_SIDE_RIGHT ? 'R' : 'L');
            put_cell(fp, g, i, j, cl_to_wide(c.value), R, title);
        }
        if (!vtable_shape(T)->first_any)
            continue;
        const coinline_i128_t m = vtable_outcome(T, i + 1);
        coinline_i128_to_string(m, b, sizeof b);
        snprintf(title, sizeof title, "m(%zu) = %s: player 1 takes %zu first",
                 i + 1, b, i + 1);
        put_cell(fp, g, i, cols + 1, cl_to_wide(m), R, title);
    }
}

/* Move 1 where any coin may be taken: from m(first) in column cols + 1,
 * across the gap (column cols), to the run it leaves in row to, column
 * cols - 1 (round to a row above, through the bottom and the top, when
 * to < first). A line from the lower part of m's cell to the upper part
 * of the run's, with its arrowhead. */
static void first_move(FILE *fp, const grid_t *g, size_t first, size_t to,
                       size_t cols, size_t rows)
{
    const double x0 = col_x(g, (double)cols);
    double x1 = col_x(g, (double)cols + 1), y1 = row_y(g, (double)first + 0.75);
    const double y0 = row_y(g, (double)to + 0.25);
    const double s = arrow_size(g), len = sqrt(1.25) * g->cell;
    const double dx = -g->cell / len, dy = 0.5 * g->cell / len;
    begin_step(fp);
    if (to < first) { /* round: down to the bottom, on from the top */
        const double mid = (x0 + x1) / 2;
        fprintf(fp, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n",
                x1, y1, mid, row_y(g, (double)rows));
        x1 = mid;
        y1 = row_y(g, 0);
    }
    fprintf(fp, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n", x1,
            y1, x0 - dx * s, y0 - dy * s);
    put_arrow(fp, g, x0 - dx * s, y0 - dy * s, dx, dy);
    end_step(fp);
}

/* A step of optimal play from the cell of a to the cell of b: left (the
 * same row), down (the same column: a line's left coin taken) or down
 * and left (a circle's first coin of an arc taken). */
static void step(FILE *fp, const grid_t *g, const vtable_move_t *a,
                 const vtable_move_t *b, size_t rows)
{
    if (b->row == a->row)
        step_left(fp, g, a->row, a->col);
    else if (b->col == a->col)
        step_down(fp, g, a->row, a->col);
    else
        step_down_left(fp, g, a->row, a->col, rows);
}

/* The cells of optimal play framed (m of move 1's position where any
 * coin may be taken, then the runs), then its steps: move 1 across the
 * gap, then each move from one run to the next. */
static void table_line(const coinline_table_t *T, FILE *fp, const grid_t *g)
{
    const size_t n = coinline_table_size(T), cols = vtable_cols(T);
    const int first_any = vtable_shape(T)->first_any;
    vtable_move_t moves[TABLE_MAX];
    const size_t count = vtable_line(T, moves);
    const size_t from = first_any ? 1 : 0; /* the first move on a run */
    if (first_any)
        put_frame(fp, g, moves[0].position - 1, cols + 1);
    for (size_t k = from; k < count; k++)
        put_frame(fp, g, moves[k].row, moves[k].col);
    if (first_any) {
        fputs("<g class=\"line\" fill=\"#111\" stroke=\"#111\" "
              "stroke-width=\"1.5\">\n",
              fp);
        if (count > 1)
            first_move(fp, g, moves[0].position - 1, moves[1].row, cols, n);
        fputs("<g stroke=\"#fff\" stroke-width=\"0.8\">\n", fp);
    } else {
        fputs("<g class=\"line\" fill=\"#111\" stroke=\"#fff\" "
              "stroke-width=\"0.8\">\n",
              fp);
    }
    for (size_t k = from; k + 1 < count; k++)
        step(fp, g, &moves[k], &moves[k + 1], n);
    fputs(first_any ? "</g>\n</g>\n" : "</g>\n", fp);
}

void table_svg(const coinline_table_t *T, FILE *fp)
{
    const size_t n = coinline_table_size(T), cols = vtable_cols(T);
    const cli_table_words_t *W = vtable_shape(T)->table;
    const int first_any = vtable_shape(T)->first_any;
    const grid_t g = grid_for(n);
    const range_t R = table_range(T);
    const legend_t L = legend_for(&R);
    char title[400];
    snprintf(title, sizeof title, "%s%s", W->svg_title, vtable_score(T)->svg);
    const frame_t F = {title,
                       {W->svg_caption[0], W->svg_caption[1]},
                       W->svg_xlabel,
                       W->svg_legend,
                       n,
                       first_any && n > 0 ? cols + 2 : cols};
    const double legend_y = put_begin(fp, &g, &F, &R, &L, cols, W->svg_ylabel);
    if (first_any && n > 0)
        fprintf(fp,
                "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" "
                "font-size=\"11\" fill=\"#333\">m(i)</text>\n",
                col_x(&g, (double)cols + 1.5), g.y0 - 6);
    table_cells(T, fp, &g, &R);
    if (n > 0)
        table_line(T, fp, &g);
    if (R.any)
        put_legend(fp, &R, &L, g.x0, legend_y, F.what);
    fputs("</svg>\n", fp);
}
