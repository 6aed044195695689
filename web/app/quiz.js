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
 * medium | hard; K from 1 to QUIZ_MAX_Q), written with replaceState as the
 * question changes. Question K comes from (S, L, K) alone: the same link
 * gives the same questions in the same order. The score is the page's own
 * (not in the link): a new seed or level starts it again.
 *
 * Or from the learner's game: "From my game in Play" (#quiz-from-game)
 * takes the Play view's game (a row of 2 to LEARN_MAX coins scored by the
 * coins taken; else #quiz-source-note says why not) and asks its positions
 * with 2 coins or more left, in play order, round again after the last;
 * the explanation then says whether the move played there was a best one.
 * Its URL: #view=quiz&row=8,15,3,7&moves=LR&q=K (the game in the link,
 * so that it too can be handed out).
 *
 * Honest scoring: a right answer after a hint counts as right, is counted
 * in data-hinted, and neither grows nor breaks the streak; a wrong answer
 * breaks it.
 *
 * Test hooks:
 *   #quiz-question   data-row (the whole row, comma list), data-i, data-j
 *                    (1-based, the coins left), data-k (the question's
 *                    number from 1), data-source (seed | game),
 *                    data-seed, data-level (empty for a game), data-moves
 *                    (a game's; empty for a seed), data-mover (1 | 2);
 *                    focused (tabindex -1) after Next.
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
  seed: '1', // decimal
  level: QUIZ_DEFAULT_LEVEL,
  k: 1, // the question's number
  game: null, // the questions' source when not a seed: a game {coins, moves, at (positions), steps}
  pos: null, // quizPosition()'s or quizGamePosition()'s
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

/**
 * A game's positions with 2 coins or more left, in play order: { i, j,
 * t (moves before it), took ('L' | 'R', the move played there; null
 * after the last) }.
 */
function quizGamePositions(coins, moves) {
  const out = [];
  let i = 1;
  let j = coins.length;
  for (let t = 0; t <= moves.length && j > i; t++) {
    out.push({ i, j, t, took: moves[t] || null });
    if (moves[t] === 'R') j--;
    else i++;
  }
  return out;
}

/** A game for the quiz: {coins (BigInt), moves ('L'/'R'), at (its positions), cells}. */
function quizGame(coins, moves) {
  return { coins, moves, at: quizGamePositions(coins, moves), cells: lessonCells(learnSteps(coins)) };
}

/** Question k (1..the positions) of the game Q.game: its k-th position, as quizPosition()'s. */
function quizGamePosition(k) {
  const g = Q.game;
  const { i, j, t, took } = g.at[k - 1];
  const at = (a, b) => g.cells.get(`${a},${b}`);
  return { coins: g.coins, i, j, mover: (t % 2) + 1, took, cell: at(i, j), l: at(i + 1, j), r: at(i, j - 1) };
}

/**
 * The Play view's game, when the quiz can take it (a row of 2 to
 * LEARN_MAX coins, scored by the coins taken): {coins, moves}; else an
 * Error saying why not.
 */
function quizPlayGame() {
  const n = S.coins.length;
  if (S.shape !== 'line') return new Error('your game in Play is on a circle: the quiz takes a row');
  if (S.score !== 'taken') return new Error('your game in Play scores the coins left: the quiz scores the coins taken');
  if (n < 2 || n > LEARN_MAX) return new Error(`your game in Play has ${n} coins: the quiz takes 2 to ${LEARN_MAX}`);
  return { coins: [...S.coins], moves: S.moves };
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
    ...(p.took ? [quizTook(p)] : []),
  ];
}

/** In a game: the move played there, and whether it was a best one. */
function quizTook(p) {
  const side = p.took === 'R' ? 'right' : 'left';
  const v = p.took === 'R' ? p.coins[p.j - 1] : p.coins[p.i - 1];
  const best = p.cell.move === 'either' || p.cell.move === side;
  const lost = p.cell.margin - (side === 'left' ? p.cell.left : p.cell.right);
  return `In the game, player ${p.mover} took the ${side} coin (${v}) here: ${best ? 'a best move' : `not a best move, ${points(lost)} less in the margin`}.`;
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
  const game = Q.game;
  Object.assign(head.dataset, { row: p.coins.join(','), i: String(p.i), j: String(p.j), k: String(Q.k), mover: String(p.mover),
    source: game ? 'game' : 'seed', seed: game ? '' : Q.seed, level: game ? '' : Q.level, moves: game ? game.moves : '' });
  head.textContent = `Question ${Q.k}${game ? ` of ${game.at.length}` : ''}: player ${p.mover} to move on coins ${p.i}..${p.j}`;
  const taken = quizTaken(p);
  $('quiz-ask').textContent = `${taken ? `Already taken: ${taken}. ` : ''}Which end should player ${p.mover} take, to end as far ahead as possible on coins ${p.i}..${p.j}?`;
  $('quiz-coins').replaceChildren(...quizCoins(p));
  $('quiz-left').querySelector('.quiz-label').textContent = `Left: ${p.coins[p.i - 1]}`;
  $('quiz-right').querySelector('.quiz-label').textContent = `Right: ${p.coins[p.j - 1]}`;
  for (const id of ['quiz-left', 'quiz-right', 'quiz-either']) $(id).disabled = !!Q.given;
  $('quiz-level').value = Q.level;
  $('quiz-seed').textContent = game ? `The positions of your game (${game.coins.length} coins, ${game.moves.length} moves played)` : `Seed ${Q.seed}, ${Q.level}`;
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
  if (Q.game) Q.k = Math.min(Q.k, Q.game.at.length);
  Q.pos = Q.game ? quizGamePosition(Q.k) : quizPosition(Q.seed, Q.level, Q.k);
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
  quizGo(Q.game && Q.k >= Q.game.at.length ? 1 : Q.k + 1); // a game's positions: round again
  $('quiz-question').focus();
}

/** A fresh seed (the browser's generator): question 1, the score from zero. */
function quizNewSeed() {
  const r = new BigUint64Array(1);
  crypto.getRandomValues(r);
  quizRestart(r[0].toString(), Q.level);
}

function quizRestart(seed, level) {
  Q.game = null;
  quizSay('');
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
  const k = Math.min(QUIZ_MAX_Q, Math.max(1, Number.parseInt(q.get('q') || '1', 10) || 1));
  const game = q.has('row') ? quizGameOfUrl(q) : null;
  const seed = quizSeedOf(q.get('seed')) || '1';
  const level = Object.hasOwn(QUIZ_LEVELS, q.get('level')) ? q.get('level') : QUIZ_DEFAULT_LEVEL;
  const source = game && !(game instanceof Error) ? quizSourceOf(game, seed, level) : quizSourceOf(null, seed, level);
  showView('quiz');
  quizSay(game instanceof Error ? `This link's game cannot be used (${game.message}): here are seeded questions.` : '');
  if (Q.pos && source === quizSource() && k === Q.k) {
    renderQuiz(); // back to the question as it was (answered or not)
    return true;
  }
  if (source !== quizSource()) {
    Q.game = game instanceof Error ? null : game;
    Q.seed = seed;
    Q.level = level;
    Q.score = { right: 0, asked: 0, streak: 0, best: 0, hinted: 0 };
  }
  quizGo(k);
  return true;
}

/** A game from a link's row= and moves= (quizGame()), or the Error saying what is wrong. */
function quizGameOfUrl(q) {
  try {
    const coins = learnRow(q.get('row'));
    const moves = q.get('moves') || '';
    if (!/^[LR]*$/.test(moves) || moves.length > coins.length) throw new Error(`moves: ${clip(moves)} is not a game of ${coins.length} coins`);
    return quizGame(coins, moves);
  } catch (e) {
    return e;
  }
}

/** What the questions come from, as the link says it. */
const quizSourceOf = (game, seed, level) => (game ? `row=${game.coins.join(',')}&moves=${game.moves}` : `seed=${seed}&level=${level}`);
const quizSource = () => quizSourceOf(Q.game, Q.seed, Q.level);

/** The Quiz view's fragment as it stands. */
const quizLink = () => `view=quiz&${quizSource()}&q=${Q.k}`;

/** A word on the questions' source in #quiz-source-note (none: hidden). */
function quizSay(text) {
  $('quiz-source-note').textContent = text;
  $('quiz-source-note').hidden = !text;
}

/** "From my game": the positions of the Play view's game, or why it cannot be taken. */
function quizFromGame() {
  const g = quizPlayGame();
  if (g instanceof Error) {
    quizSay(`${g.message}.`);
    return;
  }
  quizSay('');
  Q.game = quizGame(g.coins, g.moves);
  Q.score = { right: 0, asked: 0, streak: 0, best: 0, hinted: 0 };
  quizGo(1);
  $('quiz-question').focus();
}

/** The Quiz view's keys: ArrowLeft / ArrowRight / ArrowDown or e answer, h hint, n or Enter next. */
function quizKey(e) {
  const t = e.target;
  if (typingIn(t)) return;
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
  $('quiz-from-game').addEventListener('click', quizFromGame);
  $('quiz-level').addEventListener('change', () => quizRestart(Q.seed || '1', $('quiz-level').value));
}
