// Board geometry (SPEC section 1): the 85 points, their names, the three line directions,
// the 123 windows of five, and the mapping to drawing coordinates.
// Pure data and functions, no DOM: usable from node:test.

export const COLUMNS = "abcdefghijk";

/** Lowest and highest row of each column a..k. */
const RANGES: ReadonlyArray<readonly [number, number]> = [
  [2, 5],
  [1, 7],
  [1, 8],
  [1, 9],
  [1, 10],
  [2, 10],
  [2, 11],
  [3, 11],
  [4, 11],
  [5, 11],
  [7, 10],
];

/** A point as column index (0 = a) and row (1..11). */
export interface Coord {
  col: number;
  row: number;
}

export function columnRange(col: number): readonly [number, number] {
  const r = RANGES[col];
  if (!r) throw new RangeError(`no column ${col}`);
  return r;
}

export function isOnBoard(col: number, row: number): boolean {
  const r = RANGES[col];
  return r !== undefined && row >= r[0] && row <= r[1];
}

/** All 85 point names, column by column, each column from its lowest point upward. */
export const POINTS: readonly string[] = (() => {
  const out: string[] = [];
  RANGES.forEach(([lo, hi], col) => {
    for (let row = lo; row <= hi; row++) out.push(`${COLUMNS[col]}${row}`);
  });
  return out;
})();

const POINT_SET = new Set(POINTS);

export function isPoint(name: string): boolean {
  return POINT_SET.has(name);
}

/** Parses a point name (any case); returns null if it is not one of the 85 points. */
export function parsePoint(name: string): Coord | null {
  const m = /^([a-kA-K])(\d{1,2})$/.exec(name.trim());
  if (!m) return null;
  const col = COLUMNS.indexOf((m[1] as string).toLowerCase());
  const row = Number(m[2]);
  return isOnBoard(col, row) ? { col, row } : null;
}

export function pointName(col: number, row: number): string {
  return `${COLUMNS[col]}${row}`;
}

export function coordOf(name: string): Coord {
  const c = parsePoint(name);
  if (!c) throw new RangeError(`not a point: ${name}`);
  return c;
}

/** The three line directions (one sign of each): same letter, same number, diagonal. */
export const DIRECTIONS: ReadonlyArray<readonly [number, number]> = [
  [0, 1],
  [1, 0],
  [1, 1],
];

/**
 * The points strictly between a and b when they lie on one line, in order from a;
 * null when a and b are not on a common line (or are equal).
 */
export function between(a: string, b: string): string[] | null {
  const line = lineFrom(a, b);
  return line ? line.slice(1, -1) : null;
}

/** The points from a to b inclusive when they lie on one line; null otherwise. */
export function lineFrom(a: string, b: string): string[] | null {
  const p = coordOf(a);
  const q = coordOf(b);
  const dc = q.col - p.col;
  const dr = q.row - p.row;
  if (dc === 0 && dr === 0) return null;
  if (!(dc === 0 || dr === 0 || dc === dr)) return null;
  const n = Math.max(Math.abs(dc), Math.abs(dr));
  const sc = Math.sign(dc);
  const sr = Math.sign(dr);
  const out: string[] = [];
  for (let i = 0; i <= n; i++) out.push(pointName(p.col + sc * i, p.row + sr * i));
  return out;
}

/** The neighbour of a point one step in direction (dc, dr), or null off the board. */
export function neighbour(name: string, dc: number, dr: number): string | null {
  const p = coordOf(name);
  return isOnBoard(p.col + dc, p.row + dr) ? pointName(p.col + dc, p.row + dr) : null;
}

/** The 123 windows of five points in a line, each listed from its lower end. */
export const WINDOWS: ReadonlyArray<readonly string[]> = (() => {
  const out: string[][] = [];
  for (const [dc, dr] of DIRECTIONS) {
    for (const start of POINTS) {
      const p = coordOf(start);
      const w: string[] = [];
      for (let i = 0; i < 5; i++) {
        if (!isOnBoard(p.col + dc * i, p.row + dr * i)) break;
        w.push(pointName(p.col + dc * i, p.row + dr * i));
      }
      if (w.length === 5) out.push(w);
    }
  }
  return out;
})();

// ---- Drawing coordinates -------------------------------------------------------------
// Columns are vertical lines; x = col * sqrt(3)/2, y = row - col/2 (then flipped so that
// row 1 is at the bottom). Neighbouring points are one unit apart in all three directions.

export const UNIT = 40; // pixels between neighbouring points in the SVG user space
const SQ3_2 = Math.sqrt(3) / 2;
/** Margins around the points, in units, leaving room for labels and removed rings. */
export const MARGIN = 1.1;
const Y_MAX = 8; // highest value of row - col/2 (e.g. e10, g11)
const Y_MIN = -1; // lowest value (e1, g2)

export const VIEW_WIDTH = (10 * SQ3_2 + 2 * MARGIN) * UNIT;
export const VIEW_HEIGHT = (Y_MAX - Y_MIN + 2 * MARGIN) * UNIT;

export interface XY {
  x: number;
  y: number;
}

/** Centre of a (possibly off-board) column/row position in SVG user units. */
export function toXY(col: number, row: number): XY {
  return {
    x: (MARGIN + col * SQ3_2) * UNIT,
    y: (MARGIN + Y_MAX - (row - col / 2)) * UNIT,
  };
}

export function pointXY(name: string): XY {
  const c = coordOf(name);
  return toXY(c.col, c.row);
}

/** Inverse of toXY (fractional column and row). */
export function fromXY(x: number, y: number): { col: number; row: number } {
  const col = (x / UNIT - MARGIN) / SQ3_2;
  const row = MARGIN + Y_MAX - y / UNIT + col / 2;
  return { col, row };
}

/**
 * Hit testing: the point nearest to (x, y) in SVG user units, if it is within
 * `radius` (default: just under half the spacing, so every place hits at most one point).
 */
export function hitTest(x: number, y: number, radius = 0.48 * UNIT): string | null {
  const f = fromXY(x, y);
  let best: string | null = null;
  let bestD = radius * radius;
  // The nearest point is among the lattice points around the fractional coordinates.
  const c0 = Math.floor(f.col);
  const r0 = Math.floor(f.row);
  for (let col = c0 - 1; col <= c0 + 2; col++) {
    for (let row = r0 - 1; row <= r0 + 2; row++) {
      if (!isOnBoard(col, row)) continue;
      const p = toXY(col, row);
      const d = (p.x - x) ** 2 + (p.y - y) ** 2;
      if (d <= bestD) {
        bestD = d;
        best = pointName(col, row);
      }
    }
  }
  return best;
}

/** The grid: every segment between neighbouring points, as pairs of point names. */
export const SEGMENTS: ReadonlyArray<readonly [string, string]> = (() => {
  const out: Array<[string, string]> = [];
  for (const p of POINTS) {
    for (const [dc, dr] of DIRECTIONS) {
      const q = neighbour(p, dc, dr);
      if (q) out.push([p, q]);
    }
  }
  return out;
})();
