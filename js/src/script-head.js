// SPDX-License-Identifier: MIT
// engine.js - coinline's engine for the page, written by make wasm from
// js/src/ (script-head.js, core.js, the .wasm, script-tail.js): do not edit.
(() => {
  'use strict';
