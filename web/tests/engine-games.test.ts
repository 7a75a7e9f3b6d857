// Random legal games played by the rules engine (see scripts/gen-fixtures.mjs), with the
// engine's position text after every decision: the browser's replay must agree exactly,
// and the move list must attribute every decision to the side the engine had to move.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import "./core";
import { formatRecord } from "../src/board/turns";
import {
  applyDecision,
  formatPosition,
  parsePosition,
  pliesOf,
  readRecord,
  replay,
  startPosition,
} from "../src/engine/rules";

interface Fixture {
  variant: "normal" | "blitz";
  decisions: string[];
  positions: string[];
}

const games: Fixture[] = JSON.parse(
  // The test runner (scripts/test.mjs) runs in web/.
  readFileSync(join(process.cwd(), "tests/fixtures/engine-games.json"), "utf8"),
);

describe("replay agrees with the rules engine", () => {
  it("has games with every kind of decision", () => {
    const all = games.flatMap((g) => g.decisions);
    assert.ok(games.length >= 20);
    assert.ok(
      all.some((d) => /^x\w+-\w+$/.test(d)),
      "row removals",
    );
    assert.ok(
      all.some((d) => /^x\w+$/.test(d)),
      "ring removals",
    );
    assert.ok(
      games.some((g) => g.positions.some((p) => p.includes("early-remove-row"))),
      "early removals",
    );
  });
  games.forEach((g, n) => {
    it(`game ${n + 1} (${g.variant}, ${g.decisions.length} decisions)`, () => {
      const start = startPosition(g.variant);
      assert.equal(formatPosition(start), g.positions[0]);
      const ps = replay(start, g.decisions);
      assert.equal(ps.length, g.positions.length);
      ps.forEach((p, i) => {
        assert.equal(formatPosition(p), g.positions[i], `after ${i} decisions`);
      });
      // Sides in the move list, and a round trip through the record notation.
      const plies = pliesOf(start, g.decisions);
      plies.forEach((ply, i) => {
        assert.equal(ply.side, parsePosition(g.positions[i] as string).side, `side of decision ${i + 1}`);
      });
      // The move list's text (board/turns.ts) reads back through the core as the same game.
      const again = readRecord(`[Variant "${g.variant}"]\n${formatRecord(plies)}`);
      assert.deepEqual(again.plies, plies);
      // The flips each decision reports are the markers whose colour changed.
      ps.slice(0, -1).forEach((p, i) => {
        const { position, flipped } = applyDecision(p, g.decisions[i] as string);
        const changed = [...position.board].filter(([q, v]) => {
          const u = p.board.get(q);
          return (v === "w" && u === "b") || (v === "b" && u === "w");
        });
        assert.deepEqual([...flipped].sort(), changed.map(([q]) => q).sort(), `flips of decision ${i + 1}`);
      });
    });
  });
});
