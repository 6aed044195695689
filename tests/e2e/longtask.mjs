#!/usr/bin/env node
// SPDX-License-Identifier: MIT
/*
 * The page never freezes (issue 28): its long work runs in a Web Worker,
 * and no task of the page's main thread takes 100 ms or more, in real
 * headless Chromium (Debian's /usr/bin/chromium) driven by playwright-core.
 *
 *   node tests/e2e/longtask.mjs            (make e2e runs it)
 *
 * An init script watches the main thread two ways, from the moment the
 * page's document exists (the browser has committed the navigation) on: a
 * PerformanceObserver of type "longtask" (every task of 50 ms or more),
 * and a heartbeat, a 10 ms timer noting each gap of 50 ms or more between
 * its ticks (a stall the observer does not report: a promise continuation
 * run by the engine's own task, say); and it records each showing of
 * #progress, the page's progress indication. Each step below is a window
 * of time on the page: its longest task must be under LONG_MS (100 ms),
 * its longest stall under 2 x LONG_MS (a task and the frame drawn after it
 * delay the timer by both), and where the work is big the progress
 * indication must have been shown in it. A link's window starts when its
 * document exists: the browser's commit of the navigation before it (the
 * renderer taking the URL: 0.3 to 0.4 s for a 1 MB one here) is no task
 * of the page's, nor anything the page could shorten; from then on every
 * task counts, the page's first parse, its scripts and first frames
 * included.
 *
 * A step whose time bound fails is measured once more, on a new page, only
 * when other processes than this test's kept E2E_BUSY_CPUS (0.25) CPUs or
 * more busy during it (read from /proc: the CPU taken from the browser by
 * other work on a shared machine); that second run then counts. On a
 * machine left to the test (CI: other processes keep 0.00 to 0.02 CPUs
 * busy) the first run counts, and so does it without /proc. The bound is
 * low because the browser runs a page, its Worker and its compositor on
 * two cores: 0.35 CPUs taken by other work once held a 1 MB link's task
 * 319 ms (50 ms or less on a quiet machine). What the retry can hide, on
 * a busy machine: a freeze that happens in half of the runs passes 3 times in 4, one in a tenth of the
 * runs 99 times in 100. The steps:
 *
 *   link-1e5   file://, a link of 10^5 coins with 99,998 moves played
 *              (#size=100000&...&moves=LL...L): to the person's turn;
 *   review-1e5 the person takes the 99,999th coin, the engine the last,
 *              and the review shows (#analysis): its summary and its rows
 *              (the first 1000 moves that lost points, read page by page
 *              through #moves-next) equal `coinline analyze --json` on the
 *              same game; the chart has its line and marks;
 *   link-1e6, review-1e6  the same with 10^6 coins, the link as the page
 *              writes a long game's (moves64=, 0.17 MB); the review's
 *              summary (totals, points lost and mistakes of each player,
 *              best play) equals the tool's, read as it streams;
 *   again-1e6  #play-again after it: the same row anew, from the click to
 *              the person's turn, and the engine replies to a move;
 *   link-1e6-plain  the same game as a 1 MB link (moves=LL...L, as the
 *              page wrote them before moves64=), bounded as the others;
 *   link-1e5-remaining, review-1e5-remaining  the 10^5 link and review
 *              under scoring by what remains (&score=remaining): bounded
 *              as the others, the review's totals and best play the npm
 *              module's analyze() under remaining;
 *   typed-1e5  a typed row of 10^5 coins (#row-input, #row-load): from the
 *              click to the person's turn;
 *   api-1e5    serve's page without its engine (engine.js emptied): the
 *              server's review of the 10^5 game, read by the Worker;
 *   no worker  a browser without Workers: body[data-worker="page"], a
 *              12-coin game plays to its review, and the 10^5 link and its
 *              review (page-link-1e5, page-review-1e5: the summary is the
 *              tool's) are bounded as in a Worker, the work in the page
 *              giving it a turn every few tens of milliseconds;
 *   serve-1e5  the 10^5 link and review from `coinline serve` (its CSP
 *              must let the page start its Worker: body[data-engine="wasm"]
 *              and body[data-worker="worker"]);
 *   and on every page: no console error or warning (a CSP violation is one).
 *
 * The figures (each step's longest task, its count of tasks of 50 ms or
 * more, its longest stall, its wall time, the page's JS heap) are printed
 * as TAP comments: docs/benchmarks.md quotes them. Timings are the
 * machine's: only the bounds above are checked, as the issue asks.
 *
 * Environment: COINLINE, E2E_SITE, E2E_OUT, E2E_TIMEOUT, CHROMIUM as in
 * play.mjs; LONG_MS (default 100); E2E_BIG=0 leaves out the 10^6 steps;
 * E2E_PLAIN_LINKS=1 writes every link as moves=LL...L (to measure a page
 * older than moves64=); E2E_STEPS=NAME,... runs only those steps (the
 * names after "---" in the output: 'no worker', 'file 10^5', ...);
 * E2E_BUSY_CPUS as above. Without the browser or playwright-core: a TAP skip
 * (E2E_REQUIRE=1: a failure). A failed check does not stop the run; the
 * exit status is 1.
 */

import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startServer, stopServer } from './serve.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const COINLINE = path.resolve(root, process.env.COINLINE || 'build/coinline');
const OUT = path.resolve(root, process.env.E2E_OUT || 'build/e2e');
const SITE = path.resolve(root, process.env.E2E_SITE || 'build/site');
const TIMEOUT = Number(process.env.E2E_TIMEOUT || 15000);
const BIG_TIMEOUT = Math.max(TIMEOUT, 120000); // a 10^6 game: seconds of work, on a busy machine
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const LONG_MS = Number(process.env.LONG_MS || 100);
// The heartbeat's bound: a task and the frame drawn after it, back to back,
// delay a timer by both; one task of LONG_MS or more would show here too.
const STALL_MS = 2 * LONG_MS;
const BIG = process.env.E2E_BIG !== '0';
const PLAIN = process.env.E2E_PLAIN_LINKS === '1'; // every link as moves=LL...L (a page older than moves64=)
const STEPS = process.env.E2E_STEPS ? process.env.E2E_STEPS.split(',') : null; // only these steps (names as in main())
// A run whose time bound fails is measured again only when other
// processes kept at least this many CPUs busy during it (see busyOthers()).
const BUSY_CPUS = Number(process.env.E2E_BUSY_CPUS || 0.25);
const started = Date.now();

let count = 0;
let failed = 0;
const note = (text) => console.log(`# ${text}`);
// While a step runs its checks are held (see step() in main()): a step
// whose time bound fails is measured once more.
let held = null;
function ok(cond, what, detail, timing = false) {
  if (held) {
    held.push({ cond: !!cond, what, detail, timing });
    return !!cond;
  }
  count++;
  console.log(`${cond ? 'ok' : 'not ok'} ${count} - ${what}`);
  if (!cond) {
    failed++;
    if (detail !== undefined) for (const line of String(detail).split('\n')) console.log(`#   ${line}`);
  }
  return !!cond;
}
const show = (v) => JSON.stringify(v, (k, x) => (typeof x === 'bigint' ? String(x) : x));

function skip(reason) {
  if (process.env.E2E_REQUIRE === '1') {
    console.log(`not ok 1 - ${reason}`);
    console.log('1..1');
    process.exit(1);
  }
  console.log(`1..0 # SKIP ${reason}`);
  process.exit(0);
}

/* ------------------------------------------------------------------ */
/* The tool, on a game record (docs/record.md)                         */

/**
 * `coinline analyze --json` of the game `row`/`moves`, read as it streams
 * (a 10^6-move review is 200 MB of JSON): its summary and the first
 * `keep` moves that lost points.
 */
function toolReview(row, moves, keep) {
  const file = path.join(OUT, `longtask-${row.length}.rec`);
  writeFileSync(file, `coinline-record 1\ngame 1\nrow ${row.join(' ')}\nmoves ${moves}\n`);
  return new Promise((resolve, reject) => {
    const proc = spawn(COINLINE, ['analyze', '--json', file], { stdio: ['ignore', 'pipe', 'pipe'] });
    const mistakes = [];
    let seen = 0;
    let buf = '';
    let err = '';
    proc.stderr.on('data', (d) => {
      err += d;
    });
    proc.stdout.setEncoding('utf8');
    proc.stdout.on('data', (chunk) => {
      buf += chunk;
      // Each move is a flat object {"move":...}: take the whole ones.
      let at = 0;
      for (;;) {
        const s = buf.indexOf('{"move":', at);
        const e = s < 0 ? -1 : buf.indexOf('}', s);
        if (e < 0) {
          // Keep an unfinished move, or the summary once it has begun.
          if (s >= 0) buf = buf.slice(s);
          else if (buf.includes('"summary":')) buf = buf.slice(at);
          else buf = buf.slice(Math.max(at, buf.length - 16));
          break;
        }
        const m = JSON.parse(buf.slice(s, e + 1));
        seen++;
        if (m.loss !== 0 && m.loss !== '0' && mistakes.length < keep) mistakes.push(m);
        at = e + 1;
      }
    });
    proc.on('error', reject);
    proc.on('close', (code) => {
      const k = buf.indexOf('"summary":');
      if (code !== 0 || k < 0) return reject(new Error(`coinline analyze exited ${code}: ${err.slice(0, 300)}`));
      const tail = buf.slice(k + 10);
      resolve({ seen, mistakes, summary: JSON.parse(tail.slice(0, tail.indexOf('}') + 1)) });
    });
  });
}

/* ------------------------------------------------------------------ */
/* The machine: was it busy with other work?                           */

/**
 * The CPU time spent so far (Linux /proc, in clock ticks): `all`, the
 * machine's (busy and idle, every CPU), `busy`, its busy part, and `ours`,
 * each process of this test's tree (node, the browser and its children,
 * with the children they have reaped) by pid; null without /proc.
 */
function cpuSample() {
  try {
    const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1, 9).map(Number);
    const all = cpu.reduce((a, b) => a + b, 0);
    const parent = new Map();
    const used = new Map();
    for (const d of readdirSync('/proc')) {
      if (!/^[0-9]+$/.test(d)) continue;
      let st;
      try {
        st = readFileSync(`/proc/${d}/stat`, 'utf8');
      } catch {
        continue; // it ended meanwhile
      }
      const f = st.slice(st.lastIndexOf(')') + 2).split(' '); // f[1] ppid; f[11..14] utime, stime, cutime, cstime
      parent.set(Number(d), Number(f[1]));
      used.set(Number(d), Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]));
    }
    const ours = new Map();
    const inTree = (pid) => {
      for (let p = pid, hops = 0; p > 1 && hops < 64; p = parent.get(p), hops++) if (p === process.pid) return true;
      return false;
    };
    for (const [pid, t] of used) if (inTree(pid)) ours.set(pid, t);
    return { all, busy: all - cpu[3] - cpu[4], ours };
  } catch {
    return null;
  }
}

/**
 * How many CPUs other processes than this test's kept busy from sample a
 * to sample b, on average (null without /proc). Rough: a process of ours
 * that ended and was reaped counts twice, which makes others look idler.
 */
function busyOthers(a, b) {
  if (!a || !b || b.all <= a.all) return null;
  let ours = 0;
  for (const [pid, t] of b.ours) ours += t - (a.ours.get(pid) || 0);
  const cpus = readFileSync('/proc/stat', 'utf8').split('\n').filter((l) => /^cpu[0-9]/.test(l)).length;
  return (Math.max(0, b.busy - a.busy - ours) / (b.all - a.all)) * cpus;
}

/* ------------------------------------------------------------------ */
/* The page                                                            */

// Before the page's scripts: every long task, and each showing of #progress.
const WATCH = () => {
  // The document exists: the browser has committed the navigation (this
  // script runs inside that task); every task from here on is the page's.
  window.__born = performance.now();
  window.__long = [];
  window.__progress = [];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__long.push({ start: e.startTime, ms: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    window.__long = null; // no longtask entries in this browser
  }
  // A heartbeat: a 10 ms timer that notes each gap of 50 ms or more
  // between its ticks. A task the longtask observer does not see (a
  // promise continuation run by the engine's own task) stalls it too. It
  // counts from its first tick: before it lie the rest of the browser's
  // commit of the navigation and the page's first parse.
  window.__gaps = [];
  let last = null;
  setInterval(() => {
    const t = performance.now();
    if (last !== null && t - last >= 50) window.__gaps.push({ start: last, ms: t - last });
    last = t;
  }, 10);
  const look = () => {
    const p = document.getElementById('progress');
    if (!p) return;
    const seen = () => {
      if (!p.hidden) window.__progress.push({ at: performance.now(), task: p.dataset.task || '', text: p.textContent.trim() });
    };
    new MutationObserver(seen).observe(p, { attributes: true, childList: true, subtree: true, characterData: true });
    seen();
  };
  document.addEventListener('DOMContentLoaded', look);
};

/** Watches a page for errors, console errors and CSP violations. */
function watch(page, label, sink) {
  page.on('pageerror', (e) => sink.push(`${label}: page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') sink.push(`${label}: console ${m.type()}: ${m.text()}`);
  });
}

const now = (page) => page.evaluate(() => performance.now());

/**
 * The long tasks and progress shown on `page` from t0 to t1 (ms of its
 * clock; t0 null: the tasks that began once the document existed, the
 * browser's commit of the navigation left out), once the observer has
 * caught up.
 */
async function windowOf(page, t0, t1) {
  await page.evaluate(() => new Promise((r) => setTimeout(r, 120)));
  return page.evaluate(([t0, b]) => ({
    observed: window.__long !== null,
    tasks: (window.__long || []).filter((t) => (t0 === null ? t.start >= window.__born : t.start + t.ms > t0) && t.start < b),
    gaps: window.__gaps.filter((t) => t.start + t.ms > (t0 === null ? window.__born : t0) && t.start < b),
    progress: window.__progress.filter((p) => p.at >= (t0 === null ? 0 : t0) && p.at <= b),
    heap: performance.memory ? performance.memory.usedJSHeapSize : null,
  }), [t0, t1]);
}

/** Reports a window's figures and checks its longest task. */
function judge(name, w, wall, wantProgress) {
  const longest = w.tasks.reduce((m, t) => Math.max(m, t.ms), 0);
  const gap = w.gaps.reduce((m, t) => Math.max(m, t.ms), 0);
  const heap = w.heap === null ? '' : `, JS heap ${(w.heap / 1e6).toFixed(0)} MB`;
  note(`figure ${name}: longest task ${longest.toFixed(0)} ms, ${w.tasks.length} task(s) of 50 ms or more, ` +
    `longest stall of a 10 ms timer ${gap.toFixed(0)} ms, ${(wall / 1000).toFixed(2)} s${heap}`);
  ok(w.observed, `${name}: the browser reports long tasks (PerformanceObserver 'longtask')`);
  ok(longest < LONG_MS, `${name}: no main-thread task of ${LONG_MS} ms or more (longest ${longest.toFixed(0)} ms)`,
    show(w.tasks.filter((t) => t.ms >= LONG_MS).map((t) => `${t.ms.toFixed(0)} ms at ${t.start.toFixed(0)}`)), true);
  ok(gap < STALL_MS, `${name}: a 10 ms timer never waited ${STALL_MS} ms or more (longest ${gap.toFixed(0)} ms)`,
    show(w.gaps.filter((t) => t.ms >= STALL_MS).map((t) => `${t.ms.toFixed(0)} ms at ${t.start.toFixed(0)}`)), true);
  if (wantProgress) {
    ok(w.progress.length > 0, `${name}: the progress indication (#progress) was shown`, show(w.progress.slice(0, 3)));
  }
  return longest;
}

/** Idle at the person's turn with `moves` moves. */
function idleAt(page, moves, timeout) {
  return page.waitForFunction((m) => document.body.dataset.busy === 'false' &&
    document.getElementById('turn').dataset.state === 'you' &&
    document.getElementById('coins').dataset.moves.length === m, moves, { timeout, polling: 100 });
}

/**
 * Opens a link of n coins with n - 2 moves played (all L) and checks the
 * page's tasks from the moment its document exists (the browser's own
 * commit of the navigation, before any script of the page can run, left
 * out: see the head comment) to the person's turn; `packed`: the moves as
 * the page writes a long game's (moves64=, six a character), else as
 * moves=LL...L; `rules`: more of the link (&score=remaining).
 */
async function openLink(page, base, n, name, { packed = false, rules = '' } = {}) {
  const m = n - 2;
  const moves = packed ? `moves64=${m}.${'A'.repeat(Math.ceil(m / 6))}` : `moves=${'L'.repeat(m)}`;
  const url = `${base}#size=${n}&seed=9&min=1&max=1000000&difficulty=perfect&first=you${rules}&${moves}`;
  note(`${name}: a link of ${(url.length / 1e6).toFixed(2)} MB`);
  await page.goto('about:blank'); // a new document (not a change of the fragment of this one)
  const wall = Date.now();
  await page.goto(url, { waitUntil: 'load', timeout: BIG_TIMEOUT });
  await idleAt(page, m, BIG_TIMEOUT);
  const t1 = await now(page);
  const born = await page.evaluate(() => window.__born);
  note(`${name}: the document began ${(born / 1000).toFixed(2)} s after the navigation started`);
  return judge(name, await windowOf(page, null, t1), Date.now() - wall, n >= 20000);
}

/** The person takes the left coin, the engine the last: the review of n moves. */
async function reviewEnd(page, n, name) {
  const t0 = await now(page);
  const wall = Date.now();
  await page.click('#take-left');
  await page.waitForFunction(() => document.body.dataset.busy === 'false' &&
    !document.getElementById('analysis').hidden, null, { timeout: BIG_TIMEOUT, polling: 100 });
  const t1 = await now(page);
  const w = await windowOf(page, t0, t1);
  return judge(name, w, Date.now() - wall, true);
}

/** What the review shows, for the tool's comparison. */
function reviewShown(page) {
  return page.evaluate(() => {
    const $ = (id) => document.getElementById(id);
    const rows = [...document.querySelectorAll('#moves-body tr.move')];
    return {
      moves: $('coins').dataset.moves,
      p1: $('final-p1').textContent,
      p2: $('final-p2').textContent,
      lost: $('lost-summary').textContent,
      best: $('best-play').textContent,
      caption: $('moves-caption').textContent,
      rows: rows.map((r) => ({ move: Number(r.dataset.move), player: Number(r.dataset.player), loss: r.dataset.loss })),
      dots: document.querySelectorAll('#chart circle.mistake-dot').length,
      played: document.querySelectorAll('#chart polyline.played').length,
      worker: document.body.dataset.worker,
    };
  });
}

/**
 * The review of a game under remaining against the npm module's analyze()
 * under those rules (the tool's own review is another part's): the final
 * totals and best play from the start.
 */
async function compareRemaining(page, name) {
  const shown = await reviewShown(page);
  const row = await page.evaluate(() => Array.from(window.coinline.state.coins, String));
  const npm = path.resolve(root, process.env.E2E_NPM || 'build/npm');
  const cl = await import(pathToFileURL(path.join(npm, 'coinline.mjs')).href);
  await cl.init();
  const s = cl.analyze(row, shown.moves, { score: 'remaining' }).summary;
  ok(shown.p1 === String(s.p1) && shown.p2 === String(s.p2), `${name}: the final totals are analyze()'s under remaining`,
    `page ${shown.p1}:${shown.p2}, npm ${s.p1}:${s.p2}`);
  const g = (v) => BigInt(v).toLocaleString('en-US');
  ok(shown.best.includes(g(s.best_p1)) && shown.best.includes(g(s.best_p2)), `${name}: best play from the start is analyze()'s`,
    `${shown.best} / npm ${s.best_p1} ${s.best_p2}`);
}

/** The review shown against the tool's, for the game on the page; `kind`: where the work ran (body[data-worker]). */
async function compareReview(page, name, rowsToo, kind = 'worker') {
  const shown = await reviewShown(page);
  const row = await page.evaluate(() => Array.from(window.coinline.state.coins, String));
  const t = Date.now();
  const tool = await toolReview(row, shown.moves, 1000);
  note(`${name}: coinline analyze --json read in ${((Date.now() - t) / 1000).toFixed(1)} s (${tool.seen} moves)`);
  const s = tool.summary;
  const g = (v) => BigInt(v).toLocaleString('en-US');
  ok(shown.p1 === String(s.p1) && shown.p2 === String(s.p2), `${name}: the final totals are the tool's`,
    `page ${shown.p1}:${shown.p2}, tool ${s.p1}:${s.p2}`);
  ok(shown.lost.includes(`you lost ${g(s.lost[0])} point`) && shown.lost.includes(`in ${g(s.mistakes[0])} move`) &&
    shown.lost.includes(`the engine lost ${g(s.lost[1])} point`) && shown.lost.includes(`in ${g(s.mistakes[1])} move`),
  `${name}: the points lost and mistakes of each player are the tool's`, `${shown.lost} / tool ${show(s)}`);
  ok(shown.best.includes(g(s.best_p1)) && shown.best.includes(g(s.best_p2)), `${name}: best play from the start is the tool's`,
    `${shown.best} / tool ${s.best_p1} ${s.best_p2}`);
  const mistakes = s.mistakes[0] + s.mistakes[1];
  ok(shown.caption.includes(`${g(mistakes)} moves that lost points`), `${name}: the caption counts the tool's mistakes`, shown.caption);
  if (rowsToo) {
    // The table shows PAGE_ROWS rows at a time: turn its pages (#moves-next).
    const pages = [shown.rows];
    while (await page.evaluate(() => !document.getElementById('moves-pager').hidden && !document.getElementById('moves-next').disabled)) {
      const from = await page.evaluate(() => document.getElementById('moves-page').dataset.from);
      await page.click('#moves-next');
      await page.waitForFunction((f) => document.getElementById('moves-page').dataset.from !== f, from, { timeout: TIMEOUT });
      pages.push((await reviewShown(page)).rows);
    }
    shown.rows = pages.flat();
    note(`${name}: the table's ${pages.length} pages read`);
    const want = tool.mistakes.map((m) => ({ move: m.move, player: m.player, loss: String(m.loss) }));
    ok(show(shown.rows) === show(want), `${name}: the ${want.length} rows shown are the tool's first moves that lost points`,
      `first difference at ${shown.rows.findIndex((r, k) => show(r) !== show(want[k]))}`);
  }
  ok(shown.dots >= 1 && shown.dots <= Math.min(1000, mistakes) && shown.played === 1,
    `${name}: the chart has its line and marks for mistakes (${shown.dots}: those of the first 1000 a pixel apart)`, show({ dots: shown.dots, played: shown.played }));
  ok(shown.worker === kind, `${name}: the work ran ${kind === 'worker' ? 'in a Worker' : 'in the page'} (body[data-worker="${kind}"])`, shown.worker);
}

/** #play-again after a long game: the same row anew, from the click to the person's turn. */
async function playAgain(page, name) {
  await page.evaluate(() => window.scrollTo(0, 0));
  const t0 = await now(page);
  const wall = Date.now();
  await page.click('#play-again');
  await idleAt(page, 0, BIG_TIMEOUT);
  const t1 = await now(page);
  judge(name, await windowOf(page, t0, t1), Date.now() - wall, false);
  await page.click('#take-left'); // the Worker has the new game: the engine replies
  const replied = await idleAt(page, 2, TIMEOUT).then(() => true, (e) => e.message.split('\n')[0]);
  ok(replied === true, `${name}: the game plays again (the engine's reply to a move came)`, replied);
}

/** A typed row of 10^5 coins: from the click to the person's turn. */
async function typedRow(page, base) {
  await page.goto(`${base}#size=12&seed=1&min=1&max=20&difficulty=perfect&first=you&moves=`, { waitUntil: 'load', timeout: TIMEOUT });
  await idleAt(page, 0, TIMEOUT);
  await page.evaluate(() => {
    const row = [];
    for (let k = 0; k < 100000; k++) row.push(String(((k * 7919) % 1000003) - 500000));
    document.getElementById('row-input').value = row.join(' ');
  });
  await page.evaluate(() => new Promise((r) => setTimeout(r, 300))); // the textarea's own layout
  const t0 = await now(page);
  const wall = Date.now();
  await page.click('#row-load');
  await page.waitForFunction(() => document.body.dataset.busy === 'false' &&
    document.getElementById('coins').dataset.n === '100000', null, { timeout: BIG_TIMEOUT, polling: 100 });
  const t1 = await now(page);
  judge('typed-1e5', await windowOf(page, t0, t1), Date.now() - wall, true);
  const last = await page.evaluate(() => document.querySelector('#coins .coin[data-end="right"]').dataset.value);
  ok(last === String(((99999 * 7919) % 1000003) - 500000), 'typed-1e5: the row typed is the row played', last);
}

/**
 * serve's page without the engine (engine.js answered by an empty script):
 * the server reviews the 10^5-coin game, the page's work reads its answer.
 */
async function apiReview(page, base) {
  await page.route('**/engine.js', (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: '/* none */' }));
  await openLink(page, base, 100000, 'api-link-1e5');
  const kind = await page.evaluate(() => [document.body.dataset.engine, document.body.dataset.worker]);
  ok(kind[0] === 'api' && kind[1] === 'worker', 'api: no engine in the page: body[data-engine="api"], the work in a Worker', show(kind));
  await reviewEnd(page, 100000, 'api-review-1e5');
  const an = await reviewShown(page);
  ok(an.rows.length === 200 && an.caption.includes('moves that lost points (of 100,000 moves)'),
    'api: the server\'s review shown (200 rows a page, its caption)', show({ rows: an.rows.length, caption: an.caption }));
}

/**
 * A browser without Workers: the work is done in the page, a game of 12
 * coins plays to its review, and a game of 10^5 coins opens and is
 * reviewed with no task of 100 ms (the work gives the page a turn every
 * few tens of milliseconds) and its progress shown.
 */
async function noWorker(page, base) {
  await page.goto(`${base}#size=12&seed=3&min=1&max=20&difficulty=perfect&first=you&moves=`, { waitUntil: 'load', timeout: TIMEOUT });
  await idleAt(page, 0, TIMEOUT);
  const kind = await page.evaluate(() => [document.body.dataset.engine, document.body.dataset.worker]);
  ok(kind[0] === 'wasm' && kind[1] === 'page', 'no Worker: the engine works in the page (body[data-worker="page"])', show(kind));
  for (let k = 0; k < 6; k++) {
    await page.click('#take-left');
    await page.waitForFunction((m) => document.body.dataset.busy === 'false' &&
      document.getElementById('coins').dataset.moves.length >= m, 2 * k + 2, { timeout: TIMEOUT });
  }
  await page.waitForFunction(() => !document.getElementById('analysis').hidden, null, { timeout: TIMEOUT });
  const rows = await page.evaluate(() => document.querySelectorAll('#moves-body tr.move').length);
  ok(rows === 12, 'no Worker: the game of 12 coins is reviewed (12 rows)', rows);
  await openLink(page, base, 100000, 'page-link-1e5');
  await reviewEnd(page, 100000, 'page-review-1e5');
  await compareReview(page, 'page-review-1e5', false, 'page');
  if (!BIG) return;
  // 10^6: the same pieces (worker.mjs shows the page's slices give the same review).
  await openLink(page, base, 1000000, 'page-link-1e6', { packed: !PLAIN });
  await reviewEnd(page, 1000000, 'page-review-1e6');
  const an = await reviewShown(page);
  ok(an.worker === 'page' && an.caption.includes('(of 1,000,000 moves)') && an.rows.length === 200,
    'page-review-1e6: the review of 10^6 moves shown (its caption, 200 rows a page), the work in the page', show({ caption: an.caption, rows: an.rows.length }));
}

async function main() {
  if (!existsSync(CHROMIUM)) skip(`no browser at ${CHROMIUM} (Debian: apt-get install chromium)`);
  let chromium;
  try {
    ({ chromium } = await import('playwright-core'));
  } catch (e) {
    skip(`playwright-core is not installed (cd tests/e2e && npm ci): ${e.message.split('\n')[0]}`);
  }
  mkdirSync(OUT, { recursive: true });
  const server = await startServer(COINLINE);
  process.on('exit', () => server.proc.exitCode === null && server.proc.kill('SIGKILL'));
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => process.exit(1));
  const fileUrl = `${pathToFileURL(SITE).href}/index.html`;
  note(`server ${server.url}; static site ${fileUrl}; long task bound ${LONG_MS} ms`);
  let browser = null;
  const problems = [];
  /**
   * Runs a step (fn(page) on a fresh page of `ctx`) and prints its checks.
   * When one of its time bounds fails and other processes kept BUSY_CPUS
   * or more busy meanwhile (busyOthers(): the machine's CPU was taken from
   * the browser), the step is measured once more on a new page and that
   * second run's checks count; on a machine left to this test (CI) the
   * first run counts. See the head comment for what this can hide.
   */
  const step = async (name, ctx, label, fn) => {
    if (STEPS && !STEPS.includes(name)) return;
    note(`--- ${name}`);
    for (let attempt = 1; ; attempt++) {
      const t = Date.now();
      held = [];
      const page = await ctx.newPage();
      watch(page, label, problems);
      const before = cpuSample();
      try {
        await fn(page);
      } catch (e) {
        held.push({ cond: false, what: `${name}: the step ran to its end`, detail: (e && e.message) || String(e) });
      }
      const others = busyOthers(before, cpuSample());
      await page.close();
      const checks = held;
      held = null;
      const late = checks.filter((c) => !c.cond && c.timing);
      const busy = others === null ? 'unknown (no /proc)' : `${others.toFixed(2)} CPUs`;
      note(`${name}: ${((Date.now() - t) / 1000).toFixed(1)} s; other processes kept ${busy} busy meanwhile`);
      if (attempt === 1 && late.length > 0) {
        const why = late.map((c) => c.what).join('; ');
        if (others !== null && others >= BUSY_CPUS) {
          note(`${name}: a time bound failed (${why}) on a busy machine: measured again, the second run counts`);
          continue;
        }
        note(`${name}: a time bound failed (${why}); the machine was not busy (under ${BUSY_CPUS} CPUs): not measured again`);
      }
      for (const c of checks) ok(c.cond, c.what, c.detail);
      return;
    }
  };
  try {
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      timeout: 30000,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking',
        '--disable-component-update', '--disable-sync', '--disable-quic', '--enable-precise-memory-info'],
    });
    note(`chromium ${browser.version()}`);
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
    await ctx.addInitScript(WATCH);

    await step('file 10^5', ctx, 'file 1e5', async (p) => {
      await openLink(p, fileUrl, 100000, 'link-1e5');
      await reviewEnd(p, 100000, 'review-1e5');
      await compareReview(p, 'review-1e5', true);
    });
    if (BIG) {
      await step('file 10^6', ctx, 'file 1e6', async (p) => {
        await openLink(p, fileUrl, 1000000, 'link-1e6', { packed: !PLAIN });
        await reviewEnd(p, 1000000, 'review-1e6');
        await compareReview(p, 'review-1e6', false);
        await playAgain(p, 'again-1e6');
      });
      await step('file 10^6 plain', ctx, 'file 1e6 plain', (p) => openLink(p, fileUrl, 1000000, 'link-1e6-plain'));
    }
    await step('remaining 10^5', ctx, 'remaining 1e5', async (p) => {
      await openLink(p, fileUrl, 100000, 'link-1e5-remaining', { rules: '&score=remaining' });
      await reviewEnd(p, 100000, 'review-1e5-remaining');
      await compareRemaining(p, 'review-1e5-remaining');
    });
    await step('typed row', ctx, 'typed', (p) => typedRow(p, fileUrl));
    await step('api 10^5', ctx, 'api', (p) => apiReview(p, server.url));

    const bare = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
    await bare.addInitScript(() => {
      delete window.Worker; // a browser without Workers
    });
    await bare.addInitScript(WATCH);
    await step('no worker', bare, 'no worker', (p) => noWorker(p, fileUrl));
    await bare.close();

    await step('serve 10^5', ctx, 'serve', async (p) => {
      await openLink(p, server.url, 100000, 'serve-link-1e5');
      ok(await p.evaluate(() => document.body.dataset.engine) === 'wasm', 'serve: the engine runs in the page (body[data-engine="wasm"])');
      await reviewEnd(p, 100000, 'serve-review-1e5');
      const w = await p.evaluate(() => document.body.dataset.worker);
      ok(w === 'worker', 'serve: the work ran in a Worker under the server\'s CSP (body[data-worker="worker"])', w);
    });
    ok(problems.length === 0, 'no page error, console error or warning (a CSP violation is one) on any page', problems.join('\n'));
  } finally {
    if (browser) await browser.close().catch(() => {});
    const code = await stopServer(server);
    ok(code === 0, 'coinline serve exits 0 on SIGTERM', `exit ${code}`);
  }
}

main().then(
  () => {
    console.log(`1..${count}`);
    note(`${count - failed} passed, ${failed} failed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    if (failed) process.exitCode = 1;
  },
  (e) => {
    console.log(`not ok ${count + 1} - error`);
    for (const line of (e.stack || String(e)).split('\n')) console.log(`#   ${line}`);
    console.log(`1..${count + 1}`);
    process.exitCode = 1;
  }
);
