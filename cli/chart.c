/* SPDX-License-Identifier: MIT */
/*
 * chart.c - the margin chart of a played game as an SVG picture (analyze
 * --svg). The chart draws, against the move number, the margin (player 1's
 * total minus player 2's) as played, the margin along the optimal line
 * from the start, and the final margin that best play from each position
 * would give: it moves only when a move loses points, by twice the points
 * lost, up for player 2's mistakes and down for player 1's.
 *
 * Any rules: the series are the game's (cli/analysis.c), the words the
 * rules' (cli/rules.h). Where move 1 may take any coin (a circle, the
 * pizza game), best play from the start takes the coin at the best first
 * position, then plays the line left. Move 1 is marked
 * where the final margin steps from the best first position's, m(best),
 * to that of the position taken, m(taken): a hollow diamond and a filled
 * one, joined, at move 1, and a note above the plot in the words of the
 * text review ("took 1 (at 3), the best was 9 (at 2)"). Under the move
 * numbers, the position each move took ("at 3").
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "chart.h"
#include "wide.h"

#define W     840.0
#define LEFT  80.0
#define RIGHT 20.0

typedef struct {
    double x0, x1, y0, y1; /* the data range */
    double h, top, bottom; /* the picture's height, the room above and
                            * below the plot */
} frame_t;

static double px(const frame_t *f, double x)
{
    return LEFT + (x - f->x0) / (f->x1 - f->x0) * (W - LEFT - RIGHT);
}

static double py(const frame_t *f, double y)
{
    return f->h - f->bottom -
           (y - f->y0) / (f->y1 - f->y0) * (f->h - f->top - f->bottom);
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

/* The step between the labelled moves. */
static double move_step(const frame_t *f)
{
    return f->x1 - f->x0 <= 10 ? 1 : tick_step(f->x1 - f->x0);
}

/* Under the labelled moves where move 1 may take any coin, the position
 * each took, as the
 * text review says it ("at 3"). */
static void positions(FILE *fp, const frame_t *f, const analysis_t *A)
{
    const size_t count = analysis_count(A);
    const double y = f->h - f->bottom + 32;
    fprintf(fp,
            "<g font-size=\"10\" fill=\"#555\">\n<text x=\"%.1f\" y=\"%.1f\" "
            "text-anchor=\"end\">position</text>\n",
            LEFT - 6, y);
    for (double x = f->x0 + move_step(f); x <= f->x1; x += move_step(f)) {
        const size_t k = (size_t)x;
        if (k >= 1 && k <= count)
            fprintf(fp,
                    "<text class=\"position\" x=\"%.1f\" y=\"%.1f\" "
                    "text-anchor=\"middle\">at %llu</text>\n",
                    px(f, x), y, (unsigned long long)A->r[k - 1].position);
    }
    fputs("</g>\n", fp);
}

static void axes(FILE *fp, const frame_t *f)
{
    const double step = tick_step(f->y1 - f->y0);
    const double base = f->h - f->bottom;
    fprintf(fp, "<g font-size=\"12\" fill=\"#333\" stroke=\"none\">\n");
    for (double y = ceil(f->y0 / step) * step; y <= f->y1; y += step)
        fprintf(fp,
                "<line class=\"ytick\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
                "y2=\"%.1f\" stroke=\"#ddd\"/><text class=\"ytick\" "
                "x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%.6g</text>\n",
                LEFT, py(f, y), W - RIGHT, py(f, y), LEFT - 6, py(f, y) + 4,
                fabs(y) < step / 2 ? 0.0 : y);
    for (double x = f->x0; x <= f->x1; x += move_step(f))
        fprintf(fp,
                "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%.0f"
                "</text>\n",
                px(f, x), base + 18, x);
    fprintf(fp,
            "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
            "stroke=\"#333\"/>\n<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
            "y2=\"%.1f\" stroke=\"#333\"/>\n",
            LEFT, f->top, LEFT, base, LEFT, base, W - RIGHT, base);
    fprintf(fp,
            "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">move</text>\n"
            "<text transform=\"translate(18 %.1f) rotate(-90)\" "
            "text-anchor=\"middle\">margin (player 1 minus player 2)</text>\n"
            "</g>\n",
            (LEFT + W - RIGHT) / 2, f->h - 14, (f->top + base) / 2);
}

/* The three series: as played, the optimal line, best final margin. */
typedef struct {
    double *played, *line, *eval;
    size_t np, nl; /* points in played and eval; in line */
} series_t;

/* Best play from the start: the margin after each of the n moves, into
 * line[0..n] (the game's best moves, analysis_best_line()). */
static int best_line(const analysis_t *A, double *line)
{
    coinline_i128_t *m = malloc((A->n + 1) * sizeof *m);
    const long len =
        m == NULL ? -1 : analysis_best_line(A, 0, 0, NULL, m, NULL, NULL);
    for (long k = 0; k <= len; k++)
        line[k] = (double)cl_to_wide(m[k]);
    free(m);
    return len == (long)A->n ? 0 : -1;
}

static int make_series(const analysis_t *A, series_t *s)
{
    const size_t count = analysis_count(A);
    s->played = malloc((count + 1) * sizeof *s->played);
    s->eval = malloc((count + 1) * sizeof *s->eval);
    s->line = malloc((A->n + 1) * sizeof *s->line);
    if (s->played == NULL || s->eval == NULL || s->line == NULL ||
        best_line(A, s->line) != 0)
        return -1;
    s->np = count + 1;
    s->nl = A->n + 1;
    s->played[0] = 0;
    s->eval[0] = (double)cl_to_wide(A->best.margin);
    for (size_t k = 0; k < count; k++) {
        const coinline_move_review_t *r = &A->r[k];
        s->played[k + 1] = (double)(cl_to_wide(r->p1) - cl_to_wide(r->p2));
        s->eval[k + 1] = (double)cl_to_wide(r->final_margin);
    }
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
                     const char *cls, const char *style)
{
    fprintf(fp, "<polyline class=\"%s\" fill=\"none\" %s points=\"", cls,
            style);
    for (size_t i = 0; i < n; i++)
        fprintf(fp, "%s%.1f,%.1f", i ? " " : "", px(f, (double)i), py(f, v[i]));
    fputs("\"/>\n", fp);
}

/* "took 1 (at 3), the best was 9 (at 2)", as the text review says it. */
static void move_words(const analysis_t *A, const coinline_move_review_t *r,
                       char *buf, size_t size)
{
    char took[64], best[64];
    analysis_coin_words(A, r->coin, r->side, r->position, took, sizeof took);
    analysis_coin_words(A, r->best_coin, r->best, r->best_position, best,
                        sizeof best);
    snprintf(buf, size, "took %s, the best was %s", took, best);
}

static void mistakes(FILE *fp, const frame_t *f, const analysis_t *A,
                     const series_t *s)
{
    char b[COINLINE_I128_STRLEN], words[160];
    for (size_t k = 0; k < analysis_count(A); k++) {
        if (A->r[k].optimal)
            continue;
        coinline_i128_to_string(A->r[k].loss, b, sizeof b);
        move_words(A, &A->r[k], words, sizeof words);
        fprintf(fp,
                "<circle class=\"mistake\" cx=\"%.1f\" cy=\"%.1f\" r=\"4.5\" "
                "fill=\"#c0392b\"><title>move %zu: player %d %s: lost %s "
                "point%s</title></circle>\n",
                px(f, (double)(k + 1)), py(f, s->played[k + 1]), k + 1,
                A->r[k].player, words, b, strcmp(b, "1") == 0 ? "" : "s");
    }
}

/* A diamond of half size 5.5 at (x, y): filled, or hollow. */
static void diamond(FILE *fp, const char *cls, double x, double y, int filled,
                    const char *title)
{
    fprintf(fp,
            "<polygon class=\"%s\" points=\"%.1f,%.1f %.1f,%.1f %.1f,%.1f "
            "%.1f,%.1f\" fill=\"%s\" stroke=\"#6c3483\" stroke-width=\"1.5\">"
            "<title>%s</title></polygon>\n",
            cls, x, y - 5.5, x + 5.5, y, x, y + 5.5, x - 5.5, y,
            filled ? "#6c3483" : "none", title);
}

/* Move 1 where any coin may be taken (a circle's): at move 1, the final margin
 * of the first position taken (filled) and of the best one (hollow), joined;
 * and the note above the plot. */
static void first_move(FILE *fp, const frame_t *f, const analysis_t *A,
                       const series_t *s)
{
    const coinline_move_review_t *r = &A->r[0];
    char taken[COINLINE_I128_STRLEN], best[COINLINE_I128_STRLEN], title[160];
    const double x = px(f, 1), yt = py(f, s->eval[1]), yb = py(f, s->eval[0]);
    coinline_i128_to_string(r->final_margin, taken, sizeof taken);
    coinline_i128_to_string(A->best.margin, best, sizeof best);
    fprintf(fp,
            "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
            "stroke=\"#6c3483\" stroke-width=\"1.5\" "
            "stroke-dasharray=\"2 2\"/>\n",
            x, yb, x, yt);
    snprintf(title, sizeof title,
             "the best first position, %llu: final margin %s with best play",
             (unsigned long long)r->best_position, best);
    diamond(fp, "first-best", x, yb, 0, title);
    snprintf(title, sizeof title,
             "move 1 at %llu: final margin %s with best play after it",
             (unsigned long long)r->position, taken);
    diamond(fp, "first-taken", x, yt, 1, title);
}

/* The note on a move 1 that may take any coin, for the legend. */
static void first_move_note(const analysis_t *A, char *buf, size_t size)
{
    const coinline_move_review_t *r = &A->r[0];
    char words[160], taken[COINLINE_I128_STRLEN], best[COINLINE_I128_STRLEN];
    coinline_i128_to_string(r->final_margin, taken, sizeof taken);
    coinline_i128_to_string(A->best.margin, best, sizeof best);
    if (r->optimal) {
        analysis_coin_words(A, r->coin, r->side, r->position, words,
                            sizeof words);
        snprintf(buf, size,
                 "move 1: took %s, the best first position: final margin %s",
                 words, taken);
    } else {
        move_words(A, r, words, sizeof words);
        snprintf(buf, size, "move 1: %s: final margin %s against %s", words,
                 taken, best);
    }
}

/* The legend across the top: a swatch and a name for each series, on
 * as many lines as it takes; then, where move 1 may take any coin, its
 * note (NULL:
 * none) with its diamond. */
static void legend(FILE *fp, const analysis_t *A, const char *note)
{
    char best[96], first[64];
    analysis_shape(A)->best_first(first, sizeof first, A->best.first);
    snprintf(best, sizeof best, "best play from the start%s", first);
    const char *const names[] = {"as played", best,
                                 "final margin with best play from here",
                                 "a move that lost points", note};
    static const char *const colors[] = {"#1f5fa8", "#999", "#d68910",
                                         "#c0392b"};
    double x = LEFT, y = 20;
    fputs("<g font-size=\"12\" fill=\"#333\">\n", fp);
    for (int i = 0; i < 4 + (note != NULL); i++) {
        const double w =
            16 + 6.2 * (double)strlen(names[i]); /* 6 px a letter */
        if (x > LEFT && x + w > W - RIGHT) {
            x = LEFT;
            y += 18;
        }
        if (i < 4)
            fprintf(fp,
                    "<rect x=\"%.1f\" y=\"%.1f\" width=\"12\" height=\"4\" "
                    "fill=\"%s\"/>",
                    x, y - 6, colors[i]);
        else
            fprintf(
                fp,
                "<polygon points=\"%.1f,%.1f %.1f,%.1f %.1f,%.1f %.1f,%.1f\" "
                "fill=\"#6c3483\"/>",
                x + 6, y - 9, x + 11, y - 4, x + 6, y + 1, x + 1, y - 4);
        fprintf(fp, "<text class=\"%s\" x=\"%.1f\" y=\"%.1f\">%s</text>\n",
                i < 4 ? "legend" : "first-move", x + 16, y, names[i]);
        x += w + 18;
    }
    fputs("</g>\n", fp);
}

/* The frame of the chart: its height and margins (where move 1 may take
 * any coin, a note above the plot and the positions below it), the data
 * range. */
static frame_t frame_for(const analysis_t *A, const series_t *s)
{
    frame_t f = {0, (double)(A->n > 0 ? A->n : 1), 0, 0, 400, 40, 60};
    if (analysis_shape(A)->first_any) {
        f.h = 436;
        f.top = 56;
        f.bottom = 76;
    }
    range(s->played, s->np, &f);
    range(s->line, s->nl, &f);
    range(s->eval, s->np, &f);
    const double pad = (f.y1 - f.y0) * 0.05 + 0.5;
    f.y0 -= pad;
    f.y1 += pad;
    return f;
}

void analysis_svg(const analysis_t *A, FILE *fp)
{
    series_t s = {NULL, NULL, NULL, 0, 0};
    if (make_series(A, &s) == 0) {
        const frame_t f = frame_for(A, &s);
        const int any = analysis_shape(A)->first_any;
        fprintf(fp,
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" "
                "height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" "
                "font-family=\"sans-serif\">\n<title>game %llu%s%s: the "
                "margin after each move</title>\n<rect width=\"100%%\" "
                "height=\"100%%\" fill=\"white\"/>\n",
                W, f.h, W, f.h, (unsigned long long)A->number,
                analysis_shape(A)->chart, analysis_score(A)->chart);
        axes(fp, &f);
        if (any)
            positions(fp, &f, A);
        char note[400];
        if (any && analysis_count(A) > 0)
            first_move_note(A, note, sizeof note);
        legend(fp, A, any && analysis_count(A) > 0 ? note : NULL);
        polyline(fp, &f, s.line, s.nl, "best",
                 "stroke=\"#999\" stroke-width=\"2\"");
        polyline(fp, &f, s.eval, s.np, "eval",
                 "stroke=\"#d68910\" stroke-width=\"2\" "
                 "stroke-dasharray=\"6 4\"");
        polyline(fp, &f, s.played, s.np, "played",
                 "stroke=\"#1f5fa8\" stroke-width=\"2.5\"");
        mistakes(fp, &f, A, &s);
        if (any && analysis_count(A) > 0)
            first_move(fp, &f, A, &s);
        fputs("</svg>\n", fp);
    }
    free(s.played);
    free(s.line);
    free(s.eval);
}
