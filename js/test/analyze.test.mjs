// SPDX-License-Identifier: MIT
// analyze.test.mjs - analyze(coins, moves): each move's review and the
// summary, against a review computed here from the interval programme;
// partial games, lower case, and the moves it refuses.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { coinline, SEED, prng, randomRows, dp, show, expectedSolve } from './helpers.mjs';

const { analyze } = coinline;

/**
 * The review of a game from the programme. The mover's guaranteed final
 * total at [lo, hi) is its total so far plus (sum left + V) / 2; a move's
 * loss is that before the move minus the same after it (where the mover
 * is no longer to move: (sum left - V) / 2).
 */
function expectedAnalysis(a, moves) {
  const d = dp(a);
  const n = a.length;
  let lo = 0;
  let hi = n;
  const total = [0n, 0n];
  const reviews = [];
  const lost = [0n, 0n];
  const mistakes = [0n, 0n];
  for (let k = 0; k < moves.length; k++) {
    const who = k % 2; // 0: player 1
    const left = moves[k].toUpperCase() === 'L';
    const best = d.M[lo][hi];
    const secured = total[who] + (d.sum(lo, hi) + d.V[lo][hi]) / 2n;
    const coin = left ? a[lo] : a[hi - 1];
    total[who] += coin;
    if (left) lo++;
    else hi--;
    const after = total[who] + (d.sum(lo, hi) - d.V[lo][hi]) / 2n;
    const loss = secured - after;
    const next = lo === hi ? 0 : ((k + 1) % 2) + 1;
    reviews.push({
      move: BigInt(k + 1),
      player: who + 1,
      side: left ? 'left' : 'right',
      coin,
      best: best === 'L' ? 'left' : 'right',
      best_coin: best === 'L' ? a[lo - (left ? 1 : 0)] : a[hi - (left ? 1 : 0)],
      optimal: loss === 0n,
      loss,
      secured,
      p1: total[0],
      p2: total[1],
      final_margin: total[0] - total[1] + (next === 1 ? d.V[lo][hi] : next === 2 ? -d.V[lo][hi] : 0n),
    });
    lost[who] += loss;
    if (loss > 0n) mistakes[who]++;
  }
  const finished = moves.length === n;
  const [p1, p2] = total;
  const best = expectedSolve(a);
  return {
    n: BigInt(n),
    moves: reviews,
    summary: {
      finished,
      p1,
      p2,
      margin: p1 - p2,
      winner: finished ? (p1 > p2 ? 'first' : p1 < p2 ? 'second' : 'draw') : null,
      best_p1: best.p1,
      best_p2: best.p2,
      lost,
      mistakes,
    },
  };
}

test('analyze reviews the classic game 3 9 1 2 as the programme does', () => {
  const got = analyze([3, 9, 1, 2], 'LRLL');
  assert.deepEqual(got, expectedAnalysis([3n, 9n, 1n, 2n], 'LRLL'));
  assert.equal(got.moves[0].loss, 6n, 'taking 3 first loses 6 of the 11 secured');
  assert.equal(got.moves[0].optimal, false);
  assert.equal(got.moves[0].best, 'right');
  const best = analyze([3, 9, 1, 2], 'RLLL');
  assert.deepEqual(best.summary.mistakes, [0n, 0n]);
  assert.equal(best.summary.p1, 11n);
  assert.equal(best.summary.winner, 'first');
});

test('analyze agrees with the programme on random games, whole and partial', (t) => {
  t.diagnostic(`seed ${SEED} (COINLINE_SEED to replay)`);
  const r = prng(SEED ^ 0xa7a1);
  for (const a of randomRows(r, 600, 30)) {
    const d = dp(a);
    // best play with random mistakes, in either case
    let lo = 0;
    let hi = a.length;
    let moves = '';
    while (lo < hi) {
      let m = r.next() < 0.6 ? d.M[lo][hi] : r.pick(['L', 'R']);
      if (m === 'L') lo++;
      else hi--;
      if (r.next() < 0.3) m = m.toLowerCase();
      moves += m;
    }
    const upto = r.next() < 0.5 ? moves.length : r.int(0, moves.length);
    const played = moves.slice(0, upto);
    const got = analyze(a, played);
    assert.deepEqual(got, expectedAnalysis(a, played), `seed ${SEED}: ${show(a)} moves ${played}`);
    if (got.summary.finished) {
      // Each total is best play's, less its own losses, plus the other's.
      const { summary: s } = got;
      assert.equal(s.p1, s.best_p1 - s.lost[0] + s.lost[1]);
      assert.equal(s.p2, s.best_p2 - s.lost[1] + s.lost[0]);
    }
  }
});

test('analyze gives the same review for lower-case moves and for a BigInt64Array', () => {
  const a = [20n, 30n, 2n, 2n, 2n, 10n];
  const want = analyze(a, 'LRLRLR');
  assert.deepEqual(analyze(a, 'lrlrlr'), want);
  assert.deepEqual(analyze(a, 'LrlRlR'), want);
  assert.deepEqual(analyze(BigInt64Array.from(a), 'LRLRLR'), want);
});

test('analyze of no moves: nothing reviewed, not finished, no winner yet', () => {
  const got = analyze([1, 2, 3], '');
  assert.deepEqual(got.moves, []);
  assert.equal(got.summary.finished, false);
  assert.equal(got.summary.winner, null);
  assert.deepEqual([got.summary.p1, got.summary.p2], [0n, 0n]);
  const empty = analyze([], '');
  assert.equal(empty.summary.finished, true);
  assert.equal(empty.summary.winner, 'draw');
});

test('analyze names the first bad move in a RangeError', () => {
  assert.throws(() => analyze([1, 2, 3], 'LxR'), { name: 'RangeError', message: /move 2\b/ });
  assert.throws(() => analyze([1, 2, 3], 'X'), { name: 'RangeError', message: /move 1\b/ });
  assert.throws(() => analyze([1, 2, 3], 'LR '), { name: 'RangeError', message: /move 3\b/ });
  assert.throws(() => analyze([1, 2, 3], 'L\nR'), { name: 'RangeError', message: /move 2\b/ });
  assert.throws(() => analyze([1, 2, 3], 'LR\u00e9'), { name: 'RangeError', message: /move 3\b/ });
});

test('analyze refuses one move too many with a RangeError naming it', () => {
  assert.throws(() => analyze([1, 2, 3], 'LLLL'), { name: 'RangeError', message: /move 4\b/ });
  assert.throws(() => analyze([], 'L'), { name: 'RangeError', message: /move 1\b/ });
  assert.throws(() => analyze([5], 'rr'), { name: 'RangeError', message: /move 2\b/ });
});

test('analyze refuses moves that are not a string with a TypeError', () => {
  for (const bad of [undefined, null, 0, ['L'], { length: 1 }]) {
    assert.throws(() => analyze([1, 2], bad), TypeError, String(bad));
  }
});
