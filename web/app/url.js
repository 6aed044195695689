// SPDX-License-Identifier: MIT
/*
 * web/app/url.js: the URL state: the game in the fragment (its format:
 * web/app.js's top comment), written at each turn (saveUrl) and read back
 * from a link or by back and forward (popstate), moves packed past
 * URL_MOVES.
 */
'use strict';

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
  if (viewNow() !== 'play') return; // the Learn and Quiz views' URLs are their own (learn.js, quiz.js)
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
