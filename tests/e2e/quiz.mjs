// SPDX-License-Identifier: MIT
/*
 * quiz.mjs - the page's Quiz view (issue 30, part 6: "which end?", and its
 * URL #view=quiz&seed=S&level=L&q=K), end to end. Not a script of its
 * own: public.mjs (make e2e) runs its sections with its browser, its
 * server and its TAP helpers (quizSections(h)). Every right answer and
 * every value is `coinline explain --steps --json --row <the question's
 * row>`'s (build/coinline spawned), never the page's own.
 *
 *   quiz-file      from file://, each level (easy, medium, hard): 16
 *                  questions of one seed, by click: each position within
 *                  its level (coins left, values, row of at most 16
 *                  coins), the answer the explain's move of the cell i..j;
 *                  answered right, and wrong on purpose every 4th: the
 *                  verdict (data-correct, data-answer), the score and the
 *                  streak (current, best) as counted here; the
 *                  explanation's two values a_i - margin(i+1,j) and
 *                  a_j - margin(i,j-1) from the explain's margins; Next:
 *                  data-k and the URL's q= follow.
 *   quiz-serve     the same from coinline serve: the same questions as
 *                  from file:// (seed, level, k); the medium level by the
 *                  keys only (ArrowLeft, ArrowRight, ArrowDown or e;
 *                  n or Enter), the focus on Next after an answer and on
 *                  the question after Next.
 *   quiz-hints     h twice: data-stage 1 (the question on coins i+1..j and
 *                  i..j-1), 2 (the two values, the explain's), no stage 3,
 *                  the Hint button off; a right answer after a hint:
 *                  counted right and in data-hinted, the streak kept.
 *   quiz-url       q=K opened directly: question K as reached by Next;
 *                  the same link reloaded: the same question; another
 *                  seed: another sequence; a bad seed, level or q in a
 *                  link (seed 1, easy, q clamped to 1..1000000); New seed
 *                  (q=1, the URL, the score from zero); the level's select
 *                  (level= in the URL); the Quiz, Play and Learn buttons,
 *                  back and forward.
 *   quiz-game      the positions of a game: #view=quiz&row=...&moves=LRRLR
 *                  (file://): each position with 2 coins or more left, in
 *                  play order, the engine's answer and values, the move
 *                  played called a best move exactly when the explain's
 *                  move allows it; round again after the last. "From my
 *                  game in Play" takes the Play view's row and moves (its
 *                  link); a game of 20 coins: said why not; a bad row in a
 *                  link: said, seeded questions instead.
 *   quiz-shot      quiz-1280.png: a medium question with both hints, after
 *                  its answer.
 *   quiz-phone     360 px: no horizontal page scroll on six hard questions
 *                  (12 to 16 coins) with both hints and the explanation.
 *                  quiz-360.png: the first of them.
 *   quiz-errors    no console or page error on any of these pages.
 */

import { explainSteps, learnPages } from './lesson-kit.mjs';

/** What each level promises: the coins left, the values. */
const LEVELS = {
  easy: { short: 3, long: 5, min: 1, max: 9 },
  medium: { short: 5, long: 8, min: 1, max: 30 },
  hard: { short: 8, long: 16, min: -20, max: 50 },
};
const SEEDS = { easy: '2024', medium: '77', hard: '18446744073709551615' };
const COUNT = 16; // questions a level

/** explain --steps --json of the row (strings): its cells by "i,j". */
const explain = (row) => new Map(explainSteps(row).map((s) => [`${s.i},${s.j}`, s]));

/** The engine's answer at the question: move, left, right (a_i - margin(i+1,j), a_j - margin(i,j-1)), margin, best. */
function engineAnswer(q) {
  const at = explain(q.row);
  const cell = at.get(`${q.i},${q.j}`);
  const a = BigInt(q.row[q.i - 1]);
  const b = BigInt(q.row[q.j - 1]);
  const left = a - BigInt(at.get(`${q.i + 1},${q.j}`).margin);
  const right = b - BigInt(at.get(`${q.i},${q.j - 1}`).margin);
  return { move: cell.move, left: String(left), right: String(right), margin: String(cell.margin), best: String(cell.best) };
}

/** The Quiz view's hooks. */
const quizOf = (page) => page.evaluate(() => {
  const d = (id) => ({ ...document.getElementById(id).dataset });
  const qd = d('quiz-question');
  return {
    row: qd.row ? qd.row.split(',') : [], i: Number(qd.i), j: Number(qd.j), k: Number(qd.k), seed: qd.seed, level: qd.level,
    verdict: d('quiz-verdict'), explain: d('quiz-explain'), score: d('quiz-score'), stage: Number(d('quiz-hint').stage),
    hint: document.getElementById('quiz-hint').textContent, verdictText: document.getElementById('quiz-verdict').textContent,
    explainText: document.getElementById('quiz-explain').textContent,
    hintOff: document.getElementById('quiz-hint-button').disabled, nextShown: !document.getElementById('quiz-next').hidden,
    taken: [...document.querySelectorAll('#quiz-coins .quiz-coin.taken')].map((c) => Number(c.dataset.index)),
    focus: document.activeElement ? document.activeElement.id : '', hash: location.hash, view: document.body.dataset.view,
    quizShown: document.getElementById('quiz').offsetParent !== null, gameShown: document.getElementById('game').offsetParent !== null,
    levelValue: document.getElementById('quiz-level').value,
  };
});

/** The position's problems against its level's promise. */
function levelProblems(q, level) {
  const spec = LEVELS[level];
  const bad = [];
  const left = q.j - q.i + 1;
  if (left < spec.short || left > spec.long) bad.push(`${left} coins left, not ${spec.short}..${spec.long}`);
  if (q.row.length > 16 || q.i < 1 || q.j > q.row.length) bad.push(`row of ${q.row.length}, coins ${q.i}..${q.j}`);
  if (q.row.some((v) => Number(v) < spec.min || Number(v) > spec.max)) bad.push(`a value outside ${spec.min}..${spec.max}`);
  const taken = q.row.map((_, k) => k + 1).filter((x) => x < q.i || x > q.j).join(',');
  if (q.taken.join(',') !== taken) bad.push(`taken coins ${q.taken}, not ${taken}`);
  return bad;
}

const WRONG = { left: 'right', right: 'either', either: 'left' };
const KEY = { left: 'ArrowLeft', right: 'ArrowRight', either: 'ArrowDown' };

export async function quizSections(h) {
  const { base, fileUrl, section, ok, note, TIMEOUT, open, shot } = h;
  const kit = await learnPages(h, 'quiz', { ready: () => document.body.dataset.view === 'quiz' && document.getElementById('quiz-question').dataset.row });
  const { page, pp, show } = kit;
  const link = (origin, seed, level, k) => `${origin}#view=quiz&seed=${seed}${level ? `&level=${level}` : ''}${k ? `&q=${k}` : ''}`;
  const go = (url) => kit.go(page, url);
  const seen = {}; // level -> the questions' "row|i|j" from file://

  /** COUNT questions of the level: answered (by click or keys), checked; returns their keys. */
  async function run(name, level, keys) {
    const got = [];
    const score = { right: 0, asked: 0, streak: 0, best: 0 };
    let either = 0;
    for (let k = 1; k <= COUNT; k++) {
      const q = await quizOf(page);
      const want = engineAnswer(q);
      either += want.move === 'either';
      const bad = levelProblems(q, level);
      if (q.k !== k || !q.hash.endsWith(`q=${k}`) || q.seed !== SEEDS[level] || q.level !== level) bad.push(`k ${q.k}, hash ${q.hash}`);
      if (q.verdict.correct !== undefined || q.nextShown) bad.push('answered before an answer');
      const wrong = k % 4 === 0;
      const given = wrong ? WRONG[want.move] : want.move;
      if (keys) await page.keyboard.press(given === 'either' && k % 2 ? 'e' : KEY[given]);
      else await page.click(`#quiz-${given}`);
      const a = await quizOf(page);
      score.asked++;
      if (wrong) score.streak = 0;
      else {
        score.right++;
        score.streak++;
      }
      score.best = Math.max(score.best, score.streak);
      if (a.verdict.correct !== String(!wrong) || a.verdict.answer !== want.move) bad.push(`verdict ${JSON.stringify(a.verdict)}, the engine's ${want.move}`);
      for (const f of ['left', 'right', 'margin', 'best']) if (a.explain[f] !== want[f]) bad.push(`explain ${f} ${a.explain[f]}, the engine's ${want[f]}`);
      if (!a.explainText.includes(`= ${want.left}.`) || !a.explainText.includes(`= ${want.right}.`)) bad.push(`explanation text: ${a.explainText}`);
      for (const f of Object.keys(score)) if (a.score[f] !== String(score[f])) bad.push(`score ${f} ${a.score[f]}, not ${score[f]}`);
      if (a.focus !== 'quiz-next') bad.push(`focus on ${a.focus} after the answer`);
      ok(bad.length === 0, `${name}: ${level} question ${k} (${q.row.join(' ')}, coins ${q.i}..${q.j}): ${wrong ? `${given} (wrong on purpose)` : given} ` +
        `by ${keys ? 'key' : 'click'}: verdict, score ${score.right}/${score.asked}, streak ${score.streak} (best ${score.best}), the two values ${want.left} and ${want.right}`, bad.join('\n'));
      got.push(`${q.row.join(' ')}|${q.i}|${q.j}`);
      if (keys) await page.keyboard.press(k % 2 ? 'n' : 'Enter');
      else await page.click('#quiz-next');
      const after = await quizOf(page);
      if (k < COUNT && (after.k !== k + 1 || after.focus !== 'quiz-question' || after.verdict.correct !== undefined || after.stage !== 0)) {
        ok(false, `${name}: Next after question ${k}`, JSON.stringify({ k: after.k, focus: after.focus, verdict: after.verdict, stage: after.stage }));
      }
    }
    note(`${name} ${level}: ${either} of ${COUNT} answers "either"`);
    return got;
  }

  await section('quiz-file', page, async () => {
    for (const level of Object.keys(LEVELS)) {
      await go(link(fileUrl, SEEDS[level], level, 1));
      seen[level] = await run('quiz-file', level, false);
    }
  });

  await section('quiz-serve', page, async () => {
    for (const level of Object.keys(LEVELS)) {
      await go(link(base, SEEDS[level], level, 1));
      const keys = level === 'medium';
      if (keys) await page.evaluate(() => document.activeElement && document.activeElement.blur());
      const got = await run('quiz-serve', level, keys);
      if (seen[level]) ok(got.join('\n') === seen[level].join('\n'), `quiz-serve: ${level}: the same ${COUNT} questions as from file://`, '');
    }
  });

  await section('quiz-hints', page, async () => {
    await go(link(base, '5', 'medium', 3));
    const q = await quizOf(page);
    const want = engineAnswer(q);
    ok(q.stage === 0 && q.hint === '' && !q.hintOff, 'quiz-hints: no hint at first (stage 0)', JSON.stringify({ stage: q.stage, hint: q.hint }));
    await page.keyboard.press('h');
    let a = await quizOf(page);
    ok(a.stage === 1 && a.hint.includes(`coins ${q.i + 1}..${q.j}`) && a.hint.includes(`coins ${q.i}..${q.j - 1}`) && !a.hint.includes(`= ${want.left}.`),
      `quiz-hints: h: stage 1, the question on coins ${q.i + 1}..${q.j} and ${q.i}..${q.j - 1}, no value yet`, a.hint);
    await page.click('#quiz-hint-button');
    a = await quizOf(page);
    ok(a.stage === 2 && a.hint.includes(`= ${want.left}.`) && a.hint.includes(`= ${want.right}.`) && a.hintOff,
      `quiz-hints: Hint again: stage 2, the two values ${want.left} and ${want.right} (the explain's), the button off`, a.hint);
    await page.keyboard.press('h');
    a = await quizOf(page);
    ok(a.stage === 2, 'quiz-hints: h once more: nothing more (stage 2)', String(a.stage));
    await page.click(`#quiz-${want.move}`);
    a = await quizOf(page);
    ok(a.verdict.correct === 'true' && a.score.right === '1' && a.score.asked === '1' && a.score.hinted === '1' && a.score.streak === '0' &&
      /after a hint/.test(await page.textContent('#quiz-score')),
    'quiz-hints: right after a hint: right 1 of 1, hinted 1 (said in the score line), the streak not grown', JSON.stringify(a.score));
    await page.keyboard.press('n');
    a = await quizOf(page);
    ok(a.k === 4 && a.stage === 0 && a.hint === '' && !a.hintOff, 'quiz-hints: the next question starts with no hint', JSON.stringify({ k: a.k, stage: a.stage }));
  });

  await section('quiz-url', page, async () => {
    const level = 'hard';
    await go(link(base, SEEDS[level], level, 1));
    const first = [];
    for (let k = 1; k <= 7; k++) {
      const q = await quizOf(page);
      first.push(`${q.row.join(' ')}|${q.i}|${q.j}`);
      await page.click('#quiz-either');
      if (k < 7) await page.click('#quiz-next');
    }
    await go(link(base, SEEDS[level], level, 7));
    let a = await quizOf(page);
    ok(`${a.row.join(' ')}|${a.i}|${a.j}` === first[6] && a.levelValue === level && a.score.asked === '0', 'quiz-url: q=7 opened directly: question 7 as reached by Next, unanswered', `${a.row.join(' ')}|${a.i}|${a.j}`);
    await page.click('#quiz-left');
    await page.reload();
    await page.waitForFunction(() => document.getElementById('quiz-question').dataset.row, null, { timeout: TIMEOUT });
    const b = await quizOf(page);
    ok(b.row.join(' ') === a.row.join(' ') && b.i === a.i && b.j === a.j && b.k === 7 && b.verdict.correct === undefined,
      'quiz-url: the same link reloaded: the same question, unanswered', `${b.row.join(' ')} ${b.i}..${b.j}`);
    const other = [];
    for (let k = 1; k <= 5; k++) {
      await go(link(base, '12345', level, k));
      a = await quizOf(page);
      other.push(`${a.row.join(' ')}|${a.i}|${a.j}`);
    }
    ok(other.join('\n') !== first.slice(0, 5).join('\n') && new Set(other).size === 5, 'quiz-url: another seed: another sequence', other.join('\n'));
    await go(`${base}#view=quiz&seed=abc&level=nope&q=0`);
    a = await quizOf(page);
    ok(a.seed === '1' && a.level === 'easy' && a.k === 1 && a.hash === '#view=quiz&seed=1&level=easy&q=1' && levelProblems(a, 'easy').length === 0,
      'quiz-url: a bad seed, level and q in a link: seed 1, easy, question 1, the URL rewritten', a.hash);
    await go(`${base}#view=quiz&seed=3&level=medium&q=${'9'.repeat(400)}`);
    a = await quizOf(page);
    ok(a.k === 1000000 && a.hash.endsWith('&q=1000000') && levelProblems(a, 'medium').length === 0, 'quiz-url: q past the last: question 1000000', a.hash);
    await page.click('#quiz-left');
    await page.click('#quiz-new-seed');
    a = await quizOf(page);
    ok(a.seed !== '3' && /^\d+$/.test(a.seed) && a.k === 1 && a.hash === `#view=quiz&seed=${a.seed}&level=medium&q=1` && a.score.asked === '0',
      'quiz-url: New seed: a fresh seed, question 1, the URL following, the score from zero', a.hash);
    await page.selectOption('#quiz-level', 'easy');
    a = await quizOf(page);
    ok(a.level === 'easy' && a.hash.endsWith('&level=easy&q=1') && levelProblems(a, 'easy').length === 0, 'quiz-url: the level chosen: an easy question, level=easy in the URL', a.hash);
    await page.click('#view-play');
    a = await quizOf(page);
    ok(a.view === 'play' && !a.quizShown && a.gameShown && !/view=quiz/.test(a.hash), 'quiz-url: the Play button: the game, its URL', a.hash);
    await page.click('#view-quiz');
    await page.waitForFunction(() => document.body.dataset.view === 'quiz', null, { timeout: TIMEOUT });
    const back = await quizOf(page);
    ok(back.quizShown && !back.gameShown && back.hash.endsWith('&level=easy&q=1') && back.row.join(' ') === a.row.join(' '), 'quiz-url: the Quiz button: the quiz as it was', back.hash);
    await page.goBack();
    await page.waitForFunction(() => document.body.dataset.view === 'play', null, { timeout: TIMEOUT });
    a = await quizOf(page);
    ok(a.gameShown && !a.quizShown, 'quiz-url: back: the game again', a.hash);
    await page.goForward();
    await page.waitForFunction(() => document.body.dataset.view === 'quiz', null, { timeout: TIMEOUT });
    a = await quizOf(page);
    ok(a.quizShown && a.hash === back.hash, 'quiz-url: forward: the quiz again', a.hash);
    await page.click('#view-learn');
    await page.click('#learn-quiz');
    a = await quizOf(page);
    ok(a.view === 'quiz' && a.quizShown && /view=quiz/.test(a.hash), 'quiz-url: the Learn view\'s "6. Quiz" button: the quiz', a.hash);
  });

  await section('quiz-game', page, async () => {
    const row = [12, -3, 0, 40, 7, 7, -15, 22, 5, 9];
    const moves = 'LRRLR';
    await go(`${fileUrl}#view=quiz&row=${row.join(',')}&moves=${moves}&q=1`);
    // the positions with 2 coins or more left, in play order
    const want = [];
    for (let t = 0, i = 1, j = row.length; t <= moves.length && j > i; t++) {
      want.push({ i, j, t, took: moves[t] });
      if (moves[t] === 'R') j--;
      else i++;
    }
    for (const [k, w] of want.entries()) {
      const q = await quizOf(page);
      const e = engineAnswer(q);
      await page.click(`#quiz-${e.move}`);
      const a = await quizOf(page);
      const side = w.took === 'R' ? 'right' : 'left';
      const best = e.move === 'either' || e.move === side;
      const bad = [];
      if (q.row.join(',') !== row.join(',') || q.i !== w.i || q.j !== w.j || q.k !== k + 1) bad.push(`question ${q.k}: coins ${q.i}..${q.j}`);
      if (!q.hash.endsWith(`#view=quiz&row=${row.join(',')}&moves=${moves}&q=${k + 1}`)) bad.push(`hash ${q.hash}`);
      if (a.verdict.correct !== 'true' || a.explain.left !== e.left || a.explain.right !== e.right) bad.push(JSON.stringify({ verdict: a.verdict, explain: a.explain }));
      if (w.took && !a.explainText.includes(`took the ${side} coin`)) bad.push(`no word on the move played: ${a.explainText}`);
      if (w.took && a.explainText.includes('not a best move') === best) bad.push(`the move played (${side}, engine ${e.move}) called ${best ? 'not ' : ''}a best move`);
      ok(bad.length === 0, `quiz-game: a game's position ${k + 1} of ${want.length} (coins ${w.i}..${w.j}, ${w.took ? `${side} played, ${best ? 'a best move' : 'not a best move'}` : 'not played yet'}): the engine's answer and values`, bad.join('\n'));
      await page.click('#quiz-next');
    }
    let a = await quizOf(page);
    ok(a.k === 1 && a.i === 1 && a.j === row.length && a.score.asked === String(want.length), 'quiz-game: Next after the last position: round again from question 1, the score kept', JSON.stringify({ k: a.k, score: a.score }));

    await page.goto('about:blank');
    await open(page, `${base}#row=8,15,3,7,1,9&seed=1&difficulty=perfect&first=you&moves=LR`);
    await page.click('#view-quiz');
    await page.waitForFunction(() => document.body.dataset.view === 'quiz', null, { timeout: TIMEOUT });
    await page.click('#quiz-from-game');
    a = await quizOf(page);
    const d = await page.evaluate(() => ({ ...document.getElementById('quiz-question').dataset }));
    ok(d.source === 'game' && d.row === '8,15,3,7,1,9' && d.moves === 'LR' && a.k === 1 && a.focus === 'quiz-question' &&
      a.hash.endsWith('#view=quiz&row=8,15,3,7,1,9&moves=LR&q=1') && a.score.asked === '0',
    'quiz-game: "From my game in Play": the Play view\'s row and moves, question 1 focused, the link', JSON.stringify({ d, hash: a.hash }));
    await page.click('#quiz-new-seed');
    a = await quizOf(page);
    ok(/seed=\d+&level=easy&q=1$/.test(a.hash) && (await page.evaluate(() => document.getElementById('quiz-question').dataset.source)) === 'seed',
      'quiz-game: New seed: seeded questions again', a.hash);

    await page.goto('about:blank');
    await open(page, `${base}#row=${Array.from({ length: 20 }, (_, x) => x + 1).join(',')}&seed=1&moves=`);
    await page.click('#view-quiz');
    await page.waitForFunction(() => document.body.dataset.view === 'quiz', null, { timeout: TIMEOUT });
    await page.click('#quiz-from-game');
    const note20 = await page.evaluate(() => ({ shown: !document.getElementById('quiz-source-note').hidden, text: document.getElementById('quiz-source-note').textContent,
      source: document.getElementById('quiz-question').dataset.source }));
    ok(note20.shown && /20 coins/.test(note20.text) && note20.source === 'seed', 'quiz-game: a game of 20 coins in Play: said why not, the seeded questions kept', JSON.stringify(note20));
    await go(`${base}#view=quiz&row=1,x,3&moves=L&q=2`);
    a = await quizOf(page);
    const noteBad = await page.evaluate(() => !document.getElementById('quiz-source-note').hidden);
    ok(noteBad && /seed=1&level=easy&q=2$/.test(a.hash), 'quiz-game: a link with a bad row: said, seeded questions instead', a.hash);
  });

  /** Both hints, then the right answer: the page as the screenshots show it. */
  const hintAndAnswer = async (p) => {
    await p.keyboard.press('h');
    await p.keyboard.press('h');
    const q = await quizOf(p);
    await p.click(`#quiz-${engineAnswer(q).move}`);
  };

  await section('quiz-shot', page, async () => {
    await go(link(base, '7', 'medium', 2));
    await hintAndAnswer(page);
    await page.evaluate(() => document.getElementById('quiz').scrollIntoView());
    await shot(page, 'quiz-1280.png', true);
  });

  await section('quiz-phone', pp, async () => {
    let widest = 0;
    for (let k = 1; k <= 6; k++) {
      await show(pp, link(base, SEEDS.hard, 'hard', k));
      await hintAndAnswer(pp);
      const q = await quizOf(pp);
      widest = Math.max(widest, q.row.length);
      await kit.sideScroll(pp, `quiz-phone: 360 px, hard question ${k} (${q.row.length} coins) with both hints, answered`, { also: () => q.verdict.correct === 'true' });
      if (k === 1) await shot(pp, 'quiz-360.png', true);
    }
    note(`quiz-phone: the longest row ${widest} coins`);
  });

  await kit.errors('the Quiz view\'s pages');
  await kit.close();
}
