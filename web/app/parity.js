// SPDX-License-Identifier: MIT
/*
 * web/app/parity.js: the Learn view's part 4: the parity trick (odd and even positions).
 * learn.js calls parityShow(coins) (BigInts) each time a row is loaded;
 * it draws into #parity-body.
 */
'use strict';

/** Draws the part for `coins` (an Array of BigInt, 2 to LEARN_MAX coins). */
function parityShow(coins) {
  $('parity-body').textContent = `(to come: ${coins.length} coins)`;
}
