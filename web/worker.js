// SPDX-License-Identifier: MIT
/*
 * worker.js - the page's long work, off its main thread (web/app.js is the
 * page; docs/architecture.md).
 *
 * This one function runs in two places. Loaded by index.html as a plain
 * script (after engine.js, before app.js), it defines the global
 * window.coinlineWork: the pure helpers the page shares with the work
 * (rowFromSeed, parseRow, engineSeed, positionSeed), and start(), which
 * starts the work in a Web Worker made from its own source text
 * (Function.prototype.toString) after engine.js's (coinlineWasm.source()),
 * as a data: URL: it needs no file and no fetch (a file:// page may start
 * no Worker from a file), nor a Blob's URL (registering one waits on the
 * browser process: hundreds of milliseconds after a 1 MB link); serve's
 * CSP allows exactly that (worker-src data:). The worker's engine is then
 * engine.js's, loaded inside it. When no Worker can start (a browser
 * without them, a policy that forbids them) start() answers the same
 * messages in the page instead (body[data-worker] says which), so the page
 * works either way; only its main thread then does the work.
 *
 * The work holds the game: its row (a BigInt64Array), the circle's move 1
 * and the line left, and the engine's Engine on that line, played forward
 * and back to each position asked about (O(log n) a move). The page asks,
 * by message ({id, op, ...}; the answer {id, value} or {id, error}, and
 * {id, progress} (0..1) on the way, for the big ones), one at a time in
 * the order sent:
 *
 *   ping    {}: 'pong' (start() waits for it: the script ran)
 *   init    {}: loads the engine (engine.js's, when the page has it) ->
 *           {engine: 'wasm' | 'api', version}
 *   open    {game, coins | make: {kind: 'random', size, seed, min, max} |
 *           {kind: 'text', text, max, who}, circle, first, moves, json}: the
 *           game `game` (a number the page gives each game) on that row,
 *           made here when asked (a long row: rowFromSeed in slices with
 *           progress, or the typed text parsed), its Engine played to the
 *           position -> {n, coins (when made here), sum, pos: {i, j,
 *           totals} after the moves, json (the row as the API's "coins",
 *           when asked)}
 *   move    {game, first, moves, strategy, seed}: POST /api/move's answer
 *           (cli/serve/api.c's run_move, bit for bit: the strategy's seed
 *           is position_seed()'s)
 *   table   {game}: POST /api/table's answer (the row's, or the circle's
 *           arcs')
 *   review  {game, first, moves, human, chunk}: the game reviewed, as the page
 *           shows it (below), in slices of CHUNK moves with progress (the
 *           game's Engine is freed first: the game is over)
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
 * that lost points. A long line is reviewed CHUNK moves at a time, each
 * slice by the engine on the coins left at its start (analyze() of that
 * run, its totals, moves and players offset): memory stays that of one
 * slice (`chunk` sets the slice, for tests/e2e/worker.mjs).
 */
(function coinlineWorker(scope) {
  'use strict';

  const CHUNK = 32768; // moves reviewed at a time (even: the slices' player 1 is the line's)
  const SLICE = 65536; // coins made, or moves played, between two progress reports
  const MAX_ROWS = 1000; // the review lists at most this many moves
  const POINTS = 2048; // a long game's chart: this many slices of moves
  const I64_MIN = -(2n ** 63n);
  const I64_MAX = 2n ** 63n - 1n;
  const M64 = (1n << 64n) - 1n;

  /* ------------------------------------------------------------------ */
  /* Pure helpers, shared with the page                                  */

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

  /**
   * Fills out[0..size-1] with the row of a random game: each coin min +
   * the next splitmix64 value of seed modulo (max - min + 1); each SLICE
   * coins, tick(k) when given.
   */
  function fillRow(out, size, seed, min, max, tick) {
    const next = splitmix64(BigInt(seed));
    const lo = BigInt(min);
    const span = BigInt(max) - lo + 1n;
    for (let k = 0; k < size; k++) {
      out[k] = lo + (next() % span);
      if (tick && k % SLICE === SLICE - 1) tick(k + 1);
    }
    return out;
  }

  /**
   * The row of a random game: `size` coins from min to max (BigInt, both
   * included), each the next splitmix64 value of `seed` modulo the range.
   * The same arguments always give the same row. A plain Array of BigInt.
   */
  const rowFromSeed = (size, seed, min, max) => fillRow(new Array(size), size, seed, min, max);

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

  /**
   * A typed row: integers separated by spaces, commas or semicolons, with
   * optional brackets and quotes (so a JSON array pastes, strings or not);
   * '#' starts a comment to the end of the line. Throws on a bad token.
   * A BigInt64Array.
   */
  function parseRow(text) {
    const body = text.replace(/#.*$/gm, '').trim().replace(/^\[/, '').replace(/\]$/, '');
    const tokens = body.split(/[\s,;]+/);
    const row = new BigInt64Array(tokens.length);
    let n = 0;
    for (const raw of tokens) {
      const t = raw.replace(/^(["'])(.*)\1$/, '$2');
      if (t === '') continue;
      if (!/^[+-]?[0-9]+$/.test(t)) throw new Error(`coin ${n + 1}: '${clip(t)}' is not an integer`);
      const v = BigInt(t);
      if (v < I64_MIN || v > I64_MAX) throw new Error(`coin ${n + 1}: ${clip(t)} is outside the 64-bit range`);
      row[n++] = v;
    }
    return row.slice(0, n);
  }

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

  /** The sum of a row (exact). */
  function sumOf(coins) {
    let s = 0n;
    for (let k = 0; k < coins.length; k++) s += coins[k];
    return s;
  }

  /** A number of the API (a number, a decimal string or a BigInt) as a BigInt. */
  function big(x) {
    if (typeof x === 'bigint') return x;
    if (typeof x === 'number' && Number.isInteger(x) && Math.abs(x) <= 2 ** 53) return BigInt(x);
    if (typeof x === 'string' && /^-?[0-9]+$/.test(x)) return BigInt(x);
    throw new Error(`unexpected number from the server: ${String(x)}`);
  }

  /* ------------------------------------------------------------------ */
  /* The work: one game, its engine, and what the page asks about it     */

  /**
   * The handler of the page's messages, with `engine` (engine.js's
   * coinlineWasm, or null: the page asks the server), post(message)
   * (its answers and progress) and pause() (awaited between two slices
   * of a long review: in the page, a turn of its event loop).
   */
  function makeWork(engine, post, pause) {
    let wasm = null; // the engine once loaded
    const G = {
      game: -1, // the page's number of the game held
      failed: null, // why opening game `game` failed, if it did
      coins: new BigInt64Array(0),
      circle: false,
      first: 0, // a circle's move 1 (0 before it)
      line: new BigInt64Array(0), // the line the L/R moves are played on
      n: 0,
      sum: 0n,
      eng: null, // the Engine on the line, at the position engMoves
      engMoves: '',
    };

    /** The game the request names, or the error of its opening. */
    function need(game) {
      if (G.failed !== null && G.game === game) throw new Error(G.failed);
      if (G.game !== game) throw new Error('the game asked about is not open');
    }

    function freeEngine() {
      if (G.eng !== null) G.eng.free();
      G.eng = null;
      G.engMoves = '';
    }

    /** Sets a circle's move 1 and the line the moves after it are played on. */
    function setFirst(first) {
      if (G.line !== null && first === G.first) return;
      freeEngine();
      G.first = first;
      G.line = G.circle ? rotate(G.coins, first) : G.coins;
    }

    /**
     * The game's Engine at the position after `moves` (on the line): one
     * Engine a game, taken back and played forward from where it stands;
     * tick(k) every SLICE moves played.
     */
    function engineAt(moves, tick) {
      if (G.eng === null) {
        G.eng = new wasm.Engine(G.line);
        G.engMoves = '';
      }
      const had = G.engMoves;
      let k = 0;
      if (moves.startsWith(had)) k = had.length;
      else while (k < had.length && k < moves.length && had[k] === moves[k]) k++;
      try {
        for (let m = had.length; m > k; m--) G.eng.undo();
        for (let m = k; m < moves.length; m++) {
          G.eng.play(moves[m]);
          if (tick && (m - k) % SLICE === SLICE - 1) tick(m - k + 1);
        }
      } catch (e) {
        freeEngine(); // its position is unknown now: the next call makes one
        throw e;
      }
      G.engMoves = moves;
      return G.eng;
    }

    /** Position index k of the line: 1..n (on a circle, clockwise from first + 1). */
    const positionOf = (k) => (G.circle ? ((G.first + k) % G.n) + 1 : k + 1);

    /** The ends and totals after `moves` (on the line; a circle's move 1 counts for player 1). */
    function position(moves) {
      let i = 0;
      let j = G.line.length - 1;
      const t = [0n, 0n];
      let who = 0; // the player of the next move, 0 or 1
      if (G.circle && G.first) {
        t[0] = G.coins[G.first - 1];
        who = 1;
      }
      for (let m = 0; m < moves.length; m++) {
        t[who] += G.line[moves.charCodeAt(m) === 76 ? i++ : j--];
        who ^= 1;
      }
      return { i, j, totals: t };
    }

    /** open: the game, its row made here or given. */
    function open(msg, progress) {
      freeEngine();
      G.game = msg.game;
      G.failed = null;
      try {
        let made = false;
        if (msg.coins) {
          G.coins = msg.coins;
        } else if (msg.make.kind === 'random') {
          const { size, seed, min, max } = msg.make;
          G.coins = fillRow(new BigInt64Array(size), size, seed, min, max, (k) => progress((0.6 * k) / size));
          made = true;
        } else {
          G.coins = parseRow(msg.make.text);
          if (G.coins.length === 0) throw new Error('the row is empty: type at least one coin');
          if (G.coins.length > msg.make.max) {
            throw new Error(`the row has ${G.coins.length} coins; the ${msg.make.who} takes at most ${msg.make.max}`);
          }
          made = true;
        }
        G.n = G.coins.length;
        G.circle = !!msg.circle;
        G.line = null;
        setFirst(G.circle ? msg.first : 0);
        G.sum = sumOf(G.coins);
        const moves = msg.moves || '';
        if (wasm && !(G.circle && !G.first)) {
          const total = Math.max(moves.length, 1);
          engineAt(moves, (k) => progress(0.6 + (0.4 * k) / total)); // made now (O(n)): an answer is then a move
        }
        const out = { n: G.n, sum: G.sum, pos: position(moves) };
        if (msg.json) out.json = JSON.stringify(Array.from(G.coins, (v) => (v >= -(2n ** 53n) && v <= 2n ** 53n ? Number(v) : String(v))));
        if (made) {
          out.coins = G.coins.slice(); // the page's copy: handed over, not copied again
          out.transfer = [out.coins.buffer];
        }
        return out;
      } catch (e) {
        G.failed = e.message;
        throw e;
      }
    }

    /**
     * The strategy's move on the line after `moves`, its random choices
     * seeded as position_seed() with `count`, the moves played in the
     * game: {side, after, st0 (the state before it), st (after)}.
     */
    function lineReply(moves, strategy, seed, count) {
      const e = engineAt(moves);
      const st0 = e.state();
      const s = new wasm.Strategy(strategy, positionSeed(seed || 0, count));
      let side;
      try {
        side = s.move(e);
      } finally {
        s.free();
      }
      const after = moves + (side === 'left' ? 'L' : 'R');
      return { side, after, st0, st: engineAt(after).state() };
    }

    /** POST /api/move, computed here: the strategy's move after `moves`, with the hint of that position. */
    function move({ first, moves, strategy, seed }) {
      if (G.circle) {
        setFirst(first);
        return first ? circleMove(moves, strategy, seed) : circleFirstMove(strategy, seed);
      }
      const { side, after, st0, st } = lineReply(moves, strategy, seed, moves.length);
      const coinAt = (where) => G.coins[Number(where === 'left' ? st0.lo : st0.hi - 1n)];
      const own = st0.to_move === 1 ? st0.p1 : st0.p2;
      return {
        move: side,
        coin: coinAt(side),
        moves: after,
        p1: st.p1,
        p2: st.p2,
        to_move: st.to_move,
        finished: st.to_move === 0,
        best: st0.best,
        best_coin: coinAt(st0.best),
        value: st0.value,
        secured: own + (G.sum - st0.p1 - st0.p2 + st0.value) / 2n,
      };
    }

    /** A circle's move 1 as the server answers it: the strategy's position, the optimal one. */
    function circleFirstMove(strategy, seed) {
      const n = G.n;
      const res = wasm.circleSolve(G.coins);
      const s = new wasm.Strategy(strategy, positionSeed(seed || 0, 0));
      let p;
      try {
        p = Number(s.first(G.coins));
      } finally {
        s.free();
      }
      const best = Number(res.first);
      return {
        move: p,
        position: p,
        coin: G.coins[p - 1],
        first: p,
        moves: '',
        p1: G.coins[p - 1],
        p2: 0n,
        to_move: n > 1 ? 2 : 0,
        finished: n <= 1,
        best,
        best_position: best,
        best_coin: G.coins[best - 1],
        value: res.margin,
        secured: res.p1,
      };
    }

    /**
     * A circle's move after move 1, on the line it left: its player 1 is
     * the game's player 2, and the game's player 1 holds the first coin too.
     */
    function circleMove(moves, strategy, seed) {
      const { side, after, st0, st } = lineReply(moves, strategy, seed, 1 + moves.length);
      const bonus = G.coins[G.first - 1];
      const at = (where) => Number(where === 'left' ? st0.lo : st0.hi - 1n);
      const own = (st0.to_move === 1 ? st0.p1 : st0.p2) + (st0.to_move === 2 ? bonus : 0n);
      const left = G.sum - bonus - st0.p1 - st0.p2; // the coins left
      return {
        move: side,
        position: positionOf(at(side)),
        coin: G.line[at(side)],
        first: G.first,
        moves: after,
        p1: bonus + st.p2,
        p2: st.p1,
        to_move: st.to_move === 0 ? 0 : 3 - st.to_move,
        finished: st.to_move === 0,
        best: st0.best,
        best_position: positionOf(at(st0.best)),
        best_coin: G.line[at(st0.best)],
        value: st0.value,
        secured: own + (left + st0.value) / 2n,
      };
    }

    /** POST /api/table, computed here. */
    const table = () => (G.circle ? wasm.circleTable(G.coins) : wasm.table(G.coins));

    /**
     * The reviews of `text` (L/R moves) on `line`, each handed to add(r)
     * as analyze() gives them for the whole line, but computed `chunk`
     * moves at a time: each slice by analyze() on the coins left at its
     * start, its move numbers, players, totals, secured and final margins
     * offset by what came before, and position set (the index in the
     * line, plus one). tick(k) after each slice.
     */
    async function reviewLine(line, text, chunk, add, tick) {
      let lo = 0;
      let hi = line.length; // the coins left: line[lo..hi-1]
      const before = [0n, 0n]; // the line's players' totals at the slice's start
      for (let k = 0; k < text.length; k += chunk) {
        const part = text.slice(k, k + chunk);
        const swap = k % 2 === 1; // the slice's player 1 is the line's player 2
        const rs = wasm.analyze(line.subarray(lo, hi), part).moves;
        let a = lo;
        let b = hi - 1;
        for (const r of rs) {
          const player = swap ? 3 - r.player : r.player;
          const p1 = before[0] + (swap ? r.p2 : r.p1);
          const p2 = before[1] + (swap ? r.p1 : r.p2);
          const index = r.side === 'left' ? a : b;
          const bestIndex = r.best === 'left' ? a : b;
          if (r.side === 'left') a++;
          else b--;
          add({
            move: r.move + BigInt(k),
            player,
            side: r.side,
            coin: r.coin,
            best: r.best,
            best_coin: r.best_coin,
            optimal: r.optimal,
            loss: r.loss,
            secured: r.secured + before[player - 1],
            p1,
            p2,
            final_margin: before[0] - before[1] + (swap ? -r.final_margin : r.final_margin),
            index,
            bestIndex,
          });
        }
        if (rs.length > 0) {
          const last = rs[rs.length - 1];
          before[0] += swap ? last.p2 : last.p1;
          before[1] += swap ? last.p1 : last.p2;
        }
        lo = a;
        hi = b + 1;
        tick(k + part.length);
        if (pause) await pause();
      }
    }

    /**
     * review: the game reviewed (the summary as analyze --json's; on a
     * circle as circleAnalyze()'s), as the page shows it (model()).
     */
    async function review({ first, moves, human, chunk }, progress) {
      // The game is over: its Engine goes (an undo makes it again), and
      // the review's engines use its memory (the module's never shrinks).
      freeEngine();
      const count = (G.circle && first ? 1 : 0) + moves.length;
      const m = model(count, human);
      const tick = (k) => progress(k / Math.max(moves.length, 1));
      let best;
      if (!G.circle) {
        best = wasm.solve(G.coins);
        m.start(best.p1, best.p2);
        await reviewLine(G.coins, moves, chunk || CHUNK, (r) => m.add({ ...r, position: BigInt(r.index + 1) }), tick);
      } else {
        setFirst(first);
        // Move 1's review and best play from the start: circleAnalyze()'s.
        const head = wasm.circleAnalyze(G.coins, first, '');
        best = { p1: head.summary.best_p1, p2: head.summary.best_p2 };
        m.start(best.p1, best.p2);
        if (first) {
          m.add(head.moves[0]);
          const coin = G.coins[first - 1];
          // The moves after it, as circleAnalyze() numbers them: the
          // line's player 1 is the game's player 2, the first coin player 1's.
          await reviewLine(G.line, moves, chunk || CHUNK, (r) => m.add({
            move: r.move + 1n,
            player: 3 - r.player,
            side: r.side,
            position: BigInt(positionOf(r.index)),
            coin: r.coin,
            best: r.best,
            best_position: BigInt(positionOf(r.bestIndex)),
            best_coin: r.best_coin,
            optimal: r.optimal,
            loss: r.loss,
            secured: r.secured + (r.player === 2 ? coin : 0n),
            p1: coin + r.p2,
            p2: r.p1,
            final_margin: coin - r.final_margin,
          }), tick);
        }
      }
      return m.finish(G.n);
    }

    /** model: POST /api/analyze's answer (its text) as the page shows it. */
    function modelOf({ buffer, human }) {
      const an = JSON.parse(new TextDecoder().decode(buffer));
      if (!an || !Array.isArray(an.moves) || !an.summary) throw new Error('the server\'s answer to analyze is not a review');
      const num = ['move', 'coin', 'best_coin', 'loss', 'secured', 'p1', 'p2', 'final_margin', 'position', 'best_position'];
      const m = model(an.moves.length, human);
      const s = an.summary;
      m.start(big(s.best_p1), big(s.best_p2));
      for (const raw of an.moves) {
        const r = { ...raw };
        for (const k of num) if (r[k] !== undefined && r[k] !== null) r[k] = big(r[k]);
        r.player = Number(r.player);
        m.add(r);
      }
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

    /** The engine's work needs it loaded. */
    const loaded = (f) => (msg, progress) => {
      if (!wasm) throw new Error('the page has no engine: it asks the server');
      need(msg.game);
      return f(msg, progress);
    };

    const api = {
      ping: () => 'pong',
      async init() {
        if (engine && typeof engine.init === 'function') {
          try {
            await engine.init();
            wasm = engine;
          } catch (e) {
            wasm = null; // a browser without WebAssembly, say: the server's API does it all
          }
        }
        return { engine: wasm ? 'wasm' : 'api', version: wasm ? wasm.version() : null };
      },
      open,
      move: loaded(move),
      table: loaded(table),
      review: loaded(review),
      model: modelOf,
    };

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
        if (!Object.hasOwn(api, msg.op)) throw new Error(`unknown work: ${msg.op}`);
        const value = await api[msg.op](msg, progress);
        const transfer = value && value.transfer ? value.transfer : [];
        if (value) delete value.transfer;
        post({ id: msg.id, value }, transfer);
      } catch (e) {
        post({ id: msg.id, error: { message: e.message || String(e), name: e.name || 'Error', code: e.code } });
      }
    };
  }

  /**
   * The review as the page shows it, built move by move: start(best p1,
   * best p2), add(review) for each move in order, finish(n).
   */
  function model(count, human) {
    const yours = (v) => (human === 1 ? v : -v);
    const exact = count <= MAX_ROWS;
    const rows = [];
    const dots = [];
    const lost = [0n, 0n];
    const mistakes = [0n, 0n];
    let last = null;
    let bestStart = [0n, 0n];
    // The chart: exact values, or per slice of `per` moves its lowest and highest.
    const played = [];
    const best = [];
    const per = Math.max(1, Math.ceil((count + 1) / POINTS));
    const slices = { played: [], best: [] };
    let k = 0; // the point's index: move k's margin (0: the start)
    const point = (which, v) => {
      if (exact) {
        (which === 'played' ? played : best).push(v);
        return;
      }
      const s = slices[which];
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
    return {
      start(p1, p2) {
        bestStart = [p1, p2];
        point('played', 0n);
        point('best', yours(p1 - p2));
      },
      add(r) {
        k++;
        last = r;
        const loss = r.loss;
        const mistake = loss > 0n;
        lost[r.player - 1] += loss;
        if (mistake) mistakes[r.player - 1] += 1n;
        const b = yours(r.final_margin);
        point('played', yours(r.p1 - r.p2));
        point('best', b);
        if (exact || (mistake && rows.length < MAX_ROWS)) {
          const { index, bestIndex, ...row } = r; // eslint-disable-line no-unused-vars
          rows.push(row);
        }
        if (mistake && dots.length < MAX_ROWS) dots.push({ k, player: r.player, loss, best: b });
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
          chart: exact ? { exact: true, played, best, dots } : { exact: false, played: flat(slices.played), best: flat(slices.best), dots },
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
   * at a time, each after a turn of the event loop, on structured clones
   * as a Worker would see them.
   */
  function inPageWork(onmessage) {
    const turn = () => new Promise((r) => setTimeout(r, 0));
    const handle = makeWork(scope.coinlineWasm || null, (m) => onmessage({ data: m }), turn);
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

  scope.coinlineWork = Object.freeze({ start, rowFromSeed, parseRow, engineSeed, positionSeed, splitmix64 });
})(globalThis);
