// The analysis board's pure parts: its link, the engine's figures as shown (scores, win
// probability, the evaluation bar, the lines) and the notes drawn for decisions.
import "./core";
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  analysisLink,
  describeScore,
  parseAnalysisHash,
  percent,
  sameAnalysis,
  shownLines,
  whitePermille,
  whiteScore,
  whiteShare,
} from "../src/analysis/analysis";
import { bestLines, engineView } from "../src/analysis/engineView";
import { decisionNote, decisionNotes } from "../src/engine/decisions";
import type { PvLine, SearchResult } from "../src/engine/protocol";

describe("analysis links", () => {
  it("round-trips the start and the decisions through the link", () => {
    const start = "4/7/8/9/10/9/10/9/8/7/4 w place 0 0 blitz";
    const link = analysisLink(start, ["e4", "f6"]);
    assert.ok(link.startsWith("/analysis#"));
    assert.deepEqual(parseAnalysisHash(link.slice(link.indexOf("#"))), { start, moves: ["e4", "f6"] });
    assert.deepEqual(parseAnalysisHash(""), { start: "", moves: [] });
    // As a browser gives it back: percent-encoded spaces instead of "+".
    const typed = `#start=${encodeURIComponent(start)}&moves=e4%20f6`;
    assert.ok(sameAnalysis(link.slice(link.indexOf("#")), typed));
    assert.ok(!sameAnalysis(link.slice(link.indexOf("#")), analysisLink(start, ["e4"]).slice(9)));
  });
  it("round-trips a position in the middle of a game (every character of a position text)", () => {
    const start = "3Bb/1wW4/2bBw4/9/10/4wW4/10/9/8/7/4 b move 1 2 normal";
    const link = analysisLink(start, ["b2-b6", "xc3-c7", "xe10"]);
    const back = parseAnalysisHash(new URL(link, "http://h").hash);
    assert.equal(back.start, start);
    assert.deepEqual(back.moves, ["b2-b6", "xc3-c7", "xe10"]);
  });
});

describe("engine figures", () => {
  it("turns the side to move's score into White's, and describes it", () => {
    assert.equal(whiteScore({ score: 120 }, "w"), 120);
    assert.equal(whiteScore({ score: 120 }, "b"), -120);
    assert.equal(describeScore(35), "+0.35");
    assert.equal(describeScore(-120), "-1.20");
    assert.equal(describeScore(31000 - 3), "White wins in 3 decisions");
    assert.equal(describeScore(-(31000 - 1)), "Black wins in 1 decision");
  });
  it("shows White's win probability on the bar and in words", () => {
    assert.equal(whitePermille({ winprob: 700 }, "w"), 700);
    assert.equal(whitePermille({ winprob: 700 }, "b"), 300);
    assert.equal(whiteShare(500), 0.5);
    assert.equal(whiteShare(1000), 1);
    assert.equal(whiteShare(0), 0);
    assert.equal(whiteShare(1200), 1, "clamped");
    assert.equal(whiteShare(Number.NaN), 0.5);
    assert.equal(percent(634), "63%");
    assert.equal(percent(1000), "100%");
    assert.equal(percent(2), "<1%");
    assert.equal(percent(998), ">99%");
    assert.equal(percent(0), "0%");
  });
  it("lists the lines from White's point of view", () => {
    const lines: PvLine[] = [
      { best: "a2-a4", score: 150, winprob: 900, pv: ["a2-a4", "b3-b5"] },
      { best: "c3-c5", score: -40, winprob: 350, pv: [] },
    ];
    const b = shownLines(lines, "b");
    assert.deepEqual(b, [
      { score: "-1.50", white: 100, decisions: ["a2-a4", "b3-b5"] },
      { score: "+0.40", white: 650, decisions: ["c3-c5"] },
    ]);
    assert.equal(shownLines(lines, "w")[0]?.score, "+1.50");
  });
});

/** A search result with these lines (side to move's scores), in the order given. */
function result(depth: number, nodes: number, multipv: PvLine[], best = multipv[0] as PvLine): SearchResult {
  return {
    depth,
    nodes,
    time_ms: 1,
    score: best.score,
    winprob: best.winprob,
    best: best.best,
    pv: best.pv,
    lines: [],
    multipv,
  };
}
const line = (best: string, score: number, winprob = 500 + score): PvLine => ({
  best,
  score,
  winprob,
  pv: [best, "x"],
});

describe("what the analysis board shows of its engine", () => {
  it("shows exactly the lines asked for, best first, and takes score, bar and best decision from line 1", () => {
    // As a search stopped in a deeper iteration used to answer: 4 lines, the "best" one lowest.
    const r = result(5, 1000, [line("e4", 6), line("f5", 8), line("g3", 8), line("h2", 7)]);
    const v = engineView(null, r, "w", 3);
    assert.deepEqual(
      v.lines.map((l) => [l.decisions[0], l.score]),
      [
        ["f5", "+0.08"],
        ["g3", "+0.08"],
        ["h2", "+0.07"],
      ],
    );
    assert.equal(v.best, "f5");
    assert.equal(v.score, 8);
    assert.equal(v.white, 508);
    assert.equal(v.depth, 5);
    // Black to move: scores are Black's; White's view is shown, line 1 is still Black's best.
    const b = engineView(null, result(3, 10, [line("a1", -20), line("b2", 30)]), "b", 3);
    assert.equal(b.best, "b2");
    assert.equal(b.score, -30);
    assert.equal(b.white, 470);
    assert.deepEqual(bestLines(result(1, 1, [line("a", 1)]), 0).length, 1, "at least one line");
  });
  it("never goes backwards within a depth: a slice no deeper only adds its nodes", () => {
    const first = engineView(null, result(7, 5000, [line("e4", 10), line("f5", 5), line("g3", 1)]), "w", 3);
    const same = engineView(first, result(7, 800, [line("g3", 40), line("e4", 2), line("f5", 1)]), "w", 3);
    assert.equal(same.depth, 7);
    assert.equal(same.nodes, 5800);
    assert.deepEqual(same.lines, first.lines);
    assert.equal(same.best, "e4");
    const shallower = engineView(same, result(6, 100, [line("h2", 90)]), "w", 3);
    assert.equal(shallower.depth, 7);
    assert.equal(shallower.nodes, 5900);
    const deeper = engineView(shallower, result(8, 3000, [line("g3", 40), line("e4", 2), line("f5", 1)]), "w", 3);
    assert.equal(deeper.depth, 8);
    assert.equal(deeper.nodes, 8900);
    assert.equal(deeper.best, "g3");
  });
  it("shows a one-line result (a single legal decision) as it is", () => {
    const r: SearchResult = { ...result(0, 0, [line("xe5", 0)]), multipv: [] };
    const v = engineView(null, r, "w", 3);
    assert.deepEqual(v.lines, [{ score: "+0.00", white: 500, decisions: ["xe5", "x"] }]);
    assert.equal(v.best, "xe5");
  });
});

describe("notes for decisions", () => {
  it("draws a ring move as an arrow, placements and removals as marks, rows as bars", () => {
    assert.deepEqual(decisionNote("e4-e7", "best"), { kind: "arrow", from: "e4", to: "e7", tone: "best" });
    assert.deepEqual(decisionNote("f6", "alt"), { kind: "spot", at: "f6", tone: "alt" });
    assert.deepEqual(decisionNote("xe5", "best"), { kind: "remove", at: "e5", tone: "best" });
    assert.deepEqual(decisionNote("xc3-c7", "threat"), { kind: "row", from: "c3", to: "c7", tone: "threat" });
    assert.equal(decisionNote("pass", "best"), null);
    assert.equal(decisionNote("nonsense", "best"), null);
  });
  it("gives the first decision its own tone", () => {
    const n = decisionNotes(["e4-e7", "nonsense", "f6"], "best", "alt");
    assert.deepEqual(
      n.map((x) => x.tone),
      ["best", "alt"],
    );
  });
});
