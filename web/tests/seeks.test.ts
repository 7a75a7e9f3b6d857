// The seek form's rating range (FindOpponent.tsx): both bounds empty is no range, one bound
// leaves the other open (0 or 4000), bounds are clamped to the server's 0..4000, and what is
// not a whole number is no range.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { readRange } from "../src/lobby/FindOpponent";

describe("readRange", () => {
  it("is undefined without bounds", () => {
    assert.equal(readRange("", ""), undefined);
    assert.equal(readRange("  ", ""), undefined);
  });
  it("leaves a missing bound open", () => {
    assert.deepEqual(readRange("1400", ""), { min: 1400, max: 4000 });
    assert.deepEqual(readRange("", "1700"), { min: 0, max: 1700 });
    assert.deepEqual(readRange("1400", "1700"), { min: 1400, max: 1700 });
  });
  it("clamps to 0..4000 and refuses what is not a whole number", () => {
    assert.deepEqual(readRange("-5", "9000"), { min: 0, max: 4000 });
    assert.equal(readRange("14.5", ""), undefined);
    assert.equal(readRange("abc", "1700"), undefined);
  });
});
