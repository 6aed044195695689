// SPDX-License-Identifier: MIT
// engine.js - coinline's engine for the page, written by make wasm from
// js/src/ (script-head.js, core.js, the .wasm, script-tail.js): do not edit.
// One named function, run at once; its own text (coinlineWasm.source())
// starts the same engine in the page's Worker (web/worker.js).
(function coinlineEngine() {
  'use strict';
