// SPDX-License-Identifier: MIT
/*
 * web/app/chart.js: the review's margin chart (#chart, inline SVG): the
 * played and best lines, the mistakes' dots and the axes.
 */
'use strict';

/* ------------------------------------------------------------------ */
/* The margin chart (inline SVG)                                       */

/**
 * Round integers for an axis (about `count` steps) from at most lo to at
 * least hi: the first and last ticks bound the chart.
 */
function niceTicks(lo, hi, count) {
  const raw = (hi - lo) / count;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = Math.max(1, [1, 2, 5, 10].map((f) => f * mag).find((s) => s >= raw) || raw);
  const first = Math.floor(lo / step);
  const last = Math.ceil(hi / step);
  const ticks = [];
  for (let k = first; k <= last; k++) ticks.push(k * step);
  return ticks;
}

const COMPACT = new Intl.NumberFormat('en-US', { notation: 'compact', maximumSignificantDigits: 3 });

/** An axis label: plain below 10,000, then compact (20K, 1.5M, 9.2B), past 10^15 like 9.2e18. */
function shortNumber(x) {
  const sign = x < 0 ? '−' : '';
  const a = Math.abs(x);
  if (a < 1e4) return sign + String(Math.round(a));
  if (a < 1e15) return sign + COMPACT.format(a);
  return sign + a.toExponential(1).replace('e+', 'e');
}

/**
 * The chart's lines from the review (worker.js's model): [k, v] points
 * of the margin (you − the engine) as played and with best play from
 * there, for moves k = 0..count; exact values (BigInt) for a game of at
 * most MAX_ROWS moves, else each slice's lowest and highest.
 */
function chartLines(c) {
  if (c.exact) return { played: c.played.map((v, k) => [k, v]), best: c.best.map((v, k) => [k, v]) };
  const pairs = (f) => {
    const out = [];
    for (let k = 0; k < f.length; k += 2) out.push([f[k], f[k + 1]]);
    return out;
  };
  return { played: pairs(c.played), best: pairs(c.best) };
}

/** Draws #chart from the review, as wide as its box. */
function drawChart() {
  const an = S.analysis;
  const chart = $('chart');
  if (!an || $('analysis').hidden) return;
  const W = Math.max(280, Math.round(chart.parentElement.clientWidth || 600));
  const H = W < 500 ? 220 : 260;
  const pad = { l: W < 500 ? 44 : 60, r: 14, t: 14, b: 34 };
  const lines = chartLines(an.chart);
  let lo = 0;
  let hi = 0;
  for (const [, v] of lines.played.concat(lines.best)) {
    lo = Math.min(lo, Number(v));
    hi = Math.max(hi, Number(v));
  }
  if (lo === hi) hi = lo + 1;
  const ticks = niceTicks(lo, hi, H < 240 ? 4 : 5);
  lo = ticks[0];
  hi = ticks[ticks.length - 1];
  const count = an.count;
  const x = (k) => pad.l + (count ? (k * (W - pad.l - pad.r)) / count : (W - pad.l - pad.r) / 2);
  const y = (v) => pad.t + ((hi - Number(v)) * (H - pad.t - pad.b)) / (hi - lo);

  const nodes = [svg('title', {}, 'The margin (you − engine) after each move, as played and with best play from there')];
  nodes.push(...yAxis(ticks, y, pad, W));
  nodes.push(...xAxis(count, x, H, pad));
  nodes.push(...mistakeDots(an.chart.dots, count, x, y));
  const pts = (line) => line.map(([k, v]) => `${x(k).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
  nodes.push(svg('polyline', { class: 'best', points: pts(lines.best) }));
  nodes.push(svg('polyline', { class: 'played', points: pts(lines.played) }));
  // Dots for each move and each mistake, while they stay few enough to see.
  if (count <= 200 && an.chart.exact) {
    const { played, best } = an.chart;
    played.forEach((v, k) =>
      nodes.push(svg('circle', { class: 'played-dot', cx: x(k).toFixed(1), cy: y(v).toFixed(1), r: count > 60 ? 1.5 : 3 },
        svg('title', {}, k ? `after move ${k}: ${signed(v)} (best play from there: ${signed(best[k])})` : 'the start: 0'))));
  }
  chart.replaceChildren(...nodes);
  chart.setAttribute('viewBox', `0 0 ${W} ${H}`);
  chart.setAttribute('width', W);
  chart.setAttribute('height', H);
}

/**
 * A mark for each move that lost points (the first MAX_ROWS: the
 * review's dots, {k, player, loss, best}), on the best play line after
 * it: circle.mistake-dot.you (a ring) or .engine (a dot); a mark within
 * a pixel of the player's last one is not drawn (a long game's first
 * thousand mistakes can fall in a few pixels). Drawn under the lines, so
 * that many of them do not hide the lines.
 */
function mistakeDots(dots, count, x, y) {
  const r = count > 400 ? 2.5 : count > 100 ? 3.5 : 5.5;
  const last = {}; // each player's last mark: one within a pixel of it is not drawn again
  const out = [];
  for (const d of dots) {
    const who = whoOf(d.player);
    const cx = x(d.k);
    const cy = y(d.best);
    const prev = last[who];
    if (prev && Math.abs(prev.cx - cx) < 1 && Math.abs(prev.cy - cy) < 1) continue;
    last[who] = { cx, cy };
    out.push(svg('circle', { class: `mistake-dot ${who}`, cx: cx.toFixed(1), cy: cy.toFixed(1), r: who === 'you' ? r : r * 0.75 },
      svg('title', {}, `move ${d.k}: ${lossTitle(d.player, big(d.loss))}; best play now ends ${signed(d.best)}`)));
  }
  return out;
}

function yAxis(ticks, y, pad, W) {
  const out = [];
  for (const t of ticks) {
    const ty = y(t).toFixed(1);
    out.push(svg('line', { class: t === 0 ? 'axis zero' : 'grid', x1: pad.l, x2: W - pad.r, y1: ty, y2: ty }));
    out.push(svg('text', { class: 'tick', x: pad.l - 6, y: ty, 'text-anchor': 'end', 'dominant-baseline': 'middle' }, shortNumber(t)));
  }
  return out;
}

function xAxis(count, x, H, pad) {
  const out = [svg('line', { class: 'axis', x1: x(0), x2: x(count), y1: H - pad.b, y2: H - pad.b })];
  const most = Math.max(2, Math.floor((x(count) - x(0)) / 48)); // labels about 48 px apart at least
  for (const k of niceTicks(0, Math.max(1, count), Math.min(10, most))) {
    if (k > count) break;
    out.push(svg('text', { class: 'tick', x: x(k).toFixed(1), y: H - pad.b + 16, 'text-anchor': 'middle' }, shortNumber(k)));
  }
  out.push(svg('text', { class: 'axis-label', x: x(count).toFixed(1), y: H - 4, 'text-anchor': 'end' }, 'move'));
  return out;
}
