// SPDX-License-Identifier: MIT
/*
 * web/app/work.js: the engine adapter: the JSON API of the server (api(),
 * a request's body) and the work (web/worker.js: the engine, off the main
 * thread): loadEngine(), ask() (a move or the table, from the work's engine
 * or else the server), askReview(), and the rules as a request says them.
 */
'use strict';

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
