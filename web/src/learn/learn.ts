// The tutorial's lessons (/learn): each a small position (text checked by the rules core), what
// the player is asked to do, and a goal judged on the core's positions after their decisions.
// Progress (the lessons done) is kept in this browser.
import type { Position } from "../board/types";
import { applyDecision, parsePosition, START_TEXT } from "../engine/rules";

export interface Lesson {
  /** Catalogue keys learn.<id>.title / .task / .done */
  id: string;
  position: string;
  /** The goal, on the start and the position now (the core's), and the markers flipped so far. */
  goal: (start: Position, now: Position, flipped: readonly string[]) => boolean;
  /** A way to reach the goal (the unit tests play it; the page can show it as a hint). */
  solution: string[];
  /** The ring the step asks to move, when its task names one. */
  ring?: string;
  /** The goal is a row of White's: a move that flips White's own markers is told so. */
  row?: true;
}

const white = (p: Position, points: string[]) => points.every((x) => p.board.get(x) === "w");
const wonRing = (s: Position, p: Position) => p.removed.w - s.removed.w >= 1;

export const LESSONS: Lesson[] = [
  {
    id: "place",
    position: START_TEXT,
    goal: (_s, p) => [...p.board.values()].includes("W"),
    solution: ["e5"],
  },
  {
    id: "move",
    position: "3W/W5B/8/9/4W5/9/B9/B8/7B/B6/W2W w move 0 0 normal",
    goal: (_s, p) => p.board.get("e5") === "w" && p.side === "b",
    solution: ["e5-e8"],
    ring: "e5",
  },
  {
    id: "jump",
    position: "3W/W5B/8/9/2Wbb5/9/B9/B8/7B/B6/W2W w move 0 0 normal",
    goal: (_s, _p, flipped) => flipped.length > 0,
    solution: ["e3-e6"],
    ring: "e3",
  },
  {
    id: "flip",
    position: "3W/W5B/8/2Wbbb3/10/9/B9/B8/7B/B6/W2W w move 0 0 normal",
    goal: (_s, p) => white(p, ["d4", "d5", "d6"]),
    solution: ["d3-d7"],
  },
  {
    id: "row",
    position: "3W/W5B/8/9/3wwwwW2/9/B9/B8/7B/B6/W2W w move 0 0 normal",
    goal: wonRing,
    solution: ["e8-f9", "xe4-e8", "xk10"],
    row: true,
  },
  {
    id: "two_rows",
    position: "3W/W5B/3w4/4w4/1wwwwW4/5w3/B5w3/B8/7B/B6/W2W w move 0 0 normal",
    goal: wonRing,
    solution: ["e6-f6", "xc4-g8", "xk10"],
    ring: "e6",
    row: true,
  },
  {
    id: "gift_row",
    position: "3W/W5B/5b2/5b3/4Ww4/4b4/B3b5/B8/7B/B6/W2W w move 0 0 normal",
    goal: (_s, p) => p.side === "b" && p.step === "early-remove-row",
    solution: ["e5-e7"],
    ring: "e5",
  },
  {
    id: "opponent_row",
    position: "3W/W5B/8/3b5/8W1/1wwwww3/B9/B8/7B/B6/W2W w early-remove-row 0 0 normal",
    goal: (s, p) => wonRing(s, p) && p.step === "move",
    solution: ["xf3-f7", "xk10"],
  },
  {
    id: "pool",
    position:
      "1b1B/1B1B1bb/bbbwbwwb/bW1b1bbb1/bwBbwb2wb/bbw2wbwb/bb2Wbwb2/b1w1bwwbw/bb1w1Bb1/b2W1W1/bwb1 w move 1 0 normal",
    goal: (_s, p) => p.result === "1-0",
    solution: ["d2-d3"],
  },
  {
    id: "blitz",
    position: "3W/W5B/8/9/3wwwwW2/9/B9/B8/7B/B6/W2W w move 0 0 blitz",
    goal: (_s, p) => p.result === "1-0",
    solution: ["e8-f9", "xe4-e8", "xk10"],
    row: true,
  },
];

/** One try at a lesson: the position now and the markers flipped so far. */
export interface LessonState {
  start: Position;
  pos: Position;
  flipped: string[];
  played: string[];
}

export function startLesson(l: Lesson): LessonState {
  const start = parsePosition(l.position);
  return { start, pos: start, flipped: [], played: [] };
}

export type LessonVerdict = "playing" | "done" | "retry";

/**
 * Plays the player's decision. The lesson is done when the goal holds; it is to be tried
 * again when the player's turn ended (or the game did) without reaching it.
 */
export function lessonDecision(
  l: Lesson,
  s: LessonState,
  decision: string,
): { state: LessonState; verdict: LessonVerdict } {
  const a = applyDecision(s.pos, decision);
  const state: LessonState = {
    start: s.start,
    pos: a.position,
    flipped: [...s.flipped, ...a.flipped],
    played: [...s.played, a.decision],
  };
  if (l.goal(state.start, state.pos, state.flipped)) return { state, verdict: "done" };
  const turnOver = state.pos.step === "over" || state.pos.side !== s.start.side;
  return { state, verdict: turnOver ? "retry" : "playing" };
}

/** Why a try missed its step: a catalogue message (under learn.) and its values. */
export interface MissReason {
  key: "learn.other_ring" | "learn.flipped_own" | `learn.${string}.miss` | "learn.no_reason";
  params: Record<string, string | number>;
}

/**
 * Why the try in `s` (its verdict "retry") missed the step: another ring moved than the one the
 * task names; White's own markers flipped black where a row was wanted; else the step's own
 * explanation (`hasMiss` tells whether the catalogue has one).
 */
export function missReason(l: Lesson, s: LessonState, hasMiss: (key: string) => boolean): MissReason {
  const moved = s.played.find((d) => /^[a-k]\d+-[a-k]\d+$/.test(d));
  const from = moved?.split("-")[0];
  if (l.ring && from && from !== l.ring) return { key: "learn.other_ring", params: { from, ring: l.ring } };
  const own = s.flipped.filter((x) => s.pos.board.get(x) === "b").length;
  if (l.row && own > 0) return { key: "learn.flipped_own", params: { n: own } };
  const key = `learn.${l.id}.miss` as const;
  return hasMiss(key) ? { key, params: {} } : { key: "learn.no_reason", params: {} };
}

const STORE = "yinsh-learn";

export function loadLearned(): string[] {
  try {
    const v = JSON.parse(globalThis.localStorage?.getItem(STORE) ?? "[]") as unknown;
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];
  } catch {
    return [];
  }
}

export function saveLearned(ids: readonly string[]): void {
  try {
    globalThis.localStorage?.setItem(STORE, JSON.stringify(ids));
  } catch {
    // Private mode: progress lasts for this page only.
  }
}
