// SPDX-License-Identifier: MIT
/*
 * web/app/focus.js: accessibility helpers: what the one live region
 * (#announce) says, and where the keyboard focus goes back after a take, a
 * request or a redraw (never away from where the person has moved it).
 */
'use strict';

/** What the focus goes back to after a take with it on `target`. */
function refocusOf(target, side) {
  if (target && target.classList.contains('coin')) return { coin: side };
  if (target && target.classList.contains('take')) return { button: target.id };
  return null;
}

/**
 * What gets the focus back after a request started with it on `target`
 * (a control it turns off, or an end coin it redraws), or null.
 */
function refocusAfter(target) {
  if (!target || !target.isConnected) return null;
  if (target.matches('#coins .coin[data-end], #ring .coin[data-end]')) return { coin: target.dataset.end === 'right' ? 'R' : 'L', from: target };
  if (target.matches('#ring .coin[data-pick]')) return { coin: 'L', from: target };
  if (target.matches('.take, #hint, #table-toggle')) return { button: target.id, from: target };
  return null;
}

/** Says `text` in #announce (a polite live region), even when it is the same again. */
function announce(text) {
  if ($('confirm-new').open) { // the page behind a modal dialog is inert: said once it closes
    S.heldAnnounce = text;
    return;
  }
  const box = $('announce');
  box.textContent = box.textContent === text ? `${text}\u00a0` : text;
}

/**
 * After a redraw, once the person can act again, puts the keyboard back
 * on what they last used: the end coin (the coin buttons are new, so the
 * focus would fall back to the page) or the button (it was disabled while
 * the engine replied) — unless the person has gone elsewhere meanwhile (a
 * form field, say): then the focus stays there. At the end of the game,
 * the focus goes to #play-again. Nothing moves while dialog#confirm-new
 * is open (the page behind it is inert): its close event calls this again.
 */
function restoreFocus(focusedEnd) {
  if ($('confirm-new').open) return;
  if (isOver()) {
    const want = S.refocus;
    S.refocus = null;
    if (want && focusFree(want.from)) focusTo($('play-again').hidden ? $('turn') : $('play-again'));
    return;
  }
  if (!yourTurn() || busy()) return;
  let want = S.refocus;
  if (!want && focusedEnd && focusedEnd.startsWith('p:')) want = { position: focusedEnd.slice(2) };
  else if (!want && focusedEnd) want = { coin: focusedEnd === 'right' ? 'R' : 'L' };
  if (!want) return;
  S.refocus = null;
  if (!focusFree(want.from)) return;
  const end = want.coin === 'R' ? 'right' : 'left';
  const coins = want.position ? `#ring .coin[data-position="${want.position}"]` :
    `#coins .coin[data-end="${end}"], #coins .coin[data-end="both"], #ring .coin[data-end="${end}"], #ring .coin[data-end="both"]`;
  const target = want.button ? $(want.button) :
    [...document.querySelectorAll(coins)].find((c) => !c.disabled && c.checkVisibility());
  if (target && !target.disabled && !target.hidden) target.focus({ preventScroll: true });
  else if (focusFree(null)) focusTo($('turn'));
}

/**
 * Whether the focus may be moved for the person: it was lost (on the
 * page itself, or on a control now off, hidden or gone), or it is still
 * on `from`, #turn, a coin or a take button.
 */
function focusFree(from) {
  const a = document.activeElement;
  if (!a || a === document.body || a === document.documentElement || !a.isConnected) return true;
  if (a.disabled || !a.checkVisibility()) return true;
  return a === from || a.id === 'turn' || a.matches('#coins .coin, #ring .coin, .take');
}

const focusTo = (target) => target.focus({ preventScroll: true });
