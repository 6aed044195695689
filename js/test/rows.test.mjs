// SPDX-License-Identifier: MIT
// rows.test.mjs - several rows (solveRows, RowsGame) against an exhaustive
// minimax written here from the rules alone: small random games (up to 4
// rows and 10 coins, ties, signs, empty rows, the int64 extremes), the game
// at every position with moves optimal or not and undos, every error, and
// one row is the classic game.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { coinline, SEED, prng, randomRow, KINDS, I64_MIN, I64_MAX } from './helpers.mjs';

const { solveRows, rowsLine, RowsGame, solve, Engine } = coinline;
const SIDES = ['left', 'right'];

/**
 * The game of the rows by exhaustive play: a position is each row's
 * [lo, hi); a move takes the first or last coin of a row with coins left;
 * value(pos) is what the player to move can secure, own total minus the
 * other's from there on.
 */
class Minimax {
  constructor(rows) {
    this.rows = rows;
    this.memo = new Map();
  }

  start() {
    return this.rows.map((r) => [0, r.length]);
  }

  /** Every legal move at pos: { row, side, coin, after }. */
  moves(pos) {
    const out = [];
    pos.forEach(([lo, hi], row) => {
      if (lo === hi) return;
      for (const side of SIDES) {
        const coin = side === 'left' ? this.rows[row][lo] : this.rows[row][hi - 1];
        const after = pos.map((p, r) => (r !== row ? p : side === 'left' ? [lo + 1, hi] : [lo, hi - 1]));
        out.push({ row, side, coin, after });
      }
    });
    return out;
  }

  value(pos) {
    const key = pos.join(';');
    if (!this.memo.has(key)) {
      let best = null;
      for (const m of this.moves(pos)) {
        const v = m.coin - this.value(m.after);
        if (best === null || v > best) best = v;
      }
      this.memo.set(key, best === null ? 0n : best);
    }
    return this.memo.get(key);
  }

  /** Whether the move { row, side } secures value(pos). */
  isOptimal(pos, move) {
    const m = this.moves(pos).find((x) => BigInt(x.row) === move.row && x.side === move.side);
    return m !== undefined && m.coin - this.value(m.after) === this.value(pos);
  }
}

/** 1 to 4 rows (some empty), at most 10 coins in all, of one kind. */
function randomRows(r, g) {
  const k = r.int(1, 4);
  const total = r.int(0, 10);
  const coins = randomRow(r, total, KINDS[g % KINDS.length]);
  const cuts = Array.from({ length: k - 1 }, () => r.int(0, total)).sort((a, b) => a - b);
  const bounds = [0, ...cuts, total];
  return bounds.slice(1).map((b, i) => coins.slice(bounds[i], b));
}

const winner = (m) => (m > 0n ? 'first' : m < 0n ? 'second' : 'draw');
const sum = (xs) => xs.reduce((a, b) => a + b, 0n);

test('solveRows agrees with exhaustive play on small random games', (t) => {
  t.diagnostic(`seed ${SEED} (COINLINE_SEED to replay)`);
  const r = prng(SEED ^ 0x3232);
  for (let g = 0; g < 1500; g++) {
    const rows = randomRows(r, g);
    const m = new Minimax(rows);
    const pos = m.start();
    const v = m.value(pos);
    const s = sum(rows.map(sum));
    const n = rows.reduce((a, x) => a + x.length, 0);
    const res = solveRows(rows);
    const where = `${SEED}: ${rows.map((x) => x.join(' ')).join(' / ')}`;
    assert.deepEqual({ ...res, first_move: null }, {
      n: BigInt(n), rows: BigInt(rows.length), sum: s, p1: (s + v) / 2n, p2: (s - v) / 2n,
      margin: v, winner: winner(v), first_move: null,
    }, where);
    if (n === 0) assert.equal(res.first_move, null, where);
    else assert.ok(m.isOptimal(pos, res.first_move), `${where}: ${JSON.stringify(res.first_move, (k, x) => (typeof x === 'bigint' ? String(x) : x))}`);
  }
});

test('solveRows: totals past 64 bits, no rows, empty rows, every kind of row', () => {
  const res = solveRows([Array(6).fill(I64_MAX), Array(4).fill(I64_MAX)]);
  assert.deepEqual([res.p1, res.p2, res.margin], [5n * I64_MAX, 5n * I64_MAX, 0n]);
  const low = solveRows([[I64_MIN, I64_MIN], [I64_MIN]]);
  assert.equal(low.sum, 3n * I64_MIN);
  for (const rows of [[], [[]], [[], [], []]]) {
    assert.deepEqual(solveRows(rows), { n: 0n, rows: BigInt(rows.length), sum: 0n, p1: 0n, p2: 0n, margin: 0n, winner: 'draw', first_move: null });
  }
  const want = solveRows([[1, 3, 5], [2, 9], [4]]);
  assert.deepEqual(solveRows([[1n, '3', 5], BigInt64Array.from([2n, 9n]), { length: 1, 0: 4 }]), want);
  assert.deepEqual(want.first_move, { row: 1n, side: 'right' });
});

test('one row is the classic game', (t) => {
  t.diagnostic(`seed ${SEED} (COINLINE_SEED to replay)`);
  const r = prng(SEED ^ 0x0101);
  for (let g = 0; g < 300; g++) {
    const row = randomRow(r, r.int(0, 16), KINDS[g % KINDS.length]);
    const c = solve(row);
    const res = solveRows([row]);
    assert.deepEqual([res.n, res.sum, res.p1, res.p2, res.margin, res.winner], [c.n, c.sum, c.p1, c.p2, c.margin, c.winner]);
    const game = new RowsGame([row]);
    const e = new Engine(row);
    try {
      for (;;) {
        const st = game.state();
        const est = e.state();
        assert.deepEqual([st.to_move, st.p1, st.p2, game.value()], [est.to_move, est.p1, est.p2, est.value]);
        assert.deepEqual(game.row(0), row.slice(Number(est.lo), Number(est.hi)));
        if (st.best === null) break;
        const side = SIDES[r.int(0, 1)];
        game.play(0, side);
        e.play(side);
      }
    } finally {
      game.free();
      e.free();
    }
  }
});

/** What the game must show at pos after the moves played. */
function checkPosition(game, m, pos, played, where) {
  const totals = [0n, 0n];
  played.forEach((x, k) => { totals[k % 2] += x.coin; });
  const left = pos.reduce((a, [lo, hi]) => a + hi - lo, 0);
  const st = game.state();
  const n = m.rows.reduce((a, x) => a + x.length, 0);
  const sign = played.length % 2 === 0 ? 1n : -1n;
  const margin = totals[0] - totals[1];
  assert.deepEqual({ ...st, best: null }, {
    n: BigInt(n), rows: BigInt(m.rows.length), moves: BigInt(played.length), left: BigInt(left),
    to_move: left === 0 ? 0 : (played.length % 2) + 1, p1: totals[0], p2: totals[1], best: null,
    value: m.value(pos), final_margin: margin + sign * m.value(pos),
  }, where);
  for (const x of m.moves(pos)) {
    assert.equal(game.outcome(x.row, x.side), margin + sign * (x.coin - m.value(x.after)), where);
  }
  if (left === 0) assert.equal(st.best, null, where);
  else assert.ok(m.isOptimal(pos, st.best), where);
  assert.equal(game.value(), m.value(pos), where);
  assert.deepEqual(game.rows(), pos.map(([lo, hi], r) => m.rows[r].slice(lo, hi)), where);
  assert.deepEqual(game.history(), played.map((x) => ({ row: BigInt(x.row), side: x.side })), where);
}

test('RowsGame at every position of random games, moves optimal or not, with undos', (t) => {
  t.diagnostic(`seed ${SEED} (COINLINE_SEED to replay)`);
  const r = prng(SEED ^ 0x4321);
  for (let g = 0; g < 400; g++) {
    const rows = randomRows(r, g);
    const m = new Minimax(rows);
    const game = new RowsGame(rows);
    const where = `${SEED}: ${rows.map((x) => x.join(' ')).join(' / ')}`;
    let pos = m.start();
    const stack = [];
    const played = [];
    try {
      checkPosition(game, m, pos, played, where);
      while (m.moves(pos).length > 0) {
        const moves = m.moves(pos);
        if (stack.length > 0 && r.next() < 0.2) {
          assert.equal(game.undo(), game);
          pos = stack.pop();
          played.pop();
        } else {
          const best = game.state().best;
          const move = r.next() < 0.5
            ? moves.find((x) => BigInt(x.row) === best.row && x.side === best.side)
            : r.pick(moves);
          const row = r.next() < 0.5 ? move.row : BigInt(move.row);
          assert.equal(game.play(row, r.next() < 0.5 ? move.side : move.side[0].toUpperCase()), game);
          stack.push(pos);
          played.push(move);
          pos = move.after;
        }
        checkPosition(game, m, pos, played, where);
      }
    } finally {
      game.free();
    }
  }
});

test('errors are TypeErrors and RangeErrors naming what is wrong; the game is left as it was', () => {
  const g = new RowsGame([[1, 3, 5], [], [4]]);
  const cases = [
    [() => g.play(3, 'left'), RangeError, /^RowsGame\.play: there is no row 3: the rows are 0 to 2$/],
    [() => g.play(-1, 'left'), RangeError, /row = -1 is not a non-negative integer/],
    [() => g.play(1.5, 'left'), RangeError, /row = 1.5/],
    [() => g.play('0', 'left'), TypeError, /row must be an integer/],
    [() => g.play(1, 'left'), RangeError, /^RowsGame\.play: row 1 has no coin left \(the best move is row 0, right end\)$/],
    [() => g.play(0, 'middle'), TypeError, /the side must be 'L', 'R', 'left' or 'right'/],
    [() => g.play(0), TypeError, /the side must be/],
    [() => g.row(5), RangeError, /^RowsGame\.row: there is no row 5/],
    [() => g.undo(), RangeError, /^RowsGame\.undo: no move to take back$/],
    [() => new RowsGame([]).play(0, 'L'), RangeError, /the game has no rows/],
    [() => solveRows([1, 2, 3]), TypeError, /^solveRows: rows\[0\] = 1 is not a row/],
    [() => solveRows('12'), TypeError, /^solveRows: rows must be an array of rows/],
    [() => solveRows(null), TypeError, /rows must be an array of rows .* not null/],
    [() => solveRows([[1], [2, 2.5]]), TypeError, /^solveRows: rows\[1\]\[1\] = 2.5 is not an integer/],
    [() => solveRows([[1], ['x']]), TypeError, /^solveRows: rows\[1\]\[0\] = "x" is not a decimal integer/],
    [() => new RowsGame([[0], [], [1, 2n ** 63n]]), RangeError, /^RowsGame: rows\[2\]\[1\] = 9223372036854775808n is outside the signed 64-bit range/],
    [() => solveRows([[2 ** 60]]), RangeError, /rows\[0\]\[0\] = 1152921504606847000 is not a safe integer/],
    [() => solveRows([[], { length: 2 ** 29 }]), RangeError, /coins: it takes 268435456 at most/],
    [() => solveRows([{ length: 2 ** 27 }, { length: 2 ** 27 + 1 }]), RangeError, /^solveRows: 268435457 coins in rows 0 to 1: it takes 268435456 at most$/],
  ];
  for (const [f, type, text] of cases) assert.throws(f, (e) => e instanceof type && text.test(e.message), String(text));
  assert.deepEqual(g.history(), []);
  assert.deepEqual(g.rows(), [[1n, 3n, 5n], [], [4n]]);
  g.play(0, 'R').play(0, 'R').play(0, 'R').play(2, 'L');
  assert.throws(() => g.play(2, 'L'), (e) => e instanceof RangeError && /no coin is left to take/.test(e.message));
  const st = g.state();
  assert.deepEqual([st.p1, st.p2, g.value(), st.best], [6n, 7n, 0n, null]);
  g.free();
  assert.throws(() => g.state(), /RowsGame\.state: it was freed/);
  assert.throws(() => g.play(0, 'L'), /RowsGame\.play: it was freed/);
});

test('RowsGame: free releases the memory; a thousand games leave it flat', () => {
  const rows = [[1, 3, 5], [2, 9], [4]];
  for (let k = 0; k < 100; k++) new RowsGame(rows).free();
  const before = coinline.memoryBytes();
  for (let k = 0; k < 1000; k++) {
    const g = new RowsGame(rows);
    g.play(1, 'R').undo();
    g.value();
    g.free();
    solveRows(rows);
  }
  assert.equal(coinline.memoryBytes(), before);
});

test('rowsLine: every move optimal where it is played, the totals those of solveRows', (t) => {
  const r = prng(SEED + 7);
  for (let g = 0; g < 300; g++) {
    const rows = randomRows(r, g);
    const m = new Minimax(rows);
    const line = rowsLine(rows);
    let pos = m.start();
    const totals = [0n, 0n];
    assert.equal(line.length, rows.reduce((a, x) => a + x.length, 0), `${rows}`);
    line.forEach((move, k) => {
      assert.ok(m.isOptimal(pos, move), `${rows}: move ${k}`);
      const x = m.moves(pos).find((y) => BigInt(y.row) === move.row && y.side === move.side);
      totals[k % 2] += x.coin;
      pos = x.after;
    });
    const res = solveRows(rows);
    assert.deepEqual([res.p1, res.p2], totals, `${rows}`);
  }
  assert.throws(() => rowsLine([[1, 'x']]), TypeError);
});

test('RowsGame.outcome refuses as play does, and leaves the game as it was', () => {
  const game = new RowsGame([[1n, 2n], []]);
  assert.throws(() => game.outcome(1, 'left'), { name: 'RangeError', message: /RowsGame.outcome: row 1 has no coin left/ });
  assert.throws(() => game.outcome(2, 'left'), RangeError);
  assert.equal(game.outcome(0, 'right'), 1n);
  assert.deepEqual(game.rows(), [[1n, 2n], []]);
  game.free();
});
