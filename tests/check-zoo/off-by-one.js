// SPDX-License-Identifier: MIT
// off-by-one.js: the seeds' table of totals,
//   F(i, j) = max(a[i] + min(F(i+2, j), F(i+1, j-1)),
//                 a[j] + min(F(i+1, j-1), F(i, j-2))),
// Bug: the last term reads F(i, j-1) where it should read F(i, j-2) (after
// player 1 takes a[j] and player 2 takes a[j-1], the run left is i..j-2).
// Right on one and two coins, wrong from three: 1 2 1 gives 3, not 2.
// Answer: --answer first (player 1's total). Run: node off-by-one.js
"use strict";
const words = require("fs").readFileSync(0, "utf8").trim().split(/\s+/);
const n = Number(words[0]);
const a = words.slice(1, n + 1).map(Number);
const F = a.map(() => new Array(n).fill(0));
const at = (i, j) => (i <= j ? F[i][j] : 0);
for (let gap = 0; gap < n; gap++) {
  for (let i = 0, j = gap; j < n; i++, j++) {
    const left = a[i] + Math.min(at(i + 2, j), at(i + 1, j - 1));
    const right = a[j] + Math.min(at(i + 1, j - 1), at(i, j - 1));
    F[i][j] = Math.max(left, right);
  }
}
console.log(n > 0 ? F[0][n - 1] : 0);
