// The conditional lines' box: what is typed becomes the lines of PUT /api/games/<id>/conditional.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { parseLines } from "../src/game/ConditionalLines";

describe("conditional lines typed in the box", () => {
  it("one line a row, decisions separated by spaces, commas or semicolons; empty rows skipped", () => {
    assert.deepEqual(parseLines("c3-c5 xd2-h6 xb4\n\n  e4, e5 ;f6  \n"), [
      ["c3-c5", "xd2-h6", "xb4"],
      ["e4", "e5", "f6"],
    ]);
    assert.deepEqual(parseLines("   \n"), []);
  });
});
