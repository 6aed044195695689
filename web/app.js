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
 * The only global this file defines is window.coinline (state and a few
 * pure helpers); it reads window.coinlineWork, worker.js's (which reads
 * window.coinlineWasm, engine.js's). S.coins is a BigInt64Array.
 */
(() => {
  'use strict';

  const I64_MIN = -(2n ** 63n);
  const I64_MAX = 2n ** 63n - 1n;
  const U64 = 2n ** 64n - 1n;
  let maxCoins = 100000; // the server's --max-coins (from /api/health), or LOCAL_MAX
  const LOCAL_MAX = 1000000; // the row limit with the engine in the page
  const URL_ROW = 2000; // a typed row longer than this is not put in a link
  const URL_MOVES = 2000; // more moves go in a link packed (moves64=, six a character)
  const TABLE_MAX = 20; // the heat map is drawn for rows this short
  const RING_MAX = 24; // a circle this small has a button for each coin round the ring
  const SHOWN_END = 20; // a long row shows this many coins at each end
  const QUICK_ROW = 40; // a longer row: the engine replies faster (no long pause)
  const BIG_ROW = 20000; // a longer random row is made by the work, with progress
  const BIG_TEXT = 150000; // a longer typed row (characters) is read by the work
  const PROGRESS_AT = 5000; // work on this many coins or moves shows its progress at once
  const PROGRESS_WAIT = 300; // smaller work: after this many ms
  const RECENT = 40; // the moves #history lists
  const PAGE_ROWS = 200; // the review table's rows shown at a time
  const STRATEGIES = {
    easy: 'fallible:0.5',
    medium: 'fallible:0.25',
    hard: 'fallible:0.1',
    perfect: 'optimal',
  };
  const SVG_NS = 'http://www.w3.org/2000/svg';

  const $ = (id) => document.getElementById(id);

  /* ------------------------------------------------------------------ */
  /* Exact numbers                                                       */

  const abs = (v) => (v < 0n ? -v : v);

  /**
   * An exact integer with its digits grouped by thousands ("53,009,064"),
   * as toLocaleString('en-US') writes it, a hundred times faster (a review
   * shows thousands).
   */
  const grouped = (v) => BigInt(v).toString().replace(/\B(?=(\d{3})+$)/g, ',');

  /** "1 point" / "3 points", exact and grouped. */
  const points = (v) => `${grouped(v)} point${abs(v) === 1n ? '' : 's'}`;

  /* ------------------------------------------------------------------ */
  /* Rows from a seed, typed rows, seeds: web/worker.js's                */

  // window.coinlineWork (worker.js, loaded before this file): the
  // helpers the page shares with its work, one definition for both.
  // rowFromSeed(size, seed, min, max): coin k = min + (the k-th
  // splitmix64 output of seed) mod (max - min + 1), a plain Array of
  // BigInt; parseRow(text): a typed row as a BigInt64Array (or the Error
  // naming its bad token); engineSeed and positionSeed as below
  // (Determinism); SHAPES (taken into this file's SHAPES below): what
  // each shape does with the coins (anyFirst: move 1 may take any coin;
  // lineOf(coins, first): the line the L/R moves are played on after it;
  // positionOf(k, first, n): the position of index k of that line);
  // SCORES and scoreOf: the scorings' arithmetic; big(x): a number
  // of the API (a number up to 2^53, a decimal string, a BigInt) as a
  // BigInt; wire(coin): a coin for a request, a number when exact as a
  // double (up to 2^53), else a decimal string; clip(token): at most 40
  // characters of it, for a message; MAX_ROWS: the review lists at most
  // this many moves.
  const { rowFromSeed, parseRow, engineSeed, positionSeed, SCORES, scoreOf, big, wire, clip, MAX_ROWS } = window.coinlineWork;
  const WORK_SHAPES = window.coinlineWork.SHAPES;

  /*
   * The rules as data, one entry a rule, so that the page does what
   * differs by rule without a branch on it. A shape (the line or the
   * circle) is its work's entry (worker.js's SHAPES: whether move 1 takes
   * any coin, the line the L/R moves are played on, a position) and here:
   * its words (the noun, where the coins are, whose turn, a coin's name
   * and the place of a coin taken at an end, in the game's words and the
   * review's; yourPick: the turn where any coin may be taken), request
   * (how a request names it: the API's keys), key (the link's key for
   * its move 1, FIRST, when it has one; else none), box (#circle ticked
   * for it), ring (drawn as a ring, #ring: its coins named by position)
   * and heatMap (its table is drawn: a line's runs (i, j); a circle's
   * arcs (i, len) are not). The scorings (their arithmetic is worker.js's
   * SCORES): the hint's ending with best play from here (h.secured what
   * the mover secures, h.margin its final margin), and what a loss of the
   * review (in the mover's points) does to the margin.
   */
  const SHAPES = {
    line: {
      ...WORK_SHAPES.line,
      noun: 'row',
      where: 'in the row',
      yourTurn: 'Your turn: take a coin from either end.',
      yourPick: '',
      at: () => '', // a coin's place after its side: the side says it
      named: () => '', // a coin's name after its value: its index says it
      reviewPlace: (side) => side,
      request: {},
      key: '',
      box: false,
      ring: false,
      heatMap: true,
    },
    circle: {
      ...WORK_SHAPES.circle,
      noun: 'circle',
      where: 'on the circle',
      yourTurn: 'Your turn: take a coin at either end of the gap.',
      yourPick: 'Your turn: take any coin of the circle.',
      at: (position) => ` (position ${position})`,
      named: (position) => ` at position ${position}`,
      reviewPlace: (side, position) => `${side}, ${position}`,
      request: { circle: true },
      key: 'circle',
      box: true,
      ring: true,
      heatMap: false,
    },
  };
  /** The game's shape: its entry of SHAPES. */
  const shape = () => SHAPES[S.shape];

  /** The shape a link names: the one whose key it holds (circle=FIRST), else the line. */
  const linkShape = (q) => Object.keys(SHAPES).find((name) => SHAPES[name].key && q.has(SHAPES[name].key)) || 'line';

  /** The shape the form says: the one #circle's tick stands for. */
  const formShape = () => Object.keys(SHAPES).find((name) => SHAPES[name].box === $('circle').checked);

  /** The form says the shape `name`. */
  const setFormShape = (name) => {
    $('circle').checked = SHAPES[name].box;
  };

  /**
   * The L/R moves a game of n coins may have after move 1 at `first` (0:
   * none yet) on the shape `s`: n, or where move 1 takes any coin none
   * before it and n - 1 after.
   */
  const mostMoves = (s, n, first) => (!s.anyFirst ? n : first ? n - 1 : 0);

  const SCORING = {
    taken: {
      ending: (h) => `you end with ${h.secured} and the engine with ${h.secured - h.margin}`,
      lossMargin: (loss) => 2n * loss,
    },
    remaining: {
      ending: (h) => (h.margin === 0n ? 'you end level with the engine' : `you end ${points(abs(h.margin))} ${h.margin < 0n ? 'behind' : 'ahead'}`),
      lossMargin: (loss) => loss,
    },
  };

  /** An error in the form's fields `ids` (ids of inputs): #error goes next to them. */
  class FieldError extends Error {
    constructor(message, ids) {
      super(message);
      this.ids = ids;
    }
  }

  /** A decimal integer field as a BigInt within [lo, hi], or a FieldError. */
  function readInteger(id, what, lo, hi) {
    try {
      return integerOf($(id).value, what, lo, hi);
    } catch (e) {
      throw new FieldError(e.message, [id]);
    }
  }

  /** A decimal integer's text as a BigInt within [lo, hi], or an Error. */
  function integerOf(text, what, lo, hi) {
    const t = String(text).trim();
    if (!/^[+-]?[0-9]+$/.test(t)) throw new Error(`${what}: '${clip(t)}' is not an integer`);
    const v = BigInt(t);
    if (v < lo || v > hi) throw new Error(`${what}: ${t} is not from ${lo} to ${hi}`);
    return v;
  }

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

  /* ------------------------------------------------------------------ */
  /* The API                                                             */

  class ApiError extends Error {}

  /**
   * POST a JSON body (a string) to api/<path>; the answer, or an ApiError.
   * raw: the answer's bytes (an ArrayBuffer), for the work to read.
   */
  async function api(path, body, raw = false) {
    let res;
    try {
      res = await fetch(`api/${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body,
      });
    } catch (e) {
      throw new ApiError(`cannot reach the server (${e.message})`);
    }
    if (raw && res.ok) return res.arrayBuffer();
    const text = await res.text();
    let data = null;
    try {
      data = JSON.parse(text);
    } catch (e) {
      data = null; // reported below
    }
    if (!res.ok) {
      const why = data && typeof data.error === 'string' ? data.error : text.slice(0, 200);
      throw new ApiError(`the server refused ${path} (${res.status}): ${why || res.statusText}`);
    }
    if (data === null || typeof data !== 'object') {
      throw new ApiError(`the server's answer to ${path} is not a JSON object`);
    }
    return data;
  }

  /**
   * What the page keeps of a row (its BigInt64Array) once computed: its
   * sum, and its JSON for the API's requests ({sum, json}). A row played
   * again (#play-again, back to a long typed row) costs nothing anew.
   */
  const facts = new WeakMap();
  function rowFacts(coins) {
    let f = facts.get(coins);
    if (!f) {
      let sum = 0n;
      for (let k = 0; k < coins.length; k++) sum += coins[k];
      f = { sum, json: null };
      facts.set(coins, f);
    }
    return f;
  }

  /** The body of a request on the current row: {"coins": [...], ...extra}. */
  function requestBody(extra) {
    if (S.coinsJson === null) {
      const f = rowFacts(S.coins);
      if (f.json === null) f.json = JSON.stringify(Array.from(S.coins, wire));
      S.coinsJson = f.json;
    }
    const rest = JSON.stringify(extra || {}).slice(1); // '}' or '"k":v,...}'
    return `{"coins":${S.coinsJson}${rest === '}' ? '' : ','}${rest}`;
  }

  /* ------------------------------------------------------------------ */
  /* The work (web/worker.js): the engine, off the main thread           */

  let wasm = false; // the work has engine.js's engine; false: the server's API answers
  let worker = null; // coinlineWork.start()'s: {kind: 'worker' | 'page', postMessage}
  let version = null; // the engine's version, from the work
  let lastId = 0;
  const calls = new Map(); // id -> {resolve, reject, onProgress}

  /** An answer or a progress report of the work. */
  function onWork(e) {
    const m = e.data;
    const call = calls.get(m.id);
    if (!call) return;
    if (m.progress !== undefined) {
      if (call.onProgress) call.onProgress(m.progress);
      return;
    }
    calls.delete(m.id);
    if (m.error) {
      const err = new (m.error.name === 'RangeError' ? RangeError : Error)(m.error.message);
      err.code = m.error.code;
      call.reject(err);
    } else {
      call.resolve(m.value);
    }
  }

  /** Asks the work `op` with `args`; its answer. onProgress(0..1) as it goes. */
  function work(op, args, onProgress, transfer) {
    const id = ++lastId;
    return new Promise((resolve, reject) => {
      calls.set(id, { resolve, reject, onProgress });
      worker.postMessage({ ...args, id, op }, transfer || []);
    });
  }

  /**
   * Starts the work and its engine (engine.js's, if the page has it); sets
   * body[data-engine] ("wasm" or "api") and body[data-worker] ("worker",
   * or "page" when no Worker could start).
   */
  async function loadEngine() {
    worker = await window.coinlineWork.start(onWork);
    document.body.dataset.worker = worker.kind;
    try {
      const r = await work('init', {});
      wasm = r.engine === 'wasm';
      version = r.version;
    } catch (e) {
      wasm = false; // the server's API does it all
    }
    document.body.dataset.engine = wasm ? 'wasm' : 'api';
  }

  /**
   * The answer to POST api/<path> (move or table) with the current row and
   * `extra`: from the engine of the work when loaded, else from the
   * server. Its time goes to body[data-engine-ms].
   */
  async function ask(path, extra) {
    const started = performance.now();
    try {
      const req = { ...rulesBody(), ...extra };
      return wasm ? await work(path, { ...req, game: S.game }) : await api(path, requestBody(req));
    } finally {
      document.body.dataset.engineMs = (performance.now() - started).toFixed(2);
    }
  }

  /** The game's rules as a request says them (the API's keys: its shape's request, "score": "remaining"); none for the classic game. */
  function rulesBody() {
    const r = { ...shape().request };
    if (S.score !== 'taken') r.score = S.score;
    return r;
  }

  /** Where the game stands, as a request says it: "first" (move 1, where it may take any coin), and the L/R "moves" after it. */
  function gameAt(first, moves) {
    return shape().anyFirst ? { first, moves } : { moves };
  }

  /** The rules of the game as startGame() takes them. */
  const rulesNow = () => ({ shape: S.shape, score: S.score });

  /** The rules the form says: its shape and scoring. */
  const formRules = () => ({ shape: formShape(), score: scoreOf($('score').value) });

  /**
   * The game reviewed as the page shows it (worker.js's review): by the
   * engine of the work, or from POST api/analyze's answer, read by the
   * work. #progress shows how far it is.
   */
  async function askReview(first, moves) {
    const started = performance.now();
    const count = (first ? 1 : 0) + moves.length;
    const done = progressStart('review', 'Reviewing the game', count >= PROGRESS_AT);
    try {
      if (wasm) return await work('review', { game: S.game, first, moves, human: S.human }, progressSet);
      const buffer = await api('analyze', requestBody({ ...rulesBody(), ...gameAt(first, moves) }), true);
      return await work('model', { buffer, human: S.human }, progressSet, [buffer]);
    } finally {
      done();
      document.body.dataset.engineMs = (performance.now() - started).toFixed(2);
    }
  }

  /* ------------------------------------------------------------------ */
  /* Progress (#progress)                                                */

  /**
   * Shows #progress for the work `task` ("open" or "review"), its words
   * `what`: at once when `now`, else once it has taken PROGRESS_WAIT ms.
   * Returns what hides it again.
   */
  function progressStart(task, what, now) {
    const p = { task, what, value: null, shown: false };
    S.progress = p;
    const show = () => {
      if (S.progress !== p) return;
      p.shown = true;
      renderProgress();
    };
    const timer = now ? 0 : setTimeout(show, PROGRESS_WAIT);
    if (now) show();
    return () => {
      clearTimeout(timer);
      if (S.progress !== p) return;
      S.progress = null;
      renderProgress();
    };
  }

  /** How far the work shown is (0..1), drawn at the next frame. */
  let progressFrame = 0;
  function progressSet(x) {
    if (!S.progress) return;
    S.progress.value = x;
    if (S.progress.shown && !progressFrame) {
      progressFrame = requestAnimationFrame(() => {
        progressFrame = 0;
        renderProgress();
      });
    }
  }

  function renderProgress() {
    const box = $('progress');
    const p = S.progress && S.progress.shown ? S.progress : null;
    box.hidden = !p;
    if (!p) {
      delete box.dataset.task;
      return;
    }
    box.dataset.task = p.task;
    const bar = $('progress-bar');
    $('progress-text').textContent = p.value === null ? `${p.what}…` : `${p.what}: ${Math.round(p.value * 100)}%`;
    if (p.value === null) bar.removeAttribute('value');
    else bar.value = p.value;
  }

  /**
   * Runs fn (async) with body[data-busy] set. Its error goes to #error, with
   * #retry calling `retry` when given, unless the game `gen` is gone by then.
   */
  async function task(gen, fn, retry) {
    if (!S.refocus) S.refocus = refocusAfter(document.activeElement);
    S.pending++;
    render(); // the controls turn off while it runs
    try {
      await fn();
    } catch (e) {
      if (gen === S.gen) {
        showError(e.message || String(e));
        S.retry = retry || null;
      }
    } finally {
      S.pending--;
      render();
    }
    // A failed request with the focus lost (its control went off): on to #retry.
    if (gen === S.gen && S.retry && !$('retry').hidden && !$('confirm-new').open && focusFree(null)) focusTo($('retry'));
  }

  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  /** A turn of the event loop: what follows runs in a task of its own (the page draws between). */
  const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
  const reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  const pause = (ms) => sleep(reducedMotion() ? 0 : ms);

  /* ------------------------------------------------------------------ */
  /* Errors                                                              */

  // #error's place in the game; a form error moves it next to its fields.
  let errorHome = null;

  /**
   * Shows `message` in #error: in the game, or, for the fields `ids` of the
   * form, just below them, with aria-invalid on the fields, the first one
   * focused and the message scrolled into view.
   */
  function showError(message, ids) {
    const box = $('error');
    if (!errorHome) errorHome = { parent: box.parentNode, next: box.nextSibling };
    const field = !!ids && ids.length > 0;
    // A field's error is read once, as the focused field's description
    // (aria-describedby); the game's errors are an alert.
    if (field) box.removeAttribute('role');
    else box.setAttribute('role', 'alert');
    box.dataset.kind = field ? 'field' : 'game';
    $('error-text').textContent = message;
    box.hidden = false;
    $('retry').hidden = field || !S.retry || busy(); // a field error is not the failed request's
    markInvalid(ids || []);
    if (!field) {
      if (box.parentNode !== errorHome.parent) errorHome.parent.insertBefore(box, errorHome.next);
      return;
    }
    const anchor = ids[0] === 'row-input' ? $('row-load') : $('new-game');
    anchor.parentNode.insertBefore(box, anchor);
    $(ids[0]).focus({ preventScroll: true });
    box.scrollIntoView({ block: 'nearest' });
    $(ids[0]).scrollIntoView({ block: 'nearest' });
  }

  /** aria-invalid="true" on exactly the fields `ids`, described by #error. */
  function markInvalid(ids) {
    for (const f of document.querySelectorAll('#setup [aria-invalid]')) {
      f.removeAttribute('aria-invalid');
      f.removeAttribute('aria-describedby');
    }
    for (const id of ids) {
      $(id).setAttribute('aria-invalid', 'true');
      $(id).setAttribute('aria-describedby', 'error-text');
    }
  }

  function clearError() {
    $('error-text').textContent = '';
    $('error').hidden = true;
    markInvalid([]);
    S.retry = null;
  }

  /** After a game started from the form: the game in view, the focus on whose turn it is. */
  function showGame() {
    const top = $('game').getBoundingClientRect().top;
    if (top < 0 || top > window.innerHeight / 2) $('game').scrollIntoView({ block: 'start' });
    $('turn').focus({ preventScroll: true });
  }

  /* ------------------------------------------------------------------ */
  /* Playing                                                             */

  /**
   * Starts a game on `coins` (a BigInt64Array), the person moving first or
   * not, at the position after `moves`; `source` says where the row came
   * from (for the URL), `how` whether the URL's entry is pushed or
   * replaced; `rules` ({shape, score}) the game's. On a circle, `first` is the position move 1 took
   * (0: none yet) and `moves` are the moves after it. `opened`: the work's
   * answer when it made the row (openLong()): the game is open there
   * already, with its sum and position; else the row goes to the work,
   * which makes the game's Engine at once (O(n)), so that an answer is
   * only a move (its requests queue behind it).
   */
  function startGame(coins, youFirst, seed, source, moves = '', how = 'push', rules = { shape: 'line', score: 'taken' }, first = 0, opened = null) {
    S.gen++;
    S.game++;
    S.opening = null;
    S.coins = coins;
    if (opened) facts.set(coins, { sum: opened.sum, json: opened.json || null }); // the work's, not made again
    S.coinsJson = rowFacts(coins).json;
    S.shape = Object.hasOwn(SHAPES, rules.shape) ? rules.shape : 'line';
    S.score = scoreOf(rules.score);
    S.first = -1; // setFirst() makes the line anew
    setFirst(shape().anyFirst ? first : 0);
    S.sum = rowFacts(coins).sum;
    S.source = source;
    S.moves = moves;
    if (opened) {
      const p = opened.pos;
      S.cursor = { first: S.first, line: S.line, moves, i: p.i, j: p.j, left: p.left, t: [p.totals[0], p.totals[1]] };
    } else if (wasm) {
      // A failure shows at the game's first request (its error is the work's).
      work('open', { game: S.game, coins, ...rulesNow(), first: S.first, moves }).catch(() => {});
    }
    S.human = youFirst ? 1 : 2;
    S.seed = seed;
    S.hint = null;
    S.analysis = null;
    S.table = null;
    S.tableOpen = false;
    S.refocus = null;
    S.heldAnnounce = null;
    clearError();
    $('analysis').hidden = true;
    $('table-section').hidden = true;
    saveUrl(how);
    render();
    afterMove();
  }

  /** A circle's move 1 (0: none) and the line the moves after it are played on; a row's line is the row itself. */
  function setFirst(first) {
    if (first === S.first) return;
    S.first = first;
    S.line = shape().lineOf(S.coins, first);
    S.cursor = null;
  }

  /**
   * A game whose row the work makes (a long random row, or a long typed
   * one: `make` as worker.js's open), with #progress, then started as
   * startGame(), `g` its other arguments ({youFirst, seed, source, moves,
   * how, rules, first}). fail(message) when the row cannot be played (a
   * bad token, too many coins). Returns at once; body[data-busy] until it
   * is played.
   */
  function openLong(make, g, fail) {
    const gen = ++S.gen;
    const game = S.game + 1;
    S.opening = { n: make.size || 0 };
    S.pending++;
    render();
    const done = progressStart('open', make.size ? `Preparing ${grouped(make.size)} coins` : 'Reading the row', true);
    const args = { game, make, ...g.rules, first: g.first, moves: g.moves, json: !wasm };
    const end = () => {
      S.pending--;
      done();
      if (gen === S.gen) return true;
      render(); // a newer game (or position) meanwhile: this one is dropped
      return false;
    };
    work('open', args, progressSet).then((r) => {
      if (end()) startGame(r.coins, g.youFirst, g.seed, g.source, g.moves, g.how, g.rules, g.first, r);
    }, (e) => {
      if (!end()) return;
      S.opening = null;
      render();
      fail(e.message || String(e));
    });
  }

  /** What follows a move: the engine's reply, the review, or nothing. */
  function afterMove() {
    if (isOver()) {
      review();
    } else if (!yourTurn()) {
      engineMove();
    }
  }

  /**
   * The end of the line left whose coin is at `position` (1..n): 'L' or
   * 'R' (the last coin: 'L'), the line's names for its two ends'
   * positions; null for any other coin, or none left.
   */
  function sideAt(position) {
    const { i, j } = replay(S.moves);
    if (i > j) return null;
    if (position === positionOf(i)) return 'L';
    return position === positionOf(j) ? 'R' : null;
  }

  /** The position (1..n) of the coin at the end `side` ('L' or 'R') of the line left. */
  function endAt(side) {
    const { i, j } = replay(S.moves);
    return positionOf(side === 'L' ? i : j);
  }

  /** Whether the coin at `position` may be taken now: any coin at move 1 where any may be, else an end's. */
  const canTake = (position) => (picking() ? position >= 1 && position <= S.coins.length : sideAt(position) !== null);

  /**
   * Plays the coin at `position` on S: move 1 (S.first) where any coin may
   * be taken, else the end of the line left at it, `side` (an L or R more;
   * the last coin is both ends: L unless the move named R).
   */
  function advance(position, side = sideAt(position)) {
    if (picking()) {
      setFirst(position);
      S.moves = '';
    } else {
      S.moves += side;
    }
  }

  /**
   * The person takes the coin at `position` (1..n), if it is their turn and
   * it may be taken (the one path of every move of theirs: a coin, a take
   * button, an arrow key, #pick), `side` the end they named, if they did;
   * `refocus` is what gets the focus back once the engine has replied.
   */
  function playAt(position, refocus, side = undefined) {
    if (busy() || !yourTurn() || !canTake(position)) return;
    clearError();
    advance(position, side);
    S.hint = null;
    S.refocus = refocus ? { ...refocus, from: document.activeElement } : null;
    saveUrl('push');
    render();
    if (isOver()) announce(`Game over: ${resultWords(replay(S.moves).totals)}`);
    afterMove();
  }

  /** The person takes the coin at the end `side` ('L' or 'R') of the line left; `refocus` as playAt()'s. */
  function take(side, refocus) {
    if (!picking()) playAt(endAt(side), refocus, side);
  }

  /** Move 1 at the position typed in #pick (a circle too large for a button a coin). */
  function pickTyped() {
    if (busy() || !yourTurn() || !picking()) return;
    try {
      const p = Number(integerOf($('pick').value, 'position', 1n, BigInt(S.coins.length)));
      $('pick').removeAttribute('aria-invalid');
      $('pick').value = '';
      playAt(p, { coin: 'L' });
    } catch (e) {
      showError(e.message);
      $('pick').setAttribute('aria-invalid', 'true');
      $('pick').focus();
    }
  }

  /** What the focus goes back to after a take with it on `target`. */
  function refocusOf(target, side) {
    if (target && target.classList.contains('coin')) return { coin: side };
    if (target && target.classList.contains('take')) return { button: target.id };
    return null;
  }

  /**
   * What gets the focus back after a request started with it on `target`
   * (a control it turns off, or an end coin it redraws), or null.
   */
  function refocusAfter(target) {
    if (!target || !target.isConnected) return null;
    if (target.matches('#coins .coin[data-end], #ring .coin[data-end]')) return { coin: target.dataset.end === 'right' ? 'R' : 'L', from: target };
    if (target.matches('#ring .coin[data-pick]')) return { coin: 'L', from: target };
    if (target.matches('.take, #hint, #table-toggle')) return { button: target.id, from: target };
    return null;
  }

  /** Says `text` in #announce (a polite live region), even when it is the same again. */
  function announce(text) {
    if ($('confirm-new').open) { // the page behind a modal dialog is inert: said once it closes
      S.heldAnnounce = text;
      return;
    }
    const box = $('announce');
    box.textContent = box.textContent === text ? `${text}\u00a0` : text;
  }

  /** Asks the engine (here or the server) for its move, shows it taken, and plays it. */
  function engineMove() {
    const gen = S.gen;
    const moves = S.moves;
    const first = S.first;
    const strategy = STRATEGIES[$('difficulty').value] || 'optimal';
    const seed = engineSeed(S.seed, played());
    return task(gen, async () => {
      const started = Date.now();
      const reply = await ask('move', { ...gameAt(first, moves), strategy, seed });
      if (gen !== S.gen || moves !== S.moves || first !== S.first) return; // a new game began meanwhile
      const move = engineReply(reply, first, moves);
      await pause(Math.max(0, thinkMs() - (Date.now() - started))); // "thinking"
      await ringTurned();
      if (gen !== S.gen) return;
      await animateTake(move.side, move.position);
      if (gen !== S.gen) return;
      advance(move.position, move.side); // S.moves is then reply.moves
      S.hint = null;
      saveUrl('replace'); // the person's entry: one entry a turn
      render();
      const words = `The engine took ${big(reply.coin)} ${placeWords(move.side, move.position)}.`;
      announce(isOver() ? `${words} Game over: ${resultWords(replay(S.moves).totals)}` : words);
      afterMove();
    }, engineMove);
  }

  /**
   * The engine's move in a reply to api/move, checked against the position
   * it was asked about: {side: 'L' | 'R', or 'P' for a circle's move 1,
   * position (on a circle)}; an ApiError when it does not fit.
   */
  function engineReply(reply, first, moves) {
    const bad = () => new ApiError(`unexpected answer to move: ${JSON.stringify(reply, (k, v) => (typeof v === 'bigint' ? String(v) : v)).slice(0, 200)}`);
    if (anyCoinAt(first)) {
      const p = typeof reply.move === 'number' || typeof reply.move === 'bigint' ? Number(reply.move) : 0;
      if (!Number.isInteger(p) || p < 1 || p > S.coins.length || reply.moves !== '') throw bad();
      return { side: 'P', position: p };
    }
    const side = reply.move === 'left' ? 'L' : reply.move === 'right' ? 'R' : null;
    if (!side || reply.moves !== moves + side) throw bad();
    const { i, j } = replay(moves);
    return { side, position: positionOf(side === 'L' ? i : j) };
  }

  /** Where a coin was taken, in words: "from the left", "at position 5", "from the left (position 4)". */
  function placeWords(side, position) {
    if (side === 'P') return `at position ${position}`;
    return `from the ${sideWord(side)}${shape().at(position)}`;
  }

  /** A long game goes faster: the engine's pause and lift shrink as the row grows. */
  const quick = () => S.coins.length > QUICK_ROW;
  const thinkMs = () => (quick() ? 60 : 250);

  /** Lifts the coin the engine takes off the row (or the ring, at `position`) before it goes. */
  async function animateTake(side, position) {
    const { i, j } = replay(S.moves);
    const el = ringButtons() ?
      document.querySelector(`#ring .coin[data-position="${position}"]`) :
      document.querySelector(`#coins .coin[data-index="${side === 'L' ? i : j}"]`);
    if (!el) return;
    el.classList.add('taking');
    el.classList.toggle('quick', quick());
    await pause(quick() ? 150 : 380);
  }

  /** Takes back the last full turn: the engine's replies and the person's move. */
  function undo() {
    if (busy()) return;
    const mine = replay(S.moves).taken.filter((t) => t.player === S.human); // among the last moves: the person's last
    if (mine.length === 0) return; // the person has not moved yet
    const k = mine[mine.length - 1].n;
    const fromUndo = document.activeElement === $('undo');
    // The position before move k (a circle's move 1 is S.first, not in S.moves).
    const base = S.first ? 1 : 0;
    showPosition(k <= base ? '' : S.moves.slice(0, k - 1 - base), k <= base ? 0 : S.first);
    saveUrl('push');
    announce(`Taken back: ${coinCount(S.coins.length - played())} ${shape().where} again.`);
    if (fromUndo && $('undo').disabled) $('turn').focus({ preventScroll: true }); // nothing left to undo
  }

  /** "1 coin" / "3 coins". */
  function coinCount(n) {
    return `${n} coin${n === 1 ? '' : 's'}`;
  }

  /** Goes to the position after `moves` (on a circle, after move 1 at `first`) in this game (undo, back, forward). */
  function showPosition(moves, first = 0) {
    S.gen++; // drops any late answer about the position left
    setFirst(first); // a row's is always 0
    S.moves = moves;
    S.hint = null;
    S.analysis = null;
    clearError();
    $('analysis').hidden = true;
    render();
    afterMove(); // normally the person's turn again; the engine's if it starts
  }

  /** Whether the person has a move to take back (player 1 moved first). */
  const canUndo = () => !busy() && played() >= S.human;

  /** The optimal move here and what it secures (the answer of POST /api/move, optimal). */
  function hint() {
    if (busy() || !yourTurn()) return;
    if (hintNow()) {
      announce(hintWords(S.hint));
      return render();
    }
    const gen = S.gen;
    const moves = S.moves;
    const first = S.first;
    return task(gen, async () => {
      const r = await ask('move', { ...gameAt(first, moves), strategy: 'optimal' });
      if (gen !== S.gen || moves !== S.moves || first !== S.first) return;
      const { totals } = replay(moves);
      const secured = big(r.secured);
      const side = r.best === 'left' ? 'L' : r.best === 'right' ? 'R' : 'P';
      S.hint = {
        moves,
        first,
        side,
        position: r.best_position === undefined ? 0 : Number(big(r.best_position)),
        coin: big(r.best_coin),
        secured,
        margin: totals[S.human - 1] - totals[2 - S.human] + big(r.value), // your final margin with best play
      };
      announce(hintWords(S.hint));
    });
  }

  /** The hint of this position, if asked. */
  const hintNow = () => (S.hint && S.hint.moves === S.moves && S.hint.first === S.first ? S.hint : null);

  /** Reviews the finished game (askReview(): by the work, or POST /api/analyze), and fetches the table. */
  function review() {
    const gen = S.gen;
    const moves = S.moves;
    const first = S.first;
    return task(gen, async () => {
      const an = await askReview(first, moves);
      if (gen !== S.gen || moves !== S.moves) return;
      S.analysis = an;
      S.rowsPage = 0;
      renderAnalysis(false);
      await nextTask(); // the table's rows in a task of their own
      if (gen !== S.gen || moves !== S.moves) return;
      renderMoveRows(an);
      markScrollers();
      if (S.coins.length <= TABLE_MAX) await loadTable(gen);
    }, review);
  }

  /** The V(i, j) table of the row (the answer of POST /api/table), once per game. */
  async function loadTable(gen) {
    if (S.table || !heatMap()) return; // a circle's arcs are not drawn
    const t = await ask('table');
    if (gen !== S.gen) return;
    S.table = t;
  }

  /** The heat map (the table of V(i, j) under the game's scoring) is drawn: a short game of a shape that has it (a row). */
  const heatMap = () => S.coins.length <= TABLE_MAX && shape().heatMap;

  function toggleTable() {
    if (busy()) return;
    S.tableOpen = !S.tableOpen;
    if (S.tableOpen && !S.table) {
      const gen = S.gen;
      task(gen, () => loadTable(gen));
    } else {
      render();
    }
  }

  /* ------------------------------------------------------------------ */
  /* New games from the form, a typed row or the URL                     */

  /** Reads the form into a new random game; errors go next to their fields. True when started. */
  function newRandomGame(how) {
    try {
      const size = Number(readInteger('size', 'coins', 1n, BigInt(maxCoins)));
      if (S.seedUsed || $('seed').value.trim() === '') randomSeed();
      const seed = readInteger('seed', 'seed', 0n, U64);
      const min = readInteger('min', 'lowest value', I64_MIN, I64_MAX);
      const max = readInteger('max', 'highest value', I64_MIN, I64_MAX);
      if (min > max) throw new FieldError(`the lowest value (${min}) is above the highest (${max})`, ['min', 'max']);
      const source = { kind: 'random', size, min, max };
      const youFirst = $('first').value !== 'engine';
      const rules = formRules();
      if (size > BIG_ROW) {
        openLong({ kind: 'random', size, seed, min, max }, { youFirst, seed, source, moves: '', how, rules, first: 0 }, showError);
      } else {
        startGame(BigInt64Array.from(rowFromSeed(size, seed, min, max)), youFirst, seed, source, '', how, rules);
      }
      S.seedUsed = true;
      return true;
    } catch (e) {
      showError(e.message, e.ids);
      return false;
    }
  }

  /** Plays the row typed in #row-input. True when started. */
  function loadRow(how) {
    try {
      const text = $('row-input').value;
      let seed = 0n;
      if (/^[0-9]+$/.test($('seed').value.trim())) seed = BigInt.asUintN(64, BigInt($('seed').value.trim()));
      const g = { youFirst: $('first').value !== 'engine', seed, source: { kind: 'row' }, moves: '', how, rules: formRules(), first: 0 };
      if (text.length > BIG_TEXT) {
        openLong({ kind: 'text', text, max: maxCoins, who: wasm ? 'page' : 'server' }, g, (m) => showError(m, ['row-input']));
      } else {
        startGame(checkRow(parseRow(text)), g.youFirst, seed, g.source, '', how, g.rules);
      }
      return true;
    } catch (e) {
      showError(e.message, ['row-input']);
      return false;
    }
  }

  /** The row if it can be played here, else an Error. */
  function checkRow(row) {
    if (row.length === 0) throw new Error('the row is empty: type at least one coin');
    if (row.length > maxCoins) {
      throw new Error(`the row has ${row.length} coins; the ${wasm ? 'page' : 'server'} takes at most ${maxCoins}`);
    }
    return row;
  }

  function randomSeed() {
    S.seedUsed = false;
    $('seed').value = String(freshSeed());
  }

  /** A random seed below a million (short enough to read and type). */
  function freshSeed() {
    const words = new Uint32Array(2);
    crypto.getRandomValues(words);
    return ((BigInt(words[0]) << 32n) | BigInt(words[1])) % 1000000n;
  }

  /**
   * Opens the game of the query (?size=&seed=&min=&max=&difficulty=&first=,
   * or ?row=); false when it names none. A bad one throws an Error.
   */
  function openQuery() {
    const q = new URLSearchParams(window.location.search);
    if (!['size', 'seed', 'min', 'max', 'row'].some((k) => q.has(k))) {
      if (q.has('difficulty') || q.has('first') || linkShape(q) !== 'line' || q.has('score')) checkSettings(q);
      applySettings(q, null);
      return false;
    }
    if (!q.has('row') && !q.has('size')) q.set('size', $('size').defaultValue);
    if (!q.has('row') && !q.has('seed')) q.set('seed', String(freshSeed()));
    playLink(q, gameOf(q), 'replace');
    return true;
  }

  /** The form back to its defaults, with a fresh seed: a bad link's fallback. */
  function resetForm() {
    $('setup-form').reset();
    $('row-input').value = '';
    randomSeed();
  }

  /* ------------------------------------------------------------------ */
  /* The game in the URL's fragment (its format: the top comment)        */

  /** The fragment of the game as it stands (without the '#'). */
  function gameFragment() {
    const src = S.source || { kind: 'row' };
    let head = `typed=${S.coins.length}&seed=${S.seed}`;
    if (src.kind === 'random') head = `size=${src.size}&seed=${S.seed}&min=${src.min}&max=${src.max}`;
    else if (S.coins.length <= URL_ROW) head = `row=${S.coins.join(',')}&seed=${S.seed}`;
    const { key } = shape();
    const rules = `${key ? `&${key}=${S.first}` : ''}${S.score !== 'taken' ? `&score=${S.score}` : ''}`;
    const moves = S.moves.length > URL_MOVES ? `moves64=${packMoves(S.moves)}` : `moves=${S.moves}`;
    return `${head}&difficulty=${$('difficulty').value}&first=${S.human === 1 ? 'you' : 'engine'}${rules}&${moves}`;
  }

  // Names this page's games in history entries: a reload starts afresh.
  const PAGE = `${Date.now()}.${Math.random()}`;
  const gameKey = () => `${PAGE}/${S.game}`;

  /** Puts the game in the URL: a new history entry ('push') or this one. */
  function saveUrl(how) {
    const hash = `#${gameFragment()}`;
    const state = { key: gameKey(), first: S.first }; // the moves are the URL's (a long game's would cost twice)
    if (S.source && S.source.kind === 'row' && S.coins.length > URL_ROW) typedRows.set(state.key, S.coins);
    if (how !== 'replace' && window.location.hash !== hash) history.pushState(state, '', hash);
    else history.replaceState(state, '', hash);
  }

  /**
   * The game a fragment describes, {coins, youFirst, seed, source, moves,
   * rules, first}, null when it holds none, or an Error saying what is
   * wrong. A random row longer than BIG_ROW is not made here: coins is
   * null and make says how (openLong()).
   */
  function gameOf(q) {
    const moves = movesOf(q);
    checkSettings(q);
    const seed = integerOf(q.has('seed') ? q.get('seed') : '0', 'seed', 0n, U64);
    let coins = null;
    let make = null;
    let n;
    let source = { kind: 'row' };
    if (q.has('row')) {
      try {
        coins = checkRow(parseRow(q.get('row')));
      } catch (e) {
        throw new Error(`row: ${e.message}`);
      }
    } else if (q.has('size')) {
      const size = Number(integerOf(q.get('size'), 'size (the number of coins)', 1n, BigInt(maxCoins)));
      const min = integerOf(q.has('min') ? q.get('min') : '1', 'min', I64_MIN, I64_MAX);
      const max = integerOf(q.has('max') ? q.get('max') : '20', 'max', I64_MIN, I64_MAX);
      if (min > max) throw new Error(`min (${min}) is above max (${max})`);
      source = { kind: 'random', size, min, max };
      if (size > BIG_ROW) make = { kind: 'random', size, seed, min, max };
      else coins = BigInt64Array.from(rowFromSeed(size, seed, min, max));
    } else if (q.has('typed')) {
      throw new Error(`it was made from a typed row of ${q.get('typed')} coins, too long for a link: paste the row to play it`);
    } else {
      return null;
    }
    n = coins ? coins.length : make.size;
    const name = linkShape(q);
    const { key, noun } = SHAPES[name];
    const first = key ? Number(integerOf(q.get(key), `${key} (the position of move 1, 0 before it)`, 0n, BigInt(n))) : 0;
    if (key && first === 0 && moves.length > 0) throw new Error(`${key}=0 (no move 1 yet) with moves after it`);
    if (moves.length > mostMoves(SHAPES[name], n, first)) throw new Error(`${moves.length} moves for a ${noun} of ${n} coins`);
    return { coins, make, youFirst: q.get('first') !== 'engine', seed, source, moves, rules: { shape: name, score: scoreOf(q.get('score')) }, first };
  }

  const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

  /**
   * A long game's moves for its link: "COUNT.DATA", DATA six moves a
   * character of base64url (move k is bit k mod 6 of character k / 6, R
   * a 1): a link of 10^6 moves is 167 KB, not 1 MB (history.pushState()
   * of a 1 MB URL takes the main thread some 100-300 ms, at every move).
   */
  function packMoves(moves) {
    const out = new Uint8Array(Math.ceil(moves.length / 6));
    for (let k = 0; k < moves.length; k++) if (moves.charCodeAt(k) === 82) out[k / 6 | 0] |= 1 << (k % 6);
    for (let c = 0; c < out.length; c++) out[c] = B64.charCodeAt(out[c]);
    return `${moves.length}.${new TextDecoder().decode(out)}`;
  }

  /** packMoves()'s text as moves (L and R), or an Error. */
  function unpackMoves(text) {
    const m = /^([0-9]{1,8})\.([A-Za-z0-9_-]*)$/.exec(text);
    const count = m ? Number(m[1]) : -1;
    if (!m || m[2].length !== Math.ceil(count / 6)) throw new Error(`moves64: '${clip(text)}' is not COUNT.DATA (6 moves a character)`);
    const out = new Uint8Array(count);
    for (let c = 0; c < m[2].length; c++) {
      const bits = B64.indexOf(m[2][c]);
      for (let k = 6 * c; k < Math.min(6 * c + 6, count); k++) out[k] = (bits >> (k % 6)) & 1 ? 82 : 76;
    }
    return new TextDecoder().decode(out);
  }

  /** A link's moves: moves= (L and R), or a long game's moves64= (packMoves()); an Error if bad. */
  function movesOf(q) {
    if (q.has('moves64')) return unpackMoves(q.get('moves64'));
    const moves = q.get('moves') || '';
    if (!/^[LR]*$/.test(moves)) throw new Error(`moves: '${clip(moves)}' is not a string of L and R`);
    return moves;
  }

  /** A link's difficulty and first, if given, must be known values. */
  function checkSettings(q) {
    const d = q.get('difficulty');
    if (d !== null && !Object.hasOwn(STRATEGIES, d)) {
      throw new Error(`difficulty: '${clip(d)}' is not one of ${Object.keys(STRATEGIES).join(', ')}`);
    }
    const f = q.get('first');
    if (f !== null && f !== 'you' && f !== 'engine') throw new Error(`first: '${clip(f)}' is not you or engine`);
    for (const { key } of Object.values(SHAPES)) {
      const c = key ? q.get(key) : null;
      if (c !== null && !/^[0-9]+$/.test(c)) throw new Error(`${key}: '${clip(c)}' is not a position (0: before move 1)`);
    }
    const sc = q.get('score');
    if (sc !== null && !Object.hasOwn(SCORES, sc)) throw new Error(`score: '${clip(sc)}' is not one of ${Object.keys(SCORES).join(', ')}`);
  }

  /**
   * Fills the form with a link's settings: its difficulty and first when
   * valid (?first=engine alone too), and the game's own fields.
   */
  function applySettings(q, g) {
    if (Object.hasOwn(STRATEGIES, q.get('difficulty') || '')) $('difficulty').value = q.get('difficulty');
    if (['you', 'engine'].includes(q.get('first'))) $('first').value = q.get('first');
    if (!g) {
      if (linkShape(q) !== 'line') setFormShape(linkShape(q));
      if (Object.hasOwn(SCORES, q.get('score') || '')) $('score').value = q.get('score');
      return;
    }
    $('first').value = g.youFirst ? 'you' : 'engine';
    setFormShape(g.rules.shape);
    $('score').value = g.rules.score;
    $('seed').value = String(g.seed);
    if (g.source.kind === 'random') {
      for (const id of ['size', 'min', 'max']) $(id).value = String(g.source[id]);
    } else {
      $('row-input').value = g.coins.join(' ');
    }
  }

  /**
   * Opens the game of the URL's fragment; false when it holds none. A bad
   * link throws an Error with the reason.
   */
  function openFragment(how) {
    const q = new URLSearchParams(window.location.hash.slice(1));
    const g = gameOf(q);
    if (!g) {
      applySettings(q, null); // #first=engine alone, say
      return false;
    }
    playLink(q, g, how);
    return true;
  }

  /** Starts the game `g` of the link `q`, its settings in the form (a long row: made by the work). */
  function playLink(q, g, how) {
    applySettings(q, g);
    if (g.coins) startGame(g.coins, g.youFirst, g.seed, g.source, g.moves, how, g.rules, g.first);
    else openLong(g.make, { ...g, how }, badLink);
    S.seedUsed = true; // the next new game draws a seed of its own
  }

  /** A link whose game cannot be played: why, and a default game instead. */
  function badLink(problem) {
    resetForm();
    if (!newRandomGame('replace')) {
      resetForm(); // bad settings in the form: the defaults instead
      newRandomGame('replace');
    }
    showError(`This link's game cannot be opened (${problem}): here is a new game with the default settings.`);
  }

  // The typed rows too long for a link (#typed=) of this page's games, by
  // their history key: back and forward replay them.
  const typedRows = new Map();

  /** Back or forward: a position of this game, or another game's. */
  function onPopState(e) {
    const q = new URLSearchParams(window.location.hash.slice(1));
    const key = e.state && typeof e.state.key === 'string' ? e.state.key : null;
    let moves = '';
    try {
      moves = movesOf(q);
    } catch (err) {
      moves = null; // not this page's entry (its moves are always good)
    }
    if (key !== null && key === gameKey() && moves !== null) {
      applySettings(q, null);
      setFormShape(S.shape);
      $('score').value = S.score;
      showPosition(moves, e.state.first || 0);
      return;
    }
    // Another game: it replaces this one; a bad entry (a typed row this
    // page no longer has) says why and leaves the game and the form as they are.
    try {
      const coins = key !== null && q.has('typed') ? typedRows.get(key) : undefined;
      if (coins) {
        checkSettings(q);
        const seed = integerOf(q.has('seed') ? q.get('seed') : '0', 'seed', 0n, U64);
        const name = linkShape(q);
        const first = SHAPES[name].anyFirst && Number.isInteger(e.state.first) && e.state.first <= coins.length ? e.state.first : 0;
        const fits = moves !== null && moves.length <= mostMoves(SHAPES[name], coins.length, first);
        playLink(q, { coins, youFirst: q.get('first') !== 'engine', seed, source: { kind: 'row' }, moves: fits ? moves : '', rules: { shape: name, score: scoreOf(q.get('score')) }, first }, 'replace');
      } else if (!openFragment('replace')) {
        newRandomGame('replace');
      }
    } catch (err) {
      saveUrl('replace'); // the entry now holds the game on the page
      showError(`This link's game cannot be opened (${err.message}).`);
    }
  }

  /**
   * Opens the game `open` finds in the URL, else a new random game from the
   * form. A bad link says why in #error and plays a default game instead.
   */
  function openLink(open) {
    let opened = false;
    try {
      opened = open();
    } catch (e) {
      badLink(e.message);
      return;
    }
    if (!opened && !newRandomGame('replace')) {
      resetForm(); // bad settings in the form: the defaults instead
      newRandomGame('replace');
    }
  }

  /* ------------------------------------------------------------------ */
  /* DOM helpers                                                         */

  /** An HTML element: el('td', {class: 'x', 'data-v': 3}, 'text', child). */
  function el(tag, attrs, ...children) {
    return fill(document.createElement(tag), attrs, children);
  }

  /** An SVG element, like el(). */
  function svg(tag, attrs, ...children) {
    return fill(document.createElementNS(SVG_NS, tag), attrs, children);
  }

  function fill(node, attrs, children) {
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === false || v === null || v === undefined) continue;
      node.setAttribute(k, v === true ? '' : String(v));
    }
    for (const c of children) {
      if (c === null || c === undefined || c === false) continue;
      node.append(c instanceof Node ? c : document.createTextNode(String(c)));
    }
    return node;
  }

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

  /** Marks the sides of a sideways scroller (the row's middle, a table) that have more beyond them. */
  function fadeEdges(box) {
    const rest = box.scrollWidth - box.clientWidth - box.scrollLeft;
    box.classList.toggle('more-left', box.scrollLeft > 1);
    box.classList.toggle('more-right', rest > 1);
    box.classList.toggle('scrolls', box.scrollWidth - box.clientWidth > 1); // its .scroll-cue shows
  }

  /**
   * Marks the scrollers' sides (the row's middle, the tables) at the next
   * frame, once for all the redraws before it: each reads the layout,
   * which a redraw has to make anew (a review's is some 50 ms).
   */
  let edgesFrame = 0;
  function markScrollers() {
    if (edgesFrame) return;
    edgesFrame = requestAnimationFrame(() => {
      edgesFrame = 0;
      document.querySelectorAll('.table-scroll, #coins .coin-middle').forEach(fadeEdges);
    });
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

  /**
   * After a redraw, once the person can act again, puts the keyboard back
   * on what they last used: the end coin (the coin buttons are new, so the
   * focus would fall back to the page) or the button (it was disabled while
   * the engine replied) — unless the person has gone elsewhere meanwhile (a
   * form field, say): then the focus stays there. At the end of the game,
   * the focus goes to #play-again. Nothing moves while dialog#confirm-new
   * is open (the page behind it is inert): its close event calls this again.
   */
  function restoreFocus(focusedEnd) {
    if ($('confirm-new').open) return;
    if (isOver()) {
      const want = S.refocus;
      S.refocus = null;
      if (want && focusFree(want.from)) focusTo($('play-again').hidden ? $('turn') : $('play-again'));
      return;
    }
    if (!yourTurn() || busy()) return;
    let want = S.refocus;
    if (!want && focusedEnd && focusedEnd.startsWith('p:')) want = { position: focusedEnd.slice(2) };
    else if (!want && focusedEnd) want = { coin: focusedEnd === 'right' ? 'R' : 'L' };
    if (!want) return;
    S.refocus = null;
    if (!focusFree(want.from)) return;
    const end = want.coin === 'R' ? 'right' : 'left';
    const coins = want.position ? `#ring .coin[data-position="${want.position}"]` :
      `#coins .coin[data-end="${end}"], #coins .coin[data-end="both"], #ring .coin[data-end="${end}"], #ring .coin[data-end="both"]`;
    const target = want.button ? $(want.button) :
      [...document.querySelectorAll(coins)].find((c) => !c.disabled && c.checkVisibility());
    if (target && !target.disabled && !target.hidden) target.focus({ preventScroll: true });
    else if (focusFree(null)) focusTo($('turn'));
  }

  /**
   * Whether the focus may be moved for the person: it was lost (on the
   * page itself, or on a control now off, hidden or gone), or it is still
   * on `from`, #turn, a coin or a take button.
   */
  function focusFree(from) {
    const a = document.activeElement;
    if (!a || a === document.body || a === document.documentElement || !a.isConnected) return true;
    if (a.disabled || !a.checkVisibility()) return true;
    return a === from || a.id === 'turn' || a.matches('#coins .coin, #ring .coin, .take');
  }

  const focusTo = (target) => target.focus({ preventScroll: true });

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

  /* ------------------------------------------------------------------ */
  /* The margin chart (inline SVG)                                       */

  /**
   * Round integers for an axis (about `count` steps) from at most lo to at
   * least hi: the first and last ticks bound the chart.
   */
  function niceTicks(lo, hi, count) {
    const raw = (hi - lo) / count;
    const mag = 10 ** Math.floor(Math.log10(raw));
    const step = Math.max(1, [1, 2, 5, 10].map((f) => f * mag).find((s) => s >= raw) || raw);
    const first = Math.floor(lo / step);
    const last = Math.ceil(hi / step);
    const ticks = [];
    for (let k = first; k <= last; k++) ticks.push(k * step);
    return ticks;
  }

  const COMPACT = new Intl.NumberFormat('en-US', { notation: 'compact', maximumSignificantDigits: 3 });

  /** An axis label: plain below 10,000, then compact (20K, 1.5M, 9.2B), past 10^15 like 9.2e18. */
  function shortNumber(x) {
    const sign = x < 0 ? '−' : '';
    const a = Math.abs(x);
    if (a < 1e4) return sign + String(Math.round(a));
    if (a < 1e15) return sign + COMPACT.format(a);
    return sign + a.toExponential(1).replace('e+', 'e');
  }

  /**
   * The chart's lines from the review (worker.js's model): [k, v] points
   * of the margin (you − the engine) as played and with best play from
   * there, for moves k = 0..count; exact values (BigInt) for a game of at
   * most MAX_ROWS moves, else each slice's lowest and highest.
   */
  function chartLines(c) {
    if (c.exact) return { played: c.played.map((v, k) => [k, v]), best: c.best.map((v, k) => [k, v]) };
    const pairs = (f) => {
      const out = [];
      for (let k = 0; k < f.length; k += 2) out.push([f[k], f[k + 1]]);
      return out;
    };
    return { played: pairs(c.played), best: pairs(c.best) };
  }

  /** Draws #chart from the review, as wide as its box. */
  function drawChart() {
    const an = S.analysis;
    const chart = $('chart');
    if (!an || $('analysis').hidden) return;
    const W = Math.max(280, Math.round(chart.parentElement.clientWidth || 600));
    const H = W < 500 ? 220 : 260;
    const pad = { l: W < 500 ? 44 : 60, r: 14, t: 14, b: 34 };
    const lines = chartLines(an.chart);
    let lo = 0;
    let hi = 0;
    for (const [, v] of lines.played.concat(lines.best)) {
      lo = Math.min(lo, Number(v));
      hi = Math.max(hi, Number(v));
    }
    if (lo === hi) hi = lo + 1;
    const ticks = niceTicks(lo, hi, H < 240 ? 4 : 5);
    lo = ticks[0];
    hi = ticks[ticks.length - 1];
    const count = an.count;
    const x = (k) => pad.l + (count ? (k * (W - pad.l - pad.r)) / count : (W - pad.l - pad.r) / 2);
    const y = (v) => pad.t + ((hi - Number(v)) * (H - pad.t - pad.b)) / (hi - lo);

    const nodes = [svg('title', {}, 'The margin (you − engine) after each move, as played and with best play from there')];
    nodes.push(...yAxis(ticks, y, pad, W));
    nodes.push(...xAxis(count, x, H, pad));
    nodes.push(...mistakeDots(an.chart.dots, count, x, y));
    const pts = (line) => line.map(([k, v]) => `${x(k).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
    nodes.push(svg('polyline', { class: 'best', points: pts(lines.best) }));
    nodes.push(svg('polyline', { class: 'played', points: pts(lines.played) }));
    // Dots for each move and each mistake, while they stay few enough to see.
    if (count <= 200 && an.chart.exact) {
      const { played, best } = an.chart;
      played.forEach((v, k) =>
        nodes.push(svg('circle', { class: 'played-dot', cx: x(k).toFixed(1), cy: y(v).toFixed(1), r: count > 60 ? 1.5 : 3 },
          svg('title', {}, k ? `after move ${k}: ${signed(v)} (best play from there: ${signed(best[k])})` : 'the start: 0'))));
    }
    chart.replaceChildren(...nodes);
    chart.setAttribute('viewBox', `0 0 ${W} ${H}`);
    chart.setAttribute('width', W);
    chart.setAttribute('height', H);
  }

  /**
   * A mark for each move that lost points (the first MAX_ROWS: the
   * review's dots, {k, player, loss, best}), on the best play line after
   * it: circle.mistake-dot.you (a ring) or .engine (a dot); a mark within
   * a pixel of the player's last one is not drawn (a long game's first
   * thousand mistakes can fall in a few pixels). Drawn under the lines, so
   * that many of them do not hide the lines.
   */
  function mistakeDots(dots, count, x, y) {
    const r = count > 400 ? 2.5 : count > 100 ? 3.5 : 5.5;
    const last = {}; // each player's last mark: one within a pixel of it is not drawn again
    const out = [];
    for (const d of dots) {
      const who = whoOf(d.player);
      const cx = x(d.k);
      const cy = y(d.best);
      const prev = last[who];
      if (prev && Math.abs(prev.cx - cx) < 1 && Math.abs(prev.cy - cy) < 1) continue;
      last[who] = { cx, cy };
      out.push(svg('circle', { class: `mistake-dot ${who}`, cx: cx.toFixed(1), cy: cy.toFixed(1), r: who === 'you' ? r : r * 0.75 },
        svg('title', {}, `move ${d.k}: ${lossTitle(d.player, big(d.loss))}; best play now ends ${signed(d.best)}`)));
    }
    return out;
  }

  function yAxis(ticks, y, pad, W) {
    const out = [];
    for (const t of ticks) {
      const ty = y(t).toFixed(1);
      out.push(svg('line', { class: t === 0 ? 'axis zero' : 'grid', x1: pad.l, x2: W - pad.r, y1: ty, y2: ty }));
      out.push(svg('text', { class: 'tick', x: pad.l - 6, y: ty, 'text-anchor': 'end', 'dominant-baseline': 'middle' }, shortNumber(t)));
    }
    return out;
  }

  function xAxis(count, x, H, pad) {
    const out = [svg('line', { class: 'axis', x1: x(0), x2: x(count), y1: H - pad.b, y2: H - pad.b })];
    const most = Math.max(2, Math.floor((x(count) - x(0)) / 48)); // labels about 48 px apart at least
    for (const k of niceTicks(0, Math.max(1, count), Math.min(10, most))) {
      if (k > count) break;
      out.push(svg('text', { class: 'tick', x: x(k).toFixed(1), y: H - pad.b + 16, 'text-anchor': 'middle' }, shortNumber(k)));
    }
    out.push(svg('text', { class: 'axis-label', x: x(count).toFixed(1), y: H - 4, 'text-anchor': 'end' }, 'move'));
    return out;
  }

  /* ------------------------------------------------------------------ */
  /* The V(i, j) heat map (inline SVG)                                   */

  function renderTableSection(pos) {
    const section = $('table-section');
    const show = !!S.table && S.coins.length <= TABLE_MAX && S.coins.length > 0 && (pos.over || S.tableOpen);
    section.hidden = !show;
    if (show) drawTable(pos);
  }

  /** The cells (i, j) a line of moves passes through, from the whole row. */
  function cellsOf(line, n) {
    const cells = new Set();
    let i = 0;
    let j = n - 1;
    for (const m of line) {
      cells.add(`${i},${j}`);
      if (m === 'L') i++;
      else j--;
    }
    return cells;
  }

  function drawTable(pos) {
    const t = S.table;
    const n = S.coins.length;
    const C = 40; // a cell's side
    const opt = cellsOf(t.line || '', n);
    const played = cellsOf(S.moves, n);
    let maxAbs = 1;
    t.v.forEach((row, i) => row.forEach((v, j) => {
      if (j >= i && v !== null) maxAbs = Math.max(maxAbs, Math.abs(Number(big(v))));
    }));
    const nodes = [svg('title', {}, 'V(i, j) for the row, with the optimal line framed')];
    nodes.push(svg('text', { class: 'corner', x: C / 2, y: C / 2 + 1, 'text-anchor': 'middle', 'dominant-baseline': 'middle' }, 'V'));
    for (let k = 0; k < n; k++) nodes.push(...headerCells(k, C));
    for (let i = 0; i < n; i++) {
      for (let j = i; j < n; j++) nodes.push(tableCell(i, j, C, { maxAbs, opt, played, pos, t }));
    }
    nodes.push(optimalPath(t.line || '', n, C));
    const table = $('table');
    table.replaceChildren(...nodes);
    inkCells(table);
    const size = (n + 1) * C;
    table.setAttribute('viewBox', `0 0 ${size} ${size}`);
    table.setAttribute('width', size);
    table.setAttribute('height', size);
    // Shrinks to fit a narrow screen, down to cells of 22 px (13 coins in
    // a 360-px phone's panel), then scrolls (with its .scroll-cue).
    table.style.minWidth = `${(n + 1) * 22}px`;
  }

  /** Coin k's header above column k and left of row k: its position (1-based) and value. */
  function headerCells(k, C) {
    const value = S.coins[k].toString();
    const label = fit(value);
    const title = `coin ${k + 1}: ${value}`;
    const head = (x, y) => [
      svg('rect', { class: 'head', x, y, width: C, height: C }),
      svg('text', { class: 'head-index', x: x + C / 2, y: y + 10, 'text-anchor': 'middle', 'font-size': 9 }, `#${k + 1}`),
      svg('text', { class: 'head-text', x: x + C / 2, y: y + C / 2 + 6, 'text-anchor': 'middle', 'dominant-baseline': 'middle', 'font-size': Math.min(label.size, 12), ...squeeze(label, C) }, label.text, svg('title', {}, title)),
    ];
    return [...head((k + 1) * C, 0), ...head(0, (k + 1) * C)];
  }

  /** SVG attributes that squeeze a label of over 5 characters into a cell C wide. */
  const squeeze = (label, C) => (label.text.length > 5 ? { textLength: C - 6, lengthAdjust: 'spacingAndGlyphs' } : {});

  /** A value's text and font size to fit a cell: past 6 characters, like 9.2e18 (its title is exact). */
  function fit(text) {
    if (text.length <= 4) return { text, size: 13 };
    if (text.length <= 6) return { text, size: 10 };
    const neg = text.startsWith('-');
    const digits = neg ? text.slice(1) : text;
    // Two significant digits, rounded half up like the chart's labels (1999999: 2.0e6).
    let top = (BigInt(digits.slice(0, 3)) + 5n) / 10n;
    let exp = digits.length - 1;
    if (top >= 100n) {
      top = 10n;
      exp++;
    }
    const short = `${top / 10n}.${top % 10n}e${exp}`;
    return { text: (neg ? '−' : '') + short, size: 10 };
  }

  /**
   * The text of each heat-map cell in black or white, whichever reads
   * better on the cell's colour as it shows (its fill-opacity over the
   * panel, or over the page around it): class "ink-dark" or "ink-light" on
   * the cell's texts. A cell whose colour reads badly with both gets a
   * slightly stronger or weaker fill, so that one of them reaches 4.6:1.
   */
  function inkCells(table) {
    const unders = [$('table-section'), document.body].map((e) => rgbOf(getComputedStyle(e).backgroundColor));
    for (const rect of table.querySelectorAll('rect.cell')) {
      const fill = rgbOf(getComputedStyle(rect).fill);
      const a0 = Number(rect.getAttribute('fill-opacity'));
      let best = null;
      for (const a of [0, 0.06, -0.06, 0.12, -0.12, 0.2, -0.2].map((d) => Math.min(1, Math.max(0, a0 + d)))) {
        const ls = unders.map((u) => luminance(fill.map((c, k) => c * a + u[k] * (1 - a))));
        const onBlack = Math.min(...ls.map((l) => (l + 0.05) / 0.05));
        const onWhite = Math.min(...ls.map((l) => 1.05 / (l + 0.05)));
        best = { a, dark: onBlack >= onWhite };
        if (Math.max(onBlack, onWhite) >= 4.6) break;
      }
      rect.setAttribute('fill-opacity', best.a.toFixed(3));
      for (const t of table.querySelectorAll(`:is(text, .opt-step)[data-i="${rect.dataset.i}"][data-j="${rect.dataset.j}"]`)) {
        t.classList.toggle('ink-dark', best.dark);
        t.classList.toggle('ink-light', !best.dark);
      }
    }
  }

  /** [r, g, b] (0..255) of a computed "rgb(...)" colour. */
  const rgbOf = (css) => (css.match(/[0-9.]+/g) || [0, 0, 0]).slice(0, 3).map(Number);

  /** The WCAG relative luminance of [r, g, b]. */
  function luminance(rgb) {
    const lin = rgb.map((c) => {
      const s = c / 255;
      return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2];
  }

  function tableCell(i, j, C, ctx) {
    const v = big(ctx.t.v[i][j]);
    const move = (ctx.t.move[i] || '')[j] || '';
    const key = `${i},${j}`;
    const classes = ['cell', v > 0n ? 'pos' : v < 0n ? 'neg' : 'zero'];
    if (ctx.opt.has(key)) classes.push('opt');
    if (ctx.played.has(key)) classes.push('played');
    const current = !ctx.pos.over && i === ctx.pos.i && j === ctx.pos.j;
    if (current) classes.push('current');
    const strength = 0.12 + (0.78 * Math.abs(Number(v))) / ctx.maxAbs;
    const label = fit(v.toString());
    const title = `V(${i + 1}, ${j + 1}) = ${v}: on coins ${i + 1}..${j + 1}, the player to move ends ${v} ahead with best play; the optimal move: ${move === 'R' ? 'right' : 'left'}`;
    const g = svg('g', { class: 'cell-group' },
      svg('title', {}, title),
      svg('rect', { class: classes.join(' '), x: (j + 1) * C + 1, y: (i + 1) * C + 1, width: C - 2, height: C - 2, rx: 4, 'fill-opacity': strength.toFixed(3), 'data-i': i, 'data-j': j, 'data-v': v.toString() }),
      svg('text', { class: 'cell-text', 'data-i': i, 'data-j': j, x: (j + 1.5) * C, y: (i + 1.5) * C + 3, 'text-anchor': 'middle', 'dominant-baseline': 'middle', 'font-size': label.size, ...squeeze(label, C) }, label.text, svg('title', {}, title)),
      svg('text', { class: 'cell-move', 'data-i': i, 'data-j': j, x: (j + 2) * C - 5, y: (i + 1) * C + 13, 'text-anchor': 'end', 'font-size': 12 }, move, svg('title', {}, title))
    );
    if (ctx.played.has(key)) g.append(svg('circle', { class: 'played-mark', cx: (j + 1) * C + 7, cy: (i + 1) * C + 7, r: 2.5 }));
    return g;
  }

  /**
   * The optimal line's steps: in each framed cell but the last, an
   * arrowhead towards the next one (down for L: the run loses its first
   * coin; left for R), inside the frame, under the number, never across a
   * frame: path.opt-step (data-i, data-j) in g.opt-line.
   */
  function optimalPath(line, n, C) {
    const steps = [];
    const a = C * 0.07; // half the arrowhead's width
    const near = C * 0.3; // from the cell's centre: the arrowhead's back ...
    const far = C * 0.38; // ... and its tip
    let i = 0;
    let j = n - 1;
    for (const m of line.slice(0, -1)) {
      const cx = (j + 1.5) * C;
      const cy = (i + 1.5) * C;
      const d = m === 'L' ?
        `M${cx - a},${cy + near}L${cx},${cy + far}L${cx + a},${cy + near}` :
        `M${cx - near},${cy + near - a}L${cx - far},${cy + near}L${cx - near},${cy + near + a}`;
      steps.push(svg('path', { class: 'opt-step', d, 'data-i': i, 'data-j': j }));
      if (m === 'L') i++;
      else j--;
    }
    return svg('g', { class: 'opt-line' }, ...steps);
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
    const t = e.target;
    if (t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName))) return;
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
      if (loadRow()) showGame();
    });
    $('difficulty').addEventListener('change', () => saveUrl('replace'));
    window.addEventListener('popstate', onPopState);
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
    openLink(() => openFragment('replace') || openQuery());
    render();
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
})();
