// SPDX-License-Identifier: MIT
// memory.test.mjs - calls leave the module's memory as they found it:
// after a warm-up, 10^5 calls, 10^4 of each of ten kinds (calls that throw
// after allocating among them), leave memoryBytes() exactly unchanged.
// The smallest leak, one 16-byte chunk a call of one kind, would need
// 160 KB, more than the heap's slack (checked by hand: dropping one
// release() in core.js makes this fail).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { coinline, SEED, prng, randomRow, KINDS } from './helpers.mjs';

const { solve, bestMove, line, analyze, table, Engine, Strategy, memoryBytes } = coinline;

/** f(), which may throw a TypeError or RangeError (and nothing else). */
function tried(f) {
  try {
    f();
  } catch (e) {
    if (!(e instanceof TypeError || e instanceof RangeError)) throw e;
  }
}

test('10^5 calls of every kind leave memoryBytes() unchanged', (t) => {
  t.diagnostic(`seed ${SEED}`);
  const r = prng(SEED ^ 0x3e3);
  const games = [];
  for (let k = 0; k < 64; k++) {
    const a = randomRow(r, k === 0 ? 48 : r.int(0, 48), KINDS[k % KINDS.length]);
    let moves = '';
    for (let i = 0; i < a.length; i++) moves += r.next() < 0.5 ? 'L' : 'R';
    games.push([a, moves.slice(0, r.int(0, a.length))]);
  }
  const strategy = new Strategy('fallible:0.5', SEED);
  const kinds = [
    ([a]) => solve(a),
    ([a]) => bestMove(a, r.int(0, a.length >> 1)),
    ([a]) => line(a),
    ([a, moves]) => analyze(a, moves),
    ([a, moves]) => {
      // new, plays, state, undo, a strategy's move, free
      const e = new Engine(a);
      for (const m of moves) e.play(m);
      if (e.state().to_move !== 0) strategy.move(e);
      tried(() => e.undo());
      e.free();
    },
    ([a]) => new Strategy(r.pick(['optimal', 'greedy', 'parity', 'random', 'fallible:0.25']), r.int(0, 1000)).free(),
    ([a]) => table(a.slice(0, 16)),
    // Calls that throw after allocating: a bad last coin (the row was
    // copied in), an unknown strategy (its name was copied in).
    ([a]) => tried(() => solve([...a, r.pick(['x', 1.5, null, 2n ** 63n])])),
    ([a]) => tried(() => (r.next() < 0.5 ? new Engine([...a, 'x']) : analyze([...a, {}], ''))),
    () => tried(() => new Strategy(r.pick(['nobody', 'fallible:2', '']), 1)),
  ];
  const run = (count) => {
    for (let k = 0; k < count; k++) kinds[k % kinds.length](games[(k / kinds.length | 0) % games.length]);
  };
  run(kinds.length * games.length * 2); // warm-up: every kind on every row, twice
  const before = memoryBytes();
  run(100000);
  t.diagnostic(`memory ${before} bytes`);
  strategy.free();
  assert.equal(memoryBytes(), before);
});

test('an Engine and a Strategy made and freed 10^4 times leave memoryBytes() unchanged', () => {
  const a = randomRow(prng(SEED), 200, 'huge');
  for (let k = 0; k < 100; k++) new Engine(a).free();
  const before = memoryBytes();
  for (let k = 0; k < 10000; k++) {
    const e = new Engine(a);
    e.play('L').play('R').state();
    const s = new Strategy('random', k);
    s.move(e);
    s.free();
    e.free();
  }
  assert.equal(memoryBytes(), before);
});
