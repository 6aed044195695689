// SPDX-License-Identifier: MIT
/*
 * learn-greedy.mjs - (to come). Not a script of its own: public.mjs
 * (make e2e) runs its sections with its browser, its server and its TAP
 * helpers (greedySections(h)).
 */

/** This file's sections, run by public.mjs with its helpers `h`. */
export async function greedySections(h) {
  return h;
}
