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
 * of them within int64; totals, margins, coins, counts, indexes and
 * positions come back as BigInt; who (to_move, player) as a Number 1 or 2
 * (0: nobody); sides as 'left' | 'right' | 'none', winners as 'first' |
 * 'second' | 'draw'. A bad argument throws a TypeError or a RangeError
 * naming it.
 *
 * Rules: every call that plays or solves a game takes options { rules },
 * the rules as text ('circle,remaining', 'line', 'remaining': the
 * library's coinline_rules_parse() reads it), and then answers under
 * those rules over positions (a move is the 1-based position of the coin
 * taken), in one generic form whatever the rules. Without rules each call
 * answers as it always did (the classic game, moves as L and R).
 */

const WORDS = { result: 11, move: 3, state: 14, review: 19, game: 12, gstate: 16 };
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
const COINLINE_RULES_STRLEN = 32;

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
  return putText(s)[0];
}

/** s in the module's memory, NUL-terminated: [pointer, its length in bytes]. */
function putText(s) {
  const bytes = new TextEncoder().encode(s);
  const p = alloc(bytes.length + 1);
  const dst = new Uint8Array(wasm.memory.buffer, p, bytes.length + 1);
  dst.set(bytes);
  dst[bytes.length] = 0;
  return [p, bytes.length];
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
/* Rules                                                                    */

const SHAPE_NAMES = ['line', 'circle']; // coinline_shape_t
const SCORE_NAMES = ['taken', 'remaining']; // coinline_score_t
const parsedRules = new Map(); // text -> its rules: a caller gives the same few texts over and over

/**
 * The rules `text` names, parsed by the library: { name (canonical, as
 * coinline_rules_name() writes it), shape, score, id: [shape, score] (the
 * library's values) }; a TypeError for a text that is no string, a
 * RangeError with the library's message for a text it refuses.
 */
function rulesNamed(text, what) {
  if (typeof text !== 'string' || text.includes('\0')) {
    throw new TypeError(`${what}: rules must be a string such as 'circle,remaining', not ${describe(text)}`);
  }
  const known = parsedRules.get(text);
  if (known) return known;
  const t = putString(text);
  let out = 0;
  let msg = 0;
  try {
    out = alloc(COINLINE_RULES_STRLEN);
    msg = alloc(ERROR_BYTES);
    const rc = wasm.clw_rules_parse(t, out, msg);
    if (rc !== 0) check(rc, what, `rules ${describe(text)}: ${cString(msg)}`);
    const [shape, score] = new Int32Array(wasm.memory.buffer, out, 2);
    check(wasm.clw_rules_name(shape, score, out), what);
    const rules = Object.freeze({ name: cString(out), shape: SHAPE_NAMES[shape], score: SCORE_NAMES[score], id: [shape, score] });
    if (parsedRules.size < 64) parsedRules.set(text, rules);
    return rules;
  } finally {
    release(t, out, msg);
  }
}

/**
 * The rules of a call's options, or null when they give none (the call
 * answers as the classic one): { circle: true | false, score: 'taken' |
 * 'remaining' } as the tool's options and the HTTP API's keys say them,
 * or { rules: text } ('circle,remaining'); a TypeError for options that
 * are not an object, hold another key or mix the two forms.
 */
function rulesOf(options, what) {
  if (options === undefined) return null;
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new TypeError(`${what}: options must be an object such as { circle: true, score: 'remaining' }, not ${describe(options)}`);
  }
  for (const key of Object.keys(options)) {
    if (!['rules', 'circle', 'score'].includes(key)) {
      throw new TypeError(`${what}: unknown option ${describe(key)} (the options are circle and score, or rules)`);
    }
  }
  const { rules, circle, score } = options;
  if (rules !== undefined) {
    if (circle !== undefined || score !== undefined) {
      throw new TypeError(`${what}: give the rules either as rules or as circle and score, not both`);
    }
    return rulesNamed(rules, what);
  }
  if (circle === undefined && score === undefined) return null;
  if (circle !== undefined && typeof circle !== 'boolean') {
    throw new TypeError(`${what}: circle must be true or false, not ${describe(circle)}`);
  }
  if (score !== undefined && !SCORE_NAMES.includes(score)) {
    throw new RangeError(`${what}: score must be 'taken' or 'remaining', not ${describe(score)}`);
  }
  return rulesNamed(`${circle ? 'circle' : 'line'},${score || 'taken'}`, what);
}

/** parseRules(text): the rules as the library reads them, { name, shape, score }. */
function parseRules(text) {
  need('parseRules');
  const { name, shape, score } = rulesNamed(text, 'parseRules');
  return { name, shape, score };
}

/**
 * Positions (an array-like of positive integers: Numbers, BigInts or
 * decimal strings; a BigUint64Array is copied in one step) in the
 * module's memory: [pointer, count]; the caller frees the pointer. The
 * library says whether each is legal where it is played.
 */
function putPositions(moves, what) {
  const count = moves !== null && typeof moves === 'object' ? moves.length : undefined;
  if (!Number.isSafeInteger(count) || count < 0 || count > MAX_ROW) {
    throw new TypeError(`${what}: moves must be a string or an array of positions, not ${describe(moves)}`);
  }
  const p = alloc(8 * Math.max(count, 1));
  try {
    if (moves instanceof BigUint64Array) {
      new BigUint64Array(wasm.memory.buffer, p, count).set(moves);
      return [p, count];
    }
    const values = [];
    for (let k = 0; k < count; k++) values.push(positionValue(moves[k], k, what));
    const halves = new Uint32Array(wasm.memory.buffer, p, 2 * count);
    values.forEach((v, k) => {
      halves[2 * k] = v % TWO32;
      halves[2 * k + 1] = Math.floor(v / TWO32);
    });
    return [p, count];
  } catch (e) {
    release(p);
    throw e;
  }
}

/** moves[k] as a Number, or the error naming it. */
function positionValue(m, k, what) {
  let v = m;
  if (typeof m === 'bigint' || (typeof m === 'string' && /^[+]?[0-9]+$/.test(m))) {
    const b = BigInt(m);
    v = b <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(b) : Infinity;
  }
  if (typeof v !== 'number' || Number.isNaN(v) || (Number.isFinite(v) && !Number.isInteger(v))) {
    throw new TypeError(`${what}: moves[${k}] = ${describe(m)} is not a position (a positive integer)`);
  }
  if (v < 1 || v > Number.MAX_SAFE_INTEGER) {
    throw new RangeError(`${what}: moves[${k}] = ${describe(m)} is not a position of a game (1 to the number of coins)`);
  }
  return v;
}

/**
 * The moves of a game under rules as positions in the module's memory
 * ([pointer, count]; the caller frees it): an array of positions, or text
 * in the library's notation ('LRRL', '5:LRL', '5 1 4'), played on a game
 * of the n coins at c (the library's message for a bad move).
 */
function movesAt(moves, rules, c, n, what) {
  if (typeof moves !== 'string') return putPositions(moves, what);
  const [t, len] = putText(moves);
  let out = 0;
  let msg = 0;
  try {
    out = alloc(8 * Math.max(n, 1) + 8);
    msg = alloc(ERROR_BYTES);
    const rc = wasm.clw_text_positions(...rules.id, c, n, t, len, out, out + 8 * Math.max(n, 1), msg);
    if (rc !== 0) check(rc, what, cString(msg));
    const count = Number(words(out + 8 * Math.max(n, 1), 1)[0]);
    const p = out;
    out = 0;
    return [p, count];
  } finally {
    release(t, out, msg);
  }
}

/** n positions at p (uint64 words) as an Array of BigInt. */
function positionsAt(p, n) {
  return Array.from(new BigUint64Array(wasm.memory.buffer, p, n));
}

/**
 * positionsText(n, positions, { rules }): the moves of a game of n coins
 * in the notation of the ends ('LRRL' on a line, '5:LRL' on a circle),
 * which every call taking moves as text reads back. O(moves).
 */
function positionsText(n, positions, options) {
  need('positionsText');
  const size = index(n, 'n', 'positionsText');
  const rules = rulesOf(options, 'positionsText') || rulesNamed('line', 'positionsText');
  const [p, count] = putPositions(positions, 'positionsText');
  let buf = 0;
  try {
    buf = alloc(count + 24);
    const len = wasm.clw_positions_text(...rules.id, size, p, count, buf, count + 24);
    if (len < 0) {
      const why = cString(wasm.clw_err_name(len)) === 'COINLINE_EMOVE' ? `a move is not legal where it is played on ${size} coins under ${rules.name}` : undefined;
      check(len, 'positionsText', why);
    }
    return cString(buf);
  } finally {
    release(p, buf);
  }
}

/* ------------------------------------------------------------------------ */
/* Solving                                                                  */

/**
 * The result of optimal play on the row: { n, sum, p1, p2, margin, winner,
 * first_move }. O(n) time and 8 bytes a coin (16 past int64 sums).
 * With options { rules }: under those rules, { n, rules, sum, p1, p2,
 * margin, winner, first } (first: the optimal first move, a position; 0n
 * for no coin; under remaining, where best play fixes the margin only, p1
 * and p2 along the optimal line line() gives). Under taken O(n) on a
 * line, O(n log n) on a circle; under remaining O(n log n).
 */
function solve(coins, options) {
  need('solve');
  const rules = rulesOf(options, 'solve');
  return rules ? gameSolve(coins, rules, 'solve') : solveAs(coins, 'solve');
}

/** solve() under rules (the generic result). */
function gameSolve(coins, rules, what) {
  const [c, n] = putCoins(coins, what);
  try {
    return gameSolveAt(c, n, rules, what);
  } finally {
    release(c);
  }
}

/** gameSolve() on the n coins at c, already in the module's memory. */
function gameSolveAt(c, n, rules, what) {
  const out = alloc(8 * WORDS.game);
  try {
    check(wasm.clw_game_solve(...rules.id, c, n, out), what);
    const w = words(out, WORDS.game);
    return {
      n: w[0],
      rules: rules.name,
      sum: i128(w, 1),
      p1: i128(w, 3),
      p2: i128(w, 5),
      margin: i128(w, 7),
      winner: WINNERS[Number(w[9])],
      first: BigInt.asUintN(64, w[10]),
    };
  } finally {
    release(out);
  }
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

/**
 * The optimal line of play, one 'L' or 'R' a move. With options { rules }:
 * under those rules, the position of each move (an Array of BigInt;
 * positionsText() writes it as text). O(n log n).
 */
function line(coins, options) {
  need('line');
  const rules = rulesOf(options, 'line');
  const [c, n] = putCoins(coins, 'line');
  let out = 0;
  try {
    if (rules) {
      out = alloc(8 * Math.max(n, 1));
      check(wasm.clw_game_line(...rules.id, c, n, out), 'line');
      return positionsAt(out, n);
    }
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
 * of ties; 0n for no coin): solve() under the rules 'circle'. O(n log n)
 * time, about 300 bytes a coin.
 */
function circleSolve(coins) {
  need('circleSolve');
  const { rules, ...result } = gameSolve(coins, rulesNamed(CIRCLE, 'circleSolve'), 'circleSolve');
  return result;
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
/* The best reply to a known opponent                                       */
/*
 * The opponent follows a known rule ('greedy', 'parity', 'optimal',
 * 'random', 'fallible:P'); the other player replies as well as it can
 * (SPOJ TWENDS). Against a rule without chance the values are exact
 * BigInts; against one with chance they are expected values, exact as
 * fractions { num, den } of BigInts in lowest terms (den > 0), read from
 * the library's texts, with their nearest Numbers beside them.
 */

const AGAINST_WORDS = 12;
const AGAINST_LINE_MAX = 16384; // COINLINE_AGAINST_LINE_MAX

/** The rule's seat from options { opponentFirst }: 2, or 1 when it moves first. */
function againstSeat(options, what) {
  if (options === undefined) return 2;
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new TypeError(`${what}: options must be an object such as { opponentFirst: true }, not ${describe(options)}`);
  }
  for (const key of Object.keys(options)) {
    if (key !== 'opponentFirst') throw new TypeError(`${what}: unknown option ${describe(key)} (the option is opponentFirst)`);
  }
  const first = options.opponentFirst;
  if (first !== undefined && typeof first !== 'boolean') {
    throw new TypeError(`${what}: opponentFirst must be true or false, not ${describe(first)}`);
  }
  return first ? 1 : 2;
}

/** The rule as a string in the module's memory (the caller frees it), or the error. */
function putRule(rule, what) {
  if (typeof rule !== 'string' || rule.includes('\0')) {
    throw new TypeError(`${what}: the rule must be a string such as 'greedy', not ${describe(rule)}`);
  }
  const s = putString(rule);
  let out = 0;
  try {
    out = alloc(8 * AGAINST_WORDS);
    const rc = wasm.clw_against(0, 0, s, 2, out);
    if (rc === 0) {
      release(Number(BigInt.asUintN(32, words(out, AGAINST_WORDS)[11])));
      return s;
    }
    const why = rule.startsWith('fallible:')
      ? `rule ${describe(rule)}: the P of fallible:P is a probability from 0 to 1 in decimal digits, at most 18 after the point, like 'fallible:0.25'`
      : `unknown rule ${describe(rule)}: give 'greedy', 'parity', 'optimal', 'random' or 'fallible:P' (P from 0 to 1)`;
    check(rc, what, cString(wasm.clw_err_name(rc)) === 'COINLINE_EINVAL' ? why : undefined);
  } catch (e) {
    release(s);
    throw e;
  } finally {
    release(out);
  }
}

/** The RangeError of n coins, too many for what against rule. */
function tooMany(what, rule, n) {
  const e = new RangeError(
    `${what}: ${n} coins are too many against ${describe(rule)} (the work is O(n^2): up to about 17000 coins against greedy, parity or optimal, 4000 against random, fewer for fallible:P; againstLine at most ${AGAINST_LINE_MAX})`,
  );
  e.code = 'COINLINE_ETOOBIG';
  return e;
}

/** Throws the error of rc from what on n coins against rule. */
function againstCheck(rc, what, rule, n) {
  if (cString(wasm.clw_err_name(rc)) === 'COINLINE_ETOOBIG') throw tooMany(what, rule, n);
  check(rc, what);
}

/**
 * body(c, n, s, seat) for a call named what: the options read, the rule at
 * s and the n coins at c in the module's memory, freed when it returns.
 */
function withRule(what, coins, rule, options, body) {
  need(what);
  const seat = againstSeat(options, what);
  const s = putRule(rule, what);
  let c = 0;
  try {
    let n;
    [c, n] = putCoins(coins, what);
    return body(c, n, s, seat);
  } finally {
    release(s, c);
  }
}

/** The exact text "-13/4" (or "7") as { num, den }. */
function fraction(text) {
  const [num, den] = text.split('/');
  return { num: BigInt(num), den: den === undefined ? 1n : BigInt(den) };
}

/**
 * The best reply to a player following rule: { exact, p1, p2, margin,
 * p1_decimal, p2_decimal, margin_decimal, first_move, rule, seat }. The
 * rule is player 2's (seat 2), or player 1's with { opponentFirst: true }
 * (seat 1); the other player replies as well as it can. exact: p1, p2 and
 * margin are BigInts (a rule without chance); else each is the expected
 * value as { num, den } (BigInts, lowest terms). The decimals are Numbers
 * (nearest). first_move: the replier's best first move when it moves
 * first (ties to the left), else 'none'. O(n^2) time, O(n) memory.
 */
function against(coins, rule, options) {
  return withRule('against', coins, rule, options, (c, n, s, seat) => {
    const out = alloc(8 * AGAINST_WORDS);
    try {
      const rc = wasm.clw_against(c, n, s, seat, out);
      if (rc !== 0) againstCheck(rc, 'against', rule, n);
      const w = words(out, AGAINST_WORDS);
      const exact = w[0] !== 0n;
      const textsAt = Number(BigInt.asUintN(32, w[11]));
      const texts = cString(textsAt).split(' ');
      release(textsAt);
      const [d1, d2, dm] = new Float64Array(wasm.memory.buffer, out + 64, 3);
      return {
        exact,
        p1: exact ? i128(w, 2) : fraction(texts[0]),
        p2: exact ? i128(w, 4) : fraction(texts[1]),
        margin: exact ? i128(w, 6) : fraction(texts[2]),
        p1_decimal: d1,
        p2_decimal: d2,
        margin_decimal: dm,
        first_move: SIDES[Number(w[1])],
        rule,
        seat,
      };
    } finally {
      release(out);
    }
  });
}

/**
 * The line of play of against() against a rule without chance: one 'L' or
 * 'R' a move, the rule's moves and the best reply's (ties to the left). A
 * RangeError for a rule with chance (no single line) and past 16384 coins.
 */
function againstLine(coins, rule, options) {
  return withRule('againstLine', coins, rule, options, (c, n, s, seat) => {
    if (n > AGAINST_LINE_MAX) throw tooMany('againstLine', rule, n);
    const out = alloc(n + 1);
    try {
      const rc = wasm.clw_against_line(c, n, s, seat, out);
      const chance = rc !== 0 && cString(wasm.clw_err_name(rc)) === 'COINLINE_EINVAL';
      if (chance) check(rc, 'againstLine', `against ${describe(rule)} there is no single line of play (the rule has chance): use against()`);
      if (rc !== 0) againstCheck(rc, 'againstLine', rule, n);
      return new TextDecoder().decode(new Uint8Array(wasm.memory.buffer, out, n));
    } finally {
      release(out);
    }
  });
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
 * move; about 140 bytes a coin, held until free(). With options
 * { rules }: a game under those rules over positions (play a position,
 * or moves as text; state's best and ends are positions; outcome(),
 * legal(), history()); about 160 bytes a coin.
 */
class Engine extends Owned {
  #rules;

  constructor(coins, options) {
    need('Engine');
    const rules = rulesOf(options, 'Engine');
    const [c, n] = putCoins(coins, 'Engine');
    let e;
    try {
      e = rules ?
        made((slot) => wasm.clw_game_new(...rules.id, c, n, slot), 'Engine') :
        made((slot) => wasm.clw_engine_new(c, n, slot), 'Engine');
    } finally {
      release(c);
    }
    super(e, rules ? 'clw_game_free' : 'clw_engine_free');
    this.#rules = rules;
  }

  /** Its rules' name ('line', 'circle,remaining', ...); null for the classic engine (made without rules). */
  get rules() {
    return this.#rules ? this.#rules.name : null;
  }

  /**
   * The player to move takes the 'L' (first) or 'R' (last) coin. Under
   * rules: a position (a Number or a BigInt), or moves as text, played in
   * order ('L', 'R', '5', '5:LRL', 'left' and 'right' too); a move that is
   * not legal throws a RangeError saying why, and leaves the game as it was.
   */
  play(move) {
    if (this.#rules) return this.#playMove(move);
    const s = sideCode(move, 'Engine.play');
    const rc = wasm.clw_engine_play(this.ptr('Engine.play'), s);
    check(rc, 'Engine.play', rc === EINVAL ? 'no coin is left' : undefined);
    return this;
  }

  #playMove(move) {
    const g = this.ptr('Engine.play');
    if (typeof move === 'string') {
      this.#playText(/^(left|right)$/i.test(move) ? move[0] : move, 'Engine.play');
      return this;
    }
    const p = positionArg(move, 'Engine.play');
    const rc = wasm.clw_game_play(g, BigInt(p));
    if (rc === 0) return this;
    if (cString(wasm.clw_err_name(rc)) === 'COINLINE_EMOVE') this.#playText(String(p), 'Engine.play'); // throws the library's words
    check(rc, 'Engine.play');
    return this;
  }

  /** Plays the moves of text (coinline_game_play_text()); its error's words, named what. */
  #playText(text, what) {
    const g = this.ptr(what);
    const [t, len] = putText(text);
    let msg = 0;
    try {
      msg = alloc(ERROR_BYTES);
      const rc = wasm.clw_game_play_text(g, t, len, msg);
      if (rc !== 0) check(rc, what, cString(msg));
    } finally {
      release(t, msg);
    }
  }

  /** Takes back the last move. */
  undo() {
    const rc = this.#rules ? wasm.clw_game_undo(this.ptr('Engine.undo')) : wasm.clw_engine_undo(this.ptr('Engine.undo'));
    check(rc, 'Engine.undo', rc === EINVAL ? 'no move to take back' : undefined);
    return this;
  }

  /**
   * The position: { n, lo, hi, moves, to_move, p1, p2, value,
   * final_margin, best } (the coins left are coins[lo..hi-1]). Under
   * rules: { n, moves, left, to_move, p1, p2, value, final_margin, best,
   * best_side, left_end, right_end }, best and the ends positions (0n:
   * none; the ends are 0n too where any coin may be taken).
   */
  state() {
    if (this.#rules) return this.#gameState();
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

  #gameState() {
    const g = this.ptr('Engine.state');
    const out = alloc(8 * WORDS.gstate);
    try {
      check(wasm.clw_game_state(g, out), 'Engine.state');
      const w = words(out, WORDS.gstate);
      return {
        n: w[0],
        moves: w[1],
        left: w[2],
        to_move: Number(w[3]),
        p1: i128(w, 4),
        p2: i128(w, 6),
        value: i128(w, 8),
        final_margin: i128(w, 10),
        best: w[12],
        best_side: SIDES[Number(w[15])],
        left_end: w[13],
        right_end: w[14],
      };
    } finally {
      release(out);
    }
  }

  /** The game's rules, or the TypeError of a classic engine asked what only a game under rules answers. */
  #game(what) {
    if (!this.#rules) {
      throw new TypeError(`${what}: this Engine plays the classic sides: make it with rules (new Engine(coins, { rules: 'line' })) to play positions`);
    }
    return this.ptr(what);
  }

  /**
   * Under rules: the final margin p1 - p2 if the player to move takes
   * `move` (a position, or 'L' / 'R') and both play optimally after;
   * a RangeError for a move that is not legal. O(log n) amortised.
   */
  outcome(move) {
    const g = this.#game('Engine.outcome');
    let p;
    if (typeof move === 'string' && /^(l|r|left|right)$/i.test(move)) {
      const st = this.state();
      p = /^l/i.test(move) ? st.left_end : st.right_end;
      if (p === 0n) this.#playText(move[0], 'Engine.outcome'); // any coin, or none, may be taken: its words
    } else {
      p = BigInt(positionArg(move, 'Engine.outcome'));
    }
    const out = alloc(16);
    try {
      const rc = wasm.clw_game_outcome(g, p, out);
      if (cString(wasm.clw_err_name(rc)) === 'COINLINE_EMOVE') this.#refuse(p, 'Engine.outcome');
      check(rc, 'Engine.outcome');
      return i128(words(out, 2), 0);
    } finally {
      release(out);
    }
  }

  /** The library's words for the move p, which is not legal (a RangeError). */
  #refuse(p, what) {
    this.#playText(String(p), what);
    this.undo(); // not reached: the move was refused
    throw new RangeError(`${what}: position ${p} may not be taken here`);
  }

  /** Under rules: whether the player to move may take the coin at `position`. O(1). */
  legal(position) {
    const g = this.#game('Engine.legal');
    return wasm.clw_game_is_legal(g, BigInt(positionArg(position, 'Engine.legal'))) === 1;
  }

  /** Under rules: the positions of the moves played so far (an Array of BigInt). O(moves). */
  history() {
    const g = this.#game('Engine.history');
    const n = Number(this.#gameState().moves);
    const out = alloc(8 * Math.max(n, 1));
    try {
      wasm.clw_game_history(g, out);
      return positionsAt(out, n);
    } finally {
      release(out);
    }
  }
}

/** A position argument: a positive safe integer, Number or BigInt, as a Number. */
function positionArg(p, what) {
  if (typeof p === 'number' || typeof p === 'bigint') {
    if (typeof p === 'number' ? Number.isSafeInteger(p) && p >= 1 : p >= 1n && p <= BigInt(Number.MAX_SAFE_INTEGER)) return Number(p);
    if (typeof p === 'bigint' || Number.isInteger(p)) throw new RangeError(`${what}: position ${describe(p)} is not a position of a game (1 to the number of coins)`);
  }
  throw new TypeError(`${what}: the move must be a position (an integer from 1) or moves as text ('L', 'R', '5:LRL'), not ${describe(p)}`);
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

  /**
   * Its move at the engine's position (not played): 'left' or 'right'; on
   * an Engine under rules, a position (BigInt), any legal one where any
   * coin may be taken (greedy: under taken the largest coin, under
   * remaining the smallest end; see docs/javascript.md).
   */
  move(engine) {
    if (!(engine instanceof Engine)) {
      throw new TypeError(`Strategy.move: expected an Engine, not ${describe(engine)}`);
    }
    const s = this.ptr('Strategy.move');
    const e = engine.ptr('Strategy.move');
    if (engine.rules !== null) return choose(s, e);
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

/** The strategy s's move on the game g, a position. */
function choose(s, g) {
  const out = alloc(8);
  try {
    const rc = wasm.clw_strategy_choose(s, g, out);
    check(rc, 'Strategy.move', rc === EINVAL ? 'no coin is left' : undefined);
    return BigInt.asUintN(64, words(out, 1)[0]);
  } finally {
    release(out);
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
 * With options { rules }: the game under those rules, its moves positions
 * (an array) or text ('LRRL', '5:LRL', '5 1 4'): { n, rules, moves:
 * [{ ...the same, position, best_position }], summary: { ...the same,
 * best_first } } (best_first: the optimal first move, a position).
 * Under remaining a loss is in points of the final margin, and secured is
 * the mover's final margin with best play from before the move (best play
 * fixes no score there). O((n + moves) log n).
 */
function analyze(coins, moves, options) {
  need('analyze');
  const rules = rulesOf(options, 'analyze');
  if (rules) return gameAnalyze(coins, moves, rules, 'analyze');
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

/** One move's review under rules: review()'s and the positions. */
function gameReview(w, k) {
  return { ...review(w, k), position: BigInt.asUintN(64, w[k + 17]), best_position: BigInt.asUintN(64, w[k + 18]) };
}

/** analyze() under rules. */
function gameAnalyze(coins, moves, rules, what) {
  if (typeof moves !== 'string' && (moves === null || typeof moves !== 'object')) {
    throw new TypeError(`${what}: moves must be a string or an array of positions, not ${describe(moves)}`);
  }
  const [c, n] = putCoins(coins, what);
  let m = 0;
  let out = 0;
  let msg = 0;
  try {
    const best = gameSolveAt(c, n, rules, what);
    const [p, count] = movesAt(moves, rules, c, n, what);
    m = p;
    out = alloc(8 * WORDS.review * Math.max(count, 1));
    msg = alloc(ERROR_BYTES);
    const rc = wasm.clw_game_analyze(...rules.id, c, n, m, count, out, msg);
    if (rc !== 0) check(rc, what, cString(msg));
    const w = words(out, WORDS.review * count);
    const reviews = [];
    for (let k = 0; k < count; k++) reviews.push(gameReview(w, k * WORDS.review));
    const { lost, mistakes, ...played } = summary(reviews, BigInt(n), best);
    return { n: BigInt(n), rules: rules.name, moves: reviews, summary: { ...played, best_first: best.first, lost, mistakes } };
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
 * With options { rules }: the table under those rules (gameTable()).
 */
function table(coins, options) {
  need('table');
  const rules = rulesOf(options, 'table');
  if (rules) return gameTable(coins, rules, 'table');
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

/**
 * The table under rules of a row of at most 1024 coins: { n, rules, v,
 * move, first, outcomes, line }. Every run of coins the game can leave is
 * addressed by its first position s and its length len (the len coins
 * clockwise from s: on a line len 1..n - s + 1, on a circle len 1..n - 1,
 * wrapping round position n): v[s - 1][len - 1] is its value for the
 * player to move (own score minus the other's from there on), move[s - 1]
 * a string of the optimal move of each ('L' its first coin, 'R' its last;
 * ties to the left); first the optimal first move (0n for no coin);
 * outcomes[p - 1] the final margin when move 1 takes position p (null
 * where it may not); line the optimal line, positions. O(n^2) time, about
 * 40 n^2 bytes while it runs.
 */
function gameTable(coins, rules, what) {
  const [c, n] = putCoins(coins, what, TABLE_MAX);
  const cells = Math.max(n * n, 1);
  const ptrs = [];
  const take = (bytes) => {
    const p = alloc(bytes);
    ptrs.push(p);
    return p;
  };
  try {
    const v = take(16 * cells);
    const side = take(cells);
    const outcome = take(16 * Math.max(n, 1));
    const ok = take(Math.max(n, 1));
    const first = take(8);
    const line = take(8 * Math.max(n, 1));
    check(wasm.clw_table_rules(...rules.id, c, n, v, side, outcome, ok, first), what);
    check(wasm.clw_game_line(...rules.id, c, n, line), what);
    const w = words(v, 2 * cells);
    const sides = new Uint8Array(wasm.memory.buffer, side, cells);
    const o = words(outcome, 2 * Math.max(n, 1));
    const legal = new Uint8Array(wasm.memory.buffer, ok, Math.max(n, 1));
    const values = [];
    const moves = [];
    for (let s = 0; s < n; s++) {
      const row = [];
      let m = '';
      for (let len = 1; len <= n && sides[s * n + len - 1] !== 0; len++) {
        row.push(i128(w, 2 * (s * n + len - 1)));
        m += sides[s * n + len - 1] === 2 ? 'R' : 'L';
      }
      values.push(row);
      moves.push(m);
    }
    const outcomes = [];
    for (let p = 0; p < n; p++) outcomes.push(legal[p] ? i128(o, 2 * p) : null);
    return {
      n: BigInt(n),
      rules: rules.name,
      v: values,
      move: moves,
      first: BigInt.asUintN(64, words(first, 1)[0]),
      outcomes,
      line: positionsAt(line, n),
    };
  } finally {
    release(c, ...ptrs);
  }
}

/* ------------------------------------------------------------------------ */
/* The circle reviewed, and its arcs' table: the circle's rules             */

const CIRCLE = 'circle';

/**
 * A circular game reviewed move by move, as POST /api/analyze with
 * "circle": true: { n, circle: true, first, moves: [reviews], summary }
 * (summary with best_first_move).
 * first: the position of move 1 (0 or 0n: no move yet); moves: 'L'/'R'
 * each after it, on the line left. Review 0 is move 1 (side 'none', its
 * loss from circleMargins); the others are those of analyze() on the line
 * left, numbered from 2, its players swapped (the line's first mover is
 * player 2), with the first coin in player 1's totals. Every review has
 * the circle position of the coin taken and of the best one: analyze()
 * under the rules 'circle', written in the circle's first and L/R.
 * O((n + moves) log n).
 */
function circleAnalyze(coins, first, moves) {
  need('circleAnalyze');
  if (typeof moves !== 'string') movesText(moves, 0, 'circleAnalyze');
  const row = bigRow(coins, 'circleAnalyze');
  const n = row.length;
  const f = first === 0 || first === 0n ? 0 : position(first, n, 'circleAnalyze');
  if (f === 0 && moves.length > 0) {
    throw new RangeError('circleAnalyze: moves after move 1 need its first position');
  }
  const text = movesText(moves, Math.max(n - 1, 0), 'circleAnalyze');
  const an = gameAnalyze(row, f ? `${f}:${text}` : '', rulesNamed(CIRCLE, 'circleAnalyze'), 'circleAnalyze');
  // The last coin is both ends: the review keeps the letter it was given.
  if (n > 1 && text.length === n - 1) an.moves[n - 1].side = /r/i.test(text[n - 2]) ? 'right' : 'left';
  const { best_first: bestFirst, ...summary } = an.summary;
  const { lost, mistakes, ...played } = summary;
  return {
    n: an.n,
    circle: true,
    first: BigInt(f),
    moves: an.moves,
    summary: { ...played, best_first_move: bestFirst, lost, mistakes },
  };
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

/**
 * What each scoring's review says of the mover's `secured`, counted from
 * the start of a game whose players had `own` and `other` when the review
 * of the coins left began: taken, a final total; remaining, a final margin.
 */
const SECURED = {
  taken: (secured, own) => secured + own,
  remaining: (secured, own, other) => secured + own - other,
};

/**
 * Review r of analyze() on the coins a game left after `played` moves, its
 * players' totals then `before` ([p1, p2]), as that game's review of the
 * move: numbered on, its players swapped when `played` is odd, the totals,
 * what the mover secures and the final margin counted from the game's
 * start; position and best_position (BigInt) those of the coin taken and
 * the best one, as the caller numbers them. `score`: the rules' scoring
 * ('taken', the default, or 'remaining'; the coins left are played under
 * the same scoring). The page's Worker reviews a long game in slices with
 * it (web/worker.js: not the npm module's API).
 */
function reviewAfter(r, played, before, position, bestPosition, score = 'taken') {
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
    secured: SECURED[score](r.secured, before[player - 1], before[2 - player]),
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
 * moves after it. The table under the rules 'circle' (gameTable()),
 * written so: O(n^2) time.
 */
function circleTable(coins) {
  need('circleTable');
  const n = rowLength(coins, 'circleTable');
  if (n > TABLE_MAX / 2) throw new RangeError(`circleTable: ${n} coins: it takes ${TABLE_MAX / 2} at most`);
  const rules = rulesNamed(CIRCLE, 'circleTable');
  const t = gameTable(coins, rules, 'circleTable');
  const text = positionsText(t.n, t.line, { rules: CIRCLE });
  return {
    n: t.n,
    circle: true,
    v: t.v,
    move: t.move,
    margins: t.outcomes,
    first: n > 0 ? t.first : null,
    line: text.slice(text.indexOf(':') + 1),
  };
}

/* ------------------------------------------------------------------------ */
/* Several rows                                                             */

const ROWS_WORDS = 13; // CLW_ROWS_WORDS
const RSTATE_WORDS = 15; // CLW_RSTATE_WORDS

/**
 * The rows in the module's memory, one after the other as the library
 * takes them: [coins, lens, n, k, starts] (the caller frees coins and
 * lens; starts[r] is where row r begins, starts[k] = n). Each row is read
 * as a row of coins; its errors name rows[r] ('solveRows: rows[1][2] =
 * 1.5 is not an integer').
 */
function putRows(rows, what) {
  const k = rows !== null && typeof rows === 'object' && typeof rows !== 'function' ? rows.length : undefined;
  if (!Number.isSafeInteger(k) || k < 0 || typeof rows === 'string') {
    throw new TypeError(`${what}: rows must be an array of rows (arrays of integers), such as [[1, 3, 5], [2, 9]], not ${describe(rows)}`);
  }
  const each = [];
  const starts = [0];
  for (let r = 0; r < k; r++) {
    const row = rows[r]; // read once: a getter may give another row each time
    if (row === null || typeof row !== 'object') {
      throw new TypeError(`${what}: rows[${r}] = ${describe(row)} is not a row (an array of integers): give an array of rows, such as [[1, 3, 5], [2, 9]]`);
    }
    const n = rowOf(() => rowLength(row, what), what, r);
    if (starts[r] + n > MAX_ROW) throw new RangeError(`${what}: ${starts[r] + n} coins in rows 0 to ${r}: it takes ${MAX_ROW} at most`);
    each.push(row);
    starts.push(starts[r] + n);
  }
  const n = starts[k];
  const c = alloc(8 * Math.max(n, 1));
  let lens = 0;
  try {
    lens = alloc(8 * Math.max(k, 1));
    for (let r = 0; r < k; r++) {
      rowOf(() => fillCoins(each[r], starts[r + 1] - starts[r], c + 8 * starts[r], what), what, r);
      words(lens, k)[r] = BigInt(starts[r + 1] - starts[r]);
    }
  } catch (e) {
    release(c, lens);
    throw e;
  }
  return [c, lens, n, k, starts];
}

/** Runs read(), reading row r; its errors about coins name rows[r] instead. */
function rowOf(read, what, r) {
  try {
    return read();
  } catch (e) {
    const from = `${what}: coins`;
    if ((e instanceof TypeError || e instanceof RangeError) && e.message.startsWith(from)) {
      throw new e.constructor(`${what}: rows[${r}]${e.message.slice(from.length)}`);
    }
    throw e;
  }
}

/** A move of several rows, { row, side }, or null for side 0 (none). */
function rowMove(row, side) {
  return side === 0 ? null : { row, side: SIDES[side] };
}

/**
 * Optimal play on several rows: a move takes the first or the last coin of
 * any row that has coins left; with one row, the classic game. rows: an
 * array of rows (each as solve() takes coins), numbered from 0.
 * { n, rows, sum, p1, p2, margin, winner, first_move }, first_move
 * { row, side } (null for no coin). O(n log n), 16 bytes a coin.
 */
function solveRows(rows) {
  need('solveRows');
  const [c, lens, , k] = putRows(rows, 'solveRows');
  let out = 0;
  try {
    out = alloc(8 * ROWS_WORDS);
    check(wasm.clw_multirow_solve(c, lens, k, out), 'solveRows');
    const w = words(out, ROWS_WORDS);
    return {
      n: w[0],
      rows: w[1],
      sum: i128(w, 2),
      p1: i128(w, 4),
      p2: i128(w, 6),
      margin: i128(w, 8),
      winner: WINNERS[Number(w[10])],
      first_move: rowMove(w[11], Number(w[12])),
    };
  } finally {
    release(c, lens, out);
  }
}

/**
 * The optimal line on several rows (as solveRows() takes them): an array of
 * n moves { row, side } (rows from 0, row a BigInt as in RowsGame), each the
 * move RowsGame.state().best names there. O(n log n).
 */
function rowsLine(rows) {
  need('rowsLine');
  const [c, lens, n, k] = putRows(rows, 'rowsLine');
  let out = 0;
  let sides = 0;
  try {
    out = alloc(8 * Math.max(n, 1));
    sides = alloc(n + 1);
    check(wasm.clw_multirow_line(c, lens, k, out, sides), 'rowsLine');
    const r = words(out, n);
    const s = new Uint8Array(wasm.memory.buffer, sides, n);
    return Array.from({ length: n }, (_, m) => ({ row: r[m], side: s[m] === 76 ? 'left' : 'right' }));
  } finally {
    release(c, lens, out, sides);
  }
}

/**
 * A game of several rows in progress, on a copy of the rows: moves (a row,
 * 0-based, and a side), undos, and at every position the optimal move in
 * O(log n) amortised; the value on demand. About 200 bytes a coin, held
 * until free().
 */
class RowsGame extends Owned {
  #coins; // the rows as given, one after the other (a BigInt64Array)
  #starts; // row r is #coins[#starts[r] .. #starts[r + 1] - 1]
  #played = []; // the moves, { row, side }

  constructor(rows) {
    need('RowsGame');
    const [c, lens, n, k, starts] = putRows(rows, 'RowsGame');
    let g;
    let coins;
    try {
      g = made((slot) => wasm.clw_multirow_new(c, lens, k, slot), 'RowsGame');
      coins = words(c, n).slice();
    } finally {
      release(c, lens);
    }
    super(g, 'clw_multirow_free');
    this.#coins = coins;
    this.#starts = starts;
  }

  /** The row argument r of what, checked, as a Number. */
  #row(r, what) {
    const row = index(r, 'row', what);
    const k = this.#starts.length - 1;
    if (row >= k) {
      throw new RangeError(`${what}: there is no row ${row}: ${k === 0 ? 'the game has no rows' : `the rows are 0 to ${k - 1}`}`);
    }
    return row;
  }

  /** [lo, hi]: row r's coins left are #coins[lo .. hi - 1]. */
  #left(r, what) {
    const out = alloc(16);
    try {
      check(wasm.clw_multirow_row(this.ptr(what), r, out), what);
      const w = words(out, 2);
      return [this.#starts[r] + Number(w[0]), this.#starts[r] + Number(w[1])];
    } finally {
      release(out);
    }
  }

  /**
   * The player to move takes the coin at the end side ('L', 'R', 'left' or
   * 'right') of row (0-based), optimal or not; returns the game. A row
   * that is not there or has no coin left is a RangeError.
   */
  play(row, side) {
    const [g, r, s] = this.#move(row, side, 'RowsGame.play');
    check(wasm.clw_multirow_play(g, r, s), 'RowsGame.play');
    this.#played.push({ row: BigInt(r), side: SIDES[s] });
    return this;
  }

  /** Takes back the last move; returns the game. */
  undo() {
    const rc = wasm.clw_multirow_undo(this.ptr('RowsGame.undo'));
    check(rc, 'RowsGame.undo', rc === EINVAL ? 'no move to take back' : undefined);
    this.#played.pop();
    return this;
  }

  /**
   * { n, rows, moves, left, to_move, p1, p2, best, value, final_margin }:
   * best { row, side } (null at the end); value what the player to move can
   * secure from here; final_margin p1 - p2 at the end with best play. O(1).
   */
  state() {
    const g = this.ptr('RowsGame.state');
    const out = alloc(8 * RSTATE_WORDS);
    try {
      check(wasm.clw_multirow_state(g, out), 'RowsGame.state');
      const w = words(out, RSTATE_WORDS);
      return {
        n: w[0],
        rows: w[1],
        moves: w[2],
        left: w[3],
        to_move: Number(w[4]),
        p1: i128(w, 5),
        p2: i128(w, 7),
        best: rowMove(w[9], Number(w[10])),
        value: i128(w, 11),
        final_margin: i128(w, 13),
      };
    } finally {
      release(out);
    }
  }

  /** What the player to move can secure from here, own total minus the other's (0n at the end). O(1): the game keeps it. */
  value() {
    const g = this.ptr('RowsGame.value');
    const out = alloc(16);
    try {
      check(wasm.clw_multirow_value(g, out), 'RowsGame.value');
      return i128(words(out, 2), 0);
    } finally {
      release(out);
    }
  }

  /**
   * The final margin p1 - p2 (BigInt) if the player to move takes the end
   * side of row (0-based) and both play optimally after: the best move's is
   * state().final_margin, a move's loss the difference. The position is
   * unchanged. O(log n) amortised. Errors as play().
   */
  outcome(row, side) {
    const [g, r, s] = this.#move(row, side, 'RowsGame.outcome');
    const out = alloc(16);
    try {
      check(wasm.clw_multirow_outcome(g, r, s, out), 'RowsGame.outcome');
      return i128(words(out, 2), 0);
    } finally {
      release(out);
    }
  }

  /** [game, row, side code] of a move the call what may make, or throws. */
  #move(row, side, what) {
    const g = this.ptr(what);
    const r = this.#row(row, what);
    const s = sideCode(side, what);
    const [lo, hi] = this.#left(r, what);
    if (lo === hi) {
      const st = this.state();
      const e = new RangeError(st.left === 0n ? `${what}: no coin is left to take` :
        `${what}: row ${r} has no coin left (the best move is row ${st.best.row}, ${st.best.side} end)`);
      e.code = 'COINLINE_EMOVE';
      throw e;
    }
    return [g, r, s];
  }

  /** The coins row r (0-based) has left, an array of BigInt. O(its length). */
  row(r) {
    this.ptr('RowsGame.row');
    const [lo, hi] = this.#left(this.#row(r, 'RowsGame.row'), 'RowsGame.row');
    return Array.from(this.#coins.subarray(lo, hi));
  }

  /** The coins each row has left, an array of arrays. O(n). */
  rows() {
    const k = this.#starts.length - 1;
    return Array.from({ length: k }, (_, r) => this.row(r));
  }

  /** The moves played so far, an array of { row, side }. */
  history() {
    this.ptr('RowsGame.history');
    return this.#played.map((m) => ({ ...m }));
  }
}

/** The module's memory in bytes (it grows, never shrinks). */
function memoryBytes() {
  need('memoryBytes');
  return wasm.memory.buffer.byteLength;
}
