// Replaying decisions to get positions, for the replay page and for animations.
// This never decides what is legal (the server does); it only carries out a decision the
// server or a record already made: it checks just enough (the pieces are where the decision
// says) to reject a record that does not fit the board, with a clear message.
import { between, lineFrom, WINDOWS } from "./geometry";
import { type Decision, formatDecision, parseDecision } from "./notation";
import { clonePosition, markersInPool, otherSide, type Position, type Side } from "./position";

export class ApplyError extends Error {}

/** True if `side` has at least one row of five markers of its colour. */
export function hasRow(p: Position, side: Side): boolean {
  return WINDOWS.some((w) => w.every((q) => p.board.get(q) === side));
}

function ringsPlaced(p: Position): number {
  let n = p.removed.w + p.removed.b;
  for (const v of p.board.values()) if (v === "W" || v === "B") n++;
  return n;
}

function afterMoverDone(p: Position, mover: Side): void {
  // The mover has no rows left: the opponent clears rows made for them, else it is their move.
  const opp = otherSide(mover);
  if (hasRow(p, opp)) {
    p.side = opp;
    p.step = "early-remove-row";
  } else if (markersInPool(p) === 0) {
    p.side = mover;
    p.step = "over";
  } else {
    p.side = opp;
    p.step = "move";
  }
}

/** What a decision does: the new position and the markers it flipped. */
export interface Applied {
  position: Position;
  flipped: string[];
}

export function applyDecision(pos: Position, text: string): Applied {
  const d: Decision | null = parseDecision(text);
  if (!d) throw new ApplyError(`"${text}" is not a decision`);
  const p = clonePosition(pos);
  const side = p.side;
  const ring = side === "w" ? "W" : "B";
  const fail = (why: string): never => {
    throw new ApplyError(`${formatDecision(d)}: ${why}`);
  };
  const flipped: string[] = [];
  if (p.step === "over") fail("the game is over");
  switch (d.kind) {
    case "place": {
      if (p.step !== "place") fail("not the placement phase");
      if (p.board.has(d.at)) fail(`${d.at} is occupied`);
      p.board.set(d.at, ring);
      p.side = otherSide(side);
      if (ringsPlaced(p) === 10) p.step = "move";
      break;
    }
    case "move": {
      if (p.step !== "move") fail("not a ring move now");
      if (p.board.get(d.from) !== ring) fail(`no ${side === "w" ? "white" : "black"} ring on ${d.from}`);
      if (p.board.has(d.to)) fail(`${d.to} is occupied`);
      const mid = between(d.from, d.to);
      if (!mid) fail("not a straight line");
      p.board.set(d.from, side);
      p.board.set(d.to, ring);
      for (const q of mid ?? []) {
        const v = p.board.get(q);
        if (v === "W" || v === "B") fail(`a ring is in the way on ${q}`);
        if (v === "w" || v === "b") {
          p.board.set(q, v === "w" ? "b" : "w");
          flipped.push(q);
        }
      }
      if (hasRow(p, side)) p.step = "remove-row";
      else afterMoverDone(p, side);
      break;
    }
    case "remove-row": {
      if (p.step !== "remove-row" && p.step !== "early-remove-row") fail("no row to remove now");
      const line = lineFrom(d.from, d.to);
      if (line?.length !== 5) fail("not five points in a line");
      for (const q of line ?? []) if (p.board.get(q) !== side) fail(`${q} is not a marker of the side to move`);
      for (const q of line ?? []) p.board.delete(q);
      p.step = p.step === "remove-row" ? "remove-ring" : "early-remove-ring";
      break;
    }
    case "remove-ring": {
      if (p.step !== "remove-ring" && p.step !== "early-remove-ring") fail("no ring to remove now");
      if (p.board.get(d.at) !== ring) fail(`no ${side === "w" ? "white" : "black"} ring on ${d.at}`);
      p.board.delete(d.at);
      p.removed[side]++;
      const early = p.step === "early-remove-ring";
      if (p.removed[side] >= (p.variant === "blitz" ? 1 : 3)) p.step = "over";
      else if (hasRow(p, side)) p.step = early ? "early-remove-row" : "remove-row";
      else if (early) p.step = "move";
      else afterMoverDone(p, side);
      break;
    }
    case "pass": {
      if (p.step !== "move") fail("cannot pass now");
      p.side = otherSide(side);
      break;
    }
  }
  return { position: p, flipped };
}

/** Positions after each decision (index 0 = the start). Throws ApplyError on a bad one. */
export function replay(start: Position, decisions: readonly string[]): Position[] {
  const out = [start];
  let cur = start;
  decisions.forEach((d, i) => {
    try {
      cur = applyDecision(cur, d).position;
    } catch (e) {
      if (e instanceof ApplyError) throw new ApplyError(`decision ${i + 1}: ${e.message}`);
      throw e;
    }
    out.push(cur);
  });
  return out;
}

/** Markers whose colour differs between two positions (the flips of a move). */
export function flippedBetween(a: Position, b: Position): string[] {
  const out: string[] = [];
  for (const [q, v] of b.board) {
    const u = a.board.get(q);
    if ((v === "w" && u === "b") || (v === "b" && u === "w")) out.push(q);
  }
  return out;
}

/**
 * Who made each decision, by replaying them from the start. A decision that cannot be
 * replayed (it should not happen with the server's own list) is attributed by alternation.
 */
export function pliesOf(start: Position, decisions: readonly string[]): Array<{ side: Side; decision: string }> {
  const out: Array<{ side: Side; decision: string }> = [];
  let cur = start;
  let ok = true;
  for (const decision of decisions) {
    out.push({ side: cur.side, decision });
    if (ok) {
      try {
        cur = applyDecision(cur, decision).position;
        continue;
      } catch {
        ok = false;
      }
    }
    cur = { ...cur, side: otherSide(cur.side) };
  }
  return out;
}
