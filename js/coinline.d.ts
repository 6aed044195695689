// SPDX-License-Identifier: MIT
// coinline.d.ts - types of the coinline npm module (coinline.mjs).

/** A coin: a BigInt, a safe-integer Number or a decimal string, within int64. */
export type Coin = bigint | number | string;
/** A row of coins; a BigInt64Array is copied in one step. */
export type Row = ArrayLike<Coin> | BigInt64Array;
export type Side = 'left' | 'right' | 'none';
export type Winner = 'first' | 'second' | 'draw';
/** A move to play: 'L' or 'left' (the first coin), 'R' or 'right' (the last), any case. */
export type Move = 'L' | 'R' | 'l' | 'r' | 'left' | 'right';

/**
 * The rules of a game, for the calls that take options: the shape (circle:
 * true is the pizza game, move 1 takes any coin) and the scoring ('taken':
 * a move scores the coin taken; 'remaining': the sum of the coins left
 * after it, LeetCode 1690), as the tool's --circle and --score and the
 * HTTP API's "circle" and "score"; or the same as text, { rules:
 * 'circle,remaining' }. Under rules a move is the 1-based position of the
 * coin taken; without them every call answers as the classic game.
 */
export type RulesOptions = { circle?: boolean; score?: 'taken' | 'remaining' } | { rules: string };
/** A rule set's canonical name, as the library writes it: 'line', 'circle', 'line,remaining', 'circle,remaining'. */
export type RulesName = string;
/** A position (1-based) as a Number or a BigInt. */
export type Position = number | bigint;
/** The moves of a game under rules: positions, or text ('LRRL', '5:LRL', '5 1 4'). */
export type Moves = string | ArrayLike<Position | string> | BigUint64Array;

export interface SolveResult {
  n: bigint;
  sum: bigint;
  p1: bigint;
  p2: bigint;
  /** p1 - p2 under optimal play. */
  margin: bigint;
  winner: Winner;
  /** An optimal first move, ties to the left; 'none' for an empty row. */
  first_move: Side;
}

export interface BestMove {
  /** The optimal move, ties to the left; 'none' when no coin is left. */
  move: Side;
  /** (own - other's) from there under optimal play. */
  value: bigint;
}

export interface EngineState {
  n: bigint;
  /** The coins left are coins[lo..hi-1]. */
  lo: bigint;
  hi: bigint;
  moves: bigint;
  /** 1 or 2; 0 when no coin is left. */
  to_move: number;
  p1: bigint;
  p2: bigint;
  /** The most the player to move can secure from here, as (own - other's) on the coins left. */
  value: bigint;
  /** p1 - p2 at the end if both play optimally from here. */
  final_margin: bigint;
  best: Side;
}

export interface MoveReview {
  /** 1-based move number. */
  move: bigint;
  player: 1 | 2;
  side: Side;
  coin: bigint;
  best: Side;
  best_coin: bigint;
  /** loss === 0n (on a tie the other side may be optimal too). */
  optimal: boolean;
  /** Points of the mover's final total lost by this move, >= 0. */
  loss: bigint;
  /** The mover's guaranteed final total before the move. */
  secured: bigint;
  p1: bigint;
  p2: bigint;
  final_margin: bigint;
}

export interface Analysis {
  n: bigint;
  moves: MoveReview[];
  summary: {
    finished: boolean;
    p1: bigint;
    p2: bigint;
    margin: bigint;
    /** null until every coin is taken. */
    winner: Winner | null;
    best_p1: bigint;
    best_p2: bigint;
    lost: [bigint, bigint];
    mistakes: [bigint, bigint];
  };
}

export interface Table {
  n: bigint;
  /** v[i][j]: the value of the run coins[i..j] for the player to move; null for j < i. */
  v: (bigint | null)[][];
  /** move[i][j]: 'L' or 'R', the optimal move on coins[i..j]; '-' for j < i. */
  move: string[];
  /** The optimal line from the whole row. */
  line: string;
}

/** The result of optimal play under rules (solve with options). */
export interface GameResult {
  n: bigint;
  rules: RulesName;
  sum: bigint;
  /** The final scores; under 'remaining', where optimal play fixes only the margin, those along line(). */
  p1: bigint;
  p2: bigint;
  /** p1 - p2 under optimal play. */
  margin: bigint;
  winner: Winner;
  /** The optimal first move, a position (a line's left end on a tie, a circle's smallest); 0n for no coin. */
  first: bigint;
}

/** The position of a game under rules (Engine made with options). */
export interface GameState {
  n: bigint;
  moves: bigint;
  /** Coins left. */
  left: bigint;
  /** 1 or 2; 0 when no coin is left. */
  to_move: number;
  /** The scores so far. */
  p1: bigint;
  p2: bigint;
  /** The most the player to move can secure from here: own score minus the other's from here on. */
  value: bigint;
  /** p1 - p2 at the end if both play optimally from here. */
  final_margin: bigint;
  /** The optimal move, a position; 0n when no coin is left. */
  best: bigint;
  /** best as an end; 'none' where any coin may be taken (a circle's move 1) or none is left. */
  best_side: Side;
  /** The positions of the two ends of the coins left; 0n where any coin may be taken or none is left. */
  left_end: bigint;
  right_end: bigint;
}

/** One move of a game under rules reviewed. */
export interface GameMoveReview extends MoveReview {
  /** The position of the coin taken. */
  position: bigint;
  /** The position of the optimal move's coin. */
  best_position: bigint;
}

/**
 * A game under rules reviewed. Under 'remaining' a loss is in points of
 * the final margin and secured is the mover's final margin (own - other's)
 * with best play from before the move.
 */
export interface GameAnalysis {
  n: bigint;
  rules: RulesName;
  moves: GameMoveReview[];
  summary: Analysis['summary'] & {
    /** The optimal first move, a position; 0n for no coin. */
    best_first: bigint;
  };
}

/** The table of a short row under rules (table with options). */
export interface GameTable {
  n: bigint;
  rules: RulesName;
  /**
   * v[s - 1][len - 1]: the value, for the player to move, of the run of len
   * coins from position s (clockwise on a circle: len 1..n - 1, wrapping
   * round; on a line len 1..n - s + 1).
   */
  v: bigint[][];
  /** move[s - 1][len - 1]: 'L' (the run's first coin) or 'R' (its last), ties to the left. */
  move: string[];
  /** The optimal first move, a position; 0n for no coin. */
  first: bigint;
  /** outcomes[p - 1]: the final margin when move 1 takes position p; null where it may not. */
  outcomes: (bigint | null)[];
  /** The optimal line, positions. */
  line: bigint[];
}

/** The result of optimal play on a circle (circleSolve). */
export interface CircleResult {
  n: bigint;
  sum: bigint;
  p1: bigint;
  p2: bigint;
  /** p1 - p2 under optimal play. */
  margin: bigint;
  winner: Winner;
  /** The optimal first position, 1-based, the smallest of ties; 0n for no coin. */
  first: bigint;
}

/** One move of a circular game reviewed (circleAnalyze). */
export interface CircleMoveReview extends MoveReview {
  /** The circle position (1-based) of the coin taken. */
  position: bigint;
  /** The circle position of the optimal move's coin. */
  best_position: bigint;
}

export interface CircleAnalysis {
  n: bigint;
  circle: true;
  /** The position of move 1; 0n before it. */
  first: bigint;
  /** Move 1 (side and best 'none', its loss from the margins), then the moves on the line left. */
  moves: CircleMoveReview[];
  summary: Analysis['summary'] & {
    /** The optimal first position, 1-based, the smallest of ties (as circleSolve's first); 0n for no coin. */
    best_first_move: bigint;
  };
}

export interface CircleTable {
  n: bigint;
  circle: true;
  /** v[i][len - 1]: the value of the arc of len coins clockwise from position i + 1 (len 1..n-1). */
  v: bigint[][];
  /** move[i][len - 1]: 'L' (its first coin) or 'R' (its last), the optimal move on that arc. */
  move: string[];
  /** margins[p - 1]: player 1's final margin when move 1 takes position p. */
  margins: bigint[];
  /** The optimal first position; null for no coin. */
  first: bigint | null;
  /** The optimal moves after it. */
  line: string;
}

/** An exact fraction in lowest terms (den > 0n): an expected value. */
export interface Fraction {
  num: bigint;
  den: bigint;
}

/** The options of against() and againstLine(): the rule moves first (it is player 1) when opponentFirst. */
export interface AgainstOptions {
  opponentFirst?: boolean;
}

/**
 * The best reply to a known opponent. Against a rule without chance
 * (exact: true) p1, p2 and margin are BigInts; against one with chance
 * (random, fallible:P with P > 0) they are the expected values as exact
 * fractions. The decimals are the nearest Numbers, in both cases.
 */
export type AgainstResult = {
  p1_decimal: number;
  p2_decimal: number;
  margin_decimal: number;
  /** The replier's best first move (ties to the left) when it moves first (seat 2); else 'none'. */
  first_move: Side;
  /** The rule, as given. */
  rule: string;
  /** The rule's seat: 2, or 1 with opponentFirst. */
  seat: 1 | 2;
} & ({ exact: true; p1: bigint; p2: bigint; margin: bigint } | { exact: false; p1: Fraction; p2: Fraction; margin: Fraction });

/** Errors of the engine itself (out of memory); argument errors are TypeError or RangeError. */
export class CoinlineError extends Error {
  /** The C library's code name, e.g. 'COINLINE_ENOMEM'. */
  code: string;
}

/**
 * Loads the WebAssembly engine once (later calls share the promise). By
 * default coinline.wasm beside the module; or a URL, bytes, a Response or a
 * compiled WebAssembly.Module.
 */
export function init(source?: string | URL | BufferSource | Response | WebAssembly.Module | Promise<Response>): Promise<void>;
/** True once init() has resolved. */
export function ready(): boolean;
/** The C library's version. */
export function version(): string;
/** Optimal play on the whole row. O(n). */
export function solve(coins: Row): SolveResult;
/** Optimal play under rules. O(n) on a line under 'taken', else O(n log n). */
export function solve(coins: Row, options: RulesOptions): GameResult;
/** The optimal move when coins[lo..hi-1] are left (default: the whole row). O(hi - lo). */
export function bestMove(coins: Row, lo?: number | bigint, hi?: number | bigint): BestMove;
/** The optimal line of play, one 'L' or 'R' a move. O(n log n). */
export function line(coins: Row): string;
/** The optimal line under rules, the position of each move (positionsText writes it as text). O(n log n). */
export function line(coins: Row, options: RulesOptions): bigint[];
/** A game (moves: 'L'/'R' each) reviewed move by move. */
export function analyze(coins: Row, moves: string): Analysis;
/** A game under rules reviewed move by move: moves as positions or text ('5:LRL', '5 1 4'). */
export function analyze(coins: Row, moves: Moves, options: RulesOptions): GameAnalysis;
/** The table of the interval programme, for at most 1024 coins. */
export function table(coins: Row): Table;
/** The table under rules of a row of at most 1024 coins. O(n^2). */
export function table(coins: Row, options: RulesOptions): GameTable;
/** The rules text names, as the library reads it ('remaining circle' is 'circle,remaining'). */
export function parseRules(text: string): { name: RulesName; shape: 'line' | 'circle'; score: 'taken' | 'remaining' };
/** The positions of a game of n coins in the notation of the ends: 'LRRL' on a line, '5:LRL' on a circle (default rules: the line). */
export function positionsText(n: number | bigint, positions: ArrayLike<Position | string> | BigUint64Array, options?: RulesOptions): string;
/**
 * The circular game (the pizza game): coins at positions 1..n clockwise.
 * Move 1 takes the coin at any position p; the coins left form the line
 * from p + 1 clockwise round to p - 1 (circleRotate), played as the
 * ordinary game with the second player to move (an Engine on that line).
 */
/** Optimal play on the circle. O(n log n). */
export function circleSolve(coins: Row): CircleResult;
/** margins[p - 1]: player 1's final margin when move 1 takes p, optimal play after it. O(n log n). */
export function circleMargins(coins: Row): bigint[];
/** The n - 1 coins left once move 1 took position first: index i is position (first + i) % n + 1. */
export function circleRotate(coins: Row, first: number | bigint): bigint[];
/** The optimal first position (0n for no coin) and the optimal moves after it. */
export function circleLine(coins: Row): { first: bigint; moves: string };
/** A circular game reviewed: first the position of move 1 (0: none yet), moves 'L'/'R' after it. */
export function circleAnalyze(coins: Row, first: number | bigint, moves: string): CircleAnalysis;
/** The arcs' table of a circle of at most 512 coins. */
export function circleTable(coins: Row): CircleTable;
/**
 * The best reply to a player following rule ('greedy', 'parity', 'optimal',
 * 'random', 'fallible:P'): the rule is player 2's, or player 1's with
 * { opponentFirst: true }; the other player replies as well as it can.
 * O(n^2) time, O(n) memory: up to about 17000 coins (4000 against random).
 */
export function against(coins: Row, rule: string, options?: AgainstOptions): AgainstResult;
/** The line of play of against() against a rule without chance, one 'L' or 'R' a move (at most 16384 coins). */
export function againstLine(coins: Row, rule: string, options?: AgainstOptions): string;
/** The WebAssembly memory's size in bytes. */
export function memoryBytes(): number;

/** A move of several rows: a row, numbered from 0, and its end. */
export interface RowMove {
  row: bigint;
  side: 'left' | 'right';
}

/** Optimal play on several rows. */
export interface RowsResult {
  n: bigint;
  rows: bigint;
  sum: bigint;
  p1: bigint;
  p2: bigint;
  margin: bigint;
  winner: Winner;
  /** The optimal first move; null when no coin is there. */
  first_move: RowMove | null;
}

/** A position of a RowsGame. */
export interface RowsState {
  n: bigint;
  rows: bigint;
  moves: bigint;
  left: bigint;
  /** 1 or 2; 0 when no coin is left. */
  to_move: number;
  p1: bigint;
  p2: bigint;
  /** The optimal move; null when no coin is left. */
  best: RowMove | null;
  /** What the player to move can secure from here (own total minus the other's). */
  value: bigint;
  /** p1 - p2 at the end if both play optimally from here. */
  final_margin: bigint;
}

/**
 * Optimal play on several rows (a move takes the first or the last coin of
 * any row that has coins left; one row is the classic game). Rows are
 * numbered from 0. O(n log n).
 */
export function solveRows(rows: ArrayLike<Row>): RowsResult;

/** The optimal line on several rows: n moves, rows from 0. O(n log n). */
export function rowsLine(rows: ArrayLike<Row>): RowMove[];

/**
 * A game of several rows in progress: O(log n) amortised a move; holds
 * memory until free().
 */
export class RowsGame {
  constructor(rows: ArrayLike<Row>);
  /**
   * The player to move takes the coin at the end side of row (0-based),
   * optimal or not; a RangeError for a row that is not there or has no
   * coin left.
   */
  play(row: number | bigint, side: Move): this;
  /** Takes back the last move; a RangeError when there is none. */
  undo(): this;
  state(): RowsState;
  /**
   * The final margin p1 - p2 if the player to move takes the end side of
   * row and both play optimally after; the position is unchanged.
   */
  outcome(row: number | bigint, side: Move): bigint;
  /** What the player to move can secure from here (own total minus the other's). */
  value(): bigint;
  /** The coins row (0-based) has left. */
  row(row: number | bigint): bigint[];
  /** The coins each row has left. */
  rows(): bigint[][];
  /** The moves played so far. */
  history(): RowMove[];
  /** Releases its memory (also on garbage collection); later calls throw. */
  free(): void;
  readonly freed: boolean;
  [Symbol.dispose](): void;
}

/**
 * A game in progress: O(log n) amortised a move; holds memory until free().
 * Made with options, a game under those rules over positions: play() takes
 * a position or moves as text, state() is a GameState, and outcome(),
 * legal() and history() answer; made without, the classic engine (sides).
 */
export class Engine<O extends RulesOptions | undefined = undefined> {
  constructor(coins: Row, options?: O);
  /** The rules' name; null for the classic engine. */
  readonly rules: RulesName | null;
  /**
   * Plays a move (optimal or not); throws a RangeError when no coin is left
   * or (under rules) the move is not legal, saying why.
   */
  play(move: Move | Position | string): this;
  /** Takes back the last move; throws a RangeError when there is none. */
  undo(): this;
  /** EngineState for the classic engine, GameState under rules. */
  state(): O extends undefined ? EngineState : GameState;
  /** Under rules: the final margin if the player to move takes move and both play optimally after. */
  outcome(move: Position | 'L' | 'R' | 'left' | 'right'): bigint;
  /** Under rules: whether the player to move may take the coin at position. */
  legal(position: Position): boolean;
  /** Under rules: the positions taken so far. */
  history(): bigint[];
  /** Releases its memory (also on garbage collection); later calls throw. */
  free(): void;
  readonly freed: boolean;
  [Symbol.dispose](): void;
}

/** Who chooses a move: 'optimal', 'greedy', 'parity', 'random' or 'fallible:P'. */
export class Strategy {
  constructor(spec: string, seed?: number | bigint | string);
  /** Its move at the engine's position (not played): a side, or a position on an Engine made with rules. */
  move(engine: Engine<RulesOptions | undefined>): 'left' | 'right' | bigint;
  /** Its first move on a circle: a position 1..n (optimal: the optimal one; greedy: the largest coin). */
  first(coins: Row): bigint;
  free(): void;
  readonly freed: boolean;
  [Symbol.dispose](): void;
}
