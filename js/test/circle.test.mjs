// SPDX-License-Identifier: MIT
// circle.test.mjs - the circular game (the pizza game): circleSolve,
// circleMargins, circleRotate, circleLine, Strategy.first, circleAnalyze
// and circleTable against the programme over the circle's arcs written
// here (a first move at p leaves the line p+1 .. p-1, solved by the
// interval programme of helpers.mjs), and against exhaustive play on
// small circles; the arguments they refuse.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { coinline, SEED, prng, randomRow, KINDS, dp, expectedLine, show } from './helpers.mjs';

const { circleSolve, circleMargins, circleRotate, circleLine, circleAnalyze, circleTable, analyze, Strategy } =
  coinline;

/** The line left once the coin at position p (1-based) is taken. */
function rotated(a, p) {
  const n = a.length;
  const line = [];
  for (let i = 0; i < n - 1; i++) line.push(a[(p + i) % n]);
  return line;
}

/** The circle by definition: each first position's margin, the best one. */
function expectedCircle(a) {
  const n = a.length;
  const margins = a.map((c, k) => {
    const d = dp(rotated(a, k + 1));
    return c - d.V[0][n - 1];
  });
  let first = 0;
  for (let p = 1; p < n; p++) if (margins[p] > margins[first]) first = p;
  const sum = a.reduce((s, x) => s + x, 0n);
  const margin = n > 0 ? margins[first] : 0n;
  return {
    margins,
    result: {
      n: BigInt(n),
      sum,
      p1: (sum + margin) / 2n,
      p2: (sum - margin) / 2n,
      margin,
      winner: margin > 0n ? 'first' : margin < 0n ? 'second' : 'draw',
      first: n > 0 ? BigInt(first + 1) : 0n,
    },
  };
}

/** Exhaustive play of a line: every line of play, (own - other's). */
function minimax(b, lo = 0, hi = b.length) {
  if (lo === hi) return 0n;
  const left = b[lo] - minimax(b, lo + 1, hi);
  const right = b[hi - 1] - minimax(b, lo, hi - 1);
  return left > right ? left : right;
}

/** Exhaustive play of the circle: the first player's best margin. */
function brute(a) {
  let best = null;
  for (let p = 1; p <= a.length; p++) {
    const v = a[p - 1] - minimax(rotated(a, p));
    if (best === null || v > best) best = v;
  }
  return best === null ? 0n : best;
}

function* circles(r, count, maxN) {
  for (let k = 0; k < count; k++) yield randomRow(r, r.int(0, maxN), KINDS[k % KINDS.length]);
}

test('circleSolve and circleMargins agree with the arcs by definition', (t) => {
  t.diagnostic(`seed ${SEED}`);
  const r = prng(SEED);
  for (const a of circles(r, 400, 24)) {
    const want = expectedCircle(a);
    assert.deepEqual(circleSolve(a), want.result, `circleSolve(${show(a)}), seed ${SEED}`);
    assert.deepEqual(circleMargins(a), want.margins, `circleMargins(${show(a)}), seed ${SEED}`);
  }
});

test('circleSolve agrees with exhaustive play on every circle of up to 6 coins over -1..1', () => {
  for (let n = 0; n <= 6; n++) {
    for (let code = 0; code < 3 ** n; code++) {
      const a = [];
      for (let i = 0, c = code; i < n; i++, c = Math.floor(c / 3)) a.push(BigInt((c % 3) - 1));
      assert.equal(circleSolve(a).margin, brute(a), `circleSolve(${show(a)})`);
    }
  }
});

test('circles of 0, 1 and 2 coins, and totals past 64 bits', () => {
  assert.deepEqual(circleSolve([]), { n: 0n, sum: 0n, p1: 0n, p2: 0n, margin: 0n, winner: 'draw', first: 0n });
  assert.deepEqual(circleSolve([-4]), { n: 1n, sum: -4n, p1: -4n, p2: 0n, margin: -4n, winner: 'second', first: 1n });
  assert.deepEqual(circleSolve([3, 8]), { n: 2n, sum: 11n, p1: 8n, p2: 3n, margin: 5n, winner: 'first', first: 2n });
  const big = 2n ** 63n - 1n;
  const res = circleSolve([big, big, big]);
  assert.equal(res.p1, 2n * big);
  assert.equal(res.sum, 3n * big);
  assert.deepEqual(circleLine([]), { first: 0n, moves: '' });
  assert.deepEqual(circleLine([5]), { first: 1n, moves: '' });
});

test('the worked example: 1 3 5 2 9 (first 9 at position 5, then LLLL)', () => {
  const res = circleSolve([1, 3, 5, 2, 9]);
  assert.equal(res.first, 5n);
  assert.equal(res.p1, 14n);
  assert.deepEqual(circleLine([1, 3, 5, 2, 9]), { first: 5n, moves: 'LLLL' });
  assert.deepEqual(circleRotate([1, 3, 5, 2, 9], 5), [1n, 3n, 5n, 2n]);
  assert.deepEqual(circleRotate([1, 3, 5, 2, 9], 2n), [5n, 2n, 9n, 1n]);
});

test('circleRotate and circleLine against the definition', (t) => {
  t.diagnostic(`seed ${SEED}`);
  const r = prng(SEED ^ 0x51);
  for (const a of circles(r, 200, 20)) {
    if (a.length === 0) continue;
    const p = r.int(1, a.length);
    assert.deepEqual(circleRotate(a, p), rotated(a, p), `circleRotate(${show(a)}, ${p})`);
    const { result } = expectedCircle(a);
    const want = { first: result.first, moves: expectedLine(dp(rotated(a, Number(result.first)))) };
    assert.deepEqual(circleLine(a), want, `circleLine(${show(a)}), seed ${SEED}`);
  }
});

test('Strategy.first: optimal, greedy, random and fallible', (t) => {
  t.diagnostic(`seed ${SEED}`);
  const r = prng(SEED ^ 0x77);
  for (const a of circles(r, 150, 16)) {
    if (a.length === 0) continue;
    const optimal = new Strategy('optimal');
    const greedy = new Strategy('greedy');
    const random = new Strategy('random', r.int(0, 1000));
    try {
      assert.equal(optimal.first(a), expectedCircle(a).result.first, `optimal on ${show(a)}`);
      let g = 0;
      for (let p = 1; p < a.length; p++) if (a[p] > a[g]) g = p;
      assert.equal(greedy.first(a), BigInt(g + 1), `greedy on ${show(a)}`);
      const p = random.first(a);
      assert.ok(p >= 1n && p <= BigInt(a.length), `random on ${show(a)}: ${p}`);
    } finally {
      optimal.free();
      greedy.free();
      random.free();
    }
  }
  const never = new Strategy('fallible:0');
  assert.equal(never.first([4, 9, 2, 9, 1]), expectedCircle([4n, 9n, 2n, 9n, 1n]).result.first);
  assert.throws(() => never.first([]), (e) => e instanceof RangeError && /the circle is empty/.test(e.message));
  never.free();
  assert.throws(() => never.first([1]), /it was freed/);
});

/**
 * The review of a circular game from the definition: the first move's
 * loss from the margins; each later move's from the programme on the line
 * left (the mover's secured total before it against after it).
 */
function expectedReview(a, first, moves) {
  const n = a.length;
  const { margins, result } = expectedCircle(a);
  const reviews = [];
  const total = [a[first - 1], 0n];
  reviews.push({
    move: 1n,
    player: 1,
    side: 'none',
    position: BigInt(first),
    coin: a[first - 1],
    best: 'none',
    best_position: result.first,
    best_coin: a[Number(result.first) - 1],
    optimal: margins[first - 1] === result.margin,
    loss: (result.margin - margins[first - 1]) / 2n,
    secured: result.p1,
    p1: a[first - 1],
    p2: 0n,
    final_margin: margins[first - 1],
  });
  const b = rotated(a, first);
  const d = dp(b);
  let lo = 0;
  let hi = b.length;
  for (let k = 0; k < moves.length; k++) {
    const who = (k + 1) % 2; // 0: player 1; move 2 is player 2's
    const left = moves[k] === 'L';
    const best = d.M[lo][hi];
    const secured = total[who] + (d.sum(lo, hi) + d.V[lo][hi]) / 2n;
    const at = left ? lo : hi - 1;
    const bestAt = best === 'L' ? lo : hi - 1;
    total[who] += b[at];
    if (left) lo++;
    else hi--;
    const after = total[who] + (d.sum(lo, hi) - d.V[lo][hi]) / 2n;
    const next = lo === hi ? null : 1 - who; // the game's player to move next (0: player 1)
    const rest = next === null ? 0n : next === 0 ? d.V[lo][hi] : -d.V[lo][hi];
    reviews.push({
      move: BigInt(k + 2),
      player: who + 1,
      side: left ? 'left' : 'right',
      position: BigInt(((first + at) % n) + 1),
      coin: b[at],
      best: best === 'L' ? 'left' : 'right',
      best_position: BigInt(((first + bestAt) % n) + 1),
      best_coin: b[bestAt],
      optimal: secured === after,
      loss: secured - after,
      secured,
      p1: total[0],
      p2: total[1],
      final_margin: total[0] - total[1] + rest,
    });
  }
  return reviews;
}

test('circleAnalyze: every move reviewed, move 1 included, against the definition', (t) => {
  t.diagnostic(`seed ${SEED}`);
  const r = prng(SEED ^ 0xa7);
  for (const a of circles(r, 200, 16)) {
    if (a.length === 0) continue;
    const first = r.int(1, a.length);
    let moves = '';
    const count = r.int(0, a.length - 1);
    for (let k = 0; k < count; k++) moves += r.pick(['L', 'R']);
    const got = circleAnalyze(a, first, moves);
    const want = expectedReview(a, first, moves);
    assert.deepEqual(got.moves, want, `circleAnalyze(${show(a)}, ${first}, '${moves}'), seed ${SEED}`);
    const last = want[want.length - 1];
    assert.equal(got.summary.finished, count === a.length - 1);
    assert.equal(got.summary.p1, last.p1);
    assert.equal(got.summary.p2, last.p2);
    assert.equal(got.summary.best_p1, expectedCircle(a).result.p1);
    assert.equal(got.summary.best_first_move, expectedCircle(a).result.first);
    const lost = [0n, 0n];
    for (const m of want) lost[m.player - 1] += m.loss;
    assert.deepEqual(got.summary.lost, lost);
  }
});

test('circleAnalyze before move 1, and lower case', () => {
  const none = circleAnalyze([1, 3, 5, 2, 9], 0, '');
  assert.deepEqual(none.moves, []);
  assert.equal(none.first, 0n);
  assert.equal(none.summary.finished, false);
  assert.equal(none.summary.best_first_move, 5n); // 1 3 5 2 9: take the 9
  assert.equal(circleAnalyze([], 0, '').summary.best_first_move, 0n);
  const done = circleAnalyze([1, 3, 5, 2, 9], 5n, 'llll');
  assert.equal(done.summary.finished, true);
  assert.equal(done.summary.p1, 14n);
  assert.equal(done.summary.winner, 'first');
  assert.deepEqual(done.moves.map((m) => m.position), [5n, 1n, 2n, 3n, 4n]);
  assert.equal(analyze([1, 3, 5, 2], 'LLLL').moves.length, 4); // the line game is untouched
});

test('circleTable: every arc, every margin, the first position and the line', (t) => {
  t.diagnostic(`seed ${SEED}`);
  const r = prng(SEED ^ 0x7ab);
  for (const a of circles(r, 60, 12)) {
    const n = a.length;
    const got = circleTable(a);
    const { margins, result } = expectedCircle(a);
    assert.equal(got.n, BigInt(n));
    assert.equal(got.circle, true);
    assert.deepEqual(got.margins, margins, `margins of ${show(a)}`);
    assert.equal(got.first, n > 0 ? result.first : null);
    for (let i = 0; i < n; i++) {
      for (let len = 1; len < n; len++) {
        const arc = [];
        for (let k = 0; k < len; k++) arc.push(a[(i + k) % n]);
        const d = dp(arc);
        assert.equal(got.v[i][len - 1], d.V[0][len], `V(${i + 1}, ${len}) of ${show(a)}`);
        assert.equal(got.move[i][len - 1], d.M[0][len], `move(${i + 1}, ${len}) of ${show(a)}`);
      }
    }
    if (n > 0) assert.equal(got.line, expectedLine(dp(rotated(a, Number(result.first)))));
  }
  assert.deepEqual(circleTable([1, 3, 5]), {
    n: 3n,
    circle: true,
    v: [[1n, 2n], [3n, 2n], [5n, 4n]],
    move: ['LR', 'LR', 'LL'],
    margins: [-1n, -1n, 3n],
    first: 3n,
    line: 'RL',
  });
});

test('the circle calls refuse bad arguments, naming them', () => {
  assert.throws(() => circleRotate([1, 2, 3], 0), (e) => e instanceof RangeError && /position 0 is not on the circle: it has 3 coins/.test(e.message));
  assert.throws(() => circleRotate([1, 2, 3], 4), /position 4 is not on the circle/);
  assert.throws(() => circleRotate([1, 2, 3]), TypeError);
  assert.throws(() => circleRotate([1, 2, 3], 'x'), TypeError);
  assert.throws(() => circleSolve([1, 2.5]), (e) => e instanceof TypeError && /circleSolve: coins\[1\]/.test(e.message));
  assert.throws(() => circleMargins(5), TypeError);
  assert.throws(() => circleAnalyze([1, 2, 3], 0, 'L'), (e) => e instanceof RangeError && /need its first position/.test(e.message));
  assert.throws(() => circleAnalyze([1, 2, 3], 1, 'LLL'), (e) => e instanceof RangeError && /move 3 is one too many/.test(e.message));
  assert.throws(() => circleAnalyze([1, 2, 3], 1, 'X'), RangeError);
  assert.throws(() => circleAnalyze([1, 2, 3], 1, 5), TypeError);
  assert.throws(() => circleTable(new Array(513).fill(1)), /513 coins: it takes 512 at most/);
});
