// Player pages: the routes /@/<name>, /leaderboard and /account; the rating graph's geometry
// (points in the box, a flat history still drawn, provisional marks); the seat tokens a guest
// sends when it registers.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { heldSeats } from "../src/net/account";
import { graphPoints } from "../src/players/players";
import { parseRoute } from "../src/ui/router";
import { shownRating } from "../src/ui/status";

describe("player routes", () => {
  it("reads /@/<name>, /leaderboard and /account", () => {
    assert.deepEqual(parseRoute("/@/Alice", ""), { page: "player", name: "Alice" });
    assert.deepEqual(parseRoute("/@/J%C3%B6rg/", ""), { page: "player", name: "Jörg" });
    assert.deepEqual(parseRoute("/leaderboard", ""), { page: "leaderboard" });
    assert.deepEqual(parseRoute("/account/", ""), { page: "account" });
    assert.equal(parseRoute("/@/", "").page, "missing");
  });
});

describe("rating graph", () => {
  it("puts the first and last games at the box's edges, higher ratings higher", () => {
    const g = graphPoints([{ rating: 1500 }, { rating: 1700 }, { rating: 1600 }], 200, 100, 10);
    assert.equal(g.min, 1500);
    assert.equal(g.max, 1700);
    assert.equal(g.path, "M10.0,90.0 L100.0,10.0 L190.0,50.0");
    assert.deepEqual(g.dots, [
      { x: 10, y: 90 },
      { x: 100, y: 10 },
      { x: 190, y: 50 },
    ]);
  });
  it("widens a flat history to 100 points and draws a single game in the middle", () => {
    const g = graphPoints([{ rating: 1500 }], 200, 100, 10);
    assert.equal(g.max - g.min, 100);
    assert.equal(g.path, "M100.0,50.0");
    assert.deepEqual(g.dots, [{ x: 100, y: 50 }]);
    assert.equal(graphPoints([], 200, 100).path, "");
  });
  it("marks provisional ratings", () => {
    assert.equal(shownRating(1500, true), "1500?");
    assert.equal(shownRating(1623, false), "1623");
  });
});

describe("seats a guest sends when it registers", () => {
  it("lists the seat tokens kept in localStorage and nothing else", () => {
    const data = new Map<string, string>([
      ["yinsh.seat.abcdefghijkl", JSON.stringify({ seat: "white", token: "t1" })],
      ["yinsh.seat.bad", JSON.stringify({ seat: "white", token: "t2" })],
      ["yinsh.name", "Gus"],
      ["yinsh.seat.mnopqrstuvwx", "not json"],
      ["yinsh.seat.zzzzzzzzzzzz", JSON.stringify({ seat: "black", token: "t3" })],
    ]);
    const keys = [...data.keys()];
    (globalThis as { localStorage?: unknown }).localStorage = {
      length: keys.length,
      key: (i: number) => keys[i] ?? null,
      getItem: (k: string) => data.get(k) ?? null,
    };
    try {
      assert.deepEqual(heldSeats(), [
        { game: "abcdefghijkl", token: "t1" },
        { game: "zzzzzzzzzzzz", token: "t3" },
      ]);
    } finally {
      delete (globalThis as { localStorage?: unknown }).localStorage;
    }
  });
});
