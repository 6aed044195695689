// SPDX-License-Identifier: MIT

/* ------------------------------------------------------------------------ */
/* The npm module (module-tail.mjs): loading coinline.wasm, the exports     */

/**
 * Loads the engine; call it once (later calls return the same promise).
 * source: where the .wasm is when not beside this module: a URL or its
 * text, bytes, a Response or a WebAssembly.Module.
 */
function init(source) {
  const src = typeof source === 'string' || source instanceof URL ? fetchOrRead(source) : source;
  return initWith(() => fetchOrRead('./coinline.wasm'), src);
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
  Engine,
  Strategy,
  CoinlineError,
  memoryBytes,
};
