// The shapes the board draws, as the rules core (WebAssembly, ../engine/rules.ts) reports
// them. Types only: what is legal and what a decision does is the core's business.

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
  /** Markers left in the pool of 51. */
  pool: number;
  /** "1-0", "0-1", "1/2-1/2", or "*" while the game goes on. */
  result: string;
  /** The position text (SPEC section 5). */
  text: string;
  /** The legal decisions, when the core was asked for them. */
  legal?: string[];
}

export type Decision =
  | { kind: "place"; at: string }
  | { kind: "move"; from: string; to: string }
  | { kind: "remove-row"; from: string; to: string }
  | { kind: "remove-ring"; at: string }
  | { kind: "pass" };

/** One decision and the side that made it. */
export interface Ply {
  side: Side;
  decision: string;
}
