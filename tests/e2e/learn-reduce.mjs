// SPDX-License-Identifier: MIT
/*
 * learn-reduce.mjs - the Learn view's part 3 (issue 30: the O(n) method,
 * web/app/reduce.js), end to end. Not a script of its own: public.mjs
 * (make e2e) runs its sections with its browser, its server and its TAP
 * helpers (reduceSections(h)). Every value is checked against the engine
 * (build/coinline spawned: `solve --json --row` for the margin of a row,
 * `explain --steps --json` for the table's corner), never against the
 * page's own code.
 *
 *   reduce-file    from file:// (build/site): the seeds' row, special rows
 *                  (a mountain, sorted both ways, zeros, ties, a valley that
 *                  needs no merge, all negative, 2 coins) and 20 random rows
 *                  (2 to 16 coins, negatives, zeros, ties; a fixed seed),
 *                  stepped with #reduce-next from step 0 to the end: at every
 *                  step the stack's values followed by the coins not yet
 *                  pushed have the engine's margin of the whole row; the
 *                  blocks' from..to are odd runs tiling coins 1..p, p the
 *                  coins marked pushed; the step's event (#reduce-log's last
 *                  li) is the push of coin p or a merge of the three top
 *                  values x <= y >= z into x - y + z, the stack before and
 *                  after agreeing; a merge comes exactly when the top three
 *                  are a peak (marked .peak); at the end the stack is a valley,
 *                  #reduce-sorted its values in decreasing order, #reduce-sum's
 *                  data-value their alternating sum and the engine's margin,
 *                  data-corner explain's margin(1,n), #reduce-p1 solve's p1.
 *   reduce-serve   the same from coinline serve.
 *   reduce-keys    keyboard only (Tab, Shift+Tab, Enter) on the seeds' row:
 *                  the part's nav button, then Step three times (a peak
 *                  marked, the live region's words), Step (the merge, in
 *                  words), Back, End (the sum = 11), Start, Play then Pause;
 *                  the focus kept on a button that ends its use; part 1's
 *                  table not moved. Screenshots learn-reduce-1280-mid.png
 *                  (a peak marked) and learn-reduce-1280.png (the end).
 *   reduce-phone   360 px: 16 coins at the end, no horizontal page scroll;
 *                  screenshots learn-reduce-360-mid.png, learn-reduce-360.png.
 *   reduce-errors  no console or page error on any of these pages.
 */

import { coinline, explainSteps, learnPages, rowsFrom, SEED_ROW as seeds } from './lesson-kit.mjs';

const solved = new Map();
/** `coinline solve --json` of the row (BigInt strings kept): { margin, p1 } as strings; cached. */
function solve(row) {
  const key = row.join(' ');
  if (!solved.has(key)) {
    const out = coinline(['solve', '--json', '--row', key]);
    const num = (name) => out.match(new RegExp(`"${name}":\\s*"?(-?\\d+)`))[1];
    solved.set(key, { margin: num('margin'), p1: num('p1') });
  }
  return solved.get(key);
}

/** explain --steps --json's corner: margin(1,n). */
function corner(row) {
  const steps = explainSteps(row);
  return String(steps[steps.length - 1].margin);
}

/** The rows: special ones, then 20 of 2 to 16 coins from a fixed seed (negatives, zeros, ties). */
function reduceRows() {
  const rows = [
    [1, 2, 3, 4, 3, 2, 1], // a mountain: every coin merges
    [1, 2, 3, 4, 5, 6, 7, 8], // sorted up: no peak
    [9, 7, 5, 3, 2], // sorted down
    [5, 3, 1, 2, 4], // a valley: no merge
    [0, 0, 0, 0, 0, 0], // zeros: ties everywhere
    [4, 4, 4, 4, 4, 4, 4], // ties
    [-3, -9, -1, -4, -2, -8], // all negative
    [2, 7], // two coins
    [20, 30, 2, 2], // greedy's classic
    [3, 9, 4, 1, 2, 7, 5, 6, 0, 8, 1, 9, 2, 6, 3, 5], // 16 coins, nested peaks
  ];
  return [...rows, ...rowsFrom(0x51ed2701, 20, { first: [16], span: (k) => [2, 9, 40][k % 3] })];
}

/** Steps the part from 0 to its end with #reduce-next, in the page: a snapshot of each step. */
const walk = (page) => page.evaluate(() => {
  const snap = () => {
    const step = document.getElementById('reduce-step');
    const last = [...document.querySelectorAll('#reduce-log li')].pop();
    return {
      step: Number(step.dataset.step), total: Number(step.dataset.total),
      blocks: [...document.querySelectorAll('#reduce-stack .reduce-block')].map((b) => ({
        value: b.dataset.value, from: Number(b.dataset.from), to: Number(b.dataset.to), peak: b.classList.contains('peak'),
      })),
      pushed: document.querySelectorAll('#reduce-row .reduce-coin[data-pushed="true"]').length,
      log: document.querySelectorAll('#reduce-log li').length,
      last: last ? { ...last.dataset } : null,
      say: document.getElementById('reduce-say').textContent,
      final: !document.getElementById('reduce-final').hidden,
    };
  };
  const out = [snap()];
  for (let k = 0; k < 100 && out[out.length - 1].step < out[out.length - 1].total; k++) {
    document.getElementById('reduce-next').click();
    out.push(snap());
  }
  const end = document.getElementById('reduce-final');
  const sum = document.getElementById('reduce-sum');
  return {
    snaps: out,
    sorted: end.hidden ? null : document.getElementById('reduce-sorted').dataset.values,
    terms: [...document.querySelectorAll('#reduce-sorted .reduce-term')].map((li) => `${li.classList.contains('plus') ? '+' : '-'}${li.querySelector('.reduce-v').textContent}`),
    sum: sum ? { value: sum.dataset.value, corner: sum.dataset.corner, text: sum.textContent } : null,
    p1: document.getElementById('reduce-p1') ? document.getElementById('reduce-p1').dataset.value : null,
    text: end.textContent,
  };
});

const isPeak = (v, i) => BigInt(v[i - 1]) <= BigInt(v[i]) && BigInt(v[i]) >= BigInt(v[i + 1]);

/** One step's snapshot `s` (after `prev`) against the row: the problems found. */
function checkStep(row, s, prev, want) {
  const bad = [];
  const values = s.blocks.map((b) => b.value);
  const p = s.blocks.length ? s.blocks[s.blocks.length - 1].to : 0;
  let from = 1;
  for (const b of s.blocks) {
    if (b.from !== from || b.to < b.from || (b.to - b.from) % 2 !== 0) bad.push(`block ${b.from}..${b.to} (expected from ${from}, odd length)`);
    from = b.to + 1;
  }
  if (s.pushed !== p) bad.push(`${s.pushed} coins marked pushed, the blocks cover ${p}`);
  const rest = [...values, ...row.slice(p).map(String)];
  if (solve(rest).margin !== want) bad.push(`stack + rest ${rest.join(' ')}: margin ${solve(rest).margin}, the row's ${want}`);
  const top = values.length >= 3 && isPeak(values, values.length - 2);
  if (s.blocks.some((b, i) => b.peak !== (top && i >= values.length - 3))) bad.push('.peak marks other blocks than a peak on top');
  if (!prev) return bad;
  const before = prev.blocks.map((b) => b.value);
  const e = s.last || {};
  const prevTop = before.length >= 3 && isPeak(before, before.length - 2);
  if (s.log !== s.step || s.step !== prev.step + 1) bad.push(`step ${s.step} after ${prev.step}, ${s.log} events logged`);
  if (e.kind !== (prevTop ? 'merge' : 'push')) bad.push(`a ${e.kind} when the top ${prevTop ? 'is' : 'is not'} a peak`);
  if (e.kind === 'push') {
    if (Number(e.coin) !== p || e.value !== String(row[p - 1]) || [...before, e.value].join(' ') !== values.join(' ')) bad.push(`push ${JSON.stringify(e)}: ${before} -> ${values}`);
  } else if (e.kind === 'merge') {
    const [x, y, z, r] = [e.x, e.y, e.z, e.result].map(BigInt);
    const after = [...before.slice(0, -3), e.result].join(' ');
    if (!(x <= y && y >= z) || r !== x - y + z || before.slice(-3).join(' ') !== `${x} ${y} ${z}` || after !== values.join(' ')) {
      bad.push(`merge ${JSON.stringify(e)}: ${before} -> ${values}`);
    }
  }
  return bad;
}

/** The end: the valley, the sorted blocks, the sum, the corner, player 1's total. */
function checkEnd(row, got, want) {
  const bad = [];
  const last = got.snaps[got.snaps.length - 1];
  const values = last.blocks.map((b) => BigInt(b.value));
  for (let i = 1; i + 1 < values.length; i++) if (isPeak(values, i)) bad.push(`a peak left at block ${i + 1}`);
  if (last.pushed !== row.length || !last.final) bad.push(`${last.pushed} coins pushed at the end, the end shown: ${last.final}`);
  const down = [...values].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0));
  const alt = down.reduce((acc, v, i) => (i % 2 ? acc - v : acc + v), 0n);
  if (got.sorted !== down.join(',')) bad.push(`sorted ${got.sorted}, not ${down.join(',')}`);
  const signed = down.map((v, i) => `${i % 2 ? '-' : '+'}${v}`).join(' ');
  if (got.terms.join(' ') !== signed) bad.push(`the terms shown ${got.terms.join(' ')}, not ${signed}`);
  if (!got.sum || got.sum.value !== String(alt) || got.sum.value !== want.margin) bad.push(`sum ${JSON.stringify(got.sum)}, alternating ${alt}, engine ${want.margin}`);
  if (!got.sum || got.sum.corner !== corner(row)) bad.push(`corner ${got.sum && got.sum.corner}, explain ${corner(row)}`);
  if (got.p1 !== want.p1) bad.push(`player 1 ${got.p1}, solve ${want.p1}`);
  const merges = got.snaps.filter((s) => s.last && s.last.kind === 'merge').length;
  if (last.total !== row.length + merges) bad.push(`${last.total} steps for ${row.length} pushes and ${merges} merges`);
  if (!merges && !/No merge was needed/.test(got.text)) bad.push('a row with no merge does not say so');
  return bad;
}

export async function reduceSections(h) {
  const { base, section, ok, note, TIMEOUT, shot } = h;
  const kit = await learnPages(h, 'reduce', { part: 'reduce',
    ready: () => document.body.dataset.view === 'learn' && Number(document.getElementById('reduce-step').dataset.total) > 0 });
  const { page, pp, link, go } = kit;
  const rows = [seeds, ...reduceRows()];

  await kit.rowSections(rows, async (name, row) => {
    const got = await walk(page);
    const want = solve(row);
    const bad = [];
    got.snaps.forEach((s, k) => bad.push(...checkStep(row, s, k ? got.snaps[k - 1] : null, want.margin).map((b) => `step ${s.step}: ${b}`)));
    bad.push(...checkEnd(row, got, want));
    const steps = got.snaps.length - 1;
    ok(bad.length === 0, `${name}: ${row.join(' ')}: ${steps} steps, each one's stack + the coins left worth the engine's margin ${want.margin}, ` +
      'each merge x <= y >= z into x - y + z, odd blocks tiling the coins pushed; the valley\'s alternating sum = the engine\'s margin and the table\'s corner',
    bad.slice(0, 8).join('\n'));
  });

  const state = (pg) => pg.evaluate(() => ({
    step: Number(document.getElementById('reduce-step').dataset.step),
    total: Number(document.getElementById('reduce-step').dataset.total),
    peaks: document.querySelectorAll('#reduce-stack .reduce-block.peak').length,
    say: document.getElementById('reduce-say').textContent,
    live: document.getElementById('reduce-say').getAttribute('aria-live'),
    focus: document.activeElement.id || document.activeElement.tagName,
    sum: document.getElementById('reduce-sum') && !document.getElementById('reduce-final').hidden ? document.getElementById('reduce-sum').dataset.value : null,
    table: Number(document.getElementById('learn-step').dataset.step),
    pressed: document.getElementById('reduce-play').getAttribute('aria-pressed'),
  }));
  const tabTo = async (pg, id, back = false) => {
    for (let k = 0; k < 80 && (await pg.evaluate(() => document.activeElement.id)) !== id; k++) await pg.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    return (await pg.evaluate(() => document.activeElement.id)) === id;
  };

  await section('reduce-keys', page, async () => {
    await go(page, `${base}#view=learn&row=${seeds.join(',')}&step=0`);
    let found = false;
    for (let k = 0; k < 40 && !found; k++) {
      await page.keyboard.press('Tab');
      found = await page.evaluate(() => document.activeElement.matches('.learn-parts button[data-part="reduce"]'));
    }
    await page.keyboard.press('Enter');
    const head = await page.evaluate(() => document.activeElement.id);
    ok(found && head === 'learn-reduce-title', 'reduce-keys: Tab to the nav\'s "3. The O(n) method", Enter: its heading focused', head);
    ok(await tabTo(page, 'reduce-next'), 'reduce-keys: Tab reaches the part\'s Step button');
    for (let k = 0; k < 3; k++) await page.keyboard.press('Enter');
    let got = await state(page);
    ok(got.step === 3 && got.total === 5 && got.peaks === 3 && got.live === 'polite' && got.say === 'Push coin 3 (3). The top three are a peak: 8 <= 15 >= 3.',
      'reduce-keys: Enter three times: step 3 of 5, the peak 8 <= 15 >= 3 marked and said in the polite live region', JSON.stringify(got));
    await page.evaluate(() => document.getElementById('learn-part-reduce').scrollIntoView());
    await shot(page, 'learn-reduce-1280-mid.png');
    await page.keyboard.press('Enter');
    got = await state(page);
    ok(got.step === 4 && got.peaks === 0 && got.say === 'Peak: 8 <= 15 >= 3 becomes 8 - 15 + 3 = -4 (coins 1..3).',
      'reduce-keys: Enter: the merge, in words (8 - 15 + 3 = -4, coins 1..3)', JSON.stringify(got));
    ok(await tabTo(page, 'reduce-back', true), 'reduce-keys: Shift+Tab reaches Back');
    await page.keyboard.press('Enter');
    got = await state(page);
    ok(got.step === 3 && got.peaks === 3 && got.focus === 'reduce-back', 'reduce-keys: Enter on Back: step 3 again, the peak marked', JSON.stringify(got));
    ok(await tabTo(page, 'reduce-end'), 'reduce-keys: Tab reaches End');
    await page.keyboard.press('Enter');
    got = await state(page);
    ok(got.step === 5 && got.sum === '11' && got.focus === 'reduce-end' && /valley/.test(got.say),
      'reduce-keys: Enter on End: the valley, the sum 11 = the margin, the focus kept on End', JSON.stringify(got));
    await page.evaluate(() => document.getElementById('reduce-stack').scrollIntoView());
    await shot(page, 'learn-reduce-1280.png');
    ok(await tabTo(page, 'reduce-start', true), 'reduce-keys: Shift+Tab reaches Start');
    await page.keyboard.press('Enter');
    got = await state(page);
    ok(got.step === 0 && got.sum === null && got.table === 0, 'reduce-keys: Enter on Start: step 0, the end hidden; part 1\'s table never moved', JSON.stringify(got));
    ok(await tabTo(page, 'reduce-play'), 'reduce-keys: Tab reaches Play');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => Number(document.getElementById('reduce-step').dataset.step) >= 1, null, { timeout: TIMEOUT });
    await page.keyboard.press('Enter');
    got = await state(page);
    const later = (await page.waitForTimeout(1500).then(() => state(page))).step;
    ok(got.pressed === 'false' && got.step >= 1 && later === got.step, 'reduce-keys: Enter on Play: it steps by itself; Enter again pauses it', JSON.stringify({ got, later }));
  });

  await section('reduce-phone', pp, async () => {
    const long = rows[10]; // 16 coins, nested peaks
    await go(pp, link(base, long));
    for (let k = 0; k < 9; k++) await pp.click('#reduce-next');
    await pp.evaluate(() => document.getElementById('reduce-say').scrollIntoView());
    await shot(pp, 'learn-reduce-360-mid.png');
    await pp.click('#reduce-end');
    await kit.sideScroll(pp, `reduce-phone: 360 px, ${long.length} coins at the end`, { also: (w) => w.step === w.total,
      more: () => ({ step: document.getElementById('reduce-step').dataset.step, total: document.getElementById('reduce-step').dataset.total }) });
    await pp.evaluate(() => document.getElementById('reduce-final').scrollIntoView());
    await shot(pp, 'learn-reduce-360.png');
    note('screenshots: learn-reduce-1280-mid.png learn-reduce-1280.png learn-reduce-360-mid.png learn-reduce-360.png');
  });

  await kit.errors('the O(n) method\'s pages');
  await kit.close();
}
