// SPDX-License-Identifier: MIT
// tool.test.mjs - the package's reviews against the tool's: analyze()
// against `coinline analyze --json` and circleAnalyze() against
// `coinline analyze --circle --json` (the bytes of POST /api/analyze), on
// random rows, field by field, with exactly the differences that
// docs/javascript.md states: no game, players or forfeit; a circle's
// first_move is `first` (0n before move 1), best_first_move 0n for no
// coin; a row's reviews without position and best_position. The tool is
// $COINLINE (make check sets it), else build/coinline; the test is skipped,
// saying so, when it is missing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { coinline, SEED, prng, randomRow, KINDS, show } from './helpers.mjs';

const { analyze, circleAnalyze } = coinline;

const TOOL = process.env.COINLINE || new URL('../../build/coinline', import.meta.url).pathname;

function missingTool() {
  try {
    accessSync(TOOL, constants.X_OK);
    return false;
  } catch {
    return `the tool ${TOOL} is not built (make, or set COINLINE)`;
  }
}

/** The tool's JSON with every number a decimal string (exact past 2^53). */
function toolJson(args) {
  const r = spawnSync(TOOL, args, { encoding: 'utf8' });
  assert.equal(r.status, 0, `coinline ${args.join(' ')}: ${r.stderr}`);
  return JSON.parse(r.stdout.replace(/([:[,])(-?\d+)(?=[,\]}])/g, '$1"$2"'));
}

/** A package object in the same terms: BigInts and Numbers as strings. */
function plain(v) {
  if (typeof v === 'bigint' || typeof v === 'number') return String(v);
  if (Array.isArray(v)) return v.map(plain);
  if (v !== null && typeof v === 'object') {
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, plain(x)]));
  }
  return v;
}

/** The tool's review less what docs/javascript.md says the package omits. */
function common(review) {
  delete review.game;
  delete review.players;
  delete review.summary.forfeit;
  return review;
}

/** Random moves, `count` of them. */
function someMoves(r, count) {
  let moves = '';
  for (let k = 0; k < count; k++) moves += r.pick(['L', 'R']);
  return moves;
}

test('circleAnalyze is the review of analyze --circle --json, best_first_move included', (t) => {
  const skip = missingTool();
  if (skip) return t.skip(skip);
  t.diagnostic(`seed ${SEED} (COINLINE_SEED to replay)`);
  const r = prng(SEED ^ 0x51a9e);
  for (let k = 0; k < 160; k++) {
    const a = randomRow(r, r.int(1, 14), KINDS[k % KINDS.length]);
    const n = a.length;
    const first = k % 9 === 0 ? 0 : r.int(1, n);
    const moves = first === 0 ? '' : someMoves(r, r.int(0, n - 1));
    const spec = first === 0 ? '' : `${first}:${moves}`;
    const want = common(toolJson(['analyze', '--circle', '--json', `--row=${a.join(' ')}`, `--moves=${spec}`]));
    want.first = want.first_move === null ? '0' : want.first_move;
    delete want.first_move;
    const got = plain(circleAnalyze(a, first, moves));
    assert.deepEqual(got, want, `circleAnalyze(${show(a)}, ${first}, '${moves}'), seed ${SEED}`);
    assert.notEqual(got.summary.best_first_move, '0');
  }
});

test('analyze is the review of analyze --json, less each move\'s positions', (t) => {
  const skip = missingTool();
  if (skip) return t.skip(skip);
  t.diagnostic(`seed ${SEED} (COINLINE_SEED to replay)`);
  const r = prng(SEED ^ 0xa11a);
  for (let k = 0; k < 120; k++) {
    const a = randomRow(r, r.int(0, 14), KINDS[k % KINDS.length]);
    const moves = someMoves(r, r.int(0, a.length));
    const want = common(toolJson(['analyze', '--json', `--row=${a.join(' ')}`, `--moves=${moves}`]));
    for (const m of want.moves) {
      delete m.position;
      delete m.best_position;
    }
    const got = plain(analyze(a, moves));
    assert.deepEqual(got, want, `analyze(${show(a)}, '${moves}'), seed ${SEED}`);
  }
});
