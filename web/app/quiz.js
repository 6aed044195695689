// SPDX-License-Identifier: MIT
/*
 * web/app/quiz.js: the Quiz view (issue 30, part 6): "which end?" on
 * positions drawn from seeded random rows; its URL #view=quiz&seed=...
 */
'use strict';

const Q = { seed: '' };

/** The Quiz view from the URL's fragment when it names it (view=quiz). Returns whether it did. */
function quizFromUrl() {
  const q = new URLSearchParams(window.location.hash.slice(1));
  if (q.get('view') !== 'quiz') return false;
  Q.seed = q.get('seed') || '1';
  showView('quiz');
  $('quiz-body').textContent = `(to come: seed ${Q.seed})`;
  return true;
}

/** The Quiz view's fragment as it stands. */
const quizLink = () => `view=quiz&seed=${Q.seed || '1'}`;

/** The Quiz view's keys. */
function quizKey(e) {
  return e;
}

/** The Quiz view's own controls. */
function connectQuiz() {}
