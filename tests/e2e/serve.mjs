// SPDX-License-Identifier: MIT
/*
 * serve.mjs - `coinline serve --port 0` for the end-to-end tests
 * (play.mjs, public.mjs): started, its address read from its stderr
 * line "coinline serve: listening on http://127.0.0.1:PORT/", stopped.
 */
import { spawn } from 'node:child_process';

/** Starts `tool serve --port 0`; resolves to {url, proc, stderr()} once it listens. */
export function startServer(tool) {
  return new Promise((resolve, reject) => {
    const proc = spawn(tool, ['serve', '--port', '0'], { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    const timer = setTimeout(() => {
      proc.kill('SIGKILL');
      reject(new Error(`coinline serve did not say where it listens within 10 s:\n${err}`));
    }, 10000);
    proc.stderr.setEncoding('utf8');
    proc.stderr.on('data', (chunk) => {
      err += chunk;
      const m = /coinline serve: listening on (http:\/\/127\.0\.0\.1:[0-9]+\/)\n/.exec(err);
      if (m) {
        clearTimeout(timer);
        resolve({ url: m[1], proc, stderr: () => err });
      }
    });
    proc.on('error', (e) => {
      clearTimeout(timer);
      reject(new Error(`cannot start ${tool}: ${e.message}`));
    });
    proc.on('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`coinline serve exited (${code ?? signal}) before listening:\n${err}`));
    });
  });
}

/** SIGTERM, then the exit status (coinline serve exits 0); SIGKILL after 5 s. */
export function stopServer(server) {
  return new Promise((resolve) => {
    if (server.proc.exitCode !== null) return resolve(server.proc.exitCode);
    const timer = setTimeout(() => server.proc.kill('SIGKILL'), 5000);
    server.proc.once('exit', (code, signal) => {
      clearTimeout(timer);
      resolve(code ?? signal);
    });
    server.proc.kill('SIGTERM');
  });
}
