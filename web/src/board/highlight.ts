// Highlight and input logic: given the legal decisions the server sent (sorted by kind by
// classify, engine/decisions.ts, as the board reads no notation) and what the player has
// selected so far, which points to highlight and what a click on a point means.
// The UI never judges legality: every decision it produces is one of `legal`.
// Pure, no DOM.

export type Mode = "none" | "place" | "move" | "remove-row" | "remove-ring";

export interface Selection {
  /** A ring picked up (move), or the first end marker clicked (row removal). */
  anchor: string | null;
}

export interface Highlights {
  mode: Mode;
  /** Points the player can click now (rings to pick, destinations, markers, ...). */
  clickable: Set<string>;
  /** Destinations of the held ring, or the other ends of rows starting at the anchor. */
  targets: Set<string>;
  /** Markers of the rows that can be removed (all of them, or those through the anchor). */
  rowPoints: Set<string>;
  /** Rows to show as removable, as [from, to] ends. */
  rows: Array<[string, string]>;
  /** The selected ring or row end. */
  selected: string | null;
  canPass: boolean;
}

interface Row {
  text: string;
  from: string;
  to: string;
  points: string[];
}

export interface Legal {
  places: Map<string, string>;
  moves: Map<string, Map<string, string>>; // from -> to -> decision
  rows: Row[];
  rings: Map<string, string>;
  pass: string | null;
}

export function modeOf(l: Legal): Mode {
  if (l.places.size) return "place";
  if (l.moves.size) return "move";
  if (l.rows.length) return "remove-row";
  if (l.rings.size) return "remove-ring";
  return "none";
}

export function highlights(l: Legal, sel: Selection): Highlights {
  const mode = modeOf(l);
  const h: Highlights = {
    mode,
    clickable: new Set(),
    targets: new Set(),
    rowPoints: new Set(),
    rows: [],
    selected: null,
    canPass: l.pass !== null,
  };
  switch (mode) {
    case "place":
      for (const p of l.places.keys()) h.clickable.add(p);
      break;
    case "move": {
      for (const p of l.moves.keys()) h.clickable.add(p);
      const dests = sel.anchor ? l.moves.get(sel.anchor) : undefined;
      if (dests) {
        h.selected = sel.anchor;
        for (const q of dests.keys()) {
          h.targets.add(q);
          h.clickable.add(q);
        }
      }
      break;
    }
    case "remove-row": {
      const anchored = sel.anchor ? l.rows.filter((r) => r.from === sel.anchor || r.to === sel.anchor) : [];
      if (anchored.length) {
        h.selected = sel.anchor;
        for (const r of anchored) h.targets.add(r.from === sel.anchor ? r.to : r.from);
      }
      for (const r of l.rows) for (const q of r.points) h.clickable.add(q);
      const shown = anchored.length ? anchored : l.rows;
      for (const r of shown) {
        h.rows.push([r.from, r.to]);
        for (const q of r.points) h.rowPoints.add(q);
      }
      break;
    }
    case "remove-ring":
      for (const p of l.rings.keys()) h.clickable.add(p);
      break;
    case "none":
      break;
  }
  return h;
}

/** What a click on a point does: send a decision, change the selection, or nothing. */
export type ClickResult =
  | { kind: "decision"; decision: string }
  | { kind: "select"; anchor: string | null }
  | { kind: "ignore" };

export function click(l: Legal, sel: Selection, point: string): ClickResult {
  switch (modeOf(l)) {
    case "place": {
      const d = l.places.get(point);
      return d ? { kind: "decision", decision: d } : { kind: "ignore" };
    }
    case "move": {
      if (sel.anchor) {
        const d = l.moves.get(sel.anchor)?.get(point);
        if (d) return { kind: "decision", decision: d };
        if (point === sel.anchor) return { kind: "select", anchor: null };
      }
      if (l.moves.has(point)) return { kind: "select", anchor: point };
      return sel.anchor ? { kind: "select", anchor: null } : { kind: "ignore" };
    }
    case "remove-row": {
      // Only one row: any of its markers chooses it.
      if (l.rows.length === 1) {
        const r = l.rows[0] as Row;
        return r.points.includes(point) ? { kind: "decision", decision: r.text } : { kind: "ignore" };
      }
      if (sel.anchor) {
        if (point === sel.anchor) return { kind: "select", anchor: null };
        const r = l.rows.find(
          (r) => (r.from === sel.anchor && r.to === point) || (r.to === sel.anchor && r.from === point),
        );
        if (r) return { kind: "decision", decision: r.text };
      }
      const through = l.rows.filter((r) => r.points.includes(point));
      // A marker that belongs to one row only is a choice of that row.
      if (through.length === 1) return { kind: "decision", decision: (through[0] as Row).text };
      // Otherwise it must be the first end of the row.
      if (l.rows.some((r) => r.from === point || r.to === point)) return { kind: "select", anchor: point };
      return sel.anchor ? { kind: "select", anchor: null } : { kind: "ignore" };
    }
    case "remove-ring": {
      const d = l.rings.get(point);
      return d ? { kind: "decision", decision: d } : { kind: "ignore" };
    }
    case "none":
      return { kind: "ignore" };
  }
}

/** Whether a ring on `point` may be picked up and dragged. */
export function canDrag(l: Legal, point: string): boolean {
  return l.moves.has(point);
}

/** The decision of dropping the ring held from `from` on `to`, if legal. */
export function drop(l: Legal, from: string, to: string): string | null {
  return l.moves.get(from)?.get(to) ?? null;
}
