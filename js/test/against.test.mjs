// SPDX-License-Identifier: MIT
// against.test.mjs - the best reply to a known opponent (against,
// againstLine) against an exhaustive search written here in exact BigInt
// fractions: SPOJ TWENDS's sample, every rule in both seats on many small
// random rows (signs, ties, odd and even lengths, int64 extremes), the
// line of play replayed move by move, the errors, and flat memory.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { coinline, SEED, prng, randomRow, KINDS, show } from './helpers.mjs';

const { against, againstLine, memoryBytes } = coinline;

const RULES = ['greedy', 'parity', 'optimal', 'random', 'fallible:0.25', 'fallible:0.3', 'fallible:0', 'fallible:1'];

/* Fractions [num, den], den > 0, in lowest terms. */
function gcd(a, b) {
  a = a < 0n ? -a : a;
  b = b < 0n ? -b : b;
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}
function frac(num, den = 1n) {
  if (den < 0n) [num, den] = [-num, -den];
  const g = gcd(num, den) || 1n;
  return [num / g, den / g];
}
const add = (x, y) => frac(x[0] * y[1] + y[0] * x[1], x[1] * y[1]);
const mul = (x, y) => frac(x[0] * y[0], x[1] * y[1]);
const cmp = (x, y) => {
  const d = x[0] * y[1] - y[0] * x[1];
  return d > 0n ? 1 : d < 0n ? -1 : 0;
};

/** The probability that rule takes a random end instead, a fraction. */
function chance(rule) {
  if (rule === 'random') return frac(1n);
  if (!rule.startsWith('fallible:')) return frac(0n);
  const [whole, part = ''] = rule.slice(9).split('.');
  return frac(BigInt(whole + part), 10n ** BigInt(part.length));
}

/** The classic value of a[i..j-1] for the player to move, every line tried. */
function classic(a) {
  const memo = new Map();
  const v = (i, j) => {
    if (i === j) return 0n;
    const key = i * 64 + j;
    if (!memo.has(key)) {
      const l = a[i] - v(i + 1, j);
      const r = a[j - 1] - v(i, j - 1);
      memo.set(key, l >= r ? l : r);
    }
    return memo.get(key);
  };
  return v;
}

/**
 * True when rule (without its chance) takes the left end of a[i..j-1]:
 * greedy the larger end, parity the richer class of positions with an even
 * number left (else as greedy), optimal and fallible the classic best move;
 * ties to the left.
 */
function takesLeft(rule, a, i, j, v) {
  if (rule === 'optimal' || rule.startsWith('fallible:')) return a[i] - v(i + 1, j) >= a[j - 1] - v(i, j - 1);
  if (rule === 'parity' && (j - i) % 2 === 0) {
    let mine = 0n;
    let other = 0n;
    for (let k = i; k < j; k++) {
      if ((k - i) % 2 === 0) mine += a[k];
      else other += a[k];
    }
    return mine >= other;
  }
  return a[i] >= a[j - 1];
}

/** Player 1's exact margin, and the replier's first move when it moves first. */
function search(a, rule, seat) {
  const n = a.length;
  const p = chance(rule);
  const keep = add(frac(1n), mul(p, frac(-1n)));
  const v = classic(a);
  const memo = new Map();
  const w = (i, j) => {
    if (i === j) return frac(0n);
    const key = i * 64 + j;
    if (memo.has(key)) return memo.get(key);
    const mover = (n - (j - i)) % 2 === 0 ? 1 : 2;
    const sign = mover === 1 ? 1n : -1n;
    const left = add(frac(sign * a[i]), w(i + 1, j));
    const right = add(frac(sign * a[j - 1]), w(i, j - 1));
    let out;
    if (mover !== seat) {
      const c = cmp(left, right);
      out = mover === 1 ? (c >= 0 ? left : right) : c <= 0 ? left : right;
    } else {
      const chosen = takesLeft(rule, a, i, j, v) ? left : right;
      out = add(mul(keep, chosen), mul(p, mul(add(left, right), frac(1n, 2n))));
    }
    memo.set(key, out);
    return out;
  };
  let first = 'none';
  if (seat === 2 && n > 0) first = cmp(add(frac(a[0]), w(1, n)), add(frac(a[n - 1]), w(0, n - 1))) >= 0 ? 'left' : 'right';
  return { margin: w(0, n), first };
}

/** A value of against() as a fraction: a BigInt, or { num, den }. */
function asFrac(x, exact) {
  if (exact) {
    assert.equal(typeof x, 'bigint');
    return frac(x);
  }
  assert.deepEqual(Object.keys(x), ['num', 'den']);
  assert.ok(x.den > 0n && gcd(x.num, x.den) === 1n, `lowest terms: ${x.num}/${x.den}`);
  return [x.num, x.den];
}

function rows(seed, count) {
  const r = prng(seed);
  const out = [];
  for (let k = 0; k < count; k++) out.push(randomRow(r, r.int(0, 9), k % 9 === 0 ? KINDS[k % KINDS.length] : 'small'));
  return out;
}

test("SPOJ TWENDS's sample: player 2 greedy, player 1 wins by 7, 4 and 5", () => {
  const sample = [[[3, 2, 10, 4], 7n], [[1, 2, 3, 4, 5, 6, 7, 8], 4n], [[2, 2, 1, 5, 3, 8, 7, 3], 5n]];
  for (const [row, margin] of sample) {
    const r = against(row, 'greedy');
    assert.equal(r.margin, margin);
    assert.equal(r.p1 + r.p2, BigInt(row.reduce((s, x) => s + x, 0)));
    assert.equal(r.p1 - r.p2, margin);
    assert.deepEqual([r.exact, r.rule, r.seat, r.margin_decimal], [true, 'greedy', 2, Number(margin)]);
  }
  assert.equal(againstLine([3, 2, 10, 4], 'greedy'), 'LRRL');
});

test('every rule in both seats equals the exhaustive search in exact fractions', (t) => {
  t.diagnostic(`seed ${SEED}`);
  for (const a of rows(SEED ^ 0x32, 90)) {
    const sum = a.reduce((s, x) => s + x, 0n);
    for (const rule of RULES) {
      for (const seat of [1, 2]) {
        const r = against(a, rule, { opponentFirst: seat === 1 });
        const want = search(a, rule, seat);
        const where = `${show(a)} ${rule} seat ${seat} (seed ${SEED})`;
        const exact = cmp(chance(rule), frac(0n)) === 0;
        assert.equal(r.exact, exact, where);
        const m = asFrac(r.margin, exact);
        assert.deepEqual(m, want.margin, where);
        assert.deepEqual(asFrac(r.p1, exact), mul(add(frac(sum), m), frac(1n, 2n)), where);
        assert.deepEqual(asFrac(r.p2, exact), mul(add(frac(sum), mul(m, frac(-1n))), frac(1n, 2n)), where);
        const decimal = Number(m[0]) / Number(m[1]); // the nearest double, or nearly
        assert.ok(Math.abs(r.margin_decimal - decimal) <= 1e-12 * Math.max(1, Math.abs(decimal)), where);
        assert.deepEqual([r.first_move, r.seat, r.rule], [want.first, seat, rule], where);
      }
    }
  }
});

test("the line keeps to the rule's moves and gives the totals", (t) => {
  t.diagnostic(`seed ${SEED}`);
  for (const a of rows(SEED ^ 0x33, 120)) {
    const v = classic(a);
    for (const rule of ['greedy', 'parity', 'optimal', 'fallible:0']) {
      for (const seat of [1, 2]) {
        const options = { opponentFirst: seat === 1 };
        const line = againstLine(a, rule, options);
        const r = against(a, rule, options);
        const where = `${show(a)} ${rule} seat ${seat} ${line} (seed ${SEED})`;
        assert.equal(line.length, a.length, where);
        let i = 0;
        let j = a.length;
        const tot = [0n, 0n];
        for (let k = 0; k < line.length; k++) {
          const mover = 1 + (k % 2);
          if (mover === seat) assert.equal(line[k] === 'L', takesLeft(rule, a, i, j, v), where);
          else if (k === 0) assert.equal(line[0], r.first_move === 'left' ? 'L' : 'R', where);
          tot[mover - 1] += line[k] === 'L' ? a[i++] : a[--j];
        }
        assert.deepEqual(tot, [r.p1, r.p2], where);
      }
    }
  }
});

test('the reply at a position is against() on the coins left', () => {
  const a = [2, 2, 1, 5, 3, 8, 7, 3];
  const line = againstLine(a, 'greedy');
  let lo = 0;
  let hi = a.length;
  for (let k = 0; k < line.length; k++) {
    if (k % 2 === 0) assert.equal(against(a.slice(lo, hi), 'greedy').first_move, line[k] === 'L' ? 'left' : 'right');
    if (line[k] === 'L') lo++;
    else hi--;
  }
});

test('expected values: exact fractions and their decimals', () => {
  const r = against([3, 2, 10, 4], 'random', { opponentFirst: true });
  assert.deepEqual(r, {
    exact: false,
    p1: { num: 31n, den: 4n },
    p2: { num: 45n, den: 4n },
    margin: { num: -7n, den: 2n },
    p1_decimal: 7.75,
    p2_decimal: 11.25,
    margin_decimal: -3.5,
    first_move: 'none',
    rule: 'random',
    seat: 1,
  });
  assert.deepEqual(against([], 'random').margin, { num: 0n, den: 1n });
  assert.equal(against(['9223372036854775807', -(2n ** 63n)], 'greedy').margin, 2n ** 64n - 1n);
});

test('errors: the rule, the options, the coins, the sizes', () => {
  const range = (f, code, message) => assert.throws(f, (e) => e instanceof RangeError && e.code === code && message.test(e.message));
  range(() => against([1, 2], 'smart'), 'COINLINE_EINVAL', /^against: unknown rule "smart": give 'greedy'/);
  for (const bad of ['fallible:2', 'fallible:', 'fallible:-1', 'fallible:0.5x']) {
    range(() => against([1, 2], bad), 'COINLINE_EINVAL', /^against: rule .*: the P of fallible:P is a probability/);
  }
  range(() => againstLine([1, 2], 'smart'), 'COINLINE_EINVAL', /^againstLine: unknown rule/);
  for (const rule of ['random', 'fallible:0.5']) {
    range(() => againstLine([1, 2, 3], rule), 'COINLINE_EINVAL', /no single line of play/);
  }
  range(() => against(new Array(5000).fill(1), 'random'), 'COINLINE_ETOOBIG', /^against: 5000 coins are too many against "random"/);
  range(() => againstLine(new Array(16385).fill(1), 'greedy'), 'COINLINE_ETOOBIG', /^againstLine: 16385 coins are too many/);
  for (const what of ['against', 'againstLine']) {
    const f = coinline[what];
    assert.throws(() => f([1, 'x'], 'greedy'), { name: 'TypeError', message: new RegExp(`^${what}: coins\\[1\\]`) });
    assert.throws(() => f([2n ** 63n], 'greedy'), { name: 'RangeError', message: new RegExp(`^${what}: coins\\[0\\]`) });
    assert.throws(() => f(null, 'greedy'), { name: 'TypeError', message: new RegExp(`^${what}: coins`) });
    for (const rule of [undefined, null, 3, 'gre\0edy']) {
      assert.throws(() => f([1, 2], rule), { name: 'TypeError', message: new RegExp(`^${what}: the rule must be a string`) });
    }
    for (const options of [null, 1, [], { opponent: true }, { opponentFirst: 1 }]) {
      assert.throws(() => f([1, 2], 'greedy', options), { name: 'TypeError', message: new RegExp(`^${what}: `) });
    }
  }
});

test('10^4 calls, errors among them, leave memoryBytes() unchanged', () => {
  const a = rows(7, 40);
  const call = (k) => {
    try {
      const row = a[k % a.length];
      if (k % 5 === 4) againstLine(row, k % 2 ? 'random' : 'greedy');
      else against(k % 7 === 6 ? [...row, 'x'] : row, RULES[k % RULES.length], { opponentFirst: k % 3 === 0 });
    } catch (e) {
      if (!(e instanceof TypeError || e instanceof RangeError)) throw e;
    }
  };
  for (let k = 0; k < 1000; k++) call(k);
  const before = memoryBytes();
  for (let k = 0; k < 10000; k++) call(k);
  assert.equal(memoryBytes(), before);
});
