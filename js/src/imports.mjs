// SPDX-License-Identifier: MIT
// imports.mjs FILE.wasm - fails when the module imports anything but WASI
// functions (core.js stubs those: the engine does no I/O), and says what
// it imports.
import { readFileSync } from 'node:fs';

const file = process.argv[2];
const imports = WebAssembly.Module.imports(new WebAssembly.Module(readFileSync(file)));
const names = imports.map((i) => `${i.module}.${i.name}`).join(', ') || 'nothing';
const bad = imports.filter((i) => i.module !== 'wasi_snapshot_preview1' || i.kind !== 'function');
if (bad.length > 0) {
  console.error(`${file}: it imports ${names}: only WASI functions may be imported`);
  process.exit(1);
}
console.log(`${file}: imports ${names} (stubbed: never called)`);
