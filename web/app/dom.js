// SPDX-License-Identifier: MIT
/*
 * web/app/dom.js: DOM helpers: an element or an SVG element made with its
 * attributes and children (no HTML parsed; styles only through the CSSOM),
 * whether an element takes typing (the keys' guard), and the sideways
 * scrollers' edges (.table-scroll, the row's middle).
 */
'use strict';

/* ------------------------------------------------------------------ */
/* DOM helpers                                                         */

/** An HTML element: el('td', {class: 'x', 'data-v': 3}, 'text', child). */
function el(tag, attrs, ...children) {
  return fill(document.createElement(tag), attrs, children);
}

/** An SVG element, like el(). */
function svg(tag, attrs, ...children) {
  return fill(document.createElementNS(SVG_NS, tag), attrs, children);
}

function fill(node, attrs, children) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === false || v === null || v === undefined) continue;
    node.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

/** Whether the element `t` takes typing (a field or editable text): the views' keys leave it alone. */
const typingIn = (t) => !!t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName));

/* ------------------------------------------------------------------ */
/* Sideways scrollers                                                  */

/** Marks the sides of a sideways scroller (the row's middle, a table) that have more beyond them. */
function fadeEdges(box) {
  const rest = box.scrollWidth - box.clientWidth - box.scrollLeft;
  box.classList.toggle('more-left', box.scrollLeft > 1);
  box.classList.toggle('more-right', rest > 1);
  const scrolls = box.scrollWidth - box.clientWidth > 1;
  box.classList.toggle('scrolls', scrolls); // its .scroll-cue shows
  // a scroller is a Tab stop, so that the keyboard scrolls it (WCAG 2.1.1)
  if (scrolls) box.tabIndex = 0;
  else box.removeAttribute('tabindex');
}

/**
 * Marks the scrollers' sides (the row's middle, the tables) at the next
 * frame, once for all the redraws before it: each reads the layout,
 * which a redraw has to make anew (a review's is some 50 ms).
 */
let edgesFrame = 0;
function markScrollers() {
  if (edgesFrame) return;
  edgesFrame = requestAnimationFrame(() => {
    edgesFrame = 0;
    document.querySelectorAll('.table-scroll, #coins .coin-middle').forEach(fadeEdges);
  });
}
