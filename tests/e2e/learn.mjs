// SPDX-License-Identifier: MIT
/*
 * learn.mjs - the page's Learn view (issue 30, part 1: the table, step by
 * step), end to end. Not a script of its own: public.mjs (make e2e) runs
 * its sections with its browser, its server and its TAP helpers
 * (learnSections(h)). Every number is checked against `coinline explain
 * --steps --json` of the same row (build/coinline spawned), never against
 * the page itself.
 *
 *   learn-file     from file:// (build/site): #view=learn&row=...&step=end
 *                  for the seeds' row (8 15 3 7) and 20 random rows (2 to
 *                  16 coins, negatives, ties): all n(n+1)/2 cells, each
 *                  one's data-best, data-margin and data-move the
 *                  explain's, the optimal line (td.opt, data-line 1..n)
 *                  the one its moves trace (ties to the left).
 *   learn-serve    the same from coinline serve.
 *   learn-keys     keyboard only, on serve: k ArrowRight presses give step
 *                  k and its cell (data-i, data-j) in the textbook's order,
 *                  the URL's step=k; ArrowLeft, End (step=end), Home,
 *                  Space (play, then pause), Tab to Step and Enter.
 *   learn-url      step=N in the URL: N cells filled, the current one the
 *                  N-th step's, the formula's numbers; Back and End
 *                  clicked; the Play and Learn buttons switch the views,
 *                  back and forward too; a row typed (Enter) and a bad
 *                  one (#learn-error, aria-invalid, the focus).
 *   learn-phone    360 px: no horizontal page scroll at step=end of 16
 *                  coins (the table scrolls in its box). Screenshots:
 *                  learn-1280.png, learn-360.png (step=end) and
 *                  learn-1280-mid.png, learn-360-mid.png in E2E_OUT.
 *   learn-parts    part=NAME in the URL: that part's heading in view, kept
 *                  as the table steps; a part's button: its heading
 *                  focused, part= in the URL; "A random row": 4 to 10
 *                  coins of 1 to 20, at step 0 in the URL, its filled
 *                  table explain's; the two read cells' arrows (up from
 *                  below, right from the left).
 *   learn-errors   no console or page error on any of these pages.
 */

import { explainSteps as explain, learnPages, rowsFrom, SEED_ROW as seeds } from './lesson-kit.mjs';

/** The optimal line of the steps (ties to the left): "i..j" of each move. */
function lineOf(steps, n) {
  const at = new Map(steps.map((s) => [`${s.i},${s.j}`, s]));
  const out = [];
  for (let i = 1, j = n; i <= j;) {
    out.push(`${i}..${j}`);
    if (at.get(`${i},${j}`).move === 'right') j--;
    else i++;
  }
  return out;
}

/** 20 rows of 2 to 16 coins from a fixed seed: small values (ties), negatives. */
const randomRows = () => rowsFrom(0x2545f491, 20, { first: [2, 16], span: (k) => (k % 3 === 0 ? 3 : 40) });

/** The page's Learn view: every cell and the step counter. */
const learnOf = (page) => page.evaluate(() => ({
  cells: [...document.querySelectorAll('#learn-table td.cell')].map((td) => ({
    i: Number(td.dataset.i), j: Number(td.dataset.j), best: td.dataset.best, margin: td.dataset.margin,
    move: td.dataset.move, current: td.classList.contains('current'), reads: td.classList.contains('reads'),
    line: td.classList.contains('opt') ? Number(td.dataset.line) : 0,
  })),
  step: Number(document.getElementById('learn-step').dataset.step),
  total: Number(document.getElementById('learn-step').dataset.total),
  hash: location.hash,
  view: document.body.dataset.view,
  learnShown: !document.getElementById('learn').hidden && document.getElementById('learn').offsetParent !== null,
  gameShown: document.getElementById('game').offsetParent !== null,
  explain: document.getElementById('learn-explain').textContent,
  formula: document.getElementById('learn-formula').textContent,
  pressed: document.getElementById('learn-play').getAttribute('aria-pressed'),
}));

/** The table's cells against explain's steps: the problems found. */
function compare(got, steps, n, full) {
  const bad = [];
  if (got.cells.length !== (n * (n + 1)) / 2) bad.push(`${got.cells.length} cells, not ${(n * (n + 1)) / 2}`);
  const at = new Map(got.cells.map((c) => [`${c.i},${c.j}`, c]));
  steps.forEach((s, k) => {
    const c = at.get(`${s.i},${s.j}`);
    const filled = full || k < got.step;
    if (!c) bad.push(`no cell ${s.i},${s.j}`);
    else if (filled && (c.best !== String(s.best) || c.margin !== String(s.margin) || c.move !== s.move)) {
      bad.push(`cell ${s.i},${s.j}: ${c.best}/${c.margin}/${c.move}, explain ${s.best}/${s.margin}/${s.move}`);
    } else if (!filled && c.best !== undefined) bad.push(`cell ${s.i},${s.j} filled before its step`);
  });
  if (full) {
    const want = lineOf(steps, n).join(' ');
    const line = got.cells.filter((c) => c.line).sort((a, b) => a.line - b.line).map((c) => `${c.i}..${c.j}`).join(' ');
    if (line !== want) bad.push(`optimal line ${line}, not ${want}`);
  }
  return bad;
}

export async function learnSections(h) {
  const { base, section, ok, note, TIMEOUT } = h;
  const kit = await learnPages(h, 'learn', { step: 'end' });
  const { page, pp, link, show } = kit;
  const go = (url) => kit.go(page, url);
  const rows = [seeds, ...randomRows()];

  await kit.rowSections(rows, async (name, row) => {
    const got = await learnOf(page);
    const steps = explain(row);
    const bad = compare(got, steps, row.length, true);
    if (got.step !== steps.length || !/step=end/.test(got.hash)) bad.push(`step ${got.step}, hash ${got.hash}`);
    ok(bad.length === 0 && got.learnShown && !got.gameShown, `${name}: step=end of ${row.join(' ')}: all ${(row.length * (row.length + 1)) / 2} cells and the optimal line as explain --steps --json`, bad.join('\n'));
  });

  const steps = explain(seeds);
  await section('learn-keys', page, async () => {
    await go(link(base, seeds, 0));
    for (const k of [1, 3, 6]) {
      while ((await learnOf(page)).step < k) await page.keyboard.press('ArrowRight');
      const got = await learnOf(page);
      const cur = got.cells.find((c) => c.current);
      const want = steps[k - 1];
      ok(got.step === k && cur && cur.i === want.i && cur.j === want.j && got.hash.endsWith(`step=${k}`) &&
        compare(got, steps, 4, false).length === 0,
      `learn-keys: after ${k} ArrowRight, step ${k}, the cell ${want.i}..${want.j} current, the URL step=${k}`, JSON.stringify({ step: got.step, cur, hash: got.hash }));
    }
    await page.keyboard.press('ArrowLeft');
    let got = await learnOf(page);
    ok(got.step === 5 && got.hash.endsWith('step=5'), 'learn-keys: ArrowLeft steps back (step 5)', `${got.step} ${got.hash}`);
    await page.keyboard.press('End');
    got = await learnOf(page);
    ok(got.step === 10 && got.hash.endsWith('step=end') && got.cells.filter((c) => c.line).length === 4,
      'learn-keys: End fills the table (step=end), the optimal line marked', `${got.step} ${got.hash}`);
    await page.keyboard.press('Home');
    got = await learnOf(page);
    ok(got.step === 0 && got.cells.every((c) => c.best === undefined), 'learn-keys: Home empties the table (step 0)', `${got.step}`);
    await page.keyboard.press(' ');
    got = await learnOf(page);
    ok(got.pressed === 'true', 'learn-keys: Space plays', got.pressed);
    await page.keyboard.press(' ');
    got = await learnOf(page);
    ok(got.pressed === 'false', 'learn-keys: Space again pauses', got.pressed);
    await page.keyboard.press('Home');
    let tabs = 0;
    while (tabs++ < 40 && (await page.evaluate(() => document.activeElement.id)) !== 'learn-next') await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    got = await learnOf(page);
    ok(got.step === 1 && (await page.evaluate(() => document.activeElement.id)) === 'learn-next', 'learn-keys: Tab to Step, Enter: step 1', `${got.step} after ${tabs} tabs`);
  });

  await section('learn-url', page, async () => {
    await go(link(base, seeds, 8));
    let got = await learnOf(page);
    const cur = got.cells.find((c) => c.current);
    const reads = got.cells.filter((c) => c.reads).map((c) => `${c.i}..${c.j}`).sort().join(' ');
    ok(got.step === 8 && got.cells.filter((c) => c.best !== undefined).length === 8 && cur && cur.i === 1 && cur.j === 3 &&
      reads === '1..2 2..3' && /take either, margin -4, best 11/.test(got.explain) && /max\(8 - 12, 3 - 7\) = max\(-4, -4\) = -4/.test(got.formula),
    'learn-url: step=8: 8 cells, the cell 1..3 current (take either, margin -4, best 11), it reads 1..2 and 2..3, its formula\'s numbers', JSON.stringify({ step: got.step, cur, reads, explain: got.explain, formula: got.formula }));
    await h.shot(page, 'learn-1280-mid.png', true);
    await page.click('#learn-back');
    got = await learnOf(page);
    ok(got.step === 7 && got.hash.endsWith('step=7'), 'learn-url: Back: step 7, the URL step=7', `${got.step} ${got.hash}`);
    await page.click('#learn-end');
    got = await learnOf(page);
    ok(got.step === 10 && got.hash.endsWith('step=end'), 'learn-url: End: the table full, the URL step=end', `${got.step} ${got.hash}`);
    await h.shot(page, 'learn-1280.png', true);
    await page.click('#view-play');
    got = await learnOf(page);
    ok(got.view === 'play' && !got.learnShown && got.gameShown && !/view=learn/.test(got.hash), 'learn-url: the Play button shows the game, its URL back', JSON.stringify({ view: got.view, hash: got.hash }));
    await page.click('#view-learn');
    got = await learnOf(page);
    ok(got.view === 'learn' && got.learnShown && !got.gameShown && got.hash.endsWith('row=8,15,3,7&step=end'), 'learn-url: the Learn button shows the table as it was', JSON.stringify({ view: got.view, hash: got.hash }));
    await page.goBack();
    await page.waitForFunction(() => document.body.dataset.view === 'play', null, { timeout: TIMEOUT });
    got = await learnOf(page);
    ok(!got.learnShown && got.gameShown && /moves=/.test(got.hash), 'learn-url: back from the Learn view: the game again', got.hash);
    await page.goForward();
    await page.waitForFunction(() => document.body.dataset.view === 'learn', null, { timeout: TIMEOUT });
    await page.fill('#learn-row', '3, -1, 3');
    await page.press('#learn-row', 'Enter');
    got = await learnOf(page);
    ok(got.cells.length === 6 && got.step === 0 && got.hash.endsWith('row=3,-1,3&step=0'), 'learn-url: a row typed and Enter: its table (6 cells), step 0 in the URL', JSON.stringify({ n: got.cells.length, hash: got.hash }));
    await page.fill('#learn-row', '1 2 x');
    await page.click('#learn-load');
    const bad = await page.evaluate(() => ({ shown: !document.getElementById('learn-error').hidden, text: document.getElementById('learn-error').textContent,
      invalid: document.getElementById('learn-row').getAttribute('aria-invalid'), focus: document.activeElement.id }));
    ok(bad.shown && bad.invalid === 'true' && bad.focus === 'learn-row' && (await learnOf(page)).cells.length === 6,
      'learn-url: a bad row: said in #learn-error, the field aria-invalid and focused, the table kept', JSON.stringify(bad));
  });

  await section('learn-parts', page, async () => {
    const where = (id) => page.evaluate((x) => {
      const r = document.getElementById(x).getBoundingClientRect();
      return { top: Math.round(r.top), inView: r.top >= -2 && r.top < window.innerHeight, focus: document.activeElement.id, hash: location.hash };
    }, id);
    await go(`${base}#view=learn&row=8,15,3,7&step=0&part=reduce`);
    let at = await where('learn-reduce-title');
    ok(at.inView, 'learn-parts: part=reduce in the link: the O(n) method\'s heading in view', JSON.stringify(at));
    await page.keyboard.press('ArrowRight');
    at = await where('learn-reduce-title');
    ok(at.hash.endsWith('step=1&part=reduce'), 'learn-parts: a step of the table keeps part=reduce in the URL', at.hash);
    await page.click('.learn-parts button[data-part="parity"]');
    at = await where('learn-parity-title');
    ok(at.inView && at.focus === 'learn-parity-title' && at.hash.endsWith('part=parity'),
      'learn-parts: the "4. The parity trick" button: its heading in view and focused, part=parity in the URL', JSON.stringify(at));
    await page.click('#learn-random');
    const row = (await page.inputValue('#learn-row')).trim().split(/\s+/).map(Number);
    let got = await learnOf(page);
    ok(row.length >= 4 && row.length <= 10 && row.every((v) => Number.isInteger(v) && v >= 1 && v <= 20) && got.step === 0 &&
      got.hash.includes(`row=${row.join(',')}&step=0`) && got.cells.length === (row.length * (row.length + 1)) / 2,
    'learn-parts: "A random row": 4 to 10 coins of 1 to 20, its empty table at step 0, the row in the URL', JSON.stringify({ row, hash: got.hash, n: got.cells.length }));
    await page.click('#learn-end');
    got = await learnOf(page);
    const bad = compare(got, explain(row), row.length, true);
    ok(bad.length === 0, `learn-parts: the random row ${row.join(' ')} filled: every cell explain's`, bad.join('\n'));
    await go(link(base, seeds, 8));
    const arrows = await page.evaluate(() => [...document.querySelectorAll('#learn-table td.reads')]
      .map((td) => `${td.dataset.i}..${td.dataset.j} ${td.querySelector('.rd') ? td.querySelector('.rd').textContent : ''}`).sort().join(', '));
    await page.focus('#learn-next');
    for (let k = 0; k < 4; k++) await page.keyboard.press('Enter');
    let state = await page.evaluate(() => ({ focus: document.activeElement.id, off: document.getElementById('learn-next').getAttribute('aria-disabled'),
      current: document.querySelectorAll('#learn-table td.current, #learn-table td.reads').length }));
    ok(state.focus === 'learn-next' && state.off === 'true' && state.current === 0,
      'learn-parts: Step on to the end: the focus stays on Step (aria-disabled), the full table has no current or read cell', JSON.stringify(state));
    await go(link(base, seeds, 3));
    await page.focus('#reduce-next');
    await page.keyboard.press('ArrowRight');
    state = await learnOf(page);
    ok(state.step === 3, 'learn-parts: ArrowRight on the reduction\'s Step leaves the table at its step', String(state.step));
    ok(arrows === '1..2 →, 2..3 ↑', 'learn-parts: step 8 (coins 1..3) reads 1..2 (an arrow right, to it) and 2..3 (an arrow up, to it)', arrows);
  });

  await section('learn-phone', pp, async () => {
    const long = rows[2]; // 16 coins (the second random row)
    for (const [row, step, file] of [[long, 'end', 'learn-360.png'], [seeds, 6, 'learn-360-mid.png']]) {
      await show(pp, link(base, row, step));
      await kit.sideScroll(pp, `learn-phone: 360 px, ${row.length} coins at step=${step}`);
      await h.shot(pp, file, true);
    }
  });

  await kit.errors('the Learn view\'s pages');
  await kit.close();
}
