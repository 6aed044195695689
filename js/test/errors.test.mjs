// SPDX-License-Identifier: MIT
// errors.test.mjs - every argument the API refuses: the row, each coin
// (the message names coins[i] and the call), bestMove's bounds, table's
// length, Engine.play's side; and the edge values it must accept.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { coinline, I64_MIN, I64_MAX } from './helpers.mjs';

const { solve, bestMove, line, analyze, table, Engine } = coinline;

/** Each call that takes a row, by the name its errors give. */
const CALLS = {
  solve: (c) => solve(c),
  bestMove: (c) => bestMove(c),
  line: (c) => line(c),
  analyze: (c) => analyze(c, ''),
  table: (c) => table(c),
  Engine: (c) => new Engine(c).free(),
};

function escape(s) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

test('every call refuses a row that is not an array with a TypeError', () => {
  for (const [what, call] of Object.entries(CALLS)) {
    for (const bad of [null, undefined, '123', 123, 12n, true, {}, { length: -1 }, { length: 1.5 }, () => 1]) {
      assert.throws(() => call(bad), { name: 'TypeError', message: new RegExp(`^${what}: coins`) }, `${what}(${String(bad)})`);
    }
  }
});

/** Bad coins, with the error each must give. */
const BAD = [
  [1.5, TypeError],
  [-0.5, TypeError],
  [NaN, TypeError],
  [Infinity, TypeError],
  [-Infinity, TypeError],
  [2 ** 53, RangeError],
  [2 ** 53 + 2, RangeError],
  [-(2 ** 53), RangeError],
  [1e300, RangeError],
  ['12x', TypeError],
  ['', TypeError],
  [' 1', TypeError],
  ['1 ', TypeError],
  ['1.0', TypeError],
  ['1e3', TypeError],
  ['0x10', TypeError],
  ['-', TypeError],
  [null, TypeError],
  [undefined, TypeError],
  [{}, TypeError],
  [[1], TypeError],
  [true, TypeError],
  [Symbol('c'), TypeError],
  [2n ** 63n, RangeError],
  [-(2n ** 63n) - 1n, RangeError],
  [2n ** 64n, RangeError],
  ['9223372036854775808', RangeError],
  ['-9223372036854775809', RangeError],
  ['99999999999999999999999999', RangeError],
];

test('every call refuses a bad coin with a TypeError or RangeError naming the call and coins[i]', () => {
  for (const [what, call] of Object.entries(CALLS)) {
    for (const [bad, type] of BAD) {
      for (const i of [0, 3]) {
        const row = [1, 2, 3, 4, 5];
        row[i] = bad;
        assert.throws(() => call(row), { name: type.name, message: new RegExp(`^${escape(what)}: coins\\[${i}\\]`) }, `${what}: coins[${i}] = ${String(bad)}`);
      }
    }
  }
});

test('the first bad coin is the one named', () => {
  assert.throws(() => solve([1, 2, 'x', 1.5]), /coins\[2\]/);
  const long = new Array(1000).fill(7);
  long[999] = '7.0';
  assert.throws(() => solve(long), /coins\[999\]/);
});

test('holes in an array are refused, naming the hole', () => {
  // eslint-disable-next-line no-sparse-arrays
  assert.throws(() => solve([1, , 3]), { name: 'TypeError', message: /coins\[1\]/ });
  assert.throws(() => line(new Array(4)), { name: 'TypeError', message: /coins\[0\]/ });
  const a = [1, 2, 3];
  a.length = 5;
  assert.throws(() => new Engine(a), { name: 'TypeError', message: /coins\[3\]/ });
});

test('the ends of int64 are accepted in every form, and array-likes too', () => {
  for (const c of [I64_MIN, I64_MAX, String(I64_MIN), String(I64_MAX), Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER, -0, '-0', '+7', '007']) {
    const want = BigInt(String(c).replace(/^\+/, ''));
    assert.equal(solve([c]).p1, want, String(c));
  }
  assert.deepEqual(solve({ length: 2, 0: 3, 1: 9n }), solve([3, 9]));
  assert.deepEqual(solve(new Int32Array([3, -9, 1])), solve([3, -9, 1]));
  assert.deepEqual(solve(new Float64Array([3, -9, 1])), solve([3, -9, 1]));
  assert.deepEqual(solve(BigInt64Array.of(I64_MIN, I64_MAX)), solve([I64_MIN, I64_MAX]));
  // A BigUint64Array's coins are checked as any BigInt.
  assert.throws(() => solve(BigUint64Array.of(1n, 2n ** 63n)), { name: 'RangeError', message: /coins\[1\]/ });
});

test('bestMove refuses lo and hi out of range with a RangeError', () => {
  const a = [1, 2, 3];
  for (const [lo, hi] of [[2, 1], [0, 4], [4, 4], [-1, 2], [0, -1], [1.5, 2], [0, 2.5], [NaN, 1], [Infinity, 1], [-1n, 2], [0, 4n], [2 ** 53, 2 ** 53], [0, 2n ** 64n]]) {
    assert.throws(() => bestMove(a, lo, hi), RangeError, `[${lo}, ${hi})`);
  }
});

test('bestMove refuses lo and hi of the wrong type with a TypeError', () => {
  const a = [1, 2, 3];
  for (const bad of ['1', null, {}, true, [1]]) {
    assert.throws(() => bestMove(a, bad, 2), { name: 'TypeError', message: /\blo\b/ }, String(bad));
    assert.throws(() => bestMove(a, 0, bad), { name: 'TypeError', message: /\bhi\b/ }, String(bad));
  }
});

test('table refuses a row of more than 1024 coins with a RangeError', () => {
  assert.throws(() => table(new Array(1025).fill(1)), { name: 'RangeError', message: /1025/ });
  assert.throws(() => table(new BigInt64Array(5000)), RangeError);
});

test('Engine.play refuses a bad side with a TypeError before anything else', () => {
  const e = new Engine([1]);
  e.play('L');
  assert.throws(() => e.play('M'), TypeError, 'a bad side is a TypeError even when no coin is left');
  assert.throws(() => e.play('L'), RangeError);
  e.free();
});

test('a refused call leaves the engine usable', () => {
  assert.throws(() => solve([1, 'x']), TypeError);
  assert.equal(solve([3, 9, 1, 2]).p1, 11n);
});

test('a row whose getter calls the engine (and grows its memory) is still read right', () => {
  let grew = false;
  const row = {
    length: 3,
    0: 3,
    get 1() {
      const before = coinline.memoryBytes();
      solve(new Array(300000).fill(1)); // 2.4 MB: more than any heap so far
      grew ||= coinline.memoryBytes() > before; // the row is read again after growth
      return 9;
    },
    2: 1n,
  };
  assert.deepEqual(solve(row), solve([3, 9, 1]));
  assert.ok(grew, 'the memory grew inside the getter');
});

test('a row whose length changes as it is read is read with its first length', () => {
  // A length that says 40 at first and 1 later: were it read twice, the
  // copy would hold one coin and the engine would read 39 more past it.
  const shifty = () => {
    let reads = 0;
    return new Proxy([5], {
      get(target, key) {
        if (key === 'length') return ++reads <= 1 ? 40 : 1;
        return Reflect.get(target, key);
      },
    });
  };
  for (const [name, call] of Object.entries(CALLS)) {
    assert.throws(() => call(shifty()), { name: 'TypeError', message: new RegExp(`^${name}: coins\\[1\\]`) },
      `${name} reads coins[1] of the 40 it was told of`);
  }
  const twice = new Proxy([3, 9, 1, 2], {
    get(target, key) {
      return key === 'length' ? 4 : Reflect.get(target, key);
    },
  });
  assert.deepEqual(analyze(twice, 'RL').summary, analyze([3, 9, 1, 2], 'RL').summary);
});

test('a row longer than the engine can hold is refused before anything is allocated', () => {
  const before = coinline.memoryBytes();
  for (const n of [2 ** 28 + 1, 2 ** 29 + 1, 2 ** 31, 2 ** 40]) {
    for (const [name, call] of Object.entries(CALLS)) {
      assert.throws(() => call({ length: n }), { name: 'RangeError', message: new RegExp(`^${name}: ${n} coins`) });
    }
  }
  assert.equal(coinline.memoryBytes(), before, 'no memory grown for a refused row');
});
