// SPDX-License-Identifier: MIT
/*
 * rows.mjs - a game of several rows on the page (issue 32; web/app/rows.js),
 * end to end. Not a script of its own: public.mjs (make e2e) runs its
 * sections (rowsSections(h)). Every number is checked against the engine
 * (build/coinline: `solve --json --line --row "1 3 5 / 2 9"` and `solve
 * --json --moves M`), never against the page's own code.
 *
 *   rows-file    from file:// (the engine in the page): 12 random games of
 *                2 to 4 rows (a fixed seed; empty rows, negatives, ties,
 *                a coin past 2^53): #rows-answer's totals, margin, winner,
 *                first move (and its words in #rows-first) and line equal
 *                solve's.
 *   rows-serve   the same from coinline serve.
 *   rows-api     from coinline serve without engine.js: the page asks
 *                POST api/solve and api/move with "rows": the same answers.
 *   rows-play    a whole game played with the keyboard (Tab to an end
 *                coin, Enter), file:// and the API: each engine move is
 *                solve --moves's best move at that position, the totals
 *                add up, the game ends; then one row again is the classic
 *                game (#rows hidden).
 *   rows-phone   360 px: no horizontal page scroll; screenshots
 *                rows-1280.png and rows-360.png.
 *   rows-errors  a bad coin in row 2 named in #error; no console or page
 *                error on any of these pages.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const COINLINE = path.resolve(root, process.env.COINLINE || 'build/coinline');
const coinline = (args) => execFileSync(COINLINE, args, { encoding: 'utf8' });

/** A small seeded generator (xorshift32). */
function rng(seed) {
  let x = seed >>> 0 || 1;
  return (n) => {
    x ^= x << 13; x >>>= 0; x ^= x >>> 17; x ^= x << 5; x >>>= 0;
    return x % n;
  };
}

/** count games of 2 to 4 rows (0 to 5 coins each, -5..9), one with a coin past 2^53. */
function games(seed, count) {
  const r = rng(seed);
  const out = [];
  for (let g = 0; g < count; g++) {
    const k = 2 + r(3);
    out.push(Array.from({ length: k }, () => Array.from({ length: r(6) }, () => String(r(15) - 5))));
  }
  out.push([['9007199254740993', '1'], ['2', '9', '4']]);
  return out;
}

const textOf = (rows) => rows.map((r) => r.join(' ')).join(' / ');
const note = (m) => (m ? `${m.row}${m.side === 'left' ? 'L' : 'R'}` : '');

/** JSON of the tool with its integers of 16 digits or more kept exact (as strings). */
const exact = (text) => JSON.parse(text.replace(/(:)(-?[0-9]{16,})/g, '$1"$2"'));

/** solve's answer on the rows. */
const solveOf = (rows) => exact(coinline(['solve', '--json', '--line', '--row', textOf(rows)]));

async function load(page, rows) {
  await page.fill('#row-input', textOf(rows));
  await page.click('#row-load');
  await page.waitForFunction(() => document.getElementById('rows').dataset.busy === 'false' && document.getElementById('rows-answer').dataset.line !== undefined);
}

/** The page's answer against solve's: the differences. */
async function compare(page, rows) {
  const got = await page.evaluate(() => ({ ...document.getElementById('rows-answer').dataset, words: document.getElementById('rows-first').textContent }));
  const want = solveOf(rows);
  const bad = [];
  for (const k of ['n', 'sum', 'p1', 'p2', 'margin', 'winner', 'line']) if (String(got[k]) !== String(want[k])) bad.push(`${k}: ${got[k]}, solve ${want[k]}`);
  if (got.first !== note(want.first_move)) bad.push(`first ${got.first}, solve ${note(want.first_move)}`);
  const f = want.first_move;
  const words = f ? `row ${f.row}, ${f.side} end (${f.coin})` : 'none (no coin)';
  if (got.words !== words) bad.push(`words '${got.words}', not '${words}'`);
  return bad;
}

/** Plays the whole game with the keyboard: Tab to the first enabled end coin, Enter; checks the engine's moves. */
async function playAll(page, rows, bad) {
  await load(page, rows);
  const n = rows.reduce((a, r) => a + r.length, 0);
  for (let guard = 0; guard < 2 * n + 2; guard++) {
    const s = await page.evaluate(() => ({ ...document.getElementById('rows-score').dataset }));
    if (s.toMove === '0') break;
    await page.focus('#rows-board button.coin:enabled');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.getElementById('rows').dataset.busy === 'false' && document.getElementById('rows-score').dataset.toMove !== '2');
    const after = await page.evaluate(() => ({ ...document.getElementById('rows-score').dataset }));
    const mine = after.moves.match(/[0-9]+[LR]/g) || [];
    if (mine.length % 2 === 0 && mine.length > 0) { // the engine replied: its move was the best one at its position
      const before = mine.slice(0, -1).join('');
      const want = exact(coinline(['solve', '--json', '--moves', before, '--row', textOf(rows)])).best_move;
      if (mine[mine.length - 1] !== note(want)) bad.push(`after ${before}: engine ${mine[mine.length - 1]}, solve ${note(want)}`);
    }
  }
  const end = await page.evaluate(() => ({ ...document.getElementById('rows-score').dataset }));
  const moves = end.moves.match(/[0-9]+[LR]/g) || [];
  if (end.toMove !== '0' || moves.length !== n) bad.push(`not over: ${JSON.stringify(end)}`);
  const left = rows.map((r) => [0, r.length]);
  const tot = [0n, 0n];
  moves.forEach((m, k) => {
    const r = Number(m.slice(0, -1)) - 1;
    tot[k % 2] += BigInt(rows[r][m.endsWith('L') ? left[r][0]++ : --left[r][1]]);
  });
  if (end.p1 !== String(tot[0]) || end.p2 !== String(tot[1])) bad.push(`totals ${end.p1}/${end.p2}, moves give ${tot}`);
}

export async function rowsSections(h) {
  const { browser, base, fileUrl, section, ok, shot } = h;
  const problems = [];
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
  const newPage = async (name, noEngine) => {
    const p = await ctx.newPage();
    p.on('pageerror', (e) => problems.push(`${name}: page error: ${e.message}`));
    p.on('console', (m) => m.type() === 'error' && problems.push(`${name}: console error: ${m.text()}`));
    if (noEngine) await p.route('**/engine.js', (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: '/* none */' }));
    return p;
  };
  const ready = (p, engine) => p.waitForFunction((e) => document.body.dataset.engine === e && document.body.dataset.busy === 'false', engine);
  const all = games(0x5eed32, 12);
  const pages = {};
  const each = async (name, url, engine, noEngine) => {
    await section(name, null, async () => {
      const p = pages[name] = await newPage(name, noEngine);
      await p.goto(url);
      await ready(p, engine);
      for (const rows of all) {
        const bad = await compare(await load(p, rows).then(() => p), rows);
        ok(bad.length === 0, `${name}: ${textOf(rows)}: the answer is solve's`, bad.join('\n'));
      }
    });
  };
  await each('rows-file', fileUrl, 'wasm', false);
  await each('rows-serve', base, 'wasm', false);
  await each('rows-api', base, 'api', true);

  await section('rows-play', null, async () => {
    for (const [name, url, engine, noEngine] of [['file', fileUrl, 'wasm', false], ['api', base, 'api', true]]) {
      const p = await newPage(`rows-play-${name}`, noEngine);
      await p.goto(url);
      await ready(p, engine);
      for (const rows of [[['1', '3', '5'], ['2', '9'], ['4']], ...all.slice(0, 3)]) {
        const bad = [];
        await playAll(p, rows, bad);
        ok(bad.length === 0, `rows-play (${name}): ${textOf(rows)} played to its end with the keyboard, each engine move solve's best`, bad.join('\n'));
      }
      await p.fill('#row-input', '1 3 5 2 9');
      await p.click('#row-load');
      await p.waitForFunction(() => document.body.dataset.busy === 'false');
      const one = await p.evaluate(() => ({ hidden: document.getElementById('rows').hidden, n: document.getElementById('coins').dataset.n }));
      ok(one.hidden && one.n === '5', `rows-play (${name}): a row without '/' is the classic game (#rows hidden, #coins of 5)`, JSON.stringify(one));
      await p.close();
    }
  });

  await section('rows-phone', null, async () => {
    const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, reducedMotion: 'reduce' });
    const pp = await phone.newPage();
    pp.on('pageerror', (e) => problems.push(`rows-phone: page error: ${e.message}`));
    await pp.goto(fileUrl);
    await ready(pp, 'wasm');
    const rows = [['12', '7', '30', '1', '8', '19', '4', '22'], ['5', '-3', '14'], [], ['9007199254740993', '2', '6', '11', '3']];
    await load(pp, rows);
    const w = await pp.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    ok(w.scroll <= w.client, `rows-phone: no horizontal page scroll at 360 px (${w.scroll} <= ${w.client})`);
    await pp.evaluate(() => document.getElementById('rows').scrollIntoView());
    await shot(pp, 'rows-360.png');
    const p = pages['rows-file'];
    if (p) {
      await load(p, rows);
      await p.evaluate(() => document.getElementById('rows').scrollIntoView());
      await shot(p, 'rows-1280.png');
    }
    await phone.close();
  });

  await section('rows-errors', null, async () => {
    const p = pages['rows-file'] || await newPage('rows-errors', false);
    if (!pages['rows-file']) { await p.goto(fileUrl); await ready(p, 'wasm'); }
    await p.fill('#row-input', '1 3 / 2 x 9');
    await p.click('#row-load');
    const err = await p.evaluate(() => ({ text: document.getElementById('error-text').textContent, hidden: document.getElementById('error').hidden }));
    ok(!err.hidden && /^row 2: coin 2: 'x' is not an integer/.test(err.text), `rows-errors: a bad coin is named with its row (${err.text})`);
    ok(problems.length === 0, 'rows-errors: no console or page error on the rows pages', problems.join('\n'));
    await ctx.close();
  });
}
