// SPDX-License-Identifier: MIT

  /* ---------------------------------------------------------------------- */
  /* The page's script (script-tail.js): the engine inside, one global       */

  /** The module's bytes, from the base64 text above. */
  function loadDefault() {
    const text = atob(WASM_BASE64);
    const bytes = new Uint8Array(text.length);
    for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
    return bytes;
  }

  const api = {
    init: () => initWith(loadDefault),
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
  /*
   * Two names for web/worker.js, not enumerable, so that the global's names
   * stay the npm module's: source(), this script's text, to run again
   * elsewhere (the page starts its Worker from it: a file:// page can start
   * no Worker from a file; the function's own source, called at once); and
   * reviewAfter(), the circle review's numbering of a line's moves, which
   * the Worker uses for each slice of a long game's review.
   */
  Object.defineProperty(api, 'source', { value: () => `(${coinlineEngine})();\n` });
  Object.defineProperty(api, 'reviewAfter', { value: reviewAfter });
  globalThis.coinlineWasm = Object.freeze(api);
})();
