// SPDX-License-Identifier: MIT
/*
 * remaining.mjs - scoring by what remains (LeetCode 1690: a move scores
 * the sum of the coins left after it) on the page, end to end. Not a
 * script of its own: public.mjs (make e2e) runs its sections with its
 * browser, its server and its TAP helpers (remainingSections(h)). Every
 * answer is checked against the npm module of make wasm (build/npm, whose
 * calls under rules js/test/rules.test.mjs checks against a direct
 * interval programme), never against the page itself.
 *
 *   remaining-play    desktop, serve, the engine in the page: the form's
 *                     #score choice (taken by default) set to remaining,
 *                     LeetCode's row 5 3 1 4 2 typed (the URL says
 *                     score=remaining); the first hint is the optimal
 *                     move (position 5, the coin 2) and secures a final
 *                     margin of 6; then a whole game against the perfect
 *                     engine (the person the left and the right end in turn): every
 *                     engine move optimal, the totals after each move the
 *                     game's scores, the review's losses and final totals
 *                     analyze()'s under remaining; the heat map offered
 *                     (#table-toggle) and drawn at the end, its cells
 *                     table()'s values under remaining and its framed
 *                     cells the optimal line's.
 *   remaining-circle  a circle under remaining opened from a link
 *                     (circle=0&score=remaining, LeetCode's second row):
 *                     move 1 at a position that is not optimal, then the
 *                     ends in turn; the engine's moves, the totals
 *                     and the review as analyze()'s under circle,remaining;
 *                     the form shows the link's rules.
 *   remaining-api     the API fallback (engine.js emptied): POST /api/move
 *                     carries "score": "remaining" (and on a circle
 *                     "circle": true and "first"), as the API's contract
 *                     says.
 *   remaining-serve   the API fallback, whole games under remaining
 *                     answered by coinline serve: LeetCode's second row
 *                     on a line and a circle, the totals, the engine's
 *                     moves and the review checked as in remaining-play;
 *                     on the line the heat map from POST /api/table
 *                     (asked with "score": "remaining"), its cells
 *                     table()'s values under remaining.
 */

import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const NPM = path.resolve(root, process.env.E2E_NPM || 'build/npm');

/** The page's game: its moves (the circle's move 1 and the L/R after it), totals, hint, turn. */
const gameOf = (page) => page.evaluate(() => {
  const ring = document.getElementById('ring');
  const coins = document.getElementById('coins');
  const hint = document.getElementById('hint-text');
  return {
    first: ring.hidden ? 0 : Number(ring.dataset.first || 0),
    moves: ring.hidden ? coins.dataset.moves : ring.dataset.moves,
    totals: [document.getElementById('p1-total').textContent, document.getElementById('p2-total').textContent],
    turn: document.getElementById('turn').dataset.state,
    hint: hint.hidden ? null : { coin: hint.dataset.coin, secured: hint.dataset.secured, move: hint.dataset.move, position: hint.dataset.position || null, text: hint.textContent },
    hash: location.hash,
    tableToggle: !document.getElementById('table-toggle').hidden,
    history: [...document.querySelectorAll('#history li')].map((li) => ({ player: Number(li.dataset.player), position: Number(li.dataset.position) })),
  };
});

/** Idle at the person's turn or the end. */
const idle = (page, timeout) => page.waitForFunction(() => {
  const turn = document.getElementById('turn').dataset.state;
  return document.body.dataset.busy === 'false' && (turn === 'you' || turn === 'over');
}, null, { timeout });

/** The review as the page shows it: each row's loss, the final totals, the winner. */
const reviewOf = (page) => page.evaluate(() => ({
  losses: [...document.querySelectorAll('#moves-body tr.move')].map((tr) => tr.dataset.loss),
  finals: [document.getElementById('final-p1').textContent, document.getElementById('final-p2').textContent],
  winner: document.getElementById('winner').dataset.winner,
  hidden: document.getElementById('analysis').hidden,
}));

export async function remainingSections(h) {
  const { browser, base, section, ok, TIMEOUT } = h;
  const coinline = await import(pathToFileURL(path.join(NPM, 'coinline.mjs')).href);
  await coinline.init();
  const eq = (got, want, what) => ok(JSON.stringify(got) === JSON.stringify(want), what,
    `     got: ${JSON.stringify(got)}\nexpected: ${JSON.stringify(want)}`);

  /** The npm module's game under rules after the page's moves: its Engine (the caller frees it). */
  function engineAt(row, rules, g) {
    const e = new coinline.Engine(row, rules);
    if (g.first) e.play(g.first);
    if (g.moves) e.play(g.moves);
    return e;
  }

  /**
   * Plays the page's game to its end, the person taking the left and the
   * right end in turn; checks at every turn the totals against the
   * module's scores, and each of the engine's moves (perfect) optimal.
   */
  async function playOut(page, row, rules, label) {
    const bad = [];
    let seen = 0;
    for (let turn = 0; turn < 2 * row.length; turn++) {
      const g = await gameOf(page);
      const e = engineAt(row, rules, g);
      const st = e.state();
      if (g.totals[0] !== String(st.p1) || g.totals[1] !== String(st.p2)) bad.push(`after ${g.first || ''}:${g.moves}: totals ${g.totals} but the game's scores are ${st.p1}, ${st.p2}`);
      e.free();
      seen++;
      if (g.turn === 'over') break;
      await page.click(turn % 2 === 0 ? '#take-left' : '#take-right');
      await idle(page, TIMEOUT);
    }
    // Each engine move (player 2: the person moves first) the optimal one there.
    const g = await gameOf(page);
    const e = new coinline.Engine(row, rules);
    const positions = coinline.analyze(row, `${g.first ? `${g.first}:` : ''}${g.moves}`, rules).moves.map((m) => m.position);
    positions.forEach((p, k) => {
      const best = e.state().best;
      if (k % 2 === 1 && p !== best) bad.push(`move ${k + 1}: the engine took position ${p}, the optimal one is ${best}`);
      e.play(p);
    });
    e.free();
    ok(bad.length === 0, `${label}: at each of ${seen} turns the totals are the game's scores, and each engine move is optimal`, bad.join('\n'));
    return { g, positions };
  }

  /**
   * The heat map drawn (#table) against the module's table() under
   * remaining: every cell (i, j)'s data-v V of coins i+1..j+1 (table()'s
   * v[i][j - i]) and its move (move[i][j - i]), and the framed cells
   * (.opt) those of its optimal line.
   */
  async function checkHeatMap(page, row, label) {
    const shown = await page.evaluate(() => ({
      hidden: document.getElementById('table-section').hidden,
      cells: [...document.querySelectorAll('#table rect.cell')].map((r) => `${r.dataset.i},${r.dataset.j}:${r.dataset.v}`),
      moves: [...document.querySelectorAll('#table text.cell-move')].map((t) => `${t.dataset.i},${t.dataset.j}:${t.firstChild.nodeValue}`),
      opt: [...document.querySelectorAll('#table rect.cell.opt')].map((r) => `${r.dataset.i},${r.dataset.j}`),
    }));
    const t = coinline.table(row, { score: 'remaining' });
    const cells = [];
    const moves = [];
    t.v.forEach((vs, i) => vs.forEach((v, len) => {
      cells.push(`${i},${i + len}:${v}`);
      moves.push(`${i},${i + len}:${t.move[i][len]}`);
    }));
    const opt = [];
    let i = 0;
    let j = row.length - 1;
    for (const p of t.line) {
      opt.push(`${i},${j}`);
      if (Number(p) === i + 1) i++;
      else j--;
    }
    ok(!shown.hidden, `${label}: the heat map is shown at the end`);
    eq(shown.cells.sort(), cells.sort(), `${label}: the heat map's ${cells.length} cells are table()'s values under remaining`);
    eq(shown.moves.sort(), moves.sort(), `${label}: each cell's optimal move is table()'s under remaining`);
    eq(shown.opt.sort(), opt.sort(), `${label}: the heat map frames the optimal line's cells under remaining`);
  }

  /** The review shown against analyze() under the rules. */
  async function checkReview(page, row, rules, positions, label) {
    await page.waitForFunction(() => !document.getElementById('analysis').hidden && document.body.dataset.busy === 'false', null, { timeout: TIMEOUT });
    const shown = await reviewOf(page);
    const an = coinline.analyze(row, positions, rules);
    eq(shown.losses, an.moves.map((m) => String(m.loss)), `${label}: the review's losses are analyze()'s under ${an.rules}`);
    eq(shown.finals, [String(an.summary.p1), String(an.summary.p2)], `${label}: the final totals are the game's scores`);
    eq(shown.winner, an.summary.winner === 'first' ? 'you' : an.summary.winner === 'second' ? 'engine' : 'draw', `${label}: the winner`);
  }

  const desktop = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
  await desktop.addInitScript(h.CSP_LISTENER);
  const newPage = async (label) => {
    const p = await desktop.newPage();
    h.watch(p, label, h.problems);
    h.pages.push(p);
    return p;
  };

  /* -------------------------------------------------------------- */
  const pg = await newPage('remaining-play');
  await section('remaining-play', pg, async () => {
    await h.open(pg, base);
    const sw = await pg.evaluate(() => {
      const s = document.getElementById('score');
      return s ? { value: s.value, options: [...s.options].map((o) => o.value), label: s.labels[0] ? s.labels[0].textContent.trim() : '' } : null;
    });
    ok(sw && sw.value === 'taken' && JSON.stringify(sw.options) === '["taken","remaining"]' && /scoring/i.test(sw.label),
      'the form has the scoring choice (#score: taken, by default, or remaining), labelled', JSON.stringify(sw));
    const row = [5, 3, 1, 4, 2];
    const rules = { score: 'remaining' };
    await pg.selectOption('#score', 'remaining');
    await pg.selectOption('#difficulty', 'perfect');
    await pg.selectOption('#first', 'you');
    await pg.fill('#row-input', row.join(' '));
    await pg.click('#row-load');
    await idle(pg, TIMEOUT);
    let g = await gameOf(pg);
    ok(/[#&]score=remaining(&|$)/.test(g.hash), 'the URL says score=remaining', g.hash);
    ok(g.tableToggle, 'the heat map is offered under remaining (#table-toggle shown)');
    await pg.click('#hint');
    await idle(pg, TIMEOUT);
    g = await gameOf(pg);
    ok(g.hint && g.hint.coin === '2' && g.hint.move === 'right' && g.hint.secured === '6' && /a win by 6/.test(g.hint.text),
      "the first hint is LeetCode's: take the 2 on the right, a final margin of 6 with best play", JSON.stringify(g.hint));
    const { positions } = await playOut(pg, row, rules, 'remaining-play');
    await checkReview(pg, row, rules, positions, 'remaining-play');
    await checkHeatMap(pg, row, 'remaining-play');
  });

  /* -------------------------------------------------------------- */
  const pc = await newPage('remaining-circle');
  await section('remaining-circle', pc, async () => {
    const row = [7, 90, 5, 1, 100, 10, 10, 2];
    const rules = { circle: true, score: 'remaining' };
    await h.open(pc, `${base}#row=${row.join(',')}&seed=0&difficulty=perfect&first=you&circle=0&score=remaining&moves=`);
    const form = await pc.evaluate(() => ({ score: document.getElementById('score').value, circle: document.getElementById('circle').checked }));
    eq(form, { score: 'remaining', circle: true }, "remaining-circle: the form shows the link's rules");
    const start = coinline.table(row, rules);
    const p = start.outcomes.findIndex((m) => m !== null && m < start.outcomes[Number(start.first) - 1]) + 1;
    await pc.click(`#ring .coin[data-position="${p}"]`);
    await idle(pc, TIMEOUT);
    const { positions } = await playOut(pc, row, rules, 'remaining-circle');
    ok(Number(positions[0]) === p, `remaining-circle: move 1 at position ${p} (not optimal)`, String(positions));
    await checkReview(pc, row, rules, positions, 'remaining-circle');
  });

  /* -------------------------------------------------------------- */
  // The API fallback (engine.js emptied): the requests say the rules.
  const api = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
  const pa = await api.newPage();
  await section('remaining-api', pa, async () => {
    await pa.route('**/engine.js', (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: '// no engine\n' }));
    const sent = async (act) => {
      const req = pa.waitForRequest((r) => r.url().includes('/api/move'), { timeout: TIMEOUT });
      await act();
      return (await req).postDataJSON();
    };
    await h.open(pa, `${base}#row=5,3,1,4,2&seed=0&difficulty=perfect&first=you&score=remaining&moves=`);
    ok((await pa.evaluate(() => document.body.dataset.engine)) === 'api', 'remaining-api: with engine.js empty the page uses the API');
    let body = await sent(() => pa.click('#take-left'));
    ok(body && body.score === 'remaining' && body.moves === 'L' && !('circle' in body) && !('first' in body),
      'remaining-api: POST /api/move on a row carries "score": "remaining" and the moves', JSON.stringify(body));
    await h.open(pa, `${base}#row=5,3,1,4,2&seed=0&difficulty=perfect&first=you&circle=0&score=remaining&moves=`);
    body = await sent(() => pa.click('#ring .coin[data-position="2"]'));
    ok(body && body.score === 'remaining' && body.circle === true && body.first === 2 && body.moves === '',
      'remaining-api: on a circle it carries "circle": true, "score": "remaining", "first": 2', JSON.stringify(body));
  });

  // Whole games under remaining with the server's API answering: coinline serve's moves, review and table.
  const ps = await api.newPage();
  await section('remaining-serve', ps, async () => {
    await ps.route('**/engine.js', (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: '// no engine\n' }));
    const row = [7, 90, 5, 1, 100, 10, 10, 2];
    const tables = [];
    ps.on('request', (r) => {
      if (r.url().includes('/api/table')) tables.push(r.postDataJSON());
    });
    await h.open(ps, `${base}#row=${row.join(',')}&seed=0&difficulty=perfect&first=you&score=remaining&moves=`);
    ok((await ps.evaluate(() => document.body.dataset.engine)) === 'api', 'remaining-serve: with engine.js empty the page uses the API');
    const line = await playOut(ps, row, { score: 'remaining' }, 'remaining-serve (line)');
    await checkReview(ps, row, { score: 'remaining' }, line.positions, 'remaining-serve (line)');
    await checkHeatMap(ps, row, 'remaining-serve (line)');
    ok(tables.length === 1 && tables[0].score === 'remaining' && !('circle' in tables[0]),
      'remaining-serve (line): the heat map is POST /api/table\'s, asked once with "score": "remaining"', JSON.stringify(tables));
    const rules = { circle: true, score: 'remaining' };
    await h.open(ps, `${base}#row=${row.join(',')}&seed=0&difficulty=perfect&first=you&circle=0&score=remaining&moves=`);
    await ps.click('#ring .coin[data-position="3"]');
    await idle(ps, TIMEOUT);
    const circle = await playOut(ps, row, rules, 'remaining-serve (circle)');
    ok(Number(circle.positions[0]) === 3, 'remaining-serve (circle): move 1 at position 3', String(circle.positions));
    await checkReview(ps, row, rules, circle.positions, 'remaining-serve (circle)');
  });
  await api.close();
}
