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

  globalThis.coinlineWasm = Object.freeze({
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
    Engine,
    Strategy,
    CoinlineError,
    memoryBytes,
  });
})();
