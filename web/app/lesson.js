// SPDX-License-Identifier: MIT
/*
 * web/app/lesson.js: the model the Learn view's parts share (learn.js, the
 * table step by step, and recursion.js, reduce.js, parity.js, greedy.js,
 * quiz.js): a row for the lesson (2 to LEARN_MAX coins, BigInt), the
 * interval table's steps in the textbook's order, computed here exactly:
 * the very recurrence being taught,
 *
 *   margin(i,j) = max(a_i - margin(i+1,j), a_j - margin(i,j-1))
 *   best(i,j)   = (sum(i..j) + margin(i,j)) / 2
 *
 * indices 1-based inclusive; the move is the side giving the max, "either"
 * when both do ("left" for a single coin); the optimal line; and the
 * smallest row with a property (the parts' examples: lessonSmallest()).
 */
'use strict';

const LEARN_MAX = 16; // the longest row the Learn view takes

/* ------------------------------------------------------------------ */
/* The table's steps in the textbook's order                          */

/**
 * The steps of the table for the BigInt coins, by length then start: each
 * { k (1-based step), i, j, sum, left (a_i - margin(i+1,j)), right
 * (a_j - margin(i,j-1)), margin, best, move ('left' | 'right' | 'either') }.
 */
function learnSteps(coins) {
  const n = coins.length;
  const margin = (i, j) => (i > j ? 0n : cells.get(`${i},${j}`).margin);
  const cells = new Map();
  const steps = [];
  for (let len = 1; len <= n; len++) {
    for (let i = 1; i + len - 1 <= n; i++) {
      const j = i + len - 1;
      const sum = coins.slice(i - 1, j).reduce((a, b) => a + b, 0n);
      const left = coins[i - 1] - margin(i + 1, j);
      const right = coins[j - 1] - margin(i, j - 1);
      const best = left >= right ? left : right;
      let move = left > right ? 'left' : 'right';
      if (len === 1) move = 'left';
      else if (left === right) move = 'either';
      const s = { i, j, sum, left, right, margin: best, best: (sum + best) / 2n, move, k: steps.length + 1 };
      cells.set(`${i},${j}`, s);
      steps.push(s);
    }
  }
  return steps;
}

/** The steps by "i,j" (1-based): at.get(`${i},${j}`). */
const lessonCells = (steps) => new Map(steps.map((s) => [`${s.i},${s.j}`, s]));

/** The optimal line (ties to the left) from the whole row: its steps, in play order. */
function learnLine(steps, n) {
  const at = lessonCells(steps);
  const line = [];
  for (let i = 1, j = n; i <= j;) {
    const s = at.get(`${i},${j}`);
    line.push(s);
    if (s.move === 'right') j--;
    else i++;
  }
  return line;
}

/** A row typed for the Learn view as BigInts; throws an Error saying what is wrong. */
function learnRow(text) {
  const coins = [...parseRow(text.replace(/,/g, ' '))];
  if (coins.length < 2 || coins.length > LEARN_MAX) {
    throw new Error(`the Learn view takes 2 to ${LEARN_MAX} coins, not ${coins.length}`);
  }
  return coins;
}

/* ------------------------------------------------------------------ */
/* The smallest rows (the parts' examples)                             */

/** Every row of n coins from 1 to m whose largest coin is m, in dictionary order (BigInt). */
function* lessonRows(n, m) {
  const row = new Array(n).fill(1n);
  const big = BigInt(m);
  for (;;) {
    if (row.some((c) => c === big)) yield row.slice();
    let k = n - 1;
    while (k >= 0 && row[k] === big) row[k--] = 1n;
    if (k < 0) return;
    row[k] += 1n;
  }
}

/**
 * The smallest row of coins 1 and up for which test(row) holds: the fewest
 * coins (from, from + step, ... up to `coins`), then the smallest largest
 * coin (up to `value`), then the smallest sum, then the first in dictionary
 * order; null when none lies within the bounds.
 */
function lessonSmallest(test, { from, step, coins, value }) {
  for (let n = from; n <= coins; n += step) {
    for (let m = 1; m <= value; m++) {
      let pick = null;
      for (const row of lessonRows(n, m)) {
        const sum = row.reduce((a, b) => a + b, 0n);
        if ((!pick || sum < pick.sum) && test(row)) pick = { row, sum };
      }
      if (pick) return pick.row;
    }
  }
  return null;
}
