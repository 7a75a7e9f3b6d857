import "./core";
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { groupTurns } from "../src/board/turns";
import {
  canonicalDecision,
  parseDecision,
  parseRecord,
  RecordError,
  readRecord,
  recordText,
} from "../src/engine/rules";

describe("decisions", () => {
  it("parses each kind and prints it canonically", () => {
    assert.deepEqual(parseDecision("e4"), { kind: "place", at: "e4" });
    assert.deepEqual(parseDecision("E4-E10"), { kind: "move", from: "e4", to: "e10" });
    assert.deepEqual(parseDecision("xe5-e9"), { kind: "remove-row", from: "e5", to: "e9" });
    assert.deepEqual(parseDecision("xk10"), { kind: "remove-ring", at: "k10" });
    assert.deepEqual(parseDecision(" PASS "), { kind: "pass" });
    // Row ends are ordered: lower letter first, then lower number.
    assert.equal(canonicalDecision("xe9-e5"), "xe5-e9");
    assert.equal(canonicalDecision("xg6-c2"), "xc2-g6");
  });
  it("rejects what is not notation or not on the board", () => {
    for (const bad of ["", "a1", "e4-", "x", "xe4-", "e4e5", "l3", "pas", "e4-e10-e11"]) {
      assert.equal(parseDecision(bad), null, bad);
    }
  });
});

describe("records", () => {
  const rec = "1.c7 2.i9 3.b5 4.e6 5.c6 6.i11 7.h5 8.h9 9.g5 10.e10 11.c6-b6 12.i9-g7 13.b5-a5";
  it("splits turns into plies with sides", () => {
    const plies = parseRecord(rec);
    assert.equal(plies.length, 13);
    assert.deepEqual(plies[10], { side: "w", decision: "c6-b6" });
    assert.deepEqual(plies[11], { side: "b", decision: "i9-g7" });
  });
  it("round-trips through the core's record text", () => {
    const r = readRecord(rec);
    assert.equal(
      recordText(
        r.start,
        r.plies.map((p) => p.decision),
      ),
      rec,
    );
  });
  it("skips headers, comments and the result", () => {
    const r = readRecord('[Game "x"]\n[Result "1-0"]\n1.e4 2.F6 {comment} 3.a2 1-0');
    assert.deepEqual(
      r.plies.map((p) => p.decision),
      ["e4", "f6", "a2"],
    );
    assert.deepEqual(r.tags[0], ["Game", "x"]);
  });
  it("groups consecutive decisions of one side into numbered turns", () => {
    const turns = groupTurns([
      { side: "w", decision: "e4-e9" },
      { side: "b", decision: "xe5-e9" },
      { side: "b", decision: "xk10" },
      { side: "b", decision: "c3-c5" },
      { side: "w", decision: "pass" },
    ]);
    assert.deepEqual(
      turns.map((t) => [t.number, t.side, t.first, t.plies.length]),
      [
        [1, "w", 0, 1],
        [2, "b", 1, 3],
        [3, "w", 4, 1],
      ],
    );
  });
  it("reports bad records plainly", () => {
    assert.throws(() => parseRecord("1.e4 2.e4"), /turn 2: illegal decision 'e4': e4 is occupied/);
    assert.throws(() => parseRecord("1.e4 3.f6"), RecordError);
    assert.throws(() => parseRecord("1.e4 2.zz"), RecordError);
    assert.throws(() => parseRecord("hello 1.e4"), RecordError);
    assert.throws(() => parseRecord("1.e4 2.f6 nonsense"), RecordError);
  });
});
