// Everything the rules decide, asked of the rules core in WebAssembly (core.ts): positions and
// their text, legal decisions, what a decision does (replay, animations, optimistic display),
// decisions and records in the notation. The browser has no rules of its own.
import type { Decision, Piece, Ply, Position, Side, Variant } from "../board/types";
import { CoreError, callCore } from "./core";

export class PositionError extends CoreError {}
export class ApplyError extends CoreError {}
export class RecordError extends CoreError {}

export const START_TEXT = "4/7/8/9/10/9/10/9/8/7/4 w place 0 0 normal";

/** A position as the core writes it: the board as an object. */
type CorePosition = Omit<Position, "board"> & { board: Record<string, Piece> };

function toPosition(c: CorePosition): Position {
  const p: Position = {
    board: new Map(Object.entries(c.board)),
    side: c.side,
    step: c.step,
    removed: c.removed,
    variant: c.variant,
    pool: c.pool,
    result: c.result,
    text: c.text,
  };
  if (c.legal) p.legal = c.legal;
  return p;
}

/** Calls the core; its refusal becomes an error of class `E`. */
function ask<T>(E: new (m: string) => Error, name: string, ...args: Array<string | number>): T {
  try {
    return callCore<T>(name, ...args);
  } catch (e) {
    throw e instanceof CoreError ? new E(e.message) : e;
  }
}

/** A position text (SPEC 5), checked: malformed or unreachable positions are refused. */
export function parsePosition(text: string): Position {
  if (!text.trim()) throw new PositionError("empty position text");
  return toPosition(ask<CorePosition>(PositionError, "position", text));
}

export function startPosition(variant: Variant = "normal"): Position {
  return parsePosition(variant === "blitz" ? START_TEXT.replace("normal", "blitz") : START_TEXT);
}

export function formatPosition(p: Position): string {
  return p.text;
}

/** Markers left in the pool of 51. */
export function markersInPool(p: Position): number {
  return p.pool;
}

/** The legal decisions of a position, in the notation (asked once, then kept on `p`). */
export function legalDecisions(p: Position): string[] {
  p.legal ??= parsePosition(p.text).legal ?? [];
  return p.legal;
}

/** What a decision does: the new position and the markers it flipped. */
export interface Applied {
  position: Position;
  flipped: string[];
  /** The decision as the notation writes it (canonical). */
  decision: string;
}

/** Plays one legal decision; an illegal one is refused with the reason. */
export function applyDecision(pos: Position, text: string): Applied {
  const r = ask<{ position: CorePosition; flipped: string[]; decision: string }>(ApplyError, "apply", pos.text, text);
  return { position: toPosition(r.position), flipped: r.flipped, decision: r.decision };
}

/** A game replayed: positions (index 0 = the start), who made each decision, the flips. */
export interface Replayed {
  positions: Position[];
  sides: Side[];
  flipped: string[][];
  /** Set when a decision could not be played: the lists stop before it. */
  error?: string;
}

export function replayGame(start: Position, decisions: readonly string[]): Replayed {
  const r = callCore<{
    positions: CorePosition[];
    sides: Side[];
    flipped: string[][];
    error?: string;
  }>("replay", start.text, decisions.join(" "));
  const out: Replayed = { positions: r.positions.map(toPosition), sides: r.sides, flipped: r.flipped };
  if (r.error) out.error = r.error;
  return out;
}

/** Positions after each decision (index 0 = the start). Throws ApplyError on a bad one. */
export function replay(start: Position, decisions: readonly string[]): Position[] {
  const r = replayGame(start, decisions);
  if (r.error) throw new ApplyError(r.error);
  return r.positions;
}

/**
 * Who made each decision. Decisions after one that cannot be played (it should not happen
 * with the server's own list) are attributed by alternation.
 */
export function pliesOf(start: Position, decisions: readonly string[]): Ply[] {
  const r = replayGame(start, decisions);
  // The side to move where the replay stopped makes the first bad decision.
  let next = (r.positions[r.positions.length - 1] as Position).side;
  return decisions.map((decision, i) => {
    const side = r.sides[i] ?? next;
    if (i >= r.sides.length) next = side === "w" ? "b" : "w";
    return { side, decision };
  });
}

interface CoreDecision {
  decision: string;
  kind: Decision["kind"];
  from?: string;
  to?: string;
}

/** Parses one decision (any case, spaces around ignored); null if it is not notation. */
export function parseDecision(text: string): Decision | null {
  let d: CoreDecision;
  try {
    d = callCore<CoreDecision>("parse_decision", text);
  } catch {
    return null;
  }
  switch (d.kind) {
    case "place":
    case "remove-ring":
      return { kind: d.kind, at: d.from as string };
    case "move":
    case "remove-row":
      return { kind: d.kind, from: d.from as string, to: d.to as string };
    default:
      return { kind: "pass" };
  }
}

/** Canonical text of a decision typed by a player, or null if it is not notation at all. */
export function canonicalDecision(text: string): string | null {
  try {
    return callCore<CoreDecision>("parse_decision", text).decision;
  } catch {
    return null;
  }
}

/** A record read and checked by the core: its start, decisions with sides, header tags. */
export interface ReadRecord {
  start: Position;
  plies: Ply[];
  tags: Array<[string, string]>;
}

/**
 * Reads a game record (SPEC 4; header tags and comments allowed, both the complete and the
 * short form): every decision is checked against the rules; a bad one is refused with its
 * turn and the reason.
 */
export function readRecord(text: string): ReadRecord {
  const r = ask<{ start: string; decisions: string[]; tags: Array<[string, string]> }>(
    RecordError,
    "parse_record",
    text,
  );
  const start = parsePosition(r.start);
  return { start, plies: pliesOf(start, r.decisions), tags: r.tags };
}

export function parseRecord(text: string): Ply[] {
  return readRecord(text).plies;
}

/** The record's move text (turns numbered per player) of decisions played from `start`. */
export function recordText(start: Position, decisions: readonly string[]): string {
  return ask<{ record: string }>(RecordError, "format_record", start.text, decisions.join(" ")).record;
}

/** A row the opponent could make on its next turn, and the ring moves that make it. */
export interface Threat {
  /** The row's removal in the notation (`xc3-c7`) and its two end markers. */
  row: string;
  from: string;
  to: string;
  by: string[];
}

/**
 * "Show threats": the rows the opponent of the side to decide could complete with one ring
 * move if it moved now (the core's answer; empty unless the side to decide moves a ring).
 */
export function threatsOf(pos: Position): { side: Side; threats: Threat[] } {
  return ask<{ side: Side; threats: Threat[] }>(PositionError, "threats", pos.text);
}
