// The puzzle trainer's judgement (ring counts from the rules core), the puzzle file's checks,
// and the local rating.
import "./core";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import {
  lineReachesGoal,
  nextPuzzle,
  type Puzzle,
  playDecision,
  readPuzzleSet,
  recordResult,
  START_RATING,
  startAttempt,
} from "../src/puzzles/puzzles";

// White makes a row by moving the ring off e8 (the tutorial's row position).
const WIN: Puzzle = {
  id: "t1",
  position: "3W/W5B/8/9/3wwwwW2/9/B9/B8/7B/B6/W2W w move 0 0 normal",
  side: "w",
  goal: "win",
  line: ["e8-f9", "xe4-e8", "xk10"],
  other: ["e8-e3"],
  turns: 1,
  depth: 4,
  rating: 1100,
};

describe("an attempt", () => {
  it("the solution wins a ring: solved once the ring is removed", () => {
    let a = startAttempt(WIN);
    const kinds: string[] = [];
    for (const d of WIN.line) {
      const r = playDecision(a, d);
      a = r.attempt;
      kinds.push(r.next.kind);
    }
    assert.deepEqual(kinds, ["player", "player", "solved"]);
  });
  it("another ring that wins the same ring counts too (ring count, not the line)", () => {
    let a = startAttempt(WIN);
    for (const d of ["e8-d8", "xe4-e8"]) a = playDecision(a, d).attempt;
    assert.equal(a.onLine, false);
    assert.equal(playDecision(a, "xb1").next.kind, "solved");
  });
  it("off the solution with the turn over: the engine must judge", () => {
    const r = playDecision(startAttempt(WIN), "e8-e3");
    assert.equal(r.next.kind, "engine");
    assert.equal(r.attempt.pos.side, "b");
  });
  it("a line reaches the goal only if the ring stays won", () => {
    const a = startAttempt(WIN);
    assert.equal(lineReachesGoal(WIN, a.start, a.pos, WIN.line), true);
    assert.equal(lineReachesGoal(WIN, a.start, a.pos, ["e8-e3"]), false);
    assert.equal(lineReachesGoal({ ...WIN, goal: "save" }, a.start, a.pos, ["e8-e3"]), true);
  });
  it("an illegal decision is refused and changes nothing", () => {
    const a = startAttempt(WIN);
    assert.throws(() => playDecision(a, "e8-e4"));
    assert.equal(a.played.length, 0);
  });
});

describe("progress", () => {
  const easy = { ...WIN, id: "a", rating: 1000 };
  const hard = { ...WIN, id: "b", rating: 1800 };
  it("Elo: a solved hard puzzle gains more than an easy one; only the first try counts", () => {
    const p0 = { rating: START_RATING, done: {} };
    const gainEasy = recordResult(p0, easy, true).rating - START_RATING;
    const gainHard = recordResult(p0, hard, true).rating - START_RATING;
    assert.ok(gainHard > gainEasy && gainEasy > 0, `${gainEasy} ${gainHard}`);
    const failed = recordResult(p0, easy, false);
    assert.ok(failed.rating < START_RATING);
    assert.equal(recordResult(failed, easy, true), failed);
  });
  it("the next puzzle is the untried one nearest the player's rating", () => {
    assert.equal(nextPuzzle([easy, hard], { rating: 1700, done: {} })?.id, "b");
    assert.equal(nextPuzzle([easy, hard], { rating: 1700, done: { b: "solved" } })?.id, "a");
    assert.equal(nextPuzzle([easy], { rating: 1700, done: { a: "failed" } }), null);
  });
});

describe("the puzzle file", () => {
  it("refuses what is not a puzzle set", () => {
    assert.throws(() => readPuzzleSet({ format: "other", version: 1, puzzles: [] }));
    assert.throws(() => readPuzzleSet({ format: "yinsh-puzzles", version: 1, puzzles: [{ id: "x" }] }));
    assert.throws(() => readPuzzleSet(null));
  });
  it("the committed set: every puzzle's position and solution are legal for the core", () => {
    const set = readPuzzleSet(JSON.parse(readFileSync("src/static/puzzles.json", "utf8")));
    for (const p of set) {
      const a = startAttempt(p);
      assert.equal(a.pos.side, p.side, p.id);
      assert.equal(lineReachesGoal(p, a.start, a.pos, p.line), true, `${p.id} solution reaches the goal`);
      assert.equal(lineReachesGoal(p, a.start, a.pos, p.other), false, `${p.id} alternative misses it`);
    }
  });
  it("the committed set: the trainer solves every puzzle played along its solution", () => {
    const set = readPuzzleSet(JSON.parse(readFileSync("src/static/puzzles.json", "utf8")));
    assert.ok(set.length >= 1);
    for (const p of set) {
      let a = startAttempt(p);
      let verdict = "";
      for (const [i, d] of p.line.entries()) {
        const r = playDecision(a, d);
        a = r.attempt;
        if (r.next.kind === "reply") assert.equal(r.next.decision, p.line[i + 1], p.id);
        if (r.next.kind === "solved" || r.next.kind === "failed" || r.next.kind === "engine") {
          verdict = r.next.kind;
          break;
        }
      }
      assert.equal(verdict, "solved", `${p.id} (${p.goal})`);
    }
  });
});
