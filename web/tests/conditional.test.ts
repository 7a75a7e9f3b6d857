// Conditional lines in the web: what is typed in the game page's box, and what a tree of the
// analysis board stands for, become the lines of PUT /api/games/<id>/conditional.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analysisLink, leafLines, parseAnalysisHash } from "../src/analysis/analysis";
import { nodeAt, rebase } from "../src/analysis/StoreLines";
import type { VNode } from "../src/engine/variations";
import { parseLines } from "../src/game/ConditionalLines";

/** A tree node without a position (the functions under test read decisions and children only). */
function node(decision: string | null, children: VNode[] = []): VNode {
  const n = { id: 0, decision, side: null, position: null, parent: null, children, ply: 0 } as unknown as VNode;
  for (const c of children) c.parent = n;
  return n;
}

describe("conditional lines typed in the box", () => {
  it("one line a row, decisions separated by spaces, commas or semicolons; empty rows skipped", () => {
    assert.deepEqual(parseLines("c3-c5 xd2-h6 xb4\n\n  e4, e5 ;f6  \n"), [
      ["c3-c5", "xd2-h6", "xb4"],
      ["e4", "e5", "f6"],
    ]);
    assert.deepEqual(parseLines("   \n"), []);
  });
});

describe("conditional lines from the analysis board's tree", () => {
  const tree = node(null, [node("a1", [node("b1", [node("c1"), node("c2", [node("d2")])]), node("b2")])]);
  it("every path from the game's position to a leaf is a line", () => {
    const base = nodeAt(tree, ["a1"]);
    assert.ok(base);
    assert.deepEqual(leafLines(base), [["b1", "c1"], ["b1", "c2", "d2"], ["b2"]]);
    assert.deepEqual(leafLines(node(null)), []);
    assert.equal(nodeAt(tree, ["a1", "zz"]), null);
  });
  it("a game that moved on along the tree has its lines start where it is now", () => {
    const base = nodeAt(tree, ["a1"]);
    assert.ok(base);
    assert.equal(rebase(base, ["e5", "a1"], ["e5", "a1"]), base);
    const moved = rebase(base, ["e5", "a1"], ["e5", "a1", "b1"]);
    assert.ok(moved);
    assert.deepEqual(leafLines(moved), [["c1"], ["c2", "d2"]]);
    assert.deepEqual(leafLines(rebase(base, ["a1"], ["a1", "b1", "c1"]) ?? node(null)), []);
  });
  it("a game that went another way, or back, is not in the tree", () => {
    const base = nodeAt(tree, ["a1"]);
    assert.ok(base);
    assert.equal(rebase(base, ["e5", "a1"], ["e5", "a1", "b3"]), null);
    assert.equal(rebase(base, ["e5", "a1"], ["e5"]), null);
    assert.equal(rebase(base, ["e5", "a1"], ["e6", "a1"]), null);
  });
  it("the board's link carries the game, and only when there is one", () => {
    const link = analysisLink("start text", ["e4"], "k3j9x2m4p8qa");
    assert.deepEqual(parseAnalysisHash(link.slice(link.indexOf("#"))), {
      start: "start text",
      moves: ["e4"],
      game: "k3j9x2m4p8qa",
    });
    const plain = analysisLink("start text", ["e4"]);
    assert.deepEqual(parseAnalysisHash(plain.slice(plain.indexOf("#"))), { start: "start text", moves: ["e4"] });
  });
});
