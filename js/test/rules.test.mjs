// SPDX-License-Identifier: MIT
// rules.test.mjs - the calls under rules (options { circle, score } or
// { rules }): solve, line, positionsText, Engine over positions, analyze,
// table and Strategy.move, for every rule set (line and circle, scoring
// the coin taken or what remains, LeetCode 1690), against the direct
// interval programme over positions written here; LeetCode's two examples;
// the options they refuse.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { coinline, SEED, prng, randomRow, KINDS, show } from './helpers.mjs';

const { solve, line, positionsText, parseRules, analyze, table, Engine, Strategy } = coinline;

const RULES = [
  { circle: false, score: 'taken', name: 'line' },
  { circle: false, score: 'remaining', name: 'line,remaining' },
  { circle: true, score: 'taken', name: 'circle' },
  { circle: true, score: 'remaining', name: 'circle,remaining' },
];
const optionsOf = (r) => ({ circle: r.circle, score: r.score });

/**
 * The game by definition over positions: a run is (start, len), the len
 * coins from position start (clockwise round position n on a circle); a
 * move takes an end of it and scores the coin (taken) or the sum of the
 * run left after it (remaining); value(run) is the best own score minus
 * the other's from there for the player to move. A circle's move 1 takes
 * any position p and leaves the run (p + 1, n - 1).
 */
function oracle(a, r) {
  const n = a.length;
  const at = (p) => a[(p - 1) % n]; // p from 1, wrapping
  const wrap = (p) => ((p - 1) % n) + 1;
  const sums = new Map();
  const sum = (start, len) => {
    const key = `${start},${len}`;
    if (!sums.has(key)) {
      let s = 0n;
      for (let k = 0; k < len; k++) s += at(start + k);
      sums.set(key, s);
    }
    return sums.get(key);
  };
  const score = (run, p) => (r.score === 'taken' ? at(p) : sum(...run) - at(p));
  const memo = new Map();
  const value = (start, len) => {
    if (len === 0) return 0n;
    const key = `${start},${len}`;
    if (!memo.has(key)) {
      const left = score([start, len], start) - value(wrap(start + 1), len - 1);
      const right = score([start, len], wrap(start + len - 1)) - value(start, len - 1);
      memo.set(key, left >= right ? left : right);
    }
    return memo.get(key);
  };
  /** Each legal move of a position (run null: a circle's move 1) with its gain for the mover. */
  const moves = (run) => {
    if (run === null) {
      return a.map((c, k) => ({ p: k + 1, gain: score([1, n], k + 1) - value(wrap(k + 2), n - 1), next: [wrap(k + 2), n - 1] }));
    }
    const [start, len] = run;
    if (len === 0) return [];
    const out = [{ p: start, gain: score(run, start) - value(wrap(start + 1), len - 1), next: [wrap(start + 1), len - 1] }];
    if (len > 1) {
      const last = wrap(start + len - 1);
      out.push({ p: last, gain: score(run, last) - value(start, len - 1), next: [start, len - 1] });
    }
    return out;
  };
  const startRun = () => (r.circle && n > 0 ? null : [1, n]);
  return { value, moves, score, startRun, sum: a.reduce((s, x) => s + x, 0n) };
}

/** The best of moves: the largest gain, the first of ties (the left end; the smallest position). */
function bestOf(moves) {
  let best = moves[0];
  for (const m of moves) if (m.gain > best.gain) best = m;
  return best;
}

/**
 * A random rule set's game played to its end by random legal moves,
 * checked at every position by check(); each move drawn is also given to
 * onMove(p) (an Engine's play).
 */
function walk(a, r, o, rng, check, onMove = () => {}) {
  let run = o.startRun();
  const played = [];
  let p1 = 0n;
  let p2 = 0n;
  for (;;) {
    const moves = o.moves(run);
    check({ run, moves, played: played.slice(), p1, p2 });
    if (moves.length === 0) return played;
    const m = moves[rng.int(0, moves.length - 1)];
    const s = o.score(run === null ? [1, a.length] : run, m.p);
    if (played.length % 2 === 0) p1 += s;
    else p2 += s;
    played.push(m.p);
    onMove(m.p);
    run = m.next;
  }
}

test("LeetCode 1690's examples: 5 3 1 4 2 gives a margin of 6, 7 90 5 1 100 10 10 2 gives 122", () => {
  assert.equal(solve([5, 3, 1, 4, 2], { score: 'remaining' }).margin, 6n);
  assert.equal(solve([7, 90, 5, 1, 100, 10, 10, 2], { score: 'remaining' }).margin, 122n);
  assert.equal(solve(['7', 90n, 5, 1, 100, 10, 10, 2], { rules: 'remaining' }).margin, 122n);
  const r = solve([5, 3, 1, 4, 2], { circle: false, score: 'remaining' });
  assert.deepEqual(r, { n: 5n, rules: 'line,remaining', sum: 15n, p1: 18n, p2: 12n, margin: 6n, winner: 'first', first: 5n });
  const e = new Engine([5, 3, 1, 4, 2], { score: 'remaining' });
  assert.equal(e.state().value, 6n);
  assert.equal(e.state().best, 5n);
  e.free();
});

test('solve and line under every rule set against the programme over positions', (t) => {
  t.diagnostic(`seed ${SEED}`);
  const rng = prng(SEED);
  for (let trial = 0; trial < 240; trial++) {
    const r = RULES[trial % 4];
    const a = randomRow(rng, rng.int(0, 13), KINDS[trial % KINDS.length]);
    const where = `${r.name} ${show(a)}, seed ${SEED}`;
    const o = oracle(a, r);
    const n = a.length;
    const start = o.moves(o.startRun());
    const best = n > 0 ? bestOf(start) : null;
    const got = solve(a, optionsOf(r));
    assert.equal(got.rules, r.name, where);
    assert.equal(got.n, BigInt(n), where);
    assert.equal(got.sum, o.sum, where);
    assert.equal(got.margin, best ? best.gain : 0n, where);
    assert.equal(got.winner, got.margin > 0n ? 'first' : got.margin < 0n ? 'second' : 'draw', where);
    assert.equal(got.first, best ? BigInt(best.p) : 0n, where);
    assert.equal(got.p1 - got.p2, got.margin, where);
    if (r.score === 'taken') assert.equal(got.p1 + got.p2, o.sum, where);
    // The line: every move optimal, ties to the left, its scores solve's.
    const positions = line(a, optionsOf(r));
    assert.equal(positions.length, n, where);
    let run = o.startRun();
    const scores = [0n, 0n];
    positions.forEach((p, k) => {
      const moves = o.moves(run);
      const b = bestOf(moves);
      assert.equal(p, BigInt(b.p), `${where}: move ${k + 1}`);
      scores[k % 2] += o.score(run === null ? [1, n] : run, b.p);
      run = b.next;
    });
    assert.deepEqual([got.p1, got.p2], scores, where);
    // Its text reads back as the same game.
    const text = positionsText(n, positions, optionsOf(r));
    assert.deepEqual(analyze(a, text, optionsOf(r)).moves.map((m) => m.position), positions, `${where}: ${text}`);
  }
});

const optimal = new Strategy('optimal');

test('an Engine under rules at every position of random games: value, best, outcome of every move, legal, scores; as text too', (t) => {
  t.diagnostic(`seed ${SEED}`);
  const rng = prng(SEED ^ 0xe9);
  for (let trial = 0; trial < 80; trial++) {
    const r = RULES[trial % 4];
    const a = randomRow(rng, rng.int(1, 11), KINDS[(trial + 3) % KINDS.length]);
    const o = oracle(a, r);
    const e = new Engine(a, optionsOf(r));
    const played = walk(a, r, o, rng, ({ moves, played: before, p1, p2 }) => {
      const where = `${r.name} ${show(a)} after ${before.join(' ') || 'no move'}, seed ${SEED}`;
      const st = e.state();
      assert.deepEqual([st.p1, st.p2, st.moves], [p1, p2, BigInt(before.length)], where);
      if (moves.length === 0) return;
      const sign = before.length % 2 === 0 ? 1n : -1n;
      const b = bestOf(moves);
      assert.equal(st.value, b.gain, where);
      assert.equal(st.best, BigInt(b.p), where);
      for (const m of moves) assert.equal(e.outcome(m.p), p1 - p2 + sign * m.gain, `${where}: outcome(${m.p})`);
      for (let p = 1; p <= a.length; p++) assert.equal(e.legal(p), moves.some((m) => m.p === p), `${where}: legal(${p})`);
      assert.equal(optimal.move(e), BigInt(b.p), where);
    }, (p) => e.play(p));
    assert.deepEqual(e.history(), played.map(BigInt));
    // The same game as text from the start.
    const again = new Engine(a, optionsOf(r));
    again.play(positionsText(a.length, played, optionsOf(r)));
    assert.deepEqual(again.state(), e.state());
    again.free();
    e.free();
  }
});

test('analyze under rules: each move reviewed against the programme (loss, optimal, scores, final margin)', (t) => {
  t.diagnostic(`seed ${SEED}`);
  const rng = prng(SEED ^ 0xa7);
  for (let trial = 0; trial < 120; trial++) {
    const r = RULES[trial % 4];
    const a = randomRow(rng, rng.int(1, 12), KINDS[trial % KINDS.length]);
    const n = a.length;
    const o = oracle(a, r);
    const expected = [];
    const partial = rng.int(0, 3) === 0 ? rng.int(0, n) : n;
    walk(a, r, o, rng, ({ run, moves, played, p1, p2 }) => expected.push({ run, moves, played, p1, p2 }));
    const positions = expected[expected.length - 1].played.slice(0, partial);
    const where = `${r.name} ${show(a)} ${positions.join(' ')}, seed ${SEED}`;
    const got = analyze(a, positions, optionsOf(r));
    assert.equal(got.rules, r.name, where);
    assert.equal(got.moves.length, positions.length, where);
    positions.forEach((p, k) => {
      const { moves, p1, p2, run } = expected[k];
      const after = expected[k + 1];
      const sign = k % 2 === 0 ? 1n : -1n;
      const m = moves.find((x) => x.p === p);
      const b = bestOf(moves);
      const rv = got.moves[k];
      const w = `${where}: move ${k + 1}`;
      assert.equal(rv.move, BigInt(k + 1), w);
      assert.equal(rv.player, k % 2 === 0 ? 1 : 2, w);
      assert.equal(rv.position, BigInt(p), w);
      assert.equal(rv.coin, a[p - 1], w);
      assert.equal(rv.best_position, BigInt(b.p), w);
      assert.equal(rv.best_coin, a[b.p - 1], w);
      // The loss in the mover's points: of the final margin under remaining, of the final total under taken.
      const lossMargin = b.gain - m.gain;
      assert.equal(rv.loss, r.score === 'taken' ? lossMargin / 2n : lossMargin, w);
      assert.equal(rv.optimal, lossMargin === 0n, w);
      assert.deepEqual([rv.p1, rv.p2], [after.p1, after.p2], w);
      assert.equal(rv.final_margin, p1 - p2 + sign * m.gain, w);
      const own = k % 2 === 0 ? p1 : p2;
      const other = k % 2 === 0 ? p2 : p1;
      if (r.score === 'remaining') assert.equal(rv.secured, own - other + b.gain, w);
      if (run === null) assert.deepEqual([rv.side, rv.best], ['none', 'none'], w);
    });
    const text = positionsText(n, positions, optionsOf(r));
    assert.deepEqual(analyze(a, text, { rules: r.name }), got, `${where}: as text ${text}`);
  }
});

test('table under rules: every run the game can leave, the first moves and the line, against the programme', (t) => {
  t.diagnostic(`seed ${SEED}`);
  const rng = prng(SEED ^ 0x7ab);
  for (let trial = 0; trial < 60; trial++) {
    const r = RULES[trial % 4];
    const a = randomRow(rng, rng.int(0, 9), KINDS[trial % KINDS.length]);
    const n = a.length;
    const o = oracle(a, r);
    const where = `${r.name} ${show(a)}, seed ${SEED}`;
    const got = table(a, optionsOf(r));
    assert.equal(got.rules, r.name, where);
    for (let s = 1; s <= n; s++) {
      const lens = r.circle ? n - 1 : n - s + 1;
      assert.equal(got.v[s - 1].length, lens, `${where}: run from ${s}`);
      for (let len = 1; len <= lens; len++) {
        const moves = o.moves([s, len]);
        assert.equal(got.v[s - 1][len - 1], o.value(s, len), `${where}: run (${s}, ${len})`);
        assert.equal(got.move[s - 1][len - 1], bestOf(moves).p === s ? 'L' : 'R', `${where}: run (${s}, ${len})`);
      }
    }
    const start = n > 0 ? o.moves(o.startRun()) : [];
    assert.equal(got.first, n > 0 ? BigInt(bestOf(start).p) : 0n, where);
    for (let p = 1; p <= n; p++) {
      const m = start.find((x) => x.p === p);
      assert.equal(got.outcomes[p - 1], m ? m.gain : null, `${where}: outcome of ${p}`);
    }
    assert.deepEqual(got.line, line(a, optionsOf(r)), where);
  }
});

test('the classic calls answer as before; the rules as options and as text are the same', () => {
  const a = [3n, 9n, 1n, 2n];
  assert.deepEqual(Object.keys(solve(a)), ['n', 'sum', 'p1', 'p2', 'margin', 'winner', 'first_move']);
  assert.equal(typeof line(a), 'string');
  assert.deepEqual(solve(a, {}), solve(a));
  assert.deepEqual(solve(a, { rules: 'circle' }), solve(a, { circle: true }));
  assert.deepEqual(solve(a, { rules: 'remaining circle' }), solve(a, { circle: true, score: 'remaining' }));
  assert.deepEqual(parseRules('remaining, circle'), { name: 'circle,remaining', shape: 'circle', score: 'remaining' });
  assert.equal(new Engine(a).rules, null);
  assert.equal(positionsText(4, [1, 4, 3, 2]), 'LRRL');
  assert.equal(positionsText(5, [5n, 1n, 4n, 2n, 3n], { circle: true }), '5:LRLL');
});

test('options and moves under rules that are refused, with the reason', () => {
  const a = [1, 2, 3];
  assert.throws(() => solve(a, null), TypeError);
  assert.throws(() => solve(a, { shape: 'circle' }), /unknown option "shape"/);
  assert.throws(() => solve(a, { score: 'left' }), RangeError);
  assert.throws(() => solve(a, { circle: 'yes' }), TypeError);
  assert.throws(() => solve(a, { rules: 'circle', score: 'remaining' }), /not both/);
  assert.throws(() => solve(a, { rules: 'square' }), /unknown rule 'square'/);
  assert.throws(() => parseRules('line circle'), /second shape/);
  assert.throws(() => analyze(a, [2], { score: 'remaining' }), /move 1 is position 2, which is not an end/);
  assert.throws(() => analyze(a, '1:LRL', { circle: true, score: 'remaining' }), /move 4 is one too many/);
  assert.throws(() => analyze(a, [0], { score: 'remaining' }), RangeError);
  assert.throws(() => table(new Array(1025).fill(1), { score: 'remaining' }), RangeError);
  const e = new Engine(a, { circle: true, score: 'remaining' });
  assert.throws(() => e.play('L'), /any coin may be taken here/);
  assert.throws(() => e.play(4), /not on the row|position 4/);
  assert.equal(e.state().moves, 0n);
  e.play(2);
  assert.throws(() => e.play(2), /not an end/);
  assert.throws(() => e.outcome(2), RangeError);
  assert.equal(e.state().moves, 1n);
  e.play('LL');
  assert.throws(() => e.play(1), RangeError);
  assert.throws(() => new Engine(a).legal(1), /classic/);
  e.free();
});
