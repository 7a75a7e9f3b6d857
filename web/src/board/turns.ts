// The move list's text: decisions grouped into turns (consecutive decisions of one side,
// numbered per player) and written as the record writes them (`;` between decisions, a ring
// removal glued to its row removal: `xe5-e9xk10`). Display only: which side made each
// decision comes from the rules core (engine/rules.ts pliesOf), and the unit tests check that
// this text reads back through the core's record parser as the same decisions.
import type { Ply, Side } from "./types";

/** One turn of the record. */
export interface Turn {
  number: number;
  side: Side;
  /** Index in the ply list of the first decision of this turn. */
  first: number;
  plies: string[];
}

export function groupTurns(plies: readonly Ply[]): Turn[] {
  const turns: Turn[] = [];
  plies.forEach((ply, i) => {
    const cur = turns[turns.length - 1];
    if (cur && cur.side === ply.side) cur.plies.push(ply.decision);
    else turns.push({ number: turns.length + 1, side: ply.side, first: i, plies: [ply.decision] });
  });
  return turns;
}

/** The text of one turn: decisions joined by `;`, a ring removal glued to its row removal. */
export function formatTurnBody(plies: readonly string[]): string {
  const parts: string[] = [];
  for (const d of plies) {
    const prev = parts[parts.length - 1];
    if (prev?.startsWith("x") && prev.includes("-") && d.startsWith("x") && !d.includes("-")) {
      parts[parts.length - 1] = prev + d;
    } else parts.push(d);
  }
  return parts.join(";");
}

export function formatRecord(plies: readonly Ply[]): string {
  return groupTurns(plies)
    .map((t) => `${t.number}.${formatTurnBody(t.plies)}`)
    .join(" ");
}
