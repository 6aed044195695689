// SPDX-License-Identifier: MIT
/*
 * web/app/reduce.js: the Learn view's part 3: the O(n) method, the reduction animated (x <= y >= z becomes x - y + z), the final valley and its alternating sum.
 * learn.js calls reduceShow(coins) (BigInts) each time a row is loaded;
 * it draws into #reduce-body.
 */
'use strict';

/** Draws the part for `coins` (an Array of BigInt, 2 to LEARN_MAX coins). */
function reduceShow(coins) {
  $('reduce-body').textContent = `(to come: ${coins.length} coins)`;
}
