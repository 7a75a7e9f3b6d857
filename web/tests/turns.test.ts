// Correspondence games in the page: the /games route, days-per-move clocks in words, and the
// "next game" pick among the account's ongoing games (GET /api/account/games).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { setLang } from "../src/i18n";
import { accountGames } from "../src/net/account";
import { describeClock } from "../src/net/api";
import { parseRoute } from "../src/ui/router";

describe("correspondence", () => {
  it("routes /games to the list of ongoing games", () => {
    assert.deepEqual(parseRoute("/games", ""), { page: "games" });
    assert.deepEqual(parseRoute("/games/", ""), { page: "games" });
  });
  it("words days per move apart from real-time clocks", () => {
    setLang("en");
    assert.equal(describeClock({ days: 1 }), "1 day per move");
    assert.equal(describeClock({ days: 14 }), "14 days per move");
    assert.equal(describeClock({ base_ms: 300000, increment_ms: 0 }), "5 min");
  });
  it("picks the next game where it is the account's turn, not the one just played", async () => {
    const games = [
      { id: "aaaaaaaaaaaa", your_turn: true, color: "white", seat_token: "" },
      { id: "bbbbbbbbbbbb", your_turn: true, color: "black", seat_token: "" },
      { id: "cccccccccccc", your_turn: false, color: "white", seat_token: "" },
    ];
    const saved = globalThis.fetch;
    globalThis.fetch = (async () =>
      new Response(JSON.stringify({ games, your_turn: 2 }), {
        status: 200,
        headers: { "Content-Type": "application/json" },
      })) as typeof fetch;
    try {
      await accountGames.refresh();
    } finally {
      globalThis.fetch = saved;
    }
    assert.equal(accountGames.next("aaaaaaaaaaaa")?.id, "bbbbbbbbbbbb");
    assert.equal(accountGames.next("bbbbbbbbbbbb")?.id, "aaaaaaaaaaaa");
    assert.equal(accountGames.next("zzzzzzzzzzzz")?.id, "aaaaaaaaaaaa");
  });
});
