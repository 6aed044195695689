// SPDX-License-Identifier: MIT
/*
 * web/app/review.js: the review of a finished game (#analysis): the final
 * totals, the winner, the best play, the table of moves (a page at a time)
 * and the words of a loss and a margin.
 */
'use strict';

/* ------------------------------------------------------------------ */
/* The review                                                          */

/**
 * Shows the review: its summary and chart; its table's rows once `rows`
 * (review() draws them in a task of their own, each layout short).
 */
function renderAnalysis(rows = true) {
  const an = S.analysis;
  const sum = an.summary;
  const p1 = big(sum.p1);
  const p2 = big(sum.p2);
  $('final-p1').textContent = p1.toString();
  $('final-p2').textContent = p2.toString();
  $('final-p1-name').textContent = shortName(1);
  $('final-p2-name').textContent = shortName(2);
  $('th-p1').textContent = shortName(1);
  $('th-p2').textContent = shortName(2);
  $('th-best').textContent = 'Best play ends (you − engine)';
  renderWinner(sum);
  renderBestPlay(sum);
  if (rows) renderMoveRows(an);
  else $('moves-body').replaceChildren();
  $('analysis').hidden = false;
  drawChart();
  markScrollers();
}

function renderWinner(sum) {
  const w = $('winner');
  const margin = abs(big(sum.margin));
  let who = 'draw';
  if (sum.winner === 'first') who = whoOf(1);
  if (sum.winner === 'second') who = whoOf(2);
  w.dataset.winner = who;
  const by = grouped(margin);
  w.textContent = who === 'draw' ? 'A draw.' : who === 'you' ? `You win by ${by}.` : `The engine wins by ${by}.`;
}

function renderBestPlay(sum) {
  const b1 = big(sum.best_p1);
  const b2 = big(sum.best_p2);
  const d = b1 - b2;
  const leader = d > 0n ? 1 : 2;
  const verdict = d === 0n ? 'a draw' : `${nameOf(leader).toLowerCase()} would win by ${grouped(abs(d))}`;
  $('best-play').textContent =
    `With best play from the start: ${shortName(1)} ${grouped(b1)}, ${shortName(2)} ${grouped(b2)} (${verdict}).`;
  const lost = sum.lost.map(big);
  const mistakes = sum.mistakes.map(big);
  const part = (p) => {
    const l = lost[p - 1];
    const m = mistakes[p - 1];
    if (l === 0n && m === 0n) return `${nameOf(p).toLowerCase()} lost no point`;
    return `${nameOf(p).toLowerCase()} lost ${points(l)} in ${grouped(m)} move${m === 1n ? '' : 's'} (margin ${p === S.human ? '−' : '+'}${grouped(SCORING[S.score].lossMargin(l))})`;
  };
  $('lost-summary').textContent = `Against best play: ${part(S.human)}; ${part(3 - S.human)}.`;
}

/**
 * The review table: every move, or for a long game (more than MAX_ROWS
 * moves) only the moves that lost points, at most MAX_ROWS of them (the
 * work keeps those rows: an.rows, an.all when they are every move),
 * PAGE_ROWS at a time (page S.rowsPage; #moves-pager turns the pages):
 * a thousand rows take the main thread some 100 ms to lay out.
 */
function renderMoveRows(an) {
  let note = 'Each move against best play';
  if (!an.all) {
    const lost = an.summary.mistakes.map(big).reduce((a, b) => a + b, 0n);
    note = lost > BigInt(MAX_ROWS) ?
      `The first ${grouped(MAX_ROWS)} of the ${grouped(lost)} moves that lost points (of ${grouped(an.count)} moves)` :
      `The ${grouped(lost)} moves that lost points (of ${grouped(an.count)} moves)`;
  }
  const total = an.rows.length;
  const pages = Math.max(1, Math.ceil(total / PAGE_ROWS));
  S.rowsPage = Math.min(Math.max(0, S.rowsPage), pages - 1);
  const from = S.rowsPage * PAGE_ROWS;
  const to = Math.min(total, from + PAGE_ROWS);
  $('moves-body').replaceChildren(...an.rows.slice(from, to).map(moveRow));
  $('moves-caption').textContent = note;
  const pager = $('moves-pager');
  pager.hidden = pages === 1;
  Object.assign($('moves-page').dataset, { from: String(from + 1), to: String(to), of: String(total) });
  $('moves-page').textContent = `Rows ${grouped(from + 1)}–${grouped(to)} of ${grouped(total)}`;
  $('moves-prev').disabled = S.rowsPage === 0;
  $('moves-next').disabled = S.rowsPage === pages - 1;
}

/** #moves-prev, #moves-next: the review table's page before or after (dir -1 or 1). */
function turnRows(dir) {
  if (!S.analysis) return;
  const button = document.activeElement;
  S.rowsPage += dir;
  renderMoveRows(S.analysis);
  markScrollers();
  // At the first or last page the button pressed goes off: the focus to the other.
  if (button && button.disabled) focusTo($(button.id === 'moves-prev' ? 'moves-next' : 'moves-prev'));
}

/** One row of the review table; a move that lost points is a .mistake. */
function moveRow(m) {
  const loss = big(m.loss);
  const mistake = loss > 0n;
  const first = !m.side || m.side === 'none'; // a circle's move 1
  const at = (p) => (p === undefined || p === null ? '' : `#${big(p)}`);
  const where = first ? at(m.position) : shape().reviewPlace(sideWord(m.side), at(m.position));
  const bestWhere = first ? at(m.best_position) : sideWord(m.best);
  const best = m.optimal ? '=' : `${grouped(big(m.best_coin))} (${bestWhere})`;
  return el(
    'tr',
    {
      class: `move who-${whoOf(m.player)}${mistake ? ' mistake' : ''}`,
      'data-move': m.move,
      'data-player': m.player,
      'data-loss': loss.toString(),
    },
    el('td', { class: 'num' }, m.move),
    el('td', {}, shortName(m.player)),
    el('td', {}, `${grouped(big(m.coin))} (${where})`, m.optimal ? null : el('span', { class: 'best-inline' }, `best ${best}`)),
    el('td', { class: m.optimal ? 'best-same' : '' }, best),
    el('td', { class: 'num', title: mistake ? lossTitle(m.player, loss) : null }, mistake ? grouped(loss) : '0'),
    el('td', { class: 'num' }, grouped(big(m.p1))),
    el('td', { class: 'num' }, grouped(big(m.p2))),
    el('td', { class: 'num' }, signed(yours(big(m.final_margin))))
  );
}

/** "you lost 4 points (margin −8)": a loss in the mover's points, and what it does to you − engine. */
const lossTitle = (player, loss) =>
  `${nameOf(player).toLowerCase()} lost ${points(loss)} (margin ${player === S.human ? '−' : '+'}${grouped(SCORING[S.score].lossMargin(loss))})`;

/** A margin of player 1 over player 2 as you − the engine. */
const yours = (v) => (S.human === 1 ? v : -v);

const signed = (v) => (v > 0n ? `+${grouped(v)}` : v < 0n ? `−${grouped(-v)}` : '0');
