// SPDX-License-Identifier: MIT
/*
 * lesson-kit.mjs - what the Learn view's and the Quiz view's e2e files
 * (learn.mjs, learn-recursion.mjs, learn-reduce.mjs, learn-parity.mjs,
 * learn-greedy.mjs, quiz.mjs) share. No sections of its own. It offers:
 *
 *   rowsFrom(seed, count, opts)  count rows from a fixed seed (xorshift32):
 *       the sizes opts.first, then opts.min..opts.max coins (2..16), or
 *       opts.size(k, rand); values -s..s, s = opts.span(k) (2 on every
 *       third row, else 40). Each file keeps its seed and shapes: its rows
 *       are the ones it always tested.
 *   SEED_ROW            the seeds' row, 8 15 3 7.
 *   learnPages(h, label, opts)  a desktop page (1280 x 900) and a phone
 *       page (360 x 740, touch), reduced motion, both watched for console
 *       and page errors (into problems). opts: part, step (the link's),
 *       readyId (the Learn view shown with that element) or ready (a page
 *       function). Returns { ctx, page, phoneCtx, pp, problems, watch,
 *       close, link, show, go, origins, sideScroll, shotPart, rowSections,
 *       partPhone, errors }:
 *         link(origin, row, step)  #view=learn&row=..&step=..[&part=..]
 *         show(p, url)   h.open, then wait until ready;
 *         go(p, url)     the same after about:blank (a fresh load);
 *         origins        [label-file, file://], [label-serve, serve];
 *         sideScroll(p, what, { also(wide), more })  one check: no
 *                        horizontal page scroll (and also(); more, a page
 *                        function whose fields join the detail);
 *         shotPart(p, id, file)  #id scrolled into view, its screenshot;
 *         rowSections(rows, check)  sections label-file and label-serve:
 *                        each row loaded on page, then check(name, row, r);
 *         partPhone(rows, row)  section label-phone: each row at 360 px
 *                        (sideScroll), learn-PART-360.png, then row at
 *                        1280 px, learn-PART-1280.png;
 *         errors(where)  section label-errors: no console or page error;
 *         close()        both contexts.
 *   coinline(args, input)  build/coinline (COINLINE) run: its stdout.
 *   explainSteps(row)   `explain --steps --json --row`'s steps.
 *   solveLines(rows, args)  `solve --json [args] -` in one run (the
 *       classic format on stdin): one parsed JSON object a row.
 *   classic(rows)       the rows in the classic format (n, then the coins).
 *   allRows(n, m)       every row of n coins 1..m, in dictionary order.
 *   before(a, b)        a before b: fewest coins, smallest largest coin,
 *       smallest sum, dictionary order (the smallest examples' order).
 */

import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
export const COINLINE = path.resolve(root, process.env.COINLINE || 'build/coinline');

/** The seeds' row, the lessons' first example. */
export const SEED_ROW = [8, 15, 3, 7];

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

/** A desktop page (1280 x 900) and a phone page (360 x 740), each watched for console and page errors. */
async function openPages(browser, label) {
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
  const close = async () => {
    await ctx.close();
    await phoneCtx.close();
  };
  return { ctx, page, phoneCtx, pp, problems, watch, close };
}

/** link, show and go for the view (opts: part, step, readyId or ready). */
function navigation(h, { part, step: step0 = 0, readyId = null, ready = (id) => document.body.dataset.view === 'learn' && (!id || !!document.getElementById(id)) }) {
  const show = async (p, url) => {
    await h.open(p, url);
    await p.waitForFunction(ready, readyId, { timeout: h.TIMEOUT });
  };
  const go = async (p, url) => {
    await p.goto('about:blank');
    await show(p, url);
  };
  const link = (origin, row, step = step0) => `${origin}#view=learn&row=${row.join(',')}&step=${step}${part ? `&part=${part}` : ''}`;
  return { show, go, link };
}

/**
 * The desktop and phone pages of a part's tests, their error watch and
 * helpers (see the top comment). opts: part, step (the link's), readyId
 * (the Learn view shown with that element) or ready (a page function:
 * the view is loaded).
 */
export async function learnPages(h, label, opts = {}) {
  const { base, fileUrl, section, ok, shot } = h;
  const part = opts.part;
  const pages = await openPages(h.browser, label);
  const { page, pp, problems } = pages;
  const nav = navigation(h, opts);
  const { go, link } = nav;
  const origins = [[`${label}-file`, fileUrl], [`${label}-serve`, base]];
  const sideScroll = async (p, what, { also = () => true, more = null } = {}) => {
    const wide = { ...(await widths(p)), ...(more && (await p.evaluate(more))) };
    return ok(wide.scroll <= wide.client && also(wide), `${what}: no horizontal page scroll`, JSON.stringify(wide));
  };
  const shotPart = async (p, id, file) => {
    await p.evaluate((e) => document.getElementById(e).scrollIntoView({ block: 'start' }), id);
    await shot(p, file);
  };
  const rowSections = async (rows, check) => {
    for (const [name, origin] of origins) {
      await section(name, page, async () => {
        for (const [r, row] of rows.entries()) {
          await go(page, link(origin, row));
          await check(name, row, r);
        }
      });
    }
  };
  const partPhone = (rows, row) => section(`${label}-phone`, pp, async () => {
    for (const r of rows) {
      await go(pp, link(base, r));
      await sideScroll(pp, `${label}-phone: 360 px, ${r.length} coins`);
    }
    await shotPart(pp, `learn-part-${part}`, `learn-${part}-360.png`);
    await go(page, link(base, row));
    await shotPart(page, `learn-part-${part}`, `learn-${part}-1280.png`);
  });
  const errors = (where) => section(`${label}-errors`, null, async () => {
    ok(problems.length === 0, `${label}-errors: no console or page error on ${where}`, problems.join('\n'));
  });
  return { ...pages, ...nav, origins, sideScroll, shotPart, rowSections, partPhone, errors };
}
