#!/usr/bin/env node
// SPDX-License-Identifier: MIT
/*
 * The page ready for the public (issue 17), end to end in real headless
 * Chromium (Debian's /usr/bin/chromium) driven by playwright-core, in the
 * manner of play.mjs (which this file does not replace: run it after).
 *
 *   node tests/e2e/public.mjs
 *
 * The page comes from `coinline serve --port 0` (started here; the port
 * from its "listening on http://127.0.0.1:PORT/" line on stderr), the bad
 * links from the static site as file://$E2E_SITE/index.html too. Every
 * game waits for the page's hooks (body[data-busy="false"],
 * #turn[data-state]; the top comment of web/app.js), with reduced motion;
 * the only fixed pauses (0.3-0.4 s) let a scroll end or show that nothing
 * happened. The checks:
 *
 *   keyboard   a row of 7 coins played by the keyboard alone (Tab to a
 *              control, Enter or Space): after Enter on #take-left and the
 *              engine's reply the focus is on #take-left again, and Enter
 *              again takes a coin; #announce (aria-live="polite") names
 *              each engine move (its coin and side), the hint (#hint) and
 *              the result; the focus ring of an end coin (:focus-visible)
 *              differs from the "playable" halo of the other end. The
 *              moves: Enter on #take-left twice, Enter on an end coin,
 *              ArrowLeft on the last coin; the hint: Space on #hint.
 *   chart      a row the person wins with the engine moving first: the
 *              last point of #chart's polyline.played is above the zero
 *              line (the chart plots you - engine, whoever moved first).
 *   confirm    `n` mid-game opens dialog#confirm-new; #confirm-new-no keeps
 *              the position, #confirm-new-yes starts a new game; at move 0
 *              `n` does not ask.
 *   contrast   light and dark (each from a fresh page in that scheme, then
 *              dark switched live to light with emulateMedia), mid-game
 *              (hint, form error, the heat map open; then dialog#confirm-new
 *              open) and at the end (review, heat map): every visible text
 *              node's colour against its effective background (ancestors'
 *              background-color composited over the page) >= 4.5:1, or
 *              3:1 for large text (24 px, or 18.66 px
 *              bold); text over a background-image is listed, not checked;
 *              the heat map's SVG text against its cell (fill-opacity over
 *              the page); input/select/textarea borders >= 3:1 against the
 *              background around them. WCAG's relative luminance, written
 *              here. Disabled controls are exempt (WCAG 1.4.3).
 *   phone      360 x 740 (touch): a 3-digit and a 20-digit total each on one
 *              line and not cut; #coins on one line, the left end left of
 *              the right end, both ends whole and uncovered; a 1,000-coin row with #turn scrolled to the
 *              top shows #take-left and #take-right whole; the form at the
 *              bottom with min 50 > max 5: the error in the viewport and
 *              aria-invalid="true" on the bad field; a valid start brings
 *              #game's top into view; no visible kbd and no "Keys" line.
 *              Screenshots: phone-3-digits.png, phone-20-digits.png,
 *              phone-1000-coins.png, phone-form-error.png.
 *   focus      div.coin-middle (a Tab stop: it scrolls) shows a focus ring
 *              when Tab reaches it; the arrows there take nothing, and a
 *              redraw keeps the focus there; a 1-coin row:
 *              the last move puts the focus on #play-again, the last undo
 *              on #turn, Enter on #play-again on #turn; "Taken back: 1
 *              coin", "A new game: 1 coin."; a take button's accessible
 *              name starts with its visible label (game over, 10 digits);
 *              the heat map's headers round (1999999: 2.0e6).
 *   history    a typed row of 2,001 coins (#typed=): Back into it after
 *              another game replays it; Back into one the page does not
 *              have says "paste the row" and leaves the form alone.
 *   links      ?size=abc, #size=abc, ?size=0, ?row=, ?row=1,2,x (serve and
 *              file://): #error (role=alert) shown with text, no "Game
 *              over", and a playable default game (#take-left enabled);
 *              ?first=engine&difficulty=perfect alone: the engine starts.
 *   api        the API fallback (engine.js emptied, requests delayed by
 *              page.route): focus moved to #row-input during the reply
 *              stays there (n, h typed there do nothing); Enter on #hint
 *              and #table-toggle keeps the focus; `n` during the reply:
 *              the dialog keeps the focus, and on #confirm-new-no the focus
 *              is on #take-left and #announce names the engine's move; a
 *              failed move (503): an alert, the focus on #retry; then a form
 *              error: not an alert, no #retry, the field focused,
 *              aria-invalid and described by #error-text. Its page is not
 *              in the csp check (the 503 is a console error).
 *   circle-*   the circular game (the pizza game): tests/e2e/circle.mjs says
 *              what (the switch, move 1 anywhere, the engine's replies and
 *              the review against the tool, undo of move 1, keyboard-only
 *              play, the ring at 360 px, a large circle, contrast, the API
 *              fallback).
 *   learn-*    the Learn view (issue 30, the table step by step):
 *              tests/e2e/learn.mjs says what each checks.
 *   layout-*   the layout faults of issue 28: tests/e2e/layout.mjs says
 *              what (the Engine menu's labels, the review table and the
 *              heat map on a phone, a large circle's buttons in view, the
 *              ring's turn after move 1, the heat map's optimal line).
 *   csp        serve's Content-Security-Policy has no 'unsafe-inline' and
 *              locks object-src, base-uri and frame-ancestors; across the
 *              pages above on serve (not the links'), no securitypolicyviolation event
 *              (listened for by an init script), no console error and no
 *              page error.
 *
 * Unlike play.mjs, a failed check does not stop the run: each prints
 * "not ok" with what was seen, the rest still run, and the exit status is
 * 1 when any failed (a failing section leaves a failure-*.png).
 *
 * Environment: COINLINE, E2E_SITE, E2E_OUT, E2E_URL (a server already
 * running, in place of coinline serve), E2E_TIMEOUT, CHROMIUM as in
 * play.mjs; E2E_ONLY, a regular expression: only the sections whose name
 * it matches run (E2E_ONLY=circle: the circle's). Without the browser or tests/e2e/node_modules it prints a TAP
 * skip and exits 0, unless E2E_REQUIRE=1 (then it fails).
 */

import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { circleSections } from './circle.mjs';
import { layoutSections } from './layout.mjs';
import { learnSections } from './learn.mjs';
import { recursionSections } from './learn-recursion.mjs';
import { reduceSections } from './learn-reduce.mjs';
import { paritySections } from './learn-parity.mjs';
import { greedySections } from './learn-greedy.mjs';
import { quizSections } from './quiz.mjs';
import { axeSections } from './axe.mjs';
import { remainingSections } from './remaining.mjs';
import { rowsSections } from './rows.mjs';
import { startServer, stopServer } from './serve.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const COINLINE = path.resolve(root, process.env.COINLINE || 'build/coinline');
const OUT = path.resolve(root, process.env.E2E_OUT || 'build/e2e');
const SITE = path.resolve(root, process.env.E2E_SITE || 'build/site');
const TIMEOUT = Number(process.env.E2E_TIMEOUT || 15000);
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const ONLY = process.env.E2E_ONLY ? new RegExp(process.env.E2E_ONLY) : null;
const started = Date.now();

/* ------------------------------------------------------------------ */
/* TAP: every check prints ok or not ok, and the run goes on           */

let count = 0;
let failed = 0;
const note = (text) => console.log(`# ${text}`);
function ok(cond, what, detail) {
  count++;
  if (cond) {
    console.log(`ok ${count} - ${what}`);
  } else {
    failed++;
    console.log(`not ok ${count} - ${what}`);
    if (detail !== undefined) for (const line of String(detail).split('\n')) console.log(`#   ${line}`);
  }
  return !!cond;
}
const show = (v) => JSON.stringify(v);

/** The lines of a list, each once, with its count when repeated. */
function once(lines) {
  const seen = new Map();
  for (const l of lines) seen.set(l, (seen.get(l) || 0) + 1);
  const all = [...seen].map(([l, k]) => (k > 1 ? `${l} (x${k})` : l));
  return (all.length > 12 ? all.slice(0, 12).concat([`... and ${all.length - 12} more`]) : all).join('\n');
}

/** Runs one section; an exception (a timeout, say) is one "not ok" and a screenshot. */
async function section(name, page, fn) {
  if (ONLY && !ONLY.test(name)) return;
  note(`--- ${name}`);
  const t0 = Date.now();
  try {
    await fn();
    note(`${name}: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  } catch (e) {
    ok(false, `${name}: the section ran to its end`, (e && e.message) || String(e));
    if (page && !page.isClosed()) {
      const file = path.join(OUT, `failure-public-${name}.png`);
      await page.screenshot({ path: file, fullPage: true }).catch(() => {});
      note(`failure screenshot ${path.relative(root, file)}`);
    }
  }
}

function skip(reason) {
  if (process.env.E2E_REQUIRE === '1') {
    console.log(`not ok 1 - ${reason}`);
    console.log('1..1');
    process.exit(1);
  }
  console.log(`1..0 # SKIP ${reason}`);
  process.exit(0);
}

/* ------------------------------------------------------------------ */
/* The page                                                            */

/** Page errors, console errors, CSP violations (with the init script below), for the csp check. */
function watch(page, label, sink) {
  page.on('pageerror', (e) => sink.push(`${label}: page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') sink.push(`${label}: console error: ${m.text()}`);
  });
}
// Runs before the page's scripts: keeps every securitypolicyviolation event.
const CSP_LISTENER = () => {
  window.__cspViolations = [];
  document.addEventListener('securitypolicyviolation', (e) => {
    window.__cspViolations.push(`${e.violatedDirective} blocked ${e.blockedURI || '(inline)'} ` +
      `at ${e.sourceFile || ''}:${e.lineNumber || 0} ${e.sample ? `"${e.sample}"` : ''}`);
  });
};

async function open(page, url) {
  await page.goto(url, { waitUntil: 'load', timeout: TIMEOUT });
  await page.waitForFunction(() => document.body.dataset.engine && document.body.dataset.busy === 'false',
    null, { timeout: TIMEOUT });
}

/** Idle at the person's turn or the end, with at least `moves` moves. */
async function settle(page, moves, timeout = TIMEOUT) {
  await page.waitForFunction(
    (min) => {
      const turn = document.getElementById('turn').dataset.state;
      return document.body.dataset.busy === 'false' && (turn === 'you' || turn === 'over') &&
        document.getElementById('coins').dataset.moves.length >= min;
    },
    moves,
    { timeout }
  );
}

const moves = (page) => page.evaluate(() => document.getElementById('coins').dataset.moves);
const activeId = (page) => page.evaluate(() => {
  const a = document.activeElement;
  if (!a || a === document.body) return 'body';
  return a.id ? `#${a.id}` : `${a.tagName.toLowerCase()}${a.className ? `.${String(a.className).split(' ').join('.')}` : ''}` +
    (a.dataset && a.dataset.end ? `[data-end=${a.dataset.end}]` : '');
});
const announceText = (page) => page.evaluate(() => {
  const a = document.getElementById('announce');
  return a ? a.textContent.trim() : null;
});

/** Presses Tab (or Shift+Tab) until the focused element matches `sel`; false if it never does. */
async function tabTo(page, sel, back = false) {
  for (let k = 0; k < 60; k++) {
    if (await page.evaluate((s) => !!document.activeElement && document.activeElement.matches(s), sel)) return true;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  return page.evaluate((s) => !!document.activeElement && document.activeElement.matches(s), sel);
}

/** Waits up to `ms` for #announce's text to pass `test` (a regexp list); returns the text. */
async function waitAnnounce(page, patterns, ms = 3000) {
  const sources = patterns.map((p) => [p.source, p.flags]);
  try {
    await page.waitForFunction((pats) => {
      const a = document.getElementById('announce');
      return !!a && pats.every(([s, f]) => new RegExp(s, f).test(a.textContent));
    }, sources, { timeout: ms });
  } catch {
    /* the caller reports what is there */
  }
  return announceText(page);
}
const word = (text) => new RegExp(`(^|[^0-9])${text.replace(/[-]/g, '\\-')}([^0-9]|$)`);

async function shot(page, name, fullPage = false) {
  const file = path.join(OUT, name);
  await page.screenshot({ path: file, fullPage });
  note(`screenshot ${path.relative(root, file)}`);
}

/* ------------------------------------------------------------------ */
/* keyboard: a whole game without the mouse, with its announcements   */

async function keyboardGame(page, base) {
  // 7 coins, the person first, the perfect engine: the person moves 1, 3, 5 and 7.
  const row = [3, 8, 4, 11, 5, 9, 2];
  await open(page, `${base}#row=${row.join(',')}&seed=0&difficulty=perfect&first=you&moves=`);
  await settle(page, 0);

  const live = await page.evaluate(() => {
    const a = document.getElementById('announce');
    return a ? { live: a.getAttribute('aria-live'), text: a.textContent } : null;
  });
  ok(live && live.live === 'polite', '#announce exists with aria-live="polite"', `got ${show(live)}`);

  // Move 1: Tab to #take-left, Enter.
  ok(await tabTo(page, '#take-left'), 'Tab reaches #take-left', `focus on ${await activeId(page)}`);
  const before1 = await announceText(page);
  await page.keyboard.press('Enter');
  await settle(page, 2);
  eq2(await moves(page), 'L', 'Enter on #take-left took the left coin and the engine replied', (m) => m.startsWith('L') && m.length === 2);
  const focus1 = await activeId(page);
  ok(focus1 === '#take-left', 'after the engine\'s reply the focus is on #take-left again', `focus on ${focus1}`);
  const engine1 = await lastMove(page);
  const a1 = await waitAnnounce(page, [word(engine1.value), new RegExp(engine1.side, 'i')]);
  ok(a1 !== null && a1 !== before1 && word(engine1.value).test(a1) && new RegExp(engine1.side, 'i').test(a1),
    `#announce names the engine's move (${engine1.value} from the ${engine1.side})`, `#announce: ${show(a1)}`);
  note(`#announce: ${show(a1)}`);

  // Move 2: Enter again, where the focus is.
  await page.keyboard.press('Enter');
  let advanced = true;
  try {
    await settle(page, 4, 4000); // the reply takes milliseconds: no need to wait long for nothing
  } catch {
    advanced = false;
  }
  const m2 = await moves(page);
  ok(advanced && m2.length === 4, 'Enter again takes another coin (the move count advances)', `moves ${show(m2)}, focus on ${await activeId(page)}`);
  if (!advanced) { // go on by the keyboard all the same
    await tabTo(page, '#take-left');
    await page.keyboard.press('Enter');
    await settle(page, 4);
  }
  const engine2 = await lastMove(page);
  const a2 = await waitAnnounce(page, [word(engine2.value), new RegExp(engine2.side, 'i')]);
  ok(a2 !== null && word(engine2.value).test(a2) && new RegExp(engine2.side, 'i').test(a2),
    `#announce names the engine's second move (${engine2.value} from the ${engine2.side})`, `#announce: ${show(a2)}`);
  note(`#announce: ${show(a2)}`);

  // 3 coins left: the focus ring of an end coin against the other end's halo.
  const onCoin = await tabTo(page, '#coins button.coin[data-end="left"]:not(:disabled)');
  ok(onCoin, 'Tab reaches the left end coin', `focus on ${await activeId(page)}`);
  const ring = await page.evaluate(() => {
    const look = (el) => {
      const cs = getComputedStyle(el);
      return { outline: `${cs.outlineStyle} ${cs.outlineWidth} ${cs.outlineColor} ${cs.outlineOffset}`, boxShadow: cs.boxShadow };
    };
    const l = document.querySelector('#coins button.coin[data-end="left"]');
    const r = document.querySelector('#coins button.coin[data-end="right"]');
    return { focusVisible: l.matches(':focus-visible'), focused: look(l), unfocused: look(r), rightEnabled: !r.disabled };
  });
  ok(ring.focusVisible && ring.rightEnabled &&
    (ring.focused.outline !== ring.unfocused.outline || ring.focused.boxShadow !== ring.unfocused.boxShadow),
  'a focused end coin (:focus-visible) looks other than the playable end coin (outline/box-shadow)', show(ring));

  // The hint: Tab to #hint, Space.
  ok(await tabTo(page, '#hint'), 'Tab reaches #hint', `focus on ${await activeId(page)}`);
  const beforeHint = await announceText(page);
  await page.keyboard.press('Space');
  await page.waitForFunction(() => document.body.dataset.busy === 'false' && !document.getElementById('hint-text').hidden,
    null, { timeout: TIMEOUT });
  const hint = await page.evaluate(() => ({ ...document.getElementById('hint-text').dataset }));
  const ah = await waitAnnounce(page, [/hint/i, word(hint.coin)]);
  ok(ah !== null && ah !== beforeHint && /hint/i.test(ah) && word(hint.coin).test(ah) && new RegExp(hint.move, 'i').test(ah),
    `#announce gives the hint (take ${hint.coin} from the ${hint.move})`, `#announce: ${show(ah)}`);
  note(`#announce: ${show(ah)}`);

  // Move 3: the hinted end coin, focused by Shift+Tab, Enter.
  const hinted = `#coins button.coin[data-end="${hint.move}"]:not(:disabled)`;
  ok(await tabTo(page, hinted, true), `Shift+Tab reaches the ${hint.move} end coin`, `focus on ${await activeId(page)}`);
  await page.keyboard.press('Enter');
  await settle(page, 6);
  ok((await moves(page)).length === 6, 'Enter on an end coin takes it (and the engine replies)', `moves ${await moves(page)}`);

  // Move 4, the last: the arrow key with the focus on the coin left.
  ok(await tabTo(page, '#coins button.coin[data-end]:not(:disabled)'), 'Tab reaches the last coin',
    `focus on ${await activeId(page)}`);
  await page.keyboard.press('ArrowLeft');
  await settle(page, 7);
  const end = await page.evaluate(() => ({
    turn: document.getElementById('turn').dataset.state,
    text: document.getElementById('turn').textContent,
    p1: document.getElementById('p1-total').textContent,
    p2: document.getElementById('p2-total').textContent,
  }));
  ok(end.turn === 'over', 'ArrowLeft on the focused last coin took it: the whole game was played by the keyboard alone, to its result', show(end));
  const margin = BigInt(end.p1) - BigInt(end.p2);
  const abs = (margin < 0n ? -margin : margin).toString();
  const resultRe = margin === 0n ? /draw/i : /win|won|lose|lost/i;
  const ar = await waitAnnounce(page, [resultRe, word(abs)]);
  ok(ar !== null && resultRe.test(ar) && word(abs).test(ar),
    `#announce gives the result (${margin === 0n ? 'a draw' : `a margin of ${abs}`})`, `#announce: ${show(ar)}`);
  note(`#announce: ${show(ar)}`);
  await page.waitForFunction(() => !document.getElementById('analysis').hidden, null, { timeout: TIMEOUT }).catch(() => {});
}

/** ok() on pred(got). */
function eq2(got, want, what, pred) {
  return ok(pred(got), what, `got ${show(got)} (want like ${show(want)})`);
}

/** The last move of #history: {value, side ('left' | 'right'), player}. */
function lastMove(page) {
  return page.evaluate(() => {
    const li = document.querySelector('#history li:last-child');
    return { value: li.dataset.value, side: li.dataset.side === 'R' ? 'right' : 'left', player: li.dataset.player };
  });
}

/* ------------------------------------------------------------------ */
/* chart: you - engine when the engine moved first                     */

async function chartGame(page, base) {
  // The engine (perfect) moves first on 1 100 1: it takes a 1, the person the 100.
  await open(page, `${base}#row=1,100,1&seed=0&difficulty=perfect&first=engine&moves=`);
  await settle(page, 1);
  await page.click('#coins button.coin[data-value="100"]:not(:disabled)', { timeout: TIMEOUT });
  await settle(page, 3);
  await page.waitForFunction(() => !document.getElementById('analysis').hidden &&
    document.querySelector('#chart polyline.played'), null, { timeout: TIMEOUT });
  const c = await page.evaluate(() => {
    const pts = document.querySelector('#chart polyline.played').getAttribute('points').trim().split(/\s+/)
      .map((p) => p.split(',').map(Number));
    const zero = document.querySelector('#chart line.zero');
    return {
      winner: document.getElementById('winner').dataset.winner,
      last: pts[pts.length - 1],
      zeroY: zero ? Number(zero.getAttribute('y1')) : null,
      who: document.getElementById('chart-who') ? document.getElementById('chart-who').textContent : null,
    };
  });
  ok(c.winner === 'you', 'the person wins 100 to 2 with the engine moving first', show(c));
  ok(c.zeroY !== null && c.last[1] < c.zeroY,
    'the chart\'s last played point is above the zero line (it plots you - engine)',
    `last point y ${c.last[1]}, zero line y ${c.zeroY}; legend "${c.who}"`);
}

/* ------------------------------------------------------------------ */
/* confirm: n mid-game asks first                                      */

async function confirmNew(page, base) {
  await open(page, `${base}#row=4,7,1,9,2,6&seed=0&difficulty=perfect&first=you&moves=`);
  await settle(page, 0);
  const state = () => page.evaluate(() => {
    const d = document.getElementById('confirm-new');
    return {
      moves: document.getElementById('coins').dataset.moves,
      game: window.coinline.state.game,
      dialog: d ? d.tagName.toLowerCase() : null,
      open: !!d && (d.open === true || d.hasAttribute('open')),
    };
  });
  const pressN = async () => {
    await page.evaluate(() => document.activeElement && document.activeElement.blur());
    await page.keyboard.press('n');
  };

  // At move 0: a new game at once.
  const s0 = await state();
  await pressN();
  await page.waitForFunction((g) => window.coinline.state.game > g || document.getElementById('confirm-new')?.open,
    s0.game, { timeout: 2000 }).catch(() => {});
  await settle(page, 0);
  const s1 = await state();
  ok(!s1.open && s1.game > s0.game && s1.moves === '', 'at move 0 `n` starts a new game without asking', show({ before: s0, after: s1 }));
  if (s1.open) await page.evaluate(() => document.getElementById('confirm-new').close());

  // Mid-game: it asks.
  await page.click('#take-left');
  await settle(page, 2);
  const mid = await state();
  await pressN();
  await page.waitForFunction(() => document.getElementById('confirm-new')?.open, null, { timeout: 2000 }).catch(() => {});
  const d1 = await state();
  ok(d1.dialog === 'dialog' && d1.open && d1.moves === mid.moves && d1.game === mid.game,
    '`n` mid-game opens dialog#confirm-new (and nothing else yet)', show({ before: mid, after: d1 }));
  if (!d1.open) return;
  await page.click('#confirm-new-no', { timeout: 2000 });
  const d2 = await state();
  ok(!d2.open && d2.moves === mid.moves && d2.game === mid.game, '#confirm-new-no closes it and keeps the position', show(d2));
  await pressN();
  await page.waitForFunction(() => document.getElementById('confirm-new')?.open, null, { timeout: 2000 }).catch(() => {});
  await page.click('#confirm-new-yes', { timeout: 2000 });
  await settle(page, 0);
  const d3 = await state();
  ok(!d3.open && d3.moves === '' && d3.game > mid.game, '`n` then #confirm-new-yes starts a new game at move 0', show(d3));
}

/* ------------------------------------------------------------------ */
/* contrast                                                            */

// In the page: every visible text node, the heat map and the form controls.
// Written for this test from WCAG 2's definitions.
const CONTRAST = (rootSelector) => {
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = 1;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  const cache = new Map();
  /** Any CSS colour as [r, g, b, a] (0..255, alpha 0..1). */
  function rgba(text) {
    if (cache.has(text)) return cache.get(text);
    let out = null;
    let m = /^rgba?\(\s*([\d.]+)[ ,]+([\d.]+)[ ,]+([\d.]+)(?:\s*[,/]\s*([\d.]+%?))?\s*\)$/.exec(text);
    if (m) {
      const a = m[4] === undefined ? 1 : m[4].endsWith('%') ? parseFloat(m[4]) / 100 : parseFloat(m[4]);
      out = [+m[1], +m[2], +m[3], a];
    } else if ((m = /^color\(srgb\s+([-\d.e]+)\s+([-\d.e]+)\s+([-\d.e]+)(?:\s*\/\s*([\d.]+%?))?\s*\)$/.exec(text))) {
      const a = m[4] === undefined ? 1 : m[4].endsWith('%') ? parseFloat(m[4]) / 100 : parseFloat(m[4]);
      out = [m[1], m[2], m[3]].map((v) => Math.min(255, Math.max(0, parseFloat(v) * 255))).concat([a]);
    } else if (text === 'transparent' || text === 'none' || text === '') {
      out = [0, 0, 0, 0];
    } else { // oklab(), lab(), ...: let a canvas convert it
      ctx.clearRect(0, 0, 1, 1);
      ctx.fillStyle = 'rgba(0,0,0,0)';
      ctx.fillStyle = text;
      ctx.fillRect(0, 0, 1, 1);
      const d = ctx.getImageData(0, 0, 1, 1).data;
      out = [d[0], d[1], d[2], d[3] / 255];
    }
    cache.set(text, out);
    return out;
  }
  /** `top` (with alpha) over the opaque `under`. */
  const over = (top, under) => [0, 1, 2].map((k) => top[k] * top[3] + under[k] * (1 - top[3])).concat([1]);
  /** WCAG 2 relative luminance of an opaque sRGB colour. */
  function luminance(c) {
    const lin = (v) => {
      const s = v / 255;
      return s <= 0.04045 ? s / 12.92 : Math.pow((s + 0.055) / 1.055, 2.4);
    };
    return 0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2]);
  }
  function ratio(a, b) {
    const la = luminance(a);
    const lb = luminance(b);
    return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
  }
  const dark = matchMedia('(prefers-color-scheme: dark)').matches;
  const canvasColour = dark ? [18, 18, 18, 1] : [255, 255, 255, 1];
  /** The opaque colour behind `el`, or {image: element} when a background-image is in the way. */
  function background(el) {
    const layers = [];
    for (let e = el; e; e = e.parentElement) {
      const cs = getComputedStyle(e);
      if (cs.backgroundImage && cs.backgroundImage !== 'none') return { image: e };
      const c = rgba(cs.backgroundColor);
      if (c[3] > 0) layers.push(c);
      if (c[3] >= 1) break;
    }
    let colour = canvasColour;
    for (let k = layers.length - 1; k >= 0; k--) colour = over(layers[k], colour);
    return { colour };
  }
  /** The product of the opacities of el and its ancestors. */
  function opacity(el) {
    let o = 1;
    for (let e = el; e; e = e.parentElement) o *= parseFloat(getComputedStyle(e).opacity);
    return o;
  }
  function selector(el) {
    const parts = [];
    for (let e = el; e && parts.length < 4; e = e.parentElement) {
      let s = e.tagName.toLowerCase();
      if (e.id) {
        parts.unshift(`${s}#${e.id}`);
        break;
      }
      if (e.classList && e.classList.length) s += `.${[...e.classList].slice(0, 2).join('.')}`;
      parts.unshift(s);
    }
    return parts.join(' > ');
  }
  /** Shown to the eye: rendered, not clipped to a pixel (visually-hidden), with a box. */
  function visible(el, node) {
    if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
    for (let e = el; e; e = e.parentElement) {
      const cs = getComputedStyle(e);
      if (cs.overflow !== 'visible' || cs.clipPath !== 'none' || cs.clip !== 'auto') {
        const r = e.getBoundingClientRect();
        if (r.width <= 2 || r.height <= 2) return false;
      }
    }
    const range = document.createRange();
    range.selectNodeContents(node);
    const r = range.getBoundingClientRect();
    return r.width > 1 && r.height > 1;
  }
  const fmt = (c) => `rgb(${c.slice(0, 3).map((v) => Math.round(v)).join(',')})`;

  const failures = [];
  const images = [];
  let checked = 0;
  let disabled = 0;
  const root = rootSelector ? document.querySelector(rootSelector) : document.body;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent.replace(/\s+/g, ' ').trim();
    const el = node.parentElement;
    if (!text || !el || el.closest('script, style, title, #table')) continue;
    if (!visible(el, node)) continue;
    const control = el.closest('button, input, select, textarea, fieldset');
    if (control && control.disabled) {
      disabled++;
      continue;
    }
    const cs = getComputedStyle(el);
    const inSvg = el instanceof SVGElement;
    const fg = rgba(inSvg ? cs.fill : cs.color);
    if (inSvg && fg[3] === 0) continue;
    const bgEl = inSvg ? el.ownerSVGElement || el : el;
    const bg = background(bgEl);
    if (bg.image) {
      images.push(`${selector(el)} "${text.slice(0, 30)}" (background-image on ${selector(bg.image)})`);
      continue;
    }
    const alpha = fg[3] * opacity(el) * (inSvg ? parseFloat(cs.fillOpacity || '1') : 1);
    const colour = over([fg[0], fg[1], fg[2], alpha], bg.colour);
    const size = parseFloat(cs.fontSize);
    const weight = parseInt(cs.fontWeight, 10) || 400;
    const large = size >= 24 || (size >= 18.66 && weight >= 700);
    const need = large ? 3 : 4.5;
    const r = ratio(colour, bg.colour);
    checked++;
    if (r < need) {
      failures.push(`${selector(el)} "${text.slice(0, 40)}": ${r.toFixed(2)} < ${need} (${fmt(colour)} on ${fmt(bg.colour)}, ${size}px/${weight})`);
    }
  }

  // The heat map: each text against the rect of its cell (fill-opacity over the page).
  const table = rootSelector ? null : document.getElementById('table');
  const heat = { checked: 0, failures: [], shown: false };
  if (table && table.checkVisibility() && table.getBoundingClientRect().width > 0) {
    heat.shown = true;
    const page = background(table);
    for (const t of table.querySelectorAll('text')) {
      const text = [...t.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent).join('').trim();
      if (!text) continue;
      const cs = getComputedStyle(t);
      if (cs.display === 'none' || cs.visibility === 'hidden') continue;
      let under = page.colour || canvasColour;
      const box = t.getBBox();
      const cx = box.x + box.width / 2;
      const cy = box.y + box.height / 2;
      // The rect it sits in: its group's, else any rect.cell around its centre.
      let rect = t.parentNode.querySelector(':scope > rect');
      if (!rect) {
        rect = [...table.querySelectorAll('rect')].find((r) => {
          const b = r.getBBox();
          return cx >= b.x && cx <= b.x + b.width && cy >= b.y && cy <= b.y + b.height;
        }) || null;
      }
      if (rect) {
        const rs = getComputedStyle(rect);
        const f = rgba(rs.fill);
        const fo = parseFloat(rs.fillOpacity || '1') * f[3];
        under = over([f[0], f[1], f[2], fo], under);
      }
      const fg = rgba(cs.fill);
      const colour = over([fg[0], fg[1], fg[2], fg[3] * parseFloat(cs.fillOpacity || '1') * opacity(t.parentElement)], under);
      const size = parseFloat(cs.fontSize);
      const weight = parseInt(cs.fontWeight, 10) || 400;
      const need = size >= 24 || (size >= 18.66 && weight >= 700) ? 3 : 4.5;
      const r = ratio(colour, under);
      heat.checked++;
      if (r < need) {
        const cell = rect ? `cell ${rect.dataset.i},${rect.dataset.j} ${rect.getAttribute('class')}` : 'no cell';
        heat.failures.push(`#table text.${t.getAttribute('class')} "${text}" (${cell}): ${r.toFixed(2)} < ${need} (${fmt(colour)} on ${fmt(under)})`);
      }
    }
  }

  // Form controls: the border against the background around the control.
  const borders = { checked: 0, failures: [] };
  for (const c of root.querySelectorAll('input, select, textarea')) {
    if (c.type === 'hidden' || !c.checkVisibility() || c.getBoundingClientRect().width === 0) continue;
    const cs = getComputedStyle(c);
    const outside = background(c.parentElement);
    if (outside.image) continue;
    const width = parseFloat(cs.borderTopWidth);
    const edge = width > 0 && cs.borderTopStyle !== 'none'
      ? over(rgba(cs.borderTopColor), outside.colour)
      : over(rgba(cs.backgroundColor), outside.colour); // no border: the control's own fill is its edge
    const r = ratio(edge, outside.colour);
    borders.checked++;
    if (r < 3) borders.failures.push(`${selector(c)}: ${r.toFixed(2)} < 3 (${width > 0 ? 'border' : 'fill'} ${fmt(edge)} on ${fmt(outside.colour)})`);
  }
  return { dark, checked, disabled, failures, images, heat, borders };
};

async function contrast(browser, base, sink) {
  const row = [6, 2, 9, 4, 7, 1, 8, 3];
  for (const scheme of ['light', 'dark']) {
    // The scheme from the start: the page draws everything in it.
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce', colorScheme: scheme });
    await ctx.addInitScript(CSP_LISTENER);
    const page = await ctx.newPage();
    watch(page, `contrast ${scheme}`, sink.problems);
    sink.pages.push(page);
    await open(page, `${base}#row=${row.join(',')}&seed=0&difficulty=perfect&first=you&moves=`);
    await settle(page, 0);
    await page.click('#take-right');
    await settle(page, 2);
    await page.click('#table-toggle');
    await page.waitForFunction(() => document.body.dataset.busy === 'false' && !document.getElementById('table-section').hidden,
      null, { timeout: TIMEOUT });
    await page.click('#hint');
    await page.waitForFunction(() => document.body.dataset.busy === 'false' && !document.getElementById('hint-text').hidden,
      null, { timeout: TIMEOUT });
    // A form error, mid-game.
    await page.fill('#min', '50');
    await page.fill('#max', '5');
    await page.click('#new-game');
    await page.waitForFunction(() => !document.getElementById('error').hidden || document.querySelector('[aria-invalid="true"]'),
      null, { timeout: TIMEOUT }).catch(() => {});
    await page.evaluate(() => document.activeElement && document.activeElement.blur());
    await walk(page, scheme, 'mid-game (hint, form error, heat map)');
    await shot(page, `contrast-${scheme}.png`, true);
    // The dialog of `n` mid-game.
    await page.keyboard.press('n');
    const asked = await page.waitForFunction(() => document.getElementById('confirm-new')?.open, null, { timeout: 2000 })
      .then(() => true, () => false);
    if (ok(asked, `${scheme}: \`n\` mid-game opens dialog#confirm-new`)) {
      const d = await page.evaluate(CONTRAST, 'dialog#confirm-new');
      ok(d.checked > 0 && d.failures.length === 0,
        `${scheme}: dialog#confirm-new's text >= 4.5:1 (3:1 large) against its background (${d.checked} checked)`,
        once(d.failures) || 'no text found in it');
      await page.click('#confirm-new-no');
    }

    await page.fill('#min', '1');
    await page.fill('#max', '20');
    let s = await moves(page);
    while (s.length < row.length) {
      await page.click('#take-left');
      await settle(page, s.length + 1);
      s = await moves(page);
    }
    await page.waitForFunction(() => document.body.dataset.busy === 'false' && !document.getElementById('analysis').hidden &&
      !document.getElementById('table-section').hidden, null, { timeout: TIMEOUT });
    await walk(page, scheme, 'game over (review, heat map)');
    if (scheme === 'dark') {
      // The person's system switches to light with the page open.
      await page.emulateMedia({ colorScheme: 'light' });
      // The page hears of it at its next frame (matchMedia's change event): two frames.
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      await walk(page, 'light', 'after a live switch from dark (game over)');
    }
    await ctx.close();
  }
}

async function walk(page, scheme, state) {
  // Let any transition of the colours end.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), null,
    { timeout: 3000 }).catch(() => {});
  const r = await page.evaluate(CONTRAST);
  if (r.dark !== (scheme === 'dark')) ok(false, `${scheme}: the page sees prefers-color-scheme ${scheme}`);
  ok(r.checked > 20 && r.failures.length === 0,
    `${scheme}, ${state}: every visible text >= 4.5:1 (3:1 large) against its background (${r.checked} checked, ${r.disabled} in disabled controls skipped)`,
    once(r.failures) || `only ${r.checked} text nodes found`);
  if (r.images.length) note(`${scheme}: over a background-image, not checked: ${r.images.join('; ')}`);
  ok(r.heat.shown && r.heat.checked > 0 && r.heat.failures.length === 0,
    `${scheme}, ${state}: the heat map's text >= 4.5:1 against its cell (${r.heat.checked} checked)`,
    r.heat.shown ? once(r.heat.failures) : 'the heat map is not shown');
  ok(r.borders.checked >= 5 && r.borders.failures.length === 0,
    `${scheme}, ${state}: input/select/textarea borders >= 3:1 against the background (${r.borders.checked} checked)`,
    once(r.borders.failures));
}

/* ------------------------------------------------------------------ */
/* phone                                                               */

/** Each total on one line (height <= 1.5 line-heights), not cut, inside the viewport. */
function totalsOneLine(page) {
  return page.evaluate(() => ['p1-total', 'p2-total'].map((id) => {
    const e = document.getElementById(id);
    const cs = getComputedStyle(e);
    const size = parseFloat(cs.fontSize);
    const lh = cs.lineHeight === 'normal' ? 1.25 * size : parseFloat(cs.lineHeight);
    const range = document.createRange();
    range.selectNodeContents(e);
    const r = range.getBoundingClientRect();
    const box = e.getBoundingClientRect();
    return {
      id, text: e.textContent, height: Math.round(r.height), lineHeight: lh,
      lines: new Set([...range.getClientRects()].map((q) => Math.round(q.top))).size,
      cut: e.scrollWidth > e.clientWidth + 1, right: Math.round(Math.max(r.right, box.right)), width: window.innerWidth,
    };
  }));
}
function checkTotals(t, what) {
  for (const x of t) {
    ok(x.height <= 1.5 * x.lineHeight && x.lines === 1, `${what}: #${x.id} (${x.text.length} characters) on one line`,
      `height ${x.height}px, line-height ${x.lineHeight}px, ${x.lines} line(s)`);
    ok(!x.cut && x.right <= x.width, `${what}: #${x.id} not cut and inside the ${x.width}-px viewport`,
      `scrollWidth > clientWidth: ${x.cut}, right edge ${x.right}px`);
  }
}
function coinsLine(page) {
  return page.evaluate(() => {
    const coins = [...document.querySelectorAll('#coins .coin')].filter((c) => c.checkVisibility());
    const tops = coins.map((c) => c.getBoundingClientRect().top);
    const l = document.querySelector('#coins .coin[data-end="left"]');
    const r = document.querySelector('#coins .coin[data-end="right"]');
    const box = document.getElementById('coins').getBoundingClientRect();
    const inside = (e) => {
      if (!e) return false;
      const q = e.getBoundingClientRect();
      return q.left >= Math.max(0, box.left) - 1 && q.right <= Math.min(window.innerWidth, box.right) + 1;
    };
    // What is drawn at the centre of each end coin is that coin (not another one over it).
    const onTop = (e) => {
      if (!e) return false;
      let q = e.getBoundingClientRect();
      if (q.top < 0 || q.bottom > window.innerHeight) { // elementFromPoint sees the viewport only
        window.scrollBy(0, q.top - window.innerHeight / 2);
        q = e.getBoundingClientRect();
      }
      const hit = document.elementFromPoint(q.left + q.width / 2, q.top + q.height / 2);
      return !!hit && (hit === e || e.contains(hit));
    };
    return {
      endsInside: inside(l) && inside(r), endsOnTop: onTop(l) && onTop(r),
      count: coins.length, spread: tops.length ? Math.max(...tops) - Math.min(...tops) : 0,
      leftX: l ? l.getBoundingClientRect().left : null, rightX: r ? r.getBoundingClientRect().left : null,
    };
  });
}
function checkCoins(c, what) {
  ok(c.count > 0 && c.spread <= 2, `${what}: #coins shows one line (${c.count} coins, tops within 2 px)`, `tops spread over ${c.spread}px`);
  ok(c.leftX !== null && c.rightX !== null && c.leftX < c.rightX, `${what}: the left end coin is left of the right end coin`, show(c));
  ok(c.endsInside && c.endsOnTop, `${what}: both end coins are whole in #coins and the viewport, and nothing covers them`, show(c));
}

async function phone(page, base) {
  // A 3-digit total for the engine: 5 100 3 2, the person takes the 5, the engine the 100.
  await open(page, `${base}#row=5,100,3,2&seed=0&difficulty=perfect&first=you&moves=`);
  await settle(page, 0);
  await page.click('#take-left');
  await settle(page, 2);
  const t3 = await totalsOneLine(page);
  ok(t3.some((x) => x.text.replace('-', '').length >= 3), 'a total of 3 digits is shown', show(t3.map((x) => x.text)));
  checkTotals(t3, '360 px, 3 digits');
  checkCoins(await coinsLine(page), '360 px, 3 digits');
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, 'phone-3-digits.png');

  // 20 digits: four coins of 2^63 - 1, two each.
  const M = '9223372036854775807';
  await open(page, `${base}#row=${M},${M},${M},${M}&seed=0&difficulty=perfect&first=you&moves=LL`);
  await settle(page, 2);
  await page.click('#take-left');
  await settle(page, 4);
  const t20 = await totalsOneLine(page);
  ok(t20.every((x) => x.text === '18446744073709551614'), 'both totals are 18446744073709551614 (20 digits)', show(t20.map((x) => x.text)));
  checkTotals(t20, '360 px, 20 digits');
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, 'phone-20-digits.png');

  // 1,000 coins.
  await open(page, `${base}#size=1000&seed=7&min=1&max=999&difficulty=perfect&first=you&moves=`);
  await settle(page, 0);
  checkCoins(await coinsLine(page), '360 px, 1,000 coins');
  await page.evaluate(() => document.getElementById('turn').scrollIntoView({ block: 'start' }));
  const b = await page.evaluate(() => ['take-left', 'take-right'].map((id) => {
    const r = document.getElementById(id).getBoundingClientRect();
    return { id, top: Math.round(r.top), bottom: Math.round(r.bottom), left: Math.round(r.left), right: Math.round(r.right),
      w: window.innerWidth, h: window.innerHeight };
  }));
  for (const x of b) {
    ok(x.top >= 0 && x.left >= 0 && x.bottom <= x.h && x.right <= x.w,
      `360 px, 1,000 coins, #turn scrolled to the top: #${x.id} wholly in the viewport`, show(x));
  }
  await shot(page, 'phone-1000-coins.png');

  // Touch: no key hints.
  const keys = await page.evaluate(() => {
    const seen = (e) => e.checkVisibility({ opacityProperty: true, visibilityProperty: true }) && e.getBoundingClientRect().width > 1;
    const kbd = [...document.querySelectorAll('kbd')].filter(seen).map((k) => `${k.parentElement.id || k.parentElement.className}: ${k.textContent}`);
    const lines = [...document.querySelectorAll('body *')].filter((e) => /^\s*Keys\b/.test(e.textContent) &&
      [...e.childNodes].some((n) => n.nodeType === 3 && /Keys/.test(n.textContent)) && seen(e)).map((e) => e.textContent.trim().slice(0, 50));
    return { kbd, lines };
  });
  ok(keys.kbd.length === 0, 'touch: no visible kbd element', keys.kbd.join('\n'));
  ok(keys.lines.length === 0, 'touch: no visible "Keys" line', keys.lines.join('\n'));

  // The form at the bottom: min 50 > max 5.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.fill('#min', '50');
  await page.fill('#max', '5');
  await page.click('#new-game');
  await page.waitForFunction(() => !document.getElementById('error').hidden || document.querySelector('[aria-invalid="true"]'),
    null, { timeout: 3000 }).catch(() => {});
  await page.waitForTimeout(400); // a smooth scroll to the error, if any, ends
  const fe = await page.evaluate(() => {
    const inView = (e) => {
      if (!e || !e.checkVisibility() || !e.textContent.trim()) return null;
      const r = e.getBoundingClientRect();
      return { top: Math.round(r.top), bottom: Math.round(r.bottom), inside: r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight };
    };
    const fieldError = (f) => {
      const ids = `${f.getAttribute('aria-describedby') || ''} ${f.getAttribute('aria-errormessage') || ''}`.trim().split(/\s+/);
      return ids.filter(Boolean).map((id) => document.getElementById(id)).filter(Boolean);
    };
    const invalid = ['min', 'max'].filter((id) => document.getElementById(id).getAttribute('aria-invalid') === 'true');
    const errs = [document.getElementById('error'), ...fieldError(document.getElementById('min')), ...fieldError(document.getElementById('max'))];
    return {
      invalid,
      shown: errs.map((e) => ({ id: e.id, text: e.textContent.trim().slice(0, 60), view: inView(e) })).filter((x) => x.view),
      vh: window.innerHeight, scrollY: Math.round(window.scrollY),
    };
  });
  ok(fe.shown.some((x) => x.view.inside), 'phone form, min 50 > max 5: the error (#error or the field\'s) is in the viewport', show(fe));
  ok(fe.invalid.length > 0, 'phone form, min 50 > max 5: the bad field has aria-invalid="true"', `aria-invalid="true" on: ${show(fe.invalid)}`);
  await shot(page, 'phone-form-error.png');

  // A valid start: the game comes into view.
  await page.fill('#min', '1');
  await page.fill('#max', '20');
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.click('#new-game');
  await settle(page, 0);
  await page.waitForTimeout(400);
  const g = await page.evaluate(() => {
    const r = document.getElementById('game').getBoundingClientRect();
    return { top: Math.round(r.top), vh: window.innerHeight, invalid: [...document.querySelectorAll('[aria-invalid="true"]')].map((e) => e.id) };
  });
  ok(g.top >= 0 && g.top < g.vh, 'phone form, a valid start: #game\'s top is in the viewport', show(g));
  ok(g.invalid.length === 0, 'phone form, a valid start: no field is left aria-invalid', show(g.invalid));
}

/* ------------------------------------------------------------------ */
/* focus: where the focus goes when its control turns off or goes     */

/** Waits for `pred` (a page function of `arg`) to hold; false after `ms`. */
const until = (page, pred, arg, ms = TIMEOUT) =>
  page.waitForFunction(pred, arg, { timeout: ms }).then(() => true, () => false);

async function focusGame(page, base) {
  // The row's middle (a scroller, so a Tab stop in Chromium): the arrows scroll it, they take no coin.
  await open(page, `${base}#size=1000&seed=7&min=1&max=999&difficulty=perfect&first=you&moves=`);
  await settle(page, 0);
  const box = await page.evaluate(() => {
    const r = document.getElementById('coins').getBoundingClientRect();
    return { x: Math.max(0, r.x - 8), y: Math.max(0, r.y - 8), width: r.width + 16, height: r.height + 16 };
  });
  const unfocused = await page.screenshot({ clip: box });
  const mid = await tabTo(page, '#coins .coin-middle');
  note(`div.coin-middle ${mid ? 'takes' : 'does not take'} the focus (Tab)`);
  if (mid) {
    const ring = await page.evaluate(() => document.querySelector('#coins .coin-middle').matches(':focus-visible'));
    const focused = await page.screenshot({ clip: box });
    ok(ring && !focused.equals(unfocused), 'div.coin-middle focused by Tab shows a focus ring (the row looks other than unfocused)',
      `:focus-visible ${ring}`);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowLeft');
    await page.waitForTimeout(300);
    ok((await moves(page)) === '' && (await activeId(page)).startsWith('div.coin-middle'),
      'ArrowRight and ArrowLeft with the focus on div.coin-middle take no coin (they scroll it)',
      `moves ${show(await moves(page))}, focus on ${await activeId(page)}`);
    await page.keyboard.press('h'); // a redraw of the row
    await until(page, () => document.body.dataset.busy === 'false' && !document.getElementById('hint-text').hidden);
    ok((await activeId(page)).startsWith('div.coin-middle'), 'after a redraw (h) the focus is still on div.coin-middle',
      `focus on ${await activeId(page)}`);
  }

  // One coin: the last move, undo to move 0, play again.
  await open(page, `${base}#row=5&seed=0&difficulty=perfect&first=you&moves=`);
  await settle(page, 0);
  await page.focus('#take-left');
  await page.keyboard.press('Enter');
  await settle(page, 1);
  await until(page, () => !document.getElementById('analysis').hidden);
  ok((await activeId(page)) === '#play-again', 'the last move ended the game (its take button off): the focus is on #play-again',
    `focus on ${await activeId(page)}`);
  const names = await page.evaluate(() => ['take-left', 'take-right'].map((id) => {
    const b = document.getElementById(id);
    return { label: b.querySelector('.take-label').textContent.trim(), name: b.getAttribute('aria-label') };
  }));
  ok(names.every((x) => x.name.startsWith(x.label)), 'game over: each take button\'s accessible name starts with its visible label', show(names));
  await page.focus('#undo');
  await page.keyboard.press('Enter');
  await settle(page, 0);
  const a = await waitAnnounce(page, [/Taken back/]);
  ok(/Taken back: 1 coin in/.test(a), '#announce: "Taken back: 1 coin in the row again." (one coin, singular)', `#announce: ${show(a)}`);
  ok((await activeId(page)) === '#turn', 'the last undo turned #undo off: the focus is on #turn', `focus on ${await activeId(page)}`);
  await page.focus('#take-left');
  await page.keyboard.press('Enter');
  await settle(page, 1);
  await until(page, () => document.activeElement && document.activeElement.id === 'play-again', null, 3000);
  await page.keyboard.press('Enter');
  await settle(page, 0);
  ok((await moves(page)) === '' && (await activeId(page)) === '#turn', 'Enter on #play-again (it hides): a new game, the focus on #turn',
    `moves ${show(await moves(page))}, focus on ${await activeId(page)}`);
  await page.fill('#size', '1');
  await page.evaluate(() => document.activeElement && document.activeElement.blur());
  await page.keyboard.press('n');
  await settle(page, 0);
  const an = await waitAnnounce(page, [/A new game/]);
  ok(/A new game: 1 coin\./.test(an), '#announce: "A new game: 1 coin." (singular)', `#announce: ${show(an)}`);

  // Take buttons with values over 9 digits: the name starts with the label ("Take left: 1234567890").
  await open(page, `${base}#row=1234567890,5,7,98765432101&seed=0&difficulty=perfect&first=you&moves=`);
  await settle(page, 0);
  const long = await page.evaluate(() => ['take-left', 'take-right'].map((id) => {
    const b = document.getElementById(id);
    return { label: b.querySelector('.take-label').textContent.trim(), name: b.getAttribute('aria-label') };
  }));
  ok(long.every((x) => x.name.startsWith(x.label) && /1234567890|98765432101/.test(x.name)),
    'take buttons with 10- and 11-digit coins: the accessible name starts with the visible label and gives the value', show(long));

  // The heat map rounds its labels as the chart does: 1,999,999 is 2.0e6, 9,999,999 is 1.0e7.
  await open(page, `${base}#row=1999999,3,9999999&seed=0&difficulty=perfect&first=you&moves=`);
  await settle(page, 0);
  await page.click('#table-toggle');
  await until(page, () => document.body.dataset.busy === 'false' && !document.getElementById('table-section').hidden);
  const heads = await page.evaluate(() => [...document.querySelectorAll('#table text.head-text')]
    .map((t) => [...t.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent).join('')));
  ok(heads.includes('2.0e6') && heads.includes('1.0e7') && !heads.includes('1.9e6') && !heads.includes('9.9e6'),
    'the heat map\'s headers round: 1999999 as 2.0e6, 9999999 as 1.0e7', show(heads));
}

/* ------------------------------------------------------------------ */
/* api: focus and errors with the API fallback (requests take a while) */

async function apiFocus(page, base) {
  const net = { delay: 0, fail: false };
  await page.route('**/engine.js', (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: '/* none */' }));
  await page.route('**/api/*', async (route) => {
    const url = route.request().url();
    if (net.fail && url.endsWith('/api/move')) {
      return route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"the test turned the engine off"}' });
    }
    if (net.delay) await new Promise((r) => setTimeout(r, net.delay));
    return route.continue();
  });
  await open(page, `${base}#row=3,8,4,11,5,9,2,6,1,7&seed=0&difficulty=perfect&first=you&moves=`);
  await settle(page, 0);
  ok((await page.evaluate(() => document.body.dataset.engine)) === 'api', 'without engine.js the page uses the API');

  // The person goes to #row-input while the engine thinks, and types there.
  net.delay = 500;
  await page.click('#take-left');
  await page.focus('#row-input');
  await page.keyboard.type('nh');
  await settle(page, 2);
  await page.waitForTimeout(100);
  const r = await page.evaluate(() => ({
    focus: document.activeElement.id, value: document.getElementById('row-input').value,
    dialog: document.getElementById('confirm-new').open, hint: !document.getElementById('hint-text').hidden,
  }));
  ok(r.focus === 'row-input' && r.value.endsWith('nh') && !r.dialog && !r.hint,
    'focus moved to #row-input during the engine\'s reply stays there (n and h typed there, no dialog, no hint)', show(r));

  // Enter on #hint and on #table-toggle: each is off during its request, and has the focus back after.
  for (const id of ['hint', 'table-toggle']) {
    await page.focus(`#${id}`);
    await page.keyboard.press('Enter');
    await until(page, () => document.body.dataset.busy === 'true', null, 2000);
    await page.waitForTimeout(150); // the button is off meanwhile
    await settle(page, 2);
    ok((await activeId(page)) === `#${id}`, `API: after Enter on #${id} and its request, the focus is on #${id}`,
      `focus on ${await activeId(page)}`);
  }

  // `n` while the engine thinks: the dialog holds the focus and the announcement until it closes.
  await page.click('#take-left');
  await page.waitForTimeout(150);
  await page.keyboard.press('n');
  const opened = await until(page, () => document.getElementById('confirm-new').open, null, 2000);
  ok(opened, 'API: `n` during the engine\'s reply opens dialog#confirm-new');
  if (opened) {
    await until(page, () => document.body.dataset.busy === 'false');
    const d = await page.evaluate(() => ({
      open: document.getElementById('confirm-new').open, inDialog: document.getElementById('confirm-new').contains(document.activeElement),
      moves: document.getElementById('coins').dataset.moves, held: window.coinline.state.heldAnnounce,
    }));
    ok(d.open && d.inDialog && d.moves.length === 4, 'the engine replied with the dialog open: it stays open with the focus in it', show(d));
    ok(typeof d.held === 'string' && /engine took/i.test(d.held), 'its announcement waits for the dialog to close (the page behind is inert)', show(d));
    await page.click('#confirm-new-no');
    await page.waitForTimeout(100);
    const engine = await lastMove(page);
    const said = await waitAnnounce(page, [word(engine.value), new RegExp(engine.side, 'i')]);
    ok((await activeId(page)) === '#take-left', '#confirm-new-no: the focus goes back to #take-left (the move\'s button)',
      `focus on ${await activeId(page)}`);
    ok(word(engine.value).test(said) && new RegExp(engine.side, 'i').test(said),
      `#announce names the engine's move (${engine.value} from the ${engine.side}) once the dialog is closed`, `#announce: ${show(said)}`);
  }

  // A failed engine move, then a form error: "Try again" is not shown by the field.
  net.delay = 0;
  net.fail = true;
  await page.click('#take-left');
  await until(page, () => document.body.dataset.busy === 'false' && !document.getElementById('retry').hidden);
  const e1 = await page.evaluate(() => ({ role: document.getElementById('error').getAttribute('role'),
    retry: !document.getElementById('retry').hidden, text: document.getElementById('error-text').textContent }));
  ok(e1.retry && e1.role === 'alert', 'a failed engine move: #error is an alert with #retry', show(e1));
  ok((await activeId(page)) === '#retry', 'the failed move\'s button is off: the focus is on #retry', `focus on ${await activeId(page)}`);
  net.fail = false;
  await page.fill('#min', '50');
  await page.fill('#max', '5');
  await page.click('#new-game');
  await until(page, () => document.querySelector('[aria-invalid="true"]'), null, 3000);
  const e2 = await page.evaluate(() => ({
    role: document.getElementById('error').getAttribute('role'), retry: document.getElementById('retry').checkVisibility(),
    focus: document.activeElement.id, describedby: document.getElementById('min').getAttribute('aria-describedby'),
    invalid: document.getElementById('min').getAttribute('aria-invalid'),
  }));
  ok(!e2.retry, 'then a form error: #retry is not shown next to it', show(e2));
  ok(e2.role !== 'alert' && e2.focus === 'min' && e2.invalid === 'true' && e2.describedby === 'error-text',
    'a form error is read once: the focused field is aria-invalid and described by #error-text, #error is not an alert', show(e2));
}

/* ------------------------------------------------------------------ */
/* history: back into a typed row too long for a link                  */

async function historyTyped(page, base) {
  await open(page, `${base}#size=8&seed=3&min=1&max=9&difficulty=perfect&first=you&moves=`);
  await settle(page, 0);
  const row = Array.from({ length: 2001 }, (_, k) => (k * 7919) % 97 + 1).join(' ');
  await page.fill('#row-input', row);
  await page.click('#row-load');
  await settle(page, 0);
  await page.click('#take-left');
  await settle(page, 2);
  const typed = await page.evaluate(() => ({ hash: location.hash.slice(0, 20), moves: document.getElementById('coins').dataset.moves }));
  ok(typed.hash.startsWith('#typed=2001'), 'a typed row of 2,001 coins goes in the URL as #typed=', show(typed));
  await page.fill('#size', '5');
  await page.click('#new-game');
  await settle(page, 0);
  await page.goBack();
  await until(page, () => document.getElementById('coins').dataset.n === '2001' && document.body.dataset.busy === 'false', null, 5000);
  const back = await page.evaluate(() => ({
    n: document.getElementById('coins').dataset.n, moves: document.getElementById('coins').dataset.moves,
    error: document.getElementById('error').hidden ? null : document.getElementById('error-text').textContent,
  }));
  ok(back.n === '2001' && back.moves === typed.moves && back.error === null,
    'Back into the typed row\'s game replays it from memory (its 2,001 coins, its moves)', show({ typed, back }));

  // An entry of a typed row the page does not have: the error, the form as it was.
  await page.fill('#size', '9');
  await page.selectOption('#difficulty', 'hard');
  const form = () => page.evaluate(() => ['size', 'difficulty', 'first', 'min', 'max'].map((id) => document.getElementById(id).value)
    .concat([document.getElementById('row-input').value.length]));
  const f0 = await form();
  await page.evaluate(() => {
    const here = [history.state, location.hash];
    history.pushState({ key: 'another page/1', moves: '' }, '', '#typed=3000&seed=0&difficulty=easy&first=engine&moves=');
    history.pushState(here[0], '', here[1]);
  });
  await page.goBack();
  await until(page, () => !document.getElementById('error').hidden, null, 3000);
  const f1 = await form();
  const err = await page.evaluate(() => document.getElementById('error').hidden ? null : document.getElementById('error-text').textContent);
  ok(err && /paste the row/.test(err) && show(f1) === show(f0),
    'Back into a typed row this page does not have: #error says to paste the row; the form is untouched', show({ err, before: f0, after: f1 }));
}

/* ------------------------------------------------------------------ */
/* bad links                                                           */

async function badLinks(page, url, label) {
  for (const link of ['?size=abc', '#size=abc', '?size=0', '?row=', '?row=1,2,x']) {
    await page.goto('about:blank');
    await open(page, `${url}${link}`);
    await page.waitForTimeout(50);
    await page.waitForFunction(() => document.body.dataset.busy === 'false', null, { timeout: TIMEOUT });
    const s = await page.evaluate(() => {
      const e = document.getElementById('error');
      return {
        error: !e.hidden && e.checkVisibility() ? e.textContent.trim().slice(0, 80) : null,
        over: /game over/i.test(`${document.getElementById('status').textContent} ${document.getElementById('turn').textContent}`) ||
          document.getElementById('turn').dataset.state === 'over',
        turn: document.getElementById('turn').textContent,
        takeLeft: !document.getElementById('take-left').disabled,
        n: document.getElementById('coins').dataset.n,
        role: document.getElementById('error').getAttribute('role'),
      };
    });
    ok(s.error && !s.over && s.takeLeft && s.role === 'alert',
      `${label} ${link}: #error (an alert) says why, no "Game over", a playable game (#take-left enabled)`, show(s));
  }
  // Settings alone: ?first=engine&difficulty=perfect is a game the engine starts.
  await page.goto('about:blank');
  await open(page, `${url}?first=engine&difficulty=perfect`);
  await settle(page, 1);
  const g = await page.evaluate(() => ({
    first: document.getElementById('first').value, difficulty: document.getElementById('difficulty').value,
    moves: document.getElementById('coins').dataset.moves, error: !document.getElementById('error').hidden,
    human: window.coinline.state.human,
  }));
  ok(g.first === 'engine' && g.difficulty === 'perfect' && g.human === 2 && g.moves.length === 1 && !g.error,
    `${label} ?first=engine&difficulty=perfect: #first and #difficulty set, the engine moved first`, show(g));
}

/* ------------------------------------------------------------------ */
/* csp                                                                 */

async function cspHeader(base) {
  const res = await fetch(base);
  const csp = res.headers.get('content-security-policy') || '';
  note(`serve's CSP: ${csp}`);
  const d = Object.fromEntries(csp.split(';').map((x) => x.trim()).filter(Boolean).map((x) => {
    const [k, ...v] = x.split(/\s+/);
    return [k.toLowerCase(), v];
  }));
  const src = (k) => d[k] || d['default-src'] || [];
  const bad = [];
  for (const k of ['script-src', 'style-src']) if (src(k).includes("'unsafe-inline'")) bad.push(`${k} allows 'unsafe-inline'`);
  for (const k of ['script-src', 'style-src', 'default-src']) if (src(k).includes("'unsafe-eval'")) bad.push(`${k} allows 'unsafe-eval'`);
  if (!src('object-src').includes("'none'")) bad.push("object-src is not 'none'");
  if (!(d['base-uri'] || []).includes("'none'")) bad.push("base-uri is not 'none'");
  if (!(d['frame-ancestors'] || []).includes("'none'")) bad.push("frame-ancestors is not 'none'");
  if ((d['default-src'] || []).some((x) => x === 'data:' || x === 'blob:' || x === '*')) bad.push(`default-src is wider than 'self': ${d['default-src'].join(' ')}`);
  ok(csp && bad.length === 0, 'serve\'s Content-Security-Policy: no inline script or style, object-src, base-uri and frame-ancestors \'none\'',
    bad.join('\n') || 'no Content-Security-Policy header');
}

/* ------------------------------------------------------------------ */

async function main() {
  if (!existsSync(CHROMIUM)) skip(`no browser at ${CHROMIUM} (Debian: apt-get install chromium)`);
  let chromium;
  try {
    ({ chromium } = await import('playwright-core'));
  } catch (e) {
    skip(`playwright-core is not installed (cd tests/e2e && npm ci): ${e.message.split('\n')[0]}`);
  }
  mkdirSync(OUT, { recursive: true });
  let server = null;
  let base = process.env.E2E_URL;
  if (!base) {
    server = await startServer(COINLINE);
    base = server.url;
    process.on('exit', () => server.proc.exitCode === null && server.proc.kill('SIGKILL'));
  }
  if (!base.endsWith('/')) base += '/';
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => process.exit(1));
  const fileUrl = `${pathToFileURL(SITE).href}/index.html`;
  note(`server ${base}; static site ${fileUrl}; screenshots in ${OUT}`);

  let browser = null;
  const problems = []; // serve's desktop pages: console and page errors
  try {
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      timeout: 30000,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking',
        '--disable-component-update', '--disable-sync', '--disable-quic'],
    });
    note(`chromium ${browser.version()}`);
    const desktop = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
    await desktop.addInitScript(CSP_LISTENER);
    const pages = [];
    const newPage = async (label) => {
      const p = await desktop.newPage();
      watch(p, label, problems);
      pages.push(p);
      return p;
    };

    const pk = await newPage('keyboard');
    await section('keyboard', pk, () => keyboardGame(pk, base));
    const pc = await newPage('chart');
    await section('chart', pc, () => chartGame(pc, base));
    const pn = await newPage('confirm');
    await section('confirm', pn, () => confirmNew(pn, base));
    const pf = await newPage('focus');
    await section('focus', pf, () => focusGame(pf, base));
    const ph = await newPage('history');
    await section('history', ph, () => historyTyped(ph, base));
    const sink = { problems, pages };
    await section('contrast', null, () => contrast(browser, base, sink));

    const phoneCtx = await browser.newContext({
      viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, reducedMotion: 'reduce',
    });
    await phoneCtx.addInitScript(CSP_LISTENER);
    const pp = await phoneCtx.newPage();
    watch(pp, 'phone', problems);
    pages.push(pp);
    await section('phone', pp, () => phone(pp, base));

    const quick = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
    const pl = await quick.newPage();
    await section('links-serve', pl, () => badLinks(pl, base, 'serve'));
    await section('links-file', pl, () => badLinks(pl, fileUrl, 'file://'));
    const pa = await quick.newPage(); // its 503 on purpose is a console error: not in the csp check
    await section('api', pa, () => apiFocus(pa, base));

    // The circular game: tests/e2e/circle.mjs (its pages join the csp check).
    await circleSections({
      browser, base, section, ok, note, TIMEOUT, CSP_LISTENER, watch, problems, pages,
      open, tabTo, activeId, waitAnnounce, shot, CONTRAST, once,
    });

    // Scoring by what remains: tests/e2e/remaining.mjs (its pages join the csp check).
    await remainingSections({ browser, base, section, ok, note, TIMEOUT, CSP_LISTENER, watch, problems, pages, open });

    // The layout faults of issue 28: tests/e2e/layout.mjs (its pages join the csp check).
    await layoutSections({ browser, base, section, ok, note, TIMEOUT, CSP_LISTENER, watch, problems, pages, open, shot });

    // The Learn view (issue 30, part 1): tests/e2e/learn.mjs (file:// and serve; its own error check).
    const learnHelpers = { browser, base, fileUrl, section, ok, note, TIMEOUT, open, shot };
    await learnSections(learnHelpers);
    await recursionSections(learnHelpers); // the recursion (part 2): tests/e2e/learn-recursion.mjs

    await reduceSections(learnHelpers); // the O(n) method (part 3): tests/e2e/learn-reduce.mjs

    await paritySections(learnHelpers); // the parity trick (part 4): tests/e2e/learn-parity.mjs

    await greedySections(learnHelpers); // greedy fails (part 5): tests/e2e/learn-greedy.mjs

    await quizSections(learnHelpers); // the Quiz view (part 6): tests/e2e/quiz.mjs

    await rowsSections(learnHelpers); // several rows (issue 32): tests/e2e/rows.mjs

    // axe-core on the three views, light and dark, 1280 and 360 px: tests/e2e/axe.mjs.
    await axeSections(learnHelpers);

    await section('csp', null, async () => {
      await cspHeader(base);
      const violations = [];
      for (const p of pages) {
        if (p.isClosed()) continue;
        violations.push(...(await p.evaluate(() => window.__cspViolations || []).catch(() => [])));
      }
      ok(violations.length === 0 && problems.length === 0,
        `serve: no CSP violation, console error or page error on ${pages.length} pages (keyboard, chart, confirm, focus, history, contrast light and dark, phone, the circle's)`,
        violations.concat(problems).join('\n'));
    });
  } finally {
    if (browser) await browser.close().catch(() => {});
    if (server) {
      const code = await stopServer(server);
      ok(code === 0, 'coinline serve exits 0 on SIGTERM', `exit ${code}; stderr:\n${server.stderr()}`);
    }
  }
}

main().then(
  () => {
    console.log(`1..${count}`);
    note(`${count - failed} passed, ${failed} failed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    if (failed) process.exitCode = 1;
  },
  (e) => {
    console.log(`not ok ${count + 1} - error`);
    for (const line of (e.stack || String(e)).split('\n')) console.log(`#   ${line}`);
    console.log(`1..${count + 1}`);
    process.exitCode = 1;
  }
);
