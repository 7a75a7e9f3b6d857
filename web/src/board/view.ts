// The SVG board: drawing, animation, and pointer/keyboard input. Framework-free.
// It shows a position and the legal decisions it is given, and reports the decision the
// player chose through `onDecision`. It never decides legality itself, nor reads notation:
// its decisions come read (engine/decisions.ts).

import {
  COLUMNS,
  columnRange,
  coordOf,
  hitTest,
  isOnBoard,
  MARGIN,
  POINTS,
  pointName,
  SEGMENTS,
  toXY,
  UNIT,
  VIEW_HEIGHT,
  VIEW_WIDTH,
  type XY,
} from "./geometry";
import { canDrag, click, drop, type Highlights, highlights, type Legal } from "./highlight";
import { drawNotes, type Note } from "./notes";
import type { Decision, Piece, Position } from "./types";

const NS = "http://www.w3.org/2000/svg";

export interface BoardState {
  position: Position;
  /**
   * Legal decisions for the local player sorted by kind (classify, engine/decisions.ts), or
   * null when it is not their turn to decide.
   */
  legal: Legal | null;
  /** The last decision made, highlighted. */
  last?: Decision | null;
  /** The position before `last`, to animate the change (ring slide, flips, removals). */
  previous?: Position | null;
  /** Show Black at the bottom. */
  flipped?: boolean;
  /** The whole last turn (ring move, row, ring removed), highlighted; defaults to `last`. */
  turn?: readonly Decision[] | null;
  /** The position before `turn`: the markers it flipped are marked. */
  turnStart?: Position | null;
}

export interface BoardOptions {
  onDecision?: (decision: string) => void;
  /** Called with a sentence for screen readers when something worth announcing happens. */
  onAnnounce?: (text: string) => void;
  label?: string;
  /** The words spoken to screen readers (defaults to BOARD_TEXT, English). */
  text?: (key: BoardTextKey, params?: Record<string, string | number>) => string;
}

function el<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | number> = {},
  parent?: Element,
): SVGElementTagNameMap[K] {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (parent) parent.appendChild(e);
  return e;
}

/** The board's words for screen readers; the page may pass its own (translated) ones. */
export const BOARD_TEXT = {
  W: "white ring",
  B: "black ring",
  w: "white marker",
  b: "black marker",
  empty: "empty",
  point: "{point}: {what}",
  destination: ", legal destination",
  choosable: ", can be chosen",
  removed_w: "Rings removed by White: {n}",
  removed_b: "Rings removed by Black: {n}",
  picked: "Ring on {point} picked up. Destinations: {targets}.",
  row_end: "Row end {point} chosen. Other ends: {targets}.",
  cleared: "Selection cleared.",
  label: "YINSH board. Arrow keys move the cursor, Enter selects.",
};
export type BoardTextKey = keyof typeof BOARD_TEXT;

function english(key: BoardTextKey, params: Record<string, string | number> = {}): string {
  return BOARD_TEXT[key].replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? String(params[k]) : m));
}

/** Slots for removed rings, in units relative to the drawing (3 per side, on its corner). */
const SLOT_OFFSETS: ReadonlyArray<readonly [number, number]> = [
  [0, -1.62],
  [0.95, -1.62],
  [1.9, -1.62],
];

export class BoardView {
  readonly svg: SVGSVGElement;
  private layers: Record<
    "grid" | "last" | "rows" | "pieces" | "notes" | "marks" | "ghosts" | "drag" | "cursor",
    SVGGElement
  >;
  private slots: SVGGElement;
  private state: BoardState | null = null;
  private notes: readonly Note[] = [];
  private legal: Legal | null = null;
  private anchor: string | null = null;
  private cursor = "f6";
  private drag: {
    from: string;
    pointerId: number;
    sx: number;
    sy: number;
    moved: boolean;
    ring: SVGGElement | null;
  } | null = null;
  private down: { point: string | null; pointerId: number } | null = null;
  private hover: string | null = null;
  /** Set once the board is used from the keyboard, so that the cursor shows. */
  private keyboard = false;
  private opts: BoardOptions;

  constructor(container: Element, opts: BoardOptions = {}) {
    this.opts = opts;
    this.svg = el("svg", {
      viewBox: `0 0 ${VIEW_WIDTH.toFixed(1)} ${VIEW_HEIGHT.toFixed(1)}`,
      class: "yb-board",
      role: "application",
      tabindex: 0,
      "aria-roledescription": "YINSH board",
      "aria-label": opts.label ?? (opts.text ?? english)("label"),
    });
    const defs = el("defs", {}, this.svg);
    defs.innerHTML =
      '<filter id="yb-shadow" x="-50%" y="-50%" width="200%" height="200%">' +
      '<feDropShadow dx="0" dy="1.5" stdDeviation="1.2" flood-opacity="0.35"/></filter>';
    el("polygon", { class: "yb-bg", points: this.hexagon() }, this.svg);
    const mk = (name: string) => el("g", { class: `yb-${name}` }, this.svg);
    this.layers = {
      grid: mk("grid"),
      last: mk("last"),
      rows: mk("rows"),
      pieces: mk("pieces"),
      notes: mk("notes"),
      marks: mk("marks"),
      ghosts: mk("ghosts"),
      drag: mk("drag"),
      cursor: mk("cursor"),
    };
    this.slots = el("g", { class: "yb-slots" });
    this.svg.insertBefore(this.slots, this.layers.pieces);
    this.drawGrid();
    container.appendChild(this.svg);
    this.svg.addEventListener("pointerdown", (e) => this.onPointerDown(e));
    this.svg.addEventListener("pointermove", (e) => this.onPointerMove(e));
    this.svg.addEventListener("pointerup", (e) => this.onPointerUp(e));
    this.svg.addEventListener("pointercancel", () => this.cancelDrag());
    this.svg.addEventListener("pointerleave", () => this.setHover(null));
    this.svg.addEventListener("keydown", (e) => this.onKey(e));
    this.svg.addEventListener("focus", () => this.drawCursor());
    this.svg.addEventListener("blur", () => this.drawCursor());
  }

  destroy(): void {
    this.svg.remove();
  }

  private get flipped(): boolean {
    return !!this.state?.flipped;
  }

  /** Drawing coordinates of a column/row, honouring the orientation. */
  private xy(col: number, row: number): XY {
    const p = toXY(col, row);
    return this.flipped ? { x: VIEW_WIDTH - p.x, y: VIEW_HEIGHT - p.y } : p;
  }

  private pxy(name: string): XY {
    const c = coordOf(name);
    return this.xy(c.col, c.row);
  }

  private hexagon(): string {
    // The hexagon of radius 5 around f6, a little larger than the points.
    const corners: Array<[number, number]> = [
      [0, 1],
      [0, 6],
      [5, 11],
      [10, 11],
      [10, 6],
      [5, 1],
    ];
    const c = toXY(5, 6);
    return corners
      .map(([col, row]) => {
        const p = toXY(col, row);
        const x = c.x + (p.x - c.x) * 1.09;
        const y = c.y + (p.y - c.y) * 1.09;
        return `${x.toFixed(1)},${y.toFixed(1)}`;
      })
      .join(" ");
  }

  private drawGrid(): void {
    const g = this.layers.grid;
    g.replaceChildren();
    let d = "";
    for (const [a, b] of SEGMENTS) {
      const p = this.pxy(a);
      const q = this.pxy(b);
      d += `M${p.x.toFixed(1)} ${p.y.toFixed(1)}L${q.x.toFixed(1)} ${q.y.toFixed(1)}`;
    }
    el("path", { d, class: "yb-lines" }, g);
    for (const name of POINTS) {
      const p = this.pxy(name);
      el("circle", { cx: p.x, cy: p.y, r: 2.2, class: "yb-dot" }, g);
    }
    // Coordinates: letters under each column, numbers at the lower-left end of each row.
    for (let col = 0; col < 11; col++) {
      const [lo] = columnRange(col);
      const p = this.xy(col, lo - 0.62);
      const t = el("text", { x: p.x, y: p.y, class: "yb-coord", "aria-hidden": "true" }, g);
      t.textContent = COLUMNS[col] as string;
    }
    for (let row = 1; row <= 11; row++) {
      let col = 0;
      while (!isOnBoard(col, row)) col++;
      const p = this.xy(col - 0.62, row);
      const t = el("text", { x: p.x, y: p.y, class: "yb-coord", "aria-hidden": "true" }, g);
      t.textContent = String(row);
    }
  }

  /** Shows a new state. Animates from `previous` when given. */
  setState(s: BoardState): void {
    const orientationChanged = !!this.state?.flipped !== !!s.flipped;
    this.state = s;
    this.legal = s.legal;
    if (this.anchor && !this.highlightsNow().clickable.has(this.anchor)) this.anchor = null;
    if (this.drag && !(this.legal && canDrag(this.legal, this.drag.from))) this.cancelDrag();
    if (orientationChanged) this.drawGrid();
    this.drawSlots();
    this.drawLast();
    this.drawPieces();
    this.drawNotes();
    this.drawMarks();
    this.drawCursor();
  }

  /**
   * Arrows and marks over the pieces (the engine's suggestions, threats). Apart from the
   * state, so that changing them does not replay the last decision's animation.
   */
  setNotes(notes: readonly Note[] | null): void {
    this.notes = notes ?? [];
    this.drawNotes();
  }

  private drawNotes(): void {
    drawNotes(this.layers.notes, this.notes, (p) => this.pxy(p));
  }

  private highlightsNow(): Highlights {
    return this.legal
      ? highlights(this.legal, { anchor: this.anchor })
      : {
          mode: "none",
          clickable: new Set(),
          targets: new Set(),
          rowPoints: new Set(),
          rows: [],
          selected: null,
          canPass: false,
        };
  }

  private drawSlots(): void {
    const g = this.slots;
    g.replaceChildren();
    const pos = this.state?.position;
    if (!pos) return;
    const slotXY = (side: "w" | "b", i: number): XY => {
      const [ox, oy] = SLOT_OFFSETS[i] as readonly [number, number];
      // White's slots in the lower-left corner, Black's mirrored in the upper right.
      let x = (MARGIN + ox) * UNIT;
      let y = (MARGIN + 8 - oy) * UNIT;
      if (side === "b") {
        x = VIEW_WIDTH - x;
        y = VIEW_HEIGHT - y;
      }
      if (this.flipped) {
        x = VIEW_WIDTH - x;
        y = VIEW_HEIGHT - y;
      }
      return { x, y };
    };
    for (const side of ["w", "b"] as const) {
      const n = pos.removed[side];
      const label = this.say(side === "w" ? "removed_w" : "removed_b", { n });
      const sg = el("g", { class: `yb-slotgroup yb-slots-${side}`, role: "img", "aria-label": label }, g);
      // The rulebook's three spaces per side (one in blitz, where one ring wins).
      const spaces = pos.variant === "blitz" ? 1 : 3;
      for (let i = 0; i < spaces; i++) {
        const p = slotXY(side, i);
        el("circle", { cx: p.x, cy: p.y, r: 0.44 * UNIT, class: "yb-slot" }, sg);
        if (i < n) this.ringShape(sg, p, side === "w" ? "W" : "B");
      }
    }
  }

  private ringShape(parent: Element, p: XY, piece: "W" | "B", extra = ""): SVGGElement {
    const g = el("g", { class: `yb-piece yb-ring yb-ring-${piece === "W" ? "w" : "b"} ${extra}` }, parent);
    el("circle", { cx: p.x, cy: p.y, r: 0.4 * UNIT, class: "yb-ring-outline" }, g);
    el("circle", { cx: p.x, cy: p.y, r: 0.4 * UNIT, class: "yb-ring-body" }, g);
    return g;
  }

  private markerShape(parent: Element, p: XY, piece: "w" | "b", extra = ""): SVGGElement {
    const g = el("g", { class: `yb-piece yb-marker yb-marker-${piece} ${extra}` }, parent);
    el("circle", { cx: p.x, cy: p.y, r: 0.29 * UNIT, class: "yb-marker-body" }, g);
    return g;
  }

  private drawPiece(parent: Element, name: string, piece: Piece, extra = ""): SVGGElement {
    const p = this.pxy(name);
    const g =
      piece === "W" || piece === "B"
        ? this.ringShape(parent, p, piece, extra)
        : this.markerShape(parent, p, piece, extra);
    g.setAttribute("data-point", name);
    g.setAttribute("data-piece", piece);
    return g;
  }

  private drawPieces(): void {
    const s = this.state;
    const g = this.layers.pieces;
    g.replaceChildren();
    this.layers.ghosts.replaceChildren();
    if (!s) return;
    const prev = s.previous ?? null;
    const last = s.last ?? null;
    const reduce = typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
    for (const name of POINTS) {
      const piece = s.position.board.get(name);
      if (!piece) continue;
      let cls = "";
      const before = prev?.board.get(name);
      if (prev && !reduce) {
        if ((piece === "w" && before === "b") || (piece === "b" && before === "w")) cls = `yb-flip yb-flip-to-${piece}`;
        else if (!before && last?.kind === "place") cls = "yb-appear";
      }
      const node = this.drawPiece(g, name, piece, cls);
      if (this.drag?.moved && this.drag.from === name) node.classList.add("yb-lifted");
      if (prev && !reduce && last?.kind === "move" && last.to === name && prev.board.get(last.from) === piece) {
        const a = this.pxy(last.from);
        const b = this.pxy(name);
        node.animate?.([{ transform: `translate(${a.x - b.x}px, ${a.y - b.y}px)` }, { transform: "translate(0, 0)" }], {
          duration: 220,
          easing: "ease-out",
        });
      }
    }
    // Pieces that just left the board fade out.
    if (prev && !reduce) {
      for (const [name, piece] of prev.board) {
        if (s.position.board.has(name)) continue;
        if (last?.kind === "move" && last.from === name) continue;
        this.drawPiece(this.layers.ghosts, name, piece, "yb-vanish");
      }
    }
  }

  private drawLast(): void {
    const g = this.layers.last;
    g.replaceChildren();
    const s = this.state;
    const turn = s?.turn ?? (s?.last ? [s.last] : []);
    for (const last of turn) this.drawDecision(g, last);
    if (s?.turnStart) {
      for (const [q, v] of s.position.board) {
        const u = s.turnStart.board.get(q);
        if ((v === "w" && u === "b") || (v === "b" && u === "w")) {
          const a = this.pxy(q);
          el("circle", { cx: a.x, cy: a.y, r: 0.36 * UNIT, class: "yb-last-flip", "data-point": q }, g);
        }
      }
    }
  }

  private drawDecision(g: SVGGElement, last: Decision): void {
    switch (last.kind) {
      case "move": {
        const a = this.pxy(last.from);
        const b = this.pxy(last.to);
        el("line", { x1: a.x, y1: a.y, x2: b.x, y2: b.y, class: "yb-last-path" }, g);
        el("circle", { cx: a.x, cy: a.y, r: 0.46 * UNIT, class: "yb-last-spot" }, g);
        el("circle", { cx: b.x, cy: b.y, r: 0.5 * UNIT, class: "yb-last-spot" }, g);
        break;
      }
      case "place":
      case "remove-ring": {
        const a = this.pxy(last.at);
        el("circle", { cx: a.x, cy: a.y, r: 0.5 * UNIT, class: "yb-last-spot" }, g);
        break;
      }
      case "remove-row": {
        const a = this.pxy(last.from);
        const b = this.pxy(last.to);
        el("line", { x1: a.x, y1: a.y, x2: b.x, y2: b.y, class: "yb-last-row" }, g);
        break;
      }
      case "pass":
        break;
    }
  }

  private drawMarks(): void {
    const h = this.highlightsNow();
    const rows = this.layers.rows;
    const g = this.layers.marks;
    rows.replaceChildren();
    g.replaceChildren();
    this.svg.classList.toggle("yb-interactive", h.mode !== "none");
    this.svg.dataset.mode = h.mode;
    for (const [from, to] of h.rows) {
      const a = this.pxy(from);
      const b = this.pxy(to);
      el("line", { x1: a.x, y1: a.y, x2: b.x, y2: b.y, class: "yb-row-choice", "data-row": `${from}-${to}` }, rows);
    }
    for (const name of h.clickable) {
      const p = this.pxy(name);
      let cls = "yb-hint";
      if (h.mode === "place") cls = "yb-place";
      else if (h.mode === "move") cls = h.targets.has(name) ? "yb-target" : "yb-movable";
      else if (h.mode === "remove-ring") cls = "yb-removable";
      else if (h.mode === "remove-row") cls = h.targets.has(name) ? "yb-row-end" : "yb-row-marker";
      if (name === h.selected) cls += " yb-selected";
      if (name === this.hover) cls += " yb-hover";
      el(
        "circle",
        {
          cx: p.x,
          cy: p.y,
          r: cls.startsWith("yb-target") ? 0.17 * UNIT : cls.startsWith("yb-place") ? 0.2 * UNIT : 0.47 * UNIT,
          class: cls,
          "data-point": name,
        },
        g,
      );
    }
  }

  private drawCursor(): void {
    const g = this.layers.cursor;
    g.replaceChildren();
    // Only for keyboard users: a mouse click focuses the board without :focus-visible.
    if (typeof document === "undefined" || document.activeElement !== this.svg) return;
    if (!this.keyboard && !this.svg.matches(":focus-visible")) return;
    const p = this.pxy(this.cursor);
    el("rect", { x: p.x - 0.5 * UNIT, y: p.y - 0.5 * UNIT, width: UNIT, height: UNIT, rx: 6, class: "yb-cursor" }, g);
  }

  // ---- Input ------------------------------------------------------------------------

  private toSvg(e: { clientX: number; clientY: number }): XY {
    const m = this.svg.getScreenCTM();
    if (!m) return { x: 0, y: 0 };
    const pt = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
    return this.flipped ? { x: VIEW_WIDTH - pt.x, y: VIEW_HEIGHT - pt.y } : { x: pt.x, y: pt.y };
  }

  /** Point under the pointer; `loose` accepts a slightly larger radius (drops on a phone). */
  private pointAt(e: { clientX: number; clientY: number }, loose = false): string | null {
    const p = this.toSvg(e);
    return hitTest(p.x, p.y, loose ? 0.58 * UNIT : 0.48 * UNIT);
  }

  private onPointerDown(e: PointerEvent): void {
    if (e.button !== 0) return;
    if (this.keyboard) {
      this.keyboard = false;
      this.drawCursor();
    }
    const point = this.pointAt(e);
    this.down = { point, pointerId: e.pointerId };
    if (point && this.legal && canDrag(this.legal, point)) {
      e.preventDefault();
      const ring = this.layers.pieces.querySelector<SVGGElement>(`[data-point="${point}"]`);
      this.drag = { from: point, pointerId: e.pointerId, sx: e.clientX, sy: e.clientY, moved: false, ring };
      this.svg.setPointerCapture?.(e.pointerId);
    }
  }

  private onPointerMove(e: PointerEvent): void {
    const d = this.drag;
    if (d && d.pointerId === e.pointerId) {
      if (!d.moved && Math.hypot(e.clientX - d.sx, e.clientY - d.sy) > 6) {
        d.moved = true;
        this.anchor = d.from;
        d.ring?.classList.add("yb-lifted");
        this.drawMarks();
      }
      if (d.moved) {
        const p = this.toSvg(e);
        const shown = this.flipped ? { x: VIEW_WIDTH - p.x, y: VIEW_HEIGHT - p.y } : p;
        const layer = this.layers.drag;
        layer.replaceChildren();
        const piece = this.state?.position.board.get(d.from);
        if (piece === "W" || piece === "B") this.ringShape(layer, shown, piece, "yb-dragging");
        this.setHover(this.pointAt(e, true));
      }
      return;
    }
    if (e.pointerType === "mouse") this.setHover(this.pointAt(e));
  }

  private setHover(point: string | null): void {
    if (point === this.hover) return;
    this.hover = point;
    const h = this.highlightsNow();
    this.svg.style.cursor = point && h.clickable.has(point) ? "pointer" : "";
    this.drawMarks();
  }

  private onPointerUp(e: PointerEvent): void {
    const d = this.drag;
    const down = this.down;
    this.down = null;
    if (d && d.pointerId === e.pointerId) {
      this.drag = null;
      this.layers.drag.replaceChildren();
      d.ring?.classList.remove("yb-lifted");
      this.svg.releasePointerCapture?.(e.pointerId);
      if (d.moved) {
        const to = this.pointAt(e, true);
        const decision = to && this.legal ? drop(this.legal, d.from, to) : null;
        if (decision) {
          this.anchor = null;
          this.emit(decision);
        } else {
          // Dropped off target: the ring goes back and stays selected, its targets shown.
          this.anchor = d.from;
          this.drawMarks();
        }
        return;
      }
    }
    const point = this.pointAt(e);
    if (point && down && down.point === point) this.clickPoint(point);
    else if (!point && this.anchor) {
      this.anchor = null;
      this.drawMarks();
    }
  }

  private cancelDrag(): void {
    if (!this.drag) return;
    this.drag.ring?.classList.remove("yb-lifted");
    this.drag = null;
    this.layers.drag.replaceChildren();
    this.drawMarks();
  }

  /** A click (or Enter on the keyboard cursor) on a point. */
  clickPoint(point: string): void {
    if (!this.legal) return;
    const r = click(this.legal, { anchor: this.anchor }, point);
    if (r.kind === "decision") {
      this.anchor = null;
      this.emit(r.decision);
    } else if (r.kind === "select") {
      this.anchor = r.anchor;
      this.drawMarks();
      if (r.anchor) this.announce(this.describeSelection(r.anchor));
    }
  }

  private describeSelection(anchor: string): string {
    const h = this.highlightsNow();
    const targets = [...h.targets].join(", ");
    return this.say(h.mode === "move" ? "picked" : "row_end", { point: anchor, targets });
  }

  private say(key: BoardTextKey, params?: Record<string, string | number>): string {
    return (this.opts.text ?? english)(key, params);
  }

  private emit(decision: string): void {
    this.drawMarks();
    this.opts.onDecision?.(decision);
  }

  private announce(text: string): void {
    this.opts.onAnnounce?.(text);
  }

  private onKey(e: KeyboardEvent): void {
    this.keyboard = true;
    const c = coordOf(this.cursor);
    const dir: Record<string, [number, number]> = {
      ArrowUp: [0, 1],
      ArrowDown: [0, -1],
      ArrowRight: [1, 0],
      ArrowLeft: [-1, 0],
    };
    const step = dir[e.key];
    if (step) {
      e.preventDefault();
      let [dc, dr] = step;
      if (this.flipped) {
        dc = -dc;
        dr = -dr;
      }
      // Right/left follow the row line; when it ends, try the diagonal.
      const col = c.col + dc;
      let row = c.row + dr;
      if (!isOnBoard(col, row) && dc !== 0) row = c.row + dc;
      if (isOnBoard(col, row)) {
        this.cursor = pointName(col, row);
        this.drawCursor();
        this.announce(this.describePoint(this.cursor));
      }
      return;
    }
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      this.clickPoint(this.cursor);
    } else if (e.key === "Escape" && this.anchor) {
      this.anchor = null;
      this.drawMarks();
      this.announce(this.say("cleared"));
    }
  }

  describePoint(name: string): string {
    const piece = this.state?.position.board.get(name);
    const h = this.highlightsNow();
    let s = this.say("point", { point: name, what: this.say(piece ?? "empty") });
    if (h.targets.has(name)) s += this.say("destination");
    else if (h.clickable.has(name)) s += this.say("choosable");
    return `${s}.`;
  }

  /** For tests and tools: the screen position of a point's centre. */
  clientXY(name: string): { x: number; y: number } {
    const p = this.pxy(name);
    const m = this.svg.getScreenCTM();
    if (!m) return { x: 0, y: 0 };
    const q = new DOMPoint(p.x, p.y).matrixTransform(m);
    return { x: q.x, y: q.y };
  }
}
