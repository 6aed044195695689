// SPDX-License-Identifier: MIT
/*
 * web/app/errors.js: #error: showing an error (next to the form's bad
 * fields, marked aria-invalid, or as the game's alert), clearing it, and
 * bringing the game into view.
 */
'use strict';

/* ------------------------------------------------------------------ */
/* Errors                                                              */

// #error's place in the game; a form error moves it next to its fields.
let errorHome = null;

/**
 * Shows `message` in #error: in the game, or, for the fields `ids` of the
 * form, just below them, with aria-invalid on the fields, the first one
 * focused and the message scrolled into view.
 */
function showError(message, ids) {
  const box = $('error');
  if (!errorHome) errorHome = { parent: box.parentNode, next: box.nextSibling };
  const field = !!ids && ids.length > 0;
  // A field's error is read once, as the focused field's description
  // (aria-describedby); the game's errors are an alert.
  if (field) box.removeAttribute('role');
  else box.setAttribute('role', 'alert');
  box.dataset.kind = field ? 'field' : 'game';
  $('error-text').textContent = message;
  box.hidden = false;
  $('retry').hidden = field || !S.retry || busy(); // a field error is not the failed request's
  markInvalid(ids || []);
  if (!field) {
    if (box.parentNode !== errorHome.parent) errorHome.parent.insertBefore(box, errorHome.next);
    return;
  }
  const anchor = ids[0] === 'row-input' ? $('row-load') : $('new-game');
  anchor.parentNode.insertBefore(box, anchor);
  $(ids[0]).focus({ preventScroll: true });
  box.scrollIntoView({ block: 'nearest' });
  $(ids[0]).scrollIntoView({ block: 'nearest' });
}

/** aria-invalid="true" on exactly the fields `ids`, described by #error. */
function markInvalid(ids) {
  for (const f of document.querySelectorAll('#setup [aria-invalid]')) {
    f.removeAttribute('aria-invalid');
    f.removeAttribute('aria-describedby');
  }
  for (const id of ids) {
    $(id).setAttribute('aria-invalid', 'true');
    $(id).setAttribute('aria-describedby', 'error-text');
  }
}

function clearError() {
  $('error-text').textContent = '';
  $('error').hidden = true;
  markInvalid([]);
  S.retry = null;
}

/** After a game started from the form: the game in view, the focus on whose turn it is. */
function showGame() {
  const top = $('game').getBoundingClientRect().top;
  if (top < 0 || top > window.innerHeight / 2) $('game').scrollIntoView({ block: 'start' });
  $('turn').focus({ preventScroll: true });
}
