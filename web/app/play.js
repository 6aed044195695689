// SPDX-License-Identifier: MIT
/*
 * web/app/play.js: playing: a game started (or a long row opened by the
 * work), the person's moves (every one by position: playAt()), the
 * engine's reply, undo, the hint, and the review and the heat map asked
 * for.
 */
'use strict';

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
