// The game page's words: status line (invited visitor, computer thinking), results naming
// the winner, chat lines for endings without a decision, when Abort is offered; the last
// turn to highlight; settings read back from storage.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { lastTurn } from "../src/game/history";
import { lang, setLang } from "../src/i18n";
import { IDLE_MS, splitIdle } from "../src/lobby/Lobby";
import type { Seat, State, Summary } from "../src/net/types";
import { parseSettings, scheme } from "../src/ui/settings";
import { canAbort, describeResult, endingLine, seatName, stepHelp } from "../src/ui/status";

const human = (name: string): Seat => ({ name, kind: "human", level: null, ready: true });
const open: Seat = { name: null, kind: "open", level: null, ready: false };
const ai: Seat = { name: "Computer (level 3)", kind: "ai", level: 3, ready: true };

function state(over: Partial<State>): State {
  return {
    status: "active",
    ply: 0,
    position: "4/7/8/9/10/9/10/9/8/7/4 w place 0 0 normal",
    to_move: "white",
    step: "place",
    legal: ["e5"],
    removed: { white: 0, black: 0 },
    clocks: null,
    seats: { white: human("Alice"), black: human("Bob") },
    undo_request: null,
    rematch: { offered: [], new_game: null },
    result: null,
    ...over,
  };
}
const names = { white: "Alice", black: "Bob" };

describe("seat names", () => {
  it("the server's default guest name in the viewer's language; a chosen name as it is", () => {
    const before = lang();
    try {
      setLang("pl");
      assert.equal(seatName(human("Guest")), "Gość");
      assert.equal(seatName(human("Gość")), "Gość", "a guest's own name is shown as typed");
      assert.equal(seatName(human("Alice")), "Alice");
      setLang("de");
      assert.equal(seatName(human("Guest")), "Gast");
    } finally {
      setLang(before);
    }
  });
});

describe("status line", () => {
  it("the invited visitor is invited, not told to share the link", () => {
    const st = state({ status: "waiting", seats: { white: human("Alice"), black: open } });
    assert.equal(stepHelp(st, "spectator", []), "Alice invites you to play Black. Give your name and take the seat.");
    assert.match(stepHelp(st, "white", []), /send them the link/);
  });
  it("the computer's turn says it is thinking, not '<colour> to play'", () => {
    const st = state({ to_move: "black", seats: { white: human("Pat"), black: ai } });
    assert.equal(stepHelp(st, "white", []), "Computer (level 3) is thinking…");
    assert.equal(stepHelp(state({ to_move: "black" }), "white", []), "Black to play.");
    assert.equal(stepHelp(state({}), "white", ["e5"]), "Your turn: place a ring on any free point.");
  });
});

describe("results", () => {
  it("name the winner", () => {
    const r = { score: "0-1" as const, winner: "black" as const, reason: "resign" as const };
    assert.equal(describeResult(r, "over", "normal", names), "Bob wins by resignation (0-1)");
    assert.equal(describeResult(r, "over"), "Black wins by resignation (0-1)");
    assert.equal(describeResult(null, "aborted"), "Game aborted");
  });
  it("resignation, time and abort leave a chat line; other endings have their decision", () => {
    const st = (reason: "resign" | "timeout" | "rings") =>
      state({ status: "over", result: { score: "1-0", winner: "white", reason } });
    assert.equal(endingLine(st("resign"), names), "Bob resigned.");
    assert.equal(endingLine(st("timeout"), names), "Bob lost on time.");
    assert.equal(endingLine(st("rings"), names), null);
    assert.equal(endingLine(state({ status: "aborted" }), names), "The game was aborted.");
  });
  it("Abort until the first ring move", () => {
    assert.ok(canAbort(state({ status: "waiting" }), []));
    assert.ok(canAbort(state({}), ["e5", "f6", "a2"]));
    assert.ok(!canAbort(state({}), ["e5", "f6", "e5-e7"]));
    assert.ok(!canAbort(state({ status: "over" }), []));
  });
});

describe("last turn", () => {
  const plies = [
    { side: "w" as const, decision: "e5-e8" },
    { side: "b" as const, decision: "f6-f9" },
    { side: "b" as const, decision: "xb2-b6" },
    { side: "b" as const, decision: "xf9" },
  ];
  it("is the run of decisions by the side that moved last", () => {
    assert.deepEqual(lastTurn(plies, 4), { first: 1, decisions: ["f6-f9", "xb2-b6", "xf9"] });
    assert.deepEqual(lastTurn(plies, 2), { first: 1, decisions: ["f6-f9"] });
    assert.deepEqual(lastTurn(plies, 1), { first: 0, decisions: ["e5-e8"] });
    assert.deepEqual(lastTurn(plies, 0), { first: 0, decisions: [] });
  });
});

describe("settings", () => {
  it("defaults, kept values, and bad values replaced by defaults", () => {
    assert.deepEqual(parseSettings(null), {
      sound: true,
      theme: "system",
      board: "wood",
      coords: true,
      confirmMove: false,
    });
    assert.equal(parseSettings('{"sound":false,"theme":"dark"}').sound, false);
    assert.equal(parseSettings('{"theme":"purple","board":7}').theme, "system");
    assert.equal(parseSettings("{broken").board, "wood");
  });
  it("the system's scheme is followed only when chosen", () => {
    assert.equal(scheme(parseSettings(null), true), "dark");
    assert.equal(scheme(parseSettings('{"theme":"light"}'), true), "light");
  });
});

describe("lobby", () => {
  const game = (id: string, clock: Summary["clock"], updated_at: number): Summary => ({
    id,
    variant: "normal",
    clock,
    white: "a",
    black: "b",
    white_account: false,
    black_account: false,
    status: "active",
    result: null,
    ply: 3,
    created_at: 0,
    updated_at,
  });
  it("an untimed game nobody has played in for 30 minutes is idle, not in progress", () => {
    const now = 10 * IDLE_MS;
    const games = [
      game("fresh", null, now - 60_000),
      game("left", null, now - IDLE_MS - 1),
      game("timed", { base_ms: 60_000, increment_ms: 0 }, now - 2 * IDLE_MS),
    ];
    const { live, idle } = splitIdle(games, now);
    assert.deepEqual(
      live.map((g) => g.id),
      ["fresh", "timed"],
    );
    assert.deepEqual(
      idle.map((g) => g.id),
      ["left"],
    );
  });
});
