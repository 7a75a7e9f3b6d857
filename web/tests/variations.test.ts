// The analysis board's tree of variations and its links and engine figures.
import "./core";
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { SearchResult } from "../src/engine/protocol";
import { ApplyError, startPosition } from "../src/engine/rules";
import { mainLine, pathTo, Variations } from "../src/engine/variations";
import { analysisLink, describeScore, parseAnalysisHash, whiteScore, whiteShare } from "../src/ui/analysis";

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

describe("analysis links and figures", () => {
  it("round-trips the start and the decisions through the link", () => {
    const link = analysisLink("4/7/8/9/10/9/10/9/8/7/4 w place 0 0 blitz", ["e4", "f6"]);
    assert.ok(link.startsWith("/analysis#"));
    assert.deepEqual(parseAnalysisHash(link.slice(link.indexOf("#"))), {
      start: "4/7/8/9/10/9/10/9/8/7/4 w place 0 0 blitz",
      moves: ["e4", "f6"],
    });
    assert.deepEqual(parseAnalysisHash(""), { start: "", moves: [] });
  });
  it("turns the side to move's score into White's, and describes it", () => {
    const r = { score: 120 } as SearchResult;
    assert.equal(whiteScore(r, "w"), 120);
    assert.equal(whiteScore(r, "b"), -120);
    assert.equal(describeScore(35), "+0.35");
    assert.equal(describeScore(-120), "-1.20");
    assert.equal(describeScore(31000 - 3), "White wins in 3 decisions");
    assert.equal(describeScore(-(31000 - 1)), "Black wins in 1 decision");
    assert.equal(whiteShare(0), 0.5);
    assert.ok(whiteShare(300) > 0.9 && whiteShare(-300) < 0.1);
    assert.equal(whiteShare(30990), 1);
    assert.equal(whiteShare(0, 0.7), 0.7);
  });
});
