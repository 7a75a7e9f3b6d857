// The analysis board's tree of variations (its links and figures: analysis.test.ts).
import "./core";
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { ApplyError, startPosition } from "../src/engine/rules";
import { mainLine, pathTo, Variations } from "../src/engine/variations";

describe("variations", () => {
  it("builds a main line, adds variations, finds known decisions", () => {
    const t = new Variations(startPosition());
    const a = t.playLine(t.root, ["e4", "f6", "a2"]);
    assert.deepEqual(pathTo(a), ["e4", "f6", "a2"]);
    assert.equal(a.ply, 3);
    assert.equal(a.side, "w");
    const e4 = t.root.children[0];
    assert.ok(e4);
    const b = t.play(e4, "G7");
    assert.equal(b.decision, "g7", "decisions are stored canonically");
    assert.equal(e4.children.length, 2);
    assert.equal(t.play(e4, "f6"), e4.children[0], "a known decision is not added twice");
    assert.deepEqual(
      mainLine(t.root).map((n) => n.decision),
      [null, "e4", "f6", "a2"],
    );
    t.promote(b);
    assert.deepEqual(
      mainLine(t.root).map((n) => n.decision),
      [null, "e4", "g7"],
    );
    t.remove(b);
    assert.equal(e4.children.length, 1);
  });
  it("refuses illegal decisions and leaves the tree as it was", () => {
    const t = new Variations(startPosition());
    const a = t.play(t.root, "e4");
    assert.throws(() => t.play(a, "e4"), ApplyError);
    assert.equal(a.children.length, 0);
    assert.ok(a.position.legal?.length === 84);
  });
});
