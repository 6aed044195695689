// SPDX-License-Identifier: MIT
/*
 * web/app/table.js: the V(i, j) heat map (#table, inline SVG) of a row of
 * at most TABLE_MAX coins: its cells inked by value, the headers, the
 * optimal line and the game's cells.
 */
'use strict';

/* ------------------------------------------------------------------ */
/* The V(i, j) heat map (inline SVG)                                   */

function renderTableSection(pos) {
  const section = $('table-section');
  const show = !!S.table && S.coins.length <= TABLE_MAX && S.coins.length > 0 && (pos.over || S.tableOpen);
  section.hidden = !show;
  if (show) drawTable(pos);
}

/** The cells (i, j) a line of moves passes through, from the whole row. */
function cellsOf(line, n) {
  const cells = new Set();
  let i = 0;
  let j = n - 1;
  for (const m of line) {
    cells.add(`${i},${j}`);
    if (m === 'L') i++;
    else j--;
  }
  return cells;
}

function drawTable(pos) {
  const t = S.table;
  const n = S.coins.length;
  const C = 40; // a cell's side
  const opt = cellsOf(t.line || '', n);
  const played = cellsOf(S.moves, n);
  let maxAbs = 1;
  t.v.forEach((row, i) => row.forEach((v, j) => {
    if (j >= i && v !== null) maxAbs = Math.max(maxAbs, Math.abs(Number(big(v))));
  }));
  const nodes = [svg('title', {}, 'V(i, j) for the row, with the optimal line framed')];
  nodes.push(svg('text', { class: 'corner', x: C / 2, y: C / 2 + 1, 'text-anchor': 'middle', 'dominant-baseline': 'middle' }, 'V'));
  for (let k = 0; k < n; k++) nodes.push(...headerCells(k, C));
  for (let i = 0; i < n; i++) {
    for (let j = i; j < n; j++) nodes.push(tableCell(i, j, C, { maxAbs, opt, played, pos, t }));
  }
  nodes.push(optimalPath(t.line || '', n, C));
  const table = $('table');
  table.replaceChildren(...nodes);
  inkCells(table);
  const size = (n + 1) * C;
  table.setAttribute('viewBox', `0 0 ${size} ${size}`);
  table.setAttribute('width', size);
  table.setAttribute('height', size);
  // Shrinks to fit a narrow screen, down to cells of 22 px (13 coins in
  // a 360-px phone's panel), then scrolls (with its .scroll-cue).
  table.style.minWidth = `${(n + 1) * 22}px`;
}

/** Coin k's header above column k and left of row k: its position (1-based) and value. */
function headerCells(k, C) {
  const value = S.coins[k].toString();
  const label = fit(value);
  const title = `coin ${k + 1}: ${value}`;
  const head = (x, y) => [
    svg('rect', { class: 'head', x, y, width: C, height: C }),
    svg('text', { class: 'head-index', x: x + C / 2, y: y + 10, 'text-anchor': 'middle', 'font-size': 9 }, `#${k + 1}`),
    svg('text', { class: 'head-text', x: x + C / 2, y: y + C / 2 + 6, 'text-anchor': 'middle', 'dominant-baseline': 'middle', 'font-size': Math.min(label.size, 12), ...squeeze(label, C) }, label.text, svg('title', {}, title)),
  ];
  return [...head((k + 1) * C, 0), ...head(0, (k + 1) * C)];
}

/** SVG attributes that squeeze a label of over 5 characters into a cell C wide. */
const squeeze = (label, C) => (label.text.length > 5 ? { textLength: C - 6, lengthAdjust: 'spacingAndGlyphs' } : {});

/** A value's text and font size to fit a cell: past 6 characters, like 9.2e18 (its title is exact). */
function fit(text) {
  if (text.length <= 4) return { text, size: 13 };
  if (text.length <= 6) return { text, size: 10 };
  const neg = text.startsWith('-');
  const digits = neg ? text.slice(1) : text;
  // Two significant digits, rounded half up like the chart's labels (1999999: 2.0e6).
  let top = (BigInt(digits.slice(0, 3)) + 5n) / 10n;
  let exp = digits.length - 1;
  if (top >= 100n) {
    top = 10n;
    exp++;
  }
  const short = `${top / 10n}.${top % 10n}e${exp}`;
  return { text: (neg ? '−' : '') + short, size: 10 };
}

/**
 * The text of each heat-map cell in black or white, whichever reads
 * better on the cell's colour as it shows (its fill-opacity over the
 * panel, or over the page around it): class "ink-dark" or "ink-light" on
 * the cell's texts. A cell whose colour reads badly with both gets a
 * slightly stronger or weaker fill, so that one of them reaches 4.6:1.
 */
function inkCells(table) {
  const unders = [$('table-section'), document.body].map((e) => rgbOf(getComputedStyle(e).backgroundColor));
  for (const rect of table.querySelectorAll('rect.cell')) {
    const fill = rgbOf(getComputedStyle(rect).fill);
    const a0 = Number(rect.getAttribute('fill-opacity'));
    let best = null;
    for (const a of [0, 0.06, -0.06, 0.12, -0.12, 0.2, -0.2].map((d) => Math.min(1, Math.max(0, a0 + d)))) {
      const ls = unders.map((u) => luminance(fill.map((c, k) => c * a + u[k] * (1 - a))));
      const onBlack = Math.min(...ls.map((l) => (l + 0.05) / 0.05));
      const onWhite = Math.min(...ls.map((l) => 1.05 / (l + 0.05)));
      best = { a, dark: onBlack >= onWhite };
      if (Math.max(onBlack, onWhite) >= 4.6) break;
    }
    rect.setAttribute('fill-opacity', best.a.toFixed(3));
    for (const t of table.querySelectorAll(`:is(text, .opt-step)[data-i="${rect.dataset.i}"][data-j="${rect.dataset.j}"]`)) {
      t.classList.toggle('ink-dark', best.dark);
      t.classList.toggle('ink-light', !best.dark);
    }
  }
}

/** [r, g, b] (0..255) of a computed "rgb(...)" colour. */
const rgbOf = (css) => (css.match(/[0-9.]+/g) || [0, 0, 0]).slice(0, 3).map(Number);

/** The WCAG relative luminance of [r, g, b]. */
function luminance(rgb) {
  const lin = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2];
}

function tableCell(i, j, C, ctx) {
  const v = big(ctx.t.v[i][j]);
  const move = (ctx.t.move[i] || '')[j] || '';
  const key = `${i},${j}`;
  const classes = ['cell', v > 0n ? 'pos' : v < 0n ? 'neg' : 'zero'];
  if (ctx.opt.has(key)) classes.push('opt');
  if (ctx.played.has(key)) classes.push('played');
  const current = !ctx.pos.over && i === ctx.pos.i && j === ctx.pos.j;
  if (current) classes.push('current');
  const strength = 0.12 + (0.78 * Math.abs(Number(v))) / ctx.maxAbs;
  const label = fit(v.toString());
  const title = `V(${i + 1}, ${j + 1}) = ${v}: on coins ${i + 1}..${j + 1}, the player to move ends ${v} ahead with best play; the optimal move: ${move === 'R' ? 'right' : 'left'}`;
  const g = svg('g', { class: 'cell-group' },
    svg('title', {}, title),
    svg('rect', { class: classes.join(' '), x: (j + 1) * C + 1, y: (i + 1) * C + 1, width: C - 2, height: C - 2, rx: 4, 'fill-opacity': strength.toFixed(3), 'data-i': i, 'data-j': j, 'data-v': v.toString() }),
    svg('text', { class: 'cell-text', 'data-i': i, 'data-j': j, x: (j + 1.5) * C, y: (i + 1.5) * C + 3, 'text-anchor': 'middle', 'dominant-baseline': 'middle', 'font-size': label.size, ...squeeze(label, C) }, label.text, svg('title', {}, title)),
    svg('text', { class: 'cell-move', 'data-i': i, 'data-j': j, x: (j + 2) * C - 5, y: (i + 1) * C + 13, 'text-anchor': 'end', 'font-size': 12 }, move, svg('title', {}, title))
  );
  if (ctx.played.has(key)) g.append(svg('circle', { class: 'played-mark', cx: (j + 1) * C + 7, cy: (i + 1) * C + 7, r: 2.5 }));
  return g;
}

/**
 * The optimal line's steps: in each framed cell but the last, an
 * arrowhead towards the next one (down for L: the run loses its first
 * coin; left for R), inside the frame, under the number, never across a
 * frame: path.opt-step (data-i, data-j) in g.opt-line.
 */
function optimalPath(line, n, C) {
  const steps = [];
  const a = C * 0.07; // half the arrowhead's width
  const near = C * 0.3; // from the cell's centre: the arrowhead's back ...
  const far = C * 0.38; // ... and its tip
  let i = 0;
  let j = n - 1;
  for (const m of line.slice(0, -1)) {
    const cx = (j + 1.5) * C;
    const cy = (i + 1.5) * C;
    const d = m === 'L' ?
      `M${cx - a},${cy + near}L${cx},${cy + far}L${cx + a},${cy + near}` :
      `M${cx - near},${cy + near - a}L${cx - far},${cy + near}L${cx - near},${cy + near + a}`;
    steps.push(svg('path', { class: 'opt-step', d, 'data-i': i, 'data-j': j }));
    if (m === 'L') i++;
    else j--;
  }
  return svg('g', { class: 'opt-line' }, ...steps);
}
