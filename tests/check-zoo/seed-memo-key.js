// SPDX-License-Identifier: MIT
// seed-memo-key.js: the seeds' own mistake (geeksforgeeks-dp31.txt, its
// JavaScript version of the memoized recursion), written afresh with the
// same bug. The recursion on the totals is right,
//   solve(i, j) = max(a[i] + min(solve(i+2, j), solve(i+1, j-1)),
//                     a[j] + min(solve(i+1, j-1), solve(i, j-2))),
// Bug: the memo's key is written (i, j), which in JavaScript is the comma
// operator: the key is j alone, so runs that end at the same coin share
// one entry. Right up to four coins, wrong from five (1 3 5 2 9: 11, not
// 14).
// Answer: --answer first (player 1's total). Run: node seed-memo-key.js
"use strict";
const text = require("fs").readFileSync(0, "utf8");
const [count, ...rest] = text.split(/\s+/).filter((w) => w !== "");
const coins = rest.slice(0, Number(count)).map(Number);
const memo = {};

function solve(i, j) {
  if (i > j) return 0;
  const key = (i, j); // meant: the pair; is: j
  if (key in memo) return memo[key];
  const takeFirst = coins[i] + Math.min(solve(i + 2, j), solve(i + 1, j - 1));
  const takeLast = coins[j] + Math.min(solve(i + 1, j - 1), solve(i, j - 2));
  memo[key] = Math.max(takeFirst, takeLast);
  return memo[key];
}

console.log(solve(0, coins.length - 1));
