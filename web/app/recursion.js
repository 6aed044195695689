// SPDX-License-Identifier: MIT
/*
 * web/app/recursion.js: the Learn view's part 2: the naive recursion's call tree (rows up to 8 coins), the repeated subproblems marked, the calls without and with memoisation.
 * learn.js calls recursionShow(coins) (BigInts) each time a row is loaded;
 * it draws into #recursion-body.
 */
'use strict';

/** Draws the part for `coins` (an Array of BigInt, 2 to LEARN_MAX coins). */
function recursionShow(coins) {
  $('recursion-body').textContent = `(to come: ${coins.length} coins)`;
}
