// What the board is given, read by the rules core: the board (board/) is a library that reads
// no notation, so the decisions it shows are read here, through parseDecision (rules.ts).
// The legal decisions sorted by kind for its input logic (classify -> board/highlight.ts's
// Legal), decisions as points (the last decision, the last turn: readDecisions) and the notes
// drawn for decisions (decisionNote(s) -> board/notes.ts's Note).
import { lineFrom } from "../board/geometry";
import type { Legal } from "../board/highlight";
import type { Note, Tone } from "../board/notes";
import type { Decision } from "../board/types";
import { parseDecision } from "./rules";

/** Sorts the server's list of legal decisions by kind. Unknown strings are ignored. */
export function classify(legal: readonly string[]): Legal {
  const out: Legal = { places: new Map(), moves: new Map(), rows: [], rings: new Map(), pass: null };
  for (const text of legal) {
    const d = parseDecision(text);
    if (!d) continue;
    switch (d.kind) {
      case "place":
        out.places.set(d.at, text);
        break;
      case "move": {
        let m = out.moves.get(d.from);
        if (!m) {
          m = new Map();
          out.moves.set(d.from, m);
        }
        m.set(d.to, text);
        break;
      }
      case "remove-row": {
        const points = lineFrom(d.from, d.to);
        if (points) out.rows.push({ text, from: d.from, to: d.to, points });
        break;
      }
      case "remove-ring":
        out.rings.set(d.at, text);
        break;
      case "pass":
        out.pass = text;
        break;
    }
  }
  return out;
}

/** The decisions of `texts` that are decisions, read (the others left out). */
export function readDecisions(texts: readonly string[]): Decision[] {
  const out: Decision[] = [];
  for (const text of texts) {
    const d = parseDecision(text);
    if (d) out.push(d);
  }
  return out;
}

/** The note showing a decision (null for a pass or text that is not a decision). */
export function decisionNote(decision: string, tone: Tone): Note | null {
  const d = parseDecision(decision);
  if (!d) return null;
  switch (d.kind) {
    case "move":
      return { kind: "arrow", from: d.from, to: d.to, tone };
    case "place":
      return { kind: "spot", at: d.at, tone };
    case "remove-ring":
      return { kind: "remove", at: d.at, tone };
    case "remove-row":
      return { kind: "row", from: d.from, to: d.to, tone };
    default:
      return null;
  }
}

/** Notes for several decisions: the first in `first`'s tone, the others in `rest`'s. */
export function decisionNotes(decisions: readonly string[], first: Tone, rest: Tone = first): Note[] {
  const out: Note[] = [];
  decisions.forEach((d, i) => {
    const n = decisionNote(d, i === 0 ? first : rest);
    if (n) out.push(n);
  });
  return out;
}
