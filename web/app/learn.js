// SPDX-License-Identifier: MIT
/*
 * web/app/learn.js: the Learn view: its row (typed, from the URL or
 * random), the lesson's parts (the nav; recursion.js, reduce.js, parity.js
 * and greedy.js draw theirs for each row loaded) and part 1, the table of
 * the interval programme filled in step by step (lesson.js's model), for
 * a row of 2 to LEARN_MAX coins, in the textbook's order (by length, then
 * by start) and with the words of `coinline explain --steps`, so that the
 * two agree.
 *
 * Its state is L; its URL is #view=learn&row=8,15,3,7&step=N (step=end:
 * the table filled), &part=NAME (a part of LEARN_PARTS scrolled to), written
 * with replaceState as the step changes. Test hooks: #learn-table's
 * td.cell, one per coins i..j, data-i, data-j (1-based) and, once filled,
 * data-best, data-margin, data-move; class "current" on the step's cell
 * (none, and no cell read, once the table is full),
 * "reads" on the two cells it reads (span.rd, an arrow towards it), "opt" (data-line = the move's number)
 * on the optimal line (ties to the left) once the table is full;
 * #learn-step data-step / data-total; #learn-explain (polite live region).
 * body[data-view] = "learn" while it shows (app.js switches the views).
 */
'use strict';

const LEARN_DEFAULT = '8 15 3 7'; // the seeds' example
const LEARN_SPEEDS = { slow: 1600, normal: 800, fast: 300 }; // ms a step

const LEARN_PARTS = ['table', 'recursion', 'reduce', 'parity', 'greedy']; // the sections, #learn-part-NAME

const L = { coins: [], steps: [], step: 0, timer: 0, part: 'table' };

/* ------------------------------------------------------------------ */
/* Words (explain --steps's)                                           */

const paren = (v) => (v < 0n ? `(${v})` : `${v}`);

/** The step's summary line, as explain --steps writes it. */
function stepLine(s) {
  const coins = L.coins.slice(s.i - 1, s.j).join(' ');
  const what = s.i === s.j ? 'one coin, take it' : `take ${s.move}`;
  return `Step ${s.k} of ${L.steps.length}: coins ${s.i}..${s.j} (${coins}): ${what}, margin ${s.margin}, best ${s.best}.`;
}

/** The recurrence with its numbers, two lines (none for a single coin). */
function stepFormula(s) {
  if (s.i === s.j) return [`margin(${s.i},${s.j}) = a_${s.i} = ${s.margin}; best(${s.i},${s.j}) = ${s.best}`];
  const a = L.coins[s.i - 1];
  const b = L.coins[s.j - 1];
  const m1 = a - s.left; // margin(i+1,j)
  const m2 = b - s.right; // margin(i,j-1)
  return [
    `margin(${s.i},${s.j}) = max(a_${s.i} - margin(${s.i + 1},${s.j}), a_${s.j} - margin(${s.i},${s.j - 1}))`,
    `  = max(${a} - ${paren(m1)}, ${b} - ${paren(m2)}) = max(${s.left}, ${s.right}) = ${s.margin}`,
    `best(${s.i},${s.j}) = (sum ${s.sum} + margin ${s.margin}) / 2 = ${s.best}`,
  ];
}

/* ------------------------------------------------------------------ */
/* Drawing                                                             */

/** The empty triangular table: rows i, columns j, a td.cell for each j >= i. */
function learnTableNodes(n) {
  const corner = el('th', { scope: 'col' }, el('span', { class: 'visually-hidden' }, 'from coin i, to coin j'),
    el('span', { 'aria-hidden': 'true' }, 'i \\ j'));
  const head = el('tr', null, corner);
  for (let j = 1; j <= n; j++) head.append(el('th', { scope: 'col' }, `j=${j} (${L.coins[j - 1]})`));
  const rows = [];
  for (let i = 1; i <= n; i++) {
    const tr = el('tr', null, el('th', { scope: 'row' }, `i=${i}`));
    for (let j = 1; j <= n; j++) {
      tr.append(j < i ? el('td', { class: 'blank' }) : el('td', { class: 'cell', 'data-i': i, 'data-j': j }));
    }
    rows.push(tr);
  }
  return [el('thead', null, head), el('tbody', null, ...rows)];
}

/** One cell as of the current step. */
function drawCell(td, s, cur) {
  const filled = s.k <= L.step;
  td.className = 'cell';
  for (const k of ['best', 'margin', 'move', 'line']) delete td.dataset[k];
  if (!filled) {
    td.replaceChildren();
    return;
  }
  Object.assign(td.dataset, { best: String(s.best), margin: String(s.margin), move: s.move });
  const arrow = { left: '←', right: '→', either: '↔' }[s.move];
  td.replaceChildren(el('span', { class: 'm' }, String(s.margin)), el('span', { class: 'b' }, `best ${s.best}`),
    el('span', { class: 'mv' }, s.i === s.j ? 'take' : `${arrow} ${s.move}`));
  if (cur && cur.k === s.k) td.classList.add('current');
  if (!cur || cur.i === cur.j) return;
  // the two cells the step reads: an arrow from each towards the current cell (up from below, right from its left)
  const below = s.i === cur.i + 1 && s.j === cur.j;
  if (below || (s.i === cur.i && s.j === cur.j - 1)) {
    td.classList.add('reads');
    td.append(el('span', { class: 'rd', 'aria-hidden': 'true' }, below ? '↑' : '→'));
  }
}

/** Redraws the Learn view from L. */
function renderLearn() {
  const cur = L.step > 0 ? L.steps[L.step - 1] : null;
  const cells = new Map([...document.querySelectorAll('#learn-table td.cell')].map((td) => [`${td.dataset.i},${td.dataset.j}`, td]));
  const done = L.step === L.steps.length;
  // the full table shows the optimal line alone (no current cell, no cells read)
  for (const s of L.steps) drawCell(cells.get(`${s.i},${s.j}`), s, done ? null : cur);
  if (done) {
    learnLine(L.steps, L.coins.length).forEach((s, k) => {
      const td = cells.get(`${s.i},${s.j}`);
      td.classList.add('opt');
      td.dataset.line = String(k + 1);
    });
  }
  const count = $('learn-step');
  count.dataset.step = String(L.step);
  count.dataset.total = String(L.steps.length);
  count.textContent = `Step ${L.step} of ${L.steps.length}`;
  $('learn-explain').textContent = cur ? stepLine(cur) : `The table is empty: ${L.steps.length} steps to fill it, the single coins first.`;
  $('learn-formula').textContent = cur ? stepFormula(cur).join('\n') : '';
  $('learn-result').textContent = done ? learnResult() : '';
  // aria-disabled, not disabled: the focus stays on the button at either end
  $('learn-back').setAttribute('aria-disabled', String(L.step === 0));
  $('learn-next').setAttribute('aria-disabled', String(done));
  $('learn-play').textContent = L.timer ? 'Pause' : 'Play';
  $('learn-play').setAttribute('aria-pressed', String(!!L.timer));
}

/** The end: who wins, and the optimal line in words. */
function learnResult() {
  const n = L.coins.length;
  const top = L.steps[L.steps.length - 1];
  const sum = top.sum;
  const moves = learnLine(L.steps, n).map((s, k) => {
    const side = s.move === 'right' ? 'right' : 'left'; // ties to the left
    return `${k + 1}. player ${(k % 2) + 1} takes ${L.coins[side === 'right' ? s.j - 1 : s.i - 1]} (${side}) at coins ${s.i}..${s.j}`;
  });
  const win = top.margin === 0n ? 'A draw.' : top.margin > 0n ? `Player 1 wins by ${top.margin}.` : `Player 2 wins by ${-top.margin}.`;
  return `margin(1,${n}) = ${top.margin}: player 1 collects best(1,${n}) = ${top.best}, player 2 the rest, ${sum - top.best}. ${win} ` +
    `The optimal line (framed, ties to the left): ${moves.join('; ')}.`;
}

/* ------------------------------------------------------------------ */
/* Actions                                                             */

/** Loads `coins` (BigInts) at `step` (a number, or 'end'). */
function learnLoad(coins, step) {
  learnStop();
  L.coins = coins;
  L.steps = learnSteps(coins);
  $('learn-table').replaceChildren(...learnTableNodes(coins.length));
  $('learn-row').value = coins.join(' ');
  learnGo(step === 'end' ? L.steps.length : step);
  recursionShow(coins);
  reduceShow(coins);
  parityShow(coins);
  greedyShow(coins);
  markScrollers();
}

/** To step k (clamped), the URL following. */
function learnGo(k) {
  L.step = Math.max(0, Math.min(L.steps.length, k));
  if (L.step === L.steps.length) learnStop();
  renderLearn();
  if (document.body.dataset.view === 'learn') history.replaceState(history.state, '', `#${learnFragment()}`);
}

function learnFragment() {
  const step = L.step === L.steps.length ? 'end' : String(L.step);
  const part = L.part === 'table' ? '' : `&part=${L.part}`;
  return `view=learn&row=${L.coins.join(',')}&step=${step}${part}`;
}

/** To the lesson's part `name` (LEARN_PARTS): in the URL, scrolled to, its heading focused when `focus`. */
function learnPart(name, focus) {
  L.part = LEARN_PARTS.includes(name) ? name : 'table';
  if (viewNow() === 'learn') history.replaceState(history.state, '', `#${learnFragment()}`);
  const head = $(`learn-${L.part}-title`);
  if (focus) head.focus({ preventScroll: true });
  head.scrollIntoView({ block: 'start' });
}

/** A random row of 4 to 10 coins from 1 to 20 (a seed from the browser's generator). */
function learnRandomRow() {
  const r = new Uint32Array(2);
  crypto.getRandomValues(r);
  return rowFromSeed(4 + (r[0] % 7), BigInt(r[1]), 1n, 20n);
}

function learnStop() {
  clearInterval(L.timer);
  L.timer = 0;
}

/** Play / Pause: a step every LEARN_SPEEDS[speed] ms (from the start again at the end). */
function learnPlayPause() {
  if (L.timer) learnStop();
  else {
    if (L.step === L.steps.length) learnGo(0);
    L.timer = setInterval(() => learnGo(L.step + 1), LEARN_SPEEDS[$('learn-speed').value] || 800);
  }
  renderLearn();
}

/** The row typed: loaded at step 0, or what is wrong with it in #learn-error. */
function learnLoadTyped() {
  const input = $('learn-row');
  let coins = null;
  try {
    coins = learnRow(input.value);
  } catch (e) {
    input.setAttribute('aria-invalid', 'true');
    $('learn-error').textContent = `This row cannot be loaded: ${e.message}.`;
    $('learn-error').hidden = false;
    input.focus();
    return;
  }
  input.removeAttribute('aria-invalid');
  $('learn-error').hidden = true;
  learnLoad(coins, 0);
}

/**
 * The Learn view from the URL's fragment, when it names it (view=learn):
 * its row (else LEARN_DEFAULT) and step. Returns whether it did.
 */
function learnFromUrl() {
  const q = new URLSearchParams(window.location.hash.slice(1));
  if (q.get('view') !== 'learn') return false;
  const step = q.get('step') === 'end' ? 'end' : Math.max(0, Number.parseInt(q.get('step') || '0', 10) || 0);
  let coins;
  try {
    coins = learnRow(q.get('row') || LEARN_DEFAULT);
    $('learn-error').hidden = true;
  } catch (e) {
    coins = learnRow(LEARN_DEFAULT);
    $('learn-error').textContent = `This link's row cannot be loaded (${e.message}): here is the seeds' example.`;
    $('learn-error').hidden = false;
  }
  learnShow(true);
  L.part = LEARN_PARTS.includes(q.get('part')) ? q.get('part') : 'table';
  learnLoad(coins, step);
  if (L.part !== 'table') learnPart(L.part, false);
  return true;
}

/** Shows the Learn view (on) or the Play view: body[data-view], #learn, the two view buttons. */
function learnShow(on) {
  if (!on) learnStop();
  showView(on ? 'learn' : 'play');
}

/** The Learn view's fragment as it stands (the seeds' example before any). */
const learnLink = () => (L.coins.length ? learnFragment() : `view=learn&row=${LEARN_DEFAULT.replace(/ /g, ',')}&step=0`);

/** The Learn view's keys: ArrowRight / ArrowLeft step, Space play/pause, Home / End. */
function learnKey(e) {
  const t = e.target;
  if (typingIn(t)) return;
  if (e.key === ' ' && t && t.tagName === 'BUTTON') return; // the button's own click
  if (t && t.closest && t.closest('.learn-part:not(#learn-part-table)')) return; // another part's own controls
  const actions = {
    ArrowRight: () => learnGo(L.step + 1),
    ArrowLeft: () => learnGo(L.step - 1),
    ' ': learnPlayPause,
    Home: () => learnGo(0),
    End: () => learnGo(L.steps.length),
  };
  const action = actions[e.key];
  if (!action) return;
  e.preventDefault();
  if (e.key !== ' ') learnStop();
  action();
}

/** The Learn view's own controls. */
function connectLearn() {
  $('learn-form').addEventListener('submit', (e) => {
    e.preventDefault();
    learnLoadTyped();
  });
  $('learn-back').addEventListener('click', () => {
    learnStop();
    learnGo(L.step - 1);
  });
  $('learn-next').addEventListener('click', () => {
    learnStop();
    learnGo(L.step + 1);
  });
  $('learn-play').addEventListener('click', learnPlayPause);
  $('learn-start').addEventListener('click', () => {
    learnStop();
    learnGo(0);
  });
  $('learn-end').addEventListener('click', () => learnGo(L.steps.length));
  $('learn-random').addEventListener('click', () => {
    $('learn-row').removeAttribute('aria-invalid');
    $('learn-error').hidden = true;
    learnLoad(learnRandomRow(), 0);
  });
  for (const b of document.querySelectorAll('.learn-parts button[data-part]')) {
    b.addEventListener('click', () => learnPart(b.dataset.part, true));
  }
  $('learn-speed').addEventListener('change', () => {
    if (!L.timer) return;
    learnStop();
    learnPlayPause();
  });
}
