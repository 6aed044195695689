#!/usr/bin/env node
// SPDX-License-Identifier: MIT
/*
 * The page's work (web/worker.js) in Node, against the engine's own calls:
 * no browser, so it runs in a second or two (make e2e runs it first).
 *
 *   node tests/e2e/worker.mjs
 *
 * worker.js is run as the page runs it (a vm context with a document and no
 * Worker: its start() then answers in the page, as it does in a browser
 * that cannot start one), after the page's engine, engine.js of make wasm
 * (build/site/engine.js), run in the same context; the reviews it gives
 * are checked against the npm module of make wasm (build/npm/coinline.mjs,
 * the same core.js). The checks:
 *
 *   review    random rows and circles (0 to 40 coins, every length of
 *             game, random moves), each reviewed by the work in slices of
 *             1, 2, 3, 7 and 65536 moves (odd slices start with the other
 *             player) and in the page's own slices (sized to their time):
 *             every move's review equals analyze()'s (a row) or
 *             circleAnalyze()'s (a circle), the summary its summary, the
 *             chart's exact lines the margins you - the engine (both seats)
 *             and its marks the moves that lost points;
 *   long      a game of 5,000 moves in slices of 333 and in the page's
 *             own: the rows are its first 1000 moves that lost points, the
 *             chart's points at most 2 a slice of moves with the lines'
 *             lowest and highest value and their last points; progress
 *             reports rise to 1;
 *   remaining the same reviews under scoring by what remains (rows and
 *             circles), against analyze() under those rules;
 *   model     the same review from the text of analyze()'s JSON, as
 *             POST /api/analyze sends it (numbers and strings);
 *   open      a random row made by the work (rowFromSeed's), a typed one
 *             read (with its JSON for the API), each with its sum and the
 *             position after moves; bad typed rows refused in the page's
 *             words, and a request about a game that failed to open says
 *             why.
 *
 * Output: TAP; exit 1 when a check failed. Environment: E2E_NPM (the npm
 * package, default build/npm), E2E_SITE (the static site, default
 * build/site).
 */

import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import vm from 'node:vm';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const NPM = path.resolve(root, process.env.E2E_NPM || 'build/npm');
const SITE = path.resolve(root, process.env.E2E_SITE || 'build/site');

let count = 0;
let failed = 0;
function ok(cond, what, detail) {
  count++;
  console.log(`${cond ? 'ok' : 'not ok'} ${count} - ${what}`);
  if (!cond) {
    failed++;
    if (detail !== undefined) for (const line of String(detail).split('\n')) console.log(`#   ${line}`);
  }
}
const show = (v) => JSON.stringify(v, (k, x) => (typeof x === 'bigint' ? `${x}n` : x));

for (const f of [path.join(NPM, 'coinline.mjs'), path.join(SITE, 'engine.js')]) {
  if (!existsSync(f)) {
    console.log(`1..0 # SKIP no ${path.relative(root, f)} (make wasm)`);
    process.exit(0);
  }
}
const cl = await import(pathToFileURL(path.join(NPM, 'coinline.mjs')).href);
await cl.init();

/** engine.js and worker.js run as a page runs them; the work started (in the page: no Worker here). */
async function loadWork() {
  const ctx = {
    document: {},
    setTimeout,
    clearTimeout,
    structuredClone,
    TextEncoder,
    TextDecoder,
    atob,
    btoa,
    console,
    performance,
  };
  ctx.globalThis = ctx;
  vm.createContext(ctx);
  vm.runInContext(readFileSync(path.join(SITE, 'engine.js'), 'utf8'), ctx, { filename: 'engine.js' });
  vm.runInContext(readFileSync(path.join(root, 'web', 'worker.js'), 'utf8'), ctx, { filename: 'web/worker.js' });
  const W = ctx.coinlineWork;
  const calls = new Map();
  let id = 0;
  const port = await W.start((e) => {
    const m = e.data;
    const c = calls.get(m.id);
    if (!c) return;
    if (m.progress !== undefined) return c.progress.push(m.progress);
    calls.delete(m.id);
    if (m.error) c.reject(Object.assign(new Error(m.error.message), m.error));
    else c.resolve(m.value);
  });
  const call = (op, args = {}) => {
    const c = { progress: [] };
    const p = new Promise((resolve, reject) => Object.assign(c, { resolve, reject }));
    calls.set(++id, c);
    port.postMessage({ ...args, id, op });
    return p.then((value) => ({ value, progress: c.progress }));
  };
  return { W, port, call };
}

/* A small seeded generator (not the page's: the games only need variety). */
let state = 0x2545f4914f6cdd1dn;
function rand(k) {
  state ^= state << 13n;
  state &= (1n << 64n) - 1n;
  state ^= state >> 7n;
  state ^= state << 17n;
  state &= (1n << 64n) - 1n;
  return Number(state % BigInt(k));
}
const randomRow = (n) => BigInt64Array.from({ length: n }, () => BigInt(rand(41) - 10));
const randomMoves = (k) => Array.from({ length: k }, () => (rand(2) ? 'L' : 'R')).join('');

/** The review's move fields that analyze() gives (a row) or circleAnalyze() (a circle). */
const FIELDS = ['move', 'player', 'side', 'coin', 'best', 'best_coin', 'optimal', 'loss', 'secured', 'p1', 'p2', 'final_margin'];
const pick = (r, circle) => {
  const keys = circle ? FIELDS.concat(['position', 'best_position']) : FIELDS;
  return Object.fromEntries(keys.map((k) => [k, r[k]]));
};
const SUMMARY = ['finished', 'p1', 'p2', 'margin', 'winner', 'best_p1', 'best_p2', 'lost', 'mistakes'];
const summaryOf = (s) => Object.fromEntries(SUMMARY.map((k) => [k, s[k]]));

/** The chart the page should draw from a whole review: margins you - engine. */
function chartOf(an, human) {
  const yours = (v) => (human === 1 ? v : -v);
  const played = [0n];
  const best = [yours(an.summary.best_p1 - an.summary.best_p2)];
  const dots = [];
  an.moves.forEach((m, k) => {
    played.push(yours(m.p1 - m.p2));
    best.push(yours(m.final_margin));
    if (m.loss > 0n && dots.length < 1000) dots.push({ k: k + 1, player: m.player, loss: m.loss, best: best[k + 1] });
  });
  return { played, best, dots };
}

const { W, port, call } = await loadWork();
ok(port.kind === 'page', 'worker.js without a Worker: the work is answered in the page', port.kind);
const init = (await call('init')).value;
ok(init.engine === 'wasm' && init.version === cl.version(), 'init: the engine is loaded', show(init));

let game = 0;
async function open(coins, circle = false, first = 0, moves = '', score = undefined) {
  game++;
  return (await call('open', { game, coins, shape: circle ? 'circle' : 'line', first, moves, score })).value;
}

// The games reviewed: on a random row and circle of each size n (every
// size to 8, then every step-th up to top), games of no move, one move,
// half and all the moves, drawn in this order.
function* reviewGames(top, step) {
  for (let n = 0; n <= top; n += n < 8 ? 1 : step) {
    for (const circle of [false, true]) {
      const row = randomRow(n);
      const most = circle ? Math.max(n - 1, 0) : n;
      for (const len of new Set([0, 1, Math.floor(most / 2), most])) {
        if (len > most) continue;
        const first = circle && n > 0 && (len > 0 || rand(2)) ? 1 + rand(n) : 0;
        const moves = randomMoves(first || !circle ? len : 0);
        const human = 1 + rand(2);
        yield { n, circle, row, first, moves, human };
      }
    }
  }
}
const CHUNKS = [1, 2, 3, 7, 65536, undefined];

// review: every length of game on short rows and circles, in slices.
let games = 0;
const wrong = [];
for (const { n, circle, row, first, moves, human } of reviewGames(40, 7)) {
  await open(row, circle, first, moves);
  const want = circle ? cl.circleAnalyze(row, first, moves) : cl.analyze(row, moves);
  const chart = chartOf(want, human);
  for (const chunk of CHUNKS) {
    games++;
    const got = (await call('review', { game, first, moves, human, chunk })).value;
    const tag = `${circle ? 'circle' : 'row'} n=${n} first=${first} moves=${moves} chunk=${chunk}`;
    if (show(got.rows.map((r) => pick(r, circle))) !== show(want.moves.map((r) => pick(r, circle)))) wrong.push(`${tag}: rows`);
    else if (show(summaryOf(got.summary)) !== show(summaryOf(want.summary))) wrong.push(`${tag}: summary ${show(got.summary)} != ${show(want.summary)}`);
    else if (!got.all || got.count !== want.moves.length) wrong.push(`${tag}: all ${got.all}, count ${got.count}`);
    else if (show([got.chart.played, got.chart.best, got.chart.dots]) !== show([chart.played, chart.best, chart.dots])) wrong.push(`${tag}: chart`);
  }
}
ok(wrong.length === 0, `review: ${games} reviews in slices of 1, 2, 3, 7, 65536 moves and the page's own equal analyze()'s and circleAnalyze()'s`, wrong.slice(0, 5).join('\n'));

// remaining: the same under scoring by what remains, against analyze() under those rules.
{
  let count = 0;
  const bad = [];
  for (const { n, circle, row, first, moves, human } of reviewGames(33, 5)) {
    await open(row, circle, first, moves, 'remaining');
    const want = cl.analyze(row, `${first ? `${first}:` : ''}${moves}`, { circle, score: 'remaining' });
    const chart = chartOf(want, human);
    for (const chunk of CHUNKS) {
      count++;
      const got = (await call('review', { game, first, moves, human, chunk })).value;
      const tag = `${circle ? 'circle' : 'row'} n=${n} first=${first} moves=${moves} chunk=${chunk}`;
      if (show(got.rows.map((r) => pick(r, true))) !== show(want.moves.map((r) => pick(r, true)))) {
        bad.push(`${tag}: rows ${show(got.rows.map((r) => pick(r, true)))} != ${show(want.moves.map((r) => pick(r, true)))}`);
      } else if (show(summaryOf(got.summary)) !== show(summaryOf(want.summary))) bad.push(`${tag}: summary ${show(got.summary)} != ${show(want.summary)}`);
      else if (show([got.chart.played, got.chart.best, got.chart.dots]) !== show([chart.played, chart.best, chart.dots])) bad.push(`${tag}: chart`);
    }
  }
  ok(bad.length === 0, `remaining: ${count} reviews under scoring by what remains (rows and circles, slices of 1, 2, 3, 7, 65536 and the page's) equal analyze()'s under those rules`, bad.slice(0, 3).join('\n'));
}

// long: more moves than the table lists, in slices of 333 and in the page's own.
for (const [circle, chunk] of [[false, 333], [true, 333], [false, undefined], [true, undefined]]) {
  const n = 5001;
  const row = randomRow(n);
  const first = circle ? 1234 : 0;
  const moves = randomMoves(circle ? n - 1 : n);
  await open(row, circle, first, moves);
  const want = circle ? cl.circleAnalyze(row, first, moves) : cl.analyze(row, moves);
  const { value: got, progress } = await call('review', { game, first, moves, human: 2, chunk });
  const what = `${circle ? 'long circle' : 'long row'} (${chunk ? `slices of ${chunk}` : 'the page\'s slices'})`;
  const lost = want.moves.filter((m) => m.loss > 0n).slice(0, 1000);
  ok(!got.all && show(got.rows.map((r) => pick(r, circle))) === show(lost.map((r) => pick(r, circle))),
    `${what}: the rows are the first 1000 of its ${want.summary.mistakes[0] + want.summary.mistakes[1]} moves that lost points`);
  ok(show(summaryOf(got.summary)) === show(summaryOf(want.summary)), `${what}: the summary is the engine's`);
  const chart = chartOf(want, 2);
  const line = (f) => Array.from({ length: f.length / 2 }, (_, k) => [f[2 * k], f[2 * k + 1]]);
  for (const which of ['played', 'best']) {
    const pts = line(got.chart[which]);
    const all = chart[which].map(Number);
    const inOrder = pts.every((p, k) => k === 0 || p[0] > pts[k - 1][0]);
    const true_ = pts.every(([k, v]) => all[k] === v);
    ok(pts.length <= 2 * 2048 && inOrder && true_ && Math.min(...pts.map((p) => p[1])) === Math.min(...all) &&
      Math.max(...pts.map((p) => p[1])) === Math.max(...all),
    `${what}: the chart's ${which} line: ${pts.length} true points in order, with the lowest and highest of ${all.length}`);
  }
  ok(show(got.chart.dots) === show(chart.dots), `${what}: a mark for each of the first 1000 moves that lost points`);
  // Slices of 333: 16 of them; the page's own: at least 2 (the first is 1024 moves).
  ok(progress.length >= (chunk ? 4 : 2) && progress.every((p, k) => k === 0 || p >= progress[k - 1]) && progress[progress.length - 1] === 1,
    `${what}: progress reported as it went (${progress.length} reports, rising to 1)`, show(progress));
}

// model: the same from the JSON text the server would send.
{
  const row = randomRow(30);
  const moves = randomMoves(30);
  const an = cl.analyze(row, moves);
  const text = JSON.stringify(an, (k, v) => (typeof v === 'bigint' ? (v > 2n ** 53n || v < -(2n ** 53n) ? String(v) : Number(v)) : v));
  const buffer = new TextEncoder().encode(text).buffer;
  const got = (await call('model', { buffer, human: 1 })).value;
  ok(show(got.rows.map((r) => pick(r, false))) === show(an.moves.map((r) => pick(r, false))) &&
    show(summaryOf(got.summary)) === show(summaryOf(an.summary)), 'model: POST /api/analyze\'s text gives the same review');
}

// open: rows made and read by the work.
{
  game++;
  const { value: r } = await call('open', { game, make: { kind: 'random', size: 1000, seed: 77n, min: -5n, max: 9n }, moves: 'LRRL' });
  const want = BigInt64Array.from(W.rowFromSeed(1000, 77n, -5n, 9n));
  ok(show(Array.from(r.coins)) === show(Array.from(want)), 'open: a random row made by the work is rowFromSeed\'s');
  const sum = want.reduce((a, c) => a + c, 0n);
  const t = [want[0] + want[998], want[999] + want[1]];
  ok(r.sum === sum && r.pos.i === 2 && r.pos.j === 997 && show(r.pos.totals) === show(t), 'open: its sum and the position after LRRL', show(r));
  game++;
  const typed = (await call('open', { game, make: { kind: 'text', text: '[3, "-4"; 5,\n 6]  # a comment', max: 10, who: 'page' }, json: true })).value;
  ok(show(Array.from(typed.coins)) === show([3n, -4n, 5n, 6n]) && typed.json === '[3,-4,5,6]', 'open: a typed row read, with its JSON for the API', show(typed));
  for (const [text, why] of [['1 2 x3', "coin 3: 'x3' is not an integer"], ['', 'the row is empty: type at least one coin'],
    ['1 2 3', 'the row has 3 coins; the page takes at most 2'], ['9223372036854775808', 'coin 1: 9223372036854775808 is outside the 64-bit range']]) {
    game++;
    const e = await call('open', { game, make: { kind: 'text', text, max: 2, who: 'page' } }).then(() => null, (x) => x.message);
    ok(e === why, `open: '${text}' is refused: ${why}`, e);
  }
  const e = await call('move', { game, moves: '', strategy: 'optimal' }).then(() => null, (x) => x.message);
  ok(e === "coin 1: 9223372036854775808 is outside the 64-bit range", 'a request about a game that could not open says why', e);
}

console.log(`1..${count}`);
if (failed) process.exitCode = 1;
