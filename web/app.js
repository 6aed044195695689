// SPDX-License-Identifier: MIT
/*
 * coinline: the page of `coinline serve` (docs/api.md), and the static site
 * of `make wasm` (build/site, which works from file:// too).
 *
 * Play coins in a line against the engine, then review the game. The page is
 * plain ES2020 with no dependency. Its main thread only draws and asks: no
 * task of it takes 100 ms, even on a row of 10^6 coins (make e2e's
 * tests/e2e/longtask.mjs). The work runs in a Web Worker (web/worker.js,
 * loaded before this file, window.coinlineWork; where no Worker can start,
 * the same code answers in the page, in pieces of about 25 ms, each a task
 * of its own, so that no task reaches 100 ms there either): it makes a
 * long row, holds the game and its engine, and answers the moves, hints,
 * table and review. The helpers both need (rowFromSeed, parseRow, the
 * seeds, the shapes and scorings, big, wire, clip, MAX_ROWS) are worker.js's, defined
 * once. Its engine is the C library compiled to WebAssembly when
 * engine.js (loaded first; its one global window.coinlineWasm) is there
 * and loads: every move, hint, review and table is then computed in the
 * browser and the page makes no request at all. Without it (serve built with no wasm
 * toolchain: its engine.js defines nothing) the page asks the JSON API of
 * the server that serves it (relative URLs: api/move, api/analyze, ...),
 * and the Worker reads the review's answer. Both give the same answers:
 * ask() takes move and table to the Worker, which answers them in the
 * server's shapes (BigInts for its numbers); askReview() gets the review
 * as the page shows it (worker.js's model: the summary, at most 1000 rows,
 * the chart's points). Every value is kept exact: coins and totals are
 * BigInt, shown as decimal strings; coins are sent as JSON numbers up to
 * 2^53 and as strings past it.
 *
 * Stable hooks for the end-to-end tests (ids, attributes, states):
 *
 *   body[data-busy]        "true" while a request or an animation runs (the
 *                          engine's reply, a hint, the review), else "false".
 *                          Wait for body[data-busy="false"] after each action.
 *   #turn                  whose turn, in words; data-state = "you" | "engine"
 *                          | "over" (also "engine" after a failed engine move:
 *                          see #error and #retry, and while a long row is set
 *                          up). Focused (tabindex -1, in view) after a game
 *                          started from the form.
 *   #progress              shown while the Worker works on a long row (more
 *                          than BIG_ROW (20000) random coins, or a typed
 *                          text of more than BIG_TEXT characters) or a
 *                          review: at once from PROGRESS_AT (5000) coins or
 *                          moves, else once it has taken 300 ms; data-task =
 *                          "open" | "review"; #progress-text ("Reviewing the
 *                          game: 40%"), #progress-bar (a <progress>, 0..1;
 *                          no value while its part is unknown).
 *   #status                the last move(s) in words (not a live region).
 *   #announce              the one polite live region (role=status): the
 *                          text of each engine move, each hint and the result
 *                          ("Game over: ..."), as they come.
 *   #coins                 the coins left, on one line: the left end coin,
 *                          div.coin-middle (the coins between, scrolling
 *                          sideways), the right end coin; data-moves = the
 *                          moves so far (one L or R each), data-left /
 *                          data-right = the 0-based indexes of the end coins
 *                          (data-left > data-right when none is left),
 *                          data-n = the row's length.
 *     button.coin          one per coin left (a long row shows its ends and an
 *                          element .coin-gap for the middle): data-index (0-based
 *                          in the whole row), data-value (exact decimal),
 *                          data-end = "left" | "right" | "both" on the ends;
 *                          enabled only for the ends on your turn; data-hint =
 *                          "true" on the hinted coin. The last coin ("both")
 *                          is taken as an L move.
 *   #ring                  a circular game (the pizza game; hidden for a row):
 *                          data-n, data-first (the position move 1 took; 0
 *                          before it), data-moves (the L/R moves after it),
 *                          data-left / data-right (the positions of the
 *                          ends of the gap; 0 before move 1 and when none is
 *                          left). A circle of RING_MAX (24) coins or fewer
 *                          has a button.coin for each coin left round the
 *                          ring (#coins is then hidden), data-position
 *                          (1..n, clockwise), data-value; before move 1
 *                          each has data-pick="true" and may be taken, after
 *                          it only the ends (data-end = "left" | "right" |
 *                          "both"); data-hint on the hinted one. Position 1
 *                          is at the top until move 1; then the gap is at
 *                          the bottom, the left end (the coin after the gap,
 *                          clockwise) at its left; the ring turns there in
 *                          TURN_MS (0.6 s; at once with reduced motion), its
 *                          texts upright, and data-turn says how far
 *                          (degrees, clockwise). The arrows before move 1,
 *                          on a coin of the ring, go round it; after it
 *                          they take, as in a row. A larger circle is drawn
 *                          without buttons: move 1 is typed in
 *                          #pick-form's #pick (#pick-take), and the line
 *                          left is #coins (its data-index is the index in
 *                          that line; each coin's name has its position).
 *                          A circle has no heat map (#table-toggle hidden).
 *   #take-left, #take-right, #hint, #undo      buttons (disabled when useless;
 *                          all off while body[data-busy="true"]). #undo takes
 *                          back the engine's reply and the person's move
 *                          before it (only that move when it ended the game).
 *                          After a take, once the engine has replied, the
 *                          focus is back on the take button used, or on the
 *                          new end coin when a coin (or an arrow key on one)
 *                          was used — unless the person has moved it
 *                          elsewhere meanwhile (a form field, say: it stays
 *                          there). Likewise #hint and #table-toggle get it
 *                          back after their request. A control that goes
 *                          off or hides with the focus hands it on: the
 *                          game's end to #play-again, the last undo and
 *                          #play-again to #turn, a failed request to #retry.
 *                          The accessible name of a
 *                          take button starts with its visible label
 *                          ("Take 7, the left coin"; "Take left:
 *                          12345678901" for a value over 9 digits).
 *   #table-toggle          shows/hides the heat map during a game of at most
 *                          20 coins on a row, under either scoring
 *                          (aria-pressed); #play-again (shown when
 *                          the game is over) replays the same row.
 *   #hint-text             the hint, shown after #hint; data-move = "left" |
 *                          "right" (a circle's move 1: "position"), data-coin,
 *                          data-secured (exact decimals); on a circle
 *                          data-position, the position of the hinted coin.
 *   #p1-total, #p2-total   player 1's and player 2's totals (player 1 moves
 *                          first), each on one line (its font shrinks with
 *                          its length); data-who = "you" | "engine"; #p1-name,
 *                          #p2-name.
 *   #history               li per move (the last 40; data-count = all):
 *                          data-player (1|2), data-side (L|R; P for a
 *                          circle's move 1), data-value; on a circle
 *                          data-position.
 *   #setup-form            #size, #seed (decimal, 0 to 2^64-1; #seed-random
 *                          fills in one; #new-game uses the seed typed or
 *                          filled in since the last game, else it draws a
 *                          fresh one into #seed first, so that pressing it
 *                          twice gives two rows), #min, #max (the range),
 *                          #difficulty (easy | medium | hard | perfect: the
 *                          engine plays fallible:0.5, 0.25, 0.1 or optimal),
 *                          #first (you | engine), #score (taken |
 *                          remaining: a move scores the coin taken, or the
 *                          sum of the coins left after it), #circle (a
 *                          checkbox: the next game, random or typed, is on
 *                          a circle); #new-game submits it.
 *   #row-input, #row-load  a typed or pasted row (spaces, commas, brackets,
 *                          quotes; # comments).
 *                          A bad field of the form (or the typed row) gets
 *                          aria-invalid="true", the focus, and #error moved
 *                          just below the fields (above #new-game, or above
 *                          #row-load), scrolled into view; a game started
 *                          from them scrolls #game into view.
 *   #analysis              shown once a game is over and reviewed
 *                          (POST /api/analyze): #final-p1, #final-p2 (exact),
 *                          #winner (data-winner = "you" | "engine" | "draw"),
 *                          #best-play, #lost-summary, #moves-body with one
 *                          tr.move per move (data-move, data-player, data-loss;
 *                          class "mistake" when it lost points; a game of over
 *                          1000 moves lists only its first 1000 that lost
 *                          points: #moves-caption), PAGE_ROWS (200) at a time:
 *                          #moves-pager (shown when there are more),
 *                          #moves-prev, #moves-next, #moves-page (data-from,
 *                          data-to, data-of: the rows shown, 1-based);
 *                          #chart (svg: polyline.played, polyline.best, exact
 *                          up to 1000 moves, else each slice's lowest and
 *                          highest; circle.mistake-dot.you / .engine, one
 *                          within a pixel of its player's last not drawn).
 *                          On a phone (480 px or less) the best move shows
 *                          under the move taken (.best-inline) and "Best play
 *                          ends" is left out. A table wider than its box
 *                          (.table-scroll.scrolls) has a .scroll-cue line
 *                          under it. Units: a loss
 *                          is in the mover's own points ("you lost 4 points
 *                          (margin −8)"); every margin (the chart, "Best play
 *                          ends") is you − the engine, whoever starts: a game
 *                          you win ends above the chart's zero line.
 *   #table-section, #table the heat map of V(i, j) under the game's scoring
 *                          (POST /api/table's; svg; rect.cell with
 *                          data-i, data-j, data-v; class "opt" on the optimal
 *                          line, "played" on the game's cells, "current" on
 *                          the position now; g.opt-line's path.opt-step, an
 *                          arrowhead inside each framed cell but the last
 *                          towards the next) for rows of at most 20 coins:
 *                          shown when the game is over, or by #table-toggle.
 *   #error                 errors (the server's message, e.g. a 400's
 *                          "error", or bad input in the form), hidden when
 *                          there is none; #error-text; #retry (shown when it
 *                          helps, never by a form error) repeats a failed
 *                          engine move or review. #error is role=alert for
 *                          the game's errors; for a form error it is not
 *                          (the focused field, aria-describedby=error-text,
 *                          reads it once). A
 *                          bad link (?size=abc, #size=abc, ?row=, ?seed=-1,
 *                          ...) names the bad parameter here and a default
 *                          game is played instead. Settings alone
 *                          (?first=engine&difficulty=perfect) go to the form
 *                          and the default game is played with them.
 *   dialog#confirm-new     opened (showModal) by n during a game under way
 *                          (a move made, not over): #confirm-new-yes starts a
 *                          new game, #confirm-new-no (or Escape) keeps this one.
 *                          While it is open the page behind it is left
 *                          alone: an engine reply's announcement and focus
 *                          wait for its close.
 *   #version               the engine's version (coinlineWasm.version(), or
 *                          the server's GET /api/health).
 *   body[data-engine]      "wasm" once engine.js's engine is loaded in the
 *                          work (no request is made from then on), "api" when
 *                          it is absent or failed to load; unset while it
 *                          loads.
 *   body[data-worker]      "worker": the work runs in a Web Worker; "page":
 *                          none could start, the page does it (its main
 *                          thread then does the long work too).
 *   body[data-engine-ms]   the milliseconds (a decimal, e.g. "0.42") the last
 *                          answer (move, hint, review, table) took: the round
 *                          trip to the Worker, or with the API to the server.
 *   Keys (outside form fields and the dialog): ArrowLeft / ArrowRight take
 *   the left / right coin (only with the focus on the page, #turn, a coin or
 *   a take button; on div.coin-middle they scroll it), h hint, u undo, n new game (asking first: dialog#confirm-new).
 *   On touch screens (hover: none, pointer: coarse) no keycap (kbd) shows.
 *   The page runs under the server's Content-Security-Policy (script-src
 *   'self', style-src 'self'): no inline script or style attribute; styles
 *   are set through the CSSOM only (element.style).
 *   URL: the fragment holds the game, so that a copied link reopens the
 *   position (see "The URL fragment" below); the older query forms still
 *   start a game: ?size=&seed=&min=&max=&difficulty=&first= that random
 *   game, ?row=1,3,5,2,9 that row. A fragment wins over the query.
 *
 * The URL fragment: "&"-separated key=value pairs, one of three forms:
 *
 *   #size=12&seed=2024&min=1&max=20&difficulty=perfect&first=you&moves=LRRL
 *                          a random game: the row is rowFromSeed(size, seed,
 *                          min, max) (any length up to the row limit);
 *   #row=1,-3,5&seed=0&difficulty=medium&first=engine&moves=LR
 *                          a typed row of at most URL_ROW (2000) coins;
 *   #typed=150000&seed=0&difficulty=easy&first=you&moves=LR
 *                          a typed row too long for a link: only its length
 *                          and the moves. The page that made it goes back and
 *                          forth in it (the row is in memory); opened anew it
 *                          cannot be replayed and says so in #error (paste the
 *                          row to play it), starting a random game instead
 *                          (by back or forward: the game and the form stay).
 *
 *   moves: the moves so far (L and R; may be empty); past URL_MOVES (2000)
 *   the page writes moves64=COUNT.DATA instead (packMoves(): six moves a
 *   character of base64url, so that a link of 10^6 moves is 167 KB, not 1
 *   MB; a history entry of a 1 MB URL costs the main thread 100-300 ms);
 *   both are read; first: who moved first
 *   (you | engine); difficulty as #difficulty; seed: the game's seed;
 *   circle=FIRST (any of the three forms): the coins lie on a circle, FIRST
 *   the position move 1 took (0 before it), moves the moves after it (as a
 *   game record's `circle FIRST`); alone, circle=0 turns #circle on;
 *   score=remaining (any form; alone, it sets #score): the scoring. A link
 *   whose moves do not fit its row is refused in #error. The fragment follows
 *   the game: each action of the person (a move, an undo, a new game) pushes
 *   a history entry, and the engine's reply replaces it, so one entry is one
 *   turn; back and forward (popstate) restore those positions (the engine
 *   replies again where it is to move; an entry's state is {key, first}: its
 *   moves are its URL's). A change of #difficulty replaces it.
 *
 * A circle: move 1 takes any coin (the person's click on the ring, or the
 * engine's POST api/move with "circle": true and no "first", answered by a
 * position); the coins left form the line clockwise from the coin after it
 * round to the coin before it, and from then on the game is the line
 * game on that line (S.line; the Worker's engine plays on its own copy),
 * the requests carrying "circle": true and "first". The review is POST
 * api/analyze's with "circle" and "first" (in the Worker, circleAnalyze's
 * move 1 and the line's reviews after it).
 *
 * Determinism: a random row is coinline.rowFromSeed(size, seed, min, max):
 * coin k = min + (the k-th splitmix64 output of seed) mod (max - min + 1).
 * The engine's move is the server's answer for the row, the moves, the
 * strategy of #difficulty and the seed coinline.engineSeed(game seed, number
 * of moves so far) (the game seed: #seed's; 0 for a typed row with #seed
 * empty), so the same inputs replay the same game. With the engine in the
 * page, the server's own step is done here too: the strategy's seed is
 * positionSeed(that seed, moves so far) as cli/serve/api.c's position_seed(),
 * so the page gives the server's moves, bit for bit, in both modes.
 *
 * The page's files: this one draws the game (the row, the ring, the
 * controls, the history) and wires the page (its events, keys and start);
 * web/app/ holds the rest, one concern a file (docs/architecture.md):
 * base.js (limits, $, exact numbers, worker.js's helpers), rules.js (the
 * rules as data), state.js (S, replay()), work.js (the engine adapter:
 * the work and the API), progress.js, errors.js, focus.js (the live
 * region and the focus), play.js (the moves), form.js (new games from the
 * form), url.js (the fragment), dom.js, review.js, chart.js, table.js (the
 * heat map), views.js (Play, Learn or Quiz: body[data-view]), lesson.js
 * (the lesson's model: the table's steps), the
 * Learn view's parts recursion.js, reduce.js, parity.js, greedy.js (each
 * draws its section for the row), learn.js (the Learn view: #view=learn,
 * the table step by step, its hooks in its top comment), quiz.js (the
 * Quiz view: #view=quiz). They
 * are classic scripts (a file:// page may load no module), run in that
 * order by index.html before this file, in one global scope (a file's
 * top-level names are the others'; each is strict). The one
 * global meant for others is window.coinline (state and a few pure
 * helpers), defined here; the page reads window.coinlineWork, worker.js's
 * (which reads window.coinlineWasm, engine.js's). S.coins is a
 * BigInt64Array.
 */
'use strict';

/* ------------------------------------------------------------------ */
/* Rendering the game                                                  */

function renderBusy() {
  document.body.dataset.busy = busy() ? 'true' : 'false';
}

/** Redraws everything from S. */
function render() {
  const pos = replay(S.moves);
  renderBusy();
  renderScores(pos);
  renderTurn(pos);
  const inRow = renderCoins(pos);
  const inRing = renderRing(pos);
  const focusedEnd = inRow || inRing;
  renderControls(pos);
  renderHint();
  renderHistory(pos);
  renderTableSection(pos);
  $('retry').hidden = !S.retry || busy() || $('error').dataset.kind === 'field';
  restoreFocus(focusedEnd);
  markScrollers();
}

/**
 * The totals, each one unbroken number: its font shrinks with its length
 * (--chars, see style.css), and long totals put the two cards one above
 * the other.
 */
function renderScores(pos) {
  const longest = Math.max(...pos.totals.map((v) => v.toString().length));
  $('p1-card').parentElement.classList.toggle('long', longest > 9);
  for (const p of [1, 2]) {
    const total = $(`p${p}-total`);
    total.textContent = pos.totals[p - 1].toString();
    total.style.setProperty('--chars', String(Math.max(4, longest)));
    total.dataset.who = whoOf(p);
    $(`p${p}-name`).textContent = shortName(p);
    $(`p${p}-card`).dataset.who = whoOf(p);
    $(`p${p}-card`).classList.toggle('to-move', !pos.over && toMove() === p);
  }
}

function renderTurn(pos) {
  const turn = $('turn');
  if (S.opening) {
    turn.dataset.state = 'engine';
    turn.textContent = S.opening.n ? `A new game of ${grouped(S.opening.n)} coins is being set up…` : 'The row typed is being read…';
  } else if (pos.over) {
    turn.dataset.state = 'over';
    turn.textContent = `Game over: ${resultWords(pos.totals)}`;
  } else if (yourTurn()) {
    turn.dataset.state = 'you';
    turn.textContent = picking() ? shape().yourPick : shape().yourTurn;
  } else {
    turn.dataset.state = 'engine';
    turn.textContent = S.retry === engineMove ? 'The engine could not move.' : 'The engine is thinking…';
  }
  $('status').textContent = S.opening ? '' : lastMovesWords(pos);
}

/** "you win by 3." and the like, from the totals [p1, p2]. */
function resultWords(totals) {
  const margin = totals[S.human - 1] - totals[2 - S.human];
  if (margin === 0n) return `a draw, ${totals[0]} each.`;
  return margin > 0n ? `you win by ${margin}.` : `the engine wins by ${-margin}.`;
}

/** The last move of each player, latest last. */
function lastMovesWords(pos) {
  if (S.coins.length === 0) return `The ${shape().noun} is empty.`;
  if (pos.count === 0) return `${coinCount(S.coins.length)} ${shape().where}.`;
  const words = pos.taken.slice(-2).map((t) => `${t.n}. ${nameOf(t.player)} took ${t.coin} ${placeWords(t.side, t.position)}.`);
  return words.join(' ');
}

/**
 * The coins left, on one line: the left end coin, the middle (div.coin-
 * middle, which scrolls sideways; a long row shows SHOWN_END coins at each
 * end and the count in between), the right end coin. Returns the end that
 * had the focus.
 */
function renderCoins(pos) {
  const box = $('coins');
  if (S.opening) { // the new row is being made: the old one goes
    box.hidden = false;
    box.replaceChildren(el('span', { class: 'coin-gap' }, 'Setting up the coins…'));
    return null;
  }
  box.hidden = picking() || ringButtons(); // the ring has the coins
  const focused = box.contains(document.activeElement) ? document.activeElement.dataset.end : null;
  setMoves(box);
  box.dataset.left = String(pos.i);
  box.dataset.right = String(pos.j);
  box.dataset.n = String(S.coins.length);
  const count = pos.j - pos.i + 1;
  const active = yourTurn() && !busy();
  const h = hintNow();
  const hinted = h && h.side !== 'P' ? (h.side === 'L' ? pos.i : pos.j) : -1;
  const coin = (k) => coinButton(k, pos, active, k === hinted);
  const old = box.querySelector('.coin-middle');
  const scroll = old && old.dataset.game === String(S.game) ? old.scrollLeft : 0;
  const middleFocused = !!old && document.activeElement === old;
  const middle = el('div', { class: 'coin-middle', 'data-game': S.game }, ...middleCoins(pos, coin));
  if (count <= 0) box.replaceChildren(el('span', { class: 'coin-gap' }, 'No coin left.'));
  else if (count === 1) box.replaceChildren(coin(pos.i));
  else box.replaceChildren(coin(pos.i), middle, coin(pos.j));
  middle.scrollLeft = scroll;
  if (middleFocused) {
    middle.focus({ preventScroll: true });
    if (document.activeElement !== middle) focusTo($('turn')); // no middle left to scroll (2 coins or fewer)
  }
  markScrollers();
  middle.addEventListener('scroll', () => fadeEdges(middle), { passive: true });
  return focused;
}

/**
 * data-moves = S.moves on `box` (#coins, #ring), written only when it
 * changed: a long game's is a megabyte, and the page redraws several
 * times a move.
 */
const shownMoves = new WeakMap();
function setMoves(box) {
  if (shownMoves.get(box) === S.moves) return;
  shownMoves.set(box, S.moves);
  box.dataset.moves = S.moves;
}

/** The coins between the two ends (coin(k) makes one), with a .coin-gap in a long row. */
function middleCoins(pos, coin) {
  const nodes = [];
  const count = pos.j - pos.i + 1;
  for (let k = pos.i + 1; k < pos.j; k++) {
    if (count > 2 * SHOWN_END && k === pos.i + SHOWN_END) {
      const hiddenCount = count - 2 * SHOWN_END;
      nodes.push(el('span', { class: 'coin-gap', title: `${hiddenCount} coins not shown` }, `… ${hiddenCount} more …`));
      k = pos.j - SHOWN_END;
      continue;
    }
    nodes.push(coin(k));
  }
  return nodes;
}

function coinButton(k, pos, active, hinted) {
  const end = k === pos.i && k === pos.j ? 'both' : k === pos.i ? 'left' : k === pos.j ? 'right' : null;
  const value = S.line[k].toString();
  const at = shape().named(positionOf(k));
  const label = end ? `${value}${at}, the ${end === 'both' ? 'last coin' : `${end} end`}` : `${value}${at}, in the middle`;
  const button = el(
    'button',
    {
      type: 'button',
      class: 'coin',
      'data-index': k,
      'data-value': value,
      'data-end': end,
      'data-hint': hinted ? 'true' : null,
      disabled: !(active && end),
      'aria-label': active && end ? `Take ${label}` : label,
    },
    value
  );
  if (value.length > 5) {
    button.classList.add('long');
    button.style.setProperty('--chars', String(value.length));
  }
  if (end) button.addEventListener('click', () => playAt(positionOf(k), { coin: end === 'right' ? 'R' : 'L' }));
  return button;
}

/* ------------------------------------------------------------------ */
/* The circle, drawn as a ring                                          */

/**
 * Where position p (1..n) sits on the ring: its angle in degrees,
 * clockwise from the top. Position 1 is at the top until move 1; from
 * then on the gap (move 1's position) is at the bottom, so the line left
 * runs clockwise from its left end (bottom left) over the top to its
 * right end (bottom right), as the arrows say.
 */
function ringAngle(p, first = S.first) {
  const n = S.coins.length;
  return first ? 180 + ((p - first) * 360) / n : ((p - 1) * 360) / n;
}

const TURN_MS = 600; // the ring's turn when move 1 is played or taken back
let ringShown = null; // {game, first}: the ring as last drawn
let ringTurn = null; // {delta, start}: its turn under way

/**
 * Move 1 (or its undo) turns the ring: the gap goes to the bottom (or
 * position 1 back to the top), so that the left end is on the left. The
 * coins would jump under the pointer: the ring turns instead, in TURN_MS
 * (at once with reduced motion), its texts upright. #ring[data-turn]:
 * that turn, in degrees clockwise.
 */
function turnRing(ring) {
  const was = ringShown;
  ringShown = { game: S.game, first: S.first };
  if (!was || was.game !== S.game || was.first === S.first) return;
  // The ring is drawn as it ends: it starts turned back by delta.
  const delta = ((((ringAngle(1, was.first) - ringAngle(1)) % 360) + 540) % 360) - 180;
  ring.dataset.turn = String(Math.round(-delta));
  ringTurn = null;
  for (const a of ring.getAnimations()) a.cancel();
  if (reducedMotion() || typeof ring.animate !== 'function') return;
  ringTurn = { delta, start: performance.now() };
  ring.animate([{ rotate: `${delta}deg` }, { rotate: '0deg' }], { duration: TURN_MS, easing: 'ease-in-out' });
}

/** While the ring turns, its coins, numbers and centre turn back as much: they stay upright. */
function uprightRing(ring) {
  const t = ringTurn ? performance.now() - ringTurn.start : TURN_MS;
  if (t >= TURN_MS) {
    ringTurn = null;
    return;
  }
  for (const e of ring.querySelectorAll('.ring-coin, .ring-pos, .ring-center')) {
    e.animate([{ rotate: `${-ringTurn.delta}deg` }, { rotate: '0deg' }], { duration: TURN_MS, easing: 'ease-in-out', delay: -t });
  }
}

/** Once the ring's turn is over (the engine's coin is lifted after it). */
const ringTurned = () => sleep(ringTurn ? Math.max(0, TURN_MS - (performance.now() - ringTurn.start)) : 0);

/** The point at radius r (percent of the ring's width) and angle a (degrees). */
function ringPoint(r, a) {
  const t = (a * Math.PI) / 180;
  return { x: 50 + r * Math.sin(t), y: 50 - r * Math.cos(t) };
}

/**
 * The circle's coins left: count, has(p) (position p is left), the ends'
 * positions, and for a ring of buttons (RING_MAX coins or fewer) the
 * positions in order clockwise from the left end (a large circle's are
 * not listed: a redraw stays O(1)).
 */
function ringLeft(pos) {
  const n = S.coins.length;
  const small = n <= RING_MAX;
  if (picking()) {
    return { count: n, has: () => true, positions: small ? Array.from({ length: n }, (_, k) => k + 1) : null, left: 0, right: 0 };
  }
  const has = (p) => {
    const k = (((p - 1 - S.first) % n) + n) % n; // its index in the line (n - 1: move 1's)
    return k >= pos.i && k <= pos.j;
  };
  const positions = [];
  for (let k = pos.i; small && k <= pos.j; k++) positions.push(positionOf(k));
  const any = pos.i <= pos.j;
  return { count: Math.max(0, pos.j - pos.i + 1), has, positions: small ? positions : null, left: any ? positionOf(pos.i) : 0, right: any ? positionOf(pos.j) : 0 };
}

/**
 * The ring (#ring) of a circle: its track and the gap (an SVG, not read
 * out), each coin left as a button round it (a circle of RING_MAX coins
 * or fewer; a larger one shows its track, its ends and the line left in
 * #coins), the positions numbered. Before move 1 every coin may be
 * taken (data-pick); after it the two ends of the gap (data-end).
 * Returns what had the focus: its end, or "p:" and its position.
 */
function renderRing(pos) {
  const ring = $('ring');
  ring.hidden = !shape().ring || !!S.opening;
  $('pick-form').hidden = !shape().ring || !picking() || ringButtons() || !yourTurn() || !!S.opening;
  if (!shape().ring || S.opening) {
    ring.replaceChildren();
    return null;
  }
  const a = document.activeElement;
  const focused = ring.contains(a) && a.dataset.position ? (a.dataset.end || `p:${a.dataset.position}`) : null;
  const left = ringLeft(pos);
  setMoves(ring);
  Object.assign(ring.dataset, {
    n: String(S.coins.length),
    first: String(S.first),
    left: String(left.left),
    right: String(left.right),
  });
  const small = S.coins.length <= RING_MAX;
  ring.classList.toggle('large', !small);
  const size = small ? Math.min(17, 267 / (S.coins.length + 2.67)) : 0;
  const nodes = [ringTrack(pos, left, size)];
  if (small) nodes.push(...ringLabels(left, size, null), ...left.positions.map((p) => ringCoin(p, left, size)));
  else nodes.push(...ringLabels(left, 0, [1, left.left, left.right]));
  nodes.push(el('p', { class: 'ring-center', 'aria-hidden': 'true' }, ...ringCenter(left)));
  ring.replaceChildren(...nodes);
  turnRing(ring);
  uprightRing(ring);
  return focused;
}

/** The ring's centre: what to do, in two short lines. */
function ringCenter(left) {
  const n = S.coins.length;
  if (n === 0) return [`an empty ${shape().noun}`];
  if (picking()) return [`${coinCount(n)}`, el('br'), 'move 1: any coin'];
  if (left.count === 0) return ['every coin taken'];
  return [`${coinCount(left.count)} left`, el('br'), `ends #${left.left} and #${left.right}`];
}

/**
 * The ring's drawing: the track of the coins left, the gap (the positions
 * taken) dashed, a slot for each coin taken; on a large circle, the ends
 * as dots.
 */
function ringTrack(pos, left, size) {
  const n = S.coins.length;
  const r = size ? 50 - size / 2 - 1 : 46;
  const step = n ? 360 / n : 360;
  const nodes = [svg('circle', { class: 'ring-line', cx: 50, cy: 50, r })];
  if (S.first && n > 0) {
    const gone = n - left.count; // taken: the gap, from the right end round to the left end
    const from = ringAngle(S.first) - (n - 2 - pos.j) * step - step / 2; // past the coins taken on the right
    const gap = gone >= n ? svg('circle', { class: 'ring-gap', cx: 50, cy: 50, r }) :
      svg('path', { class: 'ring-gap', d: arcPath(r, from, from + gone * step) });
    nodes.push(gap);
    if (size) {
      for (let p = 1; p <= n; p++) {
        if (left.has(p)) continue;
        const c = ringPoint(r, ringAngle(p));
        nodes.push(svg('circle', { class: 'ring-slot', cx: c.x.toFixed(2), cy: c.y.toFixed(2), r: (size / 2 - 1).toFixed(2) }));
      }
    }
  }
  if (!size && left.left) {
    for (const [p, end] of [[left.left, 'left'], [left.right, 'right']]) {
      const c = ringPoint(r, ringAngle(p));
      nodes.push(svg('circle', { class: `ring-end ${end}`, cx: c.x.toFixed(2), cy: c.y.toFixed(2), r: 2.2 }));
    }
  }
  return svg('svg', { class: 'ring-track', viewBox: '0 0 100 100', 'aria-hidden': 'true', focusable: 'false' }, ...nodes);
}

/**
 * An SVG arc on the circle of radius r from angle a to angle b (clockwise,
 * degrees, b - a < 360), in two halves: an arc whose ends nearly meet
 * has no stable centre.
 */
function arcPath(r, a, b) {
  const [p, m, q] = [a, (a + b) / 2, b].map((t) => ringPoint(r, t));
  const at = (c) => `${c.x.toFixed(3)},${c.y.toFixed(3)}`;
  return `M${at(p)}A${r},${r} 0 0 1 ${at(m)}A${r},${r} 0 0 1 ${at(q)}`;
}

/**
 * The position numbers inside the ring (not read out: each coin's name
 * has its position): every one, or on a large circle those of `only`.
 */
function ringLabels(left, size, only) {
  const r = size ? 50 - size - 5 : 38;
  const out = [];
  const shown = only ? [...new Set(only.filter((p) => p > 0))] : Array.from({ length: S.coins.length }, (_, k) => k + 1);
  for (const p of shown) {
    const c = ringPoint(r, ringAngle(p));
    const label = el('span', { class: `ring-pos${left.has(p) ? '' : ' gone'}`, 'aria-hidden': 'true' }, String(p));
    label.style.setProperty('--x', `${c.x.toFixed(2)}%`);
    label.style.setProperty('--y', `${c.y.toFixed(2)}%`);
    out.push(label);
  }
  return out;
}

/** The button of the coin at position p on the ring. */
function ringCoin(p, left, size) {
  const active = yourTurn() && !busy();
  const value = S.coins[p - 1].toString();
  const both = left.left === left.right;
  const end = p === left.left ? (both ? 'both' : 'left') : p === left.right ? 'right' : null;
  const h = hintNow();
  const hinted = !!h && (h.side === 'P' ? h.position === p : (h.side === 'L' ? left.left : left.right) === p);
  const name = `${value} at position ${p}${end === 'both' ? ', the last coin' : end ? `, the ${end} end` : ''}`;
  const takes = active && (picking() || !!end);
  const shown = fit(value);
  const button = el('button', {
    type: 'button',
    class: 'coin ring-coin',
    'data-position': p,
    'data-value': value,
    'data-end': end,
    'data-pick': picking() ? 'true' : null,
    'data-hint': hinted ? 'true' : null,
    disabled: !takes,
    'aria-label': takes ? `Take ${name}` : name,
    title: shown.text === value ? null : value,
  }, shown.text);
  const c = ringPoint(50 - size / 2 - 1, ringAngle(p));
  button.style.setProperty('--left', `${(c.x - size / 2).toFixed(2)}%`);
  button.style.setProperty('--top', `${(c.y - size / 2).toFixed(2)}%`);
  button.style.setProperty('--size', `${size.toFixed(2)}%`);
  button.style.setProperty('--k', String((size * Math.min(0.42, 0.85 / (shown.text.length * 0.6))).toFixed(2)));
  button.addEventListener('click', () => playAt(p, { coin: end === 'right' ? 'R' : 'L' }));
  return button;
}

function renderControls(pos) {
  const active = yourTurn() && !busy();
  const left = $('take-left');
  const right = $('take-right');
  const none = pos.over || picking(); // no end to take (a circle's move 1 takes any coin)
  left.disabled = !active || picking();
  right.disabled = !active || picking();
  left.querySelector('.take-label').textContent = none ? 'Take left' : takeLabel(S.line[pos.i], 'left');
  right.querySelector('.take-label').textContent = none ? 'Take right' : takeLabel(S.line[pos.j], 'right');
  left.setAttribute('aria-label', takeName(none ? null : S.line[pos.i], 'left'));
  right.setAttribute('aria-label', takeName(none ? null : S.line[pos.j], 'right'));
  $('hint').disabled = !active;
  $('undo').disabled = !canUndo();
  const toggle = $('table-toggle');
  toggle.hidden = S.coins.length === 0 || !heatMap() || pos.over;
  toggle.disabled = busy();
  toggle.setAttribute('aria-pressed', String(S.tableOpen));
  $('play-again').hidden = !pos.over || S.coins.length === 0;
}

/** A take button's text: the value, or the side when the value is too long for it. */
const takeLabel = (v, side) => (v.toString().length <= 9 ? `Take ${v}` : `Take ${side}`);

/**
 * A take button's accessible name: its visible label first (WCAG 2.5.3),
 * then what it leaves out ("Take 7, the left coin", "Take left: 1234567890").
 */
function takeName(v, side) {
  if (v === null) return `Take ${side}`;
  const label = takeLabel(v, side);
  return label === `Take ${v}` ? `${label}, the ${side} coin` : `${label}: ${v}`;
}

function renderHint() {
  const box = $('hint-text');
  const h = hintNow();
  box.hidden = !h;
  if (!h) {
    box.textContent = '';
    delete box.dataset.move;
    delete box.dataset.position;
    return;
  }
  box.dataset.move = h.side === 'P' ? 'position' : sideWord(h.side);
  if (h.position) box.dataset.position = String(h.position);
  else delete box.dataset.position;
  box.dataset.coin = h.coin.toString();
  box.dataset.secured = h.secured.toString();
  box.textContent = hintWords(h);
}

/** The hint in words. */
function hintWords(h) {
  const margin = h.margin;
  const outcome = margin > 0n ? `a win by ${margin}` : margin < 0n ? `a loss by ${-margin}` : 'a draw';
  return `Hint: take ${h.coin} ${placeWords(h.side, h.position)}. With best play from here ` +
    `${SCORING[S.score].ending(h)}: ${outcome}.`;
}

function renderHistory(pos) {
  const items = pos.taken.slice(-RECENT).map((t) => {
    const n = t.n;
    return el(
      'li',
      {
        class: `who-${whoOf(t.player)}`,
        'data-player': t.player,
        'data-side': t.side,
        'data-position': shape().ring ? t.position : null,
        'data-value': t.coin.toString(),
        title: `${n}. ${nameOf(t.player)}: ${t.coin} ${placeWords(t.side, t.position)}`,
      },
      el('span', { class: 'visually-hidden' }, `${n}. ${nameOf(t.player)} took `),
      t.coin.toString(),
      el('span', { class: 'visually-hidden' }, ` ${placeWords(t.side, t.position)}`),
      el('span', { class: 'history-side', 'aria-hidden': 'true' }, t.side === 'P' ? `#${t.position}` : t.side)
    );
  });
  $('history').replaceChildren(...items);
  $('history').dataset.count = String(pos.count);
}

/* ------------------------------------------------------------------ */
/* Wiring                                                              */

/**
 * The keyboard: arrows take, h hint, u undo, n new game (asking first
 * when a game is under way). None acts in a form field or the dialog; the
 * arrows only act on the page itself, a coin or a take button.
 */
function onKey(e) {
  if (e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented || $('confirm-new').open) return;
  if (viewNow() === 'learn') return learnKey(e); // the Learn view's keys instead
  if (viewNow() === 'quiz') return quizKey(e); // the Quiz view's
  const t = e.target;
  if (typingIn(t)) return;
  const arrow = (side) => {
    if (picking() && t && t.matches('#ring .coin')) ringStep(t, side === 'R' ? 1 : -1);
    else if (arrowTarget(t)) take(side, refocusOf(t, side));
  };
  const actions = {
    ArrowLeft: () => arrow('L'),
    ArrowRight: () => arrow('R'),
    h: hint,
    H: hint,
    u: undo,
    U: undo,
    n: askNewGame,
    N: askNewGame,
  };
  const action = actions[e.key];
  if (!action) return;
  if (!e.key.startsWith('Arrow') || arrowTarget(t)) e.preventDefault();
  action();
}

/** Whether the arrow keys take a coin with the focus on `t`. */
function arrowTarget(t) {
  if (!t || t === document.body || t === document.documentElement || t.id === 'turn') return true;
  // Not the middle of the row (a scroller, so a Tab stop): there the arrows scroll.
  return !!(t.matches('#coins .coin, #ring .coin') || t.classList.contains('take'));
}

/** Before a circle's move 1: the focus to the next coin clockwise (dir 1) or back (-1). */
function ringStep(from, dir) {
  const coins = [...document.querySelectorAll('#ring .coin:not(:disabled)')];
  const k = coins.indexOf(from);
  if (k < 0 || coins.length === 0) return;
  coins[(k + dir + coins.length) % coins.length].focus();
}

/** `n`: a new game, after asking when one is under way (dialog#confirm-new). */
function askNewGame() {
  if (played() === 0 || isOver()) newGameByKey();
  else $('confirm-new').showModal();
}

function answerNewGame(yes) {
  $('confirm-new').close();
  if (yes) newGameByKey();
}

function newGameByKey() {
  if (newRandomGame()) announce(`A new game: ${coinCount(S.coins.length)}.`);
}

function connect() {
  $('take-left').addEventListener('click', () => take('L', { button: 'take-left' }));
  $('take-right').addEventListener('click', () => take('R', { button: 'take-right' }));
  $('confirm-new-yes').addEventListener('click', () => answerNewGame(true));
  $('confirm-new-no').addEventListener('click', () => answerNewGame(false));
  // What waited for the dialog: the engine's reply said, the focus back.
  $('confirm-new').addEventListener('close', () => {
    const held = S.heldAnnounce;
    S.heldAnnounce = null;
    if (held) announce(held);
    restoreFocus(null);
  });
  $('hint').addEventListener('click', hint);
  $('pick-form').addEventListener('submit', (e) => {
    e.preventDefault();
    pickTyped();
  });
  $('undo').addEventListener('click', undo);
  $('table-toggle').addEventListener('click', toggleTable);
  $('moves-prev').addEventListener('click', () => turnRows(-1));
  $('moves-next').addEventListener('click', () => turnRows(1));
  $('setup-form').addEventListener('submit', (e) => {
    e.preventDefault();
    if (newRandomGame()) showGame();
  });
  $('seed-random').addEventListener('click', randomSeed);
  $('seed').addEventListener('input', () => {
    S.seedUsed = false;
  });
  $('play-again').addEventListener('click', () => {
    if (busy()) return;
    startGame(S.coins, S.human === 1, S.seed, S.source, '', 'push', rulesNow());
    focusTo($('turn')); // the button hides itself
  });
  $('row-load').addEventListener('click', () => {
    if (rowsTyped($('row-input').value)) {
      rowsLoad(); // several rows: web/app/rows.js
      return;
    }
    $('rows').hidden = true;
    if (loadRow()) showGame();
  });
  $('difficulty').addEventListener('change', () => saveUrl('replace'));
  window.addEventListener('popstate', (e) => {
    if (learnFromUrl() || quizFromUrl()) return;
    if (viewNow() !== 'play') learnShow(false);
    onPopState(e);
  });
  connectLearn();
  connectQuiz();
  $('view-learn').addEventListener('click', () => openView('learn'));
  $('view-quiz').addEventListener('click', () => openView('quiz'));
  $('learn-quiz').addEventListener('click', () => openView('quiz'));
  $('view-play').addEventListener('click', () => openView('play'));
  $('retry').addEventListener('click', () => {
    const again = S.retry;
    if (!again || busy()) return;
    clearError();
    again();
  });
  document.addEventListener('keydown', onKey);
  // The heat map's text colours follow a live switch of light and dark:
  // at once, and again at the next frame (whatever else it redraws).
  window.matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => {
    render();
    requestAnimationFrame(render);
  });
  for (const box of document.querySelectorAll('.table-scroll')) {
    box.addEventListener('scroll', () => fadeEdges(box), { passive: true });
  }
  let resizeTimer = 0;
  window.addEventListener('resize', () => {
    clearTimeout(resizeTimer);
    resizeTimer = setTimeout(() => {
      drawChart();
      markScrollers();
    }, 150);
  });
}

/** To the view `name` (a button of nav.views): a new history entry, the view's link. */
function openView(name) {
  if (viewNow() === name) return;
  if (name === 'play') {
    learnShow(false);
    saveUrl('push');
    render();
    return;
  }
  learnStop();
  history.pushState(null, '', `#${name === 'learn' ? learnLink() : quizLink()}`);
  if (name === 'learn') learnFromUrl();
  else quizFromUrl();
}

/**
 * The engine's version in the footer; from the server, its row limit too
 * (failures are silent: the game itself reports a missing server).
 */
async function readHealth() {
  if (wasm) {
    $('version').textContent = version;
    return;
  }
  try {
    const res = await fetch('api/health');
    const h = await res.json();
    if (h && typeof h.version === 'string') $('version').textContent = h.version;
    if (h && Number.isSafeInteger(h.max_coins) && h.max_coins > 0) {
      maxCoins = h.max_coins;
      $('size').max = String(maxCoins);
    }
  } catch (e) {
    /* cosmetic */
  }
}

async function init() {
  connect();
  await loadEngine();
  if (wasm) {
    maxCoins = LOCAL_MAX;
    $('size').max = String(maxCoins);
  }
  randomSeed();
  // #view=learn or #view=quiz: that view, over a default game (no link of its own: saveUrl() leaves the URL alone)
  const view = viewOfUrl();
  if (view) showView(view);
  openLink(() => (!view && openFragment('replace')) || openQuery());
  render();
  if (view === 'learn') learnFromUrl();
  else if (view === 'quiz') quizFromUrl();
  readHealth();
}

window.coinline = Object.freeze({
  state: S,
  rowFromSeed,
  parseRow,
  engineSeed,
  positionSeed,
  strategies: STRATEGIES,
});

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', init);
else init();
