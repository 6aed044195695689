// SPDX-License-Identifier: MIT
/*
 * web/app/state.js: the game's state (S) and where it stands: replay() (the
 * ends, totals and last moves after some moves, O(1) a move) and the
 * questions on it (the moves played, whose turn, over, busy, the names of
 * the players and sides).
 */
'use strict';

/* ------------------------------------------------------------------ */
/* State                                                               */

const S = {
  coins: new BigInt64Array(0), // the whole row (on a circle: the coins at positions 1..n)
  coinsJson: null, // the row as sent to the server, made once when asked
  shape: 'line', // the shape: 'line' (a row) or 'circle' (the pizza game): its entry of SHAPES
  score: 'taken', // the scoring: 'taken' (a move scores its coin) or 'remaining' (the coins left after it)
  first: 0, // move 1 where it may take any coin (a circle's): the position taken (1..n), 0 before it; 0 for a row
  line: new BigInt64Array(0), // the line the L/R moves are played on: the row, or the line a circle's move 1 left
  cursor: null, // replay()'s position, moved move by move
  sum: 0n, // the sum of the row
  source: null, // where the row came from, for the URL (see gameFragment)
  opening: null, // a long row being made by the work: {n}
  progress: null, // the work shown in #progress: {task, what, value (0..1 or null), shown}
  moves: '', // the moves so far (after move 1 `first`), one 'L' or 'R' each: the names of the line's two ends
  human: 1, // the person's player number (1 moves first)
  seed: 0n, // the game's seed: the engine's random choices come from it
  gen: 0, // bumped by each new game: late answers for an old one are dropped
  pending: 0, // requests and animations under way (body[data-busy])
  hint: null, // {moves, first, side, position, coin, secured, margin (yours, with best play)} for the position `moves`
  retry: null, // what #retry does after a failed request (engineMove, review)
  analysis: null, // the review of the finished game (worker.js's model)
  rowsPage: 0, // the page of its table shown
  table: null, // /api/table's answer for the row, once asked
  tableOpen: false, // the person opened the table during the game
  refocus: null, // once the person can act again, focus {coin: 'L' | 'R'} or {button: id}, {from: the element it left}
  heldAnnounce: null, // what #announce says once dialog#confirm-new closes
  seedUsed: false, // #seed's value made the current game: the next draws anew
  game: 0, // bumped by each new game (not by undo): history entries name it
};

/** The line the L/R moves are played on after move 1 at `first`: the row, or a circle's line left. */
const lineOf = (first) => (first === S.first ? S.line : shape().lineOf(S.coins, first));

/** The position (1..n) of index k of that line (its shape's positionOf()). */
const positionOf = (k, first = S.first) => shape().positionOf(k, first, S.coins.length);

/**
 * Where the game stands after `moves` (on a circle, after move 1 at
 * `first` and then `moves`): the ends i and j (indexes in the line), the
 * totals, count (the moves so far, a circle's move 1 too), over, and
 * taken: the last RECENT moves ({n (1-based), player, side: 'L' | 'R',
 * or 'P' for a circle's move 1, index in the line (in the circle for
 * 'P'), position, coin}). The position is kept (S.cursor) and moved by
 * the moves that differ from the last call's: a move costs O(1), not
 * O(moves) (a game of 10^6 moves is redrawn at each).
 */
function replay(moves, first = S.first) {
  const line = lineOf(first);
  const base = first ? 1 : 0; // the moves before the first L/R (a circle's move 1)
  const { gain } = SCORES[S.score];
  let c = S.cursor;
  if (!c || c.first !== first || c.line !== line) {
    const left = S.sum - (base ? S.coins[first - 1] : 0n); // the sum of the coins left
    c = { first, line, moves: '', i: 0, j: line.length - 1, left, t: [base ? gain(S.coins[first - 1], left) : 0n, 0n] };
  }
  const had = c.moves;
  let k = 0;
  if (moves.startsWith(had)) k = had.length;
  else if (had.startsWith(moves)) k = moves.length;
  else while (k < had.length && k < moves.length && had[k] === moves[k]) k++;
  for (let m = had.length - 1; m >= k; m--) {
    const coin = line[had[m] === 'L' ? --c.i : ++c.j];
    c.t[(base + m) % 2] -= gain(coin, c.left);
    c.left += coin;
  }
  for (let m = k; m < moves.length; m++) {
    const coin = line[moves[m] === 'L' ? c.i++ : c.j--];
    c.left -= coin;
    c.t[(base + m) % 2] += gain(coin, c.left);
  }
  c.moves = moves;
  S.cursor = c;
  const taken = [];
  let i = c.i;
  let j = c.j;
  for (let m = moves.length - 1; m >= 0 && taken.length < RECENT; m--) {
    const index = moves[m] === 'L' ? --i : ++j;
    taken.push({ n: base + m + 1, player: ((base + m) % 2) + 1, side: moves[m], index, position: positionOf(index, first), coin: line[index] });
  }
  if (base && taken.length < RECENT) taken.push({ n: 1, player: 1, side: 'P', index: first - 1, position: first, coin: S.coins[first - 1] });
  taken.reverse();
  const count = base + moves.length;
  return { i: c.i, j: c.j, totals: [c.t[0], c.t[1]], taken, count, over: count >= S.coins.length };
}

/** The moves played so far (a circle's move 1 counts). */
const played = () => (S.first > 0 ? 1 : 0) + S.moves.length;
const toMove = () => (played() % 2) + 1;
const isOver = () => played() >= S.coins.length;
/** A circle before its move 1: any coin may be taken. */
const picking = () => anyCoinAt(S.first);
/** Whether any coin may be taken after move 1 at `first` (0: none yet): a circle's move 1. */
const anyCoinAt = (first) => shape().anyFirst && first === 0;
/** The coins are buttons round a ring (#ring; #coins hidden): a shape drawn as one, of RING_MAX coins or fewer. */
const ringButtons = () => shape().ring && S.coins.length <= RING_MAX;
const yourTurn = () => !isOver() && toMove() === S.human;
const busy = () => S.pending > 0;
const nameOf = (player) => (player === S.human ? 'You' : 'The engine');
const shortName = (player) => (player === S.human ? 'You' : 'Engine');
const whoOf = (player) => (player === S.human ? 'you' : 'engine');
const sideWord = (side) => (side === 'L' || side === 'left' ? 'left' : 'right');
