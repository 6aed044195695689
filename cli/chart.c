/* SPDX-License-Identifier: MIT */
/*
 * chart.c - the margin chart of a played game as an SVG picture (analyze
 * --svg, POST /api/analyze with "svg"). The chart draws, against the move
 * number, the margin (player 1's total minus player 2's) as played, the margin
 * along the optimal line from the start, and the final margin that best play
 * from each position would give: it moves only when a move loses points,
 * by twice the points lost, up for player 2's mistakes and down for
 * player 1's.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "chart.h"
#include "wide.h"

#define W      840.0
#define H      400.0
#define LEFT   80.0
#define RIGHT  20.0
#define TOP    40.0
#define BOTTOM 60.0

typedef struct {
    double x0, x1, y0, y1; /* the data range */
} frame_t;

static double px(const frame_t *f, double x)
{
    return LEFT + (x - f->x0) / (f->x1 - f->x0) * (W - LEFT - RIGHT);
}

static double py(const frame_t *f, double y)
{
    return H - BOTTOM - (y - f->y0) / (f->y1 - f->y0) * (H - TOP - BOTTOM);
}

/* A step between ticks of about a fifth of span: 1, 2 or 5 times 10^k. */
static double tick_step(double span)
{
    const double raw = span / 5.0;
    const double p = pow(10.0, floor(log10(raw)));
    return raw / p < 1.5   ? p
           : raw / p < 3.5 ? 2 * p
           : raw / p < 7.5 ? 5 * p
                           : 10 * p;
}

static void axes(FILE *fp, const frame_t *f)
{
    const double step = tick_step(f->y1 - f->y0);
    const double xstep = f->x1 - f->x0 <= 10 ? 1 : tick_step(f->x1 - f->x0);
    fprintf(fp, "<g font-size=\"12\" fill=\"#333\" stroke=\"none\">\n");
    for (double y = ceil(f->y0 / step) * step; y <= f->y1; y += step)
        fprintf(fp,
                "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
                "stroke=\"#ddd\"/><text x=\"%.1f\" y=\"%.1f\" "
                "text-anchor=\"end\">%.6g</text>\n",
                LEFT, py(f, y), W - RIGHT, py(f, y), LEFT - 6, py(f, y) + 4,
                fabs(y) < step / 2 ? 0.0 : y);
    for (double x = f->x0; x <= f->x1; x += xstep)
        fprintf(fp,
                "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%.0f"
                "</text>\n",
                px(f, x), H - BOTTOM + 18, x);
    fprintf(fp,
            "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
            "stroke=\"#333\"/>\n<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
            "y2=\"%.1f\" stroke=\"#333\"/>\n",
            LEFT, TOP, LEFT, H - BOTTOM, LEFT, H - BOTTOM, W - RIGHT,
            H - BOTTOM);
    fprintf(fp,
            "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">move</text>\n"
            "<text transform=\"translate(18 %.1f) rotate(-90)\" "
            "text-anchor=\"middle\">margin (player 1 minus player 2)</text>\n"
            "</g>\n",
            (LEFT + W - RIGHT) / 2, H - 14, (TOP + H - BOTTOM) / 2);
}

/* The three series: as played, the optimal line, best final margin. */
typedef struct {
    double *played, *line, *eval;
    size_t np, nl; /* points in played and eval; in line */
} series_t;

static int make_series(const analysis_t *A, series_t *s)
{
    char *moves = malloc(A->n + 1);
    s->played = malloc((A->nmoves + 1) * sizeof *s->played);
    s->eval = malloc((A->nmoves + 1) * sizeof *s->eval);
    s->line = malloc((A->n + 1) * sizeof *s->line);
    if (moves == NULL || s->played == NULL || s->eval == NULL ||
        s->line == NULL ||
        coinline_line(A->coins, A->n, COINLINE_ALGO_LINEAR, moves) != 0) {
        free(moves);
        return -1;
    }
    s->np = A->nmoves + 1;
    s->nl = A->n + 1;
    s->played[0] = s->line[0] = 0;
    s->eval[0] = (double)cl_to_wide(A->best.margin);
    for (size_t k = 0; k < A->nmoves; k++) {
        const coinline_move_review_t *r = &A->r[k];
        s->played[k + 1] = (double)(cl_to_wide(r->p1) - cl_to_wide(r->p2));
        s->eval[k + 1] = (double)cl_to_wide(r->final_margin);
    }
    size_t lo = 0, hi = A->n;
    for (size_t k = 0; k < A->n; k++) {
        const double c =
            (double)(moves[k] == 'L' ? A->coins[lo++] : A->coins[--hi]);
        s->line[k + 1] = s->line[k] + (k % 2 == 0 ? c : -c);
    }
    free(moves);
    return 0;
}

static void range(const double *v, size_t n, frame_t *f)
{
    for (size_t i = 0; i < n; i++) {
        f->y0 = v[i] < f->y0 ? v[i] : f->y0;
        f->y1 = v[i] > f->y1 ? v[i] : f->y1;
    }
}

static void polyline(FILE *fp, const frame_t *f, const double *v, size_t n,
                     const char *style)
{
    fprintf(fp, "<polyline fill=\"none\" %s points=\"", style);
    for (size_t i = 0; i < n; i++)
        fprintf(fp, "%s%.1f,%.1f", i ? " " : "", px(f, (double)i), py(f, v[i]));
    fputs("\"/>\n", fp);
}

static void mistakes(FILE *fp, const frame_t *f, const analysis_t *A,
                     const series_t *s)
{
    char b[COINLINE_I128_STRLEN];
    for (size_t k = 0; k < A->nmoves; k++) {
        if (A->r[k].optimal)
            continue;
        coinline_i128_to_string(A->r[k].loss, b, sizeof b);
        fprintf(fp,
                "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4.5\" fill=\"#c0392b\">"
                "<title>move %zu: player %d lost %s point%s</title></circle>\n",
                px(f, (double)(k + 1)), py(f, s->played[k + 1]), k + 1,
                A->r[k].player, b, strcmp(b, "1") == 0 ? "" : "s");
    }
}

static void legend(FILE *fp)
{
    static const char *const names[] = {"as played", "best play from the start",
                                        "final margin with best play from here",
                                        "a move that lost points"};
    static const char *const colors[] = {"#1f5fa8", "#999", "#d68910",
                                         "#c0392b"};
    double x = LEFT;
    fputs("<g font-size=\"12\" fill=\"#333\">\n", fp);
    for (int i = 0; i < 4; i++) {
        fprintf(fp,
                "<rect x=\"%.1f\" y=\"14\" width=\"12\" height=\"4\" "
                "fill=\"%s\"/><text x=\"%.1f\" y=\"20\">%s</text>\n",
                x, colors[i], x + 16, names[i]);
        x += 16 + 6.2 * (double)strlen(names[i]) + 18; /* about 6 px a letter */
    }
    fputs("</g>\n", fp);
}

void analysis_svg(const analysis_t *A, FILE *fp)
{
    series_t s = {NULL, NULL, NULL, 0, 0};
    frame_t f = {0, (double)(A->n > 0 ? A->n : 1), 0, 0};
    if (make_series(A, &s) == 0) {
        range(s.played, s.np, &f);
        range(s.line, s.nl, &f);
        range(s.eval, s.np, &f);
        const double pad = (f.y1 - f.y0) * 0.05 + 0.5;
        f.y0 -= pad;
        f.y1 += pad;
        fprintf(fp,
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" "
                "height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" "
                "font-family=\"sans-serif\">\n<title>game %llu: the margin "
                "after each move</title>\n<rect width=\"100%%\" "
                "height=\"100%%\" fill=\"white\"/>\n",
                W, H, W, H, (unsigned long long)A->number);
        axes(fp, &f);
        legend(fp);
        polyline(fp, &f, s.line, s.nl, "stroke=\"#999\" stroke-width=\"2\"");
        polyline(fp, &f, s.eval, s.np,
                 "stroke=\"#d68910\" stroke-width=\"2\" "
                 "stroke-dasharray=\"6 4\"");
        polyline(fp, &f, s.played, s.np,
                 "stroke=\"#1f5fa8\" stroke-width=\"2.5\"");
        mistakes(fp, &f, A, &s);
        fputs("</svg>\n", fp);
    }
    free(s.played);
    free(s.line);
    free(s.eval);
}
