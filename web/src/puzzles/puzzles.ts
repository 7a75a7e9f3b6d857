// The puzzle trainer's logic (/puzzles): the committed puzzle set (written by `yinsh puzzles`,
// format in docs/web.md), an attempt at one puzzle judged by the rules core's ring counts,
// and the player's progress and puzzle rating kept in this browser (localStorage).
import type { Position, Side } from "../board/types";
import { applyDecision, parsePosition, replay } from "../engine/rules";

export const PUZZLES_URL = "/puzzles.json";

export interface Puzzle {
  id: string;
  position: string;
  side: Side;
  /** "win": win a ring; "save": keep the opponent from winning one. */
  goal: "win" | "save";
  /** The engine's solution, both sides' decisions, as far as the ring won (or saved). */
  line: string[];
  /** The engine's best alternative, which misses the goal. */
  other: string[];
  turns: number;
  depth: number;
  rating: number;
}

export class PuzzleSetError extends Error {}

/** Checks the shape of a fetched puzzle file; a bad one is refused with the reason. */
export function readPuzzleSet(data: unknown): Puzzle[] {
  const d = data as { format?: unknown; version?: unknown; puzzles?: unknown };
  if (d?.format !== "yinsh-puzzles" || d.version !== 1 || !Array.isArray(d.puzzles))
    throw new PuzzleSetError("not a yinsh-puzzles file of version 1");
  const strings = (v: unknown) => Array.isArray(v) && v.every((s) => typeof s === "string");
  return d.puzzles.map((p: Partial<Puzzle>, i: number) => {
    if (
      typeof p.id !== "string" ||
      typeof p.position !== "string" ||
      (p.side !== "w" && p.side !== "b") ||
      (p.goal !== "win" && p.goal !== "save") ||
      !strings(p.line) ||
      !strings(p.other) ||
      !p.line?.length ||
      typeof p.rating !== "number" ||
      typeof p.depth !== "number"
    )
      throw new PuzzleSetError(`puzzle ${i + 1} is malformed`);
    return p as Puzzle;
  });
}

/** Rings `side` is ahead in `pos` compared with `start` (the core's removed counts). */
export function ringBalance(start: Position, pos: Position, side: Side): number {
  const other: Side = side === "w" ? "b" : "w";
  return pos.removed[side] - start.removed[side] - (pos.removed[other] - start.removed[other]);
}

/** The balance after each decision of `line` played from `pos` (stops at an illegal one). */
export function lineBalances(start: Position, pos: Position, side: Side, line: readonly string[]): number[] {
  try {
    return replay(pos, line)
      .slice(1)
      .map((p) => ringBalance(start, p, side));
  } catch {
    return [];
  }
}

/** Whether a line of play from `pos` reaches the puzzle's goal (a win keeps the ring won). */
export function lineReachesGoal(puzzle: Puzzle, start: Position, pos: Position, line: readonly string[]): boolean {
  const now = ringBalance(start, pos, puzzle.side);
  const b = [now, ...lineBalances(start, pos, puzzle.side, line)];
  if (puzzle.goal === "save") return b.every((v) => v >= 0);
  const k = b.findIndex((v) => v >= 1);
  return k >= 0 && b.slice(k).every((v) => v >= 1);
}

/** One attempt: where it stands, the decisions made, whether it still follows the solution. */
export interface Attempt {
  puzzle: Puzzle;
  start: Position;
  pos: Position;
  played: string[];
  onLine: boolean;
  /** The position before the last decision (the board animates from it). */
  before: Position | null;
}

/**
 * What happens next: the player decides again; the attempt is judged; the opponent answers
 * with `reply` (the solution's); or the engine must look at the position (the player left the
 * solution: their line may still reach the goal).
 */
export type Next =
  | { kind: "player" }
  | { kind: "solved" }
  | { kind: "failed" }
  | { kind: "reply"; decision: string }
  | { kind: "engine" };

export function startAttempt(puzzle: Puzzle): Attempt {
  const start = parsePosition(puzzle.position);
  return { puzzle, start, pos: start, played: [], onLine: true, before: null };
}

/** Plays a decision (the player's or the opponent's) and says what comes next. */
export function playDecision(a: Attempt, decision: string): { attempt: Attempt; next: Next } {
  const applied = applyDecision(a.pos, decision);
  const onLine = a.onLine && a.puzzle.line[a.played.length] === applied.decision;
  const attempt: Attempt = {
    ...a,
    pos: applied.position,
    played: [...a.played, applied.decision],
    onLine,
    before: a.pos,
  };
  return { attempt, next: judge(attempt) };
}

export function judge(a: Attempt): Next {
  const { puzzle, start, pos } = a;
  const b = ringBalance(start, pos, puzzle.side);
  if (b < 0) return { kind: "failed" };
  if (puzzle.goal === "win" && b >= 1) return { kind: "solved" };
  if (pos.step === "over") return { kind: "failed" };
  if (pos.side === puzzle.side) return { kind: "player" };
  // The opponent decides.
  const reply = puzzle.line[a.played.length];
  if (puzzle.goal === "save") {
    // The saving move was played (the engine verified it); off the solution the engine judges.
    return a.onLine ? { kind: "solved" } : { kind: "engine" };
  }
  return a.onLine && reply ? { kind: "reply", decision: reply } : { kind: "engine" };
}

// --- progress and rating -------------------------------------------------------------

const STORE = "yinsh-puzzles";
export const START_RATING = 1200;

export interface Progress {
  rating: number;
  /** First result of each puzzle tried (later tries do not change the rating). */
  done: Record<string, "solved" | "failed">;
}

export function loadProgress(): Progress {
  try {
    const p = JSON.parse(globalThis.localStorage?.getItem(STORE) ?? "null") as Progress | null;
    if (p && typeof p.rating === "number" && p.done && typeof p.done === "object") return p;
  } catch {
    // A damaged entry starts afresh.
  }
  return { rating: START_RATING, done: {} };
}

export function saveProgress(p: Progress): void {
  try {
    globalThis.localStorage?.setItem(STORE, JSON.stringify(p));
  } catch {
    // Private mode: progress lasts for this page only.
  }
}

/** Elo: the player against the puzzle's rating, K = 32; only the first try of a puzzle counts. */
export function recordResult(p: Progress, puzzle: Puzzle, solved: boolean): Progress {
  if (p.done[puzzle.id]) return p;
  const expected = 1 / (1 + 10 ** ((puzzle.rating - p.rating) / 400));
  const rating = Math.round(p.rating + 32 * ((solved ? 1 : 0) - expected));
  return { rating, done: { ...p.done, [puzzle.id]: solved ? "solved" : "failed" } };
}

/** The untried puzzle whose rating is nearest the player's (null when all were tried). */
export function nextPuzzle(puzzles: readonly Puzzle[], p: Progress): Puzzle | null {
  let best: Puzzle | null = null;
  for (const z of puzzles) {
    if (p.done[z.id]) continue;
    if (!best || Math.abs(z.rating - p.rating) < Math.abs(best.rating - p.rating)) best = z;
  }
  return best;
}
