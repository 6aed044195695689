// SPDX-License-Identifier: MIT
// solve.test.mjs - solve, bestMove, line and table against the interval
// programme in BigInt (helpers.mjs): the classic rows, then random rows of
// every kind (ties, negatives, values near +-2^63 whose sums pass 64 bits).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { coinline, SEED, prng, randomRow, randomRows, KINDS, dp, expectedSolve, expectedLine, show, I64_MIN, I64_MAX } from './helpers.mjs';

const { solve, bestMove, line, table } = coinline;

/** Every answer on one row checked against the programme. */
function checkRow(a, why) {
  const d = dp(a);
  const msg = `${why}: row ${show(a)}`;
  assert.deepEqual(solve(a), expectedSolve(a), msg);
  assert.equal(line(a), expectedLine(d), msg);
  return d;
}

const CLASSIC = [
  // [row, first player's total, second's, first move]
  [[3, 9, 1, 2], 11n, 4n, 'right'],
  [[8, 15, 3, 7], 22n, 11n, 'right'],
  [[20, 30, 2, 2, 2, 10], 42n, 24n, 'right'],
  [[5, 3, 7, 10], 15n, 10n, 'right'],
  [[2, 2, 2, 2], 4n, 4n, 'left'],
  [[1, 5, 2], 3n, 5n, 'left'],
  [[1, 5, 233, 7], 234n, 12n, 'left'],
  [[], 0n, 0n, 'none'],
  [[7], 7n, 0n, 'left'],
  [[-7], -7n, 0n, 'left'],
  [[0], 0n, 0n, 'left'],
  [[-1, -2, -3], -4n, -2n, 'left'],
  [[4, 4], 4n, 4n, 'left'],
];

test('solve gives the classic rows their known totals, and the programme agrees', () => {
  for (const [row, p1, p2, first] of CLASSIC) {
    const got = solve(row);
    assert.equal(got.p1, p1, show(row));
    assert.equal(got.p2, p2, show(row));
    assert.equal(got.first_move, first, show(row));
    checkRow(row.map(BigInt), 'classic');
  }
});

test('solve on the empty row: nothing to take, a draw, no first move', () => {
  assert.deepEqual(solve([]), { n: 0n, sum: 0n, p1: 0n, p2: 0n, margin: 0n, winner: 'draw', first_move: 'none' });
  assert.equal(line([]), '');
  assert.deepEqual(bestMove([]), { move: 'none', value: 0n });
  assert.deepEqual(table([]), { n: 0n, v: [], move: [], line: '' });
});

test('solve on one coin: the first player takes it, from the left', () => {
  for (const c of [0n, 1n, -1n, I64_MAX, I64_MIN]) {
    const w = c > 0n ? 'first' : c < 0n ? 'second' : 'draw';
    assert.deepEqual(solve([c]), { n: 1n, sum: c, p1: c, p2: 0n, margin: c, winner: w, first_move: 'left' });
    assert.equal(line([c]), 'L');
  }
});

test('solve breaks ties towards the left and calls equal totals a draw', () => {
  assert.equal(solve([1, 1]).first_move, 'left');
  assert.equal(solve([3, 1, 1, 3]).first_move, 'left');
  assert.equal(solve([5, 5, 5, 5, 5, 5]).winner, 'draw');
  assert.equal(line([1, 1, 1, 1, 1]), 'LLLLL');
  assert.equal(bestMove([2, 0, 2], 0, 3).move, 'left');
});

test('solve keeps totals past 64 bits exact', () => {
  const row = [I64_MAX, I64_MAX, I64_MAX, I64_MAX, I64_MAX];
  const r = solve(row);
  assert.equal(r.sum, 5n * I64_MAX);
  assert.equal(r.p1, 3n * I64_MAX);
  assert.equal(r.p2, 2n * I64_MAX);
  const low = solve(new Array(6).fill(I64_MIN));
  assert.equal(low.sum, 6n * I64_MIN);
  assert.equal(low.margin, 0n);
  assert.deepEqual(solve([I64_MIN, I64_MAX, I64_MIN, I64_MAX]), expectedSolve([I64_MIN, I64_MAX, I64_MIN, I64_MAX]));
});

test('Numbers, BigInts, decimal strings and a BigInt64Array give the same answers', () => {
  const big = [3n, -9n, 1n, 2n, 9007199254740991n, -9007199254740991n];
  const forms = [
    big.map(Number),
    big.map(String),
    big.map((x, i) => (i % 3 === 0 ? Number(x) : i % 3 === 1 ? String(x) : x)),
    BigInt64Array.from(big),
  ];
  const want = expectedSolve(big);
  for (const f of forms) {
    assert.deepEqual(solve(f), want);
    assert.equal(line(f), line(big));
    assert.deepEqual(bestMove(f, 1, 5), bestMove(big, 1, 5));
    assert.deepEqual(table(f), table(big));
  }
  assert.deepEqual(solve(['+5', '007', '-0']), expectedSolve([5n, 7n, 0n]));
  assert.deepEqual(solve([String(I64_MIN), String(I64_MAX)]), expectedSolve([I64_MIN, I64_MAX]));
});

test('solve and line agree with the programme on random rows (n 0..30)', (t) => {
  t.diagnostic(`seed ${SEED} (COINLINE_SEED to replay)`);
  const r = prng(SEED);
  let rows = 0;
  for (const a of randomRows(r, 2400, 30)) {
    checkRow(a, `seed ${SEED}`);
    rows++;
  }
  // Every length, odd and even, and every kind of row, at least once.
  for (let n = 0; n <= 30; n++) for (const kind of KINDS) checkRow(randomRow(r, n, kind), `seed ${SEED}, ${kind}`);
  assert.equal(rows, 2400);
});

test('the same random rows as BigInt64Array give the same answers', (t) => {
  t.diagnostic(`seed ${SEED}`);
  const r = prng(SEED ^ 0x5bd1e995);
  for (const a of randomRows(r, 300, 30)) {
    const typed = BigInt64Array.from(a);
    assert.deepEqual(solve(typed), expectedSolve(a), `seed ${SEED}: ${show(a)}`);
    assert.equal(line(typed), line(a), `seed ${SEED}: ${show(a)}`);
  }
});

test('bestMove gives the programme\'s move (ties left) and value at every sub-row', (t) => {
  t.diagnostic(`seed ${SEED}`);
  const r = prng(SEED ^ 0x1234567);
  for (const a of randomRows(r, 240, 16)) {
    const d = dp(a);
    const n = a.length;
    for (let lo = 0; lo <= n; lo++) {
      for (let hi = lo; hi <= n; hi++) {
        const want = { move: lo === hi ? 'none' : d.M[lo][hi] === 'L' ? 'left' : 'right', value: d.V[lo][hi] };
        assert.deepEqual(bestMove(a, lo, hi), want, `seed ${SEED}: ${show(a)} [${lo}, ${hi})`);
      }
    }
    assert.deepEqual(bestMove(a), { move: n === 0 ? 'none' : d.M[0][n] === 'L' ? 'left' : 'right', value: d.V[0][n] });
    if (n > 0) {
      assert.deepEqual(bestMove(a, 1), bestMove(a, 1, n), 'hi defaults to n');
      assert.deepEqual(bestMove(a, 0n, BigInt(n)), bestMove(a, 0, n), 'BigInt bounds');
    }
  }
});

test('table gives the programme\'s v, move and line on random short rows', (t) => {
  t.diagnostic(`seed ${SEED}`);
  const r = prng(SEED ^ 0x7654321);
  for (const a of randomRows(r, 200, 12)) {
    const d = dp(a);
    const n = a.length;
    const v = [];
    const move = [];
    for (let i = 0; i < n; i++) {
      v.push(Array.from({ length: n }, (_, j) => (j < i ? null : d.V[i][j + 1])));
      move.push(Array.from({ length: n }, (_, j) => (j < i ? '-' : d.M[i][j + 1])).join(''));
    }
    assert.deepEqual(table(a), { n: BigInt(n), v, move, line: expectedLine(d) }, `seed ${SEED}: ${show(a)}`);
  }
});

test('table takes 1024 coins and its line is the line of play', () => {
  const r = prng(SEED ^ 0x2468ace);
  const a = randomRow(r, 1024, 'small');
  const t = table(a);
  assert.equal(t.n, 1024n);
  assert.equal(t.line, line(a));
  assert.equal(t.v[0][1023], solve(a).margin);
  assert.equal(t.v[1023][0], null);
});
