// SPDX-License-Identifier: MIT
/*
 * web/app/form.js: new games from the form (#setup-form: a random row, a
 * typed row, seeds) or the older query (?size=&seed=..., ?row=), and
 * reading an integer field or text exactly (FieldError names the field).
 */
'use strict';

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
