#!/usr/bin/env node
// SPDX-License-Identifier: MIT
/*
 * [js] of make bench: coinline from JavaScript through WebAssembly (the npm
 * package of make wasm, and the page's engine.js), side by side in one run
 * with the native tool and library (docs/benchmarks.md).
 *
 *   node bench/js_bench.mjs --npm build/npm --site build/site \
 *        --tool build/coinline --dir build/bench
 *
 * [1] solve on 10^6 coins (seeded, -10^9..10^9): the npm module's solve()
 *     from an Array of Numbers and from a BigInt64Array (coins copied in
 *     included), the .wasm's clw_solve export alone, against the native
 *     tool on the same row as a text file (`coinline solve FILE`, a child
 *     process) and coinline_solve() in memory (a small C timer compiled
 *     here against libcoinline.a, beside --tool). Target: within 3x of
 *     native.
 * [2] solve() against the plain JavaScript O(n^2) interval DP (one rolling
 *     Float64Array) at 10^4 coins; both must give the same margin.
 * [3] the page's engine reply on a 10^5-coin row: (a) in Node, the work the
 *     page does per reply (Engine kept per game; play the person's move,
 *     Strategy('optimal').move(engine), play it, state()) over a whole game,
 *     and the Engine's creation; (b) in headless Chromium (Debian's
 *     /usr/bin/chromium, driven by tests/e2e's playwright-core when
 *     installed): the same work through the site's engine.js, and the page
 *     itself (body[data-engine="wasm"], body[data-engine-ms]). Target: a
 *     reply under 50 ms.
 *
 * Times are wall times (performance.now(); a child process from spawnSync),
 * medians of 5 runs after a warm-up unless said. Exits 1 on a wrong
 * answer (results that disagree) or a part that fails where it could run
 * (Chromium started, then engine.js or the page failed), never on a missed
 * target; a part that cannot run here (no Chromium, no playwright-core)
 * prints its row as skipped, with why.
 */

import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const started = performance.now();

function usage(msg) {
  if (msg) console.error(`js_bench: ${msg}`);
  console.error('usage: node bench/js_bench.mjs --npm DIR --site DIR --tool PATH --dir DIR');
  process.exit(2);
}

const opt = { npm: 'build/npm', site: 'build/site', tool: 'build/coinline', dir: 'build/bench' };
for (let k = 2; k < process.argv.length; k++) {
  const a = process.argv[k];
  if (a === '-h' || a === '--help') usage();
  const key = a.replace(/^--/, '');
  if (!(key in opt) || k + 1 >= process.argv.length) usage(`unknown or incomplete option ${a}`);
  opt[key] = process.argv[++k];
}
for (const key of Object.keys(opt)) opt[key] = path.resolve(opt[key]);
mkdirSync(opt.dir, { recursive: true });

const SOLVE_N = 1000000;
const DP_N = 10000;
const GAME_N = 100000;
const LO = -1000000000;
const HI = 1000000000;
const RUNS = 5;
const GAMES = 3; // [3]: whole games timed, reply by reply
const PAGE_LOADS = 3; // [3b]: the page opened this many times
const TARGET_NATIVE = 3; // [1]: wasm within 3x of native
const TARGET_REPLY_MS = 50; // [3]: a reply under 50 ms
const BROWSER_TIMEOUT = 30000;

let mismatches = 0;
const verdicts = [];

/* ------------------------------------------------------------------ */
/* Helpers                                                             */

/** A seeded generator of doubles in [0, 1) with 53 random bits (mulberry32 twice). */
function rng(seed) {
  let s = seed >>> 0;
  const u32 = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
  return () => ((u32() >>> 5) * 67108864 + (u32() >>> 6)) / 9007199254740992;
}

/** n coins from lo to hi (both included), seeded: an Array of Numbers. */
function randomRow(n, seed) {
  const next = rng(seed);
  const row = new Array(n);
  for (let i = 0; i < n; i++) row[i] = LO + Math.floor(next() * (HI - LO + 1));
  return row;
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** f() once as a warm-up, then `runs` times: { med, min, max, out } in ms. */
function timed(f, runs = RUNS) {
  let out = f();
  const ts = [];
  for (let r = 0; r < runs; r++) {
    const t = performance.now();
    out = f();
    ts.push(performance.now() - t);
  }
  return { med: median(ts), min: Math.min(...ts), max: Math.max(...ts), out, runs };
}

/** A time in ms with 3 significant digits (at least 3 decimals under 1). */
function ms(x) {
  if (typeof x === 'string') return x;
  if (x === undefined || x === null || Number.isNaN(x)) return '-';
  if (x >= 100) return x.toFixed(0);
  if (x >= 10) return x.toFixed(1);
  if (x >= 1) return x.toFixed(2);
  return x.toFixed(4);
}

function ratio(x) {
  return x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2);
}

function sci(n) {
  const e = Math.round(Math.log10(n));
  return 10 ** e === n ? `1e${e}` : String(n);
}

const COLS = [36, 5, 10, 10, 10];
function row(name, n, t, rat, check) {
  const cells = [
    name.padEnd(COLS[0]),
    (n === null ? '-' : sci(n)).padStart(COLS[1]),
    ms(t && t.med).padStart(COLS[2]),
    ms(t && t.min).padStart(COLS[3]),
    ms(t && t.max).padStart(COLS[4]),
  ];
  console.log(`${cells.join(' ')}  ${(rat || '-').padEnd(28)} ${check || ''}`.trimEnd());
}

function skipped(name, n, why) {
  console.log(`${name.padEnd(COLS[0])} ${(n === null ? '-' : sci(n)).padStart(COLS[1])}  skipped: ${why}`);
}

function note(s) {
  console.log(`#   ${s}`);
}

function check(ok, what) {
  if (!ok) {
    mismatches++;
    console.log(`# MISMATCH: ${what}`);
  }
  return ok ? 'ok' : 'MISMATCH';
}

/* ------------------------------------------------------------------ */
/* The module and the machine                                          */

const modPath = path.join(opt.npm, 'coinline.mjs');
const cl = await import(pathToFileURL(modPath).href);
await cl.init();

function sh(cmd, args) {
  const r = spawnSync(cmd, args, { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}

const cpu = (os.cpus()[0] || {}).model || 'unknown';
console.log(`[js] coinline from JavaScript through WebAssembly: ${path.relative(root, modPath)} ` +
  `(libcoinline ${cl.version()}) in Node ${process.version} (V8 ${process.versions.v8})`);
note(`machine   ${os.cpus().length} x ${cpu.trim()}, ${os.type()} ${os.release()} ${os.arch()}, ` +
  `${(os.totalmem() / 2 ** 30).toFixed(0)} GiB`);
note(`loadavg   ${os.loadavg().map((x) => x.toFixed(2)).join(' ')} at start (other work on the machine skews timings)`);
note(`tool      ${path.relative(root, opt.tool)} (${(sh(opt.tool, ['--version']) || 'version unknown').split('\n')[0]})`);
note('times: wall time in ms (performance.now() in Node; spawnSync around a child process), ' +
  `median of ${RUNS} runs after one warm-up unless said; min and max of the same runs`);
note('ratio: wasm time / native time in [1] (under 1: wasm faster), DP / wasm in [2]');

/* ------------------------------------------------------------------ */
/* [1] solve on 10^6 coins                                             */

/** The .wasm instantiated on its own, to time its clw_solve export alone. */
async function rawWasm(file) {
  const mod = await WebAssembly.compile(readFileSync(file));
  const imports = {};
  for (const { module: from, name } of WebAssembly.Module.imports(mod)) {
    imports[from] = imports[from] || {};
    imports[from][name] = () => 52;
  }
  const inst = await WebAssembly.instantiate(mod, imports);
  inst.exports._initialize();
  return inst.exports;
}

const NATIVE_C = `/* written by bench/js_bench.mjs: coinline_solve() on a row of int64
 * read from a file, timed in memory (the row is read before). */
#include <coinline.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}
int main(int argc, char **argv)
{
    if (argc != 3) return 2;
    FILE *f = fopen(argv[1], "rb");
    if (f == NULL || fseek(f, 0, SEEK_END) != 0) return 2;
    long bytes = ftell(f);
    rewind(f);
    size_t n = (size_t)bytes / 8;
    int64_t *c = malloc(n * 8 + 8);
    if (c == NULL || fread(c, 8, n, f) != n) return 2;
    fclose(f);
    int runs = atoi(argv[2]);
    coinline_result_t r;
    if (coinline_solve(c, n, COINLINE_ALGO_LINEAR, &r) != 0) return 1; /* warm-up */
    printf("times");
    for (int k = 0; k < runs; k++) {
        double t = now();
        if (coinline_solve(c, n, COINLINE_ALGO_LINEAR, &r) != 0) return 1;
        printf(" %.9f", now() - t);
    }
    char buf[COINLINE_I128_STRLEN];
    coinline_i128_to_string(r.margin, buf, sizeof buf);
    printf("\\nmargin %s\\n", buf);
    coinline_i128_to_string(r.p1, buf, sizeof buf);
    printf("p1 %s\\n", buf);
    free(c);
    return 0;
}
`;

/** Compiles the C timer into --dir: its path, or throws why not. */
function buildNative() {
  const lib = path.join(path.dirname(opt.tool), 'libcoinline.a');
  if (!existsSync(lib)) throw new Error(`no ${path.relative(root, lib)}`);
  const src = path.join(opt.dir, 'js_bench_native.c');
  const bin = path.join(opt.dir, 'js_bench_native');
  writeFileSync(src, NATIVE_C);
  const cc = process.env.CC || 'cc';
  const r = spawnSync(cc, ['-std=c11', '-D_POSIX_C_SOURCE=200809L', '-O2', `-I${path.join(root, 'include')}`,
    '-o', bin, src, lib, '-pthread', '-lm'], { encoding: 'utf8' });
  if (r.error) throw new Error(`${cc}: ${r.error.message}`);
  if (r.status !== 0) throw new Error(`${cc} failed: ${(r.stderr || '').split('\n')[0]}`);
  return bin;
}

async function partSolve() {
  console.log('#');
  console.log(`# [1] solve on ${sci(SOLVE_N)} coins, a seeded random row (values ${LO}..${HI}, seed 1): wasm against native`);
  note('wasm solve(Array) = cl.solve(Array of Numbers): checks and copies each coin into the wasm memory, solves, reads the result (BigInts)');
  note('wasm solve(BigInt64Array) = cl.solve(BigInt64Array): the same, the coins copied in one set()');
  note('wasm clw_solve alone = the .wasm\'s clw_solve export on coins already in its memory (the compiled C alone)');
  note('native tool = coinline solve FILE (default output, to a pipe): process start, reading the text file (on two threads), solving');
  note('native C = coinline_solve() in memory, the row already read: a C timer built here (cc -O2, libcoinline.a), CLOCK_MONOTONIC');
  note(`target: within ${TARGET_NATIVE}x of native (wasm/native <= ${TARGET_NATIVE})`);
  console.log(`${'case'.padEnd(COLS[0])} ${'n'.padStart(COLS[1])} ${'median_ms'.padStart(COLS[2])} ` +
    `${'min_ms'.padStart(COLS[3])} ${'max_ms'.padStart(COLS[4])}  ${'ratio'.padEnd(28)} check`);

  const coins = randomRow(SOLVE_N, 1);
  const big = BigInt64Array.from(coins, (c) => BigInt(c));
  const base = path.join(opt.dir, `js-coins-n${SOLVE_N}-s1`);
  writeFileSync(`${base}.txt`, `${SOLVE_N}\n${coins.join(' ')}\n`);
  writeFileSync(`${base}.i64`, new Uint8Array(big.buffer));

  const tArr = timed(() => cl.solve(coins));
  const tBig = timed(() => cl.solve(big));
  const want = tArr.out;
  const okBig = tBig.out.margin === want.margin && tBig.out.p1 === want.p1;

  // The export alone: the row copied in once, then clw_solve timed.
  let tRaw = null;
  let rawMargin = null;
  try {
    const w = await rawWasm(path.join(opt.npm, 'coinline.wasm'));
    const p = w.clw_alloc(8 * SOLVE_N);
    const out = w.clw_alloc(8 * 11);
    if (p === 0 || out === 0) throw new Error('clw_alloc failed');
    new BigInt64Array(w.memory.buffer, p, SOLVE_N).set(big);
    tRaw = timed(() => w.clw_solve(p, SOLVE_N, out));
    if (tRaw.out !== 0) throw new Error(`clw_solve returned ${tRaw.out}`);
    const words = new BigInt64Array(w.memory.buffer, out, 11);
    rawMargin = (words[7] << 64n) + BigInt.asUintN(64, words[8]);
  } catch (e) {
    tRaw = { error: e.message };
  }

  // The tool on the same row, as a child process.
  let tTool = null;
  let toolP1 = null;
  {
    const runTool = () => {
      const r = spawnSync(opt.tool, ['solve', `${base}.txt`], { encoding: 'utf8' });
      if (r.error || r.status !== 0) throw new Error(r.error ? r.error.message : `exit ${r.status}: ${r.stderr.trim()}`);
      return r.stdout.trim();
    };
    try {
      tTool = timed(runTool);
      toolP1 = BigInt(tTool.out);
    } catch (e) {
      tTool = { error: e.message };
    }
  }

  // coinline_solve() in memory, in C.
  let tC = null;
  let cMargin = null;
  try {
    const bin = buildNative();
    const r = spawnSync(bin, [`${base}.i64`, String(RUNS)], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`the C timer exited ${r.status}`);
    const lines = Object.fromEntries(r.stdout.trim().split('\n').map((l) => [l.split(' ')[0], l.split(' ').slice(1)]));
    const ts = lines.times.map((x) => Number(x) * 1000);
    tC = { med: median(ts), min: Math.min(...ts), max: Math.max(...ts) };
    cMargin = BigInt(lines.margin[0]);
  } catch (e) {
    tC = { error: e.message };
  }

  const vs = (t) => {
    const parts = [];
    if (tTool.med !== undefined) parts.push(`${ratio(t.med / tTool.med)}x tool`);
    if (tC.med !== undefined) parts.push(`${ratio(t.med / tC.med)}x C`);
    return parts.join(', ');
  };
  if (tTool.error) skipped('native tool: coinline solve FILE', SOLVE_N, tTool.error);
  else row('native tool: coinline solve FILE', SOLVE_N, tTool, '', `p1 ${check(toolP1 === want.p1, `tool p1 ${toolP1} != wasm ${want.p1}`)}`);
  if (tC.error) skipped('native C: coinline_solve in memory', SOLVE_N, tC.error);
  else row('native C: coinline_solve in memory', SOLVE_N, tC, '', `margin ${check(cMargin === want.margin, `C margin ${cMargin} != wasm ${want.margin}`)}`);
  row('wasm solve(Array of Number)', SOLVE_N, tArr, vs(tArr), `margin ${want.margin}`);
  row('wasm solve(BigInt64Array)', SOLVE_N, tBig, vs(tBig), `same ${check(okBig, 'solve(BigInt64Array) != solve(Array)')}`);
  if (tRaw.error) skipped('wasm clw_solve alone', SOLVE_N, tRaw.error);
  else row('wasm clw_solve alone', SOLVE_N, tRaw, tC.med !== undefined ? `${ratio(tRaw.med / tC.med)}x C` : '',
    `same ${check(rawMargin === want.margin, `clw_solve margin ${rawMargin} != ${want.margin}`)}`);

  // The verdict: against the tool, and against the native work alone.
  const parts = [];
  let met = true;
  for (const [what, t] of [['solve(Array)', tArr], ['solve(BigInt64Array)', tBig]]) {
    const r = [];
    if (tTool.med !== undefined) {
      r.push(`${ratio(t.med / tTool.med)}x the tool`);
      met = met && t.med / tTool.med <= TARGET_NATIVE;
    }
    if (tC.med !== undefined) {
      r.push(`${ratio(t.med / tC.med)}x coinline_solve in memory`);
      met = met && t.med / tC.med <= TARGET_NATIVE;
    }
    parts.push(`${what} ${ms(t.med)} ms = ${r.join(', ')}`);
  }
  const none = tTool.med === undefined && tC.med === undefined;
  verdicts.push(`[1] wasm solve within ${TARGET_NATIVE}x of native at ${sci(SOLVE_N)}: ` +
    `${none ? 'not measured (no native figure)' : met ? 'met' : 'NOT MET'}: ${parts.join('; ')}`);
  return coins;
}

/* ------------------------------------------------------------------ */
/* [2] against the plain JavaScript DP                                 */

/**
 * The interval DP in plain JavaScript, as fast as we could write it: one
 * rolling Float64Array, v[j] = V(i, j) for the current i (i from the right),
 * the last value kept in a local. O(n^2) time, O(n) memory. The margin.
 * (Tried against the by-length form, v[i] = V(i, i + len - 1): this one was
 * about twice as fast here.) Exact while |sums| < 2^53.
 */
function jsDp(a) {
  const n = a.length;
  const v = new Float64Array(n);
  for (let i = n - 1; i >= 0; i--) {
    const ai = a[i];
    let prev = ai;
    v[i] = ai;
    for (let j = i + 1; j < n; j++) {
      const l = ai - v[j];
      const r = a[j] - prev;
      prev = l >= r ? l : r;
      v[j] = prev;
    }
  }
  return n === 0 ? 0 : v[n - 1];
}

function partDp(coins) {
  console.log('#');
  console.log(`# [2] wasm solve against the plain JavaScript O(n^2) interval DP at ${sci(DP_N)} coins ` +
    '(the first coins of the [1] row, as a Float64Array)');
  note('JS DP = one rolling Float64Array, V(i, j) = max(a[i] - V(i+1, j), a[j] - V(i, j-1)), i from the right (O(n) memory), on Numbers');
  note('wasm solve = cl.solve(the same Float64Array): copies the coins in, solves, reads the result');
  note(`median of 3 runs for the DP, ${RUNS} for solve, each after one warm-up; both must give the same margin`);
  const a = Float64Array.from(coins.slice(0, DP_N));
  const tDp = timed(() => jsDp(a), 3);
  const tW = timed(() => cl.solve(a));
  const same = BigInt(tDp.out) === tW.out.margin;
  row('plain JS DP, Float64Array', DP_N, tDp, '', `margin ${tDp.out}`);
  row('wasm solve(Float64Array)', DP_N, tW, `DP/wasm ${ratio(tDp.med / tW.med)}x`,
    `margin ${tW.out.margin} ${check(same, `JS DP margin ${tDp.out} != wasm ${tW.out.margin}`)}`);
}

/* ------------------------------------------------------------------ */
/* [3] the page's engine reply                                         */

/**
 * The page's work for one whole game, self-contained (it runs in Node with
 * the npm module and, serialised, in Chromium with engine.js's global):
 * the row of n coins from the seeded generator above (as BigInts, as the
 * page keeps it), the Engine created on it (`create` times after a cold
 * first one), then `games` whole games, one Engine each: the person
 * (player 1, a fair coin) moves, and each reply is timed: play the
 * person's move, a new Strategy('optimal') (the page seeds it per move)
 * .move(engine), play it, state(). Checks: the engine's move is
 * state().best before it (not timed), the start's final_margin is solve()'s
 * and the final p1 - p2 is at most that (the engine is optimal).
 */
function pageGame(api, n, seed, lo, hi, create, games) {
  // rng() again, inside: this function also runs in Chromium (page.evaluate
  // sends its text), where nothing of this file is defined.
  let s = seed >>> 0;
  const u32 = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
  const next = () => ((u32() >>> 5) * 67108864 + (u32() >>> 6)) / 9007199254740992;
  const row = new Array(n);
  for (let i = 0; i < n; i++) row[i] = BigInt(lo + Math.floor(next() * (hi - lo + 1)));
  const margin = api.solve(row).margin;
  const med = (xs) => {
    const q = [...xs].sort((a, b) => a - b);
    return q.length % 2 ? q[q.length >> 1] : (q[q.length / 2 - 1] + q[q.length / 2]) / 2;
  };
  // The timer's resolution (Chromium coarsens performance.now()).
  let res = Infinity;
  for (let k = 0, last = performance.now(); k < 100000 && res > 1e-4; k++) {
    const t = performance.now();
    if (t > last) res = Math.min(res, t - last);
    last = t;
  }
  const creates = [];
  let cold = 0;
  for (let k = 0; k <= create; k++) { // the first one a warm-up
    const t = performance.now();
    const e = new api.Engine(row);
    if (k > 0) creates.push(performance.now() - t);
    else cold = performance.now() - t;
    e.free();
  }
  const r = [];
  const firsts = [];
  const finals = [];
  let wrong = 0;
  let optimalOk = true;
  for (let g = 0; g < games; g++) {
    const tc = performance.now();
    const e = new api.Engine(row);
    const created = performance.now() - tc;
    let st = e.state();
    optimalOk = optimalOk && st.final_margin === margin;
    let k = 0;
    while (st.hi - st.lo >= 2n) {
      const mine = next() < 0.5 ? 'L' : 'R';
      const t0 = performance.now();
      e.play(mine);
      const t1 = performance.now();
      const best = e.state().best; // for the check only, outside the timed parts
      const t2 = performance.now();
      const strat = new api.Strategy('optimal', k);
      const side = strat.move(e);
      e.play(side);
      st = e.state();
      strat.free();
      const t3 = performance.now();
      r.push(t1 - t0 + (t3 - t2));
      if (k === 0) firsts.push(created + r[r.length - 1]);
      if (side !== best) wrong++;
      k++;
    }
    optimalOk = optimalOk && st.p1 - st.p2 <= margin;
    finals.push(String(st.p1 - st.p2));
    e.free();
  }
  const sorted = [...r].sort((a, b) => a - b);
  return {
    margin: String(margin),
    finals,
    optimalOk,
    wrong,
    games,
    replies: r.length,
    res,
    cold,
    create: { med: med(creates), min: Math.min(...creates), max: Math.max(...creates) },
    first: { med: med(firsts), min: Math.min(...firsts), max: Math.max(...firsts) },
    reply: { med: med(r), min: sorted[0], max: sorted[sorted.length - 1] },
    p99: sorted[Math.floor(0.99 * (sorted.length - 1))],
    over: r.filter((x) => x >= 50).length,
  };
}

function reportGame(where, g) {
  const res = g.res >= 0.001 ? `; timer resolution ${ms(g.res)} ms` : '';
  const q = (t) => (g.res >= 0.001 && t < g.res ? `<${ms(g.res)}` : t);
  row(`${where}: Engine creation`, GAME_N, g.create, `cold (the first) ${ms(g.cold)}`, `(Array of ${GAME_N} BigInt)`);
  row(`${where}: creation + 1st reply`, GAME_N, g.first, '', `(median of ${g.games} games)`);
  row(`${where}: reply (${g.replies} in ${g.games} games)`, GAME_N, { med: q(g.reply.med), min: q(g.reply.min), max: g.reply.max },
    `p99 ${ms(q(g.p99))}, ${g.over} >= 50 ms`,
    `final margins ${g.finals.join(' ')} <= ${g.margin} ${check(g.optimalOk && g.wrong === 0,
      `${where}: engine not optimal (moves not best: ${g.wrong}; finals ${g.finals}; solve ${g.margin})`)}${res}`);
}

function replyVerdict(where, g) {
  const worst = Math.max(g.reply.max, g.first.max);
  const q = (t) => (g.res >= 0.001 && t < g.res ? `<${ms(g.res)}` : ms(t));
  verdicts.push(`[3${where === 'Node' ? 'a' : 'b'}] a reply under ${TARGET_REPLY_MS} ms at ${sci(GAME_N)} coins (${where}, the page's work): ` +
    `${worst < TARGET_REPLY_MS ? 'met' : 'NOT MET'}: median ${q(g.reply.med)} ms, p99 ${q(g.p99)} ms, slowest ${ms(g.reply.max)} ms ` +
    `(${g.over} of ${g.replies} at ${TARGET_REPLY_MS} ms or more), Engine creation + first reply ${ms(g.first.med)} ms (slowest ${ms(g.first.max)})`);
}

/** The page itself in Chromium: its hooks, if it has them; a string if not. */
async function pageHooks(browser) {
  const url = `${pathToFileURL(path.join(opt.site, 'index.html')).href}?size=${GAME_N}&seed=1&min=${LO}&max=${HI}` +
    '&difficulty=perfect&first=engine';
  const page = await browser.newPage();
  try {
    await page.goto(url, { waitUntil: 'load', timeout: BROWSER_TIMEOUT });
    // data-engine set, or the page idle with an error shown (no engine), or 15 s.
    await page.waitForFunction(() => {
      const b = document.body;
      const err = document.getElementById('error');
      return b.dataset.engine !== undefined || (b.dataset.busy === 'false' && err && !err.hidden);
    }, null, { timeout: 15000 }).catch(() => null);
    const kind = await page.evaluate(() => document.body.dataset.engine);
    if (kind !== 'wasm') {
      const err = await page.evaluate(() => (document.getElementById('error-text') || {}).textContent || '');
      return kind === undefined
        ? `the page sets no body[data-engine] (web/app.js without the wasm engine yet)${err ? `; it shows: ${err.trim().slice(0, 80)}` : ''}`
        : `body[data-engine="${kind}"], not "wasm"`;
    }
    const replyAfter = async (moves) => {
      await page.waitForFunction((k) => {
        const c = document.getElementById('coins');
        return document.body.dataset.busy === 'false' && c && (c.dataset.moves || '').length >= k;
      }, moves, { timeout: BROWSER_TIMEOUT });
      return page.evaluate(() => ({ ms: document.body.dataset.engineMs, moves: document.getElementById('coins').dataset.moves }));
    };
    const first = await replyAfter(1);
    await page.click('#take-left', { timeout: BROWSER_TIMEOUT });
    const second = await replyAfter(3);
    // Check the engine's first move against solve() on the page's own row.
    const coins = await page.evaluate(([n, lo, hi]) =>
      window.coinline.rowFromSeed(n, 1n, BigInt(lo), BigInt(hi)).map(String), [GAME_N, LO, HI]);
    const want = cl.solve(coins).first_move === 'right' ? 'R' : 'L';
    return { first: Number(first.ms), second: Number(second.ms), moves: second.moves, want, rawFirst: first.ms };
  } finally {
    await page.close();
  }
}

async function partPage() {
  console.log('#');
  console.log(`# [3] the page's engine reply on a ${sci(GAME_N)}-coin row (seeded, ${LO}..${HI}): the person plays a fair coin, the engine optimal`);
  note('reply = what the page does per engine reply: Engine.play(person\'s move), new Strategy(\'optimal\', seed).move(engine), Engine.play(it), state();');
  note(`  every reply of ${GAMES} whole games timed (median, min, max, p99, how many >= 50 ms), one Engine a game; the person's move`);
  note('  and the check (state().best before the engine moves) are not timed; creation + 1st reply: a new game\'s Engine and its first reply');
  note(`Engine creation = new Engine(row of ${GAME_N} BigInts): median of ${RUNS} after one warm-up; cold = that warm-up, the first Engine made`);
  note('Chromium (Debian\'s, headless, driven by tests/e2e\'s playwright-core): the same work through the site\'s engine.js in a page opened from file://;');
  note('  the page itself: ?size=&seed=1&min=&max=&difficulty=perfect&first=engine, body[data-engine="wasm"], body[data-engine-ms] after the');
  note(`  engine's first reply (the game's first move; the page made its Engine when the game started) and second reply (after #take-left), page opened ${PAGE_LOADS} times`);
  note(`target: a reply under ${TARGET_REPLY_MS} ms (here: the slowest reply, and Engine creation + first reply)`);

  const g = pageGame(cl, GAME_N, 2, LO, HI, RUNS, GAMES);
  reportGame('Node', g);
  replyVerdict('Node', g);

  const pw = path.join(root, 'tests', 'e2e', 'node_modules', 'playwright-core');
  const chromiumPath = process.env.CHROMIUM || '/usr/bin/chromium';
  const engineJs = path.join(opt.site, 'engine.js');
  let why = null;
  if (!existsSync(pw)) why = 'no tests/e2e/node_modules/playwright-core (make e2e installs it)';
  else if (!existsSync(chromiumPath)) why = `no ${chromiumPath}`;
  else if (!existsSync(engineJs)) why = `no ${path.relative(root, engineJs)}`;
  if (why) {
    skipped('Chromium: engine.js', GAME_N, why);
    skipped('Chromium: the page (data-engine-ms)', GAME_N, why);
    verdicts.push(`[3b] a reply under ${TARGET_REPLY_MS} ms in Chromium: not measured: ${why}`);
    return;
  }
  const { chromium } = createRequire(path.join(root, 'tests', 'e2e', 'package.json'))('playwright-core');
  let browser = null;
  try {
    browser = await chromium.launch({
      executablePath: chromiumPath,
      headless: true,
      timeout: BROWSER_TIMEOUT,
      args: [
        '--headless', '--no-sandbox', '--disable-gpu', '--no-first-run',
        '--disable-background-networking', '--disable-component-update', '--disable-sync',
        '--disable-quic',
      ],
    });
    note(`chromium ${browser.version()}`);

    // engine.js on a page of the site, the same work as in Node.
    try {
      const page = await browser.newPage();
      await page.goto(pathToFileURL(path.join(opt.site, 'index.html')).href, { waitUntil: 'load', timeout: BROWSER_TIMEOUT });
      if (!(await page.evaluate(() => typeof window.coinlineWasm === 'object'))) {
        await page.addScriptTag({ path: engineJs });
      }
      const bg = await page.evaluate(async ([src, args]) => {
        const f = new Function(`return (${src})`)();
        await window.coinlineWasm.init();
        return f(window.coinlineWasm, ...args);
      }, [pageGame.toString(), [GAME_N, 2, LO, HI, RUNS, GAMES]]);
      await page.close();
      reportGame('Chromium', bg);
      if (bg.margin !== g.margin) check(false, `Chromium solve margin ${bg.margin} != Node ${g.margin}`);
      replyVerdict('Chromium', bg);
    } catch (e) {
      // The browser runs: an error here is the section's (or the engine's), not a skip.
      skipped('Chromium: engine.js', GAME_N, e.message.split('\n')[0]);
      check(false, `Chromium: engine.js failed: ${e.message.split('\n')[0]}`);
    }

    // The page itself, through its hooks, opened PAGE_LOADS times.
    const loads = [];
    let why2 = null;
    for (let k = 0; k < PAGE_LOADS && why2 === null; k++) {
      const h = await pageHooks(browser).catch((e) => `the page failed: ${e.message.split('\n')[0]}`);
      if (typeof h === 'string') why2 = h;
      else if (!Number.isFinite(h.first)) why2 = `body[data-engine-ms] is ${JSON.stringify(h.rawFirst)} after the first reply`;
      else loads.push(h);
    }
    if (why2 !== null) {
      skipped('Chromium: the page (data-engine-ms)', GAME_N, why2);
      check(false, `Chromium: the page failed: ${why2}`);
      verdicts.push(`[3b] the page's reply under ${TARGET_REPLY_MS} ms (data-engine-ms): not measured: ${why2}`);
    } else {
      const stat = (xs) => ({ med: median(xs), min: Math.min(...xs), max: Math.max(...xs) });
      const first = stat(loads.map((h) => h.first));
      const second = stat(loads.map((h) => h.second).filter(Number.isFinite));
      const bad = loads.filter((h) => h.moves[0] !== h.want);
      row('Chromium: the page, 1st reply', GAME_N, first, `(${loads.length} loads)`,
        `move ${loads[0].moves[0]} ${check(bad.length === 0, `the page's first move ${bad.length ? bad[0].moves[0] : ''} != solve's ${loads[0].want}`)}`);
      row('Chromium: the page, 2nd reply', GAME_N, second, `(${loads.length} loads)`, `moves ${loads[0].moves}`);
      const worst = Math.max(first.max, second.max);
      verdicts.push(`[3b] the page's reply under ${TARGET_REPLY_MS} ms at ${sci(GAME_N)} coins (Chromium, data-engine-ms, ${loads.length} loads): ` +
        `${worst < TARGET_REPLY_MS ? 'met' : 'NOT MET'}: first reply median ${ms(first.med)} ms ` +
        `(${ms(first.min)}..${ms(first.max)}), second ${ms(second.med)} ms (${ms(second.min)}..${ms(second.max)})`);
    }
  } catch (e) {
    skipped('Chromium', GAME_N, `cannot launch ${chromiumPath}: ${e.message.split('\n')[0]}`);
    verdicts.push(`[3b] a reply under ${TARGET_REPLY_MS} ms in Chromium: not measured: the browser did not start`);
  } finally {
    if (browser) await browser.close();
  }
}

/* ------------------------------------------------------------------ */

const coins = await partSolve();
partDp(coins);
await partPage();
console.log('#');
for (const v of verdicts) console.log(`# verdict ${v}`);
console.log(`# [js] ${mismatches ? `${mismatches} MISMATCH(ES)` : 'every result checked: all agree'}; ` +
  `section time ${((performance.now() - started) / 1000).toFixed(1)} s`);
process.exit(mismatches ? 1 : 0);
