// The tutorial's lessons: every position is accepted by the rules core, every lesson's
// solution reaches its goal, and a decision that misses it asks for another try.
import "./core";
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { legalDecisions, parsePosition } from "../src/engine/rules";
import { CATALOGUE } from "../src/i18n";
import { LESSONS, type LessonState, lessonDecision, missReason, startLesson } from "../src/learn/learn";

const inCatalogue = (key: string) => key in CATALOGUE.en;

function play(id: string, decisions: string[]): { state: LessonState; verdict: string } {
  const l = LESSONS.find((x) => x.id === id);
  assert.ok(l, id);
  let state = startLesson(l);
  let verdict = "playing";
  for (const d of decisions) ({ state, verdict } = lessonDecision(l, state, d));
  return { state, verdict };
}

describe("lessons", () => {
  for (const l of LESSONS) {
    it(`${l.id}: the core accepts the position and the solution reaches the goal`, () => {
      const p = parsePosition(l.position);
      assert.equal(p.side, "w");
      const start = startLesson(l);
      assert.equal(l.goal(start.start, start.pos, []), false, "the goal is not met before any decision");
      const { verdict } = play(l.id, l.solution);
      assert.equal(verdict, "done");
    });
  }
  it("a move that misses the goal asks for another try", () => {
    assert.equal(play("row", ["e8-e3"]).verdict, "retry");
    assert.equal(play("flip", ["d3-d2"]).verdict, "retry");
    assert.equal(play("jump", ["e3-e2"]).verdict, "retry");
  });
  it("a missed try says why", () => {
    const why = (id: string, decisions: string[]) => {
      const l = LESSONS.find((x) => x.id === id);
      assert.ok(l);
      const r = play(id, decisions);
      assert.equal(r.verdict, "retry", `${id} ${decisions.join(" ")}`);
      return missReason(l, r.state, inCatalogue);
    };
    assert.deepEqual(why("row", ["e8-e3"]), { key: "learn.flipped_own", params: { n: 4 } });
    assert.deepEqual(why("flip", ["d3-d2"]), { key: "learn.flip.miss", params: {} });
    assert.deepEqual(why("jump", ["e3-e2"]), { key: "learn.jump.miss", params: {} });
    const other = legalDecisions(parsePosition(LESSONS[1]?.position ?? "")).find((d) => !d.startsWith("e5-"));
    assert.ok(other);
    assert.deepEqual(why("move", [other]), {
      key: "learn.other_ring",
      params: { from: other.split("-")[0] as string, ring: "e5" },
    });
  });
  it("every way to miss a step has its own explanation", () => {
    for (const l of LESSONS) {
      const walk = (s: LessonState, depth: number) => {
        for (const d of legalDecisions(s.pos)) {
          const r = lessonDecision(l, s, d);
          if (r.verdict === "retry") {
            const why = missReason(l, r.state, inCatalogue);
            assert.notEqual(why.key, "learn.no_reason", `${l.id}: ${[...r.state.played].join(" ")}`);
            assert.ok(inCatalogue(why.key), why.key);
          } else if (r.verdict === "playing" && depth < 3) walk(r.state, depth + 1);
        }
      };
      walk(startLesson(l), 1);
    }
  });
  it("removing the row keeps the lesson going until the ring is removed", () => {
    assert.equal(play("row", ["e8-f9", "xe4-e8"]).verdict, "playing");
  });
  it("two rows through one marker: removing one breaks the other", () => {
    const { state } = play("two_rows", ["e6-f6", "xe2-e6"]);
    assert.equal(state.pos.step, "remove-ring");
    assert.equal(state.pos.board.get("e6"), undefined);
    assert.equal(state.pos.board.get("d5"), "w");
  });
  it("a jump that flips a marker into the opponent's row: Black removes it before moving", () => {
    assert.equal(play("gift_row", ["e5-d5"]).verdict, "retry");
    const { state } = play("gift_row", ["e5-e7"]);
    assert.equal(state.pos.board.get("e6"), "b");
    assert.equal(state.pos.side, "b");
    assert.deepEqual(legalDecisions(state.pos), ["xc6-g6"]);
  });
  it("the 51st marker ends the game; in blitz the first ring wins", () => {
    const pool = play("pool", ["d2-d3"]).state.pos;
    assert.equal(pool.pool, 0);
    assert.equal(pool.result, "1-0");
    assert.equal(play("blitz", ["e8-f9", "xe4-e8", "xk10"]).state.pos.step, "over");
    assert.notEqual(play("row", ["e8-f9", "xe4-e8", "xk10"]).state.pos.step, "over");
  });
});
