// A Swiss event as GET /api/tournaments/<id> gives it (docs/api.md 2.7): the table with each
// player's rounds, the current round's boards, and what the page shows of them: a round's
// mark ("1", "½", "0", "+" for the bye), points with their half, and the status line.
import type { ArenaSummary, Me } from "./arena";

export type CellResult = "win" | "draw" | "loss" | "bye" | "void" | "playing" | "absent";

export interface SwissCell {
  round: number;
  result: CellResult;
  opponent: string | null;
  colour: "white" | "black" | null;
  game: string | null;
}

export interface SwissRow {
  rank: number;
  name: string;
  account: string;
  points: number;
  buchholz: number;
  sonneborn_berger: number;
  rating: number;
  active: boolean;
  playing: string | null;
  rounds: SwissCell[];
}

export interface SwissBoard {
  board: number;
  white: string;
  /** null for the bye. */
  black: string | null;
  bye: boolean;
  game: string | null;
  status: "waiting" | "active" | "over" | "aborted";
  result: "1-0" | "0-1" | "1/2-1/2" | "";
}

export interface SwissDetail extends ArenaSummary {
  kind: "swiss";
  now: number;
  rounds: number;
  round: number;
  /** When the next round is paired, once the last one has ended; null otherwise. */
  next_round_at: number | null;
  standings: SwissRow[];
  pairings: SwissBoard[];
  me: Me | null;
}

/** A round's mark in the table. */
export function cellMark(c: SwissCell): string {
  switch (c.result) {
    case "win":
      return "1";
    case "draw":
      return "½";
    case "loss":
      return "0";
    case "bye":
      return "+";
    case "playing":
      return "*";
    default:
      return "–";
  }
}

/** Points as a Swiss table writes them: 2, 2½, ½. */
export function halfPoints(n: number): string {
  const whole = Math.floor(n);
  const half = n - whole >= 0.5;
  if (!half) return String(whole);
  return whole === 0 ? "½" : `${whole}½`;
}

/** A board's result as the table writes it. */
export function boardResult(b: SwissBoard): string {
  if (b.bye) return "+";
  return b.result === "1/2-1/2" ? "½-½" : b.result;
}
