// The engine's worker logic (src/engine/worker.ts handle), run in Node on the core.
import "./core";
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { legalDecisions, replay, startPosition } from "../src/engine/rules";
import { handle } from "../src/engine/worker";

const PLACEMENT = ["c7", "i9", "b5", "e6", "c6", "i11", "h5", "h9", "g5", "e10"];

describe("engine in the worker", () => {
  const pos = replay(startPosition(), PLACEMENT)[10];
  assert.ok(pos);
  it("finds a legal decision within a node budget, with its line", () => {
    const r = handle({ id: 7, search: { position: pos.text, level: 8, nodes: 20000 } });
    assert.ok("result" in r, JSON.stringify(r));
    assert.equal(r.id, 7);
    assert.ok(legalDecisions(pos).includes(r.result.best), r.result.best);
    assert.equal(r.result.pv[0], r.result.best);
    assert.ok(r.result.depth >= 1);
    assert.ok(r.result.lines.length >= 1);
    assert.ok(r.result.nodes > 0 && r.result.nodes < 40000, String(r.result.nodes));
  });
  it("reports the best 3 decisions with scores and win probabilities (MultiPV)", () => {
    const r = handle({ id: 8, search: { position: pos.text, level: 8, depth: 3, multipv: 3 } });
    assert.ok("result" in r, JSON.stringify(r));
    const lines = r.result.multipv;
    assert.equal(lines.length, 3);
    assert.equal(new Set(lines.map((l) => l.best)).size, 3, "three different decisions");
    assert.equal(lines[0]?.best, r.result.best);
    assert.equal(lines[0]?.score, r.result.score);
    assert.equal(lines[0]?.winprob, r.result.winprob);
    for (const l of lines) {
      assert.ok(legalDecisions(pos).includes(l.best), l.best);
      assert.equal(l.pv[0], l.best);
      assert.ok(l.winprob >= 0 && l.winprob <= 1000);
    }
    // Win probability follows the score: the better line never has the lower probability.
    for (let i = 1; i < lines.length; i++) {
      const a = lines[i - 1] as (typeof lines)[0];
      const b = lines[i] as (typeof lines)[0];
      if (a.score >= b.score) assert.ok(a.winprob >= b.winprob);
    }
    const one = handle({ id: 9, search: { position: pos.text, level: 8, depth: 2 } });
    assert.ok("result" in one && one.result.multipv.length === 1, "one line by default");
    const bad = handle({ id: 10, search: { position: pos.text, level: 8, depth: 1, multipv: 999 } });
    assert.ok("error" in bad && /multipv/.test(bad.error), JSON.stringify(bad));
  });
  it("plays every level, the random one included", () => {
    for (const level of [0, 2, 5]) {
      const r = handle({ id: level, search: { position: pos.text, level, depth: 2 } });
      assert.ok("result" in r, JSON.stringify(r));
      assert.ok(legalDecisions(pos).includes(r.result.best));
    }
  });
  it("refuses a finished game or a bad position, and a new game is fine", () => {
    const bad = handle({ id: 1, search: { position: "nonsense", level: 8, depth: 1 } });
    assert.ok("error" in bad);
    const over = handle({
      id: 2,
      search: { position: "W3/7/8/9/10/9/10/9/8/7/3B w over 3 0 normal", level: 8, depth: 1 },
    });
    assert.ok("error" in over);
    assert.deepEqual(handle({ id: 3, newGame: true }), { id: 3, done: true });
  });
});
