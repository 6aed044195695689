// SPDX-License-Identifier: MIT
/*
 * web/app/recursion.js: the Learn view's part 2: the naive recursion
 * f(i,j) = a_i if i = j, else max(a_i - f(i+1,j), a_j - f(i,j-1)) (f the
 * margin, as in part 1), its call tree for rows of up to RECURSION_TREE_MAX
 * coins, the repeated subproblems marked, and the calls without and with
 * memoisation. learn.js calls recursionShow(coins) (BigInts) each time a
 * row is loaded; it draws into #recursion-body.
 *
 * The tree is a flat ARIA tree (aria-level; one Tab stop, roving tabindex): ArrowUp/Down
 * move between the calls shown, ArrowRight/Left open/close a call's subtree
 * (or go to its first child/its parent), Home/End, Enter or Space (or a
 * click) picks the call's subproblem: all its copies are marked (and shown),
 * #recursion-said (polite live region) says how often it is called. Rows of
 * 6 coins or more start with the calls below depth RECURSION_OPEN_DEPTH
 * closed; "Open all", "First 4 levels" and "Memoised calls only" (the tree
 * pruned below each repeat: exactly the calls memoisation makes) set it.
 *
 * Test hooks: #recursion-tree li.rec-call (preorder, the left child
 * f(i+1,j) first), one per call of the naive tree, data-i, data-j (1-based),
 * data-margin (f(i,j), exact decimal), data-repeat ("true" when the
 * subproblem was computed earlier in that order), data-depth (0 at f(1,n)),
 * data-picked ("true" on the picked subproblem's copies); the tree is not
 * drawn over RECURSION_TREE_MAX coins. #recursion-counts: data-n,
 * data-naive (2^n - 1), data-distinct (n(n+1)/2), data-repeats (naive -
 * distinct), data-memo (1 + n(n-1): calls with memoisation), data-lookups
 * (data-memo - data-distinct).
 */
'use strict';

const RECURSION_TREE_MAX = 8; // the call tree is drawn for rows this short (2^8 - 1 = 255 calls)
const RECURSION_OPEN_AT = 6; // rows this long start with the tree's lower levels closed
const RECURSION_OPEN_DEPTH = 3; // ... below this depth (f(1,n) at depth 0)

const R = { coins: [], calls: [], open: [], picked: '' }; // open[k]: call k's subtree shown

/* ------------------------------------------------------------------ */
/* The model: the naive tree and its counts                            */

/**
 * The naive recursion's calls on `coins` in the order it makes them (depth
 * first, f(i+1,j) before f(i,j-1)): each { i, j, margin, depth, repeat,
 * parent (index or -1), k (index) }.
 */
function recursionCalls(coins) {
  const at = lessonCells(learnSteps(coins));
  const seen = new Set();
  const calls = [];
  const visit = (i, j, depth, parent) => {
    const key = `${i},${j}`;
    const call = { i, j, margin: at.get(key).margin, depth, repeat: seen.has(key), parent, k: calls.length };
    seen.add(key);
    calls.push(call);
    if (i < j) {
      visit(i + 1, j, depth + 1, call.k);
      visit(i, j - 1, depth + 1, call.k);
    }
  };
  visit(1, coins.length, 0, -1);
  return calls;
}

/** The counts for n coins (BigInts): naive, distinct, repeats, memo, lookups. */
function recursionCounts(n) {
  const b = BigInt(n);
  const naive = 2n ** b - 1n;
  const distinct = (b * (b + 1n)) / 2n;
  const memo = 1n + b * (b - 1n);
  return { naive, distinct, repeats: naive - distinct, memo, lookups: memo - distinct };
}

/* ------------------------------------------------------------------ */
/* Drawing                                                             */

/** The recursion as pseudo-code, naive and memoised. */
function recursionCode() {
  const naive = [
    'f(i, j):    # the margin of the player to move on coins i..j',
    '  if i = j: return a_i',
    '  return max(a_i - f(i+1, j), a_j - f(i, j-1))',
  ];
  const memo = [
    'f(i, j):    # the same, with a memo: one slot per run i..j',
    '  if memo[i, j] is set: return memo[i, j]    # a lookup',
    '  v = a_i if i = j, else max(a_i - f(i+1, j), a_j - f(i, j-1))',
    '  memo[i, j] = v; return v',
  ];
  return [
    el('p', { class: 'learn-note' }, 'Part 1 fills a table. The same numbers come from a recursion that asks ' +
      'for the two shorter runs each time, starting from the whole row, f(1, n):'),
    el('pre', { class: 'rec-code' }, naive.join('\n')),
    el('p', { class: 'learn-note' }, 'Written like this, it computes the same runs again and again. ' +
      'A memo remembers each answer the first time:'),
    el('pre', { class: 'rec-code' }, memo.join('\n')),
  ];
}

/** The counts, in words, with their hooks. */
function recursionCountsNode(n) {
  const c = recursionCounts(n);
  const item = (term, value, text) => [el('dt', null, term), el('dd', null, el('strong', null, grouped(value)), ` ${text}`)];
  const list = el('dl', { id: 'recursion-counts', class: 'rec-counts', 'data-n': n, 'data-naive': c.naive,
    'data-distinct': c.distinct, 'data-repeats': c.repeats, 'data-memo': c.memo, 'data-lookups': c.lookups },
  ...item('Calls without memoisation', c.naive, `= 2^${n} - 1: each call on 2 or more coins makes two calls, down to the single coins.`),
  ...item('Distinct subproblems', c.distinct, `= ${n}·${n + 1}/2: one per run of coins i..j, one per cell of the table.`),
  ...item('Repeats', c.repeats, `= ${grouped(c.naive)} - ${c.distinct}: calls of the naive recursion on a run it had already computed.`),
  ...item('Calls with memoisation', c.memo, `= 1 + ${n}·${n - 1}: the first call f(1,${n}), and two calls from each of the ` +
    `${(n * (n - 1)) / 2} runs of 2 or more coins, each computed once. Of these calls, ${c.distinct} compute a run ` +
    `(once each) and ${c.lookups} only read the memo.`));
  return list;
}

/** One call of the tree: li.rec-call, a treeitem of the flat tree (its level, its place among 2). */
function recursionNode(call) {
  const run = R.coins.slice(call.i - 1, call.j).join(' ');
  const second = call.parent >= 0 && R.calls[call.parent].j === call.j + 1 && R.calls[call.parent].i === call.i;
  const li = el('li', { class: 'rec-call', role: 'treeitem', tabindex: call.k === 0 ? 0 : -1,
    'aria-level': call.depth + 1, 'aria-setsize': call.parent < 0 ? 1 : 2, 'aria-posinset': second ? 2 : 1,
    'aria-selected': 'false', 'data-i': call.i, 'data-j': call.j, 'data-margin': call.margin,
    'data-repeat': String(call.repeat), 'data-depth': call.depth, 'data-k': call.k },
  el('span', { class: 'rec-label' },
    el('span', { class: 'rec-toggle', 'aria-hidden': 'true' }, call.i < call.j ? '▾' : '·'),
    el('span', { class: 'rec-f' }, `f(${call.i},${call.j}) = ${call.margin}`),
    el('span', { class: 'rec-run' }, ` [${run}]`),
    call.repeat ? el('span', { class: 'rec-mark' }, ' ↻ repeat') : null,
    call.i < call.j ? el('span', { class: 'rec-more' }, ` (+${2 ** (call.j - call.i + 1) - 2} calls closed)`) : null));
  li.style.setProperty('--depth', String(call.depth)); // the indent (style.css)
  if (call.repeat) li.classList.add('repeat');
  return li;
}

/**
 * The tree's ul: all the calls in preorder, one flat list (aria-level
 * gives the nesting), so that each call's name is its own line only.
 */
function recursionTreeNode() {
  const tree = el('ul', { id: 'recursion-tree', class: 'rec-tree', role: 'tree', 'aria-multiselectable': 'true',
    'aria-label': `The calls of f(1,${R.coins.length}), the naive recursion` }, ...R.calls.map(recursionNode));
  tree.addEventListener('keydown', recursionKey);
  tree.addEventListener('click', recursionClick);
  return tree;
}

/** The controls over the tree: open all, top levels, memoised calls only. */
function recursionControls() {
  const b = (id, text, fn) => {
    const button = el('button', { type: 'button', id }, text);
    button.addEventListener('click', fn);
    return button;
  };
  return el('div', { class: 'learn-controls', role: 'group', 'aria-label': 'The call tree' },
    b('recursion-open', 'Open all', () => recursionOpen(() => true)),
    b('recursion-top', `First ${RECURSION_OPEN_DEPTH + 1} levels`, () => recursionOpen((c) => c.depth < RECURSION_OPEN_DEPTH)),
    b('recursion-memo', 'Memoised calls only', () => recursionOpen((c) => !c.repeat)));
}

/** How to read and use the tree. */
const recursionHowTo = () => el('p', { class: 'learn-note' }, 'Each line is a call: f(i,j) = its value, then ' +
  'coins i..j in brackets (on a wide screen); under it the two calls it makes, f(i+1,j) first. "↻ repeat": that ' +
  'run was computed earlier. Pick a call (a click, or Enter in the tree; the arrows move, Right and Left open and ' +
  'close) to mark all the copies of its run. "Memoised calls only" shows the calls memoisation makes: each repeat ' +
  'left is then a lookup, and nothing under it is called.');

/** Draws the part for `coins` (an Array of BigInt, 2 to LEARN_MAX coins). */
function recursionShow(coins) {
  const n = coins.length;
  R.coins = coins;
  R.picked = '';
  R.calls = n <= RECURSION_TREE_MAX ? recursionCalls(coins) : [];
  R.open = R.calls.map(() => true);
  const body = [...recursionCode(), el('h4', null, `The counts for ${n} coins`), recursionCountsNode(n),
    el('p', { class: 'learn-note' }, 'The memo is the table of part 1: one cell per run i..j. The table fills it ' +
      'bottom-up, the short runs first, so each cell finds the two it reads already filled: ' +
      `${n * (n + 1) / 2} steps, no recursion and nothing computed twice.`),
    el('h4', null, `The call tree of f(1,${n})`)];
  if (n > RECURSION_TREE_MAX) {
    body.push(el('p', { id: 'recursion-none', class: 'learn-note' }, `With ${n} coins the naive recursion makes ` +
      `${grouped(recursionCounts(n).naive)} calls: too many to draw. The tree is drawn for rows of up to ` +
      `${RECURSION_TREE_MAX} coins (255 calls); load a shorter row to see it.`));
    $('recursion-body').replaceChildren(...body);
    return;
  }
  body.push(recursionHowTo(), recursionControls(), el('div', { class: 'rec-scroll' }, recursionTreeNode()),
    el('p', { id: 'recursion-said', class: 'rec-said', role: 'status', 'aria-live': 'polite' }));
  $('recursion-body').replaceChildren(...body);
  recursionOpen((c) => n < RECURSION_OPEN_AT || c.depth < RECURSION_OPEN_DEPTH);
}

/* ------------------------------------------------------------------ */
/* The tree's state: open subtrees, the focus, the pick                */

const recursionItems = () => [...document.querySelectorAll('#recursion-tree li.rec-call')];

/** Opens (or closes) the subtree of call k (R.open; drawn by recursionApply). */
function recursionSetOpen(k, open) {
  if (R.calls[k].i < R.calls[k].j) R.open[k] = open;
}

/** The calls shown (each whose ancestors are all open), the open marks, the focus kept on a call shown. */
function recursionApply() {
  const lis = recursionItems();
  const shown = [];
  R.calls.forEach((c, k) => {
    shown[k] = c.parent < 0 || (shown[c.parent] && R.open[c.parent]);
    lis[k].hidden = !shown[k];
    if (c.i === c.j) return;
    lis[k].setAttribute('aria-expanded', String(R.open[k]));
    lis[k].querySelector('.rec-toggle').textContent = R.open[k] ? '▾' : '▸';
    lis[k].querySelector('.rec-more').hidden = R.open[k];
  });
  let cur = Number((document.querySelector('#recursion-tree li[tabindex="0"]') || lis[0]).dataset.k);
  const hadFocus = document.activeElement === lis[cur];
  while (!shown[cur]) cur = R.calls[cur].parent;
  recursionFocus(lis[cur], hadFocus);
}

/** Each call opened when `pred(call)`, closed otherwise. */
function recursionOpen(pred) {
  R.calls.forEach((c, k) => recursionSetOpen(k, pred(c)));
  recursionApply();
}

/** The calls shown, in order. */
const recursionShown = () => recursionItems().filter((li) => !li.hidden);

/** Makes `li` the tree's one Tab stop; focuses it when `focus`. */
function recursionFocus(li, focus) {
  for (const x of document.querySelectorAll('#recursion-tree li[tabindex="0"]')) x.tabIndex = -1;
  li.tabIndex = 0;
  if (focus) li.focus();
}

/** Picks the subproblem of call k (again: unpicks it): all its copies marked and shown, said in words. */
function recursionPick(k) {
  const c = R.calls[k];
  const key = `${c.i},${c.j}`;
  R.picked = R.picked === key ? '' : key;
  recursionItems().forEach((li, m) => {
    const on = R.picked !== '' && `${R.calls[m].i},${R.calls[m].j}` === R.picked;
    li.dataset.picked = String(on);
    li.setAttribute('aria-selected', String(on));
    for (let p = on ? R.calls[m].parent : -1; p >= 0; p = R.calls[p].parent) recursionSetOpen(p, true);
  });
  recursionApply();
  $('recursion-said').textContent = R.picked ? recursionSaid(c) : 'No run picked.';
}

/** The picked run in words: its copies in the naive tree, its calls with memoisation. */
function recursionSaid(c) {
  const copies = R.calls.filter((x) => x.i === c.i && x.j === c.j);
  const memo = copies.filter((x) => x.parent < 0 || !R.calls[x.parent].repeat).length;
  const first = copies[0].k + 1;
  const times = (v) => (v === 1 ? 'once' : `${v} times`);
  const lookups = memo - 1;
  return `f(${c.i},${c.j}) = ${c.margin}, coins ${c.i}..${c.j} (${R.coins.slice(c.i - 1, c.j).join(' ')}): ` +
    `the naive recursion calls it ${times(copies.length)} (marked ◆; first as call ${first}), ` +
    `computing it each time. With memoisation it is called ${times(memo)}: computed once` +
    `${lookups ? `, then ${lookups === 1 ? 'a lookup' : `${lookups} lookups`}` : ''}.`;
}

/* ------------------------------------------------------------------ */
/* Keyboard and mouse                                                  */

/** The tree's keys (the ARIA tree pattern); handled keys go no further (not the table's stepper). */
function recursionKey(e) {
  const li = e.target.closest && e.target.closest('li.rec-call');
  if (!li || e.ctrlKey || e.metaKey || e.altKey) return;
  const k = Number(li.dataset.k);
  const shown = recursionShown();
  const at = shown.indexOf(li);
  const open = li.getAttribute('aria-expanded');
  const parent = R.calls[k].parent >= 0 ? recursionItems()[R.calls[k].parent] : null;
  const to = (x) => x && recursionFocus(x, true);
  const setOpen = (v) => {
    recursionSetOpen(k, v);
    recursionApply();
  };
  const actions = {
    ArrowDown: () => to(shown[at + 1]),
    ArrowUp: () => to(shown[at - 1]),
    Home: () => to(shown[0]),
    End: () => to(shown[shown.length - 1]),
    ArrowRight: () => (open === 'false' ? setOpen(true) : open === 'true' && to(shown[at + 1])),
    ArrowLeft: () => (open === 'true' ? setOpen(false) : to(parent)),
    Enter: () => recursionPick(k),
    ' ': () => recursionPick(k),
  };
  const action = actions[e.key];
  if (!action) return;
  e.preventDefault();
  e.stopPropagation();
  action();
}

/** A click: on the ▸/▾ mark opens or closes, elsewhere on a call's line picks it. */
function recursionClick(e) {
  const label = e.target.closest('.rec-label');
  if (!label) return;
  const li = label.parentElement;
  const k = Number(li.dataset.k);
  recursionFocus(li, true);
  if (e.target.closest('.rec-toggle') && li.hasAttribute('aria-expanded')) {
    recursionSetOpen(k, !R.open[k]);
    recursionApply();
  } else recursionPick(k);
}
