// SPDX-License-Identifier: MIT
/*
 * web/app/quiz.js: the Quiz view (issue 30, part 6): "which end?" on
 * positions drawn from seeded random rows. A position: a row of 3 to 16
 * coins, some already taken from its ends, coins i..j left (2 or more),
 * the player to move; the answer: the end the interval table chooses for
 * coins i..j (lesson.js's learnSteps: left, right, or either when both
 * ends give the same margin). Difficulty (QUIZ_LEVELS): the coins left and
 * the values' spread.
 *
 * Its URL: #view=quiz&seed=S&level=L&q=K (S decimal, 0 to 2^64-1; L easy |
 * medium | hard; K from 1), written with replaceState as the question
 * changes. Question K comes from (S, L, K) alone: the same link gives the
 * same questions in the same order. The score is the page's own (not in
 * the link): a new seed or level starts it again.
 *
 * Honest scoring: a right answer after a hint counts as right, is counted
 * in data-hinted, and neither grows nor breaks the streak; a wrong answer
 * breaks it.
 *
 * Test hooks:
 *   #quiz-question   data-row (the whole row, comma list), data-i, data-j
 *                    (1-based, the coins left), data-k (the question's
 *                    number from 1), data-seed, data-level, data-mover
 *                    (1 | 2); focused (tabindex -1) after Next.
 *   #quiz-coins      span.quiz-coin per coin, data-index (1-based),
 *                    data-value, class "taken" or "end" (the two ends).
 *   #quiz-left, #quiz-right, #quiz-either   the answer buttons (off once
 *                    answered).
 *   #quiz-verdict    the polite live region: data-correct = "true" |
 *                    "false" once answered (none before), data-answer =
 *                    the right one (left | right | either), data-given.
 *   #quiz-explain    after an answer: data-left (a_i - margin(i+1,j)),
 *                    data-right (a_j - margin(i,j-1)), data-margin,
 *                    data-best (most the mover collects from coins i..j).
 *   #quiz-score      data-right, data-asked, data-streak, data-best,
 *                    data-hinted (right answers after a hint).
 *   #quiz-hint       data-stage (0: none, 1: the question, 2: the two
 *                    values; the Hint button is then off).
 *   #quiz-next       shown once answered; focused then.
 */
'use strict';

/** The levels: the coins left (short..long), the most coins already taken, the values (min..max). */
const QUIZ_LEVELS = {
  easy: { short: 3, long: 5, taken: 3, min: 1n, max: 9n },
  medium: { short: 5, long: 8, taken: 4, min: 1n, max: 30n },
  hard: { short: 8, long: 16, taken: 4, min: -20n, max: 50n },
};
const QUIZ_DEFAULT_LEVEL = 'easy';
const QUIZ_MAX_Q = 1000000; // the last question a link may name

const Q = {
  seed: '', // decimal
  level: QUIZ_DEFAULT_LEVEL,
  k: 1, // the question's number
  pos: null, // quizPosition()'s
  stage: 0, // the hints shown: 0, 1 or 2
  given: null, // the answer given: 'left' | 'right' | 'either', null before
  score: { right: 0, asked: 0, streak: 0, best: 0, hinted: 0 },
};

/* ------------------------------------------------------------------ */
/* The position of question k                                          */

/**
 * Question k of (seed, level): { coins (the whole row, BigInt), i, j
 * (1-based, the coins left), mover (1 | 2), cell, after (the cells of
 * i+1..j and i..j-1; null when one coin is left) } from splitmix64 of
 * the seed mixed with k (worker.js's positionSeed).
 */
function quizPosition(seed, level, k) {
  const spec = QUIZ_LEVELS[level];
  const next = window.coinlineWork.splitmix64(positionSeed(BigInt(seed), k));
  const pick = (lo, hi) => lo + Number(next() % BigInt(hi - lo + 1));
  const left = pick(spec.short, spec.long);
  const taken = pick(0, Math.min(spec.taken, LEARN_MAX - left));
  const before = pick(0, taken);
  const coins = rowFromSeed(left + taken, next(), spec.min, spec.max);
  const i = before + 1;
  const j = before + left;
  const at = lessonCells(learnSteps(coins));
  return { coins, i, j, mover: (taken % 2) + 1, cell: at.get(`${i},${j}`), l: at.get(`${i + 1},${j}`), r: at.get(`${i},${j - 1}`) };
}

/* ------------------------------------------------------------------ */
/* Words                                                               */

const quizParen = (v) => (v < 0n ? `(${v})` : `${v}`);

/** "coins 1..2 and 8" (the taken ones), or null when none is. */
function quizTaken(p) {
  const runs = [];
  const n = p.coins.length;
  if (p.i > 1) runs.push(p.i === 2 ? 'coin 1' : `coins 1..${p.i - 1}`);
  if (p.j < n) runs.push(p.j === n - 1 ? `coin ${n}` : `coins ${p.j + 1}..${n}`);
  return runs.length ? runs.join(' and ') : null;
}

/** The two values, one line each: [left, right]. */
function quizValues(p) {
  const { i, j, cell } = p;
  const a = p.coins[i - 1];
  const b = p.coins[j - 1];
  return [
    `Take left: a_${i} - margin(${i + 1},${j}) = ${a} - ${quizParen(a - cell.left)} = ${cell.left}.`,
    `Take right: a_${j} - margin(${i},${j - 1}) = ${b} - ${quizParen(b - cell.right)} = ${cell.right}.`,
  ];
}

/** The explanation after an answer: the two values, which is larger, what the mover collects. */
function quizExplain(p) {
  const { i, j, cell } = p;
  const cmp = cell.left === cell.right ? `${cell.left} = ${cell.right}: both ends are as good, take either.`
    : cell.left > cell.right ? `${cell.left} > ${cell.right}: the left end is better.`
      : `${cell.right} > ${cell.left}: the right end is better.`;
  const other = cell.sum - cell.best;
  const ahead = cell.margin === 0n ? 'a draw on these coins' : `player ${p.mover} ends ${cell.margin > 0n ? 'ahead' : 'behind'} by ${abs(cell.margin)}`;
  return [
    ...quizValues(p),
    cmp,
    `Then, with best play on both sides, player ${p.mover} collects best(${i},${j}) = (sum ${cell.sum} + margin ${cell.margin}) / 2 = ${cell.best} ` +
      `of coins ${i}..${j}, the other player ${other}: ${ahead}. The coins taken before do not change the best move.`,
  ];
}

/* ------------------------------------------------------------------ */
/* Drawing                                                             */

/** The row: each coin with its number under it; the taken ones marked. */
function quizCoins(p) {
  return p.coins.map((v, k) => {
    const idx = k + 1;
    const taken = idx < p.i || idx > p.j;
    const end = idx === p.i ? 'left end' : idx === p.j ? 'right end' : '';
    const cls = `quiz-coin${taken ? ' taken' : ''}${end ? ' end' : ''}`;
    const name = `coin ${idx}: ${v}${taken ? ', taken' : end ? `, the ${end}` : ''}`;
    return el('li', { class: cls, 'data-index': idx, 'data-value': String(v), 'aria-label': name },
      el('span', { class: 'v', 'aria-hidden': 'true' }, String(v)), el('span', { class: 'ix', 'aria-hidden': 'true' }, String(idx)));
  });
}

/** Redraws the question (and, once answered, the verdict and the explanation). */
function renderQuiz() {
  const p = Q.pos;
  const head = $('quiz-question');
  Object.assign(head.dataset, { row: p.coins.join(','), i: String(p.i), j: String(p.j), k: String(Q.k), seed: Q.seed, level: Q.level, mover: String(p.mover) });
  head.textContent = `Question ${Q.k}: player ${p.mover} to move on coins ${p.i}..${p.j}`;
  const taken = quizTaken(p);
  $('quiz-ask').textContent = `${taken ? `Already taken: ${taken}. ` : ''}Which end should player ${p.mover} take, to end as far ahead as possible on coins ${p.i}..${p.j}?`;
  $('quiz-coins').replaceChildren(...quizCoins(p));
  $('quiz-left').querySelector('.quiz-label').textContent = `Left: ${p.coins[p.i - 1]}`;
  $('quiz-right').querySelector('.quiz-label').textContent = `Right: ${p.coins[p.j - 1]}`;
  for (const id of ['quiz-left', 'quiz-right', 'quiz-either']) $(id).disabled = !!Q.given;
  $('quiz-level').value = Q.level;
  $('quiz-seed').textContent = `Seed ${Q.seed}, ${Q.level}`;
  renderQuizHint();
  renderQuizAnswer();
  renderQuizScore();
}

function renderQuizHint() {
  const p = Q.pos;
  const hint = $('quiz-hint');
  hint.dataset.stage = String(Q.stage);
  const lines = [];
  if (Q.stage >= 1) {
    lines.push(`If player ${p.mover} takes the left coin (${p.coins[p.i - 1]}), the other player moves next on coins ${p.i + 1}..${p.j}: ` +
      `what is the most they can end ahead by there? And after the right coin (${p.coins[p.j - 1]}), on coins ${p.i}..${p.j - 1}?`);
  }
  if (Q.stage >= 2) lines.push(...quizValues(p));
  hint.replaceChildren(...lines.map((t) => el('span', { class: 'quiz-line' }, t)));
  $('quiz-hint-button').disabled = Q.stage >= 2 || !!Q.given;
}

function renderQuizAnswer() {
  const p = Q.pos;
  const verdict = $('quiz-verdict');
  const box = $('quiz-explain');
  $('quiz-next').hidden = !Q.given;
  if (!Q.given) {
    for (const k of ['correct', 'answer', 'given']) delete verdict.dataset[k];
    for (const k of ['left', 'right', 'margin', 'best']) delete box.dataset[k];
    verdict.textContent = '';
    verdict.className = '';
    box.replaceChildren();
    return;
  }
  const right = Q.given === p.cell.move;
  Object.assign(verdict.dataset, { correct: String(right), answer: p.cell.move, given: Q.given });
  verdict.className = right ? 'good' : 'bad';
  const which = p.cell.move === 'either' ? 'either end' : `the ${p.cell.move} end`;
  verdict.textContent = `${right ? 'Correct' : `Not this time: you chose ${Q.given}`}. The answer: ${which} ` +
    `(left gives ${p.cell.left}, right gives ${p.cell.right}).`;
  Object.assign(box.dataset, { left: String(p.cell.left), right: String(p.cell.right), margin: String(p.cell.margin), best: String(p.cell.best) });
  box.replaceChildren(...quizExplain(p).map((t) => el('span', { class: 'quiz-line' }, t)));
}

function renderQuizScore() {
  const s = Q.score;
  const box = $('quiz-score');
  for (const k of ['right', 'asked', 'streak', 'best', 'hinted']) box.dataset[k] = String(s[k]);
  box.textContent = `Right: ${s.right} of ${s.asked}${s.hinted ? ` (${s.hinted} after a hint)` : ''}. Streak: ${s.streak}, best ${s.best}.`;
}

/* ------------------------------------------------------------------ */
/* Actions                                                             */

/** To question k of the seed and level (the URL following). */
function quizGo(k) {
  Q.k = Math.min(QUIZ_MAX_Q, Math.max(1, k));
  Q.pos = quizPosition(Q.seed, Q.level, Q.k);
  Q.stage = 0;
  Q.given = null;
  renderQuiz();
  if (viewNow() === 'quiz') history.replaceState(history.state, '', `#${quizLink()}`);
}

/** The answer `side` ('left' | 'right' | 'either'): the verdict, the score, the focus to Next. */
function quizAnswer(side) {
  if (Q.given) return;
  Q.given = side;
  const s = Q.score;
  const right = side === Q.pos.cell.move;
  s.asked++;
  if (right) {
    s.right++;
    if (Q.stage > 0) s.hinted++;
    else s.streak++;
  } else s.streak = 0;
  s.best = Math.max(s.best, s.streak);
  renderQuiz();
  $('quiz-next').focus();
}

/** The next hint (the question, then the two values). */
function quizHint() {
  if (Q.given || Q.stage >= 2) return;
  Q.stage++;
  renderQuizHint();
}

/** Next: the next question, the focus to it. */
function quizNext() {
  if (!Q.given) return;
  quizGo(Q.k + 1);
  $('quiz-question').focus();
}

/** A fresh seed (the browser's generator): question 1, the score from zero. */
function quizNewSeed() {
  const r = new BigUint64Array(1);
  crypto.getRandomValues(r);
  quizRestart(r[0].toString(), Q.level);
}

function quizRestart(seed, level) {
  Q.seed = seed;
  Q.level = level;
  Q.score = { right: 0, asked: 0, streak: 0, best: 0, hinted: 0 };
  quizGo(1);
}

/** A seed from the URL: a decimal from 0 to 2^64-1, else null. */
function quizSeedOf(text) {
  if (!/^\d{1,20}$/.test(text || '')) return null;
  const v = BigInt(text);
  return v <= U64 ? v.toString() : null;
}

/* ------------------------------------------------------------------ */
/* The URL, the keys, the controls (app.js calls these)                */

/** The Quiz view from the URL's fragment when it names it (view=quiz). Returns whether it did. */
function quizFromUrl() {
  const q = new URLSearchParams(window.location.hash.slice(1));
  if (q.get('view') !== 'quiz') return false;
  const seed = quizSeedOf(q.get('seed')) || '1';
  const level = Object.hasOwn(QUIZ_LEVELS, q.get('level')) ? q.get('level') : QUIZ_DEFAULT_LEVEL;
  const k = Math.min(QUIZ_MAX_Q, Math.max(1, Number.parseInt(q.get('q') || '1', 10) || 1));
  showView('quiz');
  if (Q.pos && seed === Q.seed && level === Q.level && k === Q.k) {
    renderQuiz(); // back to the question as it was (answered or not)
    return true;
  }
  if (seed !== Q.seed || level !== Q.level) {
    Q.seed = seed;
    Q.level = level;
    Q.score = { right: 0, asked: 0, streak: 0, best: 0, hinted: 0 };
  }
  quizGo(k);
  return true;
}

/** The Quiz view's fragment as it stands. */
const quizLink = () => `view=quiz&seed=${Q.seed || '1'}&level=${Q.level}&q=${Q.k}`;

/** The Quiz view's keys: ArrowLeft / ArrowRight / ArrowDown or e answer, h hint, n or Enter next. */
function quizKey(e) {
  const t = e.target;
  if (t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName))) return;
  if ((e.key === 'Enter' || e.key === ' ') && t && t.tagName === 'BUTTON') return; // the button's own click
  const answer = (side) => () => quizAnswer(side);
  const actions = {
    ArrowLeft: answer('left'),
    ArrowRight: answer('right'),
    ArrowDown: answer('either'),
    e: answer('either'),
    E: answer('either'),
    h: quizHint,
    H: quizHint,
    n: quizNext,
    N: quizNext,
    Enter: quizNext,
  };
  const action = actions[e.key];
  if (!action || (Q.given && e.key.startsWith('Arrow'))) return; // answered: the arrows scroll
  e.preventDefault();
  action();
}

/** The Quiz view's own controls. */
function connectQuiz() {
  $('quiz-left').addEventListener('click', () => quizAnswer('left'));
  $('quiz-right').addEventListener('click', () => quizAnswer('right'));
  $('quiz-either').addEventListener('click', () => quizAnswer('either'));
  $('quiz-hint-button').addEventListener('click', quizHint);
  $('quiz-next').addEventListener('click', quizNext);
  $('quiz-new-seed').addEventListener('click', quizNewSeed);
  $('quiz-level').addEventListener('change', () => quizRestart(Q.seed || '1', $('quiz-level').value));
}
