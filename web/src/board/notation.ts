// Decisions and game records in the official notation (SPEC section 4). Pure, no DOM.
import { coordOf, parsePoint, pointName } from "./geometry";
import type { Side } from "./position";

export type Decision =
  | { kind: "place"; at: string }
  | { kind: "move"; from: string; to: string }
  | { kind: "remove-row"; from: string; to: string }
  | { kind: "remove-ring"; at: string }
  | { kind: "pass" };

function canonPoint(s: string): string | null {
  const c = parsePoint(s);
  return c ? pointName(c.col, c.row) : null;
}

/** Orders the ends of a row as the notation wants: lower letter first, then lower number. */
export function orderRowEnds(a: string, b: string): [string, string] {
  const p = coordOf(a);
  const q = coordOf(b);
  if (p.col < q.col || (p.col === q.col && p.row <= q.row)) return [a, b];
  return [b, a];
}

/** Parses one decision (any case, surrounding spaces ignored); null if malformed. */
export function parseDecision(text: string): Decision | null {
  const t = text.trim().toLowerCase();
  if (t === "pass") return { kind: "pass" };
  let m = /^x([a-k]\d{1,2})-([a-k]\d{1,2})$/.exec(t);
  if (m) {
    const a = canonPoint(m[1] as string);
    const b = canonPoint(m[2] as string);
    if (!a || !b) return null;
    const [from, to] = orderRowEnds(a, b);
    return { kind: "remove-row", from, to };
  }
  m = /^x([a-k]\d{1,2})$/.exec(t);
  if (m) {
    const at = canonPoint(m[1] as string);
    return at ? { kind: "remove-ring", at } : null;
  }
  m = /^([a-k]\d{1,2})-([a-k]\d{1,2})$/.exec(t);
  if (m) {
    const from = canonPoint(m[1] as string);
    const to = canonPoint(m[2] as string);
    return from && to ? { kind: "move", from, to } : null;
  }
  const at = canonPoint(t);
  return at ? { kind: "place", at } : null;
}

export function formatDecision(d: Decision): string {
  switch (d.kind) {
    case "place":
      return d.at;
    case "move":
      return `${d.from}-${d.to}`;
    case "remove-row":
      return `x${d.from}-${d.to}`;
    case "remove-ring":
      return `x${d.at}`;
    case "pass":
      return "pass";
  }
}

/** Canonical text of a decision typed by a player, or null if it is not notation at all. */
export function canonicalDecision(text: string): string | null {
  const d = parseDecision(text);
  return d ? formatDecision(d) : null;
}

/** The points a decision touches (for highlighting the last decision). */
export function decisionPoints(d: Decision): string[] {
  switch (d.kind) {
    case "place":
    case "remove-ring":
      return [d.at];
    case "move":
    case "remove-row":
      return [d.from, d.to];
    case "pass":
      return [];
  }
}

// ---- Records ---------------------------------------------------------------------------

export interface Ply {
  side: Side;
  decision: string;
}

/** One turn of the record: consecutive decisions by one player, numbered per player. */
export interface Turn {
  number: number;
  side: Side;
  /** Index in the ply list of the first decision of this turn. */
  first: number;
  plies: string[];
}

export class RecordError extends Error {}

/**
 * Parses a record `1.e4 2.f6 ... 12.xe5-e9xk10;c3-c5;xd2-h6xb4` into plies. The turn number
 * gives the side (odd White, even Black). A row removal followed directly by a ring removal
 * (`xe5-e9xk10`) is split into its two decisions. Headers in square brackets, comments in
 * braces and a trailing result are skipped.
 */
export function parseRecord(text: string): Ply[] {
  const cleaned = text
    .replace(/\[[^\]]*\]/g, " ")
    .replace(/\{[^}]*\}/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  const plies: Ply[] = [];
  if (!cleaned) return plies;
  // Tokens are "N." turn numbers followed by a turn body; whitespace is allowed after the dot.
  const re = /(\d+)\.\s*([^\s]+)/g;
  let last = 0;
  let expected = 1;
  for (let m = re.exec(cleaned); m; m = re.exec(cleaned)) {
    const gap = cleaned.slice(last, m.index).trim();
    if (gap) throw new RecordError(`unexpected "${gap}" before turn ${m[1]}`);
    last = m.index + m[0].length;
    const n = Number(m[1]);
    if (n !== expected) throw new RecordError(`turn ${n} where turn ${expected} was expected`);
    expected++;
    const side: Side = n % 2 === 1 ? "w" : "b";
    for (const part of (m[2] as string).split(";")) {
      if (!part) throw new RecordError(`empty decision in turn ${n}`);
      // A row removal may carry its ring removal: xe5-e9xk10.
      const both = /^(x[a-k]\d{1,2}-[a-k]\d{1,2})(x[a-k]\d{1,2})$/i.exec(part);
      const pieces = both ? [both[1] as string, both[2] as string] : [part];
      for (const p of pieces) {
        const c = canonicalDecision(p);
        if (!c) throw new RecordError(`"${p}" in turn ${n} is not a decision`);
        plies.push({ side, decision: c });
      }
    }
  }
  const rest = cleaned.slice(last).trim();
  if (rest && !/^(1-0|0-1|1\/2-1\/2|\*|resign|resigns|time)$/i.test(rest)) {
    throw new RecordError(`unexpected "${rest}" at the end of the record`);
  }
  return plies;
}

/** Groups plies into turns, numbered per player. */
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
    if (prev && /^x[a-k]\d+-[a-k]\d+$/.test(prev) && /^x[a-k]\d+$/.test(d)) {
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
