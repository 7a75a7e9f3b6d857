// Notes drawn over the board by a page, never by the rules: the engine's suggested decisions
// (an arrow for a ring move, a mark for a placement or a ring to remove, a bar over a row to
// remove) and threatened rows. The board draws them (view.ts, drawNotes); this file turns
// notes into SVG (decisions become notes in engine/decisions.ts, decisionNote(s)).
import { UNIT, type XY } from "./geometry";

/** How a note looks: the engine's best decision, another good one, a hint, a threat. */
export type Tone = "best" | "alt" | "hint" | "threat";

export type Note =
  | { kind: "arrow"; from: string; to: string; tone: Tone }
  | { kind: "spot"; at: string; tone: Tone }
  | { kind: "remove"; at: string; tone: Tone }
  | { kind: "row"; from: string; to: string; tone: Tone };

const NS = "http://www.w3.org/2000/svg";

function svg(tag: string, attrs: Record<string, string | number>, parent: Element): SVGElement {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  parent.appendChild(e);
  return e;
}

/** An arrow from a to b, stopping short of both points, with its head drawn as a triangle. */
function arrowPath(a: XY, b: XY, width: number): string {
  const len = Math.hypot(b.x - a.x, b.y - a.y) || 1;
  const ux = (b.x - a.x) / len;
  const uy = (b.y - a.y) / len;
  const start = { x: a.x + ux * 0.3 * UNIT, y: a.y + uy * 0.3 * UNIT };
  const tip = { x: b.x - ux * 0.2 * UNIT, y: b.y - uy * 0.2 * UNIT };
  const head = 2.6 * width;
  const base = { x: tip.x - ux * head, y: tip.y - uy * head };
  const f = (p: XY) => `${p.x.toFixed(1)} ${p.y.toFixed(1)}`;
  const side = (p: XY, k: number) => ({ x: p.x - uy * k, y: p.y + ux * k });
  return [
    `M${f(side(start, width / 2))}`,
    `L${f(side(base, width / 2))}`,
    `L${f(side(base, head * 0.7))}`,
    `L${f(tip)}`,
    `L${f(side(base, -head * 0.7))}`,
    `L${f(side(base, -width / 2))}`,
    `L${f(side(start, -width / 2))}Z`,
  ].join("");
}

/** Draws `notes` into `g` (emptied first); `pxy` gives a point's drawing coordinates. */
export function drawNotes(g: Element, notes: readonly Note[], pxy: (point: string) => XY): void {
  g.replaceChildren();
  // The best last, so that it is drawn on top of the others.
  const order = [...notes].sort((a, b) => Number(a.tone === "best") - Number(b.tone === "best"));
  for (const n of order) {
    const cls = `yb-note yb-note-${n.tone}`;
    switch (n.kind) {
      case "arrow": {
        const width = n.tone === "best" || n.tone === "hint" ? 0.16 * UNIT : 0.1 * UNIT;
        const d = arrowPath(pxy(n.from), pxy(n.to), width);
        svg("path", { d, class: `${cls} yb-note-arrow`, "data-note": `${n.from}-${n.to}` }, g);
        break;
      }
      case "spot":
      case "remove": {
        const p = pxy(n.at);
        svg("circle", { cx: p.x, cy: p.y, r: 0.44 * UNIT, class: `${cls} yb-note-${n.kind}`, "data-note": n.at }, g);
        break;
      }
      case "row": {
        const a = pxy(n.from);
        const b = pxy(n.to);
        const attrs = {
          x1: a.x,
          y1: a.y,
          x2: b.x,
          y2: b.y,
          class: `${cls} yb-note-row`,
          "data-note": `${n.from}-${n.to}`,
        };
        svg("line", attrs, g);
        break;
      }
    }
  }
}
