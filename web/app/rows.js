// SPDX-License-Identifier: MIT
/*
 * web/app/rows.js: a game of several rows (issue 32), typed in the row box
 * as "1 3 5 / 2 9 / 4" ('/' between rows; a text without '/' is one row,
 * the classic game of the rest of the page). Its answer (the work's
 * engine: the JS binding's solveRows and RowsGame, worker.js's `rows`; or
 * the server's POST api/solve and api/move with "rows") is shown in
 * #rows, and the rows are played there against the engine: you are player
 * 1, a click (or Enter) on an end coin of any row takes it, the engine
 * answers with the block rule's move (the optimal one).
 *
 * Hooks for the tests:
 *   #rows                  the section (hidden until rows are loaded);
 *                          data-busy "true" while the engine works.
 *   #rows-answer           data-n, data-k (rows), data-sum, data-p1,
 *                          data-p2, data-margin (exact decimals), data-winner
 *                          ("first" | "second" | "draw"), data-first (the
 *                          first move, "2R"; "" for none), data-line (the
 *                          optimal line, "2R1R3L"); #rows-first its words
 *                          ("row 2, right end (9)").
 *   #rows-board            one ol.rows-row a row (data-row, from 1), a
 *                          li > button.coin a coin left (data-value,
 *                          data-end "left" | "right" | "both" on the ends,
 *                          enabled on your turn).
 *   #rows-score            data-p1, data-p2 (the totals so far), data-moves
 *                          (the moves so far, "2R1L"), data-to-move (1, 2,
 *                          or 0 at the end); #rows-status its words (a
 *                          polite live region).
 */
'use strict';

const RS = { rows: null, moves: [], busy: false, answer: null }; // the game of several rows

/** True when the typed text is a game of several rows (it has a '/'). */
const rowsTyped = (text) => text.includes('/');

/** The rows of a text with '/' between them, each read as a row (parseRow), as arrays of BigInt. */
function rowsParse(text) {
  const rows = text.split('/').map((t, r) => {
    try {
      return Array.from(parseRow(t));
    } catch (e) {
      throw new Error(`row ${r + 1}: ${e.message}`);
    }
  });
  const n = rows.reduce((a, r) => a + r.length, 0);
  if (n > maxCoins) throw new Error(`the rows have ${n} coins; the ${wasm ? 'page' : 'server'} takes at most ${maxCoins}`);
  return rows;
}

/** A move's notation, "2R" (row from 0). */
const rowsNote = (row, side) => `${row + 1}${side === 'left' ? 'L' : 'R'}`;

/** A move's words, "row 2, right end (9)". */
const rowsWords = (row, side, coin) => `row ${row + 1}, ${side} end (${coin})`;

/** The work's answer from the server (no engine in the page): api/solve and, unless the game is over, api/move. */
async function rowsFromApi(rows, moves) {
  const body = { rows: rows.map((r) => r.map(wire)) };
  const s = await api('solve', JSON.stringify(body));
  const f = s.first_move;
  const line = [...s.line.matchAll(/([0-9]+)([LR])/g)].map(([, r, e]) => [Number(r) - 1, e === 'L' ? 'left' : 'right']);
  const solve = { ...s, sum: big(s.sum), p1: big(s.p1), p2: big(s.p2), margin: big(s.margin), first: f ? [f.row - 1, f.side, big(f.coin)] : null };
  const left = rows.reduce((a, r) => a + r.length, 0) - moves.length;
  let at = { best: null };
  if (left > 0) {
    const m = await api('move', JSON.stringify({ ...body, moves: moves.map(([r, e]) => rowsNote(r, e)).join('') }));
    at = { value: big(m.value), best: [m.best.row - 1, m.best.side, big(m.best.coin)] };
  }
  return { solve, line, at };
}

/** Asks the engine about the rows after RS.moves. */
const rowsAsk = () => (wasm ? work('rows', { rows: RS.rows, moves: RS.moves }) : rowsFromApi(RS.rows, RS.moves));

/** Loads the rows typed in #row-input: shows #rows with their answer. True when loaded. */
async function rowsLoad() {
  let rows;
  try {
    rows = rowsParse($('row-input').value);
  } catch (e) {
    showError(e.message, ['row-input']);
    return false;
  }
  clearError();
  Object.assign(RS, { rows, moves: [], answer: null });
  $('rows').hidden = false;
  await rowsRefresh();
  $('rows-title').focus();
  $('rows').scrollIntoView({ block: 'start' });
  return true;
}

/** Asks the engine and redraws; the engine's move when it is its turn. */
async function rowsRefresh() {
  RS.busy = true;
  rowsRender();
  try {
    const a = await rowsAsk();
    if (!RS.answer) RS.answer = a;
    const left = RS.rows.reduce((n, r) => n + r.length, 0) - RS.moves.length;
    if (left > 0 && RS.moves.length % 2 === 1) {
      const [row, side] = a.at.best;
      RS.moves.push([row, side]);
      $('rows-status').textContent = `The engine took ${rowsWords(...a.at.best)}.`;
    }
  } catch (e) {
    showError(e.message, []);
  } finally {
    RS.busy = false;
    rowsRender();
  }
}

/** The position after RS.moves: each row's [lo, hi], the totals, the notation. */
function rowsPosition() {
  const left = RS.rows.map((r) => [0, r.length]);
  const totals = [0n, 0n];
  RS.moves.forEach(([r, side], k) => {
    const coin = RS.rows[r][side === 'left' ? left[r][0]++ : --left[r][1]];
    totals[k % 2] += coin;
  });
  return { left, totals, notes: RS.moves.map(([r, e]) => rowsNote(r, e)).join('') };
}

/** Draws the answer (#rows-answer). */
function rowsRenderAnswer() {
  const box = $('rows-answer');
  const a = RS.answer;
  if (!a) return;
  const s = a.solve;
  const n = RS.rows.reduce((m, r) => m + r.length, 0);
  Object.assign(box.dataset, {
    n: String(n), k: String(RS.rows.length), sum: String(s.sum), p1: String(s.p1), p2: String(s.p2), margin: String(s.margin),
    winner: s.winner, first: s.first ? rowsNote(s.first[0], s.first[1]) : '', line: a.line.map(([r, e]) => rowsNote(r, e)).join(''),
  });
  const who = { first: `player 1 wins by ${s.margin}`, second: `player 2 wins by ${-s.margin}`, draw: 'a draw' }[s.winner];
  box.replaceChildren(
    el('p', {}, `${RS.rows.length} rows, ${n} coins. With best play, player 1 gets ${s.p1} and player 2 gets ${s.p2} (total ${s.sum}): ${who}. The value for player 1 (margin): ${s.margin}.`),
    el('p', {}, 'First move: ', el('strong', { id: 'rows-first' }, s.first ? rowsWords(...s.first) : 'none (no coin)')),
    el('p', {}, 'The optimal line: ', el('code', { class: 'rows-line' }, box.dataset.line || '-')),
  );
}

/** Draws the rows left as buttons (#rows-board) and the score (#rows-score). */
function rowsRender() {
  $('rows').dataset.busy = String(RS.busy);
  rowsRenderAnswer();
  const pos = rowsPosition();
  const over = pos.left.every(([lo, hi]) => lo === hi);
  const yours = !over && !RS.busy && RS.moves.length % 2 === 0;
  $('rows-board').replaceChildren(...RS.rows.map((row, r) => {
    const [lo, hi] = pos.left[r];
    const items = row.slice(lo, hi).map((v, k) => {
      const end = hi - lo === 1 ? 'both' : k === 0 ? 'left' : k === hi - lo - 1 ? 'right' : null;
      const b = el('button', { type: 'button', class: 'coin', 'data-value': String(v), 'aria-label': `row ${r + 1}: ${v}${end ? `, the ${end === 'both' ? 'last' : end} coin` : ''}` }, String(v));
      if (end) b.dataset.end = end;
      b.disabled = !end || !yours;
      if (end) b.addEventListener('click', () => rowsTake(r, end === 'right' ? 'right' : 'left'));
      return el('li', {}, b);
    });
    return el('ol', { class: 'rows-row', 'data-row': String(r + 1), 'aria-label': `Row ${r + 1}` }, ...(items.length ? items : [el('li', { class: 'rows-empty' }, 'empty')]));
  }));
  const score = $('rows-score');
  Object.assign(score.dataset, { p1: String(pos.totals[0]), p2: String(pos.totals[1]), moves: pos.notes, toMove: over ? '0' : String(RS.moves.length % 2 + 1) });
  score.textContent = `You (player 1): ${pos.totals[0]}. Engine (player 2): ${pos.totals[1]}. ${over ? 'Game over.' : RS.busy ? 'The engine is thinking.' : 'Your turn: take an end coin of any row.'}`;
}

/** Your move: the end `side` of row r; then the engine's. */
function rowsTake(r, side) {
  if (RS.busy || RS.moves.length % 2 === 1) return;
  RS.moves.push([r, side]);
  $('rows-status').textContent = `You took ${rowsWords(r, side, RS.rows[r][side === 'left' ? rowsPosition().left[r][0] - 1 : rowsPosition().left[r][1]])}.`;
  rowsRefresh();
}
