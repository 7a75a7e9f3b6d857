import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  between,
  fromXY,
  hitTest,
  isPoint,
  neighbour,
  POINTS,
  parsePoint,
  pointXY,
  SEGMENTS,
  toXY,
  UNIT,
  VIEW_HEIGHT,
  VIEW_WIDTH,
  WINDOWS,
} from "../src/board/geometry";

describe("points", () => {
  it("has the 85 points of SPEC section 1", () => {
    assert.equal(POINTS.length, 85);
    assert.equal(new Set(POINTS).size, 85);
    for (const p of ["a2", "a5", "b1", "e10", "g11", "k7", "k10", "f6"]) assert.ok(isPoint(p), p);
    for (const p of ["a1", "a6", "f1", "f11", "k6", "k11", "l5", "e0", "e11"]) assert.ok(!isPoint(p), p);
  });
  it("parses names in any case and rejects the rest", () => {
    assert.deepEqual(parsePoint("E4"), { col: 4, row: 4 });
    assert.deepEqual(parsePoint(" k10 "), { col: 10, row: 10 });
    assert.equal(parsePoint("a1"), null);
    assert.equal(parsePoint("e"), null);
    assert.equal(parsePoint("e4x"), null);
  });
});

describe("lines", () => {
  it("has 123 windows of five, 41 per direction", () => {
    assert.equal(WINDOWS.length, 123);
    for (const w of WINDOWS) assert.equal(new Set(w).size, 5);
  });
  it("knows the three line directions and not (+1,-1)", () => {
    assert.deepEqual(between("f3", "f7"), ["f4", "f5", "f6"]);
    assert.deepEqual(between("a3", "e3"), ["b3", "c3", "d3"]);
    assert.deepEqual(between("c2", "g6"), ["d3", "e4", "f5"]);
    assert.deepEqual(between("g6", "c2"), ["f5", "e4", "d3"]);
    assert.equal(between("c4", "d3"), null, "(+1,-1) is not a line");
    assert.equal(between("e4", "e4"), null);
    assert.deepEqual(between("e4", "e5"), []);
  });
  it("finds neighbours on the board only", () => {
    assert.equal(neighbour("e4", 1, 1), "f5");
    assert.equal(neighbour("a2", -1, 0), null);
    assert.equal(neighbour("k10", 0, 1), null);
  });
  it("connects every neighbouring pair once", () => {
    // Each point has up to 6 neighbours; the segments count each pair once.
    let degreeSum = 0;
    for (const p of POINTS) {
      for (const [dc, dr] of [
        [0, 1],
        [1, 0],
        [1, 1],
        [0, -1],
        [-1, 0],
        [-1, -1],
      ] as const) {
        if (neighbour(p, dc, dr)) degreeSum++;
      }
    }
    assert.equal(SEGMENTS.length * 2, degreeSum);
  });
});

describe("drawing coordinates", () => {
  it("puts neighbours in all three directions one unit apart, at 60 degrees", () => {
    const o = pointXY("f6");
    for (const q of ["f7", "g6", "g7", "f5", "e5", "e6"]) {
      const p = pointXY(q);
      assert.ok(Math.abs(Math.hypot(p.x - o.x, p.y - o.y) - UNIT) < 1e-9, q);
    }
    // Columns are vertical, row 1 at the bottom.
    assert.equal(pointXY("e1").x, pointXY("e10").x);
    assert.ok(pointXY("e1").y > pointXY("e10").y);
  });
  it("keeps every point inside the view box", () => {
    for (const p of POINTS) {
      const { x, y } = pointXY(p);
      assert.ok(x > 0.5 * UNIT && x < VIEW_WIDTH - 0.5 * UNIT, p);
      assert.ok(y > 0.5 * UNIT && y < VIEW_HEIGHT - 0.5 * UNIT, p);
    }
  });
  it("inverts toXY", () => {
    for (const p of POINTS) {
      const c = parsePoint(p);
      assert.ok(c);
      const { x, y } = toXY(c.col, c.row);
      const f = fromXY(x, y);
      assert.ok(Math.abs(f.col - c.col) < 1e-9 && Math.abs(f.row - c.row) < 1e-9, p);
    }
  });
});

describe("hit testing", () => {
  it("finds each point at its centre and near it", () => {
    for (const p of POINTS) {
      const { x, y } = pointXY(p);
      assert.equal(hitTest(x, y), p);
      assert.equal(hitTest(x + 0.3 * UNIT, y - 0.2 * UNIT), p);
    }
  });
  it("finds nothing between points or off the board", () => {
    const a = pointXY("e4");
    const b = pointXY("e5");
    assert.equal(hitTest((a.x + b.x) / 2, (a.y + b.y) / 2), null);
    assert.equal(hitTest(1, 1), null);
    assert.equal(hitTest(-100, 5000), null);
  });
  it("honours the radius", () => {
    const { x, y } = pointXY("f6");
    assert.equal(hitTest(x + 0.45 * UNIT, y, 0.4 * UNIT), null);
    assert.equal(hitTest(x + 0.45 * UNIT, y, 0.5 * UNIT), "f6");
  });
  it("always returns the nearest point (exhaustive grid check)", () => {
    for (let x = 0; x < VIEW_WIDTH; x += 3.7) {
      for (let y = 0; y < VIEW_HEIGHT; y += 3.7) {
        const got = hitTest(x, y, 0.48 * UNIT);
        let best: string | null = null;
        let bd = (0.48 * UNIT) ** 2;
        for (const p of POINTS) {
          const q = pointXY(p);
          const d = (q.x - x) ** 2 + (q.y - y) ** 2;
          if (d <= bd) {
            bd = d;
            best = p;
          }
        }
        assert.equal(got, best, `at ${x},${y}`);
      }
    }
  });
});
