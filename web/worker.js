// SPDX-License-Identifier: MIT
/*
 * worker.js - the page's long work, off its main thread (web/app.js is the
 * page; docs/architecture.md).
 *
 * This one function runs in two places. Loaded by index.html as a plain
 * script (after engine.js, before app.js), it defines the global
 * window.coinlineWork: the helpers the page shares with the work
 * (rowFromSeed, parseRow, engineSeed, positionSeed, rotate, big, wire,
 * clip, MAX_ROWS: one definition for both), and start(), which starts the work
 * in a Web Worker made from its own source text
 * (Function.prototype.toString) after engine.js's (coinlineWasm.source()),
 * as a data: URL: it needs no file and no fetch (a file:// page may start
 * no Worker from a file), nor a Blob's URL (registering one waits on the
 * browser process: hundreds of milliseconds after a 1 MB link); serve's
 * CSP allows exactly that (worker-src data:). The worker's engine is then
 * engine.js's, loaded inside it. When no Worker can start (a browser
 * without them, a policy that forbids them) start() answers the same
 * messages in the page instead (body[data-worker] says which), so the page
 * works either way. Its main thread then does the work, in pieces: every
 * long loop (a row made or read, moves played, a row's JSON, a review's
 * slices) gives the page a turn (a new task) once it has run BUDGET
 * (25) ms, and the review's slices are sized to take about that long, so
 * that no task of the page reaches 100 ms there either
 * (tests/e2e/longtask.mjs, "no worker": 10^5 and 10^6 coins). Its answers
 * reach the page in tasks of their own, as a Worker's do. What cannot be
 * cut there: one call of the engine, so a circle's margins (its move 1,
 * and the head of its review: analyze() of move 1, O(n log n), about
 * 0.04 and 0.1 s at 10^5 coins, 0.3 and 1 s at 10^6), and the
 * JSON.parse of the server's review when the page has no engine either.
 *
 * The work holds the game (a Game: its row, a BigInt64Array, its rules
 * ({shape, score}: the shape 'line' or 'circle', the scoring 'taken' or
 * 'remaining'), a circle's move 1 and the line left, and the engine's
 * Engine under those rules, over positions, played forward and back to
 * each position asked about, O(log n) a move). What differs by shape
 * (whether move 1 takes any coin, the line left, a position, the table)
 * is SHAPES's, and by scoring (a move's score, what the mover secures)
 * SCORES's, both shared with the page. The
 * page asks, by message ({id, op, ...}; the answer {id, value} or {id,
 * error}, and {id, progress} (0..1) on the way, for the big ones), one at
 * a time in the order sent:
 *
 *   ping    {}: 'pong' (start() waits for it: the script ran)
 *   init    {}: loads the engine (engine.js's, when the page has it) ->
 *           {engine: 'wasm' | 'api', version}
 *   open    {game, coins | make: {kind: 'random', size, seed, min, max} |
 *           {kind: 'text', text, max, who}, shape, score, first, moves, json}: the
 *           game `game` (a number the page gives each game) on that row,
 *           made here when asked (rowFromSeed's row, or the typed text
 *           read, with progress), its Engine played to the position ->
 *           {n, coins (when made here), sum, pos: {i, j, totals} after the
 *           moves, json (the row as the API's "coins", when asked)}
 *   move    {game, first, moves, strategy, seed}: POST /api/move's answer
 *           (cli/serve/api.c's run_move, bit for bit: the strategy's seed
 *           is position_seed()'s)
 *   table   {game}: POST /api/table's answer (the row's under its
 *           scoring; a circle's arcs' under taken: the page draws no heat
 *           map of a circle)
 *   review  {game, first, moves, human, chunk}: the game reviewed, as the page
 *           shows it (below), a slice at a time with progress (the game's
 *           Engine is freed first: the game is over)
 *   model   {buffer, human}: the same from the text of POST /api/analyze's
 *           answer (the page without the engine asks the server)
 *
 * The review as the page shows it (not the 10^6 objects of a review): the
 * summary of analyze --json; rows, every move's review when the game has
 * at most MAX_ROWS moves, else its first MAX_ROWS moves that lost points;
 * the chart: the margin (the person minus the engine) as played and with
 * best play from there after each move, exact (BigInt) up to MAX_ROWS
 * moves, else at most 2 POINTS points a line (each slice's lowest and
 * highest, in their order); a mark for each of the first MAX_ROWS moves
 * that lost points. A long line is reviewed a slice of moves at a time
 * (CHUNK in a Worker; in the page a slice sized to its time; `chunk` sets
 * it, for tests/e2e/worker.mjs), each slice by the engine's analyze() on
 * the coins left at its start, its reviews numbered as the game's by the
 * engine's own reviewAfter() (engine.js), under the game's scoring; best
 * play from the start is solve()'s and a circle's move 1 analyze()'s,
 * under the game's rules: memory stays that of one slice.
 */
(function coinlineWorker(scope) {
  'use strict';

  const CHUNK = 32768; // moves reviewed at a time in a Worker (even: the slices' player 1 is the line's)
  const STEP = 4096; // coins made or read, or moves played, between two reports of progress
  const BUDGET = 25; // in the page: the work gives the page a turn once it has run this many ms
  const PAGE_SLICES = { first: 1024, least: 256 }; // in the page: the review's first slice, and its smallest
  const MAX_ROWS = 1000; // the review lists at most this many moves
  const POINTS = 2048; // a long game's chart: this many slices of moves
  const I64_MIN = -(2n ** 63n);
  const I64_MAX = 2n ** 63n - 1n;
  const M64 = (1n << 64n) - 1n;
  const LIMIT = 2n ** 53n; // a coin of larger magnitude travels as a JSON string
  const now = () => scope.performance.now();

  /* ------------------------------------------------------------------ */
  /* Helpers shared with the page                                        */

  /** A splitmix64 generator: each call returns the next 64-bit value. */
  function splitmix64(seed) {
    let s = BigInt.asUintN(64, seed);
    return () => {
      s = (s + 0x9e3779b97f4a7c15n) & M64;
      let z = s;
      z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & M64;
      z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & M64;
      return z ^ (z >> 31n);
    };
  }

  /** Runs a generator to its end at once; what it returns. */
  function drain(gen) {
    for (;;) {
      const r = gen.next();
      if (r.done) return r.value;
    }
  }

  /**
   * Fills `out` (an Array or a BigInt64Array) with the row of a random
   * game: each coin min + the next splitmix64 value of seed modulo (max -
   * min + 1). Yields how far it is (0..1) every STEP coins; returns out.
   */
  function* filling(out, seed, min, max) {
    const next = splitmix64(BigInt(seed));
    const lo = BigInt(min);
    const span = BigInt(max) - lo + 1n;
    for (let k = 0; k < out.length; k++) {
      out[k] = lo + (next() % span);
      if (k % STEP === STEP - 1) yield (k + 1) / out.length;
    }
    return out;
  }

  /**
   * The row of a random game: `size` coins from min to max (BigInt, both
   * included), each the next splitmix64 value of `seed` modulo the range.
   * The same arguments always give the same row. A plain Array of BigInt.
   */
  const rowFromSeed = (size, seed, min, max) => drain(filling(new Array(size), seed, min, max));

  /** The engine's seed for the move after `played` moves (0 to 2^53 - 1). */
  function engineSeed(gameSeed, played) {
    return Number(splitmix64(gameSeed ^ BigInt(played))() >> 11n);
  }

  /**
   * The strategy's seed for a request's seed after `played` moves: what
   * cli/serve/api.c's position_seed() does with it (one splitmix64 step
   * from seed ^ 0xD1B54A32D192ED03 * (played + 1), mod 2^64).
   */
  function positionSeed(seed, played) {
    const mix = BigInt.asUintN(64, 0xd1b54a32d192ed03n * BigInt(played + 1));
    return splitmix64(BigInt.asUintN(64, BigInt(seed)) ^ mix)();
  }

  /** A token as a message shows it: at most 40 characters of it. */
  const clip = (t) => (t.length > 40 ? `${t.slice(0, 40)}…` : t);

  /** Token `t`, coin number k (1-based) of a typed row, as a BigInt; throws on a bad one. */
  function coinOf(t, k) {
    if (!/^[+-]?[0-9]+$/.test(t)) throw new Error(`coin ${k}: '${clip(t)}' is not an integer`);
    const v = BigInt(t);
    if (v < I64_MIN || v > I64_MAX) throw new Error(`coin ${k}: ${clip(t)} is outside the 64-bit range`);
    return v;
  }

  /**
   * Reads a typed row: integers separated by spaces, commas or semicolons,
   * with optional brackets and quotes (so a JSON array pastes, strings or
   * not); '#' starts a comment to the end of the line. Yields how far it
   * is (0..1) every STEP coins; returns the BigInt64Array. Throws on a bad
   * token.
   */
  function* reading(text) {
    const body = text.replace(/#.*$/gm, '').trim().replace(/^\[/, '').replace(/\]$/, '');
    const token = /[^\s,;]+/g;
    let row = new BigInt64Array(1024);
    let n = 0;
    for (let m = token.exec(body); m !== null; m = token.exec(body)) {
      const t = m[0].replace(/^(["'])(.*)\1$/, '$2');
      if (t === '') continue;
      if (n === row.length) {
        const more = new BigInt64Array(2 * n);
        more.set(row);
        row = more;
      }
      row[n] = coinOf(t, n + 1);
      n++;
      if (n % STEP === 0) yield token.lastIndex / body.length;
    }
    return row.slice(0, n);
  }

  /** A typed row (see reading()) as a BigInt64Array, read at once; throws on a bad token. */
  const parseRow = (text) => drain(reading(text));

  /** The line a circle's move 1 at `first` leaves: the coins clockwise from first + 1. */
  function rotate(coins, first) {
    const n = coins.length;
    const line = new BigInt64Array(Math.max(n - 1, 0));
    if (first > 0) {
      line.set(coins.subarray(first));
      line.set(coins.subarray(0, first - 1), n - first);
    }
    return line;
  }

  /** A number of the API (a number, a decimal string or a BigInt) as a BigInt. */
  function big(x) {
    if (typeof x === 'bigint') return x;
    // Numbers come up to 2^53 in magnitude: 2^53 itself is exact, though not "safe".
    if (typeof x === 'number' && Number.isInteger(x) && Math.abs(x) <= 2 ** 53) return BigInt(x);
    if (typeof x === 'string' && /^-?[0-9]+$/.test(x)) return BigInt(x);
    throw new Error(`unexpected number from the server: ${String(x)}`);
  }

  /**
   * What each scoring gives a move, and what the mover secures: gain(coin
   * taken, sum of the coins left after it) is the move's score; secured(the
   * mover's final margin with best play, the sum of the row) what the page
   * says it secures: under taken its final total, under remaining (where
   * best play fixes the margin, not the totals) that margin. The rules'
   * one difference of arithmetic in the page and its work.
   */
  const SCORES = Object.freeze({
    taken: Object.freeze({ gain: (coin) => coin, secured: (margin, sum) => (sum + margin) / 2n, line: undefined }),
    remaining: Object.freeze({ gain: (coin, left) => left, secured: (margin) => margin, line: { score: 'remaining' } }),
  });

  /** The scoring named by a message or a link: 'remaining', else the classic 'taken'. */
  const scoreOf = (name) => (name === 'remaining' ? 'remaining' : 'taken');

  /**
   * POST /api/table's answer on a line: the classic table, or under another
   * scoring the library's table under the rules (its runs by first
   * position and length) as the API gives it, by ends: v[i][j] (null for
   * j < i), move[i] ('-' for j < i), line (L and R).
   */
  function lineTable(wasm, coins, score) {
    if (score === 'taken') return wasm.table(coins);
    const t = wasm.table(coins, { rules: `line,${score}` });
    const v = t.v.map((row, i) => new Array(i).fill(null).concat(row));
    const move = t.move.map((m, i) => '-'.repeat(i) + m);
    let line = '';
    let left = 1; // the left end's position
    for (const p of t.line) {
      const atLeft = Number(p) === left;
      line += atLeft ? 'L' : 'R';
      if (atLeft) left++;
    }
    return { n: t.n, score, v, move, line };
  }

  /**
   * What each shape does with the coins, one entry a shape (the page's
   * words for them are web/app.js's SHAPES, made on these): anyFirst,
   * whether move 1 may take any coin (the game is then that move 1,
   * `first`, 0 before it, and the L/R moves at the two ends of the line
   * it leaves; the API's answers name positions); lineOf(coins, first),
   * the line the L/R moves are played on; positionOf(k, first, n), the
   * position (1..n) of index k of that line; table(wasm, coins, score),
   * POST /api/table's answer computed here.
   */
  const SHAPES = Object.freeze({
    line: Object.freeze({
      anyFirst: false,
      lineOf: (coins) => coins,
      positionOf: (k) => k + 1,
      table: lineTable,
    }),
    circle: Object.freeze({
      anyFirst: true,
      lineOf: rotate,
      positionOf: (k, first, n) => ((first + k) % n) + 1, // clockwise from first + 1
      table: (wasm, coins) => wasm.circleTable(coins),
    }),
  });

  /** The shape named by a message: one of SHAPES, else the line. */
  const shapeOf = (name) => (Object.hasOwn(SHAPES, name) ? name : 'line');

  /** A coin for a request: a number when exact as a double, else a decimal string. */
  const wire = (v) => (v >= -LIMIT && v <= LIMIT ? Number(v) : String(v));

  /** The sum of a row (exact). */
  function sumOf(coins) {
    let s = 0n;
    for (let k = 0; k < coins.length; k++) s += coins[k];
    return s;
  }

  /**
   * The row as the API's "coins" (numbers up to 2^53, strings past it),
   * STEP coins at a time: yields how far it is; returns the JSON text.
   */
  function* writingJson(coins) {
    const parts = [];
    for (let k = 0; k < coins.length; k += STEP) {
      parts.push(JSON.stringify(Array.from(coins.subarray(k, k + STEP), wire)).slice(1, -1));
      yield Math.min(1, (k + STEP) / coins.length);
    }
    return `[${parts.join(',')}]`;
  }

  /* ------------------------------------------------------------------ */
  /* The game the work holds                                             */

  /** Game number `id` of the page, its engine `wasm` (engine.js's coinlineWasm). */
  class Game {
    constructor(id, wasm) {
      this.id = id;
      this.wasm = wasm;
      this.failed = null; // why opening it failed, if it did
      this.coins = new BigInt64Array(0);
      this.n = 0;
      this.sum = 0n;
      this.rules = { shape: 'line', score: 'taken' }; // the names of its shape and scoring
      this.first = 0; // move 1 where it may take any coin (a circle's; 0 before it)
      this.line = null; // the line the L/R moves are played on
      this.eng = null; // the Engine under the rules, at move 1 `first` and then engMoves
      this.engMoves = '';
    }

    /** Its shape's entry of SHAPES. */
    get shape() {
      return SHAPES[this.rules.shape];
    }

    /** Its rules as the engine's calls take them: { rules: 'circle,remaining' }, say. */
    get options() {
      return { rules: `${this.rules.shape},${this.rules.score}` };
    }

    /** Its row is `coins` under `rules` ({shape, score}), at move 1 `first` (where any coin may be taken). */
    setRow(coins, rules, first) {
      this.coins = coins;
      this.n = coins.length;
      this.sum = sumOf(coins);
      this.rules = { shape: shapeOf(rules.shape), score: scoreOf(rules.score) };
      this.setFirst(first);
    }

    freeEngine() {
      if (this.eng !== null) this.eng.free();
      this.eng = null;
      this.engMoves = '';
    }

    /** Sets move 1 where it may take any coin (else none: 0) and the line the moves after it are played on. */
    setFirst(first) {
      const at = this.shape.anyFirst ? first : 0;
      if (this.line !== null && at === this.first) return;
      this.freeEngine();
      this.first = at;
      this.line = this.shape.lineOf(this.coins, at);
    }

    /**
     * The game's Engine (under its rules, over positions) at the position
     * after move 1 and `moves` (L and R): one Engine a game, taken back and
     * played forward from where it stands, STEP moves at a time. Yields how
     * far it is (0..1) after each STEP; returns it.
     */
    *playing(moves) {
      if (this.eng === null) {
        this.eng = new this.wasm.Engine(this.coins, this.options);
        if (this.first) this.eng.play(this.first);
        this.engMoves = '';
      }
      const had = this.engMoves;
      let k = 0;
      if (moves.startsWith(had)) k = had.length;
      else while (k < had.length && k < moves.length && had[k] === moves[k]) k++;
      try {
        for (let m = had.length; m > k; m--) this.eng.undo();
        for (let m = k; m < moves.length; m += STEP) {
          this.eng.play(moves.slice(m, m + STEP));
          if (m + STEP < moves.length) yield (m + STEP - k) / (moves.length - k);
        }
      } catch (e) {
        this.freeEngine(); // its position is unknown now: the next call makes one
        throw e;
      }
      this.engMoves = moves;
      return this.eng;
    }

    /** The Engine at the position after `moves`, played at once. */
    engineAt(moves) {
      return drain(this.playing(moves));
    }

    /** Position index k of the line: 1..n (its shape's positionOf()). */
    positionOf(k) {
      return this.shape.positionOf(k, this.first, this.n);
    }

    /** The ends, totals and the sum of the coins left after `moves` (on the line; a move 1 `first` counts for player 1). */
    position(moves) {
      const { gain } = SCORES[this.rules.score];
      let i = 0;
      let j = this.line.length - 1;
      const t = [0n, 0n];
      let left = this.sum; // the sum of the coins left
      let who = 0; // the player of the next move, 0 or 1
      if (this.first) {
        left -= this.coins[this.first - 1];
        t[0] = gain(this.coins[this.first - 1], left);
        who = 1;
      }
      for (let m = 0; m < moves.length; m++) {
        const coin = this.line[moves.charCodeAt(m) === 76 ? i++ : j--];
        left -= coin;
        t[who] += gain(coin, left);
        who ^= 1;
      }
      return { i, j, totals: t, left };
    }
  }

  /* ------------------------------------------------------------------ */
  /* The work: what the page asks about the game                         */

  /*
   * Each piece of work is a function of (W, msg, progress): W is the work
   * (makeWork()'s: {wasm, engine, game, rest}), msg the page's message,
   * progress(x) reports how far it is (0..1).
   */

  /**
   * Runs a generator to its end, each value it yields handed to onStep;
   * in the page, the page gets a turn whenever W.rest() says one is due
   * (in a Worker it runs at once). What it returns.
   */
  async function paced(W, gen, onStep) {
    for (;;) {
      const r = gen.next();
      if (r.done) return r.value;
      if (onStep) onStep(r.value);
      const due = W.rest ? W.rest() : null;
      if (due) await due;
    }
  }

  /** init: loads the engine (engine.js's), or says the server answers. */
  async function init(W) {
    const e = W.engine;
    if (e && typeof e.init === 'function') {
      try {
        await e.init();
        W.wasm = e;
      } catch (err) {
        W.wasm = null; // a browser without WebAssembly, say: the server's API does it all
      }
    }
    return { engine: W.wasm ? 'wasm' : 'api', version: W.wasm ? W.wasm.version() : null };
  }

  /** The row a message asks the work to make: a random one, or the typed text read. */
  async function makeRow(W, make, progress) {
    if (make.kind === 'random') {
      const { size, seed, min, max } = make;
      return paced(W, filling(new BigInt64Array(size), seed, min, max), progress);
    }
    const row = await paced(W, reading(make.text), progress);
    if (row.length === 0) throw new Error('the row is empty: type at least one coin');
    if (row.length > make.max) throw new Error(`the row has ${row.length} coins; the ${make.who} takes at most ${make.max}`);
    return row;
  }

  /** open: the game, its row made here or given, its Engine at the position. */
  async function open(W, msg, progress) {
    W.game.freeEngine();
    const g = new Game(msg.game, W.wasm);
    W.game = g;
    try {
      const made = !msg.coins;
      g.setRow(made ? await makeRow(W, msg.make, (x) => progress(0.6 * x)) : msg.coins, msg, msg.first);
      const moves = msg.moves || '';
      if (W.wasm) {
        await paced(W, g.playing(moves), (x) => progress(0.6 + 0.4 * x)); // made now (O(n)): an answer is then a move
      }
      const out = { n: g.n, sum: g.sum, pos: g.position(moves) };
      if (msg.json) out.json = await paced(W, writingJson(g.coins));
      if (made) {
        out.coins = g.coins.slice(); // the page's copy: handed over, not copied again
        out.transfer = [out.coins.buffer];
      }
      return out;
    } catch (e) {
      g.failed = e.message;
      throw e;
    }
  }

  /**
   * move: POST /api/move, computed here: the strategy's move after move 1
   * `first` (a circle's; 0 before it) and `moves`, its random choices
   * seeded as position_seed() with the moves played, with the hint of
   * that position, in the server's words: the move an end ('left' or
   * 'right') or, where any coin may be taken, its position; on a circle
   * the positions too.
   */
  function move(W, { first, moves, strategy, seed }) {
    const g = W.game;
    g.setFirst(first);
    const e = g.engineAt(moves);
    const st0 = e.state();
    const s = new W.wasm.Strategy(strategy, positionSeed(seed || 0, Number(st0.moves)));
    let p;
    try {
      p = s.move(e);
    } finally {
      s.free();
    }
    const side = st0.left_end === 0n ? null : p === st0.left_end ? 'left' : 'right';
    const after = side === null ? '' : moves + (side === 'left' ? 'L' : 'R');
    e.play(p);
    const st = e.state();
    if (side === null) e.undo(); // the next question comes with its first: its Engine then
    else g.engMoves = after;
    const coin = (at) => g.coins[Number(at) - 1];
    const where = (at) => (g.shape.anyFirst ? Number(at) : undefined); // the API names positions there
    const mover = st0.to_move === 1 ? 1n : -1n;
    const reply = {
      move: side || Number(p),
      position: where(p),
      coin: coin(p),
      first: where(side === null ? p : first),
      moves: after,
      p1: st.p1,
      p2: st.p2,
      to_move: st.to_move,
      finished: st.to_move === 0,
      best: st0.best_side === 'none' ? Number(st0.best) : st0.best_side,
      best_position: where(st0.best),
      best_coin: coin(st0.best),
      value: st0.value,
      secured: SCORES[g.rules.score].secured(mover * st0.final_margin, g.sum),
    };
    for (const k of ['position', 'first', 'best_position']) if (reply[k] === undefined) delete reply[k];
    return reply;
  }

  /** table: POST /api/table, computed here (its shape's table()). */
  const table = (W) => W.game.shape.table(W.wasm, W.game.coins, W.game.rules.score);

  /**
   * The review's slices of moves: `chunk` when given (tests), CHUNK in a
   * Worker; in the page each slice sized from the last one's time, so
   * that it takes from BUDGET / 2 to BUDGET ms: next() the next slice's
   * size, took(ms) that slice's time.
   */
  function slices(W, chunk) {
    const sized = !chunk && W.rest !== null;
    let size = chunk || (sized ? PAGE_SLICES.first : CHUNK);
    return {
      next: () => size,
      took(ms) {
        if (!sized) return;
        if (ms < BUDGET / 2) size = Math.min(CHUNK, 2 * size);
        else if (ms > BUDGET) size = Math.max(PAGE_SLICES.least, size >> 1);
      },
    };
  }

  /**
   * The reviews of the moves `text` on job.line, played after job.played
   * moves of the game (its players' totals then job.before), each handed
   * to add(review) as the game's review of that move (the engine's
   * reviewAfter(); positions job.at(index in the line)) under the scoring
   * job.score (analyze() with SCORES[score].line), computed a slice
   * at a time (`sizes`: slices()), each by analyze() on the coins left at
   * its start; tick(moves done) after each slice, and in the page a turn
   * for it when one is due.
   */
  async function reviewLine(W, job, sizes, add, tick) {
    const { line, text, played, at, score } = job;
    let before = job.before;
    let lo = 0;
    let hi = line.length; // the coins left: line[lo..hi-1]
    for (let k = 0; k < text.length;) {
      const t0 = now();
      const part = text.slice(k, k + sizes.next());
      let r = null;
      for (const m of W.wasm.analyze(line.subarray(lo, hi), part, SCORES[score].line).moves) {
        const end = (side) => (side === 'left' ? lo : hi - 1);
        r = W.wasm.reviewAfter(m, played + k, before, BigInt(at(end(m.side))), BigInt(at(end(m.best))), score);
        if (m.side === 'left') lo++;
        else hi--;
        add(r);
      }
      if (r !== null) before = [r.p1, r.p2];
      k += part.length;
      sizes.took(now() - t0);
      tick(k);
      const due = W.rest ? W.rest() : null;
      if (due) await due;
    }
  }

  /**
   * review: the game reviewed (the summary as analyze --json's; on a
   * circle as circleAnalyze()'s), as the page shows it (model()).
   */
  async function review(W, { first, moves, human, chunk }, progress) {
    const g = W.game;
    // The game is over: its Engine goes (an undo makes it again), and
    // the review's engines use its memory (the module's never shrinks).
    g.freeEngine();
    const m = model((first ? 1 : 0) + moves.length, human);
    g.setFirst(first);
    const job = { line: g.line, text: moves, played: 0, before: [0n, 0n], at: (k) => g.positionOf(k), score: g.rules.score };
    // Best play from the start (solve()'s: O(n) on a line under taken), and
    // a circle's move 1 reviewed (the engine's analyze() under the rules).
    const head = g.first ? W.wasm.analyze(g.coins, [g.first], g.options) : null;
    const best = head ? { p1: head.summary.best_p1, p2: head.summary.best_p2 } : W.wasm.solve(g.coins, g.options);
    m.start(best.p1, best.p2);
    if (head) {
      m.add(head.moves[0]);
      // The moves after it: the line's, numbered from 2, move 1's score player 1's.
      Object.assign(job, { played: 1, before: [head.moves[0].p1, head.moves[0].p2] });
    }
    const tick = (k) => progress(k / Math.max(moves.length, 1));
    await reviewLine(W, job, slices(W, chunk), m.add, tick);
    return m.finish(g.n);
  }

  /** Adds the server's reviews `moves` to model m, yielding how far it is every STEP moves. */
  function* adding(m, moves) {
    const num = ['move', 'coin', 'best_coin', 'loss', 'secured', 'p1', 'p2', 'final_margin', 'position', 'best_position'];
    for (let k = 0; k < moves.length; k++) {
      const r = { ...moves[k] };
      for (const f of num) if (r[f] !== undefined && r[f] !== null) r[f] = big(r[f]);
      r.player = Number(r.player);
      m.add(r);
      if (k % STEP === STEP - 1) yield (k + 1) / moves.length;
    }
  }

  /**
   * model: POST /api/analyze's answer (its text) as the page shows it.
   * (The text is parsed at once: in the page, a server's review of 10^5
   * moves is one task of JSON.parse.)
   */
  async function modelOf(W, { buffer, human }, progress) {
    const an = JSON.parse(new TextDecoder().decode(buffer));
    if (!an || !Array.isArray(an.moves) || !an.summary) throw new Error('the server\'s answer to analyze is not a review');
    const m = model(an.moves.length, human);
    const s = an.summary;
    m.start(big(s.best_p1), big(s.best_p2));
    await paced(W, adding(m, an.moves), progress);
    const out = m.finish(big(an.n));
    out.summary = {
      ...s,
      p1: big(s.p1),
      p2: big(s.p2),
      margin: big(s.margin),
      best_p1: big(s.best_p1),
      best_p2: big(s.best_p2),
      lost: s.lost.map(big),
      mistakes: s.mistakes.map(big),
    };
    return out;
  }

  /** A piece of work that needs the engine loaded and the game asked about open. */
  const loaded = (f) => (W, msg, progress) => {
    if (!W.wasm) throw new Error('the page has no engine: it asks the server');
    const g = W.game;
    if (g.failed !== null && g.id === msg.game) throw new Error(g.failed);
    if (g.id !== msg.game) throw new Error('the game asked about is not open');
    return f(W, msg, progress);
  };

  /** The coin at `side` ('left' | 'right') of row r of `rows`, whose coins left are left[r] = [lo, hi]. */
  const rowsCoin = (rows, left, r, side) => rows[r][side === 'left' ? left[r][0] : left[r][1] - 1];

  /** Plays {row, side} (row a BigInt or a Number) on g and on `left`; the move as [row, side, coin]. */
  function rowsStep(g, rows, left, m) {
    const r = Number(m.row);
    const coin = rowsCoin(rows, left, r, m.side);
    g.play(r, m.side);
    if (m.side === 'left') left[r][0]++;
    else left[r][1]--;
    return [r, m.side, coin];
  }

  /**
   * rows {rows, moves}: a game of several rows (rows: arrays of BigInt;
   * moves: [row, side] each, rows from 0), by the JS binding's solveRows
   * and RowsGame: {solve (solveRows's, first_move's row a Number and its
   * coin), line ([row, side, coin] each, the block rule's move at every
   * position), at: the position after the moves (p1, p2, to_move, value,
   * best: [row, side, coin] or null)}.
   */
  function rowsWork(W, { rows, moves }) {
    if (!W.wasm) throw new Error('the page has no engine: it asks the server');
    const s = W.wasm.solveRows(rows);
    const games = [new W.wasm.RowsGame(rows), new W.wasm.RowsGame(rows)];
    try {
      const [g, h] = games;
      let left = rows.map((r) => [0, r.length]);
      const line = [];
      for (let st = g.state(); st.best; st = g.state()) line.push(rowsStep(g, rows, left, st.best));
      left = rows.map((r) => [0, r.length]);
      for (const [row, side] of moves) rowsStep(h, rows, left, { row, side });
      const st = h.state();
      const best = st.best ? [Number(st.best.row), st.best.side, rowsCoin(rows, left, Number(st.best.row), st.best.side)] : null;
      const f = s.first_move;
      const first = f ? [Number(f.row), f.side, rows[Number(f.row)][f.side === 'left' ? 0 : rows[Number(f.row)].length - 1]] : null;
      return { solve: { ...s, first }, line, at: { p1: st.p1, p2: st.p2, to_move: st.to_move, value: h.value(), best } };
    } finally {
      for (const g of games) g.free();
    }
  }

  const OPS = {
    ping: () => 'pong',
    init,
    open,
    rows: rowsWork,
    move: loaded(move),
    table: loaded(table),
    review: loaded(review),
    model: modelOf,
  };

  /**
   * The handler of the page's messages, with `engine` (engine.js's
   * coinlineWasm, or null: the page asks the server), post(message,
   * transfer) (its answers and progress) and rest() (in the page: a
   * promise of the page's next turn when one is due, else null; null in a
   * Worker).
   */
  function makeWork(engine, post, rest) {
    const W = { engine, wasm: null, game: new Game(-1, null), rest };
    /** Answers one message (posting {id, value} or {id, error}); progress on the way. */
    return async function handle(msg) {
      let last = -1;
      const progress = (x) => {
        const p = Math.round(Math.min(1, Math.max(0, x)) * 100);
        if (p !== last) {
          last = p;
          post({ id: msg.id, progress: p / 100 });
        }
      };
      try {
        if (!Object.hasOwn(OPS, msg.op)) throw new Error(`unknown work: ${msg.op}`);
        const value = await OPS[msg.op](W, msg, progress);
        const transfer = value && value.transfer ? value.transfer : [];
        if (value) delete value.transfer;
        post({ id: msg.id, value }, transfer);
      } catch (e) {
        post({ id: msg.id, error: { message: e.message || String(e), name: e.name || 'Error', code: e.code } });
      }
    };
  }

  /* ------------------------------------------------------------------ */
  /* The review as the page shows it                                     */

  /**
   * The chart's two lines (played, best), point k the margin after move k
   * (0: the start): every point when `exact`, else per slice of `per`
   * moves its lowest and highest. add(which, k, v); lines() the result.
   */
  function chartLines(exact, per) {
    const all = { played: [], best: [] };
    const bins = { played: [], best: [] };
    const add = (which, k, v) => {
      if (exact) {
        all[which].push(v);
        return;
      }
      const s = bins[which];
      const b = Math.floor(k / per);
      const x = Number(v);
      if (s.length <= b) s.push({ lo: x, loAt: k, hi: x, hiAt: k });
      const c = s[b];
      if (x < c.lo) Object.assign(c, { lo: x, loAt: k });
      if (x > c.hi) Object.assign(c, { hi: x, hiAt: k });
    };
    /** A series' points as [k0, v0, k1, v1, ...]: each slice's lowest and highest, in order. */
    const flat = (s) => {
      const out = [];
      for (const c of s) {
        if (c.loAt === c.hiAt) out.push(c.loAt, c.lo);
        else if (c.loAt < c.hiAt) out.push(c.loAt, c.lo, c.hiAt, c.hi);
        else out.push(c.hiAt, c.hi, c.loAt, c.lo);
      }
      return Float64Array.from(out);
    };
    const lines = () => (exact ? all : { played: flat(bins.played), best: flat(bins.best) });
    return { add, lines };
  }

  /**
   * The review as the page shows it, built move by move: start(best p1,
   * best p2), add(review) for each move in order, finish(n).
   */
  function model(count, human) {
    const yours = (v) => (human === 1 ? v : -v);
    const exact = count <= MAX_ROWS;
    const chart = chartLines(exact, Math.max(1, Math.ceil((count + 1) / POINTS)));
    const rows = [];
    const dots = [];
    const lost = [0n, 0n];
    const mistakes = [0n, 0n];
    let last = null;
    let bestStart = [0n, 0n];
    let k = 0; // the moves added
    return {
      start(p1, p2) {
        bestStart = [p1, p2];
        chart.add('played', 0, 0n);
        chart.add('best', 0, yours(p1 - p2));
      },
      add(r) {
        k++;
        last = r;
        const mistake = r.loss > 0n;
        lost[r.player - 1] += r.loss;
        if (mistake) mistakes[r.player - 1] += 1n;
        const b = yours(r.final_margin);
        chart.add('played', k, yours(r.p1 - r.p2));
        chart.add('best', k, b);
        if (exact || (mistake && rows.length < MAX_ROWS)) rows.push(r);
        if (mistake && dots.length < MAX_ROWS) dots.push({ k, player: r.player, loss: r.loss, best: b });
      },
      finish(n) {
        const p1 = last ? last.p1 : 0n;
        const p2 = last ? last.p2 : 0n;
        const finished = BigInt(k) === BigInt(n);
        let winner = null;
        if (finished) winner = p1 > p2 ? 'first' : p1 < p2 ? 'second' : 'draw';
        return {
          count: k,
          rows,
          all: exact, // rows holds every move
          summary: { finished, p1, p2, margin: p1 - p2, winner, best_p1: bestStart[0], best_p2: bestStart[1], lost, mistakes },
          chart: { exact, ...chart.lines(), dots },
        };
      },
    };
  }

  /* ------------------------------------------------------------------ */
  /* Where it runs                                                       */

  const inPage = typeof scope.document === 'object' && scope.document !== null;
  if (!inPage) {
    // In the Worker: engine.js ran first (when the page has it).
    const handle = makeWork(scope.coinlineWasm || null, (m, t) => scope.postMessage(m, t || []), null);
    let queue = Promise.resolve();
    scope.onmessage = (e) => {
      queue = queue.then(() => handle(e.data));
    };
    return;
  }

  /** The work's source: engine.js's when the page has it, then this function. */
  function source() {
    const parts = [];
    const cw = scope.coinlineWasm;
    if (cw && typeof cw.source === 'function') parts.push(cw.source(), '\n');
    parts.push(`(${coinlineWorker})(self);\n`);
    return parts;
  }

  /**
   * The same messages answered in the page (no Worker could start): one
   * at a time, each from a task of its own, on structured clones as a
   * Worker would see them; its long loops give the page a turn once they
   * have run BUDGET ms (rest()), and each answer or report reaches the
   * page in a task of its own.
   */
  function inPageWork(onmessage) {
    let since = now(); // the start of the work's current task
    const turn = () => new Promise((resolve) => {
      scope.setTimeout(() => {
        since = now();
        resolve();
      }, 0);
    });
    const rest = () => (now() - since >= BUDGET ? turn() : null);
    const post = (m) => scope.setTimeout(() => onmessage({ data: m }), 0);
    const handle = makeWork(scope.coinlineWasm || null, post, rest);
    let queue = Promise.resolve();
    return {
      kind: 'page',
      postMessage(m) {
        const copy = structuredClone(m);
        queue = queue.then(turn).then(() => handle(copy));
      },
      terminate() {},
    };
  }

  /**
   * The work's script as a data: URL. Not a Blob's URL: registering one
   * (URL.createObjectURL) waits on the browser process, which after a
   * 1 MB link held the main thread for hundreds of milliseconds.
   */
  function scriptUrl() {
    const bytes = new TextEncoder().encode(source().join(''));
    let text = '';
    for (let k = 0; k < bytes.length; k += 0x8000) text += String.fromCharCode.apply(null, bytes.subarray(k, k + 0x8000));
    return `data:text/javascript;base64,${btoa(text)}`;
  }

  /**
   * Starts the work: in a Worker when one starts and answers, else in the
   * page. Resolves to {kind: 'worker' | 'page', postMessage(msg,
   * transfer)}; answers and progress go to onmessage({data}).
   */
  function start(onmessage) {
    return new Promise((resolve) => {
      let w = null;
      const fallback = () => {
        if (w) w.terminate();
        resolve(inPageWork(onmessage));
      };
      try {
        w = new Worker(scriptUrl());
      } catch (e) {
        fallback();
        return;
      }
      // The worker answers a first message once its script has run; an
      // error before that (a policy that blocks it, say): the page does the work.
      let up = false;
      w.onerror = (e) => {
        if (!up) {
          e.preventDefault();
          fallback();
        }
      };
      w.onmessage = (e) => {
        if (!up && e.data && e.data.id === 0) {
          up = true;
          w.onmessage = onmessage;
          resolve({ kind: 'worker', postMessage: (m, t) => w.postMessage(m, t || []), terminate: () => w.terminate() });
        }
      };
      w.postMessage({ id: 0, op: 'ping' });
    });
  }

  scope.coinlineWork = Object.freeze({
    start,
    rowFromSeed,
    parseRow,
    engineSeed,
    positionSeed,
    splitmix64,
    rotate,
    SHAPES,
    SCORES,
    scoreOf,
    big,
    wire,
    clip,
    MAX_ROWS,
  });
})(globalThis);
