// SPDX-License-Identifier: MIT
/*
 * axe.mjs - the page's three views (Play, Learn with all its parts, Quiz)
 * checked by axe-core (npm, pinned in package.json: the rules of WCAG 2.0,
 * 2.1 and 2.2, A and AA, colour contrast included) in light and dark, at
 * 1280 and 360 px, from coinline serve. Not a script of its own: public.mjs
 * (make e2e) runs its sections with its browser, its server and its TAP
 * helpers (axeSections(h)).
 *
 *   axe-light      every page below, light: 0 violations
 *   axe-dark       the same, dark (prefers-color-scheme: dark)
 *
 * The pages: Play at the start and mid-game (the hint shown); Learn at
 * step 0, mid-table (step 5) and step=end of the seeds' row, of a row of
 * 16 coins with negatives (every part drawn: the recursion's counts, the
 * reduction 7 steps in, parity, greedy) and of 8 coins (the whole call
 * tree open and a call picked, the reduction at its end); Quiz on a
 * question, with a hint, and after an answer. axe runs
 * inside the page (its source passed to page.evaluate, which the page's
 * CSP does not govern); a violation is listed with its rule, impact and
 * the first nodes it names.
 */

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** axe-core's source, or null when it is not installed (then the sections say skipped). */
function axeSource() {
  try {
    return readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  } catch {
    return null;
  }
}

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** axe on the page as it stands: its violations, each in one line with its first nodes. */
async function audit(page, source) {
  await page.evaluate(source);
  const found = await page.evaluate(async (tags) => {
    const r = await window.axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return r.violations.map((v) => ({
      id: v.id, impact: v.impact, help: v.help,
      nodes: v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')}${n.failureSummary ? `: ${n.failureSummary.split('\n').slice(1, 2).join('')}` : ''}`),
      count: v.nodes.length,
    }));
  }, TAGS);
  return found.map((v) => `${v.id} (${v.impact}, ${v.count} node${v.count === 1 ? '' : 's'}): ${v.help}\n  ${v.nodes.join('\n  ')}`);
}

/** Clicks the element of `sel` when the page has a visible one; whether it did. */
async function clickIf(page, sel) {
  const box = page.locator(sel).first();
  if (!(await box.count()) || !(await box.isVisible())) return false;
  await box.click();
  return true;
}

/** The pages to audit: [label, how to get there on `page`]. */
function stops(base, open) {
  const learn = (row, step) => `${base}#view=learn&row=${row}&step=${step}`;
  const row16 = '5,-3,0,12,7,7,-8,4,19,2,0,-1,6,11,-6,3';
  return [
    ['play, start', async (page) => open(page, base)],
    ['play, the hint shown', async (page) => {
      await open(page, `${base}?row=3,9,1,2,8,4`);
      await clickIf(page, '#hint');
      await page.waitForFunction(() => document.body.dataset.busy === 'false');
    }],
    ['learn, step 0', async (page) => open(page, learn('8,15,3,7', 0))],
    ['learn, step 5', async (page) => open(page, learn('8,15,3,7', 5))],
    ['learn, step=end', async (page) => open(page, learn('8,15,3,7', 'end'))],
    ['learn, 16 coins at step=end, the reduction mid-way', async (page) => {
      await open(page, learn(row16, 'end'));
      for (let k = 0; k < 7; k++) await clickIf(page, '#reduce-next');
    }],
    ['learn, 8 coins: the whole call tree, a call picked, the reduction at its end', async (page) => {
      await open(page, learn('3,1,4,1,5,9,2,6', 'end'));
      await clickIf(page, '#recursion-open');
      await clickIf(page, '#recursion-tree li.rec-call[data-i="2"][data-j="3"]');
      await clickIf(page, '#reduce-end');
    }],
    ['quiz, a question', async (page) => open(page, `${base}#view=quiz&seed=7`)],
    ['quiz, a hint and an answer', async (page) => {
      await open(page, `${base}#view=quiz&seed=7`);
      await page.keyboard.press('h');
      await page.keyboard.press('ArrowLeft');
    }],
  ];
}

export async function axeSections(h) {
  const { browser, base, section, ok, note, open } = h;
  const source = axeSource();
  for (const scheme of ['light', 'dark']) {
    await section(`axe-${scheme}`, null, async () => {
      if (!source) {
        note(`skipped: axe-core is not installed (cd tests/e2e && npm ci)`);
        return;
      }
      for (const [width, height] of [[1280, 900], [360, 740]]) {
        const ctx = await browser.newContext({ viewport: { width, height }, colorScheme: scheme, reducedMotion: 'reduce' });
        const page = await ctx.newPage();
        for (const [label, reach] of stops(base, open)) {
          await page.goto('about:blank');
          await reach(page);
          const found = await audit(page, source);
          ok(found.length === 0, `axe-${scheme}: ${label} at ${width} px: no violation of WCAG 2.2 A/AA rules`, found.join('\n'));
        }
        await ctx.close();
      }
    });
  }
}
