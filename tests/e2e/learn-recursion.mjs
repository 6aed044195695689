// SPDX-License-Identifier: MIT
/*
 * learn-recursion.mjs - the Learn view's part 2 (issue 30: the naive
 * recursion's call tree, the repeats, the calls without and with
 * memoisation), end to end. Not a script of its own: public.mjs (make e2e)
 * runs its sections with its browser, its server and its TAP helpers
 * (recursionSections(h)). Every value is checked against `coinline explain
 * --steps --json` of the same row (build/coinline spawned) and against a
 * tree and counts this file builds itself, never against the page's code.
 *
 *   recursion-file   from file:// (build/site), #view=learn&row=...&part=
 *                    recursion, the seeds' row (8 15 3 7), 15 random rows
 *                    of 2..8 coins and 4 of 9..16: each li.rec-call's
 *                    data-margin explain's margin of i..j; the calls'
 *                    number, preorder (f(i+1,j) first), depth and repeat
 *                    marks this file's naive recursion's; #recursion-counts
 *                    the formulas and a memoised recursion counted here;
 *                    over 8 coins no call drawn, #recursion-none, the counts.
 *   recursion-serve  the same from coinline serve.
 *   recursion-pick   a click on a call of 7 coins (lower levels closed):
 *                    exactly its run's copies picked and shown, the words;
 *                    "Memoised calls only" shows 1 + n(n-1) calls, "Open
 *                    all" 2^n - 1, "Top levels" 15. Keyboard only (seeds):
 *                    Tab to the tree (one stop), ArrowDown to f(2,3), Enter
 *                    picks its 2 copies (the table's step unmoved), Enter
 *                    again unpicks, ArrowLeft closes a subtree. Screenshot
 *                    learn-recursion-1280.png.
 *   recursion-contrast  light and dark: every text of the part (the repeat
 *                    marks, the picked copies, the closed calls) 4.5:1;
 *                    axe-core (WCAG 2.2 A/AA) on the part in that state.
 *   recursion-phone  360 px, 8 coins all open and 16 coins: no horizontal
 *                    page scroll (the tree scrolls in its box). Screenshot
 *                    learn-recursion-360.png.
 *   recursion-errors no console or page error on any of these pages.
 */

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { explainSteps, learnPages, rowsFrom, SEED_ROW as seeds } from './lesson-kit.mjs';

/** axe-core's source (tests/e2e/package.json), or null when it is not installed. */
function axeSource() {
  try {
    return readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  } catch {
    return null;
  }
}

/** axe (WCAG 2.2 A/AA) on the recursion's part as it stands: its violations, one line each. */
async function axeOnPart(page, source) {
  await page.evaluate(source);
  return page.evaluate(async () => {
    const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
    const r = await window.axe.run('#learn-part-recursion', { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return r.violations.map((v) => `${v.id} (${v.nodes.length}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
  });
}

/** explain --steps --json of the row: margin by "i,j". */
const margins = (row) => new Map(explainSteps(row).map((s) => [`${s.i},${s.j}`, String(s.margin)]));

/** The naive recursion's calls for n coins, preorder (left child f(i+1,j) first): "i,j,depth,repeat". */
function naiveTree(n) {
  const seen = new Set();
  const out = [];
  const visit = (i, j, d) => {
    out.push(`${i},${j},${d},${seen.has(`${i},${j}`)}`);
    seen.add(`${i},${j}`);
    if (i < j) {
      visit(i + 1, j, d + 1);
      visit(i, j - 1, d + 1);
    }
  };
  visit(1, n, 0);
  return out;
}

/** Calls made by the memoised recursion for n coins, counted by running it: { calls, computes }. */
function memoCount(n) {
  const memo = new Set();
  let calls = 0;
  let computes = 0;
  const f = (i, j) => {
    calls++;
    if (memo.has(`${i},${j}`)) return;
    computes++;
    if (i < j) {
      f(i + 1, j);
      f(i, j - 1);
    }
    memo.add(`${i},${j}`);
  };
  f(1, n);
  return { calls, computes };
}

/** The counts #recursion-counts should carry for n coins (BigInt formulas, as decimal strings). */
function wantCounts(n) {
  const b = BigInt(n);
  const naive = 2n ** b - 1n;
  const distinct = (b * (b + 1n)) / 2n;
  const memo = 1n + b * (b - 1n);
  return { n: String(n), naive: String(naive), distinct: String(distinct), repeats: String(naive - distinct),
    memo: String(memo), lookups: String(memo - distinct) };
}

/** 15 rows of 2..8 coins and 4 of 9..16, from a fixed seed: small values (ties), zeros, negatives. */
const randomRows = () => rowsFrom(0x1d872b41, 19, { span: (k) => (k % 3 === 0 ? 2 : 50),
  size: (k, rand) => (k < 2 ? [2, 8][k] : k < 15 ? rand(2, 8) : k === 15 ? 9 : k === 16 ? 16 : rand(9, 16)) });

/** The parent of the k-th call of a preorder list with depths: the last call before it one level up. */
function parentOf(nodes, k) {
  let p = k - 1;
  while (nodes[p].depth !== nodes[k].depth - 1) p--;
  return nodes[p];
}

/** The part as the page shows it. */
const partOf = (page) => page.evaluate(() => {
  const c = document.getElementById('recursion-counts');
  return {
    nodes: [...document.querySelectorAll('#recursion-tree li.rec-call')].map((li) => ({
      i: Number(li.dataset.i), j: Number(li.dataset.j), margin: li.dataset.margin, repeat: li.dataset.repeat,
      depth: Number(li.dataset.depth), picked: li.dataset.picked === 'true', shown: li.getClientRects().length > 0,
    })),
    counts: c ? { n: c.dataset.n, naive: c.dataset.naive, distinct: c.dataset.distinct, repeats: c.dataset.repeats,
      memo: c.dataset.memo, lookups: c.dataset.lookups } : null,
    none: !!document.getElementById('recursion-none'),
    said: (document.getElementById('recursion-said') || {}).textContent || '',
    step: document.getElementById('learn-step').dataset.step,
    active: document.activeElement && document.activeElement.matches('li.rec-call')
      ? `${document.activeElement.dataset.i},${document.activeElement.dataset.j}` : '',
  };
});

/** In the page: the part's texts checked (and those in a picked call), and those under 4.5:1 with what is behind them. */
const lowContrast = () => {
  const rgb = (t) => (/rgba?\(([^)]*)\)/.exec(t) || [0, '0,0,0,0'])[1].split(/[ ,/]+/).map(Number).concat([1]).slice(0, 4);
  const lum = (c) => {
    const lin = (v) => (v / 255 <= 0.04045 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4);
    return 0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2]);
  };
  const behind = (e) => {
    for (; e; e = e.parentElement) {
      const c = rgb(getComputedStyle(e).backgroundColor);
      if (c[3] > 0) return c;
    }
    return matchMedia('(prefers-color-scheme: dark)').matches ? [18, 18, 18] : [255, 255, 255];
  };
  const sel = '#recursion-body :is(p, dt, dd, pre, h4, button, .rec-f, .rec-run, .rec-mark, .rec-more, .rec-toggle)';
  const all = [...document.querySelectorAll(sel)].filter((e) => e.getClientRects().length && e.textContent.trim()).map((e) => {
    const [a, b] = [lum(rgb(getComputedStyle(e).color)), lum(behind(e))];
    return { text: e.textContent.slice(0, 30), ratio: (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05), picked: !!e.closest('[data-picked="true"]') };
  });
  return { checked: all.length, picked: all.filter((x) => x.picked).length,
    low: all.filter((x) => x.ratio < 4.5).map((x) => `${x.text}: ${x.ratio.toFixed(2)}`) };
};

/** The part's problems for `row` against explain, the tree and the counts built here. */
function compare(got, row) {
  const n = row.length;
  const bad = [];
  const want = wantCounts(n);
  const memo = memoCount(n);
  if (JSON.stringify(got.counts) !== JSON.stringify(want)) bad.push(`counts ${JSON.stringify(got.counts)}, not ${JSON.stringify(want)}`);
  if (String(memo.calls) !== want.memo || String(memo.computes) !== want.distinct) bad.push(`the memoised recursion counted ${JSON.stringify(memo)}`);
  if (n > 8) {
    if (got.nodes.length || !got.none) bad.push(`${n} coins: ${got.nodes.length} calls drawn, #recursion-none ${got.none}`);
    return bad;
  }
  const tree = naiveTree(n);
  const drawn = got.nodes.map((c) => `${c.i},${c.j},${c.depth},${c.repeat}`);
  if (drawn.join(' ') !== tree.join(' ')) bad.push(`tree ${drawn.length} calls ${drawn.slice(0, 12).join(' ')}..., not ${tree.length}: ${tree.slice(0, 12).join(' ')}...`);
  const m = margins(row);
  for (const c of got.nodes) if (c.margin !== m.get(`${c.i},${c.j}`)) bad.push(`f(${c.i},${c.j}) = ${c.margin}, explain ${m.get(`${c.i},${c.j}`)}`);
  if (got.nodes.filter((c) => c.repeat === 'true').length !== Number(want.repeats)) bad.push('the repeat marks are not naive - distinct');
  return bad.slice(0, 8);
}

export async function recursionSections(h) {
  const { base, section, ok, note, shot } = h;
  const kit = await learnPages(h, 'recursion', { part: 'recursion', readyId: 'recursion-counts' });
  const { page, pp, link, go } = kit;
  const rows = [seeds, ...randomRows()];

  await kit.rowSections(rows, async (name, row) => {
    const bad = compare(await partOf(page), row);
    const what = row.length > 8 ? 'no tree, the counts' : `${2 ** row.length - 1} calls in preorder, margins as explain, repeats, the counts`;
    ok(bad.length === 0, `${name}: ${row.join(' ')} (${row.length} coins): ${what}`, bad.join('\n'));
  });

  await section('recursion-pick', page, async () => {
    const row = [4, -2, 9, 0, 9, 3, 5];
    await go(page, link(base, row));
    let got = await partOf(page);
    ok(got.nodes.filter((c) => c.shown).length === 15 && got.nodes.every((c) => c.shown === c.depth <= 3),
      'recursion-pick: 7 coins: the calls down to depth 3 shown (15), the rest closed', `${got.nodes.filter((c) => c.shown).length} shown`);
    await page.locator('#recursion-tree li.rec-call[data-i="2"][data-j="5"] > .rec-label > .rec-f').first().click();
    got = await partOf(page);
    const picked = got.nodes.filter((c) => c.picked);
    ok(picked.length === 3 && picked.every((c) => c.i === 2 && c.j === 5 && c.shown) &&
      /f\(2,5\) = .*calls it 3 times.*called 2 times: computed once, then a lookup/.test(got.said),
    'recursion-pick: a click on f(2,5): its 3 copies picked and shown, none else; the words (3 naive calls, 2 memoised)', `${JSON.stringify(picked)} ${got.said}`);
    await page.click('#recursion-memo');
    got = await partOf(page);
    const memoCalls = got.nodes.filter((c, k) => k === 0 || parentOf(got.nodes, k).repeat === 'false'); // the tree pruned below each repeat
    ok(memoCalls.length === 1 + 7 * 6 && got.nodes.every((c) => c.shown === memoCalls.includes(c)),
      'recursion-pick: "Memoised calls only": exactly the calls whose parent is no repeat shown, 1 + n(n-1) = 43', `${got.nodes.filter((c) => c.shown).length} shown`);
    await page.locator('#recursion-tree li.rec-call[data-i="3"][data-j="5"] > .rec-label > .rec-f').first().click();
    got = await partOf(page);
    const copies = got.nodes.filter((c) => c.picked);
    ok(copies.length === 6 && copies.every((c) => c.i === 3 && c.j === 5 && c.shown) && got.nodes.filter((c) => c.i === 3 && c.j === 5).length === 6,
      'recursion-pick: then a click on f(3,5): its 6 copies picked and opened to (4 were inside closed repeats), none else', `${copies.length} ${got.said}`);
    for (const [id, count, what] of [['#recursion-open', 127, '2^7 - 1 = 127'], ['#recursion-top', 15, '15']]) {
      await page.click(id);
      got = await partOf(page);
      ok(got.nodes.filter((c) => c.shown).length === count, `recursion-pick: ${id}: ${what} calls shown`, `${got.nodes.filter((c) => c.shown).length}`);
    }

    await go(page, link(base, seeds, 3)); // the table at step 3: the tree's keys must not move it
    await page.locator('#learn-row').focus();
    let tabs = 0;
    while (tabs++ < 40 && !(await partOf(page)).active) await page.keyboard.press('Tab');
    got = await partOf(page);
    ok(got.active === '1,4', 'recursion-pick: keyboard: Tab reaches the tree at f(1,4)', `${got.active} after ${tabs} tabs`);
    for (let k = 0; k < 5; k++) await page.keyboard.press('ArrowDown'); // f(2,4) f(3,4) f(4,4) f(3,3) f(2,3)
    await page.keyboard.press('Enter');
    got = await partOf(page);
    const marks = got.nodes.map((c, k) => (c.picked ? k : -1)).filter((k) => k >= 0);
    ok(got.active === '2,3' && marks.join(' ') === '5 9' && got.step === '3' && /f\(2,3\) = 12.*calls it 2 times/.test(got.said),
      'recursion-pick: ArrowDown x5 to f(2,3), Enter: its 2 copies (calls 6 and 10) picked, the table\'s step unmoved', JSON.stringify({ active: got.active, marks, step: got.step, said: got.said }));
    await page.evaluate(() => document.getElementById('recursion-counts').scrollIntoView());
    await shot(page, 'learn-recursion-1280.png');
    await page.keyboard.press('Enter');
    got = await partOf(page);
    ok(got.nodes.every((c) => !c.picked), 'recursion-pick: Enter again: nothing picked', JSON.stringify(got.nodes.filter((c) => c.picked)));
    await page.keyboard.press('ArrowLeft');
    got = await partOf(page);
    ok(got.nodes.filter((c) => c.shown).length === 13 && got.step === '3', 'recursion-pick: ArrowLeft closes f(2,3)\'s subtree (15 - 2 calls shown), the table\'s step unmoved', `${got.nodes.filter((c) => c.shown).length} step ${got.step}`);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('End');
    got = await partOf(page);
    ok(got.active === '1,1' && got.step === '3', 'recursion-pick: ArrowLeft again to the parent, End to the last call f(1,1); the step unmoved', `${got.active} step ${got.step}`);
  });

  await section('recursion-contrast', page, async () => {
    for (const scheme of ['light', 'dark']) {
      await page.emulateMedia({ colorScheme: scheme });
      await go(page, link(base, [3, 9, 1, 4, 7, 2])); // serve: axe fetches the style sheets, which file:// refuses
      await page.click('#recursion-open');
      await page.locator('#recursion-tree li.rec-call[data-i="3"][data-j="4"] > .rec-label > .rec-f').first().click();
      await page.click('#recursion-memo'); // a closed call's "+N calls closed" shown too
      const c = await page.evaluate(lowContrast);
      ok(c.low.length === 0 && c.checked > 100 && c.picked >= 4, `recursion-contrast: ${scheme}: every text of the part (${c.checked}, ${c.picked} in the picked copies) at 4.5:1 or more`, c.low.slice(0, 10).join('\n'));
      const source = axeSource();
      if (!source) note('recursion-contrast: axe-core not installed (npm ci in tests/e2e): axe skipped');
      else {
        const found = await axeOnPart(page, source);
        ok(found.length === 0, `recursion-contrast: ${scheme}: axe on the part (subtrees closed, a run picked): no violation`, found.join('\n'));
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });
  });

  await section('recursion-phone', pp, async () => {
    for (const row of [rows[2], rows[17]]) {
      await go(pp, link(base, row));
      if (row.length <= 8) await pp.click('#recursion-open');
      await kit.sideScroll(pp, `recursion-phone: 360 px, ${row.length} coins`);
      if (row.length <= 8) {
        await pp.locator('#recursion-tree li.rec-call[data-i="2"][data-j="7"] > .rec-label > .rec-f').first().click();
        await pp.evaluate(() => document.getElementById('recursion-tree').closest('.rec-scroll').scrollIntoView());
        await shot(pp, 'learn-recursion-360.png');
      }
    }
  });

  await kit.errors('the recursion\'s pages');
  note('recursion: screenshots learn-recursion-1280.png, learn-recursion-360.png');
  await kit.close();
}
