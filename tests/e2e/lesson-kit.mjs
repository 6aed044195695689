// SPDX-License-Identifier: MIT
/*
 * lesson-kit.mjs - what the Learn view's and the Quiz view's e2e files
 * (learn.mjs, learn-recursion.mjs, learn-reduce.mjs, learn-parity.mjs,
 * learn-greedy.mjs, quiz.mjs) share. Not a script and no sections of its
 * own; it offers:
 *
 *   rowsFrom(seed, count, opts)  `count` seeded random rows (xorshift32):
 *                       opts.first the fixed sizes of the first rows, then
 *                       min..max coins (2..16), or opts.size(k, rand);
 *                       values -span..span, opts.span(k) (2 every third
 *                       row, 40 else). Each file keeps its own seed and
 *                       shapes, so its rows stay the same ones.
 *   learnPages(h, label, opts)  a desktop page (1280 x 900) and a phone
 *                       page (360 x 740, touch), reduced motion, both
 *                       watched for console and page errors; returns
 *                       { ctx, page, phoneCtx, pp, problems, watch, link,
 *                       go, show, origins, sideScroll, shotPart, errors,
 *                       close }: link(origin, row, step) the Learn view's
 *                       URL (opts.part, opts.step), go(p, url) a fresh
 *                       load (about:blank first) then open until
 *                       opts.ready, show(p, url) the same without
 *                       about:blank, origins the [label-file, file://] and
 *                       [label-serve, serve] pairs, sideScroll(p, what,
 *                       { also(wide), more }) one check: no horizontal
 *                       page scroll (and also; more: a page function whose
 *                       fields join the detail), shotPart(p,
 *                       id, file) the part scrolled into view and
 *                       shot, errors(where) the section label-errors (no
 *                       console or page error), close() both contexts.
 *   coinline(args, input)  build/coinline run (COINLINE), its stdout.
 *   explainSteps(row)   `explain --steps --json --row`'s steps.
 *   solveLines(rows, args)  `solve --json [args] -` of the rows (the
 *                       classic format on stdin): one parsed object a row.
 *   classic(rows)       the rows in the classic format (n, then the coins).
 *   allRows(n, m), before(a, b)  every row of n coins 1..m in dictionary
 *                       order; the smallest-example order (fewest coins,
 *                       smallest largest coin, smallest sum, dictionary).
 */

import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
export const COINLINE = path.resolve(root, process.env.COINLINE || 'build/coinline');

/** build/coinline with the arguments (and stdin): its stdout. */
export const coinline = (args, input) => execFileSync(COINLINE, args, { input, encoding: 'utf8', maxBuffer: 1 << 26 });

/** explain --steps --json of the row: its steps. */
export const explainSteps = (row) => JSON.parse(coinline(['explain', '--steps', '--json', '--row', row.join(' ')])).steps;

/** The rows in the classic format: n, then the coins, a line each. */
export const classic = (rows) => rows.map((r) => `${r.length}\n${r.join(' ')}\n`).join('');

/** solve --json (and args) of each row, in one run: one parsed JSON object a row. */
export const solveLines = (rows, args = []) => coinline(['solve', '--json', ...args, '-'], classic(rows)).trim().split('\n').map((l) => JSON.parse(l));

/** count rows from a fixed seed (xorshift32): sizes opts.first, then min..max or opts.size(k, rand); values -span..span. */
export function rowsFrom(seed, count, opts = {}) {
  const { first = [], min = 2, max = 16, span = (k) => (k % 3 === 0 ? 2 : 40) } = opts;
  let x = seed;
  const next = () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
  const rand = (lo, hi) => lo + Math.floor(next() * (hi - lo + 1));
  const size = opts.size || ((k) => (k < first.length ? first[k] : rand(min, max)));
  const rows = [];
  for (let k = 0; k < count; k++) {
    const n = size(k, rand);
    const s = span(k);
    rows.push(Array.from({ length: n }, () => rand(-s, s)));
  }
  return rows;
}

/** Every row of n coins from 1 to m, in dictionary order. */
export function allRows(n, m) {
  const out = [];
  const rec = (pre) => {
    if (pre.length === n) out.push(pre);
    else for (let v = 1; v <= m; v++) rec([...pre, v]);
  };
  rec([]);
  return out;
}

/** a before b in the order: fewest coins, smallest largest coin, smallest sum, dictionary order. */
export function before(a, b) {
  if (a.length !== b.length) return a.length < b.length;
  const key = (r) => [Math.max(...r), r.reduce((s, c) => s + c, 0), ...r];
  const ka = key(a);
  const kb = key(b);
  for (let k = 0; k < ka.length; k++) if (ka[k] !== kb[k]) return ka[k] < kb[k];
  return false;
}

/** The page's width against its viewport's. */
const widths = (p) => p.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));

/**
 * The desktop and phone pages of a part's tests, their error watch and
 * helpers (see the top comment). opts: part, step (the link's), ready (a
 * page function: the view is loaded).
 */
export async function learnPages(h, label, opts = {}) {
  const { browser, base, fileUrl, section, ok, TIMEOUT, open, shot } = h;
  const { part, step: step0 = 0, ready = () => document.body.dataset.view === 'learn' } = opts;
  const problems = [];
  const watch = (p, name) => {
    p.on('pageerror', (e) => problems.push(`${name}: page error: ${e.message}`));
    p.on('console', (m) => m.type() === 'error' && problems.push(`${name}: console error: ${m.text()}`));
  };
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
  const page = await ctx.newPage();
  watch(page, label);
  const phoneCtx = await browser.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, reducedMotion: 'reduce' });
  const pp = await phoneCtx.newPage();
  watch(pp, `${label}-phone`);
  const show = async (p, url) => {
    await open(p, url);
    await p.waitForFunction(ready, null, { timeout: TIMEOUT });
  };
  return {
    ctx, page, phoneCtx, pp, problems, watch, show,
    link: (origin, row, step = step0) => `${origin}#view=learn&row=${row.join(',')}&step=${step}${part ? `&part=${part}` : ''}`,
    go: async (p, url) => {
      await p.goto('about:blank');
      await show(p, url);
    },
    origins: [[`${label}-file`, fileUrl], [`${label}-serve`, base]],
    sideScroll: async (p, what, { also = () => true, more = null } = {}) => {
      const wide = { ...(await widths(p)), ...(more && (await p.evaluate(more))) };
      return ok(wide.scroll <= wide.client && also(wide), `${what}: no horizontal page scroll`, JSON.stringify(wide));
    },
    shotPart: async (p, id, file) => {
      await p.evaluate((e) => document.getElementById(e).scrollIntoView({ block: 'start' }), id);
      await shot(p, file);
    },
    errors: (where) => section(`${label}-errors`, null, async () => {
      ok(problems.length === 0, `${label}-errors: no console or page error on ${where}`, problems.join('\n'));
    }),
    close: async () => {
      await ctx.close();
      await phoneCtx.close();
    },
  };
}
