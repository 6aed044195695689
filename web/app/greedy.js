// SPDX-License-Identifier: MIT
/*
 * web/app/greedy.js: the Learn view's part 5: greedy fails. Greedy takes
 * the larger end coin, the left one when the ends are equal (coinline
 * duel's greedy). Player 1 plays greedy against the table's player 2
 * (lesson.js's learnSteps: the best move, ties to the left), beside both
 * players playing the table's moves: the two lines move by move (who takes
 * which coin, the running totals), greedy's costly moves marked, the points
 * lost. First the smallest row where greedy loses points (searched here:
 * fewest coins, then the smallest largest coin, then the smallest sum, then
 * the first in dictionary order, coins from 1 up), then the learner's row.
 * Greedy against greedy is not shown: against the table's player 2 every
 * point player 1 loses is greedy's own doing, and that is the lesson.
 *
 * learn.js calls greedyShow(coins) (BigInts) each time a row is loaded; it
 * draws into #greedy-body. Test hooks:
 *   #greedy-example   the smallest row where greedy loses: data-row (comma
 *                     list), data-greedy (player 1's total playing greedy),
 *                     data-optimal (best(1,n)), data-loss (their difference).
 *   #greedy-own       the same for the learner's row.
 *   #greedy-strict    data-row: the smallest row where greedy loses with its
 *                     ties broken either way.
 *   table.greedy-line inside each: data-line = "greedy" | "optimal"; its
 *                     tbody rows one per move: data-k (1-based), data-player
 *                     (1 | 2), data-side ("left" | "right"), data-coin (the
 *                     value taken), data-index (its 1-based position), data-p1,
 *                     data-p2 (the totals after it), data-lost (greedy's
 *                     moves: the points that move costs, "0" when none).
 */
'use strict';

const GREEDY_SEARCH = { coins: 6, value: 6 }; // the example's search bounds (it is found at 4 coins)
const greedyFound = {}; // the examples, searched once: tie rule -> row

/**
 * A line of play on the coins: player 1 greedy (or the table when `p1` is
 * 'table'), player 2 the table, ties of the table to the left; greedy's
 * ties to the left, or to the right with `tieRight`. Its moves in order.
 */
function greedyLine(coins, steps, p1, tieRight) {
  const at = lessonCells(steps);
  const moves = [];
  const tot = [0n, 0n];
  for (let i = 1, j = coins.length, k = 1; i <= j; k++) {
    const s = at.get(`${i},${j}`);
    const player = k % 2 === 1 ? 1 : 2;
    let side = s.move === 'right' ? 'right' : 'left';
    const tie = i < j && coins[i - 1] === coins[j - 1];
    if (player === 1 && p1 === 'greedy') {
      side = coins[i - 1] > coins[j - 1] || (tie && !tieRight) || i === j ? 'left' : 'right';
    }
    const index = side === 'left' ? i : j;
    tot[player - 1] += coins[index - 1];
    const lost = player === 1 ? (s.margin - (side === 'left' ? s.left : s.right)) / 2n : 0n;
    moves.push({ k, player, side, index, coin: coins[index - 1], p1: tot[0], p2: tot[1], lost, tie, either: s.move === 'either' && i < j });
    if (side === 'left') i++;
    else j--;
  }
  return moves;
}

/** Greedy's total, the best, and both lines for the coins. */
function greedyCase(coins, tieRight) {
  const steps = learnSteps(coins);
  const greedy = greedyLine(coins, steps, 'greedy', tieRight);
  const optimal = greedyLine(coins, steps, 'table', false);
  const g = greedy[greedy.length - 1].p1;
  const best = steps[steps.length - 1].best;
  return { coins, greedy, optimal, total: g, best, loss: best - g };
}

/**
 * The smallest row where greedy loses points (`strict`: with its ties
 * broken to the left and to the right), in lessonSmallest()'s order:
 * fewest coins, then the smallest largest coin, then the smallest sum,
 * then the first in dictionary order. Searched once for each.
 */
function greedySmallest(strict) {
  const key = strict ? 'strict' : 'left';
  const loses = (row) => greedyCase(row, false).loss > 0n && (!strict || greedyCase(row, true).loss > 0n);
  if (!greedyFound[key]) greedyFound[key] = lessonSmallest(loses, { from: 2, step: 1, ...GREEDY_SEARCH });
  return greedyFound[key];
}

/* ------------------------------------------------------------------ */
/* Drawing                                                             */

/** A move's note: greedy's costly move, a tie. */
function greedyNote(m, kind) {
  const notes = [];
  if (m.player === 1 && kind === 'greedy' && m.tie) notes.push('equal ends: greedy takes the left');
  if (m.player === 1 && kind === 'greedy' && m.lost > 0n) notes.push(`not the table's move: costs ${points(m.lost)}`);
  else if (m.either) notes.push('either end is as good');
  return notes.join('; ');
}

/** One line as a table: a row per move. */
function greedyTable(moves, kind, caption) {
  const head = el('tr', null, ...['Move', 'Player', 'Takes', 'Totals', 'Note'].map((t) => el('th', { scope: 'col' }, t)));
  const rows = moves.map((m) => {
    const note = greedyNote(m, kind);
    const attrs = { 'data-k': m.k, 'data-player': m.player, 'data-side': m.side, 'data-coin': String(m.coin), 'data-index': m.index,
      'data-p1': String(m.p1), 'data-p2': String(m.p2), 'data-lost': m.player === 1 ? String(m.lost) : null,
      class: m.lost > 0n && kind === 'greedy' ? 'greedy-costly' : null };
    return el('tr', attrs, el('th', { scope: 'row' }, String(m.k)), el('td', null, String(m.player)),
      el('td', null, `coin ${m.index} (${m.coin}), ${m.side}`), el('td', null, `${m.p1} - ${m.p2}`), el('td', { class: 'greedy-note' }, note));
  });
  return el('div', { class: 'greedy-col' }, el('div', { class: 'table-scroll', tabindex: 0, role: 'region', 'aria-label': caption },
    el('table', { class: 'greedy-line', 'data-line': kind }, el('caption', null, caption, el('span', { class: 'greedy-cap' }, ' (totals: player 1 - player 2)')), el('thead', null, head), el('tbody', null, ...rows))));
}

/** A case: its summary and the two lines side by side, in a box with its hooks. */
function greedyCaseNode(id, c, words) {
  return el('div', { id, class: 'greedy-case', 'data-row': c.coins.join(','), 'data-greedy': String(c.total), 'data-optimal': String(c.best), 'data-loss': String(c.loss) },
    el('p', null, ...words),
    el('div', { class: 'greedy-lines' },
      greedyTable(c.greedy, 'greedy', 'Player 1 greedy, player 2 the table'),
      greedyTable(c.optimal, 'optimal', 'Both players the table')));
}

/** The verdict on the learner's row. */
function greedyVerdict(c) {
  const n = c.coins.length;
  if (c.loss > 0n) {
    const first = c.greedy.find((m) => m.lost > 0n);
    return [el('strong', null, `Greedy loses ${points(c.loss)} here`), `: player 1 collects ${c.total} playing greedy, best(1,${n}) = ${c.best} playing the table. ` +
      `The first costly move is move ${first.k}: greedy takes coin ${first.index} (${first.coin}, ${first.side}).`];
  }
  const ties = c.greedy.filter((m) => m.player === 1 && (m.either || m.tie)).map((m) => m.k);
  const how = ties.length ? ` (ties or not: at move${ties.length > 1 ? 's' : ''} ${ties.join(', ')} the ends or the table's two choices tie)` : '';
  return [el('strong', null, 'Greedy is optimal here'), `: each of its moves is one of the table's best moves${how}, and player 1 collects ${c.total} = best(1,${n}).`];
}

/** Draws the part for `coins` (an Array of BigInt, 2 to LEARN_MAX coins). */
function greedyShow(coins) {
  const ex = greedyCase(greedySmallest(false), false);
  const strict = greedySmallest(true);
  const own = greedyCase(coins, false);
  const first = ex.greedy.find((m) => m.lost > 0n);
  $('greedy-body').replaceChildren(
    el('p', { class: 'learn-note' }, 'Greedy takes the larger of the two end coins; when they are equal it takes the left one (as coinline duel\'s greedy does). ' +
      'Player 1 plays greedy, player 2 the table\'s best moves (ties to the left), so every point player 1 loses is greedy\'s own doing. Beside it, both play the table\'s moves.'),
    el('h4', null, 'The smallest row where greedy loses points'),
    greedyCaseNode('greedy-example', ex, [el('strong', null, ex.coins.join(' ')), `: greedy collects ${ex.total}, the table ${ex.best}: greedy loses ${points(ex.loss)}. ` +
      `At move ${first.k} greedy takes coin ${first.index} (${first.coin}, ${first.side}) where the table takes the other end.`]),
    el('p', { class: 'learn-note' }, '"Smallest" means: the fewest coins, then the smallest largest coin, then the smallest sum, then the first in dictionary order, coins from 1 up ' +
      '(adding the same number to every coin changes no move and no loss, so zeros and negatives would give no smallest row). With 2 or 3 coins greedy is always optimal; the page tries the rows of 4 coins and more in that order. ',
    strict ? el('span', { id: 'greedy-strict', 'data-row': strict.join(',') }, strict.join(' ') === ex.coins.join(' ') ? 'Greedy loses there however it breaks its ties.'
      : `The tie rule matters: the smallest row where greedy loses however it breaks its ties is ${strict.join(' ')}.`) : null),
    el('h4', null, 'Your row'),
    greedyCaseNode('greedy-own', own, greedyVerdict(own)));
}
