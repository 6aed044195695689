// SPDX-License-Identifier: MIT
/*
 * learn-greedy.mjs - the Learn view's part 5, greedy fails (issue 30), end
 * to end. Not a script of its own: public.mjs (make e2e) runs its sections
 * with its browser, its server and its TAP helpers (greedySections(h)).
 * The greedy line is `coinline duel --p1 greedy --p2 optimal`'s game
 * (its record, --save), the optimal line and total `coinline solve --json
 * --line=compact`'s (build/coinline spawned), never the page's.
 *
 *   greedy-file     from file:// (#view=learn&row=...&part=greedy): the
 *                   seeds' row (8 15 3 7) and 20 random rows (2 to 16 coins,
 *                   negatives, zeros, ties, odd and even n): #greedy-own's
 *                   data-greedy (duel's player 1 total), data-optimal
 *                   (solve's p1), data-loss; each line's rows (data-k,
 *                   data-player, data-side, data-index, data-coin, the
 *                   running totals) the moves of duel's record and of
 *                   solve's line, replayed here on the row.
 *   greedy-serve    the same from coinline serve.
 *   greedy-example  #greedy-example: the same checks, a loss > 0, and no
 *                   smaller row where greedy loses (2 and 3 coins, values
 *                   1..6; every row of its length before it in the order:
 *                   fewest coins, smallest largest coin, smallest sum,
 *                   dictionary order; coins from 1), all through duel and
 *                   solve; #greedy-strict: duel's greedy loses on it and on
 *                   its mirror.
 *   greedy-phone    360 px: no horizontal page scroll (16 coins and the
 *                   seeds' row); screenshots learn-greedy-1280.png and
 *                   learn-greedy-360.png (the part scrolled into view).
 *   greedy-errors   no console or page error on any of these pages.
 */

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { allRows, before, classic, coinline, learnPages, rowsFrom, solveLines, SEED_ROW as seeds } from './lesson-kit.mjs';

/** duel --p1 greedy --p2 optimal on each row: the games greedy starts, { moves, p1, p2 }. */
function greedyGames(rows) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'greedy-'));
  const file = path.join(dir, 'duel.rec');
  try {
    coinline(['duel', '--p1', 'greedy', '--p2', 'optimal', '-q', '--save', file, '-'], classic(rows));
    const games = readFileSync(file, 'utf8').split(/^game /m).slice(1).map((g) => Object.fromEntries(g.split('\n').slice(1).filter(Boolean).map((l) => {
      const sp = l.indexOf(' ');
      return [l.slice(0, sp), l.slice(sp + 1)];
    })));
    return games.filter((g) => g.p1 === 'greedy').map((g) => {
      const [p1, p2] = g.totals.split(' ').map(BigInt);
      return { row: g.row, moves: g.moves, p1, p2 };
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** solve --json --line=compact of each row: { p1, line }. */
const solved = (rows) => solveLines(rows, ['--line=compact']).map((j) => ({ p1: BigInt(j.p1), line: j.line }));

/** The moves (L/R) replayed on the row: what the page's rows must say. */
function replay(row, moves) {
  const out = [];
  const tot = [0n, 0n];
  let i = 1;
  let j = row.length;
  [...moves].forEach((m, k) => {
    const index = m === 'L' ? i++ : j--;
    const player = (k % 2) + 1;
    tot[player - 1] += BigInt(row[index - 1]);
    out.push(`${k + 1}:${player}:${m === 'L' ? 'left' : 'right'}:${index}:${row[index - 1]}:${tot[0]}:${tot[1]}`);
  });
  return out.join(' ');
}

/** 20 rows of 2 to 16 coins from a fixed seed: odd and even n, small values (ties, zeros), negatives. */
const randomRows = () => rowsFrom(0x5eed6a11, 20, { first: [2, 16, 15] });

/** A case's hooks (#greedy-own or #greedy-example) and its two lines. */
const caseOf = (page, id) => page.evaluate((cid) => {
  const box = document.getElementById(cid);
  if (!box) return null;
  const line = (kind) => [...box.querySelectorAll(`table.greedy-line[data-line="${kind}"] tbody tr`)]
    .map((tr) => ['k', 'player', 'side', 'index', 'coin', 'p1', 'p2'].map((a) => tr.dataset[a]).join(':')).join(' ');
  const strict = document.getElementById('greedy-strict');
  return { ...box.dataset, greedyLine: line('greedy'), optimalLine: line('optimal'), text: box.textContent, strict: strict ? strict.dataset.row : null };
}, id);

/** The case against duel's game and solve's answer: the problems found. */
function compare(got, row, game, sol) {
  const bad = [];
  if (!got) return ['no such box'];
  if (got.row !== row.join(',')) bad.push(`data-row ${got.row}`);
  if (game.row !== row.join(' ')) bad.push(`duel played ${game.row}`);
  if (got.greedy !== String(game.p1)) bad.push(`data-greedy ${got.greedy}, duel ${game.p1}`);
  if (got.optimal !== String(sol.p1)) bad.push(`data-optimal ${got.optimal}, solve ${sol.p1}`);
  if (got.loss !== String(sol.p1 - game.p1)) bad.push(`data-loss ${got.loss}, not ${sol.p1 - game.p1}`);
  if (got.greedyLine !== replay(row, game.moves)) bad.push(`greedy line ${got.greedyLine}\n  duel's ${replay(row, game.moves)}`);
  if (got.optimalLine !== replay(row, sol.line)) bad.push(`optimal line ${got.optimalLine}\n  solve's ${replay(row, sol.line)}`);
  const says = sol.p1 > game.p1 ? new RegExp(`[Gg]reedy loses ${sol.p1 - game.p1} points?`) : /[Gg]reedy is optimal here/;
  if (!says.test(got.text)) bad.push(`the words: ${got.text.slice(0, 200)}`);
  return bad;
}

export async function greedySections(h) {
  const { fileUrl, section, ok } = h;
  const kit = await learnPages(h, 'greedy', { part: 'greedy', step: 'end', readyId: 'greedy-own' });
  const { page, link, go } = kit;
  const rows = [seeds, ...randomRows()];
  const [games, sols] = [greedyGames(rows), solved(rows)]; // duel's and solve's answers, each in one run

  await kit.rowSections(rows, async (name, row, r) => {
    const bad = compare(await caseOf(page, 'greedy-own'), row, games[r], sols[r]);
    ok(bad.length === 0, `${name}: ${row.join(' ')} (n=${row.length}): greedy ${games[r].p1}, optimal ${sols[r].p1}, both lines as duel's and solve's`, bad.join('\n'));
  });

  await section('greedy-example', page, async () => {
    await go(page, link(fileUrl, seeds));
    const got = await caseOf(page, 'greedy-example');
    const row = got ? got.row.split(',').map(Number) : [1];
    const [game] = greedyGames([row]);
    const [sol] = solved([row]);
    const bad = compare(got, row, game, sol);
    ok(bad.length === 0 && sol.p1 > game.p1, `greedy-example: ${row.join(' ')}: greedy ${game.p1}, optimal ${sol.p1}: greedy loses, both lines as duel's and solve's`, bad.join('\n'));
    const smaller = [...allRows(2, 6), ...allRows(3, 6), ...allRows(row.length, Math.max(...row)).filter((r) => before(r, row))];
    const gs = greedyGames(smaller);
    const ss = solved(smaller);
    const lost = smaller.filter((r, k) => ss[k].p1 > gs[k].p1);
    ok(lost.length === 0 && gs.length === smaller.length, `greedy-example: greedy loses on none of the ${smaller.length} rows before it (2 and 3 coins up to 6; ${row.length} coins before it)`,
      lost.slice(0, 5).map((r) => r.join(' ')).join('\n'));
    const strict = got && got.strict ? got.strict.split(',').map(Number) : [1];
    const both = [strict, [...strict].reverse()];
    const sg = greedyGames(both);
    const so = solved(both);
    ok(strict.length > 1 && both.every((_, k) => so[k].p1 > sg[k].p1), `greedy-example: #greedy-strict ${strict.join(' ')}: greedy loses on it and on its mirror`,
      JSON.stringify(sg.map((g, k) => [String(g.p1), String(so[k].p1)])));
  });

  await kit.partPhone([rows[1], rows[2], seeds], seeds); // 360 px: no side scroll; learn-greedy-360.png, -1280.png

  await kit.errors('the greedy part\'s pages');
  await kit.close();
}
