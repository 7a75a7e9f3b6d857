// The browser's rules are the core's (WebAssembly): positions, decisions and their refusals
// as the pages see them through src/engine/rules.ts.
import "./core";
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  ApplyError,
  applyDecision,
  legalDecisions,
  markersInPool,
  PositionError,
  parsePosition,
  parseRecord,
  pliesOf,
  replay,
  replayGame,
  START_TEXT,
  startPosition,
} from "../src/engine/rules";

const PLACEMENT = ["c7", "i9", "b5", "e6", "c6", "i11", "h5", "h9", "g5", "e10"];

describe("positions", () => {
  it("parses the start position, with its legal placements", () => {
    const p = parsePosition(START_TEXT);
    assert.equal(p.board.size, 0);
    assert.equal(p.side, "w");
    assert.equal(p.step, "place");
    assert.deepEqual(p.removed, { w: 0, b: 0 });
    assert.equal(p.variant, "normal");
    assert.equal(p.text, START_TEXT);
    assert.equal(legalDecisions(p).length, 85);
    const replayed = replay(startPosition(), ["e4"])[1];
    assert.ok(replayed && replayed.legal === undefined, "replays leave the legal lists out");
    assert.equal(legalDecisions(replayed).length, 84);
    assert.equal(legalDecisions(replayed), legalDecisions(replayed), "asked once, then kept");
    assert.equal(startPosition("blitz").variant, "blitz");
  });
  it("reads pieces from each column's lowest point upward", () => {
    const text = "4/4W2/5WW1/9/5B3B/9/3W6/2W3B2/5B1B/7/4 w move 0 0 normal";
    const p = parsePosition(text);
    assert.equal(p.board.get("b5"), "W");
    assert.equal(p.board.get("e6"), "B");
    assert.equal(p.board.size, 10);
    assert.equal(p.text, text);
    assert.equal(markersInPool(p), 51);
  });
  it("refuses malformed and impossible text with the reason", () => {
    for (const bad of [
      "",
      "4/7/8/9/10/9/10/9/8/7/4 w place 0 0",
      "5/7/8/9/10/9/10/9/8/7/4 w place 0 0 normal",
      "4/7/8/9/10/9/10/9/8/7/4 x place 0 0 normal",
      "4/7/8/9/10/9/10/9/8/7/4 w jump 0 0 normal",
      "4/7/8/9/10/9/10/9/8/7/4 w place 0 4 normal",
      "4/7/8/9/10/9/10/9/8/7/4 w place 0 0 fast",
      "4Q/7/8/9/10/9/10/9/8/7/4 w place 0 0 normal",
      "4/7/8/9/W9/9/10/9/8/7/4 w move 0 0 normal",
    ]) {
      assert.throws(() => parsePosition(bad), PositionError, bad);
    }
  });
});

describe("decisions", () => {
  it("alternates placement and switches to moves after ten rings", () => {
    const ps = replay(startPosition(), PLACEMENT);
    assert.equal(ps.length, 11);
    assert.equal(ps[1]?.board.get("c7"), "W");
    assert.equal(ps[2]?.board.get("i9"), "B");
    assert.equal(ps[10]?.step, "move");
    assert.equal(ps[10]?.side, "w");
    assert.deepEqual(
      pliesOf(startPosition(), PLACEMENT).map((p) => p.side),
      ["w", "b", "w", "b", "w", "b", "w", "b", "w", "b"],
    );
  });
  it("moves a ring, leaves a marker, flips the markers jumped", () => {
    const p = replay(startPosition(), PLACEMENT)[10];
    assert.ok(p);
    const a = applyDecision(p, " C6-C5 ");
    assert.equal(a.position.board.get("c6"), "w");
    assert.equal(a.position.board.get("c5"), "W");
    assert.deepEqual(a.flipped, []);
    const b = applyDecision(applyDecision(a.position, "e6-a2").position, "b5-d7");
    assert.equal(b.position.board.get("c6"), "b", "the white marker jumped is flipped");
    assert.deepEqual(b.flipped, ["c6"]);
  });
  it("refuses decisions the rules do not allow, saying why", () => {
    assert.throws(() => replay(startPosition(), ["e4", "e4"]), /decision 2: e4: e4 is occupied/);
    assert.throws(() => replay(startPosition(), ["e4-e5"]), ApplyError);
    const p = replay(startPosition(), PLACEMENT)[10];
    assert.ok(p);
    assert.throws(() => applyDecision(p, "e4-e5"), /there is no white ring on e4/);
    assert.throws(() => applyDecision(p, "c6-d9"), /not on one line/);
    assert.throws(() => applyDecision(p, "pass"), /cannot pass/);
  });
  it("refuses text too long for the core, which keeps working", () => {
    assert.throws(() => parseRecord("e4 ".repeat(2_000_000)), /too long/);
    assert.throws(() => replay(startPosition(), Array(60_000).fill("e4")), /too long/);
    assert.equal(replay(startPosition(), ["e4"]).length, 2);
  });
  it("replays as far as the rules allow and says where it stopped", () => {
    const r = replayGame(startPosition(), ["e4", "f6", "f6", "a2"]);
    assert.equal(r.positions.length, 3);
    assert.deepEqual(r.sides, ["w", "b"]);
    assert.match(r.error ?? "", /decision 3: f6: f6 is occupied/);
    assert.deepEqual(
      pliesOf(startPosition(), ["e4", "f6", "f6", "a2"]).map((p) => p.side),
      ["w", "b", "w", "b"],
    );
  });
});
