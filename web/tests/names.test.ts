// How each name is shown (ui/names.ts): an account's linked, a guest's marked, the computer's,
// an open seat's, the default "Guest" and a nameless spectator's only words.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { nameKind, writerKind } from "../src/ui/names";

describe("nameKind", () => {
  it("tells an account's name from a guest's, whatever the name", () => {
    assert.equal(nameKind("Alice", true), "account");
    assert.equal(nameKind("Alice", false), "guest");
    assert.equal(nameKind("Alice2", undefined), "guest");
  });
  it("marks neither the computer, an open seat nor the default guest name", () => {
    assert.equal(nameKind("Computer (level 3)", false), "plain");
    assert.equal(nameKind("Guest", false), "plain");
    assert.equal(nameKind(null, false), "plain");
    assert.equal(nameKind("", false), "plain");
  });
});

describe("writerKind", () => {
  const line = { from: "Alice", seat: "white" };
  it("marks a guest writer, a seat's or a named spectator's, and links an account's", () => {
    assert.equal(writerKind(line), "guest");
    assert.equal(writerKind({ ...line, seat: "spectator" }), "guest");
    assert.equal(writerKind({ ...line, account: "a1" }), "account");
  });
  it("leaves a nameless spectator unmarked, but marks a seated guest of that name", () => {
    assert.equal(writerKind({ from: "Spectator", seat: "spectator" }), "plain");
    assert.equal(writerKind({ from: "Spectator", seat: "white" }), "guest");
  });
});
