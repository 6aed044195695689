// SPDX-License-Identifier: MIT
// placeholder removed by the tests' author
import { test } from 'node:test';
import assert from 'node:assert/strict';

const { init, solve } = await import(`${process.env.COINLINE_NPM}/coinline.mjs`);
await init();

test('solve gives the first player 11 of 3 9 1 2', () => {
  assert.equal(solve([3, 9, 1, 2]).p1, 11n);
});
