// SPDX-License-Identifier: MIT
/*
 * web/app/dom.js: DOM helpers: an element or an SVG element made with its
 * attributes and children (no HTML parsed; styles only through the CSSOM).
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
