// SPDX-License-Identifier: MIT
/*
 * web/app/parity.js: the Learn view's part 4: the parity trick (the seeds'
 * Q&A). For the learner's row: the coins at odd and at even positions told
 * apart (a label and a border style, not colour alone) and their two sums;
 * on even n the guarantee (player 1 can take every coin of either class,
 * move by move, so collects at least max(odd, even): never behind) against
 * the table's best(1,n) (lesson.js's learnSteps); on odd n why the trick
 * says nothing (the first move leaves player 2 an even row) and the row's
 * real outcome. Then the smallest row where the trick is not optimal,
 * searched here: fewest coins, then the smallest largest coin, then the
 * smallest sum, then the first in dictionary order, coins from 1 up.
 *
 * learn.js calls parityShow(coins) (BigInts) each time a row is loaded; it
 * draws into #parity-body. Test hooks:
 *   #parity-body      data-n-odd="true" when n is odd (absent when even).
 *   #parity-odd       data-value: the sum of the coins at odd positions.
 *   #parity-even      data-value: the sum at even positions.
 *   #parity-best      data-value: best(1,n), the most player 1 collects.
 *   #parity-gain      (even n only) data-value: best - max(odd, even).
 *   #parity-row li    one per coin: data-pos (1-based), data-class
 *                     ("odd" | "even").
 *   #parity-example   data-row (comma list), data-best, data-odd,
 *                     data-even: the smallest row where the trick is
 *                     not optimal.
 */
'use strict';

const PARITY_SEARCH = { coins: 6, value: 6 }; // the example's search bounds (it is found at 4 coins, values up to 3)
let parityFound = null; // the example, searched once

/** The sums of the coins at odd and at even positions (1-based). */
function paritySums(coins) {
  let odd = 0n;
  let even = 0n;
  coins.forEach((c, k) => {
    if (k % 2 === 0) odd += c;
    else even += c;
  });
  return { odd, even };
}

const parityMax = (a, b) => (a > b ? a : b);

/** best(1,n) of the coins: the table's corner. */
const parityBest = (coins) => learnSteps(coins).slice(-1)[0].best;

/** What best(1,n) gains over the trick on an even row (0n on an odd one). */
function parityGain(coins) {
  if (coins.length % 2 === 1) return 0n;
  const { odd, even } = paritySums(coins);
  return parityBest(coins) - parityMax(odd, even);
}

/**
 * The smallest row where the trick is not optimal (lessonSmallest()'s
 * order: fewest coins, then the smallest largest coin, then the smallest
 * sum, then the first in dictionary order; coins 1 and up), searched once.
 */
function paritySmallest() {
  if (!parityFound) {
    parityFound = lessonSmallest((row) => parityGain(row) > 0n, { from: 2, step: 2, ...PARITY_SEARCH });
  }
  return parityFound;
}

/* ------------------------------------------------------------------ */
/* Drawing                                                             */

/** The row, each coin with its position and class in words. */
function parityRowNodes(coins) {
  const items = coins.map((c, k) => {
    const cls = k % 2 === 0 ? 'odd' : 'even';
    return el('li', { class: `parity-coin ${cls}`, 'data-pos': k + 1, 'data-class': cls },
      el('span', { class: 'parity-pos' }, `coin ${k + 1}`), el('span', { class: 'parity-val' }, String(c)),
      el('span', { class: 'parity-cls' }, cls));
  });
  return el('ol', { id: 'parity-row', class: 'parity-row', 'aria-label': 'The row, each coin with its position and class' }, ...items);
}

/** "8 + 3 = 11" of the coins of one class. */
function paritySumText(coins, first) {
  const terms = coins.filter((_, k) => k % 2 === first).map(String);
  return terms.length > 1 ? `${terms.join(' + ')} = ` : '';
}

/** The two sums' paragraph (their hooks). */
function paritySumsNode(coins, odd, even) {
  return el('p', null, 'Odd positions (1, 3, 5, ...): ', paritySumText(coins, 0),
    el('strong', { id: 'parity-odd', 'data-value': String(odd) }, String(odd)), '. Even positions (2, 4, 6, ...): ',
    paritySumText(coins, 1), el('strong', { id: 'parity-even', 'data-value': String(even) }, String(even)),
    `. Together ${odd + even}.`);
}

/** The guarantee on an even row, move by move, then the table's answer. */
function parityEvenNodes(coins, odd, even, best) {
  const n = coins.length;
  const cls = even > odd ? 'even' : 'odd';
  const keep = parityMax(odd, even);
  const other = cls === 'even' ? 'odd' : 'even';
  const first = cls === 'odd' ? `coin 1 (the left end, ${coins[0]})` : `coin ${n} (the right end, ${coins[n - 1]})`;
  const plan = el('ol', { class: 'parity-plan' },
    el('li', null, `Move 1: player 1 takes ${first}: its position is ${cls}.`),
    el('li', null, `Now both ends are at ${other} positions, so player 2 must take an ${other === 'odd' ? 'odd' : 'even'} coin.`),
    el('li', null, 'That uncovers the coin next to it, at an ' + `${cls} position: player 1 takes it (player 2 took coin i from the left: take coin i+1; coin j from the right: take coin j-1).`),
    el('li', null, `Again both ends are ${other}. So it goes on: player 1 ends with every ${cls} coin, ${keep}, player 2 with every ${other} one, ${odd + even - keep}.`));
  const gain = best - keep;
  const verdict = gain === 0n ? ['The trick is optimal on this row: the table does no better.']
    : ['The table does ', el('strong', null, points(gain)), ' better: the trick is safe, not optimal.'];
  return [
    el('h4', null, `Even n (${n} coins): the guarantee`),
    el('p', null, `With an even number of coins the two ends are one odd and one even position, so player 1 can choose a class and keep it, here the ${cls} one${odd === even ? ' (the sums tie: either does)' : ''}:`),
    plan,
    el('p', null, `So player 1 collects at least max(odd, even) = ${keep}, at least half of ${odd + even}: never behind, a draw at worst. Player 1 never loses a row of even length.`),
    el('p', null, 'The table (part 1) says best(1,', String(n), ') = ', el('strong', { id: 'parity-best', 'data-value': String(best) }, String(best)),
      ': the trick\'s guarantee plus ', el('strong', { id: 'parity-gain', 'data-value': String(gain) }, String(gain)), '. ', ...verdict),
  ];
}

/** An odd row: why the trick says nothing, with the real outcome. */
function parityOddNodes(coins, best) {
  const n = coins.length;
  const total = coins.reduce((a, b) => a + b, 0n);
  const after = (from, to, took) => {
    const { odd, even } = paritySums(coins.slice(from - 1, to));
    const p2 = parityMax(odd, even);
    return el('li', null, `Player 1 takes coin ${took} (${coins[took - 1]}): coins ${from}..${to} are left, ${n - 1} coins, and player 2 moves first there. ` +
      `Counted from coin ${from}, their two classes sum to ${odd} and ${even}, so player 2 can take ${p2} at least, and player 1 ends with at most ${total - p2}.`);
  };
  const margin = 2n * best - total;
  const outcome = margin > 0n ? `player 1 wins by ${points(margin)}` : margin < 0n ? `player 2 wins by ${points(-margin)}` : 'a draw';
  return [
    el('h4', null, `Odd n (${n} coins): the trick says nothing`),
    el('p', null, 'With an odd number of coins both ends are at odd positions (1 and n): player 1 cannot pick a class. Whatever player 1 takes, an even row is left, and it is player 2 who moves first on it: the trick is now player 2\'s.'),
    el('ul', { class: 'parity-plan' }, after(2, n, 1), after(1, n - 1, n)),
    el('p', null, 'The real outcome, from the table: player 1 collects best(1,', String(n), ') = ',
      el('strong', { id: 'parity-best', 'data-value': String(best) }, String(best)), `, player 2 ${total - best}: ${outcome}.`),
  ];
}

/** The smallest row where the trick is not optimal. */
function parityExampleNodes() {
  const row = paritySmallest();
  if (!row) return [];
  const { odd, even } = paritySums(row);
  const steps = learnSteps(row);
  const best = steps[steps.length - 1].best;
  const line = learnLine(steps, row.length).map((s, k) => {
    const right = s.move === 'right';
    return `${k % 2 === 0 ? 'player 1' : 'player 2'} takes ${row[right ? s.j - 1 : s.i - 1]} (${right ? 'right' : 'left'}${s.move === 'either' ? ', either end is as good' : ''})`;
  });
  return [
    el('h4', null, 'A row where the trick is not optimal'),
    el('p', { id: 'parity-example', 'data-row': row.join(','), 'data-best': String(best), 'data-odd': String(odd), 'data-even': String(even) },
      'The smallest: ', el('strong', { class: 'parity-ex-row' }, row.join(' ')), `. Odd positions ${odd}, even positions ${even}: the trick gives player 1 ${parityMax(odd, even)}. ` +
      `The table gives best(1,${row.length}) = ${best}: ${line.join(', ')}.`),
    el('p', { class: 'learn-note' }, '"Smallest" means: the fewest coins, then the smallest largest coin, then the smallest sum, then the first in dictionary order, ' +
      'coins from 1 up (adding the same number to every coin of an even row adds the same to the trick\'s total and to the best, so zeros and negatives would give no smallest row). ' +
      'The page finds it by trying the rows in that order; with 2 coins the trick is always optimal (it takes the larger coin). ' +
      'The seeds\' own example, 3 2 2 3 1 2, is larger: the trick gives 7, the table 8.'),
  ];
}

/** Draws the part for `coins` (an Array of BigInt, 2 to LEARN_MAX coins). */
function parityShow(coins) {
  const body = $('parity-body');
  const n = coins.length;
  const { odd, even } = paritySums(coins);
  const best = parityBest(coins);
  if (n % 2 === 1) body.dataset.nOdd = 'true';
  else delete body.dataset.nOdd;
  body.replaceChildren(
    el('p', { class: 'learn-note' }, 'Number the coins 1 to n from the left. Each class, odd or even, is a plan: take only its coins.'),
    parityRowNodes(coins),
    paritySumsNode(coins, odd, even),
    ...(n % 2 === 0 ? parityEvenNodes(coins, odd, even, best) : parityOddNodes(coins, best)),
    ...parityExampleNodes());
}
