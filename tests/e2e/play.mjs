#!/usr/bin/env node
// SPDX-License-Identifier: MIT
/*
 * The page end to end, in real headless Chromium (Debian's /usr/bin/chromium)
 * driven by playwright-core. Never downloads a browser.
 *
 *   node tests/e2e/play.mjs            (or: make e2e)
 *
 * The page runs its engine in the browser (engine.js, the C library as
 * WebAssembly), so it is played from three places, each with the same two
 * games and the same checks:
 *
 *   serve   `coinline serve --port 0`, started here (the port from its
 *           "listening on http://127.0.0.1:PORT/" line on stderr), or E2E_URL;
 *   file    the static site of make wasm opened as file://$E2E_SITE/index.html;
 *   static  the same files from a tiny HTTP server of this script (node:http
 *           on 127.0.0.1, port 0: files of E2E_SITE only, no API).
 *
 * On each, body[data-engine] must be "wasm" and no request may go to a path
 * with /api/ in it. The games click coins and wait for the page's hooks
 * (body[data-busy="false"], #turn[data-state]; see the comment at the top of
 * web/app.js), never for a fixed time:
 *
 *   1. desktop (1280 x 900): a seeded random row of 12 coins (#size, #seed,
 *      #new-game), the person first, the perfect engine. The person plays
 *      the hint (#hint, #hint-text[data-move]) at every move; the totals
 *      shown, the moves and the review must equal `coinline solve --json
 *      --line` on the same row. Undo after the person's second move must
 *      take back a full turn (the person's move and the reply).
 *   2. a 375-px phone (touch, 812 px high): first a typed row with a bad
 *      token must show its reason in #error (and no #retry: trying again
 *      cannot help). Then a seeded row of 13 coins, the person first, the
 *      perfect engine; the person plays the other end than the hint at its
 *      first three moves, then the hint. After 4 moves the URL (its
 *      fragment) opened in a new page must show the same position (moves,
 *      ends, totals); back (page.goBack) must show the position one turn
 *      earlier and forward the later one again. The person's last move ends
 *      the game: undo must take back only that move. The review (#analysis:
 *      tr.move rows, .mistake, #final-p1/#final-p2, #winner, the chart's
 *      mistake dots) must agree with `coinline analyze --json` on the same
 *      row and moves (#coins[data-moves]); the page must not scroll sideways.
 *
 * Then, besides the three runs:
 *
 *   - determinism: a game of 40 coins against the easy engine (it errs half
 *     the time, so every move depends on the seeds) played in the static
 *     site; each of the engine's moves must be the move coinline serve's
 *     POST /api/move gives (asked from here, not from the page) for the
 *     same row, moves, strategy and seed (window.coinline.engineSeed);
 *   - the fallback: on serve, with engine.js answered by an empty script,
 *     body[data-engine] must be "api" and a game goes through the API; its
 *     first engine reply is sent with an unknown strategy (the request
 *     rewritten on its way): the server's 400 must show in #error with
 *     #retry, and #retry must then get the reply;
 *   - one move on a row of 10^5 coins from file://: its time
 *     (body[data-engine-ms]) is printed as a TAP comment, not checked.
 *
 * Any page error, console error or warning, failed request, response of
 * 400 or more, or request to another origin fails the test, except the
 * console's "Failed to load resource" of the 400 provoked in the fallback.
 *
 * Environment:
 *   COINLINE     the tool (default: build/coinline from the repository root)
 *   E2E_SITE     the static site (default: build/site)
 *   E2E_OUT      where the screenshots go (default: build/e2e)
 *   E2E_URL      a server already running (then COINLINE is still used for
 *                solve and analyze)
 *   E2E_TIMEOUT  milliseconds one wait may take (default 15000)
 *   CHROMIUM     the browser (default /usr/bin/chromium)
 *
 * Output: TAP, one "ok" line per check, and exit 0; on the first failure
 * "not ok", a screenshot (failure-*.png in E2E_OUT) and exit 1.
 */

import { execFileSync } from 'node:child_process';
import { mkdirSync, readFile } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { startServer, stopServer } from './serve.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const COINLINE = path.resolve(root, process.env.COINLINE || 'build/coinline');
const OUT = path.resolve(root, process.env.E2E_OUT || 'build/e2e');
const SITE = path.resolve(root, process.env.E2E_SITE || 'build/site');
const TIMEOUT = Number(process.env.E2E_TIMEOUT || 15000);
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const started = Date.now();

/* ------------------------------------------------------------------ */
/* TAP                                                                 */

let count = 0;
function ok(cond, what, detail) {
  if (!cond) {
    const err = new Error(what + (detail === undefined ? '' : `\n${detail}`));
    err.tap = true;
    throw err;
  }
  count++;
  console.log(`ok ${count} - ${what}`);
}
function eq(got, want, what) {
  const g = JSON.stringify(got);
  const w = JSON.stringify(want);
  ok(g === w, what, `     got: ${g}\nexpected: ${w}`);
}
const note = (text) => console.log(`# ${text}`);

/* ------------------------------------------------------------------ */
/* The tool                                                            */

function tool(...args) {
  return execFileSync(COINLINE, args, { encoding: 'utf8', timeout: 30000 });
}
const solve = (row) => JSON.parse(tool('solve', '--json', '--line', '--row', row.join(' ')));
const analyze = (row, moves) =>
  JSON.parse(tool('analyze', '--json', '--row', row.join(' '), '--moves', moves));

/** The static site over HTTP on 127.0.0.1 (port 0): files of SITE, nothing else. */
function startStatic() {
  const types = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8',
    '.css': 'text/css; charset=utf-8', '.wasm': 'application/wasm' };
  const server = http.createServer((req, res) => {
    const name = decodeURIComponent(new URL(req.url, 'http://x').pathname).replace(/^\/$/, '/index.html');
    const file = path.join(SITE, name);
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !file.startsWith(SITE + path.sep)) {
      res.writeHead(404).end();
      return;
    }
    readFile(file, (err, data) => {
      if (err) {
        res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found\n');
        return;
      }
      res.writeHead(200, { 'Content-Type': types[path.extname(file)] || 'application/octet-stream' });
      res.end(req.method === 'HEAD' ? undefined : data);
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${server.address().port}/` }));
  });
}

/* ------------------------------------------------------------------ */
/* The page                                                            */

/**
 * Watches a page: page errors, console errors and warnings, failed
 * requests, responses >= 400 and requests to other origins are problems,
 * but for the 400s announced by w.expect400() (each allows one console error).
 */
function watch(page, base, label, allowApi = false) {
  // expect400(): one 400 is coming, with the console line Chromium logs for it.
  const w = { problems: [], console400: 0, status400: 0, api: 0 };
  w.expect400 = () => {
    w.console400++;
    w.status400++;
  };
  page.on('pageerror', (e) => w.problems.push(`${label}: page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() !== 'error' && m.type() !== 'warning') return;
    const text = m.text();
    if (m.type() === 'error' && w.console400 > 0 &&
        /^Failed to load resource: the server responded with a status of 400\b/.test(text)) {
      w.console400--;
      return;
    }
    w.problems.push(`${label}: console ${m.type()}: ${text}`);
  });
  page.on('requestfailed', (r) => w.problems.push(`${label}: request failed: ${r.url()} ${r.failure()?.errorText}`));
  page.on('request', (r) => {
    const u = r.url();
    if (!u.startsWith(base) && !u.startsWith('data:')) w.problems.push(`${label}: request to another origin: ${u}`);
    if (new URL(u).pathname.includes('/api/')) {
      w.api++;
      if (!allowApi) w.problems.push(`${label}: a request to the API with the engine in the page: ${u}`);
    }
  });
  page.on('response', (r) => {
    if (r.status() === 400 && w.status400 > 0) {
      w.status400--;
    } else if (r.status() >= 400) {
      w.problems.push(`${label}: ${r.status()} for ${r.request().method()} ${r.url()}`);
    }
  });
  return w;
}

/** Waits until the page is idle at the person's turn or at the game's end, with at least `moves` moves. */
async function settle(page, moves) {
  await page.waitForFunction(
    (min) => {
      const turn = document.getElementById('turn').dataset.state;
      return document.body.dataset.busy === 'false' && (turn === 'you' || turn === 'over') &&
        document.getElementById('coins').dataset.moves.length >= min;
    },
    moves,
    { timeout: TIMEOUT }
  );
}

/** Everything the checks read off the page, at once. */
function snapshot(page) {
  return page.evaluate(() => {
    const $ = (id) => document.getElementById(id);
    const coins = $('coins');
    return {
      busy: document.body.dataset.busy,
      turn: $('turn').dataset.state,
      moves: coins.dataset.moves,
      left: Number(coins.dataset.left),
      right: Number(coins.dataset.right),
      n: Number(coins.dataset.n),
      shown: [...coins.querySelectorAll('button.coin')].map((b) => ({
        index: Number(b.dataset.index),
        value: b.dataset.value,
        end: b.dataset.end || null,
        disabled: b.disabled,
        hint: b.dataset.hint === 'true',
      })),
      p1: $('p1-total').textContent,
      p2: $('p2-total').textContent,
      p1who: $('p1-total').dataset.who,
      historyCount: $('history').children.length,
      undoDisabled: $('undo').disabled,
      hintDisabled: $('hint').disabled,
      hintHidden: $('hint-text').hidden,
      errorHidden: $('error').hidden,
      analysisHidden: $('analysis').hidden,
    };
  });
}

/** Asks for the hint; returns {move, coin, secured} from #hint-text. */
async function askHint(page, moves) {
  await page.click('#hint');
  await page.waitForFunction(
    (m) => document.body.dataset.busy === 'false' && !document.getElementById('hint-text').hidden &&
      document.getElementById('coins').dataset.moves === m,
    moves,
    { timeout: TIMEOUT }
  );
  return page.evaluate(() => {
    const h = document.getElementById('hint-text');
    return { move: h.dataset.move, coin: h.dataset.coin, secured: h.dataset.secured, text: h.textContent };
  });
}

/** Clicks the coin at `side` ('left' | 'right'; the last coin is 'both'). */
async function clickCoin(page, side) {
  const sel = `#coins button.coin[data-end="${side}"], #coins button.coin[data-end="both"]`;
  await page.click(sel, { timeout: TIMEOUT });
}

/** Fills the form and starts a seeded random game, the person first, the perfect engine. */
async function newGame(page, { size, seed, min, max }) {
  await page.waitForFunction(() => document.body.dataset.busy === 'false', null, { timeout: TIMEOUT });
  await page.fill('#size', String(size));
  await page.fill('#seed', String(seed));
  await page.fill('#min', String(min));
  await page.fill('#max', String(max));
  await page.selectOption('#difficulty', 'perfect');
  await page.selectOption('#first', 'you');
  await page.click('#new-game');
  await settle(page, 0);
  const s = await snapshot(page);
  eq([s.n, s.moves, s.turn], [size, '', 'you'], `new game: ${size} coins, no move yet, the person's turn`);
  const row = await page.evaluate(
    ([n, sd, lo, hi]) => window.coinline.rowFromSeed(n, BigInt(sd), BigInt(lo), BigInt(hi)).map(String),
    [size, String(seed), String(min), String(max)]
  );
  eq(s.shown.map((c) => c.value), row, 'the coins shown are rowFromSeed(size, seed, min, max)');
  const state = await page.evaluate(() => Array.from(window.coinline.state.coins, String));
  eq(state, row, 'window.coinline.state holds the same row');
  return row.map(BigInt);
}

async function shot(page, name, fullPage = true) {
  const file = path.join(OUT, name);
  await page.screenshot({ path: file, fullPage });
  note(`screenshot ${path.relative(root, file)}`);
}

/* ------------------------------------------------------------------ */
/* Game 1: optimal play, on the desktop                                */

async function gameOptimal(page, label) {
  note('game 1 (desktop): the person plays the hint at every move');
  const row = await newGame(page, { size: 12, seed: 2024, min: 1, max: 20 });
  const best = solve(row);
  note(`row ${row.join(' ')}; solve: ${best.p1} ${best.p2}, line ${best.line}`);

  let s = await snapshot(page);
  ok(s.undoDisabled, 'undo is off before the person has moved');
  const enabled = s.shown.filter((c) => !c.disabled).map((c) => c.end);
  eq(enabled, ['left', 'right'], 'only the two end coins can be clicked');

  let h = await askHint(page, '');
  eq([h.move, h.secured], [best.first_move, String(best.p1)],
    'the first hint is the solver\'s first move and secures its total for player 1');
  s = await snapshot(page);
  eq(s.shown.filter((c) => c.hint).map((c) => c.end), [h.move], 'the hinted coin is marked (data-hint)');

  let undone = false;
  let before2 = null; // the page after the person's first move and its reply
  while (s.turn !== 'over') {
    const moves = s.moves;
    if (moves !== '' || h === null) h = await askHint(page, moves);
    await clickCoin(page, h.move);
    h = null;
    await settle(page, moves.length + 1);
    s = await snapshot(page);
    if (s.moves.length === 2) before2 = s;
    if (!undone && s.moves.length === 4 && s.turn === 'you') {
      // Undo: back to the position after move 2, the person to move.
      await page.click('#undo');
      await settle(page, 2);
      const u = await snapshot(page);
      eq([u.moves, u.p1, u.p2, u.historyCount, u.turn],
        [before2.moves, before2.p1, before2.p2, 2, 'you'],
        'undo takes back a full turn: the person\'s move and the engine\'s reply');
      eq([u.left, u.right], [before2.left, before2.right], 'undo puts both coins back in the row');
      undone = true;
      s = u;
    }
  }
  ok(undone, 'undo was exercised');
  eq(s.moves, best.line, 'hint and engine played the solver\'s optimal line');
  eq([s.p1, s.p2], [String(best.p1), String(best.p2)], 'the totals shown equal coinline solve --both');
  eq(tool('solve', '--both', '--row', row.join(' ')).trim(), `${s.p1} ${s.p2}`,
    'coinline solve --both prints the same totals');

  const a = await page.evaluate(() => ({
    hidden: document.getElementById('analysis').hidden,
    p1: document.getElementById('final-p1').textContent,
    p2: document.getElementById('final-p2').textContent,
    winner: document.getElementById('winner').dataset.winner,
    rows: document.querySelectorAll('#moves-body tr.move').length,
    mistakes: document.querySelectorAll('#moves-body tr.mistake').length,
    losses: [...document.querySelectorAll('#moves-body tr.move')].map((r) => r.dataset.loss),
    tableHidden: document.getElementById('table-section').hidden,
    cells: document.querySelectorAll('#table rect.cell').length,
    opt: document.querySelectorAll('#table rect.cell.opt').length,
    playAgain: !document.getElementById('play-again').hidden,
  }));
  ok(!a.hidden, 'the review is shown at the end');
  eq([a.p1, a.p2], [String(best.p1), String(best.p2)], 'the review\'s final totals equal the solver\'s');
  const winner = best.winner === 'first' ? 'you' : best.winner === 'second' ? 'engine' : 'draw';
  eq(a.winner, winner, 'the review names the solver\'s winner');
  eq([a.rows, a.mistakes], [12, 0], 'the review lists 12 moves and no mistake');
  ok(a.losses.every((l) => l === '0'), 'no move lost a point');
  eq([a.tableHidden, a.cells, a.opt], [false, 78, 12], 'the V(i, j) map shows 78 cells, 12 on the optimal line');
  ok(a.playAgain, '"Play this row again" is offered');
  await shot(page, `${label}-desktop.png`);
}

/* ------------------------------------------------------------------ */
/* Game 2: mistakes, a bad row, the link and history, on a phone       */

/** A typed row with a bad token: #error says why, without #retry. */
async function badRow(page) {
  await page.waitForFunction(() => document.body.dataset.busy === 'false', null, { timeout: TIMEOUT });
  const before = (await snapshot(page)).moves;
  await page.fill('#row-input', '4 1 x7 2');
  await page.click('#row-load');
  await page.waitForFunction(() => !document.getElementById('error').hidden, null, { timeout: TIMEOUT });
  const e = await page.evaluate(() => ({
    text: document.getElementById('error-text').textContent,
    retry: !document.getElementById('retry').hidden,
    moves: document.getElementById('coins').dataset.moves,
  }));
  eq(e.text, "coin 3: 'x7' is not an integer", 'a typed row with a bad token shows why in #error');
  eq([e.retry, e.moves], [false, before], 'no #retry for bad input, and the game shown is unchanged');
}

/** Position checks: the fields that must agree between two views of it. */
const position = (s) => [s.moves, s.left, s.right, s.n, s.p1, s.p2, s.turn];

/**
 * The URL reopens the position in a new page; back shows the position one
 * turn earlier (`earlier`), forward this one again.
 */
async function linkAndHistory(page, s, earlier, label) {
  const url = page.url();
  ok(url.includes(`moves=${s.moves}`), 'the URL\'s fragment holds the moves', url);
  const other = await page.context().newPage();
  const w = watch(other, url.slice(0, url.indexOf('#')).replace(/[^/]*$/, ''), `${label} link`);
  await other.goto(url, { waitUntil: 'load', timeout: TIMEOUT });
  await settle(other, s.moves.length);
  const o = await snapshot(other);
  eq(position(o), position(s), 'the link opened in a new page shows the same position (moves, ends, totals)');
  eq(o.shown.map((c) => c.value), s.shown.map((c) => c.value), 'and the same coins');
  eq(w.problems, [], 'the new page: no error and no request to the API');
  await other.close();

  await page.goBack({ timeout: TIMEOUT });
  await page.waitForFunction((m) => document.body.dataset.busy === 'false' &&
    document.getElementById('coins').dataset.moves === m, earlier.moves, { timeout: TIMEOUT });
  eq(position(await snapshot(page)), position(earlier), 'back shows the position one turn earlier');
  await page.goForward({ timeout: TIMEOUT });
  await page.waitForFunction((m) => document.body.dataset.busy === 'false' &&
    document.getElementById('coins').dataset.moves === m, s.moves, { timeout: TIMEOUT });
  eq(position(await snapshot(page)), position(s), 'forward shows the later position again');
}

async function gameMistakes(page, label) {
  note('game 2 (phone): a bad row, then the person errs at its first three moves');
  await badRow(page);
  const row = await newGame(page, { size: 13, seed: 77, min: 1, max: 30 });
  note(`row ${row.join(' ')}`);
  let s = await snapshot(page);
  ok(s.errorHidden, 'a new game clears #error');

  const opposite = (side) => (side === 'left' ? 'right' : 'left');
  const seen = new Map(); // moves -> the snapshot at the person's turn
  let mine = 0; // the person's moves so far
  let shotMid = false;
  while (s.turn !== 'over') {
    seen.set(s.moves, s);
    const moves = s.moves;
    const h = await askHint(page, moves);
    const side = mine < 3 ? opposite(h.move) : h.move;
    await clickCoin(page, side); // the last coin (data-end "both") whichever side
    mine++;
    await settle(page, moves.length + 1);
    s = await snapshot(page);
    if (!shotMid && s.moves.length >= 4) {
      await linkAndHistory(page, s, seen.get(s.moves.slice(0, -2)), label);
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot(page, `${label}-phone-game.png`, false);
      shotMid = true;
    }
  }
  eq(s.moves.length, 13, 'the game took all 13 coins');
  ok(s.errorHidden, 'no error is left shown');

  // 13 coins, the person first: the person's move ended it; undo takes
  // back that move only, and the review goes.
  const end = s;
  await page.click('#undo');
  await settle(page, 12);
  const u = await snapshot(page);
  eq([u.moves, u.turn, u.analysisHidden, u.left === u.right],
    [end.moves.slice(0, 12), 'you', true, true],
    'undo after the person\'s last move takes back only that move, and the review');
  await clickCoin(page, 'left');
  await settle(page, 13);
  s = await snapshot(page);
  eq([s.moves, s.p1, s.p2, s.turn], [end.moves, end.p1, end.p2, 'over'], 'the same last move ends the same game');

  const an = analyze(row, s.moves);
  const mistakesWanted = an.moves.filter((m) => m.loss !== 0).length;
  note(`moves ${s.moves}; analyze: ${an.summary.p1} to ${an.summary.p2}, lost ${an.summary.lost}, mistakes ${an.summary.mistakes}`);
  const a = await page.evaluate(() => ({
    hidden: document.getElementById('analysis').hidden,
    p1: document.getElementById('final-p1').textContent,
    p2: document.getElementById('final-p2').textContent,
    winner: document.getElementById('winner').dataset.winner,
    bestPlay: document.getElementById('best-play').textContent,
    rows: [...document.querySelectorAll('#moves-body tr.move')].map((r) => ({
      move: Number(r.dataset.move),
      player: Number(r.dataset.player),
      loss: r.dataset.loss,
      mistake: r.classList.contains('mistake'),
    })),
    mistakes: document.querySelectorAll('#moves-body tr.mistake').length,
    dots: document.querySelectorAll('#chart circle.mistake-dot').length,
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  ok(!a.hidden, 'the review is shown again');
  eq([a.p1, a.p2], [String(an.summary.p1), String(an.summary.p2)],
    '#final-p1/#final-p2 equal coinline analyze --json');
  eq([s.p1, s.p2], [String(an.summary.p1), String(an.summary.p2)], 'the totals shown equal analyze\'s');
  const winner = { first: 'you', second: 'engine', draw: 'draw' }[an.summary.winner];
  eq(a.winner, winner, '#winner agrees with analyze');
  ok(a.bestPlay.includes(String(an.summary.best_p1)) && a.bestPlay.includes(String(an.summary.best_p2)),
    '#best-play gives analyze\'s best_p1 and best_p2', a.bestPlay);
  eq(a.rows, an.moves.map((m) => ({ move: m.move, player: m.player, loss: String(m.loss), mistake: m.loss !== 0 })),
    'each tr.move (number, player, loss, .mistake) equals analyze\'s move');
  ok(mistakesWanted >= 1 && an.moves.some((m) => m.player === 1 && m.loss !== 0),
    `the person's deliberate errors include a real mistake (${mistakesWanted} in all)`);
  eq([a.mistakes, a.dots], [mistakesWanted, mistakesWanted],
    '.mistake rows and the chart\'s mistake dots count analyze\'s mistakes');
  eq(an.summary.mistakes[0] + an.summary.mistakes[1], mistakesWanted, 'analyze\'s summary counts the same mistakes');
  ok(a.scrollWidth <= a.innerWidth, `the phone page does not scroll sideways (${a.scrollWidth} <= ${a.innerWidth} px)`);
  await shot(page, `${label}-phone-review.png`);
}

/* ------------------------------------------------------------------ */
/* Determinism, the API fallback, a long row                           */

/** POST api/move to coinline serve from here (not from the page). */
async function serverMove(base, body) {
  const res = await fetch(`${base}api/move`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body),
  });
  const data = await res.json();
  if (!res.ok) throw new Error(`api/move: ${res.status} ${JSON.stringify(data)}`);
  return data;
}

/** A game against the easy engine in the page: every engine move is the server's. */
async function determinism(page, apiBase) {
  note('determinism: the easy engine in the page against coinline serve\'s api/move');
  await page.waitForFunction(() => document.body.dataset.busy === 'false', null, { timeout: TIMEOUT });
  const size = 40;
  const seed = '123456789';
  await page.fill('#size', String(size));
  await page.fill('#seed', seed);
  await page.fill('#min', '1');
  await page.fill('#max', '9');
  await page.selectOption('#difficulty', 'easy');
  await page.selectOption('#first', 'engine');
  await page.click('#new-game');
  await settle(page, 1); // the engine's first move
  let s = await snapshot(page);
  while (s.turn !== 'over') {
    await page.click('#take-left');
    await settle(page, s.moves.length + 1);
    s = await snapshot(page);
  }
  const coins = await page.evaluate(() => Array.from(window.coinline.state.coins, String));
  const seeds = await page.evaluate(([sd, n]) =>
    Array.from({ length: n }, (_, k) => window.coinline.engineSeed(BigInt(sd), k)), [seed, size]);
  let differ = 0;
  const wrong = [];
  for (let k = 0; k < size; k += 2) { // the engine moves first: moves 0, 2, 4, ...
    const r = await serverMove(apiBase, { coins, moves: s.moves.slice(0, k), strategy: 'fallible:0.5', seed: seeds[k] });
    const optimal = await serverMove(apiBase, { coins, moves: s.moves.slice(0, k), strategy: 'optimal' });
    if (r.move !== optimal.move) differ++;
    if (r.moves !== s.moves.slice(0, k + 1)) wrong.push(`move ${k + 1}: page ${s.moves[k]}, server ${r.moves[k]}`);
  }
  note(`moves ${s.moves}; the server's easy engine left best play at ${differ} of ${size / 2} moves`);
  eq(wrong, [], `the page's ${size / 2} engine moves are coinline serve's for the same row, moves and seeds`);
  ok(differ > 0, 'and some of them were not the optimal move (so the seeds mattered)');
}

/** serve's page without engine.js: the API answers, and its 400 shows with #retry. */
async function fallback(page, w, base) {
  note('fallback: serve\'s page with an empty engine.js plays through the API');
  await page.route('**/engine.js', (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: '/* none */' }));
  // The engine's first reply goes out with an unknown strategy.
  let rewrite = true;
  await page.route('**/api/move', async (route) => {
    const body = JSON.parse(route.request().postData());
    if (!rewrite || body.strategy === 'optimal') return route.continue();
    rewrite = false;
    body.strategy = 'clever';
    w.expect400();
    return route.continue({ postData: JSON.stringify(body) });
  });
  await page.goto(`${base}#size=6&seed=8&min=1&max=9&difficulty=hard&first=you&moves=`, { waitUntil: 'load', timeout: TIMEOUT });
  await settle(page, 0);
  eq(await page.evaluate(() => document.body.dataset.engine), 'api', 'without the engine: body[data-engine="api"]');
  await clickCoin(page, 'left');
  await page.waitForFunction(() => document.body.dataset.busy === 'false' && !document.getElementById('error').hidden,
    null, { timeout: TIMEOUT });
  const e = await page.evaluate(() => ({
    text: document.getElementById('error-text').textContent,
    retry: !document.getElementById('retry').hidden,
    turn: document.getElementById('turn').dataset.state,
  }));
  ok(e.text.includes('(400)') && e.text.includes("strategy: unknown strategy 'clever'"),
    'a 400 from the server shows its message in #error', e.text);
  eq([e.retry, e.turn], [true, 'engine'], 'after a failed engine move: #retry shown, #turn engine');
  await page.click('#retry');
  // The reply may come before a snapshot could see it pending: wait for
  // it by its count (the person's move and the reply), then play on.
  await settle(page, 2);
  let s = await snapshot(page);
  while (s.turn !== 'over') {
    await clickCoin(page, 'left');
    await settle(page, s.moves.length + 1);
    s = await snapshot(page);
  }
  await page.waitForFunction(() => !document.getElementById('analysis').hidden, null, { timeout: TIMEOUT });
  const row = await page.evaluate(() => Array.from(window.coinline.state.coins, String));
  const an = analyze(row, s.moves);
  eq([s.p1, s.p2, await page.evaluate(() => document.getElementById('final-p1').textContent)],
    [String(an.summary.p1), String(an.summary.p2), String(an.summary.p1)], 'the game through the API ends as analyze says');
  ok(!rewrite && w.api > 0, `the requests went to the API (${w.api})`);
  eq([w.status400, w.console400], [0, 0], 'the 400 came, with its console line "Failed to load resource"');
}

/** One move on 10^5 coins from file://: its time, as a comment. */
async function longRow(page, base) {
  const n = 100000;
  await page.goto(`${base}index.html#size=${n}&seed=5&min=1&max=1000000&difficulty=medium&first=you&moves=`,
    { waitUntil: 'load', timeout: TIMEOUT });
  await settle(page, 0);
  const times = [];
  for (let k = 0; k < 2; k++) {
    await page.click('#take-right');
    await settle(page, 2 * k + 2);
    times.push(await page.evaluate(() => document.body.dataset.engineMs));
  }
  const s = await snapshot(page);
  eq([s.n, s.moves.length, s.turn], [n, 4, 'you'], `a row of ${n} coins plays from file://`);
  note(`10^5 coins from file://: the engine's first move took ${times[0]} ms (the Engine is made when the game starts), the next ${times[1]} ms`);
}

/* ------------------------------------------------------------------ */

/** The two games on one target: serve, file:// or the static server. */
async function runTarget(browser, target, pages) {
  note(`target ${target.name}: ${target.url}`);
  const motion = target.name === 'serve' ? 'no-preference' : 'reduce'; // serve's run keeps the animations
  const desktop = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: motion });
  const p1 = await desktop.newPage();
  const w1 = watch(p1, target.base, `${target.name} desktop`);
  pages.push([`${target.name}-desktop`, p1, w1]);
  await p1.goto(target.url, { waitUntil: 'load', timeout: TIMEOUT });
  await p1.waitForFunction(() => document.body.dataset.engine, null, { timeout: TIMEOUT });
  eq(await p1.evaluate(() => document.body.dataset.engine), 'wasm', `${target.name}: body[data-engine="wasm"]`);
  const version = await p1.waitForFunction(() => document.getElementById('version').textContent, null,
    { timeout: TIMEOUT });
  note(`page version ${await version.jsonValue()}`);
  await gameOptimal(p1, target.name);
  ok(Number(await p1.evaluate(() => document.body.dataset.engineMs)) >= 0, 'body[data-engine-ms] holds a time');
  eq([w1.api, w1.problems], [0, []], `${target.name} desktop: no request to the API, no error of any kind`);

  const phone = await browser.newContext({
    viewport: { width: 375, height: 812 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, reducedMotion: motion,
  });
  const p2 = await phone.newPage();
  const w2 = watch(p2, target.base, `${target.name} phone`);
  pages.push([`${target.name}-phone`, p2, w2]);
  await p2.goto(target.url, { waitUntil: 'load', timeout: TIMEOUT });
  await gameMistakes(p2, target.name);
  eq([w2.api, w2.problems], [0, []], `${target.name} phone: no request to the API, no error of any kind`);
  await desktop.close();
  await phone.close();
  return p1;
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  let server = null;
  let base = process.env.E2E_URL;
  if (!base) {
    server = await startServer(COINLINE);
    base = server.url;
    // Never left running: not on a crash (an EPIPE on stdout, say), nor on a signal.
    process.on('exit', () => server.proc.exitCode === null && server.proc.kill('SIGKILL'));
    for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => process.exit(1));
  }
  if (!base.endsWith('/')) base += '/';
  const site = await startStatic();
  const fileBase = `${pathToFileURL(SITE).href}/`;
  note(`server ${base}; static site ${SITE} at ${site.url}; tool ${COINLINE}; screenshots in ${OUT}`);
  const targets = [
    { name: 'serve', base, url: base },
    { name: 'file', base: fileBase, url: `${fileBase}index.html` },
    { name: 'static', base: site.url, url: site.url },
  ];

  let browser = null;
  const pages = []; // [name, page, watcher]
  let failure = null;
  try {
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      timeout: 30000,
      args: [
        '--headless', '--no-sandbox', '--disable-gpu', '--no-first-run',
        '--disable-background-networking', '--disable-component-update', '--disable-sync',
        '--disable-quic',
      ],
    });
    note(`chromium ${browser.version()}`);
    for (const target of targets) await runTarget(browser, target, pages);

    const quick = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
    const p3 = await quick.newPage();
    const w3 = watch(p3, site.url, 'determinism');
    pages.push(['determinism', p3, w3]);
    await p3.goto(site.url, { waitUntil: 'load', timeout: TIMEOUT });
    await determinism(p3, base);
    eq([w3.api, w3.problems], [0, []], 'determinism: no request to the API, no error of any kind');

    const p4 = await quick.newPage();
    const w4 = watch(p4, base, 'fallback', true);
    pages.push(['fallback', p4, w4]);
    await fallback(p4, w4, base);
    eq(w4.problems, [], 'fallback: no error (but the 400\'s), no failed request');

    const p5 = await quick.newPage();
    const w5 = watch(p5, fileBase, 'long');
    pages.push(['long', p5, w5]);
    await longRow(p5, fileBase);
    eq([w5.api, w5.problems], [0, []], 'long row: no request to the API, no error of any kind');
  } catch (e) {
    failure = e;
    for (const [name, page, w] of pages) {
      for (const p of w.problems) console.log(`# seen before the failure: ${p}`);
      if (page.isClosed()) continue;
      try {
        await page.screenshot({ path: path.join(OUT, `failure-${name}.png`), fullPage: true });
        console.log(`# failure screenshot ${path.join(OUT, `failure-${name}.png`)}`);
      } catch {
        /* the page is gone */
      }
    }
  } finally {
    if (browser) await browser.close().catch(() => {});
    site.server.close();
    if (server) {
      const code = await stopServer(server);
      if (!failure) {
        try {
          eq(code, 0, 'coinline serve exits 0 on SIGTERM');
        } catch (e) {
          failure = e;
        }
      }
      if (code !== 0) console.log(`# coinline serve exited ${code}; its stderr:\n${server.stderr().replace(/^/gm, '#   ')}`);
    }
  }
  if (failure) throw failure;
}

main().then(
  () => {
    console.log(`1..${count}`);
    note(`passed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  },
  (e) => {
    console.log(`not ok ${count + 1} - ${e.tap ? e.message.split('\n')[0] : 'error'}`);
    for (const line of (e.tap ? e.message.split('\n').slice(1).join('\n') : e.stack || String(e)).split('\n')) {
      if (line) console.log(`#   ${line}`);
    }
    console.log(`1..${count + 1}`);
    process.exitCode = 1;
  }
);
