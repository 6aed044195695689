// SPDX-License-Identifier: MIT
/*
 * web/app/reduce.js: the Learn view's part 3, the O(n) method (the known
 * result of T. Idziaszek; lib/reduce_tmpl.h is the library's): the coins
 * are pushed left to right on a stack; after each push, while the top
 * three values x, y, z make a peak (x <= y >= z), they become one block
 * worth x - y + z (it stands for an odd run of consecutive coins). The
 * stack left at the end falls, then rises (a valley); the alternating sum
 * of its blocks in decreasing order is margin(1,n), the table's corner
 * (lesson.js's learnSteps). Animated with a stepper of its own (Start,
 * Back, Step, Play/Pause, End: buttons, not the global arrow keys, which
 * are part 1's): one step per push or merge, the peak's three blocks
 * marked before the merge, the new block after it.
 *
 * learn.js calls reduceShow(coins) (BigInts) each time a row is loaded;
 * it draws into #reduce-body, at step 0. Exact numbers: BigInt.
 *
 * Test hooks:
 *   #reduce-step    data-step (0..data-total), data-total (pushes + merges).
 *   #reduce-row     .reduce-coin per coin: data-index (1-based), data-value,
 *                   data-pushed ("true" once on the stack).
 *   #reduce-stack   the stack after the step, bottom first: one .reduce-block
 *                   per block, data-value, data-from, data-to (1-based coins,
 *                   inclusive); class "peak" on the top three when they are a
 *                   peak (the next step merges them), "new" on the block the
 *                   step pushed or made.
 *   #reduce-say     the polite live region: the step's event in words.
 *   #reduce-log     the events so far, li data-kind = "push" | "merge"; a
 *                   push's data-coin, data-value; a merge's data-x, data-y,
 *                   data-z, data-result, data-from, data-to.
 *   #reduce-final   shown at the last step: #reduce-sorted (data-values: the
 *                   blocks in decreasing order, comma-separated; li.reduce-term
 *                   each, class "plus" or "minus"), #reduce-sum
 *                   data-value (their alternating sum) and data-corner (the
 *                   table's margin(1,n)), #reduce-p1 data-value (player 1's
 *                   total).
 */
'use strict';

const REDUCE_MS = 900; // a step every this many ms while playing

const reduceState = { coins: [], events: [], states: [], k: 0, timer: 0 };

/* ------------------------------------------------------------------ */
/* The model: the events and the stack after each                      */

/** Whether the top three blocks of the stack are a peak (x <= y >= z). */
function reducePeak(s) {
  const n = s.length;
  return n >= 3 && s[n - 3].value <= s[n - 2].value && s[n - 2].value >= s[n - 1].value;
}

/**
 * The reduction of the BigInt coins: events ({kind: 'push', coin, value,
 * block} | {kind: 'merge', x, y, z, block}; blocks {value, from, to},
 * 1-based) and states[k], the stack after k events (states[0] empty).
 */
function reduceRun(coins) {
  const stack = [];
  const events = [];
  const states = [[]];
  coins.forEach((value, idx) => {
    const block = { value, from: idx + 1, to: idx + 1 };
    stack.push(block);
    events.push({ kind: 'push', coin: idx + 1, value, block });
    states.push(stack.slice());
    while (reducePeak(stack)) {
      const [x, y, z] = stack.splice(-3);
      const merged = { value: x.value - y.value + z.value, from: x.from, to: z.to };
      stack.push(merged);
      events.push({ kind: 'merge', x, y, z, block: merged });
      states.push(stack.slice());
    }
  });
  return { events, states };
}

/* ------------------------------------------------------------------ */
/* Words                                                               */

const reduceParen = (v) => (v < 0n ? `(${v})` : `${v}`);
const reduceCoins = (b) => (b.from === b.to ? `coin ${b.from}` : `coins ${b.from}..${b.to}`);
const reducePlural = (k, word) => `${k} ${word}${k === 1 ? '' : 's'}`;

/** One event in words. */
function reduceEventText(e) {
  if (e.kind === 'push') return `Push coin ${e.coin} (${e.value}).`;
  const [x, y, z] = [e.x.value, e.y.value, e.z.value];
  return `Peak: ${x} <= ${y} >= ${z} becomes ${x} - ${reduceParen(y)} + ${reduceParen(z)} = ${e.block.value} (${reduceCoins(e.block)}).`;
}

/** What step k says: its event, then the peak now on top or the valley at the end. */
function reduceSay(k) {
  const total = reduceState.events.length;
  const merges = reduceState.events.filter((e) => e.kind === 'merge').length;
  if (k === 0) {
    return `The stack is empty. ${reduceState.coins.length} pushes and ${reducePlural(merges, 'merge')}: ${total} steps. Press Step.`;
  }
  const s = reduceState.states[k];
  let text = reduceEventText(reduceState.events[k - 1]);
  if (reducePeak(s)) {
    const [x, y, z] = s.slice(-3).map((b) => b.value);
    text += ` The top three are a peak: ${x} <= ${y} >= ${z}.`;
  }
  if (k === total) text += ' Every coin is pushed and no peak is left: the stack is a valley.';
  return text;
}

/* ------------------------------------------------------------------ */
/* Drawing                                                             */

/** The part's fixed nodes for the row; the stepper's buttons wired. */
function reduceNodes() {
  const merges = reduceState.events.length - reduceState.coins.length;
  const button = (id, label, fn) => {
    const b = el('button', { type: 'button', id }, label);
    b.addEventListener('click', () => {
      if (b.getAttribute('aria-disabled') !== 'true') fn();
    });
    return b;
  };
  return [
    el('p', { class: 'learn-note' }, 'Push the coins from left to right on a stack. After each push, look at the top three values x, y, z: ',
      'if the middle one is a peak (x <= y >= z), the three become one block worth x - y + z, standing for the odd run of coins they cover. ',
      'Look again, until no peak is left on top. Each coin is pushed once and each merge takes two values away: ',
      `at most n + (n - 1) / 2 steps (rounded down), O(n). This row: ${reduceState.coins.length} pushes, ${reducePlural(merges, 'merge')}, ${reduceState.events.length} steps.`),
    el('div', { class: 'learn-controls', role: 'group', 'aria-label': 'Steps of the reduction' },
      button('reduce-start', 'Start', () => reduceGo(0, true)),
      button('reduce-back', 'Back', () => reduceGo(reduceState.k - 1, true)),
      button('reduce-next', 'Step', () => reduceGo(reduceState.k + 1, true)),
      button('reduce-play', 'Play', reducePlayPause),
      button('reduce-end', 'End', () => reduceGo(reduceState.events.length, true)),
      el('span', { id: 'reduce-step', 'data-step': 0, 'data-total': reduceState.events.length })),
    el('p', { id: 'reduce-say', role: 'status', 'aria-live': 'polite' }),
    el('h4', null, 'The row'),
    el('ol', { id: 'reduce-row', class: 'reduce-row', 'aria-label': 'The row: coins not yet pushed are dashed' },
      ...reduceState.coins.map((v, i) => el('li', { class: 'reduce-coin', 'data-index': i + 1, 'data-value': v },
        el('span', { class: 'reduce-i' }, `coin ${i + 1}`), el('span', { class: 'reduce-v' }, String(v)),
        el('span', { class: 'visually-hidden reduce-state' })))),
    el('h4', null, 'The stack (bottom on the left)'),
    el('div', { class: 'table-scroll' }, el('ol', { id: 'reduce-stack', class: 'reduce-stack' })),
    el('p', { class: 'scroll-cue', 'aria-hidden': 'true' }, 'Scroll sideways for more →'),
    el('h4', null, 'The steps so far'),
    el('ol', { id: 'reduce-log', class: 'reduce-log' }),
    el('div', { id: 'reduce-final', hidden: true }),
    ...reduceWhy(),
  ];
}

/** One block of the stack: its value, its coins, a bar whose height follows the value. */
function reduceBlock(b, lo, hi, classes) {
  const bar = el('span', { class: 'reduce-bar', 'aria-hidden': 'true' });
  const span = Number(hi - lo) || 1;
  bar.style.height = `${Math.round(6 + (34 * Number(b.value - lo)) / span)}px`;
  return el('li', { class: ['reduce-block', ...classes].join(' '), 'data-value': b.value, 'data-from': b.from, 'data-to': b.to },
    bar, el('span', { class: 'reduce-v' }, String(b.value)), el('span', { class: 'reduce-i' }, reduceCoins(b)),
    classes.includes('peak') ? el('span', { class: 'visually-hidden' }, ', in the peak') : null);
}

/** The stack after step k, the peak and the new block marked. */
function reduceStack(k) {
  const s = reduceState.states[k];
  const values = s.map((b) => b.value);
  const lo = values.reduce((a, b) => (b < a ? b : a), values[0] || 0n);
  const hi = values.reduce((a, b) => (b > a ? b : a), values[0] || 0n);
  const peak = reducePeak(s);
  const nodes = s.map((b, i) => {
    const classes = [];
    if (peak && i >= s.length - 3) classes.push('peak');
    if (k > 0 && i === s.length - 1 && reduceState.events[k - 1].block === b) classes.push('new');
    return reduceBlock(b, lo, hi, classes);
  });
  $('reduce-stack').replaceChildren(...nodes);
  if (!s.length) $('reduce-stack').append(el('li', { class: 'reduce-empty' }, 'empty'));
}

/** The log's line for an event. */
function reduceLogItem(e) {
  if (e.kind === 'push') return el('li', { 'data-kind': 'push', 'data-coin': e.coin, 'data-value': e.value }, reduceEventText(e));
  return el('li', {
    'data-kind': 'merge', 'data-x': e.x.value, 'data-y': e.y.value, 'data-z': e.z.value,
    'data-result': e.block.value, 'data-from': e.block.from, 'data-to': e.block.to,
  }, reduceEventText(e));
}

/** Redraws the part at step reduceState.k. */
function reduceRender() {
  const k = reduceState.k;
  const total = reduceState.events.length;
  const step = $('reduce-step');
  step.dataset.step = String(k);
  step.textContent = `Step ${k} of ${total}`;
  const pushed = k ? reduceState.states[k][reduceState.states[k].length - 1].to : 0;
  for (const li of document.querySelectorAll('#reduce-row .reduce-coin')) {
    li.dataset.pushed = String(Number(li.dataset.index) <= pushed);
    li.querySelector('.reduce-state').textContent = Number(li.dataset.index) <= pushed ? ', pushed' : '';
  }
  reduceStack(k);
  $('reduce-log').replaceChildren(...reduceState.events.slice(0, k).map(reduceLogItem));
  $('reduce-say').textContent = reduceSay(k);
  const end = $('reduce-final');
  end.hidden = k !== total;
  if (k === total) end.replaceChildren(...reduceEnd());
  markScrollers();
  const dis = (id, on) => $(id).setAttribute('aria-disabled', String(on));
  dis('reduce-start', k === 0);
  dis('reduce-back', k === 0);
  dis('reduce-next', k === total);
  dis('reduce-end', k === total);
  $('reduce-play').textContent = reduceState.timer ? 'Pause' : 'Play';
  $('reduce-play').setAttribute('aria-pressed', String(!!reduceState.timer));
}

/* ------------------------------------------------------------------ */
/* The end: the valley, its sum, the table's corner                    */

/** The valley's shape in words: "it falls, then rises", "it only rises"... */
function reduceShape(values) {
  if (values.length === 1) return 'one block: the whole row';
  const falls = values.some((v, i) => i > 0 && values[i - 1] > v);
  const rises = values.some((v, i) => i > 0 && values[i - 1] < v);
  const how = falls && rises ? 'it falls, then rises' : falls ? 'it only falls' : rises ? 'it only rises' : 'all equal';
  return `${values.length} blocks, ${values.join(', ')}: ${how}`;
}

/** The blocks in decreasing order, each with its sign (+ player 1, - player 2) and its coins. */
function reduceSorted(valley) {
  const sorted = valley.slice().sort((a, b) => (a.value > b.value ? -1 : a.value < b.value ? 1 : 0));
  return el('ol', { id: 'reduce-sorted', class: 'reduce-stack reduce-sorted', 'data-values': sorted.map((b) => b.value).join(','),
    'aria-label': 'The blocks in decreasing order' },
  ...sorted.map((b, i) => el('li', { class: `reduce-term ${i % 2 ? 'minus' : 'plus'}` },
    el('span', { class: 'reduce-sign' }, i % 2 ? '- player 2' : '+ player 1'),
    el('span', { class: 'reduce-v' }, String(b.value)), el('span', { class: 'reduce-i' }, reduceCoins(b)))));
}

/** The end's nodes: the valley, the blocks sorted with their signs, the sum, the corner and what it means. */
function reduceEnd() {
  const n = reduceState.coins.length;
  const valley = reduceState.states[reduceState.events.length];
  const sorted = valley.map((b) => b.value).sort((a, b) => (a > b ? -1 : a < b ? 1 : 0));
  const sum = sorted.reduce((acc, v, i) => (i % 2 ? acc - v : acc + v), 0n);
  const steps = learnSteps(reduceState.coins);
  const top = steps[steps.length - 1];
  const terms = sorted.map((v, i) => (i === 0 ? `${v}` : `${i % 2 ? '-' : '+'} ${reduceParen(v)}`)).join(' ');
  const shape = reduceShape(valley.map((b) => b.value));
  const p1 = (top.sum + sum) / 2n;
  return [
    el('h4', null, 'The valley and its sum'),
    el('p', null, reduceState.events.length > n ? `The valley: ${shape}.` : `No merge was needed: the row itself has no peak, it is already a valley (${shape}).`),
    el('p', null, 'On a valley the larger end is always the best move, for both players: so the blocks are taken in decreasing order, one each in turn, ',
      'as if each block were one coin. Player 1 gets the blocks marked +, player 2 those marked -:'),
    el('div', { class: 'table-scroll' }, reduceSorted(valley)),
    el('p', { class: 'scroll-cue', 'aria-hidden': 'true' }, 'Scroll sideways for more →'),
    el('p', { id: 'reduce-sum', class: 'reduce-sum', 'data-value': sum, 'data-corner': top.margin },
      `${terms} = ${sum} = margin(1,${n}) in the table: ${top.margin}.`),
    el('p', { id: 'reduce-p1', 'data-value': p1 },
      `So player 1 ends ${sum >= 0n ? sum : -sum} point${abs(sum) === 1n ? '' : 's'} ${sum >= 0n ? 'ahead' : 'behind'} and collects (sum of the row + margin) / 2 = `,
      `(${top.sum} + ${reduceParen(sum)}) / 2 = ${p1}; player 2 the rest, ${top.sum - p1}.`),
  ];
}

/** The paragraph why it is right, under its heading. */
function reduceWhy() {
  return [
    el('h4', null, 'Why it is right'),
    el('p', { class: 'learn-note reduce-why' },
      'This is a known result (T. Idziaszek, "An Optimal Algorithm for Calculating the Profit in the Coins in a Row Game"); here is its idea. ',
      'Take three neighbours x <= y >= z. Whoever takes x or z first opens the way to y, which is worth at least as much as either neighbour: ',
      'the other player answers at once by taking y, and the first then takes the other neighbour. So the three go together, x and z to one ',
      'player and y to the other: worth x - y + z to the one who starts on them, exactly like one coin of that value. Replacing them by that ',
      'one block changes no one\'s result, and a block of blocks is still an odd run of coins. When no peak is left, the values fall, then rise: ',
      'a valley. What is left of a valley after taking an end is still a valley, so the largest value left is always at an end, and the result ',
      'says that taking it is best for both players. So the blocks go in decreasing order, one each in turn, and the first player\'s margin is ',
      'b1 - b2 + b3 - ..., the number the table reaches the long way, in n(n+1)/2 steps.'),
  ];
}

/* ------------------------------------------------------------------ */
/* Actions                                                             */

/** To step k (clamped); `stop` ends the play. */
function reduceGo(k, stop) {
  if (stop) reduceStop();
  reduceState.k = Math.max(0, Math.min(reduceState.events.length, k));
  if (reduceState.k === reduceState.events.length) reduceStop();
  reduceRender();
}

function reduceStop() {
  clearInterval(reduceState.timer);
  reduceState.timer = 0;
}

/** Play / Pause: a step every REDUCE_MS ms (from the start again at the end). */
function reducePlayPause() {
  if (reduceState.timer) reduceStop();
  else {
    if (reduceState.k === reduceState.events.length) reduceState.k = 0;
    reduceState.timer = setInterval(() => reduceGo(reduceState.k + 1, false), REDUCE_MS);
  }
  reduceRender();
}

/** Draws the part for `coins` (an Array of BigInt, 2 to LEARN_MAX coins), at step 0. */
function reduceShow(coins) {
  reduceStop();
  const { events, states } = reduceRun(coins);
  Object.assign(reduceState, { coins, events, states, k: 0 });
  $('reduce-body').replaceChildren(...reduceNodes());
  reduceRender();
}
