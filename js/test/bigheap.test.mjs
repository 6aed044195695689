// SPDX-License-Identifier: MIT
// bigheap.test.mjs - the engine works with its memory past 2 GiB, where
// WebAssembly's pointers, signed 32-bit in JavaScript, would be negative
// unless read as unsigned. A file of its own: node --test runs each file
// in its own process, and the memory, once grown, stays grown.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { coinline } from './helpers.mjs';

const { solve, bestMove, line, analyze, table, Engine, Strategy, memoryBytes, version } = coinline;

test('every call answers once the memory is past 2 GiB', () => {
  const held = [];
  const row = new BigInt64Array(4e6).map((_, i) => BigInt((i * 7919) % 1000 - 500));
  try {
    while (memoryBytes() <= 2.25 * 2 ** 30) held.push(new Engine(row));
    const small = [3, 9, 1, 2];
    // Buffers allocated now lie above 2 GiB (the engines fill the heap below).
    assert.equal(solve(small).p1, 11n);
    assert.deepEqual(bestMove(small, 1, 3), { move: 'left', value: 8n });
    assert.equal(line(small), 'RLLL');
    assert.equal(analyze(small, 'RL').summary.p1, 2n);
    assert.equal(table(small).line, 'RLLL');
    assert.match(version(), /^\d+\.\d+\.\d+$/);
    const e = new Engine(small);
    const s = new Strategy('optimal');
    assert.equal(s.move(e), 'right');
    assert.equal(e.play('R').state().best, 'left');
    s.free();
    e.free();
    assert.equal(held.at(-1).state().best, bestMove(row).move, 'an engine high in the memory answers');
  } finally {
    for (const e of held) e.free();
  }
});
