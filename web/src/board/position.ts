// Position text (SPEC section 5): parse and print. Pure, no DOM.
import { COLUMNS, columnRange, POINTS, pointName } from "./geometry";

export type Side = "w" | "b";
export type Piece = "W" | "B" | "w" | "b"; // ring (upper case) or marker (lower case)
export type Step = "place" | "move" | "remove-row" | "remove-ring" | "early-remove-row" | "early-remove-ring" | "over";
export type Variant = "normal" | "blitz";

export interface Position {
  /** Occupied points only. */
  board: Map<string, Piece>;
  side: Side;
  step: Step;
  removed: { w: number; b: number };
  variant: Variant;
}

const STEPS: readonly Step[] = [
  "place",
  "move",
  "remove-row",
  "remove-ring",
  "early-remove-row",
  "early-remove-ring",
  "over",
];

export const START_TEXT = "4/7/8/9/10/9/10/9/8/7/4 w place 0 0 normal";

export class PositionError extends Error {}

export function parsePosition(text: string): Position {
  const parts = text.trim().split(/\s+/);
  if (parts.length !== 6) throw new PositionError(`position text needs 6 fields: "${text}"`);
  const [boardText, side, step, wr, br, variant] = parts as [string, string, string, string, string, string];
  const cols = boardText.split("/");
  if (cols.length !== 11) throw new PositionError("the board needs 11 columns");
  const board = new Map<string, Piece>();
  cols.forEach((colText, col) => {
    const [lo, hi] = columnRange(col);
    let row = lo;
    const re = /(\d+)|([WBwb])/g;
    let consumed = 0;
    for (let m = re.exec(colText); m; m = re.exec(colText)) {
      if (m.index !== consumed) break;
      consumed += m[0].length;
      if (m[1]) row += Number(m[1]);
      else {
        if (row > hi) break;
        board.set(pointName(col, row), m[2] as Piece);
        row++;
      }
    }
    if (consumed !== colText.length || row !== hi + 1) {
      throw new PositionError(`column ${COLUMNS[col]} does not describe ${hi - lo + 1} points`);
    }
  });
  if (side !== "w" && side !== "b") throw new PositionError(`bad side "${side}"`);
  if (!STEPS.includes(step as Step)) throw new PositionError(`bad step "${step}"`);
  if (variant !== "normal" && variant !== "blitz") {
    throw new PositionError(`bad variant "${variant}"`);
  }
  const w = Number(wr);
  const b = Number(br);
  if (!Number.isInteger(w) || !Number.isInteger(b) || w < 0 || b < 0 || w > 3 || b > 3) {
    throw new PositionError("bad removed-ring counts");
  }
  return { board, side, step: step as Step, removed: { w, b }, variant };
}

export function formatPosition(p: Position): string {
  const cols: string[] = [];
  for (let col = 0; col < 11; col++) {
    const [lo, hi] = columnRange(col);
    let s = "";
    let run = 0;
    for (let row = lo; row <= hi; row++) {
      const piece = p.board.get(pointName(col, row));
      if (piece) {
        if (run) s += run;
        run = 0;
        s += piece;
      } else run++;
    }
    if (run) s += run;
    cols.push(s);
  }
  return `${cols.join("/")} ${p.side} ${p.step} ${p.removed.w} ${p.removed.b} ${p.variant}`;
}

export function startPosition(variant: Variant = "normal"): Position {
  return {
    board: new Map(),
    side: "w",
    step: "place",
    removed: { w: 0, b: 0 },
    variant,
  };
}

export function clonePosition(p: Position): Position {
  return { ...p, board: new Map(p.board), removed: { ...p.removed } };
}

export function countPieces(p: Position): { W: number; B: number; w: number; b: number } {
  const n = { W: 0, B: 0, w: 0, b: 0 };
  for (const piece of p.board.values()) n[piece]++;
  return n;
}

/** Markers left in the pool of 51. */
export function markersInPool(p: Position): number {
  const n = countPieces(p);
  return 51 - n.w - n.b;
}

export function otherSide(s: Side): Side {
  return s === "w" ? "b" : "w";
}

/** Points sorted in board order, for stable rendering. */
export function occupiedPoints(p: Position): string[] {
  return POINTS.filter((q) => p.board.has(q));
}
