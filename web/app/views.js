// SPDX-License-Identifier: MIT
/*
 * web/app/views.js: the page's three views, Play (the game), Learn (the
 * method: learn.js and its parts) and Quiz (quiz.js). One shows at a time:
 * body[data-view] names it (style.css hides the others' sections), the
 * view's section is shown, and the buttons of nav.views say which one is
 * pressed. Each view owns its URL (#view=learn..., #view=quiz...; Play's
 * is the game's link).
 */
'use strict';

const VIEWS = { play: null, learn: 'learn', quiz: 'quiz' }; // a view: the id of its section (Play: main's others)

/** The view showing now: "play", "learn" or "quiz". */
const viewNow = () => document.body.dataset.view || 'play';

/** The view named in the URL's fragment (view=...), or null for Play's. */
function viewOfUrl() {
  const v = new URLSearchParams(window.location.hash.slice(1)).get('view');
  return v && Object.hasOwn(VIEWS, v) && v !== 'play' ? v : null;
}

/** Shows the view `name`: body[data-view], its section, the buttons. */
function showView(name) {
  document.body.dataset.view = name;
  for (const [v, id] of Object.entries(VIEWS)) {
    if (id) $(id).hidden = v !== name;
    $(`view-${v}`).setAttribute('aria-pressed', String(v === name));
  }
}
