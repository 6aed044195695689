// SPDX-License-Identifier: MIT
/*
 * core.js - libcoinline's exact engine for JavaScript, through WebAssembly.
 *
 * The C library compiled to wasm32 (make wasm; js/src/wasm.h is the face it
 * shows) does every computation; this file only moves values across: coins
 * in as int64 words, results out as BigInt. So the answers are those of the
 * native tool, bit for bit, and a total never loses a digit.
 *
 * This file is a body, not a module: the build puts it between a head and
 * a tail. The npm module (coinline.mjs) is this file and module-tail.mjs,
 * which exports the API and loads coinline.wasm beside it; the page's
 * engine.js is script-head.js, this file, the .wasm in base64 and
 * script-tail.js, a plain script (a page opened from file:// may not load
 * modules) whose one global is coinlineWasm.
 *
 * Memory: every buffer a call allocates in the module's memory is freed
 * before it returns, so calls leave the memory as they found it; an Engine
 * or a Strategy holds memory until its free(), with a FinalizationRegistry
 * as a safety net for the forgotten ones.
 *
 * Values: coins are BigInts, safe-integer Numbers or decimal strings, any
 * of them within int64; totals, margins, coins, counts and indexes come
 * back as BigInt; who (to_move, player) as a Number 1 or 2 (0: nobody);
 * sides as 'left' | 'right' | 'none', winners as 'first' | 'second' |
 * 'draw'. A bad argument throws a TypeError or a RangeError naming it.
 */

const WORDS = { result: 11, circle: 11, move: 3, state: 14, review: 17 };
const ERROR_BYTES = 384;
const TABLE_MAX = 1024;
const MAX_ROW = 2 ** 28; // coins in a row: 2 GiB of int64 words
const SIDES = ['none', 'left', 'right'];
const WINNERS = ['draw', 'first', 'second'];
const I64_MIN = -(2n ** 63n);
const I64_MAX = 2n ** 63n - 1n;
const U64_MAX = 2n ** 64n - 1n;
const TWO32 = 4294967296;
const EINVAL = -1; // COINLINE_EINVAL: here, no coin left or no move to take back

let wasm = null; // the instance's exports, once init() has resolved
let loading = null; // init()'s promise: every call returns it

/** An error of the library (out of memory, ...), with its code's name. */
class CoinlineError extends Error {
  constructor(message, code) {
    super(message);
    this.name = 'CoinlineError';
    this.code = code;
  }
}

/* ------------------------------------------------------------------------ */
/* Loading                                                                  */

/**
 * What the module imports, each answering ENOSYS: the C library links
 * its stdio for snprintf (fd_write, fd_seek, fd_close of WASI), but the
 * engine never does I/O, so none is ever called.
 */
function imports(module) {
  const env = {};
  for (const { module: from, name, kind } of WebAssembly.Module.imports(module)) {
    if (kind !== 'function') throw new Error(`coinline: the engine imports ${from}.${name}, a ${kind}`);
    env[from] = env[from] || {};
    env[from][name] = () => 52; // __WASI_ERRNO_NOSYS
  }
  return env;
}

/** The exports of an instance of source: a Module, bytes or a Response. */
async function instantiate(source) {
  let src = await source;
  if (typeof Response === 'function' && src instanceof Response) {
    if (!src.ok) throw new Error(`coinline: cannot load the engine: ${src.status} ${src.statusText} (${src.url})`);
    src = await src.arrayBuffer();
  }
  if (src instanceof ArrayBuffer || ArrayBuffer.isView(src)) {
    src = await WebAssembly.compile(src);
  } else if (!(src instanceof WebAssembly.Module)) {
    throw new TypeError('init: the source must be a WebAssembly.Module, bytes, a Response or a URL');
  }
  const instance = await WebAssembly.instantiate(src, imports(src));
  instance.exports._initialize();
  return instance.exports;
}

/** init(): loads the engine once (loadDefault() gives its bytes). */
function initWith(loadDefault, source) {
  if (loading === null) {
    loading = instantiate(source === undefined ? loadDefault() : source).then(
      (exports) => {
        wasm = exports;
      },
      (err) => {
        loading = null; // a later init() may try again
        throw err;
      },
    );
  }
  return loading;
}

function need(what) {
  if (wasm === null) throw new Error(`coinline: ${what}: the engine is not loaded: await init() first`);
}

/** True once init() has resolved. */
function ready() {
  return wasm !== null;
}

/** The library's version, e.g. "0.4.0". */
function version() {
  need('version');
  return cString(wasm.clw_version());
}

/* ------------------------------------------------------------------------ */
/* Memory                                                                   */

/** bytes of the module's memory (the caller frees them), or the error. */
function alloc(bytes) {
  const p = wasm.clw_alloc(bytes) >>> 0; // an i32 comes signed: past 2 GiB it is negative
  if (p === 0) throw new CoinlineError(`out of memory: the engine could not get ${bytes} bytes`, 'COINLINE_ENOMEM');
  return p;
}

function release(...ptrs) {
  for (const p of ptrs) if (p) wasm.clw_free(p);
}

/** A NUL-terminated string at p. */
function cString(p) {
  const bytes = new Uint8Array(wasm.memory.buffer, p >>> 0);
  const end = bytes.indexOf(0);
  return new TextDecoder().decode(bytes.subarray(0, end < 0 ? 0 : end));
}

/** s as a NUL-terminated string in the module's memory (the caller frees). */
function putString(s) {
  const bytes = new TextEncoder().encode(s);
  const p = alloc(bytes.length + 1);
  const dst = new Uint8Array(wasm.memory.buffer, p, bytes.length + 1);
  dst.set(bytes);
  dst[bytes.length] = 0;
  return p;
}

function words(p, count) {
  return new BigInt64Array(wasm.memory.buffer, p, count);
}

/** The 128-bit value at w[k] (high, signed) and w[k + 1] (low, unsigned). */
function i128(w, k) {
  return (w[k] << 64n) + BigInt.asUintN(64, w[k + 1]);
}

/** Throws the error of a library code, with the call's name. */
function check(rc, what, message) {
  if (rc === 0) return;
  const code = cString(wasm.clw_err_name(rc)) || `code ${rc}`;
  const text = `${what}: ${message || cString(wasm.clw_strerror(rc))}`;
  if (code === 'COINLINE_EINVAL' || code === 'COINLINE_ETOOBIG' || code === 'COINLINE_EMOVE') {
    const e = new RangeError(text);
    e.code = code;
    throw e;
  }
  throw new CoinlineError(text, code);
}

/* ------------------------------------------------------------------------ */
/* Arguments                                                                */

/** A short, safe description of a value for a message. */
function describe(v) {
  if (v === null || v === undefined) return String(v);
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'string') return JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}...` : v);
  if (typeof v === 'bigint') return `${v}n`;
  if (typeof v === 'number') return String(v);
  return typeof v === 'object' ? `an object (${Object.prototype.toString.call(v).slice(8, -1)})` : `a ${typeof v}`;
}

/**
 * The length of a row, read once (a getter may change it), or a TypeError;
 * a RangeError past max coins (the engine's memory, 4 GiB, holds at most
 * MAX_ROW coins as int64 words, half of it).
 */
function rowLength(coins, what, max = MAX_ROW) {
  const n = coins !== null && typeof coins === 'object' ? coins.length : undefined;
  if (!Number.isSafeInteger(n) || n < 0) {
    throw new TypeError(`${what}: coins must be an array of integers, not ${describe(coins)}`);
  }
  if (n > max) throw new RangeError(`${what}: ${n} coins: it takes ${max} at most`);
  return n;
}

/** coins[i] (not a Number) as a BigInt within int64, or the error naming it. */
function coinBig(c, i, what) {
  let v;
  if (typeof c === 'bigint') {
    v = c;
  } else if (typeof c === 'string' && /^[+-]?[0-9]+$/.test(c)) {
    v = BigInt(c);
  } else {
    const why = typeof c === 'string' ? 'is not a decimal integer' : 'is not an integer';
    throw new TypeError(`${what}: coins[${i}] = ${describe(c)} ${why} (a coin is a BigInt, a safe integer or a decimal string)`);
  }
  if (v < I64_MIN || v > I64_MAX) {
    throw new RangeError(`${what}: coins[${i}] = ${describe(c)} is outside the signed 64-bit range`);
  }
  return v;
}

/** The error of a Number coin that is not a safe integer. */
function badNumber(c, i, what) {
  if (Number.isInteger(c)) {
    return new RangeError(`${what}: coins[${i}] = ${c} is not a safe integer (beyond 2^53 a Number is not exact: give a BigInt or a decimal string)`);
  }
  return new TypeError(`${what}: coins[${i}] = ${c} is not an integer`);
}

/** Writes the row into the module's memory as int64 words. */
function fillCoins(coins, n, p, what) {
  if (coins instanceof BigInt64Array) {
    words(p, n).set(coins);
    return;
  }
  // A getter of the row may call the engine and grow its memory: the views
  // are then detached and the writes through them lost. Checked once after
  // the loop (once a coin costs a tenfold), and then the row is read again.
  for (let pass = 0; pass < 2; pass++) {
    const buffer = wasm.memory.buffer;
    const halves = new Int32Array(buffer, p, 2 * n);
    const whole = new BigInt64Array(buffer, p, n);
    for (let i = 0; i < n; i++) {
      const c = coins[i];
      if (typeof c === 'number') {
        if (!Number.isSafeInteger(c)) throw badNumber(c, i, what);
        const hi = Math.floor(c / TWO32); // little-endian words: low half first
        halves[2 * i] = c - hi * TWO32;
        halves[2 * i + 1] = hi;
      } else {
        whole[i] = coinBig(c, i, what);
      }
    }
    if (buffer === wasm.memory.buffer) return;
  }
  throw new Error(`${what}: reading the row grew the engine's memory twice: pass a plain array`);
}

/**
 * The row in the module's memory: [pointer, n], n its length as read once
 * (every later check uses that n); the caller frees the pointer.
 */
function putCoins(coins, what, max = MAX_ROW) {
  const n = rowLength(coins, what, max);
  const p = alloc(8 * n);
  try {
    fillCoins(coins, n, p, what);
  } catch (e) {
    release(p);
    throw e;
  }
  return [p, n];
}

/** An index or a count: a non-negative safe integer, Number or BigInt. */
function index(v, name, what) {
  if (typeof v === 'bigint' && v >= 0n && v <= BigInt(Number.MAX_SAFE_INTEGER)) return Number(v);
  if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return v;
  if (typeof v === 'number' || typeof v === 'bigint') {
    throw new RangeError(`${what}: ${name} = ${describe(v)} is not a non-negative integer`);
  }
  throw new TypeError(`${what}: ${name} must be an integer, not ${describe(v)}`);
}

/** A side: 'L', 'R', 'left' or 'right' (any case) as 1 or 2. */
function sideCode(side, what) {
  const s = typeof side === 'string' ? side.toLowerCase() : null;
  if (s === 'l' || s === 'left') return 1;
  if (s === 'r' || s === 'right') return 2;
  throw new TypeError(`${what}: the side must be 'L', 'R', 'left' or 'right', not ${describe(side)}`);
}

/** Moves: a string of L and R (any case), checked against a row of n. */
function movesText(moves, n, what) {
  if (typeof moves !== 'string') {
    throw new TypeError(`${what}: moves must be a string of L and R, not ${describe(moves)}`);
  }
  const bad = moves.search(/[^LRlr]/);
  if (bad >= 0) {
    throw new RangeError(`${what}: move ${bad + 1} is ${describe(moves[bad])}, not L or R`);
  }
  if (moves.length > n) {
    throw new RangeError(`${what}: move ${n + 1} is one too many: the row has ${n} coins`);
  }
  return moves;
}

/* ------------------------------------------------------------------------ */
/* Solving                                                                  */

/**
 * The result of optimal play on the row: { n, sum, p1, p2, margin, winner,
 * first_move }. O(n) time and 8 bytes a coin (16 past int64 sums).
 */
function solve(coins) {
  return solveAs(coins, 'solve');
}

/** solve() for a call named what (its errors name that call). */
function solveAs(coins, what) {
  need(what);
  const [c, n] = putCoins(coins, what);
  try {
    return solveAt(c, n, what);
  } finally {
    release(c);
  }
}

/** solve() on the n coins at c, already in the module's memory. */
function solveAt(c, n, what) {
  let out = 0;
  try {
    out = alloc(8 * WORDS.result);
    check(wasm.clw_solve(c, n, out), what);
    const w = words(out, WORDS.result);
    return {
      n: w[0],
      sum: i128(w, 1),
      p1: i128(w, 3),
      p2: i128(w, 5),
      margin: i128(w, 7),
      winner: WINNERS[Number(w[9])],
      first_move: SIDES[Number(w[10])],
    };
  } finally {
    release(out);
  }
}

/**
 * The optimal move for the player to move when coins[lo..hi-1] are left
 * (ties to the left) and its value, (own - other's) from there:
 * { move, value }. lo and hi default to the whole row. O(hi - lo).
 */
function bestMove(coins, lo, hi) {
  need('bestMove');
  const from = lo === undefined ? 0 : index(lo, 'lo', 'bestMove');
  const upto = hi === undefined ? undefined : index(hi, 'hi', 'bestMove');
  const [c, n] = putCoins(coins, 'bestMove');
  const to = upto === undefined ? n : upto;
  let out = 0;
  try {
    if (from > to || to > n) {
      throw new RangeError(`bestMove: need 0 <= lo <= hi <= n, but lo = ${from}, hi = ${to}, n = ${n}`);
    }
    out = alloc(8 * WORDS.move);
    check(wasm.clw_best_move(c, n, from, to, out), 'bestMove');
    const w = words(out, WORDS.move);
    return { move: SIDES[Number(w[0])], value: i128(w, 1) };
  } finally {
    release(c, out);
  }
}

/** The optimal line of play, one 'L' or 'R' a move. O(n log n). */
function line(coins) {
  need('line');
  const [c, n] = putCoins(coins, 'line');
  let out = 0;
  try {
    out = alloc(n + 1);
    check(wasm.clw_line(c, n, out), 'line');
    return new TextDecoder().decode(new Uint8Array(wasm.memory.buffer, out, n));
  } finally {
    release(c, out);
  }
}

/* ------------------------------------------------------------------------ */
/* The circular game (the pizza game)                                       */
/*
 * The coins lie on a circle at positions 1..n clockwise (coins[p - 1] is
 * at p). Move 1 takes the coin at any position p; the coins left form the
 * line from p + 1 clockwise round to p - 1 (circleRotate), and from then
 * on it is the ordinary game on that line, the second player to move: an
 * Engine on that line answers every later position.
 */

/** A position 1..n as a Number, or the error naming it. */
function position(p, n, what) {
  const v = index(p, 'the position', what);
  if (v < 1 || v > n) {
    throw new RangeError(`${what}: position ${v} is not on the circle: it has ${n} coin${n === 1 ? '' : 's'} (1 to ${n})`);
  }
  return v;
}

/**
 * The result of optimal play on the circle: { n, sum, p1, p2, margin,
 * winner, first }, first the optimal first position (1-based, the smallest
 * of ties; 0n for no coin). O(n log n) time, about 300 bytes a coin.
 */
function circleSolve(coins) {
  need('circleSolve');
  const [c, n] = putCoins(coins, 'circleSolve');
  let out = 0;
  try {
    out = alloc(8 * WORDS.circle);
    check(wasm.clw_circle_solve(c, n, out), 'circleSolve');
    const w = words(out, WORDS.circle);
    return {
      n: w[0],
      sum: i128(w, 1),
      p1: i128(w, 3),
      p2: i128(w, 5),
      margin: i128(w, 7),
      winner: WINNERS[Number(w[9])],
      first: w[10],
    };
  } finally {
    release(c, out);
  }
}

/**
 * Player 1's final margin (p1 - p2) for each first position, both playing
 * optimally after it: margins[p - 1]. The largest is the circle's margin;
 * a first move at p loses (largest - margins[p - 1]) / 2 points.
 * O(n log n).
 */
function circleMargins(coins) {
  need('circleMargins');
  const [c, n] = putCoins(coins, 'circleMargins');
  let out = 0;
  try {
    out = alloc(16 * Math.max(n, 1));
    check(wasm.clw_circle_margins(c, n, out), 'circleMargins');
    const w = words(out, 2 * n);
    const margins = [];
    for (let p = 0; p < n; p++) margins.push(i128(w, 2 * p));
    return margins;
  } finally {
    release(c, out);
  }
}

/**
 * The line left once move 1 takes the coin at position first: the n - 1
 * coins clockwise from first + 1 (index i is position (first + i) % n + 1).
 * O(n).
 */
function circleRotate(coins, first) {
  need('circleRotate');
  if (first === undefined) throw new TypeError('circleRotate: the first position is missing');
  const [c, n] = putCoins(coins, 'circleRotate');
  let out = 0;
  try {
    const p = position(first, n, 'circleRotate');
    out = alloc(8 * Math.max(n - 1, 1));
    check(wasm.clw_circle_rotate(c, n, BigInt(p), out), 'circleRotate');
    return Array.from(words(out, n - 1));
  } finally {
    release(c, out);
  }
}

/**
 * The optimal play of the circle: { first, moves }, first the position of
 * move 1 (0n for no coin), moves the 'L'/'R' of the moves after it on the
 * line left. O(n log n).
 */
function circleLine(coins) {
  need('circleLine');
  const [c, n] = putCoins(coins, 'circleLine');
  let slot = 0;
  let out = 0;
  try {
    slot = alloc(8);
    out = alloc(Math.max(n, 1));
    check(wasm.clw_circle_line(c, n, slot, out), 'circleLine');
    const moves = new TextDecoder().decode(new Uint8Array(wasm.memory.buffer, out, Math.max(n - 1, 0)));
    return { first: words(slot, 1)[0], moves };
  } finally {
    release(c, slot, out);
  }
}

/* ------------------------------------------------------------------------ */
/* The engine and strategies                                               */

const registry =
  typeof FinalizationRegistry === 'function'
    ? new FinalizationRegistry(({ free, p }) => {
        if (wasm !== null) wasm[free](p);
      })
    : null;

/** Memory of the module that an object owns: freed once, by free() or GC. */
class Owned {
  #p;
  #free;
  constructor(p, free) {
    this.#p = p;
    this.#free = free;
    if (registry) registry.register(this, { free, p }, this);
  }
  /** The pointer, or the error of a freed object. */
  ptr(what) {
    if (this.#p === 0) throw new Error(`${what}: it was freed`);
    return this.#p;
  }
  get freed() {
    return this.#p === 0;
  }
  free() {
    if (this.#p === 0) return;
    if (registry) registry.unregister(this);
    wasm[this.#free](this.#p);
    this.#p = 0;
  }
}

/** Calls make(slot) and returns the pointer it stored in the slot. */
function made(make, what) {
  const slot = alloc(4);
  try {
    check(make(slot), what);
    return new Uint32Array(wasm.memory.buffer, slot, 1)[0];
  } finally {
    release(slot);
  }
}

/**
 * A game in progress on a copy of a row: moves, undos, and at every
 * position the optimal move and what it secures. O(log n) amortised a
 * move; about 140 bytes a coin, held until free().
 */
class Engine extends Owned {
  constructor(coins) {
    need('Engine');
    const [c, n] = putCoins(coins, 'Engine');
    let e;
    try {
      e = made((slot) => wasm.clw_engine_new(c, n, slot), 'Engine');
    } finally {
      release(c);
    }
    super(e, 'clw_engine_free');
  }

  /** The player to move takes the 'L' (first) or 'R' (last) coin. */
  play(side) {
    const s = sideCode(side, 'Engine.play');
    const rc = wasm.clw_engine_play(this.ptr('Engine.play'), s);
    check(rc, 'Engine.play', rc === EINVAL ? 'no coin is left' : undefined);
    return this;
  }

  /** Takes back the last move. */
  undo() {
    const rc = wasm.clw_engine_undo(this.ptr('Engine.undo'));
    check(rc, 'Engine.undo', rc === EINVAL ? 'no move to take back' : undefined);
    return this;
  }

  /**
   * The position: { n, lo, hi, moves, to_move, p1, p2, value,
   * final_margin, best } (the coins left are coins[lo..hi-1]).
   */
  state() {
    const e = this.ptr('Engine.state');
    const out = alloc(8 * WORDS.state);
    try {
      check(wasm.clw_engine_state(e, out), 'Engine.state');
      const w = words(out, WORDS.state);
      return {
        n: w[0],
        lo: w[1],
        hi: w[2],
        moves: w[3],
        to_move: Number(w[4]),
        p1: i128(w, 5),
        p2: i128(w, 7),
        value: i128(w, 9),
        final_margin: i128(w, 11),
        best: SIDES[Number(w[13])],
      };
    } finally {
      release(out);
    }
  }
}

/** A seed: a Number, BigInt or decimal string from 0 to 2^64 - 1. */
function seedOf(seed, what) {
  let v = null;
  if (typeof seed === 'bigint') v = seed;
  if (typeof seed === 'number' && Number.isSafeInteger(seed)) v = BigInt(seed);
  if (typeof seed === 'string' && /^[0-9]+$/.test(seed)) v = BigInt(seed);
  if (v === null) throw new TypeError(`${what}: the seed must be an integer, not ${describe(seed)}`);
  if (v < 0n || v > U64_MAX) throw new RangeError(`${what}: the seed ${v} is not in 0 .. 2^64 - 1`);
  return v;
}

/**
 * Who chooses a move: 'optimal', 'greedy', 'parity', 'random' or
 * 'fallible:P' (optimal but for a random move with probability P), its
 * random choices drawn from seed (the same seed, the same moves).
 */
class Strategy extends Owned {
  constructor(spec, seed = 0n) {
    need('Strategy');
    if (typeof spec !== 'string' || spec.includes('\0')) {
      throw new TypeError(`Strategy: the name must be a string, not ${describe(spec)}`);
    }
    const s = seedOf(seed, 'Strategy');
    const name = putString(spec);
    let p;
    try {
      p = made((slot) => wasm.clw_strategy_new(name, BigInt.asIntN(64, s), slot), 'Strategy');
    } catch (e) {
      if (e.code === 'COINLINE_EINVAL') {
        const why = `unknown strategy ${describe(spec)}: optimal, greedy, parity, random or fallible:P (P from 0 to 1)`;
        const err = new RangeError(`Strategy: ${why}`);
        err.code = e.code;
        throw err;
      }
      throw e;
    } finally {
      release(name);
    }
    super(p, 'clw_strategy_free');
  }

  /**
   * Its first move on the circle coins: a position 1..n as a BigInt.
   * optimal: the optimal first position; greedy: the largest coin (the
   * smallest position of ties); parity: see docs/javascript.md; random:
   * any; fallible:P: optimal but for a random one with probability P.
   */
  first(coins) {
    const s = this.ptr('Strategy.first');
    const [c, n] = putCoins(coins, 'Strategy.first');
    let out = 0;
    try {
      if (n === 0) throw new RangeError('Strategy.first: the circle is empty: no coin to take');
      out = alloc(8);
      check(wasm.clw_strategy_first(s, c, n, out), 'Strategy.first');
      return BigInt.asUintN(64, words(out, 1)[0]);
    } finally {
      release(c, out);
    }
  }

  /** Its move at the engine's position: 'left' or 'right' (not played). */
  move(engine) {
    if (!(engine instanceof Engine)) {
      throw new TypeError(`Strategy.move: expected an Engine, not ${describe(engine)}`);
    }
    const s = this.ptr('Strategy.move');
    const e = engine.ptr('Strategy.move');
    const out = alloc(4);
    try {
      const rc = wasm.clw_strategy_move(s, e, out);
      check(rc, 'Strategy.move', rc === EINVAL ? 'no coin is left' : undefined);
      return SIDES[new Int32Array(wasm.memory.buffer, out, 1)[0]];
    } finally {
      release(out);
    }
  }
}

if (typeof Symbol.dispose === 'symbol') {
  Owned.prototype[Symbol.dispose] = Owned.prototype.free;
}

/* ------------------------------------------------------------------------ */
/* Reviewing                                                                */

/** One move's review from its words at w[k...]. */
function review(w, k) {
  return {
    move: w[k],
    player: Number(w[k + 1]),
    side: SIDES[Number(w[k + 2])],
    coin: w[k + 3],
    best: SIDES[Number(w[k + 4])],
    best_coin: w[k + 5],
    optimal: w[k + 6] !== 0n,
    loss: i128(w, k + 7),
    secured: i128(w, k + 9),
    p1: i128(w, k + 11),
    p2: i128(w, k + 13),
    final_margin: i128(w, k + 15),
  };
}

/** The summary of analyze --json: the result as played, best play, losses. */
function summary(reviews, n, best) {
  const last = reviews[reviews.length - 1];
  const p1 = last ? last.p1 : 0n;
  const p2 = last ? last.p2 : 0n;
  const finished = BigInt(reviews.length) === n;
  const lost = [0n, 0n];
  const mistakes = [0n, 0n];
  for (const r of reviews) {
    lost[r.player - 1] += r.loss;
    if (r.loss > 0n) mistakes[r.player - 1] += 1n;
  }
  let winner = null;
  if (finished) winner = p1 > p2 ? 'first' : p1 < p2 ? 'second' : 'draw';
  return { finished, p1, p2, margin: p1 - p2, winner, best_p1: best.p1, best_p2: best.p2, lost, mistakes };
}

/**
 * A game reviewed move by move, as coinline analyze --json:
 * { n, moves: [{ move, player, side, coin, best, best_coin, optimal, loss,
 * secured, p1, p2, final_margin }], summary }. moves: 'L'/'R' a move, at
 * most one a coin. O((n + moves) log n).
 */
function analyze(coins, moves) {
  need('analyze');
  if (typeof moves !== 'string') movesText(moves, 0, 'analyze'); // its TypeError first
  const [c, n] = putCoins(coins, 'analyze');
  let m = 0;
  let out = 0;
  let msg = 0;
  try {
    const text = movesText(moves, n, 'analyze');
    const best = solveAt(c, n, 'analyze');
    m = putString(text);
    out = alloc(8 * WORDS.review * Math.max(text.length, 1));
    msg = alloc(ERROR_BYTES);
    const rc = wasm.clw_analyze(c, n, m, text.length, out, msg);
    if (rc !== 0) check(rc, 'analyze', cString(msg));
    const w = words(out, WORDS.review * text.length);
    const reviews = [];
    for (let k = 0; k < text.length; k++) reviews.push(review(w, k * WORDS.review));
    return { n: BigInt(n), moves: reviews, summary: summary(reviews, BigInt(n), best) };
  } finally {
    release(c, m, out, msg);
  }
}

/* ------------------------------------------------------------------------ */
/* The table of a short row                                                 */

/** The optimal line read off the table's moves from the whole row. */
function tableLine(move, n) {
  let lo = 0;
  let hi = n;
  let s = '';
  while (lo < hi) {
    const side = move[lo * n + hi - 1];
    s += side === 2 ? 'R' : 'L';
    if (side === 2) hi--;
    else lo++;
  }
  return s;
}

/**
 * The table of the interval programme for a row of at most 1024 coins, as
 * coinline table --json: { n, v, move, line }; v[i][j] = V of coins[i..j]
 * (null for j < i), move[i] a string with the optimal move of each run
 * from i ('-' for j < i). O(n^2) time, 17 n^2 bytes while it runs.
 */
function table(coins) {
  need('table');
  const [c, n] = putCoins(coins, 'table', TABLE_MAX);
  let v = 0;
  let mv = 0;
  try {
    v = alloc(16 * n * n);
    mv = alloc(n * n);
    check(wasm.clw_table(c, n, v, mv), 'table');
    const w = words(v, 2 * n * n);
    const move = new Uint8Array(wasm.memory.buffer, mv, n * n).slice();
    const rows = [];
    const moves = [];
    for (let i = 0; i < n; i++) {
      const row = [];
      let m = '';
      for (let j = 0; j < n; j++) {
        row.push(j < i ? null : i128(w, 2 * (i * n + j)));
        m += j < i ? '-' : move[i * n + j] === 2 ? 'R' : 'L';
      }
      rows.push(row);
      moves.push(m);
    }
    return { n: BigInt(n), v: rows, move: moves, line: tableLine(move, n) };
  } finally {
    release(c, v, mv);
  }
}

/* ------------------------------------------------------------------------ */
/* The circle reviewed, and its arcs' table                                 */

/**
 * A circular game reviewed move by move, as POST /api/analyze with
 * "circle": true: { n, circle: true, first, moves: [reviews], summary }
 * (summary with best_first_move).
 * first: the position of move 1 (0 or 0n: no move yet); moves: 'L'/'R'
 * each after it, on the line left. Review 0 is move 1 (side 'none', its
 * loss from circleMargins); the others are those of analyze() on the line
 * left, numbered from 2, its players swapped (the line's first mover is
 * player 2), with the first coin in player 1's totals. Every review has
 * the circle position of the coin taken and of the best one.
 * O((n + moves) log n).
 */
function circleAnalyze(coins, first, moves) {
  need('circleAnalyze');
  if (typeof moves !== 'string') movesText(moves, 0, 'circleAnalyze');
  const row = Array.from(bigRow(coins, 'circleAnalyze'));
  const n = row.length;
  const f = first === 0 || first === 0n ? 0 : position(first, n, 'circleAnalyze');
  if (f === 0 && moves.length > 0) {
    throw new RangeError('circleAnalyze: moves after move 1 need its first position');
  }
  const text = movesText(moves, Math.max(n - 1, 0), 'circleAnalyze').toUpperCase();
  const best = circleSolve(row);
  const reviews = [];
  if (f > 0) {
    const margins = circleMargins(row);
    reviews.push(firstReview(row, f, margins, best));
    reviews.push(...lineReviews(row, f, text));
  }
  return {
    n: BigInt(n),
    circle: true,
    first: BigInt(f),
    moves: reviews,
    summary: circleSummary(reviews, BigInt(n), best),
  };
}

/**
 * The summary of a circle's review: analyze()'s, with best_first_move (the
 * optimal first position, the smallest of ties; 0n for no coin) after
 * best_p2, where the tool's JSON has it.
 */
function circleSummary(reviews, n, best) {
  const { lost, mistakes, ...played } = summary(reviews, n, best);
  return { ...played, best_first_move: best.first, lost, mistakes };
}

/** The row read once as BigInts (checked as every call checks it). */
function bigRow(coins, what) {
  const [c, n] = putCoins(coins, what);
  try {
    return words(c, n).slice();
  } finally {
    release(c);
  }
}

/** The review of move 1 at position f, from the margins. */
function firstReview(row, f, margins, best) {
  const coin = row[f - 1];
  const loss = (best.margin - margins[f - 1]) / 2n;
  return {
    move: 1n,
    player: 1,
    side: 'none',
    position: BigInt(f),
    coin,
    best: 'none',
    best_position: best.first,
    best_coin: row[Number(best.first) - 1],
    optimal: loss === 0n,
    loss,
    secured: best.p1,
    p1: coin,
    p2: 0n,
    final_margin: margins[f - 1],
  };
}

/** The reviews of the moves on the line left after move 1 took f. */
function lineReviews(row, f, text) {
  const n = row.length;
  const at = (i) => BigInt(((f + i) % n) + 1);
  let lo = 0;
  let hi = n - 1;
  return analyze(circleRotate(row, f), text).moves.map((r) => {
    const end = (side) => (side === 'left' ? lo : hi - 1);
    const out = reviewAfter(r, 1, [row[f - 1], 0n], at(end(r.side)), at(end(r.best)));
    if (r.side === 'left') lo++;
    else hi--;
    return out;
  });
}

/**
 * Review r of analyze() on the coins a game left after `played` moves, its
 * players' totals then `before` ([p1, p2]), as that game's review of the
 * move: numbered on, its players swapped when `played` is odd, the totals,
 * what the mover secures and the final margin counted from the game's
 * start; position and best_position (BigInt) those of the coin taken and
 * the best one, as the caller numbers them. A circle's moves after move 1
 * are those of its line (played 1, the first coin in player 1's total);
 * the page's Worker reviews a long game in slices with it (web/worker.js:
 * not the npm module's API).
 */
function reviewAfter(r, played, before, position, bestPosition) {
  const swap = played % 2 === 1;
  const player = swap ? 3 - r.player : r.player;
  return {
    move: r.move + BigInt(played),
    player,
    side: r.side,
    position,
    coin: r.coin,
    best: r.best,
    best_position: bestPosition,
    best_coin: r.best_coin,
    optimal: r.optimal,
    loss: r.loss,
    secured: r.secured + before[player - 1],
    p1: before[0] + (swap ? r.p2 : r.p1),
    p2: before[1] + (swap ? r.p1 : r.p2),
    final_margin: before[0] - before[1] + (swap ? -r.final_margin : r.final_margin),
  };
}

/**
 * The arcs' table of a circle of at most 512 coins, as POST /api/table
 * with "circle": true: { n, circle: true, v, move, margins, first, line }.
 * v[i][len - 1] is V of the arc of len coins clockwise from position
 * i + 1 (len 1..n - 1) for the player to move; move[i] the optimal move of
 * each of those arcs ('L' its first coin, 'R' its last; ties to the
 * left); margins[p - 1] player 1's final margin when move 1 takes p;
 * first the optimal first position (null for no coin); line the optimal
 * moves after it. Read off table() of the circle written twice (every arc
 * is a run of it): O(n^2) time, about 70 n^2 bytes while it runs.
 */
function circleTable(coins) {
  need('circleTable');
  const row = Array.from(bigRow(coins, 'circleTable'));
  const n = row.length;
  if (n > TABLE_MAX / 2) throw new RangeError(`circleTable: ${n} coins: it takes ${TABLE_MAX / 2} at most`);
  const twice = [];
  for (let k = 0; k + 1 < 2 * n; k++) twice.push(row[k % n]);
  const t = table(twice);
  const v = [];
  const move = [];
  for (let i = 0; i < n; i++) {
    v.push([]);
    let m = '';
    for (let len = 1; len < n; len++) {
      v[i].push(t.v[i][i + len - 1]);
      m += t.move[i][i + len - 1];
    }
    move.push(m);
  }
  const arc = (i, len) => (len === 0 ? 0n : v[i][len - 1]);
  const margins = row.map((c, p) => c - arc((p + 1) % n, n - 1));
  let first = 0;
  for (let p = 1; p < n; p++) if (margins[p] > margins[first]) first = p;
  let line = '';
  for (let i = (first + 1) % n, len = n - 1; len > 0; len--) {
    const m = move[i][len - 1];
    line += m;
    if (m === 'L') i = (i + 1) % n;
  }
  return { n: BigInt(n), circle: true, v, move, margins, first: n > 0 ? BigInt(first + 1) : null, line };
}

/** The module's memory in bytes (it grows, never shrinks). */
function memoryBytes() {
  need('memoryBytes');
  return wasm.memory.buffer.byteLength;
}
