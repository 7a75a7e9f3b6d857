// Hints and threats: who may have them (only a player against the computer in a casual game
// that goes on), and the threats the core finds, checked against the core's own moves.
import "./core";
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { applyDecision, legalDecisions, parsePosition, startPosition, threatsOf } from "../src/engine/rules";
import { assistAllowed, threatNotes } from "../src/game/assist";
import type { Game, Seat, State } from "../src/net/types";

const human: Seat = { name: "Alice", kind: "human", level: null, ready: true };
const ai: Seat = { name: "Computer (level 3)", kind: "ai", level: 3, ready: true };

function game(over: Partial<State> = {}, extra: Record<string, unknown> = {}): Game {
  const state: State = {
    status: "active",
    ply: 0,
    position: "4/7/8/9/10/9/10/9/8/7/4 w place 0 0 normal",
    to_move: "white",
    step: "place",
    legal: [],
    removed: { white: 0, black: 0 },
    clocks: null,
    seats: { white: human, black: ai },
    undo_request: null,
    rematch: { offered: [], new_game: null },
    result: null,
    ...over,
  };
  return {
    id: "g",
    variant: "normal",
    clock: null,
    created_at: 0,
    start: "",
    decisions: [],
    chat: [],
    state,
    ...extra,
  };
}

describe("who gets hints and threats", () => {
  it("a player against the computer, while the game goes on", () => {
    assert.equal(assistAllowed(game(), "white"), true);
    assert.equal(assistAllowed(game({ seats: { white: ai, black: human } }), "black"), true);
    assert.equal(assistAllowed(game({ rated: false } as Partial<State>), "white"), true);
  });
  it("never a game between people, a spectator, the computer's seat, or a finished game", () => {
    assert.equal(assistAllowed(game({ seats: { white: human, black: human } }), "white"), false);
    assert.equal(assistAllowed(game(), "spectator"), false);
    assert.equal(assistAllowed(game(), "black"), false, "black is the computer's seat");
    assert.equal(assistAllowed(game({ seats: { white: human, black: { ...ai, kind: "open" } } }), "white"), false);
    assert.equal(assistAllowed(game({ status: "over" }), "white"), false);
    assert.equal(assistAllowed(game({ status: "waiting" }), "white"), false);
    assert.equal(assistAllowed(null, "white"), false);
  });
  it("never a rated game, even against the computer (the flag on the game or its state)", () => {
    assert.equal(assistAllowed(game({}, { rated: true }), "white"), false);
    assert.equal(assistAllowed(game({ rated: true } as Partial<State>), "white"), false);
    assert.equal(assistAllowed(game({}, { rated: "yes" }), "white"), false, "anything but false forbids");
  });
});

// Black has e2-e5 and a ring on e6: any move of that ring leaves a fifth marker on e6, except
// the jump down over the markers, which flips them.
const THREAT = "WWWW/W6/8/9/1bbbbB4/9/10/9/8/7/BBBB w move 0 0 normal";

describe("threats", () => {
  it("finds the row the opponent makes with every ring move that makes it, and only those", () => {
    const pos = parsePosition(THREAT);
    const r = threatsOf(pos);
    assert.equal(r.side, "b");
    assert.deepEqual(
      r.threats.map((t) => [t.row, t.from, t.to]),
      [["xe2-e6", "e2", "e6"]],
    );
    // Checked move by move with the core's own rules, Black to move on the same board.
    const black = parsePosition(THREAT.replace(" w move", " b move"));
    const by = new Set(r.threats[0]?.by);
    let makers = 0;
    for (const d of legalDecisions(black)) {
      const after = applyDecision(black, d).position;
      const makes = after.step === "remove-row" && legalDecisions(after).includes("xe2-e6");
      assert.equal(by.has(d), makes, d);
      makers += makes ? 1 : 0;
    }
    assert.ok(makers > 0 && !by.has("e6-e1"), "the jump that flips the row does not make it");
    assert.deepEqual(threatNotes(r.threats).slice(0, 2), [
      { kind: "row", from: "e2", to: "e6", tone: "threat" },
      { kind: "spot", at: "e6", tone: "threat" },
    ]);
  });
  it("none for the side that just cannot make one, none outside the move step, refusals", () => {
    assert.deepEqual(threatsOf(parsePosition(THREAT.replace(" w move", " b move"))).threats, []);
    assert.deepEqual(threatsOf(startPosition()).threats, []);
    assert.throws(() => threatsOf({ ...startPosition(), text: "nonsense" }), /position/i);
    assert.throws(
      () => threatsOf({ ...startPosition(), text: "WW2/7/8/9/10/9/10/9/8/B6/BBBB w over 3 0 normal" }),
      /over/,
    );
  });
});
