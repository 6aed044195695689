// SPDX-License-Identifier: MIT
/*
 * web/app/greedy.js: the Learn view's part 5: greedy fails (the smallest row where taking the larger end loses points, and the learner's row).
 * learn.js calls greedyShow(coins) (BigInts) each time a row is loaded;
 * it draws into #greedy-body.
 */
'use strict';

/** Draws the part for `coins` (an Array of BigInt, 2 to LEARN_MAX coins). */
function greedyShow(coins) {
  $('greedy-body').textContent = `(to come: ${coins.length} coins)`;
}
