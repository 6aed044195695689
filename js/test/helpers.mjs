// SPDX-License-Identifier: MIT
// helpers.mjs - what the tests share: the package (COINLINE_NPM, else
// build/npm beside the sources), a seeded PRNG, random rows, and the
// interval programme in BigInt that every answer is checked against.
// Not a test file itself (tests/js.sh runs js/test/*.test.mjs).

export const NPM = process.env.COINLINE_NPM || new URL('../../build/npm', import.meta.url).pathname;
export const coinline = await import(`${NPM}/coinline.mjs`);
await coinline.init();

export const I64_MIN = -(2n ** 63n);
export const I64_MAX = 2n ** 63n - 1n;

/**
 * The seed of this file's random rows: COINLINE_SEED, else drawn now.
 * Each test prints it (t.diagnostic) and failures carry it, so a failing
 * run is replayed with COINLINE_SEED=<seed>.
 */
export const SEED = process.env.COINLINE_SEED !== undefined
  ? Number(process.env.COINLINE_SEED) >>> 0
  : (Math.random() * 2 ** 32) >>> 0;

/** mulberry32: a small PRNG whose whole state is one 32-bit word. */
export function prng(seed) {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)); // [lo, hi], small
  const big = (lo, hi) => {
    // uniform enough in [lo, hi] (BigInts, any span up to 2^64)
    const span = hi - lo + 1n;
    const r = (BigInt(Math.floor(next() * 2 ** 32)) << 32n) | BigInt(Math.floor(next() * 2 ** 32));
    return lo + (r % span);
  };
  const pick = (xs) => xs[Math.floor(next() * xs.length)];
  return { next, int, big, pick };
}

/** Kinds of random rows: ties, zeros, negatives, and sums past 64 bits. */
export const KINDS = ['binary', 'small', 'ties', 'wide', 'negative', 'huge', 'extremes', 'mixed'];

/** A random row of n BigInt coins of a kind. */
export function randomRow(r, n, kind) {
  const row = [];
  for (let i = 0; i < n; i++) {
    switch (kind) {
      case 'binary': row.push(BigInt(r.int(0, 1))); break;
      case 'small': row.push(BigInt(r.int(-3, 3))); break;
      case 'ties': row.push(BigInt(r.pick([0, 2, 2, 5]))); break;
      case 'wide': row.push(BigInt(r.int(-1000000, 1000000))); break;
      case 'negative': row.push(BigInt(r.int(-50, 0))); break;
      case 'huge': row.push(r.pick([I64_MAX - BigInt(r.int(0, 3)), I64_MIN + BigInt(r.int(0, 3)), BigInt(r.int(-2, 2))])); break;
      case 'extremes': row.push(r.pick([I64_MAX, I64_MIN, I64_MAX - 1n, I64_MIN + 1n])); break;
      default: row.push(r.big(I64_MIN, I64_MAX));
    }
  }
  return row;
}

/** Random rows: every kind, n from 0 to maxN (odd and even). */
export function* randomRows(r, count, maxN = 30) {
  for (let k = 0; k < count; k++) {
    const kind = KINDS[k % KINDS.length];
    yield randomRow(r, r.int(0, maxN), kind);
  }
}

/**
 * The interval programme on a row of BigInts, half-open runs a[lo..hi-1]:
 * V[lo][hi] = max(a[lo] - V[lo+1][hi], a[hi-1] - V[lo][hi-1]) and the
 * move that reaches it, ties to the left ('L'; 'R' only when strictly
 * better); V[lo][lo] = 0 and no move ('-').
 */
export function dp(a) {
  const n = a.length;
  const V = Array.from({ length: n + 1 }, () => new Array(n + 1).fill(0n));
  const M = Array.from({ length: n + 1 }, () => new Array(n + 1).fill('-'));
  for (let len = 1; len <= n; len++) {
    for (let lo = 0; lo + len <= n; lo++) {
      const hi = lo + len;
      const left = a[lo] - V[lo + 1][hi];
      const right = a[hi - 1] - V[lo][hi - 1];
      V[lo][hi] = left >= right ? left : right;
      M[lo][hi] = left >= right ? 'L' : 'R';
    }
  }
  const sum = (lo, hi) => a.slice(lo, hi).reduce((s, x) => s + x, 0n);
  return { n, a, V, M, sum };
}

/** The result solve() should give, from the programme. */
export function expectedSolve(a) {
  const { V, M, n } = dp(a);
  const sum = a.reduce((s, x) => s + x, 0n);
  const margin = V[0][n];
  const p1 = (sum + margin) / 2n;
  return {
    n: BigInt(n),
    sum,
    p1,
    p2: sum - p1,
    margin,
    winner: margin > 0n ? 'first' : margin < 0n ? 'second' : 'draw',
    first_move: n === 0 ? 'none' : M[0][n] === 'L' ? 'left' : 'right',
  };
}

/** The programme's line from the whole row (ties to the left). */
export function expectedLine(d) {
  let lo = 0;
  let hi = d.n;
  let s = '';
  while (lo < hi) {
    const m = d.M[lo][hi];
    s += m;
    if (m === 'L') lo++;
    else hi--;
  }
  return s;
}

/** A row for a message. */
export function show(row) {
  return `[${Array.from(row, String).join(', ')}]`;
}
