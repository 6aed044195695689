// SPDX-License-Identifier: MIT

/* ------------------------------------------------------------------------ */
/* The npm module (module-tail.mjs): loading coinline.wasm, the exports     */

/**
 * Loads the engine; call it once (later calls return the same promise).
 * source: where the .wasm is when not beside this module: a URL or its
 * text, bytes, a Response or a WebAssembly.Module.
 */
function init(source) {
  // A URL is read only when the engine is loaded from it: read eagerly, a
  // second init(url) would read it for nothing, and a failed read (a
  // missing file) would reject a promise nobody awaits, which ends Node.
  const where = typeof source === 'string' || source instanceof URL ? source : './coinline.wasm';
  return initWith(() => fetchOrRead(where), where === source ? undefined : source);
}

/** The bytes at a URL (relative to this module): a file in Node, else fetched. */
async function fetchOrRead(where) {
  const url = new URL(where, import.meta.url);
  if (url.protocol === 'file:' && typeof process === 'object' && process.versions && process.versions.node) {
    const { readFile } = await import('node:fs/promises');
    return readFile(url);
  }
  return fetch(url);
}

export {
  init,
  ready,
  version,
  solve,
  bestMove,
  line,
  analyze,
  table,
  circleSolve,
  circleMargins,
  circleRotate,
  circleLine,
  circleAnalyze,
  circleTable,
  against,
  againstLine,
  parseRules,
  positionsText,
  solveRows,
  rowsLine,
  RowsGame,
  Engine,
  Strategy,
  CoinlineError,
  memoryBytes,
};
