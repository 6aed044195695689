// SPDX-License-Identifier: MIT
// init.test.mjs - loading the engine: a second init() in this process;
// each way of giving the .wasm (bytes, a Module, an ArrayBuffer, a URL, a
// path, a Response), the calls before init(), a failed init() tried again,
// each on a fresh instance of the module (it loads once); in a fresh Node
// process, what could end it and the page's engine.js.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { coinline, NPM } from './helpers.mjs';

const MODULE = pathToFileURL(`${NPM}/coinline.mjs`).href;
const WASM = `${NPM}/coinline.wasm`;
// The static site make wasm writes beside the package.
const SITE_ENGINE = `${NPM}/../site/engine.js`;

/** Runs body as a fresh ES module (m: the package, bytes: its .wasm); its stdout. */
function child(body) {
  const code = `
    import { readFileSync } from 'node:fs';
    const m = await import(${JSON.stringify(MODULE)});
    const bytes = readFileSync(${JSON.stringify(WASM)});
    const p1 = () => String(m.solve([3, 9, 1, 2]).p1);
    ${body}
  `;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8', timeout: 60000 });
  assert.equal(r.status, 0, `the child failed:\n${r.stderr}`);
  return r.stdout.trim();
}

test('a second init() resolves and the engine still answers', async () => {
  assert.equal(coinline.ready(), true);
  await coinline.init();
  await coinline.init();
  assert.equal(coinline.init(), coinline.init(), 'every call returns the one promise');
  assert.equal(coinline.solve([3, 9, 1, 2]).p1, 11n);
  assert.match(coinline.version(), /^\d+\.\d+\.\d+$/);
  assert.ok(coinline.memoryBytes() > 0 && coinline.memoryBytes() % 65536 === 0);
});

/**
 * A fresh instance of the module (a query in its URL makes another one,
 * with its own engine not yet loaded), and the .wasm's bytes.
 */
let fresh = 0;
async function freshModule() {
  const m = await import(`${MODULE}?fresh=${++fresh}`);
  return { m, bytes: readFileSync(WASM), p1: () => String(m.solve([3, 9, 1, 2]).p1) };
}

test('before init() nothing is ready and every call says to await init()', async () => {
  const { m } = await freshModule();
  assert.equal(m.ready(), false);
  for (const f of [() => m.solve([1]), () => m.version(), () => m.memoryBytes(), () => new m.Engine([1]), () => m.line([1]), () => new m.Strategy('optimal')]) {
    assert.throws(f, { name: 'Error', message: /await init\(\)/ });
  }
});

for (const [how, source] of [
  ['the bytes of coinline.wasm (a Buffer)', (bytes) => bytes],
  ['an ArrayBuffer', (bytes) => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length)],
  ['a compiled WebAssembly.Module', (bytes) => new WebAssembly.Module(bytes)],
  ['a file URL', () => pathToFileURL(WASM)],
  ['a path relative to the module', () => './coinline.wasm'],
  ['a Response', (bytes) => new Response(bytes)],
  ['a promise of a Response', (bytes) => Promise.resolve(new Response(bytes))],
  ['nothing (coinline.wasm beside the module)', () => undefined],
]) {
  test(`init() loads the engine from ${how}`, async () => {
    const { m, bytes, p1 } = await freshModule();
    assert.equal(m.ready(), false);
    await m.init(source(bytes));
    assert.equal(m.ready(), true);
    assert.equal(p1(), '11');
  });
}

test('a failed init() rejects, and a later init() loads the engine', async () => {
  const { m, p1 } = await freshModule();
  await assert.rejects(m.init(42), TypeError);
  await assert.rejects(m.init('./no-such.wasm'), { code: 'ENOENT' });
  await assert.rejects(m.init(new Uint8Array([0, 97, 115, 109, 9, 9, 9, 9])), WebAssembly.CompileError);
  await assert.rejects(m.init(new Response('', { status: 404 })), /404/);
  assert.equal(m.ready(), false);
  await m.init();
  assert.equal(m.ready(), true);
  assert.equal(p1(), '11');
});

test('init() called twice at once loads once, and both resolve', async () => {
  const { m, bytes, p1 } = await freshModule();
  const a = m.init(bytes);
  const b = m.init();
  assert.equal(a, b);
  await Promise.all([a, b]);
  assert.equal(p1(), '11');
});

test('init() with a missing file once loaded is ignored and ends nothing', () => {
  // It was read anyway and its rejection went unhandled, which ends Node.
  const out = child(`
    await m.init(bytes);
    await m.init('./no-such.wasm');
    await m.init(new URL('file:///no/such/file.wasm'));
    await new Promise((done) => setTimeout(done, 50));
    console.log(p1());
  `);
  assert.equal(out, '11');
});

test('the page\'s engine.js (the same core, the .wasm inside) answers as the module does', { skip: !existsSync(SITE_ENGINE) && `no ${SITE_ENGINE}` }, () => {
  // A plain script in a context of its own, as a page loads it.
  const out = spawnSync(process.execPath, ['-e', `
    const vm = require('node:vm');
    const ctx = vm.createContext({ atob, TextDecoder, TextEncoder, WebAssembly, FinalizationRegistry, console });
    vm.runInContext(require('node:fs').readFileSync(${JSON.stringify(SITE_ENGINE)}, 'utf8'), ctx);
    const w = ctx.coinlineWasm;
    w.init().then(async () => {
      await w.init();
      const r = w.solve([20, 30, 2, 2, 2, 10]);
      console.log(Object.isFrozen(w), w.ready(), String(r.p1), w.line([3, 9, 1, 2]), Object.keys(w).sort().join());
    });
  `], { encoding: 'utf8', timeout: 60000 });
  assert.equal(out.status, 0, out.stderr);
  const keys = Object.keys(coinline).filter((k) => k !== 'init').concat('init').sort().join();
  assert.equal(out.stdout.trim(), `true true 42 RLLL ${keys}`);
});

test('coinline.d.ts declares every export of the module, and no other', () => {
  const dts = readFileSync(`${NPM}/coinline.d.ts`, 'utf8');
  const declared = [...dts.matchAll(/^export (?:declare )?(?:function|class|const) (\w+)/gm)].map((m) => m[1]);
  assert.deepEqual([...new Set(declared)].sort(), Object.keys(coinline).sort());
});
