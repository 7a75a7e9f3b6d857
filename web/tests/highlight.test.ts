import "./core";
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { canDrag, click, drop, highlights, modeOf } from "../src/board/highlight";
import { classify } from "../src/engine/decisions";

const sorted = (s: Set<string>) => [...s].sort();

describe("placement", () => {
  const l = classify(["a2", "e4", "f6"]);
  it("offers exactly the legal points", () => {
    assert.equal(modeOf(l), "place");
    assert.deepEqual(sorted(highlights(l, { anchor: null }).clickable), ["a2", "e4", "f6"]);
  });
  it("turns a click into a decision only on a legal point", () => {
    assert.deepEqual(click(l, { anchor: null }, "e4"), { kind: "decision", decision: "e4" });
    assert.deepEqual(click(l, { anchor: null }, "e5"), { kind: "ignore" });
  });
});

describe("ring moves", () => {
  const l = classify(["e4-e5", "e4-e6", "e4-f5", "g7-g8", "pass-not-notation"]);
  it("lets the movable rings be picked up, and nothing else", () => {
    const h = highlights(l, { anchor: null });
    assert.equal(h.mode, "move");
    assert.deepEqual(sorted(h.clickable), ["e4", "g7"]);
    assert.equal(h.targets.size, 0);
    assert.ok(canDrag(l, "e4"));
    assert.ok(!canDrag(l, "e5"));
  });
  it("highlights the held ring's destinations", () => {
    const h = highlights(l, { anchor: "e4" });
    assert.equal(h.selected, "e4");
    assert.deepEqual(sorted(h.targets), ["e5", "e6", "f5"]);
    assert.deepEqual(sorted(h.clickable), ["e4", "e5", "e6", "f5", "g7"]);
  });
  it("click-click: ring, then destination", () => {
    assert.deepEqual(click(l, { anchor: null }, "e4"), { kind: "select", anchor: "e4" });
    assert.deepEqual(click(l, { anchor: "e4" }, "e6"), { kind: "decision", decision: "e4-e6" });
    // Another ring switches the selection; the same ring or an empty point drops it.
    assert.deepEqual(click(l, { anchor: "e4" }, "g7"), { kind: "select", anchor: "g7" });
    assert.deepEqual(click(l, { anchor: "e4" }, "e4"), { kind: "select", anchor: null });
    assert.deepEqual(click(l, { anchor: "e4" }, "g8"), { kind: "select", anchor: null });
    assert.deepEqual(click(l, { anchor: null }, "g8"), { kind: "ignore" });
  });
  it("drag and drop accepts only a legal destination", () => {
    assert.equal(drop(l, "e4", "f5"), "e4-f5");
    assert.equal(drop(l, "e4", "g8"), null);
    assert.equal(drop(l, "g7", "e5"), null);
  });
  it("offers pass as a button when it is legal", () => {
    const p = classify(["pass"]);
    assert.equal(highlights(p, { anchor: null }).canPass, true);
    assert.equal(highlights(l, { anchor: null }).canPass, false);
  });
});

describe("row removal", () => {
  it("with one row, any of its markers chooses it", () => {
    const l = classify(["xe5-e9"]);
    const h = highlights(l, { anchor: null });
    assert.equal(h.mode, "remove-row");
    assert.deepEqual(sorted(h.rowPoints), ["e5", "e6", "e7", "e8", "e9"]);
    assert.deepEqual(h.rows, [["e5", "e9"]]);
    assert.deepEqual(click(l, { anchor: null }, "e7"), { kind: "decision", decision: "xe5-e9" });
    assert.deepEqual(click(l, { anchor: null }, "e4"), { kind: "ignore" });
  });
  it("in a line of six, first and last marker choose the window", () => {
    const l = classify(["xe4-e8", "xe5-e9"]);
    // e5 is the first end of the second window and inside the first: it anchors.
    assert.deepEqual(click(l, { anchor: null }, "e5"), { kind: "select", anchor: "e5" });
    const h = highlights(l, { anchor: "e5" });
    assert.deepEqual(sorted(h.targets), ["e9"]);
    assert.deepEqual(h.rows, [["e5", "e9"]]);
    assert.deepEqual(click(l, { anchor: "e5" }, "e9"), { kind: "decision", decision: "xe5-e9" });
    // e4 belongs to one window only: choosing it is unambiguous.
    assert.deepEqual(click(l, { anchor: null }, "e4"), { kind: "decision", decision: "xe4-e8" });
    // e6 is inside both and the end of neither: nothing yet.
    assert.deepEqual(click(l, { anchor: null }, "e6"), { kind: "ignore" });
    // Clicking the anchor again clears it.
    assert.deepEqual(click(l, { anchor: "e5" }, "e5"), { kind: "select", anchor: null });
  });
  it("the ends can be clicked in either order", () => {
    const l = classify(["xe4-e8", "xe5-e9", "xe6-e10"]);
    assert.deepEqual(click(l, { anchor: null }, "e8"), { kind: "select", anchor: "e8" });
    assert.deepEqual(click(l, { anchor: "e8" }, "e4"), { kind: "decision", decision: "xe4-e8" });
    assert.deepEqual(sorted(highlights(l, { anchor: "e8" }).targets), ["e4"]);
    assert.deepEqual(sorted(highlights(l, { anchor: null }).rowPoints), ["e10", "e4", "e5", "e6", "e7", "e8", "e9"]);
  });
});

describe("ring removal and nothing to do", () => {
  it("offers the removable rings", () => {
    const l = classify(["xa2", "xk10"]);
    assert.equal(modeOf(l), "remove-ring");
    assert.deepEqual(sorted(highlights(l, { anchor: null }).clickable), ["a2", "k10"]);
    assert.deepEqual(click(l, { anchor: null }, "k10"), { kind: "decision", decision: "xk10" });
    assert.deepEqual(click(l, { anchor: null }, "e4"), { kind: "ignore" });
  });
  it("offers nothing without legal decisions", () => {
    const l = classify([]);
    const h = highlights(l, { anchor: null });
    assert.equal(h.mode, "none");
    assert.equal(h.clickable.size, 0);
    assert.deepEqual(click(l, { anchor: null }, "e4"), { kind: "ignore" });
  });
});
