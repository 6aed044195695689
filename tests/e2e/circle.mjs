// SPDX-License-Identifier: MIT
/*
 * circle.mjs - the circular game (the pizza game) on the page, end to end.
 * Not a script of its own: public.mjs (make e2e) runs its sections with
 * its browser, its server and its TAP helpers (circleSections(h)). Every
 * answer is checked against the tool (`coinline solve --circle --json
 * --moves P:MOVES` gives the optimal move and the final totals of optimal
 * play from any position; `coinline explain --circle --json` each first
 * position's loss), never against the page itself. The hooks are those of
 * web/app.js's top comment: #ring[data-first][data-moves][data-left]
 * [data-right], its buttons .coin[data-position] (data-pick before move 1,
 * data-end after it), #history li[data-position].
 *
 *   circle-play      desktop, serve, the engine in the page: the form's
 *                    #circle switch and a seeded 12-coin circle (the URL
 *                    says circle=0); every coin a button, #coins hidden;
 *                    the person's move 1 at a position that is not the
 *                    optimal one; the perfect engine's reply equal to the
 *                    tool's optimal move there (side and position); the
 *                    hint (data-position) equal to the tool's; undo of the
 *                    person's move 1 (every coin back, circle=0); then a
 *                    whole game (move 1 at the hinted position, then
 *                    always the right end): every engine move the tool's,
 *                    the review's rows (data-loss) equal to the losses the
 *                    tool's totals give, move 1's to explain's, the chart's
 *                    13 points, the final totals.
 *   circle-engine    the engine moves first: its move 1 is the tool's
 *                    optimal first position; the URL reopened in a new
 *                    page shows the same position.
 *   circle-keyboard  a typed circle of 7 coins by the keyboard alone: Tab
 *                    to a coin, the arrows round the ring, Enter takes it;
 *                    the focus then on the left end coin, #announce naming
 *                    the engine's coin and position; the arrows take the
 *                    ends to the end of the game (focus on #play-again,
 *                    "Game over" announced).
 *   circle-phone     360 x 740 (touch): a 24-coin circle: every coin button
 *                    inside the viewport, at least 24 x 24 px, none over
 *                    another, the page not wider than the viewport; the
 *                    same after move 1 and at the end; phone-circle.png.
 *   circle-large     a 300-coin circle: no button round the ring, move 1
 *                    typed in #pick, the line left in #coins.
 *   circle-contrast  light and dark: the ring's text (coins, positions,
 *                    centre) >= 4.5:1 (3:1 large) against its background
 *                    before move 1 with a hint and mid-game; the whole page
 *                    at the end (the review of a circle).
 *   circle-api       the API fallback (engine.js emptied): move 1, the
 *                    engine's reply and a hint come from POST /api/move
 *                    with "circle": true, and equal the tool's.
 */

import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const COINLINE = path.resolve(root, process.env.COINLINE || 'build/coinline');

function tool(...args) {
  return execFileSync(COINLINE, args, { encoding: 'utf8', timeout: 30000 });
}

/** The tool's answer at a circle position: move 1 at first (0: none), then moves. */
function at(row, first, moves) {
  const spec = first ? `${first}${moves ? `:${moves}` : ''}` : '';
  return JSON.parse(tool('solve', '--circle', '--json', '--moves', spec, '--row', row.join(' ')));
}

/** Each first position's loss, by explain --circle --json: losses[p - 1]. */
function firstLosses(row) {
  const ex = JSON.parse(tool('explain', '--circle', '--json', '--row', row.join(' ')));
  return ex.first_moves.map((f) => BigInt(f.loss));
}

/**
 * What the review of a game must say, from the tool alone: each move's
 * loss (the mover's final total under optimal play before it, less the
 * same after it) and the totals.
 */
function expectedLosses(row, first, moves) {
  const out = [firstLosses(row)[first - 1]];
  let before = at(row, first, '');
  for (let k = 0; k < moves.length; k++) {
    const after = at(row, first, moves.slice(0, k + 1));
    const mover = k % 2 === 0 ? 'p2' : 'p1'; // move 2 is player 2's
    out.push(BigInt(before[mover]) - BigInt(after[mover]));
    before = after;
  }
  return out;
}

/** The ring as the page shows it. */
const ringOf = (page) => page.evaluate(() => {
  const ring = document.getElementById('ring');
  const coins = [...ring.querySelectorAll('.coin')].map((c) => ({
    position: Number(c.dataset.position),
    value: c.dataset.value,
    end: c.dataset.end || null,
    pick: c.dataset.pick === 'true',
    disabled: c.disabled,
  }));
  return {
    hidden: ring.hidden,
    n: Number(ring.dataset.n),
    first: Number(ring.dataset.first),
    moves: ring.dataset.moves,
    left: Number(ring.dataset.left),
    right: Number(ring.dataset.right),
    coins,
    coinsHidden: document.getElementById('coins').hidden,
    hash: location.hash,
    totals: [document.getElementById('p1-total').textContent, document.getElementById('p2-total').textContent],
  };
});

/** The moves played on the circle: move 1 counts. */
const playedOf = (r) => (r.first ? 1 : 0) + r.moves.length;

/** Idle at the person's turn or the end, with at least `min` moves played. */
function idle(page, min, timeout) {
  return page.waitForFunction((m) => {
    const ring = document.getElementById('ring');
    const turn = document.getElementById('turn').dataset.state;
    const count = (ring.dataset.first && ring.dataset.first !== '0' ? 1 : 0) + (ring.dataset.moves || '').length;
    return document.body.dataset.busy === 'false' && (turn === 'you' || turn === 'over') && count >= m;
  }, min, { timeout });
}

/** Every move of the game from #history: {player, side, position}. */
const historyOf = (page) => page.evaluate(() =>
  [...document.querySelectorAll('#history li')].map((li) => ({
    player: Number(li.dataset.player),
    side: li.dataset.side,
    position: Number(li.dataset.position),
  })));

export async function circleSections(h) {
  const { browser, base, section, ok, note, TIMEOUT } = h;
  const eq = (got, want, what) => ok(JSON.stringify(got) === JSON.stringify(want), what,
    `     got: ${JSON.stringify(got)}\nexpected: ${JSON.stringify(want)}`);

  /** Checks each of the engine's moves (player `engine`) in the game so far against the tool. */
  async function engineMovesOptimal(page, row, engine, label) {
    const r = await ringOf(page);
    const hist = await historyOf(page);
    const bad = [];
    for (let k = 0; k < hist.length; k++) {
      if (hist[k].player !== engine) continue;
      const want = at(row, k === 0 ? 0 : r.first, k <= 1 ? '' : r.moves.slice(0, k - 1));
      const side = k === 0 ? 'P' : want.best_move === 'left' ? 'L' : 'R';
      if (hist[k].position !== want.best_position || hist[k].side !== side) {
        bad.push(`move ${k + 1}: took ${hist[k].side} at ${hist[k].position}, the tool: ${want.best_move} at ${want.best_position}`);
      }
    }
    ok(bad.length === 0, `${label}: each of the engine's ${hist.filter((x) => x.player === engine).length} moves is the tool's optimal one (side and position)`, bad.join('\n'));
  }

  const desktop = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
  await desktop.addInitScript(h.CSP_LISTENER);
  const newPage = async (ctx, label) => {
    const p = await ctx.newPage();
    h.watch(p, label, h.problems);
    h.pages.push(p);
    return p;
  };

  /* -------------------------------------------------------------- */
  const pg = await newPage(desktop, 'circle-play');
  await section('circle-play', pg, async () => {
    await h.open(pg, base);
    const sw = await pg.evaluate(() => {
      const c = document.getElementById('circle');
      return c ? { type: c.type, checked: c.checked, label: c.labels[0] ? c.labels[0].textContent.trim() : '' } : null;
    });
    ok(sw && sw.type === 'checkbox' && !sw.checked && /circle/i.test(sw.label), 'the form has the circle switch (#circle, a checkbox, off by default, labelled)', JSON.stringify(sw));
    await pg.fill('#size', '12');
    await pg.fill('#seed', '4242');
    await pg.fill('#min', '1');
    await pg.fill('#max', '20');
    await pg.selectOption('#difficulty', 'perfect');
    await pg.selectOption('#first', 'you');
    await pg.check('#circle');
    await pg.click('#new-game');
    await idle(pg, 0, TIMEOUT);
    let r = await ringOf(pg);
    const row = r.coins.map((c) => c.value);
    ok(!r.hidden && r.n === 12 && r.coins.length === 12 && r.coins.every((c) => c.pick && !c.disabled) && r.coinsHidden,
      'a new game with #circle on: #ring shows 12 coin buttons, each takeable (data-pick), #coins hidden', JSON.stringify(r));
    ok(/[#&]circle=0(&|$)/.test(r.hash) && r.first === 0, 'the URL says circle=0 (move 1 not played yet)', r.hash);
    eq(r.coins.map((c) => c.position), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], 'the coins are numbered 1 to 12 round the ring');

    // Move 1 at a position that is not optimal, the engine's reply.
    const start = at(row, 0, '');
    const best = start.best_position;
    const losses = firstLosses(row);
    const p = losses.findIndex((l) => l > 0n) + 1 || (best % 12) + 1;
    await pg.click(`#ring .coin[data-position="${p}"]`);
    await idle(pg, 2, TIMEOUT);
    r = await ringOf(pg);
    const want = at(row, p, '');
    ok(r.first === p && r.moves.length === 1, `the person's click took position ${p} as move 1, and the engine replied`, JSON.stringify(r));
    const hist = await historyOf(pg);
    eq([hist[1].side, hist[1].position], [want.best_move === 'left' ? 'L' : 'R', want.best_position],
      `the perfect engine's reply after move 1 at ${p} is the tool's optimal move (${want.best_move}, position ${want.best_position})`);
    ok(/[#&]circle=/.test(r.hash) && r.hash.includes(`circle=${p}&`) && r.hash.endsWith(`moves=${r.moves}`), 'the URL holds move 1 and the moves after it', r.hash);
    const ends = r.coins.filter((c) => c.end).map((c) => [c.end, c.position, c.disabled]).sort();
    const after = at(row, p, r.moves);
    eq(ends.map((e) => e[1]).sort((a, b) => a - b), [r.left, r.right].sort((a, b) => a - b), 'the two ends of the gap are the coins marked data-end');
    ok(ends.every((e) => !e[2]) && r.coins.filter((c) => !c.end).every((c) => c.disabled), 'only the two ends can be taken', JSON.stringify(r.coins));
    ok(r.coins.length === 10, 'the coins taken are gone from the ring (10 left)', `${r.coins.length} buttons`);

    // The hint at the person's turn.
    await pg.click('#hint');
    await pg.waitForFunction(() => document.body.dataset.busy === 'false' && !document.getElementById('hint-text').hidden, null, { timeout: TIMEOUT });
    const hint = await pg.evaluate(() => ({ ...document.getElementById('hint-text').dataset, text: document.getElementById('hint-text').textContent }));
    eq([hint.move, Number(hint.position)], [after.best_move, after.best_position], `the hint is the tool's optimal move (${after.best_move}, position ${after.best_position})`);
    ok((await pg.evaluate((pos) => document.querySelector(`#ring .coin[data-position="${pos}"]`)?.dataset.hint, after.best_position)) === 'true',
      'the hinted coin is marked on the ring (data-hint)');

    // Undo takes back the engine's reply and the person's move 1.
    await pg.click('#undo');
    await idle(pg, 0, TIMEOUT);
    r = await ringOf(pg);
    ok(r.first === 0 && r.moves === '' && r.coins.length === 12 && r.coins.every((c) => c.pick && !c.disabled) &&
      r.totals.join() === '0,0' && /[#&]circle=0(&|$)/.test(r.hash),
    'undo takes back move 1 too: every coin back and takeable, totals 0, circle=0 in the URL', JSON.stringify(r));

    // A whole game: move 1 at the hinted position, then always the right end.
    await pg.click('#hint');
    await pg.waitForFunction(() => document.body.dataset.busy === 'false' && !document.getElementById('hint-text').hidden, null, { timeout: TIMEOUT });
    const h0 = await pg.evaluate(() => ({ ...document.getElementById('hint-text').dataset }));
    eq([h0.move, Number(h0.position)], ['position', best], `the hint before move 1 is the tool's optimal first position (${best})`);
    await pg.click(`#ring .coin[data-position="${best}"]`);
    for (;;) {
      const s = await ringOf(pg);
      await idle(pg, playedOf(s), TIMEOUT);
      const now = await ringOf(pg);
      if ((await pg.evaluate(() => document.getElementById('turn').dataset.state)) === 'over') break;
      await pg.click('#take-right');
      await idle(pg, playedOf(now) + 1, TIMEOUT);
    }
    await pg.waitForFunction(() => document.body.dataset.busy === 'false' && !document.getElementById('analysis').hidden, null, { timeout: TIMEOUT });
    r = await ringOf(pg);
    await engineMovesOptimal(pg, row, 2, 'a whole game');
    const rows = await pg.evaluate(() => [...document.querySelectorAll('#moves-body tr.move')].map((tr) => ({
      move: tr.dataset.move,
      player: tr.dataset.player,
      loss: tr.dataset.loss,
      took: tr.children[2].textContent,
    })));
    const wantLoss = expectedLosses(row, r.first, r.moves).map(String);
    eq(rows.map((x) => x.loss), wantLoss, 'the review: every move\'s loss (move 1 included) is the tool\'s');
    ok(rows.length === 12 && rows[0].move === '1' && rows[0].took.includes(`#${best}`), 'the review lists 12 moves, move 1 with its position', JSON.stringify(rows.slice(0, 2)));
    const end = at(row, r.first, r.moves);
    const fin = await pg.evaluate(() => [document.getElementById('final-p1').textContent, document.getElementById('final-p2').textContent]);
    eq(fin, [String(end.taken_p1), String(end.taken_p2)], 'the final totals are the game\'s');
    const chart = await pg.evaluate(() => {
      const pl = document.querySelector('#chart polyline.played');
      return pl ? pl.getAttribute('points').trim().split(/\s+/).length : 0;
    });
    ok(chart === 13, 'the chart has a point for the start and each of the 12 moves', `${chart} points`);
    ok((await pg.evaluate(() => document.getElementById('table-toggle').hidden)), 'no heat map toggle for a circle');
    await h.shot(pg, 'circle-review.png', true);
  });

  /* -------------------------------------------------------------- */
  const pe = await newPage(desktop, 'circle-engine');
  await section('circle-engine', pe, async () => {
    const row = [4, 9, 2, 9, 1, 7, 3, 8, 5];
    await h.open(pe, `${base}#row=${row.join(',')}&seed=3&difficulty=perfect&first=engine&circle=0&moves=`);
    await idle(pe, 1, TIMEOUT);
    const r = await ringOf(pe);
    const want = at(row, 0, '');
    ok(r.first === want.best_position, `the engine's move 1 is the tool's optimal first position (${want.best_position})`, JSON.stringify(r));
    await pe.click('#take-left');
    await idle(pe, 3, TIMEOUT);
    const r2 = await ringOf(pe);
    await engineMovesOptimal(pe, row, 1, 'the engine first');
    const again = await newPage(desktop, 'circle-engine-link');
    await h.open(again, r2.hash ? `${base}${r2.hash}` : base);
    await idle(again, 3, TIMEOUT);
    const r3 = await ringOf(again);
    eq([r3.first, r3.moves, r3.left, r3.right, r3.totals], [r2.first, r2.moves, r2.left, r2.right, r2.totals],
      'the URL reopened in a new page shows the same position (move 1, moves, ends, totals)');
    await again.close();
  });

  /* -------------------------------------------------------------- */
  const pk = await newPage(desktop, 'circle-keyboard');
  await section('circle-keyboard', pk, async () => {
    const row = [3, 8, 4, 11, 5, 9, 2];
    await h.open(pk, `${base}#row=${row.join(',')}&seed=0&difficulty=perfect&first=you&circle=0&moves=`);
    await idle(pk, 0, TIMEOUT);
    ok(await h.tabTo(pk, '#ring .coin[data-position="1"]'), 'Tab reaches the coin at position 1 on the ring', await h.activeId(pk));
    await pk.keyboard.press('ArrowRight');
    await pk.keyboard.press('ArrowRight');
    const focused = await pk.evaluate(() => document.activeElement.dataset.position);
    ok(focused === '3', 'ArrowRight twice goes round the ring to position 3', `focus on position ${focused}`);
    await pk.keyboard.press('ArrowLeft');
    await pk.keyboard.press('ArrowRight');
    await pk.keyboard.press('Enter');
    await idle(pk, 2, TIMEOUT);
    const r = await ringOf(pk);
    ok(r.first === 3, 'Enter took the coin at position 3 as move 1', JSON.stringify(r));
    const focus = await pk.evaluate(() => ({ end: document.activeElement.dataset.end, ring: !!document.activeElement.closest('#ring') }));
    ok(focus.ring && focus.end === 'left', 'after the engine\'s reply the focus is on the left end coin of the ring', JSON.stringify(focus));
    const hist = await historyOf(pk);
    const reply = row[hist[1].position - 1];
    const said = await h.waitAnnounce(pk, [new RegExp(`took ${reply} `), new RegExp(`position ${hist[1].position}`)]);
    ok(said && new RegExp(`took ${reply} `).test(said) && said.includes(`position ${hist[1].position}`),
      `#announce names the engine's coin and its position (${reply}, position ${hist[1].position})`, JSON.stringify(said));
    // The arrows take the ends to the end of the game.
    for (let k = 0; k < 8; k++) {
      const s = await ringOf(pk);
      if ((await pk.evaluate(() => document.getElementById('turn').dataset.state)) === 'over') break;
      await pk.keyboard.press(k % 2 ? 'ArrowLeft' : 'ArrowRight');
      await idle(pk, playedOf(s) + 1, TIMEOUT);
    }
    const last = await ringOf(pk);
    ok(playedOf(last) === 7, 'the arrow keys alone played the game to its end', JSON.stringify(last));
    await pk.waitForFunction(() => document.body.dataset.busy === 'false' && !document.getElementById('analysis').hidden, null, { timeout: TIMEOUT });
    const id = await h.activeId(pk);
    ok(id === '#play-again', 'at the end the focus is on #play-again', `focus on ${id}`);
    const over = await h.waitAnnounce(pk, [/Game over/]);
    ok(/Game over/.test(over || ''), '#announce says the game is over', JSON.stringify(over));
    await engineMovesOptimal(pk, row, 2, 'the keyboard game');
  });

  /* -------------------------------------------------------------- */
  const phoneCtx = await browser.newContext({
    viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, reducedMotion: 'reduce',
  });
  await phoneCtx.addInitScript(h.CSP_LISTENER);
  const pp = await newPage(phoneCtx, 'circle-phone');
  await section('circle-phone', pp, async () => {
    const fits = (label) => pp.evaluate((what) => {
      const vw = document.documentElement.clientWidth;
      const boxes = [...document.querySelectorAll('#ring .coin')].map((c) => c.getBoundingClientRect());
      const bad = [];
      boxes.forEach((b, k) => {
        if (b.left < 0 || b.right > vw) bad.push(`coin ${k} out of the viewport: ${b.left}..${b.right}`);
        if (b.width < 24 || b.height < 24) bad.push(`coin ${k} is ${b.width} x ${b.height}`);
        for (let m = 0; m < k; m++) {
          const o = boxes[m];
          const d = Math.hypot(b.x + b.width / 2 - o.x - o.width / 2, b.y + b.height / 2 - o.y - o.height / 2);
          if (d < (b.width + o.width) / 2 - 0.5) bad.push(`coins ${m} and ${k} overlap`);
        }
      });
      const ring = document.getElementById('ring').getBoundingClientRect();
      if (ring.left < 0 || ring.right > vw) bad.push(`the ring runs out of the viewport: ${ring.left}..${ring.right}`);
      if (document.documentElement.scrollWidth > vw) bad.push(`the page is ${document.documentElement.scrollWidth} px wide`);
      return { what, count: boxes.length, min: Math.min(...boxes.map((b) => b.width)), bad };
    }, label);
    await h.open(pp, `${base}#size=24&seed=11&min=-50&max=999&difficulty=medium&first=you&circle=0&moves=`);
    await idle(pp, 0, TIMEOUT);
    let f = await fits('move 1');
    ok(f.count === 24 && f.bad.length === 0, `360 px: the 24 coins of the ring fit (each ${f.min.toFixed(1)} px or more, none over another, nothing wider than the screen)`, f.bad.join('\n'));
    await h.shot(pp, 'phone-circle.png');
    await pp.click('#ring .coin[data-position="7"]');
    await idle(pp, 2, TIMEOUT);
    f = await fits('after move 1');
    ok(f.count === 22 && f.bad.length === 0, '360 px: after move 1 and the reply, 22 coins, all fit', f.bad.join('\n'));
    const takes = await pp.evaluate(() => ['take-left', 'take-right'].map((id) => {
      const b = document.getElementById(id).getBoundingClientRect();
      return b.left >= 0 && b.right <= document.documentElement.clientWidth && b.width > 0;
    }));
    ok(takes.every(Boolean), '360 px: #take-left and #take-right whole on the screen');
    await h.shot(pp, 'phone-circle-move2.png');
  });

  /* -------------------------------------------------------------- */
  const pl = await newPage(desktop, 'circle-large');
  await section('circle-large', pl, async () => {
    await h.open(pl, `${base}#size=300&seed=5&min=1&max=99&difficulty=perfect&first=you&circle=0&moves=`);
    await idle(pl, 0, TIMEOUT);
    let r = await ringOf(pl);
    const form = await pl.evaluate(() => !document.getElementById('pick-form').hidden);
    ok(!r.hidden && r.coins.length === 0 && form, 'a 300-coin circle: the ring drawn without a button a coin, and #pick to type move 1', JSON.stringify({ coins: r.coins.length, form }));
    await pl.fill('#pick', '150');
    await pl.press('#pick', 'Enter');
    await idle(pl, 2, TIMEOUT);
    r = await ringOf(pl);
    const line = await pl.evaluate(() => ({ hidden: document.getElementById('coins').hidden, ends: [...document.querySelectorAll('#coins .coin[data-end]')].map((c) => c.getAttribute('aria-label')) }));
    ok(r.first === 150 && !line.hidden && line.ends.length === 2 && line.ends.every((l) => /position [0-9]+/.test(l)),
      'move 1 typed (150): the line left shows in #coins, its ends named with their positions', JSON.stringify({ r: r.first, line }));
    const row = await pl.evaluate(() => Array.from(window.coinline.state.coins, String));
    await engineMovesOptimal(pl, row, 2, 'the 300-coin circle');
  });

  /* -------------------------------------------------------------- */
  await section('circle-contrast', null, async () => {
    for (const scheme of ['light', 'dark']) {
      const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce', colorScheme: scheme });
      await ctx.addInitScript(h.CSP_LISTENER);
      const page = await newPage(ctx, `circle-contrast ${scheme}`);
      await h.open(page, `${base}#row=6,2,9,4,7,1,8,3,-12,15&seed=0&difficulty=perfect&first=you&circle=0&moves=`);
      await idle(page, 0, TIMEOUT);
      await page.click('#hint');
      await page.waitForFunction(() => document.body.dataset.busy === 'false' && !document.getElementById('hint-text').hidden, null, { timeout: TIMEOUT });
      let c = await page.evaluate(h.CONTRAST, '#game');
      ok(c.checked > 20 && c.failures.length === 0, `${scheme}: the ring before move 1 (every coin, position, the centre, the hint): text >= 4.5:1 (${c.checked} checked)`, h.once(c.failures));
      await page.click('#ring .coin[data-position="4"]');
      await idle(page, 2, TIMEOUT);
      const play = async (count) => {
        for (let k = 0; k < count; k++) {
          const s = await ringOf(page);
          if (playedOf(s) >= 10) break;
          await page.click('#take-left');
          await idle(page, playedOf(s) + 1, TIMEOUT);
        }
      };
      await play(2);
      c = await page.evaluate(h.CONTRAST, '#game');
      ok(c.checked > 20 && c.failures.length === 0, `${scheme}: the ring mid-game (the gap, the slots, the ends): text >= 4.5:1 (${c.checked} checked)`, h.once(c.failures));
      await h.shot(page, `circle-${scheme}.png`);
      await play(5);
      await page.waitForFunction(() => document.body.dataset.busy === 'false' && !document.getElementById('analysis').hidden, null, { timeout: TIMEOUT });
      c = await page.evaluate(h.CONTRAST);
      ok(c.checked > 100 && c.failures.length === 0, `${scheme}: the page at the end of a circle (the empty ring, the review): text >= 4.5:1 (${c.checked} checked)`, h.once(c.failures));
      await ctx.close();
    }
  });

  /* -------------------------------------------------------------- */
  const api = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
  const pa = await api.newPage();
  await section('circle-api', pa, async () => {
    const seen = [];
    await pa.route('**/engine.js', (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: '// no engine\n' }));
    pa.on('request', (req) => {
      if (req.url().includes('/api/move')) seen.push(req.postDataJSON());
    });
    const row = [5, 1, 8, 2, 9, 3, 7];
    await h.open(pa, `${base}#row=${row.join(',')}&seed=0&difficulty=perfect&first=you&circle=0&moves=`);
    ok((await pa.evaluate(() => document.body.dataset.engine)) === 'api', 'with engine.js empty the page uses the API');
    await idle(pa, 0, TIMEOUT);
    await pa.click('#ring .coin[data-position="2"]');
    await idle(pa, 2, TIMEOUT);
    const r = await ringOf(pa);
    const hist = await historyOf(pa);
    const want = at(row, 2, '');
    eq([hist[1].side, hist[1].position], [want.best_move === 'left' ? 'L' : 'R', want.best_position], 'the engine\'s reply through POST /api/move is the tool\'s optimal move');
    ok(seen.some((b) => b && b.circle === true && b.first === 2 && b.moves === ''), 'the request carried "circle": true and "first": 2', JSON.stringify(seen));
    await pa.click('#hint');
    await pa.waitForFunction(() => document.body.dataset.busy === 'false' && !document.getElementById('hint-text').hidden, null, { timeout: TIMEOUT });
    const hint = await pa.evaluate(() => ({ ...document.getElementById('hint-text').dataset }));
    const now = at(row, r.first, r.moves);
    eq([hint.move, Number(hint.position)], [now.best_move, now.best_position], 'the hint through the API is the tool\'s');
    note(`circle-api: requests ${JSON.stringify(seen)}`);
  });
  await api.close();
}
