// SPDX-License-Identifier: MIT
/*
 * learn-parity.mjs - the Learn view's part 4, the parity trick (issue 30),
 * end to end. Not a script of its own: public.mjs (make e2e) runs its
 * sections with its browser, its server and its TAP helpers
 * (paritySections(h)). The sums are computed here, best(1,n) is
 * `coinline solve --json`'s p1 (build/coinline spawned), never the page's.
 *
 *   parity-file     from file:// (#view=learn&row=...&part=parity): the
 *                   seeds' row (8 15 3 7) and 20 random rows (2 to 16 coins,
 *                   negatives, zeros, ties, odd and even n): each coin's
 *                   class (#parity-row li data-pos, data-class), #parity-odd
 *                   and #parity-even the sums, #parity-best solve's p1,
 *                   #parity-gain best - max(odd, even) on even n (none on
 *                   odd n, where #parity-body has data-n-odd="true").
 *   parity-serve    the same from coinline serve.
 *   parity-example  #parity-example: its sums, its best (solve), the trick
 *                   truly not optimal there, and no smaller row where it is
 *                   not (2 coins, values 1..6: the trick is the best; every
 *                   row of its length before it in the order: fewest
 *                   coins, smallest largest coin, smallest sum, dictionary
 *                   order; coins from 1), all through solve.
 *   parity-phone    360 px: no horizontal page scroll (16 coins and the
 *                   seeds' row); screenshots learn-parity-1280.png and
 *                   learn-parity-360.png (the part scrolled into view).
 *   parity-errors   no console or page error on any of these pages.
 */

import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const COINLINE = path.resolve(root, process.env.COINLINE || 'build/coinline');

/** solve --json of each row (one run, the classic format on stdin): player 1's totals as BigInt. */
function solveP1(rows) {
  const input = rows.map((r) => `${r.length}\n${r.join(' ')}\n`).join('');
  const out = execFileSync(COINLINE, ['solve', '--json', '-'], { input, encoding: 'utf8', maxBuffer: 1 << 26 });
  return out.trim().split('\n').map((l) => BigInt(JSON.parse(l).p1));
}

/** 20 rows of 2 to 16 coins from a fixed seed: odd and even n, small values (ties, zeros), negatives. */
function randomRows() {
  let x = 0x1f2e3d4c;
  const next = () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
  const rows = [];
  for (let k = 0; k < 20; k++) {
    const n = k === 0 ? 2 : k === 1 ? 16 : k === 2 ? 15 : 2 + Math.floor(next() * 15);
    const span = k % 3 === 0 ? 2 : 40;
    rows.push(Array.from({ length: n }, () => Math.floor(next() * (2 * span + 1)) - span));
  }
  return rows;
}

const sums = (row) => row.reduce(([o, e], c, k) => (k % 2 === 0 ? [o + BigInt(c), e] : [o, e + BigInt(c)]), [0n, 0n]);
const max = (a, b) => (a > b ? a : b);

/** Every row of n coins from 1 to m, in dictionary order. */
function allRows(n, m) {
  const out = [];
  const rec = (pre) => {
    if (pre.length === n) out.push(pre);
    else for (let v = 1; v <= m; v++) rec([...pre, v]);
  };
  rec([]);
  return out;
}

/** a before b in the order: fewest coins, smallest largest coin, smallest sum, dictionary order. */
function before(a, b) {
  if (a.length !== b.length) return a.length < b.length;
  const key = (r) => [Math.max(...r), r.reduce((s, c) => s + c, 0), ...r];
  const ka = key(a);
  const kb = key(b);
  for (let k = 0; k < ka.length; k++) if (ka[k] !== kb[k]) return ka[k] < kb[k];
  return false;
}

/** The part's hooks. */
const partOf = (page) => page.evaluate(() => {
  const val = (id) => (document.getElementById(id) ? document.getElementById(id).dataset.value : undefined);
  const ex = document.getElementById('parity-example');
  return {
    coins: [...document.querySelectorAll('#parity-row li')].map((li) => `${li.dataset.pos}:${li.dataset.class}:${li.querySelector('.parity-cls').textContent}`),
    odd: val('parity-odd'), even: val('parity-even'), best: val('parity-best'), gain: val('parity-gain'),
    nOdd: document.getElementById('parity-body').dataset.nOdd,
    example: ex ? { ...ex.dataset } : null,
    text: document.getElementById('parity-body').textContent,
  };
});

export async function paritySections(h) {
  const { browser, base, fileUrl, section, ok, note, TIMEOUT, open, shot } = h;
  const problems = [];
  const watchErrors = (p, label) => {
    p.on('pageerror', (e) => problems.push(`${label}: page error: ${e.message}`));
    p.on('console', (m) => m.type() === 'error' && problems.push(`${label}: console error: ${m.text()}`));
  };
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
  const page = await ctx.newPage();
  watchErrors(page, 'parity');
  const seeds = [8, 15, 3, 7];
  const rows = [seeds, ...randomRows()];
  const link = (origin, row) => `${origin}#view=learn&row=${row.join(',')}&step=end&part=parity`;
  const go = async (p, url) => {
    await p.goto('about:blank');
    await open(p, url);
    await p.waitForFunction(() => document.body.dataset.view === 'learn' && document.getElementById('parity-row'), null, { timeout: TIMEOUT });
  };
  const bests = solveP1(rows);

  for (const [name, origin] of [['parity-file', fileUrl], ['parity-serve', base]]) {
    await section(name, page, async () => {
      for (const [r, row] of rows.entries()) {
        await go(page, link(origin, row));
        const got = await partOf(page);
        const [odd, even] = sums(row);
        const best = bests[r];
        const bad = [];
        const classes = row.map((_, k) => `${k + 1}:${k % 2 === 0 ? 'odd' : 'even'}:${k % 2 === 0 ? 'odd' : 'even'}`).join(' ');
        if (got.coins.join(' ') !== classes) bad.push(`coins ${got.coins.join(' ')}`);
        if (got.odd !== String(odd) || got.even !== String(even)) bad.push(`sums ${got.odd}/${got.even}, not ${odd}/${even}`);
        if (got.best !== String(best)) bad.push(`best ${got.best}, solve ${best}`);
        if (row.length % 2 === 0) {
          if (got.gain !== String(best - max(odd, even)) || got.nOdd !== undefined) bad.push(`gain ${got.gain}, not ${best - max(odd, even)}; n-odd ${got.nOdd}`);
          if (best < max(odd, even)) bad.push('solve below the guarantee');
        } else if (got.gain !== undefined || got.nOdd !== 'true' || !/player 2/.test(got.text)) bad.push(`odd n: gain ${got.gain}, n-odd ${got.nOdd}`);
        ok(bad.length === 0, `${name}: ${row.join(' ')} (n=${row.length}): odd ${odd}, even ${even}, best ${best}${row.length % 2 ? ', odd n' : `, gain ${best - max(odd, even)}`}`, bad.join('\n'));
      }
    });
  }

  await section('parity-example', page, async () => {
    await go(page, link(fileUrl, seeds));
    const ex = (await partOf(page)).example;
    const row = ex ? ex.row.split(',').map(Number) : [];
    const [odd, even] = sums(row);
    const [best] = row.length ? solveP1([row]) : [0n];
    ok(row.length % 2 === 0 && ex.odd === String(odd) && ex.even === String(even) && ex.best === String(best) && best > max(odd, even),
      `parity-example: ${row.join(' ')}: odd ${odd}, even ${even}, solve ${best}: the trick is not optimal there`, JSON.stringify(ex));
    const m = Math.max(...row);
    const smaller = [...allRows(2, 6), ...allRows(row.length, m).filter((r) => before(r, row))];
    const got = solveP1(smaller);
    const beaten = smaller.filter((r, k) => got[k] > max(...sums(r)));
    ok(beaten.length === 0 && smaller.length > 0, `parity-example: none of the ${smaller.length} rows before it (2 coins up to 6; ${row.length} coins up to ${m} before it) beats the trick`,
      beaten.slice(0, 5).map((r) => r.join(' ')).join('\n'));
  });

  const phoneCtx = await browser.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, reducedMotion: 'reduce' });
  const pp = await phoneCtx.newPage();
  watchErrors(pp, 'parity-phone');
  await section('parity-phone', pp, async () => {
    for (const row of [rows[2], rows[3], seeds]) {
      await go(pp, link(base, row));
      const wide = await pp.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
      ok(wide.scroll <= wide.client, `parity-phone: 360 px, ${row.length} coins: no horizontal page scroll`, JSON.stringify(wide));
    }
    await pp.evaluate(() => document.getElementById('learn-part-parity').scrollIntoView({ block: 'start' }));
    await shot(pp, 'learn-parity-360.png');
    await go(page, link(base, seeds));
    await page.evaluate(() => document.getElementById('learn-part-parity').scrollIntoView({ block: 'start' }));
    await shot(page, 'learn-parity-1280.png');
  });

  await section('parity-errors', null, async () => {
    ok(problems.length === 0, 'parity-errors: no console or page error on the parity part\'s pages', problems.join('\n'));
  });
  await ctx.close();
  await phoneCtx.close();
}
