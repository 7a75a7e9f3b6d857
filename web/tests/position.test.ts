import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  formatPosition,
  markersInPool,
  PositionError,
  parsePosition,
  START_TEXT,
  startPosition,
} from "../src/board/position";

describe("position text", () => {
  it("parses the start position", () => {
    const p = parsePosition(START_TEXT);
    assert.equal(p.board.size, 0);
    assert.equal(p.side, "w");
    assert.equal(p.step, "place");
    assert.deepEqual(p.removed, { w: 0, b: 0 });
    assert.equal(p.variant, "normal");
    assert.equal(formatPosition(p), START_TEXT);
    assert.equal(formatPosition(startPosition()), START_TEXT);
  });
  it("reads pieces from each column's lowest point upward", () => {
    const text = "W3/7/8/9/3w6/9/10/9/8/7/3B b move 1 2 blitz";
    const p = parsePosition(text);
    assert.equal(p.board.get("a2"), "W");
    assert.equal(p.board.get("e4"), "w");
    assert.equal(p.board.get("k10"), "B");
    assert.equal(p.board.size, 3);
    assert.equal(p.side, "b");
    assert.equal(p.step, "move");
    assert.deepEqual(p.removed, { w: 1, b: 2 });
    assert.equal(p.variant, "blitz");
    assert.equal(formatPosition(p), text);
    assert.equal(markersInPool(p), 50);
  });
  it("rejects malformed text", () => {
    for (const bad of [
      "",
      "4/7/8/9/10/9/10/9/8/7/4 w place 0 0",
      "4/7/8/9/10/9/10/9/8/7 w place 0 0 normal",
      "5/7/8/9/10/9/10/9/8/7/4 w place 0 0 normal",
      "3/7/8/9/10/9/10/9/8/7/4 w place 0 0 normal",
      "4/7/8/9/10/9/10/9/8/7/4 x place 0 0 normal",
      "4/7/8/9/10/9/10/9/8/7/4 w jump 0 0 normal",
      "4/7/8/9/10/9/10/9/8/7/4 w place 0 4 normal",
      "4/7/8/9/10/9/10/9/8/7/4 w place 0 0 fast",
      "4Q/7/8/9/10/9/10/9/8/7/4 w place 0 0 normal",
    ]) {
      assert.throws(() => parsePosition(bad), PositionError, bad);
    }
  });
});
