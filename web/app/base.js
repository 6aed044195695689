// SPDX-License-Identifier: MIT
/*
 * web/app/base.js: what every file of the page uses: its limits (the row's,
 * the link's, the heat map's, the ring's...), the strategies of
 * #difficulty, $ (an element by id), exact numbers in words (grouped,
 * points) and the helpers the page shares with its work (worker.js's
 * window.coinlineWork: rowFromSeed, parseRow, the seeds, SCORES, big, wire,
 * clip...).
 *
 * The page's files are classic scripts (a file:// page may load no
 * module), run in order by index.html (web/app.js's top comment lists
 * them) in one global scope: a file's top-level names are the others'.
 */
'use strict';

const I64_MIN = -(2n ** 63n);
const I64_MAX = 2n ** 63n - 1n;
const U64 = 2n ** 64n - 1n;
let maxCoins = 100000; // the server's --max-coins (from /api/health), or LOCAL_MAX
const LOCAL_MAX = 1000000; // the row limit with the engine in the page
const URL_ROW = 2000; // a typed row longer than this is not put in a link
const URL_MOVES = 2000; // more moves go in a link packed (moves64=, six a character)
const TABLE_MAX = 20; // the heat map is drawn for rows this short
const RING_MAX = 24; // a circle this small has a button for each coin round the ring
const SHOWN_END = 20; // a long row shows this many coins at each end
const QUICK_ROW = 40; // a longer row: the engine replies faster (no long pause)
const BIG_ROW = 20000; // a longer random row is made by the work, with progress
const BIG_TEXT = 150000; // a longer typed row (characters) is read by the work
const PROGRESS_AT = 5000; // work on this many coins or moves shows its progress at once
const PROGRESS_WAIT = 300; // smaller work: after this many ms
const RECENT = 40; // the moves #history lists
const PAGE_ROWS = 200; // the review table's rows shown at a time
const STRATEGIES = {
  easy: 'fallible:0.5',
  medium: 'fallible:0.25',
  hard: 'fallible:0.1',
  perfect: 'optimal',
};
const SVG_NS = 'http://www.w3.org/2000/svg';

const $ = (id) => document.getElementById(id);

/* ------------------------------------------------------------------ */
/* Exact numbers                                                       */

const abs = (v) => (v < 0n ? -v : v);

/**
 * An exact integer with its digits grouped by thousands ("53,009,064"),
 * as toLocaleString('en-US') writes it, a hundred times faster (a review
 * shows thousands).
 */
const grouped = (v) => BigInt(v).toString().replace(/\B(?=(\d{3})+$)/g, ',');

/** "1 point" / "3 points", exact and grouped. */
const points = (v) => `${grouped(v)} point${abs(v) === 1n ? '' : 's'}`;

/* ------------------------------------------------------------------ */
/* Rows from a seed, typed rows, seeds: web/worker.js's                */

// window.coinlineWork (worker.js, loaded before this file): the
// helpers the page shares with its work, one definition for both.
// rowFromSeed(size, seed, min, max): coin k = min + (the k-th
// splitmix64 output of seed) mod (max - min + 1), a plain Array of
// BigInt; parseRow(text): a typed row as a BigInt64Array (or the Error
// naming its bad token); engineSeed and positionSeed as below
// (Determinism); SHAPES (taken into this file's SHAPES below): what
// each shape does with the coins (anyFirst: move 1 may take any coin;
// lineOf(coins, first): the line the L/R moves are played on after it;
// positionOf(k, first, n): the position of index k of that line);
// SCORES and scoreOf: the scorings' arithmetic; big(x): a number
// of the API (a number up to 2^53, a decimal string, a BigInt) as a
// BigInt; wire(coin): a coin for a request, a number when exact as a
// double (up to 2^53), else a decimal string; clip(token): at most 40
// characters of it, for a message; MAX_ROWS: the review lists at most
// this many moves.
const { rowFromSeed, parseRow, engineSeed, positionSeed, SCORES, scoreOf, big, wire, clip, MAX_ROWS } = window.coinlineWork;
const WORK_SHAPES = window.coinlineWork.SHAPES;
