// The puzzle trainer's account progress (puzzleProgress.ts): the server's rating and tried
// puzzles become the trainer's progress (so the next puzzle skips the tried ones), an
// attempt's answer updates it (also when the server did not count it again), and the calls
// go to the documented endpoints with the documented bodies.
import assert from "node:assert/strict";
import { afterEach, describe, it } from "node:test";
import {
  type AccountPuzzles,
  type AttemptReply,
  accountProgress,
  accountPuzzles,
  afterAttempt,
  guestProgress,
  RECENT_SHOWN,
} from "../src/puzzles/puzzleProgress";
import { nextPuzzle, type Puzzle } from "../src/puzzles/puzzles";

const SERVER: AccountPuzzles = {
  rating: 1216,
  deviation: 290,
  provisional: true,
  attempts: 1,
  solved: 1,
  recent: [{ puzzle: "p1", solved: true, at: 5, before: 1200, after: 1216, diff: 16, puzzle_rating: 1000 }],
  done: { p1: "solved" },
};

const puzzle = (id: string, rating: number): Puzzle => ({
  id,
  position: "",
  side: "w",
  goal: "win",
  line: ["a"],
  other: [],
  turns: 1,
  depth: 1,
  rating,
});

describe("an account's puzzle progress", () => {
  it("is the server's rating and tried puzzles, and the next puzzle skips those", () => {
    const p = accountProgress(SERVER);
    assert.deepEqual(p, {
      rating: 1216,
      done: { p1: "solved" },
      account: true,
      provisional: true,
      recent: SERVER.recent,
    });
    const next = nextPuzzle([puzzle("p1", 1200), puzzle("p2", 1600), puzzle("p3", 1300)], p);
    assert.equal(next?.id, "p3");
    assert.equal(guestProgress({ rating: 1250, done: {} }).account, false);
  });
  it("takes the server's answer to an attempt, counted or not", () => {
    const p = accountProgress(SERVER);
    const failed: AttemptReply = {
      counted: true,
      attempt: { puzzle: "p2", solved: false, at: 6, before: 1216, after: 1190, diff: -26, puzzle_rating: 1600 },
      rating: { rating: 1190, deviation: 250, provisional: false, attempts: 2, solved: 1 },
    };
    const q = afterAttempt(p, failed);
    assert.equal(q.rating, 1190);
    assert.equal(q.provisional, false);
    assert.deepEqual(q.done, { p1: "solved", p2: "failed" });
    assert.deepEqual(
      q.recent.map((a) => a.puzzle),
      ["p2", "p1"],
      "a counted attempt is the newest",
    );
    assert.deepEqual(p.done, { p1: "solved" }, "the old progress is not changed");
    // Submitted again (another tab): the stored first attempt comes back and wins.
    const again: AttemptReply = { ...failed, counted: false, attempt: { ...failed.attempt, solved: true } };
    assert.equal(afterAttempt(q, again).done.p2, "solved");
    assert.equal(afterAttempt(q, again).recent.length, 2, "an attempt not counted is not listed again");
    let many = q;
    for (let i = 3; i < 10; ++i)
      many = afterAttempt(many, { ...failed, attempt: { ...failed.attempt, puzzle: `p${i}` } });
    assert.equal(many.recent.length, RECENT_SHOWN);
    assert.equal(many.recent[0]?.puzzle, "p9");
  });
});

describe("the puzzle endpoints", () => {
  const real = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = real;
  });
  it("posts {puzzle, line} to /api/account/puzzles/attempts and reads errors", async () => {
    const calls: { url: string; init?: RequestInit }[] = [];
    globalThis.fetch = (async (url: string, init?: RequestInit) => {
      calls.push({ url, init });
      if (init?.method === "POST")
        return new Response(JSON.stringify({ error: { code: "unknown_puzzle", message: "no puzzle zz" } }), {
          status: 400,
        });
      return new Response(JSON.stringify(SERVER), { status: 200 });
    }) as typeof fetch;
    assert.deepEqual(await accountPuzzles.load(), SERVER);
    await assert.rejects(
      accountPuzzles.submit("zz", ["f8-f6", "xf7-j7"]),
      (e: Error & { code?: string; status?: number }) => {
        assert.equal(e.code, "unknown_puzzle");
        assert.equal(e.status, 400);
        return true;
      },
    );
    assert.equal(calls[0]?.url, "/api/account/puzzles");
    assert.equal(calls[1]?.url, "/api/account/puzzles/attempts");
    assert.equal(calls[1]?.init?.method, "POST");
    assert.deepEqual(JSON.parse(String(calls[1]?.init?.body)), { puzzle: "zz", line: ["f8-f6", "xf7-j7"] });
  });
});
