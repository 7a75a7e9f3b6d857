import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { ApplyError, applyDecision, flippedBetween, hasRow, replay } from "../src/board/apply";
import { formatPosition, parsePosition, startPosition } from "../src/board/position";

const PLACEMENT = ["e4", "f6", "a2", "b2", "c3", "d4", "g7", "h8", "i9", "j10"];

describe("replaying decisions", () => {
  it("alternates placement and switches to moves after ten rings", () => {
    const ps = replay(startPosition(), PLACEMENT);
    assert.equal(ps.length, 11);
    assert.equal(ps[1]?.board.get("e4"), "W");
    assert.equal(ps[2]?.board.get("f6"), "B");
    const last = ps[10];
    assert.ok(last);
    assert.equal(last.step, "move");
    assert.equal(last.side, "w");
  });
  it("moves a ring, leaves a marker and flips the markers jumped", () => {
    const p = parsePosition("4/7/8/9/Wwb7/9/10/9/8/7/4 w move 0 0 normal");
    const { position: q, flipped } = applyDecision(p, "e1-e4");
    assert.equal(q.board.get("e1"), "w");
    assert.equal(q.board.get("e2"), "b");
    assert.equal(q.board.get("e3"), "w");
    assert.equal(q.board.get("e4"), "W");
    assert.deepEqual([...flipped].sort(), ["e2", "e3"]);
    assert.deepEqual(flippedBetween(p, q).sort(), ["e2", "e3"]);
    assert.equal(q.side, "b");
    assert.equal(q.step, "move");
  });
  it("goes through row and ring removal, then the opponent moves", () => {
    // White markers e1-e4; the white ring on e5 moves away leaving its marker: e1-e5.
    const p = parsePosition("W3/B6/8/9/wwwwW5/9/10/9/8/7/3B w move 0 0 normal");
    assert.equal(p.board.get("e5"), "W");
    const a = applyDecision(p, "e5-e6").position;
    assert.ok(hasRow(a, "w"));
    assert.equal(a.step, "remove-row");
    assert.equal(a.side, "w");
    const b = applyDecision(a, "xe1-e5").position;
    assert.equal(b.step, "remove-ring");
    const c = applyDecision(b, "xa2").position;
    assert.equal(c.removed.w, 1);
    assert.equal(c.side, "b");
    assert.equal(c.step, "move");
    assert.equal(formatPosition(c), "4/B6/8/9/5W4/9/10/9/8/7/3B b move 1 0 normal");
  });
  it("hands rows made for the opponent to the opponent before their move", () => {
    // White's ring d3 jumps the white marker e3 along row 3, turning e1-e5 black.
    const p = parsePosition("4/7/8/2W6/bbwbb5/9/10/9/8/7/3B w move 0 0 normal");
    const a = applyDecision(p, "d3-f3");
    assert.deepEqual(a.flipped, ["e3"]);
    assert.equal(a.position.step, "early-remove-row");
    assert.equal(a.position.side, "b");
    const b = applyDecision(a.position, "xe1-e5").position;
    assert.equal(b.step, "early-remove-ring");
    const c = applyDecision(b, "xk10").position;
    assert.equal(c.removed.b, 1);
    assert.equal(c.step, "move");
    assert.equal(c.side, "b", "then Black makes its move");
  });
  it("ends the game at the third ring, or the first in blitz", () => {
    const p = parsePosition("W3/7/8/9/10/9/10/9/8/7/3B w remove-ring 2 0 normal");
    assert.equal(applyDecision(p, "xa2").position.step, "over");
    const q = parsePosition("W3/7/8/9/10/9/10/9/8/7/3B w remove-ring 0 0 blitz");
    assert.equal(applyDecision(q, "xa2").position.step, "over");
  });
  it("rejects decisions that do not fit the board, with the ply number", () => {
    assert.throws(() => replay(startPosition(), ["e4", "e4"]), /decision 2: e4: e4 is occupied/);
    assert.throws(() => replay(startPosition(), ["e4-e5"]), ApplyError);
    const p = parsePosition("4/7/8/9/W9/9/10/9/8/7/4 w move 0 0 normal");
    assert.throws(() => applyDecision(p, "e1-f3"), /not a straight line/);
    assert.throws(() => applyDecision(p, "e2-e3"), /no white ring on e2/);
  });
});
