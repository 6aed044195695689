// SPDX-License-Identifier: MIT
// engine.test.mjs - the Engine at every position of random games, with
// undo back to the start, checked against the interval programme; its
// errors and its life (free); the Strategy's moves and seeds.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { coinline, SEED, prng, randomRows, randomRow, dp, show } from './helpers.mjs';

const { Engine, Strategy, solve } = coinline;

/** The state the engine should report at [lo, hi) with these totals. */
function expectedState(d, lo, hi, p1, p2) {
  const moves = d.n - (hi - lo);
  const toMove = lo === hi ? 0 : (moves % 2) + 1;
  const value = d.V[lo][hi];
  return {
    n: BigInt(d.n),
    lo: BigInt(lo),
    hi: BigInt(hi),
    moves: BigInt(moves),
    to_move: toMove,
    p1,
    p2,
    value,
    final_margin: p1 - p2 + (toMove === 1 ? value : -value),
    best: lo === hi ? 'none' : d.M[lo][hi] === 'L' ? 'left' : 'right',
  };
}

test('Engine.state agrees with the programme at every position of random games, and undo restores each', (t) => {
  t.diagnostic(`seed ${SEED} (COINLINE_SEED to replay)`);
  const r = prng(SEED ^ 0x0e4e);
  for (const a of randomRows(r, 400, 30)) {
    const d = dp(a);
    const e = new Engine(r.next() < 0.5 ? a : BigInt64Array.from(a));
    try {
      let lo = 0;
      let hi = a.length;
      let p1 = 0n;
      let p2 = 0n;
      const seen = [];
      const msg = () => `seed ${SEED}: ${show(a)} at [${lo}, ${hi})`;
      for (;;) {
        const st = e.state();
        assert.deepEqual(st, expectedState(d, lo, hi, p1, p2), msg());
        assert.deepEqual(e.state(), st, `${msg()}: a second state() is the same`);
        seen.push(st);
        if (lo === hi) break;
        // Random moves, but the optimal one often, and sometimes a move
        // played, taken back and played again.
        const side = r.next() < 0.3 ? st.best : r.pick(['L', 'R', 'l', 'r', 'left', 'right', 'LEFT', 'Right']);
        const left = side.toLowerCase().startsWith('l');
        if (r.next() < 0.1) {
          e.play(side).undo();
          assert.deepEqual(e.state(), st, `${msg()}: play then undo`);
        }
        assert.equal(e.play(side), e, 'play returns the engine');
        const coin = left ? a[lo++] : a[--hi];
        if (st.to_move === 1) p1 += coin;
        else p2 += coin;
      }
      assert.throws(() => e.play('L'), RangeError, msg());
      assert.throws(() => e.play('right'), RangeError, msg());
      assert.deepEqual(e.state(), seen[seen.length - 1], 'a refused move changes nothing');
      for (let k = seen.length - 2; k >= 0; k--) {
        assert.equal(e.undo(), e, 'undo returns the engine');
        assert.deepEqual(e.state(), seen[k], `seed ${SEED}: ${show(a)}: undo to move ${k}`);
      }
      assert.throws(() => e.undo(), RangeError, 'undo at the start');
      assert.deepEqual(e.state(), seen[0], 'a refused undo changes nothing');
    } finally {
      e.free();
    }
  }
});

test('Engine final_margin with best play from the start is solve\'s margin', (t) => {
  t.diagnostic(`seed ${SEED}`);
  const r = prng(SEED ^ 0xbe57);
  for (const a of randomRows(r, 100, 40)) {
    const e = new Engine(a);
    const want = solve(a);
    let st = e.state();
    assert.equal(st.final_margin, want.margin, show(a));
    while (st.to_move !== 0) {
      e.play(st.best);
      st = e.state();
      assert.equal(st.final_margin, want.margin, `seed ${SEED}: ${show(a)}: best play keeps the margin`);
    }
    assert.deepEqual([st.p1, st.p2], [want.p1, want.p2]);
    e.free();
  }
});

test('Engine.play refuses a side that is not L, R, left or right with a TypeError', () => {
  const e = new Engine([1, 2, 3]);
  for (const bad of ['x', '', 'up', 'LL', 'l ', 1, 2, 0, null, undefined, true, {}, ['L']]) {
    assert.throws(() => e.play(bad), TypeError, String(bad));
  }
  assert.equal(e.state().moves, 0n, 'nothing was played');
  e.free();
});

test('an Engine on the empty row is over at once', () => {
  const e = new Engine([]);
  assert.deepEqual(e.state(), { n: 0n, lo: 0n, hi: 0n, moves: 0n, to_move: 0, p1: 0n, p2: 0n, value: 0n, final_margin: 0n, best: 'none' });
  assert.throws(() => e.play('L'), RangeError);
  assert.throws(() => e.undo(), RangeError);
  e.free();
});

test('an Engine throws after free(), and a second free() is harmless', () => {
  const e = new Engine([3, 9, 1, 2]);
  e.play('R');
  assert.equal(e.freed, false);
  e.free();
  assert.equal(e.freed, true);
  assert.throws(() => e.state(), /freed/);
  assert.throws(() => e.play('L'), /freed/);
  assert.throws(() => e.undo(), /freed/);
  e.free();
  assert.equal(e.freed, true);
  const s = new Strategy('optimal');
  assert.throws(() => s.move(e), /freed/);
  s.free();
  s.free();
  assert.equal(s.freed, true);
  assert.throws(() => s.move(new Engine([1])), /freed/);
});

test('Symbol.dispose frees an Engine and a Strategy when the runtime has it', { skip: typeof Symbol.dispose !== 'symbol' && 'no Symbol.dispose' }, () => {
  const e = new Engine([1, 2]);
  const s = new Strategy('random', 1);
  e[Symbol.dispose]();
  s[Symbol.dispose]();
  assert.equal(e.freed, true);
  assert.equal(s.freed, true);
});

/** The moves a strategy chooses for both sides over a whole game of a. */
function playOut(a, strategy) {
  const e = new Engine(a);
  let moves = '';
  try {
    while (e.state().to_move !== 0) {
      const before = e.state();
      const m = strategy.move(e);
      assert.ok(m === 'left' || m === 'right', m);
      assert.deepEqual(e.state(), before, 'Strategy.move does not play');
      e.play(m);
      moves += m === 'left' ? 'L' : 'R';
    }
    assert.throws(() => strategy.move(e), RangeError, 'no move when no coin is left');
  } finally {
    e.free();
  }
  return moves;
}

test('Strategy optimal always plays the engine\'s best move', (t) => {
  t.diagnostic(`seed ${SEED}`);
  const r = prng(SEED ^ 0x0971);
  const s = new Strategy('optimal');
  for (const a of randomRows(r, 150, 30)) {
    const e = new Engine(a);
    while (e.state().to_move !== 0) {
      const best = e.state().best;
      assert.equal(s.move(e), best, `seed ${SEED}: ${show(a)}`);
      // then a random move, so that positions off the best line are seen
      e.play(r.next() < 0.5 ? 'L' : 'R');
    }
    e.free();
  }
  s.free();
});

test('Strategy greedy takes the larger end coin, ties to the left', (t) => {
  t.diagnostic(`seed ${SEED}`);
  const r = prng(SEED ^ 0x96ee);
  const s = new Strategy('greedy');
  for (const a of randomRows(r, 100, 20)) {
    let lo = 0;
    let hi = a.length;
    const e = new Engine(a);
    while (lo < hi) {
      const want = a[lo] >= a[hi - 1] ? 'left' : 'right';
      assert.equal(s.move(e), want, `seed ${SEED}: ${show(a)} [${lo}, ${hi})`);
      if (r.next() < 0.5) e.play('L'), lo++;
      else e.play('R'), hi--;
    }
    e.free();
  }
  s.free();
});

test('Strategy parity starting an even row never loses: it wins by at least |E - O| against random play', (t) => {
  t.diagnostic(`seed ${SEED}`);
  const r = prng(SEED ^ 0xa817);
  const parity = new Strategy('parity');
  const other = new Strategy('random', SEED);
  for (let k = 0; k < 100; k++) {
    const a = randomRow(r, 2 * r.int(0, 12), r.pick(['small', 'wide', 'huge', 'ties']));
    const even = a.reduce((s, x, i) => (i % 2 === 0 ? s + x : s), 0n);
    const odd = a.reduce((s, x, i) => (i % 2 === 1 ? s + x : s), 0n);
    const e = new Engine(a);
    while (e.state().to_move !== 0) e.play((e.state().to_move === 1 ? parity : other).move(e));
    const st = e.state();
    const gap = even > odd ? even - odd : odd - even;
    assert.ok(st.p1 - st.p2 >= gap, `seed ${SEED}: ${show(a)}: ${st.p1} - ${st.p2} < ${gap}`);
    e.free();
  }
  parity.free();
  other.free();
});

test('Strategy random and fallible:0.5 give the same moves for the same seed', (t) => {
  t.diagnostic(`seed ${SEED}`);
  const r = prng(SEED ^ 0x5eed);
  const a = randomRow(r, 40, 'wide');
  for (const spec of ['random', 'fallible:0.5']) {
    for (const seed of [0, 1, 42n, '18446744073709551615', 2 ** 53 - 1]) {
      const one = new Strategy(spec, seed);
      const two = new Strategy(spec, seed);
      const first = playOut(a, one);
      assert.equal(playOut(a, two), first, `${spec} seed ${seed}`);
      one.free();
      two.free();
    }
    // Different seeds choose differently somewhere (fixed seeds, so this is
    // decided once: 40 moves, each a coin toss or nearly).
    const lines = new Set([1, 2, 3, 4].map((seed) => {
      const s = new Strategy(spec, seed);
      const m = playOut(a, s);
      s.free();
      return m;
    }));
    assert.ok(lines.size > 1, `${spec}: four seeds, one line`);
  }
});

test('Strategy fallible:0 plays the optimal line', () => {
  const a = [3, 9, 1, 2, 8, 15, 3, 7, 20, 30, 2, 2, 2, 10];
  const s = new Strategy('fallible:0', 7);
  assert.equal(playOut(a, s), coinline.line(a));
  s.free();
});

test('Strategy refuses an unknown spec with a RangeError and a bad seed with a TypeError or RangeError', () => {
  for (const spec of ['', 'foo', 'Optimal ', 'fallible', 'fallible:', 'fallible:2', 'fallible:-0.5', 'fallible:x']) {
    assert.throws(() => new Strategy(spec), RangeError, spec);
  }
  for (const spec of [null, undefined, 1, {}, 'optimal\0']) {
    assert.throws(() => new Strategy(spec), TypeError, String(spec));
  }
  for (const seed of [-1, -1n, 2n ** 64n, '18446744073709551616']) {
    assert.throws(() => new Strategy('random', seed), RangeError, String(seed));
  }
  for (const seed of [1.5, NaN, Infinity, 2 ** 53, '-1', '1e3', '', null, {}]) {
    assert.throws(() => new Strategy('random', seed), TypeError, String(seed));
  }
  for (const seed of [0, 0n, 2n ** 64n - 1n, '0', Number.MAX_SAFE_INTEGER]) {
    new Strategy('random', seed).free();
  }
  const s = new Strategy('optimal');
  for (const bad of [null, {}, [1, 2], 'engine']) assert.throws(() => s.move(bad), TypeError);
  s.free();
});
