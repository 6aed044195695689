// SPDX-License-Identifier: MIT
/*
 * learn-reduce.mjs - (to come). Not a script of its own: public.mjs
 * (make e2e) runs its sections with its browser, its server and its TAP
 * helpers (reduceSections(h)).
 */

/** This file's sections, run by public.mjs with its helpers `h`. */
export async function reduceSections(h) {
  return h;
}
