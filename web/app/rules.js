// SPDX-License-Identifier: MIT
/*
 * web/app/rules.js: the rules as data: SHAPES (the line, the circle: their
 * words, requests, link key, form box, ring and heat map) and SCORING (the
 * hint's ending, a loss's margin), with the shape of the game, of a link
 * and of the form. What differs by rule is here, not in a branch.
 */
'use strict';

/*
 * The rules as data, one entry a rule, so that the page does what
 * differs by rule without a branch on it. A shape (the line or the
 * circle) is its work's entry (worker.js's SHAPES: whether move 1 takes
 * any coin, the line the L/R moves are played on, a position) and here:
 * its words (the noun, where the coins are, whose turn, a coin's name
 * and the place of a coin taken at an end, in the game's words and the
 * review's; yourPick: the turn where any coin may be taken), request
 * (how a request names it: the API's keys), key (the link's key for
 * its move 1, FIRST, when it has one; else none), box (#circle ticked
 * for it), ring (drawn as a ring, #ring: its coins named by position)
 * and heatMap (its table is drawn: a line's runs (i, j); a circle's
 * arcs (i, len) are not). The scorings (their arithmetic is worker.js's
 * SCORES): the hint's ending with best play from here (h.secured what
 * the mover secures, h.margin its final margin), and what a loss of the
 * review (in the mover's points) does to the margin.
 */
const SHAPES = {
  line: {
    ...WORK_SHAPES.line,
    noun: 'row',
    where: 'in the row',
    yourTurn: 'Your turn: take a coin from either end.',
    yourPick: '',
    at: () => '', // a coin's place after its side: the side says it
    named: () => '', // a coin's name after its value: its index says it
    reviewPlace: (side) => side,
    request: {},
    key: '',
    box: false,
    ring: false,
    heatMap: true,
  },
  circle: {
    ...WORK_SHAPES.circle,
    noun: 'circle',
    where: 'on the circle',
    yourTurn: 'Your turn: take a coin at either end of the gap.',
    yourPick: 'Your turn: take any coin of the circle.',
    at: (position) => ` (position ${position})`,
    named: (position) => ` at position ${position}`,
    reviewPlace: (side, position) => `${side}, ${position}`,
    request: { circle: true },
    key: 'circle',
    box: true,
    ring: true,
    heatMap: false,
  },
};
/** The game's shape: its entry of SHAPES. */
const shape = () => SHAPES[S.shape];

/** The shape a link names: the one whose key it holds (circle=FIRST), else the line. */
const linkShape = (q) => Object.keys(SHAPES).find((name) => SHAPES[name].key && q.has(SHAPES[name].key)) || 'line';

/** The shape the form says: the one #circle's tick stands for. */
const formShape = () => Object.keys(SHAPES).find((name) => SHAPES[name].box === $('circle').checked);

/** The form says the shape `name`. */
const setFormShape = (name) => {
  $('circle').checked = SHAPES[name].box;
};

/**
 * The L/R moves a game of n coins may have after move 1 at `first` (0:
 * none yet) on the shape `s`: n, or where move 1 takes any coin none
 * before it and n - 1 after.
 */
const mostMoves = (s, n, first) => (!s.anyFirst ? n : first ? n - 1 : 0);

const SCORING = {
  taken: {
    ending: (h) => `you end with ${h.secured} and the engine with ${h.secured - h.margin}`,
    lossMargin: (loss) => 2n * loss,
  },
  remaining: {
    ending: (h) => (h.margin === 0n ? 'you end level with the engine' : `you end ${points(abs(h.margin))} ${h.margin < 0n ? 'behind' : 'ahead'}`),
    lossMargin: (loss) => loss,
  },
};
