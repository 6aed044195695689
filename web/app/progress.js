// SPDX-License-Identifier: MIT
/*
 * web/app/progress.js: long work shown in #progress, task() (a piece of
 * work of one game, its progress and its failure), and the timing helpers
 * (sleep, the next task, pauses that reduced motion shortens to none).
 */
'use strict';

/* ------------------------------------------------------------------ */
/* Progress (#progress)                                                */

/**
 * Shows #progress for the work `task` ("open" or "review"), its words
 * `what`: at once when `now`, else once it has taken PROGRESS_WAIT ms.
 * Returns what hides it again.
 */
function progressStart(task, what, now) {
  const p = { task, what, value: null, shown: false };
  S.progress = p;
  const show = () => {
    if (S.progress !== p) return;
    p.shown = true;
    renderProgress();
  };
  const timer = now ? 0 : setTimeout(show, PROGRESS_WAIT);
  if (now) show();
  return () => {
    clearTimeout(timer);
    if (S.progress !== p) return;
    S.progress = null;
    renderProgress();
  };
}

/** How far the work shown is (0..1), drawn at the next frame. */
let progressFrame = 0;
function progressSet(x) {
  if (!S.progress) return;
  S.progress.value = x;
  if (S.progress.shown && !progressFrame) {
    progressFrame = requestAnimationFrame(() => {
      progressFrame = 0;
      renderProgress();
    });
  }
}

function renderProgress() {
  const box = $('progress');
  const p = S.progress && S.progress.shown ? S.progress : null;
  box.hidden = !p;
  if (!p) {
    delete box.dataset.task;
    return;
  }
  box.dataset.task = p.task;
  const bar = $('progress-bar');
  $('progress-text').textContent = p.value === null ? `${p.what}…` : `${p.what}: ${Math.round(p.value * 100)}%`;
  if (p.value === null) bar.removeAttribute('value');
  else bar.value = p.value;
}

/**
 * Runs fn (async) with body[data-busy] set. Its error goes to #error, with
 * #retry calling `retry` when given, unless the game `gen` is gone by then.
 */
async function task(gen, fn, retry) {
  if (!S.refocus) S.refocus = refocusAfter(document.activeElement);
  S.pending++;
  render(); // the controls turn off while it runs
  try {
    await fn();
  } catch (e) {
    if (gen === S.gen) {
      showError(e.message || String(e));
      S.retry = retry || null;
    }
  } finally {
    S.pending--;
    render();
  }
  // A failed request with the focus lost (its control went off): on to #retry.
  if (gen === S.gen && S.retry && !$('retry').hidden && !$('confirm-new').open && focusFree(null)) focusTo($('retry'));
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** A turn of the event loop: what follows runs in a task of its own (the page draws between). */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
const reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;
const pause = (ms) => sleep(reducedMotion() ? 0 : ms);
