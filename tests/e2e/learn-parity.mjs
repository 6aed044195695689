// SPDX-License-Identifier: MIT
/*
 * learn-parity.mjs - the Learn view's part 4, the parity trick (issue 30),
 * end to end. Not a script of its own: public.mjs (make e2e) runs its
 * sections with its browser, its server and its TAP helpers
 * (paritySections(h)). The sums are computed here, best(1,n) is
 * `coinline solve --json`'s p1 (build/coinline spawned), never the page's.
 *
 *   parity-file     from file:// (#view=learn&row=...&part=parity): the
 *                   seeds' row (8 15 3 7) and 20 random rows (2 to 16 coins,
 *                   negatives, zeros, ties, odd and even n): each coin's
 *                   class (#parity-row li data-pos, data-class), #parity-odd
 *                   and #parity-even the sums, #parity-best solve's p1,
 *                   #parity-gain best - max(odd, even) on even n (none on
 *                   odd n, where #parity-body has data-n-odd="true").
 *   parity-serve    the same from coinline serve.
 *   parity-example  #parity-example: its sums, its best (solve), the trick
 *                   truly not optimal there, and no smaller row where it is
 *                   not (2 coins, values 1..6: the trick is the best; every
 *                   row of its length before it in the order: fewest
 *                   coins, smallest largest coin, smallest sum, dictionary
 *                   order; coins from 1), all through solve.
 *   parity-phone    360 px: no horizontal page scroll (16 coins and the
 *                   seeds' row); screenshots learn-parity-1280.png and
 *                   learn-parity-360.png (the part scrolled into view).
 *   parity-errors   no console or page error on any of these pages.
 */

import { allRows, before, learnPages, rowsFrom, solveLines, SEED_ROW as seeds } from './lesson-kit.mjs';

/** solve --json of each row (one run, the classic format on stdin): player 1's totals as BigInt. */
const solveP1 = (rows) => solveLines(rows).map((j) => BigInt(j.p1));

/** 20 rows of 2 to 16 coins from a fixed seed: odd and even n, small values (ties, zeros), negatives. */
const randomRows = () => rowsFrom(0x1f2e3d4c, 20, { first: [2, 16, 15] });

const sums = (row) => row.reduce(([o, e], c, k) => (k % 2 === 0 ? [o + BigInt(c), e] : [o, e + BigInt(c)]), [0n, 0n]);
const max = (a, b) => (a > b ? a : b);

/** The part's hooks. */
const partOf = (page) => page.evaluate(() => {
  const val = (id) => (document.getElementById(id) ? document.getElementById(id).dataset.value : undefined);
  const ex = document.getElementById('parity-example');
  return {
    coins: [...document.querySelectorAll('#parity-row li')].map((li) => `${li.dataset.pos}:${li.dataset.class}:${li.querySelector('.parity-cls').textContent}`),
    odd: val('parity-odd'), even: val('parity-even'), best: val('parity-best'), gain: val('parity-gain'),
    nOdd: document.getElementById('parity-body').dataset.nOdd,
    example: ex ? { ...ex.dataset } : null,
    text: document.getElementById('parity-body').textContent,
  };
});

export async function paritySections(h) {
  const { fileUrl, section, ok } = h;
  const kit = await learnPages(h, 'parity', { part: 'parity', step: 'end', readyId: 'parity-row' });
  const { page, link, go } = kit;
  const rows = [seeds, ...randomRows()];
  const bests = solveP1(rows);

  await kit.rowSections(rows, async (name, row, r) => {
    const got = await partOf(page);
    const [odd, even] = sums(row);
    const best = bests[r];
    const bad = [];
    const classes = row.map((_, k) => `${k + 1}:${k % 2 === 0 ? 'odd' : 'even'}:${k % 2 === 0 ? 'odd' : 'even'}`).join(' ');
    if (got.coins.join(' ') !== classes) bad.push(`coins ${got.coins.join(' ')}`);
    if (got.odd !== String(odd) || got.even !== String(even)) bad.push(`sums ${got.odd}/${got.even}, not ${odd}/${even}`);
    if (got.best !== String(best)) bad.push(`best ${got.best}, solve ${best}`);
    if (row.length % 2 === 0) {
      if (got.gain !== String(best - max(odd, even)) || got.nOdd !== undefined) bad.push(`gain ${got.gain}, not ${best - max(odd, even)}; n-odd ${got.nOdd}`);
      if (best < max(odd, even)) bad.push('solve below the guarantee');
    } else if (got.gain !== undefined || got.nOdd !== 'true' || !/player 2/.test(got.text)) bad.push(`odd n: gain ${got.gain}, n-odd ${got.nOdd}`);
    ok(bad.length === 0, `${name}: ${row.join(' ')} (n=${row.length}): odd ${odd}, even ${even}, best ${best}${row.length % 2 ? ', odd n' : `, gain ${best - max(odd, even)}`}`, bad.join('\n'));
  });

  await section('parity-example', page, async () => {
    await go(page, link(fileUrl, seeds));
    const ex = (await partOf(page)).example;
    const row = ex ? ex.row.split(',').map(Number) : [];
    const [odd, even] = sums(row);
    const [best] = row.length ? solveP1([row]) : [0n];
    ok(row.length % 2 === 0 && ex.odd === String(odd) && ex.even === String(even) && ex.best === String(best) && best > max(odd, even),
      `parity-example: ${row.join(' ')}: odd ${odd}, even ${even}, solve ${best}: the trick is not optimal there`, JSON.stringify(ex));
    const m = Math.max(...row);
    const smaller = [...allRows(2, 6), ...allRows(row.length, m).filter((r) => before(r, row))];
    const got = solveP1(smaller);
    const beaten = smaller.filter((r, k) => got[k] > max(...sums(r)));
    ok(beaten.length === 0 && smaller.length > 0, `parity-example: none of the ${smaller.length} rows before it (2 coins up to 6; ${row.length} coins up to ${m} before it) beats the trick`,
      beaten.slice(0, 5).map((r) => r.join(' ')).join('\n'));
  });

  await kit.partPhone([rows[2], rows[3], seeds], seeds); // 360 px: no side scroll; learn-parity-360.png, -1280.png

  await kit.errors('the parity part\'s pages');
  await kit.close();
}
